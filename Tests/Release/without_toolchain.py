"""Runs a command as on a machine without the Swift toolchain: the
toolchain's runtime directory is hidden from the loader by an empty tmpfs
mounted over it in a private mount namespace (needs root and unshare)."""

import os
import shutil
import subprocess

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PLUGINS = ("libStrike.so", "libBreathe.so", "libReveal.so")
RUNTIME = os.path.realpath(os.path.join(os.path.dirname(shutil.which("swift") or "/opt/swift/usr/bin/swift"), "..", "lib", "swift", "linux"))


def require_hiding():
    probe = subprocess.run(["unshare", "--mount", "sh", "-c", f"mount -t tmpfs none {RUNTIME}"], capture_output=True)
    if probe.returncode != 0:
        pytest.fail("cannot hide the toolchain: unshare --mount needs root, which CI has")


def hidden_toolchain(command, cwd=None, env=None):
    """The shell command's result; only PATH, HOME and `env` are in its environment."""
    script = f"mount -t tmpfs none {RUNTIME} && {command}"
    environment = {"PATH": os.environ["PATH"], "HOME": os.environ.get("HOME", "/tmp"), **(env or {})}
    return subprocess.run(["unshare", "--mount", "sh", "-c", script], capture_output=True, text=True, cwd=cwd, env=environment, timeout=300)
