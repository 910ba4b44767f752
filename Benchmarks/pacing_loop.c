/*
 * The baseline for the Player's pacing: a plain C loop that sleeps to each
 * frame's deadline with clock_nanosleep(TIMER_ABSTIME) and writes one JSON
 * line per frame, {"t": seconds since the first frame}, flushed at once,
 * as effect-host's jsonl sink does.
 *
 *   pacing_loop FPS SECONDS
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double seconds(const struct timespec *spec) { return (double)spec->tv_sec + (double)spec->tv_nsec / 1e9; }

int main(int argc, char **argv) {
    struct timespec start, deadline, now;
    double fps, duration;
    long frames, i;
    if (argc != 3 || (fps = atof(argv[1])) <= 0 || (duration = atof(argv[2])) <= 0) {
        fprintf(stderr, "usage: pacing_loop FPS SECONDS\n");
        return 2;
    }
    frames = (long)(duration * fps + 0.5);
    clock_gettime(CLOCK_MONOTONIC, &start);
    for (i = 0; i <= frames; i++) {
        /* From the start each time, so rounding never accumulates. */
        long long offset = (long long)((double)i * 1e9 / fps + 0.5);
        deadline.tv_sec = start.tv_sec + (time_t)(offset / 1000000000LL);
        deadline.tv_nsec = start.tv_nsec + (long)(offset % 1000000000LL);
        if (deadline.tv_nsec >= 1000000000L) {
            deadline.tv_sec += 1;
            deadline.tv_nsec -= 1000000000L;
        }
        while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &deadline, NULL) == EINTR) {
        }
        clock_gettime(CLOCK_MONOTONIC, &now);
        printf("{\"t\": %.9f}\n", seconds(&now) - seconds(&start));
        if (fflush(stdout) != 0) return 1;
    }
    return 0;
}
