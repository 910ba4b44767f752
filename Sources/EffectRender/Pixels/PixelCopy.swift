import EffectHost

/// The byte order of a pixel in memory.
public enum PixelOrder: Sendable {
    /// B, G, R, A: cairo's ARGB32 words on a little-endian machine, ffmpeg's `bgra`.
    case bgra
    /// R, G, B, A: PNG, OpenGL, numpy images.
    case rgba
}

extension PixelCanvas {
    /// Copies the canvas into `target`, rows `stride` bytes apart (a
    /// multiple of 4), in `order`, with straight alpha (partly transparent
    /// pixels divided back out of cairo's premultiplied ones) or
    /// premultiplied.
    public func copyPixels(into target: UnsafeMutablePointer<UInt8>, stride targetStride: Int, order: PixelOrder, straight: Bool) throws {
        let width = self.width
        try readingPixels { pixels, stride in
            for row in 0..<height {
                let source = UnsafeRawPointer(pixels + row * stride).assumingMemoryBound(to: UInt32.self)
                let out = UnsafeMutableRawPointer(target + row * targetStride).assumingMemoryBound(to: UInt32.self)
                PixelRow.convert(source, into: out, count: width, order: order, straight: straight)
            }
        }
    }

    /// Rewrites the canvas's own pixels in `order`, straight or
    /// premultiplied, where they lie: for a canvas wrapping a caller's
    /// buffer (`init(wrapping:)`), which then holds those bytes instead of
    /// cairo's. Draw nothing more on it afterwards.
    public func convertPixelsInPlace(order: PixelOrder, straight: Bool, within area: PixelArea? = nil) throws {
        try rewriteRows(within: area) { PixelRow.convert(inPlace: $0, count: $1, order: order, straight: straight) }
    }

    /// The way back: the caller's pixels, in `order`, straight or
    /// premultiplied, rewritten where they lie as cairo's premultiplied
    /// words, so a drawing can go over them.
    public func convertPixelsToCairoInPlace(from order: PixelOrder, straight: Bool, within area: PixelArea? = nil) throws {
        try rewriteRows(within: area) { PixelRow.convert(toCairo: $0, count: $1, order: order, straight: straight) }
        markDirty()
    }

    /// Each row's words in `area` (by default the whole canvas) handed to
    /// `body` where they lie.
    private func rewriteRows(within area: PixelArea?, _ body: (UnsafeMutablePointer<UInt32>, Int) -> Void) throws {
        let area = area ?? PixelArea(x: 0, y: 0, width: width, height: height)
        try withPixels { pixels, stride in
            for row in area.y..<(area.y + area.height) {
                body(UnsafeMutableRawPointer(pixels + row * stride).assumingMemoryBound(to: UInt32.self) + area.x, area.width)
            }
        }
    }
}

/// One row of cairo's pixels, native-endian premultiplied ARGB words on
/// this little-endian machine, into bytes of another layout. Written as
/// plain loops over words, which the compiler vectorises; alpha is the top
/// byte in either order, and each colour byte is divided by it alike.
enum PixelRow {
    /// From `source` into `out`, which must not overlap it: copied, then
    /// converted where it lies.
    static func convert(
        _ source: UnsafePointer<UInt32>, into out: UnsafeMutablePointer<UInt32>, count: Int, order: PixelOrder, straight: Bool
    ) {
        out.update(from: source, count: count)
        convert(inPlace: out, count: count, order: order, straight: straight)
    }

    /// In `words` themselves: one pointer, so the loop needs no overlap check.
    static func convert(inPlace words: UnsafeMutablePointer<UInt32>, count: Int, order: PixelOrder, straight: Bool) {
        if reorder(words, count: count, order: order), straight { unpremultiply(words, count: count) }
    }

    /// Words of `order`, straight or premultiplied, into cairo's
    /// premultiplied ARGB, where they lie.
    static func convert(toCairo words: UnsafeMutablePointer<UInt32>, count: Int, order: PixelOrder, straight: Bool) {
        if reorder(words, count: count, order: order), straight { premultiply(words, count: count) }
    }

    /// Red and blue exchanged for RGBA (the swap is its own inverse, so one
    /// loop goes either way); whether any word is partly transparent.
    private static func reorder(_ words: UnsafeMutablePointer<UInt32>, count: Int, order: PixelOrder) -> Bool {
        var partial: UInt32 = 0
        if order == .rgba {
            for x in 0..<count {
                let word = words[x]
                words[x] = swapped(word)
                partial |= partlyTransparent(word)
            }
        } else {
            for x in 0..<count { partial |= partlyTransparent(words[x]) }
        }
        return partial != 0
    }

    /// Each partly transparent word's colour bytes multiplied by its alpha,
    /// rounded; opaque words as they are. A clear word keeps no colour.
    static func premultiply(_ words: UnsafeMutablePointer<UInt32>, count: Int) {
        for x in 0..<count {
            let word = words[x]
            let alpha = word >> 24
            guard alpha != 255 else { continue }
            let high = ((word >> 16 & 255) * alpha + 127) / 255
            let middle = ((word >> 8 & 255) * alpha + 127) / 255
            let low = ((word & 255) * alpha + 127) / 255
            words[x] = alpha << 24 | high << 16 | middle << 8 | low
        }
    }

    /// Red and blue exchanged.
    @inline(__always)
    static func swapped(_ word: UInt32) -> UInt32 {
        word & 0xFF00_FF00 | (word >> 16 & 255) | (word & 255) << 16
    }

    /// Nonzero when the word's alpha is neither 0 nor 255: the byte XORed
    /// with its top bit spread over 8 bits is 0 just for those two.
    @inline(__always)
    static func partlyTransparent(_ word: UInt32) -> UInt32 {
        let alpha = word >> 24
        return alpha ^ (alpha >> 7 &* 255)
    }

    /// Each partly transparent word's colour bytes divided by its alpha,
    /// rounded, at most 255; opaque and clear words as they are.
    static func unpremultiply(_ words: UnsafeMutablePointer<UInt32>, count: Int) {
        for x in 0..<count {
            let word = words[x]
            let alpha = word >> 24
            guard alpha != 255, alpha != 0 else { continue }
            let high = min(255, ((word >> 16 & 255) * 255 + alpha / 2) / alpha)
            let middle = min(255, ((word >> 8 & 255) * 255 + alpha / 2) / alpha)
            let low = min(255, ((word & 255) * 255 + alpha / 2) / alpha)
            words[x] = alpha << 24 | high << 16 | middle << 8 | low
        }
    }
}
