"""An instance: events, single and batch sampling, strings, elements, layout."""

from __future__ import annotations

import ctypes
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Dict, Iterator, List, Optional, Sequence, Tuple

import numpy as np

from . import _abi
from ._library import _call, _text, value_from_raw
from ._values import to_raw
from .errors import EffectError

if TYPE_CHECKING:
    from ._library import Effect


@dataclass(frozen=True)
class Sample:
    """One frame: ``channels`` by name, and per element its channels by name."""

    t: float
    channels: Dict[str, float]
    elements: List[Dict[str, float]]

    def __getitem__(self, channel: str) -> float:
        return self.channels[channel]


@dataclass(frozen=True)
class Frames:
    """Many frames from one batch call: ``channels`` is frames x global
    channels, ``elements`` frames x elements x element channels, and ``raw``
    the frames exactly as the plugin wrote them."""

    t: np.ndarray
    channels: np.ndarray
    elements: np.ndarray
    raw: np.ndarray
    channel_names: Tuple[str, ...]
    element_channel_names: Tuple[str, ...]


@dataclass(frozen=True)
class Element:
    text: str
    attributes: Dict[str, float]


@dataclass(frozen=True)
class DisplayStrings:
    text: str
    accessibility_label: str
    accessibility_value: str


@dataclass(frozen=True)
class Timing:
    """``kind`` is "ends" (settled from ``end`` on) or "loops" (from ``loop_start``, every ``period``)."""

    kind: str
    end: float = 0.0
    loop_start: float = 0.0
    period: float = 0.0


