"""What the web host's tests share besides fixtures: where things are, and Node."""

import json
import os
import pathlib
import shutil
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
WEB = str(ROOT / "Tests/Web")
# The native host and plugins the web host is compared with.
BUILD = os.environ.get("EFFECT_TEST_BUILD_DIR", str(ROOT / ".build/debug"))


def node() -> str:
    """Node.js: scripts/test installs it (scripts/ensure-node) before these tests run."""
    found = shutil.which("node")
    if not found:
        pytest.fail("node is not on PATH: scripts/ensure-node installs Debian's nodejs")
    return found


# effect.h's tolerance: 1e-9 x max(1, |value|).
TOLERANCE = 1e-9
JAPANESE = "今日は良い天気ですね。東京へ行きましょう！"
ARABIC = "مرحبا بالعالم، كيف حالك اليوم"
EMOJI = "Ship it 👩‍👩‍👧 🚀 today ❤️ 🇯🇵"
NATIVE_FILES = {"Strike": "libStrike.so", "Breathe": "libBreathe.so", "Reveal": "libReveal.so"}


def run_node(script, request):
    """A driver in Tests/Web given a JSON request on stdin; its JSON answer."""
    done = subprocess.run([node(), os.path.join(WEB, script)], input=json.dumps(request), capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout)


def native_path(name, native_examples):
    return native_examples[name] if name in native_examples else os.path.join(BUILD, NATIVE_FILES[name])


def span(instance):
    timing = instance.timing
    return timing.end if timing.kind == "ends" else timing.loop_start + timing.period
