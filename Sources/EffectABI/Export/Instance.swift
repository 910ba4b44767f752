import CEffect

/// The object behind an effect_instance pointer. Calls arrive here already
/// checked for NULL; everything else is checked here.
class AnyInstance {
    // Sampling reads only these stored fields: no virtual call, no retain
    // and no copy of the model stand between the C call and the effect.
    private final let shape: FrameShape
    private final let sampler: ModelSampler
    private final let batchSampler: BatchSampler
    /// The current model's box, retained by this instance and replaced by
    /// set_param, which the ABI gives exclusive access to the instance. An
    /// unmanaged reference, because reading a managed `var` costs a retain.
    final var box: UnsafeRawPointer

    init(frameSize: Int, globalCount: Int, elementStride: Int, kind: EffectKind, box: UnsafeRawPointer) {
        shape = FrameShape(globals: globalCount, stride: elementStride, size: frameSize)
        sampler = kind.sample
        batchSampler = kind.sampleMany
        self.box = box
    }

    /// Doubles in one frame.
    final var frameSize: Int { shape.size }

    final func sample(at t: Double, into frame: UnsafeMutablePointer<Double>) {
        sampler(box, t, frame, shape)
    }

    /// `count` frames at t0, t0 + dt, ..., one after another from `frames`.
    final func sample(from t0: Double, step dt: Double, count: Int, into frames: UnsafeMutablePointer<Double>) {
        batchSampler(box, t0, dt, count, frames, shape)
    }

    func info() -> effect_instance_info { fatalError("abstract") }
    func element(_ index: UInt32) throws(EffectFailure) -> effect_element_info { fatalError("abstract") }
    func param(named name: String, at t: Double) throws(EffectFailure) -> effect_value { fatalError("abstract") }
    func set(named name: String, to value: effect_value, at t: Double) throws(EffectFailure) { fatalError("abstract") }
    func strings(at t: Double) -> effect_strings { fatalError("abstract") }
    func layout(sizes: [LayoutSize]?, containerWidth: Double) throws(EffectFailure) -> Layout { fatalError("abstract") }
    func draw(at t: Double, on canvas: inout Canvas) -> (size: Size, extent: DrawingExtent) { fatalError("abstract") }
    var draws: Bool { fatalError("abstract") }
    /// Whether the effect has a draw of its own (draw(at:on:) or
    /// drawFrame), whatever its `draws` says: for an effect that says it
    /// does not draw (one that says it does shows it by drawing).
    var hasOwnDraw: Bool { fatalError("abstract") }
    var layoutItemCount: Int { fatalError("abstract") }
    var hasLayout: Bool { fatalError("abstract") }
    var effectID: String { fatalError("abstract") }
}

final class Instance<E: Effect>: AnyInstance {
    /// Events are kept for the instance's life; past this many, set_param
    /// refuses more rather than let an instance grow without end.
    static var maxEvents: Int { 1_000_000 }

    private let entry: EffectEntry
    private let pool: StringPool
    private var timeline: ParamTimeline
    private var current: Unmanaged<ModelBox<E>> { Unmanaged.fromOpaque(box) }
    private var model: E { current.takeUnretainedValue().model }
    private var elementTexts: [CString] = []
    /// The elements' attributes, read once at create (elements depend only
    /// on create-time params), so pointers handed out stay valid until destroy.
    private var attributeStorage: UnsafeMutablePointer<Double>?
    private var elementAttributes: [UnsafeMutablePointer<Double>?] = []
    private let elementCount: Int

    init(entry: EffectEntry, timeline: ParamTimeline, segmenter: TextSegmenter?) throws(EffectFailure) {
        self.entry = entry
        self.timeline = timeline
        pool = StringPool(segmenter: segmenter)
        Self.internStrings(of: timeline, into: pool)
        let built = try E(params: timeline, strings: pool)
        let elements = built.elements
        elementCount = elements.count
        guard UInt32(exactly: elementCount) != nil,
            elementCount <= (Int.max - entry.globalCount) / max(1, entry.elementChannelCount)
        else {
            throw EffectFailure(status: Status.range, "the params make \(elementCount) elements; that is too many")
        }
        super.init(
            frameSize: entry.globalCount + elementCount * entry.elementChannelCount, globalCount: entry.globalCount,
            elementStride: entry.elementChannelCount, kind: entry.kind,
            box: UnsafeRawPointer(Unmanaged.passRetained(ModelBox(built)).toOpaque()))
        try adopt(elements)
        warmUp()
    }

