"""The host library (include/effect_host.h, libeffecthost.so) through ctypes:
the one host. It loads plugins by its rules, holds their checked metadata,
reads values and colours written as text, makes instances, draws them with
its renderer and real fonts, renders to every file ``effect-host render``
writes, exports web pages and Lottie, and validates.

The package has no loader of its own: where the library is absent,
loading a plugin raises HostLibraryMissing saying how to get it. Sampling
calls the plugin's own table, which the library hands out, directly.
"""

from __future__ import annotations

import ctypes
import functools
import numbers
import os
import shutil
from collections.abc import Callable, Iterable, Sequence
from ctypes import CFUNCTYPE, POINTER, Structure, c_char_p, c_double, c_int, c_int32, c_uint32, c_uint64, c_void_p
from dataclasses import dataclass
from typing import Any, TypeVar

import numpy as np

from . import _abi
from .errors import EffectError

API_MAJOR = 1
#: The least minor this package needs: 1.4 brought the metadata accessors,
#: 1.5 ``Picture.changed``, 1.6 ``Instance.edit`` and ``Instance.forget``,
#: 1.7 ``Instance.settled_time``, ``Picture.draw(ground_fills=True)`` and the
#: trust rules alone (``trust_problem``).
API_MINOR = 7
#: The longest side, in pixels, the host draws (its canvas's limit).
MAX_SIDE = 8192
LIBRARY_NAME = "libeffecthost.so"

ERR_LOAD = -100
ERR_IO = -101
ERR_CANCELLED = -102
ERR_MISSING = -103
ERR_TOO_MUCH = -104
ERR_BUSY = -105

APPEARANCES = {"light": 0, "dark": 1}
#: effect_host_pictures.h's limits of a look (ctypes cannot read macros).
LOOK_WIDTH_MIN, LOOK_WIDTH_MAX, LOOK_WIDTH_DEFAULT = 10.0, 10000.0, 432.0
#: Pixels a point a picture is drawn at unless told (render's --scale).
SCALE_DEFAULT = 2.0
GROUND_DEFAULT, GROUND_TRANSPARENT, GROUND_COLOR = range(3)
PIXELS_ARGB32_PREMULTIPLIED, PIXELS_RGBA_PREMULTIPLIED, PIXELS_RGBA_STRAIGHT = range(3)
RENDER_AT_TIME, RENDER_LOOP, RENDER_PNG_FRAMES, RENDER_SVG_TEXT = 1, 2, 4, 8
EXPORT_LOOP = 1
VALIDATE_STRICT, VALIDATE_ALLOW_UNSAFE = 1, 2
OPEN_ALLOW_UNSAFE, CATALOG_NO_DEFAULTS = 1, 4


class HostLibraryMissing(EffectError):
    """A call that needs the host library (libeffecthost.so), where it is not installed."""


PROGRESS = CFUNCTYPE(None, c_void_p, c_uint64, c_uint64)
CANCEL = CFUNCTYPE(c_int, c_void_p)
NOTE = CFUNCTYPE(None, c_void_p, c_char_p)


class Look(Structure):
    _fields_ = [
        ("struct_size", c_uint32),
        ("appearance", c_uint32),
        ("width", c_double),
        ("font", c_char_p),
        ("ground", c_uint32),
        ("ground_color", c_uint32),
    ]


class RenderOptions(Structure):
    _fields_ = [
        ("struct_size", c_uint32),
        ("flags", c_uint32),
        ("fps", c_double),
        ("duration", c_double),
        ("time", c_double),
        ("scale", c_double),
        ("pixel_width", c_uint32),
        ("pixel_height", c_uint32),
        ("progress", PROGRESS),
        ("cancel", CANCEL),
        ("note", NOTE),
        ("context", c_void_p),
    ]


class ExportOptions(Structure):
    _fields_ = [
        ("struct_size", c_uint32),
        ("flags", c_uint32),
        ("fps", c_double),
        ("appearances", c_uint32),
        ("reserved", c_uint32),
        ("name", c_char_p),
        ("note", NOTE),
        ("context", c_void_p),
    ]


class ValidateOptions(Structure):
    _fields_ = [("struct_size", c_uint32), ("flags", c_uint32), ("seed", c_uint64), ("timeout", c_double)]


class CatalogOptions(Structure):
    _fields_ = [
        ("struct_size", c_uint32),
        ("flags", c_uint32),
        ("paths", POINTER(c_char_p)),
        ("path_count", c_uint32),
        ("use_environment", c_uint32),
    ]


class Placement(Structure):
    _fields_ = [("struct_size", c_uint32), ("flags", c_uint32), ("size", c_double), ("x", c_double), ("y", c_double)]


PLACE_OVER = 1
PLACE_GROUND_FILLS = 2


class CheckResult(Structure):
    _fields_ = [
        ("struct_size", c_uint32),
        ("reserved", c_uint32),
        ("path", c_char_p),
        ("check", c_char_p),
        ("status", c_char_p),
        ("reason", c_char_p),
    ]


