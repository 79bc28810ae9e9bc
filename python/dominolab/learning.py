"""dominolab.learning - the games as learning code expects them (docs/python.md, "Learning"):

- VectorEnv: many games stepped in one call into the library, writing observations, legal
  masks, rewards and episode ends straight into numpy arrays;
- AECEnv: PettingZoo's agent-environment-cycle loop (agent_iter, last, step,
  observation_space, action_space), without needing PettingZoo;
- load_game: OpenSpiel's game and state API (new_initial_state, current_player,
  legal_actions, chance_outcomes, apply_action, returns, observation_tensor, clone),
  without needing OpenSpiel. The deal is dealt by chance one tile at a time, as OpenSpiel's
  domino games deal.

Actions and observations are the library's fixed numbering and vectors (Game.num_actions,
Game.observation_tensor), the same as the `net` agent reads.
"""
import ctypes

from . import (ERROR_SIZE, MATCH_OVER, BETWEEN_HANDS, MAX_SEATS, DominolabError, Game, _integer, _lib, _numpy,
               _options, _seed, _text, _words)

__all__ = ["VectorEnv", "AECEnv", "load_game", "Discrete", "Box", "Dict"]

_p, _i, _s, _u64, _size = ctypes.c_void_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint64, ctypes.c_size_t
_SIGNATURES = {  # the vector's calls (Game's are in __init__'s table)
    "dl_vec_create": (_p, [_s, _s, _i, ctypes.POINTER(_s), _i, _u64, _i, _i, _s, _size]),
    "dl_vec_destroy": (None, [_p]), "dl_vec_error": (_s, [_p]),
    "dl_vec_count": (_i, [_p]), "dl_vec_seats": (_i, [_p]), "dl_vec_action_count": (_i, [_p]),
    "dl_vec_observation_size": (_i, [_p]),
    "dl_vec_reset": (_i, [_p, _u64, _p, _p, _p]),
    "dl_vec_step": (_i, [_p, _p, _p, _p, _p, _p, _p]),
    "dl_vec_random_actions": (_i, [_p, _p]),
}
for _name, (_result, _arguments) in _SIGNATURES.items():
    _function = getattr(_lib, _name)
    _function.restype = _result
    _function.argtypes = _arguments

EPISODES = {"hand": 0, "match": 1}
REWARDS = {"points": 0, "win": 1}


def _choice(name, value, choices):
    if not isinstance(value, str) or value not in choices:
        raise DominolabError("%s: one of %s, not %r" % (name, ", ".join(sorted(choices)), value))
    return choices[value]


# ---------------------------------------------------------------- spaces

class Discrete:
    """The actions 0 .. n-1, as gymnasium.spaces.Discrete describes them."""

    def __init__(self, n, seed=None):
        self.n, self.shape, self.dtype = n, (), _numpy().int64
        self._rng = _numpy().random.default_rng(seed)

    def sample(self, mask=None):
        """A uniform action, among those where mask (int8 of n) is 1 when given."""
        if mask is None:
            return int(self._rng.integers(self.n))
        legal = _numpy().flatnonzero(mask)
        if legal.size == 0:
            raise DominolabError("sample: the mask allows no action")
        return int(legal[self._rng.integers(legal.size)])

    def contains(self, x):
        try:
            return 0 <= int(x) < self.n and int(x) == x
        except (TypeError, ValueError):
            return False

    def __repr__(self):
        return "Discrete(%d)" % self.n


class Box:
    """A fixed-shape array of numbers in [low, high], as gymnasium.spaces.Box."""

    def __init__(self, low, high, shape, dtype):
        self.low, self.high, self.shape, self.dtype = low, high, tuple(shape), dtype

    def contains(self, x):
        x = _numpy().asarray(x)
        return x.shape == self.shape and bool(((x >= self.low) & (x <= self.high)).all())

    def __repr__(self):
        return "Box(%s, %s, %s, %s)" % (self.low, self.high, self.shape, _numpy().dtype(self.dtype).name)


