"""The errors Webfold raises: one base class, so callers can catch them all."""

from __future__ import annotations


class WebfoldError(Exception):
    """Base class of every error Webfold raises on purpose."""


class DecodeError(WebfoldError):
    """The input's bytes could not be turned into text (an encoding with no decoder)."""


class BinaryInputError(DecodeError):
    """The input is a binary file (an image, an archive, a PDF, ...), not HTML: its
    first bytes hold control characters and the signature of a known binary format."""


class InputTooLargeError(WebfoldError):
    """The input is larger than the caller's ``max_input_bytes`` limit."""
