import CEffect
import CEffectHost
import EffectHost
import Glibc

/// An instance the caller holds, with its recipe: its params and the
/// events set since, so the host can make a twin of it (an export's
/// reduced-motion variant) with the same timeline, or make it again with
/// its history edited. Pictures read `instance` on every draw, so they
/// draw the one made again; players hold the one they were made with.
final class InstanceBox {
    private(set) var instance: EffectInstance
    private(set) var recipe: InstanceRecipe
    /// The effect's notes as effect_host_instance_notes hands them out, a
    /// line each: read again after each event, so valid until the next
    /// event or free; nil for none.
    private(set) var notes: UnsafeMutablePointer<CChar>?

    init(_ instance: EffectInstance, params: [(name: String, value: Value)]) throws {
        self.instance = instance
        recipe = InstanceRecipe(plugin: instance.plugin, effect: instance.effect, params: params)
        try readNotes()
    }

    deinit { free(notes) }

    var lastEvent: Double { recipe.lastEvent }

    func set(_ name: String, to value: Value, at t: Double) throws {
        try instance.set(name, to: value, at: t)
        recipe.record(name, value, at: t)
        try readNotes()
    }

    /// As `set`, after the events later than t are taken out and the
    /// instance made again from what is kept (nothing is made again when
    /// none is later). Either every step succeeds or nothing changes.
    func edit(_ name: String, to value: Value, at t: Double) throws {
        guard let rewound = recipe.rewound(to: t) else { return try set(name, to: value, at: t) }
        let remade = try rewound.make()
        try remade.set(name, to: value, at: t)
        var edited = rewound
        edited.record(name, value, at: t)
        try replace(with: remade, recipe: edited)
    }

    /// The param out of the history from the start, the instance made again.
    func forget(_ name: String) throws {
        let forgotten = recipe.forgetting(name)
        try replace(with: try forgotten.make(), recipe: forgotten)
    }

    private func replace(with remade: EffectInstance, recipe edited: InstanceRecipe) throws {
        let remadeNotes = try Self.notes(of: remade)
        (instance, recipe) = (remade, edited)
        free(notes)
        notes = remadeNotes
    }

    private func readNotes() throws {
        let read = try Self.notes(of: instance)
        free(notes)
        notes = read
    }

    private static func notes(of instance: EffectInstance) throws -> UnsafeMutablePointer<CChar>? {
        let lines = try instance.info().notes
        return lines.isEmpty ? nil : strdup(lines.joined(separator: "\n"))
    }
}

/// The effect `id` of `plugin`, or the failure that names it unknown.
func effect(_ id: String, of plugin: Plugin) throws(Failure) -> EffectDescription {
    guard let effect = plugin.effect(id: id) else {
        let ids = plugin.effects.map(\.id)
        throw Failure(EFFECT_ERR_UNKNOWN_EFFECT, "the plugin has no effect '\(id)'\(didYouMean(id, among: ids))")
    }
    return effect
}

/// The param `name` of `effect`, or the failure that names it unknown.
func param(_ name: String, of effect: EffectDescription) throws(Failure) -> ParamDescription {
    do {
        return try InstanceRecipe.param(name, of: effect)
    } catch {
        throw Failure(error)
    }
}

