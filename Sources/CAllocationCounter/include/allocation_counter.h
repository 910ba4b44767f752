/* Counts heap allocations made anywhere in the process, plugins included:
 * effect-host defines malloc, calloc, realloc and the aligned
 * allocators itself (forwarding to glibc's), and an executable's definitions take precedence over every
 * library's. `effect-host validate` reads the count around sampling. */
#ifndef ALLOCATION_COUNTER_H
#define ALLOCATION_COUNTER_H

#include <stdint.h>

/* Allocations (malloc, calloc, realloc, memalign, aligned_alloc,
 * posix_memalign) since the process started. */
uint64_t effect_allocation_count(void);

/* 1 when allocations are counted; 0 in a build with a sanitizer, whose
 * runtime must own malloc. */
int effect_allocation_counting(void);

#endif
