"""Picture.changed (host API 1.5): whether the frame at t would draw
otherwise than the last one the picture drew, decided by the host library
from the frames' display lists compared exactly. Expected answers come from
the seeds' timings, worked out here."""

import math

import numpy as np
import pytest

import effects


def drawn(picture, t):
    """Draws the frame at t, as a program keeping its pixels would."""
    picture.draw_into(t, np.zeros((24, 64, 4), dtype=np.uint8))


def test_a_strike_settles_when_its_320_ms_easeinout_ends(catalog):
    # The seed: `a` eases from 0 to 1 over `duration` (320 ms) on appear.
    with catalog.effect("strikethrough-reveal").create() as instance:
        picture = instance.picture()
        assert picture.changed(0.5) is True  # nothing drawn yet
        drawn(picture, 0.5)
        assert [picture.changed(t) for t in (0.5, 0.32, 1, 3600)] == [False] * 4
        assert [picture.changed(t) for t in (0, 0.16, 0.319)] == [True] * 3


def test_an_event_set_after_the_draw_changes_the_frames_from_its_time(catalog):
    with catalog.effect("strikethrough-reveal").create() as instance:
        picture = instance.picture()
        drawn(picture, 1)
        instance.set("done", False, at=2)
        # Before 2 nothing changed; from 2 the retract starts at a = 1 and moves.
        assert [picture.changed(t) for t in (1.5, 1.99, 2.1, 2.32, 9)] == [False, False, True, True, True]
        drawn(picture, 9)
        assert picture.changed(2.32) is False  # retracted: 2 + 0.32 s


def test_text_reveal_is_still_once_its_last_spring_settles(catalog):
    """Default words rising: the stagger spreads the units' starts over
    duration - 0.5 = 0.3 s, each a critically damped spring of 0.62 s
    (bounce 0), held at its end once within 1e-3: (1 + wt) e^(-wt) < 1e-3,
    w = 2 pi / 0.62, so the last settles about 0.91 s after 0.3."""
    w = 2 * math.pi / 0.62
    settle = next(k / 1000 for k in range(1, 5000) if (1 + w * k / 1000) * math.exp(-w * k / 1000) < 1e-3)
    assert 0.85 < settle < 0.95
    end = 0.3 + settle
    with catalog.effect("text-reveal").create() as instance:
        picture = instance.picture()
        drawn(picture, end + 0.5)
        assert [picture.changed(t) for t in (end + 0.1, end + 10, 1e6)] == [False] * 3
        assert [picture.changed(t) for t in (0.2, 0.5)] == [True, True]


def test_a_loop_one_period_on_draws_the_same_list(catalog):
    """breathing-circles: 3 + 1 + 3 + 1 s a breath. t lands in the breath by
    fmod, exact, and 8.5 and 16.5 are exact doubles: the very list of 0.5."""
    with catalog.effect("breathing-circles").create() as instance:
        picture = instance.picture()
        drawn(picture, 0.5)
        assert [picture.changed(t) for t in (8.5, 16.5, 1.5)] == [False, False, True]


@pytest.mark.parametrize(("t", "status"), [(math.nan, "EFFECT_ERR_TIME"), (-1, "EFFECT_ERR_TIME"), ("soon", "EFFECT_ERR_TIME")])
def test_a_time_that_is_not_one_is_refused(catalog, t, status):
    with catalog.effect("strikethrough-reveal").create() as instance:
        with pytest.raises(effects.EffectError) as refused:
            instance.picture().changed(t)
        assert refused.value.status_name == status


@pytest.mark.parametrize(("effect", "first", "then"), [("strikethrough-reveal", 0.5, 100), ("breathing-circles", 0.5, 8.5),
                                                        ("breathing-circles", 3.25, 3.75)])
def test_a_frame_said_unchanged_draws_the_very_same_pixels(catalog, effect, first, then):
    with catalog.effect(effect).create() as instance:
        picture = instance.picture()
        before = picture.draw(first, scale=1)
        assert picture.changed(then) is False
        assert np.array_equal(picture.draw(then, scale=1), before)
        moving = picture.draw(first / 2, scale=1)
        assert not np.array_equal(moving, before)
