import os
import shutil
import subprocess

import pytest

import effects

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


@pytest.fixture
def plugins_dir() -> str:
    return build_directory()


@pytest.fixture
def catalog(plugins_dir):
    # Only the build, whatever EFFECT_PLUGIN_PATH holds: the tests are hermetic.
    return effects.scan([plugins_dir], defaults=False)


@pytest.fixture
def open_plugin(tmp_path, plugins_dir):
    """A copy of libStrike.so in a directory everyone can write (mode 0777),
    which the trust rule refuses; the directory is closed again after."""
    import shutil

    directory = tmp_path / "open"
    directory.mkdir()
    plugin = directory / "libStrike.so"
    shutil.copy(os.path.join(plugins_dir, "libStrike.so"), plugin)
    plugin.chmod(0o755)
    directory.chmod(0o777)
    yield plugin
    directory.chmod(0o755)
