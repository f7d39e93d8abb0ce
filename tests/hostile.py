"""Hostile pages: inputs made to break a converter, at full size (a 50 MB page, a
million nested elements, a million attributes, ...).

Each case makes a page at any scale (1.0 is the named size) and says what the
Markdown must hold. Time and memory are those of the default path (selection on);
the text is checked in the output of every block (``--all-blocks``), since keeping
it is the converter's job and choosing among identical paragraphs the selector's. ``python tests/hostile.py`` prints the table of the README's
security section: for each case the time ratio of twice the size (linear is 2), the
peak memory and the result. ``tests/test_hostile.py`` checks the same.

``python tests/hostile.py NAME SCALE`` converts one case in this process and prints
a JSON line with the seconds, the memory growth (the peak resident set, in MB, over
what the process held before converting) and the Markdown's size: the tests run it
in a child process, so the peak is the conversion's own.
"""

from __future__ import annotations

import io
import json
import resource
import struct
import sys
import time
import zipfile
import zlib
from dataclasses import dataclass
from typing import Callable

#: A realistic article paragraph (about 1 KB), for the pages a construct precedes.
PARAGRAPH = "<p>" + "Lorem ipsum dolor sit amet, consectetur adipiscing elit. " * 18 + "</p>\n"


def _png(scale: float) -> bytes:
    side = max(8, int(600 * scale ** 0.5))
    rows = b"".join(b"\x00" + bytes((x * 7 + y * 3) & 255 for x in range(side)) for y in range(side))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", side, side, 8, 0, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


def _zip(scale: float) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("page.html", PARAGRAPH * int(1000 * scale))
    return buffer.getvalue()


@dataclass(frozen=True)
class Case:
    """One hostile page: ``make(scale)`` builds it; ``check(markdown, scale)`` is
    True when the Markdown holds what it must, which ``result`` says in words (None:
    the input must be refused with :class:`webfold.BinaryInputError`). ``memory_mb``
    bounds the peak memory growth of the conversion at scale 1."""

    name: str
    what: str
    make: Callable[[float], str | bytes]
    check: Callable[[str, float], bool] | None
    memory_mb: int
    result: str = "all its text kept"


def _n(base: int, scale: float) -> int:
    return max(1, int(base * scale))


