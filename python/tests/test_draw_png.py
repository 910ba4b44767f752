"""python/examples/draw_png.py: effects drawn to PNG from their display lists
alone, decoded again and probed at points worked out from the seeds' geometry
(reference.py); and the example's painter on display lists made by hand, for
transforms, opacity, saturation, blur, clips, trims, gradients and text.

Needs pycairo (scripts/ensure-pycairo installs it); skipped without it."""

import importlib.util
import math
import os
import subprocess
import sys

import numpy as np
import pytest
from conftest import ROOT
from reference import breathing, reference_measure

import effects

cairo = pytest.importorskip("cairo", reason="pycairo is not installed (scripts/ensure-pycairo installs it)")

EXAMPLE = os.path.join(ROOT, "python", "examples", "draw_png.py")
WHITE = (255, 255, 255)
LINE = (0x8A, 0x8F, 0x98)
BUTTER = (0xFF, 0xD9, 0x76)
TEAL, CYAN = (32, 217, 210), (12, 232, 255)


def example_module():
    """python/examples/draw_png.py, imported (once) as the module draw_png."""
    if "draw_png" not in sys.modules:
        spec = importlib.util.spec_from_file_location("draw_png", EXAMPLE)
        module = importlib.util.module_from_spec(spec)
        sys.modules["draw_png"] = module  # its dataclasses look their module up
        spec.loader.exec_module(module)
    return sys.modules["draw_png"]


def decode(surface):
    """An ARGB32 surface as (height, width, 4) straight RGBA bytes."""
    surface.flush()
    height, width, stride = surface.get_height(), surface.get_width(), surface.get_stride()
    data = np.ndarray((height, stride), dtype=np.uint8, buffer=surface.get_data())[:, : width * 4].reshape(height, width, 4)
    order = [2, 1, 0, 3] if sys.byteorder == "little" else [1, 2, 3, 0]
    rgba = data[..., order].astype(np.float64)
    alpha = rgba[..., 3:4]
    rgba[..., :3] = np.where(alpha > 0, rgba[..., :3] * 255 / np.maximum(alpha, 1), 0)
    return np.rint(rgba).astype(np.int64)


class Picture:
    """A PNG the example wrote, with its canvas (the display list's bounds) and scale."""

    def __init__(self, path, bounds, scale):
        self.pixels = decode(cairo.ImageSurface.create_from_png(path))
        self.bounds = bounds
        self.scale = scale

    def pixel(self, x, y):
        """The pixel holding the point (x, y) in points."""
        return self.pixels[int((y - self.bounds.y) * self.scale), int((x - self.bounds.x) * self.scale)]

    def rgb(self, x, y):
        return tuple(int(value) for value in self.pixel(x, y)[:3])

    def centre(self, x, y):
        """The point at the centre of the pixel holding (x, y)."""
        column, row = int((x - self.bounds.x) * self.scale), int((y - self.bounds.y) * self.scale)
        return self.bounds.x + (column + 0.5) / self.scale, self.bounds.y + (row + 0.5) / self.scale


def close(rgb, expected, tolerance=2):
    return all(abs(a - b) <= tolerance for a, b in zip(rgb, expected))


def run_example(plugins_dir, tmp_path, effect, t, scale=3, params=(), extra=()):
    output = str(tmp_path / f"{effect}.png")
    environment = {key: value for key, value in os.environ.items() if key != "EFFECT_PLUGIN_PATH"}
    environment["PYTHONPATH"] = os.pathsep.join([os.path.join(ROOT, "python")] + [p for p in [os.environ.get("PYTHONPATH")] if p])
    # The reference metrics and the view's ideal width: the layouts worked out here.
    command = [sys.executable, EXAMPLE, effect, output, "--time", str(t), "--scale", str(scale), "--plugin-path", plugins_dir,
               "--measure", "reference", "--width", "0"]
    for param in params:
        command += ["--param", param]
    result = subprocess.run(command + list(extra), capture_output=True, text=True, env=environment, check=False)
    assert result.returncode == 0, result.stderr
    assert f"wrote {output}" in result.stdout
    return output


