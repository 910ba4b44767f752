import BundledPlugins
@testable import EffectRender
import Foundation
import XCTest

/// A GIF encoded in parts, one ffmpeg a part, is the GIF one ffmpeg
/// writes from the same frames with its palette built and used in one
/// filter graph: the same pixels in every frame, the same delays, the
/// same loop. ffmpeg is installed by scripts/ensure-media.
final class GIFEncoderTests: XCTestCase {
    private let (width, height, count) = (40, 24, 7)

    /// Straight-alpha BGRA: colours that change along x, y and from frame
    /// to frame, and with `alpha`, a transparent band, a faint one under
    /// GIF's threshold (16) and a half-transparent one above it.
    private func frame(_ k: Int, alpha: Bool) -> [UInt8] {
        var bytes: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                let a = !alpha ? 255 : x < 5 ? 0 : x < 8 ? 10 : x < 10 ? 128 : 255
                bytes += [UInt8((x * 6 + k * 20) % 256), UInt8((y * 10) % 256), UInt8(((x + y) * 4 + k * 7) % 256), UInt8(a)]
            }
        }
        return bytes
    }

    func testPartsMakeTheGIFOneFFmpegMakes() throws {
        for transparent in [false, true] {
            let directory = try temporaryTestDirectory("gif-parts")
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let frames = (0..<count).map { frame($0, alpha: transparent) }
            try Data(frames.joined()).write(to: URL(fileURLWithPath: directory + "/frames.raw"))
            let threshold = transparent ? ":alpha_threshold=16" : ""
            try ffmpeg([
                "-f", "rawvideo", "-pix_fmt", "bgra", "-s", "\(width)x\(height)", "-framerate", "30", "-i", directory + "/frames.raw",
                "-filter_complex",
                "[0:v]split[a][b];[a]palettegen=stats_mode=full:reserve_transparent=\(transparent ? 1 : 0)[p];"
                    + "[b][p]paletteuse=dither=bayer:bayer_scale=4\(threshold)",
                "-loop", "0", "-f", "gif", directory + "/one.gif",
            ])
            let reference = try decoded(directory + "/one.gif")
            // At 30 fps frames start at 0, 3⅓, 6⅔, 10 … hundredths, rounded: delays of 3, 4, 3, 3, 4, 3;
            // parts cut at frames 2 and 4 must keep that rhythm.
            XCTAssertEqual(try delays(directory + "/one.gif").dropLast(), [3, 4, 3, 3, 4, 3])
            // Seven parts asked for seven frames: every part keeps two frames or more, as a GIF of one has no delay.
            for parts in [1, 2, 3, 7] {
                let path = directory + "/parts-\(parts).gif"
                let before = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
                let encoder = try GIFEncoder(width: width, height: height, fps: 30, transparent: transparent, destination: path, frames: count, parts: parts)
                for bytes in frames { try bytes.withUnsafeBytes { try encoder.write($0) } }
                XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory).sorted(), before, "no file named while encoding")
                try encoder.finish()
                XCTAssertTrue(try decoded(path) == reference, "pixels, \(parts) parts, transparent: \(transparent)")
                XCTAssertEqual(try delays(path), try delays(directory + "/one.gif"), "\(parts) parts")
                let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
                XCTAssertEqual(bytes.count(of: Data("NETSCAPE2.0".utf8)), 1, "one loop extension")
            }
            let left = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
            XCTAssertEqual(left, ["frames.raw", "one.gif", "parts-1.gif", "parts-2.gif", "parts-3.gif", "parts-7.gif"], "no part or palette left")
            if transparent { XCTAssertEqual(reference[0][3], 0, "the transparent band is GIF's transparent index") }
        }
    }

    /// Parts start an ffmpeg each: they pay on a second core, from 16 million pixels in all.
    func testPartsOnlyWhenTheyPay() {
        XCTAssertFalse(GIFEncoder.pays(width: 542, height: 154, frames: 121, cores: 2), "the strike's 10 million pixels")
        XCTAssertTrue(GIFEncoder.pays(width: 696, height: 696, frames: 121, cores: 2), "the circles' 59 million")
        XCTAssertFalse(GIFEncoder.pays(width: 696, height: 696, frames: 121, cores: 1), "one core")
        XCTAssertFalse(GIFEncoder.pays(width: 8000, height: 8000, frames: 1, cores: 2), "one frame")
        XCTAssertTrue(GIFEncoder.pays(width: 4000, height: 4000, frames: 2, cores: 8))
    }

    func testAnAbandonedGIFLeavesNothing() throws {
        let directory = try temporaryTestDirectory("gif-abandoned")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let encoder = try GIFEncoder(width: width, height: height, fps: 30, transparent: false, destination: directory + "/a.gif", frames: count, parts: 2)
        for k in 0..<3 { try frame(k, alpha: false).withUnsafeBytes { try encoder.write($0) } }
        encoder.abandon()
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory), [])
    }

    /// Every frame as RGBA bytes, decoded by ffmpeg.
    private func decoded(_ path: String) throws -> [[UInt8]] {
        let data = try ffmpeg(["-i", path, "-f", "rawvideo", "-pix_fmt", "rgba", "-"])
        let size = width * height * 4
        XCTAssertEqual(data.count, size * count, path)
        return stride(from: 0, to: data.count, by: size).map { [UInt8](data[$0..<($0 + size)]) }
    }

    /// Each frame's delay in hundredths, from its graphic control extension, walking the GIF's blocks.
    private func delays(_ path: String) throws -> [Int] {
        let gif = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        var at = 13 + (gif[10] & 0x80 != 0 ? 3 << (Int(gif[10] & 7) + 1) : 0)
        var found: [Int] = []
        func skipSubBlocks() { while gif[at] != 0 { at += Int(gif[at]) + 1 }; at += 1 }
        while gif[at] != 0x3B {
            if gif[at] == 0x21 {
                if gif[at + 1] == 0xF9 { found.append(Int(gif[at + 4]) | Int(gif[at + 5]) << 8) }
                at += 2
            } else {
                let flags = gif[at + 9]
                at += 10 + (flags & 0x80 != 0 ? 3 << (Int(flags & 7) + 1) : 0) + 1
            }
            skipSubBlocks()
        }
        return found
    }

    @discardableResult
    private func ffmpeg(_ arguments: [String]) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["ffmpeg", "-v", "error", "-nostdin", "-y"] + arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "ffmpeg \(arguments.joined(separator: " "))")
        return data
    }
}

extension Data {
    fileprivate func count(of pattern: Data) -> Int {
        var found = 0
        var start = startIndex
        while let range = range(of: pattern, in: start..<endIndex) {
            found += 1
            start = range.upperBound
        }
        return found
    }
}
