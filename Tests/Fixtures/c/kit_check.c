/*
 * kit_check: effect_kit.h's strings, grapheme clusters and stepped periodic
 * values, against values worked out by hand (Tests/EffectABITests/
 * CKitTests.swift builds it as C99 and as C++ with -Wall -Wextra -Werror
 * -pedantic, and runs it).
 *
 *   kit_check                        the hand-worked checks; prints "N checks passed"
 *   kit_check conformance FILE       every line of Unicode's GraphemeBreakTest.txt
 *   kit_check split FILE             for each line of hex code points in FILE, the
 *                                    clusters' lengths in code points, e.g. "2 1"
 */
#include "effect_kit.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int checks, failures;

static void check(int passed, const char *what, int line) {
    checks++;
    if (!passed) {
        failures++;
        fprintf(stderr, "kit_check.c:%d: %s\n", line, what);
    }
}
#define CHECK(condition) check((condition) != 0, #condition, __LINE__)

/* ---- UTF-8 ---------------------------------------------------------------- */

static void check_valid(const char *text, int valid, size_t offset, int line) {
    size_t out = 12345;
    int answer = effect_kit_utf8_valid(text, &out);
    check(answer == valid, valid ? "should be valid UTF-8" : "should be refused as UTF-8", line);
    check(out == offset, "the length or offset of the first bad byte", line);
}

static void utf8_checks(void) {
    size_t index;
    uint32_t code_point;
    check_valid("", 1, 0, __LINE__);
    check_valid("abc", 1, 3, __LINE__);
    check_valid("\xC3\xA9", 1, 2, __LINE__);                            /* é */
    check_valid("\xE6\x97\xA5\xE6\x9C\xAC", 1, 6, __LINE__);            /* 日本 */
    check_valid("\xF0\x9F\x98\x80", 1, 4, __LINE__);                    /* U+1F600, 4 bytes */
    check_valid("\xF4\x8F\xBF\xBF", 1, 4, __LINE__);                    /* U+10FFFF, the last */
    check_valid("\xED\x9F\xBF", 1, 3, __LINE__);                        /* U+D7FF, before the surrogates */
    check_valid("\xEE\x80\x80", 1, 3, __LINE__);                        /* U+E000, after them */
    check_valid("a\xC0\x80", 0, 1, __LINE__);                           /* overlong NUL */
    check_valid("\xC1\xBF", 0, 0, __LINE__);                            /* overlong U+007F */
    check_valid("\xE0\x9F\xBF", 0, 0, __LINE__);                        /* overlong U+07FF */
    check_valid("\xF0\x8F\xBF\xBF", 0, 0, __LINE__);                    /* overlong U+FFFF */
    check_valid("ab\xED\xA0\x80", 0, 2, __LINE__);                      /* surrogate U+D800 */
    check_valid("\xED\xBF\xBF", 0, 0, __LINE__);                        /* surrogate U+DFFF */
    check_valid("\xF4\x90\x80\x80", 0, 0, __LINE__);                    /* U+110000 */
    check_valid("\xF5\x80\x80\x80", 0, 0, __LINE__);
    check_valid("\xFF", 0, 0, __LINE__);
    check_valid("x\x80", 0, 1, __LINE__);                               /* a stray continuation */
    check_valid("\xE6\x97", 0, 0, __LINE__);                            /* 日 cut short */
    check_valid("\xF0\x9F\x98", 0, 0, __LINE__);                        /* 😀 cut short */
    check_valid("\xF0\x9F\x98" "a", 0, 0, __LINE__);
    check_valid("\xC3", 0, 0, __LINE__);
    CHECK(effect_kit_utf8_valid(NULL, NULL) == 0);

    /* Decoding: the code point, and past an ill-formed sequence, its maximal subpart. */
    index = 0;
    CHECK(effect_kit_utf8_next("\xF0\x9F\x91\xA8", 4, &index, &code_point) == 1 && code_point == 0x1F468 && index == 4);
    index = 1;
    CHECK(effect_kit_utf8_next("a\xD8\xB9", 3, &index, &code_point) == 1 && code_point == 0x0639 && index == 3);
    index = 0;
    CHECK(effect_kit_utf8_next("\xE0\x9F\xBF", 3, &index, &code_point) == 0 && code_point == 0xFFFD && index == 1);
    index = 0;
    CHECK(effect_kit_utf8_next("\xF0\x9F\x98" "a", 4, &index, &code_point) == 0 && code_point == 0xFFFD && index == 3);
    index = 0;
    CHECK(effect_kit_utf8_next("\xED\xA0\x80", 3, &index, &code_point) == 0 && index == 1);
    index = 0;
    /* The length given ends the sequence, NUL or not; at the end nothing is read. */
    CHECK(effect_kit_utf8_next("\xE6\x97\xA5", 2, &index, &code_point) == 0 && index == 2);
    CHECK(effect_kit_utf8_next("\xE6\x97\xA5", 2, &index, &code_point) == 0 && code_point == 0xFFFD && index == 2);
}

