"""Regular expressions compiled on first use (:class:`LazyPattern`).

Compiling the package's 57 module-level patterns took 40 ms of a command-line run's
start-up (timed around ``re.compile`` while importing ``webfold.cli``), and most
conversions use a few of them: the payload readers run on thin pages only, the CSS
rules on elements with a ``style`` attribute, sentence splitting with ``--chunk``.
"""

from __future__ import annotations

import re


class LazyPattern:
    """Stands for ``re.compile(pattern, flags)`` and compiles it when one of its
    attributes (``search``, ``sub``, ``pattern``, ...) is first read. It is not an
    ``re.Pattern``: call its methods, do not pass it to the ``re`` functions."""

    def __init__(self, pattern: str | bytes, flags: int = 0) -> None:
        self._source = (pattern, flags)

    def __getattr__(self, name: str):
        # Runs only for attributes not set yet: the compiled pattern's attribute is
        # kept on the instance, so later reads are ordinary ones (re caches the
        # compiled pattern itself). Private names are never the pattern's: copy and
        # pickle look for them on an instance whose _source is not set yet.
        if name.startswith("_"):
            raise AttributeError(name)
        value = getattr(re.compile(*self._source), name)
        setattr(self, name, value)
        return value

    def __repr__(self) -> str:
        return f"LazyPattern({self._source[0]!r}, {self._source[1]!r})"
