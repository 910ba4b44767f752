/*
 * frame.c: a source's picture, its pixels and its texture.
 *
 * The picture is drawn by the host into premultiplied RGBA bytes only when
 * the frame differs from the one drawn last (effect_host_picture_changed),
 * uploaded into a texture, and drawn with sRGB-byte blending, as
 * `effect-host render`, ffmpeg's overlay and the other adapters blend: the
 * texture is declared GS_RGBA_UNORM (no sRGB decode) and the framebuffer's
 * sRGB conversion is off while it is drawn, so OBS 28+'s linear blending
 * does not darken anti-aliased edges.
 */
#include "source.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void source_say(effect_source *s, int level, const char *format, ...) {
    char line[sizeof s->said[0]];
    va_list args;
    va_start(args, format);
    vsnprintf(line, sizeof line, format, args);
    va_end(args);
    for (unsigned i = 0; i < SAID_LINES; i++)
        if (strcmp(line, s->said[i]) == 0) return;
    snprintf(s->said[s->said_next], sizeof s->said[0], "%s", line);
    s->said_next = (s->said_next + 1) % SAID_LINES;
    blog(level, EFFECT_OBS_LOG "%s: %s", obs_source_get_name(s->source), line);
}

void source_forget_said(effect_source *s) {
    memset(s->said, 0, sizeof s->said);
    s->said_next = 0;
}

void source_drop_picture(effect_source *s) {
    effect_host_picture_free(s->picture);
    s->picture = NULL;
    s->drawn = 0;
    pthread_mutex_lock(&s->lock);
    s->width = s->height = 0;
    pthread_mutex_unlock(&s->lock);
}

/* The picture's pixel size at `*scale`, or, when the host refuses that
 * scale (a picture past its size limit), at the largest scale it takes,
 * found by asking it: the limit is the host's, not restated here. */
static effect_status pixel_size(const effect_host_picture *picture, double *scale, uint32_t *width, uint32_t *height,
                                effect_error *error) {
    effect_status status = effect_host_picture_pixel_size(picture, *scale, width, height, error);
    if (status != EFFECT_ERR_RANGE) return status;
    double low = 0, high = *scale;
    for (int step = 0; step < 40; step++) {
        double middle = (low + high) / 2;
        if (effect_host_picture_pixel_size(picture, middle, width, height, NULL) == EFFECT_OK) low = middle;
        else high = middle;
    }
    if (!(low > 0)) return status;
    *scale = low;
    return effect_host_picture_pixel_size(picture, low, width, height, NULL);
}

int source_make_picture(effect_source *s) {
    effect_error error = {sizeof error, 0, {0}};
    source_drop_picture(s);
    if (s->instance == NULL) return 0;
    effect_host_look look = {sizeof look, EFFECT_APPEARANCE_LIGHT, s->wrap_width, NULL, EFFECT_HOST_GROUND_TRANSPARENT, 0};
    if (strcmp(s->theme, "dark") == 0) look.appearance = EFFECT_APPEARANCE_DARK;
    if (s->font[0]) look.font = s->font;
    effect_status status = effect_host_picture_create(s->instance, &look, &s->picture, &error);
    if (status == EFFECT_HOST_ERR_MISSING && look.font != NULL) {
        /* A font file that cannot be used: said, and drawn in the default font. */
        source_say(s, LOG_WARNING, "font '%s': %s; drawing in Inter", s->font, error.message);
        look.font = NULL;
        status = effect_host_picture_create(s->instance, &look, &s->picture, &error);
    }
    uint32_t width = 0, height = 0;
    if (status == EFFECT_OK) {
        double scale = s->scale;
        status = pixel_size(s->picture, &scale, &width, &height, &error);
        if (status == EFFECT_OK && scale < s->scale)
            source_say(s, LOG_WARNING, "scale %g: %s; drawn at scale %.3f", s->scale, error.message, scale);
    }
    if (status != EFFECT_OK) {
        source_say(s, LOG_WARNING, "cannot draw: %s", error.message);
        source_drop_picture(s);
        return 0;
    }
    if (width != s->pixel_width || height != s->pixel_height) {
        bfree(s->pixels);
        s->pixels = bmalloc((size_t)width * height * 4);
        s->pixel_width = width;
        s->pixel_height = height;
    }
    pthread_mutex_lock(&s->lock);
    s->width = width;
    s->height = height;
    pthread_mutex_unlock(&s->lock);
    return 1;
}

/* Brings the pixels and the texture to the frame at t; 0 when there is nothing to show. */
static int bring_to(effect_source *s, double t) {
    if (s->picture == NULL) return 0;
    if (!s->drawn || t != s->drawn_t) {
        effect_error error = {sizeof error, 0, {0}};
        int changed = 1;
        if (s->drawn && effect_host_picture_changed(s->picture, t, &changed, &error) != EFFECT_OK) changed = 1;
        if (changed) {
            if (effect_host_picture_draw_pixels(s->picture, t, s->pixels, s->pixel_width, s->pixel_height,
                                                s->pixel_width * 4, EFFECT_HOST_PIXELS_RGBA_PREMULTIPLIED,
                                                &error) != EFFECT_OK) {
                source_say(s, LOG_WARNING, "cannot draw t = %.3f s: %s", t, error.message);
                s->drawn = 0;
                return 0;
            }
            s->uploaded = 0;
            const char *note = effect_host_picture_font_note(s->picture);
            if (note != NULL) source_say(s, LOG_INFO, "%s", note);
            note = effect_host_picture_missing_characters(s->picture);
            if (note != NULL) source_say(s, LOG_WARNING, "%s", note);
        }
        s->drawn = 1;
        s->drawn_t = t;
    }
    if (!s->uploaded) {
        if (s->texture == NULL || s->texture_width != s->pixel_width || s->texture_height != s->pixel_height) {
            gs_texture_destroy(s->texture);
            const uint8_t *planes[1] = {s->pixels};
            s->texture = gs_texture_create(s->pixel_width, s->pixel_height, GS_RGBA_UNORM, 1, planes, GS_DYNAMIC);
            s->texture_width = s->texture ? s->pixel_width : 0;
            s->texture_height = s->texture ? s->pixel_height : 0;
            if (s->texture == NULL)
                source_say(s, LOG_ERROR, "OBS could not make a %u x %u texture", s->pixel_width, s->pixel_height);
        } else {
            gs_texture_set_image(s->texture, s->pixels, s->pixel_width * 4, false);
        }
        s->uploaded = s->texture != NULL;
    }
    return s->texture != NULL;
}

void source_render(effect_source *s, gs_effect_t *effect, double t) {
    if (!bring_to(s, t)) return;
    /* Premultiplied sRGB bytes blended as bytes: render's pixels. */
    const bool previous = gs_framebuffer_srgb_enabled();
    gs_enable_framebuffer_srgb(false);
    gs_blend_state_push();
    gs_blend_function(GS_BLEND_ONE, GS_BLEND_INVSRCALPHA);
    gs_effect_set_texture(gs_effect_get_param_by_name(effect, "image"), s->texture);
    gs_draw_sprite(s->texture, 0, s->texture_width, s->texture_height);
    gs_blend_state_pop();
    gs_enable_framebuffer_srgb(previous);
}

void source_free_frame(effect_source *s) {
    obs_enter_graphics();
    gs_texture_destroy(s->texture);
    obs_leave_graphics();
    s->texture = NULL;
    effect_host_picture_free(s->picture);
    s->picture = NULL;
    bfree(s->pixels);
    s->pixels = NULL;
}
