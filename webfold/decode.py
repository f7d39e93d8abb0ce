"""Bytes to text as a browser decodes them, and text to the UTF-8 the scanner reads.

Order (WHATWG HTML §13.2.3.1, "determining the character encoding"): a byte order
mark; the caller's charset (an HTTP ``Content-Type`` header, say); the meta prescan of
the first 1024 bytes (§13.2.3.2); then detection. Input that is valid UTF-8 is taken as
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

#: WHATWG Encoding labels whose meaning differs from Python's codec of the same name,
#: mapped to the Python codec that implements the WHATWG encoding (Encoding §4.2 and
#: the index tables of §5–§12: WHATWG's Shift_JIS is Microsoft's code page 932, its
#: EUC-KR is code page 949, its GBK decoder is the gb18030 decoder).
WHATWG_LABELS: dict[str, str] = {
    **dict.fromkeys(("ascii", "us-ascii", "iso-8859-1", "iso8859-1", "iso_8859-1", "latin1",
                     "l1", "cp819", "ibm819", "iso-ir-100", "csisolatin1", "ansi_x3.4-1968",
                     "iso_8859-1:1987", "x-cp1252", "cp1252", "windows-1252", "iso88591",
                     "us-ascii", "cp367", "ibm367", "csascii", "iso646-us"), "windows-1252"),
    **dict.fromkeys(("iso-8859-9", "latin5", "l5", "iso88599", "iso_8859-9", "windows-1254",
                     "cp1254", "x-cp1254", "iso-ir-148", "csisolatin5"), "cp1254"),
    **dict.fromkeys(("iso-8859-11", "tis-620", "dos-874", "windows-874", "iso885911"), "cp874"),
    **dict.fromkeys(("shift_jis", "shift-jis", "sjis", "x-sjis", "ms_kanji", "ms932",
                     "windows-31j", "csshiftjis"), "cp932"),
    **dict.fromkeys(("euc-kr", "ks_c_5601-1987", "ks_c_5601-1989", "ksc5601", "ksc_5601",
                     "korean", "windows-949", "csksc56011987", "iso-ir-149", "csEUCKR".lower(),
                     "cseuckr"), "cp949"),
    **dict.fromkeys(("gbk", "gb2312", "x-gbk", "chinese", "csgb2312", "csiso58gb231280",
                     "gb_2312", "gb_2312-80", "iso-ir-58", "gb18030"), "gb18030"),
    **dict.fromkeys(("utf-8", "utf8", "unicode-1-1-utf-8", "unicode11utf8", "unicode20utf8",
                     "x-unicode20utf8"), "utf-8"),
    **dict.fromkeys(("utf-16", "utf-16le", "ucs-2", "unicode", "csunicode", "iso-10646-ucs-2",
                     "unicodefeff"), "utf-16-le"),
    **dict.fromkeys(("utf-16be", "unicodefffe"), "utf-16-be"),
}

#: The Python codecs of the WHATWG Encoding standard's encodings (§4.2 "Names and
#: labels"). A label Python knows but that names no web encoding (base64, rot13,
#: idna, undefined, unicode_escape, utf-7, utf-32, ...) is an unknown label.
WEB_CODECS = frozenset({
    "utf-8", "cp866", "iso8859-2", "iso8859-3", "iso8859-4", "iso8859-5", "iso8859-6",
    "iso8859-7", "iso8859-8", "iso8859-10", "iso8859-13", "iso8859-14", "iso8859-15",
    "iso8859-16", "koi8-r", "koi8-u", "mac-roman", "mac-cyrillic", "cp874", "cp1250", "cp1251",
    "windows-1252", "cp1253", "cp1254", "cp1255", "cp1256", "cp1257", "cp1258", "gb18030",
    "gbk", "big5", "big5hkscs", "euc_jp", "iso2022_jp", "cp932", "shift_jis", "cp949",
    "euc_kr", "utf-16-le", "utf-16-be",
})

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

_BOMS = ((codecs.BOM_UTF8, "utf-8"), (codecs.BOM_UTF16_LE, "utf-16-le"),
         (codecs.BOM_UTF16_BE, "utf-16-be"))


def _c1_passthrough(error: UnicodeDecodeError) -> tuple[str, int]:
    # WHATWG windows-1252 (and 874, 1254) decode the five bytes code page 1252 leaves
    # undefined (0x81, 0x8D, 0x8F, 0x90, 0x9D) to the C1 controls of the same value.
    return error.object[error.start:error.end].decode("latin-1"), error.end


codecs.register_error("webfold-c1", _c1_passthrough)


def encoding_for_label(label: str | None) -> str | None:
    """The Python codec for a WHATWG encoding label, or None when the label is unknown.

    Labels are compared without case and surrounding whitespace (Encoding §4.2). Only
    the encodings of the web are known (:data:`WEB_CODECS`).
    """
    if not label:
        return None
    key = label.strip().lower()
    if key in WHATWG_LABELS:
        return WHATWG_LABELS[key]
    try:
        name = codecs.lookup(key).name
    except (LookupError, ValueError):    # ValueError: a label with a NUL in it
        return None
    return name if name in WEB_CODECS else None


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
        encoding = encoding_for_label("windows-1252" if label.lower() == b"x-user-defined"
                                      else label.decode("ascii"))
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
    errors = "webfold-c1" if encoding in ("windows-1252", "cp1254", "cp874") else "replace"
    if encoding == "windows-1252":
        encoding = "cp1252"
    return data.decode(encoding, errors)


def decode(html: str | bytes, charset: str | None = None) -> Decoded:
    """Turn a document into the UTF-8 bytes the scanner reads.

    Parameters
    ----------
    html : str or bytes
        The document. A ``str`` is taken as decoded text (lone surrogates become U+FFFD).
    charset : str, optional
        An encoding label from outside the document, such as the ``charset`` of an HTTP
        ``Content-Type`` header. Ignored for ``str`` input and when a byte order mark
        is present; an unknown label is ignored.

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
        return Decoded(_utf8(html), "utf-8", "str")
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
#: ...and those counted for the share (backspace is left out: man pages overstrike with it)
_CONTROL_NOT_NUL = LazyPattern(rb"[\x01-\x07\x0b\x0e-\x1a\x1c-\x1f]")
#: A share of such controls in the first 1,024 bytes, and a count, that no text
#: reaches: random bytes hold about 10%, text in any encoding none or a stray few.
CONTROL_SHARE = 0.05
CONTROL_COUNT = 16


