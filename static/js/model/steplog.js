// model/steplog.js — the one JavaScript mirror of the step log (docs/step-log.md,
// version 6): decode the packed events into typed arrays, replay them into the
// replay state, keep checkpoints, and seek to any step without replaying from
// the start. webapp/log/steplog.py writes the format; change both together.
// No DOM. What a user may see of a log that is not this one (another format or
// version) comes from the message catalogue (steplog.*); the details of a malformed
// log stay here, for whoever fixes the server that wrote it.

import { Facts, indexIn } from "./facts.js";
import { say } from "./messages.js";

export const FORMAT = "dlx-step-log";
export const VERSION = 7;

// Event kinds: code = arg * KIND_SPAN + kind (four bits of kind: room for Knuth's
// purify and unpurify beside the seven kinds of DLX1).
export const KIND_BITS = 4;
export const KIND_SPAN = 1 << KIND_BITS;
export const KIND_MASK = KIND_SPAN - 1;
export const CHOOSE = 0;
export const TRY = 1;
export const COVER = 2;
export const UNCOVER = 3;
export const SOLUTION = 4;
export const DEAD_END = 5;
export const BACKUP = 6;
// Knuth's DLX2 colours: a try gave a secondary item the colour its option gives
// it (setting aside the options that want another), and the undoing of that.
export const PURIFY = 7;
export const UNPURIFY = 8;
// Knuth's DLX3 bounds (a log with `bounds`): a try counted once more for a primary item that
// can take more (take), its undoing (untake); a level that takes none more for its item (settle,
// a node of the tree, like a try), and its undoing (unsettle). arg: the item.
export const TAKE = 9;
export const UNTAKE = 10;
export const SETTLE = 11;
export const UNSETTLE = 12;
export const KIND_NAMES = ["choose", "try", "cover", "uncover", "solution", "dead_end", "backup", "purify", "unpurify",
  "take", "untake", "settle", "unsettle"];
/** With bounds: a frame whose tries set their options aside (webapp.analysis.explain.SETS_ASIDE). */
export const SETS_ASIDE = 1;

/**
 * Events between two checkpoints, at the least. A seek replays at most this many
 * events, and a checkpoint costs about CHECKPOINT_FIXED bytes plus five bytes an
 * item (`covered`, `purified`) and twenty a level, so a million events keep ~500
 * checkpoints: a few hundred kilobytes for 9×9.
 */
export const CHECKPOINT_EVERY = 2048;
/**
 * The most bytes the checkpoints of one log may take: a longer log (or one with more
 * items) spaces them further apart, doubling the spacing until they fit, so memory
 * stays bounded whatever the log (10 million events of a 25×25 Sudoku: 16,384 events
 * apart, a seek replaying at most that many, under a millisecond).
 */
export const CHECKPOINT_BYTES = 16 << 20;
/** What a checkpoint costs beyond its arrays' contents (the object and seven typed arrays). */
export const CHECKPOINT_FIXED = 1024;

/**
 * The spacing of checkpoints for a log: CHECKPOINT_EVERY, doubled until the checkpoints of
 * `events` events fit in `budget` bytes.
 */
export function checkpointSpacing(events, itemCount, levels, budget = CHECKPOINT_BYTES) {
  const each = CHECKPOINT_FIXED + 5 * itemCount + 20 * (levels + 1);
  let every = CHECKPOINT_EVERY;
  while ((Math.floor(events / every) + 1) * each > budget && every < events) every *= 2;
  return every;
}

export class LogFormatError extends Error {}

/**
 * Where the search stands after some step: covered[item] (0/1), purified[item]
 * (the colour id a try gave it, 0: none) and the stack of frames {item, d, k,
 * option}, one per level, kept as parallel typed arrays.
 */
export class ReplayState {
  constructor(itemCount, capacity) {
    this.covered = new Uint8Array(itemCount);
    this.purified = new Int32Array(itemCount);
    this.frameItem = new Int32Array(capacity);
    this.frameD = new Int32Array(capacity);
    this.frameK = new Int32Array(capacity);
    this.frameOption = new Int32Array(capacity);    // -1 before a try, and after a settle (frameK > 0)
    this.frameMode = new Int32Array(capacity);      // with bounds: SETS_ASIDE, else 0
    this.height = 0;       // frames on the stack
    this.sizesUsed = 0;    // choose events seen: the index of the next `sizes` entry
    this.step = 0;         // events applied
  }