class Dict:
    """Named spaces, as gymnasium.spaces.Dict."""

    def __init__(self, spaces):
        self.spaces = dict(spaces)

    def __getitem__(self, key):
        return self.spaces[key]

    def contains(self, x):
        return isinstance(x, dict) and x.keys() == self.spaces.keys() and all(
            self.spaces[k].contains(v) for k, v in x.items())

    def __repr__(self):
        return "Dict(%s)" % ", ".join("%s: %r" % item for item in self.spaces.items())


# ---------------------------------------------------------------- many games at once

class VectorEnv:
    """num_envs games of one configuration, each always at a decision, stepped in one call.

    env = VectorEnv("partnership", num_envs=1024, seed=1)
    observations, masks, to_move = env.reset()
    while training:
        actions = policy(observations, masks)              # one legal action per game
        observations, masks, to_move, rewards, dones = env.step(actions)

    The arrays are the environment's own (no copy): the next step overwrites them.
    observations (num_envs, observation_size) float32, from the seat to move; masks
    (num_envs, num_actions) int8; to_move (num_envs,) int32; rewards (num_envs, seats)
    float32: the step's points of each seat's side ("points", negated where the lower score
    wins) or +1/-1 at an episode's end ("win"); dones (num_envs,) bool: the game's episode
    (a hand, or a match) ended in this step, and its row is already the next episode's first
    decision. The same seed and actions give the same games."""

    def __init__(self, game="bergen", preset=None, players=0, options=None, num_envs=64, seed=1, episode="hand",
                 reward="points"):
        np = _numpy()
        name = _text("game", game)
        if preset is not None:
            _text("preset", preset)
        players = _integer("players", players, 0, MAX_SEATS, "0 (the preset's) or 1 to %d" % MAX_SEATS)
        options = _options(options)
        num_envs = _integer("num_envs", num_envs, 1, 1 << 24)
        self.seed = _seed("seed", seed)
        array = (ctypes.c_char_p * (len(options) + 1))(*[o.encode() for o in options], None)
        error = ctypes.create_string_buffer(ERROR_SIZE)
        self._handle = _lib.dl_vec_create(name.encode(), preset.encode() if preset else None, players, array, num_envs,
                                          self.seed, _choice("episode", episode, EPISODES),
                                          _choice("reward", reward, REWARDS), error, ERROR_SIZE)
        if not self._handle:
            raise DominolabError(_words(error.value))
        self.game, self.num_envs, self.episode, self.reward = name, num_envs, episode, reward
        self.seats = _lib.dl_vec_seats(self._handle)
        self.num_actions = _lib.dl_vec_action_count(self._handle)
        self.observation_size = _lib.dl_vec_observation_size(self._handle)
        self.observations = np.zeros((num_envs, self.observation_size), np.float32)
        self.masks = np.zeros((num_envs, self.num_actions), np.int8)
        self.to_move = np.zeros(num_envs, np.int32)
        self.rewards = np.zeros((num_envs, self.seats), np.float32)
        self.dones = np.zeros(num_envs, np.bool_)
        self._actions = np.zeros(num_envs, np.int32)
        self.placed = 0  # tiles placed in all the steps so far
        self.reset(self.seed)

    def __del__(self):
        if getattr(self, "_handle", None):
            _lib.dl_vec_destroy(self._handle)
            self._handle = None

    def _fail(self):
        raise DominolabError(_words(_lib.dl_vec_error(self._handle)))

    def reset(self, seed=None):
        """Every game afresh, from `seed` (the environment's when None)."""
        if seed is not None:
            self.seed = _seed("seed", seed)
        if _lib.dl_vec_reset(self._handle, self.seed, self.observations.ctypes.data, self.masks.ctypes.data,
                             self.to_move.ctypes.data) < 0:
            self._fail()
        return self.observations, self.masks, self.to_move

    def random_actions(self):
        """A uniform legal action for each game, from the environment's own generator."""
        if _lib.dl_vec_random_actions(self._handle, self._actions.ctypes.data) < 0:
            self._fail()
        return self._actions

    def step(self, actions):
        """Plays actions[i] in game i: each must be legal (else DominolabError, nothing played)."""
        np = _numpy()
        if actions is not self._actions:
            given = np.asarray(actions)
            if given.shape != (self.num_envs,) or not np.issubdtype(given.dtype, np.integer):
                raise DominolabError("actions: %d integers, one per game, not an array of shape %s and type %s"
                                     % (self.num_envs, given.shape, given.dtype))
            if given.size and (given.min() < 0 or given.max() >= self.num_actions):
                bad = int(np.flatnonzero((given < 0) | (given >= self.num_actions))[0])
                raise DominolabError("actions[%d]: 0 to %d, not %d" % (bad, self.num_actions - 1, int(given[bad])))
            np.copyto(self._actions, given, casting="unsafe")  # in range: no value changes
        placed = _lib.dl_vec_step(self._handle, self._actions.ctypes.data, self.observations.ctypes.data,
                                  self.masks.ctypes.data, self.to_move.ctypes.data, self.rewards.ctypes.data,
                                  self.dones.ctypes.data)
        if placed < 0:
            self._fail()
        self.placed += placed
        return self.observations, self.masks, self.to_move, self.rewards, self.dones


