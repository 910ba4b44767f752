/*
 * source.c: an effect as an OBS source.
 *
 * The source's time is OBS's frame clock: video_tick's seconds, added
 * while the source is shown anywhere (OBS's show: the preview, the
 * program, a projector). It starts at 0 when the source is first shown;
 * with "Restart when shown" (on by default) it starts again each time the
 * source comes into view (show) and each time it goes on air (activate),
 * so an entrance plays when the audience sees it. OBS's media controls
 * pause, seek and restart it.
 *
 * A property change applies at the next frame. A live param becomes an
 * event at the source's current time (the effect animates to it, as
 * `done` strikes a task); any other param makes the effect anew from the
 * start, since the effect is made from it; the look (theme, font, scale,
 * wrap width) draws the same moment anew. Each live bool param has a
 * hotkey that toggles it, through the source's settings, so the property
 * shows it and the scene saves it.
 *
 * The picture is drawn by the host into premultiplied RGBA bytes only when
 * the frame differs from the one drawn last (effect_host_picture_changed),
 * uploaded into a texture, and drawn with sRGB-byte blending, as
 * `effect-host render`, ffmpeg's overlay and the other adapters blend: the
 * texture is declared GS_RGBA_UNORM (no sRGB decode) and the framebuffer's
 * sRGB conversion is off while it is drawn, so OBS 28+'s linear blending
 * does not darken anti-aliased edges.
 *
 * Threads: update, video_tick and video_render run on OBS's graphics
 * thread (and create's first update on the caller's); they alone touch
 * the effect, the picture and the texture, under draw_lock, which is
 * uncontended unless a program renders the source from a thread of its
 * own. Buttons, hotkeys, media controls and show/hide come from other
 * threads and only move the clock or ask for a restart, under lock; a
 * hotkey changes the settings, which OBS hands to update.
 */
#include "effect_obs.h"

#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct toggle {
    struct effect_source *source;
    const char *name;         /* the param's, the plugin handle's copy */
    obs_hotkey_id hotkey;
} toggle;

typedef struct effect_source {
    obs_source_t *source;
    effect_type *type;        /* held: see effect_obs_type_retain */

    pthread_mutex_t lock;     /* guards the fields down to `duration_ms` */
    double t;                 /* the effect's time, seconds */
    int showing;
    int paused;
    int restart;              /* set t to 0 and the effect back to its start */
    int rebuild;              /* make the effect anew at t (a seek before its events) */
    int restart_when_shown;
    double events_until;      /* the latest event's time */
    int64_t duration_ms;      /* for OBS's media controls: the end, or 0 for a loop */
    int ends;
    uint32_t width, height;

    /* The graphics thread's, under draw_lock: a program may also render the
     * source from a thread of its own inside obs_enter_graphics while
     * OBS's graphics thread ticks it. */
    pthread_mutex_t draw_lock;
    effect_value *values;     /* the params as the effect was given them (strings owned) */
    int *given;
    char *theme, *font;
    double scale, wrap_width;
    effect_host_instance *instance;
    effect_host_picture *picture;
    int events;               /* events set since the effect was made */
    uint8_t *pixels;
    uint32_t pixel_width, pixel_height;
    gs_texture_t *texture;
    uint32_t texture_width, texture_height;
    int drawn;                /* pixels hold the frame at drawn_t */
    double drawn_t;
    int uploaded;             /* the texture holds the pixels */
    char said[EFFECT_ERROR_MESSAGE_CAPACITY + 200];

    toggle *toggles;
    uint32_t toggle_count;
    obs_hotkey_id replay_hotkey;
} effect_source;

/* OBS's log, each distinct line once in a row: a failure met every frame
 * is said once. */
static void say(effect_source *s, int level, const char *format, ...) {
    char line[sizeof s->said];
    va_list args;
    va_start(args, format);
    vsnprintf(line, sizeof line, format, args);
    va_end(args);
    if (strcmp(line, s->said) == 0) return;
    snprintf(s->said, sizeof s->said, "%s", line);
    blog(level, EFFECT_OBS_LOG "%s: %s", obs_source_get_name(s->source), line);
}

