/*
 * Sampling cost through the C ABI, against the same seed formulas written
 * inline in C (seed_formulas.h, the practical limit), measured side by side
 * in one run. Prints one row per effect: median ns per frame over 31 rounds
 * for the plugin's sample, its sample_many (n = 1000), the inline baseline,
 * the same formulas behind the ABI's checks in a C library (c_floor.c,
 * libc_floor.so beside this program: what any plugin pays for the call),
 * and that again with the params read from the instance instead of folded
 * as constants (what any plugin pays for params that are data), with the
 * medians of the ratios within each round (each round runs all five, so a
 * ratio compares runs made under the same load).
 *
 * Frames are spread evenly over one play of the effect with default params:
 * from 0 to its end, or for a looping effect through its entrance and one
 * period, so the frames in motion count as often as they are shown.
 *
 *   sample_bench DIR [--tsv]   (DIR holds libStrike.so, libBreathe.so, libReveal.so)
 *
 * --tsv prints the medians as tab-separated rows for Benchmarks/run:
 * effect, sample, batch, inline C, C behind the ABI (ns per frame), the unit
 * count, the median ratios sample / inline C, batch / sample, batch /
 * inline C and C behind the ABI / inline C, then the C behind the ABI with
 * params as data (ns per frame) and the median ratios of it / inline C,
 * sample / it and batch / it.
 */
#define _POSIX_C_SOURCE 200809L
#include "effect.h"

#include <dlfcn.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define ROUNDS 31
#define FRAMES 20000

#include "rounds.h"
#include "seed_formulas.h"

/* ---- Driving a plugin ---------------------------------------------------- */

struct subject {
    const char *library;
    const char *effect;
    const char *text;  /* for text-reveal */
    void (*inline_fn)(double, double *);
    const char *floor; /* its formula behind the ABI, in libc_floor.so */
    double units;      /* per-unit cost is reported for text-reveal */
};

typedef effect_status (*floor_fn)(effect_instance *, double, double *, uint64_t, effect_error *);
typedef void *(*params_fn)(const char *);

