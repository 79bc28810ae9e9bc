#!/usr/bin/env python3
"""misbehave.py MODE - a bot of docs/protocol.md that fails on purpose, for test_external:
  illegal   answers a number no legal move has
  garbage   answers a line that is not JSON
  silent    answers the handshake, then never a decision
  crash     exits at once, before the handshake
  midway    answers three decisions, then exits
  stubborn  answers every decision with the first move, after the protocol's version 99
  history   plays the first move while the history agrees with the observation (it opens
            with this hand's deal, its placements are the table's tiles, other seats'
            draws hide their tiles), else a number no move has
"""
import json
import sys
import time


def send(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def history_agrees(message):
    history, seen = message["history"], message["observation"]
    if not history or history[0] != {"type": "deal", "hand": seen["hand_number"], "starter": history[0]["starter"]}:
        return False
    placed = sorted(event["tile"] for event in history if event["type"] == "play")
    hidden = all(event["tile"] is None for event in history if event["type"] == "draw" and event["seat"] != seen["seat"])
    return hidden and placed == sorted(seen["table"])


def main(mode):
    if mode == "crash":
        sys.exit(3)
    decisions = 0
    while True:
        line = sys.stdin.readline()
        if not line:
            return
        message = json.loads(line)
        kind = message.get("type")
        if kind == "hello":
            send({"type": "hello", "protocol": 99 if mode == "stubborn" else 1, "name": "misbehave " + mode})
        elif kind == "decide":
            decisions += 1
            if mode == "illegal":
                send({"type": "move", "move": len(message["moves"])})
            elif mode == "garbage":
                sys.stdout.write("this is not json\n")
                sys.stdout.flush()
            elif mode == "silent":
                time.sleep(3600)
            elif mode == "midway" and decisions > 3:
                sys.exit(4)
            elif mode == "history":
                send({"type": "move", "move": 0 if history_agrees(message) else len(message["moves"])})
            else:
                send({"type": "move", "move": 0})


if __name__ == "__main__":
    main(sys.argv[1])
