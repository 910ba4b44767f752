/*
 * harness.c: drives the effecthost elements for Tests/GStreamer, one run a
 * command line.
 *
 *   harness push FACTORY CAPS PATTERN OUT STEP...
 *       The element alone in a GstHarness. Its input is one videotestsrc
 *       frame (pattern PATTERN, caps CAPS), written packed to OUT.in, and
 *       pushed again for each `frame`; what comes out is appended to OUT.
 *   harness pull LAUNCH OUT STEP...
 *       A real pipeline, LAUNCH ! appsink: the element named "fx" in it
 *       takes the steps; each pulled frame is appended to OUT.
 *
 * Steps (times in seconds):
 *   prop NAME VALUE      set before the element starts
 *   set NAME VALUE       set now (while playing), as an application does
 *   get NAME             prints "NAME VALUE"
 *   control NAME MODE T:V,T:V...
 *                        an InterpolationControlSource (MODE linear or
 *                        none) bound to NAME with an absolute binding
 *   frame T              push: the input frame with PTS T (none: no
 *                        timestamp), its output kept
 *   segment START TIME RATE APPLIED
 *                        push: flush, then a new segment (a flushing seek)
 *   play / pause         pull: the pipeline's state
 *   seek RATE START STOP pull: a flushing accurate seek; STOP < 0: none;
 *                        prints "seek refused" when it is
 *   pull N               pull: N frames (fewer at EOS)
 * Each kept frame prints "frame PTS STREAM_TIME" (ns; -1 when none); at
 * the end, each warning and error the elements posted, "warning MESSAGE"
 * or "error MESSAGE".
 * Frames are written packed: each plane's rows without padding.
 */
#include <gst/app/gstappsink.h>
#include <gst/check/gstharness.h>
#include <gst/controller/gstdirectcontrolbinding.h>
#include <gst/controller/gstinterpolationcontrolsource.h>
#include <gst/gst.h>
#include <gst/video/video.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void die(const char *what, const char *detail) {
    fprintf(stderr, "harness: %s%s%s\n", what, detail ? ": " : "", detail ? detail : "");
    exit(3);
}

static GstClockTime ns_of(const char *seconds) { return (GstClockTime)(g_ascii_strtod(seconds, NULL) * GST_SECOND + 0.5); }

/* The frame's planes, row by row, without the strides' padding. */
static void write_packed(FILE *out, const GstVideoInfo *info, GstBuffer *buffer) {
    GstVideoFrame frame;
    if (!gst_video_frame_map(&frame, (GstVideoInfo *)info, buffer, GST_MAP_READ)) die("cannot map a frame", NULL);
    for (guint plane = 0; plane < GST_VIDEO_FRAME_N_PLANES(&frame); plane++) {
        gint components[GST_VIDEO_MAX_COMPONENTS];
        gst_video_format_info_component(frame.info.finfo, plane, components);
        const gint c = components[0];
        const gsize row = (gsize)GST_VIDEO_FRAME_COMP_WIDTH(&frame, c) * (gsize)GST_VIDEO_FRAME_COMP_PSTRIDE(&frame, c);
        const guint8 *data = GST_VIDEO_FRAME_PLANE_DATA(&frame, plane);
        for (gint y = 0; y < GST_VIDEO_FRAME_COMP_HEIGHT(&frame, c); y++)
            if (fwrite(data + (gsize)y * (gsize)GST_VIDEO_FRAME_PLANE_STRIDE(&frame, plane), 1, row, out) != row)
                die("cannot write a frame", NULL);
    }
    gst_video_frame_unmap(&frame);
}

static void set_arg(GstElement *element, const char *name, const char *value) {
    if (g_object_class_find_property(G_OBJECT_GET_CLASS(element), name) == NULL) die("no such property", name);
    gst_util_set_object_arg(G_OBJECT(element), name, value);
}

