"""The rule effect-host applies before loading a plugin, as ssh does for
key files: loading runs the file's code, so a file, or a directory on the
way to it, that someone else could write to is refused."""

import os
import stat
from typing import Optional


def problem_with(path: str) -> Optional[str]:
    """Why ``path`` must not be loaded, or None when it may be."""
    resolved = os.path.realpath(path)
    if not os.path.exists(resolved):
        return None  # a missing file fails later, with its own reason
    checked = []
    for candidate, kind in (
        (resolved, "file"),
        (os.path.dirname(os.path.abspath(path)) or "/", "directory"),
        (os.path.dirname(resolved) or "/", "directory"),
    ):
        key = os.path.realpath(candidate)
        if key in checked:
            continue
        checked.append(key)
        try:
            status = os.stat(key)
        except OSError:
            continue
        mode = stat.S_IMODE(status.st_mode)
        if mode & 0o022:
            who = "everyone" if mode & 0o002 else "its group"
            return (
                f"the {kind} {key} can be written by {who} (mode {mode:04o}), so someone else could put code in it; "
                f"fix with chmod go-w {key}"
            )
        if status.st_uid not in (0, os.geteuid()):
            return f"the {kind} {key} belongs to another user (uid {status.st_uid}), who could put code in it"
    return None
