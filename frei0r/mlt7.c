/*
 * mlt7.c: finds libmlt's functions in the process and, inside MLT 7,
 * follows the services MLT makes from this plugin file.
 */
#define _GNU_SOURCE
#include "adapter.h"
#include "mlt7.h"

#include <dlfcn.h>
#include <string.h>

static mlt7_api api;
static const mlt7_api *found;

#define FIND(slot, name) (*(void **)&(slot) = dlsym(RTLD_DEFAULT, name)) != NULL

static void find_mlt(void) {
    int (*version)(void);
    if (!(FIND(version, "mlt_version_get_int") && FIND(api.get_data, "mlt_properties_get_data") &&
          FIND(api.get, "mlt_properties_get") && FIND(api.set, "mlt_properties_set") &&
          FIND(api.get_double, "mlt_properties_get_double") && FIND(api.set_double, "mlt_properties_set_double") &&
          FIND(api.push_get_image, "mlt_frame_push_get_image") && FIND(api.get_image, "mlt_frame_get_image") &&
          FIND(api.producer_fps, "mlt_producer_get_fps") && FIND(api.producer_frame, "mlt_producer_frame") &&
          FIND(api.factory_events, "mlt_factory_event_object") && FIND(api.listen, "mlt_events_listen") &&
          FIND(api.to_object, "mlt_event_data_to_object") && FIND(api.to_string, "mlt_event_data_to_string")))
        return;
    /* The layouts in mlt7.h are MLT 7's (major version in bits 16 and up). */
    if (version() >> 16 == 7) found = &api;
}

const mlt7_api *mlt7(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, find_mlt);
    return found;
}

/* Whether `service` is made from this file: MLT keeps each frei0r
 * service's entry points among its properties. */
static int made_from_this_file(mlt_properties service) {
    f0r_instance_t (*construct)(unsigned int, unsigned int) = f0r_construct;
    void *ours;
    memcpy(&ours, &construct, sizeof ours);
    return service != NULL && api.get_data(service, "f0r_construct", NULL) == ours;
}

static mlt_properties created(mlt_event_data data) {
    const mlt_factory_event_data *event = api.to_object(data);
    if (event == NULL || event->service == NULL) return NULL;
    mlt_properties service = *(mlt_properties *)event->service;
    return made_from_this_file(service) ? service : NULL;
}

static void on_producer(mlt_properties factory, void *unused, mlt_event_data data) {
    (void)factory;
    (void)unused;
    mlt_properties producer = created(data);
    if (producer == NULL) return;
    mlt_whole_frames_hold(producer);
    mlt_clip_time_follow(producer);
}

static void on_filter(mlt_properties factory, void *unused, mlt_event_data data) {
    (void)factory;
    (void)unused;
    mlt_properties filter = created(data);
    if (filter != NULL) mlt_whole_frames_hold(filter);
}

static void follow(void) {
    if (mlt7() == NULL) return;
    mlt_properties factory = api.factory_events();
    if (factory == NULL) return;
    api.listen(factory, NULL, "producer-create-done", on_producer);
    api.listen(factory, NULL, "filter-create-done", on_filter);
}

void mlt_follow_services(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, follow);
}
