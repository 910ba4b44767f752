/*
 * overlay.c: fxEFFECToverlay, the effect drawn over the video passing
 * through, in the video's own format.
 *
 * Each frame's time is its stream time (the segment's: right after
 * flushing and accurate seeks, with rate changes and an upstream
 * timestamp-offset). The host draws the frame's picture into a canvas the
 * frame's size at the element's placement; the ink's bounding box of that
 * canvas becomes a GstVideoOverlayRectangle that GStreamer's own blender
 * lays on the frame in place (gst_video_overlay_composition_blend): I420,
 * NV12 and the other 8-bit formats stay as they are, with no conversion
 * of the frame, and the pixels outside the ink are not touched. The box
 * matters for cost: the blender unpacks and packs every row a rectangle
 * covers, at the frame's whole width. A frame that would draw the same as
 * the last (effect_host_picture_changed) reuses the canvas.
 */
#include "effect_gst.h"

#include <gst/video/gstvideofilter.h>
#include <gst/video/video.h>
#include <math.h>
#include <string.h>

#define OVERLAY_FORMATS \
    "{ I420, YV12, NV12, NV21, Y42B, Y444, RGBA, BGRA, ARGB, ABGR, RGBx, BGRx, xRGB, xBGR, AYUV, YUY2, UYVY }"

enum { PROP_0, PROP_SIZE, PROP_X, PROP_Y };

typedef struct EffectGstOverlay {
    GstVideoFilter parent;
    effect_gst_effect effect;
    double size, x, y; /* the placement, under the object's lock */

    /* Streaming thread. */
    guint32 *canvas;
    uint32_t canvas_width, canvas_height;
    effect_host_picture *drawn_by; /* the picture that drew the canvas, NULL: none */
    effect_host_placement drawn_at;
    int ink_x, ink_y, ink_width, ink_height;
    guint8 *ink;       /* on YUV video: the ink's box as straight AYUV */
    gsize ink_size;
    gboolean refused; /* a draw the host refused was said once */
    gboolean untimed; /* frames without timestamps were said once */
} EffectGstOverlay;

typedef struct EffectGstOverlayClass {
    GstVideoFilterClass parent;
    effect_gst_type *type;
} EffectGstOverlayClass;

static GstVideoFilterClass *parent_class;

static void set_property(GObject *object, guint id, const GValue *value, GParamSpec *spec) {
    EffectGstOverlay *self = (EffectGstOverlay *)object;
    if (effect_gst_set_property(GST_ELEMENT(object), &self->effect, id, value, spec)) return;
    GST_OBJECT_LOCK(object);
    switch (id) {
    case PROP_SIZE: self->size = g_value_get_double(value); break;
    case PROP_X: self->x = g_value_get_double(value); break;
    case PROP_Y: self->y = g_value_get_double(value); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, spec); break;
    }
    GST_OBJECT_UNLOCK(object);
}

static void get_property(GObject *object, guint id, GValue *value, GParamSpec *spec) {
    EffectGstOverlay *self = (EffectGstOverlay *)object;
    if (effect_gst_get_property(GST_ELEMENT(object), &self->effect, id, value)) return;
    GST_OBJECT_LOCK(object);
    switch (id) {
    case PROP_SIZE: g_value_set_double(value, self->size); break;
    case PROP_X: g_value_set_double(value, self->x); break;
    case PROP_Y: g_value_set_double(value, self->y); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, spec); break;
    }
    GST_OBJECT_UNLOCK(object);
}

static void drop_canvas(EffectGstOverlay *self) {
    g_free(self->canvas);
    g_free(self->ink);
    self->canvas = NULL;
    self->ink = NULL;
    self->ink_size = 0;
    self->canvas_width = self->canvas_height = 0;
    self->drawn_by = NULL;
}

static void finalize(GObject *object) {
    EffectGstOverlay *self = (EffectGstOverlay *)object;
    effect_gst_effect_clear(&self->effect);
    drop_canvas(self);
    G_OBJECT_CLASS(parent_class)->finalize(object);
}

static gboolean stop(GstBaseTransform *transform) {
    EffectGstOverlay *self = (EffectGstOverlay *)transform;
    effect_gst_effect_stop(&self->effect);
    drop_canvas(self);
    self->refused = self->untimed = FALSE;
    return TRUE;
}

