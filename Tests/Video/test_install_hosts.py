"""`effect-host install-hosts`: a third party's effect becomes a frei0r source and
filter that Debian's ffmpeg, melt and gst-launch-1.0 load with no environment at all.

The third party is examples/c-plugin/pulse.c, compiled here. The command puts
copies of the adapter (built by the session's scripts/build-frei0r) in the
directory every frei0r host searches by itself, $HOME/.frei0r-1/lib; the hosts
then run with nothing but PATH and HOME: no EFFECT_PLUGIN_PATH, LD_LIBRARY_PATH
or FREI0R_PATH. The frames are decoded and probed where pulse.c's layout puts
its dots.

pulse.c draws 3 dots (by default) 12 pt across and 8 pt apart, in grey
0x8E8E93, and declares its bounds as x = y = -3 pt, 58 x 18 pt. A picture is
its bounds with a 24 pt margin all round (106 x 66 pt), fitted to the frame:
at 530 x 330 px that is 5 px a point with no room left over, so dot i's centre
is at ((27 + 6 + 20 i) * 5, (27 + 6) * 5) = (165 + 100 i, 165). At t = 0 the
row's phase is 0 and dot i's pulse is offset by spread * i / 2 = i / 4 of a
period, so its wave (1 - cos 2 pi (-i/4 mod 1)) / 2 is 0, 0.5 and 1: scales 1,
1.25 and 1.5 (radii 30, 37.5 and 45 px) and opacities 0.4, 0.7 and 1 (alpha
102, 178.5 and 255).
"""

import os
import re
import shutil
import subprocess
from xml.etree import ElementTree

import numpy as np
import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BUILD = os.environ.get("EFFECT_TEST_BUILD_DIR", os.path.join(ROOT, ".build", "debug"))
HOST = os.path.join(BUILD, "effect-host")
GREY = (0x8E, 0x8E, 0x93)
RED = (0xFF, 0x3B, 0x30)
SIZE = (530, 330)
CENTRES = [(165 + 100 * i, 165) for i in range(3)]
ALPHAS = [102, 178.5, 255]
# frei0r's params are doubles in 0...1: `dots` (1 to 32, rounded) at 3 is 2/31.
DOTS = "0.0645"

pytestmark = pytest.mark.skipif(not shutil.which("ffmpeg"), reason="scripts/ensure-frei0r installs ffmpeg")


def compile_pulse(directory, colour=None):
    """pulse.c compiled as its comment says, into directory/libPulse.so; with
    `colour` (0xRRGGBBAAu) its dots drawn in that instead of grey."""
    os.makedirs(directory, exist_ok=True)
    with open(os.path.join(ROOT, "examples", "c-plugin", "pulse.c")) as file:
        source = file.read()
    if colour:
        assert "#define DOT_COLOR 0x8E8E93FFu" in source
        source = source.replace("#define DOT_COLOR 0x8E8E93FFu", f"#define DOT_COLOR {colour}")
    with open(os.path.join(directory, "pulse.c"), "w") as file:
        file.write(source)
    output = os.path.join(directory, "libPulse.so")
    subprocess.run(["cc", "-std=c99", "-Wall", "-Wextra", "-Werror", "-shared", "-fPIC", "-fvisibility=hidden",
                    "-I", os.path.join(ROOT, "include"), os.path.join(directory, "pulse.c"), "-o", output, "-lm"], check=True)
    return output


def bare(home):
    """The environment a user's shell might have, with nothing for the plugins."""
    return {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(home)}


def no_obs_module(bin_directory):
    """What install-hosts says when no OBS module is installed beside the effect-host in bin_directory."""
    module = os.path.join(os.path.dirname(os.path.realpath(bin_directory)), "lib", "effect-host", "obs", "effect-host.so")
    return (f"no OBS module: there is none at {module}, where an installed effect-host has it (scripts/install PREFIX installs one "
            "when libobs-dev is there; scripts/build-obs builds one, given with --obs-module FILE)")


def no_gst_plugin(bin_directory):
    """What install-hosts says when no GStreamer plugin is installed beside the effect-host in bin_directory."""
    plugin = os.path.join(os.path.dirname(os.path.realpath(bin_directory)), "lib", "effect-host", "gstreamer", "libgsteffecthost.so")
    return (f"no GStreamer plugin: there is none at {plugin}, where an installed effect-host has it (scripts/install PREFIX installs "
            "one when libgstreamer1.0-dev and libgstreamer-plugins-base1.0-dev are there; scripts/build-gst builds one, given with "
            "--gst-plugin FILE)")


