"""The effects as frei0r plugins, in the real, unmodified hosts video people use.

scripts/build-frei0r builds the adapter (frei0r/) against the build's
libeffecthost.so and copies it under each effect's names into a directory
of its own, which FREI0R_PATH points at. Debian's ffmpeg (frei0r_src and
frei0r), melt (MLT's frei0r producers and filters) and gst-launch-1.0
(gstreamer1.0-plugins-bad's frei0r elements) then draw frames, which are
decoded and compared with what `effect-host render` draws at the same t:
each host's time unit, params, placement and alpha are right when the
pixels agree. scripts/ensure-frei0r installs the hosts.
"""

import json
import os
import re
import shutil
import subprocess
import sys
from xml.etree import ElementTree
from xml.sax.saxutils import escape

import numpy as np
import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "Pictures"))
from test_render_pictures import ROOT, assert_strike_line_at_half, frames, host, png, strike_line_ends

EFFECTS = ["strikethrough-reveal", "tracking-breathe", "breathing-circles", "text-reveal"]
SIZE = (320, 180)


def stem(effect_id):
    return "effect_" + effect_id.replace("-", "_")


def run(command, env, check=True, cwd=None):
    result = subprocess.run(command, capture_output=True, text=True, env=env, timeout=600, cwd=cwd)
    if check:
        assert result.returncode == 0, result.stderr[-3000:]
    return result


def rendered(tmp_path, effect, *options, size=SIZE):
    """effect-host render's PNG frames on a transparent ground, as (n, h, w, 4)."""
    out = tmp_path / (effect + "-render")
    host("render", effect, "--size", f"{size[0]}x{size[1]}", "--format", "png", "--background", "transparent", *options, "-o",
         str(out) + "/")
    return np.stack([png(str(out / name)) for name in sorted(os.listdir(out))])


def premultiplied(image):
    rgba = image.astype(np.float64)
    return np.concatenate([rgba[..., :3] * rgba[..., 3:] / 255, rgba[..., 3:]], axis=-1)


def ink_box(image):
    rows, columns = np.nonzero(image[..., 3] > 0)
    return (columns.min(), rows.min(), columns.max(), rows.max()) if rows.size else None


def assert_same_frames(made, expected):
    """Mean difference at most 2/255 and the ink within 1 px, frame by frame
    (colours compared premultiplied: a clear pixel's colour is no colour)."""
    assert made.shape == expected.shape, (made.shape, expected.shape)
    for index, (a, b) in enumerate(zip(made, expected)):
        difference = np.abs(premultiplied(a) - premultiplied(b)).mean()
        assert difference <= 2, (index, difference)
        box_a, box_b = ink_box(a), ink_box(b)
        assert (box_a is None) == (box_b is None), (index, box_a, box_b)
        if box_a is not None:
            assert max(abs(int(p) - int(q)) for p, q in zip(box_a, box_b)) <= 1, (index, box_a, box_b)


def ffmpeg_source(env, out, effect, params, size=SIZE, rate=30, count=None):
    source = f"frei0r_src=size={size[0]}x{size[1]}:framerate={rate}:filter_name={stem(effect)}:filter_params={params}"
    limit = ["-frames:v", str(count)] if count else []
    return run(["ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i", source, *limit, "-c:v", "png", "-pix_fmt", "rgba", str(out)], env)


# ---- ffmpeg -------------------------------------------------------------------


@pytest.mark.parametrize("effect", EFFECTS)
def test_ffmpeg_draws_each_effect_for_its_whole_span_as_render_does(frei0r, tmp_path, effect):
    _, env = frei0r
    expected = rendered(tmp_path, effect)
    out = tmp_path / "ffmpeg.mov"
    # frei0r_src's params are positional; an empty list keeps every default
    # but the first, so the first is given its own default.
    first = {"strikethrough-reveal": "Ship the component", "tracking-breathe": "BREATHE", "breathing-circles": "0.005",
             "text-reveal": "Plan the week in one calm glance."}[effect]
    ffmpeg_source(env, out, effect, first, count=len(expected))
    made = frames_of(out)
    assert_same_frames(made, expected)


def frames_of(video):
    """Every frame of a lossless RGBA video, as (n, h, w, 4)."""
    return frames(str(video), codec=None)


def test_the_strike_is_half_drawn_at_160_ms_so_ffmpeg_time_is_read_as_milliseconds(frei0r, tmp_path):
    _, env = frei0r
    # The strike's picture is 271 x 77 pt: 542 x 154 px at 2 px a point.
    size = (542, 154)
    still = rendered(tmp_path, "strikethrough-reveal", "--fps", "25", size=size)[4]
    out = tmp_path / "strike.mov"
    # At 25 fps, frame 4 is t = 0.16 s: ffmpeg passes 160 (milliseconds).
    ffmpeg_source(env, out, "strikethrough-reveal", "Ship the component", size=size, rate=25, count=5)
    frame = frames_of(out)[4]
    assert_same_frames(frame[None], still[None])
    assert_strike_line_at_half(frame)


