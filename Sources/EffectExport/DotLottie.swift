import EffectHost
import EffectRender

import Glibc

/// The dotLottie container: a ZIP archive holding `manifest.json` and the
/// animation as `animations/ID.json`, deflated by zlib (loaded at run time,
/// as every system library here is).
public enum DotLottie {
    /// `loops`: whether players should loop it (seamless only for a period alone).
    public static func archive(animation json: [UInt8], id: String, loops: Bool) throws -> [UInt8] {
        let zlib = try Zlib.loaded()
        let manifest = Array(
            """
            {"version":"1","generator":"effect-host","animations":[{"id":"\(id)","loop":\(loops),"autoplay":true}]}
            """.utf8)
        var zip = ZipWriter()
        try zip.add("manifest.json", manifest, zlib)
        try zip.add("animations/\(id).json", json, zlib)
        return zip.finish()
    }
}

extension Zlib {
    /// zlib at run time, or an export error saying why it is missing.
    fileprivate static func loaded() throws -> Zlib {
        do {
            return try shared.get()
        } catch {
            throw ExportError.failed(error.description)
        }
    }

    /// Raw deflate data: zlib's stream without its 2-byte header and its
    /// 4-byte Adler-32 trailer, which is what ZIP's method 8 holds.
    fileprivate func deflate(_ bytes: [UInt8]) throws -> [UInt8] {
        var out = [UInt8](repeating: 0, count: bound(bytes.count))
        let size = try out.withUnsafeMutableBufferPointer { o in
            try bytes.withUnsafeBytes { i in
                do {
                    return try compress(i, level: 9, into: o.baseAddress!)
                } catch {
                    throw ExportError.failed("zlib could not compress the animation: \(error)")
                }
            }
        }
        guard size >= 6 else { throw ExportError.failed("zlib could not compress the animation") }
        return Array(out[2..<(size - 4)])
    }

    fileprivate func checksum(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBytes { checksum($0) }
    }
}

/// A ZIP archive of whole files, written in memory: local headers and
/// data, then the central directory.
private struct ZipWriter {
    private var bytes: [UInt8] = []
    private var directory: [UInt8] = []
    private var count = 0

    mutating func add(_ name: String, _ content: [UInt8], _ zlib: Zlib) throws {
        let packed = try zlib.deflate(content)
        let crc = zlib.checksum(content)
        let path = Array(name.utf8)
        let offset = UInt32(bytes.count)
        // Method 8 (deflate), no flags, a fixed date (1 January 2026) so the same export is the same bytes.
        let time: UInt16 = 0
        let date: UInt16 = UInt16((2026 - 1980) << 9 | 1 << 5 | 1)
        func header(into out: inout [UInt8], central: Bool) {
            out += central ? [0x50, 0x4B, 0x01, 0x02] : [0x50, 0x4B, 0x03, 0x04]
            if central { Self.put16(20, &out) }
            Self.put16(20, &out)
            Self.put16(0, &out)
            Self.put16(8, &out)
            Self.put16(time, &out)
            Self.put16(date, &out)
            Self.put32(crc, &out)
            Self.put32(UInt32(packed.count), &out)
            Self.put32(UInt32(content.count), &out)
            Self.put16(UInt16(path.count), &out)
            Self.put16(0, &out)
            if central {
                Self.put16(0, &out)  // comment
                Self.put16(0, &out)  // disk
                Self.put16(0, &out)  // internal attributes
                Self.put32(0, &out)  // external attributes
                Self.put32(offset, &out)
            }
            out += path
        }
        header(into: &bytes, central: false)
        bytes += packed
        header(into: &directory, central: true)
        count += 1
    }

    mutating func finish() -> [UInt8] {
        let start = UInt32(bytes.count)
        var out = bytes + directory
        out += [0x50, 0x4B, 0x05, 0x06]
        Self.put16(0, &out)
        Self.put16(0, &out)
        Self.put16(UInt16(count), &out)
        Self.put16(UInt16(count), &out)
        Self.put32(UInt32(directory.count), &out)
        Self.put32(start, &out)
        Self.put16(0, &out)
        return out
    }

    private static func put16(_ value: UInt16, _ out: inout [UInt8]) {
        out += [UInt8(value & 0xFF), UInt8(value >> 8)]
    }

    private static func put32(_ value: UInt32, _ out: inout [UInt8]) {
        out += [UInt8(value & 0xFF), UInt8((value >> 8) & 0xFF), UInt8((value >> 16) & 0xFF), UInt8(value >> 24)]
    }
}
