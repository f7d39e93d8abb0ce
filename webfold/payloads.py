"""Text from embedded payloads, for pages whose visible body is a shell.

Pages rendered in the browser ship their content as data in scripts: the Next.js
pages router (``__NEXT_DATA__``) and app router (``self.__next_f.push`` flight data of
React Server Components), Nuxt 3 (``__NUXT_DATA__``, in devalue's array form) and Nuxt 2
(``window.__NUXT__=``), SvelteKit (``data-sveltekit-fetched`` and ``sveltekit:data``
scripts), Remix (``window.__remixContext``), Angular (``ng-state`` and ``*-state``
transfer state) and Gatsby (``window.___gatsby``); and many pages describe their
content in JSON-LD (schema.org). The builder notes every script that may hold a
payload (:func:`script_kind`); when the page's body is thin,
:func:`webfold.pipeline.to_blocks` asks :func:`payload_html` for HTML made from them,
and the same converter makes blocks of it. An HTML string inside a payload is thereby
converted like any page, never pasted.

Only what carries prose is read: titles, descriptions, bodies and text. Keys that hold
identifiers, addresses, class names, hashes, settings or the translations of interface
labels are skipped (:data:`SKIPPED_KEYS`, :data:`TRANSLATION_KEYS`), and so is every
string that does not read as prose (:func:`is_prose`). A payload that does not parse
is skipped; the rest of the page is unaffected.
"""

from __future__ import annotations

import html as html_escape
import json
import math
import re

from webfold.decode import without_surrogates
from webfold.patterns import LazyPattern

#: A body with fewer words than this is a shell: its payloads are unpacked.
THIN_WORDS = 50
#: ``type`` values of scripts that hold JavaScript (HTML §4.12.1.1: an empty type is
#: JavaScript); their text is searched for the framework assignments below.
JAVASCRIPT_TYPES = frozenset({"", "text/javascript", "application/javascript", "module"})
#: JavaScript assignments whose value is a framework's page data.
ASSIGNMENTS = ("window.__NUXT__", "window.__remixContext", "window.___gatsby")
NEXT_FLIGHT = "self.__next_f.push("
#: Keys whose values are never prose: identifiers, addresses, styling, settings, build
#: data. Compared lower-cased.
SKIPPED_KEYS = frozenset({
    "id", "_id", "uuid", "key", "slug", "url", "href", "src", "srcset", "link", "path",
    "pathname", "route", "as", "asset", "image", "images", "img", "icon", "logo", "thumbnail",
    "classname", "class", "style", "styles", "css", "theme", "color", "variant", "type",
    "__typename", "typename", "hash", "sha", "etag", "token", "csrf", "nonce", "buildid",
    "config", "runtimeconfig", "env", "settings", "options", "headers", "status", "locale",
    "locales", "defaultlocale", "query", "params", "cookies", "tracking", "analytics", "gtm",
    "seo", "meta", "metadata", "og", "twitter", "canonical", "navigation", "nav", "menu",
    "menus", "footer", "header", "breadcrumbs", "breadcrumb", "sidebar", "related",
    "recommended", "recommendations", "ads", "ad", "layout", "components", "chunks",
    "scripts", "assetprefix", "isfallback", "gssp", "gip", "appgip", "scriptloader",
    "serverrendered", "prerenderedat", "_errors", "error", "errors", "schema", "mimetype",
})
#: Keys that hold the translations of interface labels when their value is an object
#: (a forum's ``messages`` list is prose; next-intl's ``messages`` object is labels).
TRANSLATION_KEYS = frozenset({"messages", "translations", "i18n", "intl", "strings", "labels",
                              "dictionary", "dict", "lang", "resources", "copy", "t"})
