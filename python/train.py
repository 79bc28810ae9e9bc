#!/usr/bin/python3
"""train.py - trains a policy-and-value network for one game and writes it for the C agents
(`net:model=FILE`, `pimc:rollout=net,model=FILE`; docs/agents.md, "net").

    /usr/bin/python3 python/train.py --game bergen --players 2 --out models/bergen.net

1. Data: every seat is played by a teacher agent (default pimc); at each decision the
   observation of the seat to move, the legal actions and the teacher's action are kept,
   and when the hand ends each decision gets the hand's result for its side (+1 won, -1
   lost, 0 void or a draw). --workers processes play in parallel (default: every core).
2. Training: the policy head learns the teacher's action (cross-entropy over the legal
   actions), the value head the result (squared error), with Adam, for --epochs passes or
   until --minutes of training have gone; 5% of the decisions are held out and their
   accuracy printed as it goes.
3. The network is written with the exact command in its header.

PyTorch comes from Debian (python3-torch, for Debian's own /usr/bin/python3), which this
script runs under whatever python3 comes first on PATH; scripts/install-deps.sh installs it.
"""
import argparse
import multiprocessing
import os
import shlex
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import dominolab  # noqa: E402
from dominolab import net as netfile  # noqa: E402


def parse_arguments(argv):
    parser = argparse.ArgumentParser(
        prog="train.py", description=__doc__.split("\n\n")[0].split(" - ", 1)[1],
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="bergen", help="bergen, double_bergen, partnership or bingo")
    parser.add_argument("--preset", default=None, help="a preset of the game (default: its first)")
    parser.add_argument("--players", type=int, default=0, help="seats (default: the preset's)")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help="a rule option")
    parser.add_argument("--teacher", default="pimc", help="the agent whose decisions are learnt (default pimc)")
    parser.add_argument("--decisions", type=int, default=200000, help="decisions to learn from (default 200000)")
    parser.add_argument("--hidden", default="128,128", help="the trunk's widths (default 128,128)")
    parser.add_argument("--epochs", type=int, default=20, help="passes over the data at most (default 20)")
    parser.add_argument("--minutes", type=float, default=10.0, help="training time at most (default 10)")
    parser.add_argument("--batch", type=int, default=1024)
    parser.add_argument("--learning-rate", type=float, default=1e-3)
    parser.add_argument("--workers", type=int, default=0, help="processes playing the teacher (default: every core)")
    parser.add_argument("--threads", type=int, default=1,
                        help="PyTorch's threads for training (default 1: on a busy machine more spin and slow it)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", required=True, help="the network file to write")
    parser.add_argument("--quiet", action="store_true", help="no progress lines")
    args = parser.parse_args(argv)
    try:
        args.hidden = tuple(int(width) for width in args.hidden.split(","))
    except ValueError:
        parser.error("--hidden: widths such as 128,128, not %r" % args.hidden)
    if not args.hidden or any(not 1 <= width <= 4096 for width in args.hidden):
        parser.error("--hidden: each width 1 to 4096")
    if args.decisions < 100:
        parser.error("--decisions: 100 or more")
    if os.path.isdir(args.out) or not os.path.isdir(os.path.dirname(os.path.abspath(args.out))):
        parser.error("--out %s: a file in a directory that exists" % args.out)
    return args


# ---------------------------------------------------------------- the teacher's decisions

def play_teacher(job):
    """One worker's share: (observations, masks, actions, results) as numpy arrays."""
    import numpy as np
    args, worker, wanted = job
    observations, masks, actions, results = [], [], [], []
    match = 0
    while len(actions) < wanted:
        seed = args.seed * 1000003 + worker * 7919 + match
        match += 1
        game = dominolab.Game(args.game, preset=args.preset, players=args.players, options=args.option, seed=seed)
        bots = [dominolab.Bot(game, args.teacher, seat, seed=seed + seat) for seat in range(game.seats)]
        while game.status != dominolab.MATCH_OVER and len(actions) < wanted:
            game.deal()
            hand = []  # (row, seat) of this hand's decisions
            while game.status == dominolab.IN_HAND:
                seat = game.to_move
                mask = game.action_mask()
                action = game.action_of(bots[seat](game))
                if mask.sum() > 1:  # a forced move teaches nothing
                    hand.append((len(actions), seat))
                    observations.append(game.observation_tensor(seat))
                    masks.append(mask)
                    actions.append(action)
                    results.append(0.0)
                game.apply_action(action)
            winner = game.hand_winner()
            for row, seat in hand:
                results[row] = 0.0 if winner < 0 else 1.0 if game.side_of_seat[seat] == winner else -1.0
    return (np.array(observations, np.float32), np.array(masks, np.int8), np.array(actions, np.int64),
            np.array(results, np.float32))


