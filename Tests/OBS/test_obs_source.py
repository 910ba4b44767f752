"""The effects as OBS sources, in Debian's real libobs, headless.

The module (scripts/build-obs) is loaded into libobs under Xvfb with Mesa's
llvmpipe, as the `obs` program loads it; each source's own texture is
rendered alone, read back and compared with what `effect-host render` draws
at the same time and size (mean difference at most 2/255, ink within 1 px).
Time is set through OBS's media controls (pause and seek, what OBS's seek
bar and obs-websocket do); the real frame clock is checked on its own.
scripts/ensure-obs installs libobs-dev, Xvfb and Mesa.
"""

import json
import os
import subprocess
import sys

import numpy as np
import pytest

TESTS = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(TESTS, "Pictures"))
sys.path.insert(0, os.path.join(TESTS, "Video"))
from test_frei0r import ink_box, premultiplied  # noqa: E402
from test_render_pictures import ROOT, host, png  # noqa: E402

EFFECTS = {
    "tracking-breathe": "Tracking Breathe",
    "breathing-circles": "Breathing Circles",
    "text-reveal": "Text Reveal",
    "strikethrough-reveal": "Strikethrough Reveal",
}
JAPANESE_ARABIC = "こんにちは、世界 مرحبا بالعالم 🎉"


def type_of(effect):
    return "effect_host_" + effect


def compile_plugin(out, source, *defines):
    """A C plugin, as a third party builds one."""
    subprocess.run(["cc", "-std=c11", "-Wall", "-Wextra", "-Werror", "-shared", "-fPIC", *defines, "-I",
                    os.path.join(ROOT, "include"), os.path.join(ROOT, source), "-o", str(out), "-lm"], check=True)
    return out


def pulse(directory):
    """examples/c-plugin/pulse.c's effect, `pulse`, in a plugin file of its own."""
    return compile_plugin(directory / "pulse.so", os.path.join("examples", "c-plugin", "pulse.c"))


def rendered(tmp_path, effect, t, *options):
    """effect-host render's still at t, transparent, at render's default scale (2 px a point)."""
    out = tmp_path / f"{effect}-{t}.png"
    host("render", effect, "--time", str(t), "--background", "transparent", *options, "-o", str(out))
    return png(str(out))


def shown(harness, effect, t, settings=None, name="s"):
    """A source of `effect` shown, paused at t."""
    harness.create(name, type_of(effect), settings)
    harness.ok(f"show {name}")
    harness.at(name, t)


def assert_same_picture(texture, expected, what=""):
    """texture: premultiplied bytes read back from OBS; expected: render's straight-alpha PNG."""
    assert texture.shape == expected.shape, (what, texture.shape, expected.shape)
    difference = np.abs(texture.astype(np.float64) - premultiplied(expected)).mean()
    assert difference <= 2, (what, difference)
    box_a, box_b = ink_box(texture), ink_box(expected)
    assert (box_a is None) == (box_b is None), (what, box_a, box_b)
    if box_a is not None:
        assert max(abs(int(p) - int(q)) for p, q in zip(box_a, box_b)) <= 1, (what, box_a, box_b)


def test_every_effect_is_a_source_named_for_people(obs):
    harness = obs()
    types = harness.types()
    for effect, name in EFFECTS.items():
        assert types[type_of(effect)][0] == name
        flags = types[type_of(effect)][1]
        assert flags & 0x1, "OBS_SOURCE_VIDEO"
        assert flags & (1 << 13), "OBS_SOURCE_CONTROLLABLE_MEDIA"
        assert not flags & (1 << 10), "not OBS_SOURCE_CAP_DISABLED"
    assert "offers 'Strikethrough Reveal' (strikethrough-reveal)" in harness.log()


def test_a_third_party_plugin_on_the_search_path_is_a_source_too(obs, tmp_path):
    (tmp_path / "plugins").mkdir()
    plugin = pulse(tmp_path / "plugins")
    harness = obs(plugin_path=plugin.parent)
    types = harness.types()
    assert types["effect_host_pulse"][0] == "Pulse"
    harness.create("p", "effect_host_pulse")
    assert harness.size("p")[0] > 0


