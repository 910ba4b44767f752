import CEffect
import CEffectHost
import EffectHost
import Glibc
import EffectRender

/// A picture of an instance's frames, and what its fonts said: the
/// reference metrics in place of HarfBuzz, or the family drawn instead of
/// the one asked for; the characters none had.
final class PictureBox {
    let instance: InstanceBox
    let picture: FramePicture
    let fonts: LoadedFonts
    /// What the last draw drew, for effect_host_picture_changed.
    var lastDrawn = LastDrawn()
    private var missing: UnsafeMutablePointer<CChar>?
    private var fallback: UnsafeMutablePointer<CChar>?

    init(_ instance: InstanceBox, _ picture: FramePicture, _ fonts: LoadedFonts) {
        (self.instance, self.picture, self.fonts) = (instance, picture, fonts)
        noteFonts()
    }

    deinit {
        free(missing)
        free(fallback)
    }

    /// The lines as of the last draw: a string is replaced only by a draw,
    /// so it stays valid until then.
    var missingCharacters: UnsafePointer<CChar>? { missing.map { UnsafePointer($0) } }
    var fontNote: UnsafePointer<CChar>? { fallback.map { UnsafePointer($0) } }

    func noteFonts() {
        // missing_characters takes the uncovered note; font_note every other.
        let notes = fonts.loadNotes + fonts.drawnNotes
        let other = notes.filter { if case .uncovered = $0 { false } else { true } }
        Self.keep(notes.first { !other.contains($0) }?.message, in: &missing)
        Self.keep(other.isEmpty ? nil : other.map(\.message).joined(separator: "; "), in: &fallback)
    }

    private static func keep(_ line: String?, in stored: inout UnsafeMutablePointer<CChar>?) {
        if let stored, let line, String(cString: stored) == line { return }
        free(stored)
        stored = line.map { strdup($0) }
    }
}

@_cdecl("effect_host_picture_create")
public func effect_host_picture_create(
    _ instance: OpaquePointer?, _ lookPointer: UnsafePointer<effect_host_look>?, _ out: UnsafeMutablePointer<OpaquePointer?>?,
    _ error: UnsafeMutablePointer<effect_error>?
) -> Int32 {
    answer(error, making: out) {
        let box: InstanceBox = try object(instance, "instance")
        let look = try Look(lookPointer)
        let style = look.style(for: box.instance)
        let picture = try makePicture(for: box.instance, proposedWidth: look.width, style: style)
        return PictureBox(box, picture, look.loaded)
    }
}

@_cdecl("effect_host_picture_size")
public func effect_host_picture_size(
    _ picture: OpaquePointer?, _ width: UnsafeMutablePointer<Double>?, _ height: UnsafeMutablePointer<Double>?,
    _ error: UnsafeMutablePointer<effect_error>?
) -> Int32 {
    answer(error) {
        let box: PictureBox = try object(picture, "picture")
        guard let width else { throw Failure.null("width") }
        guard let height else { throw Failure.null("height") }
        (width.pointee, height.pointee) = (box.picture.width, box.picture.height)
    }
}

@_cdecl("effect_host_picture_pixel_size")
public func effect_host_picture_pixel_size(
    _ picture: OpaquePointer?, _ scale: Double, _ width: UnsafeMutablePointer<UInt32>?, _ height: UnsafeMutablePointer<UInt32>?,
    _ error: UnsafeMutablePointer<effect_error>?
) -> Int32 {
    answer(error) {
        let box: PictureBox = try object(picture, "picture")
        guard let width else { throw Failure.null("width") }
        guard let height else { throw Failure.null("height") }
        do throws(PictureLimitError) {
            try PictureLimits.checkScale(scale)
        } catch {
            throw Failure(EFFECT_ERR_RANGE, error.message)
        }
        let size: (width: Int, height: Int)
        do {
            size = try PixelCanvas.pixelSize(of: box.picture, scale: scale)
        } catch {
            throw Failure(EFFECT_ERR_RANGE, String(describing: error))
        }
        (width.pointee, height.pointee) = (UInt32(size.width), UInt32(size.height))
    }
}

