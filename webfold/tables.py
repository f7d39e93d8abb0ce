"""Rules that are really data: tag categories, raw text elements, chrome tokens.

Every table cites its source. The scanner (``_scan.pyx``) numbers tag and attribute
names by their position in :data:`TAG_NAMES` and :data:`ATTRIBUTE_NAMES`, so those
two tuples may only grow at the end.
"""

from __future__ import annotations

import re
from itertools import permutations

from webfold.patterns import LazyPattern

#: Tag names the scanner recognises by number (index 0 means "any other name").
#: Source: the element index of the WHATWG HTML standard, plus obsolete elements that
#: still occur on the web (center, font, strike, tt, big, marquee, nobr).
TAG_NAMES: tuple[str, ...] = (
    "",
    "a", "abbr", "address", "area", "article", "aside", "audio", "b", "base", "bdi",
    "bdo", "big", "blockquote", "body", "br", "button", "canvas", "caption", "center",
    "cite", "code", "col", "colgroup", "data", "datalist", "dd", "del", "details", "dfn",
    "dialog", "dir", "div", "dl", "dt", "em", "embed", "fieldset", "figcaption", "figure",
    "font", "footer", "form", "frame", "frameset", "h1", "h2", "h3", "h4", "h5", "h6",
    "head", "header", "hgroup", "hr", "html", "i", "iframe", "img", "input", "ins", "kbd",
    "label", "legend", "li", "link", "main", "map", "mark", "marquee", "math", "menu",
    "meta", "meter", "nav", "nobr", "noembed", "noframes", "noscript", "object", "ol",
    "optgroup", "option", "output", "p", "param", "picture", "plaintext", "pre",
    "progress", "q", "rp", "rt", "ruby", "s", "samp", "script", "search", "section",
    "select", "slot", "small", "source", "span", "strike", "strong", "style", "sub",
    "summary", "sup", "svg", "table", "tbody", "td", "template", "textarea", "tfoot",
    "th", "thead", "time", "title", "tr", "track", "tt", "u", "ul", "var", "video", "wbr",
    "xmp", "image", "acronym", "listing",
)
TAG_ID: dict[str, int] = {name: number for number, name in enumerate(TAG_NAMES)}

#: Attribute names the scanner recognises by number (index 0: any other name).
ATTRIBUTE_NAMES: tuple[str, ...] = (
    "",
    "alt", "aria-hidden", "charset", "class", "colspan", "content", "data-lang",
    "data-lazy-src", "data-original", "data-src", "data-srcset", "hidden", "href", "http-equiv",
    "id", "lang", "name", "rowspan", "src", "srcset", "start", "style", "title", "type",
    "data-language", "property", "reversed", "language", "role", "itemprop", "itemtype",
    "datetime", "dir", "width", "height", "rel", "scope", "headers", "label", "aria-label",
    "data-testid", "data-component", "data-module",
    "data-sveltekit-fetched", "sveltekit:data-type", "aria-controls", "aria-modal", "popover",
    "aria-expanded", "encoding", "display", "visibility", "alttext", "checked", "disabled",
    "shadowrootmode",
)

#: Elements whose whole body is raw text: the scanner only searches it for the end tag.
#: Source: WHATWG HTML §13.1.2 (raw text and escapable raw text elements) and the
#: tokenizer states the tree builder switches to (§13.2.6.4: xmp, iframe, noembed,
#: noframes, plaintext).
RAW_TEXT_ELEMENTS = frozenset(
    {"script", "style", "textarea", "title", "xmp", "iframe", "noembed", "noframes", "plaintext"}
)

#: Void elements never have an end tag or content. Source: WHATWG HTML §13.1.2.
VOID_ELEMENTS = frozenset(
    {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param",
     "source", "track", "wbr", "frame", "image"}
)

#: Dropped with their whole subtree: never content. Chosen for Webfold (issue [1]).
#: ``noscript`` is dropped too, unless the page's text is mostly inside it (see
#: ``Builder.keep_noscript``). A ``form`` is chrome rather than dropped (see
#: ``block.CHROME_FORM``): ASP.NET pages wrap their whole body in one. A ``button`` is
#: dropped unless it names content (see ``Builder.control_role``).
DROPPED_ELEMENTS = frozenset(
    {"script", "style", "noscript", "template", "svg", "math", "head", "nav",
     "input", "select", "option", "textarea", "iframe", "dialog", "canvas",
     "object", "embed", "title", "noembed", "noframes", "datalist", "optgroup",
     "audio", "video", "frameset", "frame", "search"}
)

#: Dropped elements that a browser draws as a box where they stand (form controls,
#: embedded content, an inline SVG icon): the words before and after one are apart,
#: as they are on screen ("Name<input>next" is "Name next"). Not ``<input
#: type=hidden>``, which draws nothing (HTML §4.10.5.1.1).
BOXED_ELEMENTS = frozenset({"input", "select", "textarea", "button", "iframe", "canvas", "video",
                            "object", "embed", "svg"})

