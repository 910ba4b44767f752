"""The studio's page in headless Chromium, driven as a person would: the
controls it makes for every param of every bundled effect, edits that
change the frame as render draws it, events from the ⚑ button, the command
it offers to copy, and its downloads."""

import json
import shlex
import subprocess

import numpy as np
import pytest
from studio_harness import EFFECTS, HOST, SLIDERS, LivePage, Studio, environment, percentile, png, render, slider_latencies

# Every bundled param, as its plugin declares it (`effect-host info`), written
# out here: name -> (control, min, max, unit, live). "range" is a slider with
# a number box; "integer" the same in whole steps.
CONTROLS = {
    "strikethrough-reveal": {
        "text": ("textarea", None, None, "", False), "done": ("checkbox", None, None, "", True),
        "duration": ("range", 0.001, 60, "s", True), "fade": ("range", 0, 1, "", True), "tick": ("checkbox", None, None, "", True),
        "progress": ("range", 0, 1, "", True), "line_color": ("color", None, None, "", True),
        "color": ("color", None, None, "", True), "reduce_motion": ("checkbox", None, None, "", True),
    },
    "tracking-breathe": {
        "text": ("textarea", None, None, "", False), "min_tracking": ("range", -20, 100, "pt", True),
        "max_tracking": ("range", -20, 100, "pt", True), "period": ("range", 0.05, 600, "s", True),
        "uppercase": ("checkbox", None, None, "", False), "font_size": ("range", 1, 1000, "pt", False),
        "color": ("color", None, None, "", True), "phase": ("range", 0, 1, "", True),
        "reduce_motion": ("checkbox", None, None, "", True),
    },
    "breathing-circles": {
        "breathe_in": ("range", 0, 600, "s", False), "hold_in": ("range", 0, 600, "s", False),
        "breathe_out": ("range", 0, 600, "s", False), "hold_out": ("range", 0, 600, "s", False),
        "breaths": ("integer", 0, 1000000, "", False), "circle_count": ("integer", 1, 360, "", False),
        "circle_size": ("range", 1, 10000, "pt", False), "radius": ("range", 0, 10000, "pt", False),
        "rotation": ("range", -3600, 3600, "deg", False), "reduce_motion": ("checkbox", None, None, "", True),
    },
    "text-reveal": {
        "text": ("textarea", None, None, "", False), "unit": ("select", None, None, "", False),
        "preset": ("select", None, None, "", True), "alignment": ("select", None, None, "", False),
        "duration": ("range", 0, 60, "s", True), "delay": ("range", 0, 600, "s", True), "highlights": ("text", None, None, "", False),
        "masks_rise": ("checkbox", None, None, "", True), "blur_radius": ("range", 0, 1000, "pt", True),
        "highlight_duration": ("range", 0.01, 60, "s", True), "unit_height": ("range", 0, 10000, "pt", True),
        "font_size": ("range", 1, 1000, "pt", False), "font_weight": ("select", None, None, "", False),
        "tracking": ("range", -100, 100, "pt", False), "color": ("color", None, None, "", True),
        "highlight_color": ("color", None, None, "", True), "highlight_ink": ("color", None, None, "", True),
        "replay": ("integer", -2147483648, 2147483647, "", True), "reduce_motion": ("checkbox", None, None, "", True),
    },
}
CHOICES = {
    ("text-reveal", "unit"): ["characters", "words", "lines"], ("text-reveal", "preset"): ["rise", "blur", "soften"],
    ("text-reveal", "alignment"): ["leading", "center", "trailing"],
    ("text-reveal", "font_weight"): ["regular", "medium", "semibold", "bold"],
}
OPTIONAL = {("strikethrough-reveal", "progress"), ("tracking-breathe", "phase")}

