"""Score main-content extraction on a WCXB split: ``python -m bench.wcxb DIR [--split dev]``.

WCXB (Web Content eXtraction Benchmark; Murrough Foley, 2026; CC-BY-4.0) pairs saved
pages with human-reviewed main-content text. The metric is the benchmark's own:
word-level F1 over lower-cased ``\\w+`` token multisets, with precision, recall and F1
averaged over pages; an empty reference scores 1 only against an empty prediction.
Markdown is projected to plain text first (link labels kept, URLs and markup dropped).

DIR is a WCXB checkout: ``DIR/{split}/html/NNNN.html.gz`` and
``DIR/{split}/ground-truth/NNNN.json`` (whose ``url`` is the page address, used as the
base). Development scores dev only (the default): the test split is held out, kept
by the maintainers, who alone score released builds on it.
"""

from __future__ import annotations

import argparse
import gzip
import html as html_module
import json
import re
import sys
import time
import zlib
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass
from pathlib import Path

from markdown_it import MarkdownIt

from bench.corpus import DataMissing
from webfold.markdown import TAG_MARKS

_WORD = re.compile(r"\w+")
#: The tags markdown-it writes inside a line of text (links, emphasis, code spans,
#: strikethrough, images, and the superscript and subscript tags that Webfold writes as
#: raw HTML): dropped with nothing in their place, as a browser's text
#: has none there ("foo[bar](x)" is the one word "foobar", and a link inside a CJK run
#: does not split it). Every other tag ends a block: a space.
_INLINE_TAG = re.compile(r"</?(?:a|em|strong|code|del|s|img|" + "|".join(TAG_MARKS) + r")\b[^>]*>")
_TAG = re.compile(r"<[^>]+>")
#: A GFM task list item's marker, which markdown-it's CommonMark leaves as text: a
#: browser shows a checkbox, no word.
_TASK_MARKER = re.compile(r"(<li>\s*(?:<p>)?)\[[ xX]\] ")
_MARKDOWN = MarkdownIt("commonmark").enable(["table", "strikethrough"])
#: WCXB spells one page type two ways; "category" pages are collections.
TYPE_ALIASES = {"category": "collection"}


@dataclass(slots=True)
class PageScore:
    """The score of one page."""

    #: the page's file number, e.g. ``"0001"``
    page: str
    #: ``_internal.page_type.primary`` (``"category"`` read as ``"collection"``)
    page_type: str
    precision: float
    recall: float
    f1: float
    #: share of the ``with`` snippets found in the output (None: the page has none)
    with_rate: float | None
    #: share of the ``without`` snippets absent from the output (None: none given)
    without_rate: float | None
    #: seconds the extractor took on this page
    seconds: float


def plain_text(markdown: str) -> str:
    """Markdown projected to plain text: rendered by markdown-it-py (CommonMark with GFM
    tables), then task list markers and tags dropped (inline ones with nothing in their
    place, others with a space) and references decoded; link labels stay, URLs go."""
    rendered = _TASK_MARKER.sub(r"\1", _MARKDOWN.render(markdown))
    return html_module.unescape(_TAG.sub(" ", _INLINE_TAG.sub("", rendered)))


def words(text: str) -> list[str]:
    """The benchmark's tokens: lower-cased ``\\w+`` runs."""
    return _WORD.findall(text.lower())


def word_scores(predicted: str, reference: str) -> tuple[float, float, float]:
    """Precision, recall and F1 of the predicted text's word multiset against the
    reference's (WCXB's metric). Both empty scores 1; one empty scores 0."""
    got, want = Counter(words(predicted)), Counter(words(reference))
    if not want or not got:
        return (1.0, 1.0, 1.0) if not want and not got else (0.0, 0.0, 0.0)
    overlap = sum((got & want).values())
    precision = overlap / sum(got.values())
    recall = overlap / sum(want.values())
    f1 = 2 * precision * recall / (precision + recall) if overlap else 0.0
    return precision, recall, f1


def snippet_rate(snippets: list[str], text: str, wanted: bool) -> float | None:
    """Share of snippets present (``wanted``) or absent (not ``wanted``) in ``text``,
    comparing token sequences; None when there are no snippets."""
    if not snippets:
        return None
    joined = " " + " ".join(words(text)) + " "
    present = [(" " + " ".join(words(s)) + " ") in joined for s in snippets]
    return sum(present if wanted else [not p for p in present]) / len(snippets)


