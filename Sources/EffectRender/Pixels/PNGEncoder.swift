import CPixelRows
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
    /// The file as it is built, and past it room kept for the next.
    private var buffer: [UInt8] = []
    private var length = 0

    /// The last file encoded.
    var file: ArraySlice<UInt8> { buffer[..<length] }

    init() throws(NativeError) { zlib = try Zlib.shared.get() }

    /// The PNG file of `height` rows of `width` pixels, `stride` bytes apart, in `file`.
    mutating func encode(_ pixels: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int) throws(NativeError) {
        let opaque = effect_rows_opaque(pixels, width, height, stride) != 0
        let channels = opaque ? 3 : 4
        let rowBytes = 1 + width * channels
        let count = rowBytes * height
        if scanlines.count < count { scanlines = [UInt8](repeating: 0, count: count) }
        scanlines.withUnsafeMutableBufferPointer { effect_rows_png(pixels, width, height, stride, opaque ? 1 : 0, $0.baseAddress!) }
        let bound = zlib.bound(count)
        // Signature, IHDR, IDAT's length and type, the stream, IDAT's CRC, IEND.
        let header = 8 + 25 + 8
        let size = header + bound + 4 + 12
        if buffer.count < size { buffer = [UInt8](repeating: 0, count: size) }
        let zlib = zlib
        length = try buffer.withUnsafeMutableBufferPointer { (bytes) throws(NativeError) -> Int in
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
    }
}
