"""Per-block features for main-content selection: one implementation, used by training
(``training/``) and at run time (``webfold.select``), so the two cannot drift.

A page's blocks become a matrix: one row of :data:`FEATURE_NAMES` floats per block.
The features follow the content-extraction literature (Kohlschütter et al., 2010,
"Boilerplate detection using shallow text features": text and link density, word
counts, position; Peters & Lecocq, 2013, "Content extraction using diverse feature
sets": class and id tokens), plus what forums, products, collections and listings need:
how often a block's container repeats on the page (posts, product tiles, cards), price
and date patterns, and page-level facts (``og:type``, JSON-LD ``@type``, URL path: the
caller's address, else the page's canonical or ``og:url``).
"""

from __future__ import annotations

import math
import re
from array import array

from webfold.block import (CHROME_ASIDE, CHROME_CLASS, CHROME_FORM, CHROME_HEADER_FOOTER, CHROME_HIDDEN,
                           CHROME_INVISIBLE, CHROME_NAV, CHROME_PANEL, Block, Page)
from webfold.block import words as words_of
from webfold.build import without_chrome
from webfold.memo import remember
from webfold._text import Lexicon, analyze, class_slots, word_hash

KINDS = ("heading", "paragraph", "list", "quote", "code", "table", "image", "thematic_break")
#: Ancestor tags whose presence (within :data:`ANCESTOR_REACH` ancestors) is a feature.
ANCESTOR_TAGS = ("main", "article", "section", "aside", "header", "footer", "li", "ul", "ol",
                 "table", "td", "form", "figure", "blockquote", "dl", "details", "p", "span")
ANCESTOR_REACH = 16
_TAG_BITS = {tag: 1 << column for column, tag in enumerate(ANCESTOR_TAGS)}
CHROME_BITS = (CHROME_HEADER_FOOTER, CHROME_CLASS, CHROME_FORM, CHROME_INVISIBLE, CHROME_ASIDE, CHROME_NAV,
               CHROME_HIDDEN, CHROME_PANEL)

#: Class and id tokens that say "content" or "furniture" in templates of the web
#: (grouped as in trafilatura's and readability's patterns), or user reviews: the
#: review widgets of shops (Yotpo, Okendo, Judge.me, Stamped, Trustpilot, Feefo,
#: Bazaarvoice), which WCXB's annotators mostly leave out of a product's main content
#: while "product" in their class names ("product-reviews") says content.
CLASS_SIGNALS = {
    "content": ("content", "article", "post", "entry", "body", "main", "text", "story",
                "prose", "markdown", "blog", "thread", "message", "answer", "question",
                "product", "description", "detail", "docs", "documentation", "item"),
    "furniture": ("nav", "menu", "footer", "header", "sidebar", "widget", "related", "comment",
                  "share", "social", "breadcrumb", "promo", "banner", "meta", "tag", "tags",
                  "author", "byline", "newsletter", "subscribe", "popup", "modal", "cookie",
                  "recommend", "trending", "popular", "pagination", "pager", "toolbar",
                  "btn", "button", "icon", "logo", "copyright", "legal", "signup", "login"),
    "reviews": ("review", "reviews", "rating", "ratings", "testimonial", "testimonials", "ugc",
                "yotpo", "okendo", "jdgm", "stamped", "trustpilot", "feefo", "bv"),
}
#: Phrases of page furniture and of forum, product and listing pages, as word patterns
#: of :class:`webfold._text.Lexicon` ("word", "prefix*", "two words", "word #": followed
#: by a number, "# word": after a number, "<year>"). A block's feature is 1.0 when its
#: text holds any pattern of the phrase.
PHRASES = (
    ("cookie", ("cookie*",)), ("privacy", ("privacy",)),
    ("terms", ("terms of", "terms and", "terms conditions")),
    ("subscribe", ("subscri*",)), ("newsletter", ("newsletter*",)),
    ("sign_in", ("sign in", "log in", "login", "sign up", "signup", "register", "log out", "logout",
                 "account")),
    ("share", ("share", "tweet", "facebook", "linkedin", "pinterest", "whatsapp", "reddit")),
    ("follow", ("follow us", "follow me")), ("related", ("related", "you may", "you might")),
    ("comment", ("comment*",)), ("advertisement", ("advertis*", "sponsor*")),
    ("read_more", ("read more", "continue reading", "learn more", "see more", "view all",
                   "show more", "see all")),
    ("reply", ("reply", "replies", "replied")), ("posted", ("posted", "wrote")),
    ("joined", ("joined", "member since", "posts #")),
    ("cart", ("add to", "buy now", "checkout", "stock", "cart", "basket", "wishlist")),
    ("review", ("review*", "rating*", "star", "stars")),
    ("shipping", ("shipping", "delivery", "returns")),
    ("skip", ("skip to",)), ("menu", ("menu",)), ("search", ("search",)),
    ("rights", ("rights reserved", "copyright", "\u00a9")),
    ("pager", ("previous", "next", "page #", "older", "newer")),
    ("tags", ("tag", "tags", "category", "categories", "filed under")),
    ("byline", ("author*", "written by", "posted by")),
    ("read_time", ("min read", "mins read", "minute read", "minutes read")),
    ("price", ("$ #", "\u20ac #", "\u00a3 #", "\u00a5 #", "# usd", "# eur", "# gbp")),
    ("date", ("<year>",) + tuple(f"{month} #" for month in (
        "jan", "january", "feb", "february", "mar", "march", "apr", "april", "may", "jun", "june",
        "jul", "july", "aug", "august", "sep", "sept", "september", "oct", "october", "nov",
        "november", "dec", "december"))),
    ("variant", ("quantity", "qty", "sku", "size", "sizes", "color", "colour", "model #")),
    ("results", ("results", "showing", "sort by", "filter*", "items")),
    ("votes", ("vote*", "upvote*", "likes", "points", "helpful")),
    ("answer", ("answer*", "solution", "solved", "accepted", "question*")),
    ("thread_tools", ("quote", "permalink", "report", "flag", "edited")),
)
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
#: Distances (1: the parent) of the ancestors whose share of the page's text is a feature.
SUBTREE_DISTANCES = (1, 2, 3, 5, 8)
#: Distances of the ancestors whose link density is a feature.
SUBTREE_LINK_DISTANCES = (1, 3)

