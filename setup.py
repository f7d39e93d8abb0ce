"""Builds the Cython extension; everything else is in pyproject.toml.

WEBFOLD_DEBUG=1 builds with bounds checks and writes Cython's annotated HTML.
"""

import os

from Cython.Build import cythonize
from setuptools import Extension, setup

DEBUG = os.environ.get("WEBFOLD_DEBUG") == "1"

#: One place for the compiler directives. The .pyx modules index only C buffers whose
#: bounds they check themselves, so bounds checks and negative indices are off outside
#: debug builds (WEBFOLD_DEBUG=1, which the fuzz build uses, turns them on);
#: the pure-Python modules index Python lists with negative indices and keep Python's
#: semantics (``SAFE``).
SAFE = {"language_level": 3, "annotation_typing": False}
DIRECTIVES = {
    **SAFE,
    "boundscheck": DEBUG,
    "wraparound": DEBUG,
    "initializedcheck": DEBUG,
    "cdivision": True,
}

cython_modules = [Extension(f"webfold.{name}", [f"webfold/{name}.pyx"], extra_compile_args=["-O2"])
                  for name in ("_scan", "_text", "_trees")]
# Pure-Python modules compiled for speed (instruction counts: README "Speed and
# memory"); they run unchanged as Python where the compiled module is absent.
compiled_python = [Extension(f"webfold.{name}", [f"webfold/{name}.py"], extra_compile_args=["-O2"])
                   for name in ("build", "features", "markdown", "references", "streaming")]

setup(ext_modules=cythonize(cython_modules, compiler_directives=DIRECTIVES, annotate=DEBUG, force=True)
      + cythonize(compiled_python, compiler_directives=SAFE, annotate=DEBUG, force=True))
