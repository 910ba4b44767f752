// The studio's page: controls made from the effect's metadata, a timeline,
// and the host's own frames. Every value is kept as the text the command
// line takes (NAME=VALUE, T:NAME=VALUE): the host reads it by its one
// grammar and answers in its own words, so the page checks nothing itself.
"use strict";

const token = new URLSearchParams(location.search).get("token") || "";
const $ = (id) => document.getElementById(id);

const state = {
  catalog: null,      // /api/effects
  effect: null,       // /api/effect: params, channels
  values: {},         // param name -> text, for params changed from their default
  events: [],         // {t, name, value}
  t: 0,
  span: 1,           // how long the effect plays by itself (the host's word)
  length: 1,         // the timeline: the span, and room after an ending effect for events
  lengthSet: false,  // the person typed a length
  playing: false,
  scene: null,        // the answer to /api/scene
  generation: -1,
  refused: null,      // the host's reason the frame could not be drawn
  buildProblem: null, // why the latest build of the effect's plugin file was refused
  refusal: null,      // the host's message for params or a look it refuses
  sceneNotes: [],     // what the effect says of its params
  frameNotes: [],     // what the host says of the fonts, once text is drawn
};

// For tests and the latency benchmark: each change's time from the input
// to its frame drawn, and a promise that resolves when the page is idle.
const studio = (window.studio = { latencies: [], frames: 0, state, idle: null });

function api(path, query) {
  const params = new URLSearchParams({ token, ...(query || {}) });
  return `${path}?${params}`;
}

async function getJSON(path, query) {
  const answer = await fetch(api(path, query));
  const body = await answer.json();
  if (!answer.ok) throw new Error(body.error || answer.statusText);
  return body;
}

async function postJSON(path, value) {
  const answer = await fetch(api(path), {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(value),
  });
  const body = await answer.json();
  if (!answer.ok) throw new Error(body.error || answer.statusText);
  return body;
}

// ---- What the page asks the host for ---------------------------------------

function paramTexts() {
  return state.effect.params.filter((p) => p.name in state.values).map((p) => `${p.name}=${state.values[p.name]}`);
}

function eventTexts() {
  return [...state.events].sort((a, b) => a.t - b.t).map((e) => `${seconds(e.t)}:${e.name}=${e.value}`);
}

function look() {
  return {
    theme: $("theme").value,
    font: $("font").value.trim(),
    width: Number($("width").value),
    scale: Number($("scale").value),
    size: $("frame-size").value.trim(),
    ground: $("transparent").checked ? "transparent" : $("ground").value.toUpperCase(),
  };
}

function request() {
  const asked = { effect: state.effect.id, params: paramTexts(), events: eventTexts(), look: look(), t: Math.round(state.t * 1000) / 1000 };
  if (state.lengthSet) asked.length = state.length;
  return asked;
}

function seconds(t) {
  return String(Math.round(t * 1000) / 1000);
}

// ---- Frames and scenes: the latest wins, one request of each kind at a time --
//
// A change asks for its frame and for the rest (timeline, plot, commands) at
// once: the frame does not wait for the rest, so what the person moved shows
// as soon as the host has drawn it.

let sceneBusy = false, sceneAgain = false;
let frameBusy = false, frameWanted = null;
let idleWaiters = [];

function settleIdle() {
  if (sceneBusy || sceneAgain || frameBusy || frameWanted !== null) return;
  const waiters = idleWaiters;
  idleWaiters = [];
  waiters.forEach((resolve) => resolve());
}

studio.idle = () => new Promise((resolve) => {
  idleWaiters.push(resolve);
  settleIdle();
});

function changed() {
  remember();
  wantFrame(state.t);
  if (sceneBusy) { sceneAgain = true; return; }
  askScene();
}

async function askScene() {
  sceneBusy = true;
  sceneAgain = false;
  try {
    const scene = await postJSON("api/scene", request());
    state.scene = scene;
    showScene(scene);
    state.sceneNotes = scene.notes;
    state.refusal = null;
    showMessage();
  } catch (error) {
    // The host's own message: the last good frame stays below it.
    state.refusal = error.message;
    showMessage();
  } finally {
    sceneBusy = false;
    if (sceneAgain) askScene(); else settleIdle();
  }
}

