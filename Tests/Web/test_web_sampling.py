"""web/effect-host.js in Node against the native plugins: every channel of every
effect, 1,000 times, with default and changed params, text in several scripts
and events, sampled from the wasm32 build and compared with the native
plugins sampled through the Python package (within effect.h's 1e-9 x
max(1, |value|)); the same error codes; the param text grammar against the
host library's."""

import math
import os

import pytest
from web_harness import ARABIC, EMOJI, JAPANESE, TOLERANCE, native_path, run_node, span

import effects

COUNT = 1000

# (wasm file, native file, effect, params, events as (name, value, t)).
CASES = [
    ("Strike", "strikethrough-reveal", {}, []),
    ("Strike", "strikethrough-reveal", {"text": JAPANESE, "done": False}, [("done", True, 0.4)]),
    ("Strike", "strikethrough-reveal", {"text": ARABIC, "duration": 0.8, "tick": False}, [("done", False, 1.0)]),
    ("Strike", "strikethrough-reveal", {"text": EMOJI, "progress": 0.25, "color": 0x112233FF}, [("progress", 0.75, 0.5)]),
    ("Breathe", "tracking-breathe", {}, []),
    ("Breathe", "tracking-breathe", {"text": ARABIC, "uppercase": False, "period": 2.0}, []),
    ("Breathe", "breathing-circles", {}, []),
    ("Breathe", "breathing-circles", {"circle_count": 5, "breaths": 2, "radius": 50.0}, []),
    ("Reveal", "text-reveal", {}, []),
    ("Reveal", "text-reveal", {"text": JAPANESE, "preset": "blur"}, [("replay", 1, 1.5)]),
    ("Reveal", "text-reveal", {"text": ARABIC, "unit": "characters", "highlights": "كيف حالك"}, []),
    ("Reveal", "text-reveal", {"text": EMOJI + "\n" + JAPANESE, "unit": "lines", "alignment": "center"}, [("preset", "soften", 0.3)]),
    ("pulse", "pulse", {}, []),
    ("pulse", "pulse", {"dots": 5, "spread": 0.8, "label": "読み込み中"}, []),
    ("typewriter", "typewriter", {}, []),
    ("typewriter", "typewriter", {"text": ARABIC + " " + EMOJI}, []),
]

def native_run(path, effect_id, params, events):
    """The native plugin's frames over 1,000 times past the effect's span, its elements and timing."""
    instance = effects.load_plugin(path).effect(effect_id).create(**params)
    for name, value, at in events:
        instance.set(name, value, at=at)
    dt = (max(span(instance), *(t for _, _, t in events), 0.5) * 1.25) / (COUNT - 1)
    frames = instance.sample_many(0.0, dt, COUNT).raw.ravel().tolist()
    elements = [(e.text, e.attributes) for e in instance.elements]
    timing = instance.timing
    instance.close()
    return dt, frames, elements, timing


def worst(got, expected):
    """The largest |a - b| / max(1, |b|) over two equal-length lists."""
    assert len(got) == len(expected)
    return max((abs(a - b) / max(1.0, abs(b)) for a, b in zip(got, expected)), default=0.0)


@pytest.mark.parametrize("case", CASES, ids=[f"{c[1]}-{i}" for i, c in enumerate(CASES)])
def test_every_channel_matches_native(case, wasm_dir, native_examples):
    name, effect_id, params, events = case
    dt, frames, elements, timing = native_run(native_path(name, native_examples), effect_id, params, events)
    job = {"effect": effect_id, "params": params, "events": events, "t0": 0.0, "dt": dt, "count": COUNT}
    [result] = run_node("sample.mjs", {"plugin": os.path.join(wasm_dir, name + ".wasm"), "jobs": [job]})
    assert "status" not in result, result
    # Every value of every frame, global and element channels alike.
    assert len(result["many"]) == len(frames) > COUNT
    many, single = worst(result["many"], frames), worst(result["single"], frames)
    print(f"{effect_id} {params}: {len(frames)} values, worst relative difference {many:.3g} (sample_many), {single:.3g} (sample)")
    assert many <= TOLERANCE and single <= TOLERANCE
    assert [(e["text"], e["attributes"]) for e in result["elements"]] == elements
    assert result["timing"]["kind"] == timing.kind
    if timing.kind == "ends":
        assert result["timing"]["end"] == pytest.approx(timing.end, rel=TOLERANCE)
    else:
        assert (result["timing"]["loopStart"], result["timing"]["period"]) == (timing.loop_start, timing.period)