def test_properties_are_the_effects_params_in_their_units_and_ranges(obs):
    harness = obs()
    harness.create("strike", type_of("strikethrough-reveal"))
    props = harness.props("strike")
    # StrikethroughReveal.swift's params, as its metadata declares them.
    assert props["text"][:2] == ["text", "Text"] and props["text"][4] == "multiline"  # marked so: it breaks into rows
    assert props["done"][:2] == ["bool", "Done"]
    duration = props["duration"]
    assert duration[:2] == ["float", "Duration"]
    assert [float(v) for v in duration[4:6]] == [0.001, 60.0]
    assert duration[7] == " s" and duration[8] == "slider"
    assert props["fade"][0] == "float" and [float(v) for v in props["fade"][4:6]] == [0.0, 1.0]
    assert props["line_color"][:2] == ["color_alpha", "Line color"]
    assert props["color"][0] == "color_alpha"
    # An optional param: its value shows only while its box is ticked.
    assert props["progress.set"][0] == "bool" and props["progress"][3] == "hidden"
    assert props["duration"][-1].startswith("Length of one strike or retract")
    # The look and the playback the module adds.
    assert props["look.theme"][4:6] == ["Light=light", "Dark=dark"]
    assert props["look.font"][0] == "text"
    assert props["look.scale"][0] == "float" and props["look.wrap_width"][0] == "float"
    assert props["play.restart_when_shown"][0] == "bool"
    assert props["play.replay"][0] == "button"

    harness.create("reveal", type_of("text-reveal"))
    props = harness.props("reveal")
    assert props["text"][4] == "multiline"  # its lines are split on \n
    assert props["highlights"][4] == "line"  # phrases split by |: one line
    assert props["unit"][0] == "list" and props["unit"][4:7] == ["Characters=characters", "Words=words", "Lines=lines"]
    # replay is a whole number from -2^31 to 2^31-1: a number field, not a slider.
    assert props["replay"][0] == "int" and props["replay"][8] == "scroller"


def test_defaults_are_exactly_the_effects(obs):
    harness = obs()
    defaults = harness.defaults(type_of("strikethrough-reveal"))
    assert defaults["text"] == "Ship the component"
    assert defaults["done"] is True
    assert defaults["duration"] == 0.32
    assert defaults["fade"] == 0.45
    assert defaults["tick"] is True
    # #8A8F98FF, written as OBS writes colours (0xAABBGGRR).
    assert defaults["line_color"] == 0xFF988F8A
    assert defaults["progress.set"] is False
    assert defaults["look.theme"] == "light" and defaults["look.scale"] == 2.0 and defaults["look.wrap_width"] == 432.0
    reveal = harness.defaults(type_of("text-reveal"))
    assert reveal["text"] == "Plan the week in one calm glance." and reveal["unit"] == "words"
    assert reveal["highlight_color"] == 0xFF76D9FF  # #FFD976FF


@pytest.mark.parametrize("effect,times", [
    ("strikethrough-reveal", [0.0, 0.16, 2.0]),
    ("text-reveal", [0.3, 0.9, 3.0]),
    ("tracking-breathe", [0.45, 2.0]),
    ("breathing-circles", [1.0, 4.5]),
])
def test_the_source_draws_each_effect_as_render_does(obs, tmp_path, effect, times):
    harness = obs()
    harness.create("s", type_of(effect))
    harness.ok("show s")
    for t in times:
        harness.at("s", t)
        assert_same_picture(harness.render("s"), rendered(tmp_path, effect, t), (effect, t))


