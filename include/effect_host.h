/*
 * effect_host.h: the effect host library, API version 1.3.
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
 *     cc app.c $(pkg-config --cflags --libs effect-host)
 *
 * links libeffecthost.so. Sampling stays a direct call into the plugin's
 * table (effect_host_plugin_table, effect_host_instance_handle): this
 * library adds nothing per sample.
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
 * Threads.   Any function may be called from any thread. Different
 *            handles may be used from different threads at once. One
 *            handle is used by one thread at a time unless its functions
 *            say otherwise (reading accessors may overlap each other).
 *            An instance is read, never changed, by effect_host_instance_span,
 *            _handle (and sampling through the plugin's table),
 *            effect_host_picture_create, effect_host_render,
 *            effect_host_export and effect_host_player_create, and by the
 *            draws and runs of its pictures and players: all of these may
 *            run on one instance from several threads at once.
 *            effect_host_instance_set_param and _set_param_text change it
 *            and need it alone: no other call on the instance, its
 *            pictures or its players may overlap them.
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
 *            1000 a second, as effect-host run); a placement's size is
 *            more than 0 and at most 64, its x and y -1e6 to 1e6; a
 *            validation check's timeout is at most 3600 seconds. A render
 *            or export that would pass a limit of frames, pixels or samples
 *            returns EFFECT_HOST_ERR_TOO_MUCH, whether its pixels were asked
 *            for by size or reached by a scale; any other value outside its
 *            range (a buffer's size or stride, an fps, a duration, a
 *            placement) is EFFECT_ERR_RANGE.
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
#ifndef EFFECT_HOST_H
#define EFFECT_HOST_H

#include "effect.h"

#ifdef __cplusplus
extern "C" {
#endif

#define EFFECT_HOST_API_MAJOR 1
#define EFFECT_HOST_API_MINOR 3

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
 * WebM and validations of no files, and made a render's margins its
 * ground. */
EFFECT_HOST_API uint32_t effect_host_api_version(void);

/* The effect-host release ("0.14.0"): static storage, never NULL. */
EFFECT_HOST_API const char *effect_host_release(void);

/* ------------------------------------------------------------------------
 * Plugins
 * ------------------------------------------------------------------------ */

typedef struct effect_host_plugin effect_host_plugin;

/* Flags for effect_host_plugin_open and effect_host_catalog_options. */
/* Load files the trust rules refuse (writable by other users, or in a
 * directory that is). */
#define EFFECT_HOST_OPEN_ALLOW_UNSAFE  1u
/* Read the file's metadata in a child process first, so a plugin that
 * crashes, exits or hangs while describing itself is refused instead of
 * harming this process. */
#define EFFECT_HOST_OPEN_ISOLATED      2u

/* Opens the plugin file at `path` by the host's rules: the trust rules,
 * the ELF check (a shared library for this machine), the ABI version gate
 * and the metadata rules. On success *out receives a plugin the caller
 * frees with effect_host_plugin_free. Loading a file that is loaded
 * already is cheap. Unknown flag bits are EFFECT_ERR_RANGE.
 * Errors: NULL_POINTER, UTF8, RANGE, EFFECT_HOST_ERR_LOAD,
 * EFFECT_HOST_ERR_MISSING (ISOLATED without the effect-host program). */
EFFECT_HOST_API effect_status effect_host_plugin_open(const char *path, uint32_t flags, effect_host_plugin **out,
                                                      effect_error *error);

/* The plugin's table (effect.h): describe it, create instances of your
 * own, sample. Valid while the plugin handle, or an instance of it, lives.
 * NULL for a NULL plugin. */
EFFECT_HOST_API const effect_plugin_api *effect_host_plugin_table(const effect_host_plugin *plugin);

/* The path the plugin was opened from; NULL for a NULL plugin. */
EFFECT_HOST_API const char *effect_host_plugin_path(const effect_host_plugin *plugin);

/* Releases the handle. Instances made from it keep the plugin loaded. */
EFFECT_HOST_API void effect_host_plugin_free(effect_host_plugin *plugin);

