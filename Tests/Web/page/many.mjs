// A page of many <effect-player>s, the four bundled effects mixed, for the
// 100-instance test and Benchmarks/run's web section: ?n=100 players (100
// unless given; ?kind=K only the K-th of KINDS), each animating for as long as a run lasts (strike and
// reveal slowed to 20 s, breathe and circles loop). window.measure(seconds)
// answers, per animation frame while they all play: the interval since the
// last frame (requestAnimationFrame's timestamps) and the script time the
// players spent drawing it (Player.render: sample, display list, canvas calls).
import { Player } from '/web/effect-host.js';

const KINDS = [
  ['Strike', 'strikethrough-reveal', { text: 'Ship the component', duration: '20' }],
  ['Breathe', 'tracking-breathe', { text: 'Breathe', 'font-size': '28' }],
  ['Breathe', 'breathing-circles', { 'circle-size': '40', radius: '30' }],
  ['Reveal', 'text-reveal', { text: 'Plan the week in one calm glance.', duration: '20', 'font-size': '20' }],
  ['Reveal', 'text-reveal', { text: 'Plan the week in one calm glance.', duration: '20', 'font-size': '20', preset: 'blur' }],
];
const query = new URLSearchParams(location.search);
const count = Number(query.get('n') ?? 100);
// ?kind=K: only KINDS[K] (all of them mixed unless given).
const kinds = query.has('kind') ? [KINDS[Number(query.get('kind'))]] : KINDS;
for (let i = 0; i < count; i++) {
  const [plugin, effect, params] = kinds[i % kinds.length];
  const player = document.createElement('effect-player');
  player.setAttribute('src', `/wasm/${plugin}.wasm`);
  player.setAttribute('effect', effect);
  for (const [name, value] of Object.entries(params)) player.setAttribute(name, value);
  document.body.append(player);
}

// Script time in Player.render, summed per animation frame (one frame's
// callbacks share document.timeline.currentTime).
const spent = new Map();
const render = Player.prototype.render;
Player.prototype.render = function (t) {
  const start = performance.now();
  this.renders = (this.renders ?? 0) + 1;
  try {
    return render.call(this, t);
  } finally {
    const frame = document.timeline.currentTime;
    spent.set(frame, (spent.get(frame) ?? 0) + performance.now() - start);
  }
};

window.players = () => [...document.querySelectorAll('effect-player')];
window.ready = Promise.all(window.players().map((p) => p.ready)).then(() => true);
window.measure = (seconds) => new Promise((done) => {
  const frames = [];
  let end = null;
  const tick = (now) => {
    frames.push(now);
    end ??= now + seconds * 1000;
    if (now < end) requestAnimationFrame(tick);
    else {
      const intervals = frames.slice(1).map((t, i) => t - frames[i]);
      const script = frames.slice(1).map((t) => spent.get(t) ?? 0);
      done({ intervals, script, drawing: window.players().filter((p) => p.player?.frame).length });
    }
  };
  requestAnimationFrame(tick);
});
