import EffectHost
import Glibc

/// Draws any display list onto a CellCanvas, knowing no effect: shapes as
/// braille dots, solid rectangular fills a row or more tall as cell
/// backgrounds, text in the dot font or on the cell grid (TerminalScale
/// decides which, as it measured it). Groups' transforms, opacity,
/// saturation and clips apply as in the ABI; blur has no cell-grid
/// equivalent and is left out (effects fade what they blur).
///
/// A braille cell has one colour, so a large curved fill (an ellipse or a
/// path eight dots or more across) is drawn as its outline: filled discs
/// would merge into one blob, while outlines overlap into the figure the
/// filled shapes make on screen.
public struct DisplayListRaster {
    public let scale: TerminalScale
    /// The drawing point at the canvas's top-left dot.
    public let origin: (x: Double, y: Double)

    public init(scale: TerminalScale, origin: (x: Double, y: Double)) { (self.scale, self.origin) = (scale, origin) }

    private struct State {
        var matrix: Affine
        var opacity: Double
        var saturation: Double
        /// Each clip with the map back into its own coordinates, and, for a
        /// rect on an unturned map, its box on the canvas: a dot test is
        /// then four comparisons (a masked paragraph tests every dot).
        var clips: [(inverse: Affine, clip: DrawClip, box: (minX: Double, minY: Double, maxX: Double, maxY: Double)?)]
    }

    public func draw(_ list: DisplayList, on canvas: inout CellCanvas) {
        var cells = CellRuns()
        let view = Affine.scale(1 / scale.points, 1 / scale.points).concatenating(.translation(-origin.x, -origin.y))
        var stack = [State(matrix: view, opacity: 1, saturation: 1, clips: [])]
        for item in list.items {
            let state = stack[stack.count - 1]
            switch item {
            case let .group(group):
                var next = state
                let t = group.transform
                let local = Affine.translation(t.translateX + t.anchorX, t.translateY + t.anchorY)
                    .concatenating(.rotation(degrees: t.rotation))
                    .concatenating(.scale(t.scaleX, t.scaleY))
                    .concatenating(.translation(-t.anchorX, -t.anchorY))
                next.matrix = state.matrix.concatenating(local)
                next.opacity *= min(1, max(0, group.opacity))
                next.saturation *= max(0, group.saturation)
                if let clip = group.clip, let inverse = next.matrix.inverted {
                    let box = clip.shape == .rect && next.matrix.isAxisAligned ? next.matrix.bounds(of: clip.rect, outset: 0) : nil
                    next.clips.append((inverse, clip, box))
                }
                stack.append(next)
            case .endGroup:
                if stack.count > 1 { stack.removeLast() }
            case let .shape(shape):
                drawShape(shape, state, &canvas)
            case let .text(text):
                drawText(text, state, &canvas, &cells)
            }
        }
    }

    private func color(_ rgba: UInt32, _ state: State) -> (RGB, Double) {
        let color = RGB(packed: rgba)
        return (state.saturation == 1 ? color : color.saturated(state.saturation), Double(rgba & 0xFF) / 255 * state.opacity)
    }

    private func visible(_ dot: (x: Double, y: Double), _ state: State) -> Bool {
        state.clips.allSatisfy { clip in
            if let box = clip.box { return dot.x >= box.minX && dot.x <= box.maxX && dot.y >= box.minY && dot.y <= box.maxY }
            let p = clip.inverse.apply(dot.x, dot.y)
            return Outline(clip.clip.shape, clip.clip.rect, clip.clip.cornerRadius).contains(p.x, p.y)
        }
    }

