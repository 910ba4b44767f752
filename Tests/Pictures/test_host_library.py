"""libeffecthost.so through effect_host.h, as a C program uses it.

Tests/Fixtures/c/host_api_check.c is built with -Wall -Wextra -Werror
against include/ and the build's libeffecthost.so (and cairo, when
pkg-config finds it), once plainly and once under ASan and UBSan. It opens
the bundled plugins through a catalog, draws a strike frame into RGBA bytes
and into a cairo surface of its own, renders a GIF, exports Lottie, plays
with a callback that stops the player, validates a plugin file, and makes
a run of wrong calls. What it writes is decoded here and probed against the
seed's geometry, as the picture tests probe `effect-host render`.

examples/sdl/effect_window.c, the live window, runs under SDL's dummy video
driver with its software renderer (no display needed): a key press pushed
into SDL's event queue, a window of another size, the pixels read back.
scripts/ensure-sdl installs libsdl2-dev.
"""

import json
import math
import os
import re
import subprocess
import sys

import numpy as np
import pytest
from test_render_pictures import BUILD, ROOT, assert_strike_line_at_half, frames, host, png, probe, strike_line_ends

LIBRARY = os.path.join(BUILD, "libeffecthost.so")
SOURCE = os.path.join(ROOT, "Tests", "Fixtures", "c", "host_api_check.c")
CPP_SOURCE = os.path.join(ROOT, "Tests", "Fixtures", "cpp", "host_api_check.cpp")


def pkg_config(*arguments):
    found = subprocess.run(["pkg-config", *arguments, "cairo"], capture_output=True, text=True)
    return found.stdout.split() if found.returncode == 0 else None


def build(directory, sanitize):
    program = os.path.join(directory, "host_api_check" + ("_asan" if sanitize else ""))
    cairo_flags, cairo_libs = pkg_config("--cflags"), pkg_config("--libs")
    with_cairo = cairo_flags is not None and cairo_libs is not None
    cairo = ["-DWITH_CAIRO", *cairo_flags] if with_cairo else []
    libraries = cairo_libs if with_cairo and cairo_libs else []
    sanitizers = ["-fsanitize=address,undefined", "-fno-sanitize-recover=all", "-g"] if sanitize else []
    subprocess.run(
        ["cc", "-std=c99", "-Wall", "-Wextra", "-Werror", *sanitizers, "-I" + os.path.join(ROOT, "include"), *cairo, SOURCE,
         "-o", program, "-L" + BUILD, "-leffecthost", *libraries, "-Wl,-rpath," + BUILD],
        check=True, capture_output=True, text=True,
    )
    return program


@pytest.fixture(scope="module")
def checked_cpp(tmp_path_factory):
    """The same through effect::host, effect.hpp's C++ face of the library."""
    directory = tmp_path_factory.mktemp("host-api-cpp")
    program = str(directory / "host_api_check_cpp")
    subprocess.run(
        ["c++", "-std=c++17", "-Wall", "-Wextra", "-Werror", "-I" + os.path.join(ROOT, "include"), CPP_SOURCE, "-o", program,
         "-L" + BUILD, "-leffecthost", "-Wl,-rpath," + BUILD, "-ldl"],
        check=True, capture_output=True, text=True,
    )
    out = directory / "out"
    out.mkdir()
    return run(program, out, fixture_plugins(str(directory / "plugins"))), out


def fixture_plugins(directory):
    """The C test plugin as an ABI 1.0 plugin (it does not draw) and as a
    1.2 one whose list leaves its group open, for host_api_check."""
    sys.path.insert(0, os.path.join(ROOT, "python", "tests"))
    from plugin_fixtures import compile_test_plugin

    os.makedirs(directory)
    compile_test_plugin(directory, "libMinor0.so")
    compile_test_plugin(directory, "libOpen.so", ("ABI_1_2", "BROKEN_DRAW_UNBALANCED"))
    return directory


def run(program, out, *more):
    # Only the plugins beside the build, whatever the environment holds; no
    # leak report (the Swift runtime keeps its caches for the process's life).
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": os.environ.get("HOME", "/tmp"),
           "ASAN_OPTIONS": "detect_leaks=0", "UBSAN_OPTIONS": "print_stacktrace=1"}
    result = subprocess.run([program, BUILD, str(out), *more], capture_output=True, text=True, env=env, timeout=600)
    assert result.returncode == 0, result.stdout + result.stderr
    return dict(line.split(": ", 1) for line in result.stdout.splitlines())


@pytest.fixture(scope="module")
def checked(tmp_path_factory):
    assert os.path.exists(LIBRARY), "swift build makes libeffecthost.so"
    directory = tmp_path_factory.mktemp("host-api")
    out = directory / "out"
    out.mkdir()
    return run(build(str(directory), sanitize=False), out, fixture_plugins(str(directory / "plugins"))), out


def test_the_catalog_finds_the_bundled_effects_and_suggests_a_near_miss(checked):
    lines, _ = checked
    assert lines["version"].startswith("1.7 ")
    assert lines["catalog"] == "4 effects"
    assert lines["unknown id"] == "status -4: unknown effect 'strikethrough-reveel' (did you mean 'strikethrough-reveal'?)"


def test_a_plugins_metadata_is_read_through_the_host_in_effect_hs_structs(checked):
    """API 1.4: what an adapter describes params from, read from the host's
    checked copy. The seed's strike: `duration` 320 ms, `fade` 0.45, the line
    in #8A8F98; text-reveal's `unit` is words of characters, words, lines."""
    lines, _ = checked
    assert lines["describe"] == "strike Strike 1.0.0, 1 effects, size 56"
    assert lines["find effect"] == "0"
    assert lines["find effect near miss"] == (
        "status -4: the plugin has no effect 'strikethrough-reveel' (did you mean 'strikethrough-reveal'?)")
    number, enum, string, color = 1, 4, 5, 6
    seed_line = "".join(f"{round(channel * 255):02X}" for channel in (0.541, 0.561, 0.596)) + "FF"
    live, optional, multiline = 1, 2, 4  # effect.h's EFFECT_PARAM_*
    assert lines["meta effect"].startswith("strikethrough-reveal 'Strikethrough Reveal' params 9 channels 6 0 0 timing 1 ")
    assert lines["param duration"] == (
        f"#2 type {number} flags {live} unit 's' range 0.001 60 default type {number} number {320 / 1000:g} integer 0 "
        f"string NULL text {320 / 1000:g} size 96")
    assert lines["param progress"] == (
        f"#5 type {number} flags {live | optional} unit '' range 0 1 default type 0 number 0 integer 0 string NULL text none size 96")
    assert lines["param line_color"] == (
        f"#6 type {color} flags {live} unit '' range 0 0 default type {color} number 0 integer {int(seed_line, 16)} "
        f"string NULL text #{seed_line} size 96")
    assert lines["param text"] == (
        f"#0 type {string} flags {multiline} unit '' range 0 0 default type {string} number 0 integer 0 string Ship the component "
        "text Ship the component size 96")
    assert lines["param font_weight"].endswith("choices regular|medium|semibold|bold size 96")
    assert lines["param font_weight"].startswith(
        f"#12 type {enum} flags 0 unit '' range 0 0 default type {enum} number 0 integer 3 string bold text bold")
    assert lines["param unit"] == (
        f"#1 type {enum} flags 0 unit '' range 0 0 default type {enum} number 0 integer 1 string words text words "
        "choices characters|words|lines size 96")
    assert lines["find param near miss"] == (
        "status -5: effect 'strikethrough-reveal' has no param 'duratoin' (did you mean 'duration'?)")
    assert lines["channel"] == "scale scope 0 range 0.985 1.005"
    assert lines["channel past the end"] == "status -3: channel index 6 is out of range (the effect has 6)"
    assert lines["effect past the end"] == "status -3: effect index 1 is out of range (the plugin has 1)"
    assert lines["effect small struct"] == "status -2: effect_info.struct_size is 8, less than its size of 72 bytes"
    assert lines["describe NULL"] == "status -1: plugin is NULL"
    assert lines["default text past the end"] == "NULL"
    assert lines["grown"] == "size 96 name text later untouched yes"


