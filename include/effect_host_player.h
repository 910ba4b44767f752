/*
 * effect_host_player.h: playing in real time.
 * Part of effect_host.h, the effect host library: include that; its
 * conventions are in effect_host_core.h.
 *
 * The Player of `effect-host run`: frames paced by a Dispatch timer, late
 * ones dropped.
 */
#ifndef EFFECT_HOST_PLAYER_H
#define EFFECT_HOST_PLAYER_H

#include "effect_host_instances.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------
 * Playing in real time
 * ------------------------------------------------------------------------ */

typedef struct effect_host_player effect_host_player;

/* One frame of a run: t, and the frame's values as effect.h's sample
 * writes them (value_count doubles), valid during the callback only. */
typedef struct effect_host_frame {
    uint32_t struct_size;       /* sizeof(effect_host_frame) */
    uint32_t reserved;
    uint64_t index;             /* the frame's number: due at index / fps */
    double t;                   /* the effect's time: index / fps offline; in real
                                   time the clock's time since the run began, the
                                   last frame exactly at its end */
    const double *values;
    uint64_t value_count;
} effect_host_frame;

/* Called once per frame on the player's own Dispatch queue (a thread
 * that is not the caller's); frames never overlap. Return 0 to go on, or
 * nonzero to end the run (as effect_host_player_stop). It must not run or
 * free its own player (running it again returns EFFECT_HOST_ERR_BUSY).
 * Threads: one at a time. */
typedef int (*effect_host_frame_fn)(void *context, const effect_host_frame *frame);

/* effect_host_play_options.flags */
#define EFFECT_HOST_PLAY_OFFLINE        1u  /* every frame as fast as possible,
                                              not paced by the clock */
#define EFFECT_HOST_PLAY_HEAR_SIGNALS   2u  /* SIGINT, SIGTERM and SIGHUP stop the
                                              run while it plays; a second one
                                              before it has stopped ends the
                                              process (128 + the signal) */

typedef struct effect_host_play_options {
    uint32_t struct_size;       /* sizeof(effect_host_play_options) */
    uint32_t flags;             /* EFFECT_HOST_PLAY_* [0] */
    double fps;                 /* frames a second, 0.1 to 1000 [0: 60] */
    double duration;            /* seconds, up to 1e9 [0: the effect's span] */
    effect_host_frame_fn frame; /* required */
    void *context;              /* handed to frame [NULL] */
} effect_host_play_options;

/* A player for the instance, as `effect-host run` plays: a Dispatch timer
 * every 1/fps, and a frame that is late is dropped, never queued (the
 * next tick shows the frame due then).
 * Errors: NULL_POINTER (instance, options, options->frame), STRUCT_SIZE,
 * RANGE (fps, duration), EFFECT_HOST_ERR_TOO_MUCH (more than 1e12 + 1 frames),
 * and the plugin's own.
 * Threads: reads the instance. */
EFFECT_HOST_API effect_status effect_host_player_create(effect_host_instance *instance,
                                                        const effect_host_play_options *options,
                                                        effect_host_player **out, effect_error *error);

/* Plays, and blocks the calling thread until the last frame, a stop, or a
 * plugin error. *shown and *dropped (each may be NULL) receive the frames
 * shown and dropped. A run ended by a stop returns EFFECT_HOST_ERR_CANCELLED.
 * One run at a time per player: a second, from another thread or from the
 * frame callback, returns EFFECT_HOST_ERR_BUSY at once. A player may run
 * again after it returns.
 * Errors: NULL_POINTER, EFFECT_HOST_ERR_CANCELLED, EFFECT_HOST_ERR_BUSY,
 * and the plugin's own.
 * Threads: any. */
EFFECT_HOST_API effect_status effect_host_player_run(effect_host_player *player, uint64_t *shown, uint64_t *dropped,
                                                     effect_error *error);

/* Ends the current run within a frame, or the next run before its first
 * frame if none is running (a stop that comes as a run finishes is spent
 * with it). A NULL player does nothing.
 * Async-signal-safe: call it from any thread or from a signal handler,
 * concurrently with effect_host_player_run.
 * Threads: signal-safe. */
EFFECT_HOST_API void effect_host_player_stop(effect_host_player *player);

/* Frees the player; not while it runs.
 * Threads: changes the player. */
EFFECT_HOST_API void effect_host_player_free(effect_host_player *player);

/* Layout checks (LP64) */
#if defined(__LP64__) || defined(_WIN64)
EFFECT_STATIC_ASSERT(sizeof(effect_host_frame) == 40, effect_host_frame_size);
EFFECT_STATIC_ASSERT(sizeof(effect_host_play_options) == 40, effect_host_play_options_size);
#endif

#ifdef __cplusplus
}
#endif

#endif /* EFFECT_HOST_PLAYER_H */