  /** The level shown at this step: stack height minus one (-1 before the first choose). */
  get level() {
    return this.height - 1;
  }

  /** The top frame as an object, or null on an empty stack. */
  top() {
    return this.height ? this.frame(this.height - 1) : null;
  }

  frame(level) {
    return {
      item: this.frameItem[level], d: this.frameD[level],
      k: this.frameK[level], option: this.frameOption[level],
    };
  }

  /** The frames bottom to top, as objects (for tests and explanations). */
  frames() {
    const out = [];
    for (let l = 0; l < this.height; l++) out.push(this.frame(l));
    return out;
  }

  copyFrom(other) {
    this.covered.set(other.covered);
    this.purified.set(other.purified);
    // The stack and the slot above it (a popped frame; see freeze()).
    const h = Math.min(other.height + 1, other.frameItem.length);
    this.frameItem.set(other.frameItem.subarray(0, h));
    this.frameD.set(other.frameD.subarray(0, h));
    this.frameK.set(other.frameK.subarray(0, h));
    this.frameOption.set(other.frameOption.subarray(0, h));
    this.frameMode.set(other.frameMode.subarray(0, h));
    this.height = h;
    this.sizesUsed = other.sizesUsed;
    this.step = other.step;
    return this;
  }

  clone() {
    return new ReplayState(this.covered.length, this.frameItem.length).copyFrom(this);
  }

  /** The frame a `backup` just popped (valid when the last event was a backup). */
  popped() {
    return this.height < this.frameItem.length ? this.frame(this.height) : null;
  }

  /** A plain object of the state, equal for equal states (tests compare these). */
  snapshot() {
    return {
      step: this.step,
      covered: Array.from(this.covered),
      purified: Array.from(this.purified),
      frames: this.frames(),
      sizesUsed: this.sizesUsed,
    };
  }
}

/**
 * A checkpoint is a frozen ReplayState: the same arrays, trimmed to the stack
 * plus the slot just above it. That slot still holds the frame a `backup`
 * popped, which is what a view shows at a backup step; keeping it makes a
 * restored checkpoint equal to the state replayed from the start.
 */
function freeze(state) {
  const h = state.height;
  const kept = Math.min(h + 1, state.frameItem.length);
  return {
    step: state.step,
    height: h,
    sizesUsed: state.sizesUsed,
    covered: state.covered.slice(),
    purified: state.purified.slice(),
    frameItem: state.frameItem.slice(0, kept),
    frameD: state.frameD.slice(0, kept),
    frameK: state.frameK.slice(0, kept),
    frameOption: state.frameOption.slice(0, kept),
    frameMode: state.frameMode.slice(0, kept),
  };
}

function thaw(checkpoint, into) {
  into.covered.set(checkpoint.covered);
  into.purified.set(checkpoint.purified);
  into.frameItem.set(checkpoint.frameItem);
  into.frameD.set(checkpoint.frameD);
  into.frameK.set(checkpoint.frameK);
  into.frameOption.set(checkpoint.frameOption);
  into.frameMode.set(checkpoint.frameMode);
  into.height = checkpoint.height;
  into.sizesUsed = checkpoint.sizesUsed;
  into.step = checkpoint.step;
  return into;
}

function requireArray(json, field) {
  if (!Array.isArray(json[field])) throw new LogFormatError(`step log: "${field}" must be an array`);
  return json[field];
}

/**
 * A decoded step log. Step s is the state after the first s events (step 0:
 * only the givens placed); event i is step i + 1.
 */
