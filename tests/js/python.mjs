// tests/js/python.mjs — runs the project's Python (the real solver, no stand-in)
// for the node tests: step logs to replay and the sentences Python says for them.
// PYTHON names the interpreter (make sets it to the venv's); the repository root
// is the working directory, so `webapp` imports from the checkout.

import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import path from "node:path";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const PYTHON = process.env.PYTHON || "python3";

/** Run a Python snippet that prints one JSON value; return it parsed. */
export function pythonJson(code) {
  const run = spawnSync(PYTHON, ["-c", code], { cwd: ROOT, encoding: "utf-8", maxBuffer: 1 << 28 });
  if (run.status !== 0) throw new Error(`python failed (${run.status}): ${run.stderr}`);
  return JSON.parse(run.stdout);
}

/**
 * The step log of a Sudoku solve and, for every step from 1, the lines
 * webapp.log.steplog.explain_step says: {log, lines} (lines null when not asked for:
 * explaining every step of a long log takes Python a while).
 */
export function sudokuLogWithLines(puzzle, { limit = 1, choose = "mrv", maxSteps = null, lines = true } = {}) {
  return pythonJson(`
import json
from webapp.engine import exact_cover as ec
from webapp.log import steplog
from webapp.models import sudoku
from webapp.analysis.explain import outcome_message
grid = sudoku.parse(${JSON.stringify(puzzle)})
rec = ec.Recording()
solved = sudoku.solve(grid, recording=rec, max_solutions=${limit}, choose=${JSON.stringify(choose)},
                      max_steps=${maxSteps === null ? "None" : maxSteps})
log = steplog.build(sudoku.problem_for(grid.n), sudoku.phrases_for(grid.n), sudoku.given_options(grid), rec,
                    solved.outcome, {"kind": "sudoku", "n": grid.n, "size": grid.size,
                                     "puzzle": sudoku.format_grid(grid)})
lines = [said for _, said in steplog.explain_steps(log)] if ${lines ? "True" : "False"} else None
print(json.dumps({"log": log, "lines": lines}))
`);
}

/** The same for a built-in exact cover problem (webapp.models.problems), e.g. ("queens", {n: 6}). */
export function builtinLogWithLines(name, params = {}, { limit = 1 } = {}) {
  return pythonJson(`
import json
from webapp.engine import exact_cover as ec
from webapp.log import steplog
from webapp.models import problems
b = problems.make(${JSON.stringify(name)}, **json.loads(${JSON.stringify(JSON.stringify(params))}))
rec = ec.Recording()
outcome = ec.solve(b.problem, recording=rec, max_solutions=${limit})
log = steplog.build(b.problem, b.phrases, [], rec, outcome, {"kind": "cover", "title": b.title})
lines = [said for _, said in steplog.explain_steps(log)]
print(json.dumps({"log": log, "lines": lines}))
`);
}

/**
 * The same for a Sudoku variant (webapp.models.variants): names like ["anti-knight"], a jigsaw's
 * regions map, and a step budget (lines for every step, as sudokuLogWithLines).
 */
export function variantLogWithLines(puzzle, names, { regions = null, limit = 1, maxSteps = null } = {}) {
  return pythonJson(`
import json
from webapp.engine import exact_cover as ec
from webapp.log import steplog
from webapp.models import sudoku, variants
grid, rules = variants.read(${JSON.stringify(puzzle)}, json.loads(${JSON.stringify(JSON.stringify(names))}),
                            ${regions === null ? "None" : JSON.stringify(regions)})
model = variants.model(rules)
rec = ec.Recording()
solved = variants.solve(grid, rules, recording=rec, max_solutions=${limit},
                        max_steps=${maxSteps === null ? "None" : maxSteps})
log = steplog.build(model.problem, model.phrases, sudoku.given_options(grid), rec, solved.outcome,
                    variants.about(grid, rules))
lines = [said for _, said in steplog.explain_steps(log)]
print(json.dumps({"log": log, "lines": lines}))
`);
}

/** The same for a problem typed in Knuth's text format (webapp.models.cover_text), as the page's text box sends it. */
export function coverTextLogWithLines(text, { limit = null } = {}) {
  return pythonJson(`
import json
from webapp.engine import exact_cover as ec
from webapp.log import steplog
from webapp.models import cover_text
from webapp.analysis.explain import generic_phrases
problem = cover_text.parse_cover(json.loads(${JSON.stringify(JSON.stringify(text))}))
rec = ec.Recording()
outcome = ec.solve(problem, recording=rec, max_solutions=${limit === null ? "None" : limit})
log = steplog.build(problem, generic_phrases(problem), [], rec, outcome, {"kind": "cover", "title": "Your problem"})
lines = [said for _, said in steplog.explain_steps(log)]
print(json.dumps({"log": log, "lines": lines}))
`);
}
