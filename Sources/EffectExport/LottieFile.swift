import EffectHost
import EffectRender

/// An effect as a Lottie animation, ready to write: Lottie JSON, or the
/// same animation zipped as a dotLottie archive. Text is drawn as glyph
/// outlines, so a Lottie file needs a shaping font (`FontBook`).
public struct LottieFile {
    /// The file's bytes.
    public let bytes: [UInt8]
    /// The animation's size in points, and its frame count at the settings' fps.
    public let width: Int
    public let height: Int
    public let frameCount: Int
    /// What the animation leaves out that the effect draws (a blur Lottie
    /// players cannot draw, say), one line each.
    public let notes: [String]

    /// `periodOnly`: the repeating period alone, seamless when a player
    /// loops it (a looping effect only); otherwise the entrance and one
    /// period, or the whole timeline of an effect that ends.
    public init(
        _ instance: EffectInstance, fonts: FontBook, appearance: Appearance = .light, settings: ExportSettings = ExportSettings(),
        periodOnly: Bool = false, archived: Bool = false
    ) throws {
        if periodOnly, case .ends = try instance.info().timing {
            throw ExportError.endsInsteadOfLooping(effect: instance.effect.id)
        }
        var export = try LottieExport(
            scene: try settings.scene(instance, appearance, fonts: fonts), fonts: fonts, fps: settings.fps,
            title: instance.effect.name, periodOnly: periodOnly)
        let json = Array(try export.document().text().utf8)
        bytes =
            archived
            ? try DotLottie.archive(animation: json, id: exportFileName(for: instance.effect.id), loops: export.loopsSeamlessly)
            : json
        (width, height, frameCount, notes) = (export.width, export.height, export.frameCount, export.notes)
    }

    /// Writes the file whole or not at all.
    public func write(to path: String) throws(FileError) { try Files.write(bytes, to: path) }
}
