@testable import EffectABI
import Dispatch
import XCTest

/// The versions of a model share their steps' storage as they grow; none
/// may ever see another's changes (issue 18).
final class SharedArrayTests: XCTestCase {
    func testAVersionGrowingInPlaceLeavesTheOlderOneAsItWas() {
        var older = Steps(initial: 0.0)
        for index in 1...10 { older.append(Double(index), at: Double(index)) }
        var newer = older
        newer.append(99, at: 20)
        XCTAssertEqual(newer.allValues.storage === older.allValues.storage, true, "grown in place, not copied")
        XCTAssertEqual(older.value(at: 100), 10, "the older version still ends at its own last value")
        XCTAssertEqual(Array(older.allValues), (0...10).map(Double.init))
        XCTAssertEqual(newer.value(at: 100), 99)
        XCTAssertNotEqual(older, newer)
    }

    func testTheOlderVersionAppendingCopiesInsteadOfOverwriting() {
        var older = Steps(initial: 0.0)
        older.append(1, at: 1)
        var newer = older
        newer.append(2, at: 2)
        var branch = older
        branch.append(-2, at: 2)
        XCTAssertFalse(branch.allValues.storage === newer.allValues.storage, "a branch gets storage of its own")
        XCTAssertEqual(newer.value(at: 3), 2, "the branch did not write over the newer version's change")
        XCTAssertEqual(branch.value(at: 3), -2)
        XCTAssertEqual(older.value(at: 3), 1)
    }

    func testAChangeAtTheLastTimeReplacesOnlyInItsOwnVersion() {
        var older = Steps(initial: 0.0)
        older.append(1, at: 1)
        var newer = older
        newer.append(5, at: 1)  // the same time: replaces the last value
        XCTAssertEqual(newer.value(at: 2), 5)
        XCTAssertEqual(older.value(at: 2), 1, "the replacement copied first")
        XCTAssertEqual(newer.changes.map(\.time), [1])
    }

    /// A version one short of the end writes the last slot again in place
    /// once no version that saw it is left, and copies while one is.
    func testTheLastSlotIsWrittenAgainOnlyOnceNoVersionSeesIt() {
        var base = Steps(initial: 0.0)
        for index in 1...10 { base.append(Double(index), at: Double(index)) }
        var seen: Steps<Double>? = base
        seen!.append(11, at: 11)
        var redo = base
        redo.append(-11, at: 11)
        XCTAssertFalse(redo.allValues.storage === base.allValues.storage, "a version still sees 11 there: copied")
        XCTAssertEqual(seen!.value(at: 12), 11)

        seen = nil  // the last version that saw 11 is gone
        var again = base
        again.append(-11, at: 11)
        XCTAssertTrue(again.allValues.storage === base.allValues.storage, "no version sees slot 11 any more: in place")
        XCTAssertEqual(again.value(at: 12), -11)
        XCTAssertEqual(base.value(at: 12), 10, "the version one short still ends where it did")
        // And the redone version grows on in place.
        again.append(12, at: 12)
        XCTAssertTrue(again.allValues.storage === base.allValues.storage)
        XCTAssertEqual(Array(again.allValues), (0...10).map(Double.init) + [-11, 12])
    }

    func testCopiesGrowOnManyThreadsAtOnceWithoutSeeingEachOther() {
        var base = Steps(initial: 0)
        for index in 1...100 { base.append(index, at: Double(index)) }
        let copies = 8
        // One slot per thread, written by that thread alone.
        let results = UnsafeMutablePointer<[Int]>.allocate(capacity: copies)
        results.initialize(repeating: [], count: copies)
        defer { results.deinitialize(count: copies); results.deallocate() }
        nonisolated(unsafe) let slots = results
        let shared = base
        DispatchQueue.concurrentPerform(iterations: copies) { copy in
            var mine = shared
            for step in 1...1000 { mine.append(copy * 10_000 + step, at: 100 + Double(step)) }
            slots[copy] = Array(mine.allValues)
        }
        for copy in 0..<copies {
            XCTAssertEqual(results[copy], Array(0...100) + (1...1000).map { copy * 10_000 + $0 }, "copy \(copy)")
        }
        XCTAssertEqual(Array(shared.allValues), Array(0...100), "the shared version is untouched")
    }

    func testATrackSharesItsSegmentsTheSameWay() {
        var older = AnimationTrack(initial: 0)
        older.animate(to: 1, at: 0, with: .linear(duration: 1))
        var newer = older
        newer.animate(to: 0, at: 2, with: .linear(duration: 1))
        XCTAssertEqual(older.value(at: 2.5), 1, "the older track has no second animation")
        XCTAssertEqual(newer.value(at: 2.5), 0.5)
    }
}
