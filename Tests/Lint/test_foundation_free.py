"""The kit (EffectABI, MetadataRules) and the bundled plugins stay free of
Foundation: no source imports it, and no built plugin links it, so plugins
stay small and load fast."""

import os
import re
import subprocess

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FOUNDATION_FREE = ["Sources/EffectABI", "Sources/MetadataRules", "Plugins", "templates/swift-plugin"]
IMPORT = re.compile(r"^\s*(@\w+\s+)*import\s+(\w+\s+)?(Foundation\w*)\b", re.MULTILINE)


def foundation_imports(root):
    found = []
    for top in FOUNDATION_FREE:
        for directory, _, names in os.walk(os.path.join(root, top)):
            for name in names:
                if name.endswith(".swift"):
                    path = os.path.join(directory, name)
                    with open(path, encoding="utf-8") as source:
                        found += [(os.path.relpath(path, root), m.group(3)) for m in IMPORT.finditer(source.read())]
    return found


def test_no_kit_or_plugin_source_imports_foundation():
    assert foundation_imports(ROOT) == []


def test_the_check_finds_an_import(tmp_path):
    plugin = tmp_path / "Plugins" / "Bad"
    plugin.mkdir(parents=True)
    (plugin / "Bad.swift").write_text("import Glibc\n@preconcurrency import FoundationEssentials\n")
    assert foundation_imports(str(tmp_path)) == [("Plugins/Bad/Bad.swift", "FoundationEssentials")]


@pytest.mark.parametrize("library", ["libStrike.so", "libBreathe.so", "libReveal.so"])
def test_no_built_plugin_links_foundation(library):
    build = os.environ.get("EFFECT_TEST_BUILD_DIR")
    path = os.path.join(build or "", library)
    if not build or not os.path.exists(path):
        pytest.skip("the Swift build's plugins are checked in scripts/test, which sets EFFECT_TEST_BUILD_DIR")
    dynamic = subprocess.run(["readelf", "-d", path], capture_output=True, text=True, check=True).stdout
    needed = re.findall(r"\(NEEDED\)\s+Shared library: \[([^\]]+)\]", dynamic)
    assert needed, "readelf listed no libraries at all"
    assert [name for name in needed if "Foundation" in name] == []
