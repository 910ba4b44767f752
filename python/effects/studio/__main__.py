"""``python -m effects.studio``: what ``effect-host studio`` runs."""

from __future__ import annotations

import argparse
import sys

from ..errors import EffectError, PluginLoadError
from . import Refused, serve


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="effect-host studio", description="Serves a local page to look at and tune any effect.")
    parser.add_argument("effect", nargs="?", help="the effect shown first (default: the first found)")
    parser.add_argument("--plugin-path", action="append", default=[], metavar="PATH", help="search PATH first; repeatable")
    parser.add_argument("--host", default="127.0.0.1", help="the address to listen on (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=0, help="the port (default: a free one)")
    parser.add_argument("--output-dir", metavar="DIR", help="where downloads are written (default: a private temporary directory)")
    parser.add_argument("--watch", action="store_true", help="load each plugin file's new build as it is rebuilt")
    parser.add_argument("--allow-unsafe-plugins", action="store_true", help="load plugin files others could have written")
    arguments = parser.parse_args(argv)
    try:
        serve(arguments.effect, arguments.plugin_path, arguments.host, arguments.port, arguments.output_dir, arguments.watch,
              arguments.allow_unsafe_plugins)
    except (Refused, EffectError, PluginLoadError) as error:
        print(f"effect-host studio: {error}", file=sys.stderr)
        return 2
    except OSError as error:
        print(f"effect-host studio: cannot listen on {arguments.host}:{arguments.port}: {error.strerror}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
