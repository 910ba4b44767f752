"""Draws one frame of any effect to a PNG from its display list alone (ABI 1.2),
with pycairo: no code here knows any effect.

    python3 python/examples/draw_png.py EFFECT OUT.png [--time T] [--scale S]
        [--param NAME=VALUE ...] [--plugin-path P ...] [--width W]
        [--background COLOR|none] [--measure reference|cairo]

The canvas is the display list's ``bounds`` (room for every frame of the
instance), ``--scale`` pixels a point (default 2), on a white background
unless ``--background`` says otherwise (``#RRGGBB[AA]``, or ``none`` for
transparent). ``--param`` values are written as effect-host takes them:
``0.5``, ``true``/``false``, a choice's name, ``#RRGGBB[AA]``, ``none``.
``--width`` proposes a width to the view (text-reveal wraps to it): 432
points unless given, as ``effect-host render`` proposes, and 0 for the
view's own ideal width.

How each item is drawn:

- Groups: cairo save/restore around the content, with the group's
  transform applied as translate + anchor, rotate, scale, then - anchor (the
  header's p' = translate + anchor + R . S . (p - anchor)). A group with an
  opacity below 1, a blur or a saturation other than 1 draws its content
  into a pushed group (an offscreen image); the saturation and then the blur
  are applied to its pixels with numpy, the clip is set, and it is painted
  back with paint_with_alpha(opacity). Saturation is SwiftUI's (the
  feColorMatrix "saturate" matrix, in sRGB), exactly. Blur is a true Gaussian
  of standard deviation radius / 2 (as SwiftUI's blur radius), measured in
  device pixels from the group's mean scale, so a group scaled unevenly is
  blurred evenly: that part is approximate.
- Shapes: rects, rounded rects (circular corners, as the ABI says of
  SwiftUI's continuous ones), capsules, ellipses (four cubic arcs from 3
  o'clock, clockwise, as SwiftUI's) and paths. A trim walks the flattened
  outline's length and keeps the part from trim_start to trim_end; the
  trimmed outline is filled and stroked. Fills are solid or linear gradients
  (padded); strokes have their width, cap and join.
- Text: cairo's toy text API in the "Inter" face, as render uses
  (fontconfig picks a fallback when it is missing), bold from weight 600
  up and regular below (the toy API has no other weights), stretched
  horizontally so the run's width is the item's
  ``advance`` exactly: the effect laid the text out with that width. With
  tracking, each character is drawn on its own (no kerning, no shaping of
  scripts that join their letters). ``--measure cairo`` measures the runs with
  those same fonts instead of the ABI's reference metrics, so nothing is
  stretched and the effect lays out around the real glyphs.

Needs pycairo (scripts/ensure-pycairo installs it) and numpy.
"""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

import effects

try:
    import cairo
except ImportError:  # reported by main()
    cairo = None  # type: ignore[assignment, unused-ignore]  # the ignore is unused where pycairo is missing

FONT_FAMILY = "Inter"
#: The most pixels a side of the canvas may have (cairo's own limit is 32767).
MAX_PIXELS = 16384


def rgba(color: int) -> tuple[float, float, float, float]:
    """0xRRGGBBAA as cairo's straight-alpha (r, g, b, a), each 0 ... 1."""
    return tuple(((color >> shift) & 0xFF) / 255 for shift in (24, 16, 8, 0))  # type: ignore[return-value]


# ---- The display list as a tree ------------------------------------------------


@dataclass
class Node:
    """A group and what it holds."""

    group: effects.Group | None
    children: list[Node | effects.Shape | effects.Text] = field(default_factory=list)


def tree(items: Sequence[effects.DrawItem]) -> Node:
    """The items nested by their groups (the package has checked they balance)."""
    root = Node(None)
    stack = [root]
    for item in items:
        if isinstance(item, effects.Group):
            node = Node(item)
            stack[-1].children.append(node)
            stack.append(node)
        elif isinstance(item, effects.EndGroup):
            stack.pop()
        else:
            stack[-1].children.append(item)
    return root


# ---- Pixels: saturation and blur on a pushed group --------------------------------

#: ARGB32 pixels are native-endian 32-bit words: B, G, R, A bytes on a little-endian machine.
_RGB = [2, 1, 0] if sys.byteorder == "little" else [1, 2, 3]
_ALPHA = 3 if sys.byteorder == "little" else 0


