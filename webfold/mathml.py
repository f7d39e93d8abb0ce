"""A ``<math>`` element's text, as TeX between dollar signs, for the builder.

Formulas are main content (a page's equations are its argument), so a ``<math>``
element is not dropped as other foreign content is: its text is written where it
stands, as ``$…$`` (``$$…$$`` for ``display="block"``), the delimiters of TeX math that
GitHub's Markdown and most math renderers read. The TeX is, in this order:

1. the ``<annotation encoding="application/x-tex">`` of the ``<semantics>`` that is its
   only child (KaTeX, MathJax and Wikipedia write the source they typeset from there;
   MathML Core §3.1, "semantics");
2. else the presentation markup, written as TeX (MathML Core §3: token elements as
   their text, ``<mfrac>`` as ``\\frac``, ``<msqrt>``/``<mroot>`` as ``\\sqrt``, scripts as
   ``_{}``/``^{}``, ``<mover>``/``<munder>`` as ``\\overset``/``\\underset``, tables as a
   ``matrix``, text as ``\\text{}``; the deprecated ``<mfenced>`` with its default
   fences and separator, ``(a,b)``; ``<mmultiscripts>`` and ``mathvariant`` are not
   read: their tokens are written in order, plain);
3. else its ``alttext`` attribute (MathML Core §2.1: a text alternative, which may be
   prose rather than TeX).

The builder feeds it the elements and text of one ``<math>`` element, in document
order (:meth:`MathText.start`, :meth:`MathText.text`, :meth:`MathText.end`), and
writes :meth:`MathText.result`, escaped as any text is, so that a CommonMark reader
sees the TeX exactly. Work and memory are linear in the formula's text: pieces are
written as they arrive, and only the few elements whose TeX puts a later child first
(``<mroot>``, ``<mover>``, ``<munder>``, ``<munderover>``) rearrange theirs, at most
:data:`REORDER_LIMIT` pieces each.
"""

from __future__ import annotations

import re

#: TeX encodings of an ``<annotation>`` (as written by KaTeX, MathJax, Wikipedia's
#: Math extension, LaTeXML and Pandoc), compared lower-cased.
TEX_ENCODINGS = frozenset({"application/x-tex", "application/x-latex", "text/x-tex", "text/latex",
                           "tex", "latex"})
#: Elements that write nothing: empty by definition or invisible (``<mphantom>`` takes
#: room but is not drawn, MathML Core §3.3.4), and annotations, which Chromium does not
#: draw (the TeX one is read, below).
_SILENT = frozenset({"mphantom", "mspace", "none", "mprescripts", "maligngroup", "malignmark", "mglyph",
                     "annotation", "annotation-xml"})
#: Elements that show their first child only (MathML Core's user agent style sheet:
#: ``semantics > :not(:first-child)`` and ``maction > :not(:first-child)`` are
#: ``display: none``): a ``<semantics>``'s others are its annotations.
_FIRST_ONLY = frozenset({"semantics", "maction"})
#: Token elements (MathML Core §3.2): their text is the formula's.
_TOKENS = frozenset({"mi", "mn", "mo", "ms", "mtext"})
#: Around each child, by the parent's tag and the child's position (TeX's forms; each
#: operand braced, so that ``<msup><mrow>a+b</mrow>...`` keeps its group).
_AROUND: dict[str, tuple[tuple[str, str], ...]] = {
    "msup": (("{", "}"), ("^{", "}")),
    "msub": (("{", "}"), ("_{", "}")),
    "msubsup": (("{", "}"), ("_{", "}"), ("^{", "}")),
    "mfrac": (("\\frac{", "}"), ("{", "}")),
    "mroot": (("{", "}"), ("[", "]")),          # reordered at its end: \sqrt[index]{base}
    "mover": (("{", "}"), ("{", "}")),
    "munder": (("{", "}"), ("{", "}")),
    "munderover": (("{", "}"), ("{", "}"), ("{", "}")),
}
#: Before and after the whole element.
_WRAP = {"msqrt": ("\\sqrt{", "}"), "mtable": ("\\begin{matrix} ", " \\end{matrix}"),
         "mroot": ("\\sqrt", ""), "mfenced": ("(", ")")}
