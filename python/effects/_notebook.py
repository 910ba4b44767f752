"""How an instance shows itself in a notebook (IPython's rich display): its
settled frame as a PNG, and an animated GIF of it that the host renders."""

from __future__ import annotations

import base64
import html
import os
import shutil
import tempfile
from typing import TYPE_CHECKING

from . import _abi
from ._png import png_bytes
from .errors import EffectError

if TYPE_CHECKING:
    from ._instance import Instance

#: Pixels a point of the animated preview. At 1 the GIF shows at the
#: component's own size: the four bundled effects' previews are 22 kB to
#: 1.8 MB and take 0.14 to 1 s; at render's default 2, up to 4.6 MB and
#: 2.6 s (docs/benchmarks.md, "Notebook previews").
PREVIEW_SCALE = 1.0
#: Beyond this a preview is not put inline: the notebook file would carry
#: it, and a browser would hold it, in every copy (matplotlib's to_jshtml
#: stops at 20 MiB).
INLINE_LIMIT = 20_000_000


def _closed(instance: Instance) -> bool:
    return not instance._owner.pointer


def still(instance: Instance) -> tuple[bytes, dict[str, int]] | None:
    """The settled frame as PNG bytes, drawn at the picture's default
    scale over the appearance's window colour, with the size in points it
    is shown at (so it is sharp on a dense screen and as large as the
    animated preview); None for a closed instance, which IPython then shows
    as text."""
    if _closed(instance):
        return None
    picture = instance.picture()
    pixels = picture.draw(instance.settled_time)
    width, height = picture.pixel_size(1.0)
    return png_bytes(pixels), {"width": width, "height": height}


def _animation(instance: Instance) -> bytes:
    """The GIF the host renders: the effect's own length with its defaults,
    or one seamless period when it loops."""
    directory = tempfile.mkdtemp(prefix="effects-preview-")
    try:
        path = os.path.join(directory, "preview.gif")
        instance.render(path, scale=PREVIEW_SCALE, loop=instance.timing.kind == "loops")
        size = os.path.getsize(path)
        if size > INLINE_LIMIT:
            raise EffectError(_abi.ERR_RANGE, f"its GIF is {size / 1e6:.3g} MB, more than the {INLINE_LIMIT / 1e6:.3g} MB put inline")
        with open(path, "rb") as file:
            return file.read()
    finally:
        shutil.rmtree(directory, ignore_errors=True)


def _image(mime: str, data: bytes, alt: str, size: tuple[int, int] | None = None) -> str:
    sized = f' width="{size[0]}" height="{size[1]}"' if size is not None else ""
    encoded = base64.b64encode(data).decode("ascii")
    return f'<img src="data:{mime};base64,{encoded}" alt="{html.escape(alt)}"{sized}>'


def preview(instance: Instance) -> str | None:
    """An animated preview as HTML: an <img> of the GIF inline. Where the
    host cannot render it (no ffmpeg, a failing plugin), the still with a
    line saying why, in the host's words; never an exception, which IPython
    would print as a traceback in the cell. None for a closed instance."""
    if _closed(instance):
        return None
    effect = instance.effect
    name = f"{effect.name} ({effect.id})" if effect.name and effect.name != effect.id else effect.id
    try:
        return _image("image/gif", _animation(instance), f"{name}, animated")
    except (EffectError, OSError) as error:
        reason = str(error)
    caption = f'<div style="font-size: smaller">{html.escape(f"{name}: not animated: {reason}")}</div>'
    try:
        shown = still(instance)
    except (EffectError, OSError) as error:
        return f'<div style="font-size: smaller">{html.escape(f"{name}: not drawn: {error}")}</div>'
    if shown is None:  # closed meanwhile, by another thread
        return None
    data, metadata = shown
    return f'<div>{_image("image/png", data, f"{name}, settled frame", (metadata["width"], metadata["height"]))}{caption}</div>'
