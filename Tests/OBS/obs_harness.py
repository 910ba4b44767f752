"""Headless libobs (Debian's, unmodified) driven through Tests/OBS/harness.c.

Harness(...) starts the harness under xvfb-run: Xvfb's display, OpenGL from
Mesa's llvmpipe, the `obs` program's start-up calls. Each method sends one
command line and reads its answer; close() ends it and returns OBS's whole
log (stderr).
"""

import json
import os
import subprocess
import tempfile

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BUILD = os.environ.get("EFFECT_TEST_BUILD_DIR", os.path.join(ROOT, ".build", "debug"))


class HarnessError(AssertionError):
    pass


class Harness:
    def __init__(self, program, modules=(), user_plugins=None, config=None, env=None, fps=60):
        arguments = [program]
        for module, data in modules:
            arguments += ["--module", str(module), str(data)]
        if user_plugins is not None:
            arguments += ["--user-plugins", str(user_plugins)]
        if config is not None:
            arguments += ["--config", str(config)]
        arguments += ["--fps", str(fps)]
        self.stderr = tempfile.TemporaryFile()  # noqa: SIM115 (the harness writes to it until close())
        self.bye = ""
        self.process = subprocess.Popen(
            ["xvfb-run", "-a", *arguments], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.stderr, text=True,
            env=env)
        first = self.process.stdout.readline().strip()
        if first != "ready":
            raise HarnessError(f"the harness did not start ({first!r}):\n{self.close()[-4000:]}")

    def send(self, line):
        self.process.stdin.write(line.replace("\n", " ") + "\n")
        self.process.stdin.flush()
        answer = self.process.stdout.readline().rstrip("\n")
        if not answer:
            raise HarnessError(f"the harness stopped at {line!r}:\n{self.close()[-4000:]}")
        return answer

    def ok(self, line):
        answer = self.send(line)
        if not answer.startswith("ok"):
            raise HarnessError(f"{line!r}: {answer}")
        return answer[3:]

    def lines(self, line):
        """A command that answers several lines, then "end"."""
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()
        out = []
        while True:
            answer = self.process.stdout.readline()
            if not answer:
                raise HarnessError(f"the harness stopped at {line!r}:\n{self.close()[-4000:]}")
            if answer.rstrip("\n") == "end":
                return out
            out.append(answer.rstrip("\n"))

    def types(self):
        return {fields[0]: (fields[1], int(fields[2])) for fields in (line.split("\t") for line in self.lines("types"))}

    def create(self, name, type_id, settings=None):
        return self.ok(f"create {name} {type_id} {json.dumps(settings or {}, ensure_ascii=False)}")

    def update(self, name, settings):
        return self.ok(f"update {name} {json.dumps(settings, ensure_ascii=False)}")

    def save(self, name):
        return json.loads(self.ok(f"save {name}"))

    def defaults(self, type_id):
        return json.loads(self.ok(f"defaults {type_id}"))

    def size(self, name):
        w, h = self.ok(f"size {name}").split()
        return int(w), int(h)

    def time(self, name):
        return int(self.ok(f"time {name}"))

    def at(self, name, seconds):
        """The source paused at `seconds` (OBS's media controls), drawn by the next frame."""
        self.ok(f"pause {name}")
        self.ok(f"seek {name} {round(seconds * 1000)}")
        self.ok("frame")

    def render(self, name):
        """The source's own texture, alone, as (height, width, 4) premultiplied RGBA bytes."""
        with tempfile.NamedTemporaryFile(suffix=".rgba") as f:
            w, h = (int(v) for v in self.ok(f"render {name} {f.name}").split())
            return np.fromfile(f.name, dtype=np.uint8).reshape(h, w, 4)

    def props(self, name):
        """Each property: name -> its tab-separated fields after the name."""
        return {fields[0]: fields[1:] for fields in (line.split("\t") for line in self.lines(f"props {name}"))}

    def log(self):
        return "\n".join(self.lines("log"))

    def close(self):
        """Ends OBS (obs_shutdown) and returns its log; again, the same log."""
        if self.stderr.closed:
            return self.closing_log
        if self.process.poll() is None:
            try:
                self.process.stdin.write("quit\n")
                self.process.stdin.flush()
                self.process.stdin.close()
            except BrokenPipeError:
                pass
            try:
                self.bye = self.process.stdout.read()
                self.process.wait(timeout=60)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.stderr.seek(0)
        self.closing_log = self.stderr.read().decode("utf-8", "replace")
        self.stderr.close()
        return self.closing_log

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def compile_harness(out):
    flags = subprocess.run(["pkg-config", "--cflags", "--libs", "libobs", "x11"], capture_output=True, text=True,
                           check=True).stdout.split()
    subprocess.run([os.environ.get("CC", "cc"), "-std=c11", "-Wall", "-Wextra", "-Werror",
                    os.path.join(ROOT, "Tests", "OBS", "harness.c"), "-o", str(out), *flags, "-lpthread"],
                   check=True, capture_output=True, text=True)


def obs_env(home, plugin_path=None):
    """Only the effects beside the build (and plugin_path's), a home of the test's own."""
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(home), "XDG_CACHE_HOME": str(home / "cache"),
           "XDG_CONFIG_HOME": str(home / "config")}
    if plugin_path is not None:
        env["EFFECT_PLUGIN_PATH"] = str(plugin_path)
    return env
