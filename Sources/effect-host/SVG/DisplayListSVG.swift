import EffectHost

/// Any effect's display list as SVG: one element per item, in order, each
/// carrying its stable id as `data-id`, so a frame reads back into the
/// geometry the plugin drew. Groups become <g> with the ABI's transform
/// (move, then turn and scale about the anchor), clip-path, filter
/// (saturation, then blur with σ = radius / 2) and opacity, which SVG
/// applies in the ABI's order. Text keeps its measured advance
/// (textLength), so its geometry never depends on the viewer's fonts.
struct DisplayListSVG {
    /// The picture's area in drawing coordinates: the list's bounds and a
    /// margin, fixed for every frame of a run.
    let viewBox: DrawRect
    let background: String?

    static let margin = 24.0
    /// The font stack text is drawn in: the system's sans-serif, as SwiftUI's
    /// `.system` font is, wherever the picture is opened.
    static let fontFamily = "-apple-system, system-ui, 'SF Pro Text', 'Helvetica Neue', Helvetica, Arial, sans-serif"

    init(bounds: DrawRect, background: String? = "#ffffff") {
        let m = Self.margin
        viewBox = DrawRect(
            x: (bounds.x - m).rounded(.down), y: (bounds.y - m).rounded(.down),
            width: (bounds.width + 2 * m).rounded(.up), height: (bounds.height + 2 * m).rounded(.up))
        self.background = background
    }

    var width: Double { viewBox.width }
    var height: Double { viewBox.height }

    func document(_ list: DisplayList) -> String {
        let n = SVG.number
        var writer = Writer()
        for item in list.items { writer.write(item) }
        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(n(viewBox.width))\" height=\"\(n(viewBox.height))\" "
        out += "viewBox=\"\(n(viewBox.x)) \(n(viewBox.y)) \(n(viewBox.width)) \(n(viewBox.height))\">"
        if let background {
            out += "<rect x=\"\(n(viewBox.x))\" y=\"\(n(viewBox.y))\" width=\"\(n(viewBox.width))\" height=\"\(n(viewBox.height))\" fill=\"\(background)\"/>"
        }
        if !writer.defs.isEmpty { out += "<defs>" + writer.defs + "</defs>" }
        return out + writer.body + "</svg>"
    }

    /// Builds one frame's body and the definitions (clips, filters,
    /// gradients) it refers to, numbered within the frame.
    private struct Writer {
        var body = ""
        var defs = ""
        private var definitions = 0
        /// Definitions already written this frame, by their content: eight
        /// circles with one gradient share one <linearGradient>.
        private var written: [String: String] = [:]

        /// The id of a definition with this content, writing it once.
        private mutating func define(_ prefix: String, _ content: (String) -> String, key: String) -> String {
            if let id = written[key] { return id }
            let id = nextID(prefix)
            defs += content(id)
            written[key] = id
            return id
        }

        private mutating func nextID(_ prefix: String) -> String {
            definitions += 1
            return "\(prefix)\(definitions)"
        }

        mutating func write(_ item: DrawItem) {
            switch item {
            case let .group(group): open(group)
            case .endGroup: body += "</g>"
            case let .shape(shape): body += self.shape(shape)
            case let .text(text): body += self.text(text)
            }
        }

        private mutating func open(_ group: DrawGroup) {
            let n = SVG.number
            var attributes = " data-id=\"\(group.id)\""
            let t = group.transform
            if !t.isIdentity {
                var transform = "translate(\(n(t.translateX + t.anchorX)) \(n(t.translateY + t.anchorY)))"
                if t.rotation != 0 { transform += " rotate(\(n(t.rotation)))" }
                if t.scaleX != 1 || t.scaleY != 1 { transform += " scale(\(SVG.precise(t.scaleX)) \(SVG.precise(t.scaleY)))" }
                transform += " translate(\(n(-t.anchorX)) \(n(-t.anchorY)))"
                attributes += " transform=\"\(transform)\""
            }
            if let clip = group.clip {
                let id = nextID("clip")
                defs += "<clipPath id=\"\(id)\">\(outline(clip.shape, clip.rect, cornerRadius: clip.cornerRadius, attributes: ""))</clipPath>"
                attributes += " clip-path=\"url(#\(id))\""
            }
            if group.saturation != 1 || group.blur > 0 {
                let id = nextID("filter")
                defs += "<filter id=\"\(id)\" x=\"-50%\" y=\"-50%\" width=\"200%\" height=\"200%\" color-interpolation-filters=\"sRGB\">"
                if group.saturation != 1 {
                    defs += "<feColorMatrix type=\"saturate\" values=\"\(SVG.precise(max(0, group.saturation)))\"/>"
                }
                if group.blur > 0 { defs += "<feGaussianBlur stdDeviation=\"\(SVG.precise(group.blur / 2))\"/>" }
                defs += "</filter>"
                attributes += " filter=\"url(#\(id))\""
            }
            if group.opacity != 1 { attributes += " opacity=\"\(SVG.precise(min(1, max(0, group.opacity))))\"" }
            body += "<g\(attributes)>"
        }

