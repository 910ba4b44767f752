/*
 * libFuzzer target for a plugin's C ABI. Arbitrary bytes are decoded into a
 * sequence of calls on one plugin: create (with params of every type, and
 * names that may not exist), set_param at a time, sample, sample_many,
 * strings, get_param, layout, draw (with a measurer that answers what the
 * input says), instance_info, element_info and destroy.
 * Strings can be invalid UTF-8, hold control characters, or be a megabyte
 * long; numbers can be NaN, infinite, negative or huge; buffers can be too
 * small. The plugin must answer every call with a status and never crash,
 * hang, write past the capacity it was given or hand back a non-finite
 * frame. (Leaks are left to `effect-host validate`'s lifecycle check: the
 * Swift runtime's process-long caches would drown a leak checker here.)
 *
 *   EFFECT_FUZZ_PLUGIN=path/libStrike.so abi_fuzzer [libFuzzer options] [corpus dirs]
 *
 * Build (Fuzz/run does this): clang -fsanitize=fuzzer,address -g -O1 -Iinclude
 *   Fuzz/abi_fuzzer.c -o abi_fuzzer -ldl
 */
#define _GNU_SOURCE
#include "effect.h"

#include <dlfcn.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const effect_plugin_api *api;
static uint32_t effect_count;

/* The bytes being decoded; reads past the end give zeros. */
struct input {
    const uint8_t *data;
    size_t size;
    size_t at;
};

static uint8_t byte(struct input *in) { return in->at < in->size ? in->data[in->at++] : 0; }

static uint64_t word(struct input *in, int bytes) {
    uint64_t value = 0;
    int i;
    for (i = 0; i < bytes; i++) value |= (uint64_t)byte(in) << (8 * i);
    return value;
}

/* A double: mostly ordinary times and values, sometimes any bit pattern. */
static double number(struct input *in) {
    static const double special[] = {0.0, -0.0, 1e-300, -1.0, 0.5, 1.0, 3.0, 1e9, 1e300, INFINITY, -INFINITY, NAN};
    uint8_t kind = byte(in);
    if (kind < 96) return (double)(word(in, 2)) / 1000.0;
    if (kind < 160) return special[byte(in) % (sizeof special / sizeof *special)];
    {
        uint64_t bits = word(in, 8);
        double value;
        memcpy(&value, &bits, sizeof value);
        return value;
    }
}

/* Scratch for strings: the longest is a megabyte. */
static char text_buffer[(1 << 20) + 1];

/* A string: bytes from the input (any bytes, NUL-free), or a long repeat. */
static const char *text(struct input *in) {
    uint8_t kind = byte(in);
    size_t length, i;
    if (kind < 200) {
        length = byte(in) % 48;
        for (i = 0; i < length; i++) {
            uint8_t c = byte(in);
            text_buffer[i] = (char)(c == 0 ? 0x1B : c);
        }
    } else {
        uint8_t fill = byte(in);
        length = kind >= 250 ? (size_t)1 << 20 : (size_t)(word(in, 2) + 1) * 8;
        for (i = 0; i < length; i++) text_buffer[i] = (char)(fill == 0 ? 'w' : (i % 6 == 5 ? ' ' : fill));
    }
    text_buffer[length] = '\0';
    return text_buffer;
}

/* A param name: one the effect declares, or any string. */
static const char *param_name(struct input *in, uint32_t effect, uint32_t param_count) {
    static effect_param_info info;
    if (param_count > 0 && byte(in) < 224) {
        memset(&info, 0, sizeof info);
        info.struct_size = sizeof info;
        if (api->param_info(api, effect, byte(in) % param_count, &info, NULL) == EFFECT_OK) return info.name;
    }
    return text(in);
}

static effect_value value(struct input *in) {
    effect_value v;
    memset(&v, 0, sizeof v);
    v.type = byte(in) % 8; /* 7 is no type at all */
    v.number = number(in);
    v.integer = (int64_t)word(in, byte(in) % 2 ? 8 : 1);
    if (byte(in) % 2) v.string = text(in);
    return v;
}

/* The contract every call must keep, checked after it returns. */
static void check_error(const effect_error *error, effect_status status) {
    if (memchr(error->message, 0, sizeof error->message) == NULL) abort(); /* unterminated message */
    if (error->status != status) abort();
    if (status == EFFECT_OK && error->message[0] != 0) abort();
}

/* A value no plugin writes, placed past the capacity a call is given. */
static const double sentinel = -1.2345e-300;

