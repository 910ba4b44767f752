/*
 * properties.c: an effect's params as OBS properties and settings.
 *
 * Everything here is read from the effect's metadata as the host library
 * checked it (effect_host_plugin_param): names, types, ranges, units,
 * choices, docs and defaults. Nothing names an effect. A param the user
 * has not set is not handed to the effect at all, so the effect takes its
 * own default, which may follow the appearance (a text colour that is
 * dark on light and light on dark).
 */
#include "effect_obs.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

uint32_t effect_obs_color_from_obs(long long abgr) {
    uint32_t c = (uint32_t)abgr;
    return ((c & 0xffu) << 24) | (((c >> 8) & 0xffu) << 16) | (((c >> 16) & 0xffu) << 8) | (c >> 24);
}

long long effect_obs_color_to_obs(uint32_t rgba) {
    return (long long)(((rgba & 0xffu) << 24) | (((rgba >> 8) & 0xffu) << 16) | (((rgba >> 16) & 0xffu) << 8) |
                       (rgba >> 24));
}

char *effect_obs_label(const char *name) {
    char *label = bstrdup(name);
    for (char *c = label; *c; c++)
        if (*c == '_' || *c == '-') *c = ' ';
    if (label[0] >= 'a' && label[0] <= 'z') label[0] = (char)(label[0] - 'a' + 'A');
    return label;
}

int effect_obs_param(const effect_type *type, uint32_t index, effect_param_info *info) {
    memset(info, 0, sizeof *info);
    info->struct_size = sizeof *info;
    return effect_host_plugin_param(type->plugin, type->effect_index, index, info, NULL) == EFFECT_OK;
}

static void set_key(char *key, size_t size, const char *name) { snprintf(key, size, "%s" SET_SUFFIX, name); }

/* The value a param's OBS property holds when the effect's default is
 * "unset": where its slider rests until the box is ticked. */
static void default_of(const effect_param_info *info, obs_data_t *settings) {
    const effect_value *v = &info->default_value;
    switch (info->type) {
    case EFFECT_TYPE_NUMBER:
        obs_data_set_default_double(settings, info->name, v->type == EFFECT_TYPE_NONE ? info->min : v->number);
        break;
    case EFFECT_TYPE_INTEGER:
        obs_data_set_default_int(settings, info->name, v->type == EFFECT_TYPE_NONE ? (long long)info->min : v->integer);
        break;
    case EFFECT_TYPE_BOOL: obs_data_set_default_bool(settings, info->name, v->type != EFFECT_TYPE_NONE && v->integer); break;
    case EFFECT_TYPE_ENUM:
        obs_data_set_default_string(settings, info->name,
                                    v->type == EFFECT_TYPE_NONE ? info->choices[0] : v->string);
        break;
    case EFFECT_TYPE_STRING:
        obs_data_set_default_string(settings, info->name, v->type == EFFECT_TYPE_NONE ? "" : v->string);
        break;
    case EFFECT_TYPE_COLOR:
        obs_data_set_default_int(settings, info->name,
                                 effect_obs_color_to_obs(v->type == EFFECT_TYPE_NONE ? 0u : (uint32_t)v->integer));
        break;
    default: break;
    }
}

void effect_obs_defaults(void *type_data, obs_data_t *settings) {
    const effect_type *type = type_data;
    if (type->plugin != NULL) {
        for (uint32_t i = 0; i < type->param_count; i++) {
            effect_param_info info;
            if (!effect_obs_param(type, i, &info)) continue;
            default_of(&info, settings);
            if (info.flags & EFFECT_PARAM_OPTIONAL) {
                char key[300];
                set_key(key, sizeof key, info.name);
                obs_data_set_default_bool(settings, key, info.default_value.type != EFFECT_TYPE_NONE);
            }
        }
    }
    obs_data_set_default_string(settings, KEY_THEME, "light");
    obs_data_set_default_string(settings, KEY_FONT, "");
    /* The look's defaults are render's: `effect-host render` draws the same
     * picture at the same size with none of them given. */
    obs_data_set_default_double(settings, KEY_SCALE, EFFECT_HOST_SCALE_DEFAULT);
    obs_data_set_default_double(settings, KEY_WIDTH, EFFECT_HOST_LOOK_WIDTH_DEFAULT);
    obs_data_set_default_bool(settings, KEY_RESTART, true);
}

