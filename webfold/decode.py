"""Bytes to text as a browser decodes them, and text to the UTF-8 the scanner reads.

Order (WHATWG HTML §13.2.3.1, "determining the character encoding"): a byte order
mark; the caller's charset (an HTTP ``Content-Type`` header, say); the meta prescan of
the first 1024 bytes (§13.2.3.2); then detection. UTF-16 without a byte order mark is
known by its NULs (:func:`utf16_without_bom`), first. UTF-32, which browsers do not
decode (the Encoding standard has no such encoding, and reads UTF-32's little-endian
byte order mark as UTF-16's), is read by its byte order mark or its NULs
(:func:`utf32_without_bom`): read as a browser reads it, a page saved in UTF-32 would
come out as its markup, with a NUL after every character. Input that is valid UTF-8 is taken as
UTF-8 before detection is asked (the detector agrees on such input, and asking it
costs milliseconds), unless it holds ISO-2022-JP's escapes; otherwise charset-normalizer
guesses (a superset it names, such as EUC-JIS-2004, is read as its web encoding); failing that, UTF-8 with
U+FFFD replacement. Labels map to encodings as the WHATWG Encoding standard (§4.2)
says, so ``iso-8859-1`` and ``ascii`` mean windows-1252.
"""

from __future__ import annotations

import codecs

import re

from webfold.errors import BinaryInputError, DecodeError
from webfold.patterns import LazyPattern

#: Every label of the WHATWG Encoding standard (§4.2 "Names and labels", as its
#: encodings.json lists them), by the Python codec that decodes its encoding as the
#: standard does: WHATWG's Shift_JIS is Microsoft's code page 932, its EUC-KR code
#: page 949, its GBK decoder is the gb18030 decoder, its Big5 is Big5-HKSCS,
#: ISO-8859-8-I decodes as ISO-8859-8 (the two differ only in the direction of
#: text). Left out on purpose: the labels of the "replacement" encoding
#: (``iso-2022-kr``, ``hz-gb-2312``, ...), which a browser decodes to a single U+FFFD
#: so that no script hides in them; a converter would lose the whole page, so they are
#: unknown labels here and the bytes go to detection.
_LABELS_BY_CODEC = {
    "utf-8": "unicode-1-1-utf-8 unicode11utf8 unicode20utf8 utf-8 utf8 x-unicode20utf8",
    "cp866": "866 cp866 csibm866 ibm866",
    "iso8859-2": "csisolatin2 iso-8859-2 iso-ir-101 iso8859-2 iso88592 iso_8859-2 iso_8859-2:1987 l2 latin2",
    "iso8859-3": "csisolatin3 iso-8859-3 iso-ir-109 iso8859-3 iso88593 iso_8859-3 iso_8859-3:1988 l3 latin3",
    "iso8859-4": "csisolatin4 iso-8859-4 iso-ir-110 iso8859-4 iso88594 iso_8859-4 iso_8859-4:1988 l4 latin4",
    "iso8859-5": "csisolatincyrillic cyrillic iso-8859-5 iso-ir-144 iso8859-5 iso88595 iso_8859-5 "
                 "iso_8859-5:1988",
    "iso8859-6": "arabic asmo-708 csiso88596e csiso88596i csisolatinarabic ecma-114 iso-8859-6 "
                 "iso-8859-6-e iso-8859-6-i iso-ir-127 iso8859-6 iso88596 iso_8859-6 iso_8859-6:1987",
    "iso8859-7": "csisolatingreek ecma-118 elot_928 greek greek8 iso-8859-7 iso-ir-126 iso8859-7 "
                 "iso88597 iso_8859-7 iso_8859-7:1987 sun_eu_greek",
    "iso8859-8": "csiso88598e csisolatinhebrew hebrew iso-8859-8 iso-8859-8-e iso-ir-138 iso8859-8 "
                 "iso88598 iso_8859-8 iso_8859-8:1988 visual csiso88598i iso-8859-8-i logical",
    "iso8859-10": "csisolatin6 iso-8859-10 iso-ir-157 iso8859-10 iso885910 l6 latin6",
    "iso8859-13": "iso-8859-13 iso8859-13 iso885913",
    "iso8859-14": "iso-8859-14 iso8859-14 iso885914",
    "iso8859-15": "csisolatin9 iso-8859-15 iso8859-15 iso885915 iso_8859-15 l9",
    "iso8859-16": "iso-8859-16",
    "koi8-r": "cskoi8r koi koi8 koi8-r koi8_r",
    "koi8-u": "koi8-ru koi8-u",
    "mac-roman": "csmacintosh mac macintosh x-mac-roman",
    "cp874": "dos-874 iso-8859-11 iso8859-11 iso885911 tis-620 windows-874",
    "cp1250": "cp1250 windows-1250 x-cp1250",
    "cp1251": "cp1251 windows-1251 x-cp1251",
    # x-user-defined too: the prescan takes it for windows-1252 (HTML §13.2.3.2), and
    # its own decoder (bytes above 0x7F to the Private Use Area) gives no readable text
    "windows-1252": "ansi_x3.4-1968 ascii cp1252 cp819 csisolatin1 ibm819 iso-8859-1 iso-ir-100 "
                    "iso8859-1 iso88591 iso_8859-1 iso_8859-1:1987 l1 latin1 us-ascii windows-1252 "
                    "x-cp1252 x-user-defined",
    "cp1253": "cp1253 windows-1253 x-cp1253",
    "cp1254": "cp1254 csisolatin5 iso-8859-9 iso-ir-148 iso8859-9 iso88599 iso_8859-9 iso_8859-9:1989 "
              "l5 latin5 windows-1254 x-cp1254",
    "cp1255": "cp1255 windows-1255 x-cp1255",
    "cp1256": "cp1256 windows-1256 x-cp1256",
    "cp1257": "cp1257 windows-1257 x-cp1257",
    "cp1258": "cp1258 windows-1258 x-cp1258",
    "mac-cyrillic": "x-mac-cyrillic x-mac-ukrainian",
    "gb18030": "chinese csgb2312 csiso58gb231280 gb2312 gb_2312 gb_2312-80 gbk iso-ir-58 x-gbk gb18030",
    "big5hkscs": "big5 big5-hkscs cn-big5 csbig5 x-x-big5",
    "euc_jp": "cseucpkdfmtjapanese euc-jp x-euc-jp",
    "iso2022_jp": "csiso2022jp iso-2022-jp",
    "cp932": "csshiftjis ms932 ms_kanji shift-jis shift_jis sjis windows-31j x-sjis",
    "cp949": "cseuckr csksc56011987 euc-kr iso-ir-149 korean ks_c_5601-1987 ks_c_5601-1989 ksc5601 "
             "ksc_5601 windows-949",
    "utf-16-be": "unicodefffe utf-16be",
    "utf-16-le": "csunicode iso-10646-ucs-2 ucs-2 unicode unicodefeff utf-16 utf-16le",
}
#: Encoding label → Python codec (:data:`_LABELS_BY_CODEC`, turned round).
WHATWG_LABELS: dict[str, str] = {label: codec for codec, labels in _LABELS_BY_CODEC.items()
                                 for label in labels.split()}
