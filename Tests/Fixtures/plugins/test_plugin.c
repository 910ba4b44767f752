/*
 * A minimal effect plugin in plain C, used by the host's tests. Compiled
 * as is it is a valid plugin with one effect, "test-ramp", written to ABI
 * 1.0 (a 1.0-sized table, no layout), so it also proves that hosts keep
 * loading 1.0 plugins. With -DABI_1_1 it is a 1.1 plugin instead (a
 * 1.1-sized table with a layout that places nothing), which a 1.2 host must
 * load and drive without looking for `draw`. With -DABI_1_2 it is a 1.2
 * plugin that draws: a bar as wide as the ramp, and its label measured by
 * the host. Each BROKEN_* macro breaks it in one way a host must survive.
 *
 *   -DBROKEN_DRAW_UNBALANCED  (1.2) the group is never closed
 *   -DBROKEN_DRAW_OVERRUN     (1.2) writes one item past a short capacity
 *   -DBROKEN_DRAW_IDS         (1.2) the bar's id changes with t
 *   -DBROKEN_DRAW_MEASURE     (1.2) ignores the host's measurer
 *   -DBROKEN_DRAW_BOUNDS      (1.2) declares bounds 20 pt wide, narrower than
 *                             its label's ink
 *   -DBROKEN_DRAW_RENUMBER    (1.2) numbers its items afresh every 1/60 s
 *   -DBROKEN_DRAW_NAN         (1.2) the bar's height is NaN
 *   -DTEXT_LENGTH=N           a 1.6 plugin that draws (as ABI_1_2, with a
 *                             1.4-sized table) whose label is "rampé up"
 *                             (9 bytes) drawn as the run of its first N
 *                             bytes (effect.h's `length`), measured as that
 *                             run: 4 "ramp", 6 "rampé", 5 splits the é, 12
 *                             runs past the NUL (BROKEN_ABI_MINOR=5: a 1.5
 *                             plugin, whose field is reserved)
 *   -DLONG_LABEL              with TEXT_LENGTH, the label is 300 bytes of
 *                             "ab" before "rampé up", and the run is measured
 *                             with effect_kit_measure_run, in pieces
 *
 *   -DBROKEN_NO_ENTRY        exports no effect_plugin_entry
 *   -DBROKEN_ENTRY_NULL      effect_plugin_entry returns NULL
 *   -DBROKEN_ABI_MAJOR=N     claims ABI major N
 *   -DBROKEN_ABI_MINOR=N     claims ABI minor N
 *   -DNEEDS_MINOR=N          says it needs ABI minor N alone (effect.h's
 *                            needs_minor, the table's fourth word)
 *   -DBROKEN_DESCRIBE        describe fails
 *   -DBROKEN_LOAD_EXIT       its library constructor calls _exit(0)
 *   -DBROKEN_LOAD_CRASH      its library constructor writes through NULL
 *   -DBROKEN_LOAD_HANG       its library constructor never returns
 *   -DBROKEN_LOAD_SPAWN      its library constructor starts a process, which
 *                            writes "PID PGID" to the file SPAWN_RECORD and
 *                            waits (60 s at most), and then never returns
 *   -DBROKEN_LOAD_PRINTS     its library constructor prints to stdout
 *   -DBROKEN_LOAD_STDERR     its library constructor prints to stderr
 *   -DBROKEN_CREATE_EXIT     create calls exit(0)
 *   -DBROKEN_CREATE_NULL_ID  create writes through NULL when the effect id is NULL
 *   -DLABEL                  a third param, "label", a live string (default
 *                            "ramp") copied by create and set_param, shown as
 *                            the display text
 *   -DLABEL_FLAGS=F          with LABEL, the label's flags are LIVE | F
 *   -DLENGTH_FLAGS=F         the length param's flags are F (0)
 *   -DRUN_OF_LABEL           with TEXT_LENGTH and LABEL, draws the first
 *                            TEXT_LENGTH bytes of the label param: whole
 *                            characters for "ramp", not for every text
 *   -DBROKEN_KEEPS_STRING    with LABEL, keeps the caller's pointer instead
 *                            of copying the string, in create and set_param
 *   -DBROKEN_KEEPS_LIVE_STRING  with LABEL, keeps it in set_param only
 *   -DBROKEN_DUPLICATE_PARAM both params are named "length"
 *   -DBROKEN_ERROR_GARBAGE   a call that succeeds leaves the error struct as it was
 *   -DBROKEN_OUT_STRUCT_OVERRUN  instance_info writes its whole struct, past a
 *                            caller's 1.0-sized one
 *   -DBROKEN_STRUCT_SIZE_CLAIM  instance_info writes back struct_size 4096
 *   -DBROKEN_SHARED_STATE    instances share one length, the last created's
 *   -DBROKEN_NEW_TABLE       effect_plugin_entry returns a new table each call
 *   -DBROKEN_FRAME_OVERRUN   sample writes one value past the capacity given
 *   -DBROKEN_SLOW            every sample takes 55 ms
 *   -DBROKEN_EXTRA_EXPORTS   exports two globals besides the entry point
 *   -DBROKEN_OUT_OF_RANGE    the value, declared 0 to 1, settles at 1.5
 *   -DBROKEN_NULL_STRINGS    once settled, its accessibility value is NULL
 *   -DBROKEN_ELEMENT_UTF8    it has one element, whose text is not UTF-8
 *   -DBROKEN_NOTES           instance_info fills the 1.5 notes, with an escape
 *                            sequence in a note
 *   -DHANG_AT=T              with BROKEN_HANG, sample hangs after t = T
 *   -DBROKEN_NAN             frames after t = 0.5 contain NaN
 *   -DBROKEN_NULL_SAMPLE     the table's sample pointer is NULL
 *   -DBROKEN_CRASH           sample crashes (a NULL write) after t = 5
 *   -DBROKEN_HANG            sample never returns after t = 5
 *   -DBROKEN_NONDETERMINISTIC  every sample differs a little from the last
 *   -DBROKEN_LEAK            every create leaks 16 KB
 *   -DBROKEN_DEFAULT_RANGE   length's default (20) lies outside its range
 *   -DBROKEN_PRINTS          sample prints to stdout (with no newline)
 *   -DBROKEN_ALLOCATES       every sampled frame mallocs and frees 32 bytes
 *   -DBROKEN_TABLE_SIZE=N    the table claims N bytes (absurdly small or large)
 *   -DBROKEN_EFFECT_COUNT=N  describe claims N effects
 *   -DBROKEN_HUGE_NAME       the plugin's name is 1 MB long
 *   -DBROKEN_UTF8            the plugin's name is not UTF-8
 *   -DBROKEN_HUGE_DEFAULT    a third param, a string whose default is 17 MB
 *   -DBROKEN_PARAM_DOC       reduce_motion has no doc
 *   -DBROKEN_CHANNEL_DOC     the channel has no doc
 *   -DBROKEN_WRONG_DEFAULT   an instance made with no params has length 2,
 *                            though length's declared default is 1
 *   -DBROKEN_FORWARD_ONLY    sample only steps forward: a t earlier than the
 *                            last one asked gives the last frame again
 *   -DBROKEN_BATCH_OFFSET    sample_many's frame i is sample's frame i + 1
 *   -DBROKEN_UNCHECKED_RANGE create takes any finite length, even past 10
 *   -DBROKEN_EVENT_EARLY     reduce_motion (settled at once) set as an event
 *                            applies from t = 0, whatever its time
 *   -DBROKEN_EVENT_ORDER     the last reduce_motion event set wins, whatever
 *                            the times of the others
 *   -DBROKEN_NO_HOLD         after its end the value drops back to 0
 *   -DLOOPS                  the ramp repeats every `length` instead of ending
 *   -DSQUARE_WAVE            with LOOPS, the value is a square wave (a caret's
 *                            blink): 1 for the first half of each period, then 0
 *   -DDEFAULT_LENGTH=X       length's default (1 unless given)
 *   -DBROKEN_PERIOD          with LOOPS, it says its period is `length` but
 *                            repeats every 1.25 length
 *   -DBROKEN_TIMING_KIND     with LOOPS, the effect declares that it ends
 *                            while its instances say they loop
 *   -DBROKEN_SHARED_SCRATCH  every call computes its value in one static
 *                            variable, yielding the processor in between: the
 *                            frames of calls on other threads get mixed in
 *   -DHOSTILE_TEXT           its free-text metadata carries terminal escape
 *                            sequences and a right-to-left override
 *   -DPLUGIN_ID=\"x\"         plugin id (default "test")
 */
