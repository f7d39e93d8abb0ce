"""Per-block features for main-content selection: one implementation, used by training
(``training/``) and at run time (``webfold.select``), so the two cannot drift.

A page's blocks become a matrix: one row of :data:`FEATURE_NAMES` floats per block.
The features follow the content-extraction literature (Kohlschütter et al., 2010,
"Boilerplate detection using shallow text features": text and link density, word
counts, position; Peters & Lecocq, 2013, "Content extraction using diverse feature
sets": class and id tokens), plus what forums, products, collections and listings need:
how often a block's container repeats on the page (posts, product tiles, cards), price
and date patterns, and page-level facts (``og:type``, JSON-LD ``@type``, URL path).
"""

from __future__ import annotations

import math
import re
import zlib
from bisect import bisect_right

from webfold.block import (CHROME_ASIDE, CHROME_CLASS, CHROME_FORM, CHROME_HEADER_FOOTER,
                           CHROME_INVISIBLE, Block, Page)
from webfold.block import words as words_of

KINDS = ("heading", "paragraph", "list", "quote", "code", "table", "image", "thematic_break")
#: Ancestor tags whose presence (within :data:`ANCESTOR_REACH` ancestors) is a feature.
ANCESTOR_TAGS = ("main", "article", "section", "aside", "header", "footer", "li", "ul", "ol",
                 "table", "td", "form", "figure", "blockquote", "dl", "details", "p", "span")
ANCESTOR_REACH = 16
CHROME_BITS = (CHROME_HEADER_FOOTER, CHROME_CLASS, CHROME_FORM, CHROME_INVISIBLE, CHROME_ASIDE)

#: Class and id tokens that say "content" or "furniture" in templates of the web
#: (grouped as in trafilatura's and readability's patterns).
CLASS_SIGNALS = {
    "content": ("content", "article", "post", "entry", "body", "main", "text", "story",
                "prose", "markdown", "blog", "thread", "message", "answer", "question",
                "product", "description", "detail", "docs", "documentation", "item"),
    "furniture": ("nav", "menu", "footer", "header", "sidebar", "widget", "related", "comment",
                  "share", "social", "breadcrumb", "promo", "banner", "meta", "tag", "tags",
                  "author", "byline", "newsletter", "subscribe", "popup", "modal", "cookie",
                  "recommend", "trending", "popular", "pagination", "pager", "toolbar",
                  "btn", "button", "icon", "logo", "copyright", "legal", "signup", "login"),
}
#: Phrases of page furniture and of forum, product and listing pages, matched in a
#: block's lower-cased text.
PHRASES = (
    ("cookie", r"cookie"), ("privacy", r"privacy"), ("terms", r"terms of|terms &|terms and"),
    ("subscribe", r"subscri"), ("newsletter", r"newsletter"),
    ("sign_in", r"sign in|log in|login|sign up|register|create an account"),
    ("share", r"\bshare\b|tweet|facebook|linkedin|pinterest|whatsapp"),
    ("follow", r"follow us|follow me"), ("related", r"related|you may also|you might also"),
    ("comment", r"comment"), ("advertisement", r"advertis|sponsored"),
    ("read_more", r"read more|continue reading|learn more|see more|view all|show more"),
    ("reply", r"\brepl(y|ies|ied)\b"), ("posted", r"\bposted\b|\bwrote\b"),
    ("joined", r"\bjoined\b|\bmember since\b|\bposts:"),
    ("cart", r"add to (cart|bag|basket)|buy now|checkout|in stock|out of stock"),
    ("review", r"review|rating|stars?\b"), ("shipping", r"shipping|delivery|returns"),
    ("skip", r"skip to"), ("menu", r"\bmenu\b"), ("search", r"\bsearch\b"),
    ("rights", r"all rights reserved|\u00a9|copyright"), ("pager", r"\bprevious\b|\bnext\b|page \d+"),
    ("tags", r"\btags?:|\bcategor(y|ies)\b|\bfiled under\b"), ("byline", r"^by |\bauthor\b"),
    ("read_time", r"min(ute)?s? read"), ("price", r"[$\u20ac\u00a3\u00a5]\s?\d|\d\s?(usd|eur|gbp)\b"),
    ("date", r"\b(19|20)\d\d\b|\b\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}\b|\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.? \d"),
)
# MULTILINE: the patterns run once over a page's block texts joined by "\x00\n", where
# "^" is each block's start (no pattern can match across the NUL).
_PHRASES = [(name, re.compile(pattern, re.MULTILINE)) for name, pattern in PHRASES]
#: Frequent words of English, French, German and Spanish (the languages most WCXB
#: pages are in); their share is high in prose and low in menus and tiles.
STOP_WORDS = frozenset("""
a an and are as at be but by for from has have he her his i in is it its of on or our she
that the their there they this to was we were which who will with you your not can all
le la les un une des et est en du de que qui dans pour pas sur au il elle nous vous ce
der die das und ist ein eine zu den mit von nicht sich auf im dem auch es
el los las y en un una que es por con para del se lo su al como
""".split())
OG_TYPES = ("article", "website", "product", "profile", "video", "book")
LD_TYPES = (
    ("article", ("article", "newsarticle", "blogposting", "techarticle", "report")),
    ("product", ("product", "offer", "aggregateoffer")),
    ("forum", ("discussionforumposting", "qapage", "question", "answer", "comment")),
    ("faq", ("faqpage",)), ("collection", ("collectionpage", "itemlist", "searchresultspage")),
    ("webpage", ("webpage",)), ("organization", ("organization", "localbusiness", "corporation")),
    ("breadcrumb", ("breadcrumblist",)), ("recipe", ("recipe", "howto")),
    ("event", ("event",)),
)
URL_SIGNALS = ("blog", "news", "article", "articles", "post", "posts", "product", "products",
               "p", "item", "shop", "store", "forum", "forums", "thread", "threads", "t",
               "topic", "questions", "category", "categories", "collections", "tag", "search",
               "docs", "doc", "documentation", "help", "support", "about", "contact", "pricing")
