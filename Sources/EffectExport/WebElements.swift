import EffectHost
import EffectRender

/// The SVG elements of a web export: one per node of the sampled scene,
/// with what stays the same written as attributes (at the settled moment,
/// so the picture is right with CSS off) and what changes as tracks, each
/// becoming a CSS animation.
public struct WebElement {
    public let tag: String
    public var attributes: [(String, String)] = []
    public var tracks: [CSSTrack] = []
    public var children: [WebElement] = []
    public var content: String?
    /// Definitions it refers to (a clip, a gradient), written before it.
    public var definitions: [WebElement] = []
    public let key: String
}

/// One or more CSS properties of an element that change together, sampled
/// at every time of every segment of the scene.
public struct CSSTrack {
    /// values[segment][sample]: the components the declarations are made of.
    public let values: [[[Double]]]
    /// How far the browser's interpolated value may stray, per component.
    public let tolerance: [Double]
    /// Held from keyframe to keyframe (step-end) instead of interpolated.
    public let holds: Bool
    public let declarations: ([Double]) -> String
}

/// How close the browser's value must stay to the effect's at every
/// sample: half of what the issue allows (0.5 px, 0.5°, 0.005 opacity),
/// the rest left for the browser's own rounding.
public enum ExportTolerance {
    public static let length = 0.2
    public static let degrees = 0.2
    public static let opacity = 0.002
    public static let saturation = 0.004
    /// Of 255, per colour channel.
    public static let channel = 0.5

    /// A scale's and a turn's (in degrees) tolerance for a drawing that
    /// reaches `extent` from the anchor: they move the farthest ink the
    /// most, so that ink stays within `length`.
    public static func scaleAndTurn(length: Double, extent: Double) -> (scale: Double, turn: Double) {
        let scale = length / extent
        return (scale, min(degrees, scale * 180 / Double.pi))
    }
}

public struct WebElements {
    public let scene: SampledScene
    /// Segment and sample of the settled moment: the end, or where the loop starts.
    public let settled: (segment: Int, sample: Int)
    public let prefix: String

    public init(scene: SampledScene, prefix: String) {
        self.scene = scene
        self.prefix = prefix
        settled = scene.settled
    }

    public func elements() throws -> [WebElement] { try scene.roots.map(element) }

    private func element(_ node: SampledScene.Node) throws -> WebElement {
        let at = settledItem(node)
        var out: WebElement
        switch at {
        case let .group(group): out = try self.group(node, group)
        case let .shape(shape): out = try self.shape(node, shape)
        case let .text(text): out = try self.text(node, text)
        case .endGroup, nil: throw ExportError.cannotExpress("cannot export: \(ItemName.of(node)) is never drawn")
        }
        out.attributes.insert(("data-id", String(node.id)), at: 0)
        out.attributes.insert(("class", "n\(node.key)"), at: 0)
        if let presence = presence(node) { out.tracks.append(presence) }
        out.children = try node.children.map(element)
        return out
    }

    /// The node's item at the settled moment, or the nearest moment it is drawn.
    private func settledItem(_ node: SampledScene.Node) -> DrawItem? {
        scene.nearest(node, settled.segment, settled.sample)
    }

    /// A track when the values change anywhere; nil when they never do.
    private func track(
        _ node: SampledScene.Node, tolerance: [Double], holds: Bool = false, _ read: (DrawItem) -> [Double],
        declarations: @escaping ([Double]) -> String
    ) -> CSSTrack? {
        let values = scene.values(of: node, read)
        let all = values.flatMap { $0 }
        guard let first = all.first, all.contains(where: { $0 != first }) else { return nil }
        return CSSTrack(values: values, tolerance: tolerance, holds: holds, declarations: declarations)
    }

    /// Hidden wherever the item is missing or draws nothing (a shape trimmed away).
    private func presence(_ node: SampledScene.Node) -> CSSTrack? {
        let values: [[[Double]]] = node.samples.map { row in
            row.map { item in
                guard let item else { return [0] }
                if case let .shape(shape) = item, shape.drawsNothing { return [0] }
                return [1]
            }
        }
        guard values.joined().contains([0]) else { return nil }
        return CSSTrack(values: values, tolerance: [0], holds: true) { $0[0] == 0 ? "visibility: hidden" : "visibility: visible" }
    }

    // MARK: groups

