"""effect_demo: drives any effect from Python, the way examples/c/effect_demo.c
does from C, finding its plugin on the package's search path.

    python3 effect_demo.py                        list every effect found, with its params and channels
    python3 effect_demo.py EFFECT [NAME=VALUE]... [--times T,T,...] [--plugin-path P]
    python3 effect_demo.py EFFECT [NAME=VALUE]... --draw T     the display list at T (ABI 1.2)

With an effect it creates an instance with the params given (numbers,
true/false, choice names, text, #RRGGBB[AA] colours, read by the param's
type; `none` unsets an optional one) and prints one line per time (default
0,0.5,1): "frame T NAME=V ...", the global channels by name. With --draw it
prints the frame's display list instead, as examples/c does: one item a
line, indented by group, what a program drawing with its own toolkit walks,

    group ID opacity O | end | shape ID KIND X Y WIDTH HEIGHT | text ID X Y ADVANCE TEXT
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

import effects


def value_for(param: effects.Param, text: str) -> Any:
    """The value `text` gives `param`; ValueError naming both when it gives none."""
    if text == "none" and param.optional:
        return None
    try:
        if param.type == "number":
            return float(text)
        if param.type == "integer":
            return int(text)
    except ValueError:
        kind = "a number" if param.type == "number" else "a whole number"
        raise ValueError(f"{param.name} is {kind}, not {text!r}") from None
    if param.type == "bool":
        if text not in ("true", "false"):
            raise ValueError(f"{param.name} is true or false, not {text!r}")
        return text == "true"
    return text


def print_display_list(listing: effects.DisplayList) -> None:
    print(f"view {listing.width:g} x {listing.height:g}")
    depth = 0
    for item in listing.items:
        if isinstance(item, effects.EndGroup):
            depth -= 1
        indent = "  " * depth
        if isinstance(item, effects.Group):
            print(f"{indent}group {item.id} opacity {item.opacity:g}")
            depth += 1
        elif isinstance(item, effects.EndGroup):
            print(f"{indent}end")
        elif isinstance(item, effects.Shape):
            frame = item.frame
            kind = item.shape.replace("_", "-")
            print(f"{indent}shape {item.id} {kind} {frame.x:g} {frame.y:g} {frame.width:g} {frame.height:g}")
        elif isinstance(item, effects.Text):
            print(f"{indent}text {item.id} {item.x:g} {item.y:g} {item.advance:g} {item.text}")


def times_from(text: str) -> list[float]:
    try:
        return [float(t) for t in text.split(",")]
    except ValueError:
        raise ValueError(f"--times takes seconds separated by commas, such as 0,0.5,1, not {text!r}") from None


def main() -> int:
    parser = argparse.ArgumentParser(prog="effect_demo.py", description="Samples any effect from Python.")
    parser.add_argument("effect", nargs="?", help="the effect's id; without it, list every effect found")
    parser.add_argument("params", nargs="*", metavar="NAME=VALUE", help="params, read by each param's type")
    parser.add_argument("--times", default="0,0.5,1", help="comma-separated times in seconds (default 0,0.5,1)")
    parser.add_argument("--plugin-path", action="append", default=[], help="a plugin file or directory, searched first")
    parser.add_argument("--draw", type=float, metavar="T", help="print the display list at T instead of sampling")
    arguments = parser.parse_args()
    try:
        catalog = effects.scan(arguments.plugin_path)
        if arguments.effect is None:
            shown = set()
            for plugin in catalog.plugins:
                # The first plugin with an id is the one catalog.effect(id) picks.
                for effect in (effect for effect in plugin.effects if effect.id not in shown):
                    shown.add(effect.id)
                    print(f"effect {effect.id}: {effect.summary}")
                    for param in effect.params:
                        print(f"  param {param.name} {param.type}")
                    for channel in effect.channels:
                        print(f"  channel {channel.name}")
            if not catalog.plugins:
                searched = ", ".join(catalog.searched)
                print(f"effect_demo.py: no plugin found (searched {searched}); pass --plugin-path or set EFFECT_PLUGIN_PATH", file=sys.stderr)
                return 1
            return 0
        effect = catalog.effect(arguments.effect)
        params = {}
        for setting in arguments.params:
            name, equals, text = setting.partition("=")
            if not equals:
                parser.error(f"a param is NAME=VALUE, not {setting!r}")
            params[name] = value_for(effect.param(name), text)
        times = times_from(arguments.times)
        with effect.create(**params) as instance:
            if arguments.draw is not None:
                print_display_list(instance.draw(arguments.draw))
                return 0
            for t in times:
                sample = instance.sample(t)
                print(f"frame {t:g} " + " ".join(f"{name}={value:.17g}" for name, value in sample.items()))
    except (effects.EffectError, effects.PluginLoadError, ValueError) as error:
        print(f"effect_demo.py: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
