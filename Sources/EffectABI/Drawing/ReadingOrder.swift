/// The order the words of a row are shown in when some run against the
/// paragraph's direction (an Arabic phrase in an English text, English in
/// an Arabic one): each stretch of them in reverse, as the Unicode
/// Bidirectional Algorithm's rule L2 orders runs, so they read in their own
/// direction while the row runs in the paragraph's.
public enum ReadingOrder {
    /// Per word, whether it runs against `direction`: its first strong
    /// letter does (`strong`, as `LayoutDirection.strong` reads it), or it
    /// has none (a number) and the nearest words with one on both sides do.
    public static func against(_ strong: [LayoutDirection?], in direction: LayoutDirection) -> [Bool] {
        var before: [LayoutDirection?] = []
        var last: LayoutDirection?
        for value in strong {
            before.append(last)
            last = value ?? last
        }
        var against = Array(repeating: false, count: strong.count)
        var next: LayoutDirection?
        for index in strong.indices.reversed() {
            if let own = strong[index] {
                against[index] = own != direction
                next = own
            } else {
                against[index] = before[index] == direction.opposite && next == direction.opposite
            }
        }
        return against
    }

    /// The word a row holding words `first ..< end` shows `offset` places
    /// from its leading edge, and the word whose gap (the space before it
    /// as typed) goes before it there: nil at the row's start. Each gap
    /// stays between the words it was between, so the row keeps its width.
    /// Looks along the row; allocates nothing.
    @inlinable
    public static func placed(_ offset: Int, first: Int, end: Int, against: [Bool]) -> (index: Int, gapOf: Int?) {
        let position = first + offset
        guard against[position] else { return (position, offset == 0 ? nil : position) }
        var start = position
        while start > first, against[start - 1] { start -= 1 }
        var stop = position + 1
        while stop < end, against[stop] { stop += 1 }
        let index = start + stop - 1 - position
        if position == start { return (index, offset == 0 ? nil : start) }
        return (index, index + 1)
    }
}
