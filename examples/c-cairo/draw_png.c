/*
 * draw_png: draws one frame of any effect to a PNG with cairo, from the
 * effect's display list alone (ABI 1.2 `draw`): nothing here knows any
 * particular effect. Only effect.h, dlopen and cairo.
 *
 *   draw_png PLUGIN.so EFFECT OUT.png [--time T] [--scale S] [--width W]
 *            [--background #RRGGBB[AA]] [--param NAME=VALUE]...
 *
 *   --time T        the frame's time in seconds (default 0)
 *   --scale S       pixels per point (default 2)
 *   --width W       the width proposed to the view in points (text-reveal
 *                   wraps to it; default 432, as effect-host render proposes;
 *                   0 asks for the view's ideal width)
 *   --background C  paint the canvas first (default: transparent)
 *   --param N=V     a param for create, read by the param's type: a number,
 *                   true/false, a choice name, #RRGGBB[AA], text, or `none`
 *                   to leave an optional param unset (repeatable)
 *
 * The canvas is the list's `bounds` (the ink of every frame of the
 * instance) times the scale, so every frame of one instance gets the same
 * canvas. On success it prints one line:
 *   OUT.png: W x H pixels: bounds X Y WIDTH HEIGHT at scale S
 * Exit status: 0 on success, 2 for bad arguments or params (one line on
 * stderr), 1 when the plugin, the drawing or the file fails.
 *
 * How the display list maps onto cairo:
 *   - a group is cairo_save/cairo_restore around its content, with the
 *     ABI's transform p' = translate + anchor + R(rotation) S(scale) (p - anchor);
 *     a group whose transform cannot be inverted (a scale of 0) draws
 *     nothing. A group with opacity, blur or saturation draws its content
 *     into cairo_push_group; the filters run on that layer's pixels
 *     (saturation, then blur), then the clip is applied and the layer is
 *     painted with cairo_paint_with_alpha. A group with only a clip clips
 *     directly.
 *   - saturation is the luminance-preserving saturate matrix of SVG's
 *     feColorMatrix with Rec. 709 weights (0.2126, 0.7152, 0.0722), on sRGB
 *     values, as SwiftUI's saturation(_:) and effect-host's SVG apply it.
 *   - blur approximates the Gaussian of standard deviation radius / 2 (as
 *     effect.h defines it) with three successive box blurs, horizontal and
 *     vertical, whose widths are chosen so that their combined variance is
 *     the Gaussian's (W. Jarosz's "fast image convolutions"); within a few
 *     per cent of the true Gaussian. The radius is taken to device pixels
 *     by the length of the group's current x and y axes, so a rotated or
 *     unevenly scaled group blurs along the canvas's axes, not its own.
 *     Ink blurred in from outside the layer (beyond an enclosing clip or
 *     the canvas) is lost.
 *   - shapes: rects, rounded rects (circular corners, radius clamped to half
 *     the shorter side), capsules, ellipses and paths; a frame with a zero
 *     or negative side draws nothing. Trim: the outline is flattened
 *     (cairo_copy_path_flat), measured, and only the part from trim_start
 *     to trim_end of its length is filled and stroked, as SwiftUI's
 *     trim(from:to:) does; outlines start where SwiftUI's do for ellipses
 *     (the trailing point, going clockwise) and at the top-leading corner
 *     for rectangles.
 *   - fills: solid colours and linear gradients (stops in order, padded
 *     beyond the ends); strokes with the item's width, cap and join.
 *   - text: cairo's toy text API, "sans-serif", bold at weight >= 600,
 *     drawn character by character with the run's tracking after each and
 *     the glyphs scaled horizontally so the run's width is exactly the
 *     item's `advance` (what the effect laid out with; draw_png measures
 *     with the ABI's reference metrics, so the geometry is the same on
 *     every machine, whatever fonts cairo finds).
 *
 * Build (needs cairo's development files: Debian's libcairo2-dev, or
 * scripts/ensure-cairo):
 *   cc -std=c99 -Wall -Wextra -Werror -pedantic -Iinclude examples/c-cairo/draw_png.c \
 *      $(pkg-config --cflags --libs cairo) -ldl -lm -o .build/draw_png
 */
#include "effect.h"

#include <cairo.h>
#include <dlfcn.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PI 3.14159265358979323846
/* More items than any frame of a sane effect draws (as effect-host). */
#define MAX_ITEMS 50000000u
/* Cairo's image surfaces stop at 32767 pixels a side. */
#define MAX_SIDE 32767.0
#define MAX_PIXELS 200000000.0

static const char *program = "draw_png";

/* One line on stderr; returns `status` for `return failure(...)`. */
static int failure(int status, const char *format, ...) {
    va_list arguments;
    fprintf(stderr, "%s: ", program);
    va_start(arguments, format);
    vfprintf(stderr, format, arguments);
    va_end(arguments);
    fputc('\n', stderr);
    return status;
}

static const char *usage_text =
    "usage: draw_png PLUGIN.so EFFECT OUT.png [--time T] [--scale S] [--width W] [--background #RRGGBB[AA]] "
    "[--param NAME=VALUE]...";

/* ---- Arguments ----------------------------------------------------------- */

static int parse_number(const char *text, double *out) {
    char *end;
    double x;
    if (*text == '\0') return 0;
    errno = 0;
    x = strtod(text, &end);
    if (*end != '\0' || !isfinite(x)) return 0;
    *out = x;
    return 1;
}

static int hex_digit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* #RRGGBB or #RRGGBBAA as 0xRRGGBBAA. */
static int parse_color(const char *text, uint32_t *out) {
    size_t length = strlen(text), i;
    uint32_t value = 0;
    if (text[0] != '#' || (length != 7 && length != 9)) return 0;
    for (i = 1; i < length; i++) {
        int digit = hex_digit(text[i]);
        if (digit < 0) return 0;
        value = (value << 4) | (uint32_t)digit;
    }
    *out = length == 7 ? (value << 8) | 0xFFu : value;
    return 1;
}