def pixels(surface: Any) -> np.ndarray:
    """An image surface's pixels as a writable (height, width, 4) uint8 view."""
    surface.flush()
    height, width, stride = surface.get_height(), surface.get_width(), surface.get_stride()
    data = np.ndarray((height, stride), dtype=np.uint8, buffer=surface.get_data())
    return data[:, : width * 4].reshape(height, width, 4)


def saturate(image: np.ndarray, amount: float) -> None:
    """SwiftUI's saturation: feColorMatrix saturate, applied to premultiplied
    sRGB (the matrix's rows add up to 1, so premultiplying commutes with it)."""
    s = amount
    matrix = np.array(
        [
            [0.213 + 0.787 * s, 0.715 - 0.715 * s, 0.072 - 0.072 * s],
            [0.213 - 0.213 * s, 0.715 + 0.285 * s, 0.072 - 0.072 * s],
            [0.213 - 0.213 * s, 0.715 - 0.715 * s, 0.072 + 0.928 * s],
        ],
        dtype=np.float32,
    )
    rgb = image[..., _RGB].astype(np.float32)
    alpha = image[..., _ALPHA].astype(np.float32)[..., None]
    mixed = np.clip(rgb @ matrix.T, 0, alpha)
    image[..., _RGB] = np.rint(mixed).astype(np.uint8)


def gaussian_blur(image: np.ndarray, sigma: float) -> None:
    """A Gaussian blur of standard deviation ``sigma`` pixels, in place, on the
    premultiplied pixels (transparent beyond the edges), over the part that
    has ink and the reach of the kernel around it."""
    if sigma < 0.1:
        return
    alpha = image[..., _ALPHA]
    rows = np.flatnonzero(alpha.any(axis=1))
    columns = np.flatnonzero(alpha.any(axis=0))
    if rows.size == 0:
        return
    reach = math.ceil(3 * sigma)
    top, bottom = max(0, rows[0] - reach), min(image.shape[0], rows[-1] + reach + 1)
    left, right = max(0, columns[0] - reach), min(image.shape[1], columns[-1] + reach + 1)
    offsets = np.arange(-reach, reach + 1)
    kernel = np.exp(-(offsets**2) / (2 * sigma * sigma))
    kernel /= kernel.sum()
    region = image[top:bottom, left:right].astype(np.float32)
    for axis in (0, 1):
        padding = [(0, 0)] * 3
        padding[axis] = (reach, reach)
        padded = np.pad(region, padding)
        length = region.shape[axis]
        blurred = np.zeros_like(region)
        for weight, offset in zip(kernel, range(2 * reach + 1)):
            blurred += weight * np.take(padded, np.arange(offset, offset + length), axis=axis)
        region = blurred
    image[top:bottom, left:right] = np.clip(np.rint(region), 0, 255).astype(np.uint8)


# ---- Paths ------------------------------------------------------------------------

_KAPPA = 4 * (math.sqrt(2) - 1) / 3  # a quarter circle as one cubic


def rounded_rect(context: Any, rect: effects.Rect, radius: float) -> None:
    x, y, w, h = rect.x, rect.y, rect.width, rect.height
    r = max(0.0, min(radius, w / 2, h / 2))
    if r == 0:
        context.rectangle(x, y, w, h)
        return
    context.new_sub_path()
    context.arc(x + w - r, y + r, r, -math.pi / 2, 0)
    context.arc(x + w - r, y + h - r, r, 0, math.pi / 2)
    context.arc(x + r, y + h - r, r, math.pi / 2, math.pi)
    context.arc(x + r, y + r, r, math.pi, 3 * math.pi / 2)
    context.close_path()


def ellipse(context: Any, rect: effects.Rect) -> None:
    """The ellipse inscribed in ``rect``, from 3 o'clock clockwise (y down)."""
    rx, ry = rect.width / 2, rect.height / 2
    cx, cy = rect.x + rx, rect.y + ry
    kx, ky = _KAPPA * rx, _KAPPA * ry
    context.move_to(cx + rx, cy)
    context.curve_to(cx + rx, cy + ky, cx + kx, cy + ry, cx, cy + ry)
    context.curve_to(cx - kx, cy + ry, cx - rx, cy + ky, cx - rx, cy)
    context.curve_to(cx - rx, cy - ky, cx - kx, cy - ry, cx, cy - ry)
    context.curve_to(cx + kx, cy - ry, cx + rx, cy - ky, cx + rx, cy)
    context.close_path()