#: The roots of foreign content (SVG and MathML), dropped with their subtree.
FOREIGN_ROOTS = frozenset({"svg", "math"})
#: Foreign elements whose children are parsed as HTML, by the namespace they are in:
#: SVG's HTML integration points and MathML's text integration points (WHATWG HTML
#: §13.2.6, "tree construction dispatcher"), where <mglyph> and <malignmark> stay
#: MathML (MATHML_GLYPHS). MathML's <annotation-xml> is one when its encoding
#: attribute is one of HTML_ENCODINGS. Names lower-cased.
INTEGRATION_POINTS = {"svg": frozenset({"foreignobject", "desc", "title"}),
                      "math": frozenset({"mi", "mo", "mn", "ms", "mtext"})}
MATHML_GLYPHS = frozenset({"mglyph", "malignmark"})
#: The SVG elements between a root and a <foreignObject> through which the HTML in it
#: is drawn (SVG 2, §5.1 "container elements" that render their children): not <defs>,
#: <symbol>, <mask>, <clipPath>, <pattern>, <marker> (drawn only where used), <text>
#: (which holds no foreignObject) or <switch> (which draws one child of its choice).
DRAWN_SVG = frozenset({"svg", "g", "a"})
#: SVG elements laid out as boxes of their own, apart from the text around them.
SVG_BOXES = frozenset({"svg", "foreignobject", "text"})
HTML_ENCODINGS = frozenset({"text/html", "application/xhtml+xml"})
#: The formatting elements (§13.2.4.3), which the adoption agency algorithm moves.
FORMATTING_ELEMENTS = frozenset({"a", "b", "big", "code", "em", "font", "i", "nobr", "s", "small",
                                 "strike", "strong", "tt", "u"})

#: Start tags that end foreign content: an HTML tag inside <svg> or <math> closes
#: them, and what follows is HTML again (WHATWG HTML §13.2.6.5, "the rules for
#: parsing tokens in foreign content"; <font> with color, face or size is left out).
FOREIGN_BREAKOUT = frozenset(
    {"b", "big", "blockquote", "body", "br", "center", "code", "dd", "div", "dl", "dt", "em",
     "embed", "h1", "h2", "h3", "h4", "h5", "h6", "head", "hr", "i", "img", "li", "listing",
     "menu", "meta", "nobr", "ol", "p", "pre", "ruby", "s", "small", "span", "strong", "strike",
     "sub", "sup", "table", "tt", "u", "ul", "var"}
)

#: Page furniture only outside content sectioning (see ``build``): header and footer
#: are chrome at page level; aside is chrome except inside main or article.
SECTIONING = frozenset({"article", "section", "main", "aside", "nav"})

#: Elements that end the current paragraph: the "block-level" elements of CSS's
#: default stylesheet (WHATWG HTML §15.3, "Rendering: the CSS user agent style sheet").
BLOCK_ELEMENTS = frozenset(
    {"address", "article", "aside", "blockquote", "body", "center", "dd", "details", "dialog",
     "dir", "div", "dl", "dt", "fieldset", "figcaption", "figure", "footer", "form", "h1",
     "h2", "h3", "h4", "h5", "h6", "header", "hgroup", "hr", "html", "legend", "li",
     "listing", "main", "menu", "nav", "ol", "p", "pre", "section", "summary", "table",
     "caption", "tbody", "thead", "tfoot", "tr", "td", "th", "ul", "xmp", "search", "frameset",
     "plaintext", "colgroup", "col"}
)

HEADING_LEVEL = {"h1": 1, "h2": 2, "h3": 3, "h4": 4, "h5": 5, "h6": 6}

#: The "special" category of the tree builder: an end tag of another name never
#: closes an element past one of these. Source: WHATWG HTML §13.2.4.2.
SPECIAL_ELEMENTS = frozenset(BLOCK_ELEMENTS | {
    "applet", "area", "base", "br", "button", "col", "embed", "frame", "iframe", "img",
    "input", "link", "marquee", "meta", "noembed", "noframes", "noscript", "object",
    "param", "script", "select", "source", "style", "template", "textarea", "title",
    "track", "wbr", "xmp", "image", "head", "svg", "math",
})

#: Elements that bound the search of an end tag: nothing outside them is closed by
#: an end tag seen inside. Source: WHATWG HTML §13.2.4.2, "has an element in scope";
#: and <select>, which the "in select" insertion mode (§13.2.6.4.16) closed to every
#: tag but its own, and browsers that parse what a select holds as HTML (Chromium
#: since 2025, whatwg/html#10557) take as a boundary: in <p><select><div>x, or
#: <div><select></div>x, x is in the select.
SCOPE_BOUNDARIES = frozenset(
    {"applet", "caption", "html", "table", "td", "th", "marquee", "object", "template", "svg", "math",
     "select"}
)

#: A start tag of the key closes an open element of any of the values first, if
#: one is open (looking no further than a scope boundary or the listed stoppers).
#: Source: WHATWG HTML §13.2.6.4.7 ("in body" insertion mode) and §13.1.2.4
#: (optional end tags).
P_CLOSERS = frozenset(
    {"address", "article", "aside", "blockquote", "center", "details", "dialog", "dir",
     "div", "dl", "fieldset", "figcaption", "figure", "footer", "header", "hgroup", "main",
     "menu", "nav", "ol", "p", "search", "section", "summary", "ul", "h1", "h2", "h3", "h4",
     "h5", "h6", "pre", "listing", "form", "plaintext", "table", "hr", "xmp", "li", "dd", "dt"}
)

