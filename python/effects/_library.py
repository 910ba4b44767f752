"""Plugins, their effects, params and channels, read once through the ABI."""

from __future__ import annotations

import ctypes
import os
import shutil
import warnings
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from . import _abi, _host
from .errors import EffectError, PluginLoadError, PluginLoadWarning

if TYPE_CHECKING:
    from ._instance import Instance


def _text(value: bytes | None, what: str) -> str:
    """A metadata string, refused as effect-host refuses it: NULL or not UTF-8."""
    if value is None:
        raise EffectError(_abi.ERR_INTERNAL, f"{what} is NULL")
    try:
        return value.decode("utf-8", "strict")
    except UnicodeDecodeError:
        raise EffectError(_abi.ERR_INTERNAL, f"{what} is not valid UTF-8") from None


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
            return _text(raw.string, f"the value of {context}")
        return param.choices[raw.integer] if param and 0 <= raw.integer < len(param.choices) else raw.integer
    if raw.type == _abi.TYPE_STRING:
        return _text(raw.string, f"the value of {context}")
    if raw.type == _abi.TYPE_COLOR:
        return f"#{raw.integer & 0xFFFFFFFF:08X}"
    return None


class Effect:
    """One effect of a plugin. ``create(**params)`` makes an instance."""

    def __init__(self, plugin: Plugin, index: int) -> None:
        self.plugin = plugin
        self.index = index
        api = plugin._api
        info = _abi.sized(_abi.EffectInfo)
        _call(api.effect_info, plugin._api_pointer, index, ctypes.byref(info))
        self.id = _text(info.id, f"effect {index} id")
        self.name = _text(info.name, f"effect '{self.id}' name")
        self.summary = _text(info.summary, f"effect '{self.id}' summary")
        self.element_noun = _text(info.element_noun, f"effect '{self.id}' element noun")
        self.timing_doc = _text(info.timing_doc, f"effect '{self.id}' timing doc")
        self.credit = _text(info.credit, f"effect '{self.id}' credit")
        counts = (info.global_channel_count, info.element_channel_count, info.attribute_count)
        _within_reach(info.param_count, f"effect '{self.id}' params")
        _within_reach(sum(counts), f"effect '{self.id}' channels")
        self.params: list[Param] = [self._param(i) for i in range(info.param_count)]
        channels = [self._channel(i) for i in range(sum(counts))]
        self.channels: list[Channel] = channels[: counts[0]]
        self.element_channels: list[Channel] = channels[counts[0] : counts[0] + counts[1]]
        self.attributes: list[Channel] = channels[counts[0] + counts[1] :]
        self._params_by_name = {param.name: param for param in self.params}

    def __repr__(self) -> str:
        return f"<Effect {self.id} from {self.plugin.id}>"

    def param(self, name: str) -> Param:
        try:
            return self._params_by_name[name]
        except KeyError:
            names = ", ".join(self._params_by_name)
            raise EffectError(_abi.ERR_UNKNOWN_PARAM, f"effect '{self.id}' has no param '{name}' (params: {names})") from None

    def _param(self, index: int) -> Param:
        info = _abi.sized(_abi.ParamInfo)
        _call(self.plugin._api.param_info, self.plugin._api_pointer, self.index, index, ctypes.byref(info))
        numeric = info.type in (_abi.TYPE_NUMBER, _abi.TYPE_INTEGER)
        name = _text(info.name, f"a param name of '{self.id}'")
        type = _PARAM_TYPES.get(info.type)
        if type is None:
            # As effect-host refuses it: a type this package cannot read or write.
            raise EffectError(_abi.ERR_INTERNAL, f"param '{name}' of '{self.id}' has unknown type {info.type}")
        if type == "enum" and not 1 <= info.choice_count <= _READ_LIMIT:
            raise EffectError(_abi.ERR_INTERNAL, f"param '{name}' of '{self.id}' is an enum without valid choices")
        choices = tuple(_text(info.choices[i], f"a choice of param '{name}' of '{self.id}'") for i in range(info.choice_count)) if type == "enum" else ()
        stub = Param(name, type, None, None, None, "", "", False, False, choices)
        return Param(
            name=name,
            type=type,
            default=value_from_raw(info.default_value, stub),
            min=info.min if numeric else None,
            max=info.max if numeric else None,
            unit=_text(info.unit, f"the unit of param '{name}' of '{self.id}'"),
            doc=_text(info.doc, f"the doc of param '{name}' of '{self.id}'"),
            live=bool(info.flags & _abi.PARAM_LIVE),
            optional=bool(info.flags & _abi.PARAM_OPTIONAL),
            choices=choices,
        )

    def _channel(self, index: int) -> Channel:
        info = _abi.sized(_abi.ChannelInfo)
        _call(self.plugin._api.channel_info, self.plugin._api_pointer, self.index, index, ctypes.byref(info))
        name = _text(info.name, f"a channel name of '{self.id}'")
        scope = _SCOPES.get(info.scope)
        if scope is None:
            raise EffectError(_abi.ERR_INTERNAL, f"channel '{name}' of '{self.id}' has unknown scope {info.scope}")
        context = f"channel '{name}' of '{self.id}'"
        labels = tuple(_text(info.labels[i], f"a label of {context}") for i in range(info.label_count))
        return Channel(name, scope, _text(info.unit, f"the unit of {context}"), _text(info.doc, f"the doc of {context}"), info.min, info.max, labels)

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
            settings[index].value = to_raw(param, value, keep)
        if self.plugin._host is not None:
            owned = _host.create_instance(self.plugin._host, self.id, settings, len(params))
            return Instance(self, _host.instance_handle(owned), params, owned)
        handle = ctypes.c_void_p()
        _call(
            self.plugin._api.create,
            self.plugin._api_pointer,
            self.id.encode("utf-8"),
            settings,
            len(params),
            ctypes.byref(handle),
        )
        return Instance(self, handle, params)

    def create_from_text(self, assignments: Sequence[str]) -> Instance:
        """A new instance with params written as ``"NAME=VALUE"`` text, as
        ``effect-host --param`` reads them (numbers, true/false, choices by
        name, colours as #RRGGBB[AA], text as is): the host library reads
        them, so a command line of your own takes params as effect-host's
        does. Raises EffectError as ``create`` does, for text that does not
        read, and (EFFECT_ERR_TYPE) for anything but a list of strings;
        HostLibraryMissing where the library is absent."""
        from ._instance import Instance

        if self.plugin._host is None:
            _host.library()
            raise _host.HostLibraryMissing(
                _host.ERR_MISSING, "this effect's plugin was loaded without the host library; load it again to read params as text"
            )
        owned = _host.create_instance_text(self.plugin._host, self.id, assignments)
        return Instance(self, _host.instance_handle(owned), None, owned)


