"""The page's only source: an HTTP server on 127.0.0.1, and the proxy settings that
keep the browser from reaching anything else.

The browser's proxy is a closed local port, so every request that leaves the machine
(stylesheets, scripts, images, fonts, frames) fails at once. Playwright and Chromium
send loopback addresses past the proxy unless told otherwise; ``<-loopback>`` tells
them, and a bypass rule for the server's own host and port lets only the page through.
So a page cannot reach another service on this machine (``http://localhost:8080/``).
"""

from __future__ import annotations

import http.server
import socket
import threading


class PageServer:
    """An HTTP server on 127.0.0.1 that answers ``/page.html`` with :attr:`page`
    (``Content-Type: text/html; charset=utf-8``: the caller serves UTF-8) and every
    other path with 404, in a thread of its own. Use it as a context manager."""

    PATH = "/page.html"

    def __init__(self) -> None:
        #: the bytes of the page being read, UTF-8
        self.page = b""
        owner = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                found = self.path == owner.PATH
                body = owner.page if found else b""
                self.send_response(200 if found else 404)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                try:
                    self.wfile.write(body)
                except (BrokenPipeError, ConnectionResetError):
                    pass            # the browser stopped reading: a request it cancelled

            def log_message(self, *args) -> None:      # quiet
                pass

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.host = f"127.0.0.1:{self.httpd.server_address[1]}"
        #: the page's address in the browser
        self.address = f"http://{self.host}{self.PATH}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def proxy(self) -> dict[str, str]:
        """Playwright's ``proxy`` launch option: every request but this server's goes
        to a closed port, loopback ones included."""
        return {"server": f"http://127.0.0.1:{_closed_port()}", "bypass": f"<-loopback>,{self.host}"}

    def __enter__(self) -> "PageServer":
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


def _closed_port() -> int:
    """A local port that nothing listens on (bound, then released)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]
