/// Caller-owned memory for one frame, written by channel.
///
/// Global channels come first, then each element's channels in element
/// order. The kit has already checked the capacity, so writes are unchecked,
/// and so is their offset's arithmetic: every offset within a frame was
/// counted, without overflow, when the frame's size was.
public struct Frame<E: Effect> {
    @usableFromInline let base: UnsafeMutablePointer<Double>
    @usableFromInline let globalCount: Int
    @usableFromInline let elementStride: Int

    @inlinable
    init(base: UnsafeMutablePointer<Double>, globalCount: Int, elementStride: Int) {
        self.base = base
        self.globalCount = globalCount
        self.elementStride = elementStride
    }

    @inlinable
    public subscript(channel: E.Channel) -> Double {
        get { base[channel.index] }
        nonmutating set { base[channel.index] = newValue }
    }

    @inlinable
    public subscript(element: Int, channel: E.ElementChannel) -> Double {
        get { base[globalCount &+ element &* elementStride &+ channel.index] }
        nonmutating set { base[globalCount &+ element &* elementStride &+ channel.index] = newValue }
    }
}