/* New caps (a size, a format, a colorimetry): the canvas is drawn anew. */
static gboolean set_info(GstVideoFilter *filter, GstCaps *incaps, GstVideoInfo *in_info, GstCaps *outcaps,
                         GstVideoInfo *out_info) {
    (void)incaps, (void)in_info, (void)outcaps, (void)out_info;
    ((EffectGstOverlay *)filter)->drawn_by = NULL;
    return TRUE;
}

/* The smallest box holding every pixel with alpha. */
static void find_ink(EffectGstOverlay *self) {
    const uint32_t width = self->canvas_width, height = self->canvas_height;
    int top = -1, bottom = -1, left = (int)width, right = -1;
    for (uint32_t y = 0; y < height; y++) {
        const guint32 *row = self->canvas + (size_t)y * width;
        uint32_t x = 0;
        while (x < width && row[x] == 0) x++;
        if (x == width) continue;
        if (top < 0) top = (int)y;
        bottom = (int)y;
        if ((int)x < left) left = (int)x;
        uint32_t end = width;
        while (end > x && row[end - 1] == 0) end--;
        if ((int)end - 1 > right) right = (int)end - 1;
    }
    if (top < 0) {
        self->ink_width = self->ink_height = 0;
        return;
    }
    self->ink_x = left;
    self->ink_y = top;
    self->ink_width = right - left + 1;
    self->ink_height = bottom - top + 1;
}

static int same_placement(const effect_host_placement *a, const effect_host_placement *b) {
    return a->size == b->size && a->x == b->x && a->y == b->y;
}

/* The ink's box as straight AYUV in the video's own colour matrix and
 * range (BT.601 on SD, BT.709 on HD, full range for JPEG's), as GStreamer
 * names them; the blender then lays it on the frame with no conversion of
 * its own (which would be BT.709's, whatever the video's). In fixed point,
 * 16 bits of fraction: this runs over every pixel of the box. */
static void ink_to_ayuv(EffectGstOverlay *self, const GstVideoInfo *info) {
    gdouble kr, kb;
    if (!gst_video_color_matrix_get_Kr_Kb(info->colorimetry.matrix, &kr, &kb)) kr = 0.2126, kb = 0.0722;
    gint offset[GST_VIDEO_MAX_COMPONENTS], scale[GST_VIDEO_MAX_COMPONENTS];
    gst_video_color_range_offsets(info->colorimetry.range, info->finfo, offset, scale);
    const double kg = 1 - kr - kb;
    const double rows[3][3] = {{kr, kg, kb},
                               {-kr / (2 * (1 - kb)), -kg / (2 * (1 - kb)), 0.5},
                               {0.5, -kg / (2 * (1 - kr)), -kb / (2 * (1 - kr))}};
    gint32 k[3][3], base[3];
    for (int c = 0; c < 3; c++) {
        for (int i = 0; i < 3; i++) k[c][i] = (gint32)lround(rows[c][i] * scale[c] / 255.0 * 65536);
        base[c] = offset[c] * 65536 + 32768;
    }
    guint32 unpremultiply[256] = {0};
    for (guint32 a = 1; a < 256; a++) unpremultiply[a] = (255u * 65536u + a / 2) / a;

    const gsize size = (gsize)self->ink_width * self->ink_height * 4;
    if (self->ink_size < size) {
        g_free(self->ink);
        self->ink = g_malloc(size);
        self->ink_size = size;
    }
    guint8 *out = self->ink;
    for (int y = 0; y < self->ink_height; y++) {
        const guint32 *in = self->canvas + (gsize)(self->ink_y + y) * self->canvas_width + self->ink_x;
        for (int x = 0; x < self->ink_width; x++, out += 4) {
            const guint32 word = in[x], a = word >> 24;
            if (a == 0) {
                memset(out, 0, 4);
                continue;
            }
            const gint32 rgb[3] = {(gint32)MIN(255u, (((word >> 16) & 255) * unpremultiply[a] + 32768) >> 16),
                                   (gint32)MIN(255u, (((word >> 8) & 255) * unpremultiply[a] + 32768) >> 16),
                                   (gint32)MIN(255u, ((word & 255) * unpremultiply[a] + 32768) >> 16)};
            out[0] = (guint8)a;
            for (int c = 0; c < 3; c++)
                out[1 + c] = (guint8)CLAMP((base[c] + k[c][0] * rgb[0] + k[c][1] * rgb[1] + k[c][2] * rgb[2]) >> 16, 0, 255);
        }
    }
}

