/// An effect type as a plugin registers it: `EffectKind(MyEffect.self)`.
///
/// Its initializer is inlinable, so it is compiled in the plugin's module,
/// where the effect's type is known. There the sampling closure reads the
/// model from an immutable box and borrows it; the kit's generic code would
/// copy the whole model first (a retain for every array in it) on every
/// frame.
public struct EffectKind: @unchecked Sendable {
    public let type: any Effect.Type
    @usableFromInline let sample: (AnyObject, Double, UnsafeMutablePointer<Double>, Int, Int) -> Void

    @inlinable
    public init<E: Effect>(_ type: E.Type) {
        self.type = type
        sample = { box, t, frame, globals, stride in
            unsafeDowncast(box, to: ModelBox<E>.self).model.sample(
                at: t, into: Frame(base: frame, globalCount: globals, elementStride: stride))
        }
    }
}

/// An immutable home for a model, replaced whole when an event rebuilds it.
@usableFromInline
final class ModelBox<E: Effect>: @unchecked Sendable {
    @usableFromInline let model: E

    @usableFromInline
    init(_ model: E) {
        self.model = model
    }
}
