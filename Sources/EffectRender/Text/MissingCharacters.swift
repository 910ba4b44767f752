/// The line that says which characters no installed font has, and which
/// Debian package has fonts that do: never a silent box.
enum MissingCharacters {
    /// Characters named at most; the rest are counted.
    static let named = 8

    static func note(_ scalars: [Unicode.Scalar]) -> String? {
        guard !scalars.isEmpty else { return nil }
        let names = scalars.prefix(named).map { scalar in
            let hex = String(scalar.value, radix: 16, uppercase: true)
            let code = "U+\(String(repeating: "0", count: max(0, 4 - hex.count)))\(hex)"
            // An unassigned or private-use code point has no picture anywhere: printed, it is noise.
            return package(for: scalar) == nil ? code : "\(code) \(scalar)"
        }
        var list = names.joined(separator: ", ")
        if scalars.count > named { list += " and \(scalars.count - named) more" }
        var packages: [String] = []
        for scalar in scalars {
            if let package = self.package(for: scalar), !packages.contains(package) { packages.append(package) }
        }
        let pronoun = scalars.count == 1 ? "it" : "them"
        let hint =
            switch packages.count {
            case 0: ""
            case 1: " (the Debian package \(packages[0]) has \(pronoun))"
            default: " (the Debian packages \(packages.dropLast().joined(separator: ", ")) and \(packages.last!) have \(pronoun))"
            }
        return scalars.count == 1
            ? "no installed font has \(list); it is drawn as a box\(hint)"
            : "no installed font has these \(scalars.count) characters: \(list); they are drawn as boxes\(hint)"
    }

    /// The Debian package whose fonts cover `scalar`'s script; nil for a
    /// code point no font is made for (unassigned, private use).
    static func package(for scalar: Unicode.Scalar) -> String? {
        switch scalar.properties.generalCategory {
        case .unassigned, .privateUse, .surrogate: return nil
        default: break
        }
        if scalar.properties.isEmojiPresentation || (0x1F000...0x1FAFF).contains(scalar.value) { return "fonts-noto-color-emoji" }
        switch scalar.value {
        case 0x1100...0x11FF, 0x2E80...0x2FDF, 0x3000...0x303F, 0x3040...0x30FF, 0x3100...0x31FF, 0x3200...0x9FFF, 0xA960...0xA97F,
            0xAC00...0xD7FF, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFFEF, 0x20000...0x3FFFF:
            return "fonts-noto-cjk"
        default:
            return "fonts-noto-core"
        }
    }
}
