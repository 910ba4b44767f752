import EffectHost
import EffectRender

/// What every export samples the same way: how often, at what proposed
/// width, and how far past the effect's end its last event reaches.
public struct ExportSettings: Sendable {
    /// Samples a second; keyframes are fitted to these samples.
    public var fps: Double
    /// The width proposed to the effect's layout, in points.
    public var proposedWidth: Double
    /// The latest event's time: an effect that ends is sampled at least this far.
    public var lastEvent: Double

    public static let defaultFPS = 60.0
    public static let defaultWidth = FramePicture.defaultProposedWidth

    public init(fps: Double = defaultFPS, proposedWidth: Double = defaultWidth, lastEvent: Double = 0) {
        (self.fps, self.proposedWidth, self.lastEvent) = (fps, proposedWidth, lastEvent)
    }

    /// The scene of `instance` drawn in `appearance`, its text measured by `fonts`.
    func scene(_ instance: EffectInstance, _ appearance: Appearance, fonts: FontBook?) throws -> SampledScene {
        try SampledScene(instance, fps: fps, lastEvent: lastEvent) { t in
            try instance.draw(at: t, width: proposedWidth, measurer: fonts, appearance: appearance)
        }
    }
}

/// A file's name made from an effect's id: anything a file name or a URL
/// would trip on replaced, and never hidden (no leading dot).
public func exportFileName(for id: String) -> String {
    let name = String(id.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == ".") ? $0 : "-" })
    return name.hasPrefix(".") || name.isEmpty ? "effect" + name : name
}
