"""The OBS module (scripts/build-obs) and the headless libobs harness, built once."""

import os
import subprocess
import sys

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from obs_harness import BUILD, ROOT, Harness, compile_harness, obs_env


@pytest.fixture(scope="session")
def obs_build(tmp_path_factory):
    """(module file, its data folder, the harness program)."""
    directory = tmp_path_factory.mktemp("obs")
    module = directory / "effect-host.so"
    built = subprocess.run([os.path.join(ROOT, "scripts", "build-obs"), "--runpath", BUILD, BUILD, str(module)],
                           capture_output=True, text=True)
    assert built.returncode == 0, built.stderr
    harness = directory / "harness"
    compile_harness(harness)
    return module, os.path.join(ROOT, "obs", "data"), harness


@pytest.fixture
def obs(obs_build, tmp_path):
    """A started harness with the module, in a home of its own: obs(plugin_path=None, config=None)."""
    module, data, program = obs_build
    started = []

    def start(plugin_path=None, config=None):
        home = tmp_path / "home"
        home.mkdir(exist_ok=True)
        harness = Harness(program, modules=[(module, data)], config=config or (tmp_path / "module-config"),
                          env=obs_env(home, plugin_path))
        started.append(harness)
        return harness

    yield start
    for harness in started:
        harness.close()
