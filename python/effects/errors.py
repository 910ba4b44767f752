"""The exceptions the package raises."""

from __future__ import annotations

from . import _abi


class EffectError(Exception):
    """A plugin refused or failed a call: its status (an EFFECT_ERR_* code) and its message."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message

    @property
    def status_name(self) -> str:
        """The status's name in effect.h, such as ``EFFECT_ERR_RANGE``."""
        name = _abi.STATUS_NAMES.get(self.status)
        return f"EFFECT_{name}" if name else f"status {self.status}"


class EffectNote(UserWarning):
    """What an instance's params leave out, as its plugin says (a highlight
    phrase that matches no words of the text): ``str()`` says it, after the
    effect's id. Warned once per instance, when it is made or an event
    brings a new one."""


class PluginLoadWarning(UserWarning):
    """A plugin in a path you passed was skipped: it is refused or will not load (``str()`` says why)."""


class PluginLoadError(Exception):
    """A file that could not be used as a plugin, and why."""

    def __init__(self, path: str, reason: str) -> None:
        super().__init__(f"{path}: {reason}")
        self.path = path
        self.reason = reason
