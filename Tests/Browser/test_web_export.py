"""`effect-host export EFFECT -o DIR` in a real browser: headless Chromium
opens the page with scripts disabled, every CSS animation is frozen and
seeked through the DevTools protocol, and what the browser then computes
(each element's place, size, opacity, filter, letter-spacing, dash and
visibility) is held against the effect's own display list at the same t,
read through the Python package. Text in that reference list is measured
here, independently of the host, with hb-shape and the font's own tables.
A screenshot is held against `effect-host render`'s PNG still.

scripts/test installs chromium, Inter and hb-shape when missing.
"""

import functools
import json
import math
import os
import re
import struct
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from devtools import Browser, FrozenPage, chromium_path
from test_html_preview import decode_png

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BUILD = os.environ.get("EFFECT_TEST_BUILD_DIR", os.path.join(ROOT, ".build", "debug"))
HOST = os.path.join(BUILD, "effect-host")
sys.path.insert(0, os.path.join(ROOT, "python"))
import effects  # noqa: E402 (this checkout's package, installed or not)

INTER = "/usr/share/fonts/opentype/inter"
FACES = {400: "Regular", 500: "Medium", 600: "SemiBold", 700: "Bold"}
# What the issue allows the browser: 0.5 px, 0.5 degrees, 0.005 opacity.
PX, DEGREES, OPACITY = 0.5, 0.5, 0.005


def environment():
    env = {k: v for k, v in os.environ.items() if k != "EFFECT_PLUGIN_PATH"}
    env["COLORFGBG"] = ""
    return env


def host(*arguments):
    result = subprocess.run([HOST, *arguments], capture_output=True, text=True, env=environment(), timeout=300)
    assert result.returncode == 0, result.stderr
    return result


# -- the reference: text measured with hb-shape in the Inter files -------------


def font_tables(path):
    data = Path(path).read_bytes()
    count = struct.unpack(">H", data[4:6])[0]
    tables = {}
    for i in range(count):
        tag, _, offset, length = struct.unpack(">4sIII", data[12 + 16 * i : 28 + 16 * i])
        tables[tag] = data[offset : offset + length]
    return tables


@functools.cache
def face(weight):
    path = os.path.join(INTER, f"Inter-{FACES[round(weight)]}.otf")
    tables = font_tables(path)
    units = struct.unpack(">H", tables[b"head"][18:20])[0]
    ascender, descender = struct.unpack(">hh", tables[b"hhea"][4:8])
    os2 = tables[b"OS/2"]
    if struct.unpack(">H", os2[62:64])[0] & 0x80:  # USE_TYPO_METRICS: HarfBuzz reads the typo values
        ascender, descender = struct.unpack(">hh", os2[68:72])
    return path, units, ascender, -descender


@functools.cache
def advances(path, text):
    out = subprocess.run(
        ["hb-shape", "--output-format=json", "--no-glyph-names", path, text], capture_output=True, text=True, check=True
    ).stdout
    return tuple(g["ax"] for g in json.loads(out))


@functools.cache
def glyph_extents(path, text):
    out = subprocess.run(
        ["hb-shape", "--output-format=json", "--no-glyph-names", "--show-extents", path, text],
        capture_output=True, text=True, check=True,
    ).stdout
    return tuple((g["ax"], g["xb"], g["w"]) for g in json.loads(out))


def ink_right(text, size, weight, tracking):
    """How far right of the run's start its glyphs' ink reaches."""
    path, units, _, _ = face(weight)
    scale, pen, right = size / units, 0.0, 0.0
    for advance, bearing, width in glyph_extents(path, text):
        right = max(right, pen + (bearing + width) * scale)
        pen += advance * scale + (tracking if advance else 0)
    return right


def measure(text, size, weight, tracking):
    path, units, ascender, descender = face(weight)
    glyphs = advances(path, text)
    scale = size / units
    advance = sum(glyphs) * scale + tracking * sum(1 for a in glyphs if a)
    return advance, ascender * scale, descender * scale


def reference(effect_id, *, reduce=False, events=(), appearance="light", paths=None):
    instance = effects.effect(effect_id, paths or [BUILD]).create(**({"reduce_motion": True} if reduce else {}))
    for t, name, value in events:
        instance.set(name, value, t)
    return lambda t: instance.draw(t, width=432, measure=measure, appearance=appearance)