@_cdecl("effect_host_picture_draw_pixels")
public func effect_host_picture_draw_pixels(
    _ picture: OpaquePointer?, _ t: Double, _ pixels: UnsafeMutableRawPointer?, _ width: UInt32, _ height: UInt32, _ stride: UInt32,
    _ layout: UInt32, _ error: UnsafeMutablePointer<effect_error>?
) -> Int32 {
    answer(error) { try drawPixels(picture, t, pixels, width, height, stride, layout, placement: .fitted, over: false) }
}

@_cdecl("effect_host_picture_draw_pixels_placed")
public func effect_host_picture_draw_pixels_placed(
    _ picture: OpaquePointer?, _ t: Double, _ pixels: UnsafeMutableRawPointer?, _ width: UInt32, _ height: UInt32, _ stride: UInt32,
    _ layout: UInt32, _ placementPointer: UnsafePointer<effect_host_placement>?, _ error: UnsafeMutablePointer<effect_error>?
) -> Int32 {
    answer(error) {
        var placement = Placement.fitted
        var over = false
        var extent = FramePicture.GroundExtent.picture
        if let placementPointer {
            var defaults = effect_host_placement()
            (defaults.struct_size, defaults.size, defaults.x, defaults.y) = (UInt32(MemoryLayout<effect_host_placement>.size), 1, 0.5, 0.5)
            let given = try options(placementPointer, defaults: defaults, named: "effect_host_placement")
            guard given.flags & ~(EFFECT_HOST_PLACE_OVER | EFFECT_HOST_PLACE_GROUND_FILLS) == 0 else {
                throw Failure(EFFECT_ERR_RANGE, "placement flags \(given.flags) include bits that are not EFFECT_HOST_PLACE_*")
            }
            // A zeroed struct takes the defaults: size 0 is the fitted size
            // (no picture has no size); x and y 0 are edges, places of their own.
            placement = Placement(size: given.size == 0 ? 1 : given.size, x: given.x, y: given.y)
            if let refusal = placement.refusal { throw Failure(EFFECT_ERR_RANGE, refusal) }
            over = given.flags & EFFECT_HOST_PLACE_OVER != 0
            if given.flags & EFFECT_HOST_PLACE_GROUND_FILLS != 0 { extent = .canvas }
        }
        try drawPixels(picture, t, pixels, width, height, stride, layout, placement: placement, over: over, ground: extent)
    }
}

