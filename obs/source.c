/*
 * source.c: an effect as an OBS source: OBS's callbacks, the clock,
 * settings and hotkeys (frame.c draws; the host library's instance keeps
 * the effect's history).
 *
 * The source's time is OBS's frame clock: video_tick's seconds, added
 * while the source is shown anywhere (OBS's show: the preview, the
 * program, a projector). It starts at 0 when the source is first shown;
 * with "Restart when shown" (on by default) it starts again, playing, each
 * time the source comes into view (show) and each time it goes on air
 * (activate), so an entrance plays when the audience sees it. OBS's media
 * controls pause, seek, stop and restart it.
 *
 * A property change applies at the next frame. A live param becomes an
 * event at the source's current time (the effect animates to it, as
 * `done` strikes a task), set by effect_host_instance_edit_param: after a
 * seek back, the events later than it go (the history is rewritten from
 * there); a live param set back to its default is taken out of the
 * effect's history (effect_host_instance_forget_param), so the effect's
 * own default holds again, and the other events stay; a change the effect
 * refuses is said and leaves the effect as it was;
 * any other param makes the effect anew from the start, playing, since the
 * effect is made from it; the look (theme, font, scale, wrap width) draws
 * the same moment anew. Each live bool param has a hotkey that toggles it,
 * through the source's settings, so the property shows it and the scene
 * saves it.
 *
 * Threads: update, video_tick and video_render run on OBS's graphics
 * thread (and create's first update on the caller's); they alone touch
 * the effect, the picture and the texture, under draw_lock, which is
 * uncontended unless a program renders the source from a thread of its
 * own. Buttons, hotkeys, media controls and show/hide come from other
 * threads and only move the clock or ask for a restart, under lock; a
 * hotkey changes the settings, which OBS hands to update.
 */
#include "source.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static const char *type_name(void *type_data) { return ((const effect_type *)type_data)->display_name; }

/* Reads the effect's timing for OBS's media controls. */
static void read_timing(effect_source *s) {
    effect_instance_info info = {0};
    info.struct_size = sizeof info;
    const effect_plugin_api *table = effect_host_plugin_table(s->type->plugin);
    int ok = s->instance != NULL &&
             table->instance_info(effect_host_instance_handle(s->instance), &info, NULL) == EFFECT_OK;
    pthread_mutex_lock(&s->lock);
    s->ends = ok && info.timing == EFFECT_TIMING_ENDS;
    s->duration_ms = s->ends ? (int64_t)llround(info.end * 1000.0) : 0;
    pthread_mutex_unlock(&s->lock);
}

/* After the effect was made or changed: said when it failed, its notes,
 * its timing and its picture (an event may move its ink). */
static void effect_changed(effect_source *s, int ok, const effect_error *error) {
    if (!ok) {
        source_say(s, LOG_WARNING, "cannot make the effect: %s", error->message);
        source_drop_picture(s);
        return;
    }
    const char *notes = effect_host_instance_notes(s->instance);
    if (notes != NULL) source_say(s, LOG_INFO, "%s", notes);
    read_timing(s);
    source_make_picture(s);
}

/* The effect made anew from the settings as they are, from its start. */
static void start_over(effect_source *s) {
    const effect_type *type = s->type;
    effect_error error = {sizeof error, 0, {0}};
    effect_param_setting *settings = bzalloc((type->param_count + 1) * sizeof *settings);
    uint32_t count = 0;
    for (uint32_t i = 0; i < type->param_count; i++) {
        effect_param_info info;
        if (!s->given[i] || !effect_obs_param(type, i, &info)) continue;
        settings[count].name = info.name;
        settings[count].value = s->values[i];
        count++;
    }
    effect_host_instance_free(s->instance);
    s->instance = NULL;
    s->has_events = 0;
    effect_status status = effect_host_instance_create(type->plugin, type->effect_id, settings, count, &s->instance, &error);
    bfree(settings);
    effect_changed(s, status == EFFECT_OK, &error);
}

static double now(effect_source *s) {
    pthread_mutex_lock(&s->lock);
    double t = s->t;
    pthread_mutex_unlock(&s->lock);
    return t;
}

/* Back to the start, playing (Replay, OBS's restart, Restart when shown). */
static void ask_restart(effect_source *s) {
    pthread_mutex_lock(&s->lock);
    s->t = 0;
    s->paused = s->stopped = 0;
    s->restart = 1;
    pthread_mutex_unlock(&s->lock);
}

