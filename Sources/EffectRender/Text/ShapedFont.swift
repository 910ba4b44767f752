import EffectHost
import Glibc

/// One font file, shaped with HarfBuzz: runs of text measured and laid out
/// glyph by glyph, and each glyph's outline, in font units (y up).
public final class ShapedFont: @unchecked Sendable {
    public let file: String
    /// The face's index in the file (a collection holds several).
    public let index: Int
    public let unitsPerEm: Double
    /// Above and below the baseline, in font units (both >= 0).
    public let ascender: Double
    public let descender: Double
    /// Its glyphs are colour bitmaps (CBDT or sbix, as Noto Color Emoji's),
    /// with no outlines to fill.
    public let hasColorBitmaps: Bool
    private let hb: HarfBuzz
    private let blob: OpaquePointer
    private let face: OpaquePointer
    private let font: OpaquePointer
    private let buffer: OpaquePointer
    private let drawFuncs: OpaquePointer
    /// Shaping and outlines share one buffer and caches.
    private var lock = pthread_mutex_t()
    private var outlines: [UInt32: [GlyphSegment]] = [:]
    private var outlineBoxes: [UInt32: OutlineBox?] = [:]
    private var bitmaps: [UInt32: ColorBitmap?] = [:]
    /// Runs already shaped, by text, as HarfBuzz placed them: an effect
    /// measures and draws the same runs every frame, and tracking, which
    /// animates in some, is added after shaping.
    private var runs: [String: [ShapedGlyph]] = [:]
    /// A glyph as HarfBuzz placed it, in font units, before tracking.
    private struct ShapedGlyph {
        let glyph: UInt32
        let xOffset, yOffset, advance: Double
        let cluster: Int
    }
    /// Runs kept at most; past it the cache starts again.
    static let runCapacity = 4096

    /// A glyph placed in a run: its id, pen position and offset, in font
    /// units, and the UTF-8 offset of the cluster it belongs to.
    public struct PlacedGlyph {
        public let glyph: UInt32
        public let x: Double
        public let y: Double
        public let advance: Double
        public let cluster: Int
    }

    /// One piece of an outline, in font units, y up.
    public enum GlyphSegment {
        case move(Double, Double)
        case line(Double, Double)
        case quadratic(Double, Double, Double, Double)
        case cubic(Double, Double, Double, Double, Double, Double)
        case close
    }

    init(file: String, index: Int, harfBuzz hb: HarfBuzz) throws(NativeError) {
        self.file = file
        self.index = index
        self.hb = hb
        guard let blob = hb.blobFromFile(file) else { throw NativeError("cannot read the font file \(file)") }
        guard hb.blobLength(blob) > 0 else {
            hb.blobDestroy(blob)
            throw NativeError("\(file) is empty: not a font file")
        }
        // HarfBuzz's create functions answer an inert empty object rather than NULL; each is destroyed on the way out.
        let face = hb.faceCreate(blob, UInt32(max(0, index)))
        let font = hb.fontCreate(face)
        let buffer = hb.bufferCreate()
        let drawFuncs = hb.drawFuncsCreate()
        guard let face, let font, let buffer, let drawFuncs, hb.faceGlyphCount(face) > 0, hb.faceUpem(face) > 0 else {
            hb.drawFuncsDestroy(drawFuncs)
            hb.bufferDestroy(buffer)
            hb.fontDestroy(font)
            hb.faceDestroy(face)
            hb.blobDestroy(blob)
            throw NativeError("\(file) is not a font file HarfBuzz can read (no glyphs)")
        }
        (self.blob, self.face, self.font, self.buffer, self.drawFuncs) = (blob, face, font, buffer, drawFuncs)
        let upem = hb.faceUpem(face)
        unitsPerEm = Double(upem)
        hb.fontSetScale(font, Int32(upem), Int32(upem))
        var extents = HarfBuzz.FontExtents()
        _ = hb.fontExtents(font, &extents)
        ascender = max(0, Double(extents.ascender))
        descender = max(0, -Double(extents.descender))
        hasColorBitmaps = hb.colorHasPNG(face) != 0
        hb.setMoveTo(drawFuncs, { _, data, _, x, y, _ in outlineCollector(data).append(.move(Double(x), Double(y))) }, nil, nil)
        hb.setLineTo(drawFuncs, { _, data, _, x, y, _ in outlineCollector(data).append(.line(Double(x), Double(y))) }, nil, nil)
        hb.setQuadraticTo(drawFuncs, { _, data, _, cx, cy, x, y, _ in
            outlineCollector(data).append(.quadratic(Double(cx), Double(cy), Double(x), Double(y)))
        }, nil, nil)
        hb.setCubicTo(drawFuncs, { _, data, _, c1x, c1y, c2x, c2y, x, y, _ in
            outlineCollector(data).append(.cubic(Double(c1x), Double(c1y), Double(c2x), Double(c2y), Double(x), Double(y)))
        }, nil, nil)
        hb.setClosePath(drawFuncs, { _, data, _, _ in outlineCollector(data).append(.close) }, nil, nil)
        pthread_mutex_init(&lock, nil)
    }

