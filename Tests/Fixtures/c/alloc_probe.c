/*
 * Counts heap allocations made while sampling, with malloc_counter.so
 * preloaded. For every effect of every plugin given: create an instance,
 * give each live param changes (bools twice; numbers, integers and enums
 * once), so lookups cross events, then count the allocations of 100,000
 * sample calls spread over the effect's timeline, the very first included,
 * and of 100 sample_many calls of 1,000 frames; for an effect that draws
 * (ABI 1.2), of 10,000 draw calls too, half of them with a measurer.
 *
 *   alloc_probe PLUGIN.so...
 *
 * Prints "control N" (N allocations made on purpose, proving the counter
 * sees this process), then per effect
 *   "effect ID samples 100000 allocations A batch_frames 100000 batch_allocations B
 *    draws D draw_allocations C" (D is 0 for an effect that does not draw).
 */
#define _POSIX_C_SOURCE 200809L
#include "effect.h"

#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SAMPLES 100000
#define BATCHES 100
#define BATCH 1000
#define DRAWS 10000

typedef uint64_t (*counter_fn)(void);

static counter_fn counter;

/* Through a volatile pointer, so the compiler cannot drop the malloc/free
 * pairs of the control. */
static void *(*volatile allocate)(size_t) = malloc;

static int fail(const char *what, const effect_error *error) {
    fprintf(stderr, "%s: %s\n", what, error ? error->message : "");
    return 1;
}

/* Two changes to every live bool param; one to every live number,
 * integer and enum, to another value in its range. */
static int add_events(const effect_plugin_api *api, const char *effect, uint32_t effect_index, uint32_t params,
                      effect_instance *instance) {
    uint32_t p;
    for (p = 0; p < params; p++) {
        effect_param_info param;
        effect_value value;
        effect_error error;
        memset(&param, 0, sizeof param);
        param.struct_size = sizeof param;
        error.struct_size = sizeof error;
        if (api->param_info(api, effect_index, p, &param, &error) != EFFECT_OK) return fail(effect, &error);
        if (!(param.flags & EFFECT_PARAM_LIVE)) continue;
        value = param.default_value;
        if (param.type == EFFECT_TYPE_BOOL) {
            value.integer = !value.integer;
            if (api->set_param(instance, param.name, &value, 0.4, &error) != EFFECT_OK) return fail(param.name, &error);
            value.integer = !value.integer;
            if (api->set_param(instance, param.name, &value, 0.9, &error) != EFFECT_OK) return fail(param.name, &error);
        } else if (param.type == EFFECT_TYPE_INTEGER && value.integer < (int64_t)param.max) {
            value.integer += 1;
            if (api->set_param(instance, param.name, &value, 1.5, &error) != EFFECT_OK) return fail(param.name, &error);
        } else if (param.type == EFFECT_TYPE_NUMBER && param.max > param.min) {
            /* A quarter of the way up its range, capped so delays stay short. */
            value.number = param.min + ((param.max - param.min) / 4 < 0.5 ? (param.max - param.min) / 4 : 0.5);
            if (api->set_param(instance, param.name, &value, 0.6, &error) != EFFECT_OK) return fail(param.name, &error);
        } else if (param.type == EFFECT_TYPE_ENUM && param.choice_count > 1) {
            value.string = NULL; /* by index */
            value.integer = (value.integer + 1) % param.choice_count;
            if (api->set_param(instance, param.name, &value, 0.7, &error) != EFFECT_OK) return fail(param.name, &error);
        }
    }
    return 0;
}

/* A measurer in the host's place: a fixed advance per byte. */
static effect_status measure_bytes(void *context, const char *text, double size, double weight, double tracking,
                                   effect_text_metrics *out) {
    (void)context;
    (void)weight;
    out->advance = (double)strlen(text) * (0.5 * size + tracking);
    out->ascent = 0.8 * size;
    out->descent = 0.2 * size;
    return EFFECT_OK;
}

/* Draws DRAWS frames over the span, half with the reference metrics and
 * half with a measurer, into a buffer sized once (allocated before
 * counting), and counts the allocations of the draws alone. *drawn is 0 for
 * a plugin before ABI 1.2 or an effect that does not draw. */
static int draw_frames(const effect_plugin_api *api, effect_instance *instance, double span, int *drawn,
                       uint64_t *allocations) {
    effect_drawing drawing;
    effect_draw_context context;
    effect_draw_item *items;
    uint64_t capacity, before;
    effect_status status;
    int i;
    *drawn = 0;
    *allocations = 0;
    if (api->abi_minor < 2 || api->draw == NULL) return 0;
    memset(&drawing, 0, sizeof drawing);
    drawing.struct_size = sizeof drawing;
    status = api->draw(instance, 0, NULL, &drawing, NULL, 0, NULL);
    if (status == EFFECT_ERR_UNSUPPORTED) return 0;
    if (status != EFFECT_OK && status != EFFECT_ERR_BUFFER) return 1;
    /* Room for any t, and for the measurer's layout too. */
    capacity = 2 * drawing.max_item_count + 16;
    items = malloc(sizeof *items * capacity);
    if (items == NULL) return 1;
    memset(&context, 0, sizeof context);
    context.struct_size = sizeof context;
    context.width = 300;
    context.measure = measure_bytes;
    before = counter();
    for (i = 0; i < DRAWS; i++) {
        drawing.struct_size = sizeof drawing;
        status = api->draw(instance, span * i / DRAWS, i % 2 ? &context : NULL, &drawing, items, capacity, NULL);
        if (status != EFFECT_OK) return free(items), 1;
    }
    *allocations = counter() - before;
    *drawn = DRAWS;
    free(items);
    return 0;
}

