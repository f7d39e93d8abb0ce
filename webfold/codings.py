"""Undoing HTTP codings of archived bodies: the chunked transfer coding (RFC 9112
§7.1) and the gzip, deflate and br content codings (RFC 9110 §8.4.1, RFC 7932).

httpx does this for live fetches; WARC files store bodies as the server sent them.
"""

from __future__ import annotations

import re
import zlib

from webfold.errors import InputTooLargeError

_CHUNK_SIZE = re.compile(rb"[ \t]*([0-9A-Fa-f]{1,16})[ \t]*(?:;[^\r\n]*)?\r?\n")
#: Content codings undone here, by their names in the header (RFC 9110 §18.6);
#: ``identity`` means none.
KNOWN_CODINGS = frozenset({"gzip", "x-gzip", "deflate", "br", "identity"})


def dechunk(body: bytes) -> bytes:
    """``body`` with the chunked transfer coding undone. A body that stops parsing as
    chunks (a truncated record, or a body that was stored de-chunked under a
    ``Transfer-Encoding: chunked`` header) keeps its rest as it is, so no byte is lost."""
    out, position = [], 0
    while position < len(body):
        match = _CHUNK_SIZE.match(body, position)
        if match is None:
            if position == 0:
                return body           # not chunked after all
            out.append(body[position:])
            break
        size = int(match.group(1), 16)
        if size == 0:
            break
        start = match.end()
        out.append(body[start:start + size])
        position = start + size
        if body[position:position + 2] == b"\r\n":
            position += 2
        elif body[position:position + 1] == b"\n":
            position += 1
    return b"".join(out)


def undo_content_codings(body: bytes, header: str | None, limit: int) -> tuple[bytes, str | None]:
    """``body`` with the content codings of its ``Content-Encoding`` ``header`` undone,
    last applied first, and a note (or None) naming a coding that was left in place:
    an unknown one (zstd, compress) or one whose data is broken. A coding that is left
    stops the undoing, since the codings before it apply to what it would give.

    Raises
    ------
    InputTooLargeError
        A decoded body is larger than ``limit`` bytes (a decompression bomb).
    """
    codings = [name.strip().lower() for name in (header or "").split(",") if name.strip()]
    for coding in reversed(codings):
        if coding == "identity":
            continue
        if coding not in KNOWN_CODINGS:
            return body, f"content coding {coding!r} is not decoded: the body is passed through"
        try:
            body = _undo(body, coding, limit)
        except (zlib.error, ValueError) as error:
            return body, f"content coding {coding!r} could not be decoded ({error}): the body is passed through"
    return body, None


def _undo(body: bytes, coding: str, limit: int) -> bytes:
    if coding == "br":
        import brotli        # here: only brotli bodies need it

        decompressor = brotli.Decompressor()
        try:
            out = decompressor.process(body, output_buffer_limit=limit + 1)
        except brotli.error as error:
            raise ValueError(str(error)) from None
    else:
        # gzip, or deflate: zlib-wrapped as RFC 9110 says, or raw as some servers send it.
        wbits = 16 + zlib.MAX_WBITS if coding in ("gzip", "x-gzip") else \
            zlib.MAX_WBITS if body[:1] == b"\x78" else -zlib.MAX_WBITS
        inflater = zlib.decompressobj(wbits)
        out = inflater.decompress(body, limit + 1)
    if len(out) > limit:
        raise InputTooLargeError(f"the decoded body is over the limit of {limit:,} bytes")
    return out