def test_a_frame_walked_for_another_toolkit_has_the_seeds_places(checked):
    """API 1.4: the strike at 0.16 s, half through its 320 ms easeInOut
    (a = 0.5), as checked items with their places resolved. The seed: the
    text fades by lag = clamp((a - 0.4) / 0.6), opacity 1 - (1 - fade) * lag
    with fade 0.45, saturation 1 - 0.85 * lag; the capsule over the text's
    leading edge is a of its width; a tick beside it trimmed to a."""
    lines, _ = checked
    a = 0.5
    lag = min(max((a - 0.4) / 0.6, 0), 1)
    # The row's group, the tick, the text's faded group around its text, the line.
    assert lines["drawing"] == "7 steps, 0 clips, kinds 1 3 1 4 2 3 2"
    text = re.fullmatch(r"'Ship the component' opacity (\S+) saturation (\S+) advance (\S+) starts (\S+) depth 2 parent 2",
                        lines["drawing text"])
    assert text is not None, lines["drawing text"]
    opacity, saturation, advance, text_start = map(float, text.groups())
    assert opacity == pytest.approx(1 - (1 - 0.45) * lag, abs=1e-6)
    assert saturation == pytest.approx(1 - 0.85 * lag, abs=1e-6)
    line = re.fullmatch(r"width (\S+) height (\S+) starts (\S+) colour (\w+) opacity (\S+)", lines["drawing line"])
    assert line is not None, lines["drawing line"]
    width, height, line_start = map(float, line.groups()[:3])
    assert width == pytest.approx(a * advance, abs=1e-6)
    assert line_start == pytest.approx(text_start, abs=1e-6)
    # 1.6 pt thick, scaled by the row's dip (0.985 at its deepest, 1.005 at its overshoot).
    assert 0.985 <= height / 1.6 <= 1.005
    assert line.group(4) == "".join(f"{round(c * 255):02X}" for c in (0.541, 0.561, 0.596)) + "FF"
    # The line is not in the text's faded group.
    assert float(line.group(5)) == 1
    assert lines["drawing tick"] == f"3 segments, first verb 0, trim 0 to {a:g}"
    assert lines["drawing outermost"] == "enter 0 leave 6"
    assert lines["drawing past the end"] == "status -3: step 7 is out of range (the drawing has 7)"
    assert lines["drawing small step"] == "status -2: effect_host_step.struct_size is 16, less than its size of 112 bytes"
    assert lines["drawing NaN"].startswith("status -9: ")
    assert lines["drawing of NULL"] == "0 steps"
    # text-reveal's rise: each of the 7 words of "Plan the week in one calm glance."
    # is masked (clipped) by its own group, and starts inside its clip.
    assert lines["drawing reveal"] == "7 words, 7 clipped, 7 clips, 0 outside their clip, first clip shape 1 outer -1"


def test_an_instances_own_drawing_is_its_list_with_the_programs_measurer(checked):
    """API 1.4: the strike's own list at 0.32 s (struck through), measured
    by the program's measurer (10 pt a character, 24 up, 6 down), which the
    plugin calls: the seed's row puts the text after the 18 pt tick and its
    8 pt gap (26 pt) on a baseline at the ascent, the line as wide as the
    text, the view 26 + 180 by 24 + 6; in the list's own coordinates."""
    lines, _ = checked
    text = "Ship the component"
    advance = len(text) * 10
    frame = re.fullmatch(r"(\S+) x (\S+), bounds (\S+) (\S+) (\S+) (\S+), (\d+) items, max (\d+)", lines["instance drawing frame"])
    assert frame is not None, lines["instance drawing frame"]
    width, height, x, y, w, h = map(float, frame.groups()[:6])
    assert (width, height) == (26 + advance, 24 + 6)
    assert x <= 0 and y <= 0 and x + w >= width and y + h >= height, "the bounds hold the view"
    # The row's group, the tick and its 3 segments, the text's group, the text, its end, the line, the end.
    assert int(frame.group(7)) == 10 and int(frame.group(8)) >= 10
    # The seed's text: 20 pt, medium (500), no tracking.
    assert lines["instance drawing measured"].endswith(f"first '{text}' 20 500 0")
    assert int(lines["instance drawing measured"].split()[0]) >= 1
    assert lines["instance drawing text"] == f"'{text}' advance {advance} ascent 24 descent 6 at 26 24 colour 1D1D1FFF"
    assert lines["instance drawing line"] == f"width {advance}"
    assert lines["instance drawing small frame"] == "status -2: effect_drawing.struct_size is 8, less than its size of 72 bytes"
    # Without a measurer, effect.h's reference metrics: 1.02 wider at weight 500; ascent 0.952 em and descent 0.241.
    sys.path.insert(0, os.path.join(ROOT, "python", "tests"))
    from reference import REFERENCE_ASCENT, REFERENCE_DESCENT, reference_advance

    reference = sum(reference_advance(c) for c in text) / 1000 * 20 * 1.02
    defaults = re.fullmatch(r"(\S+) x (\S+), 7 steps", lines["instance drawing defaults"])
    assert defaults is not None, lines["instance drawing defaults"]
    assert float(defaults.group(1)) == pytest.approx(26 + reference, abs=1e-3)
    assert float(defaults.group(2)) == pytest.approx((REFERENCE_ASCENT + REFERENCE_DESCENT) * 20, abs=1e-3)
    # The seed's .primary in the dark.
    assert lines["instance drawing dark"] == "colour F5F5F7FF"
    assert lines["instance drawing odd appearance"] == "status -7: appearance is EFFECT_APPEARANCE_LIGHT or _DARK, not 7"
    assert lines["instance drawing negative width"] == "status -7: width is 0 or more points, not -5.0"
    assert lines["instance drawing small options"] == (
        "status -2: effect_host_draw_options.struct_size is 4, less than its size of 32 bytes")
    assert lines["instance drawing refusing measurer"].startswith("status -7: ")
    assert lines["instance drawing NaN"].startswith("status -9: ")
    assert lines["instance drawing NULL"] == "status -1: instance is NULL"
    assert lines["instance drawing NULL out"] == "status -1: out is NULL"
    assert lines["instance drawing frame NULL"] == "status -1: drawing is NULL"
    assert lines["instance drawing refused"] == "nothing made"
    # effect.h's rules, checked by the host's reader; a plugin before 1.2 does not draw.
    assert lines["instance drawing not drawn"] == "status -15: test-ramp comes from an ABI 1.0 plugin, which does not draw"
    assert lines["instance drawing broken list"] == "status -14: the plugin's display list leaves 1 group(s) open"


def test_an_event_given_as_text_is_read_by_the_one_grammar(checked):
    """The strike ends its 320 ms strike or retract after the last change
    of `done`: set false at 0.5 s, it ends at 0.5 + 0.32 s."""
    lines, _ = checked
    assert float(lines["event"].split()[1]) == pytest.approx(0.5 + 320 / 1000, abs=1e-9)
    assert lines["event bad time"] == "status -7: an event needs a time in seconds >= 0 before ':', not 'soon'"
    assert lines["event no colon"] == "status -7: an event is T:NAME=VALUE, not '0.5-done=false'"
    assert lines["event bad value"] == "status -7: param 'done' needs true or false, not 'maybe'"
    assert lines["event NULL"] == "status -1: event is NULL"


def test_a_still_settles_at_the_end_after_the_latest_event(checked):
    """API 1.7, effect_host_instance_settled_time: the strike set not done at
    0.5 s settles 320 ms later (a loop's start is python/tests/test_display.py's)."""
    lines, _ = checked
    assert lines["settled"] == f"{0.5 + 0.32:.6f}"
    assert lines["settled NULL"] == "status -1: instance is NULL"
    assert lines["settled NULL seconds"] == "status -1: seconds is NULL"


