import CEffect
import CEffectHost
import EffectHost
import EffectRender
import Glibc

/// A frame's display list for a program that draws it itself: the checked
/// items in effect.h's structs, and the walk's steps and clips over them.
/// Made whole, then only read.
final class DrawingBox {
    private let strings = CStrings()
    private let items: UnsafeMutablePointer<effect_draw_item>
    let steps: [effect_host_step]
    let clips: [effect_host_clip]
    /// The list's own values, and how many effect.h items the drawing holds.
    let frame: effect_drawing

    init(_ list: DisplayList, base: Affine) {
        let (encoded, places) = ItemEncoding.encode(list.items, keep: strings.keep)
        var frame = effect_drawing()
        frame.struct_size = UInt32(MemoryLayout<effect_drawing>.size)
        (frame.item_count, frame.width, frame.height) = (UInt64(encoded.count), list.width, list.height)
        (frame.bounds, frame.max_item_count) = (ItemEncoding.rect(list.bounds), UInt64(list.maxItemCount))
        self.frame = frame
        items = .allocate(capacity: max(1, encoded.count))
        items.initialize(from: encoded, count: encoded.count)
        var walk = DisplayListWalk(list, base: base)
        // A list from a plugin is balanced (its reader checks), so step i is item i.
        var steps: [effect_host_step] = []
        steps.reserveCapacity(list.items.count)
        while let step = walk.next() {
            var out = effect_host_step()
            out.struct_size = UInt32(MemoryLayout<effect_host_step>.size)
            out.parent = Int64(step.parent)
            out.end = UInt64(step.index)
            switch step.kind {
            case let .enter(_, end):
                (out.kind, out.end) = (EFFECT_HOST_STEP_ENTER, UInt64(end))
                out.item = UnsafePointer(items + places[step.index])
            case let .leave(_, start):
                (out.kind, out.end) = (EFFECT_HOST_STEP_LEAVE, UInt64(start))
                out.item = UnsafePointer(items + places[start])
            case .shape:
                out.kind = EFFECT_HOST_STEP_SHAPE
                out.item = UnsafePointer(items + places[step.index])
            case .text:
                out.kind = EFFECT_HOST_STEP_TEXT
                out.item = UnsafePointer(items + places[step.index])
            }
            out.matrix = step.state.matrix.cMatrix
            (out.opacity, out.saturation) = (step.state.opacity, step.state.saturation)
            (out.clip, out.depth) = (Int64(step.state.clip), UInt32(step.state.depth))
            steps.append(out)
        }
        self.steps = steps
        clips = walk.clips.map { resolved in
            var out = effect_host_clip()
            out.struct_size = UInt32(MemoryLayout<effect_host_clip>.size)
            out.shape = ItemEncoding.shapeCode(resolved.clip.shape)
            out.rect = ItemEncoding.rect(resolved.clip.rect)
            out.corner_radius = resolved.clip.cornerRadius
            out.matrix = resolved.matrix.cMatrix
            let v = resolved.visible
            out.visible = effect_rect(x: v.minX, y: v.minY, width: max(0, v.maxX - v.minX), height: max(0, v.maxY - v.minY))
            (out.outer, out.step) = (Int64(resolved.outer), UInt64(resolved.group))
            return out
        }
    }

    deinit { items.deallocate() }
}

extension Affine {
    /// {a, b, c, d, e, f}, as cairo and Skia write an affine map.
    var cMatrix: (Double, Double, Double, Double, Double, Double) { (a, b, c, d, tx, ty) }
}

/// Copies `value` into a caller's out struct of at least `T`'s size.
private func write<T>(_ value: T, to out: UnsafeMutablePointer<T>?, named name: String) throws(Failure) {
    guard let out else { throw .null("out") }
    let given = Int(UnsafeRawPointer(out).load(as: UInt32.self))
    guard given >= MemoryLayout<T>.size else {
        throw Failure(EFFECT_ERR_STRUCT_SIZE, "\(name).struct_size is \(given), less than its size of \(MemoryLayout<T>.size) bytes")
    }
    out.pointee = value
}

@_cdecl("effect_host_picture_drawing")
public func effect_host_picture_drawing(
    _ picture: OpaquePointer?, _ t: Double, _ out: UnsafeMutablePointer<OpaquePointer?>?, _ error: UnsafeMutablePointer<effect_error>?
) -> Int32 {
    answer(error, making: out) {
        let box: PictureBox = try object(picture, "picture")
        let list = try box.picture.displayList(of: box.instance.instance, at: t)
        box.noteFonts()
        // The picture's box starts at its view box's origin in the list's coordinates.
        let origin = box.picture.canvas.viewBox
        return DrawingBox(list, base: .translation(-origin.x, -origin.y))
    }
}