/* ------------------------------------------------------------------------
 * The plugin search path
 * ------------------------------------------------------------------------ */

typedef struct effect_host_catalog effect_host_catalog;

/* For effect_host_catalog_options.flags: search `paths` (and
 * EFFECT_PLUGIN_PATH when asked) alone, not the plugins installed beside
 * this library; for a program with a search path of its own. */
#define EFFECT_HOST_CATALOG_NO_DEFAULTS  4u

typedef struct effect_host_catalog_options {
    uint32_t struct_size;           /* sizeof(effect_host_catalog_options) */
    uint32_t flags;                 /* EFFECT_HOST_OPEN_ALLOW_UNSAFE,
                                       EFFECT_HOST_CATALOG_NO_DEFAULTS [0] */
    const char *const *paths;       /* files or directories searched first [NULL] */
    uint32_t path_count;            /* entries in paths [0] */
    uint32_t use_environment;       /* nonzero: EFFECT_PLUGIN_PATH after paths [0] */
} effect_host_catalog_options;

/* Finds the plugins on the search path: `paths`, then EFFECT_PLUGIN_PATH
 * when asked, then, unless EFFECT_HOST_CATALOG_NO_DEFAULTS, the defaults
 * (the plugins installed beside this library). Each file is read in a child process, and the answers are
 * kept in the scan cache that `effect-host list` uses. When two files
 * offer one effect id, the first on the path wins. Files that fail are
 * listed, with why, as the catalog's failures.
 * Errors: NULL_POINTER (out), STRUCT_SIZE, UTF8, RANGE,
 * EFFECT_HOST_ERR_MISSING (the effect-host program that reads the files
 * apart from this process was not found: see Processes). */
EFFECT_HOST_API effect_status effect_host_catalog_open(const effect_host_catalog_options *options,
                                                       effect_host_catalog **out, effect_error *error);

/* The effects found, in search order; 0 for NULL. */
EFFECT_HOST_API uint32_t effect_host_catalog_effect_count(const effect_host_catalog *catalog);
/* Effect `index`'s id and the plugin file it comes from; NULL when out of range. */
EFFECT_HOST_API const char *effect_host_catalog_effect_id(const effect_host_catalog *catalog, uint32_t index);
EFFECT_HOST_API const char *effect_host_catalog_effect_path(const effect_host_catalog *catalog, uint32_t index);

/* The plugin files that were read, in search order, each real file once
 * (those whose every effect an earlier file offers included); 0 for NULL,
 * and NULL when out of range. Their effects come from
 * effect_host_plugin_open on the path. */
EFFECT_HOST_API uint32_t effect_host_catalog_plugin_count(const effect_host_catalog *catalog);
EFFECT_HOST_API const char *effect_host_catalog_plugin_path(const effect_host_catalog *catalog, uint32_t index);

/* The files that could not be used (and search-path entries that are not
 * there), as "PATH: why" lines, and each one's PATH alone; 0 for NULL, and
 * NULL when out of range. A file whose name is not UTF-8 cannot be loaded
 * (every path the host keeps is text): it is listed with its name's bytes
 * escaped as \xHH (see Strings) and the reason that its name is not
 * UTF-8 (EILSEQ), never under another name. */
EFFECT_HOST_API uint32_t effect_host_catalog_failure_count(const effect_host_catalog *catalog);
EFFECT_HOST_API const char *effect_host_catalog_failure(const effect_host_catalog *catalog, uint32_t index);
EFFECT_HOST_API const char *effect_host_catalog_failure_path(const effect_host_catalog *catalog, uint32_t index);

/* Loads the plugin that offers `effect_id`. The message for an unknown id
 * suggests the closest one.
 * Errors: NULL_POINTER, UTF8, UNKNOWN_EFFECT, EFFECT_HOST_ERR_LOAD. */
EFFECT_HOST_API effect_status effect_host_catalog_load(const effect_host_catalog *catalog, const char *effect_id,
                                                       effect_host_plugin **out, effect_error *error);

EFFECT_HOST_API void effect_host_catalog_free(effect_host_catalog *catalog);

