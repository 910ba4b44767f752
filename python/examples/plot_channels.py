"""Plots an effect's global channels against time, sampled in one batch call.

    python3 python/examples/plot_channels.py strikethrough-reveal [SECONDS] [OUT.png]

Needs matplotlib (pip install matplotlib); without it, says so and exits.
"""

import sys

import effects


def main() -> int:
    if len(sys.argv) < 2:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("plot_channels: matplotlib is not installed; pip install matplotlib to plot.", file=sys.stderr)
        return 0
    effect = effects.effect(sys.argv[1])
    seconds = float(sys.argv[2]) if len(sys.argv) > 2 else 2.0
    output = sys.argv[3] if len(sys.argv) > 3 else f"{effect.id}.png"
    with effect.create() as instance:
        frames = instance.sample_many(0, 1 / 120, int(seconds * 120) + 1)
    figure, axes = plt.subplots(figsize=(8, 4))
    for index, name in enumerate(frames.channel_names):
        axes.plot(frames.t, frames.channels[:, index], label=name)
    axes.set_xlabel("t (s)")
    axes.set_title(effect.name)
    axes.legend()
    figure.savefig(output, dpi=120)
    print(f"wrote {output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
