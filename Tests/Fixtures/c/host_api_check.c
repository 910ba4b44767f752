/*
 * host_api_check.c: drives effect_host.h as a C program would, for
 * Tests/Pictures/test_host_library.py, which decodes what it writes.
 *
 *   host_api_check PLUGIN_DIR OUT_DIR [TEST_PLUGIN_DIR]
 *
 * TEST_PLUGIN_DIR holds Tests/Fixtures/plugins/test_plugin.c built as
 * libMinor0.so (an ABI 1.0 plugin: it does not draw) and libOpen.so (ABI
 * 1.2, -DBROKEN_DRAW_UNBALANCED: its list leaves a group open).
 *
 * Prints one line per step ("name: ..." or "name: status N: message").
 * Built with -Wall -Wextra -Werror (and under ASan and UBSan) against
 * include/ and libeffecthost.so; with -DWITH_CAIRO it also draws into a
 * cairo image surface of its own.
 */
#define _POSIX_C_SOURCE 200809L
#include "effect_host.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#ifdef WITH_CAIRO
#include <cairo.h>
#endif

static effect_error error = {sizeof(effect_error), 0, {0}};

static int say(const char *step, effect_status status) {
    if (status == EFFECT_OK) return 1;
    printf("%s: status %d: %s\n", step, (int)status, error.message);
    return 0;
}

static void count_progress(void *context, uint64_t done, uint64_t total) {
    uint64_t *last = context;
    *last = done;
    (void)total;
}

static int stop_after_five(void *context, const effect_host_frame *frame) {
    uint64_t *seen = context;
    *seen += 1;
    return frame->index >= 4;
}

/* Runs its own player again from inside a frame: refused, not a hang or a trap. */
static effect_host_player *reentered = NULL;
static effect_status reentry_status = EFFECT_OK;
static int run_again(void *context, const effect_host_frame *frame) {
    effect_error inner = {sizeof inner, 0, {0}};
    (void)context;
    (void)frame;
    reentry_status = effect_host_player_run(reentered, NULL, NULL, &inner);
    return 1;
}

/* Stops on the last of 7 frames: the stop is spent with that run. */
static int stop_on_last(void *context, const effect_host_frame *frame) {
    (void)context;
    return frame->index == 6;
}

static int cancel_at_once(void *context) {
    (void)context;
    return 1;
}

static int write_file(const char *path, const void *bytes, size_t size) {
    FILE *file = fopen(path, "wb");
    if (file == NULL) return 0;
    size_t written = fwrite(bytes, 1, size, file);
    return fclose(file) == 0 && written == size;
}

/* Every call here is wrong on purpose: each must return its status and one line. */
static void bad_input(effect_host_plugin *plugin, effect_host_instance *instance, const char *out_dir) {
    effect_host_plugin *no_plugin = NULL;
    effect_host_instance *no_instance = NULL;
    effect_host_picture *picture = NULL;
    char path[4096];
    uint8_t pixel[16];
    effect_host_look small_look = {4, 0, 0, NULL, 0, 0};
    const char *bad_text[] = {"text"};
    const char *junk[] = {"/etc/passwd"};
    effect_host_report *report = NULL;

    say("bad open NULL", effect_host_plugin_open(NULL, 0, &no_plugin, &error));
    say("bad open junk", effect_host_plugin_open("/etc/passwd", 0, &no_plugin, &error));
    say("bad open missing", effect_host_plugin_open("/nonexistent/libNo.so", 0, &no_plugin, &error));
    say("bad create unknown", effect_host_instance_create(plugin, "no-such-effect", NULL, 0, &no_instance, &error));
    say("bad create NULL plugin", effect_host_instance_create(NULL, "strikethrough-reveal", NULL, 0, &no_instance, &error));
    say("bad create text", effect_host_instance_create_text(plugin, "strikethrough-reveal", bad_text, 1, &no_instance, &error));
    say("bad look size", effect_host_picture_create(instance, &small_look, &picture, &error));
    effect_host_picture_create(instance, NULL, &picture, &error);
    say("bad draw NaN", effect_host_picture_draw_pixels(picture, 0.0 / 0.0, pixel, 2, 2, 8, EFFECT_HOST_PIXELS_RGBA_STRAIGHT, &error));
    say("bad draw stride", effect_host_picture_draw_pixels(picture, 0, pixel, 2, 2, 4, EFFECT_HOST_PIXELS_RGBA_STRAIGHT, &error));
    say("bad draw layout", effect_host_picture_draw_pixels(picture, 0, pixel, 2, 2, 8, 7, &error));
    say("bad draw NULL", effect_host_picture_draw_pixels(picture, 0, NULL, 2, 2, 8, 0, &error));
    effect_host_picture_free(picture);
    snprintf(path, sizeof path, "%s/no/such/dir/x.png", out_dir);
    say("bad render path", effect_host_render(instance, path, NULL, NULL, &error));
    snprintf(path, sizeof path, "%s/x.doc", out_dir);
    say("bad render suffix", effect_host_render(instance, path, NULL, NULL, &error));
    say("bad validate NULL", effect_host_validate(junk, 1, NULL, NULL, &error));
    if (say("validate junk", effect_host_validate(junk, 1, NULL, &report, &error))) {
        printf("validate junk: failed %d\n", effect_host_report_failed(report));
        effect_host_report_free(report);
    }
    say("bad render empty", effect_host_render(instance, "", NULL, NULL, &error));
    say("bad render device", effect_host_render(instance, "/dev/null", NULL, NULL, &error));
    effect_host_export_options dirty = {sizeof dirty, 0, 0, 0, 77, NULL, NULL, NULL};
    snprintf(path, sizeof path, "%s/dirty.json", out_dir);
    say("bad export reserved", effect_host_export(instance, path, NULL, &dirty, &error));
    effect_param_setting unknown_enum = {"nope", {EFFECT_TYPE_ENUM, 0, 0, 5, NULL}};
    say("bad create unknown enum", effect_host_instance_create(plugin, "strikethrough-reveal", &unknown_enum, 1, &no_instance, &error));
    /* A directory the render made is removed again when it is cancelled before any frame. */
    effect_host_render_options cancelled = {sizeof cancelled, 0, 0, 0, 0, 0, 0, 0, NULL, cancel_at_once, NULL, NULL};
    snprintf(path, sizeof path, "%s/cancelled/", out_dir);
    say("bad render cancelled", effect_host_render(instance, path, NULL, &cancelled, &error));
    FILE *left = fopen(path, "r");
    printf("cancelled directory: %s\n", left != NULL ? "left" : "gone");
    if (left != NULL) fclose(left);
    effect_host_instance_free(NULL);
    effect_host_plugin_free(NULL);
    effect_host_player_stop(NULL);
    printf("bad input: done\n");
}

static int exists(const char *path) {
    struct stat status;
    return stat(path, &status) == 0;
}

/* Renders a still of `instance` to `path` at exactly width x height pixels
 * (or `scale` pixels a point when both are 0) on `look`'s ground. */
static effect_status render_sized(effect_host_instance *instance, const char *path, const effect_host_look *look, uint32_t width,
                                  uint32_t height, double scale) {
    effect_host_render_options sized = {sizeof sized, 0, 0, 0, 0, scale, width, height, NULL, NULL, NULL, NULL};
    return effect_host_render(instance, path, look, &sized, &error);
}

static void hear_note(void *context, const char *line) {
    char *heard = context;
    if (strlen(heard) + strlen(line) + 2 < 1024) {
        strcat(heard, line);
        strcat(heard, "|");
    }
}

/* What an effect says of its params: text-reveal's highlight phrase that
 * matches no word, read from the instance and heard by render's note callback. */
