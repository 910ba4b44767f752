/*
 * src.c: fxEFFECTsrc, a video source of the effect's frames.
 *
 * Frames are on the grid of the negotiated framerate: frame n is the
 * effect at t = n / framerate, whatever seeks led there, so the same
 * stream time with the same settings is the same frame. A seek lands on
 * the frame that covers its position; a negative rate plays the frames
 * backwards from the segment's stop. timestamp-offset moves the buffers'
 * timestamps (to place the effect later in a mix, as videotestsrc's
 * does), not the effect: its first frame is still its t = 0, and the
 * effect's time (what keyframes and events are on) is the frame's
 * position in the source's own timeline. Live (is-live), frames are paced
 * by the clock, and the source is not seekable.
 *
 * GStreamer's RGBA, BGRA and ARGB are straight alpha; the host draws
 * straight RGBA, and the other orders are that with the bytes moved.
 */
#include "effect_gst.h"

#include <gst/base/gstpushsrc.h>
#include <gst/video/video.h>
#include <string.h>

enum { PROP_0, PROP_IS_LIVE, PROP_TIMESTAMP_OFFSET, PROP_BACKGROUND };

typedef struct EffectGstSrc {
    GstPushSrc parent;
    effect_gst_effect effect;
    gint64 timestamp_offset; /* under the object's lock */
    guint background;        /* 0xAARRGGBB */

    /* Streaming thread. */
    GstVideoInfo info;
    gint64 frame;       /* the next frame's number */
    gboolean backwards; /* the segment's rate is negative */
} EffectGstSrc;

typedef struct EffectGstSrcClass {
    GstPushSrcClass parent;
    effect_gst_type *type;
} EffectGstSrcClass;

static GstPushSrcClass *parent_class;

static void set_property(GObject *object, guint id, const GValue *value, GParamSpec *spec) {
    EffectGstSrc *self = (EffectGstSrc *)object;
    if (effect_gst_set_property(GST_ELEMENT(object), &self->effect, id, value, spec)) return;
    switch (id) {
    case PROP_IS_LIVE: gst_base_src_set_live(GST_BASE_SRC(object), g_value_get_boolean(value)); break;
    case PROP_TIMESTAMP_OFFSET:
        GST_OBJECT_LOCK(object);
        self->timestamp_offset = g_value_get_int64(value);
        GST_OBJECT_UNLOCK(object);
        break;
    case PROP_BACKGROUND:
        GST_OBJECT_LOCK(object);
        self->background = g_value_get_uint(value);
        GST_OBJECT_UNLOCK(object);
        break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, spec); break;
    }
}

static void get_property(GObject *object, guint id, GValue *value, GParamSpec *spec) {
    EffectGstSrc *self = (EffectGstSrc *)object;
    if (effect_gst_get_property(GST_ELEMENT(object), &self->effect, id, value)) return;
    switch (id) {
    case PROP_IS_LIVE: g_value_set_boolean(value, gst_base_src_is_live(GST_BASE_SRC(object))); break;
    case PROP_TIMESTAMP_OFFSET:
        GST_OBJECT_LOCK(object);
        g_value_set_int64(value, self->timestamp_offset);
        GST_OBJECT_UNLOCK(object);
        break;
    case PROP_BACKGROUND:
        GST_OBJECT_LOCK(object);
        g_value_set_uint(value, self->background);
        GST_OBJECT_UNLOCK(object);
        break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, spec); break;
    }
}

static void finalize(GObject *object) {
    effect_gst_effect_clear(&((EffectGstSrc *)object)->effect);
    G_OBJECT_CLASS(parent_class)->finalize(object);
}

static GstCaps *fixate(GstBaseSrc *base, GstCaps *caps) {
    EffectGstSrc *self = (EffectGstSrc *)base;
    uint32_t width = 320, height = 240;
    effect_host_picture *picture = effect_gst_effect_at(GST_ELEMENT(base), &self->effect, 0);
    /* The size a negotiation without one takes: the picture's as render draws it. */
    if (picture != NULL) effect_host_picture_pixel_size(picture, EFFECT_HOST_SCALE_DEFAULT, &width, &height, NULL);
    caps = gst_caps_make_writable(caps);
    GstStructure *structure = gst_caps_get_structure(caps, 0);
    gst_structure_fixate_field_nearest_int(structure, "width", (int)width);
    gst_structure_fixate_field_nearest_int(structure, "height", (int)height);
    gst_structure_fixate_field_nearest_fraction(structure, "framerate", 30, 1);
    return GST_BASE_SRC_CLASS(parent_class)->fixate(base, caps);
}

