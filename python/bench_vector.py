#!/usr/bin/env python3
"""bench_vector.py [--game G] [--players N] [--envs N] [--seconds S] [--policy c|numpy]

Random moves stepped through the C vector environment from Python, with the observation
tensors, legal masks and rewards of every game filled at every step: prints placed tiles
(and steps) per CPU second on one core. --policy c draws each action in C
(VectorEnv.random_actions); numpy draws it in Python from the masks, as a learning loop's
policy would hand its actions over (docs/python.md, "Speed")."""
import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import numpy as np  # noqa: E402

import dominolab  # noqa: E402


def numpy_policy(rng, masks):
    """A uniform legal action per row: the largest of random keys over the legal actions."""
    keys = rng.random(masks.shape, dtype=np.float32)
    keys *= masks
    return keys.argmax(axis=1).astype(np.int32)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[1])
    parser.add_argument("--game", default="partnership")
    parser.add_argument("--players", type=int, default=0)
    parser.add_argument("--envs", type=int, default=1024)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--policy", choices=("c", "numpy"), default="c")
    args = parser.parse_args()
    env = dominolab.VectorEnv(args.game, players=args.players, num_envs=args.envs, seed=1)
    rng = np.random.default_rng(1)
    masks = env.masks
    steps, start = 0, time.process_time()
    while time.process_time() - start < args.seconds:
        actions = env.random_actions() if args.policy == "c" else numpy_policy(rng, masks)
        masks = env.step(actions)[1]
        steps += args.envs
    elapsed = time.process_time() - start
    print("%s: %.0f placed tiles/s, %.0f steps/s (%d games, %s policy, %.1f CPU s, observation %d floats, "
          "%d actions; %s)" % (args.game, env.placed / elapsed, steps / elapsed, args.envs, args.policy, elapsed,
                               env.observation_size, env.num_actions, dominolab.version()))


if __name__ == "__main__":
    main()
