"""Bytes to text: byte order mark, caller charset, meta prescan, detection, fallback."""

import codecs

import pytest

import webfold
from webfold.decode import (_MULTI_BYTE, WHATWG_LABELS, _detected, _single_byte_table, decode,
                            encoding_for_label, prescan)

PAGES = {
    # encoding label in the page -> (Python codec to write it with, text of the page)
    "windows-1252": ("cp1252", "Caf\u00e9 cr\u00e8me \u2014 \u201cna\u00efve\u201d r\u00e9sum\u00e9 \u20ac5 \u2019tis"),
    "shift_jis": ("cp932", "\u65e5\u672c\u8a9e\u306e\u30da\u30fc\u30b8\u3067\u3059\u3002\u6771\u4eac\u306f\u6674\u308c\u3002"),
    "gbk": ("gbk", "\u8fd9\u662f\u4e00\u4e2a\u4e2d\u6587\u7f51\u9875\uff0c\u5929\u6c14\u5f88\u597d\u3002"),
    "euc-kr": ("cp949", "\ud55c\uad6d\uc5b4 \ud398\uc774\uc9c0\uc785\ub2c8\ub2e4. \uc11c\uc6b8\uc740 \ub9d1\uc74c."),
}


def page(text: str, head: str = "") -> str:
    return f"<!doctype html><html><head>{head}<title>t</title></head><body><p>{text}</p></body></html>"


@pytest.mark.parametrize("label", sorted(PAGES))
def test_meta_charset_page(label):
    codec, text = PAGES[label]
    data = page(text, f'<meta charset="{label}">').encode(codec)
    assert webfold.to_markdown(data, selection=False) == text + "\n"


@pytest.mark.parametrize("label", sorted(PAGES))
def test_http_equiv_page(label):
    codec, text = PAGES[label]
    head = f'<meta http-equiv="Content-Type" content="text/html; charset={label}">'
    assert webfold.to_markdown(page(text, head).encode(codec), selection=False) == text + "\n"


@pytest.mark.parametrize("label", sorted(PAGES))
def test_caller_charset_page(label):
    codec, text = PAGES[label]
    assert webfold.to_markdown(page(text).encode(codec), charset=label, selection=False) == text + "\n"


@pytest.mark.parametrize("label", ["shift_jis", "gbk", "euc-kr", "euc-jp", "iso-2022-jp"])
def test_undeclared_page_is_detected(label):
    # (charset-normalizer names EUC-JP pages EUC-JIS-2004; ISO-2022-JP is also valid UTF-8)
    codec, text = PAGES.get(label) or ({"euc-jp": "euc_jp", "iso-2022-jp": "iso2022_jp"}[label],
                                       "日本語のテキストです。東京は日本の首都です。")
    body = ("<p>" + text + "</p>") * 20      # detection needs a little text to go on
    result = decode(("<html><body>" + body + "</body></html>").encode(codec))
    assert result.reason == "detected"
    assert result.utf8.decode("utf-8").count(text) == 20


def test_caller_charset_beats_meta_and_bom_beats_both():
    text = PAGES["windows-1252"][1]
    data = page(text, '<meta charset="shift_jis">').encode("cp1252")
    assert decode(data, "windows-1252").reason == "caller"
    assert webfold.to_markdown(data, charset="windows-1252", selection=False) == text + "\n"
    utf8 = codecs.BOM_UTF8 + page("\u00e9", '<meta charset="windows-1252">').encode("utf-8")
    assert decode(utf8, "shift_jis").reason == "bom"
    assert webfold.to_markdown(utf8, selection=False) == "\u00e9\n"


def test_a_str_drops_the_byte_order_mark_at_its_start_as_bytes_do():
    # (breaker of session 31: open() of a UTF-8 file with one leaves it in the str,
    # which became a paragraph of its own; one inside the text stays)
    with_bom = "\ufeff<p>x</p><p>a\ufeffb</p>"
    assert webfold.to_markdown(with_bom, selection=False) == "x\n\na\ufeffb\n"
    assert webfold.to_markdown(with_bom.encode("utf-8"), selection=False) == "x\n\na\ufeffb\n"
    assert [block.md for block in webfold.to_blocks(with_bom)] == ["x", "a\ufeffb"]


