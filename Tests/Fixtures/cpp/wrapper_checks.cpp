// Checks effect.hpp beyond its example: an instance outliving its Library
// (the library stays loaded for it), moved-from objects, values the ABI
// cannot carry, and odd layout sizes. Prints one line per check.
#include "effect.hpp"

#include <cstdio>
#include <optional>
#include <string>

int main(int argc, char **argv) {
    if (argc != 3) return 2;
    std::optional<effect::Instance> kept;
    {
        effect::Library library(argv[1]);
        kept.emplace(library.effect("test-ramp").create());
    }
    std::printf("outlived %g\n", kept->sample(0.5)[0]);

    effect::Instance moved = std::move(*kept);
    try {
        kept->sample(0.5);
    } catch (const effect::Error &error) {
        std::printf("moved-from %d\n", int(error.status()));
    }
    std::printf("moved %g\n", moved.sample(0.25)[0]);

    try {
        effect::Value::string(std::string_view("a\0b", 3));
    } catch (const effect::Error &error) {
        std::printf("nul %d %s\n", int(error.status()), error.what());
    }

    effect::Library reveal(argv[2]);
    effect::Instance text = reveal.effect("text-reveal").create({{"text", effect::Value::string("a b")}});
    try {
        text.layout({1, 2, 3}, 10);
    } catch (const effect::Error &error) {
        std::printf("odd %d %s\n", int(error.status()), error.what());
    }
    std::vector<double> layout = text.layout({10, 20, 30, 20}, 100);
    std::printf("layout %g %g %g\n", layout[0], layout[EFFECT_LAYOUT_HEADER + EFFECT_LAYOUT_STRIDE], layout[1]);
    return 0;
}
