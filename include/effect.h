/*
 * effect.h: the effect plugin ABI, version 1.7.
 *
 * An effect is a deterministic, sampled model of a piece of motion. Given a
 * time t (seconds since the effect appeared) it writes the numbers a
 * renderer needs for that frame into memory the caller owns. A plugin is a
 * shared library carrying one or more effects behind this header. Hosts are
 * programs in any language that can call C: they dlopen the library, look
 * up one symbol, and talk to it only through the table that symbol returns.
 *
 * ------------------------------------------------------------------------
 * Conventions that hold for every function in this header
 * ------------------------------------------------------------------------
 *
 * Status.    Every function returns an effect_status: EFFECT_OK (0) on
 *            success, a negative EFFECT_ERR_* code otherwise. On failure
 *            nothing the caller owns has been written except the optional
 *            effect_error.
 *
 * Messages.  Every fallible function takes a trailing `effect_error *error`.
 *            It may be NULL. When it is not, and its struct_size is at
 *            least sizeof(effect_error) of ABI 1.0, a failing call stores
 *            the status and a one-line, NUL-terminated UTF-8 message there
 *            (truncated at a character boundary if longer than the buffer).
 *            A successful call leaves status EFFECT_OK and an empty message.
 *            The buffer is the caller's, so errors need no thread-local
 *            state and no freeing.
 *
 * Safety.    No function aborts, traps, prints, or reads past what its
 *            arguments describe when given bad input: NULL pointers, a
 *            struct_size that is too small, NaN, infinite or negative
 *            times, zero-capacity buffers, unknown names, values of the
 *            wrong type or out of range, and invalid UTF-8 all return an
 *            error status. Pointers that are non-NULL but do not point where
 *            the documentation says (a freed instance, a short buffer whose
 *            capacity is misreported) are outside what C can check.
 *
 * Strings.   All strings are UTF-8 and NUL-terminated. Strings a plugin
 *            returns are owned by the plugin: never free or modify them.
 *            Metadata strings (plugin, effect, param and channel info) stay
 *            valid until the library is unloaded. Strings returned through
 *            an instance (element text, display strings, string param
 *            values, notes) stay valid until that instance is destroyed. Strings
 *            the caller passes in are copied by the plugin before the call
 *            returns; the caller keeps ownership of them.
 *
 * Sizes.     Structs that may grow in a later minor version begin with
 *            `uint32_t struct_size`. For structs the caller asks the plugin
 *            to fill ("out" structs), the caller sets struct_size to
 *            sizeof the struct as its own header declares it; the plugin
 *            writes no more than that many bytes, and on return sets
 *            struct_size to the number of bytes it filled. A struct_size
 *            below the ABI 1.0 size gives EFFECT_ERR_STRUCT_SIZE (for a
 *            struct that came in a later minor, below its first size).
 *            "In" structs the caller fills (effect_draw_context) carry
 *            their struct_size too; the plugin reads no more than that many
 *            bytes, and fields past it take their documented defaults. The
 *            plugin table works the other way round: its struct_size says
 *            which functions the plugin provides. effect_value and
 *            effect_param_setting are frozen: they never grow, and a later
 *            minor adds value types, not fields.
 *
 * Threads.   Metadata calls (describe, effect_info, param_info,
 *            channel_info) are pure: call them from any thread at any time.
 *            create may run concurrently with anything, including other
 *            creates. An instance is read by sample, sample_many, get_param,
 *            strings, instance_info and element_info; those may run
 *            concurrently with each other on one instance from any number
 *            of threads, and so may layout and draw. set_param and destroy
 *            change an instance: they need exclusive access to it (no other
 *            call on that instance may overlap them). Instances never share mutable state.
 *            Each function's comment ends with its rule, in the forms
 *            effect_host.h uses: "Threads: any." (from any thread at any
 *            time, overlapping any call; for a callback the host hands in,
 *            it must allow that), "Threads: reads the instance." (may
 *            overlap the other reads of that instance) and "Threads:
 *            changes the instance." (needs it alone).
 *
 * Time.      t is in seconds since the effect appeared (SwiftUI's onAppear),
 *            finite and >= 0. Every duration in this ABI is in seconds.
 *            Sampling is random access: any t in any order, and the same t
 *            always gives bit-identical values. A plugin never reads a
 *            clock; the host owns time.
 *
 * Cost.      sample, sample_many and draw allocate nothing, take no locks and make
 *            no system calls. A failing call may allocate to write its
 *            message, and allocates nothing when `error` is NULL. (This
 *            is a promise about those three calls; create, set_param,
 *            layout and the metadata calls may allocate.)
 *
 * Values.    Every frame a call returns with EFFECT_OK holds finite values,
 *            each within its channel's declared min ... max.
 *
 * Errors.    A failing call returns one status. A NULL pointer argument the
 *            call needs is reported (NULL_POINTER) before anything else is
 *            checked, such as an index, a string's UTF-8, a name or a time
 *            (a pointer inside a struct or array it is given is checked
 *            with that struct); beyond that, which of several statuses
 *            that apply is returned is not specified. A message is one line of UTF-8: control characters
 *            a caller passed in a name come back written out as \u{hex}
 *            (a line feed as \u{a}, an escape as \u{1b}).
 *
 * Loading.   Loading a plugin must have no effect but making its symbols
 *            available: its library constructors (and anything that runs
 *            when it is loaded) must not print, read input, exit, raise
 *            signals, start threads or processes, or touch files, because
 *            a host loads every plugin on its search path to list them.
 *            effect-host loads each one first in a child process and skips
 *            a plugin that crashes, exits, hangs or prints there.
 *
 * Metadata.  Plugin and effect ids are kebab-case and param and channel
 *            names snake_case (lowercase ASCII letters and digits, starting
 *            with a letter, words joined by single separators); effect ids
 *            are unique in a plugin, param names in an effect, and channel
 *            names across an effect's three scopes. A numeric param has a
 *            finite range with min < max and a finite default within it; a
 *            param has a default unless it is optional; an enum's choices
 *            are distinct; a param's flags are EFFECT_PARAM_* bits of
 *            the plugin's minor, and MULTILINE marks only a STRING param.
 *            A plugin has 1 to
 *            1,024 effects; an effect at most 1,024 params and 4,096
 *            channels; an enum at most 4,096 choices. A host refuses a
 *            plugin that breaks any of these, naming the rule.
 *
 * Layout.    Only fixed-width integers, doubles and pointers appear in
 *            structs (and one union of such structs, effect_draw_item), and
 *            no struct is passed by value, so the types map one to one onto
 *            Python ctypes, Rust #[repr(C)] and the like.
 *            On LP64 platforms the sizes and offsets below are asserted at
 *            compile time and are part of the ABI.
 *
 * ------------------------------------------------------------------------
 * Versioning
 * ------------------------------------------------------------------------
 * A major version changes only when existing fields or functions change
 * meaning; a minor version may append fields to growable structs, append
 * functions to the plugin table, and add status codes, value types, flags
 * and timing kinds. A host must refuse a plugin whose abi_major differs
 * from its own, or whose abi_minor is newer than its own, and should name
 * both versions when it does; with one exception, below. The first 16
 * bytes of effect_plugin_api (struct_size, abi_major, abi_minor, reserved)
 * keep their layout in every major version, so any host can read them to
 * make that decision.
 *
 * The lowest minor a plugin needs (decided for ABI 1.5). A plugin may say
 * in its table's `reserved` word the lowest minor it needs, "needs_minor":
 * 0 (every plugin so far) means its own abi_minor. A host of minor h loads
 * a plugin whose abi_minor is newer than h when needs_minor is not 0 and
 * is at most h, and uses it as a plugin of minor h: it reads the table to
 * minor h's size and calls nothing newer, and the plugin, for its part,
 * returns nothing newer than minor h has (no item kind, value type, flag
 * or timing kind of a later minor) unless the host has shown it knows that
 * minor (an "in" struct the host passes, such as effect_draw_context, with
 * a struct_size that covers the minor's fields). Why: every struct that
 * grows carries its size and every function of the table belongs to one
 * minor, so what stops an older host is only what the plugin itself
 * makes, which only the plugin knows; with this word, a plugin built with
 * the newest header that uses nothing new still loads in the hosts its
 * users have, and its author need not keep an old header to build it.
 * Hosts written to ABI 1.0 to 1.4 refuse a newer minor whatever this word
 * holds, so such a plugin reaches them only when built with their header.
 * effect-host, effect.hpp and the Python package follow this rule.
 *
 * What 1.6 adds, for needs_minor: a text item's `length` (a run that is
 * the first `length` bytes of its string), in a field 1.5 reserved. No
 * struct the host passes grows, so a plugin cannot tell a 1.5 host from a
 * 1.6 one: a 1.6 plugin that never sets a length may say needs_minor 5;
 * one that does needs 1.6 (needs_minor 0 or 6), because a 1.5 host reads
 * the field as reserved and would draw the whole string.
 *
 * What 1.7 adds, for needs_minor: the param flag EFFECT_PARAM_MULTILINE,
 * which tells a host to offer a STRING param a multi-line field. A host
 * reads it through param_info, whose struct does not grow, before any
 * instance exists, so a plugin cannot tell a 1.6 host from a 1.7 one
 * there: a 1.7 plugin that marks no param multiline may say needs_minor 6
 * (or lower, by what else it uses); one that marks one needs 1.7
 * (needs_minor 0 or 7), as a later minor's flag must not reach an older
 * host. A plugin of an older minor never sets the bit, and a host of 1.7
 * or later refuses a param flag the plugin's minor does not define.
 */
