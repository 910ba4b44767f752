import Glibc

/// Reading directories through readdir without reading past its records.
public enum Directory {
    /// What a directory holds (without "." and ".."): the names that are
    /// UTF-8, and the bytes of those that are not, which a String cannot
    /// hold without turning them into other names.
    public struct Listing: Sendable {
        public var names: [String] = []
        public var undecodable: [[UInt8]] = []
    }

    /// The entries of `path`, or nil if it cannot be read (errno says why).
    public static func listing(in path: String) -> Listing? {
        guard let stream = opendir(path) else { return nil }
        defer { closedir(stream) }
        var listing = Listing()
        let offset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
        while let entry = readdir(stream) {
            // d_name is declared 256 bytes, but a record is only as long as
            // its name: copying the field would read past the last record.
            let name = (UnsafeRawPointer(entry) + offset).assumingMemoryBound(to: UInt8.self)
            let bytes = Array(UnsafeBufferPointer(start: name, count: strlen(UnsafeRawPointer(name).assumingMemoryBound(to: CChar.self))))
            guard let text = String(validating: bytes, as: UTF8.self) else {
                listing.undecodable.append(bytes)
                continue
            }
            if text != ".", text != ".." { listing.names.append(text) }
        }
        return listing
    }

    /// The UTF-8 names in `path` (without "." and ".."), or nil if it
    /// cannot be read.
    public static func names(in path: String) -> [String]? {
        listing(in: path)?.names
    }
}
