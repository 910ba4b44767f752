"""ABI 1.2's draw through the Python package: each bundled effect's display
list at chosen times against geometry worked out here from the seeds' view
bodies and effect.h's reference metrics (reference.py), independently of the
plugins; host measurers; failures; ids; 1.0 and 1.1 plugins, which do not draw.

Plugins are loaded from their files in the build directory, so what
EFFECT_PLUGIN_PATH holds does not matter."""

import ctypes
import math
import os
import shutil
import subprocess
import threading

import pytest
from plugin_fixtures import ROOT, compile_test_plugin
from reference import (
    breathing,
    ease_in_out,
    reference_measure,
    spring,
    strike,
    tracking,
)

import effects
from effects import _abi

STRIKE_COLOR = 0x8A8F98FF
TEAL, CYAN = 0x20D9D2FF, 0x0CE8FFFF
BUTTER, INK = 0xFFD976FF, 0x141414FF


def load(plugins_dir, library, id, **params):
    return effects.load_plugin(os.path.join(plugins_dir, library)).effect(id).create(**params)


def by_kind(listing):
    groups, shapes, texts = {}, {}, {}
    for item in listing.items:
        if isinstance(item, effects.Group):
            groups[item.id] = item
        elif isinstance(item, effects.Shape):
            shapes[item.id] = item
        elif isinstance(item, effects.Text):
            texts[item.id] = item
    return groups, shapes, texts


def order(listing):
    names = {"group": "g", "end_group": "/", "shape": "s", "text": "t"}
    return [f"{names[item.kind]}{item.id}" for item in listing.items]


def approx(value, tolerance=1e-9):
    return pytest.approx(value, abs=tolerance)


# ---- The ctypes mirrors against the header -----------------------------------

MIRRORS = {
    "effect_rect": _abi.Rect,
    "effect_draw_head": _abi.DrawHead,
    "effect_transform": _abi.Transform,
    "effect_draw_group": _abi.DrawGroup,
    "effect_draw_shape": _abi.DrawShape,
    "effect_draw_text": _abi.DrawText,
    "effect_draw_segment": _abi.DrawSegment,
    "effect_draw_stop": _abi.DrawStop,
    "effect_draw_item": _abi.DrawItem,
    "effect_text_metrics": _abi.TextMetrics,
    "effect_drawing": _abi.Drawing,
    "effect_plugin_api": _abi.PluginAPI,
}


def test_drawing_structs_match_the_header_asserts():
    """The sizes and offsets effect.h's EFFECT_STATIC_ASSERTs fix on LP64."""
    size = ctypes.sizeof
    assert (size(_abi.DrawItem), size(_abi.Transform), size(_abi.DrawGroup), size(_abi.DrawShape)) == (160, 56, 136, 136)
    assert (size(_abi.DrawText), size(_abi.DrawSegment), size(_abi.DrawStop)) == (88, 64, 24)
    assert (size(_abi.Drawing), size(_abi.PluginAPI)) == (72, 16 + 16 * 8)
    assert (_abi.DrawGroup.clip.offset, _abi.DrawShape.fill.offset, _abi.DrawShape.stroke_width.offset) == (96, 72, 120)
    assert _abi.DrawText.advance.offset == 56
    assert (_abi.PluginAPI.layout.offset, _abi.PluginAPI.draw.offset) == (16 + 13 * 8, 16 + 14 * 8)
    assert _abi.PluginAPI.create_with_services.offset == 16 + 15 * 8


def test_the_package_draws_only_through_the_host_library():
    """No mirror of effect_draw_context or effect_host_services, and the table's
    draw and create_with_services are opaque: nothing here calls a plugin's draw."""
    assert not hasattr(_abi, "DrawContext") and not hasattr(_abi, "HostServices")
    fields = dict(_abi.PluginAPI._fields_)
    assert (fields["draw"], fields["create_with_services"]) == (ctypes.c_void_p, ctypes.c_void_p)


