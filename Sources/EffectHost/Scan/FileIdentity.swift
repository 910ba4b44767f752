import Glibc

/// What tells one version of a file from another without reading it: the
/// device and inode it lives at, its size, and when its contents and its
/// inode last changed, to the nanosecond. Replacing, truncating, touching
/// or rewriting a plugin changes at least one of them.
public struct FileIdentity: Equatable {
    public let device: UInt64
    public let inode: UInt64
    public let size: Int64
    public let modified: Int64
    public let changed: Int64
    /// Whole seconds of `modified`, to tell a file written this very moment.
    private(set) var modifiedSeconds: Int64 = 0

    /// A file changed within the last second may change again within the
    /// same clock tick and keep its identity, so it is not cached yet.
    public var isSettled: Bool { Int64(time(nil)) - modifiedSeconds > 1 }

    /// The identity of the file at `path`, symlinks followed; nil when it
    /// cannot be read.
    public init?(path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
        size = Int64(status.st_size)
        // Wrapping: only equality matters, and a time past 2262 must not trap.
        modified = Int64(status.st_mtim.tv_sec) &* 1_000_000_000 &+ Int64(status.st_mtim.tv_nsec)
        changed = Int64(status.st_ctim.tv_sec) &* 1_000_000_000 &+ Int64(status.st_ctim.tv_nsec)
        modifiedSeconds = Int64(status.st_mtim.tv_sec)
    }

    public static func == (a: FileIdentity, b: FileIdentity) -> Bool {
        a.device == b.device && a.inode == b.inode && a.size == b.size && a.modified == b.modified && a.changed == b.changed
    }

    public init?(fields: ArraySlice<String>) {
        let numbers = fields.compactMap { Int64($0) }
        guard fields.count == 5, numbers.count == 5 else { return nil }
        let start = numbers.startIndex
        device = UInt64(bitPattern: numbers[start])
        inode = UInt64(bitPattern: numbers[start + 1])
        size = numbers[start + 2]
        modified = numbers[start + 3]
        changed = numbers[start + 4]
    }

    public var fields: [String] {
        ["\(Int64(bitPattern: device))", "\(Int64(bitPattern: inode))", "\(size)", "\(modified)", "\(changed)"]
    }
}