def test_a_history_edited_after_seeking_back_drops_the_later_events(checked):
    """API 1.6, effect_host_instance_edit_param, against the seed: the strike
    animates `amount` toward `done` with easeInOut over 0.32 s from each
    change, half way (0.5) 0.16 s in by the curve's symmetry. Made not done,
    done at 2 strikes it (0 at 1.5, 0.5 at 2.16, 1 at 2.5); done=false set
    at 1 after seeking back takes the strike at 2 out, so nothing strikes:
    0 everywhere. The instance is made again (a new handle), a picture made
    before draws the edited history (the bytes of a never-struck strike's
    frame at 2.5), a player made before plays the instance it was made with
    (struck at 2.5), one made after the edit the edited one."""
    lines, _ = checked
    assert lines["history set"] == "0.000000 0.500000 1.000000"
    assert lines["history picture set"] == "differs"
    assert lines["history edit handle"] == "new"
    assert lines["history edited"] == "0.000000 0.000000 0.000000 0.000000"
    assert lines["history picture edited"] == "same"
    # Not done from the start: no change of done, so the latest event (1) is the span.
    assert lines["history span"] == "1.000000"
    assert lines["history players"] == "1.000000 0.000000"
    # At or after the latest event it is set_param: no remake, and params set at one t stay together.
    assert lines["history at its time handle"] == "same"
    assert lines["history later"] == "0.000000 0.500000"


def test_a_refused_edit_or_forget_leaves_the_instance_as_it_was(checked):
    lines, _ = checked
    assert lines["history edit unknown"] == "status -5: effect 'strikethrough-reveal' has no param 'donee' (did you mean 'done'?)"
    assert lines["history edit type"] == "status -6: param 'done' needs a bool, not a colour"
    # Refused by the plugin after the events after 0.5 were taken out: the instance is kept all the same.
    assert lines["history edit range"] == "status -7: param 'duration' is 120; it must be within 0.001...60"
    assert lines["history edit time"] == "status -9: t = -1 is not a time; times are finite and >= 0"
    assert lines["history edit NULL value"] == "status -1: value is NULL"
    assert lines["history edit NULL"] == "status -1: instance is NULL"
    assert lines["history forget unknown"] == "status -5: effect 'strikethrough-reveal' has no param 'donee' (did you mean 'done'?)"
    assert lines["history forget NULL name"] == "status -1: name is NULL"
    assert lines["history forget NULL"] == "status -1: instance is NULL"
    assert lines["history forget bad UTF-8"] == "status -8: name is not UTF-8 text"
    assert lines["history refused handle"] == "same"
    assert lines["history refused"] == "0.000000 0.000000 0.500000"


def test_a_forgotten_param_is_the_effects_default_from_the_start(checked):
    """API 1.6, effect_host_instance_forget_param: `done` forgotten (made
    false, set true at 3) is its default, true, from 0: the strike on
    appear, half at 0.16 and whole from 0.32, and no strike starts at 3.
    line_color's event at 3 stays, so the span is still 3."""
    lines, _ = checked
    assert lines["history forgotten"] == "0.500000 1.000000 1.000000 1.000000"
    assert lines["history forgotten span"] == "3.000000"


def test_values_and_names_are_read_by_the_hosts_grammar(checked):
    lines, _ = checked
    assert lines["parse duration=1.5"] == "type 1 number 1.5 integer 0 string NULL"
    assert lines["parse done=off"] == "type 3 number 0 integer 0 string NULL"
    assert lines["parse line_color=#FF000080"] == f"type 6 number 0 integer {0xFF000080} string NULL"
    assert lines["parse progress=none"] == "type 0 number 0 integer 0 string NULL"
    assert lines["parse text=Ship it"] == "type 5 number 0 integer 0 string Ship it (the text given)"
    assert lines["parse duration=soon"] == "status -7: param 'duration' needs a number, not 'soon'"
    assert lines["parse unit=lines"] == "type 4 number 0 integer 2 string lines"
    assert lines["parse unit=Lines"] == "status -7: param 'unit' has no choice 'Lines' (choices: characters, words, lines)"
    assert lines["closest"] == "duration, same pointer yes"
    assert lines["closest far"] == "NULL"
    assert lines["closest NULL"] == "NULL"
    assert lines["colour"] == "8A8F98FF"
    assert lines["colour alpha"] == "8A8F9880"
    assert lines["colour word"] == (
        "status -7: 'grey' is not a colour: #RRGGBB or #RRGGBBAA (hex digits; 0x or no prefix also read)")


def test_an_effects_notes_are_read_from_the_instance_and_heard_by_render(checked):
    """text-reveal (ABI 1.5) says which highlight phrase matches no word of its text; the host
    library hands that line to a C program, and render passes it to the note callback."""
    lines, _ = checked
    said = "the highlight 'weekend' matches no words of the text, so nothing is highlighted for it"
    assert lines["notes"] == said
    assert lines["notes of none"] == "NULL"
    assert lines["notes of NULL"] == "NULL"
    assert lines["notes heard"].split("|")[0] == said


def test_a_catalog_of_the_paths_given_alone_lists_its_files_and_failures(checked):
    lines, _ = checked
    assert lines["catalog alone"] == "3 plugins, 1 failures"
    assert lines["catalog failure"] == "/nonexistent/plugins: No such file or directory"
    assert lines["catalog failure path"] == "/nonexistent/plugins"
    assert lines["catalog past the end"] == "NULL"

def test_a_pictures_pixel_size_is_its_points_at_the_scale_rounded_up_and_refused_past_8192(checked):

    lines, _ = checked
    w, h, _of, width, height, _points = lines["pixel size"].split()
    assert (int(w), int(h)) == (math.ceil(float(width) * 2), math.ceil(float(height) * 2))
    huge = re.fullmatch(r"status -7: the picture would be (\d+) × (\d+) pixels, more than 8192 a side", lines["pixel size huge"])
    assert huge is not None and int(huge.group(1)) in (10000, 10001), lines["pixel size huge"]
    assert lines["pixel size zero"] == "status -7: a scale is 0.1 to 8192 pixels a point, not 0.0"
    assert lines["pixel size NULL"].startswith("status -1: ")


def test_a_settled_strike_draws_the_same_and_its_motion_and_events_do_not(checked):
    """API 1.5, effect_host_picture_changed, against the seed: the strike
    animates `a` from 0 to 1 with easeInOut over `duration` (320 ms) on
    appear, so from 0.32 s on every frame is the one at 0.32, and any t
    short of it (a < 1) draws otherwise. Asking before the first draw, or
    after a draw that failed, says changed: there is nothing to compare."""
    lines, _ = checked
    assert lines["changed before a draw"] == "1 1"
    # Drawn at 0.5: settled. 0.32 itself is the end (a = 1); 1e6 too.
    assert lines["changed settled"] == "0 0 0 0 0"
    # a = 0 at 0, then 0 < a < 1 at 0.16 and 0.31.
    assert lines["changed striking"] == "1 1 1"
    # Drawn at 0.1, mid-strike: the same frame again is unchanged; 10 ms on, or the end, is not.
    assert lines["changed mid-strike"] == "0 1 1"


def test_an_event_set_since_the_draw_counts_where_it_changes_the_frame(checked):
    """Frames are compared, not times. Drawn at 1 (a = 1), then done=false
    at 2: frames before 2 are the same; at 2 the retract starts from a = 1
    (easeInOut is 0 at its start), so that frame too is the same; 2.1 is
    moving and 3 is undone (a = 0). Drawn at 3, the retract ends at
    2 + 0.32 = 2.32 (exactly, in doubles). done=true set at 2.5, before
    the 3 drawn, makes that very t draw otherwise (struck again by 2.82),
    while 2.4, before the event, is as drawn. A param set at 4
    (line_color, the line and tick's colour) changes the frames from 4 on."""
    lines, _ = checked
    assert lines["changed undone at 2"] == "0 0 0 1 1"
    assert lines["changed undone"] == "0 0 0"
    assert lines["changed redone at 2.5"] == "1 0 1"
    assert lines["changed line colour at 4"] == "0 0 1 1"
    # Drawn at 5 in red: 4 is red and struck too.
    assert lines["changed red"] == "0 0"
    assert lines["changed failed draw"] == "status -1: pixels is NULL"
    assert lines["changed after a failed draw"] == "1"
    assert lines["changed after a placed draw"] == "0 0"


