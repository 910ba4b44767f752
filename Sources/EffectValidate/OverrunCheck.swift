import CEffect
import EffectHost
import MetadataRules

/// Frames are written within the capacity the caller gives and nowhere
/// else: each buffer ends at an inaccessible page, so a write past it is
/// named as an overrun, and a capacity too small gets EFFECT_ERR_BUFFER
/// with nothing written.
enum OverrunCheck {
    static func check(_ plugin: Plugin) throws -> CheckResult {
        // Fields read through the pointer: a 1.0 plugin's table is shorter
        // than the struct this host knows, so it is never copied whole.
        let table = plugin.table
        var calls = 0
        for effect in plugin.effects {
            let instance = try plugin.instantiate(effect)
            let handle = instance.rawHandle
            let size = instance.frameSize
            guard size > 0 else { continue }
            for t in [0, 0.25, 1, 10] {
                guard let frame = GuardedFrame(count: size) else { throw CheckFailure("cannot map a guarded buffer") }
                let status = frame.watching(overrun: "\(effect.id): sample at t = \(t) writes past the end of its \(MetadataRules.count(size, "value")) frame") {
                    pointer in RunningCall.during("sample") { table.pointee.sample!(handle, t, pointer, UInt64(size), nil) }
                }
                guard status == EFFECT_OK else { throw CheckFailure("\(effect.id): sample at t = \(t) fails with status \(status)") }
                calls += 1
            }
            let frames = 7
            guard let batch = GuardedFrame(count: size * frames) else { throw CheckFailure("cannot map a guarded buffer") }
            let status = batch.watching(
                overrun: "\(effect.id): sample_many of \(frames) frames writes past the end of its \(MetadataRules.count(size * frames, "value")) buffer"
            ) { pointer in
                RunningCall.during("sample_many") { table.pointee.sample_many!(handle, 0, 0.1, UInt64(frames), pointer, UInt64(size * frames), nil) }
            }
            guard status == EFFECT_OK else { throw CheckFailure("\(effect.id): sample_many fails with status \(status)") }
            calls += 1
            let capacity = size - 1
            guard let short = GuardedFrame(count: capacity) else { throw CheckFailure("cannot map a guarded buffer") }
            let refused = short.watching(overrun: "\(effect.id): sample with room for \(MetadataRules.count(capacity, "value")) writes past it") {
                pointer in RunningCall.during("sample") { table.pointee.sample!(handle, 0.5, pointer, UInt64(capacity), nil) }
            }
            guard refused == EFFECT_ERR_BUFFER else {
                throw CheckFailure("\(effect.id): sample with room for \(capacity) of its \(size) values returns \(refused), not EFFECT_ERR_BUFFER")
            }
            guard short.written == 0 else {
                throw CheckFailure("\(effect.id): sample with too small a buffer writes \(MetadataRules.count(short.written, "value")) of a partial frame; it must write none")
            }
            calls += 1
        }
        return .pass("\(calls) calls write within the buffers they are given, and none into one too small")
    }
}
