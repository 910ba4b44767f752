import EffectHost

/// Any effect's display list as SVG: one element per item, in order, each
/// carrying its stable id as `data-id`, so a frame reads back into the
/// geometry the plugin drew. Groups become <g> with the ABI's transform
/// (move, then turn and scale about the anchor), clip-path, filter
/// (saturation, then blur with σ = radius / 2) and opacity, which SVG
/// applies in the ABI's order. Text is real text that keeps its measured
/// advance (textLength), so its geometry never depends on the viewer's
/// fonts, or the glyph outlines of the font it was measured in, so it looks
/// the same in every viewer.
public struct DisplayListSVG {
    /// The picture's area in drawing coordinates: the list's bounds and a
    /// margin, fixed for every frame of a run.
    public let viewBox: DrawRect
    public let background: String?
    public let text: TextStyle

    public enum TextStyle {
        /// <text> in `family` (nil: the system's sans-serif).
        case text(family: String?)
        /// Each run as one <path> of its glyphs, from the fonts it was measured in.
        case outlines(FontBook)
    }

    public static let margin = 24.0
    /// The font stack text is drawn in: the system's sans-serif, as SwiftUI's
    /// `.system` font is, wherever the picture is opened.
    public static let fontFamily = "-apple-system, system-ui, 'SF Pro Text', 'Helvetica Neue', Helvetica, Arial, sans-serif"

    public init(bounds: DrawRect, background: String? = "#ffffff", text: TextStyle = .text(family: nil)) {
        let m = Self.margin
        viewBox = DrawRect(
            x: (bounds.x - m).rounded(.down), y: (bounds.y - m).rounded(.down),
            width: (bounds.width + 2 * m).rounded(.up), height: (bounds.height + 2 * m).rounded(.up))
        self.background = background
        self.text = text
    }

    private var fontFamily: String {
        guard case let .text(family?) = text else { return Self.fontFamily }
        return "'\(String(family.filter { $0 != "'" && $0 != "\"" && $0 != "&" && $0 != "<" }))', " + Self.fontFamily
    }

    public var width: Double { viewBox.width }
    public var height: Double { viewBox.height }

    /// The frame as one SVG document, in UTF-8.
    public func document(_ list: DisplayList) -> TextBuffer {
        var writer = Writer(style: text)
        for step in DisplayListWalk(list) { writer.write(step.kind) }
        var out = TextBuffer(capacity: writer.body.count + writer.defs.count + 512)
        out.append("<svg xmlns=\"http://www.w3.org/2000/svg\"")
        out.attribute("width", viewBox.width)
        out.attribute("height", viewBox.height)
        out.append(" viewBox=\"")
        out.append(pair: viewBox.x, viewBox.y)
        out.append(byte: 0x20)
        out.append(pair: viewBox.width, viewBox.height)
        out.append(byte: 0x22)
        // Set once here, text inherits it.
        if writer.hasText { out.attribute("font-family", markup: fontFamily) }
        out.append(">")
        if let background {
            out.append("<rect")
            out.attribute("x", viewBox.x)
            out.attribute("y", viewBox.y)
            out.attribute("width", viewBox.width)
            out.attribute("height", viewBox.height)
            out.attribute("fill", markup: background)
            out.append("/>")
        }
        if !writer.defs.isEmpty {
            out.append("<defs>")
            out.append(writer.defs)
            out.append("</defs>")
        }
        out.append(writer.body)
        out.append("</svg>")
        return out
    }

    /// Builds one frame's body and the definitions (clips, filters,
    /// gradients) it refers to, numbered within the frame.
    private struct Writer {
        let style: TextStyle
        init(style: TextStyle) { self.style = style }
        var body = TextBuffer(capacity: 4096)
        var defs = TextBuffer()
        public private(set) var hasText = false
        private var definitions = 0
        /// Gradients already written this frame, by their content: eight
        /// circles with one gradient share one <linearGradient>. A frame
        /// has a few at most, so a list beats hashing every byte.
        private var gradients: [(content: [UInt8], number: Int)] = []

        mutating func write(_ step: DisplayListWalk.Kind) {
            switch step {
            case let .enter(group, _): open(group)
            case .leave: body.append("</g>")
            case let .shape(shape): self.shape(shape)
            case let .text(text): self.text(text)
            }
        }

        private mutating func nextDefinition() -> Int {
            definitions += 1
            return definitions
        }

