"""An instance: events, single and batch sampling, strings, elements, layout, drawing."""

from __future__ import annotations

import contextlib
import ctypes
import numbers
import threading
import warnings
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

import numpy as np

from . import _abi, _host, _notebook
from ._drawing import DisplayList, MeasureBridge, Measurer, display_list
from ._host import Picture
from ._layout import Layout, read_layout
from ._library import _call, value_from_raw
from ._values import to_raw, to_time
from .errors import EffectError, EffectNote

if TYPE_CHECKING:
    from ._library import Effect


#: A NaN with a payload no arithmetic makes, put just past the values a
#: sampling call may write: a plugin that writes past its frame is then
#: refused, naming that, instead of quietly corrupting the memory after it.
FENCE_BITS = 0x7FF8_FE9C_E0FF_5E70


def _instance_text(value: bytes | None, what: str) -> str:
    """A string an instance hands back, refused as effect-host refuses it: NULL or not UTF-8."""
    if value is not None:
        try:
            return value.decode("utf-8", "strict")
        except UnicodeDecodeError:
            pass
    raise EffectError(_abi.ERR_INTERNAL, f"the plugin's {what} is NULL or not UTF-8")


def _check_fence(bits: int, call: str, room: int) -> None:
    if bits != FENCE_BITS:
        unit = "value" if room == 1 else "values"
        raise EffectError(
            _abi.ERR_INTERNAL,
            f"the plugin wrote past the end of the buffer it was given: {call} had room for {room:,} {unit}",
        )


class Sample(Mapping[str, float]):
    """One frame, a mapping of global channel names to values; ``elements``
    holds each element's channels by name. The mappings are made when first
    read, so sampling a frame of many elements costs little until then. It
    is read-only, like the frame it holds."""

    __slots__ = ("_channels", "_count", "_element_names", "_elements", "_names", "_t", "_values")

    def __init__(
        self, t: float, values: list[float], names: tuple[str, ...], element_names: tuple[str, ...], element_count: int
    ) -> None:
        self._t = t
        self._values = values
        self._names = names
        self._element_names = element_names
        self._count = element_count
        self._channels: dict[str, float] | None = None
        self._elements: list[dict[str, float]] | None = None

    @property
    def t(self) -> float:
        return self._t

    @property
    def channels(self) -> dict[str, float]:
        if self._channels is None:
            self._channels = dict(zip(self._names, self._values))
        return self._channels

    @property
    def elements(self) -> list[dict[str, float]]:
        if self._elements is None:
            stride = len(self._element_names)
            values = self._values
            start = len(self._names)
            # Elements may have no channels (only attributes): each is then {}.
            self._elements = [
                dict(zip(self._element_names, values[start + i * stride : start + (i + 1) * stride]))
                for i in range(self._count)
            ]
        return self._elements

    def __getitem__(self, channel: str) -> float:
        return self.channels[channel]

    def __iter__(self) -> Iterator[str]:
        return iter(self._names)

    def __len__(self) -> int:
        return len(self._names)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sample):
            return NotImplemented
        return self.t == other.t and self.channels == other.channels and self.elements == other.elements

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Sample(t={self.t!r}, channels={self.channels!r}, elements={self.elements!r})"


