@testable import EffectRender
import XCTest

/// GIFs made here byte by byte: a 2×1 screen with a two-colour global
/// table, the loop extension, and frames of a graphic control extension
/// and an image whose one data byte names the frame.
final class GIFSpliceTests: XCTestCase {
    private let loop: [UInt8] = [0x21, 0xFF, 0x0B] + Array("NETSCAPE2.0".utf8) + [0x03, 0x01, 0x00, 0x00, 0x00]

    private func head(palette: [UInt8] = [0, 0, 0, 255, 255, 255]) -> [UInt8] {
        Array("GIF89a".utf8) + [2, 0, 1, 0, 0x80, 0, 0] + palette
    }

    private func frame(_ id: UInt8, delay: UInt8, localTable: Bool = false) -> [UInt8] {
        let control: [UInt8] = [0x21, 0xF9, 0x04, 0x04, delay, 0x00, 0x00, 0x00]
        let table: [UInt8] = localTable ? [1, 2, 3, 4, 5, 6] : []
        let descriptor: [UInt8] = [0x2C, 0, 0, 0, 0, 2, 0, 1, 0, localTable ? 0x80 : 0x00] + table
        return control + descriptor + [0x02, 0x01, id, 0x00]
    }

    func testPartsJoinWithTheFirstHeaderAndNoBorrowedFrame() throws {
        // Part 1 holds frames 1 and 2 and borrows 3; part 2 holds 3 and 4.
        let first = head() + loop + frame(1, delay: 3) + frame(2, delay: 4) + frame(3, delay: 9) + [0x3B]
        let second = head() + loop + frame(3, delay: 3) + frame(4, delay: 3, localTable: true) + [0x3B]
        let joined = try GIFSplice.join([first, second], frames: [3, 2])
        let expected = head() + loop + frame(1, delay: 3) + frame(2, delay: 4) + frame(3, delay: 3) + frame(4, delay: 3, localTable: true) + [0x3B]
        XCTAssertEqual(joined, expected)
    }

    func testOnePartIsItself() throws {
        let only = head() + loop + frame(7, delay: 5) + [0x3B]
        XCTAssertEqual(try GIFSplice.join([only], frames: [1]), only)
    }

    func testPartsOfDifferentPalettesAreRefused() {
        let first = head() + loop + frame(1, delay: 3) + frame(2, delay: 3) + [0x3B]
        let second = head(palette: [0, 0, 0, 255, 0, 0]) + loop + frame(2, delay: 3) + [0x3B]
        XCTAssertThrowsError(try GIFSplice.join([first, second], frames: [2, 1])) { error in
            XCTAssertEqual("\(error)", "part 2 does not share the first part's palette")
        }
    }

    func testAPartWithAFrameMissingOrCutShortIsRefused() {
        let first = head() + loop + frame(1, delay: 3) + frame(2, delay: 3) + [0x3B]
        XCTAssertThrowsError(try GIFSplice.join([first], frames: [3])) { error in
            XCTAssertEqual("\(error)", "part 1 has 2 frames, not 3")
        }
        XCTAssertThrowsError(try GIFSplice.join([Array(first.dropLast(6))], frames: [2])) { error in
            XCTAssertEqual("\(error)", "a GIF from ffmpeg ends early")
        }
        XCTAssertThrowsError(try GIFSplice.join([Array("PNG".utf8) + first], frames: [2])) { error in
            XCTAssertEqual("\(error)", "ffmpeg wrote something other than a GIF")
        }
    }
}
