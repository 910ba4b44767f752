"""Where an effect places its layout items (ABI 1.1), as named fields
rather than the ABI's flat rows of EFFECT_LAYOUT_STRIDE doubles."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from . import _abi


@dataclass(frozen=True)
class Decoration:
    """A rounded rectangle drawn behind an item (Reveal's highlight block)."""

    x: float
    y: float
    width: float
    height: float
    corner_radius: float


@dataclass(frozen=True)
class LayoutItem:
    """One item: where its measured box goes (y pointing down), the size it
    was measured at, the row it is on from 0, and its decoration, if any."""

    x: float
    y: float
    width: float
    height: float
    row: int
    decoration: Decoration | None


@dataclass(frozen=True)
class Layout:
    """The items in rows: ``width`` is the widest row, ``height`` all rows together."""

    width: float
    height: float
    items: tuple[LayoutItem, ...]


def read_layout(out: Sequence[float], count: int) -> Layout:
    """The layout in `out`, the EFFECT_LAYOUT_HEADER + count rows the plugin wrote."""
    items = []
    for index in range(count):
        row = out[_abi.LAYOUT_HEADER + index * _abi.LAYOUT_STRIDE : _abi.LAYOUT_HEADER + (index + 1) * _abi.LAYOUT_STRIDE]
        x, y, width, height, dx, dy, dw, dh, radius, line = (float(value) for value in row)
        # The ABI writes five zeros for an item that has no decoration.
        decoration = Decoration(dx, dy, dw, dh, radius) if any((dx, dy, dw, dh, radius)) else None
        items.append(LayoutItem(x, y, width, height, int(line), decoration))
    return Layout(float(out[0]), float(out[1]), tuple(items))