#if defined(BROKEN_SLOW) || defined(BROKEN_LOAD_HANG) || defined(BROKEN_LOAD_SPAWN) || defined(BROKEN_SHARED_SCRATCH)
#define _POSIX_C_SOURCE 200809L /* nanosleep, pause, fork and sched_yield under -std=c99 */
#endif
#include "effect.h"
#ifdef LONG_LABEL
#include "effect_kit.h"
#endif

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef PLUGIN_ID
#define PLUGIN_ID "test"
#endif
#ifdef TEXT_LENGTH
#define DRAWS_RUNS
#define ABI_1_2
#define ABI_1_1
#define BROKEN_TABLE_SIZE EFFECT_PLUGIN_API_SIZE_1_4
#ifndef BROKEN_ABI_MINOR
#define BROKEN_ABI_MINOR 6
#endif
#ifdef LONG_LABEL
#define AB10 "abababababababababab"
#define AB100 AB10 AB10 AB10 AB10 AB10
#define DRAWN_TEXT AB100 AB100 AB100 "ramp\xC3\xA9 up"
#else
#define DRAWN_TEXT "ramp\xC3\xA9 up"
#endif
#elif defined(ABI_1_2)
#define ABI_1_1
#define BROKEN_TABLE_SIZE EFFECT_PLUGIN_API_SIZE_1_2
#define BROKEN_ABI_MINOR 2
#elif defined(ABI_1_1)
#define BROKEN_TABLE_SIZE EFFECT_PLUGIN_API_SIZE_1_1
#define BROKEN_ABI_MINOR 1
#endif
#ifndef BROKEN_TABLE_SIZE
#define BROKEN_TABLE_SIZE EFFECT_PLUGIN_API_SIZE_1_0
#endif
#ifndef DRAWN_TEXT
#define DRAWN_TEXT "ramp"
#endif
#ifndef TEXT_LENGTH
#define TEXT_LENGTH 0
#endif
#ifndef BROKEN_EFFECT_COUNT
#define BROKEN_EFFECT_COUNT 1
#endif

#if defined(BROKEN_LOAD_EXIT) || defined(BROKEN_LOAD_HANG) || defined(BROKEN_LOAD_SPAWN)
#include <unistd.h>
#endif
#ifdef BROKEN_LOAD_SPAWN
#include <fcntl.h>
#endif
#if defined(BROKEN_LOAD_EXIT) || defined(BROKEN_LOAD_CRASH) || defined(BROKEN_LOAD_HANG) || \
    defined(BROKEN_LOAD_PRINTS) || defined(BROKEN_LOAD_STDERR) || defined(BROKEN_LOAD_SPAWN)