def footage(env, out, size, count, rate=25):
    run(["ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i", f"testsrc2=size={size[0]}x{size[1]}:rate={rate}",
         "-frames:v", str(count), "-c:v", "png", "-pix_fmt", "rgba", str(out)], env)
    return frames_of(out)


def over(picture, ground):
    alpha = picture[..., 3:].astype(np.float64) / 255
    return picture[..., :3] * alpha + ground[..., :3] * (1 - alpha)


# 250 px: ffmpeg 5.1 hands the filter rows padded to 256 px (and, the
# footage's rows padded alike, keeps the frames' time).
@pytest.mark.parametrize("size", [(640, 360), (250, 100)])
def test_the_filter_draws_the_strike_over_footage(frei0r, tmp_path, size):
    _, env = frei0r
    ground = footage(env, tmp_path / "ground.mov", size, 6)
    out = tmp_path / "over.mov"
    run(["ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i", f"testsrc2=size={size[0]}x{size[1]}:rate=25", "-frames:v", "6",
         "-vf", "format=rgba,frei0r=filter_name=effect_strikethrough_reveal_overlay:filter_params=Buy milk",
         "-c:v", "png", "-pix_fmt", "rgba", str(out)], env)
    made = frames_of(out)
    pictures = rendered(tmp_path, "strikethrough-reveal", "--param", "text=Buy milk", "--fps", "25", size=size)[:6]
    assert made.shape[0] == 6
    for index in range(6):
        want = over(pictures[index], ground[index])
        assert np.abs(made[index][..., :3] - want).mean() <= 2, index
        assert made[index][..., 3].min() == 255
    # Where the picture has no ink the footage is untouched.
    clear = pictures[4][..., 3] == 0
    assert np.array_equal(made[4][clear], ground[4][clear])


# ---- melt (MLT: Kdenlive, Shotcut) ---------------------------------------------------


def write_profile(directory, size=SIZE, rate=30):
    profile = directory / "profile"
    profile.write_text(
        f"description=effect-host test\nwidth={size[0]}\nheight={size[1]}\nprogressive=1\nsample_aspect_num=1\n"
        f"sample_aspect_den=1\ndisplay_aspect_num={size[0]}\ndisplay_aspect_den={size[1]}\nframe_rate_num={rate}\n"
        "frame_rate_den=1\ncolorspace=709\n")
    return str(profile)


def melt(env, directory, *arguments, size=SIZE):
    """melt's frames as PNGs in a directory of their own, decoded in order."""
    out = directory / "melt"
    out.mkdir()
    run(["melt", "-quiet", "-profile", write_profile(directory, size), *arguments, "-consumer", f"avformat:{out}/%05d.png",
         "vcodec=png", "pix_fmt=rgba"], env)
    return np.stack([png(str(out / name)) for name in sorted(os.listdir(out))])


@pytest.mark.parametrize("effect", ["strikethrough-reveal", "text-reveal"])
def test_melt_plays_the_source_as_render_draws_it(frei0r, tmp_path, effect):
    _, env = frei0r
    expected = rendered(tmp_path, effect)
    made = melt(env, tmp_path, "frei0r." + stem(effect), f"out={len(expected) - 1}")
    assert_same_frames(made, expected)


def melt_track(env, directory, effect, entries, producer='in="0" out="299"'):
    """melt's frames of a track (a playlist) laying out clips of one source."""
    project = directory / "track.mlt"
    project.write_text(
        f'<mlt><producer id="clip" {producer}><property name="mlt_service">frei0r.{stem(effect)}</property>'
        f'</producer>' + (f'<playlist id="track">{entries}</playlist>' if entries else "") + '</mlt>')
    return melt(env, directory, str(project))


def test_a_seek_in_melt_gives_the_frames_of_those_times(frei0r, tmp_path):
    _, env = frei0r
    expected = rendered(tmp_path, "text-reveal", "--duration", "1.5")
    # One source, asked for its frames 30..40 and then 0..10: back in time.
    made = melt_track(env, tmp_path, "text-reveal",
                      '<entry producer="clip" in="30" out="40"/><entry producer="clip" in="0" out="10"/>')
    assert made.shape[0] == 22
    assert_same_frames(made, expected[[*range(30, 41), *range(0, 11)]])


def test_a_clip_on_a_track_counts_its_own_time_wherever_it_is_placed(frei0r, tmp_path):
    _, env = frei0r
    expected = rendered(tmp_path, "strikethrough-reveal", "--duration", "1")
    # As an editor lays clips out: the source 20 frames into the track, then
    # again at 45 trimmed by 5 frames at its start. MLT hands a producer the
    # track's position; each clip must still start at its own frame 0 (the
    # trimmed one at its frame 5), with no param set.
    made = melt_track(env, tmp_path, "strikethrough-reveal",
                      '<blank length="20"/><entry producer="clip" in="0" out="14"/><blank length="10"/>'
                      '<entry producer="clip" in="5" out="19"/>')
    assert made.shape[0] == 60
    assert_same_frames(made[20:35], expected[0:15])
    assert_same_frames(made[45:60], expected[5:20])


