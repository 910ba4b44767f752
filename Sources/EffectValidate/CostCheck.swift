import CAllocationCounter
import EffectHost

/// What a frame costs, and that sampling allocates nothing.
enum CostCheck {
    static func check(_ plugin: Plugin) throws -> CheckResult {
        var lines: [String] = []
        var allocating: [String] = []
        for effect in plugin.effects {
            let instance = try plugin.instantiate(effect)
            var frame = [Double](repeating: 0, count: max(1, instance.frameSize))
            let table = plugin.table
            let handle = instance.rawHandle
            let count = 10_000
            // The first sample may run one-time set-up (lazy globals); it is not counted.
            frame.withUnsafeMutableBufferPointer { buffer in
                _ = RunningCall.during("sample") { table.pointee.sample!(handle, 0, buffer.baseAddress, UInt64(buffer.count), nil) }
            }
            let allocationsBefore = effect_allocation_count()
            let start = MonotonicClock.now()
            frame.withUnsafeMutableBufferPointer { buffer in
                RunningCall.during("sample") {
                    for index in 0..<count {
                        _ = table.pointee.sample!(handle, Double(index) * 0.001, buffer.baseAddress, UInt64(buffer.count), nil)
                    }
                }
            }
            let single = (MonotonicClock.now() - start) / Double(count) * 1e9
            let allocations = effect_allocation_count() - allocationsBefore
            var frames = [Double](repeating: 0, count: max(1, instance.frameSize) * 1000)
            let batchAllocationsBefore = effect_allocation_count()
            let batchStart = MonotonicClock.now()
            frames.withUnsafeMutableBufferPointer { buffer in
                RunningCall.during("sample_many") {
                    for round in 0..<10 {
                        _ = table.pointee.sample_many!(
                            handle, Double(round), 0.001, 1000, buffer.baseAddress, UInt64(buffer.count), nil)
                    }
                }
            }
            let batch = (MonotonicClock.now() - batchStart) / 10_000 * 1e9
            let batchAllocations = effect_allocation_count() - batchAllocationsBefore
            lines.append("\(effect.id) \(fixed(single, 0)) ns/frame, batch \(fixed(batch, 0)) ns/frame")
            if allocations > 0 {
                allocating.append("\(effect.id) allocates \(allocations) times in \(count) samples")
            }
            if batchAllocations > 0 {
                allocating.append("\(effect.id) allocates \(batchAllocations) times in 10 batches of 1000 frames")
            }
        }
        if !allocating.isEmpty { return .warn((allocating + lines).joined(separator: "; ")) }
        guard effect_allocation_counting() != 0 else {
            return .pass((lines + ["allocations not counted: this effect-host is built with a sanitizer, which owns malloc"]).joined(separator: "; "))
        }
        return .pass((lines + ["no allocations while sampling"]).joined(separator: "; "))
    }
}
