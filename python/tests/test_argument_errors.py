"""Wrong arguments to the host library's calls come back as EffectError
naming the argument, before anything is allocated or handed to C (issue 48)."""

import tracemalloc

import numpy as np
import pytest

import effects


@pytest.fixture
def strike(catalog):
    return catalog.effect("strikethrough-reveal")


@pytest.fixture
def picture(strike):
    with strike.create() as instance:
        yield instance.picture()


@pytest.mark.parametrize("array", [[[0, 0, 0, 0]], None, "pixels", 7])
def test_draw_into_something_not_an_array_names_the_array(picture, array):
    with pytest.raises(effects.EffectError) as refused:
        picture.draw_into(0.5, array)
    assert refused.value.status_name == "EFFECT_ERR_TYPE"
    assert "draw_into's array is a numpy array, not " + type(array).__name__ in str(refused.value)


def test_draw_into_a_real_array_still_draws(picture):
    array = np.zeros((40, 60, 4), dtype=np.uint8)
    picture.draw_into(0.5, array)
    assert array[..., 3].max() == 255


@pytest.mark.parametrize(
    ("size", "shown"), [((100000, 100000), "100000 × 100000"), ((8193, 1), "8193 × 1"), ((0, 10), "0 × 10"), ((10, -1), "10 × -1")]
)
def test_a_size_past_the_hosts_limit_is_refused_before_the_array_is_made(picture, size, shown):
    # 100000 x 100000 RGBA is 37 GiB: refused, not allocated first.
    tracemalloc.start()
    try:
        with pytest.raises(effects.EffectError) as refused:
            picture.draw(0.5, size=size)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert refused.value.status_name == "EFFECT_ERR_RANGE"
    assert str(refused.value) == f"size is 1 to 8192 pixels a side, not {shown}"
    assert peak < 1 << 20


@pytest.mark.parametrize("size", [(10.5, 10), (True, 10), ("10", "10"), (10,), 10, None])
def test_a_size_that_is_not_two_whole_numbers_is_named(picture, size):
    if size is None:
        assert picture.draw(0.5, size=size).shape[2] == 4  # None: the picture's own size
        return
    with pytest.raises(effects.EffectError) as refused:
        picture.draw(0.5, size=size)
    assert refused.value.status_name == "EFFECT_ERR_TYPE" and str(refused.value).startswith("size is ")


def test_the_largest_size_draws(picture):
    assert picture.draw(0.5, size=(8192, 1)).shape == (1, 8192, 4)


@pytest.mark.parametrize(
    ("assignments", "message"),
    [
        ([None], "assignments[0] is a 'NAME=VALUE' string, not NoneType None"),
        (["done=true", 5], "assignments[1] is a 'NAME=VALUE' string, not int 5"),
        ([b"done=true"], "assignments[0] is a 'NAME=VALUE' string, not bytes b'done=true'"),
        (None, "assignments is a list of 'NAME=VALUE' strings, not NoneType None"),
        ("done=true", "assignments is a list of 'NAME=VALUE' strings, not str 'done=true'"),
    ],
)
def test_create_from_text_names_what_is_not_a_string(strike, assignments, message):
    with pytest.raises(effects.EffectError) as refused:
        strike.create_from_text(assignments)
    assert refused.value.status_name == "EFFECT_ERR_TYPE"
    assert str(refused.value) == message


def test_create_from_text_takes_any_iterable_of_strings(strike):
    with strike.create_from_text(f"{name}={value}" for name, value in [("done", "true"), ("duration", "0.64")]) as instance:
        assert instance.get("duration") == 0.64 and instance.get("done") is True


@pytest.mark.parametrize("colour", [2**63, 2**64 + 0xFF, -(2**63) - 1])
def test_a_colour_past_64_bits_is_named_as_given(strike, colour):
    with pytest.raises(effects.EffectError) as refused:
        strike.create(line_color=colour)
    assert refused.value.status_name == "EFFECT_ERR_RANGE"
    assert str(refused.value) == f"param 'line_color' is a 0xRRGGBBAA colour, 0 ... 0xFFFFFFFF; {colour} is out of range"


def test_a_colour_within_64_bits_is_still_the_hosts_to_judge(strike):
    with pytest.raises(effects.EffectError) as refused:
        strike.create(line_color=2**40)
    assert str(refused.value).endswith(str(2**40))
    with strike.create(line_color=0x336699FF) as instance:
        assert instance.get("line_color") == "#336699FF"


def test_a_scale_past_the_hosts_limit_gets_the_librarys_own_message(picture):
    import math

    width, height = picture.size
    scale = 9000 / width  # the picture's wider side is 9000 pixels or so, past the host's 8192
    assert width >= height
    with pytest.raises(effects.EffectError) as refused:
        picture.pixel_size(scale)
    pixels = f"{math.ceil(width * scale)} × {math.ceil(height * scale)}"
    assert (refused.value.status_name, refused.value.message) == (
        "EFFECT_ERR_RANGE", f"the picture would be {pixels} pixels, more than 8192 a side")
    with pytest.raises(effects.EffectError) as drawn:
        picture.draw(0.5, scale=scale)
    assert drawn.value.message == refused.value.message


@pytest.mark.parametrize("scale, shown", [(float("nan"), "nan"), (0, "0.0"), (-2, "-2.0"), (0.05, "0.05"), (float("inf"), "inf")])
def test_a_scale_outside_the_one_range_gets_the_librarys_message(picture, scale, shown):
    with pytest.raises(effects.EffectError) as refused:
        picture.pixel_size(scale)
    assert (refused.value.status_name, refused.value.message) == ("EFFECT_ERR_RANGE", f"a scale is 0.1 to 8192 pixels a point, not {shown}")


def test_the_pixel_size_is_the_points_times_the_scale_rounded_up(picture):
    import math

    width, height = picture.size
    assert picture.pixel_size(1.5) == (math.ceil(width * 1.5), math.ceil(height * 1.5))
