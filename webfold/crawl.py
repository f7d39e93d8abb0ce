"""Converting a saved site (``webfold crawl DIR``) with template removal: blocks that
recur on many pages of one site (site-wide menus, footers, newsletter boxes, cookie
texts that survived the element rules) are dropped from every page.

This is the idea of site-level boilerplate detection by repeated segments (Bar-Yossef
and Rajagopalan, "Template detection via data mining", WWW 2002): a block is template
when its signature (:attr:`webfold.Block.sig`, its normalized words) is on at least
``share`` of the site's pages and on at least :data:`MIN_TEMPLATE_PAGES` of them.
It runs after main-content selection: selection chooses each page's content, and
template removal then drops what the site repeats. A page whose content is all
template (a duplicate page) keeps it.
"""

from __future__ import annotations

import os
import stat
from collections import Counter
from collections.abc import Iterator

from webfold._scan import TokenFlag, TokenKind, scan_bytes
from webfold.build import without_chrome
from webfold.bulk import ordered_map
from webfold.codings import gunzip
from webfold.decode import decode
from webfold.errors import ContentTypeError, InputTooLargeError, RedirectRefusedError, WebfoldError
from webfold.pipeline import document_base, to_blocks
from webfold.render import render
from webfold.select import select_main
from webfold.streams import read_at_most
from webfold.tables import TAG_NAMES
from webfold.urls import Resolver, origin

#: The share of a site's pages a block must be on to be template (``--template-share``).
TEMPLATE_SHARE = 0.5
#: ...and the fewest pages: on a site of two pages, nothing is template.
MIN_TEMPLATE_PAGES = 3
#: File names read as pages, also gzipped (``page.html.gz``).
PAGE_SUFFIXES = (".html", ".htm", ".xhtml", ".html.gz", ".htm.gz", ".xhtml.gz")


def page_files(folder: str, problems: list[str] | None = None) -> list[str]:
    """Every page file under ``folder`` (:data:`PAGE_SUFFIXES`), as paths relative to
    it, sorted, so that the output does not depend on the file system's order.

    Regular files only: symbolic links are not followed (a mirror's link could point
    anywhere, or nowhere), and a FIFO named page.html would wait for a writer forever.
    A folder that cannot be read adds a line to ``problems``."""
    found = []

    def unreadable(error: OSError) -> None:
        if problems is not None:
            problems.append(f"{error.filename}: cannot read this folder ({error.strerror})")

    for root, dirs, files in os.walk(folder, onerror=unreadable):
        dirs.sort()
        for name in files:
            path = os.path.join(root, name)
            try:
                regular = stat.S_ISREG(os.lstat(path).st_mode)
            except OSError:
                regular = False         # gone since the folder was listed
            if name.lower().endswith(PAGE_SUFFIXES) and regular:
                found.append(os.path.relpath(path, folder))
    return sorted(found)


def site_of(relative: str) -> str:
    """The site a page belongs to: the first folder of its path when that looks like a
    host name (``example.com/blog/a.html``, as wget and HTTrack lay out mirrors), else
    ``""``: the whole folder is one site."""
    first = relative.replace(os.sep, "/").split("/", 1)[0]
    return first if "/" in relative.replace(os.sep, "/") and "." in first.strip(".") else ""


def _read(path: str, limit: int) -> bytes:
    """The page's bytes, gunzipped for a ``.gz`` name.

    Raises
    ------
    InputTooLargeError
        The file, or what it gunzips to, is over ``limit`` bytes.
    ValueError
        A ``.gz`` file that is not valid gzip.
    """
    with open(path, "rb") as handle:
        data = read_at_most(handle, limit + 1)
    if len(data) > limit:
        raise InputTooLargeError(f"the file is over the limit of {limit:,} bytes (--max-bytes)")
    return gunzip(data, limit) if path.lower().endswith(".gz") else data


def page_signatures(job: tuple[str, dict]) -> set[int] | str:
    """The signatures of the blocks with words on the page at ``job[0]`` (converted
    with the keyword arguments ``job[1]``), or the error text when it cannot be read."""
    path, options = job
    try:
        blocks = to_blocks(_read(path, options["max_input_bytes"]), images=options["images"],
                           max_input_bytes=options["max_input_bytes"])
    except (WebfoldError, OSError, EOFError, ValueError) as error:
        return f"{type(error).__name__}: {error}"
    return {block.sig for block in blocks if block.text.strip()}


def template_signatures(pages: list[set[int]], share: float = TEMPLATE_SHARE) -> frozenset[int]:
    """The signatures on at least ``share`` of ``pages`` (each page's set of block
    signatures) and on at least :data:`MIN_TEMPLATE_PAGES` of them."""
    counts = Counter(signature for signatures in pages for signature in signatures)
    needed = max(MIN_TEMPLATE_PAGES, share * len(pages))
    return frozenset(signature for signature, count in counts.items() if count >= needed)


