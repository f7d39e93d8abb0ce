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

from webfold.codings import undo_content_codings
from webfold.errors import FetchError, InputTooLargeError, RedirectRefusedError

#: Redirects followed before giving up, as in the issue and in curl's ``--max-redirs``
#: (browsers allow about 20).
MAX_REDIRECTS = 10
#: Seconds the whole acquisition may take by default (the CLI's ``--timeout``).
TIMEOUT = 20.0
#: The longest timeout taken, a day: Playwright's timers overflow at 2^31 ms (24.8
#: days) and the clock arithmetic of sockets earlier.
MAX_TIMEOUT = 86_400
#: A current desktop Chrome's User-Agent: many sites answer other clients with a
#: reduced page or a bot wall (``--user-agent`` overrides it).
USER_AGENT = ("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) "
              "Chrome/131.0.0.0 Safari/537.36")
#: The other request headers a browser sends for a top-level navigation, and the
#: content codings :mod:`webfold.codings` undoes.
HEADERS = {
    "Accept": "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
    "Accept-Language": "en-US,en;q=0.9",
    "Accept-Encoding": "gzip, deflate, br",
}


class Deadline:
    """A point in time (``time.monotonic`` seconds) that an acquisition must end by."""

    def __init__(self, seconds: float):
        if not 0 < seconds <= MAX_TIMEOUT:
            raise ValueError(f"a timeout is above 0 and at most {MAX_TIMEOUT:,} seconds, not {seconds}")
        self.seconds = seconds
        self.end = time.monotonic() + seconds

    def left(self) -> float:
        """Seconds left, at least a millisecond (a zero timeout means none to httpx)."""
        return max(self.end - time.monotonic(), 0.001)

    def passed(self) -> bool:
        return time.monotonic() >= self.end


class Response:
    """What :func:`fetch` got: the last response of the redirect chain. (A plain class:
    the command line imports this module, and :mod:`dataclasses` costs start-up.)"""

    __slots__ = ("url", "final_url", "status", "reason", "content_type", "charset", "body", "chain",
                 "note")

    def __init__(self, *, url: str, final_url: str, status: int, reason: str, content_type: str,
                 charset: str | None, body: bytes, chain: list[str] | None = None,
                 note: str | None = None) -> None:
        #: the URL asked for
        self.url = url
        #: the URL that answered, after redirects
        self.final_url = final_url
        #: the HTTP status code of that answer
        self.status = status
        #: its reason phrase ("Not Found"), or "" when it sent none
        self.reason = reason
        #: the media type of its ``Content-Type`` header, lower case without parameters
        #: ("text/html"), or "" when it sent none
        self.content_type = content_type
        #: the ``charset`` parameter of ``Content-Type``, or None
        self.charset = charset
        #: the body, with its content coding (gzip, deflate, br) undone
        self.body = body
        #: the URLs of the redirect chain, the asked one first, the final one last
        self.chain = [] if chain is None else chain
        #: a body cut short or a content coding left in place, or None
        self.note = note

    def __repr__(self) -> str:
        return f"Response(final_url={self.final_url!r}, status={self.status}, {len(self.body):,} bytes)"