def extractor(name: str):
    """The function ``(html_bytes, url) -> Markdown or text`` for a tool name."""
    if name == "webfold":
        import webfold
        return lambda page, url: webfold.to_markdown(page, url)
    if name == "webfold-all-blocks":
        import webfold
        return lambda page, url: webfold.to_markdown(page, url, selection=False)
    if name == "webfold-precision":
        import webfold
        return lambda page, url: webfold.to_markdown(page, url, precision=True)
    if name == "webfold-hidden":
        import webfold
        return lambda page, url: webfold.to_markdown(page, url, hidden=True)
    if name == "trafilatura":
        trafilatura = _package("trafilatura", "trafilatura 2.3.1")
        return lambda page, url: trafilatura.extract(
            page.decode("utf-8", "replace"), url=url, output_format="markdown") or ""
    if name == "html-to-markdown":
        package = _package("html_to_markdown", "html-to-markdown")
        # The whole page, without the front matter of <head> metadata it writes by
        # default: those words are no page text.
        options = package.ConversionOptions(extract_metadata=False)

        def convert(page: bytes, url: str | None) -> str:
            result = package.convert(page.decode("utf-8", "replace"), options)
            return result if isinstance(result, str) else result.content     # 3.x: a result object
        return convert
    if name == "readability":
        document = _package("readability", "readability-lxml").Document
        import logging

        import webfold
        # summary() logs a traceback of its own before it raises (an empty page): the
        # caller reports the exception.
        logging.getLogger("readability.readability").setLevel(logging.CRITICAL)
        # Its summary is HTML: written as Markdown by webfold's converter, every block.
        return lambda page, url: webfold.to_markdown(
            document(page.decode("utf-8", "replace"), url=url).summary(html_partial=True), url,
            selection=False)
    raise SystemExit(f"bench.wcxb: unknown tool {name!r}")


def _package(module: str, distribution: str):
    """Import a peer's module, or exit with one line that names what to install."""
    import importlib

    try:
        return importlib.import_module(module)
    except ImportError:
        raise SystemExit(f"bench.wcxb: this peer needs {distribution} (pip install -e '.[bench]')") from None


def score_page(job: tuple[str, str, str]) -> PageScore:
    """Run one tool on one page and score it (runs in a worker process)."""
    tool, html_path, truth_path = job
    page, truth = read_page(html_path, truth_path)
    convert = extractor(tool)
    started = time.perf_counter()
    output = convert(page, truth.get("url"))
    seconds = time.perf_counter() - started
    text = plain_text(output)
    ground = truth.get("ground_truth", {})
    precision, recall, f1 = word_scores(text, ground.get("main_content") or "")
    page_type = truth.get("_internal", {}).get("page_type", {}).get("primary", "unknown")
    return PageScore(Path(html_path).name.split(".")[0], TYPE_ALIASES.get(page_type, page_type),
                     precision, recall, f1,
                     snippet_rate(ground.get("with") or [], text, True),
                     snippet_rate(ground.get("without") or [], text, False), seconds)


def pages(root: Path, split: str, spa_only: bool = False) -> list[tuple[str, str]]:
    """(html path, ground-truth path) of every page of a split, in name order; with
    ``spa_only``, only the pages ``DIR/metadata.json`` marks as single-page apps."""
    html_dir, truth_dir = root / split / "html", root / split / "ground-truth"
    if not html_dir.is_dir() or not truth_dir.is_dir():
        raise SystemExit(f"bench.wcxb: {root} has no {split}/html and {split}/ground-truth folders")
    spa = None
    if spa_only:
        try:
            files = json.loads((root / "metadata.json").read_text(encoding="utf-8"))["files"]
        except (OSError, ValueError, KeyError) as error:
            raise SystemExit(f"bench.wcxb: --spa needs {root / 'metadata.json'}: {error}") from None
        spa = {name for name, facts in files.items() if facts.get("spa")}
    found = []
    for path in sorted(html_dir.glob("*.html.gz")):
        name = path.name.split(".")[0]
        truth = truth_dir / (name + ".json")
        if truth.exists() and (spa is None or name in spa):
            found.append((str(path), str(truth)))
    return found