static void notes_check(const char *plugin_dir, const char *out_dir) {
    effect_host_catalog *catalog = NULL;
    effect_host_plugin *reveal = NULL;
    effect_host_instance *weekend = NULL, *plain = NULL;
    effect_host_catalog_options search = {sizeof search, 0, &plugin_dir, 1, 0};
    if (!say("notes", effect_host_catalog_open(&search, &catalog, &error))) return;
    const char *unmatched[] = {"highlights=weekend|calm"};
    if (say("notes", effect_host_catalog_load(catalog, "text-reveal", &reveal, &error)) &&
        say("notes", effect_host_instance_create_text(reveal, "text-reveal", unmatched, 1, &weekend, &error)) &&
        say("notes", effect_host_instance_create_text(reveal, "text-reveal", NULL, 0, &plain, &error))) {
        const char *notes = effect_host_instance_notes(weekend);
        printf("notes: %s\n", notes != NULL ? notes : "NULL");
        printf("notes of none: %s\n", effect_host_instance_notes(plain) == NULL ? "NULL" : "a string");
        printf("notes of NULL: %s\n", effect_host_instance_notes(NULL) == NULL ? "NULL" : "a string");
        char heard[1024] = "", path[4096];
        snprintf(path, sizeof path, "%s/weekend.png", out_dir);
        effect_host_render_options options = {sizeof options, 0, 0, 0, 0, 0, 0, 0, NULL, NULL, hear_note, heard};
        if (say("notes heard", effect_host_render(weekend, path, NULL, &options, &error))) printf("notes heard: %s\n", heard);
    }
    effect_host_instance_free(plain);
    effect_host_instance_free(weekend);
    effect_host_catalog_free(catalog);
}

/* A param's info, found by name, on one line: type, flags, unit, range, default (API 1.4). */
static void print_param(const effect_host_plugin *plugin, uint32_t effect, const char *name) {
    uint32_t index = 0;
    effect_param_info info;
    memset(&info, 0, sizeof info);
    info.struct_size = sizeof info;
    if (!say(name, effect_host_plugin_find_param(plugin, effect, name, &index, &error)) ||
        !say(name, effect_host_plugin_param(plugin, effect, index, &info, &error)))
        return;
    printf("param %s: #%u type %u flags %u unit '%s' range %g %g default type %u number %g integer %lld string %s text %s",
           name, index, info.type, info.flags, info.unit, info.min, info.max, info.default_value.type,
           info.default_value.number, (long long)info.default_value.integer,
           info.default_value.string != NULL ? info.default_value.string : "NULL",
           effect_host_plugin_param_default_text(plugin, effect, index));
    for (uint32_t i = 0; i < info.choice_count; i++) printf("%s%s", i == 0 ? " choices " : "|", info.choices[i]);
    printf(" size %u\n", info.struct_size);
}

/* A value read by the host's grammar, on one line (API 1.4). */
static void print_parsed(const effect_host_plugin *plugin, uint32_t effect, const char *name, const char *text) {
    uint32_t index = 0;
    effect_value value;
    memset(&value, 0, sizeof value);
    char step[128];
    snprintf(step, sizeof step, "parse %s=%s", name, text);
    if (!say(step, effect_host_plugin_find_param(plugin, effect, name, &index, &error)) ||
        !say(step, effect_host_plugin_parse_value(plugin, effect, index, text, &value, &error)))
        return;
    printf("%s: type %u number %g integer %lld string %s%s\n", step, value.type, value.number, (long long)value.integer,
           value.string != NULL ? value.string : "NULL", value.string == text ? " (the text given)" : "");
}

/* What a plugin offers, read through the host (API 1.4) rather than its table. */
static void metadata_check(const effect_host_plugin *strike, const char *plugin_dir) {
    effect_plugin_info plugin_info;
    memset(&plugin_info, 0, sizeof plugin_info);
    plugin_info.struct_size = sizeof plugin_info;
    if (say("describe", effect_host_plugin_describe(strike, &plugin_info, &error)))
        printf("describe: %s %s %s, %u effects, size %u\n", plugin_info.id, plugin_info.name, plugin_info.version,
               plugin_info.effect_count, plugin_info.struct_size);
    uint32_t effect = 99;
    say("find effect near miss", effect_host_plugin_find_effect(strike, "strikethrough-reveel", &effect, &error));
    if (say("find effect", effect_host_plugin_find_effect(strike, "strikethrough-reveal", &effect, &error)))
        printf("find effect: %u\n", effect);
    effect_info info;
    memset(&info, 0, sizeof info);
    info.struct_size = sizeof info;
    if (say("meta effect", effect_host_plugin_effect(strike, effect, &info, &error)))
        printf("meta effect: %s '%s' params %u channels %u %u %u timing %u '%s'\n", info.id, info.name, info.param_count,
               info.global_channel_count, info.element_channel_count, info.attribute_count, info.timing_kinds,
               info.timing_doc);
    print_param(strike, effect, "duration");
    print_param(strike, effect, "progress");
    print_param(strike, effect, "line_color");
    print_param(strike, effect, "text");
    uint32_t index = 0;
    say("find param near miss", effect_host_plugin_find_param(strike, effect, "duratoin", &index, &error));
    print_parsed(strike, effect, "duration", "1.5");
    print_parsed(strike, effect, "done", "off");
    print_parsed(strike, effect, "line_color", "#FF000080");
    print_parsed(strike, effect, "progress", "none");
    print_parsed(strike, effect, "text", "Ship it");
    print_parsed(strike, effect, "duration", "soon");
    effect_channel_info channel;
    memset(&channel, 0, sizeof channel);
    channel.struct_size = sizeof channel;
    if (say("channel", effect_host_plugin_channel(strike, effect, 4, &channel, &error)))
        printf("channel: %s scope %u range %g %g\n", channel.name, channel.scope, channel.min, channel.max);
    say("channel past the end", effect_host_plugin_channel(strike, effect, info.global_channel_count, &channel, &error));
    say("effect past the end", effect_host_plugin_effect(strike, 1, &info, &error));
    info.struct_size = 8;
    say("effect small struct", effect_host_plugin_effect(strike, 0, &info, &error));
    say("describe NULL", effect_host_plugin_describe(NULL, &plugin_info, &error));
    printf("default text past the end: %s\n", effect_host_plugin_param_default_text(strike, effect, 99) == NULL ? "NULL" : "a string");

    /* A larger struct than the host's (a caller built against a later effect.h): the host's part is written. */
    struct {
        effect_param_info info;
        uint64_t later;
    } grown;
    memset(&grown, 0xAB, sizeof grown);
    grown.info.struct_size = sizeof grown;
    if (say("grown", effect_host_plugin_param(strike, effect, 0, &grown.info, &error)))
        printf("grown: size %u name %s later untouched %s\n", grown.info.struct_size, grown.info.name,
               grown.later == 0xABABABABABABABABull ? "yes" : "no");

    const char *names[] = {"duration", "fade", NULL, "tick"};
    const char *close = effect_host_closest("duratoin", names, 4);
    printf("closest: %s, same pointer %s\n", close != NULL ? close : "NULL", close == names[0] ? "yes" : "no");
    printf("closest far: %s\n", effect_host_closest("zzzzzz", names, 4) == NULL ? "NULL" : "a name");
    printf("closest NULL: %s\n", effect_host_closest(NULL, names, 4) == NULL ? "NULL" : "a name");
    uint32_t rgba = 0;
    if (say("colour", effect_host_parse_color("#8A8F98", &rgba, &error))) printf("colour: %08X\n", rgba);
    if (say("colour alpha", effect_host_parse_color("0x8A8F9880", &rgba, &error))) printf("colour alpha: %08X\n", rgba);
    say("colour word", effect_host_parse_color("grey", &rgba, &error));

    /* Choices: text-reveal's enums. */
    effect_host_catalog *catalog = NULL;
    effect_host_plugin *reveal = NULL;
    effect_host_catalog_options search = {sizeof search, 0, &plugin_dir, 1, 0};
    if (say("reveal", effect_host_catalog_open(&search, &catalog, &error)) &&
        say("reveal", effect_host_catalog_load(catalog, "text-reveal", &reveal, &error)) &&
        say("reveal", effect_host_plugin_find_effect(reveal, "text-reveal", &effect, &error))) {
        print_param(reveal, effect, "font_weight");
        print_param(reveal, effect, "unit");
        print_parsed(reveal, effect, "unit", "lines");
        print_parsed(reveal, effect, "unit", "Lines");
    }
    effect_host_plugin_free(reveal);
    effect_host_catalog_free(catalog);
}

