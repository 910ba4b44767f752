import EffectHost

/// The display list a picture last drew, so that a caller who keeps the
/// pixels it drew (a texture, a window's buffer) can ask whether another
/// frame would draw differently and skip the draw when it would not: a
/// settled effect then costs a plugin draw a frame, no raster.
public struct LastDrawn: Sendable {
    private var items: [DrawItem]?

    public init() {}

    /// Forgets the last list: a draw starting (one that fails leaves
    /// nothing to compare with), or pixels the caller no longer has.
    public mutating func forget() { items = nil }

    /// `list` was drawn whole.
    public mutating func remember(_ list: DisplayList) { items = list.items }

    /// Whether `list` would draw otherwise than the last list drawn (see
    /// `DisplayList.drawsTheSame`); true before any draw, or after one
    /// that failed.
    public func wouldChange(to list: DisplayList) -> Bool {
        guard let items else { return true }
        return !DisplayList.sameItems(items, list.items)
    }
}

extension FramePicture {
    /// Whether the frame of `instance` at `t` would draw otherwise than
    /// `last`: one plugin draw (its text measured), no raster.
    public func wouldChange(_ instance: EffectInstance, at t: Double, since last: LastDrawn) throws -> Bool {
        last.wouldChange(to: try displayList(of: instance, at: t))
    }
}
