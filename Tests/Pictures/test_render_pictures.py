"""`effect-host render` and `plot` pictures, decoded back and probed:

- every format read back by ffprobe/ffmpeg: codec, pixel format (alpha where
  promised), size, frame count (the frames `run --offline` prints for the
  same options), frame rate, loop flag, MP4's index before its data;
- pixels against the seeds' formulas, worked out here: where the strike's
  line ends at t = 0.16 s; a still and the same frame of a video agree;
- text widths against HarfBuzz's own `hb-shape` for the same font file, and
  the DejaVu Sans fallback when the face asked for is missing;
- bad input: an extension it cannot write, a directory it cannot write
  into, ffmpeg missing from PATH, a full disk, Ctrl-C in the middle; none
  leaves a file under the name asked for.

scripts/ensure-media installs ffmpeg, Inter, DejaVu Sans and hb-shape.
Run alone with `python3 -m pytest Tests/Pictures` after `swift build`.
"""

import json
import math
import os
import re
import shutil
import signal
import struct
import subprocess
import time
from pathlib import Path

import numpy as np
import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BUILD = os.environ.get("EFFECT_TEST_BUILD_DIR", os.path.join(ROOT, ".build", "debug"))
HOST = os.path.join(BUILD, "effect-host")
INTER_MEDIUM = "/usr/share/fonts/opentype/inter/Inter-Medium.otf"
INTER_BOLD = "/usr/share/fonts/opentype/inter/Inter-Bold.otf"
LINE = (0x8A, 0x8F, 0x98)


def environment(path=None):
    # Only the plugins beside the build, whatever EFFECT_PLUGIN_PATH holds.
    env = {"PATH": path if path is not None else os.environ.get("PATH", "/usr/bin:/bin"), "HOME": os.environ.get("HOME", "/tmp")}
    return env


def host(*arguments, path=None, check=True):
    result = subprocess.run([HOST, *arguments], capture_output=True, text=True, env=environment(path), timeout=600)
    if check:
        assert result.returncode == 0, result.stderr
    return result


def probe(file):
    output = subprocess.run(
        ["ffprobe", "-v", "error", "-count_frames", "-show_streams", "-show_format", "-of", "json", file],
        capture_output=True, text=True, check=True,
    ).stdout
    return json.loads(output)


def frames(file, codec=None):
    """Every frame as an (n, height, width, 4) RGBA array."""
    stream = probe(file)["streams"][0]
    width, height = stream["width"], stream["height"]
    decoder = ["-c:v", codec] if codec else []
    raw = subprocess.run(
        ["ffmpeg", "-v", "error", *decoder, "-i", file, "-f", "rawvideo", "-pix_fmt", "rgba", "-"],
        capture_output=True, check=True,
    ).stdout
    return np.frombuffer(raw, dtype=np.uint8).reshape(-1, height, width, 4)


def png(file):
    return frames(file)[0]


def run_frame_count(*arguments):
    output = host("run", *arguments, "--offline", "--format", "jsonl").stdout
    return len(output.splitlines())


def units_per_em(font_file):
    """unitsPerEm from the font's 'head' table (OpenType: offset 18)."""
    with open(font_file, "rb") as f:
        data = f.read()
    tables = struct.unpack(">H", data[4:6])[0]
    for i in range(tables):
        tag, _, offset, _ = struct.unpack(">4sIII", data[12 + 16 * i: 28 + 16 * i])
        if tag == b"head":
            return struct.unpack(">H", data[offset + 18: offset + 20])[0]
    raise AssertionError("no head table")


def hb_glyphs(font_file, text):
    output = subprocess.run(
        ["hb-shape", "--output-format=json", "--no-glyph-names", font_file, text], capture_output=True, text=True, check=True
    ).stdout
    return json.loads(output)


def hb_advance(font_file, text, size, tracking=0.0):
    """The run's width in points: HarfBuzz's advances, plus tracking after every glyph that advances."""
    glyphs = hb_glyphs(font_file, text)
    scale = size / units_per_em(font_file)
    return sum(g["ax"] for g in glyphs) * scale + tracking * sum(1 for g in glyphs if g["ax"] != 0)


def apng_delays(file):
    """Each frame's delay (numerator, denominator) from its fcTL chunk."""
    data, delays, at = Path(file).read_bytes(), [], 0
    while (at := data.find(b"fcTL", at)) >= 0:
        delays.append(struct.unpack(">HH", data[at + 24: at + 28]))
        at += 4
    return delays