def test_a_generator_trimmed_on_its_producer_starts_at_its_in_point(frei0r, tmp_path):
    _, env = frei0r
    expected = rendered(tmp_path, "text-reveal", "--duration", "1.5")
    # As a video clip with in=25 starts at its frame 25 (0.83 s at 30 fps),
    # not at t = 0: the reveal is under way, and still moving to frame 40.
    made = melt(env, tmp_path, "frei0r.effect_text_reveal", "in=25", "out=40")
    assert made.shape[0] == 16
    assert_same_frames(made, expected[25:41])
    assert not np.array_equal(made[0], made[-1])


def test_a_producer_trimmed_in_mlt_xml_starts_at_its_in_point_alone_and_on_a_track(frei0r, tmp_path):
    _, env = frei0r
    expected = rendered(tmp_path, "text-reveal", "--duration", "1.5")
    (tmp_path / "alone").mkdir()
    (tmp_path / "track").mkdir()
    alone = melt_track(env, tmp_path / "alone", "text-reveal", "", producer='in="25" out="40"')
    assert_same_frames(alone, expected[25:41])
    # A track's entry counts from the producer's in-point, as it does for a
    # video clip: in="8" of a producer trimmed to 20 is the clip's frame 28.
    track = melt_track(env, tmp_path / "track", "text-reveal", '<entry producer="clip" in="8" out="18"/>',
                       producer='in="20" out="299"')
    assert_same_frames(track, expected[28:39])


def test_the_manuals_melt_example_keeps_the_dimmed_done_state_in_its_mp4(frei0r, tmp_path):
    _, env = frei0r
    # docs/video-editors.md's melt commands, run as the manual shows them.
    with open(os.path.join(ROOT, "docs", "video-editors.md"), encoding="utf-8") as file:
        manual = file.read()
    script = re.search(r"## MLT: melt, Kdenlive, Shotcut\n.*?```sh\n(.*?)```", manual, re.DOTALL).group(1)
    run(["bash", "-euo", "pipefail", "-c", script], dict(env, PWD=str(tmp_path)), cwd=tmp_path)
    made = frames(str(tmp_path / "strike.mp4"))
    # At 1 s (frame 30) the strike is done: the text is drawn at 45% of its
    # light ink over the dark theme's black, as render draws it, not at full
    # strength (an MP4 has no alpha to dim it with).
    still = tmp_path / "still.png"
    host("render", "strikethrough-reveal", "--param", "text=Buy milk", "--theme", "dark", "--time", "1", "--size", "1280x720",
         "-o", str(still))
    want = png(str(still))[..., :3].astype(np.float64)
    frame = made[30][..., :3].astype(np.float64)
    assert np.abs(frame - want).mean() <= 1, np.abs(frame - want).mean()
    assert frame.max() <= want.max() + 16, (frame.max(), want.max())


def test_a_keyframed_done_in_melt_is_an_event_at_its_frame(frei0r, tmp_path):
    _, env = frei0r
    # done is on from frame 0 and off from frame 45 (1.5 s): the strike
    # draws, holds, and retracts from 1.5 s, as render's --at 1.5:done=false.
    expected = rendered(tmp_path, "strikethrough-reveal", "--duration", "2", "--at", "1.5:done=false")
    made = melt(env, tmp_path, "frei0r.effect_strikethrough_reveal", "done=0|=1;45|=0", f"out={len(expected) - 1}")
    assert_same_frames(made, expected)
    # The retract is under way a few frames after 1.5 s: not the settled frames either side.
    assert not np.array_equal(made[50], made[44]) and not np.array_equal(made[50], made[-1])


# ---- GStreamer ------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["こんにちは、世界", "مرحبا بالعالم"])
def test_gstreamer_draws_the_source_with_utf8_text(frei0r, tmp_path, text):
    _, env = frei0r
    expected = rendered(tmp_path, "strikethrough-reveal", "--param", "text=" + text)
    out = tmp_path / "gst"
    out.mkdir()
    run(["gst-launch-1.0", "-q", "frei0r-src-effect-strikethrough-reveal", "text=" + text, f"num-buffers={len(expected)}",
         "!", f"video/x-raw,format=RGBA,width={SIZE[0]},height={SIZE[1]},framerate=30/1", "!", "pngenc", "!", "multifilesink",
         f"location={out}/%05d.png"], env)
    made = np.stack([png(str(out / name)) for name in sorted(os.listdir(out))])
    assert_same_frames(made, expected)


# ---- Bad input --------------------------------------------------------------------------


