import Glibc

/// Whole files written for the user. A regular file (or a new one) is
/// written under a fresh temporary name beside it and renamed into place,
/// so a failed or interrupted write never leaves half a picture under the
/// name asked for. Anything else that already exists there, such as
/// /dev/null, /dev/stdout or a FIFO, is written in place: renaming over it
/// would replace a device with a file.
public enum Files {
    public static func write(_ text: String, to path: String) throws(FileError) {
        try write(Array(text.utf8), to: path)
    }

    public static func write(_ bytes: [UInt8], to path: String) throws(FileError) {
        try write(bytes[...], to: path)
    }

    /// The same for part of an array (a buffer kept from one file to the next).
    public static func write(_ bytes: ArraySlice<UInt8>, to path: String) throws(FileError) {
        var status = stat()
        if stat(path, &status) == 0 {
            switch status.st_mode & S_IFMT {
            case S_IFREG: break
            case S_IFDIR: throw FileError("\(path) is a directory")
            default:
                try writeInPlace(bytes, to: path)
                return
            }
        }
        let (descriptor, temporary) = try createBeside(path)
        if let code = writeAll(bytes, to: descriptor) {
            close(descriptor)
            unlink(temporary)
            throw failure("cannot write \(path)", code)
        }
        guard close(descriptor) == 0 else {
            let code = errno
            unlink(temporary)
            throw failure("cannot write \(path)", code)
        }
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw failure("cannot write \(path)", code)
        }
    }

    /// A whole regular file's bytes. Opened without blocking, so a FIFO
    /// under the name is refused instead of waiting for a writer.
    public static func read(_ path: String) throws(FileError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure("cannot read \(path)", errno) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            throw FileError("\(path) is not a regular file")
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw failure("cannot read \(path)", errno) }
            if count == 0 { return bytes }
            bytes += chunk[0..<count]
        }
    }

    /// Files that belong together, written all or none: each under a
    /// temporary name beside it, then, when every one is whole, each
    /// renamed into place.
    public static func writeTogether(_ files: [(path: String, bytes: [UInt8])]) throws(FileError) {
        for file in files where isDirectory(file.path) || isSpecial(file.path) {
            throw FileError("\(file.path) \(isDirectory(file.path) ? "is a directory" : "is not a regular file")")
        }
        var temporaries: [String] = []
        do {
            for file in files {
                temporaries.append(try reserve(beside: file.path))
                try writeInPlace(file.bytes[...], to: temporaries[temporaries.count - 1], shownAs: file.path)
            }
        } catch {
            for temporary in temporaries { unlink(temporary) }
            throw error
        }
        for (temporary, file) in zip(temporaries, files) { try moveIntoPlace(temporary, file.path) }
    }

    /// Files named within `directory` (made if missing), written all or
    /// none: a failed write leaves neither a file nor a directory it made
    /// behind.
    public static func writeDirectory(_ directory: String, _ files: [(name: String, bytes: [UInt8])]) throws(FileError) {
        let created = !isDirectory(directory)
        try makeDirectory(directory)
        let base = directory.hasSuffix("/") ? directory : directory + "/"
        do {
            try writeTogether(files.map { (base + $0.name, $0.bytes) })
        } catch {
            if created { rmdir(directory) }
            throw error
        }
    }

    /// `shownAs`: the name errors give (the file a temporary one stands for).
    private static func writeInPlace(_ bytes: ArraySlice<UInt8>, to path: String, shownAs: String? = nil) throws(FileError) {
        // Without blocking, a FIFO nobody reads is refused (ENXIO) instead
        // of waiting for a reader that may never come; one being read is
        // then written as usual, blocking.
        let descriptor = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            if errno == ENXIO { throw FileError("cannot write \(shownAs ?? path): it is a pipe no program is reading") }
            throw failure("cannot write \(shownAs ?? path)", errno)
        }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        let code = writeAll(bytes, to: descriptor)
        let closed = close(descriptor) == 0 ? nil : errno
        if let code = code ?? closed { throw failure("cannot write \(shownAs ?? path)", code) }
    }

    /// Writes every byte; the errno of the write that failed, if one did.
    private static func writeAll(_ bytes: ArraySlice<UInt8>, to descriptor: Int32) -> Int32? {
        bytes.withUnsafeBytes { buffer -> Int32? in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return nil
        }
    }

    /// A new empty file of our own beside `path` (O_EXCL, under a name
    /// nobody could have planted), for a writer that names its output.
    public static func reserve(beside path: String) throws(FileError) -> String {
        let (descriptor, temporary) = try createBeside(path)
        close(descriptor)
        return temporary
    }

    /// Renames a finished temporary file (from `reserve`) to `path`;
    /// removes it if that fails.
    public static func moveIntoPlace(_ temporary: String, _ path: String) throws(FileError) {
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw failure("cannot write \(path)", code)
        }
    }

    /// A new file `path.partial-XXXXXXXXXXXX`, open for writing: O_EXCL, so
    /// never one somebody planted, and with the permissions a new file
    /// gets, which the kernel applies from the umask as it creates it.
    /// (Reading the umask means setting it, which is not safe while other
    /// threads create files; mkstemp's 0600 would need it.)
    private static func createBeside(_ path: String) throws(FileError) -> (Int32, String) {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<100 {
            let suffix = String(generator.next() & 0xFFFF_FFFF_FFFF, radix: 16)
            let temporary = path + ".partial-" + String(repeating: "0", count: 12 - suffix.count) + suffix
            let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            if descriptor >= 0 { return (descriptor, temporary) }
            guard errno == EEXIST else { throw failure("cannot write \(path)", errno) }
        }
        throw FileError("cannot write \(path): no free temporary name beside it")
    }

    /// A device, FIFO or socket: anything that exists and is neither a
    /// regular file nor a directory.
    public static func isSpecial(_ path: String) -> Bool {
        var status = stat()
        guard stat(path, &status) == 0 else { return false }
        let kind = status.st_mode & S_IFMT
        return kind != S_IFREG && kind != S_IFDIR
    }

    /// A device, a pipe or a socket, or anything under /dev but its shared
    /// memory: where a file written beside it and renamed cannot go.
    public static func isDeviceOrPipe(_ path: String) -> Bool {
        isSpecial(path) || (path.hasPrefix("/dev/") && !path.hasPrefix("/dev/shm/"))
    }

    public static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }

    /// Creates `path` as a directory unless it is one already.
    public static func makeDirectory(_ path: String) throws(FileError) {
        var status = stat()
        if stat(path, &status) == 0 {
            guard status.st_mode & S_IFMT == S_IFDIR else {
                throw FileError("\(path) exists and is not a directory")
            }
            return
        }
        // mkdir would say only that the name exists.
        if errno == ELOOP { throw failure("cannot create the directory \(path)", ELOOP) }
        guard mkdir(path, 0o777) == 0 else { throw failure("cannot create the directory \(path)", errno) }
    }

    /// Removes the files named prefix, digits, suffix in `directory`, so a
    /// new render never leaves frames of an older, longer one behind.
    public static func removeFiles(in directory: String, prefix: String, suffix: String) throws(FileError) {
        guard let entries = Directory.names(in: directory) else {
            throw failure("cannot read the directory \(directory)", errno)
        }
        var names: [String] = []
        for name in entries {
            guard name.hasPrefix(prefix), name.hasSuffix(suffix), name.count > prefix.count + suffix.count else { continue }
            let middle = name.dropFirst(prefix.count).dropLast(suffix.count)
            if middle.allSatisfy(\.isASCII), middle.allSatisfy(\.isNumber) { names.append(name) }
        }
        for name in names where unlink(directory + "/" + name) != 0 {
            throw failure("cannot remove \(directory)/\(name)", errno)
        }
    }

    private static func failure(_ what: String, _ code: Int32) -> FileError {
        FileError("\(what): \(SystemError.reason(code))")
    }
}

/// A file that could not be read or written, in one line naming it and why.
public struct FileError: Error, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
