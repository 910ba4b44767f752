// effect-host.js: the host side of include/effect.h for effect plugins
// compiled to wasm32, as one dependency-free ES module (Node 18 or later, and browsers).
// No eval, no new Function: it runs under CSP script-src 'self' 'wasm-unsafe-eval'.
//
// A wasm plugin exports memory, effect_plugin_entry, _initialize, malloc,
// free and a growable __indirect_function_table, and imports nothing. C
// pointers are i32 offsets into its memory, function pointers are indices
// into its table, and uint64_t/int64_t are BigInt. The structs that hold
// pointers are smaller than on LP64 (docs/web.md has the table); the
// offsets below are wasm32's.

const utf8 = new TextEncoder();
const strict = new TextDecoder('utf-8', { fatal: true });
const ABI_MINOR = 7;
// effect_plugin_api's size for each minor on wasm32 (16 + 4 bytes a function).
const TABLE_SIZE = [68, 72, 76, 76];
const FUNCTIONS = ['describe', 'effect_info', 'param_info', 'channel_info', 'create', 'destroy', 'instance_info',
  'element_info', 'get_param', 'set_param', 'strings', 'sample', 'sample_many', 'layout', 'draw', 'create_with_services'];
const STATUS = ['OK', 'NULL_POINTER', 'STRUCT_SIZE', 'INDEX', 'UNKNOWN_EFFECT', 'UNKNOWN_PARAM', 'TYPE', 'RANGE',
  'UTF8', 'TIME', 'BUFFER', 'NOT_LIVE', 'DUPLICATE', 'OUT_OF_MEMORY', 'INTERNAL', 'UNSUPPORTED'];
const [TYPE_NONE, NUMBER, INTEGER, BOOL, ENUM, STRING, COLOR] = [0, 1, 2, 3, 4, 5, 6];
const TYPE_NAMES = ['none', 'number', 'integer', 'bool', 'enum', 'string', 'color'];
const [ERR_TYPE, ERR_RANGE, ERR_UTF8, ERR_TIME, ERR_BUFFER, ERR_INTERNAL] = [-6, -7, -8, -9, -10, -14];

/** A failed call: `status` is effect.h's EFFECT_ERR_* code (negative), `code` its name. */
export class EffectError extends Error {
  constructor(status, message) {
    super(message);
    this.name = 'EffectError';
    this.status = status;
    this.code = STATUS[-status] ?? String(status);
  }
}

// ---- Text as the host reads it: mirrors Sources/EffectHost/ValueParsing.swift,
// Support/DecimalNumber.swift and ColorText.swift, so an attribute of
// <effect-player> reads as `effect-host --param` reads the same text.

const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const WHOLE = /^[+-]?\d+$/;
const HEX_COLOR = /^(?:#|0[xX])?([0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;

/** A colour as #RRGGBB or #RRGGBBAA ("0x" or no prefix too) → 0xRRGGBBAA, or null. */
export function parseColor(text) {
  const m = HEX_COLOR.exec(text);
  if (!m) return null;
  const value = parseInt(m[1], 16);
  return m[1].length === 6 ? (value * 256 + 255) >>> 0 : value >>> 0;
}

/** `text` read as a value of `param` (from plugin.effects[i].params): a JS
 * value, or null for "none". Throws EffectError(RANGE) with the host's message. */
export function parseValue(param, text) {
  const fail = (expected) => new EffectError(ERR_RANGE, `param '${param.name}' needs ${expected}, not '${text}'`);
  if (param.optional && param.type !== 'string' && text === 'none') return null;
  switch (param.type) {
    case 'number':
      if (!DECIMAL.test(text)) throw fail('a number');
      return Number(text);
    case 'integer': {
      // Swift's Int64(text): digits with an optional sign, within 64 bits.
      if (!WHOLE.test(text)) throw fail('a whole number');
      const n = BigInt(text);
      if (n < -(2n ** 63n) || n >= 2n ** 63n) throw fail('a whole number');
      return n;
    }
    case 'bool': {
      const word = text.toLowerCase();
      if (['true', 'yes', 'on', '1'].includes(word)) return true;
      if (['false', 'no', 'off', '0'].includes(word)) return false;
      throw fail('true or false');
    }
    case 'enum':
      // Swift compares strings by canonical equivalence.
      if (!param.choices.some((c) => c.normalize() === text.normalize())) {
        throw new EffectError(ERR_RANGE, `param '${param.name}' has no choice '${text}' (choices: ${param.choices.join(', ')})`);
      }
      return text;
    case 'string':
      return text;
    default: {
      const color = parseColor(text);
      if (color === null) throw fail('a colour such as #8A8F98 or #8A8F98FF');
      return color;
    }
  }
}

// ---- JS functions as C function pointers. A module of ~40 bytes imports the
// JS function and exports it as a wasm function, which the plugin's table can
// hold: no eval, no WebAssembly.Function (not in every browser).

const WASM_TYPES = { i: 0x7f, j: 0x7e, d: 0x7c };
const leb = (n) => { const out = []; do { out.push((n & 127) | (n > 127 ? 128 : 0)); n >>>= 7; } while (n); return out; };
const section = (id, body) => [id, ...leb(body.length), ...body];
const name = (s) => [s.length, ...utf8.encode(s)];

async function functionPointer(table, signature, fn) {
  const [result, params] = signature.split(':');
  const bytes = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0,
    ...section(1, [1, 0x60, params.length, ...[...params].map((c) => WASM_TYPES[c]), 1, WASM_TYPES[result]]),
    ...section(2, [1, ...name('m'), ...name('f'), 0, 0]),
    ...section(7, [1, ...name('f'), 0, 0])]);
  const { instance } = await WebAssembly.instantiate(bytes, { m: { f: fn } });
  const index = table.grow(1);
  table.set(index, instance.exports.f);
  return index;
}

// ---- Host text services: where words and row breaks fall, at UTF-8 byte positions.

// web/line-breaks.js (UAX #14 and the segment service), loaded when first
// needed: a page whose texts are all in scripts written with spaces never
// asks for it, as the bundled plugins ask for segments only in the others.
let textServices;
/** Loads line-breaks.js, which segmentFlags needs. loadPlugin does unless
 * told not to; <effect-player> does when a text first needs it. */
export async function loadLineBreaks() {
  textServices ??= await import('./line-breaks.js');
}

/** effect_segment_fn's flags for `text`: length + 1 bytes, bit 1 a word
 * boundary (Intl.Segmenter), bit 2 a line-break opportunity (UAX #14).
 * Throws EffectError(UNSUPPORTED) until loadLineBreaks() has loaded. */
export function segmentFlags(text) {
  if (!textServices) throw new EffectError(-15, 'the text needs line breaks: await loadLineBreaks() first');
  return textServices.segmentFlags(text);
}

// ---- Loading

const EBADF = () => 8;
const WASI = { fd_write: EBADF, fd_close: EBADF, fd_seek: EBADF };
const isURL = (source) => typeof source === 'string' || source instanceof URL;

/** Loads a plugin from a URL (string or URL), a Response (or a promise of
 * one), bytes (ArrayBuffer, typed array) or a WebAssembly.Module. */
