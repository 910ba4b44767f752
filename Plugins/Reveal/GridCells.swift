/// How many cells ABI 1.1's terminal-grid layout (`layout` with no sizes,
/// superseded since 1.2 by `draw` and a host's measurer) gives text: 2 for
/// East Asian wide and full-width characters and emoji, 1 for the rest,
/// judged by a character's first scalar. Only that call uses it.
enum GridCells {
    static func width(of character: Character) -> Int {
        guard let scalar = character.unicodeScalars.first else { return 0 }
        if character.unicodeScalars.contains(where: { $0.value == 0xFE0F }) { return 2 }
        return isWide(scalar.value) ? 2 : 1
    }

    static func width(of text: String) -> Int {
        text.reduce(0) { $0 + width(of: $1) }
    }

    private static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F,
            0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}