#ifndef EFFECT_H
#define EFFECT_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define EFFECT_ABI_MAJOR 1
#define EFFECT_ABI_MINOR 7

/* The one symbol a plugin exports; see effect_plugin_entry below. */
#define EFFECT_ENTRY_SYMBOL "effect_plugin_entry"

#if defined(_WIN32)
#define EFFECT_EXPORT __declspec(dllexport)
#else
#define EFFECT_EXPORT __attribute__((visibility("default")))
#endif

/* ------------------------------------------------------------------------
 * Status codes
 * ------------------------------------------------------------------------ */

typedef int32_t effect_status;

#define EFFECT_OK                   0
/* A required pointer argument was NULL. */
#define EFFECT_ERR_NULL_POINTER    -1
/* A struct_size is smaller than the ABI 1.0 size of that struct. */
#define EFFECT_ERR_STRUCT_SIZE     -2
/* An effect, param, channel or element index is out of range. */
#define EFFECT_ERR_INDEX           -3
/* No effect with that id in this plugin. */
#define EFFECT_ERR_UNKNOWN_EFFECT  -4
/* No param with that name in this effect. */
#define EFFECT_ERR_UNKNOWN_PARAM   -5
/* A value's type does not fit the param (see effect_value). */
#define EFFECT_ERR_TYPE            -6
/* A value is NaN, infinite, outside the param's range, or names no choice. */
#define EFFECT_ERR_RANGE           -7
/* A string is not valid UTF-8. */
#define EFFECT_ERR_UTF8            -8
/* A time is NaN, infinite or negative. */
#define EFFECT_ERR_TIME            -9
/* An output buffer's capacity is too small for what must be written. */
#define EFFECT_ERR_BUFFER         -10
/* The param is fixed when the instance is created; set_param cannot change it. */
#define EFFECT_ERR_NOT_LIVE       -11
/* The same param was given twice to create. */
#define EFFECT_ERR_DUPLICATE      -12
/* The plugin ran out of memory. (A plugin written in Swift cannot report
 * this: the Swift runtime stops the process when memory runs out.) */
#define EFFECT_ERR_OUT_OF_MEMORY  -13
/* The plugin failed for a reason of its own; the message says which. */
#define EFFECT_ERR_INTERNAL       -14
/* The effect does not do what was asked (a layout, say). Since 1.1. */
#define EFFECT_ERR_UNSUPPORTED    -15

/* ------------------------------------------------------------------------
 * Errors
 * ------------------------------------------------------------------------ */

#define EFFECT_ERROR_MESSAGE_CAPACITY 512

/* Caller-owned detail for a failed call. Set struct_size to
 * sizeof(effect_error) and pass a pointer as the last argument of a call.
 * One effect_error may be reused across calls, but not shared between
 * threads calling at the same time. */
typedef struct effect_error {
    uint32_t struct_size;
    effect_status status;
    char message[EFFECT_ERROR_MESSAGE_CAPACITY];
} effect_error;

/* ------------------------------------------------------------------------
 * Values
 * ------------------------------------------------------------------------ */

/* Param types (effect_param_info.type) and value tags (effect_value.type). */
#define EFFECT_TYPE_NONE     0u  /* no value: an optional param left unset */
#define EFFECT_TYPE_NUMBER   1u  /* `number`: finite double */
#define EFFECT_TYPE_INTEGER  2u  /* `integer`: signed 64-bit */
#define EFFECT_TYPE_BOOL     3u  /* `integer`: 0 or 1 */
#define EFFECT_TYPE_ENUM     4u  /* one of the param's named choices */
#define EFFECT_TYPE_STRING   5u  /* `string`: UTF-8, NUL-terminated */
#define EFFECT_TYPE_COLOR    6u  /* `integer`: 0xRRGGBBAA, sRGB, straight alpha */

/* A tagged value. Only the field(s) named for its type are read.
 *
 * Passing values in (create, set_param):
 *   NUMBER   `number`. A NUMBER param also accepts an INTEGER value.
 *   INTEGER  `integer`. An INTEGER param also accepts a NUMBER value that is
 *            a whole number.
 *   BOOL     `integer`, 0 or 1.
 *   ENUM     `string` names the choice (preferred: names are stable); when
 *            `string` is NULL, `integer` is the choice's index.
 *   STRING   `string`, copied by the plugin.
 *   COLOR    `integer` in 0 ... 0xFFFFFFFF.
 *   NONE     unsets an optional param (EFFECT_PARAM_OPTIONAL); any other
 *            param refuses it with EFFECT_ERR_TYPE.
 *
 * Values coming out (defaults, get_param) have exactly the param's type,
 * or NONE for an unset optional param. ENUM values carry both the choice
 * name in `string` and its index in `integer`. Fields the type does not use
 * are zero / NULL. */
typedef struct effect_value {
    uint32_t type;
    uint32_t reserved;   /* 0 */
    double number;
    int64_t integer;
    const char *string;
} effect_value;

/* One named value, for create. */
typedef struct effect_param_setting {
    const char *name;
    effect_value value;
} effect_param_setting;

/* ------------------------------------------------------------------------
 * Metadata
 * ------------------------------------------------------------------------ */

/* Plugin-wide facts, filled by describe. */
typedef struct effect_plugin_info {
    uint32_t struct_size;
    uint32_t effect_count;     /* >= 1 */
    const char *id;            /* kebab-case, unique among plugins: "strike" */
    const char *name;          /* for people: "Strike" */
    const char *version;       /* the plugin's own version: "1.0.0" */
    const char *author;
    const char *license;       /* SPDX identifier where there is one */
    const char *summary;       /* one line */
} effect_plugin_info;

/* Timing kinds: how an instance's motion ends (effect_instance_info.timing)
 * and, as a bit mask, which kinds an effect can report (effect_info). */
#define EFFECT_TIMING_ENDS   1u  /* settles: every t >= end gives the frame at end */
#define EFFECT_TIMING_LOOPS  2u  /* repeats: for t >= loop_start, t and t + period
                                    give the same frame, but for COUNTER channels;
                                    "the same" within 1e-9 x max(1, |value|),
                                    since t + period is rounded where t is
                                    not */

/* One effect, filled by effect_info. */
typedef struct effect_info {
    uint32_t struct_size;
    uint32_t param_count;
    uint32_t global_channel_count;    /* values once per frame */
    uint32_t element_channel_count;   /* values once per element per frame */
    uint32_t attribute_count;         /* static values once per element */
    uint32_t timing_kinds;            /* mask of EFFECT_TIMING_* it may report */
    const char *id;            /* kebab-case, unique: "strikethrough-reveal" */
    const char *name;          /* for people: "Strikethrough Reveal" */
    const char *summary;       /* one line */
    const char *element_noun;  /* what an element is ("circle", "unit"), or "" */
    const char *timing_doc;    /* one line: when it ends or how it loops */
    const char *credit;        /* whose design it models, or "" */
} effect_info;

/* The same struct under a name of its own (since 1.2): the table member
 * that fills it is also called effect_info, and new code reads better when
 * the type and the function differ. Both names stay. */
typedef effect_info effect_description;

/* Param flags. */
#define EFFECT_PARAM_LIVE      1u  /* set_param may change it at a time t */
#define EFFECT_PARAM_OPTIONAL  2u  /* may be unset (EFFECT_TYPE_NONE) */
#define EFFECT_PARAM_MULTILINE 4u  /* STRING only, since 1.7: the effect shows
                                      a line break in its text as a new line,
                                      so a host offers a multi-line field
                                      (else a one-line one) */

/* One param, filled by param_info. Params are identified by name; their
 * index is only for enumeration. Names are snake_case. Every effect has a
 * `reduce_motion` BOOL param: the accessibility setting. */
typedef struct effect_param_info {
    uint32_t struct_size;
    uint32_t type;              /* EFFECT_TYPE_* (never NONE) */
    uint32_t flags;             /* EFFECT_PARAM_* (no other bit) */
    uint32_t choice_count;      /* ENUM: number of choices; otherwise 0 */
    const char *name;
    const char *unit;           /* "s", "pt", "deg", ... or "" */
    const char *doc;            /* one line */
    const char *const *choices; /* ENUM: choice_count names; otherwise NULL */
    double min;                 /* NUMBER, INTEGER: finite, min < max;  */
    double max;                 /*   otherwise 0 and 0                    */
    effect_value default_value; /* in range; NONE for an optional param
                                   that is unset by default */
} effect_param_info;

