import Dispatch
import EffectHost

/// A movie's frames handed to its encoder on a thread of their own, so the
/// next frame is drawn while ffmpeg takes this one. Drawing used to wait
/// on ffmpeg's pipe, and ffmpeg on the drawing: one core worked at a time.
///
/// The drawing thread copies a frame's premultiplied pixels into a free
/// slot and goes on; the writer divides the alpha back out and sends the
/// slot to the encoder, in order. When every slot is waiting, drawing
/// waits. After the first error no further frame is sent, and the error is
/// thrown by the next `submit` or by `finish`.
final class MovieFrameQueue: @unchecked Sendable {
    /// One frame's bytes, owned by the drawing thread until submitted and by the writer until sent.
    private final class Slot: @unchecked Sendable {
        let bytes: UnsafeMutableRawBufferPointer
        init(bytes: Int) { self.bytes = .allocate(byteCount: bytes, alignment: 16) }
        deinit { bytes.deallocate() }
    }

    private let encoder: any MovieEncoder
    private let slots: FrameSlots<Slot>
    private let group = DispatchGroup()
    private let queue = DispatchQueue(label: "effect-host.movie-frames")
    private let width: Int
    private let height: Int

    /// Frames waiting at most: enough to ride out a frame that draws slowly
    /// or a pause while ffmpeg flushes, bounded in memory.
    static let depth = 3
    static let memory = 256 << 20

    init(encoder: any MovieEncoder, width: Int, height: Int) {
        self.encoder = encoder
        (self.width, self.height) = (width, height)
        let count = max(1, min(Self.depth, Self.memory / max(1, width * height * 4)))
        slots = FrameSlots((0..<count).map { _ in Slot(bytes: width * height * 4) })
    }

    deinit { group.wait() }

    /// Takes a copy of `canvas`'s pixels for the encoder; waits while every
    /// slot is waiting. Throws the first error an earlier frame met.
    func submit(_ canvas: PixelCanvas) throws {
        let slot = try slots.take()
        do {
            try canvas.copyRows(into: slot.bytes.baseAddress!)
        } catch {
            slots.give(slot)
            throw error
        }
        queue.async(group: group) { [self] in
            var failure: (any Error)?
            if slots.error == nil {
                PixelRow.convert(inPlace: slot.bytes.bindMemory(to: UInt32.self).baseAddress!, count: width * height, order: .bgra, straight: true)
                do {
                    try encoder.write(UnsafeRawBufferPointer(slot.bytes))
                } catch {
                    failure = error
                }
            }
            slots.give(slot, failure: failure)
        }
    }

    /// Waits for every frame to reach the encoder and finishes the movie;
    /// throws the first error any frame met.
    func finish() throws {
        group.wait()
        if let error = slots.error {
            encoder.abandon()
            throw error
        }
        try encoder.finish()
    }

    /// Waits for the frame being sent, sends no more, and removes what was written.
    func abandon() {
        slots.fail(RenderError("the render was stopped", kind: .cancelled))
        group.wait()
        encoder.abandon()
    }
}
