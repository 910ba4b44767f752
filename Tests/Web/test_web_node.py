"""The web host's module in Node, as a program uses it: docs/web.md's example run as
written beside the web host and Strike.wasm (it prints what its comment says: 0.5,
half struck, halfway through the 0.32 s easeInOut), and a request too large for a
plugin's 32-bit memory refused without harm to the plugin."""

import re
import shutil
import subprocess

from web_harness import ROOT, node


def test_the_node_example_runs_as_written(wasm_dir, tmp_path):
    page = (ROOT / "docs/web.md").read_text(encoding="utf-8")
    [example] = [block for block in re.findall(r"```js\n(.*?)```", page, re.S) if "node:fs" in block]
    for name in ("effect-host.js", "line-breaks.js", "package.json"):
        shutil.copy(ROOT / "web" / name, tmp_path / name)
    shutil.copy(f"{wasm_dir}/Strike.wasm", tmp_path / "Strike.wasm")
    (tmp_path / "example.mjs").write_text(example, encoding="utf-8")
    ran = subprocess.run([node(), "example.mjs"], cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert (ran.returncode, ran.stdout) == (0, "0.5\n"), ran.stderr


def test_a_count_too_large_for_wasm_memory_is_refused_and_the_plugin_lives_on(wasm_dir, tmp_path):
    # 89,478,486 frames of 6 doubles: 8 x n wraps a 32-bit size to 32 bytes.
    script = tmp_path / "large.mjs"
    script.write_text(f"""
import {{ readFile }} from 'node:fs/promises';
import {{ loadPlugin }} from '{ROOT}/web/effect-host.js';
const plugin = await loadPlugin(await readFile('{wasm_dir}/Strike.wasm'));
const strike = plugin.create('strikethrough-reveal');
for (const count of [89478486, 1e9]) {{
  try {{ strike.sampleMany(0, 0.01, count); console.log('sampled'); }} catch (e) {{ console.log(e.code, e.message); }}
}}
console.log(strike.sample(0.16).amount, plugin.create('strikethrough-reveal').sample(1).amount);
""", encoding="utf-8")
    ran = subprocess.run([node(), str(script)], capture_output=True, text=True, timeout=60)
    assert ran.returncode == 0, ran.stderr
    assert ran.stdout.splitlines() == [
        "OUT_OF_MEMORY 4294967328 bytes do not fit a WebAssembly plugin's memory",
        "OUT_OF_MEMORY 48000000000 bytes do not fit a WebAssembly plugin's memory",
        "0.5 1",
    ]
