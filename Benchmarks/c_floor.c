/*
 * The floor of any plugin, in any language: the seeds' formulas behind the
 * ABI's sample signature, with the checks the header asks of every plugin
 * (NULL pointers, the time, the capacity) and the error struct cleared on
 * success, built as a shared library so that each call crosses into it the
 * way a host's call crosses into a plugin. sample_bench times these beside
 * the inline formulas and the real plugins: what they cost over the inline
 * formulas is what the ABI itself costs.
 *
 * floor_NAME binds the defaults as constants, as the inline formulas do;
 * params_floor_NAME reads them from its instance (floor_params(NAME), a copy
 * made at run time, as a plugin's create makes one), which is what a plugin
 * in any language pays for params that are data.
 */
#include "effect.h"
#include "seed_formulas.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* Works out what the formulas need once (the settle time, the directions). */
void floor_prepare(void) {
    solve_baselines();
}

static effect_status checked(effect_instance *instance, double t, double *frame, uint64_t capacity, uint64_t size,
                             effect_error *error) {
    effect_status status = EFFECT_OK;
    if (instance == NULL || frame == NULL) status = EFFECT_ERR_NULL_POINTER;
    else if (!(t >= 0 && t <= 1.7976931348623157e308)) status = EFFECT_ERR_TIME;
    else if (capacity < size) status = EFFECT_ERR_BUFFER;
    if (error != NULL && error->struct_size >= sizeof *error) {
        error->status = status;
        error->message[0] = '\0';
    }
    return status;
}

#define FLOOR(name, size)                                                                                       \
    effect_status floor_##name(effect_instance *instance, double t, double *frame, uint64_t capacity,         \
                               effect_error *error) {                                                          \
        effect_status status = checked(instance, t, frame, capacity, size, error);                             \
        if (status == EFFECT_OK) name##_inline(t, frame);                                                      \
        return status;                                                                                         \
    }                                                                                                          \
    effect_status params_floor_##name(effect_instance *instance, double t, double *frame, uint64_t capacity,  \
                                      effect_error *error) {                                                   \
        effect_status status = checked(instance, t, frame, capacity, size, error);                             \
        if (status == EFFECT_OK) name##_formula((const struct name##_params *)(void *)instance, t, frame);      \
        return status;                                                                                         \
    }

FLOOR(strike, 6)
FLOOR(tracking, 3)
FLOOR(circles, 37)
FLOOR(reveal, 242)

/* A run-time copy of NAME's defaults, to pass as params_floor_NAME's
 * instance; NULL for an unknown name. Never freed: one per benchmark. */
void *floor_params(const char *name) {
    const void *defaults = NULL;
    size_t size = 0;
    void *copy;
    if (strcmp(name, "strike") == 0) defaults = &strike_defaults, size = sizeof strike_defaults;
    if (strcmp(name, "tracking") == 0) defaults = &tracking_defaults, size = sizeof tracking_defaults;
    if (strcmp(name, "circles") == 0) defaults = &circles_defaults, size = sizeof circles_defaults;
    if (strcmp(name, "reveal") == 0) defaults = &reveal_defaults, size = sizeof reveal_defaults;
    if (defaults == NULL || (copy = malloc(size)) == NULL) return NULL;
    return memcpy(copy, defaults, size);
}
