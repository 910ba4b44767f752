"""The wheel's kind and tags. A package that carries plugins (scripts/wheel
puts them, with their Swift runtime and the host, in effects/lib) is a platform wheel
whose libraries install beside the platform's own; one without them, as in
a checkout, is pure Python. Building leaves the source tree as it was: pip
builds in it, so setuptools' build directory and egg-info go to a directory
of their own under the system's temporary directory, removed when the build
ends. Everything else is in pyproject.toml."""

import atexit
import os
import shutil
import tempfile

from setuptools import setup
from setuptools.command.bdist_wheel import bdist_wheel
from setuptools.dist import Distribution

CARRIES_PLUGINS = os.path.isdir(os.path.join(os.path.dirname(os.path.abspath(__file__)), "effects", "lib", "effect-host", "plugins"))


class PluginDistribution(Distribution):
    def has_ext_modules(self) -> bool:
        # The plugins are native code, though setuptools builds none of it.
        return CARRIES_PLUGINS


class PluginWheel(bdist_wheel):
    def get_tag(self) -> tuple[str, str, str]:
        python, abi, platform = super().get_tag()
        # The package reaches the plugins through ctypes, not the CPython C
        # API, so one wheel serves every Python 3 on this platform.
        return ("py3", "none", platform) if CARRIES_PLUGINS else (python, abi, platform)


# pip runs each build step in a process of its own, and each removes its scratch directory when it ends.
SCRATCH = tempfile.mkdtemp(prefix="effect-host-build-")
atexit.register(shutil.rmtree, SCRATCH, ignore_errors=True)

setup(
    distclass=PluginDistribution,
    cmdclass={"bdist_wheel": PluginWheel},
    options={"build": {"build_base": SCRATCH}, "egg_info": {"egg_base": SCRATCH}},
)