    private func drawShape(_ shape: DrawShape, _ state: State, _ canvas: inout CellCanvas) {
        guard let inverse = state.matrix.inverted else { return }
        let outline: Outline
        var polyline: [[(x: Double, y: Double)]] = []
        if shape.kind == .path {
            polyline = Polyline.flatten(shape.segments)
            guard let box = Polyline.bounds(polyline) else { return }
            outline = Outline(.path, box, 0)
            polyline = Polyline.trimmed(polyline, from: shape.trimStart, to: shape.trimEnd)
        } else {
            outline = Outline(shape.kind, shape.frame, shape.cornerRadius)
        }
        // Local lengths in dots (a transform's mean scale).
        let dotsPerUnit = sqrt(abs(state.matrix.determinant))
        let stroke = shape.stroke.map { ($0, max(0.6, $0.width * dotsPerUnit / 2)) }
        let reach = (stroke?.0.width ?? 0) / 2 + 1 / max(dotsPerUnit, 1e-9)
        let box = state.matrix.bounds(of: outline.rect, outset: reach)
        let (width, height) = (Double(canvas.width), Double(canvas.height))
        let x0 = Int(max(0, box.minX).rounded(.down))
        let x1 = Int(min(width, box.maxX).rounded(.up))
        let y0 = Int(max(0, box.minY).rounded(.down))
        let y1 = Int(min(height, box.maxY).rounded(.up))
        guard x0 < x1, y0 < y1 else { return }
        let sizeInDots = (box.maxX - box.minX, box.maxY - box.minY)

        // Solid rectangular fills a row or more tall become cell backgrounds.
        if case let .color(rgba)? = shape.fill, shape.kind != .ellipse, shape.kind != .path, sizeInDots.1 >= 4,
            sizeInDots.0 >= 4, state.matrix.isAxisAligned
        {
            let (fill, opacity) = color(rgba, state)
            for row in (y0 / 4)..<min(canvas.rows, (y1 + 3) / 4) {
                for column in (x0 / 2)..<min(canvas.columns, (x1 + 1) / 2) {
                    let centre = (x: Double(column) * 2 + 1, y: Double(row) * 4 + 2)
                    let local = inverse.apply(centre.x, centre.y)
                    guard outline.contains(local.x, local.y), visible(centre, state) else { continue }
                    canvas.fill(column: column, row: row, color: fill, opacity: opacity)
                }
            }
        } else if let fill = shape.fill {
            let outlineOnly = (shape.kind == .ellipse || shape.kind == .path) && sizeInDots.0 >= 8 && sizeInDots.1 >= 8
            for y in y0..<y1 {
                for x in x0..<x1 {
                    let dot = (x: Double(x) + 0.5, y: Double(y) + 0.5)
                    let local = inverse.apply(dot.x, dot.y)
                    if shape.kind == .path {
                        guard Polyline.contains(polyline, local) else { continue }
                        if outlineOnly, Polyline.distance(polyline, local, closed: true) * dotsPerUnit > 0.8 { continue }
                    } else {
                        let signed = outline.signedDistance(local.x, local.y)
                        guard signed <= 0, !outlineOnly || -signed * dotsPerUnit <= 0.8 else { continue }
                    }
                    guard visible(dot, state) else { continue }
                    let (paint, opacity) = self.paint(fill, at: local, state)
                    canvas.paint(x: x, y: y, color: paint, opacity: opacity)
                }
            }
        }
        if let (stroke, halfWidth) = stroke {
            let (paint, opacity) = color(stroke.color, state)
            for y in y0..<y1 {
                for x in x0..<x1 {
                    let dot = (x: Double(x) + 0.5, y: Double(y) + 0.5)
                    let local = inverse.apply(dot.x, dot.y)
                    let distance = shape.kind == .path ? Polyline.distance(polyline, local, closed: false) : outline.distanceToEdge(local.x, local.y)
                    guard distance * dotsPerUnit <= halfWidth, visible(dot, state) else { continue }
                    canvas.paint(x: x, y: y, color: paint, opacity: opacity)
                }
            }
        }
    }

    private func paint(_ fill: DrawPaint, at local: (x: Double, y: Double), _ state: State) -> (RGB, Double) {
        switch fill {
        case let .color(rgba): return color(rgba, state)
        case let .linearGradient(x0, y0, x1, y1, stops):
            guard let first = stops.first, let last = stops.last else { return (RGB(0, 0, 0), 0) }
            let (dx, dy) = (x1 - x0, y1 - y0)
            let length = dx * dx + dy * dy
            let f = length > 0 ? ((local.x - x0) * dx + (local.y - y0) * dy) / length : 0
            var rgba = f <= first.offset ? first.color : last.color
            for index in stops.indices.dropLast() where f > stops[index].offset && f <= stops[index + 1].offset {
                let (a, b) = (stops[index], stops[index + 1])
                rgba = mix(a.color, b.color, (f - a.offset) / max(1e-12, b.offset - a.offset))
            }
            return color(rgba, state)
        }
    }

