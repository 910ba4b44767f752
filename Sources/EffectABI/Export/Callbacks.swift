import CEffect

/// The C functions behind every plugin's table. Each one checks its
/// arguments, turns Swift failures into a status and message, and never
/// lets a trap cross into the host.
enum Callbacks {
    static let table = effect_plugin_api(
        struct_size: UInt32(MemoryLayout<effect_plugin_api>.size),
        abi_major: UInt32(EFFECT_ABI_MAJOR),
        abi_minor: UInt32(EFFECT_ABI_MINOR),
        // needs_minor 0, its own minor: this one table serves every effect
        // built on the kit, and one that draws a text run (1.6) would show
        // its whole string in an older host that took it, and one with a
        // multiline param (1.7) would report a flag such a host refuses.
        reserved: 0,
        describe: { table, out, error in
            run(error) { () throws(EffectFailure) in
                try requirePointers(table, out)
                try OutStruct.write(try PluginExport.owner(of: table).cInfo, to: out, named: "effect_plugin_info")
            }
        },
        effect_info: { table, effect, out, error in
            run(error) { () throws(EffectFailure) in
                try requirePointers(table, out)
                let plugin = try PluginExport.owner(of: table)
                try OutStruct.write(try plugin.entry(effect).info, to: out, named: "effect_info")
            }
        },
        param_info: { table, effect, param, out, error in
            run(error) { () throws(EffectFailure) in
                try requirePointers(table, out)
                let plugin = try PluginExport.owner(of: table)
                let entry = try plugin.entry(effect)
                guard Int(param) < entry.params.count else {
                    throw EffectFailure(status: Status.index, "param \(param) is out of range; there are \(entry.params.count)")
                }
                try OutStruct.write(entry.params[Int(param)], to: out, named: "effect_param_info")
            }
        },
        channel_info: { table, effect, channel, out, error in
            run(error) { () throws(EffectFailure) in
                try requirePointers(table, out)
                let plugin = try PluginExport.owner(of: table)
                let entry = try plugin.entry(effect)
                guard Int(channel) < entry.channels.count else {
                    throw EffectFailure(
                        status: Status.index, "channel \(channel) is out of range; there are \(entry.channels.count)")
                }
                try OutStruct.write(entry.channels[Int(channel)], to: out, named: "effect_channel_info")
            }
        },
        create: { table, id, settings, count, out, error in
            create(table, id, settings, count, nil, out, error)
        },
        destroy: { instance in
            if let instance { Unmanaged<AnyInstance>.fromOpaque(UnsafeRawPointer(instance)).release() }
            return Status.ok
        },
        instance_info: { instance, out, error in
            run(error) { () throws(EffectFailure) in
                try OutStruct.write(
                    try resolve(instance).info(), to: out, named: "effect_instance_info",
                    minimumSize: Int(EFFECT_INSTANCE_INFO_SIZE_1_0))
            }
        },
        element_info: { instance, element, out, error in
            run(error) { () throws(EffectFailure) in
                let instance = try resolve(instance)
                // The header's order: a NULL pointer before a bad index.
                guard out != nil else { throw .null("out") }
                try OutStruct.write(try instance.element(element), to: out, named: "effect_element_info")
            }
        },
        get_param: { instance, name, t, out, error in
            run(error) { () throws(EffectFailure) in
                let instance = try resolve(instance)
                guard name != nil else { throw .null("name") }
                guard let out else { throw .null("out") }
                let name = try readString(name, "name")
                try checkTime(t)
                out.pointee = try instance.param(named: name, at: t)
            }
        },
        set_param: { instance, name, value, t, error in
            run(error) { () throws(EffectFailure) in
                let instance = try resolve(instance)
                guard name != nil else { throw .null("name") }
                guard let value else { throw .null("value") }
                let name = try readString(name, "name")
                try checkTime(t)
                try instance.set(named: name, to: value.pointee, at: t)
            }
        },
        strings: { instance, t, out, error in
            run(error) { () throws(EffectFailure) in
                let instance = try resolve(instance)
                guard out != nil else { throw .null("out") }
                try checkTime(t)
                try OutStruct.write(instance.strings(at: t), to: out, named: "effect_strings")
            }
        },
        sample: { instance, t, frame, capacity, error in
            guard let instance else { return ErrorReport.fail(Status.nullPointer, error) { "instance is NULL" } }
            guard let frame else { return ErrorReport.fail(Status.nullPointer, error) { "frame is NULL" } }
            guard isTime(t) else { return ErrorReport.fail(Status.time, error) { badTime(t) } }
            return withInstance(instance) { object in
                let size = UInt64(object.frameSize)
                guard capacity >= size else { return ErrorReport.fail(Status.buffer, error) { tooSmall(capacity, size) } }
                object.sample(at: t, into: frame)
                #if DEBUG
                    if let failure = nonFinite(in: frame, count: Int(size), of: object, at: t) { return ErrorReport.fail(failure, error) }
                #endif
                return ErrorReport.succeed(error)
            }
        },
        sample_many: { instance, t0, dt, count, frames, capacity, error in
            guard let instance else { return ErrorReport.fail(Status.nullPointer, error) { "instance is NULL" } }
            guard count > 0 else { return ErrorReport.succeed(error) }
            guard let frames else { return ErrorReport.fail(Status.nullPointer, error) { "frames is NULL" } }
            return withInstance(instance) { object in
                let size = object.frameSize
                // No buffer holds more than Int.max frames, or more doubles
                // than a UInt64 counts.
                let (needed, overflow) = UInt64(size).multipliedReportingOverflow(by: count)
                guard !overflow, count <= UInt64(Int.max) else {
                    return ErrorReport.fail(Status.buffer, error) {
                        "count = \(count) frames of \(size) doubles is more than any buffer holds"
                    }
                }
                guard capacity >= needed else {
                    return ErrorReport.fail(Status.buffer, error) { tooSmall(capacity, needed) }
                }
                let last = t0 + Double(count - 1) * dt
                guard isTime(t0), dt.isFinite, isTime(last) else {
                    return ErrorReport.fail(Status.time, error) { badTime(isTime(t0) ? last : t0) }
                }
                // A frame of no values needs no sampling, however many are asked for.
                if size > 0 { object.sample(from: t0, step: dt, count: Int(count), into: frames) }
                #if DEBUG
                    for index in 0..<Int(count) {
                        let t = t0 + Double(index) * dt
                        if let failure = nonFinite(in: frames + index * size, count: size, of: object, at: t) {
                            return ErrorReport.fail(failure, error)
                        }
                    }
                #endif
                return ErrorReport.succeed(error)
            }
        },
        layout: { instance, sizes, count, width, out, capacity, error in
            run(error) { () throws(EffectFailure) in
                try writeLayout(try resolve(instance), sizes, count, width, out, capacity)
            }
        },
        draw: { instance, t, context, out, items, capacity, error in
            guard let instance else { return ErrorReport.fail(Status.nullPointer, error) { "instance is NULL" } }
            guard let out else { return ErrorReport.fail(Status.nullPointer, error) { "out is NULL" } }
            guard capacity == 0 || items != nil else {
                return ErrorReport.fail(Status.nullPointer, error) { "items is NULL but capacity is \(capacity)" }
            }
            guard isTime(t) else { return ErrorReport.fail(Status.time, error) { badTime(t) } }
            return withInstance(instance) { object in drawFrame(object, t, context, out, items, capacity, error) }
        },
        create_with_services: { table, id, settings, count, services, out, error in
            create(table, id, settings, count, services, out, error)
        })

