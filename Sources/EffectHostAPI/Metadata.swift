import CEffect
import CEffectHost
import EffectHost
import Glibc

/// A plugin's metadata as the host read and checked it when the plugin was
/// opened, in effect.h's own structs, every string and array the host's
/// copy: built once, then only read, so any number of threads may read it.
final class CMetadata {
    private let strings = CStrings()
    private var arrays: [UnsafeMutablePointer<UnsafePointer<CChar>?>] = []
    let plugin: effect_plugin_info
    let effects: [effect_info]
    let params: [[effect_param_info]]
    let defaultTexts: [[UnsafePointer<CChar>]]
    /// Each effect's channels in effect.h's order: global, element, attributes.
    let channels: [[effect_channel_info]]

    init(_ loaded: Plugin) {
        let keep = strings.keep
        let info = loaded.info
        plugin = effect_plugin_info(
            struct_size: UInt32(MemoryLayout<effect_plugin_info>.size), effect_count: UInt32(loaded.effects.count),
            id: keep(info.id), name: keep(info.name), version: keep(info.version), author: keep(info.author),
            license: keep(info.license), summary: keep(info.summary))
        var arrays: [UnsafeMutablePointer<UnsafePointer<CChar>?>] = []
        func array(_ names: [String]) -> UnsafePointer<UnsafePointer<CChar>?>? {
            guard !names.isEmpty else { return nil }
            let pointers = UnsafeMutablePointer<UnsafePointer<CChar>?>.allocate(capacity: names.count)
            for (index, name) in names.enumerated() { (pointers + index).initialize(to: keep(name)) }
            arrays.append(pointers)
            return UnsafePointer(pointers)
        }
        effects = loaded.effects.map { effect in
            effect_info(
                struct_size: UInt32(MemoryLayout<effect_info>.size), param_count: UInt32(effect.params.count),
                global_channel_count: UInt32(effect.channels.count), element_channel_count: UInt32(effect.elementChannels.count),
                attribute_count: UInt32(effect.attributes.count), timing_kinds: effect.timingKinds.rawValue, id: keep(effect.id),
                name: keep(effect.name), summary: keep(effect.summary), element_noun: keep(effect.elementNoun),
                timing_doc: keep(effect.timingDoc), credit: keep(effect.credit))
        }
        params = loaded.effects.map { effect in
            effect.params.map { param in
                var defaultValue = raw(param.defaultValue, keep: keep)
                if case let .choice(name) = param.defaultValue { defaultValue.integer = Int64(param.choices.firstIndex(of: name) ?? 0) }
                let flags =
                    (param.isLive ? EFFECT_PARAM_LIVE : 0) | (param.isOptional ? EFFECT_PARAM_OPTIONAL : 0)
                    | (param.isMultiline ? EFFECT_PARAM_MULTILINE : 0)
                return effect_param_info(
                    struct_size: UInt32(MemoryLayout<effect_param_info>.size), type: param.type.code, flags: flags,
                    choice_count: UInt32(param.choices.count), name: keep(param.name), unit: keep(param.unit), doc: keep(param.doc),
                    choices: array(param.choices), min: param.range?.lowerBound ?? 0, max: param.range?.upperBound ?? 0,
                    default_value: defaultValue)
            }
        }
        defaultTexts = loaded.effects.map { effect in effect.params.map { keep($0.defaultValue.text) } }
        channels = loaded.effects.map { effect in
            effect.channels.map { ($0, EFFECT_SCOPE_GLOBAL) } + effect.elementChannels.map { ($0, EFFECT_SCOPE_ELEMENT) }
                + effect.attributes.map { ($0, EFFECT_SCOPE_ATTRIBUTE) }
        }.map { scoped in
            scoped.map { channel, scope in
                effect_channel_info(
                    struct_size: UInt32(MemoryLayout<effect_channel_info>.size), scope: scope,
                    flags: (channel.isDiscrete ? EFFECT_CHANNEL_DISCRETE : 0) | (channel.isCounter ? EFFECT_CHANNEL_COUNTER : 0),
                    label_count: UInt32(channel.labels.count), name: keep(channel.name), unit: keep(channel.unit),
                    doc: keep(channel.doc), labels: array(channel.labels), min: channel.range.lowerBound,
                    max: channel.range.upperBound)
            }
        }
        self.arrays = arrays
    }

    deinit {
        for pointers in arrays { pointers.deallocate() }
    }

    func effectIndex(_ index: UInt32) throws(Failure) -> Int {
        guard index < effects.count else {
            throw Failure(EFFECT_ERR_INDEX, "effect index \(index) is out of range (the plugin has \(effects.count))")
        }
        return Int(index)
    }

