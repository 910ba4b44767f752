"""Every command the README and docs/ show, run as written, so they cannot drift.

How a page marks its commands:
- a block fenced as ```sh is run: a page's sh blocks run in order as one bash script
  (`set -euo pipefail`), so a variable one block sets is there in the next;
- a block fenced as ```console holds `$ COMMAND` lines, each followed by the output it
  prints: each command is run and each line of its output must match, `...` matching
  anything;
- `<!-- docs-check: skip: WHY -->` on the line before a block leaves it out, for a reason
  the page's source states (the test command itself, minutes of benchmarks);
- `<!-- docs-check: release -->` before a block puts the release tarball and wheel
  (scripts/release) in the directory first.
Any other block names its language (```text for output and synopses, ```c, ```swift, ...):
an indented block, or a fence with no language, is a failure, since a command in it would
be shown and never run.

The commands run in a scratch directory that mirrors the checkout (each of its entries a
symlink), so what they write stays out of the checkout, with `effect-host` on PATH being
the build's own, as after `scripts/install` (the pages say so), `swift build` building the
checkout itself, and no plugin path or cache from the environment.
"""

import os
import re
import shutil
import subprocess

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PAGES = ["README.md", *sorted(os.path.join("docs", name) for name in os.listdir(os.path.join(ROOT, "docs")) if name.endswith(".md"))]
MARK = re.compile(r"<!-- docs-check: (skip: .+|release) -->")


def blocks(page):
    """Each code block of a page: (first line number, its fence's language, "" for
    none or None for an indented block, its lines, the docs-check mark before it or None)."""
    with open(os.path.join(ROOT, page), encoding="utf-8") as file:
        lines = file.read().split("\n")
    found, index = [], 0
    while index < len(lines):
        line = lines[index]
        mark = MARK.fullmatch(lines[index - 1].strip()) if index > 0 else None
        if line.lstrip().startswith("```"):
            # A fence inside a list item is indented, its lines with it.
            indent = len(line) - len(line.lstrip())
            end = index + 1
            while end < len(lines) and not lines[end].lstrip().startswith("```"):
                end += 1
            found.append((index + 1, line.strip()[3:].strip(), [text[indent:] for text in lines[index + 1:end]], mark and mark.group(1)))
            index = end + 1
        elif line.startswith("    ") and (index == 0 or not lines[index - 1].strip()):
            end = index
            while end < len(lines) and (lines[end].startswith("    ") or not lines[end].strip()):
                end += 1
            found.append((index + 1, None, [text[4:] for text in lines[index:end]], None))
            index = end
        else:
            index += 1
    return found


def test_every_page_is_found():
    assert "docs/cli.md" in PAGES and "docs/writing-plugins.md" in PAGES


def command_environment(directory):
    """The environment a page's commands run in from DIRECTORY: the build's effect-host on
    PATH, and no plugin path, cache or terminal size from the caller's."""
    binaries = directory.parent / (directory.name + "-bin")
    binaries.mkdir()
    build = os.environ.get("EFFECT_TEST_BUILD_DIR") or os.path.join(ROOT, ".build", "debug")
    os.symlink(os.path.join(build, "effect-host"), binaries / "effect-host")
    # `swift build` builds the checkout itself, with the flags scripts/test built it
    # with, so it finds that build made rather than starting one in the scratch directory.
    swift = shutil.which("swift")
    if swift:
        (binaries / "swift").write_text(f'#!/bin/sh\nexec "{swift}" "$@" --package-path "{ROOT}" -Xswiftc -warnings-as-errors\n')
        (binaries / "swift").chmod(0o755)
    # Pages show output at full width, as a pipe gets it.
    environment = {key: value for key, value in os.environ.items() if not key.startswith("EFFECT_") and key not in ("COLUMNS", "LINES")}
    environment.update(PATH=f"{binaries}:{os.environ['PATH']}", XDG_CACHE_HOME=str(directory.parent / (directory.name + "-cache")))
    return environment


@pytest.fixture
def scratch(tmp_path):
    """A directory whose entries are the checkout's, and the environment to run commands in."""
    for name in os.listdir(ROOT):
        if name != ".git":
            os.symlink(os.path.join(ROOT, name), tmp_path / name)
    return tmp_path, command_environment(tmp_path)


def expected_output_matches(expected, actual):
    """Whether the output lines match the page's, line for line, `...` matching anything;
    a last line of `...` alone allows more lines."""
    open_ended = bool(expected) and expected[-1].strip() == "..."
    if open_ended:
        expected = expected[:-1]
    if len(actual) < len(expected) or (not open_ended and len(actual) != len(expected)):
        return False
    return all(re.fullmatch(".*".join(map(re.escape, want.split("..."))), got) for want, got in zip(expected, actual))


