"""Where the package looks for plugins, and what it says when it finds none."""

import json
import os
import shutil
import subprocess
import sys
import textwrap

import pytest
from plugin_fixtures import ROOT, compile_test_plugin

import effects


def test_the_search_path_and_its_plugins_are_what_effect_host_list_finds(monkeypatch, tmp_path, plugins_dir):
    # The host library's catalog decides: explicit paths, EFFECT_PLUGIN_PATH,
    # then the plugins beside the library loaded (here the build directory),
    # not those of another effect-host on PATH.
    prefix = tmp_path / "prefix"
    (prefix / "bin").mkdir(parents=True)
    (prefix / "lib" / "effect-host" / "plugins").mkdir(parents=True)
    shutil.copy(os.path.join(plugins_dir, "libBreathe.so"), prefix / "lib" / "effect-host" / "plugins" / "libBreathe.so")
    host = prefix / "bin" / "effect-host"
    host.write_text("#!/bin/sh\n")
    host.chmod(0o755)
    explicit = tmp_path / "explicit"
    explicit.mkdir(mode=0o700)
    shutil.copy(os.path.join(plugins_dir, "libStrike.so"), explicit / "libStrike.so")
    monkeypatch.setenv("PATH", f"{prefix / 'bin'}:{os.environ['PATH']}")
    monkeypatch.setenv("EFFECT_PLUGIN_PATH", f"/nonexistent-first::{plugins_dir}")
    build = os.path.realpath(plugins_dir)
    assert effects.search_path([str(explicit)]) == [str(explicit), "/nonexistent-first", plugins_dir, build]
    catalog = effects.scan([str(explicit)])
    assert [plugin.path for plugin in catalog.plugins] == [
        str(explicit / "libStrike.so"), *(os.path.join(plugins_dir, name) for name in ("libBreathe.so", "libReveal.so", "libStrike.so"))]
    listed = subprocess.run([os.path.join(plugins_dir, "effect-host"), "list", "--json", "--plugin-path", str(explicit)],
                            capture_output=True, text=True, timeout=300, check=True)
    said = json.loads(listed.stdout)
    assert [entry["path"] for entry in said["search_path"]] == effects.search_path([str(explicit)])
    assert [plugin["path"] for plugin in said["plugins"]] == [plugin.path for plugin in catalog.plugins]
    assert [failure.path for failure in catalog.failures] == [failure["path"] for failure in said["failures"]] == ["/nonexistent-first"]


def test_without_defaults_only_the_paths_given_are_searched(monkeypatch, plugins_dir):
    monkeypatch.setenv("EFFECT_PLUGIN_PATH", "/nonexistent")
    assert effects.search_path([plugins_dir], defaults=False) == [plugins_dir]
    catalog = effects.scan([plugins_dir], defaults=False)
    assert catalog.failures == [] and len(catalog.plugins) == 3


def test_an_explicit_path_that_does_not_exist_is_an_error(monkeypatch, plugins_dir):
    # EFFECT_PLUGIN_PATH holding the plugins does not hide the mistake.
    monkeypatch.setenv("EFFECT_PLUGIN_PATH", plugins_dir)
    with pytest.raises(effects.PluginLoadError) as missing:
        effects.effect("strikethrough-reveal", ["/nonexistent"])
    assert missing.value.path == "/nonexistent" and "No such file or directory" in str(missing.value)


def test_none_found_names_every_place_searched_and_the_variable(tmp_path):
    empty = tmp_path / "empty"
    empty.mkdir()
    catalog = effects.scan([str(empty)], defaults=False)
    with pytest.raises(effects.EffectError) as none:
        catalog.effect("strikethrough-reveal")
    message = none.value.message
    assert message == (
        f"no effect 'strikethrough-reveal': no plugin found (searched {empty}); "
        "pass paths or set EFFECT_PLUGIN_PATH to a plugin directory"
    )


def test_an_effect_found_twice_is_named_once_and_taken_from_the_first(tmp_path, plugins_dir):
    copy = tmp_path / "copy"
    copy.mkdir(mode=0o700)
    shutil.copy(os.path.join(plugins_dir, "libStrike.so"), copy / "libStrike.so")
    catalog = effects.scan([plugins_dir, str(copy)], defaults=False)
    assert catalog.effect("strikethrough-reveal").plugin.path == os.path.join(plugins_dir, "libStrike.so")
    with pytest.raises(effects.EffectError) as unknown:
        catalog.effect("nope")
    assert unknown.value.message.count("strikethrough-reveal") == 1


def test_group_write_is_allowed_through_the_users_private_group_only(tmp_path, plugins_dir):
    import grp
    import pwd

    # umask 002 (Debian's and Ubuntu's user-private-group scheme) makes what pip unpacks group-writable.
    directory = tmp_path / "group-writable"
    directory.mkdir()
    plugin = directory / "libStrike.so"
    shutil.copy(os.path.join(plugins_dir, "libStrike.so"), plugin)
    os.chmod(directory, 0o775)
    os.chmod(plugin, 0o664)
    user = pwd.getpwuid(os.geteuid())
    primary = grp.getgrgid(user.pw_gid)
    private = primary.gr_name == user.pw_name and all(member == user.pw_name for member in primary.gr_mem)
    os.chown(directory, -1, user.pw_gid)
    os.chown(plugin, -1, user.pw_gid)
    catalog = effects.scan([str(directory)], defaults=False) if private else None
    if private:
        assert catalog.failures == [] and len(catalog.plugins) == 1
    if os.geteuid() != 0:
        return
    os.chown(directory, -1, 65534)  # nogroup: no one's private group
    with pytest.warns(effects.PluginLoadWarning):
        refused = effects.scan([str(directory)], defaults=False)
    assert refused.failures[0].reason.startswith(f"refused: the directory {os.path.realpath(directory)} can be written by its group (mode 0775)")