READ_CONTROLS = """JSON.stringify([...document.querySelectorAll('#params .row')].map((row) => {
  const value = row.querySelector('.value');
  const main = value.querySelector('textarea, select, input[type=range], input[type=color], input[type=text],'
    + ' .value > input[type=checkbox]:last-of-type');
  const range = value.querySelector('input[type=range]');
  const kind = main.tagName === 'TEXTAREA' ? 'textarea' : main.tagName === 'SELECT' ? 'select'
    : range && !value.querySelector('input[type=color]') ? (range.step === '1' ? 'integer' : 'range') : main.type;
  return {name: row.dataset.param, kind, min: range && !value.querySelector('input[type=color]') ? Number(range.min) : null,
    max: range && !value.querySelector('input[type=color]') ? Number(range.max) : null,
    unit: (value.querySelector('small') || {textContent: ''}).textContent,
    live: !!row.querySelector('button[data-event]'),
    optional: value.querySelectorAll('input[type=checkbox]').length > (kind === 'checkbox' ? 1 : 0)
      && !!value.querySelector('input[aria-label^="set "]'),
    choices: main.tagName === 'SELECT' ? [...main.options].map((o) => o.value) : null,
    alpha: !!value.querySelector('input[aria-label$=" opacity"]')};
}))"""


@pytest.fixture(scope="module")
def studio(tmp_path_factory):
    running = Studio(tmp_path_factory.mktemp("studio-home"))
    yield running
    assert running.close() == 0, running.stderr


def page(browser, studio, effect):
    return LivePage(browser, f"{studio.url}#{effect}")


@pytest.mark.parametrize("effect", EFFECTS)
def test_every_param_of_every_bundled_effect_has_its_control(browser, studio, effect):
    shown = page(browser, studio, effect)
    try:
        controls = json.loads(shown.js(READ_CONTROLS))
        listed = json.loads(shown.js("JSON.stringify([...document.querySelectorAll('#effect option')].map((o) => o.value))"))
        assert shown.errors() == []
    finally:
        shown.close()
    assert sorted(listed) == sorted(EFFECTS)
    assert [c["name"] for c in controls] == list(CONTROLS[effect])
    for control in controls:
        kind, low, high, unit, live = CONTROLS[effect][control["name"]]
        assert control["kind"] == kind, control
        assert (control["min"], control["max"]) == (low, high), control
        assert control["unit"] == unit, control
        assert control["live"] == live, control
        assert control["optional"] == ((effect, control["name"]) in OPTIONAL), control
        assert control["choices"] == CHOICES.get((effect, control["name"])), control
        assert control["alpha"] == (kind == "color"), "a colour picker comes with its opacity"


def test_a_text_edit_in_japanese_arabic_and_emoji_draws_what_render_draws(browser, studio, tmp_path):
    text = "日本語の文 مرحبا بالعالم 🎉✨"
    shown = page(browser, studio, "strikethrough-reveal")
    try:
        shown.opaque_white()
        shown.set_control('textarea[name="text"]', text)
        shown.seek(0.2)
        pixels = shown.canvas()
        command = shown.js("document.querySelector('textarea[data-command=still]').value")
    finally:
        shown.close()
    assert f"--param 'text={text}'" in command and "--time 0.2" in command and "--background '#FFFFFF'" in command
    expected = render(tmp_path, "strikethrough-reveal", "--param", f"text={text}", "--time", "0.2", "--background", "#FFFFFF")
    assert pixels.shape == expected.shape
    assert np.array_equal(pixels, expected), f"max difference {np.abs(pixels.astype(int) - expected).max()}"
    # Ink of every script: the row is wider than the default text's.
    default = render(tmp_path, "strikethrough-reveal", "--time", "0.2", "--background", "#FFFFFF", name="default.png")
    assert pixels.shape[1] != default.shape[1]


def test_a_slider_draws_what_render_draws_with_that_value(browser, studio, tmp_path):
    shown = page(browser, studio, "text-reveal")
    try:
        shown.opaque_white()
        shown.set_control('.row[data-param="font_size"] input[type=range]', "30")
        shown.seek(0.35)
        pixels = shown.canvas()
        bigger = None
        shown.set_control('.row[data-param="font_size"] input[type=range]', "52")
        bigger = shown.canvas()
    finally:
        shown.close()
    expected = render(tmp_path, "text-reveal", "--param", "font_size=30", "--time", "0.35", "--background", "#FFFFFF")
    assert np.array_equal(pixels, expected)
    assert bigger.shape[0] > pixels.shape[0], "a larger font makes a taller picture"


def amount_of_line(pixels, line=(0x8A, 0x8F, 0x98)):
    """How many pixels carry the strike's line colour (the seed's #8A8F98)."""
    near = np.abs(pixels[:, :, :3].astype(int) - np.array(line)).max(axis=2) <= 6
    return int(near.sum())


