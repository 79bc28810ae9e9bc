"""Self-test of the independent Bingo referee (pytest).

Run:  python3 -m pytest -q -p no:cacheprovider tests/checker/test_bingo_check.py

1. Hand-built positions from bingo.md's vectors (BI-02, BI-04, BI-06, BI-07, BI-09, BI-10,
   BI-12), driven through the checker's own rule functions.
2. Whole records: made here by a small random self-play on the checker's functions (so
   they exercise the record reader, not the rules), plus engine records kept under
   bingo_records/ (pass/: the current engine's, which agree; engine_bugs/: two rule bugs of
   an older engine, which must fail; bingo_records/README.md tells where each comes from).
   Tampered copies must fail at the right line.
"""

import copy
import glob
import json
import os
import random
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True            # no __pycache__ beside the checkers
sys.path.insert(0, HERE)

import bingo_check as bc  # noqa: E402
import check_records  # noqa: E402

DEFAULTS = {k: (v[0] if v else 7) for k, v in bc.OPTION_VALUES.items()}
DEFAULTS['players'] = 2


def T(s):
    a, b = s.split('-')
    return (int(a), int(b))


def rules(**over):
    o = dict(DEFAULTS)
    o.update(over)
    return bc.Rules(o)


# --- BI-01 / BI-03 ---------------------------------------------------------------------------

@pytest.mark.parametrize('turned,t', [('2-5', 5), ('3-3', 3), ('0-0', 0), ('0-6', 6), ('0-1', 1)])
def test_bi01_trump_number(turned, t):
    assert bc.Rules.trump_number(T(turned)) == t


@pytest.mark.parametrize('t,total', [(0, 238), (1, 250), (2, 248), (3, 246), (4, 244), (5, 242),
                                     (6, 240)])
def test_bi03_point_totals(t, total):
    r = rules()
    assert sum(r.point_value(x, t) for x in bc.FULL_SET) == total
    if t == 0:
        r14 = rules(zero_trump_bingo_value=14)
        assert sum(r14.point_value(x, 0) for x in bc.FULL_SET) == 224


# --- BI-02: trick winners ------------------------------------------------------------------

BI02 = [  # t, led, followed, winner default, winner rank_blank_as_seven, points
    (5, '0-0', '5-5', 0, 0, 42),
    (5, '5-5', '0-0', 1, 1, 42),
    (5, '6-6', '1-5', 1, 1, 18),
    (5, '5-5', '5-6', 0, 0, 39),
    (5, '4-5', '5-6', 1, 1, 20),
    (5, '0-5', '1-5', 1, 0, 18),
    (6, '1-2', '3-4', 1, 1, 10),
    (6, '1-4', '2-3', 0, 0, 10),
    (6, '0-4', '2-3', 1, 0, 16),
    (5, '3-3', '0-2', 0, 1, 15),
    (3, '1-6', '2-5', 0, 0, 14),
    (6, '0-6', '6-6', 1, 1, 41),
    (0, '2-2', '0-0', 1, 1, 32),
]


@pytest.mark.parametrize('t,led,fol,w_def,w_seven,points', BI02)
def test_bi02_trick_winner(t, led, fol, w_def, w_seven, points):
    led, fol = T(led), T(fol)
    assert rules().trick_winner(led, fol, t) == w_def
    assert rules(rank_blank_as_seven=True).trick_winner(led, fol, t) == w_seven
    assert rules().point_value(led, t) + rules().point_value(fol, t) == points


def test_bi02_must_match():
    assert rules(plain_tile_must_match_to_win=True).trick_winner(T('1-2'), T('3-4'), 6) == 0


def test_bi02_through_resolve_trick_with_capture():
    r = rules()
    hs = bc.HandState([[T('0-0')], [T('5-5')]], [T('1-2')], T('2-5'), 5)
    assert bc.resolve_trick(r, hs, 0, T('0-0'), T('5-5')) == (0, 42)
    assert hs.captures == [0] and hs.pts == [42, 0]


# --- BI-04: closed-phase follow rules ------------------------------------------------------

