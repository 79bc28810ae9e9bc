"""Self-test of the independent Partnership referee (partnership_check.py).

Expected values below are copied from the test vectors of
docs/rules/partnership.md (PT-01 .. PT-16), not computed by the checker.
Run:  python3 -m pytest -q -p no:cacheprovider tests/checker/test_partnership_check.py
"""

import copy
import glob
import json
import os
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True            # no __pycache__ beside the checkers
sys.path.insert(0, HERE)

import check_records  # noqa: E402
import partnership_check as pc  # noqa: E402

FIXTURES = sorted(glob.glob(os.path.join(HERE, "partnership_fixtures", "*.jsonl")))

# ---------------------------------------------------------------------------
# The section 6 deal and its lines of play (A = 0, B = 1, C = 2, D = 3)
# ---------------------------------------------------------------------------

DEAL = [
    ["0-5", "1-3", "1-4", "2-2", "3-4", "4-4", "5-6"],
    ["0-0", "0-1", "0-6", "1-1", "1-6", "2-3", "2-6"],
    ["0-2", "2-4", "2-5", "3-3", "3-6", "4-5", "4-6"],
    ["0-3", "0-4", "1-2", "1-5", "3-5", "5-5", "6-6"],
]

# (seat, tile, ends after) or (seat, None) for a pass; section 6.2, the block.
LINE2 = [
    (1, "1-1", "1|1"), (2, None), (3, "1-5", "5|1"),
    (0, "1-4", "5|4"), (1, None), (2, "4-5", "4|4"), (3, "0-4", "0|4"),
    (0, "0-5", "5|4"), (1, None), (2, "2-5", "2|4"), (3, "1-2", "1|4"),
    (0, "4-4", "1|4"), (1, "0-1", "0|4"), (2, "0-2", "2|4"), (3, None),
    (0, "2-2", "2|4"), (1, "2-6", "6|4"), (2, "4-6", "4|4"), (3, None),
    (0, "3-4", "3|4"), (1, "2-3", "2|4"), (2, "2-4", "4|4"),
    (3, None), (0, None), (1, None), (2, None),
]

# Section 6.1 with the restored row 7: B goes out.
LINE1 = LINE2[:15] + [
    (0, "2-2", "2|4"), (1, "2-6", "6|4"), (2, "3-6", "3|4"), (3, "0-3", "0|4"),
    (0, "3-4", "0|3"), (1, "2-3", "0|2"), (2, "2-4", "0|4"), (3, None),
    (0, None), (1, "0-0", "0|4"), (2, "4-6", "0|6"), (3, "6-6", "0|6"),
    (0, "5-6", "0|5"), (1, "0-6", "6|5"), (2, None), (3, "5-5", "6|5"),
    (0, None), (1, "1-6", "1|5"),
]


def side_moves(text):
    """PT-05 notation: 'B [1-1]; C pass; D [1-2]L; ...' -> (seat, tile, end or None)."""
    seats = {"A": 0, "B": 1, "C": 2, "D": 3}
    out = []
    for item in text.split(";"):
        item = item.strip()
        seat = seats[item[0]]
        if item.endswith("pass"):
            out.append((seat, None, None))
            continue
        tile = item[item.index("[") + 1:item.index("]")]
        side = item[item.index("]") + 1:].strip()
        out.append((seat, tile, {"": None, "L": 0, "R": 1}[side]))
    return out


LINE_PT05 = side_moves(
    "B [1-1]; C pass; D [1-2]L; A [1-3]R; B [2-3]L; C [3-3]L; D [0-3]L; A [0-5]L; "
    "B pass; C [2-5]L; D [3-5]R; A [5-6]R; B [0-6]R; C [0-2]L; D [0-4]L; A [4-4]L; "
    "B [0-0]R; C [4-5]L; D [5-5]L; A pass; B [0-1]R; C pass; D [1-5]L; A [1-4]L; "
    "B [1-6]R; C [3-6]R; D pass; A [3-4]L; B pass; C pass; D pass; A pass")


