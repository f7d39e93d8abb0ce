"""The bulk commands, ``webfold warc``, ``webfold replay`` and ``webfold crawl`` (see
:mod:`webfold.cli`)."""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
import tempfile
import time

from webfold.bulk import Summary, WorkerError, convert_warc, counted, output_name, progress_bar, worker_count
from webfold.cli import ConversionError, UsageError, _conversion, _is_web_url, _output, _printable
from webfold.errors import WebfoldError
from webfold.fetch import MAX_TIMEOUT, TIMEOUT
from webfold.pipeline import to_document
from webfold.urls import DEFAULT_PORTS, origin
from webfold.warc import NO_CONTENT_STATUSES, WarcError, records


def run_warc(args: argparse.Namespace) -> int:
    """Convert every FILE; write JSON Lines to stdout or to ``-o DIR``; print the
    summary on stderr. Returns the exit code: 1 when a record failed or a file was
    broken, else 0.

    Raises
    ------
    UsageError
        A bad ``--jobs``, ``--resume`` without ``-o``, a FILE that is missing or not
        a file, or an output folder that cannot be made.
    """
    _check_jobs(args)
    if args.resume and not args.output_dir:
        raise UsageError("--resume goes with -o DIR")
    for path in args.files:
        if not os.path.isfile(path):
            raise UsageError(f"{_printable(path)}: " + ("no such file" if not os.path.exists(path)
                                                        else "not a file"))
    names = [output_name(path) for path in args.files]
    if args.output_dir:
        if len(set(names)) < len(names):
            raise UsageError("two FILEs would write the same output file in -o DIR: "
                             + ", ".join(sorted({n for n in names if names.count(n) > 1})))
        _make_folder(args.output_dir)
    options = _conversion(args)
    summary, done = Summary(), 0
    bar = progress_bar(sum(os.path.getsize(path) for path in args.files), args.quiet)
    try:
        for path, name in zip(args.files, names):
            target = os.path.join(args.output_dir, name) if args.output_dir else None
            if args.resume and os.path.exists(target) and not os.path.exists(target + BROKEN):
                summary.resumed_files += 1
            else:
                _convert_file(path, target, options, args.jobs, summary, bar, done)
            done += os.path.getsize(path)
            if bar is not None:
                bar.update(done - bar.n)     # offsets are records' starts: the last one's end too
    finally:
        if bar is not None:
            bar.close()
    print(f"webfold: warc: {summary.line()}", file=sys.stderr)
    return 1 if summary.failed or summary.broken_files or summary.lost_files else 0


def _convert_file(path: str, target: str | None, options: dict, jobs: int, summary: Summary, bar,
                  done: int) -> None:
    """Convert one WARC (:func:`_write_lines`); a broken or unreadable one is counted
    and reported. ``bar`` (or None) advances from ``done``, the bytes of the files before."""
    at = None if bar is None else (lambda offset: bar.update(done + offset - bar.n))
    try:
        _write_lines(path, target, options, jobs, summary, at)
    except BrokenPipeError:
        raise                        # the reader went away: main() stops quietly
    except WarcError as error:
        summary.broken_files += 1
        _note(bar, f"webfold: error: {_printable(path)}: {error}")
    except WorkerError as error:
        summary.lost_files += 1
        _note(bar, f"webfold: error: {_printable(path)}: {error}")
    except OSError as error:
        summary.broken_files += 1
        _note(bar, f"webfold: error: {_printable(path)}: cannot read ({error.strerror or error})")


def _write_lines(path: str, target: str | None, options: dict, jobs: int, summary: Summary, at) -> None:
    """Write the JSON Lines of one WARC to stdout, or to ``target`` through a
    ``.partial`` file renamed at the end, so that an output file exists only when it is
    complete (what ``--resume`` looks for). A broken WARC still gets its file: the
    records before the break are in it, and the error is raised after."""
    if target is None:
        for line in convert_warc(path, options, jobs, summary, at):
            _write(sys.stdout, json.dumps(line, ensure_ascii=False) + "\n", "standard output")
        _write(sys.stdout, "", "standard output")
        return
    partial = target + ".partial"
    handle = _writing(partial, open, partial, "w", encoding="utf-8", newline="\n")
    try:
        if os.path.lexists(target + BROKEN):
            _writing(target + BROKEN, os.remove, target + BROKEN)
        for line in convert_warc(path, options, jobs, summary, at):
            _write(handle, json.dumps(line, ensure_ascii=False) + "\n", partial)
    except (WarcError, WorkerError) as error:
        # The records before the break are kept; the error beside them tells
        # --resume that this output is not complete (the WARC may be whole next time).
        _writing(partial, handle.close)
        _writing(target, os.replace, partial, target)
        with _writing(target + BROKEN, open, target + BROKEN, "w", encoding="utf-8") as broken:
            _write(broken, f"{error}\n", target + BROKEN)
        raise
    except BaseException:
        with contextlib.suppress(OSError):   # what stays buffered fails again: the first error counts
            handle.close()
        raise
    _writing(partial, handle.close)
    _writing(target, os.replace, partial, target)