BI04_HAND = [T(x) for x in ('3-5', '1-6', '2-2', '0-4')]
BI04 = [('2-5', '3-5', '2-2'), ('1-5', '3-5', '1-6'), ('0-5', '3-5', '0-4'),
        ('1-2', '2-2', '2-2'), ('3-6', '3-5', '3-5'), ('0-1', '1-6', '1-6'),
        ('4-4', '0-4', '0-4'), ('0-0', '0-4', '0-4'), ('5-6', '1-6', '1-6')]


@pytest.mark.parametrize('led,legal_def,legal_plain', BI04)
def test_bi04_follow(led, legal_def, legal_plain):
    assert rules().legal_follows(BI04_HAND, T(led), 3, True) == {T(legal_def)}
    r = rules(plain_follow_includes_trumps=False)
    assert r.legal_follows(BI04_HAND, T(led), 3, True) == {T(legal_plain)}
    assert rules().legal_follows(BI04_HAND, T(led), 3, False) == set(BI04_HAND)   # R7


def test_bi04_no_match_any_tile():
    hand = [T('2-2'), T('4-4')]
    assert rules().legal_follows(hand, T('5-6'), 3, True) == set(hand)


# --- BI-06 / BI-07: closed hands -----------------------------------------------------------

def play(r, hs, leader, led, fol):
    """One trick of a hand-built position, checking the follow is legal (R12)."""
    led, fol = T(led), T(fol)
    assert fol in r.legal_follows(hs.hands[1 - leader], led, hs.t, hs.closed_phase())
    winner, points = bc.resolve_trick(r, hs, leader, led, fol)
    bc.note_reaching_70(hs)
    return winner, points


@pytest.mark.parametrize('opp70', ['ignored', 'ends_hand'])
def test_bi06_failed_close(opp70):
    r = rules(closed_opponent_70=opp70)
    X, Y = 0, 1
    hs = bc.HandState([[T('1-2'), T('0-3'), T('1-1')], [T('0-0'), T('2-5'), T('3-6')]],
                      [T('1-5')], T('2-4'), 4)
    hs.pts = [55, 31]
    hs.closer = X
    # Y must show 2: [0-0] and [3-6] are illegal
    assert r.legal_follows(hs.hands[Y], T('1-2'), 4, True) == {T('2-5')}
    assert play(r, hs, X, '1-2', '2-5') == (Y, 10) and hs.pts == [55, 41]
    assert not bc.hand_over(r, hs)
    assert r.legal_follows(hs.hands[X], T('0-0'), 4, True) == {T('0-3')}
    assert play(r, hs, Y, '0-0', '0-3') == (Y, 24) and hs.pts == [55, 65]
    assert not bc.hand_over(r, hs)
    assert play(r, hs, Y, '3-6', '1-1') == (Y, 11) and hs.pts == [55, 76]
    assert bc.hand_over(r, hs)
    assert bc.hand_outcome(r, hs) == ('failed_close', Y, [(Y, 2, 'failed_close')])


@pytest.mark.parametrize('y_points,gp', [(20, 2), (0, 3), (30, 1)])
def test_bi07_close_succeeds(y_points, gp):
    r = rules()
    X = 0
    hs = bc.HandState([[T('4-4'), T('1-1')], [T('2-5'), T('1-3')]], [T('0-1')], T('3-4'), 4)
    hs.pts = [58, y_points]
    hs.closer = X
    assert play(r, hs, X, '4-4', '2-5') == (X, 35) and hs.pts[X] == 93
    assert bc.hand_over(r, hs)
    assert bc.hand_outcome(r, hs) == ('closed', X, [(X, gp, 'game_points')])