/* Channel scopes. Channel indices run over global channels first, then
 * element channels, then attributes. */
#define EFFECT_SCOPE_GLOBAL     0u  /* one value per frame */
#define EFFECT_SCOPE_ELEMENT    1u  /* one value per element per frame */
#define EFFECT_SCOPE_ATTRIBUTE  2u  /* one static value per element */

/* Channel flags. */
#define EFFECT_CHANNEL_DISCRETE 1u  /* whole numbers only; labels may name them */
#define EFFECT_CHANNEL_COUNTER  2u  /* counts the repeats of a looping instance:
                                       one more each period, the one channel
                                       allowed to differ between t and
                                       t + period (since 1.1); it stops at
                                       2^53, the largest whole number a double
                                       counts to one by one */

/* One channel, filled by channel_info. */
typedef struct effect_channel_info {
    uint32_t struct_size;
    uint32_t scope;             /* EFFECT_SCOPE_* */
    uint32_t flags;             /* EFFECT_CHANNEL_* */
    uint32_t label_count;       /* DISCRETE: names for values 0..label_count-1 */
    const char *name;           /* snake_case, unique within the effect */
    const char *unit;           /* "pt", "deg", ... or "" */
    const char *doc;            /* one line */
    const char *const *labels;  /* label_count names, or NULL when 0 */
    double min;                 /* the declared range of values; -INFINITY */
    double max;                 /*   / INFINITY where unbounded            */
} effect_channel_info;

/* ------------------------------------------------------------------------
 * Instances
 * ------------------------------------------------------------------------ */

typedef struct effect_instance effect_instance;  /* opaque */

/* Facts about one instance, filled by instance_info. element_count,
 * frame_size and layout_item_count never change during the instance's
 * life; the timing and the notes reflect the events set so far. */
typedef struct effect_instance_info {
    uint32_t struct_size;
    uint32_t element_count;
    uint64_t frame_size;     /* doubles per frame: global_channel_count
                                + element_count * element_channel_count */
    uint32_t timing;         /* EFFECT_TIMING_ENDS or EFFECT_TIMING_LOOPS */
    uint32_t reserved;       /* 0 */
    double end;              /* ENDS: settled from here on; LOOPS: 0 */
    double loop_start;       /* LOOPS: periodic from here on; ENDS: 0 */
    double period;           /* LOOPS: seconds per repeat; ENDS: 0 */
    /* Since 1.1; a 1.0 plugin fills only the fields above (check the
     * returned struct_size) and does no layout. */
    uint32_t layout_item_count;  /* items `layout` places; 0: no layout */
    uint32_t reserved2;          /* 0 */
    /* Since 1.5; an earlier plugin fills only the fields above (check the
     * returned struct_size) and has no notes. */
    const char *notes;           /* what the params as given leave out that
                                    a person should hear, as the frames alone
                                    would not say it (a highlight phrase that
                                    matches no word of the text): one line
                                    each, "\n" between them, UTF-8; NULL or ""
                                    for none (a plugin that zeroes the struct
                                    has none). Instance-owned. A host passes
                                    each on to its user once. */
} effect_instance_info;

/* The size of effect_instance_info in ABI 1.0, the least a caller may pass. */
#define EFFECT_INSTANCE_INFO_SIZE_1_0 48u
/* Its size in ABI 1.1 to 1.4, where `notes` begins: a plugin filled
 * `notes` when the struct_size it returns covers it. */
#define EFFECT_INSTANCE_INFO_SIZE_1_1 56u

/* ------------------------------------------------------------------------
 * Layout (since 1.1)
 * ------------------------------------------------------------------------
 * Some effects also place things, the way their component lays them out:
 * Reveal wraps its chunks (a word, a highlighted phrase or a line) into
 * rows. The caller measures each layout item in its own units (points,
 * pixels) and gives the container's width in the same units; the effect
 * returns where each item goes, y pointing down. Which elements belong to
 * which item is the effect's business (Reveal: the `chunk` attribute).
 *
 * `layout` writes EFFECT_LAYOUT_HEADER doubles, then EFFECT_LAYOUT_STRIDE
 * doubles per item, at the offsets named below. */
#define EFFECT_LAYOUT_HEADER          2
#define EFFECT_LAYOUT_WIDTH           0  /* header: the widest row */
#define EFFECT_LAYOUT_HEIGHT          1  /* header: all rows together */
#define EFFECT_LAYOUT_STRIDE         10
#define EFFECT_LAYOUT_X               0  /* where the item's measured box goes */
#define EFFECT_LAYOUT_Y               1
#define EFFECT_LAYOUT_ITEM_WIDTH      2  /* the measured size, as given */
#define EFFECT_LAYOUT_ITEM_HEIGHT     3
#define EFFECT_LAYOUT_DECORATION_X    4  /* a shape drawn behind the item, */
#define EFFECT_LAYOUT_DECORATION_Y    5  /*   such as Reveal's highlight    */
#define EFFECT_LAYOUT_DECORATION_W    6  /*   block; all five are 0 when    */
#define EFFECT_LAYOUT_DECORATION_H    7  /*   the item has none             */
#define EFFECT_LAYOUT_DECORATION_R    8  /* its corner radius */
#define EFFECT_LAYOUT_ROW             9  /* the row the item is on, from 0 */

/* One element of an instance, filled by element_info. */
typedef struct effect_element_info {
    uint32_t struct_size;
    uint32_t attribute_count;   /* = effect_info.attribute_count */
    const char *text;           /* the element's text (a text unit), or "" */
    const double *attributes;   /* attribute_count values, in attribute
                                   order; NULL when 0. Instance-owned. */
} effect_element_info;

/* What a renderer shows and what assistive technology reads, at time t.
 * Instance-owned; never NULL (empty strings where there is nothing). */
typedef struct effect_strings {
    uint32_t struct_size;
    uint32_t reserved;                 /* 0 */
    const char *text;                  /* the text as displayed */
    const char *accessibility_label;
    const char *accessibility_value;
} effect_strings;

/* ------------------------------------------------------------------------
 * Drawing (since 1.2)
 * ------------------------------------------------------------------------
 * An effect that draws itself writes each frame as a display list: the
 * shapes and text its component's view body draws at time t, in order,
 * back to front, so a host can draw any effect without knowing it. A host
 * that cannot or does not want to draw an effect still samples its
 * channels; an effect from a 1.0 or 1.1 plugin, or one whose `draw`
 * returns EFFECT_ERR_UNSUPPORTED, has no display list.
 *
 * Coordinates.  Points, y pointing down, origin at the top-leading corner
 *            of the view's own frame (effect_drawing.width x height). Ink
 *            may reach outside that frame (a circle scaled up, a rising
 *            unit); effect_drawing.bounds holds every frame's ink.
 *
 * Structure. Items come in drawing order. A GROUP item opens a group and
 *            the next END_GROUP item closes it; groups nest and are always
 *            balanced within one list. A group's transform, filters, clip
 *            and opacity apply to everything inside it. A SHAPE item is
 *            followed by its `segment_count` SEGMENT items (paths) and then
 *            its `stop_count` STOP items (gradient fills); those belong to
 *            the shape and are not drawn by themselves.
 *
 * Identity.  Every item carries an `id` that names the same visual thing
 *            in every frame of the instance and for every t: a renderer may
 *            diff frames by id, and an exporter may turn the values of one
 *            id across frames into keyframes. Within one list, each GROUP,
 *            SHAPE and TEXT id appears once; an END_GROUP carries the id of
 *            the group it closes, and SEGMENT and STOP items the id of their
 *            shape. An item may be absent from some frames (a view that is
 *            shown only sometimes); it keeps its id when it comes back.
 *            An id keeps its kind for every t, and from one frame to the
 *            next it stays in the same group (the id of the GROUP around
 *            it, or the top level). Ids are not frame numbers or list
 *            positions: two frames that draw the same items number them
 *            the same. `effect-host validate` checks each of these.
 *            docs/effects.md lists the ids of the bundled effects.
 *
 * Text.      Runs of text are measured by the host, through the
 *            effect_draw_context's `measure` callback, so text drawn with
 *            the host's fonts lands where the effect placed it; without a
 *            callback the effect measures with the reference metrics below,
 *            which give the same answer everywhere. Layout that depends on
 *            text size (wrapping, centring, a line across a text) happens
 *            inside the effect, from those measurements.
 *
 * Values.    Sizes (frame and clip widths and heights, corner radii, stroke
 *            widths, font sizes) are >= 0; opacity is within 0 ... 1,
 *            saturation >= 0 and blur >= 0; trims satisfy
 *            0 <= trim_start <= trim_end <= 1 (start = end draws nothing).
 *            Ids are unique across kinds: a group, a shape and a text never
 *            share one within a frame.
 *
 * Failure.   When draw fails, what it wrote into `items` is unspecified
 *            (scratch); only *out is defined, and only for BUFFER.
 *
 * Colours are 0xRRGGBBAA, sRGB, straight alpha, as EFFECT_TYPE_COLOR.
 * Angles are degrees, clockwise on the y-down canvas (SwiftUI's
 * rotationEffect). Every number in a list is finite. */

