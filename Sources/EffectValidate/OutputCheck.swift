import EffectHost

/// Plugin code prints nothing on stdout, where a host's own output goes:
/// not while loading (its library constructors), not in any call. What it
/// prints is caught on a file put in place of stdout and named with the
/// call that printed it.
enum OutputCheck {
    static func check(_ path: String) throws -> CheckResult {
        let printed = StrayOutput()
        func expectNothing(_ during: String) throws {
            if let text = printed.text() { throw CheckFailure("printed to stdout \(during) (\(text)); a plugin may not print") }
        }
        let plugin = try Plugin.load(path: path)
        try expectNothing("while loading")
        var calls = 0
        for effect in plugin.effects {
            // The calls are made to see whether they print; what else is
            // wrong with their answers is found by the check that owns it.
            do {
                guard let instance = try? plugin.instantiate(effect) else {
                    try expectNothing("in create of \(effect.id)")
                    continue
                }
                try expectNothing("in create of \(effect.id)")
                _ = try? instance.sample(at: 0.5)
                var frames = [Double](repeating: 0, count: max(1, instance.frameSize) * 4 + 1)
                _ = try? frames.withUnsafeMutableBufferPointer { try instance.sampleMany(t0: 0, dt: 0.25, count: 4, into: $0) }
                try expectNothing("while \(effect.id) samples")
                _ = try? instance.strings(at: 0.5)
                if instance.elementCount > 0 { _ = try? instance.element(0) }
                for param in effect.params { _ = try? instance.value(of: param.name, at: 0) }
                if let param = effect.params.first(where: \.isLive), let value = EventsCheck.otherValue(param) {
                    try? instance.set(param.name, to: value, at: 1)
                }
                try expectNothing("in the calls on an instance of \(effect.id) (strings, element_info, get_param, set_param)")
            }
            try expectNothing("in destroy of \(effect.id)")
            calls += 9
        }
        // Last, so what the timing's samples print is not blamed on create.
        if let slow = try CheckSupport.slowness(plugin) { return .fail(slow) }
        return .pass("nothing printed to stdout while loading or in \(calls) calls")
    }
}