def fetch(url: str, *, deadline: Deadline, user_agent: str = USER_AGENT,
          max_bytes: int = 200_000_000, follow=None) -> Response:
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
    follow : callable, optional
        ``follow(url)`` is asked before each redirect is followed: None lets it go,
        a string (the reason) stops the fetch with :class:`RedirectRefusedError`.

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
        :class:`~webfold.errors.RedirectRefusedError` when ``follow`` refuses a redirect.
    InputTooLargeError
        The body is larger than ``max_bytes``.
    """
    # httpx's timeouts bound each read, and a server that sends a header byte a
    # second, or a DNS lookup that stalls, never trips them: the deadline bounds the
    # fetch from outside, and closing the client under the thread makes its read fail.
    clients: list = []

    def close_clients():
        for client in clients:
            try:
                client.close()
            except Exception:       # closing under a busy thread: it fails its read
                pass

    result = bounded(lambda: _attempt(url, deadline, user_agent, max_bytes, clients, follow),
                     deadline, on_timeout=close_clients, name="webfold-fetch")
    if isinstance(result, Exception):
        raise result
    return result


def bounded(work, deadline: Deadline, *, grace: float = 0.0, on_timeout=None, name: str):
    """Run ``work()`` in a daemon thread and return what it returns (or raise what it
    raises), but no later than ``grace`` seconds after ``deadline``: a call that waits
    on a peer which never answers cannot hold the caller. ``on_timeout()``, if given,
    is called when the time is up, to make the work fail (by closing what it reads);
    a thread that still does not end is left behind, a daemon.

    Raises
    ------
    FetchError
        "timed out after N s" when the time is up.
    """
    import threading

    outcome: list = []

    def run():
        try:
            outcome.append((True, work()))
        except BaseException as error:      # handed to the caller, who raises it
            outcome.append((False, error))

    worker = threading.Thread(target=run, daemon=True, name=name)
    worker.start()
    worker.join(deadline.left() + grace)
    if not outcome:
        if on_timeout is not None:
            on_timeout()
        raise FetchError(f"timed out after {deadline.seconds:g} s")
    returned, value = outcome[0]
    if not returned:
        raise value
    return value


def _attempt(url: str, deadline: Deadline, user_agent: str, max_bytes: int, clients: list, follow):
    """:func:`fetch`'s work, in its thread: the :class:`Response`, or the
    :class:`FetchError` or :class:`InputTooLargeError` to raise (returned, not raised)."""
    import httpx

    headers = {**HEADERS, "User-Agent": user_agent}
    try:
        with httpx.Client(headers=headers, follow_redirects=False, timeout=deadline.left(),
                          verify=_tls_context()) as client:
            clients.append(client)
            request = client.build_request("GET", _checked(url), timeout=deadline.left())
            chain = [url]
            while True:
                response = client.send(request, stream=True)
                try:
                    if response.next_request is None:
                        body, note = _read(response, deadline, max_bytes)
                        return _response(url, response, body, chain, note)
                finally:
                    response.close()
                if len(chain) > MAX_REDIRECTS:
                    loop = " (a redirect loop)" if len(set(chain)) < len(chain) else ""
                    return FetchError(f"too many redirects: more than {MAX_REDIRECTS}{loop}")
                request = response.next_request
                _checked(str(request.url))
                if follow is not None and (reason := follow(str(request.url))) is not None:
                    return RedirectRefusedError(f"redirected to {request.url}, not followed: {reason}")
                request.extensions["timeout"] = httpx.Timeout(deadline.left()).as_dict()
                chain.append(str(request.url))
    except (FetchError, InputTooLargeError) as error:
        return error
    except httpx.TimeoutException:
        return FetchError(f"timed out after {deadline.seconds:g} s")
    except httpx.InvalidURL as error:
        return FetchError(f"not a valid URL ({error})")
    except httpx.UnsupportedProtocol as error:
        return FetchError(f"not an http or https URL ({error})")
    except httpx.TransportError as error:
        return FetchError(f"timed out after {deadline.seconds:g} s" if deadline.passed() else _cause(error))
    except (UnicodeError, ValueError) as error:     # a host name IDNA refuses, a bad header
        return FetchError(f"not a valid URL or request ({type(error).__name__}: {error})")
    except RuntimeError as error:                   # the client closed at the deadline
        return FetchError(f"timed out after {deadline.seconds:g} s ({error})")


def _checked(url: str) -> str:
    """``url``, after the checks httpx leaves out: a port in 0–65535 (httpx wraps a
    larger one around)."""
    from urllib.parse import urlsplit

    try:
        urlsplit(url).port
    except ValueError as error:
        raise FetchError(f"not a valid URL ({error})") from None
    return url


@functools.cache
def _tls_context():
    """The TLS context of every fetch, made once: loading the CA certificates
    (certifi's, as httpx does by default) takes about 30 ms."""
    import httpx

    return httpx.create_ssl_context()


def _read(response, deadline: Deadline, max_bytes: int) -> tuple[bytes, str | None]:
    """The body with its codings undone, and a note when it is incomplete.

    The raw bytes are read (``iter_raw``) and decoded here, not by httpx: the deadline
    is then checked on every chunk that arrives, even chunks that decode to nothing
    (an endless gzip header), and the decoding is capped at ``max_bytes`` of output
    (:func:`webfold.codings.undo_content_codings`), so a bomb of a few hundred bytes
    never fills memory. A body that ends early (the server closes before its
    Content-Length, a chunked body without its last chunk) keeps what arrived, with a
    note."""
    import httpx

    chunks, size, note = [], 0, None
    try:
        for chunk in response.iter_raw():
            size += len(chunk)
            if size > max_bytes:
                raise InputTooLargeError(f"the response is over the limit of {max_bytes:,} bytes")
            if deadline.passed():
                raise FetchError(f"timed out after {deadline.seconds:g} s")
            chunks.append(chunk)
    except (httpx.RemoteProtocolError, httpx.ReadError) as error:
        if not chunks:
            raise
        note = f"the body was cut short ({error}); what arrived is converted"
    body, coding_note = undo_content_codings(b"".join(chunks), response.headers.get("content-encoding"),
                                             max_bytes)
    return body, " ".join(filter(None, (note, coding_note))) or None


def _response(url: str, response, body: bytes, chain: list[str], note: str | None) -> Response:
    media = response.headers.get("content-type", "").split(";", 1)[0].strip().lower()
    reason = response.reason_phrase
    return Response(url=url, final_url=str(response.url), status=response.status_code,
                    reason=reason if isinstance(reason, str) else "", content_type=media,
                    charset=_charset(response), body=body, chain=chain, note=note)


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