def test_closer_wins_after_opponent_passed_70_p_is_taken_when_closer_reaches():
    """R17: p is the loser's points when W first reached 70, not when the first seat did
    (an older engine's bug: bingo_records/engine_bugs/r17_...)."""
    r = rules()
    X, Y = 0, 1
    hs = bc.HandState([[T('1-2'), T('4-4')], [T('0-0'), T('2-5')]], [T('1-5')], T('2-4'), 4)
    hs.pts = [60, 10]
    hs.closer = X
    play(r, hs, Y, '0-0', '1-2')            # Y: 10 + 14 + 3 = 27
    hs.pts[Y] = 75                          # say Y passed 70 first (given position)
    bc.note_reaching_70(hs)
    assert not bc.hand_over(r, hs)          # ignored: X may still succeed
    play(r, hs, X, '4-4', '2-5')
    assert bc.hand_over(r, hs)
    assert bc.hand_outcome(r, hs) == ('closed', X, [(X, 1, 'game_points')])
    r2 = rules(closed_opponent_70='ends_hand')
    assert bc.hand_outcome(r2, hs)[0] == 'failed_close'


# --- BI-09: melds ---------------------------------------------------------------------------

def test_bi09_melds():
    r = rules()
    hand_after = {T('1-1'), T('0-0'), T('2-6')}
    d = r.meld_doubles(T('4-4'), hand_after, set())
    assert d == {T('4-4'), T('1-1'), T('0-0')} and r.meld_points(d) == 50
    counted = set(d)
    hand_after.discard(T('1-1'))
    assert r.meld_doubles(T('1-1'), hand_after, counted) is None          # no_reuse
    ru = rules(meld_reuse='unrestricted')
    d2 = ru.meld_doubles(T('1-1'), hand_after, counted)
    assert d2 == {T('1-1'), T('0-0')} and ru.meld_points(d2) == 30
    hand_after |= {T('3-3')}
    d3 = r.meld_doubles(T('6-6'), hand_after, counted)
    assert d3 == {T('6-6'), T('3-3')} and r.meld_points(d3) == 20
    assert r.meld_doubles(T('2-6'), hand_after, set()) is None            # not a double


def test_bi09_invincible():
    r = rules()
    doubles = [(d, d) for d in range(7)]
    hs = bc.HandState([doubles, [T('1-2'), T('3-4')]], [T('0-1')], T('2-5'), 2)
    winner, points = bc.resolve_trick(r, hs, 0, T('2-2'), T('1-2'))
    assert (winner, points) == (0, 31)
    d = r.meld_doubles(T('2-2'), hs.hands[0], hs.counted)
    assert len(d) == 7 and r.meld_points(d) == 210
    bc.apply_meld(r, hs, 0, d)
    bc.note_reaching_70(hs)
    assert hs.pts[0] == 241
    assert bc.hand_over(r, hs)
    assert bc.hand_outcome(r, hs) == ('reached_70', 0, [(0, 3, 'game_points')])


# --- BI-10 / BI-12: the capture point and the match end ---------------------------------------

@pytest.mark.parametrize('point,awarded', [('always', True), ('if_hand_won', False)])
def test_bi10_capture(point, awarded):
    r = rules(bingo_capture_point=point)
    X, Y = 0, 1
    hs = bc.HandState([[T('0-0'), T('1-2')], [T('5-5'), T('4-6')]], [T('0-1')], T('2-5'), 5)
    assert bc.resolve_trick(r, hs, Y, T('5-5'), T('0-0')) == (X, 42)
    hs.pts = [42, 80]                       # Y wins the hand with 1 game point (p = 42)
    hs.reach_order, hs.p_at_reach = [Y], {Y: 42}
    expected = [(Y, 1, 'game_points')] + ([(X, 1, 'bingo_capture')] if awarded else [])
    assert bc.hand_outcome(r, hs) == ('reached_70', Y, expected)


def test_bi12_double_arrival():
    X, Y = 0, 1
    assert bc.match_winner([7, 7], 7, Y) == Y
    assert bc.match_winner([8, 7], 7, Y) == X
    assert bc.match_winner([6, 5], 7, Y) is None
    assert bc.match_winner([7, 3], 7, Y) == X


# --- whole records -------------------------------------------------------------------------

