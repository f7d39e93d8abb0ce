"""Attribute values read as the WHATWG HTML standard reads them (§2.3, "Common
microsyntaxes", and §4.8.4.3.10 for ``srcset``): numbers of ASCII digits only, which
``str.isdigit`` and ``int`` do not keep to (``"²".isdigit()`` is true and ``int("²")``
raises ``ValueError``; ``int("١٢")`` is 12, which the standard does not read)."""

from __future__ import annotations

import re

#: An integer at a value's start, after ASCII white space (§2.3.4.1): a sign, then
#: ASCII digits; what follows them is ignored.
_INTEGER = re.compile(r"[\t\n\f\r ]*([-+]?)([0-9]+)")
#: A valid floating-point number (§2.3.4.3), as a ``srcset`` density descriptor holds
#: one: Python's ``float`` reads each such string.
_FLOAT = re.compile(r"-?(?:[0-9]+(?:\.[0-9]+)?|\.[0-9]+)(?:[eE][-+]?[0-9]+)?")
_ASCII_WHITE_SPACE = "\t\n\f\r "
_ASCII_SPACES = re.compile(r"[\t\n\f\r ]+")
#: The largest magnitude :func:`html_integer` gives.
MAX_INTEGER = 10 ** 18


def html_integer(value: str | None) -> int | None:
    """The integer at the start of ``value`` by the rules for parsing integers (WHATWG
    HTML §2.3.4.1): ASCII white space skipped, an optional ``-`` or ``+``, then ASCII
    digits, up to the first other character (``"3rd"`` is 3). None when ``value`` is
    None or no digit comes there (``""``, ``"x1"``, ``"²"``). Past
    :data:`MAX_INTEGER` the value is that bound (with its sign): ``int`` takes time
    that grows with the square of the digits, and refuses over 4,300 of them."""
    found = _INTEGER.match(value) if value else None
    if found is None:
        return None
    digits = found.group(2).lstrip("0")
    number = MAX_INTEGER if len(digits) > len(str(MAX_INTEGER)) else min(int(digits or "0"), MAX_INTEGER)
    return -number if found.group(1) == "-" else number


def srcset_candidates(srcset: str) -> list[tuple[str, float, str]]:
    """The image candidates of a ``srcset`` value, in order: ``(url, size, unit)``,
    ``unit`` ``"w"`` for a width descriptor (``size`` in pixels) and ``"x"`` for a
    pixel density, ``1.0`` ``"x"`` for a candidate without one. Parsed as WHATWG HTML
    §4.8.4.3.10 parses it: a URL runs to white space (commas inside it are part of it,
    as in ``c_scale,w_600/s.jpg``), commas at its end end the candidate, and the
    descriptors run to a comma outside parentheses. A candidate whose descriptors do
    not parse (``.x``, two widths, a height alone, a width of 0) is dropped, as a
    browser drops it."""
    candidates = []
    position, length = 0, len(srcset)
    while True:
        while position < length and (srcset[position] in _ASCII_WHITE_SPACE or srcset[position] == ","):
            position += 1
        if position >= length:
            return candidates
        start = position
        while position < length and srcset[position] not in _ASCII_WHITE_SPACE:
            position += 1
        url = srcset[start:position]
        descriptors = ""
        if url.endswith(","):
            url = url.rstrip(",")
        else:
            start = position
            inside = False                  # (in parentheses, which do not nest here)
            while position < length and (srcset[position] != "," or inside):
                if srcset[position] == "(":
                    inside = True
                elif srcset[position] == ")":
                    inside = False
                position += 1
            descriptors = srcset[start:position]
        candidate = _candidate(url, _ASCII_SPACES.split(descriptors.strip(_ASCII_WHITE_SPACE)))
        if candidate is not None:
            candidates.append(candidate)


def _candidate(url: str, descriptors: list[str]) -> tuple[str, float, str] | None:
    """The candidate ``(url, size, unit)`` of ``url`` and its descriptors, or None when
    they do not parse (§4.8.4.3.10, step 13): at most one of a width (a positive
    integer, ``w``) and a density (a non-negative number, ``x``), and a height
    (``h``) only beside a width."""
    width = density = None
    height = False
    for descriptor in descriptors:
        if not descriptor:
            continue
        number, unit = descriptor[:-1], descriptor[-1:]
        # (html_integer, not int(): a descriptor of thousands of digits raised ValueError)
        positive = number.isascii() and number.isdigit() and html_integer(number) > 0
        if unit == "w" and width is None and density is None and positive:
            width = html_integer(number)
        elif unit == "x" and width is None and density is None and not height and _FLOAT.fullmatch(number) \
                and 0 <= float(number) < float("inf"):
            density = float(number)
        elif unit == "h" and not height and density is None and positive:
            height = True
        else:
            return None
    if height and width is None:
        return None
    if width is not None:
        return url, float(width), "w"
    return url, 1.0 if density is None else density, "x"


def largest_candidate(srcset: str) -> str:
    """The URL of the largest image candidate in a ``srcset`` value
    (:func:`srcset_candidates`): the widest of those with a width, else the densest
    (the first of equals); ``""`` when none parses."""
    best, best_key = "", (-1, -1.0)
    for url, size, unit in srcset_candidates(srcset):
        key = (1 if unit == "w" else 0, size)
        if key > best_key:
            best, best_key = url, key
    return best
