import EffectHost

/// PNG files of a canvas's pixels (premultiplied BGRA, cairo's ARGB32),
/// holding exactly the pixels cairo's own writer held: 8-bit RGB when
/// every pixel is opaque, otherwise RGBA with alpha divided out as cairo
/// divides it, rounding to nearest, and a fully transparent pixel all 0.
///
/// Each row is stored unfiltered (PNG filter 0) and the whole image is one
/// zlib stream at level 6, one IDAT chunk. Measured on every bundled
/// effect's frames (docs/benchmarks.md, "PNG sequences"): unfiltered
/// rows came out smallest at every level tried, their flat runs of
/// identical pixels being what deflate matches best, and level 6 is the
/// lowest whose files are no larger than cairo's (libpng's adaptive
/// filters at level 6) for all four, at well under half its time.
///
/// An encoder keeps its buffers from one frame to the next; one encoder
/// serves one thread at a time.
struct PNGEncoder {
    static let level: Int32 = 6
    private let zlib: Zlib
    /// Filter bytes and rows, as zlib reads them.
    private var scanlines: [UInt8] = []
    /// The file as it is built.
    private(set) var file: [UInt8] = []

    init() throws(NativeError) { zlib = try Zlib.shared.get() }

    /// The PNG file of `height` rows of `width` pixels, `stride` bytes apart, in `file`.
    mutating func encode(_ pixels: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int) throws(NativeError) {
        let opaque = Self.isOpaque(pixels, width: width, height: height, stride: stride)
        let channels = opaque ? 3 : 4
        let rowBytes = 1 + width * channels
        let count = rowBytes * height
        if scanlines.count < count { scanlines = [UInt8](repeating: 0, count: count) }
        scanlines.withUnsafeMutableBufferPointer { out in
            for y in 0..<height {
                let row = out.baseAddress! + y * rowBytes
                row[0] = 0  // filter type None
                if opaque {
                    Self.rgb(pixels + y * stride, width, into: row + 1)
                } else {
                    Self.rgba(pixels + y * stride, width, into: row + 1)
                }
            }
        }
        let bound = zlib.bound(count)
        // Signature, IHDR, IDAT's length and type, the stream, IDAT's CRC, IEND.
        let header = 8 + 25 + 8
        let size = header + bound + 4 + 12
        // Kept short between frames (so `file` is just the file) but never given back: growing it again reuses its memory.
        if file.count < size { file.append(contentsOf: repeatElement(0, count: size - file.count)) }
        let zlib = zlib
        let written = try file.withUnsafeMutableBufferPointer { (bytes) throws(NativeError) -> Int in
            let base = bytes.baseAddress!
            var at = 0
            func put(_ value: UInt32) {
                for shift in [24, 16, 8, 0] as [UInt32] {
                    base[at] = UInt8(truncatingIfNeeded: value >> shift)
                    at += 1
                }
            }
            func chunkEnd(from start: Int) {
                put(zlib.checksum(UnsafeRawBufferPointer(start: base + start, count: at - start)))
            }
            for byte in [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] as [UInt8] {
                base[at] = byte
                at += 1
            }
            put(13)
            let ihdr = at
            put(0x4948_4452)  // "IHDR"
            put(UInt32(width))
            put(UInt32(height))
            // 8 bits a sample; colour type 2 (RGB) or 6 (RGBA); deflate; adaptive filtering; no interlace.
            for byte in [8, opaque ? 2 : 6, 0, 0, 0] as [UInt8] {
                base[at] = byte
                at += 1
            }
            chunkEnd(from: ihdr)
            let lengthAt = at
            at += 4
            let idat = at
            put(0x4944_4154)  // "IDAT"
            let stream = try scanlines.withUnsafeBytes { rows in
                Result { () throws(NativeError) in
                    try zlib.compress(UnsafeRawBufferPointer(rebasing: rows[..<count]), level: Self.level, into: base + at)
                }
            }.get()
            let end = at + stream
            at = lengthAt
            put(UInt32(stream))
            at = end
            chunkEnd(from: idat)
            put(0)
            let iend = at
            put(0x4945_4E44)  // "IEND"
            chunkEnd(from: iend)
            return at
        }
        file.removeLast(file.count - written)
    }

    /// Whether every pixel's alpha is 255, as cairo asks before it writes RGB.
    private static func isOpaque(_ pixels: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int) -> Bool {
        for y in 0..<height {
            let row = UnsafeRawPointer(pixels + y * stride)
            var all: UInt32 = 0xFF00_0000
            for x in 0..<width { all &= row.loadUnaligned(fromByteOffset: 4 * x, as: UInt32.self) }
            if all < 0xFF00_0000 { return false }
        }
        return true
    }

    private static func rgb(_ row: UnsafePointer<UInt8>, _ width: Int, into out: UnsafeMutablePointer<UInt8>) {
        for x in 0..<width {
            let (p, o) = (row + 4 * x, out + 3 * x)
            (o[0], o[1], o[2]) = (p[2], p[1], p[0])
        }
    }

    private static func rgba(_ row: UnsafePointer<UInt8>, _ width: Int, into out: UnsafeMutablePointer<UInt8>) {
        unpremultiplied.withUnsafeBufferPointer { table in
            for x in 0..<width {
                let (p, o) = (row + 4 * x, out + 4 * x)
                let alpha = p[3]
                switch alpha {
                case 255: (o[0], o[1], o[2], o[3]) = (p[2], p[1], p[0], 255)
                case 0: (o[0], o[1], o[2], o[3]) = (0, 0, 0, 0)
                default:
                    let levels = table.baseAddress! + Int(alpha) << 8
                    (o[0], o[1], o[2], o[3]) = (levels[Int(p[2])], levels[Int(p[1])], levels[Int(p[0])], alpha)
                }
            }
        }
    }

    /// By alpha × 256 + premultiplied level: the straight level, as cairo's
    /// PNG writer computes it ((c · 255 + alpha / 2) / alpha, kept to 8 bits).
    private static let unpremultiplied: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 256 * 256)
        for alpha in 1..<256 {
            for level in 0..<256 {
                table[alpha << 8 | level] = UInt8(truncatingIfNeeded: (level * 255 + alpha / 2) / alpha)
            }
        }
        return table
    }()
}
