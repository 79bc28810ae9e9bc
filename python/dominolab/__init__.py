"""dominolab - domino games and their bots from Python, over the C library (docs/python.md).

    import dominolab
    env = dominolab.Env("partnership", players=4)
    env.reset(seed=1)
    while not env.match_over:
        env.step(env.legal_moves()[0])

The rules and the bots are dominolab's own, run by libdominolab through ctypes: nothing is
compiled for Python. Whole simulations and studies run in this process, through the same
library, and return their CSV rows with typed values (`sim`, `run_study`), ready for
pandas.DataFrame.

Every public function and method checks its arguments before anything reaches C (ctypes
would wrap a large integer, or pass True as 1, without a word) and raises DominolabError,
a ValueError, naming the argument and what it may be; a wrong type raises
DominolabTypeError, which is a DominolabError and a TypeError.
"""
import csv
import ctypes
import ctypes.util
import json
import operator
import os
import shutil
import tempfile
from collections.abc import Mapping

__all__ = ["Env", "Game", "Bot", "Move", "DominolabError", "DominolabTypeError", "sim", "run_study", "library_path",
           "version", "VectorEnv", "AECEnv", "load_game"]

BETWEEN_HANDS, IN_HAND, MATCH_OVER = 0, 1, 2
MOVE_KINDS = ("play", "draw", "pass", "end_turn", "choice", "close", "meld")
MAX_MOVES, MAX_SEATS, MAX_TILES, ERROR_SIZE = 768, 8, 91, 512
INT_MAX, UINT64_MAX = 2 ** 31 - 1, 2 ** 64 - 1


class DominolabError(ValueError):
    """A refused game, option, move, agent spec or argument; the message says which and why."""


class DominolabTypeError(DominolabError, TypeError):
    """An argument of the wrong type: a DominolabError, and a TypeError as Python's own."""


# ---------------------------------------------------------------- argument checks

def _integer(name, value, low, high, allowed=None):
    """value as an int in [low, high], else the error naming `name` and the range. A bool
    is refused: True is no seat, index or seed, though Python would count it as 1."""
    allowed = allowed or "%d to %d" % (low, high)
    if isinstance(value, bool):
        raise DominolabTypeError("%s: an integer, %s, not the bool %r" % (name, allowed, value))
    try:
        number = operator.index(value)
    except TypeError:
        raise DominolabTypeError("%s: an integer, %s, not %r" % (name, allowed, value)) from None
    if not low <= number <= high:
        raise DominolabError("%s: %s, not %d" % (name, allowed, number))
    return number


def _seed(name, value):
    return _integer(name, value, 0, UINT64_MAX, "0 to 2**64-1")


def _text(name, value, empty=False):
    """A str for C: no NUL character (C would end the text there), not empty unless allowed."""
    if not isinstance(value, str):
        raise DominolabTypeError("%s: a str, not %r" % (name, value))
    if "\0" in value:
        raise DominolabError("%s: %r holds a NUL character" % (name, value))
    if not empty and not value:
        raise DominolabError("%s: an empty text" % name)
    return value


def _path(name, value):
    """A file name as str: a str or an os.PathLike of one."""
    try:
        path = os.fspath(value)
    except TypeError:
        raise DominolabTypeError("%s: a path (str or os.PathLike), not %r" % (name, value)) from None
    if isinstance(path, bytes):
        path = os.fsdecode(path)
    return _text(name, path)


def _argument_text(name, value):
    """A text handed to the dominolab command: one that the command could not read as an
    option of its own."""
    _text(name, value)
    if value.startswith("-"):
        raise DominolabError("%s: %r begins with '-', which the command would read as an option" % (name, value))
    return value


