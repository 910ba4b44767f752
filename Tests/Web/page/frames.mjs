// Draws frames with web/effect-host.js for test_web_frames.py: window.frame(job)
// answers the picture as a PNG data URL, on the canvas effect-host render draws
// a still on (the list's bounds plus a 24 pt margin, in whole points, at `scale`).
import { loadPlugin, drawFrame, canvasMeasurer } from '/web/effect-host.js';

// The font files effect-host render finds through fontconfig for Inter and its fallbacks.
const FACES = [
  ['Inter', 'Inter-Regular.otf', 400], ['Inter', 'Inter-Medium.otf', 500], ['Inter', 'Inter-SemiBold.otf', 600], ['Inter', 'Inter-Bold.otf', 700],
  ['Noto Sans', 'NotoSans-Regular.ttf', 400], ['Noto Sans', 'NotoSans-Bold.ttf', 700],
  ['DejaVu Sans', 'DejaVuSans.ttf', 400], ['DejaVu Sans', 'DejaVuSans-Bold.ttf', 700],
  ['Noto Sans CJK JP', 'NotoSansCJK-Regular.ttc', 400], ['Noto Sans CJK JP', 'NotoSansCJK-Bold.ttc', 700],
];
await Promise.all(FACES.map(async ([family, file, weight]) => {
  const face = new FontFace(family, `url(/fonts/${file})`, { weight: String(weight) });
  document.fonts.add(await face.load());
}));
const measure = canvasMeasurer();
const plugins = {};

window.frame = async ({ plugin, effect, params = {}, events = [], t, scale = 2, width = 432, appearance = 'light' }) => {
  plugins[plugin] ??= loadPlugin(`/wasm/${plugin}.wasm`);
  const instance = (await plugins[plugin]).create(effect, { params });
  for (const [name, value, at] of events) instance.set(name, value, at);
  const list = instance.draw(t, { width, appearance, measure });
  instance.destroy();
  const m = 24;
  const box = [Math.floor(list.bounds.x - m), Math.floor(list.bounds.y - m), Math.ceil(list.bounds.width + 2 * m), Math.ceil(list.bounds.height + 2 * m)];
  const canvas = document.createElement('canvas');
  [canvas.width, canvas.height] = [Math.ceil(box[2] * scale), Math.ceil(box[3] * scale)];
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = appearance === 'dark' ? '#000' : '#fff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.setTransform(scale, 0, 0, scale, -box[0] * scale, -box[1] * scale);
  drawFrame(ctx, list);
  return { box, png: canvas.toDataURL('image/png'), texts: list.items.filter((i) => i.kind === 'text').map((i) => [i.text, i.advance]) };
};
window.ready = true;
