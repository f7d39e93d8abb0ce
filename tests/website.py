"""A local web site for the fetching and rendering tests: an HTTP server on 127.0.0.1,
on a free port, serving one page per behaviour a scraper must handle (redirects,
errors, charsets, content codings, PDF, pages drawn by scripts, lazy lists,
disclosures, a challenge page).

``python tests/website.py`` serves it in the foreground, to try ``webfold scrape`` by hand.
"""

from __future__ import annotations

import gzip
import threading
import time
import zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import brotli

#: A paragraph of prose: WORDS words, enough for a page that is not thin.
PROSE = ("The river keeps its own calendar, rising with the snow melt in spring and falling "
         "back to a thin silver thread by the end of summer. Fishermen read the water the way "
         "farmers read the sky, and every village along its banks has a story about the year "
         "the bridge went under. ")
ARTICLE = (f"<!doctype html><html><head><meta charset=utf-8><title>River notes</title></head><body>"
           f"<nav><a href=/>Home</a></nav><main><h1>River notes</h1><p>{PROSE}</p><p>{PROSE}</p>"
           f"<p>Read <a href=notes/next>the next part</a>.</p>"
           f"</main><footer>Footer text</footer></body></html>")

#: Japanese prose for the Shift_JIS page: long enough for detection without a label.
JAPANESE = ("川は春の雪解けとともに水かさを増し、夏の終わりには細い銀色の糸のようになる。"
            "漁師たちは農家が空を読むように水を読み、川沿いのどの村にも橋が沈んだ年の話がある。") * 3
CHINESE = "河水随着春天的融雪而上涨，到夏末又退成一条细细的银线。渔民读水就像农民读天一样。" * 3

SCRIPT_PAGE = """<!doctype html><html><head><title>Drawn by a script</title></head><body>
<div id=app></div>
<script>
document.getElementById('app').innerHTML =
  '<h1>Rendered story</h1>' + '<p>' + 'RENDERED-MARKER ' + %r.repeat(3) + '</p>';
</script></body></html>""" % PROSE

LAZY_PAGE = """<!doctype html><html><head><title>Lazy list</title>
<style>li { height: 120px }</style></head><body><h1>Lazy list</h1>
<p>%s</p><ul id=list></ul><div id=end>end</div>
<script>
let next = 0;
function more() {
  for (let i = 0; i < 10 && next < 40; i++, next++) {
    const li = document.createElement('li'); li.textContent = 'Item number ' + next;
    document.getElementById('list').appendChild(li);
  }
}
more();
new IntersectionObserver(entries => {
  if (entries.some(e => e.isIntersecting)) setTimeout(more, 50);
}).observe(document.getElementById('end'));
</script></body></html>""" % PROSE

DISCLOSURE_PAGE = """<!doctype html><html><head><title>Questions</title></head><body>
<h1>Questions</h1><p>%s</p>
<details id=faq><summary>How deep is the river?</summary><div id=answer></div></details>
<button aria-expanded=false aria-controls=more id=toggle>More</button><div id=more></div>
<script>
document.getElementById('faq').addEventListener('toggle', e => {
  if (e.target.open) document.getElementById('answer').textContent = 'DETAILS-ANSWER four metres';
});
document.getElementById('toggle').addEventListener('click', e => {
  e.target.setAttribute('aria-expanded', 'true');
  document.getElementById('more').textContent = 'EXPANDED-MORE text behind a button';
});
</script></body></html>""" % PROSE

CHALLENGE_PAGE = """<!doctype html><html><head><title>Just a moment...</title></head><body>
<div id=cf-browser-verification>Checking your browser before accessing the site.</div>
<script>
setTimeout(() => { document.cookie = 'passed=1; path=/'; location.reload(); }, 300);
</script></body></html>"""


