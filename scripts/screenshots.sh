#!/usr/bin/env bash
# screenshots.sh [BUILD_DIR] - makes the pictures of docs/images/ again: a match of each game
# recorded with a fixed seed, written as a page by `dominolab view`, and shot in headless
# Chromium (tests/browser/drive.py) at a position in the middle of a hand, at a desktop's size
# and a phone's; then every kind of study's report.html, at both sizes.
# BUILD_DIR defaults to build/. Needs chromium and chromium-driver (scripts/install-deps.sh).
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
root=$(pwd)
build=${1:-build}
[[ -x "$build/dominolab" ]] || { echo "screenshots: $build/dominolab not found: build first" >&2; exit 1; }
dominolab="$(cd "$build" && pwd)/dominolab"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" # the pages name their record as given: a plain file name, not a scratch path

# name, game, players, agents, seed, position, extra view arguments. Each game at a desktop's
# size (viewer-NAME.png) and a phone's (viewer-NAME-phone.png), annotated by pimc where the
# analysis board is shown.
shots=(
    "bergen|bergen|2|heuristic,greedy|3|hand=2&ply=14|--annotate pimc"
    "double_bergen|double_bergen|3|heuristic,greedy,random|5|hand=1&ply=16|"
    "partnership|partnership|4|heuristic,greedy,heuristic,greedy|7|hand=2&ply=12|--annotate pimc --seats 1,3"
    "bingo|bingo|2|heuristic,greedy|9|hand=1&ply=11|--annotate pimc"
    "long_line|partnership|4|random,random,random,random|11|hand=1&ply=27|"
)
for shot in "${shots[@]}"; do
    IFS='|' read -r name game players agents seed position extra <<< "$shot"
    "$dominolab" play --game "$game" --players "$players" --agents "$agents" --seed "$seed" \
        --record "$name.jsonl" --quiet > /dev/null
    # shellcheck disable=SC2086 # extra holds several words on purpose
    "$dominolab" view "$name.jsonl" -o "$name.html" $extra > /dev/null
    python3 "$root/tests/browser/drive.py" shot "$name.html#$position" "$root/docs/images/viewer-$name.png" > /dev/null
    python3 "$root/tests/browser/drive.py" shot "$name.html#$position" "$root/docs/images/viewer-$name-phone.png" \
        400x800 > /dev/null
    echo "screenshots: docs/images/viewer-$name.png and -phone.png ($game at #$position)"
done
# The analysis board below the table: the graph of each move's cost and the seats' summary.
python3 "$root/tests/browser/drive.py" shot "partnership.html#hand=2&ply=12" "$root/docs/images/viewer-analysis.png" \
    1280x1500 > /dev/null
echo "screenshots: docs/images/viewer-analysis.png (partnership, the whole page)"
"$dominolab" tournament --players 2 --agents random,greedy,heuristic --deals 2000 --seed 1 --threads 1 --quiet \
    --no-plots --out tournament > /dev/null
python3 "$root/tests/browser/drive.py" shot tournament/report.html "$root/docs/images/report-tournament.png" > /dev/null
echo "screenshots: docs/images/report-tournament.png (a tournament's report.html)"

# Every kind of report.html at a desktop's size and a phone's (400 px wide), for
# docs/analysis.md.
"$dominolab" sprt --players 2 --agents heuristic,greedy --seed 3 --threads 1 --quiet --no-plots --out sprt > /dev/null
"$dominolab" balance --players 3 --agent heuristic:noise=0.1 --deals 2000 --matches 200 \
    --compare block_method=simple,american --seed 1 --threads 1 --quiet --no-plots --out balance > /dev/null
"$dominolab" calibrate --players 2 --levels 3 --deals 200 --candidate greedy:noise=1 --candidate greedy:noise=0.5 \
    --candidate heuristic --seed 1 --threads 1 --quiet --no-plots --out calibrate > /dev/null
for kind in tournament sprt balance calibrate; do
    python3 "$root/tests/browser/drive.py" shot "$kind/report.html" "$root/docs/images/report-$kind-desktop.png" \
        1280x860 > /dev/null
    python3 "$root/tests/browser/drive.py" shot "$kind/report.html" "$root/docs/images/report-$kind-phone.png" \
        400x800 > /dev/null
    echo "screenshots: docs/images/report-$kind-desktop.png and -phone.png ($kind's report.html)"
done
