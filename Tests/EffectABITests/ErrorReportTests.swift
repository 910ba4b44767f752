import CEffect
@testable import EffectABI
import XCTest

final class ErrorReportTests: XCTestCase {
    private func report(_ failure: EffectFailure) -> (status: Int32, message: String) {
        var error = effect_error()
        error.struct_size = UInt32(MemoryLayout<effect_error>.size)
        let status = ErrorReport.fail(failure, &error)
        let message = withUnsafeBytes(of: &error.message) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
        XCTAssertEqual(error.status, status)
        return (status, message)
    }

    func testAnErrorCodePassesThrough() {
        let (status, message) = report(EffectFailure(status: -7, "speed must be within 0...10"))
        XCTAssertEqual(status, -7)
        XCTAssertEqual(message, "speed must be within 0...10")
    }

    /// A status of 0 would make create answer OK with no instance.
    func testSuccessOrAPositiveStatusBecomesInternal() {
        for thrown: Int32 in [0, 3] {
            let (status, message) = report(EffectFailure(status: thrown, "no"))
            XCTAssertEqual(status, -14)
            XCTAssertEqual(
                message,
                "the effect threw EffectFailure with status \(thrown), which is not an error code "
                    + "(use a negative Status such as Status.range): no")
        }
    }
}