/* Not drawn, said once: the video passes through as it is. */
#define PASS_THROUGH GST_FLOW_CUSTOM_SUCCESS

/* Draws the frame at t into the canvas unless it holds it already.
 * PASS_THROUGH when the host refused; an error when memory ran out. */
static GstFlowReturn draw_canvas(EffectGstOverlay *self, effect_host_picture *picture, double t, uint32_t width,
                                 uint32_t height, const effect_host_placement *placement) {
    const GstVideoInfo *info = &GST_VIDEO_FILTER(self)->in_info;
    const gboolean yuv = GST_VIDEO_INFO_IS_YUV(info);
    effect_error error = {sizeof error, 0, {0}};
    if (width > EFFECT_HOST_PIXELS_SIDE_MAX || height > EFFECT_HOST_PIXELS_SIDE_MAX) {
        if (!self->refused)
            GST_ELEMENT_WARNING(self, LIBRARY, SETTINGS,
                                ("the effect is not drawn: a %d × %d frame is more than %u pixels a side",
                                 GST_VIDEO_INFO_WIDTH(info), GST_VIDEO_INFO_HEIGHT(info), EFFECT_HOST_PIXELS_SIDE_MAX),
                                ("the video passes through as it is"));
        self->refused = TRUE;
        return PASS_THROUGH;
    }
    if (self->canvas_width != width || self->canvas_height != height) {
        drop_canvas(self);
        self->canvas = g_try_malloc((size_t)width * height * 4);
        if (self->canvas == NULL) {
            GST_ELEMENT_ERROR(self, RESOURCE, NO_SPACE_LEFT, ("no memory for a %u × %u canvas", width, height), (NULL));
            return GST_FLOW_ERROR;
        }
        self->canvas_width = width;
        self->canvas_height = height;
    }
    int changed = 1;
    if (self->drawn_by == picture && same_placement(&self->drawn_at, placement) &&
        effect_host_picture_changed(picture, t, &changed, &error) == EFFECT_OK && !changed)
        return GST_FLOW_OK;
    self->drawn_by = NULL;
    if (effect_host_picture_draw_pixels_placed(picture, t, self->canvas, width, height, width * 4,
                                               EFFECT_HOST_PIXELS_ARGB32_PREMULTIPLIED, placement, &error) != EFFECT_OK) {
        if (!self->refused)
            GST_ELEMENT_WARNING(self, LIBRARY, SETTINGS, ("the effect is not drawn: %s", error.message),
                                ("a %u × %u frame; the video passes through as it is", width, height));
        self->refused = TRUE;
        return PASS_THROUGH;
    }
    self->refused = FALSE;
    self->drawn_by = picture;
    self->drawn_at = *placement;
    find_ink(self);
    if (yuv && self->ink_width > 0) ink_to_ayuv(self, info);
    return GST_FLOW_OK;
}

/* The stream time a frame is drawn at: its own, or, for one that starts
 * before the segment and ends in it (the first after an accurate seek
 * between frames), the segment's start, where it is shown from. */
static GstClockTime frame_time(EffectGstOverlay *self, GstBuffer *buffer) {
    const GstSegment *segment = &GST_BASE_TRANSFORM(self)->segment;
    GstClockTime start = GST_BUFFER_PTS(buffer), stop = GST_CLOCK_TIME_NONE, clipped = GST_CLOCK_TIME_NONE;
    if (!GST_CLOCK_TIME_IS_VALID(start)) return GST_CLOCK_TIME_NONE;
    if (GST_BUFFER_DURATION_IS_VALID(buffer)) stop = start + GST_BUFFER_DURATION(buffer);
    if (!gst_segment_clip(segment, GST_FORMAT_TIME, start, stop, &clipped, NULL)) return GST_CLOCK_TIME_NONE;
    return gst_segment_to_stream_time(segment, GST_FORMAT_TIME, clipped);
}

