/*
 * effect.hpp: a header-only C++17 face for effect.h.
 *
 *   effect::Library strike("libStrike.so");              // dlopen + ABI check
 *   auto reveal = strike.effect("strikethrough-reveal");  // by id
 *   effect::Instance instance = reveal.create({{"duration", effect::Value::number(0.5)}});
 *   instance.set("done", effect::Value::boolean(false), 1.2);  // an event at t = 1.2 s
 *   std::vector<double> frame = instance.sample(0.16);
 *   std::vector<double> frames = instance.sample_many(0, 1.0 / 60, 120);
 *
 *   effect::DisplayList list = instance.draw(0.16);        // ABI 1.2: the frame as shapes and text
 *
 * Every failure throws effect::Error, which carries the plugin's status and
 * its one-line message. Library and Instance own their handles (RAII,
 * movable, not copyable: their copy constructors and assignments are
 * deleted); Effect is a copyable description. Effects and instances keep
 * their library loaded until the last of them is gone.
 *
 * Lifetimes of the std::string_views the wrapper hands out (they point into
 * the plugin's own strings, as effect.h describes):
 *   - metadata (Library::id/version, Effect::id/name/summary, Param and
 *     Channel names, units, docs, choices and labels) stays valid while the
 *     library is loaded: as long as the Library, or any Effect or Instance
 *     made from it, lives;
 *   - instance-owned strings (Strings from strings(t), Element::text) stay
 *     valid until the Instance that returned them is destroyed (a moved-to
 *     Instance carries them on; a later call does not invalidate them).
 * A DisplayList owns copies of everything in it (Text::text is a
 * std::string), so it may outlive its Instance.
 *
 * Version gates: layout() needs a plugin built for ABI 1.1 or later and
 * draw() one built for 1.2 or later; for an older plugin they throw
 * EFFECT_ERR_UNSUPPORTED, naming the plugin's ABI version, without reading
 * past the end of its (shorter) function table.
 *
 * Threading follows effect.h: sampling, draw and the other const calls may
 * run on many threads at once (a draw's Measure then too, so it must be
 * safe to call concurrently); set() needs exclusive access.
 *
 * This header is the raw ABI's wrapper, for a program that loads plugins
 * itself: draw() converts the plugin's items into the value types below
 * and does not check them against effect.h's rules (balanced groups,
 * finite numbers, known kinds, UTF-8 text). A host that wants a checked
 * list uses effect::host::Drawing (effect_host.hpp), which the host
 * library's reader checks and walks.
 *
 * The host library (effect_host.h, libeffecthost.so) has its RAII face
 * here too, in effect::host: Catalog, Plugin, Instance, Picture, Drawing, Player,
 * render(), export_to() and validate(). Only a program that uses them
 * links the library (`pkg-config --cflags --libs effect-host`); the rest of
 * this header needs -ldl alone. Callbacks are std::functions; an exception
 * one throws ends the call it came from and is rethrown from it.
 */
#ifndef EFFECT_HPP
#define EFFECT_HPP

#include "effect.h"
#include "effect_host.h"

#include <dlfcn.h>

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <exception>
#include <functional>
#include <initializer_list>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace effect {

/* A failed call: the plugin's status (EFFECT_ERR_*) and message. */
class Error : public std::runtime_error {
public:
    Error(effect_status status, const std::string &message) : std::runtime_error(message), status_(status) {}
    effect_status status() const noexcept { return status_; }

private:
    effect_status status_;
};

namespace detail {
/* `value` in the fewest digits that read back as it, as Swift and Python
 * write a double ("0.25", "1.0", "1e+20"), so every binding's messages name
 * the same t. */
inline std::string shortest(double value) {
    char text[32];
    std::to_chars_result end = std::to_chars(text, text + sizeof text, value);
    std::string out(text, end.ptr);
    if (out.find_first_of(".einf") == std::string::npos) out += ".0";
    return out;
}

/* A fresh error buffer for one call; throws if the call failed. */
struct Call {
    effect_error error{};
    Call() { error.struct_size = sizeof error; }
    effect_error *operator&() { return &error; }
    void check(effect_status status) const {
        if (status != EFFECT_OK) {
            throw Error(status, error.message[0] != '\0' ? error.message : "the plugin call failed");
        }
    }
};

inline std::string_view view(const char *text) { return text != nullptr ? std::string_view(text) : std::string_view(); }
}  // namespace detail

