"""The OBS module installed where OBS looks, and loaded there by real, headless libobs.

The install is scripts/release's tarball, unpacked: it is `scripts/install
--with-frei0r --with-obs` into a directory of its own, made once a session
(Tests/conftest.py's release_files, which Tests/Release shares), so the
installed layout is checked without a second install. Where libobs looks is
read from libobs's own build settings (obsconfig.h: OBS_PLUGIN_DESTINATION,
OBS_DATA_PATH), where the `obs` program looks for a user's modules from its
source (UI/window-basic-main.cpp: the config folder's obs-studio/plugins,
NAME/bin/64bit/NAME.so and NAME/data/); the harness (Tests/OBS/harness.c) opens a
module by path as libobs does a found one, or searches a user folder as the `obs`
program does (--user-plugins), and lists the source types.
"""

import os
import re
import shutil
import subprocess
import sys
import tarfile

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BUILD = os.environ.get("EFFECT_TEST_BUILD_DIR", os.path.join(ROOT, ".build", "debug"))
BUNDLED = {"breathing-circles", "strikethrough-reveal", "text-reveal", "tracking-breathe"}
# The module registers one source type per effect: effect_host_ID (obs/module.c).
TYPE_PREFIX = "effect_host_"


def obsconfig(name):
    with open("/usr/include/obs/obsconfig.h") as header:
        return re.search(rf'#define {name} "([^"]*)"', header.read()).group(1)


@pytest.fixture(scope="module")
def prefix(release_files, tmp_path_factory):
    """The unpacked release: the tree scripts/install made."""
    unpacked = tmp_path_factory.mktemp("obs-install")
    with tarfile.open(release_files[0]) as archive:
        top = archive.getnames()[0].split("/")[0]
        archive.extractall(unpacked, filter="data")
    return unpacked / top


@pytest.fixture(scope="module")
def harness_program(obs_build):
    return obs_build[2]


@pytest.fixture(scope="module")
def harness_without_toolchain(obs_build, tmp_path_factory):
    """The harness as on a machine without the Swift toolchain (Tests/Release/without_toolchain.py):
    the installed module has to find the Swift runtime the install ships."""
    sys.path.insert(0, os.path.join(ROOT, "Tests", "Release"))
    from without_toolchain import RUNTIME, hidden_toolchain, require_hiding

    require_hiding()
    assert hidden_toolchain(f"{BUILD}/effect-host --version").returncode != 0, "the checkout's build needs the toolchain: hiding it is real"
    wrapper = tmp_path_factory.mktemp("hidden") / "harness"
    wrapper.write_text(f"#!/bin/sh\nexec unshare --mount sh -c 'mount -t tmpfs none {RUNTIME} && exec \"$0\" \"$@\"' {obs_build[2]} \"$@\"\n")
    wrapper.chmod(0o755)
    return wrapper


def bare(home, **extra):
    """A user's environment with nothing for effect-host or OBS in it."""
    return {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(home), "XDG_CACHE_HOME": str(home / "cache"), **extra}


def install_hosts(host, home, *arguments, **extra):
    """HOST install-hosts ARGUMENTS as a user with a fresh home."""
    home.mkdir(exist_ok=True)
    return subprocess.run([str(host), "install-hosts", *arguments], capture_output=True, text=True, env=bare(home, **extra), timeout=300)


def own_copy(prefix, tmp_path, without=None):
    """A private copy of the install (to move, or to take a part away from: `without`)."""
    own = tmp_path / "prefix"
    shutil.copytree(prefix, own, symlinks=True)
    if without is not None:
        (shutil.rmtree if (own / without).is_dir() else os.remove)(own / without)
    return own


def effect_types(harness):
    return {type_id[len(TYPE_PREFIX):] for type_id in harness.types() if type_id.startswith(TYPE_PREFIX)}


def runpath(path):
    dynamic = subprocess.run(["readelf", "-d", "-S", "-W", str(path)], capture_output=True, text=True, check=True).stdout
    found = re.search(r"Library runpath: \[([^\]]*)\]", dynamic)
    assert found, dynamic
    return found.group(1), dynamic


def data_files(directory):
    return {os.path.relpath(os.path.join(parent, name), directory): open(os.path.join(parent, name), "rb").read()
            for parent, _, names in os.walk(directory) for name in names}


