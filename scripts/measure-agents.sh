#!/bin/sh
# measure-agents.sh - the agent ladder of issue 4: every pair of agents plays in duplicate
# (each deal once per rotation of the agents over the seats, so the luck of the deal
# cancels), as independent deals and as whole matches, in 2- and 4-player Bergen and in
# Double Bergen; plus oracle against pimc, and each difficulty level against the one below it
# (2-player Bergen, deals). Writes one `dominolab sim` run per pair and game under OUT, and
# OUT/ladder.md: each pair's win rate of deals and of matches with 95% intervals.
#
# usage: scripts/measure-agents.sh [OUT] (default: measurements/agents)
#   environment: FAST_DEALS (100000), SEARCH_DEALS (20000), FAST_MATCHES (20000),
#   SEARCH_MATCHES (2000), LEVEL_DEALS (4000), THREADS (every core), DOMINOLAB (build/dominolab),
#   GAMES (all three: bergen2 bergen4 double_bergen), SEED (1)
# A pair "involves search" when pimc, ismcts or oracle plays. Existing runs are kept, so
# an interrupted measurement continues where it stopped.
set -eu
out=${1:-measurements/agents}
dominolab=${DOMINOLAB:-build/dominolab}
fast_deals=${FAST_DEALS:-100000}
search_deals=${SEARCH_DEALS:-20000}
fast_matches=${FAST_MATCHES:-20000}
search_matches=${SEARCH_MATCHES:-2000}
level_deals=${LEVEL_DEALS:-4000}
threads=${THREADS:-$(nproc)}
games=${GAMES:-"bergen2 bergen4 double_bergen"}
seed=${SEED:-1}
agents="random greedy heuristic pimc ismcts"
mkdir -p "$out"

game_args() {
    case $1 in
    bergen2) echo "--game bergen --players 2" ;;
    bergen4) echo "--game bergen --players 4" ;;
    double_bergen) echo "--game double_bergen --players 2" ;;
    *) echo "measure-agents.sh: unknown game $1" >&2; exit 2 ;;
    esac
}

is_search() { case "$1 $2" in *pimc* | *ismcts* | *oracle*) return 0 ;; *) return 1 ;; esac; }

# run GAME A B UNIT(deals|matches)
run() {
    dir="$out/$1/$2-vs-$3-$4"
    [ -f "$dir/summary.csv" ] && return 0
    if is_search "$2" "$3"; then
        count=$([ "$4" = deals ] && echo "$search_deals" || echo "$search_matches")
    else
        count=$([ "$4" = deals ] && echo "$fast_deals" || echo "$fast_matches")
    fi
    rm -rf "$dir"
    mkdir -p "$out/$1"
    echo "== $1: $2 vs $3, $count $4" >&2
    # shellcheck disable=SC2046
    "$dominolab" sim $(game_args "$1") --agents "$2,$3" --"$4" "$count" --seed "$seed" --threads "$threads" \
        --out "$dir" --quiet
}

# run_level K: level:K+1 against level:K, 2-player Bergen, deals.
run_level() {
    dir="$out/levels/level$(($1 + 1))-vs-level$1"
    [ -f "$dir/summary.csv" ] && return 0
    rm -rf "$dir"
    mkdir -p "$out/levels"
    echo "== levels: level:$(($1 + 1)) vs level:$1, $level_deals deals" >&2
    "$dominolab" sim --game bergen --players 2 --agents "level:$(($1 + 1)),level:$1" --deals "$level_deals" \
        --seed "$seed" --threads "$threads" --out "$dir" --quiet
}

# row GAME A B: one table line from the two runs' summary.csv: each agent's win rate (a
# draw counts half) with its Wilson interval, and A's paired score over deal blocks.
row() {
    line="| $1 | $2 vs $3 |"
    for unit in deals matches; do
        file="$out/$1/$2-vs-$3-$unit/summary.csv"
        line="$line $(awk -F, -v a="$2" -v b="$3" 'NR > 1 && $1 == "agent" {
            rate[$2] = sprintf("%.1f%% [%.1f, %.1f]", 100 * $8, 100 * $9, 100 * $10); games[$2] = $4
            if ($2 == a) paired = sprintf("%.1f%% [%.1f, %.1f]", 100 * $18, 100 * $19, 100 * $20) }
            END { printf "%d | %s | %s | %s |", games[a], rate[a], rate[b], paired }' "$file")"
    done
    echo "$line"
}

for game in $games; do
    set -- $agents
    for a in $agents; do
        shift
        for b in "$@"; do
            for unit in deals matches; do run "$game" "$b" "$a" "$unit"; done
        done
    done
    for unit in deals matches; do run "$game" oracle pimc "$unit"; done
done
for level in 1 2 3 4 5 6 7 8 9; do run_level "$level"; done

{
    echo "# Agent ladder"
    echo
    echo "Each pair A vs B plays in duplicate (each deal once per rotation of the agents over the"
    echo "seats; with 4 seats A and B alternate, A,B,A,B). 'A' and 'B' are each agent's share of the"
    echo "games its seats played that it won (a draw counts half), with Wilson 95% intervals: a fair"
    echo "share is 50% with 2 seats, 25% with 4. 'paired' is A's mean score over deal blocks with"
    echo "the interval from the between-block variance, the honest one for duplicate play. Seed $seed."
    echo
    echo "| game | pair | deal games | deals: A | deals: B | deals: A paired | match games | matches: A | matches: B | matches: A paired |"
    echo "|---|---|---|---|---|---|---|---|---|---|"
    for game in $games; do
        set -- $agents
        for a in $agents; do
            shift
            for b in "$@"; do row "$game" "$b" "$a"; done
        done
        row "$game" oracle pimc
    done
    echo
    echo "Difficulty levels, 2-player Bergen, $level_deals duplicate deals each: the higher level's"
    echo "share (paired score over deal blocks, 95% interval)."
    echo
    echo "| pair | paired score |"
    echo "|---|---|"
    for level in 1 2 3 4 5 6 7 8 9; do
        higher=$((level + 1))
        awk -F, -v a="level:$higher" -v b="level:$level" 'NR > 1 && $1 == "agent" && $2 == a {
            printf "| %s vs %s | %.1f%% [%.1f, %.1f] |\n", a, b, 100 * $18, 100 * $19, 100 * $20 }' \
            "$out/levels/level$higher-vs-level$level/summary.csv"
    done
} >"$out/ladder.md"
echo "wrote $out/ladder.md" >&2
