"""Independent referee for Partnership dominoes game records (record format 1).

Written only from docs/rules/partnership.md (rules R1..R23, options section 2,
ambiguities A1..A25, vectors PT-..), docs/rules/README.md (conventions) and
docs/record-format.md (the JSON Lines format and its "Pinned details"); it shares no
code with the engine.
It re-derives a whole match from the `match` line, the `deal` lines and the players'
decisions (`play`, `pass`, `choice` lines) and raises CheckError at the first line that
disagrees with the rules, or that is missing or extra.

Use check_records.py to check record files from the command line; this module offers
check_file(path), check_lines(parsed_lines) and CheckError. Standard library only.

Readings chosen where the texts are silent (each marked in the code where it applies):
  Z1  An award of 0 points credits nothing, so no `award` line is expected for it
      (a 0 pip score after rounding, a 0 `pass_bonus_next`, a 0 dominao, no hand bonus).
  Z2  The order of the hand-end award lines is not pinned: they are matched as a set.
      A replay writes one `pass_bonus_cancelled` line per team that had bonuses, with
      minus that team's bonus total.
  Z3  `pass_bonus_first` = 0 switches pass bonuses off, whatever `pass_bonus_next` is.
  Z4  R7 vs R8: the hand-over is offered before every free lead (also when R7
      team_if_held would move the lead); after a hand-over the partner leads any tile;
      without one, R7 applies.
  Z5  winner_leads after a won block with blocker_or_next_fewer: the individual who won
      the comparison starts (PT-01). The winning_team_choice decider after a block is
      the lighter member (R6), a partner tie going to the first from next(blocker).
  Z6  Any starter who starts because he holds [6-6] is replaced by the new holder after
      an R2 redeal too (R14 "as for R2's redeals").
  Z7  Void hands: `pips_left` is what the seats hold (the whole deal for a redeal).
  Z8  double_blank_value counts in `pips_left` too (A20: "everywhere").
  Z9  The `starter` choice line follows the hand_end of the hand just won and carries
      that hand's number.
  Z10 draw_highest: the draw is not in the record, so hand 1's `leader` is taken as
      given (inferred from the lines when absent).
  Z11 Unknown keys inside match.options are rejected (README section 4), missing keys
      too except `players`; all listed match-line fields are required; deal.stock = [].
  Z12 penalty_own_pips with bonuses: the bonuses are credited to the team's total.
  Z13 max_hands (project extension, docs/records.md): the cut winner is the team ahead,
      the one with more points, or fewer under penalty_own_pips; under
      winning_team_choice the winners' `starter` choice still comes, between the last
      hand_end and match_end.
  Z14 Every record is a match's first match (R5's later-match starter is not
      representable in the format).
"""

import json

# ---------------------------------------------------------------------------
# Errors
# ---------------------------------------------------------------------------


class CheckError(Exception):
    """A record line disagrees with the rules (or is malformed, missing or extra)."""

    def __init__(self, line, message):
        super().__init__("line %d: %s" % (line, message))
        self.line = line
        self.message = message


# ---------------------------------------------------------------------------
# Tiles, seats, teams (README sections 1, 2, 6; partnership.md section 1)
# ---------------------------------------------------------------------------

SET_MAX = 6                                            # R1: one double-six set
ALL_TILES = [(a, b) for b in range(SET_MAX + 1) for a in range(b + 1)]  # README 6 order
DOUBLE_SIX = (6, 6)
DOUBLE_BLANK = (0, 0)
SEATS = 4                                              # section 1: always 4 players


def next_seat(s):
    """next(s) = s+1 mod 4 (README 2; "the player to the right" in S002, A1)."""
    return (s + 1) % SEATS


def team(s):
    """team(s) = s mod 2: team 0 = seats 0 and 2, team 1 = seats 1 and 3."""
    return s % 2


def partner(s):
    """partner(s) = s+2 mod 4."""
    return (s + 2) % SEATS


def parse_tile(text):
    """'a-b' with a <= b <= 6 -> (a, b); None if malformed (README 1: never 'b-a')."""
    if not isinstance(text, str):
        return None
    parts = text.split("-")
    if len(parts) != 2 or not all(len(p) == 1 and p in "0123456789" for p in parts):
        return None
    a, b = int(parts[0]), int(parts[1])
    if a > b or b > SET_MAX:
        return None
    return (a, b)


def tile_str(t):
    return "%d-%d" % t


def is_double(t):
    return t[0] == t[1]


def pip_value(t, double_blank_value):
    """R12: a tile's pips, [0-0] counting double_blank_value (A20: everywhere)."""
    if t == DOUBLE_BLANK:
        return double_blank_value
    return t[0] + t[1]


def hand_pips(tiles, double_blank_value):
    """R12: a hand's pips is the sum over its tiles."""
    return sum(pip_value(t, double_blank_value) for t in tiles)


def fits(t, number):
    return number in t


def other_number(t, number):
    """Playing t on an end showing `number` makes that end show t's other number."""
    return t[1] if t[0] == number else t[0]


def legal_tiles(tiles, ends):
    """R9: tiles that show the number of at least one end."""
    return [t for t in tiles if fits(t, ends[0]) or fits(t, ends[1])]


def draw_rank(t):
    """R4/A3: 'highest tile' = greater pip total, then the greater larger number."""
    return (t[0] + t[1], t[1])


def draw_winner(drawn):
    """R3/R4: seat whose drawn tile is highest (drawn[s] = tile of seat s)."""
    return max(range(len(drawn)), key=lambda s: draw_rank(drawn[s]))


# ---------------------------------------------------------------------------
# Options (section 2) and presets (section 3)
# ---------------------------------------------------------------------------