static const char *type_words(uint32_t type) {
    switch (type) {
    case EFFECT_TYPE_NUMBER: return "a number";
    case EFFECT_TYPE_INTEGER: return "a whole number";
    case EFFECT_TYPE_BOOL: return "true or false";
    case EFFECT_TYPE_COLOR: return "a colour (OBS's 0xAABBGGRR number)";
    default: return "text";
    }
}

static enum obs_data_type obs_type_of(uint32_t type) {
    switch (type) {
    case EFFECT_TYPE_NUMBER:
    case EFFECT_TYPE_INTEGER:
    case EFFECT_TYPE_COLOR: return OBS_DATA_NUMBER;
    case EFFECT_TYPE_BOOL: return OBS_DATA_BOOLEAN;
    default: return OBS_DATA_STRING;
    }
}

/* Whether the user's value under `key` is of OBS's type for the param (a
 * program such as obs-websocket can set any JSON); a problem is written
 * into `problem`. */
static int well_typed(obs_data_t *settings, const char *key, uint32_t type, char *problem, size_t size) {
    obs_data_item_t *item = obs_data_item_byname(settings, key);
    int ok = item == NULL || !obs_data_item_has_user_value(item) || obs_data_item_gettype(item) == obs_type_of(type);
    if (!ok) {
        char given[120];
        switch (obs_data_item_gettype(item)) {
        case OBS_DATA_STRING: snprintf(given, sizeof given, "the text '%.80s'", obs_data_item_get_string(item)); break;
        case OBS_DATA_NUMBER: snprintf(given, sizeof given, "the number %g", obs_data_item_get_double(item)); break;
        case OBS_DATA_BOOLEAN: snprintf(given, sizeof given, "%s", obs_data_item_get_bool(item) ? "true" : "false"); break;
        default: snprintf(given, sizeof given, "an object or a list"); break;
        }
        snprintf(problem, size, "setting '%s' is %s, not %s: the effect's default is used", key, given, type_words(type));
    }
    obs_data_item_release(&item);
    return ok;
}

int effect_obs_param_value(const effect_type *type, obs_data_t *settings, uint32_t index, effect_value *value,
                           char *problem, size_t problem_size) {
    effect_param_info info;
    memset(value, 0, sizeof *value);
    if (type->plugin == NULL || !effect_obs_param(type, index, &info)) return 0;
    if (!well_typed(settings, info.name, info.type, problem, problem_size)) return -1;
    if (info.flags & EFFECT_PARAM_OPTIONAL) {
        char key[300];
        set_key(key, sizeof key, info.name);
        if (!well_typed(settings, key, EFFECT_TYPE_BOOL, problem, problem_size)) return -1;
        int set = obs_data_get_bool(settings, key);
        /* Unticked: unset, said outright only when the effect's default is a value. */
        if (!set) return info.default_value.type != EFFECT_TYPE_NONE;
        if (!obs_data_has_user_value(settings, key) && !obs_data_has_user_value(settings, info.name)) return 0;
    } else if (!obs_data_has_user_value(settings, info.name)) {
        return 0;
    }
    value->type = info.type;
    switch (info.type) {
    case EFFECT_TYPE_NUMBER: value->number = obs_data_get_double(settings, info.name); break;
    case EFFECT_TYPE_INTEGER: value->integer = obs_data_get_int(settings, info.name); break;
    case EFFECT_TYPE_BOOL: value->integer = obs_data_get_bool(settings, info.name) ? 1 : 0; break;
    case EFFECT_TYPE_COLOR:
        value->integer = (int64_t)effect_obs_color_from_obs(obs_data_get_int(settings, info.name));
        break;
    case EFFECT_TYPE_ENUM: {
        /* By its name; the index is the plugin's to find. */
        const char *name = obs_data_get_string(settings, info.name);
        value->string = name;
        value->integer = -1;
        for (uint32_t c = 0; c < info.choice_count; c++)
            if (strcmp(info.choices[c], name) == 0) value->integer = (int64_t)c;
        break;
    }
    case EFFECT_TYPE_STRING: value->string = obs_data_get_string(settings, info.name); break;
    default: return 0;
    }
    return 1;
}