class Plugin:
    """A loaded plugin library and its effects. Libraries stay loaded for the process's life."""

    def __init__(self, path: str, allow_unsafe: bool = False) -> None:
        self.path = path
        #: Loaded although the trust rules refuse it.
        self.allow_unsafe = allow_unsafe
        #: The plugin as the host library holds it, when it is installed: it
        #: loaded the file by the host's rules (trust, ELF check, version,
        #: metadata) and makes this plugin's instances.
        self._host: _host.Handle | None = None
        try:
            _host.library()
        except _host.HostLibraryMissing:
            pointer = _plain_table(path)
        else:
            self._host = _host.open_plugin_checked(path, allow_unsafe)
            pointer = _host.plugin_table(self._host)
        header = ctypes.cast(pointer, ctypes.POINTER(ctypes.c_uint32 * 4)).contents
        size, major, minor, needs = header[0], header[1], header[2], header[3]
        # A newer minor loads when the plugin needs no more than this
        # package's (effect.h's Versioning: needs_minor, the fourth word).
        newer = minor > _abi.ABI_MINOR
        if major != _abi.ABI_MAJOR or (newer and not 0 < needs <= _abi.ABI_MINOR):
            needing = f" (needing 1.{needs})" if major == _abi.ABI_MAJOR and needs else ""
            raise PluginLoadError(
                path, f"built for effect ABI {major}.{minor}{needing}; this package speaks {_abi.ABI_MAJOR}.{_abi.ABI_MINOR}"
            )
        needed = _abi.plugin_api_size(min(minor, _abi.ABI_MINOR))
        if size < needed:
            raise PluginLoadError(path, f"its function table is {size} bytes; ABI {major}.{minor} needs {needed}")
        api = pointer.contents
        for name in _abi.required_functions():
            if not getattr(api, name):
                raise PluginLoadError(path, f"its function table has no {name} (the pointer is NULL)")
        self._api = api
        self._api_pointer = pointer
        self.abi = (major, minor)
        # A function exists only from the minor that brought it: an older
        # plugin's table ends before it.
        self.has_layout = minor >= 1 and bool(api.layout)
        self.has_draw = minor >= 2 and bool(api.draw)
        #: Whether its drawings follow the appearance asked for (ABI 1.3);
        #: an older plugin draws its one, light, look in every appearance.
        self.adapts_to_appearance = minor >= 3
        info = _abi.sized(_abi.PluginInfo)
        try:
            _call(api.describe, pointer, ctypes.byref(info))
            if info.effect_count < 1:
                raise PluginLoadError(path, "describe reports no effects")
            _within_reach(info.effect_count, "effects")
            self.id = _text(info.id, "plugin id")
            self.name = _text(info.name, "plugin name")
            self.version = _text(info.version, "plugin version")
            self.author = _text(info.author, "plugin author")
            self.license = _text(info.license, "plugin license")
            self.summary = _text(info.summary, "plugin summary")
            self.effects: list[Effect] = [Effect(self, index) for index in range(info.effect_count)]
        except EffectError as error:
            raise PluginLoadError(path, f"describe failed: {error.message}") from None

    def __repr__(self) -> str:
        return f"<Plugin {self.id} {self.version} at {self.path}>"

    def effect(self, id: str) -> Effect:
        for effect in self.effects:
            if effect.id == id:
                return effect
        ids = ", ".join(effect.id for effect in self.effects)
        raise EffectError(_abi.ERR_UNKNOWN_EFFECT, f"plugin '{self.id}' has no effect '{id}' (effects: {ids})")


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
        known = ", ".join(dict.fromkeys(effect.id for plugin in self.plugins for effect in plugin.effects))
        skipped = self._skipped()
        if known:
            raise EffectError(_abi.ERR_UNKNOWN_EFFECT, f"no effect '{id}' (effects: {known}){skipped}")
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

