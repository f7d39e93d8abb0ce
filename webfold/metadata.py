"""Page metadata: title, author, dates, language, description, canonical URL, site name
and type, from the facts the builder notes (:class:`webfold.block.Page`) and the blocks.

Each field takes the first source that has it. The sources are, in order of trust,
``<title>``, ``<meta>`` (HTML's standard names, Dublin Core, microdata), Open Graph
(https://ogp.me), Twitter cards, JSON-LD (https://schema.org) and ``<html lang>``, with
what the page shows its reader where that measured better on the WCXB development
split (``python -m bench.metadata``):

- title: the first ``<h1>``; else ``<title>`` without the site name; else ``<meta>``,
  Open Graph, Twitter, JSON-LD;
- author: ``<meta>``, Open Graph, Twitter, JSON-LD, then a "By ..." line near the
  title (profile URLs and ``@handles`` are not names);
- published: ``<meta>`` and Open Graph, then a date written near the title, then
  JSON-LD, then the first ``<time datetime>``;
- the other fields: ``<meta>``, Open Graph, Twitter, JSON-LD, ``<html lang>``.

Dates are written in ISO 8601; a value that does not parse as a date is left out,
never guessed.
"""

from __future__ import annotations

import html
import re
from dataclasses import asdict, dataclass, field
from datetime import date, datetime
from urllib.parse import urljoin, urlsplit

from webfold.block import Block, Page
from webfold.decode import without_controls, without_surrogates
from webfold.payloads import json_ld_items, types_of

#: ``<meta>`` keys of each field, most trusted first: HTML and Dublin Core names,
#: then Open Graph, then Twitter cards.
META_KEYS = {
    "title": ("title", "dc.title", "og:title", "twitter:title"),
    "author": ("author", "dc.creator", "article:author", "twitter:creator"),
    "published": ("date", "pubdate", "publishdate", "publish-date", "publish_date", "dc.date",
                  "dc.date.issued", "dcterms.created", "dcterms.issued", "citation_publication_date",
                  "article:published_time", "og:published_time", "datepublished"),
    "modified": ("last-modified", "dcterms.modified", "article:modified_time", "og:updated_time",
                 "datemodified"),
    "language": ("content-language", "language", "dc.language", "og:locale"),
    "description": ("description", "dc.description", "og:description", "twitter:description"),
    "site_name": ("application-name", "og:site_name"),
    "canonical": ("og:url",),
}
#: JSON-LD types whose item describes the page itself, in order of preference.
MAIN_TYPES = ("newsarticle", "article", "blogposting", "techarticle", "report", "scholarlyarticle",
              "discussionforumposting", "socialmediaposting", "product", "recipe", "howto",
              "qapage", "faqpage", "collectionpage", "itempage", "webpage")
#: Separators between a title and the site name in ``<title>``.
TITLE_SEPARATORS = re.compile(r"\s+[|\u2013\u2014\u00b7\u2022:/\\-]{1,2}\s+")
_DAY_FIRST = re.compile(r"(\d{1,2})[./](\d{1,2})[./](\d{4})")
_YEAR_FIRST = re.compile(r"(\d{4})[./](\d{1,2})[./](\d{1,2})")
#: Dates as pages write them near a headline (ISO, "March 5, 2024", "5 March 2024").
_MONTH = r"(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)[a-z]*\.?"
_WRITTEN_DATE = re.compile(rf"\b\d{{4}}-\d{{2}}-\d{{2}}\b|\b{_MONTH} \d{{1,2}},? \d{{4}}\b|\b\d{{1,2}} {_MONTH},? \d{{4}}\b")
_BYLINE = re.compile(r"(?:by|written by|posted by)[:\s]+([^|\u2022\u00b7\n]+?)(?:\s+(?:on|[|\u2022\u00b7])\s.*)?$", re.IGNORECASE)
#: The longest paragraph read as a byline, in characters.
BYLINE_CHARS = 120
#: Blocks either side of the title searched for a written date or a byline.
DATE_REACH = 3
_WRITTEN_DATE_FORMATS = ("%B %d, %Y", "%b %d, %Y", "%d %B %Y", "%d %b %Y", "%B %d %Y", "%b %d %Y",
                         "%b. %d, %Y", "%d %B, %Y", "%d %b, %Y")


