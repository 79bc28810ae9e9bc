"""dominolab - domino games and their bots from Python, over the C library (docs/python.md).

    import dominolab
    env = dominolab.Env("partnership", players=4)
    env.reset(seed=1)
    while not env.match_over:
        env.step(env.legal_moves()[0])

The rules and the bots are dominolab's own, run by libdominolab through ctypes: nothing is
compiled for Python. Whole simulations and studies run the dominolab command and return
their CSV rows (`sim`, `run_study`), ready for pandas.DataFrame.
"""
import csv
import ctypes
import ctypes.util
import json
import os
import shutil
import subprocess
import tempfile

__all__ = ["Env", "Game", "Move", "DominolabError", "sim", "run_study", "library_path"]

BETWEEN_HANDS, IN_HAND, MATCH_OVER = 0, 1, 2
MOVE_KINDS = ("play", "draw", "pass", "end_turn", "choice", "close", "meld")
MAX_MOVES, MAX_SEATS, ERROR_SIZE = 768, 8, 512


class DominolabError(Exception):
    """A refused game, option, move or agent spec; the message says which and why."""


class Move(ctypes.Structure):
    """A move as the engine numbers it: kind (MOVE_KINDS), tile, end (255: a lead), extra."""
    _fields_ = [("kind", ctypes.c_ubyte), ("tile", ctypes.c_ubyte), ("end", ctypes.c_ubyte), ("extra", ctypes.c_ubyte)]

    def __repr__(self):
        return "Move(%s, tile=%d, end=%d, extra=%d)" % (MOVE_KINDS[self.kind], self.tile, self.end, self.extra)

    def __eq__(self, other):
        return isinstance(other, Move) and bytes(self) == bytes(other)

    def __hash__(self):
        return hash(bytes(self))


def _here():
    return os.path.dirname(os.path.abspath(__file__))


def library_path():
    """Where libdominolab is taken from: $DOMINOLAB_LIBRARY, else the build tree next to
    this package (build/lib/), else the system's library path."""
    if os.environ.get("DOMINOLAB_LIBRARY"):
        return os.environ["DOMINOLAB_LIBRARY"]
    root = os.path.dirname(os.path.dirname(_here()))
    for build in ("build", "build-dev"):
        candidate = os.path.join(root, build, "lib", "libdominolab.so")
        if os.path.exists(candidate):
            return candidate
    found = ctypes.util.find_library("dominolab")
    if not found:
        raise DominolabError("libdominolab not found: build it (cmake --build build), install it, "
                             "or set DOMINOLAB_LIBRARY")
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
        "dl_scores": (None, [p, ctypes.POINTER(i)]),
        "dl_match_winner": (i, [p]),
        "dl_hand": (i, [p, i, s, ctypes.c_size_t]),
        "dl_move_text": (None, [p, Move, s, ctypes.c_size_t]),
        "dl_observation": (i, [p, i, s, ctypes.c_size_t]),
        "dl_moves_json": (i, [p, s, ctypes.c_size_t]),
        "dl_bot_create": (p, [p, s, i, u64, s, ctypes.c_size_t]),
        "dl_bot_destroy": (None, [p]),
        "dl_bot_move": (i, [p, p, ctypes.POINTER(Move)]),
        "dl_record_open": (i, [p, s]),
        "dl_record_close": (i, [p]),
        "dl_record_check": (i, [s, s, ctypes.c_size_t]),
        "dl_game_from_record": (p, [s, i, s, ctypes.c_size_t]),
    }
    for name, (result, arguments) in signatures.items():
        function = getattr(lib, name)
        function.restype = result
        function.argtypes = arguments
    return lib


_lib = _load()


def _text(function, *arguments):
    """A function that writes text like snprintf: called again with room enough."""
    size = 4096
    while True:
        buffer = ctypes.create_string_buffer(size)
        length = function(*arguments, buffer, size)
        if length < 0:
            raise DominolabError("no text for this position")
        if length < size:
            return buffer.value.decode()
        size = length + 1