def convert_page(job: tuple[str, str, str | None, frozenset[int], dict]) -> dict:
    """The result of one page: ``path`` (relative), ``title``, ``markdown``,
    ``blocks_content`` (blocks kept), ``template_blocks`` (content blocks dropped as
    template) and ``error``. ``job`` is the relative path, the folder, the page's
    address (None when unknown), the site's template signatures and the conversion
    options (those of :func:`webfold.to_document`). Never raises."""
    relative, folder, base, template, options = job
    result = {"path": relative, "title": None, "markdown": None, "blocks_content": 0,
              "template_blocks": 0, "error": None}
    try:
        limit = options["max_input_bytes"]
        candidates = to_blocks(_read(os.path.join(folder, relative), limit), base, images=options["images"],
                               max_input_bytes=limit, safe_links=options["safe_links"],
                               data_images=options["data_images"], chrome=options["selection"])
        blocks = without_chrome(candidates)
        content = (select_main(candidates, precision=options["precision"], hidden=options["hidden"])
                   if options["selection"] else blocks)
        kept = [block for block in content if block.sig not in template] or content
        from webfold.metadata import page_metadata

        result.update(title=page_metadata(blocks[0].page, blocks).title if blocks else None,
                      markdown=render(kept), blocks_content=len(kept),
                      template_blocks=len(content) - len(kept))
    except (WebfoldError, OSError, EOFError, ValueError) as error:
        result["error"] = f"{type(error).__name__}: {error}" if not isinstance(error, WebfoldError) \
            else str(error)
    except Exception as error:          # a bug: the page is reported and the run goes on
        result["error"] = f"internal error: {type(error).__name__}: {error}"
    return result


def crawl_folder(folder: str, options: dict, jobs: int, share: float | None = TEMPLATE_SHARE,
                 bases: dict[str, str] | None = None, files: list[str] | None = None) -> Iterator[dict]:
    """The results (:func:`convert_page`) of every page under ``folder``, in path
    order: a first pass finds each site's template signatures (none when ``share``
    is None: no template removal), a second converts. ``bases`` maps relative paths
    to page addresses (for a fetched site); ``files`` are the pages, when the caller
    has listed them (:func:`page_files`)."""
    files = page_files(folder) if files is None else files
    bases = bases or {}
    templates: dict[str, frozenset[int]] = {}
    if share is not None:
        signatures = ordered_map(page_signatures, [(os.path.join(folder, f), options) for f in files], jobs)
        sites: dict[str, list[set[int]]] = {}
        for relative, found in zip(files, signatures):
            if isinstance(found, set):
                sites.setdefault(site_of(relative), []).append(found)
        templates = {site: template_signatures(pages, share) for site, pages in sites.items()}
    yield from ordered_map(convert_page, [(f, folder, bases.get(f), templates.get(site_of(f), frozenset()),
                                           options) for f in files], jobs)


#: Pages ``webfold crawl URL`` fetches by default (``--max-pages``).
MAX_PAGES = 100
#: The longest ``Crawl-delay`` of robots.txt that is honoured, in seconds: a longer
#: one is taken as this (a crawl of 100 pages at a minute each is not a crawl).
MAX_CRAWL_DELAY = 10.0


def page_links(html: bytes, url: str) -> list[str]:
    """The absolute http(s) URLs that ``html`` (a page at ``url``) links to, in order,
    without fragments, each once: the ``href`` of every ``<a>`` and ``<area>`` start
    tag, read by the converter's own decoder and scanner (the page's encoding, raw
    text, comments, character references in attribute values and duplicate
    attributes as the HTML standard reads them, §13.2.5), resolved against the
    document's base URL as the converter reads it (:func:`webfold.pipeline.document_base`),
    so a link is followed where the page's Markdown leads: not from a ``<base>`` in a
    template, in SVG or MathML, in raw text or a comment, nor from one that the
    converter ignores (a ``javascript:`` one, say: every link would be unfollowable)."""
    from urllib.parse import urldefrag

    tokens = scan_bytes(decode(html).utf8)
    page = Resolver(url)
    base = document_base(html, url)
    resolve = page if base is None else page.rebased(base)
    seen, out = set(), []
    for index in range(len(tokens)):
        kind, number, _, _, flags = tokens[index]
        if kind != TokenKind.START_TAG or not flags & TokenFlag.HAS_ATTRIBUTES \
                or (TAG_NAMES[number] if number else tokens.name(index)) not in ("a", "area"):
            continue
        href = tokens.attribute(index, "href")
        if href is None:
            continue
        # (the resolver strips what the URL standard strips: C0 controls and spaces,
        # not a no-break space)
        target = urldefrag(resolve(href))[0]
        scheme, colon, rest = target.partition(":")
        target = scheme.lower() + colon + rest      # "HTTP://h/" is "http://h/" (RFC 3986 §3.1)
        if target.startswith(("http://", "https://")) and target not in seen:
            seen.add(target)
            out.append(target)
    return out


