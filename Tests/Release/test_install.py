"""scripts/install into a prefix when part of it cannot be built: without frei0r.h,
libobs's or GStreamer's pkg-config file or wasi-libc the core goes in and the frei0r plugins,
the OBS module, the GStreamer plugin or the plugins built to WebAssembly do not, with one line
each saying how to get them; a failed
build leaves the prefix as it was. What is missing is hidden for real, by mounting /dev/null
over it in a private mount namespace (needs root, as without_toolchain.py).
"""

import os
import stat
import subprocess

import pytest
from without_toolchain import PLUGINS, ROOT, require_hiding

SCRIPT = os.path.join(ROOT, "scripts", "install")
ENVIRONMENT = {key: value for key, value in os.environ.items() if not key.startswith("EFFECT_")}
FREI0R_H = [path for path in ("/usr/include/frei0r.h", "/usr/local/include/frei0r.h") if os.path.exists(path)]
# libobs-dev's pkg-config file, read as an empty one: pkg-config then has no libobs.
LIBOBS_PC = [subprocess.run(["pkg-config", "--path", "libobs"], capture_output=True, text=True, check=True).stdout.strip()]
# libgstreamer-plugins-base1.0-dev's gstreamer-video-1.0.pc, the same way: the plugin needs it.
GST_PC = [subprocess.run(["pkg-config", "--path", "gstreamer-video-1.0"], capture_output=True, text=True, check=True).stdout.strip()]
# wasi-libc's C library, which scripts/build-wasm links every WebAssembly plugin with.
WASI_LIBC = ["/usr/lib/wasm32-wasi/libc.a"]


def install(arguments, hidden):
    """scripts/install ARGUMENTS with the files HIDDEN read as /dev/null (a character
    device, neither a file nor a program), and no EFFECT_ variable from the caller."""
    require_hiding()
    mounts = "".join(f"mount --bind /dev/null {path} && " for path in hidden)
    return subprocess.run(["unshare", "--mount", "sh", "-c", mounts + 'exec "$@"', "sh", SCRIPT, *arguments], cwd="/",
                          capture_output=True, text=True, env=ENVIRONMENT, timeout=1800)


def tree(directory):
    """Every entry under DIRECTORY: its type and mode, inode, size, time and bytes or link."""
    entries = {}
    for parent, directories, files in os.walk(directory):
        for name in directories + files:
            path = os.path.join(parent, name)
            info = os.lstat(path)
            if stat.S_ISREG(info.st_mode):
                with open(path, "rb") as file:
                    content = file.read()
            else:
                content = os.readlink(path) if stat.S_ISLNK(info.st_mode) else None
            entries[os.path.relpath(path, directory)] = (info.st_mode, info.st_ino, info.st_size, info.st_mtime_ns, content)
    return entries


def write(path, content):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as file:
        file.write(content)


