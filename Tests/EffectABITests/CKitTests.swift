import EffectABI
import Foundation
import XCTest

/// include/effect_kit.h's strings, grapheme clusters and stepped periodic
/// values, through Tests/Fixtures/c/kit_check.c built as C99 and as C++
/// with the project's warning flags: its hand-worked checks, every line of
/// Unicode's GraphemeBreakTest.txt (Debian's unicode-data, which
/// scripts/ensure-media installs), and the same clusters as the Swift kit's
/// Graphemes.clusters on every test string.
final class CKitTests: XCTestCase {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    private static let breakTest = "/usr/share/unicode/auxiliary/GraphemeBreakTest.txt"

    private struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    private func run(_ program: String, _ arguments: [String]) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }

    /// kit_check.c built as `language` ("c" or "c++") into a temporary directory.
    private func build(_ language: String) throws -> String {
        let directory = NSTemporaryDirectory() + "ckit-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: directory) }
        let program = directory + "/kit_check"
        let standard = language == "c" ? ["cc", "-std=c99"] : ["c++", "-std=c++11"]
        let result = try run(
            "/usr/bin/env",
            standard + [
                "-x", language, "-Wall", "-Wextra", "-Werror", "-pedantic", "-I", Self.root + "/include",
                Self.root + "/Tests/Fixtures/c/kit_check.c", "-o", program, "-lm",
            ])
        XCTAssertEqual(result.status, 0, result.stderr)
        return program
    }

    func testHandWorkedChecksPassInCAndCxx() throws {
        for language in ["c", "c++"] {
            let result = try run(try build(language), [])
            XCTAssertEqual(result.status, 0, "\(language): \(result.stderr)")
            XCTAssertEqual(result.stdout, "145 checks passed\n", language)
        }
    }

    func testEveryLineOfUnicodesGraphemeBreakTestPasses() throws {
        guard FileManager.default.fileExists(atPath: Self.breakTest) else {
            return XCTFail("\(Self.breakTest) is missing: scripts/ensure-media installs Debian's unicode-data")
        }
        let result = try run(try build("c"), ["conformance", Self.breakTest])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "602 of 602 lines pass\n", result.stderr)
    }

    /// Text the C kit and Graphemes.clusters must cut alike: each case of
    /// GraphemeBreakTest.txt, scripts people write in, and random runs of
    /// characters of every grapheme property (Indic conjunct ones included).
    func testClustersAgreeWithTheSwiftKit() throws {
        var texts: [[UInt32]] = [
            [0x65E5, 0x672C, 0x8A9E], [0x304B, 0x3099, 0x306A], [0x645, 0x631, 0x62D, 0x628, 0x627],
            [0x628, 0x650, 0x633, 0x652, 0x645, 0x650], [0x928, 0x92E, 0x938, 0x94D, 0x924, 0x947],
            [0x915, 0x94D, 0x937], [0x915, 0x94D, 0x200D, 0x937], [0x939, 0x93F, 0x928, 0x94D, 0x926, 0x940],
            [0x995, 0x9CD, 0x9B7], [0xA95, 0xACD, 0xAB7], [0xB15, 0xB4D, 0xB37], [0xC15, 0xC4D, 0xC37],
            [0xD15, 0xD4D, 0xD37], [0xB95, 0xBCD, 0xBB7], [0x65, 0x301], [0x1F468, 0x200D, 0x1F469, 0x200D, 0x1F467],
            [0x1F1EF, 0x1F1F5, 0x1F1EB, 0x1F1F7, 0x1F1FA], [0x1F44B, 0x1F3FD, 0x1F44D], [0x61, 0xD, 0xA, 0x62],
            [0x1112, 0x1161, 0x11AB, 0xAE00, 0xAC00, 0x11A8], [0x0E01, 0x0E33], [0x2701, 0x200D, 0x2701],
            // GB9c's edges: ZWNJ, CGJ, a nukta, two viramas, a virama of another script, a Tamil pulli.
            [0x915, 0x94D, 0x200C, 0x937], [0x915, 0x94D, 0x34F, 0x937], [0x915, 0x93C, 0x94D, 0x937],
            [0x915, 0x94D, 0x94D, 0x937], [0x915, 0x9CD, 0x937], [0xB95, 0xBCD, 0xBB7], [0x915, 0x94D, 0x61],
        ]
        if let file = try? String(contentsOfFile: Self.breakTest, encoding: .utf8) {
            for line in file.split(separator: "\n") where !line.hasPrefix("#") {
                texts.append(line.split(separator: "#")[0].split(whereSeparator: \.isWhitespace).compactMap { UInt32($0, radix: 16) })
            }
        } else {
            XCTFail("\(Self.breakTest) is missing: scripts/ensure-media installs Debian's unicode-data")
        }
        // One character of each kind the rules tell apart, from Unicode 15.0.
        let pool: [UInt32] = [
            0x61, 0xD, 0xA, 0x1, 0x301, 0x34F, 0x200C, 0x200D, 0xFE0F, 0x1F3FB, 0xE0020, 0x1F1E6, 0x1F1FF, 0x600, 0x903,
            0x1100, 0x1161, 0x11A8, 0xAC00, 0xAC01, 0x1F600, 0x2701, 0xA9, 0x915, 0x937, 0x94D, 0x93C, 0x995, 0x9CD,
            0xD15, 0xD4D, 0xB95, 0xBCD, 0x645, 0x650, 0x20, 0x3099, 0x65E5,
        ]
        var generator = SeededGenerator(seed: 50)
        for _ in 0..<3000 {
            texts.append((0..<Int.random(in: 2...7, using: &generator)).map { _ in pool.randomElement(using: &generator)! })
        }
        let directory = NSTemporaryDirectory() + "ckit-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: directory) }
        let input = directory + "/texts"
        try texts.map { $0.map { String($0, radix: 16) }.joined(separator: " ") }.joined(separator: "\n")
            .appending("\n").write(toFile: input, atomically: true, encoding: .utf8)
        let result = try run(try build("c"), ["split", input])
        XCTAssertEqual(result.status, 0, result.stderr)
        let answers = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(answers.count, texts.count + 1)
        var disagreements = 0
        for (text, answer) in zip(texts, answers) {
            var string = ""
            string.unicodeScalars.append(contentsOf: text.map { Unicode.Scalar($0)! })
            let swift = Graphemes.clusters(string).map { String($0.unicodeScalars.count) }.joined(separator: " ")
            if swift != answer {
                disagreements += 1
                if disagreements <= 20 { XCTFail("\(text.map { String($0, radix: 16) }): C \(answer), Swift \(swift)") }
            }
        }
        XCTAssertEqual(disagreements, 0)
    }
}

