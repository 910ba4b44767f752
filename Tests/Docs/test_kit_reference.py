"""docs/kit.md, the Swift kit's reference, against the kit itself.

Every public declaration of Sources/EffectABI an author can use must be in the
page: the true public surface comes from the compiler (swift-symbolgraph-extract
reads the built EffectABI module), so an API added without its entry fails here,
named. How the page lists them:
- a top-level type has a heading whose code span is its name ("#### `Canvas`",
  "#### `Font.Weight`" for a nested one), and its members are code spans under
  that heading, written as declarations: `func measure(_ text: CString, font: Font,
  tracking: Double = 0) -> TextMetrics`, `var appearance: Appearance`, `case
  ends(at: Double)`, `init(light: RGBA, dark: RGBA)`;
- a top-level function is a `func` code span anywhere on the page.
A member a type has only because it conforms to one of the kit's protocols
(`Text`'s `render(in:on:)` for `Drawing`) is documented with the protocol.
ALLOWED lists the few public declarations that are plumbing, not API, each with why.

And every ```swift block of the page, put together in order, is one plugin (a
typewriter) that builds against the kit as shown, passes `effect-host validate`,
and types its default text, a decomposed é and a family emoji among it, as six
characters at the speed it declares.
"""

import json
import os
import re
import subprocess

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PAGE = os.path.join(ROOT, "docs", "kit.md")

#: Public for the kit's own tests, not for authors.
ALLOWED = {
    # Tests build a segmenter in Swift; a plugin gets the host's from StringPool.segmenter.
    "TextSegmenter.init(_:context:)": "a test hook: plugins are given the host's segmenter",
}


def build_directory():
    return os.environ.get("EFFECT_TEST_BUILD_DIR") or os.path.join(ROOT, ".build", "debug")


@pytest.fixture(scope="module")
def symbols(tmp_path_factory):
    """The kit's public surface: {path: kind} for what an author must find on the page."""
    out = tmp_path_factory.mktemp("symbolgraph")
    triple = json.loads(subprocess.run(["swiftc", "-print-target-info"], capture_output=True, text=True,
                                       check=True).stdout)["target"]["triple"]
    extract = subprocess.run(
        ["swift-symbolgraph-extract", "-module-name", "EffectABI", "-I", os.path.join(build_directory(), "Modules"),
         "-I", os.path.join(ROOT, "include"), "-target", triple, "-minimum-access-level", "public",
         "-output-dir", str(out)],
        capture_output=True, text=True, timeout=300)
    assert extract.returncode == 0, extract.stderr[-3000:]
    graphs = [json.loads(path.read_text(encoding="utf-8")) for path in sorted(out.iterdir())]
    assert graphs and graphs[0]["module"]["name"] == "EffectABI"
    return public_surface(graphs)


def public_surface(graphs):
    by_id, conforms, requirements, paths = {}, {}, {}, {}
    for graph in graphs:
        for symbol in graph["symbols"]:
            # Copies of protocol-extension members on each conforming type: documented once, with the protocol.
            if "::SYNTHESIZED::" in symbol["identifier"]["precise"]:
                continue
            by_id[symbol["identifier"]["precise"]] = symbol
        for relation in graph["relationships"]:
            if relation["kind"] == "conformsTo":
                conforms.setdefault(relation["source"], set()).add(relation["target"])
            elif relation["kind"] in ("requirementOf", "optionalRequirementOf"):
                requirements.setdefault(relation["target"], set()).add(relation["source"])
    kit_protocols = {id for id, symbol in by_id.items() if symbol["kind"]["identifier"] == "swift.protocol"}
    requirement_names = {protocol: {by_id[member]["pathComponents"][-1] for member in members if member in by_id}
                         for protocol, members in requirements.items()}
    owner_of = {}
    for graph in graphs:
        for relation in graph["relationships"]:
            if relation["kind"] == "memberOf":
                owner_of[relation["source"]] = relation["target"]
    for id, symbol in by_id.items():
        path = symbol["pathComponents"]
        owner = owner_of.get(id)
        # A conforming type's implementation of a kit protocol's requirement: the protocol's entry covers it.
        if owner and owner not in kit_protocols and any(
                path[-1] in requirement_names.get(protocol, ()) for protocol in conforms.get(owner, set()) & kit_protocols):
            continue
        # Members of Swift's own types (Optional's Drawing conformance) are the protocol's too.
        if symbol["identifier"]["precise"].startswith("s:Sq"):
            continue
        # == and != come with Equatable, and the page says which types are.
        if path[-1] in ("==(_:_:)", "!=(_:_:)"):
            continue
        paths[".".join(path)] = symbol["kind"]["identifier"]
    return paths


