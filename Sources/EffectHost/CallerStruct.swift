/// A struct a C caller filled, that grows by minors: it begins with its
/// `struct_size`, the size the caller's header gave it.
public enum CallerStruct {
    /// A struct_size below the struct's first size.
    public struct TooSmall: Error, Sendable {
        public let given: Int
        public let firstSize: Int
    }

    /// The caller's struct at `pointer` read up to its struct_size and no
    /// further, over `defaults`: the fields past the caller's struct (a
    /// later minor's) keep the defaults, and a larger struct (a later
    /// minor's caller) is read to this struct's end. `defaults` for NULL.
    public static func read<T>(_ pointer: UnsafePointer<T>?, defaults: T, firstSize: Int) throws(TooSmall) -> T {
        guard let pointer else { return defaults }
        let given = Int(UnsafeRawPointer(pointer).load(as: UInt32.self))
        guard given >= firstSize else { throw TooSmall(given: given, firstSize: firstSize) }
        var result = defaults
        withUnsafeMutableBytes(of: &result) { bytes in
            bytes.copyMemory(from: UnsafeRawBufferPointer(start: pointer, count: min(given, MemoryLayout<T>.size)))
        }
        return result
    }
}
