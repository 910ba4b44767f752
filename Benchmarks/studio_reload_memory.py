#!/usr/bin/env python3
"""What a plugin rebuild costs `effect-host studio --watch` in memory: each
build is loaded as a copy and never unmapped (docs/studio.md says why).
Runs the studio (EFFECT_TEST_BUILD_DIR's build, default .build/release) on a
private plugin directory, replaces the plugin file RELOADS times, waits for
each build to be loaded, and prints the studio process's resident memory
before and after.

    Benchmarks/studio_reload_memory.py c              # examples/c-plugin/pulse.c, rebuilt
    Benchmarks/studio_reload_memory.py PLUGIN.so      # a copy of this file, changed each time
"""

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
os.environ.setdefault("EFFECT_TEST_BUILD_DIR", str(ROOT / ".build" / "release"))
sys.path.insert(0, str(ROOT / "Tests" / "Studio"))
import studio_harness as harness  # noqa: E402 (found through the path set just above)

RELOADS = 20


def main():
    kind = sys.argv[1] if len(sys.argv) > 1 else "c"
    work = Path(tempfile.mkdtemp())
    (work / "plugins").mkdir(mode=0o755)
    name = "libPulse.so" if kind == "c" else os.path.basename(kind)

    def build(index):
        partial = work / "plugins" / ".new"
        if kind == "c":
            source = work / "pulse.c"
            text = (ROOT / "examples" / "c-plugin" / "pulse.c").read_text()
            source.write_text(text.replace("0x8E8E93FFu", f"0x{index % 256:02X}8E93FFu"))
            subprocess.run(["cc", "-std=c99", "-O2", "-shared", "-fPIC", "-fvisibility=hidden", f"-I{ROOT / 'include'}", str(source),
                            "-o", str(partial), "-lm"], check=True)
        else:
            shutil.copyfile(kind, partial)
            with open(partial, "ab") as file:
                file.write(b"\0" * (index + 1))  # another file each time, the same plugin
        os.rename(partial, work / "plugins" / name)

    build(0)
    studio = harness.Studio(work / "home", "--plugin-path", str(work / "plugins"), "--watch")
    try:
        pid = int(subprocess.run(["pgrep", "-n", "-f", "effect_studio.py"], capture_output=True, text=True).stdout.split()[0])

        def resident():
            with open(f"/proc/{pid}/status") as status:
                return int(next(line for line in status if line.startswith("VmRSS")).split()[1])

        def generation():
            with urllib.request.urlopen(f"http://127.0.0.1:{studio.port}/api/status?token={studio.token}") as answer:
                return json.loads(answer.read())["generation"]

        build(1)
        while generation() < 1:
            time.sleep(0.05)
        before = resident()
        for index in range(2, RELOADS + 2):
            build(index)
            while generation() < index:
                time.sleep(0.05)
        after = resident()
    finally:
        studio.close()
        shutil.rmtree(work, ignore_errors=True)
    print(f"{name} ({'pulse.c, cc -O2' if kind == 'c' else kind}): {RELOADS} reloads, resident {before} -> {after} KiB, "
          f"{(after - before) / RELOADS:.0f} KiB a reload")


if __name__ == "__main__":
    main()