# ---------------------------------------------------------------- PettingZoo's loop

class AECEnv:
    """One match (or hand) as PettingZoo's AEC environment: agents "seat_0", "seat_1", ...

    env = AECEnv("bergen", players=2)
    env.reset(seed=1)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        action = None if termination or truncation else env.action_space(agent).sample(observation["action_mask"])
        env.step(action)

    Observations are {"observation": float32 vector, "action_mask": int8 vector}. Rewards:
    "win" (default) +1/-1 to each seat at the episode's end (0 on a draw), or "points", each
    step's points of the seat's side. Hands are dealt by the rules, from the reset's seed."""

    metadata = {"name": "dominolab", "is_parallelizable": False, "render_modes": []}

    def __init__(self, game="bergen", preset=None, players=0, options=None, episode="match", reward="win"):
        self._config = dict(game=game, preset=preset, players=players, options=options)
        self._episode = _choice("episode", episode, EPISODES)
        self._reward = _choice("reward", reward, REWARDS)
        self.game = Game(**self._config)
        self.possible_agents = ["seat_%d" % s for s in range(self.game.seats)]
        self.metadata = dict(self.metadata, name="dominolab_" + self.game.name)
        np = _numpy()
        self._observation_space = Dict({
            "observation": Box(-np.inf, np.inf, (self.game.observation_size,), np.float32),
            "action_mask": Box(0, 1, (self.game.num_actions,), np.int8)})
        self._action_space = Discrete(self.game.num_actions)
        self.agents = []

    def observation_space(self, agent):
        self._seat_of(agent)
        return self._observation_space

    def action_space(self, agent):
        self._seat_of(agent)
        return self._action_space

    def _seat_of(self, agent):
        if agent not in self.possible_agents:
            raise DominolabError("agent: one of %s, not %r" % (", ".join(self.possible_agents), agent))
        return self.possible_agents.index(agent)

    def reset(self, seed=None, options=None):
        self.game = Game(seed=1 if seed is None else seed, **self._config)
        self._action_space = Discrete(self.game.num_actions, seed)
        self.game.deal()
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._scores = self.game.scores()
        self.agent_selection = self.possible_agents[self.game.to_move]

    def observe(self, agent):
        seat = self._seat_of(agent)
        mask = self.game.action_mask() if self.game.to_move == seat and not self.terminations[agent] else \
            _numpy().zeros(self.game.num_actions, _numpy().int8)
        return {"observation": self.game.observation_tensor(seat), "action_mask": mask}

    def last(self, observe=True):
        agent = self.agent_selection
        return (self.observe(agent) if observe else None, self._cumulative_rewards[agent], self.terminations[agent],
                self.truncations[agent], self.infos[agent])

    def agent_iter(self, max_iter=2 ** 63):
        for _ in range(max_iter):
            if not self.agents:
                return
            yield self.agent_selection

    def _episode_over(self):
        status = self.game.status
        return status == MATCH_OVER or (self._episode == EPISODES["hand"] and status == BETWEEN_HANDS)

    def _step_rewards(self):
        """The rewards of the move just made, for every seat."""
        game = self.game
        if self._reward == REWARDS["points"]:
            scores, before = game.scores(), self._scores
            self._scores = scores
            return [float(scores[game.side_of_seat[s]] - before[game.side_of_seat[s]]) for s in range(game.seats)]
        if not self._episode_over():
            return [0.0] * game.seats
        if self._episode == EPISODES["match"]:
            return game.returns()
        winner = game.hand_winner()
        return [0.0 if winner < 0 else 1.0 if game.side_of_seat[s] == winner else -1.0 for s in range(game.seats)]

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                raise DominolabError("step: %s's episode is over: its action is None" % agent)
            self.agents.remove(agent)  # PettingZoo's dead step: each ended agent steps once with None
            if self.agents:
                self.agent_selection = self.agents[0]
            return
        self.game.apply_action(action)
        self._cumulative_rewards[agent] = 0.0
        rewards = self._step_rewards()
        for seat, name in enumerate(self.possible_agents):
            self.rewards[name] = rewards[seat]
            self._cumulative_rewards[name] += rewards[seat]
        if self._episode_over():
            for name in self.agents:
                self.terminations[name] = True
            self.agent_selection = self.agents[0]
            return
        while self.game.status == BETWEEN_HANDS:
            self.game.deal()
        self.agent_selection = self.possible_agents[self.game.to_move]

    def close(self):
        pass