/* Runs when the library is loaded, before the host can call anything. */
__attribute__((constructor)) static void misbehave_on_load(void) {
#ifdef BROKEN_LOAD_EXIT
    _exit(0);
#endif
#ifdef BROKEN_LOAD_CRASH
    *(volatile int *)(uintptr_t)0 = 1;
#endif
#ifdef BROKEN_LOAD_HANG
    for (;;) pause();
#endif
#ifdef BROKEN_LOAD_SPAWN
    if (fork() == 0) {
        char line[64];
        int length = snprintf(line, sizeof line, "%d %d\n", (int)getpid(), (int)getpgrp());
        int record = open(SPAWN_RECORD ".part", O_WRONLY | O_CREAT | O_TRUNC, 0600);
        if (record >= 0 && write(record, line, (size_t)length) == length && close(record) == 0) {
            rename(SPAWN_RECORD ".part", SPAWN_RECORD);
        }
        /* Holds none of the host's pipes, as a daemon would not; a host
         * that leaves it behind gets it back in a minute all the same. */
        for (int fd = 0; fd < 1024; fd++) close(fd);
        alarm(60);
        for (;;) pause();
    }
    for (;;) pause();
#endif
#ifdef BROKEN_LOAD_PRINTS
    printf("hello from a constructor\n"); /* not flushed: a host must still see it */
#endif
#ifdef BROKEN_LOAD_STDERR
    fprintf(stderr, "warning: loaded\n");
#endif
}
#endif

#ifndef HANG_AT
#define HANG_AT 5
#endif

#ifdef BROKEN_HUGE_NAME
static char huge_name[1 << 20];
#endif
#ifdef BROKEN_HUGE_DEFAULT
#define PARAM_COUNT 3
static char huge_default[17 << 20];
#elif defined(LABEL)
#define PARAM_COUNT 3
#else
#define PARAM_COUNT 2
#endif
#ifndef DEFAULT_LENGTH
#define DEFAULT_LENGTH 1
#endif

/* Escape sequences that would retitle the window, clear the screen and turn
 * text red, and a right-to-left override. */
#ifdef HOSTILE_TEXT
#define HOSTILE(text) text " \x1b]0;pwned\x07\x1b[2J\x1b[31m\xe2\x80\xae"
#else
#define HOSTILE(text) text
#endif
#ifndef BROKEN_ABI_MAJOR
#define BROKEN_ABI_MAJOR EFFECT_ABI_MAJOR
#endif
#ifndef LABEL_FLAGS
#define LABEL_FLAGS 0u
#endif
#ifndef LENGTH_FLAGS
#define LENGTH_FLAGS 0u
#endif
#ifndef BROKEN_ABI_MINOR
#define BROKEN_ABI_MINOR 0
#endif

struct effect_instance {
    double length;
    /* BROKEN_FORWARD_ONLY's memory of the last frame. */
    double last_t, last_value;
    /* The events' reduce_motion: the ramp is settled from this t on. */
    double settled_from;
#ifdef LABEL
    /* What label shows: the copy, or (BROKEN_KEEPS_STRING) the caller's pointer. */
    const char *label;
    char label_copy[64];
#endif
};

#ifdef LOOPS
#ifdef BROKEN_PERIOD
#define CYCLE(instance) (1.25 * (instance)->length)
#else
#define CYCLE(instance) ((instance)->length)
#endif
#endif
#ifdef BROKEN_WRONG_DEFAULT
#define CREATED_LENGTH 2
#else
#define CREATED_LENGTH DEFAULT_LENGTH
#endif
#ifdef BROKEN_UNCHECKED_RANGE
#define LENGTH_ACCEPTED(length) ((length) >= 0.1 && isfinite(length))
#else
#define LENGTH_ACCEPTED(length) ((length) >= 0.1 && (length) <= 10)
#endif
#ifdef BROKEN_SHARED_SCRATCH
#include <sched.h>
static volatile double scratch;
#endif

#ifdef BROKEN_SHARED_STATE
static double shared_length = 1;
#define LENGTH(instance) ((void)(instance), shared_length)
#else
#define LENGTH(instance) ((instance)->length)
#endif
#ifdef BROKEN_OUT_OF_RANGE
#define SETTLED 1.5
#else
#define SETTLED 1
#endif
#ifdef BROKEN_SLOW
#include <time.h>
#endif
#ifdef BROKEN_EXTRA_EXPORTS
EFFECT_EXPORT int test_plugin_counter = 0;
EFFECT_EXPORT double test_plugin_scale = 1;
#endif

static void report(effect_error *error, effect_status status, const char *message) {
    if (error == NULL || error->struct_size < sizeof(effect_error)) return;
    error->status = status;
    strncpy(error->message, message, EFFECT_ERROR_MESSAGE_CAPACITY - 1);
    error->message[EFFECT_ERROR_MESSAGE_CAPACITY - 1] = '\0';
}

static effect_status fail(effect_error *error, effect_status status, const char *message) {
    report(error, status, message);
    return status;
}

static effect_status ok(effect_error *error) {
#ifdef BROKEN_ERROR_OVERRUN
    /* A kilobyte into a struct a few hundred bytes long. */
    if (error != NULL) memset(error, 'x', 1024);
    return EFFECT_OK;
#endif
#ifdef BROKEN_ERROR_GARBAGE
    (void)report;
    (void)error;
#else
    report(error, EFFECT_OK, "");
#endif
    return EFFECT_OK;
}

static effect_status describe(const effect_plugin_api *self, effect_plugin_info *out, effect_error *error) {
    (void)self;
#ifdef BROKEN_DESCRIBE
    (void)out;
    return fail(error, EFFECT_ERR_INTERNAL, "this plugin is broken on purpose");
#else
    if (out == NULL) return fail(error, EFFECT_ERR_NULL_POINTER, "out is NULL");
    if (out->struct_size < sizeof *out) return fail(error, EFFECT_ERR_STRUCT_SIZE, "effect_plugin_info too small");
    out->struct_size = sizeof *out;
    out->effect_count = BROKEN_EFFECT_COUNT;
    out->id = PLUGIN_ID;
#if defined(BROKEN_HUGE_NAME)
    memset(huge_name, 'x', sizeof huge_name - 1);
    out->name = huge_name;
#elif defined(BROKEN_UTF8)
    out->name = "Test \xff\xfe broken";
#else
    out->name = HOSTILE("Test");
#endif
    out->version = "0.1.0";
    out->author = "effect-host tests";
    out->license = "MIT";
    out->summary = HOSTILE("A ramp for testing hosts.");
    return ok(error);
#endif
}

