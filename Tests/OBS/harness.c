/*
 * harness.c: headless libobs for the OBS module's tests.
 *
 * Starts Debian's libobs as the `obs` program does (X11 + EGL on Xvfb's
 * display, OpenGL through Mesa's llvmpipe), loads modules, then reads one
 * command a line on stdin and answers one line on stdout ("ok ..." or
 * "error ..."; `types`, `props` and `log` answer several lines and then
 * "end"). OBS's log goes to stderr and is kept for `log`.
 *
 *   harness [--module FILE DATA_DIR]... [--user-plugins DIR] [--config DIR] [--fps N]
 *
 * --module opens one module file (obs_open_module); --user-plugins adds
 * DIR/%module%/bin/64bit and DIR/%module%/data, the per-user folder the
 * `obs` program adds, and loads every module found (obs_load_all_modules,
 * which also searches libobs's own folders); --config is the modules'
 * config folder (obs_module_config_path).
 *
 * Commands (NAME is a source's name, JSON a settings object on one line):
 *   types                      every input type: "ID<TAB>NAME<TAB>FLAGS", then end
 *   create NAME TYPE JSON      a source of TYPE with JSON's settings
 *   load JSON                  a source as a saved scene holds it (obs_load_source)
 *   save NAME                  the source as a scene saves it: "ok JSON"
 *   update NAME JSON           obs_source_update, then waits for the frame that applies it
 *   reset NAME KEY             the setting back to its default (OBS's Defaults button
 *                              does it to them all), applied as update is
 *   show NAME / hide NAME      obs_source_inc_showing / dec_showing, then waits for the
 *                              frame whose tick calls the source's show or hide
 *   activate NAME / deactivate NAME  the same for activate and deactivate
 *   pause NAME / play NAME     OBS's media controls
 *   seek NAME MS / restart NAME
 *   time NAME / duration NAME / state NAME / size NAME
 *   frame                      waits for the next video frame
 *   sleep MS
 *   render NAME PATH           the source's own texture, alone, read back as
 *                              R,G,B,A bytes (premultiplied) into PATH: "ok W H"
 *   cost NAME FRAMES [FROM_MS] seeks to FRAMES times 1/60 s apart from FROM_MS
 *                              (default 0) and renders the source at each, as
 *                              OBS's video_render does, timing each render (the
 *                              source's drawing and texture upload) on this
 *                              thread's CPU clock: "ok MEDIAN_MS MAX_MS"
 *   props NAME                 the source's properties, one a line, then end
 *   defaults TYPE              obs_get_source_defaults as JSON
 *   hotkey NAME HOTKEY         presses and releases the source's hotkey
 *   button NAME PROPERTY       clicks a button property
 *   scene NAME                 an empty scene (a source named NAME, 1920 x 1080)
 *   add SCENE NAME X Y [SCALE] puts source NAME in the scene at (X, Y), scaled by SCALE
 *   program NAME               makes NAME the program's output (shown and active), as
 *                              OBS does for the current scene; "program -" clears it
 *   remove NAME                releases the source
 *   log                        OBS's log lines since the last `log`, then end
 *   quit
 */
#define _GNU_SOURCE
#include <obs.h>
#include <obs-nix-platform.h>
#include <graphics/graphics.h>
#include <util/base.h>
#include <util/platform.h>
#include <X11/Xlib.h>

#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAX_SOURCES 64

static struct {
    char name[128];
    obs_source_t *source;
} sources[MAX_SOURCES];

static pthread_mutex_t log_lock = PTHREAD_MUTEX_INITIALIZER;
static char *kept_log;
static size_t kept_length;

static void log_handler(int level, const char *format, va_list args, void *param) {
    (void)param;
    char line[8192];
    vsnprintf(line, sizeof line, format, args);
    const char *tag = level <= LOG_ERROR ? "error" : level <= LOG_WARNING ? "warning" : level <= LOG_INFO ? "info" : "debug";
    fprintf(stderr, "%s: %s\n", tag, line);
    pthread_mutex_lock(&log_lock);
    size_t n = strlen(tag) + strlen(line) + 3;
    kept_log = realloc(kept_log, kept_length + n + 1);
    if (kept_log != NULL) {
        snprintf(kept_log + kept_length, n + 1, "%s: %s\n", tag, line);
        kept_length += n;
    }
    pthread_mutex_unlock(&log_lock);
}

