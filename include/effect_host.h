/*
 * effect_host.h: the effect host library, API version 1.4.
 *
 * effect.h is what a plugin offers: numbers and a display list for any t.
 * This header is what the host offers on top of it, to any language that
 * can call C: plugins found and loaded by the host's rules, instances
 * created with the host's text services, frames drawn to pixels or into a
 * cairo context with real fonts, whole renders to every file `effect-host
 * render` writes, web and Lottie exports, the conformance report of
 * `effect-host validate`, and the real-time Player of `effect-host run`.
 * The command-line tool is a shell over the same code.
 *
 *     #include <effect_host.h>
 *     cc app.c $(pkg-config --cflags --libs effect-host)
 *
 * links libeffecthost.so. Sampling stays a direct call into the plugin's
 * table (effect_host_plugin_table, effect_host_instance_handle): this
 * library adds nothing per sample.
 *
 * Include this header; it includes the parts, one concern each, which
 * are installed beside it and read on their own:
 *
 *   effect_host_core.h       the conventions every function keeps (errors,
 *                            handles, strings, threads, option structs,
 *                            limits, processes), the version, the statuses
 *   effect_host_plugins.h    plugins opened by path; the search path
 *   effect_host_metadata.h   what a plugin offers, as the host checked it;
 *                            names and values read by the host's grammar
 *   effect_host_instances.h  instances, their params and events
 *   effect_host_pictures.h   frames drawn into pixels or a cairo context
 *   effect_host_drawing.h    a frame as checked items with their places
 *                            resolved, to draw with another toolkit
 *   effect_host_render.h     renders and exports to files
 *   effect_host_validate.h   the conformance report
 *   effect_host_player.h     playing in real time
 */
#ifndef EFFECT_HOST_H
#define EFFECT_HOST_H

#include "effect_host_core.h"
#include "effect_host_plugins.h"
#include "effect_host_metadata.h"
#include "effect_host_instances.h"
#include "effect_host_pictures.h"
#include "effect_host_drawing.h"
#include "effect_host_render.h"
#include "effect_host_validate.h"
#include "effect_host_player.h"

#endif /* EFFECT_HOST_H */
