/*
 * effect_demo: drives any effect plugin through nothing but effect.h and
 * dlopen, the way a C embedder does.
 *
 *   effect_demo PLUGIN.so                      list the plugin's effects, params and channels
 *   effect_demo PLUGIN.so EFFECT [NAME=VALUE]... [--at T:NAME=VALUE]... [--times T,T,...] [--batch T0,DT,N]
 *   effect_demo PLUGIN.so EFFECT [NAME=VALUE]... --draw T    the display list at T (ABI 1.2)
 *
 * With an effect it creates an instance with the params given (values are
 * read by the param's type: numbers, true/false, choice names, text,
 * #RRGGBB[AA] colours, `none`), applies the --at events, and prints one
 * line per frame: "frame T V0 V1 ..." for --times (single samples, default
 * 0,0.5,1) and "batch T V0 V1 ..." for --batch (one sample_many call).
 * With --draw it prints the frame's display list instead, one item a line,
 * indented by group, in the view's points and the reference metrics: what
 * a program drawing with its own toolkit walks (docs/effects.md):
 *   group ID opacity O | end | shape ID KIND X Y WIDTH HEIGHT | text ID X Y ADVANCE TEXT
 *
 * Build: cc -std=c99 -Wall -Wextra -Werror -Iinclude examples/c/effect_demo.c -ldl -o effect_demo
 */
#include "effect.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_SETTINGS 64
#define MAX_TIMES 64

static const effect_plugin_api *api;
static effect_error error;

static int fail(const char *what) {
    fprintf(stderr, "effect_demo: %s: %s\n", what, error.message);
    return 1;
}

static const char *type_name(uint32_t type) {
    switch (type) {
    case EFFECT_TYPE_NUMBER: return "number";
    case EFFECT_TYPE_INTEGER: return "integer";
    case EFFECT_TYPE_BOOL: return "bool";
    case EFFECT_TYPE_ENUM: return "enum";
    case EFFECT_TYPE_STRING: return "string";
    case EFFECT_TYPE_COLOR: return "color";
    default: return "?";
    }
}

/* Finds effect `id`'s index and the type of its param `name`. */
static int param_type(uint32_t effect, const char *name, uint32_t *type) {
    effect_description info;
    uint32_t i;
    info.struct_size = sizeof info;
    if (api->effect_info(api, effect, &info, &error) != EFFECT_OK) return 0;
    for (i = 0; i < info.param_count; i++) {
        effect_param_info param;
        param.struct_size = sizeof param;
        if (api->param_info(api, effect, i, &param, &error) == EFFECT_OK && strcmp(param.name, name) == 0) {
            *type = param.type;
            return 1;
        }
    }
    return 0;
}

/* Reads `text` as a value for a param of type `type`; the string stays
 * owned by argv. */
static int parse_value(uint32_t type, const char *text, effect_value *value) {
    char *end = NULL;
    memset(value, 0, sizeof *value);
    if (strcmp(text, "none") == 0 && type != EFFECT_TYPE_STRING) {
        value->type = EFFECT_TYPE_NONE;
        return 1;
    }
    value->type = type;
    switch (type) {
    case EFFECT_TYPE_NUMBER:
        value->number = strtod(text, &end);
        return *text != '\0' && *end == '\0';
    case EFFECT_TYPE_INTEGER:
        value->integer = strtoll(text, &end, 10);
        return *text != '\0' && *end == '\0';
    case EFFECT_TYPE_BOOL:
        value->integer = strcmp(text, "true") == 0 ? 1 : 0;
        return strcmp(text, "true") == 0 || strcmp(text, "false") == 0;
    case EFFECT_TYPE_COLOR: {
        size_t length = strlen(text + (*text == '#'));
        value->integer = (int64_t)strtoull(text + (*text == '#'), &end, 16);
        if (length == 6) value->integer = value->integer << 8 | 0xFF;
        return (length == 6 || length == 8) && *end == '\0';
    }
    default:
        value->string = text;
        return 1;
    }
}

