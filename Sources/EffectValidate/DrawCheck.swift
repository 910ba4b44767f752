import CEffect
import EffectHost

/// validate's `draw` check: for an effect that draws itself, the display
/// list at many t is well formed (groups balanced, shapes followed by their
/// segments and stops, every number finite: the host's reader checks
/// these), bit-identical for the same t, its ink within its declared
/// bounds (DrawInkCheck), its ids stable (one kind per id, each GROUP,
/// SHAPE and TEXT id once a frame, and kept from frame to frame:
/// DrawIdentityCheck), within the capacity it reports and never written
/// past a short one, and its text measured by the measurer given.
enum DrawCheck {
    static func check(_ plugin: Plugin, _ random: inout SeededRandom) throws -> CheckResult {
        guard plugin.canDraw else {
            // Legal (the header reads it as an effect that does not draw), but most likely a slip.
            if plugin.info.abiMinor >= 2 {
                return .warn(
                    "its table is ABI 1.\(plugin.info.abiMinor)'s but draw is NULL, so hosts take it for a plugin that does not draw; "
                        + "a draw that returns EFFECT_ERR_UNSUPPORTED says so on purpose")
            }
            return .skip("built for ABI 1.\(plugin.info.abiMinor), which has no draw (since 1.2)")
        }
        var frames = 0
        var drawing: [String] = []
        for effect in plugin.effects {
            // Its defaults, and text in several scripts, which a text effect
            // must cut, measure and draw whole (an effect may refuse it).
            for params in [[]] + CheckSupport.textSets(effect) {
                let instance: EffectInstance
                if params.isEmpty {
                    instance = try plugin.instantiate(effect)
                } else if let made = try? plugin.instantiate(effect, params: params) {
                    instance = made
                } else {
                    continue
                }
                do {
                    if try check(instance, effect, &random, &frames), !drawing.contains(effect.id) { drawing.append(effect.id) }
                } catch let error as EffectError {
                    let context = params.isEmpty ? effect.id : "\(effect.id) with \(CheckSupport.describe(params))"
                    throw CheckFailure("\(context): \(error.message)")
                }
            }
        }
        if drawing.isEmpty { return .skip("no effect draws itself (each says UNSUPPORTED)") }
        return .pass("\(frames) display lists of \(drawing.joined(separator: ", ")): well formed, repeatable, ink within bounds, stable ids, capacity kept, text measured as asked, both appearances, bad calls refused")
    }

    /// Whether the effect draws (and its lists passed).
    private static func check(
        _ instance: EffectInstance, _ effect: EffectDescription, _ random: inout SeededRandom, _ frames: inout Int
    ) throws -> Bool {
        do {
            guard try drawsItself(instance) else { return false }
            let most = try instance.draw(at: 0).maxItemCount
            var kinds: [UInt32: String] = [:]
            var identity = DrawIdentityCheck()
            for t in try CheckSupport.probeTimes(instance, &random) {
                let list = try instance.draw(at: t)
                try DrawInkCheck.check(list, effect, at: t)
                guard list.maxItemCount == most else {
                    throw CheckFailure("\(effect.id): max_item_count is \(most) at t = 0 and \(list.maxItemCount) at t = \(t); it covers every t")
                }
                guard try instance.draw(at: t).items == list.items else {
                    throw CheckFailure("\(effect.id): drawing t = \(t) twice gives different display lists")
                }
                if instance.plugin.adaptsToAppearance { try checkAppearances(instance, effect, t) }
                var seen: Set<UInt32> = []
                for item in list.items {
                    let kind: String
                    switch item {
                    case .group: kind = "group"
                    case .endGroup: continue
                    case .shape: kind = "shape"
                    case .text: kind = "text"
                    }
                    guard seen.insert(item.id).inserted else {
                        throw CheckFailure("\(effect.id): id \(item.id) appears twice in the display list at t = \(t)")
                    }
                    if let earlier = kinds[item.id], earlier != kind {
                        throw CheckFailure("\(effect.id): id \(item.id) is a \(earlier) in one frame and a \(kind) at t = \(t); ids must name one thing")
                    }
                    kinds[item.id] = kind
                }
                try identity.check(list, try instance.draw(at: t + DrawIdentityCheck.step), effect, at: t)
                try checkCapacity(instance, effect, t)
                frames += 1
            }
            try checkMeasurer(instance, effect)
            try checkBadInput(instance, effect)
        }
        return true
    }