/* ------------------------------------------------------------------------
 * Instances
 * ------------------------------------------------------------------------ */

typedef struct effect_host_instance effect_host_instance;

/* Creates an instance of `effect_id` with `settings` (as effect.h's
 * create), offering the host's text services, so that Chinese, Japanese
 * and Thai text is split into words. *out receives an instance the caller
 * frees with effect_host_instance_free.
 * Errors: NULL_POINTER, UTF8, UNKNOWN_EFFECT, UNKNOWN_PARAM, TYPE, RANGE,
 * DUPLICATE, and the plugin's own. */
EFFECT_HOST_API effect_status effect_host_instance_create(effect_host_plugin *plugin, const char *effect_id,
                                                          const effect_param_setting *settings, uint32_t setting_count,
                                                          effect_host_instance **out, effect_error *error);

/* As effect_host_instance_create, with each param given as "NAME=VALUE"
 * text written as `effect-host --param` takes it (numbers, true/false,
 * choices by name, colours as #RRGGBB[AA], text as is).
 * Errors: as effect_host_instance_create, and RANGE for text that is not
 * NAME=VALUE or a value that does not read. */
EFFECT_HOST_API effect_status effect_host_instance_create_text(effect_host_plugin *plugin, const char *effect_id,
                                                               const char *const *assignments, uint32_t count,
                                                               effect_host_instance **out, effect_error *error);

/* The plugin's instance, for its table's sample, sample_many, draw and
 * the other reads. Owned by the handle; never destroy it yourself, and set
 * events through effect_host_instance_set_param, so that the host knows
 * them (an export's reduced-motion twin replays them). NULL for NULL. */
EFFECT_HOST_API effect_instance *effect_host_instance_handle(const effect_host_instance *instance);

/* An event, as effect.h's set_param: from time t on, `name` has `value`.
 * Needs exclusive access to the instance.
 * Errors: NULL_POINTER, UTF8, UNKNOWN_PARAM, NOT_LIVE, TYPE, RANGE, TIME. */
EFFECT_HOST_API effect_status effect_host_instance_set_param(effect_host_instance *instance, const char *name,
                                                             const effect_value *value, double t, effect_error *error);

/* An event given as "NAME=VALUE" text (see effect_host_instance_create_text). */
EFFECT_HOST_API effect_status effect_host_instance_set_param_text(effect_host_instance *instance,
                                                                  const char *assignment, double t,
                                                                  effect_error *error);

/* Stores in *seconds how long the effect plays by itself: to its end, or
 * through its entrance and one period of its loop, and never less than its
 * latest event's time. What render and run take when given no duration.
 * Errors: NULL_POINTER, and the plugin's own. */
EFFECT_HOST_API effect_status effect_host_instance_span(const effect_host_instance *instance, double *seconds,
                                                        effect_error *error);

/* What the effect says of its params as given, that the frames alone would
 * not (text-reveal: a highlight phrase that matches no word of its text):
 * one line each, "\n" between them, control characters escaped as \u{...};
 * NULL when there are none, from a plugin before ABI 1.5, and for a NULL
 * instance. A host says each to its user once, as render and export do
 * through their note callback. A reading accessor: the same string until
 * an event changes it, valid until the next set_param or free. Since API
 * 1.3. */
EFFECT_HOST_API const char *effect_host_instance_notes(const effect_host_instance *instance);

EFFECT_HOST_API void effect_host_instance_free(effect_host_instance *instance);

/* ------------------------------------------------------------------------
 * Pictures: frames drawn with the host's renderer
 * ------------------------------------------------------------------------ */

typedef struct effect_host_picture effect_host_picture;

/* effect_host_look.ground. DEFAULT is the appearance's window colour
 * (white, or black when dark) for a picture; a render keeps the light
 * appearance's ground transparent where its format has alpha (PNG, WebM,
 * APNG), as `effect-host render` does, and gives the rest (SVG, HTML, GIF,
 * MP4) the window colour. */
#define EFFECT_HOST_GROUND_DEFAULT      0u
#define EFFECT_HOST_GROUND_TRANSPARENT  1u
#define EFFECT_HOST_GROUND_COLOR        2u  /* ground_color */

