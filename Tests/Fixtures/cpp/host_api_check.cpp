// host_api_check.cpp: effect::host (effect_host.hpp) as a C++ program uses
// it, for Tests/Pictures/test_host_library.py.
//
//   host_api_check_cpp PLUGIN_DIR OUT_DIR [TEST_PLUGIN_DIR]
//
// TEST_PLUGIN_DIR holds the C test plugin built as libMinor0.so and
// libOpen.so (see Tests/Fixtures/c/host_api_check.c): the host's checks of
// a plugin's list, reached through effect::host::Drawing.
// Prints one line per step, "name: ...".
#include "effect.hpp"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <stdexcept>

int main(int argc, char **argv) {
    if (argc != 3 && argc != 4) {
        std::fprintf(stderr, "usage: host_api_check_cpp PLUGIN_DIR OUT_DIR [TEST_PLUGIN_DIR]\n");
        return 2;
    }
    const std::string out = argv[2];
    effect::host::Catalog catalog({argv[1]}, false);
    std::printf("effects: %zu\n", catalog.effects().size());
    effect::host::Catalog alone({argv[1], "/nonexistent/plugins"}, false, EFFECT_HOST_CATALOG_NO_DEFAULTS);
    std::printf("alone: %zu plugins, %zu failures\n", alone.plugins().size(), alone.failures().size());
    effect::host::Instance strike(catalog.load("strikethrough-reveal"), "strikethrough-reveal", {"duration=0.5"});
    std::printf("span: %g\n", strike.span());
    std::printf("settled: %g\n", strike.settled_time());
    {
        // A history edited after seeking back, and a param forgotten (API 1.6).
        effect::host::Plugin strikes = catalog.load("strikethrough-reveal");
        effect::host::Instance history(strikes, "strikethrough-reveal", {"done=false"});
        auto amount = [&](double t) {
            double frame[16] = {0};
            effect_status status = strikes.table()->sample(history.plugin_instance(), t, frame, 16, nullptr);
            return status == EFFECT_OK ? frame[0] : -1.0;
        };
        history.set("done", effect::Value::boolean(true), 2);
        double struck = amount(2.16);
        history.edit("done", effect::Value::boolean(false), 1);
        std::printf("history: %g %g %g\n", struck, amount(2.16), amount(2.5));
        try {
            history.edit("donee", effect::Value::boolean(true), 0);
            std::printf("history refused: not thrown\n");
        } catch (const effect::Error &error) {
            std::printf("history refused: %d %s\n", static_cast<int>(error.status()), error.what());
        }
        history.forget("done");
        std::printf("history forgotten: %g %g\n", amount(0.16), amount(3));
    }
    // What the plugin offers, through the host (API 1.4).
    effect::host::Plugin reveal = catalog.load("text-reveal");
    uint32_t text_reveal = reveal.find_effect("text-reveal");
    uint32_t unit = reveal.find_param(text_reveal, "unit");
    effect_param_info unit_info = reveal.describe_param(text_reveal, unit);
    std::string choices;
    for (uint32_t i = 0; i < unit_info.choice_count; i++) choices += std::string(i == 0 ? "" : "|") + unit_info.choices[i];
    std::printf("meta: %s %s %u params, unit %s default %s, %s channel 0, %s\n", reveal.describe().id,
                reveal.describe_effect(text_reveal).id, reveal.describe_effect(text_reveal).param_count, choices.c_str(),
                reveal.default_text(text_reveal, unit).c_str(), reveal.describe_channel(text_reveal, 0).name,
                reveal.parse_value(text_reveal, unit, "lines").string);
    try {
        reveal.find_param(text_reveal, "presett");
    } catch (const effect::Error &error) {
        std::printf("meta unknown: %d %s\n", static_cast<int>(error.status()), error.what());
    }
    std::printf("meta closest: %s, colour %08X\n", effect::host::closest("presett", {"unit", "preset"}).value_or("none").c_str(),
                effect::host::parse_color("#FFD976"));
    effect::host::Instance weekend(catalog.load("text-reveal"), "text-reveal", {"highlights=weekend|calm|fortnight"});
    std::vector<std::string> notes = weekend.notes();
    std::printf("notes: %zu, %s\n", notes.size() + strike.notes().size(), notes.empty() ? "" : notes[0].c_str());

    effect::host::Picture picture(strike);
    auto size = picture.size();
    auto width = static_cast<uint32_t>(size.first * 2 + 0.999), height = static_cast<uint32_t>(size.second * 2 + 0.999);
    std::vector<uint8_t> rgba(static_cast<std::size_t>(width) * height * 4);
    picture.draw_pixels(0.25, rgba.data(), width, height, width * 4, EFFECT_HOST_PIXELS_RGBA_STRAIGHT);
    std::ofstream(out + "/strike-cpp.rgba", std::ios::binary).write(reinterpret_cast<const char *>(rgba.data()), rgba.size());
    std::printf("pixels: %u %u\n", width, height);
    // A quarter of the fitted size against the right edge and the top: the ground's opaque box lands there.
    std::vector<uint8_t> corner(static_cast<std::size_t>(width) * height * 4);
    effect_host_placement placement = {sizeof placement, 0, 0.25, 1, 0};
    picture.draw_pixels(0.25, corner.data(), width, height, width * 4, EFFECT_HOST_PIXELS_RGBA_STRAIGHT, placement);
    uint32_t left = width, bottom = 0;
    for (uint32_t y = 0; y < height; y++)
        for (uint32_t x = 0; x < width; x++)
            if (corner[(static_cast<std::size_t>(y) * width + x) * 4 + 3] != 0) {
                left = std::min(left, x);
                bottom = std::max(bottom, y);
            }
    std::printf("placed: from column %u of %u, to row %u of %u\n", left, width, bottom, height);
    // Whether a frame draws otherwise than the last drawn, 0.25 (API 1.5): a strike of 0.5 s settles at 0.5.
    bool same_again = picture.changed(0.25), later = picture.changed(0.3);
    picture.draw_pixels(0.5, rgba.data(), width, height, width * 4, EFFECT_HOST_PIXELS_RGBA_STRAIGHT);
    std::printf("changed: %d %d, settled %d %d\n", same_again, later, picture.changed(0.5), picture.changed(9));
    try {
        picture.changed(-1);
        std::printf("changed refused: not thrown\n");
    } catch (const effect::Error &error) {
        std::printf("changed refused: %d %s\n", static_cast<int>(error.status()), error.what());
    }

    // The frame walked for another toolkit, and the instance's own list measured by the program (API 1.4).
    effect::host::Drawing walked = picture.drawing(0.25);
    std::string kinds;
    for (const effect_host_step &step : walked.steps()) kinds += std::to_string(step.kind);
    std::printf("drawing: %llu steps, kinds %s\n", static_cast<unsigned long long>(walked.step_count()), kinds.c_str());
    effect::host::DrawOptions measured;
    int calls = 0;
    measured.measure = [&](std::string_view text, double, double, double tracking) {
        calls += 1;
        return effect_text_metrics{static_cast<double>(text.size()) * (10 + tracking), 24, 6};
    };
    effect::host::Drawing own = strike.drawing(0.5, measured);
    effect_drawing frame = own.frame();
    for (const effect_host_step &step : own.steps())
        if (step.kind == EFFECT_HOST_STEP_TEXT)
            std::printf("own text: '%s' advance %g at %g %g\n", step.item->text.text, step.item->text.advance,
                        step.matrix[0] * step.item->text.x + step.matrix[2] * step.item->text.y + step.matrix[4],
                        step.matrix[1] * step.item->text.x + step.matrix[3] * step.item->text.y + step.matrix[5]);
    std::printf("own: %g x %g, %llu items, measured %s\n", frame.width, frame.height,
                static_cast<unsigned long long>(frame.item_count), calls > 0 ? "yes" : "no");
    effect::host::DrawOptions throwing;
    throwing.measure = [](std::string_view, double, double, double) -> effect_text_metrics {
        throw std::runtime_error("no fonts here");
    };
    try {
        strike.drawing(0.5, throwing);
        std::printf("own throwing: not thrown\n");
    } catch (const std::runtime_error &error) {
        std::printf("own throwing: %s\n", error.what());
    }
    effect::host::DrawOptions odd;
    odd.appearance = 7;
    try {
        strike.drawing(0.5, odd);
    } catch (const effect::Error &error) {
        std::printf("own odd: %d %s\n", static_cast<int>(error.status()), error.what());
    }
    if (argc == 4) {
        // The host's reader is the one checker: what it refuses comes back as effect::Error.
        for (const char *name : {"libMinor0.so", "libOpen.so"}) {
            try {
                effect::host::Instance ramp(effect::host::Plugin::open(std::string(argv[3]) + "/" + name), "test-ramp");
                std::printf("refused %s: drew %llu steps\n", name, static_cast<unsigned long long>(ramp.drawing(1).step_count()));
            } catch (const effect::Error &error) {
                std::printf("refused %s: %d %s\n", name, static_cast<int>(error.status()), error.what());
            }
        }
    }

    effect::host::RenderOptions options;
    uint64_t last = 0;
    options.progress = [&](uint64_t done, uint64_t) { last = done; };
    effect::host::render(strike, out + "/strike.gif", options);
    std::printf("gif: %llu frames\n", static_cast<unsigned long long>(last));

    // An exception a callback throws ends the render and comes back out of it; no file is left.
    options.progress = [](uint64_t, uint64_t) { throw std::runtime_error("from progress"); };
    try {
        effect::host::render(strike, out + "/thrown.gif", options);
        std::printf("thrown: not thrown\n");
    } catch (const std::runtime_error &error) {
        std::printf("thrown: %s, %s\n", error.what(), std::ifstream(out + "/thrown.gif").good() ? "file left" : "no file");
    }

    int frames = 0;
    effect::host::Player player(strike, [&](const effect_host_frame &) { return ++frames < 3; }, 60, 0, EFFECT_HOST_PLAY_OFFLINE);
    try {
        player.run();
        std::printf("player: not stopped\n");
    } catch (const effect::Error &error) {
        std::printf("player: %d after %d frames\n", static_cast<int>(error.status()), frames);
    }

    try {
        effect::host::Instance bad(catalog.load("strikethrough-reveal"), "strikethrough-reveal", {"durationn=1"});
    } catch (const effect::Error &error) {
        std::printf("bad param: %d %s\n", static_cast<int>(error.status()), error.what());
    }
    try {
        catalog.load("no-such-effect");
    } catch (const effect::Error &error) {
        std::printf("bad id: %d\n", static_cast<int>(error.status()));
    }

    effect::host::Report report = effect::host::validate({std::string(catalog.load("strikethrough-reveal").path())});
    std::printf("validate: failed %d, %zu checks\n", report.failed() ? 1 : 0, report.checks().size());
    return 0;
}
