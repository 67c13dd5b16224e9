"""The compiled search core, webapp/engine/_dlx.c, solve FILE's fast path for plain Sudoku lines,
webapp/models/_sudoku_lines.c, and the compiled analysis, webapp/analysis/_facts.c, as optional extensions.

Everything else about the package is in pyproject.toml. optional=True: on a
machine without a C compiler the build warns and goes on, and the Python
engine (webapp/engine/exact_cover.py) runs instead. depends: the headers _dlx.c
includes, so a change to one rebuilds it and the source distribution ships them.
"""

from setuptools import Extension, setup

setup(ext_modules=[Extension("webapp.engine._dlx", ["webapp/engine/_dlx.c"], optional=True,
                             depends=["webapp/engine/_dlx_check.h", "webapp/engine/_dlx_colours.h",
                                      "webapp/engine/_dlx_bounds.h", "webapp/engine/_dlx_methods.h"],
                             extra_compile_args=["-O3", "-std=c11"]),
                   Extension("webapp.models._sudoku_lines", ["webapp/models/_sudoku_lines.c"], optional=True,
                             depends=["webapp/models/_sudoku_lines_search.h"],
                             extra_compile_args=["-O3", "-std=c11"]),
                   Extension("webapp.analysis._facts", ["webapp/analysis/_facts.c"], optional=True,
                             depends=["webapp/analysis/_facts_pass.h", "webapp/analysis/_facts_json.h",
                                      "webapp/analysis/_facts_bounds.h"],
                             extra_compile_args=["-O3", "-std=c11"])])
