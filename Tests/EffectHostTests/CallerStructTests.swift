import EffectHost
import XCTest

/// A struct of a later minor: `appended` came after the first 16 bytes a
/// caller of the first minor knows.
private struct Grown {
    var struct_size: UInt32 = 0
    var flags: UInt32 = 0
    var first: Double = 0
    var appended: Double = 0
}

/// How the C API reads a caller's options struct (effect_host_core.h's
/// Options): EffectHostAPI's options() is CallerStruct.read with each
/// struct's first size.
final class CallerStructTests: XCTestCase {
    private let defaults = Grown(struct_size: 24, flags: 0, first: 1, appended: 2)

    /// Reads `bytes` (which hold a Grown's first 16 bytes and then 8 more)
    /// as a caller's struct.
    private func read(structSize: UInt32, first: Double, after: Double) throws(CallerStruct.TooSmall) -> Grown {
        let memory = UnsafeMutableRawPointer.allocate(byteCount: 32, alignment: 8)
        defer { memory.deallocate() }
        memory.storeBytes(of: structSize, as: UInt32.self)
        memory.storeBytes(of: 7, toByteOffset: 4, as: UInt32.self)
        memory.storeBytes(of: first, toByteOffset: 8, as: Double.self)
        memory.storeBytes(of: after, toByteOffset: 16, as: Double.self)
        return try CallerStruct.read(memory.assumingMemoryBound(to: Grown.self), defaults: defaults, firstSize: 16)
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
            let refused = error as? CallerStruct.TooSmall
            XCTAssertEqual(refused?.given, 12)
            XCTAssertEqual(refused?.firstSize, 16)
        }
    }

    func testNoOptionsAreTheDefaults() throws {
        let read = try CallerStruct.read(UnsafePointer<Grown>?.none, defaults: defaults, firstSize: 16)
        XCTAssertEqual(read.first, 1)
        XCTAssertEqual(read.appended, 2)
    }
}