class DrawOptions(Structure):
    """effect_host_draw_options (effect_host_drawing.h)."""

    _fields_ = [
        ("struct_size", c_uint32),
        ("appearance", c_uint32),
        ("width", c_double),
        ("measure", _abi.MeasureFunction),
        ("measure_context", c_void_p),
    ]


#: What a step is (effect_host_step.kind).
STEP_ENTER, STEP_LEAVE, STEP_SHAPE, STEP_TEXT = 1, 2, 3, 4


class Step(Structure):
    """effect_host_step: ``item`` points at the drawing's checked item (a
    SHAPE's SEGMENT and STOP items follow it)."""

    _fields_ = [
        ("struct_size", c_uint32),
        ("kind", c_uint32),
        ("item", POINTER(_abi.DrawItem)),
        ("parent", ctypes.c_int64),
        ("end", c_uint64),
        ("matrix", c_double * 6),
        ("opacity", c_double),
        ("saturation", c_double),
        ("clip", ctypes.c_int64),
        ("depth", c_uint32),
        ("reserved", c_uint32),
    ]


assert ctypes.sizeof(DrawOptions) == 32
assert ctypes.sizeof(Step) == 112
assert ctypes.sizeof(Look) == 32
assert ctypes.sizeof(RenderOptions) == 80
assert ctypes.sizeof(ExportOptions) == 48
assert ctypes.sizeof(ValidateOptions) == 24
assert ctypes.sizeof(CheckResult) == 40
assert ctypes.sizeof(CatalogOptions) == 24
assert ctypes.sizeof(Placement) == 32

_Err = POINTER(_abi.Error)
_P = POINTER(c_void_p)
_SIGNATURES: dict[str, tuple[Any, list[Any]]] = {
    "effect_host_api_version": (c_uint32, []),
    "effect_host_plugin_open": (c_int32, [c_char_p, c_uint32, _P, _Err]),
    "effect_host_catalog_open": (c_int32, [POINTER(CatalogOptions), _P, _Err]),
    "effect_host_picture_pixel_size": (c_int32, [c_void_p, c_double, POINTER(c_uint32), POINTER(c_uint32), _Err]),
    "effect_host_catalog_searched_count": (c_uint32, [c_void_p]),
    "effect_host_catalog_searched": (c_char_p, [c_void_p, c_uint32]),
    "effect_host_catalog_plugin_count": (c_uint32, [c_void_p]),
    "effect_host_catalog_plugin_path": (c_char_p, [c_void_p, c_uint32]),
    "effect_host_catalog_failure_count": (c_uint32, [c_void_p]),
    "effect_host_catalog_failure": (c_char_p, [c_void_p, c_uint32]),
    "effect_host_catalog_failure_path": (c_char_p, [c_void_p, c_uint32]),
    "effect_host_catalog_free": (None, [c_void_p]),
    "effect_host_plugin_table": (POINTER(_abi.PluginAPI), [c_void_p]),
    "effect_host_plugin_free": (None, [c_void_p]),
    "effect_host_plugin_describe": (c_int32, [c_void_p, POINTER(_abi.PluginInfo), _Err]),
    "effect_host_plugin_effect": (c_int32, [c_void_p, c_uint32, POINTER(_abi.EffectInfo), _Err]),
    "effect_host_plugin_find_effect": (c_int32, [c_void_p, c_char_p, POINTER(c_uint32), _Err]),
    "effect_host_plugin_param": (c_int32, [c_void_p, c_uint32, c_uint32, POINTER(_abi.ParamInfo), _Err]),
    "effect_host_plugin_find_param": (c_int32, [c_void_p, c_uint32, c_char_p, POINTER(c_uint32), _Err]),
    "effect_host_plugin_parse_value": (c_int32, [c_void_p, c_uint32, c_uint32, c_char_p, POINTER(_abi.Value), _Err]),
    "effect_host_plugin_channel": (c_int32, [c_void_p, c_uint32, c_uint32, POINTER(_abi.ChannelInfo), _Err]),
    "effect_host_closest": (c_void_p, [c_char_p, POINTER(c_char_p), c_uint32]),
    "effect_host_parse_color": (c_int32, [c_char_p, POINTER(c_uint32), _Err]),
    "effect_host_instance_handle": (c_void_p, [c_void_p]),
    "effect_host_instance_create": (c_int32, [c_void_p, c_char_p, POINTER(_abi.ParamSetting), c_uint32, _P, _Err]),
    "effect_host_instance_create_text": (c_int32, [c_void_p, c_char_p, POINTER(c_char_p), c_uint32, _P, _Err]),
    "effect_host_instance_set_param": (c_int32, [c_void_p, c_char_p, POINTER(_abi.Value), c_double, _Err]),
    "effect_host_instance_edit_param": (c_int32, [c_void_p, c_char_p, POINTER(_abi.Value), c_double, _Err]),
    "effect_host_instance_forget_param": (c_int32, [c_void_p, c_char_p, _Err]),
    "effect_host_instance_set_event_text": (c_int32, [c_void_p, c_char_p, _Err]),
    "effect_host_instance_span": (c_int32, [c_void_p, POINTER(c_double), _Err]),
    "effect_host_instance_settled_time": (c_int32, [c_void_p, POINTER(c_double), _Err]),
    "effect_host_plugin_trusted": (c_int32, [c_char_p, _Err]),
    "effect_host_instance_free": (None, [c_void_p]),
    "effect_host_picture_create": (c_int32, [c_void_p, POINTER(Look), _P, _Err]),
    "effect_host_picture_size": (c_int32, [c_void_p, POINTER(c_double), POINTER(c_double), _Err]),
    "effect_host_picture_draw_pixels": (c_int32, [c_void_p, c_double, c_void_p, c_uint32, c_uint32, c_uint32, c_uint32, _Err]),
    "effect_host_picture_draw_pixels_placed": (
        c_int32, [c_void_p, c_double, c_void_p, c_uint32, c_uint32, c_uint32, c_uint32, POINTER(Placement), _Err]),
    "effect_host_picture_changed": (c_int32, [c_void_p, c_double, POINTER(c_int), _Err]),
    "effect_host_picture_missing_characters": (c_char_p, [c_void_p]),
    "effect_host_picture_font_note": (c_char_p, [c_void_p]),
    "effect_host_picture_free": (None, [c_void_p]),
    "effect_host_instance_drawing": (c_int32, [c_void_p, c_double, POINTER(DrawOptions), _P, _Err]),
    "effect_host_drawing_frame": (c_int32, [c_void_p, POINTER(_abi.Drawing), _Err]),
    "effect_host_drawing_step_count": (c_uint64, [c_void_p]),
    "effect_host_drawing_step": (c_int32, [c_void_p, c_uint64, POINTER(Step), _Err]),
    "effect_host_drawing_free": (None, [c_void_p]),
    "effect_host_render": (c_int32, [c_void_p, c_char_p, POINTER(Look), POINTER(RenderOptions), _Err]),
    "effect_host_export": (c_int32, [c_void_p, c_char_p, POINTER(Look), POINTER(ExportOptions), _Err]),
    "effect_host_validate": (c_int32, [POINTER(c_char_p), c_uint32, POINTER(ValidateOptions), _P, _Err]),
    "effect_host_report_failed": (c_int, [c_void_p]),
    "effect_host_report_check_count": (c_uint32, [c_void_p]),
    "effect_host_report_check": (c_int32, [c_void_p, c_uint32, POINTER(CheckResult), _Err]),
    "effect_host_report_json": (c_char_p, [c_void_p]),
    "effect_host_report_free": (None, [c_void_p]),
}