#: Class and id tokens of consent banners, cookie notices, ad slots and newsletter
#: pop-ups. An element whose class or id holds one of these tokens (as a whole token:
#: not part of a longer hyphenated word) is chrome, like a page-level header. Grouped as in
#: trafilatura's ``settings.py`` and resiliparse's ``_PAGE_CHROME`` patterns; kept
#: narrow on purpose, because a false match drops content.
CHROME_TOKENS: dict[str, tuple[str, ...]] = {
    "consent": ("cookie-banner", "cookie-consent", "cookie-notice", "cookie-bar",
                "cookiebanner", "cookieconsent", "cookienotice", "cookie-law", "gdpr",
                "consent-banner", "onetrust-consent-sdk",
                "onetrust-banner-sdk", "cc-window", "cookie-popup", "truste-consent"),
    "ads": ("ad", "ads", "advert", "adverts", "advert-banner", "sponsored", "advertisement", "ad-slot", "adslot", "ad-container", "ad-wrapper", "adsbygoogle",
            "ad-banner", "ad-unit", "google-ad", "sponsored-ad", "dfp-ad", "ad-placeholder"),
    "newsletter": ("newsletter-popup", "newsletter-modal", "newsletter-signup",
                   "subscribe-popup", "signup-modal", "email-signup-popup"),
}

#: Class names of the utility rules that take text off the screen but leave it to screen
#: readers (a 1-pixel clipped box): Bootstrap's ``sr-only`` and ``visually-hidden``,
#: WordPress's ``screen-reader-text``, Shopify's and HTML5 Boilerplate's
#: ``visually-hidden``/``visuallyhidden``, Foundation's ``show-for-sr``, Drupal's
#: ``element-invisible``, Amazon's ``a-offscreen``. Matched as whole class names (a
#: Tailwind ``md:sr-only`` applies only on wide screens), and not when a
#: ``*not-sr-only`` class undoes them; ``*-focusable`` variants show on keyboard focus
#: only (skip links).
SCREEN_READER_ONLY = frozenset((
    "sr-only", "sr-only-focusable", "screen-reader-text", "screen-reader-only", "screenreader",
    "screenreader-only", "visually-hidden", "visually-hidden-focusable", "visuallyhidden",
    "u-visually-hidden", "show-for-sr", "element-invisible", "a-offscreen", "assistive-text",
))
# The display utility classes of Tailwind CSS 3 and Bootstrap 5, each family in the
# order of its style sheet (at equal specificity the later rule wins).
_TAILWIND_DISPLAY = ("block", "inline-block", "inline", "flex", "inline-flex", "table", "inline-table",
                     "table-caption", "table-cell", "table-column", "table-column-group",
                     "table-footer-group", "table-header-group", "table-row-group", "table-row",
                     "flow-root", "grid", "inline-grid", "contents", "list-item", "hidden")
_BOOTSTRAP_DISPLAY = ("inline", "inline-block", "block", "grid", "inline-grid", "table", "table-row",
                      "table-cell", "flex", "inline-flex", "none")
_CONTAINERS = frozenset(("flex", "inline-flex", "grid", "inline-grid"))
#: What each display utility class says, by its exact name (class selectors are
#: case-sensitive in standards mode): its rank, ``(important, width, order)``, and whether it
#: makes a flex or grid container (see ``build.class_display``). The width counts the
#: responsive variants that apply on a desktop's 1280 pixels, which the larger ones
#: override: Tailwind's ``sm:`` to ``xl:`` (640 to 1280 pixels), Bootstrap's ``-sm-``
#: to ``-xl-`` (576 to 1200), whose rules are ``!important`` and beat the others, as do
#: Tailwind's made so by a ``!`` (``md:!flex``).
#: ``hidden md:flex`` is a flex container there, ``flex md:block`` is not.
DISPLAY_CLASSES = {
    **{f"{prefix}{important}{value}": ((len(important), width, order), value in _CONTAINERS)
       for width, prefix in enumerate(("", "sm:", "md:", "lg:", "xl:")) for important in ("", "!")
       for order, value in enumerate(_TAILWIND_DISPLAY)},
    **{f"d{infix}-{value}": ((1, width, order), value in _CONTAINERS)
       for width, infix in enumerate(("", "-sm", "-md", "-lg", "-xl"))
       for order, value in enumerate(_BOOTSTRAP_DISPLAY)},
}
#: The ``display`` values of a flex or grid container (CSS Flexbox 1 §3, CSS Grid 1
#: §5.1), their keywords sorted: one keyword, or an outer and an inner one in either
#: order (CSS Display 3 §2), and the prefixed forms that browsers still take.
FLEX_DISPLAYS = frozenset(("flex", "inline-flex", "grid", "inline-grid", "block flex", "flex inline",
                           "block grid", "grid inline", "-webkit-flex", "-webkit-inline-flex",
                           "-ms-flexbox", "-ms-inline-flexbox", "-ms-grid", "-ms-inline-grid"))
