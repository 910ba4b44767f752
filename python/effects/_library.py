"""Plugins, their effects, params and channels, as the host library loaded
and checked them, read once through its metadata accessors."""

from __future__ import annotations

import ctypes
import os
import warnings
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from . import _abi, _host
from .errors import EffectError, PluginLoadError, PluginLoadWarning

if TYPE_CHECKING:
    from ._instance import Instance


def _text(value: bytes | None) -> str:
    """A metadata string of the host's (checked UTF-8 when the plugin loaded)."""
    return value.decode("utf-8", "replace") if value is not None else ""


def _call(function: Any, *arguments: Any) -> None:
    """Calls a table function with a fresh error buffer; raises EffectError on failure."""
    error = _abi.sized(_abi.Error)
    status = function(*arguments, ctypes.byref(error))
    if status != _abi.OK:
        message = error.message.decode("utf-8", "replace") or f"the plugin failed with status {status}"
        raise EffectError(status, message)


#: A param's type (``Param.type``), as effect.h's EFFECT_TYPE_* names it.
ParamType = Literal["number", "integer", "bool", "enum", "string", "color"]
#: Whether a channel is one value per frame, one per element per frame, or a
#: static attribute of each element (``Channel.scope``).
ChannelScope = Literal["global", "element", "attribute"]

_PARAM_TYPES: dict[int, ParamType] = {
    _abi.TYPE_NUMBER: "number",
    _abi.TYPE_INTEGER: "integer",
    _abi.TYPE_BOOL: "bool",
    _abi.TYPE_ENUM: "enum",
    _abi.TYPE_STRING: "string",
    _abi.TYPE_COLOR: "color",
}
_SCOPES: dict[int, ChannelScope] = {_abi.SCOPE_GLOBAL: "global", _abi.SCOPE_ELEMENT: "element", _abi.SCOPE_ATTRIBUTE: "attribute"}


@dataclass(frozen=True)
class Param:
    """One param as the plugin declares it."""

    name: str
    type: ParamType
    default: Any
    min: float | None
    max: float | None
    unit: str
    doc: str
    live: bool
    optional: bool
    choices: tuple[str, ...] = ()
    #: A string whose line breaks the effect shows as lines: offer a multi-line field (ABI 1.7).
    multiline: bool = False


@dataclass(frozen=True)
class Channel:
    """One channel (``scope`` global or element) or static per-element attribute."""

    name: str
    scope: ChannelScope
    unit: str
    doc: str
    min: float
    max: float
    labels: tuple[str, ...] = ()


def _value_text(value: bytes | None, what: str) -> str:
    """A string a plugin's instance hands back, refused as effect-host refuses it: NULL or not UTF-8."""
    if value is None:
        raise EffectError(_abi.ERR_INTERNAL, f"{what} is NULL")
    try:
        return value.decode("utf-8", "strict")
    except UnicodeDecodeError:
        raise EffectError(_abi.ERR_INTERNAL, f"{what} is not valid UTF-8") from None


def value_from_raw(raw: _abi.Value, param: Param | None) -> Any:
    """A C value as Python: None, float, int, bool, choice name, str, or a colour as "#RRGGBBAA"."""
    context = f"param '{param.name}'" if param else "a param"
    if raw.type == _abi.TYPE_NUMBER:
        return raw.number
    if raw.type == _abi.TYPE_INTEGER:
        return raw.integer
    if raw.type == _abi.TYPE_BOOL:
        return raw.integer != 0
    if raw.type == _abi.TYPE_ENUM:
        if raw.string:
            return _value_text(raw.string, f"the value of {context}")
        return param.choices[raw.integer] if param and 0 <= raw.integer < len(param.choices) else raw.integer
    if raw.type == _abi.TYPE_STRING:
        return _value_text(raw.string, f"the value of {context}")
    if raw.type == _abi.TYPE_COLOR:
        return f"#{raw.integer & 0xFFFFFFFF:08X}"
    return None


