"""Frames drawn by web/effect-host.js on a canvas in headless Chromium against
`effect-host render` stills of the same effect, time and size, with the same
font files (@font-face in the page, fontconfig's picks natively): the mean
difference of Latin frames within 2/255, the ink of Japanese and Arabic
frames within 1 px. The page is served with CSP script-src 'self'
'wasm-unsafe-eval'."""

import base64
import json
import os
import subprocess
import sys

import numpy as np
import pytest
from web_harness import ARABIC, BUILD, JAPANESE, ROOT
from web_page import Browser, Page, served

sys.path.insert(0, os.path.join(ROOT, "Tests", "Pictures"))
from test_render_pictures import frames

HOST = os.path.join(BUILD, "effect-host")
SCALE = 2

# (wasm file, effect, params as --param text, t, what is compared: "mean" or "ink").
CASES = [
    ("Strike", "strikethrough-reveal", {}, 0.16, "mean"),
    ("Strike", "strikethrough-reveal", {}, 1.0, "mean"),
    ("Breathe", "tracking-breathe", {}, 1.0, "mean"),
    ("Breathe", "breathing-circles", {}, 2.0, "mean"),
    ("Reveal", "text-reveal", {}, 0.5, "mean"),
    ("Reveal", "text-reveal", {"preset": "blur"}, 0.3, "mean"),
    ("Reveal", "text-reveal", {"highlights": "one calm"}, 2.0, "mean"),
    ("pulse", "pulse", {}, 0.3, "mean"),
    ("typewriter", "typewriter", {}, 0.5, "mean"),
    ("Strike", "strikethrough-reveal", {"text": JAPANESE}, 1.0, "ink"),
    ("Reveal", "text-reveal", {"text": JAPANESE}, 2.0, "ink"),
    ("Strike", "strikethrough-reveal", {"text": ARABIC}, 1.0, "ink"),
    ("Reveal", "text-reveal", {"text": ARABIC}, 2.0, "ink"),
    ("Breathe", "tracking-breathe", {"text": ARABIC}, 1.0, "ink"),
]


@pytest.fixture(scope="module")
def page(wasm_dir):
    browser = Browser(1000, 800)
    with served(wasm_dir) as url:
        opened = Page(browser, url + "/page/frames.html")
        try:
            opened.wait("window.ready === true")
            yield opened
        finally:
            opened.close()
            browser.close()


def native_still(effect_id, params, t, directory, plugins):
    out = os.path.join(directory, "native.png")
    arguments = [HOST, "render", effect_id, "-o", out, "--time", repr(t), "--scale", str(SCALE), "--background", "#FFFFFF",
                 "--plugin-path", plugins, "--no-cache"]
    for name, value in params.items():
        arguments += ["--param", f"{name}={value}"]
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": directory, "XDG_CACHE_HOME": directory}
    done = subprocess.run(arguments, capture_output=True, text=True, env=env, timeout=300)
    assert done.returncode == 0, done.stderr
    return frames(out)[0][:, :, :3].astype(np.int32)


def ink_box(picture):
    """The smallest box holding every pixel visibly off white: left, top, right, bottom."""
    ink = np.argwhere((255 - picture).max(axis=2) > 48)
    assert len(ink), "no ink"
    (top, left), (bottom, right) = ink.min(axis=0), ink.max(axis=0)
    return int(left), int(top), int(right), int(bottom)


@pytest.mark.parametrize("case", CASES, ids=[f"{c[1]}-{i}" for i, c in enumerate(CASES)])
def test_frames_match_render(case, page, tmp_path, native_examples):
    name, effect_id, params, t, compare = case
    plugins = os.path.dirname(native_examples[name]) if name in native_examples else BUILD
    native = native_still(effect_id, params, t, str(tmp_path), plugins)
    job = {"plugin": name, "effect": effect_id, "params": params, "t": t, "scale": SCALE}
    drawn = page.evaluate(f"frame({json.dumps(job)})")
    png = tmp_path / "web.png"
    png.write_bytes(base64.b64decode(drawn["png"].split(",", 1)[1]))
    web = frames(str(png))[0][:, :, :3].astype(np.int32)
    assert web.shape == native.shape, (web.shape, native.shape, drawn["box"])
    mean = np.abs(web - native).mean()
    native_ink, web_ink = ink_box(native), ink_box(web)
    print(f"{effect_id} {params} t={t}: {web.shape[1]}x{web.shape[0]} mean |difference| {mean:.3f}/255, ink {web_ink} vs {native_ink}")
    if compare == "mean":
        assert mean <= 2.0
    else:
        assert max(abs(a - b) for a, b in zip(web_ink, native_ink)) <= 1, (web_ink, native_ink)
