"""PNG files from pixel arrays, with the standard library alone (zlib and
struct): a notebook's still and the studio's frames need no imaging package."""

from __future__ import annotations

import struct
import zlib

import numpy as np

from . import _abi
from .errors import EffectError

_SIGNATURE = b"\x89PNG\r\n\x1a\n"
# PNG's limit on a side (2^31 - 1).
_SIDE_MAX = 0x7FFF_FFFF


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def png_bytes(rgba: np.ndarray, level: int = 1) -> bytes:
    """``rgba`` — a (height, width, 4) uint8 array of straight R, G, B, A, as
    ``Picture.draw`` returns — as a PNG file's bytes: 8-bit RGBA, every row
    unfiltered (filter 0), compressed by zlib at ``level`` (0 to 9; 1, the
    default, is fast, which matters more for a frame shown once than the
    last bytes). EffectError for an array of another shape or type, an empty
    one, or a level outside 0 to 9."""
    if not isinstance(rgba, np.ndarray):
        raise EffectError(_abi.ERR_TYPE, f"png_bytes takes a numpy array, not {type(rgba).__name__}")
    if rgba.dtype != np.uint8 or rgba.ndim != 3 or rgba.shape[2] != 4:
        raise EffectError(_abi.ERR_RANGE, f"png_bytes takes a (height, width, 4) uint8 array, not {rgba.dtype} of shape {rgba.shape}")
    height, width = rgba.shape[:2]
    if not (0 < width <= _SIDE_MAX and 0 < height <= _SIDE_MAX):
        raise EffectError(_abi.ERR_RANGE, f"a PNG is 1 to {_SIDE_MAX} pixels a side, not {width}x{height}")
    if isinstance(level, bool) or not isinstance(level, int) or not 0 <= level <= 9:
        raise EffectError(_abi.ERR_RANGE, f"a zlib level is 0 to 9, not {level!r}")
    # Each row is its filter type's byte, 0 (none), then the row's pixels.
    rows = np.zeros((height, 1 + width * 4), dtype=np.uint8)
    rows[:, 1:] = rgba.reshape(height, width * 4)
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)  # 8 bits, RGBA, deflate, filter 0, no interlace
    return _SIGNATURE + _chunk(b"IHDR", header) + _chunk(b"IDAT", zlib.compress(rows.tobytes(), level)) + _chunk(b"IEND", b"")