/* ---- The string reader ------------------------------------------------------ */

static effect_status read_string(uint32_t type, const char *string, size_t limit, char **out, effect_error *error) {
    effect_value value;
    memset(&value, 0, sizeof value);
    value.type = type;
    value.string = string;
    memset(error, 0, sizeof *error);
    error->struct_size = sizeof *error;
    return effect_kit_read_string(&value, "text", limit, out, error);
}

static void reader_checks(void) {
    effect_error error;
    char buffer[32];
    char *copy = NULL, *kept;
    strcpy(buffer, "\xE3\x81\x93\xE3\x82\x93\xE3\x81\xAB\xE3\x81\xA1\xE3\x81\xAF"); /* こんにちは, 15 bytes */
    CHECK(read_string(EFFECT_TYPE_STRING, buffer, SIZE_MAX, &copy, &error) == EFFECT_OK);
    CHECK(copy != NULL && copy != buffer && strcmp(copy, "\xE3\x81\x93\xE3\x82\x93\xE3\x81\xAB\xE3\x81\xA1\xE3\x81\xAF") == 0);
    /* The copy is the instance's: the caller's buffer changing leaves it as it was. */
    memset(buffer, 'x', 15);
    CHECK(strcmp(copy, "\xE3\x81\x93\xE3\x82\x93\xE3\x81\xAB\xE3\x81\xA1\xE3\x81\xAF") == 0);
    free(copy);

    /* Exactly the limit passes; a byte more is refused, and *out stays. */
    copy = NULL;
    CHECK(read_string(EFFECT_TYPE_STRING, "\xE3\x81\x93\xE3\x82\x93", 6, &copy, &error) == EFFECT_OK && strlen(copy) == 6);
    kept = copy;
    CHECK(read_string(EFFECT_TYPE_STRING, "\xE3\x81\x93\xE3\x82\x93!", 6, &copy, &error) == EFFECT_ERR_RANGE);
    CHECK(error.status == EFFECT_ERR_RANGE && strcmp(error.message, "param 'text' is 7 bytes of UTF-8; it may be at most 6") == 0);
    CHECK(copy == kept);
    free(copy);

    copy = NULL;
    CHECK(read_string(EFFECT_TYPE_STRING, "", SIZE_MAX, &copy, &error) == EFFECT_OK && copy != NULL && copy[0] == 0);
    free(copy);

    copy = NULL;
    CHECK(read_string(EFFECT_TYPE_NUMBER, "7", SIZE_MAX, &copy, &error) == EFFECT_ERR_TYPE);
    CHECK(error.status == EFFECT_ERR_TYPE && strcmp(error.message, "param 'text' needs a string") == 0 && copy == NULL);
    CHECK(read_string(EFFECT_TYPE_ENUM, "a", SIZE_MAX, &copy, &error) == EFFECT_ERR_TYPE && copy == NULL);
    CHECK(read_string(EFFECT_TYPE_STRING, NULL, SIZE_MAX, &copy, &error) == EFFECT_ERR_NULL_POINTER);
    CHECK(error.status == EFFECT_ERR_NULL_POINTER && strcmp(error.message, "the value of 'text' is NULL") == 0 && copy == NULL);
    CHECK(read_string(EFFECT_TYPE_STRING, "ok\xC0\x80", SIZE_MAX, &copy, &error) == EFFECT_ERR_UTF8);
    CHECK(error.status == EFFECT_ERR_UTF8 && strcmp(error.message, "the value of 'text' is not valid UTF-8 (at byte 2)") == 0);
    CHECK(read_string(EFFECT_TYPE_STRING, "\xED\xA0\x80", SIZE_MAX, &copy, &error) == EFFECT_ERR_UTF8);
    CHECK(strcmp(error.message, "the value of 'text' is not valid UTF-8 (at byte 0)") == 0 && copy == NULL);
    /* Bad UTF-8 is refused before the limit is looked at. */
    CHECK(read_string(EFFECT_TYPE_STRING, "abcdef\xF4\x90\x80\x80", 3, &copy, &error) == EFFECT_ERR_UTF8 && copy == NULL);
    /* A NULL error is fine. */
    {
        effect_value value;
        memset(&value, 0, sizeof value);
        value.type = EFFECT_TYPE_BOOL;
        CHECK(effect_kit_read_string(&value, "text", SIZE_MAX, &copy, NULL) == EFFECT_ERR_TYPE && copy == NULL);
    }
}

