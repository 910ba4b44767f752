/*
 * Cold start of one plugin in a fresh process: dlopen, the entry point,
 * describe and every effect's effect_info, timed together. Prints the
 * microseconds. Run it once per process; later loads in the same process
 * find the Swift runtime already mapped.
 *
 *   load_bench PLUGIN.so
 */
#define _POSIX_C_SOURCE 200809L
#include "effect.h"

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

static double now(void) {
    struct timespec spec;
    clock_gettime(CLOCK_MONOTONIC, &spec);
    return (double)spec.tv_sec + (double)spec.tv_nsec / 1e9;
}

int main(int argc, char **argv) {
    double start = now();
    void *library;
    effect_plugin_entry_fn entry;
    const effect_plugin_api *api;
    effect_plugin_info plugin;
    uint32_t e;
    if (argc != 2) return fprintf(stderr, "usage: load_bench PLUGIN.so\n"), 2;
    library = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) return fprintf(stderr, "%s\n", dlerror()), 1;
    *(void **)&entry = dlsym(library, EFFECT_ENTRY_SYMBOL);
    if (entry == NULL || (api = entry()) == NULL) return fprintf(stderr, "%s: no table\n", argv[1]), 1;
    memset(&plugin, 0, sizeof plugin);
    plugin.struct_size = sizeof plugin;
    if (api->describe(api, &plugin, NULL) != EFFECT_OK) return fprintf(stderr, "%s: describe failed\n", argv[1]), 1;
    for (e = 0; e < plugin.effect_count; e++) {
        effect_info info;
        memset(&info, 0, sizeof info);
        info.struct_size = sizeof info;
        if (api->effect_info(api, e, &info, NULL) != EFFECT_OK) return fprintf(stderr, "%s: effect_info failed\n", argv[1]), 1;
    }
    printf("%.1f\n", (now() - start) * 1e6);
    return 0;
}
