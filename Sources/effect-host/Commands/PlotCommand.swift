import EffectHost
import EffectRender
import Glibc

/// `effect-host plot EFFECT -o FILE.svg`: the effect's channels against
/// time, sampled from the plugin, for tuning a curve by eye.
struct PlotCommand {
    let setup: EffectSetup
    let output: String
    /// `output`, or, for /dev/stdout, the stdout the process began with:
    /// the SVG is streamed there.
    let opened: String
    let channelNames: [String]?
    let elements: [Int]?


    init(_ arguments: [String]) throws(UsageError) {
        let parsed = try Arguments(arguments, spec: .plot)
        if parsed.all("--fps").count > 0 {
            throw UsageError("plot samples \(formatNumber(Chart.samplesPerSecond)) times a second and takes no --fps")
        }
        setup = try EffectSetup(parsed, spec: .plot)
        let outputs = parsed.all("-o") + parsed.all("--output")
        guard outputs.count == 1, let output = outputs.first, !output.isEmpty else {
            throw UsageError(outputs.count > 1 ? "plot takes one -o FILE" : "plot needs -o FILE.svg or -o FILE.png")
        }
        let suffix = output.lowercased()
        // A device or a pipe (/dev/stdout, a FIFO) takes the SVG whatever its name.
        let opened = StandardOutput.path(for: output)
        guard suffix.hasSuffix(".svg") || suffix.hasSuffix(".png") || opened != output || Files.isSpecial(opened) else {
            throw UsageError("plot writes a file ending in .svg or .png, not '\(Terminal.sanitize(output))'")
        }
        self.output = output
        self.opened = opened
        channelNames = try parsed.single("--channels").map { text throws(UsageError) in
            let names = text.split(separator: ",").map { String($0).trimmingSpaces() }.filter { !$0.isEmpty }
            guard !names.isEmpty else { throw UsageError("--channels needs channel names like amount,scale") }
            if let twice = names.first(where: { name in names.filter { $0 == name }.count > 1 }) {
                throw UsageError("--channels names '\(Terminal.sanitize(twice))' twice")
            }
            return names
        }
        elements = try parsed.single("--elements").map { text throws(UsageError) in
            let indices = try text.split(separator: ",", omittingEmptySubsequences: false).map { piece throws(UsageError) in
                guard let index = Int(piece.trimmingSpaces()), index >= 0 else {
                    throw UsageError("--elements needs element numbers like 0,3, not '\(Terminal.sanitize(text))'")
                }
                return index
            }
            guard Set(indices).count == indices.count else {
                throw UsageError("--elements names an element twice: '\(Terminal.sanitize(text))'")
            }
            return indices
        }
    }

    func run() throws -> Int32 {
        let instance = try setup.makeInstance()
        let effect = instance.effect
        let requests = try requested(effect, elementCount: instance.elementCount)
        let last = max(
            try setup.lastFrameIndex(instance, limit: Chart.maxSamples, advice: "pass a shorter --duration"),
            setup.duration == nil ? Chart.shortestSpanSamples : 1)
        let markers = setup.events.map { Chart.Marker(t: $0.t, label: "\($0.name)=\($0.value)") }
        let sampled: Chart.Sampled
        do {
            sampled = try Chart.sampling(
                instance, channels: requests, asked: channelNames != nil, elementsAsked: elements != nil, fps: setup.fps, lastFrame: last,
                markers: markers)
        } catch let error as EffectError {
            throw RuntimeError("\(effect.id): \(Terminal.sanitize(error.message))")
        }
        guard case let .chart(chart) = sampled else {
            if case let .stopped(signal) = sampled { return 128 + signal }
            return 1
        }
        if opened != output {
            // The stdout the process began with, a file or a pipe: written there, not beside it.
            do {
                try Output.standard.stream(chart.svg() + "\n", flushNow: true)
            } catch {
                return 0
            }
        } else if output.lowercased().hasSuffix(".png") {
            try writePNG(chart)
        } else {
            try Files.write(chart.svg() + "\n", to: output)
        }
        Output.error.line(
            "effect-host: wrote \(chart.series.count) series over \(readable(chart.times.last ?? 0)) s of \(effect.id) to \(Terminal.sanitize(output))")
        try? Output.error.flush()
        return 0
    }

