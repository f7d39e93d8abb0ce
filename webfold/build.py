"""Tokens to blocks: the tree rules of the HTML standard, the drop and hide rules, and
Markdown for every block.

The builder walks the scanner's tokens once, keeping a stack of open elements (never
recursing, so nesting depth costs nothing but the stack). Text is collected into the
current paragraph; a block-level start or end tag finishes it. Lists and block quotes
are *containers*: the leaves inside them are written with the container's prefix
(``> ``, ``- ``, ``1. `` and the matching continuation indent) as they finish, and the
whole outermost container becomes one :class:`~webfold.block.Block`. Table cells
collect their blocks in a :class:`Sink` of their own, decided on when the table ends.
"""

from __future__ import annotations

import re
import unicodedata
from itertools import islice
from urllib.parse import unquote

from webfold.gutters import GUTTER_KINDS, is_gutter, line_numbers, names_gutter, numbered_table, only_numbers
from webfold.markdown import (TAG_MARKS, address_at_end, backslashes_before, before_markup, code_fence, code_span,
                              destination, escape_dollars, escape_end, escape_inline, escape_line_start, escape_prose,
                              holds_address, link_title, reads_through, runs_into_markup, starts_markup, unlinked)
from webfold.mathml import MathText, formula, image_delimiter, is_copy, script_delimiter
from webfold.memo import remember
from webfold.microsyntaxes import html_integer, largest_candidate
from webfold._scan import TokenFlag, TokenKind, Tokens
from webfold._text import Lexicon, attribute_marks
from webfold.block import (CHROME_ASIDE, CHROME_CLASS, CHROME_DIALOG, CHROME_FORM, CHROME_HEADER_FOOTER,
                           CHROME_HIDDEN, CHROME_INVISIBLE, CHROME_NAV, CHROME_PANEL, Block, Element, Page,
                           description_part)
from webfold.payloads import script_kind
from webfold.quotations import ENGLISH as ENGLISH_QUOTATIONS, PAIRS as QUOTATION_PAIRS, Pairs as QuotationPairs, \
    quotation_marks
from webfold.patterns import LazyPattern
from webfold.streaming import display_order
from webfold.table import MAX_COLSPAN, MAX_ROWSPAN, Cell, Table, pipe_table
from webfold.tables import (BLOCK_ELEMENTS, BOXED_ELEMENTS, CHROME_TOKEN_SET, CODE_LANGUAGE, DROPPED_ELEMENTS,
                            NO_CODE_LANGUAGE, RESERVED_CUSTOM_NAMES, SHADOW_HOSTS, CONTROL_ELEMENTS, CONTROL_ROLES,
                            DIALOG_ROLES,
                            SCREEN_READER_ONLY, DISPLAY_CLASSES, FLEX_DISPLAYS, DISPLAY,
                            DISPLAY_NONE, HEADING_LEVEL, P_CLOSERS, PLACEHOLDER_SRC, PLACEHOLDER_WORDS,
                            REACT_SEGMENT,
                            SCOPE_BOUNDARIES, SECTIONING, SPECIAL_ELEMENTS, TAG_NAMES,
                            VOID_ELEMENTS, BACKGROUND, COLOR, FOREIGN_BREAKOUT, FOREIGN_ROOTS, INTEGRATION_POINTS,
                            HTML_ENCODINGS, DRAWN_SVG, SVG_BOXES, MATHML_GLYPHS, FORMATTING_ELEMENTS,
                            INVISIBLE_STYLE, OVERFLOW_HIDDEN,
                            INLINE_ELEMENTS, PHRASING_ELEMENTS, PHRASING_INVISIBLE, SHORTHAND_OF, SHORTHANDS, VALID_VALUES,
                            ZERO_HEIGHT, ZERO_WIDTH)
from webfold.urls import Resolver, base_url

# Token kinds and flags, as plain ints (the scanner's enums, from _scan.pxd).
TEXT, START_TAG, END_TAG, RAW_TEXT = (int(TokenKind.TEXT), int(TokenKind.START_TAG),
                                      int(TokenKind.END_TAG), int(TokenKind.RAW_TEXT))
WHITESPACE, SELF_CLOSING, HAS_ATTRIBUTES = (
    int(TokenFlag.WHITESPACE), int(TokenFlag.SELF_CLOSING), int(TokenFlag.HAS_ATTRIBUTES))
TITLE, XMP, PLAINTEXT, SCRIPT = (TAG_NAMES.index(name) for name in ("title", "xmp", "plaintext", "script"))
# The link, whose end tag sets links side by side apart (Builder.link_ended); its
# number is compared as a C int.
ANCHOR = TAG_NAMES.index("a")
#: Elements that draw nothing, so that their tags set no words apart (Builder.tagged):
#: those that HTML's rendering rules hide (§15.3.1), and a line break opportunity
#: inside a word, ``<wbr>``. (An ``<input type=hidden>`` is judged by its attribute.)
UNDRAWN = frozenset({"area", "base", "basefont", "datalist", "head", "link", "meta", "noembed", "noframes",
                     "param", "script", "style", "template", "title", "wbr"})

# What an element does to the output (its role).
NONE, BLOCK, HEADING, LIST, ITEM, QUOTE, PRE, CODE, TABLE, ROW, CELL, CAPTION, MARK, LINK, CONTROL = range(15)
ROLES: dict[str, int] = {name: BLOCK for name in BLOCK_ELEMENTS}
ROLES.update(dict.fromkeys(HEADING_LEVEL, HEADING))
ROLES.update(ul=LIST, ol=LIST, menu=LIST, dir=LIST, li=ITEM, blockquote=QUOTE, pre=PRE,
             listing=PRE, xmp=PRE, plaintext=PRE, code=CODE, kbd=CODE, samp=CODE, tt=CODE,
             table=TABLE, tr=ROW, td=CELL, th=CELL, caption=CAPTION, a=LINK, button=CONTROL)
#: Inline formatting and its Markdown delimiter (CommonMark §6.2, GFM §6.5).
MARKS = {"strong": "**", "b": "**", "em": "*", "i": "*", "del": "~~", "s": "~~", "strike": "~~"}
DELIMITERS = frozenset(MARKS.values())
#: Each marked element's (opener, closer): written unless its opener is open already
#: (<b><b>: one level of the same emphasis). A <q> is marked too, with the quotation
#: marks a browser shows (webfold.quotations): text of the page, not of its DOM.
PAIRS = {**{name: (delimiter, delimiter) for name, delimiter in MARKS.items()}, **TAG_MARKS}
#: Ruby text is written in the parentheses that ``<rp>`` gives readers whose browser
#: shows no ruby (HTML §4.5.22), where the page gives none: "漢(kan)字(ji)", not
#: "漢kan字ji".
RUBY_PARENTHESES = ("(", ")")
ROLES.update(dict.fromkeys(PAIRS, MARK), q=MARK, rt=MARK, rp=MARK, ruby=MARK)
#: The class names of task lists and their items (GitHub, GitLab, pandoc 3, MkDocs),
#: whose checkboxes are task list markers even where a reader may tick them.
TASK_LIST_CLASSES = frozenset({"task-list", "contains-task-list", "task-list-item"})
#: The closers of each mark that, as a link's brackets, encloses text that emphasis
#: around it may move into (Builder._wraps_one): tags, quotation marks.
_ENCLOSED = (*TAG_MARKS.values(), *QUOTATION_PAIRS, RUBY_PARENTHESES)
ENCLOSING = {opener: frozenset(end for start, end in _ENCLOSED if start == opener) for opener, _ in _ENCLOSED}
ROLES.update(tbody=NONE, thead=NONE, tfoot=NONE)
#: The roles of elements whose text runs on in the block around them; every other role
#: starts a block of its own.
INLINE_ROLES = (NONE, MARK, LINK, CODE)
#: The last character of a question (ASCII, fullwidth, Arabic): a button whose text
#: ends with one names what a click shows (names_content).
QUESTION_MARKS = "?\uff1f\u061f"
#: A button label is short: one holding more characters of text is content that an
#: unclosed <button> took in, which browsers show (names_content).
MAX_LABEL_CHARS = 200

# Frame flags: what a frame added to the builder's counters (undone when it closes).
# HIDDEN_CANDIDATE: a hidden element built as chrome (see Builder.hidden_candidate),
# whose leaf is finished when it closes so that its text joins no visible block.
# HIDDEN_FOREIGN: an <svg> or <math> hidden by its attributes (see leave_foreign_content).
# FOREIGN_SEEN, FOREIGN_UNSEEN: an SVG element that a <foreignObject> in it is seen in,
# or not (decided once, by at_shown_foreign_object).
# REMOVED: a hidden <form> that </form> took off the stack while elements opened in it
# stay open (see remove_form): it stays below them, and closes when they have closed.
# DIALOG_ROOT: the outermost element of a dialog (block.CHROME_DIALOG), whose leaf is
# finished when it closes, as a hidden candidate's is.
# INTEGRATION_POINT: an SVG or MathML element under which start tags and text are
# HTML (tables.INTEGRATION_POINTS; see Builder.push).
# INACTIVE: a formatting element whose end tag came with a block open inside it: a
# browser's adoption agency takes it off the list of active formatting elements, the
# builder keeps it open with its mark closed (see Builder.close_phrasing), and what
# closes it later does not open it again.
# MARKER: an HTML element of MARKER_ELEMENTS, which put a marker on the list of active
# formatting elements when it opened (see Builder.push and Builder.markers).
# LINE_AFTER: a block element inside preformatted text, which ends its line when it
# closes, as it started one (see Builder.new_code_line).
# SHADOW_HOST: an element that a declarative shadow root has been attached to, which
# takes no other (see Builder.shadow_root).
# LINE_NUMBERS: an element inside preformatted text whose class names line numbers,
# whose text is left out of the code if it is numbers alone (see Builder.drop_line_numbers).
HIDDEN_ROOT, HIDDEN_CANDIDATE, IN_MAIN, IN_SECTIONING, SPACE_AFTER, FLAT_TABLE = 1, 2, 4, 8, 16, 32
HIDDEN_FOREIGN, REMOVED, DIALOG_ROOT, INTEGRATION_POINT, INACTIVE = 64, 128, 256, 512, 1024
FOREIGN_SEEN, FOREIGN_UNSEEN, MARKER, LINE_AFTER, SHADOW_HOST = 2048, 4096, 8192, 16384, 32768
LINE_NUMBERS = 65536
# FLEX_CONTAINER: a flex or grid container (Builder.flex_container); FLEX_ITEM: an
# element that is one's child, set apart from the text around it (Builder.text).
FLEX_CONTAINER, FLEX_ITEM = 131072, 262144
#: The tag of a REMOVED frame: no end tag names it.
REMOVED_TAG = "#removed"

#: Tables nested deeper than this are read as plain blocks: each level would copy the
#: text of all the levels inside it into a flattened cell.
MAX_TABLE_NESTING = 4
#: Lists and quotes nested deeper than this (counting a list and its item as two) add
#: no more indentation: Markdown pays for nesting depth on every line.
MAX_CONTAINERS = 24

#: CommonMark list numbers have at most nine digits (§5.2).
MAX_LIST_NUMBER = 999_999_999

#: Quotations nested deeper than this write no more quotation marks (their text stays),
#: and a ``<q>`` looks this many elements up for the ``lang`` that chooses its marks:
#: each ``<q>`` reads the open marks and its ancestors, and without a bound 40,000
#: nested ones took 40 seconds, growing as the square (breaker of session 31).
MAX_QUOTATION_DEPTH = 64

#: Code elements that touch are written as one code span ("`x``y`" would read as one
#: span holding the backticks), until it holds this many characters: then the next
#: starts a span of its own after a space. Each joining rewrites the span, so without
#: a bound 40,000 adjacent ``<code>`` elements took five seconds, growing as the square.
MAX_JOINED_CODE = 4096

#: Blink's HTML parser stops nesting at this depth; we bound the search for the
#: element an end tag closes in the same way, so no input makes that search quadratic.
SEARCH_LIMIT = 512

#: At most this many formatting elements alike open again after an end tag closes
#: them (WHATWG HTML §13.2.4.3, the "Noah's Ark" clause).
NOAHS_ARK = 3

#: The elements that put a marker on the list of active formatting elements while
#: they are open (§13.2.4.3): the formatting elements closed inside one are not opened
#: again outside it, and those closed before it are not opened again inside it. A
#: <select> puts none, but "in select" (§13.2.6.4.16) opens no formatting element and
#: reconstructs none, which a marker has the builder do.
MARKER_ELEMENTS = frozenset({"applet", "object", "marquee", "template", "td", "th", "caption",
                             "select"})
#: The marker elements whose marker only their own end tag takes off the list (with
#: what follows it): closed otherwise (a table's end closes one foster-parented before
#: it), they leave it there, and what was active before them waits behind it.
MARKER_ENDS = frozenset({"applet", "object", "marquee"})

#: The start tags that "in body" (§13.2.6.4.7) inserts without first reconstructing
#: the active formatting elements: block and table elements, head content, ruby's
#: parts. Every other start tag, and text, opens again the formatting elements closed
#: but still on the list (Builder.reconstruct).
UNRECONSTRUCTED = frozenset({
    "html", "base", "basefont", "bgsound", "link", "meta", "noframes", "script", "style",
    "template", "title", "body", "frameset", "address", "article", "aside", "blockquote",
    "center", "details", "dialog", "dir", "div", "dl", "fieldset", "figcaption", "figure",
    "footer", "header", "hgroup", "main", "menu", "nav", "ol", "p", "search", "section",
    "summary", "ul", "h1", "h2", "h3", "h4", "h5", "h6", "pre", "listing", "form", "li", "dd",
    "dt", "plaintext", "table", "hr", "textarea", "iframe", "noembed", "noscript", "caption",
    "col", "colgroup", "frame", "head", "tbody", "td", "tfoot", "th", "thead", "tr", "rb",
    "rtc", "rp", "rt", "param", "source", "track",
})

# Where the search for an element to close stops (WHATWG HTML §13.2.4.2: "has an
# element in scope", and its list item, button and table variants).
IN_SCOPE = SCOPE_BOUNDARIES
IN_BUTTON_SCOPE = SCOPE_BOUNDARIES | {"button"}
IN_LIST_ITEM_SCOPE = SCOPE_BOUNDARIES | {"ul", "ol"}
IN_TABLE_SCOPE = frozenset({"html", "table", "template"})
LIST_ITEM_STOP = SPECIAL_ELEMENTS - {"address", "div", "p", "li", "dd", "dt"}
TABLE_PARTS = frozenset({"table", "tbody", "thead", "tfoot", "tr", "td", "th"})
#: The table's own elements, where content that is not a cell does not go (the "in
#: table", "in table body" and "in row" insertion modes, §13.2.6.4.9-15).
TABLE_BODIES = frozenset({"table", "tbody", "thead", "tfoot", "tr"})
#: The current nodes at which white space is a table's own ("in table text" and "in
#: column group", §13.2.6.4.10, 12): it opens no formatting element again.
TABLE_WHITE_SPACE = TABLE_BODIES | {"colgroup"}
#: A table's caption and columns: their start tags end an open cell, row and body as
#: a row's do (§13.2.6.4.13-15), and an open caption or column group (§13.2.6.4.11-12).
TABLE_COLUMNS = frozenset({"caption", "colgroup", "col"})
#: The start tags that open nothing outside a table (or a template): §13.2.6.4.7, "in
#: body", ignores them.
TABLE_ONLY = (TABLE_PARTS | TABLE_COLUMNS) - {"table"}
#: Ruby's parts, whose start tags end the open ones (§13.2.6.4.7, "rb", "rt").
RUBY_PARTS = frozenset({"rb", "rtc", "rt", "rp"})
#: Open elements under which a table's insertion modes no longer hold: a cell, a
#: caption, a template, and the roots (HTML at an integration point is in body too).
TABLE_MODE_ENDS = frozenset({"td", "th", "caption", "template", "body", "html"})
#: The open elements that set a table's insertion modes (see Builder.in_table_body).
TABLE_MODES = (*sorted(TABLE_BODIES), "colgroup")
HEADINGS = tuple(HEADING_LEVEL)
#: What "generate implied end tags" closes (§13.2.6.3).
IMPLIED_END_TAGS = frozenset({"dd", "dt", "li", "optgroup", "option", "p", "rb", "rp", "rt", "rtc"})
#: What may stand in <head> (§13.2.6.4.4, "in head" insertion mode); any other start
#: tag ends the head.
HEAD_CONTENT = frozenset({"base", "basefont", "bgsound", "link", "meta", "title", "noscript",
                          "noframes", "style", "script", "template", "head", "html"})

# What the builder needs to know of a tag name, as bits looked up once per start tag.
VOID, DROPPED, IMPLIES, SECTION, MAIN_OR_ARTICLE, PAGE_CHROME, ROOT, FORMATTING = 1, 2, 4, 8, 16, 32, 64, 128
IMPLYING = (P_CLOSERS | TABLE_PARTS | TABLE_COLUMNS | RUBY_PARTS | set(HEADING_LEVEL)
            | {"li", "dd", "dt", "option", "optgroup", "a"})
TAG_BITS: dict[str, int] = {}
for _name in TAG_NAMES[1:]:
    TAG_BITS[_name] = ((VOID if _name in VOID_ELEMENTS else 0)
                       | (DROPPED if _name in DROPPED_ELEMENTS else 0)
                       | (IMPLIES if _name in IMPLYING else 0)
                       | (SECTION if _name in SECTIONING else 0)
                       | (MAIN_OR_ARTICLE if _name in ("main", "article") else 0)
                       | (PAGE_CHROME if _name in ("header", "footer") else 0)
                       | (ROOT if _name in ("html", "head", "body") else 0)
                       | (FORMATTING if _name in FORMATTING_ELEMENTS else 0))
del _name

# What an element's class and id tokens say (class_marks): a token of consent, ad or
# newsletter chrome (tables.CHROME_TOKENS), a screen-reader-only utility class
# (tables.SCREEN_READER_ONLY), a display utility class's name in some case
# (tables.DISPLAY_CLASSES, read by class_display).
MARK_CHROME = 1
MARK_SCREEN_READER = 2
MARK_DISPLAY = 4
#: The most aria-controls ids remembered for closed_panel: a page names a few dozen.
MAX_CONTROLLED = 10_000
#: The most ids of shown elements remembered (Builder.meet); past them no control
#: counts.
MAX_IDS = 200_000
# ASCII white space, which separates the ids of an ID reference list (WAI-ARIA 1.2 §6.2,
# HTML "split on ASCII whitespace"); NO-BREAK SPACE belongs to an id.
_ID_SEPARATORS = re.compile(r"[ \t\n\f\r]+")
# The words of each mark, for webfold._text.attribute_marks.
_CHROME_TOKENS = Lexicon(dict.fromkeys(CHROME_TOKEN_SET, MARK_CHROME))
_CLASS_NAMES = Lexicon({**dict.fromkeys({name.lower() for name in DISPLAY_CLASSES}, MARK_DISPLAY),
                        **dict.fromkeys(SCREEN_READER_ONLY, MARK_SCREEN_READER)})
# Pages repeat their class strings: remember the verdict on each (bounded).
_MARKS_MEMO: dict[str, int] = {}
# Ids are unique, but a page may repeat one: the verdicts on those of more than one token.
_TOKENS_MEMO: dict[str, bool] = {}
# The display utility class that wins in each class string (class_display).
_DISPLAY_MEMO: dict[str, tuple | None] = {}


def same(a: str, b: str) -> bool:
    """Whether two strings are equal, tested by identity, length and the cached hash
    before their characters: compiled, ``==`` between strings is a call of
    ``PyUnicode_Compare`` (an ordering) whatever their lengths, and the tag-name
    tests of start and end tags, mostly unequal, made 4% of the builder's
    instructions."""
    return a is b or len(a) == len(b) and hash(a) == hash(b) and a == b


def class_marks(attributes: dict[str, str]) -> int:
    """The ``MARK_*`` bits of an element's class and id (0: none, or neither
    attribute): a chrome token among its class and id tokens (runs of word characters
    and hyphens), lower-cased; a screen-reader-only or display utility class name
    (:func:`class_display` reads which), among the class names as CSS splits them (on
    ASCII white space) and lower-cased (an id such as ``screenreader`` is a heading's
    slug, not a style). Both in one pass
    (:func:`webfold._text.attribute_marks`)."""
    classes = attributes.get("class", "")
    element_id = attributes.get("id", "")
    found = 0
    if classes:
        found = _MARKS_MEMO.get(classes, -1)
        if found == -1:
            found = attribute_marks(classes, _CHROME_TOKENS, _CLASS_NAMES)
            if found & MARK_SCREEN_READER and "not-sr-only" in classes.lower():
                found &= ~MARK_SCREEN_READER
            remember(_MARKS_MEMO, classes, found, len(classes))
    if element_id and not found & MARK_CHROME and _chrome_id(element_id):
        found |= MARK_CHROME
    return found


def class_display(classes: str) -> tuple[tuple[int, int, int], bool] | None:
    """The display utility class that wins among the names of a ``class`` attribute
    (split on ASCII white space, matched case-sensitively), as its entry of
    ``tables.DISPLAY_CLASSES``: its rank and whether it makes a flex or grid container;
    None when there is none. Remembered by class string."""
    found = _DISPLAY_MEMO.get(classes, False)
    if found is False:
        found = None
        for name in _ID_SEPARATORS.split(classes):
            entry = DISPLAY_CLASSES.get(name)
            if entry is not None and (found is None or entry[0] > found[0]):
                found = entry
        remember(_DISPLAY_MEMO, classes, found, len(classes))
    return found


def declares_display(style: str) -> bool:
    """Whether an inline style may declare ``display``: a test that spares most styles
    the search of its pattern (``DISPLAY``, ``DISPLAY_NONE``)."""
    return "isplay" in style or "ISPLAY" in style.upper()


def ends_word(char: str) -> bool:
    """Whether text ending in ``char`` ends in a word: a letter or digit, or a
    combining mark (Unicode general category M: the vowel signs of Devanagari and
    Tamil, an accent written apart), which ends the letter it follows."""
    return char.isalnum() or len(char) == 1 and unicodedata.category(char)[0] == "M"


def ends_apart(char: str) -> bool:
    """Whether text ending in ``char`` is set apart from a word after the edge of a flex
    or grid item: it ends in a word (:func:`ends_word`), a closing bracket or quotation
    mark, a symbol such as a star, or the punctuation that ends a clause or follows a
    number (``4.2|(318)``, ``★★★★☆|4.2``, ``Hello,|world``, ``50%|off``); not an
    opening one, a currency sign or a dash (``$|99``, ``(|12``)."""
    return ends_word(char) or char in ".,;:!?%" or len(char) == 1 and unicodedata.category(char) in (
        "Pe", "Pf", "So")


def starts_apart(char: str) -> bool:
    """Whether text starting with ``char`` is set apart from a word before the edge of a
    flex or grid item (see :func:`ends_apart`): it starts a word, an opening bracket or
    quotation mark, a currency sign, a symbol, a mention or a hashtag (``$129|$159``,
    ``Brand|(12)``, ``Follow|@webfold``); not closing or other punctuation
    (``4.5|/5``, ``50|%``)."""
    return char.isalnum() or char in "@#" or len(char) == 1 and unicodedata.category(char) in (
        "Ps", "Pi", "Sc", "So")


def _chrome_id(element_id: str) -> bool:
    """Whether an id attribute holds a token of ``tables.CHROME_TOKEN_SET``: looked up
    at once when it is one ASCII token, as most ids are, else remembered (a page may
    repeat a long id on every element)."""
    if element_id.isascii() and element_id.replace("-", "_").isidentifier():
        return element_id.lower() in CHROME_TOKEN_SET
    found = _TOKENS_MEMO.get(element_id)
    if found is None:
        found = bool(attribute_marks(element_id, _CHROME_TOKENS, None))
        remember(_TOKENS_MEMO, element_id, found, len(element_id))
    return found


def disclosure(attributes: dict[str, str] | None) -> bool:
    """Whether an element is a disclosure control: it has ``aria-expanded`` or
    ``aria-controls`` (WAI-ARIA 1.2 §6.7; the ARIA Authoring Practices' Accordion and
    Disclosure patterns), so its text names a panel that it shows."""
    return attributes is not None and ("aria-expanded" in attributes or "aria-controls" in attributes)


def names_content(text: str) -> bool:
    """Whether a button whose blocks hold ``text`` names content that a click shows,
    so that its blocks are kept (:meth:`Builder.control_role`): its text has a letter
    or digit (an icon, a glyph or a rule is no label), and it ends with a question mark
    (:data:`QUESTION_MARKS`, before any symbols and white space: "Can I wash them? +"),
    or it is longer than a label (:data:`MAX_LABEL_CHARS`)."""
    if not any(char.isalnum() for char in text):
        return False
    if len(text) > MAX_LABEL_CHARS:
        return True
    end = len(text)
    while end and (text[end - 1].isspace() or unicodedata.category(text[end - 1])[0] == "S"):
        end -= 1
    return end > 0 and text[end - 1] in QUESTION_MARKS


#: Format characters (category Cf) that are drawn: the prepended concatenation marks
#: (Unicode's Prepended_Concatenation_Mark property: the Arabic number and end-of-ayah
#: signs, the Syriac abbreviation mark, the Kaithi number signs), which are no
#: default-ignorable code points (breaker of session 32: "<p>&#x6DD;</p>" was dropped).
DRAWN_FORMAT_CHARACTERS = frozenset("\u0600\u0601\u0602\u0603\u0604\u0605\u06dd\u070f\u0890\u0891\u08e2"
                                    "\U000110bd\U000110cd")


#: The default-ignorable code points that are not format characters (Unicode's
#: DerivedCoreProperties.txt, Default_Ignorable_Code_Point, less category Cf): the
#: combining grapheme joiner, the Hangul fillers, two Khmer vowels that are not written,
#: the Mongolian free variation selectors and the variation selectors. A browser draws
#: them as nothing (breaker of session 39: "<code>&#xFE0F;</code>" was a code span).
IGNORABLE_NOT_FORMAT = frozenset("\u034f\u115f\u1160\u17b4\u17b5\u180b\u180c\u180d\u180f\u3164\uffa0"
                                 + "".join(map(chr, range(0xFE00, 0xFE10)))
                                 + "".join(map(chr, range(0xE0100, 0xE01F0))))


def shows_nothing(text: str) -> bool:
    """Whether ``text`` holds only white space and characters that a browser draws as
    nothing: the default-ignorable code points (Unicode's Default_Ignorable_Code_Point:
    format characters, category Cf, such as zero-width joiners and spaces, soft hyphens,
    direction and byte order marks, but :data:`DRAWN_FORMAT_CHARACTERS`; and
    :data:`IGNORABLE_NOT_FORMAT`). A paragraph of them is blank to a reader."""
    for char in text:
        if char.isspace() or char in IGNORABLE_NOT_FORMAT:
            continue
        # (no ASCII character is a format character: most texts end here, at the first)
        if char < "\x80" or unicodedata.category(char) != "Cf" or char in DRAWN_FORMAT_CHARACTERS:
            return False
    return True


def aria_role(attributes: dict[str, str]) -> str:
    """An element's WAI-ARIA role, lowercased: the first token of its ``role``
    attribute ("" when it has none). Of a list of roles WAI-ARIA 1.2 §7.1 has a browser
    take the first it knows; Webfold takes the first. Tokens are split on ASCII white
    space only (HTML's "set of space-separated tokens"), so a role after a no-break
    space is no known role."""
    role = attributes.get("role")
    if not role:
        return ""
    return _ID_SEPARATORS.split(role.lstrip(" \t\n\f\r"), 1)[0].lower()


def collapse_white_space(text: str) -> str:
    """``text`` with each run of HTML's white space (WHATWG Infra "ASCII whitespace":
    tab, LF, FF, CR and space; NO-BREAK SPACE is not one) made one space."""
    # str.replace and "in" scan with memchr: a page's text is mostly plain, and
    # str.translate or a regular expression walks it character by character.
    for control in "\t\n\r\f":
        if control in text:
            text = text.replace(control, " ")
    while "  " in text:
        text = text.replace("  ", " ")
    return text


_ASCII_PUNCTUATION = frozenset("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~")


def is_punctuation(char: str) -> bool:
    """CommonMark's "Unicode punctuation character" test (§2.1: general categories P and
    S) for one character; ``""`` is not punctuation."""
    if char in _ASCII_PUNCTUATION:
        return True
    return len(char) == 1 and char > "\x7f" and unicodedata.category(char)[0] in "PS"


def punctuation_to_both(char: str) -> bool:
    """Whether ``char`` is punctuation both to CommonMark (:func:`is_punctuation`) and
    to GitHub's renderer (cmark-gfm), which follows CommonMark 0.29: ASCII punctuation
    and Unicode general category P, not the other symbols (``€``, ``©``, ``→``), which
    it reads as letters beside delimiters."""
    return char in _ASCII_PUNCTUATION or len(char) == 1 and char > "\x7f" and unicodedata.category(char)[0] == "P"


def letter_like(char: str) -> bool:
    """Whether ``char`` counts as a letter beside emphasis delimiters (CommonMark §6.2,
    flanking): it is neither white space nor punctuation (§2.1), nor the paragraph's
    edge (``""``). Letters and digits, but also format characters (a zero-width space, a
    soft hyphen), combining marks, private-use characters and the line and paragraph
    separators, which a delimiter run beside punctuation does not flank (breaker on
    693d77c: ``**a<sup>2</sup>**`` before a soft hyphen closed nothing). An ``_`` is
    punctuation: text writes it escaped (``\_``)."""
    return char != "" and char not in " \t\n\f\r" and not is_punctuation(char) and (
        char < "\x80" or unicodedata.category(char) != "Zs")