static const char *type_name(void *type_data) { return ((const effect_type *)type_data)->display_name; }

static void free_values(effect_source *s) {
    for (uint32_t i = 0; s->values != NULL && i < s->type->param_count; i++)
        if (s->values[i].type == EFFECT_TYPE_STRING || s->values[i].type == EFFECT_TYPE_ENUM)
            bfree((char *)s->values[i].string);
}

static void keep_value(effect_value *to, const effect_value *from) {
    *to = *from;
    if (from->type == EFFECT_TYPE_STRING || from->type == EFFECT_TYPE_ENUM) to->string = bstrdup(from->string);
}

static void drop_effect(effect_source *s) {
    effect_host_picture_free(s->picture);
    effect_host_instance_free(s->instance);
    s->picture = NULL;
    s->instance = NULL;
    s->drawn = 0;
    pthread_mutex_lock(&s->lock);
    s->width = s->height = 0;
    pthread_mutex_unlock(&s->lock);
}

/* Reads the instance's timing for OBS's media controls. */
static void read_timing(effect_source *s) {
    effect_instance_info info = {0};
    info.struct_size = sizeof info;
    const effect_plugin_api *table = effect_host_plugin_table(s->type->plugin);
    int ok = table->instance_info(effect_host_instance_handle(s->instance), &info, NULL) == EFFECT_OK;
    pthread_mutex_lock(&s->lock);
    s->ends = ok && info.timing == EFFECT_TIMING_ENDS;
    s->duration_ms = s->ends ? (int64_t)llround(info.end * 1000.0) : 0;
    pthread_mutex_unlock(&s->lock);
}

/* The picture of the current instance in the current look, and the
 * source's size from it. */
static int make_picture(effect_source *s) {
    effect_error error = {sizeof error, 0, {0}};
    effect_host_picture_free(s->picture);
    s->picture = NULL;
    s->drawn = 0;
    if (s->instance == NULL) return 0;
    effect_host_look look = {sizeof look, EFFECT_APPEARANCE_LIGHT, s->wrap_width, NULL, EFFECT_HOST_GROUND_TRANSPARENT, 0};
    if (strcmp(s->theme, "dark") == 0) look.appearance = EFFECT_APPEARANCE_DARK;
    if (s->font[0]) look.font = s->font;
    effect_status status = effect_host_picture_create(s->instance, &look, &s->picture, &error);
    if (status == EFFECT_HOST_ERR_MISSING && look.font != NULL) {
        /* A font file that cannot be used: said, and drawn in the default font. */
        say(s, LOG_WARNING, "font '%s': %s; drawing in Inter", s->font, error.message);
        look.font = NULL;
        status = effect_host_picture_create(s->instance, &look, &s->picture, &error);
    }
    uint32_t width = 0, height = 0;
    if (status == EFFECT_OK)
        status = effect_host_picture_pixel_size(s->picture, s->scale, &width, &height, &error);
    if (status != EFFECT_OK) {
        say(s, LOG_WARNING, "cannot draw: %s", error.message);
        drop_effect(s);
        return 0;
    }
    if (width != s->pixel_width || height != s->pixel_height) {
        bfree(s->pixels);
        s->pixels = bmalloc((size_t)width * height * 4);
        s->pixel_width = width;
        s->pixel_height = height;
    }
    pthread_mutex_lock(&s->lock);
    s->width = width;
    s->height = height;
    pthread_mutex_unlock(&s->lock);
    return 1;
}

