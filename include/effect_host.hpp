/*
 * effect_host.hpp: the C++17 face of effect_host.h, included by effect.hpp
 * (include that). Every class owns its handle (RAII, movable, not
 * copyable); every failure throws effect::Error with the host's status and
 * one-line message. Objects may be destroyed in any order: the library
 * keeps what each needs alive.
 *
 *   effect::host::Catalog catalog;                         // default plugins, then EFFECT_PLUGIN_PATH
 *   effect::host::Instance strike(catalog.load("strikethrough-reveal"), "strikethrough-reveal", {"duration=0.5"});
 *   effect::host::Picture picture(strike);                 // light look, Inter
 *   picture.draw_pixels(0.16, rgba.data(), w, h, w * 4, EFFECT_HOST_PIXELS_RGBA_STRAIGHT);
 *   effect::host::render(strike, "strike.gif");
 */
#ifndef EFFECT_HOST_HPP
#define EFFECT_HOST_HPP

#include "effect.hpp"

namespace effect {
namespace host {

namespace detail {
template <class T, void (*Free)(T *)>
struct Deleter {
    void operator()(T *handle) const { Free(handle); }
};
template <class T, void (*Free)(T *)>
using Owned = std::unique_ptr<T, Deleter<T, Free>>;

/* A std::function called from C: an exception it throws is kept, to be
 * rethrown once the C call has returned, never thrown through C frames. */
struct Callbacks {
    std::exception_ptr failure;
    /* Runs `body` unless an earlier callback threw; false when one has. */
    template <class Body>
    bool guarded(Body &&body) {
        if (failure) return false;
        try {
            body();
            return true;
        } catch (...) {
            failure = std::current_exception();
            return false;
        }
    }
    void rethrow() const {
        if (failure) std::rethrow_exception(failure);
    }
};

inline std::vector<const char *> c_strings(const std::vector<std::string> &strings) {
    std::vector<const char *> pointers;
    for (const auto &text : strings) pointers.push_back(text.c_str());
    return pointers;
}
}  // namespace detail

/* A plugin loaded by the host's rules (trust, ELF check, version, metadata). */
class Plugin {
public:
    /* flags: EFFECT_HOST_OPEN_ALLOW_UNSAFE, EFFECT_HOST_OPEN_ISOLATED. */
    static Plugin open(const std::string &path, uint32_t flags = 0) {
        effect::detail::Call call;
        effect_host_plugin *raw = nullptr;
        call.check(effect_host_plugin_open(path.c_str(), flags, &raw, &call));
        return Plugin(raw);
    }
    explicit Plugin(effect_host_plugin *owned) : handle_(owned) {}

    /* The plugin's table (effect.h), for sampling of your own. */
    const effect_plugin_api *table() const { return effect_host_plugin_table(handle_.get()); }
    std::string_view path() const { return effect::detail::view(effect_host_plugin_path(handle_.get())); }
    effect_host_plugin *get() const { return handle_.get(); }

