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


def ease_in(x):
    return bezier(0.42, 0, 1, 1, x)


def ease_out(x):
    return bezier(0, 0, 0.58, 1, x)


def spring(duration, bounce, time, steps=4000):
    """A spring released at rest at 0 toward 1 (mass 1, stiffness
    (2 pi / duration)^2, damping 4 pi (1 - bounce) / duration), integrated with
    fourth-order Runge-Kutta up to `time` (the kit uses the closed form)."""
    if time <= 0:
        return 0.0
    stiffness = (2 * math.pi / duration) ** 2
    damping = 4 * math.pi * (1 - bounce) / duration

    def acceleration(x, v):
        return -stiffness * (x - 1) - damping * v

    x = v = 0.0
    h = time / steps
    for _ in range(steps):
        k1x, k1v = v, acceleration(x, v)
        k2x, k2v = v + h / 2 * k1v, acceleration(x + h / 2 * k1x, v + h / 2 * k1v)
        k3x, k3v = v + h / 2 * k2v, acceleration(x + h / 2 * k2x, v + h / 2 * k2v)
        k4x, k4v = v + h * k3v, acceleration(x + h * k3x, v + h * k3v)
        x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
        v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
    return x


def breathing(t, phases=(3, 1, 3, 1)):
    """breathing-circles' expansion at t with breaths = 0 (forever), following
    the article's runAnimation: breathe in (easeInOut), hold, breathe out, hold."""
    clock = 0.0
    while True:
        for phase, length in enumerate(phases):
            if t < clock + length:
                progress = ease_in_out((t - clock) / length)
                return (progress, 1.0, 1 - progress, 0.0)[phase]
            clock += length


# effect.h's reference metrics, written out from the header's text: printable
# ASCII in 1/1000 em from its table, zero-width marks 0, East Asian wide and
# emoji 1000, anything else 556; heavier weights widen the run; tracking after
# every code point of non-zero width; ascent 0.952 and descent 0.241 em.
REFERENCE_ASCII = [
    278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278,
    556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556,
    1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778,
    667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556,
    333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556,
    556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
]
REFERENCE_ASCENT = 0.952
REFERENCE_DESCENT = 0.241
_WIDE = [(0x1100, 0x115F), (0x2E80, 0x303E), (0x3041, 0x33FF), (0x3400, 0x4DBF), (0x4E00, 0x9FFF),
         (0xA000, 0xA4CF), (0xAC00, 0xD7A3), (0xF900, 0xFAFF), (0xFE30, 0xFE4F), (0xFF00, 0xFF60),
         (0xFFE0, 0xFFE6), (0x1F300, 0x1F64F), (0x1F900, 0x1F9FF), (0x20000, 0x3FFFD)]
_MARKS = [(0x300, 0x36F), (0x200B, 0x200F), (0x20D0, 0x20FF), (0xFE00, 0xFE0F)]


def reference_advance(character):
    c = ord(character)
    if 0x20 <= c < 0x7F:
        return REFERENCE_ASCII[c - 0x20]
    if c < 0x20 or c == 0x7F or any(low <= c <= high for low, high in _MARKS):
        return 0
    return 1000 if any(low <= c <= high for low, high in _WIDE) else 556


def reference_measure(text, size, weight=400, tracking=0.0):
    """(advance, ascent, descent) of `text` in the reference metrics."""
    widths = [reference_advance(character) for character in text]
    heavier = min(max(weight, 400), 700) - 400
    advance = sum(widths) / 1000 * size * (1 + 0.06 * heavier / 300) + sum(1 for w in widths if w) * tracking
    return advance, REFERENCE_ASCENT * size, REFERENCE_DESCENT * size