/* Makes the effect anew from the params as given. */
static int make_effect(effect_source *s) {
    effect_error error = {sizeof error, 0, {0}};
    effect_host_picture_free(s->picture);
    effect_host_instance_free(s->instance);
    s->picture = NULL;
    s->instance = NULL;
    s->events = 0;
    pthread_mutex_lock(&s->lock);
    s->events_until = 0;
    pthread_mutex_unlock(&s->lock);
    effect_param_setting *settings = bzalloc((s->type->param_count + 1) * sizeof *settings);
    uint32_t count = 0;
    for (uint32_t i = 0; i < s->type->param_count; i++) {
        if (!s->given[i]) continue;
        effect_param_info info = {0};
        info.struct_size = sizeof info;
        effect_host_plugin_param(s->type->plugin, s->type->effect_index, i, &info, NULL);
        settings[count].name = info.name;
        settings[count].value = s->values[i];
        count++;
    }
    effect_status status =
        effect_host_instance_create(s->type->plugin, s->type->effect_id, settings, count, &s->instance, &error);
    bfree(settings);
    if (status != EFFECT_OK) {
        say(s, LOG_WARNING, "cannot make the effect: %s", error.message);
        drop_effect(s);
        return 0;
    }
    const char *notes = effect_host_instance_notes(s->instance);
    if (notes != NULL) say(s, LOG_INFO, "%s", notes);
    read_timing(s);
    return make_picture(s);
}

/* Takes the request the other threads left: a restart or a rebuild. */
static void take_requests(effect_source *s) {
    pthread_mutex_lock(&s->lock);
    int restart = s->restart, rebuild = s->rebuild;
    s->restart = s->rebuild = 0;
    pthread_mutex_unlock(&s->lock);
    /* An effect without events is the same from its start: only the clock moves. */
    if ((restart || rebuild) && (s->events > 0 || s->instance == NULL) && s->type->plugin != NULL) make_effect(s);
}

static double now(effect_source *s) {
    pthread_mutex_lock(&s->lock);
    double t = s->t;
    pthread_mutex_unlock(&s->lock);
    return t;
}

static void update_locked(effect_source *s, obs_data_t *settings) {
    const effect_type *type = s->type;
    take_requests(s);
    int remake = s->instance == NULL, renew = 0, restyle = 0;
    const char *theme = obs_data_get_string(settings, KEY_THEME), *font = obs_data_get_string(settings, KEY_FONT);
    double scale = obs_data_get_double(settings, KEY_SCALE), wrap = obs_data_get_double(settings, KEY_WIDTH);
    if (!isfinite(scale) || scale < 0.25) scale = 0.25;
    if (scale > 16) scale = 16;
    if (!isfinite(wrap) || wrap < 10) wrap = 10;
    if (wrap > 10000) wrap = 10000;
    if (s->theme == NULL || strcmp(theme, s->theme) != 0 || strcmp(font, s->font) != 0 || scale != s->scale ||
        wrap != s->wrap_width)
        restyle = 1;
    bfree(s->theme);
    bfree(s->font);
    s->theme = bstrdup(theme);
    s->font = bstrdup(font);
    s->scale = scale;
    s->wrap_width = wrap;
    pthread_mutex_lock(&s->lock);
    s->restart_when_shown = obs_data_get_bool(settings, KEY_RESTART);
    double t = s->t;
    pthread_mutex_unlock(&s->lock);

    /* Which params changed, and whether each can be an event. */
    effect_value *values = bzalloc((type->param_count + 1) * sizeof *values);
    int *given = bzalloc((type->param_count + 1) * sizeof *given);
    int *live_change = bzalloc((type->param_count + 1) * sizeof *live_change);
    for (uint32_t i = 0; i < type->param_count; i++) {
        effect_value value;
        given[i] = effect_obs_param_value(type, settings, i, &value);
        if (given[i]) keep_value(&values[i], &value);
        if (s->values == NULL) continue;
        if (given[i] == s->given[i] && (!given[i] || effect_obs_same_value(&values[i], &s->values[i]))) continue;
        effect_param_info info = {0};
        info.struct_size = sizeof info;
        effect_host_plugin_param(type->plugin, type->effect_index, i, &info, NULL);
        if (!(info.flags & EFFECT_PARAM_LIVE)) remake = 1;
        /* Set back to its default: the effect's own, which may follow the
         * appearance (a text colour), is what an effect made without it has. */
        else if (!given[i] && !(info.flags & EFFECT_PARAM_OPTIONAL)) renew = 1;
        else live_change[i] = 1;
    }
    free_values(s);
    bfree(s->values);
    bfree(s->given);
    s->values = values;
    s->given = given;

    if (remake || renew) {
        /* Made from what changed: it starts again. Renewed: the same moment of the effect made anew. */
        if (remake) {
            pthread_mutex_lock(&s->lock);
            s->t = 0;
            pthread_mutex_unlock(&s->lock);
        }
        make_effect(s);
    } else {
        for (uint32_t i = 0; i < type->param_count; i++) {
            if (!live_change[i]) continue;
            effect_param_info info = {0};
            info.struct_size = sizeof info;
            effect_host_plugin_param(type->plugin, type->effect_index, i, &info, NULL);
            /* An optional param unticked is unset (its default, NONE). */
            const effect_value *value = given[i] ? &values[i] : &info.default_value;
            effect_error error = {sizeof error, 0, {0}};
            if (effect_host_instance_set_param(s->instance, info.name, value, t, &error) != EFFECT_OK) {
                say(s, LOG_WARNING, "%s: %s", info.name, error.message);
                continue;
            }
            s->events++;
            s->drawn = 0;
            pthread_mutex_lock(&s->lock);
            if (t > s->events_until) s->events_until = t;
            pthread_mutex_unlock(&s->lock);
            read_timing(s);
        }
        if (restyle) make_picture(s);
    }
    bfree(live_change);
}

