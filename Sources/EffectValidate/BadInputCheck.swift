import CEffect
import EffectHost

/// Bad input through the raw table is refused with a status and
/// a message. A crash here is seen by the parent as this check crashing.
enum BadInputCheck {
    static func check(_ plugin: Plugin) throws -> CheckResult {
        let api = plugin.table
        var refusals = 0
        func expectRefusal(_ function: StaticString, _ what: String, _ body: (UnsafeMutablePointer<effect_error>) -> Int32) throws {
            var error = effect_error()
            error.struct_size = UInt32(MemoryLayout<effect_error>.size)
            // Marked, so that a crash in the call is named with it ("during create").
            let status = RunningCall.during(function) { body(&error) }
            guard status != EFFECT_OK else { throw CheckFailure("\(what) was accepted") }
            let message = withUnsafeBytes(of: error.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard error.status == status, !message.isEmpty else {
                throw CheckFailure("\(what) was refused with status \(status) but no message")
            }
            refusals += 1
        }
        let invalidUTF8: [CChar] = [CChar(bitPattern: 0xC3), CChar(bitPattern: 0x28), 0]
        try expectRefusal("create", "create with a NULL effect id") { api.pointee.create!(api, nil, nil, 0, nil, $0) }
        try invalidUTF8.withUnsafeBufferPointer { id in
            try expectRefusal("create", "create with an effect id that is not UTF-8") { error in
                var instance: OpaquePointer?
                return api.pointee.create!(api, id.baseAddress, nil, 0, &instance, error)
            }
        }
        try expectRefusal("describe", "describe into a struct_size of 4") { error in
            var info = effect_plugin_info()
            info.struct_size = 4
            return api.pointee.describe!(api, &info, error)
        }
        try expectRefusal("param_info", "param_info into a struct_size of 4") { error in
            var info = effect_param_info()
            info.struct_size = 4
            return api.pointee.param_info!(api, 0, 0, &info, error)
        }
        try expectRefusal("channel_info", "channel_info into a struct_size of 4") { error in
            var info = effect_channel_info()
            info.struct_size = 4
            return api.pointee.channel_info!(api, 0, 0, &info, error)
        }
        try expectRefusal("effect_info", "effect_info for an index past the last effect") { error in
            var info = effect_info()
            info.struct_size = UInt32(MemoryLayout<effect_info>.size)
            return api.pointee.effect_info!(api, UInt32(plugin.effects.count), &info, error)
        }
        for effect in plugin.effects {
            func create(
                _ name: String, _ value: effect_value, _ error: UnsafeMutablePointer<effect_error>? = nil
            ) -> (Int32, OpaquePointer?) {
                var instance: OpaquePointer?
                let status = name.withCString { name in
                    var setting = effect_param_setting(name: name, value: value)
                    return api.pointee.create!(api, effect.id, &setting, 1, &instance, error)
                }
                return (status, instance)
            }
            func value(_ type: UInt32, number: Double = 0, integer: Int64 = 0) -> effect_value {
                effect_value(type: type, reserved: 0, number: number, integer: integer, string: nil)
            }
            try expectRefusal("create", "\(effect.id): an unknown param") { create("no_such_param", value(EFFECT_TYPE_NUMBER, number: 1), $0).0 }
            for param in effect.params {
                var bad: [(String, effect_value)] = [("a value of type 99", value(99))]
                switch param.type {
                case .number:
                    bad += [("NaN", value(EFFECT_TYPE_NUMBER, number: .nan)), ("infinity", value(EFFECT_TYPE_NUMBER, number: .infinity))]
                    if let range = param.range { bad.append(("a value above its maximum", value(EFFECT_TYPE_NUMBER, number: range.upperBound + 1 + abs(range.upperBound)))) }
                    bad.append(("a bool", value(EFFECT_TYPE_BOOL, integer: 1)))
                case .integer:
                    if let range = param.range, range.upperBound < 9e18 {
                        bad.append(("a value above its maximum", value(EFFECT_TYPE_INTEGER, integer: Int64(range.upperBound) + 1)))
                    }
                    bad.append(("a bool", value(EFFECT_TYPE_BOOL, integer: 1)))
                case .bool: bad += [("the bool 2", value(EFFECT_TYPE_BOOL, integer: 2)), ("a number", value(EFFECT_TYPE_NUMBER, number: 1))]
                case .choice: bad.append(("a choice index past the last", value(EFFECT_TYPE_ENUM, integer: Int64(param.choices.count))))
                case .string: bad.append(("a NULL string", value(EFFECT_TYPE_STRING)))
                case .color: bad.append(("a colour above 0xFFFFFFFF", value(EFFECT_TYPE_COLOR, integer: 1 << 40)))
                }
                for (what, raw) in bad {
                    var created: OpaquePointer?
                    try expectRefusal("create", "\(effect.id): create with param '\(param.name)' given \(what)") { error in
                        let (status, instance) = create(param.name, raw, error)
                        created = instance
                        return status
                    }
                    if let created {
                        _ = RunningCall.during("destroy") { api.pointee.destroy!(created) }
                        throw CheckFailure("\(effect.id): a refused create still returned an instance")
                    }
                    if param.isLive {
                        let live = try plugin.instantiate(effect)
                        try expectRefusal("set_param", "\(effect.id): set_param of '\(param.name)' given \(what)") { error in
                            var value = raw
                            return param.name.withCString { api.pointee.set_param!(live.rawHandle, $0, &value, 1, error) }
                        }
                    }
                }
                if param.type == .string {
                    try invalidUTF8.withUnsafeBufferPointer { text in
                        try expectRefusal("create", "\(effect.id): param '\(param.name)' given a string that is not UTF-8") { error in
                            var raw = value(EFFECT_TYPE_STRING)
                            raw.string = text.baseAddress
                            return create(param.name, raw, error).0
                        }
                    }
                }
            }
            let instance = try plugin.instantiate(effect)
            let handle = instance.rawHandle
            var frame = [Double](repeating: 0, count: max(1, instance.frameSize) * 4)
            for t in [Double.nan, -1, .infinity, -.infinity] {
                try expectRefusal("sample", "\(effect.id): sample at t = \(t)") { api.pointee.sample!(handle, t, &frame, UInt64(frame.count), $0) }
                try expectRefusal("sample_many", "\(effect.id): sample_many from t = \(t)") {
                    api.pointee.sample_many!(handle, t, 0.1, 1, &frame, UInt64(frame.count), $0)
                }
            }
            try expectRefusal("sample", "\(effect.id): sample into NULL") { api.pointee.sample!(handle, 0, nil, 64, $0) }
            if instance.frameSize > 0 {
                try expectRefusal("sample", "\(effect.id): sample into a zero-capacity buffer") { api.pointee.sample!(handle, 0, &frame, 0, $0) }
            }
            try expectRefusal("sample", "\(effect.id): sample with a NULL instance") { api.pointee.sample!(nil, 0, &frame, 64, $0) }
            try expectRefusal("set_param", "\(effect.id): set_param with a NULL value") { api.pointee.set_param!(handle, "reduce_motion", nil, 0, $0) }
            try expectRefusal("set_param", "\(effect.id): set_param of an unknown param") { error in
                var raw = value(EFFECT_TYPE_BOOL)
                return api.pointee.set_param!(handle, "no_such_param", &raw, 0, error)
            }
            try expectRefusal("get_param", "\(effect.id): get_param of an unknown param") { error in
                var raw = effect_value()
                return api.pointee.get_param!(handle, "no_such_param", 0, &raw, error)
            }
            try expectRefusal("get_param", "\(effect.id): get_param at t = NaN") { error in
                var raw = effect_value()
                return api.pointee.get_param!(handle, "reduce_motion", .nan, &raw, error)
            }
            try expectRefusal("strings", "\(effect.id): strings at t = -1") { error in
                var strings = effect_strings()
                strings.struct_size = UInt32(MemoryLayout<effect_strings>.size)
                return api.pointee.strings!(handle, -1, &strings, error)
            }
            try expectRefusal("strings", "\(effect.id): strings into a struct_size of 4") { error in
                var strings = effect_strings()
                strings.struct_size = 4
                return api.pointee.strings!(handle, 0, &strings, error)
            }
            if instance.frameSize > 0 {
                try expectRefusal("sample_many", "\(effect.id): sample_many of 4 frames into room for 3") {
                    api.pointee.sample_many!(handle, 0, 0.1, 4, &frame, UInt64(min(frame.count, instance.frameSize * 3)), $0)
                }
            }
            if instance.elementCount > 0 {
                try expectRefusal("element_info", "\(effect.id): element_info into a struct_size of 4") { error in
                    var info = effect_element_info()
                    info.struct_size = 4
                    return api.pointee.element_info!(handle, 0, &info, error)
                }
            }
            try expectRefusal("set_param", "\(effect.id): set_param at t = NaN") { error in
                var raw = value(EFFECT_TYPE_BOOL)
                return api.pointee.set_param!(handle, "reduce_motion", &raw, .nan, error)
            }
            try expectRefusal("instance_info", "\(effect.id): instance_info into a struct_size of 4") { error in
                var info = effect_instance_info()
                info.struct_size = 4
                return api.pointee.instance_info!(handle, &info, error)
            }
        }
        if let createWithServices = plugin.createWithServicesFunction {
            for effect in plugin.effects {
                try expectRefusal("create_with_services", "\(effect.id): create_with_services with a services struct_size of 4") { error in
                    var services = effect_host_services()
                    services.struct_size = 4
                    var instance: OpaquePointer?
                    return createWithServices(api, effect.id, nil, 0, &services, &instance, error)
                }
                try createDespiteFailingSegmenter(createWithServices, api, effect)
            }
        }
        return .pass("\(refusals) bad calls refused, each with a status and a message")
    }

    /// A host's segmenter may fail on a text; the plugin then splits it at
    /// white space, and create goes on.
    private static func createDespiteFailingSegmenter(
        _ createWithServices: @convention(c) (
            UnsafePointer<effect_plugin_api>?, UnsafePointer<CChar>?, UnsafePointer<effect_param_setting>?, UInt32,
            UnsafePointer<effect_host_services>?, UnsafeMutablePointer<OpaquePointer?>?, UnsafeMutablePointer<effect_error>?
        ) -> Int32,
        _ api: UnsafePointer<effect_plugin_api>, _ effect: EffectDescription
    ) throws {
        var services = effect_host_services(
            struct_size: UInt32(MemoryLayout<effect_host_services>.size), reserved: 0,
            segment: { _, _, _, _ in EFFECT_ERR_INTERNAL }, segment_context: nil, reserved2: 0)
        var instance: OpaquePointer?
        var error = effect_error()
        error.struct_size = UInt32(MemoryLayout<effect_error>.size)
        let status = RunningCall.during("create_with_services") { createWithServices(api, effect.id, nil, 0, &services, &instance, &error) }
        defer { if let instance { _ = RunningCall.during("destroy") { api.pointee.destroy!(instance) } } }
        guard status == EFFECT_OK, instance != nil else {
            throw CheckFailure(
                "\(effect.id): create_with_services failed (status \(status)) because the host's segmenter did; a plugin splits at white space then")
        }
    }
}