CASES = [
    Case("page_50mb", "a 50 MB page (one paragraph of 10 million words)",
         lambda s: "<p>" + "word " * _n(10_000_000, s) + "</p>",
         lambda md, s: md.count("word") == _n(10_000_000, s), 1000),
    Case("nested_1m", "a million nested elements",
         lambda s: "<div>" * _n(1_000_000, s) + "deep",
         lambda md, s: md == "deep\n", 1000),
    Case("attributes_1m", "a million attributes on one tag",
         lambda s: "<p " + " ".join(f"a{i}=1" for i in range(_n(1_000_000, s))) + ">kept</p>",
         lambda md, s: md == "kept\n", 500),
    Case("attribute_10mb", "a 10 MB attribute value",
         lambda s: '<p title="' + "x" * _n(10_000_000, s) + '">kept</p>',
         lambda md, s: md == "kept\n", 200),
    # A browser shows nothing after an unterminated comment or script (the rest of the
    # page is comment or script text, §13.2.5.43 and §13.2.5.4): neither do we.
    Case("unterminated_comment", "an unterminated comment at the start of a 10 MB page",
         lambda s: "<!--" + PARAGRAPH * _n(10_000, s),
         lambda md, s: md == "", 300, "empty, as a browser shows it"),
    Case("unterminated_script", "an unterminated script at the start of a 10 MB page",
         lambda s: "<script>" + PARAGRAPH * _n(10_000, s),
         lambda md, s: md == "", 300, "empty, as a browser shows it"),
    # In HTML content <![CDATA[ is a bogus comment that ends at the first ">"
    # (§13.2.5.42): the page after it is kept.
    Case("unterminated_cdata", "an unterminated CDATA section at the start of a 10 MB page",
         lambda s: "<![CDATA[" + PARAGRAPH * _n(10_000, s),
         lambda md, s: md.count("Lorem ipsum") == 18 * _n(10_000, s), 800),
    Case("nul_bytes", "100,000 paragraphs with a NUL byte in each",
         lambda s: b"<p>a\x00b</p>" * _n(100_000, s),
         lambda md, s: md.count("ab") == _n(100_000, s) and "\x00" not in md, 800),
    # A run of NULs is one match of the control-removing pattern: a match a NUL held
    # 9 bytes a NUL (newcomer of session 33: 2 GB for a gzip bomb of 200 MB of zeros).
    Case("nul_run", "a run of 50 million NUL bytes in a paragraph",
         lambda s: b"<p>a" + b"\x00" * _n(50_000_000, s) + b"b</p>",
         lambda md, s: md == "ab\n", 300),
    Case("invalid_utf8", "invalid UTF-8 in a page declared UTF-8",
         lambda s: b'<meta charset="utf-8">' + b"<p>ok \xff\xfe\xc3( ok</p>" * _n(100_000, s),
         lambda md, s: md.count("ok \ufffd\ufffd\ufffd( ok") == _n(100_000, s), 800),
    Case("surrogate_references", "lone surrogates in character references",
         lambda s: "<p>&#xD800;x&#56320;</p>" * _n(100_000, s),
         lambda md, s: md.count("\ufffdx\ufffd") == _n(100_000, s), 800),
    Case("table_cells_100k", "a table of 100,000 cells (1,000 rows of 100)",
         lambda s: "<table>" + ("<tr>" + "<td>c</td>" * 100) * _n(1000, s) + "</table>",
         lambda md, s: md.count("| c ") == 100 * _n(1000, s), 800),
    # colspan is clamped to 1,000 and rowspan to 65,534 (§4.9.11); a span reaches only
    # the rows that exist.
    Case("span_65534", "a cell with colspan and rowspan of 65,534, 1,000 times",
         lambda s: ('<table><tr><td colspan="65534" rowspan="65534">x</td><td>y</td></tr>'
                    '<tr><td>z</td></tr></table>') * _n(1000, s),
         lambda md, s: md.count("| x |") == _n(1000, s) and md.count("| z |") == _n(1000, s), 1500,
         "all its text kept, as 1,001-column tables"),
    # Each rowspan widens every row below it: the grid would grow as the square of the
    # rows, so a table that sparse is unwrapped (table.SLOTS_PER_CELL).
    Case("rowspans_8000", "8,000 rows each opening a rowspan of 65,534",
         lambda s: "<table>" + "<tr><td rowspan=65534>x<td>y" * _n(8000, s),
         lambda md, s: md.count("x") == md.count("y") == _n(8000, s), 300,
         "all its text kept, unwrapped"),
    Case("amp_100k", "100,000 &amp; in a row",
         lambda s: "<p>" + "&amp;" * _n(100_000, s) + "</p>",
         lambda md, s: md.count("&") == _n(100_000, s), 100),
    Case("nested_inline", "deeply nested inline formatting (60,000 elements)",
         lambda s: "<p>" + "<b><i><em><strong><span><a href=x>" * _n(10_000, s) + "text",
         lambda md, s: "text" in md, 300),
    # Each <head> start tag asks whether the body has begun (a later one opens
    # nothing): the question takes constant time however many head elements are open.
    Case("head_tags_200k", "200,000 nested noscript elements, then 200,000 head start tags",
         lambda s: "<noscript>" * _n(200_000, s) + "<head></head>" * _n(200_000, s) + "<p>after</p>",
         lambda md, s: md == "after\n", 300),
    # Each "*" is escaped: re.sub's list of a string a match held 70 bytes a byte
    # (session 33); the escaped text is now joined as it goes (webfold.markdown.PIECES).
    Case("asterisks_5m", "5 million letters each after an asterisk, in a paragraph",
         lambda s: "<p>" + "*a" * _n(5_000_000, s) + "</p>",
         lambda md, s: md.count("\\*a") == _n(5_000_000, s), 300, "all its text kept, escaped"),
    # React's streamed segments are read where their placeholders stand
    # (webfold.streaming): each search stops at the next placeholder, so linear.
    Case("react_boundaries_100k", "100,000 streamed React boundaries, comments removed",
         lambda s: "<div>" + "".join(f'<template id="B:{i:x}"></template><p>f</p>' for i in range(_n(100_000, s)))
         + "</div>" + "".join(f'<div hidden id="S:{i:x}"><p>s</p></div>' for i in range(_n(100_000, s))),
         lambda md, s: md == "s\n\nf\n\n" * (_n(100_000, s) - 1) + "s\n\nf\n", 400,
         "all its text kept, each segment in its place"),
    Case("react_nested_100k", "100,000 streamed React segments, each inside the one before",
         lambda s: '<template id="P:0"></template>' + "".join(
             f'<div hidden id="S:{i:x}"><p>s</p><template id="P:{i + 1:x}"></template>' for i in range(_n(100_000, s)))
         + "</div>" * _n(100_000, s),
         lambda md, s: md == "s\n\n" * (_n(100_000, s) - 1) + "s\n", 300,
         "all its text kept, each segment in its place"),
    # A tag's id is read once however many of its values look like one (breaker of
    # session 34: each read all its attributes); a start tag finds what it closes in
    # constant time, not by a walk down the open elements to a scope boundary.
    Case("react_ids_in_attributes", "100,000 attribute values of one tag that read as React segment ids",
         lambda s: "".join(f'<template id="P:{i:x}"></template>' for i in range(_n(100_000, s)))
         + "<div " + " ".join(f"a{i}=' id=\"S:{i:x}\">'" for i in range(_n(100_000, s))) + "><p>t</p></div>",
         lambda md, s: md == "t\n", 300),
    Case("react_scopes_50k", "a streamed page of 50,000 blocks in a button in a paragraph",
         lambda s: '<template id="P:0"></template><p><button>' + "<span>" * _n(50_000, s)
         + "<div>x</div>" * _n(50_000, s) + '</button></p><div hidden id="S:0"><p>s</p></div>',
         lambda md, s: md.startswith("s\n") and md.count("x") == _n(50_000, s), 300),
    Case("whitespace_10mb", "10 MB of white space",
         lambda s: "<p>a" + " \n\t" * _n(3_333_333, s) + "b</p>",
         lambda md, s: md == "a b\n", 200),
    Case("png", "a PNG image given as HTML", _png, None, 100, "refused: BinaryInputError"),
    Case("zip", "a zip archive given as HTML", _zip, None, 100, "refused: BinaryInputError"),
    Case("zeros", "50 MB of zeros (a file never written) given as HTML",
         lambda s: b"\x00" * _n(50_000_000, s), None, 100, "refused: BinaryInputError"),
]

