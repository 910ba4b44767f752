"""Plugins packaged by scripts/package-plugins run where the Swift toolchain
is not: the toolchain's runtime directory is hidden from the loader by an
empty tmpfs mounted over it in a private mount namespace (needs root and
unshare; skipped where the machine allows neither)."""

import os
import shutil
import subprocess
import sys
import textwrap

import pytest
from conftest import ROOT

RUNTIME = os.path.realpath(os.path.join(os.path.dirname(shutil.which("swift") or "/opt/swift/usr/bin/swift"), "..", "lib", "swift", "linux"))


def hidden_toolchain(command: str) -> subprocess.CompletedProcess:
    script = f"mount -t tmpfs none {RUNTIME} && {command}"
    return subprocess.run(["unshare", "--mount", "sh", "-c", script], capture_output=True, text=True, env={"PATH": os.environ["PATH"]})


@pytest.fixture(scope="module")
def packaged(tmp_path_factory):
    probe = subprocess.run(["unshare", "--mount", "sh", "-c", f"mount -t tmpfs none {RUNTIME}"], capture_output=True)
    if probe.returncode != 0:
        pytest.skip("cannot hide the toolchain here: unshare --mount needs root")
    directory = tmp_path_factory.mktemp("portable")
    subprocess.run([os.path.join(ROOT, "scripts", "package-plugins"), "--debug", str(directory)], check=True, capture_output=True)
    return str(directory)


def test_plugins_need_the_toolchain_unless_packaged(packaged, plugins_dir):
    load = "import ctypes, sys; ctypes.CDLL(sys.argv[1])"
    unpackaged = hidden_toolchain(f"{sys.executable} -c '{load}' {plugins_dir}/libStrike.so")
    assert unpackaged.returncode != 0 and "libswift" in unpackaged.stderr, "the toolchain really is hidden"
    for name in ("libStrike.so", "libBreathe.so", "libReveal.so"):
        loaded = hidden_toolchain(f"{sys.executable} -c '{load}' {packaged}/{name}")
        assert loaded.returncode == 0, loaded.stderr


def test_python_samples_packaged_plugins_without_the_toolchain(packaged, tmp_path):
    program = textwrap.dedent(
        f"""
        import sys
        sys.path.insert(0, {os.path.join(ROOT, 'python')!r})
        import effects
        catalog = effects.scan([{packaged!r}], defaults=False)
        assert not catalog.failures, catalog.failures
        with catalog.effect("strikethrough-reveal").create() as strike:
            print(strike.sample(0.16)["amount"])
        with catalog.effect("breathing-circles").create() as circles:
            print(circles.sample(1.5)["rotation"])
        with catalog.effect("text-reveal").create(text="a b", preset="blur") as reveal:
            print(reveal.sample_many(0, 0.1, 3).raw.shape)
        """
    )
    script = tmp_path / "sample.py"
    script.write_text(program)
    result = hidden_toolchain(f"{sys.executable} {script}")
    assert result.returncode == 0, result.stderr
    assert result.stdout.split("\n")[:3] == ["0.5", "50.0", "(3, 14)"]


def test_c_example_samples_packaged_plugins_without_the_toolchain(packaged, tmp_path):
    program = tmp_path / "effect_demo"
    subprocess.run(
        ["cc", "-std=c99", "-Wall", "-Wextra", "-Werror", "-I", os.path.join(ROOT, "include"),
         os.path.join(ROOT, "examples", "c", "effect_demo.c"), "-ldl", "-o", str(program)],
        check=True,
    )
    result = hidden_toolchain(f"{program} {packaged}/libBreathe.so tracking-breathe --times 2.7")
    assert result.returncode == 0, result.stderr
    assert "frame 2.7000000000000002 9 0.97999999999999998 4.5" in result.stdout


def test_packaged_plugins_prefer_their_own_runtime(packaged, tmp_path):
    """With a toolchain on the machine too, a packaged plugin still loads the
    runtime it was packaged with: Swift on Linux has no stable ABI."""
    dynamic = subprocess.run(["readelf", "-d", f"{packaged}/libStrike.so"], capture_output=True, text=True).stdout
    assert "Library runpath: [$ORIGIN/swift-runtime:$ORIGIN]" in dynamic
    script = tmp_path / "maps.py"
    script.write_text(
        "import ctypes, sys\n"
        "ctypes.CDLL(sys.argv[1])\n"
        "print(sorted({line.split()[-1] for line in open('/proc/self/maps') if 'libswiftCore' in line}))\n"
    )
    result = subprocess.run([sys.executable, str(script), f"{packaged}/libStrike.so"], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == str([os.path.join(packaged, "swift-runtime", "libswiftCore.so")])
