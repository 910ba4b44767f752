import CEffect
@testable import EffectHost
import Foundation
import XCTest

/// The header's promises at the edges an independent client found broken
/// (issue 18): settled at the reported end, finite at every legal t and
/// param, one-line messages, and NULL reported before a bad index.
final class ContractEdgeTests: XCTestCase {
    private func instance(_ library: String, _ id: String, _ params: [(String, Value)]) throws -> EffectInstance {
        let plugin = try Plugin.load(path: TestEnvironment.buildDirectory + "/" + library)
        return try plugin.instantiate(try XCTUnwrap(plugin.effect(id: id)), params: params)
    }

    /// "Every t >= end gives the frame at end": text-reveal's last unit
    /// used to be a rounding short of settled at its end (progress 0.999 at
    /// duration 1, then 1 just after).
    func testTextRevealIsSettledAtItsEnd() throws {
        var checked = 0
        for duration in [0.3, 0.5, 0.7, 0.8, 1, 1.3, 1.7, 2, 2.5, 3, 5, 10] {
            for delay in [0, 0.05, 0.1, 0.2, 0.25, 0.33, 0.5, 0.7, 1, 2, 3.7] {
                for preset in ["rise", "blur", "soften"] {
                    let reveal = try instance(
                        "libReveal.so", "text-reveal",
                        [
                            ("duration", .number(duration)), ("delay", .number(delay)), ("preset", .choice(preset)),
                            ("highlights", .string("one calm glance")),
                        ])
                    guard case let .ends(end) = try reveal.info().timing else { return XCTFail("text-reveal ends") }
                    let atEnd = try reveal.sample(at: end)
                    XCTAssertEqual(atEnd, try reveal.sample(at: end.nextUp), "duration \(duration) delay \(delay) \(preset)")
                    XCTAssertEqual(atEnd, try reveal.sample(at: end + 1000), "duration \(duration) delay \(delay) \(preset)")
                    checked += 1
                }
            }
        }
        XCTAssertEqual(checked, 12 * 11 * 3)
    }

    /// t / period overflowed to infinity past t ≈ 9e306 at the shortest
    /// period, and the breath came out NaN with status OK.
    func testTrackingBreatheIsFiniteAtTheLargestTimes() throws {
        let breathe = try instance("libBreathe.so", "tracking-breathe", [("period", .number(0.05))])
        for t in [8e306, 9.5e306, 1e308, Double.greatestFiniteMagnitude] {
            let frame = try breathe.sample(at: t)
            XCTAssertTrue(frame.allSatisfy(\.isFinite), "t = \(t): \(frame)")
            XCTAssertTrue((1...9).contains(frame[0]), "tracking within min...max at t = \(t): \(frame[0])")
            XCTAssertTrue((0.98...1).contains(frame[1]), "opacity within 0.98...1 at t = \(t): \(frame[1])")
        }
        // A period of 2^-4 s divides 2^1020 s exactly, so the breath is at
        // phase 0 there: tracking at min_tracking (1), fully opaque, nudged
        // by half the tracking. (t - 0.9 rounds back to 2^1020.)
        let exact = try instance("libBreathe.so", "tracking-breathe", [("period", .number(0.0625))])
        XCTAssertEqual(try exact.sample(at: 0x1p1020), [1, 1, 0.5])
    }

    /// A 1e-300 s breath made the count overflow to infinity by t = 1e10;
    /// a counter stops at 2^53, the largest whole number a double counts to.
    func testBreathingCirclesCountStopsAtTheLargestExactWholeNumber() throws {
        let circles = try instance(
            "libBreathe.so", "breathing-circles",
            [("breathe_in", .number(1e-300)), ("hold_in", .number(0)), ("breathe_out", .number(0)), ("hold_out", .number(0))])
        let breathsTaken = try XCTUnwrap(circles.effect.channels.firstIndex { $0.name == "breaths_taken" })
        for t in [1e10, 1e300, Double.greatestFiniteMagnitude] {
            let frame = try circles.sample(at: t)
            XCTAssertTrue(frame.allSatisfy(\.isFinite), "t = \(t): \(frame)")
            XCTAssertEqual(frame[breathsTaken], 9_007_199_254_740_992, "t = \(t)")
        }
        // Below the limit it still counts exactly: 1 s breaths, 1e6 s in.
        let slow = try instance(
            "libBreathe.so", "breathing-circles",
            [("breathe_in", .number(0.5)), ("hold_in", .number(0)), ("breathe_out", .number(0.5)), ("hold_out", .number(0))])
        XCTAssertEqual(try slow.sample(at: 1_000_000.25)[breathsTaken], 1_000_000)
    }

