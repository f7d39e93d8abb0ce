"""The converters under comparison and the sanity check each must pass before it is timed.

webfold gets each page's bytes (decoding is part of its work); the peers get the page
decoded as UTF-8 with replacement, as a ``str``.
"""

from __future__ import annotations

import importlib.metadata
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from bench.corpus import Page, as_text, contains_phrase

#: The share of a corpus's pages a tool may fail the sanity check on and still be
#: timed (failures are listed in the report). A tool that is fast because it is wrong
#: fails far more; a correct tool may still miss a phrase its authors chose to drop.
TOLERATED_FAILURES = 0.05

#: A converter: one page's input (bytes or str) to Markdown.
Convert = Callable[[bytes | str], str]


def _webfold() -> Convert:
    from webfold import to_markdown

    return lambda page: to_markdown(page, selection=False)   # every block, like its peers


def _webfold_main() -> Convert:
    from webfold import to_markdown

    return to_markdown                                       # main content only (the default)


def _html_to_markdown() -> Convert:
    from html_to_markdown import convert

    def run(text: str) -> str:
        result = convert(text)
        return result if isinstance(result, str) else result.content   # 3.x returns a result object

    return run


def _markdownify() -> Convert:
    from markdownify import markdownify

    return markdownify


def _html2text() -> Convert:
    from html2text import HTML2Text

    return lambda text: HTML2Text().handle(text)


def _trafilatura() -> Convert:
    from trafilatura import extract

    # Main content as Markdown, as bench.wcxb scores it; None (nothing found) is "".
    return lambda text: extract(text, output_format="markdown") or ""


@dataclass(frozen=True, slots=True)
class Tool:
    """One converter.

    Attributes
    ----------
    name : str
        The name shown in reports.
    dist : str
        Its distribution name, for :func:`importlib.metadata.version`.
    takes_bytes : bool
        It gets the page's bytes (else the decoded ``str``).
    factory : callable
        Imports the package and returns its :data:`Convert`; raises ImportError when
        it is not installed.
    """

    name: str
    dist: str
    takes_bytes: bool
    factory: Callable[[], Convert]

    def load(self) -> Convert:
        """The converter (raises ImportError if the package is missing)."""
        return self.factory()

    def inputs(self, pages: Sequence[Page]) -> list[bytes | str]:
        """What the converter is given for each page."""
        return [page.raw if self.takes_bytes else page.text for page in pages]

    def input_from(self, raw: bytes) -> bytes | str:
        """What the converter is given for a page's bytes: the bytes themselves, or
        :func:`~bench.corpus.as_text` of them."""
        return raw if self.takes_bytes else as_text(raw)

    def version(self) -> str:
        """The installed version, or ``"not installed"``."""
        try:
            return importlib.metadata.version(self.dist)
        except importlib.metadata.PackageNotFoundError:
            return "not installed"


#: webfold first: the ratios are relative to it.
TOOLS = (
    Tool("webfold", "webfold", True, _webfold),
    Tool("webfold-main", "webfold", True, _webfold_main),
    Tool("html-to-markdown", "html-to-markdown", False, _html_to_markdown),
    Tool("markdownify", "markdownify", False, _markdownify),
    Tool("html2text", "html2text", False, _html2text),
    Tool("trafilatura", "trafilatura", False, _trafilatura),    # main content, like webfold-main
)
TOOL_NAMES = tuple(tool.name for tool in TOOLS)


def tool(name: str) -> Tool:
    """The tool called ``name`` in :data:`TOOLS`."""
    return next(candidate for candidate in TOOLS if candidate.name == name)


@dataclass(slots=True)
class Sanity:
    """The outcome of a sanity check: which pages a tool got wrong, and why."""

    pages: int = 0
    failures: list[tuple[str, str]] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """At most :data:`TOLERATED_FAILURES` of the pages failed: the tool is timed."""
        return len(self.failures) <= TOLERATED_FAILURES * self.pages

    def summary(self, shown: int = 5) -> str:
        """One line: how many pages passed, and the first ``shown`` failures with their
        reasons."""
        line = f"{self.pages - len(self.failures)}/{self.pages} pages sane"
        if self.failures:
            listed = [f"{name}: {reason}" for name, reason in self.failures[:shown]]
            if len(self.failures) > shown:
                listed.append(f"and {len(self.failures) - shown} more")
            line += " (" + "; ".join(listed) + ")"
        return line if self.ok else f"not timed: {line}"


def problem(page: Page, output: object) -> str | None:
    """Why ``output`` is not a plausible conversion of ``page``, or None when it is.

    It must be a ``str``, non-blank when the page has text, and contain the page's
    known phrase (a few words of its longest paragraph text).
    """
    if not isinstance(output, str):
        return f"returned {type(output).__name__}, not str"
    if page.has_text and not output.strip():
        return "empty output"
    if page.phrase and not contains_phrase(output, page.phrase):
        return f"phrase {page.phrase!r} missing"
    return None


def check(convert: Convert, tool: Tool, pages: Sequence[Page]) -> Sanity:
    """Convert every page once and check each output with :func:`problem`.

    This is also the timing's warm-up pass.
    """
    outcome = Sanity(len(pages))
    for page, given in zip(pages, tool.inputs(pages)):
        try:
            reason = problem(page, convert(given))
        except Exception as error:   # a crash is a failed check, reported with the rest
            reason = f"raised {type(error).__name__}: {error}"[:200]
        if reason:
            outcome.failures.append((page.name, reason))
    return outcome


def vet(tool: Tool, pages: Sequence[Page]) -> tuple[Convert | None, str]:
    """Load the tool and :func:`check` it on the pages.

    Returns
    -------
    convert : Convert or None
        The converter, or None when the tool is not to be timed (not installed, or
        failed the check).
    note : str
        The check's :meth:`Sanity.summary`, or why the tool could not be loaded.
    """
    try:
        convert = tool.load()
    except ImportError as error:
        return None, f"not installed ({error})"
    sanity = check(convert, tool, pages)
    return (convert if sanity.ok else None), sanity.summary()
