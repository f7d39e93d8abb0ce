"""Reading WARC files (ISO 28500, WARC 1.0 and 1.1) with FastWARC: every record in
order, and for ``response`` records the HTTP status, media type, charset and the
payload with its transfer and content codings undone (:mod:`webfold.codings`).

FastWARC stops quietly at a file that is cut short, so the end is checked here: the
last record must end where the file ends (:func:`_tail_error`). A corrupt gzip member
in the middle raises from FastWARC; both become :class:`WarcError` with the offset.
"""

from __future__ import annotations

import io
import os
import re
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from email.message import Message
from http.client import parse_headers

from webfold.codings import dechunk, undo_content_codings
from webfold.errors import WebfoldError
from webfold.streams import read_at_most

#: Media types converted as pages.
HTML_TYPES = frozenset({"text/html", "application/xhtml+xml"})
#: The type of the :class:`Record` that stands for one that could not be read.
UNREADABLE = "unreadable"
#: Statuses whose responses have no content (RFC 9110 §15.3.5 and §15.4.5).
NO_CONTENT_STATUSES = frozenset({204, 304})
#: An HTTP/1.x status line and header fields, to the blank line (RFC 9112 §2.1).
_HEAD = re.compile(rb"HTTP/\d(?:\.\d)? (\d{3})[^\n]*\n((?:[^\r\n][^\n]*\n)*)\r?\n")


class WarcError(WebfoldError):
    """A WARC file is truncated or corrupt; ``offset`` is the byte offset in the file
    (compressed, for a ``.warc.gz``) of the first record that could not be read."""

    def __init__(self, message: str, offset: int):
        super().__init__(message)
        self.offset = offset


@dataclass(slots=True)
class Record:
    """One WARC record. Only ``response`` records carry the HTTP fields and a body."""

    #: the record type: ``"response"``, ``"request"``, ``"warcinfo"``, ``"metadata"``, ...,
    #: or :data:`UNREADABLE`
    type: str
    #: ``WARC-Record-ID``, e.g. ``"<urn:uuid:...>"``
    record_id: str
    #: ``WARC-Target-URI`` ("" when absent; the angle brackets of WARC 1.0's examples removed)
    uri: str
    #: ``WARC-Date`` as written (ISO 8601, UTC)
    date: str
    #: the byte offset of the record in the file (in the compressed file for .gz); None
    #: for a record that shares a gzip member with the one before (a file gzipped whole)
    offset: int | None
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
    def has_line(self) -> bool:
        """Whether the record gets a line of output: an HTML response, or a record
        that could not be read (with its ``error``)."""
        return self.is_html or self.type == UNREADABLE

    @property
    def is_html(self) -> bool:
        """Whether this is an HTTP response whose media type is HTML."""
        return (self.type == "response" and self.status is not None
                and self.status not in NO_CONTENT_STATUSES and self.content_type in HTML_TYPES)