class Instance:
    """A running effect. Close it (or use ``with``) to free it; sampling may
    run on many threads at once, ``set`` needs exclusive access."""

    def __init__(self, effect: "Effect", handle: ctypes.c_void_p) -> None:
        self.effect = effect
        self._api = effect.plugin._api
        self._handle: Optional[ctypes.c_void_p] = handle
        info = self._info()
        self.element_count = int(info.element_count)
        self.frame_size = int(info.frame_size)
        self.layout_item_count = int(info.layout_item_count) if info.struct_size > _abi.INSTANCE_INFO_SIZE_1_0 else 0
        self._globals = len(effect.channels)
        self._stride = len(effect.element_channels)
        self._frame = (ctypes.c_double * max(1, self.frame_size))()

    def __enter__(self) -> "Instance":
        return self

    def __exit__(self, *exception: Any) -> None:
        self.close()

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:
            pass

    def close(self) -> None:
        """Destroys the instance; later calls raise EffectError."""
        if self._handle is not None:
            self._api.destroy(self._handle)
            self._handle = None

    @property
    def _live(self) -> ctypes.c_void_p:
        if self._handle is None:
            raise EffectError(_abi.ERR_NULL_POINTER, "the instance is closed")
        return self._handle

    def _info(self) -> _abi.InstanceInfo:
        info = _abi.sized(_abi.InstanceInfo)
        _call(self._api.instance_info, self._live, ctypes.byref(info))
        return info

    @property
    def timing(self) -> Timing:
        """How the instance ends or loops, given its events so far."""
        info = self._info()
        if info.timing == _abi.TIMING_LOOPS:
            return Timing("loops", loop_start=info.loop_start, period=info.period)
        return Timing("ends", end=info.end)

    def sample(self, t: float) -> Sample:
        """The frame at time t, as channel mappings."""
        _call(self._api.sample, self._live, float(t), self._frame, self.frame_size)
        values = list(self._frame[: self.frame_size])
        names = [channel.name for channel in self.effect.channels]
        element_names = [channel.name for channel in self.effect.element_channels]
        elements = [
            dict(zip(element_names, values[self._globals + i * self._stride : self._globals + (i + 1) * self._stride]))
            for i in range(self.element_count)
        ]
        return Sample(float(t), dict(zip(names, values[: self._globals])), elements)

    def sample_many(self, t0: float, dt: float, n: int) -> Frames:
        """n frames at t0, t0 + dt, ... through the ABI's batch call, with no per-frame Python work."""
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise EffectError(_abi.ERR_RANGE, f"n must be a whole number >= 0, not {n!r}")
        raw = np.empty((n, self.frame_size), dtype=np.float64)
        pointer = raw.ctypes.data_as(ctypes.POINTER(ctypes.c_double)) if raw.size else ctypes.POINTER(ctypes.c_double)()
        _call(self._api.sample_many, self._live, float(t0), float(dt), n, pointer, raw.size)
        t = float(t0) + np.arange(n, dtype=np.float64) * float(dt)
        channels = raw[:, : self._globals]
        elements = raw[:, self._globals :].reshape(n, self.element_count, self._stride)
        return Frames(
            t, channels, elements, raw,
            tuple(channel.name for channel in self.effect.channels),
            tuple(channel.name for channel in self.effect.element_channels),
        )

    def set(self, name: str, value: Any, at: float) -> None:
        """An event: from time ``at`` on, param ``name`` has ``value``."""
        param = self.effect.param(name)
        keep: List[Any] = []
        raw = to_raw(param, value, keep)
        _call(self._api.set_param, self._live, name.encode("utf-8"), ctypes.byref(raw), float(at))

    def get(self, name: str, at: float = 0.0) -> Any:
        """The value param ``name`` has at time ``at``."""
        param = self.effect.param(name)
        raw = _abi.Value()
        _call(self._api.get_param, self._live, name.encode("utf-8"), float(at), ctypes.byref(raw))
        return value_from_raw(raw, param)

    def strings(self, t: float = 0.0) -> DisplayStrings:
        """What a renderer shows and assistive technology reads at time t."""
        out = _abi.sized(_abi.Strings)
        _call(self._api.strings, self._live, float(t), ctypes.byref(out))
        return DisplayStrings(_text(out.text), _text(out.accessibility_label), _text(out.accessibility_value))

    @property
    def elements(self) -> List[Element]:
        """Each element's text and static attributes, in order."""
        names = [attribute.name for attribute in self.effect.attributes]
        result = []
        for index in range(self.element_count):
            info = _abi.sized(_abi.ElementInfo)
            _call(self._api.element_info, self._live, index, ctypes.byref(info))
            values = [info.attributes[i] for i in range(info.attribute_count)]
            result.append(Element(_text(info.text), dict(zip(names, values))))
        return result

    def layout(self, sizes: Optional[Sequence[Tuple[float, float]]], container_width: float) -> np.ndarray:
        """Places the layout items (ABI 1.1): returns the header (width, height)
        and one row of EFFECT_LAYOUT_STRIDE values per item, as one array of
        shape (1 + items, 10) whose first row holds the header. ``sizes`` is
        (width, height) per item, or None for the terminal grid."""
        if not self.effect.plugin.has_layout:
            raise EffectError(_abi.ERR_UNSUPPORTED, "the plugin predates ABI 1.1 and does no layout")
        count = self.layout_item_count if sizes is None else len(sizes)
        out = np.zeros(_abi.LAYOUT_HEADER + count * _abi.LAYOUT_STRIDE, dtype=np.float64)
        measured = None
        if sizes is not None:
            measured = np.ascontiguousarray(np.asarray(sizes, dtype=np.float64).reshape(count, 2))
        _call(
            self._api.layout,
            self._live,
            measured.ctypes.data_as(ctypes.POINTER(ctypes.c_double)) if measured is not None and count else None,
            count,
            float(container_width),
            out.ctypes.data_as(ctypes.POINTER(ctypes.c_double)),
            out.size,
        )
        table = np.zeros((1 + count, _abi.LAYOUT_STRIDE))
        table[0, :2] = out[:2]
        table[1:] = out[2:].reshape(count, _abi.LAYOUT_STRIDE)
        return table

    def __iter__(self) -> Iterator[str]:
        return iter(channel.name for channel in self.effect.channels)
