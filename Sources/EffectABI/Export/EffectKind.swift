/// An effect type as a plugin registers it: `EffectKind(MyEffect.self)`.
///
/// Its initializer is inlinable, so it is compiled in the plugin's module,
/// where the effect's type is known. There the sampling function borrows the
/// model where it lives, in an immutable box. Generic code in the kit, or a
/// model read through a plain pointer (which the compiler must assume the
/// frame's writes could alias), would copy the whole model on every frame: a
/// retain and release for every array in it.
public struct EffectKind: @unchecked Sendable {
    #if !hasFeature(Embedded)
    public let type: any Effect.Type
    #endif
    /// What the export layer asks of the type, answered where the type is
    /// known: Embedded Swift has no existential metatypes.
    @usableFromInline let facts: EffectTypeFacts
    @usableFromInline let sample: ModelSampler
    @usableFromInline let sampleMany: BatchSampler

    @inlinable
    public init<E: Effect>(_ type: E.Type) {
        #if !hasFeature(Embedded)
        self.type = type
        #endif
        facts = EffectTypeFacts(type)
        // Single frames get a sampler of their own: routed through the batch
        // loop they cost a tenth more.
        sample = { box, t, frame, shape in
            Unmanaged<ModelBox<E>>.fromOpaque(box)._withUnsafeGuaranteedRef { box in
                box.model.sample(at: t, into: Frame(base: frame, globalCount: shape.globals, elementStride: shape.stride))
            }
        }
        sampleMany = { box, t0, dt, count, frames, shape in
            Unmanaged<ModelBox<E>>.fromOpaque(box)._withUnsafeGuaranteedRef { box in
                var frame = frames
                var index = 0
                while index < count {
                    // The same expression as a single sample at that t, so a
                    // batch is bit-identical to single calls.
                    box.model.sample(
                        at: t0 + Double(index) * dt,
                        into: Frame(base: frame, globalCount: shape.globals, elementStride: shape.stride))
                    frame += shape.size
                    index += 1
                }
            }
        }
    }
}

/// Samples the model in `box` (an unretained `ModelBox` of the effect the
/// sampler was built for) at t into one frame of the given shape.
@usableFromInline
typealias ModelSampler = (
    _ box: UnsafeRawPointer, _ t: Double, _ frame: UnsafeMutablePointer<Double>, _ shape: FrameShape
) -> Void

/// Like `ModelSampler`, `count` times, at t0, t0 + dt, ..., into
/// consecutive frames. The loop runs in the plugin's own module, so a batch
/// pays for one call, not one a frame.
@usableFromInline
typealias BatchSampler = (
    _ box: UnsafeRawPointer, _ t0: Double, _ dt: Double, _ count: Int, _ frames: UnsafeMutablePointer<Double>,
    _ shape: FrameShape
) -> Void

/// Where a frame's values go: global channels, then each element's.
@usableFromInline
struct FrameShape {
    @usableFromInline let globals: Int
    @usableFromInline let stride: Int
    /// Doubles in one frame.
    @usableFromInline let size: Int

    init(globals: Int, stride: Int, size: Int) {
        self.globals = globals
        self.stride = stride
        self.size = size
    }
}

/// An immutable home for a model, replaced whole when an event rebuilds it.
/// Its `let` is what lets the sampler borrow the model instead of copying it.
@usableFromInline
final class ModelBox<E: Effect> {
    @usableFromInline let model: E

    init(_ model: E) {
        self.model = model
    }
}