def test_japanese_and_arabic_text_draw_as_render_draws_them(obs, tmp_path):
    harness = obs()
    harness.create("r", type_of("text-reveal"), {"text": JAPANESE_ARABIC})
    harness.create("s", type_of("strikethrough-reveal"), {"text": JAPANESE_ARABIC, "look.theme": "dark"})
    for name in ("r", "s"):
        harness.ok(f"show {name}")
        harness.at(name, 3.0)
    assert_same_picture(harness.render("r"), rendered(tmp_path, "text-reveal", 3.0, "--param", "text=" + JAPANESE_ARABIC))
    assert_same_picture(harness.render("s"), rendered(tmp_path, "strikethrough-reveal", 3.0, "--param",
                                                      "text=" + JAPANESE_ARABIC, "--theme", "dark"))


def test_the_look_sets_the_sources_size(obs, tmp_path):
    harness = obs()
    shown(harness, "text-reveal", 3.0, {"look.scale": 1.0, "look.wrap_width": 200.0})
    expected = rendered(tmp_path, "text-reveal", 3.0, "--scale", "1", "--width", "200")
    assert harness.size("s") == (expected.shape[1], expected.shape[0])
    assert_same_picture(harness.render("s"), expected)


def test_a_property_edit_changes_the_next_frame(obs, tmp_path):
    harness = obs()
    shown(harness, "strikethrough-reveal", 2.0)
    before = harness.render("s")
    harness.update("s", {"color": 0xFF0000FF})  # opaque red, as OBS writes it
    after = harness.render("s")
    assert not np.array_equal(before, after)
    assert_same_picture(after, rendered(tmp_path, "strikethrough-reveal", 2.0, "--at", "2:color=#FF0000FF"))


def test_a_live_param_is_an_event_at_the_sources_time_and_the_rest_restarts_the_effect(obs, tmp_path):
    harness = obs()
    shown(harness, "strikethrough-reveal", 2.0)
    harness.update("s", {"done": False})   # live: the strike retracts from t = 2
    assert harness.time("s") == 2000
    harness.at("s", 2.16)
    assert_same_picture(harness.render("s"), rendered(tmp_path, "strikethrough-reveal", 2.16, "--at", "2:done=false"))
    harness.update("s", {"text": "Written anew"})  # made from it: the effect starts again, playing
    assert harness.time("s") < 100
    harness.at("s", 0.16)
    assert_same_picture(harness.render("s"), rendered(tmp_path, "strikethrough-reveal", 0.16, "--param", "text=Written anew",
                                                      "--param", "done=false"))


def test_a_hotkey_toggles_done_on_air(obs, tmp_path):
    harness = obs()
    shown(harness, "strikethrough-reveal", 2.0)
    harness.ok("hotkey s effect_host.toggle.done")
    assert harness.save("s")["settings"]["done"] is False  # the property shows it, and the scene keeps it
    harness.at("s", 2.5)
    assert_same_picture(harness.render("s"), rendered(tmp_path, "strikethrough-reveal", 2.5, "--at", "2:done=false"))
    harness.ok("hotkey s effect_host.toggle.done")
    harness.at("s", 2.66)
    assert_same_picture(harness.render("s"), rendered(tmp_path, "strikethrough-reveal", 2.66, "--at", "2:done=false",
                                                      "--at", "2.5:done=true"))


def test_replay_plays_the_entrance_again(obs, tmp_path):
    harness = obs()
    shown(harness, "text-reveal", 3.0)
    harness.ok("button s play.replay")
    assert harness.time("s") < 100
    harness.ok("pause s")
    harness.ok("seek s 3000")
    harness.ok("hotkey s effect_host.replay")
    assert harness.time("s") < 100 and harness.ok("state s") == "1"  # playing again (OBS_MEDIA_STATE_PLAYING)
    harness.at("s", 0.3)
    assert_same_picture(harness.render("s"), rendered(tmp_path, "text-reveal", 0.3))


