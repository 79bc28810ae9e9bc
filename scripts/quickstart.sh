#!/usr/bin/env bash
# quickstart.sh - from a fresh checkout to a first study: installs missing dependencies,
# builds Release in build/, then runs the main job: greedy against random in 2-player
# Bergen over 200,000 duplicate deals on every core, and prints summary.csv. It also plays
# one recorded match and checks the record with replay.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

./scripts/install-deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release
cmake --build build -j"$(nproc)"

out=build/quickstart-run
rm -rf "$out"
./build/dominolab sim --game bergen --players 2 --agents greedy,random --deals 200000 --seed 1 --out "$out"
echo
echo "== $out/summary.csv (columns: docs/sim.md) =="
cat "$out/summary.csv"
echo
./build/dominolab play --game bergen --players 3 --agents greedy,random,greedy --seed 7 --quiet \
    --record build/example.jsonl
./build/dominolab replay build/example.jsonl