export async function loadPlugin(source, { label, lineBreaks = true } = {}) {
  if (lineBreaks) await loadLineBreaks();
  label ??= isURL(source) ? String(source) : 'the plugin';
  const fail = (reason) => new EffectError(ERR_INTERNAL, `${label}: ${reason}`);
  let module;
  try {
    module = await (isURL(source) ? fetch(source) : source);
  } catch (e) {
    throw fail(`cannot be fetched: ${e.message}`);
  }
  const response = typeof Response !== 'undefined' && module instanceof Response;
  if (response) {
    if (!module.ok) throw fail(`cannot be fetched: HTTP ${module.status}`);
    // Streaming compiles while the bytes arrive; it needs the wasm MIME type.
    if (!module.headers.get('content-type')?.startsWith('application/wasm')) module = await module.arrayBuffer();
  }
  if (!(module instanceof WebAssembly.Module)) {
    try {
      module = await (response && module instanceof Response ? WebAssembly.compileStreaming(module) : WebAssembly.compile(module));
    } catch (e) {
      throw fail(`cannot be compiled: ${e.message} (not a WebAssembly module, or a page whose CSP lacks 'wasm-unsafe-eval')`);
    }
  }
  const exported = WebAssembly.Module.exports(module).map((e) => e.name);
  const missing = ['memory', 'effect_plugin_entry', 'malloc', 'free', '__indirect_function_table'].filter((n) => !exported.includes(n));
  if (missing.length) throw fail(`does not export ${missing.join(', ')} (see docs/web.md for the link flags)`);
  // A C plugin linked with wasi-libc's stdio imports the file calls it could
  // print with; they answer EBADF, as a plugin must not print. Nothing else is given.
  const unknown = WebAssembly.Module.imports(module).filter((i) => i.module !== 'wasi_snapshot_preview1' || !(i.name in WASI));
  if (unknown.length) throw fail(`imports ${unknown.map((i) => `${i.module}.${i.name}`).join(', ')}; a wasm plugin imports nothing`);
  const { exports } = await WebAssembly.instantiate(module, { wasi_snapshot_preview1: WASI });
  const plugin = new Plugin(exports, fail);
  // The services and measurer callbacks live in the plugin's table for its life.
  const table = exports.__indirect_function_table;
  plugin.segmentIndex_ = await functionPointer(table, 'i:iiji', (_, text, length, out) => plugin.segment_(text, length, out));
  plugin.measureIndex_ = await functionPointer(table, 'i:iidddi', (_, text, size, weight, tracking, out) =>
    plugin.measure_(text, size, weight, tracking, out));
  plugin.read_();
  return plugin;
}

// Members whose names end in _ are the module's own: scripts/build-web
// shortens them (esbuild --mangle-props=_$), as it cannot tell them from
// the API's. They also keep clear of the wasm exports' names (_initialize).
class Plugin {
  constructor(exports, fail) {
    this.x_ = exports;
    this.fail_ = fail;
    // A reactor's constructors run once, before anything else.
    exports._initialize?.();
    const api = (this.api_ = exports.effect_plugin_entry());
    if (!api) throw fail('effect_plugin_entry returned NULL');
    const [size, major, minor, needs] = [0, 4, 8, 12].map((o) => this.u32_(api + o));
    if (major !== 1 || (minor > ABI_MINOR && !(needs && needs <= ABI_MINOR))) {
      throw fail(`built for effect ABI ${major}.${minor}${major === 1 && needs ? ` (needing 1.${needs})` : ''}; this host speaks 1.${ABI_MINOR}`
        + (major === 1 ? ' and cannot use a newer minor version' : ''));
    }
    this.minor_ = Math.min(minor, ABI_MINOR);
    const needed = TABLE_SIZE[this.minor_] ?? 80;
    if (size < needed) throw fail(`its function table is ${size} bytes; ABI 1.${this.minor_} needs ${needed}`);
    this.fn_ = {};
    FUNCTIONS.forEach((n, i) => {
      const index = 16 + 4 * i < needed ? this.u32_(api + 16 + 4 * i) : 0;
      if (index) this.fn_[n] = exports.__indirect_function_table.get(index);
      else if (i < 13) throw fail(`its function table has no ${n} (the pointer is NULL)`);
    });
    // Scratch for out structs and the error, kept for the plugin's life.
    this.error_ = this.alloc_(520);
    this.scratch_ = this.alloc_(128);
    this.services_ = this.alloc_(24);
  }

  // Views are remade whenever the memory has grown (any call may grow it, and
  // growing detaches the old buffer).
  view_() {
    const buffer = this.x_.memory.buffer;
    if (this.dv_?.buffer !== buffer) {
      this.dv_ = new DataView(buffer);
      this.bytes_ = new Uint8Array(buffer);
    }
    return this.dv_;
  }
  u32_(p) { return this.view_().getUint32(p, true); }
  f64_(p) { return this.view_().getFloat64(p, true); }
  alloc_(n) {
    // malloc takes a 32-bit size: a larger one would wrap to a small block.
    if (!(n < 2 ** 31)) throw new EffectError(-13, `${n} bytes do not fit a WebAssembly plugin's memory`);
    const p = this.x_.malloc(Math.max(n, 8));
    if (!p) throw new EffectError(-13, 'the plugin ran out of memory');
    return this.zero_(p, n);
  }
  // Zeroes n bytes at p; with `size`, struct_size (the first field) is n.
  zero_(p, n, size) {
    this.view_();
    this.bytes_.fill(0, p, p + n);
    if (size) this.dv_.setUint32(p, n, true);
    return p;
  }
  string_(text) {
    const b = utf8.encode(text);
    const p = this.alloc_(b.length + 1);
    this.bytes_.set(b, p);
    return p;
  }
  // The NUL-terminated UTF-8 string at p. ASCII is read by hand: quicker
  // than TextDecoder for the short runs a plugin measures, many a frame.
  text_(p, what) {
    if (!p) throw new EffectError(ERR_INTERNAL, `${what} is NULL`);
    this.view_();
    const b = this.bytes_;
    if (b.indexOf(0, p) < 0) throw new EffectError(ERR_INTERNAL, `${what} is not a NUL-terminated string in the plugin's memory`);
    let s = '';
    let end = p;
    for (; b[end]; end++) {
      if (b[end] > 127) {
        end = b.indexOf(0, end);
        try { return strict.decode(b.subarray(p, end < 0 ? b.length : end)); } catch { throw new EffectError(ERR_INTERNAL, `${what} is not valid UTF-8`); }
      }
      s += String.fromCharCode(b[end]);
    }
    return s;
  }
  // `count` strings from an array of pointers at p.
  texts_(p, count, what) { return Array.from({ length: count }, (_, i) => this.text_(this.u32_(p + 4 * i), what)); }

  // A struct's fields at p, by a spec of a type letter, a byte offset and a
  // name each (wasm32's offsets, docs/web.md): u a uint32_t, j a uint64_t,
  // f a double, s a pointer to a string (never NULL). One reader for every
  // metadata struct, rather than code per struct.
  fields_(p, spec, what) {
    const out = {};
    for (const [, type, offset, name] of spec.matchAll(/(\w)(\d+)(\w+)/g)) {
      const at = p + +offset;
      out[name] = type === 'u' ? this.u32_(at) : type === 'f' ? this.f64_(at)
        : type === 'j' ? Number(this.view_().getBigUint64(at, true)) : this.text_(this.u32_(at), `${what}'s ${name}`);
    }
    return out;
  }

  // Calls table function `n` whose last arguments are an out struct of
  // `size` bytes (in the scratch) and the error; the struct's fields by `spec`.
  ask_(n, size, spec, what, ...args) {
    const p = this.zero_(this.scratch_, size, true);
    this.call_(n, ...args, p);
    return this.fields_(p, spec, what);
  }

  // Calls a table function whose last argument is the error struct; a failure
  // becomes an EffectError with the plugin's status and message.
  call_(n, ...args) {
    this.unsegmented_ = undefined;
    this.zero_(this.error_, 520, true);
    const status = this.fn_[n](...args, this.error_);
    if (status) throw new EffectError(status, this.text_(this.error_ + 8, 'the message') || `${n} failed with status ${status}`);
  }

  read_() {
    const { count, ...info } = this.ask_('describe', 32, 'u4count s8id s12name s16version s20author s24license s28summary', 'the plugin', this.api_);
    if (count < 1 || count > 1024) throw this.fail_(`describe reports ${count} effects; a plugin has 1 to 1,024`);
    this.info = { ...info, abi: `1.${this.minor_}` };
    this.effects = Array.from({ length: count }, (_, i) => this.readEffect_(i));
  }

  // The counts bound what is read (a plugin's memory is not to be walked
  // at random); the rest of what a plugin declares, effect-host validate judges.
  readEffect_(index) {
    const { params, globals, elements, attributes, ...effect } = this.ask_('effect_info', 48,
      'u4params u8globals u12elements u16attributes s24id s28name s32summary s36elementNoun s40timingDoc s44credit', `effect ${index}`, this.api_, index);
    const id = effect.id;
    const channels = globals + elements + attributes;
    if (params > 1024 || channels > 4096) throw this.fail_(`effect '${id}' reports too many params or channels`);
    Object.assign(effect, { index, params: [], channels: [], elementChannels: [], attributes: [] });
    for (let i = 0; i < params; i++) effect.params.push(this.readParam_(index, i, id));
    // Channels come in scope order: globals, element channels, attributes.
    for (let i = 0; i < channels; i++) {
      const { flags, count, labels, ...channel } = this.ask_('channel_info', 48, 'u8flags u12count s16name s20unit s24doc u28labels f32min f40max',
        `channel ${i} of '${id}'`, this.api_, index, i);
      if (count > 4096 || (count && !labels)) throw this.fail_(`channel '${channel.name}' of '${id}' has invalid labels`);
      (i < globals ? effect.channels : i < globals + elements ? effect.elementChannels : effect.attributes).push({ ...channel,
        discrete: !!(flags & 1), counter: !!(flags & 2), labels: this.texts_(labels, count, `a channel of '${id}'`) });
    }
    return effect;
  }

