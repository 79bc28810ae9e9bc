"""Every public function and method of the module checks its arguments: a wrong value
raises DominolabError (a ValueError) naming the argument and what it may be, a wrong type
DominolabTypeError (a DominolabError and a TypeError), and nothing wraps, is cut, or
reaches C unchecked. Objects keep alive what they borrow; a bot answers only about games of
its own rules."""
import gc
import weakref

import pytest

import dominolab
from dominolab import DominolabError, DominolabTypeError, Move

BERGEN_STOCK = "2-4 3-4 4-4 0-5 1-5 2-5 3-5 4-5 5-5 0-6 1-6 2-6 3-6 4-6 5-6 6-6"
BERGEN_HANDS = ["0-0 0-1 1-1 0-2 1-2 2-2", "0-3 1-3 2-3 3-3 0-4 1-4"]


def dealt(name="bergen", players=2, seed=1):
    game = dominolab.Game(name, players=players, seed=seed)
    game.deal()
    return game


def to_seat(game, seat):
    """Plays first moves until `seat` is to move in a hand."""
    while game.status != dominolab.IN_HAND or game.to_move != seat:
        assert game.status != dominolab.MATCH_OVER
        if game.status == dominolab.BETWEEN_HANDS:
            game.deal()
        else:
            game.step(0)
    return game


def test_the_errors_are_value_and_type_errors():
    assert issubclass(DominolabError, ValueError)
    assert issubclass(DominolabTypeError, DominolabError) and issubclass(DominolabTypeError, TypeError)
    with pytest.raises(ValueError):
        dominolab.Game("chess")


@pytest.mark.parametrize("index", [2 ** 32, 2 ** 31, -1, -2 ** 32, 10 ** 30])
def test_step_index_out_of_range_is_refused_not_wrapped(index):
    """step(2**32) once played move 0: ctypes kept the low 32 bits."""
    game = dealt()
    before = game.observation(0)
    with pytest.raises(DominolabError, match="index"):
        game.step(index)
    assert game.observation(0) == before


@pytest.mark.parametrize("index", [True, 1.0, "0", None])
def test_step_index_of_another_type_is_refused(index):
    game = dealt()
    before = game.observation(0)
    with pytest.raises(DominolabTypeError, match="index"):
        game.step(index)
    assert game.observation(0) == before


@pytest.mark.parametrize("players", [10 ** 12, 2 ** 32 + 2, -1, 9, 2 ** 64])
def test_players_out_of_range_are_refused(players):
    """Game(players=10**12) once gave 2 seats: the count wrapped to a negative int, which C
    read as 'the preset's'."""
    with pytest.raises(DominolabError, match="players: 0 .* 1 to 8"):
        dominolab.Game("bergen", players=players)


@pytest.mark.parametrize("players", [True, 2.0, "2", None])
def test_players_of_another_type_are_refused(players):
    with pytest.raises(DominolabTypeError, match="players"):
        dominolab.Game("bergen", players=players)


@pytest.mark.parametrize("seat", [99, 2, -1, 2 ** 32, -2 ** 32 + 1])
def test_seats_out_of_range_are_refused(seat):
    """hand(99) once returned []; observation and bots took any seat too."""
    game = dealt()
    with pytest.raises(DominolabError, match="seat: 0 to 1"):
        game.hand(seat)
    with pytest.raises(DominolabError, match="seat: 0 to 1"):
        game.observation(seat)
    with pytest.raises(DominolabError, match="seat: 0 to 1"):
        dominolab.Bot(game, "greedy", seat)


def test_seats_of_another_type_are_refused():
    game = dealt()
    for seat in (True, 0.0, "0", None):
        with pytest.raises(DominolabTypeError, match="seat"):
            game.hand(seat)
        with pytest.raises(DominolabTypeError, match="seat"):
            dominolab.Bot(game, "greedy", seat)


@pytest.mark.parametrize("agents", [["greedy"], ["greedy"] * 3, []])
def test_play_needs_one_agent_per_seat(agents):
    """Env.play(['greedy']) on 2 seats once reported an unfinished match as a draw."""
    with pytest.raises(DominolabError, match="agents: one agent for each of the 2 seats"):
        dominolab.Env("bergen", players=2).play(agents)