# -- geometry ------------------------------------------------------------------


def matrix(transform):
    """The group's transform as a 3x3 matrix: translate + anchor, rotate, scale, back from the anchor."""
    t = transform
    r = math.radians(t.rotation)
    move = np.array([[1, 0, t.translate_x + t.anchor_x], [0, 1, t.translate_y + t.anchor_y], [0, 0, 1]])
    turn = np.array([[math.cos(r), -math.sin(r), 0], [math.sin(r), math.cos(r), 0], [0, 0, 1]])
    scale = np.diag([t.scale_x, t.scale_y, 1.0])
    back = np.array([[1, 0, -t.anchor_x], [0, 1, -t.anchor_y], [0, 0, 1]])
    return move @ turn @ scale @ back


def css_matrix(value):
    if value == "none":
        return np.eye(3)
    numbers = [float(n) for n in re.findall(r"-?[\d.]+(?:e-?\d+)?", value)]
    assert value.startswith("matrix(") and len(numbers) == 6, value
    a, b, c, d, e, f = numbers
    return np.array([[a, c, e], [b, d, f], [0, 0, 1]])


def apply(m, points):
    return [tuple((m @ np.array([x, y, 1.0]))[:2]) for x, y in points]


def corners(x, y, width, height):
    return [(x, y), (x + width, y), (x + width, y + height), (x, y + height)]


def box_of(points):
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)


def shape_points(shape):
    if shape.shape == "path":
        points = []
        for s in shape.segments:
            if s.verb in ("move", "line"):
                points.append((s.x, s.y))
            elif s.verb == "cubic":
                points += [(s.x1, s.y1), (s.x2, s.y2), (s.x, s.y)]
        return points
    f = shape.frame
    return corners(f.x, f.y, f.width, f.height)


def pixels_of(name):
    """'12.5px' -> 12.5"""
    assert name.endswith("px"), name
    return float(name[:-2])


# -- the pages -------------------------------------------------------------------


@pytest.fixture(scope="module")
def browser():
    if chromium_path() is None:
        pytest.fail("no chromium on PATH: scripts/test installs Debian's chromium package")
    if not os.path.isdir(INTER):
        pytest.fail("Inter is missing: scripts/test installs fonts-inter")
    b = Browser(width=1000, height=800)
    yield b
    b.close()


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    """effect id (and a name for a variant) -> the directory of its export."""
    base = tmp_path_factory.mktemp("web")
    made = {}

    def export(effect_id, *options, name=None):
        key = name or effect_id
        if key not in made:
            directory = str(base / key)
            host("export", effect_id, "-o", directory, "--plugin-path", BUILD, *options)
            made[key] = directory
        return made[key]

    return export


def walk(items):
    """(item, the matrices of its enclosing groups, outermost first) for each item."""
    stack, out = [], []
    for item in items:
        if item.kind == "end_group":
            stack.pop()
            continue
        out.append((item, list(stack)))
        if item.kind == "group":
            stack.append(item)
    return out


