#!/bin/sh
# run_pytest.sh DIR - the Python module's tests (python/tests) under CTest, with Debian's
# /usr/bin/python3 (scripts/install-deps.sh installs its pytest, numpy and torch there),
# else the first python3 on the PATH that has pytest: another python3 that comes first on
# the PATH (pyenv's, say) lacks Debian's packages, and the tests that need numpy or PyTorch
# would be skipped. Nothing is written into the source tree (no caches, no bytecode).
for python in /usr/bin/python3 python3; do
    if "$python" -c "import pytest" 2>/dev/null; then
        PYTHONDONTWRITEBYTECODE=1 exec "$python" -m pytest -q -p no:cacheprovider "$@"
    fi
done
echo "run_pytest: no python3 with pytest: run scripts/install-deps.sh (python3-pytest)" >&2
exit 1