static obs_source_t *find(const char *name) {
    for (int i = 0; i < MAX_SOURCES; i++)
        if (sources[i].source != NULL && strcmp(sources[i].name, name) == 0) return sources[i].source;
    return NULL;
}

static void keep(obs_source_t *source) {
    for (int i = 0; i < MAX_SOURCES; i++)
        if (sources[i].source == NULL) {
            snprintf(sources[i].name, sizeof sources[i].name, "%s", obs_source_get_name(source));
            sources[i].source = source;
            return;
        }
    obs_source_release(source);
}

static void next_frame(void) {
    uint64_t start = obs_get_video_frame_time();
    while (obs_get_video_frame_time() == start) os_sleep_ms(1);
    /* The frame's ticks run after its time is taken: let them finish. */
    os_sleep_ms(20);
}

static bool render_source(obs_source_t *source, uint32_t w, uint32_t h, uint8_t *out) {
    bool ok = false;
    obs_enter_graphics();
    gs_texrender_t *target = gs_texrender_create(GS_RGBA, GS_ZS_NONE);
    gs_stagesurf_t *stage = gs_stagesurface_create(w, h, GS_RGBA);
    if (gs_texrender_begin(target, w, h)) {
        struct vec4 clear;
        vec4_zero(&clear);
        gs_clear(GS_CLEAR_COLOR, &clear, 0.0f, 0);
        gs_ortho(0.0f, (float)w, 0.0f, (float)h, -100.0f, 100.0f);
        gs_blend_state_push();
        gs_blend_function(GS_BLEND_ONE, GS_BLEND_INVSRCALPHA);
        obs_source_video_render(source);
        gs_blend_state_pop();
        gs_texrender_end(target);
        gs_stage_texture(stage, gs_texrender_get_texture(target));
        uint8_t *data;
        uint32_t linesize;
        if (gs_stagesurface_map(stage, &data, &linesize)) {
            for (uint32_t y = 0; y < h; y++) memcpy(out + (size_t)y * w * 4, data + (size_t)y * linesize, (size_t)w * 4);
            gs_stagesurface_unmap(stage);
            ok = true;
        }
    }
    gs_stagesurface_destroy(stage);
    gs_texrender_destroy(target);
    obs_leave_graphics();
    return ok;
}

typedef struct hotkey_search {
    obs_source_t *source;
    const char *name;
    obs_hotkey_id id;
} hotkey_search;

static bool find_hotkey(void *data, obs_hotkey_id id, obs_hotkey_t *key) {
    hotkey_search *search = data;
    if (obs_hotkey_get_registerer_type(key) != OBS_HOTKEY_REGISTERER_SOURCE) return true;
    obs_weak_source_t *weak = obs_hotkey_get_registerer(key);
    obs_source_t *owner = obs_weak_source_get_source(weak);
    bool match = owner == search->source && strcmp(obs_hotkey_get_name(key), search->name) == 0;
    obs_source_release(owner);
    if (match) {
        search->id = id;
        return false;
    }
    return true;
}

static const char *property_type(enum obs_property_type type) {
    switch (type) {
    case OBS_PROPERTY_BOOL: return "bool";
    case OBS_PROPERTY_INT: return "int";
    case OBS_PROPERTY_FLOAT: return "float";
    case OBS_PROPERTY_TEXT: return "text";
    case OBS_PROPERTY_PATH: return "path";
    case OBS_PROPERTY_LIST: return "list";
    case OBS_PROPERTY_COLOR: return "color";
    case OBS_PROPERTY_BUTTON: return "button";
    case OBS_PROPERTY_FONT: return "font";
    case OBS_PROPERTY_COLOR_ALPHA: return "color_alpha";
    case OBS_PROPERTY_GROUP: return "group";
    default: return "other";
    }
}

