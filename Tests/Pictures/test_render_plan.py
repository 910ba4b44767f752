"""One render plan (EffectRender's RenderPlan) for the command line and
effect_host.h (here through Python, which calls effect_host_render): the
same notes, the same page, the same limits from both (issue 49: each
front end decided these for itself, and the host library said less)."""

import math
import os
import re
import subprocess
from pathlib import Path

import pytest
from test_render_pictures import BUILD, ROOT, host, png, text_lengths

pytestmark = pytest.mark.skipif(not os.path.exists(os.path.join(BUILD, "libeffecthost.so")), reason="no host library built")

ONE_LOOK = "libDraws12.so is an ABI 1.2 plugin with one look; drawing it on the light ground"
REFERENCE_TEXT = ("text is drawn in cairo's own sans-serif, stretched to the reference metrics' widths; "
                  "with no fallback font, characters it lacks draw as boxes")


@pytest.fixture(scope="module")
def abi12(tmp_path_factory):
    """Tests/Fixtures/plugins/test_plugin.c as an ABI 1.2 plugin: one look."""
    directory = tmp_path_factory.mktemp("abi12")
    subprocess.run(
        ["cc", "-std=c99", "-Wall", "-Wextra", "-Werror", "-shared", "-fPIC", "-DABI_1_2", "-I" + os.path.join(ROOT, "include"),
         os.path.join(ROOT, "Tests", "Fixtures", "plugins", "test_plugin.c"), "-lm", "-o", str(directory / "libDraws12.so")],
        check=True, capture_output=True, text=True,
    )
    return str(directory)


def test_a_one_look_plugin_asked_for_dark_is_said_by_both(abi12, tmp_path):
    import effects

    with effects.effect("test-ramp", [abi12], defaults=False).create() as instance:
        notes = instance.render(str(tmp_path / "ramp.gif"), appearance="dark", duration=0.1)
    assert ONE_LOOK in notes
    result = host("render", "test-ramp", "--theme", "dark", "--duration", "0.1", "--plugin-path", abi12, "-o", str(tmp_path / "cli.gif"))
    assert f"effect-host: {ONE_LOOK}\n" in result.stderr


def test_pixels_of_the_reference_metrics_text_are_said_by_both(tmp_path):
    import effects

    with effects.effect("strikethrough-reveal", [BUILD], defaults=False).create() as instance:
        notes = instance.render(str(tmp_path / "strike.png"), font="reference")
        assert REFERENCE_TEXT in notes
        # SVG keeps the text: nothing to say.
        assert REFERENCE_TEXT not in instance.render(str(tmp_path / "strike.svg"), font="reference", svg_text=True)
    result = host("render", "strikethrough-reveal", "--font", "reference", "-o", str(tmp_path / "cli.png"))
    assert f"effect-host: {REFERENCE_TEXT}\n" in result.stderr


def test_a_page_names_its_frames_rate_and_plugin_from_both(tmp_path):
    import effects

    # The strike's 0.32 s at 30 fps: frames 0 to 10, the first at or after its end.
    expected = "<p>Strikethrough Reveal: 11 frames sampled at 30 fps from libStrike.so</p>"
    with effects.effect("strikethrough-reveal", [BUILD], defaults=False).create() as instance:
        instance.render(str(tmp_path / "strike.html"))
    assert expected in (tmp_path / "strike.html").read_text()
    host("render", "strikethrough-reveal", "--plugin-path", BUILD, "-o", str(tmp_path / "cli.html"))
    page = (tmp_path / "cli.html").read_text()
    assert re.search(r"<p>Strikethrough Reveal: 11 frames sampled at 30 fps from libStrike\.so</p>", page), page[:2000]


def test_a_stills_moment_past_the_longest_duration_is_refused_by_both(tmp_path):
    import effects

    with effects.effect("strikethrough-reveal", [BUILD], defaults=False).create() as instance:
        with pytest.raises(effects.EffectError) as refused:
            instance.render(str(tmp_path / "late.png"), time=2e9)
        assert refused.value.status == -9 and "a still's time must be finite, 0 to 1e9 seconds, not 2000000000.0" in str(refused.value)
        instance.render(str(tmp_path / "latest.png"), time=1e9)
    assert (tmp_path / "latest.png").exists()
    result = host("render", "strikethrough-reveal", "--time", "2e9", "-o", str(tmp_path / "cli.png"), check=False)
    assert result.returncode == 2 and "--time" in result.stderr


