/*
 * clock.c: the time a host passes to f0r_update, in seconds.
 *
 * frei0r's header says seconds, and MLT and GStreamer pass seconds; ffmpeg
 * passes milliseconds (its frei0r filters multiply by 1000). Which program
 * is calling is read from where the call comes from: code in libavfilter,
 * or in an ffmpeg built statically, counts milliseconds.
 */
#define _GNU_SOURCE
#include "adapter.h"

#include <dlfcn.h>
#include <math.h>
#include <string.h>

int clock_host_counts_milliseconds(const void *caller) {
    Dl_info info;
    if (caller == NULL || dladdr(caller, &info) == 0 || info.dli_fname == NULL) return 0;
    const char *base = strrchr(info.dli_fname, '/');
    base = base != NULL ? base + 1 : info.dli_fname;
    if (strncmp(base, "libavfilter", strlen("libavfilter")) == 0) return 1;
    /* A static ffmpeg carries libavfilter inside: its own symbol tells. */
    void *self = dlopen(info.dli_fname[0] != '\0' ? info.dli_fname : NULL, RTLD_LAZY | RTLD_NOLOAD);
    if (self == NULL) return 0;
    int has_avfilter = dlsym(self, "avfilter_version") != NULL;
    dlclose(self);
    return has_avfilter;
}

/* Past this many seconds (about 31 years) a time is not a position in a
 * video: ffmpeg passes about -3e20 for a frame that lost its timestamp. */
static const double latest = 1e9;

double clock_seconds(double host_time, const char *unit, int milliseconds_by_default) {
    int milliseconds = strcmp(unit, "milliseconds") == 0 || (strcmp(unit, "seconds") != 0 && milliseconds_by_default);
    double seconds = milliseconds ? host_time / 1000.0 : host_time;
    if (!isfinite(seconds) || fabs(seconds) > latest) return NAN;
    return seconds;
}