def test_every_field_sits_where_the_c_compiler_puts_it(tmp_path):
    """Every field's offset and every struct's size, as cc computes them from effect.h."""
    compiler = shutil.which("cc")
    if compiler is None:
        pytest.skip("no C compiler (cc) on PATH")
    lines = []
    for name, mirror in MIRRORS.items():
        c_type = f"struct {name}" if name == "effect_plugin_api" else name
        lines.append(f'    printf("{name} %zu\\n", sizeof({c_type}));')
        for field in mirror._fields_:
            lines.append(f'    printf("{name}.{field[0]} %zu\\n", offsetof({c_type}, {field[0]}));')
    source = tmp_path / "layout.c"
    source.write_text('#include <stdio.h>\n#include "effect.h"\nint main(void) {\n' + "\n".join(lines) + "\n    return 0;\n}\n")
    program = tmp_path / "layout"
    include = os.path.join(ROOT, "include")
    flags = ["-std=c99", "-Wall", "-Wextra", "-Werror", "-I", include]
    subprocess.run([compiler, *flags, str(source), "-o", str(program)], check=True)
    output = subprocess.run([str(program)], capture_output=True, text=True, check=True).stdout
    printed = dict(line.rsplit(" ", 1) for line in output.splitlines())
    expected = {}
    for name, mirror in MIRRORS.items():
        expected[name] = str(ctypes.sizeof(mirror))
        for field in mirror._fields_:
            expected[f"{name}.{field[0]}"] = str(getattr(mirror, field[0]).offset)
    assert printed == expected


def test_constants_match_the_header():
    items = (_abi.ITEM_GROUP, _abi.ITEM_END_GROUP, _abi.ITEM_SHAPE, _abi.ITEM_TEXT, _abi.ITEM_SEGMENT, _abi.ITEM_STOP)
    assert items == (1, 2, 3, 4, 5, 6)
    shapes = (_abi.SHAPE_NONE, _abi.SHAPE_RECT, _abi.SHAPE_ROUNDED_RECT, _abi.SHAPE_CAPSULE, _abi.SHAPE_ELLIPSE, _abi.SHAPE_PATH)
    assert shapes == (0, 1, 2, 3, 4, 5)
    assert (_abi.PAINT_NONE, _abi.PAINT_SOLID, _abi.PAINT_LINEAR_GRADIENT) == (0, 1, 2)
    assert (_abi.CAP_BUTT, _abi.CAP_ROUND, _abi.CAP_SQUARE) == (0, 1, 2)
    assert (_abi.JOIN_MITER, _abi.JOIN_ROUND, _abi.JOIN_BEVEL) == (0, 1, 2)
    assert (_abi.SEGMENT_MOVE, _abi.SEGMENT_LINE, _abi.SEGMENT_CUBIC, _abi.SEGMENT_CLOSE) == (0, 1, 2, 3)
    assert (_abi.WEIGHT_REGULAR, _abi.WEIGHT_MEDIUM, _abi.WEIGHT_SEMIBOLD, _abi.WEIGHT_BOLD) == (400, 500, 600, 700)
    assert (_abi.APPEARANCE_LIGHT, _abi.APPEARANCE_DARK) == (0, 1)


# ---- The bundled effects -----------------------------------------------------


def strike_row(text="Ship the component"):
    """The seed's row with the reference metrics: 16 pt tick, 10 pt, 20 pt medium text."""
    advance, ascent, descent = reference_measure(text, 20, 500)
    return advance, ascent, ascent + descent


