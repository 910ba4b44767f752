/*
 * effect_kit.h: optional helpers for effect plugins written in C, on top of
 * effect.h. Everything here is static inline, so a plugin that includes it
 * links nothing new and exports nothing more. None of it is part of the ABI:
 * a plugin may use some, all or none of it.
 *
 *   - errors:   effect_kit_fail / effect_kit_ok fill an optional
 *               effect_error, cutting a long message at a UTF-8 boundary;
 *   - checks:   times, finite numbers, and reading a param value of each
 *               type with the conversions and range checks effect.h asks for;
 *   - out structs: effect_kit_out_struct checks a caller's struct_size and
 *               says how many bytes to fill;
 *   - drawing:  a display-list writer that counts past the capacity, so one
 *               pass answers EFFECT_ERR_BUFFER with the count needed, and
 *               builders for groups, shapes and text.
 *
 * Threading: every helper touches only its arguments, so it is as safe to
 * call from many threads as the data it is given. None allocates.
 */
#ifndef EFFECT_KIT_H
#define EFFECT_KIT_H

#include "effect.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Errors -------------------------------------------------------------- */

/* Stores `status` and `message` in *error (when error is not NULL and its
 * struct_size is large enough), cutting the message at a character
 * boundary if it does not fit, and returns status, so a call can end with
 * `return effect_kit_fail(error, EFFECT_ERR_RANGE, "...");`. */
static inline effect_status effect_kit_fail(effect_error *error, effect_status status, const char *message) {
    size_t length;
    if (error == NULL || error->struct_size < sizeof(effect_error)) return status;
    error->status = status;
    length = message != NULL ? strlen(message) : 0;
    if (length >= EFFECT_ERROR_MESSAGE_CAPACITY) {
        length = EFFECT_ERROR_MESSAGE_CAPACITY - 1;
        /* Back up over continuation bytes to the start of the cut character. */
        while (length > 0 && ((unsigned char)message[length] & 0xC0) == 0x80) length--;
    }
    if (length > 0) memcpy(error->message, message, length);
    error->message[length] = '\0';
    return status;
}

/* Marks *error as a success (status OK, empty message); returns EFFECT_OK. */
static inline effect_status effect_kit_ok(effect_error *error) { return effect_kit_fail(error, EFFECT_OK, ""); }

/* ---- Checks -------------------------------------------------------------- */

static inline int effect_kit_is_finite(double x) { return x == x && x - x == 0; }

/* A time as effect.h defines one: finite and >= 0. */
static inline int effect_kit_is_time(double t) { return t >= 0 && effect_kit_is_finite(t); }

/* Reads a NUMBER param's value (NUMBER, or INTEGER converted) into *out,
 * within min ... max. */
static inline effect_status effect_kit_read_number(const effect_value *value, const char *name, double min,
                                                   double max, double *out, effect_error *error) {
    char message[EFFECT_ERROR_MESSAGE_CAPACITY];
    double number;
    if (value->type == EFFECT_TYPE_NUMBER) {
        number = value->number;
    } else if (value->type == EFFECT_TYPE_INTEGER) {
        number = (double)value->integer;
    } else {
        snprintf(message, sizeof message, "param '%s' needs a number", name);
        return effect_kit_fail(error, EFFECT_ERR_TYPE, message);
    }
    if (!(number >= min && number <= max)) {
        snprintf(message, sizeof message, "param '%s' must be a finite number within %g...%g", name, min, max);
        return effect_kit_fail(error, EFFECT_ERR_RANGE, message);
    }
    *out = number;
    return EFFECT_OK;
}

/* Reads an INTEGER param's value (INTEGER, or a whole NUMBER) into *out,
 * within min ... max. */
static inline effect_status effect_kit_read_integer(const effect_value *value, const char *name, int64_t min,
                                                    int64_t max, int64_t *out, effect_error *error) {
    char message[EFFECT_ERROR_MESSAGE_CAPACITY];
    if (value->type == EFFECT_TYPE_NUMBER) {
        double number = value->number;
        if (!(number >= (double)min && number <= (double)max) || number != floor(number)) {
            snprintf(message, sizeof message, "param '%s' needs a whole number within %lld...%lld", name, (long long)min,
                     (long long)max);
            return effect_kit_fail(error, EFFECT_ERR_RANGE, message);
        }
        *out = (int64_t)number;
        return EFFECT_OK;
    }
    if (value->type != EFFECT_TYPE_INTEGER) {
        snprintf(message, sizeof message, "param '%s' needs an integer", name);
        return effect_kit_fail(error, EFFECT_ERR_TYPE, message);
    }
    if (value->integer < min || value->integer > max) {
        snprintf(message, sizeof message, "param '%s' must be within %lld...%lld", name, (long long)min, (long long)max);
        return effect_kit_fail(error, EFFECT_ERR_RANGE, message);
    }
    *out = value->integer;
    return EFFECT_OK;
}

