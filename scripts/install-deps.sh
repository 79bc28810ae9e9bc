#!/usr/bin/env bash
# install-deps.sh [--tests] [--fuzz] - installs the Debian packages dominolab needs to build
# and run, only those that are missing; --tests adds the browser the tests drive (what
# build-and-test.sh asks for), --fuzz what scripts/fuzz.sh needs. Idempotent:
# when everything is present it changes nothing, does not touch the network, and prints
# one line saying so.
set -euo pipefail

usage() { echo "usage: $0 [--tests] [--fuzz]" >&2; }

fuzz=0
tests=0
for arg in "$@"; do
    case "$arg" in
        --fuzz) fuzz=1 ;;
        --tests) tests=1 ;;
        -h | --help) usage; exit 0 ;;
        *) echo "install-deps: unknown argument: $arg" >&2; usage; exit 2 ;;
    esac
done

# libinih-dev: experiment, preset and level files (INI). gnuplot-nox: the plots of the
# analysis reports (optional at run time: without it the reports say how to get plots).
# openmpi-bin and libopenmpi-dev: the MPI build (build-mpi/, -DDOMINOLAB_MPI=ON) and its test.
# strace: test_run_state watches a run's system calls (deals.csv synced before run.json).
# python3: the reference bots of examples/bots/ (docs/protocol.md) and test_external;
# python3-pytest: the Python module's tests (python/tests, test_python); python3-numpy: the
# module's tensors and vector environment (docs/python.md); python3-pip, python3-venv: its
# offline install (pip install --no-build-isolation --no-index ./python); python3-torch:
# training networks (python/train.py) and the test that the C forward pass is PyTorch's,
# for Debian's own /usr/bin/python3.
packages=(build-essential cmake pkg-config check libjansson-dev libinih-dev gnuplot-nox openmpi-bin libopenmpi-dev
          strace python3 python3-pytest python3-numpy python3-pip python3-venv python3-torch)
# --tests: chromium and chromium-driver, for the browser tests of the game viewer and the
# study reports (test_browser opens the pages headless through ChromeDriver; docs/viewer.md).
# Only the tests need a browser: the pages dominolab writes need none to be made.
if [[ $tests -eq 1 ]]; then
    packages+=(chromium chromium-driver)
fi
# --fuzz: clang and its libFuzzer/sanitizer runtimes (libclang-rt-14-dev), the OpenMP
# runtime clang links the simulator with (libomp-14-dev), and llvm-symbolizer (llvm-14)
# for readable stacks in crash reports. Versions are Debian 12's.
if [[ $fuzz -eq 1 ]]; then
    packages+=(clang libclang-rt-14-dev libomp-14-dev llvm-14)
fi

is_installed() {
    local status
    status=$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null) || return 1
    [[ "$status" == "install ok installed" ]]
}

if ! command -v dpkg-query >/dev/null 2>&1; then
    echo "install-deps: dpkg-query not found; this script supports Debian/Ubuntu only." >&2
    echo "install-deps: install by hand: ${packages[*]}" >&2
    exit 1
fi

missing=()
for package in "${packages[@]}"; do
    is_installed "$package" || missing+=("$package")
done

if [[ ${#missing[@]} -eq 0 ]]; then
    echo "install-deps: all ${#packages[@]} packages already installed (${packages[*]})"
    exit 0
fi

if [[ $EUID -eq 0 ]]; then
    as_root=""
elif command -v sudo >/dev/null 2>&1; then
    as_root=sudo
else
    echo "install-deps: missing packages: ${missing[*]}" >&2
    echo "install-deps: not running as root and sudo is not available; install them as root:" >&2
    echo "  apt-get update && apt-get install -y --no-install-recommends ${missing[*]}" >&2
    exit 1
fi

# env passes the variable through sudo, which would otherwise drop it.
run_as_root() {
    if [[ -n "$as_root" ]]; then "$as_root" env DEBIAN_FRONTEND=noninteractive "$@"
    else env DEBIAN_FRONTEND=noninteractive "$@"; fi
}

run_as_root apt-get update -qq
run_as_root apt-get install -y --no-install-recommends "${missing[@]}"
echo "install-deps: installed ${missing[*]}"