static void fence(double *buffer, uint64_t capacity, uint64_t size) {
    uint64_t i;
    for (i = capacity; i < size && i < capacity + 64; i++) buffer[i] = sentinel;
}

static void check_fence(const double *buffer, uint64_t capacity, uint64_t size) {
    uint64_t i;
    for (i = capacity; i < size && i < capacity + 64; i++) {
        if (buffer[i] != sentinel) abort(); /* written past the capacity */
    }
}

/* What the fuzzed measurer answers next: set from the input before a draw. */
static effect_text_metrics measured;
static effect_status measure_status;

static effect_status fuzz_measure(void *context, const char *text, double size, double weight, double tracking,
                                  effect_text_metrics *out) {
    (void)context;
    (void)size;
    (void)weight;
    (void)tracking;
    if (text == NULL || out == NULL) abort(); /* the plugin must pass both */
    (void)strlen(text);
    *out = measured;
    return measure_status;
}

static void check_finite(double x) {
    if (!isfinite(x)) abort();
}

/* A list draw reported as written: finite, its groups balanced, each shape
 * followed by its segments and stops, its text readable. */
static void check_items(const effect_draw_item *items, uint64_t count) {
    uint64_t i, k, depth = 0;
    for (i = 0; i < count; i++) {
        const effect_draw_item *item = &items[i];
        switch (item->head.kind) {
        case EFFECT_ITEM_GROUP: {
            const effect_transform *t = &item->group.transform;
            check_finite(t->anchor_x + t->anchor_y + t->translate_x + t->translate_y + t->scale_x + t->scale_y + t->rotation);
            check_finite(item->group.opacity + item->group.blur + item->group.saturation);
            check_finite(item->group.clip.x + item->group.clip.y + item->group.clip.width + item->group.clip.height);
            depth++;
            break;
        }
        case EFFECT_ITEM_END_GROUP:
            if (depth == 0) abort();
            depth--;
            break;
        case EFFECT_ITEM_SHAPE: {
            const effect_draw_shape *shape = &item->shape;
            uint64_t extra = (uint64_t)shape->segment_count + (shape->fill == EFFECT_PAINT_LINEAR_GRADIENT ? shape->stop_count : 0);
            check_finite(shape->frame.x + shape->frame.y + shape->frame.width + shape->frame.height + shape->corner_radius);
            check_finite(shape->trim_start + shape->trim_end + shape->stroke_width + shape->gradient_x0 + shape->gradient_y1);
            if (i + extra >= count) abort();
            for (k = 1; k <= extra; k++) {
                uint32_t kind = items[i + k].head.kind;
                if (kind != (k <= shape->segment_count ? EFFECT_ITEM_SEGMENT : EFFECT_ITEM_STOP)) abort();
                if (kind == EFFECT_ITEM_SEGMENT) check_finite(items[i + k].segment.x + items[i + k].segment.y);
                else check_finite(items[i + k].stop.offset);
            }
            i += extra;
            break;
        }
        case EFFECT_ITEM_TEXT:
            if (item->text.text == NULL) abort();
            /* A run (ABI 1.6) lies within its string. */
            if (item->text.length > strlen(item->text.text)) abort();
            check_finite(item->text.x + item->text.y + item->text.size + item->text.advance + item->text.ascent);
            break;
        default:
            abort();
        }
    }
    if (depth != 0) abort();
}

static void check_frames(const double *frames, uint64_t count) {
    uint64_t i;
    for (i = 0; i < count; i++) {
        if (!isfinite(frames[i])) abort();
    }
}

