#ifndef EFFECT_PIXEL_ROWS_H
#define EFFECT_PIXEL_ROWS_H

#include <stddef.h>
#include <stdint.h>

/* A PNG image's rows from cairo's pixels (ARGB32: premultiplied B, G, R, A
 * bytes on little-endian machines), as cairo's own PNG writer makes them.
 * In C, built optimised in every configuration, so that a debug build's
 * frames encode as fast as a release build's. */

/* Whether every one of `height` rows of `width` pixels, `stride` bytes
 * apart, has alpha 255. */
int effect_rows_opaque(const uint8_t *pixels, size_t width, size_t height, size_t stride);

/* Writes each row as a filter-type byte (0, None) followed by its pixels:
 * R, G, B when `opaque`, otherwise R, G, B, A with alpha divided out as
 * cairo divides it ((c * 255 + a / 2) / a, to 8 bits; a transparent pixel
 * all 0). `out` holds height * (1 + width * (opaque ? 3 : 4)) bytes. */
void effect_rows_png(const uint8_t *pixels, size_t width, size_t height, size_t stride, int opaque, uint8_t *out);

#endif
