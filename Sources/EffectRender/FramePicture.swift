import CEffect
import CEffectHost
import EffectHost

/// How the frames of an effect are pictured on a canvas fixed for a whole
/// run: the effect's own display list, or, for an effect that does not
/// draw itself, bars of its channels. Either way each frame is a display
/// list, which becomes SVG or pixels by the same renderers.
public struct FramePicture {
    /// The SVG writer for the run: the canvas's box (`viewBox`) and how text is written.
    public let canvas: DisplayListSVG
    /// The colour behind the drawing, as CSS; nil for none (transparent).
    public let ground: String?
    /// The fonts text is measured and drawn in; nil: the reference metrics.
    public let fonts: FontBook?
    /// The instance the picture was made for: the frames handed in are its.
    private let instance: EffectInstance
    /// A frame's list as `instance` (the made-for one, or one made again
    /// from its recipe, whose frames the caller samples) draws it.
    private let drawList: (EffectInstance, FrameValues) throws -> DisplayList

    /// The width a picture offers the effect's view unless told otherwise,
    /// in points, as a container would: room for a line of a title, where
    /// text-reveal wraps its paragraph (effect_host.h states it).
    public static let defaultProposedWidth = EFFECT_HOST_LOOK_WIDTH_DEFAULT

    /// The picture's size in points.
    public var width: Double { canvas.width }
    public var height: Double { canvas.height }

    /// The frame's display list.
    public func displayList(_ frame: FrameValues) throws -> DisplayList { try drawList(instance, frame) }

    /// A frame's list as a whole SVG document, in UTF-8.
    public func svg(_ list: DisplayList) -> TextBuffer { canvas.document(list) }

    /// Where the ground is painted: the picture's own box, the rest of the
    /// canvas left as it was (a picture placed in a caller's buffer), or
    /// the whole canvas (a frame of a render, whose margins around a
    /// fitted picture are its background too).
    public enum GroundExtent: Sendable {
        case picture, canvas
    }

    /// A frame's list drawn over a cleared canvas (or, `over`, over what
    /// the canvas holds), the picture fitted to it (centred, aspect kept)
    /// or at `placement`. Only the pixels of its `area` are drawn on,
    /// unless the ground covers the whole canvas.
    public func draw(
        _ list: DisplayList, on pixels: PixelCanvas, placement: Placement = .fitted, over: Bool = false,
        ground extent: GroundExtent = .picture
    ) throws(NativeError) {
        // A picture that covers every pixel whole grounds them all as the canvas's ground would:
        // set in the clear's one pass, not cleared and then filled.
        let groundsCanvas = ground != nil && (extent == .canvas || pixels.coversWhole(canvas.viewBox, placement: placement))
        if !over {
            pixels.clear(to: groundsCanvas ? ground : nil)
        } else if groundsCanvas, let ground {
            pixels.paint(css: ground)
        }
        guard let area = area(on: pixels, placement: placement) else { return }
        try pixels.clipped(to: area) { () throws(NativeError) in
            pixels.fit(canvas.viewBox, placement: placement)
            if !groundsCanvas, let ground { pixels.fill(canvas.viewBox, css: ground) }
            try pixels.draw(list, fonts: fonts)
        }
    }

    /// Draws `list` once, fitted into a single pixel that is thrown away,
    /// so that what a first frame pays whatever its size is paid as the
    /// picture is made, not by a real-time host's first frame: loading
    /// cairo and FreeType's rasteriser and their first calls, the glyph
    /// outlines of the list's text and its colour glyphs' pictures, and
    /// Swift's type metadata for the painter's tables and scratch. No
    /// mask it fills is one a frame at the picture's size reads. A group
    /// unseen in `list` (an effect that fades in) is drawn half seen, as it
    /// is while it fades in, so its text is readied too.
    func rehearse(_ list: DisplayList) {
        guard let pixel = try? PixelCanvas(width: 1, height: 1) else { return }
        let seen = list.items.map { item -> DrawItem in
            guard case let .group(group) = item, group.opacity <= 0 else { return item }
            return .group(
                DrawGroup(
                    id: group.id, transform: group.transform, opacity: 0.5, blur: group.blur, saturation: group.saturation, clip: group.clip))
        }
        try? draw(
            DisplayList(width: list.width, height: list.height, bounds: list.bounds, maxItemCount: list.maxItemCount, items: seen), on: pixel)
    }

