"""What an instance's params leave out, as its plugin says it
(effect_instance_info.notes, ABI 1.5): text-reveal names the highlight
phrases that match no words of its text (issue 48), and the package says
each once, as an EffectNote warning."""

import warnings

import pytest

import effects

WEEKEND = "the highlight 'weekend' matches no words of the text, so nothing is highlighted for it"


def test_a_highlight_that_matches_nothing_is_said_once(catalog):
    reveal = catalog.effect("text-reveal")
    with pytest.warns(effects.EffectNote) as heard:
        instance = reveal.create(highlights="weekend|calm glance")
    assert [str(warning.message) for warning in heard] == [f"text-reveal: {WEEKEND}"]
    assert heard[0].filename == __file__, "the warning points at the caller's create"
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        instance.set("duration", 2.0, at=1.0)  # an event brings no new note: nothing said again
        assert instance.notes == (WEEKEND,)
    instance.close()


def test_params_that_leave_nothing_out_say_nothing(catalog):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with catalog.effect("text-reveal").create(highlights="CALM, glance!") as instance:
            assert instance.notes == ()
        with catalog.effect("strikethrough-reveal").create() as instance:
            assert instance.notes == ()


def test_several_phrases_make_one_note(catalog):
    with pytest.warns(effects.EffectNote), catalog.effect("text-reveal").create(highlights="weekend|Monday|week") as instance:
        assert instance.notes == (
            "the highlights 'weekend' and 'Monday' match no words of the text, so nothing is highlighted for them",
        )
