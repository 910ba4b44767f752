/*
 * A digest of everything the bundled plugins compute, to check that an
 * optimisation changed no bit: frames from sample and from sample_many,
 * far out in time too, and display lists in both appearances at several
 * proposed widths, for every effect with its defaults and with events set
 * on every live param (values and times worked out from its metadata).
 * Text pointers are replaced by the text they point to.
 *
 *   frame_digest DIR     (DIR holds libStrike.so, libBreathe.so, libReveal.so)
 *
 * Prints one line per effect and case: its id, "defaults" or "events", and
 * a 64-bit FNV-1a digest. Two builds agree to the bit when their lines do:
 *
 *   frame_digest .build/release > after; frame_digest OLD/.build/release > before; diff before after
 */
#define _POSIX_C_SOURCE 200809L
#include "effect.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned long long digest;

static void mix(const void *bytes, size_t count) {
    const unsigned char *byte = bytes;
    size_t index;
    for (index = 0; index < count; index++) {
        digest ^= byte[index];
        digest *= 1099511628211ULL;
    }
}

/* The value a live param takes at its step-th event: a bool toggles, a
 * number or integer moves through (at most) ten of its range, an enum
 * cycles its choices, an optional param is unset every third time. */
static int event_value(const effect_param_info *param, int step, effect_value *value) {
    double low = param->min, span = param->max - param->min > 10 ? 10 : param->max - param->min;
    *value = param->default_value;
    if ((param->flags & EFFECT_PARAM_OPTIONAL) && step % 3 == 2) {
        memset(value, 0, sizeof *value);
        return 1;
    }
    switch (param->type) {
    case EFFECT_TYPE_BOOL:
        value->type = EFFECT_TYPE_BOOL;
        value->integer = step % 2 == 0 ? !param->default_value.integer : param->default_value.integer;
        return 1;
    case EFFECT_TYPE_NUMBER:
        value->type = EFFECT_TYPE_NUMBER;
        value->number = low + span * (0.15 + 0.1 * step);
        return 1;
    case EFFECT_TYPE_INTEGER:
        value->type = EFFECT_TYPE_INTEGER;
        value->integer = (int64_t)(low + span * 0.1 * step);
        return 1;
    case EFFECT_TYPE_ENUM:
        if (param->choice_count == 0) return 0;
        value->type = EFFECT_TYPE_ENUM;
        value->integer = step % (int)param->choice_count;
        value->string = param->choices[value->integer];
        return 1;
    case EFFECT_TYPE_COLOR:
        value->type = EFFECT_TYPE_COLOR;
        value->integer = 0x11223300 + step * 0x10101;
        return 1;
    default:
        return 0;
    }
}

static int set_events(const effect_plugin_api *api, uint32_t effect, const effect_info *info, effect_instance *instance) {
    static const double times[] = {0.05, 0.13, 0.13, 0.21, 0.6, 1.3, 2.7, 4.1};
    uint32_t index;
    int step;
    for (index = 0; index < info->param_count; index++) {
        effect_param_info param;
        param.struct_size = sizeof param;
        if (api->param_info(api, effect, index, &param, NULL) != EFFECT_OK) return 0;
        if (!(param.flags & EFFECT_PARAM_LIVE)) continue;
        for (step = 0; step < 8; step++) {
            effect_value value;
            if (event_value(&param, step, &value) && api->set_param(instance, param.name, &value, times[step], NULL) != EFFECT_OK) {
                fprintf(stderr, "%s: set_param %s at %g failed\n", info->id, param.name, times[step]);
                return 0;
            }
        }
    }
    return 1;
}

static int mix_drawings(const effect_plugin_api *api, effect_instance *instance) {
    enum { CAPACITY = 4096 };
    effect_draw_item *items;
    int frame;
    if (api->abi_minor < 2) return 1;
    items = calloc(CAPACITY, sizeof *items);
    if (items == NULL) return 0;
    for (frame = 0; frame <= 400; frame++) {
        effect_drawing drawing;
        effect_draw_context context;
        effect_status status;
        uint64_t item;
        memset(&drawing, 0, sizeof drawing);
        drawing.struct_size = sizeof drawing;
        memset(&context, 0, sizeof context);
        context.struct_size = sizeof context;
        context.appearance = frame % 2 ? EFFECT_APPEARANCE_DARK : EFFECT_APPEARANCE_LIGHT;
        context.width = frame % 3 == 0 ? 0 : 150 + frame;
        memset(items, 0, CAPACITY * sizeof *items);
        status = api->draw(instance, frame * 0.0173, &context, &drawing, items, CAPACITY, NULL);
        mix(&status, sizeof status);
        mix(&drawing, sizeof drawing);
        for (item = 0; item < drawing.item_count && item < CAPACITY; item++) {
            effect_draw_item copy = items[item];
            if (copy.head.kind == EFFECT_ITEM_TEXT) {
                /* The run (ABI 1.6: the first `length` bytes; 0 all of it). */
                mix(copy.text.text, copy.text.length != 0 ? copy.text.length : strlen(copy.text.text));
                copy.text.text = NULL;
            }
            mix(&copy, sizeof copy);
        }
    }
    free(items);
    return 1;
}