@dataclass(slots=True)
class Metadata:
    """What a page says about itself. A field is None when no source gives it."""

    #: the title, without the site name when ``<title>`` appends it
    title: str | None = None
    #: author names, ``"; "`` between several
    author: str | None = None
    #: publication date and time, ISO 8601 (``2024-03-05`` or ``2024-03-05T08:00:00+00:00``)
    published: str | None = None
    #: last modification, ISO 8601
    modified: str | None = None
    #: BCP 47 language tag, e.g. ``en-US``
    language: str | None = None
    description: str | None = None
    #: the canonical address, resolved against the document's base URL (``Page.base``)
    #: or else the page address
    canonical: str | None = None
    site_name: str | None = None
    #: ``og:type``
    og_type: str | None = None
    #: the JSON-LD ``@type`` names of the page's items and their parts, each once, in order
    ld_types: list[str] = field(default_factory=list)

    def as_dict(self) -> dict:
        """The fields as a JSON-ready dict."""
        return asdict(self)


def page_metadata(page: Page, blocks: list[Block] = ()) -> Metadata:
    """The metadata of a page, from its :class:`~webfold.block.Page` facts and blocks.

    Parameters
    ----------
    page : Page
        ``blocks[0].page``, or the page :func:`webfold.to_document` built.
    blocks : list of Block, optional
        Every block of the page: the title is the first ``<h1>`` when there is one
        (what a reader sees as the title: on the WCXB development split it matches the
        annotators' title on 69% of pages, ``<title>`` on 43%; ``python -m
        bench.metadata``), and a date written near it is the publication date when no
        page fact gives one.

    Returns
    -------
    Metadata
    """
    meta = page.meta
    item, publisher = _main_json_ld(page.json_ld)

    def first(name: str, *more: str | None, read=lambda value: value) -> str | None:
        """The first value of the field's sources that ``read`` accepts (returns
        something true for): a date that does not parse gives way to the next source."""
        for value in [meta.get(key) for key in META_KEYS[name]] + list(more):
            found = read(_text(value)) if value else None
            if found:
                return found
        return None

    site = first("site_name", _name(publisher))
    h1 = next((index for index, block in enumerate(blocks) if block.kind == "heading" and block.level == 1), -1)
    title = (blocks[h1].text if h1 >= 0 else "") or _clean_title(page.title, site, page.url) \
        or first("title", _text(item.get("headline")), _text(item.get("name")))
    entity = item.get("mainEntity") if isinstance(item.get("mainEntity"), dict) else {}
    author = next((name for name in (first("author"), _authors(item.get("author")),
                                     _authors(entity.get("author")), _byline(blocks, h1))
                   if name and not name.startswith(("http://", "https://", "@"))), None)
    published = first("published", read=_iso_date) or _written_date(blocks, h1) or next(
        (date for date in map(_iso_date, (_text(item.get("datePublished")), *page.times)) if date), None)
    canonical = _text(page.canonical) or first("canonical", _text(item.get("url")))
    if canonical and (page.base or page.url):
        try:
            canonical = urljoin(page.base or page.url, canonical)
        except ValueError:                  # "http://[oops/": not an address
            canonical = None
    return Metadata(
        title=_text(title) or None, author=_text(author) or None, published=published,
        modified=first("modified", _text(item.get("dateModified")), read=_iso_date),
        language=first("language", _text(item.get("inLanguage")), page.lang, read=_language),
        description=_text(first("description", _text(item.get("description")))) or None,
        canonical=canonical or None, site_name=_text(site) or None, og_type=page.og_type or None,
        ld_types=list(dict.fromkeys(page.ld_types)))


def _byline(blocks: list[Block], h1: int) -> str | None:
    """The name in a short "By ..." line among the blocks around the title: one to
    five words, each capitalized ("By clicking Subscribe, you agree" is no byline)."""
    low = max(h1 - DATE_REACH, 0) if h1 >= 0 else 0
    for block in blocks[low: low + 2 * DATE_REACH + 1]:
        # a byline is a short paragraph (not "By Any Means", a heading): the regex
        # sees at most BYLINE_CHARS characters
        if block.kind != "paragraph" or len(block.text) > BYLINE_CHARS:
            continue
        text = " ".join(block.text.split())
        match = _BYLINE.match(text) if len(text.split()) <= 8 else None
        name = match.group(1).strip() if match else ""
        if name and len(name.split()) <= 5 and all(word[:1].isupper() for word in name.split()):
            return name
    return None


def _written_date(blocks: list[Block], h1: int) -> str | None:
    """The first date written in the blocks around the title (:data:`DATE_REACH`
    blocks either side of the first ``<h1>``, else the first blocks)."""
    low = max(h1 - DATE_REACH, 0) if h1 >= 0 else 0
    for block in blocks[low: low + 2 * DATE_REACH + 1]:
        for match in _WRITTEN_DATE.finditer(block.text):
            found = _iso_date(match.group(0))
            if found:
                return found
    return None


