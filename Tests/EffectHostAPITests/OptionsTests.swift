import CEffect
import CEffectHost
import XCTest

@testable import EffectHostAPI

/// An options struct of a later minor: `appended` came after the first
/// 16 bytes a caller of the first minor knows.
private struct Grown: OptionsStruct {
    var struct_size: UInt32 = 0
    var flags: UInt32 = 0
    var first: Double = 0
    var appended: Double = 0
    static let firstSize = 16
}

final class OptionsTests: XCTestCase {
    private let defaults = Grown(struct_size: 24, flags: 0, first: 1, appended: 2)

    /// Reads `bytes` (which hold a Grown's first 16 bytes and then 8 more)
    /// as a caller's struct.
    private func read(structSize: UInt32, first: Double, after: Double) throws(Failure) -> Grown {
        let memory = UnsafeMutableRawPointer.allocate(byteCount: 32, alignment: 8)
        defer { memory.deallocate() }
        memory.storeBytes(of: structSize, as: UInt32.self)
        memory.storeBytes(of: 7, toByteOffset: 4, as: UInt32.self)
        memory.storeBytes(of: first, toByteOffset: 8, as: Double.self)
        memory.storeBytes(of: after, toByteOffset: 16, as: Double.self)
        return try options(memory.assumingMemoryBound(to: Grown.self), defaults: defaults, named: "grown")
    }

    func testTheLayoutTheseTestsAssume() {
        XCTAssertEqual(MemoryLayout<Grown>.offset(of: \.first), 8)
        XCTAssertEqual(MemoryLayout<Grown>.offset(of: \.appended), 16)
        XCTAssertEqual(MemoryLayout<Grown>.size, 24)
    }

    func testACallerOfTheFirstMinorGetsTheDefaultsOfTheFieldsItDoesNotKnow() throws {
        // The 8 bytes after the caller's struct hold 99: not the caller's, never read.
        let read = try read(structSize: 16, first: 5, after: 99)
        XCTAssertEqual(read.flags, 7)
        XCTAssertEqual(read.first, 5)
        XCTAssertEqual(read.appended, 2)
    }

    func testACallerOfThisMinorIsReadWhole() throws {
        let read = try read(structSize: 24, first: 5, after: 3)
        XCTAssertEqual(read.first, 5)
        XCTAssertEqual(read.appended, 3)
    }

    func testACallerOfALaterMinorIsReadToThisLibrarysEnd() throws {
        let read = try read(structSize: 32, first: 5, after: 3)
        XCTAssertEqual(read.first, 5)
        XCTAssertEqual(read.appended, 3)
    }

    func testAStructSmallerThanItsFirstSizeIsRefused() {
        XCTAssertThrowsError(try read(structSize: 12, first: 5, after: 3)) { error in
            let failure = error as? Failure
            XCTAssertEqual(failure?.status, EFFECT_ERR_STRUCT_SIZE)
            XCTAssertEqual(failure?.message, "grown.struct_size is 12, less than its size of 16 bytes")
        }
    }

    func testNoOptionsAreTheDefaults() throws {
        let read = try options(UnsafePointer<Grown>?.none, defaults: defaults, named: "grown")
        XCTAssertEqual(read.first, 1)
        XCTAssertEqual(read.appended, 2)
    }

    func testEveryStructsFirstSizeFitsInItsSizeNow() {
        let sizes = [
            (effect_host_catalog_options.firstSize, MemoryLayout<effect_host_catalog_options>.size),
            (effect_host_look.firstSize, MemoryLayout<effect_host_look>.size),
            (effect_host_placement.firstSize, MemoryLayout<effect_host_placement>.size),
            (effect_host_render_options.firstSize, MemoryLayout<effect_host_render_options>.size),
            (effect_host_export_options.firstSize, MemoryLayout<effect_host_export_options>.size),
            (effect_host_validate_options.firstSize, MemoryLayout<effect_host_validate_options>.size),
            (effect_host_play_options.firstSize, MemoryLayout<effect_host_play_options>.size),
        ]
        // API 1.3 has appended no field yet: every first size is the size.
        XCTAssertEqual(sizes.map(\.0), sizes.map(\.1))
    }
}
