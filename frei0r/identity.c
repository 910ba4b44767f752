/*
 * identity.c: which effect this file is. The name says it, so one compiled
 * adapter serves every effect by being copied (never linked: the dynamic
 * loader would take two names of one file for one library):
 *
 *   effect_text_reveal.so           text-reveal, a source
 *   effect_text_reveal_overlay.so   text-reveal, a filter over the frame
 *
 * The effect comes from the host's catalog: the plugin file a note beside
 * the copy names (effect_text_reveal.so.plugin, which `effect-host
 * install-hosts` writes), searched alone; without a note, the plugins
 * installed beside libeffecthost.so, then EFFECT_PLUGIN_PATH.
 */
#define _GNU_SOURCE
#include "adapter.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char prefix[] = "effect_";
static const char overlay[] = "_overlay";

static adapter the_adapter;
static pthread_once_t once = PTHREAD_ONCE_INIT;
static char failure[1024];
/* The plugin file this copy is pinned to, from its note; "" for none. */
static char pinned[4096];

static void fail(const char *format, const char *a, const char *b) {
    snprintf(failure, sizeof failure, format, a, b);
    the_adapter.failure = failure;
}

/* The note beside the copy at `path`: its path with ".plugin" added,
 * holding the plugin file's path on its first line. 0 when there is none
 * (or it cannot be read, which the catalog's search then says for it). */
static int read_note(const char *path) {
    char note[4096 + 16];
    if (snprintf(note, sizeof note, "%s.plugin", path) >= (int)sizeof note) return 0;
    FILE *file = fopen(note, "re");
    if (file == NULL) return 0;
    int found = fgets(pinned, sizeof pinned, file) != NULL;
    fclose(file);
    pinned[strcspn(pinned, "\n")] = '\0';
    return found && pinned[0] != '\0';
}

/* The file's name without directories or anything from its first dot, as
 * MLT and ffmpeg name the plugin; and the note beside it. */
static int read_own_name(void) {
    Dl_info info;
    if (dladdr(&the_adapter, &info) == 0 || info.dli_fname == NULL) return 0;
    if (!read_note(info.dli_fname)) pinned[0] = '\0';
    const char *base = strrchr(info.dli_fname, '/');
    base = base != NULL ? base + 1 : info.dli_fname;
    size_t length = strcspn(base, ".");
    if (length == 0 || length >= sizeof the_adapter.file_name) return 0;
    memcpy(the_adapter.file_name, base, length);
    the_adapter.file_name[length] = '\0';
    return 1;
}

static int offers(const effect_host_catalog *catalog, const char *id) {
    for (uint32_t i = 0; i < effect_host_catalog_effect_count(catalog); i++)
        if (strcmp(effect_host_catalog_effect_id(catalog, i), id) == 0) return 1;
    return 0;
}

static void id_from(const char *stem, size_t length, char *out) {
    for (size_t i = 0; i < length; i++) out[i] = stem[i] == '_' ? '-' : stem[i];
    out[length] = '\0';
}

/* effect_<id>_overlay is the filter of <id> unless the catalog has an
 * effect whose id itself ends in -overlay and lacks the shorter one. */
static void choose_effect(const effect_host_catalog *catalog) {
    const char *stem = the_adapter.file_name + strlen(prefix);
    size_t length = strlen(stem), suffix = strlen(overlay);
    if (length > suffix && strcmp(stem + length - suffix, overlay) == 0) {
        id_from(stem, length - suffix, the_adapter.effect_id);
        if (offers(catalog, the_adapter.effect_id)) {
            the_adapter.filter = 1;
            return;
        }
    }
    id_from(stem, length, the_adapter.effect_id);
}

static void parse_version(const char *version) {
    if (version == NULL || sscanf(version, "%d.%d", &the_adapter.major_version, &the_adapter.minor_version) < 1) {
        the_adapter.major_version = 1;
        the_adapter.minor_version = 0;
    }
}

