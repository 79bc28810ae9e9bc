"""The module as pip installs it (python/pyproject.toml, python/setup.py; docs/python.md,
"Installing"): its version is the CMake project's, and `pip install --no-build-isolation
--no-index` into a fresh venv (--system-site-packages, offline) gives a module that, run
from outside the source tree, loads libdominolab from DOMINOLAB_LIBRARY or from the copy
shipped in the package, and without either says how to build it.

The install runs from a copy of the package's files in a temporary folder, so that nothing
is written into the source tree. Skipped only where venv, pip or setuptools is missing."""
import ctypes.util
import os
import re
import shutil
import subprocess
import sys

import pytest

import dominolab

PYTHON_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ROOT = os.path.dirname(PYTHON_DIR)


def _cmake_version():
    with open(os.path.join(ROOT, "CMakeLists.txt"), encoding="utf-8") as file:
        found = re.search(r"^\s*project\s*\(\s*dominolab\b[^)]*?\bVERSION\s+([0-9][0-9.]*)", file.read(),
                          re.IGNORECASE | re.MULTILINE)
    assert found, "no project(dominolab VERSION ...) in CMakeLists.txt"
    return found.group(1)


def _pyproject_version():
    with open(os.path.join(PYTHON_DIR, "pyproject.toml"), encoding="utf-8") as file:
        text = file.read()
    project = re.search(r"^\[project\]\s*$(.*?)(?=^\[|\Z)", text, re.MULTILINE | re.DOTALL)
    assert project, "no [project] table in pyproject.toml"
    found = re.search(r'^version\s*=\s*"([^"]+)"', project.group(1), re.MULTILINE)
    assert found, "no version in pyproject.toml's [project]"
    return found.group(1)


def test_version_is_the_cmake_project_version():
    assert _pyproject_version() == _cmake_version()


def _environment(**extra):
    """This environment without what would find the source tree's module or library."""
    environment = {key: value for key, value in os.environ.items()
                   if key not in ("PYTHONPATH", "PYTHONHOME", "DOMINOLAB_LIBRARY", "DOMINOLAB_BINARY",
                                  "DOMINOLAB_PACKAGE_LIBRARY")}
    environment.update(PIP_DISABLE_PIP_VERSION_CHECK="1", PIP_NO_INPUT="1", PYTHONDONTWRITEBYTECODE="1")
    environment.update(extra)
    return environment


def _run(command, cwd, **extra):
    return subprocess.run(command, cwd=cwd, env=_environment(**extra), capture_output=True, text=True, timeout=120)


@pytest.fixture(scope="module")
def venv(tmp_path_factory):
    """The python of a fresh venv over the system's packages, with pip and the build backend.
    Made --without-pip to save ensurepip's seconds: the system's pip installs into the venv."""
    folder = tmp_path_factory.mktemp("venv")
    made = _run([sys.executable, "-m", "venv", "--without-pip", "--system-site-packages", str(folder / "env")], folder)
    if made.returncode != 0:
        pytest.skip("python3 -m venv is unavailable (Debian: python3-venv): " + made.stderr.strip()[-300:])
    python = str(folder / "env" / "bin" / "python")
    check = ("import setuptools, setuptools.build_meta, pip\n"
             "if tuple(int(x) for x in setuptools.__version__.split('.')[:2]) < (70, 1): import wheel\n")
    checked = _run([python, "-c", check], folder)
    if checked.returncode != 0:
        pytest.skip("pip or the build backend is missing (Debian: python3-pip, which brings python3-setuptools "
                    "and python3-wheel): " + checked.stderr.strip().splitlines()[-1])
    return python


def _library():
    library = os.environ.get("DOMINOLAB_LIBRARY") or dominolab.library_path()
    if not os.path.isfile(library):
        pytest.skip("no built libdominolab file to install with (%s)" % library)
    return os.path.abspath(library)


def _install(python, tmp_path, shipped):
    """pip install of a copy of python/'s package files, offline; `shipped`: the library
    to ship in the package, or None for none."""
    source = tmp_path / "python"
    source.mkdir()
    for name in ("pyproject.toml", "setup.py"):
        shutil.copy(os.path.join(PYTHON_DIR, name), source / name)
    shutil.copytree(os.path.join(PYTHON_DIR, "dominolab"), source / "dominolab",
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "lib"))
    installed = _run([python, "-m", "pip", "install", "--no-build-isolation", "--no-index", "--force-reinstall",
                      "--no-deps", str(source)], tmp_path, DOMINOLAB_PACKAGE_LIBRARY=shipped or "none")
    assert installed.returncode == 0, installed.stdout + installed.stderr


def _import(python, cwd, **extra):
    """Imports the installed module from `cwd` (outside the source tree): its file, the
    library it took and its version, or the error it raised."""
    code = ("import dominolab, sys\n"
            "print(dominolab.__file__); print(dominolab.library_path()); print(dominolab.version())\n")
    return _run([python, "-s", "-c", code], cwd, **extra)


def test_installed_without_library_takes_dominolab_library(venv, tmp_path):
    library = _library()
    _install(venv, tmp_path, None)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    ran = _import(venv, elsewhere, DOMINOLAB_LIBRARY=library)
    assert ran.returncode == 0, ran.stderr
    module, taken, version = ran.stdout.splitlines()
    assert module.startswith(os.path.dirname(os.path.dirname(venv))), module
    assert not os.path.exists(os.path.join(os.path.dirname(module), "lib")), "a library was shipped"
    assert taken == library
    assert version == "dominolab " + _cmake_version()
    if ctypes.util.find_library("dominolab") is None:  # none installed on the system either
        ran = _import(venv, elsewhere)
        assert ran.returncode != 0
        assert "DominolabError: libdominolab not found" in ran.stderr
        assert "cmake --build build --target dominolab_shared" in ran.stderr


def test_installed_with_shipped_library(venv, tmp_path):
    library = _library()
    _install(venv, tmp_path, library)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    ran = _import(venv, elsewhere)
    assert ran.returncode == 0, ran.stderr
    module, taken, version = ran.stdout.splitlines()
    assert taken == os.path.join(os.path.dirname(module), "lib", "libdominolab.so")
    assert os.path.isfile(taken) and not os.path.islink(taken)
    assert version == "dominolab " + _cmake_version()
