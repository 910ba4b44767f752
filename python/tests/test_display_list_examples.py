"""The three effect_demo examples' --draw: the display list a program drawing
with its own toolkit walks, from C (effect.h alone), C++ (effect.hpp) and
Python (the package), each the same outline, and the strike's where the
seed puts it, measured in the ABI's reference metrics."""

import os
import shutil
import subprocess
import sys

import pytest
from plugin_fixtures import ROOT, build_directory
from reference import reference_measure


@pytest.fixture(scope="module")
def demos(tmp_path_factory):
    """Each example as a command line that takes PLUGIN EFFECT --draw T."""
    directory = tmp_path_factory.mktemp("demos")
    c_program, cpp_program = str(directory / "effect_demo"), str(directory / "effect_demo_cpp")
    for compiler, standard, source, program in (
        ("cc", "-std=c99", "examples/c/effect_demo.c", c_program),
        ("c++", "-std=c++17", "examples/cpp/effect_demo.cpp", cpp_program),
    ):
        if shutil.which(compiler) is None:
            pytest.fail(f"no {compiler} on PATH")
        subprocess.run([compiler, standard, "-Wall", "-Wextra", "-Werror", "-pedantic", "-I", os.path.join(ROOT, "include"),
                        os.path.join(ROOT, source), "-ldl", "-o", program], check=True)
    python_demo = os.path.join(ROOT, "python", "examples", "effect_demo.py")
    return {
        "c": lambda plugin, effect, t: [c_program, plugin, effect, "--draw", t],
        "c++": lambda plugin, effect, t: [cpp_program, plugin, effect, "--draw", t],
        "python": lambda plugin, effect, t: [sys.executable, python_demo, effect, "--draw", t, "--plugin-path", plugin],
    }


def outline(command):
    result = subprocess.run(command, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    # The C and C++ programs name the plugin first; the outline starts at "view".
    lines = result.stdout.splitlines()
    return lines[next(index for index, line in enumerate(lines) if line.startswith("view ")):]


@pytest.mark.parametrize("library, effect, t", [
    ("libStrike.so", "strikethrough-reveal", "0.16"),
    ("libReveal.so", "text-reveal", "1"),
    ("libBreathe.so", "breathing-circles", "3"),
])
def test_every_language_walks_the_same_display_list(demos, library, effect, t):
    plugin = os.path.join(build_directory(), library)
    outlines = {language: outline(command(plugin, effect, t)) for language, command in demos.items()}
    assert outlines["c"] == outlines["c++"] == outlines["python"]
    # Groups balance: each opens one indent level and its end closes it.
    depths = [len(line) - len(line.lstrip(" ")) for line in outlines["c"][1:]]
    assert depths[0] == 0 and depths[-1] == 0 and len(outlines["c"]) > 3


def test_the_strike_is_half_drawn_at_0_16_s(demos):
    lines = outline(demos["c"](os.path.join(build_directory(), "libStrike.so"), "strikethrough-reveal", "0.16"))
    text = next(line.strip().split(" ", 5) for line in lines if line.lstrip().startswith("text "))
    line = next(line.split() for line in lines if line.lstrip().startswith("shape ") and " capsule " in line)
    # The seed's "Ship the component", 20 pt medium, after the 16 pt tick and 10 pt of spacing.
    advance = reference_measure("Ship the component", 20, 500)[0]
    assert text[5] == "Ship the component"
    assert float(text[2]) == pytest.approx(26, abs=1e-3)
    assert float(text[4]) == pytest.approx(advance, abs=1e-3)
    # At 0.16 s the 0.32 s easeInOut is half way: the line covers half the text.
    assert float(line[3]) == pytest.approx(26, abs=1e-3)
    assert float(line[5]) == pytest.approx(advance / 2, abs=1e-3)
