import math
import os

import numpy as np
import pytest
from reference import ease_in_out, strike, tracking

import effects


def test_finds_every_bundled_plugin(catalog, plugins_dir):
    ids = {plugin.id: [effect.id for effect in plugin.effects] for plugin in catalog.plugins}
    assert ids["strike"] == ["strikethrough-reveal"]
    assert ids["breathe"] == ["tracking-breathe", "breathing-circles"]
    assert ids["reveal"] == ["text-reveal"]
    assert catalog.failures == []
    assert catalog.plugins[0].path.startswith(plugins_dir)


def test_environment_path_is_searched(monkeypatch, plugins_dir):
    monkeypatch.setenv("EFFECT_PLUGIN_PATH", "/nonexistent:" + plugins_dir)
    catalog = effects.scan()
    assert catalog.failures[0].path == "/nonexistent"
    assert catalog.effect("tracking-breathe").plugin.id == "breathe"


def test_params_and_channels_describe_themselves(catalog):
    effect = catalog.effect("strikethrough-reveal")
    duration = effect.param("duration")
    assert (duration.type, duration.default, duration.min, duration.max, duration.unit) == ("number", 0.32, 0.001, 60, "s")
    assert duration.live and not duration.optional and duration.doc
    assert effect.param("progress").optional and effect.param("progress").default is None
    assert effect.param("line_color").default == "#8A8F98FF"
    assert [channel.name for channel in effect.channels] == [
        "amount", "line_width", "text_opacity", "saturation", "scale", "tick_trim"]
    unit = catalog.effect("text-reveal").param("unit")
    assert unit.type == "enum" and unit.choices == ("characters", "words", "lines") and unit.default == "words"
    circles = catalog.effect("breathing-circles")
    assert circles.channels[2].labels == ("Breathe in", "Hold", "Breathe out", "Hold")
    assert [channel.name for channel in circles.element_channels] == ["x", "y", "scale", "opacity"]


def test_multiline_strings_say_so(catalog):
    """ABI 1.7's EFFECT_PARAM_MULTILINE, through the C API: the bundled texts show
    their line breaks as lines; highlight phrases are one line, and no other param is."""
    marked = {
        effect.id: [param.name for param in effect.params if param.multiline]
        for plugin in catalog.plugins for effect in plugin.effects
    }
    assert marked == {
        "strikethrough-reveal": ["text"],
        "tracking-breathe": ["text"],
        "breathing-circles": [],
        "text-reveal": ["text"],
    }
    text = catalog.effect("text-reveal").param("text")
    assert (text.type, text.live, text.optional, text.multiline) == ("string", False, False, True)
    assert catalog.effect("text-reveal").param("highlights").multiline is False


def test_strike_values_and_retract(catalog):
    with catalog.effect("strikethrough-reveal").create() as instance:
        for t in (0.0, 0.08, 0.16, 0.32):
            sample = instance.sample(t)
            for name, value in strike(ease_in_out(t / 0.32)).items():
                assert sample[name] == pytest.approx(value, abs=1e-12), (name, t)
        instance.set("done", False, at=1.2)
        assert instance.sample(1.36)["amount"] == pytest.approx(0.5, abs=1e-12)
        assert instance.strings(2).accessibility_value == "Not done"
        assert instance.timing == effects.Timing("ends", end=pytest.approx(1.52))


def test_an_edit_after_seeking_back_drops_the_later_events(catalog):
    """Host API 1.6. The seed's strike eases `amount` toward `done` over
    0.32 s from each change, half way 0.16 s in. Made not done, done at 2
    strikes it; done=false edited in at 1 takes that strike out."""
    strike = catalog.effect("strikethrough-reveal")
    with strike.create(done=False) as instance, strike.create(done=False) as never:
        picture = instance.picture()
        instance.set("done", True, at=2)
        assert instance.sample(2.16)["amount"] == pytest.approx(0.5, abs=1e-12)
        struck = picture.draw(2.5)
        instance.edit("done", False, at=1)
        assert [instance.sample(t)["amount"] for t in (0.16, 1.16, 2.16, 2.5)] == [0, 0, 0, 0]
        assert instance.get("done", at=2.5) is False
        # The picture made before draws the edited history: the never-struck frame.
        unstruck = never.picture().draw(2.5)
        assert not np.array_equal(struck, unstruck)
        assert np.array_equal(picture.draw(2.5), unstruck)
        # At or after the latest event it is set: params set at one t stay together.
        instance.edit("done", True, at=3)
        instance.edit("tick", False, at=3)
        assert instance.sample(3.16)["amount"] == pytest.approx(0.5, abs=1e-12)
        assert instance.sample(3.16)["tick_trim"] == 0


