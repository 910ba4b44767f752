"""The release's wheel (scripts/release runs scripts/wheel) carries the plugins and their Swift runtime: pip
installs it into a fresh virtual environment (numpy, its one dependency,
from PyPI or pip's cache), and the Python example then finds and samples
every effect with no path, no EFFECT_PLUGIN_PATH, no effect-host on PATH
and the toolchain hidden (without_toolchain.py)."""

import grp
import os
import pwd
import re
import shlex
import subprocess
import sys
import zipfile

import pytest
from without_toolchain import PLUGINS, ROOT, hidden_toolchain, require_hiding


@pytest.fixture(scope="module")
def wheel(release_files):
    """(the wheel's path, what scripts/release said while making it)."""
    require_hiding()
    return release_files[1], release_files[2]


@pytest.fixture(scope="module")
def venv(wheel, tmp_path_factory):
    """A fresh environment, without the system's packages, with the wheel
    installed; under umask 002, as Debian and Ubuntu users have it, when the
    user has a private group (then everything pip unpacks is group-writable)."""
    path = tmp_path_factory.mktemp("venv") / "env"
    user = pwd.getpwuid(os.geteuid())
    group = grp.getgrgid(user.pw_gid)
    private = group.gr_name == user.pw_name and all(member == user.pw_name for member in group.gr_mem)
    umask = "002" if private else "022"
    # A PYTHONPATH reaching this checkout's package (or pip settings) would
    # make pip find effect-host installed already and skip the wheel.
    clean = {name: value for name, value in os.environ.items() if not name.startswith(("PYTHON", "PIP_"))}
    script = (f"umask {umask} && {shlex.quote(sys.executable)} -m venv {shlex.quote(str(path))} && "
              f"{shlex.quote(str(path / 'bin' / 'python'))} -m pip install --quiet --disable-pip-version-check {shlex.quote(wheel[0])}")
    installed = subprocess.run(["sh", "-c", script], capture_output=True, text=True, timeout=900, env=clean)
    assert installed.returncode == 0, installed.stderr[-3000:]
    plugins = next(path.glob("lib/python*/site-packages/effects/plugins"))
    assert bool(plugins.stat().st_mode & 0o020) == private, f"umask {umask} made {plugins} mode {plugins.stat().st_mode:o}"
    return path


def test_the_wheel_is_a_platform_wheel_tagged_as_auditwheel_found(wheel, tmp_path):
    path, log = wheel
    version = subprocess.run([os.path.join(ROOT, ".build", "release", "effect-host"), "--version"],
                             capture_output=True, text=True, check=True).stdout.split()[1]
    machine = os.uname().machine
    name = os.path.basename(path)
    tag = re.fullmatch(rf"effect_host-{re.escape(version)}-py3-none-(manylinux_\d+_\d+_{machine}|linux_{machine})\.whl", name)
    assert tag, name
    if tag.group(1).startswith("manylinux"):
        assert f"the wheel meets {tag.group(1)}" in log
    else:
        assert "meets no manylinux policy" in log
    with zipfile.ZipFile(path) as archive:
        names = set(archive.namelist())
        wheel_file = archive.read(f"effect_host-{version}.dist-info/WHEEL").decode()
        for plugin in PLUGINS:
            archive.extract(f"effects/plugins/{plugin}", tmp_path)
    assert "Root-Is-Purelib: false" in wheel_file, "the libraries install into platlib"
    for member in ("effects/__init__.py", "effects/py.typed", "effects/plugins/swift-runtime/libswiftCore.so",
                   "effects/plugins/swift-runtime/LICENSE.txt", f"effect_host-{version}.dist-info/licenses/LICENSE"):
        assert member in names, member
    for plugin in PLUGINS:
        dynamic = subprocess.run(["readelf", "-d", "-S", "-W", str(tmp_path / "effects" / "plugins" / plugin)],
                                 capture_output=True, text=True, check=True).stdout
        assert "Library runpath: [$ORIGIN/swift-runtime:$ORIGIN]" in dynamic
        assert ".symtab" not in dynamic, f"{plugin} is stripped"


def test_the_example_runs_from_the_wheel_with_no_path_and_no_toolchain(venv, tmp_path):
    python = str(venv / "bin" / "python")
    # Nothing points at plugins: no variable, no effect-host on PATH, and a
    # working directory outside the checkout.
    env = {"PATH": "/usr/bin:/bin"}
    probe = hidden_toolchain(f"{python} -c 'import effects, os; print(os.path.dirname(effects.__file__)); print(effects.search_path())'",
                             cwd=tmp_path, env=env)
    assert probe.returncode == 0, probe.stderr
    package = probe.stdout.splitlines()[0]
    assert package.startswith(str(venv)), "the wheel's package, not the checkout's"
    assert probe.stdout.splitlines()[1] == repr([os.path.join(package, "plugins")])
    # tracking-breathe at 2.7 s, three quarters into its first 3.6 s breath
    # after the 0.9 s entrance: tracking at max_tracking (9), opacity 0.98,
    # and the 4.5 pt offset that keeps it centred (half the tracking).
    demo = os.path.join(ROOT, "python", "examples", "effect_demo.py")
    result = hidden_toolchain(f"{python} {demo} tracking-breathe --times 2.7", cwd=tmp_path, env=env)
    assert result.returncode == 0, result.stderr
    assert result.stdout == "frame 2.7 tracking=9 opacity=0.97999999999999998 offset_x=4.5\n"
    # At 0.16 s the strike's 0.32 s ease-in-out is half way.
    result = hidden_toolchain(f"{python} {demo} strikethrough-reveal --times 0.16", cwd=tmp_path, env=env)
    assert result.returncode == 0, result.stderr
    amount = re.match(r"frame 0.16 amount=(\S+) ", result.stdout)
    assert amount and float(amount.group(1)) == pytest.approx(0.5, abs=1e-12), result.stdout
    listed = hidden_toolchain(f"{python} {demo}", cwd=tmp_path, env=env)
    assert listed.returncode == 0, listed.stderr
    assert sorted(re.findall(r"^effect ([\w-]+):", listed.stdout, re.M)) == [
        "breathing-circles", "strikethrough-reveal", "text-reveal", "tracking-breathe"]
    drawn = hidden_toolchain(f"{python} -c 'import effects; print(len(effects.effect(\"text-reveal\").create().draw(2).items) > 0)'",
                             cwd=tmp_path, env=env)
    assert drawn.stdout == "True\n", drawn.stderr
