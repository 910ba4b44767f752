/*
 * host_demo.c: let the host draw. Finds an effect on the plugin search
 * path, creates it with NAME=VALUE params, draws one frame into RGBA bytes
 * of its own (and says where the ink is), and renders the whole effect to
 * any file `effect-host render` writes, on render's ground for the format
 * (or the one -b names), printing the notes render would warn of.
 *
 *   host_demo EFFECT [NAME=VALUE ...] [-t SECONDS] [-o OUT] [-b #RRGGBB[AA]|transparent]
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

/* What effect-host render prints as a warning: a GIF's one transparent
 * colour, a font family drawn in place of one not installed, characters
 * no font has. */
static void print_note(void *context, const char *line) {
    (void)context;
    fprintf(stderr, "host_demo: %s\n", line);
}

/* -b as render's --background takes it: transparent, or a colour in the
 * host's one grammar (effect_host_parse_color: #RRGGBB, #RRGGBBAA, 0x or
 * no prefix). */
static int parse_ground(const char *text, effect_host_look *look) {
    if (strcmp(text, "transparent") == 0) {
        look->ground = EFFECT_HOST_GROUND_TRANSPARENT;
        return 1;
    }
    effect_error error = {sizeof error, 0, {0}};
    if (effect_host_parse_color(text, &look->ground_color, &error) != EFFECT_OK) return 0;
    look->ground = EFFECT_HOST_GROUND_COLOR;
    return 1;
}

int main(int argc, char **argv) {
    effect_error error = {sizeof error, 0, {0}};
    const char *params[64];
    uint32_t param_count = 0;
    double t = 0.5;
    const char *out = NULL;
    /* The render's look: render's own ground for the format unless -b says otherwise. */
    effect_host_look ground = {sizeof ground, EFFECT_APPEARANCE_LIGHT, 0, NULL, EFFECT_HOST_GROUND_DEFAULT, 0};
    if (argc < 2) {
        fprintf(stderr, "usage: host_demo EFFECT [NAME=VALUE ...] [-t SECONDS] [-o OUT] [-b #RRGGBB[AA]|transparent]\n");
        return 2;
    }
    for (int i = 2; i < argc; i++) {
        if (strcmp(argv[i], "-t") == 0 && i + 1 < argc) t = atof(argv[++i]);
        else if (strcmp(argv[i], "-o") == 0 && i + 1 < argc) out = argv[++i];
        else if (strcmp(argv[i], "-b") == 0 && i + 1 < argc) {
            if (!parse_ground(argv[++i], &ground)) {
                fprintf(stderr, "host_demo: -b needs #RRGGBB, #RRGGBBAA or transparent, not '%s'\n", argv[i]);
                return 2;
            }
        } else if (param_count < 64) params[param_count++] = argv[i];
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

    /* One frame into our own bytes: RGBA, straight alpha, two pixels a point, on a transparent ground,
     * so that the ink is where alpha is. */
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

    /* The whole effect, to a file: the format comes from its name, the notes go to stderr. */
    if (out != NULL) {
        effect_host_render_options render = {sizeof render, 0, 0, 0, 0, 0, 0, 0, NULL, NULL, print_note, NULL};
        if (effect_host_render(instance, out, &ground, &render, &error) != EFFECT_OK) return failed("render", &error);
        printf("wrote %s\n", out);
    }
    effect_host_instance_free(instance);
    effect_host_plugin_free(plugin);
    return 0;
}