BY_NAME = {case.name: case for case in CASES}


def convert(page: str | bytes, selection: bool = True) -> str | None:
    """The Markdown, or None when the input is refused as binary."""
    import webfold

    try:
        return webfold.to_markdown(page, selection=selection)
    except webfold.BinaryInputError:
        return None


def measure(name: str, scale: float) -> dict:
    """Convert one case in this process: seconds, memory growth (MB) and result."""
    import webfold.select

    webfold.select.selector()           # the model is loaded before the baseline
    case = BY_NAME[name]
    page = case.make(scale)
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    started = time.perf_counter()
    markdown = convert(page)
    seconds = time.perf_counter() - started
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    every_block = convert(page, selection=False)
    if case.check is None:
        ok = every_block is None
    else:
        ok = every_block is not None and case.check(every_block, scale)
    return {"name": name, "scale": scale, "input_bytes": len(page), "seconds": seconds,
            "memory_mb": (peak - before) / 1024, "refused": markdown is None,
            "markdown_chars": len(markdown or ""), "ok": ok}


def run_child(name: str, scale: float) -> dict:
    """:func:`measure` in a fresh Python process."""
    import subprocess

    done = subprocess.run([sys.executable, __file__, name, str(scale)], capture_output=True,
                          text=True, check=True)
    return json.loads(done.stdout)


def table() -> None:
    """Print the README's table: one row per case at its named size."""
    print("| input | size | time | time ratio, 2× size | peak memory | result |")
    print("|---|---:|---:|---:|---:|---|")
    for case in CASES:
        small, large = (min(run_child(case.name, s)["seconds"] for _ in range(5)) for s in (0.25, 0.5))
        full = run_child(case.name, 1.0)
        size = f"{full['input_bytes'] / 1e6:,.1f} MB" if full["input_bytes"] >= 100_000 else \
            f"{full['input_bytes'] / 1e3:,.1f} KB"
        print(f"| {case.what} | {size} | {full['seconds']:.2f} s | {large / small:.2f} | "
              f"{full['memory_mb']:,.0f} MB (bound {case.memory_mb:,}) | "
              f"{case.result if full['ok'] else 'FAILED'} |")


if __name__ == "__main__":
    if len(sys.argv) == 3:
        print(json.dumps(measure(sys.argv[1], float(sys.argv[2]))))
    else:
        table()
