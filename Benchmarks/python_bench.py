"""Per-frame cost from Python: ctypes sample() one frame at a time, against
sample_many() in batches of 1,000, against the same seed formulas vectorised
in numpy over the same 1,000 times. Each numpy formula is first checked
against the plugin's frames, so the three compute the same thing.

    python3 Benchmarks/python_bench.py PLUGIN_DIR
"""

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


def measure(plugin_dir):
    """One row per effect: ns per frame for sample(), sample_many() and numpy."""
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

        def singles():
            for i in range(SINGLE_CALLS):
                instance.sample(i * span / SINGLE_CALLS)

        def batches():
            for _ in range(10):
                instance.sample_many(0, dt, BATCH)

        def vectorised():
            for _ in range(10):
                formula(t)

        rows.append(
            {
                "effect": effect_id,
                "sample": _median_ns_per_frame(singles, SINGLE_CALLS),
                "sample_many": _median_ns_per_frame(batches, 10 * BATCH),
                "numpy": _median_ns_per_frame(vectorised, 10 * BATCH),
            }
        )
        instance.close()
    return rows


def main():
    if len(sys.argv) != 2:
        raise SystemExit("usage: python_bench.py PLUGIN_DIR")
    print(f"{'effect (ns/frame)':22} {'sample()':>10} {'sample_many':>12} {'numpy':>10} {'1/many':>8} {'numpy/many':>11}")
    for row in measure(sys.argv[1]):
        print(
            f"{row['effect']:22} {row['sample']:10.0f} {row['sample_many']:12.1f} {row['numpy']:10.1f} "
            f"{row['sample'] / row['sample_many']:7.0f}x {row['numpy'] / row['sample_many']:10.2f}x"
        )


if __name__ == "__main__":
    main()
