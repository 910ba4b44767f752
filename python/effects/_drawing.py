"""Display lists (ABI 1.2): one frame of an effect as typed items, read and
checked the way effect-host's Swift reader checks them."""

from __future__ import annotations

import ctypes
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal, Union

from . import _abi
from .errors import EffectError

#: What a shape is (``Shape.shape``): every kind but "path" fills its ``frame``.
ShapeKind = Literal["rect", "rounded_rect", "capsule", "ellipse", "path"]
#: What a group clips to (``Clip.shape``): never a path.
ClipKind = Literal["rect", "rounded_rect", "capsule", "ellipse"]
#: A stroke's ends.
Cap = Literal["butt", "round", "square"]
#: A stroke's corners.
Join = Literal["miter", "round", "bevel"]
#: What a path segment does.
Verb = Literal["move", "line", "cubic", "close"]

#: A text measurer for ``Instance.draw``: called as ``measure(text, size,
#: weight, tracking)`` for each run of text (size in points, weight 100 ... 900,
#: tracking in points after every character), it returns the run's
#: ``(advance, ascent, descent)`` in points: the advance with the tracking
#: included, all three finite, ascent and descent >= 0. It must answer the same for the same
#: arguments and must not call back into the instance.
Measurer = Callable[[str, float, float, float], tuple[float, float, float]]


@dataclass(frozen=True)
class Rect:
    """A rectangle in points, y pointing down."""

    x: float
    y: float
    width: float
    height: float


@dataclass(frozen=True)
class Transform:
    """A group's transform: a point p of its content lands in its parent at

        p' = translate + anchor + R(rotation) . S(scale_x, scale_y) . (p - anchor)

    (scaled and turned about the anchor, then moved; rotation in degrees,
    clockwise on the y-down canvas), as SwiftUI's scaleEffect and
    rotationEffect about an anchor, then offset."""

    anchor_x: float
    anchor_y: float
    translate_x: float
    translate_y: float
    scale_x: float
    scale_y: float
    rotation: float

    @property
    def is_identity(self) -> bool:
        """Whether it leaves every point where it is."""
        return (self.translate_x, self.translate_y, self.scale_x, self.scale_y, self.rotation) == (0, 0, 1, 1, 0)


@dataclass(frozen=True)
class Clip:
    """The shape a group clips its content to, in the content's coordinates."""

    shape: ClipKind
    rect: Rect
    #: For "rounded_rect".
    corner_radius: float


@dataclass(frozen=True)
class Group:
    """Opens a group; the next ``EndGroup`` closes it. Its content is drawn,
    then filtered (saturation, then blur), clipped, composited with
    ``opacity``, and all of it transformed into the parent, as an SVG <g>
    applies filter, clip-path and opacity."""

    id: int
    transform: Transform
    #: 0 ... 1; 1 leaves the content as it is.
    opacity: float
    #: SwiftUI's blur radius in points (a Gaussian of standard deviation radius / 2); 0 for none.
    blur: float
    #: 1 unchanged, 0 grey (SwiftUI's saturation).
    saturation: float
    clip: Clip | None
    kind: Literal["group"] = field(default="group", init=False)


@dataclass(frozen=True)
class EndGroup:
    """Closes the innermost open group; ``id`` is the id of the group it closes."""

    id: int
    kind: Literal["end_group"] = field(default="end_group", init=False)


@dataclass(frozen=True)
class Segment:
    """One segment of a path, in the shape's coordinates: "move" starts a
    subpath at (x, y), "line" draws a line to it, "cubic" a cubic Bezier
    through (x1, y1) and (x2, y2) to it, and "close" goes back to the
    subpath's start (its numbers are 0)."""

    verb: Verb
    x: float = 0.0
    y: float = 0.0
    x1: float = 0.0
    y1: float = 0.0
    x2: float = 0.0
    y2: float = 0.0


