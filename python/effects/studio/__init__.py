"""A local page to look at and tune any effect: controls made from its
params, a timeline with events, the host's own frames, and the command
lines and files that make what is on screen (``effect-host studio``)."""

from __future__ import annotations

import os
import signal
import sys
import threading
import warnings
from collections.abc import Callable
from typing import TextIO

from ..errors import EffectNote, PluginLoadWarning
from .guard import Guard, is_loopback, new_token
from .plugins import Builds
from .scene import Refused
from .server import Server, watch
from .workbench import Workbench, unknown_effect

__all__ = ["Refused", "Studio", "serve"]

#: How often a watching studio looks at the plugin files, in seconds.
WATCH_INTERVAL = 0.25


class Studio:
    """A studio serving on ``host``:``port`` (0: a free port), until ``close``."""

    def __init__(
        self, effect: str | None = None, plugin_paths: list[str] | None = None, host: str = "127.0.0.1", port: int = 0,
        output_dir: str | None = None, watch_plugins: bool = False, allow_unsafe: bool = False,
    ) -> None:
        # Absolute: the command lines the page copies work from any directory.
        paths = [os.path.abspath(path) for path in plugin_paths or []]
        builds = Builds.scan(paths, allow_unsafe)
        if effect is not None and builds.effect(effect) is None:
            builds.close()
            raise Refused(unknown_effect(effect, builds))
        self.token = new_token()
        self.workbench = Workbench(builds, paths, None if output_dir is None else os.path.abspath(output_dir), effect)
        try:
            # The address as bound ("[::1]" written as a URL writes it): judged once resolved.
            self.server = Server((host.strip("[]"), port), self.workbench,
                                 lambda address, bound: Guard(self.token, bound, is_loopback(address), address))
        except BaseException:
            self.workbench.close()
            raise
        self.loopback = is_loopback(str(self.server.server_address[0]))
        self._stop = threading.Event()
        self._watch = watch(self.server, WATCH_INTERVAL, self._stop) if watch_plugins else None
        self._thread: threading.Thread | None = None

    @property
    def port(self) -> int:
        return int(self.server.server_address[1])

    @property
    def url(self) -> str:
        """The page's address with its token (for a wildcard address, this
        machine's loopback one)."""
        address = str(self.server.server_address[0])
        if address in ("0.0.0.0", "::"):
            address = "127.0.0.1" if address == "0.0.0.0" else "::1"
        shown = f"[{address}]" if ":" in address else address
        return f"http://{shown}:{self.port}/?token={self.token}"

    def start(self) -> None:
        """Serves on a thread of its own."""
        self._thread = threading.Thread(target=self.server.serve_forever, name="studio", daemon=True)
        self._thread.start()

    def close(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self.server.shutdown()
        self.server.server_close()
        self.workbench.close()


def serve(
    effect: str | None = None, plugin_paths: list[str] | None = None, host: str = "127.0.0.1", port: int = 0,
    output_dir: str | None = None, watch_plugins: bool = False, allow_unsafe: bool = False, say: TextIO = sys.stdout,
    ready: Callable[[Studio], None] | None = None,
) -> None:
    """Serves the studio until interrupted (SIGINT or SIGTERM)."""
    # The page shows an effect's notes and the files skipped; a skipped
    # file is said here once, in one line, rather than as a Python warning.
    warnings.simplefilter("ignore", EffectNote)
    warnings.simplefilter("ignore", PluginLoadWarning)
    studio = Studio(effect, plugin_paths, host, port, output_dir, watch_plugins, allow_unsafe)
    for signum in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(signum, _interrupt)
    for path, reason in studio.workbench.builds.problems():
        print(f"effect-host studio: skipped {path}: {reason}", file=sys.stderr)
    print(f"effect-host studio: open {studio.url}", file=say)
    if not studio.loopback:
        print(f"effect-host studio: warning: listening on {host}, beyond this machine: anyone who can reach it "
              "with the token can load and run plugins here", file=say)
    print(f"effect-host studio: downloads are written to {studio.workbench.output_dir}", file=say)
    if watch_plugins:
        files = len(studio.workbench.builds.builds)
        print(f"effect-host studio: watching {files} plugin file{'s' if files != 1 else ''} for new builds", file=say)
    say.flush()
    if ready is not None:
        ready(studio)
    try:
        studio.server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        studio.close()
    print("effect-host studio: stopped", file=say)



def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt
