"""The effecthost GStreamer plugin under test: building it, running it, reading its frames.

Everything runs hermetically: a GStreamer registry of the session's own
(GST_REGISTRY), the plugin's directory on GST_PLUGIN_PATH, a home and
caches of the test's own, and EFFECT_PLUGIN_PATH set only when a test gives
one (otherwise the host finds the plugins beside the build, as the other
directories' tests do).
"""

import os
import subprocess
import sys

import numpy as np

TESTS = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(TESTS, "Pictures"))
from test_render_pictures import png  # noqa: E402

ROOT = os.path.dirname(TESTS)
BUILD = os.environ.get("EFFECT_TEST_BUILD_DIR", os.path.join(ROOT, ".build", "debug"))
HOST = os.path.join(BUILD, "effect-host")
EFFECTS = ["strikethrough-reveal", "tracking-breathe", "breathing-circles", "text-reveal"]
HARNESS_PACKAGES = ["gstreamer-check-1.0", "gstreamer-controller-1.0", "gstreamer-video-1.0", "gstreamer-app-1.0"]


def element(effect, kind):
    """strikethrough-reveal, "src" -> fxstrikethroughrevealsrc (docs/gstreamer.md's rule)."""
    return "fx" + effect.replace("-", "") + kind


def build_plugin(directory):
    plugin = directory / "libgsteffecthost.so"
    built = subprocess.run([os.path.join(ROOT, "scripts", "build-gst"), "--runpath", BUILD, BUILD, str(plugin)],
                           capture_output=True, text=True)
    assert built.returncode == 0, built.stderr
    return plugin


def compile_harness(out):
    flags = subprocess.run(["pkg-config", "--cflags", "--libs", *HARNESS_PACKAGES], capture_output=True, text=True,
                           check=True).stdout.split()
    compiled = subprocess.run([os.environ.get("CC", "cc"), "-std=c11", "-Wall", "-Wextra", "-Werror",
                               os.path.join(ROOT, "Tests", "GStreamer", "harness.c"), "-o", str(out), *flags],
                              capture_output=True, text=True)
    assert compiled.returncode == 0, compiled.stderr
    return out


def gst_env(plugin_dir, registry, home, plugin_path=None, debug=None):
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(home), "XDG_CACHE_HOME": str(home / "cache"),
           "XDG_CONFIG_HOME": str(home / "config"), "XDG_DATA_HOME": str(home / "data"),
           "GST_PLUGIN_PATH": str(plugin_dir), "GST_REGISTRY": str(registry)}
    if plugin_path is not None:
        env["EFFECT_PLUGIN_PATH"] = str(plugin_path)
    if debug is not None:
        env["GST_DEBUG"] = debug
    return env


class Gst:
    """The built plugin and harness, and the environment they run in."""

    def __init__(self, plugin, harness, home, registry):
        self.plugin, self.harness, self.home, self.registry = plugin, harness, home, registry
        self.renders = {}

    def env(self, plugin_path=None, debug=None, registry=None, extra=None):
        return {**gst_env(self.plugin.parent, registry or self.registry, self.home, plugin_path, debug), **(extra or {})}

    def run(self, command, check=True, timeout=120, **env):
        result = subprocess.run(command, capture_output=True, text=True, env=self.env(**env), timeout=timeout)
        if check:
            assert result.returncode == 0, (command, result.returncode, result.stderr[-3000:])
        return result

    def launch(self, pipeline, check=True, timeout=120, **env):
        """gst-launch-1.0 -q PIPELINE (a string, split as a shell would not need to: on spaces)."""
        return self.run(["gst-launch-1.0", "-q", *pipeline.split()], check=check, timeout=timeout, **env)

    def push(self, factory, caps, pattern, out, *steps, check=True):
        """The overlay in a GstHarness: (input frame bytes, output bytes, stdout lines, result)."""
        result = self.run([str(self.harness), "push", factory, caps, pattern, str(out), *map(str, steps)], check=check)
        frames = out.read_bytes() if out.exists() else b""
        source = (out.parent / (out.name + ".in")).read_bytes() if check else b""
        return source, frames, result.stdout.splitlines(), result

    def pull(self, launch, out, *steps):
        """A pipeline LAUNCH ! appsink: (output bytes, [(pts, stream time)], stdout lines)."""
        result = self.run([str(self.harness), "pull", launch, str(out), *map(str, steps)])
        lines = result.stdout.splitlines()
        times = [(int(f[1]), int(f[2])) for f in (line.split() for line in lines) if f[0] == "frame"]
        return out.read_bytes(), times, lines

    def render(self, tmp_path, effect, t, size, *options):
        """effect-host render's straight-alpha RGBA still at t and size, decoded (h, w, 4)."""
        key = (effect, t, size, options)
        if key not in self.renders:
            out = tmp_path / f"render-{len(self.renders)}.png"
            self.run([HOST, "render", effect, "--time", str(t), "--size", f"{size[0]}x{size[1]}", "--background",
                      "transparent", *options, "-o", str(out)])
            self.renders[key] = png(str(out))
        return self.renders[key]


