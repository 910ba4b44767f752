@testable import EffectABI
import XCTest

/// A track answers most frames from fields it holds inline: before the first
/// animation, after the last settles, and while the latest one runs alone.
/// Those answers must be the merge's own, to the bit, however the
/// animations came: moved starts, jumps, springs and retargets mid-flight.
final class AnimationTrackShortcutTests: XCTestCase {
    func testEveryShortcutGivesWhatTheMergeGives() throws {
        var random = Scatter()
        var compared = 0
        for _ in 0..<300 {
            var track = AnimationTrack(initial: random.unit() * 2 - 1)
            var start = 0.0
            for _ in 0..<(1 + random.below(6)) {
                // Sometimes earlier than the last start: animate moves it up to it.
                start += random.unit() < 0.2 ? -0.05 : random.unit() * 0.4
                let target = random.unit() * 4 - 2
                let animation: Animation =
                    switch random.below(4) {
                    case 0: .easeInOut(duration: 0.05 + random.unit())
                    case 1: .linear(duration: 0)
                    case 2: .spring(try XCTUnwrap(Spring(duration: 0.2 + random.unit(), bounce: random.unit() * 0.6)))
                    default: .easeOut(duration: 0.05 + random.unit() * 0.5)
                    }
                track.animate(to: target, at: max(0, start), with: animation)
            }
            for step in 0...400 {
                let t = Double(step) * 0.0123
                let merged = t < track.firstStart ? track.initial : AnimationTrack.blended(at: t, from: track.initial, track.segments)
                let value = track.value(at: t)
                // After the settle time the merge's last step can land an ulp
                // off the target; the track promises the target itself there.
                if t >= track.settleTime { XCTAssertEqual(value, track.target) } else {
                    XCTAssertEqual(value.bitPattern, merged.bitPattern, "t = \(t)")
                }
                compared += 1
            }
        }
        XCTAssertEqual(compared, 300 * 401)
    }
}

/// Numbers spread evenly over 0..<1 without a generator's state to seed:
/// the golden-ratio sequence, so a failure replays exactly.
private struct Scatter {
    private var index = 0.0

    mutating func unit() -> Double {
        index += 1
        return (index * 0.618_033_988_749_894_9).truncatingRemainder(dividingBy: 1)
    }

    mutating func below(_ bound: Int) -> Int { min(bound - 1, Int(unit() * Double(bound))) }
}