def test_strike_draws_the_seeds_row(plugins_dir):
    with load(plugins_dir, "libStrike.so", "strikethrough-reveal") as instance:
        listing = instance.draw(0.16)
    a = ease_in_out(0.16 / 0.32)
    assert a == approx(0.5)
    expected = strike(a)
    advance, ascent, height = strike_row()
    assert listing.width == approx(16 + 10 + advance)
    assert listing.height == approx(height)
    assert order(listing) == ["g1", "s2", "g3", "t4", "/3", "s5", "/1"], "the line is over the text, outside its fade"
    groups, shapes, texts = by_kind(listing)
    row = groups[1].transform
    assert (row.scale_x, row.scale_y) == (approx(expected["scale"], 1e-12), approx(expected["scale"], 1e-12))
    assert (row.anchor_x, row.anchor_y) == (approx(listing.width / 2), approx(height / 2)), "the dip is about the row's centre"
    assert (row.translate_x, row.translate_y, row.rotation) == (0, 0, 0)
    tick = shapes[2]
    top = (height - 16) / 2
    assert tick.shape == "path" and tick.fill is None
    assert [segment.verb for segment in tick.segments] == ["move", "line", "line"]
    assert [(segment.x, segment.y) for segment in tick.segments] == [
        (approx(1), approx(8 + top)), (approx(6), approx(13 + top)), (approx(15), approx(2 + top))]
    assert (tick.trim_start, tick.trim_end) == (0, approx(expected["tick_trim"], 1e-12))
    assert tick.stroke == effects.Stroke(STRIKE_COLOR, approx(2.4, 1e-12), "round", "round")
    style = groups[3]
    assert style.opacity == approx(expected["text_opacity"], 1e-12)
    assert style.saturation == approx(expected["saturation"], 1e-12)
    assert style.clip is None and style.blur == 0
    text = texts[4]
    assert (text.text, text.size, text.weight, text.tracking) == ("Ship the component", 20, 500, 0)
    assert (text.x, text.y) == (approx(26), approx(ascent)), "16 pt tick, 10 pt spacing; top-aligned baseline"
    assert (text.advance, text.ascent, text.descent) == (approx(advance), approx(ascent), approx(height - ascent))
    line = shapes[5]
    assert line.shape == "capsule" and line.fill == effects.Solid(STRIKE_COLOR) and line.stroke is None
    assert (line.frame.x, line.frame.height) == (approx(26), approx(1.6))
    assert line.frame.width == approx(advance * expected["line_width"])
    assert line.frame.y + 0.8 == approx(height / 2), "centred on the text"
    # The canvas holds the tick's round ends (1.2 pt past its ends) and the row.
    bounds = listing.bounds
    assert bounds.x <= 1 - 1.2 and bounds.y <= 0 and bounds.x + bounds.width >= listing.width
    assert bounds.y + bounds.height >= height
    assert listing.max_item_count >= len(listing.items) + 3, "segments count as items"


def test_strike_without_the_tick_starts_with_the_text(plugins_dir):
    with load(plugins_dir, "libStrike.so", "strikethrough-reveal", tick=False) as instance:
        listing = instance.draw(0.32)
    _, shapes, texts = by_kind(listing)
    assert 2 not in shapes
    assert texts[4].x == 0
    assert shapes[5].frame.width == approx(texts[4].advance), "fully struck at the end of the strike"
    assert listing.width == approx(strike_row()[0])


def test_tracking_breathe_stays_centred_as_it_breathes(plugins_dir):
    plain, ascent, descent = reference_measure("BREATHE", 34, 600)
    widest = plain + 7 * (9 + 8)  # the entrance flares 8 pt past max_tracking
    with load(plugins_dir, "libBreathe.so", "tracking-breathe") as instance:
        for t in (0.0, 0.45, 2.7, 4.0):
            listing = instance.draw(t)
            expected_tracking, expected_opacity = tracking(t)
            assert listing.width == approx(widest)
            assert listing.height == approx(ascent + descent)
            groups, _, texts = by_kind(listing)
            text = texts[2]
            assert (text.text, text.weight, text.size, text.color) == ("BREATHE", 600, 34, 0x121212FF)
            assert text.tracking == approx(expected_tracking, 1e-9), f"t = {t}"
            advance = plain + 7 * expected_tracking
            assert text.advance == approx(advance)
            assert text.x == approx((widest - advance) / 2), "centred with its trailing tracking"
            assert text.y == approx(ascent)
            group = groups[1]
            assert group.opacity == approx(expected_opacity, 1e-9)
            assert group.transform.translate_x == approx(expected_tracking / 2, 1e-9), "the half-tracking nudge"
            assert order(listing) == ["g1", "t2", "/1"]


def circle_expectations(t, count=8, radius=70, rotation=100, still=False):
    e = breathing(t)
    for index in range(count):
        angle = 2 * math.pi / count * index
        travel = 0 if still else radius * e
        yield index, e, (math.cos(angle) * travel, math.sin(angle) * travel), 1 if still else 1 + e, 1 - 0.8 * e


