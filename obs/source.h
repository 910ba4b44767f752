/*
 * source.h: one OBS source of an effect, shared by source.c (OBS's
 * callbacks, the clock, settings and hotkeys) and frame.c (the picture,
 * its pixels and its texture).
 */
#ifndef EFFECT_OBS_SOURCE_H
#define EFFECT_OBS_SOURCE_H

#include "effect_obs.h"

#include <pthread.h>

#define SAID_LINES 16

typedef struct toggle {
    struct effect_source *source;
    const char *name;         /* the param's, the plugin handle's copy */
    obs_hotkey_id hotkey;
} toggle;

typedef struct effect_source {
    obs_source_t *source;
    effect_type *type;        /* held: see effect_obs_type_retain */

    pthread_mutex_t lock;     /* guards the fields down to `height` */
    double t;                 /* the effect's time, seconds */
    int showing;
    int paused;
    int stopped;              /* OBS's media stop: paused at the start */
    int restart;              /* back to the start, playing: the graphics thread remakes the effect */
    int restart_when_shown;
    int64_t duration_ms;      /* for OBS's media controls: the end, or 0 for a loop */
    int ends;
    uint32_t width, height;

    /* The graphics thread's, under draw_lock: a program may also render the
     * source from a thread of its own inside obs_enter_graphics while
     * OBS's graphics thread ticks it. */
    pthread_mutex_t draw_lock;
    effect_value *values;     /* the params as the settings give them now (owned), where given */
    int *given;
    char *theme, *font;
    double scale, wrap_width;
    effect_host_instance *instance; /* made from `values`, then events; NULL when it could not be made */
    int has_events;           /* events set since it was made: a restart makes it anew */
    effect_host_picture *picture;
    uint8_t *pixels;
    uint32_t pixel_width, pixel_height;
    gs_texture_t *texture;
    uint32_t texture_width, texture_height;
    int drawn;                /* pixels hold the frame at drawn_t */
    double drawn_t;
    int uploaded;             /* the texture holds the pixels */
    char said[SAID_LINES][EFFECT_ERROR_MESSAGE_CAPACITY + 200];
    unsigned said_next;

    toggle *toggles;
    uint32_t toggle_count;
    obs_hotkey_id replay_hotkey;
} effect_source;

/* OBS's log, each distinct line once until the settings change: a failure
 * met every frame is said once, and notes that take turns are not said
 * again and again. */
void source_say(effect_source *s, int level, const char *format, ...);
void source_forget_said(effect_source *s);

/* The picture of the current effect in the current look, and the source's
 * size from it; 0 (said) when there is none. */
int source_make_picture(effect_source *s);
void source_drop_picture(effect_source *s);
/* Draws the frame at the source's time, when it differs from the one the
 * texture holds, and the texture. */
void source_render(effect_source *s, gs_effect_t *effect, double t);
void source_free_frame(effect_source *s);

#endif