class Effect:
    """One effect of a plugin. ``create(**params)`` makes an instance."""

    def __init__(self, plugin: Plugin, index: int) -> None:
        self.plugin = plugin
        self.index = index
        info = _host.effect_info(plugin._host, index)
        self.id = _text(info.id)
        self.name = _text(info.name)
        self.summary = _text(info.summary)
        self.element_noun = _text(info.element_noun)
        self.timing_doc = _text(info.timing_doc)
        self.credit = _text(info.credit)
        counts = (info.global_channel_count, info.element_channel_count, info.attribute_count)
        self.params: list[Param] = [self._param(i) for i in range(info.param_count)]
        channels = [self._channel(i) for i in range(sum(counts))]
        self.channels: list[Channel] = channels[: counts[0]]
        self.element_channels: list[Channel] = channels[counts[0] : counts[0] + counts[1]]
        self.attributes: list[Channel] = channels[counts[0] + counts[1] :]
        self._params_by_name = {param.name: param for param in self.params}
        self._param_indices = {param.name: i for i, param in enumerate(self.params)}

    def __repr__(self) -> str:
        return f"<Effect {self.id} from {self.plugin.id}>"

    def param(self, name: str) -> Param:
        try:
            return self._params_by_name[name]
        except KeyError:
            pass
        # The host's message: the closest name, or every name.
        _host.find_param(self.plugin._host, self.index, name)
        raise EffectError(_abi.ERR_INTERNAL, f"the host found param '{name}', which '{self.id}' did not list")

    def _read_text(self, param: Param, text: str) -> _abi.Value:
        """``text`` read as ``param``'s value by the host's grammar, as
        ``effect-host --param`` reads it; EffectError with its message."""
        return _host.parse_value(self.plugin._host, self.index, self._param_indices[param.name], text, f"the value of '{param.name}'")

    def _param(self, index: int) -> Param:
        info = _host.param_info(self.plugin._host, self.index, index)
        numeric = info.type in (_abi.TYPE_NUMBER, _abi.TYPE_INTEGER)
        name = _text(info.name)
        type = _PARAM_TYPES[info.type]
        choices = tuple(_text(info.choices[i]) for i in range(info.choice_count)) if type == "enum" else ()
        stub = Param(name, type, None, None, None, "", "", False, False, choices)
        return Param(
            name=name,
            type=type,
            default=value_from_raw(info.default_value, stub),
            min=info.min if numeric else None,
            max=info.max if numeric else None,
            unit=_text(info.unit),
            doc=_text(info.doc),
            live=bool(info.flags & _abi.PARAM_LIVE),
            optional=bool(info.flags & _abi.PARAM_OPTIONAL),
            choices=choices,
            multiline=bool(info.flags & _abi.PARAM_MULTILINE),
        )

    def _channel(self, index: int) -> Channel:
        info = _host.channel_info(self.plugin._host, self.index, index)
        labels = tuple(_text(info.labels[i]) for i in range(info.label_count))
        return Channel(_text(info.name), _SCOPES[info.scope], _text(info.unit), _text(info.doc), info.min, info.max, labels)

    def create(self, **params: Any) -> Instance:
        """A new instance with the given params (the rest take their defaults).

        Raises EffectError with the plugin's own message for an unknown name, a
        wrong type or a value out of range; never crashes.
        """
        from ._instance import Instance
        from ._values import to_raw

        keep: list[Any] = []
        settings = (_abi.ParamSetting * max(1, len(params)))()
        for index, (name, value) in enumerate(params.items()):
            param = self.param(name)
            encoded = name.encode("utf-8")
            keep.append(encoded)
            settings[index].name = encoded
            settings[index].value = to_raw(self, param, value, keep)
        owned = _host.create_instance(self.plugin._host, self.id, settings, len(params))
        return Instance(self, _host.instance_handle(owned), params, owned)

    def create_from_text(self, assignments: Sequence[str]) -> Instance:
        """A new instance with params written as ``"NAME=VALUE"`` text, as
        ``effect-host --param`` reads them (numbers, true/false, choices by
        name, colours as #RRGGBB[AA], text as is): the host library reads
        them, so a command line of your own takes params as effect-host's
        does. Raises EffectError as ``create`` does, for text that does not
        read, and (EFFECT_ERR_TYPE) for anything but a list of strings."""
        from ._instance import Instance

        owned = _host.create_instance_text(self.plugin._host, self.id, assignments)
        return Instance(self, _host.instance_handle(owned), None, owned)


