/*
 * host_demo.c: let the host draw. Finds an effect on the plugin search
 * path, creates it with NAME=VALUE params, draws one frame into RGBA bytes
 * of its own (and says where the ink is), and renders the whole effect to
 * any file `effect-host render` writes.
 *
 *   host_demo EFFECT [NAME=VALUE ...] [-t SECONDS] [-o OUT]
 *
 * Build (from a checkout, after `swift build`):
 *   cc -std=c99 -Wall -Wextra -Werror -Iinclude examples/c-host/host_demo.c \
 *      -L.build/debug -Wl,-rpath,"$PWD/.build/debug" -leffecthost -o .build/host_demo
 * or against an installed tree:
 *   cc -std=c99 -Wall -Wextra -Werror host_demo.c $(pkg-config --cflags --libs effect-host) -o host_demo
 */
#include "effect_host.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failed(const char *what, const effect_error *error) {
    fprintf(stderr, "host_demo: %s: %s\n", what, error->message);
    return 1;
}

int main(int argc, char **argv) {
    effect_error error = {sizeof error, 0, {0}};
    const char *params[64];
    uint32_t param_count = 0;
    double t = 0.5;
    const char *out = NULL;
    if (argc < 2) {
        fprintf(stderr, "usage: host_demo EFFECT [NAME=VALUE ...] [-t SECONDS] [-o OUT]\n");
        return 2;
    }
    for (int i = 2; i < argc; i++) {
        if (strcmp(argv[i], "-t") == 0 && i + 1 < argc) t = atof(argv[++i]);
        else if (strcmp(argv[i], "-o") == 0 && i + 1 < argc) out = argv[++i];
        else if (param_count < 64) params[param_count++] = argv[i];
    }

    /* The plugins installed beside the library, then EFFECT_PLUGIN_PATH. */
    effect_host_catalog_options search = {sizeof search, 0, NULL, 0, 1};
    effect_host_catalog *catalog = NULL;
    effect_host_plugin *plugin = NULL;
    effect_host_instance *instance = NULL;
    effect_host_picture *picture = NULL;
    if (effect_host_catalog_open(&search, &catalog, &error) != EFFECT_OK) return failed("plugins", &error);
    effect_status status = effect_host_catalog_load(catalog, argv[1], &plugin, &error);
    effect_host_catalog_free(catalog);
    if (status != EFFECT_OK) return failed("load", &error);
    if (effect_host_instance_create_text(plugin, argv[1], params, param_count, &instance, &error) != EFFECT_OK)
        return failed("create", &error);

    /* One frame into our own bytes: RGBA, straight alpha, two pixels a point, on a transparent ground. */
    effect_host_look look = {sizeof look, EFFECT_APPEARANCE_LIGHT, 0, NULL, EFFECT_HOST_GROUND_TRANSPARENT, 0};
    double width, height;
    if (effect_host_picture_create(instance, &look, &picture, &error) != EFFECT_OK ||
        effect_host_picture_size(picture, &width, &height, &error) != EFFECT_OK)
        return failed("picture", &error);
    uint32_t w = (uint32_t)(width * 2 + 0.5), h = (uint32_t)(height * 2 + 0.5);
    uint8_t *rgba = malloc((size_t)w * h * 4);
    if (rgba == NULL) return 1;
    if (effect_host_picture_draw_pixels(picture, t, rgba, w, h, w * 4, EFFECT_HOST_PIXELS_RGBA_STRAIGHT, &error) != EFFECT_OK)
        return failed("draw", &error);
    uint32_t left = w, right = 0, top = h, bottom = 0;
    for (uint32_t y = 0; y < h; y++) {
        for (uint32_t x = 0; x < w; x++) {
            if (rgba[((size_t)y * w + x) * 4 + 3] == 0) continue;
            if (x < left) left = x;
            if (x > right) right = x;
            if (y < top) top = y;
            if (y > bottom) bottom = y;
        }
    }
    if (left <= right) printf("%s at t = %g: %u x %u pixels, ink from (%u, %u) to (%u, %u)\n", argv[1], t, w, h, left, top, right, bottom);
    else printf("%s at t = %g: %u x %u pixels, no ink\n", argv[1], t, w, h);
    free(rgba);
    effect_host_picture_free(picture);

    /* The whole effect, to a file: the format comes from its name. */
    if (out != NULL) {
        if (effect_host_render(instance, out, &look, NULL, &error) != EFFECT_OK) return failed("render", &error);
        printf("wrote %s\n", out);
    }
    effect_host_instance_free(instance);
    effect_host_plugin_free(plugin);
    return 0;
}
