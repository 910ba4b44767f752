"""A tmux pane of a chosen size running effect-host, for the terminal tests."""

import os
import shlex
import shutil
import subprocess
import time
import uuid

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BUILD = os.environ.get("EFFECT_TEST_BUILD_DIR", os.path.join(ROOT, ".build", "debug"))
HOST = os.path.join(BUILD, "effect-host")
EFFECTS = ["strikethrough-reveal", "tracking-breathe", "breathing-circles", "text-reveal"]


class Pane:
    """One tmux server of its own with one pane of `width` x `height` cells,
    running `command` in sh, which then prints `exit=STATUS` and waits: a
    pane left to die would have tmux print a line of its own at the bottom,
    scrolling one into the history."""

    def __init__(self, width, height, command, shell=False):
        if shutil.which("tmux") is None:
            pytest.fail("no tmux on PATH: scripts/test installs Debian's tmux package")
        self.socket = "effect-host-test-" + uuid.uuid4().hex[:12]
        # Only the plugins next to the build, whatever the environment holds.
        environment = "env -u EFFECT_PLUGIN_PATH TERM=xterm-256color"
        script = f"{environment} {command}" if shell else f'{environment} {command}; echo "exit=$?"; exec sleep 600'
        self.tmux("-f", "/dev/null", "new-session", "-d", "-x", str(width), "-y", str(height), "-s", "test",
                  "sh -c " + shlex.quote(script))
        self.tmux("set-option", "-g", "history-limit", "5000")

    def tmux(self, *arguments):
        return subprocess.run(["tmux", "-L", self.socket, *arguments], check=True, capture_output=True, text=True,
                              timeout=30).stdout

    def value(self, name):
        return self.tmux("display-message", "-p", "-t", "test", "#{" + name + "}").strip()

    @property
    def size(self):
        return int(self.value("pane_width")), int(self.value("pane_height"))

    def lines(self):
        """The visible screen, wrapped lines joined back (-J), so a line that
        wrapped shows as one longer than the pane."""
        return self.tmux("capture-pane", "-p", "-J", "-t", "test").split("\n")

    def status(self):
        """The command's exit status once it has ended, else None."""
        for line in self.lines():
            if line.startswith("exit="):
                return int(line[len("exit="):])
        return None

    def ended(self):
        return self.status() is not None

    def wait_until(self, condition, seconds=20):
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if condition():
                return True
            time.sleep(0.05)
        return False

    def program(self):
        """The pid of effect-host, the child of the pane's sh."""
        children = subprocess.run(["pgrep", "-P", self.value("pane_pid")], capture_output=True, text=True).stdout.split()
        assert children, "effect-host is running"
        return int(children[0])

    def close(self):
        subprocess.run(["tmux", "-L", self.socket, "kill-server"], capture_output=True, timeout=30)


def pane_fixture():
    panes = []

    def make(width, height, command, shell=False):
        pane = Pane(width, height, command, shell)
        panes.append(pane)
        return pane

    yield make
    for pane in panes:
        pane.close()


def run(effect, *extra):
    return " ".join(shlex.quote(word) for word in [HOST, "run", effect, *extra])
