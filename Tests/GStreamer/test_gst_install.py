"""`effect-host install-hosts` puts the GStreamer plugin in the folder Debian's GStreamer
scans for a user's plugins, and real gst-inspect-1.0 and gst-launch-1.0 load it there
with no GST_PLUGIN_PATH and no library path.

The install is made here, self-contained: PREFIX/bin/effect-host, PREFIX/lib/libeffecthost.so
and the bundled plugins in PREFIX/lib/effect-host/plugins copied from the build, and
PREFIX/lib/effect-host/gstreamer/libgsteffecthost.so built by scripts/build-gst with its
default RUNPATH ($ORIGIN/../..), the layout scripts/install makes. GStreamer scans
g_get_user_data_dir()/gstreamer-1.0/plugins ("home plugins" in gstregistry.c), the data
directory being $XDG_DATA_HOME, else $HOME/.local/share (checked below with
GST_DEBUG=GST_REGISTRY:5). Every GStreamer run has a registry file of its own
(GST_REGISTRY), so no cache of the machine's is read or written.
"""

import os
import re
import shutil
import subprocess

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BUILD = os.environ.get("EFFECT_TEST_BUILD_DIR", os.path.join(ROOT, ".build", "debug"))
# The plugin's elements: EFFECTsrc and EFFECToverlay, the effect id without dashes.
ELEMENTS = {f"fx{effect}{kind}" for effect in ("breathingcircles", "strikethroughreveal", "textreveal", "trackingbreathe")
            for kind in ("src", "overlay")}
PLUGIN = "libgsteffecthost.so"

pytestmark = pytest.mark.skipif(not shutil.which("gst-inspect-1.0"), reason="scripts/ensure-gstreamer installs gstreamer1.0-tools")


@pytest.fixture(scope="module")
def prefix(tmp_path_factory):
    """An install's layout, with the GStreamer plugin scripts/build-gst builds by default."""
    prefix = tmp_path_factory.mktemp("gst-install") / "prefix"
    (prefix / "bin").mkdir(parents=True)
    (prefix / "lib" / "effect-host" / "plugins").mkdir(parents=True)
    shutil.copy(os.path.join(BUILD, "effect-host"), prefix / "bin" / "effect-host")
    shutil.copy(os.path.join(BUILD, "libeffecthost.so"), prefix / "lib" / "libeffecthost.so")
    for plugin in ("libBreathe.so", "libReveal.so", "libStrike.so"):
        shutil.copy(os.path.join(BUILD, plugin), prefix / "lib" / "effect-host" / "plugins" / plugin)
    built = subprocess.run([os.path.join(ROOT, "scripts", "build-gst"), BUILD, str(prefix / "lib" / "effect-host" / "gstreamer" / PLUGIN)],
                           capture_output=True, text=True)
    assert built.returncode == 0, built.stderr
    return prefix


def bare(home, **extra):
    """A user's environment with nothing for effect-host or GStreamer's search in it."""
    return {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(home), "XDG_CACHE_HOME": str(home / "cache"), **extra}


def install_hosts(prefix, home, *arguments, **extra):
    home.mkdir(exist_ok=True)
    return subprocess.run([str(prefix / "bin" / "effect-host"), "install-hosts", *arguments], capture_output=True, text=True,
                          env=bare(home, **extra), timeout=300)


def run_gst(program, home, *arguments, **extra):
    """PROGRAM (gst-inspect-1.0, gst-launch-1.0) as the user, with a registry of its own."""
    environment = bare(home, GST_REGISTRY=str(home / "registry.bin"), **extra)
    return subprocess.run([program, *arguments], capture_output=True, text=True, env=environment, timeout=300)


def inspected(home, **extra):
    """What gst-inspect-1.0 says of the effecthost plugin: (its file, its elements), or None when it has none."""
    run = run_gst("gst-inspect-1.0", home, "effecthost", **extra)
    if run.returncode != 0:
        return None
    filename = re.search(r"^\s*Filename\s+(\S+)$", run.stdout, re.M).group(1)
    return filename, set(re.findall(r"^\s+(\w+): ", run.stdout, re.M)) - {"Name", "Description", "Filename", "Version", "License"}


def runpath(path):
    dynamic = subprocess.run(["readelf", "-d", str(path)], capture_output=True, text=True, check=True).stdout
    return re.search(r"Library runpath: \[([^\]]*)\]", dynamic).group(1)


