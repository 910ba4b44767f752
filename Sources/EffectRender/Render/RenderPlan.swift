import EffectHost

/// The ground a picture is asked for.
public enum GroundChoice: Equatable, Sendable {
    /// What the target gives the appearance (`RenderTarget.defaultGround`).
    case byDefault
    case transparent
    /// A CSS colour, "#rrggbb" or "#rrggbbaa".
    case color(String)

    /// A ground written as text: "transparent" or "none", or a colour
    /// (`ColorText`); nil for anything else.
    public init?(text: String) {
        if text == "transparent" || text == "none" {
            self = .transparent
        } else if let rgba = ColorText.parse(text) {
            self = .color(ColorText.css(rgba))
        } else {
            return nil
        }
    }

    /// The ground as CSS, nil for none; `byDefault` is `fallback`.
    public func css(default fallback: String?) -> String? {
        switch self {
        case .byDefault: fallback
        case .transparent: nil
        case let .color(css): css
        }
    }
}

/// How a render writes text.
public enum TextForm: Equatable, Sendable {
    /// SVG keeps it as text, selectable, in the fonts' family; pixels cannot.
    case text
    /// Glyph outlines, the same in every viewer; they need a shaped font.
    case outlines
    /// Glyph outlines where a shaped font draws them, and text otherwise.
    case outlinesWhereShaped
}

/// What a render does otherwise than asked, or cannot keep: said once to
/// whoever asked, in no front end's words.
public enum RenderNote: Equatable, Sendable {
    /// A plugin before ABI 1.3 has its light look only, and is drawn on the light ground.
    case oneLook(file: String, abiMinor: UInt32)
    /// A transparent GIF: its one transparent colour keeps faint ink opaque.
    case gifAlpha
    /// Pixels of text measured with the reference metrics, which have no glyphs.
    case referenceText

    public var message: String {
        switch self {
        case let .oneLook(file, minor): "\(file) is an ABI 1.\(minor) plugin with one look; drawing it on the light ground"
        case .gifAlpha: "GIF has one transparent colour and no partial alpha: faint ink becomes opaque"
        case .referenceText:
            "text is drawn in cairo's own sans-serif, stretched to the reference metrics' widths; with no fallback font, characters it lacks draw as boxes"
        }
    }
}

/// Everything a render of one instance decides, for every front end: the
/// request checked, the frames, the appearance and ground drawn, how text
/// is written, and what to tell whoever asked. A front end maps its
/// options into a `RenderRequest`, says the notes, and runs the job.
public struct RenderPlan {
    public let request: RenderRequest
    public let instance: EffectInstance
    /// The first frame's time and the last frame's index.
    public let start: Double
    public let lastFrame: Int
    /// The appearance drawn: the one asked for, or a one-look plugin's light one.
    public let appearance: Appearance
    /// The ground drawn, as CSS; nil for none.
    public let ground: String?
    /// What to tell whoever asked, before the frames.
    public let notes: [RenderNote]

    /// Checks `request` (`RenderConflict`), settles its frames (after
    /// `lastEvent`, the latest event set on `instance`), then the look.
    public init(_ request: RenderRequest, instance: EffectInstance, lastEvent: Double) throws {
        try request.check()
        (self.request, self.instance) = (request, instance)
        (start, lastFrame) = try request.frames(of: instance, lastEvent: lastEvent)
        appearance = instance.drawnAppearance(request.appearance)
        ground = request.ground.css(default: request.target.defaultGround(for: appearance))
        var notes: [RenderNote] = []
        if appearance != request.appearance {
            notes.append(.oneLook(file: instance.plugin.fileName, abiMinor: instance.plugin.info.abiMinor))
        }
        if case .movie(_, .gif) = request.target, ground == nil { notes.append(.gifAlpha) }
        self.notes = notes
    }

    public var frameCount: Int { lastFrame + 1 }

    /// How SVG writes text with `fonts` (nil: the reference metrics), and
    /// the note that goes with it: unless asked otherwise, SVG keeps text
    /// and pixels draw outlines.
    public func textStyle(fonts: FontBook?) throws(RenderConflict) -> (style: DisplayListSVG.TextStyle, note: RenderNote?) {
        let target = request.target
        let form = request.text ?? (target.isRaster ? .outlinesWhereShaped : .text)
        guard let fonts else {
            if form == .outlines { throw .outlinesNeedShapedFont }
            return (.text(family: nil), target.isRaster ? .referenceText : nil)
        }
        return (form == .text && !target.isRaster ? .text(family: fonts.family) : .outlines(fonts), nil)
    }

    /// The job that writes the frames, its picture drawn with `fonts`, and
    /// the note its text brings; a page names `described` under its title.
    public func job(fonts: FontBook?, described: [String] = []) throws -> (job: RenderJob, notes: [RenderNote]) {
        var style = PictureStyle(appearance: appearance)
        style.background = ground
        style.fonts = fonts
        let (text, note) = try textStyle(fonts: fonts)
        style.text = text
        let picture = try makePicture(for: instance, proposedWidth: request.proposedWidth, style: style)
        let job = try RenderJob(
            instance: instance, picture: picture, target: request.target, fps: request.fps, start: start, lastFrame: lastFrame,
            scale: request.scale ?? RenderJob.defaultScale, size: request.size)
        job.pageLoopsEveryFrame = request.loops
        job.pageSubtitle = pageSubtitle(described: described)
        return (job, note.map { [$0] } ?? [])
    }

    /// What a page says under its title: the effect, its frames, the
    /// plugin, and `described` (its params and events, as the front end writes them).
    public func pageSubtitle(described: [String] = []) -> String {
        "\(instance.effect.name): \(frameCount) frames sampled at \(formatNumber(request.fps)) fps from \(instance.plugin.fileName)"
            + (described.isEmpty ? "" : "; " + described.joined(separator: ", "))
    }
}

extension EffectInstance {
    /// The appearance the instance draws when `asked` is: a plugin before
    /// ABI 1.3 has its light look only (one that does not draw is pictured
    /// by the host, in any appearance).
    public func drawnAppearance(_ asked: Appearance) -> Appearance {
        plugin.adaptsToAppearance || !plugin.canDraw ? asked : .light
    }
}

extension Plugin {
    /// The plugin named by its file alone: a page is shared, and the path
    /// of a local build says nothing to whoever opens it.
    public var fileName: String { path.split(separator: "/").last.map(String.init) ?? path }
}
