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
    assert error.startswith("CompileError") and "WebAssembly" in error and "Content Security" in error, error
