"""scripts/release's tarball, unpacked into a fresh directory, runs where the
Swift toolchain is not (see without_toolchain.py for how it is hidden).
Every command runs from the unpacked tree, and the C and C++ examples are
built against it with pkg-config; its frei0r plugins draw in ffmpeg and its
GStreamer plugin in gst-launch-1.0.
"""

import json
import math
import os
import re
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest
from without_toolchain import PLUGINS, ROOT, hidden_toolchain, require_hiding


@pytest.fixture(scope="module")
def release(release_files, tmp_path_factory):
    """(the tarball, the tree it unpacks to)."""
    require_hiding()
    tarball = release_files[0]
    unpacked = tmp_path_factory.mktemp("unpacked")
    with tarfile.open(tarball) as archive:
        names = archive.getnames()
        top = names[0].split("/")[0]
        assert all(name == top or name.startswith(top + "/") for name in names), "one top directory"
        archive.extractall(unpacked, filter="data")
    return tarball, os.path.join(unpacked, top)


def readelf(path):
    return subprocess.run(["readelf", "-d", "-S", "-W", path], capture_output=True, text=True, check=True).stdout


def test_the_tarball_is_named_and_laid_out_as_documented(release):
    tarball, tree = release
    version = subprocess.run([os.path.join(ROOT, ".build", "release", "effect-host"), "--version"], capture_output=True, text=True).stdout.split()[1]
    assert os.path.basename(tarball) == f"effect-host-{version}-linux-{os.uname().machine}.tar.gz"
    for path in (
        "bin/effect-host", "include/effect.h", "include/effect.hpp", "include/effect_kit.h", "include/effect_kit_graphemes.h", "include/effect_host.h",
        "lib/libeffecthost.so", "lib/pkgconfig/effect-host.pc", "lib/pkgconfig/effect-abi.pc",
        "share/doc/effect-host/examples/c-host/host_demo.c", "share/doc/effect-host/examples/sdl/effect_window.c",
        "include/effect_host.hpp",
        "include/effect_host_core.h", "include/effect_host_plugins.h", "include/effect_host_metadata.h", "include/effect_host_instances.h",
        "include/effect_host_pictures.h", "include/effect_host_drawing.h", "include/effect_host_render.h", "include/effect_host_validate.h",
        "include/effect_host_player.h",
        "share/man/man1/effect-host.1", "share/doc/effect-host/README.md", "share/doc/effect-host/LICENSE",
        "share/doc/effect-host/docs/export.md", "lib/effect-host/plugins/swift-runtime/libswiftCore.so",
        "share/doc/effect-host/examples/c/effect_demo.c", "share/doc/effect-host/examples/cpp/effect_demo.cpp",
        "share/doc/effect-host/examples/python/effect_demo.py",
        "lib/effect-host/plugins/swift-runtime/LICENSE.txt", "share/bash-completion/completions/effect-host",
        "lib/effect-host/web/effect-host.js", "lib/effect-host/web/line-breaks.js", "lib/effect-host/web/effect-controls.js",
        "lib/effect-host/plugins/Strike.wasm", "lib/effect-host/plugins/Breathe.wasm", "lib/effect-host/plugins/Reveal.wasm",
    ):
        assert os.path.isfile(os.path.join(tree, path)), path
    # The web host ships minified (scripts/build-web): smaller than web/'s readable source.
    shipped = Path(tree, "lib", "effect-host", "web", "effect-host.js").read_bytes()
    assert len(shipped) < 0.6 * len(Path(ROOT, "web", "effect-host.js").read_bytes()) and b"export" in shipped
    # The shipped README's pictures and its links to the headers resolve in the tree.
    doc = os.path.join(tree, "share", "doc", "effect-host")
    readme = Path(doc, "README.md").read_text(encoding="utf-8")
    targets = re.findall(r"!\[[^\]]*\]\(([^)]+)\)", readme) + re.findall(r"\]\((include/[^)#]+)", readme)
    assert len(targets) >= 5 and all(os.path.isfile(os.path.join(doc, target)) for target in targets), targets
    library = readelf(os.path.join(tree, "lib", "libeffecthost.so"))
    assert "Library runpath: [$ORIGIN/effect-host/plugins/swift-runtime:$ORIGIN/effect-host/runtime]" in library
    assert "Library soname: [libeffecthost.so]" in library and ".symtab" not in library
    host = readelf(os.path.join(tree, "bin", "effect-host"))
    assert "Library runpath: [$ORIGIN/../lib/effect-host/plugins/swift-runtime:$ORIGIN/../lib/effect-host/runtime]" in host
    for plugin in PLUGINS:
        dynamic = readelf(os.path.join(tree, "lib", "effect-host", "plugins", plugin))
        assert "Library runpath: [$ORIGIN/swift-runtime:$ORIGIN]" in dynamic
        assert ".symtab" not in dynamic, f"{plugin} is stripped"
    # Every runtime library the plugins load is beside them, so copying the
    # plugins directory is enough to ship them; the host's own are apart.
    def swift_needed(paths):
        needed = set()
        for path in paths:
            needed |= {line.split("[")[1].rstrip("]") for line in readelf(path).splitlines() if "(NEEDED)" in line}
        return {name for name in needed if name.startswith(("libswift", "libdispatch", "libBlocksRuntime"))}

    beside_plugins = set(os.listdir(os.path.join(tree, "lib", "effect-host", "plugins", "swift-runtime")))
    host_only = set(os.listdir(os.path.join(tree, "lib", "effect-host", "runtime")))
    plugins_need = swift_needed(os.path.join(tree, "lib", "effect-host", "plugins", p) for p in PLUGINS)
    host_needs = swift_needed([os.path.join(tree, "bin", "effect-host")])
    assert plugins_need and plugins_need | {"LICENSE.txt"} == beside_plugins, "the plugins' runtime, and nothing more"
    assert host_needs and host_needs <= beside_plugins | host_only and (host_only & beside_plugins) == {"LICENSE.txt"}


