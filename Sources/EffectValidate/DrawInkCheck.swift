import EffectHost

/// Part of the draw check: every item's ink (DisplayListInk, the host's one
/// rule for it) lies within the bounds the list declares, which promise to
/// hold every frame's ink: a host sizes its canvas by them, and what lies
/// outside is cut off.
enum DrawInkCheck {
    /// Room for rounding: an edge computed two ways may differ in its last bits.
    static func slack(_ x: Double) -> Double { 1e-6 * max(1, abs(x)) }

    static func check(_ list: DisplayList, _ effect: EffectDescription, at t: Double) throws {
        let b = list.bounds
        let bounds = (minX: b.x, minY: b.y, maxX: b.x + b.width, maxY: b.y + b.height)
        for mark in DisplayListInk.marks(list.items) {
            let ink = mark.box
            let inside =
                ink.minX >= bounds.minX - slack(bounds.minX) && ink.minY >= bounds.minY - slack(bounds.minY)
                && ink.maxX <= bounds.maxX + slack(bounds.maxX) && ink.maxY <= bounds.maxY + slack(bounds.maxY)
            guard !inside else { continue }
            let wider = (
                minX: min(bounds.minX, ink.minX), minY: min(bounds.minY, ink.minY), maxX: max(bounds.maxX, ink.maxX), maxY: max(bounds.maxY, ink.maxY)
            )
            throw CheckFailure(
                "\(effect.id): at t = \(t) \(ItemLabel.of(mark.item)) inks \(describe(ink)), outside the declared bounds \(describe(bounds)); "
                    + "widen bounds to contain it (to \(describe(wider)) at least): they hold every frame's ink, and hosts cut off what lies outside")
        }
    }

    /// A box as effect_rect's fields, its edges rounded outwards to 0.001.
    static func describe(_ box: DisplayListInk.Box) -> String {
        let (minX, minY) = ((box.minX * 1000).rounded(.down) / 1000, (box.minY * 1000).rounded(.down) / 1000)
        let (maxX, maxY) = ((box.maxX * 1000).rounded(.up) / 1000, (box.maxY * 1000).rounded(.up) / 1000)
        return "{x \(short(minX)), y \(short(minY)), width \(short(maxX - minX)), height \(short(maxY - minY))}"
    }

    private static func short(_ x: Double) -> String { formatNumber((x * 1000).rounded() / 1000) }
}

/// How a check names a display-list item: its kind and id, and a text
/// run's first words.
enum ItemLabel {
    static func of(_ item: DrawItem) -> String {
        switch item {
        case let .group(group): "group \(group.id)"
        case .endGroup: "the end of group \(item.id)"
        case let .shape(shape): "shape \(shape.id)"
        case let .text(text): "text \(text.id) '\(Terminal.sanitize(String(text.text.prefix(24))))'"
        }
    }
}