def bounds_of(plugins_dir, library, id, t, **params):
    """The canvas the example draws on: the list's bounds (checked in test_draw.py)."""
    with effects.load_plugin(os.path.join(plugins_dir, library)).effect(id).create(**params) as instance:
        return instance.draw(t).bounds


# ---- The bundled effects, drawn by the example ------------------------------------


def test_strike_fully_struck_draws_the_line_across_the_text(plugins_dir, tmp_path):
    scale = 3
    path = run_example(plugins_dir, tmp_path, "strikethrough-reveal", 0.32, scale)
    bounds = bounds_of(plugins_dir, "libStrike.so", "strikethrough-reveal", 0.32)
    picture = Picture(path, bounds, scale)
    assert picture.pixels.shape[:2] == (math.ceil(bounds.height * scale), math.ceil(bounds.width * scale))
    advance, ascent, descent = reference_measure("Ship the component", 20, 500)
    height = ascent + descent
    middle = height / 2
    # The 1.6 pt capsule from the text's leading edge, as long as the text, centred on it.
    for x in np.linspace(26 + 1, 26 + advance - 1, 25):
        assert picture.rgb(x, middle) == LINE, f"the line at x = {x:.1f}"
    assert picture.rgb(21, middle) == WHITE, "between the tick and the text"
    assert picture.rgb(26 + advance + 2, middle) == WHITE, "past the line's end"
    # The tick, drawn whole: the middle of its strokes is the line colour.
    top = (height - 16) / 2
    assert picture.rgb(3.5, 10.5 + top) == LINE
    assert picture.rgb(10.5, 7.5 + top) == LINE
    assert picture.rgb(15 + 2, 2 + top) == WHITE, "past the tick's round end"


def test_strike_text_is_faded_drained_and_fitted_to_its_advance(plugins_dir, tmp_path):
    """Pure red text, fully struck: opacity 0.45 and saturation 0.15 make its
    solid ink (1 - 0.45) white + 0.45 saturate(red, 0.15)."""
    scale = 3
    path = run_example(plugins_dir, tmp_path, "strikethrough-reveal", 0.32, scale, ["color=#FF0000", "tick=false"])
    bounds = bounds_of(plugins_dir, "libStrike.so", "strikethrough-reveal", 0.32, tick=False)
    picture = Picture(path, bounds, scale)
    advance, ascent, descent = reference_measure("Ship the component", 20, 500)
    s = 0.15
    red = np.array([0.213 + 0.787 * s, 0.213 - 0.213 * s, 0.213 - 0.213 * s]) * 255
    expected = 255 * 0.55 + red * 0.45
    # The text's rows above the line (the line sits on the middle 1.6 pt).
    rows = slice(int((0 - bounds.y) * scale), int(((ascent + descent) / 2 - 1.5 - bounds.y) * scale))
    region = picture.pixels[rows, :, :3]
    inked = region[..., 1] < 250
    assert inked.any(), "the text is drawn"
    darkest = region.reshape(-1, 3)[np.argmin(region[..., 1])]
    assert close(darkest, expected, 3), (darkest, expected)
    # Its ink spans the measured advance: from the start of the text to its end.
    columns = np.flatnonzero(inked.any(axis=0))
    left = bounds.x + columns[0] / scale
    right = bounds.x + (columns[-1] + 1) / scale
    assert 0 <= left <= 3, left
    assert advance - 4 <= right <= advance + 0.5, (right, advance)


