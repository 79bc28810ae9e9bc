#!/bin/sh
# compare-builds.sh - times one `dominolab bench` measure with two builds, each run from a
# fresh copy of its binary, and prints the ratio of the medians.
#
# Why copies: on this project's machine one and the same binary ran pimc up to a fifth
# slower from one file than from another, depending only on where the file's pages lay in
# memory (docs/performance.md, "Timing one build against another"). A ratio between two
# single files can show that instead of the code. Each run here starts from a new copy,
# and the two builds take turns at going first.
#
# Why the fastest runs too: the machine also runs in slow and fast phases about 1.4x apart
# (docs/performance.md, eleventh part), and when one build's runs fall mostly in the slow
# phase, the medians show that. The ratio of each build's fastest run is printed beside.
#
# usage: scripts/compare-builds.sh [--runs N] BASE NEW -- BENCH_ARGUMENTS...
#   BASE, NEW          two dominolab binaries (e.g. a worktree's build/dominolab and yours)
#   --runs N           runs of each build (default 7; the medians of N runs are compared)
#   BENCH_ARGUMENTS    one measure of `dominolab bench`: --decisions with one agent
#                      (--agents A, and --game, --players... as bench takes them), or
#                      --workload NAME [--deals N]
# Prints each build's runs (decisions/s or deals/s), their medians, NEW/BASE, the same for
# each build's fastest run, and whether the two builds gave the same signature, as the
# same decisions or outcomes must.
# Exit status: 0 when measured with the same signatures, 1 when the signatures differ,
# 2 for bad arguments or a bench that failed.
set -eu

usage() {
    sed -n '/^# usage:/,/^# 2 for bad/p' "$0" | sed 's/^# \{0,1\}//'
}

fail() {
    echo "compare-builds.sh: $*" >&2
    exit 2
}

runs=7
while [ $# -gt 0 ]; do
    case $1 in
    -h | --help) usage; exit 0 ;;
    --runs)
        [ $# -ge 2 ] || fail "--runs needs a number"
        runs=$2
        shift 2
        ;;
    --runs=*) runs=${1#--runs=}; shift ;;
    --) fail "BASE and NEW come before --" ;;
    -*) fail "unknown option $1 (see --help)" ;;
    *) break ;;
    esac
done
case $runs in '' | *[!0-9]*) fail "--runs: '$runs' is not a positive whole number" ;; esac
[ "$runs" -ge 1 ] || fail "--runs: '$runs' is not a positive whole number"
[ $# -ge 3 ] || fail "expected BASE NEW -- BENCH_ARGUMENTS (see --help)"
base=$1
new=$2
[ "$3" = "--" ] || fail "expected -- after BASE and NEW, found '$3'"
shift 3
[ $# -ge 1 ] || fail "no bench arguments after -- (for instance --decisions --agents pimc)"
for binary in "$base" "$new"; do
    [ -f "$binary" ] || fail "$binary: no such file"
    [ -x "$binary" ] || fail "$binary: not executable"
done

scratch=$(mktemp -d "${TMPDIR:-/tmp}/compare-builds.XXXXXX")
trap 'rm -rf "$scratch"' EXIT INT TERM

# measure BINARY LABEL ARGS...: one run from a fresh copy; prints "rate signature name".
measure() {
    binary=$1
    copy=$scratch/$2
    shift 2
    cp "$binary" "$copy"
    if ! output=$("$copy" bench "$@" 2>"$scratch/error"); then
        fail "$binary bench $*: $(cat "$scratch/error")"
    fi
    rm -f "$copy"
    # the measure's rows end with a 16-digit signature: decisions (5 fields, the rate 4th)
    # or a workload (8 fields, the rate 6th)
    rows=$(printf '%s\n' "$output" | awk '$NF ~ /^[0-9a-f]+$/ && length($NF) == 16')
    count=$(printf '%s\n' "$rows" | grep -c . || true)
    [ "$count" -eq 1 ] || fail "bench $* printed $count measures; name one agent (--agents A) or one workload"
    printf '%s\n' "$rows" | awk '{ print (NF == 5 ? $4 : $6), $NF, $1 }'
}

largest() {
    printf '%s\n' "$@" | sort -n | tail -n 1
}

median() {
    printf '%s\n' "$@" | sort -n | awk '{ v[NR] = $1 } END { printf "%.10g\n", (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'
}

base_rates=""
new_rates=""
base_signature=""
new_signature=""
name=""
run=1
while [ "$run" -le "$runs" ]; do
    if [ $((run % 2)) -eq 1 ]; then
        b=$(measure "$base" base "$@")
        n=$(measure "$new" new "$@")
    else
        n=$(measure "$new" new "$@")
        b=$(measure "$base" base "$@")
    fi
    base_rates="$base_rates ${b%% *}"
    new_rates="$new_rates ${n%% *}"
    # every run of a build must give its first run's signature
    b_signature=$(echo "$b" | awk '{ print $2 }')
    n_signature=$(echo "$n" | awk '{ print $2 }')
    base_signature=${base_signature:-$b_signature}
    new_signature=${new_signature:-$n_signature}
    [ "$b_signature" = "$base_signature" ] || fail "base gave signature $b_signature in run $run, $base_signature before"
    [ "$n_signature" = "$new_signature" ] || fail "new gave signature $n_signature in run $run, $new_signature before"
    name=$(echo "$b" | awk '{ print $3 }')
    echo "run $run of $runs: base ${b%% *}, new ${n%% *}" >&2
    run=$((run + 1))
done

# shellcheck disable=SC2086 # the rates are words
base_median=$(median $base_rates)
# shellcheck disable=SC2086
new_median=$(median $new_rates)
echo "measure: $name (bench $*)"
echo "base:$base_rates  median $base_median"
echo "new: $new_rates  median $new_median"
echo "ratio new/base: $(awk -v n="$new_median" -v b="$base_median" 'BEGIN { printf "%.3f", n / b }')"
# shellcheck disable=SC2086
base_fastest=$(largest $base_rates)
# shellcheck disable=SC2086
new_fastest=$(largest $new_rates)
echo "fastest runs: base $base_fastest, new $new_fastest, new/base $(awk -v n="$new_fastest" -v b="$base_fastest" 'BEGIN { printf "%.3f", n / b }')"
if [ "$base_signature" = "$new_signature" ]; then
    echo "signatures: the same ($base_signature)"
else
    echo "signatures: DIFFERENT (base $base_signature, new $new_signature)"
    exit 1
fi
