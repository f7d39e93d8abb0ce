"""Converting many pages: WARC records on every core, in order, with bounded memory,
a progress bar and a summary (``webfold warc``, ``webfold replay``)."""

from __future__ import annotations

import os
import sys
from collections import Counter, deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field

from webfold.errors import WebfoldError
from webfold.pipeline import to_document
from webfold.warc import NO_CONTENT_STATUSES, Record, records

#: Pages given to each worker ahead of the one being written: enough to keep every
#: core busy while the slowest page of a window finishes, few enough that memory
#: stays flat (a page in flight is its body, about 300 KB on WCXB pages).
WINDOW_PER_JOB = 8
#: Bytes of items in flight at most (see :func:`ordered_map`): pages near
#: ``--max-bytes`` would otherwise hold up to 8 of that a worker in the parent.
WINDOW_BYTES = 256 * 1024 * 1024
#: Worker processes a core at most: conversion is work for a core, so more only
#: costs memory (each worker holds the selector and its pages).
MAX_JOBS_PER_CORE = 4


def worker_count(jobs: int) -> tuple[int, str | None]:
    """The workers to start for ``--jobs jobs``, and a note when that is fewer."""
    cores = os.cpu_count() or 1
    most = cores * MAX_JOBS_PER_CORE
    if jobs <= most:
        return jobs, None
    return most, f"--jobs {jobs} is more than {MAX_JOBS_PER_CORE} workers a core; {most} are used"


class WorkerError(WebfoldError):
    """A worker process of :func:`ordered_map` died (the kernel's OOM killer, a
    signal): the results before the lost items were given."""


def ordered_map(function: Callable, items: Iterable, jobs: int,
                size: Callable[[object], int] | None = None) -> Iterator:
    """``function(item)`` for each item, in the order of ``items``, computed by ``jobs``
    worker processes (in this process when ``jobs`` is 1). At most
    ``jobs * WINDOW_PER_JOB`` items are in flight, and, when ``size(item)`` gives
    their bytes, at most :data:`WINDOW_BYTES` of them (one item at least), so a long
    input is streamed, not loaded. ``function`` must be a module-level function (it
    is pickled).

    Raises
    ------
    WorkerError
        A worker died; the results before the first lost item have been given.
    """
    if jobs <= 1:
        yield from map(function, items)
        return
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    # spawn, not fork: the parent may run threads (the progress bar's), and a forked
    # child inherits their locks.
    with ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("spawn"),
                             initializer=_worker_start, initargs=(os.getpid(),)) as pool:
        pending: deque = deque()
        try:
            held = 0                            # bytes of the items in flight
            try:
                for item in items:
                    weight = size(item) if size is not None else 0
                    pending.append((pool.submit(function, item), weight))
                    held += weight
                    while len(pending) >= jobs * WINDOW_PER_JOB or (held > WINDOW_BYTES and len(pending) > 1):
                        future, weight = pending.popleft()
                        held -= weight
                        yield future.result()
            except BrokenProcessPool:
                raise
            except Exception:
                # ``items`` raised (a WARC that breaks): what was read before is given first.
                while pending:
                    yield pending.popleft()[0].result()
                raise
            while pending:
                yield pending.popleft()[0].result()
        except BrokenProcessPool:
            raise WorkerError("a worker process died (killed, or out of memory); the results "
                              "before it are kept") from None
        except Exception:
            raise
        except BaseException:
            # Ctrl-C, SIGTERM (webfold.cli.Terminated), or a consumer that stopped: the
            # items not started are dropped, and the workers end with the page in hand.
            pool.shutdown(cancel_futures=True)
            raise


def _worker_start(parent: int) -> None:
    """Set up a worker: Ctrl-C is the parent's to handle (it stops the pool), and the
    worker ends itself when the parent is gone (killed with SIGKILL, say), instead of
    waiting forever for work."""
    import signal
    import threading
    import time

    signal.signal(signal.SIGINT, signal.SIG_IGN)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(1)

    threading.Thread(target=watch, daemon=True, name="parent-watch").start()