def test_the_event_button_strikes_at_the_playhead_and_shows_on_the_timeline(browser, studio, tmp_path):
    shown = page(browser, studio, "strikethrough-reveal")
    try:
        shown.opaque_white()
        # Not done from the start: no strike; then done at 1 s by the ⚑ button.
        shown.set_control('.row[data-param="done"] input[type=checkbox]', False, event="change")
        shown.seek(1.0)
        shown.click('.row[data-param="done"] button[data-event]')
        events = json.loads(shown.js("JSON.stringify(studio.state.events)"))
        markers = shown.js("document.querySelectorAll('#markers button').length")
        span = shown.js("studio.state.span")
        shown.seek(0.9)
        before = shown.canvas()
        # The seed's strike: 320 ms easeInOut from the change.
        shown.seek(1.16)
        half = shown.canvas()
        shown.seek(1.5)
        after = shown.canvas()
        command = shown.js("document.querySelector('textarea[data-command=still]').value")
    finally:
        shown.close()
    assert events == [{"t": 1, "name": "done", "value": "true"}]
    assert markers == 1
    assert span == pytest.approx(1.32), "the timeline runs to the strike's end"
    assert amount_of_line(before) == 0
    assert 0 < amount_of_line(half) < amount_of_line(after)
    assert "--param done=false" in command and "--at 1:done=true" in command
    expected = render(tmp_path, "strikethrough-reveal", *shlex.split(command)[3:-2])
    assert np.array_equal(after, expected)


def test_the_copied_command_makes_the_frame_on_screen(browser, studio, tmp_path):
    shown = page(browser, studio, "tracking-breathe")
    try:
        shown.opaque_white()
        shown.set_control("#theme", "dark")
        shown.set_control('.row[data-param="max_tracking"] input[type=number]', "14.5")
        shown.set_control('.row[data-param="color"] input[type=color]', "#ff8800")
        shown.seek(1.7)
        pixels = shown.canvas()
        command = shown.js("document.querySelector('textarea[data-command=still]').value")
    finally:
        shown.close()
    words = shlex.split(command)
    assert words[:3] == ["effect-host", "render", "tracking-breathe"] and words[-2] == "-o"
    made = subprocess.run([HOST, *words[1:]], cwd=tmp_path, capture_output=True, text=True, env=environment(tmp_path))
    assert made.returncode == 0, made.stderr
    assert np.array_equal(pixels, png(str(tmp_path / words[-1])))
    # Orange ink on the dark theme's ground.
    assert (np.abs(pixels[:, :, :3].astype(int) - [0xFF, 0x88, 0x00]).max(axis=2) <= 2).sum() > 100


def test_a_bad_value_gets_the_hosts_message_in_the_page(browser, studio):
    shown = page(browser, studio, "strikethrough-reveal")
    try:
        shown.set_control('.row[data-param="duration"] input[type=number]', "-3")
        said = shown.js("document.getElementById('message').textContent")
        kind = shown.js("document.getElementById('message').className")
        frame_kept = shown.js("!document.getElementById('frame').hidden")
    finally:
        shown.close()
    assert said == "param 'duration' is -3; it must be within 0.001...60"
    assert "bad" in kind and frame_kept


@pytest.mark.parametrize("kind, probe", [("png", "png_pipe"), ("gif", "gif"), ("mp4", "mov,mp4,m4a,3gp,3g2,mj2"),
                                         ("lottie", None), ("html", None)])