    func paramIndex(_ index: UInt32, of effect: Int) throws(Failure) -> Int {
        guard index < params[effect].count else {
            throw Failure(EFFECT_ERR_INDEX, "param index \(index) is out of range ('\(loadedIDs[effect])' has \(params[effect].count))")
        }
        return Int(index)
    }

    private var loadedIDs: [String] { effects.map { String(cString: $0.id) } }
}

extension ParamType {
    /// effect.h's EFFECT_TYPE_* for the type.
    var code: UInt32 {
        switch self {
        case .number: EFFECT_TYPE_NUMBER
        case .integer: EFFECT_TYPE_INTEGER
        case .bool: EFFECT_TYPE_BOOL
        case .choice: EFFECT_TYPE_ENUM
        case .string: EFFECT_TYPE_STRING
        case .color: EFFECT_TYPE_COLOR
        }
    }
}

/// Copies `value` into the caller's "out" struct as effect.h's out structs
/// are filled: no more bytes than its struct_size (refused below the
/// struct's ABI 1.0 size, which these structs still have), and struct_size
/// then says how many were written.
private func fill<T>(_ out: UnsafeMutablePointer<T>?, with value: T, named name: String) throws(Failure) {
    guard let out else { throw .null("out") }
    let given = Int(UnsafeRawPointer(out).load(as: UInt32.self))
    guard given >= MemoryLayout<T>.size else {
        throw Failure(EFFECT_ERR_STRUCT_SIZE, "\(name).struct_size is \(given), less than its size of \(MemoryLayout<T>.size) bytes")
    }
    var value = value
    withUnsafeMutableBytes(of: &value) { bytes in
        bytes.storeBytes(of: UInt32(MemoryLayout<T>.size), as: UInt32.self)
        UnsafeMutableRawPointer(out).copyMemory(from: bytes.baseAddress!, byteCount: MemoryLayout<T>.size)
    }
}

private func metadata(_ plugin: OpaquePointer?) throws(Failure) -> (PluginBox, CMetadata) {
    let box: PluginBox = try object(plugin, "plugin")
    return (box, box.metadata)
}

@_cdecl("effect_host_plugin_describe")
public func effect_host_plugin_describe(
    _ plugin: OpaquePointer?, _ out: UnsafeMutablePointer<effect_plugin_info>?, _ error: UnsafeMutablePointer<effect_error>?
) -> Int32 {
    answer(error) {
        let (_, metadata) = try metadata(plugin)
        try fill(out, with: metadata.plugin, named: "effect_plugin_info")
    }
}

@_cdecl("effect_host_plugin_effect")
public func effect_host_plugin_effect(
    _ plugin: OpaquePointer?, _ effect: UInt32, _ out: UnsafeMutablePointer<effect_info>?,
    _ error: UnsafeMutablePointer<effect_error>?
) -> Int32 {
    answer(error) {
        let (_, metadata) = try metadata(plugin)
        try fill(out, with: metadata.effects[try metadata.effectIndex(effect)], named: "effect_info")
    }
}

@_cdecl("effect_host_plugin_find_effect")
public func effect_host_plugin_find_effect(
    _ plugin: OpaquePointer?, _ id: UnsafePointer<CChar>?, _ index: UnsafeMutablePointer<UInt32>?,
    _ error: UnsafeMutablePointer<effect_error>?
) -> Int32 {
    answer(error) {
        let (box, _) = try metadata(plugin)
        let id = try text(id, "effect_id")
        guard let index else { throw Failure.null("index") }
        index.pointee = try effect(id, of: box.plugin).index
    }
}

@_cdecl("effect_host_plugin_param")
public func effect_host_plugin_param(
    _ plugin: OpaquePointer?, _ effect: UInt32, _ param: UInt32, _ out: UnsafeMutablePointer<effect_param_info>?,
    _ error: UnsafeMutablePointer<effect_error>?
) -> Int32 {
    answer(error) {
        let (_, metadata) = try metadata(plugin)
        let effect = try metadata.effectIndex(effect)
        try fill(out, with: metadata.params[effect][try metadata.paramIndex(param, of: effect)], named: "effect_param_info")
    }
}

@_cdecl("effect_host_plugin_find_param")
public func effect_host_plugin_find_param(
    _ plugin: OpaquePointer?, _ effectIndex: UInt32, _ name: UnsafePointer<CChar>?, _ index: UnsafeMutablePointer<UInt32>?,
    _ error: UnsafeMutablePointer<effect_error>?
) -> Int32 {
    answer(error) {
        let (box, metadata) = try metadata(plugin)
        let description = box.plugin.effects[try metadata.effectIndex(effectIndex)]
        let name = try text(name, "name")
        guard let index else { throw Failure.null("index") }
        let found = try param(name, of: description)
        index.pointee = UInt32(description.params.firstIndex { $0.name == found.name }!)
    }
}