def test_the_trust_rule_applies_to_a_plugin_already_loaded(open_plugin):
    loaded = effects.load_plugin(str(open_plugin), allow_unsafe=True)
    assert loaded.id == "strike"
    # Loaded once with the override, it is still refused to a caller without it.
    with pytest.raises(effects.PluginLoadError, match="can be written by everyone"):
        effects.load_plugin(str(open_plugin))
    assert effects.load_plugin(str(open_plugin), allow_unsafe=True) is loaded


def test_a_plugin_that_crashes_or_exits_while_loading_is_a_failure_not_the_end(tmp_path):
    # Its own process: were a file loaded in it, the crash would end it.
    directory = tmp_path / "plugins"
    directory.mkdir()
    compile_test_plugin(str(directory), "libCrash.so", ("BROKEN_LOAD_CRASH",))
    compile_test_plugin(str(directory), "libExit.so", ("BROKEN_LOAD_EXIT",))
    compile_test_plugin(str(directory), "libGood.so")
    program = textwrap.dedent(
        """
        import sys, warnings
        import effects
        with warnings.catch_warnings(record=True) as heard:
            warnings.simplefilter("always")
            catalog = effects.scan([sys.argv[1]], defaults=False)
        print([plugin.id for plugin in catalog.plugins])
        for failure in catalog.failures:
            print(failure.path.rsplit("/", 1)[-1], failure.reason)
        print(len(heard), "warnings")
        """
    )
    result = subprocess.run(
        [sys.executable, "-c", program, str(directory)], capture_output=True, text=True, timeout=300,
        env={**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache")},
    )
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "['test']"
    failures = dict(line.split(" ", 1) for line in lines[1:-1])
    assert set(failures) == {"libCrash.so", "libExit.so"}
    assert "SIGSEGV" in failures["libCrash.so"] or "signal 11" in failures["libCrash.so"], failures
    assert "exit" in failures["libExit.so"], failures
    # Both were in the path passed: each is also a warning.
    assert lines[-1] == "2 warnings"


def test_an_installed_copy_does_not_search_a_checkout_it_is_not_in(tmp_path, plugins_dir):
    # As a wheel lays it out: the library in effects/lib, its plugins beside it.
    site = tmp_path / "site"
    shutil.copytree(os.path.join(ROOT, "python", "effects"), site / "effects", ignore=shutil.ignore_patterns("__pycache__"))
    (site / "effects" / "lib").mkdir(exist_ok=True)
    shutil.copy(os.path.join(plugins_dir, "libeffecthost.so"), site / "effects" / "lib" / "libeffecthost.so")
    program = textwrap.dedent(
        """
        import effects
        print("\\n".join(effects.search_path()))
        """
    )
    result = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, cwd=tmp_path,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(site), "EFFECT_HOST_WORKER": os.path.join(plugins_dir, "effect-host")},
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == [os.path.realpath(site / "effects" / "lib" / "effect-host" / "plugins")]


def test_the_version_is_the_distributions_and_effect_hosts(plugins_dir):
    from importlib import metadata

    # scripts/test installs the package; its metadata reads the version from effects.__version__,
    # which is the version of the effect-host whose plugins a wheel carries.
    host = subprocess.run([os.path.join(plugins_dir, "effect-host"), "--version"], capture_output=True, text=True, check=True)
    assert host.stdout.split()[:2] == ["effect-host", effects.__version__]
    assert metadata.version("effect-host") == effects.__version__


def test_a_path_that_is_not_utf8_gets_the_host_librarys_refusal_not_a_second_scanner(tmp_path, plugins_dir):
    directory = os.path.join(os.fsencode(tmp_path), b"caf\xe9")
    os.mkdir(directory, 0o700)
    shutil.copy(os.path.join(plugins_dir, "libStrike.so"), os.path.join(os.fsdecode(directory), "libStrike.so"))
    with pytest.raises(effects.EffectError) as refused:
        effects.scan([os.fsdecode(directory)], defaults=False)
    assert (refused.value.status_name, refused.value.message) == ("EFFECT_ERR_UTF8", "paths[0] is not UTF-8 text")


def test_without_the_effect_host_program_scanning_says_so_and_loads_nothing_in_process(monkeypatch, plugins_dir):
    monkeypatch.setenv("EFFECT_HOST_WORKER", "/nonexistent/effect-host")
    with pytest.raises(effects.EffectError) as missing:
        effects.scan([plugins_dir], defaults=False)
    assert missing.value.status == -103
    assert missing.value.message == (
        "EFFECT_HOST_WORKER is /nonexistent/effect-host, which is not an executable file; "
        "no other place is searched while it is set")
