"""Writing WARC files for the tests (ISO 28500 §4: a header block, Content-Length
bytes, two CRLFs; a ``.warc.gz`` is one gzip member per record)."""

from __future__ import annotations

import gzip
import uuid


def http_response(body: bytes, content_type: str | None = "text/html; charset=utf-8",
                  status: str = "200 OK", headers: dict | None = None) -> bytes:
    """An HTTP/1.1 response: status line, headers, blank line, body."""
    lines = [f"HTTP/1.1 {status}"]
    if content_type:
        lines.append(f"Content-Type: {content_type}")
    lines += [f"{name}: {value}" for name, value in (headers or {}).items()]
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + body


def record(uri: str, block: bytes, kind: str = "response", number: int = 0) -> bytes:
    """One WARC/1.1 record whose block is ``block`` (an HTTP message for a response)."""
    content_type = {"response": "application/http; msgtype=response",
                    "request": "application/http; msgtype=request"}.get(kind, "application/warc-fields")
    header = (f"WARC/1.1\r\nWARC-Type: {kind}\r\n"
              f"WARC-Record-ID: <urn:uuid:{uuid.UUID(int=number)}>\r\n"
              f"WARC-Date: 2026-01-0{1 + number % 9}T00:00:00Z\r\n"
              + (f"WARC-Target-URI: {uri}\r\n" if uri else "")
              + f"Content-Type: {content_type}\r\nContent-Length: {len(block)}\r\n\r\n")
    return header.encode("utf-8") + block + b"\r\n\r\n"


def warc(records: list[bytes], compressed: bool = True) -> bytes:
    """The file: records concatenated, each its own gzip member when ``compressed``."""
    return b"".join(gzip.compress(item) if compressed else item for item in records)
