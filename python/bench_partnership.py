#!/usr/bin/env python3
"""bench_partnership.py [SECONDS] - random Partnership hands stepped move by move from a
Python loop (a uniform choice in Python, one call into the library per move), as the
pure-Python domino libraries are timed: prints plies and hands per second on one core."""
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import dominolab  # noqa: E402


def main(seconds):
    pick = random.Random(1).random
    match, plies, hands = 0, 0, 0
    game = dominolab.Game("partnership", players=4, seed=match)
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        if game.status == dominolab.MATCH_OVER:
            match += 1
            game = dominolab.Game("partnership", players=4, seed=match)
        game.deal()
        step, count = game.step, len(game.legal_moves())
        while count:
            count = step(int(pick() * count))
            plies += 1
        hands += 1
    elapsed = time.perf_counter() - start
    print("%.0f plies/s, %.0f hands/s (%d hands, %.1f s, %s)" % (plies / elapsed, hands / elapsed, hands, elapsed,
                                                                dominolab.version()))


if __name__ == "__main__":
    main(float(sys.argv[1]) if len(sys.argv) > 1 else 3.0)