@pytest.mark.parametrize("t", [2.2, 3.0, 5.5])
def test_breathing_circles_draw_the_articles_ring(plugins_dir, t):
    with load(plugins_dir, "libBreathe.so", "breathing-circles") as instance:
        listing = instance.draw(t)
    e = breathing(t)
    assert (listing.width, listing.height) == (80, 80)
    # At full breath each circle is twice its 80 pt, 70 pt out, turned any way.
    assert listing.bounds == effects.Rect(40 - 150, 40 - 150, 300, 300)
    groups, shapes, _ = by_kind(listing)
    ring = groups[1].transform
    assert ring.rotation == approx(100 * e)
    assert (ring.anchor_x, ring.anchor_y, ring.scale_x, ring.scale_y) == (40, 40, 1, 1)
    for index, _, (x, y), scale, opacity in circle_expectations(t):
        group = groups[0x1000000 + index]
        assert (group.transform.scale_x, group.transform.scale_y) == (approx(scale), approx(scale))
        assert (group.transform.anchor_x, group.transform.anchor_y) == (40, 40)
        assert (group.transform.translate_x, group.transform.translate_y) == (approx(x), approx(y))
        assert group.opacity == approx(opacity)
        circle = shapes[0x2000000 + index]
        assert circle.shape == "ellipse" and circle.stroke is None
        assert circle.frame == effects.Rect(0, 0, 80, 80)
        assert circle.fill == effects.LinearGradient(0, 0, 80, 80, (effects.Stop(0, TEAL), effects.Stop(1, CYAN))), (
            "teal at the top-leading corner to cyan at the bottom-trailing one")
    assert len(listing.items) == 2 + 8 * 3
    assert listing.max_item_count == 2 + 8 * 5, "a group, a shape, two stops and an end per circle"


def test_breathing_circles_with_reduce_motion_only_fade(plugins_dir):
    with load(plugins_dir, "libBreathe.so", "breathing-circles", reduce_motion=True, circle_count=3) as instance:
        listing = instance.draw(2.2)
    groups, _, _ = by_kind(listing)
    assert groups[1].transform.rotation == 0
    for index, _, _, _, opacity in circle_expectations(2.2, count=3, still=True):
        transform = groups[0x1000000 + index].transform
        assert (transform.translate_x, transform.translate_y, transform.scale_x) == (0, 0, 1)
        assert groups[0x1000000 + index].opacity == approx(opacity)


REVEAL_WORDS = ["Plan", "the", "week", "in", "one", "calm", "glance."]


def reveal_advance(text, measure=reference_measure):
    """A unit's advance at the seed's 40 pt bold with tracking -1.3."""
    return measure(text, 40, 700, -1.3)[0]


def test_text_reveal_rises_under_masks_and_wipes_its_highlight(plugins_dir):
    ascent, descent = 0.952 * 40, 0.241 * 40
    h = ascent + descent
    stagger = (0.8 - 0.5) / (7 - 1)
    # One row (no width proposed): chunks round(0.24 h) apart, the
    # highlighted phrase padded 2 pt on each side.
    gap = round(0.24 * h)
    phrase = reveal_advance("calm") + reveal_advance(" ") + reveal_advance("glance.")
    x = 0.0
    expected_x = []
    for word in REVEAL_WORDS[:5]:
        expected_x.append(x)
        x += reveal_advance(word) + gap
    phrase_x = x + 2
    expected_x += [phrase_x, phrase_x + reveal_advance("calm") + reveal_advance(" ")]
    pad = round(0.16 * h)
    with load(plugins_dir, "libReveal.so", "text-reveal", highlights="calm glance") as instance:
        for t in (0.1, 0.3, 0.8, 1.0, 1.6):
            listing = instance.draw(t)
            assert listing.width == approx(phrase_x + phrase + 2)
            assert listing.height == approx(h)
            groups, shapes, texts = by_kind(listing)
            for unit, word in enumerate(REVEAL_WORDS):
                text = texts[0x5000000 + unit]
                assert (text.text, text.size, text.weight, text.tracking) == (word, 40, 700, -1.3)
                assert (text.x, text.y) == (approx(expected_x[unit]), approx(ascent)), f"unit {unit}"
                progress = spring(0.62, 0, t - unit * stagger)
                group = groups[0x4000000 + unit]
                # Rises from 1.05 of its measured height; the plugin ends a
                # spring at rest within 1e-3 of it, as SwiftUI does.
                assert group.transform.translate_y == approx(1.05 * h * (1 - progress), 0.06), f"unit {unit} at t = {t}"
                assert group.opacity == 1, "a masked unit shows through its mask"
            for chunk in range(6):
                mask = groups[0x3000000 + chunk].clip
                assert mask is not None and mask.shape == "rect"
                assert mask.rect.y + mask.rect.height == approx(h), "closed at the chunk's bottom"
                assert mask.rect.x == approx(expected_x[chunk] - 40)
            # The wipe: a smooth 0.5 s spring from 0.42 s after the phrase's last unit starts.
            s = spring(0.5, 0, t - (6 * stagger + 0.42))
            block_group = groups[0x1000005]
            assert block_group.transform.scale_x == approx(s, 2e-3), f"t = {t}"
            assert block_group.transform.anchor_x == approx(phrase_x), "from the phrase's leading edge"
            block = shapes[0x2000005]
            assert block.shape == "rounded_rect" and block.fill == effects.Solid(BUTTER)
            assert (block.frame.x, block.frame.y) == (approx(phrase_x - pad), approx(-0.01 * h))
            assert (block.frame.width, block.frame.height) == (approx(phrase + 2 * pad), approx(1.04 * h))
            assert block.corner_radius == approx(0.24 * h)
            ink = groups[0x6000005].clip
            assert ink is not None and ink.rect.x == approx(phrase_x)
            assert ink.rect.width == approx(s * phrase, 2e-3 * phrase), f"t = {t}"
            assert texts[0x7000006].color == INK and texts[0x7000006].text == "glance."


