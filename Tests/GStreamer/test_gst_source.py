"""EFFECTsrc, the effect as a video source, in real pipelines.

Frames come out of gst-launch-1.0 (filesink) or out of a pipeline ending
in an appsink that Tests/GStreamer/harness.c drives (seeks, control
sources), and are compared with what `effect-host render` draws at the
same stream time and size: mean difference at most 2/255.
"""

import time

import pytest
from gst_harness import EFFECTS, HOST, element, mean_difference, png, rgba_frames

W, H = 320, 180
SECOND = 1_000_000_000


def caps(fmt="RGBA", size=(W, H), rate="10/1"):
    return f"video/x-raw,format={fmt},width={size[0]},height={size[1]},framerate={rate}"


def assert_same(frame, expected, what, alpha=3):
    """Mean difference at most 2/255 over the frame and over the ink (a small ink hides in a frame's mean)."""
    assert frame.shape == expected.shape, (what, frame.shape, expected.shape)
    difference = mean_difference(frame, expected)
    assert difference <= 2, (what, difference)
    ink = (frame[..., alpha] > 0) | (expected[..., alpha] > 0)
    if ink.any():
        difference = mean_difference(frame[ink], expected[ink])
        assert difference <= 2, (what, "over the ink", difference)


@pytest.mark.parametrize("effect", EFFECTS)
def test_source_frames_at_known_times_are_what_render_draws(gst, tmp_path, effect):
    out = tmp_path / "frames.rgba"
    gst.launch(f"{element(effect, 'src')} num-buffers=16 ! {caps()} ! filesink location={out}")
    frames = rgba_frames(out.read_bytes(), W, H)
    assert len(frames) == 16
    for t in (0.0, 0.2, 1.5):
        expected = gst.render(tmp_path, effect, t, (W, H))
        assert_same(frames[round(t * 10)], expected, (effect, t))
    assert (frames[15][..., 3] > 0).sum() > 100, "no ink at 1.5 s"


@pytest.mark.parametrize("fmt, order", [("BGRA", [2, 1, 0, 3]), ("ARGB", [3, 0, 1, 2])])
def test_other_byte_orders_hold_the_same_pixels(gst, tmp_path, fmt, order):
    # A red line: grey ink reads the same with red and blue swapped.
    out = tmp_path / "frames.raw"
    gst.launch(f"fxstrikethroughrevealsrc num-buffers=6 line-color=0xFFFF0000 ! {caps(fmt)} ! filesink location={out}")
    frames = rgba_frames(out.read_bytes(), W, H)
    expected = gst.render(tmp_path, "strikethrough-reveal", 0.5, (W, H), "--param", "line_color=#FF0000FF")
    assert (expected[..., 0].astype(int) - expected[..., 2] > 100).sum() > 100, "no red ink: the orders are not tested"
    assert_same(frames[5], expected[..., order], fmt, alpha=order.index(3))


def test_a_flushing_accurate_seek_gives_the_frame_of_its_time_on_the_grid(gst, tmp_path):
    launch = f"fxstrikethroughrevealsrc name=fx ! {caps(rate='30/1')}"
    data, times, _ = gst.pull(launch, tmp_path / "a.rgba", "pause", "seek", 1, 1.5, -1, "play", "pull", 2)
    assert times == [(1_500_000_000, 1_500_000_000), (1_533_333_333, 1_533_333_333)]
    frames = rgba_frames(data, W, H)
    assert_same(frames[0], gst.render(tmp_path, "strikethrough-reveal", 1.5, (W, H)), 1.5)
    # Between two frames: the frame that covers the position, as an unseeked run has it.
    _, times, _ = gst.pull(launch, tmp_path / "b.rgba", "pause", "seek", 1, 1.51, -1, "play", "pull", 1)
    assert times[0][0] == 1_500_000_000
    # While playing, and at rate 2 (the sink plays faster; stream time and frames are the same).
    data, times, _ = gst.pull(launch, tmp_path / "c.rgba", "play", "pull", 2, "seek", 2.0, 1.5, -1, "pull", 2)
    assert times == [(0, 0), (33_333_333, 33_333_333), (1_500_000_000, 1_500_000_000), (1_533_333_333, 1_533_333_333)]
    assert_same(rgba_frames(data, W, H)[2], frames[0], "rate 2")


