"""The effecthost plugin as GStreamer sees it: its registry, gst-inspect-1.0, and bad input.

What gst-inspect-1.0 documents is compared with `effect-host list --json`
and `effect-host info EFFECT --json` (the host's own account of the same
effects), never with a copy kept here.
"""

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest
from gst_harness import EFFECTS, HOST, ROOT, element, rgba_frames

UTF8 = {"LC_ALL": "C.UTF-8"}


def host_json(gst, *arguments):
    return json.loads(gst.run([HOST, *arguments, "--json"]).stdout)


def effect_ids(gst):
    return [effect["id"] for plugin in host_json(gst, "list")["plugins"] for effect in plugin["effects"]]


def inspect_properties(text):
    """gst-inspect-1.0's "Element Properties": name -> (blurb, flags, type line, enum (value, nick) pairs)."""
    properties, current = {}, None
    for line in text.split("Element Properties:", 1)[1].splitlines():
        head = re.match(r"^  (\S+)\s*: (.*)$", line)
        if head:
            current = properties[head.group(1)] = {"blurb": head.group(2), "flags": "", "type": "", "enum": []}
        elif current is not None and line.strip().startswith("flags:"):
            current["flags"] = line.strip()
        elif current is not None and re.match(r"^\s+\((-?\d+)\): (\S+)\s+- ", line):
            value, nick = re.match(r"^\s+\((-?\d+)\): (\S+)\s+- ", line).groups()
            current["enum"].append((int(value), nick))
        elif current is not None and line.strip() and not current["type"]:
            current["type"] = line.strip()
    return properties


def numbers(type_line):
    """"Double. Range: LOW - HIGH Default: D" -> (LOW, HIGH, D)."""
    found = re.search(r"Range:\s*(\S+)\s+-\s+(\S+)\s+Default:\s*(\S+)", type_line)
    assert found, type_line
    return tuple(float(v) for v in found.groups())


def argb(rgba_hex):
    value = int(rgba_hex.lstrip("#"), 16)
    return ((value & 0xFF) << 24) | (value >> 8)


def assert_param_documented(properties, param, what):
    name = param["name"].replace("_", "-")
    prop = properties.get(name) or properties.get("effect-" + name)
    assert prop is not None, (what, name, sorted(properties))
    assert prop["blurb"].startswith(param["doc"]), (what, name, prop["blurb"])
    if param["live"]:
        assert "controllable" in prop["flags"] and "PLAYING" in prop["flags"], (what, name, prop["flags"])
    else:
        assert "changeable only in NULL or READY state" in prop["flags"], (what, name, prop["flags"])
    kind, default, line = param["type"], param["default"], prop["type"]
    if kind in ("number", "integer"):
        assert line.startswith("Double." if kind == "number" else "Integer64."), (what, name, line)
        low, high, shown = numbers(line)
        assert (low, high) == (pytest.approx(param["min"], rel=1e-6), pytest.approx(param["max"], rel=1e-6)), (what, name, line)
        if default is not None:
            assert shown == pytest.approx(default, rel=1e-6), (what, name, line)
    elif kind == "bool":
        assert line == f"Boolean. Default: {'true' if default else 'false'}", (what, name, line)
    elif kind == "enum":
        assert line.startswith("Enum "), (what, name, line)
        assert prop["enum"] == list(enumerate(param["choices"])), (what, name, prop["enum"])
        if default is not None:
            assert f'Default: {param["choices"].index(default)}, "{default}"' in line, (what, name, line)
    elif kind == "string":
        assert line == f'String. Default: {json.dumps(default)}', (what, name, line)
    elif kind == "color":
        assert line.startswith("Unsigned Integer. Range: 0 - 4294967295"), (what, name, line)
        if default is not None:
            assert int(line.split("Default:")[1]) == argb(default), (what, name, line)
    else:
        pytest.fail(f"{what}: {name} has a type the test does not know: {kind}")
    if param["optional"]:
        companion = properties.get(name + "-set") or properties.get("effect-" + name + "-set")
        assert companion is not None and companion["type"] == f"Boolean. Default: {'false' if default is None else 'true'}", \
            (what, name, companion)