    /* What the plugin offers, as the host checked it (effect_host_metadata.h,
     * API 1.4): effect.h's structs, their strings the host's copies, valid
     * while this Plugin lives. Indices are effect.h's. */
    effect_plugin_info describe() const {
        return filled<effect_plugin_info>([&](effect_plugin_info *out, effect_error *error) {
            return effect_host_plugin_describe(handle_.get(), out, error);
        });
    }
    effect_info describe_effect(uint32_t index) const {
        return filled<effect_info>([&](effect_info *out, effect_error *error) {
            return effect_host_plugin_effect(handle_.get(), index, out, error);
        });
    }
    /* Throws EFFECT_ERR_UNKNOWN_EFFECT, suggesting the closest id. */
    uint32_t find_effect(const std::string &id) const {
        effect::detail::Call call;
        uint32_t index = 0;
        call.check(effect_host_plugin_find_effect(handle_.get(), id.c_str(), &index, &call));
        return index;
    }
    effect_param_info describe_param(uint32_t effect_index, uint32_t index) const {
        return filled<effect_param_info>([&](effect_param_info *out, effect_error *error) {
            return effect_host_plugin_param(handle_.get(), effect_index, index, out, error);
        });
    }
    /* Throws EFFECT_ERR_UNKNOWN_PARAM, suggesting the closest name. */
    uint32_t find_param(uint32_t effect_index, const std::string &name) const {
        effect::detail::Call call;
        uint32_t index = 0;
        call.check(effect_host_plugin_find_param(handle_.get(), effect_index, name.c_str(), &index, &call));
        return index;
    }
    /* A param's default as "NAME=VALUE" text takes it ("none" when unset). */
    std::string default_text(uint32_t effect_index, uint32_t index) const {
        const char *text = effect_host_plugin_param_default_text(handle_.get(), effect_index, index);
        if (text == nullptr) throw Error(EFFECT_ERR_INDEX, "no param " + std::to_string(index) + " of effect " + std::to_string(effect_index));
        return text;
    }
    /* `text` read as the param's value by the host's grammar. A STRING's
     * value points into `text`, an ENUM's name into this Plugin. */
    effect_value parse_value(uint32_t effect_index, uint32_t index, const char *text) const {
        effect::detail::Call call;
        effect_value value{};
        call.check(effect_host_plugin_parse_value(handle_.get(), effect_index, index, text, &value, &call));
        return value;
    }
    effect_channel_info describe_channel(uint32_t effect_index, uint32_t index) const {
        return filled<effect_channel_info>([&](effect_channel_info *out, effect_error *error) {
            return effect_host_plugin_channel(handle_.get(), effect_index, index, out, error);
        });
    }

private:
    template <class T, class Read>
    static T filled(Read &&read) {
        effect::detail::Call call;
        T out{};
        out.struct_size = sizeof out;
        call.check(read(&out, &call));
        return out;
    }
    detail::Owned<effect_host_plugin, effect_host_plugin_free> handle_;
};

/* The candidate the host would suggest for `word` ("did you mean"), if one
 * is close. */
inline std::optional<std::string> closest(const std::string &word, const std::vector<std::string> &candidates) {
    std::vector<const char *> pointers = detail::c_strings(candidates);
    const char *found = effect_host_closest(word.c_str(), pointers.data(), static_cast<uint32_t>(pointers.size()));
    if (found == nullptr) return std::nullopt;
    return std::string(found);
}

/* A colour as the host reads every colour: #RRGGBB or #RRGGBBAA, as 0xRRGGBBAA. */
inline uint32_t parse_color(const std::string &text) {
    effect::detail::Call call;
    uint32_t rgba = 0;
    call.check(effect_host_parse_color(text.c_str(), &rgba, &call));
    return rgba;
}

/* The plugins on the search path: `paths`, EFFECT_PLUGIN_PATH when asked,
 * then, unless flags has EFFECT_HOST_CATALOG_NO_DEFAULTS, the ones
 * installed beside the library. */
class Catalog {
public:
    explicit Catalog(const std::vector<std::string> &paths = {}, bool use_environment = true, uint32_t flags = 0) {
        std::vector<const char *> pointers = detail::c_strings(paths);
        effect_host_catalog_options options{};
        options.struct_size = sizeof options;
        options.flags = flags;
        options.paths = pointers.data();
        options.path_count = static_cast<uint32_t>(pointers.size());
        options.use_environment = use_environment ? 1 : 0;
        effect::detail::Call call;
        effect_host_catalog *raw = nullptr;
        call.check(effect_host_catalog_open(&options, &raw, &call));
        handle_.reset(raw);
    }

    /* Every effect found, in search order: its id and its plugin file. */
    std::vector<std::pair<std::string, std::string>> effects() const {
        std::vector<std::pair<std::string, std::string>> found;
        for (uint32_t i = 0; i < effect_host_catalog_effect_count(handle_.get()); i++) {
            found.emplace_back(effect_host_catalog_effect_id(handle_.get(), i), effect_host_catalog_effect_path(handle_.get(), i));
        }
        return found;
    }

