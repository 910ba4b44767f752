"""One thing the page shows: an effect, its params and events as the page
holds them, and the look; the instance and picture the host made of it.

Params and events arrive as the text the command line takes
(``NAME=VALUE``, ``T:NAME=VALUE``) and are read by the host's one grammar,
so a refusal is the host's own message and "copy as command" is the same
text again.
"""

from __future__ import annotations

import math
import numbers
import os
import re
import threading
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from .. import _host
from .._instance import Instance
from .._library import Effect
from .._png import png_bytes
from ..errors import EffectError

#: Samples a second for the channel plot, and the most points it takes.
PLOT_RATE, PLOT_POINTS = 120.0, 2400

#: The longest timeline the page shows, in seconds: an event far off (at a
#: million seconds) leaves the scrubber of use.
TIMELINE_MAX = 86400.0

#: The most pixels a frame the studio draws may have (4096 x 4096, 64 MiB
#: of RGBA); render draws up to 8192 a side.
FRAME_PIXELS_MAX = 4096 * 4096

#: Draws and renders at once, at most: one per core, so that many pages, or
#: many large frames asked for together, cannot take all the memory.
DRAWING = threading.BoundedSemaphore(os.cpu_count() or 2)


#: The names the host reads as a font file rather than a family: one with
#: a "/" or one of these endings (EffectRender's FontBook.Choice).
FONT_FILES = (".ttf", ".otf", ".ttc", ".otc")


class Refused(Exception):
    """A request the studio cannot do, with a message for the page."""


@dataclass(frozen=True)
class Look:
    theme: str = "light"
    font: str = ""
    width: float = _host.LOOK_WIDTH_DEFAULT
    scale: float = _host.SCALE_DEFAULT
    ground: str = "transparent"
    #: A frame of this many pixels (a video's: 720x576, 1080x1920), the
    #: picture fitted in it, instead of the picture at ``scale``.
    pixels: tuple[int, int] | None = None

    @classmethod
    def read(cls, raw: Any) -> Look:
        if raw is None:
            return cls()
        if not isinstance(raw, Mapping):
            raise Refused("look is an object of theme, font, width, scale, size and ground")
        theme = _text(raw.get("theme", "light"), "theme")
        font = _text(raw.get("font", ""), "font")
        if "/" in font or font.lower().endswith(FONT_FILES):
            # The page reaches no file but its downloads: a font file is the command line's to name.
            raise Refused(f"the studio takes a font family, such as Inter or DejaVu Sans, not a file: {font!r}")
        ground = _text(raw.get("ground", "transparent"), "ground")
        pixels = _frame_size(_text(raw.get("size", ""), "size"))
        return cls(theme, font, _number(raw.get("width", cls.width), "width"), _number(raw.get("scale", cls.scale), "scale"),
                   ground, pixels)


_SIZE = re.compile(r"\s*([0-9]{1,6})\s*[x×]\s*([0-9]{1,6})\s*")


def _frame_size(text: str) -> tuple[int, int] | None:
    """"WxH" in pixels, as render's --size takes it (the host says what it
    refuses); empty for none."""
    if not text.strip():
        return None
    match = _SIZE.fullmatch(text)
    if match is None:
        raise Refused(f"a size is WIDTHxHEIGHT in pixels, such as 720x576, not {text!r}")
    return int(match.group(1)), int(match.group(2))


def _text(value: Any, what: str) -> str:
    if not isinstance(value, str):
        raise Refused(f"{what} is text, not {type(value).__name__}")
    if "\0" in value:
        raise Refused(f"{what} holds a NUL character, which no param or name can hold")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise Refused(f"{what} holds half of a UTF-16 pair (a lone surrogate), which is not text") from None
    return value


def _number(value: Any, what: str) -> float:
    if isinstance(value, bool) or not isinstance(value, numbers.Real) or not math.isfinite(value):
        raise Refused(f"{what} is a finite number, not {value!r}")
    return float(value)


def _texts(value: Any, what: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(each, str) for each in value):
        raise Refused(f"{what} is a list of text")
    return tuple(_text(each, what) for each in value)


