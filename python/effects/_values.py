"""Python values to C values, by the param's declared type."""

from __future__ import annotations

import math
import numbers
from typing import TYPE_CHECKING, Any

from . import _abi
from ._library import Param
from .errors import EffectError

if TYPE_CHECKING:
    from ._library import Effect


def _type_error(param: Param, value: Any) -> EffectError:
    return EffectError(_abi.ERR_TYPE, f"param '{param.name}' needs a {param.type} value, not {type(value).__name__} {value!r}")


def _bytes(param: Param, value: Any) -> bytes:
    if isinstance(value, bytes):
        return value
    try:
        return str(value).encode("utf-8")
    except UnicodeEncodeError:
        raise EffectError(_abi.ERR_UTF8, f"the value of '{param.name}' cannot be written as UTF-8") from None


def to_time(t: Any, signed: bool = False) -> float:
    """A time as the float the ABI takes; the plugin refuses NaN, infinity and negatives."""
    if type(t) is float:  # the common case, without the slower ABC checks below
        return t
    if isinstance(t, bool) or not isinstance(t, numbers.Real):
        raise EffectError(_abi.ERR_TIME, f"a time is a number of seconds, not {type(t).__name__} {t!r}")
    return _float(t)


def _float(value: Any) -> float:
    """A real number as a double, one too large for it (a huge int or Fraction) as an infinity."""
    try:
        return float(value)
    except OverflowError:
        return math.inf if value > 0 else -math.inf


def to_raw(effect: Effect, param: Param, value: Any, keep: list[Any]) -> _abi.Value:
    """The C value for `value` of one of ``effect``'s params. Strings it
    points to are appended to `keep`, which must live until the plugin call
    returns. A colour written as text is read by the host library's
    grammar, as ``effect-host --param`` reads it. Range checks are the
    plugin's: its message says what the range is."""
    raw = _abi.Value()
    if value is None:
        raw.type = _abi.TYPE_NONE
        return raw
    if param.type == "number":
        if isinstance(value, bool) or not isinstance(value, numbers.Real):
            raise _type_error(param, value)
        raw.type = _abi.TYPE_NUMBER
        raw.number = _float(value)
    elif param.type == "integer":
        if isinstance(value, bool) or not isinstance(value, numbers.Integral):
            raise _type_error(param, value)
        value = int(value)
        if not -(2**63) <= value < 2**63:
            raise EffectError(_abi.ERR_RANGE, f"param '{param.name}' is {value}; it must be within {param.min:g}...{param.max:g}")
        raw.type = _abi.TYPE_INTEGER
        raw.integer = value
    elif param.type == "bool":
        if not isinstance(value, bool):
            raise _type_error(param, value)
        raw.type = _abi.TYPE_BOOL
        raw.integer = int(value)
    elif param.type in ("enum", "string"):
        if not isinstance(value, (str, bytes)):
            raise _type_error(param, value)
        encoded = _bytes(param, value)
        if b"\0" in encoded:
            raise EffectError(_abi.ERR_RANGE, f"the value of '{param.name}' contains a NUL character")
        keep.append(encoded)
        raw.type = _abi.TYPE_ENUM if param.type == "enum" else _abi.TYPE_STRING
        raw.string = encoded
    elif param.type == "color":
        if isinstance(value, str):
            return effect._read_text(param, value)
        if isinstance(value, bool) or not isinstance(value, numbers.Integral):
            raise _type_error(param, value)
        value = int(value)
        if not -(2**63) <= value < 2**63:
            # Past what the ABI's int64 carries, so no plugin or host can name it.
            raise EffectError(_abi.ERR_RANGE, f"param '{param.name}' is a 0xRRGGBBAA colour, 0 ... 0xFFFFFFFF; {value} is out of range")
        raw.type = _abi.TYPE_COLOR
        raw.integer = value
    else:
        raise _type_error(param, value)
    return raw
