"""A GStreamer application that sets a frei0r source's text while it plays.

Run by Debian's python3 with PyGObject (python3-gi, gir1.2-gstreamer-1.0):
prints the text the element reports and the width of the ink in frame 9
(before the change) and frame 19 (after it).

    change_text.py ELEMENT TEXT
"""

import sys

import gi

gi.require_version("Gst", "1.0")
from gi.repository import Gst  # noqa: E402

WIDTH, HEIGHT = 320, 180

Gst.init(None)
pipeline = Gst.parse_launch(
    f"{sys.argv[1]} name=source text=Hi ! video/x-raw,format=RGBA,width={WIDTH},height={HEIGHT},framerate=30/1 "
    "! appsink name=sink sync=false max-buffers=1")
source, sink = pipeline.get_by_name("source"), pipeline.get_by_name("sink")
pipeline.set_state(Gst.State.PLAYING)
widths = []
for frame in range(20):
    if frame == 10:
        source.set_property("text", sys.argv[2])
    data = sink.emit("pull-sample").get_buffer().extract_dup(0, WIDTH * HEIGHT * 4)
    columns = [x for y in range(HEIGHT) for x in range(WIDTH) if data[(y * WIDTH + x) * 4 + 3]]
    widths.append(max(columns) - min(columns) + 1 if columns else 0)
pipeline.set_state(Gst.State.NULL)
print("text:", source.get_property("text"))
print("ink:", widths[9], widths[19])