/* A frame as checked items with their places resolved (API 1.4): the
 * default strike at 0.16 s, half struck, and text-reveal's masked rise. */
static void drawing_check(effect_host_instance *strike, const char *plugin_dir) {
    effect_host_picture *picture = NULL;
    effect_host_drawing *drawing = NULL;
    if (!say("drawing", effect_host_picture_create(strike, NULL, &picture, &error)) ||
        !say("drawing", effect_host_picture_drawing(picture, 0.16, &drawing, &error)))
        return;
    uint64_t count = effect_host_drawing_step_count(drawing);
    printf("drawing: %llu steps, %llu clips, kinds", (unsigned long long)count,
           (unsigned long long)effect_host_drawing_clip_count(drawing));
    for (uint64_t i = 0; i < count; i++) {
        effect_host_step step;
        step.struct_size = sizeof step;
        if (effect_host_drawing_step(drawing, i, &step, &error) == EFFECT_OK) printf(" %u", step.kind);
    }
    printf("\n");
    for (uint64_t i = 0; i < count; i++) {
        effect_host_step step;
        step.struct_size = sizeof step;
        effect_host_drawing_step(drawing, i, &step, &error);
        const double *m = step.matrix;
        if (step.kind == EFFECT_HOST_STEP_TEXT) {
            const effect_draw_text *text = &step.item->text;
            printf("drawing text: '%s' opacity %.6f saturation %.6f advance %.6f starts %.6f depth %u parent %lld\n", text->text,
                   step.opacity, step.saturation, text->advance * m[0], m[0] * text->x + m[2] * text->y + m[4], step.depth,
                   (long long)step.parent);
        } else if (step.kind == EFFECT_HOST_STEP_SHAPE && step.item->shape.shape == EFFECT_SHAPE_CAPSULE) {
            const effect_draw_shape *line = &step.item->shape;
            printf("drawing line: width %.6f height %.6f starts %.6f colour %08X opacity %.6f\n", line->frame.width * m[0],
                   line->frame.height * m[3], m[0] * line->frame.x + m[2] * line->frame.y + m[4], line->fill_color, step.opacity);
        } else if (step.kind == EFFECT_HOST_STEP_SHAPE && step.item->shape.shape == EFFECT_SHAPE_PATH) {
            printf("drawing tick: %u segments, first verb %u, trim %g to %g\n", step.item->shape.segment_count,
                   step.item[1].segment.verb, step.item->shape.trim_start, step.item->shape.trim_end);
        } else if (step.kind == EFFECT_HOST_STEP_LEAVE && step.parent == -1) {
            printf("drawing outermost: enter %llu leave %llu\n", (unsigned long long)step.end, (unsigned long long)i);
        }
    }
    effect_host_step step;
    step.struct_size = sizeof step;
    say("drawing past the end", effect_host_drawing_step(drawing, count, &step, &error));
    step.struct_size = 16;
    say("drawing small step", effect_host_drawing_step(drawing, 0, &step, &error));
    effect_host_drawing *never = NULL;
    say("drawing NaN", effect_host_picture_drawing(picture, 0.0 / 0.0, &never, &error));
    printf("drawing of NULL: %llu steps\n", (unsigned long long)effect_host_drawing_step_count(NULL));
    effect_host_drawing_free(drawing);
    effect_host_drawing_free(NULL);
    effect_host_picture_free(picture);

    /* text-reveal early in its rise: every word in a group clipped to its own box. */
    effect_host_catalog *catalog = NULL;
    effect_host_plugin *reveal = NULL;
    effect_host_instance *words = NULL;
    effect_host_catalog_options search = {sizeof search, 0, &plugin_dir, 1, 0};
    if (say("drawing reveal", effect_host_catalog_open(&search, &catalog, &error)) &&
        say("drawing reveal", effect_host_catalog_load(catalog, "text-reveal", &reveal, &error)) &&
        say("drawing reveal", effect_host_instance_create(reveal, "text-reveal", NULL, 0, &words, &error)) &&
        say("drawing reveal", effect_host_picture_create(words, NULL, &picture, &error)) &&
        say("drawing reveal", effect_host_picture_drawing(picture, 0.3, &drawing, &error))) {
        uint64_t texts = 0, clipped = 0, clips = effect_host_drawing_clip_count(drawing), bad = 0;
        for (uint64_t i = 0; i < effect_host_drawing_step_count(drawing); i++) {
            effect_host_step s;
            s.struct_size = sizeof s;
            effect_host_drawing_step(drawing, i, &s, &error);
            if (s.kind != EFFECT_HOST_STEP_TEXT) continue;
            texts += 1;
            if (s.clip < 0 || (uint64_t)s.clip >= clips) continue;
            clipped += 1;
            /* The word's baseline start, in the picture, lies inside its clip's box across. */
            effect_host_clip clip;
            clip.struct_size = sizeof clip;
            effect_host_drawing_clip(drawing, (uint64_t)s.clip, &clip, &error);
            double x = s.matrix[0] * s.item->text.x + s.matrix[4];
            if (x < clip.visible.x - 1e-9 || x > clip.visible.x + clip.visible.width + 1e-9) bad += 1;
        }
        effect_host_clip first;
        first.struct_size = sizeof first;
        if (say("drawing reveal clip", effect_host_drawing_clip(drawing, 0, &first, &error)))
            printf("drawing reveal: %llu words, %llu clipped, %llu clips, %llu outside their clip, first clip shape %u outer %lld\n",
                   (unsigned long long)texts, (unsigned long long)clipped, (unsigned long long)clips, (unsigned long long)bad,
                   first.shape, (long long)first.outer);
    }
    effect_host_drawing_free(drawing);
    effect_host_picture_free(picture);
    effect_host_instance_free(words);
    effect_host_plugin_free(reveal);
    effect_host_catalog_free(catalog);
}

/* A measurer as a program's own fonts would be: every character 10 pt
 * plus its tracking, 24 pt above the baseline and 6 below; it counts its
 * calls and keeps the first. */
typedef struct measured {
    int calls;
    char first[64];
    double size, weight, tracking;
} measured;

static effect_status monospaced(void *context, const char *text, double size, double weight, double tracking,
                                effect_text_metrics *out) {
    measured *seen = context;
    if (seen->calls++ == 0) {
        snprintf(seen->first, sizeof seen->first, "%s", text);
        seen->size = size, seen->weight = weight, seen->tracking = tracking;
    }
    out->advance = (double)strlen(text) * (10 + tracking);
    out->ascent = 24;
    out->descent = 6;
    return EFFECT_OK;
}

static effect_status refuses(void *context, const char *text, double size, double weight, double tracking,
                             effect_text_metrics *out) {
    (void)context, (void)text, (void)size, (void)weight, (void)tracking, (void)out;
    return EFFECT_ERR_RANGE;
}

/* An instance's own display list (API 1.4), in its own coordinates, its
 * text measured by the program's measurer. */
