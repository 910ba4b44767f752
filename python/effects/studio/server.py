"""The studio's HTTP server: Python's own http.server, on loopback, every
request checked by the guard before anything else runs.

Fixed routes only: nothing maps a request's path onto the file system.
"""

from __future__ import annotations

import html
import json
import math
import re
import select
import socket
import sys
import threading
import urllib.parse
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from typing import Any

from ..errors import EffectError
from .guard import Guard
from .scene import Refused, Scene
from .workbench import Busy, Workbench

#: The largest request body the studio reads: a scene with long texts.
BODY_LIMIT = 1 << 20

PAGE_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; connect-src 'self'; "
        "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}

#: The page's own files, which hold no secret: served without the token
#: (the page's HTML asks for them by plain URLs), still behind the Host check.
ASSETS = {
    "/studio.js": ("studio.js", "text/javascript; charset=utf-8"),
    "/studio.css": ("studio.css", "text/css; charset=utf-8"),
}


def _asset(name: str) -> bytes:
    return resources.files(__package__).joinpath("page", name).read_bytes()


class Server(ThreadingHTTPServer):
    daemon_threads = True
    block_on_close = False

    def __init__(self, address: tuple[str, int], workbench: Workbench, guard_for: Any) -> None:
        family = socket.AF_INET6 if ":" in address[0] else socket.AF_INET
        self.address_family = family
        super().__init__(address, Handler)
        self.workbench = workbench
        self.guard: Guard = guard_for(str(self.server_address[0]), int(self.server_address[1]))

    def handle_error(self, request: Any, client_address: Any) -> None:
        # A browser that closes a connection mid-answer is not the studio's
        # failure; anything else is said in one line, and the server goes on.
        error = sys.exc_info()[1]
        if isinstance(error, (ConnectionError, TimeoutError)):
            return
        say(f"a request failed: {type(error).__name__}: {error}")


