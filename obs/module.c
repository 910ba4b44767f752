/*
 * module.c: the OBS module: one source type per effect.
 *
 * Why one type per effect rather than one source with an effect list:
 * OBS keeps a source's defaults per type and saves only the settings that
 * differ from them, so each effect's params get their own exact defaults
 * (two effects may both have a `text` with different defaults), the Add
 * menu names each effect, and its hotkeys are the effect's own. The cost
 * of that choice is a saved scene whose effect has since gone: OBS would
 * only log "Source ID not found". So the module remembers the effects it
 * offered (effects.tsv in its config folder), and registers each one that
 * is now missing under its old id, hidden from the Add menu: the scene
 * opens, the source keeps its settings, and it says in OBS's log why it
 * draws nothing (the plugin file is gone, failed to load, or no longer
 * offers the effect).
 */
#define _GNU_SOURCE
#include "effect_obs.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <util/dstr.h>
#include <util/platform.h>
#include <util/threading.h>

OBS_DECLARE_MODULE()
OBS_MODULE_USE_DEFAULT_LOCALE("effect-host", "en-US")

MODULE_EXPORT const char *obs_module_name(void) { return "effect-host"; }

MODULE_EXPORT const char *obs_module_description(void) {
    return "Every effect-host effect as a source: animated text drawn live, with its params as properties.";
}

#define TYPE_PREFIX "effect_host_"

void effect_obs_type_retain(effect_type *type) { os_atomic_inc_long(&type->refs); }

void effect_obs_type_release(effect_type *type) {
    if (type == NULL || os_atomic_dec_long(&type->refs) > 0) return;
    effect_host_plugin_free(type->plugin);
    bfree(type->type_id);
    bfree(type->effect_id);
    bfree(type->display_name);
    bfree(type->plugin_path);
    bfree(type->missing);
    bfree(type);
}

static void free_type(void *data) { effect_obs_type_release(data); }

static void register_type(effect_type *type) {
    struct obs_source_info info = {0};
    effect_obs_fill_source_info(&info);
    info.id = type->type_id;
    info.type_data = type;
    info.free_type_data = free_type;
    /* Kept loadable for saved scenes, never offered in the Add menu. */
    if (type->plugin == NULL) info.output_flags |= OBS_SOURCE_CAP_DISABLED;
    obs_register_source(&info);
}

/* A remembered line's fields: type id, effect id, name, plugin path, with
 * tabs and line breaks in them written as spaces. */
static void write_field(FILE *f, const char *text, char end) {
    for (const char *c = text; *c; c++) fputc(*c == '\t' || *c == '\n' || *c == '\r' ? ' ' : *c, f);
    fputc(end, f);
}

typedef struct remembered {
    char *fields[4];
} remembered;

static size_t read_remembered(const char *path, remembered **out) {
    *out = NULL;
    FILE *f = path ? fopen(path, "r") : NULL;
    if (f == NULL) return 0;
    size_t count = 0, capacity = 0;
    char line[4096];
    while (fgets(line, sizeof line, f) != NULL) {
        line[strcspn(line, "\n")] = 0;
        char *cursor = line, *fields[4];
        int n = 0;
        for (; n < 4; n++) {
            fields[n] = cursor;
            char *tab = strchr(cursor, '\t');
            if (tab == NULL) break;
            *tab = 0;
            cursor = tab + 1;
        }
        if (n != 3 || strncmp(fields[0], TYPE_PREFIX, strlen(TYPE_PREFIX)) != 0) continue;
        if (count == capacity) {
            capacity = capacity ? capacity * 2 : 8;
            *out = brealloc(*out, capacity * sizeof **out);
        }
        for (int i = 0; i < 4; i++) (*out)[count].fields[i] = bstrdup(fields[i]);
        count++;
    }
    fclose(f);
    return count;
}

/* Why a remembered effect is not offered now, in words for OBS's log. */
static char *why_missing(const remembered *r, const effect_host_catalog *catalog) {
    const char *path = r->fields[3];
    struct dstr why = {0};
    for (uint32_t i = 0; i < effect_host_catalog_failure_count(catalog); i++)
        if (strcmp(effect_host_catalog_failure_path(catalog, i), path) == 0) {
            dstr_printf(&why, "its plugin cannot be loaded: %s", effect_host_catalog_failure(catalog, i));
            return why.array;
        }
    struct stat st;
    if (stat(path, &st) != 0) {
        dstr_printf(&why, "its plugin file %s is gone (%s)", path, strerror(errno));
        return why.array;
    }
    for (uint32_t i = 0; i < effect_host_catalog_plugin_count(catalog); i++)
        if (strcmp(effect_host_catalog_plugin_path(catalog, i), path) == 0) {
            dstr_printf(&why, "its plugin %s no longer offers the effect '%s'", path, r->fields[1]);
            return why.array;
        }
    dstr_printf(&why, "its plugin %s is no longer on the plugin search path (EFFECT_PLUGIN_PATH and the plugins "
                      "installed with effect-host)",
                path);
    return why.array;
}

