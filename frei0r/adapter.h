/*
 * adapter.h: the frei0r face of an effect, shared by the adapter's files.
 *
 * One compiled adapter serves every effect: a copy of it named
 * effect_<id>.so is the effect as a frei0r source, effect_<id>_overlay.so
 * as a filter drawn over the incoming frame (identity.c). Its frei0r
 * params are the effect's own, mapped by slots.c, then the adapter's own
 * (placement, look, time, events).
 */
#ifndef EFFECT_FREI0R_ADAPTER_H
#define EFFECT_FREI0R_ADAPTER_H

#include "effect_host.h"

#include <frei0r.h>
#include <pthread.h>

/* What a frei0r param does: one of the effect's params (or a part of one),
 * or one of the adapter's own. */
typedef enum slot_role {
    SLOT_NUMBER,      /* a number or integer param, [0, 1] over its range */
    SLOT_BOOL,        /* a bool param */
    SLOT_CHOICE,      /* an enum param, by its choice's name */
    SLOT_TEXT,        /* a string param */
    SLOT_COLOR,       /* a colour param's red, green and blue */
    SLOT_ALPHA,       /* the opacity of the colour slot before it */
    SLOT_IS_SET,      /* whether the optional param of the slot before it is set */
    SLOT_THEME,       /* light or dark */
    SLOT_FONT,        /* a family or a font file; "" for Inter */
    SLOT_WRAP_WIDTH,  /* the width offered to the view, [0, 1] over 10...10000 pt */
    SLOT_SIZE,        /* the picture's share of the fitted size */
    SLOT_X,           /* where it sits across the room left */
    SLOT_Y,           /* where it sits down the room left */
    SLOT_TIME_UNIT,   /* auto, seconds or milliseconds */
    SLOT_START,       /* the host's time, in seconds, at which the effect starts */
    SLOT_EVENTS       /* "T:NAME=VALUE ..." */
} slot_role;

typedef struct slot {
    char name[80];
    char *explanation;
    int type;                 /* F0R_PARAM_* */
    slot_role role;
    int param;                /* the effect param's index, or -1 */
    int live;                 /* the effect param may change at a time t */
    int integer;              /* SLOT_NUMBER of an integer param */
    double min, max;          /* SLOT_NUMBER, SLOT_WRAP_WIDTH: what 0 and 1 stand for */
    double default_number;    /* DOUBLE and BOOL: the frei0r value by default */
    f0r_param_color_t default_color;
    const char *default_text; /* STRING */
    const char *unit;         /* SLOT_NUMBER, SLOT_WRAP_WIDTH: the value's unit, or NULL */
    const char *const *choices; /* SLOT_CHOICE, SLOT_THEME, SLOT_TIME_UNIT: the names it takes */
    uint32_t choice_count;
} slot;

/* The effect this file is, once read: what f0r_get_plugin_info and
 * f0r_get_param_info report. `failure` says why there is none. */
typedef struct adapter {
    char file_name[256];      /* the plugin's name: its file's, without .so */
    char effect_id[256];
    int filter;               /* drawn over the incoming frame */
    const char *failure;      /* NULL when the effect was found */
    effect_host_plugin *plugin;
    const char *summary;
    const char *author;
    int major_version, minor_version;
    slot *slots;
    int slot_count;
} adapter;

/* The effect behind this file: found on first use, for the process's life.
 * Never NULL; its `failure` says when it cannot be used. */
const adapter *adapter_get(void);

/* One frei0r param's value, as the host last set it. */
typedef union slot_value {
    double number;
    f0r_param_color_t color;
    char *text;               /* owned */
} slot_value;

/* Fills `values` with each slot's default (strings copied). */
int slots_defaults(const adapter *adapter, slot_value *values);
void slots_free(const adapter *adapter, slot_value *values);

/* Sets slot `index` from the host's frei0r value; 1 when the value
 * changed. A string that cannot be copied is left as it was. */
int slot_set(const adapter *adapter, slot_value *values, int index, const void *param);
/* Writes slot `index`'s value as frei0r hands it back (strings: the
 * adapter's own copy, valid until the next set). */
void slot_get(const adapter *adapter, const slot_value *values, int index, void *param);

/* Whether the slot holds its default: a param whose slots all do is left
 * to the effect, as effect-host leaves a param not given. A number counts
 * as its default also as slot_number_text writes it, which is how an MLT
 * project keeps it. */
int slot_is_default(const slot *s, const slot_value *value);

/* Whether `text` is one of the names slot `s` takes (its choices). */
int slot_offers(const slot *s, const char *text);

/* A frei0r number as MLT writes a double into a project (mlt_property's
 * "%g": six significant digits), in the C locale's form when the process
 * keeps it (a tool writing a file); returns snprintf's count. */
int slot_number_text(char *out, size_t size, double x);

/* The effect param whose first slot is `index`, as an effect value for
 * create and set_param (strings point into `values`). Returns 0 for a slot
 * that sets nothing: an optional param left unset, an adapter's own. */
int slot_effect_value(const adapter *adapter, const slot_value *values, int index, effect_value *out);

/* Builds the slot table for effect `effect` of `plugin`, from the metadata
 * the host checked. */
int slots_build(adapter *adapter, const effect_host_plugin *plugin, uint32_t effect);

/* Seconds from the time a host passes to update, by the unit `unit` names
 * ("auto", "seconds", "milliseconds") and, for auto, by the program that
 * constructed the instance (`milliseconds_by_default`: ffmpeg). NaN when
 * the host passed no usable time. */
double clock_seconds(double host_time, const char *unit, int milliseconds_by_default);
/* Whether the code at `caller` belongs to a host that counts milliseconds
 * (ffmpeg), or is GStreamer's frei0r elements (host.c). */
int host_counts_milliseconds(const void *caller);
/* The pixels from one row to the next of the frames the host that
 * constructed an instance `width` pixels wide hands it: frei0r says
 * `width`, and ffmpeg 5.1 pads them (host.c). */
unsigned host_row_pixels(const void *caller, unsigned width);
int host_is_gstreamer(const void *caller);

/* Whether the frames of the ffmpeg in this process can be read for a time
 * its frei0r filter lost (ffmpeg_lost_time.c). */
int ffmpeg_frames_keep_time(void);
/* Called by f0r_update with its own stack frame: the time, in ffmpeg's
 * milliseconds, of the frame ffmpeg 5.1's frei0r filter handed over with
 * its timestamp lost (host_time about -3e20), read from the frame being
 * drawn into; `host_time` when it cannot be found. */
double ffmpeg_lost_time_or(double host_time, const void *update_frame, const uint32_t *outframe, unsigned width,
                           unsigned height, unsigned row_bytes);

/* Inside MLT 7, follows the services it makes from this file (mlt7.c):
 * their frames are drawn whole and a producer's at its clip's own time;
 * elsewhere, nothing. */
void mlt_follow_services(void);
/* While one of this file's MLT producers draws a frame on this thread, the
 * frame's time in its own clip, in seconds (mlt_clip_time.c); otherwise
 * `host_time`. */
double mlt_clip_time_or(double host_time);

/* Reports `line` on stderr once per process, prefixed by the plugin's name:
 * the one channel a frei0r host leaves for why a frame is blank. */
void adapter_report(const char *line);

#endif