static effect_status effect_info_fn(const effect_plugin_api *self, uint32_t index, effect_info *out, effect_error *error) {
    (void)self;
    if (out == NULL) return fail(error, EFFECT_ERR_NULL_POINTER, "out is NULL");
    if (index != 0) return fail(error, EFFECT_ERR_INDEX, "effect index out of range");
    if (out->struct_size < sizeof *out) return fail(error, EFFECT_ERR_STRUCT_SIZE, "effect_info too small");
    out->struct_size = sizeof *out;
    out->param_count = PARAM_COUNT;
    out->global_channel_count = 1;
    out->element_channel_count = 0;
    out->attribute_count = 0;
#if defined(LOOPS) && !defined(BROKEN_TIMING_KIND)
    out->timing_kinds = EFFECT_TIMING_LOOPS;
#else
    out->timing_kinds = EFFECT_TIMING_ENDS;
#endif
    out->id = "test-ramp";
    out->name = HOSTILE("Test Ramp");
    out->summary = HOSTILE("A value rising linearly from 0 to 1.");
    out->element_noun = "";
#ifdef LOOPS
    out->timing_doc = "repeats every `length`";
#else
    out->timing_doc = "ends after `length`";
#endif
    out->credit = HOSTILE("");
    return ok(error);
}

static effect_status param_info(const effect_plugin_api *self, uint32_t effect, uint32_t index, effect_param_info *out,
                                effect_error *error) {
    (void)self;
    if (out == NULL) return fail(error, EFFECT_ERR_NULL_POINTER, "out is NULL");
    if (effect != 0 || index >= PARAM_COUNT) return fail(error, EFFECT_ERR_INDEX, "index out of range");
    if (out->struct_size < sizeof *out) return fail(error, EFFECT_ERR_STRUCT_SIZE, "effect_param_info too small");
    memset(out, 0, sizeof *out);
    out->struct_size = sizeof *out;
    out->unit = "";
#ifdef LABEL
    if (index == 2) {
        out->type = EFFECT_TYPE_STRING;
        out->flags = EFFECT_PARAM_LIVE | LABEL_FLAGS;
        out->name = "label";
        out->doc = "The display text.";
        out->default_value.type = EFFECT_TYPE_STRING;
        out->default_value.string = "ramp";
        return ok(error);
    }
#endif
#ifdef BROKEN_HUGE_DEFAULT
    if (index == 2) {
        memset(huge_default, 'x', sizeof huge_default - 1);
        out->type = EFFECT_TYPE_STRING;
        out->name = "label";
        out->doc = "A label nobody reads.";
        out->default_value.type = EFFECT_TYPE_STRING;
        out->default_value.string = huge_default;
        return ok(error);
    }
#endif
    if (index == 0) {
        out->type = EFFECT_TYPE_NUMBER;
        out->flags = LENGTH_FLAGS;
        out->name = "length";
        out->unit = "s";
        out->doc = HOSTILE("Seconds to rise.");
        out->min = 0.1;
        out->max = 10;
        out->default_value.type = EFFECT_TYPE_NUMBER;
#ifdef BROKEN_DEFAULT_RANGE
        out->default_value.number = 20;
#else
        out->default_value.number = DEFAULT_LENGTH;
#endif
    } else {
#ifdef BROKEN_PARAM_TYPE
        out->type = 9; /* no EFFECT_TYPE_* has this value */
#else
        out->type = EFFECT_TYPE_BOOL;
#endif
        out->flags = EFFECT_PARAM_LIVE;
#ifdef BROKEN_DUPLICATE_PARAM
        out->name = "length";
#else
        out->name = "reduce_motion";
#endif
#ifdef BROKEN_PARAM_DOC
        out->doc = "";
#else
        out->doc = "Ignored: a ramp is already gentle.";
#endif
        out->default_value.type = EFFECT_TYPE_BOOL;
    }
    return ok(error);
}

static effect_status channel_info(const effect_plugin_api *self, uint32_t effect, uint32_t index,
                                  effect_channel_info *out, effect_error *error) {
    (void)self;
    if (out == NULL) return fail(error, EFFECT_ERR_NULL_POINTER, "out is NULL");
    if (effect != 0 || index != 0) return fail(error, EFFECT_ERR_INDEX, "index out of range");
    if (out->struct_size < sizeof *out) return fail(error, EFFECT_ERR_STRUCT_SIZE, "effect_channel_info too small");
    memset(out, 0, sizeof *out);
    out->struct_size = sizeof *out;
    out->scope = EFFECT_SCOPE_GLOBAL;
    out->name = "value";
    out->unit = "";
#ifdef BROKEN_CHANNEL_DOC
    out->doc = "";
#else
    out->doc = HOSTILE("t / length, up to 1.");
#endif
    out->min = 0;
    out->max = 1;
    return ok(error);
}

#ifdef LABEL
/* Whether s is well-formed UTF-8 (no overlongs, surrogates or code points past U+10FFFF). */
static int is_utf8(const char *s) {
    const unsigned char *p = (const unsigned char *)s;
    while (*p) {
        unsigned char c = *p++;
        int more = c < 0x80 ? 0 : (c & 0xE0) == 0xC0 && c >= 0xC2 ? 1 : (c & 0xF0) == 0xE0 ? 2 : (c & 0xF8) == 0xF0 && c <= 0xF4 ? 3 : -1;
        if (more < 0) return 0;
        if ((c == 0xE0 && more == 2 && *p < 0xA0) || (c == 0xED && *p >= 0xA0) || (c == 0xF0 && *p < 0x90) || (c == 0xF4 && *p >= 0x90))
            return 0;
        for (; more > 0; more--)
            if ((*p++ & 0xC0) != 0x80) return 0;
    }
    return 1;
}

