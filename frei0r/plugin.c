/*
 * plugin.c: frei0r's entry points (frei0r.h, API 1.2) over the host library.
 *
 * Each frame is a pure function of the params and the time: the effect
 * instance is made from the params once and drawn at each t the host asks
 * for, in any order. A live param a host changes between frames (MLT's
 * keyframes) becomes an event at the time it was first seen changed; any
 * other change makes the instance anew. A frame that cannot be drawn is
 * left transparent (a source) or the incoming frame (a filter), and why is
 * said once on stderr.
 */
#define _GNU_SOURCE
#include "adapter.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define EXPORTED __attribute__((visibility("default")))

/* A param's value seen changed at a time: replayed when the instance is
 * asked for an earlier time again, to tell a keyframe from a seek. */
typedef struct observed {
    double t;
    int slot;
    slot_value value;
} observed;

typedef struct frei0r_instance {
    pthread_mutex_t lock;
    unsigned width, height;
    unsigned row_pixels;      /* from one row to the next, >= width */
    int milliseconds_by_default;
    int ffmpeg_frames;        /* made by an ffmpeg whose frames can be read for a lost time */
    int gstreamer;            /* made by GStreamer's frei0r elements */
    int constructing_next;    /* GStreamer: the next param its construction sets */
    double size_given;        /* the size param as the host gave it, before it is kept in 0...1 */
    int built;                /* an effect instance has been made once */
    slot_value *values;       /* as the host set them */
    slot_value *base;         /* as the effect instance was made from */
    int stale;                /* a value the instance is made from changed */
    observed *seen;
    size_t seen_count, seen_capacity;
    long *newest;             /* per slot: its change seen at the latest t, or -1 */
    effect_host_instance *effect;
    effect_host_picture *picture;
    char failure[600];        /* why the instance could not be made */
} frei0r_instance;

static const adapter *the(void) { return adapter_get(); }

static int is_text(const slot *s) { return s->type == F0R_PARAM_STRING; }

static int same(const slot *s, const slot_value *a, const slot_value *b) {
    if (is_text(s)) return strcmp(a->text, b->text) == 0;
    if (s->type == F0R_PARAM_COLOR) return memcmp(&a->color, &b->color, sizeof a->color) == 0;
    return a->number == b->number;
}

static void copy_value(const slot *s, slot_value *to, const slot_value *from) {
    if (is_text(s)) {
        char *copy = strdup(from->text);
        if (copy == NULL) return;
        free(to->text);
        to->text = copy;
    } else {
        *to = *from;
    }
}

static void forget_seen(frei0r_instance *instance) {
    for (size_t i = 0; i < instance->seen_count; i++)
        if (is_text(&the()->slots[instance->seen[i].slot])) free(instance->seen[i].value.text);
    instance->seen_count = 0;
    for (int i = 0; i < the()->slot_count; i++) instance->newest[i] = -1;
}

static void drop_effect(frei0r_instance *instance) {
    effect_host_picture_free(instance->picture);
    effect_host_instance_free(instance->effect);
    instance->picture = NULL;
    instance->effect = NULL;
}

/* The slot's value at time t as the instance has it: the latest change
 * seen at or before t, else the value it was made from. */
static const slot_value *value_at(const frei0r_instance *instance, int slot, double t) {
    /* A host playing forward asks past every change it has shown: no search. */
    long newest = instance->newest[slot];
    if (newest >= 0 && instance->seen[newest].t <= t) return &instance->seen[newest].value;
    const slot_value *value = &instance->base[slot];
    double latest = -INFINITY;
    for (size_t i = 0; i < instance->seen_count; i++) {
        const observed *o = &instance->seen[i];
        if (o->slot == slot && o->t <= t && o->t >= latest) {
            latest = o->t;
            value = &o->value;
        }
    }
    return value;
}

static const char *own_text(const frei0r_instance *instance, slot_role role) {
    for (int i = 0; i < the()->slot_count; i++)
        if (the()->slots[i].role == role) return instance->values[i].text;
    return "";
}

/* Whether the adapter's own slot `role` takes `text` (theme, time_unit). */
static int own_choice(slot_role role, const char *text) {
    for (int i = 0; i < the()->slot_count; i++)
        if (the()->slots[i].role == role) return slot_offers(&the()->slots[i], text);
    return 0;
}

static double own_number(const frei0r_instance *instance, slot_role role) {
    for (int i = 0; i < the()->slot_count; i++)
        if (the()->slots[i].role == role) {
            const slot *s = &the()->slots[i];
            return s->role == SLOT_WRAP_WIDTH ? s->min + instance->values[i].number * (s->max - s->min)
                                              : instance->values[i].number;
        }
    return 0;
}