def outline(context: Any, kind: str, rect: effects.Rect, corner_radius: float, segments: Sequence[effects.Segment] = ()) -> None:
    """Adds a shape's outline to the current path."""
    if kind == "rect":
        context.rectangle(rect.x, rect.y, rect.width, rect.height)
    elif kind == "rounded_rect":
        rounded_rect(context, rect, corner_radius)
    elif kind == "capsule":
        rounded_rect(context, rect, min(rect.width, rect.height) / 2)
    elif kind == "ellipse":
        ellipse(context, rect)
    else:
        for segment in segments:
            if segment.verb == "move":
                context.move_to(segment.x, segment.y)
            elif segment.verb == "line":
                context.line_to(segment.x, segment.y)
            elif segment.verb == "cubic":
                context.curve_to(segment.x1, segment.y1, segment.x2, segment.y2, segment.x, segment.y)
            else:
                context.close_path()


def trim(context: Any, start: float, end: float) -> None:
    """Replaces the current path by the part of it from ``start`` to ``end``
    (fractions of its whole length, every subpath in order), as SwiftUI's
    trim(from:to:): walks the flattened path and keeps the points in range."""
    subpaths: list[list[tuple[float, float]]] = []
    for kind, points in context.copy_path_flat():
        if kind == cairo.PATH_MOVE_TO:
            subpaths.append([points])
        elif kind == cairo.PATH_LINE_TO:
            if not subpaths:
                subpaths.append([points])
            else:
                subpaths[-1].append(points)
        elif kind == cairo.PATH_CLOSE_PATH and subpaths and subpaths[-1]:
            subpaths[-1].append(subpaths[-1][0])
    context.new_path()
    lengths = [[math.dist(a, b) for a, b in zip(path, path[1:])] for path in subpaths]
    total = sum(sum(parts) for parts in lengths)
    low, high = max(0.0, start) * total, min(1.0, end) * total
    if total == 0 or high <= low:
        return
    walked = 0.0
    for path, parts in zip(subpaths, lengths):
        drawing = False
        for (a, b), length in zip(zip(path, path[1:]), parts):
            begin, finish = walked, walked + length
            walked = finish
            if finish < low or begin > high or length == 0:
                drawing = False
                continue
            u0 = max(0.0, (low - begin) / length)
            u1 = min(1.0, (high - begin) / length)
            p0 = (a[0] + (b[0] - a[0]) * u0, a[1] + (b[1] - a[1]) * u0)
            p1 = (a[0] + (b[0] - a[0]) * u1, a[1] + (b[1] - a[1]) * u1)
            if not drawing:
                context.move_to(*p0)
                drawing = True
            context.line_to(*p1)


# ---- Drawing ----------------------------------------------------------------------

_CAPS = {"butt": "LINE_CAP_BUTT", "round": "LINE_CAP_ROUND", "square": "LINE_CAP_SQUARE"}
_JOINS = {"miter": "LINE_JOIN_MITER", "round": "LINE_JOIN_ROUND", "bevel": "LINE_JOIN_BEVEL"}


def font(context: Any, weight: float, size: float) -> None:
    bold = cairo.FONT_WEIGHT_BOLD if weight >= 600 else cairo.FONT_WEIGHT_NORMAL
    context.select_font_face(FONT_FAMILY, cairo.FONT_SLANT_NORMAL, bold)
    context.set_font_size(size)