    /// ABI 1.3's appearance: the dark list is as repeatable as the light
    /// one, and a 1.2 host's context (40 bytes, no appearance) gets exactly
    /// the light list.
    private static func checkAppearances(_ instance: EffectInstance, _ effect: EffectDescription, _ t: Double) throws {
        let dark = try instance.draw(at: t, appearance: .dark)
        guard try instance.draw(at: t, appearance: .dark).items == dark.items else {
            throw CheckFailure("\(effect.id): drawing t = \(t) twice in the dark appearance gives different display lists")
        }
        guard dark.maxItemCount == (try instance.draw(at: 0, appearance: .dark)).maxItemCount else {
            throw CheckFailure("\(effect.id): in the dark appearance max_item_count changes with t; it covers every t")
        }
        guard let draw = instance.plugin.table.pointee.draw else { throw CheckFailure("\(effect.id): the table's draw is NULL") }
        func raw(contextSize: Int) -> (Int32, [UInt8]) {
            var context = effect_draw_context()
            context.struct_size = UInt32(contextSize)
            let capacity = Int(dark.maxItemCount) + 1
            var items = [effect_draw_item](repeating: effect_draw_item(), count: capacity)
            var drawing = effect_drawing()
            drawing.struct_size = UInt32(MemoryLayout<effect_drawing>.size)
            let status = RunningCall.during("draw") { draw(instance.rawHandle, t, &context, &drawing, &items, UInt64(capacity), nil) }
            let count = status == EFFECT_OK ? Int(min(drawing.item_count, UInt64(capacity))) : 0
            return (status, items.withUnsafeBytes { Array($0.prefix(count * MemoryLayout<effect_draw_item>.stride)) })
        }
        let old = raw(contextSize: MemoryLayout<effect_draw_context>.offset(of: \.appearance)!)
        let light = raw(contextSize: MemoryLayout<effect_draw_context>.size)
        guard old.0 == EFFECT_OK else {
            throw CheckFailure("\(effect.id): draw with a 40-byte (ABI 1.2) context returns \(EffectError.name(of: old.0)), not EFFECT_OK")
        }
        guard old == light else {
            throw CheckFailure("\(effect.id): at t = \(t) a 40-byte (ABI 1.2) context draws a list other than the light appearance's")
        }
    }

