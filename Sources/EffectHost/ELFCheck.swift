import Glibc

/// Looks at a file before dlopen does. The dynamic loader trusts the ELF
/// headers it maps: a truncated library makes it touch pages past the end
/// of the file and the whole process dies of SIGBUS. Checking that the file
/// is a complete shared object for this machine turns that into a reported
/// reason instead.
enum ELFCheck {
    /// Why the file cannot be a plugin for this process, or nil if it looks
    /// like a complete shared library for this machine.
    static func problem(with path: String) -> String? {
        // Opening a FIFO or a device could block or have side effects:
        // only regular files are opened, and without blocking.
        var entry = stat()
        guard stat(path, &entry) == 0 else { return SystemError.reason(errno) }
        guard entry.st_mode & S_IFMT == S_IFREG else { return "not a regular file" }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard descriptor >= 0 else { return SystemError.reason(errno) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return SystemError.reason(errno) }
        guard status.st_mode & S_IFMT == S_IFREG else { return "not a regular file" }
        let size = UInt64(status.st_size)
        guard size > 0 else { return "an empty file, not a shared library" }
        guard let header = read(descriptor, at: 0, count: 64), header.count == 64,
            header[0] == 0x7F, header[1] == 0x45, header[2] == 0x4C, header[3] == 0x46
        else { return "not an ELF shared library" }
        guard header[4] == 2, header[5] == 1 else {
            return "an ELF file for another kind of machine (\(header[4] == 1 ? "32-bit" : "unknown class"), "
                + "\(header[5] == 2 ? "big-endian" : "little-endian"))"
        }
        let type = field16(header, 16)
        let machine = field16(header, 18)
        if let own = ownMachine, machine != own {
            return "a library for another architecture (\(machineName(machine)); this host is \(machineName(own)))"
        }
        guard type == 3 else { return "an ELF file but not a shared library (type \(type))" }
        let programOffset = field64(header, 32)
        let sectionOffset = field64(header, 40)
        let programEntrySize = UInt64(field16(header, 54))
        let programCount = UInt64(field16(header, 56))
        let sectionEntrySize = UInt64(field16(header, 58))
        let sectionCount = UInt64(field16(header, 60))
        guard programEntrySize >= 56, programCount > 0,
            programOffset <= size, programCount * programEntrySize <= size - programOffset
        else { return "truncated or corrupt: its program headers lie outside the file" }
        if sectionCount > 0, sectionOffset > size || sectionCount * sectionEntrySize > size - sectionOffset {
            return "truncated or corrupt: the file is \(size) bytes but its section headers lie beyond that"
        }
        guard let table = read(descriptor, at: programOffset, count: Int(programCount * programEntrySize)) else {
            return "truncated or corrupt: its program headers cannot be read"
        }
        var hasDynamic = false
        for index in 0..<Int(programCount) {
            let base = index * Int(programEntrySize)
            let kind = field32(table, base)
            let offset = field64(table, base + 8)
            let fileSize = field64(table, base + 32)
            if kind == 2 { hasDynamic = true }
            if kind == 1 && (offset > size || fileSize > size - offset) {
                return "truncated or corrupt: the file is \(size) bytes but a segment lies beyond that"
            }
        }
        return hasDynamic ? nil : "an ELF file without dynamic linking information"
    }

    private static let ownMachine: UInt16? = {
        let descriptor = open("/proc/self/exe", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        guard let header = read(descriptor, at: 0, count: 20), header.count == 20 else { return nil }
        return field16(header, 18)
    }()

    private static func machineName(_ machine: UInt16) -> String {
        switch machine {
        case 3: "x86"
        case 40: "ARM"
        case 62: "x86-64"
        case 183: "AArch64"
        case 243: "RISC-V"
        default: "ELF machine \(machine)"
        }
    }

    private static func read(_ descriptor: Int32, at offset: UInt64, count: Int) -> [UInt8]? {
        guard count >= 0, count <= 1 << 24 else { return nil }
        var bytes = [UInt8](repeating: 0, count: count)
        let got = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, off_t(offset)) }
        return got == count ? bytes : nil
    }

    private static func field16(_ bytes: [UInt8], _ at: Int) -> UInt16 {
        UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8
    }

    private static func field32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        (0..<4).reduce(0) { $0 | UInt32(bytes[at + $1]) << (8 * $1) }
    }

    private static func field64(_ bytes: [UInt8], _ at: Int) -> UInt64 {
        (0..<8).reduce(0) { $0 | UInt64(bytes[at + $1]) << (8 * $1) }
    }
}