def self_play(seed, max_hands=None, **over):
    """A random but legal match record, built on the checker's rule functions."""
    rng = random.Random(seed)
    opts = dict(DEFAULTS)
    opts.update(over)
    r = bc.Rules(opts)
    match = {'type': 'match', 'format': 1, 'game': 'bingo', 'preset': 'bingo',
             'options': opts, 'seats': 2, 'agents': ['a', 'b'], 'seed': seed}
    if max_hands:
        match['max_hands'] = max_hands
    lines = [match]
    scores, hand_no, starter = [0, 0], 1, rng.randrange(2)
    ts = bc.tile_str
    while True:
        tiles = list(bc.FULL_SET)
        rng.shuffle(tiles)
        lines.append({'type': 'deal', 'hand': hand_no, 'leader': starter,
                      'hands': [[ts(x) for x in sorted(tiles[:7])],
                                [ts(x) for x in sorted(tiles[7:14])]],
                      'stock': [ts(x) for x in tiles[14:]]})
        t = max(tiles[-1])
        lines.append({'type': 'trump', 'hand': hand_no, 'tile': ts(tiles[-1]), 'trump': t})
        hs = bc.HandState([tiles[:7], tiles[7:14]], tiles[14:27], tiles[27], t, starter)
        leader = starter
        while True:
            for seat, as_leader in ((leader, True), (1 - leader, False)):
                if r.may_close(hs, as_leader) and rng.random() < 0.12:
                    hs.closer = seat
                    lines.append({'type': 'close', 'hand': hand_no, 'seat': seat})
                if as_leader:
                    led = rng.choice(sorted(hs.hands[seat]))
                    tile = led
                else:
                    tile = fol = rng.choice(sorted(r.legal_follows(hs.hands[seat], led, t,
                                                                   hs.closed_phase())))
                lines.append({'type': 'play', 'hand': hand_no, 'seat': seat,
                              'tile': ts(tile), 'points': 0})
            winner, points = bc.resolve_trick(r, hs, leader, led, fol)
            lines.append({'type': 'trick', 'hand': hand_no, 'leader': leader,
                          'tiles': [ts(led), ts(fol)], 'winner': winner, 'points': points})
            played = led if winner == leader else fol
            d = r.meld_doubles(played, hs.hands[winner], hs.counted)
            if d and rng.random() < 0.8:
                lines.append({'type': 'meld', 'hand': hand_no, 'seat': winner,
                              'tiles': [ts(x) for x in sorted(d)],
                              'points': bc.apply_meld(r, hs, winner, d)})
            bc.note_reaching_70(hs)
            if bc.hand_over(r, hs):
                break
            if hs.closer is None and hs.facedown:            # R10
                if len(hs.facedown) == 1:
                    draws = [(winner, hs.faceup), (1 - winner, hs.facedown[0])]
                else:
                    draws = [(winner, hs.facedown[0]), (1 - winner, hs.facedown[1])]
                hs.facedown = hs.facedown[2:] if len(hs.facedown) > 1 else []
                for seat, tile in draws:
                    hs.hands[seat].add(tile)
                    lines.append({'type': 'draw', 'hand': hand_no, 'seat': seat,
                                  'tile': ts(tile)})
            if opts['trick_leader'] == 'winner':
                leader = winner
            else:
                leader = starter if hs.tricks % 2 == 0 else 1 - starter
        reason, hw, awards = bc.hand_outcome(r, hs)
        gained = [0, 0]
        for to, p, why in awards:
            gained[to] += p
            lines.append({'type': 'award', 'hand': hand_no, 'to': to, 'points': p,
                          'reason': why})
        scores = [scores[0] + gained[0], scores[1] + gained[1]]
        lines.append({'type': 'hand_end', 'hand': hand_no, 'reason': reason, 'winner': hw,
                      'points': gained,
                      'pips_left': [bc.pips_left(hs.hands[s]) for s in (0, 1)],
                      'scores': list(scores)})
        mw = bc.match_winner(scores, r.target, hw)
        if mw is None and max_hands and hand_no >= max_hands:
            mw = None if scores[0] == scores[1] else int(scores[1] > scores[0])
        elif mw is None:
            hand_no += 1
            starter = 1 - starter
            continue
        lines.append({'type': 'match_end', 'winner': mw, 'scores': list(scores)})
        return lines


