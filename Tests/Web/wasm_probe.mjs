// Reads a plugin module's contract without the web host: its imports and
// exports, the table effect_plugin_entry returns (wasm32 layout), and, given
// an effect id and times, the effect's global channels at those times.
//   node wasm_probe.mjs PLUGIN.wasm [EFFECT T...]
import { readFileSync } from 'node:fs';

const [file, effectId, ...times] = process.argv.slice(2);
const module = new WebAssembly.Module(readFileSync(file));
const x = new WebAssembly.Instance(module, {}).exports;
x._initialize();
const view = () => new DataView(x.memory.buffer);
const u32 = (p) => view().getUint32(p, true);
const text = (p) => {
  const bytes = new Uint8Array(x.memory.buffer);
  let end = p;
  while (bytes[end]) end++;
  return new TextDecoder().decode(bytes.subarray(p, end));
};
const zeroed = (size) => {
  const p = x.malloc(size);
  new Uint8Array(x.memory.buffer, p, size).fill(0);
  view().setUint32(p, size, true);
  return p;
};
const api = x.effect_plugin_entry();
// Functions are table indices, 4 bytes apart from offset 16 on wasm32.
const call = (index, ...args) => x.__indirect_function_table.get(u32(api + 16 + 4 * index))(...args);
const error = zeroed(520);
const check = (status, what) => {
  if (status !== 0) throw new Error(`${what}: status ${status}: ${text(error + 8)}`);
};
const info = zeroed(32);
check(call(0, api, info, error), 'describe');
const report = {
  imports: WebAssembly.Module.imports(module).map((i) => `${i.module}.${i.name}`),
  exports: WebAssembly.Module.exports(module).map((e) => `${e.name}:${e.kind}`).sort(),
  table: { struct_size: u32(api), abi_major: u32(api + 4), abi_minor: u32(api + 8) },
  plugin: text(u32(info + 8)),
  effects: u32(info + 4),
  samples: [],
};
if (effectId) {
  const name = new TextEncoder().encode(effectId + '\0');
  const idPointer = x.malloc(name.length);
  new Uint8Array(x.memory.buffer).set(name, idPointer);
  const out = zeroed(4);
  check(call(4, api, idPointer, 0, 0, out, error), 'create');
  const instance = u32(out);
  const instanceInfo = zeroed(64);
  check(call(6, instance, instanceInfo, error), 'instance_info');
  const frameSize = view().getBigUint64(instanceInfo + 8, true);
  const frame = x.malloc(8 * Number(frameSize));
  for (const t of times.map(Number)) {
    check(call(11, instance, t, frame, frameSize, error), 'sample');
    report.samples.push(view().getFloat64(frame, true));
  }
}
console.log(JSON.stringify(report));