def test_utf16_with_bom():
    data = codecs.BOM_UTF16_LE + page("\u00e9t\u00e9").encode("utf-16-le")
    assert webfold.to_markdown(data, selection=False) == "\u00e9t\u00e9\n"


@pytest.mark.parametrize("codec", ["utf-16-le", "utf-16-be"])
@pytest.mark.parametrize("text", ["Plain English text.", "\u042d\u0442\u043e \u0440\u0443\u0441\u0441\u043a\u0438\u0439 \u0442\u0435\u043a\u0441\u0442.",
                                  "\u65e5\u672c\u8a9e\u306e\u30c6\u30ad\u30b9\u30c8\u3002"])
def test_utf16_without_bom_is_known_by_its_nuls(codec, text):
    # Its ASCII is valid UTF-8 with a NUL beside each letter: read so, every tag was
    # text ("\\<html>..."), and Cyrillic's control bytes made the page "binary".
    data = page(text, "<title>t</title>").encode(codec)
    assert decode(data).encoding == codec and decode(data).reason == "detected"
    assert webfold.to_markdown(data, selection=False) == text + "\n"
    assert webfold.to_markdown(data, charset=codec.replace("-le", "le").replace("-be", "be"),
                               selection=False) == text + "\n"


@pytest.mark.parametrize("codec", ["utf-32-le", "utf-32-be"])
@pytest.mark.parametrize("bom", [True, False])
@pytest.mark.parametrize("text", ["Plain English text.", "\u042d\u0442\u043e \u0442\u0435\u043a\u0441\u0442.",
                                  "\u65e5\u672c\u8a9e\u306e\u30c6\u30ad\u30b9\u30c8 \U0001f600"])
def test_utf32_is_read_by_its_bom_or_its_nuls(codec, bom, text):
    # Browsers do not decode UTF-32 (its little-endian mark reads as UTF-16's): read
    # so, every tag was text with a NUL after each character ("\\<html>...")
    mark = {"utf-32-le": codecs.BOM_UTF32_LE, "utf-32-be": codecs.BOM_UTF32_BE}[codec] if bom else b""
    data = mark + page(text, "<title>t</title>").encode(codec)
    assert (decode(data).encoding, decode(data).reason) == (codec, "bom" if bom else "detected")
    assert webfold.to_markdown(data, selection=False) == text + "\n"


def test_utf16_and_utf8_are_not_utf32():
    from webfold.decode import utf32_without_bom

    for codec in ("utf-16-le", "utf-16-be", "utf-8"):
        assert utf32_without_bom(page("Plain text", "<title>t</title>").encode(codec)) is None
    assert utf32_without_bom("<p>x</p>".encode("utf-32-le")) == "utf-32-le"
    assert utf32_without_bom("<p>x</p>".encode("utf-32-le")[:28]) is None    # 7 code units
    assert utf32_without_bom("[p]xyzw[/p]".encode("utf-32-le")) is None      # no "<"


def test_nuls_at_both_places_or_few_are_not_utf16():
    from webfold.decode import utf16_without_bom

    assert utf16_without_bom("<p>x</p>".encode("utf-16-le")) == "utf-16-le"
    assert utf16_without_bom("<p>x</p>".encode("utf-16-be")) == "utf-16-be"
    tags = "<a><b>".encode("utf-16-le")                                      # 6 NULs
    assert utf16_without_bom(tags + b"a\x00" + b"b" * 100) is None           # 7 NULs
    assert utf16_without_bom(tags + b"a\x00" * 2 + b"b" * 100) == "utf-16-le"   # 8 NULs in 116 bytes
    assert utf16_without_bom(tags + b"a\x00" * 2 + b"b" * 200) is None      # 8 in 216: too few
    assert utf16_without_bom("<p>xyzw</p>".encode("utf-16-le").replace(b"<\x00", b"[\x00")) is None
    # one tag before a kilobyte of Cyrillic (one kind of control byte: not refused)
    text = "<p>" + "\u0421\u044a\u0435\u0448\u044c \u0436\u0435 \u0435\u0449\u0451. " * 60 + "</p>"
    assert utf16_without_bom(text.encode("utf-16-le")[:1024]) == "utf-16-le"
    assert decode(text.encode("utf-16-le")).utf8.decode() == text
    assert utf16_without_bom(b"\x00\x00" * 40) is None                      # at both places
    # a NUL in every paragraph, each at an even place: no "<" is a code unit of its own
    assert decode(b"<p>a\x00b</p>" * 100).encoding == "utf-8"