def test_scripts_install_puts_the_module_where_debians_libobs_looks_and_libobs_loads_it_there(prefix, harness_without_toolchain, tmp_path):
    from obs_harness import Harness

    module = prefix / obsconfig("OBS_PLUGIN_DESTINATION") / "effect-host.so"
    data = prefix / obsconfig("OBS_DATA_PATH") / "obs-plugins" / "effect-host"
    assert obsconfig("OBS_PLUGIN_DESTINATION") == "lib/x86_64-linux-gnu/obs-plugins"
    assert module.is_file() and data.is_dir()
    # $ORIGIN/../.. (PREFIX/lib), then a run of / up to 1024 bytes: the room install-hosts pins a copy's RUNPATH in; stripped.
    found, dynamic = runpath(module)
    assert found == "$ORIGIN/../.." + "/" * (1024 - len("$ORIGIN/../..")) and ".symtab" not in dynamic
    assert os.path.isfile(os.path.join(module.parent, "../../libeffecthost.so"))
    assert data_files(data) == data_files(os.path.join(ROOT, "obs", "data")) != {}
    # The copy install-hosts makes for a user: the same module and texts.
    assert (prefix / "lib" / "effect-host" / "obs" / "effect-host.so").read_bytes() == module.read_bytes()
    assert data_files(prefix / "lib" / "effect-host" / "obs" / "data") == data_files(data)

    home = tmp_path / "home"
    home.mkdir()
    with Harness(harness_without_toolchain, modules=[(module, data)], config=tmp_path / "config", env=bare(home)) as obs:
        assert effect_types(obs) == BUNDLED
        log = obs.close()
    assert "not loaded" not in log and "Failed to load 'en-US' text" not in log, log[-3000:]


def test_install_hosts_puts_a_copy_in_the_users_obs_folder_that_obs_loads_and_a_run_again_replaces(prefix, harness_without_toolchain,
                                                                                                     tmp_path):
    from obs_harness import Harness

    home = tmp_path / "home"
    run = install_hosts(prefix / "bin" / "effect-host", home)
    assert run.returncode == 0, run.stderr
    plugins = home / ".config" / "obs-studio" / "plugins"
    copy = plugins / "effect-host" / "bin" / "64bit" / "effect-host.so"
    library = os.path.realpath(prefix / "lib")
    assert run.stdout.splitlines()[-1] == (
        f"wrote the OBS module {copy} and its data/, loading {library}/libeffecthost.so: OBS offers each effect as a source "
        "when it starts next")
    assert runpath(copy)[0] == library
    assert data_files(plugins / "effect-host" / "data") == data_files(os.path.join(ROOT, "obs", "data"))
    assert (home / ".frei0r-1" / "lib" / "effect_text_reveal.so").is_file(), "the frei0r copies are made as before"
    with Harness(harness_without_toolchain, user_plugins=plugins, config=tmp_path / "config", env=bare(home)) as obs:
        assert effect_types(obs) == BUNDLED
        log = obs.close()
    assert f"Module '{copy}' not loaded" not in log, log[-3000:]

    # Again: the copy is replaced by a new file (renamed into place), and nothing else is left in its folder.
    before = os.stat(copy).st_ino
    again = install_hosts(prefix / "bin" / "effect-host", home)
    assert again.returncode == 0 and again.stdout == run.stdout, again.stderr
    assert os.stat(copy).st_ino != before and runpath(copy)[0] == library
    assert os.listdir(copy.parent) == ["effect-host.so"]

    # XDG_CONFIG_HOME names the config folder, as for OBS.
    config = tmp_path / "xdg"
    moved = install_hosts(prefix / "bin" / "effect-host", home, "--dry-run", XDG_CONFIG_HOME=str(config))
    assert moved.stdout.splitlines()[-1].startswith(
        f"would write the OBS module {config}/obs-studio/plugins/effect-host/bin/64bit/effect-host.so and its data/"), moved.stdout
    assert not config.exists()


def test_another_programs_file_under_the_modules_name_is_left_as_it_is_in_one_line(prefix, tmp_path):
    home = tmp_path / "home"
    plugins = tmp_path / "plugins"
    taken = plugins / "effect-host" / "bin" / "64bit" / "effect-host.so"
    taken.parent.mkdir(parents=True)
    taken.write_bytes(b"another program's module")
    run = install_hosts(prefix / "bin" / "effect-host", home, "--obs-dir", str(plugins))
    assert run.returncode == 1
    assert run.stderr.splitlines() == [
        f"effect-host: the OBS module is not installed: {taken} is not a copy of effect-host's OBS module: it is left as it is"]
    assert taken.read_bytes() == b"another program's module"
    assert os.listdir(plugins / "effect-host") == ["bin"] and os.listdir(taken.parent) == ["effect-host.so"]
    assert (home / ".frei0r-1" / "lib" / "effect_text_reveal.so").is_file()


def test_an_effect_host_install_moved_away_makes_obs_say_why_the_module_is_not_loaded_and_go_on(prefix, harness_program, tmp_path):
    from obs_harness import Harness

    own = own_copy(prefix, tmp_path)
    home = tmp_path / "home"
    assert install_hosts(own / "bin" / "effect-host", home).returncode == 0
    os.rename(own, tmp_path / "moved")
    plugins = home / ".config" / "obs-studio" / "plugins"
    copy = plugins / "effect-host" / "bin" / "64bit" / "effect-host.so"
    with Harness(harness_program, user_plugins=plugins, config=tmp_path / "config", env=bare(home)) as obs:
        assert effect_types(obs) == set()
        assert obs.ok("frame") == "", "OBS runs on"
        log = obs.close()
    assert "libeffecthost.so: cannot open shared object file: No such file or directory" in log, log[-3000:]
    assert f"Module '{copy}' not loaded" in log, log[-3000:]