        private mutating func open(_ group: DrawGroup) {
            body.append("<g")
            body.attribute("data-id", integer: Int(group.id))
            let t = group.transform
            if !t.isIdentity {
                body.append(" transform=\"translate(")
                body.append(pair: t.translateX + t.anchorX, t.translateY + t.anchorY)
                if t.rotation != 0 {
                    body.append(") rotate(")
                    body.append(number: t.rotation)
                }
                if t.scaleX != 1 || t.scaleY != 1 {
                    body.append(") scale(")
                    body.append(precise: t.scaleX)
                    body.append(byte: 0x20)
                    body.append(precise: t.scaleY)
                }
                body.append(") translate(")
                body.append(pair: -t.anchorX, -t.anchorY)
                body.append(")\"")
            }
            if let clip = group.clip {
                let number = nextDefinition()
                defs.append("<clipPath")
                defs.attribute("id", definition: "clip", number)
                defs.append(">")
                Self.outline(clip.shape, clip.rect, cornerRadius: clip.cornerRadius, into: &defs)
                defs.append("/></clipPath>")
                body.attribute("clip-path", url: "clip", number)
            }
            if group.saturation != 1 || group.blur > 0 {
                let number = nextDefinition()
                defs.append("<filter")
                defs.attribute("id", definition: "filter", number)
                defs.append(" x=\"-50%\" y=\"-50%\" width=\"200%\" height=\"200%\" color-interpolation-filters=\"sRGB\">")
                if group.saturation != 1 {
                    defs.append("<feColorMatrix type=\"saturate\"")
                    defs.attribute("values", precise: max(0, group.saturation))
                    defs.append("/>")
                }
                if group.blur > 0 {
                    defs.append("<feGaussianBlur")
                    defs.attribute("stdDeviation", precise: group.blur / 2)
                    defs.append("/>")
                }
                defs.append("</filter>")
                body.attribute("filter", url: "filter", number)
            }
            if group.opacity != 1 { body.attribute("opacity", precise: min(1, max(0, group.opacity))) }
            body.append(">")
        }

        private mutating func shape(_ shape: DrawShape) {
            guard !shape.drawsNothing else { return }
            if shape.kind == .path {
                body.append("<path d=\"")
                pathData(shape.segments)
                body.append(byte: 0x22)
            } else {
                Self.outline(shape.kind, shape.frame, cornerRadius: shape.cornerRadius, into: &body)
            }
            body.attribute("data-id", integer: Int(shape.id))
            switch shape.fill {
            case nil: body.attribute("fill", "none")
            case let .color(rgba)?: paint("fill", "fill-opacity", rgba)
            case let .linearGradient(x0, y0, x1, y1, stops)?:
                body.attribute("fill", url: "gradient", gradient(x0, y0, x1, y1, stops))
            }
            if let stroke = shape.stroke {
                paint("stroke", "stroke-opacity", stroke.color)
                body.attribute("stroke-width", stroke.width)
                switch stroke.cap {
                case .butt: body.attribute("stroke-linecap", "butt")
                case .round: body.attribute("stroke-linecap", "round")
                case .square: body.attribute("stroke-linecap", "square")
                }
                switch stroke.join {
                case .miter: body.attribute("stroke-linejoin", "miter")
                case .round: body.attribute("stroke-linejoin", "round")
                case .bevel: body.attribute("stroke-linejoin", "bevel")
                }
            }
            // A trimmed outline: one dash, in the outline's own units, and a gap longer than the rest of it.
            let (start, end) = shape.trim
            if start > 0 || end < 1 {
                let length = shape.outlineLength
                body.append(" stroke-dasharray=\"")
                body.append(number: (end - start) * length)
                body.append(byte: 0x20)
                body.append(number: length + 1)
                body.append(byte: 0x22)
                if start > 0 { body.attribute("stroke-dashoffset", -start * length) }
            }
            body.append("/>")
        }

        /// The number of a <linearGradient> with this content, writing it once.
        private mutating func gradient(
            _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ stops: [(offset: Double, color: UInt32)]
        ) -> Int {
            var content = TextBuffer(capacity: 256)
            content.attribute("gradientUnits", "userSpaceOnUse")
            content.attribute("x1", x0)
            content.attribute("y1", y0)
            content.attribute("x2", x1)
            content.attribute("y2", y1)
            content.append(">")
            for stop in stops {
                content.append("<stop")
                content.attribute("offset", precise: stop.offset)
                content.attribute("stop-color", color: stop.color)
                if SVG.alpha(stop.color) < 1 { content.attribute("stop-opacity", precise: SVG.alpha(stop.color)) }
                content.append("/>")
            }
            if let known = gradients.first(where: { $0.content == content.bytes }) { return known.number }
            let number = nextDefinition()
            gradients.append((content.bytes, number))
            defs.append("<linearGradient")
            defs.attribute("id", definition: "gradient", number)
            defs.append(content)
            defs.append("</linearGradient>")
            return number
        }