def test_a_forgotten_param_is_the_default_from_the_start_and_a_refusal_changes_nothing(catalog):
    strike = catalog.effect("strikethrough-reveal")
    with strike.create(done=False, duration=0.5) as instance:
        instance.set("done", True, at=1)
        with pytest.raises(effects.EffectError) as unknown:
            instance.edit("donee", False, at=0.5)
        assert unknown.value.status == -5
        with pytest.raises(effects.EffectError) as refused:
            instance.edit("duration", 120.0, at=0.5)  # past its 60 s, refused by the plugin after the remake
        assert refused.value.status == -7
        with pytest.raises(effects.EffectError):
            instance.forget("donee")
        assert instance.sample(1.25)["amount"] == pytest.approx(0.5, abs=1e-12)  # done at 1 over 0.5 s
        instance.forget("done")  # true, the default, from 0: struck on appear over the 0.5 s kept
        assert instance.sample(0.25)["amount"] == pytest.approx(0.5, abs=1e-12)
        assert instance.sample(1.25)["amount"] == 1
    # A param that shapes the frame: text-reveal's default text has 7 words
    # ("Plan the week in one calm glance."), one element each.
    with catalog.effect("text-reveal").create(text="Two words") as reveal:
        assert reveal.element_count == 2
        reveal.forget("text")
        assert reveal.element_count == 7
        assert len(reveal.sample(5).elements) == 7


def test_tracking_breathe_and_circles(catalog):
    with catalog.effect("tracking-breathe").create(text="Slow") as instance:
        for t in (0.2, 0.9, 2.7, 5.0):
            expected_tracking, expected_opacity = tracking(t)
            sample = instance.sample(t)
            assert sample["tracking"] == pytest.approx(expected_tracking, abs=1e-9)
            assert sample["opacity"] == pytest.approx(expected_opacity, abs=1e-9)
            assert sample["offset_x"] == pytest.approx(expected_tracking / 2, abs=1e-9)
        assert instance.strings().text == "SLOW"
        assert instance.timing.kind == "loops" and instance.timing.period == 3.6
    with catalog.effect("breathing-circles").create(circle_count=4) as circles:
        sample = circles.sample(1.5)
        assert sample["expansion"] == 0.5 and sample["rotation"] == 50
        assert sample.elements[1]["y"] == pytest.approx(35, abs=1e-12)
        assert [element.attributes["angle"] for element in circles.elements] == [0, 90, 180, 270]


def test_sample_many_equals_repeated_sample(catalog):
    for id, params in [("strikethrough-reveal", {}), ("breathing-circles", {"circle_count": 3}),
                       ("text-reveal", {"text": "one two three", "preset": "soften"})]:
        with catalog.effect(id).create(**params) as instance:
            frames = instance.sample_many(0.01, 0.037, 50)
            assert frames.raw.shape == (50, instance.frame_size)
            for index in range(50):
                single = instance.sample(0.01 + index * 0.037)
                assert list(frames.channels[index]) == list(single.channels.values())
                for element, values in enumerate(single.elements):
                    assert list(frames.elements[index, element]) == list(values.values())


