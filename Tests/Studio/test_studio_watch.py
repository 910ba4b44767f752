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


def test_a_rebuild_the_trust_rules_refuse_is_refused_and_a_new_file_is_taken(browser, tmp_path):
    """The copy the studio loads lies in its private directory, so the file
    it copies from is the one judged: one others could write is refused as
    `effect-host list` refuses it; a device put in its place is not read
    on and on; a plugin file added to the watched directory is loaded."""
    plugins = tmp_path / "plugins"
    plugins.mkdir(mode=0o755)
    build_pulse(tmp_path)
    studio = Studio(tmp_path / "home", "--plugin-path", str(plugins), "--watch")
    try:
        shown = LivePage(browser, f"{studio.url}#pulse")
        try:
            (plugins / "libPulse.so").chmod(0o666)
            os.utime(plugins / "libPulse.so")
            wait_for_build(shown, 1)
            writable = shown.js("document.getElementById('problems').textContent")
            os.symlink("/dev/zero", plugins / ".zero")
            os.rename(plugins / ".zero", plugins / "libPulse.so")
            wait_for_build(shown, 2)
            device = shown.js("document.getElementById('problems').textContent")
            # A FIFO of the user's own passes the trust rules, and is still not read.
            os.mkfifo(plugins / ".fifo", 0o644)
            os.rename(plugins / ".fifo", plugins / "libPulse.so")
            wait_for_build(shown, 3)
            fifo = shown.js("document.getElementById('problems').textContent")
            source = tmp_path / "typewriter.c"
            with open(os.path.join(ROOT, "examples", "c-plugin", "typewriter.c")) as file:
                source.write_text(file.read())
            subprocess.run(["cc", "-std=c99", "-O2", "-shared", "-fPIC", "-fvisibility=hidden", "-I" + os.path.join(ROOT, "include"),
                            str(source), "-o", str(plugins / ".libTypewriter.so"), "-lm"], check=True)
            os.rename(plugins / ".libTypewriter.so", plugins / "libTypewriter.so")
            wait_for_build(shown, 4)
            listed = shown.js("JSON.stringify([...document.querySelectorAll('#effect option')].map((o) => o.value))")
        finally:
            shown.close()
    finally:
        assert studio.close() == 0, studio.stderr
    assert f"{plugins}/libPulse.so: the new build was refused: the file {plugins}/libPulse.so can be written by everyone" in writable
    assert f"{plugins}/libPulse.so: the new build was refused: the file /dev/zero can be written by everyone" in device
    assert f"{plugins}/libPulse.so: the new build could not be copied: it is not a regular file" in fifo
    assert "typewriter" in json.loads(listed)
