/*
 * set_param's cost as events pile up: N events of one bool param on a
 * fresh instance, alternating true and false 1 ms apart, set in time order
 * (each later than the last: the model is extended), in reverse (each
 * earlier than the last: the model is rebuilt from every event), or in
 * pairs (two at each time, in time order, the second undoing the first:
 * the second is at the latest time, which is redone). Prints the whole
 * run's seconds and the nanoseconds per event.
 *
 *   events_bench DIR LIBRARY EFFECT PARAM N forward|reverse|pairs
 */
#define _POSIX_C_SOURCE 200809L
#include "rounds.h"

int main(int argc, char **argv) {
    const effect_plugin_api *api;
    effect_instance *instance;
    effect_error error;
    double span, start, seconds;
    long count, index;
    int reverse, pairs;
    if (argc != 7) return fprintf(stderr, "usage: events_bench DIR LIBRARY EFFECT PARAM N forward|reverse|pairs\n"), 2;
    count = strtol(argv[5], NULL, 10);
    reverse = strcmp(argv[6], "reverse") == 0;
    pairs = strcmp(argv[6], "pairs") == 0;
    if (count < 1 || (!reverse && !pairs && strcmp(argv[6], "forward") != 0)) {
        return fprintf(stderr, "events_bench: bad N or order\n"), 2;
    }
    instance = open_effect(argv[1], argv[2], argv[3], NULL, 0, &api, &span);
    if (instance == NULL) return 1;
    memset(&error, 0, sizeof error);
    error.struct_size = sizeof error;
    start = now();
    for (index = 0; index < count; index++) {
        long position = reverse ? count - 1 - index : pairs ? index / 2 : index;
        /* In pairs the first of each sets the opposite of the second. */
        long setting = pairs && index % 2 == 0 ? 1 - position % 2 : position % 2;
        effect_value value = {EFFECT_TYPE_BOOL, 0, 0, setting, NULL};
        if (api->set_param(instance, argv[4], &value, (double)(position + 1) * 0.001, &error) != EFFECT_OK) {
            fprintf(stderr, "events_bench: event %ld: %s\n", index, error.message);
            return 1;
        }
    }
    seconds = now() - start;
    printf("%.6f %.1f\n", seconds, seconds / (double)count * 1e9);
    api->destroy(instance);
    return 0;
}