class Frames:
    """Many frames from one batch call: ``channels`` is frames x global
    channels, ``elements`` frames x elements x element channels, and ``raw``
    the frames exactly as the plugin wrote them; ``t`` holds each frame's
    time. The arrays share one buffer and are made when first read, so a
    batch call costs little more than the plugin's own work. It is
    read-only, like the frames it holds."""

    __slots__ = ("_bits", "_dt", "_n", "_names", "_shape", "_t0", "_views")

    def __init__(
        self,
        bits: np.ndarray,
        n: int,
        t0: float,
        dt: float,
        shape: tuple[int, int, int, int],
        channel_names: tuple[str, ...],
        element_channel_names: tuple[str, ...],
    ) -> None:
        self._bits = bits
        self._n = n
        self._t0 = t0
        self._dt = dt
        # Values a frame, global channels, elements, channels an element.
        self._shape = shape
        self._names = (channel_names, element_channel_names)
        self._views: dict[str, np.ndarray] = {}

    @property
    def channel_names(self) -> tuple[str, ...]:
        return self._names[0]

    @property
    def element_channel_names(self) -> tuple[str, ...]:
        return self._names[1]

    @property
    def raw(self) -> np.ndarray:
        view = self._views.get("raw")
        if view is None:
            size = self._shape[0] * self._n
            view = self._views["raw"] = self._bits[:size].view(np.float64).reshape(self._n, self._shape[0])
        return view

    @property
    def t(self) -> np.ndarray:
        view = self._views.get("t")
        if view is None:
            # The expression the plugin's batch loop uses for each frame's t.
            view = self._views["t"] = self._t0 + np.arange(self._n, dtype=np.float64) * self._dt
        return view

    @property
    def channels(self) -> np.ndarray:
        view = self._views.get("channels")
        if view is None:
            view = self._views["channels"] = self.raw[:, : self._shape[1]]
        return view

    @property
    def elements(self) -> np.ndarray:
        view = self._views.get("elements")
        if view is None:
            _, globals_, elements, stride = self._shape
            view = self._views["elements"] = self.raw[:, globals_:].reshape(self._n, elements, stride)
        return view

    def __repr__(self) -> str:
        return f"Frames({self._n} frames of {self._shape[0]} values, t0 = {self._t0!r}, dt = {self._dt!r})"


@dataclass(frozen=True)
class Element:
    text: str
    attributes: dict[str, float]


@dataclass(frozen=True)
class DisplayStrings:
    text: str
    accessibility_label: str
    accessibility_value: str


#: How an instance's timeline goes on (``Timing.kind``).
TimingKind = Literal["ends", "loops"]
#: The colour scheme a frame is drawn for (``Instance.draw``).
Appearance = Literal["light", "dark"]


@dataclass(frozen=True)
class Timing:
    """``kind`` is "ends" (settled from ``end`` on) or "loops" (from ``loop_start``, every ``period``)."""

    kind: TimingKind
    end: float = 0.0
    loop_start: float = 0.0
    period: float = 0.0


# Per thread: how many draws' reads it is inside (see Instance._reading).
_drawing = threading.local()