/* ---- Grapheme clusters -------------------------------------------------------- */

/* Checks that `text` splits into clusters of the byte lengths in `lengths`
 * (ended by 0). */
static void check_split(const char *text, const size_t *lengths, int line) {
    size_t length = strlen(text), start = 0, count = 0;
    while (start < length) {
        size_t end = effect_kit_grapheme_next(text, length, start);
        if (lengths[count] == 0 || end - start != lengths[count]) {
            fprintf(stderr, "kit_check.c:%d: cluster %lu is %lu bytes\n", line, (unsigned long)count, (unsigned long)(end - start));
            check(0, "a cluster's length", line);
            return;
        }
        start = end;
        count++;
    }
    check(lengths[count] == 0, "the number of clusters", line);
    check(effect_kit_grapheme_count(text, length) == count, "effect_kit_grapheme_count", line);
}
#define SPLIT(text, ...)                                         \
    do {                                                         \
        static const size_t lengths[] = {__VA_ARGS__, 0};        \
        check_split(text, lengths, __LINE__);                    \
    } while (0)

static void grapheme_checks(void) {
    /* 日本語: three characters of three bytes. */
    SPLIT("\xE6\x97\xA5\xE6\x9C\xAC\xE8\xAA\x9E", 3, 3, 3);
    /* が written as か + U+3099 (combining voiced mark): one cluster. */
    SPLIT("\xE3\x81\x8B\xE3\x82\x99\xE3\x81\xAA", 6, 3);
    /* مرحبا: five letters, each its own cluster though they join in shaping. */
    SPLIT("\xD9\x85\xD8\xB1\xD8\xAD\xD8\xA8\xD8\xA7", 2, 2, 2, 2, 2);
    /* بِسْمِ: each letter keeps its harakat (kasra, sukun). */
    SPLIT("\xD8\xA8\xD9\x90\xD8\xB3\xD9\x92\xD9\x85\xD9\x90", 4, 4, 4);
    /* नमस्ते: न, म, then स + virama + त + vowel sign e joined by GB9c and GB9. */
    SPLIT("\xE0\xA4\xA8\xE0\xA4\xAE\xE0\xA4\xB8\xE0\xA5\x8D\xE0\xA4\xA4\xE0\xA5\x87", 3, 3, 12);
    /* क्ष (ka virama ssa) one conjunct; क्‍ष with a ZWJ too (InCB=Extend). */
    SPLIT("\xE0\xA4\x95\xE0\xA5\x8D\xE0\xA4\xB7", 9);
    SPLIT("\xE0\xA4\x95\xE0\xA5\x8D\xE2\x80\x8D\xE0\xA4\xB7", 12);
    /* हिन्दी: हि (ha + vowel sign i), then न्दी (na virama da + vowel sign ii). */
    SPLIT("\xE0\xA4\xB9\xE0\xA4\xBF\xE0\xA4\xA8\xE0\xA5\x8D\xE0\xA4\xA6\xE0\xA5\x80", 6, 12);
    /* A ZWNJ after the virama asks for no conjunct (InCB leaves it out): क्‌ and ष. */
    SPLIT("\xE0\xA4\x95\xE0\xA5\x8D\xE2\x80\x8C\xE0\xA4\xB7", 9, 3);
    /* Tamil's pulli is no InCB linker: க் and ஷ. */
    SPLIT("\xE0\xAE\x95\xE0\xAF\x8D\xE0\xAE\xB7", 6, 3);
    /* A virama before a non-consonant (a space) breaks. */
    SPLIT("\xE0\xA4\x95\xE0\xA5\x8D \xE0\xA4\xB7", 6, 1, 3);
    /* e + U+0301, and é precomposed, then x. */
    SPLIT("e\xCC\x81\xC3\xA9x", 3, 2, 1);
    /* 👨‍👩‍👧: man ZWJ woman ZWJ girl, one cluster (GB11). */
    SPLIT("\xF0\x9F\x91\xA8\xE2\x80\x8D\xF0\x9F\x91\xA9\xE2\x80\x8D\xF0\x9F\x91\xA7", 18);
    /* 🏳️‍🌈: flag + VS16 + ZWJ + rainbow. */
    SPLIT("\xF0\x9F\x8F\xB3\xEF\xB8\x8F\xE2\x80\x8D\xF0\x9F\x8C\x88", 14);
    /* A ZWJ after a letter does not join the pictograph after it. */
    SPLIT("a\xE2\x80\x8D\xF0\x9F\x98\x80", 4, 4);
    /* 🇯🇵🇫🇷🇺: J P, F R, and a lone U (GB12, GB13). */
    SPLIT("\xF0\x9F\x87\xAF\xF0\x9F\x87\xB5\xF0\x9F\x87\xAB\xF0\x9F\x87\xB7\xF0\x9F\x87\xBA", 8, 8, 4);
    /* 👋🏽 (skin tone modifier), then 👍. */
    SPLIT("\xF0\x9F\x91\x8B\xF0\x9F\x8F\xBD\xF0\x9F\x91\x8D", 8, 4);
    /* CR LF is one cluster; LF CR two; a control breaks before a mark. */
    SPLIT("a\r\nb", 1, 2, 1);
    SPLIT("\n\r", 1, 1);
    SPLIT("\t\xCC\x81", 1, 2);
    /* 한 in jamo (ᄒ ᅡ ᆫ: L V T), then 글 precomposed (LVT), then 가 (LV) + ᆨ (T). */
    SPLIT("\xE1\x84\x92\xE1\x85\xA1\xE1\x86\xAB\xEA\xB8\x80\xEA\xB0\x80\xE1\x86\xA8", 9, 3, 6);
    /* Two Ls and an LV make one syllable block; an LVT after an LV does not join. */
    SPLIT("\xE1\x84\x80\xE1\x84\x80\xEA\xB0\x80\xEA\xB0\x81", 9, 3);
    /* ก + sara am (Thai, SpacingMark): one cluster. */
    SPLIT("\xE0\xB8\x81\xE0\xB8\xB3", 6);
    /* An ill-formed byte is a cluster of its own, and a mark after it joins it. */
    SPLIT("a\xFF\xCC\x81" "b", 1, 3, 1);
    CHECK(effect_kit_grapheme_next("abc", 3, 3) == 3);
    CHECK(effect_kit_grapheme_count("", 0) == 0);
}

