@testable import EffectHost
import Foundation
import Glibc
import XCTest

/// What this process's own handler counted: a signal a run should have taken.
nonisolated(unsafe) private var caughtByTheProcess: sig_atomic_t = 0

/// Real signals, sent to this process while Players run one after another,
/// as an embedder with several animations runs them: every run hears
/// SIGINT, SIGTERM and SIGHUP, not only the first, and after each run the
/// process's own handlers are back.
final class PlayerSignalTests: XCTestCase {
    private final class SignallingSink: FrameSink {
        let signal: Int32?
        init(_ signal: Int32?) { self.signal = signal }
        func frame(_ frame: SampledFrame) throws {
            if frame.index == 5, let signal { kill(getpid(), signal) }
        }
        func finish(interrupted: Bool) {}
    }

    private func handler(of signal: Int32) -> sighandler_t? {
        var current = sigaction()
        sigaction(signal, nil, &current)
        return current.__sigaction_handler.sa_handler
    }

    /// The runs happen in a process of their own (this test binary again,
    /// running only `testRunsInThisProcess`), so the signals sent reach no
    /// other test's Player.
    func testEveryRunInAProcessStopsOnItsSignalAndGivesTheHandlersBack() throws {
        let result = try TestEnvironment.run(
            try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"), ["EffectHostTests.PlayerSignalTests/testRunsInThisProcess"],
            environment: [Self.childVariable: "1"])
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertTrue(result.stdout.contains("Executed 1 test, with 0 failures"), result.stdout + result.stderr)
    }

    private static let childVariable = "EFFECT_PLAYER_SIGNAL_CHILD"

    func testRunsInThisProcess() throws {
        try XCTSkipUnless(ProcessInfo.processInfo.environment[Self.childVariable] != nil, "run by the test above, in a process of its own")
        let count: @convention(c) (Int32) -> Void = { _ in caughtByTheProcess += 1 }
        var action = sigaction()
        action.__sigaction_handler.sa_handler = count
        sigemptyset(&action.sa_mask)
        var previous: [Int32: sigaction] = [:]
        for number in Player.stopSignals {
            var old = sigaction()
            sigaction(number, &action, &old)
            previous[number] = old
        }
        defer { for (number, var old) in previous { sigaction(number, &old, nil) } }
        let instance = try Fixtures.strikeInstance()
        for signal in [nil, SIGINT, SIGTERM, SIGHUP, SIGINT] as [Int32?] {
            // 3 s of frames at 100 fps: a run the signal does not stop plays them all.
            let report = try Player(instance: instance, fps: 100, lastFrame: 300, sink: SignallingSink(signal)).runRealtime()
            XCTAssertEqual(report.signal, signal)
            if signal != nil { XCTAssertLessThan(report.framesShown + report.framesDropped, 100, "stopped near frame 5") }
            for number in Player.stopSignals {
                XCTAssertEqual(handler(of: number).map { unsafeBitCast($0, to: Int.self) }, unsafeBitCast(count, to: Int.self), "signal \(number)")
            }
            XCTAssertEqual(caughtByTheProcess, 0, "the run took its signal")
        }
    }
}
