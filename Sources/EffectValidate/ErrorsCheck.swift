import CEffect
import EffectHost

/// The error and out-structs a caller passes are written as the header
/// says: success leaves status OK and an empty message, a failure its own
/// status and a one-line message; nothing is written outside the bytes the
/// caller said it has, and the struct_size written back claims no more.
enum ErrorsCheck {
    static func check(_ plugin: Plugin) throws -> CheckResult {
        // Fields read through the pointer: a 1.0 plugin's table is shorter
        // than the struct this host knows, so it is never copied whole.
        let table = plugin.table
        var calls = 0
        for effect in plugin.effects {
            let instance = try plugin.instantiate(effect)
            let handle = instance.rawHandle
            var frame = [Double](repeating: 0, count: max(1, instance.frameSize))
            let context = "\(effect.id):"
            func succeeds(_ call: String, _ body: (UnsafeMutablePointer<effect_error>) -> Int32) throws {
                try expectSuccess("\(context) \(call)", body)
                calls += 1
            }
            func fails(_ call: String, _ body: (UnsafeMutablePointer<effect_error>) -> Int32) throws {
                try expectFailure("\(context) \(call)", body)
                calls += 1
            }
            try succeeds("sample at t = 0.5") { error in
                frame.withUnsafeMutableBufferPointer { buffer in
                    RunningCall.during("sample") { table.pointee.sample!(handle, 0.5, buffer.baseAddress, UInt64(buffer.count), error) }
                }
            }
            try fails("sample at t = NaN") { error in
                frame.withUnsafeMutableBufferPointer { buffer in
                    RunningCall.during("sample") { table.pointee.sample!(handle, .nan, buffer.baseAddress, UInt64(buffer.count), error) }
                }
            }
            try fails("get_param of a name it does not have") { error in
                var value = effect_value()
                return RunningCall.during("get_param") { table.pointee.get_param!(handle, "no_such_param_from_validate", 0, &value, error) }
            }
            if let param = effect.params.first {
                try succeeds("get_param '\(param.name)'") { error in
                    var value = effect_value()
                    return RunningCall.during("get_param") { table.pointee.get_param!(handle, param.name, 0, &value, error) }
                }
            }
            for given in Set([Int(EFFECT_INSTANCE_INFO_SIZE_1_0), MemoryLayout<effect_instance_info>.size]).sorted() {
                let out = Fenced<effect_instance_info>(given: given)
                try succeeds("instance_info with struct_size \(given)") { error in
                    RunningCall.during("instance_info") { table.pointee.instance_info!(handle, out.pointer, error) }
                }
                try expectFenced(out, "\(context) instance_info")
            }
            let strings = Fenced<effect_strings>()
            try succeeds("strings at t = 0.5") { error in RunningCall.during("strings") { table.pointee.strings!(handle, 0.5, strings.pointer, error) } }
            try expectFenced(strings, "\(context) strings")
        }
        let describe = Fenced<effect_plugin_info>()
        try expectSuccess("describe") { error in RunningCall.during("describe") { table.pointee.describe!(table, describe.pointer, error) } }
        try expectFenced(describe, "describe")
        return .pass("\(calls + 1) calls leave the error struct as the header says and write no byte outside the structs given")
    }

    private static func errorStruct() -> Fenced<effect_error> {
        let error = Fenced<effect_error>()
        error.pointer.pointee.status = 12345
        withUnsafeMutableBytes(of: &error.pointer.pointee.message) { _ = $0.initializeMemory(as: UInt8.self, repeating: 0x58) }
        return error
    }

    private static func message(of error: Fenced<effect_error>) -> (text: String?, terminated: Bool) {
        withUnsafeBytes(of: &error.pointer.pointee.message) { bytes in
            guard let end = bytes.firstIndex(of: 0) else { return (nil, false) }
            return (String(validating: bytes[..<end], as: UTF8.self), true)
        }
    }

    private static func expectSuccess(_ call: String, _ body: (UnsafeMutablePointer<effect_error>) -> Int32) throws {
        let error = errorStruct()
        let status = body(error.pointer)
        guard status == EFFECT_OK else { throw CheckFailure("\(call) fails with status \(status)") }
        try expectFenced(error, "\(call)'s error struct")
        guard error.pointer.pointee.status == EFFECT_OK else {
            throw CheckFailure("\(call) returns OK but leaves status \(error.pointer.pointee.status) in the error struct")
        }
        let (text, terminated) = message(of: error)
        guard terminated, text == "" else {
            throw CheckFailure("\(call) returns OK but leaves a message in the error struct; success empties it")
        }
    }

    private static func expectFailure(_ call: String, _ body: (UnsafeMutablePointer<effect_error>) -> Int32) throws {
        let error = errorStruct()
        let status = body(error.pointer)
        guard status != EFFECT_OK else { throw CheckFailure("\(call) returns OK") }
        try expectFenced(error, "\(call)'s error struct")
        guard error.pointer.pointee.status == status else {
            throw CheckFailure("\(call) returns status \(status) but writes \(error.pointer.pointee.status) in the error struct")
        }
        let (text, terminated) = message(of: error)
        guard terminated else { throw CheckFailure("\(call) leaves a message with no terminating NUL") }
        guard let text else { throw CheckFailure("\(call) writes a message that is not UTF-8") }
        guard !text.isEmpty else { throw CheckFailure("\(call) fails with an empty message") }
        guard !text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
            throw CheckFailure("\(call) writes a message with control characters; a message is one line")
        }
    }

    private static func expectFenced<T>(_ fenced: Fenced<T>, _ what: String) throws {
        let (before, after) = fenced.trespass
        guard before == 0, after == 0 else {
            throw CheckFailure(
                "\(what): \(before + after) bytes written outside the \(fenced.given) bytes the caller gave (\(before) before, \(after) after)")
        }
        guard fenced.structSize <= fenced.given else {
            throw CheckFailure("\(what): struct_size written back is \(fenced.structSize), more than the \(fenced.given) bytes given")
        }
    }
}
