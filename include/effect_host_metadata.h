/*
 * effect_host_metadata.h: what a plugin offers, as the host checked it, and
 * names and values read by the host's grammar. Since API 1.4.
 * Part of effect_host.h, the effect host library: include that; its
 * conventions are in effect_host_core.h.
 *
 * An adapter (a video editor's plugin, a settings panel, a binding in
 * another language) describes an effect's params to its own host from
 * here, never from the plugin's table: these are the descriptions the host
 * read once when it opened the plugin and held to effect.h's metadata
 * rules (names, ranges, defaults, choices, UTF-8), in effect.h's own
 * structs. Every string and array they point to is the host's copy and
 * belongs to the plugin handle: valid until effect_host_plugin_free (an
 * instance that keeps the plugin loaded does not keep them).
 *
 * The "out" structs follow effect.h's rule: set struct_size to sizeof the
 * struct as your header declares it; no more than that is written, and
 * struct_size then says how much was. A struct_size below the struct's
 * ABI 1.0 size is EFFECT_ERR_STRUCT_SIZE.
 */
#ifndef EFFECT_HOST_METADATA_H
#define EFFECT_HOST_METADATA_H

#include "effect_host_plugins.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The plugin's own description (effect.h's describe): its id, name,
 * version, author, licence, summary and effect count.
 * Errors: NULL_POINTER, STRUCT_SIZE.
 * Threads: reads the plugin. */
EFFECT_HOST_API effect_status effect_host_plugin_describe(const effect_host_plugin *plugin, effect_plugin_info *out,
                                                          effect_error *error);

/* Effect `effect_index` (0 ... effect_count-1): its id, names, param and
 * channel counts, and timing (the kinds it may report and, in words, when
 * it ends or how it loops).
 * Errors: NULL_POINTER, STRUCT_SIZE, INDEX.
 * Threads: reads the plugin. */
EFFECT_HOST_API effect_status effect_host_plugin_effect(const effect_host_plugin *plugin, uint32_t effect_index,
                                                        effect_info *out, effect_error *error);

/* Stores in *effect_index the index of the effect `effect_id`. An unknown
 * id is EFFECT_ERR_UNKNOWN_EFFECT, whose message suggests the closest id
 * ("did you mean ...?") when one is close.
 * Errors: NULL_POINTER, UTF8, UNKNOWN_EFFECT.
 * Threads: reads the plugin. */
EFFECT_HOST_API effect_status effect_host_plugin_find_effect(const effect_host_plugin *plugin, const char *effect_id,
                                                             uint32_t *effect_index, effect_error *error);

/* Param `param_index` of an effect: its name, type, flags (LIVE,
 * OPTIONAL, and since ABI 1.7 MULTILINE: a string to offer a multi-line
 * field), unit, one-line doc, range (numbers), choices (enums) and
 * default, as effect.h's param_info describes them. An ENUM default
 * carries the choice's name and index.
 * Errors: NULL_POINTER, STRUCT_SIZE, INDEX.
 * Threads: reads the plugin. */
EFFECT_HOST_API effect_status effect_host_plugin_param(const effect_host_plugin *plugin, uint32_t effect_index,
                                                       uint32_t param_index, effect_param_info *out,
                                                       effect_error *error);

/* Stores in *param_index the index of the param `name` of an effect. An
 * unknown name is EFFECT_ERR_UNKNOWN_PARAM, whose message suggests the
 * closest name, or lists them all.
 * Errors: NULL_POINTER, UTF8, INDEX, UNKNOWN_PARAM.
 * Threads: reads the plugin. */
EFFECT_HOST_API effect_status effect_host_plugin_find_param(const effect_host_plugin *plugin, uint32_t effect_index,
                                                            const char *name, uint32_t *param_index,
                                                            effect_error *error);

/* A param's default written as effect_host_instance_create_text reads it
 * (and `effect-host --param` takes it): "0.6", "true", "dark", "#8A8F98FF",
 * the text itself, or "none" for an optional param unset by default. NULL
 * for a NULL plugin or an index out of range.
 * Threads: reads the plugin. */
EFFECT_HOST_API const char *effect_host_plugin_param_default_text(const effect_host_plugin *plugin,
                                                                  uint32_t effect_index, uint32_t param_index);

/* Reads `text` as a value of param `param_index`, by the grammar of
 * effect_host_instance_create_text: a decimal number, a whole number,
 * true/false (yes/no, on/off, 1/0), a choice's name, a colour (see
 * effect_host_parse_color), text as it is, or "none" for an optional
 * param. On success *out is the value as effect.h's create takes it: an
 * ENUM's `string` is the host's copy of the choice's name (the plugin
 * handle's lifetime) and its `integer` the choice's index; a STRING's
 * `string` is `text` itself, the caller's. A number is not checked against
 * the param's range here: creating the instance does that, in the
 * plugin's words.
 * Errors: NULL_POINTER, UTF8, INDEX, RANGE (text that does not read as
 * the param's type, or names no choice: the message says what it needs).
 * Threads: reads the plugin. */
EFFECT_HOST_API effect_status effect_host_plugin_parse_value(const effect_host_plugin *plugin, uint32_t effect_index,
                                                             uint32_t param_index, const char *text,
                                                             effect_value *out, effect_error *error);

/* Channel `channel_index` of an effect, over its global channels, then its
 * element channels, then its attributes (effect.h's order): name, scope,
 * flags, unit, doc, range and labels.
 * Errors: NULL_POINTER, STRUCT_SIZE, INDEX.
 * Threads: reads the plugin. */
EFFECT_HOST_API effect_status effect_host_plugin_channel(const effect_host_plugin *plugin, uint32_t effect_index,
                                                         uint32_t channel_index, effect_channel_info *out,
                                                         effect_error *error);

/* The candidate the host would suggest for a `word` that is none of them,
 * as its "did you mean" messages do: the one fewest edits away, when that
 * is at most a third of the word's length (and at least 2), else the only
 * candidate that contains the word. Returns that candidate's pointer (one
 * of the caller's), or NULL when none is close, and for NULL arguments;
 * candidates that are NULL or not UTF-8 are passed over.
 * Threads: any. */
EFFECT_HOST_API const char *effect_host_closest(const char *word, const char *const *candidates, uint32_t count);

/* Reads a colour as the host reads every colour (params, a look's ground):
 * #RRGGBB, which is opaque, or #RRGGBBAA ("0x" or no prefix in place of
 * "#" also read), into *rgba as 0xRRGGBBAA, straight alpha.
 * Errors: NULL_POINTER, UTF8, RANGE (anything else; the message gives the
 * grammar).
 * Threads: any. */
EFFECT_HOST_API effect_status effect_host_parse_color(const char *text, uint32_t *rgba, effect_error *error);

#ifdef __cplusplus
}
#endif

#endif /* EFFECT_HOST_METADATA_H */