/* Item kinds (effect_draw_item.head.kind). */
#define EFFECT_ITEM_GROUP      1u  /* opens a group: effect_draw_group */
#define EFFECT_ITEM_END_GROUP  2u  /* closes the innermost open group; head only */
#define EFFECT_ITEM_SHAPE      3u  /* a filled and/or stroked shape: effect_draw_shape */
#define EFFECT_ITEM_TEXT       4u  /* a run of text on a baseline: effect_draw_text */
#define EFFECT_ITEM_SEGMENT    5u  /* one segment of its shape's path: effect_draw_segment */
#define EFFECT_ITEM_STOP       6u  /* one stop of its shape's gradient: effect_draw_stop */

/* Shapes (effect_draw_shape.shape, effect_draw_group.clip_shape). All but
 * PATH fill their `frame`. */
#define EFFECT_SHAPE_NONE          0u  /* clip_shape only: no clip */
#define EFFECT_SHAPE_RECT          1u
#define EFFECT_SHAPE_ROUNDED_RECT  2u  /* circular corners of corner_radius. SwiftUI's
                                          .continuous corners are approximated
                                          by circular ones of the same radius. */
#define EFFECT_SHAPE_CAPSULE       3u  /* corners of half the shorter side */
#define EFFECT_SHAPE_ELLIPSE       4u  /* the ellipse inscribed in the frame */
#define EFFECT_SHAPE_PATH          5u  /* the SEGMENT items that follow */

/* Paints (effect_draw_shape.fill). */
#define EFFECT_PAINT_NONE             0u
#define EFFECT_PAINT_SOLID            1u  /* fill_color */
#define EFFECT_PAINT_LINEAR_GRADIENT  2u  /* from (gradient_x0, y0) to (x1, y1), in
                                             the shape's coordinates, through the
                                             STOP items; padded beyond the ends */

/* Stroke ends and corners (effect_draw_shape.line_cap, line_join). */
#define EFFECT_CAP_BUTT     0u
#define EFFECT_CAP_ROUND    1u
#define EFFECT_CAP_SQUARE   2u
#define EFFECT_JOIN_MITER   0u
#define EFFECT_JOIN_ROUND   1u
#define EFFECT_JOIN_BEVEL   2u

/* Path segments (effect_draw_segment.verb). A path starts with MOVE. */
#define EFFECT_SEGMENT_MOVE   0u  /* start a subpath at (x, y) */
#define EFFECT_SEGMENT_LINE   1u  /* a line to (x, y) */
#define EFFECT_SEGMENT_CUBIC  2u  /* a cubic Bezier through (x1, y1), (x2, y2) to (x, y) */
#define EFFECT_SEGMENT_CLOSE  3u  /* back to the subpath's start */

/* Font weights (effect_draw_text.weight), as CSS and OpenType number them. */
#define EFFECT_WEIGHT_REGULAR   400.0
#define EFFECT_WEIGHT_MEDIUM    500.0
#define EFFECT_WEIGHT_SEMIBOLD  600.0
#define EFFECT_WEIGHT_BOLD      700.0

typedef struct effect_rect {
    double x, y, width, height;
} effect_rect;

/* What every item starts with. */
typedef struct effect_draw_head {
    uint32_t kind;   /* EFFECT_ITEM_* */
    uint32_t id;     /* stable: see Identity above */
} effect_draw_head;

/* A group's transform maps a point p of its content to its parent as
 *     p' = translate + anchor + R(rotation) . S(scale_x, scale_y) . (p - anchor)
 * (scale and turn about the anchor, then move): SwiftUI's scaleEffect and
 * rotationEffect about an anchor, then offset. The identity is anchor 0,
 * translate 0, scale 1, rotation 0. */
typedef struct effect_transform {
    double anchor_x, anchor_y;
    double translate_x, translate_y;
    double scale_x, scale_y;
    double rotation;            /* degrees, clockwise */
} effect_transform;

/* EFFECT_ITEM_GROUP. The content is drawn, then filtered (saturation, then
 * blur), then clipped, then composited with `opacity`, and all of it
 * (clip included) is transformed into the parent, as an SVG <g> applies
 * filter, clip-path and opacity. */
typedef struct effect_draw_group {
    uint32_t kind;
    uint32_t id;
    effect_transform transform;
    double opacity;             /* 0 ... 1; 1 leaves the content as it is */
    double blur;                /* SwiftUI's blur radius in points; 0: none. As a
                                   Gaussian's standard deviation, radius / 2. */
    double saturation;          /* 1 unchanged, 0 grey (SwiftUI's saturation) */
    uint32_t clip_shape;        /* EFFECT_SHAPE_NONE, RECT, ROUNDED_RECT, CAPSULE, ELLIPSE */
    uint32_t reserved;          /* 0 */
    effect_rect clip;           /* in the content's coordinates */
    double clip_corner_radius;  /* ROUNDED_RECT */
} effect_draw_group;

/* EFFECT_ITEM_SHAPE. */
typedef struct effect_draw_shape {
    uint32_t kind;
    uint32_t id;
    uint32_t shape;             /* EFFECT_SHAPE_*, never NONE */
    uint32_t segment_count;     /* PATH: SEGMENT items that follow; otherwise 0 */
    effect_rect frame;          /* all shapes but PATH */
    double corner_radius;       /* ROUNDED_RECT */
    double trim_start;          /* the part of the outline drawn, as fractions of */
    double trim_end;            /*   its length from its start: 0 and 1 for all
                                     of it (SwiftUI's trim(from:to:)). A path
                                     starts at its first MOVE; rects, rounded
                                     rects and capsules at their top-leading
                                     corner and an ellipse at its trailing
                                     end (3 o'clock), all running clockwise
                                     on screen. It trims the stroke; a
                                     renderer may fill a trimmed shape
                                     whole, so an effect that needs part of
                                     a fill clips instead. */
    uint32_t fill;              /* EFFECT_PAINT_* */
    uint32_t fill_color;        /* SOLID */
    double gradient_x0, gradient_y0, gradient_x1, gradient_y1;  /* LINEAR_GRADIENT: the
                                   ends, in the same coordinates as `frame` (not
                                   relative to it) */
    uint32_t stop_count;        /* LINEAR_GRADIENT: STOP items after the segments;
                                   0 for any other fill */
    uint32_t stroke_color;
    double stroke_width;        /* 0: no stroke */
    uint32_t line_cap;          /* EFFECT_CAP_* */
    uint32_t line_join;         /* EFFECT_JOIN_* */
} effect_draw_shape;

/* EFFECT_ITEM_TEXT: one run of text in one font, left to right from
 * (x, y) on its baseline. `advance`, `ascent` and `descent` are what the
 * measurer answered for it, so a renderer can fit the run to the width the
 * effect laid out (SVG's textLength, say).
 *
 * The run (since 1.6). `length` 0 draws the whole NUL-terminated `text`, as
 * before. Any other `length` draws the first `length` bytes of `text`
 * only: a typewriter, a per-character reveal or a counter keeps ONE copy
 * of its text and draws a prefix of it, so its memory grows with the text
 * and not with the square of it, and the prefix is shaped as one run
 * (Arabic letters join as SwiftUI's Text(text.prefix(n)) joins them).
 * `text` may point inside a string the instance owns, so a run may be any
 * range of it (one character of a per-character reveal, say). The length
 * must be no more than the string's (the host reads no further than
 * `length` bytes, and refuses a NUL before them) and must end on a
 * character boundary (it must not split a UTF-8 sequence; a host refuses
 * the list, EFFECT_ERR_INTERNAL in effect-host, naming the item). End it
 * on a grapheme cluster boundary, too: a prefix that splits "e" + U+0301
 * draws the e without its accent, as no SwiftUI prefix of a String does.
 * A 1.5 host reads this field as reserved and draws the whole string, so
 * a plugin that sets a length needs 1.6 (see Versioning).
 *
 * Measuring a run. The measurer takes NUL-terminated text, so draw, which
 * may not allocate, measures a prefix piecewise: copy it to a stack buffer
 * in pieces that end on grapheme boundaries, measure each, and add up the
 * advances (the ascent and descent are the largest of the pieces'). A
 * prefix that fits one piece measures exactly; a longer one may miss the
 * kerning across a cut by a fraction of a point. A renderer may fit the
 * run to `advance` (effect-host's SVG and web pages do, by textLength);
 * one that shapes the run with its font draws the run's own width (its
 * PNG frames), so the two differ by that kerning only. Without a
 * measurer, effect_reference_measure_run measures the bytes in place. The
 * kits do this: effect_kit_measure_run (C), Canvas.measure of a
 * CString.Run (Swift). */
