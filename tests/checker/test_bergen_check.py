"""Self-test of the independent Bergen / Double Bergen referee (bergen_check.py).

Vectors BG-.. and DB-.. of docs/rules/bergen.md and docs/rules/double-bergen.md through
the checker's functions, two hand-made whole records that pass, tampered copies that fail,
and a few records written by the program: those run the binary named by the environment
variable DOMINOLAB_BINARY (e.g. build/dominolab) and are skipped when it is unset.

Run:  DOMINOLAB_BINARY=build/dominolab python3 -m pytest -q -p no:cacheprovider \
          tests/checker/test_bergen_check.py
"""

import copy
import json
import os
import subprocess
import sys
from collections import Counter

import pytest

sys.dont_write_bytecode = True            # no __pycache__ beside the checkers
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bergen_check as bc  # noqa: E402
import check_records  # noqa: E402

T = bc.parse_tile


def hand(*tiles):
    return Counter(T(t, 12) for t in tiles)


# ----------------------------------------------------------------- layout vectors

def play_line(layout, steps):
    """steps: (tile, end); returns the header count after each placement."""
    out = []
    for tile, end in steps:
        t = T(tile, 6)
        assert end in layout.legal_ends(t)
        layout.place(t, end)
        out.append(layout.header())
    return out


def test_bg01_headers():
    lay = bc.LineLayout(6, False)
    assert lay.header() == 2                                     # lead [6-6]
    assert play_line(lay, [("2-6", 0), ("4-6", 1), ("2-4", 1), ("2-2", 1)]) == [0, 0, 2, 3]


def test_bg02_triple_headers():
    lay = bc.LineLayout(4, False)
    assert lay.header() == 2
    steps = [("1-4", 0), ("4-5", 1), ("1-5", 0), ("5-5", 0), ("5-6", 1), ("2-6", 1), ("2-5", 1)]
    assert play_line(lay, steps) == [0, 0, 2, 3, 0, 0, 3]


def test_bg13_first_double_both_sides():
    for rule, legal in ((False, {("5-6", 0), ("1-3", 1)}), (True, {("1-3", 1)})):
        lay = bc.LineLayout(3, rule)
        lay.place(T("3-5", 6), 0)
        got = {(t, e) for t in ("5-6", "1-3") for e in lay.legal_ends(T(t, 6))}
        assert got == legal


@pytest.mark.parametrize("score,h,pagat,cap,none", [
    (5, 3, 3, 3, 3), (6, 3, 3, 3, 3), (7, 2, 2, 2, 2), (7, 3, 2, 2, 3),
    (8, 2, 1, 1, 2), (8, 3, 1, 1, 3), (9, 2, 2, 0, 2), (9, 3, 3, 0, 3)])
def test_bg04_near_goal(score, h, pagat, cap, none):
    d = 10 - score
    assert bc.near_goal_points("pagat", h, d) == pagat
    assert bc.near_goal_points("cap", h, d) == cap
    assert bc.near_goal_points("none", h, d) == none


def test_bg04_two_players():
    assert bc.near_goal_points("pagat", 3, 15 - 13) == 1
    assert bc.near_goal_points("pagat", 3, 15 - 12) == 2


def test_db01_spinner_sequence():
    steps = [("2-5", 0), ("3-5", 1), ("5-6", 2), ("1-5", 3), ("1-2", 3), ("2-2", 0),
             ("3-6", 1), ("2-4", 3), ("4-4", 3)]
    want_all = [2, 2, 2, 0, 2, 3, 5, 4, 6]
    want_new = [0, 0, 0, 0, 2, 3, 2, 0, 2]
    lay = bc.SpinnerLayout(5, 4)
    assert bc.combination_points(lay.exposed(), "all_exposed", 5) == 2
    assert bc.combination_points(lay.exposed(), "new_end_only", 5) == 2
    for (tile, arm), a, b in zip(steps, want_all, want_new):
        t = T(tile, 6)
        assert arm in lay.legal_ends(t)
        v = lay.place(t, arm)
        assert bc.combination_points(lay.exposed(), "all_exposed", v) == a
        assert bc.combination_points(lay.exposed(), "new_end_only", v) == b