def test_play_refuses_agents_that_are_no_agents():
    env = dominolab.Env("bergen", players=2)
    with pytest.raises(DominolabTypeError, match="agents"):
        env.play("greedy,greedy")
    with pytest.raises(DominolabTypeError, match=r"agents\[1\]"):
        env.play(["greedy", 5])


@pytest.mark.parametrize("seed", [-1, 2 ** 64, 10 ** 40])
def test_seeds_must_fit_64_bits(seed):
    game = dealt()
    with pytest.raises(DominolabError, match="seed: 0 to 2\\*\\*64-1"):
        dominolab.Game("bergen", seed=seed)
    with pytest.raises(DominolabError, match="seed"):
        dominolab.Bot(game, "greedy", 0, seed=seed)
    with pytest.raises(DominolabError, match="seed"):
        dominolab.Env("bergen", players=2).reset(seed=seed)


def test_the_largest_seed_plays():
    """The opponents' seeds (seed + seat) are taken modulo 2**64, not refused."""
    env = dominolab.Env("bergen", players=2, opponents={1: "greedy"})
    env.reset(seed=2 ** 64 - 1)
    assert env.to_move == 0


@pytest.mark.parametrize("fields", [(300,), (-1,), (7,), (0, 91), (0, 0, 256), (0, 0, 0, -1), (True,)])
def test_move_fields_are_checked(fields):
    """Move(300) once was kind 44, Move(-1) kind 255."""
    with pytest.raises(DominolabError, match="Move\\."):
        Move(*fields)


def test_move_fields_set_later_are_checked():
    move = Move(0, 5, 1, 0)
    with pytest.raises(DominolabError, match="Move.kind: 0 to 6"):
        move.kind = 9
    with pytest.raises(DominolabError, match="Move.tile: 0 to 90"):
        move.tile = 200
    assert move == Move(0, 5, 1, 0)


def test_moves_must_be_moves():
    game = dealt()
    for bad in ((0, 1, 2, 3), "play", None, 0):
        with pytest.raises(DominolabTypeError, match="move"):
            game.apply(bad)
        with pytest.raises(DominolabTypeError, match="move"):
            game.move_points(bad)
        with pytest.raises(DominolabTypeError, match="move"):
            game.move_text(bad)


def test_move_points_outside_a_hand_is_refused():
    game = dominolab.Game("bergen", players=2)
    with pytest.raises(DominolabError, match="no hand is in play"):
        game.move_points(Move(0, 0, 255, 0))


def test_given_hands_are_checked():
    """One hand for two seats once read past the end of the array."""
    game = dominolab.Game("bergen", players=2, seed=3)
    with pytest.raises(DominolabError, match="hands: one hand for each of the 2 seats, not 1"):
        game.deal(BERGEN_HANDS[:1], BERGEN_STOCK)
    with pytest.raises(DominolabTypeError, match="hands"):
        game.deal(" ".join(BERGEN_HANDS), BERGEN_STOCK)
    with pytest.raises(DominolabError, match="NUL"):
        game.deal([BERGEN_HANDS[0], BERGEN_HANDS[1] + "\0 6-6"], BERGEN_STOCK)
    with pytest.raises(DominolabError, match="seat 1's hand: 'junk'"):
        game.deal([BERGEN_HANDS[0], BERGEN_HANDS[1] + " " * 1500 + "junk"], BERGEN_STOCK)
    with pytest.raises(DominolabTypeError, match="stock"):
        game.deal(BERGEN_HANDS, 5)
    assert game.status == dominolab.BETWEEN_HANDS
    game.deal([hand.split() for hand in BERGEN_HANDS], BERGEN_STOCK)  # lists of names are hands too
    assert game.hand(1) == BERGEN_HANDS[1].split()


def test_a_message_quoting_bytes_cut_in_a_character_is_still_read():
    game = dominolab.Game("bergen", players=2, seed=3)
    with pytest.raises(DominolabError, match="seat 0's hand"):
        game.deal(["x" * 23 + "\u00e9", BERGEN_HANDS[1]], BERGEN_STOCK)


