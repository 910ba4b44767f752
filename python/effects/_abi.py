"""ctypes mirrors of include/effect.h (ABI 1.7). Layouts must match the header byte for byte."""

from __future__ import annotations

import ctypes
from ctypes import (
    CFUNCTYPE,
    POINTER,
    Structure,
    Union,
    c_char,
    c_char_p,
    c_double,
    c_int32,
    c_int64,
    c_uint8,
    c_uint32,
    c_uint64,
    c_void_p,
)
from typing import TypeVar

ABI_MAJOR = 1
ABI_MINOR = 7

OK = 0
ERR_NULL_POINTER = -1
ERR_STRUCT_SIZE = -2
ERR_INDEX = -3
ERR_UNKNOWN_EFFECT = -4
ERR_UNKNOWN_PARAM = -5
ERR_TYPE = -6
ERR_RANGE = -7
ERR_UTF8 = -8
ERR_TIME = -9
ERR_BUFFER = -10
ERR_NOT_LIVE = -11
ERR_DUPLICATE = -12
ERR_OUT_OF_MEMORY = -13
ERR_INTERNAL = -14
ERR_UNSUPPORTED = -15

STATUS_NAMES = {
    value: name
    for name, value in globals().items()
    if name.startswith("ERR_") or name == "OK"
}

TYPE_NONE, TYPE_NUMBER, TYPE_INTEGER, TYPE_BOOL, TYPE_ENUM, TYPE_STRING, TYPE_COLOR = range(7)

PARAM_LIVE = 1
PARAM_OPTIONAL = 2
PARAM_MULTILINE = 4  # since 1.7: a string whose line breaks the effect shows as lines
TIMING_ENDS = 1
TIMING_LOOPS = 2
SCOPE_GLOBAL, SCOPE_ELEMENT, SCOPE_ATTRIBUTE = range(3)
CHANNEL_DISCRETE = 1
CHANNEL_COUNTER = 2
ERROR_MESSAGE_CAPACITY = 512
LAYOUT_HEADER = 2
LAYOUT_STRIDE = 10
INSTANCE_INFO_SIZE_1_0 = 48
#: Where effect_instance_info.notes begins: the size in ABI 1.1 to 1.4.
INSTANCE_INFO_SIZE_1_1 = 56


class Error(Structure):
    _fields_ = [("struct_size", c_uint32), ("status", c_int32), ("message", c_char * ERROR_MESSAGE_CAPACITY)]


class Value(Structure):
    _fields_ = [
        ("type", c_uint32),
        ("reserved", c_uint32),
        ("number", c_double),
        ("integer", c_int64),
        ("string", c_char_p),
    ]


class ParamSetting(Structure):
    _fields_ = [("name", c_char_p), ("value", Value)]


class PluginInfo(Structure):
    _fields_ = [
        ("struct_size", c_uint32),
        ("effect_count", c_uint32),
        ("id", c_char_p),
        ("name", c_char_p),
        ("version", c_char_p),
        ("author", c_char_p),
        ("license", c_char_p),
        ("summary", c_char_p),
    ]


class EffectInfo(Structure):
    _fields_ = [
        ("struct_size", c_uint32),
        ("param_count", c_uint32),
        ("global_channel_count", c_uint32),
        ("element_channel_count", c_uint32),
        ("attribute_count", c_uint32),
        ("timing_kinds", c_uint32),
        ("id", c_char_p),
        ("name", c_char_p),
        ("summary", c_char_p),
        ("element_noun", c_char_p),
        ("timing_doc", c_char_p),
        ("credit", c_char_p),
    ]


class ParamInfo(Structure):
    _fields_ = [
        ("struct_size", c_uint32),
        ("type", c_uint32),
        ("flags", c_uint32),
        ("choice_count", c_uint32),
        ("name", c_char_p),
        ("unit", c_char_p),
        ("doc", c_char_p),
        ("choices", POINTER(c_char_p)),
        ("min", c_double),
        ("max", c_double),
        ("default_value", Value),
    ]