static int failed(frei0r_instance *instance, const char *what, const effect_error *error) {
    snprintf(instance->failure, sizeof instance->failure, "%s: %s", what, error->message);
    adapter_report(instance->failure);
    drop_effect(instance);
    return 0;
}

/* The user's events: T:NAME=VALUE separated by white space, each read by
 * the host's one grammar for events. */
static int apply_events(frei0r_instance *instance, const char *events, effect_error *error) {
    char *copy = strdup(events), *cursor = copy, *token;
    if (copy == NULL) return 0;
    int ok = 1;
    while (ok && (token = strsep(&cursor, " \t\n")) != NULL) {
        if (*token != '\0') ok = effect_host_instance_set_event_text(instance->effect, token, error) == EFFECT_OK;
    }
    free(copy);
    return ok;
}

/* Makes the effect instance and its picture from the params as they are. */
/* The changes seen so far, set again on a new instance: each as its
 * param's whole value at that time. */
static int replay_seen(frei0r_instance *instance, effect_error *error) {
    const adapter *a = the();
    slot_value *at = malloc((size_t)a->slot_count * sizeof *at);
    if (at == NULL) return 0;
    int ok = 1;
    for (size_t k = 0; ok && k < instance->seen_count; k++) {
        const observed *o = &instance->seen[k];
        int first = o->slot;
        while (first > 0 && a->slots[first - 1].param == a->slots[o->slot].param) first--;
        memcpy(at, instance->base, (size_t)a->slot_count * sizeof *at);
        for (int j = first; j < a->slot_count && a->slots[j].param == a->slots[first].param; j++) at[j] = *value_at(instance, j, o->t);
        effect_value value;
        if (slot_effect_value(a, at, first, &value))
            ok = effect_host_instance_set_param(instance->effect, a->slots[first].name, &value, o->t, error) == EFFECT_OK;
    }
    free(at);
    return ok;
}

static int build(frei0r_instance *instance) {
    const adapter *a = the();
    effect_error error = {sizeof error, 0, {0}};
    drop_effect(instance);
    /* The first instance starts from the params as they are. A later one
     * (a param it is made from changed: a host's keyframe) keeps the live
     * params' first values and the changes seen since, so frames before
     * and after still play the same events. */
    for (int i = 0; i < a->slot_count; i++)
        if (!instance->built || !a->slots[i].live) copy_value(&a->slots[i], &instance->base[i], &instance->values[i]);
    if (!instance->built) forget_seen(instance);
    instance->built = 1;
    instance->stale = 0;
    instance->failure[0] = '\0';

    effect_param_setting *settings = calloc((size_t)a->slot_count, sizeof *settings);
    if (settings == NULL) return 0;
    uint32_t count = 0;
    for (int i = 0; i < a->slot_count; i++) {
        if (a->slots[i].param < 0 || a->slots[i].role == SLOT_ALPHA || a->slots[i].role == SLOT_IS_SET) continue;
        /* A param left as it is by default is not given, as effect-host
         * leaves it: some defaults adapt (a text colour to the theme). */
        int given = 0;
        for (int j = i; j < a->slot_count && a->slots[j].param == a->slots[i].param; j++)
            given |= !slot_is_default(&a->slots[j], &instance->base[j]);
        if (!given || !slot_effect_value(a, instance->base, i, &settings[count].value)) continue;
        settings[count++].name = a->slots[i].name;
    }
    effect_status status = effect_host_instance_create(a->plugin, a->effect_id, settings, count, &instance->effect, &error);
    free(settings);
    if (status != EFFECT_OK) return failed(instance, "the params", &error);
    if (!apply_events(instance, own_text(instance, SLOT_EVENTS), &error)) return failed(instance, "events", &error);
    if (!replay_seen(instance, &error)) return failed(instance, "a change seen before", &error);

    const char *theme = own_text(instance, SLOT_THEME), *font = own_text(instance, SLOT_FONT);
    if (!own_choice(SLOT_THEME, theme)) {
        snprintf(error.message, sizeof error.message, "'%s' is neither light nor dark", theme);
        return failed(instance, "theme", &error);
    }
    effect_host_look look = {sizeof look, strcmp(theme, "dark") == 0 ? EFFECT_APPEARANCE_DARK : EFFECT_APPEARANCE_LIGHT,
                             own_number(instance, SLOT_WRAP_WIDTH), font[0] != '\0' ? font : NULL,
                             EFFECT_HOST_GROUND_TRANSPARENT, 0};
    if (effect_host_picture_create(instance->effect, &look, &instance->picture, &error) == EFFECT_OK) return 1;
    /* A font that cannot be used (a file that is not there or not a font)
     * would leave every frame blank: the text is drawn as with font empty,
     * as an editor draws a title whose font is missing, and why is said. */
    effect_error plain_error = {sizeof plain_error, 0, {0}};
    look.font = NULL;
    if (font[0] == '\0' || effect_host_picture_create(instance->effect, &look, &instance->picture, &plain_error) != EFFECT_OK)
        return failed(instance, "the picture", &error);
    char line[800];
    snprintf(line, sizeof line, "font: %s; the text is drawn as with font empty (Inter) instead", error.message);
    adapter_report(line);
    return 1;
}