def test_db02_spinner_phase_legality():
    lay = bc.SpinnerLayout(6, 4)
    lay.place(T("3-6", 6), 0)
    assert lay.legal_ends(T("3-4", 6)) == []
    assert lay.legal_ends(T("1-6", 6)) == [1, 2, 3]
    assert lay.legal_ends(T("0-2", 6)) == []


def spinner_static(spec, arms=4):
    lay = bc.SpinnerLayout(0, arms)
    for k, s in enumerate(spec.split()):
        lay.ends[k] = int(s.rstrip("*"))
        lay.dbl[k] = s.endswith("*")
    return bc.combination_points(lay.exposed(), "all_exposed", None)


@pytest.mark.parametrize("spec,pts", [
    ("3 3 5 5", 4), ("1* 2* 3* 5*", 8), ("5* 5 5 5", 5), ("2 2 2 2", 4),
    ("2 2 2 4*", 5), ("4* 4 1 6", 3), ("1 2 3 4", 0)])
def test_db03_static(spec, pts):
    assert spinner_static(spec) == pts


def test_db08_eight_arms():
    assert spinner_static("4 4 4 4* 7 7 2 3", 8) == 7
    assert spinner_static("6 6 6 6 6 6* 1 2", 8) == 7


# ----------------------------------------------------------------- block vectors

BG03 = [hand("0-0", "1-2"), hand("1-1"), hand("2-2")]
BG05 = [hand("0-0", "5-6"), hand("4-4"), hand("1-2", "2-3")]
BG06 = [hand("0-3", "1-2"), hand("2-3"), hand("0-4", "1-3")]
BG07 = [hand("1-2"), hand("0-1", "0-2"), hand("3-3")]
BG08 = [hand("1-2", "4-6", "5-6"), hand("1-4", "2-3"), hand("0-0")]
BG09 = [hand("1-2", "3-3"), hand("5-5")]


@pytest.mark.parametrize("hands,german,american,american_ndp,simple,german_all", [
    (BG03, 1, 0, 0, 1, 1),
    (BG05, 2, 2, 2, None, 2),
    (BG06, 1, 1, 1, 1, 1),
    (BG07, None, None, 0, None, None),
    (BG08, 1, None, 1, 2, 2),
    (BG09, 0, 1, 0, 0, 0),
])
def test_block_methods(hands, german, american, american_ndp, simple, german_all):
    assert bc.german_winner(hands, "tied") == german
    assert bc.german_winner(hands, "all") == german_all
    assert bc.american_winner(hands, "literal") == american
    assert bc.american_winner(hands, "no_double_players") == american_ndp
    assert bc.simple_winner(hands) == simple


def test_bg05_bg15_lightest():
    assert bc.lightest_seats(BG05, None) == [1, 2]                  # tie
    assert bc.lightest_seats([hand(), hand("0-0"), hand("1-2")], 0) == [0]
    assert bc.lightest_seats([hand("0-2"), hand("1-1"), hand("3-4")], None) == [0, 1]


def test_match_leader():
    assert bc.match_leader([9, 10, 3], 10) == 1
    assert bc.match_leader([10, 10, 3], 10) is None              # R24: another hand
    assert bc.match_leader([11, 10, 3], 10) == 0


# ----------------------------------------------------------------- whole records

BERGEN_OPTS = {
    "set_max": 6, "num_sets": 1, "players": 2, "hand_size": 2, "stock_reserve": 2,
    "draw_mode": "until_playable", "drawn_tile_must_be_played": True,
    "opener_rule": "lowest_double", "opening_tile": "qualifying_double",
    "no_double_rule": "draw_in_turn", "layout": "line", "spinner_arms": 4,
    "first_double_both_sides": False, "scoring": "headers", "combination_scope": "all_exposed",
    "near_goal": "pagat", "end_award": "winner", "domino_points": 2, "block_method": "simple",
    "block_points": "by_method", "american_rule_c": "literal", "german_rule_c_scope": "tied",
    "lightest_hand_points": 1, "lightest_tie": "none", "deduction_per_tile": 1,
    "score_floor": "none", "target": "by_players", "win_check": "immediate",
    "next_designated_starter": "left_of_leader"}

DB_OPTS = dict(BERGEN_OPTS, hand_size=1, opener_rule="rotating_first_double",
               opening_tile="any_double", layout="spinner", scoring="combinations",
               near_goal="none", end_award="tile_deduction", target=100)