_TOKEN = re.compile(r"[a-z][a-z0-9]*")
#: The lexicon bit that marks a stop word (counted per occurrence, not a phrase).
_STOP_BIT = 1 << 63
_LEXICON = Lexicon({**{pattern: 1 << column for column, (_, patterns) in enumerate(PHRASES)
                       for pattern in patterns},
                    **{word: _STOP_BIT for word in STOP_WORDS}})


def _names() -> list[str]:
    names = ["log_chars", "log_words", "link_density", "log_links", "links_per_word",
             "punctuation_ratio", "digit_ratio", "upper_ratio", "stop_word_ratio",
             "mean_word_length", "log_sentences", "words_per_sentence", "ends_with_stop",
             "starts_upper", "commas_per_word", "separator_ratio", "log_md_lines",
             "log_images", "all_link", "starts_with_by", "mixed_word_share"]
    names += [f"phrase_{name}" for name, _ in PHRASES]
    # Templates repeat blocks (a product's tabs shown twice, a modal's copy of the
    # page): annotators keep the first copy.
    names += ["log_copies", "earlier_copy"]
    names += [f"kind_{kind}" for kind in KINDS] + ["heading_level", "is_h1"]
    # A table's shape: two columns are a product's specifications or a fact box,
    # wider ones size charts and comparisons (WCXB's annotators keep the first
    # more often).
    names += ["table_columns", "log_table_rows"]
    # Positions are shares of the page, never counts: a model trained on pages of a
    # few hundred blocks must not learn that block 500 cannot be content.
    names += ["position", "text_before_share", "is_first", "is_last"]
    names += ["log_depth"] + [f"in_{tag}" for tag in ANCESTOR_TAGS]
    names += [f"chrome_{bit}" for bit in CHROME_BITS]
    # The drop rules' verdict (build.without_chrome), which weighs a kind of chrome
    # against the page's text (beside the dialogs that are windows over it).
    names += ["kept_by_rules"]
    # A block's own length is measured against the page's and its siblings' mean
    # block, never as a share of the page: in an article of 1,500 paragraphs each
    # holds a share too small for any training page (and was dropped). The blocks of
    # its parent's kind and of its own kind (tag and class: the tiles of a grid, the
    # posts of a thread) are counted as shares of the page's blocks: as counts, the
    # hundreds of paragraphs of a long article looked like a listing's tiles to the
    # models, which cut the article off (training/README.md, "Long and clean pages").
    names += ["log_relative_length", "same_parent_block_share", "same_element_block_share",
              "same_kind_neighbours",
              "sibling_relative_length",
              "parent_group_text_share", "element_group_text_share"]
    names += [f"subtree_{distance}_text_share" for distance in SUBTREE_DISTANCES]
    names += [f"subtree_{distance}_link_density" for distance in SUBTREE_LINK_DISTANCES]
    names += ["in_main_container", "main_container_share"]
    names += ["after_main_heading", "from_main_heading"]
    names += [f"class_{group}" for group in CLASS_SIGNALS]
    names += [f"class_bin_{i}" for i in range(CLASS_BINS)]
    names += [f"word_bin_{i}" for i in range(WORD_BINS)]
    names += ["title_containment", "title_word_share"]
    names += ["page_link_density"]
    names += [f"og_{kind}" for kind in OG_TYPES] + ["og_other"]
    names += [f"ld_{name}" for name, _ in LD_TYPES]
    names += ["url_depth", "url_has_digits"] + [f"url_{token}" for token in URL_SIGNALS]
    names += [f"url_bin_{i}" for i in range(URL_BINS)]
    return names