    deinit {
        hb.drawFuncsDestroy(drawFuncs)
        hb.bufferDestroy(buffer)
        hb.fontDestroy(font)
        hb.faceDestroy(face)
        hb.blobDestroy(blob)
        pthread_mutex_destroy(&lock)
    }

    /// The run's glyphs in order, with `tracking` (font units) after every
    /// glyph that advances, as SwiftUI's tracking adds it.
    public func shape(_ text: String, tracking: Double = 0) -> (glyphs: [PlacedGlyph], advance: Double) {
        pthread_mutex_lock(&lock)
        let placed: [ShapedGlyph]
        if let known = runs[text] {
            placed = known
        } else {
            if runs.count >= Self.runCapacity { runs.removeAll() }
            placed = shapeNow(text)
            runs[text] = placed
        }
        pthread_mutex_unlock(&lock)
        var glyphs: [PlacedGlyph] = []
        glyphs.reserveCapacity(placed.count)
        var pen = 0.0
        for glyph in placed {
            glyphs.append(PlacedGlyph(glyph: glyph.glyph, x: pen + glyph.xOffset, y: glyph.yOffset, advance: glyph.advance, cluster: glyph.cluster))
            pen += glyph.advance
            if glyph.advance != 0 { pen += tracking }
        }
        return (glyphs, pen)
    }

    /// HarfBuzz's shaping of the run; the caller holds the lock.
    private func shapeNow(_ text: String) -> [ShapedGlyph] {
        hb.bufferClear(buffer)
        let bytes = Array(text.utf8)
        bytes.withUnsafeBufferPointer { utf8 in
            utf8.baseAddress!.withMemoryRebound(to: CChar.self, capacity: max(1, utf8.count)) { start in
                hb.bufferAddUTF8(buffer, start, Int32(utf8.count), 0, Int32(utf8.count))
            }
        }
        hb.bufferGuessProperties(buffer)
        hb.shape(font, buffer, nil, 0)
        var count: UInt32 = 0
        guard let infos = hb.bufferInfos(buffer, &count), let positions = hb.bufferPositions(buffer, nil) else { return [] }
        let info = infos.bindMemory(to: HarfBuzz.GlyphInfo.self, capacity: Int(count))
        let position = positions.bindMemory(to: HarfBuzz.GlyphPosition.self, capacity: Int(count))
        return (0..<Int(count)).map { index in
            ShapedGlyph(
                glyph: info[index].codepoint, xOffset: Double(position[index].xOffset), yOffset: Double(position[index].yOffset),
                advance: Double(position[index].xAdvance), cluster: Int(info[index].cluster))
        }
    }

    /// Whether the font's character map has `scalar`.
    public func has(_ scalar: UInt32) -> Bool {
        var glyph: UInt32 = 0
        return hb.nominalGlyph(font, scalar, &glyph) != 0 && glyph != 0
    }

    /// One glyph as HarfBuzz placed it, in font units: where it starts from
    /// the pen, how far it moves the pen, and the UTF-8 offset of its cluster.
    struct ItemGlyph {
        let glyph: UInt32
        let xOffset: Double
        let yOffset: Double
        let advance: Double
        let cluster: Int
    }

