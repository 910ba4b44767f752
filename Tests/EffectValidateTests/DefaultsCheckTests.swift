import EffectValidate
import XCTest

/// The defaults check: an instance made with no params reports each
/// param's declared default.
final class DefaultsCheckTests: XCTestCase {
    func testTheGoodPluginPasses() throws {
        assertVerdict(try CheckTesting.run(.defaults), .pass, "2 params report their declared defaults")
    }

    func testAnInstanceMadeWithADifferentDefaultFails() throws {
        assertVerdict(
            try CheckTesting.run(.defaults, "BROKEN_WRONG_DEFAULT"), .fail,
            "test-ramp: param 'length' reports 2 with no params given; its declared default is 1")
    }
}
