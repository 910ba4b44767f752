/// Whether two frames draw the same, judged by their display lists alone:
/// the same items in the same order, every field identical. Numbers are
/// compared bit for bit, so 0 and -0 differ, and text byte for byte, so
/// "é" and "e" + U+0301 (equal as Swift strings, yet shaped apart) differ
/// too. Nothing is hashed: lists that differ anywhere never compare the
/// same, and lists that compare the same draw the same pixels wherever the
/// rest of the drawing (canvas, fonts, ground, placement) is the same.
extension DisplayList {
    /// Whether this list's items draw exactly as `other`'s do. The list's
    /// own width, height and bounds are not compared: renderers draw items.
    public func drawsTheSame(as other: DisplayList) -> Bool { Self.sameItems(items, other.items) }

    /// Whether two lists of items are identical, field for field.
    public static func sameItems(_ a: [DrawItem], _ b: [DrawItem]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0.isIdentical(to: $1) }
    }
}

private func same(_ a: Double, _ b: Double) -> Bool { a.bitPattern == b.bitPattern }

extension DrawItem {
    func isIdentical(to other: DrawItem) -> Bool {
        switch (self, other) {
        case let (.group(a), .group(b)): a.isIdentical(to: b)
        case let (.endGroup(a), .endGroup(b)): a == b
        case let (.shape(a), .shape(b)): a.isIdentical(to: b)
        case let (.text(a), .text(b)): a.isIdentical(to: b)
        default: false
        }
    }
}

extension DrawRect {
    func isIdentical(to o: DrawRect) -> Bool { same(x, o.x) && same(y, o.y) && same(width, o.width) && same(height, o.height) }
}

extension DrawGroup {
    func isIdentical(to o: DrawGroup) -> Bool {
        let (m, n) = (transform, o.transform)
        let clipsMatch: Bool
        switch (clip, o.clip) {
        case (nil, nil): clipsMatch = true
        case let (c?, d?): clipsMatch = c.shape == d.shape && c.rect.isIdentical(to: d.rect) && same(c.cornerRadius, d.cornerRadius)
        default: clipsMatch = false
        }
        return id == o.id && clipsMatch && same(opacity, o.opacity) && same(blur, o.blur) && same(saturation, o.saturation)
            && same(m.anchorX, n.anchorX) && same(m.anchorY, n.anchorY) && same(m.translateX, n.translateX)
            && same(m.translateY, n.translateY) && same(m.scaleX, n.scaleX) && same(m.scaleY, n.scaleY) && same(m.rotation, n.rotation)
    }
}

extension DrawPaint {
    func isIdentical(to other: DrawPaint) -> Bool {
        switch (self, other) {
        case let (.color(a), .color(b)): a == b
        case let (.linearGradient(a0, b0, a1, b1, s), .linearGradient(c0, d0, c1, d1, u)):
            same(a0, c0) && same(b0, d0) && same(a1, c1) && same(b1, d1) && s.count == u.count
                && zip(s, u).allSatisfy { same($0.offset, $1.offset) && $0.color == $1.color }
        default: false
        }
    }
}

extension DrawSegment {
    func isIdentical(to other: DrawSegment) -> Bool {
        switch (self, other) {
        case let (.move(x, y), .move(u, v)), let (.line(x, y), .line(u, v)): same(x, u) && same(y, v)
        case let (.cubic(x, y, x1, y1, x2, y2), .cubic(u, v, u1, v1, u2, v2)):
            same(x, u) && same(y, v) && same(x1, u1) && same(y1, v1) && same(x2, u2) && same(y2, v2)
        case (.close, .close): true
        default: false
        }
    }
}

extension DrawShape {
    func isIdentical(to o: DrawShape) -> Bool {
        let fillsMatch: Bool
        switch (fill, o.fill) {
        case (nil, nil): fillsMatch = true
        case let (f?, g?): fillsMatch = f.isIdentical(to: g)
        default: fillsMatch = false
        }
        let strokesMatch: Bool
        switch (stroke, o.stroke) {
        case (nil, nil): strokesMatch = true
        case let (s?, r?): strokesMatch = s.color == r.color && same(s.width, r.width) && s.cap == r.cap && s.join == r.join
        default: strokesMatch = false
        }
        return id == o.id && kind == o.kind && frame.isIdentical(to: o.frame) && same(cornerRadius, o.cornerRadius)
            && same(trimStart, o.trimStart) && same(trimEnd, o.trimEnd) && fillsMatch && strokesMatch
            && segments.count == o.segments.count && zip(segments, o.segments).allSatisfy { $0.isIdentical(to: $1) }
    }
}

extension DrawText {
    func isIdentical(to o: DrawText) -> Bool {
        id == o.id && color == o.color && same(x, o.x) && same(y, o.y) && same(size, o.size) && same(weight, o.weight)
            && same(tracking, o.tracking) && same(advance, o.advance) && same(ascent, o.ascent) && same(descent, o.descent)
            && text.utf8.elementsEqual(o.text.utf8)
    }
}
