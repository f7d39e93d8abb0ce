"""Reading WARC files (ISO 28500, WARC 1.0 and 1.1) with FastWARC: every record in
order, and for ``response`` records the HTTP status, media type, charset and the
payload with its transfer and content codings undone (:mod:`webfold.codings`).

FastWARC stops quietly at a file that is cut short, so the end is checked here: the
last record must end where the file ends (:func:`_tail_error`). A corrupt gzip member
in the middle raises from FastWARC; both become :class:`WarcError` with the offset.
"""

from __future__ import annotations

import os
import zlib
from collections.abc import Iterator
from dataclasses import dataclass

from webfold.codings import dechunk, undo_content_codings
from webfold.errors import WebfoldError

#: Media types converted as pages.
HTML_TYPES = frozenset({"text/html", "application/xhtml+xml"})


class WarcError(WebfoldError):
    """A WARC file is truncated or corrupt; ``offset`` is the byte offset in the file
    (compressed, for a ``.warc.gz``) of the first record that could not be read."""

    def __init__(self, message: str, offset: int):
        super().__init__(message)
        self.offset = offset


@dataclass(slots=True)
class Record:
    """One WARC record. Only ``response`` records carry the HTTP fields and a body."""

    #: the record type: ``"response"``, ``"request"``, ``"warcinfo"``, ``"metadata"``, ...
    type: str
    #: ``WARC-Record-ID``, e.g. ``"<urn:uuid:...>"``
    record_id: str
    #: ``WARC-Target-URI`` ("" when absent; the angle brackets of WARC 1.0's examples removed)
    uri: str
    #: ``WARC-Date`` as written (ISO 8601, UTC)
    date: str
    #: the byte offset of the record in the file (in the compressed file for .gz)
    offset: int
    #: the HTTP status (None for records that are not HTTP responses)
    status: int | None = None
    #: the HTTP media type, lower case without parameters ("" when absent)
    content_type: str = ""
    #: the ``charset`` parameter of the HTTP ``Content-Type``
    charset: str | None = None
    #: the payload, de-chunked and with its content codings undone; only read for
    #: HTML responses (:data:`HTML_TYPES`), ``b""`` otherwise
    body: bytes = b""
    #: a content coding left in place, or a record cut short by the end of the file
    note: str | None = None
    #: why the body could not be read (a decoded body over the limit), or None
    error: str | None = None

    @property
    def is_html(self) -> bool:
        """Whether this is an HTTP response whose media type is HTML."""
        return self.type == "response" and self.status is not None and self.content_type in HTML_TYPES


def records(path, max_body_bytes: int = 200_000_000) -> Iterator[Record]:
    """Every record of the WARC file at ``path`` (gzip-compressed or not), in order.

    Parameters
    ----------
    path : str or binary file
        The file's path, or the file opened for reading in binary mode; it must be
        seekable (the end is checked by seeking back to the last record). Spark's
        tasks pass files opened through ``pyarrow.fs``.
    max_body_bytes : int
        The largest decoded body read; a larger one gives a record with ``error`` set.

    Yields
    ------
    Record

    Raises
    ------
    OSError
        ``path`` cannot be opened.
    WarcError
        The file is corrupt or truncated: raised after every record before the break
        has been yielded.
    """
    if isinstance(path, (str, os.PathLike)):
        with open(path, "rb") as handle:
            yield from _records(handle, max_body_bytes)
    else:
        yield from _records(path, max_body_bytes)


def _records(handle, max_body_bytes: int) -> Iterator[Record]:
    from fastwarc.warc import ArchiveIterator    # here: only WARC runs need it

    size = handle.seek(0, os.SEEK_END)
    handle.seek(0)
    last: Record | None = None        # held back one step: the file's end may cut it
    try:
        for raw in ArchiveIterator(handle, parse_http=True, strict_mode=False):
            if last is not None:
                yield last
            last = _record(raw, max_body_bytes)
    except OSError as error:        # FastWARC's word for a broken gzip member
        offset = 0
        if last is not None:
            end = _record_end(handle, last.offset, size)
            if end is None:
                last.note = "corrupt: the record could not be read to its end; its text so far is kept"
            offset = last.offset if end is None else end
            yield last
        raise WarcError(f"corrupt at byte {offset:,} ({error}); the records before it were read",
                        offset) from None
    problem = _tail_error(handle, last, size)
    if last is not None:
        if problem is not None and problem.offset == last.offset:
            last.note = "cut short: the file ends inside this record, whose text so far is kept"
        yield last
    if problem is not None:
        raise problem