def _main_json_ld(texts: list[str]) -> tuple[dict, dict]:
    """The JSON-LD item that describes the page (the first of the most preferred of
    :data:`MAIN_TYPES`), and the item that names the site: the main item's publisher,
    else a WebSite item, else an Organization ({} when absent)."""
    items = []
    for text in texts:
        try:
            items.extend(json_ld_items(text))
        except (ValueError, RecursionError):
            continue
    kinds = [types_of(item) for item in items]
    main = next((item for kind in MAIN_TYPES for item, found in zip(items, kinds) if kind in found), {})
    publisher = main.get("publisher")
    if isinstance(publisher, dict):
        return main, publisher
    site = next((item for item, found in zip(items, kinds) if "website" in found),
                next((item for item, found in zip(items, kinds) if "organization" in found), {}))
    return main, site


def _text(value) -> str:
    """A string value with white space collapsed, references decoded (JSON-LD often
    holds "It&#8217;s"), control characters dropped (as from the page's text) and
    lone surrogates replaced."""
    if not isinstance(value, str):
        return ""
    value = html.unescape(value) if "&" in value else value
    return without_surrogates(" ".join(without_controls(value).split()))


def _name(value) -> str:
    if isinstance(value, list):
        value = value[0] if value else None
    return _text(value.get("name")) if isinstance(value, dict) else _text(value)


def _authors(value) -> str:
    """JSON-LD authors as a reader writes them: "A", "A and B", "A, B and C"."""
    names = list(dict.fromkeys(n for n in (_name(v) for v in (value if isinstance(value, list) else [value]))
                               if n and not n.startswith(("http://", "https://"))))
    return ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else "".join(names)


def _clean_title(title: str, site: str | None, url: str | None) -> str:
    """``<title>`` without a leading or trailing site name: the part a separator cuts
    off is dropped when it is the site name or the page's host ("Node.js - Wikipedia"
    keeps "Node.js" unless the page is on node.js)."""
    title = _text(title)
    separators = list(TITLE_SEPARATORS.finditer(title))
    if not separators:
        return title
    try:
        host = (urlsplit(url).hostname or "") if url else ""
    except ValueError:
        host = ""
    names = {name for name in (site.lower() if site else "", host, host.removeprefix("www.")) if name}

    def is_site(part: str) -> bool:
        return part.strip().lower() in names

    if is_site(title[separators[-1].end():]):
        return title[:separators[-1].start()]
    if is_site(title[:separators[0].start()]):
        return title[separators[0].end():]
    return title


def _language(value: str | None) -> str | None:
    """A BCP 47 tag: ``en_US`` → ``en-US``; None for what is not a tag."""
    if not value:
        return None
    tag = value.strip().split(",")[0].strip().replace("_", "-")
    if not re.fullmatch(r"[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*", tag):
        return None
    first, *rest = tag.split("-")
    return "-".join([first.lower()] + [part.upper() if len(part) == 2 else part for part in rest])


def _iso_date(value: str | None) -> str | None:
    """ISO 8601 for a date written in ISO 8601, RFC 2822, ``d.m.yyyy``, ``yyyy/m/d``,
    ``d/m/yyyy`` (only when the day is over 12 or equals the month: ``03/04/2024`` is
    March in the US and April elsewhere) or with an English month name; None when it
    does not parse or is out of range."""
    if not value:
        return None
    text = value.strip()
    parsed: date | datetime | None = None
    try:
        parsed = datetime.fromisoformat(text.replace("Z", "+00:00") if text.endswith("Z") else text)
        if len(text) <= 10:
            parsed = parsed.date()
    except ValueError:
        parsed = _other_date(text)
    if parsed is None or not 1900 <= parsed.year <= 2100:
        return None
    return parsed.isoformat()


def _other_date(text: str) -> date | datetime | None:
    from email.utils import parsedate_to_datetime    # here: most pages write ISO 8601

    try:
        return parsedate_to_datetime(text)
    except (TypeError, ValueError, IndexError, OverflowError):
        pass
    for pattern, order in ((_YEAR_FIRST, (0, 1, 2)), (_DAY_FIRST, (2, 1, 0))):
        match = pattern.fullmatch(text)
        if match:
            numbers = [int(part) for part in match.groups()]
            if pattern is _DAY_FIRST and "/" in text and numbers[0] <= 12 and numbers[1] <= 12 \
                    and numbers[0] != numbers[1]:
                return None                 # 03/04/2024: March 4 in the US, 3 April elsewhere
            try:
                return date(numbers[order[0]], numbers[order[1]], numbers[order[2]])
            except ValueError:
                return None
    for layout in _WRITTEN_DATE_FORMATS:
        try:
            return datetime.strptime(text, layout).date()
        except ValueError:
            continue
    return None

