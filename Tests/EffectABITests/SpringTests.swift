import EffectABI
import Foundation
import ReferenceMath
import XCTest

final class SpringTests: XCTestCase {
    func testStiffnessAndDampingFollowSwiftUI() throws {
        let spring = try XCTUnwrap(Spring(duration: 0.5, bounce: 0.12))
        XCTAssertEqual(spring.stiffness, pow(2 * .pi / 0.5, 2), accuracy: 1e-9)
        XCTAssertEqual(spring.damping, 4 * .pi * 0.88 / 0.5, accuracy: 1e-12)
    }

    func testRefusesImpossibleSprings() {
        XCTAssertNil(Spring(duration: 0, bounce: 0))
        XCTAssertNil(Spring(duration: -1, bounce: 0))
        XCTAssertNil(Spring(duration: .nan, bounce: 0))
        XCTAssertNil(Spring(duration: 1, bounce: 1))
        XCTAssertNil(Spring(duration: 1, bounce: -0.5))
    }

    func testCriticallyDampedMatchesIntegration() throws {
        let spring = try XCTUnwrap(Spring.smooth(duration: 0.5))
        for time in [0.05, 0.1, 0.25, 0.5, 0.8] {
            XCTAssertEqual(spring.value(at: time), Reference.spring(duration: 0.5, bounce: 0, at: time), accuracy: 1e-9)
        }
        // At t = duration: 1 − e^(−2π)(1 + 2π), worked out by hand.
        XCTAssertEqual(spring.value(at: 0.5), 0.986399068534425, accuracy: 1e-12)
    }

    func testBouncySpringOvershoots() throws {
        let spring = try XCTUnwrap(Spring(duration: 0.5, bounce: 0.12))
        for time in [0.05, 0.2, 0.4, 0.5263, 0.7, 1.0] {
            XCTAssertEqual(spring.value(at: time), Reference.spring(duration: 0.5, bounce: 0.12, at: time), accuracy: 1e-9)
        }
        // The first peak is at π/ωd with height 1 + e^(−ζω₀π/ωd): ζ = 0.88,
        // ω₀ = 4π, ωd = ω₀√(1 − ζ²); by hand 1.0029660 at 0.5263450 s.
        XCTAssertEqual(spring.value(at: 0.5263449506665744), 1.0029660142389767, accuracy: 1e-12)
        XCTAssertGreaterThan(spring.value(at: 0.5263449506665744), 1)
    }

    func testStartsAtRest() throws {
        let spring = try XCTUnwrap(Spring(duration: 0.62, bounce: 0))
        XCTAssertEqual(spring.value(at: 0), 0)
        XCTAssertEqual(spring.value(at: -1), 0)
    }

    /// The settle time is the moment the spring comes within 1e-3 of rest
    /// for good: checked against the integrated motion just before it and
    /// at many moments after it.
    func testSettleTimes() throws {
        for (duration, bounce) in [(0.62, 0.0), (0.5, 0.0), (0.5, 0.12), (0.5, 0.5), (1.0, 0.3)] {
            let spring = try XCTUnwrap(Spring(duration: duration, bounce: bounce))
            let settle = spring.settleTime()
            XCTAssertGreaterThan(settle, 0)
            let before = Reference.spring(duration: duration, bounce: bounce, at: settle - 1e-4, steps: 40_000)
            XCTAssertGreaterThan(abs(before - 1), 1e-3, "duration \(duration), bounce \(bounce)")
            for step in 0...40 {
                let time = settle + Double(step) * duration / 10
                let reference = Reference.spring(duration: duration, bounce: bounce, at: time, steps: 40_000)
                XCTAssertLessThanOrEqual(abs(reference - 1), 1e-3 + 1e-9, "t = \(time)")
            }
        }
        // Critically damped, e^(−ω₀t)(1 + ω₀t) = 1e-3 at ω₀t = 9.2334 (solved by
        // hand), so t = 9.2334 · 0.62 / 2π.
        let smooth = try XCTUnwrap(Spring.smooth(duration: 0.62))
        XCTAssertEqual(smooth.settleTime(), 9.233413476 * 0.62 / (2 * .pi), accuracy: 1e-6)
    }
}
