import Glibc

/// Whether a plugin file is safe to run: the rule ssh applies to key
/// files. Loading a plugin runs its code, so if anyone else could change
/// what the path leads to, they could run code as the user.
///
/// The path is walked one component at a time from the root, following
/// every symlink on the way. Each directory passed through, and the file
/// at the end, must belong to root or to the user running the host and
/// must not be writable by group or others. A sticky directory that others
/// may write (like /tmp) is passed only when the entry taken from it
/// belongs to root or the user, because the sticky bit keeps others from
/// replacing it. Group write is no risk when the group is the user's
/// private group (see `privateGroup`), as with umask 002 on Debian and
/// Ubuntu, where every directory a user makes is group-writable.
public enum PluginTrust {
    /// Why `path` must not be loaded, or nil when it may be.
    public static func problem(with path: String) -> String? {
        var walker = Walker()
        return walker.walk(path)
    }

    /// The path with every symlink resolved, or nil if it does not exist.
    public static func realPath(_ path: String) -> String? {
        realpath(path, nil).map { pointer in
            defer { free(pointer) }
            return String(cString: pointer)
        }
    }

    /// The user's private group, if the user has one: their primary group,
    /// named after them, with no other member. Only they can write through it.
    static let privateGroup: gid_t? = {
        let uid = geteuid()
        var user = passwd()
        var found: UnsafeMutablePointer<passwd>?
        var userBuffer = [CChar](repeating: 0, count: 16_384)
        guard getpwuid_r(uid, &user, &userBuffer, userBuffer.count, &found) == 0, found != nil, let userName = user.pw_name
        else { return nil }
        var group = group()
        var groupFound: UnsafeMutablePointer<group>?
        var groupBuffer = [CChar](repeating: 0, count: 65_536)
        guard getgrgid_r(user.pw_gid, &group, &groupBuffer, groupBuffer.count, &groupFound) == 0, groupFound != nil,
            let groupName = group.gr_name, strcmp(groupName, userName) == 0
        else { return nil }
        var member = group.gr_mem
        while let name = member?.pointee {
            if strcmp(name, userName) != 0 { return nil }
            member = member! + 1
        }
        return user.pw_gid
    }()

    private struct Walker {
        var links = 0

        /// Walks `path` (absolute, or relative to the current directory).
        mutating func walk(_ path: String) -> String? {
            let start = path.hasPrefix("/") ? "/" : (currentDirectory() ?? "/")
            var components = split(path)
            if !path.hasPrefix("/") { components = split(start) + components }
            var directory = "/"
            var index = 0
            while index < components.count {
                let name = components[index]
                index += 1
                if name == "." { continue }
                if name == ".." {
                    directory = parent(of: directory)
                    continue
                }
                let entry = directory == "/" ? "/" + name : directory + "/" + name
                var status = stat()
                // A missing file fails later, with its own reason.
                guard lstat(entry, &status) == 0 else { return nil }
                if let problem = passage(through: directory, to: entry, owner: status.st_uid) { return problem }
                if status.st_mode & S_IFMT == S_IFLNK {
                    links += 1
                    // A loop is not a matter of trust: loading it fails, saying so.
                    guard links <= 40 else { return nil }
                    guard let target = readLink(entry) else { return "\(entry) is a symlink that cannot be followed" }
                    if target.hasPrefix("/") { directory = "/" }
                    components = split(target) + components[index...]
                    index = 0
                    continue
                }
                let last = index == components.count
                if last || status.st_mode & S_IFMT != S_IFDIR {
                    return last ? verdict(on: entry, status, kind: "file") : nil
                }
                directory = entry
            }
            return nil
        }

        /// Whether taking `entry` (owned by `owner`) out of `directory` is
        /// safe: the directory's own owner and mode, with the sticky-bit
        /// exception for shared directories.
        private func passage(through directory: String, to entry: String, owner: uid_t) -> String? {
            var status = stat()
            guard stat(directory, &status) == 0 else { return nil }
            let mode = status.st_mode & 0o7777
            if mode & 0o022 != 0, mode & 0o1000 != 0, owner == 0 || owner == geteuid() {
                return verdict(on: directory, status, kind: "directory", ignoringWrite: true)
            }
            return verdict(on: directory, status, kind: "directory")
        }

        private func verdict(on path: String, _ status: stat, kind: String, ignoringWrite: Bool = false) -> String? {
            let mode = status.st_mode & 0o7777
            let groupWrites = mode & 0o020 != 0 && status.st_gid != PluginTrust.privateGroup
            if !ignoringWrite, mode & 0o002 != 0 || groupWrites {
                let who = mode & 0o002 != 0 ? "everyone" : "its group"
                return "the \(kind) \(path) can be written by \(who) (mode \(octal(mode))), so someone else could put code in it; "
                    + "fix with chmod go-w \(path)"
            }
            if status.st_uid != 0, status.st_uid != geteuid() {
                return "the \(kind) \(path) belongs to another user (uid \(status.st_uid)), who could put code in it"
            }
            return nil
        }

        private func split(_ path: String) -> [String] {
            path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        }

        private func parent(of directory: String) -> String {
            guard let slash = directory.lastIndex(of: "/"), directory != "/" else { return "/" }
            let parent = String(directory[..<slash])
            return parent.isEmpty ? "/" : parent
        }

        private func readLink(_ path: String) -> String? {
            var buffer = [CChar](repeating: 0, count: 4097)
            let length = readlink(path, &buffer, 4096)
            guard length > 0 else { return nil }
            return String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }

        private func currentDirectory() -> String? {
            guard let pointer = getcwd(nil, 0) else { return nil }
            defer { free(pointer) }
            return String(cString: pointer)
        }

        private func octal(_ mode: mode_t) -> String {
            let digits = String(mode, radix: 8)
            return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
        }
    }
}
