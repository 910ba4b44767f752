"""The GStreamer plugin (scripts/build-gst) and the C harness, built once a session."""

import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gst_harness import Gst, build_plugin, compile_harness


@pytest.fixture(scope="session")
def gst(tmp_path_factory):
    directory = tmp_path_factory.mktemp("gst")
    plugin_dir = directory / "plugin"
    plugin_dir.mkdir()
    home = directory / "home"
    home.mkdir()
    return Gst(build_plugin(plugin_dir), compile_harness(directory / "harness"), home, directory / "registry.bin")
