/*
 * render_cancel_leaks.c: renders cancelled by the cancel callback and by a
 * stop signal leave nothing behind in memory, for every target, for
 * Tests/Pictures/test_host_library.py, which runs it under LeakSanitizer
 * with 1 and with 3 renders and asks that the leak report stay the same.
 *
 *   render_cancel_leaks PLUGIN_DIR OUT_DIR TARGET ROUTE RENDERS
 *
 * TARGET is a name under OUT_DIR ("svg/", "png/" for PNG frames, "page.html",
 * "a.gif", "a.mp4", ...); ROUTE is "callback" (the cancel callback says
 * stop before the fourth frame) or "signal" (SIGINT, sent to the process
 * from the progress callback after the third frame, with
 * EFFECT_HOST_RENDER_HEAR_SIGNALS). Prints "render N: STATUS MESSAGE" per
 * render and exits at once, as a program that renders and quits does.
 * Built with -Wall -Wextra -Werror -fsanitize=address,undefined.
 */
#define _POSIX_C_SOURCE 200809L
#include "effect_host.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static effect_error error = {sizeof(effect_error), 0, {0}};

static int stop_before_the_fourth(void *context) {
    int *asked = context;
    return ++*asked > 3;
}

static void signal_after_the_third(void *context, uint64_t done, uint64_t total) {
    (void)context;
    (void)total;
    /* To the process, not this thread: the host's threads block signals. */
    if (done == 3) kill(getpid(), SIGINT);
}

int main(int argc, char **argv) {
    if (argc != 6) {
        fprintf(stderr, "usage: render_cancel_leaks PLUGIN_DIR OUT_DIR TARGET ROUTE RENDERS\n");
        return 2;
    }
    const char *plugin_dir = argv[1], *out_dir = argv[2], *target = argv[3], *route = argv[4];
    int renders = atoi(argv[5]);
    int by_signal = strcmp(route, "signal") == 0;
    char path[4096], plugin_path[4096];
    setvbuf(stdout, NULL, _IONBF, 0);

    snprintf(plugin_path, sizeof plugin_path, "%s/libBreathe.so", plugin_dir);
    effect_host_plugin *plugin = NULL;
    effect_host_instance *circles = NULL;
    if (effect_host_plugin_open(plugin_path, 0, &plugin, &error) != EFFECT_OK ||
        effect_host_instance_create(plugin, "breathing-circles", NULL, 0, &circles, &error) != EFFECT_OK) {
        fprintf(stderr, "render_cancel_leaks: %s\n", error.message);
        return 1;
    }
    snprintf(path, sizeof path, "%s/%s", out_dir, target);
    /* A minute at 10 fps: 601 frames, far more than a cancel lets through. */
    effect_host_render_options options = {sizeof options, 0, 10, 60, 0, 0, 0, 0, NULL, NULL, NULL, NULL};
    if (strcmp(target, "png/") == 0) options.flags |= EFFECT_HOST_RENDER_PNG_FRAMES;
    if (by_signal) {
        options.flags |= EFFECT_HOST_RENDER_HEAR_SIGNALS;
        options.progress = signal_after_the_third;
    } else {
        options.cancel = stop_before_the_fourth;
    }
    for (int i = 0; i < renders; i++) {
        int asked = 0;
        options.context = &asked;
        effect_status status = effect_host_render(circles, path, NULL, &options, &error);
        printf("render %d: %d %s\n", i + 1, (int)status, error.message);
    }
    effect_host_instance_free(circles);
    effect_host_plugin_free(plugin);
    return 0;
}
