"""Independent referee for Bingo game records (JSON Lines, format 1).

Written only from docs/rules/bingo.md (rules R1-R20, resolutions A1-A18),
docs/rules/README.md (conventions) and docs/record-format.md (the record format and its
"Pinned details").  It shares no code with the engine.

The checker re-derives the match from the `match` line, each `deal` line and the
players' decisions (`play`, `close`, `meld` lines; a declined meld has no line) and
raises CheckError at the first line that disagrees with the rules, or that is missing
or extra.

Use check_records.py to check record files from the command line; this module offers
check_file(path), check_lines(parsed_lines) and CheckError.

`hand_end.pips_left` is a hand's pips by the rules' pip value: a 0 side counts 7
(docs/rules/README.md, "pips": "Bingo counts a 0 side as 7").  Ranking tiles in a trick
uses real pips unless rank_blank_as_seven (bingo.md A4); that is a comparison, not a
hand's pips.

Project extension: the `match` line may carry "max_hands": N.  The match is then cut
after hand N (unless won earlier): `match_end` follows that hand's `hand_end` with the
current scores, and the seat with more game points as winner (null on a tie).
"""

import json
import re

# --- constants of S003 (bingo.md section 2: the same in every configuration) --------------

WIN = 70            # R16: win threshold
LOW = 30            # R17: low-score threshold
GRAND = 210         # R17/A14: grand threshold
FAIL_GP = 2         # R17/A13: failed-close penalty (game points to the opponent)
CAPTURE_GP = 1      # R18
MELD_POINTS = {2: 20, 3: 40, 4: 50, 5: 60, 6: 70, 7: 200}   # R15
MELD_BINGO_BONUS = 10                                        # R15
HAND_SIZE = 7       # R3
BINGO = (0, 0)      # R5

# bingo.md section 2: every option key with its closed set of values (first = default)
OPTION_VALUES = {
    'rank_blank_as_seven': (False, True),
    'zero_trump_bingo_value': (28, 14),
    'bingo_is_trump': (False, True),
    'trick_leader': ('winner', 'alternate'),
    'plain_tile_must_match_to_win': (False, True),
    'plain_follow_includes_trumps': (True, False),
    'close_timing': ('before_lead', 'any_own_turn'),
    'hand_end': ('stop_at_70', 'play_out'),
    'closed_opponent_70': ('ignored', 'ends_hand'),
    'meld_reuse': ('no_reuse', 'unrestricted'),
    'bingo_capture_point': ('always', 'if_hand_won'),
    'target_game_points': None,          # any integer >= 1
}

# record-format.md, Pinned details: reason words of Bingo
AWARD_REASONS = ('game_points', 'failed_close', 'bingo_capture')
HAND_END_REASONS = ('reached_70', 'closed', 'failed_close')

FULL_SET = [(a, b) for b in range(7) for a in range(b + 1)]   # README section 6 order


class CheckError(Exception):
    """A record line that disagrees with the rules (or is malformed, missing, extra)."""

    def __init__(self, line, message):
        super().__init__('line %d: %s' % (line, message))
        self.line = line
        self.message = message


# --- small value helpers -------------------------------------------------------------------

_TILE_RE = re.compile(r'([0-6])-([0-6])')


def tile_str(tile):
    return '%d-%d' % tile


def is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def same(a, b):
    """JSON equality without Python's bool/int/float confusion."""
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    if is_int(a) or is_int(b):
        return is_int(a) and is_int(b) and a == b
    if isinstance(a, list) or isinstance(b, list):
        return (isinstance(a, list) and isinstance(b, list) and len(a) == len(b)
                and all(same(x, y) for x, y in zip(a, b)))
    return type(a) is type(b) and a == b


def typed_in(value, allowed):
    return any(same(value, v) for v in allowed)


# --- the rules, as pure functions of the options (bingo.md section 3) ----------------------