def install_hosts(home, *arguments):
    return subprocess.run([HOST, "install-hosts", *arguments], capture_output=True, text=True, env=bare(home), timeout=300)


def ffmpeg_frame(home, source=None, filter_name=None):
    """The first frame of a frei0r source, or of the filter drawn over black, as (h, w, 4)."""
    if source:
        graph = ["-f", "lavfi", "-i", f"frei0r_src=size={SIZE[0]}x{SIZE[1]}:framerate=25:filter_name={source}:filter_params={DOTS}"]
    else:
        graph = ["-f", "lavfi", "-i", f"color=c=black:s={SIZE[0]}x{SIZE[1]}:r=25",
                 "-vf", f"format=rgba,frei0r=filter_name={filter_name}:filter_params={DOTS}"]
    result = subprocess.run(["ffmpeg", "-v", "error", *graph, "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgba", "-"],
                            capture_output=True, env=bare(home), timeout=300)
    assert result.returncode == 0, result.stderr.decode()[-2000:]
    return np.frombuffer(result.stdout, np.uint8).reshape(SIZE[1], SIZE[0], 4)


def assert_dots_on_clear(frame, colour=GREY):
    for (x, y), alpha in zip(CENTRES, ALPHAS):
        assert abs(int(frame[y, x, 3]) - alpha) <= 2, ((x, y), frame[y, x])
        assert all(abs(int(frame[y, x, c]) - colour[c]) <= 2 for c in range(3)), ((x, y), frame[y, x])
    # Each dot's edge where its scale puts it: radius 30 px for the first, 45 px for the last.
    assert frame[165, 165 + 27, 3] >= 100 and frame[165, 165 + 33, 3] == 0, frame[165, 185:205, 3]
    assert frame[165, 365 + 42, 3] == 255 and frame[165, 365 + 48, 3] == 0, frame[165, 400:420, 3]
    # Clear between the first two dots and in the corners.
    for x, y in [(211, 165), (0, 0), (529, 329), (265, 100)]:
        assert frame[y, x, 3] == 0, ((x, y), frame[y, x])


def test_a_third_party_plugin_becomes_a_frei0r_source_and_filter_ffmpeg_melt_and_gstreamer_load_with_no_environment(adapter, tmp_path):
    plugin = compile_pulse(tmp_path / "plugins")
    home = tmp_path / "home"
    home.mkdir()
    result = install_hosts(home, "--adapter", str(adapter), "--plugin-path", str(tmp_path / "plugins"))
    assert result.returncode == 0, result.stderr
    installed = home / ".frei0r-1" / "lib"
    assert f"wrote effect_pulse.so, effect_pulse_overlay.so  (pulse from {plugin})" in result.stdout.splitlines()
    generators = home / ".local" / "share" / "kdenlive" / "generators"
    assert result.stdout.splitlines()[-4:] == [
        f"5 effects as frei0r sources and filters in {installed}, loading {os.path.realpath(BUILD)}/libeffecthost.so",
        f"described the sources for Kdenlive's Add Generator menu in {generators}", no_gst_plugin(BUILD), no_obs_module(BUILD)]
    # Each copy loads the build's library by its absolute directory.
    dynamic = subprocess.run(["readelf", "-d", str(installed / "effect_pulse.so")], capture_output=True, text=True).stdout
    assert f"Library runpath: [{os.path.realpath(BUILD)}]" in dynamic, dynamic

    source = ffmpeg_frame(home, source="effect_pulse")
    assert_dots_on_clear(source)
    over_black = ffmpeg_frame(home, filter_name="effect_pulse_overlay")
    for (x, y), alpha in zip(CENTRES, ALPHAS):
        assert all(abs(int(over_black[y, x, c]) - GREY[c] * alpha / 255) <= 2 for c in range(3)), ((x, y), over_black[y, x])
    assert tuple(over_black[165, 211]) == (0, 0, 0, 255) and tuple(over_black[0, 0]) == (0, 0, 0, 255)

    # Kdenlive's generator: pulse's params first, by the names MLT (finding the plugin by HOME alone) knows them by.
    generator = ElementTree.parse(generators / "effect_pulse.xml").getroot()
    assert generator.get("tag") == generator.get("id") == "frei0r.effect_pulse" and generator.findtext("name") == "Pulse"
    names = [parameter.get("name") for parameter in generator.iter("parameter")]
    assert names[:4] == ["dots", "period", "spread", "reduce_motion"], names
    if shutil.which("melt"):
        described = subprocess.run(["melt", "-query", "producer=frei0r.effect_pulse"], capture_output=True, text=True, env=bare(home),
                                   timeout=300).stdout
        assert set(re.findall(r"^    title: (\S+)$", described, re.MULTILINE)) == set(names), described[-2000:]

        profile = tmp_path / "profile"
        profile.write_text(f"description=pulse\nwidth={SIZE[0]}\nheight={SIZE[1]}\nframe_rate_num=25\nframe_rate_den=1\n"
                           "progressive=1\nsample_aspect_num=1\nsample_aspect_den=1\ndisplay_aspect_num=53\n"
                           "display_aspect_den=33\ncolorspace=709\n")
        movie = tmp_path / "melt.mov"
        melted = subprocess.run(["melt", "-quiet", "-profile", str(profile), "frei0r.effect_pulse", f"dots={DOTS}", "out=0",
                                 "-consumer", f"avformat:{movie}", "vcodec=png", "pix_fmt=rgba"],
                                capture_output=True, text=True, env=bare(home), timeout=300)
        assert melted.returncode == 0, melted.stderr[-2000:]
        decoded = subprocess.run(["ffmpeg", "-v", "error", "-i", str(movie), "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgba",
                                  "-"], capture_output=True, check=True)
        assert_dots_on_clear(np.frombuffer(decoded.stdout, np.uint8).reshape(SIZE[1], SIZE[0], 4))

    if shutil.which("gst-launch-1.0"):
        # GStreamer scans the directory into a registry of this HOME's own.
        raw = tmp_path / "gst.rgba"
        launched = subprocess.run(["gst-launch-1.0", "-q", "frei0r-src-effect-pulse", f"dots={DOTS}", "num-buffers=1", "!",
                                   f"video/x-raw,format=RGBA,width={SIZE[0]},height={SIZE[1]},framerate=25/1", "!", "filesink",
                                   f"location={raw}"], capture_output=True, text=True, env=bare(home), timeout=300)
        assert launched.returncode == 0, launched.stderr[-2000:]
        assert_dots_on_clear(np.frombuffer(raw.read_bytes(), np.uint8).reshape(SIZE[1], SIZE[0], 4))


