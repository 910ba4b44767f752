import EffectHost

/// A self-contained page that plays pre-rendered SVG frames: no network,
/// no external files. Its script only shows the frames the plugin sampled,
/// one after another at their fps; it computes none of the motion.
///
/// For tests and links: `#t=1.25` opens paused at the frame nearest
/// 1.25 s, `#paused` opens paused at the start, and `&bare` (or `#bare`)
/// shows the picture alone at the page's top-left corner, for screenshots. The stage's `data-frame`
/// and `data-playing` attributes follow the player, and any script error
/// lands in the body's `data-errors`.
public enum HTMLPlayer {
    /// `loop` is the frames a looping effect repeats (first and last shown
    /// before wrapping); nil for an effect that ends, which loops, when
    /// asked, from start to end.
    public static func page(
        title: String, subtitle: String, fps: Double, loop: (from: Int, to: Int)?, width: Double, height: Double,
        ground: String = "#ffffff", frames: [String]
    ) -> String {
        let loops = loop != nil
        let loopFrom = loop?.from ?? 0
        let loopTo = loop?.to ?? max(0, frames.count - 1)
        let list = frames.map(jsonString).joined(separator: ",\n")
        let n = SVG.number
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(SVG.escape(title))</title>
            <style>
            body { margin: 0; font: 14px/1.4 -apple-system, system-ui, 'Helvetica Neue', Arial, sans-serif; color: #1d1d1f; background: #f2f2f4; }
            main { max-width: \(n(max(480, width + 48)))px; margin: 24px auto; padding: 0 16px; }
            h1 { font-size: 18px; margin: 0 0 2px; }
            p { margin: 0 0 12px; color: #555; }
            #stage { background: \(ground); border-radius: 12px; box-shadow: 0 1px 3px rgba(0,0,0,.12); width: \(n(width))px; height: \(n(height))px; overflow: hidden; }
            #stage svg { display: block; }
            #controls { display: flex; align-items: center; gap: 12px; margin-top: 12px; width: \(n(max(320, width)))px; }
            #scrubber { flex: 1; }
            #time { font-variant-numeric: tabular-nums; min-width: 88px; }
            label { white-space: nowrap; }
            body.bare main { margin: 0; padding: 0; }
            body.bare main > :not(#stage) { display: none; }
            body.bare #stage { border-radius: 0; box-shadow: none; }
            button { font: inherit; padding: 4px 14px; border-radius: 6px; border: 1px solid #bbb; background: #fff; cursor: pointer; }
            </style>
            </head>
            <body data-errors="">
            <main>
            <h1>\(SVG.escape(title))</h1>
            <p>\(SVG.escape(subtitle))</p>
            <div id="stage" data-frame="0" data-playing="false">\(frames.first ?? "")</div>
            <div id="controls">
            <button id="play" type="button">Pause</button>
            <input id="scrubber" type="range" min="0" max="\(max(0, frames.count - 1))" step="1" value="0" aria-label="Frame">
            <output id="time" for="scrubber">t = 0.000 s</output>
            <label><input id="loop" type="checkbox"\(loops ? " checked" : "")> Loop</label>
            </div>
            </main>
            <script id="frames" type="application/json">[
            \(list)
            ]</script>
            <script>
            "use strict";
            window.addEventListener("error", function (event) {
              document.body.dataset.errors += (event.message || "error") + "\\n";
            });
            (function () {
              var frames = JSON.parse(document.getElementById("frames").textContent);
              var fps = \(fps);
              var loopFrom = \(loopFrom), loopTo = \(loopTo);
              var stage = document.getElementById("stage");
              var play = document.getElementById("play");
              var scrubber = document.getElementById("scrubber");
              var time = document.getElementById("time");
              var loop = document.getElementById("loop");
              var shown = -1, playing = false, startedAt = 0, startFrame = 0;

              function show(index) {
                index = Math.max(0, Math.min(frames.length - 1, index));
                if (index !== shown) {
                  stage.innerHTML = frames[index];
                  shown = index;
                }
                scrubber.value = String(index);
                time.textContent = "t = " + (index / fps).toFixed(3) + " s";
                stage.dataset.frame = String(index);
              }
              function setPlaying(on) {
                playing = on;
                stage.dataset.playing = String(on);
                play.textContent = on ? "Pause" : "Play";
                if (on) {
                  if (shown >= frames.length - 1) show(0);
                  startedAt = performance.now();
                  startFrame = shown;
                  schedule();
                }
              }
              // Timers rather than requestAnimationFrame: frames are due at
              // fixed times, and timers also run where rAF does not (a
              // headless or background page).
              function schedule() {
                var due = startedAt + (shown - startFrame + 1) * 1000 / fps;
                setTimeout(tick, Math.max(0, due - performance.now()));
              }
              function tick() {
                if (!playing) return;
                var now = performance.now();
                var index = startFrame + Math.floor((now - startedAt) * fps / 1000);
                if (loop.checked && index > loopTo && loopTo > loopFrom) {
                  startedAt = now;
                  startFrame = loopFrom;
                  index = loopFrom;
                } else if (index >= frames.length) {
                  if (loop.checked && frames.length > 1) {
                    startedAt = now;
                    startFrame = 0;
                    index = 0;
                  } else {
                    show(frames.length - 1);
                    setPlaying(false);
                    return;
                  }
                }
                show(index);
                schedule();
              }
              play.addEventListener("click", function () { setPlaying(!playing); });
              scrubber.addEventListener("input", function () {
                setPlaying(false);
                show(parseInt(scrubber.value, 10));
              });
              var hash = window.location.hash.slice(1);
              if (/(?:^|&)bare(?:&|$)/.test(hash)) document.body.classList.add("bare");
              var at = /(?:^|&)t=([0-9.]+)/.exec(hash);
              show(at ? Math.round(parseFloat(at[1]) * fps) : 0);
              setPlaying(!at && !/(?:^|&)paused(?:&|$)/.test(hash));
            })();
            </script>
            </body>
            </html>

            """
    }

    /// A JSON string literal that is also safe inside a <script> element:
    /// "<" is escaped, so no frame can close the script.
    private static func jsonString(_ text: String) -> String {
        var out = ""
        JSON.quote(text, into: &out, inScript: true)
        return out
    }
}
