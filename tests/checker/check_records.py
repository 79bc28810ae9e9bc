#!/usr/bin/env python3
"""Check game records with the independent checkers: one command line for all three.

Usage:  python3 check_records.py [--refused DIR] PATH...

Checks every `.jsonl` record under each PATH (a file, or a directory searched recursively
in sorted order). Each record goes to the checker of its `match` line's `game`:

    bergen, double_bergen  bergen_check.py       (docs/rules/bergen.md, double-bergen.md)
    partnership            partnership_check.py  (docs/rules/partnership.md)
    bingo                  bingo_check.py        (docs/rules/bingo.md)

all three written from docs/rules/ and docs/record-format.md alone. For each record that
disagrees it prints `PATH:LINE: message`, then a table of records and disagreements per
game and preset, and a last line `checked N records, F disagree`.

--refused DIR also reads DIR/expected.tsv (columns: file, exit, line, needle; a header
line starting with `file` is skipped) and requires every file it lists to be refused: the
checker raises its CheckError, or the file is not JSON. For each it prints the line the
checker stopped at next to the line expected.tsv gives (they may differ: only the refusal
is required). A listed file the checker accepts is a failure.

Exit status: 0 if every record agrees (and every listed file is refused), 1 otherwise, 2
for bad usage: an unknown game, a path that cannot be read, or no records at all.

Standard library only; nothing is written (no bytecode either).
"""

import json
import os
import sys

sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
if HERE not in sys.path:
    sys.path.insert(0, HERE)

import bergen_check  # noqa: E402
import bingo_check  # noqa: E402
import partnership_check  # noqa: E402

CHECKERS = {
    "bergen": bergen_check,
    "double_bergen": bergen_check,
    "partnership": partnership_check,
    "bingo": bingo_check,
}
CHECK_ERRORS = (bergen_check.CheckError, partnership_check.CheckError, bingo_check.CheckError)
USAGE = "usage: check_records.py [--refused DIR] PATH..."


class UsageError(Exception):
    """Bad usage: exit status 2."""


class Refusal(Exception):
    """A record refused before any checker saw it (line 1 is not a JSON match line)."""

    def __init__(self, line, message):
        super().__init__("line %d: %s" % (line, message))
        self.line = line
        self.message = message


# --------------------------------------------------------------------------- finding records

def record_files(paths):
    """Every .jsonl file under `paths`: a file as given, a directory recursively, sorted."""
    found = []
    for path in paths:
        if os.path.isdir(path):
            def walk_error(e):
                raise UsageError("cannot read %s: %s" % (e.filename or path, e.strerror or e))
            for root, dirs, files in os.walk(path, onerror=walk_error):
                dirs.sort()
                for name in sorted(files):
                    if name.endswith(".jsonl"):
                        found.append(os.path.join(root, name))
        elif os.path.isfile(path):
            found.append(path)
        else:
            raise UsageError("cannot read %s: no such file or directory" % path)
    return found


def match_of(path):
    """(game, preset) of the record's first line; Refusal if it is not a JSON match line,
    OSError if the file cannot be read."""
    with open(path, "rb") as f:
        first = f.readline()
    try:
        text = first.decode("utf-8")
    except UnicodeDecodeError as e:
        raise Refusal(1, "not UTF-8 text: %s" % e)
    if not text.strip():
        raise Refusal(1, "empty record: the first line must be the match line")
    try:
        obj = json.loads(text)
    except ValueError as e:
        raise Refusal(1, "not JSON: %s" % e)
    if not isinstance(obj, dict) or obj.get("type") != "match":
        raise Refusal(1, "the first line is not a match line")
    game, preset = obj.get("game"), obj.get("preset")
    return game, preset if isinstance(preset, str) else "?"


def check_one(path):
    """Check one record. Returns (game, preset, error) with error None if the record
    agrees, else (line, message, refused): refused is False only when a checker broke
    down (a bug of the checker, which is no refusal). Raises UsageError for an unknown
    game or an unreadable file."""
    try:
        game, preset = match_of(path)
    except Refusal as e:
        return "?", "?", (e.line, e.message, True)
    except OSError as e:
        raise UsageError("cannot read %s: %s" % (path, e.strerror or e))
    checker = CHECKERS.get(game) if isinstance(game, str) else None
    if checker is None:
        raise UsageError("%s: match.game %s is not one of %s"
                         % (path, json.dumps(game), ", ".join(sorted(CHECKERS))))
    try:
        checker.check_file(path)
    except CHECK_ERRORS as e:
        return game, preset, (e.line, e.message, True)
    except UnicodeDecodeError as e:
        return game, preset, (0, "not UTF-8 text: %s" % e, True)
    except OSError as e:
        raise UsageError("cannot read %s: %s" % (path, e.strerror or e))
    except Exception as e:                      # a checker's own bug: report, never refuse
        return game, preset, (0, "%s broke down: %s: %s"
                              % (checker.__name__, type(e).__name__, e), False)
    return game, preset, None