def test_the_clock_is_obs_frame_clock_from_when_the_source_is_shown(obs):
    harness = obs()
    harness.create("s", type_of("tracking-breathe"))
    harness.ok("sleep 300")
    assert harness.time("s") == 0  # not shown: not started
    harness.ok("show s")
    harness.ok("sleep 500")
    shown = harness.time("s")
    assert 350 <= shown <= 900, shown
    harness.ok("hide s")
    hidden = harness.time("s")
    harness.ok("sleep 300")
    assert harness.time("s") == hidden  # hidden: stands still
    harness.ok("show s")  # Restart when shown
    assert harness.time("s") < 100
    harness.update("s", {"play.restart_when_shown": False})
    harness.ok("sleep 200")
    harness.ok("hide s")
    kept = harness.time("s")
    harness.ok("show s")
    assert harness.time("s") >= kept


def test_eight_sources_at_once_each_draw_their_own(obs, tmp_path):
    harness = obs()
    texts = [f"Task {i} ✓ 完了" for i in range(8)]
    for i, text in enumerate(texts):
        harness.create(f"s{i}", type_of("strikethrough-reveal"), {"text": text, "done": i % 2 == 0})
        harness.ok(f"show s{i}")
    for i in range(8):
        harness.at(f"s{i}", 1.0)
    for i, text in enumerate(texts):
        expected = rendered(tmp_path, "strikethrough-reveal", 1.0, "--param", "text=" + text, "--param",
                            f"done={'true' if i % 2 == 0 else 'false'}")
        assert_same_picture(harness.render(f"s{i}"), expected, i)


def test_bad_input_is_said_in_obs_log_and_never_takes_obs_down(obs, tmp_path):
    harness = obs()
    harness.create("nofont", type_of("strikethrough-reveal"), {"look.font": "No Such Family Anywhere"})
    harness.create("nofile", type_of("strikethrough-reveal"), {"look.font": "/nowhere/missing.ttf"})
    harness.create("empty", type_of("text-reveal"), {"text": ""})
    for name in ("nofont", "nofile", "empty"):
        harness.ok(f"show {name}")
        harness.at(name, 2.0)
    # A family that is not installed falls back, and the file that is not there draws in Inter: both said.
    assert_same_picture(harness.render("nofile"), rendered(tmp_path, "strikethrough-reveal", 2.0))
    harness.render("nofont")
    assert_same_picture(harness.render("empty"), rendered(tmp_path, "text-reveal", 2.0, "--param", "text="))
    log = harness.log()
    assert "nofile: font '/nowhere/missing.ttf'" in log and "drawing in Inter" in log
    assert "No Such Family Anywhere" in log
    harness.close()
    assert harness.bye.strip() == "bye 0"  # OBS shut down, with nothing of the module's left allocated


def test_a_saved_scene_whose_plugin_is_gone_still_opens_and_says_why(obs_build, tmp_path):
    from obs_harness import Harness, obs_env

    module, data, program = obs_build
    plugins = tmp_path / "plugins"
    plugins.mkdir()
    plugin = pulse(plugins)
    home = tmp_path / "home"
    home.mkdir()
    config = tmp_path / "config"
    with Harness(program, modules=[(module, data)], config=config, env=obs_env(home, plugins)) as first:
        first.create("pulse", "effect_host_pulse", {"label": "on air"})
        saved = first.save("pulse")
    plugin.unlink()
    second = Harness(program, modules=[(module, data)], config=config, env=obs_env(home, plugins))
    try:
        assert "effect_host_pulse" not in {k for k, v in second.types().items() if not v[1] & (1 << 10)}
        assert second.ok("load " + json.dumps(saved)) == "effect_host_pulse"
        assert second.size("pulse") == (0, 0)
        assert second.save("pulse")["settings"]["label"] == "on air"
        log = second.log()
        assert f"its plugin file {plugin} is gone" in log, log
        assert "pulse: 'Pulse' (pulse) cannot be drawn" in log, log
    finally:
        second.close()