#: The part of a robots.txt that is read (RFC 9309 §2.5: at least 500 KiB).
ROBOTS_BYTES = 500 * 1024


#: The product token robots.txt groups are matched against (RFC 9309 §2.2.1). Pages
#: are fetched with a browser's User-Agent, which names no crawler.
ROBOTS_TOKEN = "webfold"


def robots_rules(url: str, user_agent: str, timeout: float, failures: list[str]):
    """The robots.txt rules of ``url``'s site (RFC 9309), parsed by Protego: ask
    ``can_fetch(url, ROBOTS_TOKEN)`` and ``crawl_delay(ROBOTS_TOKEN)`` (seconds, or
    None). A 4xx answer allows everything; a 5xx or a failed fetch disallows
    everything (§2.3.1.3, §2.3.1.4) and is added to ``failures``. ``user_agent`` is
    the header robots.txt is fetched with."""
    from urllib.parse import urlsplit

    from protego import Protego

    from webfold.errors import FetchError
    from webfold.fetch import Deadline, fetch

    parts = urlsplit(url)
    address = f"{parts.scheme}://{parts.netloc}/robots.txt"
    try:
        response = fetch(address, deadline=Deadline(timeout), user_agent=user_agent,
                         max_bytes=20 * ROBOTS_BYTES)
    except (FetchError, WebfoldError) as error:
        failures.append(f"{address}: {error}; nothing is fetched (RFC 9309 §2.3.1.4)")
        return Protego.parse("User-agent: *\nDisallow: /\n")
    if response.status >= 500:
        failures.append(f"{address}: HTTP {response.status}; nothing is fetched (RFC 9309 §2.3.1.4)")
        return Protego.parse("User-agent: *\nDisallow: /\n")
    if response.status >= 400:
        return Protego.parse("")
    # UTF-8 (§2.3), and a byte order mark is not a rule: Protego would stop at it.
    return Protego.parse(response.body[:ROBOTS_BYTES].decode("utf-8", "replace").lstrip("\ufeff"))


def crawl_site(url: str, folder: str, max_pages: int = MAX_PAGES, timeout: float = 20.0,
               user_agent: str | None = None, render: bool | None = None,
               notes: list[str] | None = None, failures: list[str] | None = None) -> dict[str, str]:
    """Fetch pages of ``url``'s site, breadth first from ``url``, at most
    ``max_pages`` requests (those that fail count too), following links and redirects
    to the same scheme, host and port that robots.txt allows (for ``ROBOTS_TOKEN``),
    and save each page's HTML under ``folder`` (host/path), once per final URL.
    Returns the saved files' relative paths mapped to their URLs (the base for their
    links; sites are compared by :func:`origin`). Pages that fail are skipped with a
    line in ``failures``; pages robots.txt forbids, redirects away, and links to what
    is not a page (a stylesheet, an image), with one in ``notes``, except that the
    start URL's go to ``failures``: a crawl that cannot start is an error.

    Uses :func:`webfold.scrape` (``render`` as there: None renders blocked or empty
    pages when a browser is available) and honours robots.txt's ``Crawl-delay`` up
    to :data:`MAX_CRAWL_DELAY` seconds.
    """
    import time

    from webfold.fetch import USER_AGENT
    from webfold.scraper import scrape

    user_agent = user_agent or USER_AGENT
    notes = notes if notes is not None else []
    failures = failures if failures is not None else []
    # written as the links to it are resolved ("http://h" is "http://h/"), so that a
    # link back to it is the same URL (it was fetched and saved twice: breaker of
    # session 41)
    url = Resolver(url).base or url
    site = origin(url)
    rules = robots_rules(url, user_agent, timeout, failures)
    if failures:
        return {}
    delay = min(float(rules.crawl_delay(ROBOTS_TOKEN) or 0), MAX_CRAWL_DELAY)

    def refusal(target: str) -> str | None:
        """Why ``target`` (a link, or a redirect) is not fetched, or None."""
        if origin(target) != site:
            return "another site"
        if not rules.can_fetch(target, ROBOTS_TOKEN):
            return "robots.txt disallows it"
        return None

    def skip(target: str, reason: str) -> None:
        # A start URL that gives no page is an error: the crawl would be empty.
        (failures if target == url else notes).append(f"{target}: skipped: {reason}")

    # pages are compared by _page_key: a link written with another case of host or
    # scheme, or an explicit port, is a page seen already (quick breaker of session 41:
    # "http://h:08741/x" fetched and saved "/x" again)
    queue, seen, done, saved, attempts = [url], {_page_key(url)}, set(), {}, 0
    while queue and attempts < max_pages:
        current = queue.pop(0)
        if (reason := refusal(current)) is not None:
            skip(current, reason)
            continue
        if attempts and delay:
            time.sleep(delay)
        attempts += 1
        try:
            result = scrape(current, timeout=timeout, user_agent=user_agent, render=render,
                            selection=False, follow=refusal)
        except (RedirectRefusedError, ContentTypeError) as error:
            # Off the site (http → https, example.com → www.example.com), forbidden,
            # or not a page (a stylesheet, an image).
            skip(current, str(error))
            continue
        except WebfoldError as error:
            failures.append(f"{current}: {error}")
            continue
        if not result.html:
            skip(current, f"not an HTML page ({result.content_type or 'no content'})")
            continue
        if (reason := refusal(result.final_url)) is not None:
            skip(current, f"the browser went to {result.final_url}: {reason}")
            continue
        final = _page_key(result.final_url)
        if final in done:
            continue            # a page fetched already, reached by a redirect
        done.add(final)
        seen.add(final)
        relative = _file_name(result.final_url, set(saved))
        target = os.path.join(folder, relative)
        try:
            os.makedirs(os.path.dirname(target), exist_ok=True)
            with open(target, "wb") as handle:
                handle.write(result.html)
        except OSError as error:     # a name the file system refuses
            failures.append(f"{current}: cannot be saved as {relative} ({error.strerror})")
        else:
            saved[relative] = result.final_url
        # its links are followed all the same: other pages may be reached only from it
        for link in page_links(result.html, result.final_url):
            if origin(link) == site and (key := _page_key(link)) not in seen:
                seen.add(key)
                queue.append(link)
    return saved