def test_an_event_changes_the_frames_after_it(wasm_dir):
    """strike's `done` set false at 0.5 s undoes the strike from then on: amount goes back to 0."""
    jobs = [
        {"effect": "strikethrough-reveal", "params": {"duration": 0.2}, "sampleAt": 1.0},
        {"effect": "strikethrough-reveal", "params": {"duration": 0.2}, "events": [["done", False, 0.5]], "sampleAt": 0.45},
        {"effect": "strikethrough-reveal", "params": {"duration": 0.2}, "eventTexts": ["0.5:done=false"], "sampleAt": 1.0},
    ]
    done, before, undone = run_node("sample.mjs", {"plugin": os.path.join(wasm_dir, "Strike.wasm"), "jobs": jobs})
    assert done["sample"]["amount"] == 1.0 and before["sample"]["amount"] == 1.0
    assert undone["sample"]["amount"] == 0.0
    assert undone["duration"] >= 0.5 and undone["settled"] >= 0.5


def test_an_instance_whose_memory_grows_during_a_set_keeps_working(wasm_dir):
    """A thousand events make the plugin grow its memory inside set_param, which detaches
    every view of the old buffer: the host reads on from the new one (before 148430c it threw
    a TypeError at the 512th event). `done` flips every 10 ms and ends false at 9.99 s, so the strike
    is undone by 20 s (1.0 without the events)."""
    events = [["done", i % 2 == 0, i / 100] for i in range(1000)]
    job = {"effect": "strikethrough-reveal", "params": {"duration": 0.2}, "events": events, "sampleAt": 20.0}
    (result,) = run_node("sample.mjs", {"plugin": os.path.join(wasm_dir, "Strike.wasm"), "jobs": [job]})
    assert result.get("memoryGrew") is True, result
    assert result["sample"]["amount"] == 0.0


def test_a_text_whose_copy_grows_the_memory_is_created(wasm_dir):
    """A 300 kB text does not fit the plugin's memory as loaded: copying it in grows the
    memory before its pointer is written into the setting (that write went to the detached
    buffer before 148430c, a TypeError). strikethrough-reveal is fully struck after its 0.32 s."""
    job = {"effect": "strikethrough-reveal", "params": {"text": "word " * 60000}, "sampleAt": 1.0}
    (result,) = run_node("sample.mjs", {"plugin": os.path.join(wasm_dir, "Strike.wasm"), "jobs": [job]})
    assert result["sample"]["amount"] == 1.0, result


def native_error(path, call):
    with pytest.raises(effects.EffectError) as caught:
        call(effects.load_plugin(path))
    return caught.value


ERRORS = [
    # (what, the JS job, the same through Python's native plugin).
    ("unknown effect", {"effect": "no-such-effect"}, None),
    ("number out of range", {"effect": "strikethrough-reveal", "params": {"duration": -1}},
     lambda p: p.effect("strikethrough-reveal").create(duration=-1.0)),
    ("unknown param", {"effect": "strikethrough-reveal", "params": {"durationn": 1}},
     lambda p: p.effect("strikethrough-reveal").create(durationn=1.0)),
    ("NaN time", {"effect": "strikethrough-reveal", "sampleAt": math.nan},
     lambda p: p.effect("strikethrough-reveal").create().sample(math.nan)),
    ("negative time", {"effect": "strikethrough-reveal", "sampleAt": -1},
     lambda p: p.effect("strikethrough-reveal").create().sample(-1.0)),
    ("text that is no number", {"effect": "strikethrough-reveal", "params": {"duration": "abc"}},
     lambda p: p.effect("strikethrough-reveal").create_from_text(["duration=abc"])),
    ("text that is no colour", {"effect": "strikethrough-reveal", "params": {"line_color": "red"}},
     lambda p: p.effect("strikethrough-reveal").create_from_text(["line_color=red"])),
    ("an event not live", {"effect": "text-reveal", "events": [["text", "x", 1]]},
     lambda p: p.effect("text-reveal").create().set("text", "x", at=1.0)),
]