def test_a_ground_is_read_in_the_one_colour_grammar(tmp_path):
    # Full-width F (U+FF26) is no hex digit: refused, never drawn as no ground at all.
    result = host("render", "strikethrough-reveal", "--background", "\uff26" * 6, "-o", str(tmp_path / "wide.png"), check=False)
    assert result.returncode == 2 and "--background needs #RRGGBB, #RRGGBBAA or transparent" in result.stderr
    assert not (tmp_path / "wide.png").exists()
    # 0x, as a colour param takes it.
    host("render", "strikethrough-reveal", "--background", "0x336699", "-o", str(tmp_path / "blue.png"))
    assert tuple(png(str(tmp_path / "blue.png"))[0, 0]) == (0x33, 0x66, 0x99, 255)


def test_a_scale_and_a_width_have_one_range_in_both(tmp_path):
    import effects

    with effects.effect("strikethrough-reveal", [BUILD], defaults=False).create() as instance:
        refusals = [
            # 0.1 to 8192 pixels a point: the C API took any scale above 0 (and 1e300 crashed it).
            (lambda: instance.render(str(tmp_path / "tiny.png"), scale=0.05), -7, "a scale is 0.1 to 8192 pixels a point, not 0.05"),
            (lambda: instance.render(str(tmp_path / "huge.png"), scale=1e300), -7, "not 1e+300"),
            # Within, the pixels decide: the strike at 100 pixels a point passes 8192 (EFFECT_HOST_ERR_TOO_MUCH), as --scale 100 does.
            (lambda: instance.render(str(tmp_path / "huge.png"), scale=100), -104, "more than 8192 a side"),
            # 10 to 10000 points: the C look took any width from 0.
            (lambda: instance.render(str(tmp_path / "narrow.png"), width=5), -7, "a width offered to the view is 10 to 10000 points, not 5.0"),
            (lambda: instance.picture(width=5), -7, "not 5.0"),
            (lambda: instance.export(str(tmp_path / "wide.json"), width=20000), -7, "not 20000.0"),
        ]
        for call, status, message in refusals:
            with pytest.raises(effects.EffectError) as refused:
                call()
            assert refused.value.status == status and message in str(refused.value)
        # The ends are taken: a tenth of a pixel a point, each side rounded up.
        instance.render(str(tmp_path / "small.png"), scale=0.1, width=10)
        width, height = instance.picture(width=10).size
    assert png(str(tmp_path / "small.png")).shape[:2] == (math.ceil(height / 10), math.ceil(width / 10))
    result = host("render", "strikethrough-reveal", "--scale", "100", "-o", str(tmp_path / "cli.png"), check=False)
    assert result.returncode == 2 and "more than 8192 a side: lower --scale or set --size" in result.stderr
    for option, value in (("--scale", "0.05"), ("--scale", "8193"), ("--width", "5")):
        result = host("render", "strikethrough-reveal", option, value, "-o", str(tmp_path / "cli.png"), check=False)
        assert result.returncode == 2 and option in result.stderr
        assert not (tmp_path / "cli.png").exists()


def test_the_c_demos_ground_is_read_in_the_one_colour_grammar(tmp_path):
    """examples/c-host/host_demo.c's -b reads colours through
    effect_host_parse_color: 0x as render's --background takes it (the demo's
    own parser refused it), a full-width digit refused as there."""
    demo = str(tmp_path / "host_demo")
    subprocess.run(
        ["cc", "-std=c99", "-Wall", "-Wextra", "-Werror", "-I" + os.path.join(ROOT, "include"),
         os.path.join(ROOT, "examples", "c-host", "host_demo.c"), "-L" + BUILD, "-Wl,-rpath," + BUILD, "-leffecthost", "-o", demo],
        check=True, capture_output=True, text=True,
    )
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": os.environ.get("HOME", "/tmp")}
    still = str(tmp_path / "blue.png")
    result = subprocess.run([demo, "strikethrough-reveal", "-b", "0x336699", "-o", still], capture_output=True, text=True, env=env, timeout=300)
    assert result.returncode == 0, result.stderr
    assert tuple(png(still)[0, 0]) == (0x33, 0x66, 0x99, 255)
    wide = "\uff26" * 6
    result = subprocess.run([demo, "strikethrough-reveal", "-b", wide, "-o", still], capture_output=True, text=True, env=env, timeout=300)
    assert result.returncode == 2 and result.stderr == f"host_demo: -b needs #RRGGBB, #RRGGBBAA or transparent, not '{wide}'\n"