/* One property a line: NAME, TYPE, DESCRIPTION, then what its type has
 * (a number's min, max, step and suffix and whether it is a slider; a
 * text's kind; a list's items as LABEL=VALUE), tab-separated. */
static void print_properties(obs_properties_t *props, const char *group) {
    for (obs_property_t *p = obs_properties_first(props); p != NULL; obs_property_next(&p)) {
        enum obs_property_type type = obs_property_get_type(p);
        printf("%s\t%s\t%s\t%s\t%s", obs_property_name(p), property_type(type), obs_property_description(p), group,
               obs_property_visible(p) ? "visible" : "hidden");
        if (type == OBS_PROPERTY_FLOAT)
            printf("\t%.17g\t%.17g\t%.17g\t%s\t%s", obs_property_float_min(p), obs_property_float_max(p),
                   obs_property_float_step(p), obs_property_float_suffix(p) ? obs_property_float_suffix(p) : "",
                   obs_property_float_type(p) == OBS_NUMBER_SLIDER ? "slider" : "scroller");
        else if (type == OBS_PROPERTY_INT)
            printf("\t%d\t%d\t%d\t%s\t%s", obs_property_int_min(p), obs_property_int_max(p), obs_property_int_step(p),
                   obs_property_int_suffix(p) ? obs_property_int_suffix(p) : "",
                   obs_property_int_type(p) == OBS_NUMBER_SLIDER ? "slider" : "scroller");
        else if (type == OBS_PROPERTY_TEXT)
            printf("\t%s", obs_property_text_type(p) == OBS_TEXT_MULTILINE ? "multiline"
                           : obs_property_text_type(p) == OBS_TEXT_INFO ? "info"
                                                                        : "line");
        else if (type == OBS_PROPERTY_LIST)
            for (size_t i = 0; i < obs_property_list_item_count(p); i++)
                printf("\t%s=%s", obs_property_list_item_name(p, i), obs_property_list_item_string(p, i));
        const char *doc = obs_property_long_description(p);
        printf("\t%s\n", doc ? doc : "");
        if (type == OBS_PROPERTY_GROUP) print_properties(obs_property_group_content(p), obs_property_name(p));
    }
}