function wantFrame(t) {
  const started = frameWanted ? frameWanted.started : performance.now();
  frameWanted = { t, started };
  if (!frameBusy) drawFrame();
}

async function drawFrame() {
  if (frameWanted === null || !state.effect) { settleIdle(); return; }
  const wanted = frameWanted;
  const asked = performance.now();
  frameWanted = null;
  frameBusy = true;
  try {
    const answer = await fetch(api("api/frame"), {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ ...request(), t: wanted.t }),
    });
    if (answer.status === 400) {
      // Params the host refuses: its message, and the last good frame.
      state.refusal = (await answer.json()).error;
      showMessage();
      return;
    }
    if (!answer.ok) { refuse((await answer.json()).error); return; }
    const bitmap = await createImageBitmap(await answer.blob());
    const canvas = $("frame");
    if (canvas.width !== bitmap.width || canvas.height !== bitmap.height) {
      canvas.width = bitmap.width;
      canvas.height = bitmap.height;
    }
    const context = canvas.getContext("2d");
    context.clearRect(0, 0, canvas.width, canvas.height);
    context.drawImage(bitmap, 0, 0);
    // The picture at its size in points, a video frame at its pixels, each
    // no wider than the stage and no taller than half the window.
    const wide = look().size ? bitmap.width : bitmap.width / Number($("scale").value);
    const room = Math.min(1, (innerHeight * 0.5) / (wide * (bitmap.height / bitmap.width)));
    canvas.style.width = `${Math.floor(wide * room)}px`;
    bitmap.close();
    canvas.dataset.t = String(wanted.t);
    state.refused = null;
    showRefusal();
    state.frameNotes = JSON.parse(decodeURIComponent(answer.headers.get("X-Studio-Notes") || "%5B%5D"));
    showMessage();
    studio.frames += 1;
    studio.latencies.push(performance.now() - wanted.started);
  } catch (error) {
    refuse(error.message);
  } finally {
    frameBusy = false;
    // Playing, the next frame is asked for at once, not at the next tick: a
    // frame that takes longer than one tick then costs one request, not two ticks.
    const now = performance.now();
    if (frameWanted === null && state.playing && now - asked >= 1000 / 60) frameWanted = { t: clockTime(now), started: now };
    if (frameWanted !== null) drawFrame(); else settleIdle();
  }
}

function refuse(reason) {
  state.refused = reason;
  showRefusal();
}

// A refused build, or a frame the host could not draw: the reason instead of a frame.
function showRefusal() {
  const reason = state.buildProblem || state.refused;
  $("refusal").hidden = !reason;
  $("refusal").textContent = reason || "";
  $("frame").hidden = !!reason;
}

function message(text, kind) {
  const box = $("message");
  box.textContent = text || "";
  box.className = `message ${text ? kind : ""}`;
}

// What the host refused, or else what it noted: the effect's own notes
// and, once text is drawn, its fonts' (a family not installed, characters
// no font has).
function showMessage() {
  if (state.refusal) message(state.refusal, "bad");
  else message([...state.sceneNotes, ...state.frameNotes].join("\n"), "note");
}

// ---- The effect's controls ---------------------------------------------------

function defaultText(param) {
  const value = param.default;
  if (value === null || value === undefined) return null;
  if (param.type === "bool") return value ? "true" : "false";
  return String(value);
}

function currentText(param) {
  return param.name in state.values ? state.values[param.name] : defaultText(param);
}

function setValue(param, text) {
  if (text === null || text === defaultText(param)) delete state.values[param.name];
  else state.values[param.name] = text;
  if (param.optional && text !== null) {
    // Moving an unset optional param's control sets it.
    const row = document.querySelector(`.row[data-param="${CSS.escape(param.name)}"]`);
    const set = row && row.querySelector(".value > input[type=checkbox]");
    if (set) set.checked = true;
    if (row) row.querySelector(".value").classList.remove("unset");
  }
  markChanged(param);
  changed();
}

function markChanged(param) {
  const row = document.querySelector(`.row[data-param="${CSS.escape(param.name)}"]`);
  if (row) row.classList.toggle("changed", param.name in state.values);
}

