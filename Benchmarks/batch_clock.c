/*
 * The C side of python_bench's comparison, loaded into the same Python
 * process with ctypes: the time of `reps` sample_many calls of n frames,
 * made from C through the plugin's table, so that Python's cost for the
 * same batch can be read against it round by round, under the same load.
 */
#define _POSIX_C_SOURCE 200809L
#include "effect.h"

#include <time.h>

/* Seconds for `reps` calls of sample_many(instance, t0, dt, n, frames,
 * capacity); a negative value if a call fails. */
double batch_seconds(const effect_plugin_api *api, effect_instance *instance, double t0, double dt, uint64_t n,
                     double *frames, uint64_t capacity, int reps) {
    struct timespec start, end;
    int rep;
    clock_gettime(CLOCK_MONOTONIC, &start);
    for (rep = 0; rep < reps; rep++) {
        if (api->sample_many(instance, t0, dt, n, frames, capacity, NULL) != EFFECT_OK) return -1;
    }
    clock_gettime(CLOCK_MONOTONIC, &end);
    return (double)(end.tv_sec - start.tv_sec) + (double)(end.tv_nsec - start.tv_nsec) / 1e9;
}
