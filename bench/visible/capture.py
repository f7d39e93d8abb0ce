"""What a visitor sees of a saved page: ``document.body.innerText`` in headless Chromium.

Each page is loaded offline: a small HTTP server on 127.0.0.1 answers a local address
(``/page.html``, whatever the page's own address was) with the saved bytes (``Content-Type: text/html`` with no charset, so the
browser finds the encoding as it does for a saved file) and every other local path
with 404, and the browser's proxy is a closed local port, so every request that
leaves the machine (stylesheets, scripts, images, fonts, frames) fails at once.
What styles the page therefore comes from the page itself: its ``<style>`` elements,
``style`` attributes and the browser's default stylesheet. Scripts are off unless
asked for.

The texts are cached on disk, one JSON file per page and mode, named by the SHA-256 of
the page's bytes, so a second run (or a run with more tools) loads no page again.
"""

from __future__ import annotations

import contextlib
import hashlib
import http.server
import json
import os
import pickle
import re
import selectors
import signal
import socket
import subprocess
import sys
import tempfile
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass
from pathlib import Path

from webfold.bulk import progress_bar

#: Seconds a page may take to load (the ``load`` event, with every request but the
#: page's own refused at once); a page that takes longer is recorded as failed.
LOAD_SECONDS = 30.0
#: Pages read in one browser before it is closed.
CHUNK = 20
#: Seconds a page may take in all (loading, then reading its text) before its browser
#: is killed, and the extra seconds the first page of a chunk gets for the start.
PAGE_SECONDS = LOAD_SECONDS + 30
START_SECONDS = 30.0
#: The repository root: the child process runs ``-m bench.visible.capture`` there.
REPO = Path(__file__).resolve().parents[2]
#: What Playwright evaluates: the visitor's text (WHATWG HTML §3.2.7, "the innerText
#: getter steps"), "" for a document without a body (a frameset).
_INNER_TEXT = "() => document.body ? document.body.innerText : ''"


def default_cache() -> Path:
    """``$XDG_CACHE_HOME/webfold/visible``, else ``~/.cache/webfold/visible``."""
    root = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(root) / "webfold" / "visible"


@dataclass(slots=True)
class Visible:
    """One page's visible text, as the cache stores it."""

    #: ``document.body.innerText`` ("" when the page failed to load)
    text: str
    #: why the page has no text: the browser's error in one line (None: it loaded)
    error: str | None
    #: the browser that read it, e.g. ``"Chromium 156.0.8078.114"`` (a text read by an
    #: older browser stays in the cache: clear it to read the pages again)
    browser: str


@dataclass(frozen=True, slots=True)
class Job:
    """One page to read: its name and its bytes."""

    name: str
    raw: bytes


def cache_path(cache: Path, raw: bytes, scripts: bool) -> Path:
    """The cache file of a page's bytes in a mode (scripts on or off)."""
    digest = hashlib.sha256(raw).hexdigest()
    return cache / digest[:2] / f"{digest}-{'scripts' if scripts else 'static'}.json"


def read_all(jobs: list[Job], cache: Path, scripts: bool = False, workers: int = 2,
             progress: bool = True) -> dict[str, Visible]:
    """Every page's visible text, by page name: from the cache, else read in Chromium
    (``workers`` processes, each with its own browser) and cached.

    Parameters
    ----------
    jobs : list of Job
    cache : Path
        The cache folder (made when missing).
    scripts : bool, default False
        Let the page's own scripts run (inline ones only: nothing else loads).
    workers : int, default 2
        Browser processes.
    progress : bool, default True
        Show a progress bar on standard error (when it is a terminal).

    Raises
    ------
    webfold.errors.BrowserError
        Playwright or Chromium is missing.
    """
    found: dict[str, Visible] = {}
    missing = []
    for job in jobs:
        cached = _cached(cache_path(cache, job.raw, scripts))
        if cached is not None:
            found[job.name] = cached
        else:
            missing.append(job)
    if missing:
        _check_browser()
        # Chunks, each read in one browser: a launch costs about a second.
        chunks = [missing[start:start + CHUNK] for start in range(0, len(missing), CHUNK)]
        reader = _Reader(cache, scripts, progress_bar(len(missing), not progress, "page"))
        try:
            with ThreadPoolExecutor(max(workers, 1)) as pool:
                for done in pool.map(reader.chunk, chunks):
                    found.update(done)
        finally:
            reader.stop()           # on Ctrl-C too: no child or browser is left behind
    return found