    private func group(_ node: SampledScene.Node, _ group: DrawGroup) throws -> WebElement {
        var out = WebElement(tag: "g", key: "n\(node.key)")
        let transform: (DrawItem) -> [Double] = { item in
            guard case let .group(g) = item else { return [] }
            let t = g.transform
            return [t.translateX + t.anchorX, t.translateY + t.anchorY, t.rotation, t.scaleX, t.scaleY, t.anchorX, t.anchorY]
        }
        let l = ExportTolerance.length
        let (scale, turn) = ExportTolerance.scaleAndTurn(length: l, extent: scene.extent)
        if let moving = track(
            node, tolerance: [l, l, turn, scale, scale, l, l], transform,
            declarations: { "transform: " + Self.transform($0, css: true) })
        {
            out.tracks.append(moving)
        }
        if !group.transform.isIdentity { out.attributes.append(("transform", Self.transform(transform(.group(group)), css: false))) }
        let opacity: (DrawItem) -> [Double] = { item in
            guard case let .group(g) = item else { return [] }
            return [min(1, max(0, g.opacity))]
        }
        if let fading = track(node, tolerance: [ExportTolerance.opacity], opacity, declarations: { "opacity: " + SVG.precise($0[0]) }) {
            out.tracks.append(fading)
        }
        if group.opacity != 1 { out.attributes.append(("opacity", SVG.precise(min(1, max(0, group.opacity))))) }
        let filter: (DrawItem) -> [Double] = { item in
            guard case let .group(g) = item else { return [] }
            return [max(0, g.saturation), max(0, g.blur)]
        }
        if let filtering = track(
            node, tolerance: [ExportTolerance.saturation, ExportTolerance.length], filter,
            declarations: { "filter: " + Self.filter($0) })
        {
            out.tracks.append(filtering)
        }
        if group.saturation != 1 || group.blur > 0 { out.attributes.append(("style", "filter: " + Self.filter(filter(.group(group))))) }
        if let clip = group.clip {
            var path = WebElement(tag: "clipPath", key: "c\(node.key)")
            path.attributes.append(("id", "\(prefix)-c\(node.key)"))
            path.children = [try clipShape(node, clip)]
            out.definitions.append(path)
            out.attributes.append(("clip-path", "url(#\(prefix)-c\(node.key))"))
        } else if node.present.contains(where: { if case let .group(g) = $0 { g.clip != nil } else { false } }) {
            throw ExportError.cannotExpress("cannot export: \(ItemName.of(node)) is clipped at some times only")
        }
        return out
    }

    private func clipShape(_ node: SampledScene.Node, _ clip: DrawClip) throws -> WebElement {
        var out = WebElement(tag: clip.shape == .ellipse ? "ellipse" : "rect", key: "c\(node.key)r")
        out.attributes.append(("class", "c\(node.key)"))
        let read: (DrawItem) -> [Double] = { item in
            guard case let .group(g) = item, let c = g.clip else { return [0, 0, 0, 0, 0] }
            return Self.geometry(c.shape, c.rect, c.cornerRadius)
        }
        out.attributes += Self.geometryAttributes(clip.shape, Self.geometry(clip.shape, clip.rect, clip.cornerRadius))
        let l = ExportTolerance.length
        if let moving = track(node, tolerance: [l, l, l, l, l], read, declarations: { Self.geometryDeclarations(clip.shape, $0) }) {
            out.tracks.append(moving)
        }
        return out
    }

    // MARK: shapes

