import EffectHost
import Glibc

/// The process's arguments as the kernel gave them. Swift's
/// `CommandLine.arguments` turns bytes that are not UTF-8 into U+FFFD, so
/// `--param text=ab\xff` would quietly become other text (and a path
/// another path); the C and Python APIs refuse such text, and so does the CLI.
enum RawArguments {
    /// `arguments` (each a C string's bytes) as Strings, or the first that is not UTF-8, refused.
    static func decode(_ arguments: [[UInt8]]) throws(UsageError) -> [String] {
        var decoded: [String] = []
        for (index, bytes) in arguments.enumerated() {
            guard let text = String(validating: bytes, as: UTF8.self) else {
                throw UsageError("argument \(index + 1) is not UTF-8 text: '\(Terminal.escape(bytes))'; effect-host takes its arguments in UTF-8")
            }
            decoded.append(text)
        }
        return decoded
    }

    /// This process's arguments after the program's name.
    static func ofThisProcess() throws(UsageError) -> [String] {
        try decode(
            (1..<Int(CommandLine.argc)).map { index in
                guard let argument = CommandLine.unsafeArgv[index] else { return [] }
                return Array(UnsafeBufferPointer(start: argument, count: strlen(argument))).map { UInt8(bitPattern: $0) }
            })
    }
}