# ---- Formats ---------------------------------------------------------------


@pytest.mark.parametrize(
    "suffix, codec, pix_fmt",
    [("gif", "gif", None), ("mp4", "h264", "yuv420p"), ("webm", "vp9", None), ("apng", "apng", "rgba")],
)
def test_each_format_decodes_with_the_frames_run_plays(tmp_path, suffix, codec, pix_fmt):
    out = str(tmp_path / f"strike.{suffix}")
    host("render", "strikethrough-reveal", "--fps", "30", "--at", "0.5:done=false", "-o", out)
    stream = probe(out)["streams"][0]
    assert stream["codec_name"] == codec
    if pix_fmt:
        assert stream["pix_fmt"] == pix_fmt
    assert int(stream["nb_read_frames"]) == run_frame_count("strikethrough-reveal", "--fps", "30", "--at", "0.5:done=false")
    if suffix == "apng":
        # ffprobe estimates APNG's rate; each frame's own delay is exact.
        assert set(apng_delays(out)) == {(1, 30)}
    else:
        assert stream["r_frame_rate"] == "30/1"
    if suffix in ("mp4", "webm"):
        assert stream["width"] % 2 == 0 and stream["height"] % 2 == 0
    assert os.listdir(tmp_path) == [f"strike.{suffix}"], "nothing else left beside it"


def test_the_default_scale_is_two_pixels_a_point(tmp_path):
    svg, still = str(tmp_path / "s.svg"), str(tmp_path / "s.png")
    host("render", "strikethrough-reveal", "-o", svg)
    host("render", "strikethrough-reveal", "-o", still)
    width, height = (float(v) for v in re.search(r'<svg [^>]*width="([\d.]+)" height="([\d.]+)"', Path(svg).read_text(encoding="utf-8")).groups())
    image = png(still)
    assert image.shape[:2] == (math.ceil(2 * height), math.ceil(2 * width))
    host("render", "strikethrough-reveal", "--size", "300x120", "-o", still)
    assert png(still).shape[:2] == (120, 300)
    host("render", "strikethrough-reveal", "--scale", "1", "-o", still)
    assert png(still).shape[:2] == (math.ceil(height), math.ceil(width))


def test_gif_and_apng_loop_for_ever_and_mp4_starts_with_its_index(tmp_path):
    gif, apng, mp4 = (str(tmp_path / f"a.{s}") for s in ("gif", "apng", "mp4"))
    for out in (gif, apng, mp4):
        host("render", "strikethrough-reveal", "-o", out)
    data = Path(gif).read_bytes()
    block = data.index(b"NETSCAPE2.0")
    assert data[block + 11: block + 15] == b"\x03\x01\x00\x00", "loop count 0: for ever"
    data = Path(apng).read_bytes()
    actl = data.index(b"acTL")
    frames_, plays = struct.unpack(">II", data[actl + 4: actl + 12])
    assert plays == 0 and frames_ == run_frame_count("strikethrough-reveal", "--fps", "30")
    data = Path(mp4).read_bytes()
    assert data.index(b"moov") < data.index(b"mdat"), "+faststart"


def test_alpha_where_the_format_has_it(tmp_path):
    webm, apng, still, gif, mp4 = (str(tmp_path / n) for n in ("a.webm", "a.apng", "a.png", "a.gif", "a.mp4"))
    for out in (webm, apng, still, gif, mp4):
        host("render", "strikethrough-reveal", "-o", out)
    assert probe(webm)["streams"][0]["tags"]["alpha_mode"] == "1"
    for image in (frames(webm, "libvpx-vp9")[-1], frames(apng)[-1], png(still)):
        assert image[0, 0, 3] == 0, "the background is transparent"
        assert image[..., 3].max() == 255, "the drawing is opaque"
    for image in (frames(gif)[-1], frames(mp4)[-1]):
        assert image[..., 3].min() == 255
        assert abs(int(image[0, 0, 0]) - 255) <= 2, "on the light ground, white"
    host("render", "strikethrough-reveal", "--background", "transparent", "-o", gif)
    assert frames(gif)[-1][0, 0, 3] == 0, "GIF's transparent index when asked for"
    host("render", "strikethrough-reveal", "--background", "#102030", "-o", still)
    assert tuple(png(still)[0, 0]) == (0x10, 0x20, 0x30, 255)


