/*
 * properties.c: an effect's params, and the look it is drawn in, as typed
 * GObject properties.
 *
 * Everything comes from the effect's metadata as the host library checked
 * it (effect_host_plugin_param): names, types, ranges, units, choices,
 * docs and defaults; nothing here names an effect. A NUMBER is a double in
 * the param's own unit and range, an INTEGER an int64, a BOOL a boolean, an
 * ENUM a GEnum registered from its choices, a STRING a string, and a COLOR
 * a uint 0xAARRGGBB (textoverlay's convention). An optional param has a
 * companion boolean `NAME-set`: setting the value sets it, and clearing
 * it hands the effect "unset" again.
 *
 * A live param is controllable (GstController drives it) and may change
 * while playing: the next frame makes the change an event at its time. A
 * param the effect is made from (not live) is changeable only in NULL or
 * READY, as GStreamer marks such properties.
 */
#include "effect_gst.h"

#include <math.h>
#include <string.h>

enum {
    PROP_APPEARANCE = EFFECT_GST_FIRST_PARAM_PROPERTY,
    PROP_FONT,
    PROP_WRAP_WIDTH,
    PROP_PARAM0 /* then two ids per param: its value and its "-set" */
};

#define SET_SUFFIX "-set"

GType effect_gst_appearance_get_type(void) {
    static GType type = 0;
    static const GEnumValue values[] = {
        {EFFECT_APPEARANCE_LIGHT, "light: dark ink for a light ground", "light"},
        {EFFECT_APPEARANCE_DARK, "dark: light ink for a dark ground", "dark"},
        {0, NULL, NULL},
    };
    if (g_once_init_enter(&type)) g_once_init_leave(&type, g_enum_register_static("EffectHostAppearance", values));
    return type;
}

static guint value_id(uint32_t param) { return PROP_PARAM0 + 2u * param; }

/* "One line." with its unit, for gst-inspect. */
static char *blurb_of(const effect_param_info *info) {
    if (info->unit[0] == 0) return g_strdup(info->doc);
    return g_strdup_printf("%s (in %s)", info->doc, info->unit);
}

static char *nick_of(const char *name) {
    char *nick = g_strdup(name);
    for (char *c = nick; *c; c++)
        if (*c == '_' || *c == '-') *c = ' ';
    nick[0] = g_ascii_toupper(nick[0]);
    return nick;
}

/* Param i as a GParamSpec; an optional param unset by default rests at its
 * minimum (its "-set" says it is unset). */
static GParamSpec *spec_of(const effect_gst_type *type, uint32_t i, GParamFlags flags) {
    const effect_param_info *info = &type->params[i];
    const effect_value *v = &info->default_value;
    int unset = v->type == EFFECT_TYPE_NONE;
    const char *name = type->property_names[i];
    char *nick = nick_of(info->name), *blurb = blurb_of(info);
    GParamSpec *spec = NULL;
    switch (info->type) {
    case EFFECT_TYPE_NUMBER:
        spec = g_param_spec_double(name, nick, blurb, info->min, info->max, unset ? info->min : v->number, flags);
        break;
    case EFFECT_TYPE_INTEGER:
        spec = g_param_spec_int64(name, nick, blurb, (gint64)info->min, (gint64)info->max,
                                  unset ? (gint64)info->min : v->integer, flags);
        break;
    case EFFECT_TYPE_BOOL: spec = g_param_spec_boolean(name, nick, blurb, !unset && v->integer != 0, flags); break;
    case EFFECT_TYPE_ENUM:
        spec = g_param_spec_enum(name, nick, blurb, type->enums[i], unset ? 0 : (gint)v->integer, flags);
        break;
    case EFFECT_TYPE_STRING: spec = g_param_spec_string(name, nick, blurb, unset ? NULL : v->string, flags); break;
    case EFFECT_TYPE_COLOR: {
        char *with_format = g_strdup_printf("%s (0xAARRGGBB)", blurb);
        spec = g_param_spec_uint(name, nick, with_format, 0, G_MAXUINT32,
                                 unset ? 0u : effect_gst_color_to_argb((uint32_t)v->integer), flags);
        g_free(with_format);
        break;
    }
    default: break;
    }
    g_free(nick);
    g_free(blurb);
    return spec;
}