def check_frame(page, variant, listing, t):
    """Every element of the shown variant against the display list at t."""
    svg = page.one(f".v-{variant} > svg")
    view = [float(v) for v in page.attributes(svg)["viewBox"].split()]
    origin = page.quad(svg)[0]
    to_page = np.array([[1, 0, origin[0] - view[0]], [0, 1, origin[1] - view[1]], [0, 0, 1]])
    checked = 0
    for item, groups in walk(listing.items):
        node = page.one(f".v-{variant} {tag(item)}[data-id='{item.id}']")
        style = page.style(node)
        where = f"t={t} item {item.id} ({item.kind})"
        enclosing = to_page
        for g in groups:
            enclosing = enclosing @ matrix(g.transform)
        hidden = style["visibility"] == "hidden"
        if item.kind == "group":
            assert not hidden, where
            assert float(style["opacity"]) == pytest.approx(min(1, max(0, item.opacity)), abs=OPACITY), where
            local = css_matrix(style["transform"])
            expected = matrix(item.transform)
            b = listing.bounds
            for (x, y), (u, v) in zip(apply(local, corners(b.x, b.y, b.width, b.height)), apply(expected, corners(b.x, b.y, b.width, b.height))):
                assert math.hypot(x - u, y - v) <= PX, f"{where}: transform {style['transform']}"
            angle = math.degrees(math.atan2(local[1, 0], local[0, 0]))
            assert (angle - item.transform.rotation + 180) % 360 - 180 == pytest.approx(0, abs=DEGREES), where
            saturate, blur = filter_of(style["filter"])
            assert saturate == pytest.approx(item.saturation, abs=OPACITY), where
            assert blur == pytest.approx(item.blur / 2, abs=PX), where
        elif item.kind == "shape":
            drawn = min(1, item.trim_end) > max(0, item.trim_start)
            assert hidden == (not drawn), f"{where}: visibility {style['visibility']}"
            if not drawn:
                continue
            if item.shape != "path":
                f = item.frame
                if item.shape == "ellipse":
                    got = [pixels_of(style[k]) for k in ("cx", "cy", "rx", "ry")]
                    want = [f.x + f.width / 2, f.y + f.height / 2, f.width / 2, f.height / 2]
                else:
                    got = [pixels_of(style[k]) for k in ("x", "y", "width", "height")]
                    want = [f.x, f.y, f.width, f.height]
                assert got == pytest.approx(want, abs=PX), where
            if item.trim_start > 0 or item.trim_end < 1:
                dashes = [pixels_of(d.strip()) for d in style["stroke-dasharray"].split(",")]
                length = outline_length(item)
                assert dashes[0] == pytest.approx((item.trim_end - item.trim_start) * length, abs=PX), where
                assert dashes[1] >= length, where
                assert -pixels_of(style["stroke-dashoffset"]) == pytest.approx(item.trim_start * length, abs=PX), where
            # The element's box on the page: its geometry through every enclosing group.
            grow = item.stroke.width / 2 if item.stroke else 0
            want = box_of(apply(enclosing, shape_points(item)))
            got = box_of(page.quad(node))
            scale = math.sqrt(abs(np.linalg.det(enclosing[:2, :2])))
            want = (want[0] - grow * scale, want[1] - grow * scale, want[2] + grow * scale, want[3] + grow * scale)
            assert got == pytest.approx(want, abs=PX), where
            if item.fill is not None and item.fill.kind == "solid":
                assert colour_of(style["fill"]) == pytest.approx(rgb(item.fill.color), abs=1), where
        else:
            assert not hidden, where
            assert letter_spacing(style["letter-spacing"]) == pytest.approx(item.tracking, abs=PX / max(1, len(item.text))), where
            assert pixels_of(style["font-size"]) == pytest.approx(item.size, abs=PX / 4), where
            assert colour_of(style["fill"]) == pytest.approx(rgb(item.color), abs=1), where
            # The run's box: from its start on the baseline, as wide as it was measured, ascent over descent.
            quad = page.quad(node)
            start = apply(enclosing, [(item.x, item.y)])[0]
            scale_x = math.hypot(enclosing[0, 0], enclosing[1, 0])
            left, top, right, bottom = box_of(quad)
            assert left == pytest.approx(start[0], abs=PX), f"{where}: left"
            # The browser's box holds the run's cells (the measured advance)
            # and its glyphs' ink, whose bounds Skia rounds out to whole
            # pixels: up to 1 px more where ink passes the last cell.
            ink = ink_right(item.text, item.size, item.weight, item.tracking)
            want = max(item.advance, ink) * scale_x
            assert right - left == pytest.approx(want, abs=PX if ink <= item.advance else 1.0), f"{where}: width"
            # Blink rounds a font's ascent and descent to whole pixels: half a pixel more either way.
            assert top == pytest.approx(start[1] - item.ascent * scale_x, abs=PX + 0.5), f"{where}: top"
            assert bottom == pytest.approx(start[1] + item.descent * scale_x, abs=PX + 0.5), f"{where}: bottom"
            # The baseline itself, exactly: the run's y and its own move through every enclosing group.
            moved = css_matrix(style["transform"])
            baseline = apply(enclosing @ moved, [(float(page.attributes(node)["x"]), float(page.attributes(node)["y"]))])[0]
            assert baseline == pytest.approx(start, abs=PX), f"{where}: baseline"
        checked += 1
    return checked


