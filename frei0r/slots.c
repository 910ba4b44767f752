/*
 * slots.c: the effect's params as frei0r params, and the adapter's own.
 *
 * frei0r has doubles in [0, 1], bools, colours without alpha and strings,
 * and hosts enforce it (GStreamer's properties take doubles in [0, 1] only;
 * MLT never sets position params). So:
 *
 *   number, integer   a double, 0 to 1 standing for the param's min to max
 *                     (an integer's rounded)
 *   bool              a bool
 *   enum              a string: the choice's name
 *   string            a string
 *   colour            a colour, then NAME_alpha: a double, its opacity
 *   optional          its value's slot, then NAME_set: a bool, off leaving
 *                     the param unset as it is by default
 *
 * then the adapter's own (an effect param of the same name keeps it; the
 * adapter's is then called frame_NAME).
 */
#define _GNU_SOURCE
#include "adapter.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct own_slot {
    const char *name;
    int type;
    slot_role role;
    double min, max, default_number;
    const char *default_text;
    const char *unit;
    const char *const *choices;
    uint32_t choice_count;
    const char *explanation;
} own_slot;

static const char *const themes[] = {"light", "dark"};
static const char *const time_units[] = {"auto", "seconds", "milliseconds"};

static const own_slot own_slots[] = {
    {"theme", F0R_PARAM_STRING, SLOT_THEME, 0, 0, 0, "light", NULL, themes, 2,
     "The appearance the effect is drawn in: light (dark ink) or dark (light ink)."},
    {"font", F0R_PARAM_STRING, SLOT_FONT, 0, 0, 0, "", NULL, NULL, 0,
     "A font family or a font file; empty for Inter, with fontconfig's fallbacks for other scripts."},
    {"wrap_width", F0R_PARAM_DOUBLE, SLOT_WRAP_WIDTH, 10, 10000, 432, NULL, "pt", NULL, 0,
     "The width offered to the effect's view, which text wraps to: 0 to 1 stands for 10 to 10000 pt (432 pt by default)."},
    {"size", F0R_PARAM_DOUBLE, SLOT_SIZE, 0, 1, 1, NULL, NULL, NULL, 0,
     "The picture's size as a share of the size that fits the frame (aspect kept): 1 fills the frame one way, 0 draws nothing."},
    {"x", F0R_PARAM_DOUBLE, SLOT_X, 0, 1, 0.5, NULL, NULL, NULL, 0,
     "Where the picture sits across the room its size leaves: 0 against the left edge, 0.5 centred, 1 against the right edge."},
    {"y", F0R_PARAM_DOUBLE, SLOT_Y, 0, 1, 0.5, NULL, NULL, NULL, 0,
     "Where the picture sits down the room its size leaves: 0 against the top, 0.5 centred, 1 against the bottom."},
    {"time_unit", F0R_PARAM_STRING, SLOT_TIME_UNIT, 0, 0, 0, "auto", NULL, time_units, 3,
     "What the host's time counts: auto (milliseconds in ffmpeg, seconds elsewhere), seconds or milliseconds."},
    {"start", F0R_PARAM_STRING, SLOT_START, 0, 0, 0, "0", NULL, NULL, 0,
     "The host's time, in seconds, at which the effect starts: a title that appears 5 s into the footage starts at 5. "
     "In MLT (Kdenlive, Shotcut) a clip's time is its own, from its first frame."},
    {"events", F0R_PARAM_STRING, SLOT_EVENTS, 0, 0, 0, "", NULL, NULL, 0,
     "Params changed at a time, as effect-host's --at: T:NAME=VALUE, separated by spaces (done=false at 1.2 s: 1.2:done=false)."},
};

static char *joined(const char *a, const char *b, const char *c) {
    size_t length = strlen(a) + strlen(b) + strlen(c) + 1;
    char *out = malloc(length);
    if (out != NULL) snprintf(out, length, "%s%s%s", a, b, c);
    return out;
}

static char *format_number(const char *format, double a, double b, const char *unit) {
    char *out = NULL;
    if (asprintf(&out, format, a, b, unit) < 0) return NULL;
    return out;
}

static int has_param(const adapter *adapter, int count, const char *name) {
    for (int i = 0; i < count; i++)
        if (adapter->slots[i].param >= 0 && strcmp(adapter->slots[i].name, name) == 0) return 1;
    return 0;
}

