/*
 * An LD_PRELOAD library that counts heap allocations: every malloc, calloc,
 * realloc, reallocarray, memalign, aligned_alloc, posix_memalign, valloc and
 * pvalloc in the process, whichever library makes it. The memory itself
 * comes from glibc's own allocator through its __libc_* entry points.
 *
 * A program reads the count with
 *     dlsym(RTLD_DEFAULT, "malloc_counter_allocations")
 * which returns NULL when the counter is not preloaded.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stddef.h>
#include <stdint.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void *__libc_valloc(size_t size);
extern void *__libc_pvalloc(size_t size);
extern void __libc_free(void *pointer);

static uint64_t allocations;

static void count(void) { __atomic_fetch_add(&allocations, 1, __ATOMIC_RELAXED); }

uint64_t malloc_counter_allocations(void) { return __atomic_load_n(&allocations, __ATOMIC_RELAXED); }

void *malloc(size_t size) {
    count();
    return __libc_malloc(size);
}

void *calloc(size_t count_, size_t size) {
    count();
    return __libc_calloc(count_, size);
}

void *realloc(void *pointer, size_t size) {
    count();
    return __libc_realloc(pointer, size);
}

void *reallocarray(void *pointer, size_t count_, size_t size) {
    if (size != 0 && count_ > SIZE_MAX / size) {
        errno = ENOMEM;
        return NULL;
    }
    count();
    return __libc_realloc(pointer, count_ * size);
}

void *memalign(size_t alignment, size_t size) {
    count();
    return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    count();
    return __libc_memalign(alignment, size);
}

int posix_memalign(void **out, size_t alignment, size_t size) {
    void *pointer;
    if (alignment < sizeof(void *) || (alignment & (alignment - 1)) != 0) return EINVAL;
    count();
    pointer = __libc_memalign(alignment, size);
    if (pointer == NULL) return ENOMEM;
    *out = pointer;
    return 0;
}

void *valloc(size_t size) {
    count();
    return __libc_valloc(size);
}

void *pvalloc(size_t size) {
    count();
    return __libc_pvalloc(size);
}

void free(void *pointer) { __libc_free(pointer); }
