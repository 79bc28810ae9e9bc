#!/bin/sh
# run_pytest.sh DIR - the Python module's tests (python/tests) under CTest, with the first
# python3 on the PATH that has pytest, else Debian's (scripts/install-deps.sh installs
# python3-pytest). Nothing is written into the source tree (no caches, no bytecode).
for python in python3 /usr/bin/python3; do
    if "$python" -c "import pytest" 2>/dev/null; then
        PYTHONDONTWRITEBYTECODE=1 exec "$python" -m pytest -q -p no:cacheprovider "$@"
    fi
done
echo "run_pytest: no python3 with pytest: run scripts/install-deps.sh (python3-pytest)" >&2
exit 1
