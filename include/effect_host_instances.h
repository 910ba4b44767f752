/*
 * effect_host_instances.h: instances of an effect, with their params and events.
 * Part of effect_host.h, the effect host library: include that; its
 * conventions are in effect_host_core.h.
 *
 * An instance made through the host gets its text services, takes params
 * and events as values or as "NAME=VALUE" text, and is what pictures,
 * renders, exports and players draw.
 */
#ifndef EFFECT_HOST_INSTANCES_H
#define EFFECT_HOST_INSTANCES_H

#include "effect_host_plugins.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------
 * Instances
 * ------------------------------------------------------------------------ */

typedef struct effect_host_instance effect_host_instance;

/* Creates an instance of `effect_id` with `settings` (as effect.h's
 * create), offering the host's text services, so that Chinese, Japanese
 * and Thai text is split into words. *out receives an instance the caller
 * frees with effect_host_instance_free.
 * Errors: NULL_POINTER, UTF8, UNKNOWN_EFFECT, UNKNOWN_PARAM, TYPE, RANGE,
 * DUPLICATE, and the plugin's own.
 * Threads: any. */
EFFECT_HOST_API effect_status effect_host_instance_create(effect_host_plugin *plugin, const char *effect_id,
                                                          const effect_param_setting *settings, uint32_t setting_count,
                                                          effect_host_instance **out, effect_error *error);

/* As effect_host_instance_create, with each param given as "NAME=VALUE"
 * text written as `effect-host --param` takes it (numbers, true/false,
 * choices by name, colours as #RRGGBB[AA], text as is).
 * Errors: as effect_host_instance_create, and RANGE for text that is not
 * NAME=VALUE or a value that does not read.
 * Threads: any. */
EFFECT_HOST_API effect_status effect_host_instance_create_text(effect_host_plugin *plugin, const char *effect_id,
                                                               const char *const *assignments, uint32_t count,
                                                               effect_host_instance **out, effect_error *error);

/* The plugin's instance, for its table's sample, sample_many, draw and
 * the other reads. Owned by the handle; never destroy it yourself, and set
 * events through effect_host_instance_set_param, so that the host knows
 * them (an export's reduced-motion twin replays them). NULL for NULL.
 * effect_host_instance_edit_param and _forget_param may make the instance
 * again: the pointer changes then, so ask again after either.
 * Threads: reads the instance. */
EFFECT_HOST_API effect_instance *effect_host_instance_handle(const effect_host_instance *instance);

/* An event, as effect.h's set_param: from time t on, `name` has `value`.
 * Needs exclusive access to the instance.
 * Errors: NULL_POINTER, UTF8, UNKNOWN_PARAM, NOT_LIVE, TYPE, RANGE, TIME.
 * Threads: changes the instance. */
EFFECT_HOST_API effect_status effect_host_instance_set_param(effect_host_instance *instance, const char *name,
                                                             const effect_value *value, double t, effect_error *error);

/* An event set while editing the instance's history, as an editor takes a
 * change made after stepping back: as effect_host_instance_set_param,
 * except that the events set strictly later than t are taken out first
 * and the instance is made again from its create-time params and the
 * events kept (events at t itself stay, so several params may be set at
 * one t). Without a later event it is exactly set_param, and nothing is
 * made again. A program that plays an effect live and lets its user seek
 * back and change a param (OBS's source, a GStreamer element) sets its
 * changes here, so that the history after the change is the one the user
 * makes from there. Since API 1.6.
 * When the instance is made again: the pointer effect_host_instance_handle
 * returned before is no longer the instance's (ask again; the old one
 * lives only as long as a player made before holds it), its pictures draw
 * the new one from their next call on (keeping the size they were made
 * at: make a new picture when the size should follow), its notes are read
 * again, and a player made before keeps playing the instance as it was
 * when the player was made: make a new player to play the edited history.
 * On any failure the instance, its params and its events are as they were
 * (the new instance is made first, and kept only when every step
 * succeeded).
 * Errors: as effect_host_instance_set_param, and the plugin's own (for a
 * create or an event it refuses when made again; the message then says
 * the event's time).
 * Threads: changes the instance. */
