"""CSS as far as webfold reads it: inline styles as CSS reads them, and which elements
a page's own ``<style>`` elements hide with ``display: none`` on a desktop screen.

A page's stylesheets often hide whole copies of its content: the mobile menu on a
desktop, or the two of a site builder's three responsive variants of every section
that the current width does not show (Framer's ``ssr-variant hidden-*``). Browsers
show none of that, so the builder treats such elements as it treats ``hidden`` ones.

Only what a converter can judge without a layout is read (CSS Cascade 4 §6, Selectors
4 §17, Media Queries 4 §2–§4, each in part):

- rules at the top level, or inside ``@media`` blocks whose query holds for a screen
  :data:`DESKTOP_WIDTH` by :data:`DESKTOP_HEIGHT` CSS pixels, or inside ``@supports``
  and ``@layer`` blocks (taken as applying; layer order is not modelled);
- selectors that are one compound of classes and at most one id, with an optional
  type (``.hidden``, ``div.menu.mobile``, ``#cookie``): a combinator, attribute or
  pseudo-class makes the rule's selector one this module does not read, and it is
  left out;
- the ``display`` declarations of those rules, and their cascade: ``!important``
  first, then specificity, then order; an inline ``display`` beats the stylesheet's
  normal declarations.

External stylesheets (``<link rel=stylesheet>``) are not fetched.
"""

from __future__ import annotations

import re

from webfold.patterns import LazyPattern
from webfold.tables import TAG_ID

#: The screen that media queries are judged for, in CSS pixels: Playwright's default
#: viewport, at which ``bench.visible`` reads what a visitor sees.
DESKTOP_WIDTH = 1280
DESKTOP_HEIGHT = 720
#: CSS pixels per ``em`` or ``rem`` in a media query (the initial font size, 16px).
EM_PIXELS = 16
#: Stylesheet characters read per page: beyond it, rules are not read (a page of
#: megabytes of CSS would cost more to read than the page's text).
MAX_CSS_CHARS = 2_000_000
#: Selectors with a display declaration read per page, and kept per first class or id
#: (an element is checked against every selector of each of its classes: the bound
#: keeps that work linear in the page).
MAX_RULES = 50_000
MAX_RULES_PER_KEY = 64

_CSS_COMMENT = LazyPattern(r"/\*.*?(?:\*/|$)", re.DOTALL)
_CSS_ESCAPE = LazyPattern(r"\\(?:([0-9a-fA-F]{1,6})\s?|(.))", re.DOTALL)
#: What the block walk stops at: braces, and quotes, which start strings skipped whole.
#: (A character class: the engine finds it by a fast scan, where alternatives that
#: match strings would cost a slow step at every character.)
_STRUCTURE = LazyPattern(r"[{}\"']")
#: The rest of a string after its quote, unrolled (runs of a character class between
#: escapes: strings hold data: URIs of hundreds of kilobytes).
_STRING_REST = {'"': LazyPattern(r'[^"\\\n]*(?:\\.[^"\\\n]*)*"?', re.DOTALL),
                "'": LazyPattern(r"[^'\\\n]*(?:\\.[^'\\\n]*)*'?", re.DOTALL)}
#: One compound selector of type, classes and ids (escapes still in; \w is Unicode).
_IDENT = r"-?(?:[\w-]|\\[0-9a-fA-F]{1,6}\s?|\\[^\n0-9a-fA-F])+"
_COMPOUND = LazyPattern(rf"\s*([a-zA-Z][\w-]*|\*)?((?:[.#]{_IDENT})+)\s*")
_PART = LazyPattern(rf"([.#])({_IDENT})")
_DISPLAY = LazyPattern(r"(?<![-\w])display\s*:\s*([-\w]+)\s*(!\s*important)?\s*(?=;|$)", re.IGNORECASE)
#: One media feature in parentheses: ``(min-width: 64em)``, ``(hover)``,
#: ``(width >= 600px)``, ``(600px <= width < 900px)``.
_FEATURE = LazyPattern(r"\(\s*([^()]*?)\s*\)")
_LENGTH = LazyPattern(r"(-?\d*\.?\d+)(px|em|rem)?$")
_RANGE = LazyPattern(r"(?:(\S+)\s*(<=|>=|<|>|=)\s*)?(width|height)\s*(?:(<=|>=|<|>|=)\s*(\S+))?$")
#: Media features with the value a desktop screen has (Media Queries 4 and 5);
#: a feature not here makes its query unknown, and unknown queries do not match.
_DESKTOP_FEATURES = {
    "orientation": {"landscape"}, "hover": {"hover"}, "any-hover": {"hover"},
    "pointer": {"fine"}, "any-pointer": {"fine"}, "prefers-color-scheme": {"light"},
    "prefers-reduced-motion": {"no-preference"}, "prefers-contrast": {"no-preference"},
    "forced-colors": {"none"}, "inverted-colors": {"none"}, "display-mode": {"browser"},
    "update": {"fast"}, "scan": set(), "grid": {"0"}, "color": None, "min-color": None,
    "monochrome": {"0"}, "-webkit-min-device-pixel-ratio": {"1"}, "min-resolution": {"1dppx", "96dpi"},
    "-webkit-max-device-pixel-ratio": None, "max-resolution": None,
}
_SCREEN_TYPES = {"all", "screen"}