/* How frames look, whatever draws them. */
typedef struct effect_host_look {
    uint32_t struct_size;       /* sizeof(effect_host_look) */
    uint32_t appearance;        /* EFFECT_APPEARANCE_LIGHT or _DARK [LIGHT]; a
                                   plugin before ABI 1.3 has one look and draws it */
    double width;               /* the width proposed to the view in points, as
                                   render's --width: text wraps to it [0: 432,
                                   render's default] */
    const char *font;           /* a font family, a font file (a path, or a name
                                   ending in .ttf, .otf, .ttc or .otc), or
                                   "reference" for effect.h's reference metrics
                                   drawn in cairo's sans-serif; NULL: Inter, with
                                   fontconfig's fallbacks for other scripts [NULL] */
    uint32_t ground;            /* EFFECT_HOST_GROUND_* [DEFAULT] */
    uint32_t ground_color;      /* 0xRRGGBBAA, straight alpha [0] */
} effect_host_look;

/* A picture of the instance's frames: the effect's display list (or, for
 * an effect that does not draw itself, bars of its channels) on a canvas
 * that holds its ink at every t. Fonts are loaded here, once.
 * Errors: NULL_POINTER, STRUCT_SIZE, RANGE (an unknown appearance or
 * ground, a width that is NaN or negative), EFFECT_HOST_ERR_MISSING (a
 * font file that cannot be used; a missing font family falls back as
 * fontconfig does), and the plugin's own. */
EFFECT_HOST_API effect_status effect_host_picture_create(effect_host_instance *instance, const effect_host_look *look,
                                                         effect_host_picture **out, effect_error *error);

/* The picture's size in points (the canvas every frame is drawn on). */
EFFECT_HOST_API effect_status effect_host_picture_size(const effect_host_picture *picture, double *width,
                                                       double *height, effect_error *error);

/* Pixel layouts for effect_host_picture_draw_pixels. */
/* cairo's CAIRO_FORMAT_ARGB32: a native-endian 32-bit ARGB word per pixel,
 * premultiplied (B, G, R, A bytes on little-endian machines). What cairo
 * draws, left as it is: the fastest. */
#define EFFECT_HOST_PIXELS_ARGB32_PREMULTIPLIED  0u
/* Bytes R, G, B, A, premultiplied (OpenGL, Skia's RGBA_8888 premul). */
#define EFFECT_HOST_PIXELS_RGBA_PREMULTIPLIED    1u
/* Bytes R, G, B, A, straight alpha (PNG, numpy images, SDL's ABGR8888),
 * divided out of cairo's 8-bit premultiplied pixels: a faint pixel's
 * colour keeps only as much precision as its alpha leaves. */
#define EFFECT_HOST_PIXELS_RGBA_STRAIGHT         2u

/* Draws the frame at time t into the caller's `width` × `height` pixels,
 * starting at an address that is a multiple of 4 (as malloc's are), rows
 * `stride` bytes apart (at least 4 * width, a multiple of 4, at most
 * 2147483644, the largest cairo takes): every
 * pixel is written, the picture fitted to the buffer as an SVG viewport
 * is (scaled to fit, aspect kept, centred) over its ground, and the rest
 * transparent. Text is shaped with HarfBuzz and drawn from the fonts'
 * outlines. Every layout is drawn in the buffer itself; the RGBA ones
 * are then rewritten there from cairo's words, one more pass over the
 * pixels. It needs exclusive access to the picture.
 * Errors: NULL_POINTER, RANGE (a size of 0 or over 8192, a stride that is
 * too small, too large or not a multiple of 4, a misaligned buffer, an
 * unknown layout), TIME,
 * EFFECT_HOST_ERR_MISSING (cairo), and the plugin's own. On failure the
 * buffer's contents are unspecified. */
EFFECT_HOST_API effect_status effect_host_picture_draw_pixels(effect_host_picture *picture, double t, void *pixels,
                                                              uint32_t width, uint32_t height, uint32_t stride,
                                                              uint32_t layout, effect_error *error);