def test_a_picture_asked_wrongly_gets_an_error_and_no_answer(checked):
    lines, _ = checked
    assert lines["changed NULL picture"] == "status -1: picture is NULL"
    assert lines["changed NULL out"] == "status -1: changed is NULL"
    assert lines["changed NaN"] == "status -9: t = nan is not a time; times are finite and >= 0"
    assert lines["changed negative"] == "status -9: t = -1 is not a time; times are finite and >= 0"
    assert lines["changed untouched by refusals"] == "-1"


def test_bars_of_an_effect_that_does_not_draw_are_compared_as_drawn(checked):
    """The ABI 1.0 test ramp (value t / length, length 1, then 1 from t = 1)
    pictured as bars: 0.25 and 0.5 fill the bar differently; from 1 on the
    value is 1 whatever t. 0.9995's value shows as "1.000" at three decimals
    or near it, but its bar is 0.9995 of the track: the items differ."""
    lines, _ = checked
    assert lines["changed bars at 0.25"] == "0 1"
    assert lines["changed bars at 1"] == "0 0 1"


def test_a_loop_one_period_on_and_its_holds_draw_the_same(checked):
    """breathing-circles breathes in 3 s, holds 1, out 3, holds 1: a period
    of 8 s. The plugin places t in the breath with fmod, which is exact, and
    8.5, 16.5 and 800.5 are exact in doubles, so each lands on 0.5 to the
    bit: the very same list, unchanged. 0.75 (further in) and 4.5
    (breathing out) are not. Drawn at 3.25, in the hold after breathing in
    (3 to 4 s, fully out), the whole hold and the next one (11.25) are the
    same; 2.99 (still breathing in) and 7.5 (the hold after breathing out,
    contracted) are not."""
    lines, _ = checked
    assert lines["changed loop at 0.5"] == "0 0 0 0 1 1"
    assert lines["changed loop held in"] == "0 0 0 0 1 1 1"


def test_a_catalog_says_what_it_searched_in_order(checked):
    lines, _ = checked
    assert lines["catalog searched"] == f"2 {BUILD} /nonexistent/plugins"
    assert lines["catalog searched past the end"] == "NULL, of NULL: 0"


def test_a_frame_drawn_into_rgba_bytes_puts_the_strike_where_the_seed_does(checked):
    lines, out = checked
    width, height, written = lines["pixels"].split()
    assert written == "written"
    image = np.fromfile(out / "strike.rgba", dtype=np.uint8).reshape(int(height), int(width), 4)
    # The default look has the light appearance's white ground: every pixel opaque.
    assert image[..., 3].min() == 255
    assert_strike_line_at_half(image)


def test_the_bytes_match_what_render_writes_for_the_same_moment(checked, tmp_path):
    lines, out = checked
    width, height, _ = lines["pixels"].split()
    image = np.fromfile(out / "strike.rgba", dtype=np.uint8).reshape(int(height), int(width), 4)
    still = str(tmp_path / "strike.png")
    host("render", "strikethrough-reveal", "--time", "0.16", "--background", "#ffffff", "-o", still)
    rendered = png(still)
    assert rendered.shape == image.shape
    assert np.abs(rendered.astype(int) - image.astype(int)).max() <= 1


def test_a_placed_frame_goes_over_the_buffer_at_its_share_and_corner(checked):
    lines, out = checked
    width, height, written = lines["placed"].split()
    assert written == "written"
    image = np.fromfile(out / "strike-placed.rgba", dtype=np.uint8).reshape(300, 400, 4)
    # Half the fitted scale, against the left edge and the bottom: the picture's box.
    scale = 0.5 * min(400 / float(width), 300 / float(height))
    box_width, box_height = float(width) * scale, float(height) * scale
    blue = np.all(image == [0, 0, 255, 255], axis=-1)
    ink_rows, ink_columns = np.nonzero(~blue)
    assert ink_rows.size > 0
    assert ink_columns.max() < box_width + 1 and ink_rows.min() >= 300 - box_height - 1
    # Drawn over the frame, not over a cleared one: everything else is still opaque blue.
    assert image[..., 3].min() == 255
    assert blue[: int(300 - box_height) - 1].all() and blue[:, int(box_width) + 2 :].all()
    # The strike's grey line, half drawn at 0.16 s, blended over blue somewhere in the box.
    assert (image[ink_rows, ink_columns, 0] > 100).any()


def test_a_placement_outside_its_rules_is_refused(checked):
    lines, _ = checked
    assert lines["bad placement size"].startswith("status -7: a placement's size is more than 0")
    assert lines["bad placement flag"] == "status -7: placement flags 8 include bits that are not EFFECT_HOST_PLACE_*"


def test_a_frame_drawn_into_the_programs_own_cairo_context(checked):
    lines, out = checked
    if "cairo" not in lines:
        pytest.skip("pkg-config cannot find cairo (scripts/ensure-cairo installs libcairo2-dev)")
    assert lines["cairo"] == "written"
    assert_strike_line_at_half(png(str(out / "strike-cairo.png")))
    assert lines["bad cairo finished"].startswith("status -7: the cairo context is in an error state")


def test_a_gif_renders_with_progress_and_matches_the_still_of_its_last_frame(checked, tmp_path):
    lines, out = checked
    # One second at 10 fps: t = 0, 0.1, ..., 1.0.
    assert lines["gif"] == "11 frames"
    images = frames(str(out / "circles.gif"))
    assert len(images) == 11
    assert np.abs(images[0].astype(int) - images[10].astype(int)).mean() > 1, "the circles do not move"
    still = str(tmp_path / "circles.png")
    host("render", "breathing-circles", "--param", "circle_count=4", "--time", "1", "--scale", "1", "-o", still)
    reference = png(still)
    assert reference.shape == images[10].shape
    # A GIF's palette and one-bit alpha: compare where the still is opaque.
    opaque = reference[..., 3] == 255
    assert np.abs(reference[opaque][:, :3].astype(int) - images[10][opaque][:, :3].astype(int)).mean() < 4


def test_the_lottie_export_has_the_seeds_cycle(checked):
    lines, out = checked
    assert lines["lottie"] == "written"
    animation = json.loads((out / "circles.json").read_text())
    # The seed's defaults: in 3 s, hold 1 s, out 3 s, hold 1 s: an 8 s cycle, at 30 fps.
    assert animation["fr"] == 30
    assert animation["op"] - animation["ip"] == 240


def test_a_player_stops_when_its_frame_callback_says_so(checked):
    lines, _ = checked
    assert lines["player"] == "status -102, 5 frames seen, 5 shown"
    # Running a player from its own frame callback is refused (EFFECT_HOST_ERR_BUSY), not a trap or a hang.
    assert lines["reentry"] == "-105"
    # 0.1 s at 60 fps is frames 0 ... 6: a stop on the last is spent with its run, not carried into the next.
    assert lines["stop on the last frame"] == "0 after 7, then 0 after 7"


def test_a_cancelled_render_leaves_no_directory_it_made(checked):
    lines, _ = checked
    assert lines["cancelled directory"] == "gone"


def test_characters_no_font_has_are_named_in_one_string(checked):
    lines, _ = checked
    assert lines["missing"] == "one string, names U+F0000"


def test_a_font_family_not_installed_is_said_with_the_one_drawn_instead(checked):
    lines, _ = checked
    assert "No Such Family Anywhere" in lines["font"] and "is drawn in" in lines["font"], lines["font"]


def test_validation_reports_as_data_and_json(checked):
    lines, _ = checked
    assert lines["validate"] == "failed 0, 18 checks, first load pass, json has seed"
    assert lines["validate junk"] == "failed 1"


