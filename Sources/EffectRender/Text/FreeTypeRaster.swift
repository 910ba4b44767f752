import EffectHost
import Glibc

/// FreeType's anti-aliased outline rasteriser (libfreetype.so.6, Debian's
/// libfreetype6, which cairo and HarfBuzz already load), used to fill
/// glyph masks: it computes each pixel's exact covered area in one pass
/// over the outline's cells, the rasteriser ThorVG's is built on, at a
/// fraction of what a cairo context, path and fill cost for one glyph.
/// One rasteriser serves one thread at a time.
final class FreeTypeRaster {
    // FT_Vector, FT_Outline and FT_Bitmap as freetype.h lays them out on LP64.
    fileprivate struct Vector {
        var x: Int
        var y: Int
    }
    private struct Outline {
        var contourCount: Int16
        var pointCount: Int16
        var points: UnsafeMutablePointer<Vector>?
        var tags: UnsafeMutablePointer<CChar>?
        var contours: UnsafeMutablePointer<Int16>?
        var flags: Int32
    }
    private struct Bitmap {
        var rows: UInt32
        var width: UInt32
        var pitch: Int32
        var buffer: UnsafeMutablePointer<UInt8>?
        var grays: UInt16
        var mode: UInt8
        var paletteMode: UInt8
        var palette: UnsafeMutableRawPointer?
    }

    private typealias Initialise = @convention(c) (UnsafeMutablePointer<OpaquePointer?>) -> Int32
    private typealias Render = @convention(c) (OpaquePointer?, UnsafeMutableRawPointer, UnsafeMutableRawPointer) -> Int32

    private let render: Render
    private let library: OpaquePointer
    /// Kept between fills so a fill allocates nothing once they have grown.
    private var scratch = Scratch()

    /// The outline in FreeType's terms, and the part of it one call fills.
    fileprivate struct Scratch {
        var points: [Vector] = []
        var tags: [CChar] = []
        /// Where each contour ends in `points`, and its first and last column of pixels.
        var contours: [(end: Int, first: Int, last: Int)] = []
        /// Contours by their first column.
        var order: [Int] = []
        /// A point lay past `FreeTypeRaster.reach` or was not a number.
        var beyondReach = false
        var callPoints: [Vector] = []
        var callTags: [CChar] = []
        var callContours: [Int16] = []
    }

    /// The widest stretch of columns FreeType fills at a time: chosen by
    /// measurement (runs of text at 2 px a point).
    static let columns = 64
    /// How far from the buffer a point may lie, in 64ths of a pixel: as far
    /// as FT_Outline_Render takes (±0x1000000, a quarter of a million
    /// pixels); a shape reaching further is left to cairo.
    static let reach = Double(1 << 24)

    private init(render: Render, library: OpaquePointer) {
        (self.render, self.library) = (render, library)
    }

    /// Lends the process's shared rasteriser, made on first use, to `body`,
    /// one caller at a time; nil when FreeType cannot be used.
    static func withShared<R>(_ body: (FreeTypeRaster?) -> R) -> R {
        SharedRaster.one.lend(body)
    }

    /// A rasteriser, or the reason FreeType cannot be used.
    static func make() throws(NativeError) -> FreeTypeRaster {
        let loaded = try DynamicLibrary(["libfreetype.so.6"], package: "libfreetype6")
        let initialise: Initialise = try loaded.function("FT_Init_FreeType")
        let render: Render = try loaded.function("FT_Outline_Get_Bitmap")
        var library: OpaquePointer?
        guard initialise(&library) == 0, let library else { throw NativeError("FreeType could not start") }
        return FreeTypeRaster(render: render, library: library)
    }

