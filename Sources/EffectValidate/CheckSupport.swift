import CAllocationCounter
import EffectHost
import Glibc

/// What several checks share.
enum CheckSupport {
    /// The channel a frame's value `index` belongs to: the global channels
    /// first, then each element's.
    static func channel(at index: Int, of effect: EffectDescription) -> ChannelDescription {
        if index < effect.channels.count { return effect.channels[index] }
        let offset = index - effect.channels.count
        return effect.elementChannels[offset % max(1, effect.elementChannels.count)]
    }

    /// That channel as a person reads it: "channel 'phase'", or "element 2's
    /// channel 'scale'".
    static func channelName(at index: Int, of effect: EffectDescription) -> String {
        let name = channel(at: index, of: effect).name
        guard index >= effect.channels.count, !effect.elementChannels.isEmpty else { return "channel '\(name)'" }
        return "element \((index - effect.channels.count) / effect.elementChannels.count)'s channel '\(name)'"
    }

    /// Resident memory from /proc/self/statm: its second field, in pages.
    static func residentBytes() -> Double {
        guard let file = fopen("/proc/self/statm", "r") else { return 0 }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 128)
        guard fgets(&line, 128, file) != nil else { return 0 }
        let fields = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self).split(separator: " ")
        guard fields.count > 1, let pages = Double(fields[1]) else { return 0 }
        return pages * Double(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// What one sample may take, at most: a frame is due every 8 ms at 120
    /// fps, and a host samples many effects in one. A sanitizer's own
    /// checks (it owns malloc, so allocations go uncounted) make every
    /// call several times slower, and get twenty times the room.
    static var sampleBudget: Double { effect_allocation_counting() != 0 ? 0.001 : 0.02 }

    /// "slow: …" when an effect's fastest of five samples takes longer
    /// than the budget, so a slow plugin is named as slow before a long
    /// check makes it look hung.
    static func slowness(_ plugin: Plugin) throws -> String? {
        for effect in plugin.effects {
            let instance = try plugin.instantiate(effect)
            var fastest = Double.infinity
            for index in 0..<5 {
                let start = MonotonicClock.now()
                do {
                    _ = try instance.sample(at: 0.1 + Double(index) * 0.37)
                } catch {
                    // A frame overrun, say: every check that samples fails on it, each naming the effect.
                    throw CheckFailure("\(effect.id): \(error.message)")
                }
                fastest = min(fastest, MonotonicClock.now() - start)
            }
            if fastest > sampleBudget {
                return "slow: \(effect.id) takes \(fixed(fastest * 1000, 1)) ms per sample (budget \(fixed(sampleBudget * 1000, 0)) ms)"
            }
        }
        return nil
    }

    static func probeTimes(_ instance: EffectInstance, _ random: inout SeededRandom) throws -> [Double] {
        var times: [Double] = [0, 1e-9, 0.1, 0.25, 0.5, 1, 2.5, 10, 1e6]
        switch try instance.info().timing {
        case let .ends(at): times += [at, at + 0.5]
        case let .loops(start, period): times += [start, start + period / 2, start + period]
        }
        for _ in 0..<16 { times.append(random.unit() * 12) }
        return times
    }

    static func describe(_ params: [(String, Value)]) -> String {
        params.isEmpty ? "defaults" : params.map { "\($0.0)=\($0.1.text)" }.joined(separator: " ")
    }

    /// Text in the scripts people write in, with characters of several code
    /// points each (e + U+0301, a family, a flag, a conjunct): what a text
    /// effect must cut, measure and draw whole.
    static let sampleText = "e\u{301}t\u{E9} \u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{1F1EF}\u{1F1F5} "
        + "\u{915}\u{94D}\u{937} \u{645}\u{631}\u{62D}\u{628}\u{627} \u{65E5}\u{672C}"

    /// Every string param (but optional ones) set to `sampleText`, or none
    /// when the effect has no string param.
    static func textSets(_ effect: EffectDescription) -> [[(String, Value)]] {
        let strings = effect.params.filter { $0.type == .string && !$0.isOptional }
        return strings.isEmpty ? [] : [strings.map { ($0.name, .string(sampleText)) }]
    }

    /// Defaults; every numeric param at its minimum; at its maximum; and
    /// eight random settings of every param, a string given `sampleText`
    /// in half of them.
    static func paramSets(_ effect: EffectDescription, _ random: inout SeededRandom) -> [[(String, Value)]] {
        let numeric = effect.params.filter { $0.range != nil && !$0.isOptional }
        // Huge integer ranges (counts of breaths, say) would make a run
        // endless at the maximum; cap what the sweep asks for.
        func bounded(_ param: ParamDescription, _ x: Double) -> Value {
            param.type == .integer ? .integer(Int64(min(max(x, -1e6), 1e6))) : .number(x)
        }
        var sets: [[(String, Value)]] = [[]]
        sets.append(numeric.map { ($0.name, bounded($0, $0.range!.lowerBound)) })
        sets.append(numeric.map { ($0.name, bounded($0, min($0.range!.upperBound, $0.type == .integer ? 64 : .infinity))) })
        for _ in 0..<8 {
            var set: [(String, Value)] = []
            for param in effect.params {
                switch param.type {
                case .number, .integer:
                    guard let range = param.range else { continue }
                    let upper = param.type == .integer ? min(range.upperBound, range.lowerBound + 64) : range.upperBound
                    set.append((param.name, bounded(param, range.lowerBound + (upper - range.lowerBound) * random.unit())))
                case .bool: set.append((param.name, .bool(random.next() % 2 == 0)))
                case .choice:
                    guard !param.choices.isEmpty else { continue }
                    set.append((param.name, .choice(param.choices[Int(random.next() % UInt64(param.choices.count))])))
                case .color: set.append((param.name, .color(UInt32(truncatingIfNeeded: random.next()))))
                case .string:
                    guard !param.isOptional, random.next() % 2 == 0 else { continue }
                    set.append((param.name, .string(sampleText)))
                }
            }
            sets.append(set)
        }
        return sets
    }

    static func same(_ a: [Double], _ b: [Double]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0.bitPattern == $1.bitPattern }
    }
}