typedef struct effect_draw_text {
    uint32_t kind;
    uint32_t id;
    const char *text;           /* UTF-8; instance-owned: valid until destroy */
    double x, y;                /* the start of the baseline */
    double size;                /* font size in points */
    double weight;              /* 100 ... 900; EFFECT_WEIGHT_* */
    double tracking;            /* points added after every character */
    double advance;             /* the run's measured width, tracking included */
    double ascent, descent;     /* measured, above and below the baseline */
    uint32_t color;
    uint32_t length;            /* since 1.6: the run is the first `length`
                                   bytes of `text`, on a character boundary
                                   and no longer than the string; 0: the
                                   whole NUL-terminated string (see above).
                                   Before 1.6 `reserved`, 0. */
} effect_draw_text;

/* EFFECT_ITEM_SEGMENT, in the shape's coordinates. */
typedef struct effect_draw_segment {
    uint32_t kind;
    uint32_t id;
    uint32_t verb;              /* EFFECT_SEGMENT_* */
    uint32_t reserved;          /* 0 */
    double x, y;                /* the end point */
    double x1, y1, x2, y2;      /* CUBIC: the control points; otherwise 0 */
} effect_draw_segment;

/* EFFECT_ITEM_STOP. Stops come in order of offset. */
typedef struct effect_draw_stop {
    uint32_t kind;
    uint32_t id;
    double offset;              /* 0 ... 1 along the gradient */
    uint32_t color;
    uint32_t reserved;          /* 0 */
} effect_draw_stop;

/* One display-list item: read head.kind, then the member it names. The
 * size is frozen at 160 bytes: a later minor adds item kinds, and fields
 * only in the room every member leaves unused. */
typedef union effect_draw_item {
    effect_draw_head head;
    effect_draw_group group;        /* GROUP; END_GROUP uses head only */
    effect_draw_shape shape;        /* SHAPE */
    effect_draw_text text;          /* TEXT */
    effect_draw_segment segment;    /* SEGMENT */
    effect_draw_stop stop;          /* STOP */
    uint8_t size_[160];
} effect_draw_item;

/* What the measurer answers for one run of text. */
typedef struct effect_text_metrics {
    double advance;             /* the run's width, `tracking` after every character included */
    double ascent;              /* >= 0: the line's extent above the baseline */
    double descent;             /* >= 0: and below it */
} effect_text_metrics;

/* Measures `text` (UTF-8, NUL-terminated) in the host's font at `size`
 * points, `weight` (100 ... 900) and `tracking` points after each
 * character, and stores the result in *out. `context` is the draw
 * context's measure_context. It may be called many times in one draw and
 * from as many threads as the host draws from at once; it must answer the
 * same for the same arguments, and must not call back into the plugin. A
 * plugin may keep an answer for the rest of the draw (the Swift kit does),
 * never for a later draw, whose fonts may have changed. It
 * fills every field of *out when it returns EFFECT_OK.
 * Return EFFECT_OK, or any other status to make the draw fail with
 * EFFECT_ERR_RANGE. The advance may be negative (tracking can be); the
 * ascent and descent may not. A terminal host measures in its cells (a
 * run as wide as its characters take, at some points per cell).
 * Threads: any. */
typedef effect_status (*effect_measure_fn)(void *context, const char *text, double size, double weight,
                                           double tracking, effect_text_metrics *out);

/* Appearances (effect_draw_context.appearance): the colour scheme the
 * frame is drawn for, as SwiftUI's colorScheme. An effect whose colours
 * adapt (text that is dark on a light ground and light on a dark one)
 * picks them by it; colours a caller set through params are drawn as set. */
#define EFFECT_APPEARANCE_LIGHT  0u
#define EFFECT_APPEARANCE_DARK   1u

/* What the host tells `draw`: an "in" struct. A struct_size below its
 * ABI 1.2 size (EFFECT_DRAW_CONTEXT_SIZE_1_2: 40 bytes on LP64, 32 on
 * wasm32) is refused; fields a later minor appends take the defaults in
 * brackets when the caller's struct ends before them, so a 1.2 host's
 * context draws in the light appearance. Pass NULL for all defaults. A
 * 1.2 plugin reads only the 1.2 size's bytes: it draws in
 * its one appearance whatever `appearance` says (check the plugin's
 * abi_minor to know). */
typedef struct effect_draw_context {
    uint32_t struct_size;       /* sizeof(effect_draw_context) */
    uint32_t reserved;          /* 0 */
    double width;               /* the width proposed to the view, as SwiftUI's
                                   layout proposes one: text-reveal wraps
                                   its rows to it; 0 or INFINITY for none,
                                   the view's ideal width [0] */
    double height;              /* likewise [0] */
    effect_measure_fn measure;  /* NULL: the reference metrics [NULL] */
    void *measure_context;      /* handed to measure [NULL] */
    /* ---- Since 1.3 ---- */
    uint32_t appearance;        /* EFFECT_APPEARANCE_*; any other value is
                                   EFFECT_ERR_RANGE [LIGHT] */
    uint32_t reserved2;         /* 0 */
} effect_draw_context;

/* What `draw` reports besides its items ("out" struct). */
typedef struct effect_drawing {
    uint32_t struct_size;
    uint32_t reserved;          /* 0 */
    uint64_t item_count;        /* items written; with EFFECT_ERR_BUFFER, the
                                   capacity this t needs */
    double width, height;       /* the view's own frame */
    effect_rect bounds;         /* contains the ink of every frame of this
                                   instance drawn with this context (for
                                   events set so far): a canvas that holds
                                   the whole animation. Ink: each shape's
                                   outline grown by half its stroke, each
                                   text run from x to x + advance and from
                                   ascent above its baseline to descent
                                   below, through the groups' transforms;
                                   a host cuts off what lies outside */
    uint64_t max_item_count;    /* no frame of this instance needs more items,
                                   with this context and these events */
} effect_drawing;

/* ---- Reference metrics ---------------------------------------------------
 * What `draw` measures text with when the host gives no measurer: widths
 * close to a system sans-serif (Helvetica's advance widths, which SF Pro
 * and most sans faces are near), so a picture drawn anywhere has the same
 * geometry. For each code point: printable ASCII from the table below in
 * 1/1000 em; U+0300...U+036F, U+200B...U+200F, U+20D0...U+20FF and
 * U+FE00...U+FE0F 0; East Asian wide and emoji code points (the ranges in
 * effect_reference_wide) 1000; any other code point 556. Heavier weights
 * widen the run: by 1 + 0.06 * (clamp(weight, 400, 700) - 400) / 300.
 * `tracking` is added after every code point of non-zero width. The ascent
 * is 0.952 and the descent 0.241 of the size (SF Pro's). Invalid UTF-8
 * bytes count as one code point of 556 each. */
#define EFFECT_REFERENCE_ASCENT   0.952
#define EFFECT_REFERENCE_DESCENT  0.241

/* Nonzero for a code point the reference metrics draw two cells wide
 * (CJK, Hangul, fullwidth forms, most emoji).
 * Threads: any. */
static inline int effect_reference_wide(uint32_t c) {
    return (c >= 0x1100 && c <= 0x115F) || (c >= 0x2E80 && c <= 0x303E) || (c >= 0x3041 && c <= 0x33FF) ||
           (c >= 0x3400 && c <= 0x4DBF) || (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0xA000 && c <= 0xA4CF) ||
           (c >= 0xAC00 && c <= 0xD7A3) || (c >= 0xF900 && c <= 0xFAFF) || (c >= 0xFE30 && c <= 0xFE4F) ||
           (c >= 0xFF00 && c <= 0xFF60) || (c >= 0xFFE0 && c <= 0xFFE6) || (c >= 0x1F300 && c <= 0x1F64F) ||
           (c >= 0x1F900 && c <= 0x1F9FF) || (c >= 0x20000 && c <= 0x3FFFD);
}

/* The reference advance of code point c in 1/1000 em.
 * Threads: any. */
static inline int effect_reference_advance(uint32_t c) {
    static const unsigned short ascii[95] = {
        278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278,   /* space ... / */
        556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556,   /* 0 ... ? */
        1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778,  /* @ ... O */
        667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556,   /* P ... _ */
        333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556,   /* ` ... o */
        556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,        /* p ... ~ */
    };
    if (c >= 0x20 && c < 0x7F) return ascii[c - 0x20];
    if (c < 0x20 || c == 0x7F) return 0;
    if ((c >= 0x300 && c <= 0x36F) || (c >= 0x200B && c <= 0x200F) || (c >= 0x20D0 && c <= 0x20FF) ||
        (c >= 0xFE00 && c <= 0xFE0F))
        return 0;
    return effect_reference_wide(c) ? 1000 : 556;
}

/* Measures the first `length` bytes of UTF-8 `text` with the reference
 * metrics, stopping early at a NUL (since 1.6: the measure of a text
 * item's run, read in place). A sequence cut by `length` counts as an
 * invalid byte per byte. Never fails, allocates nothing, reads no byte at
 * or past text + length ((size_t)-1: up to the NUL).
 * Threads: any. */