class Rules:
    """The option values of one match and the rule functions that depend on them."""

    def __init__(self, options):
        self.o = dict(options)
        self.target = self.o['target_game_points']

    # R4 / A1: the trump number is the larger number of the turned tile
    @staticmethod
    def trump_number(turned):
        return max(turned)

    # R5 (+A6 bingo_is_trump): a trump tile shows t; Bingo is a trump if t = 0 or the option
    def is_trump(self, tile, t):
        if t in tile:
            return True
        return tile == BINGO and self.o['bingo_is_trump']

    # R13 (+A5): point value of a captured tile
    def point_value(self, tile, t):
        if tile == BINGO:
            return self.o['zero_trump_bingo_value'] if t == 0 else 14
        if tile == (t, t):
            return 28                       # double trump, t != 0 here
        return sum(7 if x == 0 else x for x in tile)

    # R8 (+A4): rank pips, real pips unless rank_blank_as_seven
    def rank_pips(self, tile):
        if self.o['rank_blank_as_seven']:
            return sum(7 if x == 0 else x for x in tile)
        return sum(tile)

    def trick_winner(self, led, followed, t):
        """R8: 0 if the led tile wins, 1 if the followed tile wins."""
        if led == BINGO:                                   # R8.1 Bingo wins
            return 0
        if followed == BINGO:
            return 1
        led_tr, fol_tr = self.is_trump(led, t), self.is_trump(followed, t)
        if led_tr and fol_tr:                              # R8.2 both trumps
            if led == (t, t):
                return 0
            if followed == (t, t):
                return 1
            return 1 if self.rank_pips(followed) > self.rank_pips(led) else 0   # A18: no ties
        if led_tr != fol_tr:                               # R8.3 exactly one trump
            return 0 if led_tr else 1
        # R8.4 both plain (A7: literal; plain_tile_must_match_to_win restricts)
        if self.o['plain_tile_must_match_to_win'] and not (set(followed) & set(led)):
            return 0
        return 1 if self.rank_pips(followed) > self.rank_pips(led) else 0

    def legal_follows(self, hand, led, t, closed_phase):
        """R7 (open phase: anything) and R12 (closed phase follow obligations, A8, A9)."""
        hand = set(hand)
        if not closed_phase:
            return hand
        if self.is_trump(led, t):                         # R12: trump led -> trump if any
            trumps = {x for x in hand if self.is_trump(x, t)}
            return trumps or hand
        h, l = max(led), min(led)                         # R12: plain led, h then l
        for number in (h, l):
            showing = {x for x in hand if number in x}
            if not self.o['plain_follow_includes_trumps']:   # A8 option: plain tiles only
                showing = {x for x in showing if not self.is_trump(x, t)}
            if showing:
                return showing
        return hand

    def meld_doubles(self, played, hand_after, counted):
        """R15/A15: the doubles a meld must show after the trick won with `played`,
        or None when no meld is possible.  `hand_after` is the winner's hand without
        `played`; `counted` the doubles already counted in a meld this hand."""
        if played[0] != played[1]:
            return None                                   # no double placed
        reuse = self.o['meld_reuse'] == 'unrestricted'
        if not reuse and played in counted:
            return None                                   # A15: each double once (no_reuse)
        shown = {played} | {x for x in hand_after if x[0] == x[1]}
        if not reuse:
            shown -= set(counted)
        return frozenset(shown) if len(shown) >= 2 else None

    @staticmethod
    def meld_points(doubles):
        """R15: table by k, +10 if Bingo is among them."""
        return MELD_POINTS[len(doubles)] + (MELD_BINGO_BONUS if BINGO in doubles else 0)

    def may_close(self, hs, as_leader):
        """R11/A10: a face-down tile left, not yet closed, and the right moment."""
        if hs.closer is not None or not hs.facedown:
            return False
        return as_leader or self.o['close_timing'] == 'any_own_turn'

    @staticmethod
    def game_points_for(winner_points, p):
        """R17 (A14): winner's points at hand end, p = the loser's points when W first
        reached 70."""
        if winner_points >= GRAND:
            return 3
        if p == 0:
            return 3
        if p < LOW:
            return 2
        return 1


# --- one hand ------------------------------------------------------------------------------

