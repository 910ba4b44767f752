/*
 * frei0r_calls.c: the calls no well-behaved host makes, made to a frei0r
 * plugin of the adapter: sizes of 0 and past 8192, times that are NaN,
 * infinite, negative or absurd, NULL pointers, indices out of range, a
 * string param whose pointer is NULL, and strings read back. Each line it
 * prints is checked by Tests/Video/test_frei0r.py; it never crashes.
 *
 *   frei0r_calls PLUGIN.so
 */
#include <frei0r.h>

#include <dlfcn.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct table {
    int (*init)(void);
    void (*get_plugin_info)(f0r_plugin_info_t *);
    void (*get_param_info)(f0r_param_info_t *, int);
    f0r_instance_t (*construct)(unsigned int, unsigned int);
    void (*destruct)(f0r_instance_t);
    void (*set_param_value)(f0r_instance_t, f0r_param_t, int);
    void (*get_param_value)(f0r_instance_t, f0r_param_t, int);
    void (*update)(f0r_instance_t, double, const uint32_t *, uint32_t *);
} table;

static void *find(void *library, const char *name) {
    void *symbol = dlsym(library, name);
    if (symbol == NULL) {
        printf("missing: %s\n", name);
        exit(1);
    }
    return symbol;
}

static int param_index(const table *f, int count, const char *name) {
    for (int i = 0; i < count; i++) {
        f0r_param_info_t info;
        f->get_param_info(&info, i);
        if (strcmp(info.name, name) == 0) return i;
    }
    return -1;
}

static unsigned inked(const uint32_t *frame, size_t count) {
    unsigned pixels = 0;
    for (size_t i = 0; i < count; i++) pixels += frame[i] != 0;
    return pixels;
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: frei0r_calls PLUGIN.so\n");
        return 2;
    }
    void *library = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        printf("dlopen: %s\n", dlerror());
        return 1;
    }
    table f;
    *(void **)&f.init = find(library, "f0r_init");
    *(void **)&f.get_plugin_info = find(library, "f0r_get_plugin_info");
    *(void **)&f.get_param_info = find(library, "f0r_get_param_info");
    *(void **)&f.construct = find(library, "f0r_construct");
    *(void **)&f.destruct = find(library, "f0r_destruct");
    *(void **)&f.set_param_value = find(library, "f0r_set_param_value");
    *(void **)&f.get_param_value = find(library, "f0r_get_param_value");
    *(void **)&f.update = find(library, "f0r_update");

    f0r_plugin_info_t info;
    f.get_plugin_info(NULL);
    f.get_plugin_info(&info);
    printf("init: %d\n", f.init());
    printf("info: %s type %d model %d version %d params %d\n", info.name, info.plugin_type, info.color_model,
           info.frei0r_version, info.num_params);
    f0r_param_info_t param = {"untouched", -1, NULL};
    f.get_param_info(&param, -1);
    f.get_param_info(&param, info.num_params);
    f.get_param_info(NULL, 0);
    printf("param out of range: %s\n", param.name);

    printf("construct 0x0: %s\n", f.construct(0, 0) == NULL ? "NULL" : "an instance");
    printf("construct 8193x8: %s\n", f.construct(8193, 8) == NULL ? "NULL" : "an instance");
    printf("construct 100000x100000: %s\n", f.construct(100000, 100000) == NULL ? "NULL" : "an instance");

    /* A 1 x 1 frame and a 64 x 48 one draw; odd times draw nothing. */
    f0r_instance_t tiny = f.construct(1, 1);
    uint32_t pixel = 0xDEADBEEF;
    f.update(tiny, 0.1, NULL, &pixel);
    printf("1x1: %s\n", tiny != NULL ? "drawn" : "no instance");
    f.destruct(tiny);

    f0r_instance_t instance = f.construct(64, 48);
    uint32_t *frame = calloc(64 * 48, 4);
    if (instance == NULL || frame == NULL) return 1;
    const double odd[] = {NAN, INFINITY, -INFINITY, -1.0, -3.0e20, 1.0e300};
    for (size_t i = 0; i < sizeof odd / sizeof odd[0]; i++) {
        memset(frame, 0xAB, 64 * 48 * 4);
        f.update(instance, odd[i], NULL, frame);
        printf("time %g: %u of %d pixels inked\n", odd[i], inked(frame, 64 * 48), 64 * 48);
    }
    f.update(instance, 1000.0, NULL, frame);
    printf("time 1000: %s\n", inked(frame, 64 * 48) > 0 ? "ink" : "nothing");

    /* NULL everywhere a pointer goes. */
    f.update(NULL, 0.1, NULL, frame);
    f.update(instance, 0.1, NULL, NULL);
    f.set_param_value(NULL, &(double){0.5}, 0);
    f.set_param_value(instance, NULL, 0);
    f.get_param_value(instance, NULL, 0);
    f.set_param_value(instance, &(double){0.5}, -1);
    f.set_param_value(instance, &(double){0.5}, info.num_params);
    f.destruct(NULL);

    /* A string param handed a NULL string reads as empty; strings come back as the plugin's copy. */
    int text = param_index(&f, info.num_params, "text");
    if (text >= 0) {
        char *nothing = NULL, *back = NULL;
        f.set_param_value(instance, &nothing, text);
        f.get_param_value(instance, &back, text);
        printf("text after NULL: '%s'\n", back != NULL ? back : "(NULL)");
        char buffer[32];
        char *given = buffer;
        snprintf(buffer, sizeof buffer, "%s", "copied");
        f.set_param_value(instance, &given, text);
        snprintf(buffer, sizeof buffer, "%s", "overwritten");
        f.get_param_value(instance, &back, text);
        printf("text kept: '%s'\n", back);
    }
    /* A double out of [0, 1] is held to it; NaN is ignored. */
    int size = param_index(&f, info.num_params, "size");
    double value = 7, read = -1;
    f.set_param_value(instance, &value, size);
    f.get_param_value(instance, &read, size);
    printf("size 7 reads: %g\n", read);
    value = NAN;
    f.set_param_value(instance, &value, size);
    f.get_param_value(instance, &read, size);
    printf("size NaN reads: %g\n", read);

    f.destruct(instance);
    free(frame);
    printf("done: yes\n");
    return 0;
}