static inline effect_status effect_reference_measure_run(const char *text, size_t length, double size, double weight,
                                                         double tracking, effect_text_metrics *out) {
    const unsigned char *p = (const unsigned char *)text;
    size_t left = length;
    long thousandths = 0;
    long marks = 0;
    double heavier;
    if (out == NULL) return EFFECT_ERR_NULL_POINTER;
    while (p != NULL && left > 0 && *p != 0) {
        uint32_t c = *p;
        int bytes = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 0;
        int i;
        int advance;
        if (bytes == 0 || (size_t)bytes > left) bytes = 1, c = 0xFFFD;
        else if (bytes > 1) {
            c &= 0x7Fu >> bytes;
            for (i = 1; i < bytes; i++) {
                if ((p[i] & 0xC0) != 0x80) break;
                c = (c << 6) | (p[i] & 0x3Fu);
            }
            /* Overlong forms, surrogates and code points past U+10FFFF are
             * invalid too: one code point of 556, as any invalid byte. */
            if (i < bytes || (bytes == 2 && c < 0x80) || (bytes == 3 && (c < 0x800 || (c >= 0xD800 && c <= 0xDFFF))) ||
                (bytes == 4 && (c < 0x10000 || c > 0x10FFFF)))
                bytes = 1, c = 0xFFFD;
        }
        advance = effect_reference_advance(c);
        thousandths += advance;
        if (advance > 0) marks += 1;
        p += bytes;
        left -= (size_t)bytes;
    }
    heavier = weight < 400 ? 0 : weight > 700 ? 300 : weight - 400;
    out->advance = (double)thousandths / 1000 * size * (1 + 0.06 * heavier / 300) + (double)marks * tracking;
    out->ascent = EFFECT_REFERENCE_ASCENT * size;
    out->descent = EFFECT_REFERENCE_DESCENT * size;
    return EFFECT_OK;
}

/* Measures NUL-terminated UTF-8 `text` with the reference metrics. Never
 * fails, allocates nothing, and may be called from any thread; it has the
 * shape of an effect_measure_fn (context is unused).
 * Threads: any. */
static inline effect_status effect_reference_measure(void *context, const char *text, double size, double weight,
                                                     double tracking, effect_text_metrics *out) {
    (void)context;
    /* As long a run as a size_t counts: it ends at the NUL. */
    return effect_reference_measure_run(text, (size_t)-1, size, weight, tracking, out);
}

/* ------------------------------------------------------------------------
 * Host text services (since 1.4)
 * ------------------------------------------------------------------------
 * Chinese, Japanese, Thai, Lao, Khmer and Myanmar write words without
 * spaces between them, so a plugin that animates or wraps words cannot find
 * them by itself: that takes a dictionary (ICU's is tens of megabytes), and
 * where a row may break takes Unicode's line-breaking rules (UAX #14: no
 * row starts with "。" or "」"). A host that has them hands them to
 * create_with_services, and the plugin asks once, while it builds an
 * instance; a plugin given none splits words at white space only.
 */

/* Flags in the array an effect_segment_fn fills: what falls before a byte. */
#define EFFECT_BREAK_WORD  1u  /* a word boundary (UAX #29, with a dictionary) */
#define EFFECT_BREAK_LINE  2u  /* a row may break here (UAX #14) */

/* Finds where the words and the allowed row breaks of `text` fall: `text`
 * is `length` bytes of valid UTF-8 (not NUL-terminated, and may hold
 * several lines); the function writes length + 1 bytes to `flags`, where
 * flags[i] holds the EFFECT_BREAK_* flags of the position before byte i
 * (flags[length] is the end of the text, flags[0] its start), and 0 for a
 * position inside a character. `context` is the services' segment_context.
 * Called only from create_with_services and set_param, from any thread,
 * possibly from several at once; it must answer the same for the same
 * text and must not call back into the plugin. Return EFFECT_OK, or any
 * other status when it cannot segment; the plugin then splits that text at
 * white space only, as if it had been given no services.
 * Threads: any. */
typedef effect_status (*effect_segment_fn)(void *context, const char *text, uint64_t length, uint8_t *flags);

/* What a host offers a plugin at create_with_services: an "in" struct. A
 * struct_size below its ABI 1.4 size (32) is refused; the plugin keeps the
 * pointer, and calls through it until the instance is destroyed, so the
 * struct and its context must stay valid (and unchanged) until then. */
typedef struct effect_host_services {
    uint32_t struct_size;       /* sizeof(effect_host_services) */
    uint32_t reserved;          /* 0 */
    effect_segment_fn segment;  /* NULL: words at white space only */
    void *segment_context;      /* handed to segment */
    uint64_t reserved2;         /* 0 */
} effect_host_services;

/* ------------------------------------------------------------------------
 * The plugin table
 * ------------------------------------------------------------------------ */

typedef struct effect_plugin_api effect_plugin_api;

/* Every function that takes `self` needs the table effect_plugin_entry
 * returned, or a copy of it (ctypes and Rust copy structs by default). */
struct effect_plugin_api {
    /* Never change layout across major versions. */
    uint32_t struct_size;   /* sizeof(effect_plugin_api) the plugin was built with */
    uint32_t abi_major;     /* EFFECT_ABI_MAJOR the plugin was built with */
    uint32_t abi_minor;     /* EFFECT_ABI_MINOR the plugin was built with */
    uint32_t reserved;      /* 0, or needs_minor: the lowest minor the plugin
                               needs (see Versioning) */

    /* Fills *out with the plugin's metadata.
     * Errors: NULL_POINTER, STRUCT_SIZE, INTERNAL (the plugin cannot
     * describe itself: a host should report it as broken).
     * Threads: any. */
    effect_status (*describe)(const effect_plugin_api *self,
                              effect_plugin_info *out,
                              effect_error *error);

    /* Fills *out for effect effect_index (0 ... effect_count-1).
     * Errors: NULL_POINTER, STRUCT_SIZE, INDEX, INTERNAL (as describe).
     * Threads: any. */
    effect_status (*effect_info)(const effect_plugin_api *self,
                                 uint32_t effect_index,
                                 effect_info *out,
                                 effect_error *error);

    /* Fills *out for one param of an effect.
     * Errors: NULL_POINTER, STRUCT_SIZE, INDEX, INTERNAL (as describe).
     * Threads: any. */
    effect_status (*param_info)(const effect_plugin_api *self,
                                uint32_t effect_index,
                                uint32_t param_index,
                                effect_param_info *out,
                                effect_error *error);

    /* Fills *out for one channel of an effect; channel_index runs over
     * global channels, then element channels, then attributes.
     * Errors: NULL_POINTER, STRUCT_SIZE, INDEX, INTERNAL (as describe).
     * Threads: any. */
    effect_status (*channel_info)(const effect_plugin_api *self,
                                  uint32_t effect_index,
                                  uint32_t channel_index,
                                  effect_channel_info *out,
                                  effect_error *error);

    /* Creates an instance of the effect named effect_id, with the given
     * params; params not given take their defaults. `settings` may be NULL
     * when setting_count is 0. On success *out_instance receives a new
     * instance the caller owns and must pass to destroy. On failure
     * *out_instance is set to NULL (when out_instance is not NULL) and no
     * instance exists.
     * Errors: NULL_POINTER, UTF8, UNKNOWN_EFFECT, UNKNOWN_PARAM, TYPE,
     * RANGE, DUPLICATE, OUT_OF_MEMORY, INTERNAL.
     * Threads: any. */
    effect_status (*create)(const effect_plugin_api *self,
                            const char *effect_id,
                            const effect_param_setting *settings,
                            uint32_t setting_count,
                            effect_instance **out_instance,
                            effect_error *error);

    /* Destroys an instance and every string and buffer it returned.
     * destroy(NULL) does nothing and returns EFFECT_OK. Needs exclusive
     * access to the instance. Never fails otherwise.
     * Threads: changes the instance. */
    effect_status (*destroy)(effect_instance *instance);

    /* Fills *out with the instance's element count, frame size and timing.
     * Errors: NULL_POINTER, STRUCT_SIZE.
     * Threads: reads the instance. */
    effect_status (*instance_info)(const effect_instance *instance,
                                   effect_instance_info *out,
                                   effect_error *error);

    /* Fills *out for element `element` (0 ... element_count-1).
     * Errors: NULL_POINTER, STRUCT_SIZE, INDEX.
     * Threads: reads the instance. */
    effect_status (*element_info)(const effect_instance *instance,
                                  uint32_t element,
                                  effect_element_info *out,
                                  effect_error *error);

    /* Stores in *out the value param `name` has at time t, after every
     * event at or before t. String values are instance-owned.
     * Errors: NULL_POINTER, UTF8, UNKNOWN_PARAM, TIME.
     * Threads: reads the instance. */
    effect_status (*get_param)(const effect_instance *instance,
                               const char *name,
                               double t,
                               effect_value *out,
                               effect_error *error);

