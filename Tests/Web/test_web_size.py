"""The web host's size as a page loads it (scripts/build-web: esbuild-minified
ES modules), after gzip -9, against the issue's budget of 10 kB for the JS
host. A page of Latin text loads effect-host.js alone; a text in a script
written without spaces (Japanese, Chinese, Thai, ...) makes it import
line-breaks.js too (UAX #14). Fonts and plugins are not counted.

Figures (esbuild 0.17.0, gzip -9): effect-host.js 12,851 bytes minified
(members private to the module shortened by --mangle-props; the segment
service moved to line-breaks.js, which only a text that needs it loads;
then 600 bytes more for the review's fixes: sizes bounded, strings checked,
the element's errors and reserved names; then 200 more for speed: the display
list read without a split per item, canvas text state set only when it
changes), line-breaks.js 3,242. So a Latin
page loads 12.8 kB and a Japanese one 16.1 kB: the budget is missed by 2.8 kB, which
the strict xfail below records (it fails once the budget is met, to
be made a plain assertion then); the bounds after it hold the sizes where they are."""

import os
import pathlib
import subprocess

import pytest

BUDGET = 10_000
# Where the modules are now: a change that grows them fails here.
HOST_NOW = 12_900
LINE_BREAKS_NOW = 3_300


def gzipped(path):
    with open(path, "rb") as source:
        return len(subprocess.run(["gzip", "-9", "-c"], stdin=source, capture_output=True, check=True).stdout)


@pytest.fixture(scope="module")
def sizes(web_build):
    return {name: gzipped(os.path.join(web_build, name)) for name in ("effect-host.js", "line-breaks.js")}


@pytest.mark.xfail(strict=True, reason="the host is 12.9 kB gzipped minified, over the issue's 10 kB (see the module's docstring)")
def test_a_latin_page_loads_the_host_within_the_budget(sizes):
    assert sizes["effect-host.js"] <= BUDGET, sizes


def test_the_modules_stay_at_their_measured_sizes(sizes):
    assert 5_000 < sizes["effect-host.js"] <= HOST_NOW, sizes
    assert 1_000 < sizes["line-breaks.js"] <= LINE_BREAKS_NOW, sizes


def test_the_build_keeps_the_exports_and_the_lazy_import(web_build):
    host = pathlib.Path(web_build, "effect-host.js").read_text(encoding="utf-8")
    # line-breaks.js only through import(), relative to the module, as web/ has it.
    assert 'import("./line-breaks.js")' in host and not host.startswith("import")
    exported = host[host.rindex("export{"):]
    for name in ("loadPlugin", "loadLineBreaks", "parseValue", "segmentFlags", "drawFrame", "canvasMeasurer", "Player",
                 "EffectPlayer", "EffectError", "FONTS"):
        assert f"as {name}" in exported or f"{name}," in exported or f"{name}}}" in exported, (name, exported)
    breaks = pathlib.Path(web_build, "line-breaks.js").read_text(encoding="utf-8")
    assert "lineBreaks" in breaks[breaks.rindex("export{"):]
