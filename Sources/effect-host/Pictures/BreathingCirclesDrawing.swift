import EffectHost

/// breathing-circles as the article draws it: each circle `circle_size`
/// across, filled with the teal-to-cyan gradient from its top-leading to
/// its bottom-trailing corner, scaled, faded and offset from the centre,
/// and the whole group turned by `rotation` degrees.
struct BreathingCirclesDrawing: EffectDrawing {
    let width: Double
    let height: Double
    private let instance: EffectInstance
    private let diameter: Double

    init(instance: EffectInstance) throws {
        self.instance = instance
        diameter = try instance.number("circle_size", at: 0, or: 80)
        let radius = try instance.number("radius", at: 0, or: 70)
        // A circle at full breath: scale 2, travel `radius` from the centre.
        let reach = abs(radius) + diameter
        width = (2 * reach + 48).rounded(.up)
        height = width
    }

    func draw(_ frame: FrameValues) throws -> String {
        let n = SVG.number
        let (cx, cy) = (width / 2, height / 2)
        var body = "<defs><linearGradient id=\"breath\" x1=\"0\" y1=\"0\" x2=\"1\" y2=\"1\">"
        body += "<stop offset=\"0\" stop-color=\"#20d9d2\"/><stop offset=\"1\" stop-color=\"#0ce8ff\"/></linearGradient></defs>"
        body += "<g id=\"ring\" transform=\"rotate(\(n(frame.global("rotation"))) \(n(cx)) \(n(cy)))\">"
        for index in 0..<instance.elementCount {
            let r = diameter / 2 * frame.element(index, "scale")
            body += "<circle cx=\"\(n(cx + frame.element(index, "x")))\" cy=\"\(n(cy + frame.element(index, "y")))\" "
            body += "r=\"\(n(max(0, r)))\" fill=\"url(#breath)\" opacity=\"\(n(frame.element(index, "opacity")))\"/>"
        }
        return body + "</g>"
    }
}