@pytest.mark.parametrize("label, codec", [
    ("iso-8859-1", "windows-1252"), ("ASCII", "windows-1252"), ("latin1", "windows-1252"),
    ("Shift_JIS", "cp932"), ("euc-kr", "cp949"), ("gb2312", "gb18030"), ("utf8", "utf-8"),
    (" UTF-8 ", "utf-8"), ("koi8-r", "koi8-r"), ("no-such-encoding", None),
    # labels of the standard that Python's codec lookup does not know
    ("x-mac-cyrillic", "mac-cyrillic"), ("x-mac-ukrainian", "mac-cyrillic"), ("iso-8859-8-i", "iso8859-8"),
    ("logical", "iso8859-8"), ("koi8", "koi8-r"), ("koi", "koi8-r"), ("cn-big5", "big5hkscs"),
    ("x-x-big5", "big5hkscs"), ("x-euc-jp", "euc_jp"), ("x-cp1251", "cp1251"), ("csiso2022jp", "iso2022_jp"),
    ("\tsun_eu_greek\n", "iso8859-7"), ("x-user-defined", "windows-1252"),
    # Python's spellings that are not labels of the standard
    ("latin-1", None), ("1251", None), ("utf", None), ("u8", None), ("cp936", None), ("euc_jp", None),
    ("utf-32", None), ("base64", None),
    # the "replacement" encoding's labels: unknown, so the text is detected, not lost
    ("iso-2022-kr", None), ("hz-gb-2312", None), ("iso-2022-cn", None), ("replacement", None),
    # only ASCII white space is stripped
    ("\u00a0utf-8", None)])
def test_whatwg_labels(label, codec):
    assert encoding_for_label(label) == codec


def test_every_label_of_the_standard_is_known():
    # encoding.spec.whatwg.org/encodings.json lists 228 labels; the 6 of the
    # replacement encoding are left out on purpose
    assert len(WHATWG_LABELS) == 222
    for label, codec in WHATWG_LABELS.items():
        assert label == label.strip().lower()
        assert codecs.lookup("cp1252" if codec == "windows-1252" else codec)


@pytest.mark.parametrize("name, codec", [
    ("cp1252", "windows-1252"), ("latin_1", "windows-1252"), ("ascii", "windows-1252"),
    ("iso8859_2", "iso8859-2"), ("mac_cyrillic", "mac-cyrillic"), ("koi8_r", "koi8-r"),
    ("big5", "big5hkscs"), ("gb2312", "gb18030"), ("euc_kr", "cp949"), ("shift_jis", "cp932"),
    ("euc_jis_2004", "euc_jp"), ("iso2022_jp_2", "iso2022_jp"), ("cp874", "cp874"), ("utf_8", "utf-8"),
    ("cp437", None), ("utf_32", None), ("hz", None), ("no_such_codec", None)])
def test_a_detected_codec_is_read_as_its_web_encoding(name, codec):
    assert _detected(name) == codec


def test_big5_is_read_as_big5_hkscs():
    # U+3435, bytes 92 77: a Hong Kong character of the standard's Big5 index that
    # plain Big5 lacks (Python's big5 codec would give U+FFFD)
    data = page("\u3435", '<meta charset="big5">').encode("big5hkscs")
    assert data.count(b"\x92\x77") == 1
    assert webfold.to_markdown(data, selection=False) == "\u3435\n"


def test_iso_8859_1_label_means_windows_1252():
    data = page("\x93quoted\x94 \x80", '<meta charset="iso-8859-1">').encode("latin-1")
    assert webfold.to_markdown(data, selection=False) == "\u201cquoted\u201d \u20ac\n"


def test_prescan_reads_only_the_first_1024_bytes_and_skips_comments():
    assert prescan(b"<!-- <meta charset=gbk> --><meta charset=utf-8>") == "utf-8"
    assert prescan(b" " * 1024 + b"<meta charset=gbk>") is None
    assert prescan(b'<meta content="text/html; charset=euc-kr" http-equiv="content-type">') == "cp949"
    assert prescan(b"<meta charset=utf-16>") == "utf-8"


