/// What the dynamic section of a 64-bit little-endian ELF shared library
/// says about how it is linked: the libraries it needs and its RUNPATH
/// (or old-style RPATH), and where that RUNPATH's text lies in the file so
/// it can be rewritten in place, as scripts/set-runpath does, without
/// patchelf: a new RUNPATH fits in the room the old one's text takes.
public struct ELFDynamic: Sendable, Equatable {
    /// DT_NEEDED: the libraries the file names, in order.
    public let needed: [String]
    /// DT_RUNPATH (or DT_RPATH), as written; nil when it has none.
    public let runpath: String?
    /// Where the RUNPATH's text starts in the file, and how many bytes it
    /// has before its NUL: the room a new one has.
    let runpathOffset: Int
    public let runpathRoom: Int

    /// Reads `bytes`, a whole file; nil when it is not an ELF shared
    /// library of this layout with a readable dynamic section.
    public init?(bytes: [UInt8]) {
        guard bytes.count >= 64, bytes[0] == 0x7F, bytes[1] == 0x45, bytes[2] == 0x4C, bytes[3] == 0x46,
            bytes[4] == 2, bytes[5] == 1
        else { return nil }
        func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        func u64(_ at: Int) -> Int? {
            guard at >= 0, at + 8 <= bytes.count else { return nil }
            let value = (0..<8).reduce(UInt64(0)) { $0 | UInt64(bytes[at + $1]) << (8 * UInt64($1)) }
            return value <= UInt64(Int.max) ? Int(value) : nil
        }
        func u32(_ at: Int) -> Int { (0..<4).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * $1) } }
        guard let tableOffset = u64(32) else { return nil }
        let entrySize = u16(54)
        let count = u16(56)
        guard entrySize >= 56, tableOffset <= bytes.count, count * entrySize <= bytes.count - tableOffset else { return nil }
        var loads: [(offset: Int, address: Int, size: Int)] = []
        var dynamic: (offset: Int, size: Int)?
        for index in 0..<count {
            let base = tableOffset + index * entrySize
            guard let offset = u64(base + 8), let address = u64(base + 16), let size = u64(base + 32) else { return nil }
            switch u32(base) {
            case 1: loads.append((offset, address, size))
            case 2: dynamic = (offset, size)
            default: break
            }
        }
        guard let dynamic, dynamic.offset <= bytes.count, dynamic.size <= bytes.count - dynamic.offset else { return nil }
        var strings: [(tag: Int, value: Int)] = []
        var tableAddress: Int?
        var tableSize: Int?
        var at = dynamic.offset
        while at + 16 <= dynamic.offset + dynamic.size, let tag = u64(at), tag != 0, let value = u64(at + 8) {
            switch tag {
            case 5: tableAddress = value
            case 10: tableSize = value
            // DT_NEEDED, DT_SONAME, DT_RPATH, DT_RUNPATH: offsets into the string table.
            case 1, 14, 15, 29: strings.append((tag, value))
            default: break
            }
            at += 16
        }
        guard let tableAddress, let tableSize,
            let load = loads.first(where: { $0.address <= tableAddress && tableAddress - $0.address < $0.size })
        else { return nil }
        let table = load.offset + (tableAddress - load.address)
        guard table <= bytes.count, tableSize <= bytes.count - table else { return nil }
        func text(_ offset: Int) -> (String, Int)? {
            guard offset < tableSize else { return nil }
            let start = table + offset
            guard let end = bytes[start..<(table + tableSize)].firstIndex(of: 0) else { return nil }
            return (String(decoding: bytes[start..<end], as: UTF8.self), end - start)
        }
        var needed: [String] = []
        var runpath: (String, Int, Int)?
        for entry in strings {
            guard let (value, length) = text(entry.value) else { return nil }
            if entry.tag == 1 { needed.append(value) }
            // DT_RUNPATH wins over DT_RPATH, as it does for the dynamic loader.
            if entry.tag == 29 || (entry.tag == 15 && runpath == nil) { runpath = (value, table + entry.value, length) }
        }
        self.needed = needed
        self.runpath = runpath?.0
        runpathOffset = runpath?.1 ?? 0
        // Another dynamic string that is a tail of the RUNPATH's (the linker
        // may share them) would change with it: then there is no room.
        let shared =
            runpath.map { path in
                strings.contains { $0.value + table > path.1 && $0.value + table <= path.1 + path.2 }
            } ?? true
        runpathRoom = shared ? 0 : runpath?.2 ?? 0
    }

    /// `bytes` (the file this was read from) with its RUNPATH set to
    /// `runpath`, NUL-padded into the old one's room; nil when it does not
    /// fit (see runpathRoom) or has a NUL in it.
    public func settingRunpath(_ runpath: String, in bytes: [UInt8]) -> [UInt8]? {
        let new = Array(runpath.utf8)
        guard self.runpath != nil, !new.contains(0), new.count <= runpathRoom, runpathOffset + runpathRoom < bytes.count else {
            return nil
        }
        var result = bytes
        result.replaceSubrange(runpathOffset..<(runpathOffset + runpathRoom), with: new + [UInt8](repeating: 0, count: runpathRoom - new.count))
        return result
    }
}