def test_without_frei0r_h_libobs_gstreamer_and_wasi_libc_the_core_is_installed_and_one_line_each_says_how_to_get_the_optional_parts(
        tmp_path):
    prefix = tmp_path / "prefix"
    # Another program's frei0r plugin and OBS module, and a runtime library an earlier install had and this one does not.
    write(prefix / "lib" / "frei0r-1" / "other.so", b"another program's plugin")
    write(prefix / "lib" / "x86_64-linux-gnu" / "obs-plugins" / "other.so", b"another program's module")
    write(prefix / "lib" / "x86_64-linux-gnu" / "gstreamer-1.0" / "libgstother.so", b"another program's GStreamer plugin")
    write(prefix / "lib" / "effect-host" / "runtime" / "libswiftEarlier.so", b"an earlier install's")
    result = install([str(prefix)], FREI0R_H + LIBOBS_PC + GST_PC + WASI_LIBC)
    assert result.returncode == 0, result.stderr[-3000:]
    for path in (
        "bin/effect-host", "lib/libeffecthost.so", *(f"lib/effect-host/plugins/{plugin}" for plugin in PLUGINS),
        "lib/effect-host/plugins/swift-runtime/libswiftCore.so", "include/effect.h", "include/effect.hpp", "include/effect_kit.h",
        "include/effect_kit_graphemes.h",
        "include/effect_host_core.h", "include/effect_host_plugins.h", "include/effect_host_metadata.h", "include/effect_host_instances.h",
        "include/effect_host_pictures.h", "include/effect_host_drawing.h", "include/effect_host_render.h", "include/effect_host_validate.h",
        "include/effect_host_player.h",
        "include/effect_host.h", "include/effect_host.hpp", "lib/pkgconfig/effect-host.pc", "lib/pkgconfig/effect-abi.pc",
        "share/man/man1/effect-host.1", "share/bash-completion/completions/effect-host", "share/zsh/site-functions/_effect-host",
        "share/fish/vendor_completions.d/effect-host.fish", "share/doc/effect-host/README.md",
    ):
        assert (prefix / path).is_file(), path
    # Nothing of the frei0r part, nothing of the staging, and what was not this install's left as it was.
    assert sorted(os.listdir(prefix)) == ["bin", "include", "lib", "share"]
    assert os.listdir(prefix / "lib" / "frei0r-1") == ["other.so"]
    assert (prefix / "lib" / "frei0r-1" / "other.so").read_bytes() == b"another program's plugin"
    assert not (prefix / "lib" / "effect-host" / "frei0r-adapter.so").exists() and not (prefix / "share" / "kdenlive").exists()
    assert "libswiftEarlier.so" not in os.listdir(prefix / "lib" / "effect-host" / "runtime")
    said = [line for line in result.stderr.splitlines() if "frei0r" in line.replace(str(tmp_path), "")]
    assert len(said) == 1, said
    assert "frei0r.h is missing" in said[0] and "apt-get install frei0r-plugins-dev" in said[0], said
    assert said[0].endswith(f"run {SCRIPT} {prefix} again"), said
    assert os.listdir(prefix / "lib" / "x86_64-linux-gnu" / "obs-plugins") == ["other.so"]
    assert not (prefix / "lib" / "effect-host" / "obs").exists() and not (prefix / "share" / "obs").exists()
    said = [line for line in result.stderr.splitlines() if "OBS" in line]
    assert said == [
        "scripts/install: the OBS module (lib/<multiarch>/obs-plugins/effect-host.so, for OBS Studio) is not installed: libobs's headers "
        "are missing: install Debian's libobs-dev and pkg-config (sudo apt-get install libobs-dev pkg-config), and run "
        f"{SCRIPT} {prefix} again"], said
    assert os.listdir(prefix / "lib" / "x86_64-linux-gnu" / "gstreamer-1.0") == ["libgstother.so"]
    assert not (prefix / "lib" / "effect-host" / "gstreamer").exists()
    said = [line for line in result.stderr.splitlines() if "GStreamer plugin" in line]
    assert said == [
        "scripts/install: the GStreamer plugin (lib/<multiarch>/gstreamer-1.0/libgsteffecthost.so, for GStreamer) is not installed: "
        "GStreamer's headers are missing: install Debian's libgstreamer1.0-dev, libgstreamer-plugins-base1.0-dev and pkg-config "
        f"(sudo apt-get install libgstreamer1.0-dev libgstreamer-plugins-base1.0-dev pkg-config), and run {SCRIPT} {prefix} again"], said
    # The web host is plain files and always goes in; the plugins' WebAssembly builds need wasi-libc.
    assert sorted(os.listdir(prefix / "lib" / "effect-host" / "web")) == [
        "effect-controls.js", "effect-host.js", "line-breaks.js", "package.json"]
    assert not [name for name in os.listdir(prefix / "lib" / "effect-host" / "plugins") if name.endswith(".wasm")]
    said = [line for line in result.stderr.splitlines() if "WebAssembly" in line]
    assert said == [
        "scripts/install: the plugins built to WebAssembly (lib/effect-host/plugins/NAME.wasm, for export --live) are not installed: "
        "scripts/build-wasm needs Debian's wasi-libc: install them (sudo apt-get install wasi-libc), and run "
        f"{SCRIPT} {prefix} again"], said
    # The prefix is one programs compile against: the C example, built with its
    # pkg-config file, samples tracking-breathe at 2.7 s from its plugins (three
    # quarters into the first 3.6 s breath after the 0.9 s entrance: tracking 9, opacity 0.98).
    environment = {**ENVIRONMENT, "PKG_CONFIG_PATH": str(prefix / "lib" / "pkgconfig")}
    flags = subprocess.run(["pkg-config", "--cflags", "--libs", "effect-abi"], capture_output=True, text=True, check=True,
                           env=environment).stdout.split()
    demo = str(tmp_path / "demo")
    subprocess.run(["cc", "-std=c99", "-Wall", "-Wextra", "-Werror", os.path.join(ROOT, "examples", "c", "effect_demo.c"), *flags,
                    "-o", demo], check=True)
    sampled = subprocess.run([demo, str(prefix / "lib" / "effect-host" / "plugins" / "libBreathe.so"), "tracking-breathe", "--times",
                              "2.7"], capture_output=True, text=True)
    assert "frame 2.7000000000000002 9 0.97999999999999998 4.5" in sampled.stdout, sampled.stdout + sampled.stderr
    listed = subprocess.run([str(prefix / "bin" / "effect-host"), "list", "--ids"], capture_output=True, text=True, env=environment)
    assert sorted(listed.stdout.split()) == ["breathing-circles", "strikethrough-reveal", "text-reveal", "tracking-breathe"], listed.stderr


