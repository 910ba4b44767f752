/*
 * What the C benchmarks share: a monotonic clock, the median of ROUNDS
 * values (for a benchmark that defines ROUNDS before including this), and an
 * instance of a bundled effect with its time span.
 */
#ifndef BENCH_ROUNDS_H
#define BENCH_ROUNDS_H

#include "effect.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void) {
    struct timespec spec;
    clock_gettime(CLOCK_MONOTONIC, &spec);
    return (double)spec.tv_sec + (double)spec.tv_nsec / 1e9;
}

#ifdef ROUNDS
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

/*
 * Opens DIR/LIBRARY, creates EFFECT (with param text = TEXT unless TEXT is
 * NULL) and gives its table and the span a benchmark samples over: its end,
 * or one entrance and period. Needs ABI minor MINOR at least. Returns the
 * instance, or NULL after saying why on stderr.
 */
static effect_instance *open_effect(const char *dir, const char *library_name, const char *effect, const char *text,
                                    uint32_t minor, const effect_plugin_api **api, double *span) {
    char path[4096];
    void *library;
    effect_plugin_entry_fn entry;
    effect_param_setting setting;
    effect_instance *instance = NULL;
    effect_instance_info info;

    snprintf(path, sizeof path, "%s/%s", dir, library_name);
    library = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) return fprintf(stderr, "%s\n", dlerror()), NULL;
    *(void **)&entry = dlsym(library, EFFECT_ENTRY_SYMBOL);
    if (entry == NULL || (*api = entry()) == NULL || (*api)->abi_minor < minor) {
        return fprintf(stderr, "%s: no effect table of ABI 1.%u\n", path, (unsigned)minor), NULL;
    }
    memset(&setting, 0, sizeof setting);
    setting.name = "text";
    setting.value.type = EFFECT_TYPE_STRING;
    setting.value.string = text;
    if ((*api)->create(*api, effect, &setting, text ? 1 : 0, &instance, NULL) != EFFECT_OK) {
        return fprintf(stderr, "%s: create failed\n", effect), NULL;
    }
    info.struct_size = sizeof info;
    if ((*api)->instance_info(instance, &info, NULL) != EFFECT_OK) {
        (*api)->destroy(instance);
        return fprintf(stderr, "%s: instance_info failed\n", effect), NULL;
    }
    *span = info.timing == EFFECT_TIMING_LOOPS ? info.loop_start + info.period : info.end;
    return instance;
}

#endif
