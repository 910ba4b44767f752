import CEffect
@testable import EffectHost
import XCTest

/// A C string that lives as long as the program.
private func cName(_ name: StaticString) -> UnsafePointer<CChar> {
    UnsafeRawPointer(name.utf8Start).assumingMemoryBound(to: CChar.self)
}

/// The header's promises, called through the raw table: every bad input
/// gets a status and a message, never a crash.
final class ABIContractTests: XCTestCase {
    private var api: UnsafePointer<effect_plugin_api>!
    private var error = effect_error()

    override func setUpWithError() throws {
        api = try Fixtures.strike().api
        error = effect_error()
        error.struct_size = UInt32(MemoryLayout<effect_error>.size)
    }

    private var message: String {
        withUnsafeBytes(of: error.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }

    private func create(_ settings: [effect_param_setting] = []) -> (Int32, OpaquePointer?) {
        var instance: OpaquePointer?
        let status = settings.withUnsafeBufferPointer {
            api.pointee.create!(api, "strikethrough-reveal", $0.baseAddress, UInt32($0.count), &instance, &error)
        }
        return (status, instance)
    }

    private func value(_ type: UInt32, number: Double = 0, integer: Int64 = 0, string: UnsafePointer<CChar>? = nil)
        -> effect_value
    {
        effect_value(type: type, reserved: 0, number: number, integer: integer, string: string)
    }

    func testVersionHeader() {
        XCTAssertEqual(api.pointee.abi_major, 1)
        XCTAssertEqual(api.pointee.abi_minor, 7)
        XCTAssertEqual(Int(api.pointee.struct_size), MemoryLayout<effect_plugin_api>.size)
    }

    func testNullPointers() {
        XCTAssertEqual(api.pointee.describe!(api, nil, &error), EFFECT_ERR_NULL_POINTER)
        XCTAssertEqual(api.pointee.describe!(nil, nil, nil), EFFECT_ERR_NULL_POINTER)
        XCTAssertEqual(api.pointee.create!(api, nil, nil, 0, nil, &error), EFFECT_ERR_NULL_POINTER)
        var instance: OpaquePointer?
        XCTAssertEqual(api.pointee.create!(api, nil, nil, 0, &instance, &error), EFFECT_ERR_NULL_POINTER)
        XCTAssertEqual(api.pointee.create!(api, "strikethrough-reveal", nil, 2, &instance, &error), EFFECT_ERR_NULL_POINTER)
        XCTAssertNil(instance)
        XCTAssertEqual(message, "settings is NULL")
        var frame = [Double](repeating: 0, count: 6)
        XCTAssertEqual(api.pointee.sample!(nil, 0, &frame, 6, &error), EFFECT_ERR_NULL_POINTER)
        XCTAssertEqual(api.pointee.sample_many!(nil, 0, 0.1, 1, &frame, 6, &error), EFFECT_ERR_NULL_POINTER)
        XCTAssertEqual(api.pointee.instance_info!(nil, nil, &error), EFFECT_ERR_NULL_POINTER)
        XCTAssertEqual(api.pointee.destroy!(nil), EFFECT_OK)
        let (_, created) = create()
        defer { _ = api.pointee.destroy!(created) }
        XCTAssertEqual(api.pointee.sample!(created, 0, nil, 6, &error), EFFECT_ERR_NULL_POINTER)
        XCTAssertEqual(api.pointee.set_param!(created, "done", nil, 0, &error), EFFECT_ERR_NULL_POINTER)
        var done = value(EFFECT_TYPE_BOOL)
        XCTAssertEqual(api.pointee.set_param!(created, nil, &done, 0, &error), EFFECT_ERR_NULL_POINTER)
        XCTAssertEqual(api.pointee.get_param!(created, "done", 0, nil, &error), EFFECT_ERR_NULL_POINTER)
        XCTAssertEqual(api.pointee.strings!(created, 0, nil, &error), EFFECT_ERR_NULL_POINTER)
    }

    /// ctypes and Rust hand the plugin a copy of its table as `self`.
    func testACopiedTableWorks() {
        var copy = api.pointee
        var info = effect_plugin_info()
        info.struct_size = UInt32(MemoryLayout<effect_plugin_info>.size)
        XCTAssertEqual(copy.describe!(&copy, &info, &error), EFFECT_OK, message)
        XCTAssertEqual(String(cString: info.id), "strike")
        var instance: OpaquePointer?
        XCTAssertEqual(copy.create!(&copy, "strikethrough-reveal", nil, 0, &instance, &error), EFFECT_OK)
        XCTAssertEqual(copy.destroy!(instance), EFFECT_OK)
    }

    /// A 1.0 caller passes the 1.0 size of effect_instance_info and gets the
    /// 1.0 fields; a 1.1 caller also gets layout_item_count.
    func testInstanceInfoSizes() {
        let (_, instance) = create()
        defer { _ = api.pointee.destroy!(instance) }
        var info = effect_instance_info()
        info.struct_size = EFFECT_INSTANCE_INFO_SIZE_1_0
        info.layout_item_count = 77
        XCTAssertEqual(api.pointee.instance_info!(instance, &info, &error), EFFECT_OK)
        XCTAssertEqual(info.struct_size, EFFECT_INSTANCE_INFO_SIZE_1_0)
        XCTAssertEqual(info.frame_size, 6)
        XCTAssertEqual(info.layout_item_count, 77, "untouched beyond the 1.0 size")
        info.struct_size = UInt32(MemoryLayout<effect_instance_info>.size)
        XCTAssertEqual(api.pointee.instance_info!(instance, &info, &error), EFFECT_OK)
        XCTAssertEqual(info.layout_item_count, 0)
        info.struct_size = 40
        XCTAssertEqual(api.pointee.instance_info!(instance, &info, &error), EFFECT_ERR_STRUCT_SIZE)
        var out = [Double](repeating: 0, count: 12)
        XCTAssertEqual(api.pointee.layout!(instance, nil, 0, 80, &out, 12, &error), EFFECT_ERR_UNSUPPORTED)
        XCTAssertEqual(message, "effect 'strikethrough-reveal' does no layout")
    }

    func testManyEventsStayCheap() throws {
        // Rebuilding after each event must not cost more than about linear
        // in the events so far; a cubic rebuild would not finish here.
        let instance = try Fixtures.strikeInstance()
        for index in 0..<1000 {
            try instance.set("done", to: .bool(index % 2 == 1), at: Double(index) * 0.5)
        }
        XCTAssertEqual(try instance.sample(at: 499.5 + 0.16)[0], 0.5, accuracy: 1e-12)
        XCTAssertEqual(try instance.info().timing, .ends(at: 499.5 + 0.32))
    }

    func testStructSizes() {
        var info = effect_plugin_info()
        info.struct_size = 8
        XCTAssertEqual(api.pointee.describe!(api, &info, &error), EFFECT_ERR_STRUCT_SIZE)
        XCTAssertTrue(message.contains("struct_size is 8"), message)
        XCTAssertNil(info.id)
        // A bigger struct (a newer host) gets what the plugin knows, and learns how much.
        let bytes = UnsafeMutableRawPointer.allocate(byteCount: 256, alignment: 8)
        defer { bytes.deallocate() }
        bytes.initializeMemory(as: UInt8.self, repeating: 0xAB, count: 256)
        bytes.storeBytes(of: UInt32(256), as: UInt32.self)
        XCTAssertEqual(api.pointee.describe!(api, bytes.assumingMemoryBound(to: effect_plugin_info.self), &error), EFFECT_OK)
        XCTAssertEqual(bytes.load(as: UInt32.self), UInt32(MemoryLayout<effect_plugin_info>.size))
        XCTAssertEqual(bytes.load(fromByteOffset: MemoryLayout<effect_plugin_info>.size, as: UInt8.self), 0xAB)
        // An error struct that is too small is simply not written.
        var small = effect_error()
        small.struct_size = 4
        XCTAssertEqual(api.pointee.describe!(api, nil, &small), EFFECT_ERR_NULL_POINTER)
        XCTAssertEqual(small.status, 0)
    }

    func testIndexes() {
        var info = effect_info()
        info.struct_size = UInt32(MemoryLayout<effect_info>.size)
        XCTAssertEqual(api.pointee.effect_info!(api, 1, &info, &error), EFFECT_ERR_INDEX)
        var param = effect_param_info()
        param.struct_size = UInt32(MemoryLayout<effect_param_info>.size)
        XCTAssertEqual(api.pointee.param_info!(api, 0, 9, &param, &error), EFFECT_ERR_INDEX)
        XCTAssertEqual(api.pointee.param_info!(api, 0, UInt32.max, &param, &error), EFFECT_ERR_INDEX)
        var channel = effect_channel_info()
        channel.struct_size = UInt32(MemoryLayout<effect_channel_info>.size)
        XCTAssertEqual(api.pointee.channel_info!(api, 0, 6, &channel, &error), EFFECT_ERR_INDEX)
        let (_, instance) = create()
        defer { _ = api.pointee.destroy!(instance) }
        var element = effect_element_info()
        element.struct_size = UInt32(MemoryLayout<effect_element_info>.size)
        XCTAssertEqual(api.pointee.element_info!(instance, 0, &element, &error), EFFECT_ERR_INDEX)
    }

    func testBadValuesAreRefusedWithAMessage() {
        func refused(_ name: String, _ value: effect_value, _ status: Int32, _ fragment: String, line: UInt = #line) {
            let (result, instance) = name.withCString { create([effect_param_setting(name: $0, value: value)]) }
            XCTAssertEqual(result, status, message, line: line)
            XCTAssertNil(instance, line: line)
            XCTAssertEqual(error.status, status, line: line)
            XCTAssertTrue(message.contains(fragment), "'\(message)' lacks '\(fragment)'", line: line)
        }
        refused("colour", value(EFFECT_TYPE_NUMBER, number: 1), EFFECT_ERR_UNKNOWN_PARAM, "no param 'colour'")
        refused("duration", value(EFFECT_TYPE_STRING, string: "0.3"), EFFECT_ERR_TYPE, "needs a number")
        refused("duration", value(EFFECT_TYPE_NUMBER, number: .nan), EFFECT_ERR_RANGE, "finite")
        refused("duration", value(EFFECT_TYPE_NUMBER, number: .infinity), EFFECT_ERR_RANGE, "finite")
        refused("duration", value(EFFECT_TYPE_NUMBER, number: 0), EFFECT_ERR_RANGE, "0.001...60")
        refused("fade", value(EFFECT_TYPE_NUMBER, number: 1.5), EFFECT_ERR_RANGE, "0...1")
        refused("done", value(EFFECT_TYPE_BOOL, integer: 2), EFFECT_ERR_RANGE, "0 or 1")
        refused("done", value(EFFECT_TYPE_NUMBER, number: 1), EFFECT_ERR_TYPE, "needs a bool")
        refused("done", value(EFFECT_TYPE_NONE), EFFECT_ERR_TYPE, "cannot be unset")
        refused("line_color", value(EFFECT_TYPE_COLOR, integer: -1), EFFECT_ERR_RANGE, "colour")
        refused("line_color", value(EFFECT_TYPE_COLOR, integer: 1 << 33), EFFECT_ERR_RANGE, "colour")
        refused("text", value(EFFECT_TYPE_STRING), EFFECT_ERR_NULL_POINTER, "NULL")
        refused("progress", value(99), EFFECT_ERR_TYPE, "value type 99")
        let invalid: [CChar] = [CChar(bitPattern: 0xC3), CChar(bitPattern: 0x28), 0]
        invalid.withUnsafeBufferPointer {
            refused("text", value(EFFECT_TYPE_STRING, string: $0.baseAddress), EFFECT_ERR_UTF8, "UTF-8")
        }
        var instance: OpaquePointer?
        invalid.withUnsafeBufferPointer {
            XCTAssertEqual(api.pointee.create!(api, $0.baseAddress, nil, 0, &instance, &error), EFFECT_ERR_UTF8)
        }
        XCTAssertEqual(api.pointee.create!(api, "strike-through", nil, 0, &instance, &error), EFFECT_ERR_UNKNOWN_EFFECT)
        XCTAssertTrue(message.contains("strikethrough-reveal"), message)
    }

    func testNumericCoercions() {
        // A number param takes an integer; an integer given for a number keeps its value.
        let (status, instance) = create([effect_param_setting(name: cName("duration"), value: value(EFFECT_TYPE_INTEGER, integer: 2))])
        XCTAssertEqual(status, EFFECT_OK, message)
        defer { _ = api.pointee.destroy!(instance) }
        var out = effect_value()
        XCTAssertEqual(api.pointee.get_param!(instance, "duration", 0, &out, &error), EFFECT_OK)
        XCTAssertEqual(out.type, EFFECT_TYPE_NUMBER)
        XCTAssertEqual(out.number, 2)
    }

    func testDuplicateParams() {
        let done = value(EFFECT_TYPE_BOOL, integer: 1)
        let (status, instance) = create([
            effect_param_setting(name: cName("done"), value: done), effect_param_setting(name: cName("done"), value: done),
        ])
        XCTAssertEqual(status, EFFECT_ERR_DUPLICATE)
        XCTAssertNil(instance)
    }

    func testTimesAndBuffers() {
        let (_, instance) = create()
        defer { _ = api.pointee.destroy!(instance) }
        var frame = [Double](repeating: -7, count: 12)
        for t in [Double.nan, -.infinity, .infinity, -1, -1e-300] {
            XCTAssertEqual(api.pointee.sample!(instance, t, &frame, 12, &error), EFFECT_ERR_TIME, "t = \(t)")
        }
        XCTAssertEqual(frame, [Double](repeating: -7, count: 12), "a refused call writes nothing")
        XCTAssertEqual(api.pointee.sample!(instance, 0, &frame, 0, &error), EFFECT_ERR_BUFFER)
        XCTAssertEqual(api.pointee.sample!(instance, 0, &frame, 5, &error), EFFECT_ERR_BUFFER)
        XCTAssertEqual(api.pointee.sample!(instance, 0, &frame, 6, &error), EFFECT_OK)
        XCTAssertEqual(error.status, EFFECT_OK)
        XCTAssertEqual(message, "")
        XCTAssertEqual(api.pointee.sample_many!(instance, 0, 0.1, 3, &frame, 12, &error), EFFECT_ERR_BUFFER)
        XCTAssertEqual(api.pointee.sample_many!(instance, 0, 0.1, 2, &frame, 12, &error), EFFECT_OK)
        XCTAssertEqual(api.pointee.sample_many!(instance, 0, 0.1, 0, &frame, 0, &error), EFFECT_OK)
        XCTAssertEqual(api.pointee.sample_many!(instance, 0, 0.1, UInt64.max, &frame, 12, &error), EFFECT_ERR_BUFFER)
        XCTAssertEqual(message, "count = 18446744073709551615 frames of 6 doubles is more than any buffer holds")
        // A capacity that no buffer has: the count is refused, not believed.
        XCTAssertEqual(api.pointee.sample_many!(instance, 0, 0.1, UInt64(Int.max) + 1, &frame, .max, &error), EFFECT_ERR_BUFFER)
        XCTAssertEqual(message, "count = 9223372036854775808 frames of 6 doubles is more than any buffer holds")
        XCTAssertEqual(api.pointee.sample_many!(instance, 0, 0.1, 3, &frame, 12, &error), EFFECT_ERR_BUFFER)
        XCTAssertEqual(message, "the buffer holds 12 doubles; 18 are needed")
        XCTAssertEqual(api.pointee.sample_many!(instance, 0.1, -0.2, 2, &frame, 12, &error), EFFECT_ERR_TIME)
        XCTAssertEqual(api.pointee.sample_many!(instance, 0, .nan, 2, &frame, 12, &error), EFFECT_ERR_TIME)
        XCTAssertEqual(api.pointee.sample_many!(instance, 1e308, 1e308, 2, &frame, 12, &error), EFFECT_ERR_TIME)
        // Far in the future the effect has long settled.
        XCTAssertEqual(api.pointee.sample!(instance, 1e300, &frame, 6, &error), EFFECT_OK)
        for (value, expected) in zip(frame[0..<6], [1, 1, 0.45, 0.15, 1, 1]) { XCTAssertEqual(value, expected, accuracy: 1e-15) }
        var done = value(EFFECT_TYPE_BOOL)
        XCTAssertEqual(api.pointee.set_param!(instance, "done", &done, .nan, &error), EFFECT_ERR_TIME)
        var out = effect_value()
        XCTAssertEqual(api.pointee.get_param!(instance, "done", -1, &out, &error), EFFECT_ERR_TIME)
    }

    func testSetParamRules() {
        let (_, instance) = create()
        defer { _ = api.pointee.destroy!(instance) }
        var text = value(EFFECT_TYPE_STRING, string: "other")
        XCTAssertEqual(api.pointee.set_param!(instance, "text", &text, 1, &error), EFFECT_ERR_NOT_LIVE)
        XCTAssertTrue(message.contains("fixed"), message)
        var bad = value(EFFECT_TYPE_NUMBER, number: -1)
        XCTAssertEqual(api.pointee.set_param!(instance, "fade", &bad, 1, &error), EFFECT_ERR_RANGE)
        XCTAssertEqual(api.pointee.set_param!(instance, "nope", &bad, 1, &error), EFFECT_ERR_UNKNOWN_PARAM)
        // A refused event leaves the instance as it was.
        var frame = [Double](repeating: 0, count: 6)
        XCTAssertEqual(api.pointee.sample!(instance, 2, &frame, 6, &error), EFFECT_OK)
        XCTAssertEqual(frame[2], 0.45, accuracy: 1e-15)
        var unset = value(EFFECT_TYPE_NONE)
        XCTAssertEqual(api.pointee.set_param!(instance, "progress", &unset, 1, &error), EFFECT_OK)
    }

    func testLongMessagesAreCutAtACharacterBoundary() {
        let name = String(repeating: "é", count: 600)
        var instance: OpaquePointer?
        let status = api.pointee.create!(api, name, nil, 0, &instance, &error)
        XCTAssertEqual(status, EFFECT_ERR_UNKNOWN_EFFECT)
        let bytes = withUnsafeBytes(of: error.message) { Array($0.prefix { $0 != 0 }) }
        XCTAssertLessThan(bytes.count, Int(EFFECT_ERROR_MESSAGE_CAPACITY))
        XCTAssertNotNil(String(validating: bytes, as: UTF8.self), "the message is still valid UTF-8")
    }

    func testEveryMetadataStringIsStableAcrossCalls() {
        var first = effect_info()
        first.struct_size = UInt32(MemoryLayout<effect_info>.size)
        var second = first
        XCTAssertEqual(api.pointee.effect_info!(api, 0, &first, &error), EFFECT_OK)
        XCTAssertEqual(api.pointee.effect_info!(api, 0, &second, &error), EFFECT_OK)
        XCTAssertEqual(first.id, second.id)
        XCTAssertEqual(String(cString: first.id), "strikethrough-reveal")
    }
}
