"""`effect-host studio` under test: the real command, run hermetically, and
its page in headless Chromium with scripts on, driven over DevTools."""

import base64
import json
import os
import select
import signal
import subprocess
import sys
import time

import numpy as np

TESTS = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(TESTS, "Browser"))
sys.path.insert(0, os.path.join(TESTS, "Pictures"))
from devtools import Browser  # noqa: E402
from test_render_pictures import png  # noqa: E402

ROOT = os.path.dirname(TESTS)
BUILD = os.environ.get("EFFECT_TEST_BUILD_DIR", os.path.join(ROOT, ".build", "debug"))
HOST = os.path.join(BUILD, "effect-host")
EFFECTS = ["strikethrough-reveal", "tracking-breathe", "breathing-circles", "text-reveal"]


def environment(home, plugin_path=None):
    """What the studio runs with: nothing from the caller's environment but
    PATH; this interpreter (which has numpy) as the studio's Python."""
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(home), "XDG_CACHE_HOME": str(home / "cache"),
           "EFFECT_HOST_PYTHON": sys.executable, "LANG": "C.UTF-8"}
    if plugin_path is not None:
        env["EFFECT_PLUGIN_PATH"] = str(plugin_path)
    return env


class Studio:
    """`effect-host studio ARGS` until closed: its URL, token and port."""

    def __init__(self, home, *arguments, plugin_path=None):
        home.mkdir(parents=True, exist_ok=True)
        self.process = subprocess.Popen([HOST, "studio", *arguments], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                        env=environment(home, plugin_path), cwd=str(home), bufsize=0)
        self.lines = []
        self._partial = b""
        self.stderr = ""
        deadline = time.monotonic() + 60
        while not any(line.startswith("effect-host studio: open ") for line in self.lines):
            if not self._read(max(0.0, deadline - time.monotonic())):
                self.close()
                raise AssertionError(f"the studio did not start: {self.lines} {self.stderr}")
        self.url = next(line for line in self.lines if line.startswith("effect-host studio: open ")).split()[-1]
        self.token = self.url.split("token=")[1]
        self.port = int(self.url.split(":")[2].split("/")[0])

    def _read(self, timeout):
        """Reads what the studio printed within ``timeout`` seconds; False at its end."""
        if not select.select([self.process.stdout], [], [], timeout)[0]:
            return True
        chunk = os.read(self.process.stdout.fileno(), 65536)
        if not chunk:
            return False
        *complete, self._partial = (self._partial + chunk).split(b"\n")
        self.lines += [line.decode() for line in complete]
        return True

    def read_more(self, seconds=0.5):
        """Every line printed so far, waiting ``seconds`` for more."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline and self._read(max(0.0, deadline - time.monotonic())):
            pass
        return self.lines

    def close(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.stderr = self.process.stderr.read().decode()
        self.process.stdout.close()
        self.process.stderr.close()
        return self.process.returncode


class LivePage:
    """The studio's page in a tab of its own, scripts on."""

    def __init__(self, browser, url, width=1400, height=1000):
        self.browser = browser
        self.target = browser.call("Target.createTarget", url="about:blank")["targetId"]
        self.session = browser.call("Target.attachToTarget", targetId=self.target, flatten=True)["sessionId"]
        self.call("Emulation.setDeviceMetricsOverride", width=width, height=height, deviceScaleFactor=1, mobile=False)
        self.call("Page.enable")
        self.call("Runtime.enable")
        browser.events.clear()
        self.call("Page.navigate", url=url)
        browser.wait_for("Page.loadEventFired")
        self.js("new Promise((done) => { const wait = () => window.studio && studio.state.scene ? done() : setTimeout(wait, 20); wait(); })")
        self.idle()

    def call(self, method, **params):
        return self.browser.call(method, self.session, **params)

    def js(self, expression):
        """The value of a script run in the page (awaited when a promise)."""
        answer = self.call("Runtime.evaluate", expression=expression, awaitPromise=True, returnByValue=True)
        if "exceptionDetails" in answer:
            raise AssertionError(f"the page threw: {json.dumps(answer['exceptionDetails'])[:1500]}")
        return answer["result"].get("value")

    def idle(self):
        """Waits until no scene or frame is asked for."""
        self.js("studio.idle()")

    def errors(self):
        """Uncaught exceptions and console errors the page raised."""
        return [e for e in self.browser.events if e.get("sessionId") == self.session and (
            e.get("method") == "Runtime.exceptionThrown"
            or (e.get("method") == "Runtime.consoleAPICalled" and e["params"].get("type") == "error"))]

    def canvas(self):
        """The frame on screen as an (h, w, 4) RGBA array, read from the canvas."""
        text = self.js("""(() => { const c = document.getElementById('frame');
            const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
            let s = ''; for (let i = 0; i < d.length; i += 32768) s += String.fromCharCode.apply(null, d.subarray(i, i + 32768));
            return JSON.stringify([c.width, c.height, btoa(s)]); })()""")
        width, height, data = json.loads(text)
        return np.frombuffer(base64.b64decode(data), dtype=np.uint8).reshape(height, width, 4)

    def set_control(self, selector, value, event="input"):
        """Sets a control as a person would, and waits for the new frame."""
        self.js(f"""(() => {{ const e = document.querySelector({json.dumps(selector)});
            if (!e) throw new Error('no control ' + {json.dumps(selector)});
            if (e.type === 'checkbox') e.checked = {json.dumps(value)}; else e.value = {json.dumps(value)};
            e.dispatchEvent(new Event({json.dumps(event)}, {{bubbles: true}})); }})()""")
        self.idle()

    def click(self, selector):
        self.js(f"document.querySelector({json.dumps(selector)}).click()")
        self.idle()

    def seek(self, t):
        self.set_control("#scrubber", str(t))

    def opaque_white(self):
        """A white ground instead of the checkerboard: canvas values then
        compare exactly (no alpha to un-premultiply)."""
        self.js("document.getElementById('ground').value = '#ffffff'")
        self.set_control("#transparent", False)

    def close(self):
        self.browser.call("Target.closeTarget", targetId=self.target)


