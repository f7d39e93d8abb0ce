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
        decoded, problem = (_unbrotli if coding == "br" else _inflate)(body, coding, limit)
        if problem is not None:
            if not decoded:
                return body, f"content coding {coding!r} could not be decoded ({problem}): " \
                             "the body is passed through"
            return decoded, f"content coding {coding!r} is damaged ({problem}): what it decoded to " \
                            "before the damage is kept"
        body = decoded
    return body, None


def gunzip(data: bytes, limit: int) -> bytes:
    """``data``, a gzip file (RFC 1952, of one or more members), decompressed.

    Raises
    ------
    InputTooLargeError
        It decompresses to more than ``limit`` bytes.
    ValueError
        It is not valid gzip, or it is cut short (the message says which).
    """
    out, problem = _inflate(data, "gzip", limit)
    if problem is not None:
        raise ValueError(f"not a valid gzip file ({problem})")
    return out


#: Bytes of output asked of a decompressor at a time: a bomb is stopped within one
#: step of the limit.
STEP = 1 << 16
#: Bytes of input given to zlib at a time (see :func:`_inflate`).
INPUT_SLICE = 1024


def _inflate(body: bytes, coding: str, limit: int) -> tuple[bytes, str | None]:
    """gzip, or deflate (zlib-wrapped as RFC 9110 says, or raw as some servers send
    it): the output, and None or what went wrong (the output so far is kept). A gzip
    body of several members is decoded whole (RFC 1952 §2.2)."""
    gzip = coding in ("gzip", "x-gzip")
    wbits = 16 + zlib.MAX_WBITS if gzip else zlib.MAX_WBITS if body[:1] == b"\x78" else -zlib.MAX_WBITS
    out, size, start = [], 0, 0
    while True:
        inflater = zlib.decompressobj(wbits)
        try:
            # The input goes in slices, the last 8 bytes (gzip's CRC-32 and size
            # trailer, RFC 1952 §2.2) on their own, so that a bad checksum costs no text.
            last = max(len(body) - 8, start)
            cuts = [*range(start, last, INPUT_SLICE), last, len(body)]
            for begin, end in zip(cuts, cuts[1:]):
                pending = body[begin:end]
                while pending and not inflater.eof:
                    piece = inflater.decompress(pending, STEP)
                    size += len(piece)
                    if size > limit:
                        raise InputTooLargeError(f"the decoded body is over the limit of {limit:,} bytes")
                    out.append(piece)
                    pending = inflater.unconsumed_tail
                if inflater.eof:
                    start = end - len(inflater.unused_data)
                    break
        except zlib.error as error:
            # zlib says "Error -3 while decompressing data: invalid distance too far
            # back": the part after the colon is the reader's
            detail = str(error).rpartition(": ")[2]
            return b"".join(out), f"{detail}, in bytes {begin:,} to {end:,} of {len(body):,}"
        if not inflater.eof:
            return b"".join(out), "the compressed data ends early"
        if not (gzip and body.startswith(b"\x1f\x8b", start)):
            return b"".join(out), None


def _unbrotli(body: bytes, coding: str, limit: int) -> tuple[bytes, str | None]:
    """br (RFC 7932): the output, and None or what went wrong (the output so far is kept)."""
    import brotli        # here: only brotli bodies need it

    decompressor = brotli.Decompressor()
    out, size = [], 0
    try:
        piece = decompressor.process(body, output_buffer_limit=STEP)
        while True:
            size += len(piece)
            if size > limit:
                raise InputTooLargeError(f"the decoded body is over the limit of {limit:,} bytes")
            out.append(piece)
            if decompressor.is_finished() or decompressor.can_accept_more_data():
                break
            piece = decompressor.process(b"", output_buffer_limit=STEP)
    except brotli.error as error:
        return b"".join(out), str(error)
    return b"".join(out), None if decompressor.is_finished() else "the compressed data ends early"
