"""What the notebook tests share: pictures decoded by ffmpeg (never by the
package's own encoder), and the strike's settled line worked out from the
seed (/work/shared/seeds/strikethrough-reveal.txt) and HarfBuzz's advances."""

import json
import os
import struct
import subprocess
import tempfile

import numpy as np

INTER_MEDIUM = "/usr/share/fonts/opentype/inter/Inter-Medium.otf"
# The seed's lineColor, Color(red: 0.541, green: 0.561, blue: 0.596).
LINE = (0x8A, 0x8F, 0x98)


def decode(data, suffix):
    """Every frame of an image file's bytes, as an (n, height, width, 4) RGBA array, by ffmpeg."""
    with tempfile.TemporaryDirectory() as directory:
        path = os.path.join(directory, "picture" + suffix)
        with open(path, "wb") as file:
            file.write(data)
        stream = json.loads(
            subprocess.run(
                ["ffprobe", "-v", "error", "-count_frames", "-show_streams", "-of", "json", path], capture_output=True, text=True, check=True
            ).stdout
        )["streams"][0]
        raw = subprocess.run(["ffmpeg", "-v", "error", "-i", path, "-f", "rawvideo", "-pix_fmt", "rgba", "-"], capture_output=True, check=True).stdout
    frames = np.frombuffer(raw, dtype=np.uint8).reshape(-1, stream["height"], stream["width"], 4)
    assert len(frames) == int(stream["nb_read_frames"])
    return frames


def text_advance(text, size):
    """The run's width in points in Inter Medium, from HarfBuzz's hb-shape."""
    with open(INTER_MEDIUM, "rb") as file:
        font = file.read()
    units = None
    for i in range(struct.unpack(">H", font[4:6])[0]):
        tag, _, offset, _ = struct.unpack(">4sIII", font[12 + 16 * i : 28 + 16 * i])
        if tag == b"head":
            units = struct.unpack(">H", font[offset + 18 : offset + 20])[0]
    assert units, "Inter has a head table"
    glyphs = json.loads(
        subprocess.run(["hb-shape", "--output-format=json", "--no-glyph-names", INTER_MEDIUM, text], capture_output=True, text=True, check=True).stdout
    )
    return sum(glyph["ax"] for glyph in glyphs) * size / units


def strike_line(image, scale=2):
    """The longest run of the line's colour right of the tick's box (the
    tick is drawn in it too): its first and last columns and its row, or
    None where there is none."""
    close = np.all(np.abs(image[..., :3].astype(int) - np.array(LINE)) <= 16, axis=-1)
    # The picture's 24 pt margin, the row's 2 pt outset and the 16 pt tick.
    close[:, : (24 + 2 + 16) * scale] = False
    if not close.any():
        return None
    row = int(np.argmax(close.sum(axis=1)))
    first = int(np.nonzero(close[row])[0][0])
    last = first
    while last + 1 < close.shape[1] and close[row, last + 1]:
        last += 1
    return first, last, row


def assert_struck_through(image, scale=2):
    """The strike's settled frame at ``scale`` px a point over white: the
    amount is 1, so the line runs the whole text from its leading edge (16 pt
    tick + 10 pt spacing), undipped (the seed's dip is 1 at a = 1), at the
    row's mid-height, which is the picture's (equal margins above and below)."""
    assert image[..., 3].min() == 255, "opaque: the window colour's ground"
    found = strike_line(image, scale)
    assert found is not None, "the line is drawn"
    first, last, row = found
    advance = text_advance("Ship the component", 20)
    # The picture starts 24 pt left of the row's 2 pt outset.
    def pixel(points):
        return (points + 26) * scale

    assert abs(first - pixel(26)) <= 1.5, (first, pixel(26))
    assert abs(last + 1 - pixel(26 + advance)) <= 1.5, (last, pixel(26 + advance))
    # The 1.6 pt line's rows straddle the middle.
    assert abs(row + 0.5 - image.shape[0] / 2) <= 0.8 * scale, (row, image.shape[0])


def assert_not_struck(image, scale=2):
    """No run of the line's colour across the text: the strike's amount is 0."""
    found = strike_line(image, scale)
    assert found is None or found[1] - found[0] < 10, found