def _option_value(key, value):
    """An option's value as dominolab writes it: true/false, a number, a word, or a list
    of numbers "[100,75]"."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return str(value)
    if isinstance(value, str):
        return _text("options[%r]" % key, value)
    if isinstance(value, (list, tuple)):
        return "[%s]" % ",".join(str(_integer("options[%r] item" % key, item, -INT_MAX - 1, INT_MAX)) for item in value)
    raise DominolabTypeError("options[%r]: a bool, number, str or list of integers, not %r" % (key, value))


def _options(options):
    """Rule options as "key=value" strings: from None, a dict, or a list of such strings."""
    if options is None:
        return []
    if isinstance(options, Mapping):
        return ["%s=%s" % (_text("options key", key), _option_value(key, value)) for key, value in options.items()]
    if isinstance(options, (str, bytes)) or not isinstance(options, (list, tuple)):
        raise DominolabTypeError("options: a dict or a list of 'key=value' strs, not %r" % (options,))
    return [_text("options[%d]" % k, option) for k, option in enumerate(options)]


def _move(name, value):
    if not isinstance(value, Move):
        raise DominolabTypeError("%s: a dominolab.Move (one of legal_moves()), not %r" % (name, value))
    return value


def _agent(name, value):
    """An agent: a spec (str) or a callable(observation, moves) -> move."""
    if isinstance(value, str):
        return _text(name, value)
    if callable(value):
        return value
    raise DominolabTypeError("%s: an agent spec (str) or a callable(observation, moves), not %r" % (name, value))


class Move(ctypes.Structure):
    """A move as the engine numbers it: kind (an index of MOVE_KINDS), tile (0 to 90), end
    (0 to 255; 255: a lead), extra (0 to 255). Every field is checked as it is set: ctypes
    would keep 300 as 44 and -1 as 255."""
    _fields_ = [("kind", ctypes.c_ubyte), ("tile", ctypes.c_ubyte), ("end", ctypes.c_ubyte), ("extra", ctypes.c_ubyte)]
    _bounds = {"kind": (0, len(MOVE_KINDS) - 1), "tile": (0, MAX_TILES - 1), "end": (0, 255), "extra": (0, 255)}

    def __init__(self, kind=0, tile=0, end=0, extra=0):
        super().__init__(kind, tile, end, extra)

    def __setattr__(self, name, value):
        if name in Move._bounds:
            value = _integer("Move." + name, value, *Move._bounds[name])
        super().__setattr__(name, value)

    def __repr__(self):
        return "Move(%s, tile=%d, end=%d, extra=%d)" % (MOVE_KINDS[self.kind], self.tile, self.end, self.extra)

    def __eq__(self, other):
        return isinstance(other, Move) and bytes(self) == bytes(other)

    def __hash__(self):
        return hash(bytes(self))


# ---------------------------------------------------------------- the library

def _here():
    return os.path.dirname(os.path.abspath(__file__))


def library_path():
    """Where libdominolab is taken from: $DOMINOLAB_LIBRARY, else the build tree next to
    this package (build/lib/), else the copy an installed package ships (lib/ in this
    package: python/setup.py), else the system's library path."""
    if os.environ.get("DOMINOLAB_LIBRARY"):
        return os.environ["DOMINOLAB_LIBRARY"]
    root = os.path.dirname(os.path.dirname(_here()))
    for build in ("build", "build-dev"):
        candidate = os.path.join(root, build, "lib", "libdominolab.so")
        if os.path.exists(candidate):
            return candidate
    shipped = os.path.join(_here(), "lib", "libdominolab.so")
    if os.path.exists(shipped):
        return shipped
    found = ctypes.util.find_library("dominolab")
    if not found:
        raise DominolabError("libdominolab not found (not in $DOMINOLAB_LIBRARY, %s/build/lib or build-dev/lib, "
                             "%s/lib or the system's library path): build it in dominolab's source tree with "
                             "'cmake -S . -B build && cmake --build build --target dominolab_shared', then set "
                             "DOMINOLAB_LIBRARY to its build/lib/libdominolab.so, or install the package again "
                             "(pip install --no-build-isolation ./python ships it), or install it "
                             "(cmake --install build)" % (root, _here()))
    return found


def _binary():
    """The dominolab command: $DOMINOLAB_BINARY, else the build tree's, else the PATH's."""
    if os.environ.get("DOMINOLAB_BINARY"):
        return os.environ["DOMINOLAB_BINARY"]
    library = library_path()
    candidate = os.path.join(os.path.dirname(os.path.dirname(library)), "dominolab")
    if os.path.exists(candidate):
        return candidate
    found = shutil.which("dominolab")
    if not found:
        raise DominolabError("the dominolab command was not found: set DOMINOLAB_BINARY")
    return found


