/// SVG's feColorMatrix type="saturate" in sRGB, what a group's saturation
/// means: each channel moved toward the colour's luminance (0.213, 0.715,
/// 0.072) by 1 − s. The map is linear with no offset, so it applies to
/// premultiplied values unchanged and commutes with every blend and blur
/// a picture is made of; and for s from 0 to 1 it keeps every colour in
/// range, so a saturation can be applied to each paint's colour instead of
/// to the pixels they make.
struct Saturation {
    let r, g, b: (Double, Double, Double)

    init(_ s: Double) {
        r = (0.213 + 0.787 * s, 0.715 - 0.715 * s, 0.072 - 0.072 * s)
        g = (0.213 - 0.213 * s, 0.715 + 0.285 * s, 0.072 - 0.072 * s)
        b = (0.213 - 0.213 * s, 0.715 - 0.715 * s, 0.072 + 0.928 * s)
    }

    /// The channels mapped, unclamped.
    func apply(_ red: Double, _ green: Double, _ blue: Double) -> (Double, Double, Double) {
        (r.0 * red + r.1 * green + r.2 * blue, g.0 * red + g.1 * green + g.2 * blue, b.0 * red + b.1 * green + b.2 * blue)
    }

    /// A colour (0xRRGGBBAA) mapped, each channel rounded and held to 0...255.
    func apply(_ rgba: UInt32) -> UInt32 {
        let (red, green, blue) = apply(Double(rgba >> 24), Double((rgba >> 16) & 0xFF), Double((rgba >> 8) & 0xFF))
        func level(_ channel: Double) -> UInt32 { UInt32(min(255, max(0, channel.rounded()))) }
        return level(red) << 24 | level(green) << 16 | level(blue) << 8 | rgba & 0xFF
    }
}
