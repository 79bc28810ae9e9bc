"""Independent referee for Bergen and Double Bergen game records (format 1).

Written only from docs/rules/README.md, docs/rules/bergen.md, docs/rules/double-bergen.md
and docs/record-format.md; it shares no code with the engine.  Rule numbers: "R.." are
bergen.md, "DB R.." are double-bergen.md, "A.."/"DB A.." their ambiguity resolutions,
"README" the conventions file (docs/rules/README.md), "format" the record format (its
"Pinned details" are binding).

The checker re-derives the whole match from the `match` line, each `deal` line and
the players' decisions (which tile on which end, keeping a drawn tile) and raises
CheckError at the first line that disagrees with the rules, is malformed, missing or
extra.

Use check_records.py to check record files from the command line; this module offers
check_file(path), check_lines(parsed_lines) and CheckError.
"""

import json
import re
from collections import Counter

GAMES = ("bergen", "double_bergen")
LINE_TYPES = ("match", "deal", "play", "draw", "pass", "award", "hand_end", "match_end")
# format, "Reason words": exactly these for the Bergen family.
AWARD_REASONS = ("domino", "block", "lightest_hand", "deduction")
HAND_END_REASONS = ("domino", "blocked", "redeal", "target_reached")


class CheckError(Exception):
    """A record line that disagrees with the rules (or is malformed/missing/extra)."""

    def __init__(self, line, message):
        super().__init__("line %d: %s" % (line, message))
        self.line = line
        self.message = message


# --------------------------------------------------------------------------- tiles

TILE_RE = re.compile(r"^(0|[1-9][0-9]*)-(0|[1-9][0-9]*)$")


def tile_str(t):
    return "%d-%d" % t


def parse_tile(s, set_max):
    """README §1: a tile is the string "a-b" with a <= b <= N."""
    if not isinstance(s, str):
        return None
    m = TILE_RE.match(s)
    if not m:
        return None
    a, b = int(m.group(1)), int(m.group(2))
    if a > b or b > set_max:
        return None
    return (a, b)


def is_double(t):
    return t[0] == t[1]


def pips(t):
    """README §1: the pip value of [a-b] is a+b (no exception in the Bergen family)."""
    return t[0] + t[1]


def full_set(set_max, num_sets):
    """README §1 / R1: every [a-b], 0<=a<=b<=N, once per set."""
    c = Counter()
    for b in range(set_max + 1):
        for a in range(b + 1):
            c[(a, b)] += num_sets
    return c


def hand_pips(hand):
    return sum(pips(t) * k for t, k in hand.items())


def hand_tiles(hand):
    return sum(hand.values())


def doubles_in(hand):
    return [t for t, k in hand.items() if k > 0 and is_double(t)]


# --------------------------------------------------------------------------- options

ENUMS = {
    "draw_mode": ("until_playable", "one_per_turn"),
    "opener_rule": ("lowest_double", "highest_double", "rotating_first_double"),
    "opening_tile": ("qualifying_double", "any_double"),
    "no_double_rule": ("draw_in_turn", "redeal"),
    "layout": ("line", "spinner"),
    "scoring": ("headers", "combinations"),
    "combination_scope": ("all_exposed", "new_end_only"),
    "near_goal": ("none", "pagat", "cap"),
    "end_award": ("winner", "lightest_hand", "tile_deduction"),
    "block_method": ("simple", "american", "german"),
    "american_rule_c": ("literal", "no_double_players"),
    "german_rule_c_scope": ("tied", "all"),
    "lightest_tie": ("none", "all"),
    "score_floor": ("none", "zero"),
    "win_check": ("immediate", "end_of_hand"),
    "next_designated_starter": ("left_of_leader", "left_of_designated"),
}
BOOLS = ("drawn_tile_must_be_played", "first_double_both_sides")
# integer options and their minimum (None: any integer); bergen.md §3
INTS = {"num_sets": 1, "players": 2, "stock_reserve": 0, "domino_points": None,
        "lightest_hand_points": None, "deduction_per_tile": None}
OPTION_KEYS = ("set_max", "num_sets", "players", "hand_size", "stock_reserve", "draw_mode",
               "drawn_tile_must_be_played", "opener_rule", "opening_tile", "no_double_rule",
               "layout", "spinner_arms", "first_double_both_sides", "scoring",
               "combination_scope", "near_goal", "end_award", "domino_points",
               "block_method", "block_points", "american_rule_c", "german_rule_c_scope",
               "lightest_hand_points", "lightest_tie", "deduction_per_tile", "score_floor",
               "target", "win_check", "next_designated_starter")
BY_PLAYERS_HAND = {2: 6, 3: 6, 4: 5}           # R2
BLOCK_POINTS_BY_METHOD = {"simple": 1, "american": 2, "german": 2}   # R19, A4


def is_int(v):
    return type(v) is int


