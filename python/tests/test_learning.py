"""The module as learning code uses it: actions, tensors and clones of a Game, the C vector
environment, PettingZoo's AEC loop and OpenSpiel's state API (docs/python.md, "Learning")."""
import copy
import random

import pytest

np = pytest.importorskip("numpy")

import dominolab  # noqa: E402
from dominolab import DominolabError, DominolabTypeError  # noqa: E402

CONFIGS = [("bergen", 2), ("bergen", 3), ("double_bergen", 4), ("partnership", 4), ("bingo", 2)]
TILE_NAMES = [("%d-%d" % (low, high)) for high in range(13) for low in range(high + 1)]


def dealt(name, players, seed=3):
    game = dominolab.Game(name, players=players, seed=seed)
    game.deal()
    return game


def play_randomly(game, rng, moves):
    for _ in range(moves):
        if game.status != dominolab.IN_HAND:
            return
        game.apply_action(rng.choice(game.legal_actions()))


@pytest.mark.parametrize("name,players", CONFIGS)
def test_actions_are_the_legal_moves_each_once(name, players):
    game, rng = dealt(name, players), random.Random(1)
    for _ in range(60):
        if game.status != dominolab.IN_HAND:
            break
        actions = game.legal_actions()
        moves = game.legal_moves()
        assert sorted(set(game.action_of(m) for m in moves)) == actions
        for action in actions:
            assert game.action_of(game.action_move(action)) == action
        game.apply_action(rng.choice(actions))


@pytest.mark.parametrize("name,players", CONFIGS)
def test_observation_planes_are_what_the_seat_sees(name, players):
    game = dealt(name, players)
    play_randomly(game, random.Random(2), 5)
    tiles = (game.state_size - game.observation_size) // game.seats
    for seat in range(game.seats):
        tensor = game.observation_tensor(seat)
        assert tensor.shape == (game.observation_size,) and tensor.dtype == np.float32
        held = {TILE_NAMES[t] for t in np.flatnonzero(tensor[:tiles])}
        assert held == set(game.hand(seat))
    state = game.state_tensor()
    mover = game.to_move
    for k in range(game.seats):
        block = state[game.observation_size + k * tiles:game.observation_size + (k + 1) * tiles]
        assert {TILE_NAMES[t] for t in np.flatnonzero(block)} == set(game.hand((mover + k) % game.seats))


def test_a_clone_is_a_copy_of_its_own():
    game = dealt("partnership", 4)
    before = game.observation_tensor(0).copy()
    for twin in (game.clone(), copy.copy(game), copy.deepcopy(game)):
        assert (twin.observation_tensor(0) == before).all() and twin.legal_actions() == game.legal_actions()
        twin.apply_action(twin.legal_actions()[0])
        assert (game.observation_tensor(0) == before).all() and twin.to_move != game.to_move
    twin = copy.deepcopy(game)
    del game
    play_randomly(twin, random.Random(3), 200)  # the original's end frees nothing of the copy's


@pytest.mark.parametrize("bad", [2 ** 32, 2 ** 64 + 1, -1, 101, 10 ** 30])
def test_bad_actions_are_errors(bad):
    game = dealt("partnership", 4)
    with pytest.raises(DominolabError):
        game.apply_action(bad)
    with pytest.raises(DominolabTypeError):
        game.apply_action(True)
    with pytest.raises(DominolabError):
        game.apply_action(85)  # a pass, which the leader cannot make
    with pytest.raises(DominolabError):
        game.observation_tensor(4)
    assert game.legal_actions() == [81]  # nothing was played: the 6-6 lead is still to come


def test_returns_are_zero_until_the_match_ends():
    game = dealt("bergen", 2)
    assert game.returns() == [0.0, 0.0]
    rng = random.Random(4)
    while game.status != dominolab.MATCH_OVER:
        if game.status == dominolab.BETWEEN_HANDS:
            game.deal()
        else:
            game.apply_action(rng.choice(game.legal_actions()))
    winner = game.match_winner()
    assert game.returns() == [1.0 if game.side_of_seat[s] == winner else -1.0 for s in range(2)]


# ---------------------------------------------------------------- the vector environment

def run_vector(seed, steps, num_envs=6, name="bergen", players=2, **kwargs):
    env = dominolab.VectorEnv(name, players=players, num_envs=num_envs, seed=seed, **kwargs)
    frames = []
    for _ in range(steps):
        observations, masks, to_move, rewards, dones = env.step(env.random_actions())
        frames.append((observations.copy(), masks.copy(), to_move.copy(), rewards.copy(), dones.copy()))
    return env, frames


def test_the_same_seed_gives_the_same_games():
    _, first = run_vector(7, 150)
    _, again = run_vector(7, 150)
    _, other = run_vector(8, 150)
    assert all((a == b).all() for x, y in zip(first, again) for a, b in zip(x, y))
    assert any((a != b).any() for x, y in zip(first, other) for a, b in zip(x, y))


def test_a_game_depends_on_its_own_actions_only():
    """Game i of 2 and of 5 games, each always given its lowest legal action, play alike."""
    rows = []
    for count in (2, 5):
        env = dominolab.VectorEnv("partnership", num_envs=count, seed=11)
        frames = []
        for _ in range(120):
            actions = env.masks.argmax(axis=1).astype(np.int32)
            observations = env.step(actions)[0]
            frames.append(observations[:2].copy())
        rows.append(frames)
    assert all((a == b).all() for a, b in zip(*rows))


