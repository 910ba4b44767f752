import EffectHost

/// What a chart is drawn on: its layout is written once, and each canvas
/// turns it into SVG markup (with the data attributes that let a reader
/// turn a point back into (t, value)) or into a display list for pixels.
protocol ChartCanvas {
    mutating func open(_ attributes: [(String, String)])
    mutating func close()
    mutating func rect(x: Double, y: Double, width: Double, height: Double, fill: UInt32, stroke: UInt32?, attributes: [(String, String)])
    mutating func line(x1: Double, y1: Double, x2: Double, y2: Double, stroke: UInt32, dash: (Double, Double)?, attributes: [(String, String)])
    mutating func polyline(_ points: [(Double, Double)], stroke: UInt32, width: Double, attributes: [(String, String)])
    mutating func text(
        _ string: String, x: Double, y: Double, size: Double, weight: Double, color: UInt32, anchor: TextAnchor, rotation: Double,
        ground: UInt32?)
}

/// Where a run of text sits against its x: SVG's text-anchor.
enum TextAnchor: String {
    case start, middle, end
}

extension ChartCanvas {
    mutating func rect(
        x: Double, y: Double, width: Double, height: Double, fill: UInt32, stroke: UInt32? = nil, attributes: [(String, String)] = []
    ) {
        rect(x: x, y: y, width: width, height: height, fill: fill, stroke: stroke, attributes: attributes)
    }

    mutating func line(
        x1: Double, y1: Double, x2: Double, y2: Double, stroke: UInt32, dash: (Double, Double)? = nil, attributes: [(String, String)] = []
    ) {
        line(x1: x1, y1: y1, x2: x2, y2: y2, stroke: stroke, dash: dash, attributes: attributes)
    }

    mutating func text(
        _ string: String, x: Double, y: Double, size: Double, weight: Double = 400, color: UInt32, anchor: TextAnchor = .start,
        rotation: Double = 0, ground: UInt32? = nil
    ) {
        text(string, x: x, y: y, size: size, weight: weight, color: color, anchor: anchor, rotation: rotation, ground: ground)
    }
}

/// The chart as SVG elements.
struct ChartSVG: ChartCanvas {
    private(set) var body = ""

    private func attributes(_ list: [(String, String)]) -> String {
        list.map { " \($0.0)=\"\(SVG.escape($0.1))\"" }.joined()
    }

    mutating func open(_ list: [(String, String)]) { body += "<g\(attributes(list))>" }

    mutating func close() { body += "</g>" }

    mutating func rect(x: Double, y: Double, width: Double, height: Double, fill: UInt32, stroke: UInt32?, attributes list: [(String, String)]) {
        let n = SVG.number
        body += "<rect\(attributes(list)) x=\"\(n(x))\" y=\"\(n(y))\" width=\"\(n(width))\" height=\"\(n(height))\" fill=\"\(SVG.color(fill))\""
        body += (stroke.map { " stroke=\"\(SVG.color($0))\"" } ?? "") + "/>"
    }

    mutating func line(x1: Double, y1: Double, x2: Double, y2: Double, stroke: UInt32, dash: (Double, Double)?, attributes list: [(String, String)]) {
        let n = SVG.number
        body += "<line\(attributes(list)) x1=\"\(n(x1))\" x2=\"\(n(x2))\" y1=\"\(n(y1))\" y2=\"\(n(y2))\" stroke=\"\(SVG.color(stroke))\""
        body += (dash.map { " stroke-dasharray=\"\(n($0.0)) \(n($0.1))\"" } ?? "") + "/>"
    }

    mutating func polyline(_ points: [(Double, Double)], stroke: UInt32, width: Double, attributes list: [(String, String)]) {
        let n = SVG.number
        body += "<polyline\(attributes(list)) fill=\"none\" stroke=\"\(SVG.color(stroke))\" stroke-width=\"\(n(width))\" "
        body += "stroke-linejoin=\"round\" points=\"\(points.map { "\(n($0.0)),\(n($0.1))" }.joined(separator: " "))\"/>"
    }

