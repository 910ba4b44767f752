/// What an effect author writes: the declarations and the math.
///
/// The kit builds a model with `init` whenever an instance is created or an
/// event is set, and then only reads it: `sample` runs on many threads at
/// once, so it must not mutate anything, allocate, or read a clock.
public protocol Effect: Sendable {
    associatedtype Channel: ChannelSet
    associatedtype ElementChannel: ChannelSet = NoChannel
    associatedtype Attribute: ChannelSet = NoChannel

    static var info: EffectInfo { get }
    /// Every param, `reduce_motion` included, in the order to list them.
    static var params: [ParamSpec] { get }

    /// Builds the sampled model from the params and every event so far.
    /// Intern any string it will hand out in `strings`.
    init(params: ParamTimeline, strings: StringPool) throws(EffectFailure)

    /// The model after an event. By default it is built afresh; an effect
    /// whose structure (fixed at create) is costly to derive, such as a
    /// text's units, can carry it over from `self` and redo only the timing.
    func rebuilt(params: ParamTimeline, strings: StringPool) throws(EffectFailure) -> Self

    /// The model after the events at `time`, later than every event
    /// `self` was built from (events set as time goes on), with `params`
    /// holding them; for a second event at the latest time the kit calls
    /// it again on the model from before that time, so it runs once per
    /// time as `init` does. By default nil, which has the kit call
    /// `rebuilt`. An effect whose model is `Steps` and `AnimationTrack`s
    /// extends a copy of `self`'s instead; they share their storage as they
    /// grow, so a stream of events costs O(1) each. It must equal what
    /// `init` builds from the same params (the kit's tests compare the two
    /// for every bundled effect).
    func extended(to time: Double, params: ParamTimeline, strings: StringPool) throws(EffectFailure) -> Self?

    /// Elements in order, with their texts and attributes. They must depend
    /// only on the params given at create: the kit reads them once.
    var elements: [Element<Attribute>] { get }
    var timing: Timing { get }
    /// What the params as given leave out that a person should hear, as
    /// the frames alone would not say it (a highlight phrase that matches
    /// no word): one line each, joined by "\n", interned in `strings` when
    /// the model is built; the host passes each on once (effect.h,
    /// effect_instance_info.notes). Default: none.
    var notes: CString { get }
    func displayStrings(at t: Double) -> DisplayStrings
    func sample(at t: Double, into frame: Frame<Self>)

    /// Whether the effect lays anything out (default false).
    static var hasLayout: Bool { get }

    /// How many items `layout` places (default 0). Like the element count,
    /// it must not depend on live params.
    var layoutItemCount: Int { get }

    /// Places the layout items: `sizes` has one checked, finite size per
    /// item, or is nil for the terminal grid (one cell per character).
    func layout(sizes: [LayoutSize]?, containerWidth: Double) throws(EffectFailure) -> Layout

    /// Whether the effect draws itself (default false): its look, beside
    /// its motion, as the component's view body. It and `draw(at:on:)` go
    /// together: an effect with a draw of its own (or a `drawFrame`) whose
    /// `draws` is false, or one whose `draws` is true with neither, has
    /// every `draw` call fail with EFFECT_ERR_INTERNAL and a message that
    /// says which to add, rather than pass for an effect that does not
    /// draw (hosts would show channel bars) or draw nothing.
    static var draws: Bool { get }

    /// Draws the frame at t, as the component's body would, and returns
    /// the view's frame (default: nothing, zero, and the kit takes the
    /// effect for one without a draw). Like `sample`, it runs on
    /// many threads at once and must not mutate, allocate or read a clock;
    /// text is measured through the canvas.
    func draw(at t: Double, on canvas: inout Canvas) -> Size

    /// The drawing as a whole for the canvas's measurer and proposal: a
    /// rect holding the ink of every frame, and the most items a frame
    /// needs (default: zero). It measures, but draws nothing.
    func drawingExtent(on canvas: inout Canvas) -> DrawingExtent

    /// One `draw` call's whole answer: the frame at t and the drawing as a
    /// whole (default: `draw(at:on:)`, then `drawingExtent(on:)`). An effect
    /// whose frame and extent start from the same layout implements it to
    /// lay out once.
    func drawFrame(at t: Double, on canvas: inout Canvas) -> (size: Size, extent: DrawingExtent)
}

extension Effect {
    public var elements: [Element<Attribute>] { [] }

    public var notes: CString { .empty }

    public func rebuilt(params: ParamTimeline, strings: StringPool) throws(EffectFailure) -> Self {
        try Self(params: params, strings: strings)
    }

    public func extended(to time: Double, params: ParamTimeline, strings: StringPool) throws(EffectFailure) -> Self? {
        nil
    }

    public static var hasLayout: Bool { false }

    public var layoutItemCount: Int { 0 }

    public func layout(sizes: [LayoutSize]?, containerWidth: Double) throws(EffectFailure) -> Layout {
        throw EffectFailure(status: Status.unsupported, "effect '\(Self.info.id)' does no layout")
    }

    public static var draws: Bool { false }

    public func draw(at t: Double, on canvas: inout Canvas) -> Size {
        canvas.drewByDefault = true
        return .zero
    }

    public func drawingExtent(on canvas: inout Canvas) -> DrawingExtent {
        DrawingExtent(bounds: Rect(x: 0, y: 0, width: 0, height: 0), maxItems: 0)
    }

    public func drawFrame(at t: Double, on canvas: inout Canvas) -> (size: Size, extent: DrawingExtent) {
        let extent = drawingExtent(on: &canvas)
        return (draw(at: t, on: &canvas), extent)
    }
}

/// One element: its text and its static attributes, in attribute order.
public struct Element<Attribute: ChannelSet>: Sendable {
    public let text: CString
    public let attributes: [Double]

    public init(text: CString, attributes: [Double] = []) {
        self.text = text
        self.attributes = attributes
    }
}

/// What a renderer shows and what assistive technology reads.
public struct DisplayStrings: Sendable, Equatable {
    public let text: CString
    public let accessibilityLabel: CString
    public let accessibilityValue: CString

    public init(text: CString, accessibilityLabel: CString, accessibilityValue: CString = .empty) {
        self.text = text
        self.accessibilityLabel = accessibilityLabel
        self.accessibilityValue = accessibilityValue
    }
}

/// A failure the ABI reports as a status and a one-line message.
public struct EffectFailure: Error, Sendable {
    public let status: Int32
    public let message: String

    public init(status: Int32, _ message: String) {
        self.status = status
        self.message = message
    }
}

/// An effect whose model is its values at 0 and then one `advance` per
/// event time, in order: `init` folds `advance` over `params.eventTimes`,
/// and the kit's `extended` is one more `advance` on a copy, so the two
/// cannot disagree and events set as time goes on cost O(1) each, several
/// at one time included.
public protocol EventStepping: Effect {
    /// What changes at `time`, the latest event time, given every event up to it.
    mutating func advance(to time: Double, _ params: ParamTimeline)
}

extension EventStepping {
    public func extended(to time: Double, params: ParamTimeline, strings: StringPool) throws(EffectFailure) -> Self? {
        var next = self
        next.advance(to: time, params)
        return next
    }
}