def test_gstreamer_scans_the_xdg_data_folders_gstreamer_plugins_for_a_users_plugins(tmp_path):
    for extra, folder in (({"XDG_DATA_HOME": str(tmp_path / "data")}, tmp_path / "data"), ({}, tmp_path / ".local" / "share")):
        run = run_gst("gst-inspect-1.0", tmp_path, "--version", GST_DEBUG="GST_REGISTRY:5", GST_DEBUG_NO_COLOR="1", **extra)
        assert f"scanning home plugins {folder}/gstreamer-1.0/plugins\n" in run.stderr, run.stderr[-3000:]
        os.remove(tmp_path / "registry.bin")


def test_install_hosts_puts_a_copy_in_the_users_gstreamer_folder_that_gstreamer_loads_with_no_environment(prefix, tmp_path):
    home = tmp_path / "home"
    data = tmp_path / "data"
    assert inspected(home, XDG_DATA_HOME=str(data)) is None, "no effecthost plugin before"
    run = install_hosts(prefix, home, XDG_DATA_HOME=str(data))
    assert (run.returncode, run.stderr) == (0, "")
    copy = data / "gstreamer-1.0" / "plugins" / PLUGIN
    library = os.path.realpath(prefix / "lib")
    # The install has no frei0r adapter: said in one line, and the GStreamer plugin is installed all the same.
    assert run.stdout.splitlines()[:2] == [
        f"no frei0r plugins: there is no frei0r adapter at {library}/effect-host/frei0r-adapter.so, where an installed effect-host has "
        "it (scripts/install PREFIX installs one when frei0r-plugins-dev is there; scripts/build-frei0r builds one, given with "
        "--adapter FILE)",
        f"wrote the GStreamer plugin {copy}, loading {library}/libeffecthost.so: GStreamer offers each effect's elements "
        "(gst-inspect-1.0 effecthost)"]
    assert os.listdir(copy.parent) == [PLUGIN] and runpath(copy) == library
    assert os.stat(copy).st_mode & 0o777 == 0o755
    assert inspected(home, XDG_DATA_HOME=str(data)) == (str(copy), ELEMENTS)
    # A real pipeline from the copy: no GST_PLUGIN_PATH, no LD_LIBRARY_PATH, no EFFECT_PLUGIN_PATH.
    played = run_gst("gst-launch-1.0", home, "fxstrikethroughrevealsrc", "num-buffers=1", "!", "fakesink", XDG_DATA_HOME=str(data))
    assert played.returncode == 0 and "Got EOS from element" in played.stdout, played.stdout + played.stderr

    # Again: the copy is replaced by a new file renamed into place, and nothing else is left beside it.
    before = os.stat(copy).st_ino
    again = install_hosts(prefix, home, XDG_DATA_HOME=str(data))
    assert again.returncode == 0 and again.stdout == run.stdout, again.stderr
    assert os.stat(copy).st_ino != before and os.listdir(copy.parent) == [PLUGIN]

    # Without XDG_DATA_HOME the folder is ~/.local/share's; a dry run writes nothing.
    dry = install_hosts(prefix, home, "--dry-run")
    assert f"would write the GStreamer plugin {home}/.local/share/gstreamer-1.0/plugins/{PLUGIN}, loading {library}/libeffecthost.so: " \
           "GStreamer offers each effect's elements (gst-inspect-1.0 effecthost)" in dry.stdout.splitlines(), dry.stdout
    assert not (home / ".local").exists()


def test_another_programs_file_under_the_plugins_name_is_left_as_it_is_in_one_line(prefix, tmp_path):
    home = tmp_path / "home"
    plugins = tmp_path / "plugins"
    plugins.mkdir()
    (plugins / PLUGIN).write_bytes(b"another program's plugin")
    run = install_hosts(prefix, home, "--gst-dir", str(plugins))
    assert run.returncode == 1
    assert run.stderr.splitlines() == [
        f"effect-host: the GStreamer plugin is not installed: {plugins}/{PLUGIN} is not a copy of effect-host's GStreamer plugin: "
        "it is left as it is"]
    assert (plugins / PLUGIN).read_bytes() == b"another program's plugin" and os.listdir(plugins) == [PLUGIN]


