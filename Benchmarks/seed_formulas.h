/*
 * The seeds' formulas written inline in C, with the default params as
 * constants and what a hand-written renderer would work out once done once:
 * the practical limit a plugin is measured against. Shared by sample_bench
 * (which calls them directly) and c_floor.c (which puts them behind the
 * ABI's sample signature and checks). Call solve_baselines() first.
 */
#ifndef BENCH_SEED_FORMULAS_H
#define BENCH_SEED_FORMULAS_H

#include <math.h>

#define PI 3.14159265358979323846

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

static void strike_inline(double t, double *frame) {
    double a = ease_in_out(t / 0.32);
    double lag = fmin(fmax((a - 0.4) / 0.6, 0), 1);
    double x = fmin(a / 0.55, 1);
    frame[0] = a;
    frame[1] = a;
    frame[2] = 1 - 0.55 * lag;
    frame[3] = 1 - 0.85 * lag;
    frame[4] = a > 0 && a < 1 ? 1 - 0.015 * exp(-4.2 * x) * cos(7.5 * x) : 1;
    frame[5] = a;
}

static void tracking_inline(double t, double *frame) {
    double tracking, opacity;
    if (t < 0.9) {
        double rest = 1 - t / 0.9;
        double eased = 1 - rest * rest * rest * rest * rest;
        tracking = 17 - 16 * eased;
        opacity = eased;
    } else {
        double cycle = fmod((t - 0.9) / 3.6, 1);
        double wave = (1 - cos(2 * PI * cycle)) / 2;
        tracking = 1 + 8 * wave;
        opacity = 1 - 0.02 * wave;
    }
    frame[0] = tracking;
    frame[1] = opacity;
    frame[2] = tracking / 2;
}

/* The circles' directions, worked out once, as a hand-written renderer
 * would: they depend only on the circle count. */
static double circle_cos[8], circle_sin[8];

static void solve_circle_directions(void) {
    int circle;
    for (circle = 0; circle < 8; circle++) {
        circle_cos[circle] = cos(2 * PI / 8 * circle);
        circle_sin[circle] = sin(2 * PI / 8 * circle);
    }
}

static void circles_inline(double t, double *frame) {
    static const double durations[4] = {3, 1, 3, 1};
    double within = fmod(t, 8), start = 0, e = 0;
    int phase = 0, circle;
    for (phase = 0; phase < 4; phase++) {
        if (within < start + durations[phase] || phase == 3) break;
        start += durations[phase];
    }
    e = phase == 0 ? ease_in_out((within - start) / 3) : phase == 1 ? 1 : phase == 2 ? 1 - ease_in_out((within - start) / 3) : 0;
    frame[0] = e;
    frame[1] = 100 * e;
    frame[2] = phase;
    frame[3] = (t - within) / 8;
    frame[4] = 0;
    for (circle = 0; circle < 8; circle++) {
        frame[5 + circle * 4] = circle_cos[circle] * 70 * e;
        frame[6 + circle * 4] = circle_sin[circle] * 70 * e;
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
static void reveal_inline(double t, double *frame) {
    double w0 = 2 * PI / 0.62, stagger = 0.3 / 39;
    int unit;
    frame[0] = 1;
    frame[1] = 0;
    for (unit = 0; unit < 40; unit++) {
        double elapsed = t - unit * stagger;
        double p = elapsed <= 0 ? 0 : elapsed >= reveal_settle ? 1 : 1 - exp(-w0 * elapsed) * (1 + w0 * elapsed);
        double *out = frame + 2 + unit * 6;
        out[0] = p;
        out[1] = 1;
        out[2] = 1.05 * 48 * (1 - p);
        out[3] = 0;
        out[4] = 1;
        out[5] = 0;
    }
}

static void solve_baselines(void) {
    solve_reveal_settle();
    solve_circle_directions();
}

#endif