static void instance_drawing_check(effect_host_instance *strike) {
    measured seen = {0, {0}, 0, 0, 0};
    effect_host_draw_options options = {sizeof options, EFFECT_APPEARANCE_LIGHT, 0, monospaced, &seen};
    effect_host_drawing *drawing = NULL;
    if (say("instance drawing", effect_host_instance_drawing(strike, 0.32, &options, &drawing, &error))) {
        effect_drawing frame;
        frame.struct_size = sizeof frame;
        if (say("instance drawing frame", effect_host_drawing_frame(drawing, &frame, &error)))
            printf("instance drawing frame: %g x %g, bounds %g %g %g %g, %llu items, max %llu\n", frame.width, frame.height,
                   frame.bounds.x, frame.bounds.y, frame.bounds.width, frame.bounds.height,
                   (unsigned long long)frame.item_count, (unsigned long long)frame.max_item_count);
        printf("instance drawing measured: %d calls, first '%s' %g %g %g\n", seen.calls, seen.first, seen.size, seen.weight,
               seen.tracking);
        for (uint64_t i = 0; i < effect_host_drawing_step_count(drawing); i++) {
            effect_host_step step;
            step.struct_size = sizeof step;
            effect_host_drawing_step(drawing, i, &step, &error);
            const double *m = step.matrix;
            if (step.kind == EFFECT_HOST_STEP_TEXT)
                printf("instance drawing text: '%s' advance %g ascent %g descent %g at %g %g colour %08X\n",
                       step.item->text.text, step.item->text.advance, step.item->text.ascent, step.item->text.descent,
                       m[0] * step.item->text.x + m[2] * step.item->text.y + m[4],
                       m[1] * step.item->text.x + m[3] * step.item->text.y + m[5], step.item->text.color);
            else if (step.kind == EFFECT_HOST_STEP_SHAPE && step.item->shape.shape == EFFECT_SHAPE_CAPSULE)
                printf("instance drawing line: width %g\n", step.item->shape.frame.width * m[0]);
        }
        frame.struct_size = 8;
        say("instance drawing small frame", effect_host_drawing_frame(drawing, &frame, &error));
        effect_host_drawing_free(drawing);
    }
    /* The defaults (NULL): the reference metrics, light; then dark. */
    drawing = NULL;
    if (say("instance drawing defaults", effect_host_instance_drawing(strike, 0.32, NULL, &drawing, &error))) {
        effect_drawing frame;
        frame.struct_size = sizeof frame;
        effect_host_drawing_frame(drawing, &frame, &error);
        printf("instance drawing defaults: %g x %g, %llu steps\n", frame.width, frame.height,
               (unsigned long long)effect_host_drawing_step_count(drawing));
        effect_host_drawing_free(drawing);
    }
    effect_host_draw_options dark = {sizeof dark, EFFECT_APPEARANCE_DARK, 0, NULL, NULL};
    drawing = NULL;
    if (say("instance drawing dark", effect_host_instance_drawing(strike, 0.32, &dark, &drawing, &error))) {
        for (uint64_t i = 0; i < effect_host_drawing_step_count(drawing); i++) {
            effect_host_step step;
            step.struct_size = sizeof step;
            effect_host_drawing_step(drawing, i, &step, &error);
            if (step.kind == EFFECT_HOST_STEP_TEXT) printf("instance drawing dark: colour %08X\n", step.item->text.color);
        }
        effect_host_drawing_free(drawing);
    }
    effect_host_drawing *never = NULL;
    effect_host_draw_options odd = {sizeof odd, 7, 0, NULL, NULL};
    say("instance drawing odd appearance", effect_host_instance_drawing(strike, 0.32, &odd, &never, &error));
    effect_host_draw_options narrow = {sizeof narrow, EFFECT_APPEARANCE_LIGHT, -5, NULL, NULL};
    say("instance drawing negative width", effect_host_instance_drawing(strike, 0.32, &narrow, &never, &error));
    effect_host_draw_options small = {4, EFFECT_APPEARANCE_LIGHT, 0, NULL, NULL};
    say("instance drawing small options", effect_host_instance_drawing(strike, 0.32, &small, &never, &error));
    effect_host_draw_options refusing = {sizeof refusing, EFFECT_APPEARANCE_LIGHT, 0, refuses, NULL};
    say("instance drawing refusing measurer", effect_host_instance_drawing(strike, 0.32, &refusing, &never, &error));
    say("instance drawing NaN", effect_host_instance_drawing(strike, 0.0 / 0.0, NULL, &never, &error));
    say("instance drawing NULL", effect_host_instance_drawing(NULL, 0.32, NULL, &never, &error));
    say("instance drawing NULL out", effect_host_instance_drawing(strike, 0.32, NULL, NULL, &error));
    say("instance drawing frame NULL", effect_host_drawing_frame(NULL, NULL, &error));
    printf("instance drawing refused: %s\n", never == NULL ? "nothing made" : "a drawing made");
}

/* Instances whose plugins do not draw, or draw a list that breaks effect.h's rules. */
static void instance_drawing_refusals(const char *test_plugins) {
    const char *names[] = {"libMinor0.so", "libOpen.so"};
    const char *steps[] = {"instance drawing not drawn", "instance drawing broken list"};
    for (int i = 0; i < 2; i++) {
        char path[4096];
        effect_host_plugin *plugin = NULL;
        effect_host_instance *instance = NULL;
        effect_host_drawing *drawing = NULL;
        snprintf(path, sizeof path, "%s/%s", test_plugins, names[i]);
        if (say(steps[i], effect_host_plugin_open(path, 0, &plugin, &error)) &&
            say(steps[i], effect_host_instance_create(plugin, "test-ramp", NULL, 0, &instance, &error)) &&
            say(steps[i], effect_host_instance_drawing(instance, 1, NULL, &drawing, &error)))
            printf("%s: %llu steps\n", steps[i], (unsigned long long)effect_host_drawing_step_count(drawing));
        effect_host_drawing_free(drawing);
        effect_host_instance_free(instance);
        effect_host_plugin_free(plugin);
    }
}

/* Whether the frame at t would draw otherwise than the last one drawn (API
 * 1.5): each answer is 0, 1, or the call's status. */
static void print_changed(const char *step, effect_host_picture *picture, const double *times, int count) {
    printf("%s:", step);
    for (int i = 0; i < count; i++) {
        int changed = -1;
        effect_status status = effect_host_picture_changed(picture, times[i], &changed, &error);
        if (status == EFFECT_OK) printf(" %d", changed);
        else printf(" status %d", (int)status);
    }
    printf("\n");
}

#define CHANGED(step, picture, ...)                                                                              \
    do {                                                                                                         \
        const double times_[] = {__VA_ARGS__};                                                                   \
        print_changed(step, picture, times_, (int)(sizeof times_ / sizeof times_[0]));                          \
    } while (0)

/* A strike (the default `done`, `duration` 0.32 s) asked before and after
 * draws, events and a param set; the bars of the ABI 1.0 test ramp. */