/* Reads a BOOL param's value (0 or 1) into *out. */
static inline effect_status effect_kit_read_bool(const effect_value *value, const char *name, int *out,
                                                 effect_error *error) {
    char message[EFFECT_ERROR_MESSAGE_CAPACITY];
    if (value->type != EFFECT_TYPE_BOOL) {
        snprintf(message, sizeof message, "param '%s' needs a bool", name);
        return effect_kit_fail(error, EFFECT_ERR_TYPE, message);
    }
    if (value->integer != 0 && value->integer != 1) {
        snprintf(message, sizeof message, "param '%s' is a bool: 0 or 1", name);
        return effect_kit_fail(error, EFFECT_ERR_RANGE, message);
    }
    *out = (int)value->integer;
    return EFFECT_OK;
}

/* ---- Out structs --------------------------------------------------------- */

/* Checks an out struct's struct_size against the least the ABI allows
 * (`minimum`) and returns how many bytes of the plugin's `full` size to
 * fill, or 0 after reporting EFFECT_ERR_STRUCT_SIZE (or NULL_POINTER). The
 * caller zeroes and fills that many bytes and stores it in struct_size. */
static inline size_t effect_kit_out_struct(const void *out, size_t minimum, size_t full, const char *name,
                                           effect_error *error) {
    char message[EFFECT_ERROR_MESSAGE_CAPACITY];
    uint32_t given;
    if (out == NULL) {
        snprintf(message, sizeof message, "%s is NULL", name);
        effect_kit_fail(error, EFFECT_ERR_NULL_POINTER, message);
        return 0;
    }
    memcpy(&given, out, sizeof given);
    if (given < minimum) {
        snprintf(message, sizeof message, "%s.struct_size is %u; it must be at least %u", name, (unsigned)given,
                 (unsigned)minimum);
        effect_kit_fail(error, EFFECT_ERR_STRUCT_SIZE, message);
        return 0;
    }
    return given < full ? given : full;
}

/* ---- Drawing ------------------------------------------------------------- */

/* The caller's item buffer. Items past the capacity are counted and not
 * written, so one pass learns how many a frame needs. */
typedef struct effect_kit_list {
    effect_draw_item *items;
    uint64_t capacity;
    uint64_t count;
} effect_kit_list;

/* The appearance a context asks for: LIGHT for a NULL context and for a
 * 1.2 host's context, which ends before the field. */
static inline uint32_t effect_kit_appearance(const effect_draw_context *context) {
    return context != NULL && context->struct_size >= sizeof(effect_draw_context) ? context->appearance
                                                                                   : EFFECT_APPEARANCE_LIGHT;
}

/* Checks what every `draw` checks (instance, out, items, t, struct sizes,
 * the context's proposal and appearance), and on success readies *list. */
static inline effect_status effect_kit_draw_begin(const effect_instance *instance, double t,
                                                  const effect_draw_context *context, const effect_drawing *out,
                                                  effect_draw_item *items, uint64_t capacity, effect_kit_list *list,
                                                  effect_error *error) {
    if (instance == NULL || out == NULL) return effect_kit_fail(error, EFFECT_ERR_NULL_POINTER, "instance or out is NULL");
    if (capacity > 0 && items == NULL) return effect_kit_fail(error, EFFECT_ERR_NULL_POINTER, "items is NULL");
    if (out->struct_size < sizeof(effect_drawing))
        return effect_kit_fail(error, EFFECT_ERR_STRUCT_SIZE, "effect_drawing is too small");
    if (!effect_kit_is_time(t)) return effect_kit_fail(error, EFFECT_ERR_TIME, "t is not a time; times are finite and >= 0");
    if (context != NULL) {
        /* A 1.2 host's context is 40 bytes: everything before `appearance`. */
        if (context->struct_size < offsetof(effect_draw_context, appearance))
            return effect_kit_fail(error, EFFECT_ERR_STRUCT_SIZE, "effect_draw_context is too small");
        if (!(context->width >= 0) || !(context->height >= 0))
            return effect_kit_fail(error, EFFECT_ERR_RANGE, "the proposed size must be >= 0");
        if (effect_kit_appearance(context) > EFFECT_APPEARANCE_DARK)
            return effect_kit_fail(error, EFFECT_ERR_RANGE, "the appearance is neither LIGHT nor DARK");
    }
    list->items = items;
    list->capacity = items != NULL ? capacity : 0;
    list->count = 0;
    return EFFECT_OK;
}

