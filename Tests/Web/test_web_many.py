"""100 <effect-player>s on one page in headless Chromium, the four bundled
effects mixed (Tests/Web/page/many.html, the page Benchmarks/run's web
section times), with the web host as scripts/build-web writes it for pages
(minified): every one of them plays, drawing frame after frame with its
clock moving on, and paints its canvas. Not timed: how long the frames take
is a benchmark (docs/benchmarks.md, "The web host")."""

import pytest
from web_page import Browser, Page, served

# Per player: frames drawn so far, its clock, its effect, and the painted pixels of its canvas.
STATE = """players().map((e) => {
  const c = e.shadowRoot.querySelector('canvas');
  const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
  let painted = 0;
  for (let i = 3; i < d.length; i += 4) painted += d[i] > 0;
  return { renders: e.player.renders ?? 0, time: e.player.time, effect: e.effect.id, painted };
})"""


@pytest.fixture(scope="module")
def page(wasm_dir, web_build):
    browser = Browser(1000, 800)
    with served(wasm_dir, web=web_build) as url:
        opened = Page(browser, url + "/page/many.html?n=100")
        try:
            opened.wait("window.ready !== undefined")
            assert opened.evaluate("window.ready") is True
            yield opened
        finally:
            opened.close()
            browser.close()


def test_a_hundred_players_all_play(page):
    before = page.evaluate(STATE)
    page.evaluate("measure(1)")
    after = page.evaluate(STATE)
    assert len(after) == 100
    assert sorted({p["effect"] for p in after}) == ["breathing-circles", "strikethrough-reveal", "text-reveal", "tracking-breathe"]
    for one, two in zip(before, after):
        # Each drew more frames, its clock moved on, and its canvas holds ink.
        assert two["renders"] > one["renders"] + 1, (one, two)
        assert two["time"] > one["time"], (one, two)
        assert two["painted"] > 100, two