static void update(void *data, obs_data_t *settings) {
    effect_source *s = data;
    if (s->type->plugin == NULL) return;
    pthread_mutex_lock(&s->draw_lock);
    update_locked(s, settings);
    pthread_mutex_unlock(&s->draw_lock);
}

void effect_obs_replay(void *data) {
    effect_source *s = data;
    pthread_mutex_lock(&s->lock);
    s->t = 0;
    s->restart = 1;
    pthread_mutex_unlock(&s->lock);
}

static void replay_pressed(void *data, obs_hotkey_id id, obs_hotkey_t *hotkey, bool pressed) {
    (void)id;
    (void)hotkey;
    if (pressed) effect_obs_replay(data);
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
        effect_param_info info = {0};
        info.struct_size = sizeof info;
        if (effect_host_plugin_param(type->plugin, type->effect_index, i, &info, NULL) != EFFECT_OK) continue;
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
    if (s->type->plugin != NULL) obs_hotkey_unregister(s->replay_hotkey);
    bfree(s->toggles);
    obs_enter_graphics();
    gs_texture_destroy(s->texture);
    obs_leave_graphics();
    drop_effect(s);
    free_values(s);
    bfree(s->values);
    bfree(s->given);
    bfree(s->theme);
    bfree(s->font);
    bfree(s->pixels);
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
    pthread_mutex_lock(&s->lock);
    if (s->showing && !s->paused && isfinite(seconds) && seconds > 0) s->t += seconds;
    pthread_mutex_unlock(&s->lock);
    if (s->type->plugin == NULL) return;
    pthread_mutex_lock(&s->draw_lock);
    take_requests(s);
    pthread_mutex_unlock(&s->draw_lock);
}

