import Foundation
import XCTest

/// `run --loop`: a looping effect goes on until stopped, and an effect that
/// ends starts again from 0 after holding its last frame for a second.
final class LoopTests: XCTestCase {
    private func frames(_ arguments: [String]) throws -> [(t: Double, channels: [String: Double])] {
        let result = try TestEnvironment.run(TestEnvironment.effectHost, arguments)
        XCTAssertEqual(result.status, 0, result.stderr)
        return try result.stdout.split(separator: "\n").map { line in
            let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            return (try XCTUnwrap(object["t"] as? Double), try XCTUnwrap(object["channels"] as? [String: Double]))
        }
    }

    private func end(of effect: String) throws -> Double {
        let result = try TestEnvironment.run(TestEnvironment.effectHost, ["info", effect, "--json"])
        let info = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let timing = try XCTUnwrap((info["defaults"] as? [String: Any])?["timing"] as? [String: Any])
        return try XCTUnwrap(timing["end"] as? Double)
    }

    func testAnEffectThatEndsStartsAgainAfterAHold() throws {
        let end = try end(of: "strikethrough-reveal")
        let played = try frames(["run", "strikethrough-reveal", "--loop", "--offline", "--duration", "3", "--fps", "10", "--format", "jsonl"])
        XCTAssertEqual(played.count, 31)
        for (index, frame) in played.enumerated() {
            let runTime = Double(index) / 10
            // Each replay lasts the effect's end plus a second's hold.
            XCTAssertEqual(frame.t, runTime.truncatingRemainder(dividingBy: end + 1), accuracy: 1e-9, "frame \(index)")
        }
        // Held done at 1.0 s of the run; at 1.4 s it is 0.08 s into its second strike.
        XCTAssertEqual(played[10].channels["amount"], 1)
        let second = try XCTUnwrap(played[14].channels["amount"])
        XCTAssertGreaterThan(second, 0)
        XCTAssertLessThan(second, 1, "the strike is drawing again")
    }

    func testALoopingEffectGoesOn() throws {
        let played = try frames(["run", "tracking-breathe", "--loop", "--offline", "--duration", "20", "--fps", "2", "--format", "jsonl"])
        XCTAssertEqual(played.map(\.t), (0...40).map { Double($0) / 2 }, "no wrap: its own loop is in its formula")
    }

    func testOfflineLoopNeedsADuration() throws {
        let result = try TestEnvironment.run(TestEnvironment.effectHost, ["run", "strikethrough-reveal", "--loop", "--offline"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("--loop with --offline needs a --duration"), result.stderr)
    }

    /// In real time, a loop of short breaths is still going long after one
    /// breath (0.4 s), and ends on SIGTERM.
    func testARealTimeLoopRunsUntilStopped() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: TestEnvironment.effectHost)
        process.arguments = [
            "run", "breathing-circles", "--loop", "--fps", "20", "--format", "jsonl", "--param", "breathe_in=0.2",
            "--param", "hold_in=0", "--param", "breathe_out=0.2", "--param", "hold_out=0",
        ]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        usleep(1_500_000)
        XCTAssertTrue(process.isRunning, "still breathing after 1.5 s")
        process.terminate()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 143)
        let last = try XCTUnwrap(String(decoding: data, as: UTF8.self).split(separator: "\n").last)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any])
        XCTAssertGreaterThan(try XCTUnwrap(object["t"] as? Double), 1.0)
    }
}