int LLVMFuzzerInitialize(int *argc, char ***argv) {
    const char *path = getenv("EFFECT_FUZZ_PLUGIN");
    void *library;
    effect_plugin_entry_fn entry;
    effect_plugin_info info;
    (void)argc;
    (void)argv;
    if (path == NULL) {
        fprintf(stderr, "abi_fuzzer: set EFFECT_FUZZ_PLUGIN to the plugin to fuzz\n");
        exit(2);
    }
    library = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        fprintf(stderr, "abi_fuzzer: %s\n", dlerror());
        exit(2);
    }
    *(void **)&entry = dlsym(library, EFFECT_ENTRY_SYMBOL);
    if (entry == NULL || (api = entry()) == NULL) {
        fprintf(stderr, "abi_fuzzer: %s has no effect table\n", path);
        exit(2);
    }
    memset(&info, 0, sizeof info);
    info.struct_size = sizeof info;
    if (api->describe(api, &info, NULL) != EFFECT_OK || info.effect_count == 0) {
        fprintf(stderr, "abi_fuzzer: %s does not describe itself\n", path);
        exit(2);
    }
    effect_count = info.effect_count;
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    struct input in = {data, size, 0};
    effect_info info;
    effect_instance_info shape;
    effect_instance *instance = NULL;
    effect_param_setting settings[4];
    effect_error error;
    uint32_t effect = byte(&in) % effect_count, count, i;
    static double frames[1 << 16];
    int steps;

    memset(&info, 0, sizeof info);
    info.struct_size = sizeof info;
    if (api->effect_info(api, effect, &info, NULL) != EFFECT_OK) abort();

    /* Create, with up to four settings, each decoded in place. */
    count = byte(&in) % 5;
    for (i = 0; i < count; i++) {
        settings[i].name = param_name(&in, effect, info.param_count);
        /* Copy the name: the next text() reuses the buffer. */
        settings[i].name = strdup(settings[i].name);
        settings[i].value = value(&in);
        if (settings[i].value.string != NULL) settings[i].value.string = strdup(settings[i].value.string);
    }
    error.struct_size = sizeof error;
    {
        /* Now and then an id that may not exist, or that is not UTF-8. */
        const char *id = byte(&in) < 240 ? info.id : strdup(text(&in));
        effect_status status = api->create(api, id, settings, count, &instance, &error);
        check_error(&error, status);
        if ((status == EFFECT_OK) != (instance != NULL)) abort();
        if (id != info.id) free((void *)id);
    }
    for (i = 0; i < count; i++) {
        free((void *)settings[i].name);
        free((void *)settings[i].value.string);
    }
    if (instance == NULL) return 0;

    memset(&shape, 0, sizeof shape);
    shape.struct_size = sizeof shape;
    if (api->instance_info(instance, &shape, NULL) != EFFECT_OK) abort();

    for (steps = 0; steps < 64 && in.at < in.size; steps++) {
        effect_status status;
        double t = number(&in);
        error.struct_size = sizeof error;
        switch (byte(&in) % 10) {
        case 0: {
            const char *name = strdup(param_name(&in, effect, info.param_count));
            effect_value v = value(&in);
            if (v.string != NULL) v.string = strdup(v.string);
            status = api->set_param(instance, name, &v, t, &error);
            free((void *)name);
            free((void *)v.string);
            if (status == EFFECT_OK) {
                shape.struct_size = sizeof shape;
                if (api->instance_info(instance, &shape, NULL) != EFFECT_OK) abort();
            }
            break;
        }
        case 1: {
            uint64_t size = sizeof frames / sizeof *frames;
            uint64_t capacity = byte(&in) % 4 == 0 ? word(&in, 2) : shape.frame_size;
            if (capacity > size) capacity = size;
            fence(frames, capacity, size);
            status = api->sample(instance, t, frames, capacity, &error);
            check_fence(frames, capacity, size);
            if (status == EFFECT_OK) check_frames(frames, shape.frame_size);
            break;
        }
        case 2: {
            uint64_t n = word(&in, 2) % 64, size = sizeof frames / sizeof *frames, capacity = size - 64;
            double dt = number(&in);
            if (shape.frame_size * n > capacity) n = shape.frame_size ? capacity / shape.frame_size : n;
            if (byte(&in) % 8 == 0) capacity = word(&in, 2) % capacity;
            fence(frames, capacity, size);
            status = api->sample_many(instance, t, dt, n, frames, capacity, &error);
            check_fence(frames, capacity, size);
            if (status == EFFECT_OK) check_frames(frames, shape.frame_size * n);
            break;
        }
        case 3: {
            effect_strings strings;
            memset(&strings, 0, sizeof strings);
            strings.struct_size = byte(&in) % 8 == 0 ? byte(&in) : sizeof strings;
            status = api->strings(instance, t, &strings, &error);
            if (status == EFFECT_OK && (strings.text == NULL || strings.accessibility_label == NULL)) abort();
            if (status == EFFECT_OK) (void)strlen(strings.text);
            break;
        }
        case 4: {
            effect_value out;
            status = api->get_param(instance, param_name(&in, effect, info.param_count), t, &out, &error);
            if (status == EFFECT_OK && out.type == EFFECT_TYPE_STRING && out.string != NULL) (void)strlen(out.string);
            break;
        }
        case 5: {
            static double sizes[2 * 4096], out[2 + 10 * 4096 + 64];
            uint64_t room = 2 + 10 * 4096, capacity;
            if (api->abi_minor < 1) continue; /* an ABI 1.0 table has no layout */
            uint32_t items = byte(&in) % 4 == 0 ? (uint32_t)word(&in, 2) % 4096 : shape.layout_item_count % 4096, k;
            for (k = 0; k < 2 * items; k++) sizes[k] = k < 16 ? number(&in) : 20 + k % 7;
            capacity = byte(&in) % 8 == 0 ? word(&in, 2) % room : room;
            fence(out, capacity, room + 64);
            status = api->layout(instance, byte(&in) % 4 == 0 ? NULL : sizes, items, number(&in), out, capacity, &error);
            check_fence(out, capacity, room + 64);
            if (status == EFFECT_OK) check_frames(out, 2 + 10 * (uint64_t)items);
            break;
        }
        case 6: {
            effect_element_info element;
            memset(&element, 0, sizeof element);
            element.struct_size = sizeof element;
            status = api->element_info(instance, (uint32_t)word(&in, byte(&in) % 2 ? 4 : 1), &element, &error);
            if (status == EFFECT_OK && element.text != NULL) (void)strlen(element.text);
            break;
        }
        case 7: {
            effect_instance_info probe;
            memset(&probe, 0, sizeof probe);
            probe.struct_size = byte(&in); /* any size, too small included */
            status = api->instance_info(instance, &probe, &error);
            break;
        }
        case 8: {
            /* Room for 4096 items and a fence of 16 more, as raw bytes. */
            static effect_draw_item items[4096 + 16];
            effect_drawing drawing;
            effect_draw_context context;
            uint64_t room = 4096, capacity = byte(&in) % 4 == 0 ? word(&in, 2) % (room + 1) : room, k;
            int with_context = byte(&in) % 4;
            if (api->abi_minor < 2) continue; /* draw came in ABI 1.2 */
            /* A list of a million units takes seconds a draw under ASan;
             * its cost is the benchmarks' business, the contract is here. */
            if (shape.element_count > 20000) continue;
            memset(&drawing, 0, sizeof drawing);
            drawing.struct_size = byte(&in) % 8 == 0 ? byte(&in) : sizeof drawing;
            memset(&context, 0, sizeof context);
            context.struct_size = byte(&in) % 8 == 0 ? byte(&in) : sizeof context;
            context.width = byte(&in) % 2 ? number(&in) : 0;
            context.height = byte(&in) % 4 == 0 ? number(&in) : 0;
            context.measure = with_context >= 2 ? fuzz_measure : NULL;
            /* 2 and above are no appearance: RANGE. */
            context.appearance = byte(&in) % 4;
            measured.advance = number(&in);
            measured.ascent = number(&in);
            measured.descent = number(&in);
            measure_status = byte(&in) % 8 == 0 ? EFFECT_ERR_INTERNAL : EFFECT_OK;
            memset(&items[capacity], 0xA5, sizeof(effect_draw_item) * 16);
            status = api->draw(instance, t, with_context ? &context : NULL, &drawing, capacity ? items : NULL, capacity, &error);
            for (k = 0; k < sizeof(effect_draw_item) * 16; k++) {
                if (((const uint8_t *)&items[capacity])[k] != 0xA5) abort(); /* wrote past the capacity */
            }
            if (status == EFFECT_OK) {
                if (drawing.item_count > capacity || drawing.max_item_count < drawing.item_count) abort();
                check_items(items, drawing.item_count);
                check_finite(drawing.width + drawing.height + drawing.bounds.x + drawing.bounds.width);
            }
            if (status == EFFECT_ERR_BUFFER && drawing.item_count <= capacity) abort(); /* BUFFER with room to spare */
            break;
        }
        default:
            status = api->sample(instance, t, NULL, shape.frame_size, &error);
            if (status == EFFECT_OK) abort(); /* a NULL frame must be refused */
            break;
        }
        check_error(&error, status);
        /* The same call shape with no error struct, or one too small to use. */
        if (byte(&in) % 16 == 0) {
            effect_error small;
            small.struct_size = byte(&in) % 8;
            memset(small.message, 0x55, sizeof small.message);
            uint64_t room = sizeof frames / sizeof *frames;
            (void)api->sample(instance, number(&in), frames, shape.frame_size < room ? shape.frame_size : room,
                              byte(&in) % 2 ? NULL : &small);
            if (small.message[0] != 0x55 && small.struct_size < sizeof small) abort(); /* wrote into a too-small struct */
        }
    }
    api->destroy(instance);
    return 0;
}