export class StepLog {
  /**
   * @param {object} json a step log as parsed from JSON
   * @param {number} [checkpointBytes] the most bytes its checkpoints may take (CHECKPOINT_BYTES)
   */
  constructor(json, checkpointBytes = CHECKPOINT_BYTES) {
    if (!json || json.format !== FORMAT) throw new LogFormatError(say("steplog.not_a_log", { format: FORMAT }));
    if (json.version !== VERSION) {
      throw new LogFormatError(say("steplog.version", { version: String(json.version), expected: String(VERSION) }));
    }
    this.problem = json.problem || {};
    this.choose = json.choose === "first" ? "first" : "mrv";
    this.items = requireArray(json, "items");
    this.primary = json.primary;
    this.phrases = json.phrases || {};
    this.options = requireArray(json, "options");
    this.labels = requireArray(json, "labels");
    this.givens = Int32Array.from(requireArray(json, "givens"));
    // A what-if's choices (the tries of levels 0, 1, …) and the item it branched on below them.
    this.choices = Array.isArray(json.choices) ? json.choices.slice() : [];
    this.branchOn = Number.isInteger(json.branch_on) ? json.branch_on : null;
    // Optional (docs/step-log.md): per option, parallel to its items, a colour id (0: none) naming
    // colourNames[id - 1]. A log without them has no colours.
    this.colours = Array.isArray(json.colours) ? json.colours : null;
    this.colourNames = Array.isArray(json.colour_names) ? json.colour_names : [];
    if (this.colours && this.colours.length !== this.options.length) {
      throw new LogFormatError("step log: colours needs one list per option");
    }
    // Optional: Knuth's DLX3 bounds, [least, most] per primary item. A log without them has none.
    this.bounds = Array.isArray(json.bounds) ? json.bounds : null;
    if (this.bounds && this.bounds.length !== this.primary) {
      throw new LogFormatError("step log: bounds needs one pair per primary item");
    }
    this.solutions = json.solutions || [];
    this.outcome = json.outcome || {};
    this.stats = json.stats || {};
    for (const key of ["need", "empty", "held"]) {
      if (!Array.isArray(this.phrases[key]) || this.phrases[key].length !== this.items.length) {
        throw new LogFormatError(`step log: phrases.${key} needs one phrase per item`);
      }
    }
    this.decode(requireArray(json, "events"), requireArray(json, "sizes"));
    this.checkpointEvery = checkpointSpacing(this.stepCount, this.items.length, this.maxHeight, checkpointBytes);
    this.buildCheckpoints();
    // What the server computed once about this search (docs/step-log.md, "Facts").
    if (!json.facts || typeof json.facts !== "object") throw new LogFormatError("step log: facts are missing");
    try {
      this.facts = new Facts(json.facts, Array.from(this.deadEndSteps, (s) => this.args[s - 1]), this.optionsOfItem,
        this.forcedSteps);
    } catch (err) {
      throw new LogFormatError(`step log: facts unreadable: ${err.message}`);
    }
    this.subtreeSizes = this.facts.subtreeSizes;
  }

  get stepCount() {
    return this.kinds.length;
  }

  /** Kind of the event that made step s (s >= 1), or -1 for step 0. */
  kindAt(step) {
    return step >= 1 ? this.kinds[step - 1] : -1;
  }

  argAt(step) {
    return step >= 1 ? this.args[step - 1] : -1;
  }

  /** Level shown at step s (stack height minus one). */
  levelAt(step) {
    return this.heights[step] - 1;
  }

  /** The packed events again (for saving the log as a file). */
  packedEvents() {
    const out = new Array(this.kinds.length);
    for (let i = 0; i < out.length; i++) out[i] = this.args[i] * KIND_SPAN + this.kinds[i];
    return out;
  }

