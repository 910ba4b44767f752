/*
 * kdenlive_generator.c: a Kdenlive generator description of an effect's
 * frei0r source, so Kdenlive lists it in Project Bin > Add Generator.
 * Kdenlive reads these from share/kdenlive/generators/ and shows one only
 * when MLT knows its tag (frei0r.effect_ID, MLT's name for the plugin file
 * effect_ID.so).
 *
 *   kdenlive_generator EFFECT_ID [PLUGIN_FILE] > effect_ID.xml
 *
 * finds the effect on the host's search path, or in PLUGIN_FILE alone
 * (as a copy `effect-host install-hosts` pins to that file finds it).
 * The effect is described from the metadata the host library checked
 * (effect_host_metadata.h), and its params are the frei0r plugin's own
 * slots: the adapter's slot table (slots.c) is compiled in, so the names,
 * their order and what a slot's value stands for are the plugin's.
 *
 * Kdenlive (22.12, as since its 17.04 asset model) sets each param of a new
 * generator to the XML's `default` as it is (AssetParameterModel's
 * constructor), shows a number as the MLT value times `factor` (DoubleWidget,
 * `min` and `max` in those shown units) with `suffix`, and reads no
 * `offset`. So a slot standing for 0 to MAX is shown in the param's unit
 * (factor MAX), a share of 0 to 1 as a percentage, and a range that starts
 * elsewhere as a percentage of it, its ends in the comment. Choices are
 * `type="list"`, whose `paramlist` Kdenlive offers and nothing else. A
 * string is `type="keywords"`, a one-line text entry: Kdenlive's parameter
 * types (paramTypeFromStr) have no multi-line text, so a param marked
 * EFFECT_PARAM_MULTILINE (ABI 1.7) is one line there too. Each
 * default is written as MLT keeps a number in the project Kdenlive saves
 * (slot_number_text), which the plugin takes for the default.
 */
#include "../adapter.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void escaped(const char *text) {
    for (; text != NULL && *text != '\0'; text++) {
        switch (*text) {
        case '&': fputs("&amp;", stdout); break;
        case '<': fputs("&lt;", stdout); break;
        case '>': fputs("&gt;", stdout); break;
        case '"': fputs("&quot;", stdout); break;
        default: putchar(*text);
        }
    }
}

static void number(double x) {
    char text[64];
    slot_number_text(text, sizeof text, x);
    fputs(text, stdout);
}

/* The suffix Kdenlive shows after a value, as its own effects write them
 * ("°", "%", " s"). */
static void suffix(const char *unit) {
    if (strcmp(unit, "deg") == 0) fputs("°", stdout);
    else if (strcmp(unit, "%") == 0) fputs("%", stdout);
    else {
        putchar(' ');
        escaped(unit);
    }
}

/* Decimals that show `value` as it is (at most 6), and at least `least`. */
static int decimals_for(double value, int least) {
    int decimals = least;
    while (decimals < 6 && fabs(value * pow(10, decimals) - nearbyint(value * pow(10, decimals))) > 1e-6) decimals++;
    return decimals;
}

/* What 0 to 1 of a number's slot stands for: `min` to `max` in `unit`. */
static void number_parameter(const slot *s, double min, double max, const char *unit, int integer, const char *doc) {
    printf("type=\"constant\" name=\"%s\" default=\"", s->name);
    number(s->default_number);
    int in_units = min == 0 && max > 0 && !(max == 1 && unit == NULL && !integer);
    if (in_units) {
        double value = s->default_number * max;
        int decimals = integer ? 0 : decimals_for(value, unit != NULL && strcmp(unit, "s") == 0 ? 3 : 2);
        printf("\" min=\"0\" max=\"%.17g\" factor=\"%.17g\" decimals=\"%d\"", max, max, decimals);
        if (unit != NULL) {
            printf(" suffix=\"");
            suffix(unit);
            putchar('"');
        }
        printf(">\n\t\t<name>");
        escaped(s->name);
        printf("</name>\n\t\t<comment>");
        escaped(doc);
    } else {
        printf("\" min=\"0\" max=\"100\" factor=\"100\" decimals=\"%d\" suffix=\"%%\">\n\t\t<name>", decimals_for(s->default_number * 100, 2));
        escaped(s->name);
        printf("</name>\n\t\t<comment>");
        escaped(doc);
        if (!(min == 0 && max == 1)) {
            printf(" 0%% is %.17g%s%s, 100%% is %.17g%s%s", min, unit != NULL ? " " : "", unit != NULL ? unit : "", max,
                   unit != NULL ? " " : "", unit != NULL ? unit : "");
            printf("%s.", integer ? ", rounded" : "");
        }
    }
    printf("</comment>\n");
}

static void list_parameter(const slot *s, const char *doc) {
    printf("type=\"list\" name=\"%s\" default=\"", s->name);
    escaped(s->default_text);
    printf("\" paramlist=\"");
    for (uint32_t i = 0; i < s->choice_count; i++) {
        if (i > 0) putchar(';');
        escaped(s->choices[i]);
    }
    printf("\">\n\t\t<name>");
    escaped(s->name);
    printf("</name>\n\t\t<comment>");
    escaped(doc);
    printf("</comment>\n");
}