/// The caller's C value as the host's, for `param` (which names an ENUM
/// given by index).
private func value(_ raw: effect_value, for param: ParamDescription?, named name: String) throws(Failure) -> Value {
    switch raw.type {
    case EFFECT_TYPE_NONE: return .none
    case EFFECT_TYPE_NUMBER: return .number(raw.number)
    case EFFECT_TYPE_INTEGER: return .integer(raw.integer)
    case EFFECT_TYPE_BOOL:
        guard raw.integer == 0 || raw.integer == 1 else { throw Failure(EFFECT_ERR_RANGE, "'\(name)': a BOOL value is 0 or 1, not \(raw.integer)") }
        return .bool(raw.integer == 1)
    case EFFECT_TYPE_ENUM:
        if raw.string != nil { return .choice(try text(raw.string, "the value of '\(name)'")) }
        guard let choices = param?.choices, raw.integer >= 0, raw.integer < Int64(choices.count) else {
            throw Failure(EFFECT_ERR_RANGE, "'\(name)' has no choice number \(raw.integer)")
        }
        return .choice(choices[Int(raw.integer)])
    case EFFECT_TYPE_STRING: return .string(try text(raw.string, "the value of '\(name)'"))
    case EFFECT_TYPE_COLOR:
        guard let color = UInt32(exactly: raw.integer) else {
            throw Failure(EFFECT_ERR_RANGE, "'\(name)': a COLOR value is 0 ... 0xFFFFFFFF, not \(raw.integer)")
        }
        return .color(color)
    default: throw Failure(EFFECT_ERR_TYPE, "'\(name)': \(raw.type) is not a value type")
    }
}

/// "NAME=VALUE" read as the command line reads --param.
private func assignment(_ text: String, of effect: EffectDescription) throws(Failure) -> (String, Value) {
    do {
        let (name, value) = try InstanceRecipe.assignment(text)
        return (name, try InstanceRecipe.value(value, for: name, of: effect))
    } catch {
        throw Failure(error)
    }
}

private func create(_ plugin: OpaquePointer?, _ id: UnsafePointer<CChar>?, params: (EffectDescription) throws -> [(String, Value)])
    throws -> InstanceBox
{
    let box: PluginBox = try object(plugin, "plugin")
    let effect = try effect(try text(id, "effect_id"), of: box.plugin)
    let values = try params(effect)
    return try InstanceBox(try box.plugin.instantiate(effect, params: values), params: values)
}

@_cdecl("effect_host_instance_create")
public func effect_host_instance_create(
    _ plugin: OpaquePointer?, _ id: UnsafePointer<CChar>?, _ settings: UnsafePointer<effect_param_setting>?, _ count: UInt32,
    _ out: UnsafeMutablePointer<OpaquePointer?>?, _ error: UnsafeMutablePointer<effect_error>?
) -> Int32 {
    answer(error, making: out) {
        guard count == 0 || settings != nil else { throw Failure.null("settings") }
        return try create(plugin, id) { effect in
            try (0..<Int(count)).map { index in
                let setting = settings![index]
                let name = try text(setting.name, "settings[\(index)].name")
                return (name, try value(setting.value, for: try param(name, of: effect), named: name))
            }
        }
    }
}

@_cdecl("effect_host_instance_create_text")
public func effect_host_instance_create_text(
    _ plugin: OpaquePointer?, _ id: UnsafePointer<CChar>?, _ assignments: UnsafePointer<UnsafePointer<CChar>?>?, _ count: UInt32,
    _ out: UnsafeMutablePointer<OpaquePointer?>?, _ error: UnsafeMutablePointer<effect_error>?
) -> Int32 {
    answer(error, making: out) {
        guard count == 0 || assignments != nil else { throw Failure.null("assignments") }
        return try create(plugin, id) { effect in
            try (0..<Int(count)).map { index in try assignment(try text(assignments![index], "assignments[\(index)]"), of: effect) }
        }
    }
}

@_cdecl("effect_host_instance_handle")
public func effect_host_instance_handle(_ instance: OpaquePointer?) -> OpaquePointer? {
    guard let box: InstanceBox = try? object(instance, "instance") else { return nil }
    return box.instance.rawHandle
}

/// An event's arguments, read: the instance, the param's name, its value.
private func event(_ instance: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ raw: UnsafePointer<effect_value>?)
    throws -> (InstanceBox, String, Value)
{
    let box: InstanceBox = try object(instance, "instance")
    let name = try text(name, "name")
    guard let raw else { throw Failure.null("value") }
    return (box, name, try value(raw.pointee, for: try param(name, of: box.instance.effect), named: name))
}