        private mutating func shape(_ shape: DrawShape) -> String {
            // Trimmed to nothing, a shape draws nothing (SwiftUI's trim);
            // SVG would still paint a zero-length dash's round caps.
            guard min(1, shape.trimEnd) > max(0, shape.trimStart) else { return "" }
            var attributes = " data-id=\"\(shape.id)\""
            switch shape.fill {
            case nil: attributes += " fill=\"none\""
            case let .color(rgba)?: attributes += paint("fill", rgba)
            case let .linearGradient(x0, y0, x1, y1, stops)?:
                let n = SVG.number
                var content = "gradientUnits=\"userSpaceOnUse\" x1=\"\(n(x0))\" y1=\"\(n(y0))\" x2=\"\(n(x1))\" y2=\"\(n(y1))\">"
                for stop in stops {
                    content += "<stop offset=\"\(SVG.precise(stop.offset))\" stop-color=\"\(SVG.color(stop.color))\""
                    content += SVG.alpha(stop.color) < 1 ? " stop-opacity=\"\(SVG.precise(SVG.alpha(stop.color)))\"/>" : "/>"
                }
                let id = define("gradient", { "<linearGradient id=\"\($0)\" \(content)</linearGradient>" }, key: "g" + content)
                attributes += " fill=\"url(#\(id))\""
            }
            if let stroke = shape.stroke {
                attributes += paint("stroke", stroke.color) + " stroke-width=\"\(SVG.number(stroke.width))\""
                attributes += " stroke-linecap=\"\(["butt", "round", "square"][Int(stroke.cap.rawValue)])\""
                attributes += " stroke-linejoin=\"\(["miter", "round", "bevel"][Int(stroke.join.rawValue)])\""
            }
            // A trimmed outline: SVG dashes along a path normalised to length 1.
            let start = min(1, max(0, shape.trimStart))
            let end = min(1, max(start, shape.trimEnd))
            if start > 0 || end < 1 {
                attributes += " pathLength=\"1\" stroke-dasharray=\"\(SVG.precise(end - start)) 2\""
                if start > 0 { attributes += " stroke-dashoffset=\"\(SVG.precise(-start))\"" }
            }
            if shape.kind == .path {
                return "<path d=\"\(pathData(shape.segments))\"\(attributes)/>"
            }
            return outline(shape.kind, shape.frame, cornerRadius: shape.cornerRadius, attributes: attributes)
        }

        private func outline(_ kind: DrawShapeKind, _ rect: DrawRect, cornerRadius: Double, attributes: String) -> String {
            let n = SVG.number
            let box = "x=\"\(n(rect.x))\" y=\"\(n(rect.y))\" width=\"\(n(max(0, rect.width)))\" height=\"\(n(max(0, rect.height)))\""
            switch kind {
            case .rect, .path: return "<rect \(box)\(attributes)/>"
            case .roundedRect:
                let r = min(max(0, cornerRadius), min(abs(rect.width), abs(rect.height)) / 2)
                return "<rect \(box) rx=\"\(n(r))\"\(attributes)/>"
            case .capsule:
                return "<rect \(box) rx=\"\(n(min(abs(rect.width), abs(rect.height)) / 2))\"\(attributes)/>"
            case .ellipse:
                return "<ellipse cx=\"\(n(rect.x + rect.width / 2))\" cy=\"\(n(rect.y + rect.height / 2))\" "
                    + "rx=\"\(n(abs(rect.width) / 2))\" ry=\"\(n(abs(rect.height) / 2))\"\(attributes)/>"
            }
        }

        private func pathData(_ segments: [DrawSegment]) -> String {
            let n = SVG.number
            return segments.map { segment in
                switch segment {
                case let .move(x, y): "M\(n(x)) \(n(y))"
                case let .line(x, y): "L\(n(x)) \(n(y))"
                case let .cubic(x, y, x1, y1, x2, y2): "C\(n(x1)) \(n(y1)) \(n(x2)) \(n(y2)) \(n(x)) \(n(y))"
                case .close: "Z"
                }
            }.joined(separator: " ")
        }

        private func paint(_ property: String, _ rgba: UInt32) -> String {
            let alpha = SVG.alpha(rgba)
            return " \(property)=\"\(SVG.color(rgba))\"" + (alpha < 1 ? " \(property)-opacity=\"\(SVG.precise(alpha))\"" : "")
        }

        private func text(_ text: DrawText) -> String {
            let n = SVG.number
            var out = "<text data-id=\"\(text.id)\" x=\"\(n(text.x))\" y=\"\(n(text.y))\" font-family=\"\(DisplayListSVG.fontFamily)\" "
            out += "font-size=\"\(n(text.size))\" font-weight=\"\(n(text.weight))\""
            if text.tracking != 0 { out += " letter-spacing=\"\(n(text.tracking))\"" }
            out += paint("fill", text.color)
            if text.advance > 0 { out += " textLength=\"\(n(text.advance))\" lengthAdjust=\"spacingAndGlyphs\"" }
            return out + ">\(SVG.escape(text.text))</text>"
        }
    }
}