@dataclass(frozen=True)
class Stop:
    """One stop of a gradient: ``offset`` 0 ... 1 along it, ``color`` as 0xRRGGBBAA."""

    offset: float
    color: int


@dataclass(frozen=True)
class Solid:
    """A fill of one colour, 0xRRGGBBAA (sRGB, straight alpha)."""

    color: int
    kind: Literal["solid"] = field(default="solid", init=False)


@dataclass(frozen=True)
class LinearGradient:
    """A fill from (x0, y0) to (x1, y1) in the shape's coordinates through
    ``stops`` (in order of offset), padded with the end colours beyond them."""

    x0: float
    y0: float
    x1: float
    y1: float
    stops: tuple[Stop, ...]
    kind: Literal["linear_gradient"] = field(default="linear_gradient", init=False)


#: How a shape is filled.
Paint = Union[Solid, LinearGradient]


@dataclass(frozen=True)
class Stroke:
    """A shape's outline: ``color`` as 0xRRGGBBAA, ``width`` in points (> 0)."""

    color: int
    width: float
    cap: Cap
    join: Join


@dataclass(frozen=True)
class Shape:
    """A filled and/or stroked shape. ``frame`` is what every shape but a
    "path" fills; a path's ``segments`` say where it goes. Only the part of
    the outline from ``trim_start`` to ``trim_end`` (fractions of its length
    from its start) is drawn: 0 and 1 for all of it (SwiftUI's trim)."""

    id: int
    shape: ShapeKind
    frame: Rect
    #: For "rounded_rect".
    corner_radius: float
    trim_start: float
    trim_end: float
    fill: Paint | None
    stroke: Stroke | None
    #: For "path"; empty otherwise.
    segments: tuple[Segment, ...] = ()
    kind: Literal["shape"] = field(default="shape", init=False)


@dataclass(frozen=True)
class Text:
    """A run of text in one font, left to right from (x, y) on its baseline.
    ``advance``, ``ascent`` and ``descent`` are what the measurer answered for
    it, so a renderer can fit the run to the width the effect laid out."""

    id: int
    text: str
    x: float
    y: float
    #: Font size in points.
    size: float
    #: 100 ... 900 (400 regular, 500 medium, 600 semibold, 700 bold).
    weight: float
    #: Points added after every character.
    tracking: float
    #: The run's measured width, tracking included.
    advance: float
    ascent: float
    descent: float
    #: 0xRRGGBBAA, sRGB, straight alpha.
    color: int
    kind: Literal["text"] = field(default="text", init=False)


#: One item of a display list; ``kind`` tells which.
DrawItem = Union[Group, EndGroup, Shape, Text]


@dataclass(frozen=True)
class DisplayList:
    """One frame of an effect as it draws itself: ``items`` back to front,
    groups balanced, each shape with its segments and stops folded in.
    Coordinates are points, y down, from the top-leading corner of the
    view's own ``width`` x ``height`` frame; ``bounds`` holds the ink of every
    frame of the instance (with the same width and measurer), a canvas for
    the whole animation. Ids name the same visual thing in every frame."""

    width: float
    height: float
    bounds: Rect
    #: No frame of the instance needs more ABI items than this (segments and
    #: stops count, so it exceeds ``len(items)``).
    max_item_count: int
    items: tuple[DrawItem, ...]

    def groups(self) -> dict[int, Group]:
        """The groups by id."""
        return {item.id: item for item in self.items if isinstance(item, Group)}

    def shapes(self) -> dict[int, Shape]:
        """The shapes by id."""
        return {item.id: item for item in self.items if isinstance(item, Shape)}

    def texts(self) -> dict[int, Text]:
        """The runs of text by id."""
        return {item.id: item for item in self.items if isinstance(item, Text)}


