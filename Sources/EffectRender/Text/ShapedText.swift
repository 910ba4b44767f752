import EffectHost

/// A run of text as the fonts draw it: each glyph with the font it comes
/// from (the requested face, or the fallback that has the character), in
/// visual order from the run's origin, in ems (times the size is points),
/// y up. What every medium draws and what the measurer answers from.
public struct ShapedText: Sendable {
    public struct Glyph: Sendable {
        public let font: ShapedFont
        public let glyph: UInt32
        /// Where the glyph's origin sits from the run's, in ems, y up.
        public let x: Double
        public let y: Double
        /// How far it moves the pen, tracking included, in ems.
        public let advance: Double
        /// The UTF-8 offset of the cluster it belongs to.
        public let cluster: Int

        /// The glyph's outline scale: points per font unit at `size`.
        public func scale(size: Double) -> Double { size / font.unitsPerEm }
    }

    public let glyphs: [Glyph]
    /// The text the glyphs were shaped from (the run's, less its control
    /// characters): their clusters are UTF-8 offsets into it.
    public let text: String
    /// The run's width in ems, tracking included.
    public let advance: Double
    /// Characters no installed font has, drawn as the requested face's
    /// missing-glyph box.
    public let uncovered: [Unicode.Scalar]

    /// The glyphs drawn as colour bitmaps (emoji) rather than outlines.
    public var hasColorGlyphs: Bool { glyphs.contains { $0.font.hasColorBitmaps } }

    /// Where the run's ink lies at `size` points an em, in points from its
    /// origin, y down: around every outline glyph's points and control
    /// points and every colour glyph's picture (and its filtering's
    /// spread), as the run is drawn. Nil when no glyph has ink.
    public func inkBox(size: Double) -> DrawRect? {
        ink.map { DrawRect(x: $0.x * size, y: $0.y * size, width: $0.width * size, height: $0.height * size) }
    }

    /// `inkBox` at one point an em, found once when the run is shaped.
    private let ink: DrawRect?

    init(glyphs: [Glyph], text: String, advance: Double, uncovered: [Unicode.Scalar]) {
        (self.glyphs, self.text, self.advance, self.uncovered) = (glyphs, text, advance, uncovered)
        var (minX, minY, maxX, maxY) = (Double.infinity, Double.infinity, -Double.infinity, -Double.infinity)
        for glyph in glyphs {
            let scale = glyph.scale(size: 1)
            if glyph.font.hasColorBitmaps {
                guard let bitmap = glyph.font.colorBitmap(of: glyph.glyph) else { continue }
                // Enlarged, the picture's filtering spreads half a source pixel past its box: a
                // sixteenth of it covers pictures 8 pixels and up (Noto Color Emoji's are 136).
                let (spreadX, spreadY) = (abs(bitmap.width) * scale / 16, abs(bitmap.height) * scale / 16)
                let (left, top) = (glyph.x + bitmap.left * scale - spreadX, -glyph.y - bitmap.top * scale - spreadY)
                let (right, bottom) = (left + bitmap.width * scale + 2 * spreadX, top + bitmap.height * scale + 2 * spreadY)
                (minX, maxX) = (min(minX, left, right), max(maxX, left, right))
                (minY, maxY) = (min(minY, top, bottom), max(maxY, top, bottom))
            } else if let box = glyph.font.outlineBox(of: glyph.glyph) {
                (minX, maxX) = (min(minX, glyph.x + box.minX * scale), max(maxX, glyph.x + box.maxX * scale))
                (minY, maxY) = (min(minY, -glyph.y - box.maxY * scale), max(maxY, -glyph.y - box.minY * scale))
            }
        }
        ink = minX <= maxX && minY <= maxY ? DrawRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY) : nil
    }

    /// A cluster drawn in a colour font, as text: where SVG and web pages
    /// keep emoji as characters for the reader's own emoji font.
    public struct ColorCluster: Sendable {
        public let text: String
        /// Where its first glyph sits, in ems from the run's origin.
        public let x: Double
        /// Its glyphs' advances together, in ems.
        public let advance: Double
    }

    /// The clusters drawn in a colour font, left to right.
    public func colorClusters() -> [ColorCluster] {
        guard hasColorGlyphs else { return [] }
        let utf8 = Array(text.utf8)
        let starts = Set(glyphs.map(\.cluster)).sorted()
        func end(of start: Int) -> Int {
            var low = 0, high = starts.count
            while low < high {
                let middle = (low + high) / 2
                if starts[middle] <= start { low = middle + 1 } else { high = middle }
            }
            return low < starts.count ? starts[low] : utf8.count
        }
        var out: [ColorCluster] = []
        var index = 0
        while index < glyphs.count {
            let glyph = glyphs[index]
            var next = index + 1
            while next < glyphs.count, glyphs[next].cluster == glyph.cluster { next += 1 }
            if glyph.font.hasColorBitmaps {
                let bytes = utf8[min(glyph.cluster, utf8.count)..<min(end(of: glyph.cluster), utf8.count)]
                let advance = glyphs[index..<next].reduce(0) { $0 + $1.advance }
                out.append(ColorCluster(text: String(decoding: bytes, as: UTF8.self), x: glyph.x, advance: advance))
            }
            index = next
        }
        return out
    }
}