def test_gst_inspect_documents_every_effect_as_two_elements(gst):
    ids = effect_ids(gst)
    assert len(ids) >= 4
    listing = gst.run(["gst-inspect-1.0", "effecthost"]).stdout
    assert f"{2 * len(ids)} elements" in listing, listing
    for effect in ids:
        name = host_json(gst, "info", effect)["name"]
        assert f"{element(effect, 'src')}: {name} source" in listing
        assert f"{element(effect, 'overlay')}: {name} overlay" in listing


@pytest.mark.parametrize("kind", ["src", "overlay"])
def test_gst_inspect_shows_each_param_as_a_typed_property_from_the_metadata(gst, kind):
    for effect in effect_ids(gst):
        info = host_json(gst, "info", effect)
        text = gst.run(["gst-inspect-1.0", element(effect, kind)], extra=UTF8).stdout
        assert info["summary"] in text
        properties = inspect_properties(text)
        for param in info["params"]:
            assert_param_documented(properties, param, (effect, kind))


def pulse_plugin(directory):
    """examples/c-plugin's effect "pulse", built."""
    out = directory / "libPulse.so"
    subprocess.run(["cc", "-std=c11", "-Wall", "-Wextra", "-Werror", "-shared", "-fPIC", "-I", os.path.join(ROOT, "include"),
                    os.path.join(ROOT, "examples", "c-plugin", "pulse.c"), "-o", str(out), "-lm"], check=True)
    return out


def test_a_plugin_added_to_the_search_path_is_found_without_clearing_the_registry(gst, tmp_path):
    plugins, build = tmp_path / "plugins", tmp_path / "build"
    plugins.mkdir()
    build.mkdir()
    registry = tmp_path / "registry.bin"
    before = gst.run(["gst-inspect-1.0", "effecthost"], plugin_path=plugins, registry=registry).stdout
    assert "fxpulseoverlay" not in before and "fxstrikethroughrevealoverlay" in before
    shutil.move(pulse_plugin(build), plugins / "libPulse.so")
    after = gst.run(["gst-inspect-1.0", "effecthost"], plugin_path=plugins, registry=registry).stdout
    assert "fxpulsesrc" in after and "fxpulseoverlay" in after, after
    out = tmp_path / "pulse.rgba"
    gst.launch(f"fxpulsesrc num-buffers=2 ! video/x-raw,format=RGBA,width=64,height=36,framerate=10/1 "
               f"! filesink location={out}", plugin_path=plugins, registry=registry)
    assert (rgba_frames(out.read_bytes(), 64, 36)[1][..., 3] > 0).any()
    (plugins / "libPulse.so").unlink()
    gone = gst.run(["gst-inspect-1.0", "effecthost"], plugin_path=plugins, registry=registry).stdout
    assert "fxpulsesrc" not in gone and "fxstrikethroughrevealsrc" in gone


def test_an_effect_never_takes_another_plugins_element_name(gst, tmp_path):
    """An effect "pulse" is fxpulsesrc: PulseAudio's pulsesrc, where installed, stays PulseAudio's."""
    plugins = tmp_path / "plugins"
    plugins.mkdir()
    shutil.move(pulse_plugin(plugins), plugins / "libPulse.so")
    listing = gst.run(["gst-inspect-1.0", "effecthost"], plugin_path=plugins).stdout
    features = re.findall(r"^  (\w+): ", listing, re.MULTILINE)
    assert len(features) == 2 * (len(EFFECTS) + 1) and all(name.startswith("fx") for name in features), listing
    pulsesrc = gst.run(["gst-inspect-1.0", "pulsesrc"], plugin_path=plugins, check=False)
    assert "Pulse source" not in pulsesrc.stdout


def test_a_broken_plugin_file_is_skipped_and_named_in_the_debug_log(gst, tmp_path):
    plugins = tmp_path / "plugins"
    plugins.mkdir()
    (plugins / "libBroken.so").write_text("not a shared library\n")
    result = gst.run(["gst-inspect-1.0", "effecthost"], plugin_path=plugins, registry=tmp_path / "registry.bin",
                     debug="effecthost:2")
    assert str(plugins / "libBroken.so") in result.stderr, result.stderr
    assert "8 elements" in result.stdout and "fxstrikethroughrevealoverlay" in result.stdout


