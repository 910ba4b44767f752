/*
 * pulse: a complete effect plugin in plain C99, written against effect.h
 * alone. A row of dots pulses one after another, like a "typing" indicator:
 * each dot swells and brightens on a raised cosine, a little later than the
 * one before it, and the row repeats every `period`.
 *
 * It draws itself too (ABI 1.2): each dot a grey circle, scaled about its
 * centre and faded by its own channels. Its `label` param, a string, is
 * what assistive technology reads for the dots ("Sarah is typing").
 * effect_kit.h carries the checks, error reporting, string reading and
 * display-list writing, so what is left here is the effect's declarations,
 * its math and its look.
 *
 * From this directory:
 *   cc -std=c99 -Wall -Wextra -Werror -shared -fPIC -fvisibility=hidden -I../../include pulse.c -o libPulse.so -lm
 *   effect-host run pulse --plugin-path ./libPulse.so
 *   effect-host validate ./libPulse.so
 * or, against an install (scripts/install PREFIX, or an unpacked release),
 * with PKG_CONFIG_PATH=PREFIX/lib/pkgconfig:
 *   cc -std=c99 -Wall -Wextra -Werror -shared -fPIC -fvisibility=hidden $(pkg-config --cflags effect-abi) pulse.c -o libPulse.so -lm
 *
 * Params are fixed at create (none is live), which keeps an instance a
 * handful of numbers and its label; a plugin with live params keeps the
 * events it is sent and samples from them (see docs/writing-plugins.md).
 */
#include "effect_kit.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- The effect's declarations ---------------------------------------- */

enum { PARAM_COUNT_DOTS, PARAM_PERIOD, PARAM_SPREAD, PARAM_REDUCE_MOTION, PARAM_LABEL, PARAM_TOTAL };
enum { CHANNEL_PHASE, CHANNEL_SCALE, CHANNEL_OPACITY, CHANNEL_INDEX, CHANNEL_TOTAL };

static const double pi = 3.14159265358979323846;

/* The label's default, and its longest: a label is a short phrase, and a
 * limit keeps an instance's memory bounded whatever a caller passes. */
#define DEFAULT_LABEL "Working"
#define LABEL_MAX_BYTES 200

struct effect_instance {
    int64_t dots;
    double period;
    double spread;
    int reduce_motion;
    char *label; /* the instance's own copy, from effect_kit_read_string; NULL for the default */
};

static const char *label_of(const effect_instance *instance) {
    return instance->label != NULL ? instance->label : DEFAULT_LABEL;
}

/* ---- Metadata ---------------------------------------------------------- */

static effect_status describe(const effect_plugin_api *self, effect_plugin_info *out, effect_error *error) {
    (void)self;
    if (out == NULL) return effect_kit_fail(error, EFFECT_ERR_NULL_POINTER, "out is NULL");
    if (out->struct_size < sizeof *out) return effect_kit_fail(error, EFFECT_ERR_STRUCT_SIZE, "effect_plugin_info is too small");
    out->struct_size = sizeof *out;
    out->effect_count = 1;
    out->id = "pulse";
    out->name = "Pulse";
    out->version = "1.0.0";
    out->author = "effect-host contributors";
    out->license = "MIT";
    out->summary = "A row of dots pulsing one after another: an example plugin in plain C.";
    return effect_kit_ok(error);
}

