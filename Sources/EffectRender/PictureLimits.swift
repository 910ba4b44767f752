import CEffectHost
import EffectHost

/// The numbers every front end takes for a picture (the command line's
/// --scale and --width, effect_host.h's scale and look width, Python's
/// through it), in one place, with the one check of each.
public enum PictureLimits {
    /// Pixels a point: below 0.1 a picture is a few pixels of blur, and
    /// past a canvas's side even a picture one point wide is past it.
    /// Within, the pixels the scale works out decide: a side past
    /// `PixelCanvas.maxSide` is too large (`RenderError.tooLarge`), as a
    /// size asked for is.
    public static let scales = 0.1...Double(PixelCanvas.maxSide)
    /// The width offered to an effect's view, in points: narrower than 10
    /// no word fits, and wider than 10000 no screen shows it. effect_host.h
    /// states it, for the hosts that offer it as a setting.
    public static let proposedWidths = EFFECT_HOST_LOOK_WIDTH_MIN...EFFECT_HOST_LOOK_WIDTH_MAX

    public static func checkScale(_ scale: Double) throws(PictureLimitError) {
        guard scales.contains(scale) else { throw .scale(scale) }
    }

    public static func checkProposedWidth(_ width: Double) throws(PictureLimitError) {
        guard proposedWidths.contains(width) else { throw .proposedWidth(width) }
    }
}

/// A scale or a width outside `PictureLimits`.
public enum PictureLimitError: Error, Equatable, Sendable {
    case scale(Double)
    case proposedWidth(Double)

    /// One line, naming no front end's options.
    public var message: String {
        switch self {
        case let .scale(scale):
            "a scale is \(formatNumber(PictureLimits.scales.lowerBound)) to \(formatNumber(PictureLimits.scales.upperBound)) pixels a point, not \(scale)"
        case let .proposedWidth(width):
            "a width offered to the view is \(formatNumber(PictureLimits.proposedWidths.lowerBound)) to \(formatNumber(PictureLimits.proposedWidths.upperBound)) points, not \(width)"
        }
    }
}