class Painter:
    """Draws a display list's tree on a cairo context."""

    def __init__(self, context: Any) -> None:
        self.context = context

    def node(self, node: Node) -> None:
        for child in node.children:
            if isinstance(child, Node):
                self.group(child)
            elif isinstance(child, effects.Shape):
                self.shape(child)
            else:
                self.text(child)

    def group(self, node: Node) -> None:
        group = node.group
        assert group is not None
        t = group.transform
        if group.opacity <= 0 or t.scale_x == 0 or t.scale_y == 0:
            return  # nothing of it shows (and cairo cannot invert a flat matrix)
        c = self.context
        c.save()
        c.translate(t.translate_x + t.anchor_x, t.translate_y + t.anchor_y)
        c.rotate(math.radians(t.rotation))
        c.scale(t.scale_x, t.scale_y)
        c.translate(-t.anchor_x, -t.anchor_y)
        layered = group.opacity < 1 or group.blur > 0 or group.saturation != 1
        if not layered:
            self.clip(group)
            self.node(node)
        else:
            c.push_group()
            self.node(node)
            pattern = c.pop_group()
            surface = pattern.get_surface()
            if isinstance(surface, cairo.ImageSurface):
                image = pixels(surface)
                if group.saturation != 1:
                    saturate(image, group.saturation)
                if group.blur > 0:
                    xx, yx, xy, yy, _, _ = c.get_matrix()
                    gaussian_blur(image, group.blur / 2 * math.sqrt(abs(xx * yy - xy * yx)))
                surface.mark_dirty()
            self.clip(group)
            c.set_source(pattern)
            c.paint_with_alpha(group.opacity)
        c.restore()

    def clip(self, group: effects.Group) -> None:
        if group.clip is not None:
            self.context.new_path()
            outline(self.context, group.clip.shape, group.clip.rect, group.clip.corner_radius)
            self.context.clip()

    def shape(self, shape: effects.Shape) -> None:
        c = self.context
        if shape.fill is None and shape.stroke is None:
            return
        c.new_path()
        outline(c, shape.shape, shape.frame, shape.corner_radius, shape.segments)
        if shape.trim_start > 0 or shape.trim_end < 1:
            trim(c, shape.trim_start, shape.trim_end)
        if isinstance(shape.fill, effects.Solid):
            c.set_source_rgba(*rgba(shape.fill.color))
            c.fill_preserve()
        elif isinstance(shape.fill, effects.LinearGradient) and shape.fill.stops:
            gradient = cairo.LinearGradient(shape.fill.x0, shape.fill.y0, shape.fill.x1, shape.fill.y1)
            for stop in shape.fill.stops:
                gradient.add_color_stop_rgba(stop.offset, *rgba(stop.color))
            gradient.set_extend(cairo.EXTEND_PAD)
            c.set_source(gradient)
            c.fill_preserve()
        if shape.stroke is not None:
            c.set_source_rgba(*rgba(shape.stroke.color))
            c.set_line_width(shape.stroke.width)
            c.set_line_cap(getattr(cairo, _CAPS[shape.stroke.cap]))
            c.set_line_join(getattr(cairo, _JOINS[shape.stroke.join]))
            c.stroke_preserve()
        c.new_path()

    def text(self, run: effects.Text) -> None:
        if not run.text:
            return
        c = self.context
        c.save()
        font(c, run.weight, run.size)
        c.set_source_rgba(*rgba(run.color))
        if run.tracking == 0:
            natural = c.text_extents(run.text).x_advance
            stretch = run.advance / natural if natural > 0 and run.advance > 0 else 1.0
            c.translate(run.x, run.y)
            c.scale(stretch, 1)
            c.move_to(0, 0)
            c.show_text(run.text)
        else:
            characters = list(run.text)
            natural = [c.text_extents(character).x_advance for character in characters]
            tracked = sum(1 for width in natural if width > 0)
            glyphs = sum(natural)
            target = run.advance - run.tracking * tracked
            stretch = target / glyphs if glyphs > 0 and target > 0 else 1.0
            x = run.x
            for character, width in zip(characters, natural):
                c.save()
                c.translate(x, run.y)
                c.scale(stretch, 1)
                c.move_to(0, 0)
                c.show_text(character)
                c.restore()
                x += width * stretch + (run.tracking if width > 0 else 0)
        c.restore()


def cairo_measurer() -> effects.Measurer:
    """Measures runs with the fonts ``Painter.text`` draws them in, so they need no stretching."""
    scratch = cairo.Context(cairo.ImageSurface(cairo.FORMAT_ARGB32, 1, 1))

    def measure(text: str, size: float, weight: float, tracking: float) -> tuple[float, float, float]:
        font(scratch, weight, size)
        ascent, descent = scratch.font_extents()[:2]
        if tracking == 0:
            return scratch.text_extents(text).x_advance, ascent, descent
        widths = [scratch.text_extents(character).x_advance for character in text]
        advance = sum(widths) + tracking * sum(1 for width in widths if width > 0)
        return max(0.0, advance), ascent, descent

    return measure


