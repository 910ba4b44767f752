import Foundation
import ReferenceMath
import XCTest

/// The header and the plugins from C and C++, as embedders use them.
final class CEmbeddingTests: XCTestCase {
    func testHeaderCompilesCleanlyAsC99C11AndCxx17() throws {
        let directory = try TestEnvironment.temporaryDirectory(self)
        let source = "#include \"effect.h\"\nint main(void) { return sizeof(effect_plugin_api) > 0 ? 0 : 1; }\n"
        try source.write(toFile: directory + "/check.c", atomically: true, encoding: .utf8)
        try source.replacingOccurrences(of: "(void)", with: "()").write(
            toFile: directory + "/check.cpp", atomically: true, encoding: .utf8)
        let compilers: [(String, [String], String)] = [
            ("cc", ["-std=c99", "-pedantic"], "check.c"), ("cc", ["-std=c11", "-pedantic"], "check.c"),
            ("c++", ["-std=c++17"], "check.cpp"), ("c++", ["-std=c++17", "-pedantic"], "check.cpp"),
        ]
        for (compiler, flags, file) in compilers {
            let result = try TestEnvironment.run(
                "/usr/bin/env",
                [compiler] + flags + ["-Wall", "-Wextra", "-Werror", "-I", TestEnvironment.header, "-c", directory + "/" + file,
                    "-o", directory + "/check.o"])
            XCTAssertEqual(result.status, 0, "\(compiler) \(flags): \(result.stderr)")
        }
    }

    /// A C99 program that knows only effect.h and dlopen samples libStrike.so
    /// with no LD_LIBRARY_PATH: the plugin finds the Swift runtime by itself.
    func testCProgramSamplesStrike() throws {
        let directory = try TestEnvironment.temporaryDirectory(self)
        let program = directory + "/sample_strike"
        try TestEnvironment.compileC(
            [TestEnvironment.fixtures + "/c/sample_strike.c"], output: program, extraFlags: ["-lm"])
        let result = try TestEnvironment.run(program, [TestEnvironment.strikePlugin])
        XCTAssertEqual(result.status, 0, result.stderr)
        var lines: [String: [[Double]]] = [:]
        var text: [String] = []
        for line in result.stdout.split(separator: "\n") {
            let words = line.split(separator: " ").map(String.init)
            if words[0] == "frame" || words[0] == "retract" {
                lines[words[0], default: []].append(words.dropFirst().compactMap(Double.init))
            } else {
                text.append(String(line))
            }
        }
        XCTAssertEqual(text.first, "plugin strike effects 1 first strikethrough-reveal channels 6")
        XCTAssertEqual(lines["frame"]?.count, 4)
        for frame in lines["frame"] ?? [] {
            let expected = Reference.strike(amount: Reference.easeInOut(frame[0] / 0.32)).values
            for (value, reference) in zip(frame.dropFirst(), expected) { XCTAssertEqual(value, reference, accuracy: 1e-12) }
        }
        XCTAssertEqual(lines["retract"]?.count, 3)
        for frame in lines["retract"] ?? [] {
            let old = Reference.easeInOut(frame[0] / 0.32)
            let amount = old + Reference.easeInOut((frame[0] - 0.12) / 0.32) * (0 - old)
            for (value, reference) in zip(frame.dropFirst(), Reference.strike(amount: amount).values) {
                XCTAssertEqual(value, reference, accuracy: 1e-12)
            }
        }
        XCTAssertTrue(text.contains("batch equal"), result.stdout)
        XCTAssertTrue(text.contains("value 0.5 Not done"), result.stdout)
        XCTAssertTrue(text.contains("status nan_time -9 t = nan is not a time; times are finite and >= 0"), result.stdout)
        XCTAssertTrue(text.contains("status negative_time -9 t = -1 is not a time; times are finite and >= 0"), result.stdout)
        XCTAssertTrue(text.contains("status zero_capacity -10 the buffer holds 0 doubles; 6 are needed"), result.stdout)
        XCTAssertTrue(text.contains("status null_frame -1 frame is NULL"), result.stdout)
        XCTAssertTrue(text.contains { $0.hasPrefix("status unknown_param -5 effect 'strikethrough-reveal' has no param 'colour'") })
        XCTAssertTrue(text.contains("refused_instance null"))
    }
}
