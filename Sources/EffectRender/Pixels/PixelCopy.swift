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
        try withPixels { pixels, stride in
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
    public func convertPixelsInPlace(order: PixelOrder, straight: Bool) throws {
        let width = self.width
        try withPixels { pixels, stride in
            for row in 0..<height {
                let words = UnsafeMutableRawPointer(pixels + row * stride).assumingMemoryBound(to: UInt32.self)
                PixelRow.convert(words, into: words, count: width, order: order, straight: straight)
            }
        }
    }
}

/// One row of cairo's pixels, native-endian premultiplied ARGB words on
/// this little-endian machine, into bytes of another layout.
enum PixelRow {
    /// `out` may be `source` itself: each word is read before it is written.
    static func convert(
        _ source: UnsafePointer<UInt32>, into out: UnsafeMutablePointer<UInt32>, count: Int, order: PixelOrder, straight: Bool
    ) {
        let swaps = order == .rgba
        let from = UnsafeRawPointer(source)
        let to = UnsafeMutableRawPointer(out)
        var x = 0
        // Eight words at a time in vector registers; a block holding a
        // partly transparent pixel (an antialiased edge, faint ink) then
        // has those divided out one by one. Alpha is the top byte in
        // either order, and each colour byte is divided by it alike.
        while x + 8 <= count {
            let words = from.loadUnaligned(fromByteOffset: x * 4, as: SIMD8<UInt32>.self)
            let converted = swaps ? words & 0xFF00_FF00 | (words &>> 16 & 255) | (words & 255) &<< 16 : words
            to.storeBytes(of: converted, toByteOffset: x * 4, as: SIMD8<UInt32>.self)
            if straight, hasPartialAlpha(words) {
                for index in x..<x + 8 { out[index] = unpremultiplied(out[index]) }
            }
            x += 8
        }
        while x < count {
            let word = source[x]
            let converted = swaps ? word & 0xFF00_FF00 | (word >> 16 & 255) | (word & 255) << 16 : word
            out[x] = straight ? unpremultiplied(converted) : converted
            x += 1
        }
    }

    /// Whether any of the eight words' alpha is neither 0 nor 255, with
    /// no vector comparison (Swift compiles those lane by lane): an alpha
    /// byte XORed with its top bit spread over 8 bits is 0 just for those two.
    @inline(__always)
    static func hasPartialAlpha(_ words: SIMD8<UInt32>) -> Bool {
        let alpha = words &>> 24
        let partial = alpha ^ (alpha &>> 7 &* 255)
        let four = partial.lowHalf | partial.highHalf
        let two = four.lowHalf | four.highHalf
        return two[0] | two[1] != 0
    }

    /// The word with its three colour bytes divided by its alpha, rounded,
    /// at most 255; opaque and clear words as they are.
    @inline(__always)
    static func unpremultiplied(_ word: UInt32) -> UInt32 {
        let alpha = word >> 24
        guard alpha != 255, alpha != 0 else { return word }
        let high = min(255, ((word >> 16 & 255) * 255 + alpha / 2) / alpha)
        let middle = min(255, ((word >> 8 & 255) * 255 + alpha / 2) / alpha)
        let low = min(255, ((word & 255) * 255 + alpha / 2) / alpha)
        return alpha << 24 | high << 16 | middle << 8 | low
    }
}
