import EffectABI

/// Swift Pieces' Text Reveal as a sampled effect: units (characters, words
/// or lines) revealed one after another with a stagger derived from their
/// count, by rising from behind a baseline mask, resolving from a blur or
/// softening in; highlighted phrases get a block that wipes in behind them
/// once they land, with the ink flipping under its edge.
struct TextReveal: EventStepping {
    static let info = EffectInfo(
        id: "text-reveal", name: "Text Reveal",
        summary: "Staggered text reveal that wraps like text, with highlight blocks wiping in behind key phrases.",
        elementNoun: "unit", timingKinds: .ends,
        timingDoc: "ends when the last unit and the last highlight wipe of the latest reveal have settled (springs within 1e-3)",
        credit: "Text Reveal from Swift Pieces")

    static let text = Param.string(
        "text", default: "Plan the week in one calm glance.", multiline: true,
        doc: "The text; with unit `lines`, lines are split on \\n.")
    static let unit = Param.choice(
        "unit", default: RevealUnit.words, doc: "What animates: each character (never breaking a word), word or line.")
    static let preset = Param.choice(
        "preset", default: RevealPreset.rise, live: true,
        doc: "rise (lift from a baseline mask), blur (resolve from a blur) or soften (scale and fade); from the next reveal on.")
    static let alignment = Param.choice(
        "alignment", default: RevealAlignment.leading, doc: "Row alignment in the layout, like multilineTextAlignment.")
    static let duration = Param.number(
        "duration", default: 0.8, range: 0...60, unit: "s",
        doc: "Target time for the whole reveal: the stagger is (duration − 0.5) / (units − 1).")
    static let delay = Param.number(
        "delay", default: 0, range: 0...600, unit: "s", doc: "Delay before the first unit starts.")
    static let highlights = Param.string(
        "highlights", default: "",
        doc: "Phrases that get a highlight block, separated by |; whole words, any case, punctuation ignored. Not with lines.")
    static let masksRise = Param.bool(
        "masks_rise", default: true, doc: "rise slides each unit up from behind its own baseline instead of floating up 10 pt.")
    static let blurRadius = Param.number(
        "blur_radius", default: 8, range: 0...1000, unit: "pt", doc: "The blur each unit starts from with preset blur.")
    static let highlightDuration = Param.number(
        "highlight_duration", default: 0.5, range: 0.01...60, unit: "s", doc: "Length of the highlight wipe (a smooth spring).")
    static let unitHeight = Param.number(
        "unit_height", default: 48, range: 0...10_000, unit: "pt",
        doc: "A unit's height for the masked rise's offset, 1.05 of it; renderers with measured sizes use their own.")
    static let fontSize = Param.number(
        "font_size", default: 40, range: 1...1000, unit: "pt", live: false,
        doc: "The text's size (the seed's example: 40 pt bold, tracking −1.3); no channel depends on it.")
    static let fontWeight = Param.choice(
        "font_weight", default: RevealWeight.bold, doc: "The text's weight; no channel depends on it.")
    static let tracking = Param.number(
        "tracking", default: -1.3, range: -100...100, unit: "pt", live: false,
        doc: "Letter-spacing after every character; no channel depends on it.")
    static let color = Param.color(
        "color", light: RGBA(red: 0x14, green: 0x14, blue: 0x14), dark: RGBA(red: 0xF4, green: 0xF3, blue: 0xEF),
        doc: "The text's colour (the example's palette.text); no channel depends on it.")
    static let highlightColor = Param.color(
        "highlight_color", default: RGBA(red: 255, green: 217, blue: 118),
        doc: "Fill of the highlight block (Style.highlight); no channel depends on it.")
    static let highlightInk = Param.color(
        "highlight_ink", default: RGBA(red: 20, green: 20, blue: 20),
        doc: "Text colour on the highlight block (Style.highlightInk); no channel depends on it.")
    static let replay = Param.integer(
        "replay", default: 0, range: Int(Int32.min)...Int(Int32.max),
        doc: "A trigger: setting a new value at t restarts the reveal from hidden at t.")
    static let reduceMotion = Param.reduceMotion(
        doc: "No stagger and nothing moves: every unit fades in (easeOut 0.35 s) and highlight blocks fade in instead of wiping.")

    static let params = [
        text.spec, unit.spec, preset.spec, alignment.spec, duration.spec, delay.spec, highlights.spec, masksRise.spec,
        blurRadius.spec, highlightDuration.spec, unitHeight.spec, fontSize.spec, fontWeight.spec, tracking.spec,
        color.spec, highlightColor.spec, highlightInk.spec, replay.spec, reduceMotion.spec,
    ]

