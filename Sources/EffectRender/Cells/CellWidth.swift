import EffectHost
import Glibc

/// How many terminal cells a character takes, as the terminal's C library
/// says (wcwidth, in a UTF-8 locale): 2 for wide and full-width characters
/// and most emoji, 0 for combining marks, 1 for the rest; a character shown
/// as an emoji (U+FE0F) takes 2. Characters wcwidth does not know take 1.
public enum CellWidth {
    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if scalars.contains(where: { $0.value == 0xFE0F }) { return 2 }
        guard let wcwidth = Self.wcwidth else { return 1 }
        let width = wcwidth(Int32(bitPattern: first.value))
        return width < 0 ? 1 : Int(width)
    }

    /// Glibc's module map leaves wcwidth out (it is an X/Open function), so
    /// it is looked up in the C library itself.
    private static let wcwidth: (@convention(c) (Int32) -> Int32)? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "wcwidth") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int32) -> Int32).self)
    }()

    /// wcwidth answers for the C locale's ASCII until a UTF-8 locale is set.
    public static func useUTF8Locale() {
        if setlocale(LC_CTYPE, "C.UTF-8") == nil { _ = setlocale(LC_CTYPE, "") }
    }
}