#: The name of every feature, in column order. The shipped model records this list;
#: loading refuses a model whose list differs.
FEATURE_NAMES: list[str] = _names()


#: Each class signal word's group, as a bit of its mask (for :func:`webfold._text.class_slots`).
_CLASS_GROUPS = Lexicon({word: 1 << group for group, words in enumerate(CLASS_SIGNALS.values())
                         for word in words})
#: The token count and row places of each class attribute value met: pages and sites
#: repeat their class strings. Bounded by webfold.memo.remember: hostile pages of
#: unique 511-character classes kept about 20 MB more for the process's life.
_CLASS_SLOTS: dict[str, tuple[int, tuple[int, ...]]] = {}


def _value_slots(value: str, limit: int) -> tuple[int, tuple[int, ...]]:
    """The number of class or id tokens of an attribute value (at most ``limit``), and
    the places in a class row that they add to: each token's signal groups, then its
    hashed bin (:func:`webfold._text.class_slots`)."""
    return class_slots(value, _CLASS_GROUPS, limit, CLASS_BINS, len(CLASS_SIGNALS))


def _element_slots(element) -> tuple[int, ...]:
    """The class row places of an element's class and id tokens, at most
    :data:`MAX_CLASS_TOKENS` of them, class tokens first. The class string's part is
    remembered across elements and pages."""
    classes = element.classes
    found = _CLASS_SLOTS.get(classes)
    if found is None:
        found = _value_slots(classes, MAX_CLASS_TOKENS)
        remember(_CLASS_SLOTS, classes, found, len(classes))
    count, slots = found
    if element.id and count < MAX_CLASS_TOKENS:
        return slots + _value_slots(element.id, MAX_CLASS_TOKENS - count)[1]
    return slots


def _signature(element) -> tuple[str, str]:
    return (element.tag, element.classes) if element is not None else ("", "")


def page_features(blocks: list[Block]) -> list[array]:
    """One row of :data:`FEATURE_NAMES` floats for each block of one page (training's
    form; selection fills a matrix of a slice of blocks at a time, :meth:`PageFeatures.fill`).

    Returns
    -------
    list of array.array
        ``len(blocks)`` rows of ``len(FEATURE_NAMES)`` doubles each (typecode ``"d"``).
    """
    return _split(PageFeatures(blocks).fill, len(blocks), len(FEATURE_NAMES))


def matrix(rows: int, width: int) -> array:
    """A zero matrix of ``rows`` rows of ``width`` doubles, row after row in one flat
    ``array("d")`` (8 bytes a value): what :meth:`PageFeatures.fill` and
    :meth:`ContextFeatures.fill` write and ``webfold._trees.Forest.matrix_probabilities``
    reads, without an object per row or per value.

    Raises
    ------
    ValueError
        ``rows`` or ``width`` is negative.
    MemoryError
        No room for the values.
    """
    if rows < 0 or width < 0:
        raise ValueError(f"a matrix of {rows} rows of {width} values")
    return array("d", bytes(8 * rows * width))