    private func mix(_ a: UInt32, _ b: UInt32, _ f: Double) -> UInt32 {
        var out: UInt32 = 0
        for shift in [24, 16, 8, 0] as [UInt32] {
            let x = Double(a >> shift & 0xFF)
            let y = Double(b >> shift & 0xFF)
            out |= UInt32(max(0, min(255, (x + (y - x) * f).rounded()))) << shift
        }
        return out
    }

    /// Where runs of cell characters ended on each row: a word's gap in
    /// points can be under a cell, and two runs must never touch.
    private struct CellRuns {
        var lastColumn: [Int: (column: Int, id: UInt32)] = [:]
    }

    private func drawText(_ text: DrawText, _ state: State, _ canvas: inout CellCanvas, _ cells: inout CellRuns) {
        var shift: Int?
        let (ink, opacity) = color(text.color, state)
        let pixel = scale.pixelDots(text.size)
        let unit = scale.points
        var x = text.x
        let tracking = scale.tracking(text.tracking, pixel: pixel)
        for character in text.text {
            let glyph = scale.glyph(character, pixel: pixel)
            let advance = scale.advance(of: character, glyph: glyph, pixel: pixel)
            defer { if advance > 0 { x += advance + tracking } }
            if let dots = glyph {
                // One canvas dot's step across and down the glyph, mapped.
                let m = state.matrix
                let (width, height) = (Double(canvas.width), Double(canvas.height))
                let (across, down) = ((x: m.a * unit, y: m.b * unit), (x: m.c * unit, y: m.d * unit))
                // Glyph rows 0...6 stand on the baseline; 7 and 8 hang below.
                for dot in dots {
                    let corner = m.apply(x + (Double(dot.x * pixel) + 0.5) * unit, text.y + (Double((dot.y - 7) * pixel) + 0.5) * unit)
                    for sy in 0..<pixel {
                        for sx in 0..<pixel {
                            let (fx, fy) = (Double(sx), Double(sy))
                            let p = (x: corner.x + fx * across.x + fy * down.x, y: corner.y + fx * across.y + fy * down.y)
                            guard state.clips.isEmpty || visible(p, state) else { continue }
                            // Off the canvas to the left or top stays off it;
                            // elsewhere truncation is the floor, without a libm call.
                            guard p.x >= 0, p.y >= 0, p.x < width, p.y < height else { continue }
                            canvas.paint(x: Int(p.x), y: Int(p.y), color: ink, opacity: opacity)
                        }
                    }
                }
            } else if advance > 0, character != " " {
                // A cell character at the cell its box's centre falls in,
                // faded by how much of that box its clips let show.
                let top = text.y - text.ascent
                let boxHeight = text.ascent + text.descent
                var shown = 0
                let samples = 8
                var centreY = 0.0
                for sample in 0..<samples {
                    let local = (x: x + advance / 2, y: top + (Double(sample) + 0.5) / Double(samples) * boxHeight)
                    let p = state.matrix.apply(local.x, local.y)
                    if visible(p, state) {
                        shown += 1
                        centreY += p.y
                    }
                }
                guard shown > 0 else { continue }
                let p = state.matrix.apply(x + advance / 2, text.y)
                let row = Int((centreY / Double(shown) / 4).rounded(.down))
                var column = Int((p.x / 2).rounded(.down))
                // The run's first character sets how far the whole run moves
                // to stay a cell clear of the run before it on this row.
                if shift == nil {
                    let before = cells.lastColumn[row].flatMap { $0.id == text.id ? nil : $0.column }
                    shift = before.map { max(0, $0 + 2 - column) } ?? 0
                }
                column += shift ?? 0
                let width = CellWidth.of(character)
                cells.lastColumn[row] = (column + width - 1, text.id)
                // A control or invisible format character never reaches the
                // terminal: it shows as the replacement character.
                let safe: Character = character.unicodeScalars.allSatisfy(Terminal.isPrintable) ? character : "\u{FFFD}"
                canvas.put(
                    safe, column: column, row: row, color: ink, opacity: opacity * Double(shown) / Double(samples), cells: width)
            }
        }
    }
}

