import CEffect
import MetadataRules

/// One running instance of an effect, owned by the host: created with
/// params, changed by events, sampled at any t, destroyed on deinit.
///
/// As in the C ABI, sampling and the other reads may run on many threads at
/// once; `set` needs exclusive access.
public final class EffectInstance: @unchecked Sendable {
    public let plugin: Plugin
    public let effect: EffectDescription
    public let elementCount: Int
    public let frameSize: Int
    /// Items `layout` places; 0 when the effect does no layout.
    public let layoutItemCount: Int
    private let handle: OpaquePointer
    private var api: UnsafePointer<effect_plugin_api> { plugin.api }

    init(plugin: Plugin, effect: EffectDescription, params: [(String, Value)]) throws(EffectError) {
        self.plugin = plugin
        self.effect = effect
        let api = plugin.api
        var created: OpaquePointer?
        try withSettings(params) { settings, count throws(EffectError) in
            if let create = plugin.createWithServicesFunction {
                try call("create_with_services") {
                    create(api, effect.id, settings, count, HostTextServices.pointer, &created, $0)
                }
            } else {
                try call("create") { api.pointee.create!(api, effect.id, settings, count, &created, $0) }
            }
        }
        guard let created else {
            throw EffectError(status: EFFECT_ERR_INTERNAL, message: "create succeeded but returned no instance")
        }
        handle = created
        var info = effect_instance_info()
        info.struct_size = UInt32(MemoryLayout<effect_instance_info>.size)
        do {
            try call("instance_info") { api.pointee.instance_info!(created, &info, $0) }
        } catch {
            _ = RunningCall.during("destroy") { api.pointee.destroy!(created) }
            throw error
        }
        let expected =
            UInt64(effect.channels.count) + UInt64(info.element_count) * UInt64(effect.elementChannels.count)
        let size = { (count: UInt64) in MetadataRules.count(Int(clamping: count), "value") }
        guard info.frame_size == expected else {
            _ = RunningCall.during("destroy") { api.pointee.destroy!(created) }
            throw EffectError(
                status: EFFECT_ERR_INTERNAL,
                message:
                    "the plugin reports a frame of \(size(info.frame_size)), but its channels and \(MetadataRules.count(Int(clamping: info.element_count), "element")) make \(size(expected))")
        }
        guard info.frame_size <= UInt64(Int32.max) else {
            _ = RunningCall.during("destroy") { api.pointee.destroy!(created) }
            throw EffectError(
                status: EFFECT_ERR_INTERNAL,
                message:
                    "the plugin reports a frame of \(size(info.frame_size)); a host takes at most \(size(UInt64(Int32.max)))")
        }
        elementCount = Int(info.element_count)
        frameSize = Int(info.frame_size)
        layoutItemCount = Self.layoutItems(in: info)
    }

    /// A 1.0 plugin fills only the 1.0 part of effect_instance_info.
    private static func layoutItems(in info: effect_instance_info) -> Int {
        info.struct_size >= EFFECT_INSTANCE_INFO_SIZE_1_0 + 4 ? Int(info.layout_item_count) : 0
    }

    deinit {
        _ = RunningCall.during("destroy") { api.pointee.destroy!(handle) }
    }

    /// The plugin's instance pointer, for tools that test the ABI itself.
    public var rawHandle: OpaquePointer { handle }

    /// Element count, frame size and timing, reflecting events so far.
    public func info() throws(EffectError) -> InstanceInfo {
        var info = effect_instance_info()
        info.struct_size = UInt32(MemoryLayout<effect_instance_info>.size)
        try call("instance_info") { api.pointee.instance_info!(handle, &info, $0) }
        let timing: Timing
        switch info.timing {
        case EFFECT_TIMING_ENDS where info.end.isFinite && info.end >= 0:
            timing = .ends(at: info.end)
        case EFFECT_TIMING_LOOPS
        where info.loop_start.isFinite && info.loop_start >= 0 && info.period.isFinite && info.period > 0:
            timing = .loops(start: info.loop_start, period: info.period)
        case EFFECT_TIMING_ENDS:
            throw EffectError(
                status: EFFECT_ERR_INTERNAL, message: "the plugin reports an invalid timing: end \(info.end) (an end is finite and at least 0)")
        case EFFECT_TIMING_LOOPS:
            throw EffectError(
                status: EFFECT_ERR_INTERNAL,
                message: "the plugin reports an invalid timing: loop start \(info.loop_start), period \(info.period) (a start is finite and at least 0, a period finite and more than 0)")
        default:
            throw EffectError(status: EFFECT_ERR_INTERNAL, message: "the plugin reports an invalid timing: kind \(info.timing), which is neither ENDS nor LOOPS")
        }
        return InstanceInfo(
            elementCount: elementCount, frameSize: frameSize, timing: timing, layoutItemCount: Self.layoutItems(in: info),
            notes: try Self.notes(in: info))
    }

