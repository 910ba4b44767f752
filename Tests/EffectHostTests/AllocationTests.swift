import XCTest

/// Sampling and drawing allocate nothing once an instance exists: counted
/// by a malloc counter preloaded into a C program that drives every bundled
/// plugin.
final class AllocationTests: XCTestCase {
    private struct Counts {
        var control: Int?
        var effects: [String: (single: Int, batch: Int, draws: Int, drawing: Int)] = [:]
    }

    private func probe(_ plugins: [String], text: String? = nil) throws -> Counts {
        // A sanitizer's runtime owns malloc; a preloaded counter cannot sit in front of it.
        if let sanitizer = TestEnvironment.sanitizer { throw XCTSkip("allocations are not counted under \(sanitizer) sanitizer") }
        let directory = try TestEnvironment.temporaryDirectory(self)
        let counter = directory + "/malloc_counter.so"
        let probe = directory + "/alloc_probe"
        try TestEnvironment.compileC([TestEnvironment.fixtures + "/c/malloc_counter.c"], output: counter, shared: true)
        try TestEnvironment.compileC([TestEnvironment.fixtures + "/c/alloc_probe.c"], output: probe)
        var environment = ["LD_PRELOAD": counter]
        if let text { environment["ALLOC_PROBE_TEXT"] = text }
        let result = try TestEnvironment.run(probe, plugins, environment: environment)
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

    /// Text in every script, wrapped at 300 pt, with words cut by a host
    /// segmenter and Arabic amid English: drawing still allocates nothing.
    func testTextInEveryScriptDrawsWithoutAllocating() throws {
        let text = "one \u{0645}\u{0631}\u{062D}\u{0628}\u{0627} 42 \u{0628}\u{0627}\u{0644}\u{0639}\u{0627}\u{0644}\u{0645} two "
            + "\u{543E}\u{8F29}\u{306F}\u{732B}\u{3067}\u{3042}\u{308B}\u{3002} three four five six seven"
        let plugins = ["libBreathe.so", "libReveal.so", "libStrike.so"].map { TestEnvironment.buildDirectory + "/" + $0 }
        let counts = try probe(plugins, text: text)
        XCTAssertEqual(Set(counts.effects.keys), ["strikethrough-reveal", "tracking-breathe", "breathing-circles", "text-reveal"])
        for (effect, count) in counts.effects {
            XCTAssertEqual(count.single, 0, "\(effect): allocations in 100,000 samples")
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
