import EffectHost

extension FramePicture {
    /// Draws `list` into a cairo context the caller owns: the picture's box
    /// from (0, 0) to its size in points, in the context's user space, over
    /// its ground. The context's state is as it was when this returns.
    public func draw(_ list: DisplayList, intoCairo context: OpaquePointer) throws(NativeError) {
        let cairo = try Cairo.shared.get()
        let painter = try CairoPainter(fonts: fonts)
        cairo.save(context)
        defer { cairo.restore(context) }
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
    }

    /// The picture of `instance` at `t`, drawn into a caller's cairo context: one still, sampled here.
    public func draw(_ instance: EffectInstance, at t: Double, intoCairo context: OpaquePointer) throws {
        try withFrame(of: instance, at: t) { try draw(try displayList($0), intoCairo: context) }
    }
}
