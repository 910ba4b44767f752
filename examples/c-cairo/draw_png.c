/*
 * draw_png: one frame of any effect into a cairo surface of your own, then
 * a PNG. The host library draws it (effect_host.h): the effect's display
 * list, real fonts, both appearances, exactly the pixels `effect-host
 * render --time T` writes with the same --background. Your program owns the surface and the context,
 * so the frame can as well be drawn into a window's surface, a PDF page or
 * part of a larger picture.
 *
 *   draw_png EFFECT OUT.png [--time T] [--scale S] [--width W] [--theme light|dark]
 *            [--font F] [--background #RRGGBB[AA]|transparent]
 *            [--plugins DIR] [NAME=VALUE ...]
 *
 *   --time T        the frame's time in seconds (default 0)
 *   --scale S       pixels per point (default 2)
 *   --width W       the width proposed to the view in points: text wraps
 *                   to it (default 432, as render proposes)
 *   --theme A       the appearance, light or dark (default light)
 *   --font F        a font family or a font file (default Inter)
 *   --background C  the ground under the frame (default the appearance's
 *                   window colour)
 *   --plugins DIR   searched before EFFECT_PLUGIN_PATH and the plugins
 *                   installed beside the library
 *   NAME=VALUE      a param, written as effect-host's --param takes it
 *
 * Prints "OUT.png: W x H pixels" and exits 0; a bad argument is one line on
 * stderr and exit 2, a failure (plugin, drawing, file) one line and exit 1.
 *
 * Build (cairo's development files: Debian's libcairo2-dev, or
 * scripts/ensure-cairo), from a checkout after `swift build`:
 *   cc -std=c99 -Wall -Wextra -Werror -Iinclude examples/c-cairo/draw_png.c \
 *      -L.build/debug -Wl,-rpath,"$PWD/.build/debug" -leffecthost \
 *      $(pkg-config --cflags --libs cairo) -lm -o .build/draw_png
 * or against an installed tree:
 *   cc -std=c99 -Wall -Wextra -Werror draw_png.c $(pkg-config --cflags --libs effect-host cairo) -lm -o draw_png
 */
#define _POSIX_C_SOURCE 200809L
#include "effect_host.h"

#include <cairo.h>
#include <sys/stat.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define USAGE                                                                                              \
    "usage: draw_png EFFECT OUT.png [--time T] [--scale S] [--width W] [--theme light|dark] [--font F]\n"  \
    "                [--background #RRGGBB[AA]|transparent] [--plugins DIR] [NAME=VALUE ...]\n"

/* One line, `value` quoted after `what` when given; exit status 2. */
static int bad_argument(const char *what, const char *value) {
    if (value != NULL) fprintf(stderr, "draw_png: %s '%s'\n", what, value);
    else fprintf(stderr, "draw_png: %s\n", what);
    return 2;
}

static int failed(const char *what, const char *message) {
    fprintf(stderr, "draw_png: %s: %s\n", what, message);
    return 1;
}

/* Nonzero when the whole of `text` is a finite number. */
static int read_number(const char *text, double *out) {
    char *end = NULL;
    *out = strtod(text, &end);
    return end != text && *end == '\0' && isfinite(*out);
}

