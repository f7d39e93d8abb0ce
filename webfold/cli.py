"""The command line: ``python -m webfold FILE [BASE]`` and ``webfold md FILE [BASE]``."""

from __future__ import annotations

import argparse
import json
import os
import re
import signal
import sys
import time

from webfold import __version__
from webfold.chunk import chunks
from webfold.decode import encoding_for_label
from webfold.errors import InputTooLargeError, WebfoldError
from webfold.fetch import MAX_TIMEOUT, TIMEOUT, USER_AGENT
from webfold.patterns import LazyPattern
from webfold.pipeline import MAX_INPUT_BYTES, to_document
from webfold.streams import read_at_most, stdout_to_devnull

#: The first bytes of a gzip file (RFC 1952, section 2.3.1).
GZIP_MAGIC = b"\x1f\x8b"
#: UTF-8 bytes per token for the token estimates of ``--json``: the common rule of
#: thumb of about four characters a token for English text with byte-pair-encoding
#: tokenizers (OpenAI's tokenizer guide), counted in bytes on both sides so that the
#: two estimates compare.
BYTES_PER_TOKEN = 4

EXAMPLES = """\
commands (each has --help): md (the default), scrape URL, warc FILE..., replay FILE URL,
crawl DIR|URL, spark-warc PATHS... --out DIR

examples:
  python -m webfold examples/article.html
  webfold md page.html https://example.com/post/ -o page.md
  curl -s https://example.com/ | webfold md - https://example.com/
  webfold md page.html --json
  webfold md page.html --chunk 2000 --jsonl

  webfold scrape https://example.com/post/
  webfold scrape https://example.com/app --render --wait-selector main --json

exit codes: 0 success; 2 bad usage, or a file that cannot be read or written;
1 a failure while converting, or an input over --max-bytes.
"""


SCRAPE_EXAMPLES = """\
commands (each has --help): md (the default), scrape URL, warc FILE..., replay FILE URL,
crawl DIR|URL, spark-warc PATHS... --out DIR

examples:
  webfold scrape https://example.com/post/
  webfold scrape https://example.com/app --render --wait-selector main
  webfold scrape https://example.com/feed --scroll-document --expand-disclosures --json
  webfold scrape https://example.com/post/ --browser http://127.0.0.1:9222

A response that is blocked (a bot wall) or empty (a page drawn by scripts) is retried
in headless Chromium when Playwright and a Chromium are installed (--plain: never).
--render, --wait-for, --wait-selector, --scroll-document and --expand-disclosures
always render.

exit codes: 0 success; 2 bad usage; 1 the page could not be fetched (DNS, refused,
timeout, TLS, HTTP 4xx/5xx, too many redirects), rendered or converted.
"""


WARC_EXAMPLES = """\
commands (each has --help): md (the default), scrape URL, warc FILE..., replay FILE URL,
crawl DIR|URL, spark-warc PATHS... --out DIR

examples:
  webfold warc crawl.warc.gz > pages.jsonl
  webfold warc segment/*.warc.gz -o out/ --jobs 8 --resume

Each line: offset, record_id, url, date, status, title, markdown, error (and note).
A summary line ends the run on stderr.

exit codes: 0 every HTML record converted; 1 a record failed, or a file was truncated
or corrupt (the records before the break are written); 2 bad usage or a missing file.
"""


CRAWL_EXAMPLES = """\
examples:
  webfold crawl mirror/ -o markdown/        # mirror/example.com/a.html → markdown/example.com/a.md
  webfold crawl mirror/ --json > pages.jsonl
  webfold crawl https://example.com/ -o site/ --max-pages 200
                                            # → site/example.com/PATH.md (host_port for a port)

A block on at least --template-share of a site's pages (and on 3 or more) is template:
the counts are over every block of each page, and the blocks dropped are those of each
page's content (after main-content selection). Pages whose names differ only in their
suffix (a.htm, a.html) write a.md, then, in path order, a.html.md.

exit codes: 0 every page converted; 1 a page failed, or for a URL, a page could not be
fetched; 2 bad usage or a missing folder.
"""

REPLAY_EXAMPLES = """\
examples:
  webfold replay crawl.warc.gz https://example.com/post > post.md
  webfold replay crawl.warc.gz HTTPS://Example.com:443/post#top --json

The first HTML response whose WARC-Target-URI is URL is converted: the case of the
scheme and host, a default port and a fragment do not count; the path and query must
match exactly.

exit codes: 0 converted; 1 no response for URL, a response that is not HTML, or a WARC
that breaks before it; 2 bad usage or a missing file.
"""