static gboolean set_caps(GstBaseSrc *base, GstCaps *caps) {
    EffectGstSrc *self = (EffectGstSrc *)base;
    GstVideoInfo info;
    if (!gst_video_info_from_caps(&info, caps) || info.fps_n <= 0 || info.fps_d <= 0) {
        GST_ELEMENT_ERROR(base, CORE, NEGOTIATION, ("the source needs a size and a framerate above 0"),
                          ("caps %" GST_PTR_FORMAT, caps));
        return FALSE;
    }
    self->info = info;
    gst_base_src_set_blocksize(base, (guint)info.size);
    return TRUE;
}

static gboolean is_seekable(GstBaseSrc *base) { return !gst_base_src_is_live(base); }

static GstClockTime frame_time(const EffectGstSrc *self, gint64 frame) {
    return gst_util_uint64_scale((guint64)frame, (guint64)self->info.fps_d * GST_SECOND, (guint64)self->info.fps_n);
}

/* A backwards seek needs a stop to play back from: refused as it comes,
 * before basesrc flushes, so the stream goes on as it was. */
static gboolean event(GstBaseSrc *base, GstEvent *received) {
    if (GST_EVENT_TYPE(received) == GST_EVENT_SEEK) {
        gdouble rate;
        GstSeekType stop_type;
        gint64 stop;
        gst_event_parse_seek(received, &rate, NULL, NULL, NULL, NULL, &stop_type, &stop);
        if (rate < 0 && (stop_type == GST_SEEK_TYPE_NONE || stop < 0)) {
            GST_WARNING_OBJECT(base, "refused a seek: a negative rate needs a stop to play back from");
            return FALSE;
        }
    }
    return GST_BASE_SRC_CLASS(parent_class)->event(base, received);
}

static gboolean do_seek(GstBaseSrc *base, GstSegment *segment) {
    EffectGstSrc *self = (EffectGstSrc *)base;
    const gboolean backwards = segment->rate < 0;
    if (backwards && !GST_CLOCK_TIME_IS_VALID(segment->stop)) return FALSE;
    segment->time = segment->start;
    self->backwards = backwards;
    if (self->info.fps_n <= 0) {
        self->frame = 0;
        return TRUE;
    }
    const guint64 n = (guint64)self->info.fps_n, d = (guint64)self->info.fps_d * GST_SECOND;
    /* Backwards, from the last frame that starts before the stop; forwards,
     * from the frame that covers the position. */
    self->frame = backwards ? (gint64)gst_util_uint64_scale_ceil(segment->stop, n, d) - 1
                            : (gint64)gst_util_uint64_scale(segment->position, n, d);
    return TRUE;
}

static gboolean start(GstBaseSrc *base) {
    EffectGstSrc *self = (EffectGstSrc *)base;
    self->frame = 0;
    self->backwards = FALSE;
    return TRUE;
}

static gboolean stop(GstBaseSrc *base) {
    effect_gst_effect_stop(&((EffectGstSrc *)base)->effect);
    return TRUE;
}

/* A live source's frames wait for their time on the clock. */
static void get_times(GstBaseSrc *base, GstBuffer *buffer, GstClockTime *start_time, GstClockTime *end_time) {
    *start_time = *end_time = GST_CLOCK_TIME_NONE;
    if (!gst_base_src_is_live(base)) return;
    GstClockTime pts = GST_BUFFER_PTS(buffer);
    if (!GST_CLOCK_TIME_IS_VALID(pts)) return;
    *start_time = pts;
    if (GST_BUFFER_DURATION_IS_VALID(buffer)) *end_time = pts + GST_BUFFER_DURATION(buffer);
}

static gboolean query(GstBaseSrc *base, GstQuery *q) {
    EffectGstSrc *self = (EffectGstSrc *)base;
    if (GST_QUERY_TYPE(q) == GST_QUERY_LATENCY && self->info.fps_n > 0) {
        /* A frame is ready one frame after its time. */
        GstClockTime latency = frame_time(self, 1);
        gst_query_set_latency(q, gst_base_src_is_live(base), latency, latency);
        return TRUE;
    }
    return GST_BASE_SRC_CLASS(parent_class)->query(base, q);
}