/* Takes a label for the instance: a copy of it, unless BROKEN_KEEPS_STRING. */
static effect_status take_label(effect_instance *instance, const effect_value *value, int live, effect_error *error) {
    if (value->type != EFFECT_TYPE_STRING) return fail(error, EFFECT_ERR_TYPE, "label is a string");
    if (value->string == NULL) return fail(error, EFFECT_ERR_NULL_POINTER, "label is NULL");
    if (!is_utf8(value->string)) return fail(error, EFFECT_ERR_UTF8, "label is not UTF-8");
    if (strlen(value->string) >= sizeof instance->label_copy) return fail(error, EFFECT_ERR_RANGE, "label is at most 63 bytes");
#if defined(BROKEN_KEEPS_STRING)
    (void)live;
    instance->label = value->string;
#else
#ifdef BROKEN_KEEPS_LIVE_STRING
    if (live) {
        instance->label = value->string;
        return EFFECT_OK;
    }
#else
    (void)live;
#endif
    strcpy(instance->label_copy, value->string);
    instance->label = instance->label_copy;
#endif
    return EFFECT_OK;
}
#endif

static effect_status create(const effect_plugin_api *self, const char *id, const effect_param_setting *settings,
                            uint32_t count, effect_instance **out, effect_error *error) {
    uint32_t i;
    double length = CREATED_LENGTH;
    (void)self;
#ifdef BROKEN_CREATE_NULL_ID
    if (id == NULL) *(volatile int *)(uintptr_t)0 = 1;
#endif
    if (out == NULL) return fail(error, EFFECT_ERR_NULL_POINTER, "out_instance is NULL");
    *out = NULL;
    if (id == NULL) return fail(error, EFFECT_ERR_NULL_POINTER, "effect_id is NULL");
    if (strcmp(id, "test-ramp") != 0) return fail(error, EFFECT_ERR_UNKNOWN_EFFECT, "no such effect");
#ifdef BROKEN_CREATE_EXIT
    exit(0);
#endif
    if (count > 0 && settings == NULL) return fail(error, EFFECT_ERR_NULL_POINTER, "settings is NULL");
    for (i = 0; i < count; i++) {
        if (settings[i].name == NULL) return fail(error, EFFECT_ERR_NULL_POINTER, "a name is NULL");
        if (strcmp(settings[i].name, "length") == 0) {
            if (settings[i].value.type != EFFECT_TYPE_NUMBER) return fail(error, EFFECT_ERR_TYPE, "length is a number");
            length = settings[i].value.number;
            if (!LENGTH_ACCEPTED(length)) return fail(error, EFFECT_ERR_RANGE, "length must be within 0.1...10");
        } else if (strcmp(settings[i].name, "reduce_motion") == 0) {
            if (settings[i].value.type != EFFECT_TYPE_BOOL) return fail(error, EFFECT_ERR_TYPE, "reduce_motion is a bool");
            if ((uint64_t)settings[i].value.integer > 1) return fail(error, EFFECT_ERR_RANGE, "a bool is 0 or 1");
#if defined(BROKEN_HUGE_DEFAULT) || defined(LABEL)
        } else if (strcmp(settings[i].name, "label") == 0) {
            if (settings[i].value.type != EFFECT_TYPE_STRING) return fail(error, EFFECT_ERR_TYPE, "label is a string");
#endif
        } else {
            return fail(error, EFFECT_ERR_UNKNOWN_PARAM, "no such param");
        }
    }
    *out = malloc(sizeof **out);
    if (*out == NULL) return fail(error, EFFECT_ERR_OUT_OF_MEMORY, "out of memory");
#ifdef BROKEN_LEAK
    {
        char *lost = malloc(16384);
        if (lost != NULL) memset(lost, 1, 16384);
    }
#endif
#ifdef BROKEN_HOG
    {
        /* A gigabyte per instance, touched so that it is resident; never freed. */
        size_t size = (size_t)1 << 30;
        char *hog = malloc(size);
        if (hog != NULL) memset(hog, 1, size);
    }
#endif
    (*out)->length = length;
    (*out)->last_t = -1;
    (*out)->last_value = 0;
    (*out)->settled_from = INFINITY;
#ifdef LABEL
    strcpy((*out)->label_copy, "ramp");
    (*out)->label = (*out)->label_copy;
    for (i = 0; i < count; i++) {
        if (strcmp(settings[i].name, "label") == 0) {
            effect_status status = take_label(*out, &settings[i].value, 0, error);
            if (status != EFFECT_OK) {
                free(*out);
                *out = NULL;
                return status;
            }
        }
    }
#endif
#ifdef BROKEN_SHARED_STATE
    shared_length = length;
#endif
    return ok(error);
}

static effect_status destroy(effect_instance *instance) {
    free(instance);
    return EFFECT_OK;
}

static effect_status instance_info(const effect_instance *instance, effect_instance_info *out, effect_error *error) {
    if (instance == NULL || out == NULL) return fail(error, EFFECT_ERR_NULL_POINTER, "NULL argument");
    if (out->struct_size < EFFECT_INSTANCE_INFO_SIZE_1_0) {
        return fail(error, EFFECT_ERR_STRUCT_SIZE, "effect_instance_info too small");
    }
#ifdef BROKEN_NOTES
    const uint32_t given = out->struct_size;
#endif
#ifdef BROKEN_OUT_STRUCT_OVERRUN
    memset(out, 0, sizeof *out);
#else
    memset(out, 0, EFFECT_INSTANCE_INFO_SIZE_1_0);
#endif
#ifdef BROKEN_STRUCT_SIZE_CLAIM
    out->struct_size = 4096;
#else
    out->struct_size = EFFECT_INSTANCE_INFO_SIZE_1_0;
#endif
    out->frame_size = 1;
#ifdef BROKEN_ELEMENT_UTF8
    out->element_count = 1; /* no element channels, so the frame is still 1 value */
#endif
#ifdef LOOPS
    out->timing = EFFECT_TIMING_LOOPS;
    out->period = instance->length;
#else
    out->timing = EFFECT_TIMING_ENDS;
#endif
#ifdef BROKEN_NOTES
    if (given >= sizeof *out) {
        out->struct_size = sizeof *out;
        out->notes = "length is long\nthe screen is \x1b[2Jcleared";
    }
#endif
#if defined(BROKEN_INFINITE_END)
    out->end = INFINITY;
#elif !defined(LOOPS)
    out->end = instance->length;
#endif
    return ok(error);
}