void effect_obs_value_keep(effect_value *to, const effect_value *from) {
    *to = *from;
    if ((from->type == EFFECT_TYPE_STRING || from->type == EFFECT_TYPE_ENUM) && from->string != NULL)
        to->string = bstrdup(from->string);
}

void effect_obs_value_drop(effect_value *value) {
    if (value->type == EFFECT_TYPE_STRING || value->type == EFFECT_TYPE_ENUM) bfree((char *)value->string);
    memset(value, 0, sizeof *value);
}

int effect_obs_same_value(const effect_value *a, const effect_value *b) {
    if (a->type != b->type) return 0;
    switch (a->type) {
    case EFFECT_TYPE_NONE: return 1;
    case EFFECT_TYPE_NUMBER: return a->number == b->number;
    case EFFECT_TYPE_ENUM:
    case EFFECT_TYPE_STRING: return strcmp(a->string ? a->string : "", b->string ? b->string : "") == 0;
    default: return a->integer == b->integer;
    }
}

static int on_step(double x, double step) { return fabs(x / step - round(x / step)) < 1e-6; }

/* A slider's step: about a thousandth of the range, a power of ten, and
 * finer still until the minimum and the default sit on it. */
static double step_for(const effect_param_info *info) {
    double span = info->max - info->min;
    if (!(span > 0) || !isfinite(span)) return 1;
    double step = pow(10.0, floor(log10(span)) - 3.0);
    double fallback = info->default_value.type == EFFECT_TYPE_NUMBER ? info->default_value.number : info->min;
    while (step > 1e-6 && !(on_step(info->min, step) && on_step(fallback, step))) step /= 10;
    return step;
}

/* Shows an optional param's value only while its box is ticked. */
static bool optional_toggled(void *name, obs_properties_t *props, obs_property_t *box, obs_data_t *settings) {
    obs_property_t *value = obs_properties_get(props, name);
    if (value != NULL) obs_property_set_visible(value, obs_data_get_bool(settings, obs_property_name(box)));
    return true;
}

static void add_param(obs_properties_t *props, const effect_param_info *info) {
    char *label = effect_obs_label(info->name);
    char text[600];
    obs_property_t *p = NULL;
    if (info->flags & EFFECT_PARAM_OPTIONAL) {
        /* The box first, then the value it lets the user set. */
        char key[300];
        set_key(key, sizeof key, info->name);
        snprintf(text, sizeof text, "%s: %s", label, obs_module_text("SetOptional"));
        obs_property_t *box = obs_properties_add_bool(props, key, text);
        obs_property_set_long_description(box, obs_module_text("SetOptional.Description"));
        /* The name's storage is the plugin handle's, as long-lived as the type. */
        obs_property_set_modified_callback2(box, optional_toggled, (void *)info->name);
    }
    switch (info->type) {
    case EFFECT_TYPE_STRING:
        p = obs_properties_add_text(props, info->name, label,
                                    (info->flags & EFFECT_PARAM_MULTILINE) ? OBS_TEXT_MULTILINE : OBS_TEXT_DEFAULT);
        break;
    case EFFECT_TYPE_NUMBER:
        p = obs_properties_add_float_slider(props, info->name, label, info->min, info->max, step_for(info));
        if (info->unit[0]) {
            snprintf(text, sizeof text, " %s", info->unit);
            obs_property_float_set_suffix(p, text);
        }
        break;
    case EFFECT_TYPE_INTEGER: {
        int min = info->min < (double)INT_MIN ? INT_MIN : (int)info->min;
        int max = info->max > (double)INT_MAX ? INT_MAX : (int)info->max;
        /* A slider over billions cannot be moved one by one: a number field. */
        p = (double)max - min <= 10000 ? obs_properties_add_int_slider(props, info->name, label, min, max, 1)
                                       : obs_properties_add_int(props, info->name, label, min, max, 1);
        if (info->unit[0]) {
            snprintf(text, sizeof text, " %s", info->unit);
            obs_property_int_set_suffix(p, text);
        }
        break;
    }
    case EFFECT_TYPE_BOOL: p = obs_properties_add_bool(props, info->name, label); break;
    case EFFECT_TYPE_COLOR: p = obs_properties_add_color_alpha(props, info->name, label); break;
    case EFFECT_TYPE_ENUM:
        p = obs_properties_add_list(props, info->name, label, OBS_COMBO_TYPE_LIST, OBS_COMBO_FORMAT_STRING);
        for (uint32_t c = 0; c < info->choice_count; c++) {
            char *choice = effect_obs_label(info->choices[c]);
            obs_property_list_add_string(p, choice, info->choices[c]);
            bfree(choice);
        }
        break;
    default: break;
    }
    if (p != NULL && info->doc[0]) obs_property_set_long_description(p, info->doc);
    bfree(label);
}

