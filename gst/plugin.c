/*
 * plugin.c: the GStreamer plugin "effecthost": two elements per effect.
 *
 * At plugin_init the host's catalog finds the effects on the plugin search
 * path (EFFECT_PLUGIN_PATH, then the plugins installed with effect-host),
 * and each becomes fxEFFECTsrc and fxEFFECToverlay, named from its id
 * without its dashes (strikethrough-reveal: fxstrikethroughrevealsrc,
 * fxstrikethroughrevealoverlay). A plugin file that fails the host's scan is
 * skipped and named in GStreamer's debug log (category effecthost); the
 * rest are registered. GStreamer keeps what plugin_init registers in its
 * registry, so the plugin tells it what to watch: the search path's
 * directories and files, so that a plugin added, removed or changed there
 * (or a new EFFECT_PLUGIN_PATH) makes GStreamer scan again.
 */
#include "effect_gst.h"

#include <gst/base/gstpushsrc.h>
#include <gst/video/gstvideofilter.h>
#include <string.h>

GST_DEBUG_CATEGORY(effect_gst_debug);

/* "strikethrough-reveal" as an element name's stem: "fxstrikethroughreveal".
 * The prefix keeps an effect's elements from taking the name of another
 * plugin's: an effect "pulse" would otherwise be PulseAudio's pulsesrc, and
 * which of the two GStreamer offers would depend on the order its registry
 * was scanned in. */
static char *element_base(const char *effect_id) {
    GString *base = g_string_new("fx");
    for (const char *c = effect_id; *c; c++)
        if (g_ascii_isalnum(*c)) g_string_append_c(base, g_ascii_tolower(*c));
    return g_string_free(base, FALSE);
}

/* "strikethrough-reveal" as a GType name's part: "StrikethroughReveal". */
static char *camel(const char *text) {
    GString *out = g_string_new(NULL);
    gboolean up = TRUE;
    for (const char *c = text; *c; c++) {
        if (!g_ascii_isalnum(*c)) {
            up = TRUE;
            continue;
        }
        g_string_append_c(out, up ? g_ascii_toupper(*c) : *c);
        up = FALSE;
    }
    return g_string_free(out, FALSE);
}

/* An ENUM param's choices as a GEnum; its values and their strings live
 * as long as the type: the process. */
static GType register_enum(const char *effect_id, const effect_param_info *info) {
    char *effect = camel(effect_id), *param = camel(info->name);
    char *name = g_strdup_printf("EffectHost%s%s", effect, param);
    GType type = g_type_from_name(name);
    if (type == 0) {
        GEnumValue *values = g_new0(GEnumValue, info->choice_count + 1);
        for (uint32_t k = 0; k < info->choice_count; k++) {
            values[k].value = (gint)k;
            values[k].value_name = g_strdup(info->choices[k]);
            values[k].value_nick = g_strdup(info->choices[k]);
        }
        type = g_enum_register_static(name, values);
    }
    g_free(name);
    g_free(param);
    g_free(effect);
    return type;
}

/* The name of param `name` as a property: snake_case with dashes, and
 * "effect-" in front of a name either element already has (GstObject's
 * name, basesrc's num-buffers, the look's font, an optional param's
 * "-set", ...). */
static char *property_name(const char *name) {
    char *dashed = g_strdup(name);
    for (char *c = dashed; *c; c++)
        if (*c == '_') *c = '-';
    static const char *const own[] = {"appearance", "font", "wrap-width", "size", "x", "y",
                                      "is-live", "timestamp-offset", "background", NULL};
    GObjectClass *bases[] = {g_type_class_ref(GST_TYPE_PUSH_SRC), g_type_class_ref(GST_TYPE_VIDEO_FILTER)};
    gboolean taken = g_str_has_suffix(dashed, "-set");
    for (int i = 0; i < 2; i++) {
        taken = taken || g_object_class_find_property(bases[i], dashed) != NULL;
        g_type_class_unref(bases[i]);
    }
    for (int i = 0; own[i] != NULL; i++) taken = taken || strcmp(own[i], dashed) == 0;
    if (!taken) return dashed;
    char *prefixed = g_strdup_printf("effect-%s", dashed);
    g_free(dashed);
    return prefixed;
}

