import EffectHost

/// Eight threads sampling one instance get the frames one thread gets.
enum ThreadsCheck {
    static func check(_ plugin: Plugin, _ random: inout SeededRandom) throws -> CheckResult {
        for effect in plugin.effects {
            let instance = try plugin.instantiate(effect)
            let times = (0..<500).map { _ in random.unit() * 10 }
            let expected = try times.map { try instance.sample(at: $0) }
            let agree = ThreadResults(count: 8)
            runOnThreads(8) { thread in
                var ok = true
                for (index, t) in times.enumerated() {
                    guard let frame = try? instance.sample(at: t), frame.count == expected[index].count,
                        zip(frame, expected[index]).allSatisfy({ $0.bitPattern == $1.bitPattern })
                    else {
                        ok = false
                        break
                    }
                }
                agree.set(thread, ok)
            }
            guard agree.all else { throw CheckFailure("\(effect.id): 8 threads sampling one instance got different frames") }
        }
        return .pass("8 threads sampling one instance get the frames one thread gets")
    }
}
