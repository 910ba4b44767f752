/*
 * host_draw_bench.c: the host API's per-frame cost of drawing into a
 * caller's buffer, for Benchmarks/run to set beside `render --timings`.
 *
 *   host_draw_bench PLUGIN_DIR EFFECT FPS FRAMES
 *
 * Draws frames t = i / FPS at two pixels a point (render's default scale)
 * on the default ground, into an ARGB32 buffer (cairo's own layout, drawn
 * in place) and into RGBA bytes with straight alpha (drawn in place, then
 * rewritten as RGBA there).
 * Prints "argb32 SECONDS" and "rgba SECONDS", each the total for all
 * frames.
 */
#define _POSIX_C_SOURCE 200809L
#include "effect_host.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
    effect_error error = {sizeof error, 0, {0}};
    if (argc != 5) {
        fprintf(stderr, "usage: host_draw_bench PLUGIN_DIR EFFECT FPS FRAMES\n");
        return 2;
    }
    const char *dir = argv[1];
    double fps = atof(argv[3]);
    long frames = atol(argv[4]);
    effect_host_catalog_options search = {sizeof search, 0, &dir, 1, 0};
    effect_host_catalog *catalog = NULL;
    effect_host_plugin *plugin = NULL;
    effect_host_instance *instance = NULL;
    effect_host_picture *picture = NULL;
    double width, height;
    if (effect_host_catalog_open(&search, &catalog, &error) != EFFECT_OK ||
        effect_host_catalog_load(catalog, argv[2], &plugin, &error) != EFFECT_OK ||
        effect_host_instance_create(plugin, argv[2], NULL, 0, &instance, &error) != EFFECT_OK ||
        effect_host_picture_create(instance, NULL, &picture, &error) != EFFECT_OK ||
        effect_host_picture_size(picture, &width, &height, &error) != EFFECT_OK) {
        fprintf(stderr, "host_draw_bench: %s\n", error.message);
        return 1;
    }
    /* As PixelCanvas(for:scale:) sizes render's frames. */
    uint32_t w = (uint32_t)(width * 2), h = (uint32_t)(height * 2);
    w += (double)w < width * 2;
    h += (double)h < height * 2;
    uint8_t *pixels = malloc((size_t)w * h * 4);
    if (pixels == NULL) return 1;
    const uint32_t layouts[2] = {EFFECT_HOST_PIXELS_ARGB32_PREMULTIPLIED, EFFECT_HOST_PIXELS_RGBA_STRAIGHT};
    const char *names[2] = {"argb32", "rgba"};
    for (int k = 0; k < 2; k++) {
        double start = now();
        for (long i = 0; i < frames; i++) {
            if (effect_host_picture_draw_pixels(picture, (double)i / fps, pixels, w, h, w * 4, layouts[k], &error) != EFFECT_OK) {
                fprintf(stderr, "host_draw_bench: %s\n", error.message);
                return 1;
            }
        }
        printf("%s %.6f\n", names[k], now() - start);
    }
    free(pixels);
    effect_host_picture_free(picture);
    effect_host_instance_free(instance);
    effect_host_plugin_free(plugin);
    effect_host_catalog_free(catalog);
    return 0;
}
