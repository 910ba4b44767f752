import Glibc

/// The symbols a shared library exports: the defined, global or weak
/// entries of its dynamic symbol table.
public enum ELFSymbols {
    public static func exported(by path: String) -> [String]? {
        guard ELFCheck.problem(with: path) == nil, let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        func read(_ offset: UInt64, _ count: Int) -> [UInt8]? {
            guard count >= 0, count <= 1 << 28, fseeko(file, off_t(offset), SEEK_SET) == 0 else { return nil }
            var bytes = [UInt8](repeating: 0, count: count)
            return bytes.withUnsafeMutableBytes { fread($0.baseAddress, 1, count, file) } == count ? bytes : nil
        }
        func u16(_ b: [UInt8], _ at: Int) -> Int { Int(b[at]) | Int(b[at + 1]) << 8 }
        func u32(_ b: [UInt8], _ at: Int) -> UInt64 { (0..<4).reduce(0) { $0 | UInt64(b[at + $1]) << (8 * $1) } }
        func u64(_ b: [UInt8], _ at: Int) -> UInt64 { (0..<8).reduce(0) { $0 | UInt64(b[at + $1]) << (8 * $1) } }
        guard let header = read(0, 64) else { return nil }
        let sectionOffset = u64(header, 40)
        let entrySize = u16(header, 58)
        let count = u16(header, 60)
        guard entrySize >= 64, let sections = read(sectionOffset, entrySize * count) else { return nil }
        for index in 0..<count where u32(sections, index * entrySize + 4) == 11 {
            let base = index * entrySize
            let (offset, size, link, symbolSize) = (
                u64(sections, base + 24), u64(sections, base + 32), Int(u32(sections, base + 40)), u64(sections, base + 56)
            )
            guard link < count, symbolSize >= 24, size / symbolSize < 1 << 20,
                let table = read(offset, Int(size)),
                let names = read(u64(sections, link * entrySize + 24), Int(u64(sections, link * entrySize + 32)))
            else { return nil }
            var exported: [String] = []
            for symbol in 0..<Int(size / symbolSize) {
                let at = symbol * Int(symbolSize)
                let binding = table[at + 4] >> 4
                let sectionIndex = u16(table, at + 6)
                guard binding == 1 || binding == 2, sectionIndex != 0 else { continue }
                let nameOffset = Int(u32(table, at))
                guard nameOffset < names.count else { continue }
                exported.append(String(decoding: names[nameOffset...].prefix { $0 != 0 }, as: UTF8.self))
            }
            return exported
        }
        return []
    }
}