static void changed_check(effect_host_plugin *plugin, const char *test_plugins) {
    effect_host_instance *strike = NULL;
    effect_host_picture *picture = NULL;
    uint32_t w = 0, h = 0;
    if (!say("changed", effect_host_instance_create(plugin, "strikethrough-reveal", NULL, 0, &strike, &error)) ||
        !say("changed", effect_host_picture_create(strike, NULL, &picture, &error)) ||
        !say("changed", effect_host_picture_pixel_size(picture, 1, &w, &h, &error))) return;
    uint8_t *rgba = calloc((size_t)w * h, 4);
    if (rgba == NULL) return;
    CHANGED("changed before a draw", picture, 0.5, 0);
    say("changed draw", effect_host_picture_draw_pixels(picture, 0.5, rgba, w, h, w * 4, 0, &error));
    CHANGED("changed settled", picture, 0.5, 0.32, 0.4, 100, 1e6);
    CHANGED("changed striking", picture, 0, 0.16, 0.31);
    say("changed draw", effect_host_picture_draw_pixels(picture, 0.1, rgba, w, h, w * 4, 0, &error));
    CHANGED("changed mid-strike", picture, 0.1, 0.11, 0.5);
    say("changed draw", effect_host_picture_draw_pixels(picture, 1, rgba, w, h, w * 4, 0, &error));
    say("changed event", effect_host_instance_set_event_text(strike, "2:done=false", &error));
    CHANGED("changed undone at 2", picture, 1, 1.99, 2, 2.1, 3);
    say("changed draw", effect_host_picture_draw_pixels(picture, 3, rgba, w, h, w * 4, 0, &error));
    CHANGED("changed undone", picture, 3, 2.32, 50);
    /* An event before the frame drawn: the same t now draws otherwise. */
    say("changed event", effect_host_instance_set_event_text(strike, "2.5:done=true", &error));
    CHANGED("changed redone at 2.5", picture, 3, 2.4, 2.82);
    say("changed draw", effect_host_picture_draw_pixels(picture, 3, rgba, w, h, w * 4, 0, &error));
    effect_value red = {EFFECT_TYPE_COLOR, 0, 0, 0xFF0000FF, NULL};
    say("changed param", effect_host_instance_set_param(strike, "line_color", &red, 4, &error));
    CHANGED("changed line colour at 4", picture, 3, 3.99, 4, 5);
    say("changed draw", effect_host_picture_draw_pixels(picture, 5, rgba, w, h, w * 4, 0, &error));
    CHANGED("changed red", picture, 5, 4);
    /* A draw that fails leaves nothing to compare with. */
    say("changed failed draw", effect_host_picture_draw_pixels(picture, 5, NULL, w, h, w * 4, 0, &error));
    CHANGED("changed after a failed draw", picture, 5);
    effect_host_placement corner = {sizeof corner, 0, 0.5, 0, 1};
    say("changed placed", effect_host_picture_draw_pixels_placed(picture, 5, rgba, w, h, w * 4, 0, &corner, &error));
    CHANGED("changed after a placed draw", picture, 5, 4);
    int changed = -1;
    say("changed NULL picture", effect_host_picture_changed(NULL, 1, &changed, &error));
    say("changed NULL out", effect_host_picture_changed(picture, 1, NULL, &error));
    say("changed NaN", effect_host_picture_changed(picture, NAN, &changed, &error));
    say("changed negative", effect_host_picture_changed(picture, -1, &changed, &error));
    printf("changed untouched by refusals: %d\n", changed);
    free(rgba);
    effect_host_picture_free(picture);
    effect_host_instance_free(strike);

    /* An effect that does not draw itself: the bars of its channels. */
    char path[4096];
    effect_host_plugin *minor0 = NULL;
    effect_host_instance *ramp = NULL;
    effect_host_picture *bars = NULL;
    snprintf(path, sizeof path, "%s/libMinor0.so", test_plugins);
    if (say("changed bars", effect_host_plugin_open(path, 0, &minor0, &error)) &&
        say("changed bars", effect_host_instance_create(minor0, "test-ramp", NULL, 0, &ramp, &error)) &&
        say("changed bars", effect_host_picture_create(ramp, NULL, &bars, &error)) &&
        say("changed bars", effect_host_picture_pixel_size(bars, 1, &w, &h, &error))) {
        rgba = calloc((size_t)w * h, 4);
        if (rgba != NULL && say("changed bars", effect_host_picture_draw_pixels(bars, 0.25, rgba, w, h, w * 4, 0, &error))) {
            CHANGED("changed bars at 0.25", bars, 0.25, 0.5);
            say("changed bars", effect_host_picture_draw_pixels(bars, 1, rgba, w, h, w * 4, 0, &error));
            CHANGED("changed bars at 1", bars, 1, 2, 0.9995);
        }
        free(rgba);
    }
    effect_host_picture_free(bars);
    effect_host_instance_free(ramp);
    effect_host_plugin_free(minor0);
}

/* A loop (breathing-circles, 3 + 1 + 3 + 1 s a breath): its holds stand still. */
static void changed_loop_check(effect_host_plugin *breathe) {
    effect_host_instance *circles = NULL;
    effect_host_picture *picture = NULL;
    uint32_t w = 0, h = 0;
    if (!say("changed loop", effect_host_instance_create(breathe, "breathing-circles", NULL, 0, &circles, &error)) ||
        !say("changed loop", effect_host_picture_create(circles, NULL, &picture, &error)) ||
        !say("changed loop", effect_host_picture_pixel_size(picture, 1, &w, &h, &error))) return;
    uint8_t *rgba = calloc((size_t)w * h, 4);
    if (rgba != NULL && say("changed loop", effect_host_picture_draw_pixels(picture, 0.5, rgba, w, h, w * 4, 0, &error)))
        CHANGED("changed loop at 0.5", picture, 0.5, 8.5, 16.5, 800.5, 0.75, 4.5);
    if (rgba != NULL && say("changed loop", effect_host_picture_draw_pixels(picture, 3.25, rgba, w, h, w * 4, 0, &error)))
        CHANGED("changed loop held in", picture, 3, 3.5, 3.99, 11.25, 2.99, 4.5, 7.5);
    free(rgba);
    effect_host_picture_free(picture);
    effect_host_instance_free(circles);
}

/* Events as "T:NAME=VALUE" text, by the library's one grammar (API 1.4). */
static void events_check(effect_host_plugin *plugin) {
    effect_host_instance *strike = NULL;
    if (!say("event", effect_host_instance_create(plugin, "strikethrough-reveal", NULL, 0, &strike, &error))) return;
    double span = 0;
    if (say("event", effect_host_instance_set_event_text(strike, "0.5:done=false", &error)) &&
        say("event", effect_host_instance_span(strike, &span, &error)))
        printf("event: span %.6f\n", span);
    double settled = 0;
    if (say("settled", effect_host_instance_settled_time(strike, &settled, &error))) printf("settled: %.6f\n", settled);
    say("settled NULL", effect_host_instance_settled_time(NULL, &settled, &error));
    say("settled NULL seconds", effect_host_instance_settled_time(strike, NULL, &error));
    say("event bad time", effect_host_instance_set_event_text(strike, "soon:done=false", &error));
    say("event no colon", effect_host_instance_set_event_text(strike, "0.5-done=false", &error));
    say("event bad value", effect_host_instance_set_event_text(strike, "1:done=maybe", &error));
    say("event NULL", effect_host_instance_set_event_text(strike, NULL, &error));
    effect_host_instance_free(strike);
}

/* The strike's `amount` (channel 0) at each t, through the plugin's table. */
static void print_amounts(const char *step, effect_host_plugin *plugin, effect_host_instance *instance, const double *times,
                          int count) {
    const effect_plugin_api *table = effect_host_plugin_table(plugin);
    printf("%s:", step);
    for (int i = 0; i < count; i++) {
        double frame[16] = {0};
        effect_status status = table->sample(effect_host_instance_handle(instance), times[i], frame, 16, &error);
        if (status == EFFECT_OK) printf(" %.6f", frame[0]);
        else printf(" status %d", (int)status);
    }
    printf("\n");
}

#define AMOUNTS(step, plugin, instance, ...)                                                                     \
    do {                                                                                                         \
        const double times_[] = {__VA_ARGS__};                                                                   \
        print_amounts(step, plugin, instance, times_, (int)(sizeof times_ / sizeof times_[0]));                 \
    } while (0)

/* Keeps the `amount` of the frame at 2.5 s a player hands over. */
static int amount_at_2_5(void *context, const effect_host_frame *frame) {
    if (frame->t == 2.5) *(double *)context = frame->values[0];
    return 0;
}

/* The frame at t as the picture draws it (1 pixel a point), or NULL. */
static uint8_t *drawn(effect_host_picture *picture, double t, size_t *size) {
    uint32_t w = 0, h = 0;
    if (!say("history draw", effect_host_picture_pixel_size(picture, 1, &w, &h, &error))) return NULL;
    uint8_t *rgba = calloc((size_t)w * h, 4);
    *size = (size_t)w * h * 4;
    if (rgba != NULL && !say("history draw", effect_host_picture_draw_pixels(picture, t, rgba, w, h, w * 4, 0, &error))) {
        free(rgba);
        return NULL;
    }
    return rgba;
}

static const char *same_bytes(const uint8_t *a, const uint8_t *b, size_t size) {
    return a == NULL || b == NULL ? "not drawn" : memcmp(a, b, size) == 0 ? "same" : "differs";
}

/* A history edited while it plays (API 1.6): a strike made not done, done
 * at 2, then done=false set at 1 after seeking back; a param forgotten. */