static void print_property(GstElement *element, const char *name) {
    GParamSpec *spec = g_object_class_find_property(G_OBJECT_GET_CLASS(element), name);
    if (spec == NULL) die("no such property", name);
    GValue value = G_VALUE_INIT;
    g_value_init(&value, spec->value_type);
    g_object_get_property(G_OBJECT(element), name, &value);
    char *text = G_VALUE_HOLDS_STRING(&value) ? g_value_dup_string(&value) : g_strdup_value_contents(&value);
    printf("%s %s\n", name, text ? text : "(null)");
    g_free(text);
    g_value_unset(&value);
}

static void control(GstElement *element, const char *name, const char *mode, const char *points) {
    GstControlSource *source = gst_interpolation_control_source_new();
    g_object_set(source, "mode", strcmp(mode, "none") == 0 ? GST_INTERPOLATION_MODE_NONE : GST_INTERPOLATION_MODE_LINEAR,
                 NULL);
    char **pairs = g_strsplit(points, ",", -1);
    for (char **p = pairs; *p; p++) {
        char **tv = g_strsplit(*p, ":", 2);
        if (tv[0] == NULL || tv[1] == NULL) die("a control point is T:V", *p);
        gst_timed_value_control_source_set(GST_TIMED_VALUE_CONTROL_SOURCE(source), ns_of(tv[0]),
                                           g_ascii_strtod(tv[1], NULL));
        g_strfreev(tv);
    }
    g_strfreev(pairs);
    if (!gst_object_add_control_binding(GST_OBJECT(element),
                                        gst_direct_control_binding_new_absolute(GST_OBJECT(element), name, source)))
        die("cannot bind a control source to", name);
    gst_object_unref(source);
}

/* Steps any mode takes; FALSE when `argv[*i]` is not one. */
static gboolean common_step(GstElement *element, int argc, char **argv, int *i) {
    const char *step = argv[*i];
    if (strcmp(step, "set") == 0 && *i + 2 < argc) {
        set_arg(element, argv[*i + 1], argv[*i + 2]);
        *i += 3;
    } else if (strcmp(step, "get") == 0 && *i + 1 < argc) {
        print_property(element, argv[*i + 1]);
        *i += 2;
    } else if (strcmp(step, "control") == 0 && *i + 3 < argc) {
        control(element, argv[*i + 1], argv[*i + 2], argv[*i + 3]);
        *i += 4;
    } else {
        return FALSE;
    }
    fflush(stdout);
    return TRUE;
}

/* What the elements said on the bus: "warning MESSAGE" and "error MESSAGE". */
static void print_bus(GstBus *bus) {
    for (GstMessage *message; (message = gst_bus_pop_filtered(bus, GST_MESSAGE_WARNING | GST_MESSAGE_ERROR)) != NULL;) {
        GError *said = NULL;
        if (GST_MESSAGE_TYPE(message) == GST_MESSAGE_WARNING) gst_message_parse_warning(message, &said, NULL);
        else gst_message_parse_error(message, &said, NULL);
        printf("%s %s\n", GST_MESSAGE_TYPE(message) == GST_MESSAGE_WARNING ? "warning" : "error", said->message);
        g_error_free(said);
        gst_message_unref(message);
    }
}

