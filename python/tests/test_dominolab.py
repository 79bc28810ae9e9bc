"""The Python module over libdominolab: environments, bots as callables, dominolab agents
as opponents, positions, records, errors, and whole simulations as rows."""
import os
import random
import subprocess

import pytest

import dominolab

GAMES = [("bergen", 2), ("double_bergen", 4), ("bingo", 2), ("partnership", 4)]


def random_player(seed):
    rng = random.Random(seed)
    return lambda observation, moves: moves[rng.randrange(len(moves))]


@pytest.mark.parametrize("name,players", GAMES)
def test_full_match_against_a_dominolab_agent(name, players):
    """Seat 0 is Python (random moves); the others level:3. The match ends, every step's
    rewards add up to the final scores, and the match rewards name the winner."""
    env = dominolab.Env(name, players=players, opponents={seat: "level:3" for seat in range(1, players)})
    observation = env.reset(seed=5)
    rng = random.Random(1)
    totals = [0] * env.game.sides
    steps = 0
    while not env.match_over:
        assert observation["seat"] == env.to_move == 0
        assert len(observation["hand"]) == observation["hand_size"][0]
        moves = env.legal_moves()
        observation, rewards = env.step(moves[rng.randrange(len(moves))])
        totals = [t + r for t, r in zip(totals, rewards)]
        steps += 1
    assert steps > 0
    assert totals == env.game.scores()
    winner = env.game.match_winner()
    expected = [0] * env.game.sides if winner < 0 else [1 if s == winner else -1 for s in range(env.game.sides)]
    assert env.match_rewards() == expected


@pytest.mark.parametrize("name,players", GAMES)
def test_callables_and_specs_play_alike_for_a_seed(name, players):
    """Bots are callables, dominolab agents are specs; the same seed plays the same match."""
    agents = [random_player(7)] + ["greedy"] * (players - 1)
    first = dominolab.Env(name, players=players).play(agents, seed=9)
    agents = [random_player(7)] + ["greedy"] * (players - 1)
    again = dominolab.Env(name, players=players).play(agents, seed=9)
    assert first == again
    scores, winner = first
    assert len(scores) == dominolab.Game(name, players=players).sides and -1 <= winner < len(scores)


def test_step_by_index_is_the_move_of_that_index():
    """step(i) plays legal_moves()[i], as apply does: two games in step stay alike."""
    by_index, by_move = dominolab.Game("bergen", players=3, seed=4), dominolab.Game("bergen", players=3, seed=4)
    rng = random.Random(2)
    for _ in range(200):
        if by_index.status == dominolab.MATCH_OVER:
            break
        if by_index.status == dominolab.BETWEEN_HANDS:
            by_index.deal()
            by_move.deal()
            continue
        moves = by_index.legal_moves()
        assert moves == by_move.legal_moves()
        k = rng.randrange(len(moves))
        by_index.step(k)
        by_move.apply(moves[k])
        assert by_index.observation(0) == by_move.observation(0)


def test_a_given_position():
    game = dominolab.Game("bergen", "bergen", players=2, seed=3)
    game.deal(["0-0 0-1 1-1 0-2 1-2 2-2", "0-3 1-3 2-3 3-3 0-4 1-4"],
              "2-4 3-4 4-4 0-5 1-5 2-5 3-5 4-5 5-5 0-6 1-6 2-6 3-6 4-6 5-6 6-6")
    assert game.hand(1) == ["0-3", "1-3", "2-3", "3-3", "0-4", "1-4"]
    described = game.moves_described()
    assert [m["index"] for m in described] == list(range(len(game.legal_moves())))
    assert all(m["kind"] == "play" for m in described)


def test_errors_name_what_is_wrong():
    with pytest.raises(dominolab.DominolabError, match="unknown game"):
        dominolab.Game("chess")
    with pytest.raises(dominolab.DominolabError, match="target"):
        dominolab.Game("bergen", players=2, options={"target": "banana"})
    game = dominolab.Game("bergen", players=2, seed=1)
    game.deal()
    with pytest.raises(dominolab.DominolabError, match="not a legal move"):
        game.apply(dominolab.Move(0, 27, 0, 0))  # 6-6 is not held and cannot be placed
    with pytest.raises(dominolab.DominolabError, match="legal moves"):
        game.step(999)
    with pytest.raises(dominolab.DominolabError, match="samples"):
        dominolab.Env("bergen", players=2, opponents={1: "pimc:samples=0"}).reset()
    # a library bot is asked at its turns only: one that learns from every move is refused
    with pytest.raises(dominolab.DominolabError, match="belief=policy"):
        dominolab.Bot(game, "pimc:belief=policy", 0)


def test_record_of_a_match(tmp_path):
    """A match played from Python writes a record that dominolab replay accepts."""
    game = dominolab.Game("bergen", players=2, seed=8)
    path = str(tmp_path / "match.jsonl")
    game.record(path)
    bots = [dominolab.Bot(game, "level:2", 0), dominolab.Bot(game, "level:6", 1)]
    while game.status != dominolab.MATCH_OVER:
        if game.status == dominolab.BETWEEN_HANDS:
            game.deal()
        else:
            game.apply(bots[game.to_move](game))
    game.close_record()
    done = subprocess.run([dominolab._binary(), "replay", path], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    again = dominolab.Game.from_record(path)
    assert again.status == dominolab.MATCH_OVER and again.scores() == game.scores()
    middle = dominolab.Game.from_record(path, moves=4)
    assert middle.status == dominolab.IN_HAND and len(middle.legal_moves()) >= 1
    with pytest.raises(dominolab.DominolabError, match="moves"):
        dominolab.Game.from_record(path, moves=10 ** 6)


def test_sim_returns_rows():
    rows = dominolab.sim("bergen", players=2, agents="random,greedy", deals=50, seed=3, threads=1)
    agents = {row["agent"]: row for row in rows if row["scope"] == "agent"}
    assert set(agents) == {"random", "greedy"}
    assert int(agents["greedy"]["games"]) == 100  # 50 deals, each with the agents swapped
    both = dominolab.sim("partnership", players=4, agents="random,greedy", deals=20, seed=3, per_deal=True,
                         target=51)
    assert len(both["deals.csv"]) == 20 * 2 * 4 and both["summary.csv"]
    with pytest.raises(dominolab.DominolabError, match="--agents"):
        dominolab.sim("bergen", players=2, agents="nobody", deals=5)