def test_a_plugin_that_crashes_while_loading_is_skipped_and_said_and_the_rest_are_offered(obs, tmp_path):
    plugins = tmp_path / "plugins"
    plugins.mkdir(mode=0o700)
    crashing = compile_plugin(plugins / "crashing.so", os.path.join("Tests", "Fixtures", "plugins", "test_plugin.c"),
                              "-DBROKEN_LOAD_CRASH")
    pulse(plugins)
    harness = obs(plugin_path=plugins)
    types = harness.types()
    assert "effect_host_pulse" in types and type_of("text-reveal") in types
    log = harness.log()
    assert f"[effect-host] skipped {crashing}: " in log, log
    harness.create("p", "effect_host_pulse")
    harness.ok("show p")
    harness.at("p", 0.5)
    assert harness.render("p")[..., 3].max() > 0


def test_a_value_the_effect_refuses_is_said_and_the_source_draws_again_once_it_is_fixed(obs, tmp_path):
    harness = obs()
    # obs-websocket can set what no slider would: a duration past the param's 60 s.
    harness.create("s", type_of("strikethrough-reveal"), {"duration": 1000.0})
    harness.ok("show s")
    assert harness.size("s") == (0, 0)
    assert "s: cannot make the effect: " in harness.log()
    harness.update("s", {"duration": 0.5})
    harness.at("s", 0.25)
    assert_same_picture(harness.render("s"), rendered(tmp_path, "strikethrough-reveal", 0.25, "--param", "duration=0.5"))


def test_a_live_change_the_effect_refuses_is_said_and_the_effect_draws_on_as_it_was(obs, tmp_path):
    harness = obs()
    shown(harness, "strikethrough-reveal", 2.0, {"done": False})
    harness.update("s", {"done": True})  # struck at 2 s
    # obs-websocket can set what no slider would: a duration past the param's 60 s, live.
    harness.update("s", {"duration": 1000.0})
    assert "s: 'duration' not changed: " in harness.log()
    harness.at("s", 2.16)
    assert_same_picture(harness.render("s"), rendered(tmp_path, "strikethrough-reveal", 2.16, "--param", "done=false",
                                                      "--at", "2:done=true"))


def test_going_on_air_restarts_the_entrance(obs):
    harness = obs()
    harness.create("s", type_of("text-reveal"))
    harness.ok("show s")  # the preview
    harness.ok("sleep 400")
    assert harness.time("s") >= 300
    harness.ok("program s")  # on air: OBS's real output path shows and activates it
    assert harness.time("s") < 150


def test_a_live_colour_set_back_to_its_default_follows_the_theme_again(obs, tmp_path):
    harness = obs()
    shown(harness, "strikethrough-reveal", 2.0, {"look.theme": "dark"})
    harness.update("s", {"color": 0xFF0000FF})
    harness.ok("reset s color")  # OBS's Defaults button, for one setting
    # Unset, the text colour is the dark appearance's (#F5F5F7), not the light default the metadata shows.
    assert_same_picture(harness.render("s"), rendered(tmp_path, "strikethrough-reveal", 2.0, "--theme", "dark"))
    assert harness.time("s") == 2000  # the same moment, drawn anew


def test_a_paused_source_shown_again_plays_from_the_start(obs):
    harness = obs()
    harness.create("s", type_of("text-reveal"))
    harness.ok("show s")
    harness.ok("pause s")
    harness.ok("hide s")
    harness.ok("show s")  # a scene switch back: Restart when shown
    harness.ok("sleep 300")
    assert harness.time("s") >= 150 and harness.ok("state s") == "1"
    harness.ok("stop s")
    assert harness.time("s") == 0 and harness.ok("state s") == "5"  # OBS_MEDIA_STATE_STOPPED


def test_an_event_that_grows_the_ink_grows_the_source(obs, tmp_path):
    harness = obs()
    shown(harness, "text-reveal", 2.0, {"blur_radius": 200.0})
    before = harness.size("s")
    harness.update("s", {"preset": "blur", "replay": 1})
    harness.at("s", 2.2)
    expected = rendered(tmp_path, "text-reveal", 2.2, "--param", "blur_radius=200", "--at", "2:preset=blur", "--at",
                        "2:replay=1")
    assert harness.size("s") != before
    assert_same_picture(harness.render("s"), expected)