ENUMS = {
    "first_hand_leader": ("holder_66", "draw_highest"),
    "next_hand_starter": ("rotate", "winner_leads", "winning_team_choice",
                          "holder_66_each_hand"),
    "lead_double_rule": ("none", "starter_if_held", "team_if_held"),
    "redeal_mode": ("optional", "mandatory"),
    "block_winner_rule": ("team_fewer_pips", "blocker_or_next_fewer", "blocker",
                          "next_after_blocker"),
    "block_tie_rule": ("no_score", "replay", "starting_team_wins", "more_tiles_wins",
                       "last_player_team_loses", "last_player_team_wins"),
    "scoring_mode": ("pips", "penalty_own_pips", "milo", "hands_won"),
    "score_rounding": ("none", "div10_min1", "floor10"),
    "hand_bonus_basis": ("hand_index", "domino_win_index"),
    "chuchazo_rule": ("any_zero_end", "one_zero_end"),
    "shortfall_result": ("draw", "win"),
}
BOOLS = ("allow_lead_to_partner", "count_all_hands", "capicu_distinct_ends")
CHOICES = {"redeal_min_doubles": (0, 4, 5, 7), "double_blank_value": (0, 50)}
NONNEG_INTS = ("pass_bonus_first", "pass_bonus_next")
INTS = ("capicu_bonus", "chuchazo_bonus", "dominao_bonus", "milo_domino_points",
        "milo_points", "milo_block_points", "target", "hands_to_win",
        "min_opponent_wins")
INT_LISTS = ("hand_bonuses",)

DEFAULTS = {
    "first_hand_leader": "holder_66", "next_hand_starter": "rotate",
    "lead_double_rule": "none", "allow_lead_to_partner": False,
    "redeal_min_doubles": 0, "redeal_mode": "optional",
    "block_winner_rule": "team_fewer_pips", "block_tie_rule": "no_score",
    "count_all_hands": False, "scoring_mode": "pips", "score_rounding": "none",
    "double_blank_value": 0, "pass_bonus_first": 0, "pass_bonus_next": 0,
    "hand_bonuses": [], "hand_bonus_basis": "hand_index", "capicu_bonus": 0,
    "capicu_distinct_ends": False, "chuchazo_bonus": 0, "chuchazo_rule": "any_zero_end",
    "dominao_bonus": 0, "milo_domino_points": 1, "milo_points": 2,
    "milo_block_points": 1, "target": 100, "hands_to_win": 10, "min_opponent_wins": 5,
    "shortfall_result": "draw",
}

# Section 3 (a dash = the default, which the preset does not use).
PRESETS = {
    "partnership": {},
    "doscientos": {"next_hand_starter": "winner_leads", "count_all_hands": True,
                   "target": 200},
    "doscientos_pases": {"next_hand_starter": "winner_leads", "count_all_hands": True,
                         "score_rounding": "floor10", "pass_bonus_first": 20,
                         "pass_bonus_next": 10, "target": 200},
    "quinientos": {"next_hand_starter": "winner_leads", "count_all_hands": True,
                   "hand_bonuses": [100, 75, 50, 25], "capicu_bonus": 100,
                   "chuchazo_bonus": 100, "target": 500},
    "milo": {"scoring_mode": "milo", "target": 5},
    "south_american": {"redeal_min_doubles": 5, "redeal_mode": "mandatory",
                       "scoring_mode": "hands_won"},
    "great_lakes": {"count_all_hands": True, "target": 51},
}


def preset_options(name, **overrides):
    """Full option object of a preset plus overrides (used by the self-test)."""
    opts = dict(DEFAULTS)
    opts["hand_bonuses"] = list(opts["hand_bonuses"])
    opts.update(PRESETS[name])
    opts.update(overrides)
    return opts


def is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def option_problem(key, value):
    """Why `value` is not allowed for option `key` (section 2), or None."""
    if key in ENUMS:
        ok = isinstance(value, str) and value in ENUMS[key]
    elif key in BOOLS:
        ok = isinstance(value, bool)
    elif key in CHOICES:
        ok = is_int(value) and value in CHOICES[key]
    elif key in NONNEG_INTS:
        ok = is_int(value) and value >= 0
    elif key in INTS:
        ok = is_int(value)
    elif key in INT_LISTS:
        ok = isinstance(value, list) and all(is_int(x) for x in value)
    else:
        return "unknown option %r" % key
    return None if ok else "option %s: value %r not allowed" % (key, value)


def validate_options(opts, line):
    """Section 2: every key present with an allowed value; `players` may be absent (=4);
    invalid combinations rejected."""
    if not isinstance(opts, dict):
        raise CheckError(line, "match.options is not an object")
    for key in opts:
        if key == "players":
            if opts[key] != 4 or not is_int(opts[key]):
                raise CheckError(line, "options.players must be 4 (section 1)")
            continue
        problem = option_problem(key, opts[key])
        if problem:
            raise CheckError(line, problem)
    for key in DEFAULTS:
        if key not in opts:
            raise CheckError(line, "options lack the key %r" % key)
    # Section 2, invalid combinations: milo / hands_won count no pips.
    if opts["scoring_mode"] in ("milo", "hands_won"):
        bonus_keys = ("pass_bonus_first", "pass_bonus_next", "capicu_bonus",
                      "chuchazo_bonus", "dominao_bonus")
        if any(opts[k] != 0 for k in bonus_keys) or any(opts["hand_bonuses"]) \
                or opts["score_rounding"] != "none":
            raise CheckError(line, "invalid combination: a bonus or score_rounding with "
                                   "scoring_mode %s (section 2)" % opts["scoring_mode"])


# ---------------------------------------------------------------------------
# Rule functions (pure; exercised by the self-test with the PT vectors)
# ---------------------------------------------------------------------------