def test_text_that_is_not_utf8_leaves_the_frames_clear_and_says_why_once(frei0r, tmp_path):
    _, env = frei0r
    out = tmp_path / "bad.mov"
    source = b"frei0r_src=size=64x48:framerate=25:filter_name=effect_strikethrough_reveal:filter_params=caf\xe9 \xff"
    result = subprocess.run([b"ffmpeg", b"-v", b"error", b"-y", b"-f", b"lavfi", b"-i", source, b"-frames:v", b"5",
                             b"-c:v", b"png", b"-pix_fmt", b"rgba", str(out).encode()], capture_output=True, env=env, timeout=600)
    assert result.returncode == 0, result.stderr
    made = frames_of(out)
    assert made.shape[0] == 5 and not made.any()
    said = [line for line in result.stderr.decode(errors="replace").splitlines() if line.startswith("effect_strikethrough_reveal:")]
    assert len(said) == 1 and "UTF-8" in said[0], said


def test_a_font_not_installed_and_characters_no_font_has_are_said_once(frei0r, tmp_path):
    _, env = frei0r
    out = tmp_path / "melt"
    out.mkdir()
    # U+F0000 is private use: no font has it.
    result = run(["melt", "-quiet", "-profile", write_profile(tmp_path, (160, 90)), "frei0r.effect_strikethrough_reveal",
                  "font=No Such Family Anywhere", "text=A \U000F0000", "out=9", "-consumer", f"avformat:{out}/%05d.png",
                  "vcodec=png", "pix_fmt=rgba"], env)
    said = [line for line in result.stderr.splitlines() if line.startswith("effect_strikethrough_reveal:")]
    assert len(said) == 2, said
    assert "No Such Family Anywhere" in said[0] and "is drawn in" in said[0]
    assert "U+F0000" in said[1]
    # The text is drawn all the same, in the family fontconfig offers.
    assert png(str(out / "00009.png"))[..., 3].any()


def test_an_effects_note_is_said_once(frei0r, tmp_path):
    """text-reveal names a highlight phrase that matches no word of its text
    (the plugin's note, through effect_host_instance_notes), once for the
    whole clip, in melt as in render."""
    _, env = frei0r
    out = tmp_path / "melt"
    out.mkdir()
    result = run(["melt", "-quiet", "-profile", write_profile(tmp_path, (160, 90)), "frei0r.effect_text_reveal",
                  "highlights=weekend|calm", "out=9", "-consumer", f"avformat:{out}/%05d.png", "vcodec=png", "pix_fmt=rgba"], env)
    assert plugin_lines(result.stderr, "text-reveal") == [
        "effect_text_reveal: the highlight 'weekend' matches no words of the text, so nothing is highlighted for it"]


def test_events_that_do_not_read_are_said_in_the_hosts_words(frei0r, tmp_path):
    """The adapter's `events` are read by the host's one grammar for
    "T:NAME=VALUE" (effect_host_instance_set_event_text): the line melt
    prints is the one `effect-host --at` would give."""
    _, env = frei0r
    said = {}
    for events in ("0=soon:done=false", "0=1.5-done=false", "0=1.5:done=maybe"):
        out = tmp_path / str(len(said))
        out.mkdir()
        result = run(["melt", "-quiet", "-profile", write_profile(tmp_path, (160, 90)), "frei0r.effect_strikethrough_reveal",
                      f"events={events}", "out=2", "-consumer", f"avformat:{out}/%05d.png", "vcodec=png", "pix_fmt=rgba"], env)
        said[events] = plugin_lines(result.stderr)
    assert said == {
        "0=soon:done=false": ["effect_strikethrough_reveal: events: an event needs a time in seconds >= 0 before ':', not 'soon'"],
        "0=1.5-done=false": ["effect_strikethrough_reveal: events: an event is T:NAME=VALUE, not '1.5-done=false'"],
        "0=1.5:done=maybe": ["effect_strikethrough_reveal: events: param 'done' needs true or false, not 'maybe'"],
    }


# Every param of the strike up to font, as ffmpeg takes them (by position),
# at the defaults render draws with: 0.32 s is 0.0053167... of 0.001 to 60 s.
STRIKE_PARAMS_TO_FONT = "Ship the component|y|0.005316755279254654|0.45|y|0|n|#8a8f98|1|#000000|1|n|light|"


def plugin_lines(stderr, effect="strikethrough-reveal"):
    return [line for line in stderr.splitlines() if line.startswith(stem(effect) + ":")]