/* A value for create() and set(). String values are copied by the plugin
 * during the call, so the Value only has to live that long. */
class Value {
public:
    static Value none() { return Value(EFFECT_TYPE_NONE); }
    static Value number(double x) {
        Value v(EFFECT_TYPE_NUMBER);
        v.raw_.number = x;
        return v;
    }
    static Value integer(int64_t x) {
        Value v(EFFECT_TYPE_INTEGER);
        v.raw_.integer = x;
        return v;
    }
    static Value boolean(bool x) {
        Value v(EFFECT_TYPE_BOOL);
        v.raw_.integer = x ? 1 : 0;
        return v;
    }
    /* Text crosses the ABI NUL-terminated, so a NUL inside it is refused. */
    static Value choice(std::string_view name) { return Value(EFFECT_TYPE_ENUM, name); }
    static Value string(std::string_view text) { return Value(EFFECT_TYPE_STRING, text); }
    static Value color(uint32_t rgba) {
        Value v(EFFECT_TYPE_COLOR);
        v.raw_.integer = rgba;
        return v;
    }

    /* The C value; its string points into this Value. */
    effect_value raw() const {
        effect_value copy = raw_;
        if (copy.type == EFFECT_TYPE_ENUM || copy.type == EFFECT_TYPE_STRING) copy.string = text_.c_str();
        return copy;
    }

private:
    explicit Value(uint32_t type, std::string_view text = {}) : raw_(), text_(text) {
        if (text.find('\0') != std::string_view::npos) {
            throw Error(EFFECT_ERR_RANGE, "a string value cannot contain a NUL character");
        }
        raw_.type = type;
    }
    effect_value raw_;
    std::string text_;
};

/* One param as the plugin describes it. Its views stay valid while the
 * library is loaded (while its Library, or an Effect or Instance from it, lives). */
struct Param {
    std::string_view name, unit, doc;
    uint32_t type = 0;
    bool live = false, optional = false;
    double min = 0, max = 0;
    effect_value default_value{};
    std::vector<std::string_view> choices;
    bool multiline = false; /* since 1.7: a string whose line breaks the effect
                               shows as lines (offer a multi-line field) */
};

/* One channel or attribute as the plugin describes it. */
struct Channel {
    std::string_view name, unit, doc;
    uint32_t scope = 0;
    double min = 0, max = 0;
    std::vector<std::string_view> labels;
};

/* Instance-owned: the views stay valid until the Instance is destroyed. */
struct Strings {
    std::string_view text, accessibility_label, accessibility_value;
};

/* `text` is instance-owned, valid until the Instance is destroyed. */
struct Element {
    std::string_view text;
    std::vector<double> attributes;
};

/* ---- Display lists (ABI 1.2) ---------------------------------------------
 * What Instance::draw returns: the frame as effect.h's display list, read
 * as the plugin wrote it (not checked: see detail::read_display_list), with
 * each shape's SEGMENT and STOP items folded into it.
 * Numbers, colours (0xRRGGBBAA) and kinds (EFFECT_SHAPE_*, EFFECT_PAINT_*,
 * EFFECT_CAP_*, ...) mean what they mean in effect.h. */

/* A group's clip, in its content's coordinates. */
struct Clip {
    uint32_t shape = EFFECT_SHAPE_RECT;  /* RECT, ROUNDED_RECT, CAPSULE or ELLIPSE */
    effect_rect rect{};
    double corner_radius = 0;            /* ROUNDED_RECT */
};

/* Opens a group: everything up to its EndGroup is transformed, filtered
 * (saturation, then blur), clipped and composited with `opacity`. */
struct Group {
    uint32_t id = 0;
    effect_transform transform{0, 0, 0, 0, 1, 1, 0};  /* the identity until read */
    double opacity = 1, blur = 0, saturation = 1;
    std::optional<Clip> clip;            /* none for EFFECT_SHAPE_NONE */
};

/* Closes the innermost open group; `id` is the group's. */
struct EndGroup {
    uint32_t id = 0;
};

/* One segment of a PATH shape. */
struct Segment {
    uint32_t verb = EFFECT_SEGMENT_MOVE; /* EFFECT_SEGMENT_* */
    double x = 0, y = 0;                 /* the end point */
    double x1 = 0, y1 = 0, x2 = 0, y2 = 0;  /* CUBIC: the control points */
};