    /* The plugin files that were read, in search order. */
    std::vector<std::string> plugins() const {
        std::vector<std::string> paths;
        for (uint32_t i = 0; i < effect_host_catalog_plugin_count(handle_.get()); i++) {
            paths.emplace_back(effect_host_catalog_plugin_path(handle_.get(), i));
        }
        return paths;
    }

    /* The files that could not be used, as "PATH: why". */
    std::vector<std::string> failures() const {
        std::vector<std::string> lines;
        for (uint32_t i = 0; i < effect_host_catalog_failure_count(handle_.get()); i++) {
            lines.emplace_back(effect_host_catalog_failure(handle_.get(), i));
        }
        return lines;
    }

    /* The plugin that offers effect `id`. */
    Plugin load(const std::string &id) const {
        effect::detail::Call call;
        effect_host_plugin *raw = nullptr;
        call.check(effect_host_catalog_load(handle_.get(), id.c_str(), &raw, &call));
        return Plugin(raw);
    }

private:
    detail::Owned<effect_host_catalog, effect_host_catalog_free> handle_;
};

class Drawing;

/* How Instance::drawing draws: what effect_host_draw_options holds. */
struct DrawOptions {
    uint32_t appearance = EFFECT_APPEARANCE_LIGHT;
    double width = 0;                     /* the width proposed to the view; 0: its ideal width */
    Measure measure;                      /* the program's text measurer; empty: effect.h's reference
                                             metrics. What it throws ends the draw and is rethrown. */
};

/* An instance created with the host's text services. */
class Instance {
public:
    /* Params as "NAME=VALUE" text, as `effect-host --param` reads them. */
    Instance(const Plugin &plugin, const std::string &id, const std::vector<std::string> &assignments = {}) {
        std::vector<const char *> pointers = detail::c_strings(assignments);
        effect::detail::Call call;
        effect_host_instance *raw = nullptr;
        call.check(effect_host_instance_create_text(plugin.get(), id.c_str(), pointers.data(),
                                                    static_cast<uint32_t>(pointers.size()), &raw, &call));
        handle_.reset(raw);
    }

    /* Params as typed values. */
    Instance(const Plugin &plugin, const std::string &id, const std::vector<std::pair<std::string, Value>> &params) {
        std::vector<effect_param_setting> settings;
        for (const auto &param : params) settings.push_back({param.first.c_str(), param.second.raw()});
        effect::detail::Call call;
        effect_host_instance *raw = nullptr;
        call.check(effect_host_instance_create(plugin.get(), id.c_str(), settings.data(), static_cast<uint32_t>(settings.size()),
                                               &raw, &call));
        handle_.reset(raw);
    }

    /* An event: from time t on, `name` has `value`. */
    void set(const std::string &name, const Value &value, double t) {
        effect::detail::Call call;
        effect_value raw = value.raw();
        call.check(effect_host_instance_set_param(handle_.get(), name.c_str(), &raw, t, &call));
    }

    /* An event given as "NAME=VALUE" text. */
    void set(const std::string &assignment, double t) {
        effect::detail::Call call;
        call.check(effect_host_instance_set_param_text(handle_.get(), assignment.c_str(), t, &call));
    }

    /* An event set while editing the history, as after seeking back: the
     * events later than t go first and the instance is made again from its
     * params and the events kept (effect_host_instance_edit_param, API
     * 1.6). Without a later event it is set. Refused, nothing changes. */
    void edit(const std::string &name, const Value &value, double t) {
        effect::detail::Call call;
        effect_value raw = value.raw();
        call.check(effect_host_instance_edit_param(handle_.get(), name.c_str(), &raw, t, &call));
    }

    /* The param back to the effect's own default from the start, its value
     * at create and its events taken out, the rest kept
     * (effect_host_instance_forget_param, API 1.6). */
    void forget(const std::string &name) {
        effect::detail::Call call;
        call.check(effect_host_instance_forget_param(handle_.get(), name.c_str(), &call));
    }

