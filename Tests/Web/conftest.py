"""The web host's fixtures: the plugins built to WebAssembly once per run."""

import os
import subprocess

import pytest
from web_harness import ROOT


@pytest.fixture(scope="session")
def wasm_plugins(tmp_path_factory):
    """scripts/build-wasm's output: Strike, Breathe, Reveal, pulse and typewriter .wasm."""
    out = tmp_path_factory.mktemp("wasm")
    built = subprocess.run(
        [str(ROOT / "scripts/build-wasm"), str(out)], capture_output=True, text=True, env=dict(os.environ)
    )
    assert built.returncode == 0, built.stderr
    return out
