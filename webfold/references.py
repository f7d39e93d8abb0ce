"""Character references: named, decimal and hexadecimal, as the WHATWG standard decodes them.

Source: WHATWG HTML §13.2.5.72–80 (character reference states) and the named character
reference table of §13.5, which Python ships as :data:`html.entities.html5` (2,231 names,
106 of them legacy names that may appear without a semicolon).
"""

from __future__ import annotations

from html.entities import html5

import re

_REFERENCE = re.compile(r"&(?:#[xX]([0-9a-fA-F]+);?|#([0-9]+);?|([A-Za-z][A-Za-z0-9]*)(;?))")
#: The longest legacy name (one that may appear without a semicolon) has 6 letters.
_LONGEST_LEGACY = max(len(name) for name in html5 if not name.endswith(";"))

#: Numeric references in 0x80–0x9F name windows-1252 characters (WHATWG HTML §13.2.5.80,
#: "numeric character reference end state", the replacement table).
WINDOWS_1252_C1 = {
    0x80: "\u20ac", 0x82: "\u201a", 0x83: "\u0192", 0x84: "\u201e", 0x85: "\u2026",
    0x86: "\u2020", 0x87: "\u2021", 0x88: "\u02c6", 0x89: "\u2030", 0x8A: "\u0160",
    0x8B: "\u2039", 0x8C: "\u0152", 0x8E: "\u017d", 0x91: "\u2018", 0x92: "\u2019",
    0x93: "\u201c", 0x94: "\u201d", 0x95: "\u2022", 0x96: "\u2013", 0x97: "\u2014",
    0x98: "\u02dc", 0x99: "\u2122", 0x9A: "\u0161", 0x9B: "\u203a", 0x9C: "\u0153",
    0x9E: "\u017e", 0x9F: "\u0178",
}


def _numeric(value: int) -> str:
    if value == 0 or value > 0x10FFFF or 0xD800 <= value <= 0xDFFF:
        return "\ufffd"
    return WINDOWS_1252_C1.get(value) or chr(value)


def decode_references(text: str, in_attribute: bool = False) -> str:
    """Decode every character reference in ``text``.

    Parameters
    ----------
    text : str
        Character data or an attribute value, as it stands in the document.
    in_attribute : bool
        Apply the attribute-value exception (WHATWG HTML §13.2.5.73): a legacy name
        without its semicolon followed by ``=`` or an ASCII alphanumeric stays as
        written, so ``href="?a=1&copy=2"`` keeps its query.

    Returns
    -------
    str
        The text with references replaced. Numeric references to 0, to surrogates or
        above U+10FFFF give U+FFFD; 0x80–0x9F give their windows-1252 characters.
        Text that is not a reference is left as it is.
    """
    if "&" not in text:
        return text
    out: list[str] = []
    position = 0
    for match in _REFERENCE.finditer(text):
        start = match.start()
        if start < position:
            continue
        hexadecimal, decimal = match.group(1), match.group(2)
        if hexadecimal is not None or decimal is not None:
            digits = (hexadecimal if hexadecimal is not None else decimal).lstrip("0") or "0"
            # Past eight digits the value is out of range whatever they are; int() is
            # not even asked (Python refuses strings of over 4,300 digits).
            value = int(digits, 16 if hexadecimal is not None else 10) if len(digits) < 9 else 0x110000
            out.append(text[position:start])
            out.append(_numeric(value))
            position = match.end()
            continue
        letters, semicolon = match.group(3), match.group(4)
        if semicolon and letters + ";" in html5:
            out.append(text[position:start])
            out.append(html5[letters + ";"])
            position = match.end()
            continue
        # No full match: the longest legacy name that prefixes the letters, if any.
        for length in range(min(len(letters), _LONGEST_LEGACY), 0, -1):
            if letters[:length] in html5:
                break
        else:
            continue
        end = start + 1 + length
        if in_attribute and end < len(text) and (
            text[end] == "=" or text[end].isascii() and text[end].isalnum()
        ):
            continue
        out.append(text[position:start])
        out.append(html5[letters[:length]])
        position = end
    out.append(text[position:])
    return "".join(out)