#: Counts past this are not read: a guard for plugins loaded without the
#: host library, whose metadata no rule has checked.
_READ_LIMIT = 1 << 16


def _within_reach(count: int, what: str) -> None:
    if count > _READ_LIMIT:
        raise EffectError(_abi.ERR_INTERNAL, f"{what}: {count:,}, more than this package reads ({_READ_LIMIT:,})")


def _plain_table(path: str) -> Any:
    """The plugin's table, loaded with dlopen alone (no host library)."""
    try:
        library = ctypes.CDLL(os.path.realpath(path), mode=os.RTLD_NOW | os.RTLD_LOCAL)
    except OSError as error:
        raise PluginLoadError(path, f"cannot be loaded: {error}") from None
    try:
        entry = getattr(library, _abi.ENTRY_SYMBOL)
    except AttributeError:
        raise PluginLoadError(path, f"not an effect plugin: it has no {_abi.ENTRY_SYMBOL} symbol") from None
    entry.restype = ctypes.POINTER(_abi.PluginAPI)
    entry.argtypes = []
    pointer = entry()
    if not pointer:
        raise PluginLoadError(path, f"{_abi.ENTRY_SYMBOL} returned NULL")
    _libraries.append(library)
    return pointer


#: Libraries loaded without the host: kept for the process's life.
_libraries: list[ctypes.CDLL] = []

#: The plugins a wheel carries inside this package (scripts/install-host's layout).
_BUNDLED = os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib", "effect-host", "plugins")


def load_plugin(path: str, allow_unsafe: bool = False) -> Plugin:
    """Loads (once per real path) and checks one plugin file; raises PluginLoadError.

    With the host library installed, the file is loaded by effect-host's
    own rules: a file that it, its directory, or its symlink target's
    directory lets group or others write, or that belongs to another user,
    is refused unless ``allow_unsafe`` (see docs/hardening.md), as is one
    that is not a shared library for this machine or whose metadata breaks
    the rules. The rules are applied on every call: a plugin loaded once
    with ``allow_unsafe`` is refused to a later caller that did not pass
    it. Without the library (a plugin-only install) a plugin is loaded as
    effect.h describes and trusted as it is."""
    key = os.path.realpath(path)
    if key in _loaded:
        if _loaded[key]._host is not None:
            _host.open_plugin_checked(path, allow_unsafe).close()
        return _loaded[key]
    _loaded[key] = Plugin(path, allow_unsafe)
    return _loaded[key]


def _checkout() -> str | None:
    """The checkout this package is an editable install of, if it is one:
    the package sits in python/effects beside the checkout's Package.swift."""
    package = os.path.dirname(os.path.abspath(__file__))
    root = os.path.dirname(os.path.dirname(package))
    if os.path.basename(os.path.dirname(package)) == "python" and os.path.isfile(os.path.join(root, "Package.swift")):
        return root
    return None


def _installed_host() -> str | None:
    """<prefix>/lib/effect-host/plugins of an effect-host on PATH."""
    host = shutil.which("effect-host")
    if host is None:
        return None
    return os.path.join(os.path.dirname(os.path.dirname(os.path.realpath(host))), "lib", "effect-host", "plugins")