/// The caller's measurer, for the plugin's draw: a run it cannot measure
/// (any answer but OK) is one the plugin's draw fails on.
private final class CallerMeasurer: TextMeasuring, @unchecked Sendable {
    let measure: effect_measure_fn
    let context: UnsafeMutableRawPointer?

    init(_ measure: effect_measure_fn, context: UnsafeMutableRawPointer?) { (self.measure, self.context) = (measure, context) }

    func measure(_ text: String, size: Double, weight: Double, tracking: Double) -> (advance: Double, ascent: Double, descent: Double)? {
        var metrics = effect_text_metrics()
        let status = text.withCString { measure(context, $0, size, weight, tracking, &metrics) }
        return status == EFFECT_OK ? (metrics.advance, metrics.ascent, metrics.descent) : nil
    }
}

@_cdecl("effect_host_instance_drawing")
public func effect_host_instance_drawing(
    _ instance: OpaquePointer?, _ t: Double, _ raw: UnsafePointer<effect_host_draw_options>?,
    _ out: UnsafeMutablePointer<OpaquePointer?>?, _ error: UnsafeMutablePointer<effect_error>?
) -> Int32 {
    answer(error, making: out) {
        let box: InstanceBox = try object(instance, "instance")
        var defaults = effect_host_draw_options()
        defaults.struct_size = UInt32(MemoryLayout<effect_host_draw_options>.size)
        let given = try options(raw, defaults: defaults, named: "effect_host_draw_options")
        let appearance: Appearance
        switch given.appearance {
        case EFFECT_APPEARANCE_LIGHT: appearance = .light
        case EFFECT_APPEARANCE_DARK: appearance = .dark
        default: throw Failure(EFFECT_ERR_RANGE, "appearance is EFFECT_APPEARANCE_LIGHT or _DARK, not \(given.appearance)")
        }
        guard given.width >= 0 else { throw Failure(EFFECT_ERR_RANGE, "width is 0 or more points, not \(given.width)") }
        let measurer = given.measure.map { CallerMeasurer($0, context: given.measure_context) }
        let list = try box.instance.draw(
            at: t, width: given.width == 0 ? nil : given.width, measurer: measurer, appearance: appearance)
        return DrawingBox(list, base: .identity)
    }
}

@_cdecl("effect_host_drawing_frame")
public func effect_host_drawing_frame(
    _ drawing: OpaquePointer?, _ out: UnsafeMutablePointer<effect_drawing>?, _ error: UnsafeMutablePointer<effect_error>?
) -> Int32 {
    answer(error) {
        let box: DrawingBox = try object(drawing, "drawing")
        try write(box.frame, to: out, named: "effect_drawing")
    }
}

@_cdecl("effect_host_drawing_step_count")
public func effect_host_drawing_step_count(_ drawing: OpaquePointer?) -> UInt64 {
    guard let box: DrawingBox = try? object(drawing, "drawing") else { return 0 }
    return UInt64(box.steps.count)
}

@_cdecl("effect_host_drawing_step")
public func effect_host_drawing_step(
    _ drawing: OpaquePointer?, _ index: UInt64, _ out: UnsafeMutablePointer<effect_host_step>?, _ error: UnsafeMutablePointer<effect_error>?
) -> Int32 {
    answer(error) {
        let box: DrawingBox = try object(drawing, "drawing")
        guard index < box.steps.count else {
            throw Failure(EFFECT_ERR_INDEX, "step \(index) is out of range (the drawing has \(box.steps.count))")
        }
        try write(box.steps[Int(index)], to: out, named: "effect_host_step")
    }
}

@_cdecl("effect_host_drawing_clip_count")
public func effect_host_drawing_clip_count(_ drawing: OpaquePointer?) -> UInt64 {
    guard let box: DrawingBox = try? object(drawing, "drawing") else { return 0 }
    return UInt64(box.clips.count)
}

@_cdecl("effect_host_drawing_clip")
public func effect_host_drawing_clip(
    _ drawing: OpaquePointer?, _ index: UInt64, _ out: UnsafeMutablePointer<effect_host_clip>?, _ error: UnsafeMutablePointer<effect_error>?
) -> Int32 {
    answer(error) {
        let box: DrawingBox = try object(drawing, "drawing")
        guard index < box.clips.count else {
            throw Failure(EFFECT_ERR_INDEX, "clip \(index) is out of range (the drawing has \(box.clips.count))")
        }
        try write(box.clips[Int(index)], to: out, named: "effect_host_clip")
    }
}

@_cdecl("effect_host_drawing_free")
public func effect_host_drawing_free(_ drawing: OpaquePointer?) {
    release(drawing, as: DrawingBox.self)
}