# --------------------------------------------------------------------------- refused records

def read_expected(directory):
    """DIR/expected.tsv as a list of (file, exit, line, needle)."""
    path = os.path.join(directory, "expected.tsv")
    try:
        with open(path, encoding="utf-8") as f:
            rows = f.read().splitlines()
    except OSError as e:
        raise UsageError("cannot read %s: %s" % (path, e.strerror or e))
    out = []
    for number, row in enumerate(rows, 1):
        if not row.strip() or row.startswith("#"):
            continue
        cells = row.split("\t")
        if cells[0] == "file":
            continue                                # the header
        if len(cells) < 3 or not cells[0]:
            raise UsageError("%s:%d: want file, exit, line, needle separated by tabs"
                             % (path, number))
        out.append((cells[0], cells[1], cells[2], cells[3] if len(cells) > 3 else ""))
    if not out:
        raise UsageError("%s lists no file" % path)
    return out


def check_refused(directory, out):
    """Every file expected.tsv lists must be refused. Returns the number accepted."""
    expected = read_expected(directory)
    print("refused records (%s):" % directory, file=out)
    accepted = 0
    for name, code, line, needle in expected:
        path = os.path.join(directory, name)
        if not os.path.isfile(path):
            raise UsageError("cannot read %s: no such file (listed in expected.tsv)" % path)
        game, _, error = check_one(path)
        want = "expected line %s (exit %s, %s)" % (line, code, json.dumps(needle))
        if error is not None and error[2]:
            print("  %s: refused at line %d, %s: %s" % (name, error[0], want, error[1]),
                  file=out)
        else:
            accepted += 1
            why = "ACCEPTED" if error is None else "NOT REFUSED (%s)" % error[1]
            print("  %s: %s by %s, %s" % (name, why, game, want), file=out)
    listed = {row[0] for row in expected}
    for name in sorted(os.listdir(directory)):
        if name.endswith(".jsonl") and name not in listed:
            print("  %s: not listed in expected.tsv, not checked" % name, file=out)
    print("refused %d of %d listed records" % (len(expected) - accepted, len(expected)), file=out)
    return accepted


# --------------------------------------------------------------------------- command line

def table(counts):
    """The per game and preset counts as aligned text lines."""
    rows = [("game", "preset", "records", "disagree")]
    for (game, preset), (n, bad) in sorted(counts.items()):
        rows.append((game, preset, str(n), str(bad)))
    widths = [max(len(r[k]) for r in rows) for k in range(4)]
    return ["%-*s  %-*s  %*s  %*s" % (widths[0], r[0], widths[1], r[1], widths[2], r[2],
                                      widths[3], r[3]) for r in rows]


def parse_args(argv):
    refused, paths = None, []
    args = list(argv)
    while args:
        a = args.pop(0)
        if a in ("-h", "--help"):
            return None, None
        if a == "--refused":
            if not args:
                raise UsageError("--refused needs a directory")
            refused = args.pop(0)
        elif a.startswith("--refused="):
            refused = a.split("=", 1)[1]
        elif a == "--":
            paths.extend(args)
            break
        elif a.startswith("-") and a != "-":
            raise UsageError("unknown option %s" % a)
        else:
            paths.append(a)
    if not paths and refused is None:
        raise UsageError("no PATH given")
    if refused is not None and not os.path.isdir(refused):
        raise UsageError("--refused %s: not a directory" % refused)
    return refused, paths


def run(argv, out):
    refused, paths = parse_args(argv)
    if paths is None:
        print(__doc__, file=out)
        return 0
    files = record_files(paths)
    if paths and not files:
        raise UsageError("no .jsonl records under %s" % " ".join(paths))
    counts = {}
    bad = 0
    for path in files:
        game, preset, error = check_one(path)
        entry = counts.setdefault((game, preset), [0, 0])
        entry[0] += 1
        if error is not None:
            entry[1] += 1
            bad += 1
            print("%s:%d: %s" % (path, error[0], error[1]), file=out)
    if files:
        for text in table(counts):
            print(text, file=out)
        print("checked %d records, %d disagree" % (len(files), bad), file=out)
    accepted = check_refused(refused, out) if refused is not None else 0
    return 0 if bad == 0 and accepted == 0 else 1


def main(argv, out=None):
    """The command line: returns the exit status (0 agree, 1 disagree, 2 bad usage)."""
    out = sys.stdout if out is None else out
    try:
        return run(argv, out)
    except UsageError as e:
        out.flush()
        print("check_records: %s" % e, file=sys.stderr)
        print(USAGE, file=sys.stderr)
        return 2


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except BrokenPipeError:                     # e.g. piped into head
        sys.exit(1)
