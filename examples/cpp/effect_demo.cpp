// effect_demo (C++): the same route as examples/c, through include/effect.hpp.
//
//   effect_demo PLUGIN.so [EFFECT [NAME=NUMBER]...] [--draw T]
//
// Lists the plugin's effects, params and channels; then creates EFFECT
// (the first one by default) with the given number params, samples one
// second at 10 frames per second in one batch call and prints the frames;
// then shows that a bad param throws effect::Error with the plugin's own
// status and message. With --draw it prints the display list at T instead,
// as examples/c does: one item a line, indented by group,
//   group ID opacity O | end | shape ID KIND X Y WIDTH HEIGHT | text ID X Y ADVANCE TEXT
//
// Build: c++ -std=c++17 -Wall -Wextra -Werror -Iinclude examples/cpp/effect_demo.cpp -ldl -o effect_demo_cpp

#include "effect.hpp"

#include <cstdio>
#include <cstdlib>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace {

const char *shape_name(uint32_t shape) {
    switch (shape) {
    case EFFECT_SHAPE_RECT: return "rect";
    case EFFECT_SHAPE_ROUNDED_RECT: return "rounded-rect";
    case EFFECT_SHAPE_CAPSULE: return "capsule";
    case EFFECT_SHAPE_ELLIPSE: return "ellipse";
    case EFFECT_SHAPE_PATH: return "path";
    default: return "?";
    }
}

// What a program drawing with its own toolkit walks: each item is one of
// the variant's kinds, groups balanced.
void print_display_list(const effect::DisplayList &list) {
    std::printf("view %g x %g\n", list.width, list.height);
    int depth = 0;
    for (const effect::Item &item : list.items) {
        if (std::holds_alternative<effect::EndGroup>(item)) depth--;
        std::printf("%*s", 2 * depth, "");
        if (const auto *group = std::get_if<effect::Group>(&item)) {
            std::printf("group %u opacity %g\n", group->id, group->opacity);
            depth++;
        } else if (std::holds_alternative<effect::EndGroup>(item)) {
            std::printf("end\n");
        } else if (const auto *shape = std::get_if<effect::Shape>(&item)) {
            std::printf("shape %u %s %g %g %g %g\n", shape->id, shape_name(shape->shape), shape->frame.x, shape->frame.y,
                        shape->frame.width, shape->frame.height);
        } else if (const auto *text = std::get_if<effect::Text>(&item)) {
            std::printf("text %u %g %g %g %s\n", text->id, text->x, text->y, text->advance, text->text.c_str());
        }
    }
}

}  // namespace

int main(int argc, char **argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: effect_demo PLUGIN.so [EFFECT [NAME=NUMBER]...] [--draw T]\n");
        return 2;
    }
    try {
        effect::Library library(argv[1]);
        std::printf("plugin %.*s %.*s\n", int(library.id().size()), library.id().data(), int(library.version().size()),
                    library.version().data());
        for (const auto &each : library.effects()) {
            std::printf("effect %.*s: %zu params, %zu channels\n", int(each.id().size()), each.id().data(),
                        each.params().size(), each.channels().size());
        }

        const effect::Effect &chosen = argc > 2 ? library.effect(argv[2]) : library.effects().front();
        std::vector<std::pair<std::string_view, effect::Value>> params;
        const char *draw_at = nullptr;
        for (int i = 3; i < argc; i++) {
            std::string_view argument(argv[i]);
            if (argument == "--draw") {
                char *end = nullptr;
                if (i + 1 == argc || (std::strtod(argv[i + 1], &end), end == argv[i + 1] || *end != '\0')) {
                    std::fprintf(stderr, "effect_demo: --draw needs a time in seconds\n");
                    return 2;
                }
                draw_at = argv[++i];
                continue;
            }
            std::size_t equals = argument.find('=');
            if (equals == std::string_view::npos) {
                std::fprintf(stderr, "effect_demo: expected NAME=NUMBER, got '%s'\n", argv[i]);
                return 2;
            }
            params.emplace_back(argument.substr(0, equals), effect::Value::number(std::atof(argv[i] + equals + 1)));
        }
        effect::Instance instance = chosen.create(params);
        if (draw_at != nullptr) {
            print_display_list(instance.draw(std::atof(draw_at)));
            return 0;
        }
        std::size_t texts = 0;
        for (const effect::Element &element : instance.elements()) texts += element.text.empty() ? 0 : 1;
        std::printf("elements %zu with text %zu\n", instance.element_count(), texts);
        std::vector<double> frames = instance.sample_many(0, 0.1, 11);
        for (std::size_t frame = 0; frame < 11; frame++) {
            std::printf("batch %.17g", double(frame) * 0.1);
            for (std::size_t value = 0; value < instance.frame_size(); value++) {
                std::printf(" %.17g", frames[frame * instance.frame_size() + value]);
            }
            std::printf("\n");
        }

        try {
            chosen.create({{"no_such_param", effect::Value::number(1)}});
        } catch (const effect::Error &error) {
            std::printf("refused %d %s\n", int(error.status()), error.what());
        }
    } catch (const effect::Error &error) {
        std::fprintf(stderr, "effect_demo: %s\n", error.what());
        return 1;
    }
    return 0;
}
