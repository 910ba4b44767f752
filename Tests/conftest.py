"""Fixtures the browser, terminal, picture and release tests share."""

import os
import subprocess

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


@pytest.fixture(scope="session")
def pulse(tmp_path_factory):
    """examples/c-plugin/pulse.c, the plain-C example plugin, built as its comment says."""
    directory = tmp_path_factory.mktemp("pulse")
    library = str(directory / "libPulse.so")
    subprocess.run(
        ["cc", "-std=c99", "-Wall", "-Wextra", "-Werror", "-shared", "-fPIC", "-fvisibility=hidden",
         "-I" + os.path.join(ROOT, "include"), os.path.join(ROOT, "examples", "c-plugin", "pulse.c"), "-o", library, "-lm"],
        check=True, capture_output=True,
    )
    return library


@pytest.fixture(scope="session")
def release_files(tmp_path_factory):
    """scripts/release, run once: (the tarball, the wheel beside it, what it said)."""
    out = tmp_path_factory.mktemp("release")
    made = subprocess.run([os.path.join(ROOT, "scripts", "release"), str(out)], capture_output=True, text=True, timeout=1800)
    assert made.returncode == 0, made.stderr[-3000:]
    tarball, wheel = made.stdout.strip().splitlines()[-2:]
    assert tarball.endswith(".tar.gz") and wheel.endswith(".whl") and os.path.dirname(wheel) == str(out), made.stdout
    return tarball, wheel, made.stderr