def all_tiles():
    return ["%d-%d" % (a, b) for b in range(7) for a in range(b + 1)]


def rest(first, used):
    return first + [t for t in all_tiles() if t not in used and t not in first]


def bergen_record():
    """Hand-checked: seat 1 leads [0-0] (R4, +2); seat 0 draws [0-5] and places it;
    seat 1 draws [0-2]; seat 0 plays [1-2]; seat 1 draws [1-5]: ends 1|1 (+2);
    seat 0 goes out with [1-1]: triple-header (+3) and domino (+2)."""
    hands = [["1-1", "1-2"], ["0-0", "2-3"]]
    stock = rest(["0-5", "0-2", "1-5"], sum(hands, []))
    h = {"hand": 1}
    return [
        {"type": "match", "format": 1, "game": "bergen", "preset": "bergen",
         "options": dict(BERGEN_OPTS), "seats": 2, "agents": ["a", "b"], "seed": 1, "max_hands": 1},
        dict(h, type="deal", leader=0, hands=hands, stock=stock),
        dict(h, type="play", seat=1, tile="0-0", points=2),
        dict(h, type="draw", seat=0, tile="0-5"),
        dict(h, type="play", seat=0, tile="0-5", end=0, points=0),
        dict(h, type="draw", seat=1, tile="0-2"),
        dict(h, type="play", seat=1, tile="0-2", end=1, points=0),
        dict(h, type="play", seat=0, tile="1-2", end=1, points=0),
        dict(h, type="draw", seat=1, tile="1-5"),
        dict(h, type="play", seat=1, tile="1-5", end=0, points=2),
        dict(h, type="play", seat=0, tile="1-1", end=0, points=3),
        dict(h, type="award", to=0, points=2, reason="domino"),
        dict(h, type="hand_end", reason="domino", winner=0, points=[2, 0],
             pips_left=[0, 5], scores=[5, 4]),
        {"type": "match_end", "winner": 0, "scores": [5, 4]},
    ]


def db_record():
    """Hand-checked DB-05-like hand: nobody holds a double, seat 0 draws [0-1],
    seat 1 draws [4-4] and leads it (+2); seat 0 draws [3-4] and starts arm 0 (+2,
    open spinner); seat 1 goes out with [2-4] (+2); seat 0 loses 2 (two tiles)."""
    hands = [["1-3"], ["2-4"]]
    stock = rest(["0-1", "4-4", "3-4"], sum(hands, []))
    h = {"hand": 1}
    return [
        {"type": "match", "format": 1, "game": "double_bergen", "preset": "double_bergen",
         "options": dict(DB_OPTS), "seats": 2, "agents": ["a", "b"], "seed": 1, "max_hands": 1},
        dict(h, type="deal", leader=0, hands=hands, stock=stock),
        dict(h, type="draw", seat=0, tile="0-1"),
        dict(h, type="draw", seat=1, tile="4-4"),
        dict(h, type="play", seat=1, tile="4-4", points=2),
        dict(h, type="draw", seat=0, tile="3-4"),
        dict(h, type="play", seat=0, tile="3-4", end=0, points=2),
        dict(h, type="play", seat=1, tile="2-4", end=1, points=2),
        dict(h, type="award", to=0, points=-2, reason="deduction"),
        dict(h, type="hand_end", reason="domino", winner=1, points=[-2, 0],
             pips_left=[5, 0], scores=[0, 4]),
        {"type": "match_end", "winner": 1, "scores": [0, 4]},
    ]


def test_records_pass():
    bc.check_lines(bergen_record())
    bc.check_lines(db_record())


def test_tolerated_forms_pass():
    rec = bergen_record()
    del rec[1]["leader"]
    rec[1]["dealer"] = 5                                # ignored (format, Pinned)
    rec[0]["unknown"] = {"x": 1}
    rec[4]["note"] = "unknown fields are ignored"
    bc.check_lines(rec)
    rec = db_record()
    del rec[1]["leader"]                                # designated starter derived
    bc.check_lines(rec)


def tamper(rec, index, **changes):
    rec = copy.deepcopy(rec)
    for k, v in changes.items():
        if v is None:
            rec[index].pop(k, None)
        else:
            rec[index][k] = v
    return rec


