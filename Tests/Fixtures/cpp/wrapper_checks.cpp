// Checks effect.hpp beyond its example: an instance outliving its Library
// (the library stays loaded for it), moved-from objects, values the ABI
// cannot carry, and odd layout sizes. Prints one line per check.
//
//   wrapper_checks RAMP_1_0.so REVEAL.so
//   wrapper_checks RAMP_1_0.so REVEAL.so RAMP_1_1.so STRIKE.so BREATHE.so [SHORT.so]...
//
// With the three extra plugins it also checks draw (ABI 1.2): the bundled
// effects' display lists, a host Measure and one that throws, the list
// checks, and 1.0 and 1.1 plugins loading, sampling and refusing to draw.
// Each SHORT.so after them has a table smaller than its minor's size and
// must be refused.
// The numbers it prints are checked by the Swift tests that run it.
#include "effect.hpp"

#include <cstdio>
#include <optional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <variant>

static_assert(!std::is_copy_constructible_v<effect::Library> && !std::is_copy_assignable_v<effect::Library>,
              "a Library is not copyable");
static_assert(std::is_nothrow_move_constructible_v<effect::Library>, "a Library is movable");
static_assert(!std::is_copy_constructible_v<effect::Instance> && std::is_move_constructible_v<effect::Instance>,
              "an Instance is movable, not copyable");
static_assert(std::is_copy_constructible_v<effect::Effect>, "an Effect is a copyable description");
static_assert(std::is_copy_constructible_v<effect::DisplayList>, "a display list is a value");

