import Glibc

/// What tells one version of a file from another without reading it: the
/// device and inode it lives at, its size, and when its contents and its
/// inode last changed, to the nanosecond. Replacing, truncating, touching
/// or rewriting a plugin changes at least one of them.
struct FileIdentity: Equatable {
    let device: UInt64
    let inode: UInt64
    let size: Int64
    let modified: Int64
    let changed: Int64

    /// The identity of the file at `path`, symlinks followed; nil when it
    /// cannot be read.
    init?(path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
        size = Int64(status.st_size)
        modified = Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec)
        changed = Int64(status.st_ctim.tv_sec) * 1_000_000_000 + Int64(status.st_ctim.tv_nsec)
    }

    init?(fields: ArraySlice<String>) {
        let numbers = fields.compactMap { Int64($0) }
        guard fields.count == 5, numbers.count == 5 else { return nil }
        let start = numbers.startIndex
        device = UInt64(bitPattern: numbers[start])
        inode = UInt64(bitPattern: numbers[start + 1])
        size = numbers[start + 2]
        modified = numbers[start + 3]
        changed = numbers[start + 4]
    }

    var fields: [String] {
        ["\(Int64(bitPattern: device))", "\(Int64(bitPattern: inode))", "\(size)", "\(modified)", "\(changed)"]
    }
}