@pytest.mark.parametrize("make,index,changes,line", [
    (bergen_record, 2, {"points": 1}, 3),                  # R7: opening double = 2
    (bergen_record, 2, {"tile": "2-3", "seat": 1}, 3),     # R4/R5: must lead [0-0]
    (bergen_record, 1, {"leader": 1}, 2),                  # nominal starter is seat 0
    (bergen_record, 3, {"tile": "0-2"}, 4),                # R3: stock order
    (bergen_record, 4, {"end": 1}, 7),                     # legal, but then 0-2 cannot go on end 1
    (bergen_record, 9, {"points": 3}, 10),                 # R14: double-header = 2
    (bergen_record, 9, {"end": 1}, 11),                    # 5|5 also scores 2; then 1-1 does not fit end 0
    (bergen_record, 10, {"points": 2}, 11),                # triple-header
    (bergen_record, 11, {"points": 1}, 12),                # domino_points = 2
    (bergen_record, 11, {"reason": "block"}, 12),
    (bergen_record, 11, {"reason": "bonus"}, 12),          # malformed reason word
    (bergen_record, 12, {"scores": [5, 5]}, 13),
    (bergen_record, 12, {"pips_left": [0, 4]}, 13),
    (bergen_record, 12, {"winner": None}, 13),
    (bergen_record, 13, {"winner": None}, 14),             # max_hands: seat 0 leads 5-4
    (db_record, 4, {"points": 4}, 5),                      # DB A2: open spinner counts once
    (db_record, 7, {"end": 0}, 8),                         # arm 0 is started (DB R8)
    (db_record, 8, {"points": -1}, 9),                     # DB R14: two tiles
])
def test_tampered_fail(make, index, changes, line):
    rec = tamper(make(), index, **changes)
    if line is None:
        bc.check_lines(rec)
        return
    with pytest.raises(bc.CheckError) as e:
        bc.check_lines(rec)
    assert e.value.line == line, e.value.message


def test_structure_errors():
    rec = bergen_record()
    with pytest.raises(bc.CheckError) as e:
        bc.check_lines(rec[:-1])                          # missing match_end
    assert e.value.line == len(rec)
    with pytest.raises(bc.CheckError) as e:
        bc.check_lines(rec + [rec[-1]])                   # extra line
    assert e.value.line == len(rec) + 1
    bad = copy.deepcopy(rec)
    del bad[0]["options"]["players"]                      # required for this family
    with pytest.raises(bc.CheckError) as e:
        bc.check_lines(bad)
    assert e.value.line == 1
    bad = copy.deepcopy(rec)
    del bad[4]                                            # a missing play
    with pytest.raises(bc.CheckError) as e:
        bc.check_lines(bad)
    assert e.value.line == 5


def test_block_passes_tolerated():
    """A blocked hand: 2 players, hand_size 1, reserve 26 (nothing drawable)."""
    opts = dict(BERGEN_OPTS, hand_size=1, stock_reserve=26)
    hands = [["0-0"], ["5-6"]]
    stock = rest([], sum(hands, []))
    h = {"hand": 1}
    base = [
        {"type": "match", "format": 1, "game": "bergen", "preset": "bergen",
         "options": opts, "seats": 2, "agents": ["a", "b"], "seed": 1, "max_hands": 1},
        dict(h, type="deal", leader=0, hands=hands, stock=stock),
        dict(h, type="play", seat=0, tile="0-0", points=2),
        # seat 1 holds 5-6 (11 pips), seat 0 holds nothing? no: seat 0 went out.
    ]
    # seat 0 went out on the lead: domino at once
    rec = base + [dict(h, type="award", to=0, points=2, reason="domino"),
                  dict(h, type="hand_end", reason="domino", winner=0, points=[2, 0],
                       pips_left=[0, 11], scores=[4, 0]),
                  {"type": "match_end", "winner": 0, "scores": [4, 0]}]
    bc.check_lines(rec)
    # a real block: hand_size 2
    opts = dict(BERGEN_OPTS, hand_size=2, stock_reserve=24)
    hands = [["0-0", "1-2"], ["5-6", "3-4"]]
    rec = [dict(base[0], options=opts),
           dict(h, type="deal", leader=0, hands=hands, stock=rest([], sum(hands, []))),
           dict(h, type="play", seat=0, tile="0-0", points=2)]
    tail = [dict(h, type="award", to=0, points=1, reason="block"),      # simple: 3 < 18
            dict(h, type="hand_end", reason="blocked", winner=0, points=[1, 0],
                 pips_left=[3, 18], scores=[3, 0]),
            {"type": "match_end", "winner": 0, "scores": [3, 0]}]
    bc.check_lines(rec + tail)
    p1, p0 = dict(h, type="pass", seat=1), dict(h, type="pass", seat=0)
    bc.check_lines(rec + [p1, p0] + tail)
    with pytest.raises(bc.CheckError):
        bc.check_lines(rec + [p1, p1] + tail)             # at most one per seat