def _load():
    lib = ctypes.CDLL(library_path())
    p, i, s, u64 = ctypes.c_void_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint64
    moves = ctypes.POINTER(Move)
    signatures = {
        "dl_version": (s, []),
        "dl_game_create": (p, [s, s, i, ctypes.POINTER(s), u64, s, ctypes.c_size_t]),
        "dl_game_destroy": (None, [p]),
        "dl_game_error": (s, [p]),
        "dl_seats": (i, [p]), "dl_sides": (i, [p]), "dl_side_of_seat": (i, [p, i]),
        "dl_deal": (i, [p]),
        "dl_set_deal": (i, [p, ctypes.POINTER(s), s]),
        "dl_status": (i, [p]), "dl_to_move": (i, [p]),
        "dl_legal_moves": (i, [p, moves]),
        "dl_apply": (i, [p, Move]),
        "dl_step": (i, [p, i]),
        "dl_move_points": (i, [p, Move]),
        "dl_scores": (i, [p, ctypes.POINTER(i)]),
        "dl_match_winner": (i, [p]),
        "dl_hand": (i, [p, i, s, ctypes.c_size_t]),
        "dl_move_text": (i, [p, Move, s, ctypes.c_size_t]),
        "dl_observation": (i, [p, i, s, ctypes.c_size_t]),
        "dl_moves_json": (i, [p, s, ctypes.c_size_t]),
        "dl_bot_create": (p, [p, s, i, u64, s, ctypes.c_size_t]),
        "dl_bot_destroy": (None, [p]),
        "dl_bot_move": (i, [p, p, ctypes.POINTER(Move)]),
        "dl_record_open": (i, [p, s]),
        "dl_record_close": (i, [p]),
        "dl_record_check": (i, [s, s, ctypes.c_size_t]),
        "dl_run": (i, [i, ctypes.POINTER(s), ctypes.c_uint, s, ctypes.c_size_t]),
        "dl_game_from_record": (p, [s, i, s, ctypes.c_size_t]),
        "dl_action_count": (i, [p]), "dl_observation_size": (i, [p]), "dl_state_size": (i, [p]),
        "dl_action_mask": (i, [p, p]), "dl_action_of": (i, [p, Move]), "dl_action_move": (i, [p, i, p]),
        "dl_apply_action": (i, [p, i]), "dl_observation_tensor": (i, [p, i, p]), "dl_state_tensor": (i, [p, p]),
        "dl_deal_shape": (i, [p, p]), "dl_hand_winner": (i, [p]), "dl_game_clone": (p, [p, s, ctypes.c_size_t]),
    }
    for name, (result, arguments) in signatures.items():
        function = getattr(lib, name)
        function.restype = result
        function.argtypes = arguments
    return lib


_lib = _load()


def _numpy():
    """numpy, which only the tensors need (Debian: python3-numpy)."""
    try:
        import numpy
    except ImportError:
        raise DominolabError("the tensors and the vector environment need numpy (apt-get install python3-numpy)")
    return numpy


def _words(raw):
    """A message from C: its bytes need not be UTF-8 (it may quote the caller's bytes)."""
    return (raw or b"").decode("utf-8", errors="replace")