/* ---- Stepped periodic values ---------------------------------------------------- */

static void step_checks(void) {
    const double period = 1.0 / 6;
    const double t = 13.0 / 12; /* 6.5 periods: the edge between the halves */
    /* The rounding the helper is for: fmod puts t and t + period on either side of the edge. */
    CHECK(fmod(t, period) < period / 2 && !(fmod(t + period, period) < period / 2));
    CHECK(effect_kit_step_in_period(t, period, 2) == 1);
    CHECK(effect_kit_step_in_period(t + period, period, 2) == 1);
    CHECK(effect_kit_step_in_period(1.25, period, 2) == 1); /* 7.5 periods */
    /* t = 0.25 (1.5 periods, and 0.25 / (1/6) * 2 is 3 exactly): later step. */
    CHECK(effect_kit_step_in_period(0.25, period, 2) == 1);
    CHECK(effect_kit_step_in_period(0.25 + period, period, 2) == 1);
    /* Away from edges, plain arithmetic: 0.3 s is 1.8 periods (second half), 0.36 s is 2.16 (first). */
    CHECK(effect_kit_step_in_period(0.3, period, 2) == 1);
    CHECK(effect_kit_step_in_period(0.36, period, 2) == 0);
    /* A period of 0.7 split in 4: 2.1 s is 3 periods exactly (step 0), and 2.0999999999999996,
       a hair below as 0.7 * 3 rounds, counts there too; 2.1 - 1e-9 does not. */
    CHECK(effect_kit_step_in_period(2.1, 0.7, 4) == 0);
    CHECK(effect_kit_step_in_period(0.7 * 3, 0.7, 4) == 0);
    CHECK(effect_kit_step_in_period(2.1 - 1e-9, 0.7, 4) == 3);
    /* 1.4 s is 2 periods: step 0; 1.575 s is 2.25 periods, where step 1 starts. */
    CHECK(effect_kit_step_in_period(1.4, 0.7, 4) == 0);
    CHECK(effect_kit_step_in_period(1.575, 0.7, 4) == 1);
    CHECK(effect_kit_step_in_period(1.9, 0.7, 4) == 2); /* 2.714... periods */
    /* Three steps of a 1 s period at t = 100.5: step 1 (0.5 of the way). */
    CHECK(effect_kit_step_in_period(100.5, 1, 3) == 1);
    CHECK(effect_kit_step_in_period(0, period, 2) == 0);
    /* What is not a time, a period or a step count gives 0. */
    CHECK(effect_kit_step_in_period(-0.3, 1, 2) == 1); /* -0.6 steps: step -1, counted backwards */
    CHECK(effect_kit_step_in_period(NAN, 1, 2) == 0);
    CHECK(effect_kit_step_in_period(0.75, 0, 2) == 0);
    CHECK(effect_kit_step_in_period(0.75, -1, 2) == 0);
    CHECK(effect_kit_step_in_period(0.75, INFINITY, 2) == 0);
    CHECK(effect_kit_step_in_period(0.75, 1, 0) == 0);
    CHECK(effect_kit_step_in_period(1e300, 1e-300, 2) == 0);
    /* Every frame of an hour at 30 fps agrees with the frame a period later. */
    {
        int frame, disagree = 0;
        for (frame = 0; frame < 108000; frame++) {
            double at = frame / 30.0;
            if (effect_kit_step_in_period(at, period, 2) != effect_kit_step_in_period(at + period, period, 2)) disagree++;
        }
        CHECK(disagree == 0);
    }
}