#: The WHATWG label of each Python codec that a detector may name and that no label
#: spells (by the codec's name from :func:`codecs.lookup`). The Japanese supersets that
#: charset-normalizer names are read as the web's encodings of which they are
#: supersets, and two code pages it prefers to their near twins of the web as those
#: twins (Ukrainian cp1125 differs from IBM866 in 8 letters, mac-iceland from
#: macintosh in 6), since it then leaves the twins out of its list.
_LABEL_OF_CODEC = {"cp1125": "ibm866", "mac-iceland": "macintosh", "mac-roman": "macintosh",
                   "mac-cyrillic": "x-mac-cyrillic", "cp874": "windows-874",
                   "cp932": "shift_jis", "cp949": "euc-kr", "big5hkscs": "big5", "iso2022_jp": "iso-2022-jp",
                   "utf-16-le": "utf-16le", "utf-16-be": "utf-16be", "euc_jp": "euc-jp",
                   "euc_jis_2004": "euc-jp", "euc_jisx0213": "euc-jp", "shift_jis_2004": "shift_jis",
                   "shift_jisx0213": "shift_jis", "iso2022_jp_1": "iso-2022-jp", "iso2022_jp_2": "iso-2022-jp",
                   "iso2022_jp_3": "iso-2022-jp", "iso2022_jp_ext": "iso-2022-jp",
                   "iso2022_jp_2004": "iso-2022-jp"}