def records(path, max_body_bytes: int = 200_000_000, wanted=None) -> Iterator[Record]:
    """Every record of the WARC file at ``path`` (gzip-compressed or not), in order.

    Parameters
    ----------
    path : str or binary file
        The file's path, or the file opened for reading in binary mode; it must be
        seekable (the end is checked by seeking back to the last record). Spark's
        tasks pass files opened through ``pyarrow.fs``.
    max_body_bytes : int
        The largest decoded body read; a larger one gives a record with ``error`` set.
    wanted : callable, optional
        ``wanted(uri)``: whether to read an HTML response's body (``webfold replay``
        reads one); by default every one is read.

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
            yield from _records(handle, max_body_bytes, wanted)
    else:
        yield from _records(path, max_body_bytes, wanted)


def _records(handle, max_body_bytes: int, wanted) -> Iterator[Record]:
    from fastwarc.warc import ArchiveIterator    # here: only WARC runs need it

    size = handle.seek(0, os.SEEK_END)
    shared = _shares_gzip_member(handle)
    last: Record | None = None        # held back one step: the file's end may cut it
    start = 0                         # where FastWARC (re)starts
    while True:
        handle.seek(start)
        try:
            for raw in ArchiveIterator(handle, parse_http=True, strict_mode=False):
                if last is not None:
                    yield last
                last = _record(raw, max_body_bytes, shared and last is not None, wanted)
            break
        except OSError as error:        # FastWARC's word for a record it cannot read
            broken = start              # where the bytes that could not be read start
            fresh = last is not None and last.offset is not None and last.offset >= start
            if fresh:
                end = _record_end(handle, last.offset, size)
                if end is None:
                    last.note = "corrupt: the record could not be read to its end; its text so far is kept"
                broken = last.offset if end is None else end
            if last is not None:
                yield last
            # Bytes FastWARC refuses (a head over its 32 KB, a wrong Content-Length)
            # whose extent is known are skipped, with an error line in their place, and
            # reading goes on after them.
            skipped = None if shared or broken == getattr(last, "offset", None) else \
                _skip(handle, broken, size, last if fresh else None, str(error))
            if skipped is None:
                raise WarcError(f"corrupt at byte {broken if not shared else 0:,} ({error}); the records "
                                "before it were read", broken if not shared else 0) from None
            last, start = skipped
            if start >= size:
                break
    if shared:
        # Records that share gzip members have no boundaries of their own to check:
        # the members must all be whole.
        cut = _cut_member(handle, size)
        problem = None if cut is None else WarcError(
            f"truncated: the gzip member at byte {cut:,} is cut short", cut)
    else:
        problem = _tail_error(handle, last, size)
    if last is not None:
        if problem is not None and (shared or problem.offset == last.offset):
            last.note = "cut short: the file ends inside this record, whose text so far is kept"
        yield last
    if problem is not None:
        raise problem


def _record(raw, limit: int, shared_member: bool, wanted) -> Record:
    headers = raw.headers
    record = Record(type=str(raw.record_type), record_id=headers.get("WARC-Record-ID") or "",
                    uri=(headers.get("WARC-Target-URI") or "").strip().strip("<>"),
                    date=headers.get("WARC-Date") or "",
                    offset=None if shared_member else raw.stream_pos)
    if record.type != "response" or not raw.is_http:
        return record
    http, body = raw.http_headers, None
    status = http.status_code
    types = list(http.get_multiple("Content-Type"))
    if status is not None and 100 <= status < 200:
        # Interim responses (RFC 9110 §15.2) archived before the final one: the final
        # head starts what FastWARC takes for the body. The heads come out of the
        # bytes read: read enough for them and a body over the limit.
        body = read_at_most(raw.reader, limit + 1 + MAX_HEADER_BYTES)
        status, http, body = _final_response(body)
        types = http.get_all("Content-Type") or []
    record.status = status
    record.content_type, record.charset = _media_type(types)
    if not record.is_html or (wanted is not None and not wanted(record.uri)):
        return record
    if headers.get("WARC-Segment-Number"):
        record.note = ("segmented: only this record's segment is converted; its continuation "
                       "records are not joined to it")
    if body is None:
        body = read_at_most(raw.reader, limit + 1)     # one byte over: enough to know it is too large
    if len(body) > limit:
        record.error = f"the body is over the limit of {limit:,} bytes"
        return record
    if "chunked" in (http.get("Transfer-Encoding") or "").lower():
        body = dechunk(body)
    try:
        record.body, coding = undo_content_codings(body, http.get("Content-Encoding"), limit)
        record.note = "; ".join(note for note in (record.note, coding) if note) or None
    except WebfoldError as error:
        record.error = str(error)
    return record


def _media_type(values: list[str]) -> tuple[str, str | None]:
    """The media type (lower case, without parameters; "" when there is none) and the
    ``charset`` parameter of a response's ``Content-Type`` header fields: the last
    one counts, as browsers take it (Fetch, "extract a MIME type")."""
    if not values:
        return "", None
    fields = Message()
    fields["Content-Type"] = values[-1]
    charset = fields.get_param("charset")
    return values[-1].split(";", 1)[0].strip().lower(), charset.strip() if isinstance(charset, str) else None


def _final_response(block: bytes) -> tuple[int | None, Message, bytes]:
    """The status, header fields and body of the response that follows the interim
    responses at the start of ``block`` (an HTTP message's bytes after the first head)."""
    head, body = b"", block
    while True:
        match = _HEAD.match(body)
        if match is None:
            return None, Message(), body      # no final head: a response without a type
        status, head, body = int(match.group(1)), match.group(2), body[match.end():]
        if not 100 <= status < 200:
            return status, parse_headers(io.BytesIO(head)), body


def _skip(handle, broken: int, size: int, last: Record | None, error: str) -> tuple[Record, int] | None:
    """What stands for the bytes FastWARC could not read at ``broken``, just past the
    record ``last`` (None: none was read since reading last started), and where
    reading resumes; None when their extent is not known (the file is then broken
    from there)."""
    from fastwarc.warc import ArchiveIterator

    def first(offset: int, parse_http: bool):
        handle.seek(offset)
        try:
            return next(iter(ArchiveIterator(handle, parse_http=parse_http, strict_mode=False)), None)
        except OSError:
            return None

    if last is not None and first(broken, True) is not None:
        # The record at ``broken`` reads: the bytes that did not were the rest of the
        # gzip member that holds ``last`` (a Content-Length too short, a second record).
        return Record(type=UNREADABLE, record_id="", uri="", date="", offset=last.offset,
                      error=f"the gzip member at byte {last.offset:,} holds bytes after its first record "
                            f"that cannot be read ({error})"), broken
    after = _record_end(handle, broken, size)
    if after is None:
        return None
    raw = first(broken, False)          # its WARC header may read, without the HTTP head
    headers = raw.headers if raw is not None else {}
    record = Record(type=str(raw.record_type) if raw is not None else UNREADABLE,
                    record_id=headers.get("WARC-Record-ID") or "",
                    uri=(headers.get("WARC-Target-URI") or "").strip().strip("<>"),
                    date=headers.get("WARC-Date") or "", offset=broken)
    if record.type in ("response", UNREADABLE):     # a request, say, is skipped as it would be
        record.type = UNREADABLE
        record.error = f"the record at byte {broken:,} cannot be read ({error})"
    return record, after


def _tail_error(handle, last: Record | None, size: int) -> WarcError | None:
    """A :class:`WarcError` when the file goes on after the last record FastWARC gave
    (a record cut short, which it drops or gives in part), else None."""
    if last is None:
        return WarcError("not a WARC file: no record could be read at its start", 0) if size else None
    end = _record_end(handle, last.offset, size)
    if end is None:
        return WarcError(f"truncated: the record at byte {last.offset:,} is cut short", last.offset)
    handle.seek(end)
    if end < size and handle.read(size - end if size - end < 4096 else 4096).strip():
        return WarcError(f"truncated or corrupt at byte {end:,}: the rest of the file ({size - end:,} "
                         "bytes) holds no readable record", end)
    return None


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
    while (end := _record_length(head)) is None:
        chunk = handle.read(1 << 16)
        if not chunk or len(head) > MAX_HEADER_BYTES:
            return None             # no length to go by: the record cannot be delimited
        head += chunk
    return offset + end if 0 <= end and offset + end <= size else None


#: The longest WARC header block looked for when a record is delimited.
MAX_HEADER_BYTES = 1 << 20


def _record_length(head: bytes) -> int | None:
    """The length of the record whose start is ``head``: its header block,
    ``Content-Length`` bytes and two CRLFs (ISO 28500 §4); None when ``head`` holds
    no whole header block, or one without a valid ``Content-Length``."""
    header_end = head.find(b"\r\n\r\n")
    if header_end < 0:
        return None
    # Read as FastWARC reads it: blanks around the name and value, a leading +.
    values = [value.strip().removeprefix(b"+") for name, _, value in
              (line.partition(b":") for line in head[:header_end].split(b"\r\n"))
              if name.strip().lower() == b"content-length"]
    # (more digits than a file's size can have: int() refuses over 4,300 of them)
    if not values or not values[0].isdigit() or len(values[0].lstrip(b"0")) > 18:
        return -1
    return header_end + 4 + int(values[0].lstrip(b"0") or b"0") + 4


def _shares_gzip_member(handle) -> bool:
    """Whether the gzip member at the start of the file holds more than its first
    record (another ``WARC/`` after it): a WARC gzipped whole rather than one member
    per record (ISO 28500 Annex D), whose records have no offsets of their own."""
    handle.seek(0)
    magic = handle.read(2)
    handle.seek(0)
    if magic != b"\x1f\x8b":
        return False
    inflater = zlib.decompressobj(16 + zlib.MAX_WBITS)
    head, after, produced, length = b"", b"", 0, None
    try:
        while not inflater.eof and (chunk := handle.read(1 << 16)):
            while chunk and not inflater.eof:
                piece = inflater.decompress(chunk, 1 << 16)     # bounded: the output is dropped
                chunk = inflater.unconsumed_tail
                produced += len(piece)
                if length is None and len(head) < MAX_HEADER_BYTES:
                    head += piece
                    length = _record_length(head)
                    if length is not None and length < 0:
                        return False            # no length to go by: FastWARC judges
                if length is not None and produced > length:
                    after += piece[max(len(piece) - (produced - length), 0):]
                    if len(after.lstrip()) >= 5:
                        return after.lstrip().startswith(b"WARC/")
    except zlib.error:
        pass                        # a corrupt start: the reading reports it
    finally:
        handle.seek(0)
    return False


def _cut_member(handle, size: int) -> int | None:
    """The offset of the gzip member that the end of the file cuts short, or None
    when every member is whole. For files whose records share members, where the
    last record's offset says nothing."""
    start = 0
    while start < size:
        handle.seek(start)
        if handle.read(2) != b"\x1f\x8b":
            return None             # not gzip after this: the reading judges it
        end = _record_end(handle, start, size)
        if end is None:
            return start
        start = end
    return None
