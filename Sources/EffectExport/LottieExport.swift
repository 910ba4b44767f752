import EffectHost
import EffectRender

/// A Lottie 1.0 export: the sampled scene as shape layers, one per item at
/// the top of the display list, each keyframed property fitted with bezier
/// easing (a Hermite segment through the samples' slopes) or straight
/// where that stays within the tolerance, and held where a value jumps.
/// Text becomes its glyphs' outlines from the font it was measured in, so
/// it plays the same in every player. What Lottie cannot say is said:
/// saturation becomes keyframed colours, and blur is left out.
public struct LottieExport {
    public let scene: SampledScene
    public let fonts: FontBook
    public let fps: Double
    public let title: String
    /// Groups whose blur or saturation Lottie cannot draw as such.
    private var blurred: [UInt32] = []
    private var desaturated: [UInt32] = []
    private var colorGlyphsLeftOut = 0

    /// Seconds from the file's first frame, and the scene's sample at each.
    private let times: [Double]
    private let picks: [(segment: Int, sample: Int)]
    private let origin: (x: Double, y: Double)
    public let width: Int
    public let height: Int
    private let markers: [JSON]

    /// The file's out point. A period alone ends where it begins again
    /// (players show frames ip to op - 1, then wrap); anything else holds
    /// one frame at or after its last moment, so a player that stops on
    /// op - 1 stops on the settled picture.
    public var frameCount: Int {
        let span = (times.last ?? 0) * fps
        return loopsSeamlessly ? max(1, Int(span.rounded())) : Int((span - 1e-9).rounded(.up)) + 1
    }

    /// The file is one period of a loop, which players may repeat seamlessly.
    public let loopsSeamlessly: Bool

    /// `periodOnly`: the repeating period alone, seamless when a player
    /// loops the file; otherwise the entrance and one period (or the whole
    /// timeline of an effect that ends), with markers naming them.
    public init(scene: SampledScene, fonts: FontBook, fps: Double, title: String, periodOnly: Bool) throws {
        self.scene = scene
        self.fonts = fonts
        self.fps = fps
        self.title = title
        var times: [Double] = []
        var picks: [(Int, Int)] = []
        var markers: [JSON] = []
        for (s, segment) in scene.segments.enumerated() where !periodOnly || segment.repeats {
            let offset = periodOnly ? 0 : segment.start
            if segment.repeats, !periodOnly, segment.start > 0 {
                markers.append(Self.marker("entrance", from: 0, to: segment.start, fps: fps))
                markers.append(Self.marker("loop", from: segment.start, to: segment.start + segment.duration, fps: fps))
            }
            for (k, t) in segment.times.enumerated() {
                if let last = times.last, abs(offset + t - last) < 1e-9 { continue }
                times.append(offset + t)
                picks.append((s, k))
            }
        }
        guard !times.isEmpty else {
            throw ExportError.endsInsteadOfLooping(effect: title)
        }
        self.times = times
        self.picks = picks
        loopsSeamlessly = scene.segments.allSatisfy(\.repeats) || periodOnly
        self.markers = markers
        let box = DisplayListSVG(bounds: scene.bounds).viewBox
        origin = (box.x, box.y)
        width = Int(box.width)
        height = Int(box.height)
    }

    private static func marker(_ name: String, from start: Double, to end: Double, fps: Double) -> JSON {
        .object([("cm", .string(name)), ("tm", .number(rounded(start * fps, 4))), ("dr", .number(rounded((end - start) * fps, 4)))])
    }

    public mutating func document() throws -> JSON {
        var layers: [JSON] = []
        let roots = scene.roots
        // Lottie lists layers front to back; the display list paints back to front.
        for (index, root) in roots.enumerated().reversed() {
            layers.append(try layer(root, index: roots.count - index))
        }
        var members: [(String, JSON)] = [
            ("v", .string("5.7.0")), ("ver", .integer(10000)), ("nm", .string(title)), ("fr", .number(fps)),
            ("ip", .integer(0)), ("op", .integer(Int64(frameCount))), ("w", .integer(Int64(width))), ("h", .integer(Int64(height))),
            ("ddd", .integer(0)), ("assets", .array([])), ("layers", .array(layers)),
        ]
        if !markers.isEmpty { members.append(("markers", .array(markers))) }
        return .object(members)
    }

    // MARK: tracks