static double thread_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static int compare_doubles(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static void answer(const char *format, ...) {
    va_list args;
    va_start(args, format);
    vprintf(format, args);
    va_end(args);
    putchar('\n');
    fflush(stdout);
}

static void run(char *line) {
    char *command = line, *space = strchr(line, ' '), *rest = NULL;
    if (space != NULL) {
        *space = 0;
        rest = space + 1;
    }
    if (strcmp(command, "load") == 0) {
        obs_data_t *data = rest ? obs_data_create_from_json(rest) : NULL;
        if (data == NULL) return answer("error load needs a source's JSON");
        obs_source_t *loaded = obs_load_source(data);
        obs_data_release(data);
        if (loaded == NULL) return answer("error obs_load_source returned NULL");
        keep(loaded);
        return answer("ok %s", obs_source_get_id(loaded));
    }
    char *name = rest ? strtok(rest, " ") : NULL, *argument = name ? strtok(NULL, "") : NULL;
    obs_source_t *source = name ? find(name) : NULL;

    if (strcmp(command, "types") == 0) {
        const char *id;
        for (size_t i = 0; obs_enum_input_types(i, &id); i++)
            printf("%s\t%s\t%u\n", id, obs_source_get_display_name(id), obs_get_source_output_flags(id));
        return answer("end");
    }
    if (strcmp(command, "frame") == 0) {
        next_frame();
        return answer("ok");
    }
    if (strcmp(command, "sleep") == 0) {
        os_sleep_ms((uint32_t)atoi(name ? name : "0"));
        return answer("ok");
    }
    if (strcmp(command, "log") == 0) {
        pthread_mutex_lock(&log_lock);
        if (kept_log != NULL) fputs(kept_log, stdout);
        free(kept_log);
        kept_log = NULL;
        kept_length = 0;
        pthread_mutex_unlock(&log_lock);
        return answer("end");
    }
    if (strcmp(command, "defaults") == 0) {
        obs_data_t *defaults = name ? obs_get_source_defaults(name) : NULL;
        if (defaults == NULL) return answer("error no type '%s'", name ? name : "");
        /* As values: a JSON of defaults alone is empty. */
        obs_data_t *values = obs_data_get_defaults(defaults);
        answer("ok %s", obs_data_get_json(values));
        obs_data_release(values);
        obs_data_release(defaults);
        return;
    }
    if (strcmp(command, "create") == 0) {
        char *type = argument ? strtok(argument, " ") : NULL, *json = type ? strtok(NULL, "") : NULL;
        obs_data_t *settings = json ? obs_data_create_from_json(json) : obs_data_create();
        if (name == NULL || type == NULL || settings == NULL) return answer("error create NAME TYPE JSON");
        obs_source_t *made = obs_source_create(type, name, settings, NULL);
        obs_data_release(settings);
        if (made == NULL) return answer("error no source made");
        keep(made);
        return answer("ok %s", obs_source_get_id(made));
    }
    if (strcmp(command, "scene") == 0) {
        if (name == NULL || find(name) != NULL) return answer("error scene NAME (a new name)");
        obs_scene_t *scene = obs_scene_create(name);
        keep(obs_source_get_ref(obs_scene_get_source(scene)));
        obs_scene_release(scene);
        return answer("ok");
    }
    if (strcmp(command, "program") == 0) {
        obs_set_output_source(0, source);
        next_frame();
        return answer("ok");
    }
    if (strcmp(command, "quit") == 0) return;
    if (source == NULL) return answer("error no source '%s'", name ? name : "");

    if (strcmp(command, "save") == 0) {
        obs_data_t *saved = obs_save_source(source);
        answer("ok %s", obs_data_get_json(saved));
        obs_data_release(saved);
    } else if (strcmp(command, "update") == 0) {
        obs_data_t *settings = argument ? obs_data_create_from_json(argument) : NULL;
        if (settings == NULL) return answer("error update NAME JSON");
        obs_source_update(source, settings);
        obs_data_release(settings);
        next_frame();
        answer("ok");
    } else if (strcmp(command, "reset") == 0) {
        if (argument == NULL) return answer("error reset NAME KEY");
        obs_data_t *settings = obs_source_get_settings(source);
        obs_data_unset_user_value(settings, argument);
        obs_data_release(settings);
        obs_source_update(source, NULL);
        next_frame();
        answer("ok");
    } else if (strcmp(command, "show") == 0) {
        obs_source_inc_showing(source);
        next_frame();
        answer("ok");
    } else if (strcmp(command, "hide") == 0) {
        obs_source_dec_showing(source);
        next_frame();
        answer("ok");
    } else if (strcmp(command, "activate") == 0) {
        obs_source_inc_active(source);
        next_frame();
        answer("ok");
    } else if (strcmp(command, "deactivate") == 0) {
        obs_source_dec_active(source);
        next_frame();
        answer("ok");
    } else if (strcmp(command, "pause") == 0 || strcmp(command, "play") == 0) {
        obs_source_media_play_pause(source, strcmp(command, "pause") == 0);
        answer("ok");
    } else if (strcmp(command, "seek") == 0) {
        obs_source_media_set_time(source, argument ? atoll(argument) : 0);
        answer("ok");
    } else if (strcmp(command, "restart") == 0) {
        obs_source_media_restart(source);
        answer("ok");
    } else if (strcmp(command, "time") == 0) {
        answer("ok %lld", (long long)obs_source_media_get_time(source));
    } else if (strcmp(command, "duration") == 0) {
        answer("ok %lld", (long long)obs_source_media_get_duration(source));
    } else if (strcmp(command, "state") == 0) {
        answer("ok %d", (int)obs_source_media_get_state(source));
    } else if (strcmp(command, "size") == 0) {
        answer("ok %u %u", obs_source_get_width(source), obs_source_get_height(source));
    } else if (strcmp(command, "render") == 0) {
        uint32_t w = obs_source_get_width(source), h = obs_source_get_height(source);
        if (argument == NULL || w == 0 || h == 0) return answer("error nothing to render (%u x %u)", w, h);
        uint8_t *pixels = malloc((size_t)w * h * 4);
        FILE *f = fopen(argument, "wb");
        bool ok = pixels != NULL && f != NULL && render_source(source, w, h, pixels) &&
                  fwrite(pixels, 4, (size_t)w * h, f) == (size_t)w * h;
        if (f != NULL) fclose(f);
        free(pixels);
        if (ok) answer("ok %u %u", w, h);
        else answer("error could not render");
    } else if (strcmp(command, "cost") == 0) {
        char *count = argument ? strtok(argument, " ") : NULL, *from = strtok(NULL, " ");
        int frames = count ? atoi(count) : 0;
        long long start_ms = from ? atoll(from) : 0;
        if (frames <= 0 || frames > 100000) return answer("error cost NAME FRAMES [FROM_MS]");
        double *times = calloc((size_t)frames, sizeof *times), worst = 0;
        uint32_t w = obs_source_get_width(source), h = obs_source_get_height(source);
        for (int i = 0; i < frames; i++) {
            obs_source_media_set_time(source, (int64_t)(start_ms + i * 1000 / 60));
            uint32_t fw = obs_source_get_width(source), fh = obs_source_get_height(source);
            if (fw != w || fh != h) w = fw, h = fh;
            obs_enter_graphics();
            gs_texrender_t *target = gs_texrender_create(GS_RGBA, GS_ZS_NONE);
            double start = thread_ms();
            if (gs_texrender_begin(target, w, h)) {
                gs_ortho(0.0f, (float)w, 0.0f, (float)h, -100.0f, 100.0f);
                obs_source_video_render(source);
                gs_texrender_end(target);
            }
            times[i] = thread_ms() - start;
            gs_texrender_destroy(target);
            obs_leave_graphics();
            if (times[i] > worst) worst = times[i];
        }
        qsort(times, (size_t)frames, sizeof *times, compare_doubles);
        answer("ok %.4f %.4f", times[frames / 2], worst);
        free(times);
    } else if (strcmp(command, "props") == 0) {
        obs_properties_t *props = obs_source_properties(source);
        print_properties(props, "");
        obs_properties_destroy(props);
        answer("end");
    } else if (strcmp(command, "hotkey") == 0) {
        hotkey_search search = {source, argument ? argument : "", OBS_INVALID_HOTKEY_ID};
        obs_enum_hotkeys(find_hotkey, &search);
        if (search.id == OBS_INVALID_HOTKEY_ID) return answer("error no hotkey '%s'", search.name);
        obs_hotkey_trigger_routed_callback(search.id, true);
        obs_hotkey_trigger_routed_callback(search.id, false);
        answer("ok");
    } else if (strcmp(command, "button") == 0) {
        obs_properties_t *props = obs_source_properties(source);
        obs_property_t *button = argument ? obs_properties_get(props, argument) : NULL;
        if (button == NULL || obs_property_get_type(button) != OBS_PROPERTY_BUTTON) {
            obs_properties_destroy(props);
            return answer("error no button '%s'", argument ? argument : "");
        }
        obs_property_button_clicked(button, source);
        obs_properties_destroy(props);
        answer("ok");
    } else if (strcmp(command, "add") == 0) {
        char *what = argument ? strtok(argument, " ") : NULL, *x = strtok(NULL, " "), *y = strtok(NULL, " "),
             *scale = strtok(NULL, " ");
        obs_scene_t *scene = obs_scene_from_source(source);
        obs_source_t *item_source = what ? find(what) : NULL;
        if (scene == NULL || item_source == NULL || x == NULL || y == NULL)
            return answer("error add SCENE NAME X Y [SCALE]");
        obs_sceneitem_t *item = obs_scene_add(scene, item_source);
        struct vec2 position = {{{(float)atof(x), (float)atof(y)}}};
        obs_sceneitem_set_pos(item, &position);
        if (scale != NULL) {
            struct vec2 factor = {{{(float)atof(scale), (float)atof(scale)}}};
            obs_sceneitem_set_scale(item, &factor);
        }
        answer("ok");
    } else if (strcmp(command, "remove") == 0) {
        for (int i = 0; i < MAX_SOURCES; i++)
            if (sources[i].source == source) sources[i].source = NULL;
        obs_source_release(source);
        answer("ok");
    } else {
        answer("error unknown command '%s'", command);
    }
}

int main(int argc, char **argv) {
    const char *modules[16][2];
    int module_count = 0;
    const char *user_plugins = NULL, *config = NULL;
    int fps = 60;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--module") == 0 && i + 2 < argc && module_count < 16) {
            modules[module_count][0] = argv[i + 1];
            modules[module_count][1] = argv[i + 2];
            module_count++;
            i += 2;
        } else if (strcmp(argv[i], "--user-plugins") == 0 && i + 1 < argc) {
            user_plugins = argv[++i];
        } else if (strcmp(argv[i], "--config") == 0 && i + 1 < argc) {
            config = argv[++i];
        } else if (strcmp(argv[i], "--fps") == 0 && i + 1 < argc) {
            fps = atoi(argv[++i]);
        } else {
            fprintf(stderr, "usage: harness [--module FILE DATA_DIR]... [--user-plugins DIR] [--config DIR] [--fps N]\n");
            return 2;
        }
    }
    base_set_log_handler(log_handler, NULL);
    Display *display = XOpenDisplay(NULL);
    if (display == NULL) {
        fprintf(stderr, "harness: no X display (run it under xvfb-run)\n");
        return 1;
    }
    obs_set_nix_platform(OBS_NIX_PLATFORM_X11_EGL);
    obs_set_nix_platform_display(display);
    if (!obs_startup("en-US", config, NULL)) {
        fprintf(stderr, "harness: obs_startup failed\n");
        return 1;
    }
    struct obs_video_info video = {
        .graphics_module = "libobs-opengl.so.1",
        .fps_num = (uint32_t)fps,
        .fps_den = 1,
        .base_width = 1920,
        .base_height = 1080,
        .output_width = 1920,
        .output_height = 1080,
        .output_format = VIDEO_FORMAT_RGBA,
        .adapter = 0,
        .gpu_conversion = true,
        .colorspace = VIDEO_CS_SRGB,
        .range = VIDEO_RANGE_FULL,
        .scale_type = OBS_SCALE_BILINEAR,
    };
    if (obs_reset_video(&video) != OBS_VIDEO_SUCCESS) {
        fprintf(stderr, "harness: obs_reset_video failed\n");
        return 1;
    }
    obs_hotkey_enable_callback_rerouting(true);
    for (int i = 0; i < module_count; i++) {
        obs_module_t *module = NULL;
        int status = obs_open_module(&module, modules[i][0], modules[i][1]);
        if (status != MODULE_SUCCESS) {
            fprintf(stderr, "harness: obs_open_module(%s) failed (%d)\n", modules[i][0], status);
            return 1;
        }
        if (!obs_init_module(module)) {
            fprintf(stderr, "harness: obs_init_module(%s) failed\n", modules[i][0]);
            return 1;
        }
    }
    if (user_plugins != NULL) {
        char bin[4096], data[4096];
        snprintf(bin, sizeof bin, "%s/%%module%%/bin/64bit", user_plugins);
        snprintf(data, sizeof data, "%s/%%module%%/data", user_plugins);
        obs_add_module_path(bin, data);
        obs_load_all_modules();
    }
    obs_post_load_modules();
    answer("ready");

    char *line = NULL;
    size_t capacity = 0;
    ssize_t length;
    while ((length = getline(&line, &capacity, stdin)) > 0) {
        if (line[length - 1] == '\n') line[length - 1] = 0;
        if (strcmp(line, "quit") == 0) break;
        run(line);
    }
    free(line);
    obs_set_output_source(0, NULL);
    for (int i = 0; i < MAX_SOURCES; i++)
        if (sources[i].source != NULL) obs_source_release(sources[i].source);
    obs_shutdown();
    long leaks = bnum_allocs();
    XCloseDisplay(display);
    printf("bye %ld\n", leaks);
    return 0;
}
