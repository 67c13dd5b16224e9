"""Run the benchmarks inside their own virtual environment, bench/.venv.

    python3 bench/run.py                         # both benchmarks, default sizes
    python3 bench/run.py --quick                 # both, fewer puzzles
    python3 bench/run.py throughput [OPTIONS]    # one benchmark, its own options
    python3 bench/run.py recording [OPTIONS]

Any Python 3.11+ may start it: it creates bench/.venv when missing, installs
the project (editable) and the peers of bench/requirements.txt, then
re-executes itself with bench/.venv's Python and runs each benchmark there as
a separate process.

Glossary
    bench venv   bench/.venv, gitignored; never the project's own .venv.
    stamp        bench/.venv/.installed: a hash of requirements.txt and
                 pyproject.toml; a change of either reinstalls.
    command      throughput, recording, or all (the default; takes --quick only).
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
VENV = HERE / ".venv"
PYTHON = VENV / "bin" / "python"
STAMP = VENV / ".installed"
REQUIREMENTS = HERE / "requirements.txt"
COMMANDS = ("throughput", "recording")


def inside_venv() -> bool:
    """Whether this process runs on bench/.venv's Python."""
    return Path(sys.prefix).resolve() == VENV.resolve()


def wanted_stamp() -> str:
    """The hash of what the venv must be installed from."""
    digest = hashlib.sha256()
    for path in (REQUIREMENTS, ROOT / "pyproject.toml"):
        digest.update(path.read_bytes())
    return digest.hexdigest()


def pip(*args: str) -> bool:
    """Run bench/.venv's pip quietly; whether it succeeded."""
    return subprocess.run([str(PYTHON), "-m", "pip", "install", "-q", *args]).returncode == 0


def requirement_lines() -> list[str]:
    """The requirements, comments and blanks dropped."""
    lines = (line.split("#", 1)[0].strip() for line in REQUIREMENTS.read_text().splitlines())
    return [line for line in lines if line]


def install() -> None:
    """Install the project and the peers; a peer that fails is reported and skipped."""
    print(f"bench: installing the project and the peers into {VENV.relative_to(ROOT)}", file=sys.stderr)
    if pip("-e", str(ROOT), "-r", str(REQUIREMENTS)):
        return
    if not pip("-e", str(ROOT)):
        raise SystemExit("bench: could not install the project itself into bench/.venv")
    failed = [req for req in requirement_lines() if not pip(req)]
    for req in failed:
        print(f"bench: could not install {req}; the throughput table reports it as unavailable",
              file=sys.stderr)


def ensure_venv() -> None:
    """Create bench/.venv and (re)install when missing or out of date."""
    if not PYTHON.exists():
        print(f"bench: creating {VENV.relative_to(ROOT)}", file=sys.stderr)
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
    stamp = wanted_stamp()
    if not STAMP.exists() or STAMP.read_text().strip() != stamp:
        install()
        STAMP.write_text(stamp + "\n")


def commands(argv: list[str]) -> list[list[str]]:
    """The benchmark scripts to run, each with its arguments."""
    if argv and argv[0] in COMMANDS:
        return [[argv[0], *argv[1:]]]
    rest = argv[1:] if argv and argv[0] == "all" else argv
    if any(arg != "--quick" for arg in rest):
        raise SystemExit("bench: 'all' takes only --quick; name a benchmark "
                         "(throughput or recording) to pass it other options")
    return [[name, *rest] for name in COMMANDS]


def main(argv: list[str]) -> int:
    """Bootstrap the venv, then run the benchmarks in it."""
    if not inside_venv():
        if sys.version_info < (3, 11):  # noqa: UP036 -- bench/run.py may be started by an older python3
            raise SystemExit("bench: needs Python 3.11 or newer")
        ensure_venv()
        os.execv(str(PYTHON), [str(PYTHON), str(Path(__file__).resolve()), *argv])
    status = 0
    for name, *args in commands(argv):
        print(f"\n# bench/{name}.py {' '.join(args)}".rstrip(), flush=True)
        done = subprocess.run([sys.executable, str(HERE / f"{name}.py"), *args], cwd=ROOT)
        status = status or done.returncode
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