@pytest.mark.parametrize("meta, expected", [
    # a content attribute's value may be unquoted, and its charset quoted
    (b'<meta http-equiv="Content-Type" content=text/html;charset=euc-kr>', "cp949"),
    (b"<meta content='text/html; charset=\"euc-kr\"' http-equiv=content-type>", "cp949"),
    # only a content-type pragma declares one: a refresh's content does not (and gbk is
    # decoded as gb18030, as the Encoding standard says)
    (b'<meta http-equiv="refresh" content="0; charset=euc-kr">', None),
    (b'<meta http-equiv="refresh" content="0; charset=euc-kr"><meta charset="gbk">', "gb18030"),
    (b'<meta name="description" content="a charset=euc-kr page">', None),
    # the charset attribute wins over a pragma, and the first of two attributes counts
    (b'<meta http-equiv="content-type" content="text/html; charset=euc-kr" charset="gbk">', "gb18030"),
    (b'<meta charset="gbk" charset="euc-kr">', "gb18030"),
    (b'<meta CHARSET =  "gbk" >', "gb18030"),
    # a label is a known one once ASCII white space is stripped from its ends, and
    # nothing else: Python's codec lookup would take "koi8 r" and a quoted "koi8-r"
    (b'<meta charset=" euc-kr ">', "cp949"),
    (b'<meta charset="koi8 r"><meta charset=euc-kr>', "cp949"),
    (b"<meta charset='\"euc-kr\"'>", None),
    (b'<meta charset=="euc-kr">', None),
    (b'<meta charset=x-user-defined>', "windows-1252"),
    # an attribute name may begin with "=", and only ASCII white space separates
    (b'<meta =charset=euc-kr>', None),
    (b'<meta\x0bcharset=euc-kr>', None),
    # a quoted ">" does not end a tag, and a tag cut off by the 1024 bytes is none
    (b'<meta content="a>b" charset=euc-kr>', "cp949"),
    (b"<meta name=x content='<meta charset=euc-kr>'>", None),
    (b'<div title="<meta charset=euc-kr>"><!DOCTYPE "<meta charset=gbk>">', None),
    (b'<meta charset="euc-kr', None),
    (b'<div title="x><meta charset=euc-kr>', None),     # the open quote runs to the end
    (b'<meta content="x><meta charset=euc-kr>', None),
    (b'<a b <meta charset=euc-kr>', None),       # attributes of the unclosed <a>
    (b" " * 1000 + b"<meta charset=euc-kr", None),
    # a comment ends at the first "-->", whose dashes may be its opening ones
    (b'<!--><meta charset=euc-kr>', "cp949"),
    (b'<!---><meta charset=euc-kr>', "cp949"),
    (b'<me<!-- -->ta charset=euc-kr>', None),
    (b'<meta name="x" content="<!--"><meta charset=euc-kr><!-- -->', "cp949"),
    # in a content value: an unquoted label runs to white space or ";", an unmatched
    # quote gives nothing, and http-equiv must be content-type exactly
    (b'<meta http-equiv="content-type" content="text/html; charset=euc-kr\'">', None),
    (b'<meta http-equiv="content-type" content="charset=\'x; charset=euc-kr">', None),
    (b'<meta http-equiv=" content-type " content="charset=euc-kr">', None),
    (b'<meta http-equiv="content-type" content="charset x; charset = euc-kr ">', "cp949"),
])
def test_prescan_reads_the_meta_attributes_as_the_standard_does(meta, expected):
    assert prescan(meta) == expected


def test_a_utf8_page_with_non_ascii_text_is_not_read_as_iso_2022_jp():
    text = "caf\u00e9 \x1b$B$3$s\x1b(B"       # an escape sequence amid UTF-8 text
    assert decode(page(text).encode("utf-8")).encoding == "utf-8"
    japanese = page("\u65e5\u672c").encode("iso2022_jp")        # seven-bit, no declaration
    assert decode(japanese).encoding == "iso2022_jp"


def test_invalid_utf8_is_replaced_not_raised():
    assert webfold.to_markdown(b"<p>ok \xff\xfe done</p>", selection=False).startswith("ok ")


def test_str_with_lone_surrogate():
    assert webfold.to_markdown("<p>a\ud800b</p>", selection=False) == "a\ufffdb\n"


def test_str_with_surrogate_pairs_gets_their_characters():
    assert webfold.to_markdown("<p>a\ud83d\ude00b\ude00\ud83d</p>", selection=False) == \
        "a\U0001f600b\ufffd\ufffd\n"