    /* How long the effect plays by itself (its end, or entrance and one period). */
    double span() const {
        effect::detail::Call call;
        double seconds = 0;
        call.check(effect_host_instance_span(handle_.get(), &seconds, &call));
        return seconds;
    }

    /* The moment a still shows by default: its end (after its latest event)
     * or where its loop starts, as render decides. Since API 1.7. */
    double settled_time() const {
        effect::detail::Call call;
        double seconds = 0;
        call.check(effect_host_instance_settled_time(handle_.get(), &seconds, &call));
        return seconds;
    }

    /* What the effect says of its params as given (a highlight phrase that
     * matches no word), a line each; empty for none. */
    std::vector<std::string> notes() const {
        std::vector<std::string> lines;
        const char *text = effect_host_instance_notes(handle_.get());
        for (std::string_view rest = text != nullptr ? text : ""; !rest.empty();) {
            size_t end = rest.find('\n');
            lines.emplace_back(rest.substr(0, end));
            rest = end == std::string_view::npos ? std::string_view() : rest.substr(end + 1);
        }
        return lines;
    }

    /* The instance's own display list at t, as its plugin draws it, checked
     * and walked by the host, in the list's coordinates
     * (effect_host_instance_drawing). */
    Drawing drawing(double t, const DrawOptions &options = {}) const;

    /* The plugin's instance, for its table's sample and draw. */
    effect_instance *plugin_instance() const { return effect_host_instance_handle(handle_.get()); }
    effect_host_instance *get() const { return handle_.get(); }

private:
    detail::Owned<effect_host_instance, effect_host_instance_free> handle_;
};

/* How frames look: the appearance, the width offered, the font, the ground. */
struct Look {
    uint32_t appearance = EFFECT_APPEARANCE_LIGHT;
    double width = 0;                     /* 0: render's 432 pt */
    std::string font;                     /* "": Inter with fallbacks; a family, a font file or "reference" */
    uint32_t ground = EFFECT_HOST_GROUND_DEFAULT;
    uint32_t ground_color = 0;            /* 0xRRGGBBAA with EFFECT_HOST_GROUND_COLOR */

    effect_host_look raw() const {
        effect_host_look look{};
        look.struct_size = sizeof look;
        look.appearance = appearance;
        look.width = width;
        look.font = font.empty() ? nullptr : font.c_str();
        look.ground = ground;
        look.ground_color = ground_color;
        return look;
    }
};

/* The frames of an instance, drawn by the host's renderer. */
class Picture {
public:
    explicit Picture(const Instance &instance, const Look &look = {}) {
        effect_host_look raw_look = look.raw();
        effect::detail::Call call;
        effect_host_picture *raw = nullptr;
        call.check(effect_host_picture_create(instance.get(), &raw_look, &raw, &call));
        handle_.reset(raw);
    }

    /* The picture's size in points. */
    std::pair<double, double> size() const {
        effect::detail::Call call;
        double width = 0, height = 0;
        call.check(effect_host_picture_size(handle_.get(), &width, &height, &call));
        return {width, height};
    }

    /* The frame at t into the caller's pixels (see effect_host_picture_draw_pixels). */
    void draw_pixels(double t, void *pixels, uint32_t width, uint32_t height, uint32_t stride,
                     uint32_t layout = EFFECT_HOST_PIXELS_ARGB32_PREMULTIPLIED) {
        effect::detail::Call call;
        call.check(effect_host_picture_draw_pixels(handle_.get(), t, pixels, width, height, stride, layout, &call));
    }

    /* The frame at t into the caller's pixels at `placement`, over them with
     * EFFECT_HOST_PLACE_OVER (see effect_host_picture_draw_pixels_placed). */
    void draw_pixels(double t, void *pixels, uint32_t width, uint32_t height, uint32_t stride, uint32_t layout,
                     const effect_host_placement &placement) {
        effect::detail::Call call;
        call.check(effect_host_picture_draw_pixels_placed(handle_.get(), t, pixels, width, height, stride, layout,
                                                          &placement, &call));
    }