#: Between children (after the first).
_BETWEEN = {"mtable": " \\\\ ", "mtr": " & ", "mlabeledtr": " & ", "mfenced": ","}
#: Elements whose TeX takes a later child first.
_REORDERED = frozenset({"mroot", "mover", "munder", "munderover"})
#: The number of pieces a rearranging
#: may move (a formula's pieces are tokens and braces, so thousands is a whole page
#: of it); past this the children stay in document order, with nothing lost.
REORDER_LIMIT = 4096
#: Characters that TeX reads as commands or groups, as TeX writes them in text.
#: Class of the element holding MathJax 2's copy of a formula for screen readers (its
#: AssistiveMML extension), beside the ``<script type="math/tex">`` it was typeset
#: from, which is the one written. (MediaWiki's copy, beside the formula's image, is
#: written when shown: the image is then left out as the same formula.)
MATHJAX2_COPY = "MJX_Assistive_MathML"
#: MediaWiki's images of formulas (Wikipedia's): class → delimiter. The image is what a
#: reader sees (``aria-hidden``, as its MathML copy is for screen readers, which
#: Wikipedia hides with ``display:none``); its ``alt`` is the formula's TeX.
FORMULA_IMAGES = {"mwe-math-fallback-image-inline": "$", "mwe-math-fallback-image-display": "$$"}
_MATH_ESCAPES = {"\\": "\\backslash ", "{": "\\{", "}": "\\}", "$": "\\$", "&": "\\&", "#": "\\#",
                 "%": "\\%", "_": "\\_", "^": "\\hat{}", "~": "\\sim "}
#: The same in ``\\text{}``, where TeX reads text-mode commands.
_TEXT_ESCAPES = {**_MATH_ESCAPES, "\\": "\\textbackslash{}", "^": "\\textasciicircum{}",
                 "~": "\\textasciitilde{}"}
#: Invisible operators (U+2061 function application to U+2064 invisible plus): they
#: only tell a reader of the markup how the tokens around them combine.
_INVISIBLE = dict.fromkeys(range(0x2061, 0x2065))
#: Names written as TeX's upright function names when an ``<mi>`` spells one.
_FUNCTIONS = frozenset({"sin", "cos", "tan", "cot", "sec", "csc", "arcsin", "arccos", "arctan",
                        "sinh", "cosh", "tanh", "log", "ln", "lg", "exp", "lim", "liminf", "limsup",
                        "max", "min", "sup", "inf", "det", "dim", "ker", "deg", "gcd", "arg",
                        "hom", "Pr"})


_CONTROL_WORD_END = re.compile(r"\\[A-Za-z]+$")


def _escaped(text: str, escapes: dict[str, str]) -> str:
    return "".join(escapes.get(character, character) for character in text)


class _Node:
    __slots__ = ("tag", "children", "start", "bounds", "silent", "token")

    def __init__(self, tag: str, start: int, silent: bool, token: str) -> None:
        self.tag = tag
        self.children = 0           # children started so far
        self.start = start          # where its pieces begin
        # where each child's pieces begin, for the elements that rearrange them
        self.bounds: list[int] | None = [] if tag in _REORDERED else None
        self.silent = silent        # writes nothing, nor do the elements in it
        self.token = token          # the token element it is in ("" for none)