_SHAPES: dict[int, ShapeKind] = {
    _abi.SHAPE_RECT: "rect",
    _abi.SHAPE_ROUNDED_RECT: "rounded_rect",
    _abi.SHAPE_CAPSULE: "capsule",
    _abi.SHAPE_ELLIPSE: "ellipse",
    _abi.SHAPE_PATH: "path",
}
_CLIPS: dict[int, ClipKind] = {
    _abi.SHAPE_RECT: "rect",
    _abi.SHAPE_ROUNDED_RECT: "rounded_rect",
    _abi.SHAPE_CAPSULE: "capsule",
    _abi.SHAPE_ELLIPSE: "ellipse",
}
_CAPS: dict[int, Cap] = {_abi.CAP_BUTT: "butt", _abi.CAP_ROUND: "round", _abi.CAP_SQUARE: "square"}
_JOINS: dict[int, Join] = {_abi.JOIN_MITER: "miter", _abi.JOIN_ROUND: "round", _abi.JOIN_BEVEL: "bevel"}
_VERBS: dict[int, Verb] = {
    _abi.SEGMENT_MOVE: "move",
    _abi.SEGMENT_LINE: "line",
    _abi.SEGMENT_CUBIC: "cubic",
    _abi.SEGMENT_CLOSE: "close",
}
#: Longer text than any run of a sane effect (effect-host's limit).
_TEXT_LIMIT = 1 << 30


def _broken(what: str) -> EffectError:
    return EffectError(_abi.ERR_INTERNAL, f"the plugin's display list {what}")


def _rect(raw: _abi.Rect) -> Rect:
    return Rect(raw.x, raw.y, raw.width, raw.height)


