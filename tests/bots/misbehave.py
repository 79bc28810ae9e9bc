#!/usr/bin/env python3
"""misbehave.py MODE - a bot of docs/protocol.md that fails on purpose, for test_external:
  illegal   answers a number no legal move has
  garbage   answers a line that is not JSON
  silent    answers the handshake, then never a decision
  crash     exits at once, before the handshake
  midway    answers three decisions, then exits
  stubborn  answers every decision with the first move, after the protocol's version 99
"""
import json
import sys
import time


def send(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


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
            else:
                send({"type": "move", "move": 0})


if __name__ == "__main__":
    main(sys.argv[1])