def test_a_controlled_progress_follows_its_control_source(gst, tmp_path):
    data, times, _ = gst.pull(f"fxstrikethroughrevealsrc name=fx ! {caps(rate='2/1')}", tmp_path / "c.rgba",
                              "prop", "progress-set", "true", "control", "progress", "linear", "0:0,2:1", "play", "pull", 4)
    assert [pts for pts, _ in times] == [0, 500_000_000, 1_000_000_000, 1_500_000_000]
    frames = rgba_frames(data, W, H)
    expected = [gst.render(tmp_path, "strikethrough-reveal", t, (W, H), "--param", f"progress={t / 2}")
                for t in (0.5, 1.0, 1.5)]
    assert mean_difference(expected[0], expected[2]) > 1, "the control values draw alike: nothing is tested"
    for frame, picture, t in zip(frames[1:], expected, (0.5, 1.0, 1.5)):
        assert_same(frame, picture, t)


def test_a_keyframed_bool_is_an_event_at_its_time_and_replays_after_a_seek_back(gst, tmp_path):
    data, times, _ = gst.pull(f"fxstrikethroughrevealsrc name=fx done=false ! {caps()}", tmp_path / "d.rgba",
                              "control", "done", "none", "0:0,1:1", "play", "pull", 13, "pause", "seek", 1, 0.5, -1, "play",
                              "pull", 8)
    assert [pts for pts, _ in times] == [n * 100_000_000 for n in (*range(13), *range(5, 13))]
    frames = rgba_frames(data, W, H)
    before = gst.render(tmp_path, "strikethrough-reveal", 0.5, (W, H), "--param", "done=false")
    after = gst.render(tmp_path, "strikethrough-reveal", 1.2, (W, H), "--param", "done=false", "--at", "1.0:done=true")
    assert mean_difference(after, gst.render(tmp_path, "strikethrough-reveal", 1.2, (W, H), "--param", "done=false")) > 1
    for index, expected, what in ((5, before, "0.5 s"), (12, after, "1.2 s"), (13, before, "0.5 s again"),
                                  (20, after, "1.2 s again")):
        assert_same(frames[index], expected, what)


def test_a_stream_that_starts_past_a_keyframed_step_draws_what_playing_from_0_draws(gst, tmp_path):
    # A fresh pipeline seeked to 1.2 s: done stepped to true at 1.0 s, so the strike is 0.2 s along.
    data, times, _ = gst.pull(f"fxstrikethroughrevealsrc name=fx done=false ! {caps()}", tmp_path / "s.rgba",
                              "control", "done", "none", "0:0,1:1", "pause", "seek", 1, 1.2, -1, "play", "pull", 2)
    assert [pts for pts, _ in times] == [1_200_000_000, 1_300_000_000]
    struck_from_0 = gst.render(tmp_path, "strikethrough-reveal", 1.2, (W, H), "--param", "done=true")
    for frame, t in zip(rgba_frames(data, W, H), (1.2, 1.3)):
        expected = gst.render(tmp_path, "strikethrough-reveal", t, (W, H), "--param", "done=false", "--at", "1.0:done=true")
        assert_same(frame, expected, t)
    assert mean_difference(struck_from_0, gst.render(tmp_path, "strikethrough-reveal", 1.2, (W, H), "--param", "done=false",
                                                     "--at", "1.0:done=true")) > 0.5, "made with done at 1.2 would pass too"


def test_a_keyframed_step_between_frames_is_an_event_at_the_keyframe(gst, tmp_path):
    # At 10 fps the frames are 1.0 and 1.1 s; the step at 1.05 s is an event at 1.05 s, not at the frame that sees it.
    data, times, _ = gst.pull(f"fxstrikethroughrevealsrc name=fx done=false ! {caps()}", tmp_path / "k.rgba",
                              "control", "done", "none", "0:0,1.05:1", "play", "pull", 14)
    assert times[13][0] == 1_300_000_000
    frame = rgba_frames(data, W, H)[13]
    at_keyframe = gst.render(tmp_path, "strikethrough-reveal", 1.3, (W, H), "--param", "done=false", "--at", "1.05:done=true")
    at_frame = gst.render(tmp_path, "strikethrough-reveal", 1.3, (W, H), "--param", "done=false", "--at", "1.1:done=true")
    assert mean_difference(at_keyframe, at_frame) > 0.5, "the two times draw alike: nothing is tested"
    assert_same(frame, at_keyframe, "1.3 s")