@pytest.mark.parametrize(
    "step, status, message",
    [
        ("bad open NULL", -1, "path is NULL"),
        ("bad open junk", -100, "/etc/passwd: not an ELF shared library"),
        ("bad open missing", -100, "/nonexistent/libNo.so:"),
        ("bad create unknown", -4, "the plugin has no effect 'no-such-effect'"),
        ("bad create NULL plugin", -1, "plugin is NULL"),
        ("bad create text", -7, "a param is set as NAME=VALUE, not 'text'"),
        ("bad look size", -2, "effect_host_look.struct_size is 4"),
        ("bad draw NaN", -9, ""),
        ("bad draw stride", -7, "a stride of 4 bytes"),
        ("bad draw layout", -7, "layout 7 is not one of EFFECT_HOST_PIXELS_*"),
        ("bad draw NULL", -1, "pixels is NULL"),
        ("bad render path", -101, "no/such/dir/x.png"),
        ("bad render suffix", -7, "cannot write .doc files"),
        ("bad validate NULL", -1, "out is NULL"),
        ("bad render empty", -7, "path is empty"),
        ("bad render device", -7, "/dev/null is a device or a pipe"),
        ("bad export reserved", -7, "reserved must be 0"),
        # The param is unknown whatever its value's type: the name is checked first.
        ("bad create unknown enum", -5, "has no param 'nope'"),
        ("bad render cancelled", -102, "cancelled"),
    ],
)
def test_each_wrong_call_gets_its_status_and_one_line(checked, step, status, message):
    lines, _ = checked
    assert lines["bad input"] == "done"
    said = lines[step]
    assert said.startswith(f"status {status}: "), said
    assert message in said
    assert "\n" not in said and len(said) > len(f"status {status}: ")


def test_a_renders_letterbox_margins_are_its_ground(checked):
    """A frame of another aspect than the picture's is the ground from edge to
    edge (issue 48): the strike is wide, so a 400x400 still and a 320x240 MP4
    leave bands above and below it, in the look's ground colour."""
    lines, out = checked
    assert lines["letterbox png"] == "written"
    still = png(str(out / "letterbox.png"))
    assert still.shape == (400, 400, 4)
    assert still[..., 3].min() == 255, "no transparent margin"
    assert np.all(still[0] == (0x33, 0x66, 0x99, 255)) and np.all(still[-1] == (0x33, 0x66, 0x99, 255))
    assert lines["letterbox mp4"] == "written" and lines["letterbox default mp4"] == "written"
    movie = frames(str(out / "letterbox.mp4"))[0]
    assert movie.shape == (240, 320, 4)
    for row in (movie[0], movie[-1]):
        assert np.abs(row[:, :3].astype(int) - (0x33, 0x66, 0x99)).max() <= 6, row[:4]
    white = frames(str(out / "letterbox-default.mp4"))[0]
    assert white[0, :, :3].min() >= 248 and white[-1, :, :3].min() >= 248, "the light look's white ground, not black"


def test_draw_pixels_leaves_the_rest_of_the_buffer_transparent(checked):
    lines, _ = checked
    # A 200x400 buffer for the wide strike: its top-left corner is outside the picture's box.
    assert lines["draw rest"] == "corner alpha 0, centre alpha 255"


def test_an_odd_size_for_4_2_0_video_is_refused_with_the_even_sizes_near_it(checked):
    lines, out = checked
    assert lines["odd mp4"] == (
        "status -7: MP4 is 4:2:0 video (yuv420p), which needs even sides: 301 × 151 pixels cannot be kept; "
        "the nearest even sizes are 300 × 150 and 302 × 152")
    assert lines["odd mp4 file"] == "none"
    assert lines["half mp4"] == "status -7: MP4 has no alpha channel: a ground that is not opaque needs WebM, APNG, PNG or GIF"
    # VP9 (WebM) and GIF have no such rule: exactly the pixels asked for.
    for name in ("odd webm", "odd gif"):
        assert lines[name] == "written"
        stream = probe(str(out / name.replace(" ", ".")))["streams"][0]
        assert (stream["width"], stream["height"]) == (301, 151), name


def test_the_pixel_limit_is_one_status_by_size_or_by_scale(checked):
    lines, _ = checked
    assert lines["huge by size"].startswith("status -104: ") and "8192" in lines["huge by size"]
    assert lines["huge by scale"].startswith("status -104: ") and "8192" in lines["huge by scale"]
    assert lines["one side 0"] == "status -7: a picture is 1 to 8192 pixels a side, not 100 × 0"


def test_a_zeroed_placement_is_the_fitted_picture_in_the_top_left_corner(checked):
    lines, out = checked
    assert lines["zeroed placement"] == "written"
    width, height = (float(n) for n in lines["placed"].split()[:2])
    image = np.fromfile(out / "zeroed-placement.rgba", dtype=np.uint8).reshape(300, 400, 4)
    # Size 1: the fit (the wide strike fills the width); y 0: against the top.
    box_height = height * min(400 / width, 300 / height)
    rows = np.nonzero(image[..., 3].max(axis=1))[0]
    assert rows.min() == 0 and abs(rows.max() + 1 - box_height) <= 1, (rows.min(), rows.max(), box_height)
    assert image[0, :, 3].min() == 255, "the white ground spans the whole width"


def test_placement_and_stride_limits_say_what_they_are(checked):
    lines, _ = checked
    assert lines["huge stride"] == (
        "status -7: a stride is at most 2147483644 bytes (cairo's rows are addressed with an int), not 4294967292")
    assert lines["far placement"].startswith("status -7: a placement's x and y are -1e6 to 1e6")
    assert "finite" not in lines["far placement"]


def test_validating_no_files_is_an_error(checked):
    lines, _ = checked
    assert lines["validate none"] == "status -7: validation needs one or more plugin files; path_count is 0"
    assert lines["validate none report"] == "NULL"
    assert lines["out after failure"] == "NULL"


def test_a_plugin_file_named_in_bytes_that_are_not_utf8_is_named_escaped(checked):
    lines, out = checked
    assert lines["odd name failures"] == "1"
    escaped = f"{out}/odd-names/lib\\xFFStrike.so"
    assert lines["odd name failure path"] == escaped
    assert lines["odd name failure"] == (
        f"{escaped}: the file's name is not UTF-8 (Invalid or incomplete multibyte or wide character); rename it to load it")


def test_a_worker_variable_that_names_no_program_is_the_reason_given(checked):
    lines, _ = checked
    assert lines["bad worker"] == (
        "status -103: EFFECT_HOST_WORKER is /nonexistent/effect-host, which is not an executable file; "
        "no other place is searched while it is set")
    assert lines["header rules"] == "done"