/* Marks a word boundary and a row break before every character, so that
 * text in a script written without spaces is cut into one word a character. */
static effect_status segment_everywhere(void *context, const char *text, uint64_t length, uint8_t *flags) {
    uint64_t i;
    (void)context;
    for (i = 0; i <= length; i++) {
        int continues = i < length && ((unsigned char)text[i] & 0xC0) == 0x80;
        flags[i] = continues ? 0 : (uint8_t)(EFFECT_BREAK_WORD | EFFECT_BREAK_LINE);
    }
    return EFFECT_OK;
}

/* Creates the effect with its defaults or, when ALLOC_PROBE_TEXT is set and
 * the effect has a `text` param, with that text, through the host services
 * of ABI 1.4 where the plugin has them. */
static effect_status create(const effect_plugin_api *api, const char *id, effect_instance **instance, effect_error *error) {
    static const effect_host_services services = {sizeof services, 0, segment_everywhere, NULL, 0};
    const char *text = getenv("ALLOC_PROBE_TEXT");
    effect_param_setting setting;
    effect_status status;
    memset(&setting, 0, sizeof setting);
    setting.name = "text";
    setting.value.type = EFFECT_TYPE_STRING;
    setting.value.string = text;
    if (text != NULL && api->abi_minor >= 4 && api->create_with_services != NULL) {
        status = api->create_with_services(api, id, &setting, 1, &services, instance, error);
    } else if (text != NULL) {
        status = api->create(api, id, &setting, 1, instance, error);
    } else {
        return api->create(api, id, NULL, 0, instance, error);
    }
    return status == EFFECT_ERR_UNKNOWN_PARAM ? api->create(api, id, NULL, 0, instance, error) : status;
}

static int probe(const effect_plugin_api *api, uint32_t index) {
    effect_info info;
    effect_instance_info timing;
    effect_instance *instance = NULL;
    effect_error error;
    double *frames, span;
    uint64_t before, single, batch, drawing;
    int i, drawn;

    memset(&info, 0, sizeof info);
    info.struct_size = sizeof info;
    error.struct_size = sizeof error;
    if (api->effect_info(api, index, &info, &error) != EFFECT_OK) return fail("effect_info", &error);
    if (create(api, info.id, &instance, &error) != EFFECT_OK) return fail(info.id, &error);
    if (add_events(api, info.id, index, info.param_count, instance) != 0) return 1;
    memset(&timing, 0, sizeof timing);
    timing.struct_size = sizeof timing;
    if (api->instance_info(instance, &timing, &error) != EFFECT_OK) return fail(info.id, &error);
    span = timing.timing == EFFECT_TIMING_LOOPS ? timing.loop_start + 3 * timing.period : timing.end;
    span = span * 1.2 + 0.1;
    frames = malloc(sizeof(double) * timing.frame_size * BATCH);
    if (frames == NULL) return fail("out of memory", NULL);

    before = counter();
    for (i = 0; i < SAMPLES; i++) {
        if (api->sample(instance, span * i / SAMPLES, frames, timing.frame_size, &error) != EFFECT_OK) {
            return fail(info.id, &error);
        }
    }
    single = counter() - before;
    before = counter();
    for (i = 0; i < BATCHES; i++) {
        double t0 = span * i / BATCHES;
        if (api->sample_many(instance, t0, span / BATCHES / BATCH, BATCH, frames, timing.frame_size * BATCH, &error)
            != EFFECT_OK) {
            return fail(info.id, &error);
        }
    }
    batch = counter() - before;
    if (draw_frames(api, instance, span, &drawn, &drawing) != 0) return fail(info.id, NULL);
    printf("effect %s samples %d allocations %llu batch_frames %d batch_allocations %llu draws %d draw_allocations %llu\n",
           info.id, SAMPLES, (unsigned long long)single, BATCHES * BATCH, (unsigned long long)batch, drawn,
           (unsigned long long)drawing);
    api->destroy(instance);
    free(frames);
    return 0;
}

int main(int argc, char **argv) {
    uint64_t before;
    int a, i;
    *(void **)&counter = dlsym(RTLD_DEFAULT, "malloc_counter_allocations");
    if (counter == NULL) return fprintf(stderr, "malloc_counter.so is not preloaded\n"), 2;
    before = counter();
    for (i = 0; i < 3; i++) free(allocate(16));
    printf("control %llu\n", (unsigned long long)(counter() - before));
    for (a = 1; a < argc; a++) {
        void *library = dlopen(argv[a], RTLD_NOW | RTLD_LOCAL);
        effect_plugin_entry_fn entry;
        const effect_plugin_api *api;
        effect_plugin_info plugin;
        effect_error error;
        uint32_t e;
        if (library == NULL) return fprintf(stderr, "%s\n", dlerror()), 1;
        *(void **)&entry = dlsym(library, EFFECT_ENTRY_SYMBOL);
        if (entry == NULL || (api = entry()) == NULL) return fprintf(stderr, "%s: no table\n", argv[a]), 1;
        memset(&plugin, 0, sizeof plugin);
        plugin.struct_size = sizeof plugin;
        error.struct_size = sizeof error;
        if (api->describe(api, &plugin, &error) != EFFECT_OK) return fail(argv[a], &error);
        for (e = 0; e < plugin.effect_count; e++) {
            if (probe(api, e) != 0) return 1;
        }
    }
    return 0;
}