class Game:
    """A match of one game (bergen, double_bergen, partnership, bingo): the rules own it,
    you move. Options are "key=value" strings or a dict (docs/rules/)."""

    def __init__(self, game="bergen", preset=None, players=0, options=None, seed=1, _handle=None):
        if _handle:
            self._adopt(_handle, game)
            return
        if isinstance(options, dict):
            options = ["%s=%s" % (key, str(value).lower() if isinstance(value, bool) else value)
                       for key, value in options.items()]
        options = list(options or [])
        array = (ctypes.c_char_p * (len(options) + 1))(*[o.encode() for o in options], None)
        error = ctypes.create_string_buffer(ERROR_SIZE)
        self._handle = _lib.dl_game_create(game.encode(), preset.encode() if preset else None, players, array,
                                           seed, error, ERROR_SIZE)
        if not self._handle:
            raise DominolabError(error.value.decode())
        self._adopt(self._handle, game)

    @classmethod
    def from_record(cls, path, moves=-1):
        """The match of a game record (docs/record-format.md) at the position after its
        first `moves` moves, or at its end: to look at, ask a bot about, or play on."""
        error = ctypes.create_string_buffer(ERROR_SIZE)
        handle = _lib.dl_game_from_record(str(path).encode(), moves, error, ERROR_SIZE)
        if not handle:
            raise DominolabError(error.value.decode())
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
            raise DominolabError(_lib.dl_game_error(self._handle).decode())
        return result

    @property
    def status(self):
        return _lib.dl_status(self._handle)

    @property
    def to_move(self):
        return _lib.dl_to_move(self._handle)

    def deal(self, hands=None, stock=""):
        """The next hand, from the match's seed; or the given one: a text of tiles per seat
        ("0-0 1-3 ...") and the stock in draw order."""
        if hands is None:
            return self._check(_lib.dl_deal(self._handle))
        array = (ctypes.c_char_p * len(hands))(*[h.encode() for h in hands])
        return self._check(_lib.dl_set_deal(self._handle, array, stock.encode()))

    def legal_moves(self):
        count = _lib.dl_legal_moves(self._handle, self._moves)
        return [Move(m.kind, m.tile, m.end, m.extra) for m in self._moves[:count]]

    def apply(self, move):
        self._check(_lib.dl_apply(self._handle, move))

    def step(self, index):
        """Plays the index-th legal move; returns how many legal moves follow (0: the hand
        is over). One call into the library, for fast loops."""
        return self._check(_lib.dl_step(self._handle, index))

    def scores(self):
        _lib.dl_scores(self._handle, self._scores)
        return list(self._scores[:self.sides])

    def match_winner(self):
        return _lib.dl_match_winner(self._handle)

    def move_points(self, move):
        return _lib.dl_move_points(self._handle, move)

    def move_text(self, move):
        buffer = ctypes.create_string_buffer(128)
        _lib.dl_move_text(self._handle, move, buffer, 128)
        return buffer.value.decode()

    def hand(self, seat):
        """The tiles `seat` holds, as "a-b" names."""
        buffer = ctypes.create_string_buffer(1024)
        _lib.dl_hand(self._handle, seat, buffer, 1024)
        return buffer.value.decode().split()

    def observation(self, seat):
        """What `seat` may know, as docs/protocol.md's observation (a dict)."""
        return json.loads(_text(_lib.dl_observation, self._handle, seat))

    def moves_described(self):
        """The legal moves with their words and points (docs/protocol.md's moves)."""
        return json.loads(_text(_lib.dl_moves_json, self._handle))

    def record(self, path):
        """Writes the match's record to `path` (docs/record-format.md), from the first deal."""
        self._check(_lib.dl_record_open(self._handle, path.encode()))

    def close_record(self):
        self._check(_lib.dl_record_close(self._handle))