static GstFlowReturn transform_frame_ip(GstVideoFilter *filter, GstVideoFrame *frame) {
    EffectGstOverlay *self = (EffectGstOverlay *)filter;
    if (!GST_BUFFER_PTS_IS_VALID(frame->buffer) || GST_BASE_TRANSFORM(filter)->segment.format != GST_FORMAT_TIME) {
        if (!self->untimed)
            GST_ELEMENT_WARNING(self, STREAM, FORMAT, ("frames without timestamps pass through without the effect"),
                                ("an effect is drawn at a frame's stream time: put imagefreeze or a timestamping "
                                 "element before a still image"));
        self->untimed = TRUE;
        return GST_FLOW_OK;
    }
    GstClockTime time = frame_time(self, frame->buffer);
    /* A frame wholly outside the segment is not shown. */
    if (!GST_CLOCK_TIME_IS_VALID(time)) return GST_FLOW_OK;
    gst_object_sync_values(GST_OBJECT(filter), time);
    double t = (double)time / GST_SECOND;

    effect_host_picture *picture = effect_gst_effect_at(GST_ELEMENT(filter), &self->effect, t);
    if (picture == NULL) return GST_FLOW_ERROR;
    effect_host_placement placement = {sizeof placement, 0, 1, 0.5, 0.5};
    GST_OBJECT_LOCK(filter);
    placement.size = self->size;
    placement.x = self->x;
    placement.y = self->y;
    GST_OBJECT_UNLOCK(filter);

    /* The canvas has the frame's shape as it is shown: pixels that are not
     * square (HDV's 1440 x 1080 at 4:3, PAL's 720 x 576) make it wider or
     * narrower (or lower), and the blender scales its ink to the frame's
     * pixels, so a circle stays round on screen. */
    const uint32_t width = (uint32_t)GST_VIDEO_FRAME_WIDTH(frame), height = (uint32_t)GST_VIDEO_FRAME_HEIGHT(frame);
    const GstVideoInfo *info = &filter->in_info;
    uint32_t shown = width, shown_height = height;
    const guint64 par_n = (guint64)MAX(GST_VIDEO_INFO_PAR_N(info), 0), par_d = (guint64)MAX(GST_VIDEO_INFO_PAR_D(info), 0);
    if (par_n > 0 && par_d > 0 && par_n != par_d) {
        /* Wider (or narrower) by the pixels' aspect, or, where that would
         * pass the host's limit, lower instead: the same shape. */
        shown = (uint32_t)MAX(1, gst_util_uint64_scale_round(width, par_n, par_d));
        if (shown > EFFECT_HOST_PIXELS_SIDE_MAX) {
            shown = width;
            shown_height = (uint32_t)MAX(1, gst_util_uint64_scale_round(height, par_d, par_n));
        }
    }
    GstFlowReturn drawn = draw_canvas(self, picture, t, shown, shown_height, &placement);
    if (drawn != GST_FLOW_OK) return drawn == PASS_THROUGH ? GST_FLOW_OK : drawn;
    if (self->ink_width == 0) return GST_FLOW_OK;

    /* The ink's box: on YUV video its AYUV, straight; else the canvas's
     * premultiplied ARGB as it is, rows keeping the canvas's stride. */
    const gboolean yuv = GST_VIDEO_INFO_IS_YUV(info);
    const gsize stride = yuv ? (gsize)self->ink_width * 4 : (gsize)shown * 4;
    guint8 *first = yuv ? self->ink : (guint8 *)(self->canvas + (gsize)self->ink_y * shown + self->ink_x);
    const gsize length = (gsize)(self->ink_height - 1) * stride + (gsize)self->ink_width * 4;
    GstBuffer *pixels = gst_buffer_new_wrapped_full(GST_MEMORY_FLAG_READONLY, first, length, 0, length, NULL, NULL);
    gsize offsets[GST_VIDEO_MAX_PLANES] = {0};
    gint strides[GST_VIDEO_MAX_PLANES] = {(gint)stride};
    gst_buffer_add_video_meta_full(pixels, GST_VIDEO_FRAME_FLAG_NONE,
                                   yuv ? GST_VIDEO_OVERLAY_COMPOSITION_FORMAT_YUV : GST_VIDEO_OVERLAY_COMPOSITION_FORMAT_RGB,
                                   (guint)self->ink_width, (guint)self->ink_height, 1, offsets, strides);
    /* Where the box lies in the frame's own pixels. */
    const gint left = (gint)(((guint64)self->ink_x * width) / shown);
    const gint right = (gint)(((guint64)(self->ink_x + self->ink_width) * width + shown - 1) / shown);
    const gint top = (gint)(((guint64)self->ink_y * height) / shown_height);
    const gint bottom = (gint)(((guint64)(self->ink_y + self->ink_height) * height + shown_height - 1) / shown_height);
    GstVideoOverlayRectangle *rectangle =
        gst_video_overlay_rectangle_new_raw(pixels, left, top, (guint)(right - left), (guint)(bottom - top),
                                            yuv ? GST_VIDEO_OVERLAY_FORMAT_FLAG_NONE
                                                : GST_VIDEO_OVERLAY_FORMAT_FLAG_PREMULTIPLIED_ALPHA);
    gst_buffer_unref(pixels);
    GstVideoOverlayComposition *composition = gst_video_overlay_composition_new(rectangle);
    gst_video_overlay_rectangle_unref(rectangle);
    gboolean blended = gst_video_overlay_composition_blend(composition, frame);
    gst_video_overlay_composition_unref(composition);
    if (!blended) GST_WARNING_OBJECT(self, "the blender refused the frame");
    return GST_FLOW_OK;
}

