"""The live view's colours follow the terminal's background: effect-host
asks for it (OSC 11, then DA1, which every terminal answers), and draws in
the appearance that suits the answer, blended over that colour, leaving the
terminal's own background where nothing is drawn. These tests are the
terminal: a pty whose other end answers the question, or does not.

The expected colours are the seeds': text-reveal's palette.text, 0x141414
on a light ground and 0xF4F3EF on a dark one; when the terminal does not
say, the view paints the light ground it is designed on (247, 247, 245).
"""

import fcntl
import os
import pty
import re
import select
import signal
import struct
import termios
import time

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BUILD = os.environ.get("EFFECT_TEST_BUILD_DIR", os.path.join(ROOT, ".build", "debug"))
HOST = os.path.join(BUILD, "effect-host")

QUESTION = b"\x1b]11;?\x1b\\"
DA1 = b"\x1b[?62;22c"
DARK_INK = (244, 243, 239)
LIGHT_INK = (20, 20, 20)


def play(arguments, answer=None, attributes=True, environment=None, after=""):
    """Runs `effect-host ARGUMENTS` (then `after`, a shell command) on a
    fresh 80 x 24 pty; when the question arrives, writes `answer` (bytes or
    None) and, if `attributes`, the DA1 reply. Returns everything written
    to the terminal and whether the question came."""
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "TERM": "xterm-256color", "COLORTERM": "truecolor"}
    env.update(environment or {})
    command = " ".join([HOST] + [f"'{a}'" for a in arguments]) + (f"; {after}" if after else "")
    pid, fd = pty.fork()
    if pid == 0:
        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        os.execve("/bin/sh", ["sh", "-c", command], env)
    output, asked, deadline = b"", False, time.monotonic() + 60
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([fd], [], [], 0.5)
            if not ready:
                continue
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                break
            if not chunk:
                break
            output += chunk
            if not asked and QUESTION in output:
                asked = True
                os.write(fd, (answer or b"") + (DA1 if attributes else b""))
        else:
            os.kill(pid, signal.SIGKILL)
            pytest.fail("the run did not end within 60 s")
    finally:
        _, status = os.waitpid(pid, 0)
        os.close(fd)
    assert os.waitstatus_to_exitcode(status) == 0, output[-2000:]
    return output.decode("utf-8", "replace"), asked


def foregrounds(output):
    return [tuple(int(c) for c in m) for m in re.findall(r"\x1b\[38;2;(\d+);(\d+);(\d+)m", output)]


REVEAL = ["run", "text-reveal", "--offline", "--fps", "30", "--duration", "2", "--format", "tty"]


ANSWERS = [
    (b"\x1b]11;rgb:1e1e/1e1e/1e1e\x1b\\", "dark", (30, 30, 30)),
    (b"\x1b]11;rgb:ff/ff/ff\x07", "light", (255, 255, 255)),  # 2 digits, ended by BEL
    (b"\x1b]11;rgba:0000/0000/0000/ffff\x07", "dark", (0, 0, 0)),
    (b"\x1b]11;rgb:f/f/e\x1b\\", "light", (255, 255, 238)),  # 1 digit each
]


@pytest.mark.parametrize("answer, appearance, ground", ANSWERS)
def test_text_takes_the_ink_for_the_background_the_terminal_names(answer, appearance, ground):
    ink = DARK_INK if appearance == "dark" else LIGHT_INK
    output, asked = play(REVEAL, answer)
    assert asked
    colours = foregrounds(output)
    assert ink in colours, "the settled text is the seed's ink for that ground"
    for colour in colours:
        for channel, a, b in zip(colour, ink, ground):
            assert min(a, b) - 1 <= channel <= max(a, b) + 1, (colour, ink, ground)
    assert "\x1b[48;2;" not in output, "the terminal's own background shows: nothing paints one"
    assert "\x1b[49m" in output


@pytest.mark.parametrize("answer, appearance, ground", ANSWERS)
def test_faded_text_blends_over_that_background(answer, appearance, ground):
    # The struck text ends at opacity `fade` (0.45) and saturation 0.15 of
    # the strike's .primary: 0xF5F5F7 on a dark ground, 0x1D1D1F on a light.
    ink = (245, 245, 247) if appearance == "dark" else (29, 29, 31)
    grey = 0.2126 * ink[0] + 0.7152 * ink[1] + 0.0722 * ink[2]
    drained = [grey + 0.15 * (c - grey) for c in ink]
    expected = [0.45 * c + 0.55 * g for c, g in zip(drained, ground)]
    output, _ = play(["run", "strikethrough-reveal", "--offline", "--fps", "30", "--duration", "1", "--format", "tty"], answer)
    colours = foregrounds(output)
    assert any(all(abs(c - e) <= 1.5 for c, e in zip(colour, expected)) for colour in colours), (expected, set(colours))
    assert (0x8A, 0x8F, 0x98) in colours, "the line is its own grey, solid"


@pytest.mark.parametrize("attributes", [True, False], ids=["says-nothing", "answers-nothing"])
def test_a_terminal_that_does_not_say_gets_the_light_ground_painted(attributes):
    output, asked = play(REVEAL, None, attributes=attributes)
    assert asked
    assert "\x1b[48;2;247;247;245m" in output
    assert LIGHT_INK in foregrounds(output)
    assert DARK_INK not in foregrounds(output)


def test_theme_names_the_appearance_without_asking():
    output, asked = play([*REVEAL, "--theme", "dark"], b"\x1b]11;rgb:ffff/ffff/ffff\x1b\\")
    assert not asked, "--theme says it: the terminal is not asked"
    assert DARK_INK in foregrounds(output)
    assert "\x1b[48;2;" not in output
    output, asked = play([*REVEAL, "--theme", "light"])
    assert not asked and LIGHT_INK in foregrounds(output)


def test_colorfgbg_speaks_when_the_terminal_does_not():
    output, _ = play(REVEAL, None, environment={"COLORFGBG": "15;0"})
    assert DARK_INK in foregrounds(output)
    output, _ = play(REVEAL, None, environment={"COLORFGBG": "0;default;15"})
    assert LIGHT_INK in foregrounds(output) and "\x1b[48;2;" not in output


def test_no_colour_means_no_question():
    output, asked = play(REVEAL, b"\x1b]11;rgb:0/0/0\x1b\\", environment={"NO_COLOR": "1"})
    assert not asked
    assert not re.search(r"\x1b\[(38|48);", output)


def test_the_terminal_echoes_again_afterwards():
    output, asked = play(REVEAL, b"\x1b]11;rgb:0/0/0\x1b\\", after="stty -a")
    assert asked
    settings = output.rsplit("speed", 1)[-1]
    assert re.search(r"(?<![-\w])echo\b", settings), settings
    assert re.search(r"(?<![-\w])icanon\b", settings), settings
