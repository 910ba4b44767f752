"""An instance in a notebook, in process: the still IPython shows
(``_repr_png_``), the animated preview (``_repr_html_``) and its fallback,
the PNG encoder, and the times they take from the host (``settled_time``,
``span``, ``set_event``) against the seeds' numbers worked out by hand.
Pictures are decoded by ffmpeg and probed (decoded.py).

Plugins come from the build directory alone, whatever EFFECT_PLUGIN_PATH holds."""

import base64
import os
import re
import subprocess

import numpy as np
import pytest
from decoded import assert_not_struck, assert_struck_through, decode
from plugin_fixtures import build_directory, compile_test_plugin

import effects
from effects import _abi, _notebook
from effects._png import png_bytes

HOST = os.path.join(build_directory(), "effect-host")


def create(catalog, id, **params):
    return catalog.effect(id).create(**params)


# ---- Times from the host ---------------------------------------------------


def test_the_strike_settles_at_its_duration(catalog):
    # The seed's duration: 320 ms of easeInOut, then it holds.
    with create(catalog, "strikethrough-reveal") as strike:
        assert strike.settled_time == pytest.approx(0.32, abs=1e-12)
        assert strike.span == pytest.approx(0.32, abs=1e-12)


def test_an_event_moves_the_settled_moment_past_it(catalog):
    # Un-struck at 0.5 s: another 320 ms toward 0, settled at 0.82 s.
    with create(catalog, "strikethrough-reveal") as strike:
        strike.set_event("0.5:done=false")
        assert strike.get("done", at=0.49) is True and strike.get("done", at=0.5) is False
        assert strike.settled_time == pytest.approx(0.82, abs=1e-12)
        assert strike.span == pytest.approx(0.82, abs=1e-12)


def test_tracking_breathe_settles_where_its_loop_starts(catalog):
    # The seed's entranceDuration, 900 ms, then breaths of period 3.6 s.
    with create(catalog, "tracking-breathe") as breathe:
        assert breathe.settled_time == pytest.approx(0.9, abs=1e-12)
        assert breathe.span == pytest.approx(0.9 + 3.6, abs=1e-12)


def test_breathing_circles_loop_from_the_start(catalog):
    # The article's init defaults: breathe in 3, hold 1, out 3, hold 1; no entrance.
    with create(catalog, "breathing-circles") as circles:
        assert circles.settled_time == 0
        assert circles.span == pytest.approx(3 + 1 + 3 + 1, abs=1e-12)


def test_an_event_that_does_not_read_is_refused_with_the_hosts_message(catalog):
    with create(catalog, "strikethrough-reveal") as strike:
        with pytest.raises(effects.EffectError) as refused:
            strike.set_event("soon:done=false")
        assert refused.value.status == _abi.ERR_RANGE
        assert refused.value.message == "an event needs a time in seconds >= 0 before ':', not 'soon'"
        assert strike.settled_time == pytest.approx(0.32, abs=1e-12)


# ---- The still --------------------------------------------------------------