def tag(item):
    if item.kind == "group":
        return "g"
    if item.kind == "text":
        return "text"
    return {"path": "path", "ellipse": "ellipse"}.get(item.shape, "rect")


def filter_of(value):
    saturate, blur = 1.0, 0.0
    if value != "none":
        m = re.search(r"saturate\(([\d.e-]+)\)", value)
        saturate = float(m.group(1)) if m else 1.0
        m = re.search(r"blur\(([\d.e-]+)px\)", value)
        blur = float(m.group(1)) if m else 0.0
    return saturate, blur


def letter_spacing(value):
    return 0.0 if value == "normal" else pixels_of(value)


def rgb(rgba):
    return [(rgba >> 24) & 255, (rgba >> 16) & 255, (rgba >> 8) & 255]


def colour_of(value):
    numbers = [float(n) for n in re.findall(r"[\d.]+", value)][:3]
    assert value.startswith("rgb") and len(numbers) == 3, value
    return numbers


def outline_length(shape):
    if shape.shape == "path":
        total, last = 0.0, None
        for s in shape.segments:
            if s.verb == "move":
                last = (s.x, s.y)
            elif s.verb == "line":
                total += math.hypot(s.x - last[0], s.y - last[1])
                last = (s.x, s.y)
        return total
    return 2 * (shape.frame.width + shape.frame.height)


def frozen(browser, directory, media=()):
    return FrozenPage(browser, "file://" + os.path.join(directory, "index.html"), media=media)


# -- the tests ---------------------------------------------------------------------

EFFECTS = {
    "strikethrough-reveal": [0.0, 0.05, 0.12, 0.2, 0.27, 0.32, 1.0],
    "text-reveal": [0.0, 0.1, 0.33, 0.5, 0.77, 1.0, 1.3],
    "tracking-breathe": [0.0, 0.45, 0.9, 1.7, 2.6, 4.4, 4.5 + 3.6 + 0.3],
    "breathing-circles": [0.0, 1.3, 2.0, 4.2, 6.0, 7.9, 8.0 + 2.5],
}


@pytest.mark.parametrize("effect_id", sorted(EFFECTS))
def test_every_element_follows_the_effect_at_every_probed_time(browser, exported, effect_id):
    draw = reference(effect_id)
    with frozen(browser, exported(effect_id)) as page:
        assert page.animations, "the page started no CSS animation"
        for t in EFFECTS[effect_id]:
            page.seek(t)
            assert check_frame(page, "light-motion", draw(t), t) > 0


def shown_variant(page):
    shown = [v for v in VARIANTS for n in page.select(f".v-{v}") if page.style(n)["display"] != "none"]
    assert len(shown) == 1, shown
    return shown[0]


VARIANTS = ("light-motion", "light-reduced", "dark-motion", "dark-reduced")


def ink(pixels, ground):
    """Where a picture differs from its ground by more than a faint edge."""
    return np.abs(pixels[..., :3].astype(int) - np.array(ground)).max(axis=2) > 48


def assert_screenshot_matches_still(browser, directory, tmp_path, effect_id, t, *options):
    """The page at t against `render`'s PNG still of the same moment and options."""
    with frozen(browser, directory) as page:
        page.seek(t)
        x, y, right, bottom = box_of(page.quad(page.one(".v-light-motion > svg")))
        shot = decode_png_bytes(page.screenshot(x, y, right - x, bottom - y), tmp_path / "shot.png")
    still = str(tmp_path / "still.png")
    host("render", effect_id, "--plugin-path", BUILD, *options, "--time", str(t), "--scale", "1", "--background", "#ffffff", "-o", still)
    picture = decode_png(still)
    assert shot.shape[:2] == picture.shape[:2]
    a, b = ink(shot, (255, 255, 255)), ink(picture, (255, 255, 255))
    assert b.sum() > 200, "the still has almost no ink"
    # Chromium hints and anti-aliases text its own way, so edges may move by
    # a pixel: each picture's ink must lie within a pixel of the other's.
    near_b, near_a = (a & grown(b)).sum() / a.sum(), (b & grown(a)).sum() / b.sum()
    difference = np.abs(shot[..., :3].astype(int) - picture[..., :3].astype(int)).mean()
    assert min(near_a, near_b) >= 0.98, f"ink within a pixel of the still's: {near_b:.3f}, and the still's of it: {near_a:.3f}"
    assert difference < 4, f"mean difference {difference:.2f} of 255"