def test_text_reveal_wraps_to_the_proposed_width(plugins_dir):
    ascent = 0.952 * 40
    h = (0.952 + 0.241) * 40
    gap = round(0.24 * h)
    # Greedy rows, as text wraps: a word joins the row while the row stays within 300 pt.
    rows, row, width = [], [], 0.0
    for word in REVEAL_WORDS:
        w = reveal_advance(word)
        if row and width + gap + w > 300:
            rows.append(row)
            row, width = [], 0.0
        width += (gap if row else 0) + w
        row.append(word)
    rows.append(row)
    assert len(rows) == 3
    expected = {}
    for number, words in enumerate(rows):
        x = 0.0
        for word in words:
            expected[word] = (x, number * h + ascent)
            x += reveal_advance(word) + gap
    with load(plugins_dir, "libReveal.so", "text-reveal") as instance:
        listing = instance.draw(2, width=300)
    texts = by_kind(listing)[2]
    assert {text.text: (approx(text.x), approx(text.y)) for text in texts.values()} == expected
    assert listing.height == approx(len(rows) * h)
    assert listing.width <= 300
    for text in texts.values():
        assert text.x + text.advance <= 300 + 1e-9


def test_a_large_drawing_grows_the_item_buffer(plugins_dir):
    """150 items: more than a first draw makes room for, so the plugin answers
    ERR_BUFFER with the count it needs and the draw asks again."""
    words = " ".join(["calm"] * 30)
    with load(plugins_dir, "libReveal.so", "text-reveal", text=words) as instance:
        first = instance.draw(0.5)
        again = instance.draw(0.5)
    # Per one-word chunk: its mask group and end, the unit's group, text and end.
    assert len(first.items) == 30 * 5
    assert first.max_item_count >= 150
    assert again == first
    with load(plugins_dir, "libReveal.so", "text-reveal", text=words) as fresh:
        assert fresh.draw(0.5) == first


# ---- Measurers ---------------------------------------------------------------


def monospaced(text, size, weight, tracking):
    """Every character 10 pt wide plus its tracking; lines 30 pt tall."""
    return len(text) * (10 + tracking), 24, 6


def test_the_hosts_measurer_places_the_text(plugins_dir):
    calls = []

    def measure(text, size, weight, tracking):
        calls.append((text, size, weight, tracking))
        return monospaced(text, size, weight, tracking)

    with load(plugins_dir, "libStrike.so", "strikethrough-reveal") as instance:
        listing = instance.draw(0.32, measure=measure)
        reference = instance.draw(0.32)
    _, shapes, texts = by_kind(listing)
    assert ("Ship the component", 20, 500, 0) in calls
    assert texts[4].advance == 180 and (texts[4].ascent, texts[4].descent) == (24, 6)
    assert texts[4].y == 24
    assert (listing.width, listing.height) == (26 + 180, 30)
    assert shapes[5].frame.width == 180, "the line spans the measured text"
    assert listing != reference


def test_a_measurer_moves_text_reveals_units(plugins_dir):
    calls = set()

    def measure(text, size, weight, tracking):
        calls.add((size, weight, tracking))
        return monospaced(text, size, weight, tracking)

    gap = round(0.24 * 30)
    x = 0.0
    expected = []
    for word in REVEAL_WORDS:
        expected.append(x)
        x += len(word) * (10 - 1.3) + gap
    with load(plugins_dir, "libReveal.so", "text-reveal") as instance:
        listing = instance.draw(2, measure=measure)
    assert calls == {(40, 700, -1.3)}
    texts = by_kind(listing)[2]
    assert [texts[0x5000000 + unit].x for unit in range(7)] == [approx(value) for value in expected]
    assert {texts[0x5000000 + unit].y for unit in range(7)} == {24}
    assert listing.height == 30


