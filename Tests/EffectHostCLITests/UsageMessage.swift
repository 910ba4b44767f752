@testable import effect_host

/// The message of the UsageError that parsing `arguments` throws, or nil
/// when they parse: comparing it with XCTAssertEqual fails on both a wrong
/// message and no error at all.
func usageMessage(_ arguments: [String], valued: Set<String> = [], flags: Set<String> = []) -> String? {
    do throws(UsageError) {
        _ = try Arguments(arguments, valued: valued, flags: flags)
        return nil
    } catch {
        return error.message
    }
}

/// The message of the UsageError that `single` throws, or nil when it
/// returns.
func singleMessage(_ parsed: Arguments, _ option: String) -> String? {
    do throws(UsageError) {
        _ = try parsed.single(option)
        return nil
    } catch {
        return error.message
    }
}
