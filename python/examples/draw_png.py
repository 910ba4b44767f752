"""Draws one frame of any effect into a numpy array, then writes it as a PNG.
The host library draws it: the effect's display list, real fonts, both
appearances, the pixels ``effect-host render --time T`` writes with the same
``--background`` (render's PNGs are transparent in the light look), but for the
last row and column where a fractional scale leaves the picture short of the
array: render fills them with its ground, the array keeps them part clear. The
array is yours: composite it, hand it to a GUI toolkit or a video encoder.

    python3 python/examples/draw_png.py EFFECT OUT.png [--time T] [--scale S]
        [--width W] [--theme light|dark] [--font F] [--background #RRGGBB[AA]|transparent]
        [--plugins DIR ...] [NAME=VALUE ...]

Params are written as ``effect-host --param`` takes them. For a PNG alone,
``instance.render("out.png", time=t)`` is one call; this shows the array.
Prints "OUT.png: W x H pixels"; a bad argument is one line and exit 2, a
failure one line and exit 1.
"""

from __future__ import annotations

import argparse
import struct
import sys
import zlib
from collections.abc import Sequence

import numpy as np

import effects


def write_png(path: str, pixels: np.ndarray) -> None:
    """(height, width, 4) straight-alpha RGBA bytes, PNG's own layout, as an
    8-bit RGBA PNG: each row behind a 0 (no filter) byte, deflated."""
    height, width = pixels.shape[:2]
    rows = np.insert(pixels.reshape(height, width * 4), 0, 0, axis=1).tobytes()

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    with open(path, "wb") as file:
        file.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


def main(arguments: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Draw one frame of an effect into an array, then a PNG.")
    parser.add_argument("effect", help="the effect's id, such as strikethrough-reveal")
    parser.add_argument("output", help="the PNG file to write")
    parser.add_argument("params", nargs="*", metavar="NAME=VALUE", help="params, as effect-host's --param takes them")
    parser.add_argument("--time", type=float, default=0.0, help="t in seconds (default 0)")
    parser.add_argument("--scale", type=float, default=2.0, help="pixels per point (default 2)")
    parser.add_argument("--width", type=float, help="the width proposed to the view in points (default 432, as render)")
    parser.add_argument("--theme", choices=("light", "dark"), default="light", help="the appearance (default light)")
    parser.add_argument("--font", help="a font family or font file (default Inter)")
    parser.add_argument("--background", help="#RRGGBB[AA] or transparent (default the appearance's window colour)")
    parser.add_argument("--plugins", action="append", default=[], metavar="DIR", help="searched first (repeatable)")
    options = parser.parse_intermixed_args(arguments)
    try:
        with effects.effect(options.effect, options.plugins).create_from_text(options.params) as instance:
            picture = instance.picture(options.theme, options.width, options.font, options.background)
            pixels = picture.draw(options.time, scale=options.scale)
    except effects.PluginLoadError as error:
        print(f"draw_png: {error}", file=sys.stderr)
        return 2
    except effects.EffectError as error:
        print(f"draw_png: {error}", file=sys.stderr)
        # The host's own statuses (-100 and below: a missing library or
        # font, a file that will not load) are failures; the rest refuse
        # what was asked.
        return 1 if error.status <= -100 else 2
    try:
        write_png(options.output, pixels)
    except OSError as error:
        print(f"draw_png: cannot write {options.output}: {error.strerror}", file=sys.stderr)
        return 1
    print(f"{options.output}: {pixels.shape[1]} x {pixels.shape[0]} pixels")
    return 0


if __name__ == "__main__":
    sys.exit(main())
