/*
 * effect_host_plugins.h: plugins opened by the host's rules, and the search path.
 * Part of effect_host.h, the effect host library: include that; its
 * conventions are in effect_host_core.h.
 *
 * A plugin file opened by path, or found by effect id on the search path
 * (the catalog) as `effect-host list` finds it.
 */
#ifndef EFFECT_HOST_PLUGINS_H
#define EFFECT_HOST_PLUGINS_H

#include "effect_host_core.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------
 * Plugins
 * ------------------------------------------------------------------------ */

typedef struct effect_host_plugin effect_host_plugin;

/* Flags for effect_host_plugin_open and effect_host_catalog_options. */
/* Load files the trust rules refuse (writable by other users, or in a
 * directory that is). */
#define EFFECT_HOST_OPEN_ALLOW_UNSAFE  1u
/* Read the file's metadata in a child process first, so a plugin that
 * crashes, exits or hangs while describing itself is refused instead of
 * harming this process. */
#define EFFECT_HOST_OPEN_ISOLATED      2u

/* Opens the plugin file at `path` by the host's rules: the trust rules,
 * the ELF check (a shared library for this machine), the ABI version gate
 * and the metadata rules. On success *out receives a plugin the caller
 * frees with effect_host_plugin_free. Loading a file that is loaded
 * already is cheap. Unknown flag bits are EFFECT_ERR_RANGE.
 * Errors: NULL_POINTER, UTF8, RANGE, EFFECT_HOST_ERR_LOAD,
 * EFFECT_HOST_ERR_MISSING (ISOLATED without the effect-host program).
 * Threads: any. */
EFFECT_HOST_API effect_status effect_host_plugin_open(const char *path, uint32_t flags, effect_host_plugin **out,
                                                      effect_error *error);

/* Judges the file at `path` by the trust rules alone, opening nothing:
 * EFFECT_OK, or EFFECT_HOST_ERR_LOAD with the reason effect_host_plugin_open
 * would refuse it for (a file or a directory on its way that others could
 * write, one owned by another user, a symlink's target included). For a
 * host that loads a copy of a plugin file (a new build under a fresh name,
 * as `effect-host studio --watch` does, since a path loaded once cannot be
 * loaded again): the copy lies somewhere trusted, so the file copied from
 * is the one to judge. Since API 1.7.
 * Errors: NULL_POINTER, UTF8, EFFECT_HOST_ERR_LOAD.
 * Threads: any. */
EFFECT_HOST_API effect_status effect_host_plugin_trusted(const char *path, effect_error *error);

/* The plugin's table (effect.h): describe it, create instances of your
 * own, sample. Valid while the plugin handle, or an instance of it, lives.
 * NULL for a NULL plugin.
 * Threads: reads the plugin. */
EFFECT_HOST_API const effect_plugin_api *effect_host_plugin_table(const effect_host_plugin *plugin);

/* The path the plugin was opened from; NULL for a NULL plugin.
 * Threads: reads the plugin. */
EFFECT_HOST_API const char *effect_host_plugin_path(const effect_host_plugin *plugin);

/* Releases the handle. Instances made from it keep the plugin loaded.
 * Threads: changes the plugin. */
EFFECT_HOST_API void effect_host_plugin_free(effect_host_plugin *plugin);

/* ------------------------------------------------------------------------
 * The plugin search path
 * ------------------------------------------------------------------------ */

typedef struct effect_host_catalog effect_host_catalog;

/* For effect_host_catalog_options.flags: search `paths` (and
 * EFFECT_PLUGIN_PATH when asked) alone, not the plugins installed beside
 * this library; for a program with a search path of its own. */
#define EFFECT_HOST_CATALOG_NO_DEFAULTS  4u

typedef struct effect_host_catalog_options {
    uint32_t struct_size;           /* sizeof(effect_host_catalog_options) */
    uint32_t flags;                 /* EFFECT_HOST_OPEN_ALLOW_UNSAFE,
                                       EFFECT_HOST_CATALOG_NO_DEFAULTS [0] */
    const char *const *paths;       /* files or directories searched first [NULL] */
    uint32_t path_count;            /* entries in paths [0] */
    uint32_t use_environment;       /* nonzero: EFFECT_PLUGIN_PATH after paths [0] */
} effect_host_catalog_options;

