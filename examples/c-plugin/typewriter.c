/*
 * typewriter: a text typed one character at a time, then a caret that
 * blinks; a plugin in plain C99 on effect.h and effect_kit.h.
 *
 * The kit does the text work: effect_kit_read_string checks and copies the
 * text, effect_kit_grapheme_next cuts it into characters as a reader sees
 * them (e + U+0301, 👨‍👩‍👧, 🇯🇵 and क्ष each type as one), and the typed
 * prefix is drawn as one run of the one copy the instance keeps (ABI 1.6's
 * text length, effect_kit_text_range): memory grows with the text, not
 * with its square, and the prefix shapes as a whole (Arabic letters join
 * as they would in SwiftUI's Text(text.prefix(typed))). The caret blinks
 * with effect_kit_step_in_period, which t and t + period agree on.
 *
 * The view it models:
 *   HStack(spacing: 1) {
 *       Text(text.prefix(typed))
 *       Rectangle().frame(width: 2).opacity(caretOn ? 1 : 0)
 *   }
 * where typed = ⌊t · characters_per_second⌋ (at most all of them) and the
 * caret is on while typing, then on for the first half of every `blink`
 * seconds; with reduce_motion the whole text shows at once and the caret
 * holds still.
 *
 * From this directory (make builds both examples):
 *   cc -std=c99 -Wall -Wextra -Werror -shared -fPIC -fvisibility=hidden -I../../include typewriter.c -o libTypewriter.so -lm
 *   effect-host render typewriter --plugin-path ./libTypewriter.so --param text=こんにちは --time 0.3 -o typed.svg
 *   effect-host validate ./libTypewriter.so
 */
#include "effect_kit.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- The effect's declarations ---------------------------------------- */

enum { PARAM_TEXT, PARAM_SPEED, PARAM_CARET, PARAM_REDUCE_MOTION, PARAM_TOTAL };
enum { CHANNEL_TYPED, CHANNEL_CARET, CHANNEL_TOTAL };

#define DEFAULT_TEXT "Hello, world"
/* Long enough for a page of prose; a limit keeps an instance's memory
 * bounded whatever a caller passes. */
#define TEXT_MAX_BYTES 65536
#define BLINK 1.0 /* seconds per blink: on for half, off for half */

struct effect_instance {
    char *text;          /* the instance's own copy (effect_kit_read_string); NULL for the default */
    uint32_t *ends;      /* ends[k]: the byte where character k + 1 ends; `count` of them */
    size_t count;        /* characters (grapheme clusters) */
    double speed;        /* characters per second */
    int caret;
    int reduce_motion;
};

static const char *text_of(const effect_instance *instance) {
    return instance->text != NULL ? instance->text : DEFAULT_TEXT;
}

/* ---- Metadata ---------------------------------------------------------- */

static effect_status describe(const effect_plugin_api *self, effect_plugin_info *out, effect_error *error) {
    (void)self;
    if (out == NULL) return effect_kit_fail(error, EFFECT_ERR_NULL_POINTER, "out is NULL");
    if (out->struct_size < sizeof *out) return effect_kit_fail(error, EFFECT_ERR_STRUCT_SIZE, "effect_plugin_info is too small");
    out->struct_size = sizeof *out;
    out->effect_count = 1;
    out->id = "typewriter";
    out->name = "Typewriter";
    out->version = "1.0.0";
    out->author = "effect-host contributors";
    out->license = "MIT";
    out->summary = "Text typed one character at a time, then a blinking caret: an example plugin in plain C.";
    return effect_kit_ok(error);
}

