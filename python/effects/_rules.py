"""The metadata rules a loader refuses a plugin for, as effect-host's loader
applies them (Sources/MetadataRules/MetadataRules.swift, the `refused` ones).

Python cannot share that Swift module, so this mirrors it rule for rule,
with the same messages; tests/test_rules.py loads the same broken fixtures
through both and compares. The rules for what validate only fails or warns
about (empty docs, a missing reduce_motion) stay with validate.
"""

from __future__ import annotations

import math
import re
from typing import TYPE_CHECKING

from . import _abi

if TYPE_CHECKING:
    from ._library import Effect

#: What a plugin may declare, at most (MetadataRules.Limits).
MAX_EFFECTS = 1024
MAX_PARAMS = 1024
MAX_CHANNELS = 4096
MAX_CHOICES = 4096

_KEBAB = re.compile(r"[a-z][a-z0-9]*(-[a-z0-9]+)*")
_SNAKE = re.compile(r"[a-z][a-z0-9]*(_[a-z0-9]+)*")
_NUMERIC = ("number", "integer")
#: The raw default type each param type must have.
_DEFAULT_TYPES = {
    "bool": _abi.TYPE_BOOL,
    "enum": _abi.TYPE_ENUM,
    "string": _abi.TYPE_STRING,
    "color": _abi.TYPE_COLOR,
}


def count(value: int, noun: str) -> str:
    """A count as people read it: "1 effect", "2,147,483,649 values"."""
    return f"{value:,} {noun}{'' if value == 1 else 's'}"


def refusals(plugin_id: str, effects: list[Effect]) -> list[str]:
    """Every rule the plugin breaks that makes a loader refuse it, in
    declaration order."""
    found: list[str] = []
    if not _KEBAB.fullmatch(plugin_id):
        found.append(f"plugin id '{plugin_id}' is not kebab-case")
    if not effects:
        found.append("plugin has no effects")
    ids: set[str] = set()
    for effect in effects:
        if effect.id in ids:
            found.append(f"effect id '{effect.id}' is used twice")
        ids.add(effect.id)
        found += _effect_refusals(effect)
    return found


def _effect_refusals(effect: Effect) -> list[str]:
    prefix = f"effect '{effect.id}':"
    found: list[str] = []
    if not _KEBAB.fullmatch(effect.id):
        found.append(f"{prefix} id is not kebab-case")
    if len(effect.params) > MAX_PARAMS:
        found.append(f"{prefix} has {count(len(effect.params), 'param')}, more than the {MAX_PARAMS:,} allowed")
    channels = effect.channels + effect.element_channels + effect.attributes
    if len(channels) > MAX_CHANNELS:
        found.append(f"{prefix} has {count(len(channels), 'channel')}, more than the {MAX_CHANNELS:,} allowed")
    names: set[str] = set()
    for param, default_type in zip(effect.params, effect._default_types):
        context = f"{prefix} param '{param.name}'"
        if param.name in names:
            found.append(f"{context} is declared twice")
        names.add(param.name)
        if not _SNAKE.fullmatch(param.name):
            found.append(f"{context} is not snake_case")
        if default_type == _abi.TYPE_NONE and not param.optional:
            found.append(f"{context} has no default and is not optional")
        found += _default_refusals(param.type, param.min, param.max, param.default, default_type, param.choices, context)
    seen: set[str] = set()
    for channel in channels:
        context = f"{prefix} channel '{channel.name}'"
        if channel.name in seen:
            found.append(f"{context} is declared twice")
        seen.add(channel.name)
        if not _SNAKE.fullmatch(channel.name):
            found.append(f"{context} is not snake_case")
        if not channel.min <= channel.max:
            found.append(f"{context} has an empty range")
    return found


def _default_refusals(
    type: str,
    low: float | None,
    high: float | None,
    default: object,
    default_type: int,
    choices: tuple[str, ...],
    context: str,
) -> list[str]:
    if type in _NUMERIC:
        if low is None or high is None or not (math.isfinite(low) and math.isfinite(high) and low < high):
            return [f"{context} needs a finite range with min < max"]
        if default_type == _abi.TYPE_NONE:
            return []
        if default_type != (_abi.TYPE_NUMBER if type == "number" else _abi.TYPE_INTEGER):
            return [f"{context} has a default of the wrong type"]
        value = float(default)  # type: ignore[arg-type]
        if not math.isfinite(value):
            return [f"{context} has a default that is not finite"]
        if not low <= value <= high:
            return [f"{context} has a default outside its range"]
        return []
    found = []
    if type == "enum":
        if not choices or len(set(choices)) != len(choices):
            found.append(f"{context} needs one or more distinct choices")
        if len(choices) > MAX_CHOICES:
            found.append(f"{context} has {count(len(choices), 'choice')}, more than the {MAX_CHOICES:,} allowed")
        if default_type != _abi.TYPE_NONE and (default_type != _abi.TYPE_ENUM or default not in choices):
            found.append(f"{context} has a default that is not one of its choices")
    elif default_type not in (_abi.TYPE_NONE, _DEFAULT_TYPES[type]):
        found.append(f"{context} has a default of the wrong type")
    return found
