"""What the studio answers, apart from HTTP: the effects and their
metadata, scenes and their frames, downloads made by the host, and the
plugin builds when it watches."""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .. import _host, _library
from .._library import Effect, Param
from ..errors import EffectError
from .commands import commands, number
from .plugins import Builds
from .scene import DRAWING, TIMELINE_MAX, Refused, Request, Scene, scene

#: The longest timeline the page may ask for, in seconds: its plot is
#: sampled at most PLOT_POINTS times whatever the length.
MAX_LENGTH = TIMELINE_MAX

#: The longest a download may play, in seconds (its events included): a
#: page's mistake or a hostile request does not render for hours.
DOWNLOAD_SECONDS_MAX = 600.0

#: Scenes kept for frames; an older one asked for again is made again.
SCENES_KEPT = 32

#: What the page may download, by the format it names: the file's
#: extension, and how the host makes it.
DOWNLOADS = {
    "png": ".png", "gif": ".gif", "mp4": ".mp4", "webm": ".webm", "apng": ".apng", "html": ".html", "lottie": ".json",
}


def param_json(param: Param) -> dict[str, Any]:
    return {
        "name": param.name, "type": param.type, "default": param.default, "min": param.min, "max": param.max, "unit": param.unit,
        "doc": param.doc, "live": param.live, "optional": param.optional, "multiline": param.multiline, "choices": list(param.choices),
    }


def effect_json(effect: Effect) -> dict[str, Any]:
    return {
        "id": effect.id, "name": effect.name, "summary": effect.summary, "credit": effect.credit, "timing_doc": effect.timing_doc,
        "plugin": {"id": effect.plugin.id, "version": effect.plugin.version, "path": effect.plugin.path},
        "params": [param_json(param) for param in effect.params],
        "channels": [{"name": c.name, "unit": c.unit, "doc": c.doc, "min": c.min, "max": c.max, "labels": list(c.labels)} for c in effect.channels],
    }


class Busy(Refused):
    """Asked while the one thing of its kind is being done."""


@dataclass
class Download:
    name: str
    path: str
    #: What the host said as it made it (a Lottie file's approximations).
    notes: list[str] = field(default_factory=list)