def test_the_still_is_the_settled_frame_as_render_draws_it(catalog, tmp_path):
    with create(catalog, "strikethrough-reveal") as strike:
        data, metadata = strike._repr_png_()
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    (image,) = decode(data, ".png")
    assert_struck_through(image)
    # The same pixels effect-host renders at its default moment and scale over white.
    rendered = tmp_path / "strike.png"
    subprocess.run([HOST, "render", "strikethrough-reveal", "--plugin-path", build_directory(), "-o", str(rendered),
                    "--background", "#ffffff"], check=True, env={"PATH": os.environ["PATH"], "HOME": str(tmp_path)})
    (expected,) = decode(rendered.read_bytes(), ".png")
    assert image.shape == expected.shape
    assert np.abs(image.astype(int) - expected.astype(int)).max() <= 1
    # Shown at the picture's size in points: half its pixels at 2 px a point.
    assert (metadata["width"], metadata["height"]) == ((image.shape[1] + 1) // 2, (image.shape[0] + 1) // 2)


def test_the_still_follows_events(catalog):
    # At 0.82 s the un-strike has run its 320 ms: no line.
    with create(catalog, "strikethrough-reveal") as strike:
        strike.set_event("0.5:done=false")
        data, _ = strike._repr_png_()
    (image,) = decode(data, ".png")
    assert_not_struck(image)


def test_a_closed_instance_shows_nothing_rich(catalog):
    # None: IPython falls back to the text form, with no traceback in the cell.
    strike = create(catalog, "strikethrough-reveal")
    strike.close()
    assert strike._repr_png_() is None
    assert strike._repr_html_() is None


# ---- The animated preview --------------------------------------------------


def inline(html, mime):
    found = re.search(rf'src="data:{mime};base64,([A-Za-z0-9+/=]+)"', html)
    assert found, html[:200]
    return base64.b64decode(found.group(1))


def test_the_preview_is_the_whole_strike_as_a_gif_at_a_point_a_pixel(catalog):
    with create(catalog, "strikethrough-reveal") as strike:
        html = strike._repr_html_()
        still, _ = strike._repr_png_()
    assert 'alt="Strikethrough Reveal (strikethrough-reveal), animated"' in html
    frames = decode(inline(html, "image/gif"), ".gif")
    (image,) = decode(still, ".png")
    # 0.32 s at render's 30 frames a second: t = 0, 1/30, ... up to the first
    # frame at or after the end, 10/30.
    assert len(frames) == 11
    assert frames.shape[1:3] == ((image.shape[0] + 1) // 2, (image.shape[1] + 1) // 2)
    # Unstruck at 0, struck through at the end, at 1 px a point.
    assert_not_struck(frames[0], scale=1)
    assert_struck_through(frames[-1], scale=1)


def test_a_looping_effect_previews_one_period_that_loops(catalog):
    # Tracking-breathe's breath is 3.6 s: 108 frames at 30 a second, the
    # entrance left out, so the GIF's loop is seamless.
    with create(catalog, "tracking-breathe") as breathe:
        frames = decode(inline(breathe._repr_html_(), "image/gif"), ".gif")
    assert len(frames) == 108


def test_without_ffmpeg_the_preview_is_the_still_and_says_why(catalog, monkeypatch, tmp_path):
    monkeypatch.setenv("PATH", str(tmp_path))
    with create(catalog, "strikethrough-reveal") as strike:
        html = strike._repr_html_()
    assert "data:image/gif" not in html
    # The host's own message, on a line of its own under the still.
    assert "Strikethrough Reveal (strikethrough-reveal): not animated: ffmpeg is not installed (Debian package ffmpeg)" in html
    assert 'alt="Strikethrough Reveal (strikethrough-reveal), settled frame"' in html
    monkeypatch.undo()
    (image,) = decode(inline(html, "image/png"), ".png")
    assert_struck_through(image)


def test_a_preview_too_large_to_keep_inline_is_the_still(catalog, monkeypatch):
    monkeypatch.setattr(_notebook, "INLINE_LIMIT", 10_000)
    with create(catalog, "strikethrough-reveal") as strike:
        html = strike._repr_html_()
    assert re.search(r"not animated: its GIF is 0\.0\d\d\d MB, more than the 0\.01 MB put inline", html), html[-300:]
    assert "data:image/png" in html and "data:image/gif" not in html


def test_the_preview_leaves_no_files_behind(catalog, monkeypatch, tmp_path):
    monkeypatch.setenv("TMPDIR", str(tmp_path))
    import tempfile

    monkeypatch.setattr(tempfile, "tempdir", None)
    with create(catalog, "strikethrough-reveal") as strike:
        assert "data:image/gif" in strike._repr_html_()
        monkeypatch.setenv("PATH", str(tmp_path))
        assert "not animated" in strike._repr_html_()
    assert os.listdir(tmp_path) == []


def test_an_effect_that_cannot_be_drawn_says_why_in_one_line(tmp_path):
    # A plugin whose display list leaves a group open: no GIF and no still.
    plugin = effects.load_plugin(compile_test_plugin(str(tmp_path), "libOpen.so", ("ABI_1_2", "BROKEN_DRAW_UNBALANCED")))
    with plugin.effect("test-ramp").create(length=4) as instance:
        html = instance._repr_html_()
        with pytest.raises(effects.EffectError) as refused:
            instance._repr_png_()
    assert html == '<div style="font-size: smaller">Test Ramp (test-ramp): not drawn: the plugin&#x27;s display list leaves 1 group(s) open</div>'
    # The still raises, as any draw of it does: IPython prints the host's message.
    assert refused.value.message == "the plugin's display list leaves 1 group(s) open"


# ---- The PNG encoder ---------------------------------------------------------


def test_png_bytes_round_trips_every_channel_through_ffmpeg():
    rng = np.random.default_rng(53)
    rgba = rng.integers(0, 256, size=(7, 13, 4), dtype=np.uint8)
    for level in (0, 1, 9):
        (decoded,) = decode(png_bytes(rgba, level), ".png")
        assert np.array_equal(decoded, rgba)
    # A view whose rows are not contiguous (every other column) encodes as its values.
    (decoded,) = decode(png_bytes(rgba[:, ::2]), ".png")
    assert np.array_equal(decoded, rgba[:, ::2])


@pytest.mark.parametrize(
    "value, level, message",
    [
        (np.zeros((2, 2, 3), np.uint8), 1, "png_bytes takes a (height, width, 4) uint8 array, not uint8 of shape (2, 2, 3)"),
        (np.zeros((2, 2, 4), np.float32), 1, "png_bytes takes a (height, width, 4) uint8 array, not float32 of shape (2, 2, 4)"),
        (np.zeros((0, 2, 4), np.uint8), 1, "a PNG is 1 to 2147483647 pixels a side, not 2x0"),
        (np.zeros((1, 1, 4), np.uint8), 10, "a zlib level is 0 to 9, not 10"),
        (np.zeros((1, 1, 4), np.uint8), True, "a zlib level is 0 to 9, not True"),
        ([[[0, 0, 0, 0]]], 1, "png_bytes takes a numpy array, not list"),
    ],
)
def test_png_bytes_refuses_what_is_not_rgba(value, level, message):
    with pytest.raises(effects.EffectError) as refused:
        png_bytes(value, level)
    assert refused.value.message == message