class HandState:
    """Everything the rules need about a hand in progress."""

    def __init__(self, hands, facedown, faceup, t, starter=None):
        self.hands = [set(hands[0]), set(hands[1])]
        self.facedown = list(facedown)     # R10: drawn first to last
        self.faceup = faceup               # R4: the turned tile
        self.t = t
        self.starter = starter
        self.pts = [0, 0]
        self.closer = None                 # R11: seat that closed
        self.counted = set()               # A15: doubles counted in a meld (no_reuse)
        self.reach_order = []              # seats in the order they first reached 70
        self.p_at_reach = {}               # seat -> opponent's points at that moment (R17)
        self.captures = []                 # R18: seats that captured [t-t] with Bingo
        self.tricks = 0

    def closed_phase(self):
        """R7/R12: closed after a close or once the stock is exhausted."""
        return self.closer is not None or not self.facedown

    def empty(self):
        return not self.hands[0] and not self.hands[1]


def resolve_trick(rules, hs, leader, led, followed):
    """R8, R9, R13, R18: move both tiles out of the hands, score them; returns
    (winner seat, points)."""
    follower = 1 - leader
    hs.hands[leader].discard(led)
    hs.hands[follower].discard(followed)
    winner = leader if rules.trick_winner(led, followed, hs.t) == 0 else follower
    points = rules.point_value(led, hs.t) + rules.point_value(followed, hs.t)
    hs.pts[winner] += points
    if hs.t != 0 and {led, followed} == {BINGO, (hs.t, hs.t)}:      # R18
        hs.captures.append(winner)
    hs.tricks += 1
    return winner, points


def apply_meld(rules, hs, seat, doubles):
    """R15: meld points count toward 70 at once; no_reuse marks the doubles counted."""
    points = rules.meld_points(doubles)
    hs.pts[seat] += points
    hs.counted |= set(doubles)
    return points


def note_reaching_70(hs):
    """R16/R17: the 70-check after a trick and its optional meld.  Records, for a seat
    first reaching 70, the opponent's points at that moment (R17's p)."""
    for s in (0, 1):
        if hs.pts[s] >= WIN and s not in hs.p_at_reach:
            hs.p_at_reach[s] = hs.pts[1 - s]
            hs.reach_order.append(s)


def reached_before(hs, a, b):
    """True if seat a reached 70 and did so before seat b (who may never have)."""
    if a not in hs.reach_order:
        return False
    return b not in hs.reach_order or hs.reach_order.index(a) < hs.reach_order.index(b)


def hand_over(rules, hs):
    """R16: does the hand end after the current trick (+ meld)?"""
    if hs.empty():
        return True
    if rules.o['hand_end'] == 'play_out':
        return False                      # play_out: all tricks are always played
    x = hs.closer
    if x is None:
        return bool(hs.reach_order)       # stop_at_70, not closed: first to 70
    if hs.pts[x] >= WIN:
        return True                       # closer reached 70
    if rules.o['closed_opponent_70'] == 'ends_hand' and reached_before(hs, 1 - x, x):
        return True                       # A12 ends_hand: failure of X at once
    return False


def hand_outcome(rules, hs):
    """R16, R17, R18 at hand end: (reason, winner, awards) with awards a list of
    (to, points, reason).  A failed close makes the closer's opponent the hand winner."""
    x = hs.closer
    if x is None:
        if not hs.reach_order:
            raise ValueError('unclosed hand ended with nobody at 70')
        winner, reason, failed = hs.reach_order[0], 'reached_70', False
    else:
        y = 1 - x
        if rules.o['closed_opponent_70'] == 'ends_hand' and reached_before(hs, y, x):
            failed = True                 # A12 ends_hand (R16 play_out: settled then)
        else:
            failed = x not in hs.reach_order
        winner, reason = (y, 'failed_close') if failed else (x, 'closed')
    if failed:
        awards = [(winner, FAIL_GP, 'failed_close')]             # R17/A13
    else:
        gp = rules.game_points_for(hs.pts[winner], hs.p_at_reach[winner])
        awards = [(winner, gp, 'game_points')]
    for seat in hs.captures:                                      # R18/A16
        if rules.o['bingo_capture_point'] == 'always' or seat == winner:
            awards.append((seat, CAPTURE_GP, 'bingo_capture'))
    return reason, winner, awards


def pips_left(hand):
    """docs/rules/README.md, "pips": a hand's pips is the sum of its tiles' pip values,
    and Bingo counts a 0 side as 7."""
    return sum(sum(7 if x == 0 else x for x in tile) for tile in hand)