    /// Samples once, single and batch, into scratch memory. A first call
    /// can allocate (generic metadata and lazy globals are set up on first
    /// use, which a debug build does at run time); here, in create, that is
    /// allowed, and every sample after it allocates nothing.
    private func warmUp() {
        let scratch = UnsafeMutablePointer<Double>.allocate(capacity: max(1, frameSize))
        defer { scratch.deallocate() }
        sample(at: 0, into: scratch)
        sample(from: 0, step: 0, count: 1, into: scratch)
        // Generic metadata is set up once per type and process, so a huge
        // instance (a text of a million units) need not pay a whole draw
        // here: any ordinary instance of its type warms the same code.
        guard E.draws, elementCount <= 10_000 else { return }
        // A few items are enough: past them a draw counts instead of
        // storing, through the same code.
        let capacity = 64
        let items = UnsafeMutablePointer<effect_draw_item>.allocate(capacity: capacity)
        defer { items.deallocate() }
        var canvas = Canvas(list: ItemBuffer(items: items, capacity: capacity), measurer: .reference, proposal: .unspecified)
        _ = draw(at: 0, on: &canvas)
    }

    deinit {
        current.release()
        beforeLatest?.box.release()
        attributeStorage?.deallocate()
    }

    private static func internStrings(of timeline: ParamTimeline, into pool: StringPool) {
        for value in timeline.initial { if case let .string(text) = value { _ = pool.intern(text) } }
        for event in timeline.events { if case let .string(text) = event.value { _ = pool.intern(text) } }
    }

    /// Takes the element texts and attributes of the model built at create.
    private func adopt(_ elements: [Element<E.Attribute>]) throws(EffectFailure) {
        let attributeCount = entry.attributeCount
        guard elements.allSatisfy({ $0.attributes.count == attributeCount }) else {
            throw EffectFailure(status: Status.internal, "an element does not have \(attributeCount) attributes")
        }
        elementTexts = elements.map { $0.text }
        guard attributeCount > 0, !elements.isEmpty else {
            elementAttributes = Array(repeating: nil, count: elements.count)
            return
        }
        let storage = UnsafeMutablePointer<Double>.allocate(capacity: elements.count * attributeCount)
        attributeStorage = storage
        elementAttributes = elements.indices.map { index in
            let start = storage + index * attributeCount
            for (offset, value) in elements[index].attributes.enumerated() { start[offset] = value }
            return start
        }
    }

    override func info() -> effect_instance_info {
        var info = effect_instance_info()
        info.struct_size = UInt32(MemoryLayout<effect_instance_info>.size)
        info.element_count = UInt32(elementCount)
        info.frame_size = UInt64(frameSize)
        info.layout_item_count = UInt32(clamping: model.layoutItemCount)
        info.notes = model.notes.pointer
        switch model.timing {
        case let .ends(at):
            info.timing = EFFECT_TIMING_ENDS
            info.end = at
        case let .loops(start, period):
            info.timing = EFFECT_TIMING_LOOPS
            info.loop_start = start
            info.period = period
        }
        return info
    }

    override func element(_ index: UInt32) throws(EffectFailure) -> effect_element_info {
        guard Int(index) < elementCount else {
            throw EffectFailure(status: Status.index, "element \(index) is out of range; there are \(elementCount)")
        }
        return effect_element_info(
            struct_size: UInt32(MemoryLayout<effect_element_info>.size),
            attribute_count: UInt32(entry.attributeCount),
            text: elementTexts[Int(index)].pointer,
            attributes: UnsafePointer(elementAttributes[Int(index)]))
    }

    override func param(named name: String, at t: Double) throws(EffectFailure) -> effect_value {
        guard let index = timeline.index(of: name) else { throw unknownParam(name) }
        return encode(
            timeline.rawValue(of: index, at: t), choiceNames: entry.choiceNames[index],
            strings: { [pool] in pool.existing($0) })
    }