def _writing(name: str, function, *args, **kwargs):
    """``function(*args, **kwargs)``, an operation on the output file ``name``: an
    ``OSError`` becomes the :class:`ConversionError` that stops the run, naming the
    output, not the WARC (a full disk, a folder in the way)."""
    try:
        return function(*args, **kwargs)
    except OSError as error:
        raise ConversionError(f"{_printable(name)}: cannot write ({error.strerror or error})") from None


def _write(stream, text: str, name: str) -> None:
    """Write and flush ``text``; a failure (a full disk) stops the run: it is no fault
    of the WARC, and every further line would fail too."""
    try:
        stream.write(text)
        stream.flush()
    except BrokenPipeError:
        raise
    except OSError as error:
        raise ConversionError(f"{_printable(name)}: cannot write ({error.strerror or error})") from None


#: Beside an output file whose WARC broke: the error, and a sign for ``--resume``
#: that the output is not complete.
BROKEN = ".error"


def _check_jobs(args: argparse.Namespace) -> None:
    """Refuse a ``--jobs`` below 1; cap one far above the cores, with a note."""
    if args.jobs < 1:
        raise UsageError(f"--jobs takes at least 1 worker, not {args.jobs}")
    args.jobs, note = worker_count(args.jobs)
    if note:
        print(f"webfold: note: {note}", file=sys.stderr)


def _note(bar, message: str) -> None:
    """An error line on stderr that does not break the progress bar."""
    if bar is not None:
        bar.write(message, file=sys.stderr)
    else:
        print(message, file=sys.stderr)


def _make_folder(path: str) -> None:
    """Make the output folder ``path`` (and its parents) unless it is there.

    Raises
    ------
    UsageError
        It cannot be made: a file of that name is there, or the file system refuses.
    """
    try:
        os.makedirs(path, exist_ok=True)
    except OSError as error:
        raise UsageError(f"{_printable(path)}: cannot make the folder ({error.strerror})") from None


def run_crawl(args: argparse.Namespace) -> int:
    """Convert every page under DIR with template removal; write OUT/PATH.md files or
    JSON Lines; print the summary on stderr. Returns 1 when a page failed, else 0.

    Raises
    ------
    UsageError
        DIR is not a folder, neither ``-o`` nor ``--json`` (or both) is given, a bad
        ``--jobs``, ``--template-share``, ``--max-pages`` or ``--timeout``, an option of
        fetching (``--max-pages``, ``--timeout``, ``--plain``) for a folder, or OUT
        cannot be made.
    """
    from webfold.crawl import MAX_PAGES, crawl_folder, crawl_site, page_files

    is_url = _is_web_url(args.folder)
    if not is_url and not os.path.isdir(args.folder):
        raise UsageError(f"{_printable(args.folder)}: not a folder (nor an http:// or https:// URL)")
    fetching = [option for option, given in (("--max-pages", args.max_pages is not None),
                                             ("--timeout", args.timeout is not None), ("--plain", args.plain)) if given]
    if fetching and not is_url:
        raise UsageError(f"{' and '.join(fetching)}: only for a URL to crawl (a folder's pages are all converted)")
    max_pages = MAX_PAGES if args.max_pages is None else args.max_pages
    timeout = TIMEOUT if args.timeout is None else args.timeout
    if max_pages < 1:
        raise UsageError(f"--max-pages takes at least 1 page, not {max_pages}")
    if not 0 < timeout <= MAX_TIMEOUT:
        raise UsageError(f"--timeout takes a number of seconds above 0 and at most {MAX_TIMEOUT:,}, not {timeout}")
    if bool(args.output_dir) == bool(args.json):
        raise UsageError("give either -o OUT (Markdown files) or --json (JSON Lines on stdout), "
                         "not both" if args.json else "give -o OUT (Markdown files) or --json "
                         "(JSON Lines on stdout)")
    _check_jobs(args)
    if not 0 < args.template_share <= 1:
        raise UsageError(f"--template-share takes a share above 0 and at most 1, not {args.template_share}")
    if args.output_dir == "-":
        raise UsageError("crawl writes a file a page into -o OUT: for one stream on stdout, give --json")
    if args.output_dir:
        _make_folder(args.output_dir)   # before any page is fetched or converted
    with tempfile.TemporaryDirectory(prefix="webfold-crawl-") as fetched:
        if is_url:
            notes: list[str] = []
            failures: list[str] = []
            bases = crawl_site(args.folder, fetched, max_pages, timeout,
                               render=False if args.plain else None, notes=notes, failures=failures)
            for note in notes:
                print(f"webfold: note: {_printable(note)}", file=sys.stderr)
            for failure in failures:
                print(f"webfold: error: {_printable(failure)}", file=sys.stderr)
            folder = fetched
        else:
            folder, bases = args.folder, {}
        share = None if args.keep_template else args.template_share
        problems: list[str] = []
        files = page_files(folder, problems)
        for problem in problems:
            print(f"webfold: error: {_printable(problem)}", file=sys.stderr)
        code = _write_crawl(args, crawl_folder(folder, _conversion(args), args.jobs, share, bases, files),
                            folder, bases, len(failures) if is_url else 0, len(files))
        return 1 if problems or (is_url and failures) else code