static effect_status describe_effect(const effect_plugin_api *self, uint32_t index, effect_description *out, effect_error *error) {
    (void)self;
    if (out == NULL) return effect_kit_fail(error, EFFECT_ERR_NULL_POINTER, "out is NULL");
    if (index != 0) return effect_kit_fail(error, EFFECT_ERR_INDEX, "effect index out of range; there is 1");
    if (out->struct_size < sizeof *out) return effect_kit_fail(error, EFFECT_ERR_STRUCT_SIZE, "effect_info is too small");
    out->struct_size = sizeof *out;
    out->param_count = PARAM_TOTAL;
    out->global_channel_count = 1;
    out->element_channel_count = 2;
    out->attribute_count = 1;
    out->timing_kinds = EFFECT_TIMING_LOOPS;
    out->id = "pulse";
    out->name = "Pulse";
    out->summary = "Dots that swell and brighten one after another, over and over.";
    out->element_noun = "dot";
    out->timing_doc = "loops every `period` from the start";
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
    case PARAM_COUNT_DOTS:
        out->name = "dots";
        out->type = EFFECT_TYPE_INTEGER;
        out->doc = "How many dots are in the row.";
        out->min = 1;
        out->max = 32;
        out->default_value.type = EFFECT_TYPE_INTEGER;
        out->default_value.integer = 3;
        break;
    case PARAM_PERIOD:
        out->name = "period";
        out->type = EFFECT_TYPE_NUMBER;
        out->unit = "s";
        out->doc = "Seconds for one pulse of the whole row.";
        out->min = 0.1;
        out->max = 60;
        out->default_value.type = EFFECT_TYPE_NUMBER;
        out->default_value.number = 1.2;
        break;
    case PARAM_SPREAD:
        out->name = "spread";
        out->type = EFFECT_TYPE_NUMBER;
        out->doc = "How much of a period the pulses of the first and last dot lie apart.";
        out->min = 0;
        out->max = 1;
        out->default_value.type = EFFECT_TYPE_NUMBER;
        out->default_value.number = 0.5;
        break;
    case PARAM_REDUCE_MOTION:
        out->name = "reduce_motion";
        out->type = EFFECT_TYPE_BOOL;
        out->doc = "Dots keep their size and only brighten.";
        out->default_value.type = EFFECT_TYPE_BOOL;
        break;
    default:
        out->name = "label";
        out->type = EFFECT_TYPE_STRING;
        out->doc = "What assistive technology reads for the dots: at most 200 bytes of UTF-8.";
        out->default_value.type = EFFECT_TYPE_STRING;
        out->default_value.string = DEFAULT_LABEL;
        break;
    }
    return effect_kit_ok(error);
}

static effect_status channel_info(const effect_plugin_api *self, uint32_t effect, uint32_t index,
                                  effect_channel_info *out, effect_error *error) {
    static const char *const names[CHANNEL_TOTAL] = {"phase", "scale", "opacity", "index"};
    static const char *const docs[CHANNEL_TOTAL] = {
        "Where the row is in its period, 0 to 1.", "A dot's scale: 1, swelling to 1.5.",
        "A dot's opacity: 0.4, brightening to 1.", "A dot's place in the row, from 0."};
    static const uint32_t scopes[CHANNEL_TOTAL] = {EFFECT_SCOPE_GLOBAL, EFFECT_SCOPE_ELEMENT, EFFECT_SCOPE_ELEMENT,
                                                   EFFECT_SCOPE_ATTRIBUTE};
    static const double ranges[CHANNEL_TOTAL][2] = {{0, 1}, {1, 1.5}, {0.4, 1}, {0, 31}};
    (void)self;
    if (out == NULL) return effect_kit_fail(error, EFFECT_ERR_NULL_POINTER, "out is NULL");
    if (effect != 0 || index >= CHANNEL_TOTAL) return effect_kit_fail(error, EFFECT_ERR_INDEX, "channel index out of range");
    if (out->struct_size < sizeof *out) return effect_kit_fail(error, EFFECT_ERR_STRUCT_SIZE, "effect_channel_info is too small");
    memset(out, 0, sizeof *out);
    out->struct_size = sizeof *out;
    out->scope = scopes[index];
    out->flags = index == CHANNEL_INDEX ? EFFECT_CHANNEL_DISCRETE : 0;
    out->name = names[index];
    out->unit = "";
    out->doc = docs[index];
    out->min = ranges[index][0];
    out->max = ranges[index][1];
    return effect_kit_ok(error);
}

/* ---- Instances --------------------------------------------------------- */

/* Reads one param setting into the instance, checking name, type and range.
 * The label is copied (the caller's string is the caller's), and a label
 * given before is freed. */
