"""The quotation marks a browser shows around a ``<q>``, by the language of the element.

HTML §15.3.6 ("Quotes") gives each language its marks from the Unicode CLDR: an outer
pair, for a quotation, and an inner pair, for a quotation inside one (and any deeper,
as CSS repeats the last pair). The table here holds the standard's languages whose
marks are not English's that the web writes most (not all of its table: Basque,
Uzbek and others it gives marks of their own get English's here), and every other
language, and an element of no known language, gets English's (where the standard
would keep the marks of the language around it).
"""

from __future__ import annotations

Pairs = tuple[tuple[str, str], tuple[str, str]]

#: English's marks: “outer” and ‘inner’.
ENGLISH: Pairs = (("\u201c", "\u201d"), ("\u2018", "\u2019"))

_GERMAN: Pairs = (("\u201e", "\u201c"), ("\u201a", "\u2018"))          # „…“ ‚…‘
_GUILLEMETS_ENGLISH: Pairs = (("\u00ab", "\u00bb"), ("\u201c", "\u201d"))     # «…» “…”
_GUILLEMETS_LOW: Pairs = (("\u00ab", "\u00bb"), ("\u201e", "\u201c"))         # «…» „…“
_GUILLEMETS_SINGLE: Pairs = (("\u00ab", "\u00bb"), ("\u2039", "\u203a"))      # «…» ‹…›
_LOW_GUILLEMETS: Pairs = (("\u201e", "\u201d"), ("\u00ab", "\u00bb"))         # „…” «…»
_RIGHT_ONLY: Pairs = (("\u201d", "\u201d"), ("\u2019", "\u2019"))             # ”…” ’…’
_CORNER: Pairs = (("\u300c", "\u300d"), ("\u300e", "\u300f"))                 # 「…」 『…』

#: Lower-case language tags (a language, or a language and a script or region) and
#: their marks, where they are not :data:`ENGLISH` (CLDR, as HTML §15.3.6 lists them).
BY_LANGUAGE: dict[str, Pairs] = {
    **dict.fromkeys(("de", "cs", "sk", "sl", "hr", "et", "is", "lb", "mk", "dsb", "hsb"), _GERMAN),
    **dict.fromkeys(("es", "it", "ca", "el", "pt-pt", "sq", "br", "ast", "kk", "mg"), _GUILLEMETS_ENGLISH),
    **dict.fromkeys(("ru", "uk", "be", "ky", "sah"), _GUILLEMETS_LOW),
    **dict.fromkeys(("fr-ch", "fa", "am", "gsw"), _GUILLEMETS_SINGLE),
    **dict.fromkeys(("pl", "ro"), _LOW_GUILLEMETS),
    **dict.fromkeys(("sv", "fi", "he"), _RIGHT_ONLY),
    **dict.fromkeys(("ja", "zh-hant", "yue"), _CORNER),
    "fr": (("\u00ab", "\u00bb"), ("\u00ab", "\u00bb")),         # «…» «…»
    "hy": (("\u00ab", "\u00bb"), ("\u00ab", "\u00bb")),
    "nl": (("\u2018", "\u2019"), ("\u201c", "\u201d")),         # ‘…’ “…”
    # (and "no", the macrolanguage whose written standard nb is, which pages often name)
    **dict.fromkeys(("nb", "nn", "no"), (("\u00ab", "\u00bb"), ("\u2018", "\u2019"))),   # «…» ‘…’
    "hu": (("\u201e", "\u201d"), ("\u00bb", "\u00ab")),         # „…” »…«
    **dict.fromkeys(("bg", "lt"), (("\u201e", "\u201c"), ("\u201e", "\u201c"))),        # „…“ „…“
    **dict.fromkeys(("sr", "sr-latn"), (("\u201e", "\u201c"), ("\u2018", "\u2018"))),   # „…“ ‘…‘
    "bs": (("\u201e", "\u201d"), ("\u2018", "\u2019")),         # „…” ‘…’
    "ka": (("\u201e", "\u201c"), ("\u00ab", "\u00bb")),         # „…“ «…»
    **dict.fromkeys(("ar", "ur"), (("\u201d", "\u201c"), ("\u2019", "\u2018"))),        # ”…“ ’…‘ (right to left)
}

#: Every (opener, closer) pair of quotation marks that a ``<q>`` may be written with.
PAIRS: frozenset[tuple[str, str]] = frozenset(
    pair for pairs in (ENGLISH, *BY_LANGUAGE.values()) for pair in pairs)


def quotation_marks(language: str) -> Pairs:
    """The (outer, inner) pairs of quotation marks for a ``lang`` attribute's value (a
    BCP 47 tag, any case, ``_`` read as ``-``): those of its longest prefix of whole
    subtags in :data:`BY_LANGUAGE` (``de-AT`` takes ``de``'s, ``pt-PT`` its own), as
    CSS's ``:lang()`` matches; :data:`ENGLISH` for any other or none."""
    # (no key has more than two subtags: the rest are never read, however many)
    subtags = language.strip().lower().replace("_", "-").split("-", 2)[:2]
    while subtags:
        found = BY_LANGUAGE.get("-".join(subtags))
        if found is not None:
            return found
        subtags.pop()
    return ENGLISH