def _checkout_builds() -> list[str]:
    """A checkout's build directories, when this package is an editable install in one."""
    package = os.path.dirname(os.path.abspath(__file__))
    root = os.path.dirname(os.path.dirname(package))
    if os.path.basename(os.path.dirname(package)) == "python" and os.path.isfile(os.path.join(root, "Package.swift")):
        return [os.path.join(root, ".build", "debug"), os.path.join(root, ".build", "release")]
    return []


def candidates() -> list[str]:
    """Where the host library is looked for, in order: $EFFECT_HOST_LIBRARY;
    inside this package (``effects/lib``); <prefix>/lib of an ``effect-host``
    on PATH; a checkout's .build/debug and .build/release, for an editable
    install in one."""
    places = []
    named = os.environ.get("EFFECT_HOST_LIBRARY")
    if named:
        places.append(named)
    places.append(os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib", LIBRARY_NAME))
    host = shutil.which("effect-host")
    if host is not None:
        places.append(os.path.join(os.path.dirname(os.path.dirname(os.path.realpath(host))), "lib", LIBRARY_NAME))
    places += [os.path.join(build, LIBRARY_NAME) for build in _checkout_builds()]
    return places


@functools.lru_cache(maxsize=1)
def library() -> ctypes.CDLL:
    """The host library, loaded once; HostLibraryMissing when none is found or
    none loads (asked again next time: a failure is not kept)."""
    problems = []
    for path in candidates():
        if not os.path.isfile(path):
            continue
        try:
            loaded = ctypes.CDLL(path, mode=os.RTLD_NOW | os.RTLD_LOCAL)
        except OSError as error:
            problems.append(f"{path}: {error}")
            continue
        try:
            for name, (result, arguments) in _SIGNATURES.items():
                function = getattr(loaded, name)
                function.restype = result
                function.argtypes = arguments
        except AttributeError as missing:
            problems.append(f"{path}: an older library than this package speaks ({missing})")
            continue
        version = loaded.effect_host_api_version()
        if version >> 16 != API_MAJOR or version & 0xFFFF < API_MINOR:
            problems.append(f"{path}: host API {version >> 16}.{version & 0xFFFF}; this package needs {API_MAJOR}.{API_MINOR} or a later 1.x")
            continue
        return loaded
    found = "; ".join(problems) if problems else "none was found"
    raise HostLibraryMissing(
        ERR_MISSING,
        f"this needs {LIBRARY_NAME}, the effect host library, which loads plugins for this package ({found}): "
        "install the release's wheel, which carries it, or effect-host (scripts/install or the release tarball) "
        "with its bin/ on PATH, or set EFFECT_HOST_LIBRARY to the library's path",
    )


def call(function: Any, *arguments: Any) -> None:
    """One host call; EffectError with its status and one-line message when it fails."""
    error = _abi.sized(_abi.Error)
    status = function(*arguments, ctypes.byref(error))
    if status != _abi.OK:
        raise EffectError(status, error.message.decode("utf-8", "replace") or "the host call failed")


class Handle:
    """A host object, freed once (by close, or when collected)."""

    def __init__(self, pointer: c_void_p, free: Callable[[c_void_p], None], keep: Any = None) -> None:
        self.pointer = pointer
        self._free = free
        # What the object needs alive while it lives (its instance, its plugin).
        self._keep = keep

    def close(self) -> None:
        if self.pointer:
            self._free(self.pointer)
            self.pointer = c_void_p()

    def __del__(self) -> None:
        self.close()


def open_plugin(path: str, allow_unsafe: bool) -> Handle:
    host = library()
    raw = c_void_p()
    call(host.effect_host_plugin_open, os.fsencode(path), 1 if allow_unsafe else 0, ctypes.byref(raw))
    return Handle(raw, host.effect_host_plugin_free)


def open_plugin_checked(path: str, allow_unsafe: bool) -> Handle:
    """The plugin, loaded by the host's rules; PluginLoadError saying why not."""
    from .errors import PluginLoadError

    try:
        return open_plugin(path, allow_unsafe)
    except EffectError as error:
        if error.status != ERR_LOAD:
            raise
        reason = error.message.removeprefix(path + ": ")
        if reason.startswith("refused: "):
            reason += "; or pass allow_unsafe=True to load it anyway"
        raise PluginLoadError(path, reason) from None


@dataclass(frozen=True)
class Found:
    """What the host's catalog searched, in order, the plugin files it read
    well (each real file once), and (path, why) for each that failed."""

    searched: list[str]
    files: list[str]
    failures: list[tuple[str, str]]


def open_catalog(paths: Sequence[str], defaults: bool, allow_unsafe: bool) -> Found:
    """The host library's catalog of the search path, as ``effect-host list``
    finds it: ``paths``, then, with ``defaults``, EFFECT_PLUGIN_PATH and the
    plugins installed beside the library; the library decides the order and
    what is searched. Each file is read in a child process (answers kept in
    the scan cache `effect-host list` uses): a plugin that crashes or hangs
    while describing itself is a failure, not the end of this process.
    Paths are passed as their bytes; the library refuses one that is not
    UTF-8 (EFFECT_ERR_UTF8), and says so (EFFECT_HOST_ERR_MISSING) when the
    effect-host program that reads files apart is not beside it."""
    host = library()
    encoded = (c_char_p * max(1, len(paths)))(*(os.fsencode(path) for path in paths))
    options = _abi.sized(CatalogOptions)
    options.flags = (0 if defaults else CATALOG_NO_DEFAULTS) | (OPEN_ALLOW_UNSAFE if allow_unsafe else 0)
    options.paths = encoded
    options.path_count = len(paths)
    options.use_environment = 1 if defaults else 0
    raw = c_void_p()
    call(host.effect_host_catalog_open, ctypes.byref(options), ctypes.byref(raw))
    try:
        searched = [os.fsdecode(host.effect_host_catalog_searched(raw, index)) for index in range(host.effect_host_catalog_searched_count(raw))]
        files = [os.fsdecode(host.effect_host_catalog_plugin_path(raw, index)) for index in range(host.effect_host_catalog_plugin_count(raw))]
        failures = []
        for index in range(host.effect_host_catalog_failure_count(raw)):
            path = os.fsdecode(host.effect_host_catalog_failure_path(raw, index))
            line = host.effect_host_catalog_failure(raw, index).decode("utf-8", "replace")
            failures.append((path, line.removeprefix(path + ": ")))
        return Found(searched, files, failures)
    finally:
        host.effect_host_catalog_free(raw)


def plugin_table(plugin: Handle) -> Any:
    """The plugin's table (effect.h), valid while the plugin is held."""
    return library().effect_host_plugin_table(plugin.pointer)


def plugin_info(plugin: Handle) -> _abi.PluginInfo:
    """The plugin's description as the host checked it; its strings are the
    host's, valid while the plugin handle lives."""
    info = _abi.sized(_abi.PluginInfo)
    call(library().effect_host_plugin_describe, plugin.pointer, ctypes.byref(info))
    return info


def effect_info(plugin: Handle, effect: int) -> _abi.EffectInfo:
    info = _abi.sized(_abi.EffectInfo)
    call(library().effect_host_plugin_effect, plugin.pointer, effect, ctypes.byref(info))
    return info


def param_info(plugin: Handle, effect: int, param: int) -> _abi.ParamInfo:
    info = _abi.sized(_abi.ParamInfo)
    call(library().effect_host_plugin_param, plugin.pointer, effect, param, ctypes.byref(info))
    return info


def channel_info(plugin: Handle, effect: int, channel: int) -> _abi.ChannelInfo:
    info = _abi.sized(_abi.ChannelInfo)
    call(library().effect_host_plugin_channel, plugin.pointer, effect, channel, ctypes.byref(info))
    return info


def find_param(plugin: Handle, effect: int, name: str) -> int:
    """The index of param ``name``; EffectError (UNKNOWN_PARAM) with the
    host's message, which suggests the closest name or lists them all."""
    index = c_uint32()
    call(library().effect_host_plugin_find_param, plugin.pointer, effect, _utf8(name, "a param name"), ctypes.byref(index))
    return index.value


def parse_value(plugin: Handle, effect: int, param: int, text: str, what: str) -> _abi.Value:
    """``text`` read as the param's value by the host's grammar (as
    ``effect-host --param`` reads it); EffectError with its message, or
    naming ``what`` for text C cannot carry."""
    value = _abi.Value()
    call(library().effect_host_plugin_parse_value, plugin.pointer, effect, param, _utf8(text, what), ctypes.byref(value))
    return value


def instance_handle(instance: Handle) -> c_void_p:
    """The plugin's own instance, for sampling through its table."""
    return c_void_p(library().effect_host_instance_handle(instance.pointer))


def create_instance(plugin: Handle, effect_id: str, settings: Any, count: int) -> Handle:
    host = library()
    raw = c_void_p()
    call(host.effect_host_instance_create, plugin.pointer, effect_id.encode("utf-8"), settings, count, ctypes.byref(raw))
    return Handle(raw, host.effect_host_instance_free, keep=plugin)


def create_instance_text(plugin: Handle, effect_id: str, assignments: Iterable[str]) -> Handle:
    host = library()
    # A string is iterable too, by its characters: never what was meant.
    if isinstance(assignments, (str, bytes)) or not isinstance(assignments, Iterable):
        raise EffectError(
            _abi.ERR_TYPE, f"assignments is a list of 'NAME=VALUE' strings, not {type(assignments).__name__} {_shown(assignments)}"
        )
    assignments = list(assignments)
    for index, text in enumerate(assignments):
        if not isinstance(text, str):
            raise EffectError(_abi.ERR_TYPE, f"assignments[{index}] is a 'NAME=VALUE' string, not {type(text).__name__} {_shown(text)}")
    encoded = (c_char_p * max(1, len(assignments)))(*(text.encode("utf-8") for text in assignments))
    raw = c_void_p()
    call(host.effect_host_instance_create_text, plugin.pointer, effect_id.encode("utf-8"), encoded, len(assignments), ctypes.byref(raw))
    return Handle(raw, host.effect_host_instance_free, keep=plugin)


def set_param(instance: Handle, name: str, value: _abi.Value, at: float) -> None:
    call(library().effect_host_instance_set_param, instance.pointer, name.encode("utf-8"), ctypes.byref(value), at)


def edit_param(instance: Handle, name: str, value: _abi.Value, at: float) -> None:
    call(library().effect_host_instance_edit_param, instance.pointer, name.encode("utf-8"), ctypes.byref(value), at)


def forget_param(instance: Handle, name: str) -> None:
    call(library().effect_host_instance_forget_param, instance.pointer, name.encode("utf-8"))


def set_event_text(instance: Handle, event: str) -> None:
    call(library().effect_host_instance_set_event_text, instance.pointer, event.encode("utf-8"))


def span(instance: Handle) -> float:
    seconds = c_double()
    call(library().effect_host_instance_span, instance.pointer, ctypes.byref(seconds))
    return seconds.value


def trust_problem(path: str) -> str | None:
    """Why the trust rules refuse the file at ``path`` (effect_host_plugin_trusted), or None."""
    try:
        call(library().effect_host_plugin_trusted, os.fsencode(path))
    except EffectError as error:
        return error.message
    return None


def settled_time(instance: Handle) -> float:
    seconds = c_double()
    call(library().effect_host_instance_settled_time, instance.pointer, ctypes.byref(seconds))
    return seconds.value


_Read = TypeVar("_Read")


def instance_drawing(instance: Handle, t: float, options: DrawOptions, read: Callable[[_abi.Drawing, list[Step]], _Read]) -> _Read:
    """What ``read`` makes of the instance's own display list at t, drawn,
    checked and walked by the host (effect_host_instance_drawing): its
    frame and its steps, valid during the call."""
    functions = library()
    drawing = c_void_p()
    call(functions.effect_host_instance_drawing, instance.pointer, t, ctypes.byref(options), ctypes.byref(drawing))
    try:
        frame = _abi.sized(_abi.Drawing)
        call(functions.effect_host_drawing_frame, drawing, ctypes.byref(frame))
        steps = []
        for index in range(functions.effect_host_drawing_step_count(drawing)):
            step = _abi.sized(Step)
            call(functions.effect_host_drawing_step, drawing, index, ctypes.byref(step))
            steps.append(step)
        return read(frame, steps)
    finally:
        functions.effect_host_drawing_free(drawing)


def look(appearance: str, width: float | None, font: str | None, ground: str | None) -> tuple[Look, list[Any]]:
    """The C look for these choices, and what it points into (to keep alive)."""
    if appearance not in APPEARANCES:
        raise EffectError(_abi.ERR_RANGE, f"appearance must be light or dark, not {appearance!r}")
    raw = _abi.sized(Look)
    raw.appearance = APPEARANCES[appearance]
    raw.width = 0.0 if width is None else float(width)
    keep: list[Any] = []
    if font is not None:
        encoded = font.encode("utf-8")
        keep.append(encoded)
        raw.font = encoded
    if ground is None:
        raw.ground = GROUND_DEFAULT
    elif ground in ("transparent", "none"):
        raw.ground = GROUND_TRANSPARENT
    else:
        if not isinstance(ground, str):
            raise EffectError(_abi.ERR_TYPE, f"ground is a colour or 'transparent', not {type(ground).__name__} {_shown(ground)}")
        raw.ground = GROUND_COLOR
        try:
            raw.ground_color = parse_color(ground)
        except EffectError as error:
            raise EffectError(error.status, f"ground is a colour or 'transparent'; {error.message}") from None
    return raw, keep


def parse_color(text: str) -> int:
    """A colour written as text, read as the host reads every colour
    (#RRGGBB, opaque, or #RRGGBBAA; "0x" or no prefix in place of "#"), as
    0xRRGGBBAA; EffectError with the host's message for anything else."""
    rgba = c_uint32()
    call(library().effect_host_parse_color, _utf8(text, "a colour"), ctypes.byref(rgba))
    return rgba.value


def closest(word: str, candidates: Sequence[str]) -> str | None:
    """The candidate the host's "did you mean" would suggest for ``word``, or None."""
    if not candidates:
        return None
    encoded = [candidate.encode("utf-8", "surrogateescape") for candidate in candidates]
    array = (c_char_p * len(encoded))(*encoded)
    found = library().effect_host_closest(word.encode("utf-8", "surrogateescape"), array, len(encoded))
    # The host answers with one of the pointers it was given.
    addresses = ctypes.cast(array, POINTER(c_void_p))
    return next((candidates[i] for i in range(len(encoded)) if found and addresses[i] == found), None)


def _utf8(text: str, what: str) -> bytes:
    """Text as the C API takes it: UTF-8, without NUL (which would end it early)."""
    try:
        encoded = text.encode("utf-8")
    except UnicodeEncodeError:
        raise EffectError(_abi.ERR_UTF8, f"{what} cannot be written as UTF-8: {_shown(text)}") from None
    if b"\0" in encoded:
        raise EffectError(_abi.ERR_RANGE, f"{what} contains a NUL character: {_shown(text)}")
    return encoded


class Picture:
    """An instance's frames drawn by the host's renderer: its display list
    on a canvas that holds every frame's ink, text shaped by HarfBuzz in real
    fonts. Draws need the picture alone: one thread at a time."""

    def __init__(self, instance: Handle, appearance: str, width: float | None, font: str | None, ground: str | None) -> None:
        host = library()
        raw_look, keep = look(appearance, width, font, ground)
        raw = c_void_p()
        call(host.effect_host_picture_create, instance.pointer, ctypes.byref(raw_look), ctypes.byref(raw))
        del keep
        self._handle = Handle(raw, host.effect_host_picture_free, keep=instance)
        width_points, height_points = c_double(), c_double()
        call(host.effect_host_picture_size, raw, ctypes.byref(width_points), ctypes.byref(height_points))
        #: The picture's size in points.
        self.size = (width_points.value, height_points.value)

    def pixel_size(self, scale: float) -> tuple[int, int]:
        """The picture's size in pixels at ``scale`` pixels a point, as the
        host library sizes a render (each side rounded up); EffectError with
        the library's message for a scale outside its range (0.1 to 8192
        pixels a point) or a side beyond its limit (8192 pixels), and for a
        scale that is not a number."""
        if isinstance(scale, bool) or not isinstance(scale, numbers.Real):
            raise EffectError(_abi.ERR_RANGE, f"a scale is a number of pixels a point, not {scale!r}")
        width, height = c_uint32(), c_uint32()
        call(library().effect_host_picture_pixel_size, self._handle.pointer, float(scale), ctypes.byref(width), ctypes.byref(height))
        return width.value, height.value

    def draw(
        self, t: float, scale: float = 2.0, size: tuple[int, int] | None = None, premultiplied: bool = False, *,
        ground_fills: bool = False,
    ) -> np.ndarray:
        """The frame at ``t`` as a new (height, width, 4) array of uint8 R, G,
        B, A, straight alpha unless ``premultiplied``: ``size`` (width,
        height) pixels, or the picture at ``scale`` pixels a point. The
        picture is fitted to the pixels as an SVG viewport is (scaled to
        fit, centred), over its ground; ``ground_fills`` paints the ground
        over the whole array, as render paints a sized frame's margins."""
        width, height = self.pixel_size(scale) if size is None else _pixels(size)
        array = np.empty((height, width, 4), dtype=np.uint8)
        self.draw_into(t, array, premultiplied, ground_fills=ground_fills)
        return array

    def draw_into(
        self, t: float, array: np.ndarray, premultiplied: bool = False, *, size: float = 1.0, x: float = 0.5, y: float = 0.5,
        over: bool = False, ground_fills: bool = False,
    ) -> None:
        """The frame at ``t`` into ``array``: (height, width, 4) uint8, rows
        in order (a C-contiguous array, or a slice of one whose rows are
        contiguous), R, G, B, A. The picture is ``size`` times the size that
        fits the array, placed at ``x``, ``y`` in the room that leaves (0
        left or top, 0.5 centred, 1 right or bottom); ``over`` draws it over
        the array's pixels instead of clearing them; ``ground_fills`` paints
        the picture's ground over the whole array, not only behind the
        picture (API 1.7)."""
        if not isinstance(array, np.ndarray):
            raise EffectError(_abi.ERR_TYPE, f"draw_into's array is a numpy array, not {type(array).__name__} {_shown(array)}")
        if array.dtype != np.uint8 or array.ndim != 3 or array.shape[2] != 4 or array.strides[1:] != (4, 1):
            raise EffectError(_abi.ERR_RANGE, "draw_into takes a (height, width, 4) uint8 array whose rows are contiguous")
        if not array.flags.writeable:
            raise EffectError(_abi.ERR_RANGE, "draw_into needs a writable array")
        for name, value in (("size", size), ("x", x), ("y", y)):
            if isinstance(value, bool) or not isinstance(value, numbers.Real):
                raise EffectError(_abi.ERR_RANGE, f"{name} must be a number, not {value!r}")
        # C's placement reads a zeroed size as its default, 1; here the
        # default is the argument left out, and 0 is a size no picture has.
        if not size > 0:
            raise EffectError(_abi.ERR_RANGE, f"size is the picture's share of the size that fits, more than 0 (1 fits), not {size!r}")
        height, width = array.shape[:2]
        layout = PIXELS_RGBA_PREMULTIPLIED if premultiplied else PIXELS_RGBA_STRAIGHT
        flags = (PLACE_OVER if over else 0) | (PLACE_GROUND_FILLS if ground_fills else 0)
        placement = Placement(ctypes.sizeof(Placement), flags, float(size), float(x), float(y))
        call(
            library().effect_host_picture_draw_pixels_placed, self._handle.pointer, float(t), array.ctypes.data, width, height,
            array.strides[0], layout, ctypes.byref(placement),
        )

    def changed(self, t: float) -> bool:
        """Whether the frame at ``t`` would draw otherwise than the last frame
        this picture drew (``draw`` or ``draw_into``), decided by the host
        library from the frames' display lists, compared exactly: True
        before the first draw, False for a frame that draws the same (a
        settled effect), whatever the times. Events set since that draw
        count. It costs the plugin's draw, no raster: keep the pixels and
        draw again only when it says True."""
        from ._values import to_time  # here: _values imports this module's importers

        changed = c_int()
        call(library().effect_host_picture_changed, self._handle.pointer, to_time(t), ctypes.byref(changed))
        return changed.value != 0

    @property
    def missing_characters(self) -> str | None:
        """One line naming characters no installed font could draw (and the
        Debian package that has them), once the picture has met some."""
        line = library().effect_host_picture_missing_characters(self._handle.pointer)
        return line.decode("utf-8", "replace") if line else None

    @property
    def font_note(self) -> str | None:
        """One line saying the look's font family is not installed and which
        family text is drawn in instead, once the picture has drawn text."""
        line = library().effect_host_picture_font_note(self._handle.pointer)
        return line.decode("utf-8", "replace") if line else None

    def close(self) -> None:
        self._handle.close()


def _shown(value: Any) -> str:
    """A value as an error message quotes it: its repr, cut short."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _pixels(size: Any) -> tuple[int, int]:
    """``size`` as (width, height) pixels, each 1 to MAX_SIDE, checked
    before an array that large is allocated."""
    if not isinstance(size, (tuple, list)) or len(size) != 2:
        raise EffectError(_abi.ERR_TYPE, f"size is (width, height) in pixels, not {type(size).__name__} {_shown(size)}")
    for side in size:
        if isinstance(side, bool) or not isinstance(side, numbers.Integral):
            raise EffectError(_abi.ERR_TYPE, f"size is two whole numbers of pixels, not {_shown(tuple(size))}")
    width, height = int(size[0]), int(size[1])
    if not (0 < width <= MAX_SIDE and 0 < height <= MAX_SIDE):
        raise EffectError(_abi.ERR_RANGE, f"size is 1 to {MAX_SIDE} pixels a side, not {width} × {height}")
    return width, height


class _Notes:
    """The callbacks of a render or an export, and what they heard; an
    exception one raises ends the call and is raised from it."""

    def __init__(self, progress: Callable[[int, int], Any] | None, cancel: Callable[[], bool] | None) -> None:
        self.lines: list[str] = []
        self.failure: BaseException | None = None
        self._progress_function = progress
        self._cancel_function = cancel
        self.progress = PROGRESS(self._progress)
        self.cancel = CANCEL(self._cancel)
        self.note = NOTE(self._note)

    def _progress(self, context: Any, done: int, total: int) -> None:
        if self._progress_function is None or self.failure is not None:
            return
        try:
            self._progress_function(done, total)
        except BaseException as error:
            self.failure = error

    def _cancel(self, context: Any) -> int:
        if self.failure is not None:
            return 1
        if self._cancel_function is None:
            return 0
        try:
            return 1 if self._cancel_function() else 0
        except BaseException as error:
            self.failure = error
            return 1

    def _note(self, context: Any, line: bytes) -> None:
        self.lines.append(line.decode("utf-8", "replace"))

    def finish(self, status: int, error: _abi.Error) -> list[str]:
        if self.failure is not None:
            raise self.failure
        if status != _abi.OK:
            raise EffectError(status, error.message.decode("utf-8", "replace") or "the host call failed")
        return self.lines


def render(instance: Handle, path: str, raw_look: Look, options: RenderOptions, notes: _Notes) -> list[str]:
    options.progress = notes.progress
    options.cancel = notes.cancel
    options.note = notes.note
    error = _abi.sized(_abi.Error)
    status = library().effect_host_render(instance.pointer, os.fsencode(path), ctypes.byref(raw_look), ctypes.byref(options),
                                          ctypes.byref(error))
    return notes.finish(status, error)


def export(instance: Handle, path: str, raw_look: Look, options: ExportOptions, notes: _Notes) -> list[str]:
    options.note = notes.note
    error = _abi.sized(_abi.Error)
    status = library().effect_host_export(instance.pointer, os.fsencode(path), ctypes.byref(raw_look), ctypes.byref(options),
                                          ctypes.byref(error))
    return notes.finish(status, error)


def notes(progress: Callable[[int, int], Any] | None = None, cancel: Callable[[], bool] | None = None) -> _Notes:
    return _Notes(progress, cancel)


@dataclass(frozen=True)
class Check:
    """One conformance check of one plugin file."""

    path: str
    name: str
    #: pass, skip, warn, fail or crash.
    status: str
    reason: str


@dataclass(frozen=True)
class ValidationReport:
    """What ``effects.validate`` found: every check of every file."""

    checks: list[Check]
    #: A check failed or crashed (or, strict, warned).
    failed: bool
    #: The report as ``effect-host validate --json`` prints it.
    json: str


def validate(
    paths: Sequence[str] | str, strict: bool = False, allow_unsafe: bool = False, seed: int = 1, timeout: float | None = None
) -> ValidationReport:
    """Runs every check of ``effect-host validate`` on each plugin file, each
    in a child process (a plugin that crashes, exits or hangs harms only
    that process)."""
    host = library()
    files = [os.fsencode(paths)] if isinstance(paths, (str, os.PathLike)) else [os.fsencode(path) for path in paths]
    array = (c_char_p * max(1, len(files)))(*files)
    options = _abi.sized(ValidateOptions)
    options.flags = (VALIDATE_STRICT if strict else 0) | (VALIDATE_ALLOW_UNSAFE if allow_unsafe else 0)
    options.seed = seed
    options.timeout = 0.0 if timeout is None else float(timeout)
    raw = c_void_p()
    call(host.effect_host_validate, array, len(files), ctypes.byref(options), ctypes.byref(raw))
    report = Handle(raw, host.effect_host_report_free)
    checks = []
    for index in range(host.effect_host_report_check_count(raw)):
        result = _abi.sized(CheckResult)
        call(host.effect_host_report_check, raw, index, ctypes.byref(result))
        checks.append(Check(*(os.fsdecode(field) if field else "" for field in (result.path, result.check, result.status, result.reason))))
    text = host.effect_host_report_json(raw).decode("utf-8", "replace")
    failed = bool(host.effect_host_report_failed(raw))
    report.close()
    return ValidationReport(checks, failed, text)