    override func set(named name: String, to value: effect_value, at t: Double) throws(EffectFailure) {
        guard let index = timeline.index(of: name) else { throw unknownParam(name) }
        let spec = entry.specs[index]
        guard spec.isLive else {
            throw EffectFailure(
                status: Status.notLive, "param '\(name)' is fixed when the instance is created; it cannot change at a time t")
        }
        let decoded = try decode(value, for: spec)
        guard timeline.events.count < Self.maxEvents else {
            throw EffectFailure(status: Status.range, "an instance holds at most \(Self.maxEvents) events")
        }
        // In place, and taken back if the model refuses it: a copy of the
        // timeline would make every event cost as much as all before it.
        // Later than every event so far, and than the create-time values at 0.
        let latest = t > timeline.lastEventTime
        let again = !latest && t == timeline.lastEventTime && beforeLatest?.time == t
        let event = ParamEvent(time: t, param: index, value: decoded)
        let position = timeline.insert(event)
        if case let .string(text) = decoded { _ = pool.intern(text) }
        if again, let base = beforeLatest?.box.takeUnretainedValue().model {
            try redo(from: base, at: t, undoing: event, at: position)
            return
        }
        let next: E
        var extended = false
        do throws(EffectFailure) {
            if latest, let grown = try model.extended(to: t, params: timeline, strings: pool) {
                next = grown
                extended = true
            } else {
                next = try model.rebuilt(params: timeline, strings: pool)
            }
        } catch {
            timeline.remove(event, at: position)
            throw error
        }
        let previous = current
        box = UnsafeRawPointer(Unmanaged.passRetained(ModelBox(next)).toOpaque())
        // The model before this time is kept as it is, in its box, for
        // another event at this time (a copy would retain every array).
        beforeLatest?.box.release()
        if extended {
            beforeLatest = (previous, t)
        } else {
            beforeLatest = nil
            previous.release()
        }
    }

    /// The model before the latest event time, retained, and that time:
    /// another event at that time redoes it from there, which costs what
    /// one event does, instead of rebuilding the model from every event.
    private var beforeLatest: (box: Unmanaged<ModelBox<E>>, time: Double)?

    /// Redoes time `t` from `base` with every event at t, the new one
    /// included. The current model goes first: once no version has seen
    /// what it appended at t, the storage it grew takes the redo in place
    /// (SharedArray's claims). If the model refuses the event, the one
    /// before it is redone from the same inputs, which it took before (and
    /// only a model that now refused those too would be left at `base`).
    private func redo(
        from base: E, at t: Double, undoing event: ParamEvent, at position: (all: Int, ofParam: Int)
    ) throws(EffectFailure) {
        current.release()
        let next: E
        do throws(EffectFailure) {
            next = try redone(base, at: t)
        } catch {
            timeline.remove(event, at: position)
            box = UnsafeRawPointer(Unmanaged.passRetained(ModelBox((try? redone(base, at: t)) ?? base)).toOpaque())
            throw error
        }
        box = UnsafeRawPointer(Unmanaged.passRetained(ModelBox(next)).toOpaque())
    }

    private func redone(_ base: E, at t: Double) throws(EffectFailure) -> E {
        if let extended = try base.extended(to: t, params: timeline, strings: pool) { return extended }
        return try base.rebuilt(params: timeline, strings: pool)
    }

    override func strings(at t: Double) -> effect_strings {
        let strings = model.displayStrings(at: t)
        return effect_strings(
            struct_size: UInt32(MemoryLayout<effect_strings>.size), reserved: 0,
            text: strings.text.pointer,
            accessibility_label: strings.accessibilityLabel.pointer,
            accessibility_value: strings.accessibilityValue.pointer)
    }

    override var layoutItemCount: Int { model.layoutItemCount }

    override var draws: Bool { E.draws }

    /// Asked only of an effect whose `draws` is false, by one counting draw
    /// (no items stored): the protocol's default draw marks the canvas and
    /// returns at once.
    override var hasOwnDraw: Bool {
        var canvas = Canvas(list: ItemBuffer(items: nil, capacity: 0), measurer: .reference, proposal: .unspecified)
        _ = draw(at: 0, on: &canvas)
        return !canvas.drewByDefault
    }

    /// Draws the frame at t and reports the drawing as a whole. The model
    /// is borrowed where its box holds it: `model` would copy it, with a
    /// retain for every array in it, on every draw.
    override func draw(at t: Double, on canvas: inout Canvas) -> (size: Size, extent: DrawingExtent) {
        current._withUnsafeGuaranteedRef { $0.model.drawFrame(at: t, on: &canvas) }
    }

    override var effectID: String { entry.id }

    override var hasLayout: Bool { E.hasLayout }

    override func layout(sizes: [LayoutSize]?, containerWidth: Double) throws(EffectFailure) -> Layout {
        try model.layout(sizes: sizes, containerWidth: containerWidth)
    }

    private func unknownParam(_ name: String) -> EffectFailure {
        EffectFailure(
            status: Status.unknownParam,
            "effect '\(entry.id)' has no param '\(name)' (params: \(nameList(entry.specs.map { $0.name })))")
    }
}