static slot *add(adapter *adapter, const char *name, const char *suffix, int type, slot_role role, int param) {
    slot *s = &adapter->slots[adapter->slot_count++];
    memset(s, 0, sizeof *s);
    snprintf(s->name, sizeof s->name, "%s%s", name, suffix);
    s->type = type;
    s->role = role;
    s->param = param;
    return s;
}

static double share(double value, double min, double max) {
    if (!(max > min)) return 0;
    double x = (value - min) / (max - min);
    return x < 0 ? 0 : x > 1 ? 1 : x;
}

static int add_effect_param(adapter *adapter, const effect_param_info *info, int index) {
    const char *doc = info->doc != NULL ? info->doc : "";
    char unit[40] = "";
    if (info->unit != NULL && info->unit[0] != '\0') snprintf(unit, sizeof unit, " %s", info->unit);
    int optional = (info->flags & EFFECT_PARAM_OPTIONAL) != 0;
    int unset = info->default_value.type == EFFECT_TYPE_NONE;
    slot *s;
    switch (info->type) {
    case EFFECT_TYPE_NUMBER:
    case EFFECT_TYPE_INTEGER: {
        s = add(adapter, info->name, "", F0R_PARAM_DOUBLE, SLOT_NUMBER, index);
        s->integer = info->type == EFFECT_TYPE_INTEGER;
        s->min = info->min;
        s->max = info->max;
        double value = unset ? info->min
                       : s->integer ? (double)info->default_value.integer
                                    : info->default_value.number;
        s->default_number = share(value, info->min, info->max);
        s->unit = info->unit != NULL && info->unit[0] != '\0' ? info->unit : NULL;
        if (info->min == 0 && info->max == 1 && !s->integer) {
            s->explanation = joined(doc, "", ""); /* frei0r's range is the param's own */
        } else {
            char *range = format_number(s->integer ? " 0 to 1 stands for %.17g to %.17g%s, rounded." : " 0 to 1 stands for %.17g to %.17g%s.",
                                        info->min, info->max, unit);
            if (range == NULL) return 0;
            s->explanation = joined(doc, range, "");
            free(range);
        }
        break;
    }
    case EFFECT_TYPE_BOOL:
        s = add(adapter, info->name, "", F0R_PARAM_BOOL, SLOT_BOOL, index);
        s->default_number = !unset && info->default_value.integer != 0;
        s->explanation = joined(doc, "", "");
        break;
    case EFFECT_TYPE_ENUM: {
        s = add(adapter, info->name, "", F0R_PARAM_STRING, SLOT_CHOICE, index);
        s->default_text = unset ? "" : info->default_value.string;
        s->choices = info->choices;
        s->choice_count = info->choice_count;
        size_t length = strlen(doc) + 16;
        for (uint32_t i = 0; i < info->choice_count; i++) length += strlen(info->choices[i]) + 2;
        s->explanation = malloc(length);
        if (s->explanation == NULL) return 0;
        snprintf(s->explanation, length, "%s One of:", doc);
        for (uint32_t i = 0; i < info->choice_count; i++) {
            strcat(s->explanation, i == 0 ? " " : ", ");
            strcat(s->explanation, info->choices[i]);
        }
        strcat(s->explanation, ".");
        break;
    }
    case EFFECT_TYPE_STRING:
        s = add(adapter, info->name, "", F0R_PARAM_STRING, SLOT_TEXT, index);
        s->default_text = unset ? "" : info->default_value.string;
        s->explanation = joined(doc, "", "");
        break;
    case EFFECT_TYPE_COLOR: {
        uint32_t rgba = unset ? 0x000000FFu : (uint32_t)info->default_value.integer;
        s = add(adapter, info->name, "", F0R_PARAM_COLOR, SLOT_COLOR, index);
        s->default_color.r = (float)((rgba >> 24) & 255) / 255.0f;
        s->default_color.g = (float)((rgba >> 16) & 255) / 255.0f;
        s->default_color.b = (float)((rgba >> 8) & 255) / 255.0f;
        if (asprintf(&s->explanation, "%s Its opacity is %s_alpha.", doc, info->name) < 0) return 0;
        s = add(adapter, info->name, "_alpha", F0R_PARAM_DOUBLE, SLOT_ALPHA, index);
        s->default_number = (double)(rgba & 255) / 255.0;
        s->explanation = joined("The opacity of ", info->name, ", 0 to 1.");
        break;
    }
    default:
        return 1; /* a type this adapter does not know stays at its default */
    }
    if (s->explanation == NULL) return 0;
    if (optional) {
        slot *is_set = add(adapter, info->name, "_set", F0R_PARAM_BOOL, SLOT_IS_SET, index);
        is_set->default_number = !unset;
        is_set->explanation = joined("Whether ", info->name, " is set; off leaves it unset.");
        if (is_set->explanation == NULL) return 0;
    }
    /* A live param may change at any frame (a host's keyframes); the rest
     * make the effect anew. The slots of one param share it. */
    for (int i = 0; i < adapter->slot_count; i++)
        if (adapter->slots[i].param == index) adapter->slots[i].live = (info->flags & EFFECT_PARAM_LIVE) != 0;
    return 1;
}