# ----------------------------------------------------------------- program records

def binary():
    """The program under test, from DOMINOLAB_BINARY; the test is skipped without it."""
    path = os.environ.get("DOMINOLAB_BINARY")
    if not path:
        pytest.skip("DOMINOLAB_BINARY is not set (the dominolab binary to run)")
    return path


@pytest.mark.parametrize("game,preset,players", [
    ("bergen", "bergen", 3), ("bergen", "bergen_classic", 2),
    ("double_bergen", "double_bergen", 4), ("double_bergen", "double_bergen_12", 3)])
def test_program_records(tmp_path, game, preset, players):
    program = binary()
    path = tmp_path / "r.jsonl"
    subprocess.run([program, "play", "--game", game, "--preset", preset, "--players", str(players),
                    "--agents", "greedy",
                    "--seed", "7", "--record", str(path), "--quiet"], check=True,
                   capture_output=True)
    lines = bc.read_record(str(path))
    bc.check_lines(lines)
    # tamper: the first play with points > 0 gets one more point
    for k, obj in enumerate(lines):
        if obj["type"] == "play" and obj["points"] > 0:
            bad = copy.deepcopy(lines)
            bad[k]["points"] += 1
            with pytest.raises(bc.CheckError) as e:
                bc.check_lines(bad)
            assert e.value.line == k + 1
            break


def test_r24_tie_plays_another_hand():
    """R24: lightest_tie=all brings both players to the target at once with equal
    scores, so another hand is played (near_goal=cap keeps headers at 0)."""
    opts = dict(BERGEN_OPTS, end_award="lightest_hand", lightest_tie="all", near_goal="cap",
                target=1, stock_reserve=24)
    h1, h2 = {"hand": 1}, {"hand": 2}
    hands1 = [["0-0", "1-4"], ["1-1", "1-2"]]
    hands2 = [["2-3", "4-5"], ["0-0", "0-1"]]
    rec = [
        {"type": "match", "format": 1, "game": "bergen", "preset": "bergen_classic",
         "options": opts, "seats": 2, "agents": ["a", "b"], "seed": 1},
        dict(h1, type="deal", leader=0, hands=hands1, stock=rest([], sum(hands1, []))),
        dict(h1, type="play", seat=0, tile="0-0", points=0),          # cap, D=1
        dict(h1, type="award", to=0, points=1, reason="lightest_hand"),
        dict(h1, type="award", to=1, points=1, reason="lightest_hand"),
        dict(h1, type="hand_end", reason="blocked", winner=None, points=[1, 1],
             pips_left=[5, 5], scores=[1, 1]),
        dict(h2, type="deal", leader=1, hands=hands2, stock=rest([], sum(hands2, []))),
        dict(h2, type="play", seat=1, tile="0-0", points=0),
        dict(h2, type="pass", seat=0),
        dict(h2, type="play", seat=1, tile="0-1", end=0, points=0),
        dict(h2, type="award", to=1, points=1, reason="lightest_hand"),
        dict(h2, type="hand_end", reason="domino", winner=1, points=[0, 1],
             pips_left=[14, 0], scores=[1, 2]),
        {"type": "match_end", "winner": 1, "scores": [1, 2]},
    ]
    bc.check_lines(rec)
    for win_check in ("immediate", "end_of_hand"):
        r = copy.deepcopy(rec)
        r[0]["options"]["win_check"] = win_check
        bc.check_lines(r)
    bad = rec[:6] + [{"type": "match_end", "winner": 0, "scores": [1, 1]}]
    with pytest.raises(bc.CheckError) as e:
        bc.check_lines(bad)
    assert e.value.line == 7
    bad = copy.deepcopy(rec)
    del bad[8]                                           # the required pass (R13)
    with pytest.raises(bc.CheckError) as e:
        bc.check_lines(bad)
    assert e.value.line == 9


