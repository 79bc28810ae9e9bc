"""Simulations and studies run in this process through the library (dl_run): typed rows,
presets by name, the rows of the command line, threads, the process's signal handlers and
streams left as they were, errors with the command's message and nothing left behind."""
import ctypes
import glob
import json
import math
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time

import pytest

import dominolab
from dominolab import DominolabError

_libc = ctypes.CDLL(None, use_errno=True)
KEPT = (signal.SIGINT, signal.SIGTERM, signal.SIGPIPE)


def handlers():
    """The C handlers of SIGINT, SIGTERM and SIGPIPE as the kernel holds them (Python's
    signal.getsignal only remembers what Python itself set): the handler, the signals it
    blocks, its flags and restorer of glibc's x86-64 struct sigaction (152 bytes: past its
    first 8 bytes, glibc fills sa_mask with whatever lay on its stack)."""
    actions = {}
    for number in KEPT:
        action = ctypes.create_string_buffer(256)
        assert _libc.sigaction(int(number), None, action) == 0
        actions[number] = (action.raw[0:8], action.raw[8:16], action.raw[136:140], action.raw[144:152])
    return actions


def units_done(directory):
    """The units a run in a temporary directory under `directory` has counted at its last
    checkpoint (0 before its first)."""
    for path in glob.glob(str(directory / "dominolab-*" / "out" / "run.json")):
        try:
            with open(path) as f:
                return json.load(f).get("units_done", 0)
        except (OSError, ValueError):  # being replaced
            pass
    return 0


def streams():
    return [(os.fstat(fd).st_dev, os.fstat(fd).st_ino) for fd in (1, 2)]


def test_sim_values_are_typed():
    rows = dominolab.sim("bergen", players=2, agents="random,greedy", deals=50, seed=3, threads=1)
    greedy = next(row for row in rows if row["scope"] == "agent" and row["agent"] == "greedy")
    assert type(greedy["games"]) is int and greedy["games"] == 100
    assert type(greedy["wins"]) is int and type(greedy["blocks"]) is int
    assert type(greedy["score"]) is float and 0 <= greedy["score_low"] <= greedy["score"] <= greedy["score_high"] <= 1
    assert greedy["seat"] is None and greedy["name"] is None and greedy["mean_points_per_match"] is None
    both = dominolab.sim("partnership", players=4, agents="random,greedy", deals=10, seed=3, per_deal=True)
    deal = both["deals.csv"][0]
    assert [type(deal[key]) for key in ("unit", "seat", "points", "deal_seed", "end")] == [int, int, int, int, str]
    assert len(both["deals.csv"]) == 10 * 2 * 4


def test_preset_by_name_changes_the_rules():
    """Milo plays to 5 points, the base game to 100: a match's winners end at its target."""
    def winners(preset):
        rows = dominolab.sim("partnership", players=4, agents="greedy,random", matches=12, seed=5, threads=2,
                             per_deal=True, preset=preset)["deals.csv"]
        return [row["points"] for row in rows if row["result"] == "win"]
    milo, base = winners("milo"), winners(None)
    assert milo and base
    assert all(5 <= points < 100 for points in milo), milo
    assert all(points >= 100 for points in base), base


def test_same_seed_same_rows_whatever_the_threads():
    arguments = dict(game="bergen", players=3, agents="greedy,random,heuristic", deals=3000, seed=11, per_deal=True)
    one, two = dominolab.sim(threads=1, **arguments), dominolab.sim(threads=2, **arguments)
    assert repr(one) == repr(two)  # repr: NaN equals NaN there


def test_same_rows_as_the_command_line(tmp_path):
    words = ["--game", "partnership", "--players", "4", "--agents", "greedy,random", "--deals", "300", "--seed", "9",
             "--threads", "2", "--per-deal", "--quiet", "--option", "target=51"]
    done = subprocess.run([dominolab._binary(), "sim", *words, "--out", str(tmp_path / "cli")], capture_output=True,
                          text=True)
    assert done.returncode == 0, done.stderr
    rows = dominolab.sim("partnership", players=4, agents="greedy,random", deals=300, seed=9, threads=2,
                         per_deal=True, target=51)
    for name in ("summary.csv", "deals.csv"):
        assert repr(rows[name]) == repr(dominolab._read_csv(str(tmp_path / "cli" / name))), name


def test_a_run_leaves_the_signal_handlers_and_streams_as_they_were():
    before, python_handler, where = handlers(), signal.getsignal(signal.SIGINT), streams()
    dominolab.sim("bergen", players=2, agents="greedy,random", deals=200, threads=2)
    with pytest.raises(DominolabError):
        dominolab.sim("bergen", players=2, agents="greedy,nobody", deals=5)
    dominolab.run_study("sprt", "--game", "bergen", "--players", 2, "--agents", "heuristic,random", "--deals", 200,
                        "--threads", 2, "--no-plots", files=("sprt.csv",))
    assert handlers() == before
    assert signal.getsignal(signal.SIGINT) is python_handler and streams() == where


# A run far longer than a test, stopped by a signal. A stop is honoured when the batch in
# play is merged: with per_deal a batch holds at most 1,024 units, a fraction of a second
# of pimc's, where the batches of random and greedy bots grow to millions of deals, which
# a loaded machine may take many seconds over.
ENDLESS = dict(game="bergen", players=2, agents="pimc:samples=4,random", deals=10 ** 7, threads=2, per_deal=True)


