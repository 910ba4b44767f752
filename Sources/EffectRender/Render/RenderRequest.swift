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
    /// A scale or a size in pixels was asked for.
    public let sizedInPixels: Bool
    /// SVG keeps its text as text rather than glyph outlines.
    public let keepsText: Bool
    /// A transparent ground was asked for.
    public let transparent: Bool

    public init(
        target: RenderTarget, fps: Double, duration: Double? = nil, time: Double? = nil, loops: Bool = false,
        sizedInPixels: Bool = false, keepsText: Bool = false, transparent: Bool = false
    ) {
        (self.target, self.fps, self.duration, self.time, self.loops) = (target, fps, duration, time, loops)
        (self.sizedInPixels, self.keepsText, self.transparent) = (sizedInPixels, keepsText, transparent)
    }

    /// The first combination of options the target cannot honour, if any.
    public func check() throws(RenderConflict) {
        if time != nil, !target.isStill { throw .momentNeedsStill }
        if target.isStill, duration != nil { throw .stillTakesNoDuration }
        if loops, target.isStill { throw .loopNeedsAnimation }
        if loops, duration != nil { throw .loopTakesNoDuration }
        if sizedInPixels, !target.isRaster { throw .pixelsNeedRaster }
        if keepsText, target.isRaster { throw .textNeedsSVG }
        if case .movie(_, .gif) = target, fps > MovieFormat.gifMaxFPS { throw .gifFrameRate(maximum: MovieFormat.gifMaxFPS) }
        if case .movie(_, .mp4) = target, transparent { throw .mp4HasNoAlpha }
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
        let seconds = try duration ?? FrameSpan.seconds(of: instance, lastEvent: lastEvent)
        let last = duration != nil ? FrameSpan.lastFrame(duration: seconds, fps: fps) : FrameSpan.lastFrame(covering: seconds, fps: fps)
        guard last + 1 <= limit else { throw RenderConflict.tooManyFrames(last + 1, limit: limit, seconds: seconds) }
        return (0, Int(last))
    }
}

/// Why a render cannot be made as asked.
public enum RenderConflict: Error, Equatable, Sendable {
    /// A moment was given for an animation.
    case momentNeedsStill
    case stillTakesNoDuration
    case loopNeedsAnimation
    case loopTakesNoDuration
    /// A scale or size in pixels for SVG or a page.
    case pixelsNeedRaster
    /// Text kept as text for pixels.
    case textNeedsSVG
    case gifFrameRate(maximum: Double)
    case mp4HasNoAlpha
    /// One period was asked for, and this effect ends.
    case effectEnds(String)
    case periodTooLong(seconds: Double, frames: Double, fps: Double)
    /// `frames` over `seconds`, more than the target takes.
    case tooManyFrames(Double, limit: Double, seconds: Double)

    /// One line, naming no front end's options.
    public var message: String {
        switch self {
        case .momentNeedsStill: "a moment is rendered as a still: a path ending in .svg or .png"
        case .stillTakesNoDuration: "a still is one moment; it takes no duration"
        case .loopNeedsAnimation: "one period is an animation; a still has one frame"
        case .loopTakesNoDuration: "one period is an animation of its own length; it takes no duration"
        case .pixelsNeedRaster: "a scale or a size in pixels is for pixels: PNG, GIF, MP4, WebM or APNG"
        case .textNeedsSVG: "SVG text is for SVG; pixels are drawn from the glyphs' outlines"
        case let .gifFrameRate(maximum):
            "GIF players slow frames shorter than 1/\(Int(maximum)) s down: \(Int(maximum)) fps or less"
        case .mp4HasNoAlpha: "MP4 has no alpha channel: a transparent ground needs WebM, APNG, PNG or GIF"
        case let .effectEnds(id): "one period was asked for, and \(id) ends instead of looping"
        case let .periodTooLong(seconds, frames, fps):
            "one period is \(readable(seconds)) s: \(formatNumber(frames)) frames at \(formatNumber(fps)) fps"
        case let .tooManyFrames(frames, limit, seconds):
            "\(readable(seconds)) s makes \(formatNumber(frames)) frames; this target takes at most \(formatNumber(limit))"
        }
    }
}