/* ---- Modes ------------------------------------------------------------------------- */

/* Parses "÷ 0061 × 0301 ÷ 0062 ÷" into UTF-8 and where the clusters end; checks the kit's split. */
static int conformance(const char *path) {
    FILE *file = fopen(path, "r");
    char line[4096];
    int lines = 0, failed = 0;
    if (file == NULL) {
        fprintf(stderr, "kit_check: cannot open %s\n", path);
        return 2;
    }
    while (fgets(line, sizeof line, file) != NULL) {
        char text[1024], *cursor = line, *comment = strchr(line, '#');
        size_t ends[256], length = 0, end_count = 0, i, start = 0;
        int ok = 1;
        if (comment != NULL) *comment = 0;
        while (*cursor == ' ' || *cursor == '\t') cursor++;
        if (*cursor == 0 || *cursor == '\n') continue;
        for (;;) {
            unsigned long code;
            char *next;
            while (*cursor == ' ' || *cursor == '\t') cursor++;
            if (strncmp(cursor, "\xC3\xB7", 2) == 0) { /* ÷ */
                if (length > 0) ends[end_count++] = length;
                cursor += 2;
                continue;
            }
            if (strncmp(cursor, "\xC3\x97", 2) == 0) { /* × */
                cursor += 2;
                continue;
            }
            code = strtoul(cursor, &next, 16);
            if (next == cursor) break;
            cursor = next;
            if (code < 0x80) text[length++] = (char)code;
            else if (code < 0x800) {
                text[length++] = (char)(0xC0 | (code >> 6));
                text[length++] = (char)(0x80 | (code & 0x3F));
            } else if (code < 0x10000) {
                text[length++] = (char)(0xE0 | (code >> 12));
                text[length++] = (char)(0x80 | ((code >> 6) & 0x3F));
                text[length++] = (char)(0x80 | (code & 0x3F));
            } else {
                text[length++] = (char)(0xF0 | (code >> 18));
                text[length++] = (char)(0x80 | ((code >> 12) & 0x3F));
                text[length++] = (char)(0x80 | ((code >> 6) & 0x3F));
                text[length++] = (char)(0x80 | (code & 0x3F));
            }
        }
        lines++;
        for (i = 0; i < end_count; i++) {
            size_t end = effect_kit_grapheme_next(text, length, start);
            if (end != ends[i]) ok = 0;
            start = end;
        }
        if (start != length) ok = 0;
        if (!ok) {
            failed++;
            fprintf(stderr, "differs: %s\n", line);
        }
    }
    fclose(file);
    printf("%d of %d lines pass\n", lines - failed, lines);
    return failed == 0 && lines > 0 ? 0 : 1;
}