class ChannelInfo(Structure):
    _fields_ = [
        ("struct_size", c_uint32),
        ("scope", c_uint32),
        ("flags", c_uint32),
        ("label_count", c_uint32),
        ("name", c_char_p),
        ("unit", c_char_p),
        ("doc", c_char_p),
        ("labels", POINTER(c_char_p)),
        ("min", c_double),
        ("max", c_double),
    ]


class InstanceInfo(Structure):
    _fields_ = [
        ("struct_size", c_uint32),
        ("element_count", c_uint32),
        ("frame_size", c_uint64),
        ("timing", c_uint32),
        ("reserved", c_uint32),
        ("end", c_double),
        ("loop_start", c_double),
        ("period", c_double),
        ("layout_item_count", c_uint32),
        ("reserved2", c_uint32),
        # Since 1.5.
        ("notes", c_char_p),
    ]


class ElementInfo(Structure):
    _fields_ = [
        ("struct_size", c_uint32),
        ("attribute_count", c_uint32),
        ("text", c_char_p),
        ("attributes", POINTER(c_double)),
    ]


class Strings(Structure):
    _fields_ = [
        ("struct_size", c_uint32),
        ("reserved", c_uint32),
        ("text", c_char_p),
        ("accessibility_label", c_char_p),
        ("accessibility_value", c_char_p),
    ]


# ---- Drawing (since 1.2) -------------------------------------------------

# Item kinds (effect_draw_item.head.kind).
ITEM_GROUP = 1
ITEM_END_GROUP = 2
ITEM_SHAPE = 3
ITEM_TEXT = 4
ITEM_SEGMENT = 5
ITEM_STOP = 6

# Shapes (effect_draw_shape.shape, effect_draw_group.clip_shape).
SHAPE_NONE = 0
SHAPE_RECT = 1
SHAPE_ROUNDED_RECT = 2
SHAPE_CAPSULE = 3
SHAPE_ELLIPSE = 4
SHAPE_PATH = 5

# Appearances (effect_draw_context.appearance, since 1.3).
APPEARANCE_LIGHT = 0
APPEARANCE_DARK = 1

# Paints (effect_draw_shape.fill).
PAINT_NONE = 0
PAINT_SOLID = 1
PAINT_LINEAR_GRADIENT = 2

# Stroke ends and corners (effect_draw_shape.line_cap, line_join).
CAP_BUTT = 0
CAP_ROUND = 1
CAP_SQUARE = 2
JOIN_MITER = 0
JOIN_ROUND = 1
JOIN_BEVEL = 2

# Path segments (effect_draw_segment.verb).
SEGMENT_MOVE = 0
SEGMENT_LINE = 1
SEGMENT_CUBIC = 2
SEGMENT_CLOSE = 3

# Font weights (effect_draw_text.weight), as CSS and OpenType number them.
WEIGHT_REGULAR = 400.0
WEIGHT_MEDIUM = 500.0
WEIGHT_SEMIBOLD = 600.0
WEIGHT_BOLD = 700.0

# The reference metrics' ascent and descent, as fractions of the size.
REFERENCE_ASCENT = 0.952
REFERENCE_DESCENT = 0.241

#: The size every effect_draw_item has, frozen by the ABI.
DRAW_ITEM_SIZE = 160


class Rect(Structure):
    _fields_ = [("x", c_double), ("y", c_double), ("width", c_double), ("height", c_double)]


class DrawHead(Structure):
    _fields_ = [("kind", c_uint32), ("id", c_uint32)]


class Transform(Structure):
    _fields_ = [
        ("anchor_x", c_double),
        ("anchor_y", c_double),
        ("translate_x", c_double),
        ("translate_y", c_double),
        ("scale_x", c_double),
        ("scale_y", c_double),
        ("rotation", c_double),
    ]