#: What a reader can click to show a closed panel (see build.Builder.closed_panel): the
#: interactive elements (WHATWG HTML §3.2.5.2.7) that take a click, and elements with an
#: operable WAI-ARIA 1.2 widget role.
CONTROL_ELEMENTS = frozenset(("a", "button", "summary", "input", "label"))
CONTROL_ROLES = frozenset(("button", "tab", "link", "checkbox", "switch", "menuitem",
                           "menuitemcheckbox", "treeitem"))
#: The WAI-ARIA 1.2 roles of a window over the page (§5.4, ``dialog`` and
#: ``alertdialog``), whose subtree main-content selection leaves out
#: (``block.CHROME_DIALOG``), as the ``<dialog>`` element is dropped. On WCXB dev, the
#: blocks inside them (or inside ``aria-modal="true"`` or a popover) hold 58,278 words
#: that are not main content and 1,141 that are (mostly cookie notices that the
#: annotators kept).
DIALOG_ROLES = frozenset(("dialog", "alertdialog"))

#: All of :data:`CHROME_TOKENS`, for lookups of a class or id's lower-cased tokens.
CHROME_TOKEN_SET = frozenset(token for group in CHROME_TOKENS.values() for token in group)
#: A class or id token, as :data:`CHROME_TOKENS` counts one, is read by
#: :func:`webfold._text.attribute_marks`.

#: An inline ``style`` that removes an element from the rendering: CSS Display
#: Level 3, ``display: none``, and the table columns, whose boxes hold nothing that is
#: drawn (CSS 2.1 §17.2: "not rendered (exactly as if they had 'display: none')";
#: newcomer of session 32: their text was shown). Its subtree is hidden.
#: Where a declaration starts: at the start of the style or after a ";" (a property
#: name after a space belongs to the value before it: "font-family:x display:none" is
#: one invalid declaration, breaker of session 32).
_START = r"(?:^|;)\s*"
DISPLAY_NONE = LazyPattern(_START + r"display\s*:\s*(?:none|table-column(?:-group)?)\s*(?:!\s*important\s*)?(?:;|$)",
                           re.IGNORECASE)
#: An inline ``display`` declaration: its value, and ``!important`` if it is so.
DISPLAY = LazyPattern(_START + r"display\s*:\s*([^;!]*?)\s*(!\s*important\s*)?(?:;|$)", re.IGNORECASE)

#: Inline ``style`` declarations that leave an element's text unseen while keeping
#: its box: the tricks that hide text from readers but not from a converter (and so
#: carry prompt injections). Their subtree is chrome (``block.CHROME_INVISIBLE``):
#: removed unless it holds most of the page's text, since whole pages are wrapped in
#: ``visibility: hidden`` until their scripts run. The sources: CSS 2.1 §11.2
#: (``visibility``), §11.1.2 (``clip``), §9.3.2 (offsets far off-screen) and §16.1
#: (``text-indent``); CSS Color 4 §3.2 (``opacity``) and §6.1 (``transparent``); CSS
#: Fonts 4 §2.5 (``font-size: 0``); CSS Masking 1 §5.1 (``clip-path: inset``).
_END = r"\s*(?:!\s*important\s*)?(?:;|$)"
#: A CSS number (CSS Syntax 3 §4.3.12), a positive one, and the units of length.
_NUMBER = r"[+-]?(?:\d+(?:\.\d+)?|\.\d+)(?:e[+-]?\d+)?"
_POSITIVE = r"\+?(?:\d+(?:\.\d+)?|\.\d+)(?:e[+-]?\d+)?"
_UNIT = (r"(?:px|em|rem|ex|rex|ch|rch|ic|ric|cap|rcap|vw|vh|vi|vb|vmin|vmax|[sld]v(?:w|h|i|b|min|max)|cm|mm|q|in"
         r"|pt|pc|lh|rlh|cq(?:w|h|i|b|min|max))")
#: Zero in any of its spellings ("0", ".0", "-0e3", "0%"), with a unit of length or
#: none, or as calc() of one (breaker of session 32: ".0", "0e0" and "0ch" showed text).
_ZERO_NUMBER = r"[+-]?(?:0+(?:\.0+)?|\.0+)(?:e[+-]?\d+)?"
_ZERO = rf"(?:{_ZERO_NUMBER}(?:{_UNIT}|%)?|calc\(\s*{_ZERO_NUMBER}(?:{_UNIT}|%)\s*\))"
#: ... and as a number (an opacity: calc(0) is one, and no length; breaker of session 32).
_ZERO_AMOUNT = rf"(?:{_ZERO_NUMBER}%?|calc\(\s*{_ZERO_NUMBER}%?\s*\))"
#: What may stand before the size in the ``font`` shorthand (CSS Fonts 4 §2.8): its
#: style, small-caps, weight and width, each a keyword or a weight's number.
_FONT_PREFIX = (r"(?:(?:normal|italic|oblique(?:\s+[+-]?\d+(?:\.\d+)?deg)?|small-caps|bold|bolder|lighter"
                r"|1000(?:\.0+)?|[1-9]\d{0,2}(?:\.\d+)?|(?:ultra-|extra-|semi-)?(?:condensed|expanded))\s+){0,4}")