/* Reads `text` as a value of param type `type` (optional: `none` unsets). */
static const char *parse_value(uint32_t type, int optional, const char *text, effect_value *value) {
    char *end;
    memset(value, 0, sizeof *value);
    if (optional && strcmp(text, "none") == 0) {
        value->type = EFFECT_TYPE_NONE;
        return NULL;
    }
    value->type = type;
    switch (type) {
    case EFFECT_TYPE_NUMBER:
        return parse_number(text, &value->number) ? NULL : "a number";
    case EFFECT_TYPE_INTEGER:
        errno = 0;
        value->integer = strtoll(text, &end, 10);
        return *text != '\0' && *end == '\0' && errno == 0 ? NULL : "a whole number";
    case EFFECT_TYPE_BOOL:
        if (strcmp(text, "true") == 0) value->integer = 1;
        else if (strcmp(text, "false") == 0) value->integer = 0;
        else return "true or false";
        return NULL;
    case EFFECT_TYPE_COLOR: {
        uint32_t rgba;
        if (!parse_color(text, &rgba)) return "a colour written #RRGGBB or #RRGGBBAA";
        value->integer = (int64_t)rgba;
        return NULL;
    }
    case EFFECT_TYPE_ENUM:
    case EFFECT_TYPE_STRING:
        value->string = text;
        return NULL;
    default:
        return "a value of a type this program does not know";
    }
}

/* ---- The plugin ---------------------------------------------------------- */

static effect_error error_buffer;

static effect_error *fresh_error(void) {
    memset(&error_buffer, 0, sizeof error_buffer);
    error_buffer.struct_size = sizeof error_buffer;
    return &error_buffer;
}

static const char *message(void) { return error_buffer.message[0] != '\0' ? error_buffer.message : "the call failed"; }

/* dlopens `path` and checks its table as effect.h asks: the same major, no
 * newer minor, a table as large as its minor's, every 1.0 function, and
 * `draw` (ABI 1.2). */
static int load(const char *path, const effect_plugin_api **out) {
    void *library = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    effect_plugin_entry_fn entry;
    const effect_plugin_api *api;
    void *symbol;
    if (library == NULL) {
        const char *reason = dlerror();
        return failure(1, "%s", reason != NULL ? reason : "cannot load the plugin");
    }
    symbol = dlsym(library, EFFECT_ENTRY_SYMBOL);
    if (symbol == NULL) return failure(1, "%s: not an effect plugin (no %s)", path, EFFECT_ENTRY_SYMBOL);
    memcpy(&entry, &symbol, sizeof entry);
    api = entry();
    if (api == NULL) return failure(1, "%s: %s returned NULL", path, EFFECT_ENTRY_SYMBOL);
    if (api->abi_major != EFFECT_ABI_MAJOR || api->abi_minor > EFFECT_ABI_MINOR) {
        return failure(1, "%s: built for effect ABI %u.%u; this program speaks %d.%d", path, api->abi_major,
                       api->abi_minor, EFFECT_ABI_MAJOR, EFFECT_ABI_MINOR);
    }
    if (api->struct_size < EFFECT_PLUGIN_API_SIZE_FOR_MINOR(api->abi_minor)) {
        return failure(1, "%s: its function table is %u bytes; ABI %u.%u needs %u", path, api->struct_size,
                       api->abi_major, api->abi_minor, (unsigned)EFFECT_PLUGIN_API_SIZE_FOR_MINOR(api->abi_minor));
    }
    if (!api->describe || !api->effect_info || !api->param_info || !api->create || !api->destroy) {
        return failure(1, "%s: its function table is incomplete", path);
    }
    /* `draw` lies past the end of a 1.0 or 1.1 table: read it only for 1.2 and later. */
    if (api->abi_minor < 2 || api->draw == NULL) {
        return failure(1, "%s: built for effect ABI %u.%u, which does not draw (since 1.2)", path, api->abi_major,
                       api->abi_minor);
    }
    *out = api;
    return 0;
}

/* The index of effect `id`, or -1 after reporting. */
static long find_effect(const effect_plugin_api *api, const char *path, const char *id) {
    effect_plugin_info plugin;
    uint32_t i;
    plugin.struct_size = sizeof plugin;
    if (api->describe(api, &plugin, fresh_error()) != EFFECT_OK) {
        failure(1, "%s: describe: %s", path, message());
        return -1;
    }
    for (i = 0; i < plugin.effect_count; i++) {
        effect_description info;
        info.struct_size = sizeof info;
        if (api->effect_info(api, i, &info, fresh_error()) != EFFECT_OK) {
            failure(1, "%s: effect_info: %s", path, message());
            return -1;
        }
        if (info.id != NULL && strcmp(info.id, id) == 0) return (long)i;
    }
    return -2;
}

/* The param `name` of effect `index`: its type and whether it is optional. */
static int find_param(const effect_plugin_api *api, uint32_t index, const char *name, uint32_t *type, int *optional) {
    effect_description info;
    uint32_t i;
    info.struct_size = sizeof info;
    if (api->effect_info(api, index, &info, fresh_error()) != EFFECT_OK) return 0;
    for (i = 0; i < info.param_count; i++) {
        effect_param_info param;
        param.struct_size = sizeof param;
        if (api->param_info(api, index, i, &param, fresh_error()) == EFFECT_OK && param.name != NULL &&
            strcmp(param.name, name) == 0) {
            *type = param.type;
            *optional = (param.flags & EFFECT_PARAM_OPTIONAL) != 0;
            return 1;
        }
    }
    return 0;
}

/* ---- Checking the list ---------------------------------------------------- */

static int finite_all(const double *values, size_t count) {
    size_t i;
    for (i = 0; i < count; i++) {
        if (!isfinite(values[i])) return 0;
    }
    return 1;
}

/* Whether `text` is well-formed UTF-8 (no overlongs, surrogates or code
 * points past U+10FFFF). */
