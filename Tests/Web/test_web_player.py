"""<effect-player> in headless Chromium: it plays, its attributes are live
params (a text change makes the next frame, `done` toggled is an event at the
current time), it follows prefers-reduced-motion, devicePixelRatio and its own
width, and it runs under CSP script-src 'self' 'wasm-unsafe-eval' (and not
without 'wasm-unsafe-eval')."""

import json

import pytest
from web_harness import JAPANESE, native_path
from web_page import Browser, Page, served

import effects

READY = "Promise.all([...document.querySelectorAll('effect-player')].map((e) => e.ready)).then(() => true)"
# The canvas's pixels as a short fingerprint, and how many are painted.
PIXELS = """(() => {
  const c = document.getElementById('%s').shadowRoot.querySelector('canvas');
  const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
  let sum = 0, painted = 0;
  for (let i = 0; i < d.length; i += 4) { sum = (sum * 31 + d[i] + d[i + 3]) %% 1000000007; painted += d[i + 3] > 0; }
  return { width: c.width, height: c.height, cssWidth: c.style.width, sum, painted };
})()"""
# Waits for two animation frames: the next frame has been drawn.
FRAMES = "new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))"
SLEEP = "new Promise((r) => setTimeout(() => r(true), %d))"


@pytest.fixture(scope="module")
def browser():
    launched = Browser(1000, 800)
    yield launched
    launched.close()


@pytest.fixture()
def open_page(browser, wasm_dir):
    pages = []

    def opening(csp=None, **options):
        server = served(wasm_dir, **({"csp": csp} if csp else {}))
        url = server.__enter__()
        page = Page(browser, url + "/page/player.html", **options)
        pages.append((page, server))
        page.wait("customElements.get('effect-player') !== undefined || document.readyState === 'complete'")
        return page

    yield opening
    for page, server in pages:
        page.close()
        server.__exit__(None, None, None)


def test_it_plays_and_its_attributes_are_live_params(open_page):
    page = open_page()
    assert page.evaluate(READY) is True
    # Under the page's CSP, script cannot eval: the player needed none.
    assert page.evaluate("window.evalBlocked") == "EvalError"
    page.evaluate(SLEEP % 500)
    first = page.evaluate(PIXELS % "strike")
    assert first["painted"] > 500
    strike = "document.getElementById('strike')"
    assert page.evaluate(f"{strike}.instance.sample({strike}.player.time).amount") == 1.0
    # A new text: the instance is made again, and the next frame shows it (a wider canvas).
    page.evaluate(f"{strike}.setAttribute('text', 'Ship the component and write its documentation')")
    page.evaluate(FRAMES)
    longer = page.evaluate(PIXELS % "strike")
    assert page.evaluate(f"{strike}.instance.get('text')") == "Ship the component and write its documentation"
    assert longer["width"] > first["width"] and longer["sum"] != first["sum"]
    # done off: an event at the current time; the strike is undone 0.3 s later.
    page.evaluate(f"{strike}.setAttribute('done', 'false')")
    page.evaluate(SLEEP % 600)
    assert page.evaluate(f"{strike}.instance.sample({strike}.player.time).amount") == 0.0
    events = page.evaluate(f"{strike}.events.map(([n, v, t]) => [n, v, t > 0.4])")
    assert events == [["done", "false", True]]
    assert page.evaluate(PIXELS % "strike")["sum"] != longer["sum"]
    # A value the grammar refuses is reported as an error event, and nothing changes.
    message = page.evaluate(f"(() => {{ try {{ {strike}.event('duration', 'soon'); }} catch (e) {{ return e.message; }} }})()")
    assert message == "param 'duration' needs a number, not 'soon'"


