"""Builds the compiled search core; everything else is in pyproject.toml.

The solver is Cython in pure-Python mode: compiled here, and the very same source runs
interpreted if the extension is missing.
"""

from Cython.Build import cythonize
from setuptools import setup

setup(
    ext_modules=cythonize(
        ["ai_worker/search/solver.py"],
        language_level=3,
        compiler_directives={
            "boundscheck": False,
            "wraparound": False,
            "cdivision": True,
            # Types come from solver.pxd; the annotations are for mypy and readers.
            "annotation_typing": False,
        },
    )
)