static int valid_utf8(const char *text) {
    const unsigned char *p = (const unsigned char *)text;
    while (*p != 0) {
        unsigned c = *p, length, k;
        uint32_t point, least;
        if (c < 0x80) {
            p++;
            continue;
        }
        if ((c & 0xE0) == 0xC0) length = 2, point = c & 0x1F, least = 0x80;
        else if ((c & 0xF0) == 0xE0) length = 3, point = c & 0x0F, least = 0x800;
        else if ((c & 0xF8) == 0xF0) length = 4, point = c & 0x07, least = 0x10000;
        else return 0;
        for (k = 1; k < length; k++) {
            if ((p[k] & 0xC0) != 0x80) return 0;
            point = (point << 6) | (p[k] & 0x3Fu);
        }
        if (point < least || point > 0x10FFFF || (point >= 0xD800 && point <= 0xDFFF)) return 0;
        p += length;
    }
    return 1;
}

/* The checks effect-host's reader makes: finite numbers, known kinds,
 * balanced groups, each shape followed by its segments and stops, text
 * that is UTF-8. Returns NULL, or what is wrong. */
static const char *check_list(const effect_drawing *drawing, const effect_draw_item *items, uint64_t count,
                              char *buffer, size_t size) {
    uint64_t index, open = 0;
    double frame[6];
    frame[0] = drawing->width, frame[1] = drawing->height, frame[2] = drawing->bounds.x;
    frame[3] = drawing->bounds.y, frame[4] = drawing->bounds.width, frame[5] = drawing->bounds.height;
    if (!finite_all(frame, 6)) return "has a non-finite size or bounds";
    for (index = 0; index < count; index++) {
        const effect_draw_item *item = &items[index];
        switch (item->head.kind) {
        case EFFECT_ITEM_GROUP: {
            const effect_draw_group *g = &item->group;
            double numbers[15];
            numbers[0] = g->transform.anchor_x, numbers[1] = g->transform.anchor_y;
            numbers[2] = g->transform.translate_x, numbers[3] = g->transform.translate_y;
            numbers[4] = g->transform.scale_x, numbers[5] = g->transform.scale_y, numbers[6] = g->transform.rotation;
            numbers[7] = g->opacity, numbers[8] = g->blur, numbers[9] = g->saturation;
            numbers[10] = g->clip.x, numbers[11] = g->clip.y, numbers[12] = g->clip.width;
            numbers[13] = g->clip.height, numbers[14] = g->clip_corner_radius;
            if (!finite_all(numbers, 15)) goto non_finite;
            if (g->clip_shape > EFFECT_SHAPE_ELLIPSE) {
                snprintf(buffer, size, "clips to shape %u", g->clip_shape);
                return buffer;
            }
            open++;
            break;
        }
        case EFFECT_ITEM_END_GROUP:
            if (open == 0) {
                snprintf(buffer, size, "closes a group that is not open at item %llu", (unsigned long long)index);
                return buffer;
            }
            open--;
            break;
        case EFFECT_ITEM_SHAPE: {
            const effect_draw_shape *s = &item->shape;
            uint64_t segments = s->shape == EFFECT_SHAPE_PATH ? s->segment_count : 0;
            uint64_t stops = s->fill == EFFECT_PAINT_LINEAR_GRADIENT ? s->stop_count : 0, k;
            double numbers[12];
            if (s->shape < EFFECT_SHAPE_RECT || s->shape > EFFECT_SHAPE_PATH) {
                snprintf(buffer, size, "has shape kind %u at item %llu", s->shape, (unsigned long long)index);
                return buffer;
            }
            if (s->fill > EFFECT_PAINT_LINEAR_GRADIENT) {
                snprintf(buffer, size, "has paint kind %u", s->fill);
                return buffer;
            }
            numbers[0] = s->frame.x, numbers[1] = s->frame.y, numbers[2] = s->frame.width;
            numbers[3] = s->frame.height, numbers[4] = s->corner_radius, numbers[5] = s->trim_start;
            numbers[6] = s->trim_end, numbers[7] = s->gradient_x0, numbers[8] = s->gradient_y0;
            numbers[9] = s->gradient_x1, numbers[10] = s->gradient_y1, numbers[11] = s->stroke_width;
            if (!finite_all(numbers, 12)) goto non_finite;
            if (index + segments + stops >= count) {
                snprintf(buffer, size, "ends inside shape %u", s->id);
                return buffer;
            }
            for (k = 0; k < segments; k++) {
                const effect_draw_item *next = &items[index + 1 + k];
                double points[6];
                if (next->head.kind != EFFECT_ITEM_SEGMENT) {
                    snprintf(buffer, size, "lacks a segment of shape %u", s->id);
                    return buffer;
                }
                points[0] = next->segment.x, points[1] = next->segment.y, points[2] = next->segment.x1;
                points[3] = next->segment.y1, points[4] = next->segment.x2, points[5] = next->segment.y2;
                if (!finite_all(points, 6)) goto non_finite;
                if (next->segment.verb > EFFECT_SEGMENT_CLOSE) {
                    snprintf(buffer, size, "has segment verb %u", next->segment.verb);
                    return buffer;
                }
            }
            for (k = 0; k < stops; k++) {
                const effect_draw_item *next = &items[index + 1 + segments + k];
                if (next->head.kind != EFFECT_ITEM_STOP) {
                    snprintf(buffer, size, "lacks a stop of shape %u", s->id);
                    return buffer;
                }
                if (!isfinite(next->stop.offset)) goto non_finite;
            }
            index += segments + stops;
            break;
        }
        case EFFECT_ITEM_TEXT: {
            const effect_draw_text *t = &item->text;
            double numbers[8];
            numbers[0] = t->x, numbers[1] = t->y, numbers[2] = t->size, numbers[3] = t->weight;
            numbers[4] = t->tracking, numbers[5] = t->advance, numbers[6] = t->ascent, numbers[7] = t->descent;
            if (!finite_all(numbers, 8)) goto non_finite;
            if (t->text == NULL || !valid_utf8(t->text)) return "has text that is NULL or not UTF-8";
            break;
        }
        case EFFECT_ITEM_SEGMENT:
        case EFFECT_ITEM_STOP:
            snprintf(buffer, size, "has a %s outside a shape at item %llu",
                     item->head.kind == EFFECT_ITEM_SEGMENT ? "segment" : "stop", (unsigned long long)index);
            return buffer;
        default:
            snprintf(buffer, size, "has item kind %u at item %llu", item->head.kind, (unsigned long long)index);
            return buffer;
        }
        continue;
    non_finite:
        snprintf(buffer, size, "has a non-finite number in item %llu", (unsigned long long)index);
        return buffer;
    }
    if (open != 0) {
        snprintf(buffer, size, "leaves %llu group(s) open", (unsigned long long)open);
        return buffer;
    }
    return NULL;
}

