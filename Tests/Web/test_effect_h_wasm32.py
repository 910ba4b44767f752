"""include/effect.h's layout checks on wasm32, where pointers are 4 bytes.

A JavaScript host reads the structs at wasm32's offsets, so the header states
them; these tests show the checks are compiled there, and that a wrong number
would fail the build.
"""

import pathlib
import shutil
import subprocess

import pytest
from web_harness import ROOT


def clang() -> str:
    swiftc = shutil.which("swiftc")
    assert swiftc, "the Swift toolchain (which carries clang with the wasm32 target) is not on PATH"
    return str(pathlib.Path(swiftc).resolve().parent / "clang")


def compile_header(include: pathlib.Path, tmp_path: pathlib.Path, language: str, standard: str):
    source = tmp_path / ("probe.c" if language == "c" else "probe.cpp")
    source.write_text('#include "effect.h"\nint effect_probe;\n')
    return subprocess.run(
        [clang(), "--target=wasm32-unknown-unknown", f"-std={standard}", "-Wall", "-Wextra", "-Werror", "-pedantic",
         "-nostdinc++", "-I", str(include), "-fsyntax-only", str(source)],
        capture_output=True, text=True,
    )


@pytest.mark.parametrize(("language", "standard"), [("c", "c99"), ("c", "c11"), ("c++", "c++11")])
def test_effect_h_compiles_for_wasm32(tmp_path, language, standard):
    compiled = compile_header(ROOT / "include", tmp_path, language, standard)
    assert compiled.returncode == 0, compiled.stderr


@pytest.mark.parametrize(
    ("assertion", "wrong"),
    [
        ("sizeof(effect_plugin_info) == 32", "sizeof(effect_plugin_info) == 56"),
        ("offsetof(effect_param_info, min) == 32", "offsetof(effect_param_info, min) == 48"),
        ("sizeof(effect_draw_context) == 40", "sizeof(effect_draw_context) == 48"),
    ],
)
def test_a_wrong_wasm32_number_fails_the_build(tmp_path, assertion, wrong):
    header = (ROOT / "include/effect.h").read_text()
    wasm_block = header.index("#elif defined(__wasm32__)")
    assert header.index(assertion, wasm_block) > wasm_block
    (tmp_path / "include").mkdir()
    (tmp_path / "include/effect.h").write_text(header[:wasm_block] + header[wasm_block:].replace(assertion, wrong, 1))
    compiled = compile_header(tmp_path / "include", tmp_path, "c", "c11")
    assert compiled.returncode != 0
    assert "static assertion failed" in compiled.stderr
