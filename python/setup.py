"""The build step of `pip install ./python` (metadata: pyproject.toml; docs/python.md).

It ships libdominolab inside the package, as dominolab/lib/libdominolab.so, where
library_path() looks after $DOMINOLAB_LIBRARY and the source tree's build folders. The copy
is, in this order:
  - the file named by DOMINOLAB_PACKAGE_LIBRARY (`none`: ship no library, build none);
  - the source tree's build/lib/libdominolab.so, when it loads and is this version;
  - else one built here, in setuptools' temporary folder, by `cmake --build --target
    dominolab_shared`, when cmake and a C compiler are on the PATH.
When none of them gives a library, the package is installed without one, and finds the
library at run time as library_path() says (or says how to build it).
In the source tree, setuptools' own folders (build/, dominolab.egg-info/) go to its
build-python/ (ignored by git), so that python/ stays clean.
"""
import ctypes
import os
import shutil
import subprocess
import sys

from setuptools import setup
from setuptools.command.build_py import build_py
from setuptools.dist import Distribution

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
WORK = os.path.join(ROOT, "build-python")
SHIPPED = os.path.join("dominolab", "lib", "libdominolab.so")


def _say(message):
    print("dominolab: " + message, file=sys.stderr, flush=True)


def _version_of(library):
    """The version a library reports (`dominolab 0.1.0` gives `0.1.0`), or None when it
    does not load here (a sanitized build, a missing dependency)."""
    try:
        function = ctypes.CDLL(os.path.abspath(library)).dl_version
    except (OSError, AttributeError):
        return None
    function.restype = ctypes.c_char_p
    return function().decode(errors="replace").split()[-1]


def _cmake_build(folder):
    """libdominolab built by CMake in `folder`, or None when cmake, a compiler or the
    source tree is missing, or the build fails."""
    cmake = shutil.which("cmake")
    compiler = os.environ.get("CC") or shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    if not os.path.isfile(os.path.join(ROOT, "CMakeLists.txt")):
        _say("no source tree at %s: the package is installed without libdominolab" % ROOT)
        return None
    if not cmake or not compiler:
        _say("no cmake or C compiler: the package is installed without libdominolab")
        return None
    try:
        subprocess.run([cmake, "-S", ROOT, "-B", folder, "-DCMAKE_BUILD_TYPE=Release", "-DDOMINOLAB_TESTS=OFF"],
                       check=True, stdout=sys.stderr)
        subprocess.run([cmake, "--build", folder, "--target", "dominolab_shared", "-j", str(os.cpu_count() or 1)],
                       check=True, stdout=sys.stderr)
    except (OSError, subprocess.CalledProcessError) as error:
        _say("building libdominolab failed (%s): the package is installed without it" % error)
        return None
    library = os.path.join(folder, "lib", "libdominolab.so")
    return library if os.path.isfile(library) else None


class BuildPy(build_py):
    """build_py, then the library copied into the package (not for editable installs,
    which use the source tree's build/ as library_path() finds it)."""

    def run(self):
        super().run()
        if getattr(self, "editable_mode", False) or self.dry_run:
            return
        library = self._library()
        target = os.path.join(self.build_lib, SHIPPED)
        if os.path.exists(target):  # an earlier build's copy
            os.remove(target)
        if library:
            os.makedirs(os.path.dirname(target), exist_ok=True)
            shutil.copyfile(library, target)  # the file itself, not its symbolic links
            os.chmod(target, 0o755)
            _say("shipping %s as %s" % (library, SHIPPED))

    def get_outputs(self, include_bytecode=1):
        outputs = super().get_outputs(include_bytecode)
        target = os.path.join(self.build_lib, SHIPPED)
        return outputs + [target] if os.path.exists(target) else outputs

    def _library(self):
        version = self.distribution.get_version()
        named = os.environ.get("DOMINOLAB_PACKAGE_LIBRARY", "")
        if named.lower() == "none":
            return None
        if named:
            if not os.path.isfile(named):
                sys.exit("DOMINOLAB_PACKAGE_LIBRARY=%s: no such file" % named)
            found = _version_of(named)
            if found != version:
                sys.exit("DOMINOLAB_PACKAGE_LIBRARY=%s: not libdominolab %s (%s)"
                         % (named, version, "version %s" % found if found else "it does not load here"))
            return named
        built = os.path.join(ROOT, "build", "lib", "libdominolab.so")
        if os.path.isfile(built):
            found = _version_of(built)
            if found == version:
                return built
            _say("%s is %s, not this version %s: building another" % (built, found or "a library that does not load",
                                                                     version))
        return _cmake_build(os.path.join(self.get_finalized_command("build").build_temp, "cmake"))


class PlatformDistribution(Distribution):
    """A wheel for this platform (it may hold a shared library), not a pure one."""

    def has_ext_modules(self):
        return True


options = {}
if os.path.isfile(os.path.join(ROOT, "CMakeLists.txt")):  # in the source tree, not an unpacked sdist
    os.makedirs(WORK, exist_ok=True)
    options = {"build": {"build_base": os.path.join(WORK, "build")}, "egg_info": {"egg_base": WORK}}
setup(cmdclass={"build_py": BuildPy}, distclass=PlatformDistribution, options=options)
