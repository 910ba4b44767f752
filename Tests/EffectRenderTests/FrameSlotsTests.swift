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

    func testAPNGRenderHasEightSlotsACoreForSmallFramesAndFewerForLargeOnes() {
        // 1010 × 188 (tracking-breathe at 2×): 760 KB a frame, eight a core.
        XCTAssertEqual(PNGFrameQueue.slotCount(width: 1010, height: 188, workers: 2), 16)
        XCTAssertEqual(PNGFrameQueue.slotCount(width: 1010, height: 188, workers: 1), 8)
        // 1280 × 720: 3,686,400 bytes; 32 MiB holds 9 of them.
        XCTAssertEqual(PNGFrameQueue.slotCount(width: 1280, height: 720, workers: 2), 9)
        // 1920 × 1080: 8,294,400 bytes; 32 MiB holds 4 of them, two a core.
        XCTAssertEqual(PNGFrameQueue.slotCount(width: 1920, height: 1080, workers: 2), 4)
        // 3840 × 2160: 32 MiB holds 1, fewer than two a core: still two a core.
        XCTAssertEqual(PNGFrameQueue.slotCount(width: 3840, height: 2160, workers: 2), 4)
        // 7680 × 4320: 132.7 MB; 1 GiB holds two of its three-frame slots.
        XCTAssertEqual(PNGFrameQueue.slotCount(width: 7680, height: 4320, workers: 2), 2)
        // 16384 × 16384: 1 GiB a frame, past the budget: still one slot.
        XCTAssertEqual(PNGFrameQueue.slotCount(width: 16384, height: 16384, workers: 2), 1)
        XCTAssertEqual(PNGFrameQueue.slotCount(width: 1010, height: 188, workers: 0), 8, "at least one core")
    }
}
