/*
 * host.c: which program is calling, read from where a call comes from (the
 * caller's return address, as f0r_construct sees it): some hosts need the
 * plugin to meet them where they differ from frei0r's header.
 */
#define _GNU_SOURCE
#include "adapter.h"

#include <dlfcn.h>
#include <string.h>

/* The file name, without directories, of the object the code at `caller` is in. */
static const char *object_of(const void *caller, Dl_info *info) {
    if (caller == NULL || dladdr(caller, info) == 0 || info->dli_fname == NULL) return NULL;
    const char *base = strrchr(info->dli_fname, '/');
    return base != NULL ? base + 1 : info->dli_fname;
}

int host_counts_milliseconds(const void *caller) {
    Dl_info info;
    const char *base = object_of(caller, &info);
    if (base == NULL) return 0;
    if (strncmp(base, "libavfilter", strlen("libavfilter")) == 0) return 1;
    /* A static ffmpeg carries libavfilter inside: its own symbol tells. */
    void *self = dlopen(info.dli_fname[0] != '\0' ? info.dli_fname : NULL, RTLD_LAZY | RTLD_NOLOAD);
    if (self == NULL) return 0;
    int has_avfilter = dlsym(self, "avfilter_version") != NULL;
    dlclose(self);
    return has_avfilter;
}

int host_is_gstreamer(const void *caller) {
    Dl_info info;
    const char *base = object_of(caller, &info);
    return base != NULL && strncmp(base, "libgstfrei0r", strlen("libgstfrei0r")) == 0;
}