    /* The frame at t into a cairo_t of the caller's, in points from (0, 0). */
    void draw_cairo(double t, void *cairo_context) {
        effect::detail::Call call;
        call.check(effect_host_picture_draw_cairo(handle_.get(), t, cairo_context, &call));
    }

    /* Whether the frame at t would draw otherwise than the last frame
     * drawn: true before any draw (effect_host_picture_changed, API 1.5). A
     * program that keeps its pixels redraws only when it is true. */
    bool changed(double t) {
        effect::detail::Call call;
        int changed = 1;
        call.check(effect_host_picture_changed(handle_.get(), t, &changed, &call));
        return changed != 0;
    }

    /* The frame at t as the picture draws it, checked and walked, in the
     * picture's box (effect_host_picture_drawing). */
    Drawing drawing(double t);

    /* The characters no font could draw, with the package that has them. */
    std::optional<std::string> missing_characters() {
        const char *line = effect_host_picture_missing_characters(handle_.get());
        return line != nullptr ? std::optional<std::string>(line) : std::nullopt;
    }

    /* The family text is drawn in when the look's is not installed. */
    std::optional<std::string> font_note() {
        const char *line = effect_host_picture_font_note(handle_.get());
        return line != nullptr ? std::optional<std::string>(line) : std::nullopt;
    }

private:
    detail::Owned<effect_host_picture, effect_host_picture_free> handle_;
};

/* A frame's display list, checked by the host's reader and walked
 * (effect_host_drawing.h): effect.h's own item structs, each step with its
 * matrix, opacity, saturation and clip resolved. The drawing owns copies
 * of every item and string, so it outlives the instance and picture. */
class Drawing {
public:
    explicit Drawing(effect_host_drawing *raw) : handle_(raw) {}

    /* The list's width, height, bounds and item counts (effect_host_drawing_frame). */
    effect_drawing frame() const {
        effect::detail::Call call;
        effect_drawing out{};
        out.struct_size = sizeof out;
        call.check(effect_host_drawing_frame(handle_.get(), &out, &call));
        return out;
    }

    uint64_t step_count() const { return effect_host_drawing_step_count(handle_.get()); }

    /* Step `index`; its item points into this drawing. */
    effect_host_step step(uint64_t index) const {
        effect::detail::Call call;
        effect_host_step out{};
        out.struct_size = sizeof out;
        call.check(effect_host_drawing_step(handle_.get(), index, &out, &call));
        return out;
    }

    /* Every step, in drawing order. */
    std::vector<effect_host_step> steps() const {
        std::vector<effect_host_step> all;
        for (uint64_t i = 0; i < step_count(); i++) all.push_back(step(i));
        return all;
    }

    uint64_t clip_count() const { return effect_host_drawing_clip_count(handle_.get()); }

    effect_host_clip clip(uint64_t index) const {
        effect::detail::Call call;
        effect_host_clip out{};
        out.struct_size = sizeof out;
        call.check(effect_host_drawing_clip(handle_.get(), index, &out, &call));
        return out;
    }