    /// Fills `segments`, mapped by `map` into the pixels of an 8-bit
    /// coverage buffer of `width` × `height` (rows `stride` bytes apart, y
    /// down, cleared), with the non-zero winding rule, at most `columns`
    /// pixels wide at a time (nil: the whole outline in one call, as
    /// FreeType alone fills it). False, the buffer cleared again, when
    /// FreeType refused the outline (past 32,767 points in one call), and
    /// false with nothing filled when a point lies a quarter of a million
    /// pixels or more from the buffer or is not a number.
    ///
    /// FreeType decomposes the whole outline again for every band of rows
    /// its cell pool holds, so a wide run of text filled in one call cost
    /// four fifths of a frame. Each call here fills a stretch of columns
    /// with only the contours that reach into it: a closed contour adds
    /// nothing to the pixels beyond its own columns (its cover sums to zero
    /// across a row), so the coverage is the whole outline's, exactly.
    /// Contours whose columns overlap are filled together; a glyph apart
    /// from the rest is a call of its own.
    func fill(
        _ segments: [DrawSegment], _ map: Affine, into pixels: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int,
        columns: Int? = FreeTypeRaster.columns
    ) -> Bool {
        // Worked on outside the object: Swift checks every access to a class's stored array.
        var scratch = Scratch()
        swap(&scratch, &self.scratch)
        defer { swap(&scratch, &self.scratch) }
        scratch.outline(segments, map, height: height, width: width)
        if scratch.beyondReach { return false }
        guard let columns else {
            return fill(Array(scratch.contours.indices)[...], &scratch, from: 0, to: width, pixels, height: height, stride: stride, whole: true)
        }
        var filled = true
        var next = 0
        while next < scratch.order.count, filled {
            // A cluster: contours whose columns overlap, one after another.
            var last = scratch.contours[scratch.order[next]].last
            var end = next + 1
            while end < scratch.order.count, scratch.contours[scratch.order[end]].first <= last {
                last = Swift.max(last, scratch.contours[scratch.order[end]].last)
                end += 1
            }
            let cluster = scratch.order[next..<end]
            var left = scratch.contours[cluster.first!].first
            while left <= last, filled {
                let right = Swift.min(last + 1, left + Swift.max(1, columns))
                filled = fill(cluster, &scratch, from: left, to: right, pixels, height: height, stride: stride)
                left = right
            }
            next = end
        }
        if !filled {
            for row in 0..<height { (pixels + row * stride).update(repeating: 0, count: width) }
        }
        return filled
    }

    /// Fills columns `left` to `right` (past the last) with those of
    /// `contours` that reach into them, or with every one if `whole`.
    private func fill(
        _ contours: ArraySlice<Int>, _ scratch: inout Scratch, from left: Int, to right: Int, _ pixels: UnsafeMutablePointer<UInt8>,
        height: Int, stride: Int, whole: Bool = false
    ) -> Bool {
        scratch.callPoints.removeAll(keepingCapacity: true)
        scratch.callTags.removeAll(keepingCapacity: true)
        scratch.callContours.removeAll(keepingCapacity: true)
        for index in contours {
            let contour = scratch.contours[index]
            guard whole || (contour.last >= left && contour.first < right) else { continue }
            let start = index == 0 ? 0 : scratch.contours[index - 1].end + 1
            for point in scratch.points[start...contour.end] { scratch.callPoints.append(Vector(x: point.x - left * 64, y: point.y)) }
            scratch.callTags.append(contentsOf: scratch.tags[start...contour.end])
            scratch.callContours.append(Int16(truncatingIfNeeded: scratch.callPoints.count - 1))
        }
        guard scratch.callPoints.count <= Int(Int16.max) else { return false }
        var bitmap = Bitmap(
            rows: UInt32(height), width: UInt32(right - left), pitch: Int32(stride), buffer: pixels + left, grays: 256, mode: 2,
            paletteMode: 0, palette: nil)
        return scratch.callPoints.withUnsafeMutableBufferPointer { points in
            scratch.callTags.withUnsafeMutableBufferPointer { tags in
                scratch.callContours.withUnsafeMutableBufferPointer { contours in
                    var outline = Outline(
                        contourCount: Int16(contours.count), pointCount: Int16(points.count), points: points.baseAddress, tags: tags.baseAddress,
                        contours: contours.baseAddress, flags: 0)
                    return render(library, &outline, &bitmap) == 0
                }
            }
        }
    }
}