CONFIGS = [
    {},
    {'hand_end': 'play_out', 'closed_opponent_70': 'ends_hand', 'close_timing': 'any_own_turn'},
    {'trick_leader': 'alternate', 'meld_reuse': 'unrestricted',
     'bingo_capture_point': 'if_hand_won', 'target_game_points': 3},
    {'rank_blank_as_seven': True, 'bingo_is_trump': True, 'plain_tile_must_match_to_win': True,
     'plain_follow_includes_trumps': False, 'zero_trump_bingo_value': 14},
]


@pytest.mark.parametrize('cfg', range(len(CONFIGS)))
@pytest.mark.parametrize('seed', [1, 2, 3])
def test_self_play_records_pass(cfg, seed):
    bc.check_lines(self_play(seed, **CONFIGS[cfg]))


def test_max_hands_record():
    lines = self_play(4, max_hands=2, target_game_points=99)
    assert sum(1 for x in lines if x['type'] == 'hand_end') == 2
    bc.check_lines(lines)
    bad = copy.deepcopy(lines)
    del bad[0]['max_hands']
    with pytest.raises(bc.CheckError) as e:
        bc.check_lines(bad)
    assert bad[e.value.line - 1]['type'] == 'match_end'


@pytest.fixture
def rec():
    # a default-options match with closes and melds
    for seed in range(100):
        lines = self_play(seed)
        types = [x['type'] for x in lines]
        if 'close' in types and 'meld' in types and types.count('deal') >= 2:
            return lines
    raise AssertionError('no suitable self-play record')


def first(lines, typ, pred=lambda x: True, start=0):
    for i in range(start, len(lines)):
        if lines[i]['type'] == typ and pred(lines[i]):
            return i
    raise AssertionError('no %s line' % typ)


def fails_at(lines, index):
    """Assert the record fails exactly at 0-based index (CheckError.line is 1-based)."""
    with pytest.raises(bc.CheckError) as e:
        bc.check_lines(lines)
    assert e.value.line == index + 1, e.value
    return e.value


# tolerated forms (Pinned details) must pass

def test_tolerated_forms(rec):
    lines = copy.deepcopy(rec)
    del lines[0]['options']['players']
    for x in lines:
        x['unknown_field'] = {'ignored': True}
        if x['type'] == 'deal' and x['hand'] % 2 == 0:
            x['dealer'] = x.pop('leader')
        elif x['type'] == 'deal':
            del x['leader']
        if x['type'] == 'meld':
            x['tiles'].reverse()
    bc.check_lines(lines)


def test_hand1_without_leader_either_seat_accepted():
    for seed in range(40):
        lines = self_play(seed)
        del lines[1]['leader']
        bc.check_lines(lines)


# tampered copies must fail at the right line

def test_tamper_trick_winner(rec):
    lines = copy.deepcopy(rec)
    i = first(lines, 'trick')
    lines[i]['winner'] = 1 - lines[i]['winner']
    assert 'R8' in fails_at(lines, i).message


def test_tamper_trick_points(rec):
    lines = copy.deepcopy(rec)
    i = first(lines, 'trick')
    lines[i]['points'] += 1
    fails_at(lines, i)


def test_tamper_play_points_and_tile(rec):
    lines = copy.deepcopy(rec)
    i = first(lines, 'play')
    lines[i]['points'] = 3
    fails_at(lines, i)
    lines = copy.deepcopy(rec)
    lines[i]['tile'] = '5-2'
    assert 'malformed' in fails_at(lines, i).message


def test_tamper_draws(rec):
    lines = copy.deepcopy(rec)
    i = first(lines, 'draw')
    lines[i], lines[i + 1] = lines[i + 1], lines[i]
    fails_at(lines, i)
    lines = copy.deepcopy(rec)
    del lines[i]
    fails_at(lines, i)


def hand_before(lines, index, seat):
    """The tiles `seat` holds just before line `index`, from the deal, draws and plays."""
    hand_no = lines[index]['hand']
    held = set()
    for x in lines[:index]:
        if x.get('hand') != hand_no:
            continue
        if x['type'] == 'deal':
            held = {T(y) for y in x['hands'][seat]}
        elif x['type'] == 'draw' and x['seat'] == seat:
            held.add(T(x['tile']))
        elif x['type'] == 'play' and x['seat'] == seat:
            held.discard(T(x['tile']))
    return held