#: The marks of a permalink, a link to the heading (or definition, or caption) itself
#: that documentation generators add (Sphinx's and MkDocs' "¶", docs.rs' "§", Hugo's
#: "#", a link symbol): left out (Builder._permalink_mark).
PERMALINK_MARKS = frozenset({"", "¶", "§", "#", "🔗", "⚓"})
#: Variation selectors, which ask for a mark's text or emoji form ("⚓︎"): no part of
#: which mark it is.
VARIATION_SELECTORS = "\ufe0e\ufe0f"
#: The permalink marks that may be part of a word after them ("§12", "#WorldCup").
WORD_MARKS = frozenset({"§", "#"})
#: Class names by which a link calls itself a permalink (Sphinx's and Python-Markdown's
#: "headerlink", Docusaurus' "hash-link", VuePress' "header-anchor", AnchorJS), and
#: words of such a title ("Permanent link", "Link to this heading"), lower-cased: a
#: "#" glued to a word's end is that word's ("C#") but where the link says it is one.
PERMALINK_CLASSES = frozenset({"headerlink", "permalink", "hash-link", "header-anchor", "anchorjs-link",
                               "anchor-link"})
PERMALINK_TITLES = ("permalink", "permanent link", "link to this")
#: The innermost open elements whose id a permalink may lead to (Builder._leads_here):
#: Sphinx's are the <dt>, caption or section one or two levels up.
PERMALINK_REACH = 8
#: The most parts, its opener counted, and characters that a permalink's link writes
#: outside a heading (emphasis around the mark, the mark, invisible characters, an
#: icon's escapes): longer links are not read for a mark (Builder._short_link).
PERMALINK_PARTS = 6
PERMALINK_CHARS = 16
#: A backslash escape of Markdown text, and the character it escapes.
_ESCAPE = re.compile(r"\\(.)", re.DOTALL)
#: An escaped "&" at the end of a part of text (an odd run of backslashes before it),
#: with the letters, digits or "#" after it: what the next parts may make a character
#: reference of (CommonMark §2.5) ...
_AMPERSAND_AT_END = re.compile(r"(?<!\\)(?:\\\\)*\\&(#?[0-9A-Za-z]*)\Z")
#: ... if they go on with this
_REFERENCE_REST = re.compile(r"#?[0-9A-Za-z]+;")
#: Parts read after such an "&" (a reference's name is at most 32 characters; empty
#: parts and markup may come between)
REFERENCE_PARTS = 8
#: A wrapper's ``language-x`` that names no code language: a human one's (ISO 639-1
#: codes of the web's most used languages, with a region or not) or a switcher's.
_HUMAN_LANGUAGE = re.compile(r"(?i)(?:en|de|fr|es|it|pt|nl|ru|ja|zh|ko|sv|da|fi|no|nb|tr|ar|he|el|hu|ro|uk|vi"
                             r"|th|id|cz|sk|bg|hr|sr|sl|et|lv|lt|fa|hi|bn|ms)(?:[-_][a-z]{2,4})?"
                             r"|selector|switcher|picker|menu|dropdown|toggle|switch|select|list|links?")
#: What makes a word a web or mail address to GFM's autolink extension (§6.9): "www.",
#: "://", "@", a "mailto:" or "xmpp:" scheme.
_ADDRESS_LIKE = re.compile(r"(?i)www\.|://|@|^(?:mailto|xmpp):")
#: Punctuation that may start or escape markup in written text (an escape, an autolink's
#: "<", a link's brackets, a character reference, a formula's "$"): emphasis is not
#: moved over it (Builder._open_after_punctuation).
_MARKUP_PUNCTUATION = frozenset("\\<>[]!`*_~&|$")

_HARD_BREAK = "\\\n"
#: Splits text at hard breaks, keeping them.
_BREAKS = re.compile(f"({re.escape(_HARD_BREAK)})")
#: CommonMark's Unicode white space (§2.1) that HTML does not collapse: the characters
#: of general category Zs but the ASCII space.
_UNICODE_SPACES = "\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u202f\u205f\u3000"
# The white space moved outside emphasis delimiters: the Unicode spaces, and an ASCII
# space beside them ("\u00a0 z", "q \u00a0"), which collapsing leaves inside the text.
_EDGE_SPACES = _UNICODE_SPACES + " "
#: Elements whose attributes are page facts (:meth:`Builder.page_fact`).
PAGE_FACTS = frozenset({"meta", "script", "link", "html"})
#: Elements whose attributes are read inside a dropped subtree (``<head>`` is one).
HIDDEN_READS = PAGE_FACTS | {"img", "base"}
#: Bounds on the page facts kept: ``<meta>`` keys, characters per value, JSON-LD scripts,
#: ``<time>`` values.
MAX_META = 256
MAX_META_CHARS = 4096
MAX_JSON_LD = 32
MAX_TIMES = 16
# "@type": "NewsArticle" or "@type": ["Product", "Thing"] in JSON-LD (a pattern, not a
# parse: a payload that does not parse still names its types).
_LD_TYPE = LazyPattern(r'"@type"\s*:\s*\[?\s*"([A-Za-z]+)"')


class Frame:
    """One open element on the builder's stack (made by :meth:`Builder.push`).

    ``tag`` is the lower-case name, ``role`` what the element does to the output,
    ``flags`` the counters it raised, ``data`` its role's state (a list's numbering, a
    table, a mark), ``attributes`` the attributes Webfold reads, ``parent`` the frame
    below it, ``serial`` the order of its start tag, ``token`` the index of its start
    tag among the page's tokens (what a formatting element is opened again from, see
    :meth:`Builder.reconstruct`), and ``chrome`` the chrome kinds (``block.CHROME_*``
    bits) of the element and its ancestors. ``space`` is its namespace: None for
    HTML, else the tag of the root of its kind, ``"svg"`` or ``"math"``; ``anchor`` the
    stack position of the element that decides it (:meth:`Builder.namespace_point`):
    its SVG or MathML root, the integration point it is in, or -1 for HTML outside them.
    """

    __slots__ = ("tag", "role", "flags", "data", "attributes", "parent", "serial", "token", "chrome",
                 "space", "anchor", "_element")

    def element(self) -> Element:
        """The public record of this element, made when a block first needs it (most
        elements never hold a block), together with any ancestors not yet made. A
        method, not a property: compiled, the builder calls it as a C function."""
        if self._element is None:
            missing = []
            frame: Frame | None = self
            while frame is not None and frame._element is None:
                missing.append(frame)
                frame = frame.parent
            parent = frame._element if frame is not None else None
            for frame in reversed(missing):
                attributes = frame.attributes or {}
                parent = frame._element = Element(
                    frame.tag, attributes.get("id", ""), attributes.get("class", ""), parent,
                    parent.depth + 1 if parent is not None else 0, frame.serial)
        return self._element


class Mark:
    """An open inline element (emphasis, strikethrough, link, code span, superscript or
    subscript, quotation)."""

    __slots__ = ("opener", "closer", "placed", "link")

    def __init__(self, opener: str, closer: str, link: str | None = None):
        self.opener = opener
        self.closer = closer
        self.placed = -1            # index of its opener in the paragraph's parts; -1 not yet placed
        self.link = link


class Container:
    """A list, list item or block quote: it prefixes the lines of the blocks inside it
    (a list with nothing; an item with its marker, then the marker's width of spaces;
    a quote with ``> ``)."""

    __slots__ = ("kind", "marker", "started", "interrupts", "frame", "state", "last_list", "empty_items",
                 "own_leaf")

    def __init__(self, kind: int, marker: str = "", started: bool = False,
                 interrupts: bool = True):
        self.kind = kind
        self.marker = marker            # "> " for a quote, "" for a list
        self.started = started          # some line has been written inside it
        # A list that may follow a paragraph line directly: a bullet list, or an
        # ordered list starting at 1 (CommonMark §5.3, "interrupt a paragraph").
        self.interrupts = interrupts
        self.frame: Frame | None = None     # for an item: its <li>
        self.state: ListState | None = None     # for a list: its numbering and delimiter
        # For a quote or an item: the list closed last directly inside it, as
        # (ordered, alternate), until another block follows it there.
        self.last_list: tuple[bool, bool] | None = None
        # For an ordered list: the markers of its items that held nothing, not yet written.
        # They are written before the list's next line, or at its end, so that a list
        # of nothing but empty items writes nothing.
        self.empty_items: list[str] = []
        # For a list: its last leaf is its own, in none of its items (text inside <ul>
        # but in no <li>): a paragraph to the parser, which only an item that may
        # interrupt a paragraph may follow directly.
        self.own_leaf = False


LIST_CONTAINER, ITEM_CONTAINER, QUOTE_CONTAINER = 0, 1, 2


def end_tag_scope(name: str) -> frozenset[str]:
    """The elements that stop the search for the element that end tag ``name`` closes:
    for a special element "has an element in scope" and its table and list item
    variants (WHATWG HTML §13.2.4.2), for any other the special elements ("any other
    end tag", §13.2.6.4.7)."""
    if name not in SPECIAL_ELEMENTS:
        return SPECIAL_ELEMENTS
    if name in TABLE_PARTS:
        return IN_TABLE_SCOPE
    if name == "li":
        return IN_LIST_ITEM_SCOPE
    return IN_SCOPE


def continuation(containers: list[Container]) -> str:
    """The prefix of a line inside ``containers`` after their first: ``> `` for a quote,
    and for an item as many spaces as its marker is wide (CommonMark §5.1, §5.2)."""
    return "".join(map(continued, containers))


def continued(container: Container) -> str:
    """One container's part of :func:`continuation`."""
    return container.marker if container.kind == QUOTE_CONTAINER else " " * len(container.marker)


class Sink:
    """Where finished leaves go: the document, or one table cell."""

    __slots__ = ("blocks", "shown", "shown_alternate", "containers", "open", "open_element", "last_item",
                 "items", "item_leaves", "alternate")

    def __init__(self) -> None:
        self.blocks: list[Block] = []
        self.shown: Block | None = None       # the last block that is not hidden
        self.shown_alternate = False          # it is a list that uses "*" or ")"
        self.containers: list[Container] = []
        self.open: Block | None = None        # the outermost container's block, while it is open
        self.open_element: Element | None = None   # the list or quote element that holds it
        self.last_item: Container | None = None
        # The outermost list again, one block per top-level item, and how many leaves
        # each holds: a list of rich items (forum posts, product tiles) is kept as
        # these blocks, so that selection can take some items and leave others.
        self.items: list[Block] = []
        self.item_leaves: list[int] = []
        self.alternate = False              # the open top-level list uses "*" or ")"

    def add(self, block: Block) -> None:
        """Append a finished block."""
        self.blocks.append(block)
        if not block.chrome & CHROME_HIDDEN:
            self.shown = block
            self.shown_alternate = self.alternate


class Growing:
    """A list or quote block while its leaves arrive: Markdown and text are kept as
    pieces and joined once, when the block is finished (appending to a string would
    copy it on every leaf)."""

    __slots__ = ("block", "md", "text")

    def __init__(self, block: Block, md: list[str], text: list[str]):
        self.block = block
        self.md = md
        self.text = text

    def finish(self) -> Block:
        """The block, its ``md`` and ``text`` joined (leaves without text, an item of
        an image alone, add no space to the text)."""
        self.block.md = "\n".join(self.md)
        self.block.text = " ".join([text for text in self.text if text])
        return self.block


class ListState:
    __slots__ = ("ordered", "number", "nested", "alternate")

    def __init__(self, ordered: bool, number: int, nested: bool, alternate: bool = False):
        self.ordered = ordered
        self.number = number
        self.nested = nested        # directly inside a list: it opened a container
        self.alternate = alternate  # its items use "*" or ")" (see Builder.block_start)


_CSS_COMMENT = LazyPattern(r"/\*.*?(?:\*/|$)", re.DOTALL)
_CSS_ESCAPE = LazyPattern(r"\\(?:([0-9a-fA-F]{1,6})\s?|(.))", re.DOTALL)


def plain_css(style: str) -> str:
    """An inline style with its escapes decoded and each comment made a space, as CSS
    reads it (CSS Syntax 3 §4.3.7, §4.3.2: a comment ends the token before it):
    ``disp\\lay:/**/none`` is ``display: none``, and ``dis/**/play:none`` is no
    ``display`` (breaker of session 32: it hid the text)."""
    return _CSS_ESCAPE.sub(_css_unescape, _CSS_COMMENT.sub(" ", style))


# Pages repeat their inline styles: remember how each reads (bounded).
_STYLE_MEMO: dict[str, str] = {}
#: A function that CSS substitutes after parsing (CSS Values 5 §7, "arbitrary
#: substitution functions"): a value that calls one is taken while parsing, and one
#: that then fails leaves the property unset ("display:none;display:env(x)" is shown).
_SUBSTITUTION = LazyPattern(r"(?<![\w-])(?:var|env|attr|if)\(", re.IGNORECASE)
#: A quoted string of CSS (§4.3.5), whose text no rule reads.
_CSS_STRING = LazyPattern(r"\"[^\"]*\"|'[^']*'")
#: A declaration's ``!important`` (CSS Cascade 4 §6.4.1).
_IMPORTANT = LazyPattern(r"!\s*important\s*$", re.IGNORECASE)


def read_style(style: str) -> str:
    """An inline ``style`` as CSS reads it: :func:`plain_css`, then only the
    declarations that win the cascade among its own (CSS Cascade 4 §6.4: of two
    declarations of one property the later wins, unless only the earlier is
    ``!important``; ``background`` and ``background-color`` both set the background
    colour), and none whose value its property does not take (``tables.VALID_VALUES``:
    CSS drops those while parsing). ``visibility:hidden;visibility:visible`` is
    ``visibility:visible``, ``display:block !important;display:none`` is ``display:block
    !important`` (breaker of session 31: the first declaration hid the text), a
    shorthand sets its longhands (``tables.SHORTHANDS``: ``font-size:0;font:1em a`` is
    ``font:1em a``), and
    ``display:none;display:x`` is ``display:none`` (breakers on 16c2ce5). Quoted
    strings are written empty. The string itself when nothing changes."""
    found = _STYLE_MEMO.get(style)
    if found is None:
        found = plain_css(style) if "\\" in style or "/*" in style else style
        if '"' in found or "'" in found:
            # a string's text is no declaration: font-family:"x;display:none" hides nothing
            found = _CSS_STRING.sub('""', found)
        if found.count(":") > 1:
            found = _cascade(found)
        if found == style:
            found = style
        remember(_STYLE_MEMO, style, found, len(style))
    return found


def _cascade(style: str) -> str:
    """The declarations of ``style`` (plain CSS, strings blanked) that win the cascade
    among its own (see :func:`read_style`), joined by ``;``; ``style`` itself when every
    declaration wins."""
    winners: dict[str, tuple[bool, str]] = {}
    count = 0
    for declaration in _declarations(style):
        name, colon, value = declaration.partition(":")
        name = name.strip().lower()
        if not colon or not name:
            continue
        count += 1
        important = _IMPORTANT.search(value) is not None
        valid = VALID_VALUES.get(name)
        if valid is not None and not valid.match(_IMPORTANT.sub("", value).strip().lower()) \
                and _SUBSTITUTION.search(value) is None:
            continue                # a value its property does not take: dropped
        key = "background" if name == "background-color" else name
        if not important and any(winners.get(setter, (False,))[0]
                                 for setter in (key, SHORTHAND_OF.get(key))):
            continue                # an earlier !important declaration sets it
        longhands = SHORTHANDS.get(key, ())
        if longhands and not important and all(winners.get(longhand, (False,))[0]
                                               for longhand in longhands):
            continue                # each longhand it sets is !important already
        for longhand in longhands:
            if important or not winners.get(longhand, (False,))[0]:
                winners.pop(longhand, None)     # "font-size:0;font:16px a": 16px
        winners.pop(key, None)
        winners[key] = (important, f"{name}:{value.strip()}")
        shorthand = SHORTHAND_OF.get(key)
        if shorthand in winners:
            # "font:0/0 a;font-size:1em": each longhand of the shorthand that
            # the rules read is set again after it, so it sets none of them
            order = list(winners)
            if all(longhand in winners and order.index(longhand) > order.index(shorthand)
                   for longhand in SHORTHANDS[shorthand]):
                del winners[shorthand]
    if len(winners) < count:        # (a property declared twice, or a declaration dropped)
        return ";".join(text for _, text in winners.values())
    return style


def _declarations(style: str) -> list[str]:
    """The declarations of an inline style, split at the semicolons outside
    parentheses and quoted strings (``url(data:image/png;base64,…)`` is one value)."""
    if "(" not in style and '"' not in style and "'" not in style:
        return style.split(";")
    out, start, depth, quote = [], 0, 0, ""
    for index, character in enumerate(style):
        if quote:
            if character == quote:
                quote = ""
        elif character in "\"'":
            quote = character
        elif character == "(":
            depth += 1
        elif character == ")" and depth:
            depth -= 1
        elif character == ";" and not depth:
            out.append(style[start:index])
            start = index + 1
    out.append(style[start:])
    return out


def _css_unescape(match: re.Match) -> str:
    # An escaped white space character is part of the name or value it stands in, never
    # a separator: "block\\9" (an old hack for one browser) is no display keyword, so
    # it is written as U+FFFD, which no rule or value takes.
    if match.group(2) is not None:
        return "\ufffd" if match.group(2).isspace() else match.group(2)
    value = int(match.group(1), 16)
    return chr(value) if 0 < value <= 0x10FFFF and not 0xD800 <= value <= 0xDFFF and not chr(value).isspace() \
        else "\ufffd"


def placeholder_src(src: str) -> bool:
    """Whether an image ``src`` is a stand-in for a lazily loaded image
    (``tables.PLACEHOLDER_SRC``)."""
    if src.isascii():
        # Most sources hold none of the pattern's words, and str finds that out far
        # sooner than the case-blind pattern, which is tried at every position.
        lowered = src.lower()
        if not lowered.startswith(("data:", "about:blank")) and not any(
                word in lowered for word in PLACEHOLDER_WORDS):
            return False
    return PLACEHOLDER_SRC.search(src) is not None


# Pages repeat their inline styles: remember the verdict on each (bounded).
_INVISIBLE_MEMO: dict[tuple[str, bool], bool] = {}


def leaves_text_unseen(attributes: dict[str, str]) -> bool:
    """Whether an element's inline style leaves its text unseen as on a phrasing
    element (:func:`invisible`): how a formula's parts are judged beyond
    :meth:`Builder.hidden_by`, since a formula is part of its line."""
    style = attributes.get("style")
    return bool(style) and invisible(style, True)


def invisible(style: str, phrasing: bool) -> bool:
    """Whether an inline ``style`` leaves the element's text unseen though rendered:
    one of ``tables.INVISIBLE_STYLE`` (``visibility:hidden``, a transparent colour, a
    zero clip, far off-screen), a zero width and height with ``overflow:hidden``, a
    ``color`` equal to its own background, or, on a ``phrasing`` (not block) element,
    ``font-size:0`` or ``opacity:0``."""
    key = (style, phrasing)
    found = _INVISIBLE_MEMO.get(key)
    if found is None:
        found = _unseen_style(style, phrasing)
        remember(_INVISIBLE_MEMO, key, found, len(style))
    return found


def _unseen_style(style: str, phrasing: bool) -> bool:
    """:func:`invisible`, worked out."""
    if INVISIBLE_STYLE.search(style) or (phrasing and PHRASING_INVISIBLE.search(style)):
        return True
    if ZERO_WIDTH.search(style) and ZERO_HEIGHT.search(style) and OVERFLOW_HIDDEN.search(style):
        return True
    color = COLOR.search(style)
    if color is None:
        return False
    background = BACKGROUND.search(style)
    return background is not None and _colour(color.group(1)) == _colour(background.group(1))


_NAMED_COLOURS = {"white": "#ffffff", "black": "#000000"}


def _colour(value: str) -> str:
    """A CSS colour in one spelling: ``#fff``, ``white`` and ``rgb(255, 255, 255)`` are
    all ``#ffffff`` (CSS Color 4 §4-§6); other values are compared as written. Of a
    ``background`` shorthand, the first value is taken."""
    value = value.strip().lower()
    if value.startswith(("rgb(", "rgba(")):
        parts = value[value.index("(") + 1:].rstrip(")").replace(",", " ").replace("/", " ").split()
        # (ASCII digits: "²".isdigit() is true, and int() refuses it)
        if len(parts) >= 3 and all(part.isascii() and part.isdigit() for part in parts[:3]) and (
                len(parts) == 3 or parts[3] in ("1", "1.0", "100%")):
            return "#" + "".join(f"{min(html_integer(part), 255):02x}" for part in parts[:3])
        return value
    value = value.split()[0] if value else value
    if len(value) == 4 and value.startswith("#"):
        value = "#" + "".join(c * 2 for c in value[1:])
    return _NAMED_COLOURS.get(value, value)