    /// `read` at every sample of the file's timeline.
    private func track(_ node: SampledScene.Node, _ read: (DrawItem) -> [Double]) -> [[Double]] {
        let values = scene.values(of: node, read)
        return picks.map { values[$0.segment][$0.sample] }
    }

    private func frame(_ t: Double) -> JSON { .number(rounded(t * fps, 4)) }

    /// A property: static when it never changes, else keyframes fitted
    /// to the samples (or held from one to the next).
    private func property(
        _ values: [[Double]], tolerance: [Double], scalar: Bool = false, holds: Bool = false, places: Int = 3
    ) -> JSON {
        func value(_ v: [Double]) -> JSON {
            scalar ? .number(rounded(v[0], places)) : .array(v.map { .number(rounded($0, places)) })
        }
        guard let first = values.first, values.contains(where: { $0 != first }) else {
            return .object([("a", .integer(0)), ("k", value(values.first ?? [0]))])
        }
        var keys: [JSON] = []
        if holds {
            for k in KeyframeFit.holds(values: values) {
                keys.append(.object([("t", frame(times[k])), ("s", .array(values[k].map { .number(rounded($0, places)) })), ("h", .integer(1))]))
            }
        } else {
            let fitted = KeyframeFit.eased(times: times, values: values, tolerance: tolerance)
            for (n, key) in fitted.enumerated() {
                var members: [(String, JSON)] = [("t", frame(times[key.index])), ("s", .array(values[key.index].map { .number(rounded($0, places)) }))]
                if n + 1 < fitted.count {
                    members.append(("o", .object([("x", .number(rounded(1.0 / 3, 4))), ("y", .number(rounded(key.easing.out, 4)))])))
                    members.append(("i", .object([("x", .number(rounded(2.0 / 3, 4))), ("y", .number(rounded(key.easing.into, 4)))])))
                }
                keys.append(.object(members))
            }
        }
        return .object([("a", .integer(1)), ("k", .array(keys))])
    }

    /// A path property: its contours' numbers fitted as one track.
    private func pathProperty(_ contours: [LottieContour], places: Int = 3) -> JSON {
        guard let first = contours.first, contours.contains(where: { $0.numbers != first.numbers }) else {
            return .object([("a", .integer(0)), ("k", (contours.first ?? LottieContour()).json(places: places))])
        }
        let values = contours.map(\.numbers)
        let fitted = KeyframeFit.eased(times: times, values: values, tolerance: Array(repeating: Self.length, count: first.numbers.count))
        var keys: [JSON] = []
        for (n, key) in fitted.enumerated() {
            var members: [(String, JSON)] = [("t", frame(times[key.index])), ("s", .array([contours[key.index].json(places: places)]))]
            if n + 1 < fitted.count {
                members.append(("o", .object([("x", .number(rounded(1.0 / 3, 4))), ("y", .number(rounded(key.easing.out, 4)))])))
                members.append(("i", .object([("x", .number(rounded(2.0 / 3, 4))), ("y", .number(rounded(key.easing.into, 4)))])))
            }
            keys.append(.object(members))
        }
        return .object([("a", .integer(1)), ("k", .array(keys))])
    }

    /// Lottie's tolerance for lengths: a quarter of the web's. Players are
    /// held to the pixels of the PNG still, where a fifth of a point along
    /// every edge of bold text is 2% of its ink; a twentieth is 0.5%.
    public static let length = ExportTolerance.length / 4

    private static let still = JSON.object([("a", .integer(0)), ("k", .number(0))])

    // MARK: layers and groups

    private mutating func layer(_ node: SampledScene.Node, index: Int) throws -> JSON {
        var members: [(String, JSON)] = [
            ("ddd", .integer(0)), ("ind", .integer(Int64(index))), ("ty", .integer(4)), ("nm", .string("item \(node.id)")), ("sr", .integer(1)),
        ]
        let shapes: [JSON]
        if node.kind == .group {
            members.append(("ks", transform(node, offset: true, shapeGroup: false)))
            if let clip = try mask(node) {
                members.append(("hasMask", .bool(true)))
                members.append(("masksProperties", .array([clip])))
            }
            shapes = try children(node, ancestors: [node])
        } else {
            members.append(("ks", identity(offset: true, shapeGroup: false)))
            shapes = [try item(node, ancestors: [])]
        }
        members += [
            ("ao", .integer(0)), ("shapes", .array(shapes)), ("ip", .integer(0)), ("op", .integer(Int64(frameCount))), ("st", .integer(0)),
            ("bm", .integer(0)),
        ]
        return .object(members)
    }