#: What the prescan steps over, in one pass (WHATWG HTML §13.2.3.2, "prescan a byte
#: stream"): a comment, whose closing dashes may be its opening ones (``<!-->``), or
#: which runs to the end unclosed; a ``<meta>``, its attributes in group 1; any other
#: start or end tag, with its attributes (a quoted ``>`` does not end one, and a quote
#: left open runs to the end); ``<!``, ``</`` or ``<?`` up to the next ``>``. A tag cut
#: off by the end of the bytes read is not one, and ends the prescan (so the pass
#: stays linear: no later ``<`` is tried again).
_PRESCAN_TOKEN = re.compile(rb"""<!(?=--)(?:.*?-->|.*)"""
                            rb"""|<meta[\t\n\f\r /]((?:[^>"']|"[^"]*"|'[^']*')*)>"""
                            rb"""|</?[A-Za-z](?:[^>"']|"[^"]*"|'[^']*')*(?:>|["'].*|\Z)"""
                            rb"""|<[!/?][^>]*>""", re.IGNORECASE | re.DOTALL)
#: An attribute of a start tag: its name (which may begin with ``=``), then its value
#: double-quoted, single-quoted or unquoted (§13.2.3.2, "get an attribute").
_ATTRIBUTE = re.compile(rb"""([^\t\n\f\r />][^\t\n\f\r />=]*)[\t\n\f\r ]*"""
                        rb"""(?:=[\t\n\f\r ]*(?:"([^"]*)"|'([^']*)'|([^\t\n\f\r >]*)))?""")
#: What an encoding label is made of: every WHATWG label is letters, digits and these.
_LABEL = re.compile(rb"[A-Za-z0-9._:-]+")
#: ASCII white space (WHATWG Infra): the separators of tags, attributes and labels.
_ASCII_WHITESPACE = b"\t\n\f\r "
# The LazyPattern ones compile on first use (webfold.patterns): only str input, bytes
# that look binary and pages with no declared encoding need them.
_SURROGATE = LazyPattern("[\ud800-\udfff]")
_ASCII = bytes(range(128))
#: Up to this many bytes above 0x7F in a page that is not UTF-8, detection is not asked.
FEW_NON_ASCII = 4

#: UTF-32's before UTF-16's: its little-endian mark starts with UTF-16's.
_BOMS = ((codecs.BOM_UTF8, "utf-8"), (codecs.BOM_UTF32_LE, "utf-32-le"), (codecs.BOM_UTF32_BE, "utf-32-be"),
         (codecs.BOM_UTF16_LE, "utf-16-le"), (codecs.BOM_UTF16_BE, "utf-16-be"))


#: Bytes where Python's codec of a single-byte encoding differs from the standard's
#: index (Encoding §9): KOI8-U's Belarusian short u, and a Hebrew point of windows-1255.
_INDEX_FIXES = {"koi8-u": {0xAE: "\u045e", 0xBE: "\u040e"}, "cp1255": {0xCA: "\u05ba"}}
#: The single-byte encodings' decoding tables (:func:`_single_byte_table`), made on first use.
_TABLES: dict[str, str] = {}


def _single_byte_table(codec: str) -> str:
    """The 256 characters that the bytes of a single-byte encoding decode to, as the
    standard's index says (Encoding §9, "single-byte decoder"). A byte that Python's
    code page leaves undefined decodes to the C1 control of the same value in
    0x80–0x9F (the indexes of windows-874 and windows-1250 to 1258 say so), and to
    U+FFFD elsewhere (windows-874's 0xDB to 0xDE and 0xFC to 0xFF)."""
    table = _TABLES.get(codec)
    if table is None:
        chars = []
        for byte in range(256):
            try:
                char = bytes((byte,)).decode(codec)
            except UnicodeDecodeError:
                char = chr(byte) if 0x80 <= byte <= 0x9F else "\ufffd"
            chars.append(char)
        for byte, char in _INDEX_FIXES.get(codec, {}).items():
            chars[byte] = char
        table = _TABLES[codec] = "".join(chars)
    return table


def encoding_for_label(label: str | None) -> str | None:
    """The Python codec of a WHATWG encoding label (:data:`WHATWG_LABELS`), or None
    when ``label`` is none of them.

    Labels are compared without case and surrounding ASCII white space (Encoding §4.2,
    "get an encoding"). Python's own spellings that are not labels (``latin-1``,
    ``cp936``, ``utf``) are unknown, as they are to a browser.
    """
    if not label or not label.isascii():     # str.lower would make the Kelvin sign a "k"
        return None
    return WHATWG_LABELS.get(label.strip("\t\n\f\r ").lower())


