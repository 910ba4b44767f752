"""A look at a file before dlopen does: the loader trusts an ELF file's headers,
so a truncated library would crash the whole interpreter (SIGBUS) instead of
raising. Only a complete shared library for this machine passes."""

from __future__ import annotations

import os
import stat
import struct


def _machine_of(path: str) -> int | None:
    try:
        with open(path, "rb") as file:
            header = file.read(20)
    except OSError:
        return None
    return struct.unpack_from("<H", header, 18)[0] if len(header) == 20 else None


_OWN_MACHINE = _machine_of("/proc/self/exe")


def problem_with(path: str) -> str | None:
    """Why `path` cannot be a plugin for this process, or None if it looks fine."""
    try:
        info = os.stat(path)
    except OSError as error:
        return error.strerror or str(error)
    if not stat.S_ISREG(info.st_mode):
        return "not a regular file"
    size = info.st_size
    if size == 0:
        return "an empty file, not a shared library"
    try:
        with open(path, "rb") as file:
            header = file.read(64)
            if len(header) < 64 or header[:4] != b"\x7fELF":
                return "not an ELF shared library"
            if header[4] != 2 or header[5] != 1:
                return "an ELF file for another kind of machine"
            kind, machine = struct.unpack_from("<HH", header, 16)
            if _OWN_MACHINE is not None and machine != _OWN_MACHINE:
                return f"a library for another architecture (ELF machine {machine})"
            if kind != 3:
                return f"an ELF file but not a shared library (type {kind})"
            program_offset, section_offset = struct.unpack_from("<QQ", header, 32)
            entry_size, count, section_entry_size, section_count = struct.unpack_from("<HHHH", header, 54)
            if entry_size < 56 or count == 0 or program_offset + count * entry_size > size:
                return "truncated or corrupt: its program headers lie outside the file"
            if section_count and section_offset + section_count * section_entry_size > size:
                return f"truncated or corrupt: the file is {size} bytes but its section headers lie beyond that"
            file.seek(program_offset)
            table = file.read(count * entry_size)
    except OSError as error:
        return error.strerror or str(error)
    dynamic = False
    for index in range(count):
        kind, = struct.unpack_from("<I", table, index * entry_size)
        offset, = struct.unpack_from("<Q", table, index * entry_size + 8)
        file_size, = struct.unpack_from("<Q", table, index * entry_size + 32)
        dynamic = dynamic or kind == 2
        if kind == 1 and offset + file_size > size:
            return f"truncated or corrupt: the file is {size} bytes but a segment lies beyond that"
    return None if dynamic else "an ELF file without dynamic linking information"