def _cached(path: Path) -> Visible | None:
    """The cached text at ``path``; None when there is none, or when the file is not
    one this module wrote (truncated, edited, another format): the page is read again
    and the file replaced."""
    try:
        fields = json.loads(path.read_text(encoding="utf-8"))
        visible = Visible(**fields)
    except (OSError, ValueError, TypeError):
        return None
    if not (isinstance(visible.text, str) and visible.error is None and isinstance(visible.browser, str)):
        return None
    return visible


class _Reader:
    """Reads chunks of pages, each in a child process (``python -m
    bench.visible.capture``) that answers one JSON line per page, from threads of the
    caller's process."""

    def __init__(self, cache: Path, scripts: bool, bar) -> None:
        self.cache, self.scripts, self.bar = cache, scripts, bar
        self.stopped = threading.Event()
        self.children: set[subprocess.Popen] = set()
        self.lock = threading.Lock()

    def chunk(self, jobs: list[Job]) -> list[tuple[str, Visible]]:
        """Every page of the chunk, read or failed. A page that gets no answer in
        :data:`PAGE_SECONDS` (a script that never yields holds the browser) fails: the
        child and its browser are killed, and the pages after it go to a new child. A
        child that ends without answering fails the page it was on, and twice in a row
        the rest of the chunk (the browser cannot start)."""
        done: list[tuple[str, Visible]] = []
        silent_starts = 0
        while jobs and not self.stopped.is_set():
            answered, ended = self._child(jobs)
            done += [(name, Visible(**visible)) for name, visible in answered]
            silent_starts = silent_starts + 1 if not answered else 0
            failed = jobs[len(answered):] if silent_starts == 2 else jobs[len(answered):len(answered) + 1]
            reason = f"the reading process ended ({ended})" if ended else f"no answer in {PAGE_SECONDS:g} s"
            done += [(job.name, Visible("", reason, "")) for job in failed]
            self._count(len(answered) + len(failed))
            jobs = jobs[len(answered) + len(failed):]
        return done

    def _child(self, jobs: list[Job]) -> tuple[list[list], str | None]:
        """Run one child over ``jobs``: its answers, and how it ended if it ended
        early (None: it answered all, or went silent and was killed)."""
        with tempfile.TemporaryDirectory(prefix="webfold-visible-") as folder:
            pages = Path(folder) / "jobs.pickle"
            pages.write_bytes(pickle.dumps(jobs))
            with self.lock:
                if self.stopped.is_set():
                    return [], None
                with open(Path(folder) / "stderr", "wb") as errors:
                    child = subprocess.Popen(
                        [sys.executable, "-m", "bench.visible.capture", str(pages), str(self.cache),
                         "scripts" if self.scripts else "static"],
                        cwd=REPO, stdout=subprocess.PIPE, stderr=errors, start_new_session=True)
                self.children.add(child)
            try:
                answered, ended = _answers(child, len(jobs))
            finally:
                _kill(child)
                with self.lock:
                    self.children.discard(child)
            if not ended or len(answered) == len(jobs):
                return answered, None
            return answered, f"exit code {child.returncode}{_last_error(Path(folder) / 'stderr')}"

    def _count(self, pages: int) -> None:
        if self.bar is not None:
            with self.lock:
                self.bar.update(pages)

    def stop(self) -> None:
        """Start no more children and kill those running."""
        with self.lock:
            self.stopped.set()
            for child in self.children:
                _kill(child)
            if self.bar is not None:
                self.bar.close()


def _last_error(path: Path) -> str:
    """``": "`` and the last exception line of a child's standard error (at most 200
    characters), or ``""``."""
    lines = [line for line in path.read_text(encoding="utf-8", errors="replace").splitlines()
             if re.match(r"[\w.]+(Error|Exception)\b", line)]
    return f": {lines[-1][:200]}" if lines else ""


