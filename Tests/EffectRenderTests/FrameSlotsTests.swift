import Dispatch
import Synchronization
import XCTest

@testable import EffectRender

/// The drawing thread, once it has waited for a slot, waits for `refill`
/// of them and then draws that many frames back to back. Each test gives
/// every slot back, as a render does before the slots go (Dispatch traps
/// on a semaphore freed below its first count).
final class FrameSlotsTests: XCTestCase {
    private final class Frame: Sendable {}

    func testOnceEverySlotIsBusyTakingWaitsForRefillOfThem() throws {
        let frames = (0..<4).map { _ in Frame() }
        let slots = FrameSlots(frames, refill: 2)
        var taken = try (0..<4).map { _ in try slots.take() }
        XCTAssertEqual(Set(taken.map(ObjectIdentifier.init)), Set(frames.map(ObjectIdentifier.init)))

        let got = DispatchSemaphore(value: 0)
        let next = DispatchQueue(label: "drawing")
        let drawn = Mutex<[Frame]>([])
        next.async {
            for _ in 0..<2 {
                if let frame = try? slots.take() { drawn.withLock { $0.append(frame) } }
                got.signal()
            }
        }
        slots.give(taken.removeLast())
        XCTAssertEqual(got.wait(timeout: .now() + 0.2), .timedOut, "one free slot of the two the refill waits for")
        slots.give(taken.removeLast())
        XCTAssertEqual(got.wait(timeout: .now() + 10), .success)
        XCTAssertEqual(got.wait(timeout: .now() + 10), .success, "the second of the refill is taken without waiting")
        for frame in taken + drawn.withLock({ $0 }) { slots.give(frame) }
    }

    func testARefillOfOneTakesEachSlotAsItComesBack() throws {
        let slots = FrameSlots([Frame(), Frame()])
        let (first, second) = (try slots.take(), try slots.take())
        let got = DispatchSemaphore(value: 0)
        DispatchQueue(label: "drawing").async {
            if let frame = try? slots.take() { slots.give(frame) }
            got.signal()
        }
        slots.give(first)
        XCTAssertEqual(got.wait(timeout: .now() + 10), .success)
        slots.give(second)
    }

    func testAWritersErrorIsThrownByTheNextTake() throws {
        let slots = FrameSlots([Frame(), Frame()], refill: 2)
        let (a, b) = (try slots.take(), try slots.take())
        struct Broken: Error {}
        slots.give(a, failure: Broken())
        slots.give(b)
        XCTAssertThrowsError(try slots.take()) { XCTAssertTrue($0 is Broken) }
    }
}
