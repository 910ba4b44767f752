/*
 * effect.c: an element's effect on the streaming thread: the instance its
 * properties make, the live changes as events on the stream's timeline,
 * and the picture that draws it.
 *
 * The instance is made from the params the user set when the first frame
 * is drawn after a start. From then on a live param whose property
 * changed (set by the application, or by a GstController at the frame's
 * stream time) becomes an event at the time of the frame that sees the
 * change. The events stay on the stream's timeline: a seek back shows the
 * effect as it was then and plays them again. A change made after seeking
 * back is an edit of that history (effect_host_instance_edit_param: the
 * events after it are dropped, as an editor drops its redo stack), the
 * rule the OBS source follows too.
 */
#include "effect_gst.h"

#include <string.h>

static int same_value(const effect_value *a, const effect_value *b) {
    if (a->type != b->type) return 0;
    switch (a->type) {
    case EFFECT_TYPE_NUMBER: return a->number == b->number;
    case EFFECT_TYPE_STRING:
    case EFFECT_TYPE_ENUM: return g_strcmp0(a->string, b->string) == 0;
    default: return a->integer == b->integer;
    }
}

/* Says once, on the bus, why the effect cannot be drawn; no frame is drawn
 * until the element starts again. */
static void fail(GstElement *element, effect_gst_effect *effect, const char *what, const effect_error *error) {
    effect->failed = TRUE;
    GST_ELEMENT_ERROR(element, LIBRARY, SETTINGS, ("%s: %s", what, error->message), ("effect '%s'", effect->type->effect_id));
}

static effect_host_instance *make_instance(const effect_gst_type *type, const effect_gst_values *values,
                                           effect_error *error) {
    effect_param_setting *settings = g_new0(effect_param_setting, type->param_count + 1);
    uint32_t count = 0;
    for (uint32_t i = 0; i < type->param_count; i++)
        if (values->given[i]) {
            settings[count].name = type->params[i].name;
            settings[count].value = values->values[i];
            count++;
        }
    effect_host_instance *instance = NULL;
    if (effect_host_instance_create(type->plugin, type->effect_id, settings, count, &instance, error) != EFFECT_OK)
        instance = NULL;
    g_free(settings);
    return instance;
}

/* The live params changed since the instance last heard, as events at t.
 * Returns how many; a refused one is a warning, and the effect keeps its
 * value. */
static int apply_changes(GstElement *element, effect_gst_effect *effect, const effect_gst_values *now, double t) {
    const effect_gst_type *type = effect->type;
    int events = 0;
    for (uint32_t i = 0; i < type->param_count; i++) {
        const effect_param_info *info = &type->params[i];
        if (!(info->flags & EFFECT_PARAM_LIVE)) continue;
        if (now->given[i] == effect->applied.given[i] &&
            (!now->given[i] || same_value(&now->values[i], &effect->applied.values[i])))
            continue;
        /* An optional param unset again is NONE, its unset default. */
        const effect_value *value = now->given[i] ? &now->values[i] : &info->default_value;
        effect_error error = {sizeof error, 0, {0}};
        if (effect_host_instance_edit_param(effect->instance, info->name, value, t, &error) == EFFECT_OK) {
            events++;
            GST_DEBUG_OBJECT(element, "%s changed at %.6f s", info->name, t);
        } else {
            GST_ELEMENT_WARNING(element, LIBRARY, SETTINGS, ("'%s' not changed: %s", type->property_names[i], error.message),
                                ("at %.6f s", t));
        }
    }
    return events;
}

static void say_notes(GstElement *element, effect_gst_effect *effect) {
    const char *notes = effect_host_instance_notes(effect->instance);
    if (notes != NULL) GST_ELEMENT_INFO(element, LIBRARY, SETTINGS, ("%s", notes), (NULL));
    const char *font = effect_host_picture_font_note(effect->picture);
    if (font != NULL) GST_ELEMENT_WARNING(element, LIBRARY, SETTINGS, ("%s", font), (NULL));
    const char *missing = effect_host_picture_missing_characters(effect->picture);
    if (missing != NULL) GST_ELEMENT_WARNING(element, LIBRARY, SETTINGS, ("%s", missing), (NULL));
}

effect_host_picture *effect_gst_effect_at(GstElement *element, effect_gst_effect *effect, double t) {
    if (effect->failed) return NULL;
    const effect_gst_type *type = effect->type;
    effect_gst_values now = {0};
    effect_host_look look = {sizeof look, 0, 0, NULL, 0, 0};
    GST_OBJECT_LOCK(element);
    effect_gst_values_copy(type, &now, &effect->props);
    gboolean restyle = effect->look_changed;
    effect->look_changed = FALSE;
    look.appearance = effect->look.appearance;
    look.width = effect->look.wrap_width;
    look.ground = effect->look.ground;
    look.ground_color = effect->look.ground_color;
    char *font = g_strdup(effect->look.font);
    GST_OBJECT_UNLOCK(element);
    look.font = font;

    effect_error error = {sizeof error, 0, {0}};
    int redraw = restyle || effect->picture == NULL, fresh = restyle;
    if (effect->instance == NULL) {
        effect->instance = make_instance(type, &now, &error);
        if (effect->instance == NULL) fail(element, effect, "cannot make the effect", &error);
        redraw = fresh = 1;
    } else if (apply_changes(element, effect, &now, t) > 0) {
        redraw = 1; /* an event may move the ink beyond the picture's canvas */
    }
    if (effect->instance != NULL) effect_gst_values_copy(type, &effect->applied, &now);
    effect_gst_values_free(type, &now);

    if (effect->instance != NULL && redraw) {
        effect_host_picture_free(effect->picture);
        effect->picture = NULL;
        if (effect_host_picture_create(effect->instance, &look, &effect->picture, &error) != EFFECT_OK) {
            effect->picture = NULL;
            fail(element, effect, "cannot draw the effect", &error);
        } else if (fresh) {
            say_notes(element, effect);
        }
    }
    g_free(font);
    return effect->failed ? NULL : effect->picture;
}

void effect_gst_effect_stop(effect_gst_effect *effect) {
    effect_host_picture_free(effect->picture);
    effect_host_instance_free(effect->instance);
    effect->picture = NULL;
    effect->instance = NULL;
    effect->failed = FALSE;
    if (effect->type != NULL) effect_gst_values_free(effect->type, &effect->applied);
}
