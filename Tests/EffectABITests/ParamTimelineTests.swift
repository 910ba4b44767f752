@testable import EffectABI
import XCTest

/// An instance's params over time: the values given at create, and the
/// events set since, read back at any time.
final class ParamTimelineTests: XCTestCase {
    private enum Mode: String, ParamChoice { case slow, fast, still }

    private static let speed = Param.number("speed", default: 1, range: 0...10, doc: "How fast.")
    private static let count = Param.integer("count", default: 3, range: 0...100, doc: "How many.")
    private static let label = Param.string("label", default: "hi", doc: "What it says.")
    private static let mode = Param.choice("mode", default: Mode.slow, doc: "How it moves.")
    private static let phase = Param.optionalNumber("phase", range: 0...1, doc: "A point to hold.")
    private static let ink = RGBA(red: 0x10, green: 0x20, blue: 0x30)
    private static let paper = RGBA(red: 0xE0, green: 0xD0, blue: 0xC0)
    private static let tint = Param.color("tint", light: ink, dark: paper, doc: "Its colour.")
    private static let reduceMotion = Param.reduceMotion(doc: "Still.")

    private static let specs = [
        speed.spec, count.spec, label.spec, mode.spec, phase.spec, tint.spec, reduceMotion.spec,
    ]

    /// A timeline as create makes it: `given` for the params named there,
    /// each other param's published default.
    private func timeline(given: [String: ParamValue] = [:]) -> ParamTimeline {
        ParamTimeline(
            specs: Self.specs, initial: Self.specs.map { given[$0.name] ?? $0.defaultValue },
            setAtCreate: Self.specs.map { given[$0.name] != nil })
    }

    private func event(_ name: String, _ value: ParamValue, at time: Double) -> ParamEvent {
        ParamEvent(time: time, param: Self.specs.firstIndex { $0.name == name }!, value: value)
    }

    func testCreatedValuesAreTheGivenOnesAndTheDefaultsOtherwise() {
        let params = timeline(given: ["speed": .number(2.5), "mode": .choice(2), "label": .string("yo")])
        XCTAssertEqual(params.created(Self.speed), 2.5)
        XCTAssertEqual(params.created(Self.mode), .still)
        XCTAssertEqual(params.created(Self.label), "yo")
        XCTAssertEqual(params.created(Self.count), 3)
        XCTAssertNil(params.created(Self.phase))
        XCTAssertEqual(params.created(Self.reduceMotion), false)
        XCTAssertEqual(params.eventTimes, [])
        XCTAssertEqual(params.lastEventTime, 0)
    }

    func testAnUnsetAdaptiveColourKeepsBothFormsAndASetOneIsTheSameInBoth() {
        XCTAssertEqual(timeline().created(Self.tint), AdaptiveColor(light: Self.ink, dark: Self.paper))
        XCTAssertEqual(timeline().value(Self.tint, at: 5), AdaptiveColor(light: Self.ink, dark: Self.paper))
        let set = timeline(given: ["tint": .color(0x1122_3344)])
        let expected = RGBA(red: 0x11, green: 0x22, blue: 0x33, alpha: 0x44)
        XCTAssertEqual(set.created(Self.tint), AdaptiveColor(light: expected, dark: expected))
        XCTAssertEqual(set.value(Self.tint, at: 5), AdaptiveColor(light: expected, dark: expected))
    }

    func testAParamTheTimelineLacksReadsAsItsDefault() {
        let other = Param.number("other", default: 0.25, range: 0...1, doc: "Not declared here.")
        let otherTint = Param.color("other_tint", light: Self.ink, dark: Self.paper, doc: "Nor this.")
        var params = timeline()
        params.insert(event("speed", .number(9), at: 1))
        XCTAssertEqual(params.created(other), 0.25)
        XCTAssertEqual(params.value(other, at: 2), 0.25)
        XCTAssertEqual(params.steps(other), Steps(initial: 0.25))
        XCTAssertEqual(params.value(otherTint, at: 2), AdaptiveColor(light: Self.ink, dark: Self.paper))
    }

    func testValuesAroundEvents() {
        var params = timeline(given: ["speed": .number(2.5)])
        params.insert(event("speed", .number(4), at: 1))
        params.insert(event("speed", .number(6), at: 3))
        XCTAssertEqual(params.value(Self.speed, at: 0), 2.5)
        XCTAssertEqual(params.value(Self.speed, at: 1.0.nextDown), 2.5, "just before the first event")
        XCTAssertEqual(params.value(Self.speed, at: 1), 4, "an event at 1 holds from 1 on")
        XCTAssertEqual(params.value(Self.speed, at: 2), 4)
        XCTAssertEqual(params.value(Self.speed, at: 3), 6)
        XCTAssertEqual(params.value(Self.speed, at: 1e9), 6)
        XCTAssertEqual(params.created(Self.speed), 2.5, "events do not change the created value")
        XCTAssertEqual(params.value(Self.count, at: 5), 3, "another param's events leave this one alone")
        XCTAssertEqual(params.eventTimes, [1, 3])
        XCTAssertEqual(params.lastEventTime, 3)
    }