class Options:
    """The full option object of the match line (bergen.md §3), validated."""

    def __init__(self, raw):
        if not isinstance(raw, dict):
            raise ValueError("options is not an object")
        # format: the match line writes every option key; `players` is required (Pinned).
        for key in OPTION_KEYS:
            if key not in raw:
                raise ValueError("options lacks %r" % key)
        o = dict(raw)
        for key, allowed in ENUMS.items():
            if o[key] not in allowed:
                raise ValueError("option %s=%r not one of %s" % (key, o[key], ", ".join(allowed)))
        for key in BOOLS:
            if type(o[key]) is not bool:
                raise ValueError("option %s=%r is not a boolean" % (key, o[key]))
        for key, lo in INTS.items():
            if not is_int(o[key]) or (lo is not None and o[key] < lo):
                raise ValueError("option %s=%r is not an integer >= %s" % (key, o[key], lo))
        if not is_int(o["set_max"]) or o["set_max"] not in (6, 9, 12):
            raise ValueError("option set_max=%r not one of 6, 9, 12" % (o["set_max"],))
        if not is_int(o["spinner_arms"]) or o["spinner_arms"] not in (4, 8):
            raise ValueError("option spinner_arms=%r not one of 4, 8" % (o["spinner_arms"],))
        for key in ("hand_size", "target"):
            v = o[key]
            if v != "by_players" and not (is_int(v) and v >= 1):
                raise ValueError("option %s=%r is neither by_players nor an integer >= 1" % (key, v))
        if o["block_points"] != "by_method" and not is_int(o["block_points"]):
            raise ValueError("option block_points=%r is neither by_method nor an integer"
                             % (o["block_points"],))
        n = o["players"]
        # bergen.md §3 "players": 2..4, more only with num_sets >= 2.
        if n > 4 and o["num_sets"] < 2:
            raise ValueError("players=%d needs num_sets >= 2 (§3)" % n)
        # R1 / A16: with several sets hand_size must be an integer.
        if o["num_sets"] >= 2 and o["hand_size"] == "by_players":
            raise ValueError("num_sets >= 2 needs an integer hand_size (R1, A16)")
        # §3 invalid combinations
        if o["hand_size"] == "by_players" and n not in BY_PLAYERS_HAND:
            raise ValueError("hand_size=by_players with %d players (§3)" % n)
        if o["layout"] == "spinner" and o["scoring"] == "headers":
            raise ValueError("layout=spinner with scoring=headers is invalid (§3)")
        if o["opener_rule"] == "rotating_first_double" and o["opening_tile"] == "qualifying_double":
            raise ValueError("rotating_first_double with qualifying_double is invalid (§3)")
        self.__dict__.update(o)
        self.n = n
        self.hand_size_v = BY_PLAYERS_HAND[n] if o["hand_size"] == "by_players" else o["hand_size"]
        self.target_v = (15 if n == 2 else 10) if o["target"] == "by_players" else o["target"]  # R23
        self.block_points_v = (BLOCK_POINTS_BY_METHOD[o["block_method"]]
                               if o["block_points"] == "by_method" else o["block_points"])
        tiles = (o["set_max"] + 1) * (o["set_max"] + 2) // 2 * o["num_sets"]
        if n * self.hand_size_v + o["stock_reserve"] > tiles:
            raise ValueError("players * hand_size + stock_reserve > tiles (§3)")


# --------------------------------------------------------------------------- layouts

class LineLayout:
    """Bergen line (R9, R10).  Ends 0/1; the opening double [d-d] shows d on both."""

    def __init__(self, d, both_sides_rule):
        self.d = d
        self.ends = [d, d]
        self.dbl = [True, True]      # outermost tile of each end is a crosswise double
        self.bare = [True, True]     # sides of the opening double not yet covered
        self.both_sides_rule = both_sides_rule

    def allowed_ends(self):
        # R10 / A15: while exactly one side of the opening double is bare, only that side.
        if self.both_sides_rule and self.bare[0] != self.bare[1]:
            return [0] if self.bare[0] else [1]
        return [0, 1]

    def legal_ends(self, t):
        return [k for k in self.allowed_ends() if self.ends[k] in t]   # R9

    def place(self, t, k):
        """R9: the end shows the tile's other number; a double is crosswise."""
        v = self.ends[k]
        self.ends[k] = t[1] if t[0] == v else t[0]
        self.dbl[k] = is_double(t)
        self.bare[k] = False
        return self.ends[k]

    def header(self):
        """R14 header count h (0 if the ends differ)."""
        if self.bare[0] and self.bare[1]:
            return 2                                    # R7, A3: bare opening double
        if self.ends[0] != self.ends[1]:
            return 0
        return 2 + int(self.dbl[0]) + int(self.dbl[1])

    def exposed(self):
        """DB R12 applied to a line: each end once, twice if a crosswise double;
        the bare opening double counts as one exposed double (DB A2 by analogy)."""
        if self.bare[0] and self.bare[1]:
            return Counter({self.d: 2})
        c = Counter()
        for v, dd in zip(self.ends, self.dbl):
            c[v] += 2 if dd else 1
        return c