  /**
   * Unpack the events into typed arrays, check them, and index what the
   * player needs: the stack height after each step, and the steps of every
   * dead end and solution.
   */
  decode(events, sizes) {
    const count = events.length;
    const kinds = new Uint8Array(count);
    const args = new Int32Array(count);
    const heights = new Int32Array(count + 1);
    const itemCount = this.items.length;
    const optionCount = this.options.length;
    const deadEnds = [];
    const solutionSteps = [];
    const trySteps = [];
    let height = 0;
    let maxHeight = 0;
    let chooses = 0;
    const guesses = [];
    const forced = [];
    for (let i = 0; i < count; i++) {
      const code = events[i];
      if (!Number.isInteger(code) || code < 0) throw new LogFormatError(`event ${i} is not a packed event: ${code}`);
      const kind = code & KIND_MASK;
      const arg = Math.floor(code / KIND_SPAN);
      kinds[i] = kind;
      args[i] = arg;
      switch (kind) {
        case CHOOSE:
          if (arg >= itemCount) throw new LogFormatError(`event ${i} chooses item ${arg}, but there are ${itemCount}`);
          if (sizes[chooses] > 1) guesses.push(i + 1);
          else if (sizes[chooses] === 1) forced.push(i + 1);
          chooses++;
          height++;
          if (height > maxHeight) maxHeight = height;
          break;
        case TRY:
          if (arg >= optionCount) throw new LogFormatError(`event ${i} tries option ${arg}, but there are ${optionCount}`);
          if (!height) throw new LogFormatError(`event ${i} tries an option with no level open`);
          trySteps.push(i + 1);
          break;
        case SETTLE:
          if (!height) throw new LogFormatError(`event ${i} settles with no level open`);
          trySteps.push(i + 1);        // a node of the tree, as a try is
        // falls through
        case TAKE:
        case UNTAKE:
        case UNSETTLE:
          if (!this.bounds) throw new LogFormatError(`event ${i} is a ${KIND_NAMES[kind]}, but the log has no bounds`);
          if (arg >= itemCount) throw new LogFormatError(`event ${i} names item ${arg}, but there are ${itemCount}`);
          break;
        case PURIFY:
        case UNPURIFY:
          if (!this.colours) throw new LogFormatError(`event ${i} purifies, but the log has no colours`);
        // falls through
        case COVER:
        case UNCOVER:
        case DEAD_END:
          if (arg >= itemCount) throw new LogFormatError(`event ${i} names item ${arg}, but there are ${itemCount}`);
          if (kind === DEAD_END) deadEnds.push(i + 1);
          break;
        case SOLUTION:
          solutionSteps.push(i + 1);
          break;
        case BACKUP:
          if (!height) throw new LogFormatError(`event ${i} backs up from an empty stack`);
          height--;
          break;
        default:
          throw new LogFormatError(`event ${i} has unknown kind ${kind}`);
      }
      heights[i + 1] = height;
    }
    if (chooses !== sizes.length) {
      throw new LogFormatError(`step log: ${chooses} choose events but ${sizes.length} sizes`);
    }
    this.kinds = kinds;
    this.args = args;
    this.sizes = Int32Array.from(sizes);
    this.heights = heights;
    this.maxHeight = maxHeight;
    this.deadEndSteps = Int32Array.from(deadEnds);
    this.solutionSteps = Int32Array.from(solutionSteps);
    this.trySteps = Int32Array.from(trySteps);   // node t (the t-th try or settle) is made by step trySteps[t]
    this.guessSteps = Int32Array.from(guesses);  // the chooses whose item had more than one option
    this.forcedSteps = Int32Array.from(forced);  // the chooses whose item had one option: forced moves
  }

  /** The node (the number of the try) made by step `step`, or -1 when that step is no try. */
  nodeOfStep(step) {
    return indexIn(this.trySteps, step);
  }

  /** A fresh replay state at step 0: nothing on the stack, the givens' items covered. */
  initialState() {
    const state = new ReplayState(this.items.length, Math.max(1, this.maxHeight));
    for (const g of this.givens) for (const i of this.options[g]) state.covered[i] = 1;
    return state;
  }

  /** Apply the next event to the state (state.step moves by one). */
  applyNext(state) {
    const i = state.step;
    const arg = this.args[i];
    switch (this.kinds[i]) {
      case CHOOSE: {
        const h = state.height++;
        state.frameItem[h] = arg;
        state.frameD[h] = this.sizes[state.sizesUsed++];
        state.frameK[h] = 0;
        state.frameOption[h] = -1;
        state.frameMode[h] = this.bounds ? SETS_ASIDE : 0;
        break;
      }
      case TRY: {
        const t = state.height - 1;
        state.frameK[t] += 1;
        state.frameOption[t] = arg;
        break;
      }
      case SETTLE: {
        const t = state.height - 1;
        state.frameK[t] += 1;
        state.frameOption[t] = -1;
        break;
      }
      case COVER: {
        state.covered[arg] = 1;
        // With bounds, the chosen item covered before any try: it sets nothing aside when its least is its most.
        const t = state.height - 1;
        if (this.bounds && t >= 0 && state.frameItem[t] === arg && state.frameK[t] === 0 && arg < this.primary) {
          state.frameMode[t] = this.bounds[arg][0] === this.bounds[arg][1] ? 0 : SETS_ASIDE;
        }
        break;
      }
      case UNCOVER: {
        state.covered[arg] = 0;
        // The level's end: what it set aside is back.
        const t = state.height - 1;
        if (t >= 0 && state.frameItem[t] === arg) state.frameMode[t] = 0;
        break;
      }
      case PURIFY:
        // The colour the option being tried (the top frame's) gives the item.
        state.purified[arg] = this.colourOf(state.frameOption[state.height - 1], arg);
        break;
      case UNPURIFY:
        state.purified[arg] = 0;
        break;
      case BACKUP:
        state.height--;
        break;
      default:
        break;        // solution, dead end: they mark the step only
    }
    state.step = i + 1;
  }