def _kill(child: subprocess.Popen) -> None:
    """Kill a child and its browser (its own process group), and reap it."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(child.pid, signal.SIGKILL)
    child.wait()


def _answers(child: subprocess.Popen, expected: int) -> tuple[list[list], bool]:
    """The child's answers, ``[name, Visible fields]``, until it has given ``expected``
    of them, ends, or stays silent for :data:`PAGE_SECONDS` (the first wait also covers
    its start); and whether it ended. Lines that are not answers (a library's print)
    are skipped."""
    lines: list[list] = []
    pending = b""
    with selectors.DefaultSelector() as selector:
        selector.register(child.stdout, selectors.EVENT_READ)
        while len(lines) < expected:
            if not selector.select(PAGE_SECONDS + (START_SECONDS if not lines else 0)):
                return lines, False                     # silent: a page holds the browser
            data = os.read(child.stdout.fileno(), 1 << 20)
            if not data:
                child.wait()
                return lines, True                      # it ended: crashed, or killed
            pending += data
            *complete, pending = pending.split(b"\n")
            for line in complete:
                with contextlib.suppress(ValueError):
                    answer = json.loads(line)
                    if isinstance(answer, list) and len(answer) == 2:
                        lines.append(answer)
    return lines, False


def _check_browser() -> None:
    from webfold.browser import available
    from webfold.errors import BrowserError

    if not available():
        raise BrowserError("Playwright and Chromium are needed: pip install -e '.[bench]' and apt-get "
                           "install chromium (or set WEBFOLD_CHROMIUM to a Chromium or Chrome binary)")


def _read_chunk(jobs: list[Job], cache: Path, scripts: bool) -> None:
    """Read pages one after another in one browser, caching each and writing one JSON
    line per page, ``[name, Visible]``, to standard output (in the child)."""
    from playwright.sync_api import sync_playwright

    from webfold.browser import FLAGS, chromium_path

    with _Server() as server, sync_playwright() as playwright:
        # Every request goes to a closed port except those to the page server.
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=FLAGS,
                                             proxy={"server": f"http://127.0.0.1:{_closed_port()}",
                                                    "bypass": "127.0.0.1"})
        name = f"Chromium {browser.version}"
        try:
            for job in jobs:
                server.page = job.raw
                visible = _read_one(browser, server.address, scripts, name)
                if visible.error is None:       # failures are not cached: the next run tries again
                    path = cache_path(cache, job.raw, scripts)
                    path.parent.mkdir(parents=True, exist_ok=True)
                    partial = path.with_suffix(".part")
                    partial.write_text(json.dumps(asdict(visible)), encoding="utf-8")
                    partial.replace(path)       # whole or absent, if the run is stopped
                sys.stdout.write(json.dumps([job.name, asdict(visible)]) + "\n")
                sys.stdout.flush()
        finally:
            browser.close()


def _read_one(browser, address: str, scripts: bool, name: str) -> Visible:
    """Load one page in a fresh context and read its innerText."""
    from playwright.sync_api import Error

    context = browser.new_context(java_script_enabled=scripts, service_workers="block")
    try:
        page = context.new_page()
        page.goto(address, wait_until="load", timeout=LOAD_SECONDS * 1000)
        return Visible(page.evaluate(_INNER_TEXT), None, name)
    except Error as error:
        return Visible("", str(error).strip().splitlines()[0] if str(error).strip() else "error", name)
    finally:
        context.close()


def _closed_port() -> int:
    """A local port that nothing listens on (bound, then released)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class _Server:
    """An HTTP server on 127.0.0.1 that answers ``/page.html`` with :attr:`page` and
    everything else with 404, in a thread of its own."""

    PATH = "/page.html"

    def __init__(self) -> None:
        self.page = b""
        owner = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                found = self.path == owner.PATH
                body = owner.page if found else b""
                self.send_response(200 if found else 404)
                self.send_header("Content-Type", "text/html")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                try:
                    self.wfile.write(body)
                except (BrokenPipeError, ConnectionResetError):
                    pass            # the browser stopped reading: a request it cancelled

            def log_message(self, *args) -> None:      # quiet
                pass

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.address = f"http://127.0.0.1:{self.httpd.server_address[1]}{self.PATH}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def __enter__(self) -> "_Server":
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


if __name__ == "__main__":
    # The child of _run_chunk: python -m bench.visible.capture JOBS CACHE MODE
    _read_chunk(pickle.loads(Path(sys.argv[1]).read_bytes()), Path(sys.argv[2]), sys.argv[3] == "scripts")