@pytest.mark.parametrize(
    "answer, words",
    [
        ((math.nan, 1, 1), "advance nan"),
        ((1, math.inf, 1), "ascent inf"),
        ((1, 1, -2), "descent -2"),
        ((1, 2), "(advance, ascent, descent)"),
        ("abc", "(advance, ascent, descent)"),
        (None, "(advance, ascent, descent)"),
        ((1, "2", 3), "(advance, ascent, descent)"),
        ((True, 1, 1), "(advance, ascent, descent)"),
    ],
)
def test_a_bad_answer_from_the_measurer_fails_the_draw(plugins_dir, answer, words):
    with load(plugins_dir, "libStrike.so", "strikethrough-reveal") as instance:
        with pytest.raises(effects.EffectError) as raised:
            instance.draw(0, measure=lambda *arguments: answer)
        assert raised.value.status == _abi.ERR_RANGE
        assert words in raised.value.message and "Ship the component" in raised.value.message
        assert instance.draw(0).items, "the instance still draws"


def test_a_measurer_that_raises_fails_the_draw_with_its_exception(plugins_dir):
    def measure(text, size, weight, tracking):
        raise ValueError("no such font")

    with load(plugins_dir, "libReveal.so", "text-reveal") as instance, pytest.raises(effects.EffectError) as raised:
        instance.draw(1, measure=measure)
    assert raised.value.status == _abi.ERR_RANGE
    assert "ValueError" in raised.value.message and "no such font" in raised.value.message
    assert isinstance(raised.value.__cause__, ValueError)


def test_an_exception_that_cannot_say_what_it_is_still_fails_the_draw(plugins_dir):
    class Mute(Exception):
        def __str__(self):
            raise RuntimeError("no words")

    def measure(text, size, weight, tracking):
        raise Mute

    with load(plugins_dir, "libStrike.so", "strikethrough-reveal") as instance, pytest.raises(effects.EffectError) as raised:
        instance.draw(0, measure=measure)
    assert raised.value.status == _abi.ERR_RANGE and "Mute" in raised.value.message