    /* An event: from time t on, param `name` has `value`. Frames before t
     * are unchanged; what the change does from t on is the effect's own
     * behaviour (an animation starting at t, a jump, ...). Events may be
     * set in any order of t; several events at one t apply in the order
     * they were set, and the effect sees them together. Only LIVE params
     * can be set. Needs exclusive access to the instance.
     * Cost: for the bundled effects (and any built with the Swift kit
     * that is EventStepping), an event later than every earlier one, or
     * at the latest event's time (several params set at one t), costs
     * amortised O(1); one before the latest event's time rebuilds the
     * model from every event, O(n).
     * Errors: NULL_POINTER, UTF8, UNKNOWN_PARAM, NOT_LIVE, TYPE, RANGE
     * (also for a value the effect refuses in combination with the others,
     * or past the plugin's limit on events: 1,000,000 for plugins built
     * with the Swift kit), TIME, OUT_OF_MEMORY, INTERNAL. On failure the
     * instance is unchanged.
     * Threads: changes the instance. */
    effect_status (*set_param)(effect_instance *instance,
                               const char *name,
                               const effect_value *value,
                               double t,
                               effect_error *error);

    /* Fills *out with the display strings at time t.
     * Errors: NULL_POINTER, STRUCT_SIZE, TIME.
     * Threads: reads the instance. */
    effect_status (*strings)(const effect_instance *instance,
                             double t,
                             effect_strings *out,
                             effect_error *error);

    /* Writes one frame for time t: frame_size doubles, the global channels
     * in channel order, then for each element in order its element
     * channels. `capacity` is the number of doubles `frame` can hold.
     * Errors: NULL_POINTER, TIME, BUFFER (capacity < frame_size).
     * Threads: reads the instance. */
    effect_status (*sample)(const effect_instance *instance,
                            double t,
                            double *frame,
                            uint64_t capacity,
                            effect_error *error);

    /* Writes `count` frames, back to back, for t = t0 + i * dt with
     * i = 0 ... count-1, computed in doubles as written, a multiply and
     * then an add, each rounded (not one fused multiply-add); frame i is
     * exactly what sample would write for that t. count may be 0, and then `frames` may be NULL. Every t must be
     * finite and >= 0.
     * Errors: NULL_POINTER, TIME, BUFFER (capacity < count * frame_size).
     * Threads: reads the instance. */
    effect_status (*sample_many)(const effect_instance *instance,
                                 double t0,
                                 double dt,
                                 uint64_t count,
                                 double *frames,
                                 uint64_t capacity,
                                 effect_error *error);

    /* ---- Since 1.1: present when struct_size covers it. ---- */

    /* Places the instance's layout_item_count items in a container
     * `container_width` wide. `sizes` holds a width and a height for each
     * item (2 * item_count doubles, finite and >= 0), or is NULL to lay the
     * items out on a terminal grid, in cells: each item as wide as its
     * characters (two cells for a wide one) and one row tall. (Superseded
     * since 1.2: `draw` lays an effect out itself, and a terminal host
     * measures in cells through its measurer. The grid mode stays, as a
     * minor version cannot remove it, but new hosts need not use it.) item_count
     * must equal layout_item_count. Writes
     * EFFECT_LAYOUT_HEADER + item_count * EFFECT_LAYOUT_STRIDE doubles to
     * `out`. A read like sample (may run concurrently with it), but it may
     * allocate.
     * Errors: NULL_POINTER, RANGE (item_count, a size or the width is
     * wrong, or the sizes are too large to add up), BUFFER, UNSUPPORTED
     * (the effect does no layout).
     * Threads: reads the instance. */
    effect_status (*layout)(const effect_instance *instance,
                            const double *sizes,
                            uint32_t item_count,
                            double container_width,
                            double *out,
                            uint64_t capacity,
                            effect_error *error);

    /* ---- Since 1.2: present when struct_size covers it. ---- */

    /* Writes the frame at time t as a display list (see Drawing above):
     * fills *out and writes out->item_count items to `items`, which holds
     * `capacity` items. `context` may be NULL for the defaults. When the
     * items do not fit, returns EFFECT_ERR_BUFFER and, as the one exception
     * to the rule that a failing call writes nothing, still fills *out, so
     * item_count says the capacity needed (max_item_count, the capacity any
     * t needs): to ask, pass capacity 0 and items NULL.
     * The same contract as sample: no allocation, no locks, no system
     * calls (beyond what the measurer makes); any t in any order; the same
     * t, context values and measurer answers always give bit-identical
     * lists; a read that may run concurrently with sample and the other
     * reads on one instance.
     * Errors: NULL_POINTER (instance, out, or items with capacity > 0),
     * STRUCT_SIZE (out, or a non-NULL context, smaller than its ABI 1.2
     * size), TIME, RANGE (a width or height in the context that is NaN or
     * negative; an unknown appearance; a measurer that failed or answered
     * a non-finite metric, or a negative ascent or descent), BUFFER,
     * UNSUPPORTED (the effect does not draw).
     * Threads: reads the instance. */
    effect_status (*draw)(const effect_instance *instance,
                          double t,
                          const effect_draw_context *context,
                          effect_drawing *out,
                          effect_draw_item *items,
                          uint64_t capacity,
                          effect_error *error);

    /* ---- Since 1.4: present when struct_size covers it. ---- */

    /* create, with what the host offers (see Host text services): the
     * plugin finds the words and row breaks of its text params through
     * `services`, which it keeps until destroy. services NULL is the same
     * as create. A host that offers services calls this instead of create
     * for plugins whose abi_minor is 4 or more and whose table has it; a
     * plugin whose text needs no segmenting (or one written in C that does
     * not segment) leaves it NULL, and is created with create.
     * Errors: as create, and STRUCT_SIZE (services smaller than its ABI
     * 1.4 size).
     * Threads: any. */
    effect_status (*create_with_services)(const effect_plugin_api *self,
                                          const char *effect_id,
                                          const effect_param_setting *settings,
                                          uint32_t setting_count,
                                          const effect_host_services *services,
                                          effect_instance **out_instance,
                                          effect_error *error);
};

/* The size of effect_plugin_api in each minor version: a plugin's table is
 * at least the size for its abi_minor, and a function exists only in
 * plugins whose abi_minor is at least the minor that introduced it
 * (`layout` 1.1, `draw` 1.2, `create_with_services` 1.4; 1.3, 1.5, 1.6 and 1.7
 * add no function, so their tables are 1.2's and 1.4's sizes). A host built against a newer header must
 * not expect functions a plugin's minor does not have, nor ask for a table
 * larger than that minor's size.
 *
 * The thirteen functions of 1.0 are never NULL: a host refuses a table
 * that lacks one. A later minor's function may be NULL in a table whose
 * minor has it, and then the plugin does not offer it: a NULL `layout` or
 * `draw` reads as every instance answering EFFECT_ERR_UNSUPPORTED, a NULL
 * `create_with_services` as a plugin made with `create` alone. That is
 * legal, but for `draw` it is most often a slip, so `effect-host validate`
 * warns about it; a plugin that does not draw on purpose says so with a
 * `draw` that returns EFFECT_ERR_UNSUPPORTED. */
#define EFFECT_PLUGIN_API_SIZE_1_0 (16 + 13 * sizeof(void (*)(void)))
#define EFFECT_PLUGIN_API_SIZE_1_1 (16 + 14 * sizeof(void (*)(void)))
#define EFFECT_PLUGIN_API_SIZE_1_2 (16 + 15 * sizeof(void (*)(void)))
#define EFFECT_PLUGIN_API_SIZE_1_4 (16 + 16 * sizeof(void (*)(void)))

/* The least table size a plugin built for ABI 1.`minor` may have, for the
 * minors this header knows (a host refuses newer ones). */
#define EFFECT_PLUGIN_API_SIZE_FOR_MINOR(minor) \
    ((minor) == 0   ? EFFECT_PLUGIN_API_SIZE_1_0 \
     : (minor) == 1 ? EFFECT_PLUGIN_API_SIZE_1_1 \
     : (minor) <= 3 ? EFFECT_PLUGIN_API_SIZE_1_2 \
                    : EFFECT_PLUGIN_API_SIZE_1_4)

/* The entry point, and the only symbol a plugin exports (look it up with
 * dlsym(handle, EFFECT_ENTRY_SYMBOL)). Returns the plugin's table, or NULL
 * if the plugin cannot run at all. It may be called any number of times
 * from any thread and returns the same pointer each time; the table stays
 * valid, unchanged, until the library is unloaded. Call it before anything
 * in the table. Everything else in a plugin is hidden, so many plugins can
 * share one process without their symbols clashing.
 *
 * A host may dlclose a plugin once it has destroyed every instance and
 * stopped using every string the plugin returned. The library may stay
 * mapped all the same: plugins built with the Swift kit do (they are linked
 * with -z nodelete, because the Swift runtime keeps pointers into every
 * image it has seen), so loading one again is free.
 * Threads: any. */
