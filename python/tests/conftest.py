import os

import pytest
from plugin_fixtures import ROOT, build_directory

import effects

__all__ = ["ROOT"]  # the test modules that import it from here


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
