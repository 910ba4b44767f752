/*
 * effect_host_core.h: what every part of effect_host.h shares: its
 * conventions, the API version, and the statuses beyond effect.h's.
 * Part of effect_host.h, the effect host library: include that.
 *
 * ------------------------------------------------------------------------
 * Conventions
 * ------------------------------------------------------------------------
 *
 * The conventions of effect.h hold here too: every fallible function
 * returns an effect_status and takes a trailing `effect_error *error`
 * (which may be NULL) that receives a one-line UTF-8 message on failure;
 * no function aborts, prints or exits on bad input (NULL pointers, a
 * struct_size that is too small, NaN, unknown names, invalid UTF-8); all
 * strings are UTF-8 and NUL-terminated, and strings passed in are copied.
 * Statuses are effect.h's (a plugin's own failures pass through as its
 * status) and the EFFECT_HOST_ERR_* codes below.
 *
 * Handles.   Every object is an opaque handle the caller owns and frees
 *            with its *_free function (which takes NULL). Freeing is safe
 *            in any order: an instance keeps its plugin loaded, a picture
 *            or a player keeps its instance. A handle may not be used
 *            after it is freed, nor freed while another thread uses it.
 *
 * Strings.   A `const char *` this library returns belongs to the handle
 *            it came from and stays valid until that handle is freed (the
 *            exceptions, effect_host_picture_missing_characters and
 *            effect_host_picture_font_note, say their own lifetime). A
 *            file name that is not UTF-8 (a plugin file found in a
 *            directory) is written with each byte that is not part of a
 *            UTF-8 character as \xHH, as effect-host writes an argument it
 *            refuses, so the string stays UTF-8 and names that file alone.
 *
 * Results.   A function that makes an object stores it in *out and
 *            returns EFFECT_OK; on failure *out is NULL (whatever it held),
 *            so freeing it is always safe.
 *
 * Threads.   Any function may be called from any thread, and different
 *            handles may be used from different threads at once. What may
 *            overlap on one handle is each function's thread rule, the
 *            last line of its comment, in one of these forms:
 *              "Threads: any."          at any time, overlapping any call
 *                                       (the handle's free aside);
 *              "Threads: reads H."      may overlap the other reads of H,
 *                                       never a call that changes H;
 *              "Threads: changes H."    needs H alone: no other call on H
 *                                       may overlap it;
 *              "Threads: signal-safe."  any time, even from a signal
 *                                       handler;
 *            and for a callback the caller hands in, how it is called:
 *              "Threads: one at a time." on a thread that may not be the
 *                                       caller's, never overlapping itself.
 *            Where H is an instance, "changes" also means no call on its
 *            pictures and players, whose draws and runs read it: all the
 *            reads of one instance (its span and handle, sampling through
 *            the plugin's table, making its pictures, renders, exports
 *            and players, and their draws and runs) may run from several
 *            threads at once, while effect_host_instance_set_param,
 *            _set_param_text, _edit_param and _forget_param need it
 *            alone. A function that frees H changes it, and H is gone
 *            after it.
 *
 * Options.   Option structs are "in" structs: set struct_size to
 *            sizeof(the struct) and zero the rest, and every field takes
 *            its documented default (written in brackets). A field whose
 *            default is not 0 says "[0: DEFAULT]": 0 stands for that
 *            default there (a render's fps, scale and duration, an export's
 *            fps and appearances, a player's fps and duration, a
 *            placement's size, validation's seed and timeout). Where 0 is a
 *            value of its own, the field says so (a placement's x and y: 0
 *            is an edge). A NULL options pointer means all defaults. Fields
 *            a later minor appends take their defaults when the caller's
 *            struct ends before them; a struct_size larger than this
 *            library's struct (a caller built against a later minor) is
 *            taken, and the fields past this library's end are not read.
 *            Check effect_host_api_version before relying on them.
 *
 * Limits.    A buffer drawn into, and a render's frame, is 1 to 8192
 *            pixels a side (a buffer's stride at most 2147483644 bytes);
 *            frames come 0.1 to 1000 a second (a GIF's 50 at most); a
 *            duration, and a still's time, is 0 to 1e9 seconds; a render
 *            writes at most 1,000,000 frames (an HTML page 20,000, and
 *            200 MB); a player plays at most 1e12 + 1 frames (1e9 s at
 *            1000 a second, as effect-host run); a render's scale is 0.1
 *            to 8192 pixels a point, and the width a look offers the view
 *            10 to 10000 points; a placement's size is
 *            more than 0 and at most 64, its x and y -1e6 to 1e6; a
 *            validation check's timeout is at most 3600 seconds. A render
 *            or export that would pass a limit of frames, pixels or samples
 *            returns EFFECT_HOST_ERR_TOO_MUCH, whether its pixels were asked
 *            for by size or reached by a scale; any other value outside its
 *            range (a buffer's size or stride, an fps, a duration, a
 *            scale, a width, a placement) is EFFECT_ERR_RANGE.
 *
 * Signals.   Nothing here installs a signal handler unless asked to
 *            (EFFECT_HOST_RENDER_HEAR_SIGNALS, EFFECT_HOST_PLAY_HEAR_SIGNALS);
 *            when asked, a second stop signal ends the process, as it does
 *            effect-host's, and that is the one way this library exits.
 *
 * Processes. Finding plugins, opening one isolated, and validating run
 *            plugin code in child processes of the `effect-host` program,
 *            so that a plugin that crashes, exits or hangs harms only the
 *            child. The program is looked for, in order: the path
 *            $EFFECT_HOST_WORKER names, when it is set and not empty, and
 *            then nowhere else (a path that is not an executable file is
 *            the error's reason, never skipped for another program); else
 *            `effect-host` in this library's directory, then, for a library
 *            in PREFIX/lib, PREFIX/bin/effect-host, then `effect-host` in
 *            each absolute directory of PATH. Without it those calls fail
 *            with EFFECT_HOST_ERR_MISSING, whose message says which of
 *            these it was.
 */