function colorParts(text) {
  const hex = (text || "#000000FF").replace("#", "");
  return { rgb: `#${hex.slice(0, 6)}`.toLowerCase(), alpha: hex.length >= 8 ? parseInt(hex.slice(6, 8), 16) : 255 };
}

function colorText(rgb, alpha) {
  return `${rgb.toUpperCase()}${Math.round(alpha).toString(16).padStart(2, "0").toUpperCase()}`;
}

function numberControl(param, holder, text, integer) {
  const slider = document.createElement("input");
  slider.type = "range";
  slider.min = String(param.min);
  slider.max = String(param.max);
  slider.step = integer ? "1" : "any";
  const box = document.createElement("input");
  box.type = "number";
  box.min = String(param.min);
  box.max = String(param.max);
  // Arrow keys in the box move a hundredth of the range, rounded to a power of ten.
  box.step = integer ? "1" : String(10 ** Math.floor(Math.log10((param.max - param.min) / 100)));
  slider.value = box.value = text === null ? String(param.min) : text;
  slider.setAttribute("aria-label", param.name);
  box.setAttribute("aria-label", `${param.name} value`);
  slider.addEventListener("input", () => { box.value = slider.value; setValue(param, slider.value); });
  box.addEventListener("input", () => {
    if (box.value === "") return;
    slider.value = box.value;
    setValue(param, box.value);
  });
  holder.append(slider, box);
  if (param.unit) {
    const unit = document.createElement("small");
    unit.textContent = param.unit;
    holder.append(unit);
  }
  return (value) => { slider.value = box.value = value; };
}

function control(param, holder, text) {
  const named = (element) => { element.setAttribute("aria-label", param.name); element.name = param.name; return element; };
  switch (param.type) {
    case "number":
    case "integer":
      return numberControl(param, holder, text, param.type === "integer");
    case "bool": {
      const box = named(document.createElement("input"));
      box.type = "checkbox";
      box.checked = text === "true";
      box.addEventListener("change", () => setValue(param, box.checked ? "true" : "false"));
      holder.append(box);
      return (value) => { box.checked = value === "true"; };
    }
    case "enum": {
      const select = named(document.createElement("select"));
      for (const choice of param.choices) select.append(new Option(choice, choice));
      select.value = text === null ? param.choices[0] : text;
      select.addEventListener("change", () => setValue(param, select.value));
      holder.append(select);
      return (value) => { select.value = value; };
    }
    case "color": {
      const parts = colorParts(text);
      const pick = named(document.createElement("input"));
      pick.type = "color";
      pick.value = parts.rgb;
      const alpha = document.createElement("input");
      alpha.type = "range";
      alpha.min = "0"; alpha.max = "255"; alpha.step = "1";
      alpha.value = String(parts.alpha);
      alpha.setAttribute("aria-label", `${param.name} opacity`);
      // Unchanged, the colour is the effect's own, which may follow the
      // theme (the swatch shows the light one): its opacity is set once a
      // colour is picked, never over a colour the page only guesses.
      const own = () => {
        alpha.disabled = !(param.name in state.values);
        alpha.title = alpha.disabled ? "pick a colour to set its opacity (unchanged, the effect's own colour may follow the theme)" : "opacity";
      };
      const send = () => { setValue(param, colorText(pick.value, Number(alpha.value))); own(); };
      pick.addEventListener("input", send);
      alpha.addEventListener("input", send);
      holder.append(pick, alpha);
      own();
      return (value) => { const p = colorParts(value); pick.value = p.rgb; alpha.value = String(p.alpha); own(); };
    }
    default: {
      const field = named(document.createElement(param.multiline ? "textarea" : "input"));
      if (!param.multiline) field.type = "text";
      field.dir = "auto";
      field.spellcheck = false;
      field.value = text === null ? "" : text;
      field.addEventListener("input", () => setValue(param, field.value));
      holder.append(field);
      return (value) => { field.value = value; };
    }
  }
}

