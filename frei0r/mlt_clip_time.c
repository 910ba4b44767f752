/*
 * mlt_clip_time.c: a producer's frames drawn at the clip's own time.
 *
 * MLT's frei0r producer passes f0r_update the frame's position at the time
 * it is drawn, and by then a playlist (an editor's track) has renumbered
 * the frame with its own position: a generator clip placed 10 s into a
 * track would start 10 s into its animation; and it numbers the frame from
 * the producer's own in-point, so a producer trimmed itself (in=25) would
 * start at t = 0. The frame the producer is at when it is asked for one
 * (mlt_producer_frame: its in-point and its position) is the clip's own,
 * counted as a video clip's producer counts it (a clip trimmed by 5 frames
 * at its start, on a track or on the producer, begins at its frame 5). Each
 * producer made from this file has its get_frame wrapped: the frame keeps
 * that time, and a get_image pushed above the producer's hands it to
 * f0r_update, on the thread that draws, for that draw only.
 */
#include "adapter.h"
#include "mlt7.h"

#include <math.h>
#include <stdatomic.h>

static const char clip_time_key[] = "_effect_host.clip_time";

/* MLT's frei0r producer's get_frame, the one every producer of this file has. */
static _Atomic(mlt_producer_get_frame) made_by_mlt;

static _Thread_local double drawing_at = NAN;

static int draw_at_clip_time(mlt_frame frame, uint8_t **image, int *format, int *width, int *height, int writable) {
    const mlt7_api *mlt = mlt7();
    double outer = drawing_at;
    drawing_at = mlt->get_double(frame, clip_time_key);
    int error = mlt->get_image(frame, image, format, width, height, writable);
    drawing_at = outer;
    return error;
}

static int get_frame_keeping_clip_time(void *producer, mlt_frame *frame, int index) {
    const mlt7_api *mlt = mlt7();
    /* The frame of the clip the producer is at, counted from the clip's
     * first frame, not from its in-point, as a video clip's producer counts
     * (MLT's frei0r producer numbers the frame from the in-point). */
    mlt_position clip_frame = mlt->producer_frame(producer);
    int error = atomic_load(&made_by_mlt)(producer, frame, index);
    if (error != 0 || frame == NULL || *frame == NULL) return error;
    double fps = mlt->producer_fps(producer);
    if (!(fps > 0)) return error;
    mlt->set_double(*frame, clip_time_key, clip_frame / fps);
    mlt->push_get_image(*frame, draw_at_clip_time);
    return error;
}

void mlt_clip_time_follow(mlt_properties service) {
    mlt7_producer *producer = service;
    mlt_producer_get_frame own = producer->get_frame;
    if (own == NULL || own == get_frame_keeping_clip_time) return;
    mlt_producer_get_frame expected = NULL;
    /* A producer made some other way keeps MLT's time. */
    if (!atomic_compare_exchange_strong(&made_by_mlt, &expected, own) && expected != own) return;
    producer->get_frame = get_frame_keeping_clip_time;
}

double mlt_clip_time_or(double host_time) {
    return isnan(drawing_at) ? host_time : drawing_at;
}
