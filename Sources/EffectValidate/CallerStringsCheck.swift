import CEffect
import EffectHost

/// Part of the strings check: a string given to `create` or `set_param`
/// is the caller's, valid only during the call (effect.h), so the plugin
/// copies it. Each string param is given in a buffer of the validator's,
/// which is then overwritten: what the instance reports (get_param, its
/// display strings, the text it draws) must not change.
enum CallerStringsCheck {
    /// How many strings were given and overwritten, at create and by set_param.
    static func check(_ plugin: Plugin, _ effect: EffectDescription) throws -> (create: Int, set: Int) {
        var given = (create: 0, set: 0)
        for param in effect.params where param.type == .string {
            let text: String
            if case let .string(value) = param.defaultValue, !value.isEmpty { text = value } else { text = "validate" }
            let buffer = CallerBuffer(text)
            defer { buffer.free() }
            if let handle = try create(plugin, effect, param, buffer) {
                defer { _ = RunningCall.during("destroy") { plugin.table.pointee.destroy!(handle) } }
                try compare(plugin, handle, param, buffer, "create") { "\(effect.id): given '\(param.name)' at create" }
                given.create += 1
            }
            guard param.isLive else { continue }
            let live = try plugin.instantiate(effect)
            buffer.restore()
            var value = effect_value(type: EFFECT_TYPE_STRING, reserved: 0, number: 0, integer: 0, string: UnsafePointer(buffer.pointer))
            var error = effect_error()
            error.struct_size = UInt32(MemoryLayout<effect_error>.size)
            let status = RunningCall.during("set_param") {
                plugin.table.pointee.set_param!(live.rawHandle, param.name, &value, 0, &error)
            }
            guard status == EFFECT_OK else { continue }  // a value it refuses live: bad-input names refusals
            try compare(plugin, live.rawHandle, param, buffer, "set_param") { "\(effect.id): set_param of '\(param.name)'" }
            given.set += 1
        }
        return given
    }

    /// An instance created with the param given in `buffer`, or nil when
    /// the plugin refuses that value.
    private static func create(
        _ plugin: Plugin, _ effect: EffectDescription, _ param: ParamDescription, _ buffer: CallerBuffer
    ) throws -> OpaquePointer? {
        var instance: OpaquePointer?
        var error = effect_error()
        error.struct_size = UInt32(MemoryLayout<effect_error>.size)
        let value = effect_value(type: EFFECT_TYPE_STRING, reserved: 0, number: 0, integer: 0, string: UnsafePointer(buffer.pointer))
        let status = param.name.withCString { name in
            var setting = effect_param_setting(name: name, value: value)
            return effect.id.withCString { id in
                RunningCall.during("create") { plugin.table.pointee.create!(plugin.table, id, &setting, 1, &instance, &error) }
            }
        }
        return status == EFFECT_OK ? instance : nil
    }

    /// What the instance reports before and after the caller's buffer is
    /// overwritten must be the same.
    private static func compare(
        _ plugin: Plugin, _ handle: OpaquePointer, _ param: ParamDescription, _ buffer: CallerBuffer, _ call: String,
        _ context: () -> String
    ) throws {
        let before = reported(plugin, handle, param)
        buffer.overwrite()
        let after = reported(plugin, handle, param)
        for (what, was) in before {
            let now = after.first { $0.what == what }?.text
            guard now == was else {
                throw CheckFailure(
                    "\(context()), then its buffer overwritten by the caller: \(what) reads \(quoted(now)), not \(quoted(was)); "
                        + "the plugin kept the caller's pointer: copy the string in \(call) (it is the caller's only during the call)")
            }
        }
    }

    private static func quoted(_ text: String?) -> String {
        guard let text else { return "nothing (the call fails or the text is not UTF-8)" }
        return "'\(Terminal.sanitize(String(text.prefix(40))))'"
    }

    /// The param's value, the display strings and the text drawn at t = 0.5.
    private static func reported(_ plugin: Plugin, _ handle: OpaquePointer, _ param: ParamDescription) -> [(what: String, text: String?)] {
        let table = plugin.table
        let t = 0.5
        var error = effect_error()
        error.struct_size = UInt32(MemoryLayout<effect_error>.size)
        var out: [(String, String?)] = []
        var value = effect_value()
        let got = RunningCall.during("get_param") { table.pointee.get_param!(handle, param.name, t, &value, &error) }
        out.append(("get_param '\(param.name)'", got == EFFECT_OK ? PluginString.read(value.string, limit: 1 << 24) : nil))
        var strings = effect_strings()
        strings.struct_size = UInt32(MemoryLayout<effect_strings>.size)
        let read = RunningCall.during("strings") { table.pointee.strings!(handle, t, &strings, &error) }
        for (name, pointer) in [
            ("text", strings.text), ("accessibility_label", strings.accessibility_label), ("accessibility_value", strings.accessibility_value),
        ] {
            out.append(("strings' \(name)", read == EFFECT_OK ? PluginString.read(pointer, limit: 1 << 24) : nil))
        }
        for (index, text) in drawnTexts(plugin, handle, at: t).enumerated() { out.append(("the text of drawn run \(index + 1)", text)) }
        return out
    }

    /// The texts of the display list's runs, in order; none for an effect
    /// that does not draw.
    private static func drawnTexts(_ plugin: Plugin, _ handle: OpaquePointer, at t: Double) -> [String?] {
        guard let draw = plugin.canDraw ? plugin.table.pointee.draw : nil else { return [] }
        var drawing = effect_drawing()
        drawing.struct_size = UInt32(MemoryLayout<effect_drawing>.size)
        _ = RunningCall.during("draw") { draw(handle, t, nil, &drawing, nil, 0, nil) }
        let capacity = Int(min(drawing.item_count, 1 << 20))
        guard capacity > 0 else { return [] }
        var items = [effect_draw_item](repeating: effect_draw_item(), count: capacity)
        drawing.struct_size = UInt32(MemoryLayout<effect_drawing>.size)
        let status = RunningCall.during("draw") { draw(handle, t, nil, &drawing, &items, UInt64(capacity), nil) }
        guard status == EFFECT_OK else { return [] }
        return items.prefix(Int(drawing.item_count)).filter { $0.head.kind == EFFECT_ITEM_TEXT }.map {
            PluginString.read($0.text.text, limit: 1 << 24)
        }
    }
}

/// A NUL-terminated string in memory the validator owns, as a host's
/// would be: it can put the text back, overwrite it (every byte another
/// ASCII letter, so it is still UTF-8 of the same length) and free it.
private final class CallerBuffer {
    let pointer: UnsafeMutablePointer<CChar>
    private let bytes: [CChar]

    init(_ text: String) {
        bytes = Array(text.utf8CString)
        pointer = .allocate(capacity: bytes.count)
        restore()
    }

    func restore() { pointer.update(from: bytes, count: bytes.count) }

    func overwrite() {
        for index in 0..<(bytes.count - 1) { pointer[index] = bytes[index] == 0x78 ? 0x79 : 0x78 }
    }

    func free() { pointer.deallocate() }
}
