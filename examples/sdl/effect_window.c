/*
 * effect_window.c: an effect playing live in a window, drawn by the host
 * library (effect_host.h) into an SDL texture on every frame of SDL's own
 * loop. Params come from the command line; a key press is an event (for
 * an effect with a `done` param, such as strikethrough-reveal, Space
 * toggles it); the picture follows the window's size.
 *
 *   effect_window EFFECT [NAME=VALUE ...] [--size WxH]
 *                 [--press T:KEY ...] [--screenshot T OUT.rgba]
 *
 *   Space    toggle `done`          Escape, q   quit
 *
 * --press pushes a key press into SDL's event queue when the effect's
 * clock reaches T (a demo, or a test, with no one at the keyboard).
 * --screenshot reads the window's pixels back at T, writes them to OUT as
 * RGBA bytes, prints "WIDTH HEIGHT" and quits; with SDL's dummy video
 * driver (SDL_VIDEODRIVER=dummy) that needs no display.
 *
 * Build (from a checkout, after `swift build`; Debian's libsdl2-dev):
 *   cc -std=c99 -Wall -Wextra -Werror -Iinclude examples/sdl/effect_window.c \
 *      -L.build/debug -Wl,-rpath,"$PWD/.build/debug" -leffecthost $(pkg-config --cflags --libs sdl2) \
 *      -o .build/effect_window
 */
#include "effect_host.h"

#include <SDL.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_PRESSES 16

typedef struct press {
    double t;
    SDL_Keycode key;
    int sent;
} press;

static int fail(const char *what, const char *why) {
    fprintf(stderr, "effect_window: %s: %s\n", what, why);
    return 1;
}

static SDL_Keycode key_named(const char *name) {
    if (strcmp(name, "space") == 0) return SDLK_SPACE;
    if (strcmp(name, "escape") == 0) return SDLK_ESCAPE;
    return SDL_GetKeyFromName(name);
}

/* Space: the effect's `done`, flipped from now on. */
static void toggle_done(effect_host_instance *instance, int *done, double t) {
    effect_error error = {sizeof error, 0, {0}};
    if (effect_host_instance_set_param_text(instance, *done ? "done=false" : "done=true", t, &error) == EFFECT_OK) {
        *done = !*done;
    } else {
        fprintf(stderr, "effect_window: %s\n", error.message);
    }
}

/* The window's pixels as RGBA bytes, for --screenshot. */
static int screenshot(SDL_Renderer *renderer, int width, int height, const char *path) {
    uint8_t *pixels = malloc((size_t)width * height * 4);
    if (pixels == NULL) return fail("screenshot", "out of memory");
    if (SDL_RenderReadPixels(renderer, NULL, SDL_PIXELFORMAT_ABGR8888, pixels, width * 4) != 0) {
        free(pixels);
        return fail("screenshot", SDL_GetError());
    }
    FILE *file = fopen(path, "wb");
    size_t written = file != NULL ? fwrite(pixels, 4, (size_t)width * height, file) : 0;
    int closed = file != NULL && fclose(file) == 0;
    free(pixels);
    if (!closed || written != (size_t)width * height) return fail(path, "cannot be written");
    printf("%d %d\n", width, height);
    return 0;
}

