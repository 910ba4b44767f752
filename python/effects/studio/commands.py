""""Copy as command": the effect-host lines that make what the page shows.

The params and events are the page's text, which the command line reads by
the same grammar; look options the host would take by default are left
out, except the background, which a still's format would otherwise decide.
"""

from __future__ import annotations

import shlex

from .. import _host
from .scene import Request


def number(value: float) -> str:
    """A number as the command line reads it back exactly: the shortest
    text Python's repr gives, without a trailing .0."""
    text = repr(float(value))
    return text[:-2] if text.endswith(".0") else text


def _line(words: list[str]) -> str:
    return " ".join(shlex.quote(word) for word in words)


def _common(request: Request, plugin_paths: list[str]) -> list[str]:
    words = [request.effect]
    for path in plugin_paths:
        words += ["--plugin-path", path]
    for param in request.params:
        words += ["--param", param]
    for event in request.events:
        words += ["--at", event]
    return words


def _look(request: Request, *, scale: bool) -> list[str]:
    look = request.look
    words = []
    if look.theme != "light":
        words += ["--theme", look.theme]
    if look.font:
        words += ["--font", look.font]
    # 0 is the library's word for its default width: left out, as the default is.
    if look.width not in (0, _host.LOOK_WIDTH_DEFAULT):
        words += ["--width", number(look.width)]
    if scale and look.pixels is not None:
        words += ["--size", f"{look.pixels[0]}x{look.pixels[1]}"]
    elif scale and look.scale != _host.SCALE_DEFAULT:
        words += ["--scale", number(look.scale)]
    return words


def commands(request: Request, t: float, plugin_paths: list[str]) -> dict[str, str]:
    """The render (a still at t), render (an animated GIF), export (Lottie)
    and run lines for the request."""
    common = _common(request, plugin_paths)
    ground = ["--background", request.look.ground]
    # A transparent ground in a movie is the format's own default (the
    # downloads take it so too); a colour is said.
    movie_ground = ground if request.look.ground != "transparent" else []
    name = request.effect
    return {
        "still": _line(["effect-host", "render", *common, *_look(request, scale=True), *ground, "--time", number(t), "-o", f"{name}.png"]),
        "gif": _line(["effect-host", "render", *common, *_look(request, scale=True), *movie_ground, "-o", f"{name}.gif"]),
        "mp4": _line(["effect-host", "render", *common, *_look(request, scale=True), *movie_ground, "-o", f"{name}.mp4"]),
        "lottie": _line(["effect-host", "export", *common, *_look(request, scale=False), "-o", f"{name}.json"]),
        "run": _line(["effect-host", "run", *common]),
    }