/// A 2-D affine map: x' = a x + c y + tx, y' = b x + d y + ty.
public struct Affine {
    public var a = 1.0, b = 0.0, c = 0.0, d = 1.0, tx = 0.0, ty = 0.0

    public static func translation(_ x: Double, _ y: Double) -> Affine { Affine(tx: x, ty: y) }
    public static func scale(_ x: Double, _ y: Double) -> Affine { Affine(a: x, d: y) }
    public static func rotation(degrees: Double) -> Affine {
        let r = degrees * .pi / 180
        return Affine(a: cos(r), b: sin(r), c: -sin(r), d: cos(r))
    }

    /// This map after `other`: first other, then self.
    public func concatenating(_ other: Affine) -> Affine {
        Affine(
            a: a * other.a + c * other.b, b: b * other.a + d * other.b, c: a * other.c + c * other.d,
            d: b * other.c + d * other.d, tx: a * other.tx + c * other.ty + tx, ty: b * other.tx + d * other.ty + ty)
    }

    public func apply(_ x: Double, _ y: Double) -> (x: Double, y: Double) { (a * x + c * y + tx, b * x + d * y + ty) }

    public var determinant: Double { a * d - b * c }

    public var isAxisAligned: Bool { abs(b) < 1e-9 && abs(c) < 1e-9 }

    public var inverted: Affine? {
        let det = determinant
        guard abs(det) > 1e-12, det.isFinite else { return nil }
        return Affine(
            a: d / det, b: -b / det, c: -c / det, d: a / det, tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
    }

    /// The box, in this map's output, of `rect` grown by `outset`.
    public func bounds(of rect: DrawRect, outset: Double) -> (minX: Double, minY: Double, maxX: Double, maxY: Double) {
        let (left, right) = (rect.x - outset, rect.x + rect.width + outset)
        let (top, bottom) = (rect.y - outset, rect.y + rect.height + outset)
        let (p, q, r, s) = (apply(left, top), apply(right, top), apply(left, bottom), apply(right, bottom))
        return (min(p.x, q.x, r.x, s.x), min(p.y, q.y, r.y, s.y), max(p.x, q.x, r.x, s.x), max(p.y, q.y, r.y, s.y))
    }
}

/// A shape's outline in its own coordinates, for inside and edge tests.
private struct Outline {
    let kind: DrawShapeKind
    let rect: DrawRect
    let radius: Double

    init(_ kind: DrawShapeKind, _ rect: DrawRect, _ cornerRadius: Double) {
        self.kind = kind
        self.rect = rect
        let short = min(abs(rect.width), abs(rect.height)) / 2
        radius = kind == .capsule ? short : kind == .roundedRect ? min(max(0, cornerRadius), short) : 0
    }

    /// Signed distance: negative inside.
    func signedDistance(_ x: Double, _ y: Double) -> Double {
        let (cx, cy) = (rect.x + rect.width / 2, rect.y + rect.height / 2)
        let (hw, hh) = (abs(rect.width) / 2, abs(rect.height) / 2)
        if kind == .ellipse {
            guard hw > 0, hh > 0 else { return .infinity }
            let (nx, ny) = ((x - cx) / hw, (y - cy) / hh)
            return ((nx * nx + ny * ny).squareRoot() - 1) * min(hw, hh)
        }
        let qx = abs(x - cx) - (hw - radius)
        let qy = abs(y - cy) - (hh - radius)
        let outside = (max(qx, 0) * max(qx, 0) + max(qy, 0) * max(qy, 0)).squareRoot()
        return outside + min(max(qx, qy), 0) - radius
    }

    func contains(_ x: Double, _ y: Double) -> Bool { signedDistance(x, y) <= 0 }