def prescan(data: bytes) -> str | None:
    """The encoding a ``<meta>`` in the first 1024 bytes declares, or None.

    WHATWG HTML §13.2.3.2 ("prescan a byte stream to determine its encoding"), in one
    pass over comments and tags (:data:`_PRESCAN_TOKEN`): of each ``<meta>``, the
    first attribute of each name counts; a ``charset`` attribute declares its
    encoding, and otherwise a ``content`` value's (:func:`charset_in_content`) only
    with ``http-equiv="content-type"``. A label must be a known one once ASCII white
    space is stripped from its ends. A declared UTF-16 means UTF-8, and
    ``x-user-defined`` windows-1252, as the standard says (the bytes were read as
    ASCII to find it).
    """
    for token in _PRESCAN_TOKEN.finditer(data[:1024]):
        if token.group(1) is None:
            continue
        attributes: dict[bytes, bytes] = {}
        for attribute in _ATTRIBUTE.finditer(token.group(1)):
            value = next((part for part in attribute.groups()[1:] if part is not None), b"")
            attributes.setdefault(attribute.group(1).lower(), value)
        found = attributes.get(b"charset")
        if found is None and attributes.get(b"http-equiv", b"").lower() == b"content-type":
            found = charset_in_content(attributes.get(b"content", b""))
        label = (found or b"").strip(_ASCII_WHITESPACE)
        if not _LABEL.fullmatch(label):
            continue
        encoding = encoding_for_label(label.decode("ascii"))
        if encoding:
            return "utf-8" if encoding.startswith("utf-16") else encoding
    return None


def charset_in_content(value: bytes) -> bytes | None:
    """The encoding label in a ``<meta content>`` value such as ``text/html;
    charset=utf-8``, or None (WHATWG HTML, "algorithm for extracting a character
    encoding from a meta element")."""
    lowered = value.lower()
    position = 0
    while True:
        position = lowered.find(b"charset", position)
        if position < 0:
            return None
        position += len(b"charset")
        rest = value[position:].lstrip(_ASCII_WHITESPACE)
        if rest[:1] == b"=":
            break
    rest = rest[1:].lstrip(_ASCII_WHITESPACE)
    if rest[:1] in (b'"', b"'"):
        end = rest.find(rest[:1], 1)
        return rest[1:end] if end > 0 else None
    end = next((index for index, byte in enumerate(rest) if byte in _ASCII_WHITESPACE + b";"), len(rest))
    return rest[:end] or None


class Decoded:
    """The outcome of decoding a document's bytes."""

    __slots__ = ("utf8", "encoding", "reason")

    def __init__(self, utf8: bytes, encoding: str, reason: str) -> None:
        #: the document as UTF-8 bytes, which the scanner reads
        self.utf8 = utf8
        #: the Python codec name that decoded the input, e.g. ``"cp932"`` for Shift_JIS
        self.encoding = encoding
        #: what chose the encoding: ``"bom"``, ``"caller"``, ``"meta"``, ``"utf-8"`` (valid
        #: UTF-8), ``"detected"`` (charset-normalizer), ``"fallback"`` or ``"str"``
        self.reason = reason

    def __repr__(self) -> str:
        return f"Decoded(encoding={self.encoding!r}, reason={self.reason!r}, {len(self.utf8):,} bytes)"


def _decode_with(data: bytes, encoding: str) -> str:
    """``data`` decoded with one of the codecs of :data:`WHATWG_LABELS`, as the
    standard's decoder would: single-byte encodings by their table, multi-byte ones
    by Python's codec with :func:`_multi_byte_error` (UTF-8's and UTF-16's own
    replacement already follows the standard). The error handler is a Python call per
    error: bytes with more than :data:`MAX_RECOVERED` errors (20 MB of them took half
    a minute) keep the codec's own replacement, a U+FFFD for each byte it stops on."""
    if encoding not in _MULTI_BYTE:
        return codecs.charmap_decode(data, "strict", _single_byte_table(encoding))[0]
    text = data.decode(encoding, "replace")
    if encoding not in _LEADS or "\ufffd" not in text or text.count("\ufffd") > MAX_RECOVERED:
        return text
    return data.decode(encoding, "webfold-multi-byte")