namespace {

// Items by kind and id, and the order of the list as "g1 s2 /1 t3".
struct Index {
    std::vector<const effect::Group *> groups;
    std::vector<const effect::Shape *> shapes;
    std::vector<const effect::Text *> texts;
    std::string order;
    explicit Index(const effect::DisplayList &list) {
        for (const effect::Item &item : list.items) {
            if (!order.empty()) order += ' ';
            if (const auto *g = std::get_if<effect::Group>(&item)) {
                groups.push_back(g);
                order += "g" + std::to_string(g->id);
            } else if (const auto *e = std::get_if<effect::EndGroup>(&item)) {
                order += "/" + std::to_string(e->id);
            } else if (const auto *s = std::get_if<effect::Shape>(&item)) {
                shapes.push_back(s);
                order += "s" + std::to_string(s->id);
            } else if (const auto *t = std::get_if<effect::Text>(&item)) {
                texts.push_back(t);
                order += "t" + std::to_string(t->id);
            }
        }
    }
    const effect::Shape *shape(uint32_t id) const {
        for (const auto *s : shapes) {
            if (s->id == id) return s;
        }
        return nullptr;
    }
    const effect::Text *text(uint32_t id) const {
        for (const auto *t : texts) {
            if (t->id == id) return t;
        }
        return nullptr;
    }
};

// An old plugin: it loads and samples through the wrapper; draw refuses.
void old_plugin(const char *label, const char *path) {
    effect::Library library(path);
    effect::Instance ramp = library.effect("test-ramp").create();
    std::printf("%s minor %u sample %g\n", label, library.abi_minor(), ramp.sample(0.25)[0]);
    try {
        ramp.draw(0.25);
        std::printf("%s drew\n", label);
    } catch (const effect::Error &error) {
        std::printf("%s draw %d %s\n", label, int(error.status()), error.what());
    }
    try {
        std::vector<double> layout = ramp.layout({}, 100);
        std::printf("%s layout %zu %g %g\n", label, layout.size(), layout[0], layout[1]);
    } catch (const effect::Error &error) {
        std::printf("%s layout %d %s\n", label, int(error.status()), error.what());
    }
}

// The conversion of hand-made C lists: only what it cannot read safely is refused.
void broken_list(const char *label, std::vector<effect_draw_item> items, double width = 10) {
    effect_drawing drawing{};
    drawing.struct_size = sizeof drawing;
    drawing.width = width;
    drawing.item_count = items.size();
    try {
        effect::DisplayList list = effect::detail::read_display_list(drawing, items.data(), items.size());
        std::printf("list %s read %zu\n", label, list.items.size());
    } catch (const effect::Error &error) {
        std::printf("list %s %d %s\n", label, int(error.status()), error.what());
    }
}

// A text item drawing the first `length` bytes of "rampé up" (9 bytes), read
// as a plugin of ABI 1.`minor` wrote it (ABI 1.6's text runs).
void text_run(const char *label, uint32_t length, uint32_t minor) {
    effect_drawing drawing{};
    drawing.struct_size = sizeof drawing;
    drawing.item_count = 1;
    effect_draw_item raw{};
    raw.text.kind = EFFECT_ITEM_TEXT;
    raw.text.id = 7;
    raw.text.text = "ramp\xC3\xA9 up";
    raw.text.length = length;
    try {
        effect::DisplayList list = effect::detail::read_display_list(drawing, &raw, 1, minor);
        std::printf("run %s '%s'\n", label, std::get<effect::Text>(list.items.at(0)).text.c_str());
    } catch (const effect::Error &error) {
        std::printf("run %s %d %s\n", label, int(error.status()), error.what());
    }
}

effect_draw_item item(uint32_t kind, uint32_t id) {
    effect_draw_item raw{};
    raw.head.kind = kind;
    raw.head.id = id;
    if (kind == EFFECT_ITEM_GROUP) raw.group.transform.scale_x = raw.group.transform.scale_y = 1, raw.group.opacity = 1;
    if (kind == EFFECT_ITEM_SHAPE) raw.shape.shape = EFFECT_SHAPE_RECT, raw.shape.trim_end = 1;
    if (kind == EFFECT_ITEM_TEXT) raw.text.text = "x";
    return raw;
}

void draw_checks(const char *ramp_1_1, const char *strike_path, const char *breathe_path, effect::Library &reveal) {
    effect::Library strike(strike_path);
    effect::Instance row = strike.effect("strikethrough-reveal").create();

    // At 0.16 s the strike's easeInOut amount is 0.5: the line is half the text.
    effect::DisplayList list = row.draw(0.16);
    Index index(list);
    const effect::Shape *line = index.shape(5);
    const effect::Shape *tick = index.shape(2);
    const effect::Text *text = index.text(4);
    if (line == nullptr || tick == nullptr || text == nullptr) throw std::runtime_error("strike lacks its parts");
    std::printf("strike order %s\n", index.order.c_str());
    std::printf("strike size %.9g %.9g max %llu\n", list.width, list.height, (unsigned long long)list.max_item_count);
    std::printf("strike text '%s' x %.9g advance %.9g weight %g\n", text->text.c_str(), text->x, text->advance, text->weight);
    std::printf("strike capsule %u x %.9g width %.9g ratio %.9g height %.9g\n", line->shape, line->frame.x,
                line->frame.width, line->frame.width / text->advance, line->frame.height);
    std::printf("strike tick %u segments %zu verbs %u %u %u trim %.9g stroke %.9g cap %u join %u\n", tick->shape,
                tick->segments.size(), tick->segments[0].verb, tick->segments[1].verb, tick->segments[2].verb,
                tick->trim_end, tick->stroke_width, tick->line_cap, tick->line_join);

    // The host's measurer decides: 10 pt a character, 24 + 6 pt tall.
    effect::Measure monospaced = [](std::string_view run, double, double, double tracking) {
        return effect_text_metrics{double(run.size()) * (10 + tracking), 24, 6};
    };
    effect::DisplayList measured = row.draw(0.32, 0, monospaced);
    const effect::Text *mono = Index(measured).text(4);
    std::printf("measured %.9g %.9g advance %.9g line %.9g\n", measured.width, measured.height, mono->advance,
                Index(measured).shape(5)->frame.width);

    // A measurer that throws: the plugin sees a failing status, and the
    // exception comes out of draw, on this side of the C boundary.
    try {
        row.draw(0.32, 0, [](std::string_view, double, double, double) -> effect_text_metrics {
            throw std::runtime_error("no fonts here");
        });
        std::printf("throwing measure drew\n");
    } catch (const effect::Error &error) {
        std::printf("throwing measure became effect::Error %d\n", int(error.status()));
    } catch (const std::runtime_error &error) {
        std::printf("throwing measure rethrown %s\n", error.what());
    }
    try {
        row.draw(0.32, 0, [](std::string_view, double, double, double) -> effect_text_metrics {
            throw effect::Error(EFFECT_ERR_OUT_OF_MEMORY, "measurer out of memory");
        });
    } catch (const effect::Error &error) {
        std::printf("throwing error rethrown %d %s\n", int(error.status()), error.what());
    }
    // A measurer that answers nonsense (a negative ascent): the plugin's own refusal.
    try {
        row.draw(0.32, 0, [](std::string_view, double, double, double) { return effect_text_metrics{10, -1, 1}; });
        std::printf("negative measure drew\n");
    } catch (const effect::Error &error) {
        std::printf("negative measure %d\n", int(error.status()));
    }
    std::printf("after failures %zu items\n", row.draw(0.32).items.size());
    // ABI 1.3: the text's colour in each appearance, and a value that is none.
    for (uint32_t appearance : {EFFECT_APPEARANCE_LIGHT, EFFECT_APPEARANCE_DARK}) {
        for (const auto &item : row.draw(0.32, 0, {}, appearance).items) {
            if (const auto *text = std::get_if<effect::Text>(&item)) std::printf("appearance %u ink %08X\n", appearance, text->color);
        }
    }
    try {
        row.draw(0.32, 0, {}, 7);
        std::printf("appearance 7 drew\n");
    } catch (const effect::Error &error) {
        std::printf("appearance 7 %d\n", int(error.status()));
    }
    try {
        row.draw(-1);
    } catch (const effect::Error &error) {
        std::printf("bad time %d\n", int(error.status()));
    }

    // The breathing ring: 8 circles of 80 x 80 with a two-stop gradient.
    effect::Library breathe(breathe_path);
    effect::Instance circles = breathe.effect("breathing-circles").create();
    effect::DisplayList ring = circles.draw(2.2);
    Index rings(ring);
    std::size_t ellipses = 0, sized = 0, graded = 0;
    for (const auto *s : rings.shapes) {
        ellipses += s->shape == EFFECT_SHAPE_ELLIPSE ? 1 : 0;
        sized += s->frame.x == 0 && s->frame.y == 0 && s->frame.width == 80 && s->frame.height == 80 ? 1 : 0;
        graded += s->fill == EFFECT_PAINT_LINEAR_GRADIENT && s->stops.size() == 2 && s->stops[0].color == 0x20D9D2FFu &&
                          s->stops[1].color == 0x0CE8FFFFu && s->stops[1].offset == 1
                      ? 1
                      : 0;
    }
    std::printf("circles ellipses %zu sized %zu graded %zu groups %zu items %zu max %llu\n", ellipses, sized, graded,
                rings.groups.size(), ring.items.size(), (unsigned long long)ring.max_item_count);
    std::printf("circles size %g %g bounds %g %g %g %g rotation %.9g\n", ring.width, ring.height, ring.bounds.x,
                ring.bounds.y, ring.bounds.width, ring.bounds.height, rings.groups[0]->transform.rotation);

    // A list longer than the first buffer (64 items): the wrapper grows it.
    std::string words;
    for (int i = 0; i < 30; i++) words += (i == 0 ? "" : " ") + std::string("word");
    effect::Instance longer = reveal.effect("text-reveal").create({{"text", effect::Value::string(words)}});
    effect::DisplayList grown = longer.draw(2, 300);
    Index long_index(grown);
    double lowest = 0;
    for (const auto *t : long_index.texts) lowest = t->y > lowest ? t->y : lowest;
    std::printf("grown items %zu max %llu texts %zu width %.9g wraps %d\n", grown.items.size(),
                (unsigned long long)grown.max_item_count, long_index.texts.size(), grown.width,
                lowest > long_index.texts.front()->y ? 1 : 0);

    // 1.1 plugin: loads, samples and lays out; draw is refused.
    old_plugin("abi11", ramp_1_1);

    // What the conversion refuses, and what it passes on unchecked (the host's reader checks).
    effect_draw_item nan_group = item(EFFECT_ITEM_GROUP, 1);
    nan_group.group.opacity = std::nan("");
    effect_draw_item null_text = item(EFFECT_ITEM_TEXT, 1);
    null_text.text.text = nullptr;
    effect_draw_item bad_text = item(EFFECT_ITEM_TEXT, 1);
    bad_text.text.text = "\xff";
    effect_draw_item path = item(EFFECT_ITEM_SHAPE, 1);
    path.shape.shape = EFFECT_SHAPE_PATH;
    path.shape.segment_count = 2;
    effect_draw_item gradient = item(EFFECT_ITEM_SHAPE, 1);
    gradient.shape.fill = EFFECT_PAINT_LINEAR_GRADIENT;
    gradient.shape.stop_count = 1;
    effect_draw_item move = item(EFFECT_ITEM_SEGMENT, 1);
    move.segment.verb = EFFECT_SEGMENT_MOVE;
    effect_draw_item stop = item(EFFECT_ITEM_STOP, 1);
    stop.stop.offset = 0.5;
    effect_draw_item clip = item(EFFECT_ITEM_GROUP, 1);
    clip.group.clip_shape = EFFECT_SHAPE_PATH;
    broken_list("good", {item(EFFECT_ITEM_GROUP, 1), path, move, move, gradient, stop, item(EFFECT_ITEM_TEXT, 2),
                         item(EFFECT_ITEM_END_GROUP, 1)});
    broken_list("open", {item(EFFECT_ITEM_GROUP, 1), item(EFFECT_ITEM_GROUP, 2), item(EFFECT_ITEM_END_GROUP, 2)});
    broken_list("close", {item(EFFECT_ITEM_END_GROUP, 1)});
    broken_list("nan", {nan_group, item(EFFECT_ITEM_END_GROUP, 1)});
    broken_list("size", {}, std::nan(""));
    broken_list("null-text", {null_text});
    broken_list("utf8", {bad_text});
    broken_list("short-path", {path, move});
    broken_list("no-segment", {path, move, item(EFFECT_ITEM_TEXT, 2)});
    broken_list("no-stop", {gradient, move});
    broken_list("stray", {stop});
    broken_list("clip", {clip, item(EFFECT_ITEM_END_GROUP, 1)});
    broken_list("kind", {item(99, 1)});
    text_run("prefix", 6, 6);
    text_run("whole", 0, 6);
    text_run("past", 12, 6);
    text_run("reserved", 4, 5);
}

}  // namespace

