"""Unseen-style test puzzles: published constraint puzzles from sigh/Interactive-Sudoku-Solver (MIT),
written as f-puzzles links, for bench/constraints.py --links.

ISS keeps its puzzles (data/example_puzzles.js, data/collections.js) in its own text form
(".~R1C1_5.Cage~21~R1C1~R1C2.Thermo~R9C4~R8C3…") with their solutions. This reads the 9×9 ones
whose every part is a rule this solver keeps (givens, cages, thermometers, arrows and pill arrows,
whispers of gap 5, renban, palindromes, Kropki dots, X and V and their negative constraints,
quadruples, sandwiches, little killers, the diagonals, windoku, jigsaw regions, anti-knight,
anti-king and anti-consecutive), writes each as an f-puzzles link through
webapp/models/fpuzzles.py, and keeps it only when it has a constraint and its published solution
passes the independent checkers (so a misread convention drops the puzzle, never a wrong puzzle
in). Puzzles already in published.json, or in a --leave-out file (the same solution), are left out.

    python bench/iss_puzzles.py ISS_CHECKOUT_FILES... > webapp/puzzles/constraints/unseen.json
    python bench/iss_puzzles.py --leave-out webapp/puzzles/constraints/unseen.json ISS_CHECKOUT_FILES... \
        > webapp/puzzles/constraints/heldout.json
    (the files: data/example_puzzles.js and data/collections.js of a checkout or `git show`)
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

from webapp.models import constraint_check, constraints, fpuzzles, sudoku, variant_check, variants

PUBLISHED = Path(__file__).resolve().parents[1] / "webapp" / "puzzles" / "constraints" / "published.json"
CELL = re.compile(r"R(\d+)C(\d+)", re.IGNORECASE)
SIZE = 9
# The short killer form (enjoysudoku's "snarfable" cages): a cell holds its cage's sum (0-9, A-Z
# for 10-35, a-j for 36-45) or points at the next cell of its cage.
POINTS = {"v": (1, 0), "^": (-1, 0), "<": (0, -1), ">": (0, 1), "`": (-1, -1), "'": (-1, 1), ",": (1, -1),
          ".": (1, 1)}
SUMS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghij"


class Skip(Exception):
    """A part this solver does not keep (or a form this reader does not know)."""


def cell(text: str) -> list[int]:
    found = CELL.fullmatch(text)
    if not found:
        raise Skip(text)
    return [int(found.group(1)) - 1, int(found.group(2)) - 1]


def entries(text: str):
    """(name, sources, input, solution) of each puzzle entry of an ISS data file (an input written
    across lines, in backquotes, joined)."""
    for block in re.split(r"\n\s*\{", text):
        name = re.search(r"name:\s*'((?:[^'\\]|\\.)*)'", block)
        given = re.search(r"input:\s*(?:'([^']*)'|`([^`]*)`)", block)
        solution = re.search(r"solution:\s*'(\d{81})'", block)
        if name and given and solution:
            sources = re.findall(r"'(https?://[^']+)'", block.split("input:")[0])
            written = given.group(1) if given.group(1) is not None else given.group(2)
            yield name.group(1).replace("\\'", "'"), sources, re.sub(r"\s+", "", written), solution.group(1)
    # An older form (data/killers.js, data/thermos.js): lists of [input, solution] under a comment
    # with their source, each named by its list and place ("HARD_KILLERS 3").
    for head, body in lists(text):
        for k, (given, solution) in enumerate(re.findall(r"\[\s*[`']([^`']*)[`'],\s*'(\d{81})',?\s*\]", body)):
            yield f"{head} {k + 1}", re.findall(r"https?://\S+", head_comment(text, head)), \
                re.sub(r"\s+", "", given), solution


def lists(text: str) -> list[tuple[str, str]]:
    """(name, body) of each `const NAME = [ ... ];` of a data file."""
    return re.findall(r"const (\w+) = \[(.*?)\n\];", text, re.DOTALL)


def head_comment(text: str, name: str) -> str:
    """The comment lines just above `const NAME`."""
    found = re.search(r"((?://[^\n]*\n)*)const " + name + r" = ", text)
    return found.group(1) if found else ""


def killer_cages(text: str) -> list[dict] | None:
    """The cages of a killer in one of its two short forms (None: neither): 81 cells, each a sum or
    a pointer to the next cell of its cage; or sudocue's "3x3::k:" list, each cell sum * 256 + its
    cage's number ("3x3:d:k:" adds both diagonals). A cage of sum 0 has no sum (its digits differ,
    as ISS reads it)."""
    heads: dict[int, list[int]] = {}
    diagonals = []
    sums: dict[int, int | None] = {}
    if len(text) == SIZE * SIZE and any(ch in POINTS for ch in text) and all(ch in POINTS or ch in SUMS for ch in text):
        for start in range(SIZE * SIZE):
            at, seen = start, 0
            while text[at] in POINTS:
                dr, dc = POINTS[text[at]]
                at += dr * SIZE + dc
                seen += 1
                if seen > SIZE * SIZE or not 0 <= at < SIZE * SIZE:
                    raise Skip("a killer cage that loops or leaves the grid")
            if text[at] not in SUMS:
                continue            # a cell in no cage
            heads.setdefault(at, []).append(start)
            sums[at] = SUMS.index(text[at]) or None
    elif text.startswith(f"{SIZE // 3}x{SIZE // 3}:") and text.split(":")[2:3] == ["k"]:
        parts = text.split(":")
        if len(parts) != SIZE * SIZE + 4 or parts[1] not in ("", "d"):
            raise Skip("a killer's long form")
        if parts[1] == "d":
            diagonals = [{"kind": "diagonal", "direction": "+", "cells": [[SIZE - 1 - k, k] for k in range(SIZE)]},
                         {"kind": "diagonal", "direction": "-", "cells": [[k, k] for k in range(SIZE)]}]
        for k, value in enumerate(parts[3:3 + SIZE * SIZE]):
            total, number = divmod(int(value), 256)
            if total:
                heads.setdefault(number, []).append(k)
                sums[number] = total
    else:
        return None
    return diagonals + [{"kind": "killer", "sum": sums[head], "cells": [list(divmod(k, SIZE)) for k in sorted(cells)]}
                        for head, cells in heads.items()]


def pairs(cells: list[list[int]]) -> list[list[list[int]]]:
    """A dot or an X or V over more than two cells (as ISS writes many at once): every two of them
    that are orthogonal neighbours."""
    return [[a, b] for i, a in enumerate(cells) for b in cells[i + 1:] if abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1]


def read(text: str):
    """The puzzle string, variant names, normal-form constraints, negative constraints and regions
    map (None: the boxes) of an ISS input."""
    grid = ["."] * (SIZE * SIZE)
    names: list[str] = []
    found: list[dict] = []
    negative: list[str] = []
    regions = None
    no_boxes = False
    cages = killer_cages(text)
    if cages is not None:
        return "." * (SIZE * SIZE), [], cages, [], None
    for part in text.split(".")[1:]:
        kind, *args = part.strip().split("~")
        if kind == "":
            for given in args:
                where, *digits = given.split("_")
                if len(digits) != 1:
                    raise Skip("pencil marks")
                r, c = cell(where)
                grid[r * SIZE + c] = digits[0]
        elif kind == "Cage":
            found.append({"kind": "killer", "sum": int(args[0] or 0) or None,      # 0: no sum, as ISS reads it
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
            for pair in pairs([cell(a) for a in args]):
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
            found.append(little_killer(int(args[0]), cell(args[1])))
        elif kind == "Diagonal":
            found.append({"kind": "diagonal", "direction": "+" if args[0] == "1" else "-",
                          "cells": [[SIZE - 1 - k, k] if args[0] == "1" else [k, k] for k in range(SIZE)]})
        elif kind in ("AntiKnight", "AntiKing", "AntiConsecutive", "Windoku") and not args:
            names.append({"AntiKnight": "anti-knight", "AntiKing": "anti-king", "AntiConsecutive": "non-consecutive",
                          "Windoku": "windoku"}[kind])
        elif kind == "StrictXV" and not args:
            negative.append("xv")
        elif kind == "StrictKropki" and not args:
            negative += ["kropki-white", "kropki-black"]
        elif kind == "Shape" and args == [f"{SIZE}x{SIZE}"]:
            continue        # the usual size, digits 1 to 9 (a 0-indexed shape names its digits otherwise)
        elif kind == "NoBoxes" and not args:
            no_boxes = True
        elif kind == "Jigsaw" and len(args) == 1 and len(args[0]) == SIZE * SIZE:
            names.append("jigsaw")
            regions = args[0]
        elif kind in ("End", "") and not args:
            continue
        else:
            raise Skip(kind)
    if no_boxes != (regions is not None):
        raise Skip("NoBoxes without a jigsaw")
    return "".join(grid), names, found, negative, regions


def little_killer(total: int, first: list[int]) -> dict:
    """ISS names a little killer by its first cell and finds its diagonal in a table: a cell of the
    left edge (but the last row) runs down and right, of the right edge (but the corners) up and
    left, of the top edge (but the first column) down and left, of the bottom edge (but the corners)
    up and right; the first edge that holds the cell wins. The clue stands just outside the grid,
    before the first cell."""
    r, c = first
    last = SIZE - 1
    if c == 0 and r < last:
        step = (1, 1)
    elif c == last and 0 < r < last:
        step = (-1, -1)
    elif r == 0 and c > 0:
        step = (1, -1)
    elif r == last and 0 < c < last:
        step = (-1, 1)
    else:
        raise Skip("little killer cell")
    cells = []
    while 0 <= r < SIZE and 0 <= c < SIZE:
        cells.append([r, c])
        r, c = r + step[0], c + step[1]
    if len(cells) < 2:
        raise Skip("little killer of one cell")
    return {"kind": "little-killer", "clue": [first[0] - step[0], first[1] - step[1]], "cells": cells, "sum": total}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--leave-out", action="append", default=[],
                        help="a JSON list of puzzles to leave out (by solution)")
    parser.add_argument("files", nargs="+", help="ISS data files (example_puzzles.js, collections.js); "
                        "FILE:N keeps at most the first N puzzles written from FILE")
    args = parser.parse_args()
    known = [e for name in [PUBLISHED, *args.leave_out] for e in json.loads(Path(name).read_text())]
    seen = {e["solution"] for e in known}
    ids = {e["id"] for e in known}
    out, skipped = [], 0
    for spec in args.files:
        name, _, most = spec.partition(":")
        written = len(out)
        for title, sources, text, solution in entries(Path(name).read_text()):
            if most and len(out) - written >= int(most):
                break
            digits = [int(ch) for ch in solution]
            try:
                puzzle, names, found, negative, regions = read(text)
            except (Skip, ValueError, IndexError):
                skipped += 1
                continue
            if not (found or negative) or solution in seen:
                continue
            try:
                grid, rules = variants.read(puzzle, names, regions)
                setup = constraints.setup_for(rules, found, negative)
            except (sudoku.ParseError, variants.VariantError):
                skipped += 1
                continue
            about = setup.about()
            if not (variant_check.is_solution(grid.cells, digits, rules.names, rules.regions)
                    and constraint_check.is_solution(grid.cells, digits, about["constraints"], about["negative"])):
                skipped += 1
                continue
            seen.add(solution)
            link = "https://f-puzzles.com/?load=" + fpuzzles.encode(fpuzzles.to_fpuzzles(grid, setup, title))
            key = re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")
            key = key + "-iss" if key in ids else key       # another puzzle of the same name
            ids.add(key)
            out.append({"id": key, "title": title,
                        "kinds": sorted({c["kind"] for c in found}), "source": sources,
                        "via": "sigh/Interactive-Sudoku-Solver (MIT), " + Path(name).name,
                        "fpuzzles": link, "solution": solution})
    print(json.dumps(out, indent=1, ensure_ascii=False))
    print(f"# {len(out)} written, {skipped} left out", file=sys.stderr)


if __name__ == "__main__":
    main()
