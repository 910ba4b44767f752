import CEffect
import Glibc
import MetadataRules

/// Reads a plugin's metadata through its table into host types, checking
/// every count, string and number on the way.
struct MetadataReader {
    let api: UnsafePointer<effect_plugin_api>

    struct Problem: Error {
        let message: String
    }

    func pluginInfo(abiMajor: UInt32, abiMinor: UInt32) throws(Problem) -> (description: PluginDescription, count: UInt32) {
        guard let describe = api.pointee.describe else { throw Problem(message: "describe is NULL") }
        var info = effect_plugin_info()
        info.struct_size = UInt32(MemoryLayout<effect_plugin_info>.size)
        try invoke("describe", "describe") { describe(api, &info, $0) }
        guard info.effect_count >= 1, info.effect_count <= MetadataRules.Limits.effects else {
            throw Problem(
                message:
                    "describe reports \(MetadataRules.count(Int(info.effect_count), "effect")); a plugin has 1 to \(MetadataRules.count(MetadataRules.Limits.effects))")
        }
        let description = PluginDescription(
            id: try text(info.id, "plugin id"), name: try text(info.name, "plugin name"),
            version: try text(info.version, "plugin version"), author: try text(info.author, "plugin author"),
            license: try text(info.license, "plugin license"), summary: try text(info.summary, "plugin summary"),
            abiMajor: abiMajor, abiMinor: abiMinor)
        return (description, info.effect_count)
    }

    func effects(count: UInt32) throws(Problem) -> [EffectDescription] {
        var effects: [EffectDescription] = []
        for index in 0..<count { effects.append(try effect(index)) }
        return effects
    }

    private func effect(_ index: UInt32) throws(Problem) -> EffectDescription {
        guard let effectInfo = api.pointee.effect_info else { throw Problem(message: "effect_info is NULL") }
        var info = effect_info()
        info.struct_size = UInt32(MemoryLayout<effect_info>.size)
        try invoke("effect_info", "effect_info(\(index))") { effectInfo(api, index, &info, $0) }
        let id = try text(info.id, "effect \(index) id")
        guard info.param_count <= MetadataRules.Limits.params else {
            throw Problem(
                message:
                    "effect '\(id)' reports \(MetadataRules.count(Int(info.param_count), "param")); an effect has at most \(MetadataRules.count(MetadataRules.Limits.params))")
        }
        let channelCount =
            UInt64(info.global_channel_count) + UInt64(info.element_channel_count) + UInt64(info.attribute_count)
        guard channelCount <= UInt64(MetadataRules.Limits.channels) else {
            throw Problem(
                message:
                    "effect '\(id)' reports \(MetadataRules.count(Int(channelCount), "channel")); an effect has at most \(MetadataRules.count(MetadataRules.Limits.channels))")
        }
        var params: [ParamDescription] = []
        for param in 0..<info.param_count { params.append(try self.param(effect: index, param, of: id)) }
        var channels: [ChannelDescription] = []
        for channel in 0..<UInt32(channelCount) { channels.append(try self.channel(effect: index, channel, of: id)) }
        let global = Int(info.global_channel_count)
        let element = Int(info.element_channel_count)
        let expected: [ChannelScope] =
            Array(repeating: .global, count: global) + Array(repeating: .element, count: element)
            + Array(repeating: .attribute, count: Int(info.attribute_count))
        guard channels.map(\.scope) == expected else {
            throw Problem(message: "effect '\(id)' lists its channels out of scope order")
        }
        return EffectDescription(
            index: index, id: id, name: try text(info.name, "effect '\(id)' name"),
            summary: try text(info.summary, "effect '\(id)' summary"),
            elementNoun: try text(info.element_noun, "effect '\(id)' element noun"),
            timingKinds: TimingKinds(rawValue: info.timing_kinds),
            timingDoc: try text(info.timing_doc, "effect '\(id)' timing doc"),
            credit: try text(info.credit, "effect '\(id)' credit"),
            params: params,
            channels: Array(channels[0..<global]),
            elementChannels: Array(channels[global..<(global + element)]),
            attributes: Array(channels[(global + element)...]))
    }

    private func param(effect: UInt32, _ index: UInt32, of id: String) throws(Problem) -> ParamDescription {
        guard let paramInfo = api.pointee.param_info else { throw Problem(message: "param_info is NULL") }
        var info = effect_param_info()
        info.struct_size = UInt32(MemoryLayout<effect_param_info>.size)
        try invoke("param_info", "param_info") { paramInfo(api, effect, index, &info, $0) }
        let name = try text(info.name, "a param name of '\(id)'")
        let context = "param '\(name)' of '\(id)'"
        let type: ParamType
        switch info.type {
        case EFFECT_TYPE_NUMBER: type = .number
        case EFFECT_TYPE_INTEGER: type = .integer
        case EFFECT_TYPE_BOOL: type = .bool
        case EFFECT_TYPE_ENUM: type = .choice
        case EFFECT_TYPE_STRING: type = .string
        case EFFECT_TYPE_COLOR: type = .color
        default: throw Problem(message: "\(context) has unknown type \(info.type)")
        }
        var choices: [String] = []
        if type == .choice {
            guard info.choice_count >= 1, info.choice_count <= MetadataRules.Limits.choices, let names = info.choices else {
                throw Problem(message: "\(context) is an enum without valid choices")
            }
            for choice in 0..<Int(info.choice_count) { choices.append(try text(names[choice], "a choice of \(context)")) }
        }
        // Whether the range and default are acceptable is MetadataRules'
        // to say, once the whole plugin is read.
        let range = (type == .number || type == .integer) && info.min <= info.max ? info.min...info.max : nil
        let known = EFFECT_PARAM_LIVE | EFFECT_PARAM_OPTIONAL | EFFECT_PARAM_MULTILINE
        guard info.flags & ~known == 0 else {
            throw Problem(message: "\(context) has unknown flags 0x\(String(info.flags & ~known, radix: 16))")
        }
        let isOptional = info.flags & EFFECT_PARAM_OPTIONAL != 0
        let defaultValue = try value(info.default_value, type: type, choices: choices, context: "the default of \(context)")
        // Which types and minors may carry the flag is MetadataRules' to say.
        return ParamDescription(
            name: name, type: type, isLive: info.flags & EFFECT_PARAM_LIVE != 0, isOptional: isOptional,
            unit: try text(info.unit, "the unit of \(context)"), doc: try text(info.doc, "the doc of \(context)"),
            range: range, defaultValue: defaultValue, choices: choices, isMultiline: info.flags & EFFECT_PARAM_MULTILINE != 0)
    }