def _write_crawl(args: argparse.Namespace, results, folder: str, bases: dict[str, str],
                 unfetched: int, total: int) -> int:
    """Write crawl results as Markdown files or JSON Lines and the summary, which
    counts the URLs that could not be fetched (``unfetched``) too; ``total`` is the
    number of pages, for the progress bar."""
    pages = failed = dropped = 0
    written: set[str] = set()
    bar = progress_bar(total, args.quiet, "page")
    for result in results:
        if bar is not None:
            bar.update(1)
        if bases:
            result["url"] = bases.get(result["path"])
        pages += 1
        dropped += result["template_blocks"]
        if result["error"]:
            failed += 1
            where = result.get("url") or os.path.join(folder, result["path"])
            _note(bar, f"webfold: error: {_printable(where)}: {result['error']}")
        if args.json:
            sys.stdout.write(json.dumps({**result, "path": _printable(result["path"])}, ensure_ascii=False) + "\n")
        elif result["markdown"] is not None:
            name = _markdown_name(result["path"])
            if name in written:          # a.html and a.htm: the second keeps its suffix
                name = result["path"] + ".md"
            written.add(name)
            target = os.path.join(args.output_dir, name)
            _writing(target, os.makedirs, os.path.dirname(target), exist_ok=True)
            with _writing(target, open, target, "w", encoding="utf-8", newline="\n") as handle:
                _write(handle, result["markdown"], target)
    if bar is not None:
        bar.close()
    print(f"webfold: crawl: {counted(pages, 'page')}: {pages - failed:,} converted, {failed:,} failed; "
          + (f"{counted(unfetched, 'URL')} not fetched; " if unfetched else "")
          + f"{counted(dropped, 'template block')} dropped", file=sys.stderr)
    return 1 if failed else 0


def _markdown_name(relative: str) -> str:
    """``blog/a.html.gz`` → ``blog/a.md``."""
    for suffix in (".gz", ".html", ".htm", ".xhtml"):
        if relative.lower().endswith(suffix):
            relative = relative[: -len(suffix)]
    return relative + ".md"


def _same_url(url: str) -> str:
    """``url`` in the form replay compares: without its fragment, the scheme and host
    in lower case, the scheme's default port dropped, and an empty path as ``/``, so
    that ``HTTP://Example.com:80`` finds ``http://example.com/``."""
    from urllib.parse import urlsplit, urlunsplit

    try:
        parts = urlsplit(url.strip())
        parts.port
    except ValueError:
        return url
    scheme, host, port = origin(url.strip())
    netloc = host + (f":{port}" if port and port != DEFAULT_PORTS.get(scheme) else "")
    return urlunsplit((scheme, netloc, parts.path or "/", parts.query, ""))


def replay(args: argparse.Namespace) -> str:
    """``webfold replay FILE URL``: the output (as ``webfold md`` writes it) for the
    first HTML response record whose ``WARC-Target-URI`` is URL (compared as
    :func:`_same_url` writes both).

    Raises
    ------
    UsageError
        FILE is missing.
    ConversionError
        No response record for URL, a record that is not HTML, or a WARC that breaks
        before the record.
    """
    if not os.path.isfile(args.file):
        raise UsageError(f"{_printable(args.file)}: " + ("not a file" if os.path.exists(args.file)
                                                         else "no such file"))
    source = f"{_printable(args.file)}: {_printable(args.url)}"
    wanted = _same_url(args.url)
    other = None
    try:
        # Only the wanted record's body is read and decoded: the others may be large.
        for record in records(args.file, args.max_bytes, lambda uri: _same_url(uri) == wanted):
            if record.type != "response" or _same_url(record.uri) != wanted:
                continue
            if not record.is_html:
                other = other or (f"HTTP {record.status}, which has no content" if record.status in
                                  NO_CONTENT_STATUSES else f"{record.content_type or 'without a content type'}"
                                  ", not HTML")
                continue
            if record.error:
                raise ConversionError(f"{source}: {record.error}")
            started = time.perf_counter()
            try:
                document = to_document(record.body, record.uri, charset=record.charset,
                                       **_conversion(args))
            except WebfoldError as error:
                raise ConversionError(f"{source}: {error}") from None
            args.base = record.uri              # what links were resolved against
            if record.note:                     # a coding passed through, a record cut short
                print(f"webfold: note: {source}: {record.note}", file=sys.stderr)
            return _output(args, document, source, len(record.body), time.perf_counter() - started,
                           {"url": record.uri, "record_id": record.record_id, "date": record.date,
                            "status": record.status, **({"note": record.note} if record.note else {})})
    except WarcError as error:
        raise ConversionError(f"{_printable(args.file)}: {error}, before a record for "
                              f"{_printable(args.url)} was found") from None
    except OSError as error:
        raise ConversionError(f"{_printable(args.file)}: cannot read ({error.strerror or error})") from None
    if other:
        raise ConversionError(f"{source}: the response is {other}")
    raise ConversionError(f"{source}: no response record for this URL")
