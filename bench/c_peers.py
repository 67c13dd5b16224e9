"""Compiled Sudoku solvers from a checkout of tdoku's repository, built for bench/process.py.

    bench/process.py --c-peers DIR ...        (DIR: a checkout of github.com/t-dillon/tdoku)
    python bench/c_peers.py DIR               (only build them, and say where)

tdoku's benchmark (its src/run_benchmark.cc, results in its benchmarks/) runs
two solvers on Knuth's exact cover matrix, its "DLX entries": kudoku
(Attractive Chaos's sudoku_v1.c, an array form of Algorithm X with counts,
other/kudoku/kudoku.c) and fast_solv_9r2 (Ignacio Zelaya's dancing links,
other/fast_solv_9r2/fast_solv_9r2.c); and tdoku itself, the fastest published
Sudoku solver (a SIMD SAT-style propagator, src/solver_dpll_triad_simd.cc),
printed beside them as the limit. None of their code is in this repository:
each is compiled from the user's checkout, linked with bench/peers/c_loop.c
(our loop: read a file, call the peer as tdoku's benchmark does, print each
grid), with the flags tdoku's CMakeLists.txt uses (-O3 -march=native).

The binaries go to bench/.c-peers/ (gitignored), rebuilt when a source or
c_loop.c is newer than the binary.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
LOOP = HERE / "peers" / "c_loop.c"
OUT = HERE / ".c-peers"
FLAGS = ["-O3", "-march=native"]


@dataclass(frozen=True)
class CPeer:
    """One compiled peer: its name, its define in c_loop.c, its sources in tdoku's checkout."""

    name: str
    define: str
    sources: tuple[str, ...]
    what: str


C_PEERS = {
    "kudoku": CPeer("kudoku", "PEER_KUDOKU", ("other/kudoku/kudoku.c",),
                    "Algorithm X on an array exact cover matrix with counts (C; tdoku's DLX entry)"),
    "fast_solv_9r2": CPeer("fast_solv_9r2", "PEER_FAST_SOLV_9R2", ("other/fast_solv_9r2/fast_solv_9r2.c",),
                           "dancing links, pointer nodes (C; tdoku's DLX entry)"),
    "tdoku": CPeer("tdoku", "PEER_TDOKU", ("src/solver_dpll_triad_simd.cc", "src/util.cc"),
                   "tdoku, SIMD propagation (C++; the limit, not a DLX)"),
}


class BuildError(RuntimeError):
    """A peer that could not be built from the checkout (missing file, no compiler, a compile error)."""


def build(checkout: Path, name: str) -> Path:
    """The binary of one peer, built from the checkout unless it is up to date."""
    peer = C_PEERS[name]
    sources = [checkout / s for s in peer.sources]
    missing = [str(s) for s in sources if not s.is_file()]
    if missing:
        raise BuildError(f"{name}: {', '.join(missing)} not found: is {checkout} a checkout of t-dillon/tdoku?")
    OUT.mkdir(exist_ok=True)
    binary = OUT / name
    newest = max(p.stat().st_mtime for p in [*sources, LOOP, Path(__file__)])
    if binary.exists() and binary.stat().st_mtime >= newest:
        return binary
    objects = []
    for source in sources:
        cpp = source.suffix in (".cc", ".cpp")
        compiler = shutil.which("g++" if cpp else "gcc") or shutil.which("c++" if cpp else "cc")
        if compiler is None:
            raise BuildError(f"{name}: no {'C++' if cpp else 'C'} compiler found")
        obj = OUT / f"{name}-{source.stem}.o"
        extra = ["-std=c++14", "-fno-exceptions", "-fno-rtti"] if cpp else ["-w"]
        run([compiler, *FLAGS, *extra, "-c", str(source), "-o", str(obj)], name)
        objects.append(obj)
    loop = OUT / f"{name}-loop.o"
    run([shutil.which("gcc") or "cc", *FLAGS, f"-D{peer.define}", "-c", str(LOOP), "-o", str(loop)], name)
    linker = shutil.which("g++") or "c++"       # tdoku is C++: link with its runtime
    run([linker, *FLAGS, str(loop), *map(str, objects), "-o", str(binary)], name)
    return binary


def run(command: list[str], name: str) -> None:
    """One compiler call; its errors become a BuildError."""
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        raise BuildError(f"{name}: {' '.join(command)} failed:\n{done.stderr.strip()[-2000:]}")


def build_all(checkout: Path, names=None) -> dict[str, Path]:
    """Every peer's binary (or the named ones)."""
    if not checkout.is_dir():
        raise BuildError(f"{checkout} is not a directory: give a checkout of github.com/t-dillon/tdoku")
    return {name: build(checkout, name) for name in (names or C_PEERS)}


def command(binary: Path, solutions: int):
    """The command that solves a file with a built peer, asking for up to `solutions` of each puzzle."""
    def make(path: Path) -> list[str]:
        return [str(binary), str(solutions), str(path)]
    return make


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__.split("\n\n")[1])
    for peer_name, path in build_all(Path(sys.argv[1])).items():
        print(f"{peer_name}: {path}")
