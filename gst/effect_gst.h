/*
 * effect_gst.h: the GStreamer face of the effects, shared by the plugin's
 * files.
 *
 * GObject properties belong to a class, so each effect the host finds
 * becomes two element types of its own (plugin.c): a source that makes
 * the effect's frames (src.c) and an overlay that draws them over the video
 * passing through, in the video's own format (overlay.c). Both hold the
 * effect the same way (effect.c): the effect's params as typed properties
 * read from its metadata (properties.c), the look it is drawn in, and the
 * instance those make, to which a live param changed while playing is an
 * event at the frame's time.
 */
#ifndef EFFECT_GST_H
#define EFFECT_GST_H

/* GST_PLUGIN_DEFINE expands PACKAGE, which a build system's config.h
 * would define. */
#define PACKAGE "effect-host"

#include "effect_host.h"

#include <gst/gst.h>

GST_DEBUG_CATEGORY_EXTERN(effect_gst_debug);
#define GST_CAT_DEFAULT effect_gst_debug

/* One effect as the plugin offers it: read once, when the plugin is
 * loaded, and kept for the process (GLib never unregisters a static
 * type, and its classes read this). */
typedef struct effect_gst_type {
    char *effect_id;          /* "strikethrough-reveal" */
    char *element_base;       /* "fxstrikethroughreveal": the element names' stem */
    char *name;               /* "Strikethrough Reveal" */
    char *summary;
    char *plugin_path;
    effect_host_plugin *plugin;
    uint32_t effect_index;
    uint32_t param_count;
    effect_param_info *params;  /* the host's checked metadata (its strings the plugin's) */
    char **property_names;      /* each param's GObject property name */
    GType *enums;               /* an ENUM param's registered GEnum, else 0 */
} effect_gst_type;

/* Each param's value as the element's properties hold it. `given` is
 * whether the user set it: a param the user has not set is not handed to
 * the effect, which takes its own default (that may follow the
 * appearance). */
typedef struct effect_gst_values {
    effect_value *values;     /* strings owned (g_strdup) */
    gboolean *given;
} effect_gst_values;

/* How the effect is drawn, as properties. */
typedef struct effect_gst_look {
    uint32_t appearance;      /* EFFECT_APPEARANCE_* */
    char *font;               /* NULL: the host's default (Inter) */
    double wrap_width;        /* points */
} effect_gst_look;

/* An element's effect: what its properties say (under the object's lock)
 * and, on the streaming thread alone, the instance and picture made from
 * them. */
typedef struct effect_gst_effect {
    const effect_gst_type *type;
    effect_gst_values props;
    effect_gst_look look;
    gboolean look_changed;

    /* Streaming thread. */
    effect_gst_values applied;   /* what the instance has, at its latest event */
    double last_t;               /* the time of the last frame drawn */
    effect_host_instance *instance;
    effect_host_picture *picture;
    gboolean failed;             /* said once: no frames drawn until a restart */
} effect_gst_effect;

/* Property ids the effect's own start at; an element's own come below. */
#define EFFECT_GST_FIRST_PARAM_PROPERTY 64u

/* Registers the effect's two element types (overlay.c, src.c), each
 * through effect_gst_register_element (plugin.c): the element
 * type->element_base + suffix, a type of `parent` made from `info`. */
gboolean effect_gst_register_overlay(GstPlugin *plugin, effect_gst_type *type);
gboolean effect_gst_register_src(GstPlugin *plugin, effect_gst_type *type);
gboolean effect_gst_register_element(GstPlugin *plugin, const effect_gst_type *type, const char *suffix, GType parent,
                                     const GTypeInfo *info);

/* properties.c: the effect's params and look as properties. */
void effect_gst_install_properties(GObjectClass *klass, effect_gst_type *type);
void effect_gst_effect_init(effect_gst_effect *effect, const effect_gst_type *type);
void effect_gst_effect_clear(effect_gst_effect *effect);
/* TRUE when `id` is one of the effect's properties (then handled). */
gboolean effect_gst_set_property(GstElement *element, effect_gst_effect *effect, guint id, const GValue *value,
                                 GParamSpec *spec);
gboolean effect_gst_get_property(GstElement *element, effect_gst_effect *effect, guint id, GValue *value);
/* Param i's property value as the effect's value (strings copied: free
 * with effect_gst_value_free). */
void effect_gst_value_from_gvalue(const effect_gst_type *type, uint32_t i, const GValue *value, effect_value *out);
void effect_gst_value_free(effect_value *value);
/* Copies one set of values into another (strings copied). */
void effect_gst_values_copy(const effect_gst_type *type, effect_gst_values *to, const effect_gst_values *from);
void effect_gst_values_free(const effect_gst_type *type, effect_gst_values *values);
/* Value i's own copy, into *out. */
void effect_gst_values_get(const effect_gst_values *values, uint32_t i, effect_value *out);

/* effect.c: the instance and its picture, on the streaming thread.
 * Makes them when missing and turns the live params changed since into
 * events at t (seconds on the stream's timeline). Returns the picture to
 * draw, or NULL when the effect cannot be drawn (said once on the bus). */
effect_host_picture *effect_gst_effect_at(GstElement *element, effect_gst_effect *effect, double t);
/* Drops the instance and its picture (stopping; the next frame makes them anew). */
void effect_gst_effect_stop(effect_gst_effect *effect);
/* The look's GEnum of appearances. */
GType effect_gst_appearance_get_type(void);

/* A GStreamer colour (0xAARRGGBB) as effect.h's (0xRRGGBBAA), and back. */
static inline uint32_t effect_gst_color_from_argb(guint argb) { return (argb << 8) | (argb >> 24); }
static inline guint effect_gst_color_to_argb(uint32_t rgba) { return (rgba >> 8) | (rgba << 24); }

#endif
