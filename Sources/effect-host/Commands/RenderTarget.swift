import EffectHost
import EffectRender

/// What `render -o OUT` writes, chosen by OUT's extension (and `--format`
/// for a directory of frames).
enum RenderTarget: Equatable {
    case svgFrames(String)
    case pngFrames(String)
    case page(String)
    case svgStill(String)
    case pngStill(String)
    case movie(String, MovieFormat)

    static let choices =
        "a directory (SVG frames, or PNG frames with --format png), or a file ending in .svg, .png, .html, .gif, .mp4, .webm or .apng"

    init(output: String, format: String?) throws(UsageError) {
        let name = output.split(separator: "/").last.map(String.init) ?? output
        let dot = name.lastIndex(of: ".")
        let suffix = dot.map { name[name.index(after: $0)...].lowercased() } ?? ""
        let isDirectory = output.hasSuffix("/") || suffix.isEmpty || Files.isDirectory(output)
        if let format, !["svg", "png"].contains(format) {
            throw UsageError("--format must be svg or png (the frames' format in a directory), not '\(Terminal.sanitize(format))'")
        }
        if isDirectory {
            self = format == "png" ? .pngFrames(output) : .svgFrames(output)
            return
        }
        if format != nil {
            throw UsageError("--format chooses the frames written into a directory; '\(Terminal.sanitize(output))' is a file")
        }
        switch suffix {
        case "svg": self = .svgStill(output)
        case "png": self = .pngStill(output)
        case "html", "htm": self = .page(output)
        default:
            guard let movie = MovieFormat(rawValue: suffix) else {
                throw UsageError(
                    "render cannot write .\(Terminal.sanitize(suffix)) files; -o takes \(Self.choices) (end a directory's name with / when it has a dot)")
            }
            self = .movie(output, movie)
        }
    }

    var path: String {
        switch self {
        case let .svgFrames(path), let .pngFrames(path), let .page(path), let .svgStill(path), let .pngStill(path), let .movie(path, _):
            path
        }
    }

    var isStill: Bool {
        switch self {
        case .svgStill, .pngStill: true
        default: false
        }
    }

    /// Drawn into pixels (rather than written as SVG).
    var isRaster: Bool {
        switch self {
        case .pngFrames, .pngStill, .movie: true
        default: false
        }
    }

    /// Whether the picture keeps an alpha channel, so a transparent
    /// background is the default.
    var hasAlpha: Bool {
        switch self {
        case .pngFrames, .pngStill: true
        case let .movie(_, format): format.hasAlpha
        default: false
        }
    }
}
