/*
 * effect_obs.h: the OBS Studio face of the effects, shared by the module's
 * files.
 *
 * One source type per effect the host finds (module.c): its properties
 * and defaults come from the effect's metadata as the host library checked
 * it (properties.c), and each source draws the effect with the host's
 * renderer into a texture (source.c). An effect the module offered before
 * whose plugin has since gone keeps a type of its own, hidden from the Add
 * menu, so that a saved scene still opens and its source says why in
 * OBS's log.
 */
#ifndef EFFECT_OBS_H
#define EFFECT_OBS_H

#include "effect_host.h"

#include <obs-module.h>

#define EFFECT_OBS_LOG "[effect-host] "

/* The settings the module adds to an effect's own params. Effect params
 * are snake_case, so a key with a dot never meets one. */
#define KEY_THEME    "look.theme"      /* "light" or "dark" */
#define KEY_FONT     "look.font"       /* a family, a font file, or "" for Inter */
#define KEY_SCALE    "look.scale"      /* pixels per point */
#define KEY_WIDTH    "look.wrap_width" /* the width offered to the view, in points */
#define KEY_RESTART  "play.restart_when_shown"
#define KEY_REPLAY   "play.replay"     /* the button */
/* An optional param's "set" box: the param's name with this suffix. */
#define SET_SUFFIX   ".set"

/* One source type: the effect it draws, read once when the module loads. */
typedef struct effect_type {
    char *type_id;            /* "effect_host_" + the effect id: saved in scenes */
    char *effect_id;
    char *display_name;       /* the effect's name for people */
    char *plugin_path;
    effect_host_plugin *plugin; /* NULL for an effect whose plugin is gone */
    uint32_t effect_index;
    uint32_t param_count;
    char *missing;            /* why it cannot be drawn, when plugin is NULL */
    volatile long refs;       /* OBS's, and one per source of it */
} effect_type;

/* A source holds its type: OBS frees a type's data at shutdown, and may
 * destroy a source after that (its destruction queue). */
void effect_obs_type_retain(effect_type *type);
void effect_obs_type_release(effect_type *type);

/* Registers one source type per effect on the plugin search path, and the
 * hidden ones for effects offered before that are now gone (module.c). */
void effect_obs_register_types(void);

/* The source callbacks (source.c), shared by every type. */
void effect_obs_fill_source_info(struct obs_source_info *info);

/* Param `index`'s metadata as the host checked it; 0 when there is none. */
int effect_obs_param(const effect_type *type, uint32_t index, effect_param_info *info);

/* Properties and settings (properties.c). */
void effect_obs_defaults(void *type_data, obs_data_t *settings);
obs_properties_t *effect_obs_properties(void *data, void *type_data);
/* The effect's param `index` as the user set it, into *value (strings
 * point into `settings`): 1. 0 when the user has not set it, so that the
 * effect takes its own default (which may follow the appearance); -1 when
 * the setting is not of the param's type (a program wrote it), with why in
 * `problem`. */
int effect_obs_param_value(const effect_type *type, obs_data_t *settings, uint32_t index, effect_value *value,
                           char *problem, size_t problem_size);
/* Whether two values are the same. */
int effect_obs_same_value(const effect_value *a, const effect_value *b);

/* OBS writes colours as 0xAABBGGRR, effect.h as 0xRRGGBBAA. */
uint32_t effect_obs_color_from_obs(long long abgr);
long long effect_obs_color_to_obs(uint32_t rgba);

/* "snake_case" as a label: "Snake case". Returns a bmalloc'd string. */
char *effect_obs_label(const char *name);

/* A value's own copy (strings copied), and its release. */
void effect_obs_value_keep(effect_value *to, const effect_value *from);
void effect_obs_value_drop(effect_value *value);

/* The source's own calls, for the buttons and hotkeys it registers. */
void effect_obs_replay(void *data);

#endif