function buildControls() {
  const list = $("params");
  list.replaceChildren();
  for (const param of state.effect.params) {
    const row = document.createElement("div");
    row.className = "row";
    row.dataset.param = param.name;
    row.dataset.type = param.type;
    row.title = param.doc;
    const label = document.createElement("span");
    label.textContent = param.name;
    const holder = document.createElement("span");
    holder.className = "value";
    const tools = document.createElement("span");
    tools.className = "tools";
    let text = currentText(param);
    let show = null;
    if (param.optional) {
      // An optional param unset is left out; set, it takes its control's value.
      const set = document.createElement("input");
      set.type = "checkbox";
      set.title = `set ${param.name}`;
      set.setAttribute("aria-label", `set ${param.name}`);
      set.checked = text !== null;
      set.addEventListener("change", () => {
        holder.classList.toggle("unset", !set.checked);
        setValue(param, set.checked ? firstValue(param, holder) : null);
      });
      holder.append(set);
      holder.classList.toggle("unset", text === null);
    }
    show = control(param, holder, text);
    if (param.live) {
      const flag = document.createElement("button");
      flag.type = "button";
      flag.textContent = "⚑";
      flag.title = `set ${param.name} at the playhead (an event)`;
      flag.setAttribute("aria-label", flag.title);
      flag.dataset.event = param.name;
      flag.addEventListener("click", () => addEvent(param));
      tools.append(flag);
    }
    const reset = document.createElement("button");
    reset.type = "button";
    reset.textContent = "↺";
    reset.title = `${param.name} back to its default`;
    reset.setAttribute("aria-label", reset.title);
    reset.addEventListener("click", () => {
      const back = defaultText(param);
      if (back !== null) show(back);
      setValue(param, null);
      buildControls();
      // The controls are new: the keyboard stays where it was.
      const again = document.querySelector(`.row[data-param="${CSS.escape(param.name)}"] button[data-reset]`);
      if (again) again.focus();
    });
    reset.dataset.reset = param.name;
    tools.append(reset);
    row.append(label, holder, tools);
    list.append(row);
    markChanged(param);
  }
}

function firstValue(param, holder) {
  const field = holder.querySelector("input:not([type=checkbox]), select, textarea");
  if (param.type === "color") return colorText(holder.querySelector("input[type=color]").value, 255);
  if (param.type === "bool") return [...holder.querySelectorAll("input[type=checkbox]")].pop().checked ? "true" : "false";
  return field ? field.value : "";
}

// ---- Events --------------------------------------------------------------------

function valueAt(param, t) {
  let value = currentText(param);
  for (const event of [...state.events].sort((a, b) => a.t - b.t)) {
    if (event.name === param.name && event.t <= t) value = event.value;
  }
  return value;
}

function addEvent(param) {
  const t = Math.round(state.t * 1000) / 1000;
  const now = valueAt(param, t);
  let value;
  if (param.type === "bool") value = now === "true" ? "false" : "true";
  else if (param.type === "integer") value = String((Number(now) || 0) + 1);
  else value = currentText(param) ?? shownValue(param);
  state.events.push({ t, name: param.name, value });
  showEvents();
  changed();
}

// What a param's control shows, set or not (an unset optional's control shows a value too).
function shownValue(param) {
  const row = document.querySelector(`.row[data-param="${CSS.escape(param.name)}"]`);
  const holder = row && row.querySelector(".value");
  return holder ? firstValue(param, holder) : "";
}

function showEvents() {
  const list = $("events");
  list.replaceChildren();
  const markers = $("markers");
  markers.replaceChildren();
  state.events.sort((a, b) => a.t - b.t);
  state.events.forEach((event) => {
    const item = document.createElement("li");
    const time = document.createElement("input");
    time.type = "number"; time.min = "0"; time.step = "0.001"; time.value = String(event.t);
    time.setAttribute("aria-label", `time of the ${event.name} event, seconds`);
    time.addEventListener("change", () => { event.t = Math.max(0, Number(time.value) || 0); showEvents(); changed(); });
    const name = document.createElement("code");
    name.textContent = ` ${event.name} = `;
    // A bool or a choice is picked from its values; anything else is typed, as --at takes it.
    const param = state.effect.params.find((p) => p.name === event.name);
    const choices = param && param.type === "bool" ? ["true", "false"] : param && param.type === "enum" ? param.choices : null;
    const value = document.createElement(choices ? "select" : "input");
    if (choices) value.append(...choices.map((choice) => new Option(choice, choice)));
    else { value.type = "text"; value.dir = "auto"; }
    value.value = event.value;
    value.setAttribute("aria-label", `value of the ${event.name} event`);
    value.addEventListener("change", () => { event.value = value.value; changed(); });
    const remove = document.createElement("button");
    remove.type = "button"; remove.textContent = "✕"; remove.title = "remove this event";
    remove.setAttribute("aria-label", `remove the ${event.name} event at ${event.t} s`);
    remove.addEventListener("click", () => { state.events.splice(state.events.indexOf(event), 1); showEvents(); changed(); });
    item.append(time, name, value, " ", remove);
    list.append(item);
    const marker = document.createElement("button");
    marker.type = "button";
    marker.textContent = "▲";
    marker.title = `${event.name}=${event.value} at ${event.t} s`;
    marker.setAttribute("aria-label", `go to the ${event.name} event at ${event.t} s`);
    marker.style.left = `${Math.min(100, (event.t / state.length) * 100)}%`;
    marker.addEventListener("click", () => seek(event.t));
    markers.append(marker);
  });
}