def record_line(job: tuple[Record, dict]) -> dict:
    """The JSON Lines object of one HTML record: ``record_id``, ``url``, ``date``,
    ``status``, ``title``, ``markdown`` and ``error`` (None, or why the record gave no
    Markdown), with ``offset`` (bytes into the WARC) and ``note`` (a content coding
    passed through, a record cut short) when there is one. ``job`` is the record and
    the keyword arguments of :func:`webfold.to_document`. Never raises: a failure is
    the ``error``."""
    record, options = job
    line = {"offset": record.offset, "record_id": record.record_id, "url": record.uri,
            "date": record.date, "status": record.status, "title": None, "markdown": None,
            "error": record.error}
    if record.note:
        line["note"] = record.note
    if record.error is None:
        try:
            document = to_document(record.body, record.uri or None, charset=record.charset, **options)
            line["title"], line["markdown"] = document.metadata.title, document.markdown
        except WebfoldError as error:
            line["error"] = str(error)
        except Exception as error:       # a bug: the record is reported and the run goes on
            line["error"] = f"internal error: {type(error).__name__}: {error}"
    return line


@dataclass(slots=True)
class Summary:
    """What a run did, for its last line."""

    #: WARC records read, of every type
    read: int = 0
    #: HTML responses converted to Markdown
    converted: int = 0
    #: HTML responses that gave an error instead
    failed: int = 0
    #: records not converted, by kind: the WARC type, or "response" and the media type
    skipped: Counter = field(default_factory=Counter)
    #: files that were truncated or corrupt (their records before the break are kept)
    broken_files: int = 0
    #: files whose conversion stopped because a worker process died
    lost_files: int = 0
    #: files skipped by ``--resume`` because their output was complete
    resumed_files: int = 0

    def line(self) -> str:
        """One line: records read, converted, skipped by kind, failed."""
        skipped = sum(self.skipped.values())
        kinds = ", ".join(f"{kind} {count:,}" for kind, count in self.skipped.most_common())
        return (f"{counted(self.read, 'record')} read: {self.converted:,} converted, {skipped:,} skipped"
                + (f" ({kinds})" if kinds else "") + f", {self.failed:,} failed"
                + (f"; {counted(self.broken_files, 'truncated or corrupt file')}" if self.broken_files else "")
                + (f"; {counted(self.lost_files, 'file')} stopped by a worker's death" if self.lost_files else "")
                + (f"; {counted(self.resumed_files, 'file')} skipped, their output complete (--resume)"
                   if self.resumed_files else ""))


def counted(count: int, noun: str) -> str:
    """``count`` and ``noun``, plural (with an s) unless ``count`` is 1: "1 record",
    "1,024 records"."""
    return f"{count:,} {noun}" + ("" if count == 1 else "s")


def convert_warc(path: str, options: dict, jobs: int, summary: Summary,
                 at: Callable[[int], None] | None = None) -> Iterator[dict]:
    """The JSON Lines objects (:func:`record_line`) of the HTML responses of the WARC
    file at ``path``, in file order, counting into ``summary``; ``at(offset)`` is
    called with each record's offset that is known (for a progress bar).

    Raises
    ------
    WarcError
        The file is truncated or corrupt, after every record before the break.
    OSError
        The file cannot be read.
    """
    limit = options.get("max_input_bytes", 200_000_000)

    def html_jobs() -> Iterator[tuple[Record, dict]]:
        for record in records(path, limit):
            summary.read += 1
            if at is not None and record.offset is not None:
                at(record.offset)
            if record.has_line:
                yield record, options
            else:
                kind = record.type if record.type != "response" else \
                    f"response {record.status} without content" if record.status in NO_CONTENT_STATUSES \
                    else f"response {record.content_type or 'without a type'}"
                summary.skipped[kind] += 1

    for line in ordered_map(record_line, html_jobs(), jobs, size=lambda job: len(job[0].body)):
        if line["error"] is None:
            summary.converted += 1
        else:
            summary.failed += 1
        yield line


def progress_bar(total: int, quiet: bool, unit: str = "B"):
    """A tqdm bar on standard error over ``total`` units of input (bytes, ``"B"``, or
    pages), or None when ``quiet`` or standard error is not a terminal (a log file
    should not fill up with bar redraws)."""
    if quiet or not (sys.stderr and sys.stderr.isatty()):
        return None
    from tqdm import tqdm

    in_bytes = unit == "B"
    return tqdm(total=total, unit=unit, unit_scale=in_bytes, unit_divisor=1024 if in_bytes else 1000,
                file=sys.stderr, dynamic_ncols=True, mininterval=0.5)


def output_name(path: str) -> str:
    """The output file name for a WARC path: its name without ``.warc.gz``, ``.warc``
    or ``.gz``, plus ``.jsonl``."""
    name = os.path.basename(path)
    for suffix in (".warc.gz", ".warc", ".gz"):
        if name.endswith(suffix):
            name = name[: -len(suffix)]
            break
    return name + ".jsonl"

