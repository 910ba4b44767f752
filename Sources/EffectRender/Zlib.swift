import EffectHost

/// zlib (libz.so.1, Debian's zlib1g, which cairo and ffmpeg already
/// load), loaded at run time as every system library here is: its
/// one-call compression and its CRC-32, for PNG files and dotLottie
/// archives. Both calls are safe from any thread at once.
public struct Zlib: @unchecked Sendable {
    typealias Compress = @convention(c) (
        UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<UInt>?, UnsafeRawPointer?, UInt, Int32
    ) -> Int32
    typealias Bound = @convention(c) (UInt) -> UInt
    typealias CRC = @convention(c) (UInt, UnsafeRawPointer?, UInt32) -> UInt

    private let compress2: Compress
    private let compressBound: Bound
    private let crc32: CRC

    /// Loaded once per process; the reason when zlib is missing.
    public static let shared: Result<Zlib, NativeError> = {
        do throws(NativeError) {
            let library = try DynamicLibrary(["libz.so.1"], package: "zlib1g")
            return .success(
                Zlib(
                    compress2: try library.function("compress2"), compressBound: try library.function("compressBound"),
                    crc32: try library.function("crc32")))
        } catch {
            return .failure(error)
        }
    }()

    /// The most bytes `count` bytes can take as a zlib stream.
    public func bound(_ count: Int) -> Int { Int(compressBound(UInt(count))) }

    /// `input` as one zlib stream (RFC 1950) at `level` (1, fastest, to 9,
    /// smallest), written at `output`, which holds `bound(input.count)`
    /// bytes; returns how many it wrote.
    public func compress(_ input: UnsafeRawBufferPointer, level: Int32, into output: UnsafeMutablePointer<UInt8>) throws(NativeError) -> Int {
        var size = compressBound(UInt(input.count))
        let status = compress2(output, &size, input.baseAddress, UInt(input.count), level)
        guard status == 0 else { throw NativeError("zlib could not compress \(input.count) bytes (status \(status))") }
        return Int(size)
    }

    /// The CRC-32 of `bytes`, carried on from `crc` (0 to start).
    public func checksum(_ bytes: UnsafeRawBufferPointer, from crc: UInt32 = 0) -> UInt32 {
        var crc = UInt(crc)
        var rest = bytes
        // zlib takes at most 4 GiB a call.
        repeat {
            let count = min(rest.count, Int(UInt32.max))
            crc = crc32(crc, rest.baseAddress, UInt32(count))
            rest = UnsafeRawBufferPointer(rebasing: rest[count...])
        } while !rest.isEmpty
        return UInt32(truncatingIfNeeded: crc)
    }
}