def ends_to_sides(line):
    """Convert (seat, tile, 'x|y' after) moves into (seat, tile, end) moves: only finds
    which end the printed result implies (no rule logic)."""
    out, ends = [], None
    for mv in line:
        if mv[1] is None:
            out.append((mv[0], None, None))
            continue
        seat, tile, after = mv
        a, b = map(int, tile.split("-"))
        want = [int(x) for x in after.split("|")]
        if ends is None:
            out.append((seat, tile, None))
            ends = [a, b]
            continue
        for k in (0, 1):
            if ends[k] in (a, b):
                new = list(ends)
                new[k] = b if ends[k] == a else a
                if new == want:
                    out.append((seat, tile, k))
                    ends = new
                    break
        else:
            raise AssertionError("bad move %r" % (mv,))
    return out


def make_record(options, moves, tail, hand_tail_awards=None, pass_awards=None,
                leader=1, max_hands=1):
    """A one-hand record: match line (draw_highest so that B may lead any tile, A24),
    deal, the moves, pass-bonus awards after given move indexes, then `tail` lines."""
    opts = dict(options)
    opts["first_hand_leader"] = "draw_highest"
    lines = [{"type": "match", "format": 1, "game": "partnership", "preset": "test",
              "options": opts, "seats": 4, "agents": ["random"] * 4, "seed": 1,
              "max_hands": max_hands},
             {"type": "deal", "hand": 1, "leader": leader, "hands": DEAL, "stock": []}]
    pass_awards = pass_awards or {}
    for i, (seat, tile, end) in enumerate(moves):
        if tile is None:
            lines.append({"type": "pass", "hand": 1, "seat": seat})
        else:
            p = {"type": "play", "hand": 1, "seat": seat, "tile": tile, "points": 0}
            if end is not None:
                p["end"] = end
            lines.append(p)
        if i in pass_awards:
            to, pts = pass_awards[i]
            lines.append({"type": "award", "hand": 1, "to": to, "points": pts,
                          "reason": "pass_bonus"})
    for to, pts, reason in hand_tail_awards or []:
        lines.append({"type": "award", "hand": 1, "to": to, "points": pts, "reason": reason})
    lines.extend(tail)
    return lines


def hand_end(reason, winner, points, pips, scores):
    return {"type": "hand_end", "hand": 1, "reason": reason, "winner": winner,
            "points": points, "pips_left": pips, "scores": scores}


def match_end(winner, scores):
    return {"type": "match_end", "winner": winner, "scores": scores}


PIPS2 = [15, 13, 15, 33]           # PT-01
PIPS1 = [4, 0, 6, 8]               # PT-02
PIPS5 = [4, 8, 16, 12]             # PT-05


def rec_pt01(preset, **over):
    opts = pc.preset_options(preset, **over)
    return opts, ends_to_sides(LINE2)


def rec_pt02(preset, **over):
    opts = pc.preset_options(preset, **over)
    return opts, ends_to_sides(LINE1)


# PT-06 pass-bonus events as move indexes of LINE2 / LINE1 (20 / 10).
PASS2 = {1: (1, 20), 4: (0, 10), 8: (0, 10), 14: (0, 10), 18: (0, 10), 22: (0, 10),
         24: (0, 10)}
PASS1 = {1: (1, 20), 4: (0, 10), 8: (0, 10), 14: (0, 10), 22: (0, 10), 29: (1, 10),
         31: (1, 10)}

# ---------------------------------------------------------------------------
# Whole one-hand records built from the vectors: they must pass
# ---------------------------------------------------------------------------


def pt01_partnership():
    opts, moves = rec_pt01("partnership")
    return make_record(opts, moves, [hand_end("blocked", 0, [46, 0], PIPS2, [46, 0]),
                                     match_end(0, [46, 0])],
                       hand_tail_awards=[(0, 46, "block")])


def pt01_doscientos_pases():
    opts, moves = rec_pt01("doscientos_pases")
    return make_record(opts, moves, [hand_end("blocked", 0, [130, 20], PIPS2, [130, 20]),
                                     match_end(0, [130, 20])],
                       hand_tail_awards=[(0, 70, "block")], pass_awards=PASS2)


