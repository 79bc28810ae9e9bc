#!/usr/bin/env bash
# screenshots.sh [BUILD_DIR] - makes the pictures of the viewer in docs/images/ again: a match
# of each game recorded with a fixed seed, written as a page by `dominolab view`, and shot in
# headless Chromium (tests/browser/drive.py) at a position in the middle of a hand.
# BUILD_DIR defaults to build/. Needs chromium and chromium-driver (scripts/install-deps.sh).
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
build=${1:-build}
dominolab="$build/dominolab"
[[ -x "$dominolab" ]] || { echo "screenshots: $dominolab not found: build first" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# name, game, players, agents, seed, position, extra view arguments
shots=(
    "bergen|bergen|2|heuristic,greedy|3|hand=2&ply=14|"
    "double_bergen|double_bergen|3|heuristic,greedy,random|5|hand=1&ply=16|"
    "partnership|partnership|4|heuristic,greedy,heuristic,greedy|7|hand=2&ply=12|--annotate heuristic --seats 1,3"
    "bingo|bingo|2|heuristic,greedy|9|hand=1&ply=11|"
)
for shot in "${shots[@]}"; do
    IFS='|' read -r name game players agents seed position extra <<< "$shot"
    "$dominolab" play --game "$game" --players "$players" --agents "$agents" --seed "$seed" \
        --record "$work/$name.jsonl" --quiet > /dev/null
    # shellcheck disable=SC2086 # extra holds several words on purpose
    "$dominolab" view "$work/$name.jsonl" -o "$work/$name.html" $extra > /dev/null
    python3 tests/browser/drive.py shot "$work/$name.html#$position" "docs/images/viewer-$name.png" > /dev/null
    echo "screenshots: docs/images/viewer-$name.png ($game at #$position)"
done