    /// The chart at twice its size in points, as render's pictures are.
    private func writePNG(_ chart: Chart) throws {
        let canvas: PixelCanvas
        do {
            canvas = try PixelCanvas(
                width: Int((Chart.width * RenderJob.defaultScale).rounded(.up)),
                height: Int((chart.height * RenderJob.defaultScale).rounded(.up)))
            let fonts = try FontOption.fonts(.family(FontBook.defaultFamily))
            try chart.draw(on: canvas, fonts: fonts.fonts)
            FontOption.say(fonts.drawnNotes)
        } catch let error as NativeError {
            throw RuntimeError(error.description)
        }
        try canvas.writePNG(to: output)
    }

    private static func outOfRange(_ element: Int, _ effect: EffectDescription, _ count: Int) -> UsageError {
        switch count {
        case 0: UsageError("\(effect.id) has no elements with these params, so there is no element \(element)")
        case 1: UsageError("element \(element) is out of range; \(effect.id) has one element (0) with these params")
        default: UsageError("element \(element) is out of range; \(effect.id) has elements 0 to \(count - 1) with these params")
        }
    }

    /// The channels asked for, or by default every global channel that
    /// moves (and every discrete one, as bands), falling back to the moving
    /// element channels of the chosen elements.
    private func requested(_ effect: EffectDescription, elementCount: Int) throws(UsageError) -> [ChartedChannel] {
        let chosen = elements ?? (elementCount > 0 ? [0] : [])
        if let bad = chosen.first(where: { $0 >= elementCount }) {
            throw Self.outOfRange(bad, effect, elementCount)
        }
        guard let channelNames else {
            var requests = effect.channels.map { ChartedChannel(channel: $0, element: nil) }
            if requests.isEmpty || elements != nil {
                requests += effect.elementChannels.flatMap { channel in chosen.map { ChartedChannel(channel: channel, element: $0) } }
            }
            return requests
        }
        var requests: [ChartedChannel] = []
        var usesChosen = false
        for name in channelNames {
            var base = name
            var index: Int?
            if let open = name.firstIndex(of: "["), name.hasSuffix("]") {
                base = String(name[..<open])
                guard let parsed = Int(name[name.index(after: open)..<name.index(before: name.endIndex)]), parsed >= 0 else {
                    throw UsageError("'\(Terminal.sanitize(name))' is not NAME[element]")
                }
                guard parsed < elementCount else {
                    throw Self.outOfRange(parsed, effect, elementCount)
                }
                index = parsed
            }
            if index != nil, effect.channels.contains(where: { $0.name == base }) {
                throw UsageError("channel '\(Terminal.sanitize(base))' is global; it has no elements")
            }
            if index == nil, let channel = effect.channels.first(where: { $0.name == base }) {
                requests.append(ChartedChannel(channel: channel, element: nil))
            } else if let channel = effect.elementChannels.first(where: { $0.name == base }) {
                usesChosen = usesChosen || index == nil
                requests += (index.map { [$0] } ?? chosen).map { ChartedChannel(channel: channel, element: $0) }
            } else {
                let names = effect.channels.map(\.name) + effect.elementChannels.map(\.name)
                let hint = suggestion(for: base, among: names, named: "channels")
                throw UsageError("effect '\(effect.id)' has no channel '\(Terminal.sanitize(base))'\(hint)")
            }
        }
        if let elements, !usesChosen {
            let listed = elements.map(String.init).joined(separator: ",")
            let names = effect.elementChannels.map(\.name)
            let which = names.isEmpty ? "\(effect.id) has none" : "those of \(effect.id) are \(names.joined(separator: ", "))"
            throw UsageError("--elements \(listed) picks the elements of element channels, and --channels names none (\(which))")
        }
        return requests
    }
}

extension StringProtocol {
    func trimmingSpaces() -> String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
