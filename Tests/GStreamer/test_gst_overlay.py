"""EFFECToverlay, the effect drawn over I420 and NV12 video without converting it.

The overlay runs alone in a GstHarness (harness.c push: one videotestsrc
frame pushed at chosen timestamps, segments as a flushing seek leaves them)
or in a real pipeline. Its output is compared plane by plane with
`effect-host render` at the frame's size blended over the same input frame
in BT.709 limited range, chroma taken from the top-left pixel of each 2x2
block (what gst_video_overlay_composition_blend does): the bytes outside the
ink are identical, the ink within a mean of 2/255 per plane.
"""

import subprocess

import numpy as np
import pytest
from gst_harness import EFFECTS, bt709_over, element, yuv420_frames

W, H = 640, 360


def caps(fmt, size=(W, H), rate="30/1", colorimetry="bt709"):
    return f"video/x-raw,format={fmt},width={size[0]},height={size[1]},framerate={rate},colorimetry={colorimetry}"


def assert_drawn_over(got, base, ink, what, **matrix):
    """got, base: (Y, U, V) planes; ink: render's straight RGBA at the frame's size; matrix: bt709_over's."""
    expected, masks = bt709_over(ink, base, **matrix)
    assert masks[0].any(), (what, "render drew no ink: nothing is tested")
    for plane, name in enumerate("YUV"):
        mask = masks[plane]
        outside = got[plane][~mask] != base[plane][~mask]
        assert not outside.any(), (what, name, "bytes changed outside the ink", int(outside.sum()))
        difference = np.abs(got[plane][mask].astype(np.float64) - expected[plane][mask]).mean()
        assert difference <= 2, (what, name, difference)


def overlay(gst, tmp_path, effect, fmt, *steps, size=(W, H), pattern="smpte", colorimetry="bt709"):
    """smpte's corner is noise, new in each frame: pipelines compared frame by frame use smpte75."""
    source, data, lines, _ = gst.push(element(effect, "overlay"), caps(fmt, size, colorimetry=colorimetry), pattern,
                                      tmp_path / f"{fmt}.yuv", *steps)
    nv12 = fmt == "NV12"
    return yuv420_frames(source, *size, nv12)[0], yuv420_frames(data, *size, nv12), lines


@pytest.mark.parametrize("fmt", ["I420", "NV12"])
@pytest.mark.parametrize("effect", EFFECTS)
def test_the_overlay_is_render_blended_in_bt709_and_leaves_the_rest_untouched(gst, tmp_path, effect, fmt):
    base, frames, _ = overlay(gst, tmp_path, effect, fmt, "frame", 0.25, "frame", 1.5)
    for frame, t in zip(frames, (0.25, 1.5)):
        assert_drawn_over(frame, base, gst.render(tmp_path, effect, t, (W, H)), (effect, fmt, t))


def test_a_pipeline_draws_what_the_harness_draws(gst, tmp_path):
    out = tmp_path / "pipeline.yuv"
    gst.launch(f"videotestsrc pattern=smpte75 num-buffers=4 ! {caps('NV12', rate='2/1')} ! fxstrikethroughrevealoverlay "
               f"! filesink location={out}")
    frames = yuv420_frames(out.read_bytes(), W, H, nv12=True)
    base, _, _ = overlay(gst, tmp_path, "strikethrough-reveal", "NV12", pattern="smpte75")
    assert len(frames) == 4
    assert_drawn_over(frames[3], base, gst.render(tmp_path, "strikethrough-reveal", 1.5, (W, H)), "gst-launch 1.5 s")


def test_after_a_seek_the_frame_at_1_5_s_is_the_one_played_to(gst, tmp_path):
    launch = f"videotestsrc pattern=smpte75 ! {caps('I420')} ! fxstrikethroughrevealoverlay name=fx"
    data, times, _ = gst.pull(launch, tmp_path / "seek.yuv", "pause", "seek", 1, 1.5, -1, "play", "pull", 1)
    assert times == [(1_500_000_000, 1_500_000_000)]
    played, played_times, _ = gst.pull(launch, tmp_path / "played.yuv", "play", "pull", 46)
    assert played_times[45] == (1_500_000_000, 1_500_000_000)
    seeked, unseeked = yuv420_frames(data, W, H)[0], yuv420_frames(played, W, H)
    for plane in range(3):
        assert np.array_equal(seeked[plane], unseeked[45][plane])
    assert not np.array_equal(seeked[0], unseeked[0][0]), "t = 0 draws as 1.5 s: the seek is not tested"