/* effect_host_placement.flags */
/* Draw over the pixels the buffer holds (cairo's OVER, in the buffer's own
 * layout and alpha) instead of clearing them first: a title over a video
 * frame, an effect over a window's own drawing. */
#define EFFECT_HOST_PLACE_OVER  1u

/* Where a picture goes in a buffer: a share of the size that fits it, and
 * its place in the room that leaves. A NULL placement is draw_pixels's fit,
 * centred; a zeroed one (struct_size set, the rest 0) is that fit against
 * the top-left corner, since x and y 0 are edges. */
typedef struct effect_host_placement {
    uint32_t struct_size;   /* sizeof(effect_host_placement) */
    uint32_t flags;         /* EFFECT_HOST_PLACE_* [0] */
    double size;            /* the picture's size as a share of the fitted
                               size (aspect kept): 1 fills the buffer one
                               way; more than 0, at most 64 [0: 1] */
    double x;               /* across the room left: 0 against the left
                               edge (0 is that edge, not a default), 0.5
                               centred, 1 against the right edge; beyond 0
                               or 1 partly outside, clipped; -1e6 to 1e6 */
    double y;               /* down the room left: 0 against the top (an
                               edge too), 0.5 centred, 1 against the
                               bottom; -1e6 to 1e6 */
} effect_host_placement;

/* As effect_host_picture_draw_pixels, the picture at `placement` (NULL:
 * fitted and centred, exactly as draw_pixels draws) and, with
 * EFFECT_HOST_PLACE_OVER, over the buffer's pixels: they are read in
 * `layout`, the picture's ground and ink drawn over them, and the result
 * written back in `layout`. Without OVER the pixels outside the picture's
 * box are transparent, as draw_pixels leaves them. Same threading as
 * draw_pixels. Since API 1.1.
 * Errors: as draw_pixels; STRUCT_SIZE; RANGE (a size that is negative, not
 * finite or over 64, an x or y that is not finite or beyond -1e6 to 1e6,
 * an unknown flag). */
EFFECT_HOST_API effect_status effect_host_picture_draw_pixels_placed(effect_host_picture *picture, double t,
                                                                     void *pixels, uint32_t width, uint32_t height,
                                                                     uint32_t stride, uint32_t layout,
                                                                     const effect_host_placement *placement,
                                                                     effect_error *error);

/* Draws the frame at time t into the caller's cairo context (a cairo_t *):
 * the picture's box from (0, 0) to its size in points, in the context's
 * current user space, its ground first when it has one. The context's
 * state (transform, source, clip) is as it was when the call returns. The
 * context must come from the libcairo.so.2 this process has loaded.
 * Errors: NULL_POINTER, TIME, RANGE (a context in an error state before
 * or after drawing, such as one whose surface is finished),
 * EFFECT_HOST_ERR_MISSING (cairo), and the plugin's own. */
EFFECT_HOST_API effect_status effect_host_picture_draw_cairo(effect_host_picture *picture, double t,
                                                             void *cairo_context, effect_error *error);

/* One line naming characters no installed font could draw, with the
 * Debian package that has them, once the picture has met some (making a
 * picture draws its first frame); NULL when there were none, and for a
 * NULL picture. A reading accessor: the same string until a draw changes
 * it, valid until the next draw or free. */
EFFECT_HOST_API const char *effect_host_picture_missing_characters(effect_host_picture *picture);

/* One line saying the look's font family is not installed and which family
 * text is drawn in instead, once the picture has drawn text (making a
 * picture draws its first frame); NULL when the font is as asked, when no
 * text was drawn, and for a NULL picture. The same lifetime as
 * missing_characters. Since API 1.2. */
EFFECT_HOST_API const char *effect_host_picture_font_note(effect_host_picture *picture);

EFFECT_HOST_API void effect_host_picture_free(effect_host_picture *picture);

/* ------------------------------------------------------------------------
 * Rendering and exporting to files
 * ------------------------------------------------------------------------ */