EFFECT_HOST_API effect_status effect_host_instance_edit_param(effect_host_instance *instance, const char *name,
                                                              const effect_value *value, double t, effect_error *error);

/* Takes param `name` out of the instance's history from the start: its
 * create-time value and every event that set it, every other param and
 * event kept, and makes the instance again, so the effect's own default
 * holds from 0 on (a default that follows the appearance, like a text
 * colour, follows it again): what a program does when its user sets a
 * param back to its default. A param that was never set is taken out all
 * the same: the instance is made again as it was. Since API 1.6.
 * The handle's pointer, pictures, notes and players, and a failure, are
 * as for effect_host_instance_edit_param when it makes the instance again.
 * Errors: NULL_POINTER, UTF8, UNKNOWN_PARAM, and the plugin's own.
 * Threads: changes the instance. */
EFFECT_HOST_API effect_status effect_host_instance_forget_param(effect_host_instance *instance, const char *name,
                                                                effect_error *error);

/* An event given as "NAME=VALUE" text (see effect_host_instance_create_text).
 * Threads: changes the instance. */
EFFECT_HOST_API effect_status effect_host_instance_set_param_text(effect_host_instance *instance,
                                                                  const char *assignment, double t,
                                                                  effect_error *error);

/* An event given as "T:NAME=VALUE" text, as `effect-host --at` takes it:
 * T a time in seconds >= 0 (a decimal number), then an assignment read as
 * effect_host_instance_set_param_text reads it. One grammar for every
 * front end: a host with a text field of events (the frei0r adapter's
 * `events`, space-separated) splits its own list and sets each here.
 * Since API 1.4.
 * Errors: NULL_POINTER, UTF8, RANGE (text that is not T:NAME=VALUE, a time
 * that is not seconds >= 0, a value the param does not take: the message
 * says which), and set_param's.
 * Threads: changes the instance. */
EFFECT_HOST_API effect_status effect_host_instance_set_event_text(effect_host_instance *instance, const char *event,
                                                                  effect_error *error);

/* Stores in *seconds how long the effect plays by itself: to its end, or
 * through its entrance and one period of its loop, and never less than its
 * latest event's time. What render and run take when given no duration.
 * Errors: NULL_POINTER, and the plugin's own.
 * Threads: reads the instance. */
EFFECT_HOST_API effect_status effect_host_instance_span(const effect_host_instance *instance, double *seconds,
                                                        effect_error *error);

/* Stores in *seconds the moment a still shows when none is named: the
 * effect's settled look, at its end (and never before its latest event),
 * or where its loop starts. What render draws for a still without
 * EFFECT_HOST_RENDER_AT_TIME; a front end showing one frame of an effect
 * (a notebook's picture, a studio's first frame) asks here rather than
 * deciding from the timing itself. Since API 1.7.
 * Errors: NULL_POINTER, and the plugin's own.
 * Threads: reads the instance. */
EFFECT_HOST_API effect_status effect_host_instance_settled_time(const effect_host_instance *instance, double *seconds,
                                                                effect_error *error);

/* What the effect says of its params as given, that the frames alone would
 * not (text-reveal: a highlight phrase that matches no word of its text):
 * one line each, "\n" between them, control characters escaped as \u{...};
 * NULL when there are none, from a plugin before ABI 1.5, and for a NULL
 * instance. A host says each to its user once, as render and export do
 * through their note callback. A reading accessor: the same string until
 * an event changes it, valid until the next set_param or free. Since API
 * 1.3.
 * Threads: reads the instance. */
EFFECT_HOST_API const char *effect_host_instance_notes(const effect_host_instance *instance);

/* Releases the handle; its pictures and players keep the instance alive,
 * and the plugin's instance is destroyed with the last of them. NULL does
 * nothing.
 * Threads: changes the instance. */
EFFECT_HOST_API void effect_host_instance_free(effect_host_instance *instance);

#ifdef __cplusplus
}
#endif

#endif /* EFFECT_HOST_INSTANCES_H */