extension CKitTests {
    /// effect_kit_step_in_period and Periodic.step are one rule: the same
    /// step for times on, a few ulps either side of, and between the edges
    /// of periods that do not divide evenly, before t = 0 too.
    func testStepsAgreeWithTheSwiftKit() throws {
        var cases: [(t: Double, period: Double, count: Int)] = []
        for period in [1.0 / 6, 0.7, 0.3, 1.0, 2.5, 1.0 / 3] {
            for count in [1, 2, 3, 12] {
                for edge in -24...240 {
                    let t = Double(edge) * period / Double(count)
                    for near in [t, t.nextUp, t.nextDown, t + period, t + 1e-9, t - 1e-9, t + period / Double(count) / 2] {
                        cases.append((near, period, count))
                    }
                }
            }
        }
        cases += [(.nan, 1, 2), (1, .infinity, 2), (1, 0, 2), (1, -1, 2), (1e300, 1e-300, 2)]
        let directory = NSTemporaryDirectory() + "ckit-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: directory) }
        let input = directory + "/steps"
        try cases.map { "\(String($0.t.bitPattern, radix: 16)) \(String($0.period.bitPattern, radix: 16)) \($0.count)" }
            .joined(separator: "\n").appending("\n").write(toFile: input, atomically: true, encoding: .utf8)
        let result = try run(try build("c"), ["steps", input])
        XCTAssertEqual(result.status, 0, result.stderr)
        let answers = result.stdout.split(separator: "\n").map { Int($0) }
        XCTAssertEqual(answers.count, cases.count)
        var disagreements = 0
        for (index, (t, period, count)) in cases.enumerated() where index < answers.count {
            let swift = Periodic.step(t, period: period, count: count)
            if answers[index] != swift {
                disagreements += 1
                if disagreements <= 10 { XCTFail("t \(t), period \(period), \(count) steps: C \(answers[index] ?? -1), Swift \(swift)") }
            }
        }
        XCTAssertEqual(disagreements, 0)
    }
}

/// A small deterministic generator (SplitMix64), so a failure repeats.
private struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
