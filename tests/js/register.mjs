// node --import ./tests/js/register.mjs --test tests/js/ (make node-test): model/messages.js
// imports the message catalogue from where the page finds it, /static/messages.json beside
// the scripts (the app serves it from webapp/words/, where its Python renderer reads it).
// Outside a server, this hook sends that import to the file itself.
import { register } from "node:module";

register("./catalogue-hook.mjs", import.meta.url);
