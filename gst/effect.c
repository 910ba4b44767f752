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

#include <gst/controller/gsttimedvaluecontrolsource.h>
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

/* A live param's change, at the time it is set. */
typedef struct change {
    double t;
    uint32_t param;
    effect_value value; /* owned; NONE for an optional param unset */
} change;

static gint by_time(gconstpointer a, gconstpointer b) {
    const change *x = a, *y = b;
    if (x->t != y->t) return x->t < y->t ? -1 : 1;
    return x->param < y->param ? -1 : x->param > y->param;
}

/* The keyframes of the control source that drives `property`, or NULL
 * when none does (or its source is not a list of keyframes). */
static GstTimedValueControlSource *keyframes_of(GstElement *element, const char *property) {
    GstControlBinding *binding = gst_object_get_control_binding(GST_OBJECT(element), property);
    if (binding == NULL) return NULL;
    GstControlSource *source = NULL;
    if (g_object_class_find_property(G_OBJECT_GET_CLASS(binding), "control-source") != NULL)
        g_object_get(binding, "control-source", &source, NULL);
    gst_object_unref(binding);
    if (source != NULL && GST_IS_TIMED_VALUE_CONTROL_SOURCE(source)) return GST_TIMED_VALUE_CONTROL_SOURCE(source);
    if (source != NULL) gst_object_unref(source);
    return NULL;
}

/* Param i's value at stream time `time` as its control binding gives
 * it; FALSE when no binding drives it. */
static gboolean controlled_value(GstElement *element, const effect_gst_type *type, uint32_t i, GstClockTime time,
                                 effect_value *out) {
    GValue *value = gst_object_get_value(GST_OBJECT(element), type->property_names[i], time);
    if (value == NULL) return FALSE;
    effect_gst_value_from_gvalue(type, i, value, out);
    g_value_unset(value);
    g_free(value);
    return TRUE;
}

/* Sets the changes in time order (an edit before a later event drops it,
 * so order matters); a refused one is a warning, and the effect keeps its
 * value. Returns how many were set; frees the changes. */
static int set_changes(GstElement *element, effect_gst_effect *effect, GArray *changes) {
    const effect_gst_type *type = effect->type;
    g_array_sort(changes, by_time);
    int events = 0;
    for (guint k = 0; k < changes->len; k++) {
        change *c = &g_array_index(changes, change, k);
        const effect_param_info *info = &type->params[c->param];
        effect_error error = {sizeof error, 0, {0}};
        if (effect_host_instance_edit_param(effect->instance, info->name, &c->value, c->t, &error) == EFFECT_OK) {
            events++;
            GST_DEBUG_OBJECT(element, "%s changed at %.6f s", info->name, c->t);
        } else {
            GST_ELEMENT_WARNING(element, LIBRARY, SETTINGS,
                                ("'%s' not changed: %s", type->property_names[c->param], error.message),
                                ("at %.6f s", c->t));
        }
        effect_gst_value_free(&c->value);
    }
    g_array_free(changes, TRUE);
    return events;
}

static void add_change(GArray *changes, double t, uint32_t param, const effect_value *value) {
    change c = {t, param, {0}};
    c.value = *value;
    if ((value->type == EFFECT_TYPE_STRING || value->type == EFFECT_TYPE_ENUM) && value->string != NULL)
        c.value.string = g_strdup(value->string);
    g_array_append_val(changes, c);
}

/* A param a control source steps through keyframes (a bool, a choice, a
 * colour: not a number, which moves between them): its keyframes after
 * the last frame and up to t, each that changes it an event at its own
 * time, whatever frames the stream has. Leaves the value it then has in
 * *last, and returns whether a step changed it. */
static gboolean add_steps(GstElement *element, const effect_gst_type *type, uint32_t i, double after, double t,
                      GArray *changes, effect_value *last) {
    GstTimedValueControlSource *source = keyframes_of(element, type->property_names[i]);
    if (source == NULL) return FALSE;
    gboolean stepped = FALSE;
    GList *points = gst_timed_value_control_source_get_all(source);
    for (GList *point = points; point != NULL; point = point->next) {
        GstClockTime time = ((const GstTimedValue *)point->data)->timestamp;
        double k = (double)time / GST_SECOND;
        effect_value value;
        if (k <= after || k > t || !controlled_value(element, type, i, time, &value)) continue;
        if (!same_value(&value, last)) {
            add_change(changes, k, i, &value);
            effect_gst_value_free(last);
            *last = value;
            stepped = TRUE;
        } else {
            effect_gst_value_free(&value);
        }
    }
    g_list_free(points);
    gst_object_unref(source);
    return stepped;
}