CLASS_BINS = 64
MAX_CLASS_TOKENS = 256
WORD_BINS = 32
URL_BINS = 16

_TOKEN = re.compile(r"[a-z][a-z0-9]*")
_SENTENCE_END = re.compile(r"[.!?\u3002](?:\s|$)")
_DIGIT = re.compile(r"\d")
_UPPER = re.compile(r"[A-Z\u00c0-\u00de]")
_LETTER = re.compile(r"[^\W\d_]")
_PUNCT = re.compile(r"[.,;:!?]")
_SEPARATORS = re.compile(r"[|\u00b7\u2022/\u203a\u00bb>]")


def _names() -> list[str]:
    names = ["log_chars", "log_words", "link_density", "log_links", "links_per_word",
             "punctuation_ratio", "digit_ratio", "upper_ratio", "stop_word_ratio",
             "mean_word_length", "log_sentences", "words_per_sentence", "ends_with_stop",
             "starts_upper", "commas_per_word", "separator_ratio", "log_md_lines",
             "log_images", "all_link"]
    names += [f"phrase_{name}" for name, _ in PHRASES]
    names += [f"kind_{kind}" for kind in KINDS] + ["heading_level", "is_h1"]
    # Positions are shares of the page, never counts: a model trained on pages of a
    # few hundred blocks must not learn that block 500 cannot be content.
    names += ["position", "text_before_share", "is_first", "is_last"]
    names += ["log_depth"] + [f"in_{tag}" for tag in ANCESTOR_TAGS]
    names += [f"chrome_{bit}" for bit in CHROME_BITS]
    names += ["log_same_parent", "log_same_element", "same_kind_neighbours", "parent_text_share",
              "parent_group_text_share", "element_group_text_share"]
    names += ["after_main_heading", "from_main_heading"]
    names += [f"class_{group}" for group in CLASS_SIGNALS]
    names += [f"class_bin_{i}" for i in range(CLASS_BINS)]
    names += [f"word_bin_{i}" for i in range(WORD_BINS)]
    names += ["title_jaccard", "title_containment"]
    names += ["page_link_density"]
    names += [f"og_{kind}" for kind in OG_TYPES] + ["og_other"]
    names += [f"ld_{name}" for name, _ in LD_TYPES]
    names += ["url_depth", "url_has_digits"] + [f"url_{token}" for token in URL_SIGNALS]
    names += [f"url_bin_{i}" for i in range(URL_BINS)]
    return names