/* ---- Drawing --------------------------------------------------------------- */

static void set_color(cairo_t *cr, uint32_t rgba) {
    cairo_set_source_rgba(cr, (double)(rgba >> 24) / 255, (double)((rgba >> 16) & 0xFF) / 255,
                          (double)((rgba >> 8) & 0xFF) / 255, (double)(rgba & 0xFF) / 255);
}

/* The outline of a rect, rounded rect, capsule or ellipse filling `r`, as
 * a new path; nothing for a frame with a side <= 0. */
static void outline(cairo_t *cr, uint32_t shape, effect_rect r, double corner_radius) {
    double radius;
    cairo_new_path(cr);
    if (!(r.width > 0 && r.height > 0)) return;
    switch (shape) {
    case EFFECT_SHAPE_ELLIPSE:
        /* Starts at the trailing point and goes clockwise, as SwiftUI's Ellipse. */
        cairo_save(cr);
        cairo_translate(cr, r.x + r.width / 2, r.y + r.height / 2);
        cairo_scale(cr, r.width / 2, r.height / 2);
        cairo_arc(cr, 0, 0, 1, 0, 2 * PI);
        cairo_close_path(cr);
        cairo_restore(cr);
        return;
    case EFFECT_SHAPE_ROUNDED_RECT:
    case EFFECT_SHAPE_CAPSULE:
        radius = fmin(r.width, r.height) / 2;
        if (shape == EFFECT_SHAPE_ROUNDED_RECT) radius = fmin(fmax(corner_radius, 0), radius);
        if (!(radius > 0)) {
            cairo_rectangle(cr, r.x, r.y, r.width, r.height);
            return;
        }
        /* Starts at the top-leading corner and goes clockwise. */
        cairo_new_sub_path(cr);
        cairo_arc(cr, r.x + radius, r.y + radius, radius, PI, 1.5 * PI);
        cairo_arc(cr, r.x + r.width - radius, r.y + radius, radius, 1.5 * PI, 2 * PI);
        cairo_arc(cr, r.x + r.width - radius, r.y + r.height - radius, radius, 0, 0.5 * PI);
        cairo_arc(cr, r.x + radius, r.y + r.height - radius, radius, 0.5 * PI, PI);
        cairo_close_path(cr);
        return;
    default:
        cairo_rectangle(cr, r.x, r.y, r.width, r.height);
        return;
    }
}

/* A PATH shape's segments as a new path. */
static void path_outline(cairo_t *cr, const effect_draw_item *segments, uint32_t count) {
    uint32_t i;
    cairo_new_path(cr);
    for (i = 0; i < count; i++) {
        const effect_draw_segment *s = &segments[i].segment;
        switch (s->verb) {
        case EFFECT_SEGMENT_MOVE: cairo_move_to(cr, s->x, s->y); break;
        case EFFECT_SEGMENT_LINE:
            if (!cairo_has_current_point(cr)) cairo_move_to(cr, s->x, s->y);
            else cairo_line_to(cr, s->x, s->y);
            break;
        case EFFECT_SEGMENT_CUBIC:
            if (!cairo_has_current_point(cr)) cairo_move_to(cr, s->x1, s->y1);
            cairo_curve_to(cr, s->x1, s->y1, s->x2, s->y2, s->x, s->y);
            break;
        default: cairo_close_path(cr); break;
        }
    }
}

/* Replaces the current path by the part of it from `start` to `end`
 * (fractions of its flattened length), as open polylines. */
static void trim_path(cairo_t *cr, double start, double end) {
    cairo_path_t *flat = cairo_copy_path_flat(cr);
    double total = 0, from, to, walked = 0, sx = 0, sy = 0, px = 0, py = 0;
    int i, pass, drawing = 0;
    if (flat == NULL || flat->status != CAIRO_STATUS_SUCCESS) {
        if (flat != NULL) cairo_path_destroy(flat);
        cairo_new_path(cr);
        return;
    }
    cairo_new_path(cr);
    /* Pass 0 measures; pass 1 emits the pieces within [from, to]. */
    for (pass = 0; pass < 2; pass++) {
        from = start * total, to = end * total, walked = 0;
        for (i = 0; i < flat->num_data; i += flat->data[i].header.length) {
            cairo_path_data_t *data = &flat->data[i];
            double x, y, length;
            if (data->header.type == CAIRO_PATH_MOVE_TO) {
                sx = px = data[1].point.x, sy = py = data[1].point.y;
                drawing = 0;
                continue;
            }
            if (data->header.type == CAIRO_PATH_LINE_TO) x = data[1].point.x, y = data[1].point.y;
            else if (data->header.type == CAIRO_PATH_CLOSE_PATH) x = sx, y = sy;
            else continue;
            length = hypot(x - px, y - py);
            if (pass == 0) {
                total += length;
            } else if (length > 0 && walked + length > from && walked < to) {
                double a = fmax(0, (from - walked) / length), b = fmin(1, (to - walked) / length);
                if (!drawing || a > 0) cairo_move_to(cr, px + (x - px) * a, py + (y - py) * a);
                cairo_line_to(cr, px + (x - px) * b, py + (y - py) * b);
                drawing = b >= 1;
            } else {
                drawing = 0;
            }
            walked += length;
            px = x, py = y;
        }
        if (total <= 0) break;
    }
    cairo_path_destroy(flat);
}