@pytest.mark.parametrize("effect_id,t", [("strikethrough-reveal", 0.15), ("text-reveal", 0.5), ("tracking-breathe", 2.0), ("breathing-circles", 2.0)])
def test_a_screenshot_matches_the_png_still_at_the_same_moment(browser, exported, tmp_path, effect_id, t):
    assert_screenshot_matches_still(browser, exported(effect_id), tmp_path, effect_id, t)


# Hebrew flows from the right; the Japanese is in words (it has spaces) so
# that it wraps. Each is exported with the font file render draws it in,
# which the page names by @font-face: the browser's own fallback fonts for
# a script Inter lacks are its choice, not fontconfig's order.
@pytest.mark.parametrize(
    "name,text,font",
    # The comma and question mark end right-to-left words: only a page that
    # says direction="rtl" puts them on the words' left, as the pixels do.
    [("hebrew", "\u05e9\u05dc\u05d5\u05dd \u05e2\u05d5\u05dc\u05dd, \u05d5\u05de\u05d4 \u05e9\u05dc\u05d5\u05de\u05da?",
      "/usr/share/fonts/truetype/noto/NotoSansHebrew-Bold.ttf"),
     ("japanese", "\u543e\u8f29\u306f \u732b\u3067\u3042\u308b \u540d\u524d\u306f \u307e\u3060\u7121\u3044",
      "/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc")],
)
def test_right_to_left_and_japanese_text_match_the_png_still(browser, exported, tmp_path, name, text, font):
    assert os.path.exists(font), f"{font} is missing: scripts/ensure-media installs the Noto fonts"
    options = ("--param", "text=" + text, "--font", font)
    for t in (0.5, 2.0):
        assert_screenshot_matches_still(browser, exported("text-reveal", *options, name=name), tmp_path, "text-reveal", t, *options)


def grown(mask):
    """The mask and every pixel next to it."""
    out = mask.copy()
    out[1:] |= mask[:-1]
    out[:-1] |= mask[1:]
    out[:, 1:] |= out[:, :-1].copy()
    out[:, :-1] |= out[:, 1:].copy()
    return out


def decode_png_bytes(data, path):
    path.write_bytes(data)
    return decode_png(str(path))


@pytest.mark.parametrize("effect_id", ["tracking-breathe", "text-reveal", "breathing-circles"])
def test_reduced_motion_shows_the_effects_own_reduce_motion_variant(browser, exported, effect_id):
    draw = reference(effect_id, reduce=True)
    moving = reference(effect_id)
    with frozen(browser, exported(effect_id), media=[("prefers-reduced-motion", "reduce")]) as page:
        assert shown_variant(page) == "light-reduced"
        for t in (0.0, 0.4, 2.0, 5.0):
            page.seek(t)
            assert check_frame(page, "light-reduced", draw(t), t) > 0
        # The reduced variant is its own motion, not the motion stopped: it differs from the full one.
        assert draw(2.0).items != moving(2.0).items


def test_a_dark_colour_scheme_shows_the_dark_look(browser, exported):
    draw = reference("strikethrough-reveal", appearance="dark")
    with frozen(browser, exported("strikethrough-reveal"), media=[("prefers-color-scheme", "dark")]) as page:
        assert shown_variant(page) == "dark-motion"
        for t in (0.1, 0.32):
            page.seek(t)
            assert check_frame(page, "dark-motion", draw(t), t) > 0
        text = page.one(".v-dark-motion text")
        assert colour_of(page.style(text)["fill"]) == [0xF5, 0xF5, 0xF7]
    with frozen(browser, exported("strikethrough-reveal"), media=[("prefers-color-scheme", "dark"), ("prefers-reduced-motion", "reduce")]) as page:
        assert shown_variant(page) == "dark-reduced"
    with frozen(browser, exported("strikethrough-reveal", "--theme", "light", name="strike-light"), media=[("prefers-color-scheme", "dark")]) as page:
        assert shown_variant(page) == "light-motion"
        assert not page.select(".v-dark-motion")


