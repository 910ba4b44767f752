import EffectHost

/// What a render writes.
public enum RenderTarget: Equatable, Sendable {
    /// Numbered SVG frames (frame-00000.svg, ...) in a directory.
    case svgFrames(String)
    /// Numbered PNG frames in a directory.
    case pngFrames(String)
    /// A self-contained HTML page that plays the frames.
    case page(String)
    case svgStill(String)
    case pngStill(String)
    /// A GIF, MP4, WebM or APNG, encoded by ffmpeg.
    case movie(String, MovieFormat)

    /// The target a path names by its extension: a still, a page or a
    /// movie; nil for a name whose extension no render writes. A directory
    /// (a path ending in /, without an extension, or an existing directory)
    /// takes frames, PNG if `pngFrames`.
    public init?(path: String, pngFrames: Bool = false) {
        if Self.isDirectory(path) {
            self = pngFrames ? .pngFrames(path) : .svgFrames(path)
            return
        }
        switch Self.suffix(of: path) {
        case "svg": self = .svgStill(path)
        case "png": self = .pngStill(path)
        case "html", "htm": self = .page(path)
        default:
            guard let movie = MovieFormat(rawValue: Self.suffix(of: path)) else { return nil }
            self = .movie(path, movie)
        }
    }

    /// The target `path` names, with `frames` the format of frames in a
    /// directory (nil: SVG), or why it names none.
    public init(path: String, frames: FrameFormat?) throws(RenderConflict) {
        if let frames, !Self.isDirectory(path) { throw .framesNeedDirectory(path, frames) }
        guard let target = RenderTarget(path: path, pngFrames: frames == .png) else { throw .unknownFormat(suffix: Self.suffix(of: path)) }
        self = target
    }

    /// Whether `path` names a directory of frames rather than a file.
    public static func isDirectory(_ path: String) -> Bool {
        path.hasSuffix("/") || suffix(of: path).isEmpty || Files.isDirectory(path)
    }

    /// The extension of the path's last component, lowercased ("" for none).
    public static func suffix(of path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return name.lastIndex(of: ".").map { name[name.index(after: $0)...].lowercased() } ?? ""
    }

    public var path: String {
        switch self {
        case let .svgFrames(path), let .pngFrames(path), let .page(path), let .svgStill(path), let .pngStill(path), let .movie(path, _):
            path
        }
    }

    public var isStill: Bool {
        switch self {
        case .svgStill, .pngStill: true
        default: false
        }
    }

    /// Drawn into pixels (rather than written as SVG).
    public var isRaster: Bool {
        switch self {
        case .pngFrames, .pngStill, .movie: true
        default: false
        }
    }

    /// The ground a picture gets when none is asked for: none (transparent)
    /// where the format keeps alpha and the ink is the light look's dark ink,
    /// which shows on any viewer's own ground; otherwise the appearance's
    /// ground, so the dark look's light ink is never left on nothing.
    public func defaultGround(for appearance: Appearance) -> String? {
        hasAlpha && appearance == .light ? nil : PictureStyle.ground(for: appearance)
    }

    /// Whether the picture keeps an alpha channel.
    public var hasAlpha: Bool {
        switch self {
        case .pngFrames, .pngStill: true
        case let .movie(_, format): format.hasAlpha
        default: false
        }
    }
}

/// The format of the frames a render writes into a directory.
public enum FrameFormat: String, CaseIterable, Sendable {
    case svg, png

    /// How people write the format's name.
    public var name: String { rawValue.uppercased() }
}
