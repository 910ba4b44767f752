/*
 * host_api_check.c: drives effect_host.h as a C program would, for
 * Tests/Pictures/test_host_library.py, which decodes what it writes.
 *
 *   host_api_check PLUGIN_DIR OUT_DIR
 *
 * Prints one line per step ("name: ..." or "name: status N: message").
 * Built with -Wall -Wextra -Werror (and under ASan and UBSan) against
 * include/ and libeffecthost.so; with -DWITH_CAIRO it also draws into a
 * cairo image surface of its own.
 */
#include "effect_host.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

int main(int argc, char **argv) {
    char path[4096];
    effect_host_catalog *catalog = NULL;
    effect_host_plugin *plugin = NULL;
    effect_host_instance *strike = NULL;
    effect_host_picture *picture = NULL;
    double width = 0, height = 0;
    if (argc != 3) {
        fprintf(stderr, "usage: host_api_check PLUGIN_DIR OUT_DIR\n");
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
        effect_host_catalog_free(catalog);
    }

    /* A frame into RGBA bytes, at two pixels a point, the default (white) ground. */
    if (!say("create", effect_host_instance_create(plugin, "strikethrough-reveal", NULL, 0, &strike, &error))) return 1;
    if (!say("picture", effect_host_picture_create(strike, NULL, &picture, &error))) return 1;
    effect_host_picture_size(picture, &width, &height, &error);
    uint32_t w = (uint32_t)(width * 2 + 0.999), h = (uint32_t)(height * 2 + 0.999);
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
    effect_host_placement nothing = {sizeof nothing, 0, 0, 0.5, 0.5}, unknown_flag = {sizeof unknown_flag, 8, 1, 0.5, 0.5};
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
    if (say("load breathe", effect_host_catalog_load(catalog, "breathing-circles", &breathe, &error)) &&
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
