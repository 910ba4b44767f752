"""`pip install ./python` from a checkout: pip builds in the source tree,
and the package's build (setup.py, pyproject.toml's pinned setuptools,
fetched by pip into an isolated environment) must leave that tree exactly
as it was, ignored files included (docs/embedding.md says so)."""

import os
import shutil
import subprocess
import sys

PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def git(repo, *args):
    done = subprocess.run(["git", "-C", str(repo), *args], capture_output=True, text=True, check=True)
    return done.stdout


def test_installing_from_a_checkout_leaves_its_tree_as_it_was(tmp_path):
    repo = tmp_path / "checkout"
    # The package alone, as committed (its LICENSE link copied as the file it names), in a repository of its own.
    shutil.copytree(PACKAGE, repo / "python",
                    ignore=shutil.ignore_patterns("__pycache__", "build", "*.egg-info", ".mypy_cache", ".pytest_cache"))
    git(tmp_path, "init", "-q", str(repo))
    git(repo, "add", "-A")
    git(repo, "-c", "user.name=test", "-c", "user.email=test@example.invalid", "commit", "-q", "-m", "package")
    assert git(repo, "status", "--ignored", "--porcelain") == ""

    target = tmp_path / "installed"
    # pip settings or a PYTHONPATH from the environment would change what it builds with.
    clean = {name: value for name, value in os.environ.items() if not name.startswith(("PYTHON", "PIP_"))}
    installed = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "--no-deps", "--target",
         str(target), "./python"],
        cwd=repo, capture_output=True, text=True, timeout=600, env=clean)
    assert installed.returncode == 0, installed.stderr[-3000:]

    assert (target / "effects" / "__init__.py").is_file()
    assert [path.name for path in target.glob("effect_host-*.dist-info")] != []
    # Nothing new, changed or ignored: no python/build, no effect_host.egg-info.
    assert git(repo, "status", "--ignored", "--porcelain") == ""
