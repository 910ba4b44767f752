"""PNG bytes from an RGBA array, with the standard library alone."""

from __future__ import annotations

import struct
import zlib

import numpy as np


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def png_bytes(rgba: np.ndarray, level: int = 1) -> bytes:
    """An (h, w, 4) uint8 straight-RGBA array as a PNG (8-bit RGBA, every row
    filter 0). Level 1 compresses least and fastest: an interactive frame
    spends more time here than in the draw."""
    height, width, channels = rgba.shape
    if channels != 4 or rgba.dtype != np.uint8:
        raise ValueError(f"png_bytes takes (h, w, 4) uint8 RGBA, not {rgba.shape} {rgba.dtype}")
    rows = np.zeros((height, width * 4 + 1), dtype=np.uint8)
    rows[:, 1:] = rgba.reshape(height, width * 4)
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", header) + _chunk(b"IDAT", zlib.compress(rows.tobytes(), level)) + _chunk(b"IEND", b"")
