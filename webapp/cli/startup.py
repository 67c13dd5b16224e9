"""The command line's argument parser, made without importing what a start need not pay for.

argparse imports ``shutil`` (and with it ``bz2`` and ``lzma``) for the terminal's width each
time it makes a help formatter, which it does for every option it is given, so a one-puzzle
`solve` paid for them (bench/startup.py). Formatter asks the width itself, as
shutil.get_terminal_size does (COLUMNS, then the terminal, else 80); nothing else changes.
(``inspect``, which ``dataclasses`` imports, cannot be put off by a lazy module: Python 3.11
runs one as soon as an ``import`` statement finds it.)
"""

from __future__ import annotations

import argparse
import os
import sys


def terminal_columns() -> int:
    """The terminal's width, as shutil.get_terminal_size finds it (COLUMNS, the terminal, 80)."""
    try:
        columns = int(os.environ.get("COLUMNS", "0"))
    except ValueError:
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns if sys.__stdout__ else 0
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns or 80


class Formatter(argparse.HelpFormatter):
    """argparse's help formatter, told the terminal's width (argparse would import shutil for it)."""

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24,
                 width: int | None = None) -> None:
        super().__init__(prog, indent_increment, max_help_position,
                         terminal_columns() - 2 if width is None else width)


class Parser(argparse.ArgumentParser):
    """An ArgumentParser whose help formatter is Formatter; its subcommands' parsers are Parsers too."""

    def __init__(self, *args, **kwargs) -> None:
        kwargs.setdefault("formatter_class", Formatter)
        super().__init__(*args, **kwargs)
