"""web/effect-host.js's display lists in Node against the native plugins':
every item of every frame at 100 times, with the reference metrics (no
measurer) and with a measurer, light and dark, a proposed width; the same
checks (groups balanced, text on character boundaries) as effect-host's
reader."""

import dataclasses
import os
import re

import pytest
from web_harness import ARABIC, EMOJI, JAPANESE, TOLERANCE, native_path, run_node, span

import effects

TIMES = 100

CASES = [
    ("Strike", "strikethrough-reveal", {}, [], {}),
    ("Strike", "strikethrough-reveal", {"text": JAPANESE, "done": False}, [("done", True, 0.4)], {"appearance": "dark"}),
    ("Strike", "strikethrough-reveal", {"text": ARABIC}, [], {"measured": True}),
    ("Breathe", "tracking-breathe", {"text": EMOJI}, [], {}),
    ("Breathe", "breathing-circles", {}, [], {}),
    ("Reveal", "text-reveal", {}, [], {"width": 300}),
    ("Reveal", "text-reveal", {"text": JAPANESE, "highlights": "東京", "preset": "blur"}, [], {"width": 200, "measured": True}),
    ("Reveal", "text-reveal", {"text": ARABIC + " " + EMOJI, "unit": "characters"}, [], {"appearance": "dark"}),
    ("pulse", "pulse", {}, [], {}),
    ("typewriter", "typewriter", {"text": ARABIC}, [], {"measured": True}),
]


def measure(text, size, weight, tracking):
    """The driver's stand-in measurer, worked out the same way."""
    n = len(text)
    return n * size * (0.5 + weight / 4000) + n * tracking, size * 0.8, size * 0.2


def camel(name):
    return re.sub(r"_([a-z])", lambda m: m.group(1).upper(), name)


def plain(value):
    """A Python display list as the JS host writes one: dicts with camelCase keys."""
    if dataclasses.is_dataclass(value):
        value = {camel(f.name): getattr(value, f.name) for f in dataclasses.fields(value)}
    if isinstance(value, dict):
        return {camel(k): plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    return value


def differences(got, expected, path="", worst=None):
    """Walks both lists: the structure and every string must agree; returns the worst relative difference of the numbers."""
    worst = worst if worst is not None else [0.0]
    if isinstance(expected, dict):
        assert isinstance(got, dict) and sorted(got) == sorted(expected), (path, got, expected)
        for key in expected:
            differences(got[key], expected[key], f"{path}.{key}", worst)
    elif isinstance(expected, list):
        assert isinstance(got, list) and len(got) == len(expected), (path, got, expected)
        for i, (a, b) in enumerate(zip(got, expected)):
            differences(a, b, f"{path}[{i}]", worst)
    elif isinstance(expected, (int, float)) and not isinstance(expected, bool):
        assert isinstance(got, (int, float)), (path, got, expected)
        worst[0] = max(worst[0], abs(got - expected) / max(1.0, abs(expected)))
    else:
        assert got == expected, (path, got, expected)
    return worst[0]


@pytest.mark.parametrize("case", CASES, ids=[f"{c[1]}-{i}" for i, c in enumerate(CASES)])
def test_display_lists_match_native(case, wasm_dir, native_examples):
    name, effect_id, params, events, options = case
    instance = effects.load_plugin(native_path(name, native_examples)).effect(effect_id).create(**params)
    for param, value, at in events:
        instance.set(param, value, at=at)
    end = max(span(instance), 0.5) * 1.25
    times = [end * i / (TIMES - 1) for i in range(TIMES)]
    expected = [
        plain(instance.draw(t, width=options.get("width"), measure=measure if options.get("measured") else None,
                            appearance=options.get("appearance", "light")))
        for t in times
    ]
    instance.close()
    job = {"effect": effect_id, "params": params, "events": events, "draw": times, **options}
    [result] = run_node("sample.mjs", {"plugin": os.path.join(wasm_dir, name + ".wasm"), "jobs": [job]})
    assert "status" not in result, result
    items = sum(len(frame["items"]) for frame in expected)
    worst = differences(result["drawn"], expected)
    print(f"{effect_id} {options}: {TIMES} lists, {items} items, worst relative difference {worst:.3g}")
    assert items >= TIMES and worst <= TOLERANCE


def test_a_measurer_that_fails_fails_the_draw(wasm_dir):
    """A measurer answering a negative ascent makes draw fail with RANGE, naming what it answered; the
    instance draws again afterwards, with the reference metrics (ascent 0.952 x the size) without one."""
    plugin = os.path.join(wasm_dir, "Strike.wasm")
    failed, drawn = run_node("sample.mjs", {"plugin": plugin, "jobs": [
        {"effect": "strikethrough-reveal", "draw": [0.1], "measured": "negative ascent"},
        {"effect": "strikethrough-reveal", "draw": [0.1]},
    ]})
    assert failed["status"] == -7 and "[10,-1,2]" in failed["message"], failed
    texts = [item for item in drawn["drawn"][0]["items"] if item["kind"] == "text"]
    assert texts and all(t["ascent"] == pytest.approx(0.952 * t["size"], rel=1e-12) for t in texts)