def plain_css(style: str) -> str:
    """An inline style with its comments removed and its escapes decoded, as CSS reads
    it (CSS Syntax 3 §4.3.7): ``disp\\lay:/**/none`` is ``display:none``."""
    return _CSS_ESCAPE.sub(_css_unescape, _CSS_COMMENT.sub("", style))


def _css_unescape(match: re.Match) -> str:
    if match.group(2) is not None:
        return match.group(2)
    value = int(match.group(1), 16)
    return chr(value) if 0 < value <= 0x10FFFF and not 0xD800 <= value <= 0xDFFF else "\ufffd"


class Rule:
    """One ``display`` declaration of one compound selector."""

    __slots__ = ("tag", "classes", "element_id", "none", "rank")

    def __init__(self, tag: str | None, classes: frozenset[str], element_id: str | None, none: bool,
                 rank: tuple[int, int, int, int, int]) -> None:
        #: the type selector, lower-case; None for any element
        self.tag = tag
        #: the class names the element must all have (case-sensitive)
        self.classes = classes
        #: the id the element must have, or None
        self.element_id = element_id
        #: whether the declaration is ``display: none``
        self.none = none
        #: the cascade's order: (important, ids, classes, types, position in the page)
        self.rank = rank

    def matches(self, name: str, classes: set[str], element_id: str) -> bool:
        return ((self.tag is None or self.tag == name) and self.classes <= classes
                and (self.element_id is None or self.element_id == element_id))