int slots_build(adapter *adapter, const effect_host_plugin *plugin, uint32_t effect) {
    effect_error error = {sizeof error, 0, {0}};
    effect_info info;
    memset(&info, 0, sizeof info);
    info.struct_size = sizeof info;
    if (effect_host_plugin_effect(plugin, effect, &info, &error) != EFFECT_OK) return 0;
    /* At most three slots a param (value, alpha or set), and the adapter's own. */
    size_t capacity = (size_t)info.param_count * 3 + sizeof own_slots / sizeof own_slots[0];
    adapter->slots = calloc(capacity, sizeof(slot));
    if (adapter->slots == NULL) return 0;
    for (uint32_t i = 0; i < info.param_count; i++) {
        effect_param_info param;
        memset(&param, 0, sizeof param);
        param.struct_size = sizeof param;
        if (effect_host_plugin_param(plugin, effect, i, &param, &error) != EFFECT_OK) return 0;
        if (!add_effect_param(adapter, &param, (int)i)) return 0;
    }
    int effect_slots = adapter->slot_count;
    for (size_t i = 0; i < sizeof own_slots / sizeof own_slots[0]; i++) {
        const own_slot *own = &own_slots[i];
        slot *s = add(adapter, has_param(adapter, effect_slots, own->name) ? "frame_" : "", own->name, own->type, own->role, -1);
        s->min = own->min;
        s->max = own->max;
        s->default_number = own->role == SLOT_WRAP_WIDTH ? share(own->default_number, own->min, own->max) : own->default_number;
        s->default_text = own->default_text;
        s->unit = own->unit;
        s->choices = own->choices;
        s->choice_count = own->choice_count;
        s->explanation = strdup(own->explanation);
        if (s->explanation == NULL) return 0;
    }
    return 1;
}

int slots_defaults(const adapter *adapter, slot_value *values) {
    for (int i = 0; i < adapter->slot_count; i++) {
        const slot *s = &adapter->slots[i];
        if (s->type == F0R_PARAM_STRING) {
            values[i].text = strdup(s->default_text != NULL ? s->default_text : "");
            if (values[i].text == NULL) return 0;
        } else if (s->type == F0R_PARAM_COLOR) {
            values[i].color = s->default_color;
        } else {
            values[i].number = s->default_number;
        }
    }
    return 1;
}

void slots_free(const adapter *adapter, slot_value *values) {
    for (int i = 0; i < adapter->slot_count; i++)
        if (adapter->slots[i].type == F0R_PARAM_STRING) free(values[i].text);
}

/* Hosts pass anything a user typed: NaN is ignored, the rest kept in
 * frei0r's [0, 1]. */
static double clamped(double x, double previous) {
    if (isnan(x)) return previous;
    return x < 0 ? 0 : x > 1 ? 1 : x;
}