    /// `create` and `create_with_services`: services NULL is plain create.
    private static func create(
        _ table: UnsafePointer<effect_plugin_api>?, _ id: UnsafePointer<CChar>?,
        _ settings: UnsafePointer<effect_param_setting>?, _ count: UInt32,
        _ services: UnsafePointer<effect_host_services>?, _ out: UnsafeMutablePointer<OpaquePointer?>?,
        _ error: UnsafeMutablePointer<effect_error>?
    ) -> Int32 {
        guard let out else { return ErrorReport.fail(.null("out_instance"), error) }
        out.pointee = nil
        return run(error) { () throws(EffectFailure) in
            guard table != nil else { throw .null("self") }
            guard id != nil else { throw .null("effect_id") }
            if count > 0, settings == nil { throw .null("settings") }
            var segmenter: TextSegmenter?
            if let services {
                let least = MemoryLayout<effect_host_services>.size
                guard Int(services.pointee.struct_size) >= least else {
                    throw .structTooSmall("effect_host_services", services.pointee.struct_size, least)
                }
                segmenter = TextSegmenter(services)
            }
            let plugin = try PluginExport.owner(of: table)
            let entry = try plugin.entry(id: try readString(id, "effect_id"))
            let given = try readSettings(settings, count: count, for: entry)
            let instance = try entry.makeInstance(settings: given, segmenter: segmenter)
            out.pointee = OpaquePointer(Unmanaged.passRetained(instance).toOpaque())
        }
    }

