"""The HTML preview in a real browser: headless Chromium loads each page
with no script errors, plays it, and shows different, non-blank pictures at
two scrubber positions.

scripts/test installs Debian's chromium when it is missing. Run alone with
    python3 -m pytest Tests/Browser
after `swift build`; EFFECT_TEST_BUILD_DIR names another build directory.
"""

import os
import re
import shutil
import struct
import subprocess
import zlib
from pathlib import Path

import numpy as np
import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BUILD = os.environ.get("EFFECT_TEST_BUILD_DIR", os.path.join(ROOT, ".build", "debug"))
HOST = os.path.join(BUILD, "effect-host")


def chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    pytest.fail("no chromium on PATH: scripts/test installs Debian's chromium package")


def browse(page, *flags, fragment="", size=(900, 700)):
    """Runs headless Chromium on a file URL; returns (stdout, stderr)."""
    command = [
        chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
        "--disable-extensions", "--enable-logging=stderr", "--v=0", f"--window-size={size[0]},{size[1]}", *flags,
        "file://" + page + fragment,
    ]
    result = subprocess.run(command, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr[-2000:]
    return result.stdout, result.stderr


def console_errors(stderr):
    """Every console message and uncaught exception Chromium logs: the page
    writes nothing to the console, so any line is a fault."""
    return [line for line in stderr.splitlines() if "CONSOLE" in line or "Uncaught" in line]


def decode_png(path):
    """RGB(A) pixels of an 8-bit, non-interlaced PNG, as Chromium writes them."""
    data = Path(path).read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    offset, chunks, header = 8, [], None
    while offset < len(data):
        length, kind = struct.unpack(">I4s", data[offset : offset + 8])
        body = data[offset + 8 : offset + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            chunks.append(body)
        offset += 12 + length
    width, height, depth, colour, _, _, interlace = header
    assert depth == 8 and interlace == 0 and colour in (2, 6), header
    channels = 3 if colour == 2 else 4
    raw = np.frombuffer(zlib.decompress(b"".join(chunks)), dtype=np.uint8)
    stride = width * channels
    rows = raw.reshape(height, stride + 1)
    pixels = np.zeros((height, stride), dtype=np.int32)
    for y in range(height):
        kind, line = rows[y, 0], rows[y, 1:].astype(np.int32)
        above = pixels[y - 1] if y else np.zeros(stride, dtype=np.int32)
        if kind == 0:
            pixels[y] = line
        elif kind == 2:
            pixels[y] = (line + above) & 0xFF
        else:
            out = np.zeros(stride, dtype=np.int32)
            for x in range(stride):
                left = out[x - channels] if x >= channels else 0
                corner = above[x - channels] if x >= channels else 0
                if kind == 1:
                    predicted = left
                elif kind == 3:
                    predicted = (left + above[x]) // 2
                else:
                    p = left + above[x] - corner
                    pa, pb, pc = abs(p - left), abs(p - above[x]), abs(p - corner)
                    predicted = left if pa <= pb and pa <= pc else above[x] if pb <= pc else corner
                out[x] = (line[x] + predicted) & 0xFF
            pixels[y] = out
    return pixels.reshape(height, width, channels)[:, :, :3]


def render(tmp_path, effect, *arguments):
    page = str(tmp_path / f"{effect}.html")
    result = subprocess.run([HOST, "render", effect, *arguments, "-o", page], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    return page


CASES = [
    ("strikethrough-reveal", ("--fps", "60"), 0.05, 0.3),
    ("tracking-breathe", ("--fps", "30"), 0.1, 2.7),
    ("breathing-circles", ("--fps", "15"), 0.2, 2.4),
    ("text-reveal", ("--fps", "30", "--param", "highlights=calm glance"), 0.2, 1.4),
]


@pytest.mark.parametrize("effect,arguments,early,late", CASES, ids=[case[0] for case in CASES])
def test_page_loads_plays_and_its_frames_differ(tmp_path, effect, arguments, early, late):
    page = render(tmp_path, effect, *arguments)

    # Loads and plays: after a second of virtual time the shown frame has
    # moved on, with no script error anywhere.
    dom, log = browse(page, "--dump-dom", "--virtual-time-budget=1000")
    assert console_errors(log) == []
    body = re.search(r"<body[^>]*data-errors=\"([^\"]*)\"", dom)
    assert body is not None and body.group(1) == "", dom[:500]
    frame = re.search(r"id=\"stage\"[^>]*data-frame=\"(\d+)\"", dom)
    assert frame is not None and int(frame.group(1)) > 0, "the page did not play"
    assert re.search(r"<output[^>]*id=\"time\"[^>]*>t = \d+\.\d{3} s<", dom)

    # Paused at two scrubber positions, with the picture alone filling the
    # window: two real pictures, not the same one.
    size = stage_size(page)
    pictures = []
    for t in (early, late):
        shot = str(tmp_path / f"{effect}-{t}.png")
        dom, log = browse(page, "--dump-dom", fragment=f"#t={t}")
        assert f"t = {t:.3f} s" in dom
        _, log = browse(page, f"--screenshot={shot}", fragment=f"#t={t}&bare", size=size)
        assert console_errors(log) == []
        pictures.append(decode_png(shot))
    for picture in pictures:
        assert picture.shape[:2] == (size[1], size[0])
        assert picture.std() > 5, "blank picture"
        assert len(np.unique(picture.reshape(-1, 3), axis=0)) > 20, "too few colours to be a drawing"
    changed = np.abs(pictures[0] - pictures[1]).sum(axis=2) > 30
    assert changed.sum() > 200, f"only {changed.sum()} pixels differ between t={early} and t={late}"


def stage_size(page):
    """The picture's size, from the stage's own style."""
    html = Path(page).read_text(encoding="utf-8")
    match = re.search(r"#stage \{[^}]*width: ([0-9.]+)px; height: ([0-9.]+)px", html)
    assert match, "no stage size in the page"
    return int(float(match.group(1))), int(float(match.group(2)))


def test_scrubber_position_shows_its_time(tmp_path):
    page = render(tmp_path, "tracking-breathe", "--fps", "20")
    dom, _ = browse(page, "--dump-dom", fragment="#t=1.5")
    assert 'data-frame="30"' in dom
    assert 'data-playing="false"' in dom
    assert "t = 1.500 s" in dom


def test_a_looping_page_repeats_the_loop_not_the_entrance(tmp_path):
    # tracking-breathe: entrance 0.9 s, then a 3.6 s breath; at 10 fps the
    # loop is frames 9 ... 44, and frame 45 (t = 4.5 s) is frame 9 again.
    page = render(tmp_path, "tracking-breathe", "--fps", "10")
    dom, _ = browse(page, "--dump-dom", "--virtual-time-budget=5000")
    frame = int(re.search(r'id="stage"[^>]*data-frame="(\d+)"', dom).group(1))
    assert 9 <= frame <= 44, f"after 5 s the page shows frame {frame}"


def test_the_checks_catch_a_broken_page(tmp_path):
    """The same checks on a page whose script fails: the test can fail."""
    page = render(tmp_path, "strikethrough-reveal", "--fps", "30")
    broken = str(tmp_path / "broken.html")
    html = Path(page).read_text(encoding="utf-8")
    sabotaged = html.replace("var frames = JSON.parse", 'console.error("boom"); var frames = JSON.parse(undefined) || JSON.parse')
    Path(broken).write_text(sabotaged, encoding="utf-8")
    dom, log = browse(broken, "--dump-dom", "--virtual-time-budget=500")
    assert console_errors(log) != []
    assert re.search(r'data-errors="[^"]+"', dom)
    assert 'data-frame="0"' in dom