// ---- The timeline, the plot and playing ---------------------------------------

function showScene(scene) {
  state.span = Math.max(scene.span, 1e-3);
  state.length = scene.length;
  if (!state.lengthSet) $("length").value = String(Math.round(state.length * 1000) / 1000);
  $("scrubber").max = String(state.length);
  if (state.t > state.length) state.t = state.length;
  $("scrubber").value = String(state.t);
  $("size").textContent = `${scene.size[0]}×${scene.size[1]} px`;
  const stage = $("stage");
  stage.classList.toggle("dark", look().theme === "dark");
  stage.classList.toggle("solid", !$("transparent").checked);
  stage.style.backgroundColor = $("transparent").checked ? "" : $("ground").value;
  showCommands(scene.commands);
  showEvents();
  drawPlot();
  showClock();
}

const COLORS = ["#2f6fd6", "#d9532b", "#1f9d6b", "#8e44ad", "#c9a100", "#16a2b8", "#e84393", "#7f8c8d"];

function drawPlot() {
  const canvas = $("plot");
  const width = canvas.clientWidth || 800;
  canvas.width = Math.round(width * devicePixelRatio);
  canvas.height = Math.round(120 * devicePixelRatio);
  const g = canvas.getContext("2d");
  g.scale(devicePixelRatio, devicePixelRatio);
  g.clearRect(0, 0, width, 120);
  const legend = $("legend");
  legend.replaceChildren();
  if (!state.scene) return;
  const { t0, dt, series } = state.scene.channels;
  series.forEach((s, index) => {
    const color = COLORS[index % COLORS.length];
    let low = s.min, high = s.max;
    if (low === null || high === null || high - low > 1e6) {
      low = Math.min(...s.values); high = Math.max(...s.values);
    }
    const range = high - low || 1;
    g.strokeStyle = color;
    g.lineWidth = 1.5;
    g.beginPath();
    s.values.forEach((v, i) => {
      const x = ((t0 + i * dt) / state.length) * width;
      const y = 112 - ((v - low) / range) * 104;
      if (i === 0) g.moveTo(x, y); else g.lineTo(x, y);
    });
    g.stroke();
    const key = document.createElement("span");
    const swatch = document.createElement("i");
    swatch.style.background = color;
    key.append(swatch, `${s.name}${s.unit ? ` (${s.unit})` : ""}`);
    legend.append(key);
  });
  g.strokeStyle = "#8888";
  g.setLineDash([3, 3]);
  for (const event of state.events) {
    const x = (event.t / state.length) * width;
    g.beginPath(); g.moveTo(x, 0); g.lineTo(x, 120); g.stroke();
  }
  g.setLineDash([]);
  g.strokeStyle = "#e74c3c";
  const x = (state.t / state.length) * width;
  g.beginPath(); g.moveTo(x, 0); g.lineTo(x, 120); g.stroke();
}

function showClock() {
  $("clock").textContent = `${state.t.toFixed(3)} s`;
}

function seek(t) {
  state.t = Math.max(0, Math.min(t, state.length));
  $("scrubber").value = String(state.t);
  showClock();
  drawPlot();
  // The scene again (kept by the server: no new instance) for the commands' --time, then the frame.
  changed();
}

let playStart = 0, playFrom = 0;

