"""The benchmark pages: every Firecrawl fixture and the first WCXB development pages.

The data lives outside the repository, in ``../shared/data`` next to the checkout or in
the directory named by ``$WEBFOLD_DATA``. It is optional: loaders raise
:class:`DataMissing`, and callers skip (or fail, when ``$CI`` is set, see :func:`strict`).
"""

from __future__ import annotations

import functools
import gzip
import html
import json
import os
import re
from dataclasses import dataclass
from pathlib import Path

#: The repository root (the parent of ``bench/``).
REPO = Path(__file__).resolve().parent.parent
#: How many WCXB development pages (in file-name order) the ``wcxb`` corpus holds.
WCXB_PAGES = 100
#: Words taken from the start of a page's longest paragraph text for the sanity check.
PHRASE_WORDS = 6
#: A paragraph text shorter than this many words gives no phrase.
MIN_PHRASE_WORDS = 3

_WORD = re.compile(r"[^\W_]+")
_INVISIBLE_CHARS = dict.fromkeys(map(ord, "\u00ad\u200b\u200c\u200d\u2060\ufeff"))
_INVISIBLE = re.compile(
    r"<(script|style|template|noscript|svg|head|textarea|select)\b.*?</\1\s*>|<!--.*?-->",
    re.S | re.I)
_PARAGRAPH = re.compile(r"<p\b[^>]*>(.*?)</p\s*>", re.S | re.I)
_TAG = re.compile(r"<[^>]*>")
_BODY = re.compile(rb"<body\b[^>]*>(.*?)(?:</body\s*>|\Z)", re.S | re.I)


class DataMissing(Exception):
    """The benchmark data is not on this machine, or a file of it cannot be read; the
    message says which."""


@dataclass(frozen=True, slots=True)
class Page:
    """One benchmark page, with everything the tools and the sanity check need.

    Attributes
    ----------
    name : str
        The file's path relative to its corpus directory.
    raw : bytes
        The page as saved (decompressed): webfold's input.
    text : str
        ``raw`` decoded as UTF-8 with replacement (:func:`as_text`): the peers' input.
    phrase : str or None
        A few words of the page's longest paragraph text (of its main content, when
        the data set records it), lower-case and joined by single spaces (see :func:`words`): every
        correct output contains them. None when there is no such paragraph text of at
        least :data:`MIN_PHRASE_WORDS` words.
    has_text : bool
        The page has text outside tags, scripts, styles and comments, so a correct
        output is not empty.
    """

    name: str
    raw: bytes
    text: str
    phrase: str | None
    has_text: bool


def strict() -> bool:
    """True when missing data is an error rather than a reason to skip (``$CI`` set)."""
    return bool(os.environ.get("CI"))


def data_root() -> Path:
    """The shared data directory: ``$WEBFOLD_DATA``, else ``../shared/data`` from the
    repository root."""
    configured = os.environ.get("WEBFOLD_DATA")
    return Path(configured) if configured else REPO.parent / "shared" / "data"


def firecrawl_paths(root: Path | None = None) -> list[Path]:
    """Every Firecrawl fixture page (``firecrawl-fixtures/*/*.html``), sorted.

    Parameters
    ----------
    root : Path, optional
        The data directory (default :func:`data_root`).

    Raises
    ------
    DataMissing
        If there is none.
    """
    folder = (root or data_root()) / "firecrawl-fixtures"
    paths = sorted(folder.glob("*/*.html"))
    if not paths:
        raise DataMissing(f"no Firecrawl fixtures in {folder} (set WEBFOLD_DATA to the data directory)")
    return paths


def wcxb_paths(limit: int | None = WCXB_PAGES) -> list[Path]:
    """The WCXB development pages (``wcxb/dev/html/NNNN.html.gz``), sorted by name.

    Parameters
    ----------
    limit : int or None, default :data:`WCXB_PAGES`
        Keep the first ``limit`` pages; None keeps all.

    Raises
    ------
    DataMissing
        If there is none.
    """
    folder = data_root() / "wcxb" / "dev" / "html"
    paths = sorted(folder.glob("*.html.gz"))
    if not paths:
        raise DataMissing(f"no WCXB pages in {folder} (set WEBFOLD_DATA to the data directory)")
    return paths[:limit]


#: Corpus name → function listing its files.
CORPORA = {"firecrawl": firecrawl_paths, "wcxb": wcxb_paths}


