import EffectHost

/// Frames as JSON Lines: {"t": ..., "channels": {...}, "elements": [...]}.
final class JSONLinesSink: FrameSink {
    private let effect: EffectDescription
    private let elementCount: Int
    private let flushEachFrame: Bool
    private let keys: [String]
    private let elementKeys: [String]

    init(effect: EffectDescription, elementCount: Int, flushEachFrame: Bool) {
        self.effect = effect
        self.elementCount = elementCount
        self.flushEachFrame = flushEachFrame
        keys = effect.channels.map { Self.key($0.name) }
        elementKeys = effect.elementChannels.map { Self.key($0.name) }
    }

    private static func key(_ name: String) -> String {
        var quoted = ""
        JSON.quote(name, into: &quoted)
        return quoted + ": "
    }

    func frame(_ frame: SampledFrame) throws {
        var line = "{\"t\": \(formatNumber(frame.t)), \"channels\": {"
        for (index, key) in keys.enumerated() {
            if index > 0 { line += ", " }
            line += key + formatNumber(frame.values[index])
        }
        line += "}"
        if !elementKeys.isEmpty {
            line += ", \"elements\": ["
            var offset = keys.count
            for element in 0..<elementCount {
                line += element == 0 ? "{" : ", {"
                for (index, key) in elementKeys.enumerated() {
                    if index > 0 { line += ", " }
                    line += key + formatNumber(frame.values[offset])
                    offset += 1
                }
                line += "}"
            }
            line += "]"
        }
        line += "}\n"
        try Output.standard.stream(line, flushNow: flushEachFrame)
    }

    func finish(interrupted: Bool) {
        try? Output.standard.flush()
    }
}

/// Frames as CSV: a header, then one row per frame; element channels are
/// named name[i].
final class CSVSink: FrameSink {
    private let flushEachFrame: Bool

    init(effect: EffectDescription, elementCount: Int, flushEachFrame: Bool) {
        self.flushEachFrame = flushEachFrame
        var header = ["t"] + effect.channels.map(\.name)
        for element in 0..<elementCount {
            header += effect.elementChannels.map { "\($0.name)[\(element)]" }
        }
        Output.standard.line(header.joined(separator: ","))
    }

    func frame(_ frame: SampledFrame) throws {
        var row = formatNumber(frame.t)
        for value in frame.values {
            row += ","
            row += formatNumber(value)
        }
        try Output.standard.stream(row + "\n", flushNow: flushEachFrame)
    }

    func finish(interrupted: Bool) {
        try? Output.standard.flush()
    }
}
