/*
 * effect_host_drawing.h: a frame's display list, checked and walked by the
 * host, for a program that draws it with its own toolkit. Since API 1.4.
 * Part of effect_host.h, the effect host library: include that; its
 * conventions are in effect_host_core.h.
 *
 * A picture draws its frames itself (effect_host_pictures.h). A program
 * that draws with something else (Skia, Qt, a game engine, a GPU) asks the
 * picture for a frame's drawing instead: the same items the picture would
 * draw (the effect's display list, or, for an effect that does not draw
 * itself, bars of its channels), held to effect.h's rules by the host, in
 * effect.h's own item structs, and walked: each step carries where its
 * item goes, its transform, opacity, saturation and clip resolved through
 * the groups around it, so the program keeps no stack of its own. Draw the
 * steps in order: a SHAPE or TEXT step's item with the step's matrix,
 * opacity, saturation and clip; ENTER and LEAVE bracket a group, for a
 * program that composites a group as one layer (a blur, or an opacity
 * applied to overlapping content at once, as SwiftUI does).
 *
 * Coordinates are the picture's box, (0, 0) to effect_host_picture_size,
 * y down, as effect_host_picture_draw_cairo draws: a step's matrix maps
 * its item's coordinates there. A matrix is six doubles {a, b, c, d, e, f}
 * mapping (x, y) to (a x + c y + e, b x + d y + f), as cairo's and
 * Skia's affine matrices do. Text was measured in the look's fonts.
 *
 * An instance's own drawing (effect_host_instance_drawing, since 1.4) is
 * the list as the plugin draws it, for a program that lays the effect out
 * itself: in the list's own coordinates (the view's frame from (0, 0),
 * effect_host_drawing_frame's width and height; matrices start at the
 * identity), its text measured by the caller's measurer or effect.h's
 * reference metrics.
 */
#ifndef EFFECT_HOST_DRAWING_H
#define EFFECT_HOST_DRAWING_H

#include "effect_host_pictures.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct effect_host_drawing effect_host_drawing;

/* What a step is (effect_host_step.kind). */
#define EFFECT_HOST_STEP_ENTER  1u  /* a group opens: its GROUP item; the state inside it */
#define EFFECT_HOST_STEP_LEAVE  2u  /* the group closes: its GROUP item again, the same state */
#define EFFECT_HOST_STEP_SHAPE  3u  /* a SHAPE item, followed in memory by its segment_count
                                       SEGMENT items and then its stop_count STOP items */
#define EFFECT_HOST_STEP_TEXT   4u  /* a TEXT item: `text` is the drawing's own
                                       NUL-terminated copy of the run and
                                       `length` is 0, so a caller reads it to
                                       the NUL whatever part of its string
                                       the plugin drew (effect.h's `length`,
                                       since ABI 1.6) */

/* One step of the walk: an "out" struct. */
typedef struct effect_host_step {
    uint32_t struct_size;           /* sizeof(effect_host_step) */
    uint32_t kind;                  /* EFFECT_HOST_STEP_* */
    const effect_draw_item *item;   /* the checked item, the drawing's copy (a
                                       TEXT's string included) */
    int64_t parent;                 /* the ENTER step of the group around it, -1 at
                                       the top */
    uint64_t end;                   /* ENTER: its LEAVE step; LEAVE: its ENTER
                                       step; otherwise the step itself */
    double matrix[6];               /* the item's coordinates into the picture's */
    double opacity;                 /* every group's around it (an ENTER's own
                                       included), multiplied: 0 ... 1 */
    double saturation;              /* the same for saturation: 0 grey, 1 as it is */
    int64_t clip;                   /* the innermost clip it is drawn in
                                       (effect_host_drawing_clip), -1 for none */
    uint32_t depth;                 /* the groups around it (an ENTER's own
                                       included) */
    uint32_t reserved;              /* 0 */
} effect_host_step;

/* One clip of a drawing: a group's clip shape, drawn in that group's
 * coordinates. What a step's clip keeps is the area inside its clip and
 * every clip `outer` of it. */
typedef struct effect_host_clip {
    uint32_t struct_size;           /* sizeof(effect_host_clip) */
    uint32_t shape;                 /* EFFECT_SHAPE_RECT, _ROUNDED_RECT, _CAPSULE or
                                       _ELLIPSE */
    effect_rect rect;               /* in its group's coordinates */
    double corner_radius;           /* ROUNDED_RECT */
    double matrix[6];               /* its group's coordinates into the picture's */
    effect_rect visible;            /* its box in the picture, intersected with
                                       those of every clip around it (width or
                                       height 0 when nothing shows) */
    int64_t outer;                  /* the clip around it, -1 for none */
    uint64_t step;                  /* the ENTER step of its group */
} effect_host_clip;

