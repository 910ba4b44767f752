"""Cost from Python, in one process: sample() per call against a bare ctypes
call of the same function; sample_many() for n = 1, 10, 100 and 1000 frames
against the same batch called from C (libbatch_clock.so, loaded here, timed
in the same rounds); and the same seed formulas vectorised in numpy over
1,000 times. Each numpy formula is first checked against the plugin's
frames, so they compute the same thing.

    python3 Benchmarks/python_bench.py PLUGIN_DIR CLOCK_LIBRARY
"""

import ctypes
import statistics
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "python"))
import effects

BATCH = 1000
ROUNDS = 15
SINGLE_CALLS = 2000
#: Batch sizes, and how many calls of each a round times.
BATCHES = [(1, 2000), (10, 2000), (100, 1000), (1000, 200)]
PI = np.pi


def ease_in_out(x):
    """CSS/SwiftUI easeInOut, cubic-bezier(0.42, 0, 0.58, 1), by Newton's method."""
    x = np.clip(x, 0.0, 1.0)
    u = x.copy()
    for _ in range(8):
        error = ((1 - 3 * 0.58 + 3 * 0.42) * u + (3 * 0.58 - 6 * 0.42)) * u * u + 3 * 0.42 * u - x
        slope = (3 * (1 - 3 * 0.58 + 3 * 0.42) * u + 2 * (3 * 0.58 - 6 * 0.42)) * u + 3 * 0.42
        u = u - error / slope
    return np.where(x <= 0, 0.0, np.where(x >= 1, 1.0, (-2 * u + 3) * u * u))


def strike(t):
    a = ease_in_out(t / 0.32)
    lag = np.clip((a - 0.4) / 0.6, 0, 1)
    x = np.minimum(a / 0.55, 1)
    dip = np.where((a > 0) & (a < 1), 1 - 0.015 * np.exp(-4.2 * x) * np.cos(7.5 * x), 1.0)
    return np.stack([a, a, 1 - 0.55 * lag, 1 - 0.85 * lag, dip, a], axis=1)


def tracking(t):
    entering = t < 0.9
    rest = 1 - np.minimum(t, 0.9) / 0.9
    eased = 1 - rest**5
    wave = (1 - np.cos(2 * PI * np.mod((t - 0.9) / 3.6, 1))) / 2
    tracking_ = np.where(entering, 17 - 16 * eased, 1 + 8 * wave)
    opacity = np.where(entering, eased, 1 - 0.02 * wave)
    return np.stack([tracking_, opacity, tracking_ / 2], axis=1)


# The circles' directions, worked out once, as the C baseline and the plugin do.
CIRCLE_COS = np.cos(2 * PI / 8 * np.arange(8))
CIRCLE_SIN = np.sin(2 * PI / 8 * np.arange(8))


def circles(t):
    within = np.mod(t, 8)
    phase = np.select([within < 3, within < 4, within < 7], [0, 1, 2], 3).astype(np.float64)
    e = np.select(
        [phase == 0, phase == 1, phase == 2],
        [ease_in_out(within / 3), np.ones_like(t), 1 - ease_in_out((within - 4) / 3)],
        np.zeros_like(t),
    )
    per_circle = np.stack(
        [
            CIRCLE_COS[None, :] * 70 * e[:, None],
            CIRCLE_SIN[None, :] * 70 * e[:, None],
            np.broadcast_to((1 + e)[:, None], (len(t), 8)),
            np.broadcast_to((0.2 + 0.8 * (1 - e))[:, None], (len(t), 8)),
        ],
        axis=2,
    ).reshape(len(t), 32)
    globals_ = np.stack([e, 100 * e, phase, (t - within) / 8, np.zeros_like(t)], axis=1)
    return np.concatenate([globals_, per_circle], axis=1)


def _reveal_settle():
    low, high = 0.0, 50.0
    for _ in range(200):
        x = (low + high) / 2
        low, high = (x, high) if np.exp(-x) * (1 + x) > 1e-3 else (low, x)
    return high / (2 * PI / 0.62)


REVEAL_SETTLE = _reveal_settle()


def reveal(t):
    w0, stagger = 2 * PI / 0.62, 0.3 / 39
    elapsed = t[:, None] - np.arange(40)[None, :] * stagger
    safe = np.maximum(elapsed, 0)
    p = np.where(elapsed <= 0, 0.0, np.where(elapsed >= REVEAL_SETTLE, 1.0, 1 - np.exp(-w0 * safe) * (1 + w0 * safe)))
    units = np.stack(
        [p, np.ones_like(p), 1.05 * 48 * (1 - p), np.zeros_like(p), np.ones_like(p), np.zeros_like(p)], axis=2
    ).reshape(len(t), 240)
    globals_ = np.stack([np.ones_like(t), np.zeros_like(t)], axis=1)
    return np.concatenate([globals_, units], axis=1)


SUBJECTS = [
    ("strikethrough-reveal", {}, strike),
    ("tracking-breathe", {}, tracking),
    ("breathing-circles", {}, circles),
    ("text-reveal", {"text": " ".join(["word"] * 40)}, reveal),
]


