"""The seeds' formulas, computed independently of the plugins (bisection,
not the kit's Newton solver), for the tests to compare against."""

import math


def bezier(x1, y1, x2, y2, x):
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0

    def component(u, p1, p2):
        return 3 * (1 - u) ** 2 * u * p1 + 3 * (1 - u) * u * u * p2 + u**3

    low, high = 0.0, 1.0
    for _ in range(200):
        middle = (low + high) / 2
        if component(middle, x1, x2) < x:
            low = middle
        else:
            high = middle
    return component((low + high) / 2, y1, y2)


def ease_in_out(x):
    return bezier(0.42, 0, 0.58, 1, x)


def strike(a, fade=0.45):
    lag = min(max((a - 0.4) / 0.6, 0), 1)
    scale = 1.0
    if 0 < a < 1:
        x = min(a / 0.55, 1)
        scale = 1 - 0.015 * math.exp(-4.2 * x) * math.cos(7.5 * x)
    return {
        "amount": a, "line_width": a, "text_opacity": 1 - (1 - fade) * lag,
        "saturation": 1 - 0.85 * lag, "scale": scale, "tick_trim": a,
    }


def tracking(t, low=1.0, high=9.0, period=3.6):
    if t < 0.9:
        eased = 1 - (1 - t / 0.9) ** 5
        return (high + 8) + (low - high - 8) * eased, eased
    wave = (1 - math.cos(2 * math.pi * (((t - 0.9) / period) % 1))) / 2
    return low + (high - low) * wave, 1 - 0.02 * wave