/* The live params changed since the instance last heard (the frame at
 * effect->last_t), as events at t; a stepped param's at its keyframes.
 * Before the last frame (a seek back) a change is an edit at t. */
static int apply_changes(GstElement *element, effect_gst_effect *effect, const effect_gst_values *now, double t) {
    const effect_gst_type *type = effect->type;
    GArray *changes = g_array_new(FALSE, TRUE, sizeof(change));
    for (uint32_t i = 0; i < type->param_count; i++) {
        const effect_param_info *info = &type->params[i];
        if (!(info->flags & EFFECT_PARAM_LIVE)) continue;
        effect_value last = {0};
        gboolean given = effect->applied.given[i];
        effect_gst_values_get(&effect->applied, i, &last);
        if (info->type != EFFECT_TYPE_NUMBER && t > effect->last_t &&
            add_steps(element, type, i, effect->last_t, t, changes, &last))
            given = TRUE;
        if (now->given[i] != given || (now->given[i] && !same_value(&now->values[i], &last)))
            /* An optional param unset again is NONE, its unset default. */
            add_change(changes, t, i, now->given[i] ? &now->values[i] : &info->default_value);
        effect_gst_value_free(&last);
    }
    return set_changes(element, effect, changes);
}

/* The effect as a stream that started at 0 would have it at its first
 * frame, t: made from the params as the user set them and, for the live
 * ones a control source drives, as it gives them at 0; apply_changes then
 * sets the steps up to t at their keyframes. So a stream that starts
 * later, or after a seek, draws what playing from 0 draws. */
static effect_host_instance *start(GstElement *element, effect_gst_effect *effect, const effect_gst_values *now,
                                   effect_error *error) {
    const effect_gst_type *type = effect->type;
    effect_gst_values base = {0};
    effect_gst_values_copy(type, &base, now);
    for (uint32_t i = 0; i < type->param_count; i++) {
        effect_value value;
        if (!(type->params[i].flags & EFFECT_PARAM_LIVE) || !controlled_value(element, type, i, 0, &value)) continue;
        effect_gst_value_free(&base.values[i]);
        base.values[i] = value;
        base.given[i] = TRUE;
    }
    effect->instance = make_instance(type, &base, error);
    if (effect->instance != NULL) effect_gst_values_copy(type, &effect->applied, &base);
    effect->last_t = 0;
    effect_gst_values_free(type, &base);
    return effect->instance;
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
    /* Transparent: an overlay's video, or a source's background, is under it. */
    effect_host_look look = {sizeof look, 0, 0, NULL, EFFECT_HOST_GROUND_TRANSPARENT, 0};
    GST_OBJECT_LOCK(element);
    effect_gst_values_copy(type, &now, &effect->props);
    gboolean restyle = effect->look_changed;
    effect->look_changed = FALSE;
    look.appearance = effect->look.appearance;
    look.width = effect->look.wrap_width;
    char *font = g_strdup(effect->look.font);
    GST_OBJECT_UNLOCK(element);
    look.font = font;

    effect_error error = {sizeof error, 0, {0}};
    int redraw = restyle || effect->picture == NULL, fresh = restyle;
    if (effect->instance == NULL) {
        if (start(element, effect, &now, &error) == NULL) fail(element, effect, "cannot make the effect", &error);
        redraw = fresh = 1;
    }
    /* An event may move the ink beyond the picture's canvas. */
    if (effect->instance != NULL && apply_changes(element, effect, &now, t) > 0) redraw = 1;
    if (effect->instance != NULL) effect_gst_values_copy(type, &effect->applied, &now);
    effect->last_t = t;
    effect_gst_values_free(type, &now);

    if (effect->instance != NULL && redraw) {
        effect_host_picture *picture = NULL;
        if (effect_host_picture_create(effect->instance, &look, &picture, &error) == EFFECT_OK) {
            effect_host_picture_free(effect->picture);
            effect->picture = picture;
            if (fresh) say_notes(element, effect);
        } else if (effect->picture != NULL) {
            /* A look changed while playing that cannot be drawn (a font
             * file that is not there): the show goes on in the last one. */
            GST_ELEMENT_WARNING(element, LIBRARY, SETTINGS, ("the look is not changed: %s", error.message),
                                ("effect '%s'", type->effect_id));
        } else {
            fail(element, effect, "cannot draw the effect", &error);
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