/* One stop of a LINEAR_GRADIENT fill. */
struct Stop {
    double offset = 0;
    uint32_t color = 0;
};

struct Shape {
    uint32_t id = 0;
    uint32_t shape = EFFECT_SHAPE_RECT;  /* EFFECT_SHAPE_RECT ... PATH */
    effect_rect frame{};                 /* all shapes but PATH */
    double corner_radius = 0;            /* ROUNDED_RECT */
    double trim_start = 0, trim_end = 1;
    uint32_t fill = EFFECT_PAINT_NONE;   /* EFFECT_PAINT_* */
    uint32_t fill_color = 0;             /* SOLID */
    double gradient_x0 = 0, gradient_y0 = 0, gradient_x1 = 0, gradient_y1 = 0;  /* LINEAR_GRADIENT */
    uint32_t stroke_color = 0;
    double stroke_width = 0;             /* 0: no stroke */
    uint32_t line_cap = EFFECT_CAP_BUTT;    /* EFFECT_CAP_* */
    uint32_t line_join = EFFECT_JOIN_MITER; /* EFFECT_JOIN_* */
    std::vector<Segment> segments;       /* PATH: its segments; otherwise empty */
    std::vector<Stop> stops;             /* LINEAR_GRADIENT: its stops; otherwise empty */
};

/* A run of text on a baseline starting at (x, y). */
struct Text {
    uint32_t id = 0;
    std::string text;                    /* UTF-8, copied out of the plugin: the run
                                            (since ABI 1.6, the first `length`
                                            bytes of the plugin's string) */
    double x = 0, y = 0, size = 0, weight = EFFECT_WEIGHT_REGULAR, tracking = 0;
    double advance = 0, ascent = 0, descent = 0;  /* what the measurer answered */
    uint32_t color = 0;
};

using Item = std::variant<Group, EndGroup, Shape, Text>;

/* One frame's display list. */
struct DisplayList {
    double width = 0, height = 0;        /* the view's own frame */
    effect_rect bounds{};                /* holds the ink of every frame (same context) */
    uint64_t max_item_count = 0;         /* the most C items any frame needs */
    std::vector<Item> items;             /* in drawing order, groups balanced */
};

/* Measures a run of text for draw(): its advance (tracking after every
 * character included), ascent and descent, all finite, ascent and descent
 * >= 0 (effect_text_metrics). It may throw; draw() then fails and rethrows
 * what it threw. */
using Measure =
    std::function<effect_text_metrics(std::string_view text, double size, double weight, double tracking)>;