    private mutating func children(_ node: SampledScene.Node, ancestors: [SampledScene.Node]) throws -> [JSON] {
        try node.children.reversed().map { try item($0, ancestors: ancestors) }
    }

    private mutating func item(_ node: SampledScene.Node, ancestors: [SampledScene.Node]) throws -> JSON {
        switch node.kind {
        case .group:
            if node.present.contains(where: { if case let .group(g) = $0 { g.clip != nil } else { false } }) {
                throw ExportError.cannotExpress("cannot export to Lottie: \(ItemName.of(node)) is clipped inside another group; Lottie clips whole layers (masks), which only top-level groups become")
            }
            var items = try children(node, ancestors: ancestors + [node])
            items.append(transform(node, offset: false, shapeGroup: true))
            return group("group \(node.id)", items)
        case .shape: return try shape(node, ancestors: ancestors)
        case .text: return try text(node, ancestors: ancestors)
        }
    }

    private func group(_ name: String, _ items: [JSON]) -> JSON {
        .object([("ty", .string("gr")), ("nm", .string(name)), ("it", .array(items))])
    }

    /// A group's transform as Lottie's: position is where the anchor lands.
    private mutating func transform(_ node: SampledScene.Node, offset: Bool, shapeGroup: Bool) -> JSON {
        let (dx, dy) = offset ? (-origin.x, -origin.y) : (0, 0)
        let l = Self.length
        let (fraction, turn) = ExportTolerance.scaleAndTurn(length: Self.length, extent: scene.extent)
        let scale = fraction * 100
        func read(_ f: @escaping (DrawGroup) -> [Double]) -> [[Double]] {
            track(node) { if case let .group(g) = $0 { f(g) } else { [] } }
        }
        let anchor = read { [$0.transform.anchorX, $0.transform.anchorY] }
        let position = read { [$0.transform.translateX + $0.transform.anchorX + dx, $0.transform.translateY + $0.transform.anchorY + dy] }
        let scaling = read { [$0.transform.scaleX * 100, $0.transform.scaleY * 100] }
        let rotation = read { [$0.transform.rotation] }
        let presence = self.presence(node)
        let opacity = zip(read { [min(1, max(0, $0.opacity)) * 100] }, presence).map { [$0[0] * $1] }
        if node.present.contains(where: { if case let .group(g) = $0 { g.blur > 0 } else { false } }) { blurred.append(node.id) }
        if node.present.contains(where: { if case let .group(g) = $0 { g.saturation != 1 } else { false } }) { desaturated.append(node.id) }
        var members: [(String, JSON)] = shapeGroup ? [("ty", .string("tr"))] : []
        members += [
            ("a", property(anchor, tolerance: [l, l])), ("p", property(position, tolerance: [l, l])),
            ("s", property(scaling, tolerance: [scale, scale])), ("r", property(rotation, tolerance: [turn], scalar: true)),
            ("o", property(opacity, tolerance: [ExportTolerance.opacity * 100], scalar: true)),
        ]
        return .object(members)
    }

    private func identity(offset: Bool, shapeGroup: Bool, opacity: JSON? = nil) -> JSON {
        let (dx, dy) = offset ? (-origin.x, -origin.y) : (0, 0)
        var members: [(String, JSON)] = shapeGroup ? [("ty", .string("tr"))] : []
        members += [
            ("a", .object([("a", .integer(0)), ("k", .array([.number(0), .number(0)]))])),
            ("p", .object([("a", .integer(0)), ("k", .array([.number(rounded(dx, 3)), .number(rounded(dy, 3))]))])),
            ("s", .object([("a", .integer(0)), ("k", .array([.number(100), .number(100)]))])),
            ("r", Self.still), ("o", opacity ?? .object([("a", .integer(0)), ("k", .number(100))])),
        ]
        return .object(members)
    }

    /// 1 where the node draws, 0 where it is missing or trimmed to nothing.
    private func presence(_ node: SampledScene.Node) -> [Double] {
        picks.map { pick in
            guard let item = node.samples[pick.segment][pick.sample] else { return 0 }
            if case let .shape(s) = item, s.drawsNothing { return 0 }
            return 1
        }
    }