static void class_init(gpointer klass, gpointer class_data) {
    effect_gst_type *type = class_data;
    GObjectClass *object_class = G_OBJECT_CLASS(klass);
    GstElementClass *element_class = GST_ELEMENT_CLASS(klass);
    parent_class = g_type_class_peek_parent(klass);
    ((EffectGstOverlayClass *)klass)->type = type;
    object_class->set_property = set_property;
    object_class->get_property = get_property;
    object_class->finalize = finalize;

    const GParamFlags flags = G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | GST_PARAM_CONTROLLABLE | GST_PARAM_MUTABLE_PLAYING;
    g_object_class_install_property(
        object_class, PROP_SIZE,
        g_param_spec_double("size", "Size",
                            "The effect's size as a share of the size that fits it in the frame (aspect kept): 1 fills "
                            "the frame one way (0 is 1)",
                            0, EFFECT_HOST_PLACEMENT_SIZE_MAX, 1, flags));
    g_object_class_install_property(
        object_class, PROP_X,
        g_param_spec_double("x", "X",
                            "Across the room the effect leaves: 0 against the left edge, 0.5 centred, 1 against the "
                            "right edge; beyond 0 or 1 partly outside",
                            -EFFECT_HOST_PLACEMENT_OFFSET_MAX, EFFECT_HOST_PLACEMENT_OFFSET_MAX, 0.5, flags));
    g_object_class_install_property(
        object_class, PROP_Y,
        g_param_spec_double("y", "Y",
                            "Down the room the effect leaves: 0 against the top, 0.5 centred, 1 against the bottom; "
                            "beyond 0 or 1 partly outside",
                            -EFFECT_HOST_PLACEMENT_OFFSET_MAX, EFFECT_HOST_PLACEMENT_OFFSET_MAX, 0.5, flags));
    effect_gst_install_properties(object_class, type);

    char *long_name = g_strdup_printf("%s overlay", type->name);
    char *description = g_strdup_printf("%s, drawn over the video in its own format. %s", type->name, type->summary);
    gst_element_class_set_metadata(element_class, long_name, "Filter/Effect/Video/Overlay", description,
                                   "effect-host");
    g_free(long_name);
    g_free(description);
    GstCaps *caps = gst_caps_from_string(GST_VIDEO_CAPS_MAKE(OVERLAY_FORMATS));
    gst_element_class_add_pad_template(element_class, gst_pad_template_new("sink", GST_PAD_SINK, GST_PAD_ALWAYS, caps));
    gst_element_class_add_pad_template(element_class, gst_pad_template_new("src", GST_PAD_SRC, GST_PAD_ALWAYS, caps));
    gst_caps_unref(caps);
    GST_BASE_TRANSFORM_CLASS(klass)->stop = stop;
    GST_VIDEO_FILTER_CLASS(klass)->set_info = set_info;
    GST_VIDEO_FILTER_CLASS(klass)->transform_frame_ip = transform_frame_ip;
}

static void instance_init(GTypeInstance *instance, gpointer klass) {
    EffectGstOverlay *self = (EffectGstOverlay *)instance;
    effect_gst_effect_init(&self->effect, ((EffectGstOverlayClass *)klass)->type);
    self->size = 1;
    self->x = self->y = 0.5;
}

gboolean effect_gst_register_overlay(GstPlugin *plugin, effect_gst_type *type) {
    GTypeInfo info = {sizeof(EffectGstOverlayClass), NULL, NULL, class_init, NULL, type, sizeof(EffectGstOverlay), 0,
                      instance_init, NULL};
    return effect_gst_register_element(plugin, type, "overlay", GST_TYPE_VIDEO_FILTER, &info);
}