    /// Calls draw must refuse, each with its status: NULL pointers, short
    /// structs, proposals and times that are not numbers, a measurer that
    /// fails.
    private static func checkBadInput(_ instance: EffectInstance, _ effect: EffectDescription) throws {
        guard let draw = instance.plugin.table.pointee.draw else { throw CheckFailure("\(effect.id): the table's draw is NULL") }
        var items = [effect_draw_item](repeating: effect_draw_item(), count: 4)
        func attempt(
            _ what: String, expect: Int32, t: Double = 0.5, handle: Bool = true, out: Bool = true, outSize: Int? = nil,
            context: effect_draw_context? = nil, itemsNull: Bool = false, also: Int32? = nil
        ) throws {
            var drawing = effect_drawing()
            drawing.struct_size = UInt32(outSize ?? MemoryLayout<effect_drawing>.size)
            var given = context ?? effect_draw_context()
            var error = effect_error()
            error.struct_size = UInt32(MemoryLayout<effect_error>.size)
            let status = items.withUnsafeMutableBufferPointer { buffer in
                withUnsafeMutablePointer(to: &drawing) { drawing in
                    withUnsafePointer(to: &given) { pointer in
                        RunningCall.during("draw") {
                            draw(
                                handle ? instance.rawHandle : nil, t, context == nil ? nil : pointer, out ? drawing : nil,
                                itemsNull ? nil : buffer.baseAddress, UInt64(buffer.count), &error)
                        }
                    }
                }
            }
            guard status == expect || status == also else {
                throw CheckFailure(
                    "\(effect.id): draw with \(what) returns \(EffectError.name(of: status)), not \(EffectError.name(of: expect))")
            }
        }
        var context = effect_draw_context()
        context.struct_size = UInt32(MemoryLayout<effect_draw_context>.size)
        try attempt("a NULL instance", expect: EFFECT_ERR_NULL_POINTER, handle: false)
        try attempt("a NULL out", expect: EFFECT_ERR_NULL_POINTER, out: false)
        try attempt("NULL items and a capacity of 4", expect: EFFECT_ERR_NULL_POINTER, itemsNull: true)
        try attempt("an effect_drawing of 8 bytes", expect: EFFECT_ERR_STRUCT_SIZE, outSize: 8)
        var short = context
        short.struct_size = 8
        try attempt("an effect_draw_context of 8 bytes", expect: EFFECT_ERR_STRUCT_SIZE, context: short)
        for width in [Double.nan, -1] {
            var odd = context
            odd.width = width
            try attempt("a proposed width of \(width)", expect: EFFECT_ERR_RANGE, context: odd)
        }
        for t in [Double.nan, -1, .infinity] { try attempt("t = \(t)", expect: EFFECT_ERR_TIME, t: t) }
        if instance.plugin.adaptsToAppearance {
            var unknown = context
            unknown.appearance = 2
            try attempt("an appearance of 2", expect: EFFECT_ERR_RANGE, context: unknown)
        }
        // A measurer that fails: an effect with text must say RANGE; one
        // without never calls it (and may run out of room in 4 items).
        var failing = context
        failing.measure = { _, _, _, _, _, _ in EFFECT_ERR_INTERNAL }
        let hasText = try instance.draw(at: 0.5).items.contains { if case .text = $0 { true } else { false } }
        try attempt(
            "a measurer that fails", expect: hasText ? EFFECT_ERR_RANGE : EFFECT_OK, context: failing,
            also: hasText ? nil : EFFECT_ERR_BUFFER)
    }

    private static func drawsItself(_ instance: EffectInstance) throws(EffectError) -> Bool {
        do {
            _ = try instance.draw(at: 0)
            return true
        } catch {
            if error.status == EFFECT_ERR_UNSUPPORTED { return false }
            throw error
        }
    }

    /// The raw call, fenced: a capacity one short of the frame's items must
    /// give EFFECT_ERR_BUFFER with the count needed, and write nothing past
    /// the capacity given.
    private static func checkCapacity(_ instance: EffectInstance, _ effect: EffectDescription, _ t: Double) throws {
        guard let draw = instance.plugin.table.pointee.draw else { throw CheckFailure("\(effect.id): the table's draw is NULL") }
        var drawing = effect_drawing()
        drawing.struct_size = UInt32(MemoryLayout<effect_drawing>.size)
        let asked = RunningCall.during("draw") { draw(instance.rawHandle, t, nil, &drawing, nil, 0, nil) }
        let needed = Int(drawing.item_count)
        if needed == 0 {
            guard asked == EFFECT_OK else { throw CheckFailure("\(effect.id): an empty display list at t = \(t) returns \(EffectError.name(of: asked))") }
            return
        }
        guard asked == EFFECT_ERR_BUFFER else {
            throw CheckFailure("\(effect.id): asking for the item count at t = \(t) returns \(EffectError.name(of: asked)), not EFFECT_ERR_BUFFER")
        }
        guard drawing.max_item_count >= drawing.item_count, needed <= 10_000_000 else {
            throw CheckFailure("\(effect.id): at t = \(t) the list needs \(needed) items but max_item_count says \(drawing.max_item_count)")
        }
        let fence = 4
        var items = [effect_draw_item](repeating: effect_draw_item(), count: needed - 1 + fence)
        let sentinel = UInt32(0xFEED_F00D)
        for index in (needed - 1)..<items.count { items[index].head = effect_draw_head(kind: sentinel, id: sentinel) }
        drawing.struct_size = UInt32(MemoryLayout<effect_drawing>.size)
        let short = items.withUnsafeMutableBufferPointer { buffer in
            RunningCall.during("draw") { draw(instance.rawHandle, t, nil, &drawing, buffer.baseAddress, UInt64(needed - 1), nil) }
        }
        guard items[(needed - 1)...].allSatisfy({ $0.head.kind == sentinel && $0.head.id == sentinel }) else {
            throw CheckFailure("\(effect.id): draw wrote past the capacity it was given (\(needed - 1) items) at t = \(t)")
        }
        guard short == EFFECT_ERR_BUFFER, Int(drawing.item_count) == needed else {
            throw CheckFailure(
                "\(effect.id): a buffer of \(needed - 1) items for \(needed) at t = \(t) returns \(EffectError.name(of: short)) and item_count \(drawing.item_count)")
        }
    }