static effect_status element_info(const effect_instance *instance, uint32_t element, effect_element_info *out,
                                  effect_error *error) {
#ifdef BROKEN_ELEMENT_UTF8
    if (instance == NULL || out == NULL) return fail(error, EFFECT_ERR_NULL_POINTER, "NULL argument");
    if (element > 0) return fail(error, EFFECT_ERR_INDEX, "there is one element");
    if (out->struct_size < sizeof *out) return fail(error, EFFECT_ERR_STRUCT_SIZE, "effect_element_info too small");
    out->struct_size = sizeof *out;
    out->attribute_count = 0;
    out->text = "caf\xc3"; /* a two-byte sequence cut short */
    out->attributes = NULL;
    return ok(error);
#else
    (void)instance;
    (void)element;
    (void)out;
    return fail(error, EFFECT_ERR_INDEX, "this effect has no elements");
#endif
}

static effect_status get_param(const effect_instance *instance, const char *name, double t, effect_value *out,
                               effect_error *error) {
    if (instance == NULL || name == NULL || out == NULL) return fail(error, EFFECT_ERR_NULL_POINTER, "NULL argument");
    if (!(t >= 0) || isinf(t)) return fail(error, EFFECT_ERR_TIME, "bad t");
    memset(out, 0, sizeof *out);
    if (strcmp(name, "length") == 0) {
        out->type = EFFECT_TYPE_NUMBER;
        out->number = instance->length;
    } else if (strcmp(name, "reduce_motion") == 0) {
        out->type = EFFECT_TYPE_BOOL;
#ifdef BROKEN_HUGE_DEFAULT
    } else if (strcmp(name, "label") == 0) {
        out->type = EFFECT_TYPE_STRING;
        out->string = huge_default; /* what it is created with: the default, never set */
#elif defined(LABEL)
    } else if (strcmp(name, "label") == 0) {
        out->type = EFFECT_TYPE_STRING;
        out->string = instance->label;
#endif
    } else {
        return fail(error, EFFECT_ERR_UNKNOWN_PARAM, "no such param");
    }
    return ok(error);
}

static effect_status set_param(effect_instance *instance, const char *name, const effect_value *value, double t,
                               effect_error *error) {
    if (instance == NULL || name == NULL || value == NULL) return fail(error, EFFECT_ERR_NULL_POINTER, "NULL argument");
    if (strcmp(name, "length") == 0) return fail(error, EFFECT_ERR_NOT_LIVE, "length is fixed at create");
#ifdef LABEL
    if (strcmp(name, "label") == 0) {
        effect_status status;
        if (!(t >= 0) || isinf(t)) return fail(error, EFFECT_ERR_TIME, "bad t");
        status = take_label(instance, value, 1, error);
        return status == EFFECT_OK ? ok(error) : status;
    }
#endif
    if (strcmp(name, "reduce_motion") != 0) return fail(error, EFFECT_ERR_UNKNOWN_PARAM, "no such param");
    if (!(t >= 0) || isinf(t)) return fail(error, EFFECT_ERR_TIME, "bad t");
    if (value->type != EFFECT_TYPE_BOOL) return fail(error, EFFECT_ERR_TYPE, "reduce_motion is a bool");
    if ((uint64_t)value->integer > 1) return fail(error, EFFECT_ERR_RANGE, "a bool is 0 or 1");
#if defined(BROKEN_EVENT_EARLY)
    instance->settled_from = value->integer ? 0 : INFINITY;
#elif defined(BROKEN_EVENT_ORDER)
    instance->settled_from = value->integer ? t : INFINITY;
#endif
    return ok(error);
}

static effect_status strings(const effect_instance *instance, double t, effect_strings *out, effect_error *error) {
    if (instance == NULL || out == NULL) return fail(error, EFFECT_ERR_NULL_POINTER, "NULL argument");
    if (!(t >= 0) || isinf(t)) return fail(error, EFFECT_ERR_TIME, "bad t");
    if (out->struct_size < sizeof *out) return fail(error, EFFECT_ERR_STRUCT_SIZE, "effect_strings too small");
    out->struct_size = sizeof *out;
    out->reserved = 0;
#ifdef LABEL
    out->text = instance->label;
#else
    out->text = "";
#endif
    out->accessibility_label = "Ramp";
    out->accessibility_value = "";
#ifdef BROKEN_NULL_STRINGS
    if (t >= LENGTH(instance)) out->accessibility_value = NULL;
#endif
    return ok(error);
}

#ifdef BROKEN_NONDETERMINISTIC
static double drift;
#endif

#ifdef BROKEN_ALLOCATES
/* Volatile, so the compiler cannot drop the malloc/free pair. */
static void *(*volatile allocate)(size_t) = malloc;
#endif

static double ramp_at(const effect_instance *instance, double t);

static double ramp(const effect_instance *instance, double t) {
#ifdef BROKEN_FORWARD_ONLY
    /* A cache that only steps forward, as a decoder might. The instance
     * was malloc'd, so writing through the cast pointer is defined. */
    effect_instance *self = (effect_instance *)instance;
    if (t < self->last_t) return self->last_value;
    self->last_t = t;
    self->last_value = ramp_at(instance, t);
    return self->last_value;
#elif defined(BROKEN_SHARED_SCRATCH)
    /* One scratch variable for every call: alone, a call reads back what
     * it wrote; while it yields, a call on another thread overwrites it. */
    scratch = ramp_at(instance, t);
    sched_yield();
    return scratch;
#else
    return ramp_at(instance, t);
#endif
}