class DrawGroup(Structure):
    _fields_ = [
        ("kind", c_uint32),
        ("id", c_uint32),
        ("transform", Transform),
        ("opacity", c_double),
        ("blur", c_double),
        ("saturation", c_double),
        ("clip_shape", c_uint32),
        ("reserved", c_uint32),
        ("clip", Rect),
        ("clip_corner_radius", c_double),
    ]


class DrawShape(Structure):
    _fields_ = [
        ("kind", c_uint32),
        ("id", c_uint32),
        ("shape", c_uint32),
        ("segment_count", c_uint32),
        ("frame", Rect),
        ("corner_radius", c_double),
        ("trim_start", c_double),
        ("trim_end", c_double),
        ("fill", c_uint32),
        ("fill_color", c_uint32),
        ("gradient_x0", c_double),
        ("gradient_y0", c_double),
        ("gradient_x1", c_double),
        ("gradient_y1", c_double),
        ("stop_count", c_uint32),
        ("stroke_color", c_uint32),
        ("stroke_width", c_double),
        ("line_cap", c_uint32),
        ("line_join", c_uint32),
    ]


class DrawText(Structure):
    _fields_ = [
        ("kind", c_uint32),
        ("id", c_uint32),
        ("text", c_char_p),
        ("x", c_double),
        ("y", c_double),
        ("size", c_double),
        ("weight", c_double),
        ("tracking", c_double),
        ("advance", c_double),
        ("ascent", c_double),
        ("descent", c_double),
        ("color", c_uint32),
        # Since 1.6: the run is the first `length` bytes of `text`; 0 all of it.
        ("length", c_uint32),
    ]


class DrawSegment(Structure):
    _fields_ = [
        ("kind", c_uint32),
        ("id", c_uint32),
        ("verb", c_uint32),
        ("reserved", c_uint32),
        ("x", c_double),
        ("y", c_double),
        ("x1", c_double),
        ("y1", c_double),
        ("x2", c_double),
        ("y2", c_double),
    ]


class DrawStop(Structure):
    _fields_ = [("kind", c_uint32), ("id", c_uint32), ("offset", c_double), ("color", c_uint32), ("reserved", c_uint32)]


class DrawItem(Union):
    """effect_draw_item: read ``head.kind``, then the member it names."""

    _fields_ = [
        ("head", DrawHead),
        ("group", DrawGroup),
        ("shape", DrawShape),
        ("text", DrawText),
        ("segment", DrawSegment),
        ("stop", DrawStop),
        ("size_", c_uint8 * DRAW_ITEM_SIZE),
    ]


class TextMetrics(Structure):
    _fields_ = [("advance", c_double), ("ascent", c_double), ("descent", c_double)]


#: effect_measure_fn(context, text, size, weight, tracking, out). ctypes hands
#: a Python callback the text as bytes (or None for NULL), undecoded.
MeasureFunction = CFUNCTYPE(c_int32, c_void_p, c_char_p, c_double, c_double, c_double, POINTER(TextMetrics))


class Drawing(Structure):
    _fields_ = [
        ("struct_size", c_uint32),
        ("reserved", c_uint32),
        ("item_count", c_uint64),
        ("width", c_double),
        ("height", c_double),
        ("bounds", Rect),
        ("max_item_count", c_uint64),
    ]


class PluginAPI(Structure):
    pass


_Api = POINTER(PluginAPI)
_Err = POINTER(Error)
_F = CFUNCTYPE