/* Takes a restart the other threads asked for. */
static void take_requests(effect_source *s) {
    pthread_mutex_lock(&s->lock);
    int restart = s->restart;
    s->restart = 0;
    pthread_mutex_unlock(&s->lock);
    if (!restart) return;
    /* An effect without events is the same from its start: only the clock moves. */
    if (s->has_events || s->instance == NULL) start_over(s);
    obs_source_media_started(s->source);
}

static void read_look(effect_source *s, obs_data_t *settings, int *changed) {
    const char *theme = obs_data_get_string(settings, KEY_THEME), *font = obs_data_get_string(settings, KEY_FONT);
    if (strcmp(theme, "light") != 0 && strcmp(theme, "dark") != 0) {
        source_say(s, LOG_WARNING, "setting '" KEY_THEME "' is '%s', which is neither light nor dark: drawn light", theme);
        theme = "light";
    }
    /* A wrap width the host does not take is its to refuse, in its words (make_picture says it). */
    double scale = obs_data_get_double(settings, KEY_SCALE), wrap = obs_data_get_double(settings, KEY_WIDTH);
    if (!(scale >= 0.25 && scale <= 16)) {
        source_say(s, LOG_WARNING, "setting '" KEY_SCALE "' is %g, outside the property's 0.25 to 16: kept within it", scale);
        scale = !(scale >= 0.25) ? 0.25 : 16;
    }
    *changed = s->theme == NULL || strcmp(theme, s->theme) != 0 || strcmp(font, s->font) != 0 || scale != s->scale ||
               wrap != s->wrap_width;
    bfree(s->theme);
    bfree(s->font);
    s->theme = bstrdup(theme);
    s->font = bstrdup(font);
    s->scale = scale;
    s->wrap_width = wrap;
}

static void update_locked(effect_source *s, obs_data_t *settings) {
    const effect_type *type = s->type;
    source_forget_said(s);
    take_requests(s);
    int restyle = 0, remake = s->instance == NULL;
    read_look(s, settings, &restyle);
    pthread_mutex_lock(&s->lock);
    s->restart_when_shown = obs_data_get_bool(settings, KEY_RESTART);
    double t = s->t;
    pthread_mutex_unlock(&s->lock);

    /* The params as the settings give them now, and what changed. */
    effect_value *values = bzalloc((type->param_count + 1) * sizeof *values);
    int *given = bzalloc((type->param_count + 1) * sizeof *given);
    int *change = bzalloc((type->param_count + 1) * sizeof *change); /* 1: an event, 2: back to its default */
    for (uint32_t i = 0; i < type->param_count; i++) {
        effect_value value;
        char problem[400];
        given[i] = effect_obs_param_value(type, settings, i, &value, problem, sizeof problem);
        if (given[i] < 0) {
            source_say(s, LOG_WARNING, "%s", problem);
            given[i] = 0;
        }
        if (given[i]) effect_obs_value_keep(&values[i], &value);
        if (s->values == NULL) continue;
        if (given[i] == s->given[i] && (!given[i] || effect_obs_same_value(&values[i], &s->values[i]))) continue;
        effect_param_info info;
        effect_obs_param(type, i, &info);
        if (!(info.flags & EFFECT_PARAM_LIVE)) remake = 1;
        else change[i] = !given[i] && !(info.flags & EFFECT_PARAM_OPTIONAL) ? 2 : 1;
    }
    for (uint32_t i = 0; s->values != NULL && i < type->param_count; i++) effect_obs_value_drop(&s->values[i]);
    bfree(s->values);
    bfree(s->given);
    s->values = values;
    s->given = given;

    if (remake) {
        /* Made from what changed: it starts again, playing. */
        pthread_mutex_lock(&s->lock);
        s->t = 0;
        s->paused = s->stopped = 0;
        pthread_mutex_unlock(&s->lock);
        start_over(s);
    } else {
        int events = 0;
        for (uint32_t i = 0; i < type->param_count; i++) {
            if (change[i] == 0) continue;
            effect_error error = {sizeof error, 0, {0}};
            effect_param_info info;
            effect_obs_param(type, i, &info);
            /* An optional param unticked is unset: its default, NONE. */
            const effect_value *value = given[i] ? &values[i] : &info.default_value;
            effect_status status = change[i] == 2 ? effect_host_instance_forget_param(s->instance, info.name, &error)
                                                  : effect_host_instance_edit_param(s->instance, info.name, value, t, &error);
            /* Refused, the effect is as it was: said, and drawn on. */
            if (status != EFFECT_OK) source_say(s, LOG_WARNING, "'%s' not changed: %s", info.name, error.message);
            else events++;
        }
        if (events > 0) {
            s->has_events = 1;
            effect_changed(s, 1, NULL);
        } else if (restyle) source_make_picture(s);
    }
    bfree(change);
}