    func distanceToEdge(_ x: Double, _ y: Double) -> Double { abs(signedDistance(x, y)) }
}

/// A path as polylines (cubics flattened), with its trim and the tests the
/// raster needs.
private enum Polyline {
    static func flatten(_ segments: [DrawSegment]) -> [[(x: Double, y: Double)]] {
        var lines: [[(x: Double, y: Double)]] = []
        var current: [(x: Double, y: Double)] = []
        current.reserveCapacity(segments.count * 16)
        for segment in segments {
            switch segment {
            case let .move(x, y):
                if current.count > 1 { lines.append(current) }
                current = [(x, y)]
            case let .line(x, y):
                current.append((x, y))
            case let .cubic(x, y, x1, y1, x2, y2):
                guard let start = current.last else {
                    current = [(x, y)]
                    continue
                }
                for step in 1...16 {
                    let t = Double(step) / 16
                    let u = 1 - t
                    current.append((
                        u * u * u * start.x + 3 * u * u * t * x1 + 3 * u * t * t * x2 + t * t * t * x,
                        u * u * u * start.y + 3 * u * u * t * y1 + 3 * u * t * t * y2 + t * t * t * y
                    ))
                }
            case .close:
                if let first = current.first { current.append(first) }
            }
        }
        if current.count > 1 { lines.append(current) }
        return lines
    }

    /// The part between `from` and `to` of the whole length.
    static func trimmed(_ lines: [[(x: Double, y: Double)]], from: Double, to: Double) -> [[(x: Double, y: Double)]] {
        let start = min(1, max(0, from))
        let end = min(1, max(start, to))
        if start == 0 && end == 1 { return lines }
        func length(_ a: (x: Double, y: Double), _ b: (x: Double, y: Double)) -> Double {
            ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
        }
        let total = lines.reduce(0) { sum, line in sum + zip(line, line.dropFirst()).reduce(0) { $0 + length($1.0, $1.1) } }
        let (low, high) = (start * total, end * total)
        var out: [[(x: Double, y: Double)]] = []
        var walked = 0.0
        for line in lines {
            var kept: [(x: Double, y: Double)] = []
            for (a, b) in zip(line, line.dropFirst()) {
                let l = length(a, b)
                defer { walked += l }
                let s = max(low, walked)
                let e = min(high, walked + l)
                guard e > s, l > 0 else { continue }
                let p = (x: a.x + (b.x - a.x) * (s - walked) / l, y: a.y + (b.y - a.y) * (s - walked) / l)
                let q = (x: a.x + (b.x - a.x) * (e - walked) / l, y: a.y + (b.y - a.y) * (e - walked) / l)
                if kept.isEmpty { kept.append(p) }
                kept.append(q)
            }
            if kept.count > 1 { out.append(kept) }
        }
        return out
    }

    static func distance(_ lines: [[(x: Double, y: Double)]], _ p: (x: Double, y: Double), closed: Bool) -> Double {
        var best = Double.infinity
        for line in lines where !line.isEmpty {
            // Each segment, and the closing one from the last point back to the first.
            let closing = closed && line.count > 2
            var previous = closing ? line[line.count - 1] : line[0]
            for index in (closing ? 0 : 1)..<line.count {
                let (a, b) = (previous, line[index])
                previous = b
                let (dx, dy) = (b.x - a.x, b.y - a.y)
                let l = dx * dx + dy * dy
                let t = l > 0 ? max(0, min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / l)) : 0
                let (ex, ey) = (a.x + t * dx - p.x, a.y + t * dy - p.y)
                best = min(best, ex * ex + ey * ey)
            }
        }
        return best.squareRoot()
    }

    /// The box around every point, or nil when there are none.
    static func bounds(_ lines: [[(x: Double, y: Double)]]) -> DrawRect? {
        var (minX, minY, maxX, maxY) = (Double.infinity, Double.infinity, -Double.infinity, -Double.infinity)
        for line in lines {
            for point in line {
                (minX, maxX) = (min(minX, point.x), max(maxX, point.x))
                (minY, maxY) = (min(minY, point.y), max(maxY, point.y))
            }
        }
        guard minX <= maxX, minY <= maxY else { return nil }
        return DrawRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// Even-odd inside test of the closed polylines.
    static func contains(_ lines: [[(x: Double, y: Double)]], _ p: (x: Double, y: Double)) -> Bool {
        var inside = false
        for line in lines where line.count > 2 {
            var previous = line[line.count - 1]
            for point in line {
                if (point.y > p.y) != (previous.y > p.y),
                    p.x < (previous.x - point.x) * (p.y - point.y) / (previous.y - point.y) + point.x
                {
                    inside.toggle()
                }
                previous = point
            }
        }
        return inside
    }
}