PluginAPI._fields_ = [
    ("struct_size", c_uint32),
    ("abi_major", c_uint32),
    ("abi_minor", c_uint32),
    ("reserved", c_uint32),
    ("describe", _F(c_int32, _Api, POINTER(PluginInfo), _Err)),
    ("effect_info", _F(c_int32, _Api, c_uint32, POINTER(EffectInfo), _Err)),
    ("param_info", _F(c_int32, _Api, c_uint32, c_uint32, POINTER(ParamInfo), _Err)),
    ("channel_info", _F(c_int32, _Api, c_uint32, c_uint32, POINTER(ChannelInfo), _Err)),
    ("create", _F(c_int32, _Api, c_char_p, POINTER(ParamSetting), c_uint32, POINTER(c_void_p), _Err)),
    ("destroy", _F(c_int32, c_void_p)),
    ("instance_info", _F(c_int32, c_void_p, POINTER(InstanceInfo), _Err)),
    ("element_info", _F(c_int32, c_void_p, c_uint32, POINTER(ElementInfo), _Err)),
    ("get_param", _F(c_int32, c_void_p, c_char_p, c_double, POINTER(Value), _Err)),
    ("set_param", _F(c_int32, c_void_p, c_char_p, POINTER(Value), c_double, _Err)),
    ("strings", _F(c_int32, c_void_p, c_double, POINTER(Strings), _Err)),
    ("sample", _F(c_int32, c_void_p, c_double, POINTER(c_double), c_uint64, _Err)),
    # frames as void *: callers pass a numpy buffer's address (see Instance.sample_many).
    ("sample_many", _F(c_int32, c_void_p, c_double, c_double, c_uint64, c_void_p, c_uint64, _Err)),
    ("layout", _F(c_int32, c_void_p, POINTER(c_double), c_uint32, c_double, POINTER(c_double), c_uint64, _Err)),
    # Drawing goes through the host library (effect_host_instance_drawing),
    # and instances are made there: these are read only for whether they exist.
    ("draw", c_void_p),
    # Since 1.4.
    ("create_with_services", c_void_p),
]

_Sized = TypeVar("_Sized", bound=Structure)


def sized(structure: type[_Sized]) -> _Sized:
    """A zeroed struct with struct_size set, ready for an out-call."""
    value = structure()
    value.struct_size = ctypes.sizeof(structure)
    return value


assert ctypes.sizeof(Error) == 520
assert ctypes.sizeof(Value) == 32
assert ctypes.sizeof(ParamSetting) == 40
assert ctypes.sizeof(PluginInfo) == 56
assert ctypes.sizeof(EffectInfo) == 72
assert ctypes.sizeof(ParamInfo) == 96
assert ctypes.sizeof(ChannelInfo) == 64
assert ctypes.sizeof(InstanceInfo) == 64
assert InstanceInfo.notes.offset == INSTANCE_INFO_SIZE_1_1
assert ctypes.sizeof(ElementInfo) == 24
assert ctypes.sizeof(Strings) == 32
assert ctypes.sizeof(PluginAPI) == 16 + 16 * ctypes.sizeof(c_void_p)

# The drawing types' layout, as effect.h asserts it on LP64.
assert ctypes.sizeof(DrawItem) == DRAW_ITEM_SIZE
assert ctypes.sizeof(Rect) == 32
assert ctypes.sizeof(DrawHead) == 8
assert ctypes.sizeof(Transform) == 56
assert ctypes.sizeof(DrawGroup) == 136
assert DrawGroup.clip.offset == 96
assert ctypes.sizeof(DrawShape) == 136
assert DrawShape.fill.offset == 72
assert DrawShape.stroke_width.offset == 120
assert ctypes.sizeof(DrawText) == 88
assert DrawText.advance.offset == 56
assert DrawText.length.offset == 84
assert ctypes.sizeof(DrawSegment) == 64
assert ctypes.sizeof(DrawStop) == 24
assert ctypes.sizeof(TextMetrics) == 24
assert ctypes.sizeof(Drawing) == 72
assert PluginAPI.describe.offset == 16
assert 16 + 13 * ctypes.sizeof(c_void_p) == PluginAPI.layout.offset
assert 16 + 14 * ctypes.sizeof(c_void_p) == PluginAPI.draw.offset