def test_a_bool_toggled_mid_stream_is_an_event_at_its_time_replayed_after_a_seek_back(gst, tmp_path):
    base, frames, _ = overlay(gst, tmp_path, "strikethrough-reveal", "I420", "prop", "done", "false",
                              "frame", 0.5, "set", "done", "true", "frame", 1.0, "frame", 1.2, "frame", 2.0,
                              "segment", 0, 0, 1, 1, "frame", 0.5, "frame", 1.2)
    untoggled = gst.render(tmp_path, "strikethrough-reveal", 0.5, (W, H), "--param", "done=false")
    assert_drawn_over(frames[0], base, untoggled, "before the toggle")
    for index, t in ((2, 1.2), (3, 2.0)):
        toggled = gst.render(tmp_path, "strikethrough-reveal", t, (W, H), "--param", "done=false", "--at", "1.0:done=true")
        assert_drawn_over(frames[index], base, toggled, ("after the toggle", t))
    assert not np.array_equal(frames[2][0], frames[3][0]), "the strike does not animate from the toggle"
    # The seek back: before the toggle as it was, past it the event again.
    for plane in range(3):
        assert np.array_equal(frames[4][plane], frames[0][plane])
        assert np.array_equal(frames[5][plane], frames[2][plane])


def test_a_change_made_after_seeking_back_is_an_edit_that_drops_the_later_events(gst, tmp_path):
    base, frames, _ = overlay(gst, tmp_path, "strikethrough-reveal", "I420", "prop", "done", "false",
                              "frame", 0.5, "set", "done", "true", "frame", 1.0, "frame", 1.2,
                              "segment", 0, 0, 1, 1, "frame", 0.3, "set", "tick", "false", "frame", 0.5, "frame", 1.2)
    edited = gst.render(tmp_path, "strikethrough-reveal", 1.2, (W, H), "--param", "done=false", "--at", "0.5:tick=false")
    kept = gst.render(tmp_path, "strikethrough-reveal", 1.2, (W, H), "--param", "done=false", "--at", "0.5:tick=false",
                      "--at", "1.0:done=true")
    assert np.abs(edited.astype(int) - kept).mean() > 0.5, "the dropped event draws nothing: nothing is tested"
    assert_drawn_over(frames[5], base, edited, "1.2 s after the edit at 0.5 s")


def test_a_controlled_progress_follows_its_control_source(gst, tmp_path):
    base, frames, _ = overlay(gst, tmp_path, "strikethrough-reveal", "NV12", "prop", "progress-set", "true",
                              "control", "progress", "linear", "0:0,2:1", "frame", 0.5, "frame", 1.5)
    for frame, t in zip(frames, (0.5, 1.5)):
        expected = gst.render(tmp_path, "strikethrough-reveal", t, (W, H), "--param", f"progress={t / 2}")
        assert_drawn_over(frame, base, expected, ("progress", t / 2))


def test_an_upstream_timestamp_offset_moves_the_overlays_time(gst, tmp_path):
    data, times, _ = gst.pull(f"videotestsrc pattern=smpte75 timestamp-offset=1000000000 ! {caps('I420')} "
                              "! fxstrikethroughrevealoverlay name=fx", tmp_path / "offset.yuv", "play", "pull", 1)
    assert times == [(1_000_000_000, 1_000_000_000)]
    base, _, _ = overlay(gst, tmp_path, "strikethrough-reveal", "I420", pattern="smpte75")
    assert_drawn_over(yuv420_frames(data, W, H)[0], base, gst.render(tmp_path, "strikethrough-reveal", 1.0, (W, H)), "offset")


def test_a_segments_rate_and_applied_rate_give_its_stream_time(gst, tmp_path):
    # rate 2 plays faster and keeps stream time; applied_rate 2 (already sped up) doubles it.
    # A segment starting at 10 s whose stream time is 0.1 s (a seek, or a demuxer's edit list): PTS 10.1 s is 0.2 s.
    base, frames, _ = overlay(gst, tmp_path, "strikethrough-reveal", "I420", "segment", 0, 0, 2.0, 1.0, "frame", 0.2,
                              "segment", 0, 0, 1.0, 2.0, "frame", 0.1, "segment", 10, 0.1, 1.0, 1.0, "frame", 10.1)
    expected = gst.render(tmp_path, "strikethrough-reveal", 0.2, (W, H))
    assert_drawn_over(frames[0], base, expected, "rate 2")
    assert_drawn_over(frames[1], base, expected, "applied rate 2")
    assert_drawn_over(frames[2], base, expected, "segment at 10 s, stream time 0.1 s")