static int digest_effect(const effect_plugin_api *api, uint32_t effect, int events, const char *text) {
    effect_info info;
    effect_instance *instance = NULL;
    effect_instance_info shape;
    effect_param_setting setting;
    double *frames;
    int index;
    info.struct_size = sizeof info;
    if (api->effect_info(api, effect, &info, NULL) != EFFECT_OK) return 0;
    memset(&setting, 0, sizeof setting);
    setting.name = "text";
    setting.value.type = EFFECT_TYPE_STRING;
    setting.value.string = text;
    if (api->create(api, info.id, &setting, text ? 1 : 0, &instance, NULL) != EFFECT_OK) return 0;
    if (events && !set_events(api, effect, &info, instance)) return 0;
    shape.struct_size = sizeof shape;
    if (api->instance_info(instance, &shape, NULL) != EFFECT_OK) return 0;
    frames = malloc(sizeof(double) * shape.frame_size * 4001 + 1);
    if (frames == NULL) return 0;
    digest = 14695981039346656037ULL;
    for (index = 0; index <= 4000; index++) {
        if (api->sample(instance, index * 0.00173, frames, shape.frame_size, NULL) != EFFECT_OK) return 0;
        mix(frames, sizeof(double) * shape.frame_size);
    }
    if (api->sample_many(instance, 0, 0.00173, 4001, frames, shape.frame_size * 4001, NULL) != EFFECT_OK) return 0;
    mix(frames, sizeof(double) * shape.frame_size * 4001);
    if (api->sample_many(instance, 1e6, 0.37, 100, frames, shape.frame_size * 100, NULL) != EFFECT_OK) return 0;
    mix(frames, sizeof(double) * shape.frame_size * 100);
    if (!mix_drawings(api, instance)) return 0;
    printf("%s\t%s%s\t%016llx\n", info.id, events ? "events" : "defaults", text ? ", 40 words" : "", digest);
    free(frames);
    api->destroy(instance);
    return 1;
}

int main(int argc, char **argv) {
    static const char *libraries[] = {"libStrike.so", "libBreathe.so", "libReveal.so"};
    static char words[1024];
    int library, events, word;
    if (argc != 2) return fprintf(stderr, "usage: frame_digest PLUGIN_DIR\n"), 2;
    for (word = 0; word < 40; word++) strcat(words, word ? " word" : "word");
    for (library = 0; library < 3; library++) {
        char path[4096];
        void *handle;
        effect_plugin_entry_fn entry;
        const effect_plugin_api *api;
        effect_plugin_info plugin;
        uint32_t effect;
        snprintf(path, sizeof path, "%s/%s", argv[1], libraries[library]);
        handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
        if (handle == NULL) return fprintf(stderr, "%s\n", dlerror()), 1;
        *(void **)&entry = dlsym(handle, EFFECT_ENTRY_SYMBOL);
        if (entry == NULL || (api = entry()) == NULL) return fprintf(stderr, "%s: no effect table\n", path), 1;
        plugin.struct_size = sizeof plugin;
        if (api->describe(api, &plugin, NULL) != EFFECT_OK) return fprintf(stderr, "%s: describe failed\n", path), 1;
        for (effect = 0; effect < plugin.effect_count; effect++) {
            for (events = 0; events < 2; events++) {
                /* text-reveal also with a paragraph of 40 words. */
                if (!digest_effect(api, effect, events, NULL) || (library == 2 && !digest_effect(api, effect, events, words))) {
                    return fprintf(stderr, "%s: effect %u failed\n", path, (unsigned)effect), 1;
                }
            }
        }
    }
    return 0;
}