#: A number or percentage, and one of zero (an alpha, a scale factor).
_FACTOR = rf"{_NUMBER}%?"
_ZERO_FACTOR = rf"{_ZERO_NUMBER}%?"
INVISIBLE_STYLE = LazyPattern(
    _START + r"(?:"
    r"visibility\s*:\s*(?:hidden|collapse)" + _END
    # a colour of zero alpha, in the legacy commas or after a slash in any colour
    # function (oklch(0 0 0 / 0), color(srgb 0 0 0 / .0))
    + rf"|color\s*:\s*(?:transparent|(?:rgba?|hsla?)\((?:[^,/)]*,){{3}}\s*{_ZERO_FACTOR}\s*\)"
    + rf"|[a-z-]+\([^/)]*/\s*{_ZERO_FACTOR}\s*\)|#[0-9a-f]{{6}}00|#[0-9a-f]{{3}}0)" + _END
    + r"|content-visibility\s*:\s*hidden" + _END
    # a scale of zero along either axis (scale(0%), scale(1, 0), scale: 0 1)
    + rf"|transform\s*:[^;]*\bscale[xy]?\(\s*{_ZERO_FACTOR}\s*(?:,\s*{_FACTOR}\s*)?\)"
    + rf"|transform\s*:[^;]*\bscale\(\s*{_FACTOR}\s*,\s*{_ZERO_FACTOR}\s*\)"
    + rf"|scale\s*:\s*(?:{_ZERO_FACTOR}|{_FACTOR}\s+{_ZERO_FACTOR})(?:\s+{_FACTOR})?" + _END
    + rf"|filter\s*:[^;]*\bopacity\(\s*{_ZERO_FACTOR}\s*\)"
    # a clip of at most one pixel (the "visually hidden" pattern)
    + r"|clip\s*:\s*rect\(\s*[01](?:px)?(?:[\s,]+[01](?:px)?){3}\s*\)"
    + r"|clip-path\s*:\s*(?:inset\(\s*(?:50|100)(?:\.0+)?%|circle\(\s*0)"
    # a thousand pixels (or a hundred em or viewport widths) away: off-screen
    + r"|(?:left|right|top|text-indent|margin-left|margin-top)\s*:\s*"
    + r"-(?:\d{4,}(?:\.\d+)?px|\d{3,}(?:\.\d+)?(?:r?em|vw|vh))"
    + r"|transform\s*:[^;]*\btranslate[xy]?\(\s*-\d{4,}(?:\.\d+)?px"
    + r")",
    re.IGNORECASE)

#: Phrasing elements (HTML §3.2.5.2.5), and <hr>: an unseen style on one hides text inside a
#: visible paragraph, so it is hidden outright. On any other element (a block, a
#: custom element such as <app-root>) it is chrome, kept when it holds most of the text.
#: A hidden one is dropped, not built as blocks for the selector (Builder.hidden_candidate).
PHRASING_ELEMENTS = frozenset(
    {"a", "abbr", "b", "bdi", "bdo", "big", "cite", "code", "data", "del", "dfn", "em", "i",
     "img", "ins", "kbd", "mark", "nobr", "q", "s", "samp", "small", "span", "strike", "strong",
     "sub", "sup", "time", "tt", "u", "var", "wbr", "br", "hr", "button"}
)
#: The elements whose unseen style is judged as a phrasing element's (Builder.hidden_by):
#: those above, the other phrasing ones that hold text, and the obsolete inline ones
#: (§16.3: acronym, blink, font, marquee; breaker of session 32: opacity:0 on a <label>
#: or <font> showed its text). Not <slot>: its box is display:contents, which no
#: opacity hides. The others stay out of PHRASING_ELEMENTS, whose hidden elements the
#: selector does not see: hidden form labels, built as blocks of their own, are among
#: the blocks the shipped model was trained on.
INLINE_ELEMENTS = PHRASING_ELEMENTS | {"label", "meter", "output", "progress", "ruby", "rb", "rp", "rt", "rtc",
                                       "acronym", "blink", "font", "marquee"}

#: ``font-size: 0`` and ``opacity: 0`` hide the text of a phrasing element (CSS Fonts
#: 4 §2.5, CSS Color 4 §3.2). On a block they hide nothing for long: ``font-size: 0``
#: removes the white space between inline-block children, which set their own size
#: again, and ``opacity: 0`` is where fade-in effects start.
#: The ``font`` shorthand sets the size too (CSS Fonts 4 §2.8): ``font: 0/0 a`` is the
#: old image-replacement way of hiding a text (a size token of zero, a family after it).
#: A negative opacity is clamped to zero (CSS Color 4 §3.2).
PHRASING_INVISIBLE = LazyPattern(_START + r"(?:font-size\s*:\s*" + _ZERO + _END
                                 + rf"|opacity\s*:\s*(?:{_ZERO_AMOUNT}|-{_FACTOR})" + _END
                                 + rf"|font\s*:\s*{_FONT_PREFIX}{_ZERO}(?:\s*/\s*[^\s;]+)?\s+(?:[^\W\d]|[\"'-]))",
                                 re.IGNORECASE)

