"""The two draw_png examples, a frame drawn by the host library and then a
PNG: examples/c-cairo/draw_png.c (into a cairo surface of its own, built
with -Wall -Wextra -Werror -pedantic against include/, the build's
libeffecthost.so and cairo) and python/examples/draw_png.py (into a numpy
array, written with zlib). Their PNGs are decoded and probed against the
seed's geometry, and must be the very pixels `effect-host render --time`
writes for the same moment and look (inside the frame's last pixels, which
render fills with its ground). Needs cairo's development files
(scripts/ensure-cairo)."""

import os
import subprocess
import sys

import numpy as np
import pytest
from test_host_library import build_example
from test_render_pictures import BUILD, ROOT, assert_strike_line_at_half, host, png, strike_line_ends

PYTHON_EXAMPLE = os.path.join(ROOT, "python", "examples", "draw_png.py")


@pytest.fixture(scope="module")
def c_example(tmp_path_factory):
    program = str(tmp_path_factory.mktemp("draw-png") / "draw_png")
    return [build_example("c-cairo/draw_png.c", program, "cairo", "scripts/ensure-cairo", "-pedantic")]


@pytest.fixture(params=["c", "python"])
def example(request, c_example):
    return c_example if request.param == "c" else [sys.executable, PYTHON_EXAMPLE]


def draw(example, *arguments):
    # Only the build's plugins, whatever the environment holds.
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": os.environ.get("HOME", "/tmp"),
           "PYTHONPATH": os.path.join(ROOT, "python"), "EFFECT_HOST_LIBRARY": os.path.join(BUILD, "libeffecthost.so")}
    return subprocess.run([*example, *arguments, "--plugins", BUILD], capture_output=True, text=True, env=env, timeout=300)


def test_the_strike_is_drawn_where_the_seed_puts_it(example, tmp_path):
    out = str(tmp_path / "strike.png")
    result = draw(example, "strikethrough-reveal", out, "--time", "0.16")
    assert result.returncode == 0, result.stderr
    image = png(out)
    assert result.stdout == f"{out}: {image.shape[1]} x {image.shape[0]} pixels\n"
    # The default look: the light appearance's opaque white ground.
    assert image[..., 3].min() == 255 and tuple(image[0, 0, :3]) == (255, 255, 255)
    assert_strike_line_at_half(image)


def test_params_are_read_as_effect_host_reads_them(example, tmp_path):
    out = str(tmp_path / "strike.png")
    # duration 0.64: at 0.16 s the line is a quarter of the way, not half.
    result = draw(example, "strikethrough-reveal", out, "duration=0.64", "--time", "0.32")
    assert result.returncode == 0, result.stderr
    assert_strike_line_at_half(png(out))
    result = draw(example, "strikethrough-reveal", out, "--time", "0.16", "done=false")
    assert result.returncode == 0, result.stderr
    first, last, _ = strike_line_ends(png(out), 92)
    assert last - first < 5, "nothing struck while done is false"


def test_the_pixels_are_the_ones_render_writes(example, tmp_path):
    arguments = ["--time", "2", "--theme", "dark", "--scale", "1.5", "--width", "300"]
    text = "text=Reveal こんにちは世界 مرحبا"
    host("render", "text-reveal", "--param", text, *arguments, "--background", "#102030", "-o", str(tmp_path / "render.png"))
    result = draw(example, "text-reveal", str(tmp_path / "example.png"), text, *arguments, "--background", "#102030")
    assert result.returncode == 0, result.stderr
    rendered, drawn = png(str(tmp_path / "render.png")), png(str(tmp_path / "example.png"))
    assert drawn.shape == rendered.shape
    # A fractional scale leaves the picture's box short of the buffer's last
    # pixels: draw_pixels leaves that sliver partly clear (its transparent
    # rest), while a render's frame is its ground from edge to edge.
    assert np.array_equal(drawn[1:-1, 1:-1], rendered[1:-1, 1:-1])
    edges = np.concatenate([rendered[0], rendered[-1], rendered[:, 0], rendered[:, -1]])
    assert (edges == (0x10, 0x20, 0x30, 255)).all()
    # Not a blank frame: the ground asked for, and light ink on it.
    assert tuple(drawn[2, 2]) == (0x10, 0x20, 0x30, 255)
    assert drawn[..., :3].max() > 200


def test_a_transparent_background_leaves_the_ground_clear(example, tmp_path):
    out = str(tmp_path / "circles.png")
    result = draw(example, "breathing-circles", out, "--time", "3", "--background", "transparent", "--scale", "1")
    assert result.returncode == 0, result.stderr
    image = png(out)
    assert image[0, 0, 3] == 0
    alpha = image[..., 3]
    assert ((alpha > 0) & (alpha < 255)).sum() > 100, "the circles are translucent"


@pytest.mark.parametrize(
    "arguments, status, message",
    [
        (["strikethrough-reveel", "OUT"], 2, "effect 'strikethrough-reveel'"),
        (["strikethrough-reveal", "OUT", "bogus=1"], 2, "has no param 'bogus'"),
        (["strikethrough-reveal", "OUT", "duration=-3"], 2, "param 'duration' is -3"),
        (["strikethrough-reveal", "OUT", "--time", "nan"], 2, "nan"),
        (["strikethrough-reveal", "OUT", "--scale", "0"], 2, "scale"),
        (["strikethrough-reveal", "OUT", "--background", "red"], 2, "'red'"),
        (["strikethrough-reveal", "OUT", "--theme", "sepia"], 2, "sepia"),
        (["strikethrough-reveal", "OUT", "--font", "/etc/passwd"], 1, "/etc/passwd is not a font file"),
        (["strikethrough-reveal", "/nonexistent/strike.png"], 1, "/nonexistent/strike.png"),
        (["strikethrough-reveal", "OUT", "--plugins", "/nonexistent/plugins"], 2, "/nonexistent/plugins"),
    ],
)
def test_bad_input_is_one_line_and_a_status(example, tmp_path, arguments, status, message):
    arguments = [str(tmp_path / "strike.png") if argument == "OUT" else argument for argument in arguments]
    result = draw(example, *arguments)
    assert result.returncode == status, result.stderr
    lines = result.stderr.splitlines()
    # argparse's own refusals carry its usage line first; the message is the last line.
    assert message in lines[-1], result.stderr
    assert "Traceback" not in result.stderr and result.stdout == ""
    assert not os.path.exists(str(tmp_path / "strike.png"))