  readParam_(effect, index, id) {
    const { code, flags, count, choices, min, max, ...param } = this.ask_('param_info', 80,
      'u4code u8flags u12count s16name s20unit s24doc u28choices f32min f40max', `param ${index} of '${id}'`, this.api_, effect, index);
    const what = `param '${param.name}' of '${id}'`;
    const type = (param.type = TYPE_NAMES[code]);
    if (!type || code === TYPE_NONE) throw this.fail_(`${what} has unknown type ${code}`);
    if (type === 'enum' && !(count >= 1 && count <= 4096 && choices)) throw this.fail_(`${what} is an enum without valid choices`);
    Object.assign(param, { live: !!(flags & 1), optional: !!(flags & 2), multiline: !!(flags & 4),
      choices: type === 'enum' ? this.texts_(choices, count, what) : [] });
    if (type === 'number' || type === 'integer') Object.assign(param, { min, max });
    param.default = this.readValue_(this.scratch_ + 48, param);
    return param;
  }

  readValue_(p, param) {
    const d = this.view_();
    const type = d.getUint32(p, true);
    const integer = d.getBigInt64(p + 16, true);
    const string = () => this.text_(d.getUint32(p + 24, true), `a value of '${param.name}'`);
    if (type !== TYPE_NONE && TYPE_NAMES[type] !== param.type) {
      throw new EffectError(ERR_INTERNAL, `a value of '${param.name}' has type ${type}, which does not fit a ${param.type} param`);
    }
    return type === TYPE_NONE ? null : type === NUMBER ? d.getFloat64(p + 8, true)
      : type === INTEGER ? (Number.isSafeInteger(Number(integer)) ? Number(integer) : integer)
      : type === BOOL ? integer !== 0n
      : type === ENUM ? (d.getUint32(p + 24, true) ? string() : param.choices[Number(integer)])
      : type === STRING ? string() : Number(integer);
  }

  // Writes effect_value `value` for `param` at p, typed by the JS value (a
  // type that does not fit the param, the plugin refuses with TYPE); text
  // for a param that is not text is read by the host's grammar. Strings it
  // allocates are pushed to `owned` for the caller to free after the call.
  writeValue_(p, param, value, owned) {
    const type = TYPE_NAMES.indexOf(param.type);
    if (typeof value === 'string' && type !== ENUM && type !== STRING) value = parseValue(param, value);
    let as = value === null || value === undefined ? TYPE_NONE : NUMBER;
    if (typeof value === 'string') {
      if (value.includes('\0') || value.isWellFormed?.() === false) throw new EffectError(ERR_UTF8, `the value of '${param.name}' is not a NUL-free Unicode string`);
      owned.push(this.string_(value));
      this.view_().setUint32(p + 24, owned.at(-1), true);
      as = type;
    } else if (typeof value === 'boolean' || typeof value === 'bigint' || (Number.isInteger(value) && type !== NUMBER)) {
      // A whole number goes as an INTEGER (or the param's integral type), anything else as a NUMBER.
      const n = BigInt(value);
      if (BigInt.asIntN(64, n) !== n) throw new EffectError(ERR_RANGE, `param '${param.name}' is ${n}, beyond what 64 bits hold`);
      this.view_().setBigInt64(p + 16, n, true);
      as = typeof value === 'boolean' ? BOOL : type === COLOR || type === ENUM ? type : INTEGER;
    } else if (as) {
      this.view_().setFloat64(p + 8, value, true);
    }
    this.view_().setUint32(p, as, true);
  }

  effect(id) { return this.effects.find((e) => e.id === id); }

  /** A new instance of effect `effectId` with `params` ({name: value}); the
   * host's word and line services unless `services` is false. */
  create(effectId, { params = {}, services = true } = {}) {
    const effect = this.effect(effectId);
    const names = Object.keys(params);
    const owned = [this.string_(String(effectId))];
    const settings = this.alloc_(40 * names.length);
    owned.push(settings);
    try {
      names.forEach((n, i) => {
        owned.push(this.string_(n));
        this.view_().setUint32(settings + 40 * i, owned.at(-1), true);
        // An unknown name goes as NONE, for the plugin to name the params it has.
        const param = effect?.params.find((q) => q.name === n);
        if (param) this.writeValue_(settings + 40 * i + 8, param, params[n], owned);
      });
      const out = this.zero_(this.scratch_, 8);
      if (services && this.fn_.create_with_services) {
        this.zero_(this.services_, 24, true);
        this.dv_.setUint32(this.services_ + 8, this.segmentIndex_, true);
        this.call_('create_with_services', this.api_, owned[0], settings, names.length, this.services_, out);
      } else {
        this.call_('create', this.api_, owned[0], settings, names.length, out);
      }
      const handle = this.u32_(out);
      this.segmented_(() => this.fn_.destroy(handle));
      return new Instance(this, effect, handle);
    } finally {
      owned.forEach((p) => this.x_.free(p));
    }
  }

  // effect_segment_fn, called by the plugin through the table.
  segment_(text, length, out) {
    try {
      const n = Number(length);
      this.view_();
      const flags = segmentFlags(strict.decode(this.bytes_.subarray(text, text + n)));
      this.view_();
      this.bytes_.set(flags, out);
      return 0;
    } catch (e) {
      // Invalid UTF-8, say: the plugin then splits at white space, as without services.
      this.unsegmented_ ??= e.status && e;
      return ERR_INTERNAL;
    }
  }

  // After a create or set: a text that needed line-breaks.js before it was
  // loaded was split at white space only, so the call fails (the new
  // instance destroyed; a set's event stays in the instance).
  segmented_(undo) {
    const e = this.unsegmented_;
    this.unsegmented_ = undefined;
    if (e) {
      undo?.();
      throw e;
    }
  }

  // effect_measure_fn: the draw's measurer, answering in points.
  measure_(text, size, weight, tracking, out) {
    try {
      const m = this.measurer_(this.text_(text, 'a run'), size, weight, tracking);
      if (!(m?.length === 3 && m.every(Number.isFinite) && m[1] >= 0 && m[2] >= 0)) {
        throw new Error(`answered ${JSON.stringify(m)} for '${this.text_(text, 'a run')}', not [advance, ascent >= 0, descent >= 0]`);
      }
      const d = this.view_();
      m.forEach((v, i) => d.setFloat64(out + 8 * i, v, true));
      return 0;
    } catch (e) {
      this.measureFailure_ ??= e;
      return ERR_RANGE;
    }
  }
}

class Instance {
  constructor(plugin, effect, handle) {
    Object.assign(this, { plugin, effect, handle_: handle, lastEvent_: 0, items_: 0, capacity_: 0 });
    this.refresh_();
    this.frame_ = plugin.alloc_(8 * this.frameSize_);
  }

  // instance_info: fixed facts (elements, frame size) and the timing, which events change.
  refresh_() {
    const p = this.plugin;
    const i = p.ask_('instance_info', 64, 'u0filled u4elementCount j8frameSize u16loops f24end f32loopStart f40period u56notes', 'the instance', this.live_());
    const effect = this.effect;
    this.elementCount = i.elementCount;
    this.frameSize_ = i.frameSize;
    if (i.frameSize !== effect.channels.length + i.elementCount * effect.elementChannels.length) {
      throw new EffectError(ERR_INTERNAL, `the plugin's frame size ${i.frameSize} does not match its channels`);
    }
    this.timing = i.loops === 2 ? { kind: 'loops', loopStart: i.loopStart, period: i.period } : { kind: 'ends', end: i.end };
    // Notes came with ABI 1.1's larger struct (filled: its size).
    const notes = i.filled >= 60 && i.notes ? p.text_(i.notes, 'the notes') : '';
    this.notes = notes ? notes.split('\n') : [];
  }

  live_() {
    if (!this.handle_) throw new EffectError(-1, 'the instance has been destroyed');
    return this.handle_;
  }

  /** How long it plays by itself (to its end, or one period into its loop), never before its latest event. */
  get duration() {
    const t = this.timing;
    return Math.max(t.kind === 'loops' ? t.loopStart + t.period : t.end, this.lastEvent_);
  }