def test_font_notes_are_said_at_the_same_point_by_both(tmp_path):
    """A family not installed and a character no font has: after the frames,
    the family first, in both (the command line said the family as the fonts
    loaded, before the frames)."""
    import effects

    family = "the font No Such Family is not installed; text is drawn in DejaVu Sans"
    uncovered = "no installed font has U+0378; it is drawn as a box"
    with effects.effect("strikethrough-reveal", [BUILD], defaults=False).create(text="a\u0378b") as instance:
        notes = instance.render(str(tmp_path / "c.png"), font="No Such Family")
    assert notes[-2:] == [family, uncovered]
    result = host("render", "strikethrough-reveal", "--param", "text=a\u0378b", "--font", "No Such Family", "-o", str(tmp_path / "cli.png"))
    lines = result.stderr.splitlines()
    assert lines[-3].startswith("effect-host: wrote 1 frame of strikethrough-reveal")
    assert lines[-2:] == [f"effect-host: {family}", f"effect-host: {uncovered}"]


HIDDEN_HARFBUZZ_SCRIPT = """
import json, sys, effects
with effects.effect("strikethrough-reveal", [sys.argv[1]], defaults=False).create() as instance:
    notes = instance.render(sys.argv[2])
    picture = instance.picture()
    print(json.dumps({"notes": notes, "font_note": picture.font_note}))
"""


def test_without_harfbuzz_a_c_caller_gets_the_reference_metrics_as_the_command_line_does(tmp_path):
    """HarfBuzz hidden (a mount namespace binds /dev/null over it): the C
    look falls back to the reference metrics and says why, as render does
    (it refused with EFFECT_HOST_ERR_MISSING)."""
    import json
    import shutil
    import sys

    library = subprocess.run(["sh", "-c", "readlink -f \"$(ldconfig -p | awk '/libharfbuzz.so.0 /{print $NF; exit}')\""],
                             capture_output=True, text=True).stdout.strip()
    if os.geteuid() != 0 or shutil.which("unshare") is None or not os.path.exists(library):
        pytest.skip("hiding a system library needs root and unshare")
    out = str(tmp_path / "s.svg")
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": os.environ.get("HOME", "/tmp"),
           "PYTHONPATH": os.path.join(ROOT, "python"), "EFFECT_TEST_BUILD_DIR": BUILD}
    script = f"mount --bind /dev/null {library} && exec \"$0\" -c \"$1\" {BUILD} {out}"
    result = subprocess.run(["unshare", "-m", "sh", "-c", script, sys.executable, HIDDEN_HARFBUZZ_SCRIPT],
                            capture_output=True, text=True, env=env, timeout=300)
    if "mount" in result.stderr and result.returncode != 0:
        pytest.skip("this machine does not allow mount namespaces: " + result.stderr.strip())
    assert result.returncode == 0, result.stderr
    said = json.loads(result.stdout)
    note = "libharfbuzz.so.0 cannot be loaded (file too short; Debian package libharfbuzz0b); text is measured with the reference metrics"
    assert said == {"notes": [note], "font_note": note}
    # Drawn at the ABI's reference widths, as render's SVG is.
    sys.path.insert(0, os.path.join(ROOT, "python", "tests"))
    from reference import reference_measure
    assert text_lengths(Path(out).read_text(encoding="utf-8")) == [pytest.approx(reference_measure("Ship the component", 20, 500)[0], abs=1e-3)]
