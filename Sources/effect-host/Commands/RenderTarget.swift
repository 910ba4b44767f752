import EffectHost
import EffectRender

/// `render -o OUT [--format svg|png]`: the target OUT names, or the usage error that says why none.
extension RenderTarget {
    static let choices =
        "a directory (SVG frames, or PNG frames with --format png), or a file ending in .svg, .png, .html, .gif, .mp4, .webm or .apng"

    init(output: String, format: String?) throws(UsageError) {
        let frames = try format.map { format throws(UsageError) in
            guard let frames = FrameFormat(rawValue: format) else {
                throw UsageError("--format must be svg or png (the frames' format in a directory), not '\(Terminal.sanitize(format))'")
            }
            return frames
        }
        do {
            try self.init(path: output, frames: frames)
        } catch {
            throw RenderCommand.usage(error)
        }
    }
}