@pytest.mark.parametrize("program", ["ffmpeg", "melt", "gst-launch-1.0"])
def test_a_font_file_that_is_not_there_draws_the_text_as_with_no_font_and_says_so_once(frei0r, tmp_path, program):
    _, env = frei0r
    missing = "/nonexistent/font.ttf"
    # The library and the CLI refuse it, as they document.
    refused = host("render", "strikethrough-reveal", "--font", missing, "-o", str(tmp_path / "refused.png"), check=False)
    assert refused.returncode != 0 and missing in refused.stderr
    expected = rendered(tmp_path, "strikethrough-reveal")
    out = tmp_path / "frames"
    out.mkdir()
    if program == "ffmpeg":
        source = f"frei0r_src=size={SIZE[0]}x{SIZE[1]}:framerate=30:filter_name=effect_strikethrough_reveal:" \
                 f"filter_params={STRIKE_PARAMS_TO_FONT}{missing}"
        result = run(["ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i", source, "-frames:v", str(len(expected)), "-c:v", "png",
                      "-pix_fmt", "rgba", str(out / "%05d.png")], env)
    elif program == "melt":
        result = run(["melt", "-quiet", "-profile", write_profile(tmp_path), "frei0r.effect_strikethrough_reveal", "font=" + missing,
                      f"out={len(expected) - 1}", "-consumer", f"avformat:{out}/%05d.png", "vcodec=png", "pix_fmt=rgba"], env)
    else:
        result = run(["gst-launch-1.0", "-q", "frei0r-src-effect-strikethrough-reveal", "font=" + missing,
                      f"num-buffers={len(expected)}", "!", f"video/x-raw,format=RGBA,width={SIZE[0]},height={SIZE[1]},framerate=30/1",
                      "!", "pngenc", "!", "multifilesink", f"location={out}/%05d.png"], env)
    made = np.stack([png(str(out / name)) for name in sorted(os.listdir(out))])
    # The title is there, drawn in Inter as with font empty.
    assert_same_frames(made, expected)
    said = plugin_lines(result.stderr)
    assert len(said) == 1 and missing in said[0] and "as with font empty" in said[0], said


@pytest.mark.parametrize("size", ["-1", "0"])
def test_a_size_of_0_or_less_draws_nothing_and_says_why_once(frei0r, tmp_path, size):
    _, env = frei0r
    out = tmp_path / "frames"
    out.mkdir()
    result = run(["melt", "-quiet", "-profile", write_profile(tmp_path), "frei0r.effect_strikethrough_reveal", "size=" + size,
                  "out=4", "-consumer", f"avformat:{out}/%05d.png", "vcodec=png", "pix_fmt=rgba"], env)
    made = np.stack([png(str(out / name)) for name in sorted(os.listdir(out))])
    assert made.shape[0] == 5 and not made.any()
    said = plugin_lines(result.stderr)
    assert len(said) == 1 and said[0].startswith(f"effect_strikethrough_reveal: size {size} ") and "nothing is drawn" in said[0], said


def test_a_frame_too_large_is_refused_at_construction(frei0r, tmp_path):
    _, env = frei0r
    source = "frei0r_src=size=9000x9000:framerate=25:filter_name=effect_text_reveal:filter_params=Hi"
    result = run(["ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i", source, "-frames:v", "1", "-f", "null", "-"], env,
                 check=False)
    assert result.returncode != 0
    assert "effect_text_reveal: a frame of 9000 x 9000 pixels cannot be drawn: each side is 1 to 8192" in result.stderr


def test_a_plugin_named_for_no_effect_is_an_error_naming_it(frei0r, tmp_path):
    plugins, env = frei0r
    lonely = tmp_path / "frei0r-1"
    lonely.mkdir()
    shutil.copy(plugins / "effect_text_reveal.so", lonely / "effect_no_such_effect.so")
    source = "frei0r_src=size=64x48:framerate=25:filter_name=effect_no_such_effect:filter_params=x"
    result = run(["ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i", source, "-frames:v", "1", "-f", "null", "-"],
                 dict(env, FREI0R_PATH=str(lonely)), check=False)
    assert result.returncode != 0
    assert "effect_no_such_effect: unknown effect 'no-such-effect'" in result.stderr


def test_calls_no_host_should_make_get_an_answer_and_never_a_crash(frei0r, tmp_path):
    plugins, env = frei0r
    program = tmp_path / "frei0r_calls"
    subprocess.run(["cc", "-std=c11", "-Wall", "-Wextra", "-Werror", "-pedantic", "-fsanitize=address,undefined",
                    "-fno-sanitize-recover=all", "-g", os.path.join(ROOT, "Tests", "Fixtures", "c", "frei0r_calls.c"),
                    "-o", str(program), "-ldl", "-lm"], check=True, capture_output=True)
    result = run([str(program), str(plugins / "effect_strikethrough_reveal.so")],
                 dict(env, ASAN_OPTIONS="detect_leaks=0", UBSAN_OPTIONS="print_stacktrace=1"))
    lines = dict(line.split(": ", 1) for line in result.stdout.splitlines())
    assert lines["init"] == "1"
    assert lines["info"].startswith("effect_strikethrough_reveal type 1 model 1 version 1 params ")
    assert lines["param out of range"] == "untouched"
    assert lines["construct 0x0"] == lines["construct 8193x8"] == lines["construct 100000x100000"] == "NULL"
    assert lines["1x1"] == "drawn"
    for time in ["nan", "inf", "-inf", "-1", "-3e+20", "1e+300"]:
        assert lines[f"time {time}"] == "0 of 3072 pixels inked", time
    assert lines["time 1000"] == "ink"
    assert lines["text after NULL"] == "''"
    assert lines["text kept"] == "'copied'"
    assert lines["size 7 reads"] == "1"
    assert lines["size NaN reads"] == "1"
    assert lines["done"] == "yes"


# ---- Kdenlive, and Lottie in MLT ----------------------------------------------------------


