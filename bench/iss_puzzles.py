"""Unseen-style test puzzles: published constraint puzzles from sigh/Interactive-Sudoku-Solver (MIT),
written as f-puzzles links, for bench/constraints.py --links.

ISS keeps its puzzles (data/example_puzzles.js, data/collections.js) in its own text form
(".~R1C1_5.Cage~21~R1C1~R1C2.Thermo~R9C4~R8C3…") with their solutions. This reads the 9×9 ones
whose every part is a rule this solver keeps (givens, cages, thermometers, arrows and pill arrows,
whispers of gap 5, renban, palindromes, Kropki dots, X and V, quadruples, sandwiches, little
killers, the diagonals, anti-knight and anti-king), writes each as an f-puzzles link through
webapp/models/fpuzzles.py, and keeps it only when its published solution passes the independent
checkers (so a misread convention drops the puzzle, never a wrong puzzle in). Puzzles already in
published.json (the same solution) are left out.

    python bench/iss_puzzles.py ISS_CHECKOUT_FILES... > webapp/puzzles/constraints/unseen.json
    (the files: data/example_puzzles.js and data/collections.js of a checkout or `git show`)
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

from webapp.models import constraint_check, constraints, fpuzzles, sudoku, variant_check, variants

PUBLISHED = Path(__file__).resolve().parents[1] / "webapp" / "puzzles" / "constraints" / "published.json"
CELL = re.compile(r"R(\d+)C(\d+)")
SIZE = 9
STEPS = [(1, 1), (1, -1), (-1, 1), (-1, -1)]


class Skip(Exception):
    """A part this solver does not keep (or a form this reader does not know)."""


def cell(text: str) -> list[int]:
    found = CELL.fullmatch(text)
    if not found:
        raise Skip(text)
    return [int(found.group(1)) - 1, int(found.group(2)) - 1]


def entries(text: str):
    """(name, sources, input, solution) of each puzzle entry of an ISS data file."""
    for block in re.split(r"\n\s*\{", text):
        name = re.search(r"name:\s*'((?:[^'\\]|\\.)*)'", block)
        given = re.search(r"input:\s*'([^']*)'", block)
        solution = re.search(r"solution:\s*'(\d{81})'", block)
        if name and given and solution:
            sources = re.findall(r"'(https?://[^']+)'", block.split("input:")[0])
            yield name.group(1).replace("\\'", "'"), sources, given.group(1), solution.group(1)


def read(text: str, solution: list[int]):
    """The puzzle string, variant names and normal-form constraints of an ISS input."""
    grid = ["."] * (SIZE * SIZE)
    names: list[str] = []
    found: list[dict] = []
    for part in text.split(".")[1:]:
        kind, *args = part.split("~")
        if kind == "":
            for given in args:
                where, *digits = given.split("_")
                if len(digits) != 1:
                    raise Skip("pencil marks")
                r, c = cell(where)
                grid[r * SIZE + c] = digits[0]
        elif kind == "Cage":
            found.append({"kind": "killer", "sum": int(args[0]) if args[0] else None,
                          "cells": [cell(a) for a in args[1:]]})
        elif kind in ("Thermo", "Renban", "Palindrome"):
            found.append({"kind": kind.lower() if kind != "Thermo" else "thermo", "cells": [cell(a) for a in args]})
        elif kind == "Whisper":
            if not CELL.fullmatch(args[0]):
                if args[0] != "5":
                    raise Skip("whispers gap")
                args = args[1:]
            found.append({"kind": "whispers", "cells": [cell(a) for a in args]})
        elif kind in ("Arrow", "PillArrow"):
            size = int(args.pop(0)) if kind == "PillArrow" else 1
            cells = [cell(a) for a in args]
            found.append({"kind": "arrow", "circle": cells[:size], "cells": cells[size:]})
        elif kind in ("WhiteDot", "BlackDot", "X", "V"):
            pair = [cell(a) for a in args]
            if kind in ("X", "V"):
                found.append({"kind": "xv", "value": kind, "cells": pair})
            else:
                found.append({"kind": "kropki-white" if kind == "WhiteDot" else "kropki-black", "cells": pair})
        elif kind == "Quad":
            r, c = cell(args[0])
            found.append({"kind": "quadruple", "cells": [[r, c], [r, c + 1], [r + 1, c], [r + 1, c + 1]],
                          "digits": [int(d) for d in args[1:]]})
        elif kind == "Sandwich":
            side = {"R": "row", "C": "column"}.get(args[1][:1])
            if side is None:
                raise Skip(args[1])
            found.append({"kind": "sandwich", "side": side, "index": int(args[1][1:]) - 1, "sum": int(args[0])})
        elif kind == "LittleKiller":
            found.append(little_killer(int(args[0]), cell(args[1]), solution))
        elif kind == "Diagonal":
            found.append({"kind": "diagonal", "direction": "+" if args[0] == "1" else "-",
                          "cells": [[SIZE - 1 - k, k] if args[0] == "1" else [k, k] for k in range(SIZE)]})
        elif kind in ("AntiKnight", "AntiKing"):
            names.append({"AntiKnight": "anti-knight", "AntiKing": "anti-king"}[kind])
        elif kind in ("End", "") and not args:
            continue
        else:
            raise Skip(kind)
    return "".join(grid), names, found


def little_killer(total: int, first: list[int], solution: list[int]) -> dict:
    """ISS names a little killer by its first cell; its direction is the one whose clue lies outside
    the grid and whose published digits add up to the total (none or two: skipped)."""
    fits = []
    for dr, dc in STEPS:
        clue = [first[0] - dr, first[1] - dc]
        if 0 <= clue[0] < SIZE and 0 <= clue[1] < SIZE:
            continue
        cells, r, c = [], first[0], first[1]
        while 0 <= r < SIZE and 0 <= c < SIZE:
            cells.append([r, c])
            r, c = r + dr, c + dc
        if sum(solution[r * SIZE + c] for r, c in cells) == total:
            fits.append({"kind": "little-killer", "clue": clue, "cells": cells, "sum": total})
    if len(fits) != 1:
        raise Skip("little killer direction")
    return fits[0]


def main() -> None:
    seen = {e["solution"] for e in json.loads(PUBLISHED.read_text())}
    out, skipped = [], 0
    for name in sys.argv[1:]:
        for title, sources, text, solution in entries(Path(name).read_text()):
            digits = [int(ch) for ch in solution]
            try:
                puzzle, names, found = read(text, digits)
            except (Skip, ValueError, IndexError):
                skipped += 1
                continue
            if not found or solution in seen:
                continue
            try:
                grid, rules = variants.read(puzzle, names, None)
                setup = constraints.setup_for(rules, found, [])
            except (sudoku.ParseError, variants.VariantError):
                skipped += 1
                continue
            if not (variant_check.is_solution(grid.cells, digits, rules.names, None)
                    and constraint_check.is_solution(grid.cells, digits, setup.about()["constraints"], [])):
                skipped += 1
                continue
            seen.add(solution)
            link = "https://f-puzzles.com/?load=" + fpuzzles.encode(fpuzzles.to_fpuzzles(grid, setup, title))
            out.append({"id": re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-"), "title": title,
                        "kinds": sorted({c["kind"] for c in found}), "source": sources,
                        "via": "sigh/Interactive-Sudoku-Solver (MIT), " + Path(name).name,
                        "fpuzzles": link, "solution": solution})
    print(json.dumps(out, indent=1, ensure_ascii=False))
    print(f"# {len(out)} written, {skipped} left out", file=sys.stderr)


if __name__ == "__main__":
    main()