def test_letterbox_margins_are_the_background(tmp_path):
    """Issue 48: a 1920x1080 MP4 of the wide strike left 533 rows black
    whatever --background said, and a square PNG with --background left its
    margins transparent. The whole frame is the ground."""
    mp4, still = str(tmp_path / "s.mp4"), str(tmp_path / "s.png")
    host("render", "strikethrough-reveal", "--size", "1920x1080", "--background", "#FF0000", "-o", mp4)
    first = frames(mp4)[0]
    assert first.shape == (1080, 1920, 4)
    red = np.abs(first[..., :3].astype(int) - (255, 0, 0)).max(axis=2) <= 12
    # The picture (fitted to the width) sits in the middle; every row above and below it is red.
    assert red[0].all() and red[-1].all() and red[:, 0].all()
    assert red.all(axis=1).sum() > 900, "the bands above and below the picture are red"
    host("render", "strikethrough-reveal", "--size", "640x480", "-o", mp4)
    assert frames(mp4)[0][[0, -1], :, :3].min() >= 248, "MP4's default ground is the light look's white, to the edges"
    host("render", "strikethrough-reveal", "--size", "400x400", "--background", "#FFFFFF", "-o", still)
    image = png(still)
    assert image[..., 3].min() == 255, "no transparent margin"
    assert np.all(image[0] == 255) and np.all(image[-1] == 255)
    # Without a ground asked for, a PNG of the light look keeps its transparency, margins and all.
    host("render", "strikethrough-reveal", "--size", "400x400", "-o", still)
    assert png(still)[0, 0, 3] == 0


def test_an_odd_size_for_4_2_0_video_is_refused_with_the_even_sizes_near_it(tmp_path):
    said = "--size 301x151: MP4 is 4:2:0 video (yuv420p), which needs even sides; use --size 300x150 or 302x152"
    result = host("render", "strikethrough-reveal", "--size", "301x151", "-o", str(tmp_path / "s.mp4"), check=False)
    assert result.returncode == 2, result.stderr
    assert result.stderr == f"effect-host: {said}\n"
    assert os.listdir(tmp_path) == []
    # VP9 (WebM), GIF and APNG keep odd sizes as asked, with and without alpha.
    for name, extra in (("s.webm", []), ("o.webm", ["--background", "#ffffff"]), ("s.gif", []), ("s.apng", [])):
        out = str(tmp_path / name)
        host("render", "strikethrough-reveal", "--size", "301x151", *extra, "-o", out)
        stream = probe(out)["streams"][0]
        assert (stream["width"], stream["height"]) == (301, 151), name


def test_the_dark_look_gets_its_dark_ground_by_default(tmp_path):
    # Its light ink on a transparent ground would be all but invisible in an image viewer.
    still, apng = str(tmp_path / "dark.png"), str(tmp_path / "dark.apng")
    for out in (still, apng):
        host("render", "strikethrough-reveal", "--theme", "dark", "-o", out)
    for image in (png(still), frames(apng)[-1]):
        assert tuple(image[0, 0]) == (0, 0, 0, 255), "black, opaque"
        assert image[..., :3].max() > 120, "light ink on it"
    host("render", "strikethrough-reveal", "--theme", "dark", "--background", "transparent", "-o", still)
    assert png(still)[0, 0, 3] == 0, "transparent when asked for"


def test_a_looping_effect_renders_one_seamless_period(tmp_path):
    out = str(tmp_path / "b.apng")
    host("render", "tracking-breathe", "--loop", "--fps", "20", "-o", out)
    # tracking-breathe loops from its 0.9 s entrance with a 3.6 s period: 72 frames.
    images = frames(out)
    assert len(images) == 72
    # Frame 0 (the loop's start) follows frame 71 as frame 1 follows frame 0.
    wrap = np.abs(images[0].astype(int) - images[71].astype(int)).mean()
    step = np.abs(images[1].astype(int) - images[0].astype(int)).mean()
    assert wrap <= 2 * step + 0.5


# ---- Pixels against the seeds -----------------------------------------------


def strike_line_ends(image, from_column):
    """The line's first and last columns on the row where it is longest,
    right of `from_column` (the tick is drawn in the line's colour too)."""
    close = np.all(np.abs(image[..., :3].astype(int) - np.array(LINE)) <= 16, axis=-1)
    close[:, :from_column] = False
    row = int(np.argmax(close.sum(axis=1)))
    # The line is one unbroken run (it is drawn over the text); grey edges
    # of letters further on are not part of it.
    first = int(np.nonzero(close[row])[0][0])
    last = first
    while last + 1 < close.shape[1] and close[row, last + 1]:
        last += 1
    return first, last, row