    /// The checked body of `draw`: reads the context, draws, and fills the
    /// caller's effect_drawing. Kept out of line; failure messages are
    /// only built when there is an error struct to hold them.
    private static func drawFrame(
        _ object: AnyInstance, _ t: Double, _ context: UnsafePointer<effect_draw_context>?,
        _ out: UnsafeMutablePointer<effect_drawing>, _ items: UnsafeMutablePointer<effect_draw_item>?,
        _ capacity: UInt64, _ error: UnsafeMutablePointer<effect_error>?
    ) -> Int32 {
        let drawingSize = MemoryLayout<effect_drawing>.size
        guard Int(out.pointee.struct_size) >= drawingSize else {
            return ErrorReport.fail(Status.structSize, error) {
                "effect_drawing.struct_size is \(out.pointee.struct_size); it must be at least \(drawingSize)"
            }
        }
        // `draws` and a draw of its own disagreeing fails loudly, naming
        // the line to add, rather than pass for an effect that does not draw
        // (hosts would show channel bars) or that draws nothing.
        guard object.draws else {
            guard !object.hasOwnDraw else {
                return ErrorReport.fail(Status.internal, error) {
                    "effect '\(object.effectID)' implements draw(at:on:) but `static var draws` is false, so hosts would not draw it; add `static var draws: Bool { true }`"
                }
            }
            return ErrorReport.fail(Status.unsupported, error) { "effect '\(object.effectID)' does not draw" }
        }
        var proposal = ProposedSize.unspecified
        var measurer = TextMeasurer.reference
        var appearance = Appearance.light
        if let context {
            // A 1.2 host's context ends before `appearance`; only the fields
            // its struct_size covers are read. This is effect.h's
            // EFFECT_DRAW_CONTEXT_SIZE_1_2, which it asserts is the offset
            // (40 on LP64, 32 on wasm32; a key path would allocate per draw).
            let firstSize = 24 + 2 * MemoryLayout<UnsafeRawPointer>.size
            let given = Int(context.pointee.struct_size)
            guard given >= firstSize else {
                return ErrorReport.fail(Status.structSize, error) {
                    "effect_draw_context.struct_size is \(given); it must be at least \(firstSize)"
                }
            }
            if given >= MemoryLayout<effect_draw_context>.size {
                let value = context.pointee.appearance
                guard let named = Appearance(abiValue: value) else {
                    return ErrorReport.fail(Status.range, error) {
                        "the appearance is \(value); it is EFFECT_APPEARANCE_LIGHT (0) or EFFECT_APPEARANCE_DARK (1)"
                    }
                }
                appearance = named
            }
            let (width, height) = (context.pointee.width, context.pointee.height)
            guard width >= 0, height >= 0 else {
                return ErrorReport.fail(Status.range, error) {
                    "the proposed size is \(describe(width)) x \(describe(height)); sizes are >= 0, or 0 or infinity for none"
                }
            }
            proposal = ProposedSize(
                width: width > 0 && width.isFinite ? width : nil, height: height > 0 && height.isFinite ? height : nil)
            measurer = TextMeasurer(function: context.pointee.measure, context: context.pointee.measure_context)
        }
        let room = Int(clamping: capacity)
        // The measurer's answers are kept on the stack for the draw.
        return withUnsafeTemporaryAllocation(of: RecentMeasures.Entry.self, capacity: RecentMeasures.capacity) { recent in
            var canvas = Canvas(
                list: ItemBuffer(items: items, capacity: room), measurer: measurer,
                recent: measurer.function == nil ? .none : RecentMeasures(storage: recent), proposal: proposal,
                appearance: appearance)
            let (drawn, extent) = object.draw(at: t, on: &canvas)
            guard !canvas.drewByDefault else {
                return ErrorReport.fail(Status.internal, error) {
                    "effect '\(object.effectID)' says `static var draws` is true but has no draw(at:on:) of its own; implement it, or drop `draws`"
                }
            }
            guard !canvas.measureFailed else {
                return ErrorReport.fail(Status.range, error) {
                    "the text measurer failed or answered a non-finite metric or a negative ascent or descent"
                }
            }
            // A host's measurer can answer sizes so large that positions built
            // from them overflow; the reference metrics cannot.
            let bounds = extent.bounds
            let finite =
                drawn.width.isFinite && drawn.height.isFinite && bounds.minX.isFinite && bounds.minY.isFinite
                && bounds.width.isFinite && bounds.height.isFinite
            guard finite, measurer.function == nil || canvas.writtenItemsAreFinite else {
                return ErrorReport.fail(Status.range, error) { "the text measurer's answers make the drawing overflow" }
            }
            // A negative advance (tracking can make one) must not make a frame
            // of negative size.
            let size = Size(width: max(0, drawn.width), height: max(0, drawn.height))
            out.pointee = effect_drawing(
                struct_size: UInt32(drawingSize), reserved: 0, item_count: UInt64(canvas.itemCount),
                width: size.width, height: size.height,
                bounds: effect_rect(x: bounds.minX, y: bounds.minY, width: max(0, bounds.width), height: max(0, bounds.height)),
                max_item_count: UInt64(max(extent.maxItems, canvas.itemCount)))
            guard canvas.itemCount <= room else {
                return ErrorReport.fail(Status.buffer, error) { "the buffer holds \(capacity) items; \(canvas.itemCount) are needed" }
            }
            return ErrorReport.succeed(error)
        }
    }