@pytest.mark.parametrize("what,job,call", ERRORS, ids=[e[0] for e in ERRORS])
def test_errors_carry_the_native_status(what, job, call, wasm_dir):
    file = "Reveal" if job["effect"] == "text-reveal" else "Strike"
    # JSON has no NaN: the driver reads the text "NaN" as NaN.
    request = {**job, "sampleAt": "NaN"} if isinstance(job.get("sampleAt"), float) and math.isnan(job["sampleAt"]) else job
    [result] = run_node("sample.mjs", {"plugin": os.path.join(wasm_dir, file + ".wasm"), "jobs": [request]})
    if call is None:
        # Python names an unknown effect itself; the JS host asks the plugin's create, whose word it passes on.
        assert (result.get("status"), result.get("code")) == (-4, "UNKNOWN_EFFECT"), result
        assert "no-such-effect" in result["message"]
        return
    error = native_error(native_path(file, {}), call)
    assert result.get("status") == error.status, (result, str(error))
    if what == "unknown param":
        # Python's message is the host library's, with its "did you mean"; the JS host passes on the plugin's.
        assert "no param 'durationn'" in result["message"] and "no param 'durationn'" in str(error)
    else:
        # The same words: the plugin's own, or the host grammar's.
        assert result["message"] in str(error), (result, str(error))


# The text grammar (Sources/EffectHost/ValueParsing.swift, DecimalNumber.swift,
# ColorText.swift) that web/effect-host.js's parseValue mirrors: one list of
# cases for both, each param type, what reads and what must not.
GRAMMAR = [
    ("Strike", "strikethrough-reveal", "duration",
     ["0.5", "+1", "-0", "1e3", "1E-3", ".5", "5.", "007", "1e400", "abc", "", " 1", "1 ", "0x10", "nan", "inf",
      "1e", "+", ".", "١", "1_000", "1,5", "--1", "1e+2"]),
    ("Strike", "strikethrough-reveal", "done", ["true", "TRUE", "Yes", "on", "1", "false", "No", "OFF", "0", "2", "", "truee", "none"]),
    ("Strike", "strikethrough-reveal", "color",
     ["#112233", "#11223344", "0x112233", "0X11223344", "112233", "aabbcc", "#1122", "#11223", "#GG2233", "##112233",
      "#112233 ", "0x#112233", "#１12233", "#+12233", "none"]),
    ("Strike", "strikethrough-reveal", "progress", ["none", "None", "0.5", ""]),
    ("Strike", "strikethrough-reveal", "text", ["none", "", "Ship it", "今日"]),
    ("Reveal", "text-reveal", "replay", ["3", "+3", "-3", "3.0", "9223372036854775807", "9223372036854775808", "-9223372036854775808",
                                        "", "0x1", "١٢", " 3"]),
    ("Reveal", "text-reveal", "unit", ["words", "Words", "none", "lines", ""]),
]


def native_reading(effect, name, text):
    """What the host library reads `text` as, or its error."""
    param = effect.param(name)
    try:
        raw = effect._read_text(param, text)
    except effects.EffectError as error:
        return {"status": error.status, "message": str(error)}
    if raw.type == 0:
        return {"value": None}
    # As the driver writes them: 64-bit integers as text (JSON numbers are doubles), infinity as "inf".
    value = {1: raw.number, 2: str(raw.integer), 3: bool(raw.integer), 6: raw.integer}.get(raw.type)
    value = "inf" if value == math.inf else value
    return {"value": value if value is not None else raw.string.decode("utf-8")}


