import CEffect
import EffectHost

/// How `render` pictures each frame of an effect on a canvas fixed for the
/// whole run: the effect's own display list, or, for an effect that does
/// not draw itself, bars of its channels.
protocol FramePicture {
    /// The picture's size in points.
    var width: Double { get }
    var height: Double { get }
    /// The colour behind the drawing, as CSS; nil for none (transparent).
    var ground: String? { get }
    /// The frame as a whole SVG document, in UTF-8.
    func svg(_ frame: FrameValues) throws -> TextBuffer
}

/// How a picture looks, whatever draws it.
struct PictureStyle {
    var appearance: Appearance = .light
    /// nil: transparent.
    var background: String? = "#ffffff"
    /// The fonts text is measured (and outlined) in; nil: the reference metrics.
    var fonts: FontBook?
    var text: DisplayListSVG.TextStyle = .text(family: nil)

    /// SwiftUI's window backgrounds in each appearance.
    static func ground(for appearance: Appearance) -> String { appearance == .dark ? "#000000" : "#ffffff" }
}

/// The effect's display list at each frame's t, on a canvas that holds its
/// ink at every t (the list's bounds).
struct DrawnPicture: FramePicture {
    let instance: EffectInstance
    let proposedWidth: Double?
    let appearance: Appearance
    let ground: String?
    private let fonts: FontBook?
    private let canvas: DisplayListSVG

    /// nil when the effect does not draw.
    init?(instance: EffectInstance, proposedWidth: Double?, style: PictureStyle) throws(EffectError) {
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

    var width: Double { canvas.width }
    var height: Double { canvas.height }

    func svg(_ frame: FrameValues) throws -> TextBuffer {
        canvas.document(try instance.draw(at: frame.t, width: proposedWidth, measurer: fonts, appearance: appearance))
    }
}

struct ChannelBarsPicture: FramePicture {
    let bars: ChannelBarsSVG
    let ground: String?

    var width: Double { bars.width }
    var height: Double { bars.height }

    func svg(_ frame: FrameValues) throws -> TextBuffer {
        var out = TextBuffer()
        out.append(SVG.document(width: width, height: height, background: ground, body: try bars.draw(frame)))
        return out
    }
}

func makePicture(for instance: EffectInstance, proposedWidth: Double?, style: PictureStyle) throws(EffectError) -> FramePicture {
    if let drawn = try DrawnPicture(instance: instance, proposedWidth: proposedWidth, style: style) { return drawn }
    return ChannelBarsPicture(bars: ChannelBarsSVG(instance: instance), ground: style.background)
}
