import Dispatch
import EffectHost
import Synchronization

/// PNG frames encoded and written on every core the process may use while
/// the next frame is drawn. Encoding took ten times as long as drawing and
/// rasterising a frame, on one core while the other idled.
///
/// A frame's pixels are copied out of the canvas into a free slot, and the
/// slot is encoded and written on a concurrent queue. There are between
/// two and eight slots a core (`slotCount`), so at most that many frames
/// wait in memory; when all are busy the drawing thread waits until half
/// are free and then draws that many frames back to back: drawn one at a
/// time, each woke to caches the encoders had filled, and took a sixth
/// longer; eight at a time, a frame of text takes a quarter less than two
/// at a time (docs/benchmarks.md).
/// Each file is still written whole under a temporary name and renamed
/// into place; after the first error no further frame is started, and the
/// error is thrown by the next `submit` or by `finish`.
final class PNGFrameQueue: @unchecked Sendable {
    private final class Slot: @unchecked Sendable {
        var pixels: [UInt8]

        init(bytes: Int) { pixels = [UInt8](repeating: 0, count: bytes) }
    }

    private let slots: FrameSlots<Slot>
    /// Encoders not in use: one for each frame encoded at once, not one a
    /// slot, as an encoder keeps a frame's rows and its file between frames.
    private let encoders: Mutex<[PNGEncoder]>
    /// Processor seconds spent encoding and writing, on every thread.
    private let spent = Mutex(0.0)
    private let group = DispatchGroup()
    private let queue = DispatchQueue(label: "effect-host.png-frames", attributes: .concurrent)
    private let width: Int
    private let height: Int

    /// What the slots may hold at most, in bytes: a slot holds a frame's
    /// pixels and, while it is encoded, an encoder's rows and file (about
    /// three frames in all), so an 8K frame (256 MB) gets one slot.
    static let memory = 1 << 30
    /// The frames' pixels the slots hold together, past two slots a core:
    /// small frames get eight a core, 720p frames (3.7 MB) four or more,
    /// 1080p frames (8.3 MB) two, as before.
    static let batchMemory = 32 << 20

    /// Slots for frames of `width` × `height` pixels and `workers` cores:
    /// eight a core where `batchMemory` holds them, no fewer than two, and
    /// within `memory`, at least one.
    static func slotCount(width: Int, height: Int, workers: Int) -> Int {
        let bytes = max(1, width * height * 4)
        let workers = max(1, workers)
        return max(1, min(min(8 * workers, max(2 * workers, batchMemory / bytes)), memory / (3 * bytes)))
    }

    /// A queue for frames of `width` × `height` pixels, for `workers`
    /// cores to encode.
    init(width: Int, height: Int, workers: Int = Cores.available) throws(NativeError) {
        let count = Self.slotCount(width: width, height: height, workers: workers)
        slots = FrameSlots((0..<count).map { _ in Slot(bytes: width * height * 4) }, refill: count / 2)
        encoders = Mutex([try PNGEncoder()])
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
                var encoder = try encoders.withLock { $0.popLast() } ?? PNGEncoder()
                defer { encoders.withLock { $0.append(encoder) } }
                try slot.pixels.withUnsafeBufferPointer { pixels in
                    try encoder.encode(pixels.baseAddress!, width: width, height: height, stride: width * 4)
                }
                try Files.write(encoder.file, to: path)
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
