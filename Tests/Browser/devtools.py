"""Headless Chromium driven through its DevTools protocol over a pipe
(--remote-debugging-pipe: JSON messages ended by NUL on fds 3 and 4), so the
tests need no WebSocket library and no port. Only the DOM, CSS, Animation,
Emulation and Page domains are used: the pages under test run with their
scripts disabled, and nothing here evaluates script in them.
"""

import base64
import contextlib
import json
import os
import select
import shutil
import subprocess


def chromium_path():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


class DevToolsError(RuntimeError):
    pass


class Browser:
    def __init__(self, width=900, height=700, timeout=60):
        path = chromium_path()
        if path is None:
            raise DevToolsError("no chromium on PATH: scripts/test installs Debian's chromium package")
        self.timeout = timeout
        to_browser_read, self._to_browser = os.pipe()
        self._from_browser, from_browser_write = os.pipe()

        def give_pipes():
            # The browser reads commands on fd 3 and writes answers on fd 4.
            for source, target in ((to_browser_read, 3), (from_browser_write, 4)):
                if source == target:
                    os.set_inheritable(target, True)
                else:
                    os.dup2(source, target, inheritable=True)

        assert to_browser_read != 4 and from_browser_write != 3
        self.process = subprocess.Popen(
            [
                path, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
                "--disable-extensions", "--remote-debugging-pipe", "--force-device-scale-factor=1",
                f"--window-size={width},{height}", "about:blank",
            ],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            # Chromium wants the pipe on fds 3 and 4 exactly, which only a child-side dup2 gives.
            close_fds=False, preexec_fn=give_pipes,  # noqa: PLW1509
        )
        os.close(to_browser_read)
        os.close(from_browser_write)
        self._buffer = b""
        self._next_id = 0
        self.events = []

    def _read(self):
        while b"\0" not in self._buffer:
            ready, _, _ = select.select([self._from_browser], [], [], self.timeout)
            if not ready:
                raise DevToolsError(f"chromium did not answer within {self.timeout} s")
            chunk = os.read(self._from_browser, 1 << 16)
            if not chunk:
                raise DevToolsError("chromium closed its DevTools pipe")
            self._buffer += chunk
        message, self._buffer = self._buffer.split(b"\0", 1)
        return json.loads(message)

    def call(self, method, session=None, **params):
        """Sends a command and returns its result; events that arrive first are kept."""
        self._next_id += 1
        message = {"id": self._next_id, "method": method, "params": params}
        if session:
            message["sessionId"] = session
        os.write(self._to_browser, json.dumps(message).encode() + b"\0")
        while True:
            answer = self._read()
            if answer.get("id") == self._next_id:
                if "error" in answer:
                    raise DevToolsError(f"{method}: {answer['error'].get('message')}")
                return answer["result"]
            self.events.append(answer)

    def wait_for(self, method):
        for index, event in enumerate(self.events):
            if event.get("method") == method:
                return self.events.pop(index)
        while True:
            event = self._read()
            if event.get("method") == method:
                return event
            self.events.append(event)

    def close(self):
        with contextlib.suppress(DevToolsError):
            self.call("Browser.close")
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        os.close(self._to_browser)
        os.close(self._from_browser)


class FrozenPage:
    """A page in a tab of its own, loaded with scripts disabled and every CSS
    animation frozen at time 0, so `seek(t)` shows the page exactly as it is
    t seconds after load. Use it in a with statement: it closes its tab."""

    def __init__(self, browser, url, media=(), width=1000, height=800):
        self.browser = browser
        self.target = browser.call("Target.createTarget", url="about:blank")["targetId"]
        self.session = browser.call("Target.attachToTarget", targetId=self.target, flatten=True)["sessionId"]
        self.page("Emulation.setScriptExecutionDisabled", value=True)
        self.page("Emulation.setDeviceMetricsOverride", width=width, height=height, deviceScaleFactor=1, mobile=False)
        self.page("Emulation.setEmulatedMedia", media="screen", features=[{"name": n, "value": v} for n, v in media])
        for domain in ("DOM", "CSS", "Animation", "Page"):
            self.page(f"{domain}.enable")
        self.page("Animation.setPlaybackRate", playbackRate=0)
        browser.events.clear()
        self.page("Page.navigate", url=url)
        browser.wait_for("Page.loadEventFired")
        # A painted frame: every animation the page has has started by then.
        self.page("Page.captureScreenshot", format="png")
        self.root = self.page("DOM.getDocument", depth=-1)["root"]["nodeId"]
        self.animations = [
            e["params"]["animation"]["id"]
            for e in browser.events
            if e.get("method") == "Animation.animationStarted" and e.get("sessionId") == self.session
        ]

    def page(self, method, **params):
        return self.browser.call(method, self.session, **params)

    def __enter__(self):
        return self

    def __exit__(self, *exception):
        self.browser.call("Target.closeTarget", targetId=self.target)

    def seek(self, t):
        if self.animations:
            self.page("Animation.seekAnimations", animations=self.animations, currentTime=t * 1000)

    def select(self, selector):
        return self.page("DOM.querySelectorAll", nodeId=self.root, selector=selector)["nodeIds"]

    def one(self, selector):
        nodes = self.select(selector)
        assert len(nodes) == 1, f"{selector}: {len(nodes)} nodes"
        return nodes[0]

    def attributes(self, node):
        flat = self.page("DOM.getAttributes", nodeId=node)["attributes"]
        return dict(zip(flat[::2], flat[1::2]))

    def style(self, node):
        answer = self.page("CSS.getComputedStyleForNode", nodeId=node)["computedStyle"]
        return {p["name"]: p["value"] for p in answer}

    def quad(self, node):
        """The element's border box in page pixels, four corners clockwise from top left."""
        q = self.page("DOM.getBoxModel", nodeId=node)["model"]["border"]
        return [(q[i], q[i + 1]) for i in range(0, 8, 2)]

    def text(self, node):
        html = self.page("DOM.getOuterHTML", nodeId=node)["outerHTML"]
        return html

    def screenshot(self, x, y, width, height):
        data = self.page(
            "Page.captureScreenshot", format="png", clip={"x": x, "y": y, "width": width, "height": height, "scale": 1}
        )["data"]
        return base64.b64decode(data)
