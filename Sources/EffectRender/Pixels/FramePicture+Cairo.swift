import EffectHost

extension FramePicture {
    /// Draws `list` into a cairo context the caller owns: the picture's box
    /// from (0, 0) to its size in points, in the context's user space, over
    /// its ground. The context's state is as it was when this returns. A
    /// context cairo cannot draw into (one in an error state, or on a
    /// finished surface) is an `.unusableTarget` error: cairo records such
    /// failures in the context instead of returning them.
    public func draw(_ list: DisplayList, intoCairo context: OpaquePointer) throws {
        let cairo = try Cairo.shared.get()
        let painter = try CairoPainter(fonts: fonts)
        func checked(_ when: String) throws {
            let status = cairo.status(context)
            guard status == 0 else { throw RenderError("the cairo context is in an error state \(when) (cairo status \(status))", kind: .unusableTarget) }
        }
        try checked("before drawing")
        cairo.save(context)
        let box = canvas.viewBox
        var shift = Cairo.Matrix(Affine.translation(-box.x, -box.y))
        cairo.transform(context, &shift)
        if let ground, let rgba = PixelCanvas.rgba(ground) {
            cairo.newPath(context)
            cairo.rectangle(context, box.x, box.y, box.width, box.height)
            cairo.setColor(context, rgba)
            cairo.fill(context)
        }
        painter.draw(list, into: context)
        cairo.restore(context)
        try checked("after drawing")
    }

    /// The picture of `instance` at `t`, drawn into a caller's cairo context: one still, sampled here.
    public func draw(_ instance: EffectInstance, at t: Double, intoCairo context: OpaquePointer) throws {
        try withFrame(of: instance, at: t) { try draw(try displayList($0), intoCairo: context) }
    }
}
