import EffectHost
import Glibc

/// A chart of channels against time, as SVG: one panel per channel with
/// its own y axis (channels differ in range and unit), a shared time axis,
/// a legend, bands for discrete channels and markers for events.
///
/// Every panel carries its mapping as data attributes (data-t0, data-t1,
/// data-x, data-width, data-y, data-height, data-min, data-max), so a
/// reader can turn any point back into (t, value).
public struct Chart {
    /// The rate a chart samples its channels at: fine enough for a curve
    /// drawn at a point a sample over a second.
    public static let samplesPerSecond = 240.0
    /// The samples one chart takes at the most.
    public static let maxSamples = 200_000.0
    /// The last sample's index of a chart of an effect that is over at once
    /// (reduce motion): it still gets a quarter of a second.
    public static let shortestSpanSamples = Int(samplesPerSecond / 4)

    public struct Series {
        public let name: String
        public let unit: String
        /// The channel's name: series of one channel share a panel.
        public let panel: String
        public let values: [Double]

        public init(name: String, unit: String, panel: String, values: [Double]) {
            (self.name, self.unit, self.panel, self.values) = (name, unit, panel, values)
        }
    }

    public struct Band {
        public let start: Double
        public let end: Double
        public let label: String
        public let value: Int

        public init(start: Double, end: Double, label: String, value: Int) {
            (self.start, self.end, self.label, self.value) = (start, end, label, value)
        }
    }

    public struct Marker {
        public let t: Double
        public let label: String

        public init(t: Double, label: String) { (self.t, self.label) = (t, label) }
    }

    public let title: String
    public let times: [Double]
    public let series: [Series]
    public let bands: [(channel: String, bands: [Band])]
    public let markers: [Marker]

    public init(title: String, times: [Double], series: [Series], bands: [(channel: String, bands: [Band])], markers: [Marker]) {
        (self.title, self.times, self.series, self.bands, self.markers) = (title, times, series, bands, markers)
    }

    public static let width = 880.0
    public static let left = 84.0
    public static let right = 24.0
    public static let panelHeight = 132.0
    public static let panelGap = 30.0
    public static let palette: [UInt32] = [
        0x2F6F_D6FF, 0xD953_2BFF, 0x1F9D_6BFF, 0x8E44_ADFF, 0xC9A1_00FF, 0x16A3_B8FF, 0xB832_62FF, 0x5A64_73FF,
    ]
    public static let bandColors: [UInt32] = [0xE7F4_FFFF, 0xFFF2_D9FF, 0xEAF7_EAFF, 0xF5EA_F7FF, 0xF0F0_F0FF, 0xFDE8_E8FF]

    private var panels: [String] {
        series.reduce(into: [String]()) { names, series in
            if !names.contains(series.panel) { names.append(series.panel) }
        }
    }

    /// Where the first panel starts: below the title and the legend.
    private var top: Double { 44 + (Double(series.count) / 4).rounded(.up) * 18 }

    /// The chart's height in points (its width is `Chart.width`).
    public var height: Double { top + Double(max(1, panels.count)) * (Self.panelHeight + Self.panelGap) + 30 }

    /// The chart as an SVG document: every panel carries its mapping as data attributes.
    public func svg() -> String {
        var canvas = ChartSVG()
        draw(on: &canvas)
        return SVG.document(width: Self.width, height: height.rounded(.up), background: SVG.color(Self.background), body: canvas.body)
    }

    /// The chart as a display list, for pixels: text placed by its width in `fonts`.
    public func displayList(fonts: FontBook?) -> DisplayList {
        var canvas = ChartList(fonts: fonts)
        draw(on: &canvas)
        let size = (Self.width, height.rounded(.up))
        return DisplayList(width: size.0, height: size.1, bounds: DrawRect(x: 0, y: 0, width: size.0, height: size.1), items: canvas.items)
    }

