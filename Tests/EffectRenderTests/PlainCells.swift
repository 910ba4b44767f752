/// A line of terminal cells with its colour escapes and reverse video taken out.
func plainCells(_ line: String) -> String {
    var plain = ""
    var escape = false
    for character in line {
        if character == "\u{1B}" { escape = true; continue }
        if escape { if character.isLetter { escape = false }; continue }
        plain.append(character)
    }
    return plain
}