static int push(int argc, char **argv) {
    if (argc < 6) die("usage: harness push FACTORY CAPS PATTERN OUT STEP...", NULL);
    const char *factory = argv[2], *caps = argv[3], *pattern = argv[4], *out_name = argv[5];
    GstElement *element = gst_element_factory_make(factory, "fx");
    if (element == NULL) die("no such element", factory);
    int i = 6;
    while (i + 2 < argc && strcmp(argv[i], "prop") == 0) {
        set_arg(element, argv[i + 1], argv[i + 2]);
        i += 3;
    }

    /* The input: one videotestsrc frame. */
    char *launch = g_strdup_printf("videotestsrc num-buffers=1 pattern=%s", pattern);
    GstHarness *source = gst_harness_new_parse(launch);
    g_free(launch);
    gst_harness_set_sink_caps_str(source, caps);
    gst_harness_play(source);
    GstBuffer *input = gst_harness_pull(source);
    if (input == NULL) die("videotestsrc made no frame", caps);
    GstVideoInfo info;
    GstCaps *negotiated = gst_caps_from_string(caps);
    if (!gst_video_info_from_caps(&info, negotiated)) die("caps without a size", caps);
    gst_caps_unref(negotiated);
    char *in_name = g_strdup_printf("%s.in", out_name);
    FILE *in_file = fopen(in_name, "wb");
    if (in_file == NULL) die("cannot write", in_name);
    write_packed(in_file, &info, input);
    fclose(in_file);
    g_free(in_name);

    GstHarness *h = gst_harness_new_with_element(element, "sink", "src");
    GstBus *bus = gst_bus_new();
    gst_element_set_bus(element, bus);
    gst_harness_set_src_caps_str(h, caps);
    FILE *out = fopen(out_name, "wb");
    if (out == NULL) die("cannot write", out_name);
    const GstClockTime duration = info.fps_n > 0 ? gst_util_uint64_scale(GST_SECOND, info.fps_d, info.fps_n) : 0;
    while (i < argc) {
        if (common_step(element, argc, argv, &i)) continue;
        if (strcmp(argv[i], "frame") == 0 && i + 1 < argc) {
            GstBuffer *buffer = gst_buffer_copy_deep(input);
            const int timed = strcmp(argv[i + 1], "none") != 0;
            GST_BUFFER_PTS(buffer) = timed ? ns_of(argv[i + 1]) : GST_CLOCK_TIME_NONE;
            GST_BUFFER_DURATION(buffer) = timed ? duration : GST_CLOCK_TIME_NONE;
            GstBuffer *result = gst_harness_push_and_pull(h, buffer);
            if (result == NULL) die("the element gave no frame at", argv[i + 1]);
            write_packed(out, &info, result);
            printf("frame %" G_GUINT64_FORMAT " -1\n", (guint64)GST_BUFFER_PTS(result));
            fflush(stdout);
            gst_buffer_unref(result);
            i += 2;
        } else if (strcmp(argv[i], "segment") == 0 && i + 4 < argc) {
            gst_harness_push_event(h, gst_event_new_flush_start());
            gst_harness_push_event(h, gst_event_new_flush_stop(TRUE));
            GstSegment segment;
            gst_segment_init(&segment, GST_FORMAT_TIME);
            segment.start = segment.position = ns_of(argv[i + 1]);
            segment.time = ns_of(argv[i + 2]);
            segment.rate = g_ascii_strtod(argv[i + 3], NULL);
            segment.applied_rate = g_ascii_strtod(argv[i + 4], NULL);
            if (!gst_harness_push_event(h, gst_event_new_segment(&segment))) die("the segment was refused", NULL);
            i += 5;
        } else {
            die("unknown step", argv[i]);
        }
    }
    fclose(out);
    print_bus(bus);
    gst_object_unref(bus);
    gst_buffer_unref(input);
    gst_harness_teardown(h);
    gst_harness_teardown(source);
    return 0;
}

static void wait_state(GstElement *pipeline, GstState state) {
    if (gst_element_set_state(pipeline, state) == GST_STATE_CHANGE_FAILURE ||
        gst_element_get_state(pipeline, NULL, NULL, 20 * GST_SECOND) == GST_STATE_CHANGE_FAILURE)
        die("the pipeline did not change state", gst_element_state_get_name(state));
}