class Game:
    """A match of one game (bergen, double_bergen, partnership, bingo): the rules own it,
    you move. Options are "key=value" strings or a dict (docs/rules/)."""

    def __init__(self, game="bergen", preset=None, players=0, options=None, seed=1, _handle=None):
        if _handle:
            self._adopt(_handle, game)
            return
        name = _text("game", game)
        if preset is not None:
            _text("preset", preset)
        players = _integer("players", players, 0, MAX_SEATS, "0 (the preset's) or 1 to %d" % MAX_SEATS)
        options = _options(options)
        seed = _seed("seed", seed)
        array = (ctypes.c_char_p * (len(options) + 1))(*[o.encode() for o in options], None)
        error = ctypes.create_string_buffer(ERROR_SIZE)
        handle = _lib.dl_game_create(name.encode(), preset.encode() if preset else None, players, array, seed, error,
                                     ERROR_SIZE)
        if not handle:
            raise DominolabError(_words(error.value))
        self._adopt(handle, name)

    @classmethod
    def from_record(cls, path, moves=-1):
        """The match of a game record (docs/record-format.md) at the position after its
        first `moves` moves, or at its end (-1): to look at, ask a bot about, or play on."""
        path = _path("path", path)
        moves = _integer("moves", moves, -1, INT_MAX, "-1 (every move) or 0 to %d" % INT_MAX)
        error = ctypes.create_string_buffer(ERROR_SIZE)
        handle = _lib.dl_game_from_record(path.encode(), moves, error, ERROR_SIZE)
        if not handle:
            raise DominolabError(_words(error.value))
        return cls(game="(record)", _handle=handle)

    def _adopt(self, handle, name):
        self._handle = handle
        self.name = name
        self.seats = _lib.dl_seats(self._handle)
        self.sides = _lib.dl_sides(self._handle)
        self.side_of_seat = [_lib.dl_side_of_seat(self._handle, seat) for seat in range(self.seats)]
        self._moves = (Move * MAX_MOVES)()
        self._scores = (ctypes.c_int * MAX_SEATS)()

    def __del__(self):
        if getattr(self, "_handle", None):
            _lib.dl_game_destroy(self._handle)
            self._handle = None

    def _check(self, result):
        if result < 0:
            raise DominolabError(_words(_lib.dl_game_error(self._handle)))
        return result

    def _seat(self, seat, name="seat"):
        return _integer(name, seat, 0, self.seats - 1, "0 to %d (the game has %d seats)" % (self.seats - 1, self.seats))

    def _text_of(self, function, *arguments):
        """The text of a function that writes like snprintf, called again with room enough."""
        size = 4096
        while True:
            buffer = ctypes.create_string_buffer(size)
            length = self._check(function(self._handle, *arguments, buffer, size))
            if length < size:
                return buffer.value.decode()
            size = length + 1

    @property
    def status(self):
        return _lib.dl_status(self._handle)

    @property
    def to_move(self):
        return _lib.dl_to_move(self._handle)

    def deal(self, hands=None, stock=""):
        """The next hand, from the match's seed; or the given one: for every seat a text of
        tiles ("0-0 1-3 ...") or a list of tile names, and the stock in draw order."""
        if hands is None:
            return self._check(_lib.dl_deal(self._handle))
        if isinstance(hands, (str, bytes)) or not isinstance(hands, (list, tuple)):
            raise DominolabTypeError("hands: a list of %d hands (a text of tiles or a list of tile names each), "
                                     "not %r" % (self.seats, hands))
        if len(hands) != self.seats:
            raise DominolabError("hands: one hand for each of the %d seats, not %d" % (self.seats, len(hands)))
        texts = [self._tiles("hands[%d]" % seat, hand) for seat, hand in enumerate(hands)]
        stock = self._tiles("stock", "" if stock is None else stock)
        array = (ctypes.c_char_p * len(texts))(*[t.encode() for t in texts])
        return self._check(_lib.dl_set_deal(self._handle, array, stock.encode()))

    @staticmethod
    def _tiles(name, tiles):
        if isinstance(tiles, (list, tuple)):
            return " ".join(_text("%s[%d]" % (name, k), tile) for k, tile in enumerate(tiles))
        return _text(name, tiles, empty=True)

    def legal_moves(self):
        count = self._check(_lib.dl_legal_moves(self._handle, self._moves))
        return [Move.from_buffer_copy(m) for m in self._moves[:count]]

    def apply(self, move):
        self._check(_lib.dl_apply(self._handle, _move("move", move)))

    def step(self, index):
        """Plays the index-th legal move; returns how many legal moves follow (0: the hand
        is over). One call into the library, for fast loops."""
        # the common case checked in one comparison: the loop of docs/python.md's speed
        if type(index) is not int or not 0 <= index <= INT_MAX:
            index = _integer("index", index, 0, INT_MAX, "0 to len(legal_moves()) - 1")
        result = _lib.dl_step(self._handle, index)
        if result < 0:
            raise DominolabError("index: " + _words(_lib.dl_game_error(self._handle)))
        return result

    def scores(self):
        self._check(_lib.dl_scores(self._handle, self._scores))
        return list(self._scores[:self.sides])

    def match_winner(self):
        return _lib.dl_match_winner(self._handle)

    def move_points(self, move):
        """What `move` scores now for the seat to move; DominolabError for a move that
        cannot be made now."""
        return self._check(_lib.dl_move_points(self._handle, _move("move", move)))

    def move_text(self, move):
        return self._text_of(_lib.dl_move_text, _move("move", move))

    def hand(self, seat):
        """The tiles `seat` holds, as "a-b" names (a tile twice where it holds both copies)."""
        seat = self._seat(seat)
        count = self._check(_lib.dl_hand(self._handle, seat, None, 0))
        size = 6 * count + 1
        buffer = ctypes.create_string_buffer(size)
        self._check(_lib.dl_hand(self._handle, seat, buffer, size))
        return buffer.value.decode().split()

    def observation(self, seat):
        """What `seat` may know, as docs/protocol.md's observation (a dict)."""
        return json.loads(self._text_of(_lib.dl_observation, self._seat(seat)))

    def moves_described(self):
        """The legal moves with their words and points (docs/protocol.md's moves)."""
        return json.loads(self._text_of(_lib.dl_moves_json))

    def record(self, path):
        """Writes the match's record to `path` (docs/record-format.md), from the first deal."""
        self._check(_lib.dl_record_open(self._handle, _path("path", path).encode()))

    def close_record(self):
        self._check(_lib.dl_record_close(self._handle))

    # ---- for learning code (docs/python.md, "Actions and tensors") ----

    def clone(self):
        """A game of its own at the same position: the rules shared, no record."""
        error = ctypes.create_string_buffer(ERROR_SIZE)
        handle = _lib.dl_game_clone(self._handle, error, ERROR_SIZE)
        if not handle:
            raise DominolabError(_words(error.value))
        copy = Game.__new__(type(self))
        copy._adopt(handle, self.name)
        return copy

    def __copy__(self):
        return self.clone()

    def __deepcopy__(self, memo):
        return self.clone()

    def _learning(self):
        """The action count and tensor sizes, asked of the library once."""
        if not hasattr(self, "_sizes"):
            self._sizes = tuple(self._check(f(self._handle)) for f in
                                (_lib.dl_action_count, _lib.dl_observation_size, _lib.dl_state_size))
        return self._sizes

    @property
    def num_actions(self):
        """Every move of the rules has an action below this (docs/python.md)."""
        return self._learning()[0]

    @property
    def observation_size(self):
        return self._learning()[1]

    @property
    def state_size(self):
        return self._learning()[2]

    def _action(self, action):
        count = self.num_actions
        return _integer("action", action, 0, count - 1, "0 to %d (the game's actions)" % (count - 1))

    def action_mask(self):
        """numpy int8 array of num_actions: 1 for each legal action now."""
        mask = _numpy().zeros(self.num_actions, _numpy().int8)
        self._check(_lib.dl_action_mask(self._handle, mask.ctypes.data))
        return mask

    def legal_actions(self):
        mask = self.action_mask()
        return [int(a) for a in mask.nonzero()[0]]

    def apply_action(self, action):
        """Plays the legal move numbered `action`; DominolabError if it is not legal now."""
        self._check(_lib.dl_apply_action(self._handle, self._action(action)))

    def action_move(self, action):
        """The legal move numbered `action`."""
        move = Move()
        self._check(_lib.dl_action_move(self._handle, self._action(action), ctypes.byref(move)))
        return move

    def action_of(self, move):
        """The action of a move the rules can make."""
        return self._check(_lib.dl_action_of(self._handle, _move("move", move)))

    def action_text(self, action):
        return self.move_text(self.action_move(action))

    def observation_tensor(self, seat):
        """What `seat` observes, as a numpy float32 vector of observation_size."""
        seat = self._seat(seat)
        out = _numpy().zeros(self.observation_size, _numpy().float32)
        self._check(_lib.dl_observation_tensor(self._handle, seat, out.ctypes.data))
        return out

    def state_tensor(self):
        """The observation of the seat to move, then every seat's hand (state_size floats)."""
        out = _numpy().zeros(self.state_size, _numpy().float32)
        self._check(_lib.dl_state_tensor(self._handle, out.ctypes.data))
        return out

    def deal_shape(self):
        """([tiles dealt to each seat], stock size) of every hand of these rules."""
        sizes = (ctypes.c_int * MAX_SEATS)()
        stock = self._check(_lib.dl_deal_shape(self._handle, sizes))
        return list(sizes[:self.seats]), stock

    def hand_winner(self):
        """The side that won the hand just ended, between hands or once the match is over
        (-1 in a hand, before the first, or where no side won it)."""
        return _lib.dl_hand_winner(self._handle)

    def returns(self):
        """Per seat, once the match is over: 1 for the winning side's seats, -1 for the
        others, 0 for all on a draw; 0 for all before."""
        if self.status != MATCH_OVER:
            return [0.0] * self.seats
        winner = self.match_winner()
        return [0.0 if winner < 0 else 1.0 if self.side_of_seat[s] == winner else -1.0 for s in range(self.seats)]