def match_winner(scores, target, hand_winner):
    """R20/A17: None while nobody has reached the target."""
    reached = [s for s in (0, 1) if scores[s] >= target]
    if not reached:
        return None
    if len(reached) == 1:
        return reached[0]
    if scores[0] != scores[1]:
        return 0 if scores[0] > scores[1] else 1
    return hand_winner


# --- the record reader ---------------------------------------------------------------------

class Record:
    """A cursor over the parsed lines; line numbers are 1-based."""

    def __init__(self, lines):
        self.lines = lines
        self.i = 0

    def lineno(self):
        return self.i + 1

    def peek_type(self):
        if self.i >= len(self.lines):
            return None
        obj = self.lines[self.i]
        return obj.get('type') if isinstance(obj, dict) else None

    def fail(self, message):
        """A problem with the next (not yet consumed) line, or a missing line."""
        raise CheckError(self.lineno(), message)

    def bad(self, message):
        """A problem with the line just consumed."""
        raise CheckError(self.i, message)

    def take(self, typ, what=None):
        """Consume the next line, which must be of type `typ`."""
        if self.i >= len(self.lines):
            self.fail('record ends early: expected a %s line' % (what or repr(typ)))
        obj = self.lines[self.i]
        if not isinstance(obj, dict):
            self.fail('line is not a JSON object')
        if obj.get('type') != typ:
            self.fail('expected a %s line, got %r' % (what or repr(typ), obj.get('type')))
        self.i += 1
        return obj

    def field(self, obj, key):
        if key not in obj:
            raise CheckError(self.i, 'missing field %r' % key)
        return obj[key]

    def expect(self, obj, key, value, rule=''):
        got = self.field(obj, key)
        if not same(got, value):
            raise CheckError(self.i, '%s %s is %s, rules give %s%s' % (
                obj.get('type'), key, json.dumps(got), json.dumps(value),
                (' (%s)' % rule) if rule else ''))

    def tile(self, obj, key):
        value = self.field(obj, key)
        return self.parse_tile(value)

    def parse_tile(self, value):
        m = _TILE_RE.fullmatch(value) if isinstance(value, str) else None
        if not m or int(m.group(1)) > int(m.group(2)):
            raise CheckError(self.i, 'malformed tile %s (want "a-b" with a <= b <= 6)'
                             % json.dumps(value))
        return (int(m.group(1)), int(m.group(2)))

    def seat(self, obj, key):
        value = self.field(obj, key)
        if not typed_in(value, (0, 1)):
            raise CheckError(self.i, 'malformed seat %s in %r' % (json.dumps(value), key))
        return value