static effect_status apply(effect_instance *instance, const effect_param_setting *setting, effect_error *error) {
    const effect_value *value = &setting->value;
    if (setting->name == NULL) return effect_kit_fail(error, EFFECT_ERR_NULL_POINTER, "a param name is NULL");
    if (strcmp(setting->name, "label") == 0) {
        char *copy;
        effect_status status = effect_kit_read_string(value, "label", LABEL_MAX_BYTES, &copy, error);
        if (status != EFFECT_OK) return status;
        free(instance->label);
        instance->label = copy;
        return EFFECT_OK;
    }
    if (strcmp(setting->name, "dots") == 0) {
        return effect_kit_read_integer(value, "dots", 1, 32, &instance->dots, error);
    } else if (strcmp(setting->name, "period") == 0) {
        return effect_kit_read_number(value, "period", 0.1, 60, &instance->period, error);
    } else if (strcmp(setting->name, "spread") == 0) {
        return effect_kit_read_number(value, "spread", 0, 1, &instance->spread, error);
    } else if (strcmp(setting->name, "reduce_motion") == 0) {
        return effect_kit_read_bool(value, "reduce_motion", &instance->reduce_motion, error);
    } else {
        return effect_kit_fail(error, EFFECT_ERR_UNKNOWN_PARAM, "effect 'pulse' has no such param (params: dots, period, spread, reduce_motion, label)");
    }
    return EFFECT_OK;
}

static effect_status create(const effect_plugin_api *self, const char *id, const effect_param_setting *settings,
                            uint32_t count, effect_instance **out, effect_error *error) {
    effect_instance made = {3, 1.2, 0.5, 0, NULL};
    uint32_t i, j;
    (void)self;
    if (out == NULL) return effect_kit_fail(error, EFFECT_ERR_NULL_POINTER, "out_instance is NULL");
    *out = NULL;
    if (id == NULL) return effect_kit_fail(error, EFFECT_ERR_NULL_POINTER, "effect_id is NULL");
    if (strcmp(id, "pulse") != 0) return effect_kit_fail(error, EFFECT_ERR_UNKNOWN_EFFECT, "plugin 'pulse' has no such effect (effects: pulse)");
    if (count > 0 && settings == NULL) return effect_kit_fail(error, EFFECT_ERR_NULL_POINTER, "settings is NULL");
    for (i = 0; i < count; i++) {
        effect_status status = apply(&made, &settings[i], error);
        for (j = 0; j < i && status == EFFECT_OK; j++) {
            if (strcmp(settings[j].name, settings[i].name) == 0) status = effect_kit_fail(error, EFFECT_ERR_DUPLICATE, "a param is given twice");
        }
        if (status != EFFECT_OK) {
            free(made.label);
            return status;
        }
    }
    *out = malloc(sizeof made);
    if (*out == NULL) {
        free(made.label);
        return effect_kit_fail(error, EFFECT_ERR_OUT_OF_MEMORY, "out of memory");
    }
    **out = made;
    return effect_kit_ok(error);
}

static effect_status destroy(effect_instance *instance) {
    if (instance != NULL) free(instance->label);
    free(instance);
    return EFFECT_OK;
}

static effect_status instance_info(const effect_instance *instance, effect_instance_info *out, effect_error *error) {
    size_t size;
    if (instance == NULL || out == NULL) return effect_kit_fail(error, EFFECT_ERR_NULL_POINTER, "instance or out is NULL");
    if (out->struct_size < EFFECT_INSTANCE_INFO_SIZE_1_0) return effect_kit_fail(error, EFFECT_ERR_STRUCT_SIZE, "effect_instance_info is too small");
    size = out->struct_size < sizeof *out ? out->struct_size : sizeof *out;
    memset(out, 0, size);
    out->struct_size = (uint32_t)size;
    out->element_count = (uint32_t)instance->dots;
    out->frame_size = 1 + 2 * (uint64_t)instance->dots;
    out->timing = EFFECT_TIMING_LOOPS;
    out->period = instance->period;
    return effect_kit_ok(error);
}

static effect_status element_info(const effect_instance *instance, uint32_t element, effect_element_info *out,
                                  effect_error *error) {
    static const double indices[32] = {0,  1,  2,  3,  4,  5,  6,  7,  8,  9,  10, 11, 12, 13, 14, 15,
                                       16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31};
    if (instance == NULL || out == NULL) return effect_kit_fail(error, EFFECT_ERR_NULL_POINTER, "instance or out is NULL");
    if (element >= instance->dots) return effect_kit_fail(error, EFFECT_ERR_INDEX, "element index out of range");
    if (out->struct_size < sizeof *out) return effect_kit_fail(error, EFFECT_ERR_STRUCT_SIZE, "effect_element_info is too small");
    out->struct_size = sizeof *out;
    out->attribute_count = 1;
    out->text = "";
    out->attributes = &indices[element];
    return effect_kit_ok(error);
}

