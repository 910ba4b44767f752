import EffectHost
import XCTest

/// The text a scan hands its parent and the cache keeps: every field comes
/// back as it went, and text that is not a whole record is refused, never
/// half read.
final class PluginRecordTextTests: XCTestCase {
    private func bundled() throws -> [PluginRecord] {
        try TestEnvironment.bundledPlugins.map { try Plugin.load(path: TestEnvironment.buildDirectory + "/" + $0).record }
    }

    func testEveryBundledPluginReadsBackAsItWasWritten() throws {
        for record in try bundled() {
            let lines = PluginRecordText.lines(for: record)
            let read = try PluginRecordText.record(from: lines, path: record.path)
            XCTAssertEqual(read.resolvedPath, record.resolvedPath)
            XCTAssertEqual(read.info.id, record.info.id)
            XCTAssertEqual(read.info.summary, record.info.summary)
            XCTAssertEqual(read.info.abiMinor, record.info.abiMinor)
            XCTAssertEqual(read.effects.count, record.effects.count)
            for (a, b) in zip(read.effects, record.effects) {
                XCTAssertEqual(a.id, b.id)
                XCTAssertEqual(a.index, b.index)
                XCTAssertEqual(a.timingKinds, b.timingKinds)
                XCTAssertEqual(a.timingDoc, b.timingDoc)
                XCTAssertEqual(a.params.map(\.name), b.params.map(\.name))
                XCTAssertEqual(a.params.map(\.defaultValue), b.params.map(\.defaultValue))
                XCTAssertEqual(a.params.map(\.range), b.params.map(\.range))
                XCTAssertEqual(a.params.map(\.choices), b.params.map(\.choices))
                XCTAssertEqual(a.params.map(\.isLive), b.params.map(\.isLive))
                XCTAssertEqual(a.params.map(\.isMultiline), b.params.map(\.isMultiline))
                for (x, y) in zip(a.channels + a.elementChannels + a.attributes, b.channels + b.elementChannels + b.attributes) {
                    XCTAssertEqual(x.name, y.name)
                    XCTAssertEqual(x.scope, y.scope)
                    XCTAssertEqual(x.range, y.range)
                    XCTAssertEqual(x.labels, y.labels)
                    XCTAssertEqual(x.isCounter, y.isCounter)
                }
            }
            XCTAssertEqual(PluginRecordText.lines(for: read), lines, "\(record.info.id): writing it again gives the same text")
            // Each bundled plugin has one effect with a multiline `text` (ABI 1.7).
            XCTAssertEqual(
                read.effects.flatMap { $0.params.filter(\.isMultiline).map(\.name) }, ["text"], "\(record.info.id)")
        }
    }

    func testFieldsKeepTabsNewlinesAndBackslashes() {
        let awkward = ["a\tb", "line\nbreak\r", "back\\slash", "\\t is not a tab", "", "é ✓"]
        XCTAssertEqual(PluginRecordText.fields(of: PluginRecordText.line(awkward)), awkward)
        XCTAssertFalse(PluginRecordText.line(awkward).contains("\n"))
    }

    func testTextThatIsNotAWholeRecordIsRefused() throws {
        let lines = PluginRecordText.lines(for: try bundled()[1])
        for count in 0..<lines.count {
            XCTAssertThrowsError(try PluginRecordText.record(from: lines.prefix(count), path: "x"), "the first \(count) lines")
        }
        XCTAssertThrowsError(try PluginRecordText.record(from: lines + ["effect"], path: "x"), "a line too many")
        for (index, line) in lines.enumerated() {
            var fields = PluginRecordText.fields(of: line)
            fields.removeLast()
            var cut = lines
            cut[index] = PluginRecordText.line(fields)
            XCTAssertThrowsError(try PluginRecordText.record(from: cut, path: "x"), "line \(index) short of a field")
        }
    }
}