    private func shape(_ node: SampledScene.Node, _ shape: DrawShape) throws -> WebElement {
        let kinds = Set(node.present.compactMap { item -> DrawShapeKind? in if case let .shape(s) = item { s.kind } else { nil } })
        guard kinds.count == 1 else { throw ExportError.cannotExpress("cannot export: \(ItemName.of(node)) changes its kind over time") }
        let l = ExportTolerance.length
        var out: WebElement
        if shape.kind == .path {
            out = WebElement(tag: "path", key: "n\(node.key)")
            let verbs = Self.verbs(shape.segments)
            guard node.present.allSatisfy({ if case let .shape(s) = $0 { Self.verbs(s.segments) == verbs } else { false } }) else {
                throw ExportError.cannotExpress("cannot export: the path of \(ItemName.of(node)) changes its segments over time")
            }
            out.attributes.append(("d", Self.pathData(shape.segments)))
            let read: (DrawItem) -> [Double] = { item in
                guard case let .shape(s) = item else { return [] }
                return Self.coordinates(s.segments)
            }
            let count = read(.shape(shape)).count
            if let moving = track(
                node, tolerance: Array(repeating: l, count: count), read,
                declarations: { "d: path(\"" + Self.pathData(Self.segments(verbs, $0)) + "\")" })
            {
                out.tracks.append(moving)
            }
        } else {
            out = WebElement(tag: shape.kind == .ellipse ? "ellipse" : "rect", key: "n\(node.key)")
            let read: (DrawItem) -> [Double] = { item in
                guard case let .shape(s) = item else { return [] }
                return Self.geometry(s.kind, s.frame, s.cornerRadius)
            }
            out.attributes += Self.geometryAttributes(shape.kind, read(.shape(shape)))
            if let moving = track(node, tolerance: [l, l, l, l, l], read, declarations: { Self.geometryDeclarations(shape.kind, $0) }) {
                out.tracks.append(moving)
            }
        }
        try paint(node, shape, into: &out)
        trim(node, shape, into: &out)
        return out
    }

    private func paint(_ node: SampledScene.Node, _ shape: DrawShape, into out: inout WebElement) throws {
        let fills = node.present.compactMap { item -> DrawPaint?? in if case let .shape(s) = item { s.fill } else { nil } }
        switch shape.fill {
        case nil:
            guard fills.allSatisfy({ $0 == nil }) else { throw ExportError.cannotExpress("cannot export: \(ItemName.of(node)) is filled at some times only") }
            out.attributes.append(("fill", "none"))
        case let .color(rgba):
            guard fills.allSatisfy({ if case .color? = $0 { true } else { false } }) else {
                throw ExportError.cannotExpress("cannot export: \(ItemName.of(node)) changes from a colour to a gradient")
            }
            out.attributes += Self.colorAttributes("fill", rgba)
            if let changing = colorTrack(node, "fill", { if case let .shape(s) = $0, case let .color(c)? = s.fill { c } else { 0 } }) {
                out.tracks.append(changing)
            }
        case let .linearGradient(x0, y0, x1, y1, stops)?:
            guard fills.allSatisfy({ $0 == shape.fill }) else {
                throw ExportError.cannotExpress("cannot export: the gradient of \(ItemName.of(node)) changes over time; CSS cannot animate SVG gradients")
            }
            var gradient = WebElement(tag: "linearGradient", key: "g\(node.key)")
            gradient.attributes = [
                ("id", "\(prefix)-g\(node.key)"), ("gradientUnits", "userSpaceOnUse"), ("x1", SVG.number(x0)), ("y1", SVG.number(y0)),
                ("x2", SVG.number(x1)), ("y2", SVG.number(y1)),
            ]
            gradient.children = stops.enumerated().map { index, stop in
                var element = WebElement(tag: "stop", key: "g\(node.key)s\(index)")
                element.attributes = [("offset", SVG.precise(stop.offset))] + Self.colorAttributes("stop-color", stop.color)
                if SVG.alpha(stop.color) < 1 { element.attributes.append(("stop-opacity", SVG.precise(SVG.alpha(stop.color)))) }
                return element
            }
            out.definitions.append(gradient)
            out.attributes.append(("fill", "url(#\(prefix)-g\(node.key))"))
        }
        let strokes = node.present.compactMap { item -> DrawStroke?? in if case let .shape(s) = item { s.stroke } else { nil } }
        guard let stroke = shape.stroke else {
            guard strokes.allSatisfy({ $0 == nil }) else { throw ExportError.cannotExpress("cannot export: \(ItemName.of(node)) is stroked at some times only") }
            return
        }
        guard strokes.allSatisfy({ $0?.cap == stroke.cap && $0?.join == stroke.join }) else {
            throw ExportError.cannotExpress("cannot export: \(ItemName.of(node)) is stroked at some times only, or changes its caps")
        }
        out.attributes += Self.colorAttributes("stroke", stroke.color)
        out.attributes.append(("stroke-width", SVG.number(stroke.width)))
        out.attributes.append(("stroke-linecap", ["butt", "round", "square"][Int(stroke.cap.rawValue)]))
        out.attributes.append(("stroke-linejoin", ["miter", "round", "bevel"][Int(stroke.join.rawValue)]))
        if let changing = colorTrack(node, "stroke", { if case let .shape(s) = $0 { s.stroke?.color ?? 0 } else { 0 } }) {
            out.tracks.append(changing)
        }
        if let widening = track(
            node, tolerance: [ExportTolerance.length], { if case let .shape(s) = $0 { [s.stroke?.width ?? 0] } else { [] } },
            declarations: { "stroke-width: " + SVG.number($0[0]) + "px" })
        {
            out.tracks.append(widening)
        }
    }