#: The most decoding errors recovered as the standard recovers them (see :func:`_decode_with`).
MAX_RECOVERED = 10_000
#: The lead bytes of the two-byte characters of each multi-byte codec that
#: :func:`_multi_byte_error` recovers (Encoding §10.2.1 gb18030, §11.1.1 Big5, §12.1.1
#: EUC-JP, §12.3.1 Shift_JIS, §13.1.1 EUC-KR; ISO-2022-JP's pairs are of ASCII bytes,
#: recovered apart).
_LEADS = {"gb18030": range(0x81, 0xFF), "big5hkscs": range(0x81, 0xFF), "cp949": range(0x81, 0xFF),
          "euc_jp": frozenset((0x8E, 0x8F, *range(0xA1, 0xFF))), "iso2022_jp": (),
          "cp932": frozenset((*range(0x81, 0xA0), *range(0xE0, 0xFD)))}
#: The codecs of :data:`WHATWG_LABELS` whose encodings take more than one byte a
#: character; the others are single-byte (:func:`_single_byte_table`).
_MULTI_BYTE = frozenset({"utf-8", "utf-16-le", "utf-16-be", "utf-32-le", "utf-32-be", *_LEADS})
#: Two-byte characters of the standard's Big5 index that Python's big5hkscs lacks (as
#: Chromium decodes them): the control pictures, the euro sign and 28 other characters.
_BIG5_MISSING = {
    **{bytes((0xA3, 0xC0 + i)): chr(0x2400 + i) for i in range(32)}, b"\xa3\xe0": "\u2421",
    b"\xa3\xe1": "\u20ac",
    **{bytes.fromhex(pair): char for pair, char in zip(
        "c6cf c6d3 c6d5 c6d7 c6de c6df fa5f fa66 fabd fac5 fad5 fb48 fbb8 fbf3 fbf9 fc4f fc6c fcb9 "
        "fce2 fcf1 fdb7 fdb8 fdbb fdf1 fe52 fe6f feaa fedd".split(),
        "\u5ef4\u65e0\u7676\u96b6\u3003\u4edd\u5029\u507d\u5305\u5344\u537f\u5605\u5a77\u5e75"
        "\u5ed0\u5f58\u60a4\u6490\u6674\u675e\u6c9c\u6e1d\u6e2f\u716e\u732a\u745c\u74e9\u7809")},
}


def _multi_byte_error(error: UnicodeDecodeError) -> tuple[str, int]:
    """What the standard's decoder gives where Python's CJK codec stops on a byte it
    cannot decode. A lead byte followed by a byte that is not ASCII is one error, not
    two: both bytes become one U+FFFD (Python's codecs give up on the lead byte alone,
    and the next byte then starts a wrong character); with an ASCII byte after it, the
    lead alone is the error and the ASCII byte is kept. Bytes cut off by the end are
    one error, and so are four gb18030 bytes that name no character; an ESC inside an
    ISO-2022-JP pair starts its escape sequence. Filled in from the indexes:
    gb18030's single byte 0x80 (U+20AC), Big5's :data:`_BIG5_MISSING`, and the EUC-JP
    and ISO-2022-JP characters of JIS X 0208 that Python's codecs lack (NEC's row 13,
    ①, ㈱, №, and IBM's extensions), read from code page 932, which holds the same
    index."""
    data, start = error.object, error.start
    codec = error.encoding
    lead = data[start]
    if error.reason.startswith("incomplete"):
        return "\ufffd", error.end             # bytes cut off by the end: one error
    if codec == "gb18030" and lead == 0x80:
        return "\u20ac", start + 1
    if codec == "iso2022_jp":       # Python's codec stops on a pair of JIS X 0208 mode
        escape = data.find(b"\x1b", start + 1, error.end)
        if escape > 0:                          # an escape sequence starts again at its ESC
            return "\ufffd", escape
        if error.end == start + 2 and 0x21 <= lead <= 0x7E and 0x21 <= data[start + 1] <= 0x7E:
            return _jis0208(lead - 0x20, data[start + 1] - 0x20) or "\ufffd", error.end
        return "\ufffd", error.end
    if codec == "big5hkscs" and data[start:start + 2] in _BIG5_MISSING:
        return _BIG5_MISSING[data[start:start + 2]], start + 2
    if codec == "gb18030" and len(data) >= start + 4 and 0x30 <= data[start + 1] <= 0x39 \
            and 0x81 <= data[start + 2] <= 0xFE and 0x30 <= data[start + 3] <= 0x39:
        return "\ufffd", start + 4             # four bytes that name no character
    end = start + 1
    if lead not in _LEADS.get(codec, ()) or end >= len(data) or data[end] < 0x80:
        return "\ufffd", end
    trail = data[end]
    end += 1
    if codec == "euc_jp" and lead == 0x8F and 0xA1 <= trail <= 0xFE and end < len(data) and data[end] >= 0x80:
        return "\ufffd", end + 1                  # a JIS X 0212 character of three bytes
    if codec == "euc_jp" and 0xA1 <= lead <= 0xFE and 0xA1 <= trail <= 0xFE:
        return _jis0208(lead - 0xA0, trail - 0xA0) or "\ufffd", end
    return "\ufffd", end