def test_downloads_are_made_by_the_host(browser, studio, tmp_path, kind, probe):
    shown = page(browser, studio, "strikethrough-reveal")
    try:
        shown.seek(0.2)
        shown.js(f"document.querySelector('#downloads button[data-format={kind}]').click()")
        made = shown.js("""new Promise((done) => { const wait = () => {
            const t = document.getElementById('downloaded').textContent;
            t && !t.startsWith('making') ? done(t) : setTimeout(wait, 50); }; wait(); })""")
    finally:
        shown.close()
    said = made.splitlines()
    name, _, path = said[0].partition(", written to ")
    assert name.startswith("strikethrough-reveal-"), made
    with open(path, "rb") as file:
        data = file.read()
    if probe is not None:
        format_name = subprocess.run(["ffprobe", "-v", "error", "-show_entries", "format=format_name", "-of", "default=noprint_wrappers=1:nokey=1", path],
                                     capture_output=True, text=True).stdout.strip()
        assert format_name == probe
    if kind == "png":
        # The still at the playhead, on the page's transparent ground.
        assert np.array_equal(png(path), render(tmp_path, "strikethrough-reveal", "--time", "0.2", "--background", "transparent"))
    elif kind == "lottie":
        assert json.loads(data)["fr"] > 0
        # The host's own note, as export prints it: Lottie has no saturation filter.
        assert any("saturation" in line for line in said[1:]), said
    elif kind == "html":
        assert data.startswith(b"<!") and b"strikethrough-reveal" in data


@pytest.mark.parametrize("effect", EFFECTS)
def test_every_slider_change_draws_its_frame_and_its_latency_is_recorded(browser, studio, effect, tmp_path):
    """Timing is a benchmark (Benchmarks/run's studio section, release build);
    here each of 30 changes must draw a frame of its own, and the figures of
    this build are printed for the log."""
    shown = page(browser, studio, effect)
    try:
        latencies = slider_latencies(shown, effect, 30)
        value = shown.js(f"document.querySelector('.row[data-param=\"{SLIDERS[effect][0]}\"] input[type=number]').value")
    finally:
        shown.close()
    assert len(latencies) == 30 and all(ms > 0 for ms in latencies)
    low, high = SLIDERS[effect][1:3]
    assert low <= float(value) <= high
    print(f"{effect}: slider to frame median {percentile(latencies, 0.5):.1f} ms, p95 {percentile(latencies, 0.95):.1f} ms")


@pytest.mark.parametrize("size", ["720x576", "1440x1080", "720x1280"])
def test_a_video_frame_size_draws_what_render_draws_at_that_size(browser, studio, tmp_path, size):
    """PAL, HDV (anamorphic 1440 wide) and vertical video: the picture fitted
    in the frame, as `render --size` draws it; the copied command says so."""
    shown = page(browser, studio, "breathing-circles")
    try:
        shown.opaque_white()
        shown.set_control("#frame-size", size, event="change")
        shown.seek(2.5)
        pixels = shown.canvas()
        command = shown.js("document.querySelector('textarea[data-command=still]').value")
    finally:
        shown.close()
    width, height = (int(n) for n in size.split("x"))
    assert pixels.shape == (height, width, 4)
    assert f"--size {size}" in command and "--scale" not in command
    assert np.array_equal(pixels, render(tmp_path, "breathing-circles", "--size", size, "--time", "2.5", "--background", "#FFFFFF"))


def test_a_reload_keeps_the_tabs_values_and_the_page_says_the_hosts_font_note(browser, studio):
    shown = page(browser, studio, "strikethrough-reveal")
    try:
        shown.set_control("#transparent", False)
        shown.js("document.getElementById('ground').value = '#ff8800'")
        shown.set_control("#ground", "#ff8800")
        shown.set_control('.row[data-param="fade"] input[type=number]', "0.7")
        shown.click('.row[data-param="progress"] button[data-event]')
        shown.set_control("#font", "No Such Family", event="change")
        said = shown.js("document.getElementById('message').textContent")
        shown.call("Page.reload")
        shown.browser.wait_for("Page.loadEventFired")
        shown.js("new Promise((done) => { const wait = () => studio.state.scene ? done() : setTimeout(wait, 20); wait(); })")
        shown.idle()
        kept = json.loads(shown.js("JSON.stringify({values: studio.state.values, events: studio.state.events,"
                                   " font: document.getElementById('font').value})"))
        gif = shown.js("document.querySelector('textarea[data-command=gif]').value")
    finally:
        shown.close()
    assert said == "the font No Such Family is not installed; text is drawn in DejaVu Sans"
    # ⚑ on progress, an optional param left unset, takes the value its control shows.
    assert kept == {"values": {"fade": "0.7"}, "events": [{"t": 0, "name": "progress", "value": "0"}], "font": "No Such Family"}
    assert "--background '#FF8800'" in gif, "the GIF line makes the GIF the page downloads"