def round_score(s, rounding):
    """R17: rounding of the pip score S (never of bonuses)."""
    if rounding == "div10_min1":
        return 0 if s == 0 else max(1, s // 10)
    if rounding == "floor10":
        return 10 * (s // 10)
    return s


def lighter_member(win_team, pips, blocker):
    """R6/R14/A5: the member of `win_team` with fewer pips; if the partners tie, the one
    first in playing order from next(blocker)."""
    order = [(blocker + 1 + k) % SEATS for k in range(SEATS)]
    members = [s for s in order if team(s) == win_team]
    return min(members, key=lambda s: (pips[s], order.index(s)))


def block_result(pips, tile_counts, blocker, starter, opts):
    """R13/R14: outcome of a blocked hand.

    pips[s], tile_counts[s]: what each seat still holds; blocker: the seat that placed the
    last tile; starter: the hand's nominal starter.
    Returns (kind, winner_team, lead_seat): kind is 'won', 'no_score' or 'replay';
    lead_seat is the starter of the next hand under winner_leads (None if no winner).
    """
    rule = opts["block_winner_rule"]
    team_pips = [pips[0] + pips[2], pips[1] + pips[3]]
    if rule == "team_fewer_pips":                       # R13
        if team_pips[0] != team_pips[1]:
            w = 0 if team_pips[0] < team_pips[1] else 1
            return "won", w, lighter_member(w, pips, blocker)
    elif rule == "blocker_or_next_fewer":               # R13, A16; PT-01: the lighter starts
        a, b = blocker, next_seat(blocker)
        if pips[a] != pips[b]:
            s = a if pips[a] < pips[b] else b
            return "won", team(s), s
    elif rule == "blocker":
        w = team(blocker)
        return "won", w, lighter_member(w, pips, blocker)
    else:                                               # next_after_blocker
        w = team(next_seat(blocker))
        return "won", w, lighter_member(w, pips, blocker)
    return tie_result(pips, tile_counts, blocker, starter, opts)


def tie_result(pips, tile_counts, blocker, starter, opts):
    """R14: a tied block, by block_tie_rule (A6, A7)."""
    rule = opts["block_tie_rule"]
    if rule == "replay":
        return "replay", None, None
    if rule == "starting_team_wins":
        w = team(starter)
    elif rule == "more_tiles_wins":
        counts = [tile_counts[0] + tile_counts[2], tile_counts[1] + tile_counts[3]]
        if counts[0] == counts[1]:                      # A6: equal count -> no_score
            return "no_score", None, None
        w = 0 if counts[0] > counts[1] else 1
    elif rule == "last_player_team_loses":
        w = 1 - team(blocker)
    elif rule == "last_player_team_wins":
        return "won", team(blocker), blocker            # R14 table: the blocker starts
    else:                                               # no_score
        return "no_score", None, None
    return "won", w, lighter_member(w, pips, blocker)


def last_tile_bonuses(tile, ends_before, opts):
    """R20: (reason, amount) of the last-tile bonus of a domino, or None.
    ends_before = (x, y), the ends just before `tile` was placed."""
    x, y = ends_before
    if tile == DOUBLE_BLANK:                            # chuchazo (A13, A14)
        if opts["chuchazo_rule"] == "any_zero_end" or (x == 0) != (y == 0):
            return ("chuchazo", opts["chuchazo_bonus"])
        return ("dominao", opts["dominao_bonus"])       # one_zero_end: [0-0] on 0|0
    if is_double(tile):
        d = tile[0]
        if x == d and y == d:
            return ("dominao", opts["dominao_bonus"])
        return None
    # capicu: a non-double that fits both ends (A12)
    if x != y:
        if tile == (min(x, y), max(x, y)):
            return ("capicu", opts["capicu_bonus"])
        return None
    if fits(tile, x) and not opts["capicu_distinct_ends"]:
        return ("capicu", opts["capicu_bonus"])
    return None


def hand_bonus(opts, hand_no, domino_wins):
    """R19/A11: bonus for a hand won by domino. hand_no counts the match's non-void hands,
    domino_wins the domino wins so far including this one."""
    k = hand_no if opts["hand_bonus_basis"] == "hand_index" else domino_wins
    bonuses = opts["hand_bonuses"]
    return bonuses[k - 1] if 1 <= k <= len(bonuses) else 0


def pass_bonus(opts, passer, last_placer, paid):
    """R18: amount paid to team(last_placer) when `passer` passes (None: nothing)."""
    if opts["pass_bonus_first"] <= 0:                   # 0 = off
        return None
    if team(passer) == team(last_placer):               # partner or the placer himself
        return None
    return opts["pass_bonus_first"] if paid == 0 else opts["pass_bonus_next"]


def match_result(opts, scores):
    """R21-R23: None while the match goes on, else ('won', team) or ('draw', None)."""
    mode = opts["scoring_mode"]
    if mode == "hands_won":                             # R23, A18
        for t in (0, 1):
            if scores[t] >= opts["hands_to_win"]:
                if scores[1 - t] >= opts["min_opponent_wins"] \
                        or opts["shortfall_result"] == "win":
                    return ("won", t)
                return ("draw", None)
        return None
    target = opts["target"]
    over = [scores[t] >= target for t in (0, 1)]
    if not any(over):
        return None
    if mode == "penalty_own_pips":                      # R22, A17: the lower total wins
        if scores[0] == scores[1]:
            return None
        return ("won", 0 if scores[0] < scores[1] else 1)
    if all(over):                                       # R21: both there
        if scores[0] == scores[1]:
            return None
        return ("won", 0 if scores[0] > scores[1] else 1)
    return ("won", 0 if over[0] else 1)


def hand_end_awards(opts, kind, winner, out_seat, last_tile, ends_before, ends_after,
                    pips, hand_no, domino_wins):
    """R15-R20: award lines (team, points, reason) credited at the end of a non-void hand.
    kind: 'domino', 'won' (a won block) or 'no_score'. Amounts of 0 are not written
    (see ZERO_AWARDS)."""
    team_pips = [pips[0] + pips[2], pips[1] + pips[3]]
    mode = opts["scoring_mode"]
    awards = []
    if mode == "penalty_own_pips":                      # R15: every hand, own pips
        for t in (0, 1):
            awards.append((t, round_score(team_pips[t], opts["score_rounding"]),
                           "own_pips"))
    elif winner is not None:
        if mode == "pips":                              # R15/R16/R17
            s = sum(team_pips) if opts["count_all_hands"] else team_pips[1 - winner]
            awards.append((winner, round_score(s, opts["score_rounding"]),
                           "domino" if kind == "domino" else "block"))
        elif mode == "milo":                            # R15 milo
            if kind == "domino":
                if ends_after[0] == ends_after[1]:
                    awards.append((winner, opts["milo_points"], "milo"))
                else:
                    awards.append((winner, opts["milo_domino_points"], "domino"))
            else:
                awards.append((winner, opts["milo_block_points"], "block"))
        else:                                           # hands_won
            awards.append((winner, 1, "hand_won"))
    if kind == "domino" and mode in ("pips", "penalty_own_pips"):
        hb = hand_bonus(opts, hand_no, domino_wins)     # R19
        awards.append((winner, hb, "hand_bonus"))
        lt = last_tile_bonuses(last_tile, ends_before, opts)   # R20
        if lt:
            awards.append((winner, lt[1], lt[0]))
    if not ZERO_AWARDS:
        awards = [a for a in awards if a[1] != 0]
    return awards


# Whether award lines of 0 points are written. The format says `award` lines are
# "points credited"; a 0 credit credits nothing, so none is expected (ambiguity Z1).
ZERO_AWARDS = False

AWARD_REASONS = ("domino", "milo", "block", "own_pips", "hand_won", "pass_bonus",
                 "pass_bonus_cancelled", "hand_bonus", "capicu", "chuchazo", "dominao")
HAND_END_REASONS = ("domino", "blocked", "redeal", "replay", "target_reached")
DECISIONS = ("demand_redeal", "lead_to_partner", "starter")
KNOWN_TYPES = ("match", "deal", "play", "pass", "award", "hand_end", "match_end",
               "choice", "draw", "trump", "trick", "close", "meld")


# ---------------------------------------------------------------------------
# Line reading and field validation
# ---------------------------------------------------------------------------


class Reader:
    """Walks the record lines; positions are 0-based, messages use 1-based numbers."""

    def __init__(self, lines):
        self.lines = lines
        self.pos = 0

    def lineno(self):
        return self.pos + 1

    def peek(self):
        return self.lines[self.pos] if self.pos < len(self.lines) else None

    def peek_type(self):
        obj = self.peek()
        return obj.get("type") if isinstance(obj, dict) else None

    def take(self, want, what):
        """Consume the next line, which must be of type `want` (`what` describes it)."""
        obj = self.peek()
        if obj is None:
            raise CheckError(self.lineno(), "missing line: expected %s" % what)
        if not isinstance(obj, dict):
            raise CheckError(self.lineno(), "line is not a JSON object")
        typ = obj.get("type")
        if typ not in KNOWN_TYPES:
            raise CheckError(self.lineno(), "malformed: unknown line type %r" % (typ,))
        if typ != want:
            raise CheckError(self.lineno(), "expected %s, found a %s line" % (what, typ))
        self.pos += 1
        return obj


def need_int(obj, key, line, lo=None, hi=None):
    v = obj.get(key)
    if not is_int(v):
        raise CheckError(line, "malformed: %s.%s must be an integer" % (obj.get("type"), key))
    if (lo is not None and v < lo) or (hi is not None and v > hi):
        raise CheckError(line, "malformed: %s.%s = %d out of range" % (obj.get("type"), key, v))
    return v


def need_int_list(obj, key, n, line):
    v = obj.get(key)
    if not isinstance(v, list) or len(v) != n or not all(is_int(x) for x in v):
        raise CheckError(line, "malformed: %s.%s must be a list of %d integers"
                         % (obj.get("type"), key, n))
    return v


def need_team_or_null(obj, key, line):
    if key not in obj:
        raise CheckError(line, "malformed: %s lacks %s" % (obj.get("type"), key))
    v = obj[key]
    if v is not None and not (is_int(v) and v in (0, 1)):
        raise CheckError(line, "malformed: %s.%s must be a team (0, 1) or null"
                         % (obj.get("type"), key))
    return v


def check_hand_field(obj, hand_no, line):
    h = need_int(obj, "hand", line)
    if h != hand_no:
        raise CheckError(line, "%s line has hand %d, expected %d" % (obj["type"], h, hand_no))


# ---------------------------------------------------------------------------
# The referee
# ---------------------------------------------------------------------------


class Start:
    """How the next hand's starter is found.
    from66: the [6-6] holder of the deal starts and must lead [6-6] (R3, R6, R14);
    seat: a known starter with a free lead; candidates: the starter is one of these,
    known only from the deal's `leader` or from the lines that follow."""

    def __init__(self, from66=False, seat=None, candidates=None):
        self.from66 = from66
        self.seat = seat
        self.candidates = candidates


class Referee:
    def __init__(self, lines):
        self.r = Reader(lines)
        self.opts = None
        self.max_hands = None
        self.scores = [0, 0]
        self.hand_no = 1
        self.domino_wins = 0

    def clone(self):
        c = Referee.__new__(Referee)
        c.__dict__.update(self.__dict__)
        c.r = Reader(self.r.lines)
        c.r.pos = self.r.pos
        c.scores = list(self.scores)
        return c

    # -- match line ---------------------------------------------------------

    def read_match_line(self):
        line = self.r.lineno()
        m = self.r.take("match", "the match line")
        for key in ("format", "game", "preset", "options", "seats", "agents", "seed"):
            if key not in m:
                raise CheckError(line, "malformed: match line lacks %r" % key)
        if m["format"] != 1 or not is_int(m["format"]):
            raise CheckError(line, "unsupported format %r" % (m["format"],))
        if m["game"] != "partnership":
            raise CheckError(line, "game %r is not partnership" % (m["game"],))
        if not isinstance(m["preset"], str):
            raise CheckError(line, "malformed: match.preset must be a string")
        if m["seats"] != 4 or not is_int(m["seats"]):
            raise CheckError(line, "match.seats must be 4 (section 1)")
        if not isinstance(m["agents"], list) or len(m["agents"]) != 4:
            raise CheckError(line, "malformed: match.agents must list 4 agent specs")
        if not is_int(m["seed"]):
            raise CheckError(line, "malformed: match.seed must be an integer")
        validate_options(m["options"], line)
        self.opts = m["options"]
        if "max_hands" in m:                            # project extension
            self.max_hands = need_int(m, "max_hands", line, lo=1)

    # -- whole match --------------------------------------------------------

    def first_start(self):
        """R3 (records hold a match's first hand; R5 is not representable)."""
        if self.opts["next_hand_starter"] == "holder_66_each_hand":
            return Start(from66=True)                   # section 2 note
        if self.opts["first_hand_leader"] == "holder_66":
            return Start(from66=True)
        return Start(candidates=[0, 1, 2, 3])           # draw_highest: not recorded

    def run(self, start):
        while True:
            if start.seat is None and not start.from66:
                deal = self.r.peek()
                if not (isinstance(deal, dict) and deal.get("type") == "deal"
                        and "leader" in deal):
                    self.branch(start.candidates)
                    return
            start = self.play_hand(start)
            if start is None:
                return

    def branch(self, candidates):
        """The starter is not in the record: accept it if the lines agree with one of the
        candidates (Pinned details: `leader` may be absent; `starter` inferred)."""
        best = None
        for seat in candidates:
            c = self.clone()
            try:
                c.run(Start(seat=seat))
                self.__dict__.update(c.__dict__)
                return
            except CheckError as e:
                if best is None or e.line > best.line:
                    best = e
        raise best

    # -- one hand (until its hand_end, void deals included) -----------------

    def play_hand(self, start):
        """Play hand self.hand_no from its deal; returns the next Start or None at the
        match end (after checking match_end and end of record)."""
        while True:
            res = self.play_deal(start)
            if res["void"]:
                # R2 / R14 replay: same hand number, same starter, except that a starter
                # who started because he held [6-6] is not kept.
                if not start.from66:
                    start = Start(seat=res["starter"])
                continue
            return self.after_hand(res)

    def read_deal(self, start):
        line = self.r.lineno()
        d = self.r.take("deal", "the deal of hand %d" % self.hand_no)
        check_hand_field(d, self.hand_no, line)
        hands = d.get("hands")
        if not isinstance(hands, list) or len(hands) != 4:
            raise CheckError(line, "malformed: deal.hands must list 4 hands")
        seen = set()
        parsed = []
        for s, h in enumerate(hands):
            if not isinstance(h, list):
                raise CheckError(line, "malformed: deal.hands[%d] is not a list" % s)
            tiles = []
            for text in h:
                t = parse_tile(text)
                if t is None:
                    raise CheckError(line, "malformed tile %r in deal.hands[%d]" % (text, s))
                if t in seen:
                    raise CheckError(line, "tile %s dealt twice (R1)" % tile_str(t))
                seen.add(t)
                tiles.append(t)
            if len(tiles) != 7:
                raise CheckError(line, "seat %d is dealt %d tiles, not 7 (R1)" % (s, len(tiles)))
            parsed.append(tiles)
        if d.get("stock") != []:
            raise CheckError(line, "deal.stock must be [] (R1: no stock)")
        # starter
        if start.from66:
            starter = next(s for s in range(4) if DOUBLE_SIX in parsed[s])
        elif start.seat is not None:
            starter = start.seat
        else:
            starter = need_int(d, "leader", line, 0, 3)
            if starter not in start.candidates:
                raise CheckError(line, "deal.leader %d is not a possible starter (%s)"
                                 % (starter, start.candidates))
        if "leader" in d:
            lead = need_int(d, "leader", line, 0, 3)
            if lead != starter:
                raise CheckError(line, "deal.leader is %d, the rules give starter %d (%s)"
                                 % (lead, starter, self.starter_rule(start)))
        return parsed, starter

    def starter_rule(self, start):
        if start.from66:
            return "the [6-6] holder, R3/R6/R14"
        return "R6" if self.hand_no > 1 else "R3"

    def redeal_demanded(self, hands, starter):
        """R2: True if the deal is voided for doubles (reads demand_redeal choices)."""
        k = self.opts["redeal_min_doubles"]
        if k == 0:
            return False
        for i in range(4):
            s = (starter + i) % 4                       # asked in seat order from starter
            if sum(1 for t in hands[s] if is_double(t)) < k:
                continue
            if self.opts["redeal_mode"] == "mandatory":
                return True
            value = self.read_choice("demand_redeal", s, False)
            if value:
                return True
        return False

    def read_choice(self, decision, seat, default):
        """A `choice` line for `decision` by `seat`; missing -> default (Pinned details)."""
        obj = self.r.peek()
        if not (isinstance(obj, dict) and obj.get("type") == "choice"
                and obj.get("decision") == decision and is_int(obj.get("seat"))
                and obj.get("seat") == seat):
            return default
        line = self.r.lineno()
        self.r.take("choice", "a choice")
        check_hand_field(obj, self.hand_no, line)
        v = obj.get("value")
        if not isinstance(v, bool):
            raise CheckError(line, "malformed: choice %s value must be true/false" % decision)
        return v

    def play_deal(self, start):
        """One deal: R2 redeal check, the lead (R3, R6-R8), the turns (R9, R10) and the
        hand end. Returns a dict describing the outcome (void or not)."""
        hands, starter = self.read_deal(start)
        if self.redeal_demanded(hands, starter):
            self.expect_void_end("redeal", hands, [], starter)
            return {"void": True, "starter": starter}
        held = [list(h) for h in hands]
        leader = self.read_lead(hands, held, starter, start.from66)
        return self.play_turns(hands, held, starter, leader)

    def read_lead(self, hands, held, starter, from66):
        """R9: the lead tile (no `end`), by the seat and of the kind R3/R6/R7/R8 allow."""
        leader, (allowed, why) = self.choose_leader(hands, starter, from66)
        line = self.r.lineno()
        p = self.r.take("play", "the lead by seat %d" % leader)
        check_hand_field(p, self.hand_no, line)
        self.check_play_fields(p, line)
        seat = need_int(p, "seat", line, 0, 3)
        if seat != leader:
            raise CheckError(line, "seat %d leads, the rules give seat %d (%s)"
                             % (seat, leader, why))
        tile = parse_tile(p.get("tile"))
        if tile is None:
            raise CheckError(line, "malformed tile %r" % (p.get("tile"),))
        if "end" in p:
            raise CheckError(line, "the opening tile has no end (format: end omitted)")
        if tile not in held[seat]:
            raise CheckError(line, "seat %d does not hold %s" % (seat, tile_str(tile)))
        if tile not in allowed(held[seat]):
            raise CheckError(line, "lead %s not allowed: %s" % (tile_str(tile), why))
        self.check_play_points(p, line)
        held[seat].remove(tile)
        self.ends = [tile[0], tile[1]]                  # README 3: end 0 = a, end 1 = b
        return seat

    def play_turns(self, hands, held, starter, leader):
        """R9/R10/R18: turns from next(leader) until a domino or four passes in a row."""
        ends = self.ends
        last_placer, passes, paid = leader, 0, 0
        bonus_paid = [0, 0]
        turn = next_seat(leader)
        while True:
            legal = legal_tiles(held[turn], ends)
            if legal:
                tile, end = self.take_play(turn, legal, ends, held[turn])
                ends_before = tuple(ends)
                ends[end] = other_number(tile, ends[end])
                held[turn].remove(tile)
                last_placer, passes = turn, 0
                if not held[turn]:                      # R10 domino
                    return self.finish_hand("domino", held, starter, turn, tile,
                                            ends_before, tuple(ends), bonus_paid)
            else:
                self.take_pass(turn, ends)
                passes += 1
                amount = pass_bonus(self.opts, turn, last_placer, paid)   # R18
                if amount is not None:
                    paid += 1
                    if amount != 0 or ZERO_AWARDS:
                        self.expect_award(team(last_placer), amount, "pass_bonus",
                                          "R18 pass bonus for seat %d's pass" % turn)
                    bonus_paid[team(last_placer)] += amount
                if passes == 4:                         # R10 blocked
                    return self.finish_hand("blocked", held, starter, last_placer, None,
                                            None, tuple(ends), bonus_paid)
            turn = next_seat(turn)

    def choose_leader(self, hands, starter, from66):
        """R3/R6 forced [6-6] lead, R8 hand-over, R7 double lead.
        Returns (leader seat, (allowed-tiles function, description))."""
        if from66:
            # R3/R6/R14: must lead [6-6]; R8: no hand-over, no lead_to_partner choice.
            return starter, (lambda h: [DOUBLE_SIX], "the [6-6] holder must lead [6-6] (R3/R6)")
        any_tile = (lambda h: list(h), "free lead")
        if self.opts["allow_lead_to_partner"]:
            if self.read_choice("lead_to_partner", starter, False):
                # R8: the partner leads any tile.
                return partner(starter), (any_tile[0], "hand-over: the partner leads any tile (R8)")
        rule = self.opts["lead_double_rule"]
        doubles = lambda h: [t for t in h if is_double(t)]
        if rule == "starter_if_held" and doubles(hands[starter]):
            return starter, (doubles, "the starter holds a double and must lead one (R7)")
        if rule == "team_if_held":
            if doubles(hands[starter]):
                return starter, (doubles, "the starter holds a double and must lead one (R7)")
            if doubles(hands[partner(starter)]):
                return partner(starter), (doubles, "team_if_held: the partner leads a double (R7)")
        return starter, any_tile

    def check_play_fields(self, p, line):
        for key in ("seat", "tile", "points"):
            if key not in p:
                raise CheckError(line, "malformed: play line lacks %r" % key)

    def check_play_points(self, p, line):
        pts = need_int(p, "points", line)
        if pts != 0:
            raise CheckError(line, "play.points is %d; no Partnership rule awards points "
                                   "for placing a tile (R15-R20 are award lines)" % pts)

    def turn_line(self, want, turn, ends, legal):
        """The next line, which must be `want` (play/pass) by seat `turn` (R9)."""
        line = self.r.lineno()
        obj = self.r.peek()
        typ = obj.get("type") if isinstance(obj, dict) else None
        if typ in ("play", "pass"):
            seat = obj.get("seat")
            if seat != turn or not is_int(seat):
                raise CheckError(line, "seat %s moves, but it is seat %d's turn (R9)"
                                 % (seat, turn))
            if typ == "pass" and want == "play":
                raise CheckError(line, "seat %d passes but can play %s on ends %d|%d (R9)"
                                 % (turn, ", ".join(tile_str(t) for t in legal),
                                    ends[0], ends[1]))
            if typ == "play" and want == "pass":
                raise CheckError(line, "seat %d plays but holds no tile fitting ends %d|%d; "
                                       "it must pass (R9)" % (turn, ends[0], ends[1]))
        o = self.r.take(want, "a %s by seat %d" % (want, turn))
        check_hand_field(o, self.hand_no, line)
        return o, line

    def take_pass(self, turn, ends):
        self.turn_line("pass", turn, ends, [])

    def take_play(self, turn, legal, ends, held):
        """A play by `turn`: a held tile attached to an end showing one of its numbers."""
        o, line = self.turn_line("play", turn, ends, legal)
        self.check_play_fields(o, line)
        tile = parse_tile(o.get("tile"))
        if tile is None:
            raise CheckError(line, "malformed tile %r" % (o.get("tile"),))
        if "end" not in o:
            raise CheckError(line, "malformed: play line lacks 'end'")
        end = need_int(o, "end", line)
        if end not in (0, 1):
            raise CheckError(line, "malformed: end %d (a line has ends 0 and 1)" % end)
        if tile not in legal:
            why = "it fits neither end" if tile in held else "seat %d does not hold it" % turn
            raise CheckError(line, "seat %d cannot play %s on ends %d|%d: %s (R9)"
                             % (turn, tile_str(tile), ends[0], ends[1], why))
        if not fits(tile, ends[end]):
            raise CheckError(line, "%s does not fit end %d showing %d (R9)"
                             % (tile_str(tile), end, ends[end]))
        self.check_play_points(o, line)
        return tile, end

    # -- hand end -----------------------------------------------------------

    def expect_award(self, to, points, reason, why):
        line = self.r.lineno()
        a = self.r.take("award", "an award line (%s: team %d, %d points, %s)"
                        % (why, to, points, reason))
        check_hand_field(a, self.hand_no, line)
        got = self.award_tuple(a, line)
        if got != (to, points, reason):
            raise CheckError(line, "award to=%d points=%d reason=%s; the rules give to=%d "
                                   "points=%d reason=%s (%s)" % (got + (to, points, reason, why)))
        self.scores[to] += points

    def award_tuple(self, a, line):
        to = need_int(a, "to", line)
        if to not in (0, 1):
            raise CheckError(line, "malformed: award.to must be a team (0 or 1)")
        pts = need_int(a, "points", line)
        reason = a.get("reason")
        if reason not in AWARD_REASONS:
            raise CheckError(line, "malformed: award reason %r is not a Partnership word" % (reason,))
        return (to, pts, reason)

    def read_hand_end_awards(self, expected):
        """The hand-end award lines, just before hand_end. Their order is not pinned, so
        they are matched as a multiset (ambiguity Z2)."""
        remaining = list(expected)
        while self.r.peek_type() == "award":
            line = self.r.lineno()
            a = self.r.take("award", "an award")
            check_hand_field(a, self.hand_no, line)
            got = self.award_tuple(a, line)
            if got not in remaining:
                raise CheckError(line, "award to=%d points=%d reason=%s is not what the rules "
                                       "give; expected hand-end awards: %s"
                                 % (got + (fmt_awards(remaining),)))
            remaining.remove(got)
            self.scores[got[0]] += got[1]
        if remaining:
            line = self.r.lineno()
            raise CheckError(line, "missing award line(s) before hand_end: %s" % fmt_awards(remaining))

    def expect_hand_end(self, reason, winner, points, pips_left, why):
        line = self.r.lineno()
        h = self.r.take("hand_end", "hand_end of hand %d" % self.hand_no)
        check_hand_field(h, self.hand_no, line)
        r = h.get("reason")
        if r not in HAND_END_REASONS:
            raise CheckError(line, "malformed: hand_end reason %r is not a Partnership word" % (r,))
        w = need_team_or_null(h, "winner", line)
        got_pts = need_int_list(h, "points", 2, line)
        got_pips = need_int_list(h, "pips_left", 4, line)
        got_scores = need_int_list(h, "scores", 2, line)
        if r != reason:
            raise CheckError(line, "hand_end reason %s; the rules give %s (%s)" % (r, reason, why))
        if w != winner:
            raise CheckError(line, "hand_end winner %s; the rules give %s (%s)"
                             % (jnum(w), jnum(winner), why))
        if got_pips != pips_left:
            raise CheckError(line, "hand_end pips_left %s; the hands hold %s (R12)"
                             % (got_pips, pips_left))
        if got_pts != points:
            raise CheckError(line, "hand_end points %s; the hand's awards total %s"
                             % (got_pts, points))
        if got_scores != self.scores:
            raise CheckError(line, "hand_end scores %s; the running totals are %s"
                             % (got_scores, self.scores))

    def expect_void_end(self, reason, hands, cancel, starter):
        """A void hand (R2 redeal, R14 replay): cancelled pass bonuses, then hand_end
        with winner null, points 0 and scores unchanged (Pinned details: void hands)."""
        self.read_hand_end_awards(cancel)
        pips = [hand_pips(h, self.opts["double_blank_value"]) for h in hands]
        self.expect_hand_end(reason, None, [0, 0], pips,
                             "R2 redeal on doubles" if reason == "redeal" else "R14 replay")

    def finish_hand(self, how, held, starter, last, last_tile, ends_before,
                    ends_after, bonus_paid):
        """R10-R20 for a hand that ended by domino or block."""
        dbv = self.opts["double_blank_value"]
        pips = [hand_pips(h, dbv) for h in held]
        if how == "domino":
            kind, winner, lead_seat = "domino", team(last), last       # R11, R6
            why = "R11: seat %d went out" % last
        else:
            kind, winner, lead_seat = block_result(pips, [len(h) for h in held], last,
                                                   starter, self.opts)
            why = "R13/R14: blocker seat %d, pips %s" % (last, pips)
        if kind == "replay":                            # R14 replay, A7
            cancel = [(t, -bonus_paid[t], "pass_bonus_cancelled") for t in (0, 1)
                      if bonus_paid[t] != 0]
            self.expect_void_end("replay", held, cancel, starter)
            return {"void": True, "starter": starter}
        if kind == "domino":
            self.domino_wins += 1
        before = list(self.scores)
        before_bonus = [before[t] - bonus_paid[t] for t in (0, 1)]
        expected = hand_end_awards(self.opts, kind, winner, last, last_tile, ends_before,
                                   ends_after, pips, self.hand_no, self.domino_wins)
        self.read_hand_end_awards(expected)
        points = [self.scores[t] - before_bonus[t] for t in (0, 1)]
        self.expect_hand_end("domino" if how == "domino" else "blocked", winner, points,
                             pips, why)
        return {"void": False, "starter": starter, "winner": winner, "kind": kind,
                "lead_seat": lead_seat, "last": last, "pips": pips, "how": how}

    # -- between hands ------------------------------------------------------

    def after_hand(self, res):
        """R21-R23 (and max_hands), then R6 for the next hand."""
        result = match_result(self.opts, self.scores)
        why = "R21-R23"
        if result is None and self.max_hands is not None and self.hand_no >= self.max_hands:
            # project extension (Z13): cut after max_hands non-void hands; the team ahead wins
            lower = self.opts["scoring_mode"] == "penalty_own_pips"
            why = "max_hands cut after %d hands: the team %s" % (
                self.max_hands, "with fewer points (penalty_own_pips)" if lower else "with more points")
            if self.scores[0] == self.scores[1]:
                result = ("draw", None)
            else:
                ahead = self.scores[0] < self.scores[1] if lower else self.scores[0] > self.scores[1]
                result = ("won", 0 if ahead else 1)
            if self.opts["next_hand_starter"] == "winning_team_choice" and res["winner"] is not None:
                if self.r.peek_type() != "choice":  # no next deal to infer it from
                    raise CheckError(self.r.lineno(), "the winners' starter choice (R6) comes "
                                     "before a cut match's match_end (Z13)")
                self.next_start(res)    # the winners still choose, before match_end (Z13)
        if result is not None:
            self.expect_match_end(result[1], why)
            return None
        nxt = self.next_start(res)
        self.hand_no += 1
        return nxt

    def expect_match_end(self, winner, why):
        line = self.r.lineno()
        if self.r.peek_type() == "choice":
            raise CheckError(line, "extra choice line: the match is over (%s), so match_end "
                                   "follows hand_end and no next starter is chosen" % why)
        m = self.r.take("match_end", "match_end")
        w = need_team_or_null(m, "winner", line)
        scores = need_int_list(m, "scores", 2, line)
        if w != winner:
            raise CheckError(line, "match_end winner %s; the rules give %s (%s)"
                             % (jnum(w), jnum(winner), why))
        if scores != self.scores:
            raise CheckError(line, "match_end scores %s; the totals are %s" % (scores, self.scores))
        if self.r.peek() is not None:
            raise CheckError(self.r.lineno(), "extra line after match_end")

    def next_start(self, res):
        """R6 (with the R14 starter column)."""
        rule = self.opts["next_hand_starter"]
        starter = res["starter"]
        if rule == "holder_66_each_hand":
            return Start(from66=True)
        if rule == "rotate":
            return Start(seat=next_seat(starter))       # from the nominal starter
        if rule == "winner_leads":
            if res["winner"] is None:
                return Start(from66=True)               # no winner: [6-6] holder leads it
            return Start(seat=res["lead_seat"])
        # winning_team_choice
        if res["winner"] is None:
            return Start(seat=next_seat(starter))       # no winner: rotate
        w = res["winner"]
        if res["how"] == "domino":
            decider = res["last"]
        else:
            decider = lighter_member(w, res["pips"], res["last"])
        obj = self.r.peek()
        if isinstance(obj, dict) and obj.get("type") == "choice":
            line = self.r.lineno()
            self.r.take("choice", "a starter choice")
            check_hand_field(obj, self.hand_no, line)
            if obj.get("decision") != "starter":
                raise CheckError(line, "choice %r here; only the starter choice of R6 "
                                       "winning_team_choice is made now" % (obj.get("decision"),))
            seat = need_int(obj, "seat", line, 0, 3)
            if seat != decider:
                raise CheckError(line, "starter chosen by seat %d; R6 gives the decision to "
                                       "seat %d" % (seat, decider))
            v = obj.get("value")
            if not is_int(v) or v not in (0, 1, 2, 3):
                raise CheckError(line, "malformed: starter choice value must be a seat")
            if team(v) != w:
                raise CheckError(line, "chosen starter %d is not in the winning team %d (R6)"
                                 % (v, w))
            return Start(seat=v)
        return Start(candidates=[s for s in range(4) if team(s) == w])


def fmt_awards(awards):
    if not awards:
        return "none"
    return ", ".join("team %d %d %s" % a for a in awards)


def jnum(v):
    return "null" if v is None else str(v)


# ---------------------------------------------------------------------------
# Entry points
# ---------------------------------------------------------------------------


def check_lines(lines):
    """Check a whole record (list of parsed JSON objects, line 1 the match line)."""
    ref = Referee(lines)
    try:
        ref.read_match_line()
        ref.run(ref.first_start())
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as e:
        # a field of an unexpected shape that no explicit check caught
        raise CheckError(max(1, ref.r.pos), "malformed line (%s: %s)" % (type(e).__name__, e))


def load_lines(path):
    """Parse a .jsonl file; a line that is not a JSON object is a CheckError."""
    out = []
    with open(path, encoding="utf-8") as f:
        text = f.read()
    for i, raw in enumerate(text.splitlines(), 1):
        try:
            obj = json.loads(raw)
        except ValueError as e:
            raise CheckError(i, "not JSON: %s" % e)
        if not isinstance(obj, dict):
            raise CheckError(i, "line is not a JSON object")
        out.append(obj)
    return out


def check_file(path):
    """Check one .jsonl record; raises CheckError at the first disagreement."""
    check_lines(load_lines(path))