namespace detail {
/* What the C measure callback reaches through its context pointer. */
struct MeasureBridge {
    const Measure *measure = nullptr;
    std::exception_ptr failure;          /* the first exception the measure threw */
};

/* The C callback: calls the std::function and keeps any exception on this
 * side of the C boundary (the plugin sees a failing status instead). */
extern "C" {
static inline effect_status effect_hpp_measure(void *context, const char *text, double size, double weight,
                                               double tracking, effect_text_metrics *out) {
    MeasureBridge *bridge = static_cast<MeasureBridge *>(context);
    if (bridge == nullptr || bridge->measure == nullptr || text == nullptr || out == nullptr) {
        return EFFECT_ERR_NULL_POINTER;
    }
    if (bridge->failure) return EFFECT_ERR_INTERNAL;  // failed once: the draw is lost anyway
    try {
        *out = (*bridge->measure)(std::string_view(text), size, weight, tracking);
        return EFFECT_OK;
    } catch (...) {
        bridge->failure = std::current_exception();
        return EFFECT_ERR_INTERNAL;
    }
}
}

/* The first `count` C items as the wrapper's value types, each shape's
 * SEGMENT and STOP items folded into it. It converts and does not check
 * effect.h's rules (balanced groups, finite numbers, known kinds, UTF-8):
 * the host library's reader does that, and a host that wants a checked
 * list uses effect_host.hpp's Drawing. It refuses only what it cannot read
 * safely (EFFECT_ERR_INTERNAL): a shape whose SEGMENT and STOP items run
 * past the list, NULL text, and (`minor` 6 or later: a plugin that has text
 * lengths) a text length that runs past its string's NUL. Items it has no
 * type for (an unknown kind, a SEGMENT or STOP outside a shape) are left
 * out. `minor` is the plugin's ABI minor: before 1.6 a text item's length
 * is a reserved field, and the run is the whole string. */
inline DisplayList read_display_list(const effect_drawing &drawing, const effect_draw_item *raw, std::size_t count,
                                     uint32_t minor = EFFECT_ABI_MINOR) {
    auto unreadable = [](const std::string &what) { return Error(EFFECT_ERR_INTERNAL, "the plugin's display list " + what); };
    DisplayList list;
    list.width = drawing.width;
    list.height = drawing.height;
    list.bounds = drawing.bounds;
    list.max_item_count = drawing.max_item_count;
    list.items.reserve(count);
    for (std::size_t index = 0; index < count; index++) {
        const effect_draw_item &item = raw[index];
        switch (item.head.kind) {
        case EFFECT_ITEM_GROUP: {
            const effect_draw_group &g = item.group;
            Group group;
            group.id = g.id;
            group.transform = g.transform;
            group.opacity = g.opacity;
            group.blur = g.blur;
            group.saturation = g.saturation;
            if (g.clip_shape != EFFECT_SHAPE_NONE) group.clip = Clip{g.clip_shape, g.clip, g.clip_corner_radius};
            list.items.emplace_back(std::move(group));
            break;
        }
        case EFFECT_ITEM_END_GROUP: list.items.emplace_back(EndGroup{item.head.id}); break;
        case EFFECT_ITEM_SHAPE: {
            const effect_draw_shape &s = item.shape;
            std::size_t segments = s.shape == EFFECT_SHAPE_PATH ? s.segment_count : 0;
            std::size_t stops = s.fill == EFFECT_PAINT_LINEAR_GRADIENT ? s.stop_count : 0;
            if (segments + stops >= count - index) throw unreadable("ends inside shape " + std::to_string(s.id));
            Shape shape;
            shape.id = s.id;
            shape.shape = s.shape;
            shape.frame = s.frame;
            shape.corner_radius = s.corner_radius;
            shape.trim_start = s.trim_start;
            shape.trim_end = s.trim_end;
            shape.fill = s.fill;
            shape.fill_color = s.fill == EFFECT_PAINT_SOLID ? s.fill_color : 0;
            shape.gradient_x0 = s.gradient_x0;
            shape.gradient_y0 = s.gradient_y0;
            shape.gradient_x1 = s.gradient_x1;
            shape.gradient_y1 = s.gradient_y1;
            shape.stroke_color = s.stroke_color;
            shape.stroke_width = s.stroke_width;
            shape.line_cap = s.line_cap;
            shape.line_join = s.line_join;
            for (std::size_t k = 0; k < segments; k++) {
                const effect_draw_segment &p = raw[index + 1 + k].segment;
                shape.segments.push_back(Segment{p.verb, p.x, p.y, p.x1, p.y1, p.x2, p.y2});
            }
            for (std::size_t k = 0; k < stops; k++) {
                const effect_draw_stop &stop = raw[index + 1 + segments + k].stop;
                shape.stops.push_back(Stop{stop.offset, stop.color});
            }
            list.items.emplace_back(std::move(shape));
            index += segments + stops;
            break;
        }
        case EFFECT_ITEM_TEXT: {
            const effect_draw_text &t = item.text;
            if (t.text == nullptr) throw unreadable("has NULL text at item " + std::to_string(index));
            uint32_t length = minor >= 6 ? t.length : 0;
            // memchr reads no further than the first NUL (C11 7.24.5.1).
            if (length != 0 && std::memchr(t.text, 0, length) != nullptr) {
                throw unreadable("has text " + std::to_string(t.id) + " whose length " + std::to_string(length) +
                                 " runs past its string");
            }
            std::string run = length != 0 ? std::string(t.text, length) : std::string(t.text);
            list.items.emplace_back(
                Text{t.id, std::move(run), t.x, t.y, t.size, t.weight, t.tracking, t.advance, t.ascent, t.descent, t.color});
            break;
        }
        default: break;
        }
    }
    return list;
}

/* "1.m" for a plugin's table. */
inline std::string abi_version(const effect_plugin_api *api) {
    return std::to_string(api->abi_major) + "." + std::to_string(api->abi_minor);
}
}  // namespace detail

