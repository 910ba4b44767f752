/*
 * ffmpeg_lost_time.c: the time of a frame ffmpeg's frei0r filter hands over
 * without one.
 *
 * ffmpeg 5.1's frei0r filter (vf_frei0r.c's filter_frame, libavfilter 8.44
 * and later) gets a frame `out` for the plugin to draw into and gives it the
 * incoming frame's props, its timestamp among them; when the incoming
 * frame's rows are padded otherwise than `out`'s (it depends on where the
 * frames come from and the frame's width), it copies the incoming frame into
 * a new one first, and that copy has no timestamp: f0r_update is passed
 * AV_NOPTS_VALUE times the link's time base times 1000, about -3e20. The
 * time is still there, in `out`, which filter_frame keeps in its own stack
 * frame (its address is taken) just above f0r_update's. So the plugin looks
 * through the words above its own frame for the one that points at the
 * AVFrame whose pixels are `outframe`, of the instance's size and row
 * length, and reads its pts; the time base is the one the lost time was
 * multiplied by. Every word is read with process_vm_readv, so a word that
 * is no pointer is a failed read, never a crash, and only a frame whose
 * pixel pointer, rows and size are the ones ffmpeg handed over is taken.
 * Where any of it is not so, the time stays lost and the frame is left as
 * it came (plugin.c says so once).
 */
#define _GNU_SOURCE
#include "adapter.h"

#include <dlfcn.h>
#include <stdint.h>
#include <sys/uio.h>
#include <unistd.h>

/* AVFrame up to its pts, as libavutil 57's frame.h (FFmpeg 5.1) declares
 * it; 58 and 59 keep them where they are (pts stays at byte 136 with or
 * without the deprecated key_frame before it). */
typedef struct av_frame_head {
    uint8_t *data[8];
    int linesize[8];
    uint8_t **extended_data;
    int width, height;
    int nb_samples;
    int format;
    int key_frame;
    int pict_type;
    int sample_aspect_ratio[2];
    int64_t pts;
} av_frame_head;

/* AV_NOPTS_VALUE, the timestamp the copy carries. */
static const double no_pts = (double)INT64_MIN;

/* How far above f0r_update's frame filter_frame's `out` may be: its
 * frame is a few words (0x48 bytes in Debian's 5.1). */
enum { stack_window = 512 };

static int read_memory(void *into, const void *from, size_t bytes) {
    struct iovec local = {into, bytes}, remote = {(void *)from, bytes};
    return process_vm_readv(getpid(), &local, 1, &remote, 1, 0) == (ssize_t)bytes;
}

int ffmpeg_frames_keep_time(void) {
    unsigned (*version)(void);
    *(void **)&version = dlsym(RTLD_DEFAULT, "avutil_version");
    if (version == NULL) return 0;
    unsigned major = version() >> 16;
    return major >= 57 && major <= 59;
}

double ffmpeg_lost_time_or(double host_time, const void *update_frame, const uint32_t *outframe, unsigned width,
                           unsigned height, unsigned row_bytes) {
    /* The time base the lost time was multiplied by: a ratio of two ints. */
    double time_base = host_time / (no_pts * 1000.0);
    if (!(time_base >= 1.0 / INT32_MAX && time_base <= INT32_MAX)) return host_time;
    uintptr_t words[stack_window / sizeof(uintptr_t)];
    if (update_frame == NULL || !read_memory(words, update_frame, sizeof words)) return host_time;
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++) {
        /* av_malloc'd: at least 16-byte aligned, never in the first page. */
        if (words[i] % 16 != 0 || words[i] < 4096) continue;
        av_frame_head frame;
        if (!read_memory(&frame, (const void *)words[i], sizeof frame)) continue;
        if (frame.data[0] != (const uint8_t *)outframe || frame.linesize[0] != (int)row_bytes ||
            frame.width != (int)width || frame.height != (int)height)
            continue;
        if ((double)frame.pts == no_pts) return host_time;
        return (double)frame.pts * time_base * 1000.0;
    }
    return host_time;
}
