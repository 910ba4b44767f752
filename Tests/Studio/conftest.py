"""One headless Chromium for the studio's page tests."""

import pytest
from studio_harness import Browser


@pytest.fixture(scope="module")
def browser():
    launched = Browser(1400, 1000)
    yield launched
    launched.close()