class Bot:
    """A dominolab agent (any spec: level:5, pimc, heuristic:deny=2, ...) for one seat of
    `game`'s rules. It keeps `game` (bot.game) alive; asked about a game of other rules it
    raises DominolabError."""

    def __init__(self, game, spec, seat, seed=1):
        if not isinstance(game, Game):
            raise DominolabTypeError("game: a dominolab.Game, not %r" % (game,))
        spec = _text("spec", spec)
        seat = game._seat(seat)
        seed = _seed("seed", seed)
        error = ctypes.create_string_buffer(ERROR_SIZE)
        self._handle = _lib.dl_bot_create(game._handle, spec.encode(), seat, seed, error, ERROR_SIZE)
        if not self._handle:
            raise DominolabError(_words(error.value))
        # the agent was made for this game's rules: the game lives as long as its bot
        self.game = game
        self.spec, self.seat = spec, seat
        self._move = Move()

    def __del__(self):
        if getattr(self, "_handle", None):
            _lib.dl_bot_destroy(self._handle)
            self._handle = None

    def __call__(self, game):
        if not isinstance(game, Game):
            raise DominolabTypeError("game: a dominolab.Game, not %r" % (game,))
        if _lib.dl_bot_move(self._handle, game._handle, ctypes.byref(self._move)) < 0:
            raise DominolabError(_words(_lib.dl_game_error(game._handle)))
        return Move.from_buffer_copy(self._move)


