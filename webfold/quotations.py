"""The quotation marks a browser shows around a ``<q>``, by the language of the element.

HTML §15.3.6 ("Quotes") gives each language of the Unicode CLDR its marks: an outer
pair, for a quotation, and an inner pair, for a quotation inside one (and any deeper,
as CSS repeats the last pair). It sets them, as the inherited ``quotes`` property,
where an element's language is one of its table's and differs from its parent's; an
element in a language the table does not name keeps the marks around it, and the
document's root has English's.
"""

from __future__ import annotations

Pairs = tuple[tuple[str, str], tuple[str, str]]

#: English's marks, the root's: “outer” and ‘inner’.
ENGLISH: Pairs = (("\u201c", "\u201d"), ("\u2018", "\u2019"))

#: The standard's table (whatwg/html-build, quotes/out/cldr.inc), by marks: outer
#: opener and closer, inner opener and closer; then the lower-case language tags.
_TABLE = {
    "“”‘’": "af ak asa az bem bez bn brx cgg chr cy da dav dje dz ebu ee en fil fo ga gd gl gu guz ha hi id "
            "ig jmc kam kde kea khq ki kln km kn ko ksb lg ln lo lrc lu luo lv mas mer mfe mgo ml mn mr ms mt "
            "my naq nd ne nus nyn pa pt rof rwk saq sbp seh ses si so sw ta te teo th to tr twq tzm uz-cyrl "
            "vai vai-latn vi vun xog yo yue-hans zh zu",
    "„“‚‘": "bs-cyrl cs de dsb et hr hsb is lb luy mk sk sl",
    "«»“”": "ast bm br ca dyo el es ewo it kab kk mg mua nnh pt-pt sg sq",
    "«»„“": "bas be ky ru sah uk",
    "«»‹›": "am az-cyrl fa fr-ch gsw jgo kkj mzn",
    # (and "no", the macrolanguage whose written standard nb is, which pages often name)
    "«»‘’": "dua ksf nb nn no rw",
    "«»«»": "fr hy yav",
    "«»„”": "shi shi-latn zgh",
    "„”‚’": "agq ff",
    "„”‘’": "bs",
    "„”«»": "nmg pl ro",
    "„”»«": "hu",
    "„“„“": "bg lt",
    "„“‘‘": "sr sr-latn",
    "„“«»": "ka",
    "”“’‘": "ar ur",                  # right to left: the marks as written, not as seen
    "””’’": "fi he lag rn sn sv",
    "“”“”": "eu tk",
    "“”’‘": "uz",
    "‘’“”": "nl ti-er",
    "「」『』": "ja yue zh-hant",
}

#: Lower-case language tags (a language, or a language and a script or region) and
#: their marks, as HTML §15.3.6 lists them.
BY_LANGUAGE: dict[str, Pairs] = {
    language: ((marks[0], marks[1]), (marks[2], marks[3]))
    for marks, languages in _TABLE.items() for language in languages.split()}

#: Every (opener, closer) pair of quotation marks that a ``<q>`` may be written with.
PAIRS: frozenset[tuple[str, str]] = frozenset(pair for pairs in BY_LANGUAGE.values() for pair in pairs)


def quotation_marks(language: str) -> Pairs | None:
    """The (outer, inner) pairs of quotation marks for a ``lang`` attribute's value (a
    BCP 47 tag, any case, ``_`` read as ``-``): those of its longest prefix of whole
    subtags in :data:`BY_LANGUAGE` (``de-AT`` takes ``de``'s, ``pt-PT`` its own), as
    CSS's ``:lang()`` matches; None for a language the table does not name, whose
    element keeps the marks of the language around it."""
    # (no key has more than two subtags: the rest are never read, however many)
    subtags = language.strip().lower().replace("_", "-").split("-", 2)[:2]
    while subtags:
        found = BY_LANGUAGE.get("-".join(subtags))
        if found is not None:
            return found
        subtags.pop()
    return None