#: The name of every feature, in column order. The shipped model records this list;
#: loading refuses a model whose list differs.
FEATURE_NAMES: list[str] = _names()


_CRC: dict[str, int] = {}


def _bucket(token: str, bins: int) -> int:
    # CRC-32: stable across runs and machines (Python's hash() is salted per process).
    # Pages repeat their words and class tokens: remember each token's CRC (bounded).
    crc = _CRC.get(token)
    if crc is None:
        if len(_CRC) > 200_000:
            _CRC.clear()
        crc = _CRC[token] = zlib.crc32(token.encode("utf-8"))
    return crc % bins


_SLOTS: dict[str, tuple[int, ...]] = {}


def _slots(token: str) -> tuple[int, ...]:
    """The places in a class row that a class or id token adds to: its signal groups,
    then its hashed bin (remembered per token, bounded)."""
    found = _SLOTS.get(token)
    if found is None:
        if len(_SLOTS) > 200_000:
            _SLOTS.clear()
        found = _SLOTS[token] = tuple(
            [group for group, words in enumerate(CLASS_SIGNALS.values()) if token in words]
            + [len(CLASS_SIGNALS) + _bucket(token, CLASS_BINS)])
    return found


def _phrase_rows(blocks: list[Block]) -> list[list[float]]:
    """For each block, 1.0 for each of :data:`PHRASES` found in its lower-cased text.
    Each pattern runs once over the page, not once per block."""
    texts = [block.text.lower().replace("\n", " ") for block in blocks]
    starts, offset = [], 0
    for text in texts:
        starts.append(offset)
        offset += len(text) + 2
    joined = "\x00\n".join(texts)
    rows = [[0.0] * len(PHRASES) for _ in blocks]
    for column, (_, pattern) in enumerate(_PHRASES):
        for match in pattern.finditer(joined):
            rows[bisect_right(starts, match.start()) - 1][column] = 1.0
    return rows


def _signature(element) -> tuple[str, str]:
    return (element.tag, element.classes) if element is not None else ("", "")


