/*
 * kdenlive_generator.c: a Kdenlive generator description for a frei0r
 * source, read from the plugin itself (its info, its params and their
 * defaults), so Kdenlive lists it in Project Bin > Add Generator. Kdenlive
 * reads these from share/kdenlive/generators/ and shows one only when MLT
 * knows its tag (frei0r.NAME, MLT's name for the plugin file NAME.so).
 *
 *   kdenlive_generator PLUGIN.so TITLE > NAME.xml
 */
#include <frei0r.h>

#include <dlfcn.h>
#include <stdio.h>
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

static unsigned byte(float x) {
    return x <= 0 ? 0 : x >= 1 ? 255 : (unsigned)(x * 255.0f + 0.5f);
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: kdenlive_generator PLUGIN.so TITLE\n");
        return 2;
    }
    void *library = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        fprintf(stderr, "kdenlive_generator: %s\n", dlerror());
        return 1;
    }
    int (*init)(void);
    void (*plugin_info)(f0r_plugin_info_t *);
    void (*param_info)(f0r_param_info_t *, int);
    f0r_instance_t (*construct)(unsigned int, unsigned int);
    void (*destruct)(f0r_instance_t);
    void (*get_param)(f0r_instance_t, f0r_param_t, int);
    *(void **)&init = dlsym(library, "f0r_init");
    *(void **)&plugin_info = dlsym(library, "f0r_get_plugin_info");
    *(void **)&param_info = dlsym(library, "f0r_get_param_info");
    *(void **)&construct = dlsym(library, "f0r_construct");
    *(void **)&destruct = dlsym(library, "f0r_destruct");
    *(void **)&get_param = dlsym(library, "f0r_get_param_value");
    if (init == NULL || plugin_info == NULL || param_info == NULL || construct == NULL || destruct == NULL || get_param == NULL) {
        fprintf(stderr, "kdenlive_generator: %s is not a frei0r plugin\n", argv[1]);
        return 1;
    }
    f0r_plugin_info_t info;
    plugin_info(&info);
    /* The defaults are read from an instance, as MLT reads them. */
    f0r_instance_t instance = init() ? construct(640, 360) : NULL;
    if (info.plugin_type != F0R_PLUGIN_TYPE_SOURCE || instance == NULL) {
        fprintf(stderr, "kdenlive_generator: %s is not a frei0r source that can be made: %s\n", argv[1],
                info.explanation != NULL ? info.explanation : "");
        return 1;
    }
    printf("<!DOCTYPE kpartgui>\n<generator tag=\"frei0r.%s\" id=\"frei0r.%s\">\n", info.name, info.name);
    printf("\t<name>");
    escaped(argv[2]);
    printf("</name>\n\t<description>");
    escaped(info.explanation);
    printf("</description>\n\t<author>");
    escaped(info.author);
    printf("</author>\n");
    for (int i = 0; i < info.num_params; i++) {
        f0r_param_info_t param;
        param_info(&param, i);
        printf("\t<parameter ");
        switch (param.type) {
        case F0R_PARAM_BOOL: {
            double value = 0;
            get_param(instance, &value, i);
            printf("type=\"bool\" name=\"%s\" default=\"%d\" min=\"0\" max=\"1\">", param.name, value >= 0.5);
            break;
        }
        case F0R_PARAM_DOUBLE: {
            double value = 0;
            get_param(instance, &value, i);
            printf("type=\"constant\" name=\"%s\" default=\"%.6g\" min=\"0\" max=\"1\" decimals=\"6\">", param.name, value);
            break;
        }
        case F0R_PARAM_COLOR: {
            f0r_param_color_t value = {0, 0, 0};
            get_param(instance, &value, i);
            printf("type=\"color\" name=\"%s\" default=\"#%02x%02x%02x\">", param.name, byte(value.r), byte(value.g), byte(value.b));
            break;
        }
        case F0R_PARAM_STRING: {
            f0r_param_string value = NULL;
            get_param(instance, &value, i);
            printf("type=\"keywords\" name=\"%s\" default=\"", param.name);
            escaped(value);
            printf("\">");
            break;
        }
        default:
            printf("type=\"fixed\" name=\"%s\">", param.name);
        }
        printf("\n\t\t<name>");
        escaped(param.name);
        printf("</name>\n\t\t<comment>");
        escaped(param.explanation);
        printf("</comment>\n\t</parameter>\n");
    }
    printf("</generator>\n");
    destruct(instance);
    return 0;
}