static void set_up(void) {
    if (!read_own_name()) {
        snprintf(the_adapter.file_name, sizeof the_adapter.file_name, "effect");
        fail("cannot tell this plugin's file name%s%s", "", "");
        return;
    }
    if (strncmp(the_adapter.file_name, prefix, strlen(prefix)) != 0 || the_adapter.file_name[strlen(prefix)] == '\0') {
        fail("the file is named %s.so; an effect's frei0r plugin is named effect_ID.so (a source) or effect_ID_overlay.so "
             "(a filter), ID being the effect's id with _ for -%s", the_adapter.file_name, "");
        return;
    }
    effect_error error = {sizeof error, 0, {0}};
    /* A pinned copy searches its plugin file alone, whatever the
     * environment holds; any other, as effect-host does. */
    const char *pinned_paths[] = {pinned};
    effect_host_catalog_options search = {sizeof search, 0, NULL, 0, 1};
    if (pinned[0] != '\0') {
        search.flags = EFFECT_HOST_CATALOG_NO_DEFAULTS;
        search.paths = pinned_paths;
        search.path_count = 1;
        search.use_environment = 0;
    }
    effect_host_catalog *catalog = NULL;
    if (effect_host_catalog_open(&search, &catalog, &error) != EFFECT_OK) {
        fail("cannot search for effect plugins: %s%s", error.message, "");
        return;
    }
    choose_effect(catalog);
    effect_status status = effect_host_catalog_load(catalog, the_adapter.effect_id, &the_adapter.plugin, &error);
    if (status != EFFECT_OK) {
        /* A pinned file that is gone says so, rather than "no plugins found". */
        if (pinned[0] != '\0' && effect_host_catalog_failure_count(catalog) > 0)
            fail("%s (the plugin file this copy was made for; run effect-host install-hosts again)%s",
                 effect_host_catalog_failure(catalog, 0), "");
        else
            fail("%s%s", error.message, "");
        effect_host_catalog_free(catalog);
        return;
    }
    effect_host_catalog_free(catalog);
    /* What the plugin offers, as the host checked it: its strings live as
     * long as the plugin handle, which the adapter keeps. */
    effect_plugin_info plugin = {sizeof plugin, 0, NULL, NULL, NULL, NULL, NULL, NULL};
    uint32_t effect = 0;
    effect_info info;
    memset(&info, 0, sizeof info);
    info.struct_size = sizeof info;
    if (effect_host_plugin_describe(the_adapter.plugin, &plugin, &error) != EFFECT_OK ||
        effect_host_plugin_find_effect(the_adapter.plugin, the_adapter.effect_id, &effect, &error) != EFFECT_OK ||
        effect_host_plugin_effect(the_adapter.plugin, effect, &info, &error) != EFFECT_OK) {
        fail("%s%s", error.message, "");
        return;
    }
    parse_version(plugin.version);
    the_adapter.author = plugin.author;
    the_adapter.summary = info.summary;
    if (!slots_build(&the_adapter, the_adapter.plugin, effect)) fail("out of memory describing %s's params%s", the_adapter.effect_id, "");
}

const adapter *adapter_get(void) {
    pthread_once(&once, set_up);
    return &the_adapter;
}

void adapter_report(const char *line) {
    /* The same line from every frame of a long render would bury the
     * host's own output: each distinct line once, and the first 16 only. */
    static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
    static char said[16][256];
    static int count;
    pthread_mutex_lock(&lock);
    int seen = 0;
    for (int i = 0; i < count && !seen; i++) seen = strncmp(said[i], line, sizeof said[i] - 1) == 0;
    if (!seen && count < 16) {
        snprintf(said[count++], sizeof said[0], "%s", line);
        fprintf(stderr, "%s: %s\n", adapter_get()->file_name, line);
    }
    pthread_mutex_unlock(&lock);
}