#: Parts of key names whose values are interface chrome, settings or translations,
#: whatever their type (``cookieConsent``, ``i18nMessages``, ``initialI18nStore``).
UI_KEY = LazyPattern(r"cookie|consent|gdpr|privacy|otconfig|banner|modal|popup|toast|notif|i18n|l10n"
                    r"|intl|translat|locali|locale|phrases|^texts$|uistring|microcopy|statictext"
                    r"|commoncontent|settings|placeholder|tooltip|button|^cta|nav|menu|footer"
                    r"|sidebar|breadcrumb|analytics|tracking|classname|styles?$|newsletter|paywall"
                    r"|login|signin|signup|aria|^alt$|error|share|loading|emptystate", re.IGNORECASE)
#: Keys of a page's own title, written first as a heading.
TITLE_KEYS = ("title", "headline", "heading")
#: Keys whose string value is HTML when it looks like markup.
MARKUP = LazyPattern(r"<[a-zA-Z][a-zA-Z0-9-]*+(?:[\s/][^<>]*+)?>")     # possessive: no backtracking
#: A word of code rather than prose: class names, CSS, paths, user agents, versions.
_CODE_WORD = LazyPattern(r"[_\[\]{}()<>=/\\:;@#%&*|^~`$]|\d|[a-z][A-Z]|--")
#: Thai, Lao, Myanmar, Khmer, ideographs, kana and hangul, as ranges of code points
#: (scripts written without spaces between words): each character is a word of its own
#: for the word counts. (A regex class of these ranges costs 16 ms to compile, a
#: tenth of the command line's start-up.)
_CJK_RANGES = ((0x0E00, 0x0EFF), (0x1000, 0x109F), (0x1780, 0x17FF), (0x2E80, 0x9FFF),
               (0xAC00, 0xD7AF), (0xF900, 0xFAFF), (0xFF65, 0xFF9F), (0x20000, 0x3134F))
#: Marks of code in a title's word (digits and dots are common in real titles).
_CODE_IN_TITLE = LazyPattern(r"[_\[\]{}<>=\\;@#&*|^~`$]|[a-z][A-Z][a-z]*[A-Z]|^[a-z]+[A-Z]|v\d+\.\d")
_TEMPLATE = LazyPattern(r"\{\{|\}\}|%[sd]|\{\d*\}|\$\{")
#: Bounds on the work done for one page: containers visited and recursion depth.
MAX_NODES = 200_000
MAX_DEPTH = 200


def script_kind(attributes: dict[str, str] | None) -> str | None:
    """The payload kind a ``<script>`` may hold, from its attributes, or None.

    Returns ``"json-ld"``, ``"next"``, ``"nuxt"``, ``"sveltekit"``, ``"angular"`` or
    ``"javascript"`` (an inline script whose text may assign framework data)."""
    attributes = attributes or {}
    kind = attributes.get("type", "").strip().lower()
    ident = attributes.get("id", "")
    if kind == "application/ld+json":
        return "json-ld"
    if ident == "__NEXT_DATA__":
        return "next"
    if ident == "__NUXT_DATA__":
        return "nuxt"
    if "data-sveltekit-fetched" in attributes or "sveltekit:data-type" in attributes:
        return "sveltekit"
    if kind == "application/json" and (ident == "ng-state" or ident.endswith("-state")):
        return "angular"
    if "src" not in attributes and kind in JAVASCRIPT_TYPES:
        return "javascript"
    return None


def word_count(text: str) -> int:
    """Words as a reader counts them: runs between spaces, and each CJK character
    (Chinese, Japanese and Korean are written without spaces)."""
    words = len(text.split())
    if text.isascii():
        return words
    return words + sum(1 for ch in text if any(low <= ord(ch) <= high for low, high in _CJK_RANGES))


def is_prose(text: str) -> bool:
    """Whether a payload string reads as text for people: at least four words and 20
    characters, mostly letters, not an address or a template, and most of its words
    free of the marks of code (class lists, CSS, paths, user agents)."""
    text = text.strip()
    if word_count(text) < 4 or len(text) < 20 or text.startswith(("http://", "https://", "//", "www.")):
        return False
    if "{{" in text or "=>" in text or "function(" in text or text.count("{") > 2:
        return False
    letters = sum(1 for ch in text if ch.isalpha())
    if letters < 0.5 * (len(text) - text.count(" ")):
        return False
    words = text.split()
    if len(words) < 4:                      # CJK: four characters or more, no spaces
        return True
    if text.islower() and 2 * sum(1 for word in words if "-" in word) >= len(words):
        return False                        # "flex items-center text-sm"
    return 2 * sum(1 for word in words if _CODE_WORD.search(word)) < len(words)


