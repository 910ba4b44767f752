/*
 * effect_host_validate.h: the conformance report of `effect-host validate`.
 * Part of effect_host.h, the effect host library: include that; its
 * conventions are in effect_host_core.h.
 *
 * Every check `effect-host validate` runs, on any plugin files, each in a
 * child process.
 */
#ifndef EFFECT_HOST_VALIDATE_H
#define EFFECT_HOST_VALIDATE_H

#include "effect_host_core.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------
 * Validation
 * ------------------------------------------------------------------------ */

typedef struct effect_host_report effect_host_report;

/* effect_host_validate_options.flags */
#define EFFECT_HOST_VALIDATE_STRICT        1u  /* warnings fail */
#define EFFECT_HOST_VALIDATE_ALLOW_UNSAFE  2u  /* check files the trust rules refuse */

typedef struct effect_host_validate_options {
    uint32_t struct_size;       /* sizeof(effect_host_validate_options) */
    uint32_t flags;             /* EFFECT_HOST_VALIDATE_* [0] */
    uint64_t seed;              /* the random params' seed [0: 1] */
    double timeout;             /* seconds one check may take, at most 3600
                                   [0: 50] */
} effect_host_validate_options;

/* Runs every conformance check of `effect-host validate` on each file,
 * each check in a child process. The report is returned even when checks
 * fail: read effect_host_report_failed.
 * Errors: NULL_POINTER, STRUCT_SIZE, UTF8, RANGE (no files: a report of
 * no checks would read as a pass; since API 1.3), EFFECT_HOST_ERR_MISSING
 * (the effect-host program: see Processes).
 * Threads: any. */
EFFECT_HOST_API effect_status effect_host_validate(const char *const *paths, uint32_t path_count,
                                                   const effect_host_validate_options *options,
                                                   effect_host_report **out, effect_error *error);

/* Nonzero when a check failed or crashed (or, strict, warned); 0 for NULL.
 * Threads: reads the report. */
EFFECT_HOST_API int effect_host_report_failed(const effect_host_report *report);

/* The checks run, over every file in order; 0 for NULL.
 * Threads: reads the report. */
EFFECT_HOST_API uint32_t effect_host_report_check_count(const effect_host_report *report);

/* One check's result. Strings belong to the report. */
typedef struct effect_host_check_result {
    uint32_t struct_size;       /* sizeof(effect_host_check_result) */
    uint32_t reserved;
    const char *path;           /* the plugin file */
    const char *check;          /* the check's name ("load", "metadata", ...) */
    const char *status;         /* "pass", "skip", "warn", "fail" or "crash"; a
                                   check after a failed load fails as "not run" */
    const char *reason;         /* one line: what the check found, or why it failed */
} effect_host_check_result;

/* Fills *out with check `index`.
 * Errors: NULL_POINTER, STRUCT_SIZE, INDEX.
 * Threads: reads the report. */
EFFECT_HOST_API effect_status effect_host_report_check(const effect_host_report *report, uint32_t index,
                                                       effect_host_check_result *out, effect_error *error);

/* The report as `effect-host validate --json` prints it; NULL for NULL.
 * Threads: reads the report. */
EFFECT_HOST_API const char *effect_host_report_json(const effect_host_report *report);

/* Frees the report and every string read from it. NULL does nothing.
 * Threads: changes the report. */
EFFECT_HOST_API void effect_host_report_free(effect_host_report *report);

/* Layout checks (LP64) */
#if defined(__LP64__) || defined(_WIN64)
EFFECT_STATIC_ASSERT(sizeof(effect_host_validate_options) == 24, effect_host_validate_options_size);
EFFECT_STATIC_ASSERT(sizeof(effect_host_check_result) == 40, effect_host_check_result_size);
#endif

#ifdef __cplusplus
}
#endif

#endif /* EFFECT_HOST_VALIDATE_H */