#: With ``overflow: hidden``, a zero width and height leave nothing to see (CSS 2.1
#: §10.2, §11.1.1). A zero height alone is a collapsed panel (an accordion that opens
#: on a click), whose text the WCXB annotators count as content.
ZERO_WIDTH = LazyPattern(_START + r"width\s*:\s*" + _ZERO + _END, re.IGNORECASE)
ZERO_HEIGHT = LazyPattern(_START + r"height\s*:\s*" + _ZERO + _END, re.IGNORECASE)
OVERFLOW_HIDDEN = LazyPattern(_START + r"overflow(?:-[xy])?\s*:\s*(?:hidden|clip)", re.IGNORECASE)

#: The ``color`` and ``background``/``background-color`` of one inline style: text in
#: the colour of its own background (white on white) is unseen.
COLOR = LazyPattern(_START + r"color\s*:\s*([^;!]+?)\s*(?:!important\s*)?(?:;|$)", re.IGNORECASE)
BACKGROUND = LazyPattern(_START + r"background(?:-color)?\s*:\s*([^;!]+?)\s*(?:!important\s*)?(?:;|$)",
                        re.IGNORECASE)

#: The values a declaration of each property that the rules above read may hold, so
#: that it overrides an earlier declaration of that property in the same inline style
#: (webfold.build.read_style): CSS drops a declaration whose value its property does
#: not take (CSS Syntax 3 §5.4.5, "consume a declaration"; CSS Cascade 4 §6.4), so
#: "display:none;display:x" is hidden (breakers of session 31). Each is matched whole,
#: lower-cased, without its "!important": CSS Display 3 §2, CSS 2.1 §11.2, CSS Color 4
#: §3.2, §4-§6 (the named colours of §6.1), CSS Fonts 4 §2.5, CSS Backgrounds 3 §3.10
#: (read loosely: its layers' keywords, lengths, colours and functions), CSS Sizing 3
#: §3.1, CSS Overflow 3 §3, CSS Masking 1, CSS Transforms 1 and 2, Filter Effects 1,
#: CSS Box 4 and CSS Text 3 §8.1. Any value that calls ``var()`` (or another substitution
#: function: ``env()``, ``attr()``, ``if()``) is taken, as CSS
#: takes it while parsing (and an undefined one leaves the property unset).
#: Functions that compute a number or length (CSS Values 4 §10), their arguments nested
#: up to three deep.
_NESTED = r"\((?:[^;{}()]|\((?:[^;{}()]|\((?:[^;{}()]|\([^;{}()]*\))*\))*\))*\)"
_MATH = rf"(?:calc|min|max|clamp|round|mod|rem|abs|sign|env){_NESTED}"
_LENGTH = rf"(?:{_NUMBER}(?:{_UNIT}|%)|{_ZERO_NUMBER}|{_MATH})"
_NON_NEGATIVE = rf"(?:{_POSITIVE}(?:{_UNIT}|%)|{_ZERO_NUMBER}|{_MATH})"
_FUNCTION = rf"[a-z-]+{_NESTED}"
_GLOBAL = r"inherit|initial|unset|revert|revert-layer"
NAMED_COLOURS = frozenset("""
aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue blueviolet brown
burlywood cadetblue chartreuse chocolate coral cornflowerblue cornsilk crimson cyan darkblue darkcyan
darkgoldenrod darkgray darkgreen darkgrey darkkhaki darkmagenta darkolivegreen darkorange darkorchid
darkred darksalmon darkseagreen darkslateblue darkslategray darkslategrey darkturquoise darkviolet
deeppink deepskyblue dimgray dimgrey dodgerblue firebrick floralwhite forestgreen fuchsia gainsboro
ghostwhite gold goldenrod gray green greenyellow grey honeydew hotpink indianred indigo ivory khaki
lavender lavenderblush lawngreen lemonchiffon lightblue lightcoral lightcyan lightgoldenrodyellow
lightgray lightgreen lightgrey lightpink lightsalmon lightseagreen lightskyblue lightslategray
lightslategrey lightsteelblue lightyellow lime limegreen linen magenta maroon mediumaquamarine
mediumblue mediumorchid mediumpurple mediumseagreen mediumslateblue mediumspringgreen mediumturquoise
mediumvioletred midnightblue mintcream mistyrose moccasin navajowhite navy oldlace olive olivedrab
orange orangered orchid palegoldenrod palegreen paleturquoise palevioletred papayawhip peachpuff peru
pink plum powderblue purple rebeccapurple red rosybrown royalblue saddlebrown salmon sandybrown
seagreen seashell sienna silver skyblue slateblue slategray slategrey snow springgreen steelblue tan
teal thistle tomato turquoise violet wheat white whitesmoke yellow yellowgreen
transparent currentcolor canvas canvastext linktext visitedtext activetext buttonface buttontext
buttonborder field fieldtext highlight highlighttext selecteditem selecteditemtext mark marktext graytext
accentcolor accentcolortext activeborder activecaption appworkspace background buttonhighlight
buttonshadow captiontext inactiveborder inactivecaption inactivecaptiontext infobackground infotext menu
menutext scrollbar threeddarkshadow threedface threedhighlight threedlightshadow threedshadow window
windowframe windowtext -webkit-link -webkit-text -webkit-focus-ring-color
""".split())
#: A colour function's arguments: numbers, units of angle, percentages, "none", the
#: separators, and the math functions; "color()" and "color-mix()" name a space first.
_COLOUR_ARGUMENTS = rf"(?:[\s,/]|{_NUMBER}(?:%|deg|grad|rad|turn)?|none|{_MATH})*"
_COLOUR = (rf"(?:#(?:[0-9a-f]{{3,4}}|[0-9a-f]{{6}}|[0-9a-f]{{8}})|(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch)"
           rf"\({_COLOUR_ARGUMENTS}\)|(?:color|color-mix|light-dark){_NESTED}|"
           + "|".join(sorted(NAMED_COLOURS, key=len, reverse=True)) + ")")