/* Finds the plugins on the search path: `paths`, then EFFECT_PLUGIN_PATH
 * when asked, then, unless EFFECT_HOST_CATALOG_NO_DEFAULTS, the defaults
 * (the plugins installed beside this library). Each file is read in a child process, and the answers are
 * kept in the scan cache that `effect-host list` uses. When two files
 * offer one effect id, the first on the path wins. Files that fail are
 * listed, with why, as the catalog's failures.
 * Errors: NULL_POINTER (out), STRUCT_SIZE, UTF8, RANGE,
 * EFFECT_HOST_ERR_MISSING (the effect-host program that reads the files
 * apart from this process was not found: see Processes).
 * Threads: any. */
EFFECT_HOST_API effect_status effect_host_catalog_open(const effect_host_catalog_options *options,
                                                       effect_host_catalog **out, effect_error *error);

/* The effects found, in search order; 0 for NULL.
 * Threads: reads the catalog. */
EFFECT_HOST_API uint32_t effect_host_catalog_effect_count(const effect_host_catalog *catalog);
/* Effect `index`'s id and the plugin file it comes from; NULL when out of range.
 * Threads: reads the catalog. */
EFFECT_HOST_API const char *effect_host_catalog_effect_id(const effect_host_catalog *catalog, uint32_t index);
EFFECT_HOST_API const char *effect_host_catalog_effect_path(const effect_host_catalog *catalog, uint32_t index);

/* The search path's entries, in the order they were searched: `paths`,
 * then EFFECT_PLUGIN_PATH's entries when asked (empty items skipped), then
 * the defaults; each as given, there or not. 0 for NULL, and NULL when out
 * of range. Since API 1.4.
 * Threads: reads the catalog. */
EFFECT_HOST_API uint32_t effect_host_catalog_searched_count(const effect_host_catalog *catalog);
EFFECT_HOST_API const char *effect_host_catalog_searched(const effect_host_catalog *catalog, uint32_t index);

/* The plugin files that were read, in search order, each real file once
 * (those whose every effect an earlier file offers included); 0 for NULL,
 * and NULL when out of range. Their effects come from
 * effect_host_plugin_open on the path.
 * Threads: reads the catalog. */
EFFECT_HOST_API uint32_t effect_host_catalog_plugin_count(const effect_host_catalog *catalog);
EFFECT_HOST_API const char *effect_host_catalog_plugin_path(const effect_host_catalog *catalog, uint32_t index);

/* The files that could not be used (and search-path entries that are not
 * there), as "PATH: why" lines, and each one's PATH alone; 0 for NULL, and
 * NULL when out of range. A file whose name is not UTF-8 cannot be loaded
 * (every path the host keeps is text): it is listed with its name's bytes
 * escaped as \xHH (see Strings) and the reason that its name is not
 * UTF-8 (EILSEQ), never under another name.
 * Threads: reads the catalog. */
EFFECT_HOST_API uint32_t effect_host_catalog_failure_count(const effect_host_catalog *catalog);
EFFECT_HOST_API const char *effect_host_catalog_failure(const effect_host_catalog *catalog, uint32_t index);
EFFECT_HOST_API const char *effect_host_catalog_failure_path(const effect_host_catalog *catalog, uint32_t index);

/* Loads the plugin that offers `effect_id`. The message for an unknown id
 * suggests the closest one.
 * Errors: NULL_POINTER, UTF8, UNKNOWN_EFFECT, EFFECT_HOST_ERR_LOAD.
 * Threads: reads the catalog. */
EFFECT_HOST_API effect_status effect_host_catalog_load(const effect_host_catalog *catalog, const char *effect_id,
                                                       effect_host_plugin **out, effect_error *error);

/* Frees the catalog and its strings; plugins loaded from it stay loaded.
 * NULL does nothing.
 * Threads: changes the catalog. */
EFFECT_HOST_API void effect_host_catalog_free(effect_host_catalog *catalog);

/* Layout checks (LP64) */
#if defined(__LP64__) || defined(_WIN64)
EFFECT_STATIC_ASSERT(sizeof(effect_host_catalog_options) == 24, effect_host_catalog_options_size);
#endif

#ifdef __cplusplus
}
#endif

#endif /* EFFECT_HOST_PLUGINS_H */
