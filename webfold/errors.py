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


class FetchError(WebfoldError):
    """A page could not be fetched: a malformed URL, a DNS failure, a refused
    connection, a TLS failure, a timeout, too many redirects, or an HTTP error status
    (:class:`HTTPStatusError`)."""


class HTTPStatusError(FetchError):
    """The server answered with an error status (4xx or 5xx), kept in ``status``."""

    def __init__(self, message: str, status: int):
        super().__init__(message)
        self.status = status


class RedirectRefusedError(FetchError):
    """A redirect led where the caller's ``follow`` check refused to go (a crawl's
    other site, or a path robots.txt disallows); nothing was requested there."""


class ContentTypeError(WebfoldError):
    """A response is of a type Webfold does not convert (not HTML, text or PDF)."""


class BrowserError(WebfoldError):
    """A page could not be rendered: no browser is available, or it failed."""