static void add_look(obs_properties_t *props) {
    obs_properties_t *look = obs_properties_create();
    obs_property_t *p = obs_properties_add_list(look, KEY_THEME, obs_module_text("Theme"), OBS_COMBO_TYPE_LIST,
                                                OBS_COMBO_FORMAT_STRING);
    obs_property_list_add_string(p, obs_module_text("Theme.Light"), "light");
    obs_property_list_add_string(p, obs_module_text("Theme.Dark"), "dark");
    obs_property_set_long_description(p, obs_module_text("Theme.Description"));
    p = obs_properties_add_text(look, KEY_FONT, obs_module_text("Font"), OBS_TEXT_DEFAULT);
    obs_property_set_long_description(p, obs_module_text("Font.Description"));
    p = obs_properties_add_float_slider(look, KEY_SCALE, obs_module_text("Scale"), 0.25, 16.0, 0.05);
    obs_property_float_set_suffix(p, obs_module_text("Scale.Suffix"));
    obs_property_set_long_description(p, obs_module_text("Scale.Description"));
    p = obs_properties_add_float_slider(look, KEY_WIDTH, obs_module_text("WrapWidth"), 10.0, 10000.0, 1.0);
    obs_property_float_set_suffix(p, " pt");
    obs_property_set_long_description(p, obs_module_text("WrapWidth.Description"));
    obs_properties_add_group(props, "look", obs_module_text("Look"), OBS_GROUP_NORMAL, look);
}

static bool replay_clicked(obs_properties_t *props, obs_property_t *property, void *data) {
    (void)props;
    (void)property;
    if (data != NULL) effect_obs_replay(data);
    return false;
}

obs_properties_t *effect_obs_properties(void *data, void *type_data) {
    const effect_type *type = type_data;
    obs_properties_t *props = obs_properties_create();
    if (type->plugin == NULL) {
        obs_properties_add_text(props, "missing", type->missing, OBS_TEXT_INFO);
        return props;
    }
    for (uint32_t i = 0; i < type->param_count; i++) {
        effect_param_info info;
        if (effect_obs_param(type, i, &info)) add_param(props, &info);
    }
    add_look(props);
    obs_property_t *p = obs_properties_add_bool(props, KEY_RESTART, obs_module_text("RestartWhenShown"));
    obs_property_set_long_description(p, obs_module_text("RestartWhenShown.Description"));
    p = obs_properties_add_button2(props, KEY_REPLAY, obs_module_text("Replay"), replay_clicked, data);
    obs_property_set_long_description(p, obs_module_text("Replay.Description"));
    return props;
}