gboolean effect_gst_register_element(GstPlugin *plugin, const effect_gst_type *type, const char *suffix, GType parent,
                                     const GTypeInfo *info) {
    char *element = g_strdup_printf("%s%s", type->element_base, suffix);
    /* GStreamer names an element after its type, with "Gst" dropped and
     * lower-cased: "fxstrikethroughrevealoverlay0". */
    char *type_name = g_strdup_printf("Gst%s", element);
    GType gtype = g_type_from_name(type_name);
    if (gtype == 0) gtype = g_type_register_static(parent, type_name, info, 0);
    gboolean ok = gst_element_register(plugin, element, GST_RANK_NONE, gtype);
    g_free(type_name);
    g_free(element);
    return ok;
}

/* A type that was not registered (its classes would have kept it). */
static void free_type(effect_gst_type *type) {
    effect_host_plugin_free(type->plugin);
    for (uint32_t i = 0; i < type->param_count; i++) g_free(type->property_names[i]);
    g_free(type->property_names);
    g_free(type->params);
    g_free(type->enums);
    g_free(type->effect_id);
    g_free(type->element_base);
    g_free(type->name);
    g_free(type->summary);
    g_free(type->plugin_path);
    g_free(type);
}

static effect_gst_type *type_of(const effect_host_catalog *catalog, uint32_t index) {
    const char *id = effect_host_catalog_effect_id(catalog, index);
    effect_error error = {sizeof error, 0, {0}};
    effect_host_plugin *plugin = NULL;
    uint32_t effect_index = 0;
    effect_info info = {.struct_size = sizeof info};
    if (effect_host_catalog_load(catalog, id, &plugin, &error) != EFFECT_OK ||
        effect_host_plugin_find_effect(plugin, id, &effect_index, &error) != EFFECT_OK ||
        effect_host_plugin_effect(plugin, effect_index, &info, &error) != EFFECT_OK) {
        GST_WARNING("skipped effect '%s' of %s: %s", id, effect_host_catalog_effect_path(catalog, index), error.message);
        effect_host_plugin_free(plugin);
        return NULL;
    }
    effect_gst_type *type = g_new0(effect_gst_type, 1);
    type->effect_id = g_strdup(id);
    type->element_base = element_base(id);
    type->name = g_strdup(info.name);
    type->summary = g_strdup(info.summary);
    type->plugin_path = g_strdup(effect_host_catalog_effect_path(catalog, index));
    type->plugin = plugin;
    type->effect_index = effect_index;
    type->param_count = info.param_count;
    type->params = g_new0(effect_param_info, info.param_count + 1);
    type->property_names = g_new0(char *, info.param_count + 1);
    type->enums = g_new0(GType, info.param_count + 1);
    for (uint32_t i = 0; i < info.param_count; i++) {
        effect_param_info *param = &type->params[i];
        param->struct_size = sizeof *param;
        /* The host checked every param when it opened the plugin. */
        effect_host_plugin_param(plugin, effect_index, i, param, NULL);
        type->property_names[i] = property_name(param->name);
        if (param->type == EFFECT_TYPE_ENUM) type->enums[i] = register_enum(id, param);
    }
    return type;
}

/* Tells the registry what to watch: EFFECT_PLUGIN_PATH's value and the
 * directories on the search path (their *.so files), and each file named
 * on it by itself (a directory watch does not see a file entry). */
