/*
 * What the C benchmarks share: a monotonic clock and the median of ROUNDS
 * values (each benchmark defines ROUNDS before including this).
 */
#ifndef BENCH_ROUNDS_H
#define BENCH_ROUNDS_H

#include <stdlib.h>
#include <time.h>

static double now(void) {
    struct timespec spec;
    clock_gettime(CLOCK_MONOTONIC, &spec);
    return (double)spec.tv_sec + (double)spec.tv_nsec / 1e9;
}

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Sorts `values` (ROUNDS of them) in place and returns their median. */
static double median(double *values) {
    qsort(values, ROUNDS, sizeof *values, compare);
    return values[ROUNDS / 2];
}

#endif