#: One keyword of display (CSS Display 3 §2), or the two-keyword forms of them; the
#: prefixed ones Chromium takes.
#: The multi-keyword values of display (CSS Display 3 §2): an outer and an inner
#: display in either order, and "list-item" with an outer display and "flow" or
#: "flow-root", each at most once, in any order ("inline list-item", "flow list-item
#: block"; breaker of session 32: these were refused, so a hidden element shown
#: again by them stayed hidden).
_OUTER, _INNER = ("block", "inline"), ("flow", "flow-root", "table", "flex", "grid", "ruby", "math")
_DISPLAY_PAIRS = sorted({r"\s+".join(order) for outer in _OUTER for inner in _INNER
                         for order in permutations((outer, inner))}
                        | {r"\s+".join(order) for outer in (*_OUTER, None) for inner in ("flow", "flow-root", None)
                           for order in permutations([word for word in (outer, inner, "list-item") if word])
                           if len(order) > 1})
_DISPLAY = (r"(?:none|contents|block|inline|flow-root|table|flex|grid|ruby|math|list-item"
            r"|inline-(?:block|table|flex|grid)|table-(?:row-group|header-group|footer-group|row|cell"
            r"|column-group|column|caption)|ruby-(?:base|text|base-container|text-container)"
            r"|-webkit-(?:box|inline-box|flex|inline-flex)|" + "|".join(_DISPLAY_PAIRS) + ")")
_SIZE = rf"(?:{_NON_NEGATIVE}|auto|none|min-content|max-content|fit-content|stretch|-webkit-fill-available" \
        rf"|fit-content{_NESTED})"
_OFFSET = rf"(?:{_LENGTH}|auto)"
#: A font family: a quoted name, or identifiers (CSS Fonts 4 §2.1).
_FAMILY = r"(?:\"[^\"]*\"|'[^']*'|(?:[^\W\d]|-)[\w-]*(?:\s+(?:[^\W\d]|-)[\w-]*)*)"
_FONT_SIZE = (rf"(?:{_NON_NEGATIVE}|xx-small|x-small|small|medium|large|x-large|xx-large|xxx-large|larger"
              r"|smaller|math|-webkit-xxx-large)")
_BACKGROUND_TOKEN = (rf"(?:{_COLOUR}|{_LENGTH}|url{_NESTED}|url\([^)]*\)|(?:repeating-)?(?:linear|radial|conic)"
                     rf"-gradient{_NESTED}|image-set{_NESTED}|none|left|right|top|bottom|center|auto|cover"
                     r"|contain|repeat|repeat-x|repeat-y|no-repeat|space|round|fixed|scroll|local|border-box"
                     r"|padding-box|content-box|text|/|,)")
