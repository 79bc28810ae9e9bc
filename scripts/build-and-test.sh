#!/usr/bin/env bash
# build-and-test.sh [--sanitize] - installs missing dependencies, configures, builds
# and runs the whole test suite. The plain build goes to build/ (the default build type,
# Release), then the MPI build (-DDOMINOLAB_MPI=ON, Release) to build-mpi/, whose tests
# include test_mpi (sim under mpirun), then the fuzz harnesses (build-fuzz/) when clang is
# installed; --sanitize instead builds RelWithDebInfo with AddressSanitizer and
# UndefinedBehaviorSanitizer in build-sanitize/, without MPI.
# Exits non-zero on any failure.
set -euo pipefail

usage() { echo "usage: $0 [--sanitize]" >&2; }

sanitize=0
for arg in "$@"; do
    case "$arg" in
        --sanitize) sanitize=1 ;;
        -h | --help) usage; exit 0 ;;
        *) echo "build-and-test: unknown argument: $arg" >&2; usage; exit 2 ;;
    esac
done

cd "$(dirname "${BASH_SOURCE[0]}")/.."

./scripts/install-deps.sh --tests

jobs=$(nproc)
if [[ $sanitize -eq 1 ]]; then
    build_dir=build-sanitize
    cmake -S . -B "$build_dir" -DDOMINOLAB_SANITIZE=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo
    # Leaks count as failures; the first error of either sanitizer stops the process
    # with a stack trace, so CTest reports it.
    export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
    export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
    # The plain run covers the full volume (100,000 hands per preset); under the
    # sanitizers a tenth of it exercises the same paths in a fraction of the time.
    export DOMINOLAB_TEST_SCALE=0.1
else
    build_dir=build
    cmake -S . -B "$build_dir"
fi

cmake --build "$build_dir" -j"$jobs"
ctest --test-dir "$build_dir" --output-on-failure -j"$jobs"

if [[ $sanitize -eq 0 ]]; then
    # The same sources with MPI; test_mpi sets the Open MPI variables it needs (root, more
    # ranks than cores, shared memory only) in its CTest environment.
    cmake -S . -B build-mpi -DDOMINOLAB_MPI=ON -DCMAKE_BUILD_TYPE=Release
    cmake --build build-mpi -j"$jobs"
    # Only the command line differs from build/: run the suites that drive it.
    ctest --test-dir build-mpi --output-on-failure -j"$jobs" -R 'test_mpi|test_sim|test_cli'
    # The fuzz harnesses (tests/fuzz/) are built whenever clang is here, so they keep
    # compiling; scripts/fuzz.sh runs them (and installs clang where it is missing).
    if command -v clang >/dev/null 2>&1; then
        ./scripts/fuzz.sh --build-only
    else
        echo "build-and-test: clang is not installed, so the fuzz harnesses are not built (scripts/fuzz.sh installs it)"
    fi
fi