def _opponents(opponents, seats):
    """{seat: agent} checked against a game of `seats` seats."""
    if opponents is None:
        return {}
    if not isinstance(opponents, Mapping):
        raise DominolabTypeError("opponents: a dict {seat: agent spec or callable}, not %r" % (opponents,))
    allowed = "0 to %d (the game has %d seats)" % (seats - 1, seats)
    return {_integer("opponents seat", seat, 0, seats - 1, allowed): _agent("opponents[%r]" % (seat,), agent)
            for seat, agent in opponents.items()}


class Env:
    """A match as an environment, in the manner of OpenSpiel and PettingZoo.

    env = Env("bergen", players=2, opponents={1: "level:5"})
    observation = env.reset(seed=3)          # the seat to move's view
    while not env.match_over:
        observation, rewards = env.step(pick(observation, env.legal_moves()))

    Seats in `opponents` are played by dominolab agents (a spec) or by Python callables
    (callable(observation, moves) -> one of the moves), inside reset and step, so the
    caller only ever sees its own seats' decisions. step returns, per side, the points
    scored since the last step; when a hand ends they hold its awards too
    (`hand_over`), and when the match ends `match_rewards` gives +1 to the winning side,
    -1 to the others (0 each on a draw). The game's settings, the opponents' seats and
    their specs are checked here, not at the first reset.
    """

    def __init__(self, game="bergen", preset=None, players=0, options=None, opponents=None):
        probe = Game(game, preset, players, options)
        self._settings = (game, preset, players, _options(options))
        self._seats = probe.seats
        self.opponents = _opponents(opponents, probe.seats)
        for seat, agent in self.opponents.items():
            if isinstance(agent, str):
                Bot(probe, agent, seat)
        self.game = None

    def _require_match(self):
        if self.game is None:
            raise DominolabError("no match yet: call reset() first")
        return self.game

    def reset(self, seed=1):
        seed = _seed("seed", seed)
        game, preset, players, options = self._settings
        self.game = Game(game, preset, players, options, seed)
        opponents = _opponents(self.opponents, self.game.seats)
        # each bot its own stream: seat s plays from seed + s, counted modulo 2**64
        self._bots = {seat: Bot(self.game, agent, seat, (seed + seat) % (UINT64_MAX + 1)) if isinstance(agent, str)
                      else agent for seat, agent in opponents.items()}
        self._last_scores = [0] * self.game.sides
        self.hand_over = False
        self._advance()
        return self.observation()

    @property
    def match_over(self):
        return self._require_match().status == MATCH_OVER

    @property
    def to_move(self):
        return self._require_match().to_move

    def legal_moves(self):
        return self._require_match().legal_moves()

    def observation(self, seat=None):
        game = self._require_match()
        if seat is None:
            seat = game.to_move if game.to_move >= 0 else 0
        return game.observation(seat)

    def step(self, move):
        """Plays `move` (a Move, or its index in legal_moves()) for the seat to move, then
        the opponents' moves up to the next decision of a seat of yours."""
        game = self._require_match()
        if game.status == MATCH_OVER:
            raise DominolabError("move: the match is over (reset() starts another)")
        before = game.status
        if isinstance(move, Move):
            game.apply(move)
        elif not isinstance(move, bool) and hasattr(type(move), "__index__"):
            game.step(move)
        else:
            raise DominolabTypeError("move: a dominolab.Move or its index in legal_moves(), not %r" % (move,))
        self.hand_over = before == IN_HAND and game.status != IN_HAND
        self._advance()
        scores = game.scores()
        rewards = [now - last for now, last in zip(scores, self._last_scores)]
        self._last_scores = scores
        return (self.observation() if not self.match_over else None), rewards

    def match_rewards(self):
        game = self._require_match()
        winner = game.match_winner()
        if game.status != MATCH_OVER or winner < 0:
            return [0] * game.sides
        return [1 if side == winner else -1 for side in range(game.sides)]

    def _advance(self):
        """Deals, and plays the opponents, up to a decision of one of the caller's seats."""
        while self.game.status != MATCH_OVER:
            if self.game.status == BETWEEN_HANDS:
                self.game.deal()
                continue
            seat = self.game.to_move
            agent = self._bots.get(seat)
            if agent is None:
                return
            if isinstance(agent, Bot):
                self.game.apply(agent(self.game))
                continue
            moves = self.game.legal_moves()
            move = agent(self.game.observation(seat), moves)
            if not isinstance(move, Move) or move not in moves:
                raise DominolabError("opponents[%d]: the callable returned %r, not one of the legal moves it was "
                                     "given" % (seat, move))
            self.game.apply(move)

    def play(self, agents, seed=1):
        """A whole match with an agent at every seat (a spec or a callable, one per seat);
        the final scores per side and the winning side (-1: a draw)."""
        seats = self._seats
        if isinstance(agents, (str, bytes)) or not isinstance(agents, (list, tuple)):
            raise DominolabTypeError("agents: a list of %d agents (specs or callables), not %r" % (seats, agents))
        if len(agents) != seats:
            raise DominolabError("agents: one agent for each of the %d seats, not %d" % (seats, len(agents)))
        self.opponents = {seat: _agent("agents[%d]" % seat, agent) for seat, agent in enumerate(agents)}
        self.reset(seed)
        return self.game.scores(), self.game.match_winner()


