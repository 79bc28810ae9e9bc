#!/usr/bin/env python3
"""random_bot.py - a dominolab bot (docs/protocol.md) that plays a uniformly random legal
move. Try it: dominolab sim --agents 'ext:cmd=python3 examples/bots/random_bot.py,greedy' ..."""
import dominolab_bot


def choose(observation, moves, rng, setup):
    return rng.randrange(len(moves))


if __name__ == "__main__":
    dominolab_bot.run("random_bot", choose)