    mutating func text(
        _ string: String, x: Double, y: Double, size: Double, weight: Double, color: UInt32, anchor: TextAnchor, rotation: Double,
        ground: UInt32?
    ) {
        let n = SVG.number
        // SVG measures text only when it draws it, so a ground is a halo stroked under the letters.
        let halo = ground.map { " stroke=\"\(SVG.color($0))\" stroke-width=\"\(n(size * 0.4))\" stroke-linejoin=\"round\" paint-order=\"stroke\"" } ?? ""
        let place =
            rotation == 0
            ? "x=\"\(n(x))\" y=\"\(n(y))\"" : "transform=\"translate(\(n(x)) \(n(y))) rotate(\(n(rotation)))\""
        body += "<text \(place)\(anchor == .start ? "" : " text-anchor=\"\(anchor.rawValue)\"") font-family=\"\(DisplayListSVG.fontFamily)\" "
        body += "font-size=\"\(n(size))\"\(weight == 400 ? "" : " font-weight=\"\(n(weight))\"") fill=\"\(SVG.color(color))\"\(halo)>"
        body += SVG.escape(string) + "</text>"
    }
}

/// The chart as display-list items: text placed by its measured width.
struct ChartList: ChartCanvas {
    let fonts: FontBook?
    private(set) var items: [DrawItem] = []
    private var open: [UInt32] = []

    init(fonts: FontBook?) { self.fonts = fonts }

    private var nextID: UInt32 { UInt32(items.count + 1) }

    mutating func open(_ attributes: [(String, String)]) {
        open.append(nextID)
        items.append(.group(DrawGroup(id: nextID)))
    }

    mutating func close() {
        if let id = open.popLast() { items.append(.endGroup(id: id)) }
    }

    mutating func rect(x: Double, y: Double, width: Double, height: Double, fill: UInt32, stroke: UInt32?, attributes: [(String, String)]) {
        items.append(
            .shape(
                DrawShape(
                    id: nextID, kind: .rect, frame: DrawRect(x: x, y: y, width: width, height: height), fill: .color(fill),
                    stroke: stroke.map { DrawStroke(color: $0, width: 1, cap: .butt, join: .miter) })))
    }

    mutating func line(x1: Double, y1: Double, x2: Double, y2: Double, stroke: UInt32, dash: (Double, Double)?, attributes: [(String, String)]) {
        var segments: [DrawSegment] = [.move(x: x1, y: y1), .line(x: x2, y: y2)]
        if let (on, off) = dash, on > 0 {
            // Dashes as separate pieces of one path: the display list has no dash pattern.
            let length = ((x2 - x1) * (x2 - x1) + (y2 - y1) * (y2 - y1)).squareRoot()
            segments = []
            var start = 0.0
            while start < length {
                let end = min(length, start + on)
                let (a, b) = (start / length, end / length)
                segments += [.move(x: x1 + (x2 - x1) * a, y: y1 + (y2 - y1) * a), .line(x: x1 + (x2 - x1) * b, y: y1 + (y2 - y1) * b)]
                start += on + off
            }
        }
        items.append(
            .shape(DrawShape(id: nextID, kind: .path, stroke: DrawStroke(color: stroke, width: 1, cap: .butt, join: .miter), segments: segments)))
    }

    mutating func polyline(_ points: [(Double, Double)], stroke: UInt32, width: Double, attributes: [(String, String)]) {
        guard let first = points.first else { return }
        let segments = [DrawSegment.move(x: first.0, y: first.1)] + points.dropFirst().map { DrawSegment.line(x: $0.0, y: $0.1) }
        items.append(
            .shape(DrawShape(id: nextID, kind: .path, stroke: DrawStroke(color: stroke, width: width, cap: .butt, join: .round), segments: segments)))
    }

    mutating func text(
        _ string: String, x: Double, y: Double, size: Double, weight: Double, color: UInt32, anchor: TextAnchor, rotation: Double,
        ground: UInt32?
    ) {
        // Without a shaping font, an average Latin glyph's width places it.
        let width = fonts?.measure(string, size: size, weight: weight, tracking: 0)?.advance ?? 0.55 * size * Double(string.count)
        let shift = anchor == .start ? 0 : anchor == .middle ? width / 2 : width
        let group = nextID
        if rotation != 0 { items.append(.group(DrawGroup(id: group, transform: DrawTransform(translateX: x, translateY: y, rotation: rotation)))) }
        let origin = rotation == 0 ? (x - shift, y) : (-shift, 0.0)
        if let ground {
            rect(x: origin.0 - size * 0.2, y: origin.1 - size, width: width + size * 0.4, height: size * 1.3, fill: ground)
        }
        items.append(.text(DrawText(id: nextID, text: string, x: origin.0, y: origin.1, size: size, weight: weight, color: color)))
        if rotation != 0 { items.append(.endGroup(id: group)) }
    }
}
