@testable import EffectABI
import XCTest

/// A value that holds still between changes: what it reads at, around and
/// between its changes, and what it says about them.
final class StepsTests: XCTestCase {
    /// 10 until 1, 20 from 1 until 3, 30 from 3 on.
    private func tenTwentyThirty() -> Steps<Int> {
        var steps = Steps(initial: 10)
        steps.append(20, at: 1)
        steps.append(30, at: 3)
        return steps
    }

    func testWithoutChangesItHoldsItsInitialValueAtEveryTime() {
        let steps = Steps(initial: 7)
        for t in [0, 0.5, 1e9, .greatestFiniteMagnitude] { XCTAssertEqual(steps.value(at: t), 7, "at \(t)") }
        XCTAssertEqual(steps.initial, 7)
        XCTAssertEqual(steps.final, 7)
        XCTAssertEqual(steps.lastChange, 0)
        XCTAssertTrue(steps.changes.isEmpty)
        XCTAssertEqual(Array(steps.allValues), [7])
    }

    func testItReadsTheValueInForceAtEachTime() {
        let steps = tenTwentyThirty()
        XCTAssertEqual(steps.value(at: 0), 10, "before the first change")
        XCTAssertEqual(steps.value(at: 0.999), 10)
        XCTAssertEqual(steps.value(at: 1), 20, "a change at 1 applies from 1 on")
        XCTAssertEqual(steps.value(at: 2), 20, "between changes")
        XCTAssertEqual(steps.value(at: 3), 30)
        XCTAssertEqual(steps.value(at: 1000), 30, "after the last change")
    }

    func testItDescribesItsChanges() {
        let steps = tenTwentyThirty()
        XCTAssertEqual(steps.initial, 10)
        XCTAssertEqual(steps.final, 30)
        XCTAssertEqual(steps.lastChange, 3)
        XCTAssertEqual(steps.changes.map(\.time), [1, 3])
        XCTAssertEqual(steps.changes.map(\.value), [20, 30])
        XCTAssertEqual(Array(steps.allValues), [10, 20, 30])
    }

    func testAValueEqualToTheCurrentOneIsNotAChange() {
        var steps = tenTwentyThirty()
        steps.append(30, at: 5)
        XCTAssertEqual(steps.lastChange, 3)
        XCTAssertEqual(steps.changes.map(\.time), [1, 3])
        XCTAssertEqual(steps, tenTwentyThirty())

        var still = Steps(initial: 10)
        still.append(10, at: 2)
        XCTAssertTrue(still.changes.isEmpty)
        XCTAssertEqual(still.lastChange, 0)
        XCTAssertEqual(still, Steps(initial: 10))
    }

    func testAChangeAtTheTimeOfTheLastOneReplacesIt() {
        var steps = tenTwentyThirty()
        steps.append(40, at: 3)
        XCTAssertEqual(steps.changes.map(\.time), [1, 3])
        XCTAssertEqual(steps.changes.map(\.value), [20, 40])
        XCTAssertEqual(steps.value(at: 2.5), 20)
        XCTAssertEqual(steps.value(at: 3), 40)
        XCTAssertEqual(steps.final, 40)
        XCTAssertEqual(Array(steps.allValues), [10, 20, 40])
    }

    /// Replaced by the value before it, the last change is no change at
    /// all: gone, not a change from 20 to 20.
    func testReplacingTheLastChangeWithThePreviousValueUndoesIt() {
        var steps = tenTwentyThirty()
        steps.append(20, at: 3)
        XCTAssertEqual(steps.value(at: 3), 20)
        XCTAssertEqual(steps.changes.map(\.time), [1])
        XCTAssertEqual(steps.lastChange, 1)
        var expected = Steps(initial: 10)
        expected.append(20, at: 1)
        XCTAssertEqual(steps, expected)

        var single = Steps(initial: 10)
        single.append(20, at: 1)
        single.append(10, at: 1)
        XCTAssertEqual(single.value(at: 1), 10)
        XCTAssertEqual(single.lastChange, 0)
        XCTAssertTrue(single.changes.isEmpty)
        XCTAssertEqual(single, Steps(initial: 10))
        // And it grows on from there as if the change had never been, in
        // place: no version is left that sees the undone value.
        let storage = single.allValues.storage
        single.append(50, at: 2)
        XCTAssertEqual(single.value(at: 1.5), 10)
        XCTAssertEqual(single.value(at: 2), 50)
        XCTAssertEqual(Array(single.allValues), [10, 50])
        XCTAssertTrue(single.allValues.storage === storage, "the undone slot is written again, not copied")
    }

