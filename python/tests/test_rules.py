"""The package's loader refuses what effect-host's loader refuses, with the
same reason: the metadata rules are written once in Swift
(Sources/MetadataRules) and mirrored in effects/_rules.py, so each broken
fixture is loaded both ways here and the reasons compared, and compared
with the rule's message as written out by hand."""

import json
import os
import subprocess

import pytest
from plugin_fixtures import build_directory, compile_test_plugin

import effects

BROKEN = [
    (("BROKEN_DUPLICATE_PARAM",), "effect 'test-ramp': param 'length' is declared twice"),
    (("BROKEN_DEFAULT_RANGE",), "effect 'test-ramp': param 'length' has a default outside its range"),
    (('PLUGIN_ID="../Probe Plugin"',), "plugin id '../Probe Plugin' is not kebab-case"),
    (("BROKEN_EFFECT_COUNT=2000",), "describe reports 2,000 effects; a plugin has 1 to 1,024"),
]


def python_reason(path):
    with pytest.raises(effects.PluginLoadError) as refused:
        effects.load_plugin(path)
    return refused.value.reason


def host_reasons(directory, tmp_path):
    host = os.path.join(build_directory(), "effect-host")
    if not os.path.exists(host):
        pytest.skip("no effect-host in the build directory")
    environment = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache")}
    result = subprocess.run(
        [host, "list", "--json", "--no-cache", "--plugin-path", directory],
        capture_output=True,
        text=True,
        env=environment,
        check=True,
    )
    failures = json.loads(result.stdout)["failures"]
    return {os.path.basename(failure["path"]): failure["reason"] for failure in failures}


def test_both_loaders_refuse_each_broken_plugin_for_the_same_rule(tmp_path):
    directory = str(tmp_path / "plugins")
    os.mkdir(directory)
    paths = [compile_test_plugin(directory, f"broken{index}.so", defines) for index, (defines, _) in enumerate(BROKEN)]
    from_host = host_reasons(directory, tmp_path)
    for path, (defines, reason) in zip(paths, BROKEN):
        assert python_reason(path) == reason, defines
        assert from_host[os.path.basename(path)] == reason, defines


def test_a_plugin_within_the_rules_loads(tmp_path):
    plugin = effects.load_plugin(compile_test_plugin(str(tmp_path), "good.so"))
    assert [effect.id for effect in plugin.effects] == ["test-ramp"]


def test_counts_read_as_people_read_them():
    from effects import _rules

    assert _rules.count(1, "effect") == "1 effect"
    assert _rules.count(2_147_483_649, "value") == "2,147,483,649 values"