def test_bad_input_raises_with_the_plugins_message(catalog):
    effect = catalog.effect("strikethrough-reveal")
    with pytest.raises(effects.EffectError) as refused:
        effect.create(duration=float("nan"))
    assert refused.value.status_name == "EFFECT_ERR_RANGE"
    assert str(refused.value) == "param 'duration' must be a finite number, not nan"
    with pytest.raises(effects.EffectError, match=r"is 2; it must be within 0\.\.\.1"):
        effect.create(fade=2)
    with pytest.raises(effects.EffectError, match="has no param 'colour'"):
        effect.create(colour=1)
    with pytest.raises(effects.EffectError, match="needs a bool value, not str"):
        effect.create(done="yes")
    with pytest.raises(effects.EffectError) as bad_utf8:
        effect.create(text=b"\xc3\x28")
    assert bad_utf8.value.status_name == "EFFECT_ERR_UTF8"
    with pytest.raises(effects.EffectError, match="cannot be written as UTF-8"):
        effect.create(text="\ud800")
    with pytest.raises(effects.EffectError, match="has no choice 'sentences'"):
        catalog.effect("text-reveal").create(unit="sentences")
    instance = effect.create()
    for t in (math.nan, -1.0, math.inf):
        with pytest.raises(effects.EffectError) as bad_time:
            instance.sample(t)
        assert bad_time.value.status_name == "EFFECT_ERR_TIME"
    with pytest.raises(effects.EffectError, match="fixed when the instance is created"):
        instance.set("text", "other", at=1)
    with pytest.raises(effects.EffectError, match="n must be a whole number"):
        instance.sample_many(0, 0.1, -1)
    instance.close()
    with pytest.raises(effects.EffectError, match="closed"):
        instance.sample(0)


def test_reveal_elements_and_layout(catalog):
    with catalog.effect("text-reveal").create(text="Plan the week", highlights="the week") as instance:
        assert [(element.text, element.attributes["chunk"], element.attributes["highlighted"]) for element in instance.elements] == [
            ("Plan", 0, 0), ("the", 1, 1), ("week", 1, 1)]
        layout = instance.layout([(80, 48), (120, 50)], 300)
        # gap = round(0.24 · 50) = 12; the phrase sits 2 pt into its padded frame.
        assert (layout.width, layout.height) == (80 + 12 + 124, 50)
        plan, phrase = layout.items
        assert (plan.x, plan.y, plan.width, plan.height, plan.row) == (0, 2, 80, 48, 0), "bottom-aligned in a 50 pt row"
        assert plan.decoration is None, "no highlight behind 'Plan'"
        assert (phrase.x, phrase.y, phrase.width, phrase.height, phrase.row) == (80 + 12 + 2, 0, 120, 50, 0)
        # pad round(0.16 · 50) = 8 each side; 1.04 h tall, lifted 0.01 h; radius 0.24 h.
        assert phrase.decoration == effects.Decoration(80 + 12 + 2 - 8, -0.5, 120 + 16, 52, 12)
        wrapped = instance.layout([(80, 48), (120, 50)], 150)
        assert [item.row for item in wrapped.items] == [0, 1], "216 pt of items do not fit 150"
        # WordFlow stacks rows with no gap between them: the phrase's row starts at y = 48.
        assert (wrapped.width, wrapped.height) == (124, 48 + 50)
        assert (wrapped.items[1].x, wrapped.items[1].y) == (2, 48)
        with pytest.raises(effects.EffectError, match="item_count is 1"):
            instance.layout([(80, 48)], 300)


def test_broken_files_are_reported_not_crashing(tmp_path):
    (tmp_path / "empty.so").write_bytes(b"")
    (tmp_path / "text.so").write_text("not a library")
    with pytest.warns(effects.PluginLoadWarning) as warned:
        catalog = effects.scan([str(tmp_path)], defaults=False)
    reasons = {os.path.basename(failure.path): failure.reason for failure in catalog.failures}
    assert reasons == {"empty.so": "an empty file, not a shared library", "text.so": "not an ELF shared library"}
    assert sorted(str(warning.message) for warning in warned) == [
        f"skipped {tmp_path}/empty.so: an empty file, not a shared library",
        f"skipped {tmp_path}/text.so: not an ELF shared library",
    ]
    with pytest.raises(effects.PluginLoadError):
        effects.load_plugin(str(tmp_path / "missing.so"))