/* A shape item (`items[0]`) with its segments and stops after it. */
static void draw_shape(cairo_t *cr, const effect_draw_item *items) {
    const effect_draw_shape *s = &items->shape;
    uint32_t segments = s->shape == EFFECT_SHAPE_PATH ? s->segment_count : 0;
    double start = fmin(1, fmax(0, s->trim_start)), end = fmin(1, fmax(start, s->trim_end));
    if (end <= start) return;
    if (s->shape == EFFECT_SHAPE_PATH) path_outline(cr, items + 1, segments);
    else outline(cr, s->shape, s->frame, s->corner_radius);
    if (start > 0 || end < 1) trim_path(cr, start, end);
    if (s->fill == EFFECT_PAINT_SOLID) {
        set_color(cr, s->fill_color);
        cairo_fill_preserve(cr);
    } else if (s->fill == EFFECT_PAINT_LINEAR_GRADIENT) {
        cairo_pattern_t *gradient = cairo_pattern_create_linear(s->gradient_x0, s->gradient_y0, s->gradient_x1, s->gradient_y1);
        uint32_t k;
        for (k = 0; k < s->stop_count; k++) {
            const effect_draw_stop *stop = &items[1 + segments + k].stop;
            uint32_t c = stop->color;
            cairo_pattern_add_color_stop_rgba(gradient, fmin(1, fmax(0, stop->offset)), (double)(c >> 24) / 255,
                                              (double)((c >> 16) & 0xFF) / 255, (double)((c >> 8) & 0xFF) / 255,
                                              (double)(c & 0xFF) / 255);
        }
        cairo_pattern_set_extend(gradient, CAIRO_EXTEND_PAD);
        cairo_set_source(cr, gradient);
        cairo_fill_preserve(cr);
        cairo_pattern_destroy(gradient);
    }
    if (s->stroke_width > 0) {
        static const cairo_line_cap_t caps[3] = {CAIRO_LINE_CAP_BUTT, CAIRO_LINE_CAP_ROUND, CAIRO_LINE_CAP_SQUARE};
        static const cairo_line_join_t joins[3] = {CAIRO_LINE_JOIN_MITER, CAIRO_LINE_JOIN_ROUND, CAIRO_LINE_JOIN_BEVEL};
        set_color(cr, s->stroke_color);
        cairo_set_line_width(cr, s->stroke_width);
        cairo_set_line_cap(cr, caps[s->line_cap <= EFFECT_CAP_SQUARE ? s->line_cap : EFFECT_CAP_BUTT]);
        cairo_set_line_join(cr, joins[s->line_join <= EFFECT_JOIN_BEVEL ? s->line_join : EFFECT_JOIN_MITER]);
        cairo_stroke_preserve(cr);
    }
    cairo_new_path(cr);
}

/* The byte length of the UTF-8 character at `p` (1 for a stray byte). */
static size_t character_length(const unsigned char *p) {
    size_t length = p[0] < 0x80 ? 1 : (p[0] & 0xE0) == 0xC0 ? 2 : (p[0] & 0xF0) == 0xE0 ? 3 : (p[0] & 0xF8) == 0xF0 ? 4 : 1;
    size_t k;
    for (k = 1; k < length; k++) {
        if ((p[k] & 0xC0) != 0x80) return 1;
    }
    return length;
}

/* A run of text, its width fitted to the item's advance. */
static void draw_text(cairo_t *cr, const effect_draw_text *t) {
    const unsigned char *p = (const unsigned char *)t->text;
    double natural = 0, stretch, pen = 0;
    long marks = 0;
    char one[5];
    if (!(t->size > 0) || !(t->advance > 0) || *p == 0) return;
    cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL,
                           t->weight >= EFFECT_WEIGHT_SEMIBOLD ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
    cairo_set_font_size(cr, t->size);
    /* The glyphs' own width, and the characters that take tracking. */
    for (p = (const unsigned char *)t->text; *p != 0; p += character_length(p)) {
        cairo_text_extents_t extents;
        size_t length = character_length(p);
        memcpy(one, p, length);
        one[length] = '\0';
        cairo_text_extents(cr, one, &extents);
        natural += extents.x_advance;
        if (extents.x_advance > 0) marks++;
    }
    if (!(natural > 0)) return;
    /* The tracking stays spacing; the glyphs stretch to fill the rest. With
     * a tracking so negative that nothing is left, the whole run is scaled. */
    stretch = (t->advance - t->tracking * (double)marks) / natural;
    set_color(cr, t->color);
    cairo_save(cr);
    cairo_translate(cr, t->x, t->y);
    if (!(stretch > 0)) {
        cairo_scale(cr, t->advance / natural, 1);
        cairo_move_to(cr, 0, 0);
        cairo_show_text(cr, t->text);
        cairo_restore(cr);
        return;
    }
    for (p = (const unsigned char *)t->text; *p != 0; p += character_length(p)) {
        cairo_text_extents_t extents;
        size_t length = character_length(p);
        memcpy(one, p, length);
        one[length] = '\0';
        cairo_text_extents(cr, one, &extents);
        cairo_save(cr);
        cairo_translate(cr, pen, 0);
        cairo_scale(cr, stretch, 1);
        cairo_move_to(cr, 0, 0);
        cairo_show_text(cr, one);
        cairo_restore(cr);
        pen += extents.x_advance * stretch + (extents.x_advance > 0 ? t->tracking : 0);
    }
    cairo_restore(cr);
}

/* Saturation on premultiplied ARGB32 pixels: the saturate matrix (linear,
 * alpha untouched, so it works on premultiplied values as on straight). */