/* Straight RGBA, as the host drew it, in the negotiated byte order. */
static void reorder(GstVideoFrame *frame) {
    GstVideoFormat format = GST_VIDEO_FRAME_FORMAT(frame);
    if (format == GST_VIDEO_FORMAT_RGBA) return;
    const int width = GST_VIDEO_FRAME_WIDTH(frame), height = GST_VIDEO_FRAME_HEIGHT(frame);
    const int stride = GST_VIDEO_FRAME_PLANE_STRIDE(frame, 0);
    guint8 *data = GST_VIDEO_FRAME_PLANE_DATA(frame, 0);
    for (int y = 0; y < height; y++) {
        guint8 *p = data + (gsize)y * (gsize)stride;
        for (int x = 0; x < width; x++, p += 4) {
            const guint8 r = p[0], g = p[1], b = p[2], a = p[3];
            if (format == GST_VIDEO_FORMAT_BGRA) {
                p[0] = b;
                p[2] = r;
            } else { /* ARGB */
                p[0] = a;
                p[1] = r;
                p[2] = g;
                p[3] = b;
            }
        }
    }
}

/* The frame at t, fitted and centred as render --size draws it, over the
 * background, which fills the frame (0: transparent), as straight RGBA. */
static effect_status draw(effect_host_picture *picture, double t, GstVideoFrame *frame, guint background,
                          effect_error *error) {
    const uint32_t width = (uint32_t)GST_VIDEO_FRAME_WIDTH(frame), height = (uint32_t)GST_VIDEO_FRAME_HEIGHT(frame);
    const uint32_t stride = (uint32_t)GST_VIDEO_FRAME_PLANE_STRIDE(frame, 0);
    guint8 *data = GST_VIDEO_FRAME_PLANE_DATA(frame, 0);
    if ((background >> 24) == 0)
        return effect_host_picture_draw_pixels(picture, t, data, width, height, stride, EFFECT_HOST_PIXELS_RGBA_STRAIGHT,
                                               error);
    const guint8 rgba[4] = {(guint8)(background >> 16), (guint8)(background >> 8), (guint8)background,
                            (guint8)(background >> 24)};
    for (uint32_t x = 0; x < width; x++) memcpy(data + (gsize)x * 4, rgba, 4);
    for (uint32_t y = 1; y < height; y++) memcpy(data + (gsize)y * stride, data, (gsize)width * 4);
    const effect_host_placement over = {sizeof over, EFFECT_HOST_PLACE_OVER, 1, 0.5, 0.5};
    return effect_host_picture_draw_pixels_placed(picture, t, data, width, height, stride,
                                                  EFFECT_HOST_PIXELS_RGBA_STRAIGHT, &over, error);
}

static GstFlowReturn fill(GstPushSrc *push, GstBuffer *buffer) {
    EffectGstSrc *self = (EffectGstSrc *)push;
    GstBaseSrc *base = GST_BASE_SRC(push);
    if (self->info.fps_n <= 0) return GST_FLOW_NOT_NEGOTIATED;
    if (self->frame < 0) return GST_FLOW_EOS;
    const GstClockTime time = frame_time(self, self->frame), next = frame_time(self, self->frame + 1);
    const GstSegment *segment = &base->segment;
    if (!self->backwards && GST_CLOCK_TIME_IS_VALID(segment->stop) && time >= segment->stop) return GST_FLOW_EOS;
    if (self->backwards && next <= segment->start) return GST_FLOW_EOS;

    gst_object_sync_values(GST_OBJECT(push), time);
    effect_host_picture *picture = effect_gst_effect_at(GST_ELEMENT(push), &self->effect, (double)time / GST_SECOND);
    if (picture == NULL) return GST_FLOW_ERROR;

    GstVideoFrame frame;
    if (!gst_video_frame_map(&frame, &self->info, buffer, GST_MAP_WRITE)) {
        GST_ELEMENT_ERROR(push, RESOURCE, WRITE, ("cannot map the frame for writing"), (NULL));
        return GST_FLOW_ERROR;
    }
    GST_OBJECT_LOCK(push);
    const guint background = self->background;
    GST_OBJECT_UNLOCK(push);
    effect_error error = {sizeof error, 0, {0}};
    effect_status status = draw(picture, (double)time / GST_SECOND, &frame, background, &error);
    if (status == EFFECT_OK) reorder(&frame);
    gst_video_frame_unmap(&frame);
    if (status != EFFECT_OK) {
        GST_ELEMENT_ERROR(push, LIBRARY, SETTINGS, ("the effect is not drawn: %s", error.message),
                          ("a %d × %d frame", GST_VIDEO_INFO_WIDTH(&self->info), GST_VIDEO_INFO_HEIGHT(&self->info)));
        return GST_FLOW_ERROR;
    }

    GST_OBJECT_LOCK(push);
    const gint64 offset = self->timestamp_offset;
    GST_OBJECT_UNLOCK(push);
    GST_BUFFER_PTS(buffer) = time + (GstClockTime)offset;
    GST_BUFFER_DTS(buffer) = GST_CLOCK_TIME_NONE;
    GST_BUFFER_DURATION(buffer) = next - time;
    GST_BUFFER_OFFSET(buffer) = (guint64)self->frame;
    GST_BUFFER_OFFSET_END(buffer) = (guint64)self->frame + 1;
    self->frame += self->backwards ? -1 : 1;
    return GST_FLOW_OK;
}

