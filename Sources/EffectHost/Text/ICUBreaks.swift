import CEffect
import Glibc

/// Word boundaries (UAX #29, with ICU's dictionaries for Chinese, Japanese,
/// Thai, Lao, Khmer and Myanmar) and line-break opportunities (UAX #14)
/// from ICU's common library, loaded at run time: Debian's libicu72 and its
/// successors are runtime packages, and their symbols carry the version.
final class ICUBreaks: @unchecked Sendable {
    private typealias OpenUTF8 = @convention(c) (
        OpaquePointer?, UnsafePointer<CChar>?, Int64, UnsafeMutablePointer<Int32>?
    ) -> OpaquePointer?
    private typealias CloseText = @convention(c) (OpaquePointer?) -> OpaquePointer?
    private typealias Open = @convention(c) (
        Int32, UnsafePointer<CChar>?, UnsafePointer<UInt16>?, Int32, UnsafeMutablePointer<Int32>?
    ) -> OpaquePointer?
    private typealias SetText = @convention(c) (OpaquePointer?, OpaquePointer?, UnsafeMutablePointer<Int32>?) -> Void
    private typealias Step = @convention(c) (OpaquePointer?) -> Int32
    private typealias Close = @convention(c) (OpaquePointer?) -> Void

    private let openUTF8: OpenUTF8
    private let closeText: CloseText
    private let open: Open
    private let setText: SetText
    private let first: Step
    private let next: Step
    private let close: Close

    /// UBreakIteratorType.
    private static let wordIterator: Int32 = 1
    private static let lineIterator: Int32 = 2

    private init(_ library: DynamicLibrary, suffix: String) throws(NativeError) {
        openUTF8 = try library.function("utext_openUTF8" + suffix)
        closeText = try library.function("utext_close" + suffix)
        open = try library.function("ubrk_open" + suffix)
        setText = try library.function("ubrk_setUText" + suffix)
        first = try library.function("ubrk_first" + suffix)
        next = try library.function("ubrk_next" + suffix)
        close = try library.function("ubrk_close" + suffix)
    }

    /// The newest ICU the loader finds; ICU's soname and its symbols' suffix are its major version.
    static let shared: Result<ICUBreaks, NativeError> = {
        let versions = Array((50...99).reversed())
        do throws(NativeError) {
            let library = try DynamicLibrary(versions.map { "libicuuc.so.\($0)" }, package: "libicu72")
            let version = library.name.split(separator: ".").last.map(String.init) ?? ""
            // A build configured with --disable-renaming has plain names.
            if let suffixed = try? ICUBreaks(library, suffix: "_" + version) { return .success(suffixed) }
            return .success(try ICUBreaks(library, suffix: ""))
        } catch {
            return .failure(error)
        }
    }()

    /// Marks in `flags` (count + 1 bytes, zeroed) the boundaries of `text`
    /// (`count` bytes of UTF-8) that an iterator of `type` finds, with
    /// `flag`. False when ICU fails.
    private func mark(
        _ type: Int32, _ flag: UInt8, _ text: UnsafePointer<CChar>, _ count: Int, _ flags: UnsafeMutablePointer<UInt8>
    ) -> Bool {
        var status: Int32 = 0
        guard let utext = openUTF8(nil, text, Int64(count), &status), status <= 0 else { return false }
        defer { _ = closeText(utext) }
        guard let iterator = open(type, "", nil, 0, &status), status <= 0 else { return false }
        defer { close(iterator) }
        setText(iterator, utext, &status)
        guard status <= 0 else { return false }
        // With UTF-8 text, the iterator's positions are byte offsets.
        var position = first(iterator)
        while position >= 0 {
            guard position <= count else { return false }
            flags[Int(position)] |= flag
            position = next(iterator)
        }
        return true
    }

    /// effect_segment_fn's answer for `text`.
    func segment(_ text: UnsafePointer<CChar>, count: Int, into flags: UnsafeMutablePointer<UInt8>) -> Bool {
        guard count < Int(Int32.max) else { return false }
        flags.initialize(repeating: 0, count: count + 1)
        return mark(Self.wordIterator, UInt8(EFFECT_BREAK_WORD), text, count, flags)
            && mark(Self.lineIterator, UInt8(EFFECT_BREAK_LINE), text, count, flags)
    }
}