class Stylesheet:
    """The ``display`` rules of a page's ``<style>`` elements that decide whether an
    element is shown: those of simple selectors, in force on a desktop screen (see the
    module). Add each ``<style>`` element's text in document order with :meth:`add`,
    then ask :meth:`hides`."""

    def __init__(self) -> None:
        #: rules by the selector's first class (``".name"``) or its id (``"#name"``)
        self.rules: dict[str, list[Rule]] = {}
        #: the keys of ``display: none`` rules: only elements with one can be hidden
        self.hiding: set[str] = set()
        self.count = 0
        self.chars = 0
        self._memo: dict[tuple[str, str, str], Rule | None] = {}

    def add(self, css: str) -> None:
        """Read one stylesheet's text (the body of a ``<style>`` element)."""
        if self.chars + len(css) > MAX_CSS_CHARS:
            return
        self.chars += len(css)
        if "display" not in css and "DISPLAY" not in css.upper():
            return
        self._read(_CSS_COMMENT.sub("", css))
        self._memo.clear()

    def hides(self, name: str, attributes: dict[str, str]) -> bool:
        """Whether the rules hide an element of this tag name and attributes (its
        ``class``, ``id`` and inline ``style``, the last as CSS reads it: see
        :func:`plain_css`)."""
        if not self.hiding:
            return False
        class_names = attributes.get("class", "")
        element_id = attributes.get("id", "")
        key = (name, class_names, element_id)
        if key in self._memo:
            winner = self._memo[key]
        else:
            names = set(class_names.split())
            keys = {"." + n for n in names}
            if element_id:
                keys.add("#" + element_id)
            winner = None
            if not self.hiding.isdisjoint(keys):
                for found in keys:
                    for rule in self.rules.get(found, ()):
                        if rule.matches(name, names, element_id) and (winner is None or rule.rank > winner.rank):
                            winner = rule
            if len(self._memo) < 50_000:
                self._memo[key] = winner
        if winner is None or not winner.none:
            return False
        # An inline display beats every normal declaration of a stylesheet.
        style = attributes.get("style")
        return winner.rank[0] == 1 or not (style and _DISPLAY.search(style))

    def _read(self, css: str) -> None:
        """Read the rules of a stylesheet without comments: a walk over its braces
        (strings skipped whole), with a stack of whether each open block's
        conditions hold (a stack, not recursion: blocks may nest as deep as the text
        is long). A style rule with a nested rule in it (CSS Nesting) is not read."""
        applies = [True]
        prelude_start = 0
        rule: tuple[str, int] | None = None     # the open style rule: selectors, where its body starts
        nested = 0                              # blocks open inside it
        position = 0
        while (match := _STRUCTURE.search(css, position)) is not None:
            token = match.group()
            position = match.end()
            if token == '"' or token == "'":
                position = _STRING_REST[token].match(css, position).end()
                continue
            if rule is not None:
                if token == "{":
                    nested += 1
                elif token == "}" and nested:
                    nested -= 1
                    if not nested:
                        rule = (rule[0], -1)    # had a nested rule: not read
                elif token == "}":
                    if applies[-1] and rule[1] >= 0:
                        self._rule(rule[0], css[rule[1]:match.start()])
                    rule = None
                    prelude_start = match.end()
                continue
            if token == "{":
                # after the statements before it (@import …;), which have no block
                prelude = css[prelude_start:match.start()].rpartition(";")[2].strip()
                if prelude.startswith("@"):
                    rule_name = prelude[1:].split(None, 1)[0].lower() if len(prelude) > 1 else ""
                    condition = prelude[len(rule_name) + 1:]
                    applies.append(applies[-1] and (rule_name in ("supports", "layer")
                                                    or rule_name == "media" and media_matches(condition)))
                else:
                    rule = (prelude, match.end())
                prelude_start = match.end()
            elif token == "}":
                if len(applies) > 1:
                    applies.pop()
                prelude_start = match.end()
        if rule is not None and applies[-1] and rule[1] >= 0 and not nested:
            self._rule(rule[0], css[rule[1]:])  # unclosed at the end: closed by it (CSS Syntax 3 §5.4.3)

    def _rule(self, selectors: str, declarations: str) -> None:
        """Keep the display declaration of a style rule, for each of its selectors
        that is one simple compound. Of one selector's declarations only the highest
        in the cascade can ever win, so it alone is kept."""
        if "isplay" not in declarations and "ISPLAY" not in declarations:
            return                      # most rules: a substring test is a tenth of a search
        display = None
        for display in _DISPLAY.finditer(declarations):
            pass                        # the last declaration wins
        if display is None:
            return
        none = display.group(1).lower() == "none"
        important = 1 if display.group(2) else 0
        for selector in selectors.split(","):
            compound = _COMPOUND.fullmatch(selector)
            if compound is None or self.count >= MAX_RULES:
                continue
            classes, ids = [], []
            for kind, name in _PART.findall(compound.group(2)):
                (classes if kind == "." else ids).append(plain_css(name).strip())
            if len(ids) > 1:
                continue
            tag = compound.group(1).lower() if compound.group(1) and compound.group(1) != "*" else None
            self.count += 1
            rule = Rule(tag, frozenset(classes), ids[0] if ids else None, none,
                        (important, len(ids), len(classes), 1 if tag else 0, self.count))
            key = "#" + ids[0] if ids else "." + classes[0]
            same_key = self.rules.setdefault(key, [])
            for index, kept in enumerate(same_key):
                if (kept.tag, kept.classes, kept.element_id) == (rule.tag, rule.classes, rule.element_id):
                    if rule.rank > kept.rank:
                        same_key[index] = rule
                    break
            else:
                if len(same_key) >= MAX_RULES_PER_KEY:
                    continue
                same_key.append(rule)
            if none:
                self.hiding.add(key)