def test_no_thread_outlives_a_run_and_a_forked_child_runs_too():
    """The command's OpenMP threads end with the call; GNU OpenMP's would otherwise hang a
    child forked afterwards (multiprocessing's default) that runs on two threads."""
    before = len(os.listdir("/proc/self/task"))
    dominolab.sim("bergen", players=2, agents="greedy,random", deals=20000, threads=2)
    deadline = time.monotonic() + 2  # told to exit before the call returns, each may take a moment to go
    while len(os.listdir("/proc/self/task")) > before and time.monotonic() < deadline:
        time.sleep(0.01)
    assert len(os.listdir("/proc/self/task")) == before
    child = os.fork()
    if child == 0:
        try:
            rows = dominolab.sim("bergen", players=2, agents="greedy,random", deals=20000, threads=2)
            os._exit(0 if rows[0]["games"] == 40000 else 1)
        finally:
            os._exit(2)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        done, status = os.waitpid(child, os.WNOHANG)
        if done:
            break
        time.sleep(0.05)
    else:
        os.kill(child, signal.SIGKILL)
        os.waitpid(child, 0)
        pytest.fail("the forked child's run did not end")
    assert os.waitstatus_to_exitcode(status) == 0


def test_ctrl_c_stops_a_run_in_process(tmp_path, monkeypatch):
    """SIGINT during a run stops it after the units in flight, as at the command line, and
    Python hears it as KeyboardInterrupt; the handlers are the process's again."""
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    before = handlers()

    def interrupt_once_playing():
        # the run catches SIGINT while it plays: wait for its first checkpoint to count units
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if units_done(tmp_path) > 0:
                os.kill(os.getpid(), signal.SIGINT)
                return
            time.sleep(0.05)
    watcher = threading.Thread(target=interrupt_once_playing)
    watcher.start()
    started = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        dominolab.sim(**ENDLESS)
    watcher.join()
    assert time.monotonic() - started < 30
    assert handlers() == before and not os.listdir(tmp_path)


SIGTERM_SCRIPT = """
import sys, dominolab
dominolab.sim(**%r)
sys.exit(3)  # not reached: the process ends by SIGTERM once the run has kept its work
""" % (ENDLESS,)


def test_sigterm_with_its_default_action_ends_the_process_after_the_run(tmp_path):
    """A process that leaves SIGTERM to its default action ends by it, as without the run,
    once the run has kept what it played."""
    environment = dict(os.environ, TMPDIR=str(tmp_path),
                       PYTHONPATH=os.path.dirname(os.path.dirname(os.path.abspath(dominolab.__file__))))
    child = subprocess.Popen([sys.executable, "-c", SIGTERM_SCRIPT], env=environment)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and child.poll() is None:
        if units_done(tmp_path) > 0:
            break
        time.sleep(0.05)
    child.send_signal(signal.SIGTERM)
    try:
        status = child.wait(timeout=30)
    except subprocess.TimeoutExpired:
        child.kill()
        child.wait()
        pytest.fail("the process went on after SIGTERM")
    assert status == -signal.SIGTERM
    summary = glob.glob(str(tmp_path / "dominolab-*" / "out" / "summary.csv"))
    assert summary and dominolab._read_csv(summary[0])[0]["games"] > 0  # what it played was kept


@pytest.mark.parametrize("call,words", [
    (lambda: dominolab.sim("bergen", players=2, agents="random,nobody", deals=5), "--agents: unknown agent 'nobody'"),
    (lambda: dominolab.sim("partnership", players=4, agents="random", deals=5, preset="nope"), "--preset"),
    (lambda: dominolab.run_study("sim", "--players", 2, "--agents", "random", "--deals", 0), "--deals"),
    (lambda: dominolab.sim("bergen", players=2, agents="random", deals=5, target=-3), "target"),
    (lambda: dominolab.run_study("play", "--agents", "random"), "not a command run here"),
])
def test_bad_arguments_raise_the_commands_message_and_leave_nothing(tmp_path, monkeypatch, call, words):
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    with pytest.raises(DominolabError, match=words) as raised:
        call()
    assert "progress" not in str(raised.value)
    assert os.listdir(tmp_path) == []


def test_bad_input_writes_no_directory(tmp_path):
    """The command checks every argument before it writes anything, in process as at the
    command line."""
    for agents, deals in (("random,nobody", "5"), ("random,greedy", "0")):
        with pytest.raises(DominolabError, match="dominolab sim: --"):
            dominolab._run(["sim", "--players", "2", "--agents", agents, "--deals", deals, "--out",
                            str(tmp_path / "run")])
    assert os.listdir(tmp_path) == []


def test_tournament_ratings_are_typed():
    study = dominolab.run_study("tournament", "--game", "bergen", "--players", 2, "--agents",
                                "random,greedy,heuristic", "--deals", 60, "--threads", 2, "--no-plots",
                                files=("ratings.csv", "pairwise.csv", "los.csv"))
    ratings = study["ratings.csv"]
    assert [row["rank"] for row in ratings] == [1, 2, 3]
    assert {row["agent"] for row in ratings} == {"random", "greedy", "heuristic"}
    for row in ratings:
        assert type(row["games"]) is int and row["games"] == 240
        assert type(row["elo"]) is float and row["elo_low"] <= row["elo"] <= row["elo_high"]
        assert row["name"] is None
    assert ratings[-1]["los_next"] is None and type(ratings[0]["los_next"]) is float
    assert len(study["pairwise.csv"]) == 3
    diagonal = [row[row["agent"]] for row in study["los.csv"]]
    assert all(type(value) is float and math.isnan(value) for value in diagonal)