def render(listing: effects.DisplayList, scale: float = 2.0, background: int | None = 0xFFFFFFFF) -> Any:
    """The display list on an image surface as big as its bounds, ``scale`` pixels a point."""
    bounds = listing.bounds
    width = max(1, math.ceil(bounds.width * scale))
    height = max(1, math.ceil(bounds.height * scale))
    if width > MAX_PIXELS or height > MAX_PIXELS:
        raise ValueError(f"a {width} x {height} pixel canvas is too large; use a smaller --scale")
    surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, width, height)
    context = cairo.Context(surface)
    if background is not None:
        context.set_source_rgba(*rgba(background))
        context.paint()
    context.scale(scale, scale)
    context.translate(-bounds.x, -bounds.y)
    Painter(context).node(tree(listing.items))
    surface.flush()
    return surface


# ---- The command line -------------------------------------------------------------


def color(text: str) -> int:
    digits = text.removeprefix("#")
    if len(digits) not in (6, 8) or any(digit not in "0123456789abcdefABCDEF" for digit in digits):
        raise ValueError(f"{text!r} is not a colour (#RRGGBB or #RRGGBBAA)")
    value = int(digits, 16)
    return value << 8 | 0xFF if len(digits) == 6 else value


def param_value(param: effects.Param, text: str) -> Any:
    """A --param value as the package takes it, by the param's type."""
    if text == "none":
        return None
    if param.type == "number":
        return float(text)
    if param.type == "integer":
        return int(text)
    if param.type == "bool":
        if text not in ("true", "false"):
            raise ValueError(f"{param.name} is true or false, not {text!r}")
        return text == "true"
    return text


def main(arguments: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Draw one frame of an effect to a PNG from its display list.")
    parser.add_argument("effect", help="the effect's id, such as strikethrough-reveal")
    parser.add_argument("output", help="the PNG file to write")
    parser.add_argument("--time", type=float, default=0.0, help="t in seconds (default 0)")
    parser.add_argument("--scale", type=float, default=2.0, help="pixels per point (default 2)")
    parser.add_argument("--param", action="append", default=[], metavar="NAME=VALUE", help="a param (repeatable)")
    parser.add_argument("--plugin-path", action="append", default=[], metavar="P", help="a plugin or a directory (repeatable)")
    parser.add_argument("--width", type=float, default=432.0,
                        help="the width proposed to the view, in points (default 432, as effect-host render proposes; 0: its ideal width)")
    parser.add_argument("--background", default="#FFFFFF", help="#RRGGBB[AA], or none for transparent (default white)")
    parser.add_argument("--measure", choices=("cairo", "reference"), default="cairo",
                        help="measure text with the fonts cairo draws it in (default) or the ABI's reference metrics")
    options = parser.parse_args(arguments)
    if cairo is None:
        print("draw_png: pycairo is not installed; scripts/ensure-pycairo installs it", file=sys.stderr)
        return 1
    if not (options.scale > 0 and math.isfinite(options.scale)):
        print("draw_png: --scale must be a positive number", file=sys.stderr)
        return 2
    try:
        background = None if options.background == "none" else color(options.background)
        effect = effects.effect(options.effect, options.plugin_path)
        params = {}
        for setting in options.param:
            name, equals, value = setting.partition("=")
            if not equals:
                raise ValueError(f"--param takes NAME=VALUE, not {setting!r}")
            params[name] = param_value(effect.param(name), value)
        instance = effect.create(**params)
    except (ValueError, effects.EffectError) as error:
        print(f"draw_png: {error}", file=sys.stderr)
        return 2
    with instance:
        try:
            measure = cairo_measurer() if options.measure == "cairo" else None
            listing = instance.draw(options.time, width=options.width or None, measure=measure)
            surface = render(listing, options.scale, background)
        except (ValueError, effects.EffectError) as error:
            print(f"draw_png: {error}", file=sys.stderr)
            return 1
    try:
        surface.write_to_png(options.output)
    except OSError as error:  # pycairo's IOError: a directory that is not there, a file not writable
        print(f"draw_png: cannot write {options.output}: {error}", file=sys.stderr)
        return 1
    print(f"wrote {options.output} ({surface.get_width()} x {surface.get_height()} px)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