    /// The pixels of `pixels` the picture covers at `placement`: all a draw
    /// changes. nil when it lies wholly outside.
    public func area(on pixels: PixelCanvas, placement: Placement = .fitted) -> PixelArea? {
        pixels.area(of: canvas.viewBox, placement: placement)
    }

    /// The frame as SVG.
    public func svg(_ frame: FrameValues) throws -> TextBuffer { svg(try displayList(frame)) }

    /// The frame drawn on `pixels`.
    public func draw(_ frame: FrameValues, on pixels: PixelCanvas) throws { try draw(try displayList(frame), on: pixels) }

    /// The picture of `instance` at `t`, as SVG: one still, sampled here.
    public func svg(of instance: EffectInstance, at t: Double) throws -> TextBuffer {
        try withFrame(of: instance, at: t) { svg(try drawList(instance, $0)) }
    }

    /// The display list of `instance` at `t`, as the picture draws it: one
    /// frame, sampled here. Its coordinates are the list's own; the
    /// picture's box starts at `canvas.viewBox`'s origin in them.
    public func displayList(of instance: EffectInstance, at t: Double) throws -> DisplayList {
        try withFrame(of: instance, at: t) { try drawList(instance, $0) }
    }

    /// The picture of `instance` at `t`, drawn on `pixels`: one still, sampled here.
    public func draw(
        _ instance: EffectInstance, at t: Double, on pixels: PixelCanvas, placement: Placement = .fitted, over: Bool = false
    ) throws {
        try withFrame(of: instance, at: t) { try draw(try drawList(instance, $0), on: pixels, placement: placement, over: over) }
    }

    func withFrame<R>(of instance: EffectInstance, at t: Double, _ body: (FrameValues) throws -> R) throws -> R {
        let values = try instance.sample(at: t)
        return try values.withUnsafeBufferPointer { buffer in
            try body(FrameValues(SampledFrame(index: 0, t: t, values: buffer), channels: ChannelMap(instance.effect)))
        }
    }

    init(
        canvas: DisplayListSVG, ground: String?, fonts: FontBook?, instance: EffectInstance,
        list: @escaping (EffectInstance, FrameValues) throws -> DisplayList
    ) {
        (self.canvas, self.ground, self.fonts, self.instance, self.drawList) = (canvas, ground, fonts, instance, list)
    }
}

/// How a picture looks, whatever draws it.
public struct PictureStyle {
    public var appearance: Appearance = .light
    /// nil: transparent.
    public var background: String? = "#ffffff"
    /// The fonts text is measured (and outlined) in; nil: the reference metrics.
    public var fonts: FontBook?
    /// How SVG writes text; pixels always draw the glyphs of `fonts`.
    public var text: DisplayListSVG.TextStyle = .text(family: nil)

    public init(appearance: Appearance = .light) { self.appearance = appearance }

    /// SwiftUI's window backgrounds in each appearance.
    public static func ground(for appearance: Appearance) -> String { appearance == .dark ? "#000000" : "#ffffff" }
}

/// The picture of `instance`'s frames: its display list at each frame's t,
/// on a canvas that holds its ink at every t (the list's bounds), or bars
/// of its channels when it does not draw itself.
public func makePicture(for instance: EffectInstance, proposedWidth: Double?, style: PictureStyle) throws(EffectError) -> FramePicture {
    var first: DisplayList?
    if instance.plugin.canDraw {
        do {
            first = try instance.draw(at: 0, width: proposedWidth, measurer: style.fonts, appearance: style.appearance)
        } catch where error.status == EFFECT_ERR_UNSUPPORTED {
            first = nil
        }
    }
    if let first {
        let (fonts, appearance) = (style.fonts, style.appearance)
        let picture = FramePicture(
            canvas: DisplayListSVG(bounds: first.bounds, background: style.background, text: style.text), ground: style.background,
            fonts: fonts, instance: instance
        ) { drawing, frame in
            try drawing.draw(at: frame.t, width: proposedWidth, measurer: fonts, appearance: appearance)
        }
        picture.rehearse(first)
        return picture
    }
    let bars = ChannelBars(instance: instance)
    // The bars' own box is the whole picture: no margin beyond it.
    let m = DisplayListSVG.margin
    return FramePicture(
        canvas: DisplayListSVG(
            bounds: DrawRect(x: m, y: m, width: bars.width - 2 * m, height: bars.height - 2 * m), background: style.background,
            text: style.text),
        ground: style.background, fonts: style.fonts, instance: instance
    ) { _, frame in bars.list(frame) }
}