    private func presenceOpacity(_ node: SampledScene.Node) -> JSON? {
        let shown = presence(node)
        guard shown.contains(0) else { return nil }
        return property(shown.map { [$0 * 100] }, tolerance: [0], scalar: true, holds: true)
    }

    /// A top-level group's clip as the layer's mask, in its content's coordinates.
    private func mask(_ node: SampledScene.Node) throws -> JSON? {
        let clips = node.present.map { item -> DrawClip? in if case let .group(g) = item { g.clip } else { nil } }
        guard clips.contains(where: { $0 != nil }) else { return nil }
        guard clips.allSatisfy({ $0 != nil }) else { throw ExportError.cannotExpress("cannot export to Lottie: \(ItemName.of(node)) is clipped at some times only") }
        let contours: [LottieContour] = picks.map { pick in
            guard case let .group(g)? = scene.nearest(node, pick.segment, pick.sample), let clip = g.clip else { return LottieContour() }
            return LottieContour.outline(clip.shape, clip.rect, cornerRadius: clip.cornerRadius)
        }
        return .object([
            ("nm", .string("clip")), ("mode", .string("a")), ("inv", .bool(false)), ("pt", pathProperty(contours)),
            ("o", .object([("a", .integer(0)), ("k", .number(100))])),
        ])
    }

    // MARK: shapes

