"""The frei0r plugins the video tests run in ffmpeg, melt and GStreamer, built once."""

import os
import subprocess

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BUILD = os.environ.get("EFFECT_TEST_BUILD_DIR", os.path.join(ROOT, ".build", "debug"))


@pytest.fixture(scope="session")
def frei0r(tmp_path_factory):
    """The plugin directory, built once, and the environment every host runs in."""
    directory = tmp_path_factory.mktemp("frei0r")
    plugins = directory / "frei0r-1"
    subprocess.run(
        [os.path.join(ROOT, "scripts", "build-frei0r"), "--runpath", BUILD, "--kdenlive", str(directory / "generators"), BUILD,
         str(directory / "effect-frei0r.so"), str(plugins)],
        check=True, capture_output=True, text=True,
    )
    home = directory / "home"
    home.mkdir()
    # Only these plugins, only the effects beside the build, a GStreamer
    # registry of this run's own.
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(home), "FREI0R_PATH": str(plugins),
           "XDG_CACHE_HOME": str(home / "cache"), "LADSPA_PATH": str(home)}
    return plugins, env


@pytest.fixture(scope="session")
def generators(frei0r):
    plugins, _ = frei0r
    return plugins.parent / "generators"


@pytest.fixture(scope="session")
def adapter(frei0r):
    """The compiled adapter scripts/build-frei0r made the plugins from."""
    plugins, _ = frei0r
    return plugins.parent / "effect-frei0r.so"
