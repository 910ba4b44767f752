import CEffect

/// What a run of text measures: its advance (tracking included) and the
/// line's extent above and below the baseline.
public struct TextMetrics: Sendable, Equatable {
    public var advance: Double
    public var ascent: Double
    public var descent: Double

    @inlinable public init(advance: Double, ascent: Double, descent: Double) {
        self.advance = advance
        self.ascent = ascent
        self.descent = descent
    }

    /// The line's height: ascent and descent together.
    @inlinable public var height: Double { ascent + descent }

    public static let zero = TextMetrics(advance: 0, ascent: 0, descent: 0)
}

/// The host's measuring callback, or the ABI's reference metrics when the
/// host gave none. A failed or nonsensical answer is remembered, the
/// drawing goes on with zero metrics, and the kit fails the call at the end.
struct TextMeasurer: @unchecked Sendable {
    let function: effect_measure_fn?
    let context: UnsafeMutableRawPointer?

    static let reference = TextMeasurer(function: nil, context: nil)

    func measure(_ text: CString, font: Font, tracking: Double) -> TextMetrics? {
        guard let function else { return Self.reference(text, font: font, tracking: tracking) }
        var out = effect_text_metrics(advance: 0, ascent: 0, descent: 0)
        let status = function(context, text.pointer, font.size, font.weight.value, tracking, &out)
        guard status == EFFECT_OK, out.advance.isFinite, out.ascent.isFinite, out.descent.isFinite,
            out.ascent >= 0, out.descent >= 0
        else { return nil }
        // A negative advance is legal: tracking can be negative.
        return TextMetrics(advance: out.advance, ascent: out.ascent, descent: out.descent)
    }

    /// The longest piece of a run measured at once: what fits the stack
    /// buffer a run is copied to, as the measurer takes NUL-terminated text.
    static let pieceBytes = 255

    /// A run's metrics (effect.h, "Measuring a run"): with the reference
    /// metrics, in place; with the host's measurer, in pieces of at most
    /// `pieceBytes` copied to the stack, their advances added up and the
    /// tallest ascent and descent kept. A run that fits one piece measures
    /// exactly; a longer one may miss the kerning across a cut.
    func measure(_ run: CString.Run, font: Font, tracking: Double) -> TextMetrics? {
        if run.whole { return measure(run.string, font: font, tracking: tracking) }
        let start = run.start
        guard let function else {
            var out = effect_text_metrics(advance: 0, ascent: 0, descent: 0)
            _ = effect_reference_measure_run(start, run.count, font.size, font.weight.value, tracking, &out)
            guard out.advance.isFinite, out.ascent.isFinite, out.descent.isFinite else { return nil }
            return TextMetrics(advance: out.advance, ascent: out.ascent, descent: out.descent)
        }
        if run.count == 0 { return measure(CString.empty, font: font, tracking: tracking) }
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: Self.pieceBytes + 1) { buffer -> TextMetrics? in
            guard let piece = buffer.baseAddress else { return nil }
            var total = TextMetrics.zero
            var from = 0
            while from < run.count {
                let to = Self.pieceEnd(of: run, from: from)
                piece.update(from: start + from, count: to - from)
                piece[to - from] = 0
                var out = effect_text_metrics(advance: 0, ascent: 0, descent: 0)
                let status = function(context, piece, font.size, font.weight.value, tracking, &out)
                guard status == EFFECT_OK, out.advance.isFinite, out.ascent.isFinite, out.descent.isFinite,
                    out.ascent >= 0, out.descent >= 0
                else { return nil }
                total.advance += out.advance
                total.ascent = max(total.ascent, out.ascent)
                total.descent = max(total.descent, out.descent)
                from = to
            }
            return total.advance.isFinite ? total : nil
        }
    }

    /// Where the piece of `run` that starts at `from` (bytes from the
    /// run's start) ends: the run's end when it is near, else where the last
    /// character (grapheme cluster) within reach ends, so no emoji sequence,
    /// flag or conjunct is measured in parts; a character longer than a
    /// piece is cut between its code points.
    static func pieceEnd(of run: CString.Run, from: Int) -> Int {
        let reach = from + pieceBytes
        if reach >= run.count { return run.count }
        // The first character ending past reach, by its end in the whole string.
        var (low, high) = (0, run.ends.count)
        while low < high {
            let middle = (low + high) / 2
            if run.ends[middle] - run.offset <= reach { low = middle + 1 } else { high = middle }
        }
        if low > 0, run.ends[low - 1] - run.offset > from { return run.ends[low - 1] - run.offset }
        let text = run.start
        var cut = reach
        while cut > from + 1, UInt8(bitPattern: text[cut]) & 0xC0 == 0x80 { cut -= 1 }
        return cut
    }

    /// effect_reference_measure's answer, from the widths the string was
    /// made with (CString) instead of a walk over its text: the same
    /// arithmetic on the same doubles, so the same bits (ReferenceMetricsTests).
    private static func reference(_ text: CString, font: Font, tracking: Double) -> TextMetrics? {
        let (ems, marks) = text.referenceWidths
        let (size, weight) = (font.size, font.weight.value)
        let heavier = weight < 400 ? 0 : weight > 700 ? 300 : weight - 400
        let advance = ems * size * (1 + 0.06 * heavier / 300) + marks * tracking
        let ascent = EFFECT_REFERENCE_ASCENT * size
        let descent = EFFECT_REFERENCE_DESCENT * size
        // The header's refusals, for a size or tracking that makes them so.
        guard advance.isFinite, ascent.isFinite, descent.isFinite, ascent >= 0, descent >= 0 else { return nil }
        return TextMetrics(advance: advance, ascent: ascent, descent: descent)
    }
}

/// The ABI's reference metrics (effect.h), for effects that measure their
/// text once, with the model, for draws that bring no measurer.
public enum ReferenceMetrics {
    public static func measure(_ text: CString, font: Font, tracking: Double = 0) -> TextMetrics {
        TextMeasurer.reference.measure(text, font: font, tracking: tracking) ?? .zero
    }
}