def pdf(title: str, lines: list[str], copies: int = 1) -> bytes:
    """A one-page PDF 1.4 file with ``title`` in its document information and
    ``lines`` of Helvetica text, each its own line (ASCII only), ``copies`` times over
    in one Flate-compressed stream when ``copies`` is above 1 (a small file that takes
    pypdf long to read)."""
    def literal(text: str) -> str:
        return "(" + text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)") + ")"

    stream = "BT /F1 12 Tf 14 TL 72 720 Td " + " ".join(f"{literal(line)} Tj T*" for line in lines) + " ET"
    packed = None
    if copies > 1:
        packed = zlib.compress(((stream + "\n") * copies).encode("latin-1"), 9)
    objects = [
        "<< /Type /Catalog /Pages 2 0 R >>",
        "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> "
        "/Contents 5 0 R >>",
        "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
        f"<< /Length {len(stream)} >>\nstream\n{stream}\nendstream" if packed is None else
        f"<< /Length {len(packed)} /Filter /FlateDecode >>\nstream\n{packed.decode('latin-1')}\nendstream",
        f"<< /Title {literal(title)} >>",
    ]
    out, offsets = b"%PDF-1.4\n", []
    for number, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += f"{number} 0 obj\n{body}\nendobj\n".encode("latin-1")
    xref = len(out)
    out += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode()
    out += "".join(f"{offset:010d} 00000 n \n" for offset in offsets).encode()
    out += (f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R /Info 6 0 R >>\n"
            f"startxref\n{xref}\n%%EOF\n").encode()
    return out


PDF_LINES = ["A short report on the river.", "", "The water rose in April and fell in August,",
             "as it does every year.", "Fishing was good."]


class Handler(BaseHTTPRequestHandler):
    """One route per behaviour; see :data:`ROUTES`."""

    protocol_version = "HTTP/1.1"

    def log_message(self, *args):      # quiet: pytest shows failures, not every request
        pass

    def send(self, status: int, body: bytes, content_type: str | None = "text/html; charset=utf-8",
             headers: dict | None = None):
        self.send_response(status)
        if content_type:
            self.send_header("Content-Type", content_type)
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def redirect(self, location: str, status: int = 302):
        self.send(status, b"", None, {"Location": location})

    def do_GET(self):
        path = self.path.split("?", 1)[0]
        if path.startswith("/redirect/"):
            left = int(path.rsplit("/", 1)[1])
            return self.redirect(f"/redirect/{left - 1}" if left > 1 else "/page")
        if path.startswith("/loop/"):
            return self.redirect("/loop/b" if path == "/loop/a" else "/loop/a")
        route = ROUTES.get(path)
        if route is None:
            return self.send(404, b"<!doctype html><title>Not found</title><h1>Not found</h1>")
        route(self)


def _slow(handler: Handler):
    time.sleep(5)
    handler.send(200, ARTICLE.encode())


def _drip(handler: Handler):
    # Headers at once, then a byte every 0.2 s: no single read waits long.
    handler.send_response(200)
    handler.send_header("Content-Type", "text/html")
    handler.send_header("Content-Length", "100")
    handler.end_headers()
    try:
        for _ in range(100):
            handler.wfile.write(b" ")
            handler.wfile.flush()
            time.sleep(0.2)
    except OSError:
        pass


def _site_page(name: str, links: str = ""):
    html = (f"<!doctype html><title>Page {name}</title><nav>{links}</nav><main><h1>Page {name}</h1>"
            f"<p>Page {name} says something of its own about the river and its bridges.</p>"
            "<p>Every page of this site ends with this same sentence about the newsletter.</p></main>")
    return lambda h: h.send(200, html.encode())


SITE_LINKS = ('<a href="/site/a">A</a> <a href="b">B</a> <a href="/site/private">Private</a> '
              '<a href="http://other.example/x">Elsewhere</a> <a href="/site/a#part">A again</a> '
              '<a href="/site/style.css">Style</a> <a href="/site/to-private">Private, by a redirect</a> '
              '<a href="/site/away">Away</a> <a href="/site/again">A, by a redirect</a>')


def _slow_head(handler: Handler):
    # A header byte a second: no read waits long, so only a deadline over the whole
    # fetch stops it.
    try:
        handler.wfile.write(b"HTTP/1.1 200 OK\r\n")
        for _ in range(30):
            handler.wfile.write(b"X")
            handler.wfile.flush()
            time.sleep(1)
    except OSError:
        pass