def pt02_quinientos():
    opts, moves = rec_pt02("quinientos")
    return make_record(opts, moves, [hand_end("domino", 1, [0, 118], PIPS1, [0, 118]),
                                     match_end(1, [0, 118])],
                       hand_tail_awards=[(1, 18, "domino"), (1, 100, "hand_bonus")])


def pt02_doscientos_pases():
    opts, moves = rec_pt02("doscientos_pases")
    return make_record(opts, moves, [hand_end("domino", 1, [40, 50], PIPS1, [40, 50]),
                                     match_end(1, [40, 50])],
                       hand_tail_awards=[(1, 10, "domino")], pass_awards=PASS1)


def pt02_penalty():
    opts, moves = rec_pt02("partnership", scoring_mode="penalty_own_pips")
    return make_record(opts, moves, [hand_end("domino", 1, [10, 8], PIPS1, [10, 8]),
                                     match_end(1, [10, 8])],   # cut: the lower total is ahead
                       hand_tail_awards=[(0, 10, "own_pips"), (1, 8, "own_pips")])


def pt02_milo():
    opts, moves = rec_pt02("milo")
    return make_record(opts, moves, [hand_end("domino", 1, [0, 1], PIPS1, [0, 1]),
                                     match_end(1, [0, 1])],
                       hand_tail_awards=[(1, 1, "domino")])


def pt05(tie_rule, winner, awards, preset="partnership", reason="blocked"):
    opts = pc.preset_options(preset, block_tie_rule=tie_rule)
    pts = [sum(a[1] for a in awards if a[0] == t) for t in (0, 1)]
    mw = None if pts[0] == pts[1] else (0 if pts[0] > pts[1] else 1)
    return make_record(opts, LINE_PT05, [hand_end(reason, winner, pts, PIPS5, pts),
                                         match_end(mw, pts)],
                       hand_tail_awards=awards)


GOOD = {
    "pt01_partnership": pt01_partnership,
    "pt01_doscientos_pases": pt01_doscientos_pases,
    "pt02_quinientos": pt02_quinientos,
    "pt02_doscientos_pases": pt02_doscientos_pases,
    "pt02_penalty": pt02_penalty,
    "pt02_milo": pt02_milo,
    "pt05_no_score": lambda: pt05("no_score", None, []),
    "pt05_starting_team_wins": lambda: pt05("starting_team_wins", 1, [(1, 20, "block")]),
    "pt05_more_tiles_wins": lambda: pt05("more_tiles_wins", 0, [(0, 20, "block")]),
    "pt05_last_player_team_loses": lambda: pt05("last_player_team_loses", 1,
                                                [(1, 20, "block")]),
    "pt05_last_player_team_wins_dos": lambda: pt05("last_player_team_wins", 0,
                                                   [(0, 40, "block")], "doscientos"),
}


@pytest.mark.parametrize("name", sorted(GOOD))
def test_vector_records_pass(name):
    pc.check_lines(GOOD[name]())


@pytest.mark.parametrize("path", FIXTURES, ids=[os.path.basename(p) for p in FIXTURES])
def test_program_fixtures_pass(path):
    pc.check_file(path)


# ---------------------------------------------------------------------------
# Tampered copies must fail, at the right line
# ---------------------------------------------------------------------------


def find(lines, pred, start=0):
    return next(i for i in range(start, len(lines)) if pred(lines[i]))


def expect_fail(lines, line=None):
    with pytest.raises(pc.CheckError) as e:
        pc.check_lines(lines)
    if line is not None:
        assert e.value.line == line, e.value.message
    return e.value


def test_wrong_block_score_fails():
    lines = pt01_partnership()
    i = find(lines, lambda o: o["type"] == "award")
    lines[i]["points"] = 45
    expect_fail(lines, i + 1)


def test_wrong_reason_word_fails():
    lines = pt01_partnership()
    i = find(lines, lambda o: o["type"] == "award")
    lines[i]["reason"] = "trancado"
    assert "malformed" in expect_fail(lines, i + 1).message
    lines[i]["reason"] = "domino"                   # a listed word, but not the rule's
    expect_fail(lines, i + 1)