static int list(uint32_t effect_count) {
    uint32_t e, i;
    for (e = 0; e < effect_count; e++) {
        effect_description info;
        info.struct_size = sizeof info;
        if (api->effect_info(api, e, &info, &error) != EFFECT_OK) return fail("effect_info");
        printf("effect %s: %s\n", info.id, info.summary);
        for (i = 0; i < info.param_count; i++) {
            effect_param_info param;
            param.struct_size = sizeof param;
            if (api->param_info(api, e, i, &param, &error) != EFFECT_OK) return fail("param_info");
            printf("  param %s %s%s\n", param.name, type_name(param.type),
                   param.flags & EFFECT_PARAM_LIVE ? " live" : "");
        }
        for (i = 0; i < info.global_channel_count + info.element_channel_count + info.attribute_count; i++) {
            effect_channel_info channel;
            channel.struct_size = sizeof channel;
            if (api->channel_info(api, e, i, &channel, &error) != EFFECT_OK) return fail("channel_info");
            printf("  channel %s %s\n", channel.name,
                   channel.scope == EFFECT_SCOPE_GLOBAL ? "global"
                   : channel.scope == EFFECT_SCOPE_ELEMENT ? "element" : "attribute");
        }
    }
    return 0;
}

static void print_frame(const char *label, double t, const double *frame, uint64_t size) {
    uint64_t i;
    printf("%s %.17g", label, t);
    for (i = 0; i < size; i++) printf(" %.17g", frame[i]);
    printf("\n");
}

/* Reads comma-separated numbers; -1 if anything is not a number. */
static int parse_list(const char *text, double *out, int max) {
    int count = 0;
    char *end = NULL;
    while (*text != '\0') {
        if (count == max) return -1;
        out[count++] = strtod(text, &end);
        if (end == text || (*end != ',' && *end != '\0')) return -1;
        text = *end == ',' ? end + 1 : end;
    }
    return count;
}

static const char *shape_name(uint32_t shape) {
    switch (shape) {
    case EFFECT_SHAPE_RECT: return "rect";
    case EFFECT_SHAPE_ROUNDED_RECT: return "rounded-rect";
    case EFFECT_SHAPE_CAPSULE: return "capsule";
    case EFFECT_SHAPE_ELLIPSE: return "ellipse";
    case EFFECT_SHAPE_PATH: return "path";
    default: return "?";
    }
}

/* The frame at t as its display list: asked once for its size, then drawn. */
static int print_display_list(const effect_instance *instance, double t) {
    effect_draw_context context = {sizeof context, 0, 0, 0, NULL, NULL, EFFECT_APPEARANCE_LIGHT, 0};
    effect_drawing drawing;
    effect_draw_item *items;
    uint64_t i;
    int depth = 0;
    if (api->abi_minor < 2) {
        fprintf(stderr, "effect_demo: an ABI 1.%u plugin does not draw\n", api->abi_minor);
        return 1;
    }
    drawing.struct_size = sizeof drawing;
    if (api->draw(instance, t, &context, &drawing, NULL, 0, &error) != EFFECT_ERR_BUFFER &&
        error.status != EFFECT_OK) {
        return fail("draw");
    }
    items = malloc(sizeof *items * (size_t)(drawing.item_count + 1));
    if (items == NULL) return 1;
    if (api->draw(instance, t, &context, &drawing, items, drawing.item_count, &error) != EFFECT_OK) {
        free(items);
        return fail("draw");
    }
    printf("view %g x %g\n", drawing.width, drawing.height);
    for (i = 0; i < drawing.item_count; i++) {
        const effect_draw_item *item = &items[i];
        if (item->head.kind == EFFECT_ITEM_END_GROUP) depth--;
        if (item->head.kind == EFFECT_ITEM_SEGMENT || item->head.kind == EFFECT_ITEM_STOP) continue;
        printf("%*s", 2 * depth, "");
        switch (item->head.kind) {
        case EFFECT_ITEM_GROUP:
            printf("group %u opacity %g\n", item->group.id, item->group.opacity);
            depth++;
            break;
        case EFFECT_ITEM_END_GROUP: printf("end\n"); break;
        case EFFECT_ITEM_SHAPE:
            printf("shape %u %s %g %g %g %g\n", item->shape.id, shape_name(item->shape.shape), item->shape.frame.x,
                   item->shape.frame.y, item->shape.frame.width, item->shape.frame.height);
            break;
        case EFFECT_ITEM_TEXT: {
            /* Since ABI 1.6 a run may be the first `length` bytes of its string. */
            int length = api->abi_minor >= 6 && item->text.length != 0 ? (int)item->text.length : (int)strlen(item->text.text);
            printf("text %u %g %g %g %.*s\n", item->text.id, item->text.x, item->text.y, item->text.advance, length,
                   item->text.text);
            break;
        }
        default: printf("item %u\n", item->head.kind); break;
        }
    }
    free(items);
    return 0;
}