def test_each_source_has_a_kdenlive_generator_whose_tag_and_params_melt_knows(frei0r, generators):
    _, env = frei0r
    producers = run(["melt", "-query", "producers"], env).stdout
    for effect in EFFECTS:
        tree = ElementTree.parse(generators / (stem(effect) + ".xml"))
        generator = tree.getroot()
        tag = "frei0r." + stem(effect)
        assert generator.get("tag") == generator.get("id") == tag
        assert f"  - {tag}\n" in producers
        assert generator.findtext("name") == " ".join(word.capitalize() for word in effect.split("-"))
        # Every parameter is one of the plugin's, by the name MLT looks it up by.
        described = run(["melt", "-query", "producer=" + tag], env).stdout
        titles = set(re.findall(r"^    title: (\S+)$", described, re.MULTILINE))
        names = [parameter.get("name") for parameter in generator.iter("parameter")]
        assert names and set(names) == titles, (effect, set(names) ^ titles)
    # The strike's defaults as its plugin has them: done on, 0.32 s of 0.001...60 s.
    strike = ElementTree.parse(generators / "effect_strikethrough_reveal.xml").getroot()
    parameters = {parameter.get("name"): parameter for parameter in strike.iter("parameter")}
    assert parameters["text"].get("default") == "Ship the component"
    assert parameters["done"].get("type") == "bool" and parameters["done"].get("default") == "1"
    assert abs(float(parameters["duration"].get("default")) - (0.32 - 0.001) / (60 - 0.001)) < 1e-6
    assert parameters["line_color"].get("type") == "color" and parameters["line_color"].get("default") == "#8a8f98"


KDENLIVE_LEVELS = 0


# What Kdenlive 22.12 hands MLT for a generator's param left untouched. Its
# generator dialog (src/bin/generators/generators.cpp) builds an
# AssetParameterModel on the XML: the constructor sets each param to
# parseAttribute("default") as it is -- a number's `factor` only scales what
# DoubleWidget shows -- through internalSetParameter, which sets a value that
# reads as a number (QString::toDouble) as a double, anything else as text.
# MLT 7.12 writes a double into the saved clip and project as "%g".
KDENLIVE_NUMBER = re.compile(r"\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*")


def kdenlive_mlt_value(parameter):
    text = parameter.get("default", "")
    if KDENLIVE_NUMBER.fullmatch(text):
        return f"{float(text):g}"  # C's %g, as mlt_property writes it
    return text


def kdenlive_title(generator, out):
    """The MLT producer of a title Kdenlive makes from `generator` with every field untouched."""
    properties = "".join(
        f'<property name="{parameter.get("name")}">{escape(kdenlive_mlt_value(parameter))}</property>'
        for parameter in generator.iter("parameter"))
    return (f'<mlt><producer id="title" in="0" out="{out}"><property name="mlt_service">{generator.get("tag")}</property>'
            f'{properties}</producer></mlt>')


@pytest.mark.parametrize("effect", EFFECTS)
def test_a_kdenlive_title_with_untouched_fields_is_what_render_draws(frei0r, generators, tmp_path, effect):
    _, env = frei0r
    expected = rendered(tmp_path, effect, "--duration", "1")
    generator = ElementTree.parse(generators / (stem(effect) + ".xml")).getroot()
    project = tmp_path / "title.mlt"
    project.write_text(kdenlive_title(generator, len(expected) - 1))
    made = melt(env, tmp_path, str(project))
    assert made.shape == expected.shape
    # The same library draws both: every frame is render's, to a level of
    # rounding in the conversion of MLT's frame to PNG.
    difference = np.abs(premultiplied(made) - premultiplied(expected))
    assert difference.max() <= KDENLIVE_LEVELS, (effect, difference.max(), np.unravel_index(difference.argmax(), difference.shape))