    /// The notes a 1.5 plugin filled, a line each, sanitized for a terminal:
    /// none where the struct it returned ends before them, or for NULL.
    private static func notes(in info: effect_instance_info) throws(EffectError) -> [String] {
        let end = MemoryLayout<effect_instance_info>.offset(of: \.notes)! + MemoryLayout<UnsafePointer<CChar>?>.size
        guard Int(info.struct_size) >= end, let pointer = info.notes else { return [] }
        guard let text = PluginString.read(pointer, limit: 1 << 20) else {
            throw EffectError(status: EFFECT_ERR_INTERNAL, message: "the plugin's notes are not UTF-8 ending within 1 MB")
        }
        return text.split(separator: "\n").map { Terminal.sanitize(String($0)) }.filter { !$0.isEmpty }
    }

    /// Places the effect's layout items (Reveal's chunks) in a container
    /// `containerWidth` wide: `sizes` holds each item's measured width and
    /// height, or is nil for the terminal grid (one cell per character).
    public func layout(sizes: [(width: Double, height: Double)]?, containerWidth: Double) throws(EffectError)
        -> LayoutResult
    {
        guard let layout = plugin.layoutFunction else {
            throw EffectError(
                status: EFFECT_ERR_UNSUPPORTED, message: "\(effect.id) comes from an ABI 1.0 plugin, which does no layout")
        }
        let count = sizes?.count ?? layoutItemCount
        let header = Int(EFFECT_LAYOUT_HEADER)
        let stride = Int(EFFECT_LAYOUT_STRIDE)
        var out = [Double](repeating: 0, count: header + max(count, layoutItemCount) * stride)
        let flat = sizes?.flatMap { [$0.width, $0.height] }
        try out.withUnsafeMutableBufferPointer { buffer throws(EffectError) in
            let capacity = UInt64(buffer.count)
            if let flat {
                try flat.withUnsafeBufferPointer { measured throws(EffectError) in
                    try call("layout") { layout(handle, measured.baseAddress, UInt32(count), containerWidth, buffer.baseAddress, capacity, $0) }
                }
            } else {
                try call("layout") { layout(handle, nil, UInt32(count), containerWidth, buffer.baseAddress, capacity, $0) }
            }
        }
        let used = Int(EFFECT_LAYOUT_HEADER) + count * stride
        if let bad = out[0..<used].firstIndex(where: { !$0.isFinite }) {
            throw EffectError(status: EFFECT_ERR_INTERNAL, message: "the plugin's layout holds \(out[bad]) at position \(bad)")
        }
        let items = (0..<count).map { index in
            let v = Array(out[(header + index * stride)..<(header + (index + 1) * stride)])
            let decorated = v[6] > 0 || v[7] > 0
            return LayoutItem(
                x: v[0], y: v[1], width: v[2], height: v[3],
                decoration: decorated ? (v[4], v[5], v[6], v[7], v[8]) : nil, row: Int(clamping: Int64(exactly: v[9].rounded()) ?? 0))
        }
        return LayoutResult(width: out[0], height: out[1], items: items)
    }

    /// Writes the frame for `t` into `frame`, which must hold `frameSize`
    /// values. A frame with a NaN or infinite value is refused, so a
    /// broken plugin can never hand a renderer garbage. When `frame` holds
    /// more than one frame's values, the plugin is told it holds exactly
    /// one and the value after it is a fence: a plugin that writes past
    /// the end of its frame is refused, naming that, instead of quietly
    /// corrupting the memory after it (`sample(at:)` always leaves room).
    public func sample(at t: Double, into frame: UnsafeMutableBufferPointer<Double>) throws(EffectError) {
        try fenced("sample", frame, values: frameSize, call: "sample at t = \(t)") { base, capacity, error in
            api.pointee.sample!(handle, t, base, capacity, error)
        }
        try checkFinite(frame, count: frameSize, t: t)
    }