def _environment_entries() -> list[str]:
    return [item for item in os.environ.get("EFFECT_PLUGIN_PATH", "").split(":") if item]


def search_path(paths: Sequence[str] = (), defaults: bool = True) -> list[str]:
    """Where plugins are looked for, in order: the explicit ``paths``; then,
    with ``defaults``, EFFECT_PLUGIN_PATH (colon-separated), the plugins
    inside this package (a wheel carries them), <prefix>/lib/effect-host/plugins
    for an ``effect-host`` on PATH, and, only when this package is an
    editable install in a checkout, that checkout's .build/debug and
    .build/release. ``defaults=False`` searches the explicit paths alone,
    whatever the environment holds."""
    entries = [os.fspath(paths)] if isinstance(paths, (str, os.PathLike)) else [os.fspath(path) for path in paths]
    if not defaults:
        return entries
    entries += _environment_entries()
    entries.append(_BUNDLED)
    host = _installed_host()
    if host is not None:
        entries.append(host)
    checkout = _checkout()
    if checkout is not None:
        entries += [os.path.join(checkout, ".build", "debug"), os.path.join(checkout, ".build", "release")]
    return entries


# The host library (effect_host.h), which `swift build` puts beside the
# plugins it builds: never a plugin, so a directory's listing leaves it out.
_HOST_LIBRARY = "libeffecthost.so"


def scan(paths: Sequence[str] = (), defaults: bool = True, allow_unsafe: bool = False) -> Catalog:
    """Every plugin on the search path (see search_path) and every file that failed to load.

    In a directory, each ``*.so`` file but the host library's is a candidate. An explicit path that
    does not exist raises PluginLoadError, as effect-host's --plugin-path
    does; a missing EFFECT_PLUGIN_PATH entry is a failure in the catalog,
    and the places searched by default may be missing. With the host
    library, each file is first read in a child process, as ``effect-host
    list`` reads it: one that crashes, exits or hangs there is a failure,
    and only files read well are loaded into this process.
    """
    catalog = Catalog()
    explicit = 1 if isinstance(paths, (str, os.PathLike)) else len(paths)
    environment = len(_environment_entries()) if defaults else 0
    searched = search_path(paths, defaults)
    catalog.searched = list(searched)
    present = []
    for position, entry in enumerate(searched):
        if os.path.exists(entry):
            present.append(entry)
        elif position < explicit:
            raise PluginLoadError(entry, "No such file or directory (an explicit plugin path)")
        elif position < explicit + environment:
            catalog.failures.append(PluginLoadError(entry, "No such file or directory (from EFFECT_PLUGIN_PATH)"))
    present = [os.path.normpath(entry) for entry in present]
    try:
        files, failures = _host.read_search_path(present, allow_unsafe)
    except (_host.HostLibraryMissing, UnicodeEncodeError):
        # No library, or a path the C API cannot carry (not UTF-8): each file in this process.
        files, failures = _candidates(present), []
    except EffectError as error:
        if error.status != _host.ERR_MISSING:
            raise
        # The library without its effect-host program (a copy made alone): as without the library.
        files, failures = _candidates(present), []
    given = {form(entry) for entry in searched[:explicit] for form in (os.path.abspath, os.path.realpath)}

    def skip(error: PluginLoadError) -> None:
        catalog.failures.append(error)
        # As effect-host warns for what --plugin-path gave it: you asked for this file.
        places = {os.path.abspath(error.path), os.path.realpath(error.path)}
        if any(place == entry or place.startswith(entry + os.sep) for place in places for entry in given):
            warnings.warn(f"skipped {error}", PluginLoadWarning, stacklevel=3)

    for path, reason in failures:
        skip(PluginLoadError(path, reason + ("; or pass allow_unsafe=True to load it anyway" if reason.startswith("refused: ") else "")))
    for file in files:
        try:
            catalog.plugins.append(load_plugin(file, allow_unsafe))
        except PluginLoadError as error:
            skip(error)
    return catalog


def _candidates(entries: Sequence[str]) -> list[str]:
    """The plugin files of these entries, each real file once: a file, or a
    directory's ``*.so`` files but the host library's."""
    files, seen = [], set()
    for entry in entries:
        listed = (
            [os.path.join(entry, name) for name in sorted(os.listdir(entry)) if name.endswith(".so") and name != _HOST_LIBRARY]
            if os.path.isdir(entry)
            else [entry]
        )
        for file in listed:
            key = os.path.realpath(file)
            if key not in seen:
                seen.add(key)
                files.append(file)
    return files
