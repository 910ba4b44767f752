/*
 * changed_bench.c: what effect_host_picture_changed costs against the draw
 * it lets a program skip (API 1.5).
 *
 *   changed_bench PLUGIN_DIR EFFECT WIDTH FPS
 *
 * A picture of EFFECT (default params and look) drawn WIDTH pixels wide
 * (its height at the same scale) into RGBA premultiplied bytes, as a
 * texture uploader draws it. For each frame t = i / FPS over the effect's
 * span (its entrance, while it animates) and as many again after it (when
 * it has settled), times one effect_host_picture_changed and one
 * effect_host_picture_draw_pixels, in that order, each call on its own.
 * Prints "SET CALL MEDIAN_MS FRAMES ANSWERED_CHANGED" for the two sets
 * (animating, settled) and the two calls (changed, draw).
 */
#define _POSIX_C_SOURCE 200809L
#include "effect_host.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *values, long count) {
    qsort(values, (size_t)count, sizeof *values, compare);
    return values[count / 2];
}

int main(int argc, char **argv) {
    effect_error error = {sizeof error, 0, {0}};
    if (argc != 5) {
        fprintf(stderr, "usage: changed_bench PLUGIN_DIR EFFECT WIDTH FPS\n");
        return 2;
    }
    const char *dir = argv[1];
    double target = atof(argv[3]), fps = atof(argv[4]);
    effect_host_catalog_options search = {sizeof search, 0, &dir, 1, 0};
    effect_host_catalog *catalog = NULL;
    effect_host_plugin *plugin = NULL;
    effect_host_instance *instance = NULL;
    effect_host_picture *picture = NULL;
    double width = 0, height = 0, span = 0;
    uint32_t w = 0, h = 0;
    if (effect_host_catalog_open(&search, &catalog, &error) != EFFECT_OK ||
        effect_host_catalog_load(catalog, argv[2], &plugin, &error) != EFFECT_OK ||
        effect_host_instance_create(plugin, argv[2], NULL, 0, &instance, &error) != EFFECT_OK ||
        effect_host_instance_span(instance, &span, &error) != EFFECT_OK ||
        effect_host_picture_create(instance, NULL, &picture, &error) != EFFECT_OK ||
        effect_host_picture_size(picture, &width, &height, &error) != EFFECT_OK ||
        effect_host_picture_pixel_size(picture, target / width, &w, &h, &error) != EFFECT_OK) {
        fprintf(stderr, "changed_bench: %s\n", error.message);
        return 1;
    }
    long frames = (long)ceil(span * fps);
    if (frames < 1) frames = 1;
    uint8_t *pixels = malloc((size_t)w * h * 4);
    double *asked = malloc((size_t)frames * sizeof *asked), *drawn = malloc((size_t)frames * sizeof *drawn);
    if (pixels == NULL || asked == NULL || drawn == NULL) return 1;
    fprintf(stderr, "changed_bench: %s, %u x %u pixels, %ld frames of %.3f s each way\n", argv[2], w, h, frames, span);
    const char *sets[2] = {"animating", "settled"};
    for (int set = 0; set < 2; set++) {
        long answered = 0;
        for (long i = 0; i < frames; i++) {
            double t = set * span + (double)i / fps;
            int changed = 0;
            double start = now();
            if (effect_host_picture_changed(picture, t, &changed, &error) != EFFECT_OK) {
                fprintf(stderr, "changed_bench: %s\n", error.message);
                return 1;
            }
            double middle = now();
            if (effect_host_picture_draw_pixels(picture, t, pixels, w, h, w * 4, EFFECT_HOST_PIXELS_RGBA_PREMULTIPLIED,
                                                &error) != EFFECT_OK) {
                fprintf(stderr, "changed_bench: %s\n", error.message);
                return 1;
            }
            asked[i] = middle - start;
            drawn[i] = now() - middle;
            answered += changed;
        }
        printf("%s changed %.4f %ld %ld\n", sets[set], median(asked, frames) * 1e3, frames, answered);
        printf("%s draw %.4f %ld %ld\n", sets[set], median(drawn, frames) * 1e3, frames, answered);
    }
    free(pixels);
    free(asked);
    free(drawn);
    effect_host_picture_free(picture);
    effect_host_instance_free(instance);
    effect_host_plugin_free(plugin);
    effect_host_catalog_free(catalog);
    return 0;
}