static void update(void *data, obs_data_t *settings) {
    effect_source *s = data;
    if (s->type->plugin == NULL) return;
    pthread_mutex_lock(&s->draw_lock);
    update_locked(s, settings);
    pthread_mutex_unlock(&s->draw_lock);
}

void effect_obs_replay(void *data) { ask_restart(data); }

static void replay_pressed(void *data, obs_hotkey_id id, obs_hotkey_t *hotkey, bool pressed) {
    (void)id;
    (void)hotkey;
    if (pressed) ask_restart(data);
}

/* A live bool's hotkey: flips the setting, which update turns into an event. */
static void toggle_pressed(void *data, obs_hotkey_id id, obs_hotkey_t *hotkey, bool pressed) {
    (void)id;
    (void)hotkey;
    toggle *t = data;
    if (!pressed) return;
    obs_data_t *settings = obs_source_get_settings(t->source->source);
    obs_data_t *change = obs_data_create();
    obs_data_set_bool(change, t->name, !obs_data_get_bool(settings, t->name));
    obs_source_update(t->source->source, change);
    obs_data_release(change);
    obs_data_release(settings);
}

static void register_hotkeys(effect_source *s) {
    const effect_type *type = s->type;
    s->toggles = bzalloc((type->param_count + 1) * sizeof *s->toggles);
    for (uint32_t i = 0; i < type->param_count; i++) {
        effect_param_info info;
        effect_obs_param(type, i, &info);
        if (info.type != EFFECT_TYPE_BOOL || !(info.flags & EFFECT_PARAM_LIVE)) continue;
        toggle *t = &s->toggles[s->toggle_count++];
        t->source = s;
        t->name = info.name;
        char name[300], *label = effect_obs_label(info.name), description[400];
        snprintf(name, sizeof name, "effect_host.toggle.%s", info.name);
        snprintf(description, sizeof description, "%s %s", obs_module_text("Toggle"), label);
        bfree(label);
        t->hotkey = obs_hotkey_register_source(s->source, name, description, toggle_pressed, t);
    }
    s->replay_hotkey = obs_hotkey_register_source(s->source, "effect_host.replay", obs_module_text("Replay"),
                                                  replay_pressed, s);
}

static void *create(obs_data_t *settings, obs_source_t *source) {
    effect_source *s = bzalloc(sizeof *s);
    s->source = source;
    s->type = obs_source_get_type_data(source);
    effect_obs_type_retain(s->type);
    pthread_mutex_init(&s->lock, NULL);
    pthread_mutex_init(&s->draw_lock, NULL);
    if (s->type->plugin == NULL) {
        blog(LOG_ERROR,
             EFFECT_OBS_LOG "%s: '%s' (%s) cannot be drawn: %s; the source keeps its settings and draws nothing until "
                            "the effect is back",
             obs_source_get_name(source), s->type->display_name, s->type->effect_id, s->type->missing);
        return s;
    }
    register_hotkeys(s);
    update(s, settings);
    return s;
}

static void destroy(void *data) {
    effect_source *s = data;
    for (uint32_t i = 0; i < s->toggle_count; i++) obs_hotkey_unregister(s->toggles[i].hotkey);
    if (s->type->plugin != NULL) {
        obs_hotkey_unregister(s->replay_hotkey);
        source_free_frame(s);
        effect_host_instance_free(s->instance);
    }
    bfree(s->toggles);
    for (uint32_t i = 0; s->values != NULL && i < s->type->param_count; i++) effect_obs_value_drop(&s->values[i]);
    bfree(s->values);
    bfree(s->given);
    bfree(s->theme);
    bfree(s->font);
    pthread_mutex_destroy(&s->draw_lock);
    pthread_mutex_destroy(&s->lock);
    effect_obs_type_release(s->type);
    bfree(s);
}

static uint32_t get_width(void *data) {
    effect_source *s = data;
    pthread_mutex_lock(&s->lock);
    uint32_t w = s->width;
    pthread_mutex_unlock(&s->lock);
    return w;
}

static uint32_t get_height(void *data) {
    effect_source *s = data;
    pthread_mutex_lock(&s->lock);
    uint32_t h = s->height;
    pthread_mutex_unlock(&s->lock);
    return h;
}