static effect_status describe_effect(const effect_plugin_api *self, uint32_t index, effect_description *out, effect_error *error) {
    (void)self;
    if (out == NULL) return effect_kit_fail(error, EFFECT_ERR_NULL_POINTER, "out is NULL");
    if (index != 0) return effect_kit_fail(error, EFFECT_ERR_INDEX, "effect index out of range; there is 1");
    if (out->struct_size < sizeof *out) return effect_kit_fail(error, EFFECT_ERR_STRUCT_SIZE, "effect_info is too small");
    out->struct_size = sizeof *out;
    out->param_count = PARAM_TOTAL;
    out->global_channel_count = CHANNEL_TOTAL;
    out->element_channel_count = 0;
    out->attribute_count = 0;
    out->timing_kinds = EFFECT_TIMING_ENDS | EFFECT_TIMING_LOOPS;
    out->id = "typewriter";
    out->name = "Typewriter";
    out->summary = "Types its text one character at a time, then blinks a caret after it.";
    out->element_noun = "character";
    out->timing_doc = "types until every character shows; then loops every second while the caret blinks, "
                      "or ends without a caret or with reduce_motion";
    out->credit = "";
    return effect_kit_ok(error);
}

static effect_status param_info(const effect_plugin_api *self, uint32_t effect, uint32_t index, effect_param_info *out,
                                effect_error *error) {
    (void)self;
    if (out == NULL) return effect_kit_fail(error, EFFECT_ERR_NULL_POINTER, "out is NULL");
    if (effect != 0 || index >= PARAM_TOTAL) return effect_kit_fail(error, EFFECT_ERR_INDEX, "param index out of range");
    if (out->struct_size < sizeof *out) return effect_kit_fail(error, EFFECT_ERR_STRUCT_SIZE, "effect_param_info is too small");
    memset(out, 0, sizeof *out);
    out->struct_size = sizeof *out;
    out->unit = "";
    switch (index) {
    case PARAM_TEXT:
        out->name = "text";
        out->type = EFFECT_TYPE_STRING;
        out->doc = "The text to type: at most 65536 bytes of UTF-8.";
        out->default_value.type = EFFECT_TYPE_STRING;
        out->default_value.string = DEFAULT_TEXT;
        break;
    case PARAM_SPEED:
        out->name = "characters_per_second";
        out->type = EFFECT_TYPE_NUMBER;
        out->unit = "1/s";
        out->doc = "How many characters are typed each second.";
        out->min = 1;
        out->max = 120;
        out->default_value.type = EFFECT_TYPE_NUMBER;
        out->default_value.number = 12;
        break;
    case PARAM_CARET:
        out->name = "caret";
        out->type = EFFECT_TYPE_BOOL;
        out->doc = "Show a caret after the text: steady while typing, blinking after.";
        out->default_value.type = EFFECT_TYPE_BOOL;
        out->default_value.integer = 1;
        break;
    default:
        out->name = "reduce_motion";
        out->type = EFFECT_TYPE_BOOL;
        out->doc = "The whole text at once, and a caret that does not blink.";
        out->default_value.type = EFFECT_TYPE_BOOL;
        break;
    }
    return effect_kit_ok(error);
}

static effect_status channel_info(const effect_plugin_api *self, uint32_t effect, uint32_t index,
                                  effect_channel_info *out, effect_error *error) {
    (void)self;
    if (out == NULL) return effect_kit_fail(error, EFFECT_ERR_NULL_POINTER, "out is NULL");
    if (effect != 0 || index >= CHANNEL_TOTAL) return effect_kit_fail(error, EFFECT_ERR_INDEX, "channel index out of range");
    if (out->struct_size < sizeof *out) return effect_kit_fail(error, EFFECT_ERR_STRUCT_SIZE, "effect_channel_info is too small");
    memset(out, 0, sizeof *out);
    out->struct_size = sizeof *out;
    out->scope = EFFECT_SCOPE_GLOBAL;
    out->unit = "";
    out->max = 1;
    /* How much is typed is a fraction, whatever the text's length: a
     * channel's range is declared before any text exists. */
    if (index == CHANNEL_TYPED) {
        out->name = "typed";
        out->doc = "How much of the text shows: characters typed over characters, 0 to 1.";
    } else {
        out->name = "caret";
        out->flags = EFFECT_CHANNEL_DISCRETE;
        out->doc = "Whether the caret shows: 1 on, 0 off.";
    }
    return effect_kit_ok(error);
}

