/// A NUL-terminated UTF-8 string handed across the ABI. It stays valid as
/// long as the pool that made it.
public struct CString: @unchecked Sendable, Equatable {
    public let pointer: UnsafePointer<CChar>

    /// The empty string, valid forever.
    public static let empty: CString = {
        let storage = UnsafeMutablePointer<CChar>.allocate(capacity: 1)
        storage.initialize(to: 0)
        return CString(pointer: UnsafePointer(storage))
    }()
}

/// Interns strings as C strings that live until the pool is released: an
/// instance owns one, so every string it returns stays valid until destroy,
/// however often its model is rebuilt.
public final class StringPool: @unchecked Sendable {
    private var strings: [String: CString] = [:]

    public init() {}

    public func intern(_ string: String) -> CString {
        if string.isEmpty { return .empty }
        if let existing = strings[string] { return existing }
        let utf8 = Array(string.utf8)
        let storage = UnsafeMutablePointer<CChar>.allocate(capacity: utf8.count + 1)
        for (offset, byte) in utf8.enumerated() { storage[offset] = CChar(bitPattern: byte) }
        storage[utf8.count] = 0
        let interned = CString(pointer: UnsafePointer(storage))
        strings[string] = interned
        return interned
    }

    /// A string interned earlier, for read-only paths that may run on many
    /// threads at once; "" if it never was.
    public func existing(_ string: String) -> CString {
        strings[string] ?? .empty
    }

    deinit {
        for string in strings.values { UnsafeMutablePointer(mutating: string.pointer).deallocate() }
    }
}