    enum Channel: Int, ChannelSet {
        case masked, highlightFades

        var spec: ChannelSpec {
            switch self {
            case .masked:
                .discrete(
                    "masked", range: 0...1,
                    doc: "1 while the current reveal rises from behind a mask: clip each chunk at its bottom edge.")
            case .highlightFades:
                .discrete(
                    "highlight_fades", range: 0...1,
                    doc: "1 while the current reveal runs with reduce_motion: highlight is then the block's opacity, not its wipe.")
            }
        }
    }

    enum ElementChannel: Int, ChannelSet {
        case progress, opacity, offsetY, blur, scale, highlight

        var spec: ChannelSpec {
            switch self {
            case .progress:
                ChannelSpec("progress", range: 0...1.1, doc: "The unit's curve value, 0 hidden to 1 revealed; a bouncy spring overshoots 1.")
            case .opacity:
                ChannelSpec("opacity", range: 0...1, doc: "1 for a masked rise (the mask hides the unit), else progress, clamped to 0...1.")
            case .offsetY:
                ChannelSpec(
                    "offset_y", unit: "pt", range: -10...10_500,
                    doc: "Downward offset: masked rise 1.05 · unit_height · (1 − progress), unmasked rise 10 · (1 − progress), else 0.")
            case .blur:
                ChannelSpec("blur", unit: "pt", range: 0...1000, doc: "Blur radius: blur_radius · (1 − progress) with preset blur, else 0.")
            case .scale:
                ChannelSpec("scale", range: 0.96...1.01, doc: "Scale about the unit's bottom edge: 0.96 → 1 with preset soften, else 1.")
            case .highlight:
                ChannelSpec(
                    "highlight", range: 0...1,
                    doc: "Its chunk's highlight: the block's and the ink's wipe from the leading edge (while highlight_fades is 1, their opacity); 0 outside highlights.")
            }
        }
    }

    enum Attribute: Int, ChannelSet {
        case chunk, highlighted, word

        var spec: ChannelSpec {
            switch self {
            case .chunk: ChannelSpec("chunk", range: 0...Double(Int32.max), doc: "The chunk (layout item) the unit belongs to.")
            case .highlighted: ChannelSpec("highlighted", range: 0...1, doc: "1 if its chunk is a highlighted phrase.")
            case .word: ChannelSpec("word", range: 0...Double(Int32.max), doc: "The word (or line) the unit belongs to, counted from 0.")
            }
        }
    }

    private let chunks: [RevealChunk]
    private let flow: WordFlow
    /// Highlights that highlight nothing, said once by the host (effect_instance_info.notes).
    let notes: CString
    private let label: CString
    let elements: [Element<Attribute>]
    /// Per unit: the last unit of its chunk if that chunk is highlighted, so
    /// sampling finds its wipe directly.
    private let unitWipe: [Int?]
    private var schedule: RevealSchedule
    private var look: RevealLook

    init(params: ParamTimeline, strings: StringPool) {
        let text = params.created(Self.text)
        let unit = params.created(Self.unit)
        label = strings.intern(text)
        let highlights = params.created(Self.highlights)
        let (chunks, unmatched) = Chunking.chunks(of: text, unit: unit, highlights: unit == .lines ? "" : highlights, strings: strings)
        self.chunks = chunks
        notes = strings.intern(Self.notes(unit: unit, highlights: highlights, unmatched: unmatched))
        flow = WordFlow(
            chunks: chunks, stacksLines: unit == .lines, alignment: params.created(Self.alignment), direction: LayoutDirection.of(text))
        var elements: [Element<Attribute>] = []
        // What each unit draws: its text, with a joiner on each side where
        // an Arabic letter connects to its neighbour in the word.
        var drawn: [CString] = []
        var untracked: [Bool] = []
        var unitWipe: [Int?] = []
        var word = 0
        for (index, chunk) in chunks.enumerated() {
            for pieces in chunk.words {
                for piece in pieces {
                    elements.append(
                        Element(text: strings.intern(piece), attributes: [Double(index), chunk.highlighted ? 1 : 0, Double(word)]))
                    unitWipe.append(chunk.highlighted ? chunk.lastUnit : nil)
                }
                let joined = CursiveJoining.joined(pieces.map { $0[...] })
                drawn += joined.map(strings.intern)
                let cursive = joined.contains { $0.unicodeScalars.contains("\u{200D}") }
                untracked += joined.indices.map { cursive && $0 < joined.count - 1 }
                word += 1
            }
        }
        self.elements = elements
        self.unitWipe = unitWipe
        schedule = RevealSchedule(params, units: elements.count, lastHighlightedUnit: Self.lastHighlightedUnit(of: chunks))
        look = RevealLook(params: params, units: drawn, untracked: untracked, space: strings.intern(" "), colors: RevealColors(params), chunks: chunks)
        for time in params.eventTimes where time > 0 { advance(to: time, params) }
    }

