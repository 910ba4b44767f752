import Dispatch
import EffectHost
import Synchronization

/// A fixed set of frame buffers passed between the drawing thread, which
/// fills a free one, and the threads that write them out, which give it
/// back. Drawing waits while none is free, so frames in memory stay
/// bounded; once it has taken the last free one, it waits until `refill`
/// are free, and draws that many frames back to back. The first error a
/// writer meets is kept: no slot is handed out after it, and `take`
/// throws it. One thread takes.
final class FrameSlots<Slot: AnyObject & Sendable>: Sendable {
    private struct State: ~Copyable {
        var free: [Slot]
        var error: (any Error)?
        /// The last free slot was taken: the next take waits for `refill`.
        var drained = false
    }

    private let state: Mutex<State>
    private let available: DispatchSemaphore
    private let refill: Int

    /// `refill` is cut to 1...slots.count.
    init(_ slots: [Slot], refill: Int = 1) {
        state = Mutex(State(free: slots))
        available = DispatchSemaphore(value: slots.count)
        self.refill = min(max(1, refill), max(1, slots.count))
    }

    /// A free slot, once one is (once `refill` are, after the last was
    /// taken); throws the first error kept.
    func take() throws -> Slot {
        if refill > 1, state.withLock({ $0.drained }) {
            // An error kept already is thrown now, not once the refill is back.
            if let error { throw error }
            for _ in 0..<refill { available.wait() }
            for _ in 1..<refill { available.signal() }
        } else {
            available.wait()
        }
        let taken = state.withLock { state -> Result<Slot, any Error> in
            if let error = state.error { return .failure(error) }
            let slot = state.free.removeLast()
            state.drained = state.free.isEmpty
            return .success(slot)
        }
        if case .failure = taken { available.signal() }
        return try taken.get()
    }

    /// Gives a slot back, with the error its frame met, if any.
    func give(_ slot: Slot, failure: (any Error)? = nil) {
        state.withLock { state in
            state.free.append(slot)
            if state.error == nil, let failure { state.error = failure }
        }
        available.signal()
    }

    /// Keeps `error` unless one is kept already: no further slot is handed out.
    func fail(_ error: any Error) {
        state.withLock { state in if state.error == nil { state.error = error } }
    }

    /// The first error kept, if any.
    var error: (any Error)? { state.withLock { $0.error } }
}

extension PixelCanvas {
    /// The canvas's premultiplied words copied into `target`, rows packed
    /// (width × 4 bytes apart).
    func copyRows(into target: UnsafeMutableRawPointer) throws {
        let rowBytes = width * 4
        try readingPixels { data, stride in
            for y in 0..<height { (target + y * rowBytes).copyMemory(from: data + y * stride, byteCount: rowBytes) }
        }
    }
}