def read_page(html_path: str | Path, truth_path: str | Path) -> tuple[bytes, dict]:
    """A WCXB page: its HTML (gunzipped) and its ground-truth record.

    Raises
    ------
    bench.corpus.DataMissing
        If either file cannot be read or parsed; the message names the file.
    """
    path = Path(html_path)
    try:
        raw = gzip.decompress(path.read_bytes())
        path = Path(truth_path)
        truth = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(truth, dict):
            raise ValueError("not a JSON object")
    except (OSError, EOFError, ValueError, zlib.error) as error:
        raise DataMissing(f"cannot read {path}: {error}") from None
    return raw, truth


def mean(values: list[float]) -> float:
    return sum(values) / len(values) if values else float("nan")


def table(scores_by_tool: dict[str, list[PageScore]], wall: dict[str, float]) -> str:
    """The report: mean P, R, F1 and snippet rates overall and per page type, per tool."""
    lines = ["| tool | page type | pages | precision | recall | F1 | with-snippets found | "
             "without-snippets absent | pages/s |", "|---|---|---|---|---|---|---|---|---|"]
    for tool, scores in scores_by_tool.items():
        groups = {"all": scores}
        for score in scores:
            groups.setdefault(score.page_type, []).append(score)
        for name in ["all"] + sorted(k for k in groups if k != "all"):
            group = groups[name]
            withs = [s.with_rate for s in group if s.with_rate is not None]
            withouts = [s.without_rate for s in group if s.without_rate is not None]
            rate = f"{len(scores) / wall[tool]:.1f}" if name == "all" else ""
            lines.append(f"| {tool} | {name} | {len(group)} | {mean([s.precision for s in group]):.3f} "
                         f"| {mean([s.recall for s in group]):.3f} | {mean([s.f1 for s in group]):.3f} "
                         f"| {mean(withs):.3f} | {mean(withouts):.3f} | {rate} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Score the tools on a split and print a Markdown table; returns the exit code."""
    parser = argparse.ArgumentParser(prog="python -m bench.wcxb", description=__doc__.split("\n")[0])
    parser.add_argument("root", metavar="DIR", type=Path, help="a WCXB checkout")
    parser.add_argument("--split", default="dev", help="the split to score (default dev)")
    parser.add_argument("--peer", action="append", default=[],
                        choices=["trafilatura", "readability", "html-to-markdown", "webfold-all-blocks",
                                 "webfold-precision", "webfold-hidden"],
                        help="also score this tool or mode in the same run (repeatable)")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--limit", type=int, help="score only the first N pages")
    parser.add_argument("--spa", action="store_true",
                        help="score only the pages metadata.json marks as single-page apps")
    parser.add_argument("--json", type=Path, metavar="FILE", help="write per-page results here")
    args = parser.parse_args(argv)
    found = pages(args.root, args.split, args.spa)[: args.limit]
    scores_by_tool: dict[str, list[PageScore]] = {}
    wall: dict[str, float] = {}
    tools = ["webfold", *args.peer]
    for tool in tools:
        extractor(tool)         # here, so a missing peer is one line, not a worker's traceback
    for tool in tools:
        started = time.perf_counter()
        try:
            with ProcessPoolExecutor(args.jobs) as pool:
                scores_by_tool[tool] = list(pool.map(score_page, [(tool, h, t) for h, t in found],
                                                     chunksize=16))
        except DataMissing as error:            # a damaged file of the data set
            print(f"bench.wcxb: {error}", file=sys.stderr)
            return 1
        # pages per second of the tool alone, summed over workers (not wall time)
        wall[tool] = sum(s.seconds for s in scores_by_tool[tool])
        print(f"{tool}: {len(found)} pages scored in {time.perf_counter() - started:.0f} s",
              file=sys.stderr)
    print(f"WCXB {args.split} split, {len(found)} pages (WCXB: Murrough Foley, 2026, CC-BY-4.0). "
          "Mean over pages; pages/s is the tool's own time on one core.\n")
    print(table(scores_by_tool, wall))
    if args.json:
        args.json.write_text(json.dumps({tool: [asdict(s) for s in scores]
                                         for tool, scores in scores_by_tool.items()}, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
