/// An effect type as a plugin registers it: `EffectKind(MyEffect.self)`.
///
/// Its initializer is inlinable, so it is compiled in the plugin's module,
/// where the effect's type is known. There the sampling function borrows the
/// model where it lives, in an immutable box. Generic code in the kit, or a
/// model read through a plain pointer (which the compiler must assume the
/// frame's writes could alias), would copy the whole model on every frame: a
/// retain and release for every array in it.
public struct EffectKind: @unchecked Sendable {
    public let type: any Effect.Type
    @usableFromInline let sample: ModelSampler

    @inlinable
    public init<E: Effect>(_ type: E.Type) {
        self.type = type
        sample = { box, t, frame, globals, stride in
            Unmanaged<ModelBox<E>>.fromOpaque(box)._withUnsafeGuaranteedRef { box in
                box.model.sample(at: t, into: Frame(base: frame, globalCount: globals, elementStride: stride))
            }
        }
    }
}

/// Samples the model in `box` (an unretained `ModelBox` of the effect the
/// sampler was built for) into a frame with the given global count and
/// element stride.
@usableFromInline
typealias ModelSampler = (UnsafeRawPointer, Double, UnsafeMutablePointer<Double>, Int, Int) -> Void

/// An immutable home for a model, replaced whole when an event rebuilds it.
/// Its `let` is what lets the sampler borrow the model instead of copying it.
@usableFromInline
final class ModelBox<E: Effect> {
    @usableFromInline let model: E

    init(_ model: E) {
        self.model = model
    }
}