def test_a_failed_build_leaves_the_prefix_as_it_was(tmp_path):
    # An earlier install's files and another program's, then an install whose
    # build stops half way: strip, which packaging the plugins runs, is not a program.
    prefix = tmp_path / "prefix"
    for path, content in (("bin/effect-host", b"an earlier effect-host"), ("lib/effect-host/runtime/libswiftCore.so", b"its runtime"),
                          ("share/doc/effect-host/README.md", b"its README"), ("lib/frei0r-1/other.so", b"another program's plugin")):
        write(prefix / path, content)
    os.symlink("../../../include", prefix / "share" / "doc" / "effect-host" / "include")
    before = tree(prefix)
    result = install([str(prefix)], ["/usr/bin/strip"])
    assert result.returncode != 0 and "strip: Permission denied" in result.stderr, result.stderr[-3000:]
    assert result.stderr.splitlines()[-1] == f"scripts/install: nothing was installed; {prefix} is as it was"
    assert tree(prefix) == before
    # A prefix that was not there is not there after.
    result = install([str(tmp_path / "new" / "prefix")], ["/usr/bin/strip"])
    assert result.returncode != 0 and not (tmp_path / "new").exists(), result.stderr[-3000:]


@pytest.mark.parametrize("flag, hidden, said", [
    ("--with-frei0r", FREI0R_H, "the frei0r plugins cannot be built: frei0r.h is missing: install Debian's frei0r-plugins-dev "
                                "(sudo apt-get install frei0r-plugins-dev)"),
    ("--with-obs", LIBOBS_PC, "the OBS module cannot be built: libobs's headers are missing: install Debian's libobs-dev and "
                              "pkg-config (sudo apt-get install libobs-dev pkg-config)"),
    ("--with-wasm", WASI_LIBC, "the plugins cannot be built to WebAssembly: scripts/build-wasm needs Debian's wasi-libc: "
                               "install them (sudo apt-get install wasi-libc)"),
    ("--with-gst", GST_PC, "the GStreamer plugin cannot be built: GStreamer's headers are missing: install Debian's "
                           "libgstreamer1.0-dev, libgstreamer-plugins-base1.0-dev and pkg-config (sudo apt-get install "
                           "libgstreamer1.0-dev libgstreamer-plugins-base1.0-dev pkg-config)"),
])
def test_with_an_optional_part_required_and_what_it_needs_missing_nothing_is_built_or_installed(flag, hidden, said, tmp_path):
    result = install([flag, str(tmp_path / "prefix")], hidden)
    assert result.returncode == 1 and not (tmp_path / "prefix").exists()
    assert result.stderr.splitlines() == [f"scripts/install: {said}; nothing was installed"]