class Builder:
    """Builds the blocks of one document from its tokens.

    Parameters
    ----------
    tokens : Tokens
        The scanner's output for the document.
    base : str or None
        The page address that relative targets resolve against.
    images : bool
        Write images (``![alt](src)``); False drops them.
    keep_noscript : bool
        Treat ``<noscript>`` as content (what a browser without scripts shows). By
        default it is dropped; :func:`webfold.pipeline.to_blocks` builds again with
        it kept when the page's text is mostly there (Discourse serves whole forum
        threads that way).
    keep_nav : bool
        Treat ``<nav>`` as chrome (removed unless it holds most of the text) instead of
        dropping it. :func:`webfold.pipeline.to_blocks` builds again so when a
        ``<nav>`` is left unclosed (``unclosed_nav``): it then holds the rest of the
        page, which browsers show; and when navigation is all the text a page has
        (``saw_nav``; a site map, a links page), which is then kept.
    hidden_blocks : bool
        Build hidden elements as blocks marked ``CHROME_HIDDEN`` where they can be
        (:meth:`hidden_candidate`), for the selector; False drops them unread, which is
        what the drop rules do with them anyway, at less cost.
    safe_links, data_images : bool
        The link policy of :class:`webfold.urls.Resolver`: a dropped link target
        leaves its text, a dropped image target drops the image. ``data_images``
        also writes an image whose only source is a ``data:image/`` URL.
    document_base : str or None
        The page's base URL from its first ``<base href>`` (already resolved against
        ``base``), when that element came after links it resolves (:attr:`late_base`
        of a build before): every link is resolved against it from the start, and the
        page's ``<base>`` elements are not read again.
    """

    def __init__(self, tokens: Tokens, base: str | None, images: bool = True,
                 keep_noscript: bool = False, keep_nav: bool = False, safe_links: bool = False,
                 data_images: bool = False, hidden_blocks: bool = True,
                 document_base: str | None = None) -> None:
        self.tokens = tokens
        self.hidden_blocks = hidden_blocks
        self.keep_noscript = keep_noscript
        self.keep_nav = keep_nav
        self.flat_tables = 0
        self.noscript_bytes = 0
        self.unclosed_nav = False           # a <nav> not closed by </nav> (see keep_nav)
        self.saw_nav = False                # a <nav> was met (see keep_nav)
        # The standard's form element pointer (§13.2.6.1): set by a <form> start tag,
        # cleared only by </form>, so a form closed by another end tag still makes the
        # next <form> ignored.
        self.form_pointer = False
        # The ids that shown controls name in aria-controls and no element has had
        # since; the ids of shown elements met, which a control shows no later element
        # of; whether a shown tab was seen (see meet and closed_panel).
        self.controlled: set[str] = set()
        self.taken_ids: set[str] = set()
        self.saw_tab = False
        self.offset = 0
        # The page's address, and the resolver of its links: another once a <base href>
        # is read (see base)
        self.address = self.resolve = Resolver(base, safe_links, data_images)
        self.resolved = False               # a link or image target was resolved (see base)
        # Each href and src resolved and written as a destination, by (value, image):
        # a third of the hrefs of the WCXB benchmark pages repeat one before them
        # (menus, tiles); emptied when a <base> changes the resolver.
        self.destinations: dict[tuple[str, bool], tuple[str, str] | None] = {}
        # Leaves inside a list or quote held as a possible line-number gutter, and the
        # leaf written before them (see emit).
        self.gutter_held: list[Block] = []
        self.before_held: Block | None = None
        self.last_placed: Block | None = None
        self.images = images
        self.stack: list[Frame] = []
        self.open_count: dict[str, int] = {}
        self.hidden = 0
        self.hidden_foreign = 0
        self.left_svg = False               # an SVG was left early (leave_foreign_content)
        # The TeX of the <math> element open, and its frame: its text is written where
        # it ends (webfold.mathml). None when no shown <math> is open.
        self.math: MathText | None = None
        self.math_root: Frame | None = None
        self.main = 0
        self.sectioning = 0
        self.pre = 0
        self.heading = 0
        # A <dd> that is a description has started: the sink, the depth of containers
        # and the chrome where its first leaf, if a paragraph there, is written after
        # ": " (see start_description). None when no description waits for its leaf.
        self.description_sink: Sink | None = None
        self.description_depth = 0
        self.description_chrome = 0
        self.last_leaf: Element | None = None   # the element of the last leaf emitted
        self.serial = 0
        self.token = 0                      # the index of the tag being read (Frame.token)
        # What close_phrasing and reconstruct may still read of start tags to open
        # again: as much as the page holds (a tag weighs 1 and 1 an attribute, all of
        # which they read)
        self.reopen_budget = len(tokens) + tokens.attribute_total
        # The list of active formatting elements (§13.2.4.3) past the open ones: the
        # formatting elements that a block's end or an end tag on its way closed after
        # the last marker, in the order they opened, which the next text or start tag
        # opens again (reconstruct). Those still open are frames of the stack.
        self.active_formatting: list[Frame] = []
        # How many of active_formatting have each tag name: an end tag that names none
        # of them does not search it (forget_active)
        self.active_names: dict[str, int] = {}
        # The markers on that list (§13.2.4.3), in order: the serials (Frame.serial)
        # of the MARKER elements that put them, open or not (an <object> that a table's
        # end closed keeps its marker until its end tag), and for each the entries
        # before it, as active_formatting and active_names, or None for none.
        self.markers: list[int] = []
        self.marker_parts: list[tuple | None] = []
        # Where close_phrasing's last search for each name stopped, which the next one
        # goes on from if the frames it searched are still open (see there)
        self.searched: dict[str, tuple] = {}
        # White space came while formatting elements waited on the list: the next start
        # tag opens them first (see reconstructs_before_space)
        self.spaced = False
        # A tag of a shown element came since the last text: a word that starts after
        # it in upper case, right after a lower-case letter, starts a word of its own
        # (see text)
        self.tagged = False
        # A form control or embedded content came since the last text (see box), and
        # an </a> (links that a page writes side by side, not those that a link inside
        # another ends, "<a>x<a>y": see text); whether the start tag at hand is of an
        # element that draws something (start_tag)
        self.boxed = self.link_ended = False
        # The start or end of a flex or grid item came since the last text: a word after
        # it is set apart from a word before it (see flex_container)
        self.item_edge = False
        self.drawn = True
        # The shown elements ended so far: popped, or ended in place (close_phrasing)
        self.ended = 0
        self.page = Page(url=base)
        self.json_ld = False                # the raw text that follows is JSON-LD
        self.payload_kind: str | None = None    # of the raw text that follows (webfold.payloads)
        self.tex_script = ""                # the raw text that follows is TeX: its delimiter
        #: scripts that may hold a payload: (kind, start, end), offsets into the input
        self.payloads: list[tuple[str, int, int]] = []
        self.base_seen = document_base is not None
        if document_base is not None:
            self.resolve = self.resolve.rebased(document_base)
            self.page.base = document_base
        # The base of the first <base href> when links were resolved before it (see
        # base): this build's earlier links are wrong, and the page is built again.
        self.late_base: str | None = None
        self.ruby_parenthesis = False       # an <rp> of the open ruby came after its last <rt>
        self.sinks: list[Sink] = [Sink()]
        self.tables: list[Table] = []
        self.marks: list[Mark] = []
        self.lazy_image: tuple[str, str] | None = None
        # A checkbox that starts a list item's first paragraph, waiting for what it
        # marks: that item's container, and "[x]" or "[ ]" (see task_marker)
        self.task: tuple[Container, str] | None = None
        self.code: Mark | None = None
        self.pre_parts: list[str] = []
        # where in pre_parts each open element of line numbers inside the <pre> began
        # (LINE_NUMBERS; see drop_line_numbers)
        self.line_number_starts: list[int] = []
        self.pre_language = ""
        self.pre_language_rank = len(LANGUAGE_SOURCES)
        self._reset_paragraph()

    # ----------------------------------------------------------------- tokens

    def run(self) -> list[Block]:
        """Consume every token and return the page's blocks, in the order a browser
        shows them: document order, but for React's streamed segments, read where
        their placeholders stand (:func:`webfold.streaming.display_order`)."""
        tokens = self.tokens
        table = tokens.table()
        order = display_order(tokens)
        for index in range(len(tokens)) if order is None else order:
            kind = table[5 * index]
            number = table[5 * index + 1]
            start = table[5 * index + 2]
            end = table[5 * index + 3]
            flags = table[5 * index + 4]
            if kind == TEXT:
                if self.hidden:
                    if flags & WHITESPACE:
                        continue
                    if self.math is not None:
                        self.math.text(tokens.text(start, end, True, False))
                        continue
                    if self.open_count.get("svg") and self.at_shown_foreign_object():
                        self.leave_foreign_content()
                    elif self.stack[-1].tag != "head":
                        continue
                    else:
                        self.pop()          # text in <head> belongs to the body (§13.2.6.4.4)
                if flags & WHITESPACE:
                    if self.active_formatting and not self.spaced:
                        self.spaced = self.reconstructs_before_space()
                    if self.pre:
                        self.pre_parts.append(tokens.text(start, end, False, False))
                    else:
                        self.space = True
                    continue
                if self.active_formatting and not self.in_foreign_element():
                    # Text opens again the formatting elements closed but still active
                    # (not SVG or MathML text, §13.2.6.5: they wait for HTML's next).
                    self.reconstruct()
                    if self.hidden:
                        continue            # inside a <b hidden> opened again
                self.text(tokens.text(start, end, True, False))
            elif kind == START_TAG:
                self.offset = start
                self.token = index
                name = TAG_NAMES[number] if number else tokens.name(index)
                self.drawn = True
                self.start_tag(name, index, flags)
                if self.drawn and not self.hidden and name not in UNDRAWN:
                    self.tagged = True
            elif kind == END_TAG:
                self.offset = start
                self.token = index
                name = TAG_NAMES[number] if number else tokens.name(index)
                size = len(self.stack)
                ended = self.ended
                self.end_tag(name)
                if len(self.stack) != size:
                    # an end tag that closes an element closes the copies opened
                    # before the white space too (they were the current node)
                    self.spaced = False
                # One that the parser ignores (§13.2.6.4.7: "</span>" with none open, or
                # with a <p>, a cell or a marker between, "</a>" in a cell of a table in
                # the link) ends no element and sets nothing apart; nor does one that
                # ends only hidden elements ("<span hidden>x</span>").
                if self.ended != ended and name not in UNDRAWN:
                    self.tagged = True
                    if number == ANCHOR:
                        self.link_ended = True
            elif kind == RAW_TEXT:
                if number == TITLE and not self.page.title:
                    self.page.title = " ".join(tokens.text(start, end, True, False).split())
                elif self.json_ld:
                    text = tokens.text(start, end, False)
                    self.page.ld_types.extend(_LD_TYPE.findall(text))
                    # metadata reads JSON-LD that a payload may come from: not hidden
                    if self.payload_kind == "json-ld" and len(self.page.json_ld) < MAX_JSON_LD:
                        self.page.json_ld.append(text)
                elif (number == XMP or number == PLAINTEXT) and not self.hidden:
                    # code, or text where no code block can stand (in a heading: breaker
                    # of session 32, the text was lost), as a <pre>'s
                    self.text(tokens.text(start, end, False, False))
                if number == SCRIPT and self.payload_kind is not None:
                    self.payloads.append((self.payload_kind, start, end))
                if number == SCRIPT and self.tex_script:
                    self.write_formula(formula(tokens.text(start, end, False, False), self.tex_script == "$$"))
                self.json_ld = False
                self.payload_kind = None
                self.tex_script = ""
        while self.stack:
            self.pop()
        self.flush()
        return self.finish()

    # ------------------------------------------------------------- start tags

    def start_tag(self, name: str, index: int, flags: int) -> None:
        if self.spaced:
            # the formatting elements still active open again before the white space
            # that came before this tag, so they hold the element (reconstructs_before_space)
            self.spaced = False
            if self.active_formatting and not self.hidden and not self.in_foreign_element():
                self.reconstruct()
        bits = TAG_BITS.get(name, 0)
        if same(name, "nav"):
            self.unclosed_nav = True        # until its </nav>: </body> closes it too
            self.saw_nav = True
        contained = False                   # HTML at an integration point: see leave_foreign_content
        if (self.open_count.get("svg") or self.open_count.get("math")) and (
                name in FOREIGN_BREAKOUT or name not in FOREIGN_ROOTS and self.at_shown_foreign_object()):
            contained = self.leave_foreign_content()
        elif name in FOREIGN_ROOTS and flags & SELF_CLOSING:
            return                          # <svg/> is empty: foreign elements self-close
        # A start tag among SVG or MathML elements makes one more of them (§13.2.6.5):
        # none of "in body"'s rules apply (an SVG <td> outside a table is an element),
        # and it opens no formatting element again.
        foreign = self.in_foreign_element()
        if bits & ROOT and (self.open_count.get(name) or same(name, "head") and self.open_count.get("body")
                            or self.body_started()):
            # A second <html>, <head> or <body> is ignored (§13.2.6.4.7); a browser adds
            # its attributes to the element already open, so its page facts (a later
            # <html lang>) still count.
            if name in PAGE_FACTS and flags & HAS_ATTRIBUTES:
                self.page_fact(name, self.tokens.attributes(index))
            return
        if same(name, "frameset") and not foreign and (self.body_started() or self.open_count.get("body")):
            # so is a <frameset> once the body has begun or a <body> tag has come, which
            # sets "frameset-ok" to "not ok" (§13.2.6.4.6, §13.2.6.4.7)
            return
        if name in TABLE_ONLY and not self.open_count.get("table") and not self.open_count.get("template") and (
                not foreign):
            return                          # so is a table's part outside a table (§13.2.6.4.7, "in body")
        if same(name, "button") and self.open_count.get("button") and not foreign:
            self.close_in_scope(("button",), IN_SCOPE)  # buttons do not nest (§13.2.6.4.7)
        if (same(name, "select") or same(name, "input")) and self.open_count.get("select") and \
                not self.outside_html():
            # A <select> or <input> ends the open select ("in select", §13.2.6.4.16; and
            # as Chromium parses a select's content, whatwg/html#10557), and a <select>
            # is then ignored
            position = self.in_scope(("select",), IN_SCOPE)
            if position >= 0:
                self.pop_to(position)
                if same(name, "select"):
                    return
        if same(name, "form") and not self.outside_html():
            if not self.open_count.get("template"):
                if self.form_pointer:
                    return                  # so is a <form> while the pointer is set (§13.2.6.4.7)
                self.form_pointer = True
            if self.in_table_body():
                return                      # in a table, outside its cells, a form is closed at once
                                            # and holds nothing (§13.2.6.4.9, "in table")
        if self.hidden and name not in HEAD_CONTENT and self.open_count.get("head") and (
                self.keep_noscript or not self.open_count.get("noscript")):
            # An element that cannot be in <head> ends it (§13.2.6.4.4, "anything else"),
            # but for one in a <noscript>, whose content a browser that runs scripts
            # reads as text (§13.2.6.4.4: a raw text element), as the page is read here
            # unless its text is in <noscript> (breaker of session 31: "Please enable
            # JavaScript." in <head> was shown)
            self.close_in_scope(("head",), IN_SCOPE)
        # A foreign element ends no element: an SVG <a> inside a link leaves it open.
        implied = contained or foreign
        if self.hidden and bits & IMPLIES and not implied:
            # The end tags it implies may close the hidden element itself (<li hidden>
            # by the next <li>, a cell and the hidden form in it by <tr>): it is then
            # built as any other element.
            self.imply_end_tags(name)
            implied = True
        if bits & FORMATTING and same(name, "a") and not implied and self.open_count.get("a"):
            # A link never holds a link: the open <a> ends first (§13.2.6.4.7, "a"),
            # then the formatting elements inside it open again around the new one.
            self.imply_end_tags(name)
            implied = True
        if self.active_formatting and not foreign and name not in UNRECONSTRUCTED:
            if same(name, "a"):
                self.forget_active("a")     # a closed one still active ends too
            if not self.hidden:
                # The element opens inside the formatting elements closed but still
                # active (§13.2.6.4.7), hidden if one of them is.
                self.reconstruct()
        if bits & FORMATTING and same(name, "nobr") and self.open_count.get("nobr") and self.in_scope(
                ("nobr",), IN_SCOPE) >= 0:
            # A <nobr> ends the one open in scope, as the adoption agency does, and
            # opens inside the formatting elements that this closes (§13.2.6.4.7, "nobr")
            self.close_phrasing("nobr")
            if self.active_formatting and not self.hidden:
                self.reconstruct()
        if self.hidden:                     # inside a dropped subtree: only keep count
            attributes = None
            if flags & HAS_ATTRIBUTES:
                # a panel, or an element a reader may see (a dropped menu's): which one
                # is not known here, so a control met later shows no element of its id
                own = self.tokens.attribute(index, "id")
                self.meet_id(own)
                if own is not None and len(self.taken_ids) < MAX_IDS:
                    self.taken_ids.add(own)
                if name in HIDDEN_READS:
                    attributes = self.tokens.attributes(index)
            if attributes is not None:
                if same(name, "img"):
                    if self.lazy_image is not None and self.open_count.get("noscript"):
                        self.noscript_image(attributes)
                elif same(name, "base"):
                    self.base(attributes)
                else:
                    self.page_fact(name, attributes)
            # Payloads in hidden or dropped subtrees are never read. <head> is dropped
            # too, but the scripts that are its children are the page's own (not those
            # in a <template> or <noscript> inside it).
            self.payload_kind = (script_kind(attributes)
                                 if same(name, "script") and self.hidden == 1 and self.stack[-1].tag == "head"
                                 else None)
            self.tex_script = ""
            if self.math is not None:
                self.math_element(name, index, flags, bits)
            if not bits & VOID and not flags & SELF_CLOSING:
                # a MathML <annotation-xml> is an integration point by its encoding (push);
                # the size of a <noscript> of <head> is counted, as one in <body> is
                # (see keep_noscript: read so, its elements end <head>)
                self.push(name, NONE, INTEGRATION_POINT if same(name, "annotation-xml") and flags & HAS_ATTRIBUTES
                          and (self.tokens.attribute(index, "encoding") or "").lower() in HTML_ENCODINGS else 0, None,
                          self.offset if same(name, "noscript") and self.stack and self.stack[-1].tag == "head" else None)
            return
        attributes = self.tokens.attributes(index) if flags & HAS_ATTRIBUTES else None
        if attributes is not None and name in PAGE_FACTS:
            self.page_fact(name, attributes)
        # Judged once: the dates, the void elements and the chrome below all ask.
        marks = class_marks(attributes) if attributes is not None else 0
        hidden = attributes is not None and self.hidden_by(name, attributes, marks)
        # What hidden elements hold is no fact of the page and no payload, even where
        # their blocks are built for the selector.
        inside_hidden = self.stack and self.stack[-1].chrome & CHROME_HIDDEN
        if same(name, "script"):
            self.payload_kind = None if inside_hidden else script_kind(attributes)
            # a formula for MathJax to typeset, unless hidden (a hidden candidate's is
            # its text, as any)
            self.tex_script = "" if hidden else script_delimiter(attributes)
        elif attributes is not None and (same(name, "time") or "itemprop" in attributes) and not (
                hidden or inside_hidden):
            self.dates(name, attributes)
        if bits & IMPLIES and not implied:
            self.imply_end_tags(name)
        # What the element is in, now that the end tags it implies have closed theirs.
        around = self.stack[-1].chrome if self.stack else 0
        target = attributes is not None and self.meet(
            name, attributes, hidden or around & (CHROME_HIDDEN | CHROME_INVISIBLE), marks)
        if bits & VOID:
            if same(name, "base") and attributes:
                self.base(attributes)
            if same(name, "img") and attributes is not None and self.formula_image(attributes):
                return
            if hidden or same(name, "input") and attributes and \
                    attributes.get("type", "").strip().lower() == "hidden":
                self.drawn = False              # <img hidden>, <hr hidden>: nothing
            else:
                # an image that is a flex item: apart from a word before and after it
                # (<wbr>, <meta> and their kin draw no box)
                item = (same(name, "img") or same(name, "image")) and self.stack and \
                    self.stack[-1].flags & FLEX_CONTAINER and self.code is None
                if item and self._apart_at_edge(""):
                    self.space = True
                self.void(name, attributes)
                self.box(name)
                if item:
                    self.item_edge = True
            return
        if same(name, "noscript"):
            if not self.keep_noscript:      # its size is counted: see keep_noscript
                self.push(name, NONE, HIDDEN_ROOT, attributes, self.offset)
                return
        elif bits & DROPPED and not (self.keep_nav and same(name, "nav")):
            if same(name, "template") and self.shadow_root(attributes):
                # a shadow root is no element of the rendering: its template's attributes
                # hide nothing (newcomer of session 32: <template shadowrootmode=open
                # hidden> lost its text)
                hidden, attributes, marks = False, None, 0
            else:
                if not hidden:
                    self.box(name)
                self._drop(name, hidden, attributes)
                return
        role = ROLES.get(name, NONE)
        if role == CONTROL:
            role = self.control_role(attributes)
            if role < 0:
                if not hidden:
                    self.box(name)
                self.push(name, NONE, HIDDEN_ROOT, attributes)
                return
        frame_flags = 0
        chrome = 0
        if attributes is not None:
            chrome = self.chrome_kinds(attributes, marks)
            if hidden or chrome & CHROME_INVISIBLE:
                # Unseen: built only where its text makes blocks of its own.
                if hidden and not self.hidden_blocks or not self.hidden_candidate(name):
                    self.push(name, NONE, HIDDEN_ROOT, attributes)
                    return
                frame_flags = HIDDEN_CANDIDATE
                if hidden:
                    chrome |= CHROME_HIDDEN
                    if self.closed_panel(attributes, target, marks):
                        chrome |= CHROME_PANEL      # see push: only inside shown or panel ones
                elif self.closed_panel(attributes, target, marks):
                    # an unseen style on a panel that a control shows is its closed state,
                    # as hidden is ("visibility:hidden;height:0": an accordion's answers,
                    # 14 course descriptions of WCXB dev 0374; newcomer of session 33)
                    chrome = chrome & ~CHROME_INVISIBLE | CHROME_HIDDEN | CHROME_PANEL
            if chrome & CHROME_DIALOG and not around & CHROME_DIALOG:
                # Selection leaves a dialog out, so it is one only where its text makes
                # blocks of its own (as a hidden element is built): a popover inside a
                # paragraph, a list item or a table cell is read as part of the page.
                # A <div role=dialog> after a link's text ends that text's paragraph
                # (allbirds.com's policies in WCXB dev 0580 follow their links).
                if self.hidden_candidate(name, role not in INLINE_ROLES):
                    frame_flags |= DIALOG_ROOT
                else:
                    chrome &= ~CHROME_DIALOG
        if self.stack and self.stack[-1].flags & FLEX_CONTAINER and self.code is None:
            frame_flags |= FLEX_ITEM        # (inside code, text is verbatim: no edges)
            self.item_edge = True
        if attributes is not None and self.flex_container(attributes, marks):
            frame_flags |= FLEX_CONTAINER
        if same(name, "form"):
            chrome |= CHROME_FORM
        elif same(name, "aside") and not self.main:
            chrome |= CHROME_ASIDE
        elif same(name, "nav"):                 # only with keep_nav: see there
            chrome |= CHROME_NAV
        if bits & (SECTION | MAIN_OR_ARTICLE | PAGE_CHROME):
            if bits & PAGE_CHROME and not self.sectioning:
                chrome |= CHROME_HEADER_FOOTER
            if bits & MAIN_OR_ARTICLE:
                frame_flags |= IN_MAIN
            if bits & SECTION:
                frame_flags |= IN_SECTIONING
        if self.pre:
            if role == CODE or role == PRE:
                self.code_language(attributes)
            if name in BLOCK_ELEMENTS:
                self.new_code_line()
                frame_flags |= LINE_AFTER
            if attributes is not None and "class" in attributes and not self.line_number_starts \
                    and names_gutter(attributes["class"]) and self.at_code_line_start():
                frame_flags |= LINE_NUMBERS
                self.line_number_starts.append(len(self.pre_parts))
            self.push(name, NONE, frame_flags, attributes, None, chrome)
            return
        if role == NONE:
            self.push(name, NONE, frame_flags, attributes, None, chrome)
        elif role == MARK or role == LINK or role == CODE:
            self.push(name, role, frame_flags, attributes,
                      self.open_mark(name, role, attributes, self.stack[-1] if self.stack else None), chrome)
        elif self.heading:                  # a heading keeps its one line; blocks inside
            self.space = True               # it are separated by a space
            self.push(name, NONE, frame_flags | SPACE_AFTER, attributes, None, chrome)
        else:
            if role >= TABLE and role <= CAPTION and (self.flat_tables or (
                    role == TABLE and len(self.tables) >= MAX_TABLE_NESTING)):
                if role == TABLE:           # too deep: its rows and cells are plain blocks
                    self.flat_tables += 1
                    frame_flags |= FLAT_TABLE
                role = BLOCK
            elif (role == LIST or role == ITEM or role == QUOTE) and \
                    len(self.sinks[-1].containers) >= MAX_CONTAINERS:
                role = BLOCK                # deeper nesting would cost its depth on every line
            self.block_start(name, role, frame_flags, attributes, chrome)

    def flush_for_block(self) -> None:
        """End the paragraph before a block (a block's start, an ``<hr>``): inside a
        code element, whose span the paragraph's end closes, the emphasis elements open
        inside it mark what follows (:meth:`marks_after_code`)."""
        code = self.code
        self.flush()
        if code is not None and self.code is None:
            self.marks_after_code(code)

    def marks_after_code(self, code: Mark) -> None:
        """A block starts inside a code element, whose span its paragraph's end has
        closed (a code element around blocks is not written as code): the emphasis
        elements open inside the code element, which wrote nothing there (markup inside
        a code span is text), now mark the text that follows. ``<tt><em><div>w`` is
        ``*w*``, as ``<em><div>w`` is."""
        stack = self.stack
        lowest = max(len(stack) - SEARCH_LIMIT, 0)
        at = len(stack) - 1
        while at >= lowest and stack[at].data is not code:
            at -= 1
        if at >= lowest:
            self.marks_inside(at + 1)

    def marks_inside(self, position: int) -> None:
        """The emphasis elements open from stack ``position`` up that write no mark,
        as an element around them wrote theirs (a code span, or an alike emphasis:
        ``<i><em>``), which has now closed, mark the text that follows, unless ended
        already (INACTIVE)."""
        stack = self.stack
        for at in range(position, len(stack)):
            frame = stack[at]
            if frame.role == MARK and frame.data is None and not frame.flags & INACTIVE:
                frame.data = self.open_mark(frame.tag, MARK, frame.attributes, frame.parent)

    def control_role(self, attributes) -> int:
        """The role a ``<button>`` is built with, or -1 when it is dropped. Most buttons
        are furniture ("Add to cart", "Menu", "Filters"), but some name the content that
        a click shows. At the start of a heading or table cell a disclosure control
        (:func:`disclosure`) is that heading's or cell's text: the ARIA Accordion pattern
        puts it in a heading, and a sortable column's header is one. Elsewhere a button
        is a ``CONTROL`` whose text makes blocks of its own, kept when it ends with a
        question mark (an FAQ's question: about 1,900 main-content words of WCXB dev are
        in such buttons) or holds more than a label: see :func:`names_content`. A
        disclosure control outside a heading or cell is furniture as often as not (3
        of 4 words in such buttons on WCXB dev are not main content: menus, filters,
        share bars). Every button after text in its paragraph (it would split the
        paragraph) or in preformatted text (a "Copy" button) is dropped."""
        if self.pre or self.parts:
            return -1
        if self.heading or self.tables:
            return NONE if disclosure(attributes) else -1
        return CONTROL

    def body_started(self) -> bool:
        """Whether the page's body has begun, as a browser's parser has it implied
        without a ``<body>`` tag: text or a block has been written, or an element that
        cannot be in ``<head>`` is open (§13.2.6.4.6, "after head": anything else). Then
        a ``<body>``, ``<head>`` or ``<html>`` start tag opens no element."""
        if self.parts or self.sinks[0].blocks:
            return True
        # The open elements are counted by name, so this takes constant time however
        # deep the head's elements nest.
        count = self.open_count
        return len(self.stack) > count.get("body", 0) + sum([count.get(tag, 0) for tag in HEAD_CONTENT])

    def page_fact(self, name: str, attributes: dict[str, str]) -> None:
        """Note the page facts of :class:`webfold.block.Page`: ``<meta>`` contents (the
        first of each name), ``<link rel="canonical">``, ``<html lang>``, and whether a
        ``<script>`` holds JSON-LD."""
        page = self.page
        if name == "script":
            self.json_ld = attributes.get("type", "").strip().lower() == "application/ld+json"
        elif name == "meta":
            key = (attributes.get("property") or attributes.get("name") or attributes.get("itemprop")
                   or attributes.get("http-equiv") or "").strip().lower()
            content = attributes.get("content", "").strip()[:MAX_META_CHARS]
            if key and content and key not in page.meta and len(page.meta) < MAX_META:
                page.meta[key] = content
                if key == "og:type":
                    page.og_type = content
        elif name == "link":
            if "canonical" in attributes.get("rel", "").lower().split() and not page.canonical:
                page.canonical = attributes.get("href", "").strip()[:MAX_META_CHARS]
        elif not page.lang:
            page.lang = attributes.get("lang", "").strip()[:64]

    def dates(self, name: str, attributes: dict[str, str]) -> None:
        """Note the ``datetime`` of visible ``<time>`` elements, and microdata dates
        (``itemprop="datePublished"`` with a ``content`` or ``datetime``) as page facts."""
        value = (attributes.get("datetime") or attributes.get("content") or "").strip()[:64]
        if not value:
            return
        if name == "time" and len(self.page.times) < MAX_TIMES:
            self.page.times.append(value)
        key = attributes.get("itemprop", "").strip().lower()
        if key in ("datepublished", "datemodified"):
            self.page.meta.setdefault(key, value)

    def base(self, attributes: dict[str, str]) -> None:
        """The first ``<base href>`` sets the base, resolved against the caller's, unless
        :func:`webfold.urls.base_url` ignores it (too long, ``data:`` or ``javascript:``,
        or dropped by ``safe_links``). The document's base URL is that of
        its first ``<base href>`` wherever it stands (§2.4.1, "document base URL"), so
        links written before it resolve against it too: when some were, it is noted
        as :attr:`late_base` for a build again (:func:`webfold.pipeline.to_blocks`).
        Only an HTML element of the document counts: not one in SVG or MathML (a
        foreign element of that name), in a ``<template>``'s content (an inert
        fragment, §4.12.3) or in a ``<noscript>`` that a browser running scripts reads
        as text (:meth:`outside_html`)."""
        href = attributes.get("href")
        if self.base_seen or href is None or self.outside_html() or self.open_count.get("template"):
            return
        self.base_seen = True
        base = base_url(href, self.resolve.target)
        if base is not None:
            if self.resolved:
                self.late_base = base
            self.resolve = self.resolve.rebased(base)
            self.page.base = base
            self.destinations.clear()

    def block_start(self, name: str, role: int, flags: int, attributes, chrome: int) -> None:
        self.flush_for_block()
        data = None
        if role == BLOCK:
            if same(name, "dd"):
                self.start_description(chrome | (self.stack[-1].chrome if self.stack else 0))
        elif role == HEADING:
            self.heading = HEADING_LEVEL[name]
        elif role == LIST:
            nested = self.nested_list()
            # (a negative start, which HTML allows, CommonMark cannot write)
            start = html_integer(attributes.get("start") if attributes else None)
            number = min(start, MAX_LIST_NUMBER) if start is not None and start >= 0 else 1
            data = ListState(name == "ol", number, nested)
            sink = self.sinks[-1]
            # Two lists in a row would read as one: the second uses the other
            # delimiter ("*" for "-", ")" for "."), CommonMark §5.3.
            if not sink.containers:
                # A hidden block between them is no block: the list before is the last
                # block shown.
                previous = sink.shown
                sink.alternate = previous is not None and previous.kind == "list" and \
                    previous.md[:1].isdigit() == data.ordered and not sink.shown_alternate
                data.alternate = sink.alternate
            else:                           # in a quote or an item: the list before there
                self.place_held()           # (a held leaf between is a block between)
                data.alternate = sink.containers[-1].last_list == (data.ordered, False)
            # The list itself is a container with no prefix: its items stay one block.
            listing = Container(LIST_CONTAINER, "", False, not data.ordered or number == 1)
            listing.state = data
            self.open_container(listing)
        elif role == ITEM:
            data = self.open_item()
        elif role == QUOTE:
            self.open_container(Container(QUOTE_CONTAINER, "> "))
        elif role == PRE:
            self.pre += 1
            self.pre_parts = []
            self.line_number_starts = []
            self.pre_language, self.pre_language_rank = "", len(LANGUAGE_SOURCES)
            self.code_language(attributes)
            # a wrapper may name it by a "highlight-" or "language-" class (Sphinx's <div
            # class="highlight-python">, GitHub's "highlight-source-python", MkDocs'
            # "language-python highlight", Rouge's "language-ruby highlighter-rouge",
            # VitePress's "language-ts"), ranked below what the code names itself: the
            # three elements around the <pre>, past the parts of a table between (the
            # line-number table of Pygments: Sphinx's <div class="highlight-python"><table
            # class="highlighttable">…<td class="code"><div class="highlight"><pre>); not
            # their other classes, nor a human language's name, which a page's wrappers
            # hold as often ("lang-en": breaker on 4060fe7; "language-en": breaker of
            # session 32)
            for frame in self.language_wrappers():
                classes = frame.attributes.get("class", "") if frame.attributes else ""
                if "highlight-" in classes or "language-" in classes:
                    self.code_language({"class": " ".join(
                        token for token in classes.split() if token.startswith(("highlight-", "language-"))
                        and not _HUMAN_LANGUAGE.fullmatch(token.split("-", 1)[1]))}, True)
            hexo = self.hexo_language()
            if hexo:
                self.code_language({"data-lang": hexo}, True)
        elif role == TABLE:
            data = Table()
            self.tables.append(data)
        elif role == ROW:
            if self.tables:
                table = self.tables[-1]
                table.rows.append([])
                if self.open_count.get("thead"):
                    table.head_rows.add(len(table.rows) - 1)
        elif role == CELL or role == CAPTION or role == CONTROL:
            self.place_held()
            self.sinks.append(Sink())
        self.push(name, role, flags, attributes, data, chrome)
        if role == ITEM:
            data.frame = self.stack[-1]
        sink = self.sinks[-1]
        if sink.containers and sink.open_element is None:
            sink.open_element = self.innermost_element()     # the outermost list or quote

    def push(self, name: str, role: int, flags: int, attributes, data=None, chrome: int = 0) -> None:
        frame = Frame.__new__(Frame)        # no __init__ call: the builder's hottest allocation
        frame.tag = name
        frame.role = role
        frame.flags = flags
        frame.data = data
        frame.attributes = attributes
        parent = frame.parent = self.stack[-1] if self.stack else None
        inherited = parent.chrome if parent is not None else 0
        frame.chrome = chrome | inherited
        # A hidden element is a closed panel only if every hidden one around it is too:
        # hidden inside a panel, or a panel inside a hidden element, is unseen.
        if chrome & CHROME_HIDDEN and not (chrome & CHROME_PANEL and (
                not inherited & CHROME_HIDDEN or inherited & CHROME_PANEL)):
            frame.chrome &= ~CHROME_PANEL
        # The namespace, decided here once (§13.2.6, "tree construction dispatcher";
        # §13.2.6.5): under HTML or an integration point, <svg> and <math> are roots and
        # every other tag HTML; under any other SVG or MathML element, an element of its
        # namespace, <svg> and <math> too (in <svg>, <math><mi> is SVG: no MathML).
        # INTEGRATION_POINT in ``flags``: an <annotation-xml> of an HTML encoding.
        position = len(self.stack)
        if parent is None or parent.space is None:
            html = True
        elif parent.flags & INTEGRATION_POINT:
            # but <mglyph> and <malignmark> under a MathML text integration point
            html = not (name in MATHML_GLYPHS and same(parent.space, "math")
                        and not same(parent.tag, "annotation-xml"))
        else:
            # and <svg> under any MathML <annotation-xml>
            html = same(name, "svg") and same(parent.tag, "annotation-xml") and same(parent.space, "math")
        if html:
            frame.flags = flags & ~INTEGRATION_POINT
            if same(name, "svg") or same(name, "math"):
                frame.space = name
                frame.anchor = position
            else:
                frame.space = None
                frame.anchor = -1 if parent is None else parent.anchor if parent.space is None else position - 1
        else:
            frame.space = parent.space
            if flags & INTEGRATION_POINT and same(name, "annotation-xml") and same(parent.space, "math") or (
                    name in INTEGRATION_POINTS[parent.space]):
                frame.flags = flags | INTEGRATION_POINT
                frame.anchor = position
            else:
                frame.flags = flags & ~INTEGRATION_POINT
                # (an <mglyph> at an integration point: in the namespace of its root)
                frame.anchor = parent.parent.anchor if parent.flags & INTEGRATION_POINT else parent.anchor
        frame.serial = self.serial
        frame.token = self.token
        if name in MARKER_ELEMENTS and frame.space is None:
            # a marker on the list, after the entries there (see markers)
            frame.flags |= MARKER
            self.markers.append(frame.serial)
            if self.active_formatting:
                self.marker_parts.append((self.active_formatting, self.active_names))
                self.active_formatting = []
                self.active_names = {}
            else:
                self.marker_parts.append(None)
            if len(self.markers) > SEARCH_LIMIT:
                # what waits behind a marker this far back is forgotten (keep_active)
                self.marker_parts[len(self.markers) - SEARCH_LIMIT - 1] = None
        frame._element = None
        self.stack.append(frame)
        self.serial += 1
        self.open_count[name] = self.open_count.get(name, 0) + 1
        if flags:
            if flags & HIDDEN_ROOT:
                self.hidden += 1
                if flags & HIDDEN_FOREIGN:
                    self.hidden_foreign += 1
            if flags & IN_MAIN:
                self.main += 1
            if flags & IN_SECTIONING:
                self.sectioning += 1

    def math_element(self, name: str, index: int, flags: int, bits: int) -> None:
        """A start tag inside a shown ``<math>``: an element of the formula's TeX
        (an HTML one in an ``<mtext>`` too, given as ``""``: no MathML element, whatever
        its name). One that a reader does not see writes nothing: hidden by its
        attributes, or a dropped HTML element (a ``<script>``, an SVG root)."""
        attributes = self.tokens.attributes(index) if flags & HAS_ATTRIBUTES else None
        # Under a MathML element that is no integration point, any tag is MathML (an
        # <svg> too, §13.2.6.5); elsewhere an HTML element, or an <svg> or <math> root.
        parent = self.stack[-1]
        html = parent.space is None or bool(parent.flags & INTEGRATION_POINT)
        unseen = html and bool(bits & DROPPED) and not same(name, "math") or self.math_unseen(name, attributes)
        self.math.start(name if not html or same(name, "math") else "", attributes.get("encoding", "")
                        if attributes is not None else "", unseen)
        if bits & VOID or flags & SELF_CLOSING:
            self.math.end()                 # no end tag comes: <mspace/>, <br>

    def math_unseen(self, name: str, attributes: dict[str, str] | None) -> bool:
        """Whether the attributes of a ``<math>`` or an element in one hide its text:
        as :meth:`hidden_by` hides an HTML element's, and by any style that leaves text
        unseen (:func:`invisible`), as on a phrasing element: a formula is a part of
        its line, never a block of its own to be removed as chrome."""
        if attributes is None:
            return False
        return self.hidden_by(name, attributes, class_marks(attributes)) or leaves_text_unseen(attributes)

    def formula_image(self, attributes: dict[str, str]) -> bool:
        """Write the formula of an image of one (Wikipedia's, :func:`image_delimiter`)
        from its ``alt`` text, unless hidden by more than its ``aria-hidden``. Returns
        whether the image was a formula (with an ``alt``), and so is not an image."""
        delimiter = image_delimiter(attributes.get("class", ""))
        text = formula(attributes.get("alt", ""), delimiter == "$$") if delimiter else ""
        if not text:
            return False
        shown = {key: value for key, value in attributes.items() if key != "aria-hidden"}
        # (not when the formula was just written from MediaWiki's MathML copy, shown)
        if not self.hidden_by("img", shown, class_marks(shown)) and (
                not self.plain or self.plain[-1] != text):
            self.write_formula(text)
        return True

    def write_formula(self, text: str) -> None:
        """Write ``text``, a formula between dollar signs, into the paragraph: apart
        from a formula just before it, with which it would read as ``$$``."""
        if text and self.parts and self.parts[-1].endswith("$"):
            self.space = True
        self.writing_formula = True         # its own dollars delimit it: not tracked
        self.text(text)
        self.writing_formula = False
        self.has_formula = self.has_formula or bool(text)

    def hidden_by(self, name: str, attributes: dict[str, str], marks: int) -> bool:
        """True when the element's attributes hide it: ``hidden``, ``aria-hidden``, a
        screen-reader-only class on an element that is not a phrasing one
        (``tables.SCREEN_READER_ONLY``), an inline ``display:none``, or, on a phrasing
        or other inline element (``tables.INLINE_ELEMENTS``), an inline style that
        leaves its text unseen (:func:`invisible`). The
        root elements are never hidden (``<body style="display:none">`` is an
        anti-flash pattern). The ``style`` attribute is written back as CSS reads it.
        ``marks``: the element's :func:`class_marks`."""
        style = attributes.get("style")
        if style:
            # read once, as CSS reads it: chrome_kinds, note_control and closed_panel use it
            style = attributes["style"] = read_style(style)
        if name == "html" or name == "body":
            return False
        if "hidden" in attributes and not REACT_SEGMENT.match(attributes.get("id", "")):
            return True
        if attributes.get("aria-hidden", "").strip().lower() == "true":
            return True
        # A phrasing element's screen-reader copy is often the only one a converter can
        # read: the visible one is marked aria-hidden (a price, a star rating).
        if name not in PHRASING_ELEMENTS and marks & MARK_SCREEN_READER:
            return True
        if not style:
            return False
        if declares_display(style) and DISPLAY_NONE.search(style) is not None:
            return True
        # Unseen text inside a block cannot be removed as a block of chrome: a phrasing
        # element with such a style is hidden outright.
        return name in INLINE_ELEMENTS and invisible(style, True)

    def flex_container(self, attributes: dict[str, str], marks: int) -> bool:
        """Whether an element is a flex or grid container (``tables.FLEX_DISPLAYS``),
        by its inline ``display`` (as :meth:`hidden_by` has written the style back, the
        cascade within it applied) or its display utility class (:func:`class_display`):
        the inline style wins over a class unless the class's rule is ``!important`` and
        the style's is not (CSS Cascade 4 §6.4). Each child element of one is a box of
        its own (CSS Display 3 §2.7: flex and grid items are blockified), which a
        browser's ``innerText`` sets apart with line breaks (WHATWG HTML, "rendered text
        collection steps": a required line break at the start and end of a block-level
        box), so words either side of its edges are set apart (:meth:`text`): a facet's
        name and its count (``<label>Actuators</label><span>168</span>`` in a ``<div
        class="flex justify-between">``), a rating and its reviews. ``marks``: the
        element's :func:`class_marks`."""
        by_class = class_display(attributes.get("class", "")) if marks & MARK_DISPLAY else None
        style = attributes.get("style")
        if style and declares_display(style):
            declared = DISPLAY.search(style)
            if declared is not None and (by_class is None or not by_class[0][0] or declared.group(2)):
                return " ".join(sorted(declared.group(1).lower().split())) in FLEX_DISPLAYS
        return by_class is not None and by_class[1]

    def meet(self, name: str, attributes: dict[str, str], unseen: bool, marks: int) -> bool:
        """Note what an element tells :meth:`closed_panel`, and whether it is the first
        element of an id after a control that names it (the one a click shows). Not
        always the first of its id in the page, as ``getElementById`` finds it: pages
        repeat ids, and an accordion's script shows the panel beside its control (a
        WCXB dev page's hidden menu held the ids of its FAQ's answers: newcomer of
        session 33). But never a later one of the id of a shown element met before the
        control, whose state a click changes instead: hidden text would show that no
        reader sees (breaker of session 33). Each control that names an id shows the
        next hidden one, as each question of a FAQ its own answer. ``unseen``: it is hidden,
        or inside a hidden element or one of an unseen style, so it is no control.
        ``marks``: the element's :func:`class_marks`."""
        own = attributes.get("id")
        target = self.meet_id(own)
        if own is not None and not unseen and len(self.taken_ids) < MAX_IDS:
            self.taken_ids.add(own)
        if not unseen:
            self.note_control(name, attributes, marks)
        return target

    def meet_id(self, own: str | None) -> bool:
        """Whether an element of this id (None: it has none) is the first since a
        control named it."""
        if own is None or own not in self.controlled:
            return False
        self.controlled.discard(own)
        return True

    def note_control(self, name: str, attributes: dict[str, str], marks: int) -> None:
        """Remember the ids that a shown control names in ``aria-controls`` (at most
        :data:`MAX_CONTROLLED`), and whether a tab was seen.
        A control is an element of ``tables.CONTROL_ELEMENTS`` or ``CONTROL_ROLES``
        that a reader can see: not ``<input type=hidden>``, not screen-reader-only,
        without an unseen inline style (nor ``opacity:0`` or ``font-size:0``)."""
        role = aria_role(attributes)
        names = attributes.get("aria-controls")
        if role != "tab" and names is None:
            return
        if name not in CONTROL_ELEMENTS and role not in CONTROL_ROLES:
            return
        style = attributes.get("style")      # as CSS reads it: see hidden_by
        if (name == "input" and attributes.get("type", "").strip().lower() == "hidden"
                or style and invisible(style, True) or marks & MARK_SCREEN_READER):
            return
        if role == "tab":
            self.saw_tab = True
        if names is None or len(self.taken_ids) >= MAX_IDS:
            return                          # (past MAX_IDS, what a click shows is unknown)
        room = MAX_CONTROLLED - len(self.controlled)
        taken = self.taken_ids              # (a shown control that names itself is taken)
        named = (part for part in _ID_SEPARATORS.split(names) if part and part not in taken)
        self.controlled.update(islice(named, max(room, 0)))

    def closed_panel(self, attributes: dict[str, str], target: bool, marks: int) -> bool:
        """Whether a hidden element is a closed panel that one click on the page shows:
        the first element of an id after a shown control that names it in
        ``aria-controls`` (``target``, from :meth:`meet`: the WAI-ARIA 1.2 disclosure,
        accordion and tabs patterns), a tab panel (``role="tabpanel"``) on a page with
        a shown tab, or an element in the hidden-until-found state (WHATWG HTML §6.1:
        find-in-page shows it) that no inline ``display:none`` hides. A
        screen-reader-only one is never shown. Product pages keep their descriptions
        and specifications in such tabs and accordions: WCXB's annotators count them
        as content, as Webfold counts the body of a closed ``<details>``."""
        if marks & MARK_SCREEN_READER:
            return False
        if target:
            return True
        if self.saw_tab and aria_role(attributes) == "tabpanel":
            return True
        # hidden is an enumerated attribute: its keywords match ASCII case-insensitively
        # and unstripped (§2.3.3).
        if attributes.get("hidden", "").lower() == "until-found":
            style = attributes.get("style")      # as CSS reads it: see hidden_by
            return not (style and DISPLAY_NONE.search(style))
        return False

    def hidden_candidate(self, name: str, starts_block: bool = False) -> bool:
        """Whether a hidden element is built as chrome (``CHROME_HIDDEN``) rather than
        dropped: when its text can only make blocks of its own, away from any visible
        text. The selector may keep such blocks (tabs, accordions and deferred sections
        that scripts show: about 6% of the main-content words of WCXB's product
        pages), and the drop rules remove them (:func:`without_chrome`). A phrasing
        element, or one inside a paragraph, list, quote, table, heading or
        preformatted text, would put its text into a visible block: it is dropped.
        ``starts_block``: the element is shown, and its start ends the paragraph
        before it (an element of a block role, as a dialog may be)."""
        if name in PHRASING_ELEMENTS or self.heading or self.pre or self.tables or len(self.sinks) > 1:
            return False
        # With text before it in the paragraph, a hidden element would end that
        # paragraph, and a hidden element never changes what readers see.
        return not self.sinks[0].containers and (starts_block or not self.parts)

    def chrome_kinds(self, attributes: dict[str, str], marks: int) -> int:
        """The chrome kinds an element's attributes give it (``block.CHROME_*``): a
        class or id token of consent, ad or newsletter chrome (``tables.CHROME_TOKENS``),
        an inline style that leaves its text unseen (:func:`invisible`), or a dialog: a
        dialog role (``tables.DIALOG_ROLES``, read by :func:`aria_role`), ``aria-modal="true"``,
        or a ``popover`` attribute of any value (WHATWG HTML §6.12, shown on top of the
        page when opened).
        Blocks of the first two kinds are removed unless that would take most of the
        page's text: a token can be misread (Adobe's components are all ``cmp-*``), and
        whole pages are wrapped in ``visibility:hidden`` until their scripts run.
        Dialogs are left to main-content selection (``select.choose``), and only where
        their text makes blocks of its own (see :meth:`start_tag`)."""
        kinds = CHROME_CLASS if marks & MARK_CHROME else 0
        # Membership tests first: most elements have none of the three attributes.
        if "role" in attributes and aria_role(attributes) in DIALOG_ROLES:
            kinds |= CHROME_DIALOG
        if "popover" in attributes or "aria-modal" in attributes and \
                attributes["aria-modal"].strip(" \t\n\f\r").lower() == "true":
            kinds |= CHROME_DIALOG
        style = attributes.get("style")
        if style and invisible(style, False):
            kinds |= CHROME_INVISIBLE
        return kinds

    def imply_end_tags(self, name: str) -> None:
        """Close the elements a start tag ends by the HTML standard's rules (optional end
        tags, §13.1.2.4; the "in body" and "in table" insertion modes, §13.2.6.4)."""
        count = self.open_count
        if name in P_CLOSERS and count.get("p"):
            self.close_in_scope(("p",), IN_BUTTON_SCOPE)
        if same(name, "li"):
            if count.get("li"):
                self.close_in_scope(("li",), LIST_ITEM_STOP)
        elif same(name, "dd") or same(name, "dt"):
            if count.get("dd") or count.get("dt"):
                self.close_in_scope(("dd", "dt"), LIST_ITEM_STOP)
        elif name in HEADING_LEVEL:
            if self.stack and self.stack[-1].tag in HEADING_LEVEL:
                self.pop()
        elif name in TABLE_PARTS or name in TABLE_COLUMNS:
            if not same(name, "table") and (count.get("td") or count.get("th")):
                self.close_in_scope(("td", "th"), IN_TABLE_SCOPE)
            if not same(name, "table") and not same(name, "td") and not same(name, "th") and count.get("tr"):
                self.close_in_scope(("tr",), IN_TABLE_SCOPE)
            if name in ("tbody", "thead", "tfoot") or name in TABLE_COLUMNS:
                self.close_in_scope(("tbody", "thead", "tfoot"), IN_TABLE_SCOPE)
            if not same(name, "table") and count.get("caption"):
                self.close_in_scope(("caption",), IN_TABLE_SCOPE)
            if not same(name, "table") and not same(name, "col") and count.get("colgroup"):
                self.close_in_scope(("colgroup",), IN_TABLE_SCOPE)
            if count.get("table"):
                if same(name, "table") and self.in_table_body():
                    # a table in a table's own content (not in a cell) ends it first
                    # (§13.2.6.4.9, "in table": a start tag "table")
                    self.close_in_scope(("table",), IN_TABLE_SCOPE)
                else:
                    self.clear_to_table_context()
        elif name in RUBY_PARTS:
            # "generate implied end tags" (for <rt> and <rp> except an <rtc>) while a
            # <ruby> is in scope
            if count.get("ruby") and self.in_scope(("ruby",), IN_SCOPE) >= 0:
                spared = "rtc" if same(name, "rt") or same(name, "rp") else ""
                while self.stack and self.stack[-1].tag in IMPLIED_END_TAGS and self.stack[-1].tag != spared:
                    self.pop()
        elif same(name, "option") or same(name, "optgroup"):
            if self.stack and self.stack[-1].tag == "option":
                self.pop()
        elif same(name, "a") and count.get("a"):
            # A link never holds a link: the open <a> ends first, and the formatting
            # elements inside it open again (§13.2.6.4.7, "a").
            if not self.close_phrasing("a"):
                for mark in self.marks:
                    if mark.link is not None:
                        self.close_mark(mark)
                        break

    def clear_to_table_context(self) -> None:
        """Before a table's row, cell, row group, caption, column or table: "clear the stack
        back to a table context" (§13.2.6.4.9, 13, 14): close what the table's own
        insertion modes opened above its nearest table element, row group or row (a
        ``<span>``, or the formatting elements that text or a start tag there opened
        again, all of which a browser foster-parents before the table), so that none
        holds the cells. The formatting elements among them stay active, as the end of
        a block leaves them (close_in_scope): not inside the cells (markers), after the
        table."""
        position = self.in_scope(TABLE_MODES, TABLE_MODE_ENDS)
        if position >= 0:
            self.pop_to(position + 1)

    def in_scope(self, names: tuple[str, ...], boundaries: frozenset[str], top: int = -1,
                 limit: int = SEARCH_LIMIT) -> int:
        """The stack position of the nearest open element named in ``names``, or -1
        when an element in ``boundaries`` comes first (or none is open within
        ``limit`` frames). The search starts at the current node, or at stack position
        ``top`` when it is given. An SVG or MathML element is never one of ``names``'
        HTML elements; integration points bound every scope but the table scope
        (§13.2.4.2), and so do SVG and MathML roots: a start tag among their elements
        makes one more of them, and ends no HTML element."""
        stack = self.stack
        start = len(stack) - 1 if top < 0 else min(top, len(stack) - 1)
        lowest = max(start + 1 - limit, 0)
        for position in range(start, lowest - 1, -1):
            frame = stack[position]
            if frame.space is not None:
                if (frame.anchor == position) and boundaries is not IN_TABLE_SCOPE:
                    return -1
                continue
            if frame.tag in names:
                return position
            if frame.tag in boundaries:
                return -1
        return -1

    def close_in_scope(self, names: tuple[str, ...], boundaries: frozenset[str]) -> bool:
        """Pop up to and including the nearest open element named in ``names``, unless
        an element in ``boundaries`` comes first. Returns whether one was closed.

        The formatting elements it closes stay on the list of active formatting
        elements (§13.2.4.3: only a formatting element's own end tag, the adoption
        agency, takes them off), so the next text opens them again (reconstruct):
        ``<p><b>x</p><p>y`` is ``<p><b>x</b></p><p><b>y</b></p>`` to a browser. Those
        inside a marker element it closes (a cell) leave the list with it."""
        position = self.in_scope(names, boundaries)
        if position < 0:
            return False
        self.pop_to(position)
        return True

    def pop_to(self, position: int) -> None:
        """Pop the open elements from stack position ``position`` up (none when it is
        past the current node). The formatting elements among them stay on the list of
        active formatting elements (:meth:`keep_active`), but not those after the last
        marker when a cell, caption, template or select among them closes: "clear the
        list of active formatting elements up to the last marker" (§13.2.4.3) takes
        them off (:meth:`pop`)."""
        stack = self.stack
        closed = []
        while len(stack) > position:
            frame = stack[-1]
            if frame.flags & MARKER:
                if closed:                  # on the list before its end clears it
                    closed.reverse()
                    self.keep_active(closed)
                    closed = []
            elif frame.tag in FORMATTING_ELEMENTS and not frame.flags & INACTIVE and frame.space is None:
                closed.append(frame)
            self.pop()
        if closed:
            closed.reverse()
            self.keep_active(closed)

    def keep_active(self, closed: list[Frame]) -> None:
        """Put formatting elements just closed, in the order they opened, on the list
        of active formatting elements, to open again at the next text or start tag
        (:meth:`reconstruct`): each where it opened, among the entries and markers by
        ``Frame.serial``. Mostly that is the end of ``active_formatting``; one that
        opened before a marker still on the list (a <b> around an <object> that a
        table's end closes with it) goes before that marker, and waits behind it
        (``marker_parts``). Each part between markers holds the last
        :data:`SEARCH_LIMIT` (a page that closes more at once than that opens the
        outermost no more), those more than :data:`SEARCH_LIMIT` markers back are
        forgotten (so that stray markers, each an <object> closed by a table's end,
        keep no more than that many parts), and none is kept once the budget is spent."""
        if self.reopen_budget < 0:
            return
        markers = self.markers
        for frame in closed:
            if not markers or frame.serial > markers[-1]:
                active = self.active_formatting
                names = self.active_names
            else:
                # the part before the first marker that opened after it
                at = len(markers) - 1
                lowest = max(len(markers) - SEARCH_LIMIT, 0)
                while at > lowest and markers[at - 1] > frame.serial:
                    at -= 1
                if at > 0 and markers[at - 1] > frame.serial:
                    continue                # too far back: forgotten
                part = self.marker_parts[at]
                if part is None:
                    part = self.marker_parts[at] = ([], {})
                active, names = part
            at = len(active)
            while at > 0 and active[at - 1].serial > frame.serial:
                at -= 1
            active.insert(at, frame)
            names[frame.tag] = names.get(frame.tag, 0) + 1
            if len(active) > SEARCH_LIMIT:
                names[active[0].tag] -= 1
                del active[0]

    def clear_to_last_marker(self) -> None:
        """"Clear the list of active formatting elements up to the last marker"
        (§13.2.4.3): the entries after the last marker leave the list, and it too; those
        before it are ``active_formatting`` again. With no marker, all leave."""
        part = None
        if self.markers:
            self.markers.pop()
            part = self.marker_parts.pop()
        if part is not None:
            self.active_formatting, self.active_names = part
        elif self.active_formatting:
            self.active_formatting = []
            self.active_names = {}

    def marker_closed(self, frame: Frame) -> None:
        """A ``MARKER`` element closes (:meth:`pop`). A cell, caption or template clears
        the list up to the last marker, as its end does (§13.2.6.4.15, "close the cell";
        "in caption"; "in template"), which is its own but for a marker left inside it
        (below). A <select> gives back the list as it was when it opened: nothing in
        it changes the list (§13.2.6.4.16). An <applet>, <marquee> or <object> leaves
        its marker on the list unless its own end tag closes it (:meth:`end_tag`):
        closed by a table's end or row (foster-parented), or by a cell's end around
        it, it stays there, and what was active before it does not open again after
        it, as in a browser."""
        tag = frame.tag
        if tag in MARKER_ENDS:
            return
        if same(tag, "select"):
            # its own marker, if still there, and those put inside it
            while self.markers and self.markers[-1] >= frame.serial:
                self.clear_to_last_marker()
            return
        self.clear_to_last_marker()

    def reconstruct(self) -> None:
        """Before text or a start tag not in :data:`UNRECONSTRUCTED`: "reconstruct the
        active formatting elements" (§13.2.4.3), opening again, in order, those closed
        but still on the list (``active_formatting``), by running :meth:`start_tag` on
        their own start tags (``Frame.token``), so hidden state and attributes are the
        element's own: a ``<b hidden>`` so opened hides what follows, as in a browser.
        Of elements alike (tag and the attributes Webfold reads) only the last
        :data:`NOAHS_ARK` open again. Each start tag read spends ``reopen_budget`` (see
        :meth:`close_phrasing`); none is read once it is spent."""
        closed = self.active_formatting
        self.active_formatting = []         # the copies' start tags reconstruct nothing
        self.spaced = False
        self.active_names = {}
        if self.reopen_budget < 0:
            return                          # over budget
        tokens = self.tokens
        token = self.token                  # the tag being read, after the copies' own
        alike: dict[tuple, int] = {}
        reopened = []
        for frame in reversed(closed):
            self.reopen_budget -= 1 + tokens.attribute_count(frame.token)
            flags = tokens[frame.token][4]
            key = (frame.tag, frozenset(tokens.attributes(frame.token).items())
                   if flags & HAS_ATTRIBUTES else None)
            alike[key] = alike.get(key, 0) + 1
            if alike[key] <= NOAHS_ARK:
                reopened.append((frame, flags))
        for frame, flags in reversed(reopened):
            self.token = frame.token        # the copy's own start tag (Frame.token)
            self.start_tag(frame.tag, frame.token, flags)
        # The start tag before which the copies open is read next: its frame records
        # its own start tag, not the last copy's (whose attributes a copy of it would
        # then take: a <b hidden>'s hid it, a <b href>'s linked it)
        self.token = token

    def reconstructs_before_space(self) -> bool:
        """White space while formatting elements closed but still active wait on the
        list: whether a browser opens them again before it ("in body", §13.2.6.4.7,
        as for any character; not in SVG or MathML content, §13.2.6.5, nor as a
        table's own text, §13.2.6.4.10). The builder opens them at the next start tag
        instead (:meth:`start_tag`), or at the next text, unless an end tag closes an
        element first (which would have closed them): so they hold the blocks that
        follow, as in a browser, and a code element among them is not written as code
        there (``<p><code>x</p>\n<div>y</div>``: ``y`` is plain, as in
        ``<code><div>y</div></code>``)."""
        stack = self.stack
        return not stack or not self.in_foreign_element() and stack[-1].tag not in TABLE_WHITE_SPACE

    def forget_active(self, name: str) -> bool:
        """The end of a formatting element ``name`` (its end tag, or an ``<a>`` start
        tag for ``"a"``) when the last one on the list of active formatting elements is
        closed already (in ``active_formatting``): the adoption agency takes it off the
        list and does nothing else (§13.2.6.4.7, step 4: "not in the stack of open
        elements"). ``<p><b>x</p></b><p>y``: "y" is not bold. Returns whether it did."""
        if not self.active_names.get(name):
            return False                    # none of that name: no search (a stray end tag)
        active = self.active_formatting
        at = len(active) - 1
        while at >= 0 and not same(active[at].tag, name):
            at -= 1
        if at < 0:
            return False
        if self.open_count.get(name):
            # the nearest open one, wherever it is (in_scope would stop at SVG and MathML)
            stack = self.stack
            position = len(stack) - 1
            lowest = max(position + 1 - SEARCH_LIMIT, 0)
            while position >= lowest and not same(stack[position].tag, name):
                position -= 1
            if position >= lowest and stack[position].serial > active[at].serial:
                return False                # the open one came later: it is the last
        del active[at]
        self.active_names[name] -= 1
        return True

    # --------------------------------------------------------------- end tags

    def leave_foreign_content(self) -> bool:
        """An HTML start tag (or ``</p>``, ``</br>``) in foreign content (§13.2.6.5).

        While an SVG or MathML root hidden by its attributes, or a shown ``<math>``
        (whose text is kept, :class:`webfold.mathml.MathText`), is open, as the
        standard says: close foreign elements until the current node is an HTML element
        or an integration point (``<foreignObject>``, ``<desc>``, ``<mi>``…), under which
        HTML stays in the root. Otherwise close every open SVG element: the builder
        drops them whole, and the HTML in a shown one is text a reader sees.

        Nothing is closed when the current node is HTML (in an integration point).
        Returns whether the tag stays in an integration point (of a hidden root): it is
        then HTML inside it, and the end tags it implies stop there (integration points
        are special elements, §13.2.4.2), so they close nothing outside the SVG."""
        stack = self.stack
        if stack[-1].space is None:
            # HTML is the current node (in an integration point): the tag is HTML
            # there, as any other (§13.2.6: the dispatcher), and leaves nothing
            return False
        kind, position = self.namespace_point()
        at_point = kind == "integration" and position == len(stack) - 1
        seen = False                        # a <foreignObject> that a reader sees
        if at_point and same(stack[-1].tag, "foreignobject"):
            seen = self.at_shown_foreign_object()
            if not seen:
                return True                 # HTML in an unseen <foreignObject> stays there
        if not self.hidden_foreign and self.math is None:
            # The outermost root: below each root or integration point, what holds
            # it, but not past HTML open in an integration point (what it holds, a
            # <section hidden>'s text, stays in it).
            outermost = len(stack)
            while position >= 0:
                if not stack[position].flags & INTEGRATION_POINT:
                    outermost = position
                if position == 0 or stack[position - 1].space is None:
                    break
                position = stack[position - 1].anchor
            while len(stack) > outermost:
                self.pop()
            self.space = True               # in a box of its own: no word runs into the last
            self.left_svg = True
            # HTML in a seen <foreignObject> is where the SVG was, and implies end tags
            # as there (a <td>'s); in another integration point, it stays in a box of
            # the SVG, hidden around it or not drawn, and ends nothing outside it.
            return at_point and not seen
        # A hidden root, or a <math> whose text is kept, is left as the standard says,
        # one at a time: an <mglyph> above a MathML <mi> is foreign, and the <mi> not
        while self.in_foreign_element():
            self.pop()
        return at_point

    def at_shown_foreign_object(self) -> bool:
        """Whether the current node is a ``<foreignObject>`` that a reader sees: in SVG
        that nothing around hides (no hidden element and no dropped one: the root is
        the only element hiding what it holds), reached through drawn SVG elements
        only (:data:`DRAWN_SVG`: not ``<defs>``, ``<mask>``, ``<text>``…) or through
        another such ``<foreignObject>``, none of them hidden by its attributes
        (:meth:`hidden_by`, SVG's ``display`` and ``visibility``). A browser lays out
        the HTML there (§13.2.6.5: it is an integration point) and shows it; the
        builder, which drops SVG whole, builds it outside the SVG instead (see
        :meth:`leave_foreign_content`), so its hidden elements stay hidden and the rest
        is seen. The attributes are read from the elements' start tags only here (the
        path of hidden elements reads none), once an element: each SVG element keeps
        the answer for itself and those below it (FOREIGN_SEEN, FOREIGN_UNSEEN)."""
        stack = self.stack
        top = len(stack) - 1
        point = stack[top]
        if not point.flags & INTEGRATION_POINT or not same(point.tag, "foreignobject") or self.hidden_foreign:
            return False
        # the undecided SVG elements, from the <foreignObject> down to a decided one
        # or to the outermost root, whose holder must be shown HTML
        undecided = []
        position = top
        seen = False
        while position >= 0 and top - position < SEARCH_LIMIT:
            frame = stack[position]
            if frame.flags & (FOREIGN_SEEN | FOREIGN_UNSEEN):
                seen = not frame.flags & FOREIGN_UNSEEN
                break
            undecided.append(frame)
            if frame.anchor == position and frame.space is not None and not frame.flags & INTEGRATION_POINT:
                # a root: shown HTML below it (the root alone hides), or a shown
                # <foreignObject> of an SVG around it
                below = stack[position - 1] if position else None
                if below is None or below.space is None:
                    seen = bool(frame.flags & HIDDEN_ROOT) and self.hidden == 1
                    break
                if not (below.flags & INTEGRATION_POINT and same(below.tag, "foreignobject")):
                    break                   # (in a <desc> or <mi>: not drawn, or MathML)
            elif not frame.flags & INTEGRATION_POINT and frame.tag not in DRAWN_SVG:
                break
            position -= 1
        tokens = self.tokens
        for frame in reversed(undecided):
            if seen and not frame.chrome & (CHROME_HIDDEN | CHROME_INVISIBLE) and tokens[frame.token][4] & HAS_ATTRIBUTES:
                attributes = tokens.attributes(frame.token)
                seen = not (self.hidden_by(frame.tag, attributes, class_marks(attributes))
                            or attributes.get("display", "").strip().lower() == "none"
                            or attributes.get("visibility", "").strip().lower() in ("hidden", "collapse")
                            or invisible(attributes.get("style", ""), False))
            elif frame.chrome & (CHROME_HIDDEN | CHROME_INVISIBLE):
                seen = False
            frame.flags |= FOREIGN_SEEN if seen else FOREIGN_UNSEEN
        return seen

    def in_table_body(self) -> bool:
        """Whether the insertion mode is one of a table's own ("in table", "in table
        body", "in row", "in column group"; §13.2.6.4.9-14): the nearest open element
        of a table, or of what ends one, is the table, a row group, a row or a column
        group. An element that table content opened there (a <span> in a row, which
        browsers foster-parent, §13.2.6.1) does not change the mode."""
        return self.in_scope(TABLE_MODES, TABLE_MODE_ENDS) >= 0

    def in_foreign_element(self) -> bool:
        """Whether the current node is an SVG or MathML element other than an
        integration point: a start tag or text here makes a foreign element or text
        (§13.2.6.5), which implies no end tags and reconstructs no formatting elements."""
        stack = self.stack
        return bool(stack) and stack[-1].space is not None and not stack[-1].flags & INTEGRATION_POINT

    def outside_html(self) -> bool:
        """Whether a start tag here makes no HTML element of the page: in SVG or MathML
        content outside an integration point (a foreign element, §13.2.6.5), or in a
        dropped <noscript>, whose content is raw text to a browser that runs scripts
        (§13.2.6.4.4)."""
        if self.open_count.get("noscript") and not self.keep_noscript:
            return True
        if self.open_count.get("svg") or self.open_count.get("math"):
            return self.namespace_point()[0] == "foreign"
        return False

    def namespace_point(self) -> tuple:
        """What decides the current node's namespace: ``("foreign", i)``, the innermost
        SVG or MathML root at stack position ``i`` (the current node is a foreign
        element); ``("integration", i)``, an integration point of that root's
        namespace at ``i`` (the current node is it, or HTML inside it); or
        ``("html", -1)``, outside them (each frame knows: see :meth:`push`)."""
        stack = self.stack
        if not stack:
            return "html", -1
        frame = stack[-1]
        if frame.anchor < 0:
            return "html", -1
        point = stack[frame.anchor]
        return ("integration" if point.flags & INTEGRATION_POINT else "foreign"), frame.anchor

    def end_tag(self, name: str) -> None:
        if self.left_svg and name in SVG_BOXES and not self.open_count.get("svg"):
            # The end of an SVG left early (leave_foreign_content), or of one of its
            # boxes after it, read as HTML: a <foreignObject> or <text> is laid out
            # apart from the next, whose words do not run into its own.
            self.space = True
        if same(name, "nav") and self.open_count.get("nav") == 1:
            self.unclosed_nav = False
        if (same(name, "p") or same(name, "br")) and (self.open_count.get("svg") or self.open_count.get("math")):
            self.leave_foreign_content()
        if same(name, "br"):                    # "</br>" is a <br> (§13.2.6.4.7)
            if not self.hidden:
                self.void("br", None)
            return
        if same(name, "body") or same(name, "html"):
            # "</body>" and "</html>" close nothing (§13.2.6.4.7): what follows is
            # parsed in the elements still open, a hidden one included.
            return
        if self.active_formatting and name in FORMATTING_ELEMENTS and self.forget_active(name):
            return
        if name in FOREIGN_ROOTS and (self.open_count.get("svg") or self.open_count.get("math")):
            kind, position = self.namespace_point()
            if kind == "integration" and position < len(self.stack) - 1:
                # HTML is the current node: "any other end tag" stops at it or at the
                # integration point, both special (§13.2.6.4.7), so </svg> closes
                # nothing in a hidden root, nor in a <math> whose text is kept. A shown
                # SVG, which the builder drops whole, it closes when it holds the
                # integration point: the text after it is then seen, as browsers show
                # most of what is there (HTML in a <foreignObject>), where it would be lost.
                root = self.stack[position - 1].anchor
                if root >= 0 and same(self.stack[root].tag, name) and not self.stack[root].flags & HIDDEN_FOREIGN \
                        and self.math is None:
                    while len(self.stack) > root:
                        self.pop()
                return
        if same(name, "form") and not self.open_count.get("template"):
            if not self.form_pointer:
                return                      # no form to close: ignored (§13.2.6.4.7)
            self.form_pointer = False
        stack = self.stack
        if stack and stack[-1].tag == name:
            marker = stack[-1].flags & MARKER
            self.pop()                      # the common case: it closes the current element
            if marker and name in MARKER_ENDS:
                self.clear_to_last_marker()     # (§13.2.6.4.7, "applet", "marquee", "object")
            return
        if (self.open_count.get("svg") or self.open_count.get("math")) and self.end_in_foreign_content(name):
            return
        if name in HEADING_LEVEL:
            # Any heading end tag closes the open heading in scope (§13.2.6.4.7); the
            # counts first, so that stray ones never search the stack.
            if self.heading_open():
                self.close_in_scope(HEADINGS, IN_SCOPE)
            return
        if same(name, "form") and self.open_count.get("form") and self.remove_form():
            return
        if not self.open_count.get(name):
            if same(name, "p") and not self.hidden:
                self.flush_for_block()      # "</p>" with no open p: an empty paragraph
            return
        if name not in SPECIAL_ELEMENTS:
            self.close_phrasing(name)
            return
        if name in MARKER_ENDS:
            # its end tag takes the marker off the list, with what follows it
            position = self.in_scope((name,), IN_SCOPE)
            if position >= 0:
                marker = stack[position].flags & MARKER
                self.pop_to(position)
                if marker:
                    self.clear_to_last_marker()
            return
        self.close_in_scope((name,), end_tag_scope(name))

    def end_in_foreign_content(self, name: str) -> bool:
        """End tag ``name`` while the current node is an SVG or MathML element
        (§13.2.6.5, "any other end tag"): the nearest of the foreign elements above
        the HTML below them that has that name closes, with those above it. An end
        tag that names none of them is one for the HTML below them ("in body"): where
        it closes an element there, the foreign elements close first
        (``<div><svg></div>y``: ``y`` follows the ``<div>``, and is seen); where it
        closes none, it is ignored and they stay open. Returns whether the end tag is
        done with (else the caller closes the HTML element, the foreign ones being
        closed). Both searches together look at most :data:`SEARCH_LIMIT` frames down;
        past them, the end tag is ignored."""
        if not self.open_count.get(name):
            return False                    # it names nothing open: ignored either way
        stack = self.stack
        top = len(stack) - 1
        if stack[top].space is None:
            return False                    # HTML is the current node: read as HTML
        lowest = max(top + 1 - SEARCH_LIMIT, 0)
        position = top
        bounded = False
        while position >= lowest:
            frame = stack[position]
            if frame.space is None:
                break
            if same(frame.tag, name):
                while len(stack) > position:
                    self.pop()
                return True
            # (MathML's <annotation-xml> is special whatever its encoding, §13.2.4.2)
            bounded = bounded or frame.flags & INTEGRATION_POINT or (
                same(frame.tag, "annotation-xml") and same(frame.space, "math"))
            position -= 1
        # position: the HTML element below them (-1: none). The scope of "in body"
        # starts at the current node: an integration point among them bounds it but
        # for a table's end tags (§13.2.4.2).
        if position < lowest or bounded and name not in TABLE_PARTS or self.in_scope(
                (name,), end_tag_scope(name), position, position + 1 - lowest) < 0:
            return True
        while len(stack) > position + 1:
            self.pop()
        return False

    def close_phrasing(self, name: str) -> bool:
        """End tag ``name`` of an element that is not special, or the end that an
        ``<a>`` start tag gives an open ``<a>``: close the nearest open ``name`` unless
        a special element comes first, and return whether one was ("any other end tag", and the
        adoption agency algorithm where no special element is open inside the formatting
        element; WHATWG HTML §13.2.6.4.7). The formatting elements
        (``tables.FORMATTING_ELEMENTS``) it closes on the way stay on the list of
        active formatting elements (:meth:`keep_active`) and open again, in order, at
        the next text or start tag, as a browser's "reconstruct the active formatting
        elements" does (§13.2.4.3): in ``<a>li<b>nk</a> more</b>`` " more" is bold, and
        in ``<b><a></b><div>x</a>y`` the link opens again inside the ``<div>``, which
        its end tag then closes. Of elements alike (tag and the attributes Webfold
        reads) only the last :data:`NOAHS_ARK` open again. The search stops at
        :data:`SEARCH_LIMIT` frames, so one end tag closes fewer than that many, and
        none opens again once the start tags read to open them again weigh as much as
        the page's tokens and attributes (a tag weighs 1, and 1 an attribute: each is
        read whole, those Webfold ignores too). A hostile page (spans, then hundreds of
        ``<b>`` of distinct ids, or one of 40,000 attributes, then a ``</span>`` for
        each span) costs at most about twice its reading, where browsers open them all
        again each time (0.09 s for such a page of 1 MB that took 4.3 s when the budget
        counted tags without their attributes).

        With a special element open inside the nearest ``name`` in scope, the builder
        does what the adoption agency, which moves that block out of it, does for the
        text that follows: the element ends there. A shown one stays open, marked
        ``INACTIVE`` (it is no longer on the list), with its mark closed:
        ``<b><div>x</b>y</div>z`` is ``**x**`` and plain ``y`` and ``z``, as in a browser
        (the bold went on to the end of the page when its mark stayed open, and a copy
        opened again kept a link on every later block). Where the element is hidden,
        or a hidden element that the adoption agency takes off the stack is open
        inside it (``<b><span hidden><div>``), the blocks open inside it open again
        outside it (:meth:`move_out_furthest_blocks`): what they held stays hidden,
        and what follows in them shows."""
        stack = self.stack
        formatting = name in FORMATTING_ELEMENTS
        furthest = False                    # a special element open inside it
        hiding = False                      # a hidden element inside it, neither special nor active formatting
        position = -1
        size = len(stack)
        lowest = max(size - SEARCH_LIMIT, 0)
        # The last search for this name stopped at stack position ``resume``, having
        # searched the frames above it up to ``known`` (then the stack's size). If none
        # of those has closed since (the frame at ``known - 1`` is still there: frames
        # close from the top), only the frames opened since are searched, then the
        # search goes on from there: a stray end tag repeated over a deep stack (a
        # <b> past the bound, or each ending one more hidden <b> with a block in it)
        # costs what opened since the last, not SEARCH_LIMIT frames each.
        resuming = False
        resume = -1
        stop = lowest
        was_furthest = was_hiding = False
        if self.searched:
            memo = self.searched.get(name)
            if memo is not None:
                known = memo[0]
                if known <= size and stack[known - 1] is memo[1]:
                    resuming = True
                    resume = memo[2]
                    was_furthest = memo[3]
                    was_hiding = memo[4]
                    stop = max(known, lowest)
        # One search: the nearest one, and whether a special element comes first (the
        # scope's boundaries are special elements too)
        at = size - 1
        while True:
            while at >= stop:
                frame = stack[at]
                if frame.space is not None:
                    if frame.anchor == at:
                        # an SVG or MathML root or integration point (in_scope)
                        self.searched[name] = (size, stack[size - 1], at, furthest, hiding)
                        return False
                    at -= 1
                    continue
                tag = frame.tag
                if same(tag, name):
                    if furthest and frame.flags & INACTIVE:
                        # ended already, so off the list: the adoption agency ends the one
                        # before it that is on the list ("any other end tag" would stop
                        # at the block inside it)
                        at -= 1
                        continue
                    position = at
                    break
                if tag in SPECIAL_ELEMENTS:
                    if not formatting or tag in IN_SCOPE:
                        self.searched[name] = (size, stack[size - 1], at, furthest, hiding)
                        return False
                    furthest = True
                elif frame.flags & (HIDDEN_ROOT | HIDDEN_CANDIDATE) and (
                        tag not in FORMATTING_ELEMENTS or frame.flags & INACTIVE):
                    hiding = True
                at -= 1
            if position >= 0 or not resuming:
                break
            # below the frames opened since: as the last search left them
            at = resume
            stop = lowest
            resuming = False
            furthest = furthest or was_furthest
            hiding = hiding or was_hiding
        if position < 0:
            self.searched[name] = (size, stack[size - 1], at, furthest, hiding)
            return False
        if furthest and position > 0 and stack[position - 1].flags & REMOVED:
            # a formatting element left open in a hidden form that </form> took off the
            # stack: the adoption agency moves the blocks out of the form too (what is
            # below the element on the stack holds them), so what follows shows
            hiding = True
        if furthest:
            frame = stack[position]
            # A block open inside it (the adoption agency's "furthest block", which a
            # browser moves out of it, §13.2.6.4.7): it ends for what follows, the
            # block's later text included. Where it is hidden (a <b hidden> or its
            # copy), or a hidden element that the adoption agency takes off the stack
            # is open inside it, everything inside it closes, and the blocks open again
            # outside it (move_out_furthest_blocks), as what follows them would be
            # hidden, or joined to what follows the blocks, otherwise. Else it stays
            # open, marked INACTIVE, so that what closes it later does not open it
            # again, and its mark is closed.
            if hiding or frame.flags & (HIDDEN_ROOT | HIDDEN_CANDIDATE):
                if not self.move_out_furthest_blocks(position):
                    self.pop_to(position + 1)   # over budget: what follows shows, unplaced
                    self.pop()
                return True
            frame.flags |= INACTIVE
            if not self.hidden:
                self.ended += 1             # (it ends here for what follows)
            # the next search for it goes on from here (it is INACTIVE now); those for
            # other names may count it as hidden now, so search again
            self.searched = {name: (size, stack[size - 1], position, True, hiding)}
            if not self.hidden:
                if frame.role == MARK or frame.role == LINK:
                    mark = frame.data
                    # a code span open inside it ends before its closer and goes on
                    # after it, as at a link's end (close_mark)
                    code = self.code if mark is not None and mark.link is None and \
                        mark in self.marks else None
                    if code is not None:
                        self.close_code(code)
                    self.close_mark(mark)
                    if code is not None:
                        self._open_code(code)
                elif frame.role == CODE:
                    self.close_code(frame.data)
                # the emphasis elements open inside it that an alike one around them
                # left without a mark (<i><div><em>) still mark what follows
                self.marks_inside(position + 1)
            return False
        # the formatting elements inside it stay active, not the element itself (the
        # adoption agency takes it off the list)
        self.pop_to(position + 1)
        self.pop()
        return True

    def move_out_furthest_blocks(self, position: int) -> bool:
        """End the formatting element at stack ``position`` whose end tag comes with
        special elements open inside it, where it is hidden (a ``<b hidden>``, a copy of
        one, or one built as hidden chrome) or a hidden element that is not special nor
        an active formatting element is open inside it, as the adoption agency does
        (§13.2.6.4.7): each of those "furthest blocks" moves out of it, inside the
        formatting elements open between them, and a copy of the formatting element
        takes what it held; the other elements between them leave the stack. What the
        blocks held stays hidden; what follows in them shows, in the same blocks:
        ``<b hidden><div>x</b>y</div>z`` is ``<div><b hidden>x</b>y</div>z`` to a
        browser, ``y`` a block and ``z`` another (they were joined, as ``yz``, when the
        blocks closed with the hidden element), and in ``<b><span hidden><div>x</b>y``
        ``y`` shows (it was lost).

        Everything open above ``position`` closes (dropped, or finished as hidden
        chrome), then the special elements open again, shown, from their own start
        tags (``Frame.token``, as :meth:`reconstruct` opens formatting elements), each
        after the formatting elements opened before it. The formatting elements opened
        inside the innermost stay active, to open again at the next text. Other
        elements (a ``<span>``) end: the adoption agency takes them off the stack. Each
        start tag read spends ``reopen_budget``; returns False, and closes nothing,
        when it is spent."""
        if self.reopen_budget < 0:
            return False
        stack = self.stack
        tokens = self.tokens
        inside = stack[position + 1:]
        innermost = len(inside) - 1
        while innermost >= 0 and inside[innermost].tag not in SPECIAL_ELEMENTS:
            innermost -= 1
        reopened = []
        active = []
        for at in range(len(inside)):
            frame = inside[at]
            if frame.tag in SPECIAL_ELEMENTS:
                reopened.append(frame)
            elif frame.tag in FORMATTING_ELEMENTS and not frame.flags & INACTIVE:
                if at < innermost:
                    reopened.append(frame)
                else:
                    active.append(frame)
        while len(stack) > position:
            self.pop()
        # What is active waits for the next text, as in a browser: the start tags
        # read here open none of it
        waiting = self.active_formatting
        names = self.active_names
        self.active_formatting = []
        self.active_names = {}
        token = self.token                  # the end tag being read, after the start tags
        for frame in reopened:
            self.reopen_budget -= 1 + tokens.attribute_count(frame.token)
            if same(frame.tag, "form"):
                self.form_pointer = False   # the same form, moved: its pointer is set
            self.token = frame.token
            self.start_tag(frame.tag, frame.token, tokens[frame.token][4])
        self.token = token
        closed = self.active_formatting     # what those start tags' implied ends left active
        self.active_formatting = waiting
        self.active_names = names
        if closed or active:
            self.keep_active(closed + active)
        return True

    def remove_form(self) -> bool:
        """``</form>`` with elements open inside the form: take the form alone off the
        stack, as §13.2.6.4.7 says, so that those elements (a hidden one among them)
        stay open, and those of a hidden form stay hidden, a formatting element
        included (``<form hidden><b></form>x``: ``x`` is in the ``<b>``, hidden). Returns
        False, for the caller to close it the plain way, when the form is not in scope
        or carries state of its own (a role other than a block's) that only popping it
        undoes."""
        stack = self.stack
        position = self.in_scope(("form",), IN_SCOPE)
        if position < 0:
            return False
        form = stack[position]
        dropped = form.flags & HIDDEN_ROOT
        # A form opened inside a hidden element is a plain frame (role NONE, no flags).
        if form.flags & ~(HIDDEN_ROOT | HIDDEN_CANDIDATE | DIALOG_ROOT) or form.role != BLOCK and form.role != NONE:
            return False
        # "generate implied end tags" first: a <p> or <li> open in the form ends
        while len(stack) - 1 > position and stack[-1].tag in IMPLIED_END_TAGS:
            self.pop()
        if len(stack) - 1 == position:
            self.pop()
            return True
        self.open_count["form"] -= 1
        self.searched = {}                  # a frame changes in place, or leaves the middle
        if dropped:
            # What is open in a hidden form is still in it: it stays hidden until it
            # closes, and the form with it (see pop). A form no end tag names.
            form.tag = REMOVED_TAG
            form.flags |= REMOVED
            self.open_count[REMOVED_TAG] = self.open_count.get(REMOVED_TAG, 0) + 1
            return True
        # A built one (shown, or hidden but built as chrome) holds nothing of the blocks
        # still open: they carry its chrome, set when they opened.
        # What is above it is HTML outside SVG and MathML (an <svg> or <math> above it
        # bounds its scope): no Frame.anchor points above it, so none moves.
        del stack[position]
        if not self.open_count["form"]:
            # What stays open is shown as the page's text, not as a form's (the form
            # rule would drop it): the form, not its misnested children, was closed.
            for frame in stack[position:]:
                frame.chrome &= ~CHROME_FORM
        return True

    def heading_open(self) -> bool:
        """Whether an <h1>–<h6> is open."""
        count = self.open_count
        return any(count.get(heading) for heading in HEADINGS)

    def pop(self) -> None:
        if not self.hidden:
            self.ended += 1
        frame = self.stack[-1]
        flags = frame.flags
        if flags & MARKER:
            self.marker_closed(frame)
        finished = ""                       # a <math>'s text, when this is its end
        if self.math is not None:
            self.math.end()                 # every element above the <math> is in it
            if frame is self.math_root:
                finished = self.math.result()
                self.math = self.math_root = None
        if flags & (HIDDEN_CANDIDATE | DIALOG_ROOT):
            self.flush()                    # its last leaf is unseen, or in the dialog, too
        if flags & HIDDEN_CANDIDATE:
            self.lazy_image = None          # and so is an image waiting for its <noscript>
        if frame.tag == "noscript" and frame.data is not None:
            self.noscript_bytes += self.offset - frame.data
        if flags & HIDDEN_ROOT:
            self.stack.pop()
            self.open_count[frame.tag] -= 1
            self.hidden -= 1
            if flags & HIDDEN_FOREIGN:
                self.hidden_foreign -= 1
            if not self.hidden:
                self.lazy_image = None
        else:
            role = frame.role
            if role != NONE and not self.hidden:
                self.close_role(frame, role)    # while the frame is still open: its blocks are inside
            self.stack.pop()
            self.open_count[frame.tag] -= 1
            if flags:                           # after the role: its last leaf is still inside
                if flags & LINE_NUMBERS:
                    self.drop_line_numbers(frame.tag)
                if flags & SPACE_AFTER:
                    self.space = True
                if flags & FLEX_ITEM:
                    self.item_edge = True
                if flags & LINE_AFTER and self.pre:
                    self.new_code_line()
                if flags & FLAT_TABLE:
                    self.flat_tables -= 1
                if flags & IN_MAIN:
                    self.main -= 1
                if flags & IN_SECTIONING:
                    self.sectioning -= 1
        if finished:
            self.write_formula(finished)    # where the <math> ends, now that it is closed
        # A removed form is hidden, so counted in self.hidden: shown pages never look.
        if self.hidden and self.stack and self.stack[-1].flags & REMOVED:
            self.pop()                          # the removed form whose last element this was

    def close_role(self, frame: Frame, role: int) -> None:
        if role == MARK or role == LINK:
            self.close_mark(frame.data)
        elif role == CODE:
            self.close_code(frame.data)
        elif role == BLOCK or role == LIST:
            self.flush()
            if self.description_sink is not None and same(frame.tag, "dd"):
                self.description_sink = None    # it held no leaf
            if role == LIST:
                self.close_container()
                if frame.data.nested:
                    self.close_container()
        elif role == HEADING:
            self.flush()
            self.heading = 0
        elif role == ITEM:
            self.flush()
            if frame.data is not None:
                self.close_container()
        elif role == QUOTE:
            self.flush()
            self.close_container()
        elif role == PRE:
            self.close_pre()
        elif role == CELL or role == CAPTION:
            self.flush()
            self.place_held()
            sink = self.sinks.pop()
            if self.tables:
                self.add_cell(frame, sink)
            else:                           # a cell outside any table: its blocks as they are
                for block in sink.blocks:
                    self.emit(block)
        elif role == TABLE:
            self.flush()
            self.close_table(frame)
        elif role == CONTROL:
            self.flush()
            self.place_held()
            sink = self.sinks.pop()
            sink.containers.clear()
            self.close_open_block(sink)
            if names_content(" ".join(block.text for block in sink.blocks)):
                for block in sink.blocks:
                    self.emit(block)

    # ------------------------------------------------------------ inline text

    def _reset_paragraph(self) -> None:
        self.parts: list[str] = []
        self.plain: list[str] = []
        self.link_chars = 0
        self.links: list[str] = []
        self.space = False
        self.line_start = True
        # The last character of the text written last, or "" where what shows came
        # after it: an image, a code span, a quotation mark, a superscript (see text)
        self.text_end = ""
        self.image_count = 0
        # (opener, closer) indices of the emphasis pairs whose closers end the text
        # after punctuation, or are underscores: dropped if a letter follows
        # (Builder._end_emphasis)
        self.fragile: list[tuple[int, int]] = []
        # opener index → the fragile pairs whose closers it follows, which close only
        # while it is written (Builder.place)
        self.held: dict[int, list[tuple[int, int]]] = {}
        # opener index of an underscore emphasis → (opener, closer) of the "*" emphasis
        # whose closer it touches, which made it an underscore (Builder.place)
        self.swapped: dict[int, tuple[int, int]] = {}
        # The emphasis closers that touch at the end of the parts, innermost first:
        # (index, index of its opener, delimiter). Openers that follow continue them.
        self.closers: list[tuple[int, int, str]] = []
        self.last_code = -1                 # index of the last code span written
        # A link left out as a permalink (Builder._write_closer), while it may be written
        # again (Builder._keep_permalink): (its index, its parts, target, closer, whether
        # any text after it keeps it: outside a heading; its note in plain_out)
        self.permalink: tuple | None = None
        # the permalink written again before the open code span (Builder._open_code)
        self.code_permalink: tuple | None = None
        # opener index of each link placed → the length of plain and link_chars then;
        # and the (start, end, link characters) of the plain text of the permalinks
        # left out, which the block's text leaves out (Builder._leave_out_plain)
        self.link_plain: dict[int, tuple[int, int]] = {}
        self.plain_out: list[tuple[int, int, int]] = []
        # a heading's permalink was left out right after a letter or digit: a space
        # goes before the next content if it starts with one (Builder._write_closer);
        # and the end of the last one's plain text, with the character before it
        self.gap = False
        self.last_gap: tuple | None = None
        self.code_spans: dict[int, str] = {}   # every code span written: index → content
        # The parts of text written outside links that may hold a web address
        # (markdown.holds_address), by id: where GFM's autolink extension links them
        # (Builder._addresses_before_markup)
        self.prose: dict[int, str] = {}
        # Every part of text (escaped character data, not markup nor a formula,
        # whose dollars a closer moved into would break: "**foo$x**$Bar", breaker of
        # session 41), by id: where a closer may move into (_close_before_punctuation)
        self.texts: dict[int, str] = {}
        # The parts of text (and images) that hold a "$", by id, and whether the
        # paragraph holds a formula: then they are escaped (Builder._escape_dollars)
        self.dollars: dict[int, str] = {}
        self.has_formula = self.writing_formula = False
        # The task list marker written first in this paragraph: (its item, the marker)
        self.task_written: tuple[Container, str] | None = None

    def text(self, text: str) -> None:
        """Add character data (references decoded and controls removed by
        ``Tokens.text``) to the current paragraph."""
        self.lazy_image = None
        if self.pre:
            self.pre_parts.append(text)
            return
        collapsed = collapse_white_space(text)
        tagged, boxed, link_ended, item_edge = self.tagged, self.boxed, self.link_ended, self.item_edge
        self.tagged = self.boxed = self.link_ended = self.item_edge = False
        if not collapsed:
            return
        if collapsed[0] == " ":
            self.space = True
            collapsed = collapsed[1:]
        elif item_edge and self._apart_at_edge(collapsed[0]):
            self.space = True
        elif self.code is None and (
                boxed and collapsed[0].isalnum()
                or tagged and (link_ended and collapsed[0].isalnum() and self._opens_link()
                               or self.text_end.islower() and collapsed[0].isupper() and self._set_apart())):
            self.space = True
        trailing = collapsed.endswith(" ")
        if trailing:
            collapsed = collapsed[:-1]
        if collapsed:
            self.add_text(collapsed)
        if trailing:
            self.space = True

    def _apart_at_edge(self, first: str) -> bool:
        """Whether what comes past the edge of a flex or grid item (see
        :meth:`flex_container`), text starting with ``first`` or a box (``""``: an
        image), is set apart from what came before it, outside code or at the start of a
        code span (the space goes before it): where the one ends as a word does (the
        plain text read past markup and code spans, :func:`ends_apart`; or an image) and
        the other starts as one (:func:`starts_apart`)."""
        code = self.code
        return (code is None or len(self.parts) == code.placed + 1) and (not first or starts_apart(first)) and (
            ends_apart(self.plain_end(len(self.plain))) or self._image_last())

    def _image_last(self) -> bool:
        """Whether an image is the last thing written in the paragraph, or a link that
        holds only one (a logo)."""
        parts = self.parts
        at = len(parts) - 1
        while at >= 0 and (not parts[at] or parts[at].startswith("](")):
            at -= 1
        return at >= 0 and parts[at].startswith("![")

    def plain_end(self, stop: int) -> str:
        """The last character of the paragraph's plain text (:attr:`plain`) before its
        part ``stop``, or "" where there is none."""
        index = stop - 1
        while index >= 0 and not self.plain[index]:
            index -= 1
        return self.plain[index][-1:] if index >= 0 else ""

    def _opens_link(self) -> bool:
        """Whether the text to come opens a link: right after the end tag of another
        link, it starts a word of its own (a tag cloud, links in a row), which no page
        means as one word."""
        return any(mark.placed == -1 and mark.link is not None for mark in self.marks)

    def _set_apart(self) -> bool:
        """Whether text in upper case that touches, across tags of shown elements, text
        ending in a lower-case letter starts a word of its own: unless it is in a
        superscript or subscript, or what shows comes between (a quotation mark, a
        ruby parenthesis, ``<sup>``; Builder.text_end for what came before).

        Such words are two words that style sets apart: a product tile's brand and
        name (``<span>Gregory</span><span>Paragon 58</span>``), a label and its value
        (``<span>Publisher</span><span>Houghton</span>``). A browser shows them in
        boxes of their own; run together, they read as one word that matches neither
        (on WCXB dev, 1,514 words joined so of two words of the ground truth: 456 are
        left, mostly identifiers in code). Letters and digits joined so gained nothing
        there (bench.wcxb, in sample)."""
        if self.open_count.get("sup") or self.open_count.get("sub"):
            return False
        return not any(mark.placed == -1 and mark.link is None and mark.opener not in DELIMITERS
                       for mark in self.marks)

    def add_text(self, text: str) -> None:
        code = self.code
        if code is not None:                # inside a code span: verbatim, no escaping
            if self.gap:
                self._close_gap(text)
            if self.space:
                if len(self.parts) > code.placed + 1:
                    self.parts.append(" ")
                    self.plain.append(" ")
                elif code.placed > 0 and not self.line_start:
                    # "a<code> x</code>": a space before, and before the openers placed
                    # with it ("a **`x`**": after them, "** " would open nothing).
                    at = code.placed
                    while at > 0 and any(mark.placed == at - 1 for mark in self.marks):
                        at -= 1
                    if at > 0 and not self.parts[at - 1].endswith(" "):
                        self.parts.insert(at, " ")
                        if self.plain_end(len(self.plain)) != " ":     # (as in place)
                            self.plain.append(" ")
                        self.fragile.clear()    # a closer before white space closes
                        for mark in self.marks:
                            if mark.placed >= at:
                                mark.placed += 1
                        code.placed += 1
            self.space = False
            self.parts.append(text)
            self.plain.append(text)
            self.text_end = ""
            return
        if self.gap:                        # here: the no-break spaces below come before place
            self._close_gap(text)
        # Here as well as in place, which sees only the first character: of "¶&nbsp;12",
        # the no-break space (no text after a permalink, alone)
        if self.permalink is not None and not text.isspace():
            self._keep_permalink(text[0])
        lead = len(text) - len(text.lstrip(_EDGE_SPACES))
        if lead and any(mark.placed == -1 for mark in self.marks):
            # An opener before a no-break space (Unicode white space: general category
            # Zs) would open nothing (CommonMark §6.2, left-flanking): the space goes
            # first and the openers wait for the text after it, as after an ASCII space.
            if self.space and self.parts and not self.line_start:
                self.parts.append(" ")
                self.plain.append(" ")
            self.space = False
            self.fragile.clear()            # a closer before white space closes
            self.parts.append(text[:lead])
            self.plain.append(text[:lead])
            if self.link_open():
                self.link_chars += lead
            self.text_end = ""              # the words are apart already
            text = text[lead:]
            if not text:
                return
        self.place(text[0])
        self.line_start = False
        if self.link_open():
            part = escape_inline(text)      # no autolink inside a link's text
            self.link_chars += len(text)
        else:
            part = escape_prose(text)
            if holds_address(part):
                self.prose[id(part)] = part
        if not self.writing_formula:
            self.texts[id(part)] = part
        self.text_end = text[-1]
        self.parts.append(part)
        if "$" in part and not self.writing_formula:
            self.dollars[id(part)] = part
        self.plain.append(text)

    def place(self, first: str) -> None:
        """Before content starting with ``first``: a pending space, then the openers of
        marks not yet placed in this paragraph."""
        parts = self.parts
        if self.gap:
            self._close_gap(first)
        if self.permalink is not None and not first.isspace():     # a code span or an image after it
            self._keep_permalink(first)
        if self.task is not None:
            item, marker = self.task
            self.task = None
            containers = self.sinks[-1].containers
            if not parts and containers and containers[-1] is item and not item.started and not self.heading:
                parts.append(marker)        # white space follows it (GFM §5.3)
                self.space = True
                self.line_start = False
                self.task_written = item, marker
        pending = any(mark.placed == -1 for mark in self.marks)
        if self.space and parts and not self.line_start:
            if parts[-1] != " ":            # (the space before a permalink left out: "## A [¶](#a) b")
                parts.append(" ")
                if self.plain_end(len(self.plain)) != " ":
                    # (not twice in the text: "a <img> b" is "a b", where an image
                    # alone stood between the spaces)
                    self.plain.append(" ")
            self.fragile.clear()            # a closer before white space closes
        elif self.fragile and self.code is not None and not pending:
            # "**a.**`b`" closes, but an empty code span writes nothing: the closers
            # wait for what follows it ("<b>a.</b><code></code>b"; close_code)
            self.space = False
            return
        self.space = False
        # closers after punctuation close before an opener, which is punctuation too
        # ("**"x"**~~y~~"); if it is dropped, they do not (Builder._unbreak)
        held = self.fragile[:]
        self.fragile.clear()
        # None while no opener is written after them; then whether every one is a "~"
        # run, past which GitHub's renderer judges whether they close
        tildes: bool | None = None
        for mark in self.marks:
            if mark.placed != -1:
                continue
            delimiter = mark.opener
            touching = bool(self.closers) and self.closers[-1][0] == self._written_before(len(parts), -1)
            if touching:
                written = self.closers[-1][2]
                underscored = delimiter.replace("*", "_")
                if written == delimiter or written == underscored:
                    # "**a****b**": continue the touching run instead, the outer mark
                    # first, so that the inner closer ends the parts for the inner mark
                    # to continue ("***Hel***" + "***lo***" is "***Hello***")
                    index, mark.placed, _ = self.closers.pop()
                    del parts[index:]       # the closer and the emptied parts after it
                    # (a pair whose closer this continues closes no more: breaker on
                    # 16c2ce5, whose place a "~~" opener then took)
                    held = [pair for pair in held if pair[1] != index]
                    continue
                if written[0] == delimiter[0]:
                    # "**a***b*" reads as one run of closers: an underscore opens after
                    # punctuation (CommonMark §6.2), "**a**_b_"
                    delimiter = underscored
                    self.swapped[len(parts)] = self.closers[-1][1], self.closers[-1][0]
            if held and tildes is None:
                self.held[len(parts)] = held
            tildes = tildes is not False and delimiter[0] == "~"
            if delimiter[0] == "*":
                self._split_run(self._after_run(mark, first))
            if delimiter == "[":
                self._escape_bang(len(parts))
                self.link_plain[len(parts)] = len(self.plain), self.link_chars
            mark.placed = len(parts)
            parts.append(delimiter)
        if held and tildes is None and self.code is not None and first == "`":
            # no opener written before a code span: what follows it decides, since an
            # empty one writes nothing (close_code; breaker of session 39:
            # "<em>x<s>a<code>b</code></s></em><em><code></code>c</em>" showed its "~~")
            self.fragile = held
        elif held and tildes is None and letter_like(first):
            # "**"x"**y": with no opener after it (or every mark continued a run of
            # closers, "*a **b.***" + "*y"), a closer after punctuation and before a
            # letter closes nothing (CommonMark §6.2, right-flanking). All of a chain
            # of closers is mended ("**a ~~b.~~**y": else the inner one would break).
            for opener, closer in held:
                if closer < len(parts) and parts[closer]:
                    self._unbreak(opener, closer)
            # The closers still written where they were may be continued by what follows.
            self.closers = [entry for entry in self.closers
                            if entry[0] < len(parts) and parts[entry[0]] == entry[2]]
        elif held and tildes and letter_like(first):
            # Before tildes and a letter they close, but not to GitHub's renderer
            # (cmark-gfm), which judges flanking past the "~"s on both sides: "*x?*~~y~~"
            # shows its asterisks there. Each such closer after punctuation (past
            # tildes too) moves before it where it can, and stays where it cannot.
            for opener, closer in held:
                if closer < len(parts) and parts[closer] and punctuation_to_both(self._before_tildes(closer)):
                    self._close_before_punctuation(opener, closer)

    def _unbreak(self, opener: int, closer: int) -> None:
        """Mend the emphasis pair at ``parts[opener]`` and ``parts[closer]``, whose
        closer a letter or digit follows and so closes nothing (:meth:`_end_emphasis`).
        A closer that an autolink's ">" before it keeps from closing closes once the
        autolink is written as text (:meth:`_unlinked_beside`). Emphasis of exactly one
        link moves inside it ("**[a](/x)**y" to "[**a**](/x)y").
        An underscore pair written so because it touches a "*" closer ("**x**_y_z")
        trades delimiters with that pair where the underscore can open there
        ("__x__*y*z"), or where not and that closer is fragile too, takes "*" in its
        stead ("a**x.**_y_z" to "ax.*y*z"). Otherwise the pair is dropped (and emphasis
        that then touches across it runs on, :meth:`_continue_across`), and so are the
        pairs whose closers closed only because its opener followed (:attr:`held`) and
        that a letter now follows: "**x.**yz" would show its delimiters. The pairs are
        mended from a list, in the order a recursion would take them, not by recursion:
        a paragraph of 100,000 such pairs in a chain overflowed the C stack."""
        parts = self.parts
        # (opener, closer, check): a pair to mend; with check, only if a letter follows it
        todo = [(opener, closer, False)]
        while todo:
            opener, closer, check = todo.pop()
            if check:
                after = self._written_after(closer, len(parts))
                following = parts[after][:1] if after < len(parts) else ""
                if not parts[closer] or not letter_like(following):
                    continue
            unlinked_before = self._unlinked_beside(closer, -1) if parts[closer][:1] in "*~" else None
            if unlinked_before is not None and not is_punctuation(unlinked_before[1][-1:]):
                self._rewrite(*unlinked_before)
                continue                    # "…https\://x.example/a**b" closes
            if self._wraps_one(opener, closer):
                self._move_inside(opener, closer)
                continue
            held = self.held.pop(opener, [])
            touched = self.swapped.pop(opener, None)
            if touched is not None and parts[touched[1]] and not is_punctuation(
                    parts[self._written_before(closer, opener)][-1:]):
                before = self._flanking(touched[0])[0]
                if not letter_like(before) and before != "_" and not any(
                        part[:1] == "_" for part in parts[touched[0] + 1:touched[1]]):
                    for index in touched:
                        parts[index] = parts[index].replace("*", "_")
                    parts[opener] = parts[closer] = parts[opener].replace("_", "*")
                    self.held[opener] = held
                    continue
                if touched in held:
                    parts[opener] = parts[closer] = parts[opener].replace("_", "*")
                    todo.append((touched[0], touched[1], False))
                    continue
            if self._close_before_punctuation(opener, closer):
                self.held[opener] = held
                continue
            # (or written inside what it holds: links, quotations)
            if not self._into_enclosures(opener, closer) and parts[opener][:1] == "~":
                self._strike_as_html(opener, closer)
            else:
                parts[opener] = parts[closer] = ""
                self._continue_across(opener, closer)
            todo.extend([(held_opener, held_closer, True) for held_opener, held_closer in reversed(held)])

    def _strike_as_html(self, opener: int, closer: int = -1) -> None:
        """Write the strikethrough whose ``~~`` at ``parts[opener]`` (and ``parts[closer]``;
        -1: not written yet, at the end) would not flank as raw HTML ``<del>`` and
        ``</del>`` (CommonMark §6.6, which GFM's tag filter passes), as ``<sup>`` is
        written: dropped, deleted text read as current ("foo(a, b)(a)"; breaker of
        session 33). A tag closes wherever it stands."""
        parts = self.parts
        parts[opener] = "<del>"
        if closer < 0:
            parts.append("</del>")
        else:
            parts[closer] = "</del>"
        self.fragile.clear()

    def _close_before_punctuation(self, opener: int, closer: int) -> bool:
        """Move the closer at ``parts[closer]``, which punctuation before it and a letter
        or digit after it keep from closing (CommonMark §6.2, right-flanking), back
        before the last character of the text it ends, where that is punctuation:
        "**Note:**Text" becomes "**Note**:Text" (the colon is no longer bold, the word
        stays so; the pair used to be dropped). Between the character before, which is
        not white space, and the punctuation after, any run closes, and an underscore
        too. An escaped character moves whole (``<b>a&#95;</b>b`` is "**a**" and the
        escaped underscore), and the closer of outer emphasis, mended next, goes after
        the inner one's ("**q*x***.y"). Only into a part of text (:attr:`texts`),
        not one that may end in a web address (:attr:`prose`), whose autolink would then
        end elsewhere. Returns whether it was moved (``parts[closer]`` is then
        emptied)."""
        parts = self.parts
        last = self._written_before(closer, opener)
        text = parts[last]
        if last <= opener or text is not self.texts.get(id(text)) or self._in_address_run(last):
            return False
        # Not where the opener makes one run with an opener before it of its character:
        # the pair kept, the run's other emphasis would pair otherwise (the rule of three:
        # "7***é*»é*日***" showed "**"; breaker on 4060fe7), as dropped it does not.
        before = self._written_before(opener, -1)
        if before >= 0 and parts[before] and not parts[before].strip(parts[opener][:1]):
            return False
        # The last place in the punctuation that ends the text that is before a mark
        # both CommonMark and GitHub's renderer count as punctuation (not "€": breaker
        # on 16c2ce5) and after a character that is not white space
        at = len(text)
        while at > 0 and is_punctuation(text[at - 1]):
            at -= 1
            at -= backslashes_before(text, at) % 2      # (a backslash escapes it: both move)
            if not punctuation_to_both(text[at]):
                continue
            if at:
                before = text[at - 1]
            else:
                # at the text's start, after a link, code span, superscript… ("**x[l](/a)**.y":
                # newcomer on 16c2ce5), but not a run of delimiters, which it would join
                previous = self._written_before(last, opener)
                before = parts[previous][-1:] if previous > opener else ""
                if before in ("*", "_", "~"):
                    continue
            if before and before not in _EDGE_SPACES and not before.isspace():
                self._rewrite(last, text[:at] + parts[closer] + text[at:])
                parts[closer] = ""
                return True
        return False

    def _keep_permalink(self, first: str) -> bool:
        """Write the link that :meth:`_write_closer` left out as a permalink again where
        content starting with ``first`` follows it in its paragraph: outside a heading,
        any (text, a code span or an image, after a line break too: a permalink there
        ends its paragraph, and "¶ 12" of a legal text is a reference); in a heading, a
        letter or digit directly after it, which makes the mark part of a word, a
        section sign or a hashtag ("§12", "#WorldCup"; breaker of session 33), where
        only a mark of :data:`WORD_MARKS` that leads to no element around it is so kept
        (:meth:`_write_closer`, :meth:`_leads_here`). Returns whether it was written."""
        at, saved, link, closer, anywhere, out = self.permalink
        self.permalink = None
        parts = self.parts
        end = len(parts)
        while end > at and (parts[end - 1] == _HARD_BREAK or parts[end - 1].isspace()):
            end -= 1                        # "¶<br>more", "¶&nbsp;`x`": before the break or spaces
        if at == end and (anywhere or not self.space and first.isalnum()):
            parts[at:at] = [*saved, closer]
            self.links.append(link)
            self.plain_out.remove(out)      # its text is the block's again
            return True
        return False

    def _leave_out_plain(self, opener: int) -> tuple[int, int, int]:
        """Leave the text of the link whose opener is ``parts[opener]``, being left out as
        a permalink, out of the block's plain text too, which features and metadata read
        (newcomer of session 38: a heading's "Install¶" was the page's title): its pieces
        of :attr:`plain` and the link characters they counted, from where its opener was
        placed (:attr:`link_plain`), noted in :attr:`plain_out` until the block is
        emitted or :meth:`_keep_permalink` writes it again. Returns the note."""
        start, chars = self.link_plain.get(opener, (len(self.plain), self.link_chars))
        out = (start, len(self.plain), self.link_chars - chars)
        self.plain_out.append(out)
        return out

    def _plain_without_permalinks(self) -> None:
        """Take the plain text of the permalinks left out (:attr:`plain_out`) out of
        :attr:`plain` and their characters out of :attr:`link_chars`, once the
        paragraph is whole."""
        plain = self.plain
        for start, end, chars in sorted(self.plain_out, reverse=True):
            del plain[start:end]
            self.link_chars -= chars
        self.plain_out.clear()

    def _forget_from(self, end: int) -> None:
        """Forget what the paragraph's bookkeeping holds of its parts from ``end`` on,
        just deleted (a permalink's): emphasis closers inside it would otherwise be
        continued or mended where other parts now stand (breaker of session 38: an
        IndexError for ``<h2><a href="#x"><b>¶</b></a><i>,</i>a</h2>``)."""
        self.closers = [entry for entry in self.closers if entry[0] < end]
        self.fragile = [pair for pair in self.fragile if pair[1] < end]
        for index in [index for index in self.held if index >= end]:
            del self.held[index]
        for index, pairs in self.held.items():
            self.held[index] = [pair for pair in pairs if pair[1] < end]
        for index in [index for index, pair in self.swapped.items() if index >= end or pair[1] >= end]:
            del self.swapped[index]
        for index in [index for index in self.code_spans if index >= end]:
            del self.code_spans[index]
        if self.last_code >= end:
            self.last_code = -1

    def _note_gap(self, opener: int) -> None:
        """After a heading's permalink left out (its link placed at ``parts[opener]``):
        between two words, a space goes in its place (:attr:`gap`, :meth:`_close_gap`).
        "Badge title¶new" shows the words apart, and so does Sphinx's permalink hidden
        until hovered (visibility: hidden keeps its box; newcomer of session 37: "##
        Badge titlenew"); not after white space, nor before punctuation (breaker of
        session 38: "## Version 2 .0"). The word before is read in the plain text, past
        markup ("**Bold**¶new") and past a permalink left out just before ("Word¶¶new")."""
        start = self.link_plain.get(opener, (len(self.plain), 0))[0]
        if self.last_gap is not None and self.last_gap[0] == start:
            before = self.last_gap[1]
        else:
            before = self.plain_end(start)
        self.last_gap = (len(self.plain), before)
        self.gap = ends_word(before)

    def _close_gap(self, text: str) -> None:
        """Before content starting with ``text`` where a heading's permalink was left
        out after a letter or digit (:attr:`gap`): a space if its first character
        drawn is one too. Characters drawn as nothing (:func:`shows_nothing`: "¶&#8203;"
        of a permalink's text, an empty code span) leave the gap waiting."""
        shown = next((char for char in text if not shows_nothing(char)), None)
        if shown is None:
            return
        self.gap = False
        if shown.isalnum():
            self.space = True

    def _take_back_permalink(self, permalink: tuple) -> None:
        """Take back a permalink that :meth:`_keep_permalink` wrote again before a code
        span that showed nothing, if nothing but spaces follows it: it is left out
        again, pending (:attr:`permalink`) for what comes next."""
        at, saved, link, closer, _, out = permalink
        parts = self.parts
        end = at + len(saved) + 1
        if len(parts) >= end and parts[end - 1] is closer and all(part.isspace() for part in parts[end:]):
            del parts[at:end]
            self.links.pop()            # its own: no link ends inside a code span
            self.plain_out.append(out)
            self.permalink = permalink

    def permalink_at_end(self) -> bool:
        """Whether a permalink left out (:meth:`_write_closer`) was the last thing
        written in the paragraph, so that a line break after it may still follow it."""
        return self.permalink is not None and self.permalink[0] == len(self.parts)

    def _within_page(self, link: str) -> bool:
        """Whether a resolved link is a fragment of the page: of its address, or of the
        ``<base href>`` read (:meth:`base`), against which "#x" resolves: authors mean
        the page by it, and a ``<base href="/">`` is common (breaker of session 39: a
        link to the page's own address was kept as no permalink)."""
        return self.resolve.within_page(link) or self.resolve is not self.address and self.address.within_page(link)

    def _leads_here(self, link: str) -> bool:
        """Whether ``link``'s fragment (percent-decoded, as browsers look it up) is the
        id of one of the :data:`PERMALINK_REACH` innermost open elements, or the name of
        such an ``<a>``: the link's own, the heading's or one around it (Sphinx gives
        the section the id, a blog theme the link itself): a permalink's. Only those
        are read, so that a page of many such links in deep markup takes linear time
        (breaker of session 36: 30,000 links under 8,000 elements took 15 s)."""
        fragment = link.partition("#")[2]
        if "%" in fragment:
            fragment = unquote(fragment)
        if not fragment:
            return False
        for frame in self.stack[-1:-1 - PERMALINK_REACH:-1]:
            attributes = frame.attributes
            if attributes and (attributes.get("id") == fragment
                               or same(frame.tag, "a") and attributes.get("name") == fragment):
                return True
        return False

    def _enclosed(self, mark: Mark) -> bool:
        """Whether another mark (emphasis, a tag's, a quotation) is open around ``mark``
        with its opener written in this paragraph."""
        for other in self.marks:
            if other.placed >= 0 and other is not mark:
                return True
        return False

    def _short_link(self, opener: int) -> bool:
        """Whether the link whose opener is ``parts[opener]`` wrote at most
        :data:`PERMALINK_PARTS` parts of at most :data:`PERMALINK_CHARS` characters in
        all: only such a link outside a heading is read for a permalink's mark, which
        every link of a page would otherwise pay for (1.6% of the build stage's
        instructions over the benchmark pages)."""
        parts = self.parts
        if len(parts) - opener > PERMALINK_PARTS:
            return False
        size = 0
        for index in range(opener + 1, len(parts)):
            size += len(parts[index])
        return size <= PERMALINK_CHARS

    def _permalink_mark(self, opener: int) -> str | None:
        """The text written after ``parts[opener]`` (:meth:`_permalink_text`) where it is
        a permalink's mark, else None: none (an icon, a zero-width space), or one of
        :data:`PERMALINK_MARKS` or a private-use character (an icon font's glyph), in no
        code span. Not any symbol: a heading of "🚀", "$" or a footnote's "*" that links
        to itself is text (breaker of session 32)."""
        parts = self.parts
        if any(index in self.code_spans for index in range(opener + 1, len(parts))):
            return None
        text = self._permalink_text(opener).rstrip(VARIATION_SELECTORS)
        if text == "#" and letter_like(self._flanking(opener)[0]) and not self._calls_itself_permalink():
            return None                     # "C#": a word's
        return text if text in PERMALINK_MARKS or len(text) == 1 and unicodedata.category(text) == "Co" else None

    def _calls_itself_permalink(self) -> bool:
        """Whether the innermost open ``<a>`` (the link being closed) has a class of
        :data:`PERMALINK_CLASSES` or a title holding one of :data:`PERMALINK_TITLES`
        (MkDocs' ``From source<a class="headerlink" title="Permanent link">#</a>``;
        newcomer of session 37)."""
        for frame in self.stack[-1:-1 - PERMALINK_REACH:-1]:
            if same(frame.tag, "a"):
                attributes = frame.attributes or {}
                title = attributes.get("title", "").lower()
                return any(name in PERMALINK_CLASSES for name in attributes.get("class", "").lower().split()) \
                    or any(words in title for words in PERMALINK_TITLES)
        return False

    def _permalink_text(self, opener: int) -> str:
        """The text written after ``parts[opener]`` as a reader sees it: escapes,
        the delimiters of emphasis around it ("[*#*](#x)") and characters that show
        nothing left out."""
        text = _ESCAPE.sub(r"\1", "".join(part for part in self.parts[opener + 1:] if part.strip("*_~")))
        return "".join(character for character in text if not shows_nothing(character))

    def _open_after_punctuation(self, opener: int, end: int) -> bool:
        """Move the punctuation that starts the text of the emphasis whose opener is
        ``parts[opener]``, which a letter or digit before it and that punctuation after
        it keep from opening (CommonMark §6.2, left-flanking), out before the opener:
        "foo**:bar**baz" becomes "foo:**bar**baz" (the mirror of
        :meth:`_close_before_punctuation`; newcomer of session 32: the pair was dropped).
        Only between two parts of text (:attr:`texts`), the one before not running into
        a web address (:meth:`_in_address_run`), over marks that both renderers count as
        punctuation (:func:`punctuation_to_both`) and start no markup
        (:data:`_MARKUP_PUNCTUATION`), and only where a letter or digit follows them in
        the same part. Returns whether they were moved."""
        parts = self.parts
        first = self._written_after(opener, end)
        last = self._written_before(opener, -1)
        if first >= end or last < 0 or parts[opener][:1] == "~":
            return False                    # (not strikethrough: see _before_tildes)
        text, previous = parts[first], parts[last]
        if text is not self.texts.get(id(text)) or previous is not self.texts.get(id(previous)) \
                or self._in_address_run(last):
            return False
        at = 0
        while at < len(text) and text[at] not in _MARKUP_PUNCTUATION and is_punctuation(text[at]) \
                and punctuation_to_both(text[at]):
            at += 1
        if not at or at == len(text) or not letter_like(text[at]):
            return False
        # nor where the word that the move joins may be read as an address ("www" and
        # ".example.com", "http" and "://x": breaker of session 32)
        if _ADDRESS_LIKE.search(previous.rsplit(None, 1)[-1] + text.split(None, 1)[0]):
            return False
        self._rewrite(last, previous + text[:at])
        self._rewrite(first, text[at:])
        return True

    def _in_address_run(self, index: int) -> bool:
        """Whether ``parts[index]`` may be read into a web address that GFM's autolink
        extension runs on to it from white space back: it, or a part before it with no
        white space after, may hold one (:attr:`prose`; breaker on 16c2ce5:
        "http://x.com/a" then ".**)" linked the closer). At most :data:`SEARCH_LIMIT`
        parts are read."""
        parts = self.parts
        for at in range(index, max(index - SEARCH_LIMIT, -1), -1):
            part = parts[at]
            if part is self.prose.get(id(part)):
                return True
            if at < index and (part[-1:].isspace() or " " in part):
                return False
        return False

    def _before_tildes(self, closer: int) -> str:
        """The character before ``parts[closer]`` as GitHub's renderer (cmark-gfm) reads
        it beside a delimiter run: past the "~"s before it, and the emptied parts; ``""``
        at the paragraph's start."""
        parts = self.parts
        at = closer - 1
        while at >= 0:
            kept = parts[at].rstrip("~")
            if kept:
                return kept[-1]
            at -= 1
        return ""

    def _continue_across(self, opener: int, closer: int) -> None:
        """After the pair at ``parts[opener]`` and ``parts[closer]`` is dropped: a closer
        right before it and an opener of the same delimiters right inside it now touch,
        one run that closes nothing ("*Note**more*x": <i>Note</i><b><i>more</i></b>x,
        whose bold is dropped); both go, and the emphasis runs on across, as emphasis
        that ends and starts again does (:meth:`place`). Not when the part before is the
        opener of emphasis around the pair."""
        parts = self.parts
        before = self._written_before(opener, -1)
        after = self._written_after(opener, closer)
        if before < 0 or after >= closer or parts[before] != parts[after] or parts[before].strip("*_~"):
            return
        if any(mark.placed == before for mark in self.marks) or any(entry[1] == before for entry in self.closers):
            return
        parts[before] = parts[after] = ""

    def _after_run(self, mark: Mark, first: str) -> str:
        """The character written after the opener of ``mark`` and the openers of ``*``
        placed after it in one run, when ``first`` starts the text after them: the first
        character of the next opener placed there (a link's ``[``, a superscript's
        ``<``: breaker on 693d77c), else ``first``."""
        later = False
        for other in self.marks:
            if other is mark:
                later = True
            elif later and other.placed == -1 and other.opener[0] != "*":
                return other.opener[0]
        return first

    def _split_run(self, first: str) -> None:
        """Before an opener of ``"*"`` that can also close (after a letter or digit
        (:func:`letter_like`), or between punctuation; CommonMark §6.2) followed by
        ``first``: an open emphasis whose opener began one run with an inner one that
        has closed ("***H*2" + "*O") would be closed by it. That emphasis is written
        with ``"_"`` instead ("__*H*2*O*__"), where an underscore opens (not after a
        letter or digit)."""
        parts = self.parts
        last = self._written_before(len(parts), -1)
        if last < 0 or not parts[last].strip("*_~"):
            return                          # one run with the delimiter before it: not split
        before = parts[last][-1]
        if before.isspace() or is_punctuation(before) and not is_punctuation(first):
            return
        for mark in self.marks:
            at = mark.placed
            if (0 <= at < last and parts[at][:1] == "*" and parts[at + 1][:1] == "*"
                    and not letter_like(self._flanking(at)[0])):
                parts[at] = parts[at].replace("*", "_")

    def link_open(self) -> bool:
        for mark in self.marks:
            if mark.link is not None and mark.placed >= 0:
                return True
        return False

    def open_mark(self, name: str, role: int, attributes, parent: Frame | None) -> Mark | None:
        if self.code is not None:
            if role != LINK:
                return None                 # markup inside a code span is text
            # A link inside code (API documentation: "<code><a>String</a></code>"):
            # the span ends before the link and starts again inside it, "[`String`](…)".
            link = self._link_mark(attributes)
            if link is not None:
                code = self.code
                self.close_code(code)
                self.marks.append(link)
                self._open_code(code)
            return link
        if role == CODE:
            mark = Mark("`", "`")
            self._open_code(mark)
            return mark
        if role == LINK:
            mark = self._link_mark(attributes)
            if mark is None:
                return None
        elif name == "q":
            # the outer marks, or the inner ones inside another quotation (and deeper)
            quoted = sum((m.opener, m.closer) in QUOTATION_PAIRS for m in self.marks)
            if quoted >= MAX_QUOTATION_DEPTH:
                return None
            mark = Mark(*self.quotations(attributes, parent)[quoted > 0])
        elif name == "ruby":
            self.ruby_parenthesis = False   # (one ruby's <rp> is not another's: breaker of session 32)
            return None
        elif name == "rt" or name == "rp":
            # an <rt> after an <rp> of its ruby has the page's parentheses; others get them here
            given, self.ruby_parenthesis = self.ruby_parenthesis, name == "rp"
            if given or name == "rp":
                return None
            mark = Mark(*RUBY_PARENTHESES)
        else:
            opener, closer = PAIRS[name]
            if any(m.opener == opener for m in self.marks):
                return None                 # <b><b>: one level of the same emphasis
            mark = Mark(opener, closer)
        self.marks.append(mark)
        return mark

    def quotations(self, attributes, parent: Frame | None) -> QuotationPairs:
        """The quotation marks (outer and inner pairs) of a ``<q>`` with these
        ``attributes`` under the ``parent`` frame: those of its own ``lang`` (HTML
        §3.2.6.2), else of its nearest ancestor's, else of the page's, the first whose
        language HTML §15.3.6 names (an empty or unknown language keeps the marks
        around it, as CSS inherits them); English's, the root's, for none. Only the
        nearest :data:`MAX_QUOTATION_DEPTH` ancestors are read."""
        marks = quotation_marks(attributes.get("lang", "")) if attributes else None
        reach = MAX_QUOTATION_DEPTH
        while marks is None and parent is not None and reach:
            marks = quotation_marks(parent.attributes.get("lang", "")) if parent.attributes else None
            parent = parent.parent
            reach -= 1
        return marks or quotation_marks(self.page.lang) or ENGLISH_QUOTATIONS

    def _link_mark(self, attributes) -> Mark | None:
        """The mark of a link with these attributes, or None where none is written: no
        ``href``, inside another link, or an unsafe target (its text stays, unlinked)."""
        href = attributes.get("href") if attributes else None
        if href is None:
            return None
        for mark in self.marks:
            if mark.link is not None:
                return None
        found = self.destination(href, False)
        if found is None:
            return None
        target, written = found
        return Mark("[", "](" + written + link_title(attributes.get("title", "")) + ")", target)

    def destination(self, value: str, image: bool) -> tuple[str, str] | None:
        """The target of an ``href`` (with ``image``, of a ``src``) and its link
        destination as written (:func:`webfold.markdown.destination`), or None where
        :meth:`webfold.urls.Resolver.target` drops it; remembered for the page."""
        key = (value, image)
        found = self.destinations.get(key, False)
        if found is False:
            target = self.resolve.target(value, image)
            self.resolved = True
            found = None if target is None else (target, destination(target))
            remember(self.destinations, key, found, len(value))
        return found

    def _open_code(self, mark: Mark) -> None:
        """Start the code span of ``mark`` (written when it closes), or continue the one
        just written."""
        self.code = mark
        # A permalink before it is written again, and taken back if the span shows
        # nothing (close_code: "¶<code></code>" at a paragraph's end; quick breaker of
        # session 37)
        pending = self.permalink
        self.code_permalink = pending if pending is not None and self._keep_permalink("`") else None
        # Placed first: a space or an opener between two code elements (a link's,
        # as in Javadoc's "<code>List&lt;</code><a><code>String</code></a>") keeps
        # them apart, and a closer that its next opener continues does not. A
        # heading's permalink left out just before (gap) waits for the span's first
        # character ("Word¶<code>c</code>" is "Word `c`": add_text).
        gap, self.gap = self.gap, False
        if self.item_edge and self.last_code >= 0 and self.last_code == len(self.parts) - 1:
            # a flex item does not continue the code span before it, another box (kbd
            # keys), and two spans that touch would read as one: a space between
            self.item_edge = False
            self.space = True
        self.place("`")
        self.gap = gap
        if self.last_code >= 0 and self.last_code == len(self.parts) - 1:
            content = self.code_spans[self.last_code]
            if len(content) < MAX_JOINED_CODE:
                # "<code>x</code><code>y</code>": one span, as "`x``y`" would read as one
                # (its link characters are counted again when it closes: the two are in
                # the same link or outside links, since nothing was written between them)
                self.parts[-1] = ""
                del self.code_spans[self.last_code]
                if self.link_open():
                    self.link_chars -= len(content)
                mark.placed = len(self.parts) - 1
                self.parts.append(content)
                return
            self.parts.append(" ")          # a span of its own (MAX_JOINED_CODE)
            self.plain.append(" ")
        mark.placed = len(self.parts)
        self.parts.append("")               # the code span is written when it closes

    def close_mark(self, mark: Mark | None) -> None:
        if mark is None or mark not in self.marks:
            return
        # A link that ends inside code ends the span too, which goes on after it.
        code = self.code if mark.link is not None else None
        if code is not None:
            self.close_code(code)
        inner = self.marks[self.marks.index(mark) + 1:]
        for other in reversed(inner):       # close what opened inside it; reopened on demand
            self._write_closer(other)
        self.marks.remove(mark)
        self._write_closer(mark)
        if code is not None:
            self._open_code(code)

    def _write_closer(self, mark: Mark) -> None:
        parts = self.parts
        opener = mark.placed
        if opener < 0:
            return
        mark.placed = -1
        if mark.link is None and mark.opener not in DELIMITERS:
            self.text_end = ""              # a quotation mark, "</sup>": shown after the text
        trailing_break = bool(parts) and parts[-1] == _HARD_BREAK
        if trailing_break:
            parts.pop()                     # "**a\\\n**" would not close: end before the break
        if len(parts) - 1 <= opener:
            del parts[opener:]              # nothing inside: no delimiters at all
        elif mark.link is not None and (self.heading or self._short_link(opener) and (
                not self._enclosed(mark) or self._calls_itself_permalink())) \
                and self._within_page(mark.link) and (sign := self._permalink_mark(opener)) is not None \
                and (self.heading or sign not in WORD_MARKS and self._leads_here(mark.link)):
            # a heading's permalink (Sphinx, MkDocs, Docusaurus): no words of the heading
            # (newcomer of session 32); elsewhere, one that leads to an element around
            # it and ends its paragraph: Sphinx's "¶" after an API definition's <dt>, a
            # code block's, a figure's or a table's caption (newcomer of session 36),
            # not a "¶ 12" of a legal text, nor a "#" or "§", which in running text may
            # start a word ("#WorldCup", "§12"; breaker of session 36), nor one inside
            # emphasis, which cannot tell when it closes whether its paragraph goes on,
            # unless it calls itself a permalink ("**Step 1[¶](#s1)**": breaker of
            # session 37)
            # kept for what may follow (its <a> still open: _leads_here reads its id); not
            # inside emphasis, whose closer would stand between (quick breaker of session
            # 37: "**A**[¶](#p) B")
            pending = not self.heading and not self._enclosed(mark) or \
                self.heading and sign in WORD_MARKS and not self._leads_here(mark.link)
            out = self._leave_out_plain(opener)
            if pending:
                self.permalink = (opener, parts[opener:], mark.link, mark.closer, not self.heading, out)
            del parts[opener:]
            self._forget_from(opener)
            if not pending:
                # Openers placed for it alone wait for the next text, as before a code
                # span that shows nothing ("<b><a>#</a> Title</b>" gave "** Title**"),
                # and a closer that one touched touches the end again: the opener
                # placed next is swapped as this one was ("**Note**_(draft)_")
                while parts and self._take_back_opener(len(parts) - 1):
                    touched = self.swapped.pop(len(parts) - 1, None)
                    parts.pop()
                    if touched is not None and touched[1] == self._written_before(len(parts), -1):
                        self.closers = [(touched[1], touched[0], parts[touched[1]])]
                if self.heading:
                    self._note_gap(opener)
        elif mark.opener not in DELIMITERS:
            # A link's "](…)", an end tag (TAG_MARKS) or a closing quotation mark
            # (webfold.quotations), which close wherever they stand: no flanking rule
            # applies to them.
            if mark.link is not None:
                self.links.append(mark.link)
            parts.append(mark.closer)
            if mark.opener == RUBY_PARENTHESES[0]:
                # ruby's parenthesis is text that emphasis may close before, as a typed
                # one ("**漢(kan**)は": breaker of session 32, the bold was dropped)
                self.texts[id(mark.closer)] = mark.closer
            self.fragile.clear()            # a closer before "]" or "<" is right-flanking
        else:
            before, after = self._flanking(opener)
            unlinked_after = self._unlinked_beside(opener, 1) if letter_like(before) and after == "<" else None
            if unlinked_after is not None and parts[opener][:1] in "*~":
                self._rewrite(*unlinked_after)
                before, after = self._flanking(opener)     # "a**https\://…" opens
            if letter_like(before) and is_punctuation(after) and not self._open_after_punctuation(
                    opener, len(parts)):
                # would not be left-flanking (CommonMark §6.2): "a**[x](/x)**" becomes
                # "a[**x**](/x)" (and "a**<sup>x</sup>**" "a<sup>**x**</sup>"), other
                # text loses the opener and its closer
                if self._wraps_one(opener, len(parts)):
                    parts.append(parts[opener])
                    self._move_inside(opener, len(parts) - 1)
                elif not self._into_enclosures(opener, len(parts)):
                    if parts[opener][:1] == "~":
                        self._strike_as_html(opener)
                    else:
                        parts[opener] = ""
            else:
                # A no-break space (Unicode white space: general category Zs) before a
                # closer stops it closing (CommonMark §6.2, right-flanking): it goes
                # after the closer, as an ASCII space does (Builder.text).
                # The white space may end several parts (an inner closer's, then more).
                end, moved = len(parts), []     # (moved: the tail's pieces, last first)
                while end - 1 > opener:
                    if parts[end - 1] == _HARD_BREAK:
                        # a break before that white space goes out too: "**a\\\n**" closes
                        # nothing ("<b>a<br>&nbsp;</b>")
                        moved.append(_HARD_BREAK)
                        end -= 1
                        continue
                    kept = parts[end - 1].rstrip(_EDGE_SPACES)
                    moved.append(parts[end - 1][len(kept):])
                    if kept:
                        if kept != parts[end - 1]:
                            self._rewrite(end - 1, escape_end(kept))
                        break
                    end -= 1
                tail = "".join(reversed(moved))
                if end - 1 <= opener:
                    del parts[opener:]      # white space only: no delimiters at all
                    self._append_tail(tail)
                else:
                    del parts[end:]
                    self._end_emphasis(opener, tail)
        if trailing_break:
            parts.append(_HARD_BREAK)
            self.fragile.clear()            # a closer before its backslash closes

    def _end_emphasis(self, opener: int, tail: str) -> None:
        """Write the closer of the emphasis whose opener is ``parts[opener]`` (the same
        delimiter: ``"*"`` or ``"_"`` forms, see :meth:`place`) after the text it holds,
        then ``tail`` (white space moved out of it). A closer after punctuation is
        right-flanking only if white space or punctuation follows, and an underscore
        closes only if no letter or digit follows (CommonMark §6.2): such a closer is
        noted in ``fragile`` until the next text tells."""
        parts = self.parts
        closer = parts[opener]
        last = len(parts) - 1
        # "**q*x***y": closers that touch with the same character make one delimiter
        # run, which the character before the run makes right-flanking or not.
        touching = bool(self.closers) and self.closers[-1][0] == last
        run = touching and self.closers[-1][2][:1] == closer[:1]
        after_punctuation = (bool(self.fragile) and self.fragile[-1][1] == last) if run \
            else is_punctuation(parts[self._written_before(last + 1, opener)][-1:])
        parts.append(closer)
        if not touching:
            self.closers = []
        self.closers.append((last + 1, opener, closer))
        if tail:
            self._append_tail(tail)
        elif after_punctuation or closer[0] == "_":
            self.fragile.append((opener, last + 1))

    def _unlinked_beside(self, index: int, step: int) -> tuple[int, str] | None:
        """The written text next to ``parts[index]`` (the first non-empty part after it,
        ``step`` 1, or before it, -1), if it starts (or ends) with an autolink, with that
        autolink written as its text (:func:`webfold.markdown.unlinked`): its index and
        that text, for delimiters at ``index`` that the "<" (or ">") would stop opening
        (or closing). None when there is none: only text outside links holds one
        (:func:`webfold.markdown.escape_prose`)."""
        parts = self.parts
        at = self._written_after(index, len(parts)) if step > 0 else self._written_before(index, -1)
        if not 0 <= at < len(parts) or parts[at] is not self.prose.get(id(parts[at])):
            return None
        text = unlinked(parts[at], at_start=step > 0)
        return None if text is parts[at] else (at, text)

    def _append_tail(self, tail: str) -> None:
        """Append ``tail``, the white space and hard breaks moved out past a closer, with
        each break a part of its own: the closers around it and the paragraph's end
        find breaks as parts ("<i><b>a<br>&nbsp;</b></i>" wrote the outer closer after
        a break that ended a part, on the next line, where it closed nothing)."""
        self.parts.extend([piece for piece in _BREAKS.split(tail) if piece] or [""])

    def _flanking(self, opener: int) -> tuple[str, str]:
        """The characters that decide whether the opener at ``parts[opener]`` opens
        (CommonMark §6.2, left-flanking): after it, past the emptied parts of dropped
        delimiters and the delimiters of the same character ("a**" + "*" + "(": one
        run); before it, past emptied parts and the openers of emphasis still open,
        which are dropped as this one is if that character is a letter ("x*~~,": both
        open nothing). Text parts are escaped, so no text part is a bare delimiter.
        ``""`` at either end of the paragraph."""
        parts = self.parts
        char = parts[opener][:1]
        open_before = {mark.placed for mark in self.marks if 0 <= mark.placed < opener}
        before = opener - 1
        while before >= 0 and (not parts[before] or before in open_before
                               and parts[before] in DELIMITERS):
            before -= 1
        after = opener + 1
        while after < len(parts) and (not parts[after] or parts[after] in DELIMITERS
                                      and parts[after][0] == char):
            after += 1
        return (parts[before][-1:] if before >= 0 else "",
                parts[after][:1] if after < len(parts) else "")

    def _written_before(self, end: int, stop: int) -> int:
        """The index of the last part before ``parts[end]`` that is not empty (past the
        emptied parts of dropped delimiters), or ``stop`` when there is none after it."""
        parts = self.parts
        index = end - 1
        while index > stop and not parts[index]:
            index -= 1
        return index

    def _written_after(self, start: int, stop: int) -> int:
        """The index of the first part after ``parts[start]`` that is not empty (past the
        emptied parts of dropped delimiters), or ``stop`` when there is none before it."""
        parts = self.parts
        index = start + 1
        while index < stop and not parts[index]:
            index += 1
        return index

    def _move_inside(self, opener: int, closer: int) -> None:
        """Move the emphasis delimiters at ``parts[opener]`` and ``parts[closer]``,
        around exactly one link, superscript, subscript or quotation (:meth:`_wraps_one`),
        inside its brackets, tags or quotation marks, where punctuation flanks them:
        "**[a](/x)**y" becomes "[**a**](/x)y", and "x**<sup>2</sup>**" "x<sup>**2**</sup>"."""
        parts = self.parts
        parts[opener], parts[opener + 1] = parts[opener + 1], parts[opener]
        parts[closer - 1], parts[closer] = parts[closer], parts[closer - 1]
        if parts[opener] == "[":
            self._escape_bang(opener)

    def _escape_bang(self, bracket: int) -> None:
        """Escape a ``!`` that the written text before ``parts[bracket]``, a link's
        ``[``, ends with: "!" + "[" would make the link an image."""
        parts = self.parts
        last = self._written_before(bracket, -1)
        # "\\!" is an escaped backslash before a bare "!": the parity of the run decides
        if last >= 0 and parts[last].endswith("!") and not backslashes_before(parts[last], len(parts[last]) - 1) % 2:
            self._rewrite(last, parts[last][:-1] + "\\!")

    def _into_enclosures(self, opener: int, end: int) -> bool:
        """Where the emphasis whose opener is ``parts[opener]`` cannot open (a letter or
        digit before it, punctuation after it) and holds only links (or superscripts,
        subscripts and quotations: :data:`ENCLOSING`), those between it and
        ``parts[end]`` separated by white space (as when a link ends and opens again
        inside it): write the emphasis inside each link instead, "a**[x](/1)
        [y](/2)**" as "a[**x**](/1) [**y**](/2)" (CommonMark §6.2: after "[" and
        before "]" the delimiters flank), as :meth:`_move_inside` does for one link
        whose text has no white space at its ends.
        White space at either end of a link's text stays outside the delimiters; a
        link text that starts or ends with a delimiter of the same character (a run
        it would join) takes the other form of ``*`` (``_``), or the emphasis is
        dropped. The opener is emptied; returns whether it was so written."""
        parts = self.parts
        delimiter = parts[opener]
        links = []
        at = opener + 1
        while at < end:
            if not parts[at].strip():
                at += 1                     # white space between links, or an emptied part
                continue
            ends = ENCLOSING.get(parts[at])
            if parts[at] != "[" and ends is None:
                return False
            close = at + 1
            while close < end and not (parts[close] in ends if ends else parts[close].startswith("](")):
                if parts[close] == parts[at]:
                    return False            # a link (or a quotation) inside another
                close += 1
            first = at + 1
            while first < close and not parts[first].strip():
                first += 1
            last = close - 1
            while last > at and not parts[last].strip():
                last -= 1
            if close >= end or first >= close or _HARD_BREAK in (parts[first], parts[last]):
                return False                # (a break's backslash would escape the closer)
            # a code span's part is written whole (code_spans): no white space to keep out
            if (parts[first] != parts[first].lstrip(_EDGE_SPACES) or parts[last] != parts[last].rstrip(_EDGE_SPACES)) \
                    and (first in self.code_spans or last in self.code_spans):
                return False
            edges = parts[first].lstrip(_EDGE_SPACES)[:1] + parts[last].rstrip(_EDGE_SPACES)[-1:]
            written = delimiter
            if delimiter[0] in edges:
                written = delimiter.replace("*", "_") if delimiter[0] == "*" else delimiter.replace("_", "*")
                if written[0] in edges:
                    return False            # "~~" by "~", or both forms of "*"
            links.append((at, first, last, written))
            at = close + 1
        if not links:
            return False
        for _, first, last, written in links:
            text = parts[first]
            kept = text.lstrip(_EDGE_SPACES)
            parts[first] = text[:len(text) - len(kept)] + written + kept
            text = parts[last]
            kept = text.rstrip(_EDGE_SPACES)
            tail = text[len(kept):]
            # A backslash now before the closer would escape it. (Not escape_end: the text
            # may end in the delimiters of emphasis written inside it before.)
            if tail and backslashes_before(kept, len(kept)) % 2:
                kept += "\\"
            parts[last] = kept + written + tail
        parts[opener] = ""
        for bracket, _, _, _ in links:
            if parts[bracket] == "[":
                self._escape_bang(bracket)      # "!" + "[" would make the link an image
        return True

    def _wraps_one(self, opener: int, closer: int) -> bool:
        """Whether the parts between ``parts[opener]`` and ``parts[closer]`` are
        exactly one link: its ``[``, its text, its ``](destination)`` (text parts are
        escaped, so no text part is a bare bracket), or exactly one superscript,
        subscript or quotation, from its tag or mark to its end tag or mark
        (:data:`ENCLOSING`), and its text has no white space at either end, so that
        :meth:`_move_inside` can move them inside."""
        parts = self.parts
        first = parts[opener + 1]
        if first == "[":
            if not (parts[closer - 1].startswith("](") and "[" not in parts[opener + 2:closer - 1]):
                return False
        else:
            ends = ENCLOSING.get(first)
            # (one part, a quotation mark of the text, is no enclosure: "<b>”</b>a"
            # came out as "”****a", breaker of session 32)
            if ends is None or closer - opener < 4 or parts[closer - 1] not in ends or any(
                    part in ends for part in parts[opener + 2:closer - 1]):
                return False
            # Delimiters of the same character at its edges would make one run with
            # them, which may pair otherwise ("x“***a**!**!***”": breaker on 674ef39).
            char = parts[opener][:1]
            inner = [part for part in parts[opener + 2:closer - 1] if part]
            if inner and (inner[0][:1] == char or inner[-1][-1:] == char):
                return False
        # White space at an end of the link's text would stop the delimiters moved
        # next to it from flanking ("[**a\xa0**](/x)"): _into_enclosures keeps it outside them.
        text = "".join(parts[opener + 2:closer - 1])
        return text == text.strip(_EDGE_SPACES)

    def close_code(self, mark: Mark | None) -> None:
        if mark is None or mark is not self.code:
            return
        self.code = None
        parts = self.parts
        permalink, self.code_permalink = self.code_permalink, None
        if mark.placed < 0 or mark.placed >= len(parts):
            return
        content = "".join(parts[mark.placed + 1:])
        del parts[mark.placed:]
        if not shows_nothing(content):
            self.fragile.clear()            # a closer before a backtick closes
            parts.append(code_span(content))
            self.last_code = len(parts) - 1
            self.code_spans[self.last_code] = content
            self.line_start = False
            if self.link_open():
                self.link_chars += len(content)
            return
        # Nothing to show, as white space and zero-width characters show nothing: the
        # openers placed before it wait for the next text ("<b><code></code> x</b>" is
        # "**x**", not "** x**"; "<code>&#8203;</code>" was a span of its own).
        while parts and self._take_back_opener(len(parts) - 1):
            parts.pop()
        if permalink is not None:
            self._take_back_permalink(permalink)
        written = self.task_written
        if written is not None and parts and parts[0] is written[1] and not "".join(parts[1:]).strip() \
                and self.permalink is None:
            # and so does a task list marker written for it alone (breaker on 4cb993b:
            # "[x]" was a paragraph of its own), unless a permalink left out after it
            # waits for what follows (breaker of session 38: the item went, or the
            # permalink before its text)
            del parts[:]
            self.task, self.task_written = written, None
            self.space, self.line_start = False, True
        if any(char.isspace() for char in content):
            self.space = True               # "a<code>\u00a0</code>b": the words stay apart

    def _take_back_opener(self, index: int) -> bool:
        """Unplace the opener at ``parts[index]``, if one is there: its mark waits for
        the next text again, and the closers that it made close (:attr:`held`) end the
        text again, closing only if what follows lets them (breaker on 693d77c:
        ``<b>a.</b><sup><code></code></sup>b`` showed its asterisks). Returns whether
        one was."""
        for mark in self.marks:
            if mark.placed == index:
                mark.placed = -1
                self.fragile[:0] = self.held.pop(index, [])
                return True
        return False

    def void(self, name: str, attributes) -> None:
        if name == "br":
            if self.pre:
                self.pre_parts.append("\n")
            elif self.heading or self.code is not None:
                self.space = True
            elif self.parts and self.parts[-1] == _HARD_BREAK and not self.permalink_at_end():
                self.parts.pop()
                self.flush()                # <br><br>: a paragraph break
            elif self.parts or self.permalink_at_end():
                # (after a permalink left out, its line's break, kept if it is written
                # again: "A<br>¶<br>B", "¶<br>B"; breaker of session 37)
                self.parts.append(_HARD_BREAK)
                # the text's words stay apart ("foo<br>bar" is "foo bar", not "foobar")
                if self.plain and not self.plain[-1].endswith(" "):
                    self.plain.append(" ")
                self.fragile.clear()        # a closer before its backslash closes
                self.space = False
                self.line_start = True
        elif name == "hr":
            if self.heading:
                self.space = True           # "a<hr>b" in a heading: the words stay apart
            elif self.pre:
                self.new_code_line()        # a block: "a<hr>b" are two lines (breaker of session 32)
            else:
                self.flush_for_block()
                self.emit(Block("***", "thematic_break"))
        elif name == "img" or name == "image":
            if not attributes:
                return
            if self.images and not self.pre and self.code is None:
                self.image(attributes)
            elif self.pre or self.code is not None or any(mark.link is not None for mark in self.marks):
                # Where no image can be written (code holds no markup), or without
                # images in a link, the image is its alt text, as a browser that shows
                # no images writes it: "<kbd><img alt=Ctrl></kbd>" lost "Ctrl" (breaker of
                # session 33), and an image-only link was lost whole (known fault of 32).
                # In a link, white space sets it apart, as the image's box does: "[annA
                # Offline]" ran a user's name into the text after it (newcomer of 33).
                alt = attributes.get("alt", "")
                self.text(alt if self.pre or self.code is not None or not alt else f" {alt} ")
        elif name == "input":
            if attributes and not self.pre and not self.heading and self.code is None:
                self.task_marker(attributes)

    def task_marker(self, attributes: dict[str, str]) -> None:
        """Note a disabled checkbox that comes first in a list item's first paragraph
        as a task list item's marker (GFM §5.3, the task list items extension): ``[x]``
        when it is checked, else ``[ ]``, written before the text that follows it
        (:meth:`place`). Disabled, as Markdown renderers write a task's box (GFM's
        own examples, GitHub, GitLab, pandoc 2), or in an item or list whose class
        names a task list (``task-list-item``, ``contains-task-list``; pandoc 3, whose
        boxes are not disabled: newcomer on e477048): a box that a reader can tick is a
        form's (a shop's filters, a menu opened by a checkbox), and says nothing in
        Markdown, as a checkbox anywhere else."""
        self.place_held()                   # a held leaf comes first in the item
        containers = self.sinks[-1].containers
        if self.parts or not containers or containers[-1].kind != ITEM_CONTAINER or containers[-1].started:
            return
        if attributes.get("type", "").strip().lower() != "checkbox" or (
                self.task is not None and self.task[0] is containers[-1]):     # the first one
            return
        task_list = "disabled" in attributes
        item = containers[-1].frame
        for frame in (item, item.parent if item is not None else None):    # the <li>, its list
            if frame is not None and not task_list:
                task_list = not TASK_LIST_CLASSES.isdisjoint((frame.attributes or {}).get("class", "").split())
        if task_list:
            self.task = (containers[-1], "[x]" if "checked" in attributes else "[ ]")

    def image(self, attributes: dict[str, str]) -> None:
        src = attributes.get("src", "").strip()
        if not src or placeholder_src(src):
            # A data: image is written only when asked, and only with no other source:
            # most are the stand-ins of lazy loading, and all put base64 into the text.
            inline = src if self.resolve.data_images and src[:11].lower() == "data:image/" else ""
            src = (attributes.get("data-src") or attributes.get("data-lazy-src")
                   or attributes.get("data-original") or "").strip()
            if not src:
                srcset = attributes.get("data-srcset") or attributes.get("srcset") or ""
                src = largest_candidate(srcset) or inline
        alt = " ".join(attributes.get("alt", "").split())
        title = attributes.get("title", "")
        if not src:
            self.lazy_image = (alt, title)  # a <noscript> copy may follow
            return
        self.write_image(src, alt, title)

    def noscript_image(self, attributes: dict[str, str]) -> None:
        alt, title = self.lazy_image
        self.lazy_image = None
        src = attributes.get("src", "").strip()
        if src and not placeholder_src(src):
            self.write_image(src, alt or " ".join(attributes.get("alt", "").split()), title)

    def write_image(self, src: str, alt: str, title: str) -> None:
        found = self.destination(src, True)
        if found is None:
            return
        self.place("!")
        self.line_start = False
        alt = escape_inline(alt)
        if alt[:1] == "^":
            # GitHub's renderer (cmark-gfm) reads "[^" as a footnote's: "![^a](i.png)"
            # is "!" and a link there (breaker of session 31)
            alt = "\\" + alt
        part = f"![{alt}]({found[1]}{link_title(title)})"
        self.parts.append(part)
        self.text_end = ""
        if "$" in part:
            self.dollars[id(part)] = part
        self.image_count += 1

    # ----------------------------------------------------------------- leaves

    def flush(self) -> None:
        """Finish the current paragraph (or heading) and emit it as a leaf."""
        parts = self.parts
        if not parts:
            self.space = False
            self.line_start = True
            self.permalink = None           # (a heading of nothing but its permalink)
            return
        if self.code is not None and self.code.placed >= 0:
            self.close_code(self.code)
        for mark in reversed(self.marks):
            if mark.placed >= 0:
                self._write_closer(mark)   # re-opened in the next paragraph if text follows
            mark.placed = -1
        while parts:
            if parts[-1] in (_HARD_BREAK, " ", ""):
                parts.pop()
                continue
            # A break before blank text ends nothing: "item<br>&nbsp;" (a WYSIWYG
            # editor's spacer) left a backslash, a hard break with no line after it.
            blank = len(parts)
            while blank and shows_nothing(parts[blank - 1]):
                blank -= 1
            if blank == len(parts) or not blank or parts[blank - 1] != _HARD_BREAK:
                break
            del parts[blank - 1:]
        if self.plain_out:
            self._plain_without_permalinks()
        if self.links:
            # a "!" that emphasis dropped between it and a link's "[" left touching would
            # make the link an image ("Hi!<b><a>ABC</a> -</b>D"; quick breaker of
            # session 39): each "[" part is a link's (an image is one part)
            for index, part in enumerate(parts):
                if part == "[":
                    self._escape_bang(index)
        text = "".join(self.plain).strip()
        blank = shows_nothing(text)
        if not parts or blank and not self.image_count:
            # "<p>&zwj;</p>", a spacer of CMS templates (291 paragraphs on 32 WCXB dev
            # pages), is no paragraph, as "<p> </p>" is none
            self._reset_paragraph()
            return
        if len(self.code_spans) > 1:
            self._join_touching_code(parts)
        if self.has_formula and self.dollars:
            self._escape_dollars()
        if self.prose:
            self._addresses_before_markup()
        if "&" in text:
            self._unescape_ampersands()
        markdown = "".join(parts)
        if not self.heading:
            # A line start is only known now: "1" and ". item" can come from two elements.
            if _HARD_BREAK in markdown:
                markdown = _HARD_BREAK.join([escape_line_start(line) for line in markdown.split(_HARD_BREAK)])
            else:
                markdown = escape_line_start(markdown)
        if self.heading:
            kind = "heading"
            if markdown.endswith("#"):      # "C #": not a closing sequence
                markdown = re.sub(r"(?:(?<= )|^)(#+)$", r"\\\1", markdown)     # "#" alone too
            markdown = "#" * self.heading + " " + markdown.replace(_HARD_BREAK, " ")
        elif blank and self.image_count:
            kind = "image"
        else:
            kind = "paragraph"
        block = Block(markdown, kind, self.links, len(text), self.link_chars,
                      self.heading if kind == "heading" else 0, text=text)
        self._reset_paragraph()
        self.emit(block)

    def _rewrite(self, index: int, text: str) -> None:
        """Put ``text``, a changed form of the text at ``parts[index]``, in its place,
        still tracked as the paragraph tracked it (:attr:`prose`, :attr:`dollars`: read
        by identity at its end). The old entries stay: they keep their parts alive, so
        that no new part takes an old one's id."""
        old = self.parts[index]
        if old is self.prose.get(id(old)):
            self.prose[id(text)] = text
        if old is self.texts.get(id(old)):
            self.texts[id(text)] = text
        if old is self.dollars.get(id(old)):
            self.dollars[id(text)] = text
        self.parts[index] = text

    def _unescape_ampersands(self) -> None:
        """Take the backslash off an ``&`` that ends a part of text, escaped because
        the text after it might have made it a character reference (``AT&`` then
        ``amp;``: :func:`webfold.markdown.escape_inline` sees one text node), where the
        paragraph's next parts do not (``AT\\&T`` at a paragraph's end was noise for
        readers: newcomer of session 33)."""
        parts = self.parts
        texts = self.texts
        for index, part in enumerate(parts):
            if part is not texts.get(id(part)) or "&" not in part:
                continue
            found = _AMPERSAND_AT_END.search(part)
            if found is None:
                continue
            after = "".join(parts[index + 1:index + 1 + REFERENCE_PARTS])
            if _REFERENCE_REST.match(found.group(1) + after) is None:
                self._rewrite(index, part[:found.start(1) - 2] + part[found.start(1) - 1:])

    def _escape_dollars(self) -> None:
        """Escape the dollar signs of the text beside a formula
        (:func:`webfold.markdown.escape_dollars`): a math reader (GitHub's, pandoc's
        ``tex_math_dollars``, markdown-it's dollarmath) would pair "$5" with a
        formula's "$". Prose without a formula keeps its dollars bare."""
        dollars = self.dollars
        for index, part in enumerate(self.parts):
            if part is dollars.get(id(part)):
                self._rewrite(index, escape_dollars(part))

    def _addresses_before_markup(self) -> None:
        """Write a bare web address that ends text outside links, and that GFM's
        autolink extension would run on into the Markdown after it (a backslash of a
        hard break or an escape, delimiters, a link, an image, a code span, a formula:
        everything up to white space or "<", but for trailing punctuation), so that it
        does not (:func:`webfold.markdown.before_markup`): as an autolink, unless
        delimiters touch it (:meth:`_delimiters_beside`). Done once the
        paragraph ends, when a break at its end has been left out and the dollars
        beside a formula are escaped; the last address first, so that the run read
        after an earlier one meets the later one as written, or stops at it when it was
        left bare (its run is the rest of the earlier one's: linear time on a run of
        addresses). At most :data:`SEARCH_LIMIT` parts are read after each."""
        parts = self.parts
        prose = self.prose
        bare: set[int] = set()          # parts ending in an address whose run reaches no markup
        for index in range(len(parts) - 1, -1, -1):
            part = parts[index]
            if part is not prose.get(id(part)):
                continue
            start = address_at_end(part)
            if start < 0:
                continue
            following = (None if at in bare else parts[at]
                         for at in range(index + 1, min(index + 1 + SEARCH_LIMIT, len(parts))))
            if not runs_into_markup(part[start:], following, self.has_formula):
                if reads_through(part, start):
                    bare.add(index)
                continue
            # An autolink would end the link where the part ends: not where the address
            # runs on into text first ("https://x.example/a<span>b</span><br>"), nor
            # beside delimiters that its "<" or ">" would change.
            ahead = self._written_after(index, len(parts))
            split = ahead < len(parts) and not starts_markup(parts[ahead], self.has_formula)
            stuck = self._delimiters_beside(index, 1) or not start and self._delimiters_beside(index, -1)
            parts[index] = before_markup(part, start, autolink=not (split or stuck))

    def _delimiters_beside(self, index: int, step: int) -> bool:
        """Whether a run of emphasis delimiters follows ``parts[index]`` (``step`` 1) or
        precedes it (-1) and is itself followed (or preceded) by a character that is not
        white space: an autolink's ">" (or "<") beside such a run would change what it
        does (CommonMark §6.2): before a letter it closes nothing, and before
        punctuation it may open as well as close, which pairs the delimiters around it
        otherwise ("*~~<https://…>" after a quotation mark). Emptied parts are passed;
        at most :data:`SEARCH_LIMIT` parts are read."""
        parts = self.parts
        at = index + step
        end = max(min(index + step * SEARCH_LIMIT, len(parts)), -1)
        run = False
        while at != end and not parts[at].strip("*_~"):
            run = run or bool(parts[at])
            at += step
        if not run or at == end:
            return False
        beside = parts[at][:1] if step > 0 else parts[at][-1:]
        return not beside.isspace()

    def _join_touching_code(self, parts: list[str]) -> None:
        """Write as one span the code spans that nothing but emptied parts (delimiters
        dropped for want of flanking) keeps apart: "`a``b`" would read as one span
        holding the backticks. A span is skipped where its part no longer holds it."""
        runs: list[tuple[int, list[str]]] = []
        previous = -1
        for index in sorted(self.code_spans):
            content = self.code_spans[index]
            if index >= len(parts) or parts[index] != code_span(content):
                continue
            if runs and not any(parts[previous + 1:index]):
                runs[-1][1].append(content)
                parts[index] = ""
            else:
                runs.append((index, [content]))
            previous = index
        for first, pieces in runs:
            if len(pieces) > 1:
                parts[first] = code_span("".join(pieces))

    def box(self, name: str) -> None:
        """Note a shown element that a browser draws as a box where it stands
        (``tables.BOXED_ELEMENTS``), though its content is left out: a word after it
        is set apart from the text before it (see text). Punctuation is not: a link's
        icon stands between its text and the full stop after it."""
        if name in BOXED_ELEMENTS:
            self.boxed = True

    def _drop(self, name: str, hidden: bool, attributes) -> None:
        """Open an element of ``tables.DROPPED_ELEMENTS`` (``hidden``: its attributes hide
        it) as a hidden root, but for the text of a shown ``<math>``."""
        self.push(name, NONE, HIDDEN_ROOT | HIDDEN_FOREIGN if hidden and name in FOREIGN_ROOTS
                  else HIDDEN_ROOT, attributes)
        # (hidden_by has judged the root already: as in math_unseen, its style is left)
        shown = not (hidden or attributes is not None and leaves_text_unseen(attributes))
        if same(name, "math") and shown and not is_copy(
                (self.stack[-2].attributes or {} if len(self.stack) > 1 else {}).get("class", "")):
            # a formula is content: its text is kept (webfold.mathml), not dropped
            attributes = attributes or {}
            self.math = MathText(attributes.get("alttext", ""),
                                 attributes.get("display", "").strip().lower() == "block")
            self.math.start(name, "", False)
            self.math_root = self.stack[-1]

    def shadow_root(self, attributes) -> bool:
        """Whether a ``<template>`` with these attributes is a declarative shadow root,
        which browsers render in the element it is in (HTML §4.12.3, §13.2.6.4.4; a
        breaker of session 31: its text was dropped as an inert template's): its
        ``shadowrootmode`` is ``open`` or ``closed``, and that element may host a shadow
        root (:data:`tables.SHADOW_HOSTS`, or a custom element's name) and has none yet
        (it is then marked ``SHADOW_HOST``). The host's own children, which a browser
        shows only where a ``<slot>`` places them, are kept too."""
        if attributes is None or attributes.get("shadowrootmode", "").lower() not in ("open", "closed") \
                or not self.stack:
            return False
        host = self.stack[-1]
        if host.flags & SHADOW_HOST or not (host.tag in SHADOW_HOSTS or "-" in host.tag and host.tag[:1].isalpha()
                                            and host.tag not in RESERVED_CUSTOM_NAMES):
            return False
        host.flags |= SHADOW_HOST
        return True

    def new_code_line(self) -> None:
        """End the line of preformatted text written so far, if it has one: a block
        element inside ``<pre>`` (a ``<div>`` per line, prettify's ``<ol>`` of line
        numbers) starts and ends a line, as a browser lays it out (breaker of session
        31: "a = 1b = 2")."""
        if self.pre_parts and not self.pre_parts[-1].endswith("\n"):
            self.pre_parts.append("\n")

    def close_pre(self) -> None:
        self.pre -= 1
        code = "".join(self.pre_parts).replace("\r\n", "\n").replace("\r", "\n")
        self.pre_parts = []
        if code.startswith("\n"):
            code = code[1:]                 # the newline after <pre> is not content (§13.2.6.4.7)
        code = code.rstrip("\n ")
        if shows_nothing(code):
            return                          # (as a paragraph that shows nothing is none)
        fence = code_fence(code)
        language = self.pre_language
        blocks = self.sinks[-1].blocks
        if (language and not self.sinks[-1].containers and blocks and blocks[-1].kind == "paragraph"
                and blocks[-1].text.strip().lower() == language.lower()):
            # A label naming the language over the code (MDN's "js") says what the
            # fence's info string says already.
            blocks.pop()
        self.emit(Block(f"{fence}{language}\n{code}\n{fence}", "code", text=code,
                        text_chars=len(code)))

    def code_language(self, attributes, wrapper: bool = False) -> None:
        """Take the language an element of a code block (its ``<pre>``, a ``<code>``
        inside it, or, with ``wrapper``, an element around it, by its class) names for
        the fence's info string (:func:`named_language`), where it ranks above the one
        taken so far."""
        if attributes:
            found = named_language(attributes)
            if found is not None and wrapper:
                found = (LANGUAGE_SOURCES.index("wrapper class"), found[1])
            if found is not None and found[0] < self.pre_language_rank:
                self.pre_language_rank, self.pre_language = found

    # ------------------------------------------------------------- containers

    def nested_list(self) -> bool:
        """A list directly inside a list nests under the previous item; returns whether
        this list opened a container for that."""
        if not self.stack or self.stack[-1].role != LIST:
            return False
        last = self.sinks[-1].last_item
        if last is not None:
            self.open_container(Container(ITEM_CONTAINER, " " * len(last.marker), True))
        else:
            self.open_container(Container(ITEM_CONTAINER, "- "))
        return True

    def open_item(self) -> Container:
        state = None
        for frame in reversed(self.stack[-SEARCH_LIMIT:]):
            if frame.role == LIST:
                state = frame.data
                break
            if frame.role == ITEM or frame.role == TABLE:
                break
        alternate = state.alternate if state is not None else self.sinks[-1].alternate
        if state is not None and state.ordered:
            marker = f"{state.number}{')' if alternate else '.'} "
            state.number = min(state.number + 1, MAX_LIST_NUMBER)
        else:
            marker = "* " if alternate else "- "
        container = Container(ITEM_CONTAINER, marker)
        self.open_container(container)
        return container

    @staticmethod
    def interrupts(containers: list[Container], listing: Container) -> bool:
        """Whether a list's first written item may follow a paragraph line directly: a
        bullet item, or an ordered item numbered 1 (CommonMark §5.3), that is not empty
        (§5.2). Empty items wait in :attr:`Container.empty_items` for the list's next
        line, and are written before it."""
        if listing.empty_items:
            return False
        after = containers.index(listing) + 1
        if after < len(containers) and containers[after].kind == ITEM_CONTAINER:
            marker = containers[after].marker.strip()
            return not marker[:1].isdigit() or marker[:-1] == "1"
        return listing.interrupts

    def start_description(self, chrome: int) -> None:
        """A <dd> starts, whose element's chrome bits are ``chrome``. A description list
        is written in PHP Markdown Extra's form, which CommonMark reads as paragraphs:
        each term a paragraph, and the first paragraph of each description after ": ".
        A <dd> is a description, and asks for that ": ", where it stands in a <dl>
        (directly, or in elements that only wrap it, such as the <div> that may group
        a term and its descriptions, WHATWG HTML §4.4.9) and the last leaf written is
        in a <dt> of that list, or in a <dd> of a list that has had such a term: after
        a term that wrote nothing (an icon), ": " would make the paragraph before the
        list its term. The <dd> elements of a <dl> without terms indent (MediaWiki
        writes its ":" lines so) and stay plain, and so does one in a table cell, where
        a pipe table's row would hold the ": "."""
        self.description_sink = None
        last = self.last_leaf
        if last is None or len(self.sinks) > 1:
            return
        stack = self.stack
        for index in range(len(stack) - 1, max(len(stack) - SEARCH_LIMIT, 0) - 1, -1):
            frame = stack[index]
            if same(frame.tag, "dl"):
                break
            if frame.role != BLOCK and frame.role != NONE and frame.role != MARK \
                    and frame.role != LINK and frame.role != CODE:
                return
        else:
            return
        part = description_part(last, frame.serial)
        if part == "dt":
            frame.data = True               # (a <dl>'s data: it has had a term)
        elif part != "dd" or frame.data is None:
            return
        sink = self.sinks[-1]
        self.description_sink = sink
        self.description_depth = len(sink.containers)
        self.description_chrome = chrome

    def open_container(self, container: Container) -> None:
        self.place_held()
        self.sinks[-1].containers.append(container)

    def close_container(self) -> None:
        self.place_held()
        sink = self.sinks[-1]
        if not sink.containers:
            return
        container = sink.containers.pop()
        if container.kind == ITEM_CONTAINER:
            sink.last_item = container if container.started else sink.last_item
            listing = sink.containers[-1] if sink.containers else None
            if not container.started and container.frame is not None and listing is not None \
                    and listing.kind == LIST_CONTAINER and listing.state.ordered:
                # An <li> of an <ol> that held nothing (or only what is dropped) is still
                # an item: left out, it would renumber the items after it (a list item
                # may be empty, CommonMark §5.2). An empty bullet item says nothing, and
                # menus whose entries the drop rules empty have many: it is left out.
                listing.empty_items.append(container.marker.rstrip())
        elif container.kind == LIST_CONTAINER and container.started:
            if container.empty_items:       # empty items at the list's end
                prefix = continuation(sink.containers)
                lines = [prefix + marker for marker in container.empty_items]
                if container.own_leaf:      # an empty item cannot interrupt a paragraph (§5.2)
                    lines.insert(0, prefix.rstrip())
                sink.open.md.extend(lines)
                if sink.items:
                    sink.items[-1].md.extend(lines)
            if sink.containers:
                sink.containers[-1].last_list = (container.state.ordered, container.state.alternate)
        if not sink.containers:
            self.close_open_block(sink)

    def close_open_block(self, sink: Sink) -> None:
        """Finish the block of the sink's outermost list or quote: one block, or one per
        top-level item when the list holds several items and one holds several leaves."""
        if sink.open is not None:
            if len(sink.items) > 1 and max(sink.item_leaves) > 1:
                for item in sink.items:
                    sink.add(item.finish())
            else:
                sink.add(sink.open.finish())
        sink.open = None
        sink.open_element = None
        sink.last_item = None
        sink.items = []
        sink.item_leaves = []

    def innermost_element(self) -> Element | None:
        """The record of the innermost open element (None when none is open)."""
        if not self.stack:
            return None
        frame = self.stack[-1]
        return frame.element()

    def emit(self, block: Block) -> None:
        """Add a finished leaf (or a table's block) to the current sink, written inside
        the sink's open containers."""
        sink = self.sinks[-1]
        block.chrome = self.stack[-1].chrome if self.stack else 0
        if block.element is None:
            block.element = self.innermost_element()
        self.last_leaf = block.element
        # A description's first leaf (not one in chrome that the rules or selection
        # drop, which would take the ": " with it), not blank (": " alone is a colon).
        if self.description_sink is sink and block.chrome == self.description_chrome:
            if self.description_depth == len(sink.containers) and (
                    block.kind == "image" or block.kind == "paragraph" and block.text):
                block.md = ": " + block.md
            self.description_sink = None
        if not sink.containers:
            if block.kind == "code" and sink.blocks:
                self.drop_gutter(sink.blocks, block)
            self.last_placed = block
            sink.add(block)
            return
        # Inside a list or quote a leaf's lines join the item's at once, so a leaf that
        # may be a line-number gutter is held until the next shows whether code follows
        # it; what reads whether the item holds a leaf yet (a task's checkbox, a list's
        # marker after another list) writes it first (breaker of session 36). Hidden
        # notes between, which the top level passes over, are not built in a list or
        # quote (hidden_candidate).
        held = self.gutter_held
        if held:
            if block.kind == "code":
                self.drop_gutter(held, block, self.before_held)
            self.place_held()
        if block.kind in GUTTER_KINDS and block.text[:1].isdigit() and line_numbers(block):
            self.before_held = self.last_placed
            held.append(block)
            return
        self.place_leaf(sink, block)

    def place_held(self) -> None:
        """Write the leaves held as a possible gutter (see :meth:`emit`) into the sink
        that they were emitted to: before its containers change, before another sink
        takes the leaves or it is closed, and before the next leaf."""
        held = self.gutter_held
        if held:
            blocks = held[:]
            held.clear()                    # the same list: emit holds the next leaf in it
            sink = self.sinks[-1]
            for block in blocks:
                self.place_leaf(sink, block)

    def place_leaf(self, sink: Sink, block: Block) -> None:
        """Write a leaf inside the sink's open containers (a list's items, a quote)."""
        self.last_placed = block
        containers = sink.containers
        containers[-1].last_list = None     # a block after a list there: the next list is apart
        first_prefix = []
        separate = True             # a blank line between this leaf and the one before
        decided = False
        new_item = len(containers) == 1 or (containers[1].kind == ITEM_CONTAINER
                                             and not containers[1].started)
        held_before = ""            # prefix of the containers that held the previous leaf
        empty_lines = []            # the lines of the empty items before this leaf
        for index, container in enumerate(containers):
            if container.started:
                first_prefix.append(continued(container))
                if not decided:
                    held_before = "".join(first_prefix)
            else:
                if not decided:     # the outermost container this leaf starts decides
                    decided = True
                    # an item after its list's own leaf is that list's first to the parser
                    listing = containers[index - 1] if container.kind == ITEM_CONTAINER and index \
                        and containers[index - 1].own_leaf else container
                    separate = container.kind == QUOTE_CONTAINER or (
                        listing.kind == LIST_CONTAINER and not self.interrupts(containers, listing))
                first_prefix.append(container.marker)
            if container.empty_items:
                # The first empty item's line starts the containers around it, as the
                # leaf's first line would have.
                after = continuation(containers[:index + 1])
                empty_lines += ["".join(first_prefix) + container.empty_items[0]]
                empty_lines += [after + marker for marker in container.empty_items[1:]]
                first_prefix = [after]
        inside = continuation(containers)
        separator = inside.rstrip()
        lines = block.md.split("\n")
        if block.kind == "thematic_break" and first_prefix and first_prefix[-1] == "* ":
            lines[0] = "---"                # "* ***" is one thematic break, not an item holding one
        lines[0] = "".join(first_prefix) + lines[0]
        for index in range(1, len(lines)):
            line = lines[index]
            # Only an empty line takes the bare separator. A line of spaces or tabs is
            # code's (no other leaf writes one), and its spaces are the code's content,
            # after the prefix as at the top level (CommonMark §4.5, §5.1, §5.2).
            lines[index] = inside + line if line else separator
        for container in containers:
            container.started = True
            container.own_leaf = False
            container.empty_items.clear()   # not before: the next container's decision reads them
        containers[-1].own_leaf = containers[-1].kind == LIST_CONTAINER
        text = "\n".join(empty_lines + lines)
        joined = held_before.rstrip() + "\n" + text if separate else text
        kind = "quote" if containers[0].kind == QUOTE_CONTAINER else "list"
        sink.open = self.grow(sink.open, text, joined, block, kind, sink.open_element)
        if kind == "list":                  # the same lines, by top-level item
            if new_item or not sink.items:
                item = containers[1].frame if len(containers) > 1 else None
                sink.items.append(self.grow(None, text, joined, block, kind,
                                            item.element() if item is not None else None))
                sink.item_leaves.append(1)
            else:
                self.grow(sink.items[-1], text, joined, block, kind, None)
                if len(containers) <= 2:    # leaves of nested lists do not make an item rich
                    sink.item_leaves[-1] += 1

    @staticmethod
    def grow(target: Growing | None, text: str, joined: str, leaf: Block, kind: str,
             element: Element | None) -> Growing:
        """``target`` with a leaf's lines added (``joined``: with the blank line before
        them), or a new one holding the leaf's lines (``text``) when ``target`` is None."""
        if target is None:
            return Growing(Block("", kind, list(leaf.links), leaf.text_chars, leaf.link_chars,
                                 chrome=leaf.chrome, element=element or leaf.element),
                           [text], [leaf.text])
        target.md.append(joined)
        target.text.append(leaf.text)
        block = target.block
        block.links.extend(leaf.links)
        block.text_chars += leaf.text_chars
        block.link_chars += leaf.link_chars
        return target

    # ------------------------------------------------------------------- code

    def language_wrappers(self) -> list[Frame]:
        """The elements around a <pre> whose classes may name its language: the three
        nearest, not counting the parts of a highlighter's line-number table (a
        ``<table>`` of :data:`webfold.gutters.NUMBERED_TABLE_TOKENS`) between them, whose own
        classes are read too; at most :data:`WRAPPER_REACH` in all."""
        frames = self.stack[-1:-1 - WRAPPER_REACH:-1]
        table = next((position for position, frame in enumerate(frames) if frame.tag == "table"), -1)
        if table < 0 or not (frames[table].attributes and numbered_table(frames[table].attributes.get("class", ""))):
            return frames[:3]
        counted = [position for position, frame in enumerate(frames)
                   if position > table or frame.tag not in TABLE_PARTS]
        return frames[:counted[2] + 1] if len(counted) > 2 else frames

    def hexo_language(self) -> str:
        """The language that Hexo names for a <pre> about to open, or "": Hexo writes
        each code block as ``<figure class="highlight bash"><table><tr><td
        class="code"><pre>`` (after a ``<td class="gutter">`` when lines are numbered),
        the language as the figure's second and last class. Read in that form only, and
        not where that class is ``notranslate``, not ASCII, or a ``language-`` class of
        a human language: a figure's classes are the page's own elsewhere (breaker of
        session 36: "highlight notranslate")."""
        frames = self.stack[-1:-1 - 5:-1]
        tags = [frame.tag for frame in frames]
        if tags[:3] != ["td", "tr", "tbody"] and tags[:3] != ["td", "tr", "table"]:
            return ""
        figure = 4 if tags[2] == "tbody" else 3
        if len(frames) <= figure or tags[figure - 1] != "table" or not same(tags[figure], "figure"):
            return ""
        cell, outer = frames[0].attributes, frames[figure].attributes
        tokens = outer.get("class", "").split() if outer else []
        if not (cell and "code" in cell.get("class", "").split() and len(tokens) == 2 and tokens[0] == "highlight"):
            return ""
        named = named_language({"class": tokens[1]})     # "highlight language-python"
        if named is not None:
            return "" if _HUMAN_LANGUAGE.fullmatch(named[1]) else named[1]
        # a bare word is Hexo's own, where "sv" is SystemVerilog (breaker of session 36)
        name = tokens[1]
        return "" if not name.isascii() or name.lower() == "notranslate" else name

    def drop_line_numbers(self, name: str) -> None:
        """At the end of an element inside preformatted text whose class names line
        numbers (:func:`webfold.gutters.names_gutter`) that began a line (the outermost
        such element): take out the text it added to the code when that is numbers
        alone (:func:`webfold.gutters.only_numbers`): all of a table cell's (a column of
        its own), or the one number of an inline element (``name``), keeping its line
        breaks.
        Chroma's and Pygments' inline numbers (``<span class="ln">1</span>a := 1``) and
        the gutter cell of the Rouge table that Jekyll writes inside ``<pre>`` are a
        margin that readers do not copy; written, ``1a := 1`` is no code."""
        if not self.line_number_starts:
            return
        start = self.line_number_starts.pop()
        if not self.pre or start >= len(self.pre_parts):
            return
        text = "".join(self.pre_parts[start:])
        if not only_numbers(text):
            return
        if name in BLOCK_ELEMENTS:
            del self.pre_parts[start:]      # a column of its own (Rouge's <td class="gutter">)
        elif len(text.split()) == 1:
            # a number at the start of a line, which keeps its line breaks
            self.pre_parts[start:] = ["\n" * text.count("\n")] if "\n" in text else []

    def at_code_line_start(self) -> bool:
        """Whether the preformatted text so far ends a line (or is empty), white space
        aside. At most :data:`LINE_START_PARTS` parts are read back, so that a run of
        blank parts (spaces, or numbers already taken out) costs each element a bounded
        look, not the whole run again (breaker of session 35: quadratic time)."""
        parts = self.pre_parts
        for position in range(len(parts) - 1, max(len(parts) - 1 - LINE_START_PARTS, -1), -1):
            stripped = parts[position].rstrip(" \t")
            if stripped:
                return stripped.endswith(("\n", "\r"))
        return len(parts) <= LINE_START_PARTS

    def drop_gutter(self, blocks: list[Block], code: Block, before: Block | None = None) -> None:
        """Remove from ``blocks`` the line-number gutter of ``code`` (a code block about
        to follow them; :func:`webfold.gutters.is_gutter`): the last of them seen as the
        code is, past at most :data:`GUTTER_LOOKBACK` others (hidden notes such as
        "Copied!", built only for the selector), so that both modes read the same.
        ``before``: the block written before the first of them (None: none)."""
        for position in range(len(blocks) - 1, max(len(blocks) - 2 - GUTTER_LOOKBACK, -1), -1):
            candidate = blocks[position]
            if not (candidate.chrome ^ code.chrome) & (CHROME_HIDDEN | CHROME_INVISIBLE):
                if is_gutter(candidate, code, blocks[position - 1] if position else before):
                    del blocks[position]
                return

    # ----------------------------------------------------------------- tables

    def add_cell(self, frame: Frame, sink: Sink) -> None:
        sink.containers.clear()
        self.close_open_block(sink)
        table = self.tables[-1]
        if frame.role == CAPTION:
            table.caption.extend(sink.blocks)
            return
        attributes = frame.attributes or {}
        cell = Cell(sink.blocks, span(attributes.get("colspan"), MAX_COLSPAN, 1),
                    span(attributes.get("rowspan"), MAX_ROWSPAN, 0), frame.tag == "th")
        if not table.rows:
            table.rows.append([])
        table.rows[-1].append(cell)

    def close_table(self, frame: Frame) -> None:
        table = self.tables.pop()
        for block in table.caption:
            self.emit(block)
        rows = table.rows
        if not any(rows):
            return
        grid = None if table.is_layout() else table.grid()
        if grid is None:                    # a layout table, or one too sparse to draw
            # A highlighter's table of a gutter cell and a code cell: the gutter goes
            # here, where both cells' blocks are at hand, and not only when emit meets
            # them at the top level (inside a list item or a quote, the gutter's lines
            # would have joined the item's before the code came).
            leaves: list[Block] = []
            for row in rows:
                for cell in row:
                    for block in cell.blocks:
                        if block.kind == "code" and leaves:
                            self.drop_gutter(leaves, block)
                        leaves.append(block)
            for block in leaves:
                self.emit(block)
            return
        if not grid:
            return
        cells = [cell for row in rows for cell in row]
        links = [link for cell in cells for block in cell.blocks for link in block.links]
        text = " ".join(block.text for cell in cells for block in cell.blocks if block.text)
        self.emit(Block(pipe_table(grid), "table", links, len(text),
                        sum(block.link_chars for cell in cells for block in cell.blocks),
                        text=text, rows=grid, element=frame.element()))

    # ----------------------------------------------------------------- finish

    def finish(self) -> list[Block]:
        self.place_held()
        sink = self.sinks[0]
        while len(self.sinks) > 1:
            self.sinks.pop()
        self.close_open_block(sink)
        blocks = sink.blocks
        for position, block in enumerate(blocks):
            block.position = position
            block.page = self.page
        return blocks