extension FreeTypeRaster.Scratch {
    /// `value` rounded half away from zero, as `rounded()` does, without
    /// the library call `rounded()` makes on a processor with no SSE4.1.
    @inline(__always)
    fileprivate static func nearest(_ value: Double) -> Int {
        let whole = Int(value)  // toward zero, exact below the reach
        let rest = value - Double(whole)
        return rest >= 0.5 ? whole + 1 : rest <= -0.5 ? whole - 1 : whole
    }

    /// `segments` mapped by `map` as FreeType takes them: 26.6 fixed point,
    /// y up from the bottom edge of a buffer `height` rows tall; each
    /// contour's columns cut to the `width` of the buffer, and the
    /// contours that reach into it ordered by their first column.
    fileprivate mutating func outline(_ segments: [DrawSegment], _ map: Affine, height: Int, width: Int) {
        points.removeAll(keepingCapacity: true)
        tags.removeAll(keepingCapacity: true)
        contours.removeAll(keepingCapacity: true)
        order.removeAll(keepingCapacity: true)
        beyondReach = false
        var start = 0
        points.reserveCapacity(3 * segments.count + 1)
        tags.reserveCapacity(3 * segments.count + 1)
        // The map taken apart (this runs for every point of every glyph); x in 64ths
        // straight away, which is exact, y turned up from the bottom edge first.
        let (a, c, tx) = (map.a * 64, map.c * 64, map.tx * 64)
        let (b, d, ty, bottom) = (map.b, map.d, map.ty, Double(height))
        func add(_ x: Double, _ y: Double, _ tag: CChar) {
            let (fx, fy) = (a * x + c * y + tx, (bottom - (b * x + d * y + ty)) * 64)
            guard abs(fx) < FreeTypeRaster.reach, abs(fy) < FreeTypeRaster.reach else {
                beyondReach = true
                return
            }
            points.append(FreeTypeRaster.Vector(x: Self.nearest(fx), y: Self.nearest(fy)))
            tags.append(tag)
        }
        func end() {
            guard points.count > start else { return }
            var (minX, maxX) = (Int.max, Int.min)
            for point in points[start...] { (minX, maxX) = (Swift.min(minX, point.x), Swift.max(maxX, point.x)) }
            // The columns its control points reach: the curves stay within them.
            let (first, last) = (Swift.max(0, minX >> 6), Swift.min(width - 1, (maxX - 1) >> 6))
            if first <= last { order.append(contours.count) }
            contours.append((points.count - 1, first, last))
            start = points.count
        }
        // Where the last move put the pen: a line or curve after a close starts
        // there, as in cairo and SVG, not at its own end.
        var subpath: (x: Double, y: Double)?
        func begin() {
            if points.count == start, let subpath { add(subpath.x, subpath.y, 1) }
        }
        for segment in segments {
            switch segment {
            case let .move(x, y):
                end()
                add(x, y, 1)
                subpath = (x, y)
            case let .line(x, y):
                begin()
                add(x, y, 1)
            case let .cubic(x, y, x1, y1, x2, y2):
                begin()
                add(x1, y1, 2)
                add(x2, y2, 2)
                add(x, y, 1)
            case .close: end()
            }
        }
        end()
        order.sort { contours[$0].first < contours[$1].first }
    }
}

/// The one rasteriser text masks and shapes' fills share, behind a lock.
private final class SharedRaster: @unchecked Sendable {
    static let one = SharedRaster()
    private var lock = pthread_mutex_t()
    private var raster: Result<FreeTypeRaster, NativeError>?

    private init() { pthread_mutex_init(&lock, nil) }

    func lend<R>(_ body: (FreeTypeRaster?) -> R) -> R {
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        if raster == nil { raster = Result { () throws(NativeError) in try FreeTypeRaster.make() } }
        return body(try? raster?.get())
    }
}
