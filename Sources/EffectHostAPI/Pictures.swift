import CEffect
import CEffectHost
import EffectHost
import Glibc
import EffectRender

/// A picture of an instance's frames, and the line naming characters its
/// fonts lacked.
final class PictureBox {
    let instance: InstanceBox
    let picture: FramePicture
    private var missing: UnsafeMutablePointer<CChar>?

    init(_ instance: InstanceBox, _ picture: FramePicture) {
        (self.instance, self.picture) = (instance, picture)
        noteMissingCharacters()
    }

    deinit { free(missing) }

    /// The line naming characters no font had, as of the last draw: the
    /// string is replaced only by a draw, so it stays valid until then.
    var missingCharacters: UnsafePointer<CChar>? { missing.map { UnsafePointer($0) } }

    func noteMissingCharacters() {
        let note = picture.fonts?.uncoveredNote
        if let missing, let note, String(cString: missing) == note { return }
        free(missing)
        missing = note.map { strdup($0) }
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
        let style = look.style(for: box.instance) { PictureStyle.ground(for: $0) }
        let picture = try makePicture(for: box.instance, proposedWidth: look.width, style: style)
        return PictureBox(box, picture)
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

@_cdecl("effect_host_picture_draw_pixels")
public func effect_host_picture_draw_pixels(
    _ picture: OpaquePointer?, _ t: Double, _ pixels: UnsafeMutableRawPointer?, _ width: UInt32, _ height: UInt32, _ stride: UInt32,
    _ layout: UInt32, _ error: UnsafeMutablePointer<effect_error>?
) -> Int32 {
    answer(error) {
        let box: PictureBox = try object(picture, "picture")
        guard let pixels else { throw Failure.null("pixels") }
        guard Int(bitPattern: pixels) % 4 == 0 else { throw Failure(EFFECT_ERR_RANGE, "pixels must start at an address that is a multiple of 4") }
        let side = UInt32(PixelCanvas.maxSide)
        guard (1...side).contains(width), (1...side).contains(height) else {
            throw Failure(EFFECT_ERR_RANGE, "a buffer is 1 to \(side) pixels a side, not \(width) × \(height)")
        }
        guard UInt64(stride) >= 4 * UInt64(width), stride % 4 == 0 else {
            throw Failure(EFFECT_ERR_RANGE, "a stride of \(stride) bytes does not hold \(width) pixels of 4 bytes, or is not a multiple of 4")
        }
        let (w, h) = (Int(width), Int(height))
        switch layout {
        case EFFECT_HOST_PIXELS_ARGB32_PREMULTIPLIED, EFFECT_HOST_PIXELS_RGBA_PREMULTIPLIED, EFFECT_HOST_PIXELS_RGBA_STRAIGHT:
            // Drawn by cairo in the caller's own memory, and for RGBA
            // rewritten there: no picture-sized copy.
            let canvas = try PixelCanvas(wrapping: pixels, width: w, height: h, stride: Int(stride))
            try box.picture.draw(box.instance.instance, at: t, on: canvas)
            if layout == EFFECT_HOST_PIXELS_ARGB32_PREMULTIPLIED {
                canvas.flush()
            } else {
                try canvas.convertPixelsInPlace(order: .rgba, straight: layout == EFFECT_HOST_PIXELS_RGBA_STRAIGHT)
            }
        default:
            throw Failure(EFFECT_ERR_RANGE, "layout \(layout) is not one of EFFECT_HOST_PIXELS_*")
        }
        box.noteMissingCharacters()
    }
}

@_cdecl("effect_host_picture_draw_cairo")
public func effect_host_picture_draw_cairo(
    _ picture: OpaquePointer?, _ t: Double, _ context: OpaquePointer?, _ error: UnsafeMutablePointer<effect_error>?
) -> Int32 {
    answer(error) {
        let box: PictureBox = try object(picture, "picture")
        guard let context else { throw Failure.null("cairo_context") }
        try box.picture.draw(box.instance.instance, at: t, intoCairo: context)
        box.noteMissingCharacters()
    }
}

@_cdecl("effect_host_picture_missing_characters")
public func effect_host_picture_missing_characters(_ picture: OpaquePointer?) -> UnsafePointer<CChar>? {
    guard let box: PictureBox = try? object(picture, "picture") else { return nil }
    return box.missingCharacters
}

@_cdecl("effect_host_picture_free")
public func effect_host_picture_free(_ picture: OpaquePointer?) {
    release(picture, as: PictureBox.self)
}
