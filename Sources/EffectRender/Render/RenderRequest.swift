import EffectHost

/// A render's options, checked once for every front end (the command line,
/// effect_host.h): which combinations a render cannot honour, and which
/// frames it writes. Each refusal is a `RenderConflict` carrying its
/// figures, so a front end with options of its own names them in its words.
public struct RenderRequest: Sendable {
    public let target: RenderTarget
    public let fps: Double
    /// How long to render; nil for the effect's own span.
    public let duration: Double?
    /// A still's moment; nil for the moment the effect settles.
    public let time: Double?
    /// Exactly one seamless period of a looping effect.
    public let loops: Bool
    /// Pixels a point (`PictureLimits.scales`); nil for `RenderJob.defaultScale`.
    public let scale: Double?
    /// Exactly this many pixels, when asked for instead of a scale.
    public let size: (width: Int, height: Int)?
    /// How text is written; nil for the target's own way (`RenderPlan`).
    public let text: TextForm?
    /// The ground asked for.
    public let ground: GroundChoice
    /// The appearance asked for; a plugin with one look draws that one (`RenderPlan`).
    public let appearance: Appearance
    /// The width offered to the effect's view, in points (`PictureLimits.proposedWidths`).
    public let proposedWidth: Double

    /// The rate a render takes when none is asked for.
    public static let defaultFPS = 30.0

    /// A scale or a size in pixels was asked for.
    public var sizedInPixels: Bool { scale != nil || size != nil }
    /// SVG keeps its text as text rather than glyph outlines.
    public var keepsText: Bool { text == .text }

    /// Whether the ground lets what is behind it through, in `appearance`
    /// (the default ground depends on it).
    public func seesThrough(in appearance: Appearance) -> Bool {
        Self.seesThrough(ground.css(default: target.defaultGround(for: appearance)))
    }

    /// Whether a ground (a CSS colour, nil for none) lets what is behind it through.
    public static func seesThrough(_ ground: String?) -> Bool {
        guard let ground else { return true }
        return (PixelCanvas.rgba(ground) ?? 0xFF) & 0xFF < 0xFF
    }

    public init(
        target: RenderTarget, fps: Double = RenderRequest.defaultFPS, duration: Double? = nil, time: Double? = nil, loops: Bool = false,
        scale: Double? = nil, size: (width: Int, height: Int)? = nil, text: TextForm? = nil, ground: GroundChoice = .byDefault,
        appearance: Appearance = .light, proposedWidth: Double = FramePicture.defaultProposedWidth
    ) {
        (self.target, self.fps, self.duration, self.time, self.loops) = (target, fps, duration, time, loops)
        (self.scale, self.size, self.text, self.ground) = (scale, size, text, ground)
        (self.appearance, self.proposedWidth) = (appearance, proposedWidth)
    }

    /// The first combination of options the target cannot honour, if any.
    public func check() throws(RenderConflict) {
        do {
            try TimeLimits.checkRate(fps)
            try TimeLimits.checkDuration(duration ?? 0)
            if let time { try TimeLimits.checkMoment(time) }
        } catch {
            throw .outOfLimits(error)
        }
        do {
            if let scale { try PictureLimits.checkScale(scale) }
            try PictureLimits.checkProposedWidth(proposedWidth)
        } catch {
            throw .outOfPictureLimits(error)
        }
        if time != nil, !target.isStill { throw .momentNeedsStill }
        if target.isStill, duration != nil { throw .stillTakesNoDuration }
        if loops, target.isStill { throw .loopNeedsAnimation }
        if loops, duration != nil { throw .loopTakesNoDuration }
        if sizedInPixels, !target.isRaster { throw .pixelsNeedRaster }
        if let size {
            let sides = 1...PixelCanvas.maxSide
            guard sides.contains(size.width), sides.contains(size.height) else {
                throw .sizeOutOfRange(width: size.width, height: size.height, maximum: PixelCanvas.maxSide)
            }
            // A size asked for is kept exactly or refused; only a size a
            // scale works out is rounded up to even sides (RenderJob).
            if case let .movie(_, format) = target, format.needsEvenSize, size.width % 2 != 0 || size.height % 2 != 0 {
                throw .oddSize(width: size.width, height: size.height, format: format)
            }
        }
        if keepsText, target.isRaster { throw .textNeedsSVG }
        if case .movie(_, .gif) = target, fps > MovieFormat.gifMaxFPS { throw .gifFrameRate(maximum: MovieFormat.gifMaxFPS) }
        // The dark look's default ground is as opaque as the light one's.
        if case .movie(_, .mp4) = target, seesThrough(in: appearance) { throw .mp4HasNoAlpha }
    }