/* Keeps a dlopen'd library open for as long as anything made from it lives. */
using LibraryHandle = std::shared_ptr<void>;

class Instance {
public:
    Instance(LibraryHandle library, const effect_plugin_api *api, effect_instance *handle)
        : library_(std::move(library)), api_(api), handle_(handle) {
        detail::Call call;
        info_.struct_size = sizeof info_;
        call.check(api_->instance_info(handle_, &info_, &call));
    }
    Instance(const Instance &) = delete;
    Instance &operator=(const Instance &) = delete;
    Instance(Instance &&other) noexcept
        : library_(other.library_), api_(other.api_), handle_(std::exchange(other.handle_, nullptr)), info_(other.info_) {}
    Instance &operator=(Instance &&other) noexcept {
        if (this != &other) {
            reset();
            library_ = other.library_;
            api_ = other.api_;
            handle_ = std::exchange(other.handle_, nullptr);
            info_ = other.info_;
        }
        return *this;
    }
    ~Instance() { reset(); }

    std::size_t frame_size() const { return static_cast<std::size_t>(info_.frame_size); }
    std::size_t element_count() const { return info_.element_count; }

    /* Element count, frame size and timing, reflecting events so far. */
    effect_instance_info info() const {
        detail::Call call;
        effect_instance_info info{};
        info.struct_size = sizeof info;
        call.check(api_->instance_info(handle_, &info, &call));
        return info;
    }

    /* One frame for time t: global channels, then each element's channels.
     * Throws effect::Error (EFFECT_ERR_INTERNAL) if the plugin writes past
     * the frame: the vector holds one more value, a fence, which the plugin
     * is not told about and must find unchanged. */
    std::vector<double> sample(double t) const {
        std::vector<double> frame(frame_size() + 1);
        fenced(frame, "sample at t = " + detail::shortest(t),
               [&](double *out, std::size_t capacity) { sample_into(t, out, capacity); });
        return frame;
    }

    /* One frame into caller memory that holds `capacity` doubles. */
    void sample_into(double t, double *out, std::size_t capacity) const {
        detail::Call call;
        call.check(api_->sample(handle_, t, out, capacity, &call));
    }

    /* `count` frames for t0, t0 + dt, ..., back to back; fenced as sample's. */
    std::vector<double> sample_many(double t0, double dt, std::size_t count) const {
        std::vector<double> frames(frame_size() * count + 1);
        fenced(frames, "sample_many of " + std::to_string(count) + " frames",
               [&](double *out, std::size_t capacity) { sample_many_into(t0, dt, count, out, capacity); });
        return frames;
    }

    void sample_many_into(double t0, double dt, std::size_t count, double *out, std::size_t capacity) const {
        detail::Call call;
        call.check(api_->sample_many(handle_, t0, dt, count, out, capacity, &call));
    }

    /* An event: from time t on, param `name` has `value`. */
    void set(std::string_view name, const Value &value, double t) {
        detail::Call call;
        effect_value raw = value.raw();
        call.check(api_->set_param(handle_, std::string(name).c_str(), &raw, t, &call));
    }

    Strings strings(double t) const {
        detail::Call call;
        effect_strings out{};
        out.struct_size = sizeof out;
        call.check(api_->strings(handle_, t, &out, &call));
        return {detail::view(out.text), detail::view(out.accessibility_label), detail::view(out.accessibility_value)};
    }

    Element element(std::size_t index) const {
        detail::Call call;
        effect_element_info out{};
        out.struct_size = sizeof out;
        call.check(api_->element_info(handle_, static_cast<uint32_t>(index), &out, &call));
        return {detail::view(out.text), std::vector<double>(out.attributes, out.attributes + out.attribute_count)};
    }

    /* Every element in order: its text and static attributes. */
    std::vector<Element> elements() const {
        std::vector<Element> all;
        all.reserve(element_count());
        for (std::size_t index = 0; index < element_count(); index++) all.push_back(element(index));
        return all;
    }

