/*
 * host.c: which program is calling, read from where a call comes from (the
 * caller's return address, as f0r_construct sees it): some hosts need the
 * plugin to meet them where they differ from frei0r's header.
 */
#define _GNU_SOURCE
#include "adapter.h"

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

/* The file name, without directories, of the object the code at `caller` is in. */
static const char *object_of(const void *caller, Dl_info *info) {
    if (caller == NULL || dladdr(caller, info) == 0 || info->dli_fname == NULL) return NULL;
    const char *base = strrchr(info->dli_fname, '/');
    return base != NULL ? base + 1 : info->dli_fname;
}

/* libavfilter's version, when the code at `caller` is libavfilter or a
 * static ffmpeg that carries it (its own symbol tells); 0 otherwise. */
static unsigned avfilter_version_at(const void *caller) {
    Dl_info info;
    if (object_of(caller, &info) == NULL) return 0;
    void *object = dlopen(info.dli_fname[0] != '\0' ? info.dli_fname : NULL, RTLD_LAZY | RTLD_NOLOAD);
    if (object == NULL) return 0;
    unsigned (*version)(void);
    *(void **)&version = dlsym(object, "avfilter_version");
    unsigned found = version != NULL ? version() : 0;
    dlclose(object);
    return found;
}

int host_counts_milliseconds(const void *caller) {
    return avfilter_version_at(caller) != 0;
}

unsigned host_row_pixels(const void *caller, unsigned width) {
    unsigned version = avfilter_version_at(caller);
    unsigned major = version >> 16, minor = (version >> 8) & 0xFF;
    if (version == 0 || major >= 9 || width % 16 == 0) return width;
    /* ffmpeg 5.1 (libavfilter 8.44 and later 8.x) makes the frames it hands
     * a frei0r plugin, source or filter, with rows of a multiple of 16
     * pixels; 6.0 and later with rows of exactly the width. */
    if (major == 8 && minor >= 44) return (width + 15) / 16 * 16;
    char line[300];
    snprintf(line, sizeof line, "ffmpeg with libavfilter %u.%u may pad the rows of a frame %u pixels wide, which frei0r cannot "
             "say: if the frames come out sheared, use a width that is a multiple of 64", major, minor, width);
    adapter_report(line);
    return width;
}

int host_is_gstreamer(const void *caller) {
    Dl_info info;
    const char *base = object_of(caller, &info);
    return base != NULL && strncmp(base, "libgstfrei0r", strlen("libgstfrei0r")) == 0;
}
