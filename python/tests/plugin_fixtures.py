"""What the package's tests share besides fixtures: where the checkout and
its build are, and the C test plugin built with chosen defines. A module of
its own, not conftest.py, because several test directories have a
conftest.py and a bare `import conftest` finds whichever came first."""

import os
import shutil
import subprocess

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def build_directory() -> str:
    """Where scripts/test's `swift build` put the plugins."""
    return os.environ.get("EFFECT_TEST_BUILD_DIR", os.path.join(ROOT, ".build", "debug"))


def compile_test_plugin(directory, name, defines=()):
    """Tests/Fixtures/plugins/test_plugin.c built with `defines` as `name` in
    `directory`, which is made private so the trust rule accepts it."""
    compiler = shutil.which("cc")
    if compiler is None:
        pytest.skip("no C compiler (cc) on PATH")
    output = os.path.join(directory, name)
    source = os.path.join(ROOT, "Tests", "Fixtures", "plugins", "test_plugin.c")
    subprocess.run(
        [compiler, "-std=c99", "-Wall", "-Wextra", "-Werror", "-shared", "-fPIC", "-I", os.path.join(ROOT, "include"),
         *[f"-D{define}" for define in defines], source, "-lm", "-o", output],
        check=True,
    )
    os.chmod(directory, 0o700)
    os.chmod(output, 0o755)
    return output