def _jis0208(row: int, cell: int) -> str | None:
    """The character at ``row`` and ``cell`` (1 to 94) of the standard's jis0208 index,
    read through code page 932 (Shift_JIS's byte pair for that place), or None."""
    first = (row + 1) // 2 + (0x80 if row <= 62 else 0xC0)
    second = cell + (0x9E if row % 2 == 0 else 0x3F if cell <= 63 else 0x40)
    try:
        return bytes((first, second)).decode("cp932")
    except UnicodeDecodeError:
        return None


codecs.register_error("webfold-multi-byte", _multi_byte_error)


def decode(html: str | bytes, charset: str | None = None) -> Decoded:
    """Turn a document into the UTF-8 bytes the scanner reads.

    Parameters
    ----------
    html : str or bytes
        The document. A ``str`` is taken as decoded text (lone surrogates become
        U+FFFD), a byte order mark at its start (U+FEFF, which ``open()`` leaves in
        text read as UTF-8) dropped, as decoding bytes drops it (WHATWG Encoding,
        "decode").
    charset : str, optional
        An encoding label from outside the document, such as the ``charset`` of an HTTP
        ``Content-Type`` header (:func:`encoding_for_label`). Ignored for ``str`` input
        and when a byte order mark is present; an unknown label is ignored.

    Returns
    -------
    Decoded

    Raises
    ------
    TypeError
        If ``html`` is neither ``str`` nor ``bytes`` (``bytearray`` and ``memoryview``
        are accepted as bytes).
    DecodeError
        If the chosen encoding has no decoder in this Python. Undecodable bytes never
        raise: they become U+FFFD.
    BinaryInputError
        If the bytes are a binary file, not text (see :func:`binary_kind`).
    """
    if isinstance(html, str):
        return Decoded(_utf8(html.removeprefix("\ufeff")), "utf-8", "str")
    if isinstance(html, (bytearray, memoryview)) or isinstance(html, bytes) and type(html) is not bytes:
        html = bytes(html)                  # the scanner reads exact bytes objects
    if not isinstance(html, bytes):
        raise TypeError(f"html must be str or bytes, not {type(html).__name__}")
    kind = binary_kind(html)
    if kind:
        raise BinaryInputError(f"the input is binary ({kind}), not HTML")
    for bom, encoding in _BOMS:
        if html.startswith(bom):
            return _as_utf8(html[len(bom):], encoding, "bom")
    given = encoding_for_label(charset)
    if given:
        return _as_utf8(html, given, "caller")
    declared = prescan(html)
    if declared:
        return _as_utf8(html, declared, "meta")
    # Before UTF-8, which UTF-16 of ASCII is too (its NULs are valid): read that way,
    # every tag would be text.
    wide = utf32_without_bom(html[:1024]) or utf16_without_bom(html[:1024])
    if wide:
        return _as_utf8(html, wide, "detected")
    try:
        html.decode("utf-8")
        # ISO-2022-JP is seven-bit: a page with UTF-8's multi-byte characters is not it.
        if not html.isascii() or not _ISO_2022_JP.search(html):
            return Decoded(html, "utf-8", "utf-8")
        return _as_utf8(html, "iso2022_jp", "detected")
    except UnicodeDecodeError:
        pass
    encoding = _detect(html)
    if encoding:
        return _as_utf8(html, encoding, "detected")
    return _as_utf8(html, "utf-8", "fallback")


#: C0 control bytes that text never holds (tab, line feed, form feed and carriage
#: return are white space in HTML; ESC starts ISO-2022-JP's shifts; NUL is left to
#: the second pattern, since UTF-16 text without a byte order mark is half NULs).
_CONTROL = re.compile(rb"[\x00-\x08\x0b\x0e-\x1a\x1c-\x1f]")
#: ...and those whose kinds and share are counted: 25 byte values, each held by random
#: bytes once in 256 (backspace is left out: man pages overstrike with it)
_CONTROL_NOT_NUL = LazyPattern(rb"[\x01-\x07\x0b\x0e-\x1a\x1c-\x1f]")
#: How many kinds of such controls, and what share of the first 1,024 bytes, make the
#: bytes binary. Random bytes spread 9.8% of controls over all 25 kinds; text holds
#: none, or one or two kinds however often: a vertical tab for Word's line break, DOS's
#: end-of-file SUB, ISO-2022-KR's shifts SO and SI. Three kinds tell the two apart from
#: about 64 bytes on (95% of random inputs of 64 bytes hold them, where a count safe
#: from a repeated control, 16, needed 256 bytes for as many); the share keeps a page
#: text whose first kilobyte holds three stray controls.
CONTROL_KINDS = 3
CONTROL_SHARE = 0.02