def test_bytes_like_input_is_read_as_bytes():
    class Page(bytes):
        pass

    for page in (Page(b"<p>x</p>"), bytearray(b"<p>x</p>"), memoryview(b"<p>x</p>")):
        assert webfold.to_markdown(page, selection=False) == "x\n"


@pytest.mark.parametrize("args, kwargs, message", [
    ((42,), {}, "html must be str or bytes, not int"),
    ((None,), {}, "html must be str or bytes, not NoneType"),
    (("<p>x",), {"base": b"http://e"}, "base must be str or None, not bytes"),
    ((b"<p>x",), {"charset": 5}, "charset must be str or None, not int"),
    ((b"<p>x",), {"max_input_bytes": "1000"}, "max_input_bytes must be int, not str"),
    ((b"<p>x",), {"max_input_bytes": True}, "max_input_bytes must be int, not bool"),
])
def test_wrong_type_names_the_argument_and_the_type(args, kwargs, message):
    with pytest.raises(TypeError, match=message):
        webfold.to_markdown(*args, **kwargs)


def test_a_negative_limit_is_refused_as_the_cli_refuses_it():
    # it was taken, and every input was "over the limit of -1"
    with pytest.raises(ValueError, match="max_input_bytes must be at least 0, not -1"):
        webfold.to_markdown(b"<p>x", max_input_bytes=-1)
    assert webfold.to_markdown(b"", max_input_bytes=0, selection=False) == ""


@pytest.mark.parametrize("text", [
    "Le caf\u00e9 est tr\u00e8s appr\u00e9ci\u00e9 \u00e0 Paris, o\u00f9 l'on d\u00e9guste une cr\u00e8me br\u00fbl\u00e9e apr\u00e8s le d\u00e9jeuner.",
    "The caf\u00e9\u2019s cr\u00e8me br\u00fbl\u00e9e was na\u00efve \u2014 \u201cquite\u201d the dish; it\u2019s a r\u00f4le for the r\u00e9sum\u00e9.",
])
def test_undeclared_windows_1252_is_not_read_as_central_european(text):
    # charset-normalizer ranks code page 1250 level with 1252 on these; 1252 must win
    data = f"<html><body><p>{text}</p></body></html>".encode("cp1252")
    assert decode(data).encoding == "windows-1252"
    assert webfold.to_markdown(data, selection=False) == text + "\n"


def test_undeclared_windows_1250_stays_central_european():
    text = "Za\u017c\u00f3\u0142\u0107 g\u0119\u015bl\u0105 ja\u017a\u0144. \u0141\u00f3d\u017a i Krak\u00f3w s\u0105 \u015bwietne, a j\u0119zyk polski jest pi\u0119kny."
    data = f"<html><body><p>{text}</p></body></html>".encode("cp1250")
    assert webfold.to_markdown(data, selection=False) == text + "\n"


def test_a_stray_byte_in_an_ascii_page_is_windows_1252():
    data = b"<html><body><p>" + b"plain words " * 50 + b"\x80 5</p></body></html>"
    assert decode(data).encoding == "windows-1252"
    assert webfold.to_markdown(data, selection=False).endswith("\u20ac 5\n")


