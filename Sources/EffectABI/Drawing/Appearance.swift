import CEffect

/// The colour scheme a frame is drawn for, as SwiftUI's colorScheme: the
/// host says which in the draw context (effect.h, since 1.3).
public enum Appearance: Sendable, Equatable {
    case light, dark

    /// The appearance a context's value names; nil for a value effect.h
    /// does not define.
    init?(abiValue: UInt32) {
        switch abiValue {
        case EFFECT_APPEARANCE_LIGHT: self = .light
        case EFFECT_APPEARANCE_DARK: self = .dark
        default: return nil
        }
    }
}

/// A colour with a form for each appearance, as an asset catalogue's
/// colour or SwiftUI's `.primary`; a colour someone set is the same in both.
public struct AdaptiveColor: Sendable, Equatable {
    public let light: RGBA
    public let dark: RGBA

    public init(light: RGBA, dark: RGBA) {
        self.light = light
        self.dark = dark
    }

    /// One colour for both appearances.
    public init(_ color: RGBA) {
        self.init(light: color, dark: color)
    }

    @inlinable
    public func resolved(for appearance: Appearance) -> RGBA {
        appearance == .dark ? dark : light
    }
}

extension Steps where Value == AdaptiveColor {
    /// The colour at `t`, in the form for `appearance`.
    @inlinable @inline(__always)
    public func value(at t: Double, for appearance: Appearance) -> RGBA {
        value(at: t).resolved(for: appearance)
    }
}
