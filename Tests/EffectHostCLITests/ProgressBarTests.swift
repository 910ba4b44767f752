import Glibc
import XCTest

@testable import effect_host

/// Progress where stderr is not a terminal: a line every ten seconds of a
/// long render, none for a short one (issue 34: an 8192 × 8192 GIF took
/// hours and said nothing to a log).
final class ProgressBarTests: XCTestCase {
    private func lines(total: Int, steps: [(seconds: Double, done: Int)]) throws -> [String] {
        var ends: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&ends), 0)
        defer { close(ends[0]) }
        var now = 100.0
        let output = Output(descriptor: ends[1])
        let bar = ProgressBar(label: "render", total: total, clock: { now }, onTerminal: false, output: output)
        for step in steps {
            now = 100 + step.seconds
            bar.update(done: step.done)
        }
        try output.flush()
        close(ends[1])
        var bytes = [UInt8](repeating: 0, count: 4096)
        let count = read(ends[0], &bytes, bytes.count)
        return String(decoding: bytes[0..<max(0, count)], as: UTF8.self).split(separator: "\n").map(String.init)
    }

    func testALongRenderSaysHowFarItIsEveryTenSeconds() throws {
        let steps = stride(from: 1.0, through: 35, by: 1).map { ($0, Int($0) * 10) }
        XCTAssertEqual(
            try lines(total: 400, steps: steps),
            [
                "effect-host: render: 100/400 frames (25%) in 10 s, 10.0 frames/s",
                "effect-host: render: 200/400 frames (50%) in 20 s, 10.0 frames/s",
                "effect-host: render: 300/400 frames (75%) in 30 s, 10.0 frames/s",
            ])
    }

    func testAShortOneSaysNothing() throws {
        XCTAssertEqual(try lines(total: 90, steps: [(3, 30), (6, 60), (9.5, 90)]), [])
    }
}