static void class_init(gpointer klass, gpointer class_data) {
    effect_gst_type *type = class_data;
    GObjectClass *object_class = G_OBJECT_CLASS(klass);
    GstElementClass *element_class = GST_ELEMENT_CLASS(klass);
    GstBaseSrcClass *base_class = GST_BASE_SRC_CLASS(klass);
    parent_class = g_type_class_peek_parent(klass);
    ((EffectGstSrcClass *)klass)->type = type;
    object_class->set_property = set_property;
    object_class->get_property = get_property;
    object_class->finalize = finalize;

    const GParamFlags flags = G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS;
    g_object_class_install_property(
        object_class, PROP_IS_LIVE,
        g_param_spec_boolean("is-live", "Is live", "Frames are paced by the clock, as a camera's are (not seekable)", FALSE,
                             flags | GST_PARAM_MUTABLE_READY));
    g_object_class_install_property(
        object_class, PROP_TIMESTAMP_OFFSET,
        g_param_spec_int64("timestamp-offset", "Timestamp offset",
                           "Nanoseconds added to the buffers' timestamps; the effect still starts at its t = 0",
                           0, G_MAXINT64, 0, flags | GST_PARAM_MUTABLE_READY));
    g_object_class_install_property(
        object_class, PROP_BACKGROUND,
        g_param_spec_uint("background", "Background",
                          "The colour that fills the frame under the effect (0xAARRGGBB, straight alpha); 0 is "
                          "transparent",
                          0, G_MAXUINT32,
                          0, flags | GST_PARAM_MUTABLE_PLAYING));
    effect_gst_install_properties(object_class, type);

    char *long_name = g_strdup_printf("%s source", type->name);
    char *description = g_strdup_printf("%s, as video frames. %s", type->name, type->summary);
    gst_element_class_set_metadata(element_class, long_name, "Source/Video", description, "effect-host");
    g_free(long_name);
    g_free(description);
    /* Square pixels: the picture is fitted to the frame as it is shown. */
    GstCaps *caps = gst_caps_from_string(GST_VIDEO_CAPS_MAKE("{ RGBA, BGRA, ARGB }") ", pixel-aspect-ratio = (fraction) 1/1");
    gst_element_class_add_pad_template(element_class, gst_pad_template_new("src", GST_PAD_SRC, GST_PAD_ALWAYS, caps));
    gst_caps_unref(caps);
    base_class->fixate = fixate;
    base_class->set_caps = set_caps;
    base_class->is_seekable = is_seekable;
    base_class->event = event;
    base_class->do_seek = do_seek;
    base_class->start = start;
    base_class->stop = stop;
    base_class->get_times = get_times;
    base_class->query = query;
    GST_PUSH_SRC_CLASS(klass)->fill = fill;
}

static void instance_init(GTypeInstance *instance, gpointer klass) {
    EffectGstSrc *self = (EffectGstSrc *)instance;
    effect_gst_effect_init(&self->effect, ((EffectGstSrcClass *)klass)->type);
    gst_base_src_set_format(GST_BASE_SRC(self), GST_FORMAT_TIME);
    gst_base_src_set_live(GST_BASE_SRC(self), FALSE);
}

gboolean effect_gst_register_src(GstPlugin *plugin, effect_gst_type *type) {
    GTypeInfo info = {sizeof(EffectGstSrcClass), NULL, NULL, class_init, NULL, type, sizeof(EffectGstSrc), 0,
                      instance_init, NULL};
    return effect_gst_register_element(plugin, type, "src", GST_TYPE_PUSH_SRC, &info);
}
