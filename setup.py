"""The compiled search core, webapp/_dlx.c, as an optional extension.

Everything else about the package is in pyproject.toml. optional=True: on a
machine without a C compiler the build warns and goes on, and the Python
engine (webapp/exact_cover.py) runs instead. depends: the headers _dlx.c
includes, so a change to one rebuilds it and the source distribution ships them.
"""

from setuptools import Extension, setup

setup(ext_modules=[Extension("webapp._dlx", ["webapp/_dlx.c"], optional=True,
                             depends=["webapp/_dlx_check.h", "webapp/_dlx_colours.h"],
                             extra_compile_args=["-O3", "-std=c11"])])
