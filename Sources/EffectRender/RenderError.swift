/// Why a picture or a movie could not be made, in one line that names what
/// failed (ffmpeg, a frame, a file) and why; it names no command-line flag.
public struct RenderError: Error, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// The picture asked for has more pixels a side than a canvas takes,
        /// or a page more frames than a browser opens.
        case tooLarge
        /// The caller's cancel callback said stop.
        case cancelled
        /// The effect's plugin failed to draw a frame (the message says when and why).
        case plugin
        /// A library or a tool failed.
        case failed
        /// What the caller gave to draw into cannot take a drawing (a cairo
        /// context in an error state, say).
        case unusableTarget
    }

    public let kind: Kind
    public let message: String

    public init(_ message: String, kind: Kind = .failed) {
        self.message = message
        self.kind = kind
    }

    public var description: String { message }
}