/* "#RRGGBB" or "#RRGGBBAA" as 0xRRGGBBAA. */
static int read_color(const char *text, uint32_t *out) {
    size_t length = strlen(text);
    if (text[0] != '#' || (length != 7 && length != 9) || strspn(text + 1, "0123456789abcdefABCDEF") != length - 1)
        return 0;
    unsigned long value = strtoul(text + 1, NULL, 16);
    *out = (uint32_t)(length == 7 ? value << 8 | 0xFF : value);
    return 1;
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fputs(USAGE, stderr);
        return 2;
    }
    const char *effect_id = argv[1], *out = argv[2];
    double t = 0, scale = 2;
    effect_host_look look = {sizeof look, EFFECT_APPEARANCE_LIGHT, 0, NULL, EFFECT_HOST_GROUND_DEFAULT, 0};
    const char *params[64], *plugins[16];
    uint32_t param_count = 0, plugin_count = 0;
    for (int i = 3; i < argc; i++) {
        const char *option = argv[i], *value = i + 1 < argc ? argv[i + 1] : NULL;
        int takes_value = strcmp(option, "--time") == 0 || strcmp(option, "--scale") == 0 ||
                          strcmp(option, "--width") == 0 || strcmp(option, "--font") == 0 ||
                          strcmp(option, "--background") == 0 || strcmp(option, "--plugins") == 0 ||
                          strcmp(option, "--theme") == 0;
        if (takes_value && value == NULL) return bad_argument("this option needs a value:", option);
        if (strcmp(option, "--time") == 0) {
            if (!read_number(value, &t)) return bad_argument("--time takes seconds, not", value);
        } else if (strcmp(option, "--scale") == 0) {
            if (!read_number(value, &scale) || scale <= 0 || scale > 16)
                return bad_argument("--scale takes pixels a point, above 0 and at most 16, not", value);
        } else if (strcmp(option, "--width") == 0) {
            if (!read_number(value, &look.width) || look.width <= 0)
                return bad_argument("--width takes points above 0, not", value);
        } else if (strcmp(option, "--font") == 0) {
            look.font = value;
        } else if (strcmp(option, "--background") == 0) {
            if (strcmp(value, "transparent") == 0) look.ground = EFFECT_HOST_GROUND_TRANSPARENT;
            else if (read_color(value, &look.ground_color)) look.ground = EFFECT_HOST_GROUND_COLOR;
            else return bad_argument("--background takes #RRGGBB, #RRGGBBAA or transparent, not", value);
        } else if (strcmp(option, "--plugins") == 0) {
            struct stat found;
            if (stat(value, &found) != 0) return bad_argument("--plugins names nothing at", value);
            if (plugin_count == 16) return bad_argument("at most 16 --plugins, not one more:", value);
            plugins[plugin_count++] = value;
        } else if (strcmp(option, "--theme") == 0) {
            if (strcmp(value, "light") == 0) look.appearance = EFFECT_APPEARANCE_LIGHT;
            else if (strcmp(value, "dark") == 0) look.appearance = EFFECT_APPEARANCE_DARK;
            else return bad_argument("--theme takes light or dark, not", value);
        } else if (option[0] != '-' && strchr(option, '=') != NULL) {
            if (param_count == 64) return bad_argument("at most 64 params, not one more:", option);
            params[param_count++] = option;
            continue;
        } else {
            return bad_argument("unknown argument", option);
        }
        i++;
    }

    effect_error error = {sizeof error, 0, {0}};
    effect_host_catalog_options search = {sizeof search, 0, plugins, plugin_count, 1};
    effect_host_catalog *catalog = NULL;
    effect_host_plugin *plugin = NULL;
    effect_host_instance *instance = NULL;
    effect_host_picture *picture = NULL;
    if (effect_host_catalog_open(&search, &catalog, &error) != EFFECT_OK) return failed("plugins", error.message);
    effect_status status = effect_host_catalog_load(catalog, effect_id, &plugin, &error);
    if (status != EFFECT_OK) {
        /* The effect may be in a file that was refused or would not load: say which, and why. */
        for (uint32_t i = 0; i < effect_host_catalog_failure_count(catalog); i++)
            fprintf(stderr, "draw_png: skipped %s\n", effect_host_catalog_failure(catalog, i));
    }
    effect_host_catalog_free(catalog);
    if (status != EFFECT_OK) return status == EFFECT_ERR_UNKNOWN_EFFECT ? bad_argument(error.message, NULL)
                                                                        : failed("load", error.message);
    if (effect_host_instance_create_text(plugin, effect_id, params, param_count, &instance, &error) != EFFECT_OK)
        return bad_argument(error.message, NULL);
    double width, height;
    if (effect_host_picture_create(instance, &look, &picture, &error) != EFFECT_OK ||
        effect_host_picture_size(picture, &width, &height, &error) != EFFECT_OK)
        return failed("picture", error.message);

    /* The picture's box in points, scaled to pixels and rounded up, as
     * render sizes it, and fitted to those pixels as render fits it (aspect
     * kept, centred): then these are render's very pixels, but for the last
     * row and column a fractional scale leaves the box short of, which
     * render fills with its ground and this leaves part clear. */
    int pixel_width = (int)ceil(width * scale), pixel_height = (int)ceil(height * scale);
    double fit = fmin(pixel_width / width, pixel_height / height);
    cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, pixel_width, pixel_height);
    cairo_t *cr = cairo_create(surface);
    cairo_translate(cr, (pixel_width - width * fit) / 2, (pixel_height - height * fit) / 2);
    cairo_scale(cr, fit, fit);
    status = effect_host_picture_draw_cairo(picture, t, cr, &error);
    cairo_destroy(cr);
    int code = 0;
    cairo_status_t written;
    if (status != EFFECT_OK) {
        code = status == EFFECT_ERR_TIME ? bad_argument(error.message, NULL) : failed("draw", error.message);
    } else if ((written = cairo_surface_write_to_png(surface, out)) != CAIRO_STATUS_SUCCESS) {
        code = failed(out, cairo_status_to_string(written));
    } else {
        const char *missing = effect_host_picture_missing_characters(picture);
        if (missing != NULL) fprintf(stderr, "draw_png: %s\n", missing);
        printf("%s: %d x %d pixels\n", out, pixel_width, pixel_height);
    }
    cairo_surface_destroy(surface);
    effect_host_picture_free(picture);
    effect_host_instance_free(instance);
    effect_host_plugin_free(plugin);
    return code;
}