def test_of_two_plugins_with_one_id_the_first_on_the_path_wins_says_so_and_is_what_ffmpeg_draws(adapter, tmp_path):
    grey = compile_pulse(tmp_path / "grey")
    red = compile_pulse(tmp_path / "red", colour="0xFF3B30FFu")
    home = tmp_path / "home"
    home.mkdir()
    for first, second, colour in [(grey, red, GREY), (red, grey, RED)]:
        result = install_hosts(home, "--adapter", str(adapter), "--plugin-path", first, "--plugin-path", second)
        assert result.returncode == 0, result.stderr
        assert result.stderr.splitlines() == [
            f"effect-host: effect 'pulse' from {first} wins: it is the first on the plugin search path",
            f"effect-host: effect 'pulse' from {second} is skipped: {first} is earlier on the plugin search path",
        ]
        note = home / ".frei0r-1" / "lib" / "effect_pulse.so.plugin"
        assert note.read_text() == first + "\n"
        # Run again the other way round, the copies are replaced in place.
        assert_dots_on_clear(ffmpeg_frame(home, source="effect_pulse"), colour)


def test_another_programs_file_is_left_as_it_is_and_its_effect_left_out_in_one_line(adapter, tmp_path):
    plugins = tmp_path / "plugins"
    compile_pulse(plugins)
    home = tmp_path / "home"
    home.mkdir()
    directory = tmp_path / "frei0r-1"
    directory.mkdir()
    (directory / "effect_pulse_overlay.so").write_bytes(b"another program's plugin")
    (directory / "other.so").write_bytes(b"another program's other plugin")
    dry = install_hosts(home, "--adapter", str(adapter), "--plugin-path", str(plugins), "--frei0r-dir", str(directory), "--dry-run")
    assert sorted(os.listdir(directory)) == ["effect_pulse_overlay.so", "other.so"], "a dry run writes nothing"
    assert "would write effect_strikethrough_reveal.so, effect_strikethrough_reveal_overlay.so" in dry.stdout
    result = install_hosts(home, "--adapter", str(adapter), "--plugin-path", str(plugins), "--frei0r-dir", str(directory))
    assert result.returncode == 1
    assert result.stderr.splitlines() == [
        f"effect-host: effect 'pulse' is not installed: {directory}/effect_pulse_overlay.so is not a copy of the frei0r adapter: "
        "it is left as it is"]
    assert (directory / "effect_pulse_overlay.so").read_bytes() == b"another program's plugin"
    assert (directory / "other.so").read_bytes() == b"another program's other plugin"
    assert not (directory / "effect_pulse.so").exists()
    assert (directory / "effect_text_reveal.so").exists() and (directory / "effect_text_reveal_overlay.so.plugin").exists()
    assert result.stdout.splitlines()[-3:] == [
        f"ffmpeg, MLT and GStreamer do not search {directory} by themselves: set FREI0R_PATH to it "
        "(MLT and GStreamer then search it alone)", no_gst_plugin(BUILD), no_obs_module(BUILD)]