static double ramp_at(const effect_instance *instance, double t) {
    if (t >= instance->settled_from) return SETTLED;
#ifdef BROKEN_ALLOCATES
    free(allocate(32));
#endif
#ifdef BROKEN_PRINTS
    printf("debug");
    fflush(stdout);
#endif
#ifdef BROKEN_NAN
    if (t > 0.5) return NAN;
#endif
#ifdef BROKEN_INF_WINDOW
    /* A tenth of a millisecond of +inf, between any two of the probe times. */
    if (t > 0.4321 && t < 0.4322) return INFINITY;
#endif
#ifdef BROKEN_CRASH
    if (t > 5) *(volatile int *)(uintptr_t)0 = 1;
#endif
#ifdef BROKEN_HANG
    while (t > HANG_AT) {
        *(volatile double *)&t = t;
    }
#endif
#ifdef BROKEN_NONDETERMINISTIC
    drift += 1e-9;
    return (t >= LENGTH(instance) ? SETTLED : t / LENGTH(instance)) + drift;
#endif
#ifdef BROKEN_SLOW
    {
        struct timespec pause_for = {0, 55000000};
        nanosleep(&pause_for, NULL);
    }
#endif
#if defined(LOOPS) && defined(SQUARE_WAVE)
    /* The natural caret: at a period's half-way point, t + period rounded
     * can land an ulp before the edge where t is on it. */
    return fmod(t, CYCLE(instance)) < CYCLE(instance) / 2 ? 1 : 0;
#elif defined(LOOPS)
    return fmod(t, CYCLE(instance)) / CYCLE(instance);
#endif
#ifdef BROKEN_NO_HOLD
    if (t > LENGTH(instance)) return 0;
#endif
    return t >= LENGTH(instance) ? SETTLED : t / LENGTH(instance);
}

static effect_status sample(const effect_instance *instance, double t, double *frame, uint64_t capacity,
                            effect_error *error) {
    if (instance == NULL || frame == NULL) return fail(error, EFFECT_ERR_NULL_POINTER, "NULL argument");
    if (!(t >= 0) || isinf(t)) return fail(error, EFFECT_ERR_TIME, "bad t");
    if (capacity < 1) return fail(error, EFFECT_ERR_BUFFER, "buffer too small");
    frame[0] = ramp(instance, t);
#ifdef BROKEN_FRAME_OVERRUN
    frame[capacity] = 0;
#endif
    return ok(error);
}

static effect_status sample_many(const effect_instance *instance, double t0, double dt, uint64_t count, double *frames,
                                 uint64_t capacity, effect_error *error) {
    uint64_t i;
    if (instance == NULL || frames == NULL) return fail(error, EFFECT_ERR_NULL_POINTER, "NULL argument");
    if (capacity < count) return fail(error, EFFECT_ERR_BUFFER, "buffer too small");
    for (i = 0; i < count; i++) {
        double t = t0 + (double)i * dt;
        if (!(t >= 0) || isinf(t)) return fail(error, EFFECT_ERR_TIME, "bad t");
#ifdef BROKEN_BATCH_OFFSET
        frames[i] = ramp(instance, t + dt);
#else
        frames[i] = ramp(instance, t);
#endif
    }
    return ok(error);
}

#ifdef ABI_1_1
/* test-ramp has no layout items: the call places none. */
static effect_status layout(const effect_instance *instance, const double *sizes, uint32_t item_count,
                            double container_width, double *out, uint64_t capacity, effect_error *error) {
    (void)sizes;
    (void)container_width;
    if (instance == NULL || out == NULL) return fail(error, EFFECT_ERR_NULL_POINTER, "instance or out is NULL");
    if (item_count != 0) return fail(error, EFFECT_ERR_RANGE, "test-ramp lays out no items");
    if (capacity < EFFECT_LAYOUT_HEADER) return fail(error, EFFECT_ERR_BUFFER, "buffer too small");
    out[EFFECT_LAYOUT_WIDTH] = 0;
    out[EFFECT_LAYOUT_HEIGHT] = 0;
    return ok(error);
}
#endif

#ifdef ABI_1_2
/* A group holding a bar 100 pt wide at the ramp's value and the label
 * "ramp" on its baseline, measured by the host (or the reference metrics). */
