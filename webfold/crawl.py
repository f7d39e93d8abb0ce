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
from collections import Counter
from collections.abc import Iterator

from webfold.bulk import ordered_map
from webfold.codings import undo_content_codings
from webfold.errors import WebfoldError
from webfold.pipeline import to_blocks
from webfold.render import render
from webfold.select import select_main

#: The share of a site's pages a block must be on to be template (``--template-share``).
TEMPLATE_SHARE = 0.5
#: ...and the fewest pages: on a site of two pages, nothing is template.
MIN_TEMPLATE_PAGES = 3
#: File names read as pages, also gzipped (``page.html.gz``).
PAGE_SUFFIXES = (".html", ".htm", ".xhtml", ".html.gz", ".htm.gz")


def page_files(folder: str) -> list[str]:
    """Every page file under ``folder`` (:data:`PAGE_SUFFIXES`), as paths relative to
    it, sorted, so that the output does not depend on the file system's order."""
    found = []
    for root, dirs, files in os.walk(folder):
        dirs.sort()
        for name in files:
            if name.lower().endswith(PAGE_SUFFIXES):
                found.append(os.path.relpath(os.path.join(root, name), folder))
    return sorted(found)


def site_of(relative: str) -> str:
    """The site a page belongs to: the first folder of its path when that looks like a
    host name (``example.com/blog/a.html``, as wget and HTTrack lay out mirrors), else
    ``""``: the whole folder is one site."""
    first = relative.replace(os.sep, "/").split("/", 1)[0]
    return first if "/" in relative.replace(os.sep, "/") and "." in first.strip(".") else ""


def _read(path: str, limit: int) -> bytes:
    """The page's bytes, gunzipped for a ``.gz`` name (at most ``limit`` bytes: more
    raises :class:`~webfold.errors.InputTooLargeError` in the conversion)."""
    with open(path, "rb") as handle:
        data = handle.read(limit + 1)
    if path.lower().endswith(".gz"):
        data, problem = undo_content_codings(data, "gzip", limit)
        if problem:
            raise ValueError(f"not a valid gzip file ({problem})")
    return data


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


def convert_page(job: tuple[str, str, frozenset[int], dict]) -> dict:
    """The result of one page: ``path`` (relative), ``title``, ``markdown``,
    ``blocks_content`` (blocks kept), ``template_blocks`` (content blocks dropped as
    template) and ``error``. ``job`` is the relative path, the folder, the site's
    template signatures and the conversion options (those of
    :func:`webfold.to_document`). Never raises."""
    relative, folder, template, options = job
    result = {"path": relative, "title": None, "markdown": None, "blocks_content": 0,
              "template_blocks": 0, "error": None}
    try:
        limit = options["max_input_bytes"]
        blocks = to_blocks(_read(os.path.join(folder, relative), limit), images=options["images"],
                           max_input_bytes=limit, safe_links=options["safe_links"],
                           data_images=options["data_images"])
        content = select_main(blocks, precision=options["precision"]) if options["selection"] else blocks
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


def crawl_folder(folder: str, options: dict, jobs: int, share: float = TEMPLATE_SHARE) -> Iterator[dict]:
    """The results (:func:`convert_page`) of every page under ``folder``, in path
    order: a first pass finds each site's template signatures, a second converts."""
    files = page_files(folder)
    signatures = list(ordered_map(page_signatures, [(os.path.join(folder, f), options) for f in files],
                                  jobs))
    sites: dict[str, list[set[int]]] = {}
    for relative, found in zip(files, signatures):
        if isinstance(found, set):
            sites.setdefault(site_of(relative), []).append(found)
    templates = {site: template_signatures(pages, share) for site, pages in sites.items()}
    yield from ordered_map(convert_page, [(f, folder, templates.get(site_of(f), frozenset()), options)
                                          for f in files], jobs)