class SpinnerLayout:
    """Double Bergen spinner (DB R7-R9): arms 0..arms-1, None = unstarted."""

    def __init__(self, d, arms):
        self.d = d
        self.ends = [None] * arms
        self.dbl = [False] * arms

    def open_phase(self):
        return any(e is None for e in self.ends)

    def legal_ends(self, t):
        if self.open_phase():
            # DB R8: only start an unstarted arm, with a tile showing d.
            if self.d not in t:
                return []
            return [k for k, e in enumerate(self.ends) if e is None]
        return [k for k, e in enumerate(self.ends) if e in t]

    def place(self, t, k):
        v = self.d if self.ends[k] is None else self.ends[k]
        self.ends[k] = t[1] if t[0] == v else t[0]
        self.dbl[k] = is_double(t)          # DB R9: later doubles are crosswise
        return self.ends[k]

    def exposed(self):
        """DB R12 multiset of exposed numbers."""
        c = Counter()
        for e, dd in zip(self.ends, self.dbl):
            if e is not None:
                c[e] += 2 if dd else 1
        if self.open_phase():
            c[self.d] += 2                  # DB A2: the open spinner is one exposed double
        return c


def combination_points(exposed, scope, new_value):
    """DB R12: each number shown c>=2 times is worth c; all_exposed sums all of them,
    new_end_only counts only the number the placement exposed."""
    if scope == "all_exposed":
        return sum(c for c in exposed.values() if c >= 2)
    c = exposed.get(new_value, 0)
    return c if c >= 2 else 0


def near_goal_points(mode, pts, dist):
    """R16 (and DB R13 for a whole placement score); dist = target - score before."""
    if pts <= 0 or mode == "none":
        return pts
    if mode == "pagat":                 # A8: only D=2 and D=3 are reduced
        if dist == 2:
            return min(pts, 1)
        if dist == 3:
            return min(pts, 2)
        return pts
    return min(pts, max(dist - 1, 0))   # cap


# --------------------------------------------------------------------------- block winners

def _unique_min(values):
    """values: {seat: key}; the seat with the strictly smallest key, else None."""
    if not values:
        return None
    m = min(values.values())
    best = [s for s, v in values.items() if v == m]
    return best[0] if len(best) == 1 else None


def simple_winner(hands):
    """R21 simple: fewest pips; a tie means no winner."""
    return _unique_min({s: hand_pips(h) for s, h in enumerate(hands)})


def american_winner(hands, rule_c):
    """R21 american, steps a-e; A5 for the two readings of step c."""
    n = len(hands)
    has = [bool(doubles_in(h)) for h in hands]
    without = [s for s in range(n) if not has[s]]
    if len(without) == 1:                                   # a
        return without[0]
    if len(without) == n:                                   # b (a tie stops)
        return _unique_min({s: hand_pips(hands[s]) for s in range(n)})
    if rule_c == "literal":                                 # c literal
        if n - len(without) >= 2:
            w = _unique_min({s: hand_tiles(hands[s]) for s in range(n)})
            if w is not None:
                return w
    elif len(without) >= 2:                                 # c no_double_players
        w = _unique_min({s: hand_tiles(hands[s]) for s in without})
        if w is not None:
            return w
    if not without:                                         # d
        return _unique_min({s: min(t[0] for t in doubles_in(hands[s])) for s in range(n)})
    return None                                             # e


def german_winner(hands, scope):
    """R21 german: fewest doubles if unique (a/b), else fewest pips among the tied
    players or all players (A6); a tie means no winner."""
    count = {s: sum(k for t, k in h.items() if is_double(t)) for s, h in enumerate(hands)}
    m = min(count.values())
    tied = [s for s in count if count[s] == m]
    if len(tied) == 1:
        return tied[0]
    pool = tied if scope == "tied" else range(len(hands))
    return _unique_min({s: hand_pips(hands[s]) for s in pool})


def block_winner(hands, opts):
    if opts.block_method == "simple":
        return simple_winner(hands)
    if opts.block_method == "american":
        return american_winner(hands, opts.american_rule_c)
    return german_winner(hands, opts.german_rule_c_scope)


def lightest_seats(hands, out_seat):
    """R20 / A13: the player who went out beats everyone; else the fewest pips."""
    if out_seat is not None:
        return [out_seat]
    p = [hand_pips(h) for h in hands]
    m = min(p)
    return [s for s in range(len(hands)) if p[s] == m]


def match_leader(scores, target):
    """R24: the highest score at or over the target wins; equal highest -> none."""
    over = {s: v for s, v in enumerate(scores) if v >= target}
    if not over:
        return None
    m = max(over.values())
    best = [s for s, v in over.items() if v == m]
    return best[0] if len(best) == 1 else None