def page_stylesheet(tokens) -> Stylesheet | None:
    """The rules of every ``<style>`` element of a scanned page (``webfold._scan.Tokens``)
    whose ``media`` attribute, if any, holds for the desktop screen; None when they
    hide nothing. Read before the tokens are built, since a ``<style>`` at the end of
    the body applies to the elements before it. Those inside ``<template>`` (inert)
    and ``<noscript>`` are left out: webfold reads pages as a browser with scripts on
    shows them, where ``<noscript>`` holds text, not elements (HTML §4.12.2)."""
    sheet = Stylesheet()
    for index in tokens.raw_text_indices(_STYLE, _OUTSIDE):
        media = tokens.attribute(index - 1, "media") if index and tokens[index - 1][1] == _STYLE else None
        if media is None or media_matches(media):
            _, _, start, end, _ = tokens[index]
            sheet.add(tokens.text(start, end, False))
    return sheet if sheet.hiding else None


_STYLE = TAG_ID["style"]
_OUTSIDE = (TAG_ID["template"], TAG_ID["noscript"])


def media_matches(query_list: str) -> bool:
    """Whether a media query list holds for the desktop screen (Media Queries 4 §2–§3):
    one of its comma-separated queries does. A query with a feature or syntax this
    function does not know does not hold; an empty list holds."""
    if not query_list.strip():
        return True
    return any(_query_matches(query.strip().lower()) for query in query_list.split(","))


def _query_matches(query: str) -> bool:
    """One media query: ``[not|only] type [and (feature)]…`` or ``[not] (feature) [and
    (feature)]…``, lower-case."""
    negated = query.startswith("not ")
    query = query.removeprefix("not ").removeprefix("only ").strip()
    if query.startswith("("):
        media_type, conditions = "all", query
    else:
        media_type, _, conditions = query.partition(" and ")
    held = media_type.strip() in _SCREEN_TYPES            # print, speech, tv: no
    for part in re.split(r"\s+and\s+", conditions.strip()) if conditions.strip() else ():
        feature = _FEATURE.fullmatch(part.strip())
        result = None if feature is None else _feature_holds(feature.group(1))
        if result is None:
            return False                # "or", nesting, an unknown feature: not known to hold
        held = held and result
    return held != negated


def _feature_holds(feature: str) -> bool | None:
    """Whether one media feature holds for the desktop screen; None when unknown."""
    name, colon, value = feature.partition(":")
    name, value = name.strip(), value.strip()
    if colon:
        for prefix, compare in (("min-", lambda a, b: a >= b), ("max-", lambda a, b: a <= b), ("", None)):
            size = name.removeprefix(prefix)
            if name.startswith(prefix) and size in ("width", "height", "device-width", "device-height"):
                length = _pixels(value)
                if length is None:
                    return None
                actual = DESKTOP_WIDTH if "width" in size else DESKTOP_HEIGHT
                return actual == length if compare is None else compare(actual, length)
        if name not in _DESKTOP_FEATURES:
            return None
        values = _DESKTOP_FEATURES[name]
        return None if values is None else value in values
    ranged = _RANGE.match(name)
    if ranged:
        low, low_op, size, high_op, high = ranged.groups()
        actual = DESKTOP_WIDTH if size == "width" else DESKTOP_HEIGHT
        checks = []
        if low is not None:
            checks.append((_pixels(low), _FLIP[low_op]))
        if high is not None:
            checks.append((_pixels(high), high_op))
        if not checks:
            return True                 # (width): the screen has one
        if any(length is None for length, _ in checks):
            return None
        return all(_OPERATORS[op](actual, length) for length, op in checks)
    return True if name in ("color", "hover", "any-hover", "pointer", "any-pointer") else None


_OPERATORS = {"<": lambda a, b: a < b, "<=": lambda a, b: a <= b, ">": lambda a, b: a > b,
              ">=": lambda a, b: a >= b, "=": lambda a, b: a == b}
#: ``600px < width`` is ``width > 600px``.
_FLIP = {"<": ">", "<=": ">=", ">": "<", ">=": "<=", "=": "="}


def _pixels(value: str) -> float | None:
    """A media query length in CSS pixels (``px``, ``em``, ``rem``, or a bare 0)."""
    found = _LENGTH.match(value.strip())
    if found is None or (found.group(2) is None and float(found.group(1)) != 0):
        return None
    return float(found.group(1)) * (EM_PIXELS if found.group(2) in ("em", "rem") else 1)
