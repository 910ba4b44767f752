"""The live terminal player in real ptys: tmux runs `effect-host run` in
panes of chosen sizes, and its screen, history and modes are read while the
effect plays and after it ends.

- the history (scrollback) never grows, and no line wraps;
- a resize mid-run redraws at the new size, centred, still without history;
- however the run ends (its end, Ctrl-C, SIGTERM, SIGHUP), the pane is back
  on the normal screen with the cursor shown, and the exit status says how;
- Ctrl-Z gives the terminal back to the shell, and `fg` takes it again.

scripts/test installs Debian's tmux when it is missing. Run alone with
    python3 -m pytest Tests/Terminal
after `swift build`; EFFECT_TEST_BUILD_DIR names another build directory.
"""

import os
import signal
import time

import pytest
from tmux_pane import EFFECTS, pane_fixture, run

pane_factory = pytest.fixture(pane_fixture)


def assert_fits(pane, effect):
    width, _ = pane.size
    lines = pane.lines()
    assert all(len(line) <= width for line in lines), f"{effect}: a line wrapped at {width} columns: {lines}"
    assert pane.value("history_size") == "0", f"{effect}: the history grew"


def ink_columns(lines):
    """The first and last columns holding anything, over all lines."""
    spans = [(len(line) - len(line.lstrip()), len(line.rstrip())) for line in lines if line.strip()]
    return min(left for left, _ in spans), max(right for _, right in spans)


@pytest.mark.parametrize("size", [(80, 24), (40, 12), (200, 60)])
def test_the_view_fits_and_leaves_no_history(pane_factory, size):
    for effect in EFFECTS:
        pane = pane_factory(*size, run(effect, "--duration", "1.5"))
        assert pane.wait_until(lambda: pane.value("alternate_on") == "1" or pane.ended(), 10), effect
        while not pane.ended():
            assert_fits(pane, effect)
            time.sleep(0.1)
        assert_fits(pane, effect)
        assert pane.status() == 0, effect
        assert pane.value("alternate_on") == "0", f"{effect}: still on the alternate screen"
        assert pane.value("cursor_flag") == "1", f"{effect}: the cursor is hidden"


def test_a_resize_redraws_at_the_new_size(pane_factory):
    for effect in EFFECTS:
        pane = pane_factory(100, 30, run(effect, "--duration", "6"))
        assert pane.wait_until(lambda: any(line.startswith("t ") or " t " in line for line in pane.lines()), 10), effect
        before = ink_columns(pane.lines())
        pane.tmux("resize-window", "-t", "test", "-x", "70", "-y", "20")
        assert pane.wait_until(lambda: pane.size == (70, 20), 5)
        time.sleep(0.5)
        lines = pane.lines()
        assert_fits(pane, effect)
        left, right = ink_columns(lines)
        # Centred in 70 columns now (give or take the cells a layout rounds
        # to), not where it was in 100.
        assert abs(left - (70 - right)) <= 4, f"{effect}: ink at columns {left}..{right} of 70: {lines}"
        assert (left, right) != before, effect
        assert len([line for line in lines if line.strip()]) <= 20
        assert pane.wait_until(pane.ended, 15), effect
        assert pane.value("history_size") == "0", effect
        assert pane.status() == 0, effect


@pytest.mark.parametrize("stop,status", [(signal.SIGINT, 130), (signal.SIGTERM, 143), (signal.SIGHUP, 129)])
def test_every_stop_gives_the_terminal_back(pane_factory, stop, status):
    pane = pane_factory(80, 24, run("breathing-circles", "--duration", "60"))
    assert pane.wait_until(lambda: pane.value("alternate_on") == "1", 10)
    time.sleep(0.3)
    os.kill(pane.program(), stop)
    assert pane.wait_until(pane.ended, 10)
    assert pane.status() == status
    assert pane.value("alternate_on") == "0"
    assert pane.value("cursor_flag") == "1"
    assert pane.value("history_size") == "0"


def test_ctrl_z_gives_the_shell_the_terminal_and_fg_takes_it_back(pane_factory):
    pane = pane_factory(80, 24, "bash --norc --noprofile -i", shell=True)
    assert pane.wait_until(lambda: any(line.strip() for line in pane.lines()), 10)
    pane.tmux("send-keys", "-t", "test", run("breathing-circles", "--duration", "60"), "Enter")
    assert pane.wait_until(lambda: pane.value("alternate_on") == "1", 10)
    pane.tmux("send-keys", "-t", "test", "C-z")
    assert pane.wait_until(lambda: pane.value("alternate_on") == "0", 10), "the screen is given back on Ctrl-Z"
    assert pane.value("cursor_flag") == "1", "with the cursor shown"
    assert pane.wait_until(lambda: any("Stopped" in line for line in pane.lines()), 5), pane.lines()
    pane.tmux("send-keys", "-t", "test", "fg", "Enter")
    assert pane.wait_until(lambda: pane.value("alternate_on") == "1", 10), "fg takes the screen again"
    assert pane.value("cursor_flag") == "0"
    assert pane.wait_until(lambda: any("breath" in line for line in pane.lines()), 5), "and draws again"
    pane.tmux("send-keys", "-t", "test", "C-c")
    assert pane.wait_until(lambda: pane.value("alternate_on") == "0", 10)
    pane.tmux("send-keys", "-t", "test", "echo status=$?", "Enter")
    assert pane.wait_until(lambda: any("status=130" in line for line in pane.lines()), 5), pane.lines()
    assert pane.value("cursor_flag") == "1"