static void saturate(unsigned char *data, int width, int height, int stride, double s) {
    const double wr = 0.2126, wg = 0.7152, wb = 0.0722;
    double m[3][3];
    int x, y, i;
    for (i = 0; i < 3; i++) {
        m[i][0] = (1 - s) * wr, m[i][1] = (1 - s) * wg, m[i][2] = (1 - s) * wb;
        m[i][i] += s;
    }
    for (y = 0; y < height; y++) {
        uint32_t *row = (uint32_t *)(void *)(data + (size_t)y * (size_t)stride);
        for (x = 0; x < width; x++) {
            uint32_t pixel = row[x];
            double a = (double)(pixel >> 24), rgb[3], out[3];
            if (a == 0) continue;
            rgb[0] = (double)((pixel >> 16) & 0xFF), rgb[1] = (double)((pixel >> 8) & 0xFF), rgb[2] = (double)(pixel & 0xFF);
            for (i = 0; i < 3; i++) {
                double v = m[i][0] * rgb[0] + m[i][1] * rgb[1] + m[i][2] * rgb[2];
                out[i] = floor(fmin(a, fmax(0, v)) + 0.5);
            }
            row[x] = (pixel & 0xFF000000u) | ((uint32_t)out[0] << 16) | ((uint32_t)out[1] << 8) | (uint32_t)out[2];
        }
    }
}

/* The radii of three boxes whose successive blurs have the variance of a
 * Gaussian of standard deviation `sigma` (in pixels). */
static void box_radii(double sigma, int radii[3]) {
    double ideal = sqrt(12 * sigma * sigma / 3 + 1);
    int lower = (int)floor(ideal), i, m;
    if (lower % 2 == 0) lower--;
    m = (int)floor((12 * sigma * sigma - 3.0 * lower * lower - 12.0 * lower - 9) / (-4.0 * lower - 4) + 0.5);
    for (i = 0; i < 3; i++) radii[i] = ((i < m ? lower : lower + 2) - 1) / 2;
}

/* One box blur of radius r along rows (dx = 1) or columns, from `src` into
 * `dst`, premultiplied channels; outside the image is transparent. */
static void box_pass(const uint32_t *src, uint32_t *dst, int width, int height, int pitch, int r, int along_rows) {
    int lines = along_rows ? height : width, length = along_rows ? width : height, line, i, c;
    int step = along_rows ? 1 : pitch;
    double scale = 1.0 / (2 * r + 1);
    for (line = 0; line < lines; line++) {
        const uint32_t *in = src + (along_rows ? (size_t)line * (size_t)pitch : (size_t)line);
        uint32_t *out = dst + (along_rows ? (size_t)line * (size_t)pitch : (size_t)line);
        long sum[4] = {0, 0, 0, 0};
        for (i = -r; i <= r; i++) {
            if (i >= 0 && i < length) {
                for (c = 0; c < 4; c++) sum[c] += (long)((in[(size_t)i * (size_t)step] >> (8 * c)) & 0xFF);
            }
        }
        for (i = 0; i < length; i++) {
            uint32_t pixel = 0;
            int enter = i + r + 1, leave = i - r;
            for (c = 0; c < 4; c++) pixel |= (uint32_t)floor((double)sum[c] * scale + 0.5) << (8 * c);
            out[(size_t)i * (size_t)step] = pixel;
            for (c = 0; c < 4; c++) {
                if (enter < length) sum[c] += (long)((in[(size_t)enter * (size_t)step] >> (8 * c)) & 0xFF);
                if (leave >= 0) sum[c] -= (long)((in[(size_t)leave * (size_t)step] >> (8 * c)) & 0xFF);
            }
        }
    }
}

/* The Gaussian blur, approximated by three box blurs each way. */
static int blur(unsigned char *data, int width, int height, int stride, double sigma_x, double sigma_y) {
    int rx[3], ry[3], i, pitch = stride / 4;
    uint32_t *pixels = (uint32_t *)(void *)data, *scratch;
    if (width <= 0 || height <= 0) return 1;
    scratch = malloc((size_t)stride * (size_t)height);
    if (scratch == NULL) return 0;
    box_radii(sigma_x, rx);
    box_radii(sigma_y, ry);
    for (i = 0; i < 3; i++) {
        if (rx[i] > 0) {
            box_pass(pixels, scratch, width, height, pitch, rx[i], 1);
            memcpy(pixels, scratch, (size_t)stride * (size_t)height);
        }
        if (ry[i] > 0) {
            box_pass(pixels, scratch, width, height, pitch, ry[i], 0);
            memcpy(pixels, scratch, (size_t)stride * (size_t)height);
        }
    }
    free(scratch);
    return 1;
}

/* The clip of a group, in its content's coordinates. */
static void clip_to(cairo_t *cr, const effect_draw_group *g) {
    if (g->clip_shape == EFFECT_SHAPE_NONE) return;
    outline(cr, g->clip_shape, g->clip, g->clip_corner_radius);
    cairo_clip(cr);
}

/* Runs the layer's filters (saturation, then blur) on its pixels. */
static int filter_layer(cairo_t *cr, cairo_pattern_t *layer, const effect_draw_group *g) {
    cairo_surface_t *surface, *image;
    cairo_matrix_t ctm;
    if (g->saturation == 1 && !(g->blur > 0)) return 1;
    if (cairo_pattern_get_surface(layer, &surface) != CAIRO_STATUS_SUCCESS) return 0;
    cairo_surface_flush(surface);
    image = cairo_surface_map_to_image(surface, NULL);
    if (cairo_surface_status(image) != CAIRO_STATUS_SUCCESS ||
        cairo_image_surface_get_format(image) != CAIRO_FORMAT_ARGB32) {
        cairo_surface_unmap_image(surface, image);
        return 0;
    }
    {
        unsigned char *data = cairo_image_surface_get_data(image);
        int width = cairo_image_surface_get_width(image), height = cairo_image_surface_get_height(image);
        int stride = cairo_image_surface_get_stride(image), ok = 1;
        if (g->saturation != 1) saturate(data, width, height, stride, fmax(0, g->saturation));
        if (g->blur > 0) {
            /* The blur radius in the group's points, taken to device pixels
             * along each axis of the current transform. */
            double sigma = g->blur / 2;
            cairo_get_matrix(cr, &ctm);
            ok = blur(data, width, height, stride, sigma * hypot(ctm.xx, ctm.yx), sigma * hypot(ctm.xy, ctm.yy));
        }
        cairo_surface_mark_dirty(image);
        cairo_surface_unmap_image(surface, image);
        cairo_surface_mark_dirty(surface);
        return ok;
    }
}

