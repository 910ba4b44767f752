import EffectHost

/// Why an effect could not be exported, in one line that names the effect's
/// items and times but no command-line flag: the caller knows which of its
/// own options would help.
public enum ExportError: Error, CustomStringConvertible, Equatable {
    /// The timeline (`seconds` long in all) at this frame rate takes more
    /// samples than a scene holds.
    case tooManySamples(effect: String, samples: Double, fps: Double, limit: Int, seconds: Double)
    /// One period was asked for, of an effect that ends instead of looping.
    case endsInsteadOfLooping(effect: String)
    /// The motion cannot be written in the format: items that change
    /// group, kind or stacking order, or what the format cannot draw.
    case cannotExpress(String)
    /// A library the export needs is missing or failed.
    case failed(String)

    public var description: String {
        switch self {
        case let .tooManySamples(effect, samples, fps, limit, seconds):
            "\(effect) would take \(formatNumber(samples)) samples at \(formatNumber(fps)) fps over \(formatNumber(seconds)) s, more than \(limit)"
        case let .endsInsteadOfLooping(effect):
            "only one period of a looping effect can be exported alone; \(effect) ends (its file plays once, and players loop it anyway)"
        case let .cannotExpress(message), let .failed(message):
            message
        }
    }

    /// For too many samples: the highest rate, in tenths of a frame per
    /// second, at which the same timeline fits, or nil when not even
    /// `lowest` does (the timeline itself must be shorter).
    public func fittingRate(lowest: Double) -> Double? {
        guard case let .tooManySamples(_, _, _, limit, seconds) = self, seconds > 0 else { return nil }
        // Each of at most two stretches takes its start and rounds its end up: 4 samples to spare.
        let rate = (Double(limit - 4) / seconds * 10).rounded(.down) / 10
        return rate >= lowest ? rate : nil
    }
}