def test_events_are_baked_in_and_the_accessible_value_follows_them(browser, exported):
    events = [(1.0, "done", False)]
    draw = reference("strikethrough-reveal", events=events)
    directory = exported("strikethrough-reveal", "--at", "1:done=false", name="strike-undone")
    with frozen(browser, directory) as page:
        group = page.one(".eh-strikethrough-reveal")
        assert page.attributes(group)["aria-label"] == "Ship the component"
        assert page.attributes(group)["role"] == "group"
        values = {page.text(n).split(">")[1].split("<")[0]: n for n in page.select(".v-light-motion .eh-value")}
        assert sorted(values) == ["Done", "Not done"]
        for t, said in ((0.5, "Done"), (0.99, "Done"), (1.01, "Not done"), (1.5, "Not done")):
            page.seek(t)
            assert check_frame(page, "light-motion", draw(t), t) > 0
            shown = [v for v, n in values.items() if page.style(n)["visibility"] == "visible"]
            assert shown == [said], f"t={t}"
        # Undone, the line has gone again by the end.
        page.seek(1.5)
        line = page.one(".v-light-motion rect[data-id='5']")
        assert pixels_of(page.style(line)["width"]) == pytest.approx(0, abs=PX)


def test_the_page_has_no_script_and_forbids_one(exported):
    for effect_id in EFFECTS:
        directory = exported(effect_id)
        page = Path(os.path.join(directory, "index.html")).read_text(encoding="utf-8")
        snippet = Path(os.path.join(directory, "snippet.html")).read_text(encoding="utf-8")
        css = Path(os.path.join(directory, f"{effect_id}.css")).read_text(encoding="utf-8")
        assert "script-src 'none'" in page
        for text in (page, snippet):
            assert "<script" not in text.lower() and not re.search(r"\son[a-z]+=", text.lower())
        assert "javascript:" not in (page + snippet + css).lower()
        assert f'<link rel="stylesheet" href="{effect_id}.css">' in page and snippet.count("<svg") == 4


def test_a_looping_effect_repeats_its_period_after_the_entrance(browser, exported):
    draw = reference("tracking-breathe")
    timing = effects.effect("tracking-breathe", [BUILD]).create().timing
    assert timing.kind == "loops"
    with frozen(browser, exported("tracking-breathe")) as page:
        for k in (0, 1, 3):
            t = timing.loop_start + 0.77 + k * timing.period
            page.seek(t)
            check_frame(page, "light-motion", draw(t), t)
            spacing = letter_spacing(page.style(page.one(".v-light-motion text"))["letter-spacing"])
            assert spacing == pytest.approx(draw(timing.loop_start + 0.77).items[1].tracking, abs=0.05)


def test_a_plugin_in_plain_c_exports_too(browser, exported, pulse):
    directory = exported("pulse", "--plugin-path", pulse, name="pulse")
    draw = reference("pulse", paths=[pulse])
    with frozen(browser, directory) as page:
        assert page.animations
        for t in (0.0, 0.3, 0.71, 1.2, 3.4):
            page.seek(t)
            assert check_frame(page, "light-motion", draw(t), t) >= 3


def test_what_export_cannot_do_is_a_clear_error(tmp_path):
    def refused(*arguments):
        result = subprocess.run([HOST, "export", *arguments], capture_output=True, text=True, env=environment(), timeout=60)
        assert result.returncode != 0 and result.stdout == ""
        assert len(result.stderr.strip().splitlines()) == 1, result.stderr
        return result.stderr

    assert "needs -o OUT" in refused("strikethrough-reveal", "--plugin-path", BUILD)
    assert "unknown effect 'no-such-effect'" in refused("no-such-effect", "-o", str(tmp_path / "x"), "--plugin-path", BUILD)
    assert "--theme must be auto, light or dark" in refused("strikethrough-reveal", "--theme", "sepia", "-o", str(tmp_path / "x"))
    assert "no --duration" in refused("strikethrough-reveal", "--duration", "2", "-o", str(tmp_path / "x"))
    assert ".svg" in refused("strikethrough-reveal", "-o", str(tmp_path / "x.svg"), "--plugin-path", BUILD)
    assert not os.path.exists(tmp_path / "x") and not os.path.exists(tmp_path / "x.svg")


