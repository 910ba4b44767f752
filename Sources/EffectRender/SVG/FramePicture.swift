import CEffect
import EffectHost

/// How `render` pictures each frame of an effect on a canvas fixed for the
/// whole run: the effect's own display list, or, for an effect that does
/// not draw itself, bars of its channels.
public protocol FramePicture {
    /// The picture's size in points.
    var width: Double { get }
    var height: Double { get }
    /// The colour behind the drawing, as CSS; nil for none (transparent).
    var ground: String? { get }
    /// The frame as a whole SVG document, in UTF-8.
    func svg(_ frame: FrameValues) throws -> TextBuffer
}

extension FramePicture {
    /// The picture of `instance` at `t`, sampled here: one still.
    public func svg(of instance: EffectInstance, at t: Double) throws -> TextBuffer {
        let values = try instance.sample(at: t)
        return try values.withUnsafeBufferPointer { buffer in
            try svg(FrameValues(SampledFrame(index: 0, t: t, values: buffer), channels: ChannelMap(instance.effect)))
        }
    }
}

/// How a picture looks, whatever draws it.
public struct PictureStyle {
    public var appearance: Appearance = .light
    /// nil: transparent.
    public var background: String? = "#ffffff"
    /// The fonts text is measured (and outlined) in; nil: the reference metrics.
    public var fonts: FontBook?
    public var text: DisplayListSVG.TextStyle = .text(family: nil)

    public init(appearance: Appearance = .light) { self.appearance = appearance }

    /// SwiftUI's window backgrounds in each appearance.
    public static func ground(for appearance: Appearance) -> String { appearance == .dark ? "#000000" : "#ffffff" }
}

/// The effect's display list at each frame's t, on a canvas that holds its
/// ink at every t (the list's bounds).
public struct DrawnPicture: FramePicture {
    public let instance: EffectInstance
    public let proposedWidth: Double?
    public let appearance: Appearance
    public let ground: String?
    private let fonts: FontBook?
    private let canvas: DisplayListSVG

    /// nil when the effect does not draw.
    public init?(instance: EffectInstance, proposedWidth: Double?, style: PictureStyle) throws(EffectError) {
        guard instance.plugin.canDraw else { return nil }
        let first: DisplayList
        do {
            first = try instance.draw(at: 0, width: proposedWidth, measurer: style.fonts)
        } catch where error.status == EFFECT_ERR_UNSUPPORTED {
            return nil
        }
        self.instance = instance
        self.proposedWidth = proposedWidth
        fonts = style.fonts
        appearance = style.appearance
        ground = style.background
        canvas = DisplayListSVG(bounds: first.bounds, background: ground, text: style.text)
    }

    public var width: Double { canvas.width }
    public var height: Double { canvas.height }

    public func svg(_ frame: FrameValues) throws -> TextBuffer {
        canvas.document(try instance.draw(at: frame.t, width: proposedWidth, measurer: fonts, appearance: appearance))
    }
}

public struct ChannelBarsPicture: FramePicture {
    public let bars: ChannelBarsSVG
    public let ground: String?

    public var width: Double { bars.width }
    public var height: Double { bars.height }

    public func svg(_ frame: FrameValues) throws -> TextBuffer {
        var out = TextBuffer()
        out.append(SVG.document(width: width, height: height, background: ground, body: try bars.draw(frame)))
        return out
    }
}

public func makePicture(for instance: EffectInstance, proposedWidth: Double?, style: PictureStyle) throws(EffectError) -> FramePicture {
    if let drawn = try DrawnPicture(instance: instance, proposedWidth: proposedWidth, style: style) { return drawn }
    return ChannelBarsPicture(bars: ChannelBarsSVG(instance: instance), ground: style.background)
}