def _endless_gzip_name(handler: Handler):
    # A gzip header whose file name never ends: bytes arrive, nothing decodes.
    handler.send_response(200)
    handler.send_header("Content-Type", "text/html")
    handler.send_header("Content-Encoding", "gzip")
    handler.end_headers()
    try:
        handler.wfile.write(b"\x1f\x8b\x08\x08\x00\x00\x00\x00\x00\x03")
        for _ in range(300):
            handler.wfile.write(b"a" * 100)
            handler.wfile.flush()
            time.sleep(0.05)
    except OSError:
        pass


def _short_body(handler: Handler):
    # Content-Length promises more than is sent, then the connection closes.
    handler.send_response(200)
    handler.send_header("Content-Type", "text/html")
    handler.send_header("Content-Length", "100000")
    handler.end_headers()
    handler.wfile.write(ARTICLE.encode())
    handler.close_connection = True


def _bad_checksum(handler: Handler):
    body = bytearray(gzip.compress(ARTICLE.encode()))
    body[-8:-4] = b"\x00\x00\x00\x00"             # the CRC-32 of the gzip trailer
    handler.send(200, bytes(body), headers={"Content-Encoding": "gzip"})


BOMB = brotli.compress(bytes(50_000_000))       # 50 MB of zeros in a few hundred bytes

# The loop starts in the load event's handler: started by a timer, it lost the race
# with the conversion on a loaded machine, which read the page before it ran (seen in
# session 36's full test run).
BUSY_PAGE = ("<!doctype html><title>Busy</title><p>%s</p><script>addEventListener('load', () => { for (;;) {} })"
             "</script>" % PROSE)
HANGING_IMAGE_PAGE = "<!doctype html><title>Waiting</title><h1>Waiting</h1><p>%s</p><img src=/hang>" % PROSE


def _hang(handler: Handler):
    time.sleep(30)


def _late_shell(handler: Handler):
    time.sleep(1.5)
    handler.send(200, SCRIPT_PAGE.encode())


def _challenge(handler: Handler):
    if "passed=1" in (handler.headers.get("Cookie") or ""):
        return handler.send(200, ARTICLE.replace("River notes", "Past the wall").encode())
    handler.send(503, CHALLENGE_PAGE.encode())


def _encoded(coding: str, compress):
    return lambda h: h.send(200, compress(ARTICLE.encode()), headers={"Content-Encoding": coding})


def _page(html: str, charset: str, content_type: str = "text/html"):
    return lambda h: h.send(200, html.encode(charset), content_type)


