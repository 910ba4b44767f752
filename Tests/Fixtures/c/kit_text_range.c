/*
 * effect_kit.h's text runs (ABI 1.6), for EffectHostTests' KitTextRangeTests:
 * effect_kit_measure_run with a measurer that records each piece it is
 * given (10 pt a byte, ascent 8, descent 2) and with the reference metrics,
 * and effect_kit_text_range's items. Prints one line per fact.
 */
#include "effect_kit.h"

#include <stdio.h>

static effect_status bytes_measure(void *context, const char *text, double size, double weight, double tracking,
                                   effect_text_metrics *out) {
    (void)size, (void)weight, (void)tracking;
    printf("piece %zu %s\n", strlen(text), (const char *)context != NULL && strlen(text) < 40 ? text : "...");
    out->advance = 10.0 * (double)strlen(text);
    out->ascent = 8;
    out->descent = 2;
    return EFFECT_OK;
}

int main(void) {
    static char long_text[700];
    const char *label = "ramp\xC3\xA9 up";
    effect_draw_context context;
    effect_text_metrics metrics;
    effect_draw_item items[2];
    effect_kit_list list;
    effect_error error;
    size_t i;
    memset(&context, 0, sizeof context);
    context.struct_size = sizeof context;
    context.measure = bytes_measure;
    context.measure_context = (void *)"show";
    error.struct_size = sizeof error;

    /* A short run: one piece, exactly the run. */
    if (effect_kit_measure_run(&context, label, 6, 12, 400, 0, &metrics, &error) != EFFECT_OK) return 1;
    printf("short %g %g %g\n", metrics.advance, metrics.ascent, metrics.descent);

    /* 300 bytes of ASCII then 100 hiragana (3 bytes each): a 600-byte run. */
    for (i = 0; i < 300; i++) long_text[i] = i % 2 ? 'b' : 'a';
    for (i = 0; i < 100; i++) memcpy(long_text + 300 + 3 * i, "\xE3\x81\x82", 3);
    long_text[600] = '!';
    context.measure_context = NULL;
    if (effect_kit_measure_run(&context, long_text, 600, 12, 400, 0, &metrics, &error) != EFFECT_OK) return 1;
    printf("long %g\n", metrics.advance);

    /* "éé" and 20 families of three (18 bytes each): pieces end on whole families. */
    memcpy(long_text, "\xC3\xA9\xC3\xA9", 4);
    for (i = 0; i < 20; i++) memcpy(long_text + 4 + 18 * i, "\xF0\x9F\x91\xA8\xE2\x80\x8D\xF0\x9F\x91\xA9\xE2\x80\x8D\xF0\x9F\x91\xA7", 18);
    long_text[364] = '\0';
    if (effect_kit_measure_run(&context, long_text, 346, 12, 400, 0, &metrics, &error) != EFFECT_OK) return 1;
    printf("families %g\n", metrics.advance);

    /* Runs the host would refuse, refused before the measurer sees them. */
    printf("inside %d %s\n", effect_kit_measure_run(&context, label, 5, 12, 400, 0, &metrics, &error), error.message);
    printf("past %d %s\n", effect_kit_measure_run(&context, label, 12, 12, 400, 0, &metrics, &error), error.message);

    /* No measurer: the reference metrics of "ramp" in place. */
    if (effect_kit_measure_run(NULL, label, 4, 12, 400, 0, &metrics, &error) != EFFECT_OK) return 1;
    printf("reference %.9g\n", metrics.advance);

    /* The item: the label's pointer, length 6; past a short capacity, counted only. */
    list.items = items;
    list.capacity = 1;
    list.count = 0;
    effect_kit_text_range(&list, 3, label, 6, 0, 16, 12, 400, 0, 0x000000FFu, &metrics);
    effect_kit_text_range(&list, 4, label, 4, 0, 16, 12, 400, 0, 0x000000FFu, &metrics);
    printf("item kind %u id %u same %d length %u count %llu\n", items[0].text.kind, items[0].text.id,
           items[0].text.text == label, items[0].text.length, (unsigned long long)list.count);
    return 0;
}