def test_every_command_runs_from_the_tree_without_the_toolchain(release, tmp_path):
    _, tree = release
    host = os.path.join(tree, "bin", "effect-host")
    # The checkout's build needs the toolchain: hiding it is real.
    unpackaged = hidden_toolchain(f"{ROOT}/.build/release/effect-host --version")
    assert unpackaged.returncode != 0 and "libswift" in unpackaged.stderr
    listed = hidden_toolchain(f"{host} list --json")
    assert listed.returncode == 0, listed.stderr
    plugins = json.loads(listed.stdout)["plugins"]
    assert sorted(os.path.basename(p["path"]) for p in plugins) == sorted(PLUGINS)
    assert all(os.path.dirname(p["path"]) == os.path.join(tree, "lib", "effect-host", "plugins") for p in plugins)
    # At 0.16 s the strike's 0.32 s ease-in-out is half way.
    frames = hidden_toolchain(f"{host} run strikethrough-reveal --offline --fps 100 --duration 0.16 --format jsonl")
    assert frames.returncode == 0, frames.stderr
    assert json.loads(frames.stdout.splitlines()[-1])["channels"]["amount"] == pytest.approx(0.5, abs=1e-12)
    for command in (
        f"{host} info text-reveal",
        f"{host} render strikethrough-reveal --time 0.16 -o {tmp_path}/strike.svg",
        f"{host} render tracking-breathe --time 1 -o {tmp_path}/breathe.png",
        f"{host} export strikethrough-reveal -o {tmp_path}/strike.json",
        f"{host} export strikethrough-reveal -o {tmp_path}/web",
        f"{host} export text-reveal --live -o {tmp_path}/live",
        f"{host} validate " + " ".join(os.path.join(tree, "lib", "effect-host", "plugins", p) for p in PLUGINS),
        f"{host} man",
    ):
        result = hidden_toolchain(command)
        assert result.returncode == 0, f"{command}: {result.stderr[-2000:]}"
    assert Path(f"{tmp_path}/breathe.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert json.loads(Path(f"{tmp_path}/strike.json").read_text(encoding="utf-8"))["fr"] == 60
    # The live page runs the tree's own WebAssembly build of the plugin, found beside it.
    assert Path(f"{tmp_path}/live/Reveal.wasm").read_bytes() == Path(tree, "lib/effect-host/plugins/Reveal.wasm").read_bytes()


def test_c_and_cpp_examples_build_with_pkg_config_and_run(release, tmp_path):
    _, tree = release
    env = {"PKG_CONFIG_PATH": os.path.join(tree, "lib", "pkgconfig")}

    def config(*arguments):
        return subprocess.run(["pkg-config", *arguments, "effect-abi"], capture_output=True, text=True, check=True,
                              env={**os.environ, **env}).stdout.split()

    # A program that only samples needs effect.h and -ldl, not the host library.
    flags = config("--cflags", "--libs")
    assert os.path.realpath(flags[0][2:]) == os.path.realpath(os.path.join(tree, "include")) and flags[1:] == ["-ldl"]
    plugins = config("--variable=plugindir")[0]
    assert os.path.realpath(plugins) == os.path.realpath(os.path.join(tree, "lib", "effect-host", "plugins"))
    # The examples the tree ships, as docs/embedding.md builds them.
    examples = os.path.join(tree, "share", "doc", "effect-host", "examples")
    c_demo, cpp_demo = str(tmp_path / "demo"), str(tmp_path / "demo_cpp")
    subprocess.run(["cc", "-std=c99", "-Wall", "-Wextra", "-Werror", os.path.join(examples, "c", "effect_demo.c"),
                    *flags, "-o", c_demo], check=True)
    subprocess.run(["c++", "-std=c++17", "-Wall", "-Wextra", "-Werror", os.path.join(examples, "cpp", "effect_demo.cpp"),
                    *flags, "-o", cpp_demo], check=True)
    # tracking-breathe at 2.7 s, three quarters into its first 3.6 s breath
    # after the 0.9 s entrance: tracking at max_tracking (9), opacity 0.98.
    result = hidden_toolchain(f"{c_demo} {plugins}/libBreathe.so tracking-breathe --times 2.7")
    assert result.returncode == 0, result.stderr
    assert "frame 2.7000000000000002 9 0.97999999999999998 4.5" in result.stdout
    result = hidden_toolchain(f"{cpp_demo} {plugins}/libStrike.so strikethrough-reveal")
    assert result.returncode == 0, result.stderr
    assert "strikethrough-reveal" in result.stdout
    # A program that ships the plugins beside itself loads them by bare name through its $ORIGIN RUNPATH.
    app = tmp_path / "app"
    shutil.copytree(plugins, app / "plugins", symlinks=True)
    subprocess.run(["cc", "-std=c99", "-Wall", "-Wextra", "-Werror", os.path.join(examples, "c", "effect_demo.c"),
                    *flags, "-Wl,-rpath,$ORIGIN/plugins", "-o", str(app / "effect_demo")], check=True)
    moved = tmp_path / "moved"
    os.rename(app, moved)
    result = hidden_toolchain(f"{moved}/effect_demo libBreathe.so tracking-breathe --times 2.7", cwd="/")
    assert result.returncode == 0, result.stderr
    assert "frame 2.7000000000000002 9 0.97999999999999998 4.5" in result.stdout
    assert hidden_toolchain(f"{c_demo} libBreathe.so tracking-breathe", cwd="/").returncode != 0, "without the RUNPATH a bare name is not found"


def test_the_host_library_builds_with_pkg_config_and_draws_without_the_toolchain(release, tmp_path):
    _, tree = release
    env = {**os.environ, "PKG_CONFIG_PATH": os.path.join(tree, "lib", "pkgconfig")}
    flags = subprocess.run(["pkg-config", "--cflags", "--libs", "effect-host"], capture_output=True, text=True, check=True,
                           env=env).stdout.split()
    assert "-leffecthost" in flags
    demo = str(tmp_path / "host_demo")
    source = os.path.join(tree, "share", "doc", "effect-host", "examples", "c-host", "host_demo.c")
    subprocess.run(["cc", "-std=c99", "-Wall", "-Wextra", "-Werror", source, *flags, "-o", demo], check=True)
    # The library finds the plugins installed beside it and its worker in
    # the tree's bin/, from any directory, with no path given.
    out = tmp_path / "circles.png"
    result = hidden_toolchain(f"{demo} breathing-circles circle_count=4 -t 3 -o {out}", cwd="/")
    assert result.returncode == 0, result.stderr
    # At 3 s the breath is full: four 80 pt circles doubled, each 70 pt out
    # from the ring's centre along its angle, the ring turned 100 degrees, so
    # the circle nearest an axis is 10 degrees off it: the ink spans
    # 2 x (70 cos 10° + 80) pt each way, at 2 px a point.
    match = re.search(r"ink from \((\d+), (\d+)\) to \((\d+), (\d+)\)", result.stdout)
    assert match, result.stdout
    left, top, right, bottom = map(int, match.groups())
    span = 2 * 2 * (70 * math.cos(math.radians(10)) + 80)
    assert abs((right - left + 1) - span) <= 2 and abs((bottom - top + 1) - span) <= 2, (match.group(0), span)
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_the_host_library_check_program_runs_against_the_installed_tree(release, tmp_path):
    # Tests/Fixtures/c/host_api_check.c (which Tests/Pictures/test_host_library.py
    # runs against the build) built with pkg-config against the unpacked
    # tree, and run there with the toolchain hidden: the tree's plugins,
    # its worker for validation, and its own Swift runtime.
    _, tree = release
    env = {**os.environ, "PKG_CONFIG_PATH": os.path.join(tree, "lib", "pkgconfig")}
    flags = subprocess.run(["pkg-config", "--cflags", "--libs", "effect-host"], capture_output=True, text=True, check=True,
                           env=env).stdout.split()
    program = str(tmp_path / "host_api_check")
    subprocess.run(["cc", "-std=c99", "-Wall", "-Wextra", "-Werror", os.path.join(ROOT, "Tests", "Fixtures", "c", "host_api_check.c"),
                    *flags, "-o", program], check=True)
    plugins = os.path.join(tree, "lib", "effect-host", "plugins")
    out = tmp_path / "out"
    out.mkdir()
    result = hidden_toolchain(f"{program} {plugins} {out}", cwd="/")
    assert result.returncode == 0, result.stdout + result.stderr
    lines = dict(line.split(": ", 1) for line in result.stdout.splitlines())
    assert lines["catalog"] == "4 effects"
    assert lines["pixels"].endswith("written")
    # One second of the circles at 10 fps (t = 0 ... 1), as the render's progress counted them.
    assert lines["gif"] == "11 frames"
    assert lines["lottie"] == "written"
    assert lines["player"] == "status -102, 5 frames seen, 5 shown"
    assert lines["validate"] == "failed 0, 18 checks, first load pass, json has seed"
    assert lines["bad input"] == "done"


def test_the_trees_frei0r_plugins_draw_in_ffmpeg_without_the_toolchain(release, tmp_path):
    _, tree = release
    plugins = os.path.join(tree, "lib", "frei0r-1")
    names = sorted(os.listdir(plugins))
    assert names == sorted(f"effect_{effect}{kind}.so" for effect in ("strikethrough_reveal", "tracking_breathe",
                                                                     "breathing_circles", "text_reveal")
                           for kind in ("", "_overlay"))
    for name in names:
        dynamic = readelf(os.path.join(plugins, name))
        # $ORIGIN/.., then a run of / up to 1024 bytes: the room effect-host install-hosts pins its copies' RUNPATH in.
        runpath = re.search(r"Library runpath: \[(\$ORIGIN/\.\.)(/*)\]", dynamic)
        assert runpath and len(runpath.group(1) + runpath.group(2)) == 1024 and ".symtab" not in dynamic, name
    assert os.path.isfile(os.path.join(tree, "share", "kdenlive", "generators", "effect_text_reveal.xml"))
    # At 25 fps frame 4 is 0.16 s: the strike half drawn, at 2 px a point in a frame 2 px wider than the picture.
    out = tmp_path / "strike-%02d.png"
    made = hidden_toolchain(
        "ffmpeg -v error -y -f lavfi -i 'frei0r_src=size=544x154:framerate=25:filter_name=effect_strikethrough_reveal:"
        f"filter_params=Ship the component' -frames:v 5 '{out}'", env={"FREI0R_PATH": plugins})
    assert made.returncode == 0, made.stderr
    sys.path.insert(0, os.path.join(ROOT, "Tests", "Pictures"))
    from test_render_pictures import assert_strike_line_at_half, png

    frame = png(str(tmp_path / "strike-05.png")).astype(float)
    alpha = frame[..., 3:] / 255
    assert_strike_line_at_half((frame[..., :3] * alpha + 255 * (1 - alpha)).astype("uint8")[:, 1:543])


def test_the_trees_gstreamer_plugin_is_found_through_gst_plugin_path_and_draws_without_the_toolchain(release, release_files, tmp_path):
    _, tree = release
    said = [line for line in release_files[2].splitlines() if line.startswith("installed effect-host ")]
    assert len(said) == 1 and said[0].endswith(
        ", each effect as a frei0r source and filter, the OBS module, the GStreamer plugin, the plugins built to WebAssembly"), said
    # Where Debian's GStreamer looks under /usr (pkg-config's pluginsdir), so PREFIX=/usr needs no GST_PLUGIN_PATH.
    pluginsdir = subprocess.run(["pkg-config", "--variable=pluginsdir", "gstreamer-1.0"], capture_output=True, text=True,
                                check=True).stdout.strip()
    assert pluginsdir == "/usr/lib/x86_64-linux-gnu/gstreamer-1.0"
    plugins = os.path.join(tree, "lib", "x86_64-linux-gnu", "gstreamer-1.0")
    assert os.listdir(plugins) == ["libgsteffecthost.so"]
    plugin = os.path.join(plugins, "libgsteffecthost.so")
    # $ORIGIN/../.. (PREFIX/lib), then a run of / up to 1024 bytes: the room install-hosts pins a copy's RUNPATH in; stripped.
    dynamic = readelf(plugin)
    runpath = re.search(r"Library runpath: \[(\$ORIGIN/\.\./\.\.)(/*)\]", dynamic)
    assert runpath and len(runpath.group(1) + runpath.group(2)) == 1024 and ".symtab" not in dynamic, dynamic
    assert os.path.isfile(os.path.join(plugins, "..", "..", "libeffecthost.so"))
    # The copy install-hosts makes for a user: the same file.
    assert Path(tree, "lib", "effect-host", "gstreamer", "libgsteffecthost.so").read_bytes() == Path(plugin).read_bytes()

    # A registry and a user data folder of the test's own: GST_PLUGIN_PATH leads GStreamer to the tree.
    gst = {"GST_REGISTRY": str(tmp_path / "registry.bin"), "XDG_DATA_HOME": str(tmp_path / "data"), "GST_PLUGIN_PATH": plugins}
    inspected = hidden_toolchain("gst-inspect-1.0 effecthost", env=gst)
    assert inspected.returncode == 0, inspected.stdout + inspected.stderr
    assert re.search(r"^\s*Filename\s+(\S+)$", inspected.stdout, re.M).group(1) == plugin
    assert set(re.findall(r"^\s+(\w+(?:src|overlay)): ", inspected.stdout, re.M)) == {
        f"fx{effect}{kind}" for effect in ("breathingcircles", "strikethroughreveal", "textreveal", "trackingbreathe")
        for kind in ("src", "overlay")}
    # At 25 fps frame 4 is 0.16 s: the strike half drawn, as the frei0r source draws it above.
    made = hidden_toolchain(
        "gst-launch-1.0 -q fxstrikethroughrevealsrc num-buffers=5 text='Ship the component' ! "
        "video/x-raw,width=544,height=154,framerate=25/1 ! videoconvert ! pngenc ! "
        f"multifilesink location='{tmp_path}/strike-%02d.png'", env=gst)
    assert made.returncode == 0, made.stdout + made.stderr
    sys.path.insert(0, os.path.join(ROOT, "Tests", "Pictures"))
    from test_render_pictures import assert_strike_line_at_half, png

    frame = png(str(tmp_path / "strike-04.png")).astype(float)
    alpha = frame[..., 3:] / 255
    assert_strike_line_at_half((frame[..., :3] * alpha + 255 * (1 - alpha)).astype("uint8")[:, 1:543])


STUDIO_CLIENT = r'''
import json, os, signal, subprocess, sys, urllib.request
host, = sys.argv[1:]
studio = subprocess.Popen([host, "studio", "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
url = studio.stdout.readline().split()[-1]
base, token = url.split("/?token=")
def ask(path, body=None):
    request = urllib.request.Request(f"{base}{path}{'&' if '?' in path else '?'}token={token}",
                                     data=None if body is None else json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json", "Origin": base})
    with urllib.request.urlopen(request, timeout=60) as answer:
        return answer.read()
catalog = json.loads(ask("/api/effects"))
scene = json.loads(ask("/api/scene", {"effect": "strikethrough-reveal", "params": ["duration=0.5"], "events": []}))
frame = ask(f"/api/frame?scene={scene['scene']}&t=0.25")
studio.send_signal(signal.SIGINT)
print(json.dumps({"effects": sorted(e["path"] for e in catalog["effects"]), "span": scene["span"],
                  "png": frame[:8].hex(), "status": studio.wait(timeout=30), "said": studio.stderr.read()}))
'''


def test_the_trees_studio_serves_its_own_plugins_without_the_toolchain(release, tmp_path):
    """`effect-host studio` from the tree runs the package installed in
    lib/effect-host/python against the tree's libeffecthost.so, on any
    Python 3 with numpy (here the tests' own, named by EFFECT_HOST_PYTHON)."""
    _, tree = release
    assert os.path.isfile(os.path.join(tree, "lib", "effect-host", "python", "effects", "studio", "page", "studio.js"))
    client = tmp_path / "client.py"
    client.write_text(STUDIO_CLIENT)
    result = hidden_toolchain(f"{sys.executable} {client} {os.path.join(tree, 'bin', 'effect-host')}",
                              env={"EFFECT_HOST_PYTHON": sys.executable})
    assert result.returncode == 0, result.stderr[-3000:]
    answer = json.loads(result.stdout)
    plugins = os.path.join(tree, "lib", "effect-host", "plugins")
    assert answer["effects"] == sorted(os.path.join(plugins, p) for p in ("libBreathe.so", "libBreathe.so", "libReveal.so", "libStrike.so"))
    assert answer["span"] == 0.5 and answer["png"] == "89504e470d0a1a0a"
    assert answer["status"] == 0 and answer["said"] == ""
