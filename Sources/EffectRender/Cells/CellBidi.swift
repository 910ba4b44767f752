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
        // Hebrew is the first right-to-left block: nothing before it reorders.
        guard text.unicodeScalars.contains(where: { $0.value >= 0x0590 }), case let .success(bidi) = FriBidi.shared,
            let shown = bidi.forTerminal(text.unicodeScalars.map(\.value)), shown.levels.contains(where: { $0 & 1 == 1 })
        else { return characters }
        var shaped: [Character] = []
        var levels: [UInt8] = []
        var start = 0
        for character in characters {
            let end = start + character.unicodeScalars.count
            let scalars = shown.scalars[start..<end].compactMap(Unicode.Scalar.init)
            var string = ""
            string.unicodeScalars.append(contentsOf: scalars)
            // Shaping replaces letters one for one; anything else keeps the character as typed.
            shaped.append(string.count == 1 && scalars.count == end - start ? Character(string) : character)
            levels.append(shown.levels[start])
            start = end
        }
        return TextItems.visualOrder(of: levels).map { shaped[$0] }
    }
}