def test_a_value_out_of_range_is_glibs_warning_and_the_element_keeps_working(gst, tmp_path):
    result = gst.launch("videotestsrc num-buffers=3 ! fxstrikethroughrevealoverlay fade=3 ! fakesink")
    assert "out of range for property 'fade'" in result.stderr, result.stderr
    _, data, lines, pushed = gst.push("fxstrikethroughrevealoverlay",
                                      "video/x-raw,format=I420,width=64,height=36,framerate=30/1", "black",
                                      tmp_path / "o.yuv", "prop", "fade", "3", "get", "fade", "frame", 1.0)
    assert lines[0] == "fade 0.450000", lines
    assert "out of range" in pushed.stderr
    assert len(data) == 64 * 36 * 3 // 2


def test_caps_the_overlay_cannot_take_fail_to_negotiate_cleanly(gst):
    result = gst.launch("videotestsrc num-buffers=2 ! video/x-raw,format=I420_10LE ! fxstrikethroughrevealoverlay ! fakesink",
                        check=False)
    assert result.returncode > 0, (result.returncode, result.stderr)
    assert "can't handle caps" in result.stdout + result.stderr


def test_a_param_the_effect_is_made_from_set_while_playing_is_a_warning_and_no_change(gst, tmp_path):
    _, data, lines, result = gst.push("fxstrikethroughrevealoverlay", "video/x-raw,format=I420,width=320,height=180,framerate=30/1",
                                      "smpte75", tmp_path / "t.yuv", "frame", 1.0, "set", "text", "Something else",
                                      "get", "text", "frame", 1.0)
    assert "'text'" in result.stderr and "NULL or READY" in result.stderr, result.stderr
    assert "text Ship the component" in lines, lines
    frames = np.frombuffer(data, dtype=np.uint8).reshape(2, -1)
    assert np.array_equal(frames[0], frames[1])


def test_a_font_file_that_is_not_there_is_an_error_on_the_bus_naming_it(gst):
    result = gst.launch("videotestsrc num-buffers=2 ! fxstrikethroughrevealoverlay font=/nonexistent/font.ttf ! fakesink",
                        check=False)
    assert result.returncode > 0, (result.returncode, result.stderr)
    assert re.search(r"ERROR: from element .*fxstrikethroughrevealoverlay.*/nonexistent/font.ttf", result.stdout + result.stderr), \
        result.stdout + result.stderr


def test_effect_ids_that_differ_only_in_dashes_leave_the_elements_to_the_first(gst, tmp_path):
    # "textreveal" would name text-reveal's elements; the plugin search path's first file keeps them, and the log says so.
    plugins = tmp_path / "plugins"
    plugins.mkdir()
    source = (Path(ROOT, "examples", "c-plugin", "pulse.c").read_text()
              .replace('out->id = "pulse"', 'out->id = "textreveal"').replace('strcmp(id, "pulse")', 'strcmp(id, "textreveal")'))
    assert 'out->id = "textreveal"' in source and 'strcmp(id, "textreveal")' in source
    (tmp_path / "clash.c").write_text(source)
    subprocess.run(["cc", "-std=c11", "-Wall", "-Wextra", "-Werror", "-shared", "-fPIC", "-I", os.path.join(ROOT, "include"),
                    str(tmp_path / "clash.c"), "-o", str(plugins / "libClash.so"), "-lm"], check=True)
    result = gst.run(["gst-inspect-1.0", "effecthost"], plugin_path=plugins, registry=tmp_path / "registry.bin",
                     debug="effecthost:2")
    assert re.search(r"skipped effect 'text-reveal' of .*libReveal\.so: its elements fxtextrevealsrc and fxtextrevealoverlay "
                     r"are effect 'textreveal''s", result.stderr), result.stderr[-2000:]
    inspected = gst.run(["gst-inspect-1.0", "fxtextrevealoverlay"], plugin_path=plugins, registry=tmp_path / "registry.bin")
    assert "dots" in inspected.stdout and "highlights" not in inspected.stdout