#: The fewest bytes, all NUL, that make an input binary: a file of zeros (a download
#: never written, a wiped disk's) holds no page, where a page may hold stray NULs.
ZEROS = 16
_NOT_NUL = re.compile(rb"[^\x00]")


def binary_kind(data: bytes) -> str | None:
    """The MIME type of a binary file that ``data`` is (``"image/png"``), or None.

    Binary means a control byte in the first 1,024 bytes and either the signature of
    a binary format that the ``filetype`` library knows (images, archives, audio,
    video, fonts, PDF, executables), giving its type, or controls other than NUL and
    backspace of at least three kinds in more than 2% of those bytes, unless they read
    as UTF-16 or UTF-32 without a byte order mark; or bytes that are all NUL, at least
    :data:`ZEROS` of them (``application/octet-stream``). A PDF is known by its first bytes alone. A control
    byte alone is not enough (a page may hold a stray NUL, or many of one kind), nor a
    signature alone (a text may start with the letters "BM" of a BMP's). A byte order
    mark of UTF-16 or UTF-32 is checked first.
    """
    if data.startswith(b"%PDF-"):
        return "application/pdf"            # its first kilobyte may be all text
    if not _CONTROL.search(data, 0, 1024) or data.startswith((b"\xff\xfe", b"\xfe\xff", b"\x00\x00\xfe\xff")):
        return None
    import filetype     # only for bytes that may be binary: it costs 7 ms to import

    found = filetype.guess(data[:8192])
    if found is not None:
        return found.mime
    if len(data) >= ZEROS and _NOT_NUL.search(data) is None:
        return "application/octet-stream"   # zeros: a file never written, not a page
    head = data[:1024]
    controls = _CONTROL_NOT_NUL.findall(head)
    if len(set(controls)) >= CONTROL_KINDS and len(controls) > CONTROL_SHARE * len(head) \
            and not utf16_without_bom(head) and not utf32_without_bom(head):
        return "application/octet-stream"
    return None


def utf16_without_bom(head: bytes) -> str | None:
    """``"utf-16-le"`` or ``"utf-16-be"`` when ``head`` (a page's first bytes) reads as
    UTF-16 markup without a byte order mark, else None: at least 8 NULs, filling an
    eighth or more of its bytes at odd places (little-endian) or at even ones
    (big-endian), under a quarter as many at the others, and a ``<`` as a whole UTF-16
    code unit. Markup is ASCII, each character of which is a NUL and a
    letter in UTF-16; other scripts bring control bytes (Cyrillic's 0x04, the letters
    from U+0410 to U+041F). Random bytes hold a NUL once in 256 at either place, and a
    page with stray NULs has no ``<`` beside them."""
    low, high = head[0::2], head[1::2]
    even, odd = low.count(0), high.count(0)
    if max(even, odd) < 8 or max(even, odd) * 16 < len(head) or 4 * min(even, odd) >= max(even, odd):
        return None
    if odd < even:
        low, high = high, low               # big-endian: the character's byte comes second
    if not any(byte == 0x3C and upper == 0 for byte, upper in zip(low, high)):
        return None
    return "utf-16-le" if odd > even else "utf-16-be"


def utf32_without_bom(head: bytes) -> str | None:
    """``"utf-32-le"`` or ``"utf-32-be"`` when ``head`` (a page's first bytes) reads as
    UTF-32 markup without a byte order mark, else None: at least 8 code units of 4
    bytes, 15 in 16 of them with their two high bytes NUL (every character of the Basic
    Multilingual Plane; an emoji is one of the others), and a ``<`` as a whole code
    unit. UTF-16 markup has a letter where UTF-32's high bytes are, and UTF-8 no NULs."""
    units = [head[at:at + 4] for at in range(0, len(head) - 3, 4)]
    if len(units) < 8:
        return None
    for encoding, high, less_than in (("utf-32-le", slice(2, 4), b"<\x00\x00\x00"),
                                      ("utf-32-be", slice(0, 2), b"\x00\x00\x00<")):
        if 16 * sum(unit[high] == b"\x00\x00" for unit in units) >= 15 * len(units) and less_than in units:
            return encoding
    return None


