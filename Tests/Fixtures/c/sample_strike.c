/*
 * Drives libStrike.so through nothing but effect.h and dlopen, the way any
 * C embedder would, and prints what it sees for the test to check:
 *
 *   frame T V0 V1 ...        a frame sampled at T
 *   retract T V0 V1 ...      a frame after done=false at t = 0.12
 *   value T TEXT             the accessibility value at T
 *   batch equal|differs      sample_many against repeated sample
 *   status NAME CODE MESSAGE a refused call
 */
#include "effect.h"

#include <dlfcn.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

static const effect_plugin_api *api;
static effect_error error;

static void print_frame(const char *label, double t, const double *frame, uint64_t size) {
    uint64_t i;
    printf("%s %.17g", label, t);
    for (i = 0; i < size; i++) printf(" %.17g", frame[i]);
    printf("\n");
}

static void print_status(const char *name, effect_status status) {
    printf("status %s %d %s\n", name, (int)status, error.message);
}

int main(int argc, char **argv) {
    void *library;
    effect_plugin_entry_fn entry;
    effect_plugin_info plugin;
    effect_info info;
    effect_instance *instance = NULL;
    effect_instance *refused = NULL;
    effect_instance_info facts;
    effect_strings strings;
    effect_value done = {EFFECT_TYPE_BOOL, 0, 0, 0, NULL};
    effect_param_setting unknown = {"colour", {EFFECT_TYPE_NUMBER, 0, 1, 0, NULL}};
    double frame[64];
    double batch[50 * 64];
    const double times[] = {0, 0.08, 0.16, 0.32};
    const double after[] = {0.2, 0.3, 0.44};
    int i;
    int equal = 1;

    if (argc != 2) {
        fprintf(stderr, "usage: %s PLUGIN.so\n", argv[0]);
        return 2;
    }
    library = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        fprintf(stderr, "dlopen: %s\n", dlerror());
        return 1;
    }
    *(void **)&entry = dlsym(library, EFFECT_ENTRY_SYMBOL);
    if (entry == NULL || (api = entry()) == NULL) return 1;
    if (api->abi_major != EFFECT_ABI_MAJOR || api->abi_minor > EFFECT_ABI_MINOR) return 1;

    error.struct_size = sizeof error;
    plugin.struct_size = sizeof plugin;
    if (api->describe(api, &plugin, &error) != EFFECT_OK) return 1;
    info.struct_size = sizeof info;
    if (api->effect_info(api, 0, &info, &error) != EFFECT_OK) return 1;
    printf("plugin %s effects %u first %s channels %u\n", plugin.id, plugin.effect_count, info.id,
           info.global_channel_count);

    if (api->create(api, info.id, NULL, 0, &instance, &error) != EFFECT_OK) return 1;
    facts.struct_size = sizeof facts;
    if (api->instance_info(instance, &facts, &error) != EFFECT_OK) return 1;
    printf("end %.17g\n", facts.end);

    for (i = 0; i < 4; i++) {
        if (api->sample(instance, times[i], frame, 64, &error) != EFFECT_OK) return 1;
        print_frame("frame", times[i], frame, facts.frame_size);
    }

    if (api->sample_many(instance, 0, 0.01, 50, batch, 50 * 64, &error) != EFFECT_OK) return 1;
    for (i = 0; i < 50; i++) {
        if (api->sample(instance, 0 + i * 0.01, frame, 64, &error) != EFFECT_OK) return 1;
        if (memcmp(frame, batch + i * facts.frame_size, facts.frame_size * sizeof(double)) != 0) equal = 0;
    }
    printf("batch %s\n", equal ? "equal" : "differs");

    if (api->set_param(instance, "done", &done, 0.12, &error) != EFFECT_OK) return 1;
    for (i = 0; i < 3; i++) {
        if (api->sample(instance, after[i], frame, 64, &error) != EFFECT_OK) return 1;
        print_frame("retract", after[i], frame, facts.frame_size);
    }
    strings.struct_size = sizeof strings;
    if (api->strings(instance, 0.5, &strings, &error) != EFFECT_OK) return 1;
    printf("value 0.5 %s\n", strings.accessibility_value);

    print_status("nan_time", api->sample(instance, NAN, frame, 64, &error));
    print_status("negative_time", api->sample(instance, -1, frame, 64, &error));
    print_status("zero_capacity", api->sample(instance, 0, frame, 0, &error));
    print_status("null_frame", api->sample(instance, 0, NULL, 64, &error));
    print_status("unknown_param", api->create(api, info.id, &unknown, 1, &refused, &error));
    printf("refused_instance %s\n", refused == NULL ? "null" : "set");

    api->destroy(instance);
    return 0;
}