def test_illegal_play_fails_pt03():
    # PT-03: on ends 0|4, A's [5-6] fits neither end.
    lines = pt02_quinientos()
    i = find(lines, lambda o: o.get("tile") == "5-6")
    lines[i]["end"] = 0 if lines[i]["end"] == 1 else 1
    expect_fail(lines, i + 1)


def test_unforced_pass_fails():
    lines = pt01_partnership()
    i = find(lines, lambda o: o["type"] == "play" and o["seat"] == 3 and "end" in o)
    lines[i] = {"type": "pass", "hand": 1, "seat": 3}
    assert "can play" in expect_fail(lines, i + 1).message


def test_missing_pass_bonus_fails():
    lines = pt01_doscientos_pases()
    i = find(lines, lambda o: o["type"] == "award" and o["reason"] == "pass_bonus")
    del lines[i]
    expect_fail(lines, i + 1)


def test_missing_and_extra_lines_fail():
    lines = pt01_partnership()
    expect_fail(lines[:-1], len(lines))             # match_end missing
    expect_fail(lines + [match_end(0, [46, 0])], len(lines) + 1)
    no_end = [o for o in lines if o["type"] != "hand_end"]
    expect_fail(no_end)


def test_wrong_hand_end_fields_fail():
    for key, value in (("winner", 1), ("pips_left", [15, 13, 15, 32]),
                       ("points", [46, 1]), ("scores", [0, 46]), ("reason", "domino")):
        lines = pt01_partnership()
        i = find(lines, lambda o: o["type"] == "hand_end")
        lines[i][key] = value
        expect_fail(lines, i + 1)


def test_wrong_match_end_fails():
    lines = pt02_penalty()                          # the lower total is ahead (Z13)
    lines[-1]["winner"] = 0
    expect_fail(lines, len(lines))


def test_wrong_leader_fails():
    lines = pt01_partnership()
    lines[1]["leader"] = 2                          # then B's lead is out of turn
    expect_fail(lines, 3)


def test_tie_rule_mismatch_fails():
    lines = pt05("no_score", None, [])
    lines[0]["options"]["block_tie_rule"] = "starting_team_wins"
    expect_fail(lines)


def test_invalid_options_fail():
    lines = pt01_partnership()
    lines[0]["options"]["scoring_mode"] = "milo"    # with no bonus: valid, but scores 1
    expect_fail(lines)
    lines = pt01_partnership()
    lines[0]["options"]["pass_bonus_first"] = 20
    lines[0]["options"]["scoring_mode"] = "hands_won"
    expect_fail(lines, 1)                           # section 2: invalid combination
    lines = pt01_partnership()
    del lines[0]["options"]["target"]
    expect_fail(lines, 1)


# ---------------------------------------------------------------------------
# Tolerated forms (Pinned details) must pass
# ---------------------------------------------------------------------------


def test_tolerated_forms_pass():
    lines = pt01_partnership()
    lines[0]["options"].pop("players", None)        # players may be absent
    del lines[1]["leader"]                          # leader absent: starter derived
    lines[2]["unknown_field"] = [1, 2]              # unknown fields ignored
    pc.check_lines(lines)
    lines[1]["dealer"] = 3                          # dealer instead of leader: ignored
    pc.check_lines(lines)


def first_fixture(name):
    path = os.path.join(HERE, "partnership_fixtures", name)
    return pc.load_lines(path)


def test_missing_default_choice_passes_and_true_choice_fails():
    lines = first_fixture("p_l2p.jsonl")
    falses = [i for i, o in enumerate(lines) if o["type"] == "choice" and o["value"] is False]
    trues = [i for i, o in enumerate(lines) if o["type"] == "choice" and o["value"] is True]
    assert falses and trues
    pc.check_lines([o for i, o in enumerate(lines) if i not in falses])
    k = trues[0]
    expect_fail(lines[:k] + lines[k + 1:], k + 1)