def test_a_folder_given_with_gst_dir_is_found_through_gst_plugin_path_and_a_plugin_given_is_pinned_to_its_build(prefix, tmp_path):
    home = tmp_path / "home"
    plugins = tmp_path / "plugins"
    built = tmp_path / "built" / PLUGIN
    made = subprocess.run([os.path.join(ROOT, "scripts", "build-gst"), "--runpath", BUILD, BUILD, str(built)], capture_output=True, text=True)
    assert made.returncode == 0, made.stderr
    run = install_hosts(prefix, home, "--gst-dir", str(plugins), "--gst-plugin", str(built))
    assert (run.returncode, run.stderr) == (0, "")
    copy = plugins / PLUGIN
    assert run.stdout.splitlines()[1:3] == [
        f"wrote the GStreamer plugin {copy}, loading {os.path.realpath(BUILD)}/libeffecthost.so: GStreamer offers each effect's "
        "elements (gst-inspect-1.0 effecthost)",
        f"GStreamer does not search {plugins} by itself: set GST_PLUGIN_PATH to it (it loads a user's plugins from "
        f"{home}/.local/share/gstreamer-1.0/plugins)"]
    assert runpath(copy) == os.path.realpath(BUILD)
    assert inspected(home) is None, "not in a folder GStreamer scans"
    assert inspected(home, GST_PLUGIN_PATH=str(plugins)) == (str(copy), ELEMENTS)


def test_without_a_plugin_or_a_folder_for_it_one_line_says_so_and_a_plugin_that_cannot_be_used_is_an_error(prefix, tmp_path):
    home = tmp_path / "home"
    adapter = tmp_path / "adapter" / "frei0r-adapter.so"
    made = subprocess.run([os.path.join(ROOT, "scripts", "build-frei0r"), "--runpath", BUILD, BUILD, str(adapter), str(tmp_path / "adapter")],
                          capture_output=True, text=True)
    assert made.returncode == 0, made.stderr
    frei0r = ["--adapter", str(adapter), "--frei0r-dir", str(tmp_path / "frei0r-1")]
    own = tmp_path / "prefix"
    shutil.copytree(prefix, own, symlinks=True)
    os.remove(own / "lib" / "effect-host" / "gstreamer" / PLUGIN)
    run = install_hosts(own, home, *frei0r)
    assert (run.returncode, run.stderr) == (0, "")
    assert (f"no GStreamer plugin: there is none at {os.path.realpath(own)}/lib/effect-host/gstreamer/{PLUGIN}, where an installed "
            "effect-host has it (scripts/install PREFIX installs one when libgstreamer1.0-dev and libgstreamer-plugins-base1.0-dev are "
            "there; scripts/build-gst builds one, given with --gst-plugin FILE)") in run.stdout.splitlines(), run.stdout
    assert (tmp_path / "frei0r-1" / "effect_text_reveal.so").is_file() and not (home / ".local").exists()
    # With nothing at all to install, no adapter is the error it was before there was a GStreamer plugin.
    run = install_hosts(own, home)
    assert run.returncode == 1 and run.stderr.startswith(f"effect-host: there is no frei0r adapter at {os.path.realpath(own)}/lib/"), run.stderr
    # No HOME and no XDG_DATA_HOME: no folder of this user's to put the plugin in.
    environment = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "XDG_CACHE_HOME": str(tmp_path / "cache")}
    run = subprocess.run([str(prefix / "bin" / "effect-host"), "install-hosts", *frei0r], capture_output=True, text=True, env=environment,
                         timeout=300)
    assert (run.returncode, run.stderr) == (0, "")
    assert ("no GStreamer plugin installed: neither XDG_DATA_HOME nor HOME is set, so there is no GStreamer plugin folder of this "
            "user's: give --gst-dir DIR") in run.stdout.splitlines(), run.stdout
    # A file that is not a plugin built on libeffecthost.so.
    text = tmp_path / "notes.so"
    text.write_text("not a library")
    run = install_hosts(prefix, home, *frei0r, "--gst-plugin", str(text))
    assert (run.returncode, run.stderr) == (1, f"effect-host: the GStreamer plugin {text} cannot be used: it is not a GStreamer plugin "
                                               "(a shared library that needs libeffecthost.so)\n")
    run = install_hosts(prefix, home, "--relocatable", "--gst-dir", str(tmp_path / "plugins"))
    assert (run.returncode, run.stderr) == (2, "effect-host: --relocatable makes frei0r copies alone; --obs-module, --obs-dir, "
                                               "--gst-plugin and --gst-dir cannot be given with it\n")
    assert not (home / ".local").exists() and not (tmp_path / "plugins").exists()