@_cdecl("effect_host_instance_set_param")
public func effect_host_instance_set_param(
    _ instance: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ raw: UnsafePointer<effect_value>?, _ t: Double,
    _ error: UnsafeMutablePointer<effect_error>?
) -> Int32 {
    answer(error) {
        let (box, name, value) = try event(instance, name, raw)
        try box.set(name, to: value, at: t)
    }
}

@_cdecl("effect_host_instance_edit_param")
public func effect_host_instance_edit_param(
    _ instance: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ raw: UnsafePointer<effect_value>?, _ t: Double,
    _ error: UnsafeMutablePointer<effect_error>?
) -> Int32 {
    answer(error) {
        let (box, name, value) = try event(instance, name, raw)
        try box.edit(name, to: value, at: t)
    }
}

@_cdecl("effect_host_instance_forget_param")
public func effect_host_instance_forget_param(
    _ instance: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ error: UnsafeMutablePointer<effect_error>?
) -> Int32 {
    answer(error) {
        let box: InstanceBox = try object(instance, "instance")
        let name = try text(name, "name")
        try box.forget(try param(name, of: box.instance.effect).name)
    }
}

@_cdecl("effect_host_instance_set_param_text")
public func effect_host_instance_set_param_text(
    _ instance: OpaquePointer?, _ text: UnsafePointer<CChar>?, _ t: Double, _ error: UnsafeMutablePointer<effect_error>?
) -> Int32 {
    answer(error) {
        let box: InstanceBox = try object(instance, "instance")
        let (name, value) = try assignment(try EffectHostAPI.text(text, "assignment"), of: box.instance.effect)
        try box.set(name, to: value, at: t)
    }
}

@_cdecl("effect_host_instance_set_event_text")
public func effect_host_instance_set_event_text(
    _ instance: OpaquePointer?, _ text: UnsafePointer<CChar>?, _ error: UnsafeMutablePointer<effect_error>?
) -> Int32 {
    answer(error) {
        let box: InstanceBox = try object(instance, "instance")
        let given = try EffectHostAPI.text(text, "event")
        do {
            let event = try InstanceRecipe.event(given)
            let value = try InstanceRecipe.value(event.value, for: event.name, of: box.instance.effect)
            try box.set(event.name, to: value, at: event.t)
        } catch let error as RecipeTextError {
            throw Failure(error)
        }
    }
}

@_cdecl("effect_host_instance_span")
public func effect_host_instance_span(
    _ instance: OpaquePointer?, _ seconds: UnsafeMutablePointer<Double>?, _ error: UnsafeMutablePointer<effect_error>?
) -> Int32 {
    answer(error) {
        let box: InstanceBox = try object(instance, "instance")
        guard let seconds else { throw Failure.null("seconds") }
        seconds.pointee = try FrameSpan.seconds(of: box.instance, lastEvent: box.lastEvent)
    }
}

@_cdecl("effect_host_instance_settled_time")
public func effect_host_instance_settled_time(
    _ instance: OpaquePointer?, _ seconds: UnsafeMutablePointer<Double>?, _ error: UnsafeMutablePointer<effect_error>?
) -> Int32 {
    answer(error) {
        let box: InstanceBox = try object(instance, "instance")
        guard let seconds else { throw Failure.null("seconds") }
        seconds.pointee = try FrameSpan.settledMoment(of: box.instance, lastEvent: box.lastEvent)
    }
}

@_cdecl("effect_host_instance_notes")
public func effect_host_instance_notes(_ instance: OpaquePointer?) -> UnsafePointer<CChar>? {
    guard let box: InstanceBox = try? object(instance, "instance") else { return nil }
    return box.notes.map { UnsafePointer($0) }
}

@_cdecl("effect_host_instance_free")
public func effect_host_instance_free(_ instance: OpaquePointer?) {
    release(instance, as: InstanceBox.self)
}