class MathText:
    """The TeX of one ``<math>`` element, collected while the builder reads it.

    Parameters
    ----------
    alttext : str
        The element's ``alttext`` attribute, ``""`` when absent: the TeX when no
        annotation gives one.
    display : bool
        ``display="block"``: written as ``$$…$$``.
    """

    __slots__ = ("alttext", "display", "pieces", "nodes", "annotation", "tex", "single")

    def __init__(self, alttext: str, display: bool) -> None:
        self.alttext = alttext
        self.display = display
        self.pieces: list[str] = []
        self.nodes: list[_Node] = []
        self.annotation: list[str] | None = None    # the text of the TeX annotation being read
        self.tex = ""                               # the first TeX annotation's text
        self.single = False                         # the <math> has one child

    def start(self, tag: str, encoding: str, hidden: bool) -> None:
        """An element starts: ``tag`` its lower-case name (``""`` for an HTML element,
        in an ``<mtext>`` or another token element), ``encoding`` an ``<annotation>``'s ``encoding`` attribute,
        ``hidden`` whether its attributes hide it (then it writes nothing)."""
        parent = self.nodes[-1] if self.nodes else None
        silent = hidden or tag in _SILENT
        if parent is not None:
            position = parent.children
            silent = silent or parent.silent or position > 0 and parent.tag in _FIRST_ONLY
            parent.children += 1
            if not parent.silent:
                if parent.bounds is not None:
                    parent.bounds.append(len(self.pieces))
                around = _AROUND.get(parent.tag)
                if around is not None and position < len(around):
                    self.pieces.append(around[position][0])
                elif position and parent.tag in _BETWEEN:
                    self.pieces.append(_BETWEEN[parent.tag])
        # the TeX of the whole formula: a <semantics> of the <math> itself
        if tag == "annotation" and parent is not None and parent.tag == "semantics" and len(self.nodes) == 2 \
                and not self.tex and encoding.strip().lower() in TEX_ENCODINGS:
            self.annotation = []
        # (text right in a <math>, a nested one too, is not drawn)
        token = tag if tag in _TOKENS else parent.token if parent is not None and tag != "math" else ""
        self.nodes.append(_Node(tag, len(self.pieces), silent, token))
        if not silent and tag in _WRAP:
            self.pieces.append(_WRAP[tag][0])

    def text(self, text: str) -> None:
        """Text in the element that is open (references decoded)."""
        if self.annotation is not None:
            self.annotation.append(text)
            return
        node = self.nodes[-1] if self.nodes else None
        if node is None or node.silent:
            return
        text = text.translate(_INVISIBLE)
        word = text.strip()
        token = node.token
        # Text outside a token element is not drawn (MathML Core §3.1.1: only token
        # elements hold text); an HTML element's in an <mtext> is the <mtext>'s.
        if not text or not token:
            return
        if token == "mtext" or token == "ms":
            self.pieces.append("\\text{" + _escaped(text, _TEXT_ESCAPES) + "}")
        elif not word:
            return
        elif token != "mn" and word in _FUNCTIONS:       # MathJax writes \lim as <mo>lim</mo>
            self.pieces.append("\\" + word)
        elif token == "mi" and len(word) > 1:
            self.pieces.append("\\mathrm{" + "\\ ".join(_escaped(word, _MATH_ESCAPES).split()) + "}")
        else:
            text = _escaped(text, _MATH_ESCAPES)
            if text[:1].isalpha() and self.pieces and _CONTROL_WORD_END.search(self.pieces[-1]):
                text = " " + text           # "\sin x", not the command "\sinx"
            self.pieces.append(text)

    def end(self) -> None:
        """The element open last ends."""
        node = self.nodes.pop()
        if node.tag == "annotation" and self.annotation is not None:
            self.tex = "".join(self.annotation)
            self.annotation = None
        parent = self.nodes[-1] if self.nodes else None
        if parent is None:
            self.single = node.children == 1
        if not node.silent:
            if node.bounds is not None and len(self.pieces) - node.start <= REORDER_LIMIT:
                self._reorder(node)
            if node.tag in _WRAP:
                self.pieces.append(_WRAP[node.tag][1])
        # (a silent child's too: its group was opened, "\frac{}{x}")
        if parent is not None and not parent.silent:
            around = _AROUND.get(parent.tag)
            if around is not None and parent.children <= len(around):
                self.pieces.append(around[parent.children - 1][1])

    def _reorder(self, node: _Node) -> None:
        """Put the children of an element whose TeX names a later child first in
        TeX's order: ``\\sqrt[index]{base}``, ``\\overset{over}{base}``…"""
        pieces, bounds = self.pieces, node.bounds
        children = [pieces[start:end] for start, end in zip(bounds, bounds[1:] + [len(pieces)])]
        if len(children) < 2:
            return
        base, first = children[0], children[1]
        if node.tag == "mroot":
            # "\sqrt" + "{base}" + "[index]" → "\sqrt" + "[index]" + "{base}"
            ordered = first + base
        elif node.tag == "mover":
            ordered = ["\\overset"] + first + base
        elif node.tag == "munder":
            ordered = ["\\underset"] + first + base
        else:   # munderover: base, under, over
            over = children[2] if len(children) > 2 else []
            ordered = ["\\underset"] + first + ["{\\overset"] + over + base + ["}"]
        rest = [piece for child in children[3 if node.tag == "munderover" else 2:] for piece in child]
        del pieces[bounds[0]:]
        pieces.extend(ordered + rest)

    def result(self) -> str:
        """The formula as Markdown text (before escaping): :func:`formula` of its TeX."""
        tex = self.tex if self.tex and self.single else ""
        return formula(tex or "".join(self.pieces) or self.alttext, self.display)