def _typed_column(cells):
    """A column's cells typed as a whole, so that every row of a column has one type: int
    where every filled cell is a whole number, float where every one is a number (NaN as
    float('nan')), else str; an empty cell is None. int() and float() read a column at C
    speed; they would also take blanks around a number, '_' between digits and non-ASCII
    digits, which C never writes in one, so a column holding any stays text."""
    empty = "" in cells
    filled = [cell for cell in cells if cell] if empty else cells
    text = ",".join(filled)
    numeric = text.isascii() and not set(text) & set(" \t\n\r\f\v_")
    for convert in (int, float) if numeric else ():
        try:
            values = list(map(convert, filled))
        except ValueError:
            continue
        if not empty:
            return values
        values = iter(values)
        return [next(values) if cell else None for cell in cells]
    return [cell or None for cell in cells] if empty else list(cells)


def _read_csv(path):
    """The rows of a CSV file dominolab wrote: a dict per row of its columns, typed."""
    with open(path, newline="") as f:
        lines = list(csv.reader(f))
    if not lines:
        return []
    header, width = lines[0], len(lines[0])
    body = [line if len(line) >= width else line + [""] * (width - len(line)) for line in lines[1:]]
    typed = [_typed_column(list(map(operator.itemgetter(k), body))) for k in range(width)]
    return [dict(zip(header, values)) for values in zip(*typed)]


def _file_name(name, value):
    """A plain file name inside the study's directory, never a path out of it."""
    _text(name, value)
    if os.sep in value or (os.altsep and os.altsep in value) or value in (".", ".."):
        raise DominolabError("%s: %r is no plain file name of the study's directory" % (name, value))
    return value


