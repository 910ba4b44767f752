"""The studio's plugins: the catalog it was started with, and, when it
watches, each plugin file's latest build.

A plugin cannot be unloaded: plugins are never unmapped (the Swift runtime
keeps pointers into every image it has seen), and dlopen of a path already
loaded hands back the image loaded first, so a rebuilt file opened at its
own path is silently the old build. Each new build is therefore copied
under a fresh name into a private directory (0700, the user's own, which
the host's trust rules accept) and loaded from there, read first by the
host's isolated scan so that a build that crashes at load is refused with
a reason instead of ending the studio. Every build loaded stays mapped:
the cost of a reload is the plugin's image (tens of KiB for a C plugin,
0.6 to 1 MiB for a Swift one), kept until the studio exits.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import stat
import tempfile
import threading
from dataclasses import dataclass, field

from .. import _host, _library
from .._library import Catalog, Effect, Plugin

#: What the studio compares to notice a rebuilt file: a linker that
#: writes a new file changes the inode; one that rewrites it, the size
#: or the times.
Identity = tuple[int, int, int, int, int]


def identity(path: str) -> Identity | None:
    try:
        info = os.stat(path)
    except OSError:
        return None
    return (info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns, info.st_ctime_ns)


#: The largest plugin file a watching studio copies: plugins are a few MiB,
#: and a file replaced by a device or a giant is refused, not copied on and on.
COPY_LIMIT = 256 << 20


def _copy_plugin(source: str, copy: str) -> None:
    """Copies a regular file of at most COPY_LIMIT bytes to ``copy`` (mode
    0755, a name no file has), read from one descriptor: what was judged is
    what is copied, and a FIFO or a device is refused without waiting."""
    reading = os.open(source, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    try:
        info = os.fstat(reading)
        if not stat.S_ISREG(info.st_mode):
            raise OSError(0, "it is not a regular file")
        if info.st_size > COPY_LIMIT:
            raise OSError(0, f"it is {info.st_size} bytes, more than a plugin's {COPY_LIMIT}")
        writing = os.open(copy, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o755)
        try:
            left = COPY_LIMIT
            while chunk := os.read(reading, min(1 << 20, left + 1)):
                left -= len(chunk)
                if left < 0:
                    raise OSError(0, f"it grew past a plugin's {COPY_LIMIT} bytes while it was copied")
                view = memoryview(chunk)
                while view:
                    view = view[os.write(writing, view):]
        finally:
            os.close(writing)
    except OSError:
        with contextlib.suppress(OSError):
            if os.path.lexists(copy):
                os.unlink(copy)
        raise
    finally:
        os.close(reading)


def _changed(directory: str) -> int | None:
    try:
        return os.stat(directory).st_mtime_ns
    except OSError:
        return None


@dataclass
class Build:
    """One plugin file on the search path and the build of it in use."""

    path: str
    plugin: Plugin | None
    seen: Identity | None
    #: Why the file's latest build was refused (the last good one stays).
    problem: str | None = None
    #: A change seen once: loaded when the next look finds it unchanged,
    #: so a file the linker is still writing is not read half-made.
    pending: Identity | None = None


@dataclass
class Builds:
    """The catalog in search order, each file's build in use, and a
    generation that counts the reloads."""

    paths: list[str]
    allow_unsafe: bool
    builds: list[Build] = field(default_factory=list)
    failures: list[tuple[str, str]] = field(default_factory=list)
    searched: list[str] = field(default_factory=list)
    generation: int = 0
    reloads: int = 0
    #: Each directory on the search path and when it last changed: a file
    #: added to one is looked for by the host's own scan.
    directories: dict[str, int | None] = field(default_factory=dict)
    _private: str | None = None
    _lock: threading.Lock = field(default_factory=threading.Lock)

    @classmethod
    def scan(cls, paths: list[str], allow_unsafe: bool = False) -> Builds:
        catalog: Catalog = _library.scan(paths, allow_unsafe=allow_unsafe)
        builds = cls(paths, allow_unsafe)
        builds.builds = [Build(plugin.path, plugin, identity(plugin.path)) for plugin in catalog.plugins]
        builds.builds += [Build(failure.path, None, identity(failure.path), failure.reason) for failure in catalog.failures]
        builds.failures = [(failure.path, failure.reason) for failure in catalog.failures]
        builds.searched = list(catalog.searched)
        builds.directories = {entry: _changed(entry) for entry in catalog.searched if os.path.isdir(entry)}
        return builds

    def effects(self) -> list[Effect]:
        """Every effect, the first plugin on the search path that has an id winning."""
        with self._lock:
            found: dict[str, Effect] = {}
            for build in self.builds:
                for effect in build.plugin.effects if build.plugin is not None else ():
                    found.setdefault(effect.id, effect)
            return list(found.values())

    def source(self, effect: Effect) -> str:
        """The file on the search path the effect's build came from."""
        with self._lock:
            return next((build.path for build in self.builds if build.plugin is effect.plugin), effect.plugin.path)

    def effect(self, id: str) -> Effect | None:
        return next((effect for effect in self.effects() if effect.id == id), None)

    def problems(self) -> list[tuple[str, str]]:
        """Each file whose build is refused, and why."""
        with self._lock:
            return [(build.path, build.problem) for build in self.builds if build.problem is not None]

    def look(self) -> bool:
        """Loads each file that changed and has stayed unchanged since the
        last look; True when anything was reloaded or refused anew."""
        changed = self._take_new_files()
        for build in self.builds:
            now = identity(build.path)
            if now is None or now == build.seen:
                build.pending = None
                continue
            if now != build.pending:
                build.pending = now
                continue
            self._reload(build, now)
            changed = True
        if changed:
            with self._lock:
                self.generation += 1
        return changed

    def _take_new_files(self) -> bool:
        """Adds the plugin files that appeared in a directory on the search
        path since the last look, found by the host's scan as at start."""
        moved = {entry: _changed(entry) for entry in self.directories}
        if moved == self.directories:
            return False
        self.directories = moved
        catalog: Catalog = _library.scan(self.paths, allow_unsafe=self.allow_unsafe)
        known = {build.path for build in self.builds}
        added = [Build(plugin.path, plugin, identity(plugin.path)) for plugin in catalog.plugins if plugin.path not in known]
        added += [Build(failure.path, None, identity(failure.path), failure.reason) for failure in catalog.failures
                  if failure.path not in known and os.path.exists(failure.path)]
        with self._lock:
            self.builds += added
        return bool(added)

    def _private_directory(self) -> str:
        if self._private is None:
            # mkdtemp makes it 0700 and the user's: the trust rules accept it.
            self._private = tempfile.mkdtemp(prefix="effect-studio-builds-")
        return self._private

    def _reload(self, build: Build, now: Identity) -> None:
        build.pending = None
        # The copy lies somewhere trusted: the file it is made from is the
        # one the trust rules judge, as they would judge it on the search path.
        problem = None if self.allow_unsafe else _host.trust_problem(build.path)
        if problem is not None:
            # The host says "PATH: refused: WHY"; the page names the path itself.
            reason = problem.removeprefix(f"{build.path}: ").removeprefix("refused: ")
            with self._lock:
                build.seen, build.problem = now, f"the new build was refused: {reason}"
            return
        self.reloads += 1
        name, extension = os.path.splitext(os.path.basename(build.path))
        copy = os.path.join(self._private_directory(), f"{name}-build{self.reloads}{extension}")
        try:
            _copy_plugin(build.path, copy)
        except OSError as error:
            with self._lock:
                build.seen, build.problem = now, f"the new build could not be copied: {error.strerror or error}"
            return
        catalog = _library.scan([copy], defaults=False, allow_unsafe=self.allow_unsafe)
        with self._lock:
            build.seen = now
            if catalog.plugins:
                build.plugin, build.problem = catalog.plugins[0], None
            else:
                reason = catalog.failures[0].reason if catalog.failures else "no plugin in the file"
                build.problem = f"the new build was refused: {reason}"

    def close(self) -> None:
        if self._private is not None:
            shutil.rmtree(self._private, ignore_errors=True)
