import EffectHost
import EffectRender
import Glibc

/// Asking the terminal for its background colour (OSC 11), the way
/// editors and pagers learn whether they run on a light or a dark ground.
///
/// The question is followed by a request for the device attributes (DA1),
/// which every terminal answers, in order: when that answer arrives
/// without a colour before it, the terminal does not know OSC 11, and no
/// one waits for the whole timeout.
enum TerminalBackground {
    static let question = "\u{1B}]11;?\u{1B}\\\u{1B}[c"

    /// The background of the terminal on /dev/tty, or nil when there is
    /// none, it does not say within `milliseconds`, or it cannot be asked.
    static func ask(milliseconds: Int = 150) -> RGB? {
        let fd = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var saved = termios()
        guard tcgetattr(fd, &saved) == 0 else { return nil }
        // Raw enough that the answer neither waits for a newline nor
        // shows on the screen.
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 0
            cc[Int(VTIME)] = 0
        }
        // A signal that stops the program while the terminal is raw would
        // leave it without echo: it waits until the settings are back.
        var stops = sigset_t()
        var before = sigset_t()
        sigemptyset(&stops)
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT] { sigaddset(&stops, signal) }
        pthread_sigmask(SIG_BLOCK, &stops, &before)
        defer { pthread_sigmask(SIG_SETMASK, &before, nil) }
        guard tcsetattr(fd, TCSANOW, &raw) == 0 else { return nil }
        defer { tcsetattr(fd, TCSANOW, &saved) }
        let asked = question.utf8.withContiguousStorageIfAvailable { write(fd, $0.baseAddress, $0.count) } ?? -1
        guard asked == question.utf8.count else { return nil }
        var answer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 256)
        let deadline = now() + Double(milliseconds) / 1000
        while !answered(answer) {
            let left = Int32(((deadline - now()) * 1000).rounded(.up))
            guard left > 0 else { break }
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, left) > 0 else { break }
            let count = read(fd, &chunk, chunk.count)
            guard count > 0 else { break }
            answer += chunk[0..<count]
        }
        // An answer cut off by the timeout must not reach the shell.
        if !answered(answer) { tcflush(fd, TCIFLUSH) }
        return parse(answer)
    }

    /// Whether the device attributes have come back (ESC [ ? … c), which
    /// ends what the terminal says.
    private static func answered(_ bytes: [UInt8]) -> Bool {
        guard let start = find([0x1B, UInt8(ascii: "["), UInt8(ascii: "?")], in: bytes, from: 0) else { return false }
        return bytes[(start + 3)...].contains(UInt8(ascii: "c"))
    }

    /// The colour in an OSC 11 reply (ESC ] 11 ; rgb:R/G/B, ended by BEL or
    /// ESC \), each component 1 to 4 hex digits; nil when there is none.
    static func parse(_ bytes: [UInt8]) -> RGB? {
        let prefix = Array("\u{1B}]11;".utf8)
        guard let start = find(prefix, in: bytes, from: 0) else { return nil }
        var body = ""
        for byte in bytes[(start + prefix.count)...] {
            if byte == 0x07 || byte == 0x1B { break }
            body.append(Character(Unicode.Scalar(byte)))
        }
        let spec: Substring
        if body.hasPrefix("rgb:") {
            spec = body.dropFirst(4)
        } else if body.hasPrefix("rgba:") {
            spec = body.dropFirst(5)
        } else {
            return nil
        }
        let parts = spec.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count >= 3 else { return nil }
        var channels: [Int] = []
        for part in parts.prefix(3) {
            guard (1...4).contains(part.count), let value = Int(part, radix: 16) else { return nil }
            // n hex digits span 0 ... 16^n - 1: scale that to 0 ... 255.
            let top = (1 << (4 * part.count)) - 1
            channels.append((value * 255 + top / 2) / top)
        }
        return RGB(channels[0], channels[1], channels[2])
    }

    private static func find(_ needle: [UInt8], in bytes: [UInt8], from: Int) -> Int? {
        guard bytes.count >= needle.count else { return nil }
        for index in from...(bytes.count - needle.count) where bytes[index..<(index + needle.count)].elementsEqual(needle) {
            return index
        }
        return nil
    }

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