def render(tmp_path, effect, *arguments, name="render.png"):
    """`effect-host render` as a person types it, decoded."""
    out = tmp_path / name
    made = subprocess.run([HOST, "render", effect, *arguments, "-o", str(out)], capture_output=True, text=True,
                          env=environment(tmp_path))
    assert made.returncode == 0, made.stderr
    return png(str(out))


__all__ = ["EFFECTS", "HOST", "Browser", "LivePage", "Studio", "environment", "png", "render"]


#: The slider the latency measure moves in each bundled effect, its values, and the moment shown.
SLIDERS = {
    "strikethrough-reveal": ("fade", 0.05, 0.95, 0.16),
    "tracking-breathe": ("max_tracking", 2, 30, 1.5),
    "breathing-circles": ("radius", 20, 120, 2.0),
    "text-reveal": ("font_size", 20, 60, 0.4),
}


def slider_latencies(shown, effect, changes):
    """Moves the effect's slider `changes` times, one change after the
    frame of the last is drawn, and returns each change's milliseconds
    from the input event to its frame drawn in the page's canvas."""
    name, low, high, t = SLIDERS[effect]
    shown.seek(t)
    return shown.js(f"""(async () => {{
        const slider = document.querySelector('.row[data-param="{name}"] input[type=range]');
        const out = [];
        for (let i = 0; i < {changes}; i++) {{
            slider.value = String({low} + ({high} - {low}) * ((i * 7919) % {changes}) / {changes});
            const drawn = studio.frames;
            slider.dispatchEvent(new Event('input', {{bubbles: true}}));
            await studio.idle();
            if (studio.frames === drawn) throw new Error('change ' + i + ' drew no frame');
            out.push(studio.latencies[studio.latencies.length - 1]);
        }}
        return out; }})()""")


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]