  /** The moment a still shows: the end (after the latest event) or where the loop starts. */
  get settled() {
    return this.timing.kind === 'loops' ? this.timing.loopStart : Math.max(this.timing.end, this.lastEvent_);
  }

  /** The elements: their text and attributes by name. */
  elements() {
    const p = this.plugin;
    return Array.from({ length: this.elementCount }, (_, e) => {
      const { text, values } = p.ask_('element_info', 16, 's8text u12values', `element ${e}`, this.live_(), e);
      return { text, attributes: Object.fromEntries(this.effect.attributes.map((a, k) => [a.name, p.f64_(values + 8 * k)])) };
    });
  }

  /** The display strings at t: text, accessibility label and value. */
  strings(t) {
    return this.plugin.ask_('strings', 20, 's8text s12accessibilityLabel s16accessibilityValue', 'a display string', this.live_(), t);
  }

  /** An event: from time `at` on, param `name` has `value` (typed, or text read as effect-host --param reads it). */
  set(name, value, at = 0) {
    const p = this.plugin;
    const param = this.param_(name);
    const owned = [p.string_(String(name)), p.alloc_(32)];
    try {
      if (param) p.writeValue_(owned[1], param, value, owned);
      p.call_('set_param', this.live_(), owned[0], owned[1], at);
      p.segmented_();
    } finally {
      owned.forEach((q) => p.x_.free(q));
    }
    this.lastEvent_ = Math.max(this.lastEvent_, at);
    this.refresh_();
    this.capacity_ = 0;
  }

  param_(name) { return this.effect.params.find((q) => q.name === name); }

  /** An event written as text, "T:NAME=VALUE", as `effect-host --at` reads it. */
  event(text) {
    const colon = text.indexOf(':');
    if (colon < 0) throw new EffectError(ERR_RANGE, `an event is T:NAME=VALUE, not '${text}'`);
    const time = text.slice(0, colon);
    const t = DECIMAL.test(time) ? Number(time) : NaN;
    if (!(t >= 0 && t < Infinity)) throw new EffectError(ERR_RANGE, `an event needs a time in seconds >= 0 before ':', not '${time}'`);
    const assignment = text.slice(colon + 1);
    const equals = assignment.indexOf('=');
    if (equals < 1) throw new EffectError(ERR_RANGE, `an assignment is NAME=VALUE, not '${assignment}'`);
    const name = assignment.slice(0, equals);
    const param = this.param_(name);
    const value = assignment.slice(equals + 1);
    this.set(name, param ? parseValue(param, value) : value, t);
  }

  /** The value param `name` has at time t. */
  get(name, t = 0) {
    const p = this.plugin;
    const param = this.param_(name) ?? { name, type: 'none' };
    const s = p.string_(String(name));
    try {
      const v = p.zero_(p.scratch_, 32);
      p.call_('get_param', this.live_(), s, t, v);
      return p.readValue_(v, param);
    } finally {
      p.x_.free(s);
    }
  }

  /** The frame at time t: global channels by name, and `elements`, each element's channels. */
  sample(t) {
    const p = this.plugin;
    p.call_('sample', this.live_(), t, this.frame_, BigInt(this.frameSize_));
    let o = this.frame_ - 8;
    const read = (channels) => Object.fromEntries(channels.map((c) => [c.name, p.f64_((o += 8))]));
    const out = read(this.effect.channels);
    out.elements = Array.from({ length: this.elementCount }, () => read(this.effect.elementChannels));
    return out;
  }

  /** `count` frames at t0 + i * dt through sample_many, as raw values (Float64Array, frame after frame). */
  sampleMany(t0, dt, count) {
    const p = this.plugin;
    const n = this.frameSize_ * count;
    const buffer = p.alloc_(8 * n);
    try {
      p.call_('sample_many', this.live_(), t0, dt, BigInt(count), buffer, BigInt(n));
      return new Float64Array(p.x_.memory.buffer, buffer, n).slice();
    } finally {
      p.x_.free(buffer);
    }
  }

  /** The frame at t as a display list: { width, height, bounds, maxItemCount,
   * items }, each item a plain object (kind 'group', 'end_group', 'shape' or
   * 'text'), checked as effect-host checks one. `width`/`height`: the size
   * proposed to the view (0: its ideal); `measure(text, size, weight,
   * tracking)` → [advance, ascent, descent] in points (none: the ABI's
   * reference metrics); `appearance` 'light' or 'dark'. */
  draw(t, { width = 0, height = 0, appearance = 'light', measure } = {}) {
    const p = this.plugin;
    if (!p.fn_.draw) throw new EffectError(-15, `${this.effect.id} comes from an ABI 1.${p.minor_} plugin, which does not draw`);
    if (appearance !== 'light' && appearance !== 'dark') throw new EffectError(ERR_RANGE, `appearance is 'light' or 'dark', not '${appearance}'`);
    const context = p.zero_(p.scratch_, 40, true);
    const drawing = context + 40;
    const d = p.dv_;
    d.setFloat64(context + 8, width, true);
    d.setFloat64(context + 16, height, true);
    d.setUint32(context + 24, measure ? p.measureIndex_ : 0, true);
    d.setUint32(context + 32, appearance === 'dark' ? 1 : 0, true);
    p.measurer_ = measure;
    p.measureFailure_ = undefined;
    try {
      // The first draw asks for the capacity (BUFFER fills item_count); a
      // plugin that keeps asking for more is broken.
      for (let tries = 0; ; tries++) {
        p.zero_(drawing, 72, true);
        try {
          p.call_('draw', this.live_(), t, context, drawing, this.items_, BigInt(this.capacity_));
          break;
        } catch (e) {
          const needed = Math.max(...[8, 64].map((o) => Number(p.view_().getBigUint64(drawing + o, true))));
          if (p.measureFailure_) throw new EffectError(ERR_RANGE, `the measurer failed: ${p.measureFailure_.message ?? p.measureFailure_}`);
          if (e.status !== ERR_BUFFER || tries > 2 || needed <= this.capacity_) throw e;
          if (this.items_) p.x_.free(this.items_);
          this.items_ = 0;
          this.items_ = p.alloc_(160 * needed);
          this.capacity_ = needed;
        }
      }
    } finally {
      p.measurer_ = undefined;
    }
    return readDisplayList(p, drawing, this.items_, this.capacity_);
  }

  /** Frees the instance; every later call throws. */
  destroy() {
    if (!this.handle_) return;
    const p = this.plugin;
    p.fn_.destroy(this.handle_);
    [this.frame_, this.items_].forEach((q) => q && p.x_.free(q));
    this.handle_ = this.items_ = 0;
  }
}

// ---- Display lists, read and checked as Sources/EffectHost/DisplayListReader.swift
// reads them where a wrong list would be read wrong: groups balanced, shapes
// whole, text valid UTF-8 and cut on a character boundary (effect.h's item
// layouts are the same on wasm32 as on LP64). That its numbers are finite
// and its kinds known, the plugin promises and effect-host validate checks.

const SHAPES = [, 'rect', 'rounded_rect', 'capsule', 'ellipse', 'path'];
const CAPS = ['butt', 'round', 'square'];
const JOINS = ['miter', 'round', 'bevel'];
const VERBS = ['move', 'line', 'cubic', 'close'];

// Field names, split once: a list is read every frame, dozens of items each.
const [SIZE, RECT, TRANSFORM, LOOK, SEGMENT, GRADIENT, SHAPE, TEXT] = [
  'width height', 'x y width height', 'anchorX anchorY translateX translateY scaleX scaleY rotation', 'opacity blur saturation',
  'x y x1 y1 x2 y2', 'x0 y0 x1 y1', 'cornerRadius trimStart trimEnd', 'x y size weight tracking advance ascent descent',
].map((names) => names.split(' '));

