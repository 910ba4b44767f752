/*
 * effect_host_pictures.h: frames drawn with the host's renderer.
 * Part of effect_host.h, the effect host library: include that; its
 * conventions are in effect_host_core.h.
 *
 * A picture draws an instance's frames into the caller's pixels or cairo
 * context with real fonts, in the look the caller chooses.
 */
#ifndef EFFECT_HOST_PICTURES_H
#define EFFECT_HOST_PICTURES_H

#include "effect_host_instances.h"

#ifdef __cplusplus
extern "C" {
#endif

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

/* The limits pictures are held to, here so that a host offering them as
 * settings (a slider, a GObject property's range) gives its controls the
 * library's own ranges. Since API 1.6. */
#define EFFECT_HOST_LOOK_WIDTH_MIN        10.0    /* effect_host_look.width, points */
#define EFFECT_HOST_LOOK_WIDTH_MAX        10000.0
#define EFFECT_HOST_LOOK_WIDTH_DEFAULT    432.0   /* what a width of 0 means: render's */
#define EFFECT_HOST_SCALE_DEFAULT         2.0     /* pixels a point: render's unless told */
#define EFFECT_HOST_PIXELS_SIDE_MAX       8192u   /* a buffer's or a picture's side, pixels */
#define EFFECT_HOST_PLACEMENT_SIZE_MAX    64.0    /* effect_host_placement.size */
#define EFFECT_HOST_PLACEMENT_OFFSET_MAX  1e6     /* |effect_host_placement.x| and |.y| */

/* How frames look, whatever draws them. */
typedef struct effect_host_look {
    uint32_t struct_size;       /* sizeof(effect_host_look) */
    uint32_t appearance;        /* EFFECT_APPEARANCE_LIGHT or _DARK [LIGHT]; a
                                   plugin before ABI 1.3 has one look and draws it */
    double width;               /* the width proposed to the view in points, as
                                   render's --width: text wraps to it;
                                   EFFECT_HOST_LOOK_WIDTH_MIN to _MAX (10 to
                                   10000) [0: 432, render's default] */
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
 * that holds its ink at every t. Fonts are loaded here, once, and the
 * first frame is drawn into a single pixel that is thrown away, so that
 * what any first draw pays (cairo and FreeType's first calls, the text's
 * glyph outlines, colour glyphs' pictures) is paid here and the first
 * effect_host_picture_draw_pixels takes about as long as any other.
 * Errors: NULL_POINTER, STRUCT_SIZE, RANGE (an unknown appearance or
 * ground, a width outside 10 to 10000 points), EFFECT_HOST_ERR_MISSING (a
 * font file that cannot be used; a missing font family falls back as
 * fontconfig does, and a family without HarfBuzz or fontconfig to shape
 * it falls back to the reference metrics, so frames are still drawn:
 * effect_host_picture_font_note says so), and the plugin's own.
 * Threads: reads the instance. */
EFFECT_HOST_API effect_status effect_host_picture_create(effect_host_instance *instance, const effect_host_look *look,
                                                         effect_host_picture **out, effect_error *error);

/* The picture's size in points (the canvas every frame is drawn on).
 * Threads: reads the picture. */
EFFECT_HOST_API effect_status effect_host_picture_size(const effect_host_picture *picture, double *width,
                                                       double *height, effect_error *error);

/* The picture's size in pixels at `scale` pixels a point, as a render at
 * that scale sizes it: each side rounded up, at least 1. Since API 1.4.
 * Errors: NULL_POINTER, RANGE (a scale that is not finite and above 0, or
 * a side over 8192: "the picture would be W × H pixels, more than 8192 a
 * side").
 * Threads: reads the picture. */
EFFECT_HOST_API effect_status effect_host_picture_pixel_size(const effect_host_picture *picture, double scale,
                                                             uint32_t *width, uint32_t *height, effect_error *error);

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
 * buffer's contents are unspecified.
 * Threads: changes the picture. */
EFFECT_HOST_API effect_status effect_host_picture_draw_pixels(effect_host_picture *picture, double t, void *pixels,
                                                              uint32_t width, uint32_t height, uint32_t stride,
                                                              uint32_t layout, effect_error *error);

/* effect_host_placement.flags */
/* Draw over the pixels the buffer holds (cairo's OVER, in the buffer's own
 * layout and alpha) instead of clearing them first: a title over a video
 * frame, an effect over a window's own drawing. */
#define EFFECT_HOST_PLACE_OVER  1u
/* The picture's ground painted over the whole buffer, as render paints the
 * margins of a frame whose size it was given, instead of behind the
 * picture's box alone: a video frame of a fixed size that is all ground
 * but the ink. Nothing changes for a picture without a ground
 * (transparent). Since API 1.7. */
#define EFFECT_HOST_PLACE_GROUND_FILLS  2u

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
 * an unknown flag).
 * Threads: changes the picture. */
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
 * EFFECT_HOST_ERR_MISSING (cairo), and the plugin's own.
 * Threads: changes the picture. */
EFFECT_HOST_API effect_status effect_host_picture_draw_cairo(effect_host_picture *picture, double t,
                                                             void *cairo_context, effect_error *error);

/* Stores in *changed 1 when the frame at time t would draw differently
 * from the last frame this picture drew (effect_host_picture_draw_pixels,
 * _draw_pixels_placed or _draw_cairo, into whatever buffer or context),
 * and 0 when it would draw the same. The frame's display list (for an
 * effect that does not draw itself, the bars of its channels) is made as
 * a draw makes it and compared with the one last drawn: the same items in
 * the same order, every field identical, numbers bit for bit (0 and -0
 * differ) and text byte for byte. No hash and no guess from times, so 0
 * is never said of a frame that draws otherwise. The look (appearance,
 * fonts, ground, width) is the picture's own, fixed when it was made, so
 * equal lists draw equal pixels. Frames are compared, not times: an event
 * or param set since that draw counts wherever it changes the frame at t
 * (even at the very t drawn, for an event set before it), and a frame at
 * another t that draws the same is 0 (a settled effect, a loop's hold, a
 * loop one period on where its t lands on the same point to the bit). 1
 * before the picture has drawn, and after a draw that failed.
 * Asking changes nothing compared with: only a draw does.
 * Cost: one plugin draw (its text measured in the picture's fonts), no
 * raster. A caller that keeps what it drew (a texture, a window buffer)
 * and draws it again at the same size, layout and placement skips its
 * draw when 0; what lies under an EFFECT_HOST_PLACE_OVER draw is the
 * caller's to compare. Since API 1.5.
 * Errors: NULL_POINTER, TIME, INTERNAL (a list that breaks effect.h's
 * rules, named), and the plugin's own.
 * Threads: changes the picture. */
EFFECT_HOST_API effect_status effect_host_picture_changed(effect_host_picture *picture, double t, int *changed,
                                                          effect_error *error);

/* One line naming characters no installed font could draw, with the
 * Debian package that has them, once the picture has met some (making a
 * picture draws its first frame); NULL when there were none, and for a
 * NULL picture. A reading accessor: the same string until a draw changes
 * it, valid until the next draw or free.
 * Threads: reads the picture. */
EFFECT_HOST_API const char *effect_host_picture_missing_characters(effect_host_picture *picture);

/* One line saying the look's font family is not installed and which family
 * text is drawn in instead, once the picture has drawn text (making a
 * picture draws its first frame), or, from the start, that HarfBuzz or
 * fontconfig cannot be loaded (naming its Debian package) and text is
 * measured with the reference metrics; NULL when the font is as asked,
 * when no text was drawn, and for a NULL picture. The same lifetime as
 * missing_characters. Since API 1.2.
 * Threads: reads the picture. */
EFFECT_HOST_API const char *effect_host_picture_font_note(effect_host_picture *picture);

/* Frees the picture and the fonts it loaded. NULL does nothing.
 * Threads: changes the picture. */
EFFECT_HOST_API void effect_host_picture_free(effect_host_picture *picture);

/* Layout checks (LP64) */
#if defined(__LP64__) || defined(_WIN64)
EFFECT_STATIC_ASSERT(sizeof(effect_host_look) == 32, effect_host_look_size);
#endif

#ifdef __cplusplus
}
#endif

#endif /* EFFECT_HOST_PICTURES_H */