def test_the_cpp_face_draws_renders_plays_and_reports(checked_cpp):
    lines, out = checked_cpp
    # The picture fills the buffer at 1; at 0.25, against the right edge and the top, a quarter of it.
    left, width, bottom, height = (int(n) for n in re.findall(r"\d+", lines["placed"]))
    assert abs(left - 0.75 * width) <= 1 and abs(bottom + 1 - 0.25 * height) <= 1
    assert lines["effects"] == "4"
    assert lines["alone"] == "3 plugins, 1 failures"
    assert lines["span"] == "0.5"
    # API 1.7: a strike of 0.5 s with no event settles at its end.
    assert lines["settled"] == "0.5"
    # Instance::edit and ::forget (API 1.6): done at 2 half struck at 2.16;
    # done=false edited in at 1 takes that strike out. Forgotten, done is its
    # default (true) from 0: half struck at 0.16 (0.32 s easeInOut), whole by 3.
    assert lines["history"] == "0.5 0 0"
    assert lines["history refused"] == "-5 effect 'strikethrough-reveal' has no param 'donee' (did you mean 'done'?)"
    assert lines["history forgotten"] == "0.5 1"
    # Picture::changed: the frame drawn (0.25 s into a 0.5 s strike) again is
    # unchanged, 0.3 is further struck; drawn at the end, 9 s is the same.
    assert lines["changed"] == "0 1, settled 0 0"
    assert lines["changed refused"] == "-9 t = -1 is not a time; times are finite and >= 0"
    # Two phrases that match nothing, named in one note; the strike has none.
    assert lines["notes"] == "1, the highlights 'weekend' and 'fortnight' match no words of the text, so nothing is highlighted for them"
    width, height = map(int, lines["pixels"].split())
    image = np.fromfile(out / "strike-cpp.rgba", dtype=np.uint8).reshape(height, width, 4)
    # duration=0.5, drawn at 0.25 s: half way through its easeInOut, the
    # same line as the default 0.32 s strike at 0.16 s.
    assert_strike_line_at_half(image)
    # The strike's 0.5 s at render's 30 fps: t = 0, 1/30, ..., the first frame at or after 0.5 s.
    assert lines["gif"] == f"{math.ceil(0.5 * 30) + 1} frames"
    assert lines["thrown"] == "from progress, no file"
    assert lines["player"] == "-102 after 3 frames"
    assert lines["bad param"] == "-5 effect 'strikethrough-reveal' has no param 'durationn' (did you mean 'duration'?)"
    assert lines["bad id"] == "-4"
    assert lines["validate"] == "failed 0, 18 checks"
    assert lines["meta"] == "reveal text-reveal 19 params, unit characters|words|lines default words, masked channel 0, lines"
    assert lines["meta unknown"] == "-5 effect 'text-reveal' has no param 'presett' (did you mean 'preset'?)"
    assert lines["meta closest"] == "preset, colour FFD976FF"
    # effect::host::Drawing (API 1.4): the picture's frame walked (the row's
    # group, the tick, the text's group around its text, the line) and the
    # instance's own list with the program's measurer (10 pt a character, 24
    # up, 6 down): "Ship the component" after the 26 pt of tick and gap.
    assert lines["drawing"] == "7 steps, kinds 1314232"
    assert lines["own text"] == "'Ship the component' advance 180 at 26 24"
    assert lines["own"] == "206 x 30, 10 items, measured yes"
    assert lines["own throwing"] == "no fonts here"
    assert lines["own odd"] == "-7 appearance is EFFECT_APPEARANCE_LIGHT or _DARK, not 7"
    # The rules effect.hpp's reader no longer re-checks, checked by the host's.
    assert lines["refused libMinor0.so"] == "-15 test-ramp comes from an ABI 1.0 plugin, which does not draw"
    assert lines["refused libOpen.so"] == "-14 the plugin's display list leaves 1 group(s) open"


def test_a_program_built_against_the_api_1_2_header_keeps_working(tmp_path):
    """Tests/Fixtures/c/api-1.2 holds effect_host.h and effect.h as API 1.2
    shipped them and the check program of that day: built against them,
    under ASan and UBSan where the compiler has them, it runs on this
    library as it did then (the options structs it fills end where 1.2's
    did; the new accessors are not its business)."""
    directory = os.path.join(ROOT, "Tests", "Fixtures", "c", "api-1.2")
    probe = subprocess.run(["cc", "-fsanitize=address", "-x", "c", "-", "-o", str(tmp_path / "probe")],
                           input="int main(void){return 0;}", capture_output=True, text=True)
    sanitizers = ["-fsanitize=address,undefined", "-fno-sanitize-recover=all", "-g"] if probe.returncode == 0 else []
    program = str(tmp_path / "host_api_check_1_2")
    subprocess.run(
        ["cc", "-std=c99", "-Wall", "-Wextra", "-Werror", *sanitizers, "-I" + directory,
         os.path.join(directory, "host_api_check.c"), "-o", program, "-L" + BUILD, "-leffecthost", "-Wl,-rpath," + BUILD],
        check=True, capture_output=True, text=True,
    )
    out = tmp_path / "out"
    out.mkdir()
    lines = run(program, out)
    assert lines["version"].startswith("1.7 ")
    assert lines["catalog"] == "4 effects"
    assert lines["pixels"].endswith(" written")
    assert lines["placed"].endswith(" written")
    # The default strike's 320 ms at render's 30 fps, the end included.
    assert lines["gif"] == f"{math.ceil(0.32 * 30) + 1} frames"
    assert lines["lottie"] == "written"
    assert lines["player"] == "status -102, 5 frames seen, 5 shown"
    assert lines["bad look size"] == "status -2: effect_host_look.struct_size is 4, less than its size of 32 bytes"
    assert lines["validate"].startswith("failed 0, 18 checks, first load pass")
    assert lines["bad input"] == "done"


def test_under_address_and_undefined_behaviour_sanitizers(tmp_path):
    if subprocess.run(["cc", "-fsanitize=address", "-x", "c", "-", "-o", str(tmp_path / "probe")], input="int main(void){return 0;}",
                      text=True, capture_output=True).returncode != 0:
        pytest.skip("the C compiler cannot build with -fsanitize=address")
    out = tmp_path / "out"
    out.mkdir()
    lines = run(build(str(tmp_path), sanitize=True), out, fixture_plugins(str(tmp_path / "plugins")))
    assert lines["bad input"] == "done"
    assert lines["header rules"] == "done"
    assert lines["player"] == "status -102, 5 frames seen, 5 shown"
    assert lines["pixels"].endswith("written")
    assert lines["instance drawing text"] == "'Ship the component' advance 180 ascent 24 descent 6 at 26 24 colour 1D1D1FFF"
    assert lines["instance drawing broken list"] == "status -14: the plugin's display list leaves 1 group(s) open"


@pytest.fixture(scope="module")
def leak_checker(tmp_path_factory):
    """Tests/Fixtures/c/render_cancel_leaks.c under ASan, UBSan and LeakSanitizer."""
    directory = tmp_path_factory.mktemp("render-leaks")
    probe_program = str(directory / "probe")
    if subprocess.run(["cc", "-fsanitize=address", "-x", "c", "-", "-o", probe_program], input="int main(void){return 0;}",
                      text=True, capture_output=True).returncode != 0:
        pytest.skip("the C compiler cannot build with -fsanitize=address")
    program = str(directory / "render_cancel_leaks")
    subprocess.run(
        ["cc", "-std=c99", "-Wall", "-Wextra", "-Werror", "-fsanitize=address,undefined", "-fno-sanitize-recover=all", "-g",
         "-I" + os.path.join(ROOT, "include"), os.path.join(ROOT, "Tests", "Fixtures", "c", "render_cancel_leaks.c"),
         "-o", program, "-L" + BUILD, "-leffecthost", "-Wl,-rpath," + BUILD],
        check=True, capture_output=True, text=True,
    )
    return program, directory


def leaked_after(leak_checker, target, route, renders):
    """The bytes LeakSanitizer reports at exit after `renders` cancelled renders, and its report."""
    program, directory = leak_checker
    out = directory / f"{route}-{renders}-{target.strip('/').replace('.', '-')}"
    out.mkdir()
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": os.environ.get("HOME", "/tmp"),
           "ASAN_OPTIONS": "detect_leaks=1:exitcode=23", "UBSAN_OPTIONS": "print_stacktrace=1"}
    result = subprocess.run([program, BUILD, str(out), target, route, str(renders)], capture_output=True, text=True, env=env,
                            timeout=300)
    said = result.stdout.splitlines()
    assert len(said) == renders and all(line.startswith(f"render {i + 1}: -102 ") for i, line in enumerate(said)), result.stdout + result.stderr
    for failure in ("ERROR: AddressSanitizer", "LeakSanitizer has encountered a fatal error", "runtime error"):
        assert failure not in result.stderr, result.stderr
    # 23 when LeakSanitizer finds leaks: fontconfig and a plugin's constants are kept for the process's life.
    assert result.returncode in (0, 23), result.stderr
    summary = re.search(r"SUMMARY: AddressSanitizer: (\d+) byte\(s\) leaked", result.stderr)
    return (int(summary.group(1)) if summary else 0), result.stderr


@pytest.mark.parametrize("route", ["callback", "signal"])
@pytest.mark.parametrize("target", ["svg/", "png/", "page.html", "a.gif", "a.mp4", "a.webm", "a.apng"])
def test_a_cancelled_render_leaves_nothing_behind_in_memory(leak_checker, target, route):
    """Issue 48: a render stopped by a signal while writing PNG frames left
    its canvas (a cairo surface and a Swift object, ~190 KB) behind each
    time. Whatever the target and the way it is stopped, three renders
    leave what one leaves: the one-off caches, nothing per render."""
    once, first = leaked_after(leak_checker, target, route, 1)
    thrice, third = leaked_after(leak_checker, target, route, 3)
    assert thrice == once, f"{once} bytes after one render, {thrice} after three:\n{third}"
    assert "PixelCanvas" not in first + third