def test_every_row_is_a_decision_and_masks_match_a_game():
    env, frames = run_vector(3, 300, name="partnership", players=4)
    dones = sum(int(f[4].sum()) for f in frames)
    assert dones > 0
    for observations, masks, to_move, rewards, _ in frames:
        assert (masks.sum(axis=1) >= 1).all() and ((to_move >= 0) & (to_move < 4)).all()
        # partners score together: seats 0 and 2, 1 and 3 have the same points each step
        assert (rewards[:, 0] == rewards[:, 2]).all() and (rewards[:, 1] == rewards[:, 3]).all()


def test_win_rewards_come_at_each_episode_end():
    env, frames = run_vector(5, 400, name="bergen", players=2, episode="match", reward="win")
    ends = 0
    for _, _, _, rewards, dones in frames:
        assert (rewards[~dones] == 0).all()
        for row in rewards[dones]:
            ends += 1
            assert sorted(row.tolist()) in ([-1.0, 1.0], [0.0, 0.0])
    assert ends > 0


def test_placed_counts_the_plays():
    env = dominolab.VectorEnv("bergen", players=2, num_envs=4, seed=2)
    tiles = (dominolab.Game("bergen", players=2).state_size - env.observation_size) // 2
    plays = 0
    for _ in range(100):
        actions = env.random_actions().copy()
        plays += int((actions < tiles * 3).sum())  # a line: a lead and two ends per tile
        env.step(actions)
    assert env.placed == plays


def test_an_illegal_action_plays_nothing():
    env = dominolab.VectorEnv("bergen", players=2, num_envs=3, seed=4)
    before = env.observations.copy()
    actions = env.random_actions().copy()
    illegal = int(np.flatnonzero(env.masks[1] == 0)[0])
    bad = actions.copy()
    bad[1] = illegal
    with pytest.raises(DominolabError, match="game 1: action %d is not legal" % illegal):
        env.step(bad)
    assert (env.observations == before).all()
    for wrong in ([0, 0], np.full(3, 1.5), np.array([0, -1, 0]), np.array([0, 2 ** 40, 0])):
        with pytest.raises(DominolabError):
            env.step(wrong)
    env.step(actions)  # the legal step still plays


def test_vector_refuses_bad_settings():
    for kwargs in ({"num_envs": 0}, {"episode": "set"}, {"reward": "money"}, {"preset": "nonesuch"}):
        with pytest.raises(DominolabError):
            dominolab.VectorEnv("bergen", **kwargs)


# ---------------------------------------------------------------- PettingZoo's loop

@pytest.mark.parametrize("name,players", CONFIGS)
def test_aec_loop_plays_a_match(name, players):
    env = dominolab.AECEnv(name, players=players)
    env.reset(seed=3)
    steps, totals = 0, {agent: 0.0 for agent in env.possible_agents}
    for agent in env.agent_iter(100000):
        observation, reward, termination, truncation, _ = env.last()
        assert env.observation_space(agent).contains(observation)
        totals[agent] += reward
        if termination or truncation:
            env.step(None)
            continue
        mask = observation["action_mask"]
        action = env.action_space(agent).sample(mask)
        assert mask[action] == 1
        env.step(action)
        steps += 1
    assert steps > 10 and env.agents == [] and env.game.status == dominolab.MATCH_OVER
    assert sorted(set(totals.values())) in ([-1.0, 1.0], [0.0])


# ---------------------------------------------------------------- OpenSpiel's API

@pytest.mark.parametrize("name,players", CONFIGS)
def test_spiel_state_deals_by_chance_and_ends(name, players):
    spiel = dominolab.load_game(name, players=players)
    state, rng = spiel.new_initial_state(), random.Random(5)
    assert state.is_chance_node() and state.current_player() == -1
    outcomes = state.chance_outcomes()
    assert abs(sum(p for _, p in outcomes) - 1) < 1e-9 and len(outcomes) == spiel.max_chance_outcomes()
    while not state.is_terminal():
        if state.is_chance_node():
            tiles, weights = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(tiles, weights)[0])
        else:
            assert state.observation_tensor().shape == tuple(spiel.observation_tensor_shape())
            actions = state.legal_actions()
            mask = state.legal_actions_mask()
            assert [a for a, m in enumerate(mask) if m] == actions
            twin = state.clone()
            twin.apply_action(actions[0])
            assert state.legal_actions() == actions  # the clone's move is its own
            state.apply_action(rng.choice(actions))
    returns = state.returns()
    assert state.current_player() == -4 and sorted(set(returns)) in ([-1.0, 1.0], [0.0])


def test_spiel_deal_gives_the_tiles_dealt():
    spiel = dominolab.load_game("partnership")
    state = spiel.new_initial_state()
    order = list(range(28))
    random.Random(6).shuffle(order)
    for tile in order:
        state.apply_action(tile)
    game = state._game
    assert not state.is_chance_node()
    for seat in range(4):
        assert sorted(game.hand(seat)) == sorted(TILE_NAMES[t] for t in order[7 * seat:7 * seat + 7])
    with pytest.raises(DominolabError):
        spiel.new_initial_state().apply_action(28)