#ifndef EFFECT_HOST_CORE_H
#define EFFECT_HOST_CORE_H

#include "effect.h"

#ifdef __cplusplus
extern "C" {
#endif

#define EFFECT_HOST_API_MAJOR 1
#define EFFECT_HOST_API_MINOR 7

#if defined(_WIN32)
#define EFFECT_HOST_API __declspec(dllimport)
#else
#define EFFECT_HOST_API __attribute__((visibility("default")))
#endif

/* ------------------------------------------------------------------------
 * Statuses beyond effect.h's
 * ------------------------------------------------------------------------ */

/* A plugin file was refused or could not be loaded: not a shared library
 * for this machine, untrusted (writable by others), no entry point, an ABI
 * this host does not know, or metadata that breaks the rules. */
#define EFFECT_HOST_ERR_LOAD        -100
/* A file or directory could not be read or written; nothing was left
 * under the name asked for. */
#define EFFECT_HOST_ERR_IO          -101
/* The caller's cancel callback, effect_host_player_stop or a stop signal
 * ended the work early; a render leaves nothing under the target's name (a
 * directory keeps the frames already written). */
#define EFFECT_HOST_ERR_CANCELLED   -102
/* A system library or program the call needs is missing: cairo, HarfBuzz,
 * fontconfig, ffmpeg, or the effect-host program (see Processes). The
 * message names the Debian package. */
#define EFFECT_HOST_ERR_MISSING     -103
/* The export format cannot express the effect's motion, or the request
 * would take more frames, pixels or samples than the host allows. */
#define EFFECT_HOST_ERR_TOO_MUCH    -104
/* The player is running already: a player plays one run at a time. */
#define EFFECT_HOST_ERR_BUSY        -105

/* The API version of the library loaded at run time, as
 * (major << 16) | minor. A program built against this header works with
 * any library of the same major and a minor at least EFFECT_HOST_API_MINOR.
 * 1.3 gave a zeroed placement its defaults, refused odd sizes for MP4 and
 * validations of no files, and made a render's margins its
 * ground. 1.4 added effect_host_metadata.h (a plugin's checked metadata,
 * names and values read by the host's grammar), effect_host_drawing.h (a
 * picture's frame or an instance's own display list, checked and walked)
 * events as text (effect_host_instance_set_event_text) and the catalog's
 * search path (effect_host_catalog_searched) and a picture's size in pixels
 * (effect_host_picture_pixel_size). 1.5 added whether a frame would draw
 * otherwise than the last one drawn (effect_host_picture_changed), so a
 * program that keeps its pixels draws only when the picture changes. 1.6
 * added an instance's history edited while it plays
 * (effect_host_instance_edit_param: the events after a change go;
 * effect_host_instance_forget_param: a param back to its default from the
 * start), and the limits of a look and a placement as macros
 * (EFFECT_HOST_LOOK_WIDTH_MIN, ...). 1.7 added the moment a still shows
 * by default (effect_host_instance_settled_time), a ground that fills
 * the whole buffer as render's margins (EFFECT_HOST_PLACE_GROUND_FILLS)
 * and the trust rules alone (effect_host_plugin_trusted).
 * Threads: any. */
EFFECT_HOST_API uint32_t effect_host_api_version(void);

/* The effect-host release ("0.14.0"): static storage, never NULL.
 * Threads: any. */
EFFECT_HOST_API const char *effect_host_release(void);

#ifdef __cplusplus
}
#endif

#endif /* EFFECT_HOST_CORE_H */