/* ---- Instances --------------------------------------------------------- */

/* Cuts the text into characters: the end of each, so a prefix of k of
 * them is its first ends[k - 1] bytes. */
static effect_status cut(effect_instance *instance, effect_error *error) {
    const char *text = text_of(instance);
    size_t length = strlen(text), at = 0;
    free(instance->ends);
    instance->ends = NULL;
    instance->count = effect_kit_grapheme_count(text, length);
    if (instance->count == 0) return EFFECT_OK;
    instance->ends = malloc(instance->count * sizeof *instance->ends);
    if (instance->ends == NULL) return effect_kit_fail(error, EFFECT_ERR_OUT_OF_MEMORY, "out of memory");
    for (size_t k = 0; k < instance->count; k++) {
        at = effect_kit_grapheme_next(text, length, at);
        instance->ends[k] = (uint32_t)at; /* at most TEXT_MAX_BYTES */
    }
    return EFFECT_OK;
}

static effect_status apply(effect_instance *instance, const effect_param_setting *setting, effect_error *error) {
    const effect_value *value = &setting->value;
    if (setting->name == NULL) return effect_kit_fail(error, EFFECT_ERR_NULL_POINTER, "a param name is NULL");
    if (strcmp(setting->name, "text") == 0) {
        char *copy;
        effect_status status = effect_kit_read_string(value, "text", TEXT_MAX_BYTES, &copy, error);
        if (status != EFFECT_OK) return status;
        free(instance->text);
        instance->text = copy;
        return EFFECT_OK;
    }
    if (strcmp(setting->name, "characters_per_second") == 0)
        return effect_kit_read_number(value, "characters_per_second", 1, 120, &instance->speed, error);
    if (strcmp(setting->name, "caret") == 0) return effect_kit_read_bool(value, "caret", &instance->caret, error);
    if (strcmp(setting->name, "reduce_motion") == 0)
        return effect_kit_read_bool(value, "reduce_motion", &instance->reduce_motion, error);
    return effect_kit_fail(error, EFFECT_ERR_UNKNOWN_PARAM,
                           "effect 'typewriter' has no such param (params: text, characters_per_second, caret, reduce_motion)");
}

static effect_status destroy(effect_instance *instance) {
    if (instance != NULL) {
        free(instance->text);
        free(instance->ends);
        free(instance);
    }
    return EFFECT_OK;
}

static effect_status create(const effect_plugin_api *self, const char *id, const effect_param_setting *settings,
                            uint32_t count, effect_instance **out, effect_error *error) {
    effect_instance made = {NULL, NULL, 0, 12, 1, 0};
    effect_status status = EFFECT_OK;
    uint32_t i, j;
    (void)self;
    if (out == NULL) return effect_kit_fail(error, EFFECT_ERR_NULL_POINTER, "out_instance is NULL");
    *out = NULL;
    if (id == NULL) return effect_kit_fail(error, EFFECT_ERR_NULL_POINTER, "effect_id is NULL");
    if (strcmp(id, "typewriter") != 0)
        return effect_kit_fail(error, EFFECT_ERR_UNKNOWN_EFFECT, "plugin 'typewriter' has no such effect (effects: typewriter)");
    if (count > 0 && settings == NULL) return effect_kit_fail(error, EFFECT_ERR_NULL_POINTER, "settings is NULL");
    for (i = 0; i < count && status == EFFECT_OK; i++) {
        status = apply(&made, &settings[i], error);
        for (j = 0; j < i && status == EFFECT_OK; j++) {
            if (strcmp(settings[j].name, settings[i].name) == 0)
                status = effect_kit_fail(error, EFFECT_ERR_DUPLICATE, "a param is given twice");
        }
    }
    if (status == EFFECT_OK) status = cut(&made, error);
    if (status == EFFECT_OK) {
        *out = malloc(sizeof made);
        if (*out == NULL) status = effect_kit_fail(error, EFFECT_ERR_OUT_OF_MEMORY, "out of memory");
    }
    if (status != EFFECT_OK) {
        free(made.text);
        free(made.ends);
        return status;
    }
    **out = made;
    return effect_kit_ok(error);
}