    public func sample(at t: Double) throws(EffectError) -> [Double] {
        var frame = [Double](repeating: 0, count: frameSize + 1)
        try frame.withUnsafeMutableBufferPointer { buffer throws(EffectError) in try sample(at: t, into: buffer) }
        frame.removeLast()
        return frame
    }

    /// `count` frames for t0, t0 + dt, ... back to back in `frames`, which
    /// is fenced past them as `sample(at:into:)`'s frame is.
    public func sampleMany(t0: Double, dt: Double, count: Int, into frames: UnsafeMutableBufferPointer<Double>)
        throws(EffectError)
    {
        let count = max(0, count)
        let (values, overflow) = count.multipliedReportingOverflow(by: frameSize)
        try fenced("sample_many", frames, values: overflow ? Int.max : values, call: "sample_many of \(count) frames") {
            base, capacity, error in
            api.pointee.sample_many!(handle, t0, dt, UInt64(count), base, capacity, error)
        }
        try checkFinite(frames, count: overflow ? frames.count : values, t: t0, dt: dt)
    }

    /// A NaN with a payload no arithmetic makes, put just past what a
    /// call may write.
    private static let fence = Double(bitPattern: 0x7FF8_FE9C_E0FF_5E70)

    /// Makes a call that writes `values` doubles into `buffer`, with the
    /// fence after them when the buffer has room for it.
    private func fenced(
        _ function: StaticString, _ buffer: UnsafeMutableBufferPointer<Double>, values: Int,
        call what: @autoclosure () -> String,
        _ body: (UnsafeMutablePointer<Double>?, UInt64, UnsafeMutablePointer<effect_error>) -> Int32
    ) throws(EffectError) {
        guard values < buffer.count, let base = buffer.baseAddress else {
            try call(function) { body(buffer.baseAddress, UInt64(buffer.count), $0) }
            return
        }
        base[values] = Self.fence
        // The fence first: an overrun matters more than the status after it.
        let failure: EffectError?
        do {
            try call(function) { body(base, UInt64(values), $0) }
            failure = nil
        } catch {
            failure = error
        }
        guard base[values].bitPattern == Self.fence.bitPattern else {
            throw EffectError(
                status: EFFECT_ERR_INTERNAL,
                message:
                    "the plugin wrote past the end of the buffer it was given: \(what()) had room for \(MetadataRules.count(values, "value"))")
        }
        if let failure { throw failure }
    }

    /// An event: from `t` on, param `name` has `value`.
    public func set(_ name: String, to value: Value, at t: Double) throws(EffectError) {
        try withEncoded(value) { raw throws(EffectError) in
            var raw = raw
            try call("set_param") { api.pointee.set_param!(handle, name, &raw, t, $0) }
        }
    }

    /// The value param `name` has at `t`.
    public func value(of name: String, at t: Double) throws(EffectError) -> Value {
        var raw = effect_value()
        try call("get_param") { api.pointee.get_param!(handle, name, t, &raw, $0) }
        let type = effect.param(named: name)?.type ?? .number
        let choices = effect.param(named: name)?.choices ?? []
        do {
            return try MetadataReader(api: api).value(raw, type: type, choices: choices, context: "param '\(name)'")
        } catch {
            throw EffectError(status: EFFECT_ERR_INTERNAL, message: error.message)
        }
    }

    public func strings(at t: Double) throws(EffectError) -> DisplayStrings {
        var strings = effect_strings()
        strings.struct_size = UInt32(MemoryLayout<effect_strings>.size)
        try call("strings") { api.pointee.strings!(handle, t, &strings, $0) }
        return DisplayStrings(
            text: try instanceString(strings.text, "text"),
            accessibilityLabel: try instanceString(strings.accessibility_label, "accessibility label"),
            accessibilityValue: try instanceString(strings.accessibility_value, "accessibility value"))
    }