/* The next item to fill, or NULL past the capacity (the item is counted
 * all the same). The item comes zeroed, with its kind and id set. */
static inline effect_draw_item *effect_kit_next(effect_kit_list *list, uint32_t kind, uint32_t id) {
    effect_draw_item *item;
    uint64_t index = list->count++;
    if (index >= list->capacity) return NULL;
    item = &list->items[index];
    memset(item, 0, sizeof *item);
    item->head.kind = kind;
    item->head.id = id;
    return item;
}

/* Fills *out, and answers EFFECT_ERR_BUFFER when the items did not fit. */
static inline effect_status effect_kit_draw_end(const effect_kit_list *list, double width, double height,
                                                effect_rect bounds, uint64_t max_items, effect_drawing *out,
                                                effect_error *error) {
    memset(out, 0, sizeof *out);
    out->struct_size = sizeof *out;
    out->item_count = list->count;
    out->width = width;
    out->height = height;
    out->bounds = bounds;
    out->max_item_count = max_items > list->count ? max_items : list->count;
    if (list->count > list->capacity) return effect_kit_fail(error, EFFECT_ERR_BUFFER, "the items do not fit the buffer");
    return effect_kit_ok(error);
}

/* The identity transform. */
static inline effect_transform effect_kit_identity(void) {
    effect_transform transform;
    memset(&transform, 0, sizeof transform);
    transform.scale_x = 1;
    transform.scale_y = 1;
    return transform;
}

/* Opens a group with `transform` and `opacity` and no filter or clip. */
static inline void effect_kit_group(effect_kit_list *list, uint32_t id, effect_transform transform, double opacity) {
    effect_draw_item *item = effect_kit_next(list, EFFECT_ITEM_GROUP, id);
    if (item == NULL) return;
    item->group.transform = transform;
    item->group.opacity = opacity;
    item->group.saturation = 1;
}

static inline void effect_kit_end_group(effect_kit_list *list, uint32_t id) {
    effect_kit_next(list, EFFECT_ITEM_END_GROUP, id);
}

/* A rect, rounded rect, capsule or ellipse filling `frame` with `color`. */
static inline void effect_kit_fill(effect_kit_list *list, uint32_t id, uint32_t shape, effect_rect frame,
                                   double corner_radius, uint32_t color) {
    effect_draw_item *item = effect_kit_next(list, EFFECT_ITEM_SHAPE, id);
    if (item == NULL) return;
    item->shape.shape = shape;
    item->shape.frame = frame;
    item->shape.corner_radius = corner_radius;
    item->shape.trim_end = 1;
    item->shape.fill = EFFECT_PAINT_SOLID;
    item->shape.fill_color = color;
}

/* A run of text on the baseline at (x, y), measured as `metrics`. */
static inline void effect_kit_text(effect_kit_list *list, uint32_t id, const char *text, double x, double y,
                                   double size, double weight, double tracking, uint32_t color,
                                   const effect_text_metrics *metrics) {
    effect_draw_item *item = effect_kit_next(list, EFFECT_ITEM_TEXT, id);
    if (item == NULL) return;
    item->text.text = text;
    item->text.x = x;
    item->text.y = y;
    item->text.size = size;
    item->text.weight = weight;
    item->text.tracking = tracking;
    item->text.advance = metrics->advance;
    item->text.ascent = metrics->ascent;
    item->text.descent = metrics->descent;
    item->text.color = color;
}

/* Measures with the context's measurer, or the reference metrics without
 * one. Returns EFFECT_ERR_RANGE (after reporting it) for a failed or
 * nonsensical answer. */