static void history_check(effect_host_plugin *plugin) {
    effect_host_instance *strike = NULL, *never = NULL;
    effect_host_picture *picture = NULL, *reference = NULL;
    effect_param_setting not_done = {"done", {EFFECT_TYPE_BOOL, 0, 0, 0, NULL}};
    if (!say("history", effect_host_instance_create(plugin, "strikethrough-reveal", &not_done, 1, &strike, &error)) ||
        !say("history", effect_host_instance_create(plugin, "strikethrough-reveal", &not_done, 1, &never, &error)) ||
        !say("history", effect_host_picture_create(strike, NULL, &picture, &error)) ||
        !say("history", effect_host_picture_create(never, NULL, &reference, &error)))
        return;
    size_t size = 0;
    uint8_t *unstruck = drawn(reference, 2.5, &size);
    effect_value done = {EFFECT_TYPE_BOOL, 0, 0, 1, NULL}, undone = {EFFECT_TYPE_BOOL, 0, 0, 0, NULL};
    say("history set", effect_host_instance_set_param(strike, "done", &done, 2, &error));
    AMOUNTS("history set", plugin, strike, 1.5, 2.16, 2.5);
    uint8_t *struck = drawn(picture, 2.5, &size);
    printf("history picture set: %s\n", same_bytes(struck, unstruck, size));
    double played_before = -1, played_after = -1;
    effect_host_play_options play = {sizeof play, EFFECT_HOST_PLAY_OFFLINE, 4, 3, amount_at_2_5, &played_before};
    effect_host_player *before = NULL, *after = NULL;
    say("history player", effect_host_player_create(strike, &play, &before, &error));

    const effect_instance *handle = effect_host_instance_handle(strike);
    say("history edit", effect_host_instance_edit_param(strike, "done", &undone, 1, &error));
    printf("history edit handle: %s\n", effect_host_instance_handle(strike) == handle ? "same" : "new");
    AMOUNTS("history edited", plugin, strike, 0.16, 1.16, 2.16, 2.5);
    uint8_t *edited = drawn(picture, 2.5, &size);
    printf("history picture edited: %s\n", same_bytes(edited, unstruck, size));
    double span = 0;
    say("history span", effect_host_instance_span(strike, &span, &error));
    printf("history span: %.6f\n", span);
    play.context = &played_after;
    say("history player", effect_host_player_create(strike, &play, &after, &error));
    say("history player", effect_host_player_run(before, NULL, NULL, &error));
    say("history player", effect_host_player_run(after, NULL, NULL, &error));
    printf("history players: %.6f %.6f\n", played_before, played_after);

    /* At or after the latest event: set_param as it is, several params at one t. */
    say("history later", effect_host_instance_edit_param(strike, "done", &done, 3, &error));
    handle = effect_host_instance_handle(strike);
    effect_value red = {EFFECT_TYPE_COLOR, 0, 0, 0xFF0000FF, NULL}, slow = {EFFECT_TYPE_NUMBER, 0, 120, 0, NULL};
    say("history at its time", effect_host_instance_edit_param(strike, "line_color", &red, 3, &error));
    printf("history at its time handle: %s\n", effect_host_instance_handle(strike) == handle ? "same" : "new");
    AMOUNTS("history later", plugin, strike, 2.5, 3.16);

    /* Refused: nothing changes, even where the instance would have been made again. */
    say("history edit unknown", effect_host_instance_edit_param(strike, "donee", &undone, 0.5, &error));
    say("history edit type", effect_host_instance_edit_param(strike, "done", &red, 0.5, &error));
    say("history edit range", effect_host_instance_edit_param(strike, "duration", &slow, 0.5, &error));
    say("history edit time", effect_host_instance_edit_param(strike, "done", &undone, -1, &error));
    say("history edit NULL value", effect_host_instance_edit_param(strike, "done", NULL, 0.5, &error));
    say("history edit NULL", effect_host_instance_edit_param(NULL, "done", &undone, 0.5, &error));
    say("history forget unknown", effect_host_instance_forget_param(strike, "donee", &error));
    say("history forget NULL name", effect_host_instance_forget_param(strike, NULL, &error));
    say("history forget NULL", effect_host_instance_forget_param(NULL, "done", &error));
    say("history forget bad UTF-8", effect_host_instance_forget_param(strike, "\xff", &error));
    printf("history refused handle: %s\n", effect_host_instance_handle(strike) == handle ? "same" : "new");
    AMOUNTS("history refused", plugin, strike, 0.16, 2.5, 3.16);

    /* Forgotten: done is the effect's default (true) from 0, its events gone; line_color's stays. */
    say("history forget", effect_host_instance_forget_param(strike, "done", &error));
    AMOUNTS("history forgotten", plugin, strike, 0.16, 0.32, 2.5, 3.16);
    say("history span", effect_host_instance_span(strike, &span, &error));
    printf("history forgotten span: %.6f\n", span);

    free(unstruck);
    free(struck);
    free(edited);
    effect_host_player_free(before);
    effect_host_player_free(after);
    effect_host_picture_free(picture);
    effect_host_picture_free(reference);
    effect_host_instance_free(strike);
    effect_host_instance_free(never);
}

/* What the header promises, each rule on its own line (issue 48). */
static void header_rules(effect_host_instance *strike, const char *out_dir) {
    char path[4096];
    effect_host_picture *picture = NULL;

    /* A render's frame is its ground from edge to edge; a still and a movie, both letterboxed. */
    effect_host_look teal = {sizeof teal, EFFECT_APPEARANCE_LIGHT, 0, NULL, EFFECT_HOST_GROUND_COLOR, 0x336699FF};
    snprintf(path, sizeof path, "%s/letterbox.png", out_dir);
    if (say("letterbox png", render_sized(strike, path, &teal, 400, 400, 0))) printf("letterbox png: written\n");
    snprintf(path, sizeof path, "%s/letterbox.mp4", out_dir);
    if (say("letterbox mp4", render_sized(strike, path, &teal, 320, 240, 0))) printf("letterbox mp4: written\n");
    snprintf(path, sizeof path, "%s/letterbox-default.mp4", out_dir);
    if (say("letterbox default mp4", render_sized(strike, path, NULL, 320, 240, 0))) printf("letterbox default mp4: written\n");

    /* draw_pixels keeps its transparent rest: the corner of a tall buffer is untouched by the picture's ground. */
    uint8_t *tall = calloc(200 * 400, 4);
    if (tall != NULL && effect_host_picture_create(strike, NULL, &picture, &error) == EFFECT_OK &&
        say("draw rest", effect_host_picture_draw_pixels(picture, 0.16, tall, 200, 400, 800, EFFECT_HOST_PIXELS_RGBA_STRAIGHT, &error))) {
        printf("draw rest: corner alpha %u, centre alpha %u\n", tall[3], tall[(200 * 200 + 100) * 4 + 3]);
    }

    /* An odd size for 4:2:0 video is refused, and no file is left. */
    snprintf(path, sizeof path, "%s/odd.mp4", out_dir);
    say("odd mp4", render_sized(strike, path, NULL, 301, 151, 0));
    printf("odd mp4 file: %s\n", exists(path) ? "left" : "none");
    snprintf(path, sizeof path, "%s/odd.webm", out_dir);
    if (say("odd webm", render_sized(strike, path, NULL, 301, 151, 0))) printf("odd webm: written\n");
    /* A ground half see-through: MP4 has no alpha to keep it in. */
    effect_host_look half = {sizeof half, EFFECT_APPEARANCE_LIGHT, 0, NULL, EFFECT_HOST_GROUND_COLOR, 0xFF000080};
    snprintf(path, sizeof path, "%s/half.mp4", out_dir);
    say("half mp4", render_sized(strike, path, &half, 320, 240, 0));
    snprintf(path, sizeof path, "%s/odd.gif", out_dir);
    if (say("odd gif", render_sized(strike, path, NULL, 301, 151, 0))) printf("odd gif: written\n");

    /* The 8192-pixel side, passed by a size and by a scale: one status. */
    snprintf(path, sizeof path, "%s/huge.png", out_dir);
    say("huge by size", render_sized(strike, path, NULL, 9000, 100, 0));
    say("huge by scale", render_sized(strike, path, NULL, 0, 0, 1000));
    say("one side 0", render_sized(strike, path, NULL, 100, 0, 0));

    /* A zeroed placement (only struct_size set) draws: size 0 is the fitted size, x and y 0 the left and top edges. */
    uint8_t *frame = calloc(400 * 300, 4);
    effect_host_placement zeroed;
    memset(&zeroed, 0, sizeof zeroed);
    zeroed.struct_size = sizeof zeroed;
    if (frame != NULL && say("zeroed placement", effect_host_picture_draw_pixels_placed(picture, 0.16, frame, 400, 300, 1600,
                                                                                         EFFECT_HOST_PIXELS_RGBA_STRAIGHT, &zeroed, &error))) {
        snprintf(path, sizeof path, "%s/zeroed-placement.rgba", out_dir);
        printf("zeroed placement: %s\n", write_file(path, frame, 400 * 300 * 4) ? "written" : "not written");
    }
    /* A stride past cairo's int is out of range, not a missing library. */
    say("huge stride", effect_host_picture_draw_pixels(picture, 0, frame, 2, 2, 0xFFFFFFFCu, EFFECT_HOST_PIXELS_RGBA_STRAIGHT, &error));
    /* Large finite x and y are beyond the range, not "not finite". */
    effect_host_placement far = {sizeof far, 0, 1, 2e6, 0.5};
    say("far placement", effect_host_picture_draw_pixels_placed(picture, 0, frame, 400, 300, 1600, 0, &far, &error));
    free(frame);
    free(tall);
    effect_host_picture_free(picture);

    /* Validating no files is an error, not a pass. */
    effect_host_report *report = NULL;
    say("validate none", effect_host_validate(NULL, 0, NULL, &report, &error));
    printf("validate none report: %s\n", report == NULL ? "NULL" : "a report");
    effect_host_report_free(report);

    /* *out is NULL after a failure, whatever it held. */
    effect_host_plugin *plugin = (effect_host_plugin *)&error;
    effect_host_plugin_open("/nonexistent/libNo.so", 0, &plugin, &error);
    printf("out after failure: %s\n", plugin == NULL ? "NULL" : "kept");

    /* A plugin file whose name is not UTF-8: named with its bytes escaped, and why. */
    char odd_dir[2048];
    snprintf(odd_dir, sizeof odd_dir, "%s/odd-names", out_dir);
    mkdir(odd_dir, 0755);
    snprintf(path, sizeof path, "%s/lib\xff" "Strike.so", odd_dir);
    FILE *file = fopen(path, "wb");
    if (file != NULL) fclose(file);
    const char *only[] = {odd_dir};
    effect_host_catalog *catalog = NULL;
    effect_host_catalog_options alone = {sizeof alone, EFFECT_HOST_CATALOG_NO_DEFAULTS, only, 1, 0};
    if (say("odd name", effect_host_catalog_open(&alone, &catalog, &error))) {
        printf("odd name failures: %u\n", effect_host_catalog_failure_count(catalog));
        if (effect_host_catalog_failure_count(catalog) > 0) {
            printf("odd name failure: %s\n", effect_host_catalog_failure(catalog, 0));
            printf("odd name failure path: %s\n", effect_host_catalog_failure_path(catalog, 0));
        }
        effect_host_catalog_free(catalog);
    }

    /* A worker named by EFFECT_HOST_WORKER that is not there is said to be the reason. */
    setenv("EFFECT_HOST_WORKER", "/nonexistent/effect-host", 1);
    say("bad worker", effect_host_catalog_open(&alone, &catalog, &error));
    unsetenv("EFFECT_HOST_WORKER");
    printf("header rules: done\n");
}