    private static func run(
        _ report: UnsafeMutablePointer<effect_error>?, _ body: () throws(EffectFailure) -> Void
    ) -> Int32 {
        do {
            try body()
            return ErrorReport.succeed(report)
        } catch {
            return ErrorReport.fail(error, report)
        }
    }

    private static func resolve(_ instance: OpaquePointer?) throws(EffectFailure) -> AnyInstance {
        guard let instance else { throw .null("instance") }
        return instanceObject(instance)
    }

    /// The object behind a non-NULL effect_instance pointer.
    private static func instanceObject(_ instance: OpaquePointer) -> AnyInstance {
        Unmanaged<AnyInstance>.fromOpaque(UnsafeRawPointer(instance)).takeUnretainedValue()
    }

    /// Runs `body` on the object behind a non-NULL effect_instance pointer
    /// without retaining it: the caller's reference keeps it alive, and the
    /// sampling path is too hot for a retain and release a call.
    private static func withInstance(_ instance: OpaquePointer, _ body: (AnyInstance) -> Int32) -> Int32 {
        Unmanaged<AnyInstance>.fromOpaque(UnsafeRawPointer(instance))._withUnsafeGuaranteedRef(body)
    }

    private static func checkTime(_ t: Double) throws(EffectFailure) {
        guard isTime(t) else { throw EffectFailure(status: Status.time, badTime(t)) }
    }

    /// Finite and >= 0 (NaN fails both comparisons). Spelled as two
    /// comparisons because `isFinite` compiles to a dozen bit operations,
    /// which showed on the sampling path.
    @inline(__always)
    private static func isTime(_ t: Double) -> Bool {
        t >= 0 && t <= .greatestFiniteMagnitude
    }

    private static func badTime(_ t: Double) -> String {
        "t = \(describe(t)) is not a time; times are finite and >= 0"
    }

    #if DEBUG
        /// The header promises a frame of finite values with every OK. Debug
        /// and fuzz builds check each frame before returning it, so an
        /// effect's math that overflows somewhere in t fails loudly in the
        /// tests instead of handing a renderer NaN; release builds trust it.
        private static func nonFinite(
            in frame: UnsafeMutablePointer<Double>, count: Int, of object: AnyInstance, at t: Double
        ) -> EffectFailure? {
            for index in 0..<count where !frame[index].isFinite {
                return EffectFailure(
                    status: Status.internal,
                    "effect '\(object.effectID)' computed \(frame[index]) for value \(index) of the frame at t = \(describe(t)), a bug in its math")
            }
            return nil
        }
    #endif