# ---- examples/c-host ----------------------------------------------------------


@pytest.fixture(scope="module")
def host_demo(tmp_path_factory):
    """examples/c-host/host_demo.c, built as its comment says."""
    program = str(tmp_path_factory.mktemp("host-demo") / "host_demo")
    subprocess.run(
        ["cc", "-std=c99", "-Wall", "-Wextra", "-Werror", "-I" + os.path.join(ROOT, "include"),
         os.path.join(ROOT, "examples", "c-host", "host_demo.c"), "-L" + BUILD, "-Wl,-rpath," + BUILD, "-leffecthost", "-o", program],
        check=True, capture_output=True, text=True,
    )
    return program


def run_demo(program, *arguments):
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": os.environ.get("HOME", "/tmp")}
    return subprocess.run([program, *arguments], capture_output=True, text=True, env=env, timeout=300)


def test_host_demo_renders_on_the_grounds_render_gives_each_format(host_demo, tmp_path):
    """Issue 48: the demo rendered on a transparent ground, so an MP4 was
    refused (no alpha) and a GIF lost its faint ink's blending."""
    mp4, gif = str(tmp_path / "reveal.mp4"), str(tmp_path / "strike.gif")
    result = run_demo(host_demo, "text-reveal", "-o", mp4)
    assert result.returncode == 0, result.stderr
    assert result.stdout.endswith(f"wrote {mp4}\n")
    last = frames(mp4)[-1]
    assert last[0, 0, :3].min() >= 248, "MP4 on the light look's white, as effect-host render makes it"
    result = run_demo(host_demo, "strikethrough-reveal", "-o", gif)
    assert result.returncode == 0 and "GIF has one transparent colour" not in result.stderr, result.stderr
    struck = frames(gif)[-1]
    assert struck[..., 3].min() == 255
    # The settled strike on white, as render's still of it: the faint struck text blended, not made opaque.
    still = str(tmp_path / "settled.png")
    host("render", "strikethrough-reveal", "--background", "#ffffff", "-o", still)
    reference = png(still)
    assert reference.shape == struck.shape
    assert np.abs(reference[..., :3].astype(int) - struck[..., :3].astype(int)).mean() < 4


def test_host_demo_prints_the_notes_render_would_warn_of(host_demo, tmp_path):
    gif = str(tmp_path / "t.gif")
    result = run_demo(host_demo, "strikethrough-reveal", "-b", "transparent", "-o", gif)
    assert result.returncode == 0, result.stderr
    assert "host_demo: GIF has one transparent colour and no partial alpha: faint ink becomes opaque\n" in result.stderr
    assert frames(gif)[-1][0, 0, 3] == 0, "-b transparent, as render's --background"
    result = run_demo(host_demo, "strikethrough-reveal", "text=A \U000F0000", "-o", str(tmp_path / "m.png"))
    assert result.returncode == 0, result.stderr
    assert "host_demo: no installed font has U+F0000" in result.stderr
    result = run_demo(host_demo, "strikethrough-reveal", "-b", "#12345", "-o", gif)
    assert result.returncode == 2 and result.stderr == "host_demo: -b needs #RRGGBB, #RRGGBBAA or transparent, not '#12345'\n"


# ---- The live window (examples/sdl) ------------------------------------------


def build_example(source, program, package, installer, *flags):
    """An example under examples/, built with -Wall -Wextra -Werror against
    include/, the build's libeffecthost.so and pkg-config's `package`."""
    found = subprocess.run(["pkg-config", "--cflags", "--libs", package], capture_output=True, text=True)
    assert found.returncode == 0, f"pkg-config finds {package} ({installer} installs it)"
    subprocess.run(
        ["cc", "-std=c99", "-Wall", "-Wextra", "-Werror", *flags, "-I" + os.path.join(ROOT, "include"),
         os.path.join(ROOT, "examples", source), "-L" + BUILD, "-Wl,-rpath," + BUILD, "-leffecthost",
         *found.stdout.split(), "-lm", "-o", program],
        check=True, capture_output=True, text=True,
    )
    return program


@pytest.fixture(scope="module")
def window(tmp_path_factory):
    """examples/sdl/effect_window.c, built as its comment says."""
    program = str(tmp_path_factory.mktemp("sdl") / "effect_window")
    return build_example("sdl/effect_window.c", program, "sdl2", "scripts/ensure-sdl")


def screenshot(program, tmp_path, *arguments):
    out = tmp_path / "shot.rgba"
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": os.environ.get("HOME", "/tmp"),
           "SDL_VIDEODRIVER": "dummy", "EFFECT_PLUGIN_PATH": BUILD}
    result = subprocess.run([program, *arguments, "--screenshot", "0.16", str(out)], capture_output=True, text=True, env=env,
                            timeout=120)
    assert result.returncode == 0, result.stderr
    width, height = map(int, result.stdout.split())
    return np.fromfile(out, dtype=np.uint8).reshape(height, width, 4)


def test_the_window_shows_the_strike_where_the_seed_puts_it(window, tmp_path):
    image = screenshot(window, tmp_path, "strikethrough-reveal")
    assert_strike_line_at_half(image)


def test_a_key_press_is_an_event(window, tmp_path):
    # Space at t = 0 sets done to false before the strike has drawn anything:
    # at 0.16 s no line runs across the text (antialiased text edges leave
    # runs of a pixel or two in the line's grey).
    image = screenshot(window, tmp_path, "strikethrough-reveal", "--press", "0:space")
    first, last, _ = strike_line_ends(image, 92)
    assert last - first < 5, (first, last)


def test_a_window_of_another_size_fits_the_picture(window, tmp_path):
    small = screenshot(window, tmp_path, "strikethrough-reveal")
    large = screenshot(window, tmp_path, "strikethrough-reveal", "--size", "900x300")
    # The picture (small is 2 px a point) fitted as an SVG viewport is:
    # scaled to fit, aspect kept, centred.
    height, width = small.shape[:2]
    scale = min(900 / (width / 2), 300 / (height / 2))
    left = (900 - width / 2 * scale) / 2
    a = strike_line_ends(small, 92)
    b = strike_line_ends(large, int(left + 46 * scale))
    assert abs((b[1] - b[0]) - (a[1] - a[0]) * scale / 2) <= 3, (a, b, scale)
    assert abs(b[0] - (left + a[0] * scale / 2)) <= 3, (a, b, left)


# ---- Python: the effects package through the host library -------------------


def test_python_draws_a_frame_into_an_array_where_the_seed_puts_it():
    import effects

    with effects.effect("strikethrough-reveal", [BUILD], defaults=False).create(duration=0.5) as instance:
        picture = instance.picture()
        image = picture.draw(0.25)
    # duration 0.5 at 0.25 s: half way, the same line as the default strike at 0.16 s.
    assert image.shape == (picture.pixel_size(2)[1], picture.pixel_size(2)[0], 4)
    assert_strike_line_at_half(image)