def page_features(blocks: list[Block]) -> list[list[float]]:
    """One row of :data:`FEATURE_NAMES` floats for each block of one page.

    Parameters
    ----------
    blocks : list of Block
        All blocks of the page, in document order, as :func:`webfold.to_blocks`
        returns them (page-level facts come from ``blocks[0].page``).

    Returns
    -------
    list of list of float
        ``len(blocks)`` rows of ``len(FEATURE_NAMES)`` values each.
    """
    count = len(blocks)
    if not count:
        return []
    page = blocks[0].page or Page()
    total_chars = sum(b.text_chars for b in blocks) or 1
    total_links = sum(b.link_chars for b in blocks)
    title_words = set(words_of(page.title))
    parents: dict[tuple, int] = {}
    elements: dict[tuple, int] = {}
    parent_chars: dict[int, int] = {}
    parent_group_chars: dict[tuple, int] = {}
    element_group_chars: dict[tuple, int] = {}
    for block in blocks:
        element = block.element
        parent = element.parent if element is not None else None
        key = _signature(parent)
        parents[key] = parents.get(key, 0) + 1
        parent_group_chars[key] = parent_group_chars.get(key, 0) + block.text_chars
        own = _signature(element)
        elements[own] = elements.get(own, 0) + 1
        element_group_chars[own] = element_group_chars.get(own, 0) + block.text_chars
        parent_chars[id(parent)] = parent_chars.get(id(parent), 0) + block.text_chars
    # The content's main heading: the first <h1>, else the first heading (-1: none).
    headings = [i for i, b in enumerate(blocks) if b.kind == "heading"]
    main_heading = next((i for i in headings if blocks[i].level == 1), headings[0] if headings else -1)
    page_part = _page_row(page, total_links / total_chars)
    phrases = _phrase_rows(blocks)
    rows = []
    chars_before = 0
    class_rows: dict[int, list[float]] = {}     # blocks of one element share its class row
    tokens_of: dict[int, list[str]] = {}        # class and id tokens of each element
    for index, block in enumerate(blocks):
        row = _text_row(block) + phrases[index]
        row += [1.0 if block.kind == kind else 0.0 for kind in KINDS]
        row += [float(block.level), 1.0 if block.level == 1 else 0.0]
        row += [index / count, chars_before / total_chars, float(index == 0), float(index == count - 1)]
        chars_before += block.text_chars
        row += _structure_row(block)
        element = block.element
        parent = element.parent if element is not None else None
        same_kind = sum(1 for other in blocks[max(0, index - 2): index + 3]
                        if other is not block and other.kind == block.kind)
        row += [math.log1p(parents[_signature(parent)] - 1),
                math.log1p(elements[_signature(element)] - 1), float(same_kind),
                block.text_chars / max(parent_chars[id(parent)], 1),
                parent_group_chars[_signature(parent)] / total_chars,
                element_group_chars[_signature(element)] / total_chars]
        offset = index - main_heading if main_heading >= 0 else count
        row += [float(main_heading >= 0 and index >= main_heading), offset / count]
        key = element.serial if element is not None else -1
        if key not in class_rows:
            class_rows[key] = _class_row(element, tokens_of)
        row += class_rows[key]
        words = words_of(block.text)
        bins = [0.0] * WORD_BINS
        for word in words:
            bins[_bucket(word, WORD_BINS)] += 1.0
        row += [value / len(words) for value in bins] if words else bins
        unique = set(words)
        overlap = len(title_words.intersection(unique))
        union = len(title_words) + len(unique) - overlap      # without building the union
        row += [overlap / max(union, 1), overlap / max(len(title_words), 1)]
        rows.append(row + page_part)
    return rows


def _text_row(block: Block) -> list[float]:
    text = block.text
    chars = max(len(text), 1)
    words = text.split()
    word_count = max(len(words), 1)
    letters = len(_LETTER.findall(text)) or 1
    sentences = len(_SENTENCE_END.findall(text)) or (1 if words else 0)
    row = [math.log1p(block.text_chars), math.log1p(len(words)),
           block.link_chars / max(block.text_chars, 1), math.log1p(len(block.links)),
           len(block.links) / word_count, len(_PUNCT.findall(text)) / chars,
           len(_DIGIT.findall(text)) / chars, len(_UPPER.findall(text)) / letters,
           sum(1 for word in words if word.lower() in STOP_WORDS) / word_count,
           sum(len(word) for word in words) / word_count, math.log1p(sentences),
           len(words) / max(sentences, 1), float(text.rstrip()[-1:] in ".!?:\u3002"),
           float(text[:1].isupper()), text.count(",") / word_count,
           len(_SEPARATORS.findall(text)) / word_count, math.log1p(block.md.count("\n")),
           math.log1p(block.md.count("![")),
           float(block.text_chars > 0 and block.link_chars >= 0.9 * block.text_chars)]
    return row


def _structure_row(block: Block) -> list[float]:
    element = block.element
    seen = set()
    depth = 0
    if element is not None:
        depth = element.depth
        seen = {ancestor.tag for ancestor in element.ancestors(ANCESTOR_REACH)}
    return ([math.log1p(max(depth, 0))] + [1.0 if tag in seen else 0.0 for tag in ANCESTOR_TAGS]
            + [1.0 if block.chrome & bit else 0.0 for bit in CHROME_BITS])


def _class_row(element, tokens_of: dict[int, list[str]], reach: int = 4) -> list[float]:
    """Class and id signals and hashed bins of the nearest ``reach`` elements, each
    token weighted 1 / (1 + its element's distance from the block's element)."""
    row = [0.0] * (len(CLASS_SIGNALS) + CLASS_BINS)
    for distance, ancestor in enumerate(element.ancestors(reach) if element else ()):
        tokens = tokens_of.get(ancestor.serial)
        if tokens is None:
            # At most MAX_CLASS_TOKENS per element: a class attribute of thousands of
            # tokens would otherwise be walked again for every block under it.
            tokens = tokens_of[ancestor.serial] = _TOKEN.findall(
                (ancestor.classes + " " + ancestor.id).lower())[:MAX_CLASS_TOKENS]
        weight = 1.0 / (1 + distance)
        for token in tokens:
            for slot in _slots(token):
                row[slot] += weight
    return row