def test_what_cannot_be_done_is_one_line_saying_where_it_looked_and_what_to_do(adapter, tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    looked = os.path.join(os.path.dirname(os.path.dirname(os.path.realpath(HOST))), "lib", "effect-host", "frei0r-adapter.so")
    result = install_hosts(home)
    assert (result.returncode, result.stderr) == (1, (
        f"effect-host: there is no frei0r adapter at {looked}, where an installed effect-host has it: install one with "
        "scripts/install PREFIX, or build one with scripts/build-frei0r and give its path with --adapter FILE\n"))
    text = tmp_path / "notes.txt"
    text.write_text("not a library")
    result = install_hosts(home, "--adapter", str(text))
    assert (result.returncode, result.stderr) == (1, (
        f"effect-host: the frei0r adapter {text} cannot be used: it is not the frei0r adapter (a shared library that needs "
        "libeffecthost.so)\n"))
    result = install_hosts(home, "--adapter", str(adapter), "--frei0r-dir", str(text / "frei0r-1"))
    assert (result.returncode, result.stderr) == (1, f"effect-host: {text} exists and is not a directory\n")
    assert not (home / ".frei0r-1").exists()
    # An adapter with no Kdenlive generator program beside it: the plugins, and a line saying why no descriptions.
    alone = tmp_path / "alone"
    alone.mkdir()
    shutil.copy(adapter, alone / "frei0r-adapter.so")
    result = install_hosts(home, "--adapter", str(alone / "frei0r-adapter.so"), "--kdenlive-dir", str(tmp_path / "generators"))
    assert (result.returncode, result.stderr) == (1, (
        f"effect-host: there is no kdenlive-generator beside the adapter {alone}/frei0r-adapter.so to describe the sources for "
        "Kdenlive: scripts/build-frei0r --kdenlive builds one there\n"))
    result = install_hosts(home, "--adapter", str(alone / "frei0r-adapter.so"))
    assert result.returncode == 0 and result.stdout.splitlines()[-3:] == [
        "no Kdenlive generator descriptions: there is no kdenlive-generator beside the adapter (scripts/build-frei0r --kdenlive "
        "builds one)", no_gst_plugin(BUILD), no_obs_module(BUILD)]
    assert not (home / ".local").exists() and not (tmp_path / "generators").exists()


def test_an_installed_effect_host_copies_its_own_adapter_which_loads_the_library_beside_it(tmp_path):
    # The layout scripts/install makes, from this build: PREFIX/bin/effect-host,
    # PREFIX/lib/libeffecthost.so, and the adapter in PREFIX/lib/effect-host with
    # the RUNPATH $ORIGIN/.. scripts/build-frei0r gives it by default.
    prefix = tmp_path / "prefix"
    (prefix / "bin").mkdir(parents=True)
    (prefix / "lib" / "effect-host" / "plugins").mkdir(parents=True)
    shutil.copy(HOST, prefix / "bin" / "effect-host")
    shutil.copy(os.path.join(BUILD, "libeffecthost.so"), prefix / "lib" / "libeffecthost.so")
    # Its Kdenlive generator program, beside the adapter, runs on the library beside it too.
    subprocess.run([os.path.join(ROOT, "scripts", "build-frei0r"), "--kdenlive", str(prefix / "share" / "kdenlive" / "generators"), BUILD,
                    str(prefix / "lib" / "effect-host" / "frei0r-adapter.so"), str(prefix / "lib" / "frei0r-1")],
                   check=True, capture_output=True)
    assert sorted(os.listdir(prefix / "share" / "kdenlive" / "generators")) == [
        "effect_breathing_circles.xml", "effect_strikethrough_reveal.xml", "effect_text_reveal.xml", "effect_tracking_breathe.xml"]
    plugins = tmp_path / "plugins"
    compile_pulse(plugins)
    home = tmp_path / "home"
    home.mkdir()
    result = subprocess.run([str(prefix / "bin" / "effect-host"), "install-hosts", "--plugin-path", str(plugins)],
                            capture_output=True, text=True, env=bare(home), timeout=300)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == [
        f"wrote effect_pulse.so, effect_pulse_overlay.so  (pulse from {plugins}/libPulse.so)",
        f"1 effect as frei0r sources and filters in {home}/.frei0r-1/lib, loading {os.path.realpath(prefix)}/lib/libeffecthost.so",
        f"described the sources for Kdenlive's Add Generator menu in {home}/.local/share/kdenlive/generators",
        no_gst_plugin(prefix / "bin"), no_obs_module(prefix / "bin")]
    assert os.listdir(home / ".local" / "share" / "kdenlive" / "generators") == ["effect_pulse.xml"]
    assert_dots_on_clear(ffmpeg_frame(home, source="effect_pulse"))


def test_a_plugin_file_moved_away_after_the_install_is_named_with_what_to_do(adapter, tmp_path):
    plugin = compile_pulse(tmp_path / "plugins")
    home = tmp_path / "home"
    home.mkdir()
    assert install_hosts(home, "--adapter", str(adapter), "--plugin-path", plugin).returncode == 0
    os.rename(plugin, plugin + ".moved")
    result = subprocess.run(["ffmpeg", "-v", "error", "-f", "lavfi", "-i",
                             f"frei0r_src=size=64x48:framerate=25:filter_name=effect_pulse:filter_params={DOTS}", "-frames:v", "1",
                             "-f", "null", "-"], capture_output=True, text=True, env=bare(home), timeout=300)
    assert result.returncode != 0
    assert (f"effect_pulse: {plugin}: No such file or directory (the plugin file this copy was made for; run effect-host "
            "install-hosts again)") in result.stderr.splitlines(), result.stderr


def test_the_typewriter_example_types_in_ffmpeg_with_no_environment(adapter, tmp_path):
    """examples/c-plugin/typewriter.c, an ABI 1.6 plugin drawing a prefix of its
    one text, installed the same way: ffmpeg's frames at 10 fps show more ink
    as it types (12 characters a second: 1 at t = 0.1, 6 at t = 0.5) and its
    caret, the system blue 0x007AFF, right of the text while it types."""
    plugin = tmp_path / "plugins" / "libTypewriter.so"
    plugin.parent.mkdir()
    subprocess.run(["cc", "-std=c99", "-Wall", "-Wextra", "-Werror", "-pedantic", "-shared", "-fPIC", "-fvisibility=hidden",
                    "-I", os.path.join(ROOT, "include"), os.path.join(ROOT, "examples", "c-plugin", "typewriter.c"),
                    "-o", str(plugin), "-lm"], check=True)
    home = tmp_path / "home"
    home.mkdir()
    result = install_hosts(home, "--adapter", str(adapter), "--plugin-path", str(plugin))
    assert result.returncode == 0, result.stderr
    text = "\u3053\u3093\u306b\u3061\u306f\u3001\u4e16\u754c"  # こんにちは、世界: 8 characters
    run = subprocess.run(
        ["ffmpeg", "-v", "error", "-f", "lavfi", "-i",
         f"frei0r_src=size=640x160:framerate=10:filter_name=effect_typewriter:filter_params={text}",
         "-frames:v", "7", "-f", "rawvideo", "-pix_fmt", "rgba", "-"],
        capture_output=True, env=bare(home), timeout=300)
    assert run.returncode == 0, run.stderr.decode()[-2000:]
    frames = np.frombuffer(run.stdout, np.uint8).reshape(7, 160, 640, 4)

    def ink_columns(frame):
        dark = (frame[..., 3] > 128) & (frame[..., :3].max(axis=2) < 80)
        return np.flatnonzero(dark.any(axis=0))

    def caret_columns(frame):
        blue = (frame[..., 3] > 200) & (frame[..., 2] > 200) & (frame[..., 0] < 60) & (frame[..., 1] > 90) & (frame[..., 1] < 150)
        return np.flatnonzero(blue.any(axis=0))

    assert ink_columns(frames[0]).size == 0, "nothing typed at t = 0"
    widths = [int(np.ptp(ink_columns(frames[i]))) for i in (1, 3, 6)]  # 1, 3 and 7 characters (t = 0.1, 0.3, 0.6)
    assert widths[0] < widths[1] < widths[2], widths
    # CJK characters advance one em each, so the 4 typed from t = 0.3 to 0.6 take
    # twice the room of the 2 typed from t = 0.1 to 0.3 (up to their glyphs' ink).
    assert 1.6 < (widths[2] - widths[1]) / (widths[1] - widths[0]) < 2.4, widths
    for i in (0, 3, 6):
        caret = caret_columns(frames[i])
        assert caret.size > 0, f"no caret at frame {i}"
        typed = ink_columns(frames[i])
        assert typed.size == 0 or caret.min() > typed.max(), (i, caret, typed.max())