@dataclass(frozen=True)
class Request:
    """What the page sent: an effect id, its params and events as text, a look."""

    effect: str
    params: tuple[str, ...]
    events: tuple[str, ...]
    look: Look

    @classmethod
    def read(cls, raw: Any) -> Request:
        if not isinstance(raw, Mapping):
            raise Refused("the request is a JSON object")
        return cls(
            _text(raw.get("effect"), "effect"), _texts(raw.get("params", []), "params"), _texts(raw.get("events", []), "events"),
            Look.read(raw.get("look")),
        )


class Scene:
    """The host's instance and picture for one request. Draws one at a time."""

    def __init__(self, effect: Effect, request: Request, generation: int) -> None:
        self.effect = effect
        self.request = request
        self.generation = generation
        look = request.look
        self.instance: Instance = effect.create_from_text(list(request.params))
        for event in request.events:
            self.instance.set_event(event)
        self.picture = self.instance.picture(look.theme, look.width, look.font or None, look.ground)
        self.size = _host._pixels(look.pixels) if look.pixels is not None else self.picture.pixel_size(look.scale)
        if self.size[0] * self.size[1] > FRAME_PIXELS_MAX:
            raise Refused(f"a frame of {self.size[0]} × {self.size[1]} pixels is more than the studio draws (4096 × 4096 in all): "
                          "a smaller scale or size, or the render command for more")
        self._lock = threading.Lock()
        self._summaries: dict[float | None, dict[str, Any]] = {}

    def frame(self, t: float) -> tuple[bytes, list[str]]:
        """The frame at t as PNG bytes, the host's pixels, and what the host
        says of the fonts once it has drawn text."""
        with self._lock:
            # A frame of a given size is all ground but the ink, as render draws it.
            look = self.request.look
            with DRAWING:
                png = png_bytes(self.picture.draw(t, look.scale, size=look.pixels, ground_fills=look.pixels is not None))
            return png, [note for note in (self.picture.font_note, self.picture.missing_characters) if note]

    def channels(self, span: float) -> dict[str, Any]:
        """The channels over the timeline, for the plot: the global ones
        that move, or, when none does (text-reveal's motion is all in its
        units), the first element's."""
        count = max(2, min(PLOT_POINTS, int(span * PLOT_RATE) + 1))
        dt = span / (count - 1) if span > 0 else 0.0
        with self._lock:
            frames = self.instance.sample_many(0.0, dt, count)
        moving = [(channel, frames.channels[:, index]) for index, channel in enumerate(self.effect.channels)
                  if np.ptp(frames.channels[:, index]) > 0]
        if moving:
            shown = [(channel.name, channel, values) for channel, values in moving]
        elif self.instance.element_count and self.effect.element_channels:
            shown = [(f"{channel.name}[0]", channel, frames.elements[:, 0, index])
                     for index, channel in enumerate(self.effect.element_channels)]
        else:
            shown = [(channel.name, channel, frames.channels[:, index]) for index, channel in enumerate(self.effect.channels)]
        return {
            "t0": 0.0, "dt": dt,
            "series": [
                {"name": name, "unit": channel.unit, "min": channel.min, "max": channel.max, "labels": list(channel.labels),
                 "values": np.round(values, 6).tolist()}
                for name, channel, values in shown
            ],
        }

    def summary(self, length: float | None = None) -> dict[str, Any]:
        """What the page shows beside the frame (see _summary), kept: a
        scrub asks for the same again with only its time changed."""
        with self._lock:
            kept = self._summaries.get(length)
        if kept is None:
            kept = self._summary(length)
            with self._lock:
                self._summaries[length] = kept
        return kept

    def _summary(self, length: float | None) -> dict[str, Any]:
        """What the page shows beside the frame, over a timeline ``length``
        seconds long: by default a loop's entrance and one period, so it
        loops seamlessly, and for an effect that ends a second more, where
        later events can go."""
        timing = self.instance.timing
        span = self.instance.span
        if length is None:
            length = min(span if timing.kind == "loops" else max(span + 1.0, 2.0), TIMELINE_MAX)
        return {
            "span": span, "length": length, "settled": self.instance.settled_time,
            "timing": {"kind": timing.kind, "end": timing.end, "loop_start": timing.loop_start, "period": timing.period},
            "size": list(self.size), "notes": list(self.instance.notes), "channels": self.channels(length),
        }


def scene(effect: Effect, request: Request, generation: int) -> Scene:
    try:
        return Scene(effect, request, generation)
    except EffectError as error:
        raise Refused(error.message) from None
