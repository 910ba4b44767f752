import EffectHost
import EffectRender

/// `render -o OUT [--format svg|png]`: the target OUT names, or the usage error that says why none.
extension RenderTarget {
    static let choices =
        "a directory (SVG frames, or PNG frames with --format png), or a file ending in .svg, .png, .html, .gif, .mp4, .webm or .apng"

    init(output: String, format: String?) throws(UsageError) {
        if let format, !["svg", "png"].contains(format) {
            throw UsageError("--format must be svg or png (the frames' format in a directory), not '\(Terminal.sanitize(format))'")
        }
        if format != nil, !Self.isDirectory(output) {
            throw UsageError("--format chooses the frames written into a directory; '\(Terminal.sanitize(output))' is a file")
        }
        guard let target = RenderTarget(path: output, pngFrames: format == "png") else {
            throw UsageError(
                "render cannot write .\(Terminal.sanitize(Self.suffix(of: output))) files; -o takes \(Self.choices) (end a directory's name with / when it has a dot)")
        }
        self = target
    }
}