def assert_strike_line_at_half(image):
    """The strike at t = 0.16 s, at 2 px a point: at 0.16 s the 0.32 s
    easeInOut is at exactly 0.5, so the line spans half the text from its
    leading edge (16 pt tick + 10 pt spacing), and the row dips about its
    centre by the seed's spring stand-in."""
    advance = hb_advance(INTER_MEDIUM, "Ship the component", 20)
    a = 0.5
    x = min(a / 0.55, 1)
    dip = 1 - 0.015 * math.exp(-4.2 * x) * math.cos(7.5 * x)
    centre = (26 + advance) / 2
    start = centre + (26 - centre) * dip
    end = centre + (26 + a * advance - centre) * dip
    # The picture starts 24 pt left of the row's 2 pt outset, at 2 px a point.
    def pixel(points):
        return (points + 26) * 2

    # Right of the tick's 16 pt box.
    first, last, _ = strike_line_ends(image, int(pixel(20)))
    assert abs(first - pixel(start)) <= 1.5, (first, pixel(start))
    assert abs(last + 1 - pixel(end)) <= 1.5, (last, pixel(end))


def test_the_strikes_line_ends_at_amount_times_the_text_width(tmp_path):
    still = str(tmp_path / "strike.png")
    host("render", "strikethrough-reveal", "--time", "0.16", "--background", "#ffffff", "-o", still)
    assert_strike_line_at_half(png(still))


def test_the_tick_is_drawn_as_far_as_its_trim_and_no_further(tmp_path):
    still = str(tmp_path / "strike.png")
    host("render", "strikethrough-reveal", "--time", "0.16", "--background", "#ffffff", "-o", still)
    image = png(still)
    # At a = 0.5 the seed's .trim(from: 0, to: a) draws half of the tick's
    # 5√2 + √202 points: all of its first stroke and 3.57 pt of the second,
    # which heads right 9 for every 14.21; the round cap adds 1.2 pt.
    length = 5 * math.sqrt(2) + math.sqrt(202)
    along = 0.5 * length - 5 * math.sqrt(2)
    right = 6 + along * 9 / math.sqrt(202) + 1.2
    close = np.all(np.abs(image[..., :3].astype(int) - np.array(LINE)) <= 40, axis=-1)
    # The tick's 16 pt box, 24 pt of margin and the 2 pt outset in, at 2 px a point.
    columns = np.nonzero(close[:, (0 + 26) * 2 : (17 + 26) * 2].any(axis=0))[0]
    assert len(columns), "no tick drawn"
    assert abs((columns.max() + 1) / 2 - right) <= 0.75, ((columns.max() + 1) / 2, right)
    assert abs(columns.min() / 2 - (1 - 1.2)) <= 0.75


def test_the_circles_at_full_breath_sit_where_the_article_puts_them(tmp_path):
    still = str(tmp_path / "circles.png")
    # At 3 s the breath is full: each 80 pt circle doubled about the ring's
    # centre (40, 40), 70 pt out along its own angle, the ring turned 100°.
    host("render", "breathing-circles", "--time", "3", "--background", "#ffffff", "-o", still)
    image = png(still).astype(int)
    # Ink every frame of the ring can reach: (-110, -110) to (190, 190), and a
    # 24 pt margin, at 2 px a point.
    def pixel(x, y):
        return round((y + 134) * 2), round((x + 134) * 2)

    def tinted(x, y):
        row, column = pixel(x, y)
        return image[row, column, 0] < 240

    for index in range(8):
        turned = math.radians(360 / 8 * index + 100)
        # 149 pt from the middle along its (turned) angle: 1 pt inside its
        # own circle, outside every other; 152 pt: outside them all.
        assert tinted(40 + 149 * math.cos(turned), 40 + 149 * math.sin(turned)), index
        assert not tinted(40 + 152 * math.cos(turned), 40 + 152 * math.sin(turned)), index
        # Unturned, the same spot misses the ring: the 100° is drawn.
        unturned = math.radians(360 / 8 * index)
        assert not tinted(40 + 149 * math.cos(unturned), 40 + 149 * math.sin(unturned)), index
    # Every circle covers the middle, at 0.2 opacity each: the most ink.
    row, column = pixel(40, 40)
    assert image[row, column, 0] == image[..., 0].min() or image[row, column, 0] < 120


def reference():
    """The seed formulas written out for the Python tests (python/tests/reference.py)."""
    import sys
    sys.path.insert(0, os.path.join(ROOT, "python", "tests"))
    import reference as module
    return module


