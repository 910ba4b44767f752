import EffectABI
import ReferenceMath
import XCTest

final class AnimationTrackTests: XCTestCase {
    func testSingleAnimation() {
        var track = AnimationTrack(initial: 0)
        track.animate(to: 1, at: 0, with: .easeInOut(duration: 0.32))
        XCTAssertEqual(track.value(at: 0), 0)
        XCTAssertEqual(track.value(at: 0.16), 0.5, accuracy: 1e-12)
        XCTAssertEqual(track.value(at: 0.32), 1)
        XCTAssertEqual(track.value(at: 5), 1)
        XCTAssertEqual(track.settleTime, 0.32)
    }

    /// SwiftUI's merge: old(t) + e((t − t₁)/d) · (target − old(t)).
    func testRetargetBlendsFromTheRunningAnimation() {
        var track = AnimationTrack(initial: 0)
        track.animate(to: 1, at: 0, with: .easeInOut(duration: 0.32))
        track.animate(to: 0, at: 0.12, with: .easeInOut(duration: 0.32))
        for t in [0.0, 0.1, 0.12, 0.2, 0.3, 0.35, 0.44, 1] {
            let old = Reference.easeInOut(t / 0.32)
            let expected = old + Reference.easeInOut((t - 0.12) / 0.32) * (0 - old)
            XCTAssertEqual(track.value(at: t), expected, accuracy: 1e-12, "t = \(t)")
        }
        XCTAssertEqual(track.settleTime, 0.44, accuracy: 1e-15)
    }

    func testThreeRetargets() {
        var track = AnimationTrack(initial: 0)
        track.animate(to: 1, at: 0, with: .easeInOut(duration: 1))
        track.animate(to: 0, at: 0.3, with: .easeInOut(duration: 1))
        track.animate(to: 1, at: 0.5, with: .easeInOut(duration: 1))
        for t in [0.4, 0.6, 1.1, 1.4, 1.6] {
            let first = Reference.easeInOut(t)
            let second = first + Reference.easeInOut(t - 0.3) * (0 - first)
            let third = second + Reference.easeInOut(t - 0.5) * (1 - second)
            XCTAssertEqual(track.value(at: t), third, accuracy: 1e-12, "t = \(t)")
        }
        XCTAssertEqual(track.value(at: 1.5), 1)
    }

    func testSettingTheSameTargetStartsNothing() {
        var track = AnimationTrack(initial: 0)
        track.animate(to: 1, at: 0, with: .easeInOut(duration: 1))
        track.animate(to: 1, at: 0.5, with: .easeInOut(duration: 1))
        XCTAssertEqual(track.settleTime, 1)
        XCTAssertEqual(track.value(at: 0.5), 0.5, accuracy: 1e-12)
    }

    func testJump() {
        var track = AnimationTrack(initial: 0)
        track.animate(to: 1, at: 0, with: .easeInOut(duration: 1))
        track.jump(to: 0.25, at: 0.5)
        XCTAssertEqual(track.value(at: 0.4999), Reference.easeInOut(0.4999), accuracy: 1e-12)
        XCTAssertEqual(track.value(at: 0.5), 0.25)
        XCTAssertEqual(track.value(at: 3), 0.25)
    }

    func testSteps() {
        var steps = Steps(initial: 1.0)
        steps.append(1.0, at: 0.5)
        steps.append(2.0, at: 1)
        steps.append(3.0, at: 2)
        XCTAssertEqual(steps.value(at: 0), 1)
        XCTAssertEqual(steps.value(at: 0.99), 1)
        XCTAssertEqual(steps.value(at: 1), 2)
        XCTAssertEqual(steps.value(at: 10), 3)
        XCTAssertEqual(steps.changes.map(\.time), [1, 2])
        XCTAssertEqual(steps.lastChange, 2)
    }
}