    func testUndoingAChangeLeavesACopyThatStillSeesItAlone() {
        let original = tenTwentyThirty()
        var undone = original
        undone.append(20, at: 3)
        undone.append(99, at: 4)
        XCTAssertEqual(undone.value(at: 3), 20)
        XCTAssertEqual(undone.value(at: 4), 99)
        XCTAssertEqual(original.value(at: 3), 30, "the growing version did not write over the change it undid")
        XCTAssertEqual(original.value(at: 4), 30)
        XCTAssertEqual(original.changes.map(\.time), [1, 3])
    }

    func testMapTransformsEveryValueAndMergesValuesThatBecomeEqual() {
        let doubled = tenTwentyThirty().map { $0 * 2 }
        XCTAssertEqual(doubled.value(at: 0), 20)
        XCTAssertEqual(doubled.value(at: 1), 40)
        XCTAssertEqual(doubled.value(at: 3), 60)
        XCTAssertEqual(doubled.changes.map(\.time), [1, 3])

        // 10 and 20 both read as "small": the change at 1 is no change.
        let sizes = tenTwentyThirty().map { $0 < 25 ? "small" : "large" }
        XCTAssertEqual(sizes.value(at: 2), "small")
        XCTAssertEqual(sizes.value(at: 3), "large")
        XCTAssertEqual(sizes.changes.map(\.time), [3])
        XCTAssertEqual(Array(sizes.allValues), ["small", "large"])
    }

    func testExtendingACopyLeavesTheOriginalAsItWas() {
        let original = tenTwentyThirty()
        var copy = original
        copy.append(99, at: 4)
        copy.append(100, at: 6)
        XCTAssertEqual(copy.value(at: 5), 99)
        XCTAssertEqual(copy.final, 100)
        XCTAssertEqual(original.value(at: 5), 30)
        XCTAssertEqual(original.value(at: 6), 30)
        XCTAssertEqual(original.final, 30)
        XCTAssertEqual(original.lastChange, 3)
        XCTAssertEqual(Array(original.allValues), [10, 20, 30])
        XCTAssertEqual(original, tenTwentyThirty())

        // Replacing the copy's last change leaves the original's alone too.
        var replaced = original
        replaced.append(-1, at: 3)
        XCTAssertEqual(replaced.value(at: 3), -1)
        XCTAssertEqual(original.value(at: 3), 30)
    }

    /// Change k, at time k / 8 (exact in binary), sets the value k: so the
    /// value at t is the number of changes at or before t.
    func testAThousandChangesReadRightOnJustBeforeAndJustAfterEach() {
        var steps = Steps(initial: 0)
        for k in 1...1000 { steps.append(k, at: Double(k) / 8) }
        XCTAssertEqual(steps.changes.count, 1000)
        XCTAssertEqual(steps.lastChange, 125)
        XCTAssertEqual(steps.final, 1000)
        for k in 1...1000 {
            let time = Double(k) / 8
            XCTAssertEqual(steps.value(at: time), k, "on change \(k)")
            XCTAssertEqual(steps.value(at: time.nextDown), k - 1, "just before change \(k)")
            XCTAssertEqual(steps.value(at: time.nextUp), k, "just after change \(k)")
        }
        XCTAssertEqual(steps.value(at: 0), 0)
        XCTAssertEqual(steps.value(at: 1e6), 1000)
    }
}
