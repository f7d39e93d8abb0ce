"""A PDF's text as HTML paragraphs, with pypdf, so that a PDF response goes through
the same builder and renderer as a page (:mod:`webfold.scraper`).

PDF text has lines, not paragraphs: a line ends a paragraph when it ends a sentence
and falls short of the page's full line width, the usual heuristic of text
extractors (pdftotext, pdfminer's layout analysis measure the same gap by position).
"""

from __future__ import annotations

import html
import io
import re

from webfold.errors import DecodeError

#: A line shorter than this share of the page's longest line, ending a sentence,
#: ends its paragraph.
SHORT_LINE = 0.8
_SENTENCE_END = re.compile(r"[.!?:;\"'\u201d\u2019)]$")


def pdf_html(data: bytes) -> str:
    """The text of the PDF ``data`` as an HTML document: its title (the document
    information's ``/Title``) in ``<title>``, each page's paragraphs in ``<p>``.

    Raises
    ------
    DecodeError
        pypdf cannot read the file, or it is encrypted with a password.
    """
    import logging

    from pypdf import PdfReader          # here: only PDF responses need it
    from pypdf.errors import PyPdfError

    logging.getLogger("pypdf").setLevel(logging.CRITICAL)     # its warnings quote the file
    try:
        reader = PdfReader(io.BytesIO(data))
        if reader.is_encrypted and not reader.decrypt(""):
            raise DecodeError("the PDF is encrypted with a password")
        title = (reader.metadata or {}).get("/Title") or ""
        pages = [page.extract_text() or "" for page in reader.pages]
    except DecodeError:
        raise
    except (PyPdfError, ValueError, KeyError, TypeError, OSError) as error:
        raise DecodeError(f"not a readable PDF ({type(error).__name__}: {error})") from None
    parts = [f"<title>{html.escape(str(title))}</title>"] if title else []
    for text in pages:
        parts += (f"<p>{html.escape(paragraph)}</p>" for paragraph in paragraphs(text))
    return "\n".join(parts)


def pdf_html_within(data: bytes, seconds: float) -> str:
    """:func:`pdf_html` in a child process that is ended after ``seconds``: pypdf's text
    extraction has no budget of its own, and a crafted PDF of 20 KB takes minutes.
    pypdf's log lines (which quote names from the file) stay in the child.

    Raises
    ------
    DecodeError
        As :func:`pdf_html`, or the time ran out.
    """
    import multiprocessing

    with multiprocessing.get_context("spawn").Pool(1) as pool:    # leaving it ends the child
        pending = pool.apply_async(pdf_html, (data,))
        try:
            return pending.get(timeout=seconds)
        except multiprocessing.TimeoutError:
            raise DecodeError(f"the PDF's text was not extracted within the {seconds:.1f} s left "
                              "of the timeout") from None


def paragraphs(text: str) -> list[str]:
    """The paragraphs of one page's extracted ``text``: lines joined by spaces, split
    after a short line that ends a sentence, and at blank lines."""
    lines = [line.strip() for line in text.splitlines()]
    width = max((len(line) for line in lines), default=0)
    found, current = [], []
    for line in lines:
        if line:
            current.append(line)
        if current and (not line or (_SENTENCE_END.search(line) and len(line) < SHORT_LINE * width)):
            found.append(" ".join(current))
            current = []
    if current:
        found.append(" ".join(current))
    return found