int main(int argc, char **argv) {
    char path[4096];
    effect_host_catalog *catalog = NULL;
    effect_host_plugin *plugin = NULL;
    effect_host_instance *strike = NULL;
    effect_host_picture *picture = NULL;
    double width = 0, height = 0;
    if (argc != 3 && argc != 4) {
        fprintf(stderr, "usage: host_api_check PLUGIN_DIR OUT_DIR [TEST_PLUGIN_DIR]\n");
        return 2;
    }
    const char *plugin_dir = argv[1], *out_dir = argv[2];
    printf("version: %u.%u %s\n", effect_host_api_version() >> 16, effect_host_api_version() & 0xFFFF,
           effect_host_release());

    effect_host_catalog_options search = {sizeof search, 0, &plugin_dir, 1, 0};
    if (!say("catalog", effect_host_catalog_open(&search, &catalog, &error))) return 1;
    printf("catalog: %u effects\n", effect_host_catalog_effect_count(catalog));
    for (uint32_t i = 0; i < effect_host_catalog_effect_count(catalog); i++) {
        printf("effect: %s\n", effect_host_catalog_effect_id(catalog, i));
    }
    say("unknown id", effect_host_catalog_load(catalog, "strikethrough-reveel", &plugin, &error));
    if (!say("load", effect_host_catalog_load(catalog, "strikethrough-reveal", &plugin, &error))) return 1;
    effect_host_catalog_free(catalog);
    notes_check(plugin_dir, out_dir);
    metadata_check(plugin, plugin_dir);
    events_check(plugin);
    history_check(plugin);
    if (argc == 4) changed_check(plugin, argv[3]);

    /* The paths given alone: the plugin files read, and an entry that is not there. */
    const char *only[] = {plugin_dir, "/nonexistent/plugins"};
    effect_host_catalog_options alone = {sizeof alone, EFFECT_HOST_CATALOG_NO_DEFAULTS, only, 2, 0};
    if (say("catalog alone", effect_host_catalog_open(&alone, &catalog, &error))) {
        uint32_t plugins = effect_host_catalog_plugin_count(catalog), failures = effect_host_catalog_failure_count(catalog);
        printf("catalog alone: %u plugins, %u failures\n", plugins, failures);
        for (uint32_t i = 0; i < plugins; i++) printf("catalog plugin: %s\n", effect_host_catalog_plugin_path(catalog, i));
        if (failures > 0) {
            printf("catalog failure: %s\n", effect_host_catalog_failure(catalog, failures - 1));
            printf("catalog failure path: %s\n", effect_host_catalog_failure_path(catalog, failures - 1));
        }
        printf("catalog past the end: %s\n", effect_host_catalog_plugin_path(catalog, plugins) == NULL ? "NULL" : "a path");
        uint32_t searched = effect_host_catalog_searched_count(catalog);
        printf("catalog searched: %u", searched);
        for (uint32_t i = 0; i < searched; i++) printf(" %s", effect_host_catalog_searched(catalog, i));
        printf("\n");
        printf("catalog searched past the end: %s, of NULL: %u\n",
               effect_host_catalog_searched(catalog, searched) == NULL ? "NULL" : "a path", effect_host_catalog_searched_count(NULL));
        effect_host_catalog_free(catalog);
    }

    /* A frame into RGBA bytes, at two pixels a point, the default (white) ground. */
    if (!say("create", effect_host_instance_create(plugin, "strikethrough-reveal", NULL, 0, &strike, &error))) return 1;
    drawing_check(strike, plugin_dir);
    instance_drawing_check(strike);
    if (argc == 4) instance_drawing_refusals(argv[3]);
    if (!say("picture", effect_host_picture_create(strike, NULL, &picture, &error))) return 1;
    effect_host_picture_size(picture, &width, &height, &error);
    uint32_t w = 0, h = 0;
    if (!say("pixel size", effect_host_picture_pixel_size(picture, 2, &w, &h, &error))) return 1;
    printf("pixel size: %u %u of %.17g %.17g points\n", w, h, width, height);
    uint32_t huge_w = 0, huge_h = 0;
    say("pixel size huge", effect_host_picture_pixel_size(picture, 10000 / width, &huge_w, &huge_h, &error));
    say("pixel size zero", effect_host_picture_pixel_size(picture, 0, &huge_w, &huge_h, &error));
    say("pixel size NULL", effect_host_picture_pixel_size(NULL, 2, &huge_w, &huge_h, &error));
    uint8_t *rgba = calloc((size_t)w * h, 4);
    if (rgba == NULL) return 1;
    if (say("draw", effect_host_picture_draw_pixels(picture, 0.16, rgba, w, h, w * 4, EFFECT_HOST_PIXELS_RGBA_STRAIGHT,
                                                    &error))) {
        snprintf(path, sizeof path, "%s/strike.rgba", out_dir);
        printf("pixels: %u %u %s\n", w, h, write_file(path, rgba, (size_t)w * h * 4) ? "written" : "not written");
    }
    free(rgba);

    /* Half the fitted size, in the bottom-left corner, over an opaque blue frame, on a transparent ground. */
    effect_host_look clear = {sizeof clear, EFFECT_APPEARANCE_LIGHT, 0, NULL, EFFECT_HOST_GROUND_TRANSPARENT, 0};
    effect_host_picture *placed = NULL;
    uint32_t *frame = malloc(400 * 300 * 4);
    if (frame == NULL || !say("placed picture", effect_host_picture_create(strike, &clear, &placed, &error))) return 1;
    for (size_t i = 0; i < 400 * 300; i++) memcpy(&frame[i], (const uint8_t[]){0, 0, 255, 255}, 4);
    effect_host_placement corner = {sizeof corner, EFFECT_HOST_PLACE_OVER, 0.5, 0, 1};
    if (say("placed", effect_host_picture_draw_pixels_placed(placed, 0.16, frame, 400, 300, 1600, EFFECT_HOST_PIXELS_RGBA_STRAIGHT,
                                                             &corner, &error))) {
        snprintf(path, sizeof path, "%s/strike-placed.rgba", out_dir);
        printf("placed: %.6f %.6f %s\n", width, height, write_file(path, frame, 400 * 300 * 4) ? "written" : "not written");
    }
    effect_host_placement nothing = {sizeof nothing, 0, -1, 0.5, 0.5}, unknown_flag = {sizeof unknown_flag, 8, 1, 0.5, 0.5};
    say("bad placement size", effect_host_picture_draw_pixels_placed(placed, 0, frame, 400, 300, 1600, 0, &nothing, &error));
    say("bad placement flag", effect_host_picture_draw_pixels_placed(placed, 0, frame, 400, 300, 1600, 0, &unknown_flag, &error));
    free(frame);
    effect_host_picture_free(placed);

#ifdef WITH_CAIRO
    /* The same frame into a cairo surface of the program's own, scaled by its own transform. */
    cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, (int)w, (int)h);
    cairo_t *cr = cairo_create(surface);
    cairo_scale(cr, 2, 2);
    if (say("cairo", effect_host_picture_draw_cairo(picture, 0.16, cr, &error))) {
        snprintf(path, sizeof path, "%s/strike-cairo.png", out_dir);
        printf("cairo: %s\n", cairo_surface_write_to_png(surface, path) == CAIRO_STATUS_SUCCESS ? "written" : "not written");
    }
    cairo_destroy(cr);
    /* A context on a finished surface cannot take a drawing: an error, not silence. */
    cairo_surface_finish(surface);
    cr = cairo_create(surface);
    say("bad cairo finished", effect_host_picture_draw_cairo(picture, 0.16, cr, &error));
    cairo_destroy(cr);
    cairo_surface_destroy(surface);
