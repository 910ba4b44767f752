"""The web host's fixtures: the plugins built to WebAssembly once per run, and the
native plugins they are compared with."""

import os
import subprocess

import pytest
from web_harness import ROOT


@pytest.fixture(scope="session")
def wasm_dir(tmp_path_factory):
    """scripts/build-wasm's output (Strike, Breathe, Reveal, pulse and typewriter .wasm),
    or EFFECT_TEST_WASM_DIR when set: a build already made, for the inner loop."""
    given = os.environ.get("EFFECT_TEST_WASM_DIR")
    if given:
        return given
    out = str(tmp_path_factory.mktemp("wasm"))
    built = subprocess.run([str(ROOT / "scripts/build-wasm"), out], capture_output=True, text=True, timeout=1800)
    assert built.returncode == 0, built.stderr
    return out


@pytest.fixture(scope="session")
def web_build(tmp_path_factory):
    """scripts/build-web's output: the web host minified, as a page loads it."""
    out = str(tmp_path_factory.mktemp("web"))
    built = subprocess.run([str(ROOT / "scripts/build-web"), out], capture_output=True, text=True, timeout=300)
    assert built.returncode == 0, built.stderr
    return out


@pytest.fixture(scope="session")
def native_examples(tmp_path_factory):
    """examples/c-plugin's pulse.c and typewriter.c as native plugins, built as their comments say."""
    directory = tmp_path_factory.mktemp("examples")
    built = {}
    for name in ("pulse", "typewriter"):
        library = str(directory / f"lib{name.capitalize()}.so")
        subprocess.run(
            ["cc", "-std=c99", "-Wall", "-Wextra", "-Werror", "-shared", "-fPIC", "-fvisibility=hidden",
             "-I" + str(ROOT / "include"), str(ROOT / "examples/c-plugin" / f"{name}.c"), "-o", library, "-lm"],
            check=True, capture_output=True,
        )
        built[name] = library
    return built