    effect_host_drawing *get() const { return handle_.get(); }

private:
    detail::Owned<effect_host_drawing, effect_host_drawing_free> handle_;
};

inline Drawing Instance::drawing(double t, const DrawOptions &options) const {
    effect::detail::MeasureBridge bridge;
    bridge.measure = &options.measure;
    effect_host_draw_options raw{};
    raw.struct_size = sizeof raw;
    raw.appearance = options.appearance;
    raw.width = options.width;
    if (options.measure) {
        raw.measure = effect::detail::effect_hpp_measure;
        raw.measure_context = &bridge;
    }
    effect::detail::Call call;
    effect_host_drawing *out = nullptr;
    effect_status status = effect_host_instance_drawing(handle_.get(), t, &raw, &out, &call);
    Drawing drawing(out);
    if (bridge.failure) std::rethrow_exception(bridge.failure);
    call.check(status);
    return drawing;
}

inline Drawing Picture::drawing(double t) {
    effect::detail::Call call;
    effect_host_drawing *out = nullptr;
    call.check(effect_host_picture_drawing(handle_.get(), t, &out, &call));
    return Drawing(out);
}

/* What render() takes beyond the path; the defaults are render's. */
struct RenderOptions {
    uint32_t flags = 0;                   /* EFFECT_HOST_RENDER_* */
    double fps = 0;                       /* 0: 30, render's */
    double duration = 0;                  /* 0: the effect's span */
    double time = 0;                      /* a still's moment, with EFFECT_HOST_RENDER_AT_TIME */
    double scale = 0;                     /* 0: 2 pixels a point */
    uint32_t pixel_width = 0, pixel_height = 0;
    std::function<void(uint64_t done, uint64_t total)> progress;
    std::function<bool()> cancel;         /* true: stop */
    std::function<void(const std::string &line)> note;
};

namespace detail {
struct RenderBridge : Callbacks {
    const RenderOptions *options;
    explicit RenderBridge(const RenderOptions *given) : options(given) {}
    static void progress(void *context, uint64_t done, uint64_t total) {
        auto *self = static_cast<RenderBridge *>(context);
        self->guarded([&] { self->options->progress(done, total); });
    }
    static int cancel(void *context) {
        auto *self = static_cast<RenderBridge *>(context);
        bool stop = false;
        if (!self->guarded([&] { stop = self->options->cancel && self->options->cancel(); })) return 1;
        return stop ? 1 : 0;
    }
    static void note(void *context, const char *line) {
        auto *self = static_cast<RenderBridge *>(context);
        self->guarded([&] { self->options->note(line); });
    }
};
}  // namespace detail

/* The instance's frames to `path`, as `effect-host render -o` writes them. */
inline void render(const Instance &instance, const std::string &path, const RenderOptions &options = {}, const Look &look = {}) {
    detail::RenderBridge bridge(&options);
    effect_host_render_options raw{};
    raw.struct_size = sizeof raw;
    raw.flags = options.flags;
    raw.fps = options.fps;
    raw.duration = options.duration;
    raw.time = options.time;
    raw.scale = options.scale;
    raw.pixel_width = options.pixel_width;
    raw.pixel_height = options.pixel_height;
    raw.progress = options.progress ? detail::RenderBridge::progress : nullptr;
    // Asked even without a cancel function: a callback that threw ends the render.
    raw.cancel = detail::RenderBridge::cancel;
    raw.note = options.note ? detail::RenderBridge::note : nullptr;
    raw.context = &bridge;
    effect_host_look raw_look = look.raw();
    effect::detail::Call call;
    effect_status status = effect_host_render(instance.get(), path.c_str(), &raw_look, &raw, &call);
    bridge.rethrow();
    call.check(status);
}

/* What export_to() takes beyond the path. */
struct ExportOptions {
    uint32_t flags = 0;                   /* EFFECT_HOST_EXPORT_LOOP */
    double fps = 0;                       /* 0: 60 */
    uint32_t appearances = 0;             /* web page: 1 light, 2 dark, 3 or 0 both */
    std::string name;                     /* web page: class prefix; "": the effect's id */
    std::function<void(const std::string &line)> note;
};

/* The instance's whole timeline as a web page (a directory), Lottie (.json) or dotLottie (.lottie). */
inline void export_to(const Instance &instance, const std::string &path, const ExportOptions &options = {}, const Look &look = {}) {
    RenderOptions notes;
    notes.note = options.note;
    detail::RenderBridge bridge(&notes);
    effect_host_export_options raw{};
    raw.struct_size = sizeof raw;
    raw.flags = options.flags;
    raw.fps = options.fps;
    raw.appearances = options.appearances;
    raw.name = options.name.empty() ? nullptr : options.name.c_str();
    raw.note = options.note ? detail::RenderBridge::note : nullptr;
    raw.context = &bridge;
    effect_host_look raw_look = look.raw();
    effect::detail::Call call;
    effect_status status = effect_host_export(instance.get(), path.c_str(), &raw_look, &raw, &call);
    bridge.rethrow();
    call.check(status);
}

/* One check's outcome. */
struct CheckResult {
    std::string path, check, status, reason;
};

/* The conformance report of `effect-host validate`. */
class Report {
public:
    explicit Report(effect_host_report *owned) : handle_(owned) {}
    bool failed() const { return effect_host_report_failed(handle_.get()) != 0; }
    std::string json() const { return std::string(effect::detail::view(effect_host_report_json(handle_.get()))); }
    std::vector<CheckResult> checks() const {
        std::vector<CheckResult> results;
        for (uint32_t i = 0; i < effect_host_report_check_count(handle_.get()); i++) {
            effect_host_check_result raw{};
            raw.struct_size = sizeof raw;
            effect::detail::Call call;
            call.check(effect_host_report_check(handle_.get(), i, &raw, &call));
            results.push_back({raw.path, raw.check, raw.status, raw.reason});
        }
        return results;
    }

private:
    detail::Owned<effect_host_report, effect_host_report_free> handle_;
};

/* Every check of every file, each in a child process. flags: EFFECT_HOST_VALIDATE_*. */
inline Report validate(const std::vector<std::string> &paths, uint32_t flags = 0, uint64_t seed = 1, double timeout = 0) {
    std::vector<const char *> pointers = detail::c_strings(paths);
    effect_host_validate_options options{};
    options.struct_size = sizeof options;
    options.flags = flags;
    options.seed = seed;
    options.timeout = timeout;
    effect::detail::Call call;
    effect_host_report *raw = nullptr;
    call.check(effect_host_validate(pointers.data(), static_cast<uint32_t>(pointers.size()), &options, &raw, &call));
    return Report(raw);
}

/* Plays an instance on the host's Dispatch timer; `frame` runs on the
 * player's own thread once per frame and returns false to stop. */
class Player {
public:
    using FrameFunction = std::function<bool(const effect_host_frame &frame)>;