def read_display_list(drawing: _abi.Drawing, raw: ctypes.Array[_abi.DrawItem], count: int) -> DisplayList:
    """The first ``count`` items of ``raw`` as a checked DisplayList; raises
    EffectError (ERR_INTERNAL) for a list that breaks the ABI's rules:
    unbalanced groups, a shape without its segments or stops, a segment or
    stop on its own, an unknown kind, a non-finite number, text that is NULL
    or not UTF-8. Text is copied, so the result outlives the instance."""
    frame = (drawing.width, drawing.height, drawing.bounds.x, drawing.bounds.y, drawing.bounds.width, drawing.bounds.height)
    if not all(math.isfinite(value) for value in frame):
        raise _broken("has a non-finite size or bounds")
    items: list[DrawItem] = []
    open_groups: list[int] = []
    index = 0

    def finite(*values: float) -> None:
        if not all(math.isfinite(value) for value in values):
            raise _broken(f"has a non-finite number in item {index}")

    while index < count:
        entry = raw[index]
        kind = entry.head.kind
        if kind == _abi.ITEM_GROUP:
            g = entry.group
            t = g.transform
            finite(t.anchor_x, t.anchor_y, t.translate_x, t.translate_y, t.scale_x, t.scale_y, t.rotation)
            finite(g.opacity, g.blur, g.saturation, g.clip.x, g.clip.y, g.clip.width, g.clip.height, g.clip_corner_radius)
            clip: Clip | None = None
            if g.clip_shape != _abi.SHAPE_NONE:
                clip_kind = _CLIPS.get(g.clip_shape)
                if clip_kind is None:
                    raise _broken(f"clips to shape {g.clip_shape}")
                clip = Clip(clip_kind, _rect(g.clip), g.clip_corner_radius)
            transform = Transform(t.anchor_x, t.anchor_y, t.translate_x, t.translate_y, t.scale_x, t.scale_y, t.rotation)
            items.append(Group(g.id, transform, g.opacity, g.blur, g.saturation, clip))
            open_groups.append(g.id)
        elif kind == _abi.ITEM_END_GROUP:
            if not open_groups:
                raise _broken(f"closes a group that is not open at item {index}")
            open_groups.pop()
            items.append(EndGroup(entry.head.id))
        elif kind == _abi.ITEM_SHAPE:
            s = entry.shape
            shape_kind = _SHAPES.get(s.shape)
            if shape_kind is None:
                raise _broken(f"has shape kind {s.shape} at item {index}")
            finite(s.frame.x, s.frame.y, s.frame.width, s.frame.height, s.corner_radius, s.trim_start, s.trim_end)
            finite(s.gradient_x0, s.gradient_y0, s.gradient_x1, s.gradient_y1, s.stroke_width)
            segment_count = int(s.segment_count) if shape_kind == "path" else 0
            stop_count = int(s.stop_count) if s.fill == _abi.PAINT_LINEAR_GRADIENT else 0
            if index + segment_count + stop_count >= count:
                raise _broken(f"ends inside shape {s.id}")
            segments: list[Segment] = []
            for offset in range(segment_count):
                segment = raw[index + 1 + offset]
                if segment.head.kind != _abi.ITEM_SEGMENT:
                    raise _broken(f"lacks a segment of shape {s.id}")
                p = segment.segment
                finite(p.x, p.y, p.x1, p.y1, p.x2, p.y2)
                verb = _VERBS.get(p.verb)
                if verb is None:
                    raise _broken(f"has segment verb {p.verb}")
                if verb == "cubic":
                    segments.append(Segment(verb, p.x, p.y, p.x1, p.y1, p.x2, p.y2))
                elif verb == "close":
                    segments.append(Segment(verb))
                else:
                    segments.append(Segment(verb, p.x, p.y))
            stops: list[Stop] = []
            for offset in range(stop_count):
                stop = raw[index + 1 + segment_count + offset]
                if stop.head.kind != _abi.ITEM_STOP:
                    raise _broken(f"lacks a stop of shape {s.id}")
                finite(stop.stop.offset)
                stops.append(Stop(stop.stop.offset, stop.stop.color))
            fill: Paint | None
            if s.fill == _abi.PAINT_NONE:
                fill = None
            elif s.fill == _abi.PAINT_SOLID:
                fill = Solid(s.fill_color)
            elif s.fill == _abi.PAINT_LINEAR_GRADIENT:
                fill = LinearGradient(s.gradient_x0, s.gradient_y0, s.gradient_x1, s.gradient_y1, tuple(stops))
            else:
                raise _broken(f"has paint kind {s.fill}")
            # As effect-host reads them: an unknown cap or join is butt or miter.
            stroke = (
                Stroke(s.stroke_color, s.stroke_width, _CAPS.get(s.line_cap, "butt"), _JOINS.get(s.line_join, "miter"))
                if s.stroke_width > 0
                else None
            )
            items.append(
                Shape(s.id, shape_kind, _rect(s.frame), s.corner_radius, s.trim_start, s.trim_end, fill, stroke, tuple(segments))
            )
            index += segment_count + stop_count
        elif kind == _abi.ITEM_TEXT:
            r = entry.text
            finite(r.x, r.y, r.size, r.weight, r.tracking, r.advance, r.ascent, r.descent)
            encoded = r.text
            try:
                if encoded is None or len(encoded) >= _TEXT_LIMIT:
                    raise ValueError
                text = encoded.decode("utf-8")
            except ValueError:
                raise _broken("has text that is NULL or not UTF-8") from None
            items.append(Text(r.id, text, r.x, r.y, r.size, r.weight, r.tracking, r.advance, r.ascent, r.descent, r.color))
        elif kind in (_abi.ITEM_SEGMENT, _abi.ITEM_STOP):
            what = "segment" if kind == _abi.ITEM_SEGMENT else "stop"
            raise _broken(f"has a {what} outside a shape at item {index}")
        else:
            raise _broken(f"has item kind {kind} at item {index}")
        index += 1
    if open_groups:
        raise _broken(f"leaves {len(open_groups)} group(s) open")
    return DisplayList(drawing.width, drawing.height, _rect(drawing.bounds), int(drawing.max_item_count), tuple(items))