@pytest.mark.parametrize("fmt", ["I420", "NV12"])
@pytest.mark.parametrize("size", [(1, 1), (17, 9), (4097, 2160)])
def test_odd_sizes_pass_through_with_the_ink_alone_changed(gst, tmp_path, size, fmt):
    base, frames, lines = overlay(gst, tmp_path, "strikethrough-reveal", fmt, "frame", 0.1, "frame", 1.5, size=size)
    assert len(frames) == 2 and len(lines) == 2
    ink = gst.render(tmp_path, "strikethrough-reveal", 1.5, size)
    _, masks = bt709_over(ink, base)
    for plane in range(3):
        assert frames[1][plane].shape == base[plane].shape
        assert np.array_equal(frames[1][plane][~masks[plane]], base[plane][~masks[plane]]), (size, fmt, plane)
    if size == (4097, 2160):
        assert_drawn_over(frames[1], base, ink, (size, fmt))


@pytest.mark.parametrize("fmt, order", [("RGBA", [0, 1, 2, 3]), ("BGRA", [2, 1, 0, 3]), ("xRGB", [1, 2, 3, 0])])
def test_on_rgb_video_the_overlay_is_render_laid_over_in_place(gst, tmp_path, fmt, order):
    source, data, _, _ = gst.push("fxstrikethroughrevealoverlay", caps(fmt), "smpte75", tmp_path / "rgb.raw", "frame", 1.5)
    base = np.frombuffer(source, dtype=np.uint8).reshape(H, W, 4)[..., order].astype(np.float64)
    got = np.frombuffer(data, dtype=np.uint8).reshape(H, W, 4)[..., order].astype(np.float64)
    ink = gst.render(tmp_path, "strikethrough-reveal", 1.5, (W, H)).astype(np.float64)
    alpha, mask = ink[..., 3:] / 255, ink[..., 3] > 0
    assert mask.sum() > 100
    assert np.array_equal(got[~mask], base[~mask])
    expected = ink[..., :3] * alpha + base[..., :3] * (1 - alpha)
    assert np.abs(got[..., :3] - expected)[mask].mean() <= 2


def test_over_a_decoded_h264_clip_the_overlay_draws_at_each_frames_stream_time(gst, tmp_path):
    # A real decoded frame (gstreamer1.0-libav's avdec_h264), moving under the ink, not a flat test pattern.
    clip = tmp_path / "clip.mp4"
    subprocess.run(["ffmpeg", "-v", "error", "-f", "lavfi", "-i", f"testsrc2=size={W}x{H}:rate=10", "-t", "2", "-pix_fmt",
                    "yuv420p", "-c:v", "libx264", str(clip)], check=True)
    decode = f"filesrc location={clip} ! qtdemux ! avdec_h264 ! video/x-raw,format=I420"
    gst.launch(f"{decode} ! filesink location={tmp_path / 'base.yuv'}")
    gst.launch(f"{decode} ! fxstrikethroughrevealoverlay ! filesink location={tmp_path / 'over.yuv'}")
    bases = yuv420_frames((tmp_path / "base.yuv").read_bytes(), W, H)
    frames = yuv420_frames((tmp_path / "over.yuv").read_bytes(), W, H)
    assert len(frames) == len(bases) == 20
    assert not np.array_equal(bases[3][0], bases[15][0]), "the clip does not move: nothing is tested"
    for n in (3, 15):
        assert_drawn_over(frames[n], bases[n], gst.render(tmp_path, "strikethrough-reveal", n / 10, (W, H)), ("clip", n))


def test_the_first_frame_after_an_accurate_seek_between_frames_is_drawn_at_the_seek(gst, tmp_path):
    # At 30 fps a seek to 0.51 s starts with the frame of 0.5 s, shown from 0.51 s: drawn at 0.51 s.
    launch = f"videotestsrc pattern=smpte75 ! {caps('I420')} ! fxtextrevealoverlay name=fx"
    data, times, _ = gst.pull(launch, tmp_path / "between.yuv", "pause", "seek", 1, 0.51, -1, "play", "pull", 1)
    assert times == [(500_000_000, -1)], times
    base, _, _ = overlay(gst, tmp_path, "text-reveal", "I420", pattern="smpte75")
    assert_drawn_over(yuv420_frames(data, W, H)[0], base, gst.render(tmp_path, "text-reveal", 0.51, (W, H)), "0.51 s")