EFFECT_EXPORT const effect_plugin_api *effect_plugin_entry(void);

/* effect_plugin_entry's type, for the pointer dlsym returns.
 * Threads: any. */
typedef const effect_plugin_api *(*effect_plugin_entry_fn)(void);

/* ------------------------------------------------------------------------
 * Layout checks
 *
 * The ABI is laid out for LP64 (64-bit Linux, macOS, BSD; _WIN64 too) and
 * for wasm32 (WebAssembly: 4-byte pointers, 8-byte-aligned doubles and
 * 64-bit integers). Structs without pointers are the same on both; those
 * with pointers differ in size and offsets, checked per target below (a
 * JavaScript host reads wasm32's numbers: docs/web.md).
 * ------------------------------------------------------------------------ */

#if defined(__cplusplus) && __cplusplus >= 201103L
#define EFFECT_STATIC_ASSERT(cond, name) static_assert(cond, #name)
#elif defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L
#define EFFECT_STATIC_ASSERT(cond, name) _Static_assert(cond, #name)
#else
/* C99 has no _Static_assert: a negative array size fails the build instead. */
#define EFFECT_STATIC_ASSERT(cond, name) \
    typedef char effect_static_assert_##name[(cond) ? 1 : -1]
#endif

/* The part of effect_draw_context a 1.2 host passes: everything before
 * `appearance` (40 bytes on LP64, 32 on wasm32). */
#define EFFECT_DRAW_CONTEXT_SIZE_1_2 (24 + 2 * sizeof(void *))
EFFECT_STATIC_ASSERT(offsetof(effect_draw_context, appearance) == EFFECT_DRAW_CONTEXT_SIZE_1_2,
                     effect_draw_context_1_2);

#if defined(__LP64__) || defined(_WIN64) || defined(__wasm32__)
EFFECT_STATIC_ASSERT(sizeof(effect_error) == 520, effect_error_size);
EFFECT_STATIC_ASSERT(offsetof(effect_error, message) == 8, effect_error_message);
EFFECT_STATIC_ASSERT(sizeof(effect_value) == 32, effect_value_size);
EFFECT_STATIC_ASSERT(offsetof(effect_value, number) == 8, effect_value_number);
EFFECT_STATIC_ASSERT(offsetof(effect_value, integer) == 16, effect_value_integer);
EFFECT_STATIC_ASSERT(offsetof(effect_value, string) == 24, effect_value_string);
EFFECT_STATIC_ASSERT(sizeof(effect_param_setting) == 40, effect_param_setting_size);
EFFECT_STATIC_ASSERT(offsetof(effect_param_setting, value) == 8, effect_param_setting_value);
EFFECT_STATIC_ASSERT(offsetof(effect_plugin_info, id) == 8, effect_plugin_info_id);
EFFECT_STATIC_ASSERT(offsetof(effect_info, id) == 24, effect_info_id);
EFFECT_STATIC_ASSERT(offsetof(effect_param_info, name) == 16, effect_param_info_name);
EFFECT_STATIC_ASSERT(offsetof(effect_channel_info, name) == 16, effect_channel_info_name);
EFFECT_STATIC_ASSERT(sizeof(effect_instance_info) == 64, effect_instance_info_size);
EFFECT_STATIC_ASSERT(offsetof(effect_instance_info, notes) == EFFECT_INSTANCE_INFO_SIZE_1_1,
                     effect_instance_info_notes);
EFFECT_STATIC_ASSERT(offsetof(effect_instance_info, layout_item_count) == EFFECT_INSTANCE_INFO_SIZE_1_0,
                     effect_instance_info_layout);
EFFECT_STATIC_ASSERT(offsetof(effect_instance_info, frame_size) == 8, effect_instance_info_frame);
EFFECT_STATIC_ASSERT(offsetof(effect_instance_info, end) == 24, effect_instance_info_end);
EFFECT_STATIC_ASSERT(offsetof(effect_plugin_api, describe) == 16, effect_plugin_api_describe);
EFFECT_STATIC_ASSERT(offsetof(effect_plugin_api, layout) == EFFECT_PLUGIN_API_SIZE_1_0, effect_plugin_api_1_0);
EFFECT_STATIC_ASSERT(offsetof(effect_plugin_api, draw) == EFFECT_PLUGIN_API_SIZE_1_1, effect_plugin_api_1_1);
EFFECT_STATIC_ASSERT(offsetof(effect_plugin_api, create_with_services) == EFFECT_PLUGIN_API_SIZE_1_2,
                     effect_plugin_api_1_2);
EFFECT_STATIC_ASSERT(sizeof(effect_plugin_api) == EFFECT_PLUGIN_API_SIZE_1_4, effect_plugin_api_size);
EFFECT_STATIC_ASSERT(sizeof(effect_draw_item) == 160, effect_draw_item_size);
EFFECT_STATIC_ASSERT(sizeof(effect_transform) == 56, effect_transform_size);
EFFECT_STATIC_ASSERT(sizeof(effect_draw_group) == 136, effect_draw_group_size);
EFFECT_STATIC_ASSERT(offsetof(effect_draw_group, clip) == 96, effect_draw_group_clip);
EFFECT_STATIC_ASSERT(sizeof(effect_draw_shape) == 136, effect_draw_shape_size);
EFFECT_STATIC_ASSERT(offsetof(effect_draw_shape, fill) == 72, effect_draw_shape_fill);
EFFECT_STATIC_ASSERT(offsetof(effect_draw_shape, stroke_width) == 120, effect_draw_shape_stroke);
EFFECT_STATIC_ASSERT(sizeof(effect_draw_text) == 88, effect_draw_text_size);
EFFECT_STATIC_ASSERT(offsetof(effect_draw_text, advance) == 56, effect_draw_text_advance);
EFFECT_STATIC_ASSERT(offsetof(effect_draw_text, length) == 84, effect_draw_text_length);
EFFECT_STATIC_ASSERT(sizeof(effect_draw_segment) == 64, effect_draw_segment_size);
EFFECT_STATIC_ASSERT(sizeof(effect_draw_stop) == 24, effect_draw_stop_size);
EFFECT_STATIC_ASSERT(sizeof(effect_drawing) == 72, effect_drawing_size);
#endif

#if defined(__LP64__) || defined(_WIN64)
EFFECT_STATIC_ASSERT(sizeof(effect_plugin_info) == 56, effect_plugin_info_size);
EFFECT_STATIC_ASSERT(sizeof(effect_info) == 72, effect_info_size);
EFFECT_STATIC_ASSERT(offsetof(effect_info, credit) == 64, effect_info_credit);
EFFECT_STATIC_ASSERT(sizeof(effect_param_info) == 96, effect_param_info_size);
EFFECT_STATIC_ASSERT(offsetof(effect_param_info, min) == 48, effect_param_info_min);
EFFECT_STATIC_ASSERT(offsetof(effect_param_info, default_value) == 64, effect_param_info_default);
EFFECT_STATIC_ASSERT(sizeof(effect_channel_info) == 64, effect_channel_info_size);
EFFECT_STATIC_ASSERT(offsetof(effect_channel_info, min) == 48, effect_channel_info_min);
EFFECT_STATIC_ASSERT(sizeof(effect_element_info) == 24, effect_element_info_size);
EFFECT_STATIC_ASSERT(sizeof(effect_strings) == 32, effect_strings_size);
EFFECT_STATIC_ASSERT(sizeof(effect_host_services) == 32, effect_host_services_size);
EFFECT_STATIC_ASSERT(sizeof(effect_draw_context) == 48, effect_draw_context_size);
#elif defined(__wasm32__)
EFFECT_STATIC_ASSERT(sizeof(effect_plugin_info) == 32, effect_plugin_info_size);
EFFECT_STATIC_ASSERT(sizeof(effect_info) == 48, effect_info_size);
EFFECT_STATIC_ASSERT(offsetof(effect_info, credit) == 44, effect_info_credit);
EFFECT_STATIC_ASSERT(sizeof(effect_param_info) == 80, effect_param_info_size);
EFFECT_STATIC_ASSERT(offsetof(effect_param_info, min) == 32, effect_param_info_min);
EFFECT_STATIC_ASSERT(offsetof(effect_param_info, default_value) == 48, effect_param_info_default);
EFFECT_STATIC_ASSERT(sizeof(effect_channel_info) == 48, effect_channel_info_size);
EFFECT_STATIC_ASSERT(offsetof(effect_channel_info, min) == 32, effect_channel_info_min);
EFFECT_STATIC_ASSERT(sizeof(effect_element_info) == 16, effect_element_info_size);
EFFECT_STATIC_ASSERT(sizeof(effect_strings) == 20, effect_strings_size);
EFFECT_STATIC_ASSERT(sizeof(effect_host_services) == 24, effect_host_services_size);
EFFECT_STATIC_ASSERT(sizeof(effect_draw_context) == 40, effect_draw_context_size);
#endif

#ifdef __cplusplus
}
#endif

#endif /* EFFECT_H */
