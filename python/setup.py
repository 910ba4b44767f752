"""The wheel's kind and tags. A package that carries plugins (scripts/wheel
puts them, with their Swift runtime and the host, in effects/lib) is a platform wheel
whose libraries install beside the platform's own; one without them, as in
a checkout, is pure Python. Everything else is in pyproject.toml."""

import os

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


setup(distclass=PluginDistribution, cmdclass={"bdist_wheel": PluginWheel})