def test_breathing_circles_at_full_breath(plugins_dir, tmp_path):
    scale = 2
    t = 3.0
    e = breathing(t)
    assert e == 1
    path = run_example(plugins_dir, tmp_path, "breathing-circles", t, scale)
    picture = Picture(path, effects.Rect(-110, -110, 300, 300), scale)
    assert picture.pixels.shape[:2] == (600, 600)
    angle = math.radians(100 * e)

    def expected_colour(x, y):
        """Each circle over the last, in order: its gradient's colour at the
        point, at its opacity, where the point is inside it."""
        colour = np.array(WHITE, dtype=float)
        # Undo the ring's turn about the centre (40, 40).
        dx, dy = x - 40, y - 40
        qx, qy = 40 + dx * math.cos(angle) + dy * math.sin(angle), 40 - dx * math.sin(angle) + dy * math.cos(angle)
        for index in range(8):
            a = 2 * math.pi / 8 * index
            tx, ty = math.cos(a) * 70 * e, math.sin(a) * 70 * e
            # Undo the circle's offset and its scale about (40, 40).
            px, py = 40 + (qx - tx - 40) / (1 + e), 40 + (qy - ty - 40) / (1 + e)
            if math.hypot(px - 40, py - 40) >= 40:
                continue
            u = min(max((px + py) / 160, 0), 1)
            ink = np.array(TEAL) + (np.array(CYAN) - np.array(TEAL)) * u
            opacity = 1 - 0.8 * e
            colour = ink * opacity + colour * (1 - opacity)
        return colour

    # Circle 0 stands at angle 0, 70 pt out, the ring turned 100 degrees.
    cx, cy = 40 + 70 * math.cos(angle), 40 + 70 * math.sin(angle)
    for x, y in [(cx, cy), (40, 40), (cx + 20, cy - 10), (40 - 120, 40)]:
        px, py = picture.centre(x, y)
        rgb = picture.rgb(x, y)
        assert close(rgb, expected_colour(px, py), 3), ((x, y), rgb, expected_colour(px, py))
    r, g, b = picture.rgb(cx, cy)
    assert g > r + 60 and b > r + 60, "teal to cyan"
    assert picture.rgb(-105, -105) == WHITE, "outside every circle"


def test_text_reveal_highlight_block_is_butter(plugins_dir, tmp_path):
    scale = 2
    path = run_example(plugins_dir, tmp_path, "text-reveal", 2, scale, ["highlights=calm glance"])
    bounds = bounds_of(plugins_dir, "libReveal.so", "text-reveal", 2, highlights="calm glance")
    picture = Picture(path, bounds, scale)
    h = (0.952 + 0.241) * 40
    gap = round(0.24 * h)
    pad = round(0.16 * h)

    def advance(text):
        return reference_measure(text, 40, 700, -1.3)[0]

    phrase_x = sum(advance(word) + gap for word in ["Plan", "the", "week", "in", "one"]) + 2
    phrase = advance("calm") + advance(" ") + advance("glance.")
    # In the block's padding before the phrase, and in its top band above the letters.
    assert picture.rgb(phrase_x - pad / 2, h / 2) == BUTTER
    assert picture.rgb(phrase_x + phrase / 2, 1) == BUTTER
    assert picture.rgb(phrase_x + phrase + pad / 2, h / 2) == BUTTER
    assert picture.rgb(phrase_x - pad - 2, h / 2) == WHITE, "before the block"
    assert picture.rgb(phrase_x, 1.04 * h + 2) == WHITE, "below the block"


def test_text_reveal_before_it_starts_is_all_masked(plugins_dir, tmp_path):
    """At t = 0 every unit waits 1.05 of its height below its chunk's mask, and
    the highlight block has no width: nothing shows."""
    path = run_example(plugins_dir, tmp_path, "text-reveal", 0, 1, ["highlights=calm glance"])
    pixels = decode(cairo.ImageSurface.create_from_png(path))
    assert (pixels[..., :3] == 255).all()


def test_text_reveal_blurred_draws(plugins_dir, tmp_path):
    path = run_example(plugins_dir, tmp_path, "text-reveal", 0.3, 1, ["preset=blur"], ["--width", "300", "--measure", "cairo"])
    pixels = decode(cairo.ImageSurface.create_from_png(path))
    assert (pixels[..., :3] < 250).any()


