"""A real notebook, executed by nbclient in an IPython kernel: a cell that
ends with an instance shows it, as a PNG of its settled frame and as HTML
holding an animated GIF; a closed instance shows as text; without ffmpeg the
HTML is the still with a line saying why, and the cell raises nothing.
Pictures are decoded by ffmpeg and probed against the seed (decoded.py).

The kernel is hermetic: it is this interpreter (a kernel spec of the test's
own, on JUPYTER_PATH), with private IPython and Jupyter directories, the
build's host library and its plugins alone."""

import base64
import json
import os
import re
import sys

import nbformat
import pytest
from decoded import assert_not_struck, assert_struck_through, decode
from nbclient import NotebookClient
from plugin_fixtures import build_directory

CELLS = [
    """
import os
import effects

catalog = effects.scan([{plugins!r}], defaults=False)
strike = catalog.effect("strikethrough-reveal").create()
strike
""",
    """
unstruck = catalog.effect("strikethrough-reveal").create()
unstruck.set_event("0.5:done=false")
unstruck
""",
    """
strike.close()
strike
""",
    """
os.environ["PATH"] = {empty!r}
catalog.effect("strikethrough-reveal").create()
""",
]


@pytest.fixture(scope="module")
def outputs(tmp_path_factory):
    home = tmp_path_factory.mktemp("kernel")
    spec = home / "jupyter" / "kernels" / "python3"
    spec.mkdir(parents=True)
    (spec / "kernel.json").write_text(
        json.dumps({"argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"], "display_name": "test", "language": "python"})
    )
    (home / "empty").mkdir()
    plugins = build_directory()
    with pytest.MonkeyPatch.context() as patch:
        for name, value in {
            "EFFECT_HOST_LIBRARY": os.path.join(plugins, "libeffecthost.so"),
            "EFFECT_PLUGIN_PATH": "",
            "JUPYTER_PATH": str(home / "jupyter"),
            "JUPYTER_CONFIG_DIR": str(home / "config"),
            "JUPYTER_RUNTIME_DIR": str(home / "runtime"),
            "JUPYTER_DATA_DIR": str(home / "data"),
            "IPYTHONDIR": str(home / "ipython"),
        }.items():
            patch.setenv(name, value)
        notebook = nbformat.v4.new_notebook()
        notebook.cells = [nbformat.v4.new_code_cell(cell.format(plugins=plugins, empty=str(home / "empty")).strip()) for cell in CELLS]
        NotebookClient(notebook, kernel_name="python3", timeout=300).execute()
    return [cell.outputs for cell in notebook.cells]


def shown(cell_outputs):
    """The one rich display a cell ends with: its mime bundle and metadata."""
    results = [output for output in cell_outputs if output.output_type == "execute_result"]
    assert len(results) == 1, cell_outputs
    assert not [output for output in cell_outputs if output.output_type == "error"]
    return results[0].data, results[0].metadata


def inline(html, mime):
    found = re.search(rf'src="data:{mime};base64,([A-Za-z0-9+/=]+)"', html)
    assert found, html[:300]
    return base64.b64decode(found.group(1))


def test_a_cell_ending_with_an_instance_shows_its_settled_frame(outputs):
    data, metadata = shown(outputs[0])
    (image,) = decode(base64.b64decode(data["image/png"]), ".png")
    assert_struck_through(image)
    # Shown at its size in points, half its pixels.
    assert metadata["image/png"] == {"width": (image.shape[1] + 1) // 2, "height": (image.shape[0] + 1) // 2}


def test_a_cell_ending_with_an_instance_shows_it_animated(outputs):
    data, _ = shown(outputs[0])
    html = data["text/html"]
    assert 'alt="Strikethrough Reveal (strikethrough-reveal), animated"' in html
    frames = decode(inline(html, "image/gif"), ".gif")
    # t = 0, 1/30, ... 10/30: render's 30 frames a second up to the first at or after the 0.32 s end.
    assert len(frames) == 11
    assert_not_struck(frames[0], scale=1)
    assert_struck_through(frames[-1], scale=1)


def test_the_still_shows_the_moment_after_the_last_event(outputs):
    data, _ = shown(outputs[1])
    (image,) = decode(base64.b64decode(data["image/png"]), ".png")
    assert_not_struck(image)


def test_a_closed_instance_shows_as_text_without_a_traceback(outputs):
    data, _ = shown(outputs[2])
    assert set(data) == {"text/plain"}
    assert not [output for output in outputs[2] if output.output_type == "stream" and output.name == "stderr"]


def test_without_ffmpeg_the_cell_shows_the_still_and_says_why(outputs):
    data, _ = shown(outputs[3])
    html = data["text/html"]
    assert "data:image/gif" not in html
    assert "not animated: ffmpeg is not installed (Debian package ffmpeg)" in html
    assert_struck_through(decode(inline(html, "image/png"), ".png")[0])
    assert not [output for output in outputs[3] if output.output_type == "stream" and output.name == "stderr"]