static effect_status get_param(const effect_instance *instance, const char *name, double t, effect_value *out,
                               effect_error *error) {
    if (instance == NULL || name == NULL || out == NULL) return effect_kit_fail(error, EFFECT_ERR_NULL_POINTER, "an argument is NULL");
    if (!effect_kit_is_time(t)) return effect_kit_fail(error, EFFECT_ERR_TIME, "t is not a time; times are finite and >= 0");
    memset(out, 0, sizeof *out);
    if (strcmp(name, "dots") == 0) {
        out->type = EFFECT_TYPE_INTEGER;
        out->integer = instance->dots;
    } else if (strcmp(name, "period") == 0 || strcmp(name, "spread") == 0) {
        out->type = EFFECT_TYPE_NUMBER;
        out->number = name[0] == 'p' ? instance->period : instance->spread;
    } else if (strcmp(name, "reduce_motion") == 0) {
        out->type = EFFECT_TYPE_BOOL;
        out->integer = instance->reduce_motion;
    } else if (strcmp(name, "label") == 0) {
        out->type = EFFECT_TYPE_STRING;
        out->string = label_of(instance);
    } else {
        return effect_kit_fail(error, EFFECT_ERR_UNKNOWN_PARAM, "effect 'pulse' has no such param");
    }
    return effect_kit_ok(error);
}

static effect_status set_param(effect_instance *instance, const char *name, const effect_value *value, double t,
                               effect_error *error) {
    if (instance == NULL || name == NULL || value == NULL) return effect_kit_fail(error, EFFECT_ERR_NULL_POINTER, "an argument is NULL");
    if (!effect_kit_is_time(t)) return effect_kit_fail(error, EFFECT_ERR_TIME, "t is not a time; times are finite and >= 0");
    if (strcmp(name, "dots") && strcmp(name, "period") && strcmp(name, "spread") && strcmp(name, "reduce_motion") &&
        strcmp(name, "label")) {
        return effect_kit_fail(error, EFFECT_ERR_UNKNOWN_PARAM, "effect 'pulse' has no such param");
    }
    return effect_kit_fail(error, EFFECT_ERR_NOT_LIVE, "pulse's params are fixed when the instance is created");
}

static effect_status strings(const effect_instance *instance, double t, effect_strings *out, effect_error *error) {
    if (instance == NULL || out == NULL) return effect_kit_fail(error, EFFECT_ERR_NULL_POINTER, "instance or out is NULL");
    if (!effect_kit_is_time(t)) return effect_kit_fail(error, EFFECT_ERR_TIME, "t is not a time; times are finite and >= 0");
    if (out->struct_size < sizeof *out) return effect_kit_fail(error, EFFECT_ERR_STRUCT_SIZE, "effect_strings is too small");
    out->struct_size = sizeof *out;
    out->reserved = 0;
    out->text = "";
    out->accessibility_label = label_of(instance);
    out->accessibility_value = "";
    return effect_kit_ok(error);
}

/* ---- The math ---------------------------------------------------------- */

/* The phase of the row at t, and dot `dot`'s scale and opacity. fmod keeps
 * far-off times exact within a period. */
static double phase_at(const effect_instance *instance, double t) { return fmod(t, instance->period) / instance->period; }

static void dot_at(const effect_instance *instance, double phase, int64_t dot, double *scale, double *opacity) {
    double offset = instance->dots > 1 ? instance->spread * (double)dot / (double)(instance->dots - 1) : 0;
    double local = phase - offset;
    double wave = (1 - cos(2 * pi * (local - floor(local)))) / 2;
    *scale = instance->reduce_motion ? 1 : 1 + 0.5 * wave;
    *opacity = 0.4 + 0.6 * wave;
}

static void frame_at(const effect_instance *instance, double t, double *frame) {
    int64_t dot;
    frame[0] = phase_at(instance, t);
    for (dot = 0; dot < instance->dots; dot++) dot_at(instance, frame[0], dot, &frame[1 + 2 * dot], &frame[2 + 2 * dot]);
}