class Workbench:
    def __init__(self, builds: Builds, plugin_paths: list[str], output_dir: str | None, first: str | None) -> None:
        self.builds = builds
        self.plugin_paths = plugin_paths
        self.first = first
        self._own_output = output_dir is None
        self.output_dir = output_dir if output_dir is not None else tempfile.mkdtemp(prefix="effect-studio-")
        self._scenes: OrderedDict[str, Scene] = OrderedDict()
        self._downloads: dict[str, Download] = {}
        self._lock = threading.Lock()
        self._making: dict[str, threading.Lock] = {}
        self._downloading = threading.Lock()

    # ---- Reads ---------------------------------------------------------------

    def catalog(self) -> dict[str, Any]:
        effects = self.builds.effects()
        return {
            "generation": self.builds.generation,
            "effects": [{"id": e.id, "name": e.name, "summary": e.summary, "plugin": e.plugin.id, "path": e.plugin.path} for e in effects],
            "problems": [{"path": path, "reason": reason} for path, reason in self.builds.problems()],
            "searched": self.builds.searched,
            "first": self.first if self.first is not None else (effects[0].id if effects else None),
            "look": {
                "width": {"min": _host.LOOK_WIDTH_MIN, "max": _host.LOOK_WIDTH_MAX, "default": _host.LOOK_WIDTH_DEFAULT},
                "scale": _host.SCALE_DEFAULT, "themes": list(_host.APPEARANCES),
            },
        }

    def status(self) -> dict[str, Any]:
        return {
            "generation": self.builds.generation,
            "problems": [{"path": path, "reason": reason} for path, reason in self.builds.problems()],
        }

    def effect(self, id: str) -> Effect:
        found = self.builds.effect(id)
        if found is None:
            raise Refused(unknown_effect(id, self.builds))
        return found

    def describe(self, id: str) -> dict[str, Any]:
        effect = self.effect(id)
        return {**effect_json(effect), "source": self.builds.source(effect)}

    # ---- Scenes ----------------------------------------------------------------

    def make_scene(self, raw: Any) -> tuple[str, Scene]:
        request = Request.read(raw)
        key = hashlib.sha256(json.dumps([request.effect, request.params, request.events, request.look.__dict__,
                                         self.builds.generation]).encode()).hexdigest()[:24]
        # A change asks for its frame and its scene at once: one makes it, the
        # other waits for it; other scenes are made meanwhile.
        with self._lock:
            making = self._making.setdefault(key, threading.Lock())
        with making:
            with self._lock:
                kept = self._scenes.get(key)
                if kept is not None:
                    self._scenes.move_to_end(key)
                    return key, kept
            try:
                made = scene(self.effect(request.effect), request, self.builds.generation)
            finally:
                with self._lock:
                    self._making.pop(key, None)
            with self._lock:
                self._scenes[key] = made
                while len(self._scenes) > SCENES_KEPT:
                    self._scenes.popitem(last=False)
        return key, made

    def scene_json(self, raw: Any) -> dict[str, Any]:
        key, made = self.make_scene(raw)
        t = raw.get("t", 0.0) if isinstance(raw, dict) else 0.0
        length = raw.get("length") if isinstance(raw, dict) else None
        if length is not None and (isinstance(length, bool) or not isinstance(length, (int, float))
                                   or not 0 < length <= MAX_LENGTH):
            raise Refused(f"length is a timeline's seconds, more than 0 and at most {MAX_LENGTH:g}, not {length!r}")
        answer = {"scene": key, **made.summary(None if length is None else float(length))}
        answer["commands"] = commands(made.request, _time(t), self.plugin_paths)
        return answer

    def scene(self, key: str) -> Scene:
        with self._lock:
            found = self._scenes.get(key)
        if found is None:
            raise LookupError(key)
        return found

    # ---- Downloads -------------------------------------------------------------

    def download(self, raw: Any, cancel: Callable[[], bool] | None = None) -> Download:
        """A file the host makes of the request, one at a time; ``cancel``
        says when nobody waits for it any more."""
        if not isinstance(raw, dict):
            raise Refused("the request is a JSON object")
        kind = raw.get("format")
        if kind not in DOWNLOADS:
            raise Refused(f"format is one of {', '.join(DOWNLOADS)}, not {kind!r}")
        if not self._downloading.acquire(blocking=False):
            raise Busy("another download is being made: ask again when it is done")
        try:
            return self._download(raw, kind, cancel)
        finally:
            self._downloading.release()

    def _download(self, raw: dict[str, Any], kind: str, cancel: Callable[[], bool] | None) -> Download:
        _, made = self.make_scene(raw)
        look = made.request.look
        if kind != "png" and made.instance.span > DOWNLOAD_SECONDS_MAX:
            raise Refused(f"the studio downloads at most {DOWNLOAD_SECONDS_MAX:g} s; this plays for {made.instance.span:g} s "
                          "(its latest event included): copy the command instead")
        with self._lock:
            name = self._free_name(made.request.effect, DOWNLOADS[kind])
            path = os.path.join(self.output_dir, name)
            # Claimed before the host writes it, so two downloads never share a name.
            self._downloads[name] = Download(name, path)
        try:
            if kind == "lottie":
                with DRAWING:
                    notes = made.instance.export(path, appearance=look.theme, width=look.width, font=look.font or None)
            else:
                # A transparent ground is the page's checkerboard: a still keeps
                # it, and the other formats take the host's default for theirs.
                ground = look.ground if look.ground != "transparent" or kind in ("png", "apng", "webm") else None
                time = _time(raw.get("t", 0.0)) if kind == "png" else None
                # A web page draws at the reader's resolution: no scale or size.
                scale = None if kind == "html" or look.pixels is not None else look.scale
                size = None if kind == "html" else look.pixels
                with DRAWING:
                    notes = made.instance.render(path, time=time, scale=scale, size=size, appearance=look.theme,
                                                 width=look.width, font=look.font or None, ground=ground, cancel=cancel)
        except EffectError as error:
            with self._lock:
                del self._downloads[name]
            raise Refused(error.message) from None
        made_file = self._downloads[name]
        made_file.notes = list(notes)
        return made_file

    def _free_name(self, effect: str, extension: str) -> str:
        index = 1
        while True:
            name = f"{effect}-{index}{extension}"
            if name not in self._downloads and not os.path.lexists(os.path.join(self.output_dir, name)):
                return name
            index += 1

    def downloaded(self, name: str) -> Download | None:
        """A file the studio made, by the name it gave it; nothing else."""
        with self._lock:
            return self._downloads.get(name)

    def close(self) -> None:
        self.builds.close()
        if self._own_output:
            import shutil

            shutil.rmtree(self.output_dir, ignore_errors=True)


def unknown_effect(id: str, builds: Builds) -> str:
    """The host's words for an id no plugin has: its nearest and every id."""
    ids = [effect.id for effect in builds.effects()]
    if not ids:
        return f"no effect '{id}': no plugin found (searched {', '.join(builds.searched) or 'nowhere'})"
    return f"no effect '{id}'{_library._hint(id, ids)}"


def _time(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not (0 <= float(value) < 1e9):
        raise Refused(f"t is a time in seconds >= 0, not {value!r}")
    return float(value)


__all__ = ["Workbench", "effect_json", "number"]