        /// The element for a shape that is not a path, left open for its attributes.
        private static func outline(_ kind: DrawShapeKind, _ rect: DrawRect, cornerRadius: Double, into out: inout TextBuffer) {
            if kind == .ellipse {
                out.append("<ellipse")
                out.attribute("cx", rect.x + rect.width / 2)
                out.attribute("cy", rect.y + rect.height / 2)
                out.attribute("rx", abs(rect.width) / 2)
                out.attribute("ry", abs(rect.height) / 2)
                return
            }
            out.append("<rect")
            out.attribute("x", rect.x)
            out.attribute("y", rect.y)
            out.attribute("width", max(0, rect.width))
            out.attribute("height", max(0, rect.height))
            if kind == .roundedRect || kind == .capsule { out.attribute("rx", ShapeOutline.cornerRadius(kind, rect, cornerRadius)) }
        }

        private mutating func pathData(_ segments: [DrawSegment]) {
            for (index, segment) in segments.enumerated() {
                if index > 0 { body.append(byte: 0x20) }
                switch segment {
                case let .move(x, y): point("M", x, y)
                case let .line(x, y): point("L", x, y)
                case let .cubic(x, y, x1, y1, x2, y2):
                    point("C", x1, y1)
                    point(" ", x2, y2)
                    point(" ", x, y)
                case .close: body.append("Z")
                }
            }
        }

        private mutating func point(_ command: StaticString, _ x: Double, _ y: Double) {
            body.append(command)
            body.append(pair: x, y)
        }

        /// A colour and, when it is not opaque, its alpha as the opacity property.
        private mutating func paint(_ property: StaticString, _ opacityProperty: StaticString, _ rgba: UInt32) {
            body.attribute(property, color: rgba)
            if SVG.alpha(rgba) < 1 { body.attribute(opacityProperty, precise: SVG.alpha(rgba)) }
        }

        private mutating func text(_ text: DrawText) {
            if case let .outlines(fonts) = style, text.size > 0,
                let shaped = fonts.shaped(text.text, weight: text.weight, tracking: text.tracking / text.size)
            {
                return outline(text, shaped)
            }
            hasText = true
            body.append("<text")
            body.attribute("data-id", integer: Int(text.id))
            // Runs of spaces are the effect's: SVG would collapse them.
            if text.text.contains("  ") || text.text.contains("\t") { body.attribute("xml:space", "preserve") }
            if SVG.runsRightToLeft(text.text) {
                body.attribute("direction", "rtl")
                body.attribute("text-anchor", "end")
            }
            body.attribute("x", text.x)
            body.attribute("y", text.y)
            body.attribute("font-size", text.size)
            body.attribute("font-weight", text.weight)
            if text.tracking != 0 { body.attribute("letter-spacing", text.tracking) }
            paint("fill", "fill-opacity", text.color)
            if text.advance > 0 {
                body.attribute("textLength", text.advance)
                body.attribute("lengthAdjust", "spacingAndGlyphs")
            }
            body.append(">")
            body.append(escaped: text.text)
            body.append("</text>")
        }

        /// The run as its glyphs' outlines (each from the font that has it,
        /// as HarfBuzz placed it, y flipped), and each cluster of a colour
        /// font as text, left for the reader's own emoji font to draw.
        private mutating func outline(_ text: DrawText, _ shaped: ShapedText) {
            let size = text.size
            body.append("<path")
            body.attribute("data-id", integer: Int(text.id))
            paint("fill", "fill-opacity", text.color)
            body.append(" d=\"")
            for glyph in shaped.glyphs where !glyph.font.hasColorBitmaps {
                let (x0, y0, scale) = (text.x + glyph.x * size, text.y - glyph.y * size, glyph.scale(size: size))
                func point(_ command: StaticString, _ x: Double, _ y: Double) {
                    body.append(command)
                    body.append(pair: x0 + x * scale, y0 - y * scale)
                }
                for segment in glyph.font.outline(of: glyph.glyph) {
                    switch segment {
                    case let .move(x, y): point("M", x, y)
                    case let .line(x, y): point("L", x, y)
                    case let .quadratic(cx, cy, x, y):
                        point("Q", cx, cy)
                        point(" ", x, y)
                    case let .cubic(ax, ay, bx, by, x, y):
                        point("C", ax, ay)
                        point(" ", bx, by)
                        point(" ", x, y)
                    case .close: body.append("Z")
                    }
                }
            }
            body.append("\"/>")
            for cluster in shaped.colorClusters() {
                hasText = true
                // The run's id is its path's: an id names one element.
                body.append("<text")
                body.attribute("x", text.x + cluster.x * size)
                body.attribute("y", text.y)
                body.attribute("font-size", size)
                if SVG.alpha(text.color) < 1 { body.attribute("fill-opacity", precise: SVG.alpha(text.color)) }
                body.attribute("textLength", cluster.advance * size)
                body.attribute("lengthAdjust", "spacingAndGlyphs")
                body.append(">")
                body.append(escaped: cluster.text)
                body.append("</text>")
            }
        }
    }
}
