"""Solve a file of puzzles with one peer, in a process of its own (bench/process.py runs this).

    python bench/peers/solve_file.py PEER FILE

Imports the peer (bench/peers), reads FILE (one puzzle a line), solves each
line in turn and prints each grid as one line of digits, as
`python -m webapp solve FILE` does; a puzzle without an answer prints a line
starting with '#'.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))      # bench/, for the peers package

from peers import PEERS  # noqa: E402

SYMBOLS = "123456789ABCDEFGHIJKLMNOP"


def main(argv: list[str]) -> int:
    """Solve every line of the file with the named peer."""
    name, path = argv
    solve = PEERS[name].load()
    out = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if not line:
                continue
            cells = solve(line)
            out.append("".join(SYMBOLS[d - 1] for d in cells) if cells else "# no answer")
    sys.stdout.write("\n".join(out) + ("\n" if out else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
