"""Fixtures the browser, terminal and picture tests share."""

import os
import subprocess

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


@pytest.fixture(scope="session")
def pulse(tmp_path_factory):
    """examples/c-plugin/pulse.c, the plain-C example plugin, built as its comment says."""
    directory = tmp_path_factory.mktemp("pulse")
    library = str(directory / "libPulse.so")
    subprocess.run(
        ["cc", "-std=c99", "-Wall", "-Wextra", "-Werror", "-shared", "-fPIC", "-fvisibility=hidden",
         "-I" + os.path.join(ROOT, "include"), os.path.join(ROOT, "examples", "c-plugin", "pulse.c"), "-o", library, "-lm"],
        check=True, capture_output=True,
    )
    return library
