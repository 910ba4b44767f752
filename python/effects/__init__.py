"""Drive effect-host plugins from Python.

Plugins are shared libraries behind the effect C ABI; each carries effects,
deterministic models of a motion design sampled at any time t::

    import effects

    with effects.effect("strikethrough-reveal").create(duration=0.5) as instance:
        instance.set("done", False, at=1.2)
        amount = instance.sample(0.25)["amount"]
        frames = instance.sample_many(0, 1 / 60, 120)
        picture = instance.draw(0.25)         # the frame as a display list (ABI 1.2)

Plugins are found in explicit paths, then EFFECT_PLUGIN_PATH, then the
plugins inside this package, then those of an ``effect-host`` on PATH, then,
for an editable install in a checkout, its .build directories (see
``search_path``).
"""

from __future__ import annotations

from typing import List, Sequence

__version__ = "1.2.0"

from ._drawing import (
    Cap,
    Clip,
    ClipKind,
    DisplayList,
    DrawItem,
    EndGroup,
    Group,
    Join,
    LinearGradient,
    Measurer,
    Paint,
    Rect,
    Segment,
    Shape,
    ShapeKind,
    Solid,
    Stop,
    Stroke,
    Text,
    Transform,
    Verb,
)
from ._instance import DisplayStrings, Element, Frames, Instance, Sample, Timing
from ._library import Catalog, Channel, Effect, Param, Plugin, load_plugin, scan, search_path
from .errors import EffectError, PluginLoadError

__all__ = [
    "Cap", "Catalog", "Channel", "Clip", "ClipKind", "DisplayList", "DisplayStrings", "DrawItem", "Effect",
    "EffectError", "Element", "EndGroup", "Frames", "Group", "Instance", "Join", "LinearGradient", "Measurer",
    "Paint", "Param", "Plugin", "PluginLoadError", "Rect", "Sample", "Segment", "Shape", "ShapeKind", "Solid",
    "Stop", "Stroke", "Text", "Timing", "Transform", "Verb", "effect", "list_plugins", "load_plugin", "scan",
    "search_path", "__version__",
]


def list_plugins(paths: Sequence[str] = (), allow_unsafe: bool = False) -> List[Plugin]:
    """Every plugin that loads from the search path; ``scan`` also says what failed."""
    return scan(paths, allow_unsafe=allow_unsafe).plugins


def effect(id: str, paths: Sequence[str] = (), allow_unsafe: bool = False) -> Effect:
    """The effect with this id, from the first plugin on the search path that has it."""
    return scan(paths, allow_unsafe=allow_unsafe).effect(id)