class MeasureBridge:
    """A Python measurer as an effect_measure_fn. The first failure (an
    exception, or an answer that is not three finite numbers, ascent and descent >= 0) is kept
    and the plugin is told the run cannot be measured, so its draw fails;
    ``raise_failure`` then raises it. Keep the bridge alive for the call."""

    def __init__(self, measure: Measurer) -> None:
        self.measure = measure
        self.failure: BaseException | None = None
        self.problem = ""
        self.function = _abi.MeasureFunction(self._call)

    def _call(self, context: Any, text: bytes | None, size: float, weight: float, tracking: float, out: Any) -> int:
        if self.failure is not None:
            return _abi.ERR_RANGE
        shown: Any = text
        try:
            if text is None or not out:
                raise _MeasureProblem("the plugin passed the measurer a NULL pointer")
            string = text.decode("utf-8", "strict")
            shown = string
            answer = self.measure(string, size, weight, tracking)
            advance, ascent, descent = _metrics(answer, string)
            out[0].advance = advance
            out[0].ascent = ascent
            out[0].descent = descent
            return _abi.OK
        except _MeasureProblem as problem:
            self.failure = problem
            self.problem = str(problem)
        except UnicodeDecodeError as error:
            self.failure = error
            self.problem = f"the plugin passed the measurer text that is not UTF-8 ({shown!r})"
        # Nothing may unwind into the plugin's C frames: keep it for raise_failure.
        except BaseException as error:
            self.failure = error
            self.problem = f"the measurer raised {_describe(error)} for {shown!r}"
        return _abi.ERR_RANGE

    def raise_failure(self) -> None:
        """Raises the kept failure, if any: an interrupt or exit as itself, the
        rest as EffectError(ERR_RANGE) chained to it."""
        failure = self.failure
        if failure is None:
            return
        if not isinstance(failure, Exception):
            raise failure
        raise EffectError(_abi.ERR_RANGE, f"draw failed: {self.problem}") from failure


class _MeasureProblem(Exception):
    pass


def _describe(error: BaseException) -> str:
    """``Type: message``, even for an exception whose message cannot be made."""
    try:
        message = str(error)
    except Exception:
        message = "(its message cannot be shown)"
    return f"{type(error).__name__}: {message}" if message else type(error).__name__


def _metrics(answer: Any, text: str) -> tuple[float, float, float]:
    try:
        advance, ascent, descent = (_real(value) for value in answer)
    except (TypeError, ValueError, OverflowError):
        raise _MeasureProblem(
            f"the measurer answered {answer!r} for {text!r}; it must return (advance, ascent, descent)"
        ) from None
    # A negative advance is legal: tracking can be negative.
    for name, value in (("advance", advance), ("ascent", ascent), ("descent", descent)):
        if not math.isfinite(value) or (name != "advance" and value < 0):
            raise _MeasureProblem(
                f"the measurer answered {name} {value!r} for {text!r}; metrics are finite, ascent and descent >= 0"
            )
    return advance, ascent, descent


def _real(value: Any) -> float:
    """A number as a float: ints, floats and numpy's numbers, not bools or strings."""
    if isinstance(value, bool) or not hasattr(value, "__float__"):
        raise TypeError
    return float(value)


#: Room for a small drawing; a larger one says what it needs.
FIRST_CAPACITY = 64
#: More items than any frame of a sane effect draws (effect-host's limit).
MAX_ITEMS = 50_000_000
#: The most room a draw sets aside for items before the plugin asks for more
#: (an instance's max_item_count beyond it is taken only when a frame needs it).
HINT_LIMIT = 1 << 16


def item_buffer(capacity: int) -> ctypes.Array[_abi.DrawItem]:
    """Zeroed room for ``capacity`` items; EffectError(ERR_OUT_OF_MEMORY) when there is none."""
    try:
        return (_abi.DrawItem * max(1, capacity))()
    except MemoryError:
        raise EffectError(_abi.ERR_OUT_OF_MEMORY, f"no memory for a display list of {capacity} items") from None
