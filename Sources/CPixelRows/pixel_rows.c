#include "pixel_rows.h"

int effect_rows_opaque(const uint8_t *pixels, size_t width, size_t height, size_t stride) {
    for (size_t y = 0; y < height; y++) {
        const uint8_t *row = pixels + y * stride;
        uint8_t all = 0xFF;
        for (size_t x = 0; x < width; x++) all &= row[4 * x + 3];
        if (all != 0xFF) return 0;
    }
    return 1;
}

static uint8_t straight(unsigned level, unsigned alpha) {
    return (uint8_t)((level * 255 + alpha / 2) / alpha);
}

void effect_rows_png(const uint8_t *pixels, size_t width, size_t height, size_t stride, int opaque, uint8_t *out) {
    for (size_t y = 0; y < height; y++) {
        const uint8_t *p = pixels + y * stride;
        *out++ = 0;
        if (opaque) {
            for (size_t x = 0; x < width; x++, p += 4, out += 3) {
                out[0] = p[2];
                out[1] = p[1];
                out[2] = p[0];
            }
            continue;
        }
        for (size_t x = 0; x < width; x++, p += 4, out += 4) {
            unsigned alpha = p[3];
            if (alpha == 255) {
                out[0] = p[2];
                out[1] = p[1];
                out[2] = p[0];
                out[3] = 255;
            } else if (alpha == 0) {
                out[0] = out[1] = out[2] = out[3] = 0;
            } else {
                out[0] = straight(p[2], alpha);
                out[1] = straight(p[1], alpha);
                out[2] = straight(p[0], alpha);
                out[3] = (uint8_t)alpha;
            }
        }
    }
}
