"""web/effect-host.js refuses what effect-host refuses, with the same status and
words: Tests/Fixtures/plugins/test_plugin.c built broken in one way each, for
wasm32 (clang, wasi-libc) and natively, loaded and drawn by both hosts."""

import json
import os
import subprocess

import pytest
from web_harness import ROOT, run_node

import effects

FIXTURE = os.path.join(ROOT, "Tests", "Fixtures", "plugins", "test_plugin.c")
WASI = "/usr/lib/wasm32-wasi"
BUILTINS = "/usr/lib/llvm-14/lib/clang/14.0.6/lib/wasi/libclang_rt.builtins-wasm32.a"

# (what is broken, the macros, where it shows: "load" or "draw").
BROKEN = [
    ("a group never closed", ["-DABI_1_2", "-DBROKEN_DRAW_UNBALANCED"], "draw"),
    ("a number that is not a number", ["-DABI_1_2", "-DBROKEN_DRAW_NAN"], "draw"),
    ("a run that splits a character", ["-DTEXT_LENGTH=5"], "draw"),
    ("a run past its string's end", ["-DTEXT_LENGTH=12"], "draw"),
    ("ABI major 2", ["-DBROKEN_ABI_MAJOR=2"], "load"),
    ("a newer minor", ["-DBROKEN_ABI_MINOR=99"], "load"),
    ("an entry that returns NULL", ["-DBROKEN_ENTRY_NULL"], "load"),
]


def build(flags, directory, name):
    """The fixture as a wasm32 plugin (as scripts/build-wasm links the C examples) and as a native one."""
    wasm, native, obj = (os.path.join(directory, name + ext) for ext in (".wasm", ".so", ".o"))
    subprocess.run(["clang", "--target=wasm32-wasi", "--sysroot=/usr", "-isystem", "/usr/include/wasm32-wasi", "-Os", "-Wall", "-Wextra",
                    "-Werror", "-I" + os.path.join(ROOT, "include"), *flags, "-c", FIXTURE, "-o", obj], check=True, capture_output=True)
    subprocess.run(["wasm-ld", "--no-entry", "--gc-sections", "--strip-all", "--export=effect_plugin_entry", "--export=_initialize",
                    "--export=malloc", "--export=free", "--export-table", "--growable-table", obj, WASI + "/crt1-reactor.o",
                    "-L" + WASI, "-lc", BUILTINS, "-o", wasm], check=True, capture_output=True)
    subprocess.run(["cc", "-std=c99", "-Wall", "-Wextra", "-Werror", "-shared", "-fPIC", "-fvisibility=hidden", "-I" + os.path.join(ROOT, "include"),
                    *flags, FIXTURE, "-o", native, "-lm"], check=True, capture_output=True)
    return wasm, native


@pytest.mark.parametrize("what,flags,where", BROKEN, ids=[b[0] for b in BROKEN])
def test_a_broken_plugin_is_refused_as_effect_host_refuses_it(what, flags, where, tmp_path):
    wasm, native = build(flags, str(tmp_path), "broken")
    if where == "load":
        with pytest.raises(effects.PluginLoadError) as caught:
            effects.load_plugin(native)
        expected = str(caught.value)
        # The driver stops on the EffectError loadPlugin throws: "<file>: <reason>".
        done = subprocess.run(["node", os.path.join(ROOT, "Tests", "Web", "sample.mjs")], input=json.dumps({"plugin": wasm, "jobs": []}),
                              capture_output=True, text=True, timeout=60)
        assert done.returncode != 0 and "status: -14" in done.stderr, done.stderr
        reason = done.stderr.split(wasm + ": ", 1)[1].splitlines()[0]
        assert reason in expected, (reason, expected)
    else:
        instance = effects.load_plugin(native).effect("test-ramp").create()
        with pytest.raises(effects.EffectError) as caught:
            instance.draw(0.5)
        [result] = run_node("sample.mjs", {"plugin": wasm, "jobs": [{"effect": "test-ramp", "draw": [0.5]}]})
        assert (result["status"], result["message"]) == (caught.value.status, str(caught.value))
        assert result["code"] == "INTERNAL"


def test_a_whole_run_draws_as_native(tmp_path):
    """The run of the first 6 bytes of "rampé up" is "rampé" in both hosts."""
    wasm, native = build(["-DTEXT_LENGTH=6"], str(tmp_path), "run")
    [result] = run_node("sample.mjs", {"plugin": wasm, "jobs": [{"effect": "test-ramp", "draw": [0.5]}]})
    texts = [item["text"] for item in result["drawn"][0]["items"] if item["kind"] == "text"]
    native_texts = [item.text for item in effects.load_plugin(native).effect("test-ramp").create().draw(0.5).items if isinstance(item, effects.Text)]
    assert texts == native_texts == ["rampé"]