    /// After an event only the timing and the colours can change: the
    /// text, its units and its chunks are fixed at create.
    func rebuilt(params: ParamTimeline, strings: StringPool) -> TextReveal {
        var copy = self
        copy.schedule = RevealSchedule(params, units: elements.count, lastHighlightedUnit: Self.lastHighlightedUnit(of: chunks))
        copy.look.colors = RevealColors(params)
        for time in params.eventTimes where time > 0 { copy.advance(to: time, params) }
        return copy
    }

    /// What changes at one more event time (`EventStepping`).
    mutating func advance(to time: Double, _ params: ParamTimeline) {
        schedule.advance(to: time, params)
        look.colors.advance(to: time, params)
    }

    /// The note for highlight phrases that highlight nothing: ones whose
    /// words the text does not have, or any with `unit` lines, which
    /// highlights no phrase. The seed drops them without a word; a person
    /// who typed one should hear why no block appears.
    static func notes(unit: RevealUnit, highlights: String, unmatched: [String]) -> String {
        if unit == .lines {
            let given = highlights.split(separator: Chunking.phraseSeparator).contains { !$0.trimmingWhitespace().isEmpty }
            return given ? "with unit lines no phrase is highlighted, so the highlights are left out" : ""
        }
        guard !unmatched.isEmpty else { return "" }
        // A note is one line: a line break inside a phrase is shown as a space.
        let quoted = unmatched.map { "'" + String($0.map { ScalarProperties.isNewline($0) ? " " : $0 }) + "'" }
        let list = quoted.count == 1 ? quoted[0] : quoted.dropLast().joined(separator: ", ") + " and " + quoted[quoted.count - 1]
        return unmatched.count == 1
            ? "the highlight \(list) matches no words of the text, so nothing is highlighted for it"
            : "the highlights \(list) match no words of the text, so nothing is highlighted for them"
    }

    private static func lastHighlightedUnit(of chunks: [RevealChunk]) -> Int? {
        chunks.last { $0.highlighted }?.lastUnit
    }

    var timing: Timing { .ends(at: schedule.end) }

    static var draws: Bool { true }

    func draw(at t: Double, on canvas: inout Canvas) -> Size {
        look.draw(chunks: chunks, flow: flow, plan: schedule.reveals.value(at: t), at: t, on: &canvas)
    }

    func drawingExtent(on canvas: inout Canvas) -> DrawingExtent {
        look.extent(chunks: chunks, flow: flow, plans: schedule.reveals.allValues, on: &canvas)
    }

    func drawFrame(at t: Double, on canvas: inout Canvas) -> (size: Size, extent: DrawingExtent) {
        look.drawFrame(chunks: chunks, flow: flow, plans: schedule.reveals.allValues, plan: schedule.reveals.value(at: t), at: t, on: &canvas)
    }

    static var hasLayout: Bool { true }

    var layoutItemCount: Int { chunks.count }

    func layout(sizes: [LayoutSize]?, containerWidth: Double) throws(EffectFailure) -> Layout {
        guard let sizes else { return TerminalGrid.layout(flow, containerWidth: containerWidth) }
        return flow.layout(sizes: sizes, containerWidth: containerWidth)
    }

    func displayStrings(at t: Double) -> DisplayStrings {
        DisplayStrings(text: label, accessibilityLabel: label)
    }

    // Inlined into the kit's sampler, which then reads the model in place
    // instead of copying it for the call (docs/writing-plugins.md, Speed).
    @inline(__always)
    func sample(at t: Double, into frame: Frame<Self>) {
        let plan = schedule.reveals.value(at: t)
        frame[.masked] = plan.masked ? 1 : 0
        frame[.highlightFades] = plan.reduceMotion ? 1 : 0
        for index in unitWipe.indices {
            let unit = plan.unit(index, at: t)
            frame[index, .progress] = unit.progress
            frame[index, .opacity] = unit.opacity
            frame[index, .offsetY] = unit.offsetY
            frame[index, .blur] = unit.blur
            frame[index, .scale] = unit.scale
            frame[index, .highlight] = unitWipe[index].map { plan.highlight(lastUnit: $0, at: t) } ?? 0
        }
    }
}