/// Both draw calls: cairo draws in the caller's own memory, and for RGBA
/// the words are rewritten there (and, to draw over them, first read from
/// there): no picture-sized copy.
private func drawPixels(
    _ picture: OpaquePointer?, _ t: Double, _ pixels: UnsafeMutableRawPointer?, _ width: UInt32, _ height: UInt32, _ stride: UInt32,
    _ layout: UInt32, placement: Placement, over: Bool, ground extent: FramePicture.GroundExtent = .picture
) throws {
    let box: PictureBox = try object(picture, "picture")
    // Forgotten first: after a draw that fails, whatever the caller holds
    // is no frame to compare with.
    box.lastDrawn.forget()
    guard let pixels else { throw Failure.null("pixels") }
    guard Int(bitPattern: pixels) % 4 == 0 else { throw Failure(EFFECT_ERR_RANGE, "pixels must start at an address that is a multiple of 4") }
    let side = UInt32(PixelCanvas.maxSide)
    guard (1...side).contains(width), (1...side).contains(height) else {
        throw Failure(EFFECT_ERR_RANGE, "a buffer is 1 to \(side) pixels a side, not \(width) × \(height)")
    }
    guard UInt64(stride) >= 4 * UInt64(width), stride % 4 == 0 else {
        throw Failure(EFFECT_ERR_RANGE, "a stride of \(stride) bytes does not hold \(width) pixels of 4 bytes, or is not a multiple of 4")
    }
    guard Int(stride) <= PixelCanvas.maxStride else {
        throw Failure(EFFECT_ERR_RANGE, "a stride is at most \(PixelCanvas.maxStride) bytes (cairo's rows are addressed with an int), not \(stride)")
    }
    guard [EFFECT_HOST_PIXELS_ARGB32_PREMULTIPLIED, EFFECT_HOST_PIXELS_RGBA_PREMULTIPLIED, EFFECT_HOST_PIXELS_RGBA_STRAIGHT].contains(layout) else {
        throw Failure(EFFECT_ERR_RANGE, "layout \(layout) is not one of EFFECT_HOST_PIXELS_*")
    }
    let canvas = try PixelCanvas(wrapping: pixels, width: Int(width), height: Int(height), stride: Int(stride))
    let list = try box.picture.displayList(of: box.instance.instance, at: t)
    let straight = layout == EFFECT_HOST_PIXELS_RGBA_STRAIGHT
    let cairoWords = layout == EFFECT_HOST_PIXELS_ARGB32_PREMULTIPLIED
    // Only the picture's area is drawn on: the rest is cleared, or left
    // as the caller's pixels are, and needs no rewriting either way.
    // A ground that fills the buffer draws on all of it.
    let whole = extent == .canvas && box.picture.ground != nil
    let area = whole ? PixelArea(x: 0, y: 0, width: Int(width), height: Int(height)) : box.picture.area(on: canvas, placement: placement)
    if over, !cairoWords, let area { try canvas.convertPixelsToCairoInPlace(from: .rgba, straight: straight, within: area) }
    try box.picture.draw(list, on: canvas, placement: placement, over: over, ground: extent)
    if !cairoWords, let area {
        try canvas.convertPixelsInPlace(order: .rgba, straight: straight, within: area)
    } else {
        canvas.flush()
    }
    box.lastDrawn.remember(list)
    box.noteFonts()
}

@_cdecl("effect_host_picture_draw_cairo")
public func effect_host_picture_draw_cairo(
    _ picture: OpaquePointer?, _ t: Double, _ context: OpaquePointer?, _ error: UnsafeMutablePointer<effect_error>?
) -> Int32 {
    answer(error) {
        let box: PictureBox = try object(picture, "picture")
        box.lastDrawn.forget()
        guard let context else { throw Failure.null("cairo_context") }
        let list = try box.picture.displayList(of: box.instance.instance, at: t)
        try box.picture.draw(list, intoCairo: context)
        box.lastDrawn.remember(list)
        box.noteFonts()
    }
}

@_cdecl("effect_host_picture_changed")
public func effect_host_picture_changed(
    _ picture: OpaquePointer?, _ t: Double, _ changed: UnsafeMutablePointer<Int32>?, _ error: UnsafeMutablePointer<effect_error>?
) -> Int32 {
    answer(error) {
        let box: PictureBox = try object(picture, "picture")
        guard let changed else { throw Failure.null("changed") }
        changed.pointee = try box.picture.wouldChange(box.instance.instance, at: t, since: box.lastDrawn) ? 1 : 0
    }
}

@_cdecl("effect_host_picture_missing_characters")
public func effect_host_picture_missing_characters(_ picture: OpaquePointer?) -> UnsafePointer<CChar>? {
    guard let box: PictureBox = try? object(picture, "picture") else { return nil }
    return box.missingCharacters
}

@_cdecl("effect_host_picture_font_note")
public func effect_host_picture_font_note(_ picture: OpaquePointer?) -> UnsafePointer<CChar>? {
    guard let box: PictureBox = try? object(picture, "picture") else { return nil }
    return box.fontNote
}

@_cdecl("effect_host_picture_free")
public func effect_host_picture_free(_ picture: OpaquePointer?) {
    release(picture, as: PictureBox.self)
}