class UsageError(Exception):
    """Bad command-line usage (exit code 2)."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):     # one line, no usage dump; main() maps it to exit 2
        raise UsageError(message)


def parser() -> argparse.ArgumentParser:
    """The argument parser of ``webfold md`` (also used by ``python -m webfold``)."""
    p = _Parser(prog="webfold [md]", description="Convert an HTML page to clean Markdown.",
                epilog=EXAMPLES, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--version", action="version", version=f"webfold {__version__}")
    source = p.add_argument_group("Input")
    source.add_argument("file", metavar="FILE",
                        help="the HTML file (gzip is gunzipped), or - for standard input")
    source.add_argument("base", metavar="BASE", nargs="?", default=None,
                        help="the page address, to resolve relative links and images (its "
                             "path is also a hint for main-content selection)")
    _add_common(p, source)
    return p


def scrape_parser() -> argparse.ArgumentParser:
    """The argument parser of ``webfold scrape``."""
    p = _Parser(prog="webfold scrape", description="Fetch a page (rendering it in headless Chromium "
                "when it needs scripts) and convert it to clean Markdown.",
                epilog=SCRAPE_EXAMPLES, formatter_class=argparse.RawDescriptionHelpFormatter)
    source = p.add_argument_group("Input")
    source.add_argument("file", metavar="URL|FILE",
                        help="an http:// or https:// URL; a file (or -) is converted as by webfold md")
    source.add_argument("base", metavar="BASE", nargs="?", default=None,
                        help="for a FILE: the page address (a URL is its own)")
    fetching = p.add_argument_group("Fetching")
    fetching.add_argument("--timeout", type=float, default=TIMEOUT, metavar="SECONDS",
                          help=f"seconds the whole acquisition may take (default {TIMEOUT:g})")
    fetching.add_argument("--user-agent", default=USER_AGENT, metavar="TEXT",
                          help="the User-Agent header (default: a desktop Chrome's)")
    rendering = p.add_argument_group("Rendering (headless Chromium through Playwright)")
    rendering.add_argument("--render", action="store_true",
                           help="always render: convert the DOM after scripts have run")
    rendering.add_argument("--plain", action="store_true",
                           help="never render (by default a blocked or empty response is retried "
                                "in a browser when one is available)")
    rendering.add_argument("--browser", metavar="URL",
                           help="the DevTools endpoint of a Chromium you run (http://127.0.0.1:9222), "
                                "instead of launching one")
    rendering.add_argument("--wait-for", type=float, default=0.0, metavar="SECONDS",
                           help="render, and wait this long after the page has loaded")
    rendering.add_argument("--wait-selector", metavar="CSS",
                           help="render, and wait (until the timeout at most) for an element "
                                "matching this CSS selector")
    rendering.add_argument("--scroll-document", action="store_true",
                           help="render, and scroll to the end until the page stops growing "
                                "(lazy content)")
    rendering.add_argument("--expand-disclosures", action="store_true",
                           help='render, and open <details> and click aria-expanded="false" controls')
    _add_common(p, source)
    return p


def warc_parser() -> argparse.ArgumentParser:
    """The argument parser of ``webfold warc``."""
    p = _Parser(prog="webfold warc", description="Convert the HTML responses of WARC files to "
                "Markdown, as JSON Lines.", epilog=WARC_EXAMPLES,
                formatter_class=argparse.RawDescriptionHelpFormatter)
    source = p.add_argument_group("Input")
    source.add_argument("files", metavar="FILE", nargs="+", help="WARC files (.warc or .warc.gz)")
    _add_max_bytes(source, "the largest record body converted")
    run = p.add_argument_group("Run")
    run.add_argument("-o", "--output-dir", metavar="DIR",
                     help="write DIR/NAME.jsonl for each FILE instead of all to stdout")
    run.add_argument("--jobs", type=int, default=os.cpu_count() or 1, metavar="N",
                     help="worker processes (default: all cores, here %(default)s)")
    run.add_argument("--resume", action="store_true",
                     help="with -o: skip the files whose output is complete")
    run.add_argument("--quiet", action="store_true", help="no progress bar")
    _add_extraction(p)
    return p


def crawl_parser() -> argparse.ArgumentParser:
    """The argument parser of ``webfold crawl``."""
    p = _Parser(prog="webfold crawl", description="Convert every HTML file under a folder, or the "
                "pages of a site from a URL\n(breadth first, same site, as robots.txt allows), "
                "removing the blocks that the site\nrepeats on many pages (template).",
                epilog=CRAWL_EXAMPLES, formatter_class=argparse.RawDescriptionHelpFormatter)
    source = p.add_argument_group("Input")
    source.add_argument("folder", metavar="DIR|URL",
                        help="a saved site (*.html, *.htm, *.xhtml, also .gz), or a URL to crawl")
    # (None: not given, which a folder needs; run_crawl gives a URL the defaults)
    source.add_argument("--max-pages", type=int, metavar="N",
                        help="for a URL: fetch at most N pages of its site (default 100)")
    source.add_argument("--timeout", type=float, metavar="SECONDS",
                        help=f"for a URL: seconds each page's fetch may take (default {TIMEOUT:g})")
    source.add_argument("--plain", action="store_true",
                        help="for a URL: never render pages in a browser")
    _add_max_bytes(source, "refuse larger pages")
    run = p.add_argument_group("Run")
    run.add_argument("-o", "--output-dir", metavar="OUT",
                     help="write OUT/PATH.md for each page (PATH: its path under DIR)")
    run.add_argument("--json", action="store_true",
                     help="JSON Lines on stdout instead: path, title, markdown, blocks_content, "
                          "template_blocks, error")
    run.add_argument("--template-share", type=float, default=0.5, metavar="SHARE",
                     help="a block on at least this share of a site's pages (and on 3 or more) "
                          "is template (default 0.5)")
    run.add_argument("--keep-template", action="store_true",
                     help="no template removal: each page as webfold md converts it")
    run.add_argument("--jobs", type=int, default=os.cpu_count() or 1, metavar="N",
                     help="worker processes (default: all cores, here %(default)s)")
    run.add_argument("--quiet", action="store_true", help="no progress bar")
    _add_extraction(p)
    return p


SPARK_EXAMPLES = """\
examples:
  webfold spark-warc crawl/*.warc.gz --out pages.parquet     # a local Spark
  spark-submit --master yarn "$(python -c 'import webfold.spark as m; print(m.__file__)')" \\
      s3://bucket/crawl/a.warc.gz --out s3://bucket/pages/    # a cluster

exit codes: 0 every row converted, 1 a row holds an error (a record that failed, a
WARC that broke or could not be read) or the dataset could not be written, 2 bad usage
or PySpark missing
"""


def spark_parser() -> argparse.ArgumentParser:
    """The argument parser of ``webfold spark-warc`` (run by :mod:`webfold.spark`)."""
    p = _Parser(prog="webfold spark-warc", description="Convert WARC files on Spark to a Parquet "
                "dataset, one task per file; the rows are those of webfold warc, with the WARC "
                "file's path.", epilog=SPARK_EXAMPLES, formatter_class=argparse.RawDescriptionHelpFormatter)
    source = p.add_argument_group("Input")
    source.add_argument("paths", nargs="+", metavar="PATH",
                        help="WARC files, as the tasks open them (local, file:, hdfs://, s3://, gs://)")
    _add_max_bytes(source, "the largest record body converted")
    run = p.add_argument_group("Output")
    run.add_argument("--out", required=True, metavar="DIR", help="the Parquet dataset's folder")
    run.add_argument("--mode", default="error", choices=["error", "append", "overwrite"],
                     help="when DIR exists: error (the default) refuses it, append adds to it, "
                          "overwrite deletes it and everything in it first")
    _add_extraction(p)
    return p


def replay_parser() -> argparse.ArgumentParser:
    """The argument parser of ``webfold replay``."""
    p = _Parser(prog="webfold replay", description="Convert the one archived response for a URL "
                "in a WARC file.", epilog=REPLAY_EXAMPLES, formatter_class=argparse.RawDescriptionHelpFormatter)
    source = p.add_argument_group("Input")
    source.add_argument("file", metavar="FILE", help="a WARC file (.warc or .warc.gz)")
    source.add_argument("url", metavar="URL", help="the record's WARC-Target-URI")
    _add_max_bytes(source, "the largest record body converted")
    _add_extraction(p)
    _add_output(p)
    return p


def _add_max_bytes(source, what: str) -> None:
    source.add_argument("--max-bytes", type=int, default=MAX_INPUT_BYTES,
                        help=f"{what} (default {MAX_INPUT_BYTES:,})")


def _add_common(p: argparse.ArgumentParser, source) -> None:
    """The options ``md`` and ``scrape`` share: input limits, extraction and output."""
    source.add_argument("--charset", help="the page's encoding label, if known (e.g. shift_jis)")
    _add_max_bytes(source, "refuse larger inputs")
    _add_extraction(p)
    _add_output(p)


def _add_extraction(p: argparse.ArgumentParser) -> None:
    extraction = p.add_argument_group("Extraction")
    extraction.add_argument("--all-blocks", action="store_true",
                            help="keep every block that survives the element rules "
                                 "(no main-content selection)")
    extraction.add_argument("--precision", action="store_true",
                            help="select with a higher threshold: fewer, cleaner blocks")
    extraction.add_argument("--hidden", action="store_true",
                            help="also keep chosen blocks that only a script shows (deferred "
                                 "sections, hidden stores; closed tab panels may be chosen anyway); "
                                 "left out by default, as hidden text is the "
                                 "usual carrier of prompt injections")
    extraction.add_argument("--no-images", action="store_true",
                            help="leave images out (a link's image gives its alt text)")
    extraction.add_argument("--safe-links", action="store_true",
                            help="drop javascript:, vbscript:, data: and file: link and image targets "
                                 "(link text stays) and write //host links with https:")
    extraction.add_argument("--data-images", action="store_true",
                            help="write images whose only source is a data:image/ URL (left out by "
                                 "default), also with --safe-links")


def _add_output(p: argparse.ArgumentParser) -> None:
    output = p.add_argument_group("Output")
    output.add_argument("-o", "--output", metavar="FILE", help="write here instead of stdout ('-': stdout)")
    output.add_argument("--json", action="store_true",
                        help="one JSON object: the page's metadata, counts, timing, token estimates "
                             "and the Markdown")
    output.add_argument("--chunk", type=int, metavar="N",
                        help="split into chunks of at most N characters, at block boundaries where "
                             "blocks fit (a longer block is cut)")
    output.add_argument("--jsonl", action="store_true",
                        help="with --chunk: one JSON object per chunk (source, index, markdown)")


def _read(path: str, limit: int) -> bytes:
    """The bytes of ``path`` (``-``: standard input), reading at most ``limit + 1``
    bytes so that an endless input (``/dev/zero``) is refused, not read."""
    if path == "-":
        if sys.stdin is None:
            raise UsageError("<stdin>: standard input is closed")
        try:
            data = read_at_most(sys.stdin.buffer, limit + 1)
        except (OSError, ValueError) as error:
            raise UsageError(f"-: cannot read standard input ({error})") from None
        return _within(path, data, limit)
    try:
        with open(path, "rb") as handle:
            return _within(path, read_at_most(handle, limit + 1), limit)
    except FileNotFoundError:
        raise UsageError(f"{path}: no such file{_fetch_hint(path)}") from None
    except UnicodeEncodeError:
        raise UsageError(f"{_printable(path)}: cannot open this file name") from None
    except IsADirectoryError:
        import shlex        # here: only this message needs it
        raise UsageError(f"{path}: is a directory, not a file (to convert every page in it: "
                         f"webfold crawl {shlex.quote(path)} -o OUT)") from None
    except PermissionError:
        raise UsageError(f"{path}: permission denied") from None
    except OSError as error:
        raise UsageError(f"{path}: cannot read ({error.strerror or error})") from None


def _fetch_hint(path: str) -> str:
    """What to add to "no such file" for a FILE that is a web address: ``md`` reads
    files, and ``scrape`` is the command that fetches (``" (to fetch a page, use:
    webfold scrape URL)"``, the URL quoted for a POSIX shell); else ``""``."""
    if not _is_web_url(path):
        return ""
    from shlex import quote         # here: only this message needs it

    return f" (to fetch a page, use: webfold scrape {quote(path)})"


def _command_hint(path: str) -> str:
    """What to add to "no such file" for a FILE that may be a mistyped command (a word
    without a dot or a slash, as "webfold scrap"): the commands; else ``""``."""
    if "." in path or "/" in path or os.sep in path:
        return ""
    return f" (nor a command: {', '.join(COMMANDS)})"


def _within(path: str, data: bytes, limit: int) -> bytes:
    """``data``, gunzipped when it is gzip (saved pages often are); inputs over
    ``limit`` bytes, before or after gunzipping, are refused."""
    name = _source(path)
    if len(data) > limit:
        raise ConversionError(f"{name}: input is over the limit of {limit:,} bytes (--max-bytes)")
    if data.startswith(GZIP_MAGIC):
        from webfold.codings import gunzip      # here: only gzip input needs it

        try:
            data = gunzip(data, limit)
        except InputTooLargeError:
            raise ConversionError(f"{name}: gunzipped input is over the limit of {limit:,} bytes "
                                  "(--max-bytes)") from None
        except ValueError as error:
            raise ConversionError(f"{name}: {error}") from None
    return data


def _source(path: str) -> str:
    """How a message names an input: ``<stdin>`` for ``-``, else its path
    (:func:`_printable`)."""
    return "<stdin>" if path == "-" else _printable(path)


def _printable(path: str) -> str:
    # A file name that is not UTF-8 reaches Python with surrogate escapes; JSON and
    # stderr get its bytes as \xNN escapes (as `ls -b` shows them), so that two such
    # names stay apart. Line breaks and other controls are written as escapes, so
    # that an error stays one line.
    text = path.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
    return "".join(ch.encode("unicode_escape").decode("ascii") if ch.isprintable() is False and ch != " "
                   else ch for ch in text)


def _base(base: str | None) -> str | None:
    """The BASE argument, with bytes that are not UTF-8 (they reach Python as
    surrogate escapes) percent-encoded, as in a URL.

    A relative BASE that names a file (a second FILE, most likely) or whose first path
    segment is a host name (:data:`_HOST_NAME`: ``example.com/``, most likely meant as
    ``https://example.com/``) is kept as it is, with a note on standard error; one
    that starts ``./`` gets no host note.

    Raises
    ------
    UsageError
        The link resolver (:class:`webfold.urls.Resolver`, which reads ``\\`` as ``/``
        as browsers do) cannot resolve a relative link against ``base`` (``mailto:x``,
        ``http://[bad``), or the host or port of the address it reads from ``base``
        cannot be read (:func:`_readable_host`; a port over 65535): links would
        otherwise be left as written or point at no host, without a word. A relative BASE (``docs/``) resolves links
        relative to it, as a ``<base href>`` does, and is kept.
    """
    if base is None:
        return base
    from urllib.parse import quote, urlsplit     # here: most runs have no BASE

    from webfold.urls import Resolver

    given = base                # as the file system reads it, for a BASE that names a file
    if not base.isascii():
        base = "".join(quote(ch.encode("utf-8", "surrogateescape"), safe="") if "\udc80" <= ch <= "\udcff"
                       else ch for ch in base)
    read = Resolver(base).base
    if not read:                # blank: no BASE
        return base
    shown = _printable(base if len(base) <= 200 else base[:200] + "...")
    try:
        parts = urlsplit(read)
    except ValueError:
        raise UsageError(f"BASE '{shown}' is not a URL: its host cannot be read") from None
    if not _readable_host(parts):
        raise UsageError(f"BASE '{shown}' is not a URL: its host cannot be read")
    try:
        parts.port
    except ValueError:
        raise UsageError(f"BASE '{shown}' is not a URL: its port is not a number from 0 to 65535") from None
    relative = not parts.scheme and not parts.netloc
    # A relative BASE that names a file is most likely a second FILE (webfold md a.html
    # b.html): say what BASE is, as links would silently resolve against the file's name.
    a_file = relative and os.path.isfile(given)
    if Resolver(base)("a") == "a":
        raise UsageError(f"BASE '{shown}' cannot resolve links: give the page's address, "
                         "such as https://example.com/page"
                         + (" (it names a file: webfold converts one FILE at a time)" if a_file else "")) from None
    if a_file:
        print(f"webfold: note: BASE '{shown}' names a file, taken as a relative address: webfold "
              "converts one FILE at a time, and BASE is the page's address (such as "
              "https://example.com/page)", file=sys.stderr)
    elif relative and _HOST_NAME.fullmatch(parts.path.split("/", 1)[0]):
        # example.com/ without a scheme: links would come out as example.com/other
        print(f"webfold: note: BASE '{shown}' has no scheme, so it is a relative address, not a "
              f"host: for the site, give https://{shown}", file=sys.stderr)
    return base


#: A host name as users write one: labels of letters, digits and hyphens, at least two,
#: the last of letters only (RFC 1123 §2.1: the top-level label is alphabetic), such as
#: ``example.com`` or ``www.example.co.uk``. A relative BASE that starts with one was
#: most likely meant as ``https://`` and that host.
_HOST_NAME = LazyPattern(r"(?:[a-z0-9-]+\.)+[a-z]+", re.ASCII | re.IGNORECASE)
#: Characters that no host name holds, once percent-decoded: WHATWG URL Standard §3.1,
#: "forbidden domain code point" (C0 controls, space, ``#%/:<>?@[\\]^|`` and DEL).
_FORBIDDEN_IN_HOST = frozenset(map(chr, range(0x21))) | frozenset("#%/:<>?@[\\]^|\x7f")


def _readable_host(parts) -> bool:
    """Whether the host of a split URL (``urllib.parse.SplitResult``) is one a browser
    reads (WHATWG URL Standard §3.5, "host parsing"): an IPv6 address in brackets, or a
    name that, percent-decoded, is UTF-8 and holds no forbidden domain code point. A web
    address (http, https) must have one; other schemes may have none. urlsplit takes
    ``http://[::1]]/`` and ``https://exa mple.com/``, which resolve links to no host."""
    host = parts.netloc.rpartition("@")[2]
    if host.startswith("["):
        address, bracket, rest = host[1:].partition("]")
        if not bracket or rest and not rest.startswith(":"):
            return False
        from ipaddress import IPv6Address

        try:
            IPv6Address(address)
        except ValueError:
            return False
        return True
    name = host.partition(":")[0]
    if not name:
        return parts.scheme.lower() not in ("http", "https")
    from urllib.parse import unquote

    try:
        name = unquote(name, errors="strict")
    except UnicodeDecodeError:      # a byte that is not UTF-8: no host name
        return False
    return _FORBIDDEN_IN_HOST.isdisjoint(name)


def _convert(args: argparse.Namespace) -> str:
    hint = _command_hint(args.file) if args.maybe_command and args.file != "-" else ""
    if hint and not os.path.lexists(args.file):
        # a mistyped command, before BASE is judged: "webfold scrap page.html" (newcomer
        # of session 33 was told that BASE 'page.html' names a file)
        raise UsageError(f"{args.file}: no such file{hint}")
    args.base = _base(args.base)        # before reading: a bad BASE is known at once
    data = _read(args.file, args.max_bytes)
    started = time.perf_counter()
    try:
        document = to_document(data, args.base, charset=args.charset, **_conversion(args))
    except WebfoldError as error:
        raise ConversionError(f"{_source(args.file)}: {error}") from None
    elapsed = time.perf_counter() - started
    source = _source(args.file)
    if not args.all_blocks and not args.hidden:
        _note_hidden(data, args, document, source)
    return _output(args, document, source, len(data), elapsed, {})


#: Main content of fewer words than this is thin: worth a second selection that may
#: keep hidden blocks, to say whether it would (_note_hidden).
THIN_WORDS = 100


def _note_hidden(data: bytes, args: argparse.Namespace, document, source: str) -> None:
    """Say on standard error when the main content is thin and the selector chooses
    more words than it holds among the hidden blocks, which ``--hidden`` keeps: content
    that a script shows (a store's product section in a locked wrapper left a dev page
    with one line: newcomer of session 33). The default output stays without them:
    hidden text is the usual carrier of prompt injections."""
    shown = sum(len(block.text.split()) for block in document.content)
    if shown >= THIN_WORDS or document.hidden_chars < THIN_WORDS:
        return                              # (no hidden text to speak of: no second pass)
    try:
        every = to_document(data, args.base, charset=args.charset, **{**_conversion(args), "hidden": True})
    except WebfoldError:
        return
    more = sum(len(block.text.split()) for block in every.content) - shown
    if more > max(shown, THIN_WORDS):
        print(f"webfold: note: {source}: the main content holds {shown:,} words; {more:,} more that the "
              "selector chose are hidden until a script shows them (--hidden keeps them)", file=sys.stderr)


def _conversion(args: argparse.Namespace) -> dict:
    """The keyword arguments of :func:`webfold.to_document` that options choose."""
    return dict(images=not args.no_images, selection=not args.all_blocks, precision=args.precision,
                hidden=args.hidden,
                max_input_bytes=args.max_bytes, safe_links=args.safe_links,
                data_images=args.data_images)


def _scrape(args: argparse.Namespace) -> str:
    """``webfold scrape URL``: fetch, render when needed, convert."""
    from webfold.scraper import RenderOptions, scrape

    url = args.file
    if args.base is not None:
        raise UsageError(f"{url}: BASE goes with a FILE; a URL is its own base")
    options = RenderOptions(wait_for=args.wait_for, wait_selector=args.wait_selector,
                            scroll_document=args.scroll_document,
                            expand_disclosures=args.expand_disclosures)
    try:
        result = scrape(url, timeout=args.timeout, user_agent=args.user_agent,
                        render=True if args.render else False if args.plain else None,
                        browser=args.browser, options=options, charset=args.charset,
                        **_conversion(args))
    except WebfoldError as error:
        raise ConversionError(f"{_printable(url)}: {error}") from None
    for note in result.notes:
        print(f"webfold: note: {_printable(url)}: {_printable(note)}", file=sys.stderr)
    return _output(args, result.document, _printable(url), result.bytes, result.elapsed, {
        "url": url, "final_url": result.final_url, "status": result.status,
        "content_type": result.content_type, "strategy": result.strategy, "verdict": result.verdict,
        "browser_start_ms": None if result.browser_seconds is None
        else round(result.browser_seconds * 1000, 3),
        "notes": result.notes})


def _output(args: argparse.Namespace, document, source: str, size: int, elapsed: float,
            fetched: dict) -> str:
    """What the command writes for a converted ``document`` of ``size`` bytes: the
    Markdown, its chunks, or the ``--json`` object (with the ``fetched`` facts of a URL)."""
    every, blocks, markdown = document.blocks, document.content, document.markdown
    if not every:
        print(f"webfold: note: {source}: no text content found ({size:,} bytes read)",
              file=sys.stderr)
    if args.chunk is not None:
        pieces = chunks(blocks, args.chunk)
        if args.jsonl:
            return "".join(json.dumps({"source": source, "index": index, "markdown": piece},
                                      ensure_ascii=False) + "\n"
                           for index, piece in enumerate(pieces))
        return "".join(piece + "\n\n<!-- chunk -->\n\n" for piece in pieces[:-1]) + \
            (pieces[-1] + "\n" if pieces else "")
    if args.json:
        started = time.perf_counter()
        metadata = document.metadata.as_dict()      # read on first use: part of the conversion's time
        elapsed += time.perf_counter() - started
        return json.dumps({
            "source": source, "base": fetched.get("final_url", getattr(args, "base", None)), **fetched,
            "bytes_html": size, "blocks_total": len(every), "blocks_content": len(blocks),
            "bytes_markdown": len(markdown.encode("utf-8")),
            "elapsed_ms": round(elapsed * 1000, 3),
            "tokens_html_estimate": size // BYTES_PER_TOKEN,
            "tokens_markdown_estimate": len(markdown.encode("utf-8")) // BYTES_PER_TOKEN,
            "metadata": metadata,
            "markdown": markdown,
        }, ensure_ascii=False) + "\n"
    return markdown


def _is_url(target: str) -> bool:
    """Whether ``scrape``'s target is a URL (it has a scheme): anything else is a file."""
    return "://" in target and target.split("://", 1)[0].isalpha()


def _is_web_url(target: str) -> bool:
    """Whether ``target`` is a URL that ``scrape`` fetches: an http or https one."""
    return _is_url(target) and target.split("://", 1)[0].lower() in ("http", "https")


def _check_scrape(args: argparse.Namespace) -> None:
    """``scrape``'s own usage rules."""
    if _is_url(args.file) and not _is_web_url(args.file):
        raise UsageError(f"{_printable(args.file)}: webfold scrape takes http:// and https:// URLs")
    if not 0 < args.timeout <= MAX_TIMEOUT:
        raise UsageError(f"--timeout takes a number of seconds above 0 and at most {MAX_TIMEOUT:,}, "
                         f"not {args.timeout}")
    if not all(" " <= ch <= "~" for ch in args.user_agent):
        raise UsageError("--user-agent takes printable ASCII characters only (an HTTP header value)")
    if args.wait_selector is not None and not args.wait_selector.strip():
        raise UsageError("--wait-selector takes a CSS selector, not an empty string")
    if not 0 <= args.wait_for < float("inf"):
        raise UsageError(f"--wait-for takes a number of seconds of at least 0, not {args.wait_for}")
    if args.render and args.plain:
        raise UsageError("--render and --plain do not go together")
    shaping = [name for name, on in (("--wait-for", args.wait_for), ("--wait-selector", args.wait_selector),
                                     ("--scroll-document", args.scroll_document),
                                     ("--expand-disclosures", args.expand_disclosures)) if on]
    for option in ["--browser"] * bool(args.browser) + shaping:
        if args.plain:
            raise UsageError(f"--plain and {option} do not go together")
        if not _is_url(args.file):
            raise UsageError(f"{_printable(args.file)}: {option} takes a URL (http:// or https://)")
    if args.render and not _is_url(args.file):
        raise UsageError(f"{_printable(args.file)}: --render takes a URL (http:// or https://)")


class ConversionError(Exception):
    """A failure while converting (exit code 1)."""


def main(argv: list[str] | None = None) -> int:
    """Run the command line with ``argv`` (default: ``sys.argv[1:]``); return the exit
    code: 0 success, 2 bad usage or an unreadable file, 1 a failure while converting.
    Errors are one line on standard error; there is never a traceback."""
    argv = list(sys.argv[1:] if argv is None else argv)
    command = argv[0] if argv and argv[0] in COMMANDS else "md"
    named = bool(argv) and argv[0] == command
    if named:
        argv = argv[1:]
    args = None
    try:
        # intermixed: options may stand between FILE and BASE, as users type them; but
        # argparse's intermixed parsing drops a "--", after which all are positional
        parser_ = COMMANDS[command]()
        try:
            args = parser_.parse_args(argv) if "--" in argv else parser_.parse_intermixed_args(argv)
        except UsageError as error:
            # a file named like an option ("-x.html") is read as one: say how to pass it
            dashed = next((arg for arg in argv if arg[:1] == "-" and arg != "-" and os.path.isfile(arg)), None)
            if dashed is None or "--" in argv:
                raise
            raise UsageError(f"{error} ({dashed} is read as an option: put it after --, as in "
                             f"'webfold {command} -- {dashed}')") from None
        if command == "scrape":
            _check_scrape(args)
        # a FILE that names nothing may be a mistyped command where one could stand
        args.maybe_command = not named and "--" not in argv
        if (args.precision or args.hidden) and args.all_blocks:
            option = "--precision" if args.precision else "--hidden"
            raise UsageError(f"{option} and --all-blocks do not go together")
        if args.max_bytes < 0:
            raise UsageError(f"--max-bytes takes a size of at least 0 bytes, not {args.max_bytes}")
        if command == "warc":
            from webfold.warc_command import run_warc    # here: it imports the WARC reader

            return run_warc(args)
        if command == "crawl":
            from webfold.warc_command import run_crawl

            return run_crawl(args)
        if command == "spark-warc":
            from webfold.spark import run_spark_warc    # here: Spark is an optional extra

            return run_spark_warc(args)
        if command == "replay":
            args.charset = None
        if args.charset is not None and encoding_for_label(args.charset) is None:
            # (the standard's "replacement" encoding has labels, iso-2022-kr among them,
            # but decodes nothing: it is refused too)
            raise UsageError(f"--charset {args.charset or repr('')}: not an encoding webfold decodes (a label of "
                             "the WHATWG Encoding standard, such as utf-8, windows-1252, shift_jis or gbk)")
        if args.chunk is not None and args.chunk < 1:
            raise UsageError(f"--chunk takes a size of at least 1 character, not {args.chunk}")
        if args.jsonl and args.chunk is None:
            raise UsageError("--jsonl goes with --chunk N")
        if args.json and args.chunk is not None:
            raise UsageError("--json and --chunk do not go together (use --chunk N --jsonl)")
        if command == "replay":
            from webfold.warc_command import replay

            output = replay(args)
        else:
            output = _scrape(args) if command == "scrape" and _is_url(args.file) else _convert(args)
        if args.output and args.output != "-":
            try:
                with open(args.output, "w", encoding="utf-8", newline="\n") as handle:
                    handle.write(output)
            except OSError as error:
                raise UsageError(f"{args.output}: cannot write ({error.strerror or error})") from None
        elif sys.stdout is None:            # started with standard output closed (>&-)
            raise UsageError("cannot write to standard output: it is closed")
        else:
            try:
                sys.stdout.buffer.write(output.encode("utf-8"))
                sys.stdout.flush()
            except BrokenPipeError:
                raise
            except OSError as error:
                # What could not be written is dropped, or the flush at exit fails again.
                stdout_to_devnull()
                raise UsageError(f"cannot write to standard output ({error.strerror or error})") from None
    except SystemExit as exit_:            # --help and --version
        return exit_.code if isinstance(exit_.code, int) else 0
    except UsageError as error:
        print(f"webfold: error: {_printable(str(error))}", file=sys.stderr)
        return 2
    except ConversionError as error:
        print(f"webfold: error: {_printable(str(error))}", file=sys.stderr)
        return 1
    except BrokenPipeError:
        # The reader went away (``| head``): stop quietly.
        stdout_to_devnull()
        return 0
    except Terminated:
        print("webfold: terminated", file=sys.stderr)
        return 128 + signal.SIGTERM
    except KeyboardInterrupt:
        print("webfold: interrupted", file=sys.stderr)
        return 128 + signal.SIGINT
    except Exception as error:             # a bug: still one line, never a traceback
        # The input it concerns, for the commands of one input (warc and spark-warc
        # name theirs in the message, or there is no knowing which).
        name = getattr(args, "file", None) or getattr(args, "folder", None)
        where = f"{_source(name)}: " if name else ""
        print(f"webfold: error: {where}internal error: {type(error).__name__}: {error}", file=sys.stderr)
        return 1
    return 0


#: The subcommands and their parsers; ``md`` is also what runs without one.
COMMANDS = {"md": parser, "scrape": scrape_parser, "warc": warc_parser, "replay": replay_parser,
            "crawl": crawl_parser, "spark-warc": spark_parser}


class Terminated(KeyboardInterrupt):
    """SIGTERM arrived (a job scheduler's stop, ``kill``): raised in the main thread
    so that a run stops as on Ctrl-C, its workers with it."""


def _terminate(signum, frame):
    raise Terminated


def main_entry() -> None:
    """Console-script entry point: exits with :func:`main`'s code."""
    signal.signal(signal.SIGTERM, _terminate)
    raise SystemExit(main())