def _page_row(page: Page, link_density: float) -> list[float]:
    og = page.og_type.lower().split(".")[0] if page.og_type else ""
    row = [link_density]
    row += [1.0 if og == kind else 0.0 for kind in OG_TYPES] + [float(bool(og) and og not in OG_TYPES)]
    types = {t.lower() for t in page.ld_types}
    row += [1.0 if types.intersection(names) else 0.0 for _, names in LD_TYPES]
    path = ""
    if page.url:
        path = re.sub(r"^[a-z][a-z0-9+.-]*://[^/]*", "", page.url.lower()).split("?")[0].split("#")[0]
    parts = [part for part in path.split("/") if part]
    tokens = set(_TOKEN.findall(path))
    row += [float(len(parts)), float(bool(re.search(r"\d", path)))]
    row += [1.0 if token in tokens or token in parts else 0.0 for token in URL_SIGNALS]
    bins = [0.0] * URL_BINS
    for token in tokens:
        bins[_bucket(token, URL_BINS)] = 1.0
    return row + bins


#: The context of a block for the second stage: first-stage scores around it (windows
#: of 1, 2 and 5 blocks each side), of the blocks that share its parent element, and
#: of the whole page.
CONTEXT_WINDOWS = (1, 2, 5)
CONTEXT_NAMES: list[str] = (
    ["score"]
    + [f"score_{side}_{width}" for width in CONTEXT_WINDOWS for side in ("before", "after")]
    + ["score_parent_mean", "log_parent_blocks", "score_page_mean", "score_page_max",
       "score_page_std", "score_rank", "page_share_above_half", "score_minus_page_mean"]
)


def context_features(scores: list[float], parents: list[int]) -> list[list[float]]:
    """One row of :data:`CONTEXT_NAMES` for each block of a page.

    Parameters
    ----------
    scores : list of float
        The first stage's probability for each block, in page order (0 to 1).
    parents : list of int
        For each block, an id shared by blocks whose elements have the same parent
        (the parent's ``serial``; -1 when unknown, which is a group of its own).
    """
    count = len(scores)
    if not count:
        return []
    prefix = [0.0]
    for score in scores:
        prefix.append(prefix[-1] + score)
    groups: dict[int, list[float]] = {}
    for score, parent in zip(scores, parents):
        groups.setdefault(parent, []).append(score)
    means = {parent: sum(values) / len(values) for parent, values in groups.items()}
    page_mean = prefix[-1] / count
    page_max = max(scores)
    page_std = math.sqrt(sum((score - page_mean) ** 2 for score in scores) / count)
    above = sum(1 for score in scores if score > 0.5) / count
    order = sorted(range(count), key=scores.__getitem__)
    rank = [0.0] * count
    for position, index in enumerate(order):
        rank[index] = position / max(count - 1, 1)
    rows = []
    for index, score in enumerate(scores):
        row = [score]
        for width in CONTEXT_WINDOWS:
            low, high = max(0, index - width), min(count, index + 1 + width)
            row.append((prefix[index] - prefix[low]) / (index - low) if index > low else -1.0)
            row.append((prefix[high] - prefix[index + 1]) / (high - index - 1)
                       if high > index + 1 else -1.0)
        parent = parents[index]
        row += [means[parent], math.log1p(len(groups[parent])), page_mean, page_max, page_std,
                rank[index], above, score - page_mean]
        rows.append(row)
    return rows


def parent_ids(blocks: list[Block]) -> list[int]:
    """For each block, the ``serial`` of its element's parent: blocks that share a
    parent container share the id (-1 when unknown). Input of :func:`context_features`."""
    ids = []
    for block in blocks:
        element = block.element
        parent = element.parent if element is not None else None
        ids.append(parent.serial if parent is not None else -1)
    return ids
