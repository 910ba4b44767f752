"""effect.h's Versioning, as the host library keeps it for the package: a
plugin of a newer minor loads when the lowest minor it needs (its table's
fourth word) is at most the host's, and is refused otherwise, naming both
versions."""

import pytest
from plugin_fixtures import compile_test_plugin

import effects
from effects import _abi

MINOR = _abi.ABI_MINOR
SIZE = "BROKEN_TABLE_SIZE=EFFECT_PLUGIN_API_SIZE_1_4"


def test_a_newer_plugin_that_needs_no_more_than_this_package_loads_and_samples(tmp_path):
    path = compile_test_plugin(str(tmp_path), "libFits.so", (f"BROKEN_ABI_MINOR={MINOR + 1}", SIZE, f"NEEDS_MINOR={MINOR}"))
    plugin = effects.load_plugin(path)
    assert plugin.abi == (1, MINOR + 1)
    with plugin.effect("test-ramp").create(length=4) as instance:
        assert instance.sample(1).channels == {"value": 0.25}


def test_a_newer_plugin_that_needs_a_newer_minor_is_refused(tmp_path):
    path = compile_test_plugin(str(tmp_path), "libMore.so", (f"BROKEN_ABI_MINOR={MINOR + 2}", SIZE, f"NEEDS_MINOR={MINOR + 1}"))
    with pytest.raises(effects.PluginLoadError) as refused:
        effects.load_plugin(path)
    # The host library's reason, as effect-host list gives it.
    assert refused.value.reason == (
        f"built for effect ABI 1.{MINOR + 2} (needing 1.{MINOR + 1}); this host speaks 1.{MINOR} "
        "and cannot use a newer minor version")