def test_it_follows_its_width_and_the_pixel_ratio(open_page):
    page = open_page(scale=2)
    assert page.evaluate(READY) is True
    page.evaluate(SLEEP % 300)
    reveal = "document.getElementById('reveal')"
    wide = page.evaluate(PIXELS % "reveal")
    bounds = page.evaluate(f"{reveal}.player.render({reveal}.player.time).bounds")
    # Device pixels: twice the points, the CSS size in points.
    assert wide["width"] == -(-bounds["width"] * 2 // 1) and float(wide["cssWidth"][:-2]) == pytest.approx(bounds["width"], abs=1e-3)
    assert page.evaluate(f"{reveal}.player.width") == 600
    page.evaluate(f"{reveal}.style.width = '250px'")
    page.evaluate(SLEEP % 300)
    narrow = page.evaluate(PIXELS % "reveal")
    assert page.evaluate(f"{reveal}.player.width") == 250
    # Wrapped to more rows: taller and narrower.
    assert narrow["height"] > wide["height"] and narrow["width"] < wide["width"]


@pytest.mark.parametrize("reduce", [True, False])
def test_it_follows_prefers_reduced_motion(open_page, reduce):
    page = open_page(media=[("prefers-reduced-motion", "reduce" if reduce else "no-preference")])
    assert page.evaluate(READY) is True
    assert page.evaluate("document.getElementById('strike').instance.get('reduce_motion')") is reduce


def test_line_breaks_load_only_for_a_text_that_needs_them(open_page):
    """A page of Latin texts never loads web/line-breaks.js; a Japanese text set on a player loads it,
    and the instance is made with the native plugin's words."""
    page = open_page()
    assert page.evaluate(READY) is True
    loaded = "performance.getEntriesByType('resource').some((e) => e.name.endsWith('/web/line-breaks.js'))"
    assert page.evaluate(loaded) is False
    reveal = "document.getElementById('reveal')"
    page.evaluate(f"{reveal}.setAttribute('text', {json.dumps(JAPANESE)})")
    page.wait(f"{reveal}.instance?.get('text') === {json.dumps(JAPANESE)}")
    assert page.evaluate(loaded) is True
    native = effects.load_plugin(native_path("Reveal", {})).effect("text-reveal").create(text=JAPANESE)
    expected = [e.text for e in native.elements]
    native.close()
    assert len(expected) > 5 and page.evaluate(f"{reveal}.instance.elements().map((e) => e.text)") == expected
    page.evaluate(SLEEP % 300)
    assert page.evaluate(PIXELS % "reveal")["painted"] > 500


def test_without_wasm_unsafe_eval_it_reports_the_refusal(open_page):
    page = open_page(csp="script-src 'self'")
    error = page.evaluate(f"{READY}.catch((e) => e.name + ': ' + e.message)")
    # The browser's own words (CompileError: ... Content Security Policy ...), named by the file and what to do.
    assert error.startswith("EffectError: ") and "cannot be compiled: WebAssembly" in error and "Content Security" in error, error
    assert error.endswith("(not a WebAssembly module, or a page whose CSP lacks 'wasm-unsafe-eval')"), error


ERRORS = """(() => { window.errors = []; for (const e of document.querySelectorAll('effect-player'))
  e.addEventListener('error', (x) => window.errors.push([e.id, x.detail.code, x.detail.message])); return true; })()"""


def test_a_refused_value_is_an_error_event_and_the_player_plays_on(open_page):
    page = open_page()
    assert page.evaluate(READY) is True
    page.evaluate(ERRORS)
    strike, reveal = "document.getElementById('strike')", "document.getElementById('reveal')"
    # A live param's refused value: an error, and the next change still goes through.
    page.evaluate(f"{strike}.setAttribute('line-color', 'bogus')")
    page.wait("window.errors.length === 1")
    assert page.evaluate("window.errors") == [
        ["strike", "RANGE", "param 'line_color' needs a colour such as #8A8F98 or #8A8F98FF, not 'bogus'"]]
    page.evaluate(f"{strike}.setAttribute('done', 'false')")
    page.evaluate(SLEEP % 600)
    assert page.evaluate(f"{strike}.instance.sample({strike}.player.time).amount") == 0.0
    assert len(page.evaluate("window.errors")) == 1
    # A create-time param's refused value: an error, the instance playing stays, a good value then takes.
    before = page.evaluate(f"{reveal}.instance.get('unit')")
    page.evaluate(f"{reveal}.setAttribute('unit', 'bogus')")
    page.wait("window.errors.length === 2")
    assert page.evaluate("window.errors[1]") == ["reveal", "RANGE", "param 'unit' has no choice 'bogus' (choices: characters, words, lines)"]
    assert page.evaluate(f"{reveal}.instance.get('unit')") == before and page.evaluate(f"{reveal}.player !== null") is True
    page.evaluate(f"{reveal}.setAttribute('unit', 'characters')")
    page.wait(f"{reveal}.instance.get('unit') === 'characters'")
    # A schedule that is not a list of events: an error, the player as it was.
    page.evaluate(f"{reveal}.setAttribute('schedule', '{{\"a\": 1}}')")
    page.wait("window.errors.length === 3")
    assert page.evaluate("window.errors[2]") == [
        "reveal", "RANGE", 'schedule is a JSON list of [seconds, param, value], not {"a": 1}']
    assert page.evaluate(f"{reveal}.instance.get('unit')") == "characters"


def test_params_come_from_json_then_attributes_and_html_names_are_not_params(open_page):
    page = open_page()
    assert page.evaluate(READY) is True
    made = """(() => { const e = document.createElement('effect-player');
      e.setAttribute('src', '/wasm/Strike.wasm'); e.setAttribute('params', '{"text": "From JSON", "fade": 0.2}');
      e.setAttribute('fade', '0.7'); e.setAttribute('title', 'Not a param'); e.id = 'made';
      document.body.append(e); return e.ready.then(() => [e.instance.get('text'), e.instance.get('fade')]); })()"""
    assert page.evaluate(made) == ["From JSON", 0.7]
    # set() takes any name, its value typed or in words.
    page.evaluate("document.getElementById('made').set('text', 'Set')")
    page.wait("document.getElementById('made').instance.get('text') === 'Set'")


def test_a_player_removed_while_it_loads_never_plays(open_page):
    page = open_page()
    assert page.evaluate(READY) is True
    gone = """(() => { const e = document.createElement('effect-player');
      e.setAttribute('src', '/wasm/Breathe.wasm?fresh'); e.setAttribute('effect', 'breathing-circles');
      document.body.append(e); e.remove(); window.gone = e;
      return e.ready.then(() => new Promise((r) => setTimeout(r, 500))).then(() => [e.instance, e.player]); })()"""
    assert page.evaluate(gone) == [None, None]


def test_another_effect_starts_without_the_events_of_the_last(open_page):
    page = open_page()
    assert page.evaluate(READY) is True
    page.evaluate(ERRORS)
    strike = "document.getElementById('strike')"
    page.evaluate(f"{strike}.setAttribute('done', 'false')")
    page.evaluate(f"{strike}.setAttribute('src', '/wasm/Breathe.wasm'); {strike}.setAttribute('effect', 'tracking-breathe')")
    page.wait(f"{strike}.instance?.effect.id === 'tracking-breathe'")
    assert page.evaluate("window.errors") == [] and page.evaluate(f"{strike}.events") == []


def test_a_view_without_words_is_hidden_from_assistive_technology_and_the_ink_is_placed(open_page):
    page = open_page()
    assert page.evaluate(READY) is True
    circles = """(() => { const e = document.createElement('effect-player');
      e.setAttribute('src', '/wasm/Breathe.wasm'); e.setAttribute('effect', 'breathing-circles'); e.id = 'circles';
      document.body.append(e); return e.ready.then(() => [e.getAttribute('aria-hidden'), e.getAttribute('aria-label')]); })()"""
    assert page.evaluate(circles) == ["", None]
    assert page.evaluate("document.getElementById('strike').getAttribute('aria-hidden')") is None
    # The canvas sits where the ink falls around the view: its left and top are the bounds' origin.
    placed = page.evaluate("""(() => { const e = document.getElementById('circles'); const c = e.shadowRoot.querySelector('canvas');
      const b = e.player.render(e.player.time).bounds; return [c.style.left, c.style.top, b.x, b.y]; })()""")
    assert placed[:2] == [f"{placed[2]:g}px", f"{placed[3]:g}px"] and placed[2] < 0
