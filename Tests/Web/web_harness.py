"""What the web host's tests share besides fixtures: where things are, and Node."""

import pathlib
import shutil

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


def node() -> str:
    """Node.js: scripts/test installs it (scripts/ensure-node) before these tests run."""
    found = shutil.which("node")
    if not found:
        pytest.fail("node is not on PATH: scripts/ensure-node installs Debian's nodejs")
    return found
