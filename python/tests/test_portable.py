"""Plugins packaged by scripts/package-plugins, and the host library laid out
beside them by scripts/install-host (through which the Python package loads
them), run where the Swift toolchain is not: the toolchain's runtime
directory is hidden from the loader by an empty tmpfs mounted over it in a
private mount namespace (needs root and unshare; skipped where the machine
allows neither)."""

import os
import shutil
import subprocess
import sys
import textwrap

import pytest
from plugin_fixtures import ROOT

RUNTIME = os.path.realpath(os.path.join(os.path.dirname(shutil.which("swift") or "/opt/swift/usr/bin/swift"), "..", "lib", "swift", "linux"))


def hidden_toolchain(command: str, library: str | None = None) -> subprocess.CompletedProcess:
    script = f"mount -t tmpfs none {RUNTIME} && {command}"
    env = {"PATH": os.environ["PATH"]}
    if library is not None:
        env["EFFECT_HOST_LIBRARY"] = library
    return subprocess.run(["unshare", "--mount", "sh", "-c", script], capture_output=True, text=True, env=env)


@pytest.fixture(scope="module")
def prefix(tmp_path_factory):
    """The debug build laid out as scripts/install-host lays out a release."""
    probe = subprocess.run(["unshare", "--mount", "sh", "-c", f"mount -t tmpfs none {RUNTIME}"], capture_output=True)
    if probe.returncode != 0:
        pytest.skip("cannot hide the toolchain here: unshare --mount needs root")
    directory = tmp_path_factory.mktemp("portable")
    subprocess.run([os.path.join(ROOT, "scripts", "install-host"), "--debug", str(directory)], check=True, capture_output=True)
    return str(directory)


@pytest.fixture(scope="module")
def packaged(prefix):
    return os.path.join(prefix, "lib", "effect-host", "plugins")


@pytest.fixture(scope="module")
def host_library(prefix):
    return os.path.join(prefix, "lib", "libeffecthost.so")


def test_plugins_need_the_toolchain_unless_packaged(packaged, plugins_dir):
    load = "import ctypes, sys; ctypes.CDLL(sys.argv[1])"
    unpackaged = hidden_toolchain(f"{sys.executable} -c '{load}' {plugins_dir}/libStrike.so")
    assert unpackaged.returncode != 0 and "libswift" in unpackaged.stderr, "the toolchain really is hidden"
    for name in ("libStrike.so", "libBreathe.so", "libReveal.so"):
        loaded = hidden_toolchain(f"{sys.executable} -c '{load}' {packaged}/{name}")
        assert loaded.returncode == 0, loaded.stderr


def test_python_samples_packaged_plugins_without_the_toolchain(packaged, host_library, tmp_path):
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
    result = hidden_toolchain(f"{sys.executable} {script}", host_library)
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


def _load_alone(library: str) -> subprocess.CompletedProcess:
    """`library` loaded by dlopen alone (no host, no runtime of its), with the toolchain hidden."""
    return hidden_toolchain(f"{sys.executable} -c 'import ctypes, sys; ctypes.CDLL(sys.argv[1])' {library}")


def _sample_blink(library: str, host_library: str, tmp_path) -> subprocess.CompletedProcess:
    """Blink's opacity at 0, 0.4 and 0.8 s, sampled through the Python package
    (and the packaged host library) from `library` with the toolchain hidden."""
    script = tmp_path / "blink.py"
    script.write_text(
        textwrap.dedent(
            f"""
            import sys
            sys.path.insert(0, {os.path.join(ROOT, 'python')!r})
            import effects
            catalog = effects.scan([{library!r}], defaults=False)
            assert not catalog.failures, catalog.failures
            with catalog.effect("blink").create() as blink:
                print([blink.sample(t)["opacity"] for t in (0, 0.4, 0.8)])
            """
        )
    )
    return hidden_toolchain(f"{sys.executable} {script}", host_library)


def test_a_plugin_made_from_the_template_fits_the_packaged_layout(packaged, host_library, tmp_path):
    """templates/swift-plugin builds a plugin that loads where the toolchain is
    not: dropped as built beside a packaged swift-runtime, and packaged by
    scripts/package-plugins on its own."""
    template = tmp_path / "blink"
    shutil.copytree(os.path.join(ROOT, "templates", "swift-plugin"), template)
    # A release build, as one ships: a debug build also loads libswiftSwiftOnoneSupport,
    # which a release's runtime does not hold.
    build = subprocess.run(
        ["swift", "build", "-c", "release", "--package-path", str(template)],
        capture_output=True, text=True, env={**os.environ, "EFFECT_HOST": ROOT}, timeout=1200,
    )
    assert build.returncode == 0, build.stderr[-3000:] + build.stdout[-3000:]
    built = str(template / ".build" / "release" / "libBlink.so")
    dynamic = subprocess.run(["readelf", "-d", built], capture_output=True, text=True, check=True).stdout
    assert "$ORIGIN/swift-runtime" in dynamic
    # It needs no Swift library the bundled plugins' runtime lacks (no
    # concurrency or regex runtime, which the template does not import).
    needed = {line.split("[")[1].rstrip("]") for line in dynamic.splitlines() if "(NEEDED)" in line}
    swift_needed = {name for name in needed if name.startswith("libswift")}
    assert "libswiftCore.so" in swift_needed and "libswiftSwiftOnoneSupport.so" not in swift_needed, swift_needed
    assert swift_needed <= set(os.listdir(os.path.join(packaged, "swift-runtime"))), swift_needed

    # A half period in, at its dimmest (0.25); a quarter in, easeInOut(0.5) = 0.5
    # of the way there: 1 - 0.75 * 0.5.
    expected = "[1.0, 0.625, 0.25]"
    alone = tmp_path / "alone"
    alone.mkdir()
    shutil.copy(built, alone)
    # Loaded by itself: the host library, which holds a Swift runtime of its
    # own, would lend it that one.
    unpackaged = _load_alone(str(alone / "libBlink.so"))
    assert unpackaged.returncode != 0 and "libswift" in unpackaged.stderr, "without a swift-runtime beside it, it cannot load"

    beside = tmp_path / "beside"
    shutil.copytree(packaged, beside)
    shutil.copy(built, beside)
    assert _load_alone(str(beside / "libBlink.so")).returncode == 0
    dropped = _sample_blink(str(beside / "libBlink.so"), host_library, tmp_path)
    assert dropped.returncode == 0, dropped.stderr
    assert dropped.stdout.strip() == expected

    own = tmp_path / "own"
    made = subprocess.run([os.path.join(ROOT, "scripts", "package-plugins"), str(own), built], capture_output=True, text=True)
    assert made.returncode == 0, made.stderr
    assert sorted(os.listdir(own)) == ["libBlink.so", "swift-runtime"]
    assert swift_needed <= set(os.listdir(own / "swift-runtime"))
    packaged_dynamic = subprocess.run(["readelf", "-d", "-S", "-W", str(own / "libBlink.so")], capture_output=True, text=True).stdout
    assert "Library runpath: [$ORIGIN/swift-runtime:$ORIGIN]" in packaged_dynamic
    assert ".symtab" not in packaged_dynamic, "stripped"
    assert _load_alone(str(own / "libBlink.so")).returncode == 0
    alone_packaged = _sample_blink(str(own / "libBlink.so"), host_library, tmp_path)
    assert alone_packaged.returncode == 0, alone_packaged.stderr
    assert alone_packaged.stdout.strip() == expected
