"""The rule effect-host applies before loading a plugin, as ssh does for
key files: loading runs the file's code, so if anyone else could change
what the path leads to, they could run code as the user.

The path is walked from the root one component at a time, following every
symlink. Each directory passed through, and the file at the end, must
belong to root or the user and must not be writable by group or others; a
sticky shared directory (like /tmp) is passed only when the entry taken
from it belongs to root or the user. Group write is no risk when the group
is the user's private group, as with umask 002 on Debian and Ubuntu, where
every directory a user (or pip) makes is group-writable."""

from __future__ import annotations

import functools
import grp
import os
import pwd
import stat


@functools.lru_cache(maxsize=1)
def _private_group() -> int | None:
    """The user's primary group when it is named after them and has no other member."""
    try:
        user = pwd.getpwuid(os.geteuid())
        group = grp.getgrgid(user.pw_gid)
    except KeyError:
        return None
    if group.gr_name != user.pw_name or any(member != user.pw_name for member in group.gr_mem):
        return None
    return user.pw_gid


def _verdict(path: str, status: os.stat_result, kind: str, ignoring_write: bool = False) -> str | None:
    mode = stat.S_IMODE(status.st_mode)
    group_writes = bool(mode & 0o020) and status.st_gid != _private_group()
    if not ignoring_write and (mode & 0o002 or group_writes):
        who = "everyone" if mode & 0o002 else "its group"
        return (
            f"the {kind} {path} can be written by {who} (mode {mode:04o}), so someone else could put code in it; "
            f"fix with chmod go-w {path}"
        )
    if status.st_uid not in (0, os.geteuid()):
        return f"the {kind} {path} belongs to another user (uid {status.st_uid}), who could put code in it"
    return None


def problem_with(path: str) -> str | None:
    """Why ``path`` must not be loaded, or None when it may be."""
    components = [part for part in os.path.abspath(path).split("/") if part]
    directory, links = "/", 0
    while components:
        name = components.pop(0)
        if name == ".":
            continue
        if name == "..":
            directory = os.path.dirname(directory) or "/"
            continue
        entry = os.path.join(directory, name)
        try:
            status = os.lstat(entry)
            holder = os.stat(directory)
        except OSError:
            return None  # a missing file fails later, with its own reason
        mode = stat.S_IMODE(holder.st_mode)
        shared = mode & 0o022 and mode & stat.S_ISVTX and status.st_uid in (0, os.geteuid())
        problem = _verdict(directory, holder, "directory", ignoring_write=bool(shared))
        if problem:
            return problem
        if stat.S_ISLNK(status.st_mode):
            links += 1
            if links > 40:
                return f"{entry} is a symlink that cannot be followed"
            target = os.readlink(entry)
            if target.startswith("/"):
                directory = "/"
            components = [part for part in target.split("/") if part] + components
            continue
        if not components or not stat.S_ISDIR(status.st_mode):
            return _verdict(entry, status, "file") if not components else None
        directory = entry
    return None