/* ---- The math ---------------------------------------------------------- */

/* When the last character appears. */
static double typing_end(const effect_instance *instance) {
    return instance->reduce_motion ? 0 : (double)instance->count / instance->speed;
}

/* Characters showing at t: character k (from 1) appears at k / speed. The
 * nudge keeps t = k / speed, rounded down by a division, on character k. */
static size_t typed_at(const effect_instance *instance, double t) {
    double typed;
    if (instance->reduce_motion) return instance->count;
    typed = floor(t * instance->speed * (1 + 1e-12));
    return typed >= (double)instance->count ? instance->count : (size_t)typed;
}

/* Steady while typing and with reduce_motion; then on for the first half
 * of every blink, counted from the typing's end. */
static int caret_on(const effect_instance *instance, double t) {
    double end = typing_end(instance);
    if (!instance->caret) return 0;
    if (instance->reduce_motion || t < end) return 1;
    return effect_kit_step_in_period(t - end, BLINK, 2) == 0;
}

static void frame_at(const effect_instance *instance, double t, double *frame) {
    frame[CHANNEL_TYPED] = instance->count == 0 ? 1 : (double)typed_at(instance, t) / (double)instance->count;
    frame[CHANNEL_CARET] = caret_on(instance, t);
}

static effect_status instance_info(const effect_instance *instance, effect_instance_info *out, effect_error *error) {
    size_t size;
    if (instance == NULL || out == NULL) return effect_kit_fail(error, EFFECT_ERR_NULL_POINTER, "instance or out is NULL");
    if (out->struct_size < EFFECT_INSTANCE_INFO_SIZE_1_0) return effect_kit_fail(error, EFFECT_ERR_STRUCT_SIZE, "effect_instance_info is too small");
    size = out->struct_size < sizeof *out ? out->struct_size : sizeof *out;
    memset(out, 0, size);
    out->struct_size = (uint32_t)size;
    out->frame_size = CHANNEL_TOTAL;
    if (instance->caret && !instance->reduce_motion) {
        out->timing = EFFECT_TIMING_LOOPS;
        out->loop_start = typing_end(instance);
        out->period = BLINK;
    } else {
        out->timing = EFFECT_TIMING_ENDS;
        out->end = typing_end(instance);
    }
    return effect_kit_ok(error);
}

static effect_status element_info(const effect_instance *instance, uint32_t element, effect_element_info *out,
                                  effect_error *error) {
    (void)element;
    if (instance == NULL || out == NULL) return effect_kit_fail(error, EFFECT_ERR_NULL_POINTER, "instance or out is NULL");
    return effect_kit_fail(error, EFFECT_ERR_INDEX, "effect 'typewriter' has no elements");
}

static effect_status get_param(const effect_instance *instance, const char *name, double t, effect_value *out,
                               effect_error *error) {
    if (instance == NULL || name == NULL || out == NULL) return effect_kit_fail(error, EFFECT_ERR_NULL_POINTER, "an argument is NULL");
    if (!effect_kit_is_time(t)) return effect_kit_fail(error, EFFECT_ERR_TIME, "t is not a time; times are finite and >= 0");
    memset(out, 0, sizeof *out);
    if (strcmp(name, "text") == 0) {
        out->type = EFFECT_TYPE_STRING;
        out->string = text_of(instance);
    } else if (strcmp(name, "characters_per_second") == 0) {
        out->type = EFFECT_TYPE_NUMBER;
        out->number = instance->speed;
    } else if (strcmp(name, "caret") == 0 || strcmp(name, "reduce_motion") == 0) {
        out->type = EFFECT_TYPE_BOOL;
        out->integer = name[0] == 'c' ? instance->caret : instance->reduce_motion;
    } else {
        return effect_kit_fail(error, EFFECT_ERR_UNKNOWN_PARAM, "effect 'typewriter' has no such param");
    }
    return effect_kit_ok(error);
}

