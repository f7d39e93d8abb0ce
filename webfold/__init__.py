"""Webfold: HTML pages to clean Markdown.

The stages, one module each: :mod:`~webfold.decode` (bytes to text), ``_scan`` (the
Cython byte scanner: tokens), :mod:`~webfold.build` (tokens to blocks),
:mod:`~webfold.select` (main content), :mod:`~webfold.render` (blocks to Markdown);
:mod:`~webfold.pipeline` joins them.
"""

from webfold.block import Block, Element, Page
from webfold.errors import BinaryInputError, DecodeError, InputTooLargeError, WebfoldError
from webfold.metadata import Metadata
from webfold.pipeline import Document, to_blocks, to_document, to_markdown
from webfold.render import links, render
from webfold.select import ModelError, select_main

__version__ = "0.1.0"
__all__ = ["Block", "Document", "Element", "Metadata", "Page", "BinaryInputError", "DecodeError", "InputTooLargeError",
           "ModelError", "WebfoldError", "links", "render", "select_main", "to_blocks", "to_document",
           "to_markdown", "__version__"]
