"""What a visitor sees of a saved page: ``document.body.innerText`` in headless Chromium,
read once and cached.

Each page is served from 127.0.0.1 (:mod:`bench.visible.server`), with nothing else
reachable, and read in a child process, one browser per chunk of pages
(:mod:`bench.visible.chromium`). What styles the page therefore comes from the page
itself: its ``<style>`` elements, ``style`` attributes and the browser's default
stylesheet. Scripts are off unless asked for.

The page is served as webfold reads it: decoded by :func:`webfold.decode.decode` and
sent as UTF-8 with that charset. Served as saved, a UTF-8 page that declares no
charset is read by Chromium as windows-1252 (``LinkedInâ€™s``), and tools and browser
would be scored on different words.

The texts are cached on disk, one JSON file per page and mode, named by the SHA-256 of
the served bytes and the reader's version, so a second run (or a run with more tools)
loads no page again, and identical pages are read once.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import pickle
import re
import selectors
import signal
import subprocess
import sys
import tempfile
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
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
#: The repository root: the child process runs ``-m bench.visible.chromium`` there.
REPO = Path(__file__).resolve().parents[2]
#: The reader's version, part of every cache key: raised when what is read for the
#: same bytes changes (2: served as UTF-8; animations finished; a hidden body reads as
#: nothing; pages that leave fail).
READER = 2


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
    """One page to read: its name and its bytes as saved."""

    name: str
    raw: bytes
    #: the bytes served to the browser: :func:`served` of ``raw``
    served: bytes = field(init=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "served", served(self.raw))


def served(raw: bytes) -> bytes:
    """A page's bytes as the browser is given them: as webfold decodes them
    (:func:`webfold.decode.decode`), in UTF-8; bytes webfold refuses (a binary file)
    as they are."""
    from webfold.decode import decode
    from webfold.errors import DecodeError

    try:
        return decode(raw).utf8
    except DecodeError:
        return raw


def cache_path(cache: Path, served: bytes, scripts: bool) -> Path:
    """The cache file of the served bytes (:attr:`Job.served`) in a mode (scripts on
    or off)."""
    digest = hashlib.sha256(b"%d\n%s" % (READER, served)).hexdigest()
    return cache / digest[:2] / f"{digest}-{'scripts' if scripts else 'static'}.json"


def read_all(jobs: list[Job], cache: Path, scripts: bool = False, workers: int = 2,
             progress: bool = True) -> dict[str, Visible]:
    """Every page's visible text, by page name: from the cache, else read in Chromium
    (``workers`` processes, each with its own browser) and cached. Pages whose served
    bytes are the same are read once.

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
    missing: dict[Path, list[Job]] = {}         # by cache file: the jobs of the same bytes
    for job in jobs:
        path = cache_path(cache, job.served, scripts)
        cached = _cached(path)
        if cached is not None:
            found[job.name] = cached
        else:
            missing.setdefault(path, []).append(job)
    if missing:
        _check_browser()
        distinct = [same[0] for same in missing.values()]
        # Chunks, each read in one browser: a launch costs about a second.
        chunks = [distinct[start:start + CHUNK] for start in range(0, len(distinct), CHUNK)]
        reader = _Reader(cache, scripts, progress_bar(len(distinct), not progress, "page"))
        try:
            with ThreadPoolExecutor(max(workers, 1)) as pool:
                for done in pool.map(reader.chunk, chunks):
                    found.update(done)
        finally:
            reader.stop()           # on Ctrl-C too: no child or browser is left behind
        for first, *copies in missing.values():
            found.update((copy.name, found[first.name]) for copy in copies)
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
    bench.visible.chromium``) that answers one JSON line per page, from threads of the
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
            pages.write_bytes(pickle.dumps([(job.name, job.served) for job in jobs]))   # not the saved bytes too
            with self.lock:
                if self.stopped.is_set():
                    return [], None
                with open(Path(folder) / "stderr", "wb") as errors:
                    child = subprocess.Popen(
                        [sys.executable, "-m", "bench.visible.chromium", str(pages), str(self.cache),
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
