/* The two libc functions the Embedded Swift runtime calls that wasi-libc
 * would answer through WASI imports: with these a plugin module imports
 * nothing, so any page or runtime can instantiate it with no import object.
 *
 * arc4random_buf seeds Swift's Hasher. A page gains nothing from a random
 * per-load seed (the hashed keys are the plugin's own names and the page's
 * text, and no attacker shares the instance), and a fixed stream keeps a
 * plugin deterministic from load to load. wasi-libc's version would import
 * random_get. */
#include <stddef.h>
#include <stdint.h>
#include <wasi/api.h>

void arc4random_buf(void *buffer, size_t count);
int putchar(int c);

void arc4random_buf(void *buffer, size_t count) {
    uint8_t *bytes = buffer;
    uint64_t state = 0x9E3779B97F4A7C15u;
    for (size_t i = 0; i < count; i++) {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        bytes[i] = (uint8_t)state;
    }
}

/* Only a fatal error's message reaches putchar, and a page has no stdout:
 * the trap that follows is what the host sees. wasi-libc's would import
 * fd_write and bring in all of stdio. */
int putchar(int c) {
    return c;
}

/* snprintf (the C kit's error messages) shares stdio's code with printf to
 * files, and that code names the WASI calls for files. Only strings are
 * ever formatted in a plugin, so they are never called: answering them
 * here (EBADF: no such file) keeps them out of the module's imports. */
__wasi_errno_t __wasi_fd_write(__wasi_fd_t fd, const __wasi_ciovec_t *iovs, size_t count, __wasi_size_t *written) {
    (void)fd, (void)iovs, (void)count;
    *written = 0;
    return __WASI_ERRNO_BADF;
}

__wasi_errno_t __wasi_fd_seek(__wasi_fd_t fd, __wasi_filedelta_t offset, __wasi_whence_t whence, __wasi_filesize_t *position) {
    (void)fd, (void)offset, (void)whence, (void)position;
    return __WASI_ERRNO_BADF;
}

__wasi_errno_t __wasi_fd_close(__wasi_fd_t fd) {
    (void)fd;
    return __WASI_ERRNO_BADF;
}
