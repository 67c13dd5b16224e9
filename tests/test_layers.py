"""The house's layers, checked from the source (issue 38).

webapp/ is cut into subpackages by layer, and each imports only those below it:

    cli        the command line (its serve command starts the web layer's server)
    web        the Flask app's pages and API, hardening, the answer cache, the server
    log        the step log
    analysis   the facts, explanations, Knuth's estimate, the comparison
    models     Sudoku, its variants, the built-in problems, cover text, examples, the checkers
    engine     the exact cover search (both engines, the compiled core)
    words      the message catalogue and its renderer (beside the engine, knowing nothing of it)

webapp/__init__.py (the app factory) and webapp/__main__.py stand above them all.
Every import counts, at module level or inside a function, TYPE_CHECKING included:
an import at call time is still an arrow between two modules. No circle, among
modules or among subpackages; no source module over 900 lines.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "webapp"
RANKS = {"words": 0, "engine": 0, "models": 1, "analysis": 2, "log": 3, "web": 4, "cli": 5}
TOP = max(RANKS.values()) + 1   # webapp itself: __init__.py and __main__.py
MAX_LINES = 900


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    """Every Python module of the package, by dotted name."""
    return {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def is_module(name: str, known: dict[str, Path]) -> bool:
    # _dlx is the compiled core: a module with no .py (its stub is _dlx.pyi)
    return name in known or (PACKAGE / Path(*name.split(".")[1:])).with_suffix(".pyi").is_file()


def imports_of(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The project's modules that a module imports, anywhere in it."""
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.split(".")[0] == "webapp")
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = ".".join(package[: len(package) - node.level + 1] + ([node.module] if node.module else []))
            else:
                base = node.module or ""
            if base.split(".")[0] != "webapp":
                continue
            for alias in node.names:
                full = f"{base}.{alias.name}"
                found.add(full if is_module(full, known) else base)
    return found - {name}


def graph() -> dict[str, set[str]]:
    known = modules()
    return {name: imports_of(name, path, known) for name, path in known.items()}


def layer(name: str) -> str:
    """The subpackage a module belongs to ('webapp' for the package's own two modules)."""
    parts = name.split(".")
    return parts[1] if len(parts) > 2 or (len(parts) == 2 and parts[1] in RANKS) else "webapp"


def rank(name: str) -> int:
    return RANKS.get(layer(name), TOP)


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """One circle through each strongly connected part of more than one node (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                part.append(w)
                if w == v:
                    break
            if len(part) > 1 or v in edges.get(v, ()):
                found.append(sorted(part))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def test_the_package_itself_keeps_only_the_app_factory_and_main():
    assert sorted(p.name for p in PACKAGE.glob("*.py")) == ["__init__.py", "__main__.py"]
    assert sorted(p.name for p in PACKAGE.iterdir() if (p / "__init__.py").is_file()) == sorted(RANKS)


def test_each_layer_imports_only_the_layers_below_it():
    wrong = [f"{a} imports {b}" for a, targets in graph().items() for b in sorted(targets)
             if layer(a) != layer(b) and rank(a) <= rank(b)]
    assert wrong == []


def test_no_import_circle_among_modules():
    assert circles(graph()) == []


def test_no_import_circle_among_subpackages():
    edges: dict[str, set[str]] = {}
    for a, targets in graph().items():
        edges.setdefault(layer(a), set()).update(layer(b) for b in targets if layer(b) != layer(a))
    assert circles(edges) == []


def test_the_checks_see_a_circle_and_an_arrow_up():
    assert circles({"a": {"b"}, "b": {"a"}, "c": {"a"}}) == [["a", "b"]]
    assert layer("webapp.engine.exact_cover") == "engine" and layer("webapp.cli") == "cli"
    assert layer("webapp") == "webapp" and rank("webapp.__main__") == TOP
    assert rank("webapp.models.sudoku") > rank("webapp.engine.matrix")


SOURCES = [*PACKAGE.rglob("*.py"), *PACKAGE.rglob("*.c"), *PACKAGE.rglob("*.h"), *(ROOT / "static" / "js").rglob("*.js")]


@pytest.mark.parametrize("path", sorted(SOURCES), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_source_module_is_over_900_lines(path):
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_LINES, f"{path.relative_to(ROOT)} has {lines} lines: split it along a seam"