/* Hears how far a render or export is: `done` of `total` frames. */
typedef void (*effect_host_progress_fn)(void *context, uint64_t done, uint64_t total);
/* Asked between frames: nonzero ends the work with EFFECT_HOST_ERR_CANCELLED. */
typedef int (*effect_host_cancel_fn)(void *context);
/* Hears a one-line note the CLI would print as a warning (a GIF's alpha,
 * a plugin with one look drawn light, pixels of the reference metrics'
 * text, a font family drawn in place of one not installed, characters no
 * font has, what a Lottie file leaves out). */
typedef void (*effect_host_note_fn)(void *context, const char *line);

/* effect_host_render_options.flags */
#define EFFECT_HOST_RENDER_AT_TIME       1u  /* a still of the moment `time`, not the settled look */
#define EFFECT_HOST_RENDER_LOOP          2u  /* exactly one period of a looping effect */
#define EFFECT_HOST_RENDER_PNG_FRAMES    4u  /* a directory gets PNG frames, not SVG */
#define EFFECT_HOST_RENDER_SVG_TEXT      8u  /* SVG keeps text as <text>, not glyph outlines
                                                (without it, SVG draws outlines, unlike
                                                effect-host render, whose SVG keeps <text>
                                                unless given --text outlines) */
#define EFFECT_HOST_RENDER_HEAR_SIGNALS 16u  /* SIGINT, SIGTERM and SIGHUP end the render
                                                (EFFECT_HOST_ERR_CANCELLED) while it runs; as in
                                                effect-host, a second one before it has stopped
                                                ends the process (exit status 128 + the signal) */

typedef struct effect_host_render_options {
    uint32_t struct_size;       /* sizeof(effect_host_render_options) */
    uint32_t flags;             /* EFFECT_HOST_RENDER_* [0] */
    double fps;                 /* frames a second, 0.1 to 1000 (a GIF 50 at
                                   most) [0: 30, render's] */
    double duration;            /* seconds of frames from t = 0, up to 1e9
                                   [0: the effect's span, effect_host_instance_span] */
    double time;                /* a still's moment, 0 to 1e9 s (else
                                   EFFECT_ERR_TIME), with RENDER_AT_TIME [0] */
    double scale;               /* pixels a point, for pixels only (PNG, GIF,
                                   MP4, WebM, APNG); an odd side it works out
                                   for MP4 is rounded up to even [0: 2] */
    uint32_t pixel_width;       /* with pixel_height: exactly this many pixels,
                                   1 to 8192 a side (instead of scale), the
                                   picture fitted inside and the margins it
                                   leaves filled with the ground, for pixels
                                   only; MP4 takes even sides only
                                   [0 and 0: sized by scale] */
    uint32_t pixel_height;      /* [0] */
    effect_host_progress_fn progress;  /* [NULL] */
    effect_host_cancel_fn cancel;      /* [NULL] */
    effect_host_note_fn note;          /* [NULL] */
    void *context;                     /* handed to the three callbacks [NULL] */
} effect_host_render_options;

/* Renders the instance's frames to `path`, as `effect-host render -o`
 * does, the format chosen by the path: a directory (a path ending in "/",
 * an existing directory, or a name with no extension) of numbered SVG
 * frames (PNG with RENDER_PNG_FRAMES; older frames of that format there are
 * removed first), a still .svg or .png, an .html page that plays the
 * frames, or a .gif, .mp4, .webm or .apng encoded by the ffmpeg program
 * (effect-host render's --text aside: see RENDER_SVG_TEXT). Frames are
 * t = i / fps from t = 0, the end included: with a duration, every frame
 * at or before it (2 s at 30 fps is 61 frames, the last at 2 s); without,
 * up to the first frame at or after the effect's span. One period
 * (RENDER_LOOP) is round(period * fps) frames from the loop's start, the
 * end left out, since it is the start again. A still is one frame, at
 * `time` or the effect's settled look (its end, or its loop's start).
 * A frame of pixels is the ground from edge to edge, the margins around
 * the fitted picture included (draw_pixels, by contrast, leaves its buffer
 * outside the picture transparent). Blocks until done. The
 * frames are drawn on a thread of the host's own while the calling thread
 * waits, and the callbacks run there, one at a time. A file is written
 * whole or not at all (only a process that dies mid-render can leave a
 * temporary file beside it); a directory keeps the frames already written,
 * and one the render made is removed again if it ends before any.
 * Errors: NULL_POINTER, STRUCT_SIZE, UTF8, RANGE (an empty path, a device
 * or a pipe; options that contradict each other or the format, with a
 * message that says which; one pixel side 0 and the other not; an odd
 * pixel_width or pixel_height for MP4, which is 4:2:0 video (yuv420p)
 * and needs even sides: the message names the nearest even sizes), TIME, EFFECT_HOST_ERR_IO, EFFECT_HOST_ERR_CANCELLED,
 * EFFECT_HOST_ERR_MISSING (cairo, ffmpeg, fonts), EFFECT_HOST_ERR_TOO_MUCH
 * (more frames than the target takes, or a side over 8192 pixels, by
 * pixel size or by scale), and the plugin's own. */
