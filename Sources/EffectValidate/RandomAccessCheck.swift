import EffectHost

/// Frames do not depend on the order they are asked for, one at a time or
/// in a batch.
enum RandomAccessCheck {
    static func check(_ plugin: Plugin, _ random: inout SeededRandom) throws -> CheckResult {
        for effect in plugin.effects {
            let instance = try plugin.instantiate(effect)
            var times = (0..<64).map { Double($0) * 0.05 }
            switch try instance.info().timing {
            case let .ends(at): times += (0..<32).map { at * Double($0) / 16 }
            case let .loops(start, period): times += (0..<32).map { start + period * Double($0) / 8 }
            }
            times += [100, 1e4, 1e6]
            let forward = try times.map { try instance.sample(at: $0) }
            for (index, t) in times.enumerated().reversed() where !CheckSupport.same(try instance.sample(at: t), forward[index]) {
                throw CheckFailure("\(effect.id): sampling backwards changes the frame at t = \(t)")
            }
            for index in random.shuffled(Array(times.indices)) where !CheckSupport.same(try instance.sample(at: times[index]), forward[index]) {
                throw CheckFailure("\(effect.id): sampling in shuffled order changes the frame at t = \(times[index])")
            }
            var batch = [Double](repeating: 0, count: instance.frameSize * times.count + 1)
            try batch.withUnsafeMutableBufferPointer { buffer in
                try instance.sampleMany(t0: 0, dt: 0.05, count: times.count, into: buffer)
            }
            for index in times.indices {
                let single = try instance.sample(at: 0 + Double(index) * 0.05)
                let slice = Array(batch[(index * instance.frameSize)..<((index + 1) * instance.frameSize)])
                guard CheckSupport.same(single, slice) else {
                    throw CheckFailure("\(effect.id): sample_many's frame \(index) differs from sample at the same t")
                }
            }
        }
        return .pass("forward, backward, shuffled and batch sampling agree bit for bit")
    }
}