    /* Places the layout items (ABI 1.1): EFFECT_LAYOUT_HEADER doubles, then
     * EFFECT_LAYOUT_STRIDE per item. `sizes` holds width, height pairs; an
     * empty vector asks for the terminal grid. */
    std::vector<double> layout(const std::vector<double> &sizes, double container_width) const {
        // `layout` lies past the end of a 1.0 table: look at it only for 1.1 and later.
        if (api_->abi_minor < 1 || api_->layout == nullptr) {
            throw Error(EFFECT_ERR_UNSUPPORTED,
                        "the plugin is built for effect ABI " + detail::abi_version(api_) + ", which has no layout (since 1.1)");
        }
        if (sizes.size() % 2 != 0) throw Error(EFFECT_ERR_RANGE, "sizes must hold a width and a height for every item");
        std::size_t items = sizes.empty() ? info_.layout_item_count : sizes.size() / 2;
        std::vector<double> out(EFFECT_LAYOUT_HEADER + items * EFFECT_LAYOUT_STRIDE);
        detail::Call call;
        call.check(api_->layout(handle_, sizes.empty() ? nullptr : sizes.data(), static_cast<uint32_t>(items),
                                container_width, out.data(), out.size(), &call));
        return out;
    }

    /* The frame at t as a display list (ABI 1.2), the view offered `width`
     * (0: its ideal width), its text measured by `measure` (empty: the
     * ABI's reference metrics, effect_reference_measure), in `appearance`
     * (EFFECT_APPEARANCE_LIGHT or _DARK, since 1.3; a 1.2 plugin draws its
     * one look in both, and an unknown value is EFFECT_ERR_RANGE). Throws
     * EFFECT_ERR_UNSUPPORTED for a plugin built for ABI 1.0 or 1.1 (or an
     * effect that does not draw), EFFECT_ERR_INTERNAL for items it cannot
     * read safely (the list is converted, not checked: see
     * detail::read_display_list), the plugin's status for anything else, and whatever
     * `measure` threw if it threw (the plugin saw a failing status instead;
     * nothing crosses the C boundary). */
    DisplayList draw(double t, double width = 0, Measure measure = {},
                     uint32_t appearance = EFFECT_APPEARANCE_LIGHT) const {
        // `draw` lies past the end of a 1.0 or 1.1 table: look at it only for 1.2 and later.
        if (api_->abi_minor < 2) {
            throw Error(EFFECT_ERR_UNSUPPORTED,
                        "the plugin is built for effect ABI " + detail::abi_version(api_) + ", which does not draw (since 1.2)");
        }
        // A NULL draw in a table that has one: the plugin offers none (see effect.h).
        if (api_->draw == nullptr) {
            throw Error(EFFECT_ERR_UNSUPPORTED,
                        "the plugin does not draw: its ABI " + detail::abi_version(api_) + " table's draw is NULL");
        }
        detail::MeasureBridge bridge;
        effect_draw_context context{};
        context.struct_size = sizeof context;
        context.width = width;
        context.appearance = appearance;
        if (measure) {
            bridge.measure = &measure;
            context.measure = &detail::effect_hpp_measure;
            context.measure_context = &bridge;
        }
        // Room for a small drawing; a larger one says what it needs (even
        // while failing with EFFECT_ERR_BUFFER), and a plugin that keeps
        // asking for more is broken.
        constexpr uint64_t most = 50000000;  // more items than any frame of a sane effect draws
        std::vector<effect_draw_item> items(64);
        for (int attempt = 0; attempt < 3; attempt++) {
            detail::Call call;
            effect_drawing drawing{};
            drawing.struct_size = sizeof drawing;
            effect_status status = api_->draw(handle_, t, &context, &drawing, items.data(), items.size(), &call);
            if (bridge.failure) std::rethrow_exception(bridge.failure);
            if (status == EFFECT_ERR_BUFFER && drawing.item_count > items.size() && drawing.item_count <= most) {
                uint64_t ahead = drawing.max_item_count < most ? drawing.max_item_count : most;
                items.assign(static_cast<std::size_t>(drawing.item_count > ahead ? drawing.item_count : ahead),
                             effect_draw_item{});
                continue;
            }
            call.check(status);
            uint64_t count = drawing.item_count < items.size() ? drawing.item_count : items.size();
            return detail::read_display_list(drawing, items.data(), static_cast<std::size_t>(count), api_->abi_minor);
        }
        throw Error(EFFECT_ERR_INTERNAL, "the plugin's display list does not fit the capacity it asked for");
    }

private:
    /* Runs `write` on all of `buffer` but its last value, which holds a NaN
     * whose payload no arithmetic makes; then drops that value, or throws if
     * the plugin changed it. */
    template <typename Write>
    static void fenced(std::vector<double> &buffer, const std::string &call, Write write) {
        const std::uint64_t fence = 0x7FF8FE9CE0FF5E70u;
        const std::size_t room = buffer.size() - 1;
        std::memcpy(&buffer[room], &fence, sizeof fence);
        write(buffer.data(), room);
        std::uint64_t after = 0;
        std::memcpy(&after, &buffer[room], sizeof after);
        if (after != fence) {
            throw Error(EFFECT_ERR_INTERNAL, std::string("the plugin wrote past the end of the buffer it was given: ") +
                                                 call + " had room for " + std::to_string(room) +
                                                 (room == 1 ? " value" : " values"));
        }
        buffer.pop_back();
    }
    void reset() {
        if (handle_ != nullptr) api_->destroy(handle_);
        handle_ = nullptr;
    }

