/*
 * png_choices.c: how big and how slow a PNG frame is under each PNG row
 * filter and zlib level, the measurement behind PNGEncoder's choice.
 *
 *   png_choices PLUGIN_DIR EFFECT FPS FRAMES
 *
 * Draws frames t = i / FPS at two pixels a point on the default ground
 * (render's PNG frames: transparent in the light look) as straight RGBA,
 * then for each filter (None, Sub, Up, Paeth, and libpng's adaptive
 * choice per row, which cairo's writer and Pillow use) and each zlib level
 * (1, 3, 6, 9) filters every row and compresses the frame with zlib's
 * compress2, as PNGEncoder does. Prints one line per choice: filter,
 * level, milliseconds a frame (filtering and compressing, the fastest of
 * three passes) and bytes a frame (the zlib stream). zlib is loaded at
 * run time, so no -dev package is needed.
 */
#define _POSIX_C_SOURCE 200809L
#include "effect_host.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef int (*compress2_fn)(unsigned char *, unsigned long *, const unsigned char *, unsigned long, int);
typedef unsigned long (*bound_fn)(unsigned long);

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int paeth(int a, int b, int c) {
    int p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c);
    return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/* One row filtered as `type` (0 None, 1 Sub, 2 Up, 4 Paeth) into out, its type byte first. */
static void filter_row(int type, const unsigned char *row, const unsigned char *above, size_t n, unsigned char *out) {
    out[0] = (unsigned char)type;
    out++;
    switch (type) {
    case 0: memcpy(out, row, n); break;
    case 1:
        for (size_t i = 0; i < n; i++) out[i] = (unsigned char)(row[i] - (i >= 4 ? row[i - 4] : 0));
        break;
    case 2:
        for (size_t i = 0; i < n; i++) out[i] = (unsigned char)(row[i] - (above ? above[i] : 0));
        break;
    default:
        for (size_t i = 0; i < n; i++) {
            int a = i >= 4 ? row[i - 4] : 0, b = above ? above[i] : 0, c = above && i >= 4 ? above[i - 4] : 0;
            out[i] = (unsigned char)(row[i] - paeth(a, b, c));
        }
    }
}

/* libpng's heuristic: the filter whose bytes, read as signed, sum smallest. */
static void adaptive_row(const unsigned char *row, const unsigned char *above, size_t n, unsigned char *out, unsigned char *trial) {
    const int types[4] = {0, 1, 2, 4};
    unsigned long best = (unsigned long)-1;
    for (int k = 0; k < 4; k++) {
        filter_row(types[k], row, above, n, trial);
        unsigned long sum = 0;
        for (size_t i = 1; i <= n; i++) sum += (unsigned long)abs((signed char)trial[i]);
        if (sum < best) {
            best = sum;
            memcpy(out, trial, n + 1);
        }
    }
}

int main(int argc, char **argv) {
    effect_error error = {sizeof error, 0, {0}};
    if (argc != 5) {
        fprintf(stderr, "usage: png_choices PLUGIN_DIR EFFECT FPS FRAMES\n");
        return 2;
    }
    void *zlib = dlopen("libz.so.1", RTLD_NOW);
    compress2_fn compress2 = zlib ? (compress2_fn)(size_t)dlsym(zlib, "compress2") : NULL;
    bound_fn bound = zlib ? (bound_fn)(size_t)dlsym(zlib, "compressBound") : NULL;
    if (compress2 == NULL || bound == NULL) {
        fprintf(stderr, "png_choices: libz.so.1 is not installed (Debian package zlib1g)\n");
        return 1;
    }
    const char *dir = argv[1];
    double fps = atof(argv[3]);
    long frames = atol(argv[4]);
    effect_host_catalog_options search = {sizeof search, 0, &dir, 1, 0};
    effect_host_catalog *catalog = NULL;
    effect_host_plugin *plugin = NULL;
    effect_host_instance *instance = NULL;
    effect_host_picture *picture = NULL;
    effect_host_look look = {sizeof look, EFFECT_APPEARANCE_LIGHT, 0, NULL, EFFECT_HOST_GROUND_TRANSPARENT, 0};
    double width, height;
    if (frames < 1 || effect_host_catalog_open(&search, &catalog, &error) != EFFECT_OK ||
        effect_host_catalog_load(catalog, argv[2], &plugin, &error) != EFFECT_OK ||
        effect_host_instance_create(plugin, argv[2], NULL, 0, &instance, &error) != EFFECT_OK ||
        effect_host_picture_create(instance, &look, &picture, &error) != EFFECT_OK ||
        effect_host_picture_size(picture, &width, &height, &error) != EFFECT_OK) {
        fprintf(stderr, "png_choices: %s\n", frames < 1 ? "FRAMES must be 1 or more" : error.message);
        return 1;
    }
    uint32_t w = (uint32_t)(width * 2), h = (uint32_t)(height * 2);
    w += (double)w < width * 2;
    h += (double)h < height * 2;
    size_t n = (size_t)w * 4, frame_bytes = n * h, filtered_bytes = (n + 1) * h;
    unsigned char *pixels = malloc(frame_bytes * (size_t)frames), *filtered = malloc(filtered_bytes), *trial = malloc(n + 1);
    unsigned long capacity = bound(filtered_bytes);
    unsigned char *stream = malloc(capacity);
    if (pixels == NULL || filtered == NULL || trial == NULL || stream == NULL) return 1;
    for (long i = 0; i < frames; i++) {
        if (effect_host_picture_draw_pixels(picture, (double)i / fps, pixels + frame_bytes * (size_t)i, w, h, (uint32_t)n,
                                            EFFECT_HOST_PIXELS_RGBA_STRAIGHT, &error) != EFFECT_OK) {
            fprintf(stderr, "png_choices: %s\n", error.message);
            return 1;
        }
    }
    const char *names[6] = {"none", "sub", "up", "", "paeth", "adaptive"};
    const int levels[4] = {1, 3, 6, 9};
    for (int type = 0; type <= 5; type++) {
        if (type == 3) continue; /* Average: never the best here, and libpng's heuristic tries the rest */
        for (int l = 0; l < 4; l++) {
            double fastest = 1e30;
            unsigned long total = 0;
            for (int pass = 0; pass < 3; pass++) {
                total = 0;
                double start = now();
                for (long i = 0; i < frames; i++) {
                    const unsigned char *frame = pixels + frame_bytes * (size_t)i;
                    for (uint32_t y = 0; y < h; y++) {
                        const unsigned char *row = frame + n * y, *above = y ? row - n : NULL;
                        unsigned char *out = filtered + (n + 1) * y;
                        if (type == 5) adaptive_row(row, above, n, out, trial);
                        else filter_row(type, row, above, n, out);
                    }
                    unsigned long size = capacity;
                    if (compress2(stream, &size, filtered, filtered_bytes, levels[l]) != 0) return 1;
                    total += size;
                }
                double seconds = (now() - start) / (double)frames;
                if (seconds < fastest) fastest = seconds;
            }
            printf("%s %d %.3f %lu\n", names[type], levels[l], fastest * 1e3, total / (unsigned long)frames);
        }
    }
    free(pixels);
    free(filtered);
    free(trial);
    free(stream);
    effect_host_picture_free(picture);
    effect_host_instance_free(instance);
    effect_host_plugin_free(plugin);
    effect_host_catalog_free(catalog);
    return 0;
}