class Plugin:
    """A loaded plugin library and its effects. Libraries stay loaded for the process's life."""

    def __init__(self, path: str, allow_unsafe: bool = False) -> None:
        self.path = path
        #: Loaded although the trust rules refuse it.
        self.allow_unsafe = allow_unsafe
        #: The plugin as the host library holds it: it loaded the file by
        #: the host's rules (trust, ELF check, version, metadata), holds its
        #: checked metadata and makes this plugin's instances.
        self._host: _host.Handle = _host.open_plugin_checked(path, allow_unsafe)
        # The plugin's own table, for sampling without the host in between.
        pointer = _host.plugin_table(self._host)
        api = pointer.contents
        self._api = api
        self._api_pointer = pointer
        self.abi = (int(api.abi_major), int(api.abi_minor))
        minor = self.abi[1]
        # A function exists only from the minor that brought it: an older
        # plugin's table ends before it.
        self.has_layout = minor >= 1 and bool(api.layout)
        self.has_draw = minor >= 2 and bool(api.draw)
        #: Whether its drawings follow the appearance asked for (ABI 1.3);
        #: an older plugin draws its one, light, look in every appearance.
        self.adapts_to_appearance = minor >= 3
        info = _host.plugin_info(self._host)
        self.id = _text(info.id)
        self.name = _text(info.name)
        self.version = _text(info.version)
        self.author = _text(info.author)
        self.license = _text(info.license)
        self.summary = _text(info.summary)
        self.effects: list[Effect] = [Effect(self, index) for index in range(info.effect_count)]

    def __repr__(self) -> str:
        return f"<Plugin {self.id} {self.version} at {self.path}>"

    def effect(self, id: str) -> Effect:
        for effect in self.effects:
            if effect.id == id:
                return effect
        ids = [effect.id for effect in self.effects]
        raise EffectError(_abi.ERR_UNKNOWN_EFFECT, f"plugin '{self.id}' has no effect '{id}'{_hint(id, ids)}")


def _hint(id: str, ids: list[str]) -> str:
    """The host's "did you mean" for an unknown effect id, then every id."""
    near = _host.closest(id, ids)
    close = f"did you mean '{near}'? " if near is not None else ""
    return f" ({close}effects: {', '.join(ids)})"


@dataclass
class Catalog:
    """What a scan found: plugins in search order, and the files that failed."""

    plugins: list[Plugin] = field(default_factory=list)
    failures: list[PluginLoadError] = field(default_factory=list)
    #: Every place searched, in order.
    searched: list[str] = field(default_factory=list)

    def effect(self, id: str) -> Effect:
        """The effect with this id, from the first plugin on the search path that has it."""
        for plugin in self.plugins:
            for effect in plugin.effects:
                if effect.id == id:
                    return effect
        # An effect found twice (a debug and a release build) is named once.
        known = list(dict.fromkeys(effect.id for plugin in self.plugins for effect in plugin.effects))
        skipped = self._skipped()
        if known:
            raise EffectError(_abi.ERR_UNKNOWN_EFFECT, f"no effect '{id}'{_hint(id, known)}{skipped}")
        places = ", ".join(self.searched) or "nowhere"
        found = "no plugin loaded" if self.failures else "no plugin found"
        raise EffectError(
            _abi.ERR_UNKNOWN_EFFECT,
            f"no effect '{id}': {found} (searched {places}){skipped}; pass paths or set EFFECT_PLUGIN_PATH to a plugin directory",
        )

    def _skipped(self) -> str:
        """The files that failed, for a message: the effect may be in one of them."""
        if not self.failures:
            return ""
        shown = "; ".join(str(failure) for failure in self.failures[:3])
        more = f"; and {len(self.failures) - 3} more" if len(self.failures) > 3 else ""
        return f"; skipped {shown}{more}"


