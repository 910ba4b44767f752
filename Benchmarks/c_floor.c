/*
 * The floor of any plugin, in any language: the seeds' formulas behind the
 * ABI's sample signature, with the checks the header asks of every plugin
 * (NULL pointers, the time, the capacity) and the error struct cleared on
 * success, built as a shared library so that each call crosses into it the
 * way a host's call crosses into a plugin. sample_bench times these beside
 * the inline formulas and the real plugins: what they cost over the inline
 * formulas is what the ABI itself costs.
 */
#include "effect.h"
#include "seed_formulas.h"

#include <stddef.h>

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

#define FLOOR(name, formula, size)                                                                              \
    effect_status floor_##name(effect_instance *instance, double t, double *frame, uint64_t capacity,         \
                               effect_error *error) {                                                          \
        effect_status status = checked(instance, t, frame, capacity, size, error);                             \
        if (status == EFFECT_OK) formula(t, frame);                                                            \
        return status;                                                                                         \
    }

FLOOR(strike, strike_inline, 6)
FLOOR(tracking, tracking_inline, 3)
FLOOR(circles, circles_inline, 37)
FLOOR(reveal, reveal_inline, 242)