    /// A trimmed outline as one dash along it, in its own units, as the
    /// SVG frames draw it.
    private func trim(_ node: SampledScene.Node, _ shape: DrawShape, into out: inout WebElement) {
        let read: (DrawItem) -> [Double] = { item in
            guard case let .shape(s) = item else { return [] }
            let (start, end) = s.trim
            let length = s.outlineLength
            return [(end - start) * length, length + 1, -start * length]
        }
        let moving = track(
            node, tolerance: Array(repeating: ExportTolerance.length, count: 3), read,
            declarations: { "stroke-dasharray: \(SVG.number($0[0]))px \(SVG.number($0[1]))px; stroke-dashoffset: \(SVG.number($0[2]))px" })
        let now = read(.shape(shape))
        guard let moving else {
            if now[0] < now[1] - 1 || now[2] != 0 {
                out.attributes.append(("stroke-dasharray", "\(SVG.number(now[0])) \(SVG.number(now[1]))"))
                if now[2] != 0 { out.attributes.append(("stroke-dashoffset", SVG.number(now[2]))) }
            }
            return
        }
        out.attributes.append(("stroke-dasharray", "\(SVG.number(now[0])) \(SVG.number(now[1]))"))
        out.attributes.append(("stroke-dashoffset", SVG.number(now[2])))
        out.tracks.append(moving)
    }

    // MARK: text

    private func text(_ node: SampledScene.Node, _ text: DrawText) throws -> WebElement {
        guard node.present.allSatisfy({ if case let .text(t) = $0 { t.text == text.text } else { false } }) else {
            throw ExportError.cannotExpress("cannot export: \(ItemName.of(node)) changes its words over time; CSS animates no text content")
        }
        var out = WebElement(tag: "text", key: "n\(node.key)")
        out.content = text.text
        out.attributes += [
            ("x", SVG.number(text.x)), ("y", SVG.number(text.y)), ("font-size", SVG.number(text.size)),
            ("font-weight", SVG.number(text.weight)),
        ]
        if text.tracking != 0 { out.attributes.append(("letter-spacing", SVG.number(text.tracking))) }
        if SVG.runsRightToLeft(text.text) { out.attributes += [("direction", "rtl"), ("text-anchor", "end")] }
        out.attributes += Self.colorAttributes("fill", text.color)
        let l = ExportTolerance.length
        if let moving = track(
            node, tolerance: [l, l], { if case let .text(t) = $0 { [t.x - text.x, t.y - text.y] } else { [] } },
            declarations: { "transform: translate(\(SVG.number($0[0]))px, \(SVG.number($0[1]))px)" })
        {
            out.tracks.append(moving)
        }
        if let spacing = track(
            node, tolerance: [l / max(1, Double(text.text.count))], { if case let .text(t) = $0 { [t.tracking] } else { [] } },
            declarations: { "letter-spacing: \(SVG.precise($0[0]))px" })
        {
            out.tracks.append(spacing)
        }
        if let sizing = track(
            node, tolerance: [l / 4], { if case let .text(t) = $0 { [t.size, t.weight] } else { [] } },
            declarations: { "font-size: \(SVG.number($0[0]))px; font-weight: \(SVG.number($0[1].rounded()))" })
        {
            out.tracks.append(sizing)
        }
        if let changing = colorTrack(node, "fill", { if case let .text(t) = $0 { t.color } else { 0 } }) { out.tracks.append(changing) }
        return out
    }

    // MARK: shared pieces

    private func colorTrack(_ node: SampledScene.Node, _ property: String, _ read: @escaping (DrawItem) -> UInt32) -> CSSTrack? {
        let c = ExportTolerance.channel
        return track(
            node, tolerance: [c, c, c, ExportTolerance.opacity],
            {
                let rgba = read($0)
                return [Double(rgba >> 24), Double((rgba >> 16) & 0xFF), Double((rgba >> 8) & 0xFF), SVG.alpha(rgba)]
            },
            declarations: { v in
                "\(property): rgb(\(SVG.number(v[0])) \(SVG.number(v[1])) \(SVG.number(v[2])) / \(SVG.precise(v[3])))"
            })
    }

