import CEffect
import EffectHost
import MetadataRules

/// Every string an instance hands out is there and is UTF-8, as the header
/// promises a renderer and a screen reader: the display strings at each
/// probed time, for the defaults and for varied params, each element's
/// text, with its attributes where it says it has some, and its notes
/// (ABI 1.5), lines a host can print; and a string param given in the
/// caller's buffer is copied, not kept (CallerStringsCheck). Read through
/// the raw table, so a NULL is named as one rather than as a failed read.
enum StringsCheck {
    /// Past this many elements, a sample of them: a text of a million
    /// units need not be read whole to find a broken one.
    static let elementsRead = 10_000

    static func check(_ plugin: Plugin, _ random: inout SeededRandom) throws -> CheckResult {
        // Fields read one by one through the pointer: a 1.0 plugin's table
        // is shorter than the struct this host knows.
        let table = plugin.table
        var read = 0
        var copied = (create: 0, set: 0)
        for effect in plugin.effects {
            let given = try CallerStringsCheck.check(plugin, effect)
            copied = (copied.create + given.create, copied.set + given.set)
            for params in CheckSupport.paramSets(effect, &random) {
                let context = "\(effect.id) with \(CheckSupport.describe(params))"
                let instance: EffectInstance
                do {
                    instance = try plugin.instantiate(effect, params: params)
                } catch {
                    continue  // a combination the effect refuses; the sweep names those
                }
                for t in try CheckSupport.probeTimes(instance, &random) {
                    var strings = effect_strings()
                    strings.struct_size = UInt32(MemoryLayout<effect_strings>.size)
                    try succeeds("\(context): strings at t = \(t)") { error in
                        RunningCall.during("strings") { table.pointee.strings!(instance.rawHandle, t, &strings, error) }
                    }
                    for (name, pointer) in [
                        ("text", strings.text), ("accessibility_label", strings.accessibility_label),
                        ("accessibility_value", strings.accessibility_value),
                    ] {
                        try expectText(pointer, "\(context): strings at t = \(t): \(name)")
                        read += 1
                    }
                }
                read += try checkElements(instance, of: effect, table, context)
                read += try checkNotes(instance, table, context)
            }
        }
        var calls: [String] = []
        if copied.create > 0 { calls.append("\(MetadataRules.count(copied.create, "string")) given to create") }
        if copied.set > 0 {
            calls.append(calls.isEmpty ? "\(MetadataRules.count(copied.set, "string")) given to set_param" : "\(copied.set) to set_param")
        }
        let kept = calls.isEmpty ? "" : "; " + calls.joined(separator: " and ") + " copied, not kept"
        return .pass("\(read) display strings, element texts and notes, each non-NULL UTF-8\(kept)")
    }

    private static func checkElements(
        _ instance: EffectInstance, of effect: EffectDescription, _ table: UnsafePointer<effect_plugin_api>, _ context: String
    ) throws -> Int {
        let count = instance.elementCount
        let step = max(1, count / elementsRead)
        var read = 0
        for index in stride(from: 0, to: count, by: step) {
            var info = effect_element_info()
            info.struct_size = UInt32(MemoryLayout<effect_element_info>.size)
            try succeeds("\(context): element_info(\(index)) of its \(count) elements") { error in
                RunningCall.during("element_info") { table.pointee.element_info!(instance.rawHandle, UInt32(index), &info, error) }
            }
            try expectText(info.text, "\(context): element \(index)'s text")
            guard info.attribute_count == effect.attributes.count else {
                throw CheckFailure(
                    "\(context): element \(index) has \(info.attribute_count) attributes; the effect declares \(effect.attributes.count)")
            }
            if info.attribute_count > 0, info.attributes == nil {
                throw CheckFailure("\(context): element \(index) has \(info.attribute_count) attributes and a NULL pointer to them")
            }
            read += 1
        }
        return read
    }

    /// The instance's notes, where its minor has them: NULL or UTF-8 lines
    /// with no control characters (a host prints each as it is). Answers 1
    /// when there were notes to read.
    private static func checkNotes(_ instance: EffectInstance, _ table: UnsafePointer<effect_plugin_api>, _ context: String) throws -> Int {
        var info = effect_instance_info()
        info.struct_size = UInt32(MemoryLayout<effect_instance_info>.size)
        try succeeds("\(context): instance_info") { error in
            RunningCall.during("instance_info") { table.pointee.instance_info!(instance.rawHandle, &info, error) }
        }
        let notesEnd = MemoryLayout<effect_instance_info>.offset(of: \.notes)! + MemoryLayout<UnsafePointer<CChar>?>.size
        guard Int(info.struct_size) >= notesEnd, let pointer = info.notes else { return 0 }
        guard let notes = PluginString.read(pointer, limit: 1 << 20) else { throw CheckFailure("\(context): its notes are not UTF-8") }
        for line in notes.split(separator: "\n", omittingEmptySubsequences: false) {
            if let control = line.unicodeScalars.first(where: { $0.properties.generalCategory == .control }) {
                let hex = String(control.value, radix: 16, uppercase: true)
                throw CheckFailure(
                    "\(context): a note holds the control character U+\(String(repeating: "0", count: max(0, 4 - hex.count)) + hex); notes are lines of text")
            }
        }
        return 1
    }

    /// Runs a call that must succeed; a failure is named with its status
    /// and the plugin's message.
    private static func succeeds(_ call: String, _ body: (UnsafeMutablePointer<effect_error>) -> Int32) throws {
        var error = effect_error()
        error.struct_size = UInt32(MemoryLayout<effect_error>.size)
        let status = body(&error)
        guard status == EFFECT_OK else {
            let message = withUnsafeBytes(of: &error.message) { PluginString.read($0.baseAddress?.assumingMemoryBound(to: CChar.self), limit: $0.count) }
            throw CheckFailure("\(call) fails with status \(status): \(Terminal.sanitize(message ?? "(no message)"))")
        }
    }

    private static func expectText(_ pointer: UnsafePointer<CChar>?, _ what: String) throws {
        guard let pointer else { throw CheckFailure("\(what) is NULL; a string is never NULL (\"\" where there is none)") }
        guard PluginString.read(pointer, limit: 1 << 30) != nil else { throw CheckFailure("\(what) is not UTF-8") }
    }
}
