/// A paragraph split into items, as Pango's itemiser and Chromium's
/// HarfBuzz shaper split it: the longest runs of characters that share a
/// bidi embedding level, a script and a font, each shaped on its own with
/// its direction and script set (and the whole paragraph as context), then
/// placed in visual order.
struct TextItems {
    struct Item: Equatable {
        /// The item's characters: scalars start..<end of the paragraph.
        let start: Int
        let end: Int
        let level: UInt8
        /// An ISO 15924 tag as HarfBuzz spells it ('Latn', 'Arab'): never Common or Inherited.
        let script: UInt32
        /// Which of the fonts drawing the paragraph draws it.
        let font: Int

        var rightToLeft: Bool { level & 1 == 1 }
    }

    /// In logical (reading) order.
    let items: [Item]

    static let common = tag("Zyyy")
    static let inherited = tag("Zinh")
    static let unknown = tag("Zzzz")

    static func tag(_ name: StaticString) -> UInt32 {
        name.withUTF8Buffer { $0.reduce(0) { $0 << 8 | UInt32($1) } }
    }

    /// `levels`, `scripts` and `fonts` have one entry per scalar (a
    /// cluster's scalars all share its font). Characters of the Common
    /// script (spaces, digits, punctuation) and Inherited (combining
    /// marks) take the script of the text before them, or after them at
    /// the start, so "(1) مرحبا" is not split at the digit.
    init(levels: [UInt8], scripts: [UInt32], fonts: [Int]) {
        let count = min(levels.count, scripts.count, fonts.count)
        var resolved = Array(scripts.prefix(count))
        let firstReal = resolved.first { $0 != Self.common && $0 != Self.inherited && $0 != Self.unknown } ?? Self.common
        var last = firstReal
        for index in 0..<count {
            let script = resolved[index]
            if script == Self.common || script == Self.inherited || script == Self.unknown {
                resolved[index] = last
            } else {
                last = script
            }
        }
        var items: [Item] = []
        var start = 0
        for index in 0..<count {
            let next = index + 1
            if next == count || levels[next] != levels[start] || resolved[next] != resolved[start] || fonts[next] != fonts[start] {
                items.append(Item(start: start, end: next, level: levels[start], script: resolved[start], font: fonts[start]))
                start = next
            }
        }
        self.items = items
    }

    /// The items' indices from left to right.
    var visualOrder: [Int] { Self.visualOrder(of: items.map(\.level)) }

    /// The indices of `levels` from left to right (UAX #9, rule L2): from
    /// the highest level down to the lowest odd one, every stretch at that
    /// level or above is reversed.
    static func visualOrder(of levels: [UInt8]) -> [Int] {
        var order = Array(levels.indices)
        guard let highest = levels.max() else { return order }
        let lowestOdd = levels.filter { $0 & 1 == 1 }.min() ?? (highest + 1)
        var level = highest
        while level >= lowestOdd, level > 0 {
            var index = 0
            while index < order.count {
                guard levels[order[index]] >= level else {
                    index += 1
                    continue
                }
                var end = index
                while end < order.count, levels[order[end]] >= level { end += 1 }
                order[index..<end].reverse()
                index = end
            }
            level -= 1
        }
        return order
    }
}
