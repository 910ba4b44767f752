"""ABI 1.6's text runs through the Python package and the C API under it: a
text item whose `length` names the first bytes of its string draws only
those, as a host-owned NUL-terminated copy; a length past the string or
inside a character is refused with the host's message. The test plugin's
label is "rampé up" (9 bytes: é is C3 A9); TEXT_LENGTH=N draws its first N."""

import pytest
from plugin_fixtures import compile_test_plugin

import effects
from effects import _abi, _host


def width_of_characters(text, size, weight, tracking):
    """10 pt a character, whatever the font: the advance says which run was measured."""
    return 10 * len(text), 24, 6


def load(tmp_path, length):
    return effects.load_plugin(compile_test_plugin(str(tmp_path), f"libRun{length}.so", (f"TEXT_LENGTH={length}",)))


def test_a_run_draws_the_first_bytes_of_its_string(tmp_path):
    plugin = load(tmp_path, 6)
    assert plugin.abi == (1, 6)
    measured = []

    def measure(text, size, weight, tracking):
        measured.append(text)
        return width_of_characters(text, size, weight, tracking)

    with plugin.effect("test-ramp").create(length=4) as instance:
        label = instance.draw(1, measure=measure).items[2]
    assert measured == ["rampé"], "the plugin measured its run, copied to a NUL-terminated buffer"
    assert label == effects.Text(3, "rampé", 0, 16, 12, 400, 0, 50, 24, 6, 0x000000FF)


def test_the_c_api_hands_the_run_as_its_own_nul_terminated_string(tmp_path):
    """effect_host_drawing_step's TEXT item: the host's copy of the run, not
    the plugin's string, so a C caller that reads to the NUL gets the run
    (and `length` 0 says so)."""
    plugin = load(tmp_path, 4)
    with plugin.effect("test-ramp").create(length=4) as instance:
        raw = _host.instance_drawing(
            instance._host_instance(), 1.0, _abi.sized(_host.DrawOptions),
            lambda frame, steps: [(s.item[0].text.text, s.item[0].text.length) for s in steps if s.kind == _host.STEP_TEXT])
    assert raw == [(b"ramp", 0)]


@pytest.mark.parametrize(
    ("length", "why"),
    [
        (5, "length 5 ends inside a character; end the run on a character boundary "
            "(best a grapheme's, where effect_kit_grapheme_next or Graphemes.clusters cuts)"),
        (12, "length 12 runs past its string, which ends after 9 bytes; "
             "a length counts bytes of the string, at most all of them (0: the whole string)"),
    ],
)
def test_a_length_past_the_string_or_inside_a_character_is_refused(tmp_path, length, why):
    plugin = load(tmp_path, length)
    with plugin.effect("test-ramp").create(length=4) as instance, pytest.raises(effects.EffectError) as raised:
        instance.draw(1)
    assert raised.value.status == _abi.ERR_INTERNAL
    assert raised.value.message == f"the plugin's display list has text 3 at item 2 whose {why}"