EFFECT_HOST_API effect_status effect_host_render(effect_host_instance *instance, const char *path,
                                                 const effect_host_look *look,
                                                 const effect_host_render_options *options, effect_error *error);

/* effect_host_export_options.flags */
#define EFFECT_HOST_EXPORT_LOOP  1u  /* Lottie: one period of a looping effect alone */

typedef struct effect_host_export_options {
    uint32_t struct_size;       /* sizeof(effect_host_export_options) */
    uint32_t flags;             /* EFFECT_HOST_EXPORT_* [0] */
    double fps;                 /* samples a second, 0.1 to 1000 [0: 60] */
    uint32_t appearances;       /* web page: 1 light, 2 dark, 3 both, chosen by
                                   the reader's colour scheme [0: 3]; Lottie has
                                   one look, the look's appearance */
    uint32_t reserved;          /* 0; anything else is EFFECT_ERR_RANGE */
    const char *name;           /* web page: the class prefix and stylesheet
                                   name, [A-Za-z][A-Za-z0-9_-]{0,63}; NULL for
                                   the effect's id (Lottie: NULL only) [NULL] */
    effect_host_note_fn note;   /* [NULL] */
    void *context;              /* handed to note [NULL] */
} effect_host_export_options;

/* Exports the instance's whole timeline, its events baked in, as
 * `effect-host export -o` does: `path` ending in .json is Lottie, .lottie
 * is dotLottie, a directory (a path ending in "/", an existing directory,
 * or a name with no extension; any other extension is EFFECT_ERR_RANGE)
 * holds a web page that plays with CSS alone (index.html, NAME.css,
 * snippet.html; for an effect with a bool `reduce_motion` param, a
 * reduced-motion variant too). The look's
 * ground is not drawn: exports are transparent. Blocks until done.
 * Errors: NULL_POINTER, STRUCT_SIZE, UTF8, RANGE (as render's, and
 * options that do not fit the format), UNSUPPORTED (the plugin does not
 * draw), EFFECT_HOST_ERR_IO, EFFECT_HOST_ERR_MISSING (fonts:
 * Lottie draws text as outlines), EFFECT_HOST_ERR_TOO_MUCH (a motion the
 * format cannot express, or too many samples), and the plugin's own. */
EFFECT_HOST_API effect_status effect_host_export(effect_host_instance *instance, const char *path,
                                                 const effect_host_look *look,
                                                 const effect_host_export_options *options, effect_error *error);

/* ------------------------------------------------------------------------
 * Validation
 * ------------------------------------------------------------------------ */

typedef struct effect_host_report effect_host_report;

/* effect_host_validate_options.flags */
#define EFFECT_HOST_VALIDATE_STRICT        1u  /* warnings fail */
#define EFFECT_HOST_VALIDATE_ALLOW_UNSAFE  2u  /* check files the trust rules refuse */

typedef struct effect_host_validate_options {
    uint32_t struct_size;       /* sizeof(effect_host_validate_options) */
    uint32_t flags;             /* EFFECT_HOST_VALIDATE_* [0] */
    uint64_t seed;              /* the random params' seed [0: 1] */
    double timeout;             /* seconds one check may take, at most 3600
                                   [0: 50] */
} effect_host_validate_options;

