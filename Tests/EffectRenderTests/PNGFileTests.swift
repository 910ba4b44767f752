import BundledPlugins
import EffectHost
import EffectRender
import Glibc
import XCTest

/// PNG files written from a canvas hold the pixels cairo's own writer
/// held: RGBA with alpha divided out as cairo divides it, RGB when every
/// pixel is opaque. The files are read back here by hand: chunks, CRCs
/// and zlib's own `uncompress`.
final class PNGFileTests: XCTestCase {
    /// Premultiplied (R, G, B, A) → straight, each channel (c · 255 + A / 2) / A:
    /// (16, 32, 64, 128) → (32, 64, 128); (1, 1, 1, 3) → (85, 85, 85);
    /// a transparent pixel is all 0 whatever it held; an opaque one is unchanged.
    func testPartlyTransparentPixelsAreStraightRGBA() throws {
        let png = try written(width: 4, height: 1, [0x8010_2040, 0x0301_0101, 0x0000_0000, 0xFF0A_141E])
        XCTAssertEqual(png.colorType, 6)
        XCTAssertEqual(png.rows, [[0] + [32, 64, 128, 128, 85, 85, 85, 3, 0, 0, 0, 0, 10, 20, 30, 255]])
    }

    func testAnOpaquePictureIsRGB() throws {
        let png = try written(width: 2, height: 2, [0xFF01_0203, 0xFF04_0506, 0xFFFF_FFFF, 0xFF00_0000])
        XCTAssertEqual(png.colorType, 2)
        XCTAssertEqual(png.rows, [[0, 1, 2, 3, 4, 5, 6], [0, 255, 255, 255, 0, 0, 0]])
    }

    /// Many frames at once, on every core: each file is whole and holds
    /// its own frame, the same pixels as that moment written alone.
    func testFramesWrittenTogetherEachHoldTheirOwnFrame() throws {
        let directory = try temporaryDirectory()
        defer { _ = try? FileManagerless.remove(directory) }
        let instance = try bundledInstance("libStrike.so", "strikethrough-reveal")
        let picture = try makePicture(for: instance, proposedWidth: nil, style: PictureStyle())
        let job = try RenderJob(instance: instance, picture: picture, target: .pngFrames(directory + "/frames/"), fps: 60, lastFrame: 23)
        XCTAssertEqual(try job.run().frames, 24)
        var distinct: Set<[[UInt8]]> = []
        for index in [0, 5, 11, 23] {
            let alone = try RenderJob(
                instance: try bundledInstance("libStrike.so", "strikethrough-reveal"), picture: picture,
                target: .pngStill(directory + "/alone.png"), fps: 60, start: Double(index) / 60, lastFrame: 0)
            _ = try alone.run()
            let frame = try PNGFile(path: directory + "/frames/frame-" + String(repeating: "0", count: 5 - String(index).count) + "\(index)")
            XCTAssertEqual(frame.rows, try PNGFile(path: directory + "/alone").rows, "frame \(index)")
            distinct.insert(frame.rows)
        }
        XCTAssertEqual(distinct.count, 4, "the strike moves in every frame compared")
    }

    private func written(width: Int, height: Int, _ words: [UInt32]) throws -> PNGFile {
        let canvas = try PixelCanvas(width: width, height: height)
        try canvas.withPixels { pixels, stride in
            for y in 0..<height {
                for x in 0..<width {
                    UnsafeMutableRawPointer(pixels + y * stride).storeBytes(of: words[y * width + x], toByteOffset: 4 * x, as: UInt32.self)
                }
            }
        }
        canvas.markDirty()
        let directory = try temporaryDirectory()
        defer { _ = try? FileManagerless.remove(directory) }
        try canvas.writePNG(to: directory + "/a.png")
        let png = try PNGFile(path: directory + "/a")
        XCTAssertEqual(png.width, width)
        XCTAssertEqual(png.height, height)
        return png
    }

    private func temporaryDirectory() throws -> String {
        var template = Array("/tmp/effect-host-png-XXXXXX".utf8CString)
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else { throw FileError("mkdtemp") }
        return String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

private enum FileManagerless {
    static func remove(_ directory: String) throws {
        if let entries = opendir(directory) {
            while let entry = readdir(entries) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                if name != "." && name != "..", unlink(directory + "/" + name) != 0 { try remove(directory + "/" + name) }
            }
            closedir(entries)
        }
        rmdir(directory)
    }
}

/// A PNG file of 8-bit samples read by hand: its header, and its rows
/// (each with its filter byte) inflated by zlib's `uncompress`; every
/// chunk's CRC checked with zlib's `crc32`.
private struct PNGFile {
    let width: Int
    let height: Int
    let colorType: UInt8
    let rows: [[UInt8]]

    init(path stem: String) throws {
        let bytes = try Files.read(stem + ".png")
        XCTAssertEqual(Array(bytes[0..<8]), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let zlib = dlopen("libz.so.1", RTLD_NOW)!
        typealias CRC = @convention(c) (UInt, UnsafePointer<UInt8>?, UInt32) -> UInt
        typealias Uncompress = @convention(c) (UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<UInt>?, UnsafePointer<UInt8>?, UInt) -> Int32
        let crc32 = unsafeBitCast(dlsym(zlib, "crc32")!, to: CRC.self)
        let uncompress = unsafeBitCast(dlsym(zlib, "uncompress")!, to: Uncompress.self)
        func word(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        var (at, header, stream, types) = (8, [UInt8](), [UInt8](), [String]())
        while at < bytes.count {
            let length = word(at)
            let type = String(decoding: bytes[at + 4..<at + 8], as: UTF8.self)
            let body = Array(bytes[at + 8..<at + 8 + length])
            let crc = bytes[at + 4..<at + 8 + length].withContiguousStorageIfAvailable { crc32(0, $0.baseAddress, UInt32($0.count)) }
                ?? Array(bytes[at + 4..<at + 8 + length]).withUnsafeBufferPointer { crc32(0, $0.baseAddress, UInt32($0.count)) }
            XCTAssertEqual(Int(crc), word(at + 8 + length), "\(type)'s CRC")
            types.append(type)
            if type == "IHDR" { header = body }
            if type == "IDAT" { stream += body }
            at += 12 + length
        }
        XCTAssertEqual(types.first, "IHDR")
        XCTAssertEqual(types.last, "IEND")
        width = header[0..<4].reduce(0) { $0 << 8 | Int($1) }
        height = header[4..<8].reduce(0) { $0 << 8 | Int($1) }
        XCTAssertEqual(Array(header[8...]), [8, header[9], 0, 0, 0])
        colorType = header[9]
        let rowBytes = 1 + width * (colorType == 6 ? 4 : 3)
        var raw = [UInt8](repeating: 0, count: rowBytes * height)
        var size = UInt(raw.count)
        XCTAssertEqual(uncompress(&raw, &size, stream, UInt(stream.count)), 0)
        XCTAssertEqual(Int(size), raw.count)
        rows = (0..<height).map { Array(raw[$0 * rowBytes..<($0 + 1) * rowBytes]) }
    }
}