def split_top_level(text, separator=","):
    parts, depth, current = [], 0, ""
    for character in text:
        if character in "([<{":
            depth += 1
        elif character in ")]}>" and not (character == ">" and current.endswith("-")):
            depth -= 1
        if character == separator and depth == 0:
            parts.append(current)
            current = ""
        else:
            current += character
    parts.append(current)
    return [part.strip() for part in parts if part.strip()]


def labels(parameters, operator=False):
    """`_ text: CString, font: Font` -> "_:font:"; an unlabelled case payload `Double` -> "_:"."""
    out = ""
    for parameter in split_top_level(parameters):
        head = parameter.split(":", 1)[0].strip() if ":" in parameter else "_"
        words = [word for word in head.split() if not word.startswith("@")]
        out += ("_" if operator or not words else words[0]) + ":"
    return out


DECLARATION = re.compile(
    r"^(?:@\w+\s+)*(?:public\s+)?(?:static\s+|mutating\s+|nonmutating\s+)*"
    r"(?P<keyword>func|init\??|var|let|case|subscript|associatedtype|typealias)\b\s*(?P<rest>.*)$", re.S)


def declared_names(span):
    """The symbol-graph names a declaration code span declares: `func measure(_ text: CString, font: Font)` ->
    ["measure(_:font:)"], `case light, dark` -> ["light", "dark"], `init?(duration: Double)` -> ["init(duration:)"]."""
    match = DECLARATION.match(span.strip())
    if not match:
        return []
    keyword, rest = match.group("keyword"), match.group("rest").strip()
    if keyword.startswith("init") or keyword == "subscript":
        if "(" not in rest:
            return []
        inside = rest[rest.index("(") + 1:]
        if keyword == "subscript":
            # A subscript's parameters have no argument labels unless they are written twice (`a b: T`).
            return ["subscript(" + "".join((words[0] if len(words) > 1 else "_") + ":" for words in (
                parameter.split(":", 1)[0].split() for parameter in split_top_level(close(inside)))) + ")"]
        return ["init(" + labels(close(inside)) + ")"]
    if keyword == "func":
        name = re.match(r"([^\s(<]+)", rest).group(1)
        inside = rest[rest.index("(", len(name)) + 1:]
        return [name + "(" + labels(close(inside), operator=not name[0].isalpha() and name[0] != "_") + ")"]
    if keyword == "case":
        names = []
        for case in split_top_level(rest):
            name = re.match(r"(\w+)", case).group(1)
            names.append(name + ("(" + labels(close(case[case.index("(") + 1:])) + ")" if "(" in case else ""))
        return names
    name = re.match(r"(\w+)", rest)
    return [name.group(1)] if name else []


def close(text):
    """The text up to the parenthesis that closes the one before it."""
    depth = 0
    for index, character in enumerate(text):
        if character == "(":
            depth += 1
        elif character == ")":
            if depth == 0:
                return text[:index]
            depth -= 1
    return text


def documented():
    """{owner path or "": names its section documents}, and the top-level headings."""
    with open(PAGE, encoding="utf-8") as file:
        text = file.read()
    sections, owner, fenced = {"": set()}, "", False
    headings = set()
    for line in text.split("\n"):
        if line.lstrip().startswith("```"):
            fenced = not fenced
            continue
        if fenced:
            continue
        heading = re.match(r"####\s+`([^`]+)`", line)
        if heading:
            owner = heading.group(1).split("<")[0].strip()
            headings.add(owner)
            sections.setdefault(owner, set())
            continue
        if re.match(r"#{1,6}\s", line):
            owner = ""
            continue
        for span in re.findall(r"`([^`]+)`", line):
            for name in declared_names(span):
                sections.setdefault(owner, set()).add(name)
                if span.strip().startswith("func"):
                    sections[""].add(name)
    return sections, headings


def test_every_public_declaration_of_the_kit_is_on_the_page(symbols):
    assert len(symbols) > 300, "the symbol graph holds too little to be the kit"
    sections, headings = documented()
    missing = []
    for path, kind in sorted(symbols.items()):
        if path in ALLOWED:
            continue
        parts = path.split(".")
        # Operators' names hold dots of their own only as `..<`; the kit has none.
        owner, name = ".".join(parts[:-1]), parts[-1]
        kind_is_type = kind in ("swift.struct", "swift.enum", "swift.class", "swift.protocol")
        if kind_is_type:
            if path not in headings:
                missing.append(f"{path} (a heading #### `{path}`)")
        elif owner == "":
            if name not in sections[""]:
                missing.append(f"{path} (a `func` code span)")
        elif name not in sections.get(owner, ()):
            missing.append(f"{path} (a declaration under #### `{owner}`)")
    assert not missing, "docs/kit.md does not document:\n  " + "\n  ".join(missing)