function play(on) {
  const was = state.playing;
  state.playing = on;
  $("play").textContent = on ? "Pause" : "Play";
  if (on) {
    if (state.t >= state.length) state.t = 0;
    playFrom = state.t;
    playStart = performance.now();
    requestAnimationFrame(tick);
  } else if (was) {
    // Paused: the scene again, for the still command's --time.
    changed();
  }
}

// The playhead's time at `now`: looping, or held at the end.
function clockTime(now) {
  const t = playFrom + (now - playStart) / 1000;
  if (t < state.length) return t;
  return $("loop").checked ? t % state.length : state.length;
}

function tick(now) {
  if (!state.playing) return;
  const t = clockTime(now);
  if (playFrom + (now - playStart) / 1000 >= state.length) {
    if ($("loop").checked) {
      playFrom = t;
      playStart = now;
    } else {
      play(false);
    }
  }
  state.t = t;
  $("scrubber").value = String(t);
  showClock();
  drawPlot();
  // Only when the last frame is in: the page plays as fast as frames come.
  if (!frameBusy) wantFrame(t);
  if (state.playing) requestAnimationFrame(tick);
}

// ---- Commands and downloads -----------------------------------------------------

function showCommands(commands) {
  const box = $("commands");
  box.replaceChildren();
  const names = {
    still: "the frame on screen (PNG)", gif: "the animation (GIF)", mp4: "the animation (MP4)", lottie: "Lottie", run: "in a terminal",
  };
  for (const [key, line] of Object.entries(commands)) {
    const row = document.createElement("div");
    row.className = "command";
    const text = document.createElement("textarea");
    text.readOnly = true;
    text.value = line;
    text.rows = Math.min(6, Math.max(2, Math.ceil(line.length / 90)));
    text.dataset.command = key;
    text.setAttribute("aria-label", names[key] || key);
    const copy = document.createElement("button");
    copy.type = "button";
    copy.textContent = `Copy: ${names[key] || key}`;
    copy.addEventListener("click", async () => {
      try { await navigator.clipboard.writeText(line); copy.textContent = "Copied"; }
      catch { text.select(); document.execCommand("copy"); copy.textContent = "Copied"; }
      setTimeout(() => { copy.textContent = `Copy: ${names[key] || key}`; }, 1200);
    });
    row.append(text, copy);
    box.append(row);
  }
}

async function download(format) {
  $("downloaded").textContent = `making ${format}…`;
  try {
    const made = await postJSON("api/download", { ...request(), format });
    const link = document.createElement("a");
    link.href = api(made.url.split("?")[0], Object.fromEntries(new URLSearchParams(made.url.split("?")[1])));
    link.download = made.name;
    document.body.append(link);
    link.click();
    link.remove();
    $("downloaded").textContent = [`${made.name}, written to ${made.path}`, ...made.notes].join("\n");
  } catch (error) {
    $("downloaded").textContent = error.message;
  }
}

// ---- Effects, and new builds -----------------------------------------------------

async function chooseEffect(id, keep) {
  const effect = await getJSON("api/effect", { id });
  if (keep && state.effect) {
    // A new build: the values the page holds stay, for params it still has.
    const names = new Set(effect.params.map((p) => p.name));
    for (const name of Object.keys(state.values)) if (!names.has(name)) delete state.values[name];
    state.events = state.events.filter((e) => names.has(e.name));
  } else {
    // What this tab held for the effect before a reload, else its defaults.
    const kept = recalled(`effect-studio:${id}`) || {};
    const names = new Set(effect.params.map((p) => p.name));
    state.values = Object.fromEntries(Object.entries(kept.values || {}).filter(([name]) => names.has(name)));
    state.events = (kept.events || []).filter((e) => names.has(e.name));
    state.t = Number(kept.t) || 0;
  }
  state.effect = effect;
  $("effect").value = id;
  history.replaceState(null, "", `?token=${encodeURIComponent(token)}#${encodeURIComponent(id)}`);
  buildControls();
  changed();
}

// ---- What a reload keeps: this tab's values, per effect, and its look ----------

function recalled(key) {
  try { return JSON.parse(sessionStorage.getItem(key)); } catch { return null; }
}

