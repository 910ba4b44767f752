/*
 * draw against sample: for each bundled effect, nanoseconds per frame of
 * `draw` (the display list, with the reference metrics and with a host
 * measurer) beside `sample` for the same frames, timed in the same rounds.
 * Prints one row per effect: median ns per frame over 31 rounds for sample,
 * draw and draw with a measurer, and the median of the per-round ratios
 * draw / sample. A display list is larger than a frame (160 bytes an item
 * against 8 a channel), so beside them stands the floor of writing that
 * many items at all (each built on the stack and stored, as a plugin must)
 * and draw / floor.
 *
 *   draw_bench DIR [--tsv]   (DIR holds libStrike.so, libBreathe.so, libReveal.so)
 *
 * --tsv prints: effect, sample ns, draw ns, measured draw ns, items a frame,
 * draw / sample, measured draw / sample, floor ns, draw / floor.
 */
#define _POSIX_C_SOURCE 200809L
#include "effect.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define ROUNDS 31
#define FRAMES 5000

#include "rounds.h"

/* A host measurer as cheap as one can be: a fixed advance per byte. */
static effect_status measure_bytes(void *context, const char *text, double size, double weight, double tracking,
                                   effect_text_metrics *out) {
    (void)context;
    (void)weight;
    out->advance = (double)strlen(text) * (0.55 * size + tracking);
    out->ascent = 0.95 * size;
    out->descent = 0.24 * size;
    return EFFECT_OK;
}

static volatile double sink;

static int bench(const char *dir, const char *library_name, const char *effect, const char *text, int tsv) {
    const effect_plugin_api *api;
    effect_instance *instance = NULL;
    effect_instance_info info;
    effect_drawing drawing;
    effect_draw_context context;
    effect_draw_item *items;
    double sampled[ROUNDS], drawn[ROUNDS], measured[ROUNDS], ratio[ROUNDS], measured_ratio[ROUNDS];
    double floor_[ROUNDS], floor_ratio[ROUNDS];
    uint64_t count, k;
    double *frame, span, dt, start;
    uint64_t capacity;
    int round, i;

    instance = open_effect(dir, library_name, effect, text, 2, &api, &span);
    if (instance == NULL) return 1;
    info.struct_size = sizeof info;
    if (api->instance_info(instance, &info, NULL) != EFFECT_OK) return 1;
    dt = span / FRAMES;
    memset(&drawing, 0, sizeof drawing);
    drawing.struct_size = sizeof drawing;
    api->draw(instance, 0, NULL, &drawing, NULL, 0, NULL);
    capacity = drawing.max_item_count + 16;
    items = malloc(sizeof *items * capacity);
    frame = malloc(sizeof(double) * info.frame_size);
    if (items == NULL || frame == NULL) return 1;
    memset(&context, 0, sizeof context);
    context.struct_size = sizeof context;
    context.measure = measure_bytes;
    for (round = 0; round < ROUNDS; round++) {
        start = now();
        for (i = 0; i < FRAMES; i++) api->sample(instance, i * dt, frame, info.frame_size, NULL);
        sampled[round] = (now() - start) / FRAMES * 1e9;
        sink += frame[0];
        start = now();
        for (i = 0; i < FRAMES; i++) api->draw(instance, i * dt, NULL, &drawing, items, capacity, NULL);
        drawn[round] = (now() - start) / FRAMES * 1e9;
        sink += items[0].group.opacity;
        start = now();
        for (i = 0; i < FRAMES; i++) api->draw(instance, i * dt, &context, &drawing, items, capacity, NULL);
        measured[round] = (now() - start) / FRAMES * 1e9;
        sink += items[0].group.opacity;
        count = drawing.item_count;
        start = now();
        for (i = 0; i < FRAMES; i++) {
            for (k = 0; k < count; k++) {
                effect_draw_item item;
                memset(&item, 0, sizeof item);
                item.group.kind = EFFECT_ITEM_GROUP;
                item.group.opacity = i * dt;
                items[k] = item;
            }
        }
        floor_[round] = (now() - start) / FRAMES * 1e9;
        sink += items[0].group.opacity;
        /* Ratios within a round, where all ran under the same load. */
        ratio[round] = drawn[round] / sampled[round];
        measured_ratio[round] = measured[round] / sampled[round];
        floor_ratio[round] = drawn[round] / floor_[round];
    }
    if (tsv) {
        printf("%s\t%.2f\t%.2f\t%.2f\t%llu\t%.3f\t%.3f\t%.2f\t%.3f\n", effect, median(sampled), median(drawn),
               median(measured), (unsigned long long)drawing.item_count, median(ratio), median(measured_ratio), median(floor_),
               median(floor_ratio));
    } else {
        printf("%-22s %10.1f %10.1f %10.1f %7llu %8.2fx %8.2fx %9.1f %8.2fx\n", effect, median(sampled), median(drawn),
               median(measured), (unsigned long long)drawing.item_count, median(ratio), median(measured_ratio),
               median(floor_), median(floor_ratio));
    }
    api->destroy(instance);
    free(items);
    free(frame);
    return 0;
}

int main(int argc, char **argv) {
    static char words[1024];
    int i, tsv = argc == 3 && strcmp(argv[2], "--tsv") == 0;
    if (argc != 2 && !tsv) return fprintf(stderr, "usage: draw_bench PLUGIN_DIR [--tsv]\n"), 2;
    for (i = 0; i < 40; i++) strcat(words, i ? " word" : "word");
    if (!tsv)
        printf("%-22s %10s %10s %10s %7s %9s %9s %9s %9s\n", "effect (ns/frame)", "sample", "draw", "measured", "items",
               "draw/s", "meas/s", "floor", "draw/fl");
    if (bench(argv[1], "libStrike.so", "strikethrough-reveal", NULL, tsv) != 0) return 1;
    if (bench(argv[1], "libBreathe.so", "tracking-breathe", NULL, tsv) != 0) return 1;
    if (bench(argv[1], "libBreathe.so", "breathing-circles", NULL, tsv) != 0) return 1;
    if (bench(argv[1], "libReveal.so", "text-reveal", words, tsv) != 0) return 1;
    return sink == 12345.678 ? 3 : 0;
}
