"""Networks for the C agents (docs/agents.md, "net"): the file python/dominolab/net.py
writes is read by the C forward pass with PyTorch's outputs, and a short training run
(python/train.py) learns a player that beats random. Needs PyTorch (Debian's
python3-torch, which scripts/install-deps.sh installs)."""
import ctypes
import math
import os
import subprocess
import sys

import pytest

np = pytest.importorskip("numpy")
torch = pytest.importorskip("torch")

import dominolab  # noqa: E402
from dominolab import net as netfile  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
PYTHON = os.path.dirname(HERE)


def evaluate_in_c(path, inputs, actions):
    lib = dominolab._lib
    lib.dl_net_evaluate.restype = ctypes.c_int
    lib.dl_net_evaluate.argtypes = [ctypes.c_char_p, ctypes.c_void_p, ctypes.c_int, ctypes.c_void_p, ctypes.c_int,
                                    ctypes.c_void_p, ctypes.c_char_p, ctypes.c_size_t]
    logits = np.zeros((len(inputs), actions), np.float32)
    values = np.zeros(len(inputs), np.float32)
    error = ctypes.create_string_buffer(512)
    for k, row in enumerate(np.ascontiguousarray(inputs, np.float32)):
        value = ctypes.c_float()
        status = lib.dl_net_evaluate(path.encode(), row.ctypes.data, row.size, logits[k].ctypes.data, actions,
                                     ctypes.addressof(value), error, 512)
        assert status == 0, error.value
        values[k] = value.value
    return logits, values


@pytest.mark.parametrize("name,players,hidden", [("bergen", 2, (64, 32)), ("partnership", 4, (128,)),
                                                 ("bingo", 2, (16, 16, 16))])
def test_the_c_forward_pass_is_pytorchs(tmp_path, name, players, hidden):
    game = dominolab.Game(name, players=players, seed=2)
    game.deal()
    torch.manual_seed(3)
    model = netfile.make_model(game.observation_size, game.num_actions, hidden)
    path = str(tmp_path / "model.net")
    netfile.export(model, path, name, {"command": "a test"})
    inputs = [game.observation_tensor(seat) for seat in range(game.seats)]
    inputs += [np.random.default_rng(4).random(game.observation_size, np.float32) * 4 - 2 for _ in range(20)]
    with torch.no_grad():
        logits, values = model(torch.from_numpy(np.array(inputs)))
    c_logits, c_values = evaluate_in_c(path, inputs, game.num_actions)
    assert np.allclose(c_logits, logits.numpy(), rtol=1e-5, atol=1e-5)
    assert np.allclose(c_values, values.numpy(), rtol=1e-5, atol=1e-5)
    assert netfile.read_header(path) == {"game": name, "observation": str(game.observation_size),
                                         "actions": str(game.num_actions), "hidden": " ".join(map(str, hidden)),
                                         "command": "a test"}


def test_a_model_of_other_rules_is_refused(tmp_path):
    model = netfile.make_model(10, 5, (4,))
    path = str(tmp_path / "small.net")
    netfile.export(model, path, "bergen")
    game = dominolab.Game("bergen", players=2)
    with pytest.raises(dominolab.DominolabError, match="small.net"):
        dominolab.Bot(game, "net:model=" + path, 0)


def test_a_short_training_run_beats_random(tmp_path):
    """Imitating the heuristic over 20,000 decisions of 2-player Bergen (about 15 s), the net
    wins more than half the deals against random (95% interval above 50%; about 57%)."""
    path = str(tmp_path / "bergen.net")
    done = subprocess.run([sys.executable, os.path.join(PYTHON, "train.py"), "--game", "bergen", "--players", "2",
                           "--teacher", "heuristic", "--decisions", "20000", "--epochs", "30", "--workers", "2",
                           "--hidden", "64", "--out", path, "--quiet"], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert netfile.read_header(path)["teacher"] == "heuristic"
    wins = plays = 0
    for seed in range(1, 401):  # each deal twice, seats swapped: duplicate deals
        for net_seat in (0, 1):
            game = dominolab.Game("bergen", players=2, seed=seed)
            bots = {net_seat: dominolab.Bot(game, "net:model=" + path, net_seat, seed=seed),
                    1 - net_seat: dominolab.Bot(game, "random", 1 - net_seat, seed=seed)}
            game.deal()
            while game.status == dominolab.IN_HAND:
                game.apply(bots[game.to_move](game))
            winner = game.hand_winner()
            wins += 1.0 if winner == net_seat else 0.5 if winner < 0 else 0.0  # the first hand's result
            plays += 1
    share = wins / plays
    low = share - 1.96 * math.sqrt(share * (1 - share) / plays)
    assert low > 0.5, "the net won %.1f%% of %d deals against random" % (100 * share, plays)