function remember() {
  if (!state.effect) return;
  try {
    sessionStorage.setItem(`effect-studio:${state.effect.id}`, JSON.stringify({ values: state.values, events: state.events, t: state.t }));
    const fields = ["theme", "font", "width", "scale", "frame-size", "ground"];
    sessionStorage.setItem("effect-studio:look", JSON.stringify({
      ...Object.fromEntries(fields.map((id) => [id, $(id).value])), transparent: $("transparent").checked,
    }));
  } catch { /* storage full or refused: nothing is kept, the page works on */ }
}

function recallLook() {
  const kept = recalled("effect-studio:look");
  if (!kept) return;
  for (const [id, value] of Object.entries(kept)) {
    if (id === "transparent") $(id).checked = !!value;
    else if ($(id) && typeof value === "string") $(id).value = value;
  }
}

function showProblems(problems) {
  const box = $("problems");
  box.hidden = problems.length === 0;
  box.textContent = problems.map((p) => `${p.path}: ${p.reason}`).join("\n");
  const mine = state.effect && problems.find((p) => p.path === state.effect.source);
  state.buildProblem = mine ? `${mine.path}: ${mine.reason}` : null;
  showRefusal();
}

async function loadCatalog(keep) {
  const catalog = await getJSON("api/effects");
  state.catalog = catalog;
  const width = $("width");
  width.min = String(catalog.look.width.min);
  width.max = String(catalog.look.width.max);
  if (!width.value) width.value = String(catalog.look.width.default);
  if (!$("scale").value) $("scale").value = String(catalog.look.scale);
  $("generation").textContent = catalog.generation ? `build ${catalog.generation}` : "";
  const select = $("effect");
  select.replaceChildren(...catalog.effects.map((e) => new Option(`${e.name} (${e.id})`, e.id)));
  const wanted = decodeURIComponent(location.hash.slice(1)) || (state.effect && state.effect.id) || catalog.first;
  const id = catalog.effects.some((e) => e.id === wanted) ? wanted : catalog.first;
  if (id) await chooseEffect(id, keep && state.effect && state.effect.id === id);
  showProblems(catalog.problems);
  // Only now is the build shown: a page asked which build it shows never answers one half applied.
  state.generation = catalog.generation;
}

async function watchBuilds() {
  try {
    const status = await getJSON("api/status");
    if (status.generation !== state.generation) await loadCatalog(true);
    else showProblems(status.problems);
  } catch (error) {
    message(`the studio does not answer: ${error.message}`, "bad");
  }
  setTimeout(watchBuilds, 500);
}

function start() {
  $("effect").addEventListener("change", () => {
    history.replaceState(null, "", `?token=${encodeURIComponent(token)}#${encodeURIComponent($("effect").value)}`);
    chooseEffect($("effect").value, false);
  });
  for (const id of ["theme", "transparent", "ground"]) $(id).addEventListener("input", () => changed());
  // Typed values are asked for once typed, not at each keystroke ("1" on the way to "100").
  for (const id of ["font", "width", "scale"]) $(id).addEventListener("change", () => changed());
  // Space plays and pauses, unless typing.
  document.addEventListener("keydown", (event) => {
    const typing = event.target.closest("input, textarea, select, button");
    if (event.key === " " && !typing) { event.preventDefault(); play(!state.playing); }
  });
  window.addEventListener("hashchange", () => {
    const id = decodeURIComponent(location.hash.slice(1));
    if (state.effect && id !== state.effect.id && state.catalog.effects.some((e) => e.id === id)) chooseEffect(id, false);
  });
  // A size is whole only once typed or picked: half of one is not asked for.
  $("frame-size").addEventListener("change", () => changed());
  $("scrubber").addEventListener("input", () => { play(false); seek(Number($("scrubber").value)); });
  $("play").addEventListener("click", () => play(!state.playing));
  $("length").addEventListener("change", () => {
    const length = Number($("length").value);
    state.lengthSet = length > 0;
    if (state.lengthSet) state.length = length;
    changed();
  });
  for (const button of document.querySelectorAll("#downloads button")) {
    button.addEventListener("click", () => download(button.dataset.format));
  }
  window.addEventListener("resize", drawPlot);
  recallLook();
  loadCatalog(false).then(watchBuilds).catch((error) => message(error.message, "bad"));
}

start();
