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
                throw UsageError("argument \(index + 1) is not UTF-8 text: '\(escaped(bytes))'; effect-host takes its arguments in UTF-8")
            }
            decoded.append(text)
        }
        return decoded
    }

    /// `bytes` with each byte that is not part of a UTF-8 character written as \xHH.
    static func escaped(_ bytes: [UInt8]) -> String {
        var out = ""
        var index = 0
        while index < bytes.count {
            var parser = Unicode.UTF8.ForwardParser()
            var iterator = bytes[index...].makeIterator()
            switch parser.parseScalar(from: &iterator) {
            case let .valid(encoded):
                out += Terminal.sanitize(String(Unicode.UTF8.decode(encoded)))
                index += encoded.count
            case let .error(length):
                for byte in bytes[index..<(index + length)] {
                    out += "\\x" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16, uppercase: true)
                }
                index += length
            case .emptyInput:
                index = bytes.count
            }
        }
        return out
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