    private func channel(effect: UInt32, _ index: UInt32, of id: String) throws(Problem) -> ChannelDescription {
        guard let channelInfo = api.pointee.channel_info else { throw Problem(message: "channel_info is NULL") }
        var info = effect_channel_info()
        info.struct_size = UInt32(MemoryLayout<effect_channel_info>.size)
        try invoke("channel_info", "channel_info") { channelInfo(api, effect, index, &info, $0) }
        let name = try text(info.name, "a channel name of '\(id)'")
        let context = "channel '\(name)' of '\(id)'"
        let scope: ChannelScope
        switch info.scope {
        case EFFECT_SCOPE_GLOBAL: scope = .global
        case EFFECT_SCOPE_ELEMENT: scope = .element
        case EFFECT_SCOPE_ATTRIBUTE: scope = .attribute
        default: throw Problem(message: "\(context) has unknown scope \(info.scope)")
        }
        guard !info.min.isNaN, !info.max.isNaN, info.min <= info.max else {
            throw Problem(message: "\(context) has an invalid range")
        }
        var labels: [String] = []
        if info.label_count > 0 {
            guard info.label_count <= MetadataRules.Limits.choices, let names = info.labels else {
                throw Problem(message: "\(context) has invalid labels")
            }
            for label in 0..<Int(info.label_count) { labels.append(try text(names[label], "a label of \(context)")) }
        }
        return ChannelDescription(
            name: name, scope: scope, unit: try text(info.unit, "the unit of \(context)"),
            doc: try text(info.doc, "the doc of \(context)"), range: info.min...info.max,
            isDiscrete: info.flags & EFFECT_CHANNEL_DISCRETE != 0, isCounter: info.flags & EFFECT_CHANNEL_COUNTER != 0,
            labels: labels)
    }

    func value(_ raw: effect_value, type: ParamType, choices: [String], context: String) throws(Problem) -> Value {
        switch raw.type {
        case EFFECT_TYPE_NONE: return .none
        case EFFECT_TYPE_NUMBER where type == .number:
            guard raw.number.isFinite else { throw Problem(message: "\(context) is not finite") }
            return .number(raw.number)
        case EFFECT_TYPE_INTEGER where type == .integer: return .integer(raw.integer)
        case EFFECT_TYPE_BOOL where type == .bool: return .bool(raw.integer != 0)
        case EFFECT_TYPE_ENUM where type == .choice:
            if let name = PluginString.read(raw.string), choices.contains(name) { return .choice(name) }
            guard raw.integer >= 0, raw.integer < Int64(choices.count) else {
                throw Problem(message: "\(context) names no choice")
            }
            return .choice(choices[Int(raw.integer)])
        case EFFECT_TYPE_STRING where type == .string:
            return .string(try text(raw.string, context, limit: 1 << 30))
        case EFFECT_TYPE_COLOR where type == .color:
            guard raw.integer >= 0, raw.integer <= 0xFFFF_FFFF else { throw Problem(message: "\(context) is not a colour") }
            return .color(UInt32(raw.integer))
        default:
            throw Problem(message: "\(context) has value type \(raw.type), which does not fit a \(type.rawValue) param")
        }
    }

    private func text(_ pointer: UnsafePointer<CChar>?, _ what: String, limit: Int = PluginString.metadataLimit)
        throws(Problem) -> String
    {
        guard let pointer else { throw Problem(message: "\(what) is NULL") }
        guard let string = PluginString.read(pointer, limit: limit) else {
            if strnlen(pointer, limit) >= limit {
                throw Problem(message: "\(what) is longer than \(limit) bytes (or not NUL-terminated)")
            }
            throw Problem(message: "\(what) is not valid UTF-8")
        }
        return string
    }

    private func invoke(
        _ function: StaticString, _ context: String, _ body: (UnsafeMutablePointer<effect_error>) -> Int32
    ) throws(Problem) {
        do {
            try call(function, body)
        } catch {
            throw Problem(message: "\(context) failed: \(error.message)")
        }
    }
}

extension Value {
    /// The numeric value of a number or integer.
    var number: Double? {
        switch self {
        case let .number(x): x
        case let .integer(x): Double(x)
        default: nil
        }
    }
}
