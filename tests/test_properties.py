"""Property tests: generated and mutated HTML never raises, and no word of visible text is lost."""

from __future__ import annotations

import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import webfold

WORDS = st.text(alphabet="abcdefghijklmnopqrstuvwxyz", min_size=1, max_size=8)
CONTAINERS = ["p", "div", "span", "b", "i", "em", "strong", "a href='/x'", "section", "article",
              "main", "blockquote", "ul", "ol", "li", "h1", "h2", "h3", "pre", "code", "dl",
              "dt", "dd", "table", "tr", "td", "th", "figure", "figcaption", "details",
              "summary", "del", "sup", "my-element", "header", "footer", "td colspan=3"]


@st.composite
def documents(draw, depth: int = 0) -> tuple[str, list[str]]:
    """A random page built only of kept elements, and the words it holds. Every word
    sits between spaces, so that a correct conversion can never glue two together."""
    parts, words = [], []
    for _ in range(draw(st.integers(0, 4))):
        choice = draw(st.integers(0, 3 if depth < 6 else 1))
        if choice <= 1:
            word = draw(WORDS)
            words.append(word)
            parts.append(f" {word} ")
        elif choice == 2:
            parts.append(draw(st.sampled_from(["<br>", "<hr>", "<img src=i.png alt=pic>", "<wbr>"])))
        else:
            tag = draw(st.sampled_from(CONTAINERS))
            inner, inner_words = draw(documents(depth + 1))
            words.extend(inner_words)
            close = draw(st.booleans())          # optional end tags are often left out
            parts.append(f"<{tag}>{inner}" + (f"</{tag.split()[0]}>" if close else ""))
    return "".join(parts), words


def words_of(markdown: str) -> list[str]:
    return re.findall(r"[a-z]+", markdown)


@settings(max_examples=400, deadline=2000, suppress_health_check=[HealthCheck.too_slow])
@given(documents())
def test_every_visible_word_reaches_the_output(document):
    html, words = document
    # a page whose text sits mostly in a page-level header or footer keeps it, else
    # the header and footer are chrome: wrap the page so the rule does not apply
    output = webfold.to_markdown(f"<main>{html}</main>", selection=False)
    found = words_of(output)
    assert sorted(set(words)) == sorted(set(words) & set(found))


@st.composite
def mutated(draw) -> str:
    html, _ = draw(documents())
    for _ in range(draw(st.integers(1, 6))):
        position = draw(st.integers(0, len(html)))
        operation = draw(st.integers(0, 3))
        if operation == 0:
            html = html[:position] + html[position + draw(st.integers(1, 8)):]
        elif operation == 1:
            html = html[:position] + draw(st.sampled_from(
                ["<", ">", "</", "<!--", "-->", "&", "&#", "&#x", "<![CDATA[", "]]>", "'", '"',
                 "<script>", "</td>", "<table>", "<li>", "\x00", "\ud800", "=", "/>"])) + html[position:]
        elif operation == 2:
            html = html[:position]
        else:
            html = html[:position] + html[position // 2:]
    return html


@settings(max_examples=400, deadline=2000, suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
def test_mutated_html_never_raises(html):
    output = webfold.to_markdown(html)
    assert output == "" or output.endswith("\n")
    assert webfold.to_markdown(html.encode("utf-8", "surrogatepass")) is not None


@settings(max_examples=300, deadline=2000)
@given(st.binary(max_size=2000))
def test_random_bytes_never_raise(data):
    # ...except as binary input, which needs a control byte (not tab, line feed, form
    # feed, carriage return or ESC) in the first 1,024 bytes, or a PDF's first bytes
    try:
        output = webfold.to_markdown(data)
    except webfold.BinaryInputError:
        assert re.search(rb"[\x00-\x08\x0b\x0e-\x1a\x1c-\x1f]", data[:1024]) or data.startswith(b"%PDF-")
    else:
        assert isinstance(output, str)