#: A TeX comment: from an unescaped "%" to the end of the line.
_COMMENT = re.compile(r"(?<!\\)%[^\n]*")


def formula(tex: str, display: bool) -> str:
    """``tex`` as one line between ``$`` signs (``$$`` for ``display``), ``""`` when it
    is blank. Comments are dropped first (on one line, one would end the formula), and a
    final backslash keeps the space after it (a control space, not an escaped "$")."""
    tex = " ".join(_COMMENT.sub("", tex).split())
    # MediaWiki writes every formula as "{\displaystyle …}": the style is the delimiter's
    # (not when the last brace is escaped: "{\displaystyle a\}" is open)
    if tex.startswith("{\\displaystyle ") and tex.endswith("}") and _balanced(tex) and _balanced(tex[1:-1]):
        tex = tex[len("{\\displaystyle "):-1].strip()
    if not tex:
        return ""
    if tex.endswith("\\"):
        tex += " "
    return f"$${tex}$$" if display else f"${tex}$"


def _balanced(tex: str) -> bool:
    """Whether the unescaped braces of ``tex`` pair up, none closing before it opens."""
    depth = 0
    escaped = False
    for character in tex:
        if escaped:
            escaped = False
        elif character == "\\":
            escaped = True
        elif character == "{":
            depth += 1
        elif character == "}":
            depth -= 1
            if depth < 0:
                return False
    return depth == 0


def is_copy(classes: str) -> bool:
    """Whether an element of class string ``classes`` holds MathJax 2's copy of a
    formula for screen readers (:data:`MATHJAX2_COPY`)."""
    return MATHJAX2_COPY in classes and MATHJAX2_COPY in classes.split()


def image_delimiter(classes: str) -> str:
    """``"$"`` or ``"$$"`` for an image of a formula (:data:`FORMULA_IMAGES`), by its
    class string; ``""`` for any other image."""
    if "mwe-math-fallback-image" not in classes:
        return ""
    return next((FORMULA_IMAGES[name] for name in classes.split() if name in FORMULA_IMAGES), "")


def script_delimiter(attributes: dict[str, str] | None) -> str:
    """The delimiter of the TeX in a ``<script>``: ``"$"`` for ``type="math/tex"``,
    ``"$$"`` for ``type="math/tex; mode=display"``, ``""`` for any other script. These
    are MathJax 2's TeX input types, which kramdown (Jekyll's Markdown) writes for
    formulas into pages as served; MathJax typesets them in the browser."""
    kind = "".join((attributes or {}).get("type", "").split()).lower()
    return "$" if kind == "math/tex" else "$$" if kind == "math/tex;mode=display" else ""