def _check_fill(start: int, stop: int, count: int, size: int, stride: int, column: int, width: int) -> None:
    """Raise ``ValueError`` unless rows ``start`` to ``stop`` of ``count`` fit a matrix of
    ``size`` values in rows of ``stride``, at places ``column`` to ``column + width``
    of each row (compiled, the fills write without checking each place)."""
    if not 0 <= start <= stop <= count:
        raise ValueError(f"rows {start} to {stop} of a page of {count} blocks")
    if column < 0 or stride < column + width:
        raise ValueError(f"places {column} to {column + width} of rows of {stride} values")
    # divided, not multiplied: the product of a huge count and stride would overflow
    if stop > start and (size < column + width or stop - start - 1 > (size - column - width) // stride):
        raise ValueError(f"{stop - start} rows of {stride} values do not fit a matrix of {size}")


def _split(fill, count: int, width: int, *more) -> list[array]:
    """The ``count`` rows that ``fill(0, count, x, width, *more)`` writes, as one array each."""
    x = matrix(count, width)
    fill(0, count, x, width, *more)
    return [x[row * width:(row + 1) * width] for row in range(count)]


class PageFeatures:
    """The features of one page's blocks, made a slice of blocks at a time.

    The page-level sums (text and link characters, groups of siblings, subtree
    totals, the main container and heading) are taken once, in time linear in the
    blocks; :meth:`fill` then writes the rows of any range. A caller that scores a
    page of 100,000 blocks holds one slice of rows, not all of them.

    Parameters
    ----------
    blocks : list of Block
        All blocks of the page, in document order, as ``webfold.to_blocks(html,
        chrome=True)`` returns them (page-level facts come from ``blocks[0].page``).
    """

    def __init__(self, blocks: list[Block]) -> None:
        self.blocks = blocks
        count = len(blocks)
        page = (blocks[0].page if blocks else None) or Page()
        self.total_chars = sum(b.text_chars for b in blocks) or 1
        self.mean_chars = self.total_chars / max(count, 1) + 1
        self.title_words = list(dict.fromkeys(words_of(page.title)))[:64]
        self.title = Lexicon({word: 1 << bit for bit, word in enumerate(self.title_words)})
        self.parents: dict[tuple, int] = {}
        self.elements: dict[tuple, int] = {}
        self.parent_chars: dict[int, int] = {}
        self.parent_blocks: dict[int, int] = {}
        self.parent_group_chars: dict[tuple, int] = {}
        self.element_group_chars: dict[tuple, int] = {}
        # chars_before[i]: the text characters of the blocks before block i
        self.chars_before = array("q", [0])
        for block in blocks:
            element = block.element
            parent = element.parent if element is not None else None
            key = _signature(parent)
            self.parents[key] = self.parents.get(key, 0) + 1
            self.parent_group_chars[key] = self.parent_group_chars.get(key, 0) + block.text_chars
            own = _signature(element)
            self.elements[own] = self.elements.get(own, 0) + 1
            self.element_group_chars[own] = self.element_group_chars.get(own, 0) + block.text_chars
            self.parent_chars[id(parent)] = self.parent_chars.get(id(parent), 0) + block.text_chars
            self.parent_blocks[id(parent)] = self.parent_blocks.get(id(parent), 0) + 1
            self.chars_before.append(self.chars_before[-1] + block.text_chars)
        self.subtrees = _subtree_totals(blocks)
        self.container = _main_container(self.subtrees, self.total_chars)
        self.container_share = (self.subtrees[self.container.serial][0] / self.total_chars
                                if self.container is not None else 1.0)
        # The content's main heading: the first <h1>, else the first heading (-1: none).
        headings = [i for i, b in enumerate(blocks) if b.kind == "heading"]
        self.main_heading = next((i for i in headings if blocks[i].level == 1), headings[0] if headings else -1)
        self.page_part = array("d", _page_row(page, sum(b.link_chars for b in blocks) / self.total_chars))
        # Blocks of the same text: how many (copies) and the index of the first.
        self.copies: dict[str, int] = {}
        self.first_copy: dict[str, int] = {}
        for index, block in enumerate(blocks):
            if block.text:
                self.copies[block.text] = self.copies.get(block.text, 0) + 1
                self.first_copy.setdefault(block.text, index)
        self.kept_by_rules = {id(block) for block in without_chrome(blocks)}
        self.slots_of: dict[int, tuple] = {}         # each element's _element_slots
        self.inside: dict[int, bool] = {}           # which elements are in the main container

    def fill(self, start: int, stop: int, x: array, stride: int) -> None:
        """Write the rows of blocks ``start`` to ``stop`` (exclusive) into ``x``, a
        :func:`matrix` of at least ``stop - start`` rows of ``stride`` doubles: block
        ``start + i`` in row ``i``, its :data:`FEATURE_NAMES` in the first columns
        (the rest are left as they are, for :meth:`ContextFeatures.fill`).

        Raises
        ------
        ValueError
            The rows are not the page's, or do not fit ``x``.
        """
        blocks = self.blocks
        count = len(blocks)
        _check_fill(start, stop, count, len(x), stride, 0, len(FEATURE_NAMES))
        total_chars = self.total_chars
        main_heading = self.main_heading
        title_count = max(len(self.title_words), 1)
        part = self.page_part
        width = len(FEATURE_NAMES) - len(part)
        # Each row is written in place, column by column (k: the next place in x).
        # Compiled, x is a typed view of the matrix (features.pxd), so no value
        # becomes a float object.
        for index in range(start, stop):
            block = blocks[index]
            k = (index - start) * stride
            for column in range(width):     # the block's columns start at zero,
                x[k + column] = 0.0
            for column in range(len(part)):     # the page's are the same in every row
                x[k + width + column] = part[column]
            stats = analyze(block.text, _LEXICON, self.title, _STOP_BIT, WORD_BINS)
            k = _text_row(block, stats, x, k)
            text = block.text
            x[k] = math.log(self.copies.get(text, 1))
            x[k + 1] = self.first_copy.get(text, index) < index
            k += 2
            kind = block.kind
            for name in KINDS:
                x[k] = kind == name
                k += 1
            x[k] = block.level
            x[k + 1] = block.level == 1
            k += 2
            table = block.rows
            if table:
                x[k] = max(map(len, table), default=0)
                x[k + 1] = math.log1p(len(table))
            x[k + 2] = index / count
            x[k + 3] = self.chars_before[index] / total_chars
            x[k + 4] = index == 0
            x[k + 5] = index == count - 1
            k += 6
            element = block.element
            chain = _chain(element, ANCESTOR_REACH)
            k = _structure_row(element, chain, block.chrome, x, k)
            x[k] = id(block) in self.kept_by_rules
            k += 1
            parent = element.parent if element is not None else None
            parent_key, own_key = _signature(parent), _signature(element)
            same_kind = 0
            for other in blocks[max(0, index - 2): index + 3]:
                same_kind += other is not block and other.kind == kind
            x[k] = math.log((block.text_chars + 1) / self.mean_chars)
            x[k + 1] = self.parents[parent_key] / count
            x[k + 2] = self.elements[own_key] / count
            x[k + 3] = same_kind
            x[k + 4] = block.text_chars * self.parent_blocks[id(parent)] / max(self.parent_chars[id(parent)], 1)
            x[k + 5] = self.parent_group_chars[parent_key] / total_chars
            x[k + 6] = self.element_group_chars[own_key] / total_chars
            k = _subtree_row(element, chain, self.subtrees, total_chars, self.container, self.inside,
                             x, k + 7)
            x[k] = self.container_share
            offset = index - main_heading if main_heading >= 0 else count
            x[k + 1] = main_heading >= 0 and index >= main_heading
            x[k + 2] = offset / count
            k = _class_row(chain, self.slots_of, x, k + 3)
            words = stats.words
            if words:
                for column in range(WORD_BINS):
                    x[k] = stats.bin_count(column) / words
                    k += 1
            else:
                k += WORD_BINS
            overlap = stats.title.bit_count()
            x[k] = overlap / title_count
            x[k + 1] = overlap / max(words, 1)


def _chain(element, reach: int) -> list:
    """``element`` and its ancestors, nearest first, at most ``reach`` of them."""
    chain = []
    while element is not None and len(chain) < reach:
        chain.append(element)
        element = element.parent
    return chain


def _text_row(block: Block, stats, x: array, k: int) -> int:
    """Write the text statistics and phrases of a block (``stats``:
    :func:`webfold._text.analyze`) from place ``k`` of ``x``; return the next place."""
    chars = max(stats.chars, 1)
    words = max(stats.words, 1)
    sentences = stats.sentences or (1 if stats.words else 0)
    links = len(block.links)
    x[k] = math.log1p(block.text_chars)
    x[k + 1] = math.log1p(stats.words)
    x[k + 2] = block.link_chars / max(block.text_chars, 1)
    x[k + 3] = math.log1p(links)
    x[k + 4] = links / words
    x[k + 5] = stats.punctuation / chars
    x[k + 6] = stats.digits / chars
    x[k + 7] = stats.upper / max(stats.letters, 1)
    x[k + 8] = stats.counted / words
    x[k + 9] = stats.word_chars / words
    x[k + 10] = math.log1p(sentences)
    x[k + 11] = stats.words / max(sentences, 1)
    x[k + 12] = stats.ends_with_stop
    x[k + 13] = stats.starts_upper
    x[k + 14] = stats.commas / words
    x[k + 15] = stats.separators / words
    x[k + 16] = math.log1p(block.md.count("\n"))
    x[k + 17] = math.log1p(block.md.count("!["))
    x[k + 18] = block.text_chars > 0 and block.link_chars >= 0.9 * block.text_chars
    x[k + 19] = block.text[:3].lower() == "by "
    x[k + 20] = stats.mixed / words
    k += 21
    phrases = stats.phrases
    for column in range(len(PHRASES)):
        x[k + column] = phrases >> column & 1
    return k + len(PHRASES)


def _subtree_totals(blocks: list[Block]) -> dict[int, list]:
    """For each element holding blocks (by ``serial``): [text characters, link
    characters, blocks, the element] summed over the blocks of its whole subtree."""
    totals: dict[int, list] = {}
    for block in blocks:
        element = block.element
        if element is None:
            continue
        entry = totals.get(element.serial)
        if entry is None:
            entry = totals[element.serial] = [0, 0, 0, element]
        entry[0] += block.text_chars
        entry[1] += block.link_chars
        entry[2] += 1
    # Every ancestor gets an entry, then subtrees are summed from the deepest up, so
    # each element is visited once however deep the page nests.
    for element in [entry[3] for entry in totals.values()]:
        parent = element.parent
        while parent is not None and parent.serial not in totals:
            totals[parent.serial] = [0, 0, 0, parent]
            parent = parent.parent
    for entry in sorted(totals.values(), key=lambda entry: -entry[3].depth):
        parent = entry[3].parent
        if parent is not None:
            up = totals[parent.serial]
            up[0] += entry[0]
            up[1] += entry[1]
            up[2] += entry[2]
    return totals


def _main_container(subtrees: dict[int, list], total_chars: int):
    """The deepest element that holds at least half of the page's text (None: none)."""
    best = None
    for chars, _, _, element in subtrees.values():
        if 2 * chars >= total_chars and (best is None or element.depth > best.depth):
            best = element
    return best


def _subtree_row(element, chain: list, subtrees: dict[int, list], total_chars: int, container,
                 inside: dict[int, bool], x: array, k: int) -> int:
    """Write, from column ``k`` of ``x``, the share of the page's text and the link
    density of the subtrees of the block's ancestors (``chain``: :func:`_chain`), and
    whether the block is in the main container (``inside``: the memo of
    :func:`_inside`); return the next column."""
    for distance in SUBTREE_DISTANCES:
        chars = subtrees[chain[distance].serial][0] if distance < len(chain) else total_chars
        x[k] = chars / total_chars      # past the outermost element, the whole page
        k += 1
    for distance in SUBTREE_LINK_DISTANCES:
        if distance < len(chain):
            chars, links, _, _ = subtrees[chain[distance].serial]
            x[k] = links / max(chars, 1)
        else:
            x[k] = -1.0
        k += 1
    x[k] = _inside(element, container, inside)
    return k + 1


def _inside(element, container, memo: dict[int, bool]) -> bool:
    """Whether ``element`` is ``container`` or inside it (True when there is no
    container). ``memo`` keeps the answer of every element walked, so a page's blocks
    walk each element once however deep the page nests."""
    if container is None:
        return True
    walked = []
    answer = False
    while element is not None:
        known = memo.get(element.serial)
        if known is not None:
            answer = known
            break
        if element is container or element.depth <= container.depth:
            answer = element is container
            break
        walked.append(element.serial)
        element = element.parent
    for serial in walked:
        memo[serial] = answer
    return answer


def _structure_row(element, chain: list, chrome: int, x: array, k: int) -> int:
    """Write, from place ``k`` of ``x``, the block's depth, which of
    :data:`ANCESTOR_TAGS` are among its element's ancestors (``chain``: :func:`_chain`)
    and its chrome bits; return the next place."""
    x[k] = math.log1p(max(element.depth, 0)) if element is not None else 0.0
    k += 1
    seen = 0
    for ancestor in chain:
        seen |= _TAG_BITS.get(ancestor.tag, 0)
    for column in range(len(ANCESTOR_TAGS)):
        x[k + column] = seen >> column & 1
    k += len(ANCESTOR_TAGS)
    for bit in CHROME_BITS:
        x[k] = chrome & bit != 0
        k += 1
    return k


def _class_row(chain: list, slots_of: dict[int, tuple], x: array, k: int, reach: int = 4) -> int:
    """Add, from place ``k`` of ``x`` (zeros), the class and id signals and hashed
    bins of the nearest ``reach`` elements of ``chain`` (:func:`_chain`), each token
    weighted 1 / (1 + its element's distance from the block's element); return the
    next place. ``slots_of`` remembers each element's :func:`_element_slots` by its
    serial: the tiles of a grid repeat their ancestors."""
    for distance, ancestor in enumerate(chain[:reach]):
        found = slots_of.get(ancestor.serial)
        if found is None:
            found = slots_of[ancestor.serial] = _element_slots(ancestor)
        weight = 1.0 / (1 + distance)
        for slot in found:
            x[k + slot] += weight
    return k + len(CLASS_SIGNALS) + CLASS_BINS


def _page_row(page: Page, link_density: float) -> list[float]:
    og = page.og_type.lower().split(".")[0] if page.og_type else ""
    row = [link_density]
    row += [1.0 if og == kind else 0.0 for kind in OG_TYPES] + [float(bool(og) and og not in OG_TYPES)]
    types = {t.lower() for t in page.ld_types}
    row += [1.0 if types.intersection(names) else 0.0 for _, names in LD_TYPES]
    path = ""
    # Without the caller's address, the page's own (canonical, then og:url): trained
    # with the address, the models read a page without its path as another kind of
    # page (a newcomer of session 34 left BASE out: dev 0612's main content went from
    # 21 blocks to 56)
    address = page.url or page.canonical or page.meta.get("og:url", "")
    if address:
        path = re.sub(r"^[a-z][a-z0-9+.-]*://[^/]*", "", address.lower()).split("?")[0].split("#")[0]
    parts = [part for part in path.split("/") if part]
    tokens = set(_TOKEN.findall(path))
    row += [float(len(parts)), float(bool(re.search(r"\d", path)))]
    row += [1.0 if token in tokens or token in parts else 0.0 for token in URL_SIGNALS]
    bins = [0.0] * URL_BINS
    for token in tokens:
        bins[word_hash(token) % URL_BINS] = 1.0
    return row + bins


#: The context of a block for the second stage: first-stage scores around it (windows
#: of 1, 2 and 5 blocks each side), of the blocks that share its ancestor at each of
#: :data:`CONTAINER_DISTANCES` (a container's blocks are mostly all content or all
#: furniture), where it sits relative to the confident blocks, and of the whole page.
#: A container's size is its share of the page's blocks, not a count: with counts, the
#: models cut off long articles, whose hundreds of paragraphs under one parent lie past
#: the sizes of the training pages (training/README.md, "Long and clean pages"). For the same
#: reason the page's spread of scores is not a feature: a page of many like paragraphs
#: has almost none, as few training pages do.
CONTEXT_WINDOWS = (1, 2, 5)
#: Distances (1: the parent of the block's element) of the ancestors whose blocks' mean
#: score is a feature.
CONTAINER_DISTANCES = (1, 2, 3, 5)
#: A first-stage score at least this high makes a block "confident" for the span features.
CONFIDENT = 0.5
CONTEXT_NAMES: list[str] = (
    ["score"]
    + [f"score_{side}_{width}" for width in CONTEXT_WINDOWS for side in ("before", "after")]
    + [f"score_container_{distance}_mean" for distance in CONTAINER_DISTANCES]
    + [f"container_{distance}_block_share" for distance in CONTAINER_DISTANCES]
    + ["confident_before_share", "inside_confident_span"]
    + ["score_page_mean", "score_page_max", "score_rank",
       "page_share_above_half", "score_minus_page_mean"]
)


def context_features(scores: list[float], containers: list[list[int]]) -> list[array]:
    """One row of :data:`CONTEXT_NAMES` for each block of a page: all rows of
    :class:`ContextFeatures` at once (training's form)."""
    return _split(ContextFeatures(scores, containers).fill, len(scores), len(CONTEXT_NAMES), 0)


class ContextFeatures:
    """Stage 2's context of each block: the first stage's scores around it, in its
    containers and over the page, made a slice of blocks at a time.

    Parameters
    ----------
    scores : list of float
        The first stage's probability for each block, in page order (0 to 1).
    containers : list of sequences of int
        For each block, :func:`container_ids`: one id per distance of
        :data:`CONTAINER_DISTANCES`, shared by the blocks under the same ancestor.
    """

    def __init__(self, scores: list[float], containers: list) -> None:
        count = len(scores)
        self.scores = scores
        self.containers = containers
        self.prefix = prefix = array("d", [0.0])
        # confident[i]: the confident blocks before block i
        self.confident = confident = array("q", [0])
        for score in scores:
            prefix.append(prefix[-1] + score)
            confident.append(confident[-1] + (score >= CONFIDENT))
        self.sums: list[dict[int, float]] = [{} for _ in CONTAINER_DISTANCES]
        self.sizes: list[dict[int, int]] = [{} for _ in CONTAINER_DISTANCES]
        for score, ids in zip(scores, containers):
            for column, container in enumerate(ids):
                sums, sizes = self.sums[column], self.sizes[column]
                sums[container] = sums.get(container, 0.0) + score
                sizes[container] = sizes.get(container, 0) + 1
        self.page_mean = prefix[-1] / max(count, 1)
        self.page_max = max(scores, default=0.0)
        self.above = sum(1 for score in scores if score > 0.5) / max(count, 1)
        self.rank = array("d", bytes(8 * count))
        for position, index in enumerate(sorted(range(count), key=scores.__getitem__)):
            self.rank[index] = position / max(count - 1, 1)

    def fill(self, start: int, stop: int, x: array, stride: int, column: int) -> None:
        """Write the rows of blocks ``start`` to ``stop`` (exclusive) into ``x``, a
        :func:`matrix` of at least ``stop - start`` rows of ``stride`` doubles: block
        ``start + i``'s :data:`CONTEXT_NAMES` in row ``i`` from place ``column`` on.

        Raises
        ------
        ValueError
            The rows are not the page's, or do not fit ``x``.
        """
        count = len(self.scores)
        _check_fill(start, stop, count, len(x), stride, column, len(CONTEXT_NAMES))
        prefix, confident = self.prefix, self.confident
        total_confident = confident[count]
        for index in range(start, stop):
            k = (index - start) * stride + column
            score = self.scores[index]
            x[k] = score
            k += 1
            for width in CONTEXT_WINDOWS:
                low, high = max(0, index - width), min(count, index + 1 + width)
                x[k] = (prefix[index] - prefix[low]) / (index - low) if index > low else -1.0
                x[k + 1] = (prefix[high] - prefix[index + 1]) / (high - index - 1) if high > index + 1 else -1.0
                k += 2
            ids = self.containers[index]
            for distance in range(len(CONTAINER_DISTANCES)):
                size = self.sizes[distance][ids[distance]]
                x[k] = self.sums[distance][ids[distance]] / size
                x[k + len(CONTAINER_DISTANCES)] = size / count
                k += 1
            k += len(CONTAINER_DISTANCES)
            before = confident[index]
            after = total_confident - confident[index + 1]
            x[k] = before / total_confident if total_confident else -1.0
            x[k + 1] = before > 0 and after > 0
            x[k + 2] = self.page_mean
            x[k + 3] = self.page_max
            x[k + 4] = self.rank[index]
            x[k + 5] = self.above
            x[k + 6] = score - self.page_mean


def container_ids(blocks: list[Block]) -> list[tuple[int, ...]]:
    """For each block, the ``serial`` of its element's ancestor at each distance of
    :data:`CONTAINER_DISTANCES`: blocks under one container share its id. Past the
    outermost element the id is -1 (the whole page); a block without an element has
    ids of its own (-2 - its index). Input of :func:`context_features`."""
    ids = []
    reach = max(CONTAINER_DISTANCES) + 1
    for index, block in enumerate(blocks):
        element = block.element
        if element is None:
            ids.append((-2 - index,) * len(CONTAINER_DISTANCES))
            continue
        chain = _chain(element, reach)
        ids.append(tuple([chain[distance].serial if distance < len(chain) else -1
                          for distance in CONTAINER_DISTANCES]))
    return ids