def test_by_default_text_wraps_as_render_wraps_it(plugins_dir, tmp_path):
    """With no --width, text-reveal is offered render's 432 points: its 40 pt
    line wraps into rows instead of running on as one wide, squeezed line."""
    output = str(tmp_path / "wrapped.png")
    environment = {key: value for key, value in os.environ.items() if key != "EFFECT_PLUGIN_PATH"}
    environment["PYTHONPATH"] = os.path.join(ROOT, "python")
    result = subprocess.run([sys.executable, EXAMPLE, "text-reveal", output, "--time", "2", "--plugin-path", plugins_dir],
                            capture_output=True, text=True, env=environment, check=False)
    assert result.returncode == 0, result.stderr
    pixels = decode(cairo.ImageSurface.create_from_png(output))
    height, width = pixels.shape[:2]
    # At 2 pixels a point: at most 432 points and the padding around the ink wide, two 40 pt rows tall.
    assert width <= 2 * (432 + 30), width
    assert height >= 2 * 2 * 40, height
    inked_rows = np.flatnonzero((pixels[..., :3] < 128).any(axis=(1, 2)))
    assert inked_rows[-1] - inked_rows[0] > 2 * 48, "ink on two rows"


def test_the_example_reports_bad_input(plugins_dir, tmp_path):
    environment = {key: value for key, value in os.environ.items() if key != "EFFECT_PLUGIN_PATH"}
    environment["PYTHONPATH"] = os.path.join(ROOT, "python")
    base = [sys.executable, EXAMPLE, "--plugin-path", plugins_dir]
    for arguments, words in [
        (["no-such-effect", str(tmp_path / "a.png")], "no effect 'no-such-effect'"),
        (["strikethrough-reveal", str(tmp_path / "a.png"), "--param", "nope=1"], "has no param 'nope'"),
        (["strikethrough-reveal", str(tmp_path / "a.png"), "--param", "duration=99"], "duration"),
        (["strikethrough-reveal", str(tmp_path / "a.png"), "--background", "pink"], "not a colour"),
    ]:
        result = subprocess.run(base + arguments, capture_output=True, text=True, env=environment, check=False)
        assert result.returncode == 2 and words in result.stderr, (arguments, result.stderr)
    result = subprocess.run([*base, "strikethrough-reveal", str(tmp_path / "a.png"), "--time", "-1"],
                            capture_output=True, text=True, env=environment, check=False)
    assert result.returncode == 1 and "draw_png:" in result.stderr
    assert not (tmp_path / "a.png").exists()


# ---- The painter on display lists made by hand ----------------------------------

IDENTITY = effects.Transform(0, 0, 0, 0, 1, 1, 0)
CANVAS = effects.Rect(0, 0, 200, 200)
BLACK, RED = 0x000000FF, 0xFF0000FF


def listing(*items, bounds=CANVAS):
    return effects.DisplayList(bounds.width, bounds.height, bounds, len(items), tuple(items))


def group(id, *content, transform=IDENTITY, opacity=1.0, blur=0.0, saturation=1.0, clip=None):
    return (effects.Group(id, transform, opacity, blur, saturation, clip), *content, effects.EndGroup(id))


def shape(id, kind, frame, fill=BLACK, stroke=None, trim=(0.0, 1.0), corner_radius=0.0, segments=()):
    paint = effects.Solid(fill) if isinstance(fill, int) else fill
    return effects.Shape(id, kind, frame, corner_radius, trim[0], trim[1], paint, stroke, tuple(segments))


def paint(*items, scale=1.0, bounds=CANVAS):
    """The items drawn by the example's painter on white, as RGBA pixels."""
    return decode(example_module().render(listing(*items, bounds=bounds), scale, 0xFFFFFFFF))