/* What each open group did, to undo it at its END_GROUP. */
typedef struct open_group {
    const effect_draw_group *group;
    int layered;
} open_group;

static int needs_layer(const effect_draw_group *g) { return g->opacity < 1 || g->blur > 0 || g->saturation != 1; }

/* Draws `count` checked items. Returns NULL, or what failed. */
static const char *draw_items(cairo_t *cr, const effect_draw_item *items, uint64_t count) {
    open_group *stack = malloc(sizeof *stack * (size_t)(count > 0 ? count : 1));
    uint64_t index, depth = 0, skipping = 0;
    const char *problem = NULL;
    if (stack == NULL) return "is too large to draw (out of memory)";
    for (index = 0; index < count && problem == NULL; index++) {
        const effect_draw_item *item = &items[index];
        if (item->head.kind == EFFECT_ITEM_SHAPE) {
            const effect_draw_shape *s = &item->shape;
            if (skipping == 0) draw_shape(cr, item);
            index += (s->shape == EFFECT_SHAPE_PATH ? s->segment_count : 0) +
                     (s->fill == EFFECT_PAINT_LINEAR_GRADIENT ? s->stop_count : 0);
            continue;
        }
        if (skipping > 0) {
            /* Inside a group that draws nothing: only count its nesting. */
            if (item->head.kind == EFFECT_ITEM_GROUP) skipping++;
            if (item->head.kind == EFFECT_ITEM_END_GROUP) skipping--;
            continue;
        }
        if (item->head.kind == EFFECT_ITEM_TEXT) {
            draw_text(cr, &item->text);
        } else if (item->head.kind == EFFECT_ITEM_GROUP) {
            const effect_draw_group *g = &item->group;
            const effect_transform *t = &g->transform;
            cairo_matrix_t m, check;
            double turn = t->rotation * PI / 180;
            /* p' = translate + anchor + R S (p - anchor) */
            cairo_matrix_init_translate(&m, t->translate_x + t->anchor_x, t->translate_y + t->anchor_y);
            cairo_matrix_rotate(&m, turn);
            cairo_matrix_scale(&m, t->scale_x, t->scale_y);
            cairo_matrix_translate(&m, -t->anchor_x, -t->anchor_y);
            check = m;
            if (!(g->opacity > 0) || cairo_matrix_invert(&check) != CAIRO_STATUS_SUCCESS) {
                skipping = 1;  /* invisible, or flattened to nothing */
                continue;
            }
            cairo_save(cr);
            cairo_transform(cr, &m);
            stack[depth].group = g;
            stack[depth].layered = needs_layer(g);
            if (stack[depth].layered) cairo_push_group(cr);
            else clip_to(cr, g);
            depth++;
        } else if (item->head.kind == EFFECT_ITEM_END_GROUP) {
            open_group *open = &stack[--depth];
            if (open->layered) {
                cairo_pattern_t *layer = cairo_pop_group(cr);
                if (!filter_layer(cr, layer, open->group)) problem = "could not be filtered (out of memory)";
                clip_to(cr, open->group);
                cairo_set_source(cr, layer);
                cairo_paint_with_alpha(cr, fmin(1, fmax(0, open->group->opacity)));
                cairo_pattern_destroy(layer);
            }
            cairo_restore(cr);
        }
        if (cairo_status(cr) != CAIRO_STATUS_SUCCESS) problem = cairo_status_to_string(cairo_status(cr));
    }
    free(stack);
    if (problem == NULL && cairo_status(cr) != CAIRO_STATUS_SUCCESS) problem = cairo_status_to_string(cairo_status(cr));
    return problem;
}

/* ---- main ------------------------------------------------------------------ */