static effect_status sample(const effect_instance *instance, double t, double *frame, uint64_t capacity,
                            effect_error *error) {
    if (instance == NULL || frame == NULL) return effect_kit_fail(error, EFFECT_ERR_NULL_POINTER, "instance or frame is NULL");
    if (!effect_kit_is_time(t)) return effect_kit_fail(error, EFFECT_ERR_TIME, "t is not a time; times are finite and >= 0");
    if (capacity < 1 + 2 * (uint64_t)instance->dots) return effect_kit_fail(error, EFFECT_ERR_BUFFER, "the buffer is too small for a frame");
    frame_at(instance, t, frame);
    return effect_kit_ok(error);
}

static effect_status sample_many(const effect_instance *instance, double t0, double dt, uint64_t count, double *frames,
                                 uint64_t capacity, effect_error *error) {
    uint64_t size, i;
    if (instance == NULL) return effect_kit_fail(error, EFFECT_ERR_NULL_POINTER, "instance is NULL");
    if (count == 0) return effect_kit_ok(error);
    if (frames == NULL) return effect_kit_fail(error, EFFECT_ERR_NULL_POINTER, "frames is NULL");
    size = 1 + 2 * (uint64_t)instance->dots;
    if (count > capacity / size) return effect_kit_fail(error, EFFECT_ERR_BUFFER, "the buffer is too small for the frames");
    if (!effect_kit_is_time(t0) || !effect_kit_is_finite(dt) || !effect_kit_is_time(t0 + (double)(count - 1) * dt)) {
        return effect_kit_fail(error, EFFECT_ERR_TIME, "a time is not finite and >= 0");
    }
    for (i = 0; i < count; i++) frame_at(instance, t0 + (double)i * dt, frames + i * size);
    return effect_kit_ok(error);
}

/* ---- The look ---------------------------------------------------------- */

/* Dots 12 pt across, 8 pt apart, in a system grey; ids: a dot's group is
 * 1 + 2 i, its circle 2 + 2 i. */
#define DOT_SIZE 12.0
#define DOT_GAP 8.0
#define DOT_COLOR 0x8E8E93FFu

static effect_status draw(const effect_instance *instance, double t, const effect_draw_context *context,
                          effect_drawing *out, effect_draw_item *items, uint64_t capacity, effect_error *error) {
    effect_kit_list list;
    effect_rect bounds;
    double phase, width;
    int64_t dot;
    effect_status status = effect_kit_draw_begin(instance, t, context, out, items, capacity, &list, error);
    if (status != EFFECT_OK) return status;
    phase = phase_at(instance, t);
    for (dot = 0; dot < instance->dots; dot++) {
        double scale, opacity, x = (double)dot * (DOT_SIZE + DOT_GAP);
        effect_rect circle = {x, 0, DOT_SIZE, DOT_SIZE};
        effect_transform swell = effect_kit_identity();
        dot_at(instance, phase, dot, &scale, &opacity);
        swell.anchor_x = x + DOT_SIZE / 2;
        swell.anchor_y = DOT_SIZE / 2;
        swell.scale_x = swell.scale_y = scale;
        effect_kit_group(&list, (uint32_t)(1 + 2 * dot), swell, opacity);
        effect_kit_fill(&list, (uint32_t)(2 + 2 * dot), EFFECT_SHAPE_ELLIPSE, circle, 0, DOT_COLOR);
        effect_kit_end_group(&list, (uint32_t)(1 + 2 * dot));
    }
    /* At 1.5 times its size a dot reaches a quarter of its size further out. */
    width = (double)instance->dots * DOT_SIZE + (double)(instance->dots - 1) * DOT_GAP;
    bounds.x = -DOT_SIZE / 4;
    bounds.y = -DOT_SIZE / 4;
    bounds.width = width + DOT_SIZE / 2;
    bounds.height = DOT_SIZE * 1.5;
    return effect_kit_draw_end(&list, width, DOT_SIZE, bounds, 3 * (uint64_t)instance->dots, out, error);
}

static effect_status layout(const effect_instance *instance, const double *sizes, uint32_t item_count,
                            double container_width, double *out, uint64_t capacity, effect_error *error) {
    (void)instance;
    (void)sizes;
    (void)item_count;
    (void)container_width;
    (void)out;
    (void)capacity;
    return effect_kit_fail(error, EFFECT_ERR_UNSUPPORTED, "effect 'pulse' does no layout");
}

/* ---- The one export ---------------------------------------------------- */

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