@_cdecl("effect_host_plugin_param_default_text")
public func effect_host_plugin_param_default_text(_ plugin: OpaquePointer?, _ effect: UInt32, _ param: UInt32) -> UnsafePointer<CChar>? {
    guard let (_, metadata) = try? metadata(plugin), let effect = try? metadata.effectIndex(effect),
        let param = try? metadata.paramIndex(param, of: effect)
    else { return nil }
    return metadata.defaultTexts[effect][param]
}

@_cdecl("effect_host_plugin_parse_value")
public func effect_host_plugin_parse_value(
    _ plugin: OpaquePointer?, _ effect: UInt32, _ param: UInt32, _ valueText: UnsafePointer<CChar>?,
    _ out: UnsafeMutablePointer<effect_value>?, _ error: UnsafeMutablePointer<effect_error>?
) -> Int32 {
    answer(error) {
        let (box, metadata) = try metadata(plugin)
        let effect = try metadata.effectIndex(effect)
        let param = try metadata.paramIndex(param, of: effect)
        let given = try text(valueText, "text")
        guard let out else { throw Failure.null("out") }
        let description = box.plugin.effects[effect].params[param]
        let info = metadata.params[effect][param]
        var value = effect_value()
        switch try description.parse(given) {
        case .none: value.type = EFFECT_TYPE_NONE
        case let .number(x): (value.type, value.number) = (EFFECT_TYPE_NUMBER, x)
        case let .integer(x): (value.type, value.integer) = (EFFECT_TYPE_INTEGER, x)
        case let .bool(x): (value.type, value.integer) = (EFFECT_TYPE_BOOL, x ? 1 : 0)
        case let .color(x): (value.type, value.integer) = (EFFECT_TYPE_COLOR, Int64(x))
        case let .choice(name):
            // The host's copy of the choice's name, which lives as the plugin does.
            let index = description.choices.firstIndex(of: name)!
            (value.type, value.integer, value.string) = (EFFECT_TYPE_ENUM, Int64(index), info.choices![index])
        case .string:
            // The text is the value: the caller's own string.
            (value.type, value.string) = (EFFECT_TYPE_STRING, valueText)
        }
        out.pointee = value
    }
}

@_cdecl("effect_host_plugin_channel")
public func effect_host_plugin_channel(
    _ plugin: OpaquePointer?, _ effect: UInt32, _ channel: UInt32, _ out: UnsafeMutablePointer<effect_channel_info>?,
    _ error: UnsafeMutablePointer<effect_error>?
) -> Int32 {
    answer(error) {
        let (_, metadata) = try metadata(plugin)
        let effect = try metadata.effectIndex(effect)
        let channels = metadata.channels[effect]
        guard channel < channels.count else {
            throw Failure(EFFECT_ERR_INDEX, "channel index \(channel) is out of range (the effect has \(channels.count))")
        }
        try fill(out, with: channels[Int(channel)], named: "effect_channel_info")
    }
}

@_cdecl("effect_host_closest")
public func effect_host_closest(
    _ word: UnsafePointer<CChar>?, _ candidates: UnsafePointer<UnsafePointer<CChar>?>?, _ count: UInt32
) -> UnsafePointer<CChar>? {
    guard let word, let given = String(validatingCString: word), let candidates else { return nil }
    var texts: [String] = []
    var pointers: [UnsafePointer<CChar>] = []
    for index in 0..<Int(count) {
        guard let pointer = candidates[index], let candidate = String(validatingCString: pointer) else { continue }
        texts.append(candidate)
        pointers.append(pointer)
    }
    guard let closest = closestMatch(to: given, among: texts) else { return nil }
    return pointers[texts.firstIndex(of: closest)!]
}

@_cdecl("effect_host_parse_color")
public func effect_host_parse_color(
    _ colorText: UnsafePointer<CChar>?, _ rgba: UnsafeMutablePointer<UInt32>?, _ error: UnsafeMutablePointer<effect_error>?
) -> Int32 {
    answer(error) {
        let given = try text(colorText, "text")
        guard let rgba else { throw Failure.null("rgba") }
        guard let color = ColorText.parse(given) else {
            throw Failure(EFFECT_ERR_RANGE, "'\(given)' is not a colour: \(ColorText.grammar)")
        }
        rgba.pointee = color
    }
}
