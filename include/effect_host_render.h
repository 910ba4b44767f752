/*
 * effect_host_render.h: renders and exports to files.
 * Part of effect_host.h, the effect host library: include that; its
 * conventions are in effect_host_core.h.
 *
 * Whole renders to every file `effect-host render` writes, and the web and
 * Lottie exports of `effect-host export`.
 */
#ifndef EFFECT_HOST_RENDER_H
#define EFFECT_HOST_RENDER_H

#include "effect_host_pictures.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------
 * Rendering and exporting to files
 * ------------------------------------------------------------------------ */

/* Hears how far a render or export is: `done` of `total` frames.
 * Threads: one at a time. */
typedef void (*effect_host_progress_fn)(void *context, uint64_t done, uint64_t total);
/* Asked between frames: nonzero ends the work with EFFECT_HOST_ERR_CANCELLED.
 * Threads: one at a time. */
typedef int (*effect_host_cancel_fn)(void *context);
/* Hears a one-line note the CLI prints as a warning, at the same point:
 * before the frames, a GIF's alpha, a plugin with one look drawn light,
 * text measured with the reference metrics because HarfBuzz or fontconfig
 * cannot be loaded (a look's family then falls back to them rather than
 * failing; a font file that cannot be used is EFFECT_HOST_ERR_MISSING),
 * pixels of the reference metrics' text; after them, what a Lottie file
 * leaves out, a font family drawn in place of one not installed, then
 * characters no font has.
 * Threads: one at a time. */
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
    double scale;               /* pixels a point, 0.1 to 8192, for pixels
                                   only (PNG, GIF, MP4, WebM, APNG); the sides
                                   it works out are 8192 at most, and an odd
                                   one for MP4 is rounded up to even [0: 2] */
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
 * pixel size or by scale), and the plugin's own.
 * Threads: reads the instance. */
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
 * format cannot express, or too many samples), and the plugin's own.
 * Threads: reads the instance. */
EFFECT_HOST_API effect_status effect_host_export(effect_host_instance *instance, const char *path,
                                                 const effect_host_look *look,
                                                 const effect_host_export_options *options, effect_error *error);

/* Layout checks (LP64) */
#if defined(__LP64__) || defined(_WIN64)
EFFECT_STATIC_ASSERT(sizeof(effect_host_render_options) == 80, effect_host_render_options_size);
EFFECT_STATIC_ASSERT(sizeof(effect_host_export_options) == 48, effect_host_export_options_size);
#endif

#ifdef __cplusplus
}
#endif

#endif /* EFFECT_HOST_RENDER_H */
