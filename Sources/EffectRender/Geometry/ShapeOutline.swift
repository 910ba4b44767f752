import EffectHost

/// Every shape's outline as one path, written once for every backend and
/// exporter: where it starts and which way it runs (SVG's choice: a
/// rectangle from its top edge after the corner, an ellipse from its
/// rightmost point, clockwise on the screen), so a trim takes the same part
/// of it in pixels, SVG, Lottie and terminal cells; its length; its trimmed
/// part; and its flattening into polylines.
public enum ShapeOutline {
    /// A quarter circle's cubic handles, as a fraction of its radius.
    public static let kappa = 0.5522847498307936

    /// The path a shape strokes and fills: a path's own segments, or the
    /// outline of its kind in its frame.
    public static func path(of shape: DrawShape) -> [DrawSegment] {
        shape.kind == .path ? shape.segments : path(shape.kind, shape.frame, cornerRadius: shape.cornerRadius)
    }

    /// A clip's outline.
    public static func path(of clip: DrawClip) -> [DrawSegment] { path(clip.shape, clip.rect, cornerRadius: clip.cornerRadius) }

    /// The outline of a shape that is not a path: the corner radius held to
    /// half the short side (a capsule's is that half), arcs as cubics.
    public static func path(_ kind: DrawShapeKind, _ rect: DrawRect, cornerRadius: Double) -> [DrawSegment] {
        let (x, y, w, h) = (rect.x, rect.y, max(0, rect.width), max(0, rect.height))
        let k = kappa
        if kind == .ellipse {
            let (cx, cy, rx, ry) = (x + w / 2, y + h / 2, w / 2, h / 2)
            return [
                .move(x: cx + rx, y: cy),
                .cubic(x: cx, y: cy + ry, x1: cx + rx, y1: cy + k * ry, x2: cx + k * rx, y2: cy + ry),
                .cubic(x: cx - rx, y: cy, x1: cx - k * rx, y1: cy + ry, x2: cx - rx, y2: cy + k * ry),
                .cubic(x: cx, y: cy - ry, x1: cx - rx, y1: cy - k * ry, x2: cx - k * rx, y2: cy - ry),
                .cubic(x: cx + rx, y: cy, x1: cx + k * rx, y1: cy - ry, x2: cx + rx, y2: cy - k * ry),
                .close,
            ]
        }
        let r = Self.cornerRadius(kind, DrawRect(x: x, y: y, width: w, height: h), cornerRadius)
        var out: [DrawSegment] = [.move(x: x + r, y: y), .line(x: x + w - r, y: y)]
        if r > 0 { out.append(.cubic(x: x + w, y: y + r, x1: x + w - r + k * r, y1: y, x2: x + w, y2: y + r - k * r)) }
        out.append(.line(x: x + w, y: y + h - r))
        if r > 0 { out.append(.cubic(x: x + w - r, y: y + h, x1: x + w, y1: y + h - r + k * r, x2: x + w - r + k * r, y2: y + h)) }
        out.append(.line(x: x + r, y: y + h))
        if r > 0 { out.append(.cubic(x: x, y: y + h - r, x1: x + r - k * r, y1: y + h, x2: x, y2: y + h - r + k * r)) }
        out.append(.line(x: x, y: y + r))
        if r > 0 { out.append(.cubic(x: x + r, y: y, x1: x, y1: y + r - k * r, x2: x + r - k * r, y2: y)) }
        out.append(.close)
        return out
    }

    /// Chords a cubic is measured and flattened with: within 0.1% of its
    /// arc length for the curves effects draw.
    static let chords = 32

    /// A path's length: its lines, and its cubics as `chords` chords each.
    public static func length(of segments: [DrawSegment]) -> Double {
        var total = 0.0
        forEachPiece(segments) { piece in total += piece.length }
        return total
    }

    /// The part of the path from `start` to `end`, as fractions of its
    /// length (clamped to 0 ≤ start ≤ end ≤ 1), cubics split where the
    /// trim falls on them. Untrimmed, the path itself.
    public static func trimmed(_ segments: [DrawSegment], from start: Double, to end: Double) -> [DrawSegment] {
        let low = min(1, max(0, start))
        let high = min(1, max(low, end))
        if low == 0 && high == 1 { return segments }
        let total = length(of: segments)
        let (from, to) = (low * total, high * total)
        var out: [DrawSegment] = []
        var walked = 0.0
        var pen: (x: Double, y: Double)?
        forEachPiece(segments) { piece in
            defer { walked += piece.length }
            let s = max(from, walked)
            let e = min(to, walked + piece.length)
            guard e > s else { return }
            let part = piece.between((s - walked) / piece.length, (e - walked) / piece.length)
            if pen == nil || pen!.x != part.start.x || pen!.y != part.start.y { out.append(.move(x: part.start.x, y: part.start.y)) }
            out.append(part.segment)
            pen = part.end
        }
        return out
    }