@pytest.mark.parametrize("file,effect_id,name,cases", GRAMMAR, ids=[g[2] for g in GRAMMAR])
def test_the_text_grammar_matches_the_host_library(file, effect_id, name, cases, wasm_dir):
    effect = effects.load_plugin(native_path(file, {})).effect(effect_id)
    [got] = run_node("sample.mjs", {"plugin": os.path.join(wasm_dir, file + ".wasm"),
                                "jobs": [{"effect": effect_id, "param": name, "parse": cases}]})
    for text, js in zip(cases, got):
        native = native_reading(effect, name, text)
        if "value" in native:
            assert js == {"value": native["value"]}, (text, js, native)
        else:
            assert (js.get("status"), js.get("message")) == (native["status"], native["message"]), (text, js, native)


def test_the_text_grammar_reads_what_it_says(wasm_dir):
    """Values worked out by hand from the grammar's definition."""
    cases = {"duration": [".5", "5.", "1e3", "0x10"], "color": ["#112233", "11223344", "#1122"], "done": ["Yes", "OFF", "2"]}
    jobs = [{"effect": "strikethrough-reveal", "param": name, "parse": texts} for name, texts in cases.items()]
    duration, color, done = run_node("sample.mjs", {"plugin": os.path.join(wasm_dir, "Strike.wasm"), "jobs": jobs})
    assert [r.get("value") for r in duration] == [0.5, 5.0, 1000.0, None]
    assert duration[3] == {"status": -7, "code": "RANGE", "message": "param 'duration' needs a number, not '0x10'"}
    assert [r.get("value") for r in color] == [0x112233FF, 0x11223344, None]
    assert color[2]["message"] == "param 'color' needs a colour such as #8A8F98 or #8A8F98FF, not '#1122'"
    assert [r.get("value") for r in done] == [True, False, None]
    assert done[2]["message"] == "param 'done' needs true or false, not '2'"


def test_line_breaks_load_when_asked(wasm_dir):
    """Loaded with lineBreaks false (as <effect-player> loads a plugin), a text in a script written
    without spaces cannot be made (UNSUPPORTED: its words would be split at white space only) until
    loadLineBreaks() has run; then it makes the native plugin's words. A Latin text needs nothing."""
    jobs = [
        {"effect": "text-reveal", "params": {"text": JAPANESE}},
        {"effect": "text-reveal", "params": {"text": "Plan the week"}},
        {"loadLineBreaks": True},
        {"effect": "text-reveal", "params": {"text": JAPANESE}},
    ]
    refused, latin, japanese = run_node("sample.mjs", {"plugin": os.path.join(wasm_dir, "Reveal.wasm"), "lineBreaks": False, "jobs": jobs})
    assert (refused.get("status"), refused.get("code")) == (-15, "UNSUPPORTED"), refused
    assert "loadLineBreaks()" in refused["message"]
    assert [e["text"] for e in latin["elements"]] == ["Plan", "the", "week"]
    native = effects.load_plugin(native_path("Reveal", {})).effect("text-reveal").create(text=JAPANESE)
    expected = [e.text for e in native.elements]
    native.close()
    assert len(expected) > 5 and [e["text"] for e in japanese["elements"]] == expected


def test_a_js_value_of_the_wrong_type_is_refused_by_the_plugin(wasm_dir):
    """A value goes typed by its JS type, and the plugin refuses one that does not fit its param;
    a string with NUL would be cut short in C, so the host refuses it itself."""
    jobs = [{"effect": "strikethrough-reveal", "params": params}
            for params in ({"duration": True}, {"done": 1}, {"color": 1.5}, {"text": "a\0b"}, {"done": False, "color": 0x112233FF})]
    *refused, made = run_node("sample.mjs", {"plugin": os.path.join(wasm_dir, "Strike.wasm"), "jobs": jobs})
    assert [(r.get("code"), r.get("message")) for r in refused] == [
        ("TYPE", "param 'duration' needs a number, not a bool"),
        ("TYPE", "param 'done' needs a bool, not an integer"),
        ("TYPE", "param 'color' needs a colour, not a number"),
        ("UTF8", "the value of 'text' is not a NUL-free Unicode string"),
    ]
    assert "status" not in made and made["timing"]["kind"] == "ends"