#: The elements around a <pre> read for its language: three, and the parts of a
#: highlighter's line-number table among them (td, tr, tbody, table), at most this
#: many in all (Builder.language_wrappers).
WRAPPER_REACH = 8
#: Parts of preformatted text read back to find where a line starts (see
#: Builder.at_code_line_start): spaces and emptied numbers between lines are few.
LINE_START_PARTS = 8
#: Blocks of another visibility that may stand between a gutter and its code (see
#: Builder.drop_gutter).
GUTTER_LOOKBACK = 3

#: The kinds of chrome :func:`without_chrome` judges, in its order.
CHROME_ORDER = (CHROME_NAV, CHROME_HEADER_FOOTER, CHROME_CLASS, CHROME_ASIDE, CHROME_INVISIBLE, CHROME_FORM)


#: Dialogs are judged as the other blocks only on a page that has next to no text of
#: its own (see :func:`dialogs_left_out`): less than this many characters outside
#: dialogs and links, the upper quartile of the length of main-content paragraphs on
#: WCXB dev (277 characters) ...
DIALOG_PAGE_CHARS = 280
#: ... while the dialogs hold more than this share of the page's own text.
DIALOG_SHARE = 0.8


#: Where a code element names its language, best first: a ``language-x`` class (the
#: HTML standard's convention, §4.5.15), ``data-lang``, ``data-language``, another class
#: (``tables.CODE_LANGUAGE``), ``lang`` (GitHub's ``<pre lang="python">``; also the
#: human language HTML means by it, so taken last), and after them the class of a
#: highlighter's wrapper around the ``<pre>`` (Builder.block_start).
LANGUAGE_SOURCES = ("language-class", "data-lang", "data-language", "class", "lang", "wrapper class")