VALID_VALUES = {name: LazyPattern(rf"(?:{pattern}|{_GLOBAL})\Z") for name, pattern in {
    "display": _DISPLAY,
    "visibility": r"visible|hidden|collapse",
    "content-visibility": r"visible|auto|hidden",
    "opacity": rf"{_NUMBER}%?|{_MATH}",
    "font-size": _FONT_SIZE,
    "color": _COLOUR,
    "background-color": _COLOUR,
    "background": rf"{_BACKGROUND_TOKEN}(?:\s*{_BACKGROUND_TOKEN})*",
    "width": _SIZE, "height": _SIZE,
    "overflow": r"(?:visible|hidden|clip|scroll|auto|overlay)(?:\s+(?:visible|hidden|clip|scroll|auto|overlay))?",
    "overflow-x": r"visible|hidden|clip|scroll|auto|overlay",
    "overflow-y": r"visible|hidden|clip|scroll|auto|overlay",
    "clip": r"auto|rect\([^;{}()]*\)",
    "clip-path": rf"none|{_FUNCTION}(?:\s+[a-z-]+)?|[a-z-]+-box",
    "transform": rf"none|{_FUNCTION}(?:\s*{_FUNCTION})*",
    "scale": rf"none|(?:{_NUMBER}%?)(?:\s+{_NUMBER}%?){{0,2}}",
    "filter": rf"none|{_FUNCTION}(?:\s*{_FUNCTION})*",
    "left": _OFFSET, "right": _OFFSET, "top": _OFFSET, "text-indent": rf"{_OFFSET}(?:\s+(?:hanging|each-line))*",
    "margin-left": _OFFSET, "margin-top": _OFFSET,
    # the shorthands of SHORTHANDS: a system font, or a size (and line height) and a family
    "font": r"caption|icon|menu|message-box|small-caption|status-bar|-webkit-(?:small-|mini-)?control"
            rf"|{_FONT_PREFIX}{_FONT_SIZE}(?:\s*/\s*[^\s;/]+)?\s+{_FAMILY}(?:\s*,\s*{_FAMILY})*",
    "margin": rf"{_OFFSET}(?:\s+{_OFFSET}){{0,3}}", "inset": rf"{_OFFSET}(?:\s+{_OFFSET}){{0,3}}",
}.items()}

#: Shorthand properties and the longhands of them that the rules above read: a
#: shorthand sets all its longhands (CSS Cascade 4 §6.4), so in one inline style
#: ``font-size:0;font:16px serif`` has a size of 16 pixels (CSS Fonts 4 §2.8, CSS Box 4
#: §3.1, CSS Positioned Layout 3 §3.1, CSS Overflow 3 §3.1). ``background`` and
#: ``background-color`` are read as one property (webfold.build.read_style).
SHORTHANDS = {"font": ("font-size",), "margin": ("margin-left", "margin-top"),
              "inset": ("left", "right", "top"), "overflow": ("overflow-x", "overflow-y")}
#: Each longhand's shorthand.
SHORTHAND_OF = {longhand: shorthand for shorthand, longhands in SHORTHANDS.items() for longhand in longhands}

#: The HTML elements that may host a shadow root (DOM §4.2.14, "attach a shadow root"),
#: beside custom elements (a name with a hyphen): a declarative shadow root
#: (``<template shadowrootmode>``) in any other element stays an inert template.
SHADOW_HOSTS = frozenset({"article", "aside", "blockquote", "body", "div", "footer", "h1", "h2", "h3", "h4",
                          "h5", "h6", "header", "main", "nav", "p", "section", "span"})
#: Names with a hyphen that are no custom element's (HTML §4.13.3, "valid custom
#: element name"): SVG's and MathML's.
RESERVED_CUSTOM_NAMES = frozenset({"annotation-xml", "color-profile", "font-face", "font-face-src",
                                   "font-face-uri", "font-face-format", "font-face-name", "missing-glyph"})

#: The ids React's streaming server renderer gives to finished Suspense segments: it
#: sends them as ``<div hidden id="S:0">`` and its inline script moves them into
#: place, so they are content, not hidden text (React DOM "Fizz" server format).
REACT_SEGMENT = LazyPattern(r"S:[0-9a-f]+$")

#: Classes that name the language of a code block: ``language-x`` (the HTML
#: standard's convention, §4.5.15, taken first wherever it stands), ``lang-x``,
#: ``highlight-source-x`` (GitHub), ``brush: x`` (SyntaxHighlighter), ``highlight-x``
#: (but Elementor's ``highlight-height``, a height, and the parts of a theme's code
#: box, ``highlight-wrapper``, ``-tools``, …: breaker of session 36), pandoc's
#: ``sourceCode x`` (after its ``numberSource`` when lines are numbered).
CODE_LANGUAGE = LazyPattern(
    r"(?:^|\s)language-([\w+#.-]+)|(?:^|\s)(?:lang-|highlight-source-"
    r"|highlight-(?!(?:height|wrap|wrapper|container|tools|toolbar|box|block|header|content|inner|outer|area"
    r"|title|caption|bar)\b)|brush:\s*"
    r"|sourceCode\s+(?:numberSource\s+)?(?!number))([\w+#.-]+)",
    re.IGNORECASE,
)
#: Names in those places that say the code has no language: highlighters' "guess"
#: (Discourse's ``lang-auto``) and "leave it plain" (prettify's ``lang-none``,
#: highlight.js's ``nohighlight``), and Sphinx's ``highlight-default`` (the site's
#: default, which the page does not name), which are no info string.
NO_CODE_LANGUAGE = frozenset({"auto", "none", "nohighlight", "no-highlight", "default"})

#: Words that name the file of a stand-in image.
PLACEHOLDER_WORDS = ("placeholder", "blank", "spacer", "lazy", "loading", "pixel", "transparent", "grey",
                     "gray")
#: ``src`` values that are stand-ins for a lazily loaded image (build.placeholder_src).
PLACEHOLDER_SRC = LazyPattern(
    r"^(?:data:|about:blank)|(?:" + "|".join(PLACEHOLDER_WORDS) + r")[\w-]*\.(?:gif|png|svg|jpe?g|webp)",
    re.IGNORECASE,
)
