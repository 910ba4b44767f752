/*
 * The seeds' formulas written in C, each once, over a struct of the params a
 * plugin takes at create. Two bindings of each are measured:
 *   - NAME_inline: the defaults as compile-time constants (the formula is
 *     forced inline into it, so the compiler folds them), with what a
 *     hand-written renderer would work out once done once: the practical
 *     limit a plugin is measured against;
 *   - the same formula given its params as data (c_floor.c), as any plugin,
 *     in any language, must take them: create-time params are not constants.
 * Shared by sample_bench (which calls the inline ones directly) and
 * c_floor.c (which puts both behind the ABI's sample signature and checks).
 * Call solve_baselines() first.
 */
#ifndef BENCH_SEED_FORMULAS_H
#define BENCH_SEED_FORMULAS_H

#include <math.h>

#define PI 3.14159265358979323846

/* Inlined into each binding, so that the defaults fold into the inline one. */
#define FORMULA static inline __attribute__((always_inline))

static double bezier_component(double u, double p1, double p2) {
    return ((1 - 3 * p2 + 3 * p1) * u + (3 * p2 - 6 * p1)) * u * u + 3 * p1 * u;
}

static double ease_in_out(double x) {
    double u = x;
    int i;
    if (x <= 0) return 0;
    if (x >= 1) return 1;
    for (i = 0; i < 8; i++) {
        double error = bezier_component(u, 0.42, 0.58) - x;
        double slope = (3 * (1 - 3 * 0.58 + 3 * 0.42) * u + 2 * (3 * 0.58 - 6 * 0.42)) * u + 3 * 0.42;
        if (fabs(error) < 1e-14) break;
        u -= error / slope;
    }
    return bezier_component(u, 0, 1);
}

struct strike_params {
    double duration, fade;
};
static const struct strike_params strike_defaults = {0.32, 0.45};

FORMULA void strike_formula(const struct strike_params *p, double t, double *frame) {
    double a = ease_in_out(t / p->duration);
    double lag = fmin(fmax((a - 0.4) / 0.6, 0), 1);
    double x = fmin(a / 0.55, 1);
    frame[0] = a;
    frame[1] = a;
    frame[2] = 1 - (1 - p->fade) * lag;
    frame[3] = 1 - 0.85 * lag;
    frame[4] = a > 0 && a < 1 ? 1 - 0.015 * exp(-4.2 * x) * cos(7.5 * x) : 1;
    frame[5] = a;
}

struct tracking_params {
    double min_tracking, max_tracking, period;
};
static const struct tracking_params tracking_defaults = {1, 9, 3.6};

FORMULA void tracking_formula(const struct tracking_params *p, double t, double *frame) {
    double tracking, opacity;
    if (t < 0.9) {
        double rest = 1 - t / 0.9;
        double eased = 1 - rest * rest * rest * rest * rest;
        double flared = p->max_tracking + 8;
        tracking = flared + (p->min_tracking - flared) * eased;
        opacity = eased;
    } else {
        double cycle = fmod(t - 0.9, p->period) / p->period;
        double wave = (1 - cos(2 * PI * cycle)) / 2;
        tracking = p->min_tracking + (p->max_tracking - p->min_tracking) * wave;
        opacity = 1 - 0.02 * wave;
    }
    frame[0] = tracking;
    frame[1] = opacity;
    frame[2] = tracking / 2;
}

/* The circles' directions, worked out once, as a hand-written renderer
 * would: they depend only on the circle count. */
#define MAX_CIRCLES 8
static double circle_cos[MAX_CIRCLES], circle_sin[MAX_CIRCLES];

static void solve_circle_directions(void) {
    int circle;
    for (circle = 0; circle < MAX_CIRCLES; circle++) {
        circle_cos[circle] = cos(2 * PI / MAX_CIRCLES * circle);
        circle_sin[circle] = sin(2 * PI / MAX_CIRCLES * circle);
    }
}

struct circles_params {
    double durations[4], cycle, radius, rotation;
    int count;
};
static const struct circles_params circles_defaults = {{3, 1, 3, 1}, 8, 70, 100, MAX_CIRCLES};

FORMULA void circles_formula(const struct circles_params *p, double t, double *frame) {
    double within = fmod(t, p->cycle), start = 0, e = 0;
    int phase = 0, circle;
    for (phase = 0; phase < 4; phase++) {
        if (within < start + p->durations[phase] || phase == 3) break;
        start += p->durations[phase];
    }
    e = phase == 0   ? ease_in_out((within - start) / p->durations[0])
        : phase == 1 ? 1
        : phase == 2 ? 1 - ease_in_out((within - start) / p->durations[2])
                     : 0;
    frame[0] = e;
    frame[1] = p->rotation * e;
    frame[2] = phase;
    frame[3] = (t - within) / p->cycle;
    frame[4] = 0;
    for (circle = 0; circle < p->count; circle++) {
        frame[5 + circle * 4] = circle_cos[circle] * p->radius * e;
        frame[6 + circle * 4] = circle_sin[circle] * p->radius * e;
        frame[7 + circle * 4] = 1 + e;
        frame[8 + circle * 4] = 0.2 + 0.8 * (1 - e);
    }
}

/* SwiftUI's smooth spring(0.62) is critically damped: it is done when
 * e^-x (1 + x) falls to 1e-3, with x = w0 t. Solved once, by bisection. */
static double reveal_settle;

static void solve_reveal_settle(void) {
    double low = 0, high = 50;
    int i;
    for (i = 0; i < 200; i++) {
        double x = (low + high) / 2;
        if (exp(-x) * (1 + x) > 1e-3) low = x; else high = x;
    }
    reveal_settle = high / (2 * PI / 0.62);
}

/* text-reveal, 40 words, masked rise: spring(0.62) per unit, staggered. */
struct reveal_params {
    double duration, delay, unit_height;
    int units;
};
static const struct reveal_params reveal_defaults = {0.8, 0, 48, 40};

FORMULA void reveal_formula(const struct reveal_params *p, double t, double *frame) {
    double w0 = 2 * PI / 0.62, stagger = (p->duration - 0.5) / (p->units - 1);
    int unit;
    frame[0] = 1;
    frame[1] = 0;
    for (unit = 0; unit < p->units; unit++) {
        double elapsed = t - p->delay - unit * stagger;
        double progress = elapsed <= 0 ? 0 : elapsed >= reveal_settle ? 1 : 1 - exp(-w0 * elapsed) * (1 + w0 * elapsed);
        double *out = frame + 2 + unit * 6;
        out[0] = progress;
        out[1] = 1;
        out[2] = 1.05 * p->unit_height * (1 - progress);
        out[3] = 0;
        out[4] = 1;
        out[5] = 0;
    }
}

#define INLINE_BINDING(name)                                                         \
    static void name##_inline(double t, double *frame) { name##_formula(&name##_defaults, t, frame); }

INLINE_BINDING(strike)
INLINE_BINDING(tracking)
INLINE_BINDING(circles)
INLINE_BINDING(reveal)

static void solve_baselines(void) {
    solve_reveal_settle();
    solve_circle_directions();
}

#endif
