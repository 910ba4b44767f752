"""The release's wheel (scripts/release runs scripts/wheel) carries the plugins, the host library, the host
program it runs plugins in, and their Swift runtime: pip installs it into a
fresh virtual environment (numpy, its one dependency, from PyPI or pip's
cache), and the Python example then finds and samples every effect, and the
package draws, renders and validates through the host library, with no path,
no EFFECT_PLUGIN_PATH, no effect-host on PATH and the toolchain hidden
(without_toolchain.py)."""

import grp
import os
import pwd
import re
import shlex
import subprocess
import sys
import zipfile

import numpy as np
import pytest
from without_toolchain import PLUGINS, ROOT, hidden_toolchain, require_hiding

sys.path.insert(0, os.path.join(ROOT, "Tests", "Pictures"))
from test_render_pictures import assert_strike_line_at_half, frames

#: scripts/install-host's layout, inside the package.
PLUGIN_DIR = "effects/lib/effect-host/plugins"


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
    plugins = next(path.glob(f"lib/python*/site-packages/{PLUGIN_DIR}"))
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
            archive.extract(f"{PLUGIN_DIR}/{plugin}", tmp_path)
        archive.extract("effects/lib/libeffecthost.so", tmp_path)
        archive.extract("effects/bin/effect-host", tmp_path)
        # The zip entry keeps the Unix mode pip installs with: the host program must stay executable.
        assert archive.getinfo("effects/bin/effect-host").external_attr >> 16 & 0o111 == 0o111
    assert "Root-Is-Purelib: false" in wheel_file, "the libraries install into platlib"
    for member in ("effects/__init__.py", "effects/py.typed", f"{PLUGIN_DIR}/swift-runtime/libswiftCore.so",
                   f"{PLUGIN_DIR}/swift-runtime/LICENSE.txt", "effects/lib/effect-host/runtime/libdispatch.so",
                   "effects/lib/effect-host/runtime/LICENSE.txt", f"effect_host-{version}.dist-info/licenses/LICENSE"):
        assert member in names, member
    runpaths = {f"{PLUGIN_DIR}/{plugin}": "$ORIGIN/swift-runtime:$ORIGIN" for plugin in PLUGINS}
    runpaths["effects/lib/libeffecthost.so"] = "$ORIGIN/effect-host/plugins/swift-runtime:$ORIGIN/effect-host/runtime"
    runpaths["effects/bin/effect-host"] = "$ORIGIN/../lib/effect-host/plugins/swift-runtime:$ORIGIN/../lib/effect-host/runtime"
    for member, runpath in runpaths.items():
        dynamic = subprocess.run(["readelf", "-d", "-S", "-W", str(tmp_path / member)], capture_output=True, text=True, check=True).stdout
        assert f"Library runpath: [{runpath}]" in dynamic, member
        assert ".symtab" not in dynamic, f"{member} is stripped"


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
    assert probe.stdout.splitlines()[1] == repr([os.path.join(package, "lib", "effect-host", "plugins")])
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


def test_the_host_library_draws_renders_and_validates_from_the_wheel_with_no_toolchain(venv, tmp_path):
    python = str(venv / "bin" / "python")
    script = tmp_path / "host.py"
    script.write_text("""
import os, sys
import numpy as np
import effects
from effects import _host
print(_host.library()._name)
with effects.effect("strikethrough-reveal").create() as instance:
    np.save(sys.argv[1], instance.picture(ground="#ffffff").draw(0.16))
    instance.render(sys.argv[2], fps=20)
report = effects.validate(os.path.join(os.path.dirname(effects.__file__), "lib", "effect-host", "plugins", "libStrike.so"))
print(report.failed, len(report.checks))
""")
    drawn, rendered = tmp_path / "strike.npy", tmp_path / "strike.gif"
    result = hidden_toolchain(f"{python} {script} {drawn} {rendered}", cwd=tmp_path, env={"PATH": "/usr/bin:/bin"})
    assert result.returncode == 0, result.stderr
    library, verdict = result.stdout.splitlines()
    assert library.startswith(str(venv)) and library.endswith("effects/lib/libeffecthost.so")
    # Validation runs each check in the wheel's own effect-host: it passes all 18 only if that program ran.
    assert verdict == "False 18"
    assert_strike_line_at_half(np.load(drawn))
    # The strike's 0.32 s at 20 fps: t = 0, 0.05, ..., 0.35, the first frame at or after 0.32 s.
    assert len(frames(str(rendered))) == 8