int slot_set(const adapter *adapter, slot_value *values, int index, const void *param) {
    const slot *s = &adapter->slots[index];
    slot_value *value = &values[index];
    switch (s->type) {
    case F0R_PARAM_BOOL: {
        double on = *(const f0r_param_bool *)param >= 0.5;
        if (isnan(*(const f0r_param_bool *)param) || on == value->number) return 0;
        value->number = on;
        return 1;
    }
    case F0R_PARAM_DOUBLE: {
        double x = clamped(*(const f0r_param_double *)param, value->number);
        if (x == value->number) return 0;
        value->number = x;
        return 1;
    }
    case F0R_PARAM_COLOR: {
        f0r_param_color_t color = *(const f0r_param_color_t *)param;
        color.r = (float)clamped(color.r, value->color.r);
        color.g = (float)clamped(color.g, value->color.g);
        color.b = (float)clamped(color.b, value->color.b);
        if (memcmp(&color, &value->color, sizeof color) == 0) return 0;
        value->color = color;
        return 1;
    }
    case F0R_PARAM_STRING: {
        const char *text = *(const f0r_param_string *)param;
        if (text == NULL) text = "";
        if (strcmp(text, value->text) == 0) return 0;
        char *copy = strdup(text);
        if (copy == NULL) return 0;
        free(value->text);
        value->text = copy;
        return 1;
    }
    default:
        return 0;
    }
}

void slot_get(const adapter *adapter, const slot_value *values, int index, void *param) {
    switch (adapter->slots[index].type) {
    case F0R_PARAM_BOOL:
    case F0R_PARAM_DOUBLE: *(double *)param = values[index].number; break;
    case F0R_PARAM_COLOR: *(f0r_param_color_t *)param = values[index].color; break;
    case F0R_PARAM_STRING: *(f0r_param_string *)param = values[index].text; break;
    default: break;
    }
}

int slot_offers(const slot *s, const char *text) {
    for (uint32_t i = 0; i < s->choice_count; i++)
        if (strcmp(s->choices[i], text) == 0) return 1;
    return 0;
}

int slot_number_text(char *out, size_t size, double x) { return snprintf(out, size, "%g", x); }

/* MLT keeps a double it was given (Kdenlive sets every param of a new
 * generator so, from its XML's default) as "%g" in the project it saves:
 * the default read back from there is still the default. */
static int is_default_number(double value, double default_number) {
    char text[64];
    slot_number_text(text, sizeof text, default_number);
    return value == default_number || value == strtod(text, NULL);
}

int slot_is_default(const slot *s, const slot_value *value) {
    switch (s->type) {
    case F0R_PARAM_STRING: return strcmp(value->text, s->default_text != NULL ? s->default_text : "") == 0;
    case F0R_PARAM_COLOR: return memcmp(&value->color, &s->default_color, sizeof value->color) == 0;
    default: return is_default_number(value->number, s->default_number);
    }
}

static unsigned channel(float x) { return (unsigned)lround((double)x * 255.0); }

int slot_effect_value(const adapter *adapter, const slot_value *values, int index, effect_value *out) {
    const slot *s = &adapter->slots[index];
    memset(out, 0, sizeof *out);
    for (int i = index + 1; i < adapter->slot_count && adapter->slots[i].param == s->param; i++)
        if (adapter->slots[i].role == SLOT_IS_SET && values[i].number < 0.5) return 0;
    switch (s->role) {
    case SLOT_NUMBER: {
        double value = s->min + values[index].number * (s->max - s->min);
        if (s->integer) {
            out->type = EFFECT_TYPE_INTEGER;
            out->integer = llround(value);
        } else {
            out->type = EFFECT_TYPE_NUMBER;
            out->number = value < s->min ? s->min : value > s->max ? s->max : value;
        }
        return 1;
    }
    case SLOT_BOOL:
        out->type = EFFECT_TYPE_BOOL;
        out->integer = values[index].number >= 0.5;
        return 1;
    case SLOT_CHOICE:
        out->type = EFFECT_TYPE_ENUM;
        out->string = values[index].text;
        return 1;
    case SLOT_TEXT:
        out->type = EFFECT_TYPE_STRING;
        out->string = values[index].text;
        return 1;
    case SLOT_COLOR: {
        f0r_param_color_t c = values[index].color;
        unsigned alpha = (unsigned)lround(values[index + 1].number * 255.0);
        out->type = EFFECT_TYPE_COLOR;
        out->integer = (int64_t)((uint32_t)channel(c.r) << 24 | channel(c.g) << 16 | channel(c.b) << 8 | alpha);
        return 1;
    }
    default:
        return 0;
    }
}