  /** One pass over the log, keeping the state every checkpointEvery events. */
  buildCheckpoints() {
    const state = this.initialState();
    this.checkpoints = [freeze(state)];
    const count = this.stepCount;
    const every = this.checkpointEvery;
    while (state.step < count) {
      this.applyNext(state);
      if (state.step % every === 0) this.checkpoints.push(freeze(state));
    }
    this.finalHeight = state.height;
  }

  /** Replay from step 0 — the slow, obviously right way (tests compare seek with it). */
  replayFromStart(step) {
    const target = this.clampStep(step);
    const state = this.initialState();
    while (state.step < target) this.applyNext(state);
    return state;
  }

  clampStep(step) {
    return Math.max(0, Math.min(this.stepCount, Math.floor(step)));
  }

  /**
   * The state at a step. Reuses `state` when given: replays forward from it if
   * that is no further than from the nearest checkpoint, otherwise restores
   * that checkpoint first. Never replays more than checkpointEvery events.
   */
  seek(step, state = null) {
    const target = this.clampStep(step);
    const into = state || this.initialState();
    const nearest = this.checkpoints[Math.floor(target / this.checkpointEvery)];
    const canContinue = state && state.step <= target && state.step >= nearest.step;
    if (!canContinue) thaw(nearest, into);
    while (into.step < target) this.applyNext(into);
    return into;
  }

  // ---- questions about a state -------------------------------------------

  /** The colour id an option gives an item (0: none, or the item is not in it). */
  colourOf(option, item) {
    if (!this.colours || option < 0) return 0;
    const t = this.options[option].indexOf(item);
    return t < 0 ? 0 : this.colours[option][t];
  }

  /** The colour's name, or "" for none. */
  colourName(id) {
    return id > 0 ? this.colourNames[id - 1] : "";
  }

  /** Whether item j of option o (at position t) hides it: j covered, or purified with another colour. */
  hides(state, option, t) {
    const j = this.options[option][t];
    return state.covered[j] === 1 || (state.purified[j] !== 0 && this.colours[option][t] !== state.purified[j]);
  }

  /** Whether an option is still in the matrix: none of its items covered, nor purified with another colour,
   * nor (with bounds) set aside by a level. */
  isLive(state, option) {
    const items = this.options[option];
    for (let t = 0; t < items.length; t++) if (this.hides(state, option, t)) return false;
    return !this.setAside(state, option);
  }

  /**
   * With bounds: whether an open level set the option aside. A level that keeps its item in play
   * tries the item's options in option-id order, each set aside for its later ways, so it has set
   * aside every option of its item up to the one it tries (all of them once it settled)
   * (webapp.analysis.explain.set_aside).
   */
  setAside(state, option) {
    if (!this.bounds) return false;
    const items = this.options[option];
    for (let l = 0; l < state.height; l++) {
      if (state.frameMode[l] !== SETS_ASIDE || state.frameK[l] === 0 || !items.includes(state.frameItem[l])) continue;
      if (state.frameOption[l] < 0 || option <= state.frameOption[l]) return true;
    }
    return false;
  }

  /** How many placed options cover an item (with bounds, an item may be covered several times). */
  countOf(state, item) {
    let count = 0;
    for (const { option } of this.placed(state)) if (this.options[option].includes(item)) count++;
    return count;
  }

  /** The words for the node made by step `step`: its option's label, or for a settle "none more for C". */
  labelOfStep(step) {
    const arg = this.argAt(step);
    return this.kindAt(step) === SETTLE ? say("settle.label", { item: this.items[arg] }) : this.labels[arg];
  }