def test_the_highlight_block_is_half_wiped_at_half_its_spring(tmp_path):
    ref = reference()
    # With the reference metrics (so the geometry is the seed's, worked out
    # from effect.h's table): 40 pt bold, -1.3 pt tracking, h = 1.193 em.
    h = (ref.REFERENCE_ASCENT + ref.REFERENCE_DESCENT) * 40

    def advance(text):
        return ref.reference_measure(text, 40, 700, -1.3)[0]

    phrase = advance("calm") + advance(" ") + advance("glance.")
    pad = round(0.16 * h)
    # The wipe is a smooth 0.5 s spring from 0.42 s after the phrase's last
    # unit starts (units 0.05 s apart): find when it is at one half.
    start = 6 * (0.8 - 0.5) / 6 + 0.42
    low, high = start, start + 0.5
    for _ in range(40):
        middle = (low + high) / 2
        low, high = (middle, high) if ref.spring(0.5, 0, middle - start, steps=400) < 0.5 else (low, middle)
    half = (low + high) / 2

    def block(t):
        """The block's first and last columns on its middle row, or None.
        The text is made transparent, so the row is the block alone."""
        still = str(tmp_path / "reveal.png")
        host("render", "text-reveal", "--param", "highlights=calm glance", "--param", "color=#00000000",
             "--param", "highlight_ink=#00000000", "--font", "reference", "--time", f"{t:.6f}",
             "--background", "#ffffff", "-o", still)
        image = png(still).astype(int)
        butter = np.all(np.abs(image[..., :3] - np.array([0xFF, 0xD9, 0x76])) <= 12, axis=-1)
        rows = np.nonzero(butter.any(axis=1))[0]
        if len(rows) == 0:
            return None
        columns = np.nonzero(butter[rows[len(rows) // 2]])[0]
        return columns.min(), columns.max() + 1

    assert block(start - 0.02) is None, "no block before the wipe starts"
    full_left, full_right = block(start + 3)
    half_left, half_right = block(half)
    # At rest the block is the phrase padded on both sides, at 2 px a point.
    assert (full_right - full_left) / 2 == pytest.approx(phrase + 2 * pad, abs=1)
    # Half way, it is half as wide, scaled about the phrase's leading edge:
    # its own leading edge has moved in by half the pad.
    assert (half_right - half_left) / 2 == pytest.approx((phrase + 2 * pad) / 2, abs=1)
    assert (half_left - full_left) / 2 == pytest.approx(pad / 2, abs=1)


def test_a_still_and_the_same_frame_of_a_video_agree(tmp_path):
    still, apng, mp4 = (str(tmp_path / n) for n in ("s.png", "a.apng", "a.mp4"))
    host("render", "strikethrough-reveal", "--time", str(5 / 30), "--background", "#ffffff", "-o", still)
    host("render", "strikethrough-reveal", "--background", "#ffffff", "-o", apng)
    host("render", "strikethrough-reveal", "-o", mp4)
    picture = png(still).astype(int)
    assert np.abs(frames(apng)[5].astype(int) - picture).max() <= 1, "lossless: the same pixels"
    video = frames(mp4)[5].astype(int)[: picture.shape[0], : picture.shape[1], :3]
    assert np.abs(video - picture[..., :3]).mean() < 2.5, "H.264 at crf 18: close"


# ---- Text --------------------------------------------------------------------


def text_lengths(svg):
    return [float(v) for v in re.findall(r'<text [^>]*textLength="([-\d.]+)"', svg)]


def test_text_is_as_wide_as_harfbuzz_shapes_it(tmp_path):
    out = str(tmp_path / "s.svg")
    host("render", "strikethrough-reveal", "-o", out)
    svg = Path(out).read_text(encoding="utf-8")
    assert "font-family=\"'Inter'" in svg
    assert text_lengths(svg) == [pytest.approx(hb_advance(INTER_MEDIUM, "Ship the component", 20), abs=1e-3)]
    # text-reveal: 40 pt bold, -1.3 pt after every glyph, one run per word.
    host("render", "text-reveal", "-o", out)
    words = ["Plan", "the", "week", "in", "one", "calm", "glance."]
    expected = [hb_advance(INTER_BOLD, word, 40, -1.3) for word in words]
    assert text_lengths(Path(out).read_text(encoding="utf-8")) == [pytest.approx(e, abs=1e-3) for e in expected]
    # tracking-breathe: 34 pt semibold, uppercased; at phase 0 of a breath its
    # tracking is min_tracking, 1 pt.
    host("render", "tracking-breathe", "--param", "phase=0", "-o", out)
    semibold = "/usr/share/fonts/opentype/inter/Inter-SemiBold.otf"
    assert text_lengths(Path(out).read_text(encoding="utf-8")) == [pytest.approx(hb_advance(semibold, "BREATHE", 34, 1.0), abs=1e-3)]


def test_outlines_are_paths_with_no_text_left(tmp_path):
    out = str(tmp_path / "s.svg")
    host("render", "strikethrough-reveal", "--text", "outlines", "-o", out)
    svg = Path(out).read_text(encoding="utf-8")
    assert "<text" not in svg and "font-family" not in svg
    glyphs = hb_glyphs(INTER_MEDIUM, "Ship the component")
    path = re.search(r'<path data-id="4"[^>]* d="([^"]+)"', svg).group(1)
    # One closed contour or more per visible glyph (the space draws nothing).
    assert path.count("Z") >= sum(1 for g in glyphs if g["g"] != glyphs[4]["g"])


def test_a_missing_face_falls_back_to_dejavu_sans_once(tmp_path):
    out = str(tmp_path / "s.svg")
    result = host("render", "strikethrough-reveal", "--font", "No Such Family", "--fps", "5", "-o", str(tmp_path / "frames"))
    notes = [line for line in result.stderr.splitlines() if "not installed" in line]
    assert notes == ["effect-host: the font No Such Family is not installed; text is drawn in DejaVu Sans"]
    host("render", "strikethrough-reveal", "--font", "No Such Family", "-o", out)
    dejavu = subprocess.run(["fc-match", "-f", "%{file}", "DejaVu Sans:weight=100"], capture_output=True, text=True, check=True).stdout
    svg = Path(out).read_text(encoding="utf-8")
    assert "font-family=\"'DejaVu Sans'" in svg
    assert text_lengths(svg) == [pytest.approx(hb_advance(dejavu, "Ship the component", 20), abs=1e-3)]


def test_without_harfbuzz_text_falls_back_to_the_reference_metrics(tmp_path):
    """HarfBuzz hidden (a mount namespace binds /dev/null over it): the SVG
    is drawn at the ABI's reference widths, and render says so once."""
    library = subprocess.run(["sh", "-c", "readlink -f \"$(ldconfig -p | awk '/libharfbuzz.so.0 /{print $NF; exit}')\""],
                             capture_output=True, text=True).stdout.strip()
    if os.geteuid() != 0 or shutil.which("unshare") is None or not os.path.exists(library):
        pytest.skip("hiding a system library needs root and unshare")
    out = str(tmp_path / "s.svg")
    script = f"mount --bind /dev/null {library} && exec {HOST} render strikethrough-reveal -o {out}"
    result = subprocess.run(["unshare", "-m", "sh", "-c", script], capture_output=True, text=True, env=environment())
    if "mount" in result.stderr and result.returncode != 0:
        pytest.skip("this machine does not allow mount namespaces: " + result.stderr.strip())
    assert result.returncode == 0, result.stderr
    notes = [line for line in result.stderr.splitlines() if "reference metrics" in line]
    assert notes == [
        "effect-host: libharfbuzz.so.0 cannot be loaded (file too short; Debian package libharfbuzz0b); "
        "text is measured with the reference metrics"
    ]
    import sys
    sys.path.insert(0, os.path.join(ROOT, "python", "tests"))
    from reference import reference_measure
    assert text_lengths(Path(out).read_text(encoding="utf-8")) == [pytest.approx(reference_measure("Ship the component", 20, 500)[0], abs=1e-3)]


def test_a_font_file_draws_every_weight(tmp_path):
    out = str(tmp_path / "s.svg")
    host("render", "text-reveal", "--font", INTER_MEDIUM, "-o", out)
    assert text_lengths(Path(out).read_text(encoding="utf-8"))[0] == pytest.approx(hb_advance(INTER_MEDIUM, "Plan", 40, -1.3), abs=1e-3)


# ---- plot ----------------------------------------------------------------------


def test_plot_writes_a_png(tmp_path):
    out = str(tmp_path / "p.png")
    result = host("plot", "breathing-circles", "-o", out)
    assert result.stderr.startswith("effect-host: wrote 3 series")
    image = png(out)
    assert image.shape[1] == 1760, "880 pt at 2 px a point"
    assert image[..., 3].min() == 255
    # The expansion curve's blue is there.
    blue = np.all(np.abs(image[..., :3].astype(int) - np.array([0x2F, 0x6F, 0xD0])) <= 40, axis=-1)
    assert blue.sum() > 500


# ---- Bad input -------------------------------------------------------------------


def test_an_extension_it_cannot_write_is_a_usage_error(tmp_path):
    out = str(tmp_path / "x.bmp")
    result = host("render", "strikethrough-reveal", "-o", out, check=False)
    assert result.returncode == 2
    assert result.stderr == (
        "effect-host: render cannot write .bmp files; -o takes a directory (SVG frames, or PNG frames with --format png), "
        "or a file ending in .svg, .png, .html, .gif, .mp4, .webm or .apng (end a directory's name with / when it has a dot)\n"
    )
    assert not os.path.exists(out)


def test_ffmpeg_missing_is_one_line_and_no_file(tmp_path):
    out = str(tmp_path / "x.mp4")
    result = host("render", "strikethrough-reveal", "-o", out, path=str(tmp_path / "nowhere"), check=False)
    assert result.returncode == 1
    assert result.stderr == "effect-host: ffmpeg is not installed (Debian package ffmpeg); it encodes .gif, .mp4, .webm and .apng\n"
    assert os.listdir(tmp_path) == []
    # A still needs no ffmpeg.
    host("render", "strikethrough-reveal", "-o", str(tmp_path / "x.png"), path=str(tmp_path / "nowhere"))


def test_formats_refuse_what_they_cannot_show(tmp_path):
    for arguments, message in [
        (["-o", "a.mp4", "--background", "transparent"], "MP4 has no alpha channel"),
        # Half see-through is see-through too: MP4 would drop it without a word.
        (["-o", "a.mp4", "--background", "#FF000080"], "MP4 has no alpha channel"),
        (["-o", "a.gif", "--fps", "60"], "use --fps 50 or less"),
        (["-o", "a.png", "--font", "/etc/passwd"], "is not a font file HarfBuzz can read"),
        (["-o", "a.png", "--size", "9000x10"], "each 1 to 8192"),
        (["-o", "a.png", "--scale", "16", "--width", "2000"], "more than 8192 a side"),
        (["-o", "/dev/stdout"], "render writes files, not devices or pipes"),
    ]:
        result = subprocess.run([HOST, "render", "text-reveal", *arguments], capture_output=True, text=True,
                                env=environment(), cwd=tmp_path)
        assert result.returncode in (1, 2) and message in result.stderr, (arguments, result.stderr)
        assert len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert os.listdir(tmp_path) == []


def test_a_transparent_gif_keeps_faint_ink_and_says_so(tmp_path):
    out = str(tmp_path / "t.gif")
    result = host("render", "strikethrough-reveal", "--background", "transparent", "-o", out)
    assert "GIF has one transparent colour" in result.stderr
    last = frames(out)[-1]
    # The struck text (opacity 0.45) is still there, as opaque pixels.
    assert (last[..., 3] == 255).sum() > 2000
    assert set(np.unique(last[..., 3])) <= {0, 255}


def gif_delays(file):
    """Each frame's delay in hundredths of a second, from its graphic control extension."""
    data = Path(file).read_bytes()
    at, delays = 13 + (3 << ((data[10] & 7) + 1) if data[10] & 0x80 else 0), []
    while data[at] != 0x3B:
        if data[at] == 0x21:
            if data[at + 1] == 0xF9:
                delays.append(data[at + 4] | data[at + 5] << 8)
            at += 2
        else:
            flags = data[at + 9]
            at += 10 + (3 << ((flags & 7) + 1) if flags & 0x80 else 0) + 1
        while data[at]:
            at += data[at] + 1
        at += 1
    return delays


@pytest.mark.parametrize("ground", [["--background", "#ffffff"], ["--background", "transparent"]])
def test_a_gif_is_the_one_a_single_ffmpeg_makes_of_its_frames(tmp_path, ground):
    """Issue 55: a GIF big enough is dithered and encoded in parts, one ffmpeg
    a core, and joined. Whatever the cores, it is the GIF one ffmpeg makes
    from the same frames with one palette: every pixel and every delay."""
    arguments = ["breathing-circles", "--duration", "2", "--fps", "24", *ground]
    gif = str(tmp_path / "a.gif")
    host("render", *arguments, "-o", gif)
    host("render", *arguments, "--format", "png", "-o", str(tmp_path / "frames") + "/")
    transparent = ground[1] == "transparent"
    graph = (f"[0:v]split[a][b];[a]palettegen=stats_mode=full:reserve_transparent={int(transparent)}[p];"
             f"[b][p]paletteuse=dither=bayer:bayer_scale=4{':alpha_threshold=16' if transparent else ''}")
    reference = str(tmp_path / "one.gif")
    subprocess.run(["ffmpeg", "-v", "error", "-y", "-framerate", "24", "-i", str(tmp_path / "frames" / "frame-%05d.png"),
                    "-filter_complex", graph, "-loop", "0", "-f", "gif", reference], check=True)
    ours, theirs = frames(gif), frames(reference)
    assert ours.shape == theirs.shape and ours.shape[0] == 49
    assert np.array_equal(ours, theirs)
    # 24 fps in hundredths: 4, 4, 5 (0, 4.17, 8.33, 12.5 rounded to 0, 4, 8, 13).
    assert gif_delays(gif) == gif_delays(reference)
    assert gif_delays(gif)[:6] == [4, 4, 5, 4, 4, 4]
    assert Path(gif).read_bytes().count(b"NETSCAPE2.0") == 1
    assert sorted(os.listdir(tmp_path)) == ["a.gif", "frames", "one.gif"], "no part, palette or frames left beside it"


def test_a_directory_it_cannot_write_into(tmp_path):
    # A regular file where a directory should be: no user, root included, can write there.
    blocker = tmp_path / "file"
    blocker.write_text("x")
    for name in ("x.gif", "x.png", "x.svg"):
        result = host("render", "strikethrough-reveal", "-o", str(blocker / name), check=False)
        assert result.returncode == 1 and result.stderr.startswith(f"effect-host: cannot write {blocker}/"), result.stderr
        assert len(result.stderr.splitlines()) == 1
    assert os.listdir(tmp_path) == ["file"]


@pytest.mark.parametrize("duration", ["60", "8"], ids=["long", "under-256-frames"])
def test_ctrl_c_mid_render_stops_at_once_and_leaves_the_old_file(tmp_path, duration):
    out = str(tmp_path / "circles.mp4")
    with open(out, "w") as f:
        f.write("an earlier render")
    process = subprocess.Popen(
        [HOST, "render", "breathing-circles", "--fps", "30", "--duration", duration, "-o", out],
        env=environment(), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
    )
    deadline = time.monotonic() + 30
    while not any(".partial-" in name for name in os.listdir(tmp_path)) and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(0.5)
    process.send_signal(signal.SIGINT)
    signalled = time.monotonic()
    _, stderr = process.communicate(timeout=60)
    # Between two frames: a frame here takes tens of milliseconds, so this
    # bound only fails for a render that ignores the signal for many frames.
    assert time.monotonic() - signalled < 5, "stopped within a few frames"
    assert process.returncode == 130, stderr
    assert os.listdir(tmp_path) == ["circles.mp4"], "no partial file left"
    assert Path(out).read_text(encoding="utf-8") == "an earlier render", "the old file is untouched"


def mount_tmpfs(directory):
    """A 64 KB disk at `directory`, or None where this machine cannot mount one."""
    if os.geteuid() != 0 or shutil.which("mount") is None:
        return None
    made = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", directory], capture_output=True)
    return directory if made.returncode == 0 else None


PROGRESS = re.compile(r"effect-host: render: \d+/\d+ frames \(\d+%\) in \d+ s, [\d.]+ frames/s$")


def test_a_full_disk_is_a_clear_error_and_leaves_nothing(tmp_path):
    disk = str(tmp_path / "disk")
    os.mkdir(disk)
    if mount_tmpfs(disk) is None:
        pytest.skip("mounting a small tmpfs needs root in a machine that allows mounts")
    try:
        for name in ("full.mp4", "full.png", "full.apng"):
            out = os.path.join(disk, name)
            extra = ["--size", "3000x3000", "--time", "3"] if name.endswith(".png") else ["--duration", "20", "--scale", "4"]
            result = host("render", "breathing-circles", *extra, "-o", out, check=False)
            assert result.returncode == 1, result.stderr
            # A render this long may first say how far it is (a line every 10 s, as stderr is no terminal).
            said = [line for line in result.stderr.strip().splitlines() if not PROGRESS.match(line)]
            assert len(said) == 1, result.stderr
            assert "No space left on device" in result.stderr or "cannot write" in result.stderr, result.stderr
            assert os.listdir(disk) == [], name
    finally:
        subprocess.run(["umount", disk], check=False)