static void add_dependencies(GstPlugin *plugin, const effect_host_catalog *catalog) {
    GPtrArray *directories = g_ptr_array_new_with_free_func(g_free);
    for (uint32_t i = 0; i < effect_host_catalog_searched_count(catalog); i++) {
        const char *entry = effect_host_catalog_searched(catalog, i);
        if (g_file_test(entry, G_FILE_TEST_IS_REGULAR)) {
            char *parent = g_path_get_dirname(entry), *name = g_path_get_basename(entry);
            const gchar *paths[] = {parent, NULL}, *names[] = {name, NULL};
            gst_plugin_add_dependency(plugin, NULL, paths, names, GST_PLUGIN_DEPENDENCY_FLAG_NONE);
            g_free(parent);
            g_free(name);
        } else {
            g_ptr_array_add(directories, g_strdup(entry));
        }
    }
    g_ptr_array_add(directories, NULL);
    const gchar *variables[] = {"EFFECT_PLUGIN_PATH", NULL}, *suffixes[] = {".so", NULL};
    gst_plugin_add_dependency(plugin, variables, (const gchar **)directories->pdata, suffixes,
                              GST_PLUGIN_DEPENDENCY_FLAG_FILE_NAME_IS_SUFFIX);
    g_ptr_array_free(directories, TRUE);
}

static gboolean plugin_init(GstPlugin *plugin) {
    GST_DEBUG_CATEGORY_INIT(effect_gst_debug, "effecthost", 0, "effect-host effects");
    effect_error error = {sizeof error, 0, {0}};
    effect_host_catalog_options search = {.struct_size = sizeof search, .use_environment = 1};
    effect_host_catalog *catalog = NULL;
    if (effect_host_catalog_open(&search, &catalog, &error) != EFFECT_OK) {
        GST_ERROR("no effects: the plugin search failed: %s", error.message);
        const gchar *variables[] = {"EFFECT_PLUGIN_PATH", NULL};
        gst_plugin_add_dependency(plugin, variables, NULL, NULL, GST_PLUGIN_DEPENDENCY_FLAG_NONE);
        return TRUE;
    }
    add_dependencies(plugin, catalog);
    for (uint32_t i = 0; i < effect_host_catalog_failure_count(catalog); i++)
        GST_WARNING("skipped %s", effect_host_catalog_failure(catalog, i));
    uint32_t count = 0;
    /* Element stems taken, and by which effect: ids that differ only in
     * their dashes ("text-reveal", "textreveal") would name the same
     * elements. The first on the search path keeps them, as the catalog's
     * first file keeps an effect id. */
    GHashTable *taken = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
    for (uint32_t i = 0; i < effect_host_catalog_effect_count(catalog); i++) {
        effect_gst_type *type = type_of(catalog, i);
        if (type == NULL) continue;
        const char *holder = g_hash_table_lookup(taken, type->element_base);
        if (holder != NULL) {
            GST_WARNING("skipped effect '%s' of %s: its elements %ssrc and %soverlay are effect '%s''s, earlier on the "
                        "plugin search path",
                        type->effect_id, type->plugin_path, type->element_base, type->element_base, holder);
            free_type(type);
            continue;
        }
        g_hash_table_insert(taken, g_strdup(type->element_base), g_strdup(type->effect_id));
        if (effect_gst_register_src(plugin, type) && effect_gst_register_overlay(plugin, type)) {
            count++;
            GST_INFO("%ssrc and %soverlay: '%s' from %s", type->element_base, type->element_base, type->effect_id,
                     type->plugin_path);
        } else {
            GST_WARNING("could not register the elements of '%s'", type->effect_id);
        }
    }
    GST_INFO("%u effects", count);
    g_hash_table_destroy(taken);
    effect_host_catalog_free(catalog);
    /* TRUE with no effects too: the registry then keeps the dependencies,
     * and a plugin added later is found. */
    return TRUE;
}

/* GST_PLUGIN_DEFINE's initializer leaves out its reserved fields. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
GST_PLUGIN_DEFINE(GST_VERSION_MAJOR, GST_VERSION_MINOR, effecthost,
                  "Every effect-host effect as a video source and an overlay, with its params as properties",
                  plugin_init, EFFECT_GST_VERSION, "MIT/X11", "effect-host", "effect-host (docs/gstreamer.md)")
#pragma GCC diagnostic pop