class Handler(BaseHTTPRequestHandler):
    server: Server
    protocol_version = "HTTP/1.1"
    # Without it, a small body sent after its headers waits for the
    # browser's delayed ACK: 40 ms or more on every frame.
    disable_nagle_algorithm = True
    # A client that stops sending holds a thread no longer than this.
    timeout = 30
    server_version = "effect-host-studio"
    sys_version = ""

    def log_message(self, format: str, *args: Any) -> None:
        pass

    # ---- Answers -------------------------------------------------------------

    def _send(self, status: int, body: bytes, kind: str, extra: dict[str, str] | None = None) -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        for name, value in {**PAGE_HEADERS, **(extra or {})}.items():
            self.send_header(name, value)
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def _json(self, value: Any, status: int = 200) -> None:
        self._send(status, json.dumps(_finite(value), allow_nan=False).encode("utf-8"), "application/json")

    def _refuse(self, status: int, message: str) -> None:
        self._json({"error": message}, status)

    # ---- Checks ------------------------------------------------------------------

    def _query(self) -> tuple[str, dict[str, str]]:
        parts = urllib.parse.urlsplit(self.path)
        query = {name: values[-1] for name, values in urllib.parse.parse_qs(parts.query, keep_blank_values=True).items()}
        return parts.path, query

    def _allowed(self, route: str, query: dict[str, str]) -> bool:
        """Whether the request passes the guard, judged on its headers alone
        (a POST's body is read only after): else it is answered 403 here."""
        guard = self.server.guard
        doubled = [name for name in ("Host", "Origin", "Content-Type") if len(self.headers.get_all(name) or []) > 1]
        problem = f"the request has more than one {doubled[0]} header" if doubled else None
        host = self.headers.get("Host")
        if problem is None:
            problem = guard.host_problem(host)
        if problem is None and route not in ASSETS and route != "/favicon.ico":
            problem = guard.token_problem(query.get("token"))
        if problem is None and self.command == "POST":
            problem = guard.change_problem(host or "", self.headers.get("Origin"), self.headers.get("Sec-Fetch-Site"),
                                           self.headers.get("Content-Type", ""))
        if problem is not None:
            # A refused POST's body is not read: the connection cannot go on.
            self.close_connection = self.command == "POST"
            if route == "/" and self.command == "GET":
                # A person at the address without its token: a page that says so.
                page = f"<!doctype html><meta charset=utf-8><title>effect-host studio</title><p>{html.escape(problem)}.</p>"
                self._send(HTTPStatus.FORBIDDEN, page.encode("utf-8"), "text/html; charset=utf-8")
            else:
                self._refuse(HTTPStatus.FORBIDDEN, problem)
            return False
        return True

    def _body(self) -> Any:
        length = self.headers.get("Content-Length", "")
        if not re.fullmatch(r"[0-9]{1,9}", length):
            raise Refused("a change needs a Content-Length in bytes")
        if int(length) > BODY_LIMIT:
            raise Refused(f"the request is {length} bytes; the studio reads at most {BODY_LIMIT}")
        try:
            return json.loads(self.rfile.read(int(length)), parse_constant=_no_constant)
        except (ValueError, UnicodeDecodeError, RecursionError) as error:
            raise Refused(f"the request is not JSON: {str(error)[:200]}") from None

    def _client_left(self) -> bool:
        """Whether the browser closed the connection: a download it no longer
        waits for is stopped (the host leaves nothing under its name)."""
        try:
            readable, _, _ = select.select([self.connection], [], [], 0)
            return bool(readable) and self.connection.recv(1, socket.MSG_PEEK) == b""
        except OSError:
            return True

    # ---- Routes --------------------------------------------------------------------

    def do_GET(self) -> None:
        route, query = self._query()
        if not self._allowed(route, query):
            return
        self._answer(lambda: self._get(route, query))

    def do_HEAD(self) -> None:
        self.do_GET()

    def do_POST(self) -> None:
        route, query = self._query()
        # Judged on its headers first: nobody the guard refuses makes the
        # studio read (or wait for) a body.
        if not self._allowed(route, query):
            return
        try:
            body = self._body()
        except Refused as refused:
            self.close_connection = True
            self._refuse(HTTPStatus.BAD_REQUEST, str(refused))
            return
        self._answer(lambda: self._post(route, body))

    def _answer(self, work: Any) -> None:
        try:
            work()
        except (ConnectionError, TimeoutError):
            # The browser left (a newer frame asked for, the tab closed): nobody to answer.
            raise
        except Busy as busy:
            self._refuse(HTTPStatus.CONFLICT, str(busy))
        except Refused as refused:
            self._refuse(HTTPStatus.BAD_REQUEST, str(refused))
        except EffectError as error:
            self._refuse(HTTPStatus.UNPROCESSABLE_ENTITY, error.message)
        except LookupError:
            self._refuse(HTTPStatus.NOT_FOUND, "no such scene: the page asks again")
        except Exception as error:  # one request's failure is said, and the studio goes on
            say(f"{self.command} {self.path.split('?')[0]} failed: {type(error).__name__}: {error}")
            self._refuse(HTTPStatus.INTERNAL_SERVER_ERROR, f"the studio failed: {type(error).__name__}: {error}")

    def _get(self, route: str, query: dict[str, str]) -> None:
        bench = self.server.workbench
        if route == "/":
            self._send(200, _asset("index.html"), "text/html; charset=utf-8")
        elif route in ASSETS:
            name, kind = ASSETS[route]
            self._send(200, _asset(name), kind)
        elif route == "/api/effects":
            self._json(bench.catalog())
        elif route == "/api/effect":
            self._json(bench.describe(query.get("id", "")))
        elif route == "/api/status":
            self._json(bench.status())
        elif route == "/api/frame":
            self._frame(bench.scene(query.get("scene", "")), _seconds(query.get("t", "")))
        elif route == "/api/download":
            found = bench.downloaded(query.get("name", ""))
            if found is None:
                self._refuse(HTTPStatus.NOT_FOUND, "no such download")
                return
            with open(found.path, "rb") as file:
                data = file.read()
            self._send(200, data, "application/octet-stream",
                       {"Content-Disposition": f"attachment; filename=\"{found.name}\""})
        else:
            self._refuse(HTTPStatus.NOT_FOUND, f"no such page: {route}")

    def _frame(self, made: Scene, t: float) -> None:
        """The frame as PNG, with what the host said of its fonts (a family
        not installed, characters no font has) as X-Studio-Notes."""
        png, notes = made.frame(t)
        self._send(200, png, "image/png", {"X-Studio-Notes": urllib.parse.quote(json.dumps(notes))})

    def _post(self, route: str, body: Any) -> None:
        bench = self.server.workbench
        if route == "/api/scene":
            self._json(bench.scene_json(body))
        elif route == "/api/frame":
            _, made = bench.make_scene(body)
            self._frame(made, _seconds(str(body.get("t", ""))))
        elif route == "/api/download":
            download = bench.download(body, cancel=self._client_left)
            self._json({"name": download.name, "url": "api/download?" + urllib.parse.urlencode({"name": download.name}),
                        "path": download.path, "notes": download.notes})
        else:
            self._refuse(HTTPStatus.NOT_FOUND, f"no such request: {route}")


def say(message: str) -> None:
    """One line on stderr, in one write: threads' lines never run together."""
    sys.stderr.write(f"effect-host studio: {message}\n")
    sys.stderr.flush()


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON has")


def _finite(value: Any) -> Any:
    """JSON has no infinity: a channel unbounded on a side says null there."""
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, dict):
        return {key: _finite(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_finite(item) for item in value]
    return value


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise Refused(f"t is a time in seconds, not {text!r}") from None
    if not math.isfinite(value) or value < 0:
        raise Refused(f"t is a time in seconds >= 0, not {text!r}")
    return value


def watch(server: Server, interval: float, stop: threading.Event) -> threading.Thread:
    """Looks for rebuilt plugin files every ``interval`` seconds."""

    def run() -> None:
        while not stop.wait(interval):
            try:
                server.workbench.builds.look()
            except Exception as error:  # the watch must outlive a bad build
                say(f"watching the plugins failed: {error}")

    thread = threading.Thread(target=run, name="studio-watch", daemon=True)
    thread.start()
    return thread