def test_seeking_back_shows_the_history_and_a_reset_keeps_the_other_events(obs, tmp_path):
    harness = obs()
    shown(harness, "strikethrough-reveal", 2.0, {"done": False})
    harness.update("s", {"done": True})  # struck at 2 s
    harness.at("s", 1.0)
    assert_same_picture(harness.render("s"), rendered(tmp_path, "strikethrough-reveal", 1.0, "--param", "done=false",
                                                      "--at", "2:done=true"))
    harness.at("s", 2.1)
    assert_same_picture(harness.render("s"), rendered(tmp_path, "strikethrough-reveal", 2.1, "--param", "done=false",
                                                      "--at", "2:done=true"))
    harness.update("s", {"line_color": 0xFF0000FF})
    harness.ok("reset s line_color")  # its default again: its event goes, the strike's stays
    harness.at("s", 2.15)
    assert_same_picture(harness.render("s"), rendered(tmp_path, "strikethrough-reveal", 2.15, "--param", "done=false",
                                                      "--at", "2:done=true"))


def test_a_change_made_after_seeking_back_drops_the_later_events(obs, tmp_path):
    """An editor's redo stack: done struck at 2 s, then, seeked back to
    1 s, set false again. The strike at 2 is gone: at 2.5 the task is as it
    was made, not done, where before the change it was struck."""
    harness = obs()
    shown(harness, "strikethrough-reveal", 2.0, {"done": False})
    harness.update("s", {"done": True})  # struck at 2 s
    harness.at("s", 2.5)
    struck = rendered(tmp_path, "strikethrough-reveal", 2.5, "--param", "done=false", "--at", "2:done=true")
    assert_same_picture(harness.render("s"), struck)
    harness.at("s", 1.0)
    harness.update("s", {"done": False})
    harness.at("s", 2.5)
    assert_same_picture(harness.render("s"), rendered(tmp_path, "strikethrough-reveal", 2.5, "--param", "done=false"))


def test_notes_that_take_turns_are_each_said_once(obs):
    harness = obs()
    # A family that is not installed, and a character no font has (a Hentaigana letter, U+1B001).
    harness.create("s", type_of("tracking-breathe"), {"look.font": "No Such Family 123", "text": "Live \U0001B001"})
    harness.ok("show s")
    for t in (0.1, 0.2, 0.3, 0.4, 0.5, 0.6):
        harness.at("s", t)
        harness.render("s")
    lines = [line for line in harness.log().splitlines() if "[effect-host] s: " in line]
    assert len(lines) == len(set(lines)) and any("No Such Family 123" in line for line in lines), lines


def test_a_setting_of_the_wrong_type_is_said_and_the_default_used(obs, tmp_path):
    harness = obs()
    shown(harness, "strikethrough-reveal", 2.0, {"done": "yes", "look.theme": "purple"})
    log = harness.log()
    assert "setting 'done' is the text 'yes', not true or false: the effect's default is used" in log
    assert "setting 'look.theme' is 'purple', which is neither light nor dark: drawn light" in log
    assert_same_picture(harness.render("s"), rendered(tmp_path, "strikethrough-reveal", 2.0))


def test_a_scale_past_the_hosts_size_limit_is_lowered_to_fit_and_a_wrap_width_it_refuses_is_said(obs):
    harness = obs()
    text = "A long title that wraps over a very wide view, " * 12
    shown(harness, "text-reveal", 3.0, {"text": text, "look.scale": 16.0, "look.wrap_width": 10000.0})
    width, height = harness.size("s")
    # Wider than 8192 pixels at scale 16; the host's limit is 8192 a side (effect_host.h's Limits).
    assert 8000 < max(width, height) <= 8192, (width, height)
    assert "drawn at scale" in harness.log()
    harness.create("w", type_of("strikethrough-reveal"), {"look.wrap_width": 20000.0})
    assert harness.size("w") == (0, 0)
    assert "w: cannot draw: " in harness.log()