/* Runs every conformance check of `effect-host validate` on each file,
 * each check in a child process. The report is returned even when checks
 * fail: read effect_host_report_failed.
 * Errors: NULL_POINTER, STRUCT_SIZE, UTF8, RANGE (no files: a report of
 * no checks would read as a pass; since API 1.3), EFFECT_HOST_ERR_MISSING
 * (the effect-host program: see Processes). */
EFFECT_HOST_API effect_status effect_host_validate(const char *const *paths, uint32_t path_count,
                                                   const effect_host_validate_options *options,
                                                   effect_host_report **out, effect_error *error);

/* Nonzero when a check failed or crashed (or, strict, warned); 0 for NULL. */
EFFECT_HOST_API int effect_host_report_failed(const effect_host_report *report);

/* The checks run, over every file in order; 0 for NULL. */
EFFECT_HOST_API uint32_t effect_host_report_check_count(const effect_host_report *report);

/* One check's result. Strings belong to the report. */
typedef struct effect_host_check_result {
    uint32_t struct_size;       /* sizeof(effect_host_check_result) */
    uint32_t reserved;
    const char *path;           /* the plugin file */
    const char *check;          /* the check's name ("load", "metadata", ...) */
    const char *status;         /* "pass", "skip", "warn", "fail" or "crash"; a
                                   check after a failed load fails as "not run" */
    const char *reason;         /* one line: what the check found, or why it failed */
} effect_host_check_result;

/* Fills *out with check `index`.
 * Errors: NULL_POINTER, STRUCT_SIZE, INDEX. */
EFFECT_HOST_API effect_status effect_host_report_check(const effect_host_report *report, uint32_t index,
                                                       effect_host_check_result *out, effect_error *error);

/* The report as `effect-host validate --json` prints it; NULL for NULL. */
EFFECT_HOST_API const char *effect_host_report_json(const effect_host_report *report);

EFFECT_HOST_API void effect_host_report_free(effect_host_report *report);

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
 * free its own player (running it again returns EFFECT_HOST_ERR_BUSY). */
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
 * and the plugin's own. */
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
 * and the plugin's own. */
EFFECT_HOST_API effect_status effect_host_player_run(effect_host_player *player, uint64_t *shown, uint64_t *dropped,
                                                     effect_error *error);

/* Ends the current run within a frame, or the next run before its first
 * frame if none is running (a stop that comes as a run finishes is spent
 * with it). A NULL player does nothing.
 * Async-signal-safe: call it from any thread or from a signal handler,
 * concurrently with effect_host_player_run. */
EFFECT_HOST_API void effect_host_player_stop(effect_host_player *player);

/* Frees the player; not while it runs. */
EFFECT_HOST_API void effect_host_player_free(effect_host_player *player);

/* ------------------------------------------------------------------------
 * Layout checks (LP64)
 * ------------------------------------------------------------------------ */
#if defined(__LP64__) || defined(_WIN64)
EFFECT_STATIC_ASSERT(sizeof(effect_host_catalog_options) == 24, effect_host_catalog_options_size);
EFFECT_STATIC_ASSERT(sizeof(effect_host_look) == 32, effect_host_look_size);
EFFECT_STATIC_ASSERT(sizeof(effect_host_render_options) == 80, effect_host_render_options_size);
EFFECT_STATIC_ASSERT(sizeof(effect_host_export_options) == 48, effect_host_export_options_size);
EFFECT_STATIC_ASSERT(sizeof(effect_host_validate_options) == 24, effect_host_validate_options_size);
EFFECT_STATIC_ASSERT(sizeof(effect_host_check_result) == 40, effect_host_check_result_size);
EFFECT_STATIC_ASSERT(sizeof(effect_host_frame) == 40, effect_host_frame_size);
EFFECT_STATIC_ASSERT(sizeof(effect_host_play_options) == 40, effect_host_play_options_size);
#endif

#ifdef __cplusplus
}
#endif

#endif /* EFFECT_HOST_H */
