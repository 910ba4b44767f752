import Glibc

/// A struct handed to plugin code with sentinel bytes before and after it,
/// so a write outside the bytes the caller said it has is seen.
final class Fenced<Value> {
    static var fence: Int { 64 }
    private static var pattern: UInt8 { 0xA5 }

    private let storage: UnsafeMutableRawPointer
    /// The bytes the caller says the struct has (its struct_size).
    let given: Int

    /// A zeroed struct of `given` bytes (its full size by default) whose
    /// first field, struct_size, says so.
    init(given: Int = MemoryLayout<Value>.size) {
        self.given = given
        let total = Self.fence + max(given, MemoryLayout<Value>.size) + Self.fence
        storage = UnsafeMutableRawPointer.allocate(byteCount: total, alignment: 16)
        storage.initializeMemory(as: UInt8.self, repeating: Self.pattern, count: total)
        (storage + Self.fence).initializeMemory(as: UInt8.self, repeating: 0, count: given)
        (storage + Self.fence).storeBytes(of: UInt32(given), as: UInt32.self)
    }

    deinit { storage.deallocate() }

    var pointer: UnsafeMutablePointer<Value> { (storage + Self.fence).assumingMemoryBound(to: Value.self) }
    var raw: UnsafeMutableRawPointer { storage + Self.fence }

    /// The struct_size field as the callee left it.
    var structSize: Int { Int(raw.load(as: UInt32.self)) }

    /// Bytes changed outside the struct's `given` bytes: before it, and after.
    var trespass: (before: Int, after: Int) {
        let before = (0..<Self.fence).filter { storage.load(fromByteOffset: $0, as: UInt8.self) != Self.pattern }.count
        let end = Self.fence + given
        let afterCount = max(given, MemoryLayout<Value>.size) - given + Self.fence
        let after = (end..<(end + afterCount)).filter { storage.load(fromByteOffset: $0, as: UInt8.self) != Self.pattern }.count
        return (before, after)
    }
}