# ----------------------------------------------------------------- check_records.py

HANDMADE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "records", "handmade")


def write_record(path, lines):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(x) + "\n" for x in lines))


def test_check_records_dispatch_and_table(tmp_path, capsys):
    write_record(tmp_path / "a" / "bergen.jsonl", bergen_record())
    write_record(tmp_path / "b" / "db.jsonl", db_record())
    bad = tamper(db_record(), 8, points=-1)
    write_record(tmp_path / "b" / "db_bad.jsonl", bad)
    (tmp_path / "b" / "notes.txt").write_text("not a record")
    assert check_records.main([str(tmp_path)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "%s:9: %s" % (tmp_path / "b" / "db_bad.jsonl", out[0].split(": ", 1)[1])
    assert [x.split() for x in out[1:4]] == [["game", "preset", "records", "disagree"],
                                             ["bergen", "bergen", "1", "0"],
                                             ["double_bergen", "double_bergen", "2", "1"]]
    assert out[-1] == "checked 3 records, 1 disagree"
    assert check_records.main([str(tmp_path / "a"), str(tmp_path / "b" / "db.jsonl")]) == 0


def test_check_records_not_json_disagrees(tmp_path, capsys):
    (tmp_path / "cut.jsonl").write_text('{"type":"match","game"\n')
    assert check_records.main([str(tmp_path)]) == 1
    assert capsys.readouterr().out.startswith("%s:1: not JSON" % (tmp_path / "cut.jsonl"))


def test_check_records_bad_usage(tmp_path, capsys):
    assert check_records.main([]) == 2
    assert check_records.main([str(tmp_path / "nosuch")]) == 2
    assert check_records.main([str(tmp_path)]) == 2                 # no records at all
    assert check_records.main(["--bogus", str(tmp_path)]) == 2
    rec = bergen_record()
    rec[0]["game"] = "dominoes_of_mars"
    write_record(tmp_path / "mars.jsonl", rec)
    assert check_records.main([str(tmp_path)]) == 2                 # unknown game
    err = capsys.readouterr().err
    assert "dominoes_of_mars" in err and "nosuch" in err


def test_check_records_refused(tmp_path, capsys):
    refused = tmp_path / "refused"
    write_record(refused / "wrong_points.jsonl", tamper(bergen_record(), 2, points=1))
    (refused / "cut.jsonl").write_text(json.dumps(bergen_record()[0]) + "\n{\"type\n")
    (refused / "expected.tsv").write_text("file\texit\tline\tneedle\n"
                                          "wrong_points.jsonl\t1\t3\tpoints\n"
                                          "cut.jsonl\t2\t2\tJSON\n")
    write_record(tmp_path / "good" / "r.jsonl", bergen_record())
    assert check_records.main(["--refused", str(refused), str(tmp_path / "good")]) == 0
    out = capsys.readouterr().out
    assert "wrong_points.jsonl: refused at line 3, expected line 3" in out
    assert "cut.jsonl: refused at line 2, expected line 2" in out
    assert "refused 2 of 2 listed records" in out
    write_record(refused / "fine.jsonl", bergen_record())
    with open(refused / "expected.tsv", "a") as f:
        f.write("fine.jsonl\t1\t5\tpoints\n")
    assert check_records.main(["--refused", str(refused), str(tmp_path / "good")]) == 1
    out = capsys.readouterr().out
    assert "fine.jsonl: ACCEPTED" in out and "refused 2 of 3 listed records" in out
    with open(refused / "expected.tsv", "a") as f:
        f.write("missing.jsonl\t1\t5\tpoints\n")
    assert check_records.main(["--refused", str(refused), str(tmp_path / "good")]) == 2


def test_check_records_handmade():
    """The hand-made records of tests/records/handmade/: each game's agree, refused/'s are
    refused (disputed/ is left out: see its README)."""
    games = [os.path.join(HANDMADE, g) for g in ("bergen", "double_bergen", "partnership", "bingo")]
    assert check_records.main(["--refused", os.path.join(HANDMADE, "refused")] + games) == 0
