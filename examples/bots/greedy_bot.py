#!/usr/bin/env python3
"""greedy_bot.py - a dominolab bot (docs/protocol.md) that plays the move scoring the most
points now, ties to the heavier tile, then to the first listed: dominolab's own greedy
agent, so the two play the same moves."""
import dominolab_bot


def weight(move):
    """The pips of a placed tile ("3-5" weighs 8); a move that places no tile weighs less."""
    if move["kind"] != "play":
        return -1
    low, high = move["tile"].split("-")
    return int(low) + int(high)


def choose(observation, moves, rng, setup):
    best = 0
    for move in moves:
        if move["points"] < 0:
            continue
        top = moves[best]
        if top["points"] < 0 or move["points"] > top["points"] or (
                move["points"] == top["points"] and weight(move) > weight(top)):
            best = move["index"]
    return best


if __name__ == "__main__":
    dominolab_bot.run("greedy_bot", choose)