_loaded: dict[str, Plugin] = {}


def load_plugin(path: str, allow_unsafe: bool = False) -> Plugin:
    """Loads (once per real path) and checks one plugin file; raises PluginLoadError.

    The host library loads the file by effect-host's own rules: a file
    that it, its directory, or its symlink target's directory lets group or
    others write, or that belongs to another user, is refused unless
    ``allow_unsafe`` (see docs/hardening.md), as is one that is not a shared
    library for this machine, whose ABI version the host cannot use, or
    whose metadata breaks the rules. The rules are applied on every call: a
    plugin loaded once with ``allow_unsafe`` is refused to a later caller
    that did not pass it. Without the library, HostLibraryMissing says how
    to get it."""
    key = os.path.realpath(path)
    if key in _loaded:
        _host.open_plugin_checked(path, allow_unsafe).close()
        return _loaded[key]
    _loaded[key] = Plugin(path, allow_unsafe)
    return _loaded[key]


def _entries(paths: Sequence[str]) -> list[str]:
    return [os.fspath(paths)] if isinstance(paths, (str, os.PathLike)) else [os.fspath(path) for path in paths]


def search_path(paths: Sequence[str] = (), defaults: bool = True) -> list[str]:
    """Where plugins are looked for, in order, as the host library's catalog
    searches them (``effect-host list`` shows the same): the explicit
    ``paths``; then, with ``defaults``, EFFECT_PLUGIN_PATH's entries
    (colon-separated) and the plugins installed beside the host library this
    package loaded (inside the package for a wheel, <prefix>/lib/effect-host/plugins
    for an installed effect-host, the build directory for a checkout's
    build). ``defaults=False`` searches the explicit paths alone, whatever
    the environment holds. The library reads the files to answer (in child
    processes, answers cached), as ``scan`` does."""
    return _host.open_catalog(_entries(paths), defaults, False).searched


def scan(paths: Sequence[str] = (), defaults: bool = True, allow_unsafe: bool = False) -> Catalog:
    """Every plugin on the search path (see search_path) and every file that failed to load.

    The host library's catalog finds them, as ``effect-host list`` does: in
    a directory, each shared library but the host library's own is a
    candidate. An explicit path that does not exist raises PluginLoadError,
    as effect-host's --plugin-path does; a missing EFFECT_PLUGIN_PATH entry
    is a failure in the catalog, and the places searched by default may be
    missing. The library first reads each file in a child process: one that
    crashes, exits or hangs there is a failure, and only files read well are
    loaded into this process. A path that is not UTF-8 is refused with the
    library's EFFECT_ERR_UTF8, and a library copied without its effect-host
    program with EFFECT_HOST_ERR_MISSING: there is no second scanner.
    Without the library, HostLibraryMissing says how to get it.
    """
    catalog = Catalog()
    explicit = _entries(paths)
    for entry in explicit:
        if not os.path.exists(entry):
            raise PluginLoadError(entry, "No such file or directory (an explicit plugin path)")
    found = _host.open_catalog([os.path.normpath(entry) for entry in explicit], defaults, allow_unsafe)
    catalog.searched = found.searched
    given = {form(entry) for entry in explicit for form in (os.path.abspath, os.path.realpath)}

    def skip(error: PluginLoadError) -> None:
        catalog.failures.append(error)
        # As effect-host warns for what --plugin-path gave it: you asked for this file.
        places = {os.path.abspath(error.path), os.path.realpath(error.path)}
        if any(place == entry or place.startswith(entry + os.sep) for place in places for entry in given):
            warnings.warn(f"skipped {error}", PluginLoadWarning, stacklevel=3)

    for path, reason in found.failures:
        skip(PluginLoadError(path, reason + ("; or pass allow_unsafe=True to load it anyway" if reason.startswith("refused: ") else "")))
    for file in found.files:
        try:
            catalog.plugins.append(load_plugin(file, allow_unsafe))
        except PluginLoadError as error:
            skip(error)
    return catalog
