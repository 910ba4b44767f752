/*
 * mlt_whole_frames.c: keeps MLT from cutting this plugin's frames into strips.
 *
 * With a service's `threads` set to N, MLT 7 constructs the plugin at
 * (width, height / N) and draws each strip as a frame of its own, never
 * saying where the strip lies; a picture fitted to the frame cannot be drawn
 * so. Each service MLT makes from this file has its `threads` held at 1,
 * saying so once.
 */
#include "adapter.h"
#include "mlt7.h"

#include <stdio.h>
#include <string.h>

static void hold_threads(mlt_properties service) {
    const mlt7_api *mlt = mlt7();
    const char *threads = mlt->get(service, "threads");
    if (threads == NULL || strcmp(threads, "1") == 0) return;
    char line[200];
    snprintf(line, sizeof line, "MLT's threads=%.20s would cut each frame into strips this plugin cannot place; it is drawn whole "
             "(threads=1)", threads);
    adapter_report(line);
    mlt->set(service, "threads", "1");
}

static void on_property(mlt_properties service, void *unused, mlt_event_data data) {
    (void)unused;
    const char *name = mlt7()->to_string(data);
    if (name != NULL && strcmp(name, "threads") == 0) hold_threads(service);
}

void mlt_whole_frames_hold(mlt_properties service) {
    mlt7()->listen(service, NULL, "property-changed", on_property);
    hold_threads(service);
}