  /** For each item, the option ids that contain it, in order (built once). */
  get optionsOfItem() {
    if (!this._optionsOfItem) {
      const lists = this.items.map(() => []);
      this.options.forEach((option, o) => { for (const i of option) lists[i].push(o); });
      this._optionsOfItem = lists;
    }
    return this._optionsOfItem;
  }

  /**
   * The options of an item that no other covered item hides, in option-id
   * order: after a cover of the item, those that left the other items; after
   * an uncover, those that came back (webapp.analysis.explain.live_options).
   */
  optionsBeside(state, item) {
    const found = [];
    for (const o of this.optionsOfItem[item]) {
      const items = this.options[o];
      let hidden = false;
      for (let t = 0; t < items.length && !hidden; t++) hidden = items[t] !== item && this.hides(state, o, t);
      if (!hidden && !this.setAside(state, o)) found.push(o);
    }
    return found;
  }

  /** The live options of an item at this state, in option-id order. */
  liveOptionsOf(state, item) {
    return this.optionsOfItem[item].filter((o) => this.isLive(state, o));
  }

  /** For every item, how many live options contain it (one pass over the options). */
  liveCounts(state) {
    const counts = new Int32Array(this.items.length);
    for (let o = 0; o < this.options.length; o++) {
      if (!this.isLive(state, o)) continue;
      for (const i of this.options[o]) counts[i]++;
    }
    return counts;
  }

  /**
   * The options on the board at this state, oldest first: the givens, then
   * the option of every frame that has tried one. Each is {option, level},
   * level -1 for a given.
   */
  placed(state) {
    const out = [];
    for (const g of this.givens) out.push({ option: g, level: -1 });
    for (let l = 0; l < state.height; l++) {
      if (state.frameK[l] > 0 && state.frameOption[l] >= 0) out.push({ option: state.frameOption[l], level: l });
    }
    return out;
  }

  /**
   * The newest choice: the option of the deepest frame that has tried one,
   * as {option, level, takenBack}, or null. takenBack: a back-up step (the
   * search returns to take it back), or an uncover step with an item of it
   * other than the frame's uncovered already (after a back-up or a solution;
   * a try's own covers come after the try). It stays on the board until the
   * next try or back-up.
   */
  newest(state) {
    for (let l = state.height - 1; l >= 0; l--) {
      if (state.frameK[l] === 0 || state.frameOption[l] < 0) continue;    // none yet, or a settle
      const option = state.frameOption[l];
      const item = state.frameItem[l];
      const kind = state.step > 0 ? this.kindAt(state.step) : -1;
      const takenBack = kind === BACKUP || ((kind === UNCOVER || kind === UNPURIFY)
        && this.options[option].some((i) => i !== item && !state.covered[i] && !state.purified[i]));
      return { option, level: l, takenBack };
    }
    return null;
  }

  /** The first step after `step` made by an event of this kind, or -1. */
  nextStepOfKind(step, kind) {
    for (let i = step; i < this.kinds.length; i++) if (this.kinds[i] === kind) return i + 1;
    return -1;
  }
}

/** Parse and decode a log given as JSON text or as an object. */
export function loadStepLog(source) {
  return new StepLog(typeof source === "string" ? JSON.parse(source) : source);
}

// ---- Sudoku numbering (docs/step-log.md, "Sudoku numbering") ---------------

/** The cell and value (1-based) an option places. */
export function optionPlacement(option, size) {
  return { cell: Math.floor(option / size), value: (option % size) + 1 };
}

/**
 * What an item stands for: {kind: "cell"|"row"|"column"|"box", index, value,
 * cells}. `cells` lists the board cells of that cell or unit, so a view can
 * highlight them; value is 0 for a cell item.
 */
export function itemUnit(item, size) {
  const n = Math.round(Math.sqrt(size));
  const area = size * size;
  const group = Math.floor(item / area);
  const rest = item % area;
  if (group === 0) return { kind: "cell", index: rest, value: 0, cells: [rest] };
  const index = Math.floor(rest / size);
  const value = (rest % size) + 1;
  const cells = [];
  for (let k = 0; k < size; k++) {
    if (group === 1) cells.push(index * size + k);
    else if (group === 2) cells.push(k * size + index);
    else cells.push((Math.floor(index / n) * n + Math.floor(k / n)) * size + (index % n) * n + (k % n));
  }
  return { kind: ["cell", "row", "column", "box"][group], index, value, cells };
}