    func testAnOptionalParamIsUnsetUntilAnEventAndAfterOneThatUnsetsIt() {
        var params = timeline()
        params.insert(event("phase", .number(0.5), at: 2))
        params.insert(event("phase", .none, at: 4))
        XCTAssertNil(params.value(Self.phase, at: 1))
        XCTAssertEqual(params.value(Self.phase, at: 2), 0.5)
        XCTAssertNil(params.value(Self.phase, at: 4))
    }

    func testEventsSetOutOfOrderAreKeptInTimeOrder() {
        var params = timeline()
        params.insert(event("count", .integer(30), at: 3))
        params.insert(event("count", .integer(10), at: 1))
        params.insert(event("speed", .number(5), at: 2))
        params.insert(event("count", .integer(20), at: 2))
        XCTAssertEqual(params.events.map(\.time), [1, 2, 2, 3])
        XCTAssertEqual(params.events.map(\.value), [.integer(10), .number(5), .integer(20), .integer(30)])
        XCTAssertEqual(params.value(Self.count, at: 0.5), 3)
        XCTAssertEqual(params.value(Self.count, at: 1), 10)
        XCTAssertEqual(params.value(Self.count, at: 2.5), 20)
        XCTAssertEqual(params.value(Self.count, at: 3), 30)
        XCTAssertEqual(params.eventTimes, [1, 2, 3])
        XCTAssertEqual(params.lastEventTime, 3)
    }

    /// Events at one time stay in the order they were set, wherever they
    /// land, and the last one set at a time is the value from then on.
    func testOfSeveralEventsAtOneTimeTheLastSetCounts() {
        var params = timeline()
        params.insert(event("speed", .number(8), at: 5))
        params.insert(event("speed", .number(4), at: 2))
        params.insert(event("count", .integer(7), at: 2))
        let position = params.insert(event("speed", .number(5), at: 2))
        XCTAssertEqual(position.all, 2, "after both earlier events at 2, before the one at 5")
        XCTAssertEqual(position.ofParam, 1, "after speed's earlier event at 2")
        XCTAssertEqual(params.events.map(\.value), [.number(4), .integer(7), .number(5), .number(8)])
        XCTAssertEqual(params.value(Self.speed, at: 2), 5)
        XCTAssertEqual(params.rawValue(of: 0, at: 2), .number(5))
        XCTAssertEqual(params.value(Self.count, at: 2), 7)
        XCTAssertEqual(params.eventTimes, [2, 5])
        let steps = params.steps(Self.speed)
        XCTAssertEqual(steps.changes.map(\.time), [2, 5])
        XCTAssertEqual(steps.changes.map(\.value), [5, 8])

        params.remove(event("speed", .number(5), at: 2), at: position)
        XCTAssertEqual(params.value(Self.speed, at: 2), 4, "taken back, the earlier event at 2 counts again")
        XCTAssertEqual(params.events.map(\.value), [.number(4), .integer(7), .number(8)])
    }

    func testStepsStartFromTheValueAtZeroAndLeaveOutEventsThatChangeNothing() {
        var params = timeline(given: ["speed": .number(2.5)])
        params.insert(event("speed", .number(3), at: 0))
        params.insert(event("speed", .number(4), at: 1))
        params.insert(event("speed", .number(4), at: 2))
        params.insert(event("count", .integer(9), at: 2.5))
        params.insert(event("speed", .number(6), at: 3))
        let steps = params.steps(Self.speed)
        XCTAssertEqual(steps.initial, 3, "an event at 0 is the value from 0 on")
        XCTAssertEqual(steps.changes.map(\.time), [1, 3])
        XCTAssertEqual(steps.changes.map(\.value), [4, 6])
        XCTAssertEqual(steps.value(at: 2.5), 4)

        XCTAssertEqual(params.steps(Self.mode), Steps(initial: .slow), "a param without events never changes")
    }

    func testIndexOfNamesAParamsPosition() {
        let params = timeline()
        XCTAssertEqual(params.index(of: "speed"), 0)
        XCTAssertEqual(params.index(of: "tint"), 5)
        XCTAssertEqual(params.index(of: "reduce_motion"), 6)
        XCTAssertNil(params.index(of: "Speed"))
        XCTAssertNil(params.index(of: ""))
    }

    /// The stored value, as get_param reports it: the published default for
    /// a param nobody set, not what it reads as unset.
    func testRawValueIsTheStoredValue() {
        var params = timeline(given: ["label": .string("yo")])
        params.insert(event("label", .string("bye"), at: 2))
        XCTAssertEqual(params.rawValue(of: 2, at: 1), .string("yo"))
        XCTAssertEqual(params.rawValue(of: 2, at: 2), .string("bye"))
        XCTAssertEqual(params.rawValue(of: 4, at: 2), ParamValue.none)
        XCTAssertEqual(params.rawValue(of: 5, at: 0), .color(0x1020_30FF))
        XCTAssertEqual(params.rawValue(of: 3, at: 0), .choice(0))
    }
}