def test_python_places_a_frame_over_an_array_of_its_own():
    import effects

    picture = effects.effect("strikethrough-reveal", [BUILD], defaults=False).create().picture(ground="transparent")
    frame = np.zeros((300, 400, 4), dtype=np.uint8)
    frame[...] = (0, 0, 255, 255)
    picture.draw_into(0.16, frame, size=0.5, x=1, y=0, over=True)
    # Half the fitted size, against the right edge and the top, over the blue.
    width, height = picture.size
    scale = 0.5 * min(400 / width, 300 / height)
    blue = np.all(frame == (0, 0, 255, 255), axis=-1)
    rows, columns = np.nonzero(~blue)
    assert rows.size and columns.min() >= 400 - width * scale - 1 and rows.max() < height * scale + 1
    assert frame[..., 3].min() == 255
    # Translucent straight pixels outside the picture keep their bytes (a
    # trip through premultiplied alpha would turn 200 at alpha 77 into 199).
    glass = np.zeros((300, 400, 4), dtype=np.uint8)
    glass[...] = (10, 200, 30, 77)
    picture.draw_into(0.16, glass, size=0.5, x=1, y=0, over=True)
    outside = np.ones((300, 400), dtype=bool)
    outside[: int(height * scale) + 2, 400 - int(width * scale) - 2:] = False
    assert np.all(glass[outside] == (10, 200, 30, 77))
    for size in (-1, 0):
        # 0 is C's zeroed default; in Python the default is the argument left out.
        with pytest.raises(effects.EffectError) as refused:
            picture.draw_into(0.16, frame, size=size)
        assert "size" in str(refused.value)
    with pytest.raises(effects.EffectError):
        picture.draw_into(0.16, frame, x="left")


def test_python_reads_params_as_text_as_effect_host_does():
    import effects

    strike = effects.effect("strikethrough-reveal", [BUILD], defaults=False)
    # duration 0.64 at 0.32 s: half way, the default strike's line at 0.16 s.
    with strike.create_from_text(["duration=0.64", "done=true"]) as instance:
        assert_strike_line_at_half(instance.picture().draw(0.32))
    with pytest.raises(effects.EffectError) as refused:
        strike.create_from_text(["duration"])
    assert refused.value.status_name == "EFFECT_ERR_RANGE" and "'duration'" in str(refused.value)
    with pytest.raises(effects.EffectError) as refused:
        strike.create_from_text(["done=maybe"])
    assert "maybe" in str(refused.value)


def test_python_without_the_host_program_says_so_and_scans_nothing_in_process(tmp_path):
    # The library copied alone: no effect-host beside it or on PATH to read
    # files apart, and no scan cache to answer for one. Scanning says what is
    # missing (no second scanner); a file named by path still loads through
    # the library.
    import shutil

    shutil.copy(LIBRARY, tmp_path / "libeffecthost.so")
    script = """
import os, sys
import effects
for call in (lambda: effects.scan([sys.argv[1]], defaults=False),
             lambda: effects.effect("strikethrough-reveal", [sys.argv[1]], defaults=False)):
    try:
        call()
        print("scanned")
    except effects.EffectError as error:
        print(error.status, error)
plugin = effects.load_plugin(os.path.join(sys.argv[1], "libStrike.so"))
print(plugin.effect("strikethrough-reveal").create().picture().draw(0.16).shape[2])
"""
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "XDG_CACHE_HOME": str(tmp_path / "cache"),
           "EFFECT_HOST_LIBRARY": str(tmp_path / "libeffecthost.so"), "PYTHONPATH": os.path.join(ROOT, "python")}
    result = subprocess.run([sys.executable, "-c", script, BUILD], capture_output=True, text=True, env=env, timeout=120)
    assert result.returncode == 0, result.stderr
    said = ("-103 the effect-host executable that runs plugins apart from this process was not found "
            "(set EFFECT_HOST_WORKER to its path)")
    assert result.stdout.splitlines() == [said, said, "4"]


def test_python_takes_numpy_numbers_for_a_scale_and_refuses_what_is_not_one():
    import effects

    picture = effects.effect("strikethrough-reveal", [BUILD], defaults=False).create().picture()
    assert picture.draw(0.16, scale=np.float32(1)).shape[:2] == picture.draw(0.16, scale=1).shape[:2]
    for scale in (float("nan"), 0, -1, 0.05):
        with pytest.raises(effects.EffectError, match=r"a scale is 0\.1 to 8192 pixels a point, not "):
            picture.draw(0.16, scale=scale)
    for scale in (True, "2"):
        with pytest.raises(effects.EffectError, match="a scale is a number of pixels a point, not "):
            picture.draw(0.16, scale=scale)


def test_python_straight_and_premultiplied_pixels_agree():
    import effects

    instance = effects.effect("breathing-circles", [BUILD], defaults=False).create()
    picture = instance.picture(ground="transparent")
    straight = picture.draw(3, scale=1).astype(int)
    premultiplied = picture.draw(3, scale=1, premultiplied=True).astype(int)
    alpha = straight[..., 3:]
    partial = (alpha[..., 0] > 0) & (alpha[..., 0] < 255)
    assert partial.sum() > 100, "the circles are translucent"
    assert np.all(premultiplied[..., 3] == straight[..., 3])
    # Dividing the alpha out and multiplying it back loses at most the rounding of each.
    back = (straight[..., :3] * alpha + 127) // 255
    assert np.abs(back[partial] - premultiplied[..., :3][partial]).max() <= 1


def test_python_hears_that_a_font_family_is_not_installed(tmp_path):
    import effects

    with effects.effect("strikethrough-reveal", [BUILD], defaults=False).create() as instance:
        picture = instance.picture(font="No Such Family Anywhere")
        assert "No Such Family Anywhere" in picture.font_note
        # The same family as Python's render note, and nothing for a font as asked.
        said = instance.render(str(tmp_path / "strike.png"), font="No Such Family Anywhere")
        assert picture.font_note in said
        assert instance.picture(font="DejaVu Sans").font_note is None


def test_python_renders_exports_and_keeps_events(tmp_path):
    import effects

    heard = []
    with effects.effect("strikethrough-reveal", [BUILD], defaults=False).create() as instance:
        instance.render(str(tmp_path / "strike.gif"), fps=20, progress=lambda done, total: heard.append((done, total)))
        # The strike's 0.32 s at 20 fps: t = 0, 0.05, ..., the first frame at or after 0.32 s.
        frame_count = math.ceil(0.32 * 20) + 1
        assert heard[-1] == (frame_count, frame_count)
        assert len(frames(str(tmp_path / "strike.gif"))) == frame_count
        instance.export(str(tmp_path / "strike.json"), fps=30)
        animation = json.loads((tmp_path / "strike.json").read_text())
        # Lottie counts frames, the last at or after the end: 0 ... 10 at 30 fps.
        assert animation["fr"] == 30 and animation["op"] - animation["ip"] == math.ceil(0.32 * 30) + 1
        # An event set after the host's twin was made reaches it too: done
        # false at 0 s leaves nothing struck at 0.16 s.
        instance.set("done", False, at=0)
        image = instance.picture().draw(0.16)
    first, last, _ = strike_line_ends(image, 92)
    assert last - first < 5


def test_python_callback_exceptions_end_the_render_and_leave_nothing(tmp_path):
    import effects

    instance = effects.effect("strikethrough-reveal", [BUILD], defaults=False).create()

    def progress(done, total):
        raise KeyError("from progress")

    with pytest.raises(KeyError, match="from progress"):
        instance.render(str(tmp_path / "strike.gif"), progress=progress)
    assert not (tmp_path / "strike.gif").exists()
    with pytest.raises(effects.EffectError) as refused:
        instance.render(str(tmp_path / "strike.doc"))
    assert refused.value.status == -7 and "cannot write .doc files" in str(refused.value)


def test_python_validates_plugin_files():
    import effects

    report = effects.validate(os.path.join(BUILD, "libStrike.so"), seed=3)
    assert not report.failed and len(report.checks) == 18
    assert report.checks[0].name == "load" and report.checks[0].status == "pass"
    assert json.loads(report.json)["seed"] == 3
    junk = effects.validate("/etc/passwd")
    assert junk.failed and junk.checks[0].status == "fail"


def test_python_without_the_host_library_says_what_is_missing_and_loads_nothing():
    # A process of its own, where the library is looked for nowhere: the
    # package has no loader of its own to fall back on.
    script = """
import sys
import effects
from effects import _host
_host.candidates = lambda: []
try:
    effects.effect("strikethrough-reveal", [sys.argv[1]], defaults=False)
except effects.HostLibraryMissing as missing:
    print(missing.status, missing)
"""
    result = subprocess.run([sys.executable, "-c", script, BUILD], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    (missing,) = result.stdout.splitlines()
    assert missing.startswith("-103 this needs libeffecthost.so, the effect host library, which loads plugins for this package")
