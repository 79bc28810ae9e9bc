#!/usr/bin/env bash
# quickstart.sh - from a fresh checkout to one recorded game: installs missing
# dependencies, builds Release in build/, plays a three-player Bergen game with a fixed
# seed, records it to build/example.jsonl and replays the record.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

./scripts/install-deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release
cmake --build build -j"$(nproc)"

./build/dominolab play --game bergen --players 3 --agents greedy,random,greedy --seed 7 \
    --record build/example.jsonl
./build/dominolab replay build/example.jsonl