class Bot:
    """A dominolab agent (any spec: level:5, pimc, heuristic:deny=2, ...) for one seat."""

    def __init__(self, game, spec, seat, seed=1):
        error = ctypes.create_string_buffer(ERROR_SIZE)
        self._handle = _lib.dl_bot_create(game._handle, spec.encode(), seat, seed, error, ERROR_SIZE)
        if not self._handle:
            raise DominolabError(error.value.decode())
        self.spec, self.seat = spec, seat
        self._move = Move()

    def __del__(self):
        if getattr(self, "_handle", None):
            _lib.dl_bot_destroy(self._handle)
            self._handle = None

    def __call__(self, game):
        if _lib.dl_bot_move(self._handle, game._handle, ctypes.byref(self._move)) < 0:
            raise DominolabError("it is not seat %d's turn" % self.seat)
        return Move(self._move.kind, self._move.tile, self._move.end, self._move.extra)


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
    -1 to the others (0 each on a draw).
    """

    def __init__(self, game="bergen", preset=None, players=0, options=None, opponents=None):
        self._settings = (game, preset, players, options)
        self.opponents = dict(opponents or {})
        self.game = None

    def reset(self, seed=1):
        game, preset, players, options = self._settings
        self.game = Game(game, preset, players, options, seed)
        self._bots = {seat: Bot(self.game, agent, seat, seed + seat) if isinstance(agent, str) else agent
                      for seat, agent in self.opponents.items()}
        self._last_scores = [0] * self.game.sides
        self.hand_over = False
        self._advance()
        return self.observation()

    @property
    def match_over(self):
        return self.game.status == MATCH_OVER

    @property
    def to_move(self):
        return self.game.to_move

    def legal_moves(self):
        return self.game.legal_moves()

    def observation(self, seat=None):
        seat = self.game.to_move if seat is None else seat
        return self.game.observation(seat if seat >= 0 else 0)

    def step(self, move):
        """Plays `move` (a Move, or its index in legal_moves()) for the seat to move, then
        the opponents' moves up to the next decision of a seat of yours."""
        before = self.game.status
        if isinstance(move, int):
            self.game.step(move)
        else:
            self.game.apply(move)
        self.hand_over = before == IN_HAND and self.game.status != IN_HAND
        self._advance()
        scores = self.game.scores()
        rewards = [now - last for now, last in zip(scores, self._last_scores)]
        self._last_scores = scores
        return (self.observation() if not self.match_over else None), rewards

    def match_rewards(self):
        winner = self.game.match_winner()
        if not self.match_over or winner < 0:
            return [0] * self.game.sides
        return [1 if side == winner else -1 for side in range(self.game.sides)]

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
            else:
                moves = self.game.legal_moves()
                self.game.apply(agent(self.game.observation(seat), moves))

    def play(self, agents, seed=1):
        """A whole match with an agent at every seat (a spec or a callable); the final
        scores per side and the winning side (-1: a draw)."""
        self.opponents = dict(enumerate(agents))
        self.reset(seed)
        return self.game.scores(), self.game.match_winner()


def _read_csv(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def run_study(command, *arguments, files=("summary.csv",)):
    """Runs `dominolab COMMAND ARGUMENTS... --out DIR` in a temporary directory and returns
    {file name: rows}, each row a dict of the CSV's columns (pandas.DataFrame(rows) takes it)."""
    with tempfile.TemporaryDirectory(prefix="dominolab-") as directory:
        out = os.path.join(directory, "out")
        done = subprocess.run([_binary(), command, *map(str, arguments), "--out", out],
                              capture_output=True, text=True)
        if done.returncode != 0:
            raise DominolabError(done.stderr.strip() or "dominolab %s exited %d" % (command, done.returncode))
        return {name: _read_csv(os.path.join(out, name)) for name in files if os.path.exists(os.path.join(out, name))}


def sim(game="bergen", players=2, agents="random,greedy", deals=None, matches=None, seed=1, threads=0,
        per_deal=False, **options):
    """`dominolab sim` at the C speed, on every core unless `threads`: summary.csv's rows,
    and deals.csv's with per_deal. Extra keywords are rule options (target=100)."""
    arguments = ["--game", game, "--players", players, "--agents", agents, "--seed", seed, "--quiet"]
    arguments += ["--matches", matches] if matches else ["--deals", deals or 1000]
    if threads:
        arguments += ["--threads", threads]
    if per_deal:
        arguments.append("--per-deal")
    for key, value in options.items():
        arguments += ["--option", "%s=%s" % (key, str(value).lower() if isinstance(value, bool) else value)]
    rows = run_study("sim", *arguments, files=("summary.csv", "deals.csv"))
    return rows if per_deal else rows["summary.csv"]


def version():
    return _lib.dl_version().decode()