/* Brings the pixels and the texture to the frame at the source's time. */
static void draw_frame(effect_source *s) {
    double t = now(s);
    if (s->picture == NULL) return;
    if (!s->drawn || t != s->drawn_t) {
        effect_error error = {sizeof error, 0, {0}};
        int changed = 1;
        if (s->drawn && effect_host_picture_changed(s->picture, t, &changed, &error) != EFFECT_OK) changed = 1;
        if (changed) {
            if (effect_host_picture_draw_pixels(s->picture, t, s->pixels, s->pixel_width, s->pixel_height,
                                                s->pixel_width * 4, EFFECT_HOST_PIXELS_RGBA_PREMULTIPLIED,
                                                &error) != EFFECT_OK) {
                say(s, LOG_WARNING, "cannot draw t = %.3f s: %s", t, error.message);
                return;
            }
            s->uploaded = 0;
            const char *note = effect_host_picture_font_note(s->picture);
            if (note != NULL) say(s, LOG_INFO, "%s", note);
            note = effect_host_picture_missing_characters(s->picture);
            if (note != NULL) say(s, LOG_WARNING, "%s", note);
        }
        s->drawn = 1;
        s->drawn_t = t;
    }
    if (s->uploaded) return;
    if (s->texture == NULL || s->texture_width != s->pixel_width || s->texture_height != s->pixel_height) {
        gs_texture_destroy(s->texture);
        const uint8_t *planes[1] = {s->pixels};
        s->texture = gs_texture_create(s->pixel_width, s->pixel_height, GS_RGBA_UNORM, 1, planes, GS_DYNAMIC);
        s->texture_width = s->pixel_width;
        s->texture_height = s->pixel_height;
    } else {
        gs_texture_set_image(s->texture, s->pixels, s->pixel_width * 4, false);
    }
    s->uploaded = s->texture != NULL;
}

static void video_render(void *data, gs_effect_t *effect) {
    effect_source *s = data;
    if (s->type->plugin == NULL) return;
    pthread_mutex_lock(&s->draw_lock);
    draw_frame(s);
    if (s->texture == NULL || s->picture == NULL) {
        pthread_mutex_unlock(&s->draw_lock);
        return;
    }
    /* Premultiplied sRGB bytes blended as bytes: render's pixels. */
    const bool previous = gs_framebuffer_srgb_enabled();
    gs_enable_framebuffer_srgb(false);
    gs_blend_state_push();
    gs_blend_function(GS_BLEND_ONE, GS_BLEND_INVSRCALPHA);
    gs_effect_set_texture(gs_effect_get_param_by_name(effect, "image"), s->texture);
    gs_draw_sprite(s->texture, 0, s->texture_width, s->texture_height);
    gs_blend_state_pop();
    gs_enable_framebuffer_srgb(previous);
    pthread_mutex_unlock(&s->draw_lock);
}

static void start_over_if_asked(effect_source *s) {
    pthread_mutex_lock(&s->lock);
    if (s->restart_when_shown) {
        s->t = 0;
        s->restart = 1;
    }
    pthread_mutex_unlock(&s->lock);
}

static void show(void *data) {
    effect_source *s = data;
    start_over_if_asked(s);
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

static void activate(void *data) { start_over_if_asked(data); }

static void media_play_pause(void *data, bool pause) {
    effect_source *s = data;
    pthread_mutex_lock(&s->lock);
    s->paused = pause;
    pthread_mutex_unlock(&s->lock);
}

static void media_restart(void *data) {
    effect_source *s = data;
    effect_obs_replay(s);
    pthread_mutex_lock(&s->lock);
    s->paused = 0;
    pthread_mutex_unlock(&s->lock);
}

static void media_stop(void *data) {
    effect_source *s = data;
    pthread_mutex_lock(&s->lock);
    s->t = 0;
    s->restart = 1;
    s->paused = 1;
    pthread_mutex_unlock(&s->lock);
}

static int64_t media_get_time(void *data) {
    effect_source *s = data;
    pthread_mutex_lock(&s->lock);
    int64_t ms = (int64_t)llround(s->t * 1000.0);
    pthread_mutex_unlock(&s->lock);
    return ms;
}

static void media_set_time(void *data, int64_t ms) {
    effect_source *s = data;
    pthread_mutex_lock(&s->lock);
    s->t = ms > 0 ? (double)ms / 1000.0 : 0;
    /* Events happen at times: before the latest one, the effect is made anew from the settings as they are. */
    if (s->t < s->events_until) s->rebuild = 1;
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
    else if (s->paused) state = OBS_MEDIA_STATE_PAUSED;
    else if (s->ends && s->t * 1000.0 >= (double)s->duration_ms) state = OBS_MEDIA_STATE_ENDED;
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
