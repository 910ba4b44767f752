/*
 * keyframes.c: a GStreamer pipeline whose effect params are keyframed
 * with GstController, the way any GStreamer property is.
 *
 * A task struck out over a test clip: `done` turns true at 1 s (a step,
 * so the strike animates from there, as a tap would start it), and the
 * title slides from the left edge to the centre over the first second.
 * Writes OUTPUT as WebM.
 *
 *   cc keyframes.c $(pkg-config --cflags --libs gstreamer-1.0 gstreamer-controller-1.0) -o keyframes
 *   GST_PLUGIN_PATH=DIR-OF-libgsteffecthost.so ./keyframes OUTPUT.webm
 */
#include <gst/controller/controller.h>
#include <gst/gst.h>
#include <stdio.h>

/* Keyframes (seconds, value) on `property`, interpolated in `mode`. An
 * absolute binding takes the values in the property's own units; a
 * boolean's are 0 and 1. */
static void keyframe(GstElement *element, const char *property, GstInterpolationMode mode, int absolute, int count,
                     const double *times, const double *values) {
    GstControlSource *source = gst_interpolation_control_source_new();
    g_object_set(source, "mode", mode, NULL);
    for (int i = 0; i < count; i++)
        gst_timed_value_control_source_set(GST_TIMED_VALUE_CONTROL_SOURCE(source), (GstClockTime)(times[i] * GST_SECOND),
                                           values[i]);
    GstControlBinding *binding = absolute ? gst_direct_control_binding_new_absolute(GST_OBJECT(element), property, source)
                                          : gst_direct_control_binding_new(GST_OBJECT(element), property, source);
    gst_object_add_control_binding(GST_OBJECT(element), binding);
    gst_object_unref(source);
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: keyframes OUTPUT.webm\n");
        return 2;
    }
    gst_init(NULL, NULL);
    GError *error = NULL;
    char *description = g_strdup_printf(
        "videotestsrc num-buffers=75 pattern=smpte ! video/x-raw,format=I420,width=1280,height=720,framerate=30/1 "
        "! strikethroughrevealoverlay name=title text=\"Ship the component\" done=false size=0.6 "
        "! videoconvert ! vp8enc deadline=1 ! webmmux ! filesink location=\"%s\"",
        argv[1]);
    GstElement *pipeline = gst_parse_launch(description, &error);
    g_free(description);
    if (pipeline == NULL) {
        fprintf(stderr, "keyframes: %s\n", error->message);
        return 1;
    }
    GstElement *title = gst_bin_get_by_name(GST_BIN(pipeline), "title");
    const double done_at[] = {0, 1}, done[] = {0, 1};
    keyframe(title, "done", GST_INTERPOLATION_MODE_NONE, 0, 2, done_at, done);
    const double slide_at[] = {0, 1}, x[] = {0, 0.5};
    keyframe(title, "x", GST_INTERPOLATION_MODE_CUBIC_MONOTONIC, 1, 2, slide_at, x);
    gst_object_unref(title);

    gst_element_set_state(pipeline, GST_STATE_PLAYING);
    GstBus *bus = gst_element_get_bus(pipeline);
    GstMessage *message =
        gst_bus_timed_pop_filtered(bus, GST_CLOCK_TIME_NONE, GST_MESSAGE_ERROR | GST_MESSAGE_EOS);
    int status = 0;
    if (GST_MESSAGE_TYPE(message) == GST_MESSAGE_ERROR) {
        GError *failure = NULL;
        gst_message_parse_error(message, &failure, NULL);
        fprintf(stderr, "keyframes: %s\n", failure->message);
        g_error_free(failure);
        status = 1;
    }
    gst_message_unref(message);
    gst_object_unref(bus);
    gst_element_set_state(pipeline, GST_STATE_NULL);
    gst_object_unref(pipeline);
    return status;
}
