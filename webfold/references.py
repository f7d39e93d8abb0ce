"""Character references: named, decimal and hexadecimal, as the WHATWG standard decodes them.

Source: WHATWG HTML §13.2.5.72–80 (character reference states) and the named character
reference table of §13.5, which Python ships as :data:`html.entities.html5` (2,231 names,
106 of them legacy names that may appear without a semicolon).
"""

from __future__ import annotations

from html.entities import html5

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
    # A loop over the characters, not a regex: compiled (references.pxd), it costs a
    # few instructions a character, where a match object and its groups cost
    # thousands; a page's text and link targets hold thousands of references.
    amp = text.find("&")
    if amp < 0:
        return text
    out: list[str] = []
    position = 0                        # the text before it is written to out
    length = len(text)
    while amp >= 0:
        i = amp + 1
        if i < length and text[i] == "#":
            i += 1
            hexadecimal = i < length and (text[i] == "x" or text[i] == "X")
            if hexadecimal:
                i += 1
            first = i
            while i < length and (_is_hex_digit(text[i]) if hexadecimal else "0" <= text[i] <= "9"):
                i += 1
            if i > first:               # "&#" or "&#x" without digits is text
                digits = text[first:i].lstrip("0") or "0"
                # Past eight digits the value is out of range whatever they are; int()
                # is not even asked (Python refuses strings of over 4,300 digits).
                value = int(digits, 16 if hexadecimal else 10) if len(digits) < 9 else 0x110000
                if i < length and text[i] == ";":
                    i += 1
                out.append(text[position:amp])
                out.append(_numeric(value))
                position = i
        elif i < length and _is_ascii_letter(text[i]):
            while i < length and (_is_ascii_letter(text[i]) or "0" <= text[i] <= "9"):
                i += 1
            letters = text[amp + 1:i]
            if i < length and text[i] == ";" and letters + ";" in html5:
                out.append(text[position:amp])
                out.append(html5[letters + ";"])
                position = i + 1
            else:
                # No full match: the longest legacy name that prefixes the letters, if any.
                size = min(len(letters), _LONGEST_LEGACY)
                while size and letters[:size] not in html5:
                    size -= 1
                end = amp + 1 + size
                if size and not (in_attribute and end < length and (
                        text[end] == "=" or _is_ascii_letter(text[end]) or "0" <= text[end] <= "9")):
                    out.append(text[position:amp])
                    out.append(html5[letters[:size]])
                    position = end
        # A reference holds no "&": the next one starts after this one.
        amp = text.find("&", amp + 1)
    out.append(text[position:])
    return "".join(out)


def _is_ascii_letter(character: str) -> bool:
    return "a" <= character <= "z" or "A" <= character <= "Z"


def _is_hex_digit(character: str) -> bool:
    return "0" <= character <= "9" or "a" <= character <= "f" or "A" <= character <= "F"
