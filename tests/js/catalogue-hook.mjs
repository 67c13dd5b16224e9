// A resolve hook (registered by register.mjs): the catalogue's URL beside the scripts,
// static/messages.json, is the file webapp/words/messages.json.
const SERVED = new URL("../../static/messages.json", import.meta.url).href;
const CATALOGUE = new URL("../../webapp/words/messages.json", import.meta.url).href;

export async function resolve(specifier, context, nextResolve) {
  if (context.parentURL && new URL(specifier, context.parentURL).href === SERVED) {
    return nextResolve(CATALOGUE, context);
  }
  return nextResolve(specifier, context);
}
