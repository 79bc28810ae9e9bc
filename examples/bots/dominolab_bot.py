"""dominolab_bot.py - the loop every bot of docs/protocol.md runs, with the Python standard
library alone: read one JSON object a line from standard input, answer on standard output.

A bot module calls run(name, choose), where choose(observation, moves, rng) returns the
index of one of the moves (each a dict with "index", "kind", "text", "points", and "tile"
and "end" for a placement). rng is a random.Random seeded from each match's seed, so a bot
plays the same match the same way whatever thread or machine runs it.
"""
import json
import random
import sys

PROTOCOL = 1


def send(message):
    sys.stdout.write(json.dumps(message, separators=(",", ":")) + "\n")
    sys.stdout.flush()


def run(name, choose):
    rng = random.Random(0)
    setup = {}
    while True:
        line = sys.stdin.readline()
        if not line:  # the harness closed our input: the run is over
            return
        message = json.loads(line)
        kind = message.get("type")
        if kind == "hello":
            send({"type": "hello", "protocol": PROTOCOL, "name": name})
        elif kind == "setup":
            setup = message  # game, options, seat, seats, sides
        elif kind == "match":
            rng.seed(message["seed"])
        elif kind == "decide":
            index = choose(message["observation"], message["moves"], rng, setup)
            send({"type": "move", "move": index})
        elif kind == "quit":
            return