/* A live param's change seen at t becomes an event there. */
static int note_changes(frei0r_instance *instance, double t) {
    const adapter *a = the();
    for (int i = 0; i < a->slot_count; i++) {
        const slot *s = &a->slots[i];
        if (s->param < 0 || !s->live || same(s, value_at(instance, i, t), &instance->values[i])) continue;
        if (instance->seen_count == instance->seen_capacity) {
            size_t capacity = instance->seen_capacity ? instance->seen_capacity * 2 : 16;
            observed *grown = realloc(instance->seen, capacity * sizeof *grown);
            if (grown == NULL) return 0;
            instance->seen = grown;
            instance->seen_capacity = capacity;
        }
        observed *o = &instance->seen[instance->seen_count];
        o->t = t;
        o->slot = i;
        if (is_text(s)) {
            o->value.text = strdup(instance->values[i].text);
            if (o->value.text == NULL) return 0;
        } else {
            o->value = instance->values[i];
        }
        long newest = instance->newest[i];
        if (newest < 0 || t >= instance->seen[newest].t) instance->newest[i] = (long)instance->seen_count;
        instance->seen_count++;
        /* The param's whole value (a colour with its alpha, an optional
         * with whether it is set) from its first slot. */
        int first = i;
        while (first > 0 && a->slots[first - 1].param == s->param) first--;
        effect_value value;
        effect_error error = {sizeof error, 0, {0}};
        if (!slot_effect_value(a, instance->values, first, &value)) continue; /* unset again: the effect has no event for it */
        if (effect_host_instance_set_param(instance->effect, a->slots[first].name, &value, t, &error) != EFFECT_OK)
            return failed(instance, a->slots[first].name, &error);
    }
    return 1;
}

static size_t frame_bytes(const frei0r_instance *instance) {
    return (size_t)instance->row_pixels * instance->height * 4;
}

static void blank(const frei0r_instance *instance, const uint32_t *inframe, uint32_t *outframe) {
    size_t bytes = frame_bytes(instance);
    if (inframe != NULL && the()->filter) {
        if (inframe != outframe) memmove(outframe, inframe, bytes);
    } else {
        memset(outframe, 0, bytes);
    }
}

/* Draws the frame at the host's time into outframe; 0 when there is
 * nothing to draw there, or it cannot be drawn. */