function readDisplayList(p, drawing, base, capacity) {
  const d = p.view_();
  const broken = (what) => new EffectError(ERR_INTERNAL, `the plugin's display list ${what}`);
  const f = (o) => d.getFloat64(o, true);
  const u = (o) => d.getUint32(o, true);
  let at = -1;
  // The doubles from o on, named, put into `into`; a canvas would skip a call with a NaN unseen, so none may be.
  const doubles = (o, named, into = {}) => {
    for (let i = 0; i < named.length; i++) {
      const x = f(o + 8 * i);
      if (!Number.isFinite(x)) throw broken(at < 0 ? 'has a non-finite size or bounds' : `has a non-finite number in item ${at}`);
      into[named[i]] = x;
    }
    return into;
  };
  const count = Number(d.getBigUint64(drawing + 8, true));
  if (count > capacity) throw broken('does not fit the capacity it asked for');
  const list = doubles(drawing + 16, SIZE);
  Object.assign(list, { bounds: doubles(drawing + 32, RECT), maxItemCount: Number(d.getBigUint64(drawing + 64, true)), items: [] });
  const open = [];
  for (let index = 0; index < count; index++) {
    const o = base + 160 * index;
    at = index;
    const [kind, id] = [u(o), u(o + 4)];
    let item;
    if (kind === 1) {
      const clip = u(o + 88);
      item = doubles(o + 64, LOOK, { kind: 'group', id, transform: doubles(o + 8, TRANSFORM) });
      item.clip = clip ? { shape: SHAPES[clip], rect: doubles(o + 96, RECT), cornerRadius: f(o + 128) } : null;
      open.push(id);
    } else if (kind === 2) {
      if (!open.length) throw broken(`closes a group that is not open at item ${index}`);
      const group = open.pop();
      if (group !== id) throw broken(`closes group ${group} with the id ${id} at item ${index}`);
      item = { kind: 'end_group', id };
    } else if (kind === 3) {
      const shape = SHAPES[u(o + 8)];
      const fill = u(o + 72);
      const segmentCount = shape === 'path' ? u(o + 12) : 0;
      const stopCount = fill === 2 ? u(o + 112) : 0;
      if (index + segmentCount + stopCount >= count) throw broken(`ends inside shape ${id}`);
      const parts = (from, n, kind, read) => Array.from({ length: n }, (_, k) => {
        const q = o + 160 * (from + k);
        if (u(q) !== kind) throw broken(`lacks a ${kind === 5 ? 'segment' : 'stop'} of shape ${id}`);
        return read(q);
      });
      const segments = parts(1, segmentCount, 5, (q) => doubles(q + 16, SEGMENT, { verb: VERBS[u(q + 8)] }));
      if (segmentCount && segments[0].verb !== 'move') throw broken(`has path ${id} that does not start with a move`);
      const stops = parts(1 + segmentCount, stopCount, 6, (q) => Object.assign(doubles(q + 8, ['offset']), { color: u(q + 16) }));
      const width = doubles(o + 120, ['width']).width;
      item = doubles(o + 48, SHAPE, { kind: 'shape', id, shape, frame: doubles(o + 16, RECT) });
      Object.assign(item, {
        fill: fill === 1 ? { kind: 'solid', color: u(o + 76) } : fill === 2 ? Object.assign(doubles(o + 80, GRADIENT, { kind: 'linear_gradient' }), { stops }) : null,
        stroke: width > 0 ? { color: u(o + 116), width, cap: CAPS[u(o + 128)] ?? 'butt', join: JOINS[u(o + 132)] ?? 'miter' } : null,
        segments });
      index += segmentCount + stopCount;
    } else if (kind === 4) {
      item = doubles(o + 16, TEXT, { kind: 'text', id, text: readRun(p, u(o + 8), p.minor_ >= 6 ? u(o + 84) : 0, id, index, broken) });
      item.color = u(o + 80);
    } else {
      throw broken(kind === 5 || kind === 6 ? `has a ${kind === 5 ? 'segment' : 'stop'} outside a shape at item ${index}` : `has item kind ${kind} at item ${index}`);
    }
    list.items.push(item);
  }
  if (open.length) throw broken(`leaves ${open.length} group(s) open`);
  return list;
}

// A text item's run (Sources/EffectHost/TextRun.swift): the whole string
// (length 0), or its first `length` bytes, before its NUL and on a character boundary.
function readRun(p, pointer, length, id, index, broken) {
  const unreadable = () => broken('has text that is NULL or not UTF-8');
  if (!pointer) throw unreadable();
  if (!length) {
    try { return p.text_(pointer, 'text'); } catch { throw unreadable(); }
  }
  const bytes = p.bytes_;
  const nul = bytes.subarray(pointer, pointer + length).indexOf(0);
  if (nul >= 0) {
    throw broken(`has text ${id} at item ${index} whose length ${length} runs past its string, which ends after ${nul} bytes; `
      + 'a length counts bytes of the string, at most all of them (0: the whole string)');
  }
  try {
    return strict.decode(bytes.subarray(pointer, pointer + length));
  } catch {
    if ((bytes[pointer + length] & 0xc0) !== 0x80) throw unreadable();
    throw broken(`has text ${id} at item ${index} whose length ${length} ends inside a character; end the run on a character boundary `
      + "(best a grapheme's, where effect_kit_grapheme_next or Graphemes.clusters cuts)");
  }
}

// ---- Canvas 2D: drawing a display list as Sources/EffectRender/Pixels/CairoPainter.swift does.

/** The fonts text is drawn and measured in: effect-host render's (Inter, then
 * the fallbacks fontconfig lists after it here). A page makes them available
 * with @font-face. */
export const FONTS = 'Inter, "Noto Sans", "DejaVu Sans", "Noto Sans CJK JP", sans-serif';
const KAPPA = 0.5522847498307936;
const CURSIVE = /[\p{sc=Arabic}\p{sc=Syriac}\p{sc=Nko}\p{sc=Mongolian}\p{sc=Mandaic}\p{sc=Adlam}\p{sc=Hanifi_Rohingya}\p{sc=Phags_Pa}\p{sc=Sogdian}]/u;
// A run of a cursive script with the spaces and marks inside it: one shaping item.
const CURSIVE_ITEMS = new RegExp(`${CURSIVE.source}(?:[\\p{sc=Zyyy}\\p{sc=Zinh}${CURSIVE.source.slice(1, -1)}]*${CURSIVE.source})?`, 'gu');

const rgba = (c, alpha) => `rgba(${c >>> 24},${(c >>> 16) & 255},${(c >>> 8) & 255},${((c & 255) / 255) * alpha})`;
// What a run draws: a tab as a space, other C0/C1 controls not at all (ShapedText.drawable).
const drawable = (text) => text.replace(/[\0-\x1f\x7f-\x9f]/g, (c) => (c === '\t' ? ' ' : ''));
// The paragraph's direction from its first letter (UAX #9's first strong
// character, as FriBidi finds it; right to left in FriBidi.isRightToLeftLetter's ranges).
const RTL = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff\u{10800}-\u{10fff}\u{1e800}-\u{1efff}]/u;
const direction = (text) => (RTL.test(/\p{L}/u.exec(text)?.[0] ?? '') ? 'rtl' : 'ltr');

// A shape's or clip's outline (ShapeOutline.path): the path's own segments, or
// its kind in its frame, starting and running as SVG's do, arcs as cubics.
function outline(kind, r, corner, segments) {
  if (kind === 'path') return segments;
  const [x, y, w, h] = [r.x, r.y, Math.max(0, r.width), Math.max(0, r.height)];
  const k = KAPPA;
  const cubic = (x, y, x1, y1, x2, y2) => ({ verb: 'cubic', x, y, x1, y1, x2, y2 });
  const line = (x, y) => ({ verb: 'line', x, y });
  if (kind === 'ellipse') {
    const [cx, cy, rx, ry] = [x + w / 2, y + h / 2, w / 2, h / 2];
    return [{ verb: 'move', x: cx + rx, y: cy }, cubic(cx, cy + ry, cx + rx, cy + k * ry, cx + k * rx, cy + ry),
      cubic(cx - rx, cy, cx - k * rx, cy + ry, cx - rx, cy + k * ry), cubic(cx, cy - ry, cx - rx, cy - k * ry, cx - k * rx, cy - ry),
      cubic(cx + rx, cy, cx + k * rx, cy - ry, cx + rx, cy - k * ry), { verb: 'close' }];
  }
  const short = Math.min(w, h) / 2;
  const c = kind === 'capsule' ? short : kind === 'rounded_rect' ? Math.min(Math.max(0, corner), short) : 0;
  const out = [{ verb: 'move', x: x + c, y }, line(x + w - c, y)];
  if (c > 0) out.push(cubic(x + w, y + c, x + w - c + k * c, y, x + w, y + c - k * c));
  out.push(line(x + w, y + h - c));
  if (c > 0) out.push(cubic(x + w - c, y + h, x + w, y + h - c + k * c, x + w - c + k * c, y + h));
  out.push(line(x + c, y + h));
  if (c > 0) out.push(cubic(x, y + h - c, x + c - k * c, y + h, x, y + h - c + k * c));
  out.push(line(x, y + c));
  if (c > 0) out.push(cubic(x + c, y, x, y + c - k * c, x + c - k * c, y));
  out.push({ verb: 'close' });
  return out;
}