@pytest.mark.parametrize("label, data, text", [
    # a lead byte and a byte that is not ASCII are one error: the characters after
    # them are kept (Python's codecs took the second byte for the start of a character)
    ("euc-jp", b"\xad\xfe\xa4\xa2\xa4\xa4", "\ufffd\u3042\u3044"),
    ("big5", b"\x81\xa1\xa4\x40\xa4\x41", "\ufffd\u4e00\u4e59"),
    ("euc-kr", b"\xa2\xe8\xb0\xa1\xb0\xa2", "\ufffd\uac00\uac01"),
    ("gbk", b"\x81\xff\xc4\xe3", "\ufffd\u4f60"),
    # with an ASCII byte after it, the lead alone is the error
    ("euc-kr", b"\xc9\x21ok", "\ufffd!ok"),
    # four bytes of gb18030 that name no character are one error, a sequence broken
    # off before its fourth byte only its first (the rest is read again), an EUC-JP
    # trail of 0xFF names no character, and an ESC in a pair of ISO-2022-JP starts its
    # escape sequence
    ("gbk", b"\x84\x31\xa5\x30z", "\ufffdz"), ("gbk", b"ab\x81\x30z", "ab\ufffd0z"),
    ("euc-jp", b"ab\xa3\xffcd", "ab\ufffdcd"),
    ("iso-2022-jp", b"x\x1b$B0\x1b(Bhello world", "x\ufffdhello world"),
    # characters of the standard's indexes that Python's codecs lack
    ("euc-jp", b"\xad\xa1\xad\xe2\xad\xea", "\u2460\u2116\u3231"),
    ("iso-2022-jp", b"\x1b$B-!$\"\x1b(B", "\u2460\u3042"),
    ("gbk", b"\xc4\xe3\x80", "\u4f60\u20ac"),
    ("big5", b"\xa3\xe1\xa3\xc0\xfb\x48\xfa\x5f", "\u20ac\u2400\u5605\u5029"),
    ("koi8-u", b"\xae \xbe", "\u045e \u040e"),
    ("windows-1255", b"\xca", "\u05ba"),
    # bytes that windows-874 leaves undefined are errors, not Latin-1 letters; a code
    # page's undefined byte in 0x80-0x9F is its C1 control, which the text drops
    ("windows-874", b"\xdb\xfc\xa1", "\ufffd\ufffd\u0e01"),
    ("windows-1250", b"abc\x81def", "abcdef"),
    ("windows-1252", b"\x80\x81\x8d", "\u20ac"),
])
def test_legacy_encodings_decode_as_the_standard_says(label, data, text):
    # expected values: the WHATWG Encoding standard's decoders (all but the gb18030
    # sequences checked against Chromium 156's decoding)
    html = b'<meta charset="' + label.encode() + b'"><p>' + data + b"</p>"
    assert webfold.to_markdown(html, selection=False) == text + "\n"


@pytest.mark.parametrize("codec", sorted({codec for codec in WHATWG_LABELS.values()} - _MULTI_BYTE))
def test_single_byte_tables_have_every_byte(codec):
    table = _single_byte_table(codec)
    assert len(table) == 256 and table[:128] == "".join(map(chr, range(128)))
    # no byte of 0x80-0x9F is an error: a character, or the C1 control of its value
    assert "\ufffd" not in table[0x80:0xA0]


@pytest.mark.parametrize("text, codec, expected", [
    # charset-normalizer ranks a twin no browser knows first (cp1125, mac_iceland)
    ("Москва - столица России, крупнейший город страны и её политический центр.", "cp866", "cp866"),
    ("Die Straße führt über die Brücke nach Süden, wo die Häuser stehen.", "mac_roman", "mac-roman"),
])
def test_a_guess_no_browser_knows_gives_way_to_its_web_twin(text, codec, expected):
    decoded = decode(f"<p>{text}</p>".encode(codec))
    assert (decoded.encoding, decoded.reason) == (expected, "detected")
    assert webfold.to_markdown(f"<p>{text}</p>".encode(codec), selection=False) == text + "\n"


@pytest.mark.parametrize("codec, data", [
    ("gb18030", b"ab\x81"), ("gb18030", b"ab\x81\x30"), ("gb18030", b"ab\x81\x30\x81"), ("euc_jp", b"ab\x8f\xa1"),
    ("big5hkscs", b"ab\x81"), ("cp949", b"ab\xb0")])
def test_a_sequence_cut_off_by_the_end_is_one_error(codec, data):
    from webfold.decode import _decode_with
    assert _decode_with(data, codec) == "ab\ufffd"


def test_many_errors_keep_the_codecs_own_replacement_and_stay_fast():
    # the standard's recovery is a Python call per error: 20 MB of errors took half a
    # minute; past MAX_RECOVERED errors the codec's replacement is kept (a C pass)
    from webfold.decode import MAX_RECOVERED, _decode_with
    few = b"\x81\xff" * 10 + "\u4e00".encode("big5hkscs")
    assert _decode_with(few, "big5hkscs") == "\ufffd" * 10 + "\u4e00"
    many = b"\x81\xff" * (MAX_RECOVERED + 1)
    assert _decode_with(many, "big5hkscs") == many.decode("big5hkscs", "replace")