    LibraryHandle library_;
    const effect_plugin_api *api_;
    effect_instance *handle_;
    effect_instance_info info_{};
};

/* One effect of a library, with its params and channels. */
class Effect {
public:
    Effect(LibraryHandle library, const effect_plugin_api *api, uint32_t index)
        : library_(std::move(library)), api_(api), index_(index) {
        detail::Call call;
        info_.struct_size = sizeof info_;
        call.check(api_->effect_info(api_, index_, &info_, &call));
        for (uint32_t i = 0; i < info_.param_count; i++) params_.push_back(read_param(i));
        uint32_t channels = info_.global_channel_count + info_.element_channel_count + info_.attribute_count;
        for (uint32_t i = 0; i < channels; i++) channels_.push_back(read_channel(i));
    }

    std::string_view id() const { return detail::view(info_.id); }
    std::string_view name() const { return detail::view(info_.name); }
    std::string_view summary() const { return detail::view(info_.summary); }
    const std::vector<Param> &params() const { return params_; }
    /* Global channels, then element channels, then attributes (see Channel::scope). */
    const std::vector<Channel> &channels() const { return channels_; }

    /* A new instance; params not given take their defaults. */
    Instance create(std::initializer_list<std::pair<std::string_view, Value>> params = {}) const {
        return create(std::vector<std::pair<std::string_view, Value>>(params));
    }

    Instance create(const std::vector<std::pair<std::string_view, Value>> &params) const {
        std::vector<std::string> names;
        std::vector<effect_param_setting> settings;
        names.reserve(params.size());
        for (const auto &param : params) names.emplace_back(param.first);
        for (std::size_t i = 0; i < params.size(); i++) settings.push_back({names[i].c_str(), params[i].second.raw()});
        detail::Call call;
        effect_instance *handle = nullptr;
        call.check(api_->create(api_, info_.id, settings.data(), static_cast<uint32_t>(settings.size()), &handle, &call));
        return Instance(library_, api_, handle);
    }

private:
    Param read_param(uint32_t index) const {
        detail::Call call;
        effect_param_info info{};
        info.struct_size = sizeof info;
        call.check(api_->param_info(api_, index_, index, &info, &call));
        Param param{detail::view(info.name), detail::view(info.unit), detail::view(info.doc), info.type,
                    (info.flags & EFFECT_PARAM_LIVE) != 0, (info.flags & EFFECT_PARAM_OPTIONAL) != 0, info.min, info.max,
                    info.default_value, {}};
        for (uint32_t i = 0; i < info.choice_count; i++) param.choices.push_back(detail::view(info.choices[i]));
        param.multiline = (info.flags & EFFECT_PARAM_MULTILINE) != 0;
        return param;
    }

    Channel read_channel(uint32_t index) const {
        detail::Call call;
        effect_channel_info info{};
        info.struct_size = sizeof info;
        call.check(api_->channel_info(api_, index_, index, &info, &call));
        Channel channel{detail::view(info.name), detail::view(info.unit), detail::view(info.doc), info.scope,
                        info.min, info.max, {}};
        for (uint32_t i = 0; i < info.label_count; i++) channel.labels.push_back(detail::view(info.labels[i]));
        return channel;
    }

    LibraryHandle library_;
    const effect_plugin_api *api_;
    uint32_t index_;
    effect_description info_{};
    std::vector<Param> params_;
    std::vector<Channel> channels_;
};

/* A plugin library: dlopen'd on construction and its ABI checked; closed
 * when the Library and every Effect and Instance made from it are gone (a
 * plugin may stay mapped even then; see effect.h). */
