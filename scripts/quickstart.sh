#!/usr/bin/env bash
# quickstart.sh - from a fresh checkout to a first study: installs missing dependencies,
# builds Release in build/, then runs the main job: a round robin of random, greedy,
# heuristic and pimc in 2-player Bergen (4,000 duplicate deals a pair) on every core, with
# Elo ratings, intervals and plots, and its report.html. It also plays one recorded match,
# checks the record with replay and writes it as a page to watch in a browser (view).
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

./scripts/install-deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release
cmake --build build -j"$(nproc)"

out=build/quickstart-tournament
rm -rf "$out"
./build/dominolab tournament --game bergen --players 2 --agents random,greedy,heuristic,pimc \
    --deals 4000 --seed 1 --out "$out"
echo
echo "== $out: ratings.csv, pairwise.csv, plots/ (columns: docs/analysis.md); open $out/report.html =="
cat "$out/pairwise.csv"
echo
./build/dominolab play --game bergen --players 3 --agents greedy,random,greedy --seed 7 --quiet \
    --record build/example.jsonl
./build/dominolab replay build/example.jsonl
./build/dominolab view build/example.jsonl
echo "== open build/example.html in a browser to watch the match (docs/viewer.md) =="