def test_without_an_obs_module_one_line_says_so_and_the_frei0r_plugins_are_made(prefix, tmp_path):
    own = own_copy(prefix, tmp_path, without="lib/effect-host/obs")
    home = tmp_path / "home"
    run = install_hosts(own / "bin" / "effect-host", home)
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines()[-1] == (
        f"no OBS module: there is none at {os.path.realpath(own)}/lib/effect-host/obs/effect-host.so, where an installed effect-host "
        "has it (scripts/install PREFIX installs one when libobs-dev is there; scripts/build-obs builds one, given with --obs-module FILE)")
    assert not (home / ".config").exists()
    assert (home / ".frei0r-1" / "lib" / "effect_text_reveal.so").is_file()


def test_a_module_given_by_path_takes_its_texts_from_data_beside_it_and_is_pinned_to_its_build(prefix, obs_build, harness_program,
                                                                                                 tmp_path):
    from obs_harness import Harness

    module, _, _ = obs_build  # scripts/build-obs --runpath BUILD
    home = tmp_path / "home"
    plugins = tmp_path / "plugins"
    host = [os.path.join(BUILD, "effect-host"), home, "--adapter", str(prefix / "lib" / "effect-host" / "frei0r-adapter.so"),
            "--frei0r-dir", str(tmp_path / "frei0r"), "--obs-dir", str(plugins)]
    # The module alone, with no data/ beside it: an error naming the folder, and nothing written.
    alone = install_hosts(*host, "--obs-module", str(module))
    assert (alone.returncode, alone.stderr) == (1, (
        f"effect-host: the OBS module's data folder {os.path.dirname(module)}/data cannot be used: there is no such directory\n"))
    assert not plugins.exists() and not (tmp_path / "frei0r").exists()
    # Beside its texts: pinned to the build's library, and loaded from the folder given.
    beside = tmp_path / "built"
    beside.mkdir()
    shutil.copy(module, beside / "effect-host.so")
    shutil.copytree(os.path.join(ROOT, "obs", "data"), beside / "data")
    run = install_hosts(*host, "--obs-module", str(beside / "effect-host.so"))
    assert run.returncode == 0, run.stderr
    copy = plugins / "effect-host" / "bin" / "64bit" / "effect-host.so"
    assert run.stdout.splitlines()[-1] == (
        f"OBS does not search {plugins} by itself: it loads a user's modules from {home}/.config/obs-studio/plugins")
    assert runpath(copy)[0] == os.path.realpath(BUILD)
    with Harness(harness_program, user_plugins=plugins, config=tmp_path / "config", env=bare(home)) as obs:
        assert effect_types(obs) == BUNDLED


def test_an_install_without_the_frei0r_plugins_still_puts_the_obs_module_in_place_and_says_what_it_lacks(prefix, tmp_path):
    own = own_copy(prefix, tmp_path, without="lib/effect-host/frei0r-adapter.so")
    home = tmp_path / "home"
    run = install_hosts(own / "bin" / "effect-host", home)
    assert (run.returncode, run.stderr) == (0, "")
    copy = home / ".config" / "obs-studio" / "plugins" / "effect-host" / "bin" / "64bit" / "effect-host.so"
    assert run.stdout.splitlines() == [
        f"no frei0r plugins: there is no frei0r adapter at {os.path.realpath(own)}/lib/effect-host/frei0r-adapter.so, where an installed "
        "effect-host has it (scripts/install PREFIX installs one when frei0r-plugins-dev is there; scripts/build-frei0r builds one, "
        "given with --adapter FILE)",
        f"wrote the GStreamer plugin {home}/.local/share/gstreamer-1.0/plugins/libgsteffecthost.so, loading "
        f"{os.path.realpath(own)}/lib/libeffecthost.so: GStreamer offers each effect's elements (gst-inspect-1.0 effecthost)",
        f"wrote the OBS module {copy} and its data/, loading {os.path.realpath(own)}/lib/libeffecthost.so: OBS offers each effect as a "
        "source when it starts next"]
    assert runpath(copy)[0] == os.path.realpath(own / "lib") and not (home / ".frei0r-1").exists()


def test_with_no_home_and_no_config_folder_the_frei0r_plugins_are_made_and_one_line_says_where_the_obs_module_could_go(prefix, tmp_path):
    frei0r = tmp_path / "frei0r-1"
    run = subprocess.run([str(prefix / "bin" / "effect-host"), "install-hosts", "--frei0r-dir", str(frei0r)], capture_output=True, text=True,
                         env={"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "XDG_CACHE_HOME": str(tmp_path / "cache")}, timeout=300)
    assert (run.returncode, run.stderr) == (0, "")
    assert run.stdout.splitlines()[-1] == (
        "no OBS module installed: neither XDG_CONFIG_HOME nor HOME is set, so there is no OBS plugin folder of this user's: give "
        "--obs-dir DIR")
    assert (frei0r / "effect_text_reveal.so").is_file()