static int draw(frei0r_instance *instance, double host_time, const uint32_t *inframe, uint32_t *outframe) {
    const char *unit = own_text(instance, SLOT_TIME_UNIT);
    if (!own_choice(SLOT_TIME_UNIT, unit)) {
        char line[300];
        snprintf(line, sizeof line, "time_unit '%s' is not auto, seconds or milliseconds", unit);
        adapter_report(line);
        return 0;
    }
    const char *start_text = own_text(instance, SLOT_START);
    char *end = NULL;
    double start = start_text[0] == '\0' ? 0 : strtod(start_text, &end);
    if (start_text[0] != '\0' && (end == start_text || *end != '\0' || !isfinite(start))) {
        char line[300];
        snprintf(line, sizeof line, "start '%s' is not a time in seconds", start_text);
        adapter_report(line);
        return 0;
    }
    double t = clock_seconds(host_time, unit, instance->milliseconds_by_default) - start;
    if (isnan(t)) {
        adapter_report("the host passed no usable time for a frame (NaN, infinite or absurd), so it is left undrawn; ffmpeg's "
                       "frei0r filter loses the time of a frame whose rows it realigns first, and this ffmpeg's frames do not "
                       "say it either: draw the source with frei0r_src and overlay it instead");
        return 0;
    }
    if (own_number(instance, SLOT_SIZE) <= 0) {
        char line[300];
        snprintf(line, sizeof line, "size %g leaves the picture no size, so nothing is drawn: size is its share of the size that "
                 "fits the frame, more than 0 and at most 1 (1 fills the frame one way)", instance->size_given);
        adapter_report(line);
        return 0;
    }
    /* Before the effect appears there is nothing to draw. */
    if (t < 0) return 0;
    if (instance->stale && !build(instance)) return 0;
    if (instance->effect == NULL || !note_changes(instance, t)) return 0;

    int over = the()->filter && inframe != NULL;
    if (over && inframe != outframe) memmove(outframe, inframe, frame_bytes(instance));
    effect_host_placement placement = {sizeof placement, over ? EFFECT_HOST_PLACE_OVER : 0u, own_number(instance, SLOT_SIZE),
                                       own_number(instance, SLOT_X), own_number(instance, SLOT_Y)};
    effect_error error = {sizeof error, 0, {0}};
    if (effect_host_picture_draw_pixels_placed(instance->picture, t, outframe, instance->width, instance->height,
                                               instance->row_pixels * 4, EFFECT_HOST_PIXELS_RGBA_STRAIGHT, &placement,
                                               &error) != EFFECT_OK) {
        char line[700];
        snprintf(line, sizeof line, "a frame at %.6g s: %s", t, error.message);
        adapter_report(line);
        return 0;
    }
    /* What render would warn of: what the effect says of its params (a
     * highlight that matches nothing), a font family drawn in place of one
     * not installed, characters no font has. */
    const char *notes = effect_host_instance_notes(instance->effect);
    for (const char *line = notes; line != NULL && *line != '\0';) {
        const char *end = strchr(line, '\n');
        size_t length = end != NULL ? (size_t)(end - line) : strlen(line);
        char one[256];
        snprintf(one, sizeof one, "%.*s", (int)(length < sizeof one ? length : sizeof one - 1), line);
        adapter_report(one);
        line = end != NULL ? end + 1 : line + length;
    }
    const char *font_note = effect_host_picture_font_note(instance->picture);
    if (font_note != NULL) adapter_report(font_note);
    const char *missing = effect_host_picture_missing_characters(instance->picture);
    if (missing != NULL) adapter_report(missing);
    return 1;
}

/* ------------------------------------------------------------------------
 * frei0r.h
 * ------------------------------------------------------------------------ */

EXPORTED int f0r_init(void) {
    const adapter *a = the();
    if (a->failure != NULL) adapter_report(a->failure);
    else mlt_follow_services();
    return a->failure == NULL;
}

EXPORTED void f0r_deinit(void) {
    /* The effect stays loaded for the process's life: hosts call init and
     * deinit once per service they make, not once per process. */
}

EXPORTED void f0r_get_plugin_info(f0r_plugin_info_t *info) {
    if (info == NULL) return;
    const adapter *a = the();
    info->name = a->file_name;
    info->author = a->author != NULL ? a->author : "effect-host";
    info->plugin_type = a->filter ? F0R_PLUGIN_TYPE_FILTER : F0R_PLUGIN_TYPE_SOURCE;
    info->color_model = F0R_COLOR_MODEL_RGBA8888;
    info->frei0r_version = FREI0R_MAJOR_VERSION;
    info->major_version = a->major_version;
    info->minor_version = a->minor_version;
    info->num_params = a->failure != NULL ? 0 : a->slot_count;
    info->explanation = a->failure != NULL ? a->failure : a->summary;
}

EXPORTED void f0r_get_param_info(f0r_param_info_t *info, int index) {
    const adapter *a = the();
    if (info == NULL || a->failure != NULL || index < 0 || index >= a->slot_count) return;
    info->name = a->slots[index].name;
    info->type = a->slots[index].type;
    info->explanation = a->slots[index].explanation;
}