    // MARK: the raw table

    private func message(_ error: effect_error) -> String {
        withUnsafeBytes(of: error.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }

    private func freshError() -> effect_error {
        var error = effect_error()
        error.struct_size = UInt32(MemoryLayout<effect_error>.size)
        return error
    }

    /// A name or id the caller passes is quoted in the message with its
    /// control characters written out: one line, no terminal escapes.
    func testMessagesStayOneLineWhateverTheCallerPassed() throws {
        let api = try Fixtures.strike().api
        var error = freshError()
        var created: OpaquePointer?
        var setting = effect_param_setting()
        let status = "a\nb".withCString { name in
            setting.name = name
            setting.value = effect_value(type: EFFECT_TYPE_NUMBER, reserved: 0, number: 1, integer: 0, string: nil)
            return api.pointee.create!(api, "strikethrough-reveal", &setting, 1, &created, &error)
        }
        XCTAssertEqual(status, EFFECT_ERR_UNKNOWN_PARAM)
        XCTAssertTrue(message(error).hasPrefix("effect 'strikethrough-reveal' has no param 'a\\u{a}b'"), message(error))
        XCTAssertFalse(message(error).contains("\n"))

        error = freshError()
        XCTAssertEqual(api.pointee.create!(api, "x\u{1B}[31mred\r\t\u{7F}\u{85}", nil, 0, &created, &error), EFFECT_ERR_UNKNOWN_EFFECT)
        XCTAssertTrue(message(error).contains("'x\\u{1b}[31mred\\u{d}\\u{9}\\u{7f}\\u{85}'"), message(error))
        XCTAssertFalse(message(error).unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        XCTAssertNil(created)
    }

    /// The header's order: a NULL pointer is reported before an index that
    /// is out of range.
    func testNullOutIsReportedBeforeABadIndex() throws {
        let api = try Fixtures.strike().api
        var error = freshError()
        var created: OpaquePointer?
        XCTAssertEqual(api.pointee.create!(api, "strikethrough-reveal", nil, 0, &created, &error), EFFECT_OK)
        defer { _ = api.pointee.destroy!(created) }
        XCTAssertEqual(api.pointee.element_info!(created, 0, nil, &error), EFFECT_ERR_NULL_POINTER)
        XCTAssertEqual(message(error), "out is NULL")
        var info = effect_element_info()
        info.struct_size = UInt32(MemoryLayout<effect_element_info>.size)
        XCTAssertEqual(api.pointee.element_info!(created, 0, &info, &error), EFFECT_ERR_INDEX)
        // The same order everywhere: an out-of-range index, an unknown id or
        // name, or a bad time comes second to a NULL the call needs.
        var another: OpaquePointer?
        let notUTF8: [CChar] = [-1, 0]
        let checks: [(String, Int32)] = [
            ("effect_info", api.pointee.effect_info!(api, 99, nil, &error)),
            ("param_info", api.pointee.param_info!(api, 99, 99, nil, &error)),
            ("channel_info", api.pointee.channel_info!(api, 99, 99, nil, &error)),
            ("create", api.pointee.create!(api, "nope", nil, 2, &another, &error)),
            ("get_param", api.pointee.get_param!(created, "nope", .nan, nil, &error)),
            ("strings", api.pointee.strings!(created, .nan, nil, &error)),
            ("get_param, a name that is not UTF-8", api.pointee.get_param!(created, notUTF8, 0, nil, &error)),
            ("set_param, a name that is not UTF-8", api.pointee.set_param!(created, notUTF8, nil, 0, &error)),
            ("create, an id that is not UTF-8", api.pointee.create!(api, notUTF8, nil, 1, &another, &error)),
        ]
        for (call, status) in checks { XCTAssertEqual(status, EFFECT_ERR_NULL_POINTER, call) }
        XCTAssertNil(another)
    }
}
