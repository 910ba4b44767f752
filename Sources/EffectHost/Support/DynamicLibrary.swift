import Glibc

/// A system library loaded at run time rather than linked: a fresh machine
/// has HarfBuzz, fontconfig and cairo as runtime packages without
/// their -dev headers, so the program builds without them and uses them
/// when they are there.
public final class DynamicLibrary: @unchecked Sendable {
    public let name: String
    private let handle: UnsafeMutableRawPointer

    /// Loads the first of `sonames` that the dynamic loader finds.
    public init(_ sonames: [String], package: String) throws(NativeError) {
        var reasons: [String] = []
        for soname in sonames {
            if let handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL) {
                self.handle = handle
                name = soname
                return
            }
            reasons.append(dlerror().map { String(cString: $0) } ?? soname)
        }
        // dlerror names the file and why; "no such file" is the usual why.
        let reason = reasons.first ?? ""
        guard reason.contains("No such file") || reason.isEmpty else {
            throw NativeError("\(sonames[0]) cannot be loaded (\(reason.split(separator: ":").last.map { $0.trimmingPrefix(" ") } ?? ""); Debian package \(package))")
        }
        throw NativeError("\(sonames[0]) is not installed (Debian package \(package))")
    }

    /// The function `symbol`, typed as `type` (a @convention(c) function type).
    public func function<T>(_ symbol: String, as type: T.Type = T.self) throws(NativeError) -> T {
        guard let address = dlsym(handle, symbol) else {
            throw NativeError("\(name) has no \(symbol): it is older than this program needs")
        }
        return unsafeBitCast(address, to: type)
    }
}

/// A library or tool the program needs and could not use, in one line.
public struct NativeError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
