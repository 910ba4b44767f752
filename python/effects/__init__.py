"""Drive effect-host plugins from Python.

Plugins are shared libraries behind the effect C ABI; each carries effects,
deterministic models of a motion design sampled at any time t::

    import effects

    with effects.effect("strikethrough-reveal").create(duration=0.5) as instance:
        instance.set("done", False, at=1.2)
        amount = instance.sample(0.25)["amount"]
        frames = instance.sample_many(0, 1 / 60, 120)
        picture = instance.draw(0.25)         # the frame as a display list (ABI 1.2)
        pixels = instance.picture().draw(0.25)  # drawn by the host library: an RGBA array
        instance.render("strike.gif")           # any file effect-host render writes

Plugins are found in explicit paths, then EFFECT_PLUGIN_PATH, then the
plugins inside this package, then those of an ``effect-host`` on PATH, then,
for an editable install in a checkout, its .build directories (see
``search_path``).
"""

from __future__ import annotations

from collections.abc import Sequence

__version__ = "0.14.0"  # effect-host's own (Sources/effect-host/CommandLine/Version.swift), as the wheel carries its plugins

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
from ._host import Check, HostLibraryMissing, Picture, ValidationReport, validate
from ._instance import Appearance, DisplayStrings, Element, Frames, Instance, Sample, Timing, TimingKind
from ._layout import Decoration, Layout, LayoutItem
from ._library import Catalog, Channel, ChannelScope, Effect, Param, ParamType, Plugin, load_plugin, scan, search_path
from .errors import EffectError, EffectNote, PluginLoadError, PluginLoadWarning

__all__ = [
    "Appearance",
    "Cap",
    "Catalog",
    "Channel",
    "ChannelScope",
    "Check",
    "Clip",
    "ClipKind",
    "Decoration",
    "DisplayList",
    "DisplayStrings",
    "DrawItem",
    "Effect",
    "EffectError",
    "EffectNote",
    "Element",
    "EndGroup",
    "Frames",
    "Group",
    "HostLibraryMissing",
    "Instance",
    "Join",
    "Layout",
    "LayoutItem",
    "LinearGradient",
    "Measurer",
    "Paint",
    "Param",
    "ParamType",
    "Picture",
    "Plugin",
    "PluginLoadError",
    "PluginLoadWarning",
    "Rect",
    "Sample",
    "Segment",
    "Shape",
    "ShapeKind",
    "Solid",
    "Stop",
    "Stroke",
    "Text",
    "Timing",
    "TimingKind",
    "Transform",
    "ValidationReport",
    "Verb",
    "__version__",
    "effect",
    "list_plugins",
    "load_plugin",
    "scan",
    "search_path",
    "validate",
]


def list_plugins(paths: Sequence[str] = (), defaults: bool = True, allow_unsafe: bool = False) -> list[Plugin]:
    """Every plugin that loads from the search path (see ``search_path``); ``scan`` also says what failed."""
    return scan(paths, defaults=defaults, allow_unsafe=allow_unsafe).plugins


def effect(id: str, paths: Sequence[str] = (), defaults: bool = True, allow_unsafe: bool = False) -> Effect:
    """The effect with this id, from the first plugin on the search path (see ``search_path``) that has it.

    A file in ``paths`` that is refused or will not load is skipped with a
    PluginLoadWarning; when the effect is not found, the error names every
    place searched and every file skipped."""
    return scan(paths, defaults=defaults, allow_unsafe=allow_unsafe).effect(id)