def gather(args, log):
    import numpy as np
    workers = args.workers or os.cpu_count() or 1
    shares = [args.decisions // workers + (k < args.decisions % workers) for k in range(workers)]
    started = time.time()
    log("playing %d decisions of %s with %s in %d processes" % (args.decisions, args.teacher, args.game, workers))
    with multiprocessing.get_context("fork").Pool(workers) as pool:
        parts = pool.map(play_teacher, [(args, k, share) for k, share in enumerate(shares)])
    data = tuple(np.concatenate([part[k] for part in parts]) for k in range(4))
    log("%d decisions in %.0f s" % (len(data[2]), time.time() - started))
    return data


# ---------------------------------------------------------------- training

def train(args, data, log):
    import numpy as np
    import torch
    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    observations, masks, actions, results = (torch.from_numpy(a) for a in data)
    count = len(actions)
    order = torch.randperm(count, generator=torch.Generator().manual_seed(args.seed))
    held = order[:max(1, count // 20)]
    kept = order[max(1, count // 20):]
    model = netfile.make_model(observations.shape[1], masks.shape[1], args.hidden)
    optimiser = torch.optim.Adam(model.parameters(), lr=args.learning_rate)
    illegal = -1e9

    def losses(rows):
        logits, value = model(observations[rows])
        logits = logits.masked_fill(masks[rows] == 0, illegal)
        policy_loss = torch.nn.functional.cross_entropy(logits, actions[rows])
        value_loss = torch.nn.functional.mse_loss(value, results[rows])
        agree = (logits.argmax(dim=1) == actions[rows]).float().mean()
        return policy_loss, value_loss, agree

    started = time.time()
    for epoch in range(args.epochs):
        model.train()
        shuffled = kept[torch.randperm(len(kept), generator=torch.Generator().manual_seed(args.seed + epoch))]
        for start in range(0, len(shuffled), args.batch):
            policy_loss, value_loss, _ = losses(shuffled[start:start + args.batch])
            optimiser.zero_grad()
            (policy_loss + 0.5 * value_loss).backward()
            optimiser.step()
        model.eval()
        with torch.no_grad():
            policy_loss, value_loss, agree = losses(held)
        log("epoch %d: held-out policy loss %.4f, value loss %.4f, teacher's move %.1f%% (%.0f s)"
            % (epoch + 1, policy_loss, value_loss, 100 * agree, time.time() - started))
        if time.time() - started > 60 * args.minutes:
            log("the --minutes budget is spent")
            break
    return model


def main(argv=None):
    args = parse_arguments(sys.argv[1:] if argv is None else argv)
    try:
        import torch  # noqa: F401
    except ImportError:
        sys.exit("train.py: PyTorch is missing for %s: install Debian's python3-torch (scripts/install-deps.sh) and "
                 "run this with /usr/bin/python3" % sys.executable)
    log = (lambda text: None) if args.quiet else (lambda text: print("train.py: " + text, file=sys.stderr,
                                                                      flush=True))
    data = gather(args, log)
    model = train(args, data, log)
    command = "/usr/bin/python3 python/train.py " + " ".join(shlex.quote(a) for a in (sys.argv[1:] if argv is None
                                                                                      else argv))
    temporary = args.out + ".part"
    netfile.export(model, temporary, args.game, {"command": command, "teacher": args.teacher,
                                                   "decisions": str(len(data[2]))})
    os.replace(temporary, args.out)  # a file half-written is never left under the name
    log("wrote %s" % args.out)


if __name__ == "__main__":
    main()