static void plain_parameter(const char *type, const slot *s, const char *default_text, const char *doc) {
    printf("type=\"%s\" name=\"%s\" default=\"", type, s->name);
    escaped(default_text);
    printf("\">\n\t\t<name>");
    escaped(s->name);
    printf("</name>\n\t\t<comment>");
    escaped(doc);
    printf("</comment>\n");
}

static unsigned byte(float x) { return x <= 0 ? 0 : x >= 1 ? 255 : (unsigned)lround((double)x * 255.0); }

/* Writes the parameter for slot `s`; `param` is its effect param's
 * metadata (NULL for the adapter's own slots). */
static void parameter(const slot *s, const effect_param_info *param) {
    const char *doc = param != NULL ? param->doc : s->explanation;
    printf("\t<parameter ");
    switch (s->role) {
    case SLOT_NUMBER: number_parameter(s, param->min, param->max, s->unit, s->integer, doc); break;
    case SLOT_WRAP_WIDTH: number_parameter(s, s->min, s->max, s->unit, 0, doc); break;
    case SLOT_ALPHA:
    case SLOT_SIZE:
    case SLOT_X:
    case SLOT_Y: number_parameter(s, 0, 1, NULL, 0, s->explanation); break;
    case SLOT_BOOL: plain_parameter("bool", s, s->default_number >= 0.5 ? "1" : "0", doc); break;
    case SLOT_IS_SET: plain_parameter("bool", s, s->default_number >= 0.5 ? "1" : "0", s->explanation); break;
    case SLOT_CHOICE:
    case SLOT_THEME:
    case SLOT_TIME_UNIT: list_parameter(s, s->explanation); break;
    case SLOT_COLOR: {
        char text[8];
        snprintf(text, sizeof text, "#%02x%02x%02x", byte(s->default_color.r), byte(s->default_color.g), byte(s->default_color.b));
        plain_parameter("color", s, text, s->explanation);
        break;
    }
    default: plain_parameter("keywords", s, s->default_text != NULL ? s->default_text : "", doc); break;
    }
    printf("\t</parameter>\n");
}

static int fail(const char *what, const effect_error *error) {
    fprintf(stderr, "kdenlive_generator: %s: %s\n", what, error->message);
    return 1;
}

int main(int argc, char **argv) {
    if (argc != 2 && argc != 3) {
        fprintf(stderr, "usage: kdenlive_generator EFFECT_ID [PLUGIN_FILE]\n");
        return 2;
    }
    const char *id = argv[1];
    effect_error error = {sizeof error, 0, {0}};
    effect_host_catalog_options search = {sizeof search, 0, NULL, 0, 1};
    const char *plugin_file[] = {argc == 3 ? argv[2] : NULL};
    if (argc == 3) {
        search.flags = EFFECT_HOST_CATALOG_NO_DEFAULTS;
        search.paths = plugin_file;
        search.path_count = 1;
        search.use_environment = 0;
    }
    effect_host_catalog *catalog = NULL;
    effect_host_plugin *plugin = NULL;
    if (effect_host_catalog_open(&search, &catalog, &error) != EFFECT_OK) return fail("searching for plugins", &error);
    effect_status status = effect_host_catalog_load(catalog, id, &plugin, &error);
    effect_host_catalog_free(catalog);
    if (status != EFFECT_OK) return fail(id, &error);

    effect_plugin_info about = {sizeof about, 0, NULL, NULL, NULL, NULL, NULL, NULL};
    effect_info info;
    memset(&info, 0, sizeof info);
    info.struct_size = sizeof info;
    uint32_t effect = 0;
    adapter frei0r;
    memset(&frei0r, 0, sizeof frei0r);
    if (effect_host_plugin_describe(plugin, &about, &error) != EFFECT_OK ||
        effect_host_plugin_find_effect(plugin, id, &effect, &error) != EFFECT_OK ||
        effect_host_plugin_effect(plugin, effect, &info, &error) != EFFECT_OK)
        return fail(id, &error);
    if (!slots_build(&frei0r, plugin, effect)) {
        fprintf(stderr, "kdenlive_generator: out of memory describing %s's params\n", id);
        return 1;
    }

    char tag[300] = "frei0r.effect_";
    size_t length = strlen(tag);
    for (const char *c = id; *c != '\0' && length + 1 < sizeof tag; c++) tag[length++] = *c == '-' ? '_' : *c;
    tag[length] = '\0';
    printf("<!DOCTYPE kpartgui>\n<generator tag=\"%s\" id=\"%s\">\n\t<name>", tag, tag);
    escaped(info.name);
    printf("</name>\n\t<description>");
    escaped(info.summary);
    printf("</description>\n\t<author>");
    escaped(about.author);
    printf("</author>\n");
    for (int i = 0; i < frei0r.slot_count; i++) {
        const slot *s = &frei0r.slots[i];
        effect_param_info param;
        memset(&param, 0, sizeof param);
        param.struct_size = sizeof param;
        if (s->param >= 0 && effect_host_plugin_param(plugin, effect, (uint32_t)s->param, &param, &error) != EFFECT_OK)
            return fail(s->name, &error);
        parameter(s, s->param >= 0 ? &param : NULL);
    }
    printf("</generator>\n");
    for (int i = 0; i < frei0r.slot_count; i++) free(frei0r.slots[i].explanation);
    free(frei0r.slots);
    effect_host_plugin_free(plugin);
    return 0;
}