class Checker:
    def __init__(self, lines):
        self.rec = Record(lines)

    # --- match line ---------------------------------------------------------------

    def read_match(self):
        rec = self.rec
        m = rec.take('match')
        rec.expect(m, 'format', 1)
        rec.expect(m, 'game', 'bingo')
        rec.expect(m, 'preset', 'bingo', 'bingo.md section 2: the only preset')
        rec.expect(m, 'seats', 2, 'R1')
        agents = rec.field(m, 'agents')
        if not (isinstance(agents, list) and len(agents) == 2
                and all(isinstance(a, str) for a in agents)):
            rec.bad('agents must be 2 agent spec strings')
        rec.field(m, 'seed')                # required by the format; its value is not used
        opts = rec.field(m, 'options')
        if not isinstance(opts, dict):
            rec.bad('options is not an object')
        if 'players' in opts and not same(opts['players'], 2):
            raise CheckError(1, 'options.players is %s; Bingo has 2 (R1)'
                             % json.dumps(opts['players']))
        for key in opts:
            if key != 'players' and key not in OPTION_VALUES:
                raise CheckError(1, 'unknown option %r' % key)
        for key, allowed in OPTION_VALUES.items():
            if key not in opts:
                raise CheckError(1, 'options lacks %r' % key)
            value = opts[key]
            ok = (is_int(value) and value >= 1) if allowed is None else typed_in(value, allowed)
            if not ok:
                raise CheckError(1, 'option %s has invalid value %s' % (key, json.dumps(value)))
        self.max_hands = m.get('max_hands')
        if self.max_hands is not None and not (is_int(self.max_hands) and self.max_hands >= 1):
            raise CheckError(1, 'max_hands is %s, not a positive integer'
                             % json.dumps(self.max_hands))
        self.rules = Rules(opts)

    # --- deal and trump -----------------------------------------------------------

    def read_deal(self, hand_no, expected_starter):
        """R2, R3, R4: the deal and trump lines.  Returns the HandState; its starter is
        None when it must still be derived from the first action (hand 1, no leader)."""
        rec = self.rec
        d = rec.take('deal')
        rec.expect(d, 'hand', hand_no)
        hands = rec.field(d, 'hands')
        stock = rec.field(d, 'stock')
        if not (isinstance(hands, list) and len(hands) == 2
                and all(isinstance(h, list) and len(h) == HAND_SIZE for h in hands)):
            rec.bad('deal hands must be 2 arrays of %d tiles (R3)' % HAND_SIZE)
        if not (isinstance(stock, list) and len(stock) == 28 - 2 * HAND_SIZE):
            rec.bad('deal stock must hold 14 tiles (R3)')
        hand_tiles = [[rec.parse_tile(x) for x in h] for h in hands]
        stock_tiles = [rec.parse_tile(x) for x in stock]
        everything = hand_tiles[0] + hand_tiles[1] + stock_tiles
        if sorted(everything) != sorted(FULL_SET) or len(set(everything)) != 28:
            rec.bad('deal is not one double-six set (R1, R3)')
        starter = None
        if 'leader' in d:
            starter = rec.seat(d, 'leader')
            if expected_starter is not None and starter != expected_starter:
                rec.bad('deal leader is %d, rules give %d (R2: starters alternate)'
                         % (starter, expected_starter))
        else:
            starter = expected_starter      # Pinned: absent/dealer -> derive
        faceup = stock_tiles[-1]            # Pinned: the turned tile is last in stock
        t = Rules.trump_number(faceup)      # R4/A1
        tr = rec.take('trump')
        rec.expect(tr, 'hand', hand_no)
        rec.expect(tr, 'tile', tile_str(faceup), 'R4: last tile of deal.stock')
        rec.expect(tr, 'trump', t, 'R4/A1')
        hs = HandState(hand_tiles, stock_tiles[:-1], faceup, t, starter)
        return hs

    # --- one trick ----------------------------------------------------------------

    def derive_starter(self, hs):
        """Hand 1 without deal.leader: the starter is who acts first (R2 by lot)."""
        rec = self.rec
        if rec.peek_type() not in ('close', 'play'):
            rec.take('play', "leader's 'play' or 'close'")
        seat = rec.lines[rec.i].get('seat')
        if not typed_in(seat, (0, 1)):
            rec.fail('malformed seat %s' % json.dumps(seat))
        hs.starter = seat

    def maybe_close(self, hs, hand_no, seat, as_leader):
        """R11/A10: an optional close line by `seat`."""
        rec = self.rec
        if rec.peek_type() != 'close':
            return
        c = rec.take('close')
        rec.expect(c, 'hand', hand_no)
        who = rec.seat(c, 'seat')
        if who != seat:
            rec.bad('close by seat %d where only seat %d may act (R11)' % (who, seat))
        if not self.rules.may_close(hs, as_leader):
            if hs.closer is not None:
                why = 'the hand is already closed'
            elif not hs.facedown:
                why = 'the stock holds no face-down tile'
            else:
                why = 'close_timing=before_lead allows it only before leading'
            rec.bad('close not allowed here: %s (R11/A10)' % why)
        hs.closer = seat

    def read_play(self, hs, hand_no, seat, led=None):
        """A `play` line by `seat` (R6); the follower's tile must be legal (R7, R12)."""
        rec = self.rec
        p = rec.take('play', "'play' by seat %d" % seat)
        rec.expect(p, 'hand', hand_no)
        who = rec.seat(p, 'seat')
        if who != seat:
            rec.bad('play by seat %d, but seat %d is to play (R6)' % (who, seat))
        if 'end' in p:
            raise CheckError(rec.i, 'play line of a trick game carries "end"')
        tile = rec.tile(p, 'tile')
        rec.expect(p, 'points', 0, 'format: trick game plays carry 0')
        if tile not in hs.hands[seat]:
            raise CheckError(rec.i, 'seat %d does not hold %s' % (seat, tile_str(tile)))
        if led is not None:
            legal = self.rules.legal_follows(hs.hands[seat], led, hs.t, hs.closed_phase())
            if tile not in legal:
                raise CheckError(rec.i, 'illegal follow %s to %s: closed phase, legal are %s'
                                 ' (R12%s)' % (tile_str(tile), tile_str(led),
                                               ' '.join(tile_str(x) for x in sorted(legal)),
                                               ', A8' if not self.rules.o[
                                                   'plain_follow_includes_trumps'] else ''))
        return tile

    def read_meld(self, hs, hand_no, winner, played):
        """R15/A15: an optional meld line right after the trick."""
        rec = self.rec
        if rec.peek_type() != 'meld':
            return
        m = rec.take('meld')
        rec.expect(m, 'hand', hand_no)
        rec.expect(m, 'seat', winner, 'R15: only the trick winner may meld')
        doubles = None
        if played is not None:
            doubles = self.rules.meld_doubles(played, hs.hands[winner], hs.counted)
        if doubles is None:
            rec.bad('no meld is possible after this trick (R15/A15)')
        tiles = rec.field(m, 'tiles')
        if not isinstance(tiles, list):
            raise CheckError(rec.i, 'meld tiles is not an array')
        shown = [rec.parse_tile(x) for x in tiles]
        if len(set(shown)) != len(shown) or set(shown) != doubles:
            raise CheckError(rec.i, 'meld tiles are %s, rules give %s (R15/A15: every '
                             'eligible double)' % (json.dumps(tiles), json.dumps(
                                 [tile_str(x) for x in sorted(doubles)])))
        rec.expect(m, 'points', self.rules.meld_points(doubles), 'R15')
        apply_meld(self.rules, hs, winner, doubles)

    def read_draws(self, hs, hand_no, winner):
        """R10: after an open-phase trick, winner then loser draw."""
        rec = self.rec
        if hs.closer is not None or not hs.facedown:
            return
        if len(hs.facedown) == 1:        # the face-up tile to the winner, last one to loser
            order = [(winner, hs.faceup), (1 - winner, hs.facedown[0])]
            hs.facedown = []
        else:
            order = [(winner, hs.facedown[0]), (1 - winner, hs.facedown[1])]
            hs.facedown = hs.facedown[2:]
        for seat, tile in order:
            d = rec.take('draw', "'draw' by seat %d (R10)" % seat)
            rec.expect(d, 'hand', hand_no)
            rec.expect(d, 'seat', seat, 'R10: winner draws first')
            rec.expect(d, 'tile', tile_str(tile), 'R10: stock order')
            hs.hands[seat].add(tile)

    def play_trick(self, hs, hand_no, leader):
        """R6-R9, R11, R12, R15, R10: one trick; returns the winner."""
        rec = self.rec
        rules = self.rules
        follower = 1 - leader
        self.maybe_close(hs, hand_no, leader, as_leader=True)
        led = self.read_play(hs, hand_no, leader)
        self.maybe_close(hs, hand_no, follower, as_leader=False)
        followed = self.read_play(hs, hand_no, follower, led=led)
        winner, points = resolve_trick(rules, hs, leader, led, followed)
        tr = rec.take('trick')
        rec.expect(tr, 'hand', hand_no)
        rec.expect(tr, 'leader', leader, 'R6/A3')
        rec.expect(tr, 'tiles', [tile_str(led), tile_str(followed)])
        rec.expect(tr, 'winner', winner, 'R8')
        rec.expect(tr, 'points', points, 'R9/R13')
        played = led if winner == leader else followed
        self.read_meld(hs, hand_no, winner, played)
        note_reaching_70(hs)                      # R16: after trick points and meld
        return winner

    # --- hand end and match end ---------------------------------------------------

    def read_hand_end(self, hs, hand_no, scores):
        rec = self.rec
        try:
            reason, winner, awards = hand_outcome(self.rules, hs)
        except ValueError as e:
            rec.fail(str(e))
        pending = list(awards)
        gained = [0, 0]
        while pending:
            a = rec.take('award', 'hand-end award (%s)' % ', '.join(
                'to %d %d %s' % x for x in pending))
            rec.expect(a, 'hand', hand_no)
            to = rec.seat(a, 'to')
            pts = rec.field(a, 'points')
            why = rec.field(a, 'reason')
            if why not in AWARD_REASONS:
                raise CheckError(rec.i, 'malformed award reason %s' % json.dumps(why))
            match = [x for x in pending if x[0] == to and same(pts, x[1]) and x[2] == why]
            if not match:
                raise CheckError(rec.i, 'award to %s of %s for %s; rules give %s (R17/R18)'
                                 % (json.dumps(to), json.dumps(pts), json.dumps(why), '; '.join(
                                     'to %d %d %s' % x for x in pending)))
            pending.remove(match[0])
            gained[to] += pts
        if rec.peek_type() == 'award':
            rec.fail('extra award line (R17/R18)')
        for s in (0, 1):
            scores[s] += gained[s]
        e = rec.take('hand_end')
        rec.expect(e, 'hand', hand_no)
        why = rec.field(e, 'reason')
        if why not in HAND_END_REASONS:
            raise CheckError(rec.i, 'malformed hand_end reason %s' % json.dumps(why))
        rec.expect(e, 'reason', reason, 'R16')
        rec.expect(e, 'winner', winner, 'R16/R17')
        rec.expect(e, 'points', gained, 'sum of the hand\'s award lines')
        rec.expect(e, 'pips_left', [pips_left(hs.hands[s]) for s in (0, 1)],
                   'tiles left in hand, a 0 side counting 7: README "pips"')
        rec.expect(e, 'scores', list(scores), 'R19/R20')
        return winner

    def read_match_end(self, winner, scores):
        rec = self.rec
        e = rec.take('match_end')
        rec.expect(e, 'winner', winner, 'R20/A17')
        rec.expect(e, 'scores', list(scores))
        if rec.i < len(rec.lines):
            rec.fail('extra line after match_end')

    # --- driver -------------------------------------------------------------------

    def play_hand(self, hand_no, expected_starter, scores):
        hs = self.read_deal(hand_no, expected_starter)
        if hs.starter is None:
            self.derive_starter(hs)
        leader = hs.starter
        while True:
            winner = self.play_trick(hs, hand_no, leader)
            if hand_over(self.rules, hs):
                break
            self.read_draws(hs, hand_no, winner)
            # R6/A3: next leader
            if self.rules.o['trick_leader'] == 'winner':
                leader = winner
            else:
                leader = hs.starter if hs.tricks % 2 == 0 else 1 - hs.starter
        hand_winner = self.read_hand_end(hs, hand_no, scores)
        return hs.starter, hand_winner

    def run(self):
        self.read_match()
        scores = [0, 0]
        hand_no = 1
        starter = None
        while True:
            first, hand_winner = self.play_hand(hand_no, starter, scores)
            starter = 1 - first                    # R2: starters alternate
            winner = match_winner(scores, self.rules.target, hand_winner)
            if winner is not None:                 # R20/A17
                self.read_match_end(winner, scores)
                return
            if self.max_hands is not None and hand_no >= self.max_hands:
                cut = None if scores[0] == scores[1] else (0 if scores[0] > scores[1] else 1)
                self.read_match_end(cut, scores)   # project extension: max_hands
                return
            hand_no += 1


def check_lines(lines):
    """Check a record given as a list of parsed JSON objects; raise CheckError."""
    if not lines:
        raise CheckError(1, 'empty record')
    Checker(lines).run()


def load_lines(path):
    lines = []
    with open(path, encoding='utf-8') as f:
        for n, text in enumerate(f.read().split('\n'), 1):
            if text.strip() == '':
                lines.append(None)
                continue
            try:
                lines.append(json.loads(text))
            except ValueError as e:
                raise CheckError(n, 'not valid JSON: %s' % e)
    while lines and lines[-1] is None:      # the final newline
        lines.pop()
    for n, obj in enumerate(lines, 1):
        if obj is None:
            raise CheckError(n, 'empty line')
        if not isinstance(obj, dict):
            raise CheckError(n, 'line is not a JSON object')
    return lines


def check_file(path):
    """Check one .jsonl record; returns None or raises CheckError."""
    check_lines(load_lines(path))