def rgb_at(pixels, x, y, scale=1.0):
    return tuple(int(value) for value in pixels[int(y * scale), int(x * scale), :3])


def test_a_groups_transform_is_the_headers_formula():
    # p' = translate + anchor + R(90) . S(2, 1) . (p - anchor): the rect
    # (8 ... 12, 9 ... 11) about (10, 10) lands on x 39 ... 41, y 11 ... 19.
    transform = effects.Transform(10, 10, 30, 5, 2, 1, 90)
    pixels = paint(*group(1, shape(2, "rect", effects.Rect(8, 9, 4, 2), RED), transform=transform), scale=4)
    for x, y in [(40, 15), (40, 18.5), (40, 11.5), (39.2, 12), (40.8, 18)]:
        assert rgb_at(pixels, x, y, 4) == (255, 0, 0), (x, y)
    for x, y in [(40, 10.5), (40, 19.5), (41.5, 15), (38.5, 15), (10, 10)]:
        assert rgb_at(pixels, x, y, 4) == WHITE, (x, y)


def test_opacity_saturation_and_nesting():
    pixels = paint(
        *group(1, shape(2, "rect", effects.Rect(0, 0, 50, 50)), opacity=0.5),
        *group(3, shape(4, "rect", effects.Rect(60, 0, 50, 50), RED), saturation=0),
        *group(5, *group(6, shape(7, "rect", effects.Rect(120, 0, 50, 50), RED), saturation=0.5), opacity=0.5),
    )
    assert close(rgb_at(pixels, 25, 25), (128, 128, 128), 1)
    grey = round(0.213 * 255)
    assert close(rgb_at(pixels, 85, 25), (grey, grey, grey), 1), "saturation 0 leaves the red's luminance"
    half = np.array([0.213 + 0.787 * 0.5, 0.213 - 0.213 * 0.5, 0.213 - 0.213 * 0.5]) * 255
    assert close(rgb_at(pixels, 145, 25), 255 * 0.5 + half * 0.5, 1)


def test_blur_is_a_gaussian_of_half_the_radius():
    # A black block from x = 50 on, blurred by radius 8 (sigma 4 pt): its edge
    # follows the normal distribution's curve.
    pixels = paint(*group(1, shape(2, "rect", effects.Rect(50, -100, 300, 400)), blur=8))
    sigma = 4
    for column in range(38, 63, 2):
        coverage = 0.5 * (1 + math.erf((column + 0.5 - 50) / (sigma * math.sqrt(2))))
        assert close(rgb_at(pixels, column, 100), [255 * (1 - coverage)] * 3, 3), column
    assert rgb_at(pixels, 20, 100) == WHITE


def test_clips_to_every_shape():
    black = shape(9, "rect", effects.Rect(-10, -10, 400, 400))
    pixels = paint(
        *group(1, black, clip=effects.Clip("ellipse", effects.Rect(0, 0, 100, 100), 0)),
        *group(2, black, clip=effects.Clip("rounded_rect", effects.Rect(100, 0, 100, 60), 20)),
        *group(3, black, clip=effects.Clip("capsule", effects.Rect(0, 120, 200, 40), 0)),
        *group(4, black, clip=effects.Clip("rect", effects.Rect(150, 170, 20, 20), 0)),
    )
    assert rgb_at(pixels, 50, 50) == (0, 0, 0) and rgb_at(pixels, 3, 3) == WHITE and rgb_at(pixels, 50, 98) == (0, 0, 0)
    assert rgb_at(pixels, 150, 30) == (0, 0, 0) and rgb_at(pixels, 101, 1) == WHITE and rgb_at(pixels, 104, 2) == WHITE
    assert rgb_at(pixels, 120, 2) == (0, 0, 0)
    assert rgb_at(pixels, 100, 140) == (0, 0, 0) and rgb_at(pixels, 2, 122) == WHITE and rgb_at(pixels, 10, 140) == (0, 0, 0)
    assert rgb_at(pixels, 160, 180) == (0, 0, 0) and rgb_at(pixels, 145, 180) == WHITE and rgb_at(pixels, 160, 195) == WHITE