# ---------------------------------------------------------------- OpenSpiel's API

CHANCE, TERMINAL = -1, -4  # pyspiel.PlayerId's values


class SpielGame:
    """A game as pyspiel.Game offers it; load_game makes one."""

    def __init__(self, name, preset=None, players=0, options=None, seed=1):
        self._config = dict(game=name, preset=preset, players=players, options=options, seed=seed)
        model = Game(**self._config)
        self._model = model
        self._hand_sizes, self._stock = model.deal_shape()
        dealt = sum(self._hand_sizes) + self._stock
        self._tiles = list(range(_set_tiles(model)))
        self._copies = max(1, dealt // len(self._tiles))

    def num_distinct_actions(self):
        return self._model.num_actions

    def num_players(self):
        return self._model.seats

    def max_chance_outcomes(self):
        return len(self._tiles)

    def observation_tensor_shape(self):
        return [self._model.observation_size]

    def observation_tensor_size(self):
        return self._model.observation_size

    information_state_tensor_shape = observation_tensor_shape
    information_state_tensor_size = observation_tensor_size

    def min_utility(self):
        return -1.0

    def max_utility(self):
        return 1.0

    def new_initial_state(self):
        return SpielState(self, Game(**self._config))

    def __str__(self):
        return "dominolab(%s)" % ",".join("%s=%s" % (k, v) for k, v in self._config.items() if v)


def _set_tiles(game):
    """The tiles of one set: the state tensor adds a hand plane of that many per seat."""
    return (game.state_size - game.observation_size) // game.seats


def load_game(name, **params):
    """A game as pyspiel.load_game gives one: params preset, players, options, seed."""
    unknown = set(params) - {"preset", "players", "options", "seed"}
    if unknown:
        raise DominolabError("load_game: unknown parameters %s (preset, players, options, seed)" % sorted(unknown))
    return SpielGame(name, **params)


class SpielState:
    """A state as pyspiel.State offers it. Between hands it is a chance node that deals one
    tile at a time: seat 0's hand first, then each seat's, then the stock in draw order."""

    def __init__(self, spiel_game, game):
        self._spiel, self._game = spiel_game, game
        self._dealt = []  # the tiles dealt so far this hand
        self._history = []
        self._rewards = [0.0] * game.seats

    def get_game(self):
        return self._spiel

    def clone(self):
        copy = SpielState(self._spiel, self._game.clone())
        copy._dealt, copy._history, copy._rewards = list(self._dealt), list(self._history), list(self._rewards)
        return copy

    def __deepcopy__(self, memo):
        return self.clone()

    def is_terminal(self):
        return self._game.status == MATCH_OVER

    def is_chance_node(self):
        return self._game.status == BETWEEN_HANDS

    def current_player(self):
        if self.is_terminal():
            return TERMINAL
        if self.is_chance_node():
            return CHANCE
        return self._game.to_move

    def _left(self):
        """Copies of each tile not dealt yet this hand."""
        left = {t: self._spiel._copies for t in self._spiel._tiles}
        for t in self._dealt:
            left[t] -= 1
        return left

    def chance_outcomes(self):
        if not self.is_chance_node():
            raise DominolabError("chance_outcomes: not a chance node")
        left = self._left()
        total = sum(left.values())
        return [(t, n / total) for t, n in left.items() if n > 0]

    def legal_actions(self, player=None):
        if self.is_terminal():
            return []
        if self.is_chance_node():
            return [t for t, _ in self.chance_outcomes()]
        self._check_player(player)
        return self._game.legal_actions()

    def legal_actions_mask(self, player=None):
        mask = [0] * (self._spiel.max_chance_outcomes() if self.is_chance_node() else self._spiel.num_distinct_actions())
        for a in self.legal_actions(player):
            mask[a] = 1
        return mask

    def _check_player(self, player):
        if player is not None and player != self._game.to_move:
            raise DominolabError("player %r is not to move (seat %d is)" % (player, self._game.to_move))

    def apply_action(self, action):
        if self.is_terminal():
            raise DominolabError("apply_action: the game is over")
        self._history.append(int(action))
        if self.is_chance_node():
            self._deal_tile(action)
            return
        before = self._game.scores()
        self._game.apply_action(action)
        after, sides = self._game.scores(), self._game.side_of_seat
        self._rewards = [float(after[sides[seat]] - before[sides[seat]]) for seat in range(self._game.seats)]

    def _deal_tile(self, tile):
        left = self._left()
        tile = _integer("action", tile, 0, max(left), "a tile left to deal")
        if left.get(tile, 0) <= 0:
            raise DominolabError("action %d: no copy of that tile is left to deal" % tile)
        self._dealt.append(tile)
        sizes = self._spiel._hand_sizes
        if len(self._dealt) < sum(sizes) + self._spiel._stock:
            return
        names, hands, at = _tile_names(), [], 0
        for size in sizes:
            hands.append(" ".join(names[t] for t in self._dealt[at:at + size]))
            at += size
        stock = " ".join(names[t] for t in self._dealt[at:])
        self._dealt = []
        self._game.deal(hands, stock)

    def returns(self):
        return self._game.returns()

    def rewards(self):
        """The points each seat's side scored in the last move."""
        return list(self._rewards)

    def observation_tensor(self, player=None):
        return self._game.observation_tensor(self._player(player))

    information_state_tensor = observation_tensor

    def _player(self, player):
        if player is None:
            player = self._game.to_move if self._game.to_move >= 0 else 0
        return player

    def action_to_string(self, player, action=None):
        if action is None:
            player, action = self.current_player(), player
        if player == CHANCE:
            return "deal %s" % _tile_names()[action]
        return self._game.action_text(action)

    def history(self):
        return list(self._history)

    def __str__(self):
        return "hand %s, scores %s, to move %s" % (self._game.status, self._game.scores(), self.current_player())


def _tile_names():
    """Tile numbers to names, as docs/rules/README.md §6 numbers them."""
    names = []
    for high in range(13):
        for low in range(high + 1):
            names.append("%d-%d" % (low, high))
    return names
