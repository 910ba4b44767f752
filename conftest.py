"""What every pytest run in this repository shares."""

import pytest


@pytest.fixture(scope="session", autouse=True)
def private_scan_cache(tmp_path_factory):
    """effect-host caches plugin scans in $XDG_CACHE_HOME: the tests keep theirs to themselves."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("XDG_CACHE_HOME", str(tmp_path_factory.mktemp("cache")))
        yield