def _median_ns_per_frame(run, frames):
    times = []
    for _ in range(ROUNDS):
        start = time.perf_counter()
        run()
        times.append((time.perf_counter() - start) / frames * 1e9)
    return statistics.median(times)


def _clock(path):
    library = ctypes.CDLL(path)
    function = library.batch_seconds
    function.restype = ctypes.c_double
    function.argtypes = [
        ctypes.c_void_p, ctypes.c_void_p, ctypes.c_double, ctypes.c_double, ctypes.c_uint64, ctypes.c_void_p,
        ctypes.c_uint64, ctypes.c_int,
    ]
    return function


def _batches(instance, clock, dt):
    """For each n: ns per call from Python and from C, and the median of the
    ratios within each round (both run in every round, under the same load)."""
    api = ctypes.cast(instance.effect.plugin._api_pointer, ctypes.c_void_p)
    handle = instance._handle
    result = {}
    for n, calls in BATCHES:
        buffer = np.empty(n * instance.frame_size)
        address = buffer.ctypes.data
        python, c, ratios = [], [], []
        for _ in range(ROUNDS):
            start = time.perf_counter()
            # Reading one value makes the view a caller would make.
            for _ in range(calls):
                instance.sample_many(0.0, dt, n).raw[0, 0]
            python.append((time.perf_counter() - start) / calls * 1e9)
            seconds = clock(api, handle, 0.0, dt, n, address, buffer.size, calls)
            if seconds < 0:
                raise SystemExit(f"{instance.effect.id}: sample_many from C failed")
            c.append(seconds / calls * 1e9)
            ratios.append(python[-1] / c[-1])
        result[n] = {"python": statistics.median(python), "c": statistics.median(c), "ratio": statistics.median(ratios)}
    return result


def _singles(instance, span):
    """ns per call of sample() and of a bare ctypes call of the same
    function into a ready buffer, and the median of their ratios by round."""
    function = instance.effect.plugin._api.sample
    handle = instance._handle
    frame = (ctypes.c_double * instance.frame_size)()
    size = instance.frame_size
    name = instance.effect.channels[0].name
    times = [i * span / SINGLE_CALLS for i in range(SINGLE_CALLS)]
    ours, bare, ratios = [], [], []
    for _ in range(ROUNDS):
        start = time.perf_counter()
        for t in times:
            instance.sample(t)[name]
        ours.append((time.perf_counter() - start) / SINGLE_CALLS * 1e9)
        start = time.perf_counter()
        for t in times:
            function(handle, t, frame, size, None)
        bare.append((time.perf_counter() - start) / SINGLE_CALLS * 1e9)
        ratios.append(ours[-1] / bare[-1])
    return statistics.median(ours), statistics.median(bare), statistics.median(ratios)


def measure(plugin_dir, clock_library):
    """One row per effect: sample() and a bare ctypes call (ns per call),
    sample_many() against C for each n, and numpy (ns per frame)."""
    clock = _clock(clock_library)
    rows = []
    for effect_id, params, formula in SUBJECTS:
        instance = effects.effect(effect_id, paths=[plugin_dir]).create(**params)
        timing = instance.timing
        span = timing.loop_start + timing.period if timing.kind == "loops" else timing.end
        dt = span / BATCH
        t = np.arange(BATCH) * dt
        frames = instance.sample_many(0, dt, BATCH)
        worst = float(np.max(np.abs(frames.raw - formula(t))))
        if not worst <= 1e-9:
            raise SystemExit(f"{effect_id}: the numpy formula differs from the plugin by {worst}; the comparison would mean nothing")

        def batches():
            for _ in range(10):
                instance.sample_many(0, dt, BATCH)

        def vectorised():
            for _ in range(10):
                formula(t)

        sample, bare, versus_bare = _singles(instance, span)
        rows.append(
            {
                "effect": effect_id,
                "sample": sample,
                "bare_sample": bare,
                "sample_versus_bare": versus_bare,
                "batches": _batches(instance, clock, dt),
                "sample_many": _median_ns_per_frame(batches, 10 * BATCH),
                "numpy": _median_ns_per_frame(vectorised, 10 * BATCH),
            }
        )
        instance.close()
    return rows


def main():
    if len(sys.argv) != 3:
        raise SystemExit("usage: python_bench.py PLUGIN_DIR CLOCK_LIBRARY")
    for row in measure(sys.argv[1], sys.argv[2]):
        batches = "  ".join(
            f"n={n}: {b['python']:.0f}/{b['c']:.0f} ns ({b['ratio']:.2f}x)" for n, b in row["batches"].items()
        )
        print(
            f"{row['effect']:22} sample() {row['sample']:.0f} ns, bare {row['bare_sample']:.0f} ns "
            f"({row['sample_versus_bare']:.2f}x); sample_many {batches}; numpy/many {row['numpy'] / row['sample_many']:.2f}x"
        )


if __name__ == "__main__":
    main()