function path2D(segments) {
  const p = new Path2D();
  for (const s of segments) {
    if (s.verb === 'move') p.moveTo(s.x, s.y);
    else if (s.verb === 'line') p.lineTo(s.x, s.y);
    else if (s.verb === 'cubic') p.bezierCurveTo(s.x1, s.y1, s.x2, s.y2, s.x, s.y);
    else p.closePath();
  }
  return p;
}

// The lines and cubics of a path, a close as its line back (ShapeOutline.forEachPiece),
// each cubic measured as 32 chords, as the native trim measures it.
function pieces(segments) {
  const out = [];
  let pen = null;
  let start = [0, 0];
  const bez = (p, t) => {
    const u = 1 - t;
    const [a, b, c, d] = [u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t];
    return [a * p[0][0] + b * p[1][0] + c * p[2][0] + d * p[3][0], a * p[0][1] + b * p[1][1] + c * p[2][1] + d * p[3][1]];
  };
  const add = (points) => {
    const lengths = [];
    let total = 0;
    let previous = points[0];
    for (let i = 1; i <= (points.length === 4 ? 32 : 1); i++) {
      const next = points.length === 4 ? bez(points, i / 32) : points[1];
      total += Math.hypot(next[0] - previous[0], next[1] - previous[1]);
      lengths.push(total);
      previous = next;
    }
    out.push({ points, lengths, length: total });
  };
  for (const s of segments) {
    if (s.verb === 'move') pen = start = [s.x, s.y];
    else if (s.verb === 'close') { if (pen) add([pen, start]); pen = start; }
    else {
      const end = [s.x, s.y];
      if (pen) add(s.verb === 'cubic' ? [pen, [s.x1, s.y1], [s.x2, s.y2], end] : [pen, end]); else start = end;
      pen = end;
    }
  }
  return out;
}

// The part of a path from `from` to `to` (fractions of its length): ShapeOutline.trimmed.
function trimmed(segments, from, to) {
  const all = pieces(segments);
  const total = all.reduce((sum, p) => sum + p.length, 0);
  [from, to] = [from * total, to * total];
  const out = [];
  let walked = 0;
  let pen = null;
  const mix = (a, b, t) => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
  const split = ([p0, p1, p2, p3], t) => {
    const [a, b, c] = [mix(p0, p1, t), mix(p1, p2, t), mix(p2, p3, t)];
    const [d, e] = [mix(a, b, t), mix(b, c, t)];
    const f = mix(d, e, t);
    return [[p0, a, d, f], [f, e, c, p3]];
  };
  const parameter = (piece, fraction) => {
    const target = fraction * piece.length;
    const i = piece.lengths.findIndex((reached) => reached >= target);
    if (i < 0) return 1;
    const previous = i > 0 ? piece.lengths[i - 1] : 0;
    const chord = piece.lengths[i] - previous;
    return (i + (chord > 0 ? (target - previous) / chord : 0)) / piece.lengths.length;
  };
  for (const piece of all) {
    const s = Math.max(from, walked);
    const e = Math.min(to, walked + piece.length);
    if (e > s) {
      const [a, b] = [(s - walked) / piece.length, (e - walked) / piece.length];
      let part;
      if (piece.points.length === 2) {
        part = [mix(...piece.points, a), mix(...piece.points, b)];
      } else {
        const [t0, t1] = [parameter(piece, a), parameter(piece, b)];
        const head = split(piece.points, t1)[0];
        part = t1 > 0 ? split(head, t0 / t1)[1] : head;
      }
      const [first, last] = [part[0], part.at(-1)];
      if (!pen || pen[0] !== first[0] || pen[1] !== first[1]) out.push({ verb: 'move', x: first[0], y: first[1] });
      out.push(part.length === 2 ? { verb: 'line', x: last[0], y: last[1] }
        : { verb: 'cubic', x: last[0], y: last[1], x1: part[1][0], y1: part[1][1], x2: part[2][0], y2: part[2][1] });
      pen = last;
    }
    walked += piece.length;
  }
  return out;
}

// How many paints (fills, strokes, runs, layers) each group holds, and
// whether it needs a layer (CairoPainter's GroupPlan): to filter, or to
// fade more than one paint as one. Keyed by the group's index.
function plan(items) {
  const paints = new Map();
  const open = [];
  const add = (n) => open.length && paints.set(open.at(-1), (paints.get(open.at(-1)) ?? 0) + n);
  items.forEach((item, i) => {
    if (item.kind === 'group') { open.push(i); paints.set(i, 0); }
    else if (item.kind === 'end_group') {
      const g = open.pop();
      const held = paints.get(g);
      add(needsLayer(items[g], held) ? Math.min(1, held) : held);
    } else if (item.kind === 'text') add(1);
    else if (!drawsNothing(item)) add((item.fill ? 1 : 0) + (item.stroke ? 1 : 0));
  });
  return paints;
}
const needsLayer = (g, paints) => g.blur > 0 || g.saturation !== 1 || (g.opacity < 1 && paints > 1);
const drawsNothing = (s) => !(Math.min(1, s.trimEnd) > Math.max(0, s.trimStart));

// Offscreen canvases for layers, by depth, kept between frames: a page of
// many players cannot afford a canvas per group per frame.
const layers = [];

/** Draws display list `list` on a Canvas 2D context whose current transform
 * maps the view's points to its pixels. `fonts`: a CSS font-family list. */
