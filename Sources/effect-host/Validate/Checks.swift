import CAllocationCounter
import CEffect
import Dispatch
import EffectHost
import Glibc

/// What one check concluded. Crashes and hangs are seen by the parent, not here.
struct CheckResult {
    enum Status: String {
        case pass, warn, fail, crash
    }

    var status: Status
    var reason: String

    static func pass(_ reason: String) -> CheckResult { CheckResult(status: .pass, reason: reason) }
    static func warn(_ reason: String) -> CheckResult { CheckResult(status: .warn, reason: reason) }
    static func fail(_ reason: String) -> CheckResult { CheckResult(status: .fail, reason: reason) }
}

/// A failed expectation inside a check.
struct CheckFailure: Error {
    let reason: String
    init(_ reason: String) { self.reason = reason }
}

/// The conformance checks of `effect-host validate`, each run in a child
/// process of its own by the parent.
enum Checks {
    static let names = [
        "load", "metadata", "defaults", "determinism", "random-access", "sweep", "bad-input", "events", "loops",
        "threads", "draw", "lifecycle", "cost",
    ]

    static func run(_ name: String, path: String, seed: UInt64) -> CheckResult {
        do {
            switch name {
            case "load": return try load(path)
            case "metadata": return try Metadata.check(try Plugin.load(path: path))
            default: break
            }
            if name == "lifecycle" { return try lifecycle(path: path) }
            let plugin = try Plugin.load(path: path)
            var random = SeededRandom(seed: seed)
            switch name {
            case "defaults": return try defaults(plugin)
            case "determinism": return try determinism(plugin, &random)
            case "random-access": return try randomAccess(plugin, &random)
            case "sweep": return try Sweep.check(plugin, &random)
            case "bad-input": return try BadInput.check(plugin)
            case "events": return try events(plugin)
            case "loops": return try loops(plugin)
            case "threads": return try threads(plugin, &random)
            case "draw": return try DrawCheck.check(plugin, &random)
            case "cost": return try cost(plugin)
            default: return .fail("no check named '\(name)'")
            }
        } catch let failure as CheckFailure {
            return .fail(failure.reason)
        } catch let failure as PluginLoadFailure {
            return .fail(failure.reason)
        } catch let error as EffectError {
            return .fail(error.message)
        } catch {
            return .fail("\(error)")
        }
    }

    // MARK: 1. load

    /// Opens the file and its table and times describe, reading no more
    /// metadata than that (the metadata check does).
    private static func load(_ path: String) throws -> CheckResult {
        let (_, table, _) = try Plugin.openTable(path: path)
        var info = effect_plugin_info()
        var times: [Double] = []
        for _ in 0..<5 {
            info.struct_size = UInt32(MemoryLayout<effect_plugin_info>.size)
            let start = MonotonicClock.now()
            let status = table.pointee.describe!(table, &info, nil)
            times.append(MonotonicClock.now() - start)
            guard status == EFFECT_OK else { throw CheckFailure("describe fails with status \(status)") }
        }
        let describe = (times.max() ?? 0) * 1000
        guard describe < 100 else { return .fail("describe takes up to \(fixed(describe, 1)) ms; it must take under 100 ms") }
        guard let symbols = ELFSymbols.exported(by: path) else { return .warn("its exported symbols cannot be read") }
        // A sanitizer's section bounds are the toolchain's, not the plugin's
        // API, and every instrumented library has its own.
        let toolchain = ["__start_asan_globals", "__stop_asan_globals", "__start___sancov", "__stop___sancov"]
        let others = symbols.filter { symbol in
            symbol != EFFECT_ENTRY_SYMBOL && !toolchain.contains { symbol.hasPrefix($0) }
        }
        if !others.isEmpty {
            return .warn(
                "exports \(others.count) symbol\(others.count == 1 ? "" : "s") besides \(EFFECT_ENTRY_SYMBOL), which could clash "
                    + "with another plugin's (\(others.prefix(3).joined(separator: ", ")))")
        }
        return .pass(
            "ABI \(table.pointee.abi_major).\(table.pointee.abi_minor), describe \(fixed(describe, 3)) ms, only \(EFFECT_ENTRY_SYMBOL) exported")
    }