    Player(const Instance &instance, FrameFunction frame, double fps = 60, double duration = 0, uint32_t flags = 0)
        : bridge_(new Bridge{{}, std::move(frame)}) {
        effect_host_play_options options{};
        options.struct_size = sizeof options;
        options.flags = flags;
        options.fps = fps;
        options.duration = duration;
        options.frame = Bridge::call;
        options.context = bridge_.get();
        effect::detail::Call call;
        effect_host_player *raw = nullptr;
        call.check(effect_host_player_create(instance.get(), &options, &raw, &call));
        handle_.reset(raw);
    }

    /* Plays until the last frame or a stop: (frames shown, frames dropped).
     * A stop throws effect::Error with EFFECT_HOST_ERR_CANCELLED. */
    std::pair<uint64_t, uint64_t> run() {
        effect::detail::Call call;
        uint64_t shown = 0, dropped = 0;
        bridge_->failure = nullptr;
        effect_status status = effect_host_player_run(handle_.get(), &shown, &dropped, &call);
        bridge_->rethrow();
        call.check(status);
        return {shown, dropped};
    }

    /* Ends the run within a frame; safe from any thread or a signal handler. */
    void stop() { effect_host_player_stop(handle_.get()); }

private:
    struct Bridge : detail::Callbacks {
        FrameFunction frame;
        static int call(void *context, const effect_host_frame *frame) {
            auto *self = static_cast<Bridge *>(context);
            bool go_on = false;
            self->guarded([&] { go_on = self->frame(*frame); });
            return go_on ? 0 : 1;
        }
    };
    /* Declared first, destroyed last: the player calls into it until freed. */
    std::unique_ptr<Bridge> bridge_;
    detail::Owned<effect_host_player, effect_host_player_free> handle_;
};

}  // namespace host
}  // namespace effect

#endif /* EFFECT_HOST_HPP */
