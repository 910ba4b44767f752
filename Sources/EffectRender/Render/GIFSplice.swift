/// Joins GIFs ffmpeg wrote for consecutive parts of one animation into
/// one GIF, block by block, without decoding a pixel. Every part shares
/// one palette, so they share their screen descriptor and global colour
/// table; the first part's header (its loop count included) is kept, the
/// others' are dropped. ffmpeg's concat demuxer can copy GIF frames too,
/// but it re-times the parts from rounded cut points: this keeps each
/// frame's delay as ffmpeg wrote it.
///
/// A GIF frame's delay is the time to the next frame, so every part but
/// the last is encoded with one frame more, the next part's first; its
/// delay is then right, and that frame is dropped here.
enum GIFSplice {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The parts' blocks, one GIF. `frames[i]` is the number of frames part
    /// i should hold, the borrowed one included.
    static func join(_ parts: [[UInt8]], frames: [Int]) throws(Failure) -> [UInt8] {
        precondition(!parts.isEmpty && parts.count == frames.count && frames.dropLast().allSatisfy { $0 >= 2 })
        var out: [UInt8] = []
        out.reserveCapacity(parts.reduce(0) { $0 + $1.count })
        var head: ArraySlice<UInt8> = []
        for (index, part) in parts.enumerated() {
            let layout = try Layout(part)
            guard layout.images.count == frames[index] else {
                throw Failure(description: "part \(index + 1) has \(layout.images.count) frames, not \(frames[index])")
            }
            let isFirst = index == 0
            let isLast = index == parts.count - 1
            if isFirst {
                head = part[..<layout.screenEnd]
                out += part[..<layout.headerEnd]
            } else if part[..<layout.screenEnd] != head {
                throw Failure(description: "part \(index + 1) does not share the first part's palette")
            }
            // A later part's header, its loop count included, goes; so does
            // the frame a part borrowed from the next.
            let end = isLast ? layout.images.last!.upperBound : layout.images[layout.images.count - 2].upperBound
            for block in layout.blocks where block.lowerBound >= layout.headerEnd && block.upperBound <= end {
                out += part[block]
            }
        }
        out.append(0x3B)
        return out
    }

    /// Where a GIF's header, blocks and images lie.
    private struct Layout {
        /// End of the header, screen descriptor and global colour table.
        var screenEnd = 0
        /// End of the application extensions before the first frame's own blocks.
        var headerEnd = 0
        var blocks: [Range<Int>] = []
        var images: [Range<Int>] = []

        init(_ bytes: [UInt8]) throws(Failure) {
            func need(_ end: Int) throws(Failure) {
                guard end <= bytes.count else { throw Failure(description: "a GIF from ffmpeg ends early") }
            }
            try need(13)
            guard bytes[0..<6].elementsEqual("GIF89a".utf8) || bytes[0..<6].elementsEqual("GIF87a".utf8) else {
                throw Failure(description: "ffmpeg wrote something other than a GIF")
            }
            var at = 13
            if bytes[10] & 0x80 != 0 { at += 3 << (Int(bytes[10] & 7) + 1) }
            try need(at)
            screenEnd = at
            headerEnd = at
            var sawFrameBlock = false
            /// Skips data sub-blocks from `at`, past their zero terminator.
            func subBlocks() throws(Failure) {
                while true {
                    try need(at + 1)
                    let length = Int(bytes[at])
                    at += 1 + length
                    if length == 0 { return }
                }
            }
            while true {
                try need(at + 1)
                let start = at
                switch bytes[at] {
                case 0x3B:
                    return
                case 0x21:
                    try need(at + 2)
                    let label = bytes[at + 1]
                    at += 2
                    try subBlocks()
                    blocks.append(start..<at)
                    if label == 0xFF && !sawFrameBlock { headerEnd = at } else { sawFrameBlock = true }
                case 0x2C:
                    try need(at + 11)
                    let flags = bytes[at + 9]
                    at += 10
                    if flags & 0x80 != 0 { at += 3 << (Int(flags & 7) + 1) }
                    at += 1  // the LZW minimum code size
                    try subBlocks()
                    blocks.append(start..<at)
                    images.append(start..<at)
                    sawFrameBlock = true
                default:
                    throw Failure(description: "a GIF from ffmpeg has an unknown block at byte \(at)")
                }
            }
        }
    }
}