def rgba_frames(data, width, height):
    return np.frombuffer(data, dtype=np.uint8).reshape(-1, height, width, 4)


def yuv420_frames(data, width, height, nv12=False):
    """Packed I420 or NV12 frames as a list of (Y, U, V) planes."""
    cw, ch = (width + 1) // 2, (height + 1) // 2
    size = width * height + 2 * cw * ch
    array = np.frombuffer(data, dtype=np.uint8)
    assert array.size % size == 0, (array.size, size)
    frames = []
    for frame in array.reshape(-1, size):
        y = frame[:width * height].reshape(height, width)
        if nv12:
            uv = frame[width * height:].reshape(ch, cw, 2)
            frames.append((y, uv[..., 0], uv[..., 1]))
        else:
            u = frame[width * height:width * height + cw * ch].reshape(ch, cw)
            frames.append((y, u, frame[width * height + cw * ch:].reshape(ch, cw)))
    return frames


def mean_difference(a, b):
    return float(np.abs(a.astype(np.float64) - b.astype(np.float64)).mean())


def premultiplied(image):
    rgba = image.astype(np.float64)
    return np.concatenate([rgba[..., :3] * rgba[..., 3:] / 255, rgba[..., 3:]], axis=-1)


def bt709_over(ink, base, kr=0.2126, kb=0.0722, full_range=False):
    """ink (straight RGBA, the frame's size) over base (Y, U, V 4:2:0): Y'CbCr with
    the matrix's Kr and Kb (BT.709's by default; BT.601's are 0.299 and 0.114), in
    limited range (Y 16-235, chroma 16-240) or full range (0-255).

    Luma per pixel; chroma from the top-left pixel of each 2x2 block, as
    gst_video_overlay_composition_blend samples it. Returns the planes (float)
    and each plane's ink mask (chroma: any of the block's pixels has alpha).
    """
    rgba = ink.astype(np.float64)
    r, g, b, a = rgba[..., 0] / 255, rgba[..., 1] / 255, rgba[..., 2] / 255, rgba[..., 3] / 255
    luma = kr * r + (1 - kr - kb) * g + kb * b
    y_scale, c_scale, y_offset = (255, 255, 0) if full_range else (219, 224, 16)
    y_ink = y_offset + y_scale * luma
    u_ink = 128 + c_scale * (b - luma) / (2 * (1 - kb))
    v_ink = 128 + c_scale * (r - luma) / (2 * (1 - kr))
    y0, u0, v0 = (p.astype(np.float64) for p in base)
    y = y_ink * a + y0 * (1 - a)
    top_left = (slice(None, None, 2), slice(None, None, 2))
    at = a[top_left]
    u = u_ink[top_left] * at + u0 * (1 - at)
    v = v_ink[top_left] * at + v0 * (1 - at)
    luma_mask = ink[..., 3] > 0
    h, w = luma_mask.shape
    padded = np.zeros((h + h % 2, w + w % 2), dtype=bool)
    padded[:h, :w] = luma_mask
    chroma_mask = padded.reshape(padded.shape[0] // 2, 2, padded.shape[1] // 2, 2).any(axis=(1, 3))
    return (y, u, v), (luma_mask, chroma_mask, chroma_mask)