/// Shapes a paragraph: grapheme clusters each given the font that has all
/// their characters, the text itemised by bidi level, script and font,
/// each item shaped by HarfBuzz with its direction and script and the
/// whole run as context, and the items laid out in visual order.
struct ParagraphShaper {
    let primary: ShapedFont
    let harfBuzz: HarfBuzz
    let bidi: FriBidi?
    /// The font for a cluster the primary font cannot draw whole, or nil.
    let fallback: (_ cluster: [Unicode.Scalar], _ emoji: Bool) -> ShapedFont?

    /// `tracking` is in ems, added after each cluster that advances, except
    /// between the joined letters of a cursive script (Arabic stays joined:
    /// there it widens the gaps between words instead).
    func shape(_ run: String, tracking: Double) -> ShapedText {
        let text = Self.drawable(run)
        let scalars = Array(text.unicodeScalars)
        if let simple = shapeSimply(text, scalars, tracking: tracking) { return simple }
        var fonts: [ShapedFont] = [primary]
        var fontOfScalar: [Int] = []
        var uncovered: [Unicode.Scalar] = []
        fontOfScalar.reserveCapacity(scalars.count)
        for character in text {
            let cluster = Array(character.unicodeScalars)
            let needed = cluster.filter { !Self.isIgnorable($0) }
            var font = primary
            if !needed.isEmpty, !needed.allSatisfy({ primary.has($0.value) }) || Self.wantsEmojiFont(cluster) {
                if let other = fallback(cluster, Self.wantsEmojiFont(cluster)) { font = other }
            }
            for scalar in needed where !font.has(scalar.value) && !Self.isBlank(scalar) && !uncovered.contains(scalar) {
                uncovered.append(scalar)
            }
            let index = fonts.firstIndex { $0 === font } ?? { fonts.append(font); return fonts.count - 1 }()
            fontOfScalar += Array(repeating: index, count: cluster.count)
        }
        let codes = scalars.map(\.value)
        let levels = bidi?.embeddingLevels(codes)?.levels ?? Array(repeating: 0, count: codes.count)
        let unicode = harfBuzz.unicodeFuncsDefault()
        let scripts = codes.map { harfBuzz.unicodeScript(unicode, $0) }
        let items = TextItems(levels: levels, scripts: scripts, fonts: fontOfScalar)
        // Each scalar's UTF-8 offset: where HarfBuzz's clusters point.
        var offsets: [Int] = []
        offsets.reserveCapacity(scalars.count + 1)
        var spaces: Set<Int> = []
        var offset = 0
        for scalar in scalars {
            offsets.append(offset)
            if scalar.properties.isWhitespace { spaces.insert(offset) }
            offset += UTF8.width(scalar)
        }
        offsets.append(offset)
        let utf8 = Array(text.utf8)
        var glyphs: [ShapedText.Glyph] = []
        var pen = 0.0
        for itemIndex in items.visualOrder {
            let item = items.items[itemIndex]
            let font = fonts[item.font]
            let em = 1 / font.unitsPerEm
            let shaped = font.shapeItem(
                utf8, start: offsets[item.start], end: offsets[item.end], rightToLeft: item.rightToLeft, script: item.script)
            let joined = Self.cursiveScripts.contains(item.script)
            for (index, glyph) in shaped.enumerated() {
                glyphs.append(
                    ShapedText.Glyph(
                        font: font, glyph: glyph.glyph, x: pen + glyph.xOffset * em, y: glyph.yOffset * em,
                        advance: glyph.advance * em, cluster: glyph.cluster))
                pen += glyph.advance * em
                let endsCluster = index + 1 == shaped.count || shaped[index + 1].cluster != glyph.cluster
                // Joined letters take no tracking between them: only word gaps and the item's end do.
                let tracks = !joined || index + 1 == shaped.count || spaces.contains(glyph.cluster)
                if glyph.advance != 0, endsCluster, tracks { pen += tracking }
            }
        }
        return ShapedText(glyphs: glyphs, text: text, advance: pen, uncovered: uncovered)
    }