# --------------------------------------------------------------------------- referee

class Referee:
    def __init__(self, lines):
        self.lines = lines
        self.i = 0                      # index of the next unread line

    # ---- line access -----------------------------------------------------
    def fail(self, msg):
        """An error on the line read last."""
        raise CheckError(self.i, msg)

    def peek(self):
        if self.i < len(self.lines):
            obj = self.lines[self.i]
            if isinstance(obj, dict):
                return obj
        return None

    def take(self, what):
        if self.i >= len(self.lines):
            raise CheckError(self.i + 1, "missing line: expected %s" % what)
        obj = self.lines[self.i]
        self.i += 1
        if not isinstance(obj, dict):
            self.fail("not a JSON object")
        if obj.get("type") not in LINE_TYPES:
            self.fail("unknown line type %r" % (obj.get("type"),))
        return obj

    def expect(self, typ, what):
        obj = self.take(what)
        if obj["type"] != typ:
            self.fail("expected %s, got %s" % (what, describe(obj)))
        return obj

    def get(self, obj, key):
        if key not in obj:
            self.fail("%s line lacks %r" % (obj["type"], key))
        return obj[key]

    def get_int(self, obj, key):
        v = self.get(obj, key)
        if not is_int(v):
            self.fail("%s.%s=%r is not an integer" % (obj["type"], key, v))
        return v

    def get_seat(self, obj, key):
        v = self.get_int(obj, key)
        if not 0 <= v < self.n:
            self.fail("%s.%s=%d is not a seat" % (obj["type"], key, v))
        return v

    def get_tile(self, obj, key="tile"):
        v = self.get(obj, key)
        t = parse_tile(v, self.o.set_max)
        if t is None:
            self.fail("%s.%s=%r is not a tile of the set" % (obj["type"], key, v))
        return t

    def get_int_list(self, obj, key):
        v = self.get(obj, key)
        if not isinstance(v, list) or len(v) != self.n or not all(is_int(x) for x in v):
            self.fail("%s.%s=%r is not a list of %d integers" % (obj["type"], key, v, self.n))
        return v

    def check_hand_no(self, obj):
        h = self.get_int(obj, "hand")
        if h != self.hand:
            self.fail("%s line has hand %d, the current hand is %d" % (obj["type"], h, self.hand))

    def check_seat(self, obj, seat, why):
        s = self.get_seat(obj, "seat")
        if s != seat:
            self.fail("%s by seat %d, but %s" % (obj["type"], s, why))

    # ---- match -----------------------------------------------------------
    def read_match(self):
        obj = self.take("the match line")
        if obj["type"] != "match":
            self.fail("the first line must be the match line, got %s" % describe(obj))
        if self.get(obj, "format") != 1 or not is_int(obj["format"]):
            self.fail("format %r is not 1" % (obj["format"],))
        if self.get(obj, "game") not in GAMES:
            self.fail("game %r is not bergen or double_bergen" % (obj["game"],))
        if not isinstance(self.get(obj, "preset"), str):
            self.fail("match.preset is not a string")
        try:
            self.o = Options(self.get(obj, "options"))
        except ValueError as e:
            self.fail(str(e))
        self.n = self.o.n
        seats = self.get(obj, "seats")
        if seats != self.n or not is_int(seats):
            self.fail("match.seats=%r but options.players=%d" % (seats, self.n))
        agents = self.get(obj, "agents")
        if not isinstance(agents, list) or len(agents) != self.n:
            self.fail("match.agents is not a list of %d agent specs" % self.n)
        self.get(obj, "seed")
        mh = obj.get("max_hands")
        if mh is not None and not (is_int(mh) and mh >= 1):
            self.fail("max_hands=%r is not an integer >= 1" % (mh,))
        self.max_hands = mh

    # ---- whole match -----------------------------------------------------
    def run(self):
        self.read_match()
        n = self.n
        self.scores = [0] * n
        self.hand = 1
        self.match_winner = None
        rotating = self.o.opener_rule == "rotating_first_double"
        # designated starters still possible (DB R4; hand 1 from deal.leader, else unknown)
        self.starters = set(range(n)) if rotating else {0}
        played = 0
        while True:
            if not rotating:
                self.starters = {(self.hand - 1) % n}       # R4/R6 nominal starter
            opener = self.play_hand()
            if opener is None:
                continue                                    # void hand: same number, starter
            played += 1
            if self.match_winner is not None:
                self.expect_match_end(self.match_winner, "R24")
                break
            if self.max_hands is not None and played >= self.max_hands:
                # project extension: the match is cut, most points wins, tie -> null
                self.expect_match_end(_unique_max(self.scores), "max_hands=%d" % self.max_hands)
                break
            self.hand += 1
            if rotating:                                    # DB R4 / R16
                if self.o.next_designated_starter == "left_of_leader":
                    self.starters = {(opener + 1) % n}
                else:
                    self.starters = {(s + 1) % n for s in self.starters}
        if self.i < len(self.lines):
            self.i += 1
            self.fail("extra line after match_end")

    def expect_match_end(self, winner, why):
        obj = self.expect("match_end", "match_end (winner %s, %s)" % (winner, why))
        w = self.get(obj, "winner")
        if not (w is None or is_int(w)) or w != winner or (w is None) != (winner is None):
            self.fail("match_end.winner=%r, the rules give %r (%s)" % (w, winner, why))
        sc = self.get_int_list(obj, "scores")
        if sc != self.scores:
            self.fail("match_end.scores=%r, the rules give %r" % (sc, self.scores))

    # ---- one hand --------------------------------------------------------
    def play_hand(self):
        """Returns the seat that led (non-void hand) or None (void hand)."""
        self.read_deal()
        self.awards = [0] * self.n
        self.layout = None
        opener = self.opening()
        if opener is None:
            self.expect_hand_end("redeal", None, "R6 void hand")
            return None
        if self.done:
            return opener
        self.play_turns(opener)
        return opener

    def read_deal(self):
        o, n = self.o, self.n
        obj = self.expect("deal", "deal of hand %d" % self.hand)
        self.check_hand_no(obj)
        if "leader" in obj:
            # format Pinned: deal.leader is the starter; absent or `dealer` tolerated.
            ld = self.get_seat(obj, "leader")
            if ld not in self.starters:
                self.fail("deal.leader=%d, the rules give starter %s (R4/R6, DB R4)"
                          % (ld, _fmt_set(self.starters)))
            self.starters = {ld}
        hands = self.get(obj, "hands")
        if not isinstance(hands, list) or len(hands) != n:
            self.fail("deal.hands is not a list of %d hands" % n)
        self.hands = []
        for s, h in enumerate(hands):
            if not isinstance(h, list):
                self.fail("deal.hands[%d] is not a list" % s)
            if len(h) != o.hand_size_v:
                self.fail("seat %d is dealt %d tiles, hand_size is %d (R2)" % (s, len(h), o.hand_size_v))
            self.hands.append(Counter(self.tile_value(x) for x in h))
        stock = self.get(obj, "stock")
        if not isinstance(stock, list):
            self.fail("deal.stock is not a list")
        self.stock = [self.tile_value(x) for x in stock]
        self.sp = 0
        dealt = Counter(self.stock)
        for h in self.hands:
            dealt.update(h)
        if dealt != full_set(o.set_max, o.num_sets):
            self.fail("hands and stock are not exactly the tiles of %d double-%d set(s) (R1-R3)"
                      % (o.num_sets, o.set_max))
        self.done = False

    def tile_value(self, x):
        t = parse_tile(x, self.o.set_max)
        if t is None:
            self.fail("%r is not a tile of the set" % (x,))
        return t

    def drawable(self):
        """R3: the last stock_reserve tiles are never drawn."""
        return len(self.stock) - self.sp - self.o.stock_reserve

    # ---- opening (R4-R8, DB R4-R7) ---------------------------------------
    def opening(self):
        n, o = self.n, self.o
        holders = [s for s in range(n) if doubles_in(self.hands[s])]
        if holders:
            if o.opener_rule == "rotating_first_double":
                by_opener = {}
                for S in self.starters:                     # DB R5
                    op = next(s for s in _order(S, n) if doubles_in(self.hands[s]))
                    by_opener.setdefault(op, set()).add(S)
                opener = self.pick_by_next_seat(by_opener, "play")
                self.starters = by_opener[opener]
                allowed = set(doubles_in(self.hands[opener]))   # DB A8: any double
                why = "DB R5: first seat from the designated starter holding a double"
            else:
                start = next(iter(self.starters))
                values = [t[0] for h in self.hands for t in doubles_in(h)]
                v = min(values) if o.opener_rule == "lowest_double" else max(values)
                opener = next(s for s in _order(start, n) if (v, v) in self.hands[s])  # R4
                if o.opening_tile == "qualifying_double":           # R5, A2, A14
                    allowed = {(v, v)}
                else:
                    allowed = set(doubles_in(self.hands[opener]))
                why = "R4: the %s [%d-%d] is held by seat %d" % (
                    o.opener_rule.replace("_", " "), v, v, opener)
            self.do_play(opener, why, opening=allowed)
            return opener
        # no hand holds a double: R6 / DB R6
        if o.no_double_rule == "redeal":
            return None
        by_start = {S: {S} for S in self.starters}
        seat = None
        while True:
            if self.drawable() <= 0:
                return None                                  # R6: void hand
            if seat is None:
                seat = self.pick_by_next_seat(by_start, "draw")
                self.starters = {seat}
            t = self.expect_draw(seat, "R6: nobody holds a double, seat %d draws in turn" % seat)
            if is_double(t):
                self.do_play(seat, "R6: seat %d drew a double and leads it at once" % seat,
                             opening={t})
                return seat
            seat = (seat + 1) % n

    def pick_by_next_seat(self, choices, typ):
        """Several designated starters are still possible (hand 1 without deal.leader):
        the seat of the next line tells which one was used."""
        if len(choices) == 1:
            return next(iter(choices))
        nxt = self.peek()
        if nxt is not None and nxt.get("type") == typ and is_int(nxt.get("seat")) \
                and nxt["seat"] in choices:
            return nxt["seat"]
        return min(choices)     # any: the expect below reports the mismatch

    # ---- turns (R8, R11-R13, R18; DB R10-R11) ------------------------------
    def playable(self, seat):
        return any(self.layout.legal_ends(t) for t in self.hands[seat])

    def blocked(self):
        """R18 / DB R11: nobody holds a playable tile and nothing is drawable."""
        return self.drawable() <= 0 and not any(self.playable(s) for s in range(self.n))

    def play_turns(self, opener):
        n = self.n
        p = (opener + 1) % n                                   # R8, DB R7
        while not self.done:
            if self.blocked():
                self.end_blocked()
                return
            if self.playable(p):
                self.do_play(p, "R11: seat %d holds a playable tile and must place one" % p)
            elif self.drawable() > 0:
                self.draw_turn(p)
            else:
                self.expect_pass(p, "R13: seat %d can neither place nor draw" % p)
            p = (p + 1) % n

    def draw_turn(self, p):
        """R12: seat p holds no playable tile and may draw."""
        if self.o.draw_mode == "until_playable":
            while True:
                t = self.expect_draw(p, "R12: seat %d holds no playable tile and draws" % p)
                if self.layout.legal_ends(t):
                    self.do_play(p, "R12: seat %d drew the playable %s and places it"
                                 % (p, tile_str(t)), only=t)
                    return
                if self.drawable() <= 0:
                    if self.blocked():          # format Pinned: the block ends the hand here
                        self.end_blocked()
                    else:
                        self.expect_pass(p, "R12/R13: seat %d drew down to the reserve" % p)
                    return
        # one_per_turn: one tile, then the turn ends
        t = self.expect_draw(p, "R12: seat %d holds no playable tile and draws one" % p)
        if self.layout.legal_ends(t):
            if self.o.drawn_tile_must_be_played:
                self.do_play(p, "R12/A12: the drawn %s fits and must be placed" % tile_str(t), only=t)
                return
            nxt = self.peek()
            if nxt is not None and nxt.get("type") == "play" and nxt.get("seat") == p:
                self.do_play(p, "R12: seat %d places its drawn tile" % p, only=t)
            # else: the drawn tile is kept, which writes no line

    def expect_draw(self, seat, why):
        top = self.stock[self.sp]
        obj = self.expect("draw", "draw of %s by seat %d (%s)" % (tile_str(top), seat, why))
        self.check_hand_no(obj)
        self.check_seat(obj, seat, why)
        t = self.get_tile(obj)
        if t != top:
            self.fail("seat %d draws %s, but the stock's next tile is %s (R3)"
                      % (seat, tile_str(t), tile_str(top)))
        self.sp += 1
        self.hands[seat][t] += 1
        return t

    def expect_pass(self, seat, why):
        obj = self.expect("pass", "pass by seat %d (%s)" % (seat, why))
        self.check_hand_no(obj)
        self.check_seat(obj, seat, why)

    def do_play(self, seat, why, opening=None, only=None):
        """A placement by seat: legality, layout change, points (R14-R17, DB R12-R13),
        then an immediate win (R24) or domino (R18)."""
        o = self.o
        what = "play by seat %d (%s)" % (seat, why)
        obj = self.expect("play", what)
        self.check_hand_no(obj)
        self.check_seat(obj, seat, why)
        t = self.get_tile(obj)
        if self.hands[seat][t] <= 0:
            self.fail("seat %d does not hold %s" % (seat, tile_str(t)))
        if opening is not None:
            if t not in opening:
                self.fail("seat %d opens with %s; the rules allow %s (%s)"
                          % (seat, tile_str(t), _fmt_tiles(opening), why))
            if "end" in obj:
                self.fail("the opening tile's play line must omit `end` (format)")
            d = t[0]
            if o.layout == "spinner":
                self.layout = SpinnerLayout(d, o.spinner_arms)          # DB R7
            else:
                self.layout = LineLayout(d, o.first_double_both_sides)
            new_value = d
        else:
            if only is not None and t != only:
                self.fail("seat %d places %s, but only the drawn %s can be placed (R12)"
                          % (seat, tile_str(t), tile_str(only)))
            end = self.get_int(obj, "end")
            legal = self.layout.legal_ends(t)
            if end not in legal:
                self.fail("%s may not be placed on end %d (%s; legal ends for it: %s)"
                          % (tile_str(t), end, self.layout_rule(), legal))
            new_value = self.layout.place(t, end)
        self.hands[seat][t] -= 1
        if self.hands[seat][t] == 0:
            del self.hands[seat][t]
        # scoring after every placement, the opening included (R7, R14; DB R12)
        if o.scoring == "headers":
            raw = self.layout.header()
        else:
            raw = combination_points(self.layout.exposed(), o.combination_scope, new_value)
        pts = near_goal_points(o.near_goal, raw, o.target_v - self.scores[seat])   # R16
        credited = self.credit(seat, pts)
        got = self.get_int(obj, "points")
        if got != credited:
            self.fail("seat %d's %s scores %d, the rules give %d (%s)"
                      % (seat, tile_str(t), got, credited, self.score_rule(raw, pts)))
        # R17/R24: immediate win check after every credit; A20: before the domino award
        if o.win_check == "immediate":
            w = match_leader(self.scores, o.target_v)
            if w is not None:
                self.match_winner = w
                self.expect_hand_end("target_reached", None, "R24: seat %d reached the target" % w)
                return
        if not self.hands[seat]:
            self.end_domino(seat)

    def layout_rule(self):
        if isinstance(self.layout, SpinnerLayout):
            return "DB R8"
        return "R9/R10"

    def score_rule(self, raw, pts):
        o = self.o
        base = "R14 headers" if o.scoring == "headers" else "DB R12 %s" % o.combination_scope
        s = "%s: %d" % (base, raw)
        if pts != raw:
            s += ", near_goal=%s R16: %d" % (o.near_goal, pts)
        return s

    def credit_amount(self, seat, pts):
        """What adding pts would credit: score_floor=zero keeps a score >= 0."""
        new = self.scores[seat] + pts
        if self.o.score_floor == "zero" and new < 0:
            new = 0
        return new - self.scores[seat]

    def credit(self, seat, pts):
        """Add pts (format: points are what was credited, after score_floor)."""
        credited = self.credit_amount(seat, pts)
        self.scores[seat] += credited
        return credited

    # ---- hand end (R18-R22, DB R14) -------------------------------------
    def end_domino(self, seat):
        o = self.o
        if o.end_award == "winner":                       # R19
            awards = {seat: (o.domino_points, "domino")}
        elif o.end_award == "lightest_hand":              # R20, A13
            awards = {seat: (o.lightest_hand_points, "lightest_hand")}
        else:                                             # DB R14
            awards = self.deductions()
        self.read_awards(awards, "domino by seat %d" % seat)
        self.expect_hand_end("domino", seat, "seat %d placed its last tile" % seat)
        self.hand_over()

    def end_blocked(self):
        o = self.o
        self.accept_block_passes()
        winner = None
        if o.end_award == "winner":                       # R19, R21
            w = block_winner(self.hands, o)
            awards = {} if w is None else {w: (o.block_points_v, "block")}
            winner = w
            why = "block_method=%s" % o.block_method
        elif o.end_award == "lightest_hand":              # R20, A13
            seats = lightest_seats(self.hands, None)
            if len(seats) == 1 or o.lightest_tie == "all":
                awards = {s: (o.lightest_hand_points, "lightest_hand") for s in seats}
            else:
                awards = {}
            winner = seats[0] if len(seats) == 1 else None
            why = "R20 lightest hand"
        else:
            awards = self.deductions()
            why = "DB R14 deduction"
        self.read_awards(awards, "blocked hand, " + why)
        self.expect_hand_end("blocked", winner, "R18 block, " + why)
        self.hand_over()

    def hand_over(self):
        """R24: after the hand-end awards (both win_check values; with `immediate` the
        simultaneous credits of lightest_tie=all are judged together)."""
        self.match_winner = match_leader(self.scores, self.o.target_v)

    def deductions(self):
        """DB R14: every player loses deduction_per_tile per tile left in his hand;
        the player who went out loses nothing (no line)."""
        d = self.o.deduction_per_tile
        return {s: (-d * hand_tiles(h), "deduction") for s, h in enumerate(self.hands)
                if hand_tiles(h) > 0}

    def accept_block_passes(self):
        """format Pinned: before a blocked hand's awards, pass lines of seats that can
        neither place nor draw are tolerated, at most one per seat in a row."""
        seen = set()
        while True:
            nxt = self.peek()
            if nxt is None or nxt.get("type") != "pass":
                return
            obj = self.take("pass")
            self.check_hand_no(obj)
            s = self.get_seat(obj, "seat")
            if s in seen:
                self.fail("second pass by seat %d at the block (format: at most one per seat)" % s)
            seen.add(s)

    def read_awards(self, expected, why):
        """Hand-end award lines: one per seat the rules award, in any order (the format
        does not pin it).
        An award that credits nothing (0 points, or cut to 0 by score_floor) writes no
        line: an award line records points credited (format, `award`)."""
        expected = {s: (self.credit_amount(s, p), r) for s, (p, r) in expected.items()}
        expected = {s: v for s, v in expected.items() if v[0] != 0}
        got = set()
        while True:
            nxt = self.peek()
            if nxt is None or nxt.get("type") != "award":
                break
            obj = self.take("award")
            self.check_hand_no(obj)
            to = self.get_seat(obj, "to")
            reason = self.get(obj, "reason")
            if reason not in AWARD_REASONS:
                self.fail("award.reason %r is not a Bergen-family reason word (malformed)" % (reason,))
            if to not in expected:
                self.fail("award of %r to seat %d; the rules award %s (%s)"
                          % (obj.get("points"), to, _fmt_awards(expected), why))
            if to in got:
                self.fail("a second award to seat %d (%s)" % (to, why))
            got.add(to)
            due, exp_reason = expected[to]
            if reason != exp_reason:
                self.fail("award.reason %r, the rules give %r (%s)" % (reason, exp_reason, why))
            credited = self.credit(to, due)
            self.awards[to] += credited
            pts = self.get_int(obj, "points")
            if pts != credited:
                self.fail("award of %d to seat %d, the rules give %d (%s)" % (pts, to, credited, why))
        missing = [s for s in expected if s not in got]
        if missing:
            raise CheckError(self.i + 1, "missing line: award to seat %d of %d (%s); rules award %s"
                             % (missing[0], expected[missing[0]][0], why, _fmt_awards(expected)))

    def expect_hand_end(self, reason, winner, why):
        obj = self.expect("hand_end", "hand_end (%s, %s)" % (reason, why))
        self.done = True
        self.check_hand_no(obj)
        r = self.get(obj, "reason")
        if r not in HAND_END_REASONS:
            self.fail("hand_end.reason %r is not a Bergen-family reason word (malformed)" % (r,))
        if r != reason:
            self.fail("hand_end.reason %r, the rules give %r (%s)" % (r, reason, why))
        w = self.get(obj, "winner")
        if not (w is None or is_int(w)) or w != winner or (w is None) != (winner is None):
            self.fail("hand_end.winner=%r, the rules give %r (%s)" % (w, winner, why))
        pts = self.get_int_list(obj, "points")
        if pts != self.awards:
            self.fail("hand_end.points=%r, but this hand's award lines total %r" % (pts, self.awards))
        pl = self.get_int_list(obj, "pips_left")
        exp = [hand_pips(h) for h in self.hands]
        if pl != exp:
            self.fail("hand_end.pips_left=%r, the hands hold %r" % (pl, exp))
        sc = self.get_int_list(obj, "scores")
        if sc != self.scores:
            self.fail("hand_end.scores=%r, the rules give %r" % (sc, self.scores))


