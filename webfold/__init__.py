"""Webfold: HTML pages to clean Markdown.

The stages, one module each: :mod:`~webfold.decode` (bytes to text), ``_scan`` (the
Cython byte scanner: tokens), :mod:`~webfold.build` (tokens to blocks),
:mod:`~webfold.select` (main content), :mod:`~webfold.render` (blocks to Markdown);
:mod:`~webfold.pipeline` joins them. Pages from URLs: :mod:`~webfold.fetch` (HTTP),
:mod:`~webfold.classify`, :mod:`~webfold.browser` (headless Chromium), joined by
:mod:`~webfold.scraper`.
"""

from webfold.block import Block, Element, Page
from webfold.errors import (BinaryInputError, BrowserError, ContentTypeError, DecodeError, FetchError,
                            HTTPStatusError, InputTooLargeError, WebfoldError)
from webfold.pipeline import Document, to_blocks, to_document, to_markdown
from webfold.render import links, render
from webfold.select import ModelError, select_main

__version__ = "0.1.0"

#: Names served by other modules, imported on first use (PEP 562): a command that
#: converts a file should not pay for loading the fetching modules (10 ms) or the
#: metadata reader.
_LAZY = {"RenderOptions": "scraper", "Scrape": "scraper", "scrape": "scraper", "Metadata": "metadata"}


def __getattr__(name: str):
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(f"webfold.{_LAZY[name]}"), name)
    raise AttributeError(f"module 'webfold' has no attribute {name!r}")
__all__ = ["Block", "Document", "Element", "Metadata", "Page", "RenderOptions", "Scrape", "BinaryInputError",
           "BrowserError", "ContentTypeError", "DecodeError", "FetchError", "HTTPStatusError",
           "InputTooLargeError", "ModelError", "WebfoldError", "links", "render", "scrape", "select_main",
           "to_blocks", "to_document", "to_markdown", "__version__"]
