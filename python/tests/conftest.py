import os

import pytest

import effects

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def build_directory() -> str:
    """Where scripts/test's `swift build` put the plugins."""
    return os.environ.get("EFFECT_TEST_BUILD_DIR", os.path.join(ROOT, ".build", "debug"))


@pytest.fixture
def plugins_dir() -> str:
    return build_directory()


@pytest.fixture
def catalog(plugins_dir):
    # Only the build, whatever EFFECT_PLUGIN_PATH holds: the tests are hermetic.
    return effects.scan([plugins_dir], defaults=False)