def test_tamper_illegal_follow():
    """A closed-phase follow that breaks R12 is caught at its play line."""
    r = rules()
    for seed in range(200):
        lines = self_play(seed)
        for i, x in enumerate(lines):
            if x['type'] != 'trick':
                continue
            hand_no, follower = x['hand'], 1 - x['leader']
            draws = sum(1 for y in lines[:i] if y['type'] == 'draw' and y.get('hand') == hand_no)
            closed = draws == 14 or any(y['type'] == 'close' and y.get('hand') == hand_no
                                        for y in lines[:i])
            if not closed:
                continue
            t = lines[first(lines, 'trump', lambda y: y['hand'] == hand_no)]['trump']
            held = hand_before(lines, i - 1, follower)
            legal = r.legal_follows(held, T(x['tiles'][0]), t, True)
            illegal = sorted(held - legal)
            if illegal:
                bad = copy.deepcopy(lines)
                bad[i - 1]['tile'] = bc.tile_str(illegal[0])
                assert 'R12' in fails_at(bad, i - 1).message
                return
    raise AssertionError('no closed-phase trick with an illegal tile found')


def test_tamper_meld(rec):
    i = first(rec, 'meld')
    lines = copy.deepcopy(rec)
    lines[i]['points'] += 10
    fails_at(lines, i)
    lines = copy.deepcopy(rec)
    lines[i]['tiles'] = lines[i]['tiles'][1:]          # partial meld (A15)
    if len(lines[i]['tiles']) >= 2:
        fails_at(lines, i)
    lines = copy.deepcopy(rec)
    def won_with_plain_tile(x):
        played = T(x['tiles'][0 if x['winner'] == x['leader'] else 1])
        return played[0] != played[1]
    j = first(lines, 'trick', won_with_plain_tile)
    lines.insert(j + 1, {'type': 'meld', 'hand': lines[j]['hand'], 'seat': lines[j]['winner'],
                         'tiles': ['1-1', '2-2'], 'points': 20})
    assert 'R15' in fails_at(lines, j + 1).message


def test_tamper_close(rec):
    lines = copy.deepcopy(rec)
    i = first(lines, 'play', lambda x: True, first(lines, 'trump'))
    follower = 1 - lines[i]['seat']
    lines.insert(i + 1, {'type': 'close', 'hand': lines[i]['hand'], 'seat': follower})
    assert 'R11' in fails_at(lines, i + 1).message   # before_lead: follower may not close
    lines[0]['options']['close_timing'] = 'any_own_turn'
    with pytest.raises(bc.CheckError):                 # then the rest of the hand disagrees
        bc.check_lines(lines)
    lines = copy.deepcopy(rec)
    i = first(lines, 'close')
    lines.insert(i, copy.deepcopy(lines[i]))           # closing twice
    fails_at(lines, i + 1)


def test_tamper_awards_and_hand_end(rec):
    i = first(rec, 'award')
    lines = copy.deepcopy(rec)
    lines[i]['points'] += 1
    fails_at(lines, i)
    lines = copy.deepcopy(rec)
    lines.insert(i, {'type': 'award', 'hand': rec[i]['hand'], 'to': 0, 'points': 1,
                     'reason': 'bingo_capture'})
    fails_at(lines, i)
    lines = copy.deepcopy(rec)
    del lines[i]
    fails_at(lines, i)
    lines = copy.deepcopy(rec)
    lines[i]['reason'] = 'gamepoints'
    assert 'malformed' in fails_at(lines, i).message
    j = first(rec, 'hand_end')
    for key, value in (('reason', 'closed' if rec[j]['reason'] != 'closed' else 'reached_70'),
                       ('winner', None), ('scores', [9, 9]), ('points', [5, 5]),
                       ('pips_left', [1, 1]), ('hand', 2)):
        lines = copy.deepcopy(rec)
        lines[j][key] = value
        fails_at(lines, j)


