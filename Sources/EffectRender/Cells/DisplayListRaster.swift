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

    /// Where an item is drawn: the walk's resolved state, and its clips.
    private struct State {
        let matrix: Affine
        let opacity: Double
        let saturation: Double
        /// The innermost clip's index in `clips`, -1 for none.
        let clip: Int
        let clips: [ResolvedClip]
    }

    public func draw(_ list: DisplayList, on canvas: inout CellCanvas) {
        var cells = CellRuns()
        let view = Affine.scale(1 / scale.points, 1 / scale.points).concatenating(.translation(-origin.x, -origin.y))
        let runs = CellTextRuns(list, view: view, scale: scale)
        var walk = DisplayListWalk(list, base: view)
        while let step = walk.next() {
            let s = step.state
            let state = State(matrix: s.matrix, opacity: s.opacity, saturation: s.saturation, clip: s.clip, clips: walk.clips)
            switch step.kind {
            case .enter, .leave: break
            case let .shape(shape): drawShape(shape, state, runs, &canvas)
            case let .text(text): drawText(text, state, runs, &canvas, &cells)
            }
        }
    }

    private func color(_ rgba: UInt32, _ state: State) -> (RGB, Double) {
        let color = RGB(packed: rgba)
        return (state.saturation == 1 ? color : color.saturated(state.saturation), Double(rgba & 0xFF) / 255 * state.opacity)
    }

    /// Whether every clip around the item keeps the dot: for a rect on an
    /// unturned map its box, four comparisons (a masked paragraph tests
    /// every dot). A clip that cannot be mapped back clips nothing.
    private func visible(_ dot: (x: Double, y: Double), _ state: State) -> Bool {
        var index = state.clip
        while index >= 0 {
            let clip = state.clips[index]
            index = clip.outer
            guard let inverse = clip.inverse else { continue }
            if clip.isBox {
                let box = clip.bounds
                guard dot.x >= box.minX && dot.x <= box.maxX && dot.y >= box.minY && dot.y <= box.maxY else { return false }
                continue
            }
            let p = inverse.apply(dot.x, dot.y)
            guard Outline(clip.clip.shape, clip.clip.rect, clip.clip.cornerRadius).contains(p.x, p.y) else { return false }
        }
        return true
    }

    private func drawShape(_ shape: DrawShape, _ state: State, _ runs: CellTextRuns, _ canvas: inout CellCanvas) {
        guard let inverse = state.matrix.inverted else { return }
        guard !shape.drawsNothing else { return }
        let outline: Outline
        // A path's polylines, for its fill.
        var polyline: [[(x: Double, y: Double)]] = []
        if shape.kind == .path {
            polyline = ShapeOutline.flatten(shape.segments)
            guard let box = Polyline.bounds(polyline) else { return }
            outline = Outline(.path, box, 0)
        } else {
            outline = Outline(shape.kind, shape.frame, shape.cornerRadius)
        }
        // A path's stroke, and a trimmed shape's of any kind, follow the
        // part of its outline the trim keeps; a fill takes the whole shape.
        let (start, end) = shape.trim
        let strokeLines =
            shape.kind == .path || start > 0 || end < 1
            ? ShapeOutline.flatten(ShapeOutline.trimmed(ShapeOutline.path(of: shape), from: start, to: end)) : nil
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

        // Solid rectangular fills a row or more tall become cell backgrounds:
        // behind text on the cell grid, however narrow (a highlight's wipe
        // as it starts), they keep to the text's rows and move with its runs,
        // so a block covers whole cells of its words and never the gap
        // before them.
        let (rows, columns) = ((y0 / 4)..<min(canvas.rows, (y1 + 3) / 4), (x0 / 2)..<min(canvas.columns, (x1 + 1) / 2))
        let fillBox = state.matrix.bounds(of: outline.rect, outset: 0)
        let solid: (RGB, Double)? =
            if case let .color(rgba)? = shape.fill, shape.kind != .ellipse, shape.kind != .path, state.matrix.isAxisAligned {
                color(rgba, state)
            } else {
                nil
            }
        let underText =
            solid == nil || sizeInDots.1 < 4 || rows.isEmpty || columns.isEmpty
            ? [] : runs.textRows(rows, under: columns, heights: fillBox.minY...max(fillBox.minY, fillBox.maxY))
        if let (fill, opacity) = solid, sizeInDots.1 >= 4, sizeInDots.0 >= 4 || !underText.isEmpty {
            func covers(_ column: Int, _ row: Int) -> Bool {
                let centre = (x: Double(column) * 2 + 1, y: Double(row) * 4 + 2)
                let local = inverse.apply(centre.x, centre.y)
                // On a row of its text, across: its padding may not reach the row's centre.
                let y = underText.isEmpty ? local.y : outline.rect.y + outline.rect.height / 2
                return outline.contains(local.x, y) && visible(centre, state)
            }
            if underText.isEmpty {
                for row in rows {
                    for column in columns where covers(column, row) {
                        canvas.fill(column: column, row: row, color: fill, opacity: opacity)
                    }
                }
            }
            for row in underText {
                for column in runs.cells(row: row, under: columns, covered: { covers($0, row) }) {
                    canvas.fill(column: column, row: row, color: fill, opacity: opacity)
                }
            }
        } else if let fill = shape.fill {
            let outlineOnly = (shape.kind == .ellipse || shape.kind == .path) && sizeInDots.0 >= 8 && sizeInDots.1 >= 8
            // A fill thinner than a dot (a hairline, a strike's line on a
            // small terminal) may hold no dot's centre: it is grown to one
            // dot across, so it shows where it lies instead of vanishing.
            let thinness = min(abs(outline.rect.width), abs(outline.rect.height)) * dotsPerUnit
            let grow = shape.kind != .path && thinness < 1 ? (1.01 - thinness) / 2 / max(dotsPerUnit, 1e-9) : 0
            for y in y0..<y1 {
                for x in x0..<x1 {
                    let dot = (x: Double(x) + 0.5, y: Double(y) + 0.5)
                    let local = inverse.apply(dot.x, dot.y)
                    if shape.kind == .path {
                        guard Polyline.contains(polyline, local) else { continue }
                        if outlineOnly, Polyline.distance(polyline, local, closed: true) * dotsPerUnit > 0.8 { continue }
                    } else {
                        let signed = outline.signedDistance(local.x, local.y)
                        guard signed <= grow, !outlineOnly || -signed * dotsPerUnit <= 0.8 else { continue }
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
                    let distance =
                        strokeLines.map { Polyline.distance($0, local, closed: false) } ?? outline.distanceToEdge(local.x, local.y)
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
        /// Per row: the last run's last column, its id, and where its advance ends, in dots.
        var lastColumn: [Int: (column: Int, id: UInt32, endDots: Double?)] = [:]
    }

    private func drawText(_ text: DrawText, _ state: State, _ runs: CellTextRuns, _ canvas: inout CellCanvas, _ cells: inout CellRuns) {
        var shift: Int?
        // Where the run's last cell character ended: cells cannot scale, so
        // a run drawn smaller than its characters (text-reveal's units
        // scale as they rise) keeps them side by side instead of letting
        // one overwrite another.
        var runEnd: (row: Int, column: Int)?
        // Where the run's advance ends, for the run after it (once a run, not once a character).
        let endDots = text.advance > 0 ? state.matrix.apply(text.x + text.advance, text.y).x : nil
        let (ink, opacity) = color(text.color, state)
        let pixel = scale.pixelDots(text.size)
        let unit = scale.points
        var x = text.x
        let tracking = scale.tracking(text.tracking, pixel: pixel)
        for character in CellBidi.visual(text.text) {
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
                            guard state.clip < 0 || visible(p, state) else { continue }
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
                let row = CellTextRuns.row(ofDots: centreY / Double(shown))
                var column = Int((p.x / 2).rounded(.down))
                // The run's first character sets how far the whole run moves,
                // as planned; a run the plan has not (one mixing the dot font
                // and cells) follows the run before it by the plan's rule.
                if shift == nil {
                    let startDots = state.matrix.apply(text.x, text.y).x
                    shift = runs.shift(row: row, start: column) ?? cells.lastColumn[row].flatMap { last in
                        last.id == text.id
                            ? nil : CellTextRuns.shift(
                                of: column, after: last.column, touching: last.endDots.map { CellTextRuns.touch($0, startDots) } ?? false)
                    } ?? 0
                }
                column += shift ?? 0
                if let end = runEnd, end.row == row, column < end.column { column = end.column }
                let width = CellWidth.of(character)
                runEnd = (row, column + max(1, width))
                cells.lastColumn[row] = (column + width - 1, text.id, endDots)
                // A control or invisible format character never reaches the
                // terminal: it shows as the replacement character. A joiner
                // inside a cluster (👩‍👩‍👧‍👦, Indic conjuncts) is part of it.
                let printable = character.unicodeScalars.enumerated().allSatisfy { index, scalar in
                    Terminal.isPrintable(scalar) || (index > 0 && (scalar == "\u{200D}" || scalar == "\u{200C}"))
                }
                let safe: Character = printable ? character : "\u{FFFD}"
                canvas.put(
                    safe, column: column, row: row, color: ink, opacity: opacity * Double(shown) / Double(samples), cells: width)
            }
        }
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
        radius = ShapeOutline.cornerRadius(kind, rect, cornerRadius)
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

/// The tests the raster needs of a path flattened into polylines.
private enum Polyline {
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