int main(int argc, char **argv) {
    if (argc != 3 && argc < 6) return 2;
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
    // ABI 1.7's EFFECT_PARAM_MULTILINE, read into Param::multiline.
    std::string multiline = "multiline";
    for (const effect::Param &param : reveal.effect("text-reveal").params()) {
        if (param.multiline) multiline += " " + std::string(param.name);
    }
    std::printf("%s\n", multiline.c_str());
    if (argc == 3) return 0;

    try {
        old_plugin("abi10", argv[1]);
        draw_checks(argv[3], argv[4], argv[5], reveal);
        for (int i = 6; i < argc; i++) {
            if (std::string(argv[i]).rfind("overrun=", 0) == 0) {
                // A plugin that writes frame[capacity]: the vector's fence sees it.
                effect::Library overrun(argv[i] + 8);
                effect::Instance instance = overrun.effect("test-ramp").create();
                try {
                    instance.sample(0.25);
                    std::printf("fence missed\n");
                } catch (const effect::Error &error) {
                    std::printf("fence %d %s\n", int(error.status()), error.what());
                }
                continue;
            }
            try {
                effect::Library refused(argv[i]);
                std::printf("short loaded %s\n", argv[i]);
            } catch (const effect::Error &error) {
                std::string reason = error.what();
                std::printf("short %d %s\n", int(error.status()), reason.substr(reason.find(": ") + 2).c_str());
            }
        }
    } catch (const std::exception &error) {
        std::fprintf(stderr, "wrapper_checks: %s\n", error.what());
        return 1;
    }
    return 0;
}
