import Dispatch
import EffectHost
import Synchronization

/// PNG frames encoded and written on every core the process may use while
/// the next frame is drawn. Encoding took ten times as long as drawing and
/// rasterising a frame, on one core while the other idled.
///
/// A frame's pixels are copied out of the canvas into a free slot, and the
/// slot is encoded and written on a concurrent queue. There are two slots
/// a core, so at most that many frames wait in memory; when all are busy
/// the drawing thread waits until half are free and then draws that many
/// frames back to back: drawn one at a time, each woke to caches the
/// encoders had filled, and took a sixth longer (docs/benchmarks.md).
/// Each file is still written whole under a temporary name and renamed
/// into place; after the first error no further frame is started, and the
/// error is thrown by the next `submit` or by `finish`.
final class PNGFrameQueue: @unchecked Sendable {
    private final class Slot: @unchecked Sendable {
        var pixels: [UInt8]
        var encoder: PNGEncoder

        init(bytes: Int) throws(NativeError) {
            pixels = [UInt8](repeating: 0, count: bytes)
            encoder = try PNGEncoder()
        }
    }

    private let slots: FrameSlots<Slot>
    /// Processor seconds spent encoding and writing, on every thread.
    private let spent = Mutex(0.0)
    private let group = DispatchGroup()
    private let queue = DispatchQueue(label: "effect-host.png-frames", attributes: .concurrent)
    private let width: Int
    private let height: Int

    /// What the slots may hold at most, in bytes: a slot holds a frame's
    /// pixels and, while it encodes, its rows and its file (about three
    /// frames), so an 8K frame (256 MB) gets one slot, not two a core.
    static let memory = 1 << 30

    /// A queue for frames of `width` × `height` pixels, for `workers`
    /// cores to encode: two slots each.
    init(width: Int, height: Int, workers: Int = Cores.available) throws(NativeError) {
        let count = max(1, min(2 * workers, Self.memory / max(1, 3 * width * height * 4)))
        var free: [Slot] = []
        for _ in 0..<count { free.append(try Slot(bytes: width * height * 4)) }
        slots = FrameSlots(free, refill: count / 2)
        (self.width, self.height) = (width, height)
    }

    /// Processor seconds the frames so far took to encode and write.
    var seconds: Double { spent.withLock { $0 } }

    /// Takes a copy of `canvas`'s pixels and writes them to `path` as a PNG
    /// on another thread; waits while every slot is busy. Throws the first
    /// error an earlier frame met.
    func submit(_ canvas: PixelCanvas, to path: String) throws {
        let slot = try slots.take()
        do {
            try slot.pixels.withUnsafeMutableBytes { try canvas.copyRows(into: $0.baseAddress!) }
        } catch {
            slots.give(slot)
            throw error
        }
        queue.async(group: group) { [self] in
            let start = ThreadClock.now()
            var failure: (any Error)?
            do {
                try slot.pixels.withUnsafeBufferPointer { pixels in
                    try slot.encoder.encode(pixels.baseAddress!, width: width, height: height, stride: width * 4)
                }
                try Files.write(slot.encoder.file, to: path)
            } catch {
                failure = error
            }
            let seconds = ThreadClock.now() - start
            spent.withLock { $0 += seconds }
            slots.give(slot, failure: failure)
        }
    }

    /// Waits for every frame submitted to be written; throws the first
    /// error any of them met.
    func finish() throws {
        group.wait()
        if let error = slots.error { throw error }
    }

    /// Waits for the frames already started, whatever became of them.
    func abandon() {
        slots.fail(RenderError("the render was stopped", kind: .cancelled))
        group.wait()
    }
}
