"""`effect-host export EFFECT --live -o DIR`: a page that runs the effect itself.

The directory is served as written (with the CSP web/effect-host.js promises to
work under) and opened in headless Chromium: the strike plays, its --at event
replays on the player's clock, the page's script changes the text and sets
`done`, and the form has a control for every param. The files are checked as
written: the element's attributes are the params in the command line's words."""

import html.parser
import json
import os
import subprocess

import pytest
from web_harness import BUILD, ROOT
from web_page import Browser, Page, served

HOST = os.path.join(BUILD, "effect-host")
TEXT = "Ship it & <launch> 🚀"
PLAYER = "document.getElementById('effect')"
# How much of the canvas is painted with the strike's line colour (#8A8F98), and its size.
LINE = """(() => {
  const c = document.getElementById('effect').shadowRoot.querySelector('canvas');
  const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
  let line = 0;
  for (let i = 0; i < d.length; i += 4) line += Math.abs(d[i] - 0x8a) + Math.abs(d[i + 1] - 0x8f) + Math.abs(d[i + 2] - 0x98) < 24 && d[i + 3] > 200;
  return { line, width: c.width };
})()"""
SLEEP = "new Promise((r) => setTimeout(() => r(true), %d))"


def export(*arguments, check=True):
    env = {k: v for k, v in os.environ.items() if k != "EFFECT_PLUGIN_PATH"}
    done = subprocess.run([HOST, "export", *arguments], capture_output=True, text=True, env=env, timeout=120)
    if check:
        assert done.returncode == 0, done.stderr
    return done


class Elements(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.found = []

    def handle_starttag(self, tag, attributes):
        self.found.append((tag, dict(attributes)))


@pytest.fixture(scope="module")
def site(wasm_dir, tmp_path_factory):
    directory = tmp_path_factory.mktemp("live") / "strike"
    done = export(
        "strikethrough-reveal", "--live", "--param", f"text={TEXT}", "--param", "line_color=#8A8F98", "--at", "1.2:done=false",
        "--wasm", os.path.join(wasm_dir, "Strike.wasm"), "-o", str(directory),
    )
    assert done.stderr.startswith(f"effect-host: wrote {directory}/index.html, snippet.html, effect-host.js, line-breaks.js, ")
    assert "serve the directory over HTTP" in done.stderr
    return directory


def test_the_page_holds_the_params_and_events_in_the_command_lines_words(site):
    assert sorted(os.listdir(site)) == [
        "Strike.wasm", "effect-controls.js", "effect-host.js", "index.html", "line-breaks.js", "snippet.html",
    ]
    parser = Elements()
    parser.feed((site / "snippet.html").read_text())
    [player] = [attributes for tag, attributes in parser.found if tag == "effect-player"]
    assert player == {
        "id": "effect", "src": "Strike.wasm", "effect": "strikethrough-reveal",
        "params": json.dumps({"text": TEXT, "line_color": "#8A8F98FF"}, ensure_ascii=False, separators=(",", ":")),
        "schedule": '[[1.2,"done","false"]]', "style": "width: 432px; max-width: 100%",
    }
    assert (site / "Strike.wasm").read_bytes()[:4] == b"\0asm"
    assert (site / "effect-host.js").read_bytes() == (ROOT / "web/effect-host.js").read_bytes()
    page = (site / "index.html").read_text()
    assert (site / "snippet.html").read_text() in page
    assert '<form data-player="effect"' in page


@pytest.fixture(scope="module")
def page(site, wasm_dir):
    browser = Browser(1000, 800)
    with served(wasm_dir, site=str(site)) as url:
        opened = Page(browser, url + "/site/index.html")
        opened.wait("document.getElementById('effect')?.ready !== undefined")
        assert opened.evaluate(f"{PLAYER}.ready.then(() => true)") is True
        yield opened
        opened.close()
    browser.close()


def test_it_strikes_then_replays_the_event_and_takes_changes_from_script(page):
    # Struck by 0.32 s; the event undoes it at 1.2 s, over 0.32 s more.
    page.evaluate(SLEEP % 800)
    assert page.evaluate(f"{PLAYER}.instance.get('text')") == TEXT
    assert page.evaluate(f"{PLAYER}.getAttribute('aria-label')") == TEXT
    struck = page.evaluate(LINE)
    assert struck["line"] > 100
    page.evaluate(SLEEP % 1200)
    assert page.evaluate(f"{PLAYER}.instance.sample({PLAYER}.player.time).amount") == 0
    assert page.evaluate(LINE)["line"] < struck["line"] / 10
    # The page's script sets done: the strike comes back, from the current time.
    page.evaluate(f"{PLAYER}.setAttribute('done', 'true')")
    page.evaluate(SLEEP % 600)
    assert page.evaluate(LINE)["line"] > 100
    # A longer text: the next frames are wider.
    page.evaluate(f"{PLAYER}.setAttribute('text', 'Ship the component, then write its documentation')")
    page.evaluate(SLEEP % 200)
    assert page.evaluate(LINE)["width"] > struck["width"] * 1.5
    # Replay: from the start, with the schedule's event again.
    page.evaluate("document.querySelector('form button').click()")
    page.evaluate(SLEEP % 700)
    assert page.evaluate(f"{PLAYER}.instance.sample({PLAYER}.player.time).amount") == 1
    page.evaluate(SLEEP % 1200)
    assert page.evaluate(f"{PLAYER}.instance.sample({PLAYER}.player.time).amount") == 0


def test_the_form_has_a_control_for_every_param(page):
    controls = page.evaluate(
        "[...document.querySelectorAll('form label')].map((l) => [l.textContent, document.getElementById(l.htmlFor).type])"
    )
    assert controls == [
        ["text", "textarea"], ["done", "checkbox"], ["duration", "number"], ["fade", "number"], ["tick", "checkbox"],
        ["progress", "number"], ["line_color", "color"], ["color", "color"], ["reduce_motion", "checkbox"],
    ]


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--theme", "dark"], "a --live page draws the look of the reader's colour scheme as it changes: it takes no --theme"),
        (["--fps", "30"], "--fps does not apply to a --live page, which runs the effect itself on the browser's frames"),
        (["--font", "DejaVu Sans"], "--font does not apply to a --live page, which draws in the browser's fonts"),
        (["--name", "x"], "--name names the CSS page's classes and stylesheet; a Lottie file is named by -o, a --live page has none"),
    ],
)
def test_options_a_live_page_has_no_use_for_are_refused(tmp_path, arguments, message):
    done = export("strikethrough-reveal", "--live", *arguments, "-o", str(tmp_path / "out"), check=False)
    assert (done.returncode, done.stderr.splitlines()[0]) == (2, f"effect-host: {message}")
    assert not (tmp_path / "out").exists()


def test_a_plugin_without_a_webassembly_build_is_one_line(tmp_path):
    done = export("strikethrough-reveal", "--live", "--wasm", str(tmp_path / "none.wasm"), "-o", str(tmp_path / "out"), check=False)
    assert done.returncode == 1
    assert done.stderr == f"effect-host: cannot read the WebAssembly build {tmp_path}/none.wasm\n"
    assert not (tmp_path / "out").exists()
