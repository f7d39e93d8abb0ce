"""Builds the Cython extension; everything else is in pyproject.toml.

WEBFOLD_DEBUG=1 builds with bounds checks and writes Cython's annotated HTML.
"""

import os

from Cython.Build import cythonize
from setuptools import Extension, setup

DEBUG = os.environ.get("WEBFOLD_DEBUG") == "1"

#: One place for the compiler directives of every Cython module.
DIRECTIVES = {
    "language_level": 3,
    "boundscheck": DEBUG,
    "wraparound": DEBUG,
    "initializedcheck": DEBUG,
    "cdivision": True,
}

extensions = [Extension("webfold._scan", ["webfold/_scan.pyx"], extra_compile_args=["-O2"])]

setup(ext_modules=cythonize(extensions, compiler_directives=DIRECTIVES, annotate=DEBUG))