def test_trims_walk_the_outline():
    stroke = effects.Stroke(BLACK, 4, "butt", "miter")
    line = [effects.Segment("move", 10, 20), effects.Segment("line", 110, 20)]
    corner = [effects.Segment("move", 10, 60), effects.Segment("line", 60, 60), effects.Segment("line", 60, 110)]
    pixels = paint(
        shape(1, "path", effects.Rect(0, 0, 0, 0), None, stroke, (0.25, 0.75), segments=line),
        shape(2, "path", effects.Rect(0, 0, 0, 0), None, stroke, (0.25, 0.75), segments=corner),
        shape(3, "ellipse", effects.Rect(100, 100, 80, 80), None, stroke, (0, 0.25)),
    )
    assert [rgb_at(pixels, x, 20) for x in (33, 37, 60, 83, 87)] == [WHITE, (0, 0, 0), (0, 0, 0), (0, 0, 0), WHITE]
    # 100 pt of path trimmed to its 25 ... 75 pt: 35 ... 60 along, then down to 85.
    assert rgb_at(pixels, 33, 60) == WHITE and rgb_at(pixels, 40, 60) == (0, 0, 0)
    assert rgb_at(pixels, 60, 80) == (0, 0, 0) and rgb_at(pixels, 60, 87) == WHITE
    # A circle's first quarter: from 3 o'clock clockwise to 6 o'clock.
    r = 40 / math.sqrt(2)
    assert rgb_at(pixels, 140 + r, 140 + r) == (0, 0, 0)
    assert rgb_at(pixels, 140 - r, 140 + r) == WHITE and rgb_at(pixels, 140 + r, 140 - r) == WHITE


def test_gradients_are_padded_and_capsules_round():
    gradient = effects.LinearGradient(20, 0, 80, 0, (effects.Stop(0, RED), effects.Stop(1, 0x0000FFFF)))
    pixels = paint(
        shape(1, "rect", effects.Rect(0, 0, 100, 20), gradient),
        shape(2, "capsule", effects.Rect(10, 40, 100, 20)),
        shape(3, "rounded_rect", effects.Rect(10, 80, 100, 40), corner_radius=10, fill=None,
              stroke=effects.Stroke(BLACK, 2, "butt", "miter")),
    )
    assert rgb_at(pixels, 5, 10) == (255, 0, 0) and rgb_at(pixels, 95, 10) == (0, 0, 255)
    assert close(rgb_at(pixels, 49.5, 10), (128, 0, 128), 3)
    assert rgb_at(pixels, 11, 41) == WHITE and rgb_at(pixels, 20, 50) == (0, 0, 0) and rgb_at(pixels, 109, 59) == WHITE
    assert rgb_at(pixels, 60, 80) == (0, 0, 0) and rgb_at(pixels, 60, 100) == WHITE and rgb_at(pixels, 10.5, 80.5) == WHITE


@pytest.mark.parametrize("tracking", [0.0, 6.0])
def test_text_is_fitted_to_its_advance(tracking):
    text = effects.Text(1, "Hello", 20, 60, 40, 400, tracking, 300, 38, 10, BLACK)
    pixels = paint(text, bounds=effects.Rect(0, 0, 400, 100))
    # Stretched to 300 pt from its natural width (about 100 pt in a sans
    # face), side bearings included: its ink runs from near x to near x +
    # advance (less the trailing tracking).
    columns = np.flatnonzero((pixels[..., 1] < 200).any(axis=0))
    assert 20 <= columns[0] <= 20 + 15
    assert 20 + 300 - tracking - 15 <= columns[-1] + 1 <= 20 + 300 - tracking
    rows = np.flatnonzero((pixels[..., 1] < 200).any(axis=1))
    assert rows[-1] < 62 and rows[0] > 60 - 40, "on its baseline"