#endif
    effect_host_picture_free(picture);

    /* Text no font has (U+F0000, a private-use character): named once, the same string each time it is read. */
    effect_host_instance *unknown = NULL;
    effect_host_picture *unknown_picture = NULL;
    const char *private_use[] = {"text=A \xF3\xB0\x80\x80"};
    if (say("missing", effect_host_instance_create_text(plugin, "strikethrough-reveal", private_use, 1, &unknown, &error)) &&
        say("missing", effect_host_picture_create(unknown, NULL, &unknown_picture, &error))) {
        const char *first = effect_host_picture_missing_characters(unknown_picture);
        const char *again = effect_host_picture_missing_characters(unknown_picture);
        printf("missing: %s, %s\n", first != NULL && first == again ? "one string" : "not one string",
               first != NULL && strstr(first, "U+F0000") != NULL ? "names U+F0000" : "does not name it");
    }
    effect_host_picture_free(unknown_picture);
    effect_host_instance_free(unknown);

    /* A family that is not installed: drawn in another, and said so once text is drawn. */
    effect_host_picture *stand_in = NULL;
    effect_host_look unknown_font = {sizeof unknown_font, EFFECT_APPEARANCE_LIGHT, 0, "No Such Family Anywhere", 0, 0};
    if (say("font", effect_host_picture_create(strike, &unknown_font, &stand_in, &error))) {
        const char *note = effect_host_picture_font_note(stand_in);
        printf("font: %s\n", note != NULL ? note : "(none)");
    }
    effect_host_picture_free(stand_in);

    /* A GIF of the breathing circles, with progress. */
    effect_host_instance *circles = NULL;
    const char *params[] = {"circle_count=4"};
    uint64_t done = 0;
    if (say("circles", effect_host_instance_create_text(plugin, "breathing-circles", params, 1, &circles, &error))) {
        printf("circles: unexpected\n");
    }
    effect_host_plugin *breathe = NULL;
    effect_host_catalog_open(&search, &catalog, &error);
    if (say("load breathe", effect_host_catalog_load(catalog, "breathing-circles", &breathe, &error))) changed_loop_check(breathe);
    if (breathe != NULL &&
        say("circles", effect_host_instance_create_text(breathe, "breathing-circles", params, 1, &circles, &error))) {
        effect_host_render_options render = {sizeof render, 0, 10, 1, 0, 1, 0, 0, count_progress, NULL, NULL, &done};
        snprintf(path, sizeof path, "%s/circles.gif", out_dir);
        if (say("gif", effect_host_render(circles, path, NULL, &render, &error))) {
            printf("gif: %llu frames\n", (unsigned long long)done);
        }
        effect_host_export_options lottie = {sizeof lottie, 0, 30, 0, 0, NULL, NULL, NULL};
        snprintf(path, sizeof path, "%s/circles.json", out_dir);
        if (say("lottie", effect_host_export(circles, path, NULL, &lottie, &error))) printf("lottie: written\n");

        /* A player that the frame callback stops after five frames. */
        uint64_t seen = 0, shown = 0;
        effect_host_play_options play = {sizeof play, EFFECT_HOST_PLAY_OFFLINE, 60, 0, stop_after_five, &seen};
        effect_host_player *player = NULL;
        if (say("player", effect_host_player_create(circles, &play, &player, &error))) {
            effect_status status = effect_host_player_run(player, &shown, NULL, &error);
            printf("player: status %d, %llu frames seen, %llu shown\n", (int)status, (unsigned long long)seen,
                   (unsigned long long)shown);
            effect_host_player_free(player);
        }
        /* Running a player from its own frame callback, and a stop on the last frame. */
        effect_host_play_options again = {sizeof again, EFFECT_HOST_PLAY_OFFLINE, 60, 0.1, run_again, NULL};
        if (say("reentry", effect_host_player_create(circles, &again, &reentered, &error))) {
            effect_host_player_run(reentered, NULL, NULL, &error);
            printf("reentry: %d\n", (int)reentry_status);
            effect_host_player_free(reentered);
        }
        effect_host_play_options last = {sizeof last, EFFECT_HOST_PLAY_OFFLINE, 60, 0.1, stop_on_last, NULL};
        if (say("last", effect_host_player_create(circles, &last, &player, &error))) {
            effect_status first = effect_host_player_run(player, &shown, NULL, &error);
            uint64_t first_shown = shown;
            effect_status second = effect_host_player_run(player, &shown, NULL, &error);
            printf("stop on the last frame: %d after %llu, then %d after %llu\n", (int)first, (unsigned long long)first_shown,
                   (int)second, (unsigned long long)shown);
            effect_host_player_free(player);
        }
        effect_host_instance_free(circles);
    }
    effect_host_catalog_free(catalog);
    effect_host_plugin_free(breathe);

    bad_input(plugin, strike, out_dir);
    header_rules(strike, out_dir);

    /* The plugin file itself, validated; the report as data. */
    effect_host_report *report = NULL;
    const char *files[] = {effect_host_plugin_path(plugin)};
    effect_host_validate_options check = {sizeof check, 0, 7, 0};
    if (say("validate", effect_host_validate(files, 1, &check, &report, &error))) {
        effect_host_check_result result = {sizeof result, 0, NULL, NULL, NULL, NULL};
        effect_host_report_check(report, 0, &result, &error);
        printf("validate: failed %d, %u checks, first %s %s, json %s\n", effect_host_report_failed(report),
               effect_host_report_check_count(report), result.check, result.status,
               strstr(effect_host_report_json(report), "\"seed\": 7") != NULL ? "has seed" : "lacks seed");
        effect_host_report_free(report);
    }
    effect_host_instance_free(strike);
    effect_host_plugin_free(plugin);
    return 0;
}