def binary_kind(data: bytes) -> str | None:
    """The MIME type of a binary file that ``data`` is (``"image/png"``), or None.

    Binary means a control byte in the first 1,024 bytes and either the signature of
    a binary format that the ``filetype`` library knows (images, archives, audio,
    video, fonts, PDF, executables), giving its type, or controls other than NUL and
    backspace in more than 5% of those bytes and at least 16 of them
    (``application/octet-stream``). A PDF is known by its first bytes alone. A control byte alone
    is not enough (a page may hold a stray NUL), nor a signature alone (a text may
    start with the letters "BM" of a BMP's). A byte order mark is checked first.
    """
    if data.startswith(b"%PDF-"):
        return "application/pdf"            # its first kilobyte may be all text
    if not _CONTROL.search(data, 0, 1024) or data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return None
    import filetype     # only for bytes that may be binary: it costs 7 ms to import

    found = filetype.guess(data[:8192])
    if found is not None:
        return found.mime
    head = data[:1024]
    controls = len(_CONTROL_NOT_NUL.findall(head))
    if controls > CONTROL_SHARE * len(head) and controls >= CONTROL_COUNT:
        return "application/octet-stream"
    return None


#: The codecs charset-normalizer names that are supersets of a web encoding: the web
#: encoding is the one to decode with (its decoder is the browsers').
_DETECTED_AS = {"euc_jis_2004": "euc_jp", "euc_jisx0213": "euc_jp", "shift_jis_2004": "shift_jis",
                "shift_jisx0213": "shift_jis", "iso2022_jp_1": "iso2022_jp", "iso2022_jp_2": "iso2022_jp",
                "iso2022_jp_3": "iso2022_jp", "iso2022_jp_ext": "iso2022_jp",
                "iso2022_jp_2004": "iso2022_jp"}
#: The escape sequences that switch ISO-2022-JP to JIS X 0208 (RFC 1468): a page in
#: that 7-bit encoding is also valid UTF-8, and only these tell them apart.
_ISO_2022_JP = LazyPattern(rb"\x1b\$[@B]")


def _detect(data: bytes) -> str | None:
    """charset-normalizer's guess, except that windows-1252 wins a tie (and is taken
    when only a few bytes are not ASCII): it is the
    legacy encoding most of the web uses and the WHATWG fallback for most locales
    (HTML §13.2.3.3), and without the tie-break English and French pages come out
    as code page 1250 when their accented letters exist in both."""
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
    return encoding_for_label(_DETECTED_AS.get(best.encoding, best.encoding))


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
#: NUL is among them: the tree builder drops it from text (HTML §13.2.6.4.7).
_CONTROLS = re.compile("[\x00-\x08\x0b\x0e-\x1f\x7f-\x9f]")


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
