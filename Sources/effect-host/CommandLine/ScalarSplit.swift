extension String {
    /// The text before and after the first `separator`, found among the
    /// Unicode scalars rather than the Characters: a combining mark or a
    /// joiner right after the separator (`text=\u{200D}`) fuses with it into
    /// one Character, which a Character search would never match.
    func splitOnce(at separator: Unicode.Scalar) -> (before: String, after: String)? {
        let scalars = unicodeScalars
        guard let index = scalars.firstIndex(of: separator) else { return nil }
        return (String(scalars[..<index]), String(scalars[scalars.index(after: index)...]))
    }
}
