"""The package has no host of its own: it loads plugins, reads their metadata,
names and colours through the host library, and says so, with how to get
it, where the library is absent."""

import os
import subprocess
import sys

import pytest
from plugin_fixtures import ROOT

import effects

CLI_COLOUR = "param 'line_color' needs a colour such as #8A8F98 or #8A8F98FF, not '{}'"
EVERY_EFFECT = "effects: tracking-breathe, breathing-circles, text-reveal, strikethrough-reveal"


@pytest.fixture
def strike(catalog):
    return catalog.effect("strikethrough-reveal")


def test_without_the_host_library_loading_says_what_is_missing_and_how_to_get_it(plugins_dir, tmp_path):
    # A process of its own, where the library is looked for nowhere: no
    # second loader takes over, every way in says the same.
    script = """
import os, sys
import effects
from effects import _host
_host.candidates = lambda: []
calls = [
    lambda: effects.load_plugin(os.path.join(sys.argv[1], "libStrike.so")),
    lambda: effects.scan([sys.argv[1]], defaults=False),
    lambda: effects.effect("strikethrough-reveal", [sys.argv[1]], defaults=False),
]
for call in calls:
    try:
        call()
        print("loaded")
    except effects.HostLibraryMissing as missing:
        print(missing.status, missing)
"""
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "PYTHONPATH": os.path.join(ROOT, "python")}
    result = subprocess.run([sys.executable, "-c", script, plugins_dir], capture_output=True, text=True, env=env, timeout=120)
    assert result.returncode == 0, result.stderr
    said = (
        "-103 this needs libeffecthost.so, the effect host library, which loads plugins for this package (none was found): "
        "install the release's wheel, which carries it, or effect-host (scripts/install or the release tarball) with its "
        "bin/ on PATH, or set EFFECT_HOST_LIBRARY to the library's path"
    )
    assert result.stdout.splitlines() == [said, said, said]


