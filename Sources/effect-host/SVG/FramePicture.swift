import CEffect
import EffectHost

/// How `render` pictures each frame of an effect on a canvas fixed for the
/// whole run: the effect's own display list, or, for an effect that does
/// not draw itself, bars of its channels.
protocol FramePicture {
    var width: Double { get }
    var height: Double { get }
    /// The colour behind the drawing, as CSS.
    var ground: String { get }
    /// The frame as a whole SVG document, in UTF-8.
    func svg(_ frame: FrameValues) throws -> TextBuffer
}

/// The effect's display list at each frame's t, on a canvas that holds its
/// ink at every t (the list's bounds).
struct DrawnPicture: FramePicture {
    let instance: EffectInstance
    let proposedWidth: Double?
    let appearance: Appearance
    let ground: String
    private let canvas: DisplayListSVG

    /// SwiftUI's window backgrounds in each appearance.
    static func ground(for appearance: Appearance) -> String { appearance == .dark ? "#000000" : "#ffffff" }

    /// nil when the effect does not draw. A plugin before ABI 1.3 has its
    /// light look only, and gets the light ground whatever `appearance` says.
    init?(instance: EffectInstance, proposedWidth: Double?, appearance: Appearance) throws(EffectError) {
        guard instance.plugin.canDraw else { return nil }
        let first: DisplayList
        do {
            first = try instance.draw(at: 0, width: proposedWidth)
        } catch where error.status == EFFECT_ERR_UNSUPPORTED {
            return nil
        }
        self.instance = instance
        self.proposedWidth = proposedWidth
        self.appearance = instance.plugin.adaptsToAppearance ? appearance : .light
        ground = Self.ground(for: self.appearance)
        canvas = DisplayListSVG(bounds: first.bounds, background: ground)
    }

    var width: Double { canvas.width }
    var height: Double { canvas.height }

    func svg(_ frame: FrameValues) throws -> TextBuffer {
        canvas.document(try instance.draw(at: frame.t, width: proposedWidth, appearance: appearance))
    }
}

struct ChannelBarsPicture: FramePicture {
    let bars: ChannelBarsSVG

    var width: Double { bars.width }
    var height: Double { bars.height }
    var ground: String { "#ffffff" }

    func svg(_ frame: FrameValues) throws -> TextBuffer {
        var out = TextBuffer()
        out.append(SVG.document(width: width, height: height, background: ground, body: try bars.draw(frame)))
        return out
    }
}

func makePicture(
    for instance: EffectInstance, proposedWidth: Double?, appearance: Appearance
) throws(EffectError) -> FramePicture {
    if let drawn = try DrawnPicture(instance: instance, proposedWidth: proposedWidth, appearance: appearance) {
        return drawn
    }
    return ChannelBarsPicture(bars: ChannelBarsSVG(instance: instance))
}