static effect_status set_param(effect_instance *instance, const char *name, const effect_value *value, double t,
                               effect_error *error) {
    if (instance == NULL || name == NULL || value == NULL) return effect_kit_fail(error, EFFECT_ERR_NULL_POINTER, "an argument is NULL");
    if (!effect_kit_is_time(t)) return effect_kit_fail(error, EFFECT_ERR_TIME, "t is not a time; times are finite and >= 0");
    if (strcmp(name, "text") && strcmp(name, "characters_per_second") && strcmp(name, "caret") && strcmp(name, "reduce_motion"))
        return effect_kit_fail(error, EFFECT_ERR_UNKNOWN_PARAM, "effect 'typewriter' has no such param");
    return effect_kit_fail(error, EFFECT_ERR_NOT_LIVE, "typewriter's params are fixed when the instance is created");
}

/* A screen reader reads the whole sentence, not the half-typed word, as
 * SwiftUI's .accessibilityLabel(text) on the view would have it. */
static effect_status strings(const effect_instance *instance, double t, effect_strings *out, effect_error *error) {
    if (instance == NULL || out == NULL) return effect_kit_fail(error, EFFECT_ERR_NULL_POINTER, "instance or out is NULL");
    if (!effect_kit_is_time(t)) return effect_kit_fail(error, EFFECT_ERR_TIME, "t is not a time; times are finite and >= 0");
    if (out->struct_size < sizeof *out) return effect_kit_fail(error, EFFECT_ERR_STRUCT_SIZE, "effect_strings is too small");
    out->struct_size = sizeof *out;
    out->reserved = 0;
    out->text = text_of(instance);
    out->accessibility_label = text_of(instance);
    out->accessibility_value = "";
    return effect_kit_ok(error);
}

static effect_status sample(const effect_instance *instance, double t, double *frame, uint64_t capacity,
                            effect_error *error) {
    if (instance == NULL || frame == NULL) return effect_kit_fail(error, EFFECT_ERR_NULL_POINTER, "instance or frame is NULL");
    if (!effect_kit_is_time(t)) return effect_kit_fail(error, EFFECT_ERR_TIME, "t is not a time; times are finite and >= 0");
    if (capacity < CHANNEL_TOTAL) return effect_kit_fail(error, EFFECT_ERR_BUFFER, "the buffer is too small for a frame");
    frame_at(instance, t, frame);
    return effect_kit_ok(error);
}

static effect_status sample_many(const effect_instance *instance, double t0, double dt, uint64_t count, double *frames,
                                 uint64_t capacity, effect_error *error) {
    uint64_t i;
    if (instance == NULL) return effect_kit_fail(error, EFFECT_ERR_NULL_POINTER, "instance is NULL");
    if (count == 0) return effect_kit_ok(error);
    if (frames == NULL) return effect_kit_fail(error, EFFECT_ERR_NULL_POINTER, "frames is NULL");
    if (count > capacity / CHANNEL_TOTAL) return effect_kit_fail(error, EFFECT_ERR_BUFFER, "the buffer is too small for the frames");
    if (!effect_kit_is_time(t0) || !effect_kit_is_finite(dt) || !effect_kit_is_time(t0 + (double)(count - 1) * dt))
        return effect_kit_fail(error, EFFECT_ERR_TIME, "a time is not finite and >= 0");
    for (i = 0; i < count; i++) frame_at(instance, t0 + (double)i * dt, frames + i * CHANNEL_TOTAL);
    return effect_kit_ok(error);
}