    private static func colorAttributes(_ property: String, _ rgba: UInt32) -> [(String, String)] {
        var out = [(property, SVG.color(rgba))]
        if SVG.alpha(rgba) < 1, property != "stop-color" { out.append(("\(property)-opacity", SVG.precise(SVG.alpha(rgba)))) }
        return out
    }

    /// translate(to the anchor, moved) rotate scale translate(back from the anchor).
    public static func transform(_ v: [Double], css: Bool) -> String {
        let px = css ? "px" : ""
        let deg = css ? "deg" : ""
        let comma = css ? ", " : " "
        return "translate(\(SVG.number(v[0]))\(px)\(comma)\(SVG.number(v[1]))\(px)) rotate(\(SVG.precise(v[2]))\(deg)) "
            + "scale(\(SVG.precise(v[3]))\(comma)\(SVG.precise(v[4]))) translate(\(SVG.number(-v[5]))\(px)\(comma)\(SVG.number(-v[6]))\(px))"
    }

    /// Saturation, then blur with σ = radius / 2, as the ABI orders them.
    private static func filter(_ v: [Double]) -> String {
        "saturate(\(SVG.precise(v[0]))) blur(\(SVG.precise(v[1] / 2))px)"
    }

    /// x, y, width, height, corner radius; an ellipse's centre and radii.
    public static func geometry(_ kind: DrawShapeKind, _ rect: DrawRect, _ cornerRadius: Double) -> [Double] {
        if kind == .ellipse { return [rect.x + rect.width / 2, rect.y + rect.height / 2, abs(rect.width) / 2, abs(rect.height) / 2, 0] }
        return [rect.x, rect.y, max(0, rect.width), max(0, rect.height), ShapeOutline.cornerRadius(kind, rect, cornerRadius)]
    }

    private static func geometryNames(_ kind: DrawShapeKind) -> [String] {
        kind == .ellipse ? ["cx", "cy", "rx", "ry"] : ["x", "y", "width", "height", "rx"]
    }

    private static func geometryAttributes(_ kind: DrawShapeKind, _ v: [Double]) -> [(String, String)] {
        zip(geometryNames(kind), v).compactMap { name, value in name == "rx" && kind != .ellipse && value == 0 ? nil : (name, SVG.number(value)) }
    }

    private static func geometryDeclarations(_ kind: DrawShapeKind, _ v: [Double]) -> String {
        zip(geometryNames(kind), v).map { "\($0): \(SVG.number($1))px" }.joined(separator: "; ")
    }

    private static func verbs(_ segments: [DrawSegment]) -> [Int] {
        segments.map { segment in
            switch segment {
            case .move: 0
            case .line: 1
            case .cubic: 2
            case .close: 3
            }
        }
    }

    private static func coordinates(_ segments: [DrawSegment]) -> [Double] {
        segments.flatMap { segment -> [Double] in
            switch segment {
            case let .move(x, y), let .line(x, y): [x, y]
            case let .cubic(x, y, x1, y1, x2, y2): [x1, y1, x2, y2, x, y]
            case .close: []
            }
        }
    }

    private static func segments(_ verbs: [Int], _ v: [Double]) -> [DrawSegment] {
        var index = 0
        func next() -> Double {
            defer { index += 1 }
            return index < v.count ? v[index] : 0
        }
        return verbs.map { verb in
            switch verb {
            case 0: return .move(x: next(), y: next())
            case 1: return .line(x: next(), y: next())
            case 2:
                let (x1, y1, x2, y2) = (next(), next(), next(), next())
                return .cubic(x: next(), y: next(), x1: x1, y1: y1, x2: x2, y2: y2)
            default: return .close
            }
        }
    }

    public static func pathData(_ segments: [DrawSegment]) -> String {
        segments.map { segment in
            switch segment {
            case let .move(x, y): "M\(SVG.number(x)) \(SVG.number(y))"
            case let .line(x, y): "L\(SVG.number(x)) \(SVG.number(y))"
            case let .cubic(x, y, x1, y1, x2, y2):
                "C\(SVG.number(x1)) \(SVG.number(y1)) \(SVG.number(x2)) \(SVG.number(y2)) \(SVG.number(x)) \(SVG.number(y))"
            case .close: "Z"
            }
        }.joined(separator: " ")
    }
}