    private mutating func shape(_ node: SampledScene.Node, ancestors: [SampledScene.Node]) throws -> JSON {
        guard case let .shape(first)? = node.first else { throw ExportError.cannotExpress("cannot export: \(ItemName.of(node)) is never drawn") }
        let shapes = picks.map { pick -> DrawShape in
            if case let .shape(s)? = scene.nearest(node, pick.segment, pick.sample) { return s }
            return first
        }
        guard shapes.allSatisfy({ $0.kind == first.kind }) else { throw ExportError.cannotExpress("cannot export: \(ItemName.of(node)) changes its kind over time") }
        let trimmed = shapes.contains { $0.trimStart > 0 || $0.trimEnd < 1 }
        var items: [JSON] = []
        let l = Self.length
        if first.kind == .path || trimmed {
            let paths = shapes.map { s in
                s.kind == .path ? LottieContour.contours(s.segments) : [LottieContour.outline(s.kind, s.frame, cornerRadius: s.cornerRadius)]
            }
            let count = paths[0].count
            guard paths.allSatisfy({ $0.count == count && zip($0, paths[0]).allSatisfy { $0.vertices.count == $1.vertices.count && $0.closed == $1.closed } }) else {
                throw ExportError.cannotExpress("cannot export to Lottie: the path of \(ItemName.of(node)) changes its segments over time")
            }
            for c in 0..<count {
                items.append(.object([("ty", .string("sh")), ("ks", pathProperty(paths.map { $0[c] }))]))
            }
        } else if first.kind == .ellipse {
            items.append(.object([
                ("ty", .string("el")), ("p", property(shapes.map { [$0.frame.x + $0.frame.width / 2, $0.frame.y + $0.frame.height / 2] }, tolerance: [l, l])),
                ("s", property(shapes.map { [abs($0.frame.width), abs($0.frame.height)] }, tolerance: [l, l])),
            ]))
        } else {
            let geometry = shapes.map { WebElements.geometry($0.kind, $0.frame, $0.cornerRadius) }
            items.append(.object([
                ("ty", .string("rc")), ("p", property(geometry.map { [$0[0] + $0[2] / 2, $0[1] + $0[3] / 2] }, tolerance: [l, l])),
                ("s", property(geometry.map { [$0[2], $0[3]] }, tolerance: [l, l])), ("r", property(geometry.map { [$0[4]] }, tolerance: [l], scalar: true)),
            ]))
        }
        if trimmed {
            // Percent of the outline, to a length's tolerance along it.
            let percent = shapes.map { [$0.trim.start * 100, $0.trim.end * 100] }
            let along = Self.length / max(1, first.outlineLength) * 100
            items.append(.object([
                ("ty", .string("tm")), ("s", property(percent.map { [$0[0]] }, tolerance: [along], scalar: true)),
                ("e", property(percent.map { [$0[1]] }, tolerance: [along], scalar: true)), ("o", Self.still), ("m", .integer(2)),
            ]))
        }
        if let stroke = first.stroke {
            guard shapes.allSatisfy({ $0.stroke?.cap == stroke.cap && $0.stroke?.join == stroke.join }) else {
                throw ExportError.cannotExpress("cannot export: \(ItemName.of(node)) is stroked at some times only, or changes its caps")
            }
            let colours = shapes.map { $0.stroke?.color ?? 0 }
            items.append(.object([
                ("ty", .string("st")), ("c", colour(colours, ancestors: ancestors)), ("o", alpha(colours)),
                ("w", property(shapes.map { [$0.stroke?.width ?? 0] }, tolerance: [l], scalar: true)),
                ("lc", .integer(Int64(stroke.cap.rawValue) + 1)), ("lj", .integer(Int64(stroke.join.rawValue) + 1)), ("ml", .integer(4)),
            ]))
        }
        switch first.fill {
        case nil: break
        case .color?:
            let colours = shapes.map { shape -> UInt32 in if case let .color(c)? = shape.fill { c } else { 0 } }
            items.append(.object([("ty", .string("fl")), ("c", colour(colours, ancestors: ancestors)), ("o", alpha(colours)), ("r", .integer(1))]))
        case let .linearGradient(x0, y0, x1, y1, stops)?:
            guard shapes.allSatisfy({ $0.fill == first.fill }) else {
                throw ExportError.cannotExpress("cannot export to Lottie: the gradient of \(ItemName.of(node)) changes over time")
            }
            if ancestors.contains(where: { $0.present.contains { if case let .group(g) = $0 { g.saturation != 1 } else { false } } }) {
                throw ExportError.cannotExpress("cannot export to Lottie: the gradient of \(ItemName.of(node)) is desaturated by a group, which Lottie cannot draw")
            }
            var numbers: [JSON] = []
            for stop in stops {
                numbers += [stop.offset, Double(stop.color >> 24) / 255, Double((stop.color >> 16) & 0xFF) / 255, Double((stop.color >> 8) & 0xFF) / 255]
                    .map { .number(rounded($0, 4)) }
            }
            if stops.contains(where: { $0.color & 0xFF != 0xFF }) {
                for stop in stops { numbers += [.number(rounded(stop.offset, 4)), .number(rounded(SVG.alpha(stop.color), 4))] }
            }
            items.append(.object([
                ("ty", .string("gf")), ("t", .integer(1)), ("s", .object([("a", .integer(0)), ("k", .array([.number(rounded(x0, 3)), .number(rounded(y0, 3))]))])),
                ("e", .object([("a", .integer(0)), ("k", .array([.number(rounded(x1, 3)), .number(rounded(y1, 3))]))])),
                ("g", .object([("p", .integer(Int64(stops.count))), ("k", .object([("a", .integer(0)), ("k", .array(numbers))]))])),
                ("o", .object([("a", .integer(0)), ("k", .number(100))])), ("r", .integer(1)),
            ]))
        }
        items.append(identity(offset: false, shapeGroup: true, opacity: presenceOpacity(node)))
        return group("shape \(node.id)", items)
    }

    /// Colours with every enclosing group's saturation applied, innermost
    /// first, as the display list filters them: 0...1 channels.
    private func colour(_ colours: [UInt32], ancestors: [SampledScene.Node]) -> JSON {
        let saturations = ancestors.reversed().map { node in track(node) { if case let .group(g) = $0 { [max(0, g.saturation)] } else { [1] } } }
        let values = colours.enumerated().map { k, rgba -> [Double] in
            var (r, g, b) = (Double(rgba >> 24) / 255, Double((rgba >> 16) & 0xFF) / 255, Double((rgba >> 8) & 0xFF) / 255)
            for saturation in saturations where saturation[k][0] != 1 { (r, g, b) = RGB.saturate(r, g, b, saturation[k][0]) }
            return [min(1, max(0, r)), min(1, max(0, g)), min(1, max(0, b))]
        }
        let c = ExportTolerance.channel / 255
        return property(values, tolerance: [c, c, c], places: 4)
    }

    private func alpha(_ colours: [UInt32]) -> JSON {
        property(colours.map { [SVG.alpha($0) * 100] }, tolerance: [ExportTolerance.opacity * 100], scalar: true)
    }

    // MARK: text