def test_plugins_others_could_write_are_refused_unless_allowed(open_plugin):
    directory = open_plugin.parent
    with pytest.warns(effects.PluginLoadWarning, match="skipped .*refused"):
        catalog = effects.scan([str(directory)], defaults=False)
    assert catalog.plugins == []
    reason = catalog.failures[0].reason
    with pytest.raises(effects.EffectError) as missing:
        catalog.effect("strikethrough-reveal")
    # Not "no plugin found": the one there was refused, and the message says why.
    assert missing.value.message.startswith(
        f"no effect 'strikethrough-reveal': no plugin loaded (searched {directory}); skipped {catalog.failures[0]}; pass paths")
    assert reason.startswith(f"refused: the directory {os.path.realpath(directory)} can be written by everyone (mode 0777)")
    assert reason.endswith("or pass allow_unsafe=True to load it anyway")
    allowed = effects.scan([str(directory)], defaults=False, allow_unsafe=True)
    assert [effect.id for plugin in allowed.plugins for effect in plugin.effects] == ["strikethrough-reveal"]


def test_threads_sample_one_instance_and_close_waits(catalog):
    import threading

    with catalog.effect("breathing-circles").create() as instance:
        times = [index * 0.013 for index in range(300)]
        expected = [instance.sample(t).elements[3]["x"] for t in times]
        wrong = []

        def worker():
            for t, value in zip(times, expected):
                if instance.sample(t).elements[3]["x"] != value:
                    wrong.append(t)

        threads = [threading.Thread(target=worker) for _ in range(8)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert wrong == []

    # Closing while other threads sample waits for them and never crashes.
    instance = catalog.effect("text-reveal").create(text=" ".join(["word"] * 200))
    errors = []

    def sampler():
        try:
            for _ in range(200):
                instance.sample_many(0, 0.01, 20)
        except effects.EffectError as error:
            errors.append(error.message)

    threads = [threading.Thread(target=sampler) for _ in range(4)]
    for thread in threads:
        thread.start()
    instance.close()
    for thread in threads:
        thread.join()
    assert set(errors) <= {"the instance is closed"}


def test_sampling_failures_carry_the_plugins_message(catalog):
    # Sampling calls pass no error struct; a failure is asked again with one.
    with catalog.effect("tracking-breathe").create() as instance:
        with pytest.raises(effects.EffectError) as single:
            instance.sample(math.inf)
        assert single.value.status_name == "EFFECT_ERR_TIME"
        assert str(single.value) == "t = inf is not a time; times are finite and >= 0"
        with pytest.raises(effects.EffectError) as batch:
            instance.sample_many(0.25, -0.25, 3)
        assert batch.value.status_name == "EFFECT_ERR_TIME"
        assert str(batch.value) == "t = -0.25 is not a time; times are finite and >= 0"


def test_frames_views_are_the_batch_buffer(catalog):
    import numpy as np

    with catalog.effect("breathing-circles").create(circle_count=3) as instance:
        frames = instance.sample_many(0.5, 0.25, 4)
        # 5 global channels and 3 circles of 4 values: 17 a frame.
        assert frames.raw.shape == (4, 17)
        assert frames.channels.shape == (4, 5) and frames.elements.shape == (4, 3, 4)
        assert frames.t.tolist() == [0.5, 0.75, 1.0, 1.25]
        assert frames.channel_names[0] == "expansion" and frames.element_channel_names == ("x", "y", "scale", "opacity")
        # One buffer: the channels and elements are windows on the raw frames.
        assert frames.channels[2, 1] == frames.raw[2, 1] and frames.elements[3, 2, 3] == frames.raw[3, 5 + 2 * 4 + 3]
        assert np.shares_memory(frames.channels, frames.raw) and np.shares_memory(frames.elements, frames.raw)
        assert frames.raw is frames.raw
        with pytest.raises(AttributeError):
            frames.channel_names = ()
        empty = instance.sample_many(0, 0.1, 0)
        assert empty.raw.shape == (0, 17) and empty.t.shape == (0,)
        # A single sample holds the same values, by name.
        single = instance.sample(0.75)
        assert list(single) == list(frames.channel_names) and len(single) == 5
        assert single["expansion"] == frames.channels[1, 0] and single.elements[2]["opacity"] == frames.elements[1, 2, 3]
        assert single == instance.sample(0.75) and single != instance.sample(1.0)
        assert repr(single).startswith("Sample(t=0.75, channels={'expansion': ")
        with pytest.raises(AttributeError):
            single.t = 2.0


def test_set_waits_for_samplers_and_they_see_it_whole(catalog):
    import threading

    with catalog.effect("tracking-breathe").create() as instance:
        before = instance.sample(5.0)["tracking"]
        stop = threading.Event()
        seen = set()
        split = []

        def sampler():
            while not stop.is_set():
                # 500 frames of one t: a set let in mid-batch would change some.
                column = instance.sample_many(5.0, 0, 500).raw[:, 0]
                if (column != column[0]).any():
                    split.append(column)
                seen.add(float(column[0]))

        threads = [threading.Thread(target=sampler) for _ in range(3)]
        for thread in threads:
            thread.start()
        for step in range(20):
            instance.set("min_tracking", 4.0 if step % 2 == 0 else 1.0, at=0)
        instance.set("min_tracking", 4.0, at=0)
        after = instance.sample(5.0)["tracking"]
        stop.set()
        for thread in threads:
            thread.join()
        assert after != before
        assert split == []
        # Every batch saw the instance before an event or after it, never between.
        assert seen and seen <= {before, after}


def test_elements_without_channels_are_empty_mappings(tmp_path):
    from plugin_fixtures import compile_test_plugin

    # The fixture's one element has an attribute's worth of nothing: no channels.
    plugin = effects.load_plugin(compile_test_plugin(str(tmp_path), "libBareElement.so", ("BROKEN_ELEMENT_UTF8",)))
    with plugin.effect("test-ramp").create(length=4) as instance:
        assert instance.element_count == 1
        assert instance.sample(1).elements == [{}]
        assert instance.sample_many(0, 1, 3).elements.shape == (3, 1, 0)


def test_strings_that_are_null_or_not_utf8_are_refused_as_the_host_refuses_them(tmp_path):
    from plugin_fixtures import compile_test_plugin

    # A metadata string that is not UTF-8: the plugin is refused, not read with replacement characters.
    with pytest.raises(effects.PluginLoadError, match=r": plugin name is not valid UTF-8$"):
        effects.load_plugin(compile_test_plugin(str(tmp_path), "libBadName.so", ("BROKEN_UTF8",)))
    # An element's text cut short, and a NULL accessibility value at the end.
    plugin = effects.load_plugin(compile_test_plugin(str(tmp_path), "libBadElement.so", ("BROKEN_ELEMENT_UTF8",)))
    with (
        plugin.effect("test-ramp").create(length=4) as instance,
        pytest.raises(effects.EffectError, match="the plugin's element 0 text is NULL or not UTF-8"),
    ):
        _ = instance.elements
    plugin = effects.load_plugin(compile_test_plugin(str(tmp_path), "libNullValue.so", ("BROKEN_NULL_STRINGS",)))
    with plugin.effect("test-ramp").create(length=4) as instance:
        assert instance.strings(1).accessibility_label == "Ramp"
        with pytest.raises(effects.EffectError, match="the plugin's accessibility value is NULL or not UTF-8"):
            instance.strings(4)


def test_python_types_and_mapping(catalog, plugins_dir):
    import numpy as np

    assert [plugin.id for plugin in effects.scan(plugins_dir, defaults=False).plugins] == ["breathe", "reveal", "strike"]
    effect = catalog.effect("strikethrough-reveal")
    with pytest.raises(effects.EffectError, match="must be a finite number, not inf"):
        effect.create(duration=10**400)
    with effect.create(duration=np.float64(0.64), fade=np.int64(0)) as instance:
        sample = instance.sample(np.float64(0.32))
        assert "amount" in sample and dict(sample)["amount"] == pytest.approx(0.5, abs=1e-12)
        assert len(sample) == 6
        with pytest.raises(effects.EffectError) as huge:
            instance.sample(10**400)
        assert huge.value.status_name == "EFFECT_ERR_TIME"
        assert instance.sample_many(0, 0.1, np.int64(3)).raw.shape == (3, 6)
    for colour in ("+1234567", "1_23_456", "#12345"):
        with pytest.raises(effects.EffectError) as refused:
            effect.create(line_color=colour)
        assert str(refused.value) == f"param 'line_color' needs a colour such as #8A8F98 or #8A8F98FF, not '{colour}'"
    with effect.create(line_color="#102030") as instance:
        assert instance.get("line_color") == "#102030FF"