    /// The chart on `canvas`, fitted to it, over its background.
    public func draw(on canvas: PixelCanvas, fonts: FontBook?) throws(NativeError) {
        let box = DrawRect(x: 0, y: 0, width: Self.width, height: height.rounded(.up))
        canvas.clear()
        canvas.fit(box)
        canvas.fill(box, css: SVG.color(Self.background))
        try canvas.draw(displayList(fonts: fonts), fonts: fonts)
    }

    static let background: UInt32 = 0xFAFA_FAFF
    static let ink: UInt32 = 0x1D1D_1FFF
    static let label: UInt32 = 0x3333_33FF
    static let tick: UInt32 = 0x5555_55FF
    static let band: UInt32 = 0x6666_66FF
    static let event: UInt32 = 0xDD11_11FF
    /// Most of the panel shows through a phase label's ground; its letters stay whole.
    static let labelGround: UInt32 = 0xFFFF_FFB3

    private func draw(on canvas: inout some ChartCanvas) {
        let t0 = times.first ?? 0
        let t1 = max(times.last ?? 1, t0 + 1e-9)
        let plotWidth = Self.width - Self.left - Self.right
        let panels = self.panels
        let top = self.top
        func x(_ t: Double) -> Double { Self.left + (t - t0) / (t1 - t0) * plotWidth }

        canvas.text(title, x: Self.left, y: 24, size: 15, weight: 600, color: Self.ink)
        canvas.open([("id", "legend")])
        for (index, item) in series.enumerated() {
            let lx = Self.left + Double(index % 4) * 190
            let ly = 40 + Double(index / 4) * 18
            canvas.rect(x: lx, y: ly - 9, width: 14, height: 3, fill: color(index))
            canvas.text(item.name, x: lx + 20, y: ly - 4, size: 12, color: Self.label)
        }
        canvas.close()

        let timeTicks = Self.ticks(from: t0, to: t1, about: 8)
        for (panelIndex, panel) in panels.enumerated() {
            let y0 = top + Double(panelIndex) * (Self.panelHeight + Self.panelGap)
            let members = series.enumerated().filter { $0.element.panel == panel }
            let all = members.flatMap { $0.element.values }
            var low = all.min() ?? 0
            var high = all.max() ?? 1
            if high - low < 1e-12 {
                low -= 0.5
                high += 0.5
            } else {
                let margin = (high - low) * 0.06
                low -= margin
                high += margin
            }
            func y(_ v: Double) -> Double { y0 + (1 - (v - low) / (high - low)) * Self.panelHeight }
            let n = SVG.number
            canvas.open([
                ("class", "panel"), ("data-channel", panel), ("data-t0", n(t0)), ("data-t1", n(t1)), ("data-x", n(Self.left)),
                ("data-width", n(plotWidth)), ("data-y", n(y0)), ("data-height", n(Self.panelHeight)), ("data-min", "\(low)"),
                ("data-max", "\(high)"),
            ])
            canvas.rect(x: Self.left, y: y0, width: plotWidth, height: Self.panelHeight, fill: 0xFFFF_FFFF, stroke: 0xCCCC_CCFF)
            // Each discrete channel gets a strip of its own, so none hides another.
            let strip = Self.panelHeight / Double(max(1, bands.count))
            for (stripIndex, (channel, bands)) in bands.enumerated() {
                let top = y0 + Double(stripIndex) * strip
                for band in bands {
                    canvas.rect(
                        x: x(band.start), y: top, width: max(0, x(band.end) - x(band.start)), height: strip,
                        fill: Self.bandColors[band.value % Self.bandColors.count], attributes: [("class", "band"), ("data-band", channel)])
                }
            }
            // Grid and value ticks.
            let valueTicks = Self.ticks(from: low, to: high, about: 4)
            for tick in valueTicks.values {
                canvas.line(x1: Self.left, y1: y(tick), x2: Self.left + plotWidth, y2: y(tick), stroke: 0xEEEE_EEFF)
                canvas.text(Self.label(tick, places: valueTicks.places), x: Self.left - 6, y: y(tick) + 4, size: 11, color: Self.tick, anchor: .end)
            }
            for tick in timeTicks.values {
                canvas.line(x1: x(tick), y1: y0 + Self.panelHeight, x2: x(tick), y2: y0 + Self.panelHeight + 4, stroke: 0x8888_88FF)
                canvas.text(
                    Self.label(tick, places: timeTicks.places), x: x(tick), y: y0 + Self.panelHeight + 16, size: 11, color: Self.tick,
                    anchor: .middle)
            }
            let unit = members.first.map { $0.element.unit } ?? ""
            canvas.text(
                panel + (unit.isEmpty ? "" : " (\(unit))"), x: 18, y: y0 + Self.panelHeight / 2, size: 12, color: Self.label,
                anchor: .middle, rotation: -90)
            for (index, item) in members {
                canvas.polyline(
                    zip(times, item.values).map { (x($0), y($1)) }, stroke: color(index), width: 1.6,
                    attributes: [("class", "series"), ("data-series", item.name)])
            }
            // The phases' names, clear of the grid's lines and on a ground of their
            // own, so a curve passing under them does not cut through the letters.
            if panelIndex == 0 {
                let grid = valueTicks.values.map(y)
                for (stripIndex, (_, bands)) in bands.enumerated() {
                    let baseline = Self.labelBaseline(top: y0 + Double(stripIndex) * strip, height: strip, avoiding: grid)
                    for band in bands where x(band.end) - x(band.start) > 40 {
                        canvas.text(band.label, x: x(band.start) + 4, y: baseline, size: 10, color: Self.band, ground: Self.labelGround)
                    }
                }
            }
            for marker in markers where marker.t >= t0 && marker.t <= t1 {
                canvas.line(
                    x1: x(marker.t), y1: y0, x2: x(marker.t), y2: y0 + Self.panelHeight, stroke: Self.event, dash: (4, 3),
                    attributes: [("class", "event")])
                if panelIndex == 0 { canvas.text(marker.label, x: x(marker.t) + 3, y: y0 - 4, size: 10, color: Self.event) }
            }
            canvas.close()
        }
        let axisY = top + Double(max(1, panels.count)) * (Self.panelHeight + Self.panelGap) + 6
        canvas.text("t (s)", x: Self.left + plotWidth / 2, y: axisY, size: 12, color: Self.label, anchor: .middle)
    }

