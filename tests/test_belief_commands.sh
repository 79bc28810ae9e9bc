#!/bin/sh
# test_belief_commands.sh DOMINOLAB MODEL - `dominolab fit` and `dominolab belief` through
# the binary (CTest's test_belief_commands), in the current directory (the build's tests/),
# MODEL the shipped network of 2-player Bergen (models/bergen.net):
#   1. fit recovers a finite temperature from heuristic's play and prints the spec to use;
#      random play fits a floor near 1; the same arguments give the same output; with
#      --values heuristic (the heuristic's own values) it fits the heuristic's play better;
#   2. fit reads a game record, keeping the seats recorded as the agent asked for;
#   3. belief prints its table, every stage of the hand included;
#   3b. --values net --model MODEL: the network trained on pimc's decisions fits pimc's play
#      better than the heuristic's values do, and the belief reads it;
#   4. bad arguments and files exit 2 (a record that does not replay, 1), naming them.
# Each check prints what failed; the exit status is the number of failures (0: all pass).
if [ $# -ne 2 ]; then
    echo "usage: test_belief_commands.sh DOMINOLAB MODEL" >&2
    exit 2
fi
dominolab=$1 model=$2
scratch=belief-commands
rm -rf "$scratch" && mkdir "$scratch" || exit 2
failures=0

fail() {
    echo "FAIL: $*" >&2
    failures=$((failures + 1))
}

# run NAME STATUS ARGS...: runs dominolab ARGS into $scratch/NAME.out and .err, and checks
# its exit status.
run() {
    name=$1 expected=$2
    shift 2
    "$dominolab" "$@" >"$scratch/$name.out" 2>"$scratch/$name.err"
    status=$?
    [ "$status" -eq "$expected" ] || fail "$name: dominolab $* exited $status, not $expected: $(cat "$scratch/$name.err")"
}

# expect NAME FILE TEXT: FILE (out or err) of run NAME holds TEXT.
expect() {
    grep -qF -- "$3" "$scratch/$1.$2" || fail "$1: its std$2 lacks '$3': $(cat "$scratch/$1.$2")"
}

# fitted NAME FIELD: the fitted temperature or floor of run NAME.
fitted() {
    sed -n "s/^fitted model *temperature \([^,]*\), floor \(.*\)$/\1 \2/p" "$scratch/$1.out" |
        awk -v field="$2" '{ print field == "temperature" ? $1 : $2 }'
}

# 1. the fit of an agent's own play
run heuristic 0 fit --agent heuristic --deals 40 --quiet
temperature=$(fitted heuristic temperature)
awk -v t="$temperature" 'BEGIN { exit !(t + 0 > 0 && t + 0 < 1000) }' ||
    fail "heuristic: temperature '$temperature' is not finite within the box"
expect heuristic out "use it           belief=policy,temperature=$temperature,floor="
expect heuristic out "decisions "
run random 0 fit --agent random --deals 40 --quiet
floor=$(fitted random floor)
awk -v f="$floor" 'BEGIN { exit !(f + 0 > 0.9) }' || fail "random: floor '$floor' is not near 1"
run heuristic_again 0 fit --agent heuristic --deals 40 --quiet
cmp -s "$scratch/heuristic.out" "$scratch/heuristic_again.out" || fail "heuristic: a second fit differs"
[ -s "$scratch/heuristic.err" ] && fail "heuristic: --quiet wrote to stderr: $(cat "$scratch/heuristic.err")"
# fitted_likelihood NAME: the fit's mean log-likelihood per decision
fitted_likelihood() { sed -n 's/^  fitted *\([-0-9.]*\)$/\1/p' "$scratch/$1.out"; }
run heuristic_values 0 fit --agent heuristic --deals 40 --values heuristic --quiet
expect heuristic_values out ",values=heuristic"
expect heuristic_values out "built-in       (fitted to the playouts' values"
awk -v own="$(fitted_likelihood heuristic_values)" -v playout="$(fitted_likelihood heuristic)" \
    'BEGIN { exit !(own + 0 > playout + 0 && own + 0 < 0) }' ||
    fail "heuristic_values: its own values fit no better ($(fitted_likelihood heuristic_values) against $(fitted_likelihood heuristic))"

# 2. the fit of a record's seats
run play 0 play --players 2 --agents heuristic,random --seed 3 --record "$scratch/game.jsonl" --quiet
run records 0 fit --records "$scratch/game.jsonl" --agent heuristic --quiet
expect records out "1 record of bergen, the seats recorded as heuristic"
run directory 0 fit --records "$scratch" --quiet
expect directory out "1 record of bergen, every seat"

# 3. the belief's table
run belief 0 belief --deals 10 --candidates 32 --quiet
for text in "moves seen" "log-loss per event" "policy - uniform per decision" "Brier per event" "all " "0-3 " \
            "4-7 " "8-15 " "16+ " "32 candidate worlds per decision"; do
    expect belief out "$text"
done
expect belief out "playout values (the game's built-in)"
run belief_values 0 belief --deals 10 --candidates 32 --values heuristic --quiet
expect belief_values out "heuristic values; 32 candidate worlds"
run values_bad 2 belief --values exact
expect values_bad err "--values"

# 3b. a learned network as the model
run pimc_playout 0 fit --agent pimc --deals 30 --quiet
run pimc_net 0 fit --agent pimc --deals 30 --values net --model "$model" --quiet
expect pimc_net out ",values=net,model=$model"
expect pimc_net out "(temperature 1, floor 0.01: the network's default model now)"
expect pimc_net out "the network's logits predict these moves"
awk -v net="$(fitted_likelihood pimc_net)" -v playout="$(fitted_likelihood pimc_playout)" \
    'BEGIN { exit !(net + 0 > playout + 0.03 && net + 0 < 0) }' ||
    fail "pimc_net: the network fits pimc's play no better ($(fitted_likelihood pimc_net) against $(fitted_likelihood pimc_playout))"
run belief_net 0 belief --deals 6 --candidates 32 --values net --model "$model" --quiet
expect belief_net out "temperature 1, floor 0.01, net values; 32 candidate worlds"
run net_without_model 2 fit --agent pimc --deals 2 --values net
expect net_without_model err "dominolab fit: --model FILE (with --values net) is required"
run model_without_net 2 belief --deals 2 --model "$model"
expect model_without_net err "dominolab belief: --model: is read by --values net alone"
run model_missing 2 belief --deals 2 --values net --model "$scratch/none.net"
expect model_missing err "dominolab belief: --model: $scratch/none.net: cannot open"
run model_other_game 2 fit --agent random --deals 2 --game bingo --values net --model "$model"
expect model_other_game err "dominolab fit: --model: $model: a model for bergen with"

# 4. bad arguments and files
run deals_zero 2 fit --agent heuristic --deals 0
expect deals_zero err "dominolab fit: --deals: bad value '0'"
run candidates_zero 2 belief --candidates 0
expect candidates_zero err "dominolab belief: --candidates: bad value '0'"
run fit_unknown_agent 2 fit --agent nosuch --deals 5
expect fit_unknown_agent err "--agent: unknown agent 'nosuch'"
run belief_unknown_agent 2 belief --agents nosuch --deals 1
expect belief_unknown_agent err "--agents: unknown agent 'nosuch'"
run missing 2 fit --records "$scratch/missing.jsonl"
expect missing err "--records $scratch/missing.jsonl:"
head -c 200 "$scratch/game.jsonl" >"$scratch/broken.jsonl"
run broken 1 fit --records "$scratch/broken.jsonl"
expect broken err "$scratch/broken.jsonl:1:"
run no_source 2 fit --deals 5
expect no_source err "--agent SPEC (or --records PATH) is required"

[ "$failures" -eq 0 ] && rm -rf "$scratch" # kept to look at otherwise
exit "$failures"