def test_missing_starter_choice_is_inferred():
    lines = first_fixture("p_wtc.jsonl")
    idx = [i for i, o in enumerate(lines)
           if o["type"] == "choice" and o["decision"] == "starter"]
    assert idx
    trimmed = [o for i, o in enumerate(lines) if i not in idx]
    pc.check_lines(trimmed)
    for o in trimmed:                               # and without the deal's leader too
        if o["type"] == "deal":
            o.pop("leader", None)
    pc.check_lines(trimmed)


def test_starter_choice_outside_winning_team_fails():
    lines = first_fixture("p_wtc.jsonl")
    i = find(lines, lambda o: o["type"] == "choice" and o["decision"] == "starter")
    lines[i]["value"] = (lines[i]["value"] + 1) % 4
    expect_fail(lines, i + 1)


def test_replay_cancellation_required():
    lines = first_fixture("dp_tie_replay.jsonl")
    i = find(lines, lambda o: o["type"] == "award" and o["reason"] == "pass_bonus_cancelled")
    cut = lines[:i] + lines[i + 1:]
    end = find(cut, lambda o: o["type"] == "hand_end", i)
    assert "missing award" in expect_fail(cut, end + 1).message
    lines[i]["points"] += 10                        # a wrong cancellation amount
    expect_fail(lines, i + 1)


def test_redeal_tampered_fails():
    lines = first_fixture("sa_base.jsonl")          # south_american: mandatory redeal
    i = find(lines, lambda o: o["type"] == "hand_end" and o["reason"] == "redeal")
    pc.check_lines(lines)
    lines[i]["reason"] = "replay"
    expect_fail(lines, i + 1)
    lines = first_fixture("sa_base.jsonl")
    # without the void hand_end the hand would go on: R2 makes the redeal mandatory
    expect_fail(lines[:i] + lines[i + 1:], i + 1)


def test_target_reached_is_a_disagreement():
    lines = pt01_partnership()
    i = find(lines, lambda o: o["type"] == "hand_end")
    lines[i]["reason"] = "target_reached"           # A22: never in Partnership
    expect_fail(lines, i + 1)


# ---------------------------------------------------------------------------
# Rule functions against the vectors
# ---------------------------------------------------------------------------


def held_after(line):
    held = [list(h) for h in DEAL]
    for mv in line:
        if mv[1] is not None:
            held[mv[0]].remove(mv[1])
    return [[pc.parse_tile(t) for t in h] for h in held]


def test_pt01_block_result():
    held = held_after(LINE2)
    pips = [pc.hand_pips(h, 0) for h in held]
    counts = [len(h) for h in held]
    assert pips == PIPS2
    # partnership / doscientos: team 0 wins; doscientos: A (seat 0) starts next
    assert pc.block_result(pips, counts, 2, 1, pc.preset_options("doscientos")) == ("won", 0, 0)
    # blocker_or_next_fewer: C (15) against D (33): team 0, and C starts
    opts = pc.preset_options("doscientos", block_winner_rule="blocker_or_next_fewer")
    assert pc.block_result(pips, counts, 2, 1, opts) == ("won", 0, 2)


def test_pt05_tie_rules():
    held = held_after(LINE_PT05)
    pips = [pc.hand_pips(h, 0) for h in held]
    counts = [len(h) for h in held]
    assert pips == PIPS5
    expect = {"no_score": ("no_score", None), "replay": ("replay", None),
              "starting_team_wins": ("won", 1), "more_tiles_wins": ("won", 0),
              "last_player_team_loses": ("won", 1), "last_player_team_wins": ("won", 0)}
    for rule, (kind, w) in expect.items():
        r = pc.block_result(pips, counts, 0, 1, pc.preset_options("partnership",
                                                                  block_tie_rule=rule))
        assert r[:2] == (kind, w), rule
    # last_player_team_wins: A (the blocker) starts next; bonf: A 4 vs B 8 -> A
    assert pc.block_result(pips, counts, 0, 1, pc.preset_options(
        "doscientos", block_tie_rule="last_player_team_wins"))[2] == 0
    assert pc.block_result(pips, counts, 0, 1, pc.preset_options(
        "doscientos", block_winner_rule="blocker_or_next_fewer")) == ("won", 0, 0)
    assert pc.block_result(pips, counts, 0, 1, pc.preset_options(
        "partnership", block_winner_rule="blocker"))[:2] == ("won", 0)
    assert pc.block_result(pips, counts, 0, 1, pc.preset_options(
        "partnership", block_winner_rule="next_after_blocker"))[:2] == ("won", 1)