    private func color(_ index: Int) -> UInt32 { Self.palette[index % Self.palette.count] }

    /// Where a band's 10-point label sits in its strip: near the top, moved
    /// below any grid line that would run through its letters (from 8 above
    /// the baseline to 3 below), as long as the strip has room.
    static func labelBaseline(top: Double, height: Double, avoiding lines: [Double]) -> Double {
        var baseline = top + 12
        while let line = lines.first(where: { $0 > baseline - 10 && $0 < baseline + 3 }), line + 12 <= top + height {
            baseline = line + 12
        }
        return baseline
    }

    /// Round numbers (1, 2 or 5 times a power of ten) between low and
    /// high, about `count` of them, and the decimals that write them all
    /// exactly (0.05 steps need 2).
    public static func ticks(from low: Double, to high: Double, about count: Int) -> (values: [Double], places: Int) {
        guard high > low, low.isFinite, high.isFinite else { return ([low], 3) }
        let raw = (high - low) / Double(max(1, count))
        let exponent = Int(floor(log10(raw)))
        let power = pow(10, Double(exponent))
        let step = [1.0, 2, 5, 10].map { $0 * power }.first { $0 >= raw } ?? 10 * power
        // Each tick is a whole multiple of the step, worked out afresh, so
        // no sum of steps drifts to 0.30000000000000004.
        let first = (low / step - 1e-9).rounded(.up)
        var values: [Double] = []
        var multiple = first
        while multiple * step <= high + step * 1e-9, values.count < 50 {
            values.append(multiple == 0 ? 0 : multiple * step)
            multiple += 1
        }
        return (values, max(0, -exponent))
    }

    /// A tick's label, with the decimals its step needs.
    public static func label(_ tick: Double, places: Int) -> String { readable(tick, places: places) }
}
