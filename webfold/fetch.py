"""Fetching a page over HTTP(S) with httpx, as a careful client does.

Redirects are followed here, not by httpx, so that the whole acquisition (every hop,
and the reading of the body) fits in one deadline: httpx's timeouts bound each
network operation, not their sum. httpx is imported by :func:`fetch` itself: the
command line reads this module's defaults, and ``webfold md`` should not pay for
importing an HTTP client.
"""

from __future__ import annotations

import functools
import time
from dataclasses import dataclass, field

from webfold.errors import FetchError, InputTooLargeError

#: Redirects followed before giving up, as in the issue and in curl's ``--max-redirs``
#: (browsers allow about 20).
MAX_REDIRECTS = 10
#: Seconds the whole acquisition may take by default (the CLI's ``--timeout``).
TIMEOUT = 20.0
#: A current desktop Chrome's User-Agent: many sites answer other clients with a
#: reduced page or a bot wall (``--user-agent`` overrides it).
USER_AGENT = ("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) "
              "Chrome/131.0.0.0 Safari/537.36")
#: The other request headers a browser sends for a top-level navigation. httpx adds
#: ``Accept-Encoding`` itself: gzip, deflate, and br when a brotli decoder is installed.
HEADERS = {
    "Accept": "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
    "Accept-Language": "en-US,en;q=0.9",
}


class Deadline:
    """A point in time (``time.monotonic`` seconds) that an acquisition must end by."""

    def __init__(self, seconds: float):
        self.seconds = seconds
        self.end = time.monotonic() + seconds

    def left(self) -> float:
        """Seconds left, at least a millisecond (a zero timeout means none to httpx)."""
        return max(self.end - time.monotonic(), 0.001)

    def passed(self) -> bool:
        return time.monotonic() >= self.end


@dataclass(slots=True)
class Response:
    """What :func:`fetch` got: the last response of the redirect chain."""

    #: the URL asked for
    url: str
    #: the URL that answered, after redirects
    final_url: str
    #: the HTTP status code of that answer
    status: int
    #: its reason phrase ("Not Found"), or "" when it sent none
    reason: str
    #: the media type of its ``Content-Type`` header, lower case without parameters
    #: ("text/html"), or "" when it sent none
    content_type: str
    #: the ``charset`` parameter of ``Content-Type``, or None
    charset: str | None
    #: the body, with its content coding (gzip, deflate, br) undone
    body: bytes
    #: the URLs of the redirect chain, the asked one first, the final one last
    chain: list[str] = field(default_factory=list)


def fetch(url: str, *, deadline: Deadline, user_agent: str = USER_AGENT,
          max_bytes: int = 200_000_000) -> Response:
    """GET ``url``, following up to :data:`MAX_REDIRECTS` redirects.

    Parameters
    ----------
    url : str
        An ``http:`` or ``https:`` URL.
    deadline : Deadline
        When everything (connecting, every redirect, reading the body) must be over.
    user_agent : str
        The ``User-Agent`` header.
    max_bytes : int
        The largest body accepted, in bytes after the content coding is undone.

    Returns
    -------
    Response
        Whatever its status: a 404 or a 503 is a response, and the caller decides.

    Raises
    ------
    FetchError
        A malformed URL, a DNS failure, a refused connection, a TLS failure, a
        timeout, more than :data:`MAX_REDIRECTS` redirects, or a broken response.
        The message names the cause in one line (not the URL: callers add it).
    InputTooLargeError
        The body is larger than ``max_bytes``.
    """
    import httpx

    headers = {**HEADERS, "User-Agent": user_agent}
    try:
        with httpx.Client(headers=headers, follow_redirects=False, timeout=deadline.left(),
                          verify=_tls_context()) as client:
            request = client.build_request("GET", url, timeout=deadline.left())
            chain = [url]
            while True:
                response = client.send(request, stream=True)
                try:
                    if response.next_request is None:
                        body = _read(response, deadline, max_bytes)
                        return _response(url, response, body, chain)
                finally:
                    response.close()
                if len(chain) > MAX_REDIRECTS:
                    loop = " (a redirect loop)" if len(set(chain)) < len(chain) else ""
                    raise FetchError(f"too many redirects: more than {MAX_REDIRECTS}{loop}")
                request = response.next_request
                request.extensions["timeout"] = httpx.Timeout(deadline.left()).as_dict()
                chain.append(str(request.url))
    except httpx.TimeoutException:
        raise FetchError(f"timed out after {deadline.seconds:g} s") from None
    except httpx.InvalidURL as error:
        raise FetchError(f"not a valid URL ({error})") from None
    except httpx.UnsupportedProtocol as error:
        raise FetchError(f"not an http or https URL ({error})") from None
    except httpx.TransportError as error:
        raise FetchError(_cause(error)) from None
    except httpx.DecodingError as error:
        raise FetchError(f"the response's content coding is broken ({error})") from None


@functools.cache
def _tls_context():
    """The TLS context of every fetch, made once: loading the CA certificates
    (certifi's, as httpx does by default) takes about 30 ms."""
    import httpx

    return httpx.create_ssl_context()


def _read(response, deadline: Deadline, max_bytes: int) -> bytes:
    """The decoded body, chunk by chunk: the deadline is checked between chunks (a
    server that drips bytes never trips a per-read timeout), and the size after
    decoding, so that a small gzip bomb is stopped early."""
    chunks, size = [], 0
    for chunk in response.iter_bytes():
        size += len(chunk)
        if size > max_bytes:
            raise InputTooLargeError(f"the response is over the limit of {max_bytes:,} bytes")
        if deadline.passed():
            raise FetchError(f"timed out after {deadline.seconds:g} s")
        chunks.append(chunk)
    return b"".join(chunks)


def _response(url: str, response, body: bytes, chain: list[str]) -> Response:
    media = response.headers.get("content-type", "").split(";", 1)[0].strip().lower()
    reason = response.reason_phrase
    return Response(url=url, final_url=str(response.url), status=response.status_code,
                    reason=reason if isinstance(reason, str) else "", content_type=media,
                    charset=_charset(response), body=body, chain=chain)


def _charset(response) -> str | None:
    try:
        return response.charset_encoding
    except (LookupError, ValueError):
        return None


def _cause(error: Exception) -> str:
    """One line for a connection failure, from the exception that caused it: a DNS
    failure, a refused connection, a TLS failure, or what the error says."""
    import socket     # here: the CLI imports this module for its defaults
    import ssl

    seen = error
    while seen is not None:
        if isinstance(seen, socket.gaierror):
            return f"DNS lookup failed ({seen.strerror or seen})"
        if isinstance(seen, ssl.SSLCertVerificationError):
            return f"TLS certificate not trusted ({seen.verify_message or seen.reason or seen})"
        if isinstance(seen, ssl.SSLError):
            return f"TLS failed ({seen.reason or seen})"
        if isinstance(seen, ConnectionRefusedError):
            return "connection refused"
        seen = seen.__cause__ or seen.__context__
    text = str(error)
    return f"{type(error).__name__}: {text}" if text else type(error).__name__
