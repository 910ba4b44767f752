"""`effect-host export EFFECT -o FILE.json` (and .lottie) played by two
independent Lottie engines from PyPI, rlottie (rlottie-python) and ThorVG
(thorvg-python), and every file checked against the Lottie 1.0 JSON schema
(lottie-specs, with jsonschema). Each engine's frame is held against
`effect-host render`'s PNG still at the same t.

scripts/test installs the four PyPI packages when they are missing.
"""

import json
import math
import os
import subprocess
import zipfile
from pathlib import Path

import numpy as np
import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BUILD = os.environ.get("EFFECT_TEST_BUILD_DIR", os.path.join(ROOT, ".build", "debug"))
HOST = os.path.join(BUILD, "effect-host")
# Pictures are compared at 2 pixels a point, where a hair of anti-aliasing is a small part of a glyph.
SCALE = 2


def environment():
    return {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": os.environ.get("HOME", "/tmp")}


def host(*arguments, check=True):
    result = subprocess.run([HOST, *arguments], capture_output=True, text=True, env=environment(), timeout=300)
    if check:
        assert result.returncode == 0, result.stderr
    return result


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    base = tmp_path_factory.mktemp("lottie")
    made = {}

    def export(effect_id, *options, name=None, suffix=".json"):
        key = (name or effect_id) + suffix
        if key not in made:
            path = str(base / key)
            result = host("export", effect_id, "-o", path, "--plugin-path", BUILD, *options)
            made[key] = (path, result.stderr)
        return made[key][0]

    export.stderr = lambda key: made[key][1]
    return export


def still(tmp_path, effect_id, t, *options):
    path = str(tmp_path / f"still-{effect_id}-{t}.png")
    host("render", effect_id, "--plugin-path", BUILD, "--time", str(t), "--scale", str(SCALE), "-o", path, *options)
    raw = subprocess.run(
        ["ffmpeg", "-v", "error", "-i", path, "-f", "rawvideo", "-pix_fmt", "rgba", "-"], capture_output=True, check=True
    ).stdout
    probe = json.loads(
        subprocess.run(["ffprobe", "-v", "error", "-show_streams", "-of", "json", path], capture_output=True, text=True, check=True).stdout
    )["streams"][0]
    return np.frombuffer(raw, dtype=np.uint8).reshape(probe["height"], probe["width"], 4).astype(float)


def rlottie_frame(path, frame, width, height):
    """rlottie's frame (whole frames only), as straight RGBA."""
    from rlottie_python import LottieAnimation

    animation = LottieAnimation.from_file(path)
    data = animation.lottie_animation_render(frame_num=frame, width=width, height=height)
    bgra = np.frombuffer(data, dtype=np.uint8).reshape(height, width, 4).astype(float)
    return unpremultiply(bgra[..., [2, 1, 0, 3]])


def thorvg_frame(path, frame, width, height):
    """ThorVG's frame, as straight RGBA."""
    import thorvg_python as tvg

    engine = tvg.Engine()
    try:
        canvas = tvg.SwCanvas(engine)
        canvas.set_target(width, height, cs=tvg.Colorspace.ABGR8888)
        animation = tvg.LottieAnimation(engine)
        picture = animation.get_picture()
        assert picture.load(path) == tvg.Result.SUCCESS
        picture.set_size(width, height)
        canvas.add(picture)
        assert animation.set_frame(frame) in (tvg.Result.SUCCESS, tvg.Result.INSUFFICIENT_CONDITION)
        canvas.update()
        canvas.draw(True)
        canvas.sync()
        rgba = np.frombuffer(bytes(canvas.buffer_arr), dtype=np.uint8).reshape(height, width, 4).astype(float)
        return unpremultiply(rgba)
    finally:
        engine.term() if hasattr(engine, "term") else None


def unpremultiply(rgba):
    out = rgba.copy()
    alpha = rgba[..., 3:4] / 255
    out[..., :3] = np.where(alpha > 0, rgba[..., :3] / np.maximum(alpha, 1e-9), 0)
    return np.clip(out, 0, 255)


def compare(picture, reference):
    """(alpha-mask overlap, mean colour difference where both have ink).
    Ink is alpha over half the reference's most, so a fading item is not
    cut at its own opacity."""
    threshold = max(1.0, reference[..., 3].max() / 2)
    a, b = picture[..., 3] >= threshold, reference[..., 3] >= threshold
    overlap = (a & b).sum() / max(1, (a | b).sum())
    both = a & b
    difference = np.abs(picture[..., :3] - reference[..., :3])[both].mean() if both.any() else 255
    return overlap, difference


EFFECTS = {
    "strikethrough-reveal": [0.05, 0.15, 0.25, 0.32],
    "text-reveal": [0.3, 0.5, 0.8, 1.2],
    "tracking-breathe": [0.45, 1.5, 2.9, 4.4],
    "breathing-circles": [0.0, 2.0, 4.5, 6.5],
}


def assert_player_draws_the_stills(tmp_path, path, effect_id, times, player, *options):
    """The player's frames of the file at each of `times` against render's PNG stills."""
    doc = json.loads(Path(path).read_text(encoding="utf-8"))
    fps = doc["fr"]
    for t in times:
        frame = round(t * fps)
        # rlottie draws whole frames: compare at the frame's own moment.
        moment = frame / fps
        reference = still(tmp_path, effect_id, moment, "--background", "transparent", *options)
        height, width = reference.shape[:2]
        assert (width, height) == (doc["w"] * SCALE, doc["h"] * SCALE)
        draw = rlottie_frame if player == "rlottie" else thorvg_frame
        picture = draw(path, frame, width, height)
        overlap, difference = compare(picture, reference)
        assert reference[..., 3].sum() > 0
        assert overlap >= 0.98, f"{player} t={moment}: alpha-mask overlap {overlap:.4f}"
        assert difference < 8, f"{player} t={moment}: mean colour difference {difference:.2f} of 255"


@pytest.mark.parametrize("effect_id", sorted(EFFECTS))
@pytest.mark.parametrize("player", ["rlottie", "thorvg"])
def test_each_player_draws_the_file_as_the_png_still_at_the_same_moment(tmp_path, exported, effect_id, player):
    assert_player_draws_the_stills(tmp_path, exported(effect_id), effect_id, EFFECTS[effect_id], player)


# Arabic flows from the right with its letters joined; the Japanese has
# spaces, so it wraps. Both come from Inter's fallback fonts, as outlines.
@pytest.mark.parametrize(
    "name,text",
    [("arabic", "\u0645\u0631\u062d\u0628\u0627 \u0628\u0627\u0644\u0639\u0627\u0644\u0645 \u0644\u0627 \u0628\u0623\u0633"),
     ("japanese", "\u543e\u8f29\u306f \u732b\u3067\u3042\u308b \u540d\u524d\u306f \u307e\u3060\u7121\u3044")],
)
@pytest.mark.parametrize("player", ["rlottie", "thorvg"])
def test_right_to_left_and_japanese_text_play_as_the_png_stills(tmp_path, exported, name, text, player):
    options = ("--param", "text=" + text)
    path = exported("text-reveal", *options, name=name)
    assert_player_draws_the_stills(tmp_path, path, "text-reveal", [0.5, 1.2], player, *options)


def test_every_export_is_lottie_1_0_by_its_schema(exported, pulse):
    import jsonschema
    import lottie_specs

    schema = lottie_specs.load_specs()
    validator = jsonschema.validators.validator_for(schema)(schema)
    files = [exported(e) for e in EFFECTS] + [exported("strikethrough-reveal", "--at", "1:done=false", name="undone")]
    files += [exported("tracking-breathe", "--loop", name="breathe-loop"), exported("pulse", "--plugin-path", pulse)]
    for path in files:
        errors = list(validator.iter_errors(json.loads(Path(path).read_text(encoding="utf-8"))))
        assert not errors, f"{os.path.basename(path)}: {errors[0].message[:300]} at {list(errors[0].absolute_path)}"
    # The validator does check: a file without its frame rate is refused.
    broken = json.loads(Path(files[0]).read_text(encoding="utf-8"))
    del broken["fr"]
    assert list(validator.iter_errors(broken))
    # ... and looks inside: a shape layer without its transform is refused too.
    broken = json.loads(Path(files[0]).read_text(encoding="utf-8"))
    del broken["layers"][0]["ks"]
    assert list(validator.iter_errors(broken))


def test_frame_count_and_rate_are_as_asked(exported):
    # The strike ends at 0.32 s. Players show frames ip to op - 1, so the file
    # runs one frame past the first frame at or after the end: at 30 fps that
    # frame is 10 (0.333 s) and op is 11; at 60 fps, 20 (0.333 s) and 21.
    doc = json.loads(Path(exported("strikethrough-reveal", "--fps", "30", name="strike-30")).read_text(encoding="utf-8"))
    assert (doc["fr"], doc["ip"], doc["op"]) == (30, 0, 11)
    doc = json.loads(Path(exported("strikethrough-reveal")).read_text(encoding="utf-8"))
    assert (doc["fr"], doc["op"]) == (60, math.ceil(0.32 * 60) + 1)
    from rlottie_python import LottieAnimation

    animation = LottieAnimation.from_file(exported("strikethrough-reveal", "--fps", "30", name="strike-30"))
    assert animation.lottie_animation_get_framerate() == 30
    # tracking-breathe: a 0.9 s entrance, then 3.6 s breaths; the markers name both.
    doc = json.loads(Path(exported("tracking-breathe")).read_text(encoding="utf-8"))
    assert doc["op"] == round((0.9 + 3.6) * 60) + 1
    assert [(m["cm"], m["tm"], m["dr"]) for m in doc["markers"]] == [("entrance", 0, 54), ("loop", 54, 216)]
    # breathing-circles loops from its start: its 8 s period alone, ending where it begins.
    doc = json.loads(Path(exported("breathing-circles")).read_text(encoding="utf-8"))
    assert doc["op"] == 8 * 60 and "markers" not in doc


def test_the_strike_is_small(exported):
    size = os.path.getsize(exported("strikethrough-reveal"))
    assert size < 20_000, size


def test_loop_exports_one_seamless_period(tmp_path, exported):
    path = exported("tracking-breathe", "--loop", name="breathe-loop")
    doc = json.loads(Path(path).read_text(encoding="utf-8"))
    assert doc["op"] == round(3.6 * 60) and "markers" not in doc
    width, height = doc["w"] * SCALE, doc["h"] * SCALE
    first, last = rlottie_frame(path, 0, width, height), rlottie_frame(path, doc["op"], width, height)
    overlap, difference = compare(first, last)
    assert overlap > 0.999 and difference < 1
    # Its first frame is the effect where its loop starts.
    overlap, _ = compare(first, still(tmp_path, "tracking-breathe", 0.9, "--background", "transparent"))
    assert overlap >= 0.98


def test_what_lottie_cannot_say_is_said(exported):
    exported("strikethrough-reveal")
    notes = exported.stderr("strikethrough-reveal.json")
    # Counted, never listed by the items' internal ids.
    assert "effect-host: Lottie has no saturation filter: the saturation of 1 group is baked into the colours inside, keyframed\n" in notes
    # The drain is there, as colours: the text's fill is keyframed from its ink towards grey.
    doc = json.loads(Path(exported("strikethrough-reveal")).read_text(encoding="utf-8"))
    fills = [item for item in walk(doc) if item.get("ty") == "fl" and item["c"]["a"] == 1]
    assert fills, "no keyframed fill"
    start, end = fills[0]["c"]["k"][0]["s"], fills[0]["c"]["k"][-1]["s"]
    # #1D1D1F at saturation 1, then 0.15: the blue's lead over red shrinks to 15%.
    assert start[2] - start[0] == pytest.approx((0x1F - 0x1D) / 255, abs=2e-4)
    assert end[2] - end[0] == pytest.approx(0.15 * (0x1F - 0x1D) / 255, abs=2e-4)


def walk(node):
    if isinstance(node, dict):
        yield node
        for value in node.values():
            yield from walk(value)
    elif isinstance(node, list):
        for value in node:
            yield from walk(value)


def test_dotlottie_holds_the_same_animation_and_a_manifest(exported):
    json_path = exported("strikethrough-reveal")
    archive = zipfile.ZipFile(exported("strikethrough-reveal", suffix=".lottie"))
    assert archive.testzip() is None
    names = archive.namelist()
    assert names == ["manifest.json", "animations/strikethrough-reveal.json"]
    manifest = json.loads(archive.read("manifest.json"))
    # The strike ends: players should not replay it for ever.
    assert manifest["animations"][0]["id"] == "strikethrough-reveal" and manifest["animations"][0]["loop"] is False
    looping = zipfile.ZipFile(exported("tracking-breathe", "--loop", name="breathe-loop", suffix=".lottie"))
    assert json.loads(looping.read("manifest.json"))["animations"][0]["loop"] is True
    assert archive.read("animations/strikethrough-reveal.json") == Path(json_path).read_bytes()
    assert archive.getinfo("animations/strikethrough-reveal.json").compress_type == zipfile.ZIP_DEFLATED
    assert os.path.getsize(exported("strikethrough-reveal", suffix=".lottie")) < os.path.getsize(json_path) / 3


def test_a_plugin_in_plain_c_exports_and_plays(tmp_path, exported, pulse):
    path = exported("pulse", "--plugin-path", pulse)
    doc = json.loads(Path(path).read_text(encoding="utf-8"))
    for frame in (0, 20, 45):
        reference = still(tmp_path, "pulse", frame / doc["fr"], "--background", "transparent", "--plugin-path", pulse)
        height, width = reference.shape[:2]
        overlap, difference = compare(thorvg_frame(path, frame, width, height), reference)
        assert overlap >= 0.98 and difference < 8, (frame, overlap, difference)


def test_what_lottie_export_refuses(tmp_path):
    def refused(*arguments):
        result = host("export", *arguments, check=False)
        assert result.returncode != 0 and len(result.stderr.strip().splitlines()) == 1, result.stderr
        return result.stderr

    out = str(tmp_path / "x.json")
    assert "one look" in refused("strikethrough-reveal", "--theme", "auto", "-o", out)
    assert "glyph outlines" in refused("strikethrough-reveal", "--font", "reference", "-o", out)
    assert "one period of a looping effect" in refused("strikethrough-reveal", "--loop", "-o", out)
    assert "cannot write .gif" in refused("strikethrough-reveal", "-o", str(tmp_path / "x.gif"))
    assert not os.path.exists(out)