def test_hand_lists_both_copies_of_a_tile():
    """With two sets, a seat holding both copies of 0-0 is told both, as hand_size counts."""
    game = dominolab.Game("double_bergen", players=2, options={"num_sets": 2, "hand_size": 6})
    tiles = ["%d-%d" % (low, high) for high in range(7) for low in range(high + 1) for _ in range(2)]
    game.deal([" ".join(tiles[:6]), " ".join(tiles[6:12])], " ".join(tiles[12:]))
    assert game.hand(0) == tiles[:6] == ["0-0", "0-0", "0-1", "0-1", "1-1", "1-1"]
    assert len(game.hand(0)) == game.observation(0)["hand_size"][0]


@pytest.mark.parametrize("arguments", [
    {"game": None}, {"game": 5}, {"preset": 7}, {"options": "target=50"}, {"options": {"target": None}},
    {"options": [5]}, {"options": {"target": [1.5]}},
])
def test_game_texts_and_options_of_another_type_are_refused(arguments):
    with pytest.raises(DominolabTypeError):
        dominolab.Game(**{"players": 2, **arguments})


@pytest.mark.parametrize("arguments", [{"game": "bergen\0"}, {"game": ""}, {"preset": ""}, {"options": ["target=5\0"]}])
def test_game_texts_that_c_would_cut_are_refused(arguments):
    with pytest.raises(DominolabError):
        dominolab.Game(**{"game": "bergen", "players": 2, **arguments})


def test_options_as_a_dict_take_numbers_bools_and_lists():
    game = dominolab.Game("bergen", players=2, options={"target": 50, "first_double_both_sides": True})
    assert game.seats == 2


def test_bot_arguments_are_checked():
    game = dealt()
    with pytest.raises(DominolabTypeError, match="game"):
        dominolab.Bot(None, "greedy", 0)
    with pytest.raises(DominolabTypeError, match="spec"):
        dominolab.Bot(game, 5, 0)
    with pytest.raises(DominolabError, match="spec"):
        dominolab.Bot(game, "greedy\0", 0)
    with pytest.raises(DominolabError, match="at most 255"):
        dominolab.Bot(game, "greedy:" + "x" * 300, 0)
    bot = dominolab.Bot(to_seat(game, 0), "greedy", 0)
    with pytest.raises(DominolabTypeError, match="game"):
        bot(None)


def test_bot_keeps_its_game_alive():
    """Bot(Game("bergen"), ...) once let the game and its rules go, which the agent reads."""
    game = dominolab.Game("bergen", players=2, seed=5)
    alive = weakref.ref(game)
    bot = dominolab.Bot(game, "pimc:samples=4", 0)
    del game
    gc.collect()
    assert alive() is not None and bot.game is alive()
    move = bot(to_seat(alive(), 0))
    assert move in alive().legal_moves()


def test_bot_answers_only_about_games_of_its_rules():
    """A Bergen bot asked about a Partnership position once answered with a move."""
    bot = dominolab.Bot(dominolab.Game("bergen", players=2), "greedy", 0)
    for other, words in ((dominolab.Game("partnership", players=4), "this game is partnership"),
                         (dominolab.Game("bergen", players=3), "players=2, this game has players=3"),
                         (dominolab.Game("bergen", players=2, options={"target": 50}), "target")):
        with pytest.raises(DominolabError, match=words):
            bot(to_seat(other, 0))
    twin = to_seat(dominolab.Game("bergen", players=2, seed=9), 0)
    assert bot(twin) in twin.legal_moves()


def test_bot_out_of_turn_says_whose_turn_it_is():
    game = to_seat(dominolab.Game("bergen", players=2, seed=2), 1)
    bot = dominolab.Bot(game, "greedy", 0)
    with pytest.raises(DominolabError, match="seat 1 is to move"):
        bot(game)


def test_env_checks_its_settings_and_opponents_when_made():
    with pytest.raises(DominolabError, match="players"):
        dominolab.Env("bergen", players=10 ** 12)
    with pytest.raises(DominolabError, match="opponents seat: 0 to 1"):
        dominolab.Env("bergen", players=2, opponents={5: "greedy"})
    with pytest.raises(DominolabTypeError, match="opponents seat"):
        dominolab.Env("bergen", players=2, opponents={True: "greedy"})
    with pytest.raises(DominolabTypeError, match="opponents"):
        dominolab.Env("bergen", players=2, opponents=["greedy"])
    with pytest.raises(DominolabTypeError, match=r"opponents\[1\]"):
        dominolab.Env("bergen", players=2, opponents={1: 42})
    with pytest.raises(DominolabError, match="unknown agent"):
        dominolab.Env("bergen", players=2, opponents={1: "nobody"})