    public func element(_ index: Int) throws(EffectError) -> ElementDescription {
        guard index >= 0, index < elementCount else {
            throw EffectError(status: EFFECT_ERR_INDEX, message: "element \(index) is out of range; there are \(elementCount)")
        }
        var info = effect_element_info()
        info.struct_size = UInt32(MemoryLayout<effect_element_info>.size)
        try call("element_info") { api.pointee.element_info!(handle, UInt32(index), &info, $0) }
        let count = effect.attributes.count
        guard Int(info.attribute_count) == count, count == 0 || info.attributes != nil else {
            throw EffectError(status: EFFECT_ERR_INTERNAL, message: "element \(index) has malformed attributes")
        }
        let attributes = (0..<count).map { info.attributes![$0] }
        return ElementDescription(text: try instanceString(info.text, "element \(index) text"), attributes: attributes)
    }

    private func instanceString(_ pointer: UnsafePointer<CChar>?, _ what: String) throws(EffectError) -> String {
        guard let string = PluginString.read(pointer, limit: 1 << 30) else {
            throw EffectError(status: EFFECT_ERR_INTERNAL, message: "the plugin's \(what) is NULL or not UTF-8")
        }
        return string
    }

    /// `t` is the first frame's time and `dt` the step to each next one.
    private func checkFinite(_ values: UnsafeMutableBufferPointer<Double>, count: Int, t: Double, dt: Double = 0) throws(EffectError) {
        for index in 0..<min(count, values.count) where !values[index].isFinite {
            let frameTime = t + Double(index / max(1, frameSize)) * dt
            throw EffectError(
                status: EFFECT_ERR_INTERNAL,
                message: "the plugin wrote \(values[index]) into \(channelName(at: index % max(1, frameSize))) of a frame near t = \(frameTime)")
        }
    }

    /// Which channel (and element) a position in a frame holds.
    private func channelName(at position: Int) -> String {
        if position < effect.channels.count { return "channel '\(effect.channels[position].name)'" }
        let stride = max(1, effect.elementChannels.count)
        let offset = position - effect.channels.count
        let name = effect.elementChannels.isEmpty ? "?" : effect.elementChannels[offset % stride].name
        return "channel '\(name)' of element \(offset / stride)"
    }
}

/// C copies of Swift strings that live until the arena is released:
/// long enough for the plugin call that reads them.
private final class CStringArena {
    private var strings: [UnsafeMutablePointer<CChar>] = []

    func keep(_ text: String) -> UnsafePointer<CChar> {
        let utf8 = Array(text.utf8CString)
        let copy = UnsafeMutablePointer<CChar>.allocate(capacity: utf8.count)
        copy.initialize(from: utf8, count: utf8.count)
        strings.append(copy)
        return UnsafePointer(copy)
    }

    deinit {
        for string in strings { string.deallocate() }
    }
}

/// Builds C settings for create, keeping every C string alive for the call.
private func withSettings(
    _ params: [(String, Value)],
    _ body: (UnsafePointer<effect_param_setting>?, UInt32) throws(EffectError) -> Void
) throws(EffectError) {
    let arena = CStringArena()
    let settings = params.map { name, value in
        effect_param_setting(name: arena.keep(name), value: raw(value, keep: arena.keep))
    }
    try settings.withUnsafeBufferPointer { buffer throws(EffectError) in
        try body(buffer.baseAddress, UInt32(buffer.count))
    }
    withExtendedLifetime(arena) {}
}

private func withEncoded(_ value: Value, _ body: (effect_value) throws(EffectError) -> Void) throws(EffectError) {
    let arena = CStringArena()
    try body(raw(value, keep: arena.keep))
    withExtendedLifetime(arena) {}
}

package func raw(_ value: Value, keep: (String) -> UnsafePointer<CChar>) -> effect_value {
    var raw = effect_value()
    switch value {
    case .none: raw.type = EFFECT_TYPE_NONE
    case let .number(x):
        raw.type = EFFECT_TYPE_NUMBER
        raw.number = x
    case let .integer(x):
        raw.type = EFFECT_TYPE_INTEGER
        raw.integer = x
    case let .bool(x):
        raw.type = EFFECT_TYPE_BOOL
        raw.integer = x ? 1 : 0
    case let .choice(name):
        raw.type = EFFECT_TYPE_ENUM
        raw.string = keep(name)
    case let .string(text):
        raw.type = EFFECT_TYPE_STRING
        raw.string = keep(text)
    case let .color(x):
        raw.type = EFFECT_TYPE_COLOR
        raw.integer = Int64(x)
    }
    return raw
}