ROUTES = {
    "/page": lambda h: h.send(200, ARTICLE.encode()),
    "/ua": lambda h: h.send(200, f"<title>UA</title><p>UA: {h.headers.get('User-Agent')}</p>".encode()),
    "/slow": _slow,
    "/drip": _drip,
    "/503": lambda h: h.send(503, b"<!doctype html><title>Down</title><p>Service down for maintenance</p>"),
    "/challenge": _challenge,
    "/forbidden-wall": lambda h: h.send(403, CHALLENGE_PAGE.encode()),
    "/sjis-header": _page(f"<title>川</title><p>{JAPANESE}</p>", "cp932", "text/html; charset=Shift_JIS"),
    "/sjis-undeclared": _page(f"<title>川</title><p>{JAPANESE}</p>", "cp932"),
    "/gbk-meta": _page(f"<meta charset=gbk><title>河</title><p>{CHINESE}</p>", "gbk"),
    "/header-over-meta": _page(f"<meta charset=windows-1252><title>川</title><p>{JAPANESE}</p>", "cp932",
                               "text/html; charset=shift_jis"),
    "/gzip": _encoded("gzip", gzip.compress),
    "/deflate": _encoded("deflate", zlib.compress),
    "/brotli": _encoded("br", brotli.compress),
    "/report.pdf": lambda h: h.send(200, pdf("River report", PDF_LINES), "application/pdf"),
    "/download": lambda h: h.send(200, pdf("River report", PDF_LINES), "application/octet-stream"),
    "/notes.txt": lambda h: h.send(200, b"Plain *notes*\n\nkept as they are.\n", "text/plain; charset=utf-8"),
    "/notes.md": lambda h: h.send(200, b"# Notes\n\n- one\n- two\n", "text/markdown"),
    "/image.png": lambda h: h.send(200, b"\x89PNG\r\n\x1a\n" + bytes(64), "image/png"),
    "/script": lambda h: h.send(200, SCRIPT_PAGE.encode()),
    "/late-script": _late_shell,
    "/lazy": lambda h: h.send(200, LAZY_PAGE.encode()),
    "/disclosures": lambda h: h.send(200, DISCLOSURE_PAGE.encode()),
    # Hostile answers: each once hung the fetch or filled memory.
    "/slow-head": _slow_head,
    "/endless-gzip-name": _endless_gzip_name,
    "/short-body": _short_body,
    "/bad-checksum": _bad_checksum,
    "/bomb": lambda h: h.send(200, BOMB, headers={"Content-Encoding": "br"}),
    "/slow.pdf": lambda h: h.send(200, pdf("Slow", ["word"], 50_000), "application/pdf"),
    "/busy": lambda h: h.send(200, BUSY_PAGE.encode()),
    "/hanging-image": lambda h: h.send(200, HANGING_IMAGE_PAGE.encode()),
    "/hang": _hang,
    # A small site for webfold crawl URL: an index, two pages, one robots.txt forbids.
    "/robots.txt": lambda h: h.send(200, b"User-agent: *\nDisallow: /site/private\nCrawl-delay: 0.05 # seconds\n", "text/plain"),
    "/site/": _site_page("index", SITE_LINKS),
    "/site/a": _site_page("a", '<a href="/site/">Home</a>'),
    "/site/b": _site_page("b", '<a href="/site/">Home</a>'),
    "/site/private": _site_page("private"),
    "/site/style.css": lambda h: h.send(200, b"main { color: navy }", "text/css"),
    "/site/to-private": lambda h: h.redirect("/site/private"),
    "/site/away": lambda h: h.redirect("http://localhost:9/elsewhere"),
    "/site/again": lambda h: h.redirect("/site/a"),
    "/hop": lambda h: h.redirect("http://localhost:9/"),
    "/lost/": _site_page("lost", '<a href="/lost/gone">Gone</a>'),      # /lost/gone is a 404
    "/": _site_page("root", '<a href="/">Home</a>'),
    # a page in a folder named as a page is (a.html and a.html/b), linking on
    "/deep/a.html": _site_page("deep a", '<a href="/deep/a.html/b">B</a>'),
    "/deep/a.html/b": _site_page("deep b", '<a href="/deep/c">C</a>'),
    "/deep/c": _site_page("deep c"),
    # one page linked three ways (relative, with the port written "0PORT", with the
    # scheme in capitals), then another
    "/dupes/": lambda h: _site_page("dupes", (
        '<a href="x">X</a> <a href="http://127.0.0.1:0{0}/dupes/x">X again</a> '
        '<a href="HTTP://127.0.0.1:{0}/dupes/x">X once more</a> <a href="y">Y</a>').format(h.server.server_port))(h),
    "/dupes/x": _site_page("dupes x"),
    "/dupes/y": _site_page("dupes y"),
}


class _Server(ThreadingHTTPServer):
    def handle_error(self, request, client_address):
        # A client that gave up (a timeout test) breaks the pipe of a slow handler;
        # the default prints a traceback to stderr, inside whatever test runs then.
        pass


class Site:
    """The site, served from a thread: ``url(path)`` gives a page's address."""

    def __init__(self):
        self.server = _Server(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.server.server_port}{path}"

    def close(self):
        self.server.shutdown()
        self.server.server_close()


if __name__ == "__main__":
    site = Site()
    print(f"serving on {site.url('/')} (Ctrl-C stops); pages: {', '.join(ROUTES)}, "
          "/redirect/N (N redirects, then /page), /loop/a (a redirect loop)")
    try:
        site.thread.join()
    except KeyboardInterrupt:
        site.close()