def named_language(attributes: dict[str, str]) -> tuple[int, str] | None:
    """The best-ranked language that a code element's attributes name
    (:data:`LANGUAGE_SOURCES`): ``(rank, lower-cased name)``, or None. A name of more
    than 30 characters, or of others than letters, digits and ``+#.-``, is none, and so
    are the "auto" and "none" of highlighters that guess or leave code plain
    (``tables.NO_CODE_LANGUAGE``): the next source is read."""
    classes = attributes.get("class") or ""
    matches = list(CODE_LANGUAGE.finditer(classes)) if classes else []
    values = ([match.group(1) for match in matches if match.group(1)][:1], [attributes.get("data-lang")],
              [attributes.get("data-language")], [match.group(2) for match in matches if match.group(2)][:1],
              [attributes.get("lang")])
    for rank, found in enumerate(values):
        value = found[0] if found else None
        if value and re.fullmatch(r"[\w+#.-]{1,30}", value) and value.lower() not in NO_CODE_LANGUAGE:
            return rank, value.lower()
    return None


def dialogs_left_out(blocks: list[Block]) -> bool:
    """Whether the page has dialogs (``CHROME_DIALOG``, hidden ones too) and they are
    windows over it, which main-content selection leaves out (``webfold.select.choose``) and the
    drop rules do not weigh the page's chrome against (:func:`without_chrome`): always,
    but on a page shown whole in one (a lightbox beside a "Skip to content" line and a
    menu), which has less than :data:`DIALOG_PAGE_CHARS` of text of its own outside
    dialogs while its dialogs hold more than :data:`DIALOG_SHARE` of the page's own
    text. Text of its own is text outside links (a menu is no page, in a dialog or
    not); hidden text, closed panels' too, does not count, as ``to_blocks`` without
    chrome never builds it, but the text of an unseen style does, which may be the page
    waiting for its scripts. Neither bound alone will do: allbirds.com's store pages (WCXB dev 0580,
    0632) hold 96% of their text in policy dialogs, and a news brief of two lines
    beside a newsletter dialog has less than a paragraph of its own. On dev, every
    page's dialogs are left out (the least text of its own beside dialogs, 166
    characters on two deathwishcoffee.com pages, is beside dialogs holding 6% of the
    text)."""
    has_dialogs = False
    in_dialogs = own = 0
    for block in blocks:
        chrome = block.chrome
        has_dialogs = has_dialogs or bool(chrome & CHROME_DIALOG)
        if chrome & CHROME_HIDDEN:
            continue
        if chrome & CHROME_DIALOG:
            in_dialogs += block.text_chars - block.link_chars
        else:
            own += block.text_chars - block.link_chars
    return has_dialogs and leaves_dialogs_out(in_dialogs, own)