static int pull(int argc, char **argv) {
    if (argc < 4) die("usage: harness pull LAUNCH OUT STEP...", NULL);
    char *launch = g_strdup_printf("%s ! appsink name=harness_out sync=false max-buffers=1", argv[2]);
    GError *error = NULL;
    GstElement *pipeline = gst_parse_launch(launch, &error);
    if (pipeline == NULL || error != NULL) die("the pipeline does not parse", error ? error->message : launch);
    g_free(launch);
    GstElement *element = gst_bin_get_by_name(GST_BIN(pipeline), "fx");
    GstElement *sink = gst_bin_get_by_name(GST_BIN(pipeline), "harness_out");
    if (element == NULL) die("the pipeline has no element named fx", argv[2]);
    FILE *out = fopen(argv[3], "wb");
    if (out == NULL) die("cannot write", argv[3]);
    int i = 4;
    while (i < argc) {
        if (strcmp(argv[i], "prop") == 0 && i + 2 < argc) {
            set_arg(element, argv[i + 1], argv[i + 2]);
            i += 3;
        } else if (common_step(element, argc, argv, &i)) {
            continue;
        } else if (strcmp(argv[i], "play") == 0) {
            wait_state(pipeline, GST_STATE_PLAYING);
            i++;
        } else if (strcmp(argv[i], "pause") == 0) {
            wait_state(pipeline, GST_STATE_PAUSED);
            i++;
        } else if (strcmp(argv[i], "seek") == 0 && i + 3 < argc) {
            const double stop = g_ascii_strtod(argv[i + 3], NULL);
            if (!gst_element_seek(pipeline, g_ascii_strtod(argv[i + 1], NULL), GST_FORMAT_TIME,
                                  GST_SEEK_FLAG_FLUSH | GST_SEEK_FLAG_ACCURATE, GST_SEEK_TYPE_SET, ns_of(argv[i + 2]),
                                  stop < 0 ? GST_SEEK_TYPE_NONE : GST_SEEK_TYPE_SET,
                                  stop < 0 ? GST_CLOCK_TIME_NONE : ns_of(argv[i + 3]))) {
                printf("seek refused\n");
                i += 4;
                continue;
            }
            if (gst_element_get_state(pipeline, NULL, NULL, 20 * GST_SECOND) == GST_STATE_CHANGE_FAILURE)
                die("the seek failed", argv[i + 2]);
            i += 4;
        } else if (strcmp(argv[i], "pull") == 0 && i + 1 < argc) {
            for (long n = strtol(argv[i + 1], NULL, 10); n > 0; n--) {
                GstSample *sample = gst_app_sink_try_pull_sample(GST_APP_SINK(sink), 20 * GST_SECOND);
                if (sample == NULL) break;
                GstVideoInfo info;
                if (!gst_video_info_from_caps(&info, gst_sample_get_caps(sample))) die("a sample without video caps", NULL);
                GstBuffer *buffer = gst_sample_get_buffer(sample);
                write_packed(out, &info, buffer);
                const GstClockTime stream = gst_segment_to_stream_time(gst_sample_get_segment(sample), GST_FORMAT_TIME,
                                                                       GST_BUFFER_PTS(buffer));
                printf("frame %" G_GUINT64_FORMAT " %" G_GINT64_FORMAT " %dx%d\n", (guint64)GST_BUFFER_PTS(buffer),
                       GST_CLOCK_TIME_IS_VALID(stream) ? (gint64)stream : (gint64)-1, info.width, info.height);
                fflush(stdout);
                gst_sample_unref(sample);
            }
            i += 2;
        } else {
            die("unknown step", argv[i]);
        }
    }
    fclose(out);
    GstBus *bus = gst_element_get_bus(pipeline);
    print_bus(bus);
    gst_object_unref(bus);
    gst_element_set_state(pipeline, GST_STATE_NULL);
    gst_object_unref(sink);
    gst_object_unref(element);
    gst_object_unref(pipeline);
    return 0;
}

int main(int argc, char **argv) {
    gst_init(&argc, &argv);
    if (argc >= 2 && strcmp(argv[1], "push") == 0) return push(argc, argv);
    if (argc >= 2 && strcmp(argv[1], "pull") == 0) return pull(argc, argv);
    die("usage: harness push FACTORY CAPS PATTERN OUT STEP... | harness pull LAUNCH OUT STEP...", NULL);
    return 2;
}
