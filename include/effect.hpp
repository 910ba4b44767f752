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
 * Every failure throws effect::Error, which carries the plugin's status and
 * its one-line message. Library and Instance own their handles (RAII,
 * movable, not copyable); effects and instances keep their library loaded
 * until the last of them is gone.
 * Threading follows effect.h: sampling and the other const calls may run
 * on many threads at once; set() needs exclusive access.
 */
#ifndef EFFECT_HPP
#define EFFECT_HPP

#include "effect.h"

#include <dlfcn.h>

#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
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

/* One param as the plugin describes it. Views stay valid while the Library lives. */
struct Param {
    std::string_view name, unit, doc;
    uint32_t type = 0;
    bool live = false, optional = false;
    double min = 0, max = 0;
    effect_value default_value{};
    std::vector<std::string_view> choices;
};

/* One channel or attribute as the plugin describes it. */
struct Channel {
    std::string_view name, unit, doc;
    uint32_t scope = 0;
    double min = 0, max = 0;
    std::vector<std::string_view> labels;
};

struct Strings {
    std::string_view text, accessibility_label, accessibility_value;
};

struct Element {
    std::string_view text;
    std::vector<double> attributes;
};

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

    /* One frame for time t: global channels, then each element's channels. */
    std::vector<double> sample(double t) const {
        std::vector<double> frame(frame_size());
        sample_into(t, frame.data(), frame.size());
        return frame;
    }

    /* One frame into caller memory that holds `capacity` doubles. */
    void sample_into(double t, double *out, std::size_t capacity) const {
        detail::Call call;
        call.check(api_->sample(handle_, t, out, capacity, &call));
    }

    /* `count` frames for t0, t0 + dt, ..., back to back. */
    std::vector<double> sample_many(double t0, double dt, std::size_t count) const {
        std::vector<double> frames(frame_size() * count);
        sample_many_into(t0, dt, count, frames.data(), frames.size());
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
        if (api_->struct_size < sizeof(effect_plugin_api) || api_->layout == nullptr) {
            throw Error(EFFECT_ERR_UNSUPPORTED, "the plugin predates ABI 1.1 and does no layout");
        }
        if (sizes.size() % 2 != 0) throw Error(EFFECT_ERR_RANGE, "sizes must hold a width and a height for every item");
        std::size_t items = sizes.empty() ? info_.layout_item_count : sizes.size() / 2;
        std::vector<double> out(EFFECT_LAYOUT_HEADER + items * EFFECT_LAYOUT_STRIDE);
        detail::Call call;
        call.check(api_->layout(handle_, sizes.empty() ? nullptr : sizes.data(), static_cast<uint32_t>(items),
                                container_width, out.data(), out.size(), &call));
        return out;
    }

private:
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
    effect_info info_{};
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
        if (api_->abi_major != EFFECT_ABI_MAJOR || api_->abi_minor > EFFECT_ABI_MINOR) {
            throw Error(EFFECT_ERR_INTERNAL, path + ": built for effect ABI " + std::to_string(api_->abi_major) + "." +
                                                 std::to_string(api_->abi_minor) + "; this program speaks " +
                                                 std::to_string(EFFECT_ABI_MAJOR) + "." + std::to_string(EFFECT_ABI_MINOR));
        }
        std::size_t needed = api_->abi_minor == 0 ? EFFECT_PLUGIN_API_SIZE_1_0 : sizeof(effect_plugin_api);
        bool complete = api_->describe && api_->effect_info && api_->param_info && api_->channel_info && api_->create &&
                        api_->destroy && api_->instance_info && api_->element_info && api_->get_param &&
                        api_->set_param && api_->strings && api_->sample && api_->sample_many;
        if (api_->struct_size < needed || !complete) {
            throw Error(EFFECT_ERR_INTERNAL, path + ": its function table is incomplete");
        }
        detail::Call call;
        info_.struct_size = sizeof info_;
        call.check(api_->describe(api_, &info_, &call));
        for (uint32_t i = 0; i < info_.effect_count; i++) effects_.emplace_back(handle_, api_, i);
    }

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

#endif /* EFFECT_HPP */