def _record(raw, limit: int) -> Record:
    headers = raw.headers
    record = Record(type=str(raw.record_type), record_id=headers.get("WARC-Record-ID") or "",
                    uri=(headers.get("WARC-Target-URI") or "").strip().strip("<>"),
                    date=headers.get("WARC-Date") or "",
                    offset=raw.stream_pos)
    if record.type != "response" or not raw.is_http:
        return record
    http = raw.http_headers
    record.status = http.status_code
    content_type = http.get("Content-Type") or ""
    record.content_type = content_type.split(";", 1)[0].strip().lower()
    record.charset = raw.http_charset
    if not record.is_html:
        return record
    body = raw.reader.read()
    if "chunked" in (http.get("Transfer-Encoding") or "").lower():
        body = dechunk(body)
    try:
        record.body, record.note = undo_content_codings(body, http.get("Content-Encoding"), limit)
    except WebfoldError as error:
        record.error = str(error)
    return record


def _tail_error(handle, last: Record | None, size: int) -> WarcError | None:
    """A :class:`WarcError` when the file goes on after the last record FastWARC gave
    (a record cut short, which it drops or gives in part), else None."""
    if last is None:
        return WarcError("not a WARC file: no record could be read at its start", 0) if size else None
    handle.seek(last.offset)
    if handle.read(5) != b"WARC/" and not _gzip_at(handle, last.offset):
        # Records that share a gzip member (a WARC gzipped whole) have no offset of
        # their own in the file: FastWARC's decompression is then the only check.
        return None
    end = _record_end(handle, last.offset, size)
    if end is None:
        return WarcError(f"truncated: the record at byte {last.offset:,} is cut short", last.offset)
    handle.seek(end)
    if end < size and handle.read(size - end if size - end < 4096 else 4096).strip():
        return WarcError(f"truncated or corrupt at byte {end:,}: the rest of the file ({size - end:,} "
                         "bytes) holds no readable record", end)
    return None


def _gzip_at(handle, offset: int) -> bool:
    handle.seek(offset)
    return handle.read(2) == b"\x1f\x8b"


def _record_end(handle, offset: int, size: int) -> int | None:
    """The offset just past the record that starts at ``offset``, or None when it is
    cut short: the end of its gzip member, or its header block, ``Content-Length``
    bytes and the two CRLFs (ISO 28500 §4). ``handle`` is the file, ``size`` its size."""
    handle.seek(offset)
    if handle.read(2) == b"\x1f\x8b":
        handle.seek(offset)
        inflater = zlib.decompressobj(16 + zlib.MAX_WBITS)
        consumed, pending = 0, b""
        while not inflater.eof:
            if not pending:
                pending = handle.read(1 << 16)
                if not pending:
                    return None
                consumed += len(pending)
            try:
                inflater.decompress(pending, 1 << 20)     # bounded: the output is dropped
            except zlib.error:
                return None
            pending = inflater.unconsumed_tail
        return offset + consumed - len(inflater.unused_data)
    handle.seek(offset)
    head = b""
    while b"\r\n\r\n" not in head:
        chunk = handle.read(1 << 16)
        if not chunk:
            return None
        head += chunk
    header_end = head.index(b"\r\n\r\n") + 4
    values = [line.split(b":", 1)[1].strip() for line in head[:header_end].split(b"\r\n")
              if line.lower().startswith(b"content-length:")]
    if not values or not values[0].isdigit():
        return None                 # no length to go by: the record cannot be delimited
    length = int(values[0])
    end = offset + header_end + length + 4
    return end if end <= size else None
