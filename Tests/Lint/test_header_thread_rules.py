"""Every function in the two public headers, effect.h and effect_host.h
(with its parts), says its thread rule as the last line of its comment,
in one of the forms the headers' conventions define."""

import glob
import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

DECLARATION = re.compile(
    r"^(EFFECT_HOST_API |EFFECT_EXPORT |static inline |typedef [^;{]*\(\*\w+\)\(|\s+effect_status \(\*\w+\)\()")
RULE = re.compile(r"Threads: (any|signal-safe|one at a time|(reads|changes) [\w ,'*.-]+)\.$")


def name_of(line):
    found = re.search(r"\(\*(\w+)\)", line) or re.search(r"(\w+)\(", line)
    return found.group(1)


def unruled(text):
    """The functions whose comment does not end with a thread rule: a
    function's comment is the last one before it in its paragraph (the
    lines up to a blank one), so declarations grouped under one comment
    share it."""
    missing = []
    comment = None
    in_comment = False
    for line in text.split("\n"):
        stripped = line.strip()
        if not stripped:
            comment, in_comment = None, False
            continue
        if stripped.startswith("/*") and not in_comment:
            comment, in_comment = [], True
        if in_comment:
            comment.append(stripped.removeprefix("/*").removeprefix("*").removesuffix("*/").strip())
            in_comment = not stripped.endswith("*/")
            continue
        if DECLARATION.match(line):
            lines = [part for part in (comment or []) if part]
            if not lines or not RULE.search(lines[-1]):
                missing.append(name_of(line))
    return missing


def headers():
    return [os.path.join(ROOT, "include", "effect.h"), *sorted(glob.glob(os.path.join(ROOT, "include", "effect_host*.h")))]


def test_every_function_in_both_headers_says_its_thread_rule_last():
    found = {}
    for path in headers():
        with open(path, encoding="utf-8") as header:
            missing = unruled(header.read())
        if missing:
            found[os.path.basename(path)] = missing
    assert found == {}


def test_the_headers_hold_every_kind_of_declaration_the_check_reads():
    text = ""
    for path in headers():
        with open(path, encoding="utf-8") as header:
            text += header.read()
    kinds = {kind: 0 for kind in ("EFFECT_HOST_API", "EFFECT_EXPORT", "static inline", "typedef", "table")}
    for line in text.split("\n"):
        match = DECLARATION.match(line)
        if match:
            start = match.group(1).strip()
            kind = "table" if start.startswith("effect_status") else next(k for k in kinds if start.startswith(k))
            kinds[kind] += 1
    # effect.h's table has 16 functions, its callbacks 2 typedefs and the
    # entry's 1, the reference measure 3 inline functions; effect_host.h
    # exports 72 functions and 4 callback types.
    assert kinds == {"EFFECT_HOST_API": 72, "EFFECT_EXPORT": 1, "static inline": 4, "typedef": 7, "table": 16}


def test_a_function_without_a_rule_or_with_one_not_last_is_named():
    header = """
/* Opens it.
 * Threads: any. */
EFFECT_HOST_API int opened(void);

/* Reads it.
 * Threads: reads the thing.
 * Errors: none. */
EFFECT_HOST_API int misplaced(void);

/* Grouped: both share this.
 * Threads: reads the catalog. */
EFFECT_HOST_API int first(void);
EFFECT_HOST_API int second(void);

EFFECT_HOST_API void bare(void *thing);

struct table {
    /* Samples.
     * Threads: whenever. */
    effect_status (*sample)(void);
};
"""
    assert unruled(header) == ["misplaced", "bare", "sample"]