    // MARK: 3. defaults

    private static func defaults(_ plugin: Plugin) throws -> CheckResult {
        var checked = 0
        for effect in plugin.effects {
            let instance = try plugin.instantiate(effect)
            for param in effect.params {
                let reported = try instance.value(of: param.name, at: 0)
                guard reported == param.defaultValue else {
                    throw CheckFailure(
                        "\(effect.id): param '\(param.name)' reports \(reported.text) with no params given; its declared default is \(param.defaultValue.text)")
                }
                checked += 1
            }
        }
        return .pass("\(checked) params report their declared defaults")
    }

    // MARK: 4. determinism

    static func probeTimes(_ instance: EffectInstance, _ random: inout SeededRandom) throws -> [Double] {
        var times: [Double] = [0, 1e-9, 0.1, 0.25, 0.5, 1, 2.5, 10, 1e6]
        switch try instance.info().timing {
        case let .ends(at): times += [at, at + 0.5]
        case let .loops(start, period): times += [start, start + period / 2, start + period]
        }
        for _ in 0..<16 { times.append(random.unit() * 12) }
        return times
    }

    private static func same(_ a: [Double], _ b: [Double]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0.bitPattern == $1.bitPattern }
    }

    private static func determinism(_ plugin: Plugin, _ random: inout SeededRandom) throws -> CheckResult {
        var frames = 0
        for effect in plugin.effects {
            let first = try plugin.instantiate(effect)
            let second = try plugin.instantiate(effect)
            for t in try probeTimes(first, &random) {
                let a = try first.sample(at: t)
                guard same(a, try first.sample(at: t)), same(a, try second.sample(at: t)) else {
                    throw CheckFailure("\(effect.id): sampling t = \(t) twice, or on two instances, gives different frames")
                }
                frames += 1
            }
        }
        return .pass("\(frames) frames bit-identical twice and across two instances")
    }

    // MARK: 5. random access

    private static func randomAccess(_ plugin: Plugin, _ random: inout SeededRandom) throws -> CheckResult {
        for effect in plugin.effects {
            let instance = try plugin.instantiate(effect)
            var times = (0..<64).map { Double($0) * 0.05 }
            switch try instance.info().timing {
            case let .ends(at): times += (0..<32).map { at * Double($0) / 16 }
            case let .loops(start, period): times += (0..<32).map { start + period * Double($0) / 8 }
            }
            times += [100, 1e4, 1e6]
            let forward = try times.map { try instance.sample(at: $0) }
            for (index, t) in times.enumerated().reversed() where !same(try instance.sample(at: t), forward[index]) {
                throw CheckFailure("\(effect.id): sampling backwards changes the frame at t = \(t)")
            }
            for index in random.shuffled(Array(times.indices)) where !same(try instance.sample(at: times[index]), forward[index]) {
                throw CheckFailure("\(effect.id): sampling in shuffled order changes the frame at t = \(times[index])")
            }
            var batch = [Double](repeating: 0, count: instance.frameSize * times.count)
            try batch.withUnsafeMutableBufferPointer { buffer in
                try instance.sampleMany(t0: 0, dt: 0.05, count: times.count, into: buffer)
            }
            for index in times.indices {
                let single = try instance.sample(at: 0 + Double(index) * 0.05)
                let slice = Array(batch[(index * instance.frameSize)..<((index + 1) * instance.frameSize)])
                guard same(single, slice) else {
                    throw CheckFailure("\(effect.id): sample_many's frame \(index) differs from sample at the same t")
                }
            }
        }
        return .pass("forward, backward, shuffled and batch sampling agree bit for bit")
    }

    // MARK: 8. events

    /// A value of `param` other than its default, to set as an event.
    static func otherValue(_ param: ParamDescription) -> Value? {
        switch param.type {
        case .bool: return .bool(param.defaultValue != .bool(true))
        case .number:
            guard let range = param.range else { return nil }
            let middle = (range.lowerBound + range.upperBound) / 2
            return .number(param.defaultValue == .number(middle) ? range.lowerBound : middle)
        case .integer:
            guard let range = param.range else { return nil }
            let low = Int64(max(range.lowerBound, -1e15))
            return .integer(param.defaultValue == .integer(low) ? low + 1 : low)
        case .choice: return param.choices.first { .choice($0) != param.defaultValue }.map { .choice($0) }
        case .string: return .string("validate")
        case .color: return .color(param.defaultValue == .color(0x0000_00FF) ? 0xFFFF_FFFF : 0x0000_00FF)
        }
    }

    private static func events(_ plugin: Plugin) throws -> CheckResult {
        var tried = 0
        for effect in plugin.effects {
            for param in effect.params where param.isLive {
                guard let value = otherValue(param) else { continue }
                let plain = try plugin.instantiate(effect)
                let changed = try plugin.instantiate(effect)
                guard try setUnlessRefused(changed, param.name, value, at: 1) else { continue }
                for t in [0, 0.5, 0.999] where !same(try plain.sample(at: t), try changed.sample(at: t)) {
                    throw CheckFailure("\(effect.id): setting '\(param.name)' at t = 1 changed the frame at t = \(t)")
                }
                // The same two events set in either order give the same frames.
                let forward = try plugin.instantiate(effect)
                let backward = try plugin.instantiate(effect)
                try forward.set(param.name, to: value, at: 0.5)
                try forward.set(param.name, to: param.defaultValue, at: 1.5)
                try backward.set(param.name, to: param.defaultValue, at: 1.5)
                try backward.set(param.name, to: value, at: 0.5)
                for t in [0.25, 0.5, 1, 1.5, 2, 3] where !same(try forward.sample(at: t), try backward.sample(at: t)) {
                    throw CheckFailure("\(effect.id): events on '\(param.name)' set out of order give a different frame at t = \(t)")
                }
                tried += 1
            }
        }
        return .pass("\(tried) live params: earlier frames untouched, order of setting irrelevant")
    }

    /// Sets an event; false when the effect refuses the value.
    private static func setUnlessRefused(_ instance: EffectInstance, _ name: String, _ value: Value, at t: Double) throws
        -> Bool
    {
        do {
            try instance.set(name, to: value, at: t)
            return true
        } catch {
            if error.isRefusal { return false }
            throw error
        }
    }

    // MARK: 9. loops (and ends)

    /// A looping instance repeats every period; one that ends holds its
    /// frame at `end` from then on.
    private static func loops(_ plugin: Plugin) throws -> CheckResult {
        var looping = 0
        for effect in plugin.effects {
            let instance = try plugin.instantiate(effect)
            let timing = try instance.info().timing
            if case let .ends(end) = timing {
                let settled = try instance.sample(at: end)
                for t in [end + 1e-6, end + 0.5, end + 10, end + 1000] {
                    for (a, b) in zip(settled, try instance.sample(at: t)) where abs(a - b) > 1e-9 * max(1, abs(a)) {
                        throw CheckFailure("\(effect.id): it ends at \(end) s but the frame at t = \(t) differs (\(b) against \(a))")
                    }
                }
            }
            guard case let .loops(start, period) = timing else { continue }
            looping += 1
            // A counter channel counts the repeats: one more each period.
            let counters = Set(effect.channels.indices.filter { effect.channels[$0].isCounter })
            for step in 0..<20 {
                let t = start + period * Double(step) / 20
                let now = try instance.sample(at: t)
                let later = try instance.sample(at: t + period)
                for (index, (a, b)) in zip(now, later).enumerated() {
                    let expected = counters.contains(index) ? a + 1 : a
                    guard abs(expected - b) <= 1e-9 * max(1, abs(a)) else {
                        throw CheckFailure("\(effect.id): the frames at t = \(t) and t + period differ (\(a) against \(b))")
                    }
                }
            }
        }
        return .pass("\(looping) looping effects repeat every period; the others hold still from their end")
    }

    // MARK: 10. threads

    private static func threads(_ plugin: Plugin, _ random: inout SeededRandom) throws -> CheckResult {
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

    // MARK: 11. lifecycle

    /// Resident memory from /proc/self/statm: its second field, in pages.
    private static func residentBytes() -> Double {
        guard let file = fopen("/proc/self/statm", "r") else { return 0 }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 128)
        guard fgets(&line, 128, file) != nil else { return 0 }
        let fields = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self).split(separator: " ")
        guard fields.count > 1, let pages = Double(fields[1]) else { return 0 }
        return pages * Double(sysconf(Int32(_SC_PAGESIZE)))
    }

    private static func lifecycle(path: String) throws -> CheckResult {
        // A sanitizer's allocator keeps freed memory in quarantine to catch
        // use after free, so resident growth says nothing about leaks there.
        guard effect_allocation_counting() != 0 else {
            return .pass("memory growth not measured: this effect-host is built with a sanitizer, whose allocator holds freed memory")
        }
        // Load and unload first, before anything else holds the library, so
        // each cycle really unloads it (unless the plugin is never unmapped).
        guard let resolved = realpath(path, nil).map({ pointer -> String in
            defer { free(pointer) }
            return String(cString: pointer)
        }) else { throw CheckFailure("the file cannot be resolved") }
        func loadCycle() throws {
            guard let handle = dlopen(resolved, RTLD_NOW | RTLD_LOCAL) else { throw CheckFailure("dlopen failed on a later load") }
            defer { dlclose(handle) }
            guard let symbol = dlsym(handle, EFFECT_ENTRY_SYMBOL),
                let api = unsafeBitCast(symbol, to: effect_plugin_entry_fn.self)()
            else { return }
            var info = effect_plugin_info()
            info.struct_size = UInt32(MemoryLayout<effect_plugin_info>.size)
            _ = api.pointee.describe?(api, &info, nil)
        }
        for _ in 0..<5 { try loadCycle() }
        let beforeLoads = residentBytes()
        for _ in 0..<100 { try loadCycle() }
        let loadGrowth = residentBytes() - beforeLoads
        guard loadGrowth < 2 * 1024 * 1024 else {
            throw CheckFailure("memory grew by \(fixed(loadGrowth / 1_048_576, 1)) MB over 100 load/unload cycles")
        }
        let plugin = try Plugin.load(path: path)
        var frame = [Double](repeating: 0, count: 1 << 16)
        func createCycle(_ effect: EffectDescription) throws {
            let instance = try plugin.instantiate(effect)
            if instance.frameSize <= frame.count {
                try frame.withUnsafeMutableBufferPointer { buffer in
                    try instance.sample(at: 0.5, into: UnsafeMutableBufferPointer(rebasing: buffer[0..<instance.frameSize]))
                }
            }
        }
        for effect in plugin.effects { for _ in 0..<200 { try createCycle(effect) } }
        let before = residentBytes()
        for effect in plugin.effects { for _ in 0..<10_000 { try createCycle(effect) } }
        let growth = residentBytes() - before
        let cycles = 10_000 * plugin.effects.count
        guard growth < 2 * 1024 * 1024 else {
            throw CheckFailure(
                "memory grew by \(fixed(growth / 1_048_576, 1)) MB over \(cycles) create/sample/destroy cycles (about \(Int(growth) / cycles) bytes each)")
        }
        return .pass(
            "100 load/unload: \(Int(loadGrowth / 1024)) KB; \(cycles) create/sample/destroy: \(Int(growth / 1024)) KB resident growth")
    }

    // MARK: 12. cost

    private static func cost(_ plugin: Plugin) throws -> CheckResult {
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
                _ = table.pointee.sample!(handle, 0, buffer.baseAddress, UInt64(buffer.count), nil)
            }
            let allocationsBefore = effect_allocation_count()
            let start = MonotonicClock.now()
            frame.withUnsafeMutableBufferPointer { buffer in
                for index in 0..<count {
                    _ = table.pointee.sample!(handle, Double(index) * 0.001, buffer.baseAddress, UInt64(buffer.count), nil)
                }
            }
            let single = (MonotonicClock.now() - start) / Double(count) * 1e9
            let allocations = effect_allocation_count() - allocationsBefore
            var frames = [Double](repeating: 0, count: max(1, instance.frameSize) * 1000)
            let batchAllocationsBefore = effect_allocation_count()
            let batchStart = MonotonicClock.now()
            frames.withUnsafeMutableBufferPointer { buffer in
                for round in 0..<10 {
                    _ = table.pointee.sample_many!(
                        handle, Double(round), 0.001, 1000, buffer.baseAddress, UInt64(buffer.count), nil)
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
