"""What the line-break tests share: web/line-breaks.js run in Node, the
native host's line breaker (ICU, loaded as Sources/EffectHost/Text/
ICUBreaks.swift loads it), and Unicode's LineBreakTest.txt."""

import ctypes
import json
import os
import subprocess

from web_harness import node

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
MODULE = os.path.join(ROOT, "web", "line-breaks.js")
UNICODE = "/usr/share/unicode"
LINE_BREAK_TEST = os.path.join(UNICODE, "auxiliary", "LineBreakTest.txt")


def js_breaks(texts, module=MODULE):
    """The UTF-16 indices lineBreaks marks in each text, run in Node."""
    if not texts:
        return []
    source = "".join(json.dumps(text) + "\n" for text in texts)
    run = subprocess.run([node(), os.path.join(HERE, "line_breaks_node.mjs"), module], input=source,
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert len(lines) == len(texts), run.stdout[-2000:]
    return [json.loads(line) for line in lines]


def utf16_offsets(text):
    """Each code point's UTF-16 index, and the text's UTF-16 length last."""
    offsets, at = [], 0
    for character in text:
        offsets.append(at)
        at += 2 if ord(character) > 0xFFFF else 1
    return [*offsets, at]


def utf8_offsets(text):
    """Each code point's UTF-8 byte offset, and the text's byte length last."""
    offsets, at = [], 0
    for character in text:
        offsets.append(at)
        at += len(character.encode("utf-8", "surrogatepass"))
    return [*offsets, at]


def as_code_points(text, indices):
    """UTF-16 indices as code point indices; an index inside a surrogate pair fails."""
    where = {unit: point for point, unit in enumerate(utf16_offsets(text))}
    assert all(index in where for index in indices), f"an index inside a surrogate pair: {indices} in {text!r}"
    return [where[index] for index in indices]


def as_bytes(text, indices):
    """UTF-16 indices as UTF-8 byte offsets (what effect.h's flags are indexed by)."""
    octets = utf8_offsets(text)
    return [octets[point] for point in as_code_points(text, indices)]


def line_break_test():
    """LineBreakTest.txt's cases: (the case as written, its text, the code
    point indices where it allows a break)."""
    cases = []
    with open(LINE_BREAK_TEST, encoding="utf-8") as data:
        for line in data:
            case = line.split("#", 1)[0].strip()
            if not case:
                continue
            text, breaks = "", []
            for token in case.split():
                if token == "÷":
                    breaks.append(len(text))
                elif token != "×":
                    text += chr(int(token, 16))
            cases.append((case, text, breaks))
    return cases


class NativeLineBreaks:
    """The native host's line breaker: ICU's common library, the newest the
    loader finds (ICUBreaks.shared), its symbols suffixed with its major
    version; ubrk_open(UBRK_LINE, "") over UTF-8 UText, every boundary."""

    LINE = 2

    def __init__(self):
        self.library, self.version = None, None
        for version in range(99, 49, -1):
            try:
                self.library = ctypes.CDLL(f"libicuuc.so.{version}")
            except OSError:
                continue
            self.version = version
            break
        if self.library is None:
            raise OSError("no libicuuc.so.NN: scripts/ensure-media installs Debian's libicu")
        suffix = f"_{self.version}" if hasattr(self.library, f"ubrk_open_{self.version}") else ""

        def function(name, result, *arguments):
            found = getattr(self.library, name + suffix)
            found.restype, found.argtypes = result, list(arguments)
            return found

        status = ctypes.POINTER(ctypes.c_int32)
        pointer = ctypes.c_void_p
        self.open_utf8 = function("utext_openUTF8", pointer, pointer, ctypes.c_char_p, ctypes.c_int64, status)
        self.close_text = function("utext_close", pointer, pointer)
        self.open = function("ubrk_open", pointer, ctypes.c_int32, ctypes.c_char_p, pointer, ctypes.c_int32, status)
        self.set_text = function("ubrk_setUText", None, pointer, pointer, status)
        self.first = function("ubrk_first", ctypes.c_int32, pointer)
        self.next = function("ubrk_next", ctypes.c_int32, pointer)
        self.close = function("ubrk_close", None, pointer)

    def breaks(self, text):
        """The UTF-8 byte offsets of every boundary ICU's line iterator reports."""
        data = text.encode("utf-8")
        status = ctypes.c_int32(0)
        utext = self.open_utf8(None, data, len(data), ctypes.byref(status))
        assert utext and status.value <= 0, f"utext_openUTF8: {status.value}"
        iterator = self.open(self.LINE, b"", None, 0, ctypes.byref(status))
        assert iterator and status.value <= 0, f"ubrk_open: {status.value}"
        try:
            self.set_text(iterator, utext, ctypes.byref(status))
            assert status.value <= 0, f"ubrk_setUText: {status.value}"
            found, position = [], self.first(iterator)
            while position >= 0:
                found.append(position)
                position = self.next(iterator)
            return found
        finally:
            self.close(iterator)
            self.close_text(utext)


def gzip_size(path):
    """The file's size after `gzip -9`."""
    with open(path, "rb") as source:
        return len(subprocess.run(["gzip", "-9", "-c"], stdin=source, capture_output=True, check=True).stdout)