export function drawFrame(ctx, list, { fonts = FONTS } = {}) {
  const items = list.items;
  const paints = plan(items);
  const stack = [];
  let alpha = 1;
  const clip = (g, c) => g.clip && c.clip(path2D(outline(g.clip.shape, g.clip.rect, g.clip.cornerRadius)));
  ctx.save();
  ctx.miterLimit = 4;  // SVG's default, as native draws; canvas's is 10
  // The text state the context holds, followed through saves and restores:
  // a setter costs microseconds even for the same value (letterSpacing
  // parses CSS), so each is set only when it changes, and the first run's
  // is set before any group, for the groups to inherit.
  let known = {};
  const saved = [];
  const save = () => { ctx.save(); saved.push(known); known = { ...known }; };
  const restore = () => { ctx.restore(); known = saved.pop(); };
  const put = (name, value) => { if (known[name] !== value) ctx[name] = known[name] = value; };
  const textState = (item, text) => {
    put('font', `${item.weight} ${item.size}px ${fonts}`);
    put('letterSpacing', `${item.tracking}px`);
    put('direction', direction(text));
    put('textAlign', 'left');
  };
  const first = items.find((item) => item.kind === 'text' && item.size > 0 && drawable(item.text));
  if (first) textState(first, drawable(first.text));
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    if (item.kind === 'group') {
      const opacity = Math.min(1, Math.max(0, item.opacity));
      if (!(opacity > 0) || !paints.get(i)) {
        for (let depth = 1; depth; ) depth += { group: 1, end_group: -1 }[items[++i].kind] ?? 0;
        continue;
      }
      const t = item.transform;
      save();
      ctx.translate(t.translateX + t.anchorX, t.translateY + t.anchorY);
      ctx.rotate((t.rotation * Math.PI) / 180);
      ctx.scale(t.scaleX, t.scaleY);
      ctx.translate(-t.anchorX, -t.anchorY);
      const layered = needsLayer(item, paints.get(i));
      // Only a layered group needs the transform (a DOMMatrix made per call).
      const m = layered && ctx.getTransform();
      // σ in device pixels: a canvas filter ignores the transform.
      const sigma = layered && (Math.max(0, item.blur) / 2) * Math.sqrt(Math.abs(m.a * m.d - m.b * m.c));
      const filter = layered && (item.saturation !== 1 ? `saturate(${Math.max(0, item.saturation)}) ` : '') + (sigma > 0 ? `blur(${sigma}px)` : '');
      // A filter on one paint is the filter on a layer of it (the canvas
      // filters a draw, then fades it): no layer, and only its ink is filtered.
      let j = i + 1;
      while (layered && items[j].kind !== 'group' && items[j].kind !== 'end_group') j++;
      if (!layered || (paints.get(i) === 1 && items[j].kind === 'end_group')) {
        clip(item, ctx);
        if (filter) ctx.filter = filter;
        stack.push({ alpha });
        alpha *= opacity;
        continue;
      }
      const depth = stack.filter((s) => s.layer).length;
      const canvas = (layers[depth] ??= new OffscreenCanvas(1, 1));
      if (canvas.width !== ctx.canvas.width || canvas.height !== ctx.canvas.height) [canvas.width, canvas.height] = [ctx.canvas.width, ctx.canvas.height];
      const layer = canvas.getContext('2d');
      layer.reset?.();
      layer.setTransform(1, 0, 0, 1, 0, 0);
      layer.clearRect(0, 0, canvas.width, canvas.height);
      layer.setTransform(m);
      layer.miterLimit = 4;
      stack.push({ alpha, ctx, layer: canvas, group: item, opacity, filter });
      ctx = layer;
      alpha = 1;
      saved.push(known);
      known = {};
    } else if (item.kind === 'end_group') {
      const s = stack.pop();
      if (s.layer) {
        ctx = s.ctx;
        known = saved.pop();
        // SVG clips after the filter: what the blur spreads past the clip is cut.
        clip(s.group, ctx);
        ctx.save();
        ctx.setTransform(1, 0, 0, 1, 0, 0);
        ctx.globalAlpha = s.alpha * s.opacity;
        ctx.filter = s.filter || 'none';
        ctx.drawImage(s.layer, 0, 0);
        ctx.restore();
      }
      alpha = s.alpha;
      restore();
    } else if (item.kind === 'shape') {
      if (drawsNothing(item)) continue;
      const segments = outline(item.shape, item.frame, item.cornerRadius, item.segments);
      const fill = item.fill;
      if (fill?.kind === 'solid') {
        ctx.fillStyle = rgba(fill.color, alpha);
        ctx.fill(path2D(segments));
      } else if (fill?.stops.length) {
        // Stops by offset, clamped, ties in order; ends that meet paint the last stop.
        const stops = fill.stops.map((s, i) => [Math.min(1, Math.max(0, s.offset || 0)), i, s.color]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
        const [dx, dy] = [fill.x1 - fill.x0, fill.y1 - fill.y0];
        if (dx * dx + dy * dy > 1e-12) {
          const g = ctx.createLinearGradient(fill.x0, fill.y0, fill.x1, fill.y1);
          for (const [offset, , color] of stops) g.addColorStop(offset, rgba(color, alpha));
          ctx.fillStyle = g;
        } else ctx.fillStyle = rgba(stops.at(-1)[2], alpha);
        ctx.fill(path2D(segments));
      }
      const stroke = item.stroke;
      if (stroke) {
        const [from, to] = [Math.min(1, Math.max(0, item.trimStart)), Math.min(1, Math.max(item.trimStart, item.trimEnd))];
        ctx.lineWidth = stroke.width;
        ctx.lineCap = stroke.cap;
        ctx.lineJoin = stroke.join;
        ctx.strokeStyle = rgba(stroke.color, alpha);
        ctx.stroke(path2D(from > 0 || to < 1 ? trimmed(segments, from, to) : segments));
      }
    } else {
      const text = drawable(item.text);
      if (!(item.size > 0) || !text) continue;
      textState(item, text);
      ctx.fillStyle = rgba(item.color, alpha);
      ctx.fillText(text, item.x, item.y);
    }
  }
  ctx.restore();
}

/** A measurer for draw() from the browser's fonts: advances at 1000 px and
 * ascent/descent at 10,000 px (Chromium rounds both to whole pixels), scaled.
 * Tracking adds the same after every cluster (letter-spacing), and once per
 * cursive item, where the native shaper adds it and the browser adds none:
 * so a run is measured twice, once, and any size and tracking scale it. */
export function canvasMeasurer(fonts = FONTS) {
  const ctx = new OffscreenCanvas(1, 1).getContext('2d');
  const cache = new Map();
  const extents = new Map();
  const width = (run, weight, spacing) => {
    ctx.letterSpacing = spacing;
    ctx.font = `${weight} 1000px ${fonts}`;
    return ctx.measureText(run).width;
  };
  return (text, size, weight, tracking) => {
    if (!(size > 0)) throw new Error(`a run measured at size ${size}`);
    const cached = cache.get(weight) ?? cache.set(weight, new Map()).get(weight);
    let m = cached.get(text);
    if (!m) {
      const run = drawable(text);
      const plain = width(run, weight, '0px');
      const spaced = Math.round((width(run, weight, '1000px') - plain) / 1000) + (run.match(CURSIVE_ITEMS)?.length ?? 0);
      if (!extents.has(weight)) {
        ctx.font = `${weight} 10000px ${fonts}`;
        const e = ctx.measureText('H');
        extents.set(weight, [e.fontBoundingBoxAscent / 10000, e.fontBoundingBoxDescent / 10000]);
      }
      if (cached.size > 4096) cached.clear();
      cached.set(text, (m = [plain / 1000, spaced, ...extents.get(weight)]));
    }
    return [m[0] * size + m[1] * tracking, m[2] * size, m[3] * size];
  };
}

// ---- Playing: a canvas redrawn on requestAnimationFrame while the effect moves.

/** Plays `instance` on `canvas`: t is seconds since play() (the effect's
 * appearance); it draws while the effect moves and stops when it has settled
 * (a looping effect never does) until an event makes it move again. */
export class Player {
  // place: the canvas is moved (its left and top; it is positioned) so
  // that the view's origin is its box's, the ink around it drawn where it falls.
  constructor(canvas, instance, { width = 0, appearance = 'light', fonts = FONTS, place = false } = {}) {
    Object.assign(this, { canvas, instance, width, appearance, fonts, place, time: 0, start_: null, frame: 0 });
    this.measure = canvasMeasurer(fonts);
    // A font that arrives later measures differently: measure and draw again.
    this.refonted_ = () => {
      this.measure = canvasMeasurer(fonts);
      this.wake();
    };
    globalThis.document?.fonts?.addEventListener('loadingdone', this.refonted_);
  }

  /** Stops for good (the instance stays the caller's). */
  close() {
    this.pause();
    globalThis.document?.fonts?.removeEventListener('loadingdone', this.refonted_);
  }

  play(from = this.time) {
    // A frame's timestamp may be a little before now: frames never go back past `from`.
    this.from_ = from;
    this.start_ = performance.now() - from * 1000;
    this.wake();
  }

  /** The player's clock: seconds since the effect appeared, running on after it has settled. */
  get now() {
    return this.start_ === null ? this.time : Math.max(this.from_, (performance.now() - this.start_) / 1000);
  }

  pause() {
    this.time = this.now;
    cancelAnimationFrame(this.frame);
    this.frame = 0;
    this.start_ = null;
  }

  // Draws now and asks for frames until the effect has settled.
  wake() {
    if (this.frame || this.start_ === null) return this.render(this.time);
    const step = (now) => {
      this.frame = 0;
      try {
        this.render(Math.max(this.from_, (now - this.start_) / 1000));
      } catch (error) {
        this.start_ = null;
        return this.onerror?.(error);
      }
      const moving = this.instance.timing.kind === 'loops' || this.time < this.instance.duration;
      if (moving && this.start_ !== null) this.frame = requestAnimationFrame(step);
    };
    this.frame = requestAnimationFrame(step);
  }

  /** Draws the frame at t, the canvas sized to the animation's ink (its bounds) at the device's pixel ratio. */
  render(t) {
    this.time = t;
    const list = this.instance.draw(t, { width: this.width, appearance: this.appearance, measure: this.measure });
    const b = list.bounds;
    const dpr = globalThis.devicePixelRatio || 1;
    const [w, h] = [Math.max(1, Math.ceil(b.width * dpr)), Math.max(1, Math.ceil(b.height * dpr))];
    const c = this.canvas;
    if (c.width !== w || c.height !== h) [c.width, c.height, c.style.width, c.style.height] = [w, h, `${b.width}px`, `${b.height}px`];
    if (this.place) [c.style.left, c.style.top] = [`${b.x}px`, `${b.y}px`];
    const ctx = c.getContext('2d');
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, w, h);
    ctx.setTransform(dpr, 0, 0, dpr, -b.x * dpr, -b.y * dpr);
    drawFrame(ctx, list, { fonts: this.fonts });
    return list;
  }
}

