/*
 * mlt_whole_frames.c: keeps MLT from cutting this plugin's frames into strips.
 *
 * With a service's `threads` set to N, MLT 7 constructs the plugin at
 * (width, height / N) and draws each strip as a frame of its own, never
 * saying where the strip lies; a picture fitted to the frame cannot be drawn
 * so. When the plugin runs inside MLT (libmlt's functions are there to be
 * found), it listens for the services MLT makes from it and holds their
 * `threads` at 1, saying so once. Nothing is linked against MLT: in any
 * other host nothing is found and nothing happens.
 */
#define _GNU_SOURCE
#include "adapter.h"

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

/* MLT 7's types, as mlt_events.h and mlt_factory.h declare them. */
typedef void *mlt_properties;
typedef struct {
    union {
        int i;
        void *p;
    } u;
} mlt_event_data;
typedef struct {
    const char *name;
    const void *input;
    void *service; /* for *-create-done: the address of the new service's pointer */
} mlt_factory_event_data;
typedef void (*mlt_listener)(mlt_properties, void *, mlt_event_data);

static struct {
    int (*version)(void);
    mlt_properties (*factory_events)(void);
    void *(*listen)(mlt_properties, void *, const char *, mlt_listener);
    void *(*get_data)(mlt_properties, const char *, int *);
    char *(*get)(mlt_properties, const char *);
    int (*set)(mlt_properties, const char *, const char *);
    void *(*to_object)(mlt_event_data);
    const char *(*to_string)(mlt_event_data);
} mlt;

static void hold_threads(mlt_properties service) {
    const char *threads = mlt.get(service, "threads");
    if (threads == NULL || strcmp(threads, "1") == 0) return;
    char line[200];
    snprintf(line, sizeof line, "MLT's threads=%.20s would cut each frame into strips this plugin cannot place; it is drawn whole "
             "(threads=1)", threads);
    adapter_report(line);
    mlt.set(service, "threads", "1");
}

static void on_property(mlt_properties service, void *unused, mlt_event_data data) {
    (void)unused;
    const char *name = mlt.to_string(data);
    if (name != NULL && strcmp(name, "threads") == 0) hold_threads(service);
}

static void on_created(mlt_properties factory, void *unused, mlt_event_data data) {
    (void)factory;
    (void)unused;
    const mlt_factory_event_data *event = mlt.to_object(data);
    if (event == NULL || event->service == NULL) return;
    mlt_properties service = *(mlt_properties *)event->service;
    /* Another plugin's service, or one of this file's? MLT keeps each
     * service's frei0r entry points among its properties. */
    f0r_instance_t (*construct)(unsigned int, unsigned int) = f0r_construct;
    void *ours;
    memcpy(&ours, &construct, sizeof ours);
    if (service == NULL || mlt.get_data(service, "f0r_construct", NULL) != ours) return;
    mlt.listen(service, NULL, "property-changed", on_property);
    hold_threads(service);
}

static void listen_to_mlt(void) {
    *(void **)&mlt.version = dlsym(RTLD_DEFAULT, "mlt_version_get_int");
    *(void **)&mlt.factory_events = dlsym(RTLD_DEFAULT, "mlt_factory_event_object");
    *(void **)&mlt.listen = dlsym(RTLD_DEFAULT, "mlt_events_listen");
    *(void **)&mlt.get_data = dlsym(RTLD_DEFAULT, "mlt_properties_get_data");
    *(void **)&mlt.get = dlsym(RTLD_DEFAULT, "mlt_properties_get");
    *(void **)&mlt.set = dlsym(RTLD_DEFAULT, "mlt_properties_set");
    *(void **)&mlt.to_object = dlsym(RTLD_DEFAULT, "mlt_event_data_to_object");
    *(void **)&mlt.to_string = dlsym(RTLD_DEFAULT, "mlt_event_data_to_string");
    if (mlt.version == NULL || mlt.factory_events == NULL || mlt.listen == NULL || mlt.get_data == NULL || mlt.get == NULL ||
        mlt.set == NULL || mlt.to_object == NULL || mlt.to_string == NULL)
        return;
    /* The event data's layout above is MLT 7's (major version in bits 16 and up). */
    if (mlt.version() >> 16 != 7) return;
    mlt_properties factory = mlt.factory_events();
    if (factory == NULL) return;
    mlt.listen(factory, NULL, "producer-create-done", on_created);
    mlt.listen(factory, NULL, "filter-create-done", on_created);
}

void mlt_keep_frames_whole(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, listen_to_mlt);
}
