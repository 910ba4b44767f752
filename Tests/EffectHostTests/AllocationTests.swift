import XCTest

/// Sampling and drawing allocate nothing once an instance exists: counted
/// by a malloc counter preloaded into a C program that drives every bundled
/// plugin.
final class AllocationTests: XCTestCase {
    private struct Counts {
        var control: Int?
        var effects: [String: (single: Int, batch: Int, draws: Int, drawing: Int)] = [:]
    }

    private func probe(_ plugins: [String]) throws -> Counts {
        // A sanitizer's runtime owns malloc; a preloaded counter cannot sit in front of it.
        if let sanitizer = TestEnvironment.sanitizer { throw XCTSkip("allocations are not counted under \(sanitizer) sanitizer") }
        let directory = try TestEnvironment.temporaryDirectory(self)
        let counter = directory + "/malloc_counter.so"
        let probe = directory + "/alloc_probe"
        try TestEnvironment.compileC([TestEnvironment.fixtures + "/c/malloc_counter.c"], output: counter, shared: true)
        try TestEnvironment.compileC([TestEnvironment.fixtures + "/c/alloc_probe.c"], output: probe)
        let result = try TestEnvironment.run(probe, plugins, environment: ["LD_PRELOAD": counter])
        XCTAssertEqual(result.status, 0, result.stderr)
        var counts = Counts()
        for line in result.stdout.split(separator: "\n") {
            let words = line.split(separator: " ").map(String.init)
            if words.count == 2, words[0] == "control" { counts.control = Int(words[1]) }
            if words.count == 14, words[0] == "effect" {
                XCTAssertEqual(words[3], "100000")
                XCTAssertEqual(words[7], "100000")
                counts.effects[words[1]] = (Int(words[5]) ?? -1, Int(words[9]) ?? -1, Int(words[11]) ?? -1, Int(words[13]) ?? -1)
            }
        }
        // The probe mallocs three times on purpose: the counter sees the process.
        XCTAssertEqual(counts.control, 3, result.stdout)
        return counts
    }

    func testNoBundledEffectAllocatesWhileSampling() throws {
        let counts = try probe(TestEnvironment.bundledPlugins.map { TestEnvironment.buildDirectory + "/" + $0 })
        XCTAssertEqual(
            Set(counts.effects.keys), ["strikethrough-reveal", "tracking-breathe", "breathing-circles", "text-reveal"])
        for (effect, count) in counts.effects {
            XCTAssertEqual(count.single, 0, "\(effect): allocations in 100,000 samples")
            XCTAssertEqual(count.batch, 0, "\(effect): allocations in 100 batches of 1,000 frames")
            XCTAssertEqual(count.draws, 10_000, "\(effect) draws itself")
            XCTAssertEqual(count.drawing, 0, "\(effect): allocations in 10,000 draws")
        }
    }

    /// The same probe catches a plugin that allocates in sample, once a frame.
    func testProbeCountsAPluginThatAllocates() throws {
        let directory = try TestEnvironment.temporaryDirectory(self)
        let plugin = try Fixtures.testPlugin("libAllocates.so", in: directory, defines: ["BROKEN_ALLOCATES"])
        let counts = try probe([plugin])
        XCTAssertEqual(counts.effects.count, 1)
        for (_, count) in counts.effects {
            XCTAssertEqual(count.single, 100_000)
            XCTAssertEqual(count.batch, 100_000)
            XCTAssertEqual(count.draws, 0, "an ABI 1.0 plugin does not draw")
        }
    }
}