# --------------------------------------------------------------------------- helpers

def _order(start, n):
    return [(start + k) % n for k in range(n)]


def _unique_max(scores):
    m = max(scores)
    best = [s for s, v in enumerate(scores) if v == m]
    return best[0] if len(best) == 1 else None


def _fmt_set(s):
    return "/".join(str(x) for x in sorted(s))


def _fmt_tiles(ts):
    return ", ".join(tile_str(t) for t in sorted(ts))


def _fmt_awards(expected):
    if not expected:
        return "nothing"
    return ", ".join("%+d (%s) to seat %d" % (p, r, s) for s, (p, r) in sorted(expected.items()))


def describe(obj):
    parts = [str(obj.get("type"))]
    for k in ("hand", "seat", "tile", "end", "to", "points", "reason"):
        if k in obj:
            parts.append("%s=%s" % (k, json.dumps(obj[k])))
    return " ".join(parts)


# --------------------------------------------------------------------------- API

def check_lines(lines):
    """Check a whole record given as parsed JSON objects (line 1 = match line)."""
    if not lines:
        raise CheckError(1, "empty record: missing match line")
    ref = Referee(lines)
    try:
        ref.run()
    except CheckError:
        raise
    except (TypeError, ValueError, KeyError, IndexError, AttributeError) as e:
        # safety net: a value of an unexpected type on the line read last
        raise CheckError(max(ref.i, 1), "malformed line (%s: %s)" % (type(e).__name__, e))


def read_record(path):
    lines = []
    with open(path, encoding="utf-8") as f:
        for k, text in enumerate(f.read().splitlines(), 1):
            if not text.strip():
                raise CheckError(k, "blank line")
            try:
                lines.append(json.loads(text))
            except ValueError as e:
                raise CheckError(k, "not JSON: %s" % e)
    return lines


def check_file(path):
    """Check one .jsonl record; raises CheckError at the first disagreement."""
    check_lines(read_record(path))
