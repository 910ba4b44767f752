import Glibc

/// The line that says which characters no installed font has, and which
/// Debian package has fonts that do: never a silent box.
enum MissingCharacters {
    /// Characters named at most; the rest are counted.
    static let named = 8

    /// `installed` says whether a Debian package is installed: one that is
    /// and still lacks a character (an emoji newer than its release) is
    /// named as such, not offered again.
    static func note(_ scalars: [Unicode.Scalar], installed: (String) -> Bool = isInstalled) -> String? {
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
        let present = packages.filter(installed)
        let absent = packages.filter { !present.contains($0) }
        /// "it" or "them": the characters the packages are named for.
        func pronoun(_ named: [String]) -> String {
            scalars.filter { package(for: $0).map(named.contains) ?? false }.count == 1 ? "it" : "them"
        }
        var hints: [String] = []
        if !absent.isEmpty {
            let verb = absent.count == 1 ? "the Debian package \(absent[0]) has" : "the Debian packages \(listed(absent)) have"
            hints.append("\(verb) \(pronoun(absent))")
        }
        if !present.isEmpty {
            hints.append(
                "not even the installed \(listed(present)) \(present.count == 1 ? "has" : "have") \(pronoun(present)): "
                    + "newer characters come with newer releases")
        }
        let hint = hints.isEmpty ? "" : " (" + hints.joined(separator: "; ") + ")"
        return scalars.count == 1
            ? "no installed font has \(list); it is drawn as a box\(hint)"
            : "no installed font has these \(scalars.count) characters: \(list); they are drawn as boxes\(hint)"
    }

    /// "a", "a and b", "a, b and c".
    private static func listed(_ names: [String]) -> String {
        names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " and " + names.last!
    }

    /// Whether dpkg has the package installed.
    static func isInstalled(_ package: String) -> Bool {
        access("/var/lib/dpkg/info/\(package).list", F_OK) == 0
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
