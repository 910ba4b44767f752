// Samples wasm plugins through web/effect-host.js for test_web_sampling.py.
// Reads {plugin, jobs: [...]} as JSON on stdin; writes one JSON result per job
// (frames, elements, timing, or the error's status and message).
import { readFileSync } from 'node:fs';
import { loadLineBreaks, parseValue } from '../../web/effect-host.js';
import { loadPluginWithMemory } from './plugin_memory.mjs';

const request = JSON.parse(readFileSync(0, 'utf8'));
// lineBreaks false: line-breaks.js is left to load when a job says so ({loadLineBreaks: true}).
const { plugin, memory: pluginMemory } = await loadPluginWithMemory(readFileSync(request.plugin),
  { label: request.plugin, lineBreaks: request.lineBreaks ?? true });
const failure = (e) => ({ status: e.status, code: e.code, message: e.message });
const results = [];
for (const job of request.jobs) {
  try {
    if (job.loadLineBreaks) {
      await loadLineBreaks();
      continue;
    }
    if (job.parse) {
      // The text grammar: every case against one param of the effect.
      const param = plugin.effect(job.effect).params.find((p) => p.name === job.param);
      results.push(job.parse.map((text) => {
        try { const v = parseValue(param, text); return { value: typeof v === "bigint" ? String(v) : v === Infinity ? "inf" : v }; } catch (e) { return failure(e); }
      }));
      continue;
    }
    const instance = plugin.create(job.effect, { params: job.params ?? {}, services: job.services ?? true });
    const memory = pluginMemory.buffer.byteLength;
    for (const [name, value, at] of job.events ?? []) instance.set(name, value, at);
    for (const text of job.eventTexts ?? []) instance.event(text);
    const result = { timing: instance.timing, duration: instance.duration, settled: instance.settled,
      elementCount: instance.elementCount, elements: instance.elements(),
      memoryGrew: pluginMemory.buffer.byteLength > memory };
    if (job.count) {
      result.many = Array.from(instance.sampleMany(job.t0, job.dt, job.count));
      // sample() one time at a time, at the times sample_many computes.
      result.single = [];
      for (let i = 0; i < job.count; i++) {
        const f = instance.sample(job.t0 + i * job.dt);
        result.single.push(...Object.entries(f).filter(([k]) => k !== 'elements').map(([, v]) => v),
          ...f.elements.flatMap((e) => Object.values(e)));
      }
    }
    if (job.draw) {
      // The same stand-in measurer as the Python side's: so many points a code point.
      const measure = job.measured === 'negative ascent' ? () => [10, -1, 2] : job.measured ? (text, size, weight, tracking) => {
        const n = [...text].length;
        return [n * size * (0.5 + weight / 4000) + n * tracking, size * 0.8, size * 0.2];
      } : undefined;
      result.drawn = job.draw.map((t) => instance.draw(t, { width: job.width ?? 0, appearance: job.appearance ?? 'light', measure }));
    }
    if (job.sampleAt !== undefined) result.sample = instance.sample(job.sampleAt === 'NaN' ? NaN : job.sampleAt);
    instance.destroy();
    results.push(result);
  } catch (e) {
    if (!(e.status < 0)) throw e;
    results.push(failure(e));
  }
}
process.stdout.write(JSON.stringify(results));