def _run(words):
    """`dominolab WORDS...` run in this process by the library (dl_run, lib/dominolab_run.h),
    its output kept from the screen. DominolabError with the command's message unless it
    succeeds; KeyboardInterrupt if Ctrl-C (SIGINT) stopped it."""
    array = (ctypes.c_char_p * (len(words) + 1))(*[os.fsencode(word) for word in words], None)
    size = 8 * ERROR_SIZE  # a study's message may take a few lines
    error = ctypes.create_string_buffer(size)
    status = _lib.dl_run(len(words), array, 0, error, size)
    if status == 130:
        raise KeyboardInterrupt(_words(error.value))
    if status != 0:
        raise DominolabError(_words(error.value))


def run_study(command, *arguments, files=("summary.csv",)):
    """Runs `dominolab COMMAND ARGUMENTS... --out DIR` into a temporary directory, in this
    process through the library, and returns {file name: rows}, each row a dict of the CSV's
    columns with typed values (pandas.DataFrame(rows) takes it). COMMAND is sim, merge,
    tournament, sprt, balance, calibrate or analyze; arguments are strs or numbers; files a
    list of file names of the output directory. The commands that take --quiet get it."""
    command = _argument_text("command", command)
    for k, argument in enumerate(arguments):
        if isinstance(argument, bool) or not isinstance(argument, (str, int, float)):
            raise DominolabTypeError("arguments[%d]: a str or a number, not %r" % (k, argument))
        if isinstance(argument, str):
            _text("arguments[%d]" % k, argument, empty=True)
    if isinstance(files, (str, bytes)) or not isinstance(files, (list, tuple)):
        raise DominolabTypeError("files: a list of file names, not %r" % (files,))
    files = [_file_name("files[%d]" % k, name) for k, name in enumerate(files)]
    words = [command, *map(str, arguments)]
    # nobody sees the progress here, and quiet spares a study the trial runs that time it
    if command in ("sim", "tournament", "sprt", "balance", "calibrate") and "--quiet" not in words:
        words.append("--quiet")
    with tempfile.TemporaryDirectory(prefix="dominolab-") as directory:
        out = os.path.join(directory, "out")
        _run([*words, "--out", out])
        return {name: _read_csv(os.path.join(out, name)) for name in files if os.path.exists(os.path.join(out, name))}


def sim(game="bergen", players=2, agents="random,greedy", deals=None, matches=None, seed=1, threads=0,
        per_deal=False, preset=None, **options):
    """`dominolab sim` at the C speed, in this process, on every core unless `threads`:
    summary.csv's rows, and deals.csv's with per_deal, typed. `deals` (1000 unless given)
    or `matches`, not both. Agents are one str "a,b" or a list of specs. `preset` names
    one of the game's presets (dominolab rules); extra keywords are rule options over it
    (target=100)."""
    game = _argument_text("game", game)
    players = _integer("players", players, 1, MAX_SEATS)
    if isinstance(agents, (list, tuple)):
        agents = ",".join(_argument_text("agents[%d]" % k, agent) for k, agent in enumerate(agents))
    agents = _argument_text("agents", agents)
    if deals is not None and matches is not None:
        raise DominolabError("deals and matches: give one of them, not both")
    arguments = ["--game", game, "--players", players, "--agents", agents, "--seed", _seed("seed", seed), "--quiet"]
    if preset is not None:
        arguments += ["--preset", _argument_text("preset", preset)]
    if matches is not None:
        arguments += ["--matches", _integer("matches", matches, 1, 2 ** 63 - 1, "1 or more")]
    else:
        arguments += ["--deals", 1000 if deals is None else _integer("deals", deals, 1, 2 ** 63 - 1, "1 or more")]
    threads = _integer("threads", threads, 0, 4096, "0 (every core) to 4096")
    if threads:
        arguments += ["--threads", threads]
    if not isinstance(per_deal, bool):
        raise DominolabTypeError("per_deal: True or False, not %r" % (per_deal,))
    if per_deal:
        arguments.append("--per-deal")
    for key, value in options.items():
        arguments += ["--option", "%s=%s" % (key, _option_value(key, value))]
    rows = run_study("sim", *arguments, files=("summary.csv", "deals.csv"))
    return rows if per_deal else rows["summary.csv"]


def version():
    return _lib.dl_version().decode()


from .learning import AECEnv, VectorEnv, load_game  # noqa: E402  (they build on the classes above)