def test_threads_draw_one_instance_with_their_measurers(plugins_dir):
    with load(plugins_dir, "libReveal.so", "text-reveal", highlights="calm glance") as instance:
        expected = [instance.draw(i / 10, measure=monospaced) for i in range(20)]
        results = {}

        def work(number):
            results[number] = [instance.draw(i / 10, measure=monospaced) for i in range(20)]

        threads = [threading.Thread(target=work, args=(number,)) for number in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    assert all(result == expected for result in results.values()) and len(results) == 4


def test_an_interrupt_in_the_measurer_comes_through_as_itself(plugins_dir):
    def measure(text, size, weight, tracking):
        raise KeyboardInterrupt

    with load(plugins_dir, "libStrike.so", "strikethrough-reveal") as instance:
        with pytest.raises(KeyboardInterrupt):
            instance.draw(0, measure=measure)
        assert instance.draw(0).items


def test_numpy_numbers_are_fine_answers(plugins_dir):
    numpy = pytest.importorskip("numpy")
    with load(plugins_dir, "libStrike.so", "strikethrough-reveal") as instance:
        listing = instance.draw(0, measure=lambda text, *rest: numpy.array([len(text) * 10.0, 24.0, 6.0]))
    assert by_kind(listing)[2][4].advance == 180


# ---- Identity, determinism, bad calls ----------------------------------------

EVERY_EFFECT = [
    ("libStrike.so", "strikethrough-reveal", {}),
    ("libBreathe.so", "tracking-breathe", {}),
    ("libBreathe.so", "breathing-circles", {}),
    ("libReveal.so", "text-reveal", {"highlights": "calm glance"}),
]


@pytest.mark.parametrize("library, id, params", EVERY_EFFECT)
def test_ids_are_unique_stable_and_the_same_t_gives_the_same_list(plugins_dir, library, id, params):
    with load(plugins_dir, library, id, **params) as instance:
        seen = None
        for t in (0.0, 0.5, 0.25, 3.0, 7.5, 0.5):
            listing = instance.draw(t)
            assert instance.draw(t) == listing, "the same t gives the same list"
            ids = [item.id for item in listing.items if item.kind != "end_group"]
            assert len(set(ids)) == len(ids), "each id once"
            kinds = [(item.id, item.kind) for item in listing.items if item.kind != "end_group"]
            if seen is None:
                seen = kinds
            else:
                assert kinds == seen, f"the same things at every t (t = {t})"
            open_groups = []
            for item in listing.items:
                if item.kind == "group":
                    open_groups.append(item.id)
                elif item.kind == "end_group":
                    assert item.id == open_groups.pop(), "an end carries the id of the group it closes"
            assert not open_groups
            assert len(listing.items) <= listing.max_item_count
            for item in listing.items:
                if item.kind == "text":
                    assert isinstance(item.text, str) and item.text


def test_bad_calls_raise(plugins_dir):
    instance = load(plugins_dir, "libStrike.so", "strikethrough-reveal")
    with pytest.raises(effects.EffectError) as raised:
        instance.draw(-1)
    assert raised.value.status == _abi.ERR_TIME
    with pytest.raises(effects.EffectError) as raised:
        instance.draw(math.nan)
    assert raised.value.status == _abi.ERR_TIME
    with pytest.raises(effects.EffectError) as raised:
        instance.draw(0, width=-5)
    assert raised.value.status == _abi.ERR_RANGE
    with pytest.raises(effects.EffectError) as raised:
        instance.draw(0, width="wide")
    assert raised.value.status == _abi.ERR_RANGE
    listing = instance.draw(0, width=math.inf)
    instance.close()
    with pytest.raises(effects.EffectError):
        instance.draw(0)
    assert by_kind(listing)[2][4].text == "Ship the component", "a list outlives its instance"


# ---- Appearance (ABI 1.3) ------------------------------------------------------


@pytest.mark.parametrize(
    "library, id, light, dark",
    [
        # text-reveal's palette.text; Color(white: 0.07) and 0.93; the strike's .primary.
        ("libReveal.so", "text-reveal", 0x141414FF, 0xF4F3EFFF),
        ("libBreathe.so", "tracking-breathe", 0x121212FF, 0xEDEDEDFF),
        ("libStrike.so", "strikethrough-reveal", 0x1D1D1FFF, 0xF5F5F7FF),
    ],
)
def test_text_takes_the_colour_of_the_appearance(plugins_dir, library, id, light, dark):
    def colours(listing):
        return {item.color for item in listing.items if isinstance(item, effects.Text)}

    with load(plugins_dir, library, id) as instance:
        assert instance.effect.plugin.adapts_to_appearance
        assert colours(instance.draw(2)) == {light}
        assert colours(instance.draw(2, appearance="dark")) == {dark}
        assert colours(instance.draw(2, appearance="light")) == {light}
    with load(plugins_dir, library, id, color=0x336699FF) as instance:
        assert colours(instance.draw(2, appearance="dark")) == {0x336699FF}, "a colour set is the same in both"


def test_an_unknown_appearance_is_refused(plugins_dir):
    with load(plugins_dir, "libStrike.so", "strikethrough-reveal") as instance:
        for bad in ("sepia", 1, None, "Dark"):
            with pytest.raises(effects.EffectError) as raised:
                instance.draw(0, appearance=bad)
            assert raised.value.status == _abi.ERR_RANGE
            assert "appearance is 'light' or 'dark'" in raised.value.message


# ---- 1.0 and 1.1 plugins -------------------------------------------------------


def test_a_param_type_the_abi_does_not_define_refuses_the_plugin(tmp_path):
    with pytest.raises(effects.PluginLoadError) as refused:
        effects.load_plugin(compile_test_plugin(str(tmp_path), "libOddType.so", ("BROKEN_PARAM_TYPE",)))
    # The host library's reason, as effect-host list gives it.
    assert refused.value.reason == "param 'reduce_motion' of 'test-ramp' has unknown type 9"


def test_a_write_past_the_frame_is_refused_at_the_fence(tmp_path):
    """The fixture writes one value at frame[capacity]: the binding gives
    capacity as exactly the frame and keeps a fence value after it."""
    plugin = effects.load_plugin(compile_test_plugin(str(tmp_path), "libOverrun.so", ("BROKEN_FRAME_OVERRUN",)))
    with plugin.effect("test-ramp").create(length=4) as instance:
        with pytest.raises(effects.EffectError) as raised:
            instance.sample(1)
        assert raised.value.status == _abi.ERR_INTERNAL
        assert raised.value.message == (
            "the plugin wrote past the end of the buffer it was given: sample at t = 1.0 had room for 1 value"
        )
        # Its sample_many writes only its frames, so it is not refused.
        assert instance.sample_many(0, 1, 3).channels[:, 0].tolist() == [0, 0.25, 0.5]


@pytest.mark.parametrize("defines, minor", [((), 0), (("ABI_1_1",), 1)])
def test_older_plugins_sample_but_do_not_draw(tmp_path, defines, minor):
    plugin = effects.load_plugin(compile_test_plugin(str(tmp_path), f"libMinor{minor}.so", defines))
    assert plugin.abi == (1, minor)
    assert not plugin.has_draw
    assert plugin.has_layout == (minor >= 1)
    with plugin.effect("test-ramp").create(length=4) as instance:
        assert instance.sample(1)["value"] == 0.25
        assert instance.sample_many(0, 1, 3).channels[:, 0].tolist() == [0, 0.25, 0.5]
        if minor >= 1:
            assert instance.layout([], 100) == effects.Layout(0, 0, ())
        else:
            with pytest.raises(effects.EffectError) as raised:
                instance.layout([], 100)
            assert raised.value.status == _abi.ERR_UNSUPPORTED
        with pytest.raises(effects.EffectError) as raised:
            instance.draw(0)
        assert raised.value.status == _abi.ERR_UNSUPPORTED
        assert f"ABI 1.{minor}" in raised.value.message and "test-ramp" in raised.value.message
        with pytest.raises(effects.EffectError) as raised:
            instance.draw(0, measure=monospaced)
        assert raised.value.status == _abi.ERR_UNSUPPORTED


# ---- Lists drawn by the C test plugin, checked by the host -----------------------


def test_a_list_is_the_plugins_items_as_the_host_checked_them(tmp_path):
    """The 1.2 test plugin's frame: a group around a bar 100 pt wide at the
    ramp's value (t / length) and the label "ramp", measured by the caller."""
    plugin = effects.load_plugin(compile_test_plugin(str(tmp_path), "libDraws.so", ("ABI_1_2",)))
    calls = []

    def measure(text, size, weight, tracking):
        calls.append((text, size, weight, tracking))
        return monospaced(text, size, weight, tracking)

    with plugin.effect("test-ramp").create(length=4) as instance:
        listing = instance.draw(1, measure=measure)
    assert calls == [("ramp", 12, 400, 0)], "the plugin called the measurer through the host"
    group, bar, label, end = listing.items
    assert group == effects.Group(1, effects.Transform(0, 0, 0, 0, 1, 1, 0), 1, 0, 1, None)
    assert bar == effects.Shape(2, "rect", effects.Rect(0, 0, 25, 4), 0, 0, 1, effects.Solid(0x3366CCFF), None)
    assert label == effects.Text(3, "ramp", 0, 16, 12, 400, 0, 40, 24, 6, 0x000000FF)
    assert end == effects.EndGroup(1)
    assert (listing.width, listing.height, listing.bounds, listing.max_item_count) == (100, 20, effects.Rect(0, 0, 100, 20), 4)


def test_a_list_that_breaks_the_abis_rules_is_refused_with_the_hosts_message(tmp_path):
    plugin = effects.load_plugin(compile_test_plugin(str(tmp_path), "libOpen.so", ("ABI_1_2", "BROKEN_DRAW_UNBALANCED")))
    with plugin.effect("test-ramp").create(length=4) as instance, pytest.raises(effects.EffectError) as raised:
        instance.draw(1)
    assert raised.value.status == _abi.ERR_INTERNAL
    assert raised.value.message == "the plugin's display list leaves 1 group(s) open"


def test_a_path_comes_with_its_segments(plugins_dir):
    """The strike's tick, a path of a move and two lines, trimmed to the
    strike's progress: a = 0.5 at 0.16 s (the seed's easeInOut, half way)."""
    with load(plugins_dir, "libStrike.so", "strikethrough-reveal") as instance:
        listing = instance.draw(0.16)
    paths = [item for item in listing.items if isinstance(item, effects.Shape) and item.shape == "path"]
    assert len(paths) == 1
    assert [segment.verb for segment in paths[0].segments] == ["move", "line", "line"]
    assert (paths[0].trim_start, paths[0].trim_end) == (0, approx(0.5))