// ---- <effect-player src="plugin.wasm" effect="…" text="…">: every other
// attribute named like a param (snake_case, or with dashes) is that param,
// read as effect-host --param reads it; a change to a live param is an event
// at the current time, to any other one makes the instance again.
// schedule='[[1.5, "done", "false"], …]' sets params at times on the
// player's clock (effect-host's --at T:NAME=VALUE), replayed by replay().

const loaded = new Map();
const media = (query) => globalThis.matchMedia?.(query);

// Attributes that are HTML's own are never read as params (a third party's
// param named `style` or `onclick` is set with params='{…}' or set() instead).
const NOT_PARAMS = /^(on|aria-|data-)|^(id|class|style|src|effect|schedule|params|title|hidden|lang|dir|role|slot|part|tabindex|is|inert|nonce|autofocus)$/;
// A constructed sheet, as a CSP without style-src 'unsafe-inline' allows.
const CSS = ':host{display:block}canvas{display:block;position:relative}';
const SHEET = globalThis.CSSStyleSheet && new CSSStyleSheet();
SHEET?.replaceSync(CSS);

// Node has no DOM: the class extends a stand-in there, so the module loads for sampling.
export class EffectPlayer extends (globalThis.HTMLElement ?? class {}) {
  connectedCallback() {
    if (!this.shadowRoot) {
      const root = this.attachShadow({ mode: 'open' });
      if (SHEET) root.adoptedStyleSheets = [SHEET];
      root.innerHTML = (SHEET ? '' : `<style>${CSS}</style>`) + '<canvas></canvas>';
      this.setAttribute('role', 'img');
      this.set_ = {};
      this.watch_ = new MutationObserver((changes) => this.changed_(changes.map((c) => c.attributeName)));
      this.watch_.observe(this, { attributes: true });
      this.resize_ = new ResizeObserver(() => this.player && this.fit_());
      this.resize_.observe(this);
      for (const q of ['(prefers-reduced-motion: reduce)', '(prefers-color-scheme: dark)']) media(q)?.addEventListener('change', () => this.changed_([]));
    }
    this.ready = this.start_().catch((error) => {
      this.failed_(error);
      throw error;
    });
    this.ready.catch(() => {});
  }

  disconnectedCallback() {
    this.player?.close();
    this.instance?.destroy();
    this.player = this.instance = null;
  }

  /** The params: params='{"name": value, …}', then each attribute named like
   * one (snake_case, or with dashes), then those given to set(). */
  params_() {
    const params = { ...this.json_('params', {}) };
    for (const { name, value } of this.attributes) {
      const param = !NOT_PARAMS.test(name) && this.effect.params.find((p) => p.name === name.replaceAll('-', '_'));
      if (param) params[param.name] = value;
    }
    Object.assign(params, this.set_);
    if (!('reduce_motion' in params) && this.effect.params.some((p) => p.name === 'reduce_motion')) {
      params.reduce_motion = !!media('(prefers-reduced-motion: reduce)')?.matches;
    }
    return params;
  }

  json_(name, empty) {
    try {
      const value = JSON.parse(this.getAttribute(name) || JSON.stringify(empty));
      if (Array.isArray(value) === Array.isArray(empty) && typeof value === 'object' && value) return value;
    } catch {}
    throw new EffectError(ERR_RANGE, name === 'params' ? `params is a JSON object of param names and values, not ${this.getAttribute(name)}`
      : `schedule is a JSON list of [seconds, param, value], not ${this.getAttribute(name)}`);
  }

  async start_() {
    const src = this.getAttribute('src');
    if (!loaded.has(src)) loaded.set(src, loadPlugin(new URL(src, document.baseURI), { lineBreaks: false }));
    const plugin = await loaded.get(src);
    const id = this.getAttribute('effect');
    const effect = id ? plugin.effect(id) : plugin.effects[0];
    if (!effect) throw new EffectError(-4, `${src} has no effect '${id}' (effects: ${plugin.effects.map((e) => e.id).join(', ')})`);
    await document.fonts?.ready;
    // Removed, or given another src or effect, while it loaded: nothing to play.
    if (!this.isConnected || src !== this.getAttribute('src') || id !== this.getAttribute('effect')) return;
    [this.plugin, this.effect] = [plugin, effect];
    return this.make_(0);
  }

  failed_(error) {
    this.dispatchEvent(new CustomEvent('error', { detail: error }));
  }

  // (Re)makes the instance from the params, keeping the clock and the events
  // set so far; the one playing stays if the new one cannot be made. A text
  // that needs line-breaks.js before it has loaded: it loads, then the
  // instance is made (the promise answered).
  make_(time) {
    const current = this.params_();
    let instance;
    try {
      instance = this.plugin.create(this.effect.id, { params: current });
      for (const [at, name, value] of this.json_('schedule', [])) instance.set(name, value, at);
      for (const [name, value, at] of this.events ?? []) instance.set(name, value, at);
    } catch (e) {
      instance?.destroy();
      if (e.status !== -15 || textServices) throw e;
      return (this.ready = loadLineBreaks().then(() => this.make_(time)));
    }
    this.disconnectedCallback();
    [this.current_, this.instance] = [current, instance];
    this.player = new Player(this.shadowRoot.querySelector('canvas'), instance, { width: this.clientWidth, place: true });
    this.player.onerror = (error) => this.failed_(error);
    this.player.appearance = media('(prefers-color-scheme: dark)')?.matches ? 'dark' : 'light';
    // A view with no words (breathing-circles) is decoration, as the CSS export marks it.
    const label = instance.strings(instance.settled).accessibilityLabel;
    if (label) this.setAttribute('aria-label', label);
    else this.removeAttribute('aria-label');
    this.toggleAttribute('aria-hidden', !label);
    this.player.play(time);
  }

  // Makes the instance again, a failure an `error` event.
  remake_(time) {
    try {
      this.make_(time)?.catch((e) => this.failed_(e));
    } catch (e) {
      this.failed_(e);
    }
  }

  // The width offered to the effect is the element's (a block, so its width
  // comes from the page and not from the canvas inside it).
  fit_() {
    const width = this.clientWidth;
    if (width && width !== this.player.width) {
      this.player.width = width;
      this.player.wake();
    }
  }

  changed_(names) {
    if (!this.effect) return;
    if (names.some((n) => n === 'src' || n === 'effect')) {
      this.events = [];
      return this.connectedCallback();
    }
    if (!this.player || names.includes('schedule')) return this.replay();
    try {
      const now = this.player.now;
      const params = this.params_();
      const changes = Object.keys({ ...params, ...this.current_ }).filter((n) => params[n] !== this.current_[n]);
      const param = (n) => this.effect.params.find((p) => p.name === n);
      if (changes.some((n) => !param(n)?.live)) return this.remake_(now);
      for (const n of changes) {
        // A param no longer given goes back to unset, or to its default.
        const value = n in params ? params[n] : param(n).optional ? null : param(n).default;
        try {
          if (this.event(n, value)) return;
        } finally {
          // Taken as tried: a value the plugin refuses is not sent again with the next change.
          this.current_[n] = params[n];
        }
      }
      this.player.appearance = media('(prefers-color-scheme: dark)')?.matches ? 'dark' : 'light';
      this.player.wake();
    } catch (e) {
      this.failed_(e);
    }
  }

  /** Param `name` takes `value` (typed, or text) now, as its attribute would
   * (for any name, HTML's own included): an event for a live param, the
   * instance made again for another. */
  set(name, value) {
    if (NOT_PARAMS.test(name)) {
      this.set_[name] = value;
      this.changed_([]);
    } else {
      this.setAttribute(name, String(value));
    }
  }

  /** An event now: param `name` takes `value` (typed, or text) from the current time on. */
  event(name, value) {
    const at = this.player.now;
    const events = (this.events ??= []);
    events.push([name, value, at]);
    try {
      this.instance.set(name, value, at);
    } catch (e) {
      // Its text needs line-breaks.js: made again once it has loaded, the event with the rest.
      if (e.status === -15 && !textServices) return this.remake_(at) ?? true;
      events.pop();
      throw e;
    }
    this.current_[name] = value;
    this.player.play(at);
  }

  /** Plays from the start again: the schedule's events, without those set since. */
  replay() {
    this.events = [];
    this.remake_(0);
  }
}
if (globalThis.customElements && !customElements.get('effect-player')) customElements.define('effect-player', EffectPlayer);

export { Plugin, Instance };