/// Runs `body` on `count` threads of their own at once (not a pool, which
/// would run no more at a time than there are cores) and waits for all.
func runOnThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    final class Work: @unchecked Sendable {
        let body: @Sendable (Int) -> Void
        let index: Int
        init(_ body: @escaping @Sendable (Int) -> Void, _ index: Int) {
            self.body = body
            self.index = index
        }
    }
    var threads: [pthread_t] = []
    for index in 0..<count {
        var thread = pthread_t()
        let work = Unmanaged.passRetained(Work(body, index)).toOpaque()
        let created = pthread_create(&thread, nil, { argument in
            guard let argument else { return nil }
            let work = Unmanaged<Work>.fromOpaque(argument).takeRetainedValue()
            work.body(work.index)
            return nil
        }, work)
        if created == 0 { threads.append(thread) } else { Unmanaged<Work>.fromOpaque(work).takeRetainedValue().body(index) }
    }
    for thread in threads { pthread_join(thread, nil) }
}

/// Per-thread verdicts, each thread writing only its own slot.
final class ThreadResults: @unchecked Sendable {
    private var slots: UnsafeMutableBufferPointer<Bool>

    init(count: Int) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: false)
    }

    deinit { slots.deallocate() }

    func set(_ index: Int, _ value: Bool) { slots[index] = value }
    var all: Bool { slots.allSatisfy { $0 } }
}

/// SplitMix64: a small generator whose sequence `--seed` reproduces.
struct SeededRandom {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A double in 0..<1.
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }

    mutating func shuffled<T>(_ items: [T]) -> [T] {
        var items = items
        for index in stride(from: items.count - 1, to: 0, by: -1) {
            items.swapAt(index, Int(next() % UInt64(index + 1)))
        }
        return items
    }
}