static void video_tick(void *data, float seconds) {
    effect_source *s = data;
    int ended = 0;
    pthread_mutex_lock(&s->lock);
    if (s->showing && !s->paused && !s->stopped && isfinite(seconds) && seconds > 0) {
        double before = s->t * 1000.0;
        s->t += seconds;
        ended = s->ends && before < (double)s->duration_ms && s->t * 1000.0 >= (double)s->duration_ms;
    }
    pthread_mutex_unlock(&s->lock);
    if (s->type->plugin == NULL) return;
    if (ended) obs_source_media_ended(s->source);
    pthread_mutex_lock(&s->draw_lock);
    take_requests(s);
    pthread_mutex_unlock(&s->draw_lock);
}

static void video_render(void *data, gs_effect_t *effect) {
    effect_source *s = data;
    if (s->type->plugin == NULL) return;
    pthread_mutex_lock(&s->draw_lock);
    source_render(s, effect, now(s));
    pthread_mutex_unlock(&s->draw_lock);
}

static void restart_if_asked(effect_source *s) {
    pthread_mutex_lock(&s->lock);
    int restart = s->restart_when_shown;
    pthread_mutex_unlock(&s->lock);
    if (restart) ask_restart(s);
}

static void show(void *data) {
    effect_source *s = data;
    restart_if_asked(s);
    pthread_mutex_lock(&s->lock);
    s->showing = 1;
    pthread_mutex_unlock(&s->lock);
}

static void hide(void *data) {
    effect_source *s = data;
    pthread_mutex_lock(&s->lock);
    s->showing = 0;
    pthread_mutex_unlock(&s->lock);
}

static void activate(void *data) { restart_if_asked(data); }

static void media_play_pause(void *data, bool pause) {
    effect_source *s = data;
    pthread_mutex_lock(&s->lock);
    s->paused = pause;
    s->stopped = 0;
    pthread_mutex_unlock(&s->lock);
}

static void media_restart(void *data) { ask_restart(data); }

static void media_stop(void *data) {
    effect_source *s = data;
    ask_restart(s);
    pthread_mutex_lock(&s->lock);
    s->stopped = 1;
    pthread_mutex_unlock(&s->lock);
}

static int64_t media_get_time(void *data) {
    effect_source *s = data;
    return (int64_t)llround(now(s) * 1000.0);
}

static void media_set_time(void *data, int64_t ms) {
    effect_source *s = data;
    /* The effect keeps its events: an earlier time shows its history as it was. */
    pthread_mutex_lock(&s->lock);
    s->t = ms > 0 ? (double)ms / 1000.0 : 0;
    pthread_mutex_unlock(&s->lock);
}

static int64_t media_get_duration(void *data) {
    effect_source *s = data;
    pthread_mutex_lock(&s->lock);
    int64_t ms = s->duration_ms;
    pthread_mutex_unlock(&s->lock);
    return ms;
}

static enum obs_media_state media_get_state(void *data) {
    effect_source *s = data;
    enum obs_media_state state = OBS_MEDIA_STATE_PLAYING;
    pthread_mutex_lock(&s->lock);
    if (s->type->plugin == NULL) state = OBS_MEDIA_STATE_ERROR;
    else if (s->stopped) state = OBS_MEDIA_STATE_STOPPED;
    else if (s->ends && s->t * 1000.0 >= (double)s->duration_ms) state = OBS_MEDIA_STATE_ENDED;
    else if (s->paused) state = OBS_MEDIA_STATE_PAUSED;
    pthread_mutex_unlock(&s->lock);
    return state;
}

void effect_obs_fill_source_info(struct obs_source_info *info) {
    info->type = OBS_SOURCE_TYPE_INPUT;
    info->output_flags = OBS_SOURCE_VIDEO | OBS_SOURCE_SRGB | OBS_SOURCE_CONTROLLABLE_MEDIA;
    info->icon_type = OBS_ICON_TYPE_TEXT;
    info->get_name = type_name;
    info->create = create;
    info->destroy = destroy;
    info->update = update;
    info->get_width = get_width;
    info->get_height = get_height;
    info->get_defaults2 = effect_obs_defaults;
    info->get_properties2 = effect_obs_properties;
    info->video_tick = video_tick;
    info->video_render = video_render;
    info->show = show;
    info->hide = hide;
    info->activate = activate;
    info->media_play_pause = media_play_pause;
    info->media_restart = media_restart;
    info->media_stop = media_stop;
    info->media_get_time = media_get_time;
    info->media_set_time = media_set_time;
    info->media_get_duration = media_get_duration;
    info->media_get_state = media_get_state;
}
