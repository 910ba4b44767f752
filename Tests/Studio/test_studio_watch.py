"""--watch: a plugin author rebuilds, and the page shows the new build with
the values it held; a build the host refuses shows why instead of a frame."""

import json
import os
import subprocess
import time

from studio_harness import ROOT, LivePage, Studio


def build_pulse(directory, color="0x8E8E93FFu"):
    """examples/c-plugin/pulse.c, its dots in `color`, written as a linker
    writes: a new file renamed over the old one."""
    source = directory / "pulse.c"
    with open(os.path.join(ROOT, "examples", "c-plugin", "pulse.c")) as file:
        text = file.read()
    source.write_text(text.replace("#define DOT_COLOR 0x8E8E93FFu", f"#define DOT_COLOR {color}"))
    partial = directory / "plugins" / ".libPulse.so.new"
    subprocess.run(["cc", "-std=c99", "-O2", "-shared", "-fPIC", "-fvisibility=hidden", "-I" + os.path.join(ROOT, "include"),
                    str(source), "-o", str(partial), "-lm"], check=True)
    os.rename(partial, directory / "plugins" / "libPulse.so")


def grey(pixels):
    """Pixels of grey ink on the white ground: the first build's dots (#8E8E93 at their opacities)."""
    rgb = pixels[:, :, :3].astype(int)
    return int(((rgb.max(axis=2) < 235) & (rgb.max(axis=2) - rgb.min(axis=2) <= 8)).sum())


def red(pixels):
    """Pixels of red ink: the second build's dots."""
    rgb = pixels[:, :, :3].astype(int)
    return int(((rgb[:, :, 0] > 200) & (rgb[:, :, 0] - rgb[:, :, 1] > 60) & (rgb[:, :, 1] == rgb[:, :, 2])).sum())


def wait_for_build(shown, generation, timeout=20):
    deadline = time.monotonic() + timeout
    while shown.js("studio.state.generation") < generation:
        assert time.monotonic() < deadline, "the page did not see the new build"
        time.sleep(0.1)
    shown.idle()


def test_a_rebuilt_plugin_is_shown_with_the_values_kept_and_a_broken_one_says_why(browser, tmp_path):
    (tmp_path / "plugins").mkdir(mode=0o755)
    build_pulse(tmp_path)
    studio = Studio(tmp_path / "home", "pulse", "--plugin-path", str(tmp_path / "plugins"), "--watch")
    try:
        assert any(line.startswith("effect-host studio: watching ") for line in studio.read_more())
        shown = LivePage(browser, studio.url)
        try:
            shown.opaque_white()
            shown.set_control('.row[data-param="dots"] input[type=number]', "5")
            shown.seek(0.3)
            first = shown.canvas()
            build_pulse(tmp_path, color="0xFF0000FFu")
            wait_for_build(shown, 1)
            rebuilt = shown.canvas()
            dots = shown.js("document.querySelector('.row[data-param=\"dots\"] input[type=number]').value")
            values = json.loads(shown.js("JSON.stringify(studio.state.values)"))
            t = shown.js("studio.state.t")
            (tmp_path / "plugins" / "libPulse.so").write_bytes(b"\x7fELF" + b"\0" * 60)
            wait_for_build(shown, 2)
            refusal = shown.js("document.getElementById('refusal').hidden ? '' : document.getElementById('refusal').textContent")
            frame_hidden = shown.js("document.getElementById('frame').hidden")
            problems = shown.js("document.getElementById('problems').textContent")
            build_pulse(tmp_path)
            wait_for_build(shown, 3)
            back = shown.js("document.getElementById('refusal').hidden && !document.getElementById('frame').hidden")
            again = shown.canvas()
        finally:
            shown.close()
    finally:
        assert studio.close() == 0, studio.stderr
    assert grey(first) > 100 and red(first) == 0
    assert red(rebuilt) > 100 and grey(rebuilt) == 0, "the new build draws its dots red"
    assert rebuilt.shape == first.shape, "five dots still: the value the page held"
    assert dots == "5" and values == {"dots": "5"} and t == 0.3
    assert "the new build was refused" in refusal and "libPulse.so" in problems and frame_hidden
    assert back and grey(again) > 100