def test_setting_the_play_state_variable_pauses_every_animation(browser, exported):
    with frozen(browser, exported("strikethrough-reveal")) as page:
        animated = page.one(".v-light-motion rect[data-id='5']")
        assert set(page.style(animated)["animation-play-state"].split(", ")) == {"running"}
        wrapper = page.one(".eh-strikethrough-reveal")
        page.page("DOM.setAttributeValue", nodeId=wrapper, name="style", value="--effect-play-state: paused")
        animated = [page.style(n) for n in page.select(".v-light-motion [data-id]")]
        animated = [style for style in animated if style["animation-name"] != "none"]
        assert len(animated) >= 4
        for style in animated:
            assert set(style["animation-play-state"].split(", ")) == {"paused"}, style["animation-name"]


def test_two_exports_of_one_effect_share_a_page_under_their_own_names(browser, exported, tmp_path):
    done = exported("strikethrough-reveal", "--name", "done", name="named-done")
    undone = exported("strikethrough-reveal", "--name", "undone", "--at", "0.5:done=false", name="named-undone")
    assert os.path.exists(os.path.join(done, "done.css")) and os.path.exists(os.path.join(undone, "undone.css"))
    page = tmp_path / "both.html"
    snippets = [Path(os.path.join(d, "snippet.html")).read_text(encoding="utf-8").replace('href="', f'href="file://{d}/') for d in (done, undone)]
    page.write_text("<!doctype html><html><body>" + "".join(snippets) + "</body></html>")
    with FrozenPage(browser, "file://" + str(page)) as frozen_page:
        frozen_page.seek(1.0)
        widths = [pixels_of(frozen_page.style(frozen_page.one(f".eh-{n} .v-light-motion rect[data-id='5']"))["width"]) for n in ("done", "undone")]
        # Done: the line spans the text; undone at 0.5 s: gone again by 1 s.
        assert widths[0] > 150 and widths[1] == pytest.approx(0, abs=PX)


def test_a_font_file_is_copied_beside_the_page_and_drawn(browser, exported, tmp_path):
    font = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    if not os.path.exists(font):
        pytest.fail("DejaVu Sans is missing: scripts/test installs fonts-dejavu-core")
    directory = exported("strikethrough-reveal", "--font", font, name="dejavu")
    assert Path(os.path.join(directory, "DejaVuSans.ttf")).read_bytes() == Path(font).read_bytes()
    css = Path(os.path.join(directory, "strikethrough-reveal.css")).read_text(encoding="utf-8")
    assert "@font-face { font-family: 'eh-strikethrough-reveal-font'; src: url('DejaVuSans.ttf')" in css
    with frozen(browser, directory) as page:
        page.seek(0.32)
        text = page.one(".v-light-motion text")
        left, _, right, _ = box_of(page.quad(text))
        # DejaVu Sans is wider than Inter: the run is as wide as HarfBuzz shapes it in that file.
        out = subprocess.run(["hb-shape", "--output-format=json", "--no-glyph-names", font, "Ship the component"],
                             capture_output=True, text=True, check=True).stdout
        advance = sum(g["ax"] for g in json.loads(out)) * 20 / 2048
        assert right - left == pytest.approx(advance, abs=1.0)


def test_a_failed_export_leaves_nothing_behind(tmp_path):
    blocked = tmp_path / "blocked"
    (blocked / "snippet.html").mkdir(parents=True)
    result = subprocess.run([HOST, "export", "strikethrough-reveal", "--plugin-path", BUILD, "-o", str(blocked)],
                            capture_output=True, text=True, env=environment(), timeout=60)
    assert result.returncode == 1 and "snippet.html is a directory" in result.stderr
    assert sorted(os.listdir(blocked)) == ["snippet.html"]