def test_env_before_reset_and_after_the_match():
    env = dominolab.Env("bergen", players=2, opponents={1: "greedy"})
    with pytest.raises(DominolabError, match="reset"):
        env.step(0)
    with pytest.raises(DominolabError, match="reset"):
        env.legal_moves()
    env.play(["greedy", "greedy"])
    assert env.match_over
    with pytest.raises(DominolabError, match="match is over"):
        env.step(0)


def test_env_step_takes_a_move_or_an_index():
    env = dominolab.Env("bergen", players=2, opponents={1: "greedy"})
    env.reset(seed=4)
    before = env.observation()
    for bad in (True, "0", None, 0.0):
        with pytest.raises(DominolabTypeError, match="move"):
            env.step(bad)
    with pytest.raises(DominolabError, match="index"):
        env.step(2 ** 32)
    assert env.observation() == before


def test_a_callable_opponent_must_return_one_of_its_moves():
    env = dominolab.Env("bergen", players=2, opponents={1: lambda observation, moves: None})
    with pytest.raises(DominolabError, match=r"opponents\[1\]: the callable returned None"):
        env.reset(seed=1)
        while True:
            env.step(0)
    with pytest.raises(DominolabError, match=r"opponents\[1\]: the callable returned 'pass'"):
        env.play([lambda observation, moves: moves[0], lambda observation, moves: "pass"])


def test_record_paths_and_moves_are_checked(tmp_path):
    game = dominolab.Game("bergen", players=2, seed=8)
    with pytest.raises(DominolabTypeError, match="path"):
        game.record(None)
    path = tmp_path / "match.jsonl"
    game.record(path)  # a PathLike is a path
    bots = [dominolab.Bot(game, "greedy", seat) for seat in range(2)]
    while game.status != dominolab.MATCH_OVER:
        if game.status == dominolab.BETWEEN_HANDS:
            game.deal()
        else:
            game.apply(bots[game.to_move](game))
    game.close_record()
    # moves=2**32 once wrapped to 0: the position after no move at all
    for moves in (2 ** 32, -2, 2 ** 31):
        with pytest.raises(DominolabError, match="moves: -1 .* or 0 to 2147483647"):
            dominolab.Game.from_record(path, moves)
    with pytest.raises(DominolabTypeError, match="moves"):
        dominolab.Game.from_record(path, True)
    with pytest.raises(DominolabTypeError, match="path"):
        dominolab.Game.from_record(None)


@pytest.mark.parametrize("arguments,words", [
    ({"deals": 0}, "deals: 1 or more"), ({"deals": -5}, "deals"), ({"matches": 0}, "matches"),
    ({"deals": 5, "matches": 5}, "not both"), ({"players": 0}, "players: 1 to 8"), ({"players": 10 ** 12}, "players"),
    ({"threads": -1}, "threads"), ({"seed": -1}, "seed"), ({"agents": "--help"}, "agents"), ({"game": "-x"}, "game"),
])
def test_sim_arguments_are_checked(arguments, words):
    """sim(deals=0) once ran 1000 deals."""
    with pytest.raises(DominolabError, match=words):
        dominolab.sim(**{"players": 2, "agents": "random,greedy", **arguments})


@pytest.mark.parametrize("arguments", [{"per_deal": "yes"}, {"deals": 5.0}, {"agents": 5}, {"target": None},
                                       {"threads": True}])
def test_sim_arguments_of_another_type_are_refused(arguments):
    with pytest.raises(DominolabTypeError):
        dominolab.sim(**{"players": 2, "agents": "random,greedy", **arguments})


def test_run_study_arguments_are_checked():
    with pytest.raises(DominolabError, match="command"):
        dominolab.run_study("--out")
    with pytest.raises(DominolabTypeError, match="files"):
        dominolab.run_study("sim", files="summary.csv")
    with pytest.raises(DominolabError, match=r"files\[0\]"):
        dominolab.run_study("sim", files=("../summary.csv",))
    with pytest.raises(DominolabTypeError, match=r"arguments\[1\]"):
        dominolab.run_study("sim", "--deals", None)
    with pytest.raises(DominolabError, match=r"arguments\[0\]"):
        dominolab.run_study("sim", "--game\0")