    /// Text the requested face draws whole, all left to right in scripts
    /// that need no itemising (Latin, Greek, Cyrillic): shaped as one run,
    /// exactly as before fallback existed, so such text does not move.
    private func shapeSimply(_ text: String, _ scalars: [Unicode.Scalar], tracking: Double) -> ShapedText? {
        guard scalars.allSatisfy({ $0.value < 0x0530 && (Self.isIgnorable($0) || primary.has($0.value)) }) else { return nil }
        let em = 1 / primary.unitsPerEm
        let (placed, advance) = primary.shape(text, tracking: tracking * primary.unitsPerEm)
        let glyphs = placed.map {
            ShapedText.Glyph(font: primary, glyph: $0.glyph, x: $0.x * em, y: $0.y * em, advance: $0.advance * em, cluster: $0.cluster)
        }
        return ShapedText(glyphs: glyphs, text: text, advance: advance * em, uncovered: [])
    }

    /// The run as it is drawn: a tab is a space, and other control
    /// characters (C0, C1, DEL) draw nothing, as in SwiftUI's Text, rather
    /// than as the font's missing-glyph box.
    static func drawable(_ run: String) -> String {
        guard run.unicodeScalars.contains(where: isControl) else { return run }
        var out = String.UnicodeScalarView()
        for scalar in run.unicodeScalars {
            if scalar == "\t" { out.append(" ") } else if !isControl(scalar) { out.append(scalar) }
        }
        return String(out)
    }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool { scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) }

    /// Characters a font need not have: joiners, variation selectors, bidi
    /// controls and C0/C1 controls (a tab or a newline is laid out, not drawn).
    static func isIgnorable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0xAD, 0x034F, 0x061C, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x180B...0x180F, 0x200B...0x200F,
            0x202A...0x202E, 0x2060...0x206F, 0x3164, 0xFE00...0xFE0F, 0xFEFF, 0xFFA0, 0xE0000...0xE0FFF:
            return true
        default: return false
        }
    }

    /// White space, which a missing glyph leaves blank anyway.
    private static func isBlank(_ scalar: Unicode.Scalar) -> Bool { scalar.properties.isWhitespace }

    /// An emoji presentation sequence: a character that is an emoji by
    /// default, or made one by U+FE0F, a skin tone, a keycap or a joiner.
    static func wantsEmojiFont(_ cluster: [Unicode.Scalar]) -> Bool {
        guard let first = cluster.first, !cluster.contains("\u{FE0E}") else { return false }
        if first.properties.isEmojiPresentation { return true }
        guard first.properties.isEmoji else { return false }
        return cluster.dropFirst().contains { $0 == "\u{FE0F}" || $0 == "\u{200D}" || (0x1F3FB...0x1F3FF).contains($0.value) || $0 == "\u{20E3}" }
    }

    /// Scripts whose letters join: tracking between them would tear a word apart.
    static let cursiveScripts: Set<UInt32> = [
        TextItems.tag("Arab"), TextItems.tag("Syrc"), TextItems.tag("Nkoo"), TextItems.tag("Mong"), TextItems.tag("Mand"),
        TextItems.tag("Adlm"), TextItems.tag("Rohg"), TextItems.tag("Phag"), TextItems.tag("Sogd"),
    ]
}