def test_pixels_that_are_not_square_keep_a_circle_round(gst, tmp_path):
    # HDV: 1440 x 1080 shown at 4:3 pixels, 1920 wide. One circle, at rest (reduce_motion), on black.
    out = tmp_path / "hdv.yuv"
    gst.launch("videotestsrc pattern=black num-buffers=31 ! video/x-raw,format=I420,width=1440,height=1080,"
               "pixel-aspect-ratio=4/3,framerate=30/1 ! fxbreathingcirclesoverlay reduce-motion=true circle-count=1 "
               f"! filesink location={out}")
    luma = yuv420_frames(out.read_bytes(), 1440, 1080)[-1][0]
    rows, columns = np.nonzero(luma > 16 + 8)
    tall, wide = rows.max() - rows.min() + 1, columns.max() - columns.min() + 1
    assert tall > 100, "no circle drawn: nothing is tested"
    assert abs(wide * 4 / 3 / tall - 1) < 0.03, (wide, tall)


def test_pixels_twice_as_wide_on_a_frame_past_half_the_limit_still_draw_round(gst, tmp_path):
    # 4098 x 2160 at 2:1 is 8196 wide as shown: past the host's 8192, so the canvas is lower instead of wider.
    data, _, lines = gst.pull("videotestsrc pattern=black ! video/x-raw,format=I420,width=4098,height=2160,"
                              "pixel-aspect-ratio=2/1,framerate=30/1 ! fxbreathingcirclesoverlay name=fx reduce-motion=true "
                              "circle-count=1", tmp_path / "wide.yuv", "play", "pull", 1)
    assert not [line for line in lines if line.startswith("warning")], lines
    rows, columns = np.nonzero(yuv420_frames(data, 4098, 2160)[0][0] > 16 + 8)
    tall, wide = rows.max() - rows.min() + 1, columns.max() - columns.min() + 1
    assert tall > 100, "no circle drawn: nothing is tested"
    assert abs(wide * 2 / tall - 1) < 0.03, (wide, tall)


def test_frames_without_timestamps_pass_through_with_one_warning(gst, tmp_path):
    base, frames, lines = overlay(gst, tmp_path, "strikethrough-reveal", "I420", "frame", "none", "frame", "none",
                                  "frame", 1.5)
    for plane in range(3):
        assert np.array_equal(frames[0][plane], base[plane]) and np.array_equal(frames[1][plane], base[plane])
    assert [line for line in lines if line.startswith("warning")] == [
        "warning frames without timestamps pass through without the effect"]
    assert_drawn_over(frames[2], base, gst.render(tmp_path, "strikethrough-reveal", 1.5, (W, H)), "a timed frame after")


def test_a_font_file_changed_while_playing_that_cannot_be_used_keeps_the_last_look(gst, tmp_path):
    launch = f"videotestsrc pattern=smpte75 ! {caps('I420')} ! fxstrikethroughrevealoverlay name=fx"
    data, times, lines = gst.pull(launch, tmp_path / "font.yuv", "play", "pull", 3, "set", "font", "/nonexistent/font.ttf",
                                  "pull", 3)
    assert len(times) == 6, lines
    assert any(line.startswith("warning the look is not changed") and "/nonexistent/font.ttf" in line for line in lines), lines
    frames = yuv420_frames(data, W, H)
    base, _, _ = overlay(gst, tmp_path, "strikethrough-reveal", "I420", pattern="smpte75")
    t = times[5][1] / 1e9
    assert_drawn_over(frames[5], base, gst.render(tmp_path, "strikethrough-reveal", t, (W, H)), "after the bad font")


@pytest.mark.parametrize(("colorimetry", "matrix"), [
    ("bt601", {"kr": 0.299, "kb": 0.114}),
    ("bt709", {}),
    ("1:4:0:0", {"kr": 0.299, "kb": 0.114, "full_range": True}),  # JPEG's: BT.601, full range
])
def test_the_ink_is_in_the_videos_own_colour_matrix_and_range(gst, tmp_path, colorimetry, matrix):
    # Saturated red text and a green line: where BT.601, BT.709 and full range differ most.
    base, frames, _ = overlay(gst, tmp_path, "strikethrough-reveal", "I420", "prop", "color", "0xFFFF0000", "prop",
                              "line-color", "0xFF00FF00", "frame", 1.5, colorimetry=colorimetry)
    ink = gst.render(tmp_path, "strikethrough-reveal", 1.5, (W, H), "--param", "color=#FF0000", "--param", "line_color=#00FF00")
    assert_drawn_over(frames[0], base, ink, colorimetry, **matrix)
    if matrix:
        other, _ = bt709_over(ink, base)
        mine, mask = bt709_over(ink, base, **matrix)
        assert np.abs(other[0][mask[0]] - mine[0][mask[0]]).mean() > 4, "the matrices draw alike: nothing is tested"