static int usage_error(const char *message, const char *argument) {
    fprintf(stderr, "effect_demo: %s: '%s'\n", message, argument);
    return 2;
}

int main(int argc, char **argv) {
    void *library;
    effect_plugin_entry_fn entry;
    effect_plugin_info plugin;
    effect_instance *instance = NULL;
    effect_instance_info facts;
    effect_param_setting settings[MAX_SETTINGS];
    uint32_t setting_count = 0, effect_index = 0, type = 0;
    double times[MAX_TIMES] = {0, 0.5, 1};
    int time_count = 3, batch = 0, i;
    double batch_spec[3] = {0, 0, 0};
    double *frames, draw_at = 0;
    int draws = 0;

    if (argc < 2) {
        fprintf(stderr, "usage: effect_demo PLUGIN.so [EFFECT [NAME=VALUE]... [--at T:NAME=VALUE]... "
                        "[--times T,...] [--batch T0,DT,N] [--draw T]]\n");
        return 2;
    }
    library = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        fprintf(stderr, "effect_demo: %s\n", dlerror());
        return 1;
    }
    /* POSIX allows this conversion; C99 alone does not say so. */
    *(void **)&entry = dlsym(library, EFFECT_ENTRY_SYMBOL);
    if (entry == NULL || (api = entry()) == NULL) {
        fprintf(stderr, "effect_demo: %s is not an effect plugin\n", argv[1]);
        return 1;
    }
    if (api->abi_major != EFFECT_ABI_MAJOR || api->abi_minor > EFFECT_ABI_MINOR) {
        fprintf(stderr, "effect_demo: the plugin speaks ABI %u.%u; this program %d.%d\n", api->abi_major,
                api->abi_minor, EFFECT_ABI_MAJOR, EFFECT_ABI_MINOR);
        return 1;
    }
    error.struct_size = sizeof error;
    plugin.struct_size = sizeof plugin;
    if (api->describe(api, &plugin, &error) != EFFECT_OK) return fail("describe");
    printf("plugin %s %s abi %u.%u effects %u\n", plugin.id, plugin.version, api->abi_major, api->abi_minor,
           plugin.effect_count);
    if (argc == 2) return list(plugin.effect_count);

    for (effect_index = 0; effect_index < plugin.effect_count; effect_index++) {
        effect_description info;
        info.struct_size = sizeof info;
        if (api->effect_info(api, effect_index, &info, &error) == EFFECT_OK && strcmp(info.id, argv[2]) == 0) break;
    }
    for (i = 3; i < argc; i++) {
        char *equals;
        if (strcmp(argv[i], "--at") == 0 || strcmp(argv[i], "--times") == 0 || strcmp(argv[i], "--batch") == 0 ||
            strcmp(argv[i], "--draw") == 0) {
            if (i + 1 == argc) return usage_error("this option needs a value", argv[i]);
            i++;
            continue;
        }
        equals = strchr(argv[i], '=');
        if (equals == NULL || setting_count == MAX_SETTINGS) {
            fprintf(stderr, "effect_demo: expected NAME=VALUE, got '%s'\n", argv[i]);
            return 2;
        }
        *equals = '\0';
        if (!param_type(effect_index, argv[i], &type)) type = EFFECT_TYPE_STRING;
        settings[setting_count].name = argv[i];
        if (!parse_value(type, equals + 1, &settings[setting_count].value)) {
            fprintf(stderr, "effect_demo: '%s' is not a %s\n", equals + 1, type_name(type));
            return 2;
        }
        setting_count++;
    }
    if (api->create(api, argv[2], settings, setting_count, &instance, &error) != EFFECT_OK) return fail("create");

    for (i = 3; i + 1 < argc; i++) {
        if (strcmp(argv[i], "--at") == 0) {
            char *colon = strchr(argv[i + 1], ':');
            char *equals = colon ? strchr(colon, '=') : NULL;
            char *end = NULL;
            double t;
            effect_value value;
            if (equals == NULL) return usage_error("--at needs T:NAME=VALUE", argv[i + 1]);
            *colon = '\0';
            *equals = '\0';
            t = strtod(argv[i + 1], &end);
            if (end == argv[i + 1] || *end != '\0') return usage_error("--at needs a time before ':'", argv[i + 1]);
            if (!param_type(effect_index, colon + 1, &type)) type = EFFECT_TYPE_STRING;
            if (!parse_value(type, equals + 1, &value)) return usage_error("not a value of its param's type", equals + 1);
            if (api->set_param(instance, colon + 1, &value, t, &error) != EFFECT_OK) return fail("set_param");
        } else if (strcmp(argv[i], "--times") == 0) {
            time_count = parse_list(argv[i + 1], times, MAX_TIMES);
            if (time_count < 0) return usage_error("--times needs up to 64 numbers, separated by commas", argv[i + 1]);
        } else if (strcmp(argv[i], "--batch") == 0) {
            /* The count is checked as a double before it becomes an int. */
            if (parse_list(argv[i + 1], batch_spec, 3) != 3 || !(batch_spec[2] >= 1 && batch_spec[2] <= 100000) ||
                batch_spec[2] != (double)(long)batch_spec[2]) {
                return usage_error("--batch needs T0,DT,N with N a whole number from 1 to 100000", argv[i + 1]);
            }
            batch = (int)batch_spec[2];
        } else if (strcmp(argv[i], "--draw") == 0) {
            if (parse_list(argv[i + 1], &draw_at, 1) != 1) return usage_error("--draw needs one time", argv[i + 1]);
            draws = 1;
        }
    }
    if (draws) {
        int status = print_display_list(instance, draw_at);
        api->destroy(instance);
        return status;
    }

    facts.struct_size = sizeof facts;
    if (api->instance_info(instance, &facts, &error) != EFFECT_OK) return fail("instance_info");
    printf("instance elements %u frame %llu\n", facts.element_count, (unsigned long long)facts.frame_size);
    frames = malloc(sizeof(double) * facts.frame_size * (size_t)(batch > 0 ? batch : 1) + 1);
    if (frames == NULL) return 1;
    for (i = 0; i < time_count; i++) {
        if (api->sample(instance, times[i], frames, facts.frame_size, &error) != EFFECT_OK) return fail("sample");
        print_frame("frame", times[i], frames, facts.frame_size);
    }
    if (batch > 0) {
        if (api->sample_many(instance, batch_spec[0], batch_spec[1], (uint64_t)batch, frames,
                             facts.frame_size * (uint64_t)batch, &error) != EFFECT_OK) {
            return fail("sample_many");
        }
        for (i = 0; i < batch; i++) {
            print_frame("batch", batch_spec[0] + i * batch_spec[1], frames + (size_t)i * facts.frame_size,
                        facts.frame_size);
        }
    }
    free(frames);
    api->destroy(instance);
    return 0;
}