static void *floor_library;

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
    double single[ROUNDS], batch[ROUNDS], inline_[ROUNDS], floor_[ROUNDS], versus_inline[ROUNDS], versus_single[ROUNDS];
    double batch_versus_inline[ROUNDS], floor_versus_inline[ROUNDS];
    double params_[ROUNDS], params_versus_inline[ROUNDS], single_versus_params[ROUNDS], batch_versus_params[ROUNDS];
    double *frames;
    floor_fn floor_sample, params_sample;
    params_fn make_params;
    effect_instance *params;
    char symbol[64];
    double span, dt;
    int round, i;

    instance = open_effect(dir, subject->library, subject->effect, subject->text, 0, &api, &span);
    if (instance == NULL) return 1;
    *(void **)&floor_sample = dlsym(floor_library, subject->floor);
    if (floor_sample == NULL) return fprintf(stderr, "libc_floor.so has no %s\n", subject->floor), 1;
    snprintf(symbol, sizeof symbol, "params_%s", subject->floor);
    *(void **)&params_sample = dlsym(floor_library, symbol);
    *(void **)&make_params = dlsym(floor_library, "floor_params");
    if (params_sample == NULL || make_params == NULL) return fprintf(stderr, "libc_floor.so has no %s\n", symbol), 1;
    params = make_params(strchr(subject->floor, '_') + 1);
    if (params == NULL) return fprintf(stderr, "libc_floor.so has no params for %s\n", subject->floor), 1;
    info.struct_size = sizeof info;
    if (api->instance_info(instance, &info, NULL) != EFFECT_OK) return 1;
    dt = span / FRAMES;
    frames = malloc(sizeof(double) * info.frame_size * 1000);
    if (disagreement(api, instance, subject, info.frame_size, dt, frames) > 1e-9) {
        fprintf(stderr, "%s: the plugin and the inline formula disagree; the comparison would mean nothing\n", subject->effect);
        return 1;
    }
    for (i = 0; i < FRAMES; i += 7) {
        uint64_t c;
        subject->inline_fn(i * dt, frames);
        params_sample(params, i * dt, frames + info.frame_size, info.frame_size, NULL);
        for (c = 0; c < info.frame_size; c++) {
            if (fabs(frames[c] - frames[info.frame_size + c]) > 1e-9) {
                fprintf(stderr, "%s: the formula with params as data disagrees with the inline one\n", subject->effect);
                return 1;
            }
        }
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
        start = now();
        /* Any non-NULL instance: the floor checks it and ignores it. */
        for (i = 0; i < FRAMES; i++) {
            floor_sample((effect_instance *)frames, i * dt, frames + i % 1000 * info.frame_size, info.frame_size, NULL);
        }
        floor_[round] = (now() - start) / FRAMES * 1e9;
        sink += frames[0];
        start = now();
        for (i = 0; i < FRAMES; i++) params_sample(params, i * dt, frames + i % 1000 * info.frame_size, info.frame_size, NULL);
        params_[round] = (now() - start) / FRAMES * 1e9;
        sink += frames[0];
        /* Ratios within a round, where all five ran under the same load. */
        versus_inline[round] = single[round] / inline_[round];
        versus_single[round] = batch[round] / single[round];
        batch_versus_inline[round] = batch[round] / inline_[round];
        floor_versus_inline[round] = floor_[round] / inline_[round];
        params_versus_inline[round] = params_[round] / inline_[round];
        single_versus_params[round] = single[round] / params_[round];
        batch_versus_params[round] = batch[round] / params_[round];
    }
    if (tsv) {
        printf("%s\t%.2f\t%.2f\t%.2f\t%.2f\t%.0f\t%.3f\t%.3f\t%.3f\t%.3f\t%.2f\t%.3f\t%.3f\t%.3f\n", subject->effect,
               median(single), median(batch), median(inline_), median(floor_), subject->units, median(versus_inline),
               median(versus_single), median(batch_versus_inline), median(floor_versus_inline), median(params_),
               median(params_versus_inline), median(single_versus_params), median(batch_versus_params));
    } else {
        printf("%-22s %10.1f %10.1f %10.1f %10.1f %10.1f %8.2fx %8.2fx %8.2fx %8.2fx %8.2fx %8.2fx", subject->effect,
               median(single), median(batch), median(inline_), median(floor_), median(params_), median(versus_inline),
               median(batch_versus_inline), median(floor_versus_inline), median(params_versus_inline),
               median(single_versus_params), median(batch_versus_params));
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
    solve_baselines();
    {
        char path[PATH_MAX];
        void (*prepare)(void);
        ssize_t length = readlink("/proc/self/exe", path, sizeof path - 32);
        if (length <= 0) return fprintf(stderr, "sample_bench: cannot find its own directory\n"), 1;
        path[length] = '\0';
        strcpy(strrchr(path, '/') + 1, "libc_floor.so");
        floor_library = dlopen(path, RTLD_NOW | RTLD_LOCAL);
        if (floor_library == NULL) return fprintf(stderr, "%s\n", dlerror()), 1;
        *(void **)&prepare = dlsym(floor_library, "floor_prepare");
        if (prepare == NULL) return fprintf(stderr, "libc_floor.so has no floor_prepare\n"), 1;
        prepare();
    }
    for (i = 0; i < 40; i++) strcat(words, i ? " word" : "word");
    subjects[0] = (struct subject){"libStrike.so", "strikethrough-reveal", NULL, strike_inline, "floor_strike", 0};
    subjects[1] = (struct subject){"libBreathe.so", "tracking-breathe", NULL, tracking_inline, "floor_tracking", 0};
    subjects[2] = (struct subject){"libBreathe.so", "breathing-circles", NULL, circles_inline, "floor_circles", 0};
    subjects[3] = (struct subject){"libReveal.so", "text-reveal", words, reveal_inline, "floor_reveal", 40};
    if (!tsv) {
        printf("%-22s %10s %10s %10s %10s %10s %9s %9s %9s %9s %9s %9s\n", "effect (ns/frame)", "sample", "batch", "inline C",
               "C via ABI", "C params", "1 / C", "batch/C", "ABI/C", "params/C", "1/params", "batch/par");
    }
    for (i = 0; i < 4; i++) {
        if (bench(argv[1], &subjects[i]) != 0) return 1;
    }
    return sink == 12345.678 ? 3 : 0;
}
