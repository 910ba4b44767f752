// loadPlugin, and the plugin's WebAssembly.Memory, which the host keeps to
// itself: caught as the host instantiates the module, for the tests that
// watch the memory grow (or not).
import { loadPlugin } from '../../web/effect-host.js';

export async function loadPluginWithMemory(source, options) {
  const instantiate = WebAssembly.instantiate;
  let memory;
  WebAssembly.instantiate = async (...args) => {
    const result = await instantiate(...args);
    memory = (result.instance ?? result).exports.memory ?? memory;
    return result;
  };
  try {
    return { plugin: await loadPlugin(source, options), memory };
  } finally {
    WebAssembly.instantiate = instantiate;
  }
}