def read(path: Path) -> bytes:
    """The file's bytes, gunzipped when the name ends in ``.gz``."""
    data = path.read_bytes()
    return gzip.decompress(data) if path.suffix == ".gz" else data


@functools.cache
def load(corpus: str) -> tuple[Page, ...]:
    """The pages of a corpus, read and decompressed into memory (cached).

    Parameters
    ----------
    corpus : {"firecrawl", "wcxb"}

    Raises
    ------
    DataMissing
        If the corpus's files are absent.
    """
    paths = CORPORA[corpus]()
    top = paths[0].parent if corpus == "wcxb" else paths[0].parent.parent
    return tuple(make_page(str(path.relative_to(top)), read(path), main_content(path))
                 for path in paths)


def main_content(path: Path) -> str | None:
    """The page's main content as the data set records it: a WCXB page's ground-truth
    ``main_content``; None for a Firecrawl fixture (its ``.expected.md`` holds a few
    lines only) or a page without ground truth.
    """
    if not path.name.endswith(".html.gz"):
        return None
    truth = path.parent.parent / "ground-truth" / (path.name.removesuffix(".html.gz") + ".json")
    if not truth.is_file():
        return None
    return json.loads(truth.read_text("utf-8")).get("ground_truth", {}).get("main_content")


def make_page(name: str, raw: bytes, reference: str | None = None) -> Page:
    """A :class:`Page` from a page's bytes (decodes it and finds its phrase).

    Parameters
    ----------
    name : str
    raw : bytes
    reference : str, optional
        The page's main content (see :func:`main_content`); the phrase is taken from
        paragraph text found in it.
    """
    text = as_text(raw)
    visible = _INVISIBLE.sub(" ", text)
    return Page(name, raw, text, known_phrase(visible, reference), bool(words(_TAG.sub(" ", visible))))


def as_text(raw: bytes) -> str:
    """The page as the peers get it: its bytes decoded as UTF-8, with replacement."""
    return raw.decode("utf-8", "replace")


def words(text: str) -> list[str]:
    """The text's words: lower-case runs of letters and digits.

    Markdown punctuation, escapes, link syntax and line wrapping all fall between
    words, so the words of a correct Markdown output include those of the HTML text.
    """
    return _WORD.findall(text.translate(_INVISIBLE_CHARS).lower())


def known_phrase(markup: str, reference: str | None = None) -> str | None:
    """The first :data:`PHRASE_WORDS` words of the longest run of plain text (text
    between two tags) inside a ``<p>`` element, joined by spaces.

    Parameters
    ----------
    markup : str
        The page with scripts, styles, comments and the like already removed.
    reference : str, optional
        The page's main content. When given, only runs whose phrase it contains count,
        so the phrase is not boilerplate a converter may rightly drop (a footer, a
        collapsed answer).

    Returns
    -------
    str or None
        None if no run qualifies with at least :data:`MIN_PHRASE_WORDS` words.
    """
    runs = (words(html.unescape(run)) for paragraph in _PARAGRAPH.finditer(markup)
            for run in _TAG.split(paragraph.group(1)))
    haystack = None if reference is None else _word_line(reference)
    for run in sorted((run for run in runs if len(run) >= MIN_PHRASE_WORDS), key=len, reverse=True):
        phrase = " ".join(run[:PHRASE_WORDS])
        if haystack is None or f" {phrase} " in haystack:
            return phrase
    return None


def _word_line(text: str) -> str:
    """The text's words joined by single spaces, with a space at each end."""
    return f" {' '.join(words(text))} "


def contains_phrase(output: str, phrase: str) -> bool:
    """True when ``output``'s words include ``phrase``'s words, consecutively."""
    return f" {phrase} " in _word_line(output)


def big_page(target: int = 10_000_000) -> bytes:
    """One page of at least ``target`` bytes: the bodies of WCXB development pages, in
    order, concatenated inside a single ``<html><body>``.

    Raises
    ------
    DataMissing
        If the WCXB pages are absent.
    """
    parts = [b'<!DOCTYPE html>\n<html><head><meta charset="utf-8"><title>Big page</title></head><body>\n']
    size = len(parts[0])
    for path in wcxb_paths(limit=None):
        found = _BODY.search(raw := read(path))
        parts.append(found.group(1) if found else raw)
        size += len(parts[-1])
        if size >= target:
            break
    parts.append(b"\n</body></html>\n")
    return b"".join(parts)