static effect_status draw(const effect_instance *instance, double t, const effect_draw_context *context,
                          effect_drawing *out, effect_draw_item *items, uint64_t capacity, effect_error *error) {
    effect_text_metrics metrics = {0, 0, 0};
    effect_status status;
    uint64_t needed = 4, i;
    /* The run measured as effect.h says: copied to the stack, as the
     * measurer takes a NUL-terminated string (a bad length is measured as
     * far as the label's whole characters go: the host must refuse the
     * list, not the measurer). */
    char run[sizeof DRAWN_TEXT];
    size_t run_length = TEXT_LENGTH == 0 || TEXT_LENGTH > sizeof DRAWN_TEXT - 1 ? sizeof DRAWN_TEXT - 1 : TEXT_LENGTH;
    while (run_length > 0 && ((unsigned char)DRAWN_TEXT[run_length] & 0xC0) == 0x80) run_length--;
    memcpy(run, DRAWN_TEXT, run_length);
    run[run_length] = 0;
    if (instance == NULL || out == NULL) return fail(error, EFFECT_ERR_NULL_POINTER, "instance or out is NULL");
    if (capacity > 0 && items == NULL) return fail(error, EFFECT_ERR_NULL_POINTER, "items is NULL");
    if (out->struct_size < sizeof *out) return fail(error, EFFECT_ERR_STRUCT_SIZE, "effect_drawing is too small");
    if (!(t >= 0) || isinf(t)) return fail(error, EFFECT_ERR_TIME, "bad t");
    if (context != NULL && context->struct_size < offsetof(effect_draw_context, appearance))
        return fail(error, EFFECT_ERR_STRUCT_SIZE, "effect_draw_context is too small");
    if (context != NULL && (!(context->width >= 0) || !(context->height >= 0)))
        return fail(error, EFFECT_ERR_RANGE, "the proposed size must be >= 0");
#ifdef DRAWS_RUNS
    /* A 1.3 and later plugin: one look, but it knows the appearances. */
    if (context != NULL && context->struct_size >= sizeof *context && context->appearance > EFFECT_APPEARANCE_DARK)
        return fail(error, EFFECT_ERR_RANGE, "unknown appearance");
#endif
#if defined(LONG_LABEL)
    status = effect_kit_measure_run(context, DRAWN_TEXT, TEXT_LENGTH, 12, 400, 0, &metrics, NULL);
#elif defined(BROKEN_DRAW_MEASURE)
    (void)context;
    status = effect_reference_measure(NULL, run, 12, 400, 0, &metrics);
#else
    status = context != NULL && context->measure != NULL
                 ? context->measure(context->measure_context, run, 12, 400, 0, &metrics)
                 : effect_reference_measure(NULL, run, 12, 400, 0, &metrics);
#endif
    if (status != EFFECT_OK) return fail(error, EFFECT_ERR_RANGE, "the measurer failed");
    memset(out, 0, sizeof *out);
    out->struct_size = sizeof *out;
    out->item_count = needed;
    out->max_item_count = needed;
    out->width = 100;
    out->height = 20;
#ifdef BROKEN_DRAW_BOUNDS
    out->bounds.width = 20;
#elif defined(LONG_LABEL)
    out->bounds.width = 2100; /* its run's ink: 2035.6 pt with the reference metrics */
#else
    out->bounds.width = 100;
#endif
    out->bounds.height = 20;
#ifdef BROKEN_DRAW_OVERRUN
    if (capacity > 0 && capacity < needed) capacity += 1;
#else
    if (capacity < needed) return fail(error, EFFECT_ERR_BUFFER, "buffer too small");
#endif
    for (i = 0; i < needed && i < capacity; i++) memset(&items[i], 0, sizeof items[i]);
    if (capacity < needed) return fail(error, EFFECT_ERR_BUFFER, "buffer too small");
    items[0].group.kind = EFFECT_ITEM_GROUP;
    items[0].group.id = 1;
    items[0].group.transform.scale_x = 1;
    items[0].group.transform.scale_y = 1;
    items[0].group.opacity = 1;
    items[0].group.saturation = 1;
    items[1].shape.kind = EFFECT_ITEM_SHAPE;
#ifdef BROKEN_DRAW_IDS
    items[1].shape.id = 2 + (uint32_t)(t * 10);
#else
    items[1].shape.id = 2;
#endif
    items[1].shape.shape = EFFECT_SHAPE_RECT;
    items[1].shape.frame.width = 100 * ramp(instance, t);
#ifdef BROKEN_DRAW_NAN
    items[1].shape.frame.height = NAN;
#else
    items[1].shape.frame.height = 4;
#endif
    items[1].shape.trim_end = 1;
    items[1].shape.fill = EFFECT_PAINT_SOLID;
    items[1].shape.fill_color = 0x3366CCFFu;
    items[2].text.kind = EFFECT_ITEM_TEXT;
    items[2].text.id = 3;
#ifdef RUN_OF_LABEL
    items[2].text.text = instance->label;
#else
    items[2].text.text = DRAWN_TEXT;
#endif
    items[2].text.length = TEXT_LENGTH;
    items[2].text.y = 16;
    items[2].text.size = 12;
    items[2].text.weight = 400;
    items[2].text.advance = metrics.advance;
    items[2].text.ascent = metrics.ascent;
    items[2].text.descent = metrics.descent;
    items[2].text.color = 0x000000FFu;
#ifdef BROKEN_DRAW_UNBALANCED
    items[3].text = items[2].text;
    items[3].text.id = 4;
#else
    items[3].head.kind = EFFECT_ITEM_END_GROUP;
    items[3].head.id = 1;
#endif
#ifdef BROKEN_DRAW_RENUMBER
    /* A counter of frames at 60 fps, as a plugin that numbers what it draws each frame would. */
    for (i = 0; i < needed; i++) items[i].head.id += 10 * (uint32_t)(t * 60);
#endif
    return ok(error);
}
#endif

/* An ABI 1.0 table (1.1 with ABI_1_1): the functions later minors brought
 * stay NULL, and a host must not look at them: the table it was given ends
 * before them. */
static const effect_plugin_api table = {
    .struct_size = BROKEN_TABLE_SIZE,
    .abi_major = BROKEN_ABI_MAJOR,
    .abi_minor = BROKEN_ABI_MINOR,
#ifdef NEEDS_MINOR
    .reserved = NEEDS_MINOR,
#endif
    .describe = describe,
    .effect_info = effect_info_fn,
    .param_info = param_info,
    .channel_info = channel_info,
    .create = create,
    .destroy = destroy,
    .instance_info = instance_info,
    .element_info = element_info,
    .get_param = get_param,
    .set_param = set_param,
    .strings = strings,
#ifdef BROKEN_NULL_SAMPLE
    .sample = NULL,
#else
    .sample = sample,
#endif
    .sample_many = sample_many,
#ifdef ABI_1_1
    .layout = layout,
#endif
#if defined(ABI_1_2) && defined(BROKEN_NULL_DRAW)
    .draw = NULL, /* a 1.2 table that offers no draw */
#elif defined(ABI_1_2)
    .draw = draw,
#endif
};

#ifndef BROKEN_NO_ENTRY
EFFECT_EXPORT const effect_plugin_api *effect_plugin_entry(void) {
#ifdef BROKEN_NULL_SAMPLE
    (void)sample;
#endif
#if defined(ABI_1_2) && defined(BROKEN_NULL_DRAW)
    (void)draw;
#endif
#ifdef BROKEN_ENTRY_NULL
    return table.struct_size == 0 ? &table : NULL;
#elif defined(BROKEN_NEW_TABLE)
    effect_plugin_api *copy = malloc(sizeof table);
    if (copy != NULL) memcpy(copy, &table, sizeof table);
    return copy;
#else
    return &table;
#endif
}
#else
EFFECT_EXPORT const effect_plugin_api *not_the_entry(void) { return &table; }
#endif
