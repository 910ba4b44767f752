"""Display lists (ABI 1.2): one frame of an effect as typed items, made from
the steps of the host library's checked and walked drawing
(effect_host_instance_drawing); the host's reader is the one checker."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal, Union

from . import _abi, _host
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


def _rect(raw: _abi.Rect) -> Rect:
    return Rect(raw.x, raw.y, raw.width, raw.height)


def _group(g: _abi.DrawGroup) -> Group:
    t = g.transform
    clip = None if g.clip_shape == _abi.SHAPE_NONE else Clip(_CLIPS[g.clip_shape], _rect(g.clip), g.clip_corner_radius)
    transform = Transform(t.anchor_x, t.anchor_y, t.translate_x, t.translate_y, t.scale_x, t.scale_y, t.rotation)
    return Group(g.id, transform, g.opacity, g.blur, g.saturation, clip)


def _segment(p: _abi.DrawSegment) -> Segment:
    verb = _VERBS[p.verb]
    if verb == "cubic":
        return Segment(verb, p.x, p.y, p.x1, p.y1, p.x2, p.y2)
    return Segment(verb) if verb == "close" else Segment(verb, p.x, p.y)


def _shape(item: Any) -> Shape:
    """A SHAPE item with its SEGMENT and STOP items after it in memory."""
    s = item[0].shape
    segments = tuple(_segment(item[1 + offset].segment) for offset in range(s.segment_count))
    stops = tuple(
        Stop(item[1 + s.segment_count + offset].stop.offset, item[1 + s.segment_count + offset].stop.color)
        for offset in range(s.stop_count)
    )
    fill: Paint | None = None
    if s.fill == _abi.PAINT_SOLID:
        fill = Solid(s.fill_color)
    elif s.fill == _abi.PAINT_LINEAR_GRADIENT:
        fill = LinearGradient(s.gradient_x0, s.gradient_y0, s.gradient_x1, s.gradient_y1, stops)
    stroke = Stroke(s.stroke_color, s.stroke_width, _CAPS[s.line_cap], _JOINS[s.line_join]) if s.stroke_width > 0 else None
    return Shape(s.id, _SHAPES[s.shape], _rect(s.frame), s.corner_radius, s.trim_start, s.trim_end, fill, stroke, segments)


def _text(r: _abi.DrawText) -> Text:
    # The host hands each run as its own NUL-terminated copy (length 0); a
    # length would name the run's bytes (effect.h, since 1.6).
    run = r.text if r.length == 0 else r.text[: r.length]
    return Text(r.id, run.decode("utf-8"), r.x, r.y, r.size, r.weight, r.tracking, r.advance, r.ascent, r.descent, r.color)


def display_list(frame: _abi.Drawing, steps: list[Any]) -> DisplayList:
    """The DisplayList of a drawing the host library checked and walked
    (effect_host_instance_drawing): ``frame`` from effect_host_drawing_frame,
    ``steps`` its effect_host_steps in order. Each step's item is effect.h's
    struct as the host's reader accepted it, converted as it is; strings
    are copied, so the list outlives the drawing."""
    items: list[DrawItem] = []
    for step in steps:
        if step.kind == _host.STEP_ENTER:
            items.append(_group(step.item[0].group))
        elif step.kind == _host.STEP_LEAVE:
            items.append(EndGroup(step.item[0].group.id))
        elif step.kind == _host.STEP_SHAPE:
            items.append(_shape(step.item))
        else:
            items.append(_text(step.item[0].text))
    return DisplayList(frame.width, frame.height, _rect(frame.bounds), int(frame.max_item_count), tuple(items))


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