@pytest.mark.parametrize("page", PAGES)
def test_the_commands_a_page_shows_run_as_written(page, scratch, request):
    directory, environment = scratch
    script, consoles, stray = ["set -euo pipefail"], [], []
    for line_number, language, lines, mark in blocks(page):
        if language in ("sh", "console"):
            if mark and mark.startswith("skip: "):
                continue
            if mark == "release":
                tarball, wheel, _ = request.getfixturevalue("release_files")
                for path in (tarball, wheel):
                    if not os.path.exists(directory / os.path.basename(path)):
                        shutil.copy(path, directory)
            if language == "sh":
                script += [f"echo '{page}:{line_number}' >&2", *lines]
            else:
                consoles.append((line_number, lines))
        elif not language:
            stray.append(f"{page}:{line_number}")
    assert not stray, f"code blocks with no language (fence commands as sh or console, the rest as text, c, ...): {stray}"

    if len(script) > 1:
        ran = subprocess.run(["bash", "-c", "\n".join(script)], cwd=directory, env=environment, capture_output=True, text=True,
                             timeout=1200)
        where = [text for text in ran.stderr.splitlines() if text.startswith(page + ":")]
        assert ran.returncode == 0, f"the block at {where[-1] if where else page} failed ({ran.returncode}):\n{ran.stderr[-3000:]}"
    for line_number, lines in consoles:
        commands = [index for index, text in enumerate(lines) if text.startswith("$ ")]
        assert commands, f"{page}:{line_number}: a console block with no `$ ` command"
        for position, index in enumerate(commands):
            end = commands[position + 1] if position + 1 < len(commands) else len(lines)
            expected = [text for text in lines[index + 1:end] if text.strip()]
            ran = subprocess.run(["bash", "-o", "pipefail", "-c", lines[index][2:]], cwd=directory, env=environment,
                                 capture_output=True, text=True, timeout=600)
            shown = [text for text in (ran.stdout + ran.stderr).splitlines() if text.strip()]
            assert expected_output_matches(expected, shown), (
                f"{page}:{line_number + index}: `{lines[index][2:]}` printed\n" + "\n".join(shown[:20]) + "\nnot\n" + "\n".join(expected))


def test_the_readme_commands_leave_a_fresh_checkout_as_it_was(tmp_path):
    # What a newcomer does: the README's commands, run in a checkout with nothing but its
    # own files (the build linked in, where `swift build` puts it), then `git status`.
    checkout = tmp_path / "checkout"
    tracked = subprocess.run(["git", "-C", ROOT, "ls-files", "-z"], capture_output=True, text=True, check=True).stdout
    for name in filter(None, tracked.split("\0")):
        source = os.path.join(ROOT, name)
        if os.path.lexists(source):
            os.makedirs(checkout / os.path.dirname(name), exist_ok=True)
            shutil.copy2(source, checkout / name, follow_symlinks=False)
    git = ["git", "-C", str(checkout), "-c", "user.name=newcomer", "-c", "user.email=newcomer@example.com"]
    for command in (["init", "-q"], ["add", "-A"], ["commit", "-q", "-m", "clone"]):
        subprocess.run([*git, *command], check=True, capture_output=True)
    (checkout / ".build").mkdir()
    os.symlink(os.environ.get("EFFECT_TEST_BUILD_DIR") or os.path.join(ROOT, ".build", "debug"), checkout / ".build" / "debug")
    script = ["set -euo pipefail"]
    for _, language, lines, mark in blocks("README.md"):
        if language == "sh" and not (mark and mark.startswith("skip: ")):
            script += lines
    ran = subprocess.run(["bash", "-c", "\n".join(script)], cwd=checkout, env=command_environment(checkout), capture_output=True,
                         text=True, timeout=1200)
    assert ran.returncode == 0, ran.stderr[-3000:]
    # The files the tour writes were written, and none of them shows as new.
    outputs = re.findall(r" -o (\S+)", "\n".join(script))
    assert len(outputs) >= 3 and all((checkout / output).stat().st_size > 0 for output in outputs), outputs
    status = subprocess.run([*git, "status", "--porcelain"], capture_output=True, text=True, check=True).stdout
    assert status == "", status


def test_a_command_that_compiles_against_a_system_library_names_its_debian_package():
    # A fresh machine has the runtime libraries, not their -dev packages: the prose before a
    # block that builds with `pkg-config ... MODULE` names the package whose MODULE.pc it reads.
    checked = []
    for page in PAGES:
        with open(os.path.join(ROOT, page), encoding="utf-8") as file:
            text = file.read().split("\n")
        previous_end = 0
        for line_number, language, lines, _ in blocks(page):
            prose = "\n".join(text[previous_end:line_number - 1])
            previous_end = line_number + len(lines)
            if language != "sh":
                continue
            for modules in re.findall(r"pkg-config --cflags --libs ([\w .+-]+?)\)", "\n".join(lines)):
                for module in set(modules.split()) - {"effect-host", "effect-abi"}:
                    directory = subprocess.run(["pkg-config", "--variable=pcfiledir", module], capture_output=True, text=True)
                    assert directory.returncode == 0, f"{page}:{line_number}: pkg-config finds no {module}"
                    owner = subprocess.run(["dpkg", "-S", os.path.join(directory.stdout.strip(), module + ".pc")], capture_output=True,
                                           text=True, check=True).stdout
                    package = owner.split(":")[0]
                    assert f"`{package}`" in prose, f"{page}:{line_number}: the text before it does not name {package} (for {module})"
                    checked.append(package)
    assert {"libcairo2-dev", "libsdl2-dev"} <= set(checked), checked
