/// A run of text in the order a terminal must be given it: terminals lay
/// out no bidi and join no letters, so a right-to-left run (Hebrew, Arabic)
/// is written left to right in its visual order (UAX #9, L2), its brackets
/// mirrored, and its Arabic letters in their joined presentation forms, as
/// FriBidi's own command-line tool writes for a terminal.
enum CellBidi {
    /// The run's characters from left to right; as typed when nothing in
    /// it runs right to left, or without FriBidi.
    static func visual(_ text: String) -> [Character] {
        let characters = Array(text)
        guard text.unicodeScalars.contains(where: FriBidi.isRightToLeftLetter), case let .success(bidi) = FriBidi.shared,
            let shown = bidi.forTerminal(text.unicodeScalars.map(\.value)), shown.levels.contains(where: { $0 & 1 == 1 })
        else { return characters }
        var shaped: [Character] = []
        var levels: [UInt8] = []
        var start = 0
        for character in characters {
            let end = start + character.unicodeScalars.count
            var scalars = shown.scalars[start..<end].compactMap(Unicode.Scalar.init)
            let complete = scalars.count == end - start
            // A joiner after a right-to-left letter has done its work in
            // shaping; a terminal would show it apart.
            if let base = scalars.first, FriBidi.isRightToLeftLetter(base) {
                scalars.removeAll { $0 == "\u{200D}" || $0 == "\u{200C}" }
            }
            var string = ""
            string.unicodeScalars.append(contentsOf: scalars)
            // Shaping replaces letters one for one; anything else keeps the character as typed.
            shaped.append(string.count == 1 && complete ? Character(string) : character)
            levels.append(shown.levels[start])
            start = end
        }
        // A joiner standing alone has done its work in shaping; a terminal would show it as a box.
        return TextItems.visualOrder(of: levels).map { shaped[$0] }.filter { $0 != "\u{200D}" && $0 != "\u{200C}" }
    }
}