static effect_type *offered_type(const effect_host_catalog *catalog, uint32_t index) {
    const char *id = effect_host_catalog_effect_id(catalog, index);
    effect_error error = {sizeof error, 0, {0}};
    effect_host_plugin *plugin = NULL;
    uint32_t effect_index = 0;
    effect_info info = {0};
    info.struct_size = sizeof info;
    if (effect_host_catalog_load(catalog, id, &plugin, &error) != EFFECT_OK ||
        effect_host_plugin_find_effect(plugin, id, &effect_index, &error) != EFFECT_OK ||
        effect_host_plugin_effect(plugin, effect_index, &info, &error) != EFFECT_OK) {
        blog(LOG_WARNING, EFFECT_OBS_LOG "effect '%s' is not offered: %s", id, error.message);
        effect_host_plugin_free(plugin);
        return NULL;
    }
    effect_type *type = bzalloc(sizeof *type);
    type->refs = 1;
    struct dstr type_id = {0};
    dstr_printf(&type_id, TYPE_PREFIX "%s", id);
    type->type_id = type_id.array;
    type->effect_id = bstrdup(id);
    type->display_name = bstrdup(info.name);
    type->plugin_path = bstrdup(effect_host_catalog_effect_path(catalog, index));
    type->plugin = plugin;
    type->effect_index = effect_index;
    type->param_count = info.param_count;
    return type;
}

void effect_obs_register_types(void) {
    effect_error error = {sizeof error, 0, {0}};
    effect_host_catalog_options search = {sizeof search, 0, NULL, 0, 1};
    effect_host_catalog *catalog = NULL;
    if (effect_host_catalog_open(&search, &catalog, &error) != EFFECT_OK) {
        blog(LOG_ERROR, EFFECT_OBS_LOG "no effects: the plugin search failed: %s", error.message);
        return;
    }
    for (uint32_t i = 0; i < effect_host_catalog_failure_count(catalog); i++)
        blog(LOG_WARNING, EFFECT_OBS_LOG "skipped %s", effect_host_catalog_failure(catalog, i));

    char *memory = obs_module_config_path("effects.tsv");
    remembered *old = NULL;
    size_t old_count = read_remembered(memory, &old);

    uint32_t count = effect_host_catalog_effect_count(catalog);
    const effect_type **offered = bzalloc((count + 1) * sizeof *offered);
    size_t offered_count = 0;
    for (uint32_t i = 0; i < count; i++) {
        effect_type *type = offered_type(catalog, i);
        if (type == NULL) continue;
        register_type(type);
        offered[offered_count++] = type;
        blog(LOG_INFO, EFFECT_OBS_LOG "offers '%s' (%s) from %s", type->display_name, type->effect_id,
             type->plugin_path);
    }
    /* What was offered before and is not now: kept under its id, saying why. */
    for (size_t r = 0; r < old_count; r++) {
        const char *id = old[r].fields[1];
        int found = 0;
        for (uint32_t i = 0; i < count && !found; i++) found = strcmp(effect_host_catalog_effect_id(catalog, i), id) == 0;
        if (found) continue;
        effect_type *type = bzalloc(sizeof *type);
        type->refs = 1;
        type->type_id = bstrdup(old[r].fields[0]);
        type->effect_id = bstrdup(id);
        type->display_name = bstrdup(old[r].fields[2]);
        type->plugin_path = bstrdup(old[r].fields[3]);
        type->missing = why_missing(&old[r], catalog);
        register_type(type);
        blog(LOG_WARNING, EFFECT_OBS_LOG "'%s' (%s) is no longer offered: %s; sources of it in saved scenes keep their "
                          "settings and draw nothing",
             type->display_name, type->effect_id, type->missing);
    }

    /* Remember both: an effect stays known until it comes back. */
    if (memory != NULL) {
        char *dir = bstrdup(memory);
        char *slash = strrchr(dir, '/');
        if (slash != NULL) *slash = 0;
        os_mkdirs(dir);
        bfree(dir);
        struct dstr temporary = {0};
        dstr_printf(&temporary, "%s.new", memory);
        FILE *f = fopen(temporary.array, "w");
        if (f != NULL) {
            for (size_t i = 0; i < offered_count; i++) {
                write_field(f, offered[i]->type_id, '\t');
                write_field(f, offered[i]->effect_id, '\t');
                write_field(f, offered[i]->display_name, '\t');
                write_field(f, offered[i]->plugin_path, '\n');
            }
            for (size_t r = 0; r < old_count; r++) {
                int found = 0;
                for (uint32_t i = 0; i < count && !found; i++)
                    found = strcmp(effect_host_catalog_effect_id(catalog, i), old[r].fields[1]) == 0;
                if (found) continue;
                for (int k = 0; k < 4; k++) write_field(f, old[r].fields[k], k == 3 ? '\n' : '\t');
            }
            int failed = ferror(f);
            if (fclose(f) != 0 || failed || rename(temporary.array, memory) != 0) {
                blog(LOG_WARNING, EFFECT_OBS_LOG "could not remember the effects in %s: %s", memory, strerror(errno));
                unlink(temporary.array);
            }
        }
        dstr_free(&temporary);
    }
    for (size_t r = 0; r < old_count; r++)
        for (int k = 0; k < 4; k++) bfree(old[r].fields[k]);
    bfree(old);
    bfree(memory);
    blog(LOG_INFO, EFFECT_OBS_LOG "%zu effects as sources", offered_count);
    bfree(offered);
    effect_host_catalog_free(catalog);
}

bool obs_module_load(void) {
    effect_obs_register_types();
    return true;
}