#: The escape sequences that switch ISO-2022-JP to JIS X 0208 (RFC 1468): a page in
#: that 7-bit encoding is also valid UTF-8, and only these tell them apart.
_ISO_2022_JP = LazyPattern(rb"\x1b\$[@B]")


def _detect(data: bytes) -> str | None:
    """charset-normalizer's best guess that is a web encoding, except that
    windows-1252 wins a tie (and is taken when only a few bytes are not ASCII): it is
    the legacy encoding most of the web uses and the WHATWG fallback for most locales
    (HTML §13.2.3.3), and without the tie-break English and French pages come out
    as code page 1250 when their accented letters exist in both. A guess that no
    browser knows (``cp1125``, ``mac_iceland``) gives way to the next one (their near
    twins ``ibm866``, ``macintosh``): decoded as UTF-8, the page would lose its text."""
    from charset_normalizer import from_bytes   # imported here: it costs start-up time

    if len(data.translate(None, _ASCII)) <= FEW_NON_ASCII:
        # A page of ASCII with a stray byte or two gives a detector nothing to go on
        # (one 0x80 reads as Cyrillic): take the web's default legacy encoding.
        return "windows-1252"
    matches = from_bytes(data)
    best = matches.best()
    if best is None or not best.encoding:
        return None
    for match in matches:
        if match.encoding == "cp1252" and match.chaos <= best.chaos \
                and match.coherence >= best.coherence - 0.01:
            return "windows-1252"
        # KOI8-U has every letter of KOI8-R and Ukrainian's and Belarusian's ґ є і ї ў
        # where KOI8-R has box drawings, which text does not hold: it wins a tie
        if best.encoding == "koi8_r" and match.encoding == "koi8_u" and match.chaos <= best.chaos:
            return "koi8-u"
    return next(filter(None, (_detected(match.encoding) for match in matches)), None)


def _detected(name: str) -> str | None:
    """The Python codec that decodes the web encoding named by a detector's Python
    codec ``name`` (``iso8859_2``, ``mac_cyrillic``, ``euc_jis_2004``), or None when it
    names no web encoding (``cp437``, ``utf_32``, ``hz``)."""
    try:
        codec = codecs.lookup(name).name
    except LookupError:
        return None
    return encoding_for_label(_LABEL_OF_CODEC.get(codec, codec.replace("_", "-")))


def _as_utf8(data: bytes, encoding: str, reason: str) -> Decoded:
    if encoding == "utf-8":
        try:
            data.decode("utf-8")
            return Decoded(data, encoding, reason)
        except UnicodeDecodeError:
            pass
    try:
        text = _decode_with(data, encoding)
    except LookupError as error:
        raise DecodeError(f"no decoder for encoding {encoding!r}") from error
    return Decoded(_utf8(text), encoding, reason)


def _utf8(text: str) -> bytes:
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:      # lone surrogates have no UTF-8 form
        return without_surrogates(text).encode("utf-8")


#: Control characters, which no reader sees and some terminals obey (ESC starts their
#: commands): C0 but for tab, line feed, form feed and carriage return, DEL, and C1.
#: NUL is among them: the tree builder drops it from text (HTML §13.2.6.4.7). A run is
#: one match: matched one at a time, ``re.sub`` held a piece for each control, 9 bytes
#: of memory an input byte for a page of NULs (newcomer of session 33).
_CONTROLS = re.compile("[\x00-\x08\x0b\x0e-\x1f\x7f-\x9f]+")


def without_controls(text: str) -> str:
    """``text`` without control characters (:data:`_CONTROLS`): what the Markdown's
    text, code, link targets, titles and metadata are made of."""
    return _CONTROLS.sub("", text) if _CONTROLS.search(text) else text


def without_surrogates(text: str) -> str:
    """``text`` with each pair of surrogates (``"\\ud83d\\ude00"``, as JavaScript
    strings hold characters past U+FFFF) made the character it stands for, and lone
    surrogates (from ``\\ud800`` escapes in JSON, or a ``str`` built from bad data)
    replaced by U+FFFD, so that it can be written as UTF-8."""
    if not _SURROGATE.search(text):
        return text
    return text.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "replace")