def test_tamper_structure(rec):
    lines = copy.deepcopy(rec)
    lines[-1]['winner'] = 1 - lines[-1]['winner'] if lines[-1]['winner'] is not None else 0
    fails_at(lines, len(lines) - 1)
    fails_at(rec[:-1], len(rec) - 1)                   # match_end missing
    fails_at(rec + [copy.deepcopy(rec[-1])], len(rec))  # extra line
    lines = copy.deepcopy(rec)
    lines[2]['trump'] = (lines[2]['trump'] + 1) % 7
    fails_at(lines, 2)
    lines = copy.deepcopy(rec)
    k = first(lines, 'deal', lambda x: x['hand'] == 2)
    lines[k]['leader'] = 1 - lines[k]['leader']        # R2: starters alternate
    assert 'R2' in fails_at(lines, k).message
    lines = copy.deepcopy(rec)
    lines[0]['options']['players'] = 3
    fails_at(lines, 0)
    lines = copy.deepcopy(rec)
    lines[0]['options']['mystery'] = 1
    fails_at(lines, 0)
    lines = copy.deepcopy(rec)
    del lines[0]['options']['hand_end']
    fails_at(lines, 0)


# --- engine records kept as fixtures (bingo_records/README.md) ----------------------------

PASS = sorted(glob.glob(os.path.join(HERE, 'bingo_records', 'pass', '*.jsonl')))
BUGS = sorted(glob.glob(os.path.join(HERE, 'bingo_records', 'engine_bugs', '*.jsonl')))


def test_fixtures_present():
    assert len(PASS) == 4 and len(BUGS) == 2


@pytest.mark.parametrize('path', PASS, ids=os.path.basename)
def test_program_records_pass(path):
    bc.check_file(path)


@pytest.mark.parametrize('path', PASS, ids=os.path.basename)
def test_program_records_tampered(path):
    lines = bc.load_lines(path)
    i = first(lines, 'trick')
    lines[i]['points'] -= 1
    fails_at(lines, i)


def test_program_records_count_a_blank_as_seven():
    """docs/rules/README.md, "pips": a 0 side counts 7 in a hand's pips.  Some fixture ends
    a hand with a 0 side in hand; its pips_left by real dots (0 as 0) must fail there."""
    tried = 0
    for path in PASS:
        lines = bc.load_lines(path)
        for i, x in enumerate(lines):
            if x['type'] != 'hand_end':
                continue
            held = [hand_before(lines, i, seat) for seat in (0, 1)]
            dots = [sum(a + b for a, b in held[seat]) for seat in (0, 1)]
            assert x['pips_left'] == [bc.pips_left(held[seat]) for seat in (0, 1)]
            if dots != x['pips_left']:
                bad = copy.deepcopy(lines)
                bad[i]['pips_left'] = dots
                assert 'pips_left' in fails_at(bad, i).message
                tried += 1
    assert tried > 0, 'no fixture ends a hand with a 0 side in hand'


@pytest.mark.parametrize('path', BUGS, ids=os.path.basename)
def test_program_known_bugs_detected(path):
    """Each file's name ends with the 1-based line the checker must stop at."""
    expected_line = int(os.path.basename(path).rsplit('_L', 1)[1].split('.')[0])
    with pytest.raises(bc.CheckError) as e:
        bc.check_file(path)
    assert e.value.line == expected_line, e.value


def test_check_records_command_line(tmp_path, capsys):
    good = tmp_path / 'good.jsonl'
    good.write_text(''.join(json.dumps(x) + '\n' for x in self_play(7)))
    bad = tmp_path / 'sub' / 'bad.jsonl'
    bad.parent.mkdir()
    lines = self_play(8)
    lines[-1]['scores'] = [0, 0]
    bad.write_text(''.join(json.dumps(x) + '\n' for x in lines))
    assert check_records.main([str(good)]) == 0
    capsys.readouterr()
    assert check_records.main([str(tmp_path)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[-1] == 'checked 2 records, 1 disagree'
    assert out[0].startswith('%s:%d: ' % (bad, len(lines)))
    assert out[-2].split() == ['bingo', 'bingo', '2', '1']
