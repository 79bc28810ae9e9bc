#!/bin/sh
# run_checkers.sh SIM_RECORDS_DIR HANDMADE_DIR - the independent record checkers
# (tests/checker/, written from docs/rules/ and docs/record-format.md alone) under CTest
# (test_outside_checker):
#   1. their self-tests, with pytest;
#   2. check_records.py on every record under SIM_RECORDS_DIR (test_records_every_preset
#      writes sim records of every preset there) and on the hand-made records of
#      HANDMADE_DIR/{bergen,double_bergen,partnership,bingo}, each of which must agree, and
#      HANDMADE_DIR/refused/expected.tsv's files, each of which must be refused.
# Both run; the exit status is non-zero if either fails. Python is the first python3 on the
# PATH that has pytest, else Debian's (scripts/install-deps.sh installs python3-pytest).
# Nothing is written into the source tree (no caches, no bytecode).
if [ $# -ne 2 ]; then
    echo "usage: run_checkers.sh SIM_RECORDS_DIR HANDMADE_DIR" >&2
    exit 2
fi
sim=$1
handmade=$2
here=$(cd "$(dirname "$0")" && pwd) || exit 2

python=
for candidate in python3 /usr/bin/python3; do
    if "$candidate" -c "import pytest" 2>/dev/null; then
        python=$candidate
        break
    fi
done
if [ -z "$python" ]; then
    echo "run_checkers: no python3 with pytest: run scripts/install-deps.sh (python3-pytest)" >&2
    exit 1
fi

if [ ! -d "$sim" ] || [ -z "$(find "$sim" -type f -name '*.jsonl' 2>/dev/null | head -n 1)" ]; then
    if [ -d "$sim" ]; then problem="holds no records (*.jsonl)"; else problem="does not exist"; fi
    echo "run_checkers: SIM_RECORDS_DIR $sim $problem: test_records_every_preset writes the" \
         "sim records there (ctest -R test_outside_checker runs it first)" >&2
    exit 1
fi
for dir in "$handmade/bergen" "$handmade/double_bergen" "$handmade/partnership" "$handmade/bingo" \
           "$handmade/refused"; do
    if [ ! -d "$dir" ]; then
        echo "run_checkers: $dir: no such directory" >&2
        exit 1
    fi
done

PYTHONDONTWRITEBYTECODE=1
export PYTHONDONTWRITEBYTECODE
status=0

echo "== self-tests of the checkers (pytest)"
"$python" -m pytest -q -p no:cacheprovider \
    "$here/test_bergen_check.py" "$here/test_partnership_check.py" "$here/test_bingo_check.py" \
    || status=1

echo "== sim records and hand-made records (check_records.py)"
"$python" "$here/check_records.py" --refused "$handmade/refused" "$sim" \
    "$handmade/bergen" "$handmade/double_bergen" "$handmade/partnership" "$handmade/bingo" \
    || status=1

if [ "$status" -ne 0 ]; then
    echo "run_checkers: FAILED (see above)" >&2
fi
exit "$status"
