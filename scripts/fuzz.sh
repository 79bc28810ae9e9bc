#!/usr/bin/env bash
# fuzz.sh [SECONDS [HARNESS...]] - fuzzes the file readers with libFuzzer (tests/fuzz/).
# fuzz.sh --build-only - builds the harnesses with the clang already installed, and stops
# (build-and-test.sh does this whenever clang is here, so the harnesses keep compiling).
#
# Installs clang if missing (install-deps.sh --fuzz), builds the harnesses in build-fuzz/
# with the whole project instrumented for coverage, ASan and UBSan, then runs each harness
# (default: all of them, one after the other) for SECONDS (default 60) from its seed corpus
# tests/fuzz/corpus/HARNESS/. A run goes on after a crash, so one bug does not hide the
# next. Every input that crashed, hung or leaked is minimised and copied to
# tests/fuzz/crashes/HARNESS/KIND-HASH, where test_fuzz_regressions runs it from then on.
#
# What the fuzzers learn (their growing corpus, logs, raw artifacts) stays in
# build-fuzz/fuzz-runs/HARNESS/; the seed corpus in the tree is never written.
# Exit status: 0 nothing found, 1 new inputs were kept (listed at the end), 2 bad usage.
set -euo pipefail

all_harnesses=(fuzz_record fuzz_ini fuzz_csv fuzz_run_json fuzz_protocol fuzz_library)

usage() { echo "usage: $0 [SECONDS [HARNESS...]] | --build-only   (harnesses: ${all_harnesses[*]})" >&2; }

build_only=0
if [[ ${1:-} == --build-only ]]; then
    build_only=1
    shift
fi
seconds=${1:-60}
# libFuzzer reads -max_total_time=0 as "no limit".
if [[ ! $seconds =~ ^[1-9][0-9]*$ ]]; then
    usage
    exit 2
fi
shift $(($# > 0 ? 1 : 0))
harnesses=("$@")
[[ ${#harnesses[@]} -gt 0 ]] || harnesses=("${all_harnesses[@]}")
for harness in "${harnesses[@]}"; do
    if [[ ! " ${all_harnesses[*]} " == *" $harness "* ]]; then
        echo "fuzz: unknown harness: $harness" >&2
        usage
        exit 2
    fi
done

cd "$(dirname "${BASH_SOURCE[0]}")/.."
root=$PWD

[[ $build_only -eq 1 ]] || ./scripts/install-deps.sh --fuzz

# The libraries get the coverage instrumentation (fuzzer-no-link) that guides the fuzzer;
# no-recover makes every UBSan report stop the process, so libFuzzer counts it as a crash.
sanitizers="-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"
cmake -S . -B build-fuzz -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DDOMINOLAB_FUZZ=ON -DCMAKE_C_FLAGS="$sanitizers" >/dev/null
if ! grep -q '^DOMINOLAB_LIBFUZZER_LINKS:INTERNAL=1' build-fuzz/CMakeCache.txt; then
    echo "fuzz: clang cannot link libFuzzer here (scripts/install-deps.sh --fuzz installs its runtime)" >&2
    [[ $build_only -eq 1 ]] && exit 0
    exit 1
fi
cmake --build build-fuzz -j"$(nproc)" --target fuzzers
if [[ $build_only -eq 1 ]]; then
    echo "fuzz: the harnesses are built in build-fuzz/tests/fuzz/"
    exit 0
fi

export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1

# Scratch files (libFuzzer's fork-mode directory, fuzz_run_json's run directories) go to
# memory when it can: on disk, creating a directory per input makes fuzz_run_json a tenth
# as fast.
scratch=$(mktemp -d /dev/shm/dominolab-fuzz.XXXXXX 2>/dev/null || mktemp -d "$root/build-fuzz/scratch.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
export TMPDIR=$scratch

# The first line that says what went wrong with `input`, rerun alone.
describe() {
    local binary=$1 input=$2 output
    output=$("$binary" -runs=1 -timeout=10 "$input" 2>&1) || true
    grep -m1 -E 'SUMMARY:|ERROR: libFuzzer|broken promise|runtime error' <<<"$output" || echo "(does not reproduce alone)"
}

found=()
for harness in "${harnesses[@]}"; do
    binary=$root/build-fuzz/tests/fuzz/$harness
    run_dir=$root/build-fuzz/fuzz-runs/$harness
    kept_dir=$root/tests/fuzz/crashes/$harness
    mkdir -p "$run_dir/corpus" "$run_dir/artifacts" "$kept_dir"
    rm -f "$run_dir"/artifacts/*
    echo "fuzz: $harness for ${seconds}s (log: build-fuzz/fuzz-runs/$harness/log)"
    # -fork=1 with the ignore_* flags runs the inputs in a child and keeps going after a
    # crash, hang or leak.
    status=0
    "$binary" -fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 \
        -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
        -artifact_prefix="$run_dir/artifacts/" "$run_dir/corpus" "$root/tests/fuzz/corpus/$harness" \
        >"$run_dir/log" 2>&1 || status=$?
    grep -E '^#[0-9]+' "$run_dir/log" | tail -n 1 | sed "s/^/fuzz: $harness: /" || true
    [[ $status -eq 0 ]] || echo "fuzz: $harness: libFuzzer exited with status $status"

    # A run that keeps going finds one bug many times: keep one input per distinct report.
    declare -A reported=()
    for artifact in "$run_dir"/artifacts/*; do
        [[ -f $artifact ]] || continue
        name=$(basename "$artifact")
        kind=${name%%-*} # crash, timeout, leak, oom, slow-unit
        [[ $kind == slow ]] && continue
        report=$(describe "$binary" "$artifact")
        [[ -n ${reported[$report]:-} ]] && continue
        reported[$report]=1
        minimised=$run_dir/minimised-$name
        rm -f "$minimised"
        # -max_total_time bounds each step of the minimiser, not all of them: timeout does.
        timeout 120 "$binary" -minimize_crash=1 -max_total_time=20 -timeout=10 -exact_artifact_path="$minimised" \
            "$artifact" >"$run_dir/minimise-$name.log" 2>&1 || true
        [[ -s $minimised ]] || cp "$artifact" "$minimised"
        hash=$(sha1sum "$minimised" | cut -c1-8)
        duplicate=0
        for existing in "$kept_dir"/*; do
            [[ -f $existing ]] && cmp -s "$existing" "$minimised" && duplicate=1
        done
        [[ $duplicate -eq 1 ]] && continue
        cp "$minimised" "$kept_dir/$kind-$hash"
        # Minimising keeps any crash, which may be another bug than the one it started from.
        found+=("tests/fuzz/crashes/$harness/$kind-$hash: $(describe "$binary" "$kept_dir/$kind-$hash")")
    done
    unset reported
done

if [[ ${#found[@]} -eq 0 ]]; then
    echo "fuzz: nothing found in ${seconds}s per harness (${harnesses[*]})"
    exit 0
fi
echo "fuzz: ${#found[@]} new input(s) kept; test_fuzz_regressions runs them from now on:"
printf '  %s\n' "${found[@]}"
echo "fuzz: reproduce one with build-fuzz/tests/fuzz/HARNESS FILE; see tests/fuzz/README.md"
exit 1