def leaves_dialogs_out(in_dialogs: float, own: float) -> bool:
    """The rule of :func:`dialogs_left_out` on a page's sums of text characters of its
    own (outside links): in dialogs and outside them (training sums them from its
    rows)."""
    return own >= DIALOG_PAGE_CHARS or in_dialogs <= DIALOG_SHARE * (in_dialogs + own)


def without_chrome(blocks: list[Block]) -> list[Block]:
    """The blocks that the drop rules keep, in order: hidden blocks (``CHROME_HIDDEN``)
    go, and each other kind of chrome goes unless it holds more than four fifths of
    the text left; of the text outside dialogs where they are windows over the page
    (:func:`dialogs_left_out`), as a cookie notice beside a page that is all in its
    ``<header>``. Pages are built as <section><header>…</header></section>, wrapped
    whole in a <form> (ASP.NET), an unclosed <aside> or visibility:hidden, and a class
    can be misread; the broad wrappers are judged last, on what is left.

    Parameters
    ----------
    blocks : list of Block
        One page's blocks with their chrome bits, as :meth:`Builder.run` returns them.
    """
    windows = dialogs_left_out(blocks)
    blocks = [block for block in blocks if not block.chrome & CHROME_HIDDEN]
    for kind in CHROME_ORDER:
        if not any(block.text_chars for block in blocks if block.chrome & kind):
            continue
        page = blocks
        if windows:     # the page's text is what is beside the dialogs, while it holds any
            page = [block for block in blocks if not block.chrome & CHROME_DIALOG and block.text_chars] or blocks
        share = sum(block.text_chars for block in page if block.chrome & kind)
        if share <= 0.8 * sum(block.text_chars for block in page):
            blocks = [block for block in blocks if not block.chrome & kind]
    return blocks


def span(value: str | None, limit: int, zero: int) -> int:
    """A ``colspan`` or ``rowspan`` value: its leading digits clamped to ``limit``; 1 when
    absent or not a number; ``zero`` for 0 (a ``rowspan`` of 0 runs to the end of the
    table, a ``colspan`` of 0 is 1). WHATWG HTML §4.9.11 and "rules for parsing
    non-negative integers"."""
    number = html_integer(value)
    if number is None or number < 0:
        return 1
    return zero if number == 0 else min(number, limit)