def is_title(text: str) -> bool:
    """Whether a payload string can be a heading: 1 to 30 words with a letter, not a
    template (``{{ page.title }}``, ``%s | Site``), and not an identifier: a single
    lower-case or hyphenated word (``hero-banner-v2``, ``true``), or half its words
    marked as code (``SIGN_IN PAGE``, ``ArticleHero v2.3.1``)."""
    words = text.split()
    if not 0 < len(words) <= 30 or not any(ch.isalpha() for ch in text) or _TEMPLATE.search(text):
        return False
    if len(words) == 1 and ("-" in text or text.islower()):
        return False
    return 2 * sum(1 for word in words if _CODE_IN_TITLE.search(word)) < len(words)


class _Page:
    """The HTML made from a page's payloads: each text once, in the order found."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.raw: list[bool] = []           # whether each part is HTML found in a payload
        self.seen: set[str] = set()
        self.nodes = 0
        self.headings = 0
        # Containers shared by reference are read once. The containers are kept, not
        # only their id(): a freed object's id is given to the next one made.
        self.visited: dict[int, object] = {}

    def add(self, part: str, raw: bool = False) -> None:
        self.parts.append(part)
        self.raw.append(raw)

    def new(self, text: str) -> bool:
        key = " ".join(text.split())
        if not key or key in self.seen:
            return False
        self.seen.add(key)
        return True

    def heading(self, text: str, level: int = 0) -> None:
        """A heading; level 0: the first heading written is the ``<h1>``, the rest ``<h2>``."""
        if not isinstance(text, str):
            return
        text = html_escape.unescape(text).strip()  # "It&#8217;s": references are decoded first
        if is_title(text) and len(text) < 300 and self.new(text):
            level = level or (2 if self.headings else 1)
            self.headings += 1
            self.add(f"<h{level}>{html_escape.escape(text)}</h{level}>")

    def text(self, text: str) -> None:
        """Prose or HTML: HTML is converted by the converter, text is escaped."""
        if not isinstance(text, str) or not self.new(text):
            return
        if MARKUP.search(text) and "</" in text:
            self.add(text, raw=True)
        else:
            # JSON-LD and CMS data often hold references ("It&#8217;s"): decode them
            for paragraph in re.split(r"\n\s*\n", html_escape.unescape(text).strip()):
                self.add(f"<p>{html_escape.escape(paragraph)}</p>")

    def items(self, values: list, ordered: bool = False) -> None:
        values = [v for v in values if isinstance(v, str) and v.strip()]
        if values:
            tag = "ol" if ordered else "ul"
            self.add(f"<{tag}>" + "".join(f"<li>{html_escape.escape(v)}</li>" for v in values) + f"</{tag}>")

    def walk(self, value, key: str = "", depth: int = 0) -> None:
        """Read prose from a framework's data: titles first in each object, then its
        other fields in order, skipping :data:`SKIPPED_KEYS` and translations."""
        if depth > MAX_DEPTH or self.nodes > MAX_NODES:
            return
        if isinstance(value, (str, dict, list)):
            if id(value) in self.visited:   # a value shared by reference is read once
                return
            self.visited[id(value)] = value
        if isinstance(value, str):
            # HTML counts when its text reads as prose (not "<b>Sign in</b>")
            if is_prose(MARKUP.sub(" ", value) if "</" in value else value):
                self.text(value)
            return
        if not isinstance(value, (dict, list)):
            return
        self.nodes += 1
        if isinstance(value, list):
            for item in value:
                self.walk(item, key, depth + 1)
            return
        for name, item in value.items():
            if str(name).lower() in TITLE_KEYS and isinstance(item, str):
                self.heading(item)
        for name, item in value.items():
            lowered = str(name).lower()
            if (lowered in TITLE_KEYS or lowered in SKIPPED_KEYS or lowered.startswith(("$", "@", "__"))
                    or lowered in TRANSLATION_KEYS and isinstance(item, dict) or UI_KEY.search(lowered)):
                continue
            self.walk(item, lowered, depth + 1)


def payload_html(payloads: list[tuple[str, str]]) -> list[str]:
    """HTML documents holding the prose of a page's payloads (none when they hold none).

    Parameters
    ----------
    payloads : list of (str, str)
        ``(kind, script text)`` in document order; kinds as :func:`script_kind`
        returns them.

    Returns
    -------
    list of str
        Headings, paragraphs and lists (HTML), JSON-LD first, then the frameworks'
        data in document order. Each HTML string found in a payload is a document of
        its own, so that its markup (an unclosed comment, a ``<plaintext>``) cannot
        swallow the rest; the text between them is grouped. Lone surrogates are
        replaced by U+FFFD. Never raises on a payload that does not parse.
    """
    page = _Page()
    for kind, text in payloads:
        if kind == "json-ld":
            _guarded(_read_json_ld, text, page)
    flight = []
    for kind, text in payloads:
        if kind == "javascript" and NEXT_FLIGHT in text:
            flight.extend(_flight_chunks(text))
        elif kind != "json-ld":
            _guarded(READERS[kind], text, page)
    if flight:
        _guarded(_read_flight, "".join(flight), page)
    groups: list[list[str]] = []
    previous_raw = True
    for part, raw in zip(page.parts, page.raw):
        if raw or previous_raw:
            groups.append([part])
        else:
            groups[-1].append(part)
        previous_raw = raw
    return [without_surrogates("\n".join(group)) for group in groups]


def _guarded(reader, text: str, page: _Page) -> None:
    """Run one reader; a payload that does not parse is skipped."""
    try:
        reader(text, page)
    except (ValueError, TypeError, KeyError, IndexError, AttributeError, RecursionError):
        pass


def load_json(text: str):
    """Parse JSON text (raises ValueError). strict=False: real pages put raw newlines
    and tabs inside JSON strings."""
    return json.loads(text, strict=False)


# ------------------------------------------------------------------ JSON-LD

def _read_json_ld(text: str, page: _Page) -> None:
    """schema.org items: articles, products and offers, FAQ pages, Q&A and forum
    posts, recipes and how-tos (https://schema.org)."""
    for item in json_ld_items(text):
        _render_item(item, page)


def json_ld_items(text: str) -> list[dict]:
    """The items of a JSON-LD script, with the items of lists and ``@graph`` lists
    read through (an HTML comment around the JSON is allowed).

    Raises
    ------
    ValueError
        The text is not JSON.
    """
    found: list[dict] = []
    _collect_items(load_json(text.strip().removeprefix("<!--").removesuffix("-->")), found, 0)
    return found


def _collect_items(data, found: list[dict], depth: int) -> None:
    if depth > 4:
        return
    if isinstance(data, list):
        for item in data:
            _collect_items(item, found, depth + 1)
    elif isinstance(data, dict):
        if isinstance(data.get("@graph"), list):
            _collect_items(data["@graph"], found, depth + 1)
        else:
            found.append(data)


def types_of(item: dict) -> set[str]:
    """A JSON-LD item's ``@type`` names, lower-cased."""
    kinds = item.get("@type")
    kinds = [kinds] if isinstance(kinds, str) else kinds if isinstance(kinds, list) else []
    return {k.lower() for k in kinds if isinstance(k, str)}


def _text_of(value) -> str:
    """A JSON-LD text value: a string, or an object's ``text`` or ``name``."""
    if isinstance(value, dict):
        value = value.get("text") or value.get("name") or ""
    return value if isinstance(value, str) else ""


def _render_item(item: dict, page: _Page) -> None:
    kinds = types_of(item)
    if kinds & {"article", "newsarticle", "blogposting", "techarticle", "report", "scholarlyarticle",
                "socialmediaposting", "discussionforumposting", "liveblogposting"}:
        page.heading(_text_of(item.get("headline") or item.get("name")))
        page.text(_text_of(item.get("description")))
        page.text(_text_of(item.get("articleBody") or item.get("text")))
        for comment in _as_list(item.get("comment")):
            page.text(_text_of(comment))
    elif kinds & {"product", "productgroup"}:
        page.heading(_text_of(item.get("name")))
        page.text(_text_of(item.get("description")))
        brand = _text_of(item.get("brand"))
        facts = [f"Brand: {brand}"] if brand else []
        for offer in _as_list(item.get("offers")):
            facts += _offer_facts(offer)
        page.items(facts)
        for review in _as_list(item.get("review")):
            page.text(_text_of(review.get("reviewBody")) if isinstance(review, dict) else "")
    elif kinds & {"faqpage", "qapage"}:
        page.heading(_text_of(item.get("name") or item.get("headline")))
        for question in _as_list(item.get("mainEntity")):
            if not isinstance(question, dict):
                continue
            page.heading(_text_of(question.get("name")), 2)
            page.text(_text_of(question.get("text")))
            for field in ("acceptedAnswer", "suggestedAnswer"):
                for answer in _as_list(question.get(field)):
                    page.text(_text_of(answer))
    elif kinds & {"recipe", "howto"}:
        page.heading(_text_of(item.get("name")))
        page.text(_text_of(item.get("description")))
        page.items([_text_of(v) for v in _as_list(item.get("recipeIngredient") or item.get("supply"))])
        page.items(_steps(item.get("recipeInstructions") or item.get("step"), 0), ordered=True)


def _as_list(value) -> list:
    return value if isinstance(value, list) else [value] if value is not None else []


def _offer_facts(offer) -> list[str]:
    if not isinstance(offer, dict):
        return []
    currency = offer.get("priceCurrency", "")
    currency = currency if isinstance(currency, str) else ""
    facts = []
    price, low, high = (_scalar(offer.get(key)) for key in ("price", "lowPrice", "highPrice"))
    if price:
        facts.append(f"Price: {price} {currency}".strip())
    if low and high:
        facts.append(f"Price: {low} to {high} {currency}".strip())
    availability = offer.get("availability")
    if isinstance(availability, str) and availability:
        # "https://schema.org/InStock" → "In stock"
        name = re.sub(r"(?<=[a-z])(?=[A-Z])", " ", availability.rstrip("/").rsplit("/", 1)[-1])
        facts.append(f"Availability: {name.capitalize()}")
    return facts


def _scalar(value) -> str:
    """A JSON-LD number or string (``{"@value": ...}`` read through), else ``""``."""
    if isinstance(value, dict):
        value = value.get("@value")
    if isinstance(value, float) and not math.isfinite(value):
        return ""                           # NaN and Infinity are no price
    return str(value).strip() if isinstance(value, (str, int, float)) and not isinstance(value, bool) else ""


def _steps(value, depth: int) -> list[str]:
    """Recipe and how-to steps: strings, HowToStep texts, HowToSection lists."""
    if depth > 4:
        return []
    if isinstance(value, str):
        return [line.strip() for line in value.split("\n") if line.strip()]
    steps = []
    for step in _as_list(value):
        if isinstance(step, dict) and "itemListElement" in step:
            steps += _steps(step["itemListElement"], depth + 1)
        else:
            text = _text_of(step)
            if text:
                steps.append(text)
    return steps


# --------------------------------------------------------------- frameworks

def _read_next(text: str, page: _Page) -> None:
    """Next.js pages router: ``props.pageProps`` of ``__NEXT_DATA__``."""
    data = load_json(text)
    props = data.get("props", {})
    page.walk(props.get("pageProps", props))


def _read_nuxt(text: str, page: _Page) -> None:
    """Nuxt 3: ``__NUXT_DATA__`` is devalue's array form, where numbers in objects and
    arrays are indexes into the array and ``["Reactive", i]``-style lists wrap values."""
    page.walk(_devalue(load_json(text)))


def _devalue(table: list):
    if not isinstance(table, list) or not table:
        return None
    done: dict[int, object] = {}

    def hydrate(index, depth: int):
        if not isinstance(index, int) or not 0 <= index < len(table) or depth > MAX_DEPTH:
            return None                     # negative: undefined, holes, NaN and infinities
        if index in done:
            return done[index]
        value = table[index]
        if isinstance(value, dict):
            done[index] = result = {}
            for name, at in value.items():
                result[name] = hydrate(at, depth + 1)
        elif isinstance(value, list) and value and isinstance(value[0], str):
            tag = value[0]                  # a typed value
            done[index] = None
            if tag in ("Reactive", "ShallowReactive", "Ref", "ShallowRef") and len(value) > 1:
                done[index] = hydrate(value[1], depth + 1)
            elif tag in ("Set", "Object"):
                done[index] = [hydrate(at, depth + 1) for at in value[1:]]
            elif tag in ("Map", "null"):
                # keys: a Map's are indexes, a null-prototype object's are names; only
                # string and number keys are kept (a container as a key is not text)
                result = {}
                for k in range(1, len(value) - 1, 2):
                    name = hydrate(value[k], depth + 1) if tag == "Map" else value[k]
                    if isinstance(name, (str, int, float)):
                        result[str(name)] = hydrate(value[k + 1], depth + 1)
                done[index] = result
        elif isinstance(value, list):
            done[index] = result = []
            result.extend(hydrate(at, depth + 1) for at in value)
        else:
            done[index] = value
        return done[index]

    return hydrate(0, 0)


def _read_sveltekit(text: str, page: _Page) -> None:
    """SvelteKit: a fetched response whose ``body`` is JSON text of its own."""
    data = load_json(text)
    body = data.get("body") if isinstance(data, dict) else None
    page.walk(load_json(body) if isinstance(body, str) and body[:1] in "{[" else data)


_ANGULAR_ESCAPES = (("&q;", '"'), ("&s;", "'"), ("&l;", "<"), ("&g;", ">"), ("&a;", "&"))


def _read_angular(text: str, page: _Page) -> None:
    """Angular transfer state (``ng-state``; older versions escape quotes as ``&q;``)."""
    if "&q;" in text:
        for escaped, plain in _ANGULAR_ESCAPES:
            text = text.replace(escaped, plain)
    page.walk(load_json(text))


def _read_javascript(text: str, page: _Page) -> None:
    """An inline script assigning a framework's data (:data:`ASSIGNMENTS`)."""
    for name in ASSIGNMENTS:
        at = text.find(name)
        while at >= 0:                      # "if (window.__NUXT__)" may come before the assignment
            match = _ASSIGNED_OBJECT.match(text, at + len(name))
            if match:                       # "= null" or "= someVariable" holds nothing here
                page.walk(_javascript_value(text[match.start():].split("=", 1)[1].lstrip()))
                break
            at = text.find(name, at + len(name))


_ASSIGNED_OBJECT = LazyPattern(r"\s*=\s*(?:[{\[]|\(\s*function\b)")
_IIFE = LazyPattern(r"\(?\s*function\s*\(([^)]*)\)\s*\{\s*return\s*")


def _javascript_value(source: str):
    """A JavaScript object literal, parsed by chompjs; Nuxt 2's
    ``(function(a,b){return {...}}(1,"x"))`` form has its parameters filled in."""
    import chompjs                          # here: only pages of these frameworks need it

    iife = _IIFE.match(source)
    if not iife:
        return chompjs.parse_js_object(source)
    names = [name.strip() for name in iife.group(1).split(",") if name.strip()]
    value = chompjs.parse_js_object(source[iife.end():])
    call = source.rfind("}(")
    arguments = source[call + 2:].rstrip().rstrip(";").rstrip()
    arguments = arguments[:-2] if arguments.endswith("))") else arguments[:-1]
    values = chompjs.parse_js_object("[" + arguments + "]") if arguments.strip() else []
    if len(values) != len(names):
        raise ValueError("the call's arguments were not found")   # e.g. "}(" inside a string
    bound = dict(zip(names, values))
    return _bind(value, bound, 0)


def _bind(value, bound: dict, depth: int):
    """Replace the parameter names chompjs left as strings by the arguments."""
    if depth > MAX_DEPTH:
        return None
    if isinstance(value, str):
        return bound.get(value, value)
    if isinstance(value, list):
        return [_bind(item, bound, depth + 1) for item in value]
    if isinstance(value, dict):
        return {name: _bind(item, bound, depth + 1) for name, item in value.items()}
    return value


def _flight_chunks(text: str) -> list[str]:
    """The strings of ``self.__next_f.push([1, "..."])`` calls, in order. Each call
    is parsed on its own slice (up to a ``])`` that closes it), so a page of many
    calls costs time in step with its size; a call that does not parse is skipped."""
    chunks = []
    at = text.find(NEXT_FLIGHT)
    while at >= 0:
        start = at + len(NEXT_FLIGHT)
        following = text.find(NEXT_FLIGHT, start)
        stop = following if following >= 0 else len(text)
        end = text.find("])", start, stop)     # a call ends before the next one starts
        for _ in range(8):                  # "])" may also occur inside the string
            if end < 0:
                break
            try:
                value = load_json(text[start:end + 1])
            except (ValueError, RecursionError):
                end = text.find("])", end + 2, stop)
                continue
            if isinstance(value, list) and len(value) >= 2 and value[0] == 1 and isinstance(value[1], str):
                chunks.append(value[1])
            break
        at = following
    return chunks


_ROW = LazyPattern(r"([0-9a-fA-F]+):")
#: Marks the place of a ``dangerouslySetInnerHTML`` string in rebuilt HTML (a NUL:
#: never part of HTML text).
_APART = "\x00"
_HEX = LazyPattern(r"[0-9a-fA-F]{1,16}")


def _read_flight(data: str, page: _Page) -> None:
    """Next.js app router: React Server Components rows (``id:json`` lines and
    ``id:T<hex length>,<text>`` text rows); their element trees become HTML."""
    rows: dict[str, object] = {}
    order = []
    at = 0
    decoder = json.JSONDecoder(strict=False)
    while at < len(data):
        match = _ROW.match(data, at)
        if not match:
            at = data.find("\n", at)
            if at < 0:
                break
            at += 1
            continue
        ident, at = match.group(1), match.end()
        if data.startswith("T", at):
            comma = data.find(",", at, at + 18)
            if comma < 0 or not _HEX.fullmatch(data, at + 1, comma):
                break                       # a text row without its length: the data ends here
            length = int(data[at + 1:comma], 16)
            # The length counts UTF-8 bytes, so the row holds at most that many
            # characters: encode only those.
            text = data[comma + 1:comma + 1 + length].encode("utf-8", "surrogatepass")[:length]
            text = text.decode("utf-8", "ignore")
            rows[ident] = ("text", text)
            at = comma + 1 + max(len(text), 1)
        else:
            end = data.find("\n", at)
            end = len(data) if end < 0 else end
            if data[at:at + 1] in ("[", "{", '"'):
                try:
                    rows[ident] = decoder.raw_decode(data[at:end])[0]
                except ValueError:
                    pass
            at = end + 1
        order.append(ident)
    # The roots are the rows no other row refers to; the rest are written where
    # they are referred to, each once.
    used: set[str] = set()
    for value in rows.values():
        _references(value, used, 0)
    roots = [ident for ident in dict.fromkeys(order) if ident in rows and ident not in used]
    written: set[str] = set()
    for ident in roots:
        apart: list[str] = []
        try:
            html = _element_html(rows[ident], rows, written, 0, False, apart)
        except (TypeError, ValueError, RecursionError):
            continue                        # one malformed row costs only itself
        # Each piece between the marks, and each marked HTML string, is a document
        # of its own: an unclosed comment in one cannot swallow the rest.
        for index, piece in enumerate(html.split(_APART)):
            page.add(apart[int(piece)] if index % 2 else piece, raw=True)



def _references(value, found: set, depth: int) -> None:
    """Add the row ids that ``value`` refers to (``"$id"``) to ``found``."""
    if depth > MAX_DEPTH:
        return
    if isinstance(value, str):
        if value.startswith("$") and not value.startswith("$$"):
            found.add(value[1:])
    elif isinstance(value, list):
        for item in value:
            _references(item, found, depth + 1)
    elif isinstance(value, dict):
        for item in value.values():
            _references(item, found, depth + 1)


#: Props copied onto elements rebuilt from React Server Components.
_KEPT_PROPS = {"href": "href", "src": "src", "alt": "alt", "title": "title", "hidden": "hidden",
               "lang": "lang", "id": "id", "className": "class", "role": "role",
               "aria-hidden": "aria-hidden"}
_TAG = LazyPattern(r"[a-z][a-z0-9-]*")


#: Element types whose content a reader never sees as text.
_UNSEEN = frozenset({"script", "style", "template", "noscript", "iframe", "head", "meta", "link",
                     "title", "textarea", "plaintext", "xmp", "noembed", "noframes", "svg", "math"})


def _hidden(props: dict) -> bool:
    """Whether React props hide the element (``hidden``, ``aria-hidden``, a style of
    ``display: none`` or ``visibility: hidden``)."""
    if props.get("hidden") not in (None, False) or str(props.get("aria-hidden", "")).lower() == "true":
        return True
    style = props.get("style")
    if not isinstance(style, dict):
        return False
    return ("none" in str(style.get("display", "")).lower()
            or "hidden" in str(style.get("visibility", "")).lower())


def _element_html(value, rows: dict, written: set, depth: int, inside: bool, apart: list) -> str:
    """HTML of one React Server Components value: ``["$", type, key, props]``
    elements, arrays, strings, and ``"$id"`` references to other rows (each row is
    written once: ``written`` holds those written). Strings are text only ``inside``
    an element; elsewhere they are module paths, class names and keys. The HTML of a
    ``dangerouslySetInnerHTML`` goes to ``apart``, and a mark takes its place."""
    if depth > MAX_DEPTH:
        return ""
    if isinstance(value, tuple):            # a text row
        return html_escape.escape(value[1]) if inside else ""
    if isinstance(value, str):
        if value.startswith("$") and not value.startswith("$$"):
            ident = value[1:]
            if ident in rows and ident not in written:
                written.add(ident)
                return _element_html(rows[ident], rows, written, depth + 1, inside, apart)
            return ""                       # a module, a promise, a symbol or a row written already
        return html_escape.escape(value[1:] if value.startswith("$$") else value) if inside else ""
    if isinstance(value, list):
        if len(value) == 4 and value[0] == "$" and isinstance(value[3], dict):
            kind, props = value[1], value[3]
            if not isinstance(kind, str) or kind in _UNSEEN or _hidden(props):
                return ""
            inner = props.get("dangerouslySetInnerHTML")
            if isinstance(inner, dict) and isinstance(inner.get("__html"), str):
                # HTML of its own: converted apart from the rest (see _read_flight)
                children = f"{_APART}{len(apart)}{_APART}"
                apart.append(inner["__html"])
            else:
                children = _element_html(props.get("children"), rows, written, depth + 1, True, apart)
            if isinstance(kind, str) and _TAG.fullmatch(kind):
                attributes = "".join(
                    f' {name}="{html_escape.escape(str(props[prop]))}"' for prop, name in _KEPT_PROPS.items()
                    if isinstance(props.get(prop), (str, int)) and not isinstance(props.get(prop), bool))
                return f"<{kind}{attributes}>{children}</{kind}>"
            return children                 # a component: its children only
        return "".join(_element_html(item, rows, written, depth + 1, inside, apart) for item in value)
    if isinstance(value, (int, float)) and not isinstance(value, bool) and inside:
        return str(value)
    return ""


READERS = {"next": _read_next, "nuxt": _read_nuxt, "sveltekit": _read_sveltekit,
           "angular": _read_angular, "javascript": _read_javascript}