void effect_gst_install_properties(GObjectClass *klass, effect_gst_type *type) {
    const GParamFlags rw = G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS;
    g_object_class_install_property(
        klass, PROP_APPEARANCE,
        g_param_spec_enum("appearance", "Appearance", "The look the effect is drawn in: its colours for a light or a dark ground",
                          effect_gst_appearance_get_type(), EFFECT_APPEARANCE_LIGHT, rw | GST_PARAM_MUTABLE_PLAYING));
    g_object_class_install_property(
        klass, PROP_FONT,
        g_param_spec_string("font", "Font",
                            "A font family, a font file (a path, or a name ending in .ttf, .otf, .ttc or .otc), or "
                            "\"reference\"; unset: Inter, with fontconfig's fallbacks for other scripts",
                            NULL, rw | GST_PARAM_MUTABLE_PLAYING));
    g_object_class_install_property(
        klass, PROP_WRAP_WIDTH,
        g_param_spec_double("wrap-width", "Wrap width",
                            "The width offered to the effect's view, in points: text wraps to it (effect-host render's "
                            "--width)",
                            EFFECT_HOST_LOOK_WIDTH_MIN, EFFECT_HOST_LOOK_WIDTH_MAX, EFFECT_HOST_LOOK_WIDTH_DEFAULT,
                            rw | GST_PARAM_MUTABLE_PLAYING));
    for (uint32_t i = 0; i < type->param_count; i++) {
        const effect_param_info *info = &type->params[i];
        int live = (info->flags & EFFECT_PARAM_LIVE) != 0;
        /* The nick and blurb are made here and copied by GLib. */
        GParamFlags flags = G_PARAM_READWRITE | G_PARAM_STATIC_NAME |
                            (live ? GST_PARAM_CONTROLLABLE | GST_PARAM_MUTABLE_PLAYING : GST_PARAM_MUTABLE_READY);
        GParamSpec *spec = spec_of(type, i, flags);
        if (spec == NULL) continue;
        g_object_class_install_property(klass, value_id(i), spec);
        if (info->flags & EFFECT_PARAM_OPTIONAL) {
            char *set_name = g_strdup_printf("%s" SET_SUFFIX, type->property_names[i]);
            char *nick = nick_of(info->name), *set_nick = g_strdup_printf("%s set", nick);
            g_free(nick);
            char *blurb = g_strdup_printf("Whether %s is set: unset, the effect decides it", type->property_names[i]);
            g_object_class_install_property(klass, value_id(i) + 1,
                                            g_param_spec_boolean(set_name, set_nick, blurb,
                                                                 info->default_value.type != EFFECT_TYPE_NONE,
                                                                 flags & ~G_PARAM_STATIC_NAME));
            g_free(set_name);
            g_free(set_nick);
            g_free(blurb);
        }
    }
}

static void value_drop(effect_value *value) {
    if (value->type == EFFECT_TYPE_STRING || value->type == EFFECT_TYPE_ENUM) g_free((char *)value->string);
    memset(value, 0, sizeof *value);
}

static void value_keep(effect_value *to, const effect_value *from) {
    *to = *from;
    if ((from->type == EFFECT_TYPE_STRING || from->type == EFFECT_TYPE_ENUM) && from->string != NULL)
        to->string = g_strdup(from->string);
}

void effect_gst_values_free(const effect_gst_type *type, effect_gst_values *values) {
    for (uint32_t i = 0; values->values != NULL && i < type->param_count; i++) value_drop(&values->values[i]);
    g_free(values->values);
    g_free(values->given);
    memset(values, 0, sizeof *values);
}

void effect_gst_values_copy(const effect_gst_type *type, effect_gst_values *to, const effect_gst_values *from) {
    effect_gst_values_free(type, to);
    to->values = g_new0(effect_value, type->param_count + 1);
    to->given = g_new0(gboolean, type->param_count + 1);
    for (uint32_t i = 0; i < type->param_count; i++) {
        value_keep(&to->values[i], &from->values[i]);
        to->given[i] = from->given[i];
    }
}

void effect_gst_values_get(const effect_gst_values *values, uint32_t i, effect_value *out) {
    value_keep(out, &values->values[i]);
}

void effect_gst_effect_init(effect_gst_effect *effect, const effect_gst_type *type) {
    memset(effect, 0, sizeof *effect);
    effect->type = type;
    effect->props.values = g_new0(effect_value, type->param_count + 1);
    effect->props.given = g_new0(gboolean, type->param_count + 1);
    for (uint32_t i = 0; i < type->param_count; i++) {
        const effect_param_info *info = &type->params[i];
        value_keep(&effect->props.values[i], &info->default_value);
        if (info->default_value.type == EFFECT_TYPE_NONE) effect->props.values[i].type = info->type;
        if (info->type == EFFECT_TYPE_STRING && effect->props.values[i].string == NULL)
            effect->props.values[i].string = g_strdup("");
        /* An optional param set by default is given: its "-set" reads TRUE. */
        effect->props.given[i] = (info->flags & EFFECT_PARAM_OPTIONAL) && info->default_value.type != EFFECT_TYPE_NONE;
    }
    effect->look.appearance = EFFECT_APPEARANCE_LIGHT;
    effect->look.wrap_width = EFFECT_HOST_LOOK_WIDTH_DEFAULT;
}


void effect_gst_effect_clear(effect_gst_effect *effect) {
    effect_gst_effect_stop(effect);
    effect_gst_values_free(effect->type, &effect->props);
    g_free(effect->look.font);
    memset(effect, 0, sizeof *effect);
}

