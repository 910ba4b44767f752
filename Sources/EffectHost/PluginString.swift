import Glibc

/// Reads strings a plugin hands over, trusting nothing: NULL, a missing
/// terminator within `limit` bytes, or invalid UTF-8 all read as nil.
public enum PluginString {
    public static let metadataLimit = 64 * 1024

    public static func read(_ pointer: UnsafePointer<CChar>?, limit: Int = metadataLimit) -> String? {
        guard let pointer else { return nil }
        let length = strnlen(pointer, limit)
        guard length < limit else { return nil }
        let bytes = UnsafeRawBufferPointer(start: pointer, count: length)
        return String(validating: bytes, as: UTF8.self)
    }
}
