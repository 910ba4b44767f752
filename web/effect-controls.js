// effect-controls.js: a form of controls for an <effect-player>, made from
// its effect's params, as the pages `effect-host export --live` writes show
// it. Each <form data-player="ID"> on the page gets a control per param of
// the player with that id, and a Replay button. A control sets the param
// through the player (its set()), as the page's own script would: a live
// param changes from the player's current time on, any other makes the
// instance again.
import { EffectError } from './effect-host.js';

const text = (param, value) =>
  value === null || value === undefined ? ''
    : param.type === 'color' ? '#' + value.toString(16).padStart(8, '0')
    : String(value);

function control(player, param) {
  const name = param.name;
  // The instance's own value, whatever words the page gave it in.
  const value = player.instance.get(name);
  const now = text(param, value);
  let input;
  if (param.type === 'bool') {
    input = Object.assign(document.createElement('input'), { type: 'checkbox', checked: value === true });
    input.onchange = () => player.set(name, input.checked);
    return input;
  }
  if (param.type === 'enum') {
    input = document.createElement('select');
    input.append(...param.choices.map((choice) => new Option(choice, choice, false, choice === now)));
  } else if (param.type === 'color') {
    // The colour picker has no alpha: the param's own alpha is kept.
    input = Object.assign(document.createElement('input'), { type: 'color', value: now.slice(0, 7).toLowerCase() });
    input.oninput = () => player.set(name, input.value + (now.slice(7) || 'ff'));
    return input;
  } else if (param.type === 'string') {
    input = document.createElement(param.multiline ? 'textarea' : 'input');
    Object.assign(input, { value: now, dir: 'auto' });
  } else {
    input = Object.assign(document.createElement('input'), { type: 'number', value: now, placeholder: param.optional ? 'none' : '' });
    if (Number.isFinite(param.min)) input.min = param.min;
    if (Number.isFinite(param.max)) input.max = param.max;
    input.step = param.type === 'integer' ? 1 : 'any';
  }
  // An emptied optional param is unset ("none", as the command line writes
  // it); a number out of the param's range is not sent.
  input.oninput = () => {
    if (input.value === '' && param.optional) player.set(name, 'none');
    else if (input.type !== 'number' || input.checkValidity()) player.set(name, input.value);
  };
  return input;
}

async function fill(form) {
  const player = document.getElementById(form.dataset.player);
  await customElements.whenDefined('effect-player');
  await player.ready;
  for (const param of player.effect.params) {
    const label = Object.assign(document.createElement('label'), { textContent: param.name, title: param.doc });
    const input = control(player, param);
    input.id = label.htmlFor = `${form.dataset.player}-${param.name}`;
    form.append(label, input);
  }
  const replay = Object.assign(document.createElement('button'), { type: 'button', textContent: 'Replay' });
  replay.onclick = () => player.replay();
  form.append(replay);
}

for (const form of document.querySelectorAll('form[data-player]')) {
  fill(form).catch((error) => {
    form.textContent = error instanceof EffectError ? error.message : String(error);
  });
}