def test_pt06_pass_bonus_sequence():
    opts = pc.preset_options("doscientos_pases")
    # line 2, round 1: C passes after B placed -> team 1, 20 (first bonus)
    assert pc.pass_bonus(opts, 2, 1, 0) == 20
    assert pc.pass_bonus(opts, 1, 0, 1) == 10       # later bonus
    assert pc.pass_bonus(opts, 0, 2, 3) is None     # partner
    assert pc.pass_bonus(opts, 2, 2, 3) is None     # the placer himself
    flat = pc.preset_options("doscientos_pases", pass_bonus_first=10)
    assert pc.pass_bonus(flat, 2, 1, 0) == 10


@pytest.mark.parametrize("s,div,floor", [(0, 0, 0), (1, 1, 0), (9, 1, 0), (10, 1, 10),
                                         (19, 1, 10), (20, 2, 20), (39, 3, 30),
                                         (46, 4, 40), (76, 7, 70), (105, 10, 100)])
def test_pt07_rounding(s, div, floor):
    assert pc.round_score(s, "div10_min1") == div
    assert pc.round_score(s, "floor10") == floor
    assert pc.round_score(s, "none") == s


def test_pt08_hand_bonuses():
    q = pc.preset_options("quinientos")
    w = pc.preset_options("quinientos", hand_bonus_basis="domino_win_index")
    # hands 1, 3, 4, 5 are dominoes (the 1st, 2nd, 3rd, 4th domino wins)
    assert [pc.hand_bonus(q, h, 0) for h in (1, 3, 4, 5)] == [100, 50, 25, 0]
    assert [pc.hand_bonus(w, 0, j) for j in (1, 2, 3, 4)] == [100, 75, 50, 25]


def test_pt09_last_tile_bonuses():
    q = pc.preset_options("quinientos")
    t = pc.parse_tile
    assert pc.last_tile_bonuses(t("2-5"), (2, 5), q) == ("capicu", 100)
    assert pc.last_tile_bonuses(t("3-4"), (3, 3), q) == ("capicu", 100)
    assert pc.last_tile_bonuses(t("3-4"), (3, 3), dict(q, capicu_distinct_ends=True)) is None
    assert pc.last_tile_bonuses(t("3-4"), (3, 5), q) is None
    assert pc.last_tile_bonuses(t("4-4"), (4, 4), q) == ("dominao", 0)
    assert pc.last_tile_bonuses(t("0-0"), (0, 5), q) == ("chuchazo", 100)
    assert pc.last_tile_bonuses(t("0-0"), (0, 0), q) == ("chuchazo", 100)
    one = dict(q, chuchazo_rule="one_zero_end")
    assert pc.last_tile_bonuses(t("0-0"), (0, 5), one) == ("chuchazo", 100)
    assert pc.last_tile_bonuses(t("0-0"), (0, 0), one) == ("dominao", 0)
    # a blocked hand earns none: hand_end_awards gives only the block score
    aw = pc.hand_end_awards(q, "won", 0, 0, t("2-5"), (2, 5), (5, 5), [1, 2, 3, 4], 1, 0)
    assert aw == [(0, 10, "block")]


def test_pt10_milo():
    m = pc.preset_options("milo")
    t = pc.parse_tile
    pips = [0, 5, 3, 7]
    assert pc.hand_end_awards(m, "domino", 0, 0, t("3-5"), (3, 5), (5, 5), pips, 1, 1) \
        == [(0, 2, "milo")]
    assert pc.hand_end_awards(m, "domino", 0, 0, t("5-5"), (5, 5), (5, 5), pips, 1, 1) \
        == [(0, 2, "milo")]
    assert pc.hand_end_awards(m, "domino", 0, 0, t("1-3"), (3, 5), (1, 5), pips, 1, 1) \
        == [(0, 1, "domino")]
    assert pc.hand_end_awards(m, "won", 1, 2, None, None, (1, 2), pips, 1, 0) \
        == [(1, 1, "block")]