def test_the_allowed_list_names_only_public_declarations(symbols):
    assert set(ALLOWED) <= set(symbols), set(ALLOWED) - set(symbols)


def test_the_page_documents_nothing_the_kit_does_not_have(symbols):
    sections, headings = documented()
    types = {path for path, kind in symbols.items()
             if kind in ("swift.struct", "swift.enum", "swift.class", "swift.protocol")}
    stale = sorted(headings - types)
    members = {(".".join(path.split(".")[:-1]), path.split(".")[-1]) for path in symbols}
    for owner in headings & types:
        stale += [f"{owner}.{name}" for name in sorted(sections.get(owner, ()))
                  if (owner, name) not in members and not inherited(owner, name, symbols)]
    assert not stale, "docs/kit.md documents what the kit does not declare: " + ", ".join(stale)


def inherited(owner, name, symbols):
    """A member a type has through a kit protocol or a Swift one (`init(rawValue:)`), shown under it for its reader."""
    return name in ("init(rawValue:)", "rawValue") or any(
        f"{protocol}.{name}" in symbols for protocol in ("Drawing", "ShapeOutline", "ChannelSet", "Effect"))


def test_the_examples_build_into_a_plugin_that_validates_and_types(tmp_path):
    with open(PAGE, encoding="utf-8") as file:
        text = file.read()
    snippets = re.findall(r"^```swift\n(.*?)^```", text, re.S | re.M)
    assert len(snippets) >= 3, "the page shows no examples"
    source = tmp_path / "KitExamples.swift"
    source.write_text("\n".join(snippets), encoding="utf-8")
    build = build_directory()
    objects = [os.path.join(build, target, name) for target in ("EffectABI.build", "MetadataRules.build")
               for name in sorted(os.listdir(os.path.join(build, target))) if name.endswith(".o")]
    library = tmp_path / "libKitExamples.so"
    # Linked as the template links a plugin: the entry is its only export.
    compiled = subprocess.run(
        ["swiftc", "-parse-as-library", "-emit-library", "-module-name", "KitExamples", "-warnings-as-errors",
         "-I", os.path.join(build, "Modules"), "-I", os.path.join(ROOT, "include"),
         "-Xfrontend", "-disable-implicit-concurrency-module-import",
         "-Xfrontend", "-disable-implicit-string-processing-module-import",
         "-Xlinker", "--version-script=" + os.path.join(ROOT, "Plugins", "exports.map"),
         str(source), *objects, "-o", str(library)],
        capture_output=True, text=True, timeout=600)
    assert compiled.returncode == 0, compiled.stderr[-5000:]
    host = os.path.join(build, "effect-host")
    environment = {name: value for name, value in os.environ.items() if name != "EFFECT_PLUGIN_PATH"}

    validated = subprocess.run([host, "validate", "--seed", "5", str(library)],
                               capture_output=True, text=True, timeout=600, env=environment)
    assert validated.returncode == 0, validated.stdout
    assert "18 pass, 0 skip, 0 warn, 0 fail, 0 crash (seed 5)" in validated.stdout, validated.stdout

    # The default text, "Cafe\u0301 " and a family of four (seven scalars), is six characters: six
    # elements. At 8 characters a second, t = 0.25 shows two and the caret's 0.5 + 0.5 cos(4 pi t) is 0;
    # t = 0.5 shows four, caret 1; from 6 / 8 = 0.75 s on, all six and a solid caret.
    ran = subprocess.run(
        [host, "run", "typewriter", "--plugin-path", str(library), "--offline", "--fps", "4", "--duration", "1",
         "--format", "csv"], capture_output=True, text=True, timeout=120, env=environment)
    assert ran.returncode == 0, ran.stderr
    rows = ran.stdout.splitlines()
    assert rows[0] == "t,caret,shown[0],shown[1],shown[2],shown[3],shown[4],shown[5]"
    assert [[float(value) for value in row.split(",")] for row in rows[1:]] == [
        [0, 1, 0, 0, 0, 0, 0, 0],
        [0.25, 0, 1, 1, 0, 0, 0, 0],
        [0.5, 1, 1, 1, 1, 1, 0, 0],
        [0.75, 1, 1, 1, 1, 1, 1, 1],
        [1, 1, 1, 1, 1, 1, 1, 1],
    ]