    /// The glyphs of `utf8[start..<end]` in visual order, shaped in the
    /// given direction and script with the rest of `utf8` as context (so a
    /// letter at the item's edge takes the form its neighbours call for).
    func shapeItem(_ utf8: [UInt8], start: Int, end: Int, rightToLeft: Bool, script: UInt32) -> [ItemGlyph] {
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        hb.bufferClear(buffer)
        utf8.withUnsafeBufferPointer { bytes in
            bytes.baseAddress!.withMemoryRebound(to: CChar.self, capacity: max(1, bytes.count)) { base in
                hb.bufferAddUTF8(buffer, base, Int32(bytes.count), UInt32(start), Int32(end - start))
            }
        }
        hb.bufferSetDirection(buffer, rightToLeft ? HarfBuzz.rightToLeft : HarfBuzz.leftToRight)
        hb.bufferSetScript(buffer, script)
        hb.bufferSetLanguage(buffer, hb.languageDefault())
        hb.shape(font, buffer, nil, 0)
        var count: UInt32 = 0
        guard let infos = hb.bufferInfos(buffer, &count), let positions = hb.bufferPositions(buffer, nil) else { return [] }
        let info = infos.bindMemory(to: HarfBuzz.GlyphInfo.self, capacity: Int(count))
        let position = positions.bindMemory(to: HarfBuzz.GlyphPosition.self, capacity: Int(count))
        return (0..<Int(count)).map { index in
            ItemGlyph(
                glyph: info[index].codepoint, xOffset: Double(position[index].xOffset), yOffset: Double(position[index].yOffset),
                advance: Double(position[index].xAdvance), cluster: Int(info[index].cluster))
        }
    }

    /// A colour glyph's picture: PNG bytes, and the box it fills in font
    /// units from the pen (y up: `top` above the baseline, `height` down).
    public struct ColorBitmap: Sendable {
        public let png: [UInt8]
        public let left: Double
        public let top: Double
        public let width: Double
        public let height: Double
    }

    /// The glyph's colour bitmap, when the font has one for it.
    public func colorBitmap(of glyph: UInt32) -> ColorBitmap? {
        guard hasColorBitmaps else { return nil }
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        if let known = bitmaps[glyph] { return known }
        var made: ColorBitmap?
        var extents = HarfBuzz.GlyphExtents()
        if let blob = hb.colorGlyphPNG(font, glyph) {
            var length: UInt32 = 0
            if let data = hb.blobData(blob, &length), length > 0, hb.glyphExtents(font, glyph, &extents) != 0, extents.width > 0 {
                made = ColorBitmap(
                    png: Array(UnsafeBufferPointer(start: data, count: Int(length))), left: Double(extents.xBearing),
                    top: Double(extents.yBearing), width: Double(extents.width), height: Double(-extents.height))
            }
            hb.blobDestroy(blob)
        }
        bitmaps[glyph] = made
        return made
    }

    /// A box in font units, y up.
    public struct OutlineBox: Sendable {
        public let minX, minY, maxX, maxY: Double
    }

    /// The box around the glyph's outline points and control points, in
    /// font units, y up: its ink lies within it. Nil for a glyph with no
    /// outline (a space).
    public func outlineBox(of glyph: UInt32) -> OutlineBox? {
        pthread_mutex_lock(&lock)
        let known = outlineBoxes[glyph]
        pthread_mutex_unlock(&lock)
        if let known { return known }
        var (minX, minY, maxX, maxY) = (Double.infinity, Double.infinity, -Double.infinity, -Double.infinity)
        func add(_ x: Double, _ y: Double) {
            (minX, maxX) = (min(minX, x), max(maxX, x))
            (minY, maxY) = (min(minY, y), max(maxY, y))
        }
        for segment in outline(of: glyph) {
            switch segment {
            case let .move(x, y), let .line(x, y): add(x, y)
            case let .quadratic(x1, y1, x, y):
                add(x1, y1)
                add(x, y)
            case let .cubic(x1, y1, x2, y2, x, y):
                add(x1, y1)
                add(x2, y2)
                add(x, y)
            case .close: break
            }
        }
        let box = minX <= maxX && minY <= maxY ? OutlineBox(minX: minX, minY: minY, maxX: maxX, maxY: maxY) : nil
        pthread_mutex_lock(&lock)
        outlineBoxes[glyph] = box
        pthread_mutex_unlock(&lock)
        return box
    }

    /// The glyph's outline, in font units, y up.
    public func outline(of glyph: UInt32) -> [GlyphSegment] {
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        if let known = outlines[glyph] { return known }
        let collector = OutlineCollector()
        withExtendedLifetime(collector) {
            hb.glyphShape(font, glyph, drawFuncs, Unmanaged.passUnretained(collector).toOpaque())
        }
        outlines[glyph] = collector.segments
        return collector.segments
    }
}

/// Where HarfBuzz's draw callbacks put one glyph's outline.
private final class OutlineCollector {
    var segments: [ShapedFont.GlyphSegment] = []
    func append(_ segment: ShapedFont.GlyphSegment) { segments.append(segment) }
}

private func outlineCollector(_ data: UnsafeMutableRawPointer?) -> OutlineCollector {
    Unmanaged<OutlineCollector>.fromOpaque(data!).takeUnretainedValue()
}