def test_pt11_south_american_match_end():
    sa = pc.preset_options("south_american")
    win = dict(sa, shortfall_result="win")
    assert pc.match_result(sa, [10, 5]) == ("won", 0)
    assert pc.match_result(sa, [7, 10]) == ("won", 1)
    assert pc.match_result(sa, [10, 4]) == ("draw", None)
    assert pc.match_result(win, [10, 4]) == ("won", 0)
    assert pc.match_result(sa, [9, 4]) is None


def test_pt14_double_blank():
    tiles = [pc.parse_tile("0-0"), pc.parse_tile("1-2")]
    assert pc.hand_pips(tiles, 0) == 3
    assert pc.hand_pips(tiles, 50) == 53


def test_pt15_draw_for_lead():
    drawn = [pc.parse_tile(x) for x in ("2-4", "1-5", "3-3", "0-6")]
    assert pc.draw_winner(drawn) == 3


def test_pt16_penalty_match_end():
    pen = pc.preset_options("partnership", scoring_mode="penalty_own_pips")
    assert pc.match_result(pen, [105, 110]) == ("won", 0)
    assert pc.match_result(pen, [95, 80]) is None
    assert pc.match_result(pen, [110, 110]) is None


def test_r21_both_over_target():
    p = pc.preset_options("doscientos_pases")
    assert pc.match_result(p, [210, 220]) == ("won", 1)
    assert pc.match_result(p, [210, 210]) is None


def test_check_records_command_line(tmp_path, capsys):
    good = tmp_path / "good.jsonl"
    bad = tmp_path / "sub" / "bad.jsonl"
    bad.parent.mkdir()
    good.write_text("\n".join(json.dumps(o) for o in pt01_partnership()) + "\n")
    lines = pt01_partnership()
    lines[-1]["scores"] = [1, 2]
    bad.write_text("\n".join(json.dumps(o) for o in lines) + "\n")
    assert check_records.main([str(good)]) == 0
    capsys.readouterr()
    assert check_records.main([str(tmp_path)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[-1] == "checked 2 records, 1 disagree"
    assert any(x.startswith(str(bad) + ":%d:" % len(lines)) for x in out)
    row = [x.split() for x in out if x.split()[:1] == ["partnership"]]
    assert row == [["partnership", lines[0]["preset"], "2", "1"]]


def test_deepcopy_safe():
    lines = pt02_quinientos()
    snapshot = copy.deepcopy(lines)
    pc.check_lines(lines)
    assert lines == snapshot                        # the checker does not modify input


# ---------------------------------------------------------------------------
# Engine records of cut matches (max_hands, docs/records.md; Z13).
# ---------------------------------------------------------------------------


def test_cut_match_keeps_the_winners_starter_choice():
    # max_hands cut + winning_team_choice: the winners' `starter` choice stays between the
    # last hand_end and match_end; a record without it, or with it after match_end, fails.
    lines = pc.load_lines(os.path.join(HERE, "partnership_fixtures", "max_hands_wtc_choice.jsonl"))
    assert lines[-2]["type"] == "choice" and lines[-2]["decision"] == "starter"
    pc.check_lines(lines)
    expect_fail(lines[:-2] + lines[-1:], len(lines) - 1)


def test_cut_match_under_penalty_goes_to_the_lower_total():
    # max_hands cut under penalty_own_pips: the team with fewer points is ahead.
    lines = pc.load_lines(os.path.join(HERE, "partnership_fixtures", "max_hands_penalty_winner.jsonl"))
    scores = lines[-1]["scores"]
    assert scores[0] != scores[1] and lines[-1]["winner"] == (0 if scores[0] < scores[1] else 1)
    pc.check_lines(lines)
    flipped = [dict(line) for line in lines]
    flipped[-1]["winner"] = 1 - flipped[-1]["winner"]
    expect_fail(flipped, len(lines))
