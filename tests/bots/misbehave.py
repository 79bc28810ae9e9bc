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
  busy      answers the handshake, then spins on its first decision (CPU time-out)
  nul       answers its first decision with a line holding a NUL byte, every later one
            with the first move: a reader that stays in step counts one illegal answer
  sleepy    sleeps half a second (no CPU time) before its first answer; plays the first
            move: within any CPU-time limit, past a short wall-clock one
  doze DIR  plays the first move five times; at its next decision writes DIR/PID.dozing
            and sleeps an hour
  spawn DIR starts `sleep 1000` in a session of its own (escaping its process group),
            writes DIR/CHILD.spawned, then plays the first move
  farewell DIR
            plays the first move; writes DIR/PID.quit when told quit, DIR/PID.eof when
            its input ends, and exits
  spawn and farewell write DIR/PID.started as they start.
"""
import json
import os
import subprocess
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


def mark(directory, what):
    with open(os.path.join(directory, "%d.%s" % (os.getpid(), what)), "w") as out:
        out.write(what + "\n")


def main(mode, directory=None):
    if mode == "crash":
        sys.exit(3)
    if mode in ("spawn", "farewell"):
        mark(directory, "started")
    if mode == "spawn":
        child = subprocess.Popen(["sleep", "1000"], start_new_session=True)
        with open(os.path.join(directory, "%d.spawned" % child.pid), "w") as out:
            out.write("%d\n" % child.pid)
    decisions = 0
    while True:
        line = sys.stdin.readline()
        if not line:
            if mode == "farewell":
                mark(directory, "eof")
            return
        message = json.loads(line)
        kind = message.get("type")
        if kind == "quit" and mode == "farewell":
            mark(directory, "quit")
        elif kind == "hello":
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
            elif mode == "sleepy":
                if decisions == 1:
                    time.sleep(0.5)
                send({"type": "move", "move": 0})
            elif mode == "doze" and decisions > 5:
                mark(directory, "dozing")
                time.sleep(3600)
            elif mode == "busy":
                while True:
                    pass
            elif mode == "nul" and decisions == 1:
                sys.stdout.write('{"type": "move", "move": 0\0}\n')
                sys.stdout.flush()
            elif mode == "midway" and decisions > 3:
                sys.exit(4)
            elif mode == "history":
                send({"type": "move", "move": 0 if history_agrees(message) else len(message["moves"])})
            else:
                send({"type": "move", "move": 0})


if __name__ == "__main__":
    main(*sys.argv[1:3])
