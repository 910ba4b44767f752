import CEffect

/// Where an effect draws one frame: the display list being written, the
/// measurer, and the size the host proposes. Effects draw declared views
/// into it (`draw(_:in:)`), and loops or layouts of their own through its
/// groups; nothing here allocates.
public struct Canvas {
    var list: ItemBuffer
    let measurer: TextMeasurer
    /// The size the host proposed to the view (nil: its ideal size).
    public let proposal: ProposedSize
    /// The colour scheme the host draws in: adaptive colours resolve by it.
    public let appearance: Appearance
    /// Set when the measurer failed or answered nonsense.
    private(set) var measureFailed = false
    /// Set by the protocol's default `draw(at:on:)`: the effect has no draw
    /// of its own, whatever its `draws` says.
    var drewByDefault = false

    /// `recent` keeps the host measurer's answers for the draw.
    init(
        list: ItemBuffer, measurer: TextMeasurer, recent: RecentMeasures = .none, proposal: ProposedSize,
        appearance: Appearance = .light
    ) {
        self.list = list
        self.measurer = measurer
        self.recent = recent
        self.proposal = proposal
        self.appearance = appearance
    }

    /// Whether text is measured with the reference metrics (the host gave
    /// no measurer): an effect may then use metrics it measured before.
    public var usesReferenceMetrics: Bool { measurer.function == nil }

    /// Items written so far (or that would have been, past the capacity).
    public var itemCount: Int { list.count }

    /// Whether every number in the items written is finite.
    var writtenItemsAreFinite: Bool { list.writtenItemsAreFinite }

    /// What the host's measurer answered in this draw (the reference
    /// metrics cost less than a look).
    private var recent: RecentMeasures

    /// A run of text, measured by the host (or the reference metrics).
    // Kept out of line: copied into each of its callers, it made a wasm plugin 8 kB larger.
    @inline(never)
    public mutating func measure(_ text: CString, font: Font, tracking: Double = 0) -> TextMetrics {
        let cached = measurer.function != nil
        if cached, let metrics = recent.metrics(text, font, tracking) { return metrics }
        guard let metrics = measurer.measure(text, font: font, tracking: tracking) else {
            measureFailed = true
            return .zero
        }
        if cached { recent.keep(metrics, for: text, font, tracking) }
        return metrics
    }

    /// A run of a string (ABI 1.6), measured without a copy of it: see
    /// effect.h's "Measuring a run". Not cached: a run changes every frame.
    public mutating func measure(_ run: CString.Run, font: Font, tracking: Double = 0) -> TextMetrics {
        if run.whole { return measure(run.string, font: font, tracking: tracking) }
        guard let metrics = measurer.measure(run, font: font, tracking: tracking) else {
            measureFailed = true
            return .zero
        }
        return metrics
    }

    /// Draws `drawing` in `frame`.
    public mutating func draw<D: Drawing>(_ drawing: D, in frame: Rect) {
        drawing.render(in: frame, on: &self)
    }

    /// Draws `drawing` at its ideal size with its top-leading corner at
    /// `origin`, and returns that size.
    @discardableResult
    public mutating func draw<D: Drawing>(_ drawing: D, at origin: Point = .zero) -> Size {
        let size = drawing.sizeThatFits(.unspecified, in: &self)
        drawing.render(in: Rect(origin: origin, size: size), on: &self)
        return size
    }

    /// Draws whatever `body` draws inside one group.
    public mutating func group(_ id: DrawID, _ effects: GroupEffects, _ body: (inout Canvas) -> Void) {
        list.beginGroup(id, effects)
        body(&self)
        list.endGroup(id)
    }

    /// A shape item.
    public mutating func shape(
        _ id: DrawID, _ outline: Outline, fill: Paint? = nil, stroke: (color: RGBA, style: StrokeStyle)? = nil,
        trim: (from: Double, to: Double) = (0, 1)
    ) {
        list.shape(id, outline, fill: fill, stroke: stroke, trim: trim)
    }

    /// A text item on the baseline at `baseline`, with metrics measured
    /// for it already.
    public mutating func text(
        _ id: DrawID, _ string: CString, at baseline: Point, font: Font, tracking: Double = 0, color: RGBA,
        metrics: TextMetrics
    ) {
        list.text(id, string.pointer, length: 0, at: baseline, font: font, tracking: tracking, color: color, metrics: metrics)
    }

    /// A text item drawing `run` of its string (ABI 1.6's `length`): a
    /// typewriter's `text.prefix(n)`, with metrics measured for the run.
    /// Its plugin needs a 1.6 host: one of 1.5 would draw the whole string.
    public mutating func text(
        _ id: DrawID, _ run: CString.Run, at baseline: Point, font: Font, tracking: Double = 0, color: RGBA,
        metrics: TextMetrics
    ) {
        list.text(id, run.start, length: run.itemLength, at: baseline, font: font, tracking: tracking, color: color, metrics: metrics)
    }
}

/// An effect's drawing as a whole, besides one frame's items: a rect that
/// holds the ink of every frame (a canvas for the whole animation), and
/// the most items any frame needs.
public struct DrawingExtent: Sendable, Equatable {
    public var bounds: Rect
    public var maxItems: Int

    public init(bounds: Rect, maxItems: Int) {
        self.bounds = bounds
        self.maxItems = maxItems
    }
}
