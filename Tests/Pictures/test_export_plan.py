"""One export plan (EffectExport's ExportPlan) for the command line and
effect_host.h (here through Python, which calls effect_host_export): the
same targets, refusals and notes from both (issue 49: each front end
decided these for itself)."""

import os

import pytest
from test_render_pictures import BUILD, host
from test_render_plan import abi12  # noqa: F401 (a fixture)

pytestmark = pytest.mark.skipif(not os.path.exists(os.path.join(BUILD, "libeffecthost.so")), reason="no host library built")

ONE_LOOK = "test-ramp comes from a plugin with one look; exporting its light look"


def test_a_one_look_plugins_lottie_file_asked_for_dark_is_said_by_both(abi12, tmp_path):  # noqa: F811
    import effects

    with effects.effect("test-ramp", [abi12], defaults=False).create() as instance:
        notes = instance.export(str(tmp_path / "ramp.json"), appearance="dark", fps=10)
    assert ONE_LOOK in notes
    result = host("export", "test-ramp", "--theme", "dark", "--fps", "10", "--plugin-path", abi12, "-o", str(tmp_path / "cli.json"))
    assert f"effect-host: {ONE_LOOK}\n" in result.stderr


def test_a_path_naming_no_export_is_refused_by_both(tmp_path):
    import effects

    with effects.effect("strikethrough-reveal", [BUILD], defaults=False).create() as instance:
        with pytest.raises(effects.EffectError) as refused:
            instance.export(str(tmp_path / "strike.doc"))
        assert refused.value.status == -7 and "cannot write .doc files" in str(refused.value)
    assert not (tmp_path / "strike.doc").exists(), "no page is written into a directory named .doc"
    result = host("export", "strikethrough-reveal", "-o", str(tmp_path / "cli.doc"), check=False)
    assert result.returncode == 2 and "export cannot write .doc files" in result.stderr


def test_a_page_name_for_a_lottie_file_is_refused_by_both(tmp_path):
    import effects

    with effects.effect("strikethrough-reveal", [BUILD], defaults=False).create() as instance:
        with pytest.raises(effects.EffectError) as refused:
            instance.export(str(tmp_path / "strike.json"), name="hero")
        assert refused.value.status == -7
        assert str(refused.value).endswith(
            "a name is a CSS page's class prefix and stylesheet; a Lottie file is named by its path, a live page has none")
    assert not (tmp_path / "strike.json").exists()
    result = host("export", "strikethrough-reveal", "--name", "hero", "-o", str(tmp_path / "cli.json"), check=False)
    assert result.returncode == 2 and "--name names the CSS page's classes" in result.stderr
