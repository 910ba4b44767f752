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
    /// premultiplied. Works a 32-bit word at a time: cairo's pixels are
    /// native-endian ARGB words, and this machine is little-endian.
    public func copyPixels(into target: UnsafeMutablePointer<UInt8>, stride targetStride: Int, order: PixelOrder, straight: Bool) throws {
        let swapsRedAndBlue = order == .rgba
        let (width, height) = (self.width, self.height)
        try withPixels { pixels, stride in
            for row in 0..<height {
                let source = UnsafeRawPointer(pixels + row * stride).assumingMemoryBound(to: UInt32.self)
                let out = UnsafeMutableRawPointer(target + row * targetStride).assumingMemoryBound(to: UInt32.self)
                // A plain pass the compiler vectorises; then the few partly
                // transparent pixels (antialiased edges, faint ink) again.
                if swapsRedAndBlue {
                    for x in 0..<width {
                        let word = source[x]
                        out[x] = word & 0xFF00_FF00 | (word >> 16 & 255) | (word & 255) << 16
                    }
                } else {
                    out.update(from: source, count: width)
                }
                guard straight else { continue }
                for x in 0..<width {
                    let word = source[x]
                    let alpha = word >> 24
                    guard alpha != 255, alpha != 0 else { continue }
                    let red = min(255, ((word >> 16 & 255) * 255 + alpha / 2) / alpha)
                    let green = min(255, ((word >> 8 & 255) * 255 + alpha / 2) / alpha)
                    let blue = min(255, ((word & 255) * 255 + alpha / 2) / alpha)
                    out[x] = alpha << 24 | (swapsRedAndBlue ? blue << 16 | green << 8 | red : red << 16 | green << 8 | blue)
                }
            }
        }
    }
}
