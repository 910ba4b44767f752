"""A local server for the web host's test pages and headless Chromium driving
them over DevTools (with scripts on, as a page using effect-host.js runs).

Every response carries `Content-Security-Policy: script-src 'self'
'wasm-unsafe-eval'`, the policy web/effect-host.js promises to work under
(no 'unsafe-eval'), so every test that loads a page checks it too."""

import contextlib
import functools
import http.server
import os
import sys
import threading
import time

from web_harness import ROOT

sys.path.insert(0, os.path.join(ROOT, "Tests", "Browser"))
from devtools import Browser

CSP = "script-src 'self' 'wasm-unsafe-eval'"
TYPES = {".js": "text/javascript", ".mjs": "text/javascript", ".wasm": "application/wasm", ".html": "text/html; charset=utf-8"}
# The font files effect-host render finds through fontconfig for Inter and its fallbacks here.
FONT_FILES = [
    "/usr/share/fonts/opentype/inter/Inter-Regular.otf", "/usr/share/fonts/opentype/inter/Inter-Medium.otf",
    "/usr/share/fonts/opentype/inter/Inter-SemiBold.otf", "/usr/share/fonts/opentype/inter/Inter-Bold.otf",
    "/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf", "/usr/share/fonts/truetype/noto/NotoSans-Bold.ttf",
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
    "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc", "/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc",
]


class Handler(http.server.BaseHTTPRequestHandler):
    """/web/ the repository's web/, /page/ Tests/Web/page/, /wasm/ the plugins, /fonts/ the font files,
    /site/ a directory an export wrote."""

    def __init__(self, *arguments, roots, **keywords):
        self.roots = roots
        super().__init__(*arguments, **keywords)

    def do_GET(self):
        prefix, _, name = self.path.split("?")[0].lstrip("/").partition("/")
        directory = self.roots.get(prefix)
        path = os.path.join(directory, name) if directory and name and "/" not in name and not name.startswith(".") else None
        if prefix == "fonts":
            path = next((f for f in FONT_FILES if os.path.basename(f) == name), None)
        if path is None or not os.path.isfile(path):
            self.send_error(404)
            return
        with open(path, "rb") as file:
            body = file.read()
        self.send_response(200)
        self.send_header("Content-Type", TYPES.get(os.path.splitext(path)[1], "application/octet-stream"))
        self.send_header("Content-Security-Policy", self.server.csp)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *arguments):
        pass


@contextlib.contextmanager
def served(wasm_dir, csp=CSP, web=None, site=None):
    """The server on a free port, until the block ends: its base URL. `web`: the directory
    served as /web/ (scripts/build-web's output, say), the repository's web/ unless given;
    `site`: a directory an export wrote, served as /site/."""
    roots = {"web": web or os.path.join(ROOT, "web"), "page": os.path.join(ROOT, "Tests", "Web", "page"), "wasm": wasm_dir, "site": site}
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, roots=roots))
    server.csp = csp
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


class Page:
    """A tab with a page open, its script run by evaluate()."""

    def __init__(self, browser, url, width=1000, height=800, media=(), scale=1):
        self.browser = browser
        self.target = browser.call("Target.createTarget", url="about:blank")["targetId"]
        self.session = browser.call("Target.attachToTarget", targetId=self.target, flatten=True)["sessionId"]
        self.call("Emulation.setDeviceMetricsOverride", width=width, height=height, deviceScaleFactor=scale, mobile=False)
        if media:
            self.call("Emulation.setEmulatedMedia", features=[{"name": n, "value": v} for n, v in media])
        self.call("Runtime.enable")
        self.call("Page.enable")
        self.call("Page.navigate", url=url)

    def call(self, method, **params):
        return self.browser.call(method, self.session, **params)

    def evaluate(self, expression):
        """The value of `expression` (awaited), or AssertionError with the page's exception."""
        answer = self.call("Runtime.evaluate", expression=expression, awaitPromise=True, returnByValue=True)
        if "exceptionDetails" in answer:
            details = answer["exceptionDetails"]
            raise AssertionError(details.get("exception", {}).get("description") or details.get("text"))
        return answer["result"].get("value")

    def wait(self, expression, seconds=30):
        deadline = time.monotonic() + seconds
        while not self.evaluate(expression):
            if time.monotonic() > deadline:
                errors = [e for e in self.browser.events if e.get("method") in ("Runtime.exceptionThrown", "Runtime.consoleAPICalled")]
                raise AssertionError(f"the page never had {expression}: {errors[-5:]}")
            time.sleep(0.05)

    def close(self):
        self.browser.call("Target.closeTarget", targetId=self.target)


__all__ = ["Browser", "Page", "served"]
