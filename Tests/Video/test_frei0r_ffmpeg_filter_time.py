"""ffmpeg's frei0r filter draws each frame at the frame's own time, at any size.

ffmpeg 5.1's frei0r filter copies an incoming frame whose rows are padded
otherwise than the plugin's into a new frame first, and the copy has no
timestamp: the plugin is handed about -3e20 for its time. Frames a filter
makes (here, as with any YUV footage, the conversion to RGBA) have rows of
a multiple of 64 pixels on this machine, the plugin's of 16, so frames of
every size below are copied (those of 1920x1080, 1280x720, 3840x2160,
640x360 and 1080x1920 are not). Each frame the filter draws is compared
with `effect-host render`'s picture at the frame's time laid over the same
footage frame; the time is the frame's timestamp as ffmpeg's filters see
it, so input seeking (which starts the timestamps at 0), trim (which keeps
them) and setpts (which rewrites them) move it as they move the footage's.
"""

import subprocess

import numpy as np
import pytest
from test_frei0r import over, rendered, run

LOST_TIME_SIZES = [(1440, 1080), (720, 576), (720, 1280), (854, 480), (1366, 768), (2704, 1520), (1000, 1000), (322, 180),
                   (17, 9), (4097, 2160)]
# 0.08 s a frame: the 0.32 s strike is a quarter further at each.
RATE = 12.5
FILTER = "format=rgba,frei0r=filter_name=effect_strikethrough_reveal_overlay:filter_params=Ship the component"


def lavfi_footage(size):
    """Light footage (dark ink shows on it at every size), in YUV as a camera's is."""
    return ["-f", "lavfi", "-i", f"gradients=size={size[0]}x{size[1]}:rate={RATE}:c0=white:c1=0xd0d0d0:seed=1,format=yuv444p"]


def ffmpeg_frames(env, inputs, size, count, filters="format=rgba"):
    """The first `count` frames ffmpeg makes of `inputs` through `filters`, as (n, h, w, 4)."""
    # Each frame as it comes: none repeated to keep a constant rate (setpts slows them).
    made = subprocess.run(["ffmpeg", "-v", "error", *inputs, "-vf", filters, "-frames:v", str(count), "-fps_mode", "passthrough",
                           "-f", "rawvideo", "-pix_fmt", "rgba", "-"], capture_output=True, env=env, timeout=600)
    assert made.returncode == 0, made.stderr.decode(errors="replace")[-3000:]
    return np.frombuffer(made.stdout, dtype=np.uint8).reshape(-1, size[1], size[0], 4)


def pictures_at(tmp_path, size, times):
    """render's pictures of the strike at `times` (multiples of 1/RATE) on a transparent ground."""
    steps = [round(t * RATE) for t in times]
    every = rendered(tmp_path, "strikethrough-reveal", "--fps", str(RATE), "--duration", str(max(steps) / RATE), size=size)
    return every[steps]


def assert_drawn_over(made, pictures, ground):
    """Each frame is the picture laid over the footage: to within rounding where
    the picture has ink, the footage's own bytes elsewhere."""
    assert made.shape == ground.shape, (made.shape, ground.shape)
    for index, (frame, picture, under) in enumerate(zip(made, pictures, ground)):
        ink = picture[..., 3] > 0
        drawn, footage, want = frame[ink][:, :3].astype(np.float64), under[ink][:, :3], over(picture[ink], under[ink])
        # Off by at most 5% of what the picture changes (rounding leaves under
        # 1%; a frame left as it came is off by all of it, the picture 0.08 s
        # early or late by far more), and hardly a pixel far off.
        change, error = np.abs(want - footage).sum(), np.abs(drawn - want).sum()
        assert change > 0 and error <= 0.05 * change, (index, error, change)
        wrong = (np.abs(drawn - want).max(axis=-1) > 24).sum()
        assert wrong <= 0.001 * ink.sum() + 1, (index, wrong, ink.sum())
        assert np.array_equal(frame[~ink], under[~ink]), index
        assert frame[..., 3].min() == 255, index


@pytest.mark.parametrize("size", LOST_TIME_SIZES, ids=[f"{w}x{h}" for w, h in LOST_TIME_SIZES])
def test_the_filter_draws_at_each_frame_s_time_at_sizes_whose_frames_ffmpeg_copies(frei0r, tmp_path, size):
    _, env = frei0r
    ground = ffmpeg_frames(env, lavfi_footage(size), size, 3)
    made = ffmpeg_frames(env, lavfi_footage(size), size, 3, FILTER)
    assert_drawn_over(made, pictures_at(tmp_path, size, [0, 0.08, 0.16]), ground)


CLIP = (854, 480)


@pytest.fixture
def clip(frei0r, tmp_path):
    """A second of footage as a lossless YUV clip, and its frames in RGBA."""
    _, env = frei0r
    path = tmp_path / "clip.mkv"
    run(["ffmpeg", "-v", "error", "-y", *lavfi_footage(CLIP), "-frames:v", "12", "-c:v", "ffv1", str(path)], env)
    return path, ffmpeg_frames(env, ["-i", str(path)], CLIP, 12)


def test_input_seeking_starts_the_effect_at_the_first_frame_shown(frei0r, tmp_path, clip):
    _, env = frei0r
    path, footage = clip
    # -ss before -i: the frames from 0.16 s on, their timestamps from 0.
    made = ffmpeg_frames(env, ["-ss", "0.16", "-i", str(path)], CLIP, 3, FILTER)
    assert_drawn_over(made, pictures_at(tmp_path, CLIP, [0, 0.08, 0.16]), footage[2:5])


def test_trim_keeps_the_frames_times(frei0r, tmp_path, clip):
    _, env = frei0r
    path, footage = clip
    made = ffmpeg_frames(env, ["-i", str(path)], CLIP, 3, "trim=start_frame=2," + FILTER)
    assert_drawn_over(made, pictures_at(tmp_path, CLIP, [0.16, 0.24, 0.32]), footage[2:5])


def test_trim_then_setpts_to_zero_starts_the_effect_at_the_cut(frei0r, tmp_path, clip):
    _, env = frei0r
    path, footage = clip
    made = ffmpeg_frames(env, ["-i", str(path)], CLIP, 3, "trim=start_frame=2,setpts=PTS-STARTPTS," + FILTER)
    assert_drawn_over(made, pictures_at(tmp_path, CLIP, [0, 0.08, 0.16]), footage[2:5])


def test_setpts_that_slows_the_footage_slows_the_effect(frei0r, tmp_path, clip):
    _, env = frei0r
    path, footage = clip
    # Twice as slow: frame n is at 2n / 12.5 s.
    made = ffmpeg_frames(env, ["-i", str(path)], CLIP, 3, "setpts=2*PTS," + FILTER)
    assert_drawn_over(made, pictures_at(tmp_path, CLIP, [0, 0.16, 0.32]), footage[0:3])
