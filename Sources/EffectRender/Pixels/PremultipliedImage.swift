import Glibc

/// Pixels as cairo keeps them (ARGB32: premultiplied, 4 bytes a pixel),
/// and the two filters a group applies to its layer, as SVG defines them:
/// feColorMatrix's saturate and feGaussianBlur.
struct PremultipliedImage {
    let data: UnsafeMutablePointer<UInt8>
    let width: Int
    let height: Int
    let stride: Int

    /// feColorMatrix type="saturate" (`Saturation`), on premultiplied
    /// values; each result is held between 0 and the pixel's alpha.
    func saturate(_ s: Double) {
        let matrix = Saturation(s)
        for y in 0..<height {
            let row = data + y * stride
            for x in 0..<width {
                let p = row + 4 * x
                let alpha = Double(p[3])
                guard alpha > 0 else { continue }
                // The bytes are b, g, r, a in memory (little-endian ARGB32).
                let (r, g, b) = matrix.apply(Double(p[2]), Double(p[1]), Double(p[0]))
                func level(_ channel: Double) -> UInt8 { UInt8(min(alpha, max(0, channel.rounded()))) }
                (p[0], p[1], p[2]) = (level(b), level(g), level(r))
            }
        }
    }

    /// feGaussianBlur with the same deviation both ways, in pixels: a true
    /// Gaussian under 2, and from 2 up the three box blurs SVG allows
    /// (size d = ⌊σ · 3 √(2π) / 4 + 0.5⌋), which is what librsvg and
    /// browsers draw.
    func blur(sigma: Double) {
        guard sigma >= 0.1, width > 0, height > 0 else { return }
        var work = [Float](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            let row = data + y * stride
            for i in 0..<(width * 4) { work[y * width * 4 + i] = Float(row[i]) }
        }
        work.withUnsafeMutableBufferPointer { pixels in
            var scratch = [Float](repeating: 0, count: max(width, height) * 4)
            scratch.withUnsafeMutableBufferPointer { line in
                for y in 0..<height { Self.blurLine(pixels.baseAddress! + y * width * 4, count: width, step: 4, sigma: sigma, line.baseAddress!) }
                for x in 0..<width { Self.blurLine(pixels.baseAddress! + x * 4, count: height, step: width * 4, sigma: sigma, line.baseAddress!) }
            }
        }
        for y in 0..<height {
            let row = data + y * stride
            for i in 0..<(width * 4) { row[i] = UInt8(min(255, max(0, work[y * width * 4 + i].rounded()))) }
        }
    }

    /// Blurs `count` pixels `step` floats apart, in place; `line` holds a
    /// copy of 4 × count floats while it works.
    private static func blurLine(_ pixels: UnsafeMutablePointer<Float>, count: Int, step: Int, sigma: Double, _ line: UnsafeMutablePointer<Float>) {
        for i in 0..<count { for c in 0..<4 { line[i * 4 + c] = pixels[i * step + c] } }
        if sigma < 2 {
            gaussian(line, count: count, sigma: sigma, into: pixels, step: step)
            return
        }
        let d = Int((sigma * 3 * (2 * Double.pi).squareRoot() / 4 + 0.5).rounded(.down))
        // Each window is [i − low, i + high]: SVG's three boxes for an odd or an even d.
        let windows = d % 2 == 1 ? [(d / 2, d / 2), (d / 2, d / 2), (d / 2, d / 2)] : [(d / 2, d / 2 - 1), (d / 2 - 1, d / 2), (d / 2, d / 2)]
        var other = [Float](repeating: 0, count: count * 4)
        other.withUnsafeMutableBufferPointer { buffer in
            var (from, to) = (line, buffer.baseAddress!)
            for (low, high) in windows {
                box(from, count: count, low: low, high: high, into: to)
                swap(&from, &to)
            }
            for i in 0..<count { for c in 0..<4 { pixels[i * step + c] = from[i * 4 + c] } }
        }
    }

    /// A running-sum box filter over [i − low, i + high], zero past the ends.
    private static func box(_ source: UnsafeMutablePointer<Float>, count: Int, low: Int, high: Int, into target: UnsafeMutablePointer<Float>) {
        let size = Float(low + high + 1)
        var sum = SIMD4<Float>.zero
        func at(_ i: Int) -> SIMD4<Float> {
            guard i >= 0, i < count else { return .zero }
            return SIMD4(source[i * 4], source[i * 4 + 1], source[i * 4 + 2], source[i * 4 + 3])
        }
        for i in -low...high { sum += at(i) }
        for i in 0..<count {
            let mean = sum / size
            (target[i * 4], target[i * 4 + 1], target[i * 4 + 2], target[i * 4 + 3]) = (mean.x, mean.y, mean.z, mean.w)
            sum += at(i + high + 1) - at(i - low)
        }
    }

    private static func gaussian(_ source: UnsafeMutablePointer<Float>, count: Int, sigma: Double, into target: UnsafeMutablePointer<Float>, step: Int) {
        let radius = Int((3 * sigma).rounded(.up))
        var weights: [Float] = []
        for k in -radius...radius {
            let x = Double(k)
            weights.append(Float(exp(-x * x / (2 * sigma * sigma))))
        }
        let total = weights.reduce(0, +)
        weights = weights.map { $0 / total }
        for i in 0..<count {
            var sum = SIMD4<Float>.zero
            for k in -radius...radius where i + k >= 0 && i + k < count {
                let j = (i + k) * 4
                sum += SIMD4(source[j], source[j + 1], source[j + 2], source[j + 3]) * weights[k + radius]
            }
            (target[i * step], target[i * step + 1], target[i * step + 2], target[i * step + 3]) = (sum.x, sum.y, sum.z, sum.w)
        }
    }
}