int main(int argc, char **argv) {
    effect_error error = {sizeof error, 0, {0}};
    const char *params[64];
    uint32_t param_count = 0;
    press presses[MAX_PRESSES];
    int press_count = 0, width = 0, height = 0;
    double shot_at = -1;
    const char *shot_path = NULL;
    if (argc < 2) {
        fprintf(stderr, "usage: effect_window EFFECT [NAME=VALUE ...] [--size WxH] [--press T:KEY ...] [--screenshot T OUT.rgba]\n");
        return 2;
    }
    for (int i = 2; i < argc; i++) {
        char key[32];
        if (strcmp(argv[i], "--size") == 0 && i + 1 < argc) {
            if (sscanf(argv[++i], "%dx%d", &width, &height) != 2 || width < 1 || height < 1) return fail("--size", "needs WxH");
        } else if (strcmp(argv[i], "--press") == 0 && i + 1 < argc && press_count < MAX_PRESSES) {
            press *next = &presses[press_count++];
            if (sscanf(argv[++i], "%lf:%31s", &next->t, key) != 2) return fail("--press", "needs T:KEY");
            next->key = key_named(key);
            next->sent = 0;
        } else if (strcmp(argv[i], "--screenshot") == 0 && i + 2 < argc) {
            shot_at = atof(argv[++i]);
            shot_path = argv[++i];
        } else if (param_count < 64) {
            params[param_count++] = argv[i];
        }
    }

    effect_host_catalog_options search = {sizeof search, 0, NULL, 0, 1};
    effect_host_catalog *catalog = NULL;
    effect_host_plugin *plugin = NULL;
    effect_host_instance *instance = NULL;
    effect_host_picture *picture = NULL;
    if (effect_host_catalog_open(&search, &catalog, &error) != EFFECT_OK) return fail("plugins", error.message);
    effect_status status = effect_host_catalog_load(catalog, argv[1], &plugin, &error);
    effect_host_catalog_free(catalog);
    if (status != EFFECT_OK) return fail("load", error.message);
    if (effect_host_instance_create_text(plugin, argv[1], params, param_count, &instance, &error) != EFFECT_OK)
        return fail("create", error.message);
    if (effect_host_picture_create(instance, NULL, &picture, &error) != EFFECT_OK) return fail("picture", error.message);
    double points_wide, points_high;
    effect_host_picture_size(picture, &points_wide, &points_high, &error);
    if (width == 0) width = (int)(points_wide * 2 + 0.999), height = (int)(points_high * 2 + 0.999);

    if (SDL_Init(SDL_INIT_VIDEO) != 0) return fail("SDL", SDL_GetError());
    SDL_Window *window = SDL_CreateWindow(argv[1], SDL_WINDOWPOS_UNDEFINED, SDL_WINDOWPOS_UNDEFINED, width, height,
                                          SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI);
    SDL_Renderer *renderer = window != NULL ? SDL_CreateRenderer(window, -1, SDL_RENDERER_PRESENTVSYNC) : NULL;
    if (renderer == NULL) renderer = window != NULL ? SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE) : NULL;
    if (renderer == NULL) return fail("SDL", SDL_GetError());

    /* SDL's ARGB8888 is a native-endian 32-bit ARGB word: cairo's layout, drawn into in place. */
    SDL_Texture *texture = NULL;
    int texture_width = 0, texture_height = 0, done = 1, running = 1, result = 0;
    Uint64 start = SDL_GetPerformanceCounter(), frequency = SDL_GetPerformanceFrequency();
    /* SDL_PushEvent stamps an event with SDL's own clock, so the times of
     * the presses pushed for --screenshot wait here, in the queue's order. */
    double pushed_at[MAX_PRESSES];
    int pushed_first = 0, pushed_count = 0;
    while (running) {
        double t = shot_path != NULL ? 0 : (double)(SDL_GetPerformanceCounter() - start) / (double)frequency;
        for (int i = 0; i < press_count; i++) {
            if (presses[i].sent || (shot_path == NULL ? t : shot_at) < presses[i].t) continue;
            SDL_Event event;
            memset(&event, 0, sizeof event);
            event.type = SDL_KEYDOWN;
            event.key.keysym.sym = presses[i].key;
            if (SDL_PushEvent(&event) == 1) pushed_at[pushed_count++] = presses[i].t;
            presses[i].sent = 1;
        }
        SDL_Event event;
        while (SDL_PollEvent(&event)) {
            if (event.type == SDL_QUIT) running = 0;
            if (event.type != SDL_KEYDOWN) continue;
            if (event.key.keysym.sym == SDLK_ESCAPE || event.key.keysym.sym == SDLK_q) running = 0;
            /* A pushed press happens at its own time; a real one now. */
            double at = shot_path != NULL && pushed_first < pushed_count ? pushed_at[pushed_first++] : t;
            if (event.key.keysym.sym == SDLK_SPACE) toggle_done(instance, &done, at);
        }
        if (shot_path != NULL) t = shot_at;

        int output_width, output_height;
        SDL_GetRendererOutputSize(renderer, &output_width, &output_height);
        if (texture == NULL || output_width != texture_width || output_height != texture_height) {
            SDL_DestroyTexture(texture);
            texture = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_STREAMING, output_width,
                                        output_height);
            if (texture == NULL) return fail("SDL", SDL_GetError());
            texture_width = output_width;
            texture_height = output_height;
        }
        void *pixels;
        int pitch;
        if (SDL_LockTexture(texture, NULL, &pixels, &pitch) != 0) return fail("SDL", SDL_GetError());
        status = effect_host_picture_draw_pixels(picture, t, pixels, (uint32_t)texture_width, (uint32_t)texture_height,
                                                 (uint32_t)pitch, EFFECT_HOST_PIXELS_ARGB32_PREMULTIPLIED, &error);
        SDL_UnlockTexture(texture);
        if (status != EFFECT_OK) return fail("draw", error.message);
        SDL_RenderClear(renderer);
        SDL_RenderCopy(renderer, texture, NULL, NULL);
        if (shot_path != NULL) {
            result = screenshot(renderer, texture_width, texture_height, shot_path);
            break;
        }
        SDL_RenderPresent(renderer);
        /* Without vsync (a software renderer), about 60 frames a second. */
        double frame_took = (double)(SDL_GetPerformanceCounter() - start) / (double)frequency - t;
        if (frame_took < 1.0 / 60) SDL_Delay((Uint32)((1.0 / 60 - frame_took) * 1000));
    }
    SDL_DestroyTexture(texture);
    SDL_DestroyRenderer(renderer);
    SDL_DestroyWindow(window);
    SDL_Quit();
    effect_host_picture_free(picture);
    effect_host_instance_free(instance);
    effect_host_plugin_free(plugin);
    return result;
}