/* How effect_host_instance_drawing draws: an "in" struct. Pass NULL for
 * all defaults (in brackets); fields a later minor appends take their
 * defaults when the caller's struct_size ends before them. */
typedef struct effect_host_draw_options {
    uint32_t struct_size;       /* sizeof(effect_host_draw_options) */
    uint32_t appearance;        /* EFFECT_APPEARANCE_LIGHT or _DARK [LIGHT]; a
                                   plugin before ABI 1.3 has one look and draws it */
    double width;               /* the width proposed to the view in points
                                   (text-reveal wraps its rows to it); 0 or
                                   INFINITY for the view's ideal width [0] */
    effect_measure_fn measure;  /* measures each run of text, called from the
                                   drawing thread while the call runs; NULL:
                                   effect.h's reference metrics [NULL] */
    void *measure_context;      /* handed to measure [NULL] */
} effect_host_draw_options;

/* The frame at time t as the picture would draw it, checked and walked.
 * On success *out receives a drawing the caller frees with
 * effect_host_drawing_free; it does not change as the picture draws on.
 * Errors: NULL_POINTER, TIME, INTERNAL (a list that breaks effect.h's
 * rules, named), and the plugin's own.
 * Threads: changes the picture. */
EFFECT_HOST_API effect_status effect_host_picture_drawing(effect_host_picture *picture, double t,
                                                          effect_host_drawing **out, effect_error *error);

/* The instance's own display list at time t, as its plugin draws it
 * (effect.h's draw) with `options`, checked by the host and walked, in the
 * list's coordinates (see above). On success *out receives a drawing the
 * caller frees with effect_host_drawing_free; it holds copies of the
 * items and strings, so it outlives the instance. A measurer that fails
 * (answers other than EFFECT_OK) makes the plugin's draw fail with the
 * plugin's error.
 * Errors: NULL_POINTER, STRUCT_SIZE, TIME, RANGE (an unknown appearance, a
 * width that is NaN or negative), UNSUPPORTED (an effect that does not
 * draw itself: every effect of an ABI 1.0 or 1.1 plugin), INTERNAL (a list
 * that breaks effect.h's rules, named as the host's reader names it), and
 * the plugin's own.
 * Threads: reads the instance. */
EFFECT_HOST_API effect_status effect_host_instance_drawing(effect_host_instance *instance, double t,
                                                           const effect_host_draw_options *options,
                                                           effect_host_drawing **out, effect_error *error);

/* Fills *out, effect.h's effect_drawing (its struct_size set by the
 * caller), with the list's own values: the view's width and height, the
 * bounds of every frame's ink and max_item_count as the plugin reported
 * them, in the list's coordinates (for a picture's drawing, before the
 * steps' matrices move them into the picture's box), and item_count, the
 * effect_draw_items the drawing holds (SEGMENT and STOP items included).
 * Errors: NULL_POINTER, STRUCT_SIZE.
 * Threads: reads the drawing. */
EFFECT_HOST_API effect_status effect_host_drawing_frame(const effect_host_drawing *drawing, effect_drawing *out,
                                                        effect_error *error);

/* The walk's steps; 0 for NULL.
 * Threads: reads the drawing. */
EFFECT_HOST_API uint64_t effect_host_drawing_step_count(const effect_host_drawing *drawing);

/* Fills *out with step `index` (0 ... step_count-1).
 * Errors: NULL_POINTER, STRUCT_SIZE, INDEX.
 * Threads: reads the drawing. */
EFFECT_HOST_API effect_status effect_host_drawing_step(const effect_host_drawing *drawing, uint64_t index,
                                                       effect_host_step *out, effect_error *error);

/* The clips the steps refer to; 0 for NULL.
 * Threads: reads the drawing. */
EFFECT_HOST_API uint64_t effect_host_drawing_clip_count(const effect_host_drawing *drawing);

/* Fills *out with clip `index` (0 ... clip_count-1).
 * Errors: NULL_POINTER, STRUCT_SIZE, INDEX.
 * Threads: reads the drawing. */
EFFECT_HOST_API effect_status effect_host_drawing_clip(const effect_host_drawing *drawing, uint64_t index,
                                                       effect_host_clip *out, effect_error *error);

/* Frees the drawing, its items and strings. NULL does nothing.
 * Threads: changes the drawing. */
EFFECT_HOST_API void effect_host_drawing_free(effect_host_drawing *drawing);

/* Layout checks (LP64) */
#if defined(__LP64__) || defined(_WIN64)
EFFECT_STATIC_ASSERT(sizeof(effect_host_step) == 112, effect_host_step_size);
EFFECT_STATIC_ASSERT(sizeof(effect_host_clip) == 144, effect_host_clip_size);
EFFECT_STATIC_ASSERT(sizeof(effect_host_draw_options) == 32, effect_host_draw_options_size);
#endif

#ifdef __cplusplus
}
#endif

#endif /* EFFECT_HOST_DRAWING_H */