class Library {
public:
    explicit Library(const std::string &path) {
        void *raw = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
        if (raw == nullptr) {
            const char *reason = dlerror();
            throw Error(EFFECT_ERR_INTERNAL, path + ": " + (reason != nullptr ? reason : "cannot be loaded"));
        }
        handle_ = LibraryHandle(raw, [](void *library) { dlclose(library); });
        void *symbol = dlsym(raw, EFFECT_ENTRY_SYMBOL);
        effect_plugin_entry_fn entry = nullptr;
        static_assert(sizeof entry == sizeof symbol, "function and object pointers differ in size");
        std::memcpy(&entry, &symbol, sizeof entry);
        api_ = entry != nullptr ? entry() : nullptr;
        if (api_ == nullptr) throw Error(EFFECT_ERR_INTERNAL, path + ": not an effect plugin");
        // A newer minor loads when the plugin needs no more than this
        // header's (effect.h's Versioning: needs_minor, the reserved word).
        bool newer = api_->abi_minor > EFFECT_ABI_MINOR;
        uint32_t needs = api_->reserved;
        if (api_->abi_major != EFFECT_ABI_MAJOR || (newer && (needs == 0 || needs > EFFECT_ABI_MINOR))) {
            throw Error(EFFECT_ERR_INTERNAL, path + ": built for effect ABI " + detail::abi_version(api_) +
                                                 (api_->abi_major == EFFECT_ABI_MAJOR && needs != 0
                                                      ? " (needing 1." + std::to_string(needs) + ")"
                                                      : "") +
                                                 "; this program speaks " + std::to_string(EFFECT_ABI_MAJOR) + "." +
                                                 std::to_string(EFFECT_ABI_MINOR));
        }
        // A table is as large as its own minor says (a 1.0 or 1.1 plugin's is
        // shorter than this header's struct): read nothing past that.
        std::size_t needed = EFFECT_PLUGIN_API_SIZE_FOR_MINOR(newer ? EFFECT_ABI_MINOR : api_->abi_minor);
        if (api_->struct_size < needed) {
            throw Error(EFFECT_ERR_INTERNAL, path + ": its function table is " + std::to_string(api_->struct_size) +
                                                 " bytes; ABI " + detail::abi_version(api_) + " needs " +
                                                 std::to_string(needed));
        }
        bool complete = api_->describe && api_->effect_info && api_->param_info && api_->channel_info && api_->create &&
                        api_->destroy && api_->instance_info && api_->element_info && api_->get_param &&
                        api_->set_param && api_->strings && api_->sample && api_->sample_many;
        if (!complete) throw Error(EFFECT_ERR_INTERNAL, path + ": its function table is incomplete");
        detail::Call call;
        info_.struct_size = sizeof info_;
        call.check(api_->describe(api_, &info_, &call));
        for (uint32_t i = 0; i < info_.effect_count; i++) effects_.emplace_back(handle_, api_, i);
    }
    /* One owner per dlopen: move a Library, do not copy it (its Effects are
     * copyable and keep the library loaded themselves). */
    Library(const Library &) = delete;
    Library &operator=(const Library &) = delete;
    Library(Library &&) noexcept = default;
    Library &operator=(Library &&) noexcept = default;

    /* The plugin's ABI minor version: 0 and 1 do not draw, 0 does no layout. */
    uint32_t abi_minor() const { return api_ != nullptr ? api_->abi_minor : 0; }

    std::string_view id() const { return detail::view(info_.id); }
    std::string_view version() const { return detail::view(info_.version); }
    const std::vector<Effect> &effects() const { return effects_; }

    /* The effect with this id; throws EFFECT_ERR_UNKNOWN_EFFECT if there is none. */
    const Effect &effect(std::string_view id) const {
        for (const auto &candidate : effects_) {
            if (candidate.id() == id) return candidate;
        }
        throw Error(EFFECT_ERR_UNKNOWN_EFFECT, "no effect '" + std::string(id) + "' in plugin '" + std::string(this->id()) + "'");
    }

private:
    LibraryHandle handle_;
    const effect_plugin_api *api_ = nullptr;
    effect_plugin_info info_{};
    std::vector<Effect> effects_;
};

}  // namespace effect

#include "effect_host.hpp"

#endif /* EFFECT_HPP */
