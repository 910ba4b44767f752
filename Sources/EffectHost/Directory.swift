import Glibc

/// Reading directories through readdir without reading past its records.
public enum Directory {
    /// The names in `path` (without "." and ".."), or nil if it cannot be
    /// read.
    public static func names(in path: String) -> [String]? {
        guard let stream = opendir(path) else { return nil }
        defer { closedir(stream) }
        var names: [String] = []
        let offset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
        while let entry = readdir(stream) {
            // d_name is declared 256 bytes, but a record is only as long as
            // its name: copying the field would read past the last record.
            let name = String(cString: (UnsafeRawPointer(entry) + offset).assumingMemoryBound(to: CChar.self))
            if name != ".", name != ".." { names.append(name) }
        }
        return names
    }
}