/* ---- The look ---------------------------------------------------------- */

/* Body text (17 pt, regular) in the label colour; a 2 pt caret in the
 * system blue, 1 pt after the text, as tall as the line. Ids: the text 1,
 * the caret 2. */
#define FONT_SIZE 17.0
#define CARET_GAP 1.0
#define CARET_WIDTH 2.0

static effect_status draw(const effect_instance *instance, double t, const effect_draw_context *context,
                          effect_drawing *out, effect_draw_item *items, uint64_t capacity, effect_error *error) {
    effect_kit_list list;
    effect_text_metrics whole, typed;
    const char *text;
    int dark;
    size_t shown, bytes;
    double width, height;
    effect_rect bounds;
    effect_status status = effect_kit_draw_begin(instance, t, context, out, items, capacity, &list, error);
    if (status != EFFECT_OK) return status;
    text = text_of(instance);
    dark = effect_kit_appearance(context) == EFFECT_APPEARANCE_DARK;
    shown = typed_at(instance, t);
    bytes = shown > 0 ? instance->ends[shown - 1] : 0;
    /* The whole text sizes the view, so it stays put while it types. */
    status = effect_kit_measure_run(context, text, strlen(text), FONT_SIZE, EFFECT_WEIGHT_REGULAR, 0, &whole, error);
    if (status == EFFECT_OK && bytes > 0)
        status = effect_kit_measure_run(context, text, bytes, FONT_SIZE, EFFECT_WEIGHT_REGULAR, 0, &typed, error);
    if (status != EFFECT_OK) return status;
    if (bytes > 0) {
        effect_kit_text_range(&list, 1, text, (uint32_t)bytes, 0, whole.ascent, FONT_SIZE, EFFECT_WEIGHT_REGULAR, 0,
                              dark ? 0xFFFFFFFFu : 0x000000FFu, &typed);
    }
    if (caret_on(instance, t)) {
        effect_rect caret;
        caret.x = (bytes > 0 ? typed.advance : 0) + CARET_GAP;
        caret.y = 0;
        caret.width = CARET_WIDTH;
        caret.height = whole.ascent + whole.descent;
        effect_kit_fill(&list, 2, EFFECT_SHAPE_RECT, caret, 0, dark ? 0x0A84FFFFu : 0x007AFFFFu);
    }
    width = whole.advance + CARET_GAP + CARET_WIDTH;
    height = whole.ascent + whole.descent;
    bounds.x = 0;
    bounds.y = 0;
    bounds.width = width;
    bounds.height = height;
    return effect_kit_draw_end(&list, width, height, bounds, 2, out, error);
}

static effect_status layout(const effect_instance *instance, const double *sizes, uint32_t item_count,
                            double container_width, double *out, uint64_t capacity, effect_error *error) {
    (void)instance;
    (void)sizes;
    (void)item_count;
    (void)container_width;
    (void)out;
    (void)capacity;
    return effect_kit_fail(error, EFFECT_ERR_UNSUPPORTED, "effect 'typewriter' does no layout");
}

/* ---- The one export ---------------------------------------------------- */

/* needs_minor stays 0 (its own minor, 1.6 or later): it draws runs, which a
 * 1.5 host would draw as the whole text. */
static const effect_plugin_api table = {
    .struct_size = sizeof(effect_plugin_api),
    .abi_major = EFFECT_ABI_MAJOR,
    .abi_minor = EFFECT_ABI_MINOR,
    .describe = describe,
    .effect_info = describe_effect,
    .param_info = param_info,
    .channel_info = channel_info,
    .create = create,
    .destroy = destroy,
    .instance_info = instance_info,
    .element_info = element_info,
    .get_param = get_param,
    .set_param = set_param,
    .strings = strings,
    .sample = sample,
    .sample_many = sample_many,
    .layout = layout,
    .draw = draw,
};

EFFECT_EXPORT const effect_plugin_api *effect_plugin_entry(void) { return &table; }