    /// The first frame's time and the last frame's index: a still's one
    /// moment, one seamless period of a loop, or every frame of the
    /// duration (by default the effect's span, past `lastEvent`).
    public func frames(of instance: EffectInstance, lastEvent: Double) throws -> (start: Double, last: Int) {
        if target.isStill { return (try time ?? FrameSpan.settledMoment(of: instance, lastEvent: lastEvent), 0) }
        if loops {
            guard let (start, period, frames) = try FrameSpan.period(of: instance, fps: fps) else {
                throw RenderConflict.effectEnds(instance.effect.id)
            }
            guard frames >= 1, frames <= RenderJob.maxFrames else {
                throw RenderConflict.periodTooLong(seconds: period, frames: frames, fps: fps)
            }
            return (start, Int(frames) - 1)
        }
        let limit = if case .page = target { RenderJob.maxPageFrames } else { RenderJob.maxFrames }
        do {
            return (0, try RunLength.lastFrame(of: instance, fps: fps, duration: duration, lastEvent: lastEvent, limit: limit))
        } catch let RunLengthError.tooManyFrames(frames, limit, seconds, _, _) {
            throw RenderConflict.tooManyFrames(frames, limit: limit, seconds: seconds)
        }
    }
}

/// Why a render cannot be made as asked.
public enum RenderConflict: Error, Equatable, Sendable {
    /// A path whose extension names no format a render writes.
    case unknownFormat(suffix: String)
    /// Frames of a format were asked for, and the path is a file.
    case framesNeedDirectory(String, FrameFormat)
    /// A rate, a duration or a moment outside `TimeLimits`.
    case outOfLimits(TimeLimitError)
    /// A scale or a width outside `PictureLimits`.
    case outOfPictureLimits(PictureLimitError)
    /// A moment was given for an animation.
    case momentNeedsStill
    case stillTakesNoDuration
    case loopNeedsAnimation
    case loopTakesNoDuration
    /// A scale or size in pixels for SVG or a page.
    case pixelsNeedRaster
    /// A size in pixels whose sides are not 1 to `maximum`.
    case sizeOutOfRange(width: Int, height: Int, maximum: Int)
    /// An odd side for a format encoded as 4:2:0 video.
    case oddSize(width: Int, height: Int, format: MovieFormat)
    /// Text kept as text for pixels.
    case textNeedsSVG
    case gifFrameRate(maximum: Double)
    case mp4HasNoAlpha
    /// One period was asked for, and this effect ends.
    case effectEnds(String)
    case periodTooLong(seconds: Double, frames: Double, fps: Double)
    /// `frames` over `seconds`, more than the target takes.
    case tooManyFrames(Double, limit: Double, seconds: Double)
    /// Glyph outlines were asked for, and the text is measured with the
    /// reference metrics, which have no glyphs.
    case outlinesNeedShapedFont

    /// One line, naming no front end's options.
    public var message: String {
        switch self {
        case let .unknownFormat(suffix):
            "cannot write .\(suffix) files: a path is a directory (ending in /, existing, or with no extension), or ends in .svg, .png, .html, .gif, .mp4, .webm or .apng"
        case let .framesNeedDirectory(path, format): "\(format.name) frames go into a directory, and \(path) is a file"
        case let .outOfLimits(error): error.message
        case let .outOfPictureLimits(error): error.message
        case .momentNeedsStill: "a moment is rendered as a still: a path ending in .svg or .png"
        case .stillTakesNoDuration: "a still is one moment; it takes no duration"
        case .loopNeedsAnimation: "one period is an animation; a still has one frame"
        case .loopTakesNoDuration: "one period is an animation of its own length; it takes no duration"
        case .pixelsNeedRaster: "a scale or a size in pixels is for pixels: PNG, GIF, MP4, WebM or APNG"
        case let .sizeOutOfRange(width, height, maximum): "a picture is 1 to \(maximum) pixels a side, not \(width) × \(height)"
        case let .oddSize(width, height, format):
            "\(format.name) is 4:2:0 video (yuv420p), which needs even sides: \(width) × \(height) pixels cannot be kept; the nearest even sizes are "
                + Self.evenSizes(width, height).map { "\($0.width) × \($0.height)" }.joined(separator: " and ")
        case .textNeedsSVG: "SVG text is for SVG; pixels are drawn from the glyphs' outlines"
        case let .gifFrameRate(maximum):
            "GIF players slow frames shorter than 1/\(Int(maximum)) s down: \(Int(maximum)) fps or less"
        case .mp4HasNoAlpha: "MP4 has no alpha channel: a ground that is not opaque needs WebM, APNG, PNG or GIF"
        case let .effectEnds(id): "one period was asked for, and \(id) ends instead of looping"
        case let .periodTooLong(seconds, frames, fps):
            "one period is \(readable(seconds)) s: \(formatNumber(frames)) frames at \(formatNumber(fps)) fps"
        case let .tooManyFrames(frames, limit, seconds):
            "\(readable(seconds)) s makes \(formatNumber(frames)) frames; this target takes at most \(formatNumber(limit))"
        case .outlinesNeedShapedFont: "glyph outlines need a font shaped by HarfBuzz, not the reference metrics"
        }
    }

    /// The even sizes nearest an odd one: each odd side one pixel less,
    /// and one pixel more, where that leaves a picture a canvas can have.
    public static func evenSizes(_ width: Int, _ height: Int) -> [(width: Int, height: Int)] {
        let smaller = (width: width - width % 2, height: height - height % 2)
        let larger = (width: width + width % 2, height: height + height % 2)
        return [smaller, larger].filter { $0.width >= 2 && $0.height >= 2 && $0.width <= PixelCanvas.maxSide && $0.height <= PixelCanvas.maxSide }
    }
}