int main(int argc, char **argv) {
    const char *plugin_path, *effect_id, *output;
    double t = 0, scale = 2, width = 432, pixels_w, pixels_h;
    uint32_t background = 0;
    int i, status, setting_count = 0;
    long index;
    effect_param_setting *settings;
    const effect_plugin_api *api = NULL;
    effect_instance *instance = NULL;
    effect_draw_context context;
    effect_drawing drawing;
    effect_draw_item *items = NULL;
    uint64_t capacity = 0, count;
    int attempt;
    char problem[512];
    const char *wrong;
    cairo_surface_t *surface;
    cairo_t *cr;

    if (argc == 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
        printf("%s\n", usage_text);
        return 0;
    }
    if (argc < 4) {
        fprintf(stderr, "%s\n", usage_text);
        return 2;
    }
    plugin_path = argv[1], effect_id = argv[2], output = argv[3];
    settings = calloc((size_t)argc, sizeof *settings);
    if (settings == NULL) return failure(1, "out of memory");

    /* Options first, so a bad one is reported before anything is loaded. */
    for (i = 4; i < argc; i++) {
        const char *option = argv[i];
        char *value = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(option, "--time") != 0 && strcmp(option, "--scale") != 0 && strcmp(option, "--width") != 0 &&
            strcmp(option, "--param") != 0 && strcmp(option, "--background") != 0) {
            return failure(2, "unknown option '%s'", option);
        }
        if (value == NULL) return failure(2, "%s needs a value", option);
        i++;
        if (strcmp(option, "--time") == 0) {
            if (!parse_number(value, &t) || t < 0) return failure(2, "--time needs a time in seconds, finite and >= 0: '%s'", value);
        } else if (strcmp(option, "--scale") == 0) {
            if (!parse_number(value, &scale) || !(scale > 0 && scale <= 64)) {
                return failure(2, "--scale needs a number of pixels per point above 0 and up to 64: '%s'", value);
            }
        } else if (strcmp(option, "--width") == 0) {
            if (!parse_number(value, &width) || width < 0) return failure(2, "--width needs a width in points, >= 0: '%s'", value);
        } else if (strcmp(option, "--background") == 0) {
            if (!parse_color(value, &background)) return failure(2, "--background needs #RRGGBB or #RRGGBBAA: '%s'", value);
        } else {
            char *equals = strchr(value, '=');
            if (equals == NULL || equals == value) return failure(2, "--param needs NAME=VALUE: '%s'", value);
            /* The name is cut off in place; its value is read by the param's
             * type once the effect is known. */
            *equals = '\0';
            settings[setting_count].name = value;
            settings[setting_count].value.string = equals + 1;
            setting_count++;
        }
    }

    if ((status = load(plugin_path, &api)) != 0) return status;
    index = find_effect(api, plugin_path, effect_id);
    if (index == -1) return 1;
    if (index < 0) return failure(2, "%s has no effect '%s'", plugin_path, effect_id);
    for (i = 0; i < setting_count; i++) {
        const char *text = settings[i].value.string, *name = settings[i].name;
        uint32_t type;
        int optional;
        if (!find_param(api, (uint32_t)index, name, &type, &optional)) {
            return failure(2, "effect '%s' has no param '%s'", effect_id, name);
        }
        if ((wrong = parse_value(type, optional, text, &settings[i].value)) != NULL) {
            return failure(2, "param '%s' needs %s: '%s'", name, wrong, text);
        }
    }
    status = api->create(api, effect_id, settings, (uint32_t)setting_count, &instance, fresh_error());
    if (status != EFFECT_OK) {
        int bad_input = status == EFFECT_ERR_UNKNOWN_PARAM || status == EFFECT_ERR_TYPE || status == EFFECT_ERR_RANGE ||
                        status == EFFECT_ERR_UTF8 || status == EFFECT_ERR_DUPLICATE;
        return failure(bad_input ? 2 : 1, "create: %s", message());
    }

    /* Draw: ask what it needs, then give it room for any frame; a plugin
     * that keeps asking for more is broken. Text is measured with the
     * reference metrics (no measurer). */
    memset(&context, 0, sizeof context);
    context.struct_size = sizeof context;
    context.width = width;
    for (attempt = 0; attempt < 3; attempt++) {
        memset(&drawing, 0, sizeof drawing);
        drawing.struct_size = sizeof drawing;
        status = api->draw(instance, t, &context, &drawing, items, capacity, fresh_error());
        if (status == EFFECT_ERR_BUFFER && drawing.item_count > capacity && drawing.item_count <= MAX_ITEMS) {
            uint64_t needed = drawing.max_item_count > drawing.item_count ? drawing.max_item_count : drawing.item_count;
            if (needed > MAX_ITEMS) needed = drawing.item_count;
            free(items);
            items = calloc((size_t)needed, sizeof *items);
            if (items == NULL) return failure(1, "out of memory for %llu display-list items", (unsigned long long)needed);
            capacity = needed;
            continue;
        }
        break;
    }
    if (status == EFFECT_ERR_UNSUPPORTED) return failure(1, "%s does not draw: %s", effect_id, message());
    if (status == EFFECT_ERR_TIME) return failure(2, "draw: %s", message());
    if (status == EFFECT_ERR_BUFFER) return failure(1, "the plugin's display list does not fit the capacity it asked for");
    if (status != EFFECT_OK) return failure(1, "draw: %s", message());
    count = drawing.item_count < capacity ? drawing.item_count : capacity;
    if ((wrong = check_list(&drawing, items, count, problem, sizeof problem)) != NULL) {
        return failure(1, "the plugin's display list %s", wrong);
    }

    /* The canvas: the bounds of every frame, times the scale. */
    pixels_w = ceil(drawing.bounds.width * scale - 1e-9);
    pixels_h = ceil(drawing.bounds.height * scale - 1e-9);
    if (pixels_w < 1) pixels_w = 1;
    if (pixels_h < 1) pixels_h = 1;
    if (pixels_w > MAX_SIDE || pixels_h > MAX_SIDE || pixels_w * pixels_h > MAX_PIXELS) {
        return failure(2, "the canvas would be %.0f x %.0f pixels; use a smaller --scale", pixels_w, pixels_h);
    }
    surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, (int)pixels_w, (int)pixels_h);
    cr = cairo_create(surface);
    if (cairo_status(cr) != CAIRO_STATUS_SUCCESS) return failure(1, "cairo: %s", cairo_status_to_string(cairo_status(cr)));
    if ((background & 0xFF) != 0) {
        set_color(cr, background);
        cairo_paint(cr);
    }
    cairo_scale(cr, scale, scale);
    cairo_translate(cr, -drawing.bounds.x, -drawing.bounds.y);
    if ((wrong = draw_items(cr, items, count)) != NULL) return failure(1, "the display list %s", wrong);
    cairo_destroy(cr);
    cairo_surface_flush(surface);
    status = (int)cairo_surface_write_to_png(surface, output);
    cairo_surface_destroy(surface);
    if (status != CAIRO_STATUS_SUCCESS) {
        return failure(1, "cannot write %s: %s", output, cairo_status_to_string((cairo_status_t)status));
    }
    printf("%s: %.0f x %.0f pixels: bounds %.17g %.17g %.17g %.17g at scale %.17g\n", output, pixels_w, pixels_h,
           drawing.bounds.x, drawing.bounds.y, drawing.bounds.width, drawing.bounds.height, scale);
    api->destroy(instance);
    free(items);
    free(settings);
    return 0;
}
