import CEffectHost

/// Where a picture goes on a canvas larger than it: a share of the size
/// that fits it (aspect kept), and its place in the room that leaves.
public struct Placement: Equatable, Sendable {
    /// The picture's size as a share of the fitted size: 1 fills the canvas
    /// one way.
    public var size: Double
    /// Across the room left: 0 against the left edge, 0.5 centred, 1
    /// against the right edge; beyond 0 or 1, partly outside.
    public var x: Double
    /// Down the room left: 0 against the top, 1 against the bottom.
    public var y: Double

    public init(size: Double = 1, x: Double = 0.5, y: Double = 0.5) {
        (self.size, self.x, self.y) = (size, x, y)
    }

    /// Fitted and centred, as an SVG viewport shows a picture.
    public static let fitted = Placement()

    /// The largest share: 64 times the fitted size, past which a picture of
    /// any sensible canvas is one colour (effect_host.h states it).
    public static let maxSize = EFFECT_HOST_PLACEMENT_SIZE_MAX

    /// The farthest x or y may be from 0: the picture is wholly outside
    /// long before, and the numbers stay far from where arithmetic on
    /// them loses whole pixels (effect_host.h states it).
    public static let maxOffset = EFFECT_HOST_PLACEMENT_OFFSET_MAX

    /// Why the placement cannot be drawn, or nil when it can.
    public var refusal: String? {
        guard size.isFinite, size > 0, size <= Self.maxSize else {
            return "a placement's size is more than 0 and at most \(Int(Self.maxSize)) times the fitted size, not \(size)"
        }
        guard x.isFinite, y.isFinite else {
            return "a placement's x and y are finite numbers (0 to 1 keeps the picture inside), not \(x) and \(y)"
        }
        guard abs(x) <= Self.maxOffset, abs(y) <= Self.maxOffset else {
            return "a placement's x and y are -1e6 to 1e6 (0 to 1 keeps the picture inside), not \(x) and \(y)"
        }
        return nil
    }
}