/* For each line of hex code points, the clusters' lengths in code points. */
static int split(const char *path) {
    FILE *file = fopen(path, "r");
    char line[4096];
    if (file == NULL) {
        fprintf(stderr, "kit_check: cannot open %s\n", path);
        return 2;
    }
    while (fgets(line, sizeof line, file) != NULL) {
        char text[4096], *cursor = line;
        size_t length = 0, start = 0;
        for (;;) {
            unsigned long code;
            char *next;
            code = strtoul(cursor, &next, 16);
            if (next == cursor) break;
            cursor = next;
            /* Written as bytes, so the kit decodes what it is given. */
            if (code < 0x80) text[length++] = (char)code;
            else if (code < 0x800) {
                text[length++] = (char)(0xC0 | (code >> 6));
                text[length++] = (char)(0x80 | (code & 0x3F));
            } else if (code < 0x10000) {
                text[length++] = (char)(0xE0 | (code >> 12));
                text[length++] = (char)(0x80 | ((code >> 6) & 0x3F));
                text[length++] = (char)(0x80 | (code & 0x3F));
            } else {
                text[length++] = (char)(0xF0 | (code >> 18));
                text[length++] = (char)(0x80 | ((code >> 12) & 0x3F));
                text[length++] = (char)(0x80 | ((code >> 6) & 0x3F));
                text[length++] = (char)(0x80 | (code & 0x3F));
            }
            if (length > sizeof text - 4) break;
        }
        while (start < length) {
            size_t end = effect_kit_grapheme_next(text, length, start), index = start, count = 0;
            uint32_t code_point;
            while (index < end) {
                effect_kit_utf8_next(text, length, &index, &code_point);
                count++;
            }
            printf(start == 0 ? "%lu" : " %lu", (unsigned long)count);
            start = end;
        }
        printf("\n");
    }
    fclose(file);
    return 0;
}

/* Each line: t and period as IEEE bit patterns (hex) and steps; prints
 * each step, for comparing with the Swift kit's Periodic.step. */
static int steps(const char *path) {
    FILE *file = fopen(path, "r");
    char line[256];
    if (file == NULL) {
        fprintf(stderr, "kit_check: cannot open %s\n", path);
        return 2;
    }
    while (fgets(line, sizeof line, file) != NULL) {
        char *cursor = line, *next;
        uint64_t bits[2];
        double t, period;
        unsigned long count;
        bits[0] = strtoull(cursor, &next, 16);
        bits[1] = strtoull(next, &cursor, 16);
        count = strtoul(cursor, &next, 10);
        memcpy(&t, &bits[0], sizeof t);
        memcpy(&period, &bits[1], sizeof period);
        printf("%lu\n", (unsigned long)effect_kit_step_in_period(t, period, (uint32_t)count));
    }
    fclose(file);
    return 0;
}

int main(int argc, char **argv) {
    if (argc == 3 && strcmp(argv[1], "conformance") == 0) return conformance(argv[2]);
    if (argc == 3 && strcmp(argv[1], "split") == 0) return split(argv[2]);
    if (argc == 3 && strcmp(argv[1], "steps") == 0) return steps(argv[2]);
    utf8_checks();
    reader_checks();
    grapheme_checks();
    step_checks();
    if (failures > 0) {
        fprintf(stderr, "%d of %d checks failed\n", failures, checks);
        return 1;
    }
    printf("%d checks passed\n", checks);
    return 0;
}
