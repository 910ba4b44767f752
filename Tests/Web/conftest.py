"""The wasm plugins, the native plugins they are compared with, and node."""

import os
import subprocess

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BUILD = os.environ.get("EFFECT_TEST_BUILD_DIR", os.path.join(ROOT, ".build", "debug"))
WEB = os.path.join(ROOT, "Tests", "Web")


@pytest.fixture(scope="session")
def wasm_dir(tmp_path_factory):
    """The plugins built for wasm32: EFFECT_WASM_DIR when set (a build made
    already), else scripts/build-wasm into a temporary directory."""
    given = os.environ.get("EFFECT_WASM_DIR")
    if given:
        return given
    out = str(tmp_path_factory.mktemp("wasm"))
    subprocess.run([os.path.join(ROOT, "scripts", "build-wasm"), out], check=True, capture_output=True, timeout=1800)
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
             "-I" + os.path.join(ROOT, "include"), os.path.join(ROOT, "examples", "c-plugin", name + ".c"), "-o", library, "-lm"],
            check=True, capture_output=True,
        )
        built[name] = library
    return built
