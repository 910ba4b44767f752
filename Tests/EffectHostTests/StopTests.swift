import Foundation
import XCTest

/// Ctrl-C always works: the first stops a run cleanly; when a plugin call
/// never returns, a second one quits at once with status 130. In real time
/// every frame reaches a pipe as it is made.
final class StopTests: XCTestCase {
    func testASecondCtrlCQuitsARunStuckInAPluginCall() throws {
        let directory = try TestEnvironment.temporaryDirectory(self)
        let plugin = try Fixtures.testPlugin("hangs.so", in: directory, defines: ["BROKEN_HANG", "HANG_AT=0.3"])
        let process = Process()
        process.executableURL = URL(fileURLWithPath: TestEnvironment.effectHost)
        process.arguments = ["run", "test-ramp", "--plugin-path", plugin, "--format", "jsonl", "--fps", "20", "--param", "length=10"]
        process.environment = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]
        let framesFile = directory + "/frames"
        let errorsFile = directory + "/errors"
        _ = FileManager.default.createFile(atPath: framesFile, contents: nil)
        _ = FileManager.default.createFile(atPath: errorsFile, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: framesFile))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errorsFile))
        try process.run()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }

        // The frames before the hang (t ≤ 0.3 s at 20 fps) are in the file
        // while the process is still stuck: flushed one by one, not held.
        let frames = try waitFor(seconds: 20) {
            let lines = try String(contentsOfFile: framesFile, encoding: .utf8).split(separator: "\n")
            return lines.count >= 6 ? lines : nil
        }
        XCTAssertEqual(frames.first.map(String.init), #"{"t": 0, "channels": {"value": 0}}"#)
        Thread.sleep(forTimeInterval: 0.3)
        XCTAssertTrue(process.isRunning, "stuck in the plugin's sample")

        kill(process.processIdentifier, SIGINT)
        let hint = try waitFor(seconds: 10) {
            let text = try String(contentsOfFile: errorsFile, encoding: .utf8)
            return text.contains("press Ctrl-C again") ? text : nil
        }
        XCTAssertEqual(hint, "effect-host: test-ramp is not answering; press Ctrl-C again to quit at once\n")
        XCTAssertTrue(process.isRunning, "the first Ctrl-C waits for the frame in progress")

        kill(process.processIdentifier, SIGINT)
        _ = try waitFor(seconds: 10) { process.isRunning ? nil : true }
        XCTAssertEqual(process.terminationReason, .exit)
        XCTAssertEqual(process.terminationStatus, 130)
    }

    private func waitFor<T>(seconds: Double, _ probe: () throws -> T?) throws -> T {
        let deadline = Date(timeIntervalSinceNow: seconds)
        while Date() < deadline {
            if let value = try probe() { return value }
            Thread.sleep(forTimeInterval: 0.02)
        }
        XCTFail("not within \(seconds) s")
        throw CancellationError()
    }
}
