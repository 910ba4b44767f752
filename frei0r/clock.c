/*
 * clock.c: the time a host passes to f0r_update, in seconds.
 *
 * frei0r's header says seconds, and MLT and GStreamer pass seconds; ffmpeg
 * passes milliseconds (its frei0r filters multiply by 1000): host.c tells
 * which program is calling.
 */
#include "adapter.h"

#include <math.h>
#include <string.h>

/* Past this many seconds (about 31 years) a time is not a position in a
 * video: ffmpeg passes about -3e20 for a frame that lost its timestamp. */
static const double latest = 1e9;

double clock_seconds(double host_time, const char *unit, int milliseconds_by_default) {
    int milliseconds = strcmp(unit, "milliseconds") == 0 || (strcmp(unit, "seconds") != 0 && milliseconds_by_default);
    double seconds = milliseconds ? host_time / 1000.0 : host_time;
    if (!isfinite(seconds) || fabs(seconds) > latest) return NAN;
    return seconds;
}
