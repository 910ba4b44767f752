/*
 * mlt7.h: what the adapter uses of MLT 7 when MLT is the host.
 *
 * Nothing is linked against libmlt: its functions are looked up in the
 * process (mlt7.c), so in any other host nothing is found and nothing
 * happens. The few structures read here are MLT 7's public ones, as its
 * headers declare them; the lookup refuses any other major version.
 */
#ifndef EFFECT_FREI0R_MLT7_H
#define EFFECT_FREI0R_MLT7_H

#include <stdint.h>

typedef void *mlt_properties;
typedef void *mlt_frame;
typedef int32_t mlt_position;
typedef int (*mlt_get_image)(mlt_frame, uint8_t **, int *, int *, int *, int);
typedef int (*mlt_producer_get_frame)(void *producer, mlt_frame *frame, int index);

/* Event data, as mlt_events.h and mlt_factory.h declare it. */
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

/* struct mlt_producer_s: a service (properties, then five pointers), then
 * the producer's own get_frame. */
typedef struct {
    void *properties[4];
    void *service[5];
    mlt_producer_get_frame get_frame;
} mlt7_producer;

/* libmlt's functions the adapter calls, found by mlt7_found(). */
typedef struct {
    void *(*get_data)(mlt_properties, const char *, int *);
    char *(*get)(mlt_properties, const char *);
    int (*set)(mlt_properties, const char *, const char *);
    double (*get_double)(mlt_properties, const char *);
    int (*set_double)(mlt_properties, const char *, double);
    int (*push_get_image)(mlt_frame, mlt_get_image);
    int (*get_image)(mlt_frame, uint8_t **, int *, int *, int *, int);
    double (*producer_fps)(void *);
    mlt_position (*producer_frame)(void *);
    mlt_properties (*factory_events)(void);
    void *(*listen)(mlt_properties, void *, const char *, mlt_listener);
    void *(*to_object)(mlt_event_data);
    const char *(*to_string)(mlt_event_data);
} mlt7_api;

/* libmlt's functions when this process runs MLT 7, otherwise NULL. */
const mlt7_api *mlt7(void);

/* Called for each service MLT makes from this plugin file (mlt7.c):
 * mlt_whole_frames.c holds its threads at 1, mlt_clip_time.c gives a
 * producer's frames its own time. */
void mlt_whole_frames_hold(mlt_properties service);
void mlt_clip_time_follow(mlt_properties producer);

#endif
