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
 *   - strings:  UTF-8 checking and decoding, a STRING param reader that
 *               returns the instance's own copy, and grapheme clusters
 *               (UAX #29: what a reader takes for one character);
 *   - time:     effect_kit_step_in_period, a stepped periodic value (a
 *               blink) that t and t + period agree on despite rounding;
 *   - drawing:  a display-list writer that counts past the capacity, so one
 *               pass answers EFFECT_ERR_BUFFER with the count needed, and
 *               builders for groups, shapes and text.
 *
 * Threading: every helper touches only its arguments, so it is as safe to
 * call from many threads as the data it is given. None allocates but
 * effect_kit_read_string, whose copy is for create and set_param (never
 * draw, which may not allocate).
 */
#ifndef EFFECT_KIT_H
#define EFFECT_KIT_H

#include "effect.h"
#include "effect_kit_graphemes.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
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

/* ---- Strings ------------------------------------------------------------- */

/* Decodes the UTF-8 sequence at text[*index] (text holds `length` bytes),
 * stores its code point in *code_point, moves *index past it and returns
 * 1. A sequence RFC 3629 does not allow (a stray
 * continuation byte, an overlong form such as C0 80, a surrogate such as
 * ED A0 80, a code point above U+10FFFF such as F4 90 80 80, a sequence cut
 * short) gives U+FFFD and 0, and *index moves past its maximal subpart (at
 * least one byte), as Unicode recommends and Swift's String repairs, so a
 * loop while *index < length always ends. At or past the end it reads
 * nothing, gives U+FFFD and 0, and leaves *index. */
static inline int effect_kit_utf8_next(const char *text, size_t length, size_t *index, uint32_t *code_point) {
    const unsigned char *bytes;
    size_t available, needed, i;
    unsigned char lead, low = 0x80, high = 0xBF; /* the second byte's range, narrowed by the lead */
    uint32_t value;
    if (*index >= length) {
        *code_point = 0xFFFD;
        return 0;
    }
    bytes = (const unsigned char *)text + *index;
    available = length - *index;
    lead = bytes[0];
    if (lead < 0x80) {
        *code_point = lead;
        *index += 1;
        return 1;
    }
    if (lead >= 0xC2 && lead <= 0xDF) {
        needed = 1;
        value = lead & 0x1Fu;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
        needed = 2;
        value = lead & 0x0Fu;
        if (lead == 0xE0) low = 0xA0;      /* no overlong form */
        if (lead == 0xED) high = 0x9F;     /* no surrogate */
    } else if (lead >= 0xF0 && lead <= 0xF4) {
        needed = 3;
        value = lead & 0x07u;
        if (lead == 0xF0) low = 0x90;      /* no overlong form */
        if (lead == 0xF4) high = 0x8F;     /* nothing above U+10FFFF */
    } else {
        *code_point = 0xFFFD;
        *index += 1;
        return 0;
    }
    for (i = 1; i <= needed; i++) {
        unsigned char byte;
        if (i >= available) break;
        byte = bytes[i];
        if (byte < (i == 1 ? low : 0x80) || byte > (i == 1 ? high : 0xBF)) break;
        value = value << 6 | (byte & 0x3Fu);
    }
    if (i <= needed) {
        *code_point = 0xFFFD;
        *index += i;
        return 0;
    }
    *code_point = value;
    *index += needed + 1;
    return 1;
}

/* Nonzero when the NUL-terminated `text` is well-formed UTF-8 (RFC 3629:
 * no overlong forms, no surrogates, nothing above U+10FFFF, no sequence cut
 * short). *length_out, when not NULL, receives its length in bytes, or for
 * ill-formed text the offset of the first byte that is not. A NULL text is
 * not valid (offset 0). */
static inline int effect_kit_utf8_valid(const char *text, size_t *length_out) {
    size_t length, index = 0, start = 0;
    uint32_t code_point;
    if (text == NULL) {
        if (length_out != NULL) *length_out = 0;
        return 0;
    }
    length = strlen(text);
    while (index < length) {
        start = index;
        if (!effect_kit_utf8_next(text, length, &index, &code_point)) {
            if (length_out != NULL) *length_out = start;
            return 0;
        }
    }
    if (length_out != NULL) *length_out = length;
    return 1;
}

/* Reads a STRING param's value into *out as a copy of its own, as effect.h
 * asks ("copied by the plugin"): the value must be a STRING (else
 * EFFECT_ERR_TYPE), not NULL (EFFECT_ERR_NULL_POINTER), well-formed UTF-8
 * (EFFECT_ERR_UTF8) and at most `max_bytes` bytes before its NUL (else
 * EFFECT_ERR_RANGE; SIZE_MAX for no limit). On success *out is a
 * NUL-terminated copy from malloc that the instance owns: free() it in
 * destroy, and free the one it replaces after a set_param. On failure *out
 * is left as it was and nothing is allocated; EFFECT_ERR_OUT_OF_MEMORY when
 * malloc fails. Allocates, so call it from create and set_param, never
 * from draw. */
static inline effect_status effect_kit_read_string(const effect_value *value, const char *name, size_t max_bytes,
                                                   char **out, effect_error *error) {
    char message[EFFECT_ERROR_MESSAGE_CAPACITY];
    size_t length;
    char *copy;
    if (value->type != EFFECT_TYPE_STRING) {
        snprintf(message, sizeof message, "param '%s' needs a string", name);
        return effect_kit_fail(error, EFFECT_ERR_TYPE, message);
    }
    if (value->string == NULL) {
        snprintf(message, sizeof message, "the value of '%s' is NULL", name);
        return effect_kit_fail(error, EFFECT_ERR_NULL_POINTER, message);
    }
    if (!effect_kit_utf8_valid(value->string, &length)) {
        snprintf(message, sizeof message, "the value of '%s' is not valid UTF-8 (at byte %lu)", name,
                 (unsigned long)length);
        return effect_kit_fail(error, EFFECT_ERR_UTF8, message);
    }
    if (length > max_bytes) {
        snprintf(message, sizeof message, "param '%s' is %lu bytes of UTF-8; it may be at most %lu", name,
                 (unsigned long)length, (unsigned long)max_bytes);
        return effect_kit_fail(error, EFFECT_ERR_RANGE, message);
    }
    copy = (char *)malloc(length + 1);
    if (copy == NULL) {
        snprintf(message, sizeof message, "out of memory copying param '%s'", name);
        return effect_kit_fail(error, EFFECT_ERR_OUT_OF_MEMORY, message);
    }
    memcpy(copy, value->string, length + 1);
    *out = copy;
    return EFFECT_OK;
}

/* ---- Grapheme clusters ------------------------------------------------------ */

/* Grapheme_Cluster_Break values, the low four bits of
 * effect_kit_grapheme_properties. */
#define EFFECT_KIT_GCB_OTHER         0u
#define EFFECT_KIT_GCB_CR            1u
#define EFFECT_KIT_GCB_LF            2u
#define EFFECT_KIT_GCB_CONTROL       3u
#define EFFECT_KIT_GCB_EXTEND        4u
#define EFFECT_KIT_GCB_ZWJ           5u
#define EFFECT_KIT_GCB_RI            6u   /* Regional_Indicator */
#define EFFECT_KIT_GCB_PREPEND       7u
#define EFFECT_KIT_GCB_SPACING_MARK  8u
#define EFFECT_KIT_GCB_L             9u
#define EFFECT_KIT_GCB_V            10u
#define EFFECT_KIT_GCB_T            11u
#define EFFECT_KIT_GCB_LV           12u
#define EFFECT_KIT_GCB_LVT          13u
#define EFFECT_KIT_GCB_MASK       0x0Fu
/* Extended_Pictographic (emoji-data.txt). */
#define EFFECT_KIT_PICTOGRAPHIC   0x10u
/* Indic_Conjunct_Break, in bits 0x60. */
#define EFFECT_KIT_INCB_MASK      0x60u
#define EFFECT_KIT_INCB_CONSONANT 0x20u
#define EFFECT_KIT_INCB_LINKER    0x40u
#define EFFECT_KIT_INCB_EXTEND    0x60u

/* A code point's grapheme properties: its EFFECT_KIT_GCB_* value, ORed
 * with EFFECT_KIT_PICTOGRAPHIC and an EFFECT_KIT_INCB_* value, from
 * effect_kit_graphemes.h's tables (a binary search). */
static inline unsigned effect_kit_grapheme_properties(uint32_t code_point) {
    size_t count, low = 0, high;
    const effect_kit_grapheme_range *ranges;
    if (code_point >= 0xAC00 && code_point <= 0xD7A3)
        return (code_point - 0xAC00) % 28 == 0 ? EFFECT_KIT_GCB_LV : EFFECT_KIT_GCB_LVT;
    ranges = effect_kit_grapheme_ranges(&count);
    high = count;
    while (low < high) {
        size_t middle = low + (high - low) / 2;
        if (ranges[middle].last < code_point) low = middle + 1;
        else high = middle;
    }
    return low < count && ranges[low].first <= code_point ? ranges[low].properties : 0;
}

/* Whether UAX #29 keeps a character of properties `current` in the
 * cluster whose last character has Grapheme_Cluster_Break `before`;
 * `after_linker`: the cluster ends in an InCB consonant, then InCB Extend
 * or Linker characters with a Linker among them (GB9c); `after_zwj`: it
 * ends in a pictograph, Extend characters and a ZWJ (GB11); `odd_regional`:
 * it ends in an odd number of regional indicators (GB12, GB13). */
static inline int effect_kit_grapheme_joins(unsigned before, unsigned current, int after_linker, int after_zwj,
                                            int odd_regional) {
    unsigned kind = current & EFFECT_KIT_GCB_MASK;
    if (before == EFFECT_KIT_GCB_CR && kind == EFFECT_KIT_GCB_LF) return 1;                          /* GB3 */
    if (before == EFFECT_KIT_GCB_CR || before == EFFECT_KIT_GCB_LF || before == EFFECT_KIT_GCB_CONTROL) return 0; /* GB4 */
    if (kind == EFFECT_KIT_GCB_CR || kind == EFFECT_KIT_GCB_LF || kind == EFFECT_KIT_GCB_CONTROL) return 0; /* GB5 */
    if (before == EFFECT_KIT_GCB_L &&
        (kind == EFFECT_KIT_GCB_L || kind == EFFECT_KIT_GCB_V || kind == EFFECT_KIT_GCB_LV || kind == EFFECT_KIT_GCB_LVT))
        return 1;                                                                                     /* GB6 */
    if ((before == EFFECT_KIT_GCB_LV || before == EFFECT_KIT_GCB_V) && (kind == EFFECT_KIT_GCB_V || kind == EFFECT_KIT_GCB_T))
        return 1;                                                                                     /* GB7 */
    if ((before == EFFECT_KIT_GCB_LVT || before == EFFECT_KIT_GCB_T) && kind == EFFECT_KIT_GCB_T) return 1; /* GB8 */
    if (kind == EFFECT_KIT_GCB_EXTEND || kind == EFFECT_KIT_GCB_ZWJ) return 1;                         /* GB9 */
    if (kind == EFFECT_KIT_GCB_SPACING_MARK || before == EFFECT_KIT_GCB_PREPEND) return 1;            /* GB9a, GB9b */
    if (after_linker && (current & EFFECT_KIT_INCB_MASK) == EFFECT_KIT_INCB_CONSONANT) return 1;       /* GB9c */
    if (after_zwj && (current & EFFECT_KIT_PICTOGRAPHIC)) return 1;                                    /* GB11 */
    return odd_regional && kind == EFFECT_KIT_GCB_RI;                                                 /* GB12, GB13 */
}

/* Where the grapheme cluster that starts at byte `start` of `text`
 * (`length` bytes of UTF-8, not NUL-terminated) ends: the offset of the
 * next cluster, > start when start < length (`length` when it is the last,
 * `start` when start >= length). Clusters are UAX #29's extended grapheme
 * clusters (rules GB3 to GB13, GB9c included, Unicode 15.0 data), what
 * Swift's Character and the Swift kit's Graphemes.clusters take for one
 * character: e + U+0301, 👨‍👩‍👧, 🇯🇵, 👋🏽, CR LF, a Hangul syllable
 * in jamo and a Devanagari conjunct (क्ष) each stay whole. An ill-formed
 * sequence is a cluster of its own, as U+FFFD. `start` must be where a
 * cluster starts (0, or an offset this returned). */
static inline size_t effect_kit_grapheme_next(const char *text, size_t length, size_t start) {
    size_t index = start, end;
    uint32_t code_point;
    unsigned previous, regional = 0, emoji = 0, indic = 0;
    if (start >= length) return start;
    effect_kit_utf8_next(text, length, &index, &code_point);
    previous = effect_kit_grapheme_properties(code_point);
    for (;;) {
        unsigned before = previous & EFFECT_KIT_GCB_MASK, current, conjunct;
        int joins;
        /* What the text so far leaves for GB9c, GB11 and GB12/13. */
        conjunct = previous & EFFECT_KIT_INCB_MASK;
        if (conjunct == EFFECT_KIT_INCB_CONSONANT) indic = 1;
        else if (conjunct == EFFECT_KIT_INCB_LINKER && indic != 0) indic = 2;
        else if (conjunct != EFFECT_KIT_INCB_EXTEND) indic = 0;
        if (previous & EFFECT_KIT_PICTOGRAPHIC) emoji = 1;
        else if (emoji == 1 && before == EFFECT_KIT_GCB_ZWJ) emoji = 2;
        else if (!(emoji == 1 && before == EFFECT_KIT_GCB_EXTEND)) emoji = 0;
        regional = before == EFFECT_KIT_GCB_RI ? regional + 1 : 0;
        if (index >= length) return length;
        end = index;
        effect_kit_utf8_next(text, length, &end, &code_point);
        current = effect_kit_grapheme_properties(code_point);
        joins = effect_kit_grapheme_joins(before, current, indic == 2, emoji == 2, regional % 2 == 1);
        if (!joins) return index;
        index = end;
        previous = current;
    }
}

/* How many grapheme clusters `length` bytes of UTF-8 at `text` hold. */
static inline size_t effect_kit_grapheme_count(const char *text, size_t length) {
    size_t count = 0, index = 0;
    while (index < length) {
        index = effect_kit_grapheme_next(text, length, index);
        count++;
    }
    return count;
}

/* ---- Time ---------------------------------------------------------------- */

/* The step (0 ... steps - 1) that time t falls in when every period is
 * split into `steps` equal steps: a square-wave blink is
 * `effect_kit_step_in_period(t, period, 2) == 0`. Worked out as
 * position = t / period * steps, in that order; a position within
 * 1e-12 * max(1, |position|) of a whole number (an edge) counts as that
 * number, so a time a few ulps before an edge is in the later step; the
 * step is then floor(position) modulo steps, counted backwards before
 * t = 0. So t and t + period fall in the same step even where rounding
 * moves t + period across an edge, which `fmod(t, period) < period / 2`
 * does not promise (at t = 13/12 and a period of 1/6 it is true, and
 * false at t + period). The tolerance (about 4,500 ulps) is far above
 * that rounding and under a microsecond at t = 10^6 s for a one-second
 * period. 0 when t or period is not finite, period <= 0, steps is 0, or
 * |position| >= 2^62. The Swift kit's Periodic.step is the same rule. */
static inline uint32_t effect_kit_step_in_period(double t, double period, uint32_t steps) {
    double position, edge, step;
    if (!effect_kit_is_finite(t) || !effect_kit_is_finite(period) || !(period > 0) || steps == 0) return 0;
    position = t / period * (double)steps;
    if (!effect_kit_is_finite(position) || fabs(position) >= 4611686018427387904.0) return 0; /* 2^62 */
    edge = floor(position + 0.5);
    if (fabs(position - edge) <= 1e-12 * (fabs(position) > 1 ? fabs(position) : 1)) position = edge;
    step = fmod(floor(position), (double)steps);
    return (uint32_t)(step < 0 ? step + (double)steps : step);
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
        /* A 1.2 host's context is everything before `appearance`. */
        if (context->struct_size < EFFECT_DRAW_CONTEXT_SIZE_1_2)
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
 * at most EFFECT_KIT_RUN_PIECE bytes, each ending where a character (a
 * grapheme cluster, effect_kit_grapheme_next) ends, so no emoji sequence,
 * flag or conjunct is measured in parts; their advances are added up and
 * the largest ascent and descent kept. A run that fits one piece measures
 * exactly; a longer one may miss the kerning across a cut. Without a
 * measurer it measures in place with effect_reference_measure_run.
 * Returns EFFECT_ERR_RANGE (after reporting it) as effect_kit_measure, and
 * for a run the host would refuse: one that reaches past its string's NUL
 * or ends inside a UTF-8 sequence. */
static inline effect_status effect_kit_measure_run(const effect_draw_context *context, const char *text, size_t length,
                                                   double size, double weight, double tracking,
                                                   effect_text_metrics *out, effect_error *error) {
    char piece[EFFECT_KIT_RUN_PIECE + 1];
    effect_text_metrics part;
    size_t from = 0;
    if (text != NULL && length != 0) {
        /* No NUL within the run, so text[length] is the string's: its NUL or the next byte. */
        if (memchr(text, '\0', length) != NULL)
            return effect_kit_fail(error, EFFECT_ERR_RANGE, "the text run reaches past its string's end; a run's length counts bytes of its string");
        if (((unsigned char)text[length] & 0xC0) == 0x80)
            return effect_kit_fail(error, EFFECT_ERR_RANGE, "the text run ends inside a character; end it where effect_kit_grapheme_next says a character ends");
    }
    if (length == 0 || context == NULL || context->measure == NULL || text == NULL) {
        if (length != 0 && text != NULL) {
            effect_reference_measure_run(text, length, size, weight, tracking, out);
            return EFFECT_OK;
        }
        return effect_kit_measure(context, text, size, weight, tracking, out, error);
    }
    memset(out, 0, sizeof *out);
    while (from < length) {
        size_t to = length;
        effect_status status;
        if (length - from > EFFECT_KIT_RUN_PIECE) {
            size_t next = effect_kit_grapheme_next(text, length, from);
            to = from;
            while (next - from <= EFFECT_KIT_RUN_PIECE) {
                to = next;
                next = effect_kit_grapheme_next(text, length, next);
            }
            /* A character longer than a piece is cut between its code points. */
            if (to == from) {
                to = from + EFFECT_KIT_RUN_PIECE;
                while (to > from + 1 && ((unsigned char)text[to] & 0xC0) == 0x80) to--;
            }
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