class Instance:
    """A running effect. Close it (or use ``with``) to free it.

    Any number of threads may sample it at once. ``set`` and ``close`` wait
    for calls in flight and hold the instance alone while they run, as the
    C ABI requires; a call after ``close`` raises EffectError.
    """

    def __init__(self, effect: Effect, handle: ctypes.c_void_p, params: Mapping[str, Any] | None, owner: _host.Handle) -> None:
        self.effect = effect
        # The instance as the host library holds it (it made it, with its
        # word segmenter); `handle` is the plugin's own, for sampling.
        self._owner = owner
        self._api = effect.plugin._api
        self._handle: ctypes.c_void_p | None = handle
        # A plain lock, entered directly on the sampling path (a Condition's
        # own enter is Python code, and its default RLock is slower).
        self._lock = threading.Lock()
        self._state = threading.Condition(self._lock)
        self._readers = 0
        self._writing = False
        self._writers_waiting = 0
        # Looked up once: reading a table field makes a new function object.
        self._sample_function = self._api.sample
        self._sample_many_function = self._api.sample_many
        self._read_shape()
        self._globals = len(effect.channels)
        self._stride = len(effect.element_channels)
        self._channel_names = tuple(channel.name for channel in effect.channels)
        self._element_channel_names = tuple(channel.name for channel in effect.element_channels)
        self._said: set[str] = set()
        self._say_notes(stacklevel=4)  # the caller of create

    def __enter__(self) -> Instance:
        return self

    def __exit__(self, *exception: Any) -> None:
        self.close()

    def __del__(self) -> None:
        # A finaliser must not raise; close() reports to callers who ask.
        with contextlib.suppress(Exception):
            self.close()

    def close(self) -> None:
        """Destroys the instance once no call is in flight; later calls raise EffectError."""
        with self._exclusive(closing=True) as handle:
            if handle is not None:
                self._owner.close()
                self._handle = None

    def _read(self, function: Any, *arguments: Any) -> None:
        """Calls a reading function of the table; many may run at once."""
        handle = self._enter_read()
        try:
            _call(function, handle, *arguments)
        finally:
            self._leave_read()

    # Reads pair these two instead of a context manager: sampling is called
    # at frame rate, and a generator-based one cost more than the ABI call.
    def _enter_read(self) -> ctypes.c_void_p:
        """Counts a read in and returns the handle, once no set or close runs
        or waits."""
        with self._lock:
            # A waiting set or close goes first: readers that overlap would
            # otherwise keep the count above zero and starve it for good.
            while self._writing or (self._writers_waiting and not getattr(_drawing, "depth", 0)):
                self._state.wait()
            handle = self._handle
            if handle is None:
                raise EffectError(_abi.ERR_NULL_POINTER, "the instance is closed")
            self._readers += 1
        return handle

    def _leave_read(self) -> None:
        with self._lock:
            self._readers -= 1
            # Only a set or close waits for reads to end.
            if self._writers_waiting:
                self._state.notify_all()

    @contextlib.contextmanager
    def _reading(self) -> Iterator[ctypes.c_void_p]:
        """The handle, for reads (and for using what they return, such as a
        display list's instance-owned text) while no set or close can run."""
        handle = self._enter_read()
        # A measurer called back from inside may read the instance: that
        # read must not queue behind a writer that waits for this one.
        _drawing.depth = getattr(_drawing, "depth", 0) + 1
        try:
            yield handle
        finally:
            _drawing.depth -= 1
            self._leave_read()

    def _explain(self, status: int, function: Any, *arguments: Any) -> EffectError:
        """Why a sampling call failed: sampling changes nothing, so the same
        call made again with an error struct gives the plugin's message. If
        a set or close came in between, the answer is no longer that call's:
        the first status stands, without the message."""
        try:
            self._read(function, *arguments)
        except EffectError as error:
            if error.status == status:
                return error
        return EffectError(status, f"the plugin failed with status {status}")

    class _Exclusive:
        def __init__(self, instance: Instance, closing: bool) -> None:
            self.instance = instance
            self.closing = closing

        def __enter__(self) -> ctypes.c_void_p | None:
            instance = self.instance
            state = instance._state
            with state:
                instance._writers_waiting += 1
                try:
                    while instance._writing or instance._readers:
                        state.wait()
                finally:
                    instance._writers_waiting -= 1
                    # Reads held back for this writer go on should it give
                    # up (closed, or interrupted); otherwise they wait again.
                    state.notify_all()
                if instance._handle is None and not self.closing:
                    raise EffectError(_abi.ERR_NULL_POINTER, "the instance is closed")
                instance._writing = True
                return instance._handle

        def __exit__(self, *exception: Any) -> None:
            with self.instance._state:
                self.instance._writing = False
                self.instance._state.notify_all()

    def _exclusive(self, closing: bool = False) -> Instance._Exclusive:
        return Instance._Exclusive(self, closing)

    def _info(self) -> _abi.InstanceInfo:
        info = _abi.sized(_abi.InstanceInfo)
        self._read(self._api.instance_info, ctypes.byref(info))
        return info

    @property
    def notes(self) -> tuple[str, ...]:
        """What the params as given leave out, as the plugin says it (a
        highlight phrase that matches no words of the text), one line each,
        given the events so far; each is also warned once as an EffectNote.
        Empty for a plugin before ABI 1.5."""
        info = self._info()
        if info.struct_size < _abi.INSTANCE_INFO_SIZE_1_1 + ctypes.sizeof(ctypes.c_char_p) or not info.notes:
            return ()
        return tuple(line for line in info.notes.decode("utf-8", "replace").split("\n") if line)

    def _say_notes(self, stacklevel: int) -> None:
        """Warns each note not said before on this instance, from the
        caller ``stacklevel`` frames up."""
        for note in self.notes:
            if note not in self._said:
                self._said.add(note)
                warnings.warn(f"{self.effect.id}: {note}", EffectNote, stacklevel=stacklevel)

    @property
    def timing(self) -> Timing:
        """How the instance ends or loops, given its events so far."""
        info = self._info()
        if info.timing == _abi.TIMING_LOOPS:
            return Timing("loops", loop_start=info.loop_start, period=info.period)
        return Timing("ends", end=info.end)

    def sample(self, t: float) -> Sample:
        """The frame at time t, as channel mappings."""
        t = to_time(t)
        size = self.frame_size
        # One value more than the frame: the fence (see _check_fence).
        frame = (ctypes.c_double * (size + 1))()
        bits = ctypes.cast(frame, ctypes.POINTER(ctypes.c_uint64))
        bits[size] = FENCE_BITS
        handle = self._enter_read()
        try:
            # No error struct: on failure _explain asks again with one.
            status = self._sample_function(handle, t, frame, size, None)
        finally:
            self._leave_read()
        _check_fence(bits[size], f"sample at t = {t!r}", size)
        if status != _abi.OK:
            raise self._explain(status, self._sample_function, t, frame, size)
        return Sample(t, frame[:size], self._channel_names, self._element_channel_names, self.element_count)

    def sample_many(self, t0: float, dt: float, n: int) -> Frames:
        """n frames at t0, t0 + dt, ... through the ABI's batch call, with no per-frame Python work."""
        if (type(n) is not int and (isinstance(n, bool) or not isinstance(n, numbers.Integral))) or not 0 <= n < 2**40:
            raise EffectError(_abi.ERR_RANGE, f"n must be a whole number from 0 to 2**40, not {n!r}")
        n = int(n)
        t0 = to_time(t0)
        dt = to_time(dt, signed=True)
        size = n * self.frame_size
        # The buffer as bits, so the fence is written and read without a view.
        bits = np.empty(size + 1, dtype=np.uint64)
        bits[size] = FENCE_BITS
        # The frames argument is declared void *, so the address passes as a
        # plain int; numpy's own ways to an address cost more than the call.
        # (numpy arrays are buffers; the stubs do not say so.)
        address = ctypes.addressof(ctypes.c_char.from_buffer(bits)) if size else None  # type: ignore[arg-type, unused-ignore]
        handle = self._enter_read()
        try:
            status = self._sample_many_function(handle, t0, dt, n, address, size, None)
        finally:
            self._leave_read()
        if bits[size] != FENCE_BITS:
            _check_fence(int(bits[size]), f"sample_many of {n} frames", size)
        if status != _abi.OK:
            raise self._explain(status, self._sample_many_function, t0, dt, n, address, size)
        return Frames(
            bits, n, t0, dt, (self.frame_size, self._globals, self.element_count, self._stride), self._channel_names,
            self._element_channel_names,
        )

    def set(self, name: str, value: Any, at: float) -> None:
        """An event: from time ``at`` on, param ``name`` has ``value``."""
        param = self.effect.param(name)
        keep: list[Any] = []
        raw = to_raw(self.effect, param, value, keep)
        with self._exclusive():
            # Through the host, so that it knows the event (an export's
            # reduced-motion variant replays it).
            _host.set_param(self._owner, name, raw, to_time(at))
        self._say_notes(stacklevel=3)  # the caller of set

    def set_event(self, event: str) -> None:
        """An event given as text, ``"T:NAME=VALUE"``, read by the host's
        one grammar exactly as ``effect-host --at`` reads it (a value in the
        form ``--param`` takes). Refused with the host's message (ERR_RANGE
        for text that is not an event), nothing changes."""
        if not isinstance(event, str):
            raise EffectError(_abi.ERR_TYPE, f"an event is 'T:NAME=VALUE' text, not {type(event).__name__} {event!r}")
        with self._exclusive():
            _host.set_event_text(self._owner, event)
        self._say_notes(stacklevel=3)  # the caller of set_event

    @property
    def span(self) -> float:
        """How long the effect plays by itself, in seconds: to its end, or
        through its entrance and one period of its loop, and never less than
        its latest event's time (what render takes with no duration)."""
        with self._reading():
            return _host.span(self._host_instance())

    @property
    def settled_time(self) -> float:
        """The moment a still shows by default, as render decides it: the
        effect's end (never before its latest event) or where its loop
        starts (API 1.7)."""
        with self._reading():
            return _host.settled_time(self._host_instance())

    def edit(self, name: str, value: Any, at: float) -> None:
        """An event set while editing the history, as after seeking back:
        as ``set``, except that the events set later than ``at`` are taken
        out first and the instance made again from its params and the events
        kept (those at ``at`` stay). Without a later event it is ``set``.
        Pictures draw the edited history; a player made before plays the
        instance as it was. Refused, nothing changes."""
        param = self.effect.param(name)
        keep: list[Any] = []
        raw = to_raw(self.effect, param, value, keep)
        with self._exclusive():
            _host.edit_param(self._owner, name, raw, to_time(at))
            self._remade()
        self._say_notes(stacklevel=3)  # the caller of edit

    def forget(self, name: str) -> None:
        """Param ``name`` back to the effect's own default from the start:
        its value at create and its events taken out, every other event
        kept, the instance made again (a default that follows the
        appearance follows it again). Refused, nothing changes."""
        self.effect.param(name)
        with self._exclusive():
            _host.forget_param(self._owner, name)
            self._remade()
        self._say_notes(stacklevel=3)  # the caller of forget

    def _remade(self) -> None:
        """After the host made the instance again: its new handle, and its
        shape, which the params forgotten may change (text's words). Called
        holding the instance alone."""
        self._handle = _host.instance_handle(self._owner)
        # _read_shape reads through _read, which waits for the writer this
        # call runs under: read the table directly instead.
        self._read_shape(self._handle)

    def _read_shape(self, handle: ctypes.c_void_p | None = None) -> None:
        info = _abi.sized(_abi.InstanceInfo)
        if handle is None:
            self._read(self._api.instance_info, ctypes.byref(info))
        else:
            _call(self._api.instance_info, handle, ctypes.byref(info))
        self.element_count = int(info.element_count)
        self.frame_size = int(info.frame_size)
        self.layout_item_count = int(info.layout_item_count) if info.struct_size > _abi.INSTANCE_INFO_SIZE_1_0 else 0

    def get(self, name: str, at: float = 0.0) -> Any:
        """The value param ``name`` has at time ``at``."""
        param = self.effect.param(name)
        raw = _abi.Value()
        self._read(self._api.get_param, name.encode("utf-8"), to_time(at), ctypes.byref(raw))
        return value_from_raw(raw, param)

    def strings(self, t: float = 0.0) -> DisplayStrings:
        """What a renderer shows and assistive technology reads at time t."""
        out = _abi.sized(_abi.Strings)
        self._read(self._api.strings, to_time(t), ctypes.byref(out))
        return DisplayStrings(
            _instance_text(out.text, "text"),
            _instance_text(out.accessibility_label, "accessibility label"),
            _instance_text(out.accessibility_value, "accessibility value"),
        )

    @property
    def elements(self) -> list[Element]:
        """Each element's text and static attributes, in order."""
        names = [attribute.name for attribute in self.effect.attributes]
        result = []
        for index in range(self.element_count):
            info = _abi.sized(_abi.ElementInfo)
            self._read(self._api.element_info, index, ctypes.byref(info))
            values = [info.attributes[i] for i in range(info.attribute_count)]
            result.append(Element(_instance_text(info.text, f"element {index} text"), dict(zip(names, values))))
        return result

    def layout(self, sizes: Sequence[tuple[float, float]] | None, container_width: float) -> Layout:
        """Places the layout items (ABI 1.1) in rows ``container_width`` wide:
        ``sizes`` is each item's measured (width, height), in any unit, or
        None for the terminal grid (one cell per character)."""
        if not self.effect.plugin.has_layout:
            raise EffectError(_abi.ERR_UNSUPPORTED, "the plugin predates ABI 1.1 and does no layout")
        if isinstance(container_width, bool) or not isinstance(container_width, numbers.Real):
            raise EffectError(
                _abi.ERR_RANGE, f"container_width is a number, not {type(container_width).__name__} {container_width!r}"
            )
        count = self.layout_item_count if sizes is None else len(sizes)
        out = np.zeros(_abi.LAYOUT_HEADER + count * _abi.LAYOUT_STRIDE, dtype=np.float64)
        measured = None
        if sizes is not None:
            try:
                measured = np.ascontiguousarray(np.asarray(sizes, dtype=np.float64).reshape(count, 2))
            except (TypeError, ValueError):
                raise EffectError(_abi.ERR_RANGE, "sizes must be (width, height) pairs of numbers") from None
        self._read(
            self._api.layout,
            measured.ctypes.data_as(ctypes.POINTER(ctypes.c_double)) if measured is not None and count else None,
            count,
            float(container_width),
            out.ctypes.data_as(ctypes.POINTER(ctypes.c_double)),
            out.size,
        )
        return read_layout(out.tolist(), count)

    def draw(
        self, t: float, width: float | None = None, measure: Measurer | None = None, appearance: Appearance = "light"
    ) -> DisplayList:
        """The frame at time t as a display list (ABI 1.2): groups, shapes and
        runs of text, drawn by the plugin and checked and walked by the host
        library (effect_host_instance_drawing).

        ``appearance`` is ``"light"`` or ``"dark"``, the colour scheme the
        frame is drawn for (ABI 1.3): colours the effect adapts, and that no
        param set, take that scheme's form. A plugin older than 1.3 draws
        its one look in both (``Plugin.adapts_to_appearance`` says which).

        ``width`` is the width proposed to the view (None: its ideal width;
        text-reveal wraps its rows to it). ``measure(text, size, weight,
        tracking)`` measures each run of text in your fonts and returns its
        ``(advance, ascent, descent)`` in points; without it the effect uses
        the ABI's reference metrics. A measurer that raises or answers
        anything but three finite numbers (the ascent and descent >= 0; the
        advance may be negative, as tracking can be) makes the draw fail
        with EffectError (ERR_RANGE) saying what it did.

        Raises EffectError with ERR_UNSUPPORTED for an effect that does not
        draw (every effect of an ABI 1.0 or 1.1 plugin), and ERR_INTERNAL
        for a list that breaks the ABI's rules, with the host's message.
        """
        t = to_time(t)
        appearances = {"light": _abi.APPEARANCE_LIGHT, "dark": _abi.APPEARANCE_DARK}
        if not isinstance(appearance, str) or appearance not in appearances:
            raise EffectError(_abi.ERR_RANGE, f"appearance is 'light' or 'dark', not {appearance!r}")
        options = _abi.sized(_host.DrawOptions)
        options.appearance = appearances[appearance]
        if width is not None:
            if isinstance(width, bool) or not isinstance(width, numbers.Real):
                raise EffectError(_abi.ERR_RANGE, f"width is a number of points or None, not {type(width).__name__} {width!r}")
            options.width = float(width)
        bridge = MeasureBridge(measure) if measure is not None else None
        if bridge is not None:
            options.measure = bridge.function
        # A read: no set or close runs while the host draws the instance.
        with self._reading():
            try:
                return _host.instance_drawing(self._host_instance(), t, options, display_list)
            finally:
                # The measurer's own failure, rather than the plugin's word on it.
                if bridge is not None:
                    bridge.raise_failure()

    # ---- In a notebook (IPython's rich display) -----------------------------

    def _repr_png_(self) -> tuple[bytes, dict[str, int]] | None:
        """The settled frame (at ``settled_time``) as a PNG, over the
        appearance's window colour, with its size in points for the
        notebook to show it at; None once closed (IPython then shows text)."""
        return _notebook.still(self)

    def _repr_html_(self) -> str | None:
        """An animated preview: a GIF the host renders (one period of a
        looping effect), inline. Where it cannot be made, the still with a
        line saying why, in the host's words, rather than an exception;
        None once closed."""
        return _notebook.preview(self)

    # ---- Through the host library ---------------------------------------------

    def _host_instance(self) -> _host.Handle:
        """The instance as the host library holds it, for drawing, rendering
        and exporting."""
        if not self._owner.pointer:
            raise EffectError(_abi.ERR_NULL_POINTER, "the instance is closed")
        return self._owner

    def picture(
        self, appearance: str = "light", width: float | None = None, font: str | None = None, ground: str | None = None
    ) -> Picture:
        """The instance's frames as the host draws them, for arrays of pixels
        (``Picture.draw``): with real fonts (``font``: a family, a font file,
        or "reference"; by default Inter with fontconfig's fallbacks), in
        the ``appearance`` light or dark, text wrapped to ``width`` points
        (432 by default, as ``effect-host render``), over ``ground``
        ("#RRGGBB[AA]", "transparent", or by default the appearance's
        window colour)."""
        return Picture(self._host_instance(), appearance, width, font, ground)

    def render(
        self,
        path: str,
        *,
        fps: float | None = None,
        duration: float | None = None,
        time: float | None = None,
        loop: bool = False,
        scale: float | None = None,
        size: tuple[int, int] | None = None,
        png_frames: bool = False,
        svg_text: bool = False,
        appearance: str = "light",
        width: float | None = None,
        font: str | None = None,
        ground: str | None = None,
        progress: Callable[[int, int], Any] | None = None,
        cancel: Callable[[], bool] | None = None,
    ) -> list[str]:
        """Renders the instance to ``path`` as ``effect-host render -o`` does
        (the format from the path: a directory of SVG frames, PNG with
        ``png_frames``; .svg or .png stills, at ``time`` or the settled look;
        .html; .gif, .mp4, .webm or .apng through ffmpeg), with render's
        options and defaults. ``progress(done, total)`` hears each frame;
        ``cancel()`` returning true ends it (EffectError, nothing left under
        the name); an exception either raises ends the render and comes out
        of it. Returns the notes the CLI would print as warnings."""
        raw_look, keep = _host.look(appearance, width, font, ground)
        options = _abi.sized(_host.RenderOptions)
        options.flags = (
            (_host.RENDER_AT_TIME if time is not None else 0)
            | (_host.RENDER_LOOP if loop else 0)
            | (_host.RENDER_PNG_FRAMES if png_frames else 0)
            | (_host.RENDER_SVG_TEXT if svg_text else 0)
        )
        options.fps = 0.0 if fps is None else float(fps)
        options.duration = 0.0 if duration is None else float(duration)
        options.time = 0.0 if time is None else to_time(time)
        options.scale = 0.0 if scale is None else float(scale)
        if size is not None:
            options.pixel_width, options.pixel_height = size
        lines = _host.render(self._host_instance(), path, raw_look, options, _host.notes(progress, cancel))
        del keep
        return lines

    def export(
        self,
        path: str,
        *,
        fps: float | None = None,
        loop: bool = False,
        appearances: Sequence[str] = ("light", "dark"),
        name: str | None = None,
        appearance: str = "light",
        width: float | None = None,
        font: str | None = None,
    ) -> list[str]:
        """Exports the instance's whole timeline, its events baked in, as
        ``effect-host export -o`` does: ``path`` ending in .json is Lottie
        (in ``appearance``; ``loop``: one period alone), .lottie dotLottie,
        a directory (ending in /, existing, or with no extension; another
        extension is refused) a web page that plays with CSS alone (in each
        of ``appearances``, chosen by the reader's colour scheme; ``name``
        prefixes its classes). Returns the notes the CLI would print."""
        raw_look, keep = _host.look(appearance, width, font, None)
        options = _abi.sized(_host.ExportOptions)
        options.flags = _host.EXPORT_LOOP if loop else 0
        options.fps = 0.0 if fps is None else float(fps)
        unknown = [each for each in appearances if each not in _host.APPEARANCES]
        if unknown or not appearances:
            raise EffectError(_abi.ERR_RANGE, f"appearances are light and dark, not {list(appearances)!r}")
        options.appearances = (1 if "light" in appearances else 0) | (2 if "dark" in appearances else 0)
        if name is not None:
            encoded = name.encode("utf-8")
            keep.append(encoded)
            options.name = encoded
        lines = _host.export(self._host_instance(), path, raw_look, options, _host.notes())
        del keep
        return lines
