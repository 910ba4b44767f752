/// The few Unicode properties the kit and the bundled plugins read, from
/// the kit's own compact tables (`ScalarTables.swift`, generated from the
/// Swift toolchain's data) instead of the standard library's full ones:
/// they answer exactly what `Unicode.Scalar.Properties` and `Character`
/// answer (ScalarPropertiesTests checks every scalar), and a plugin built
/// for WebAssembly need not carry the standard library's 100 kB of tables.
public enum ScalarProperties {
    /// General_Category Mn or Me.
    public static func isMark(_ scalar: Unicode.Scalar) -> Bool { contains(marks, scalar.value) }
    /// General_Category Cf.
    public static func isFormat(_ scalar: Unicode.Scalar) -> Bool { contains(formats, scalar.value) }
    /// `properties.isAlphabetic`.
    public static func isAlphabetic(_ scalar: Unicode.Scalar) -> Bool { contains(alphabetic, scalar.value) }
    /// `properties.numericType != nil`.
    public static func hasNumericType(_ scalar: Unicode.Scalar) -> Bool { contains(numeric, scalar.value) }

    /// `properties.isWhitespace`: White_Space, which Unicode keeps to these 25 scalars.
    public static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: true
        default: false
        }
    }

    /// `Character.isWhitespace`: its first scalar is White_Space.
    public static func isWhitespace(_ character: Character) -> Bool {
        character.unicodeScalars.first.map(isWhitespace) ?? false
    }

    /// `Character.isNewline`, which the standard library decides from these scalars alone.
    public static func isNewline(_ character: Character) -> Bool {
        switch character.unicodeScalars.first?.value ?? 0 {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }

    /// `Character.isLetter`: its first scalar is Alphabetic.
    public static func isLetter(_ character: Character) -> Bool {
        character.unicodeScalars.first.map(isAlphabetic) ?? false
    }

    /// `Character.isNumber`: its first scalar has a Numeric_Type.
    public static func isNumber(_ character: Character) -> Bool {
        character.unicodeScalars.first.map(hasNumericType) ?? false
    }

    /// `String.lowercased()`: each scalar's full lowercase mapping, with SpecialCasing's
    /// unconditional ones (İ becomes i and U+0307) and none of its conditional ones: like the
    /// standard library, a capital sigma becomes σ at the end of a word too. Allocates.
    public static func lowercased<S: StringProtocol>(_ text: S) -> String {
        mapped(text, runs: lowerRuns, deltas: lowerDeltas, special: lowerSpecial)
    }

    /// `String.uppercased()`: each scalar's full uppercase mapping (ß becomes SS, ﬁ FI). Allocates.
    public static func uppercased<S: StringProtocol>(_ text: S) -> String {
        mapped(text, runs: upperRuns, deltas: upperDeltas, special: upperSpecial)
    }

    private static func mapped<S: StringProtocol>(_ text: S, runs: [UInt32], deltas: [Int32], special: [UInt32]) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if let index = specialIndex(special, value) {
                for mapped in special[(index + 1)...(index + 3)] where mapped != 0 {
                    result.append(Unicode.Scalar(mapped).unsafelyUnwrapped)
                }
            } else if let run = entry(runs, value), deltas[run] & 1 == 0 || (value - runs[run] >> 11) & 1 == 0 {
                result.append(Unicode.Scalar(UInt32(bitPattern: Int32(bitPattern: value) &+ deltas[run] >> 1)).unsafelyUnwrapped)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// The index of `value` in a table of four-entry groups led by a scalar, in order.
    private static func specialIndex(_ table: [UInt32], _ value: UInt32) -> Int? {
        var (low, high) = (0, table.count / 4)
        while low < high {
            let middle = (low + high) / 2
            if table[middle * 4] < value { low = middle + 1 } else { high = middle }
        }
        return low < table.count / 4 && table[low * 4] == value ? low * 4 : nil
    }

    private static func contains(_ table: [UInt32], _ value: UInt32) -> Bool {
        entry(table, value) != nil
    }

    /// The index of the range entry (first << 11 | length - 1) that holds `value`.
    private static func entry(_ table: [UInt32], _ value: UInt32) -> Int? {
        var (low, high) = (0, table.count)
        while low < high {
            let middle = (low + high) / 2
            if table[middle] >> 11 <= value { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return nil }
        let entry = table[low - 1]
        return value - entry >> 11 <= entry & 0x7FF ? low - 1 : nil
    }
}