/* The param behind property `id`, and whether `id` is its "-set". */
static int param_of(const effect_gst_type *type, guint id, uint32_t *param, int *is_set) {
    if (id < PROP_PARAM0) return 0;
    *param = (id - PROP_PARAM0) / 2;
    *is_set = (id - PROP_PARAM0) % 2;
    return *param < type->param_count;
}

void effect_gst_value_from_gvalue(const effect_gst_type *type, uint32_t i, const GValue *value, effect_value *out) {
    memset(out, 0, sizeof *out);
    out->type = type->params[i].type;
    switch (out->type) {
    case EFFECT_TYPE_NUMBER: out->number = g_value_get_double(value); break;
    case EFFECT_TYPE_INTEGER: out->integer = g_value_get_int64(value); break;
    case EFFECT_TYPE_BOOL: out->integer = g_value_get_boolean(value) ? 1 : 0; break;
    case EFFECT_TYPE_ENUM:
        out->integer = g_value_get_enum(value);
        out->string = g_strdup(type->params[i].choices[out->integer]);
        break;
    case EFFECT_TYPE_STRING:
        /* NULL text is no text: the effect's STRING is never NULL. */
        out->string = g_value_dup_string(value);
        if (out->string == NULL) out->string = g_strdup("");
        break;
    case EFFECT_TYPE_COLOR: out->integer = effect_gst_color_from_argb(g_value_get_uint(value)); break;
    default: break;
    }
}

void effect_gst_value_free(effect_value *value) { value_drop(value); }

gboolean effect_gst_set_property(GstElement *element, effect_gst_effect *effect, guint id, const GValue *value,
                                 GParamSpec *spec) {
    const effect_gst_type *type = effect->type;
    GST_OBJECT_LOCK(element);
    gboolean handled = TRUE;
    uint32_t i;
    int is_set;
    switch (id) {
    case PROP_APPEARANCE:
        effect->look.appearance = (uint32_t)g_value_get_enum(value);
        effect->look_changed = TRUE;
        break;
    case PROP_FONT:
        g_free(effect->look.font);
        effect->look.font = g_value_dup_string(value);
        effect->look_changed = TRUE;
        break;
    case PROP_WRAP_WIDTH:
        effect->look.wrap_width = g_value_get_double(value);
        effect->look_changed = TRUE;
        break;
    default:
        if (!param_of(type, id, &i, &is_set)) {
            handled = FALSE;
            break;
        }
        if ((spec->flags & GST_PARAM_MUTABLE_READY) && GST_STATE(element) > GST_STATE_READY) {
            GST_OBJECT_UNLOCK(element);
            g_warning("%s: '%s' is what the effect is made from: it can be changed only in the NULL or READY state",
                      GST_OBJECT_NAME(element), spec->name);
            return TRUE;
        }
        if (is_set) {
            effect->props.given[i] = g_value_get_boolean(value);
            break;
        }
        value_drop(&effect->props.values[i]);
        effect_gst_value_from_gvalue(type, i, value, &effect->props.values[i]);
        effect->props.given[i] = TRUE;
        break;
    }
    GST_OBJECT_UNLOCK(element);
    return handled;
}

gboolean effect_gst_get_property(GstElement *element, effect_gst_effect *effect, guint id, GValue *value) {
    const effect_gst_type *type = effect->type;
    GST_OBJECT_LOCK(element);
    gboolean handled = TRUE;
    uint32_t i;
    int is_set;
    switch (id) {
    case PROP_APPEARANCE: g_value_set_enum(value, (gint)effect->look.appearance); break;
    case PROP_FONT: g_value_set_string(value, effect->look.font); break;
    case PROP_WRAP_WIDTH: g_value_set_double(value, effect->look.wrap_width); break;
    default:
        if (!param_of(type, id, &i, &is_set)) {
            handled = FALSE;
            break;
        }
        if (is_set) {
            g_value_set_boolean(value, effect->props.given[i]);
            break;
        }
        const effect_value *v = &effect->props.values[i];
        switch (type->params[i].type) {
        case EFFECT_TYPE_NUMBER: g_value_set_double(value, v->number); break;
        case EFFECT_TYPE_INTEGER: g_value_set_int64(value, v->integer); break;
        case EFFECT_TYPE_BOOL: g_value_set_boolean(value, v->integer != 0); break;
        case EFFECT_TYPE_ENUM: g_value_set_enum(value, (gint)v->integer); break;
        case EFFECT_TYPE_STRING: g_value_set_string(value, v->string); break;
        case EFFECT_TYPE_COLOR: g_value_set_uint(value, effect_gst_color_to_argb((uint32_t)v->integer)); break;
        default: break;
        }
        break;
    }
    GST_OBJECT_UNLOCK(element);
    return handled;
}
