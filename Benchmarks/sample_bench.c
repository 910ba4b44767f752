/*
 * Sampling cost through the C ABI, against the same seed formulas written
 * inline in this file (the practical limit), measured side by side in one
 * run. Prints one row per effect: median ns per frame over 31 rounds for
 * the plugin's sample, its sample_many (n = 1000), and the inline baseline,
 * with the medians of the ratios within each round (each round runs all
 * three, so a ratio compares runs made under the same load).
 *
 * Frames are spread evenly over one play of the effect with default params:
 * from 0 to its end, or for a looping effect through its entrance and one
 * period, so the frames in motion count as often as they are shown.
 *
 *   sample_bench DIR [--tsv]   (DIR holds libStrike.so, libBreathe.so, libReveal.so)
 *
 * --tsv prints the medians as tab-separated rows for Benchmarks/run:
 * effect, sample, batch, inline C (ns per frame), the unit count, and the
 * median ratios sample / inline C and batch / sample.
 */
#define _POSIX_C_SOURCE 200809L
#include "effect.h"

#include <dlfcn.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define ROUNDS 31
#define FRAMES 20000
#define PI 3.14159265358979323846

#include "rounds.h"

/* ---- Inline baselines: the seeds' formulas, nothing else ---------------- */

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

/* ---- Driving a plugin ---------------------------------------------------- */

struct subject {
    const char *library;
    const char *effect;
    const char *text;  /* for text-reveal */
    void (*inline_fn)(double, double *);
    double units;      /* per-unit cost is reported for text-reveal */
};

static double sink;
static int tsv;

/* Whether a batch of 1000 frames equals, bit for bit, the same frames
 * sampled one at a time: the batch timing is only worth reading if it is. */
static int batch_matches(const effect_plugin_api *api, effect_instance *instance, uint64_t size, double dt,
                         double *frames, double *single) {
    int i;
    if (api->sample_many(instance, 0, dt, 1000, frames, size * 1000, NULL) != EFFECT_OK) return 0;
    for (i = 0; i < 1000; i++) {
        if (api->sample(instance, 0 + i * dt, single, size, NULL) != EFFECT_OK) return 0;
        if (memcmp(single, frames + (size_t)i * size, sizeof(double) * size) != 0) return 0;
    }
    return 1;
}

/* The largest difference between the plugin's frames and the inline
 * formula's over the benchmark's times: the baseline must compute the same
 * thing for the ratio to mean anything. */
static double disagreement(const effect_plugin_api *api, effect_instance *instance, const struct subject *subject,
                           uint64_t size, double dt, double *scratch) {
    double worst = 0, *expected = scratch + size;
    uint64_t c;
    int i;
    for (i = 0; i < FRAMES; i += 7) {
        if (api->sample(instance, i * dt, scratch, size, NULL) != EFFECT_OK) return INFINITY;
        subject->inline_fn(i * dt, expected);
        for (c = 0; c < size; c++) worst = fmax(worst, fabs(scratch[c] - expected[c]));
    }
    return worst;
}

static int bench(const char *dir, const struct subject *subject) {
    const effect_plugin_api *api;
    effect_instance *instance = NULL;
    effect_instance_info info;
    double single[ROUNDS], batch[ROUNDS], inline_[ROUNDS], versus_inline[ROUNDS], versus_single[ROUNDS];
    double *frames;
    double span, dt;
    int round, i;

    instance = open_effect(dir, subject->library, subject->effect, subject->text, 0, &api, &span);
    if (instance == NULL) return 1;
    info.struct_size = sizeof info;
    if (api->instance_info(instance, &info, NULL) != EFFECT_OK) return 1;
    dt = span / FRAMES;
    frames = malloc(sizeof(double) * info.frame_size * 1000);
    if (disagreement(api, instance, subject, info.frame_size, dt, frames) > 1e-9) {
        fprintf(stderr, "%s: the plugin and the inline formula disagree; the comparison would mean nothing\n", subject->effect);
        return 1;
    }
    {
        double *single = malloc(sizeof(double) * info.frame_size);
        int same = single != NULL && batch_matches(api, instance, info.frame_size, dt, frames, single);
        free(single);
        if (!same) {
            fprintf(stderr, "%s: sample_many fails or differs from single samples\n", subject->effect);
            return 1;
        }
    }
    for (round = 0; round < ROUNDS; round++) {
        double start = now();
        /* Into consecutive frames of the batch's buffer, so that both write
         * the same memory and differ only in the calls. */
        for (i = 0; i < FRAMES; i++) api->sample(instance, i * dt, frames + i % 1000 * info.frame_size, info.frame_size, NULL);
        single[round] = (now() - start) / FRAMES * 1e9;
        sink += frames[0];
        start = now();
        for (i = 0; i < FRAMES / 1000; i++) {
            api->sample_many(instance, i * 1000 * dt, dt, 1000, frames, info.frame_size * 1000, NULL);
        }
        batch[round] = (now() - start) / FRAMES * 1e9;
        sink += frames[0];
        start = now();
        for (i = 0; i < FRAMES; i++) subject->inline_fn(i * dt, frames + i % 1000 * info.frame_size);
        inline_[round] = (now() - start) / FRAMES * 1e9;
        sink += frames[0];
        /* Ratios within a round, where all three ran under the same load. */
        versus_inline[round] = single[round] / inline_[round];
        versus_single[round] = batch[round] / single[round];
    }
    if (tsv) {
        printf("%s\t%.2f\t%.2f\t%.2f\t%.0f\t%.3f\t%.3f\n", subject->effect, median(single), median(batch), median(inline_),
               subject->units, median(versus_inline), median(versus_single));
    } else {
        printf("%-22s %10.1f %10.1f %10.1f %8.2fx %8.2fx", subject->effect, median(single), median(batch), median(inline_),
               median(versus_inline), median(versus_single));
        if (subject->units > 0) printf("   per unit: %.1f ns", median(single) / subject->units);
        printf("\n");
    }
    api->destroy(instance);
    free(frames);
    return 0;
}

int main(int argc, char **argv) {
    static char words[1024];
    int i;
    struct subject subjects[4];
    tsv = argc == 3 && strcmp(argv[2], "--tsv") == 0;
    if (argc != 2 && !tsv) return fprintf(stderr, "usage: sample_bench PLUGIN_DIR [--tsv]\n"), 2;
    solve_reveal_settle();
    solve_circle_directions();
    for (i = 0; i < 40; i++) strcat(words, i ? " word" : "word");
    subjects[0] = (struct subject){"libStrike.so", "strikethrough-reveal", NULL, strike_inline, 0};
    subjects[1] = (struct subject){"libBreathe.so", "tracking-breathe", NULL, tracking_inline, 0};
    subjects[2] = (struct subject){"libBreathe.so", "breathing-circles", NULL, circles_inline, 0};
    subjects[3] = (struct subject){"libReveal.so", "text-reveal", words, reveal_inline, 40};
    if (!tsv) printf("%-22s %10s %10s %10s %9s %9s\n", "effect (ns/frame)", "sample", "batch", "inline C", "vs C", "batch/1");
    for (i = 0; i < 4; i++) {
        if (bench(argv[1], &subjects[i]) != 0) return 1;
    }
    return sink == 12345.678 ? 3 : 0;
}