@pytest.mark.parametrize("effect", ["strikethrough-reveal", "text-reveal"])
def test_caps_without_a_size_take_the_size_render_draws(gst, tmp_path, effect):
    data, _, lines = gst.pull(f"{element(effect, 'src')} name=fx ! video/x-raw,format=RGBA", tmp_path / "d.rgba", "play", "pull", 1)
    out = tmp_path / "default.png"
    gst.run([HOST, "render", effect, "--time", "0", "--background", "transparent", "-o", str(out)])
    expected = png(str(out))
    assert lines[0].endswith(f" {expected.shape[1]}x{expected.shape[0]}"), lines
    assert_same(rgba_frames(data, expected.shape[1], expected.shape[0])[0], expected, effect)


def test_timestamp_offset_moves_the_timestamps_not_the_effect(gst, tmp_path):
    data, times, _ = gst.pull(f"fxstrikethroughrevealsrc name=fx timestamp-offset={SECOND} ! {caps()}", tmp_path / "o.rgba",
                              "play", "pull", 4)
    assert [pts for pts, _ in times] == [1_000_000_000, 1_100_000_000, 1_200_000_000, 1_300_000_000]
    assert_same(rgba_frames(data, W, H)[3], gst.render(tmp_path, "strikethrough-reveal", 0.3, (W, H)), "offset")


def test_reverse_playback_gives_descending_frames_on_the_grid(gst, tmp_path):
    data, times, _ = gst.pull(f"fxstrikethroughrevealsrc name=fx ! {caps()}", tmp_path / "r.rgba",
                              "pause", "seek", -1, 0, 1.0, "play", "pull", 20)
    assert [pts for pts, _ in times] == [n * 100_000_000 for n in range(9, -1, -1)]
    frames = rgba_frames(data, W, H)
    for index, t in ((0, 0.9), (7, 0.2)):
        assert_same(frames[index], gst.render(tmp_path, "strikethrough-reveal", t, (W, H)), ("reverse", t))


def test_a_live_source_is_paced_by_the_clock(gst):
    pipeline = f"fxstrikethroughrevealsrc is-live=true num-buffers=15 ! {caps(size=(64, 36), rate='30/1')} ! fakesink sync=true"
    gst.launch("fxstrikethroughrevealsrc num-buffers=1 ! fakesink")  # the registry, before timing
    started = time.monotonic()
    gst.launch(pipeline)
    assert time.monotonic() - started >= 0.4


@pytest.mark.parametrize("size", [(1, 1), (17, 9), (4097, 2160)])
def test_odd_sizes_give_their_frames(gst, tmp_path, size):
    data, times, lines = gst.pull(f"fxstrikethroughrevealsrc name=fx num-buffers=2 ! {caps(size=size)}", tmp_path / "s.rgba",
                                  "play", "pull", 5)
    assert [pts for pts, _ in times] == [0, 100_000_000]
    assert all(line.endswith(f" {size[0]}x{size[1]}") for line in lines), lines
    frames = rgba_frames(data, *size)
    assert len(frames) == 2
    assert_same(frames[1], gst.render(tmp_path, "strikethrough-reveal", 0.1, size), size)


def test_a_background_fills_the_whole_frame(gst, tmp_path):
    data, _, _ = gst.pull(f"fxtextrevealsrc name=fx background=0xFF00FF00 ! {caps(size=(108, 192))}", tmp_path / "bg.rgba",
                          "play", "pull", 1)
    frame = rgba_frames(data, 108, 192)[0]
    assert (frame[..., 3] == 255).all()
    for corner in (frame[0, 0], frame[0, -1], frame[-1, 0], frame[-1, -1]):
        assert list(corner) == [0, 255, 0, 255]


def test_a_backwards_seek_with_no_stop_is_refused_and_the_stream_goes_on(gst, tmp_path):
    # Backwards from where? An endless source has no end: the seek is refused before anything is flushed.
    data, times, lines = gst.pull(f"fxstrikethroughrevealsrc name=fx num-buffers=12 ! {caps()}", tmp_path / "r.rgba",
                                  "play", "pull", 3, "seek", -1, 0, -1, "pull", 20)
    assert "seek refused" in lines
    assert [pts for pts, _ in times] == [n * 100_000_000 for n in range(12)]
    assert_same(rgba_frames(data, W, H)[11], gst.render(tmp_path, "strikethrough-reveal", 1.1, (W, H)), "1.1 s")