    /// The header's first rule for the table calls: a NULL `self` or
    /// `out` is reported before the table is looked up or anything read.
    private static func requirePointers(_ table: UnsafePointer<effect_plugin_api>?, _ out: UnsafeMutableRawPointer?)
        throws(EffectFailure)
    {
        guard table != nil else { throw .null("self") }
        guard out != nil else { throw .null("out") }
    }

    private static func tooSmall(_ capacity: UInt64, _ needed: UInt64) -> String {
        "the buffer holds \(capacity) doubles; \(needed) are needed"
    }

    private static func writeLayout(
        _ instance: AnyInstance, _ sizes: UnsafePointer<Double>?, _ count: UInt32, _ width: Double,
        _ out: UnsafeMutablePointer<Double>?, _ capacity: UInt64
    ) throws(EffectFailure) {
        guard let out else { throw .null("out") }
        guard instance.hasLayout else {
            throw EffectFailure(status: Status.unsupported, "effect '\(instance.effectID)' does no layout")
        }
        let expected = instance.layoutItemCount
        guard Int(count) == expected else {
            throw EffectFailure(status: Status.range, "item_count is \(count); this instance lays out \(expected) items")
        }
        guard width.isFinite, width >= 0 else {
            throw EffectFailure(status: Status.range, "container_width = \(describe(width)); it must be finite and >= 0")
        }
        let header = Int(EFFECT_LAYOUT_HEADER)
        let stride = Int(EFFECT_LAYOUT_STRIDE)
        let needed = header + expected * stride
        guard capacity >= UInt64(needed) else {
            throw EffectFailure(status: Status.buffer, tooSmall(capacity, UInt64(needed)))
        }
        var measured: [LayoutSize]?
        if let sizes {
            measured = try (0..<expected).map { item throws(EffectFailure) in
                let (w, h) = (sizes[2 * item], sizes[2 * item + 1])
                guard w.isFinite, h.isFinite, w >= 0, h >= 0 else {
                    throw EffectFailure(
                        status: Status.range, "item \(item) measures \(describe(w)) x \(describe(h)); sizes are finite and >= 0")
                }
                return LayoutSize(width: w, height: h)
            }
        }
        let layout = try instance.layout(sizes: measured, containerWidth: width)
        guard layout.items.count == expected else {
            throw EffectFailure(status: Status.internal, "the effect placed \(layout.items.count) of \(expected) items")
        }
        var values = [layout.width, layout.height]
        for item in layout.items {
            let decoration = item.decoration ?? LayoutRect(x: 0, y: 0, width: 0, height: 0)
            values += [
                item.x, item.y, item.size.width, item.size.height, decoration.x, decoration.y, decoration.width,
                decoration.height, decoration.cornerRadius, Double(item.row),
            ]
        }
        // Sizes near the largest double can add up past it.
        guard values.allSatisfy({ $0.isFinite }) else {
            throw EffectFailure(status: Status.range, "the sizes are too large to lay out")
        }
        for (offset, value) in values.enumerated() { out[offset] = value }
    }

    private static func readSettings(
        _ settings: UnsafePointer<effect_param_setting>?, count: UInt32, for entry: EffectEntry
    ) throws(EffectFailure) -> [(Int, ParamValue)] {
        guard count > 0 else { return [] }
        guard let settings else { throw .null("settings") }
        var given: [(Int, ParamValue)] = []
        for offset in 0..<Int(count) {
            let setting = settings[offset]
            let name = try readString(setting.name, "settings[\(offset)].name")
            guard let index = entry.specs.firstIndex(where: { $0.name == name }) else {
                throw EffectFailure(
                    status: Status.unknownParam,
                    "effect '\(entry.id)' has no param '\(name)' (params: \(nameList(entry.specs.map { $0.name })))")
            }
            guard !given.contains(where: { $0.0 == index }) else {
                throw EffectFailure(status: Status.duplicate, "param '\(name)' is given twice")
            }
            given.append((index, try decode(setting.value, for: entry.specs[index])))
        }
        return given
    }
}
