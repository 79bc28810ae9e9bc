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
# Why the fastest runs too: the machine also runs in slow and fast phases about 1.4x
# apart (docs/performance-history.md, eleventh part), and when one build's runs fall
# mostly in the slow phase, the medians show that. The ratio of each build's fastest run
# is printed beside.
#
# Why --together: with it the two builds run at the same time, each pinned to one of the
# first two CPUs it may use, so both meet the same phase of the host. The two CPUs may themselves run
# at different speeds (a fifth apart at times on that machine), so the builds swap CPUs
# from one run to the next, and each pair of runs gives the geometric mean of its two
# ratios, in which the CPUs' speeds cancel; the median over the pairs is printed. Two runs
# of one binary side by side gave pairs within 3% of 1 where runs one after the other
# differed by up to a third (docs/performance-history.md, eighteenth part). A
# single-threaded measure only, and an even number of runs.
#
# usage: scripts/compare-builds.sh [--runs N] [--together] BASE NEW -- BENCH_ARGUMENTS...
#   BASE, NEW          two dominolab binaries (e.g. a worktree's build/dominolab and yours)
#   --runs N           runs of each build (default 7; the medians of N runs are compared)
#   --together         run the two builds side by side, one per CPU (taskset), and also
#                      print the median over pairs of runs of their ratios (N even)
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
together=false
while [ $# -gt 0 ]; do
    case $1 in
    -h | --help) usage; exit 0 ;;
    --runs)
        [ $# -ge 2 ] || fail "--runs needs a number"
        runs=$2
        shift 2
        ;;
    --runs=*) runs=${1#--runs=}; shift ;;
    --together) together=true; shift ;;
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
if $together; then
    [ $((runs % 2)) -eq 0 ] || fail "--together: --runs must be even (the builds swap CPUs in each pair of runs)"
    command -v taskset >/dev/null 2>&1 || fail "--together needs taskset (Debian package util-linux)"
    # the first two CPUs this process may run on ("0-1", "2,5", "0-3,8"...)
    cpus=$(awk '/^Cpus_allowed_list/ { print $2 }' /proc/self/status 2>/dev/null |
        awk -F, '{ for (i = 1; i <= NF; i++) { n = split($i, r, "-"); for (c = r[1]; c <= (n > 1 ? r[2] : r[1]); c++) print c } }' |
        head -n 2)
    first_cpu=$(echo "$cpus" | sed -n 1p)
    second_cpu=$(echo "$cpus" | sed -n 2p)
    [ -n "$second_cpu" ] || fail "--together needs two CPUs to pin the builds to (found: ${first_cpu:-none})"
fi

scratch=$(mktemp -d "${TMPDIR:-/tmp}/compare-builds.XXXXXX")
trap 'rm -rf "$scratch"' EXIT INT TERM

# measure BINARY LABEL CPU ARGS...: one run from a fresh copy, pinned to CPU unless it is
# "any"; prints "rate signature name".
measure() {
    binary=$1
    label=$2
    copy=$scratch/$label
    cpu=$3
    shift 3
    arguments="$*"
    cp "$binary" "$copy"
    if [ "$cpu" = any ]; then
        set -- "$copy" bench "$@"
    else
        set -- taskset -c "$cpu" "$copy" bench "$@"
    fi
    if ! output=$("$@" 2>"$scratch/error.$label"); then
        fail "$binary bench $arguments: $(cat "$scratch/error.$label")"
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
ratios=""
while [ "$run" -le "$runs" ]; do
    if $together; then
        # both at once, base on the second CPU in odd runs and on the first in even ones
        if [ $((run % 2)) -eq 1 ]; then base_cpu=$second_cpu new_cpu=$first_cpu; else base_cpu=$first_cpu new_cpu=$second_cpu; fi
        measure "$base" base "$base_cpu" "$@" >"$scratch/base.out" &
        base_job=$!
        measure "$new" new "$new_cpu" "$@" >"$scratch/new.out" &
        new_job=$!
        wait "$base_job" || exit 2
        wait "$new_job" || exit 2
        b=$(cat "$scratch/base.out")
        n=$(cat "$scratch/new.out")
        ratio=$(awk -v n="${n%% *}" -v b="${b%% *}" 'BEGIN { printf "%.6f", n / b }')
        if [ $((run % 2)) -eq 0 ]; then # the pair's geometric mean: the CPUs' speeds cancel
            ratios="$ratios $(awk -v a="$first_ratio" -v c="$ratio" 'BEGIN { printf "%.4f", sqrt(a * c) }')"
        fi
        first_ratio=$ratio
    elif [ $((run % 2)) -eq 1 ]; then
        b=$(measure "$base" base any "$@")
        n=$(measure "$new" new any "$@")
    else
        n=$(measure "$new" new any "$@")
        b=$(measure "$base" base any "$@")
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
if $together; then
    # shellcheck disable=SC2086
    echo "side by side, each pair of runs' new/base:$ratios  median $(median $ratios)"
fi
if [ "$base_signature" = "$new_signature" ]; then
    echo "signatures: the same ($base_signature)"
else
    echo "signatures: DIFFERENT (base $base_signature, new $new_signature)"
    exit 1
fi