    /// A run of text as its glyphs, each a group of its outline's
    /// contours, filled, and placed where HarfBuzz puts it at each sample
    /// (the run's tracking moves them).
    private mutating func text(_ node: SampledScene.Node, ancestors: [SampledScene.Node]) throws -> JSON {
        guard case let .text(first)? = node.first else { throw ExportError.cannotExpress("cannot export: \(ItemName.of(node)) is never drawn") }
        let runs = picks.map { pick -> DrawText in
            if case let .text(t)? = scene.nearest(node, pick.segment, pick.sample) { return t }
            return first
        }
        guard runs.allSatisfy({ $0.text == first.text && $0.weight == first.weight }) else {
            throw ExportError.cannotExpress("cannot export to Lottie: \(ItemName.of(node)) changes its text or weight over time")
        }
        // Each sample's placement of every glyph, in points from the view's origin.
        var placed: [[(x: Double, y: Double)]] = []
        var shapedAt: [Double: ShapedText] = [:]
        var glyphs: [ShapedText.Glyph] = []
        for run in runs {
            let tracking = run.size > 0 ? run.tracking / run.size : 0
            guard let shaped = shapedAt[tracking] ?? fonts.shaped(run.text, weight: run.weight, tracking: tracking) else {
                throw ExportError.cannotExpress("cannot export to Lottie: no font can be opened for \(ItemName.of(node))")
            }
            shapedAt[tracking] = shaped
            if glyphs.isEmpty { glyphs = shaped.glyphs }
            placed.append(shaped.glyphs.map { (run.x + $0.x * run.size, run.y - $0.y * run.size) })
        }
        let emoji = glyphs.filter(\.font.hasColorBitmaps).count
        colorGlyphsLeftOut += emoji
        let colours = runs.map(\.color)
        let fill = JSON.object([("ty", .string("fl")), ("c", colour(colours, ancestors: ancestors)), ("o", alpha(colours)), ("r", .integer(1))])
        let l = Self.length
        let sizes = runs.map { [$0.size / first.size * 100] }
        let scaling = property(sizes.map { [$0[0], $0[0]] }, tolerance: [l / max(1, first.size) * 100, l / max(1, first.size) * 100])
        var items: [JSON] = []
        for (index, glyph) in glyphs.enumerated() where !glyph.font.hasColorBitmaps {
            let contours = LottieContour.contours(glyph.font.outline(of: glyph.glyph), scale: glyph.scale(size: first.size))
            guard !contours.isEmpty else { continue }
            var parts: [JSON] = contours.map { .object([("ty", .string("sh")), ("ks", .object([("a", .integer(0)), ("k", $0.json(places: 2))]))]) }
            parts.append(fill)
            parts.append(.object([
                ("ty", .string("tr")), ("a", .object([("a", .integer(0)), ("k", .array([.number(0), .number(0)]))])),
                ("p", property(placed.map { [$0[index].x, $0[index].y] }, tolerance: [l, l])), ("s", scaling), ("r", Self.still),
                ("o", .object([("a", .integer(0)), ("k", .number(100))])),
            ]))
            items.append(group("glyph", parts))
        }
        items.reverse()
        items.append(identity(offset: false, shapeGroup: true, opacity: presenceOpacity(node)))
        return group("text \(node.id)", items)
    }

    /// What the file could not say as the effect says it, a line each.
    public var notes: [String] {
        // Counted, not listed: an item's id means nothing to the reader.
        func groups(_ ids: [UInt32]) -> String { ids.count == 1 ? "1 group" : "\(ids.count) groups" }
        var out: [String] = []
        if !desaturated.isEmpty {
            out.append("Lottie has no saturation filter: the saturation of \(groups(desaturated)) is baked into the colours inside, keyframed")
        }
        if !blurred.isEmpty {
            out.append(
                "Lottie 1.0 has no blur: the blur of \(groups(blurred)) is left out (After Effects' Gaussian Blur layer effect is outside the format; lottie-web draws it, rlottie does not)")
        }
        if colorGlyphsLeftOut > 0 {
            let count = colorGlyphsLeftOut == 1 ? "1 emoji glyph is" : "\(colorGlyphsLeftOut) emoji glyphs are"
            out.append("Lottie draws text as outlines and colour emoji have none (they are pictures): \(count) left out")
        }
        return out
    }
}