    /// Text items carry what the measurer answered for them, for a
    /// measurer of odd widths and heights, and for the reference metrics
    /// when there is none.
    private static func checkMeasurer(_ instance: EffectInstance, _ effect: EffectDescription) throws {
        let odd = OddMeasurer()
        let t = 0.5
        for case let .text(text) in try instance.draw(at: t, measurer: odd).items {
            try compare(text, odd.answer(text), effect, "the measurer")
        }
        for case let .text(text) in try instance.draw(at: t).items {
            try compare(text, reference(text), effect, "the reference metrics")
        }
    }

    private static func compare(
        _ text: DrawText, _ answer: (advance: Double, ascent: Double, descent: Double), _ effect: EffectDescription,
        _ source: String
    ) throws {
        guard close(text.advance, answer.advance), close(text.ascent, answer.ascent), close(text.descent, answer.descent) else {
            throw CheckFailure(
                "\(effect.id): text '\(text.text.prefix(40))' measures \(text.advance) x (\(text.ascent) + \(text.descent)); \(source) said \(answer.advance) x (\(answer.ascent) + \(answer.descent))")
        }
    }

    private static func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-9 * max(1, abs(b)) }

    private static func reference(_ text: DrawText) -> (advance: Double, ascent: Double, descent: Double) {
        var out = effect_text_metrics()
        _ = effect_reference_measure(nil, text.text, text.size, text.weight, text.tracking, &out)
        return (out.advance, out.ascent, out.descent)
    }
}

/// Widths and heights no font has, so an effect that ignores its measurer
/// shows.
private final class OddMeasurer: TextMeasuring, @unchecked Sendable {
    func measure(_ text: String, size: Double, weight: Double, tracking: Double)
        -> (advance: Double, ascent: Double, descent: Double)?
    {
        let count = Double(text.unicodeScalars.count)
        return (count * (0.37 * size + tracking) + 3.25, 0.81 * size, 0.33 * size)
    }

    /// What the effect should have given for `text`: one call's answer,
    /// or, for a run measured in pieces (effect.h's "Measuring a run", ABI
    /// 1.6), the pieces' answers added up, each with its own 3.25: the
    /// advance given then holds k - 1 more of them, k pieces of whole
    /// characters.
    func answer(_ text: DrawText) -> (advance: Double, ascent: Double, descent: Double) {
        guard let whole = measure(text.text, size: text.size, weight: text.weight, tracking: text.tracking) else { return (0, 0, 0) }
        let more = ((text.advance - whole.advance) / 3.25).rounded()
        guard more >= 1, more < Double(text.text.unicodeScalars.count) else { return whole }
        return (whole.advance + 3.25 * more, whole.ascent, whole.descent)
    }
}