EXPORTED f0r_instance_t f0r_construct(unsigned int width, unsigned int height) {
    const void *caller = __builtin_return_address(0);
    const adapter *a = the();
    if (a->failure != NULL) {
        adapter_report(a->failure);
        return NULL;
    }
    if (width < 1 || height < 1 || width > 8192 || height > 8192) {
        char line[160];
        snprintf(line, sizeof line, "a frame of %u x %u pixels cannot be drawn: each side is 1 to 8192", width, height);
        adapter_report(line);
        return NULL;
    }
    frei0r_instance *instance = calloc(1, sizeof *instance);
    if (instance == NULL) return NULL;
    instance->values = calloc((size_t)a->slot_count, sizeof(slot_value));
    instance->base = calloc((size_t)a->slot_count, sizeof(slot_value));
    instance->newest = malloc((size_t)a->slot_count * sizeof(long));
    if (instance->values == NULL || instance->base == NULL || instance->newest == NULL || !slots_defaults(a, instance->values) ||
        !slots_defaults(a, instance->base)) {
        if (instance->values != NULL) slots_free(a, instance->values);
        if (instance->base != NULL) slots_free(a, instance->base);
        free(instance->values);
        free(instance->base);
        free(instance->newest);
        free(instance);
        return NULL;
    }
    for (int i = 0; i < a->slot_count; i++) instance->newest[i] = -1;
    pthread_mutex_init(&instance->lock, NULL);
    instance->width = width;
    instance->height = height;
    instance->row_pixels = host_row_pixels(caller, width);
    instance->milliseconds_by_default = host_counts_milliseconds(caller);
    instance->ffmpeg_frames = instance->milliseconds_by_default && ffmpeg_frames_keep_time();
    instance->gstreamer = host_is_gstreamer(caller);
    instance->stale = 1;
    instance->size_given = own_number(instance, SLOT_SIZE);
    return instance;
}

EXPORTED void f0r_destruct(f0r_instance_t handle) {
    frei0r_instance *instance = handle;
    if (instance == NULL) return;
    drop_effect(instance);
    forget_seen(instance);
    free(instance->seen);
    slots_free(the(), instance->values);
    slots_free(the(), instance->base);
    free(instance->values);
    free(instance->base);
    free(instance->newest);
    pthread_mutex_destroy(&instance->lock);
    free(instance);
}

EXPORTED void f0r_set_param_value(f0r_instance_t handle, f0r_param_t param, int index) {
    frei0r_instance *instance = handle;
    const adapter *a = the();
    if (instance == NULL || param == NULL || index < 0 || index >= a->slot_count) return;
    pthread_mutex_lock(&instance->lock);
    /* GStreamer (1.22's gstfrei0r.c) sets every param in order right after
     * constructing an instance, as frei0r says; a string property set
     * later comes as the string itself rather than its address. */
    const char *by_value = NULL;
    if (instance->gstreamer && instance->constructing_next == index) instance->constructing_next++;
    else if (instance->gstreamer && a->slots[index].type == F0R_PARAM_STRING) by_value = param;
    if (a->slots[index].role == SLOT_SIZE && !isnan(*(const double *)param)) instance->size_given = *(const double *)param;
    if (slot_set(a, instance->values, index, by_value != NULL ? (const void *)&by_value : param)) {
        const slot *s = &a->slots[index];
        /* Live params become events at the next frame; placement and time
         * are read at each frame; anything else makes the effect anew. */
        int drawn_later = s->role == SLOT_SIZE || s->role == SLOT_X || s->role == SLOT_Y || s->role == SLOT_TIME_UNIT ||
                          s->role == SLOT_START;
        if (!drawn_later && !s->live) instance->stale = 1;
    }
    pthread_mutex_unlock(&instance->lock);
}

EXPORTED void f0r_get_param_value(f0r_instance_t handle, f0r_param_t param, int index) {
    frei0r_instance *instance = handle;
    const adapter *a = the();
    if (instance == NULL || param == NULL || index < 0 || index >= a->slot_count) return;
    pthread_mutex_lock(&instance->lock);
    slot_get(a, instance->values, index, param);
    pthread_mutex_unlock(&instance->lock);
}

EXPORTED void f0r_update(f0r_instance_t handle, double time, const uint32_t *inframe, uint32_t *outframe) {
    frei0r_instance *instance = handle;
    if (instance == NULL || outframe == NULL) return;
    /* ffmpeg's frei0r filter may hand over a frame whose time it lost,
     * which the frame drawn into still has (ffmpeg_lost_time.c). */
    if (instance->ffmpeg_frames && isnan(clock_seconds(time, "milliseconds", 1)))
        time = ffmpeg_lost_time_or(time, __builtin_frame_address(0), outframe, instance->width, instance->height,
                                   instance->row_pixels * 4);
    pthread_mutex_lock(&instance->lock);
    if (!draw(instance, mlt_clip_time_or(time), inframe, outframe)) blank(instance, inframe, outframe);
    pthread_mutex_unlock(&instance->lock);
}

EXPORTED void f0r_update2(f0r_instance_t handle, double time, const uint32_t *inframe1, const uint32_t *inframe2,
                          const uint32_t *inframe3, uint32_t *outframe) {
    (void)inframe2;
    (void)inframe3;
    f0r_update(handle, time, inframe1, outframe);
}