def test_koi8_u_wins_a_tie_with_koi8_r():
    # charset-normalizer ranks KOI8-R first on Ukrainian text, whose і ї є ґ KOI8-R
    # reads as box drawings; KOI8-U reads KOI8-R's letters alike
    text = "Україна - держава у Східній Європі. Її столиця - Київ, і там живуть мільйони людей."
    decoded = decode(f"<p>{text}</p>".encode("koi8_u"))
    assert decoded.encoding == "koi8-u" and text in decoded.utf8.decode()


def test_labels_match_ascii_case_insensitively_only():
    # str.lower makes the Kelvin sign "k"; the standard compares ASCII case-insensitively
    assert encoding_for_label("\u212aoi8-r") is None
    assert encoding_for_label("KOI8-R") == "koi8-r"


# charset-normalizer cannot tell the Latin code pages apart on a sentence or two: the
# windows-1252 reading of a page that is windows-1257, -1250 or -1254 often ties with
# the right one on chaos and coherence (both 0 apart), while on French and Spanish
# pages in windows-1252 the right reading trails the best by up to 0.075 in chaos or
# 0.082 in coherence, and a Lithuanian page's windows-1252 reading trails by 0.080.
# No margin on those two numbers reads all of these right; the marked ones fail today.
_LATIN_TIE = pytest.mark.xfail(strict=True, reason="short Latin pages: no rule on charset-normalizer's "
                                                   "chaos and coherence tells their code pages apart")


@pytest.mark.parametrize("text, codec", [
    pytest.param("Caf\u00e9 na\u00efve r\u00e9sum\u00e9 d\u00e9j\u00e0 vu, une phrase en fran\u00e7ais assez longue.",
                 "cp1252", marks=_LATIN_TIE, id="french"),
    pytest.param("Die Gr\u00f6\u00dfe der Stra\u00dfe \u00fcberrascht t\u00e4glich die B\u00fcrger, sagte er "
                 "\u00e4u\u00dferst m\u00fcde.", "cp1252", id="german"),
    pytest.param("El ni\u00f1o comi\u00f3 pi\u00f1as en Espa\u00f1a ma\u00f1ana por la noche, \u00bfverdad? "
                 "S\u00ed, se\u00f1or.", "cp1252", marks=_LATIN_TIE, id="spanish"),
    pytest.param("Lietuvi\u0173 kalba yra viena seniausi\u0173 gyv\u0173 kalb\u0173 pasaulyje, sak\u0117 "
                 "mokytoja.", "cp1257", marks=_LATIN_TIE, id="lithuanian"),
    pytest.param("Lietuvi\u0173 kalba yra viena seniausi\u0173 gyv\u0173 kalb\u0173 pasaulyje, sak\u0117 "
                 "mokytoja. Vilniuje gyvena daugiau nei pus\u0117 milijono \u017emoni\u0173, o senamiestis "
                 "\u012ftrauktas \u012f paveldo s\u0105ra\u0161\u0105.", "cp1257", id="lithuanian-longer"),
    pytest.param("Latvie\u0161u valoda ir baltu valoda, kur\u0101 run\u0101 Latvij\u0101, teica skolot\u0101ja.",
                 "cp1257", marks=_LATIN_TIE, id="latvian"),
    pytest.param("\u0420\u0443\u0441\u0441\u043a\u0438\u0439 \u044f\u0437\u044b\u043a \u044f\u0432\u043b\u044f"
                 "\u0435\u0442\u0441\u044f \u043e\u0434\u043d\u0438\u043c \u0438\u0437 \u043a\u0440\u0443\u043f"
                 "\u043d\u0435\u0439\u0448\u0438\u0445 \u044f\u0437\u044b\u043a\u043e\u0432 \u043c\u0438\u0440"
                 "\u0430.", "cp1251", id="russian"),
    pytest.param("\u65e5\u672c\u8a9e\u306f\u65e5\u672c\u3067\u8a71\u3055\u308c\u3066\u3044\u308b\u8a00\u8a9e"
                 "\u3067\u3001\u591a\u304f\u306e\u4eba\u3005\u304c\u6bce\u65e5\u4f7f\u3063\u3066\u3044\u307e"
                 "\u3059\u3002", "shift_jis", id="japanese"),
])
def test_a_short_unlabeled_page_is_read_in_its_code_page(text, codec):
    assert webfold.to_markdown(f"<p>{text}</p>".encode(codec), selection=False) == text + "\n"