def test_kdenlive_offers_closed_choices_as_lists_and_numbers_in_their_units(generators):
    for effect in EFFECTS:
        params = json.loads(host("info", effect, "--json").stdout)["params"]
        parameters = {parameter.get("name"): parameter for parameter in
                      ElementTree.parse(generators / (stem(effect) + ".xml")).getroot().iter("parameter")}
        # The adapter's own choices, and every enum's, are drop-down lists
        # of exactly its names: a typo ("Dark") cannot be typed.
        assert parameters["theme"].get("type") == "list" and parameters["theme"].get("paramlist") == "light;dark"
        assert parameters["time_unit"].get("paramlist") == "auto;seconds;milliseconds"
        assert parameters["time_unit"].get("default") == "auto"
        free_text = {"font", "start", "events"} | {param["name"] for param in params if param["type"] == "string"}
        assert {name for name, parameter in parameters.items() if parameter.get("type") == "keywords"} == free_text
        for param in params:
            parameter = parameters[param["name"]]
            if param["type"] == "enum":
                assert parameter.get("type") == "list", (effect, param["name"])
                assert parameter.get("paramlist").split(";") == param["choices"]
                assert parameter.get("default") == param["default"]
            if param["type"] not in ("number", "integer"):
                continue
            low, high, unit = param["min"], param["max"], param["unit"]
            default = float(parameter.get("default"))
            # The frei0r value stands for min to max; Kdenlive shows it times
            # `factor`, with `min` and `max` in what it shows (DoubleWidget).
            real = param["default"] if param["default"] is not None else low
            assert abs(low + default * (high - low) - real) <= 1e-5 * (high - low), (effect, param["name"])
            factor = float(parameter.get("factor"))
            assert parameter.get("type") == "constant" and float(parameter.get("min")) == 0
            assert float(parameter.get("max")) == factor
            if low == 0 and (unit or param["type"] == "integer" or high != 1):
                # Shown in the param's own unit: the default as it is.
                assert factor == high, (effect, param["name"])
                assert abs(default * factor - real) <= 1e-5 * high, (effect, param["name"])
                assert parameter.get("suffix", "") == {"": "", "deg": "°"}.get(unit, " " + unit), (effect, param["name"])
            else:
                # Kdenlive reads no offset, so a range that starts elsewhere
                # (or a share) is a percentage, its ends said.
                assert factor == 100 and parameter.get("suffix") == "%", (effect, param["name"])
                if (low, high) != (0, 1):
                    assert f"0% is {low:.17g}" in parameter.findtext("comment"), (effect, param["name"])
                    assert f"100% is {high:.17g}" in parameter.findtext("comment"), (effect, param["name"])
    # The seeds' numbers, as Kdenlive shows them.
    reveal = {parameter.get("name"): parameter for parameter in
              ElementTree.parse(generators / "effect_text_reveal.xml").getroot().iter("parameter")}
    assert reveal["unit"].get("paramlist") == "characters;words;lines" and reveal["unit"].get("default") == "words"
    assert reveal["duration"].get("suffix") == " s"
    assert round(float(reveal["duration"].get("default")) * float(reveal["duration"].get("factor")), 3) == 0.8
    circles = {parameter.get("name"): parameter for parameter in
               ElementTree.parse(generators / "effect_breathing_circles.xml").getroot().iter("parameter")}
    assert round(float(circles["breathe_in"].get("default")) * float(circles["breathe_in"].get("factor")), 3) == 3


def test_mlt_plays_the_lottie_export_through_glaxnimate(frei0r, tmp_path):
    _, env = frei0r
    animation = tmp_path / "strike.json"
    host("export", "strikethrough-reveal", "-o", str(animation))
    out = tmp_path / "glaxnimate"
    out.mkdir()
    profile = tmp_path / "profile"
    # The export is 271 x 77 pt: at 542 x 154 px, 2 px a point.
    profile.write_text("description=effect-host test\nwidth=542\nheight=154\nprogressive=1\nsample_aspect_num=1\n"
                       "sample_aspect_den=1\ndisplay_aspect_num=542\ndisplay_aspect_den=154\nframe_rate_num=25\n"
                       "frame_rate_den=1\ncolorspace=709\n")
    # glaxnimate's producer needs a display: Xvfb's.
    run(["xvfb-run", "-a", "melt", "-quiet", "-profile", str(profile), "glaxnimate:" + str(animation), "out=8",
         "-consumer", f"avformat:{out}/%05d.png", "vcodec=png", "pix_fmt=rgba"], dict(env, XDG_RUNTIME_DIR=str(tmp_path)))
    played = np.stack([png(str(out / name)) for name in sorted(os.listdir(out))])
    assert played.shape[0] == 9
    # At 25 fps frame 4 is 0.16 s: the line ends where render's does then
    # (glaxnimate draws it softer, its round start cap fainter), and not
    # where it ends a frame either side.
    still = tmp_path / "still.png"
    host("render", "strikethrough-reveal", "--time", "0.16", "--background", "#ffffff", "-o", str(still))
    white = np.full_like(played[0], 255)
    ends = [strike_line_ends(over(frame, white).astype(np.uint8), 92)[1] for frame in played[3:6]]
    _, end, _ = strike_line_ends(png(str(still)), 92)
    assert abs(ends[1] - end) <= 2 and abs(ends[0] - end) > 20 and abs(ends[2] - end) > 20, (ends, end)


def test_events_replay_as_render_plays_them_even_through_mlts_keyframe_parsing(frei0r, tmp_path):
    _, env = frei0r
    expected = rendered(tmp_path, "strikethrough-reveal", "--duration", "2", "--at", "1.5:done=false")
    # MLT reads a string with = in it as keyframes: "0=" makes the whole
    # list the value from frame 0 on.
    made = melt(env, tmp_path, "frei0r.effect_strikethrough_reveal", "events=0=1.5:done=false", f"out={len(expected) - 1}")
    assert_same_frames(made, expected)