static inline effect_status effect_kit_measure(const effect_draw_context *context, const char *text, double size,
                                               double weight, double tracking, effect_text_metrics *out,
                                               effect_error *error) {
    effect_status status;
    /* A measurer that answers OK without filling *out reads as zeros. */
    memset(out, 0, sizeof *out);
    status = context != NULL && context->measure != NULL
                 ? context->measure(context->measure_context, text, size, weight, tracking, out)
                 : effect_reference_measure(NULL, text, size, weight, tracking, out);
    if (status != EFFECT_OK || !effect_kit_is_finite(out->advance) || !effect_kit_is_finite(out->ascent) ||
        !effect_kit_is_finite(out->descent) || out->ascent < 0 || out->descent < 0)
        return effect_kit_fail(error, EFFECT_ERR_RANGE, "the text measurer failed or answered a non-finite metric or a negative ascent or descent");
    return EFFECT_OK;
}

/* ---- Text runs (ABI 1.6) --------------------------------------------------
 * A run is part of a string the instance keeps once: the `length` bytes
 * from `text` (which may point inside the string), ending on a character
 * boundary (best a grapheme's) and before the string's NUL. A typewriter
 * draws its text's first n characters' bytes: memory linear in the text,
 * where copying every prefix would be quadratic. A plugin that draws runs
 * needs a 1.6 host (leave needs_minor 0): one of 1.5 draws whole strings. */

/* The longest piece of a run effect_kit_measure_run measures at once. */
#define EFFECT_KIT_RUN_PIECE 255

/* Measures the run of `length` bytes at `text` (0: to the NUL) as
 * effect_kit_measure does a string, without allocating: the measurer takes
 * NUL-terminated text, so the run is copied to a stack buffer in pieces of
 * at most EFFECT_KIT_RUN_PIECE bytes, cut before an ASCII byte where there
 * is one within reach (no mark or joiner is ASCII, so that is a grapheme
 * boundary) and else between characters; their advances are added up and
 * the largest ascent and descent kept. A run that fits one piece measures
 * exactly; a longer one may miss the kerning across a cut, which does not
 * show, as renderers fit the run to the advance the item gives. Without a
 * measurer it measures in place with effect_reference_measure_run.
 * Returns EFFECT_ERR_RANGE (after reporting it) as effect_kit_measure. */
static inline effect_status effect_kit_measure_run(const effect_draw_context *context, const char *text, size_t length,
                                                   double size, double weight, double tracking,
                                                   effect_text_metrics *out, effect_error *error) {
    char piece[EFFECT_KIT_RUN_PIECE + 1];
    effect_text_metrics part;
    size_t from = 0;
    if (length == 0 || context == NULL || context->measure == NULL || text == NULL) {
        if (length != 0 && text != NULL) {
            effect_reference_measure_run(text, length, size, weight, tracking, out);
            return EFFECT_OK;
        }
        return effect_kit_measure(context, text, size, weight, tracking, out, error);
    }
    memset(out, 0, sizeof *out);
    while (from < length) {
        size_t to = from + EFFECT_KIT_RUN_PIECE;
        effect_status status;
        if (to >= length) {
            to = length;
        } else {
            size_t cut = to;
            while (cut > from + 1 && (unsigned char)text[cut] >= 0x80) cut--;
            if (cut == from + 1) {
                cut = to;
                while (cut > from + 1 && ((unsigned char)text[cut] & 0xC0) == 0x80) cut--;
            }
            to = cut;
        }
        memcpy(piece, text + from, to - from);
        piece[to - from] = '\0';
        status = effect_kit_measure(context, piece, size, weight, tracking, &part, error);
        if (status != EFFECT_OK) return status;
        out->advance += part.advance;
        if (part.ascent > out->ascent) out->ascent = part.ascent;
        if (part.descent > out->descent) out->descent = part.descent;
        from = to;
    }
    return EFFECT_OK;
}

/* A text item drawing the run of `length` bytes at `text` (effect.h's
 * `length`; 0 draws all of `text`, so draw an empty run as "" or not at
 * all), on the baseline at (x, y), measured as `metrics`
 * (effect_kit_measure_run). */
static inline void effect_kit_text_range(effect_kit_list *list, uint32_t id, const char *text, uint32_t length, double x,
                                         double y, double size, double weight, double tracking, uint32_t color,
                                         const effect_text_metrics *metrics) {
    effect_kit_text(list, id, text, x, y, size, weight, tracking, color, metrics);
    if (list->count <= list->capacity) list->items[list->count - 1].text.length = length;
}

#ifdef __cplusplus
}
#endif

#endif /* EFFECT_KIT_H */