def test_a_file_that_is_not_the_library_is_named_in_the_error(plugins_dir, tmp_path):
    script = """
import os, sys
import effects
from effects import _host
_host.candidates = lambda: ["/etc/hostname"]
try:
    effects.load_plugin(os.path.join(sys.argv[1], "libStrike.so"))
except effects.HostLibraryMissing as missing:
    print(missing)
"""
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "PYTHONPATH": os.path.join(ROOT, "python")}
    result = subprocess.run([sys.executable, "-c", script, plugins_dir], capture_output=True, text=True, env=env, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("this needs libeffecthost.so, the effect host library, which loads plugins for this "
                                    "package (/etc/hostname: /etc/hostname: ")


def test_an_unknown_effect_in_a_plugin_gets_the_hosts_did_you_mean(strike):
    plugin = strike.plugin
    with pytest.raises(effects.EffectError) as refused:
        plugin.effect("strikethrough-reveel")  # one edit from the id
    assert refused.value.status_name == "EFFECT_ERR_UNKNOWN_EFFECT"
    assert str(refused.value) == (
        "plugin 'strike' has no effect 'strikethrough-reveel' "
        "(did you mean 'strikethrough-reveal'? effects: strikethrough-reveal)"
    )
    with pytest.raises(effects.EffectError) as refused:
        plugin.effect("zzz")  # nothing close: the ids alone
    assert str(refused.value) == "plugin 'strike' has no effect 'zzz' (effects: strikethrough-reveal)"


def test_an_unknown_effect_in_a_catalog_gets_the_hosts_did_you_mean(catalog):
    with pytest.raises(effects.EffectError) as refused:
        catalog.effect("text-reveel")
    assert refused.value.status_name == "EFFECT_ERR_UNKNOWN_EFFECT"
    assert str(refused.value) == f"no effect 'text-reveel' (did you mean 'text-reveal'? {EVERY_EFFECT})"
    # Ten edits from breathing-circles, more than a third of 7 letters: the
    # only id that contains the word is suggested instead.
    with pytest.raises(effects.EffectError) as refused:
        catalog.effect("circles")
    assert str(refused.value) == f"no effect 'circles' (did you mean 'breathing-circles'? {EVERY_EFFECT})"
    # Ten or more edits from every id, and in two of them (tracking-breathe,
    # breathing-circles): no guess.
    with pytest.raises(effects.EffectError) as refused:
        catalog.effect("breath")
    assert str(refused.value) == f"no effect 'breath' ({EVERY_EFFECT})"


def test_an_unknown_param_gets_the_hosts_did_you_mean(strike):
    with pytest.raises(effects.EffectError) as refused:
        strike.create(duratoin=1)
    assert refused.value.status_name == "EFFECT_ERR_UNKNOWN_PARAM"
    assert str(refused.value) == "effect 'strikethrough-reveal' has no param 'duratoin' (did you mean 'duration'?)"
    with pytest.raises(effects.EffectError) as refused:
        strike.create(speed=1)
    assert str(refused.value) == (
        "effect 'strikethrough-reveal' has no param 'speed' "
        "(params: text, done, duration, fade, tick, progress, line_color, color, reduce_motion)"
    )


@pytest.mark.parametrize(
    "text, stored",
    [
        ("#102030", "#102030FF"),  # #RRGGBB is opaque
        ("#10203040", "#10203040"),
        ("102030", "#102030FF"),  # no prefix
        ("0x10203040", "#10203040"),  # 0x in place of #
        ("0X102030", "#102030FF"),  # or 0X
        ("#abcdef", "#ABCDEFFF"),
    ],
)
def test_colour_text_the_cli_accepts_is_accepted(strike, text, stored):
    with strike.create(line_color=text) as instance:
        assert instance.get("line_color") == stored
    with strike.create() as instance:
        instance.set("line_color", text, at=1)
        assert instance.get("line_color", at=1) == stored


@pytest.mark.parametrize(
    "text",
    ["#12345", "#1234567", "#123456789", "0x0x102030", "#0x102030", " #102030", "#102030 ", "#GG2030", "", "#", "red",
     "#１２３４５６"],
)
def test_colour_text_the_cli_refuses_is_refused_in_its_words(strike, text):
    with pytest.raises(effects.EffectError) as refused:
        strike.create(line_color=text)
    assert refused.value.status_name == "EFFECT_ERR_RANGE"
    assert str(refused.value) == CLI_COLOUR.format(text)


def test_python_and_the_cli_take_the_same_colour_text(strike, plugins_dir, tmp_path):
    # The command line itself, on the texts both sides of the grammar.
    program = os.path.join(plugins_dir, "effect-host")
    for text, accepted in (("0x10203040", True), ("102030", True), ("0X102030", True), ("#12345", False)):
        run = subprocess.run(
            [program, "render", "strikethrough-reveal", "--plugin-path", plugins_dir, "--param", f"line_color={text}",
             "-o", str(tmp_path / "strike.png")],
            capture_output=True, text=True, timeout=120,
        )
        assert (run.returncode == 0) == accepted, run.stderr
        if not accepted:
            assert run.stderr.strip() == "effect-host: " + CLI_COLOUR.format(text)


def test_colour_text_with_a_nul_is_refused_naming_the_param(strike):
    # C text ends at a NUL: "#102030" would be read in its place.
    with pytest.raises(effects.EffectError) as refused:
        strike.create(line_color="#102030\0FF")
    assert str(refused.value) == "the value of 'line_color' contains a NUL character: '#102030\\x00FF'"


def test_a_ground_colour_is_read_by_the_hosts_grammar(strike):
    with strike.create() as instance:
        # The ground shows in the corner, where nothing is drawn: 0x33, 0x66, 0x99.
        assert instance.picture(ground="#336699").draw(0.16)[0, 0].tolist() == [0x33, 0x66, 0x99, 0xFF]
        *colour, alpha = instance.picture(ground="33669980").draw(0.16)[0, 0].tolist()
        # Half transparent: kept premultiplied, straight within a step of rounding.
        assert alpha == 0x80 and max(abs(a - b) for a, b in zip(colour, (0x33, 0x66, 0x99))) <= 1
        for text in ("#12345", "#GG6699", "transparent "):
            with pytest.raises(effects.EffectError) as refused:
                instance.picture(ground=text)
            assert str(refused.value) == (
                f"ground is a colour or 'transparent'; '{text}' is not a colour: "
                "#RRGGBB or #RRGGBBAA (hex digits; 0x or no prefix also read)"
            )


def test_no_module_of_the_package_calls_a_plugins_draw_or_checks_its_items():
    """Instance.draw asks the host library for the checked, walked list
    (effect_host_instance_drawing); the plugin's table's draw is called by
    the host alone, and its reader is the one checker."""
    package = os.path.join(ROOT, "python", "effects")
    callers = []
    for name in sorted(os.listdir(package)):
        if name.endswith(".py"):
            with open(os.path.join(package, name), encoding="utf-8") as source:
                text = source.read()
            if "_api.draw" in text or "the plugin's display list" in text:
                callers.append(name)
    assert callers == []


def test_a_width_the_host_refuses_is_refused_in_its_words(plugins_dir):
    strike = effects.load_plugin(os.path.join(plugins_dir, "libStrike.so")).effect("strikethrough-reveal")
    with strike.create() as instance, pytest.raises(effects.EffectError) as raised:
        instance.draw(0, width=-5)
    assert raised.value.status == -7
    assert raised.value.message == "width is 0 or more points, not -5.0"