def test_mlt_threads_slicing_draws_the_same_frames_as_one_thread(frei0r, tmp_path):
    _, env = frei0r
    expected = rendered(tmp_path, "text-reveal", "--duration", "1")
    (tmp_path / "whole").mkdir()
    (tmp_path / "sliced").mkdir()
    whole = melt(env, tmp_path / "whole", "frei0r.effect_text_reveal", "out=30")
    # threads=2 would hand the plugin two 320 x 90 strips of each frame.
    sliced = melt(env, tmp_path / "sliced", "frei0r.effect_text_reveal", "threads=2", "out=30")
    assert np.array_equal(whole, sliced)
    assert_same_frames(sliced, expected)
    # The filter too, set to slice after it is made.
    (tmp_path / "over").mkdir()
    over_footage = melt(env, tmp_path / "over", "color:#000000", "out=30", "-filter", "frei0r.effect_text_reveal_overlay",
                        "threads=0")
    ink = expected[..., 3] > 0
    assert np.array_equal(over_footage[..., 3], np.full_like(over_footage[..., 3], 255))
    assert (over_footage[ink][..., :3] > 0).any() and not over_footage[~ink][..., :3].any()


def test_a_text_gstreamer_sets_while_playing_is_drawn_not_a_crash(frei0r, tmp_path):
    _, env = frei0r
    # GStreamer 1.22 hands a string property set while playing to the
    # plugin as the string itself, not its address: Debian's python3 with
    # PyGObject plays a pipeline and changes the text at frame 10.
    script = os.path.join(ROOT, "Tests", "Fixtures", "gstreamer", "change_text.py")
    result = run(["/usr/bin/python3", script, "frei0r-src-effect-strikethrough-reveal", "A much longer task"], env)
    lines = dict(line.split(": ", 1) for line in result.stdout.splitlines())
    assert lines["text"] == "A much longer task"
    before, after = (int(width) for width in lines["ink"].split())
    assert 0 < before < after


def test_size_and_place_put_the_picture_where_they_say(frei0r, tmp_path):
    _, env = frei0r
    # Half the fitted size, in the bottom-left corner of 640 x 360: the
    # picture is drawn at the scale render fits it to 320 x 180 with, so its
    # ink is that frame's, moved from the centre of 320 x 180 to the corner.
    still = tmp_path / "still.png"
    host("render", "strikethrough-reveal", "--background", "transparent", "-o", str(still))
    points = np.array(png(str(still)).shape[1::-1]) / 2  # 2 px a point, rounded up: within half a point
    half = rendered(tmp_path, "strikethrough-reveal", size=(320, 180))[-1]
    made = melt(env, tmp_path, "frei0r.effect_strikethrough_reveal", "size=0.5", "x=0", "y=1", "out=20", size=(640, 360))[-1]
    scale = min(320 / points[0], 180 / points[1])
    centred = (np.array([320, 180]) - points * scale) / 2
    corner = np.array([0, 360 - points[1] * scale])
    left, top, right, bottom = ink_box(half)
    expected = [*(np.array([left, top]) - centred + corner), *(np.array([right, bottom]) - centred + corner)]
    assert np.abs(np.array(ink_box(made)) - expected).max() <= 1.5, (ink_box(made), expected)
    # Drawn at that scale, not shrunk: as much ink (alpha summed) as render's at 320 x 180.
    ink, expected_ink = made[..., 3].astype(int).sum(), half[..., 3].astype(int).sum()
    assert abs(ink - expected_ink) <= 0.02 * expected_ink, (ink, expected_ink)


@pytest.mark.parametrize("size", [(322, 241), (3840, 2160)])
def test_ffmpeg_frames_of_any_size_are_render_s(frei0r, tmp_path, size):
    _, env = frei0r
    # Odd sizes, whose rows ffmpeg 5.1 pads to 336 px, and 4K (the strike
    # up to 0.16 s, half drawn).
    expected = rendered(tmp_path, "strikethrough-reveal", "--fps", "25", "--duration", "0.16", size=size)
    out = tmp_path / "sized.mov"
    ffmpeg_source(env, out, "strikethrough-reveal", "Ship the component", size=size, rate=25, count=len(expected))
    assert_same_frames(frames_of(out), expected)


def test_a_keyframed_param_the_effect_is_made_from_keeps_the_events_seen_before(frei0r, tmp_path):
    _, env = frei0r
    # done turns on at frame 15; wrap_width, which the effect is made
    # from, moves by a hair at frame 20, which makes the effect anew: the
    # strike that began at 0.5 s goes on as if nothing had changed.
    (tmp_path / "plain").mkdir()
    (tmp_path / "remade").mkdir()
    plain = melt(env, tmp_path / "plain", "frei0r.effect_strikethrough_reveal", "done=0|=0;15|=1", "out=30")
    remade = melt(env, tmp_path / "remade", "frei0r.effect_strikethrough_reveal", "done=0|=0;15|=1",
                  "wrap_width=0|=0.05;20|=0.0500001", "out=30")
    # To the byte: dropping the strike's event would leave frames 20 to 23
    # fully struck, a mean difference of only 0.04 to 1.3 of 255.
    assert np.array_equal(remade, plain)
    # Mid-strike at frame 20: neither the frame before done turned on nor the settled one.
    assert not np.array_equal(remade[20], remade[14]) and not np.array_equal(remade[20], remade[30])