    /// The path as polylines, each cubic as `steps` chords; a closed
    /// subpath ends on its first point.
    public static func flatten(_ segments: [DrawSegment], steps: Int = 16) -> [[(x: Double, y: Double)]] {
        var lines: [[(x: Double, y: Double)]] = []
        var current: [(x: Double, y: Double)] = []
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
                for step in 1...steps {
                    current.append(Piece.point(start, (x1, y1), (x2, y2), (x, y), Double(step) / Double(steps)))
                }
            case .close:
                if let first = current.first { current.append(first) }
            }
        }
        if current.count > 1 { lines.append(current) }
        return lines
    }

    /// One drawn piece of a path: a line (a close is its line back) or a cubic.
    struct Piece {
        let start: (x: Double, y: Double)
        let c1: (x: Double, y: Double)
        let c2: (x: Double, y: Double)
        let end: (x: Double, y: Double)
        let isCubic: Bool
        /// Arc length at each chord's end, for a cubic.
        let lengths: [Double]
        let length: Double

        init(line start: (x: Double, y: Double), _ end: (x: Double, y: Double)) {
            (self.start, self.end, c1, c2, isCubic) = (start, end, start, end, false)
            length = Self.distance(start, end)
            lengths = [length]
        }

        init(cubic start: (x: Double, y: Double), _ c1: (x: Double, y: Double), _ c2: (x: Double, y: Double), _ end: (x: Double, y: Double)) {
            (self.start, self.c1, self.c2, self.end, isCubic) = (start, c1, c2, end, true)
            var lengths: [Double] = []
            lengths.reserveCapacity(ShapeOutline.chords)
            var (previous, total) = (start, 0.0)
            for step in 1...ShapeOutline.chords {
                let next = Self.point(start, c1, c2, end, Double(step) / Double(ShapeOutline.chords))
                total += Self.distance(previous, next)
                lengths.append(total)
                previous = next
            }
            self.lengths = lengths
            length = total
        }

        static func distance(_ a: (x: Double, y: Double), _ b: (x: Double, y: Double)) -> Double {
            ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
        }

        static func point(
            _ p0: (x: Double, y: Double), _ p1: (x: Double, y: Double), _ p2: (x: Double, y: Double), _ p3: (x: Double, y: Double), _ t: Double
        ) -> (x: Double, y: Double) {
            let u = 1 - t
            let (a, b, c, d) = (u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t)
            return (a * p0.x + b * p1.x + c * p2.x + d * p3.x, a * p0.y + b * p1.y + c * p2.y + d * p3.y)
        }

        /// The curve parameter where `fraction` of the length is reached.
        private func parameter(_ fraction: Double) -> Double {
            let target = fraction * length
            for (index, reached) in lengths.enumerated() where reached >= target {
                let previous = index > 0 ? lengths[index - 1] : 0
                let chord = reached - previous
                let within = chord > 0 ? (target - previous) / chord : 0
                return (Double(index) + within) / Double(lengths.count)
            }
            return 1
        }

        /// The piece between fractions `a` and `b` of its length.
        func between(_ a: Double, _ b: Double) -> (segment: DrawSegment, start: (x: Double, y: Double), end: (x: Double, y: Double)) {
            guard isCubic else {
                let p = (x: start.x + (end.x - start.x) * a, y: start.y + (end.y - start.y) * a)
                let q = (x: start.x + (end.x - start.x) * b, y: start.y + (end.y - start.y) * b)
                return (.line(x: q.x, y: q.y), p, q)
            }
            let (t0, t1) = (parameter(a), parameter(b))
            // The cubic from t0 to t1: split at t1, then that head at t0 / t1.
            let head = Self.split(start, c1, c2, end, at: t1).head
            let tail = t1 > 0 ? Self.split(head.0, head.1, head.2, head.3, at: t0 / t1).tail : head
            return (.cubic(x: tail.3.x, y: tail.3.y, x1: tail.1.x, y1: tail.1.y, x2: tail.2.x, y2: tail.2.y), tail.0, tail.3)
        }

        typealias Cubic = ((x: Double, y: Double), (x: Double, y: Double), (x: Double, y: Double), (x: Double, y: Double))

        /// De Casteljau's split of a cubic at t.
        static func split(
            _ p0: (x: Double, y: Double), _ p1: (x: Double, y: Double), _ p2: (x: Double, y: Double), _ p3: (x: Double, y: Double), at t: Double
        ) -> (head: Cubic, tail: Cubic) {
            func mix(_ a: (x: Double, y: Double), _ b: (x: Double, y: Double)) -> (x: Double, y: Double) {
                (a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t)
            }
            let (a, b, c) = (mix(p0, p1), mix(p1, p2), mix(p2, p3))
            let (d, e) = (mix(a, b), mix(b, c))
            let f = mix(d, e)
            return ((p0, a, d, f), (f, e, c, p3))
        }
    }

    /// Each line, cubic and closing line of the path, in order.
    static func forEachPiece(_ segments: [DrawSegment], _ body: (Piece) -> Void) {
        var pen: (x: Double, y: Double)?
        var subpathStart = (x: 0.0, y: 0.0)
        for segment in segments {
            switch segment {
            case let .move(x, y):
                pen = (x, y)
                subpathStart = (x, y)
            case let .line(x, y):
                if let from = pen { body(Piece(line: from, (x, y))) } else { subpathStart = (x, y) }
                pen = (x, y)
            case let .cubic(x, y, x1, y1, x2, y2):
                if let from = pen { body(Piece(cubic: from, (x1, y1), (x2, y2), (x, y))) } else { subpathStart = (x, y) }
                pen = (x, y)
            case .close:
                if let from = pen { body(Piece(line: from, subpathStart)) }
                pen = subpathStart
            }
        }
    }
}