def _page_key(url: str) -> tuple:
    """``url`` as a crawl compares pages: its site as :func:`origin` reads it (case,
    default and explicit ports alike), its path (``/`` when empty) and its query."""
    from urllib.parse import urlsplit

    parts = urlsplit(url)
    return origin(url), parts.path or "/", parts.query


#: The longest folder or file name that a crawl writes for a piece of a URL, in UTF-8
#: bytes, before the query's hash, ".html" and a collision number are added (file
#: systems take 255 at most; a slug of 90 CJK characters is 270).
MAX_NAME_BYTES = 200


def _file_name(url: str, taken: set[str]) -> str:
    """A relative file name for the page at ``url``: host/path, ``index.html`` for a
    folder, the query hashed into the name, unsafe characters replaced, a piece longer
    than :data:`MAX_NAME_BYTES` cut and hashed, a folder named ``x.html_`` where the
    URL has ``x.html/``; where that is ``taken``, the first of ``_2``, ``_3``… after
    its stem that is not."""
    import hashlib
    import re
    from urllib.parse import unquote, urlsplit

    def short(piece: str) -> str:
        raw = piece.encode("utf-8", "surrogatepass")
        if len(raw) <= MAX_NAME_BYTES:
            return piece
        return raw[:MAX_NAME_BYTES - 9].decode("utf-8", "ignore") + "_" + hashlib.sha1(raw).hexdigest()[:8]

    parts = urlsplit(url)
    path = unquote(parts.path or "/")
    if path.endswith("/"):
        path += "index"
    path = re.sub(r"[^\w./-]", "_", path).strip("/")
    pieces = [short(piece) for piece in path.split("/") if piece not in ("", ".", "..")]
    # A folder is never named as a page's file is (those end in .html or .htm), so
    # that neither "/a.html" then "/a.html/b" nor the reverse order meets a file
    # where a folder must be, or the reverse (breakers of session 41)
    path = "/".join([piece + "_" if piece.lower().endswith((".html", ".htm")) else piece
                     for piece in pieces[:-1]] + pieces[-1:])
    if parts.query:
        path += "_" + hashlib.sha1(parts.query.encode("utf-8", "surrogatepass")).hexdigest()[:8]
    if not path.lower().endswith((".html", ".htm")):
        path += ".html"
    host = short(re.sub(r"[^\w.-]", "_", parts.netloc))
    if not host.strip("."):
        host = host.replace(".", "_")   # no "" or ".." folder: the name stays inside
    name = f"{host}/{path}"
    stem, number = name.rsplit(".", 1)[0], 1
    while name in taken:
        number += 1
        name = f"{stem}_{number}.html"
    return name
