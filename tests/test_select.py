"""Main-content selection at run time: the shipped model, its evaluator, its rules."""

from __future__ import annotations

import gzip
import json
from array import array
import math
import os
from pathlib import Path
import pickle
import re
import subprocess
import sys
import threading
from types import SimpleNamespace

import pytest

import webfold
from webfold.block import CHROME_DIALOG, Block
from webfold.features import (CONTAINER_DISTANCES, CONTEXT_NAMES, FEATURE_NAMES, container_ids,
                              context_features, page_features)
from webfold import select
from webfold.select import ModelError, Selector, choose, repeated_runs, select_main

from conftest import data_dir, require

MODEL_DIR = Path(select.MODEL_DIR)

FIXTURES = sorted((data_dir() / "firecrawl-fixtures").glob("*/*.html"))


def test_shipped_model_matches_the_feature_code():
    meta = json.loads((MODEL_DIR / "selector.json").read_text())
    assert meta["features"] == FEATURE_NAMES and meta["context_features"] == CONTEXT_NAMES
    assert 0 < meta["thresholds"]["floor"] <= meta["thresholds"]["default"] <= meta["thresholds"]["precision"] < 1
    assert meta["data"]["split"] == "dev" and meta["cross_validation"]["grouped_by"] == "domain"


def test_exported_trees_give_scikit_learns_probabilities(fixtures_dir):
    joblib = pytest.importorskip("joblib")
    numpy = pytest.importorskip("numpy")
    models = joblib.load(MODEL_DIR / "selector.joblib")
    shipped = Selector()
    pages = [blocks for blocks in (webfold.to_blocks(path.read_bytes(), chrome=True) for path in FIXTURES)
             if blocks]
    rows = [page_features(blocks) for blocks in pages]
    # one scikit-learn call per stage for all the fixtures' blocks (each call costs ~0.1 s)
    first = models["stage1"].predict_proba(numpy.asarray([r for page in rows for r in page]))[:, 1]
    ours = [p for page in rows for p in shipped.stage1.probabilities(page)]
    assert numpy.abs(first - ours).max() < 1e-6
    stacked, start = [], 0
    for blocks, page in zip(pages, rows):
        context = context_features(first[start:start + len(page)].tolist(), container_ids(blocks))
        stacked += [list(row) + list(extra) for row, extra in zip(page, context)]
        start += len(page)
    second = models["stage2"].predict_proba(numpy.asarray(stacked))[:, 1]
    ours = [p for blocks in pages for p in shipped.scores(blocks)]
    assert len(ours) == len(second) > 1000
    assert numpy.abs(second - ours).max() < 1e-6


def test_a_model_for_other_features_is_refused(tmp_path):
    meta = json.loads((MODEL_DIR / "selector.json").read_text())
    meta["features"] = meta["features"][:-1] + ["renamed"]
    (tmp_path / "selector.json").write_text(json.dumps(meta))
    (tmp_path / "selector.trees").write_bytes((MODEL_DIR / "selector.trees").read_bytes())
    with pytest.raises(ModelError, match="other features .* differ from #%d" % (len(FEATURE_NAMES) - 1)):
        Selector(tmp_path)


class _FolderPath:
    """A path object of a caller's own (os.PathLike), as a Selector may be given."""

    def __init__(self, path) -> None:
        self.path = path

    def __fspath__(self):
        return self.path


def test_a_model_folder_may_be_any_kind_of_path_and_is_named_as_one(tmp_path):
    for folder in (select.MODEL_DIR, MODEL_DIR, bytes(MODEL_DIR), _FolderPath(select.MODEL_DIR),
                   _FolderPath(bytes(MODEL_DIR))):
        assert Selector(folder).threshold == Selector().threshold
    missing = tmp_path / "missing"
    for folder in (_FolderPath(str(missing)), bytes(missing)):
        with pytest.raises(ModelError, match=f"^cannot load the selector from {missing}: "):
            Selector(folder)
    with pytest.raises(TypeError, match="os.PathLike"):
        Selector(3)


def test_a_damaged_model_is_refused(tmp_path):
    (tmp_path / "selector.json").write_text((MODEL_DIR / "selector.json").read_text())
    (tmp_path / "selector.trees").write_bytes((MODEL_DIR / "selector.trees").read_bytes()[:100])
    with pytest.raises(ModelError, match="damaged"):
        Selector(tmp_path)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")
def test_a_fifo_in_place_of_a_model_file_is_refused_not_waited_on(tmp_path):
    # Opening a FIFO for reading waits for a writer; the selector must not. Should it
    # wait, a writer comes after 10 s, so that the test fails instead of hanging.
    def writer_comes(fifo):
        def come():
            try:
                os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
            except OSError:                     # no reader: the selector did not wait
                pass
        timer = threading.Timer(10, come)
        timer.start()
        return timer

    for name, other in (("selector.json", "selector.trees"), ("selector.trees", "selector.json")):
        (tmp_path / other).write_bytes((MODEL_DIR / other).read_bytes())
        os.mkfifo(tmp_path / name)
        timer = writer_comes(tmp_path / name)
        with pytest.raises(ModelError, match=f"{name} is not a regular file"):
            Selector(tmp_path)
        timer.cancel()
        (tmp_path / name).unlink()
        (tmp_path / other).unlink()


def test_a_directory_or_an_oversized_file_in_place_of_a_model_file_is_refused(tmp_path):
    (tmp_path / "selector.trees").write_bytes((MODEL_DIR / "selector.trees").read_bytes())
    (tmp_path / "selector.json").mkdir()
    descriptors = len(os.listdir("/proc/self/fd")) if os.path.isdir("/proc/self/fd") else None
    for _ in range(50):
        with pytest.raises(ModelError, match=f"{tmp_path / 'selector.json'} is not a regular file"):
            Selector(tmp_path)
    if descriptors is not None:                 # none left open
        assert len(os.listdir("/proc/self/fd")) == descriptors
    (tmp_path / "selector.json").rmdir()
    with open(tmp_path / "selector.json", "wb") as handle:     # sparse: no disk used
        handle.truncate(select.MAX_MODEL_BYTES + 1)
    with pytest.raises(ModelError, match="has 67,108,865 bytes, over the 67,108,864 that a model file"):
        Selector(tmp_path)


def blocks_of(*texts: str) -> list[Block]:
    return [Block(text, "heading" if text.startswith("#") else "paragraph", text=text,
                  text_chars=len(text), level=1 if text.startswith("# ") else 0) for text in texts]


def test_no_block_over_the_floor_gives_the_whole_page():
    blocks = blocks_of("a", "b")
    assert choose(blocks, [0.01, 0.02], 0.5, 0.05) == blocks


def test_a_page_of_unsure_blocks_keeps_its_likeliest():
    # Under the threshold, over the floor: the cut of the highest expected F1 keeps the
    # long block of 0.4 (expected F1 2·16/(16+0.1·40+40) = 0.53) and not the 0.1 one.
    blocks = blocks_of("x" * 40, "y" * 40)
    assert [b.md for b in choose(blocks, [0.4, 0.1], 0.5, 0.05)] == ["x" * 40]


def test_the_page_cut_never_rises_over_the_threshold():
    # A specification table of 0.3 beside long, sure paragraphs: the page's own cut
    # (0.99) would drop it; the threshold keeps it.
    blocks = blocks_of("p" * 400, "q" * 400, "| Material | Brass |")
    assert len(choose(blocks, [0.99, 0.99, 0.3], 0.28, 0.05)) == 3


SECTION = ("## Organic cotton",                                              # 2 words
           "Our cotton is grown without pesticides on farms in Peru",        # 10
           "Each shirt is cut and sewn in a workshop that pays a living wage",  # 14
           "Wash it cold and dry it flat",                                      # 7
           "Free returns within thirty days")                                   # 5: 38 in all


def copies_of(*texts: str, unseen: tuple[int, ...] = ()) -> set[int]:
    """repeated_runs of blocks with these texts, those starting with "#" headings."""
    return repeated_runs(list(texts), [text.startswith("#") for text in texts],
                         [index in unseen for index in range(len(texts))])


def test_a_section_given_twice_is_a_copy_and_its_first_copy_is_not():
    assert copies_of("Menu", *SECTION, "Reviews", *SECTION, "Footer") == {7, 8, 9, 10, 11}
    # a third copy is a copy of the first, and blocks without words do not break a run
    assert copies_of(*SECTION, *SECTION[:2], "", " — ", *SECTION[2:], *SECTION) == {
        5, 6, 9, 10, 11, 12, 13, 14, 15, 16}
    # the same text, not the same words: a block with other punctuation is no copy
    assert copies_of(*SECTION, SECTION[0], SECTION[1] + ".", *SECTION[2:]) == set()


def test_of_a_hidden_original_and_a_seen_copy_the_original_goes():
    assert copies_of(*SECTION, *SECTION, unseen=(0, 1, 2, 3, 4)) == {0, 1, 2, 3, 4}
    assert copies_of(*SECTION, *SECTION, unseen=(5, 6, 7, 8, 9)) == {5, 6, 7, 8, 9}


def test_repeats_that_are_short_thin_or_without_a_heading_are_not_copies():
    # Four blocks are a run, three are not, even of many words; 30 words are needed.
    assert copies_of(*SECTION[:4], "x", *SECTION[:4]) == {5, 6, 7, 8}
    assert copies_of(*SECTION[:3], "x", *SECTION[:3]) == set()
    prices = ("# Mugs", "Blue mug", "$12.00", "Red mug", "$12.00")
    assert copies_of(*prices, "Ten words to break it up between the two sets", *prices) == set()
    # The same specifications under two products' names (a dev page of humanscale.com),
    # a chorus, the same steps for two systems: without a heading, content.
    specs = SECTION[1:] + ("Starting at $658",)
    assert copies_of("### Single arm", *specs, "### Dual arm", *specs) == set()
    chorus = ("And the river runs on", "Past the mill and the stone", "To the sea, to the sea",
              "Where the light is gone", "And I walk it alone")
    assert copies_of("# Song", "First verse", *chorus, "Second verse", *chorus, *chorus) == set()
    assert repeated_runs([], [], []) == set()


def test_a_repeated_section_under_a_heading_of_its_own_is_content():
    # The same steps, with their own sub-headings, under "Linux" and "macOS" (the
    # second breaker's page): each is its heading's content; so is each part of it.
    steps = ("### Install", "Download the installer from the releases page and run it as the administrator user.",
             "### Configure", "Copy config.sample to config.toml and set your API key in the auth section.")
    assert copies_of("# Installing", "## Linux", *steps, "## macOS", *steps) == set()
    assert copies_of("# Installing", "Intro", *steps, "Between", *steps) == {7, 8, 9, 10}


def test_a_long_run_without_a_heading_is_passed_over_whole():
    # Judged once, not again from each of its blocks: 20,000 blocks repeated take well
    # under a second, not the minutes of re-reading the run block by block.
    items = [f"Item {i} of the catalogue" for i in range(20_000)]
    assert copies_of(*items, *items) == set()


def test_selection_leaves_out_the_second_copy_of_a_section():
    blocks = blocks_of("# Shirt", *SECTION, "Customers also bought", *SECTION)
    chosen = choose(blocks, [0.9] * len(blocks), 0.5, 0.05)
    assert [b.text for b in chosen] == ["# Shirt", *SECTION, "Customers also bought"]


def test_the_main_heading_of_a_second_copy_is_not_brought_back():
    # The main heading is kept even when it scores low, but not when it heads a copy:
    # the first copy's heading says the same.
    page = (b"<title>Tidal power</title><main><div><h3>Tidal power</h3>"
            + b"".join(b"<p>Tidal power turns the energy of the tides into electricity, part %d.</p>" % i
                       for i in range(4))
            + b"</div><div><h1>Tidal power</h1>"
            + b"".join(b"<p>Tidal power turns the energy of the tides into electricity, part %d.</p>" % i
                       for i in range(4)) + b"</div></main>")
    blocks = webfold.to_blocks(page, chrome=True)
    assert [b.md for b in choose(blocks, [0.9] * len(blocks), 0.5, 0.05)] == [
        "### Tidal power", *(f"Tidal power turns the energy of the tides into electricity, part {i}."
                             for i in range(4))]


def test_a_page_of_one_pattern_repeated_is_read_in_one_pass():
    # Each block is matched against its COPY_LOOKBACK nearest equals only, and a copy
    # found is passed over: 50,000 blocks take well under a second, not the minutes
    # of comparing each with every earlier one.
    period = [SECTION[i % 5] for i in range(50_000)]
    assert copies_of(*period) == set(range(5, 50_000))
    # of a period of three, the first copy is the first six blocks: a run of four
    # cannot overlap the run it repeats
    period = [SECTION[i % 3] for i in range(50_000)]
    assert copies_of(*period) == set(range(6, 50_000))


def test_the_main_heading_is_kept():
    blocks = blocks_of("menu", "# Title", "intro", "body text")
    assert [b.md for b in choose(blocks, [0.0, 0.1, 0.2, 0.9], 0.5, 0.05)] == ["# Title", "body text"]


def test_selection_keeps_the_article_and_drops_the_furniture():
    page = (b"<html><head><title>Tidal power</title></head><body><div class='menu'><ul>"
            + b"".join(b"<li><a href='/s%d'>Section %d</a></li>" % (i, i) for i in range(12))
            + b"</ul></div><div class='content'><h1>Tidal power</h1>"
            + b"".join(b"<p>Tidal power turns the energy of the tides into electricity, and "
                       b"engineers have studied it for decades; paragraph %d says more.</p>" % i
                       for i in range(8))
            + b"</div><div class='links'><p><a href='/a'>Share</a> | <a href='/b'>Print</a></p>"
            b"</div><div class='copyright'><p>Copyright 2026 Example Ltd. All rights reserved."
            b"</p></div></body></html>")
    out = webfold.to_markdown(page)
    assert out.startswith("# Tidal power\n\nTidal power turns") and out.count("Tidal power turns") == 8
    assert "Section 3" not in out and "All rights reserved" not in out
    assert webfold.to_markdown(page, selection=False).count("Section") == 12
    blocks = webfold.to_blocks(page)
    precise, default = select_main(blocks, precision=True), select_main(blocks)
    assert 0 < len(precise) <= len(default) and all(any(b is d for d in default) for b in precise)


def test_runtime_imports_neither_scikit_learn_nor_numpy(tmp_path):
    page = tmp_path / "p.html"
    page.write_text("<h1>T</h1><p>Some text here.</p>")
    code = ("import sys, webfold; webfold.to_markdown(open(sys.argv[1], 'rb').read()); "
            "print(sorted(m for m in ('sklearn', 'numpy', 'joblib', 'scipy') if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code, str(page)], capture_output=True, text=True)
    assert done.returncode == 0 and done.stdout == "[]\n"


# Faults found by trying to break selection, each a case with its right value.

def test_forest_refuses_empty_trees_and_cycles():
    import struct
    from webfold._trees import Forest

    head = b"WFTREES2" + struct.pack("<IdI", 1, 0.0, 1)
    with pytest.raises(ValueError, match="no nodes"):
        Forest(head + struct.pack("<I", 0))
    split = struct.Struct("<dIHBx")         # threshold, right child, feature, flags (0: a split)
    leaf = split.pack(0.5, 0, 0, 1)
    for nodes in ([split.pack(0.0, 0, 0, 0)],                   # its own right child, no left one
                  [split.pack(0.0, 1, 0, 0), leaf],             # both children the same node
                  [split.pack(0.0, 2, 0, 0), leaf],             # the right child past the tree
                  [split.pack(0.0, 2, 1, 0), leaf, leaf]):      # a feature the forest has not
        with pytest.raises(ValueError, match="outside it or back"):
            Forest(head + struct.pack("<I", len(nodes)) + b"".join(nodes))
    forest = Forest(head + struct.pack("<I", 3) + split.pack(0.0, 2, 0, 2) + leaf + split.pack(-0.5, 0, 0, 1))
    assert forest.probabilities([[-1.0], [1.0], [float("nan")]]) == pytest.approx(
        [1 / (1 + math.exp(-0.5)), 1 / (1 + math.exp(0.5)), 1 / (1 + math.exp(-0.5))])
    # Without the missing-left flag a NaN goes right; infinities go as numbers do.
    forest = Forest(head + struct.pack("<I", 3) + split.pack(0.0, 2, 0, 0) + leaf + split.pack(-0.5, 0, 0, 1))
    assert forest.probabilities([[float("nan")], [float("-inf")], [float("inf")]]) == pytest.approx(
        [1 / (1 + math.exp(0.5)), 1 / (1 + math.exp(-0.5)), 1 / (1 + math.exp(0.5))])
    with pytest.raises(ValueError, match="bad magic"):
        Forest(b"WFTREES1" + head[8:] + struct.pack("<I", 1) + leaf)
    one_leaf = struct.pack("<I", 1) + leaf
    for data, message in [
            (b"WFTREES2" + struct.pack("<IdI", 1, float("nan"), 1) + one_leaf, "baseline"),
            (b"WFTREES2" + struct.pack("<IdI", 1, 0.0, 0), "no trees"),
            (head + one_leaf + b"\0", "1 bytes after the last tree"),
            (head + struct.pack("<I", 1) + split.pack(0.5, 0, 0, 1 | 0x80), "damaged node"),
            (head + struct.pack("<I", 1) + split.pack(float("inf"), 0, 0, 1), "damaged node"),
            (head + struct.pack("<I", 3) + split.pack(float("nan"), 2, 0, 0) + leaf + leaf, "damaged node")]:
        with pytest.raises(ValueError, match=message):
            Forest(data)


def test_forest_reads_its_own_copy_of_the_rows():
    # probabilities sized its matrix by len(rows) and then filled it from iter(rows):
    # a sequence whose length lied wrote past the matrix (a segmentation fault).
    from webfold._trees import Forest

    forest = select.selector().stage1
    rows = [[float(i)] * forest.n_features for i in range(5)]

    class Liar:
        def __len__(self):
            return 1

        def __iter__(self):
            return iter(rows)

    expected = forest.probabilities(rows)
    assert len(expected) == 5 and len(set(expected)) > 1
    assert forest.probabilities(Liar()) == expected
    assert forest.probabilities(row for row in rows) == expected
    assert Forest(memoryview((MODEL_DIR / "selector.trees").read_bytes())[:forest_size()]).probabilities(rows) == expected


def test_forest_reads_a_matrix_in_place_by_its_stride():
    # Selection writes each block's features and then its context into one row of a
    # flat matrix; stage 1 reads the first columns of each row, stage 2 all of them.
    from array import array

    forest = select.selector().stage1
    width = forest.n_features
    rows = [[float(i % 7) - 3.0 + j / width for j in range(width)] for i in range(6)]
    expected = forest.probabilities(rows)
    assert len(set(expected)) > 1
    for stride in (width, width + 5):
        x = array("d", [-1e9] * (len(rows) * stride))
        for i, row in enumerate(rows):
            x[i * stride:i * stride + width] = array("d", row)
        assert forest.matrix_probabilities(x, len(rows), stride) == expected
        assert forest.matrix_probabilities(x, 2, stride) == expected[:2]
    assert forest.matrix_probabilities(array("d"), 0, width) == []
    x = array("d", bytes(8 * 2 * width))
    # ... and no count and stride reach past it, however large (a product of the two
    # overflowed: 2**62 rows passed the check and wrote past the scores' memory)
    for count, stride in ((3, width), (2, width + 1), (-1, width), (1, width - 1), (2**62, width),
                          (2**61 + 1, 2**62), (3, 2**62 + 1000), (3, 2**62 + 2**40)):
        with pytest.raises(ValueError, match="do not fit"):
            forest.matrix_probabilities(x, count, stride)


@pytest.mark.parametrize("call, message", [
    (lambda page, context, x: page.fill(0, 1, x, 0), "places 0 to 287 of rows of 0"),
    (lambda page, context, x: page.fill(0, 1, x, -5), "places 0 to 287 of rows of -5"),
    (lambda page, context, x: page.fill(-2, 1, x, 287), "rows -2 to 1 of a page of 2 blocks"),
    (lambda page, context, x: page.fill(0, 3, x, 287), "rows 0 to 3 of a page of 2 blocks"),
    (lambda page, context, x: page.fill(0, 2, x[:300], 287), "2 rows of 287 values do not fit a matrix of 300"),
    (lambda page, context, x: context.fill(0, 2, x, 309, -1), "places -1 to 21 of rows of 309"),
    (lambda page, context, x: context.fill(0, 2, x, 309, 288), "places 288 to 310 of rows of 309"),
    (lambda page, context, x: context.fill(0, 2, x, 2**62, 287), "2 rows of 4611686018427387904 values"),
])
def test_features_refuse_rows_that_do_not_fit_their_matrix(call, message):
    # Compiled, the fills write without checking each place: rows outside the page, a
    # stride shorter than a row or a matrix too short wrote over other rows or past it.
    from webfold.features import ContextFeatures, PageFeatures, container_ids, matrix

    blocks = webfold.to_blocks("<h1>a</h1><p>b c</p>", chrome=True)
    x = matrix(2, 309)
    with pytest.raises(ValueError, match=re.escape(message)):
        call(PageFeatures(blocks), ContextFeatures([0.1, 0.9], container_ids(blocks)), x)
    assert set(x) == {0.0}
    with pytest.raises(ValueError, match="a matrix of -2 rows"):
        matrix(-2, 5)


def test_features_fill_rows_of_a_used_matrix_as_of_a_new_one():
    # A page of more than SLICE blocks fills one matrix slice after slice: each fill
    # must give the same rows whatever the matrix held before.
    from webfold.features import PageFeatures, matrix

    blocks = webfold.to_blocks(b"<title>Lamps</title><h1>Lamps</h1><table><tr><td>a<td>b</table>"
                               b"<div class='tile' id='x'><p>A brass lamp.</p></div><nav><a href='/a'>Home</a></nav>",
                               chrome=True)
    features = PageFeatures(blocks)
    stride = len(FEATURE_NAMES) + 3
    x = matrix(len(blocks), stride)
    for i in range(len(x)):
        x[i] = 7.0
    features.fill(0, len(blocks), x, stride)
    expected = page_features(blocks)
    for i, row in enumerate(expected):
        assert list(x[i * stride:i * stride + len(FEATURE_NAMES)]) == list(row)
        assert list(x[i * stride + len(FEATURE_NAMES):(i + 1) * stride]) == [7.0] * 3


def forest_size() -> int:
    return json.loads((MODEL_DIR / "selector.json").read_text())["stage1_bytes"]


@pytest.mark.parametrize("head", ['<link rel="canonical" href="https://e.org/forum/t/123">',
                                  '<meta property="og:url" content="https://e.org/forum/t/123">'])
def test_without_an_address_the_url_features_read_the_pages_own(head):
    # a newcomer of session 34 left BASE out: dev 0612's main content grew from 21 to 56 blocks
    page = f"<html><head>{head}</head><body><p>Words of a post.</p></body></html>"
    url_columns = [index for index, name in enumerate(FEATURE_NAMES) if name.startswith("url_")]
    given = page_features(webfold.to_blocks(page, "https://e.org/forum/t/123"))[0]
    own = page_features(webfold.to_blocks(page))[0]
    unknown = page_features(webfold.to_blocks("<p>Words of a post.</p>"))[0]
    assert [own[i] for i in url_columns] == [given[i] for i in url_columns]
    assert given[FEATURE_NAMES.index("url_depth")] == 3 and given[FEATURE_NAMES.index("url_has_digits")] == 1
    assert [unknown[i] for i in url_columns] != [given[i] for i in url_columns]


def test_precision_never_keeps_more_than_the_default():
    # nothing reaches the precision threshold: the default choice, not the whole page
    blocks = blocks_of("menu", "# Blog", "First post", "Second post")
    scores = [0.1, 0.5, 0.4, 0.35]
    default = choose(blocks, scores, 0.3, 0.05)
    assert [b.md for b in default] == ["# Blog", "First post", "Second post"]
    assert choose(blocks, scores, 0.3, 0.05, precise=0.64) == default


def test_the_main_heading_is_the_one_that_matches_the_title():
    from webfold.block import Page
    page = Page(title="Coffee guide | MySite")
    blocks = [Block("# MySite", "heading", text="MySite", text_chars=6, level=1, page=page),
              Block("## Coffee guide", "heading", text="Coffee guide", text_chars=12, level=2, page=page),
              Block("text", "paragraph", text="text", text_chars=4, page=page)]
    for threshold in (0.5, 0.8):
        assert [b.md for b in choose(blocks, [0.0, 0.1, 0.9], threshold, 0.05)] == ["## Coffee guide", "text"]


@pytest.mark.parametrize("meta, message", [
    ([1, 2], "not an object"), ({"features": 5}, "other features"),
    ("[" * 200_000, "cannot load"),         # too deep for the JSON reader: RecursionError
])
def test_damaged_model_description_is_a_model_error(tmp_path, meta, message):
    (tmp_path / "selector.json").write_text(meta if isinstance(meta, str) else json.dumps(meta))
    (tmp_path / "selector.trees").write_bytes((MODEL_DIR / "selector.trees").read_bytes())
    with pytest.raises(ModelError, match=message):
        Selector(tmp_path)


@pytest.mark.parametrize("change", [
    lambda m: m.pop("stage1_bytes"), lambda m: m.__setitem__("stage1_bytes", "x"),
    lambda m: m["thresholds"].__setitem__("default", "x"),
    lambda m: m["thresholds"].__setitem__("default", float("nan")),
    lambda m: m["thresholds"].pop("floor"), lambda m: m["thresholds"].__setitem__("floor", 0.0),
    lambda m: m["thresholds"].__setitem__("floor", 0.95),
    lambda m: m.__setitem__("stage1_bytes", 100),
    # values JSON holds but Python's numbers do not take: OverflowError, not ModelError
    lambda m: m.__setitem__("stage1_bytes", float("inf")),
    lambda m: m["thresholds"].__setitem__("default", 10 ** 400),
    # the first stage must end where its trees end, and leave the second some bytes
    lambda m: m.__setitem__("stage1_bytes", m["stage1_bytes"] - 16),
    lambda m: m.__setitem__("stage1_bytes", -(len((MODEL_DIR / "selector.trees").read_bytes()) - m["stage1_bytes"])),
])
def test_damaged_model_fields_are_a_model_error(tmp_path, change):
    meta = json.loads((MODEL_DIR / "selector.json").read_text())
    change(meta)
    (tmp_path / "selector.json").write_text(json.dumps(meta))
    (tmp_path / "selector.trees").write_bytes((MODEL_DIR / "selector.trees").read_bytes())
    with pytest.raises(ModelError):
        Selector(tmp_path)


def test_lists_that_touch_after_selection_stay_apart():
    from markdown_it import MarkdownIt
    blocks = webfold.to_blocks("<ul><li>Milk<li>Bread</ul><ul><li>Share</ul><ul><li>Eggs<li>Butter</ul>")
    assert [b.md[:1] for b in blocks] == ["-", "*", "-"]
    markdown = webfold.render([blocks[0], blocks[2]])
    assert markdown == "- Milk\n- Bread\n\n* Eggs\n* Butter\n"
    assert MarkdownIt("commonmark").render(markdown).count("<ul>") == 2


def test_items_of_one_list_stay_one_list():
    html = "<ol><li><p>a</p><p>b</p></li><li><p>c</p><p>d</p></li><li><p>e</p><p>f</p></li></ol>"
    blocks = webfold.to_blocks(html)
    assert webfold.render([blocks[0], blocks[2]]) == "1. a\n\n   b\n\n3. e\n\n   f\n"


@pytest.mark.parametrize("html, expected", [
    ("<ol><li><p>a</p></li><a href=x><li><div>b</div><p>c</p></li></a><li>d</li></ol>",
     "1. a\n\n2. [b](https://example.com/x)\n\n   [c](https://example.com/x)\n\n3. d\n"),
    # a link left open in an item opens again before the white space after it, so
    # around the next item, as a browser puts it
    ("<ol><li><p>a</p><a href=x></li>\n<li><div>b</div><p>c</p></li><li>d</li></ol>",
     "1. a\n\n2. [b](https://example.com/x)\n\n   [c](https://example.com/x)\n\n3. [d](https://example.com/x)\n"),
    # twelve different formatting elements between the list and an item (a browser
    # opens again at most 3 alike, but a chain of different ones is longer): a walk up
    # bounded to 8 of them stopped at one of them and wrote the item '2)'
    ("<ol><li><p>a</p></li><b><i><em><strong><s><u><small><big><tt><font><strike><nobr>"
     "<li><div>b</div><p>c</p></li></nobr></strike></font></tt></big></small></u></s></strong>"
     "</em></i></b><li>d</li></ol>",
     "1. a\n\n2. ***~~b~~***\n\n   ***~~c~~***\n\n3. d\n"),
])
def test_items_of_one_list_stay_one_list_through_an_element_around_an_item(html, expected):
    # the item is still the list's: "2)" wrote it as another list's
    assert webfold.to_markdown(html, "https://example.com/", selection=False) == expected


@pytest.mark.parametrize("build", [
    lambda n: '<div class="' + " ".join(f"c{i}" for i in range(n)) + '">'
              + "".join(f"<p>Para {i} text.</p>" for i in range(n)) + "</div>",
    lambda n: "<title>" + " ".join(f"w{i}" for i in range(n)) + "</title>"
              + "".join(f"<p>Block {i} text.</p>" for i in range(n)),
    # each block one element deeper: ancestor walks must not restart for every block
    lambda n: "".join(f"<div><p>Para {i} text.</p>" for i in range(n)),
])
def test_selection_time_grows_linearly(build):
    from conftest import LINEAR_GROWTH, growth

    assert growth(page_features, webfold.to_blocks(build(2000)), webfold.to_blocks(build(4000))) < LINEAR_GROWTH


def test_a_long_article_is_kept_whole():
    # Features once counted positions in blocks: past the few hundred blocks of the
    # training pages, a long article was cut off. Positions are shares of the page now.
    paragraph = ("Tidal energy turns the energy of the tides into electricity; paragraph {} "
                 "says more about turbines, barrages and lagoons.")
    html = ("<title>Tidal energy</title><nav>menu</nav><main><article><h1>Tidal energy</h1>"
            + "".join(f"<p>{paragraph.format(i)}</p>" for i in range(1500)) + "</article></main>")
    blocks = webfold.to_blocks(html)
    assert len(select_main(blocks)) == len(blocks) == 1501


@pytest.mark.parametrize("html", [
    # a CMS body or a feed item: no chrome around the article at all
    "<article><p>Tidal power turns the rise and fall of the sea into electricity for the coast.</p>"
    "<p>Engineers measure the flow every morning.</p></article>",
    # a tutorial: each step's code beside its paragraph
    "<title>T</title><nav><a href=/>Home</a></nav><main><article><h1>T</h1>"
    + "".join(f"<p>Step {i}: measure the flow at site {i} and print the result, as the estuary "
              f"report asks.</p><pre><code>flow_{i} = measure('site{i}')\nprint(flow_{i})</code></pre>"
              for i in range(20)) + "</article></main><footer>(c) 2026</footer>",
])
def test_a_clean_article_is_kept_whole(html):
    # Pages with little or no furniture are rare in WCXB, so a model may answer them
    # at random: retrained models kept one of these two paragraphs, and 2 of the 20
    # code blocks (training/README.md, "Long and clean pages").
    blocks = webfold.to_blocks(html)
    assert select_main(blocks) == blocks


def _items(pairs):
    return "".join(f'<div class="item"><div class="q">{q}</div><div class="a">{a}</div></div>' for q, a in pairs)


@pytest.mark.parametrize("html", [
    # a FAQ of one-line questions and answers, no chrome at all
    "<title>よくある質問</title><div class=content><h1>よくある質問</h1>" + _items([
        ("予約は必要ですか？", "いいえ、予約は不要です。"), ("駐車場はありますか？", "はい、十台分あります。"),
        ("ペットは入れますか？", "小型犬のみ可能です。"), ("支払い方法は？", "現金とカードが使えます。")]) + "</div>",
    "<title>Häufige Fragen</title><div class=content><h1>Häufige Fragen</h1>" + _items([
        ("Muss ich reservieren?", "Nein, eine Reservierung ist nicht nötig."),
        ("Gibt es Parkplätze?", "Ja, zehn Plätze direkt vor dem Haus.")]) + "</div>",
    # a product's specifications
    "<title>Wool socks</title><div class=content><h1>Wool socks</h1><dl><dt>Price</dt><dd>£28.00</dd>"
    "<dt>Wool</dt><dd>Shetland</dd><dt>Sizes</dt><dd>4 to 11</dd><dt>Care</dt><dd>Hand wash only</dd>"
    "<dt>Colour</dt><dd>Natural grey</dd></dl></div>",
    # a thread of one-line replies
    "<title>Same-day delivery missing?</title><div class=content><h1>Same-day delivery missing?</h1>"
    + _items([("user3", "Same here since Tuesday."), ("user10", "Clearing cookies fixed it for me."),
              ("user17", "Didn't work for me."), ("user24", "Support says it is paused for the holidays."),
              ("user31", "Ah, that explains it!")]) + "</div>",
])
def test_a_page_of_short_lines_is_kept_whole(html):
    # Synthetic short pages of long paragraphs beside a run of their source's left-out
    # blocks, which are mostly short lines, taught a model (r20) that a short line on a
    # short page is furniture: it kept only the heading of three of these
    # (training/README.md, "Long and clean pages").
    blocks = webfold.to_blocks(html)
    assert select_main(blocks) == blocks and select_main(blocks, precision=True) == blocks


@pytest.mark.parametrize("base", ["https://knits.example/products/wool-socks", None])
@pytest.mark.parametrize("precision", [False, True])
def test_specification_lines_beside_a_sidebar_are_kept_and_the_sidebar_is_not(base, precision):
    # With the synthetic pages' rows weighted 0.3 in training, a model kept this
    # sidebar and dropped specification lines (training/README.md, "Tried and not kept").
    html = ("<title>Wool socks</title><div class=wrap><div class=content><h1>Wool socks</h1>"
            "<p>Knitted by hand on the island, from the wool of our own flock.</p>"
            + _items([("Price", "£28.00"), ("Wool", "Shetland"), ("Sizes", "4 to 11"), ("Care", "Hand wash only"),
                      ("Colour", "Natural grey"), ("Made in", "Scotland")])
            + '</div><div class=sidebar><h3>Latest news</h3><ul><li><a href="/n1">Summer opening hours</a></li>'
            '<li><a href="/n2">New patterns this month</a></li><li><a href="/n3">Join our knitting club</a></li>'
            "</ul></div></div>")
    blocks = webfold.to_blocks(html, base)
    assert select_main(blocks, precision=precision) == blocks[:-2]
    assert blocks[-2].text == "Latest news"


@pytest.mark.xfail(strict=True, reason="known fault of r19 and r22 (training/README.md, r22): on a "
                   "page this small the scores of the terms and of the cards lie between 0.16 and 0.72; "
                   "r22 drops 9 of the 10 specification blocks, r19 keeps the related products")
def test_a_definition_list_of_specifications_is_kept_and_the_related_products_are_not():
    # Found by a breaker comparing r19 with r22 (/tmp/brk27, spec_dl_related).
    specs = [("Origin", "Portugal"), ("Made in", "Scotland"), ("Power", "40 W"), ("Weight", "1.2 kg"),
             ("Warranty", "2 years")]
    cards = [("Merino beanie", "18"), ("Alpaca scarf", "25"), ("Lambswool gloves", "32"),
             ("Cable-knit jumper", "39"), ("Tweed cap", "46")]
    html = ('<title>Enamel kettle</title><div class="wrap"><div class="product-info"><h1>Enamel kettle</h1>'
            '<p class="price">$64.95</p><dl>' + "".join(f"<dt>{term}</dt><dd>{value}</dd>" for term, value in specs)
            + '</dl></div></div><section class="related-products"><h2>You may also like</h2><div class="grid">'
            + "".join(f'<div class="product-card"><a href="/p/{i}"><h4>{name}</h4></a><span class="price">'
                      f"£{price}.00</span></div>" for i, (name, price) in enumerate(cards))
            + "</div></section>")
    blocks = webfold.to_blocks(html)
    assert [block.text for block in select_main(blocks)] == (
        ["Enamel kettle", "$64.95"] + [text for pair in specs for text in pair])


def test_a_short_post_beside_a_sidebar_comes_out_without_the_sidebar():
    # The synthetic short pages of training are all content but for a menu and a
    # footer: whatever stands beside a short post must still be judged.
    html = ('<title>Parking rules</title><div class="post-content"><p>Oddly enough, this approach '
            "redesigned the rules for parking near the market despite a shortage of spare parts. The "
            "council will review the scheme again in the autumn once the new bays are painted.</p></div>"
            '<aside class="sidebar"><h2>Recent Posts</h2><ul><li><a href="/p1">Winter hours at the '
            'library</a></li><li><a href="/p2">New ferry timetable announced</a></li><li><a href="/p3">'
            "Allotment waiting list reopens</a></li></ul><h2>Categories</h2><ul><li><a href=/c1>Gardening"
            "</a> (12)</li><li><a href=/c2>Travel</a> (12)</li><li><a href=/c3>Food</a> (9)</li></ul>"
            "<h2>About the author</h2><p>Marta writes about small towns, slow food and the machines that "
            "keep both running. She lives near the coast with two cats.</p></aside>"
            "<footer><p>© 2024 Valley Media Group. All rights reserved.</p></footer>")
    kept = [block.text for block in select_main(webfold.to_blocks(html))]
    assert kept[0].startswith("Oddly enough") and not any("Winter hours" in text or "Gardening" in text
                                                          for text in kept)


def test_a_long_article_of_sections_is_kept_whole():
    # Paragraphs of many lengths under headings, past the sizes of the training pages.
    parts = []
    for i in range(400):
        if i % 9 == 0:
            parts.append(f"<h2>Part {i // 9} of the tides</h2>")
        else:
            words = " ".join(["the tide turns turbines"] * (3 + i * 7 % 20))
            parts.append(f"<p>Paragraph {i}: {words}.</p>")
    blocks = webfold.to_blocks("<title>Tides</title><nav><a href=/>Home</a></nav><main><article>"
                               "<h1>Tides</h1>" + "".join(parts) + "</article></main>"
                               "<footer>Copyright 2026</footer>")
    assert len(select_main(blocks)) == len(blocks) == 401


def test_scores_do_not_depend_on_the_slice_size(monkeypatch):
    # Long pages are scored a slice of blocks at a time; the slices must not show.
    page = "".join(f'<div class="c{i % 7}"><h2>Part {i}</h2><p>Text of part {i}, with words.</p>'
                   f'<ul><li><a href="/{i}">link {i}</a></li></ul></div>' for i in range(120))
    blocks = webfold.to_blocks(page)
    whole = select.selector().scores(blocks)
    monkeypatch.setattr(select, "SLICE", 7)
    assert select.selector().scores(blocks) == whole and len(whole) == len(blocks) > 300


def test_pages_past_the_block_budget_are_kept_whole(monkeypatch):
    blocks = webfold.to_blocks("<nav><a href=/>Home</a></nav>" + "<p>Cookie settings</p>" * 3
                               + "<article><p>Text of the story goes here.</p></article>")
    monkeypatch.setattr(select, "MAX_BLOCKS", len(blocks) - 1)
    assert select_main(blocks) == blocks


def test_repeated_blocks_count_their_copies_and_mark_the_later_ones():
    # A template that shows a product's description twice (a tab and a modal):
    # annotators keep the first copy, so the later copies are marked.
    blocks = webfold.to_blocks(b"<p>Soft wool runner, machine washable.</p><p>Free returns.</p>"
                               b"<div role=dialog><p>Soft wool runner, machine washable.</p></div>")
    rows = page_features(blocks)
    copies, earlier = FEATURE_NAMES.index("log_copies"), FEATURE_NAMES.index("earlier_copy")
    assert [round(row[copies], 6) for row in rows] == [round(math.log(2), 6), 0.0, round(math.log(2), 6)]
    assert [row[earlier] for row in rows] == [0.0, 0.0, 1.0]


def test_chrome_blocks_are_features_with_the_rules_verdict():
    blocks = webfold.to_blocks(b"<header><p>Site header text</p></header><p>The story, told at length "
                               b"in words.</p><div hidden><p>A closed tab</p></div>", chrome=True)
    rows = page_features(blocks)
    column = {name: index for index, name in enumerate(FEATURE_NAMES)}
    assert [b.text for b in blocks] == ["Site header text", "The story, told at length in words.", "A closed tab"]
    assert [row[column["chrome_1"]] for row in rows] == [1.0, 0.0, 0.0]
    assert [row[column["chrome_64"]] for row in rows] == [0.0, 0.0, 1.0]
    assert [row[column["kept_by_rules"]] for row in rows] == [0.0, 1.0, 0.0]


def test_chrome_bits_past_the_known_ones_do_not_stop_the_features():
    # The compiled module took Block.chrome as a C int: a hand-made block with a bit
    # past 2**31 raised OverflowError where the Python module worked.
    blocks = blocks_of("# Title", "Some text of the page.")
    blocks[1].chrome = 1 << 40 | 64
    rows = page_features(blocks)
    column = {name: index for index, name in enumerate(FEATURE_NAMES)}
    assert [row[column["chrome_64"]] for row in rows] == [0.0, 1.0]
    assert [row[column["chrome_1"]] for row in rows] == [0.0, 0.0]


def test_a_tables_shape_is_a_feature():
    blocks = webfold.to_blocks(b"<p>Specifications of the lamp</p><table><tr><th>Material</th><td>Brass</td></tr>"
                               b"<tr><th>Weight</th><td>1.1 kg</td></tr></table>")
    rows = page_features(blocks)
    columns, log_rows = FEATURE_NAMES.index("table_columns"), FEATURE_NAMES.index("log_table_rows")
    assert [(row[columns], round(row[log_rows], 6)) for row in rows] == [(0.0, 0.0), (2.0, round(math.log(3), 6))]


class _Scores:
    """A selector whose scores are given: what the model chose, without the model."""

    threshold, precision_threshold, floor = 0.3, 0.64, 0.05

    def __init__(self, scores):
        self._scores = scores

    def scores(self, blocks):
        return self._scores


HIDDEN_PAGE = (b"<title>Wool runner</title><h1>Wool runner</h1><p>Soft wool, machine washable, "
               b"made to last.</p><div style='display:none'><h2>Wool runner</h2><p>Care: wash cold "
               b"and dry flat.</p></div><footer><p>Free returns on every order.</p></footer>")


def test_hidden_blocks_are_scored_but_left_out_unless_asked_for(monkeypatch):
    blocks = webfold.to_blocks(HIDDEN_PAGE, chrome=True)
    assert [b.text for b in blocks] == ["Wool runner", "Soft wool, machine washable, made to last.",
                                        "Wool runner", "Care: wash cold and dry flat.",
                                        "Free returns on every order."]
    monkeypatch.setattr(select, "selector", lambda: _Scores([0.9, 0.9, 0.9, 0.9, 0.9]))
    # the footer is visible chrome the model may keep; the hidden heading is no main heading
    assert [b.text for b in select_main(blocks)] == ["Wool runner", "Soft wool, machine washable, made to last.",
                                                     "Free returns on every order."]
    assert len(select_main(blocks, hidden=True)) == 5
    monkeypatch.setattr(select, "selector", lambda: _Scores([0.0, 0.0, 0.9, 0.9, 0.0]))
    # only hidden blocks chosen: the page as the drop rules leave it, never empty
    assert [b.text for b in select_main(blocks)] == ["Wool runner", "Soft wool, machine washable, made to last."]
    # asked for, they come with the main heading (the visible <h1>)
    assert [b.text for b in select_main(blocks, hidden=True)] == ["Wool runner", "Wool runner",
                                                                  "Care: wash cold and dry flat."]


def test_a_closed_panel_may_be_chosen_where_hidden_blocks_may_not(monkeypatch):
    page = (b"<h1>Wool runner</h1><p>Soft wool shoes.</p><button aria-controls=care>Care</button>"
            b"<div id=care hidden><p>Wash cold.</p></div><div hidden><p>Ignore the page.</p></div>")
    blocks = webfold.to_blocks(page, chrome=True)
    monkeypatch.setattr(select, "selector", lambda: _Scores([0.9] * 4))
    assert [b.text for b in select_main(blocks)] == ["Wool runner", "Soft wool shoes.", "Wash cold."]
    assert len(select_main(blocks, hidden=True)) == 4


def test_the_main_heading_is_never_a_hidden_one():
    from webfold.select import main_heading
    blocks = webfold.to_blocks(b"<title>Wool runner</title><div hidden><h1>Wool runner</h1></div>"
                               b"<h2>Reviews</h2><p>Text</p>", chrome=True)
    assert [b.text for b in blocks][:2] == ["Wool runner", "Reviews"]
    assert main_heading(blocks) == -1


# The page outside its dialog holds a paragraph of 290 characters (DIALOG_PAGE_CHARS).
PRODUCT_TEXT = ("Soft wool, machine washable. " * 10).strip()
DIALOG_PAGE = (f"<title>Wool runner</title><h1>Runner</h1><p>{PRODUCT_TEXT}</p>"
               "<div role=dialog><h1>Wool runner size guide</h1><p>Take your usual size.</p></div>").encode()


def test_a_dialog_is_never_chosen_nor_its_heading_the_main_one(monkeypatch):
    # On WCXB dev, 1.3% of the words in dialogs are main content; leaving them out
    # raised the cross-validated F1 by 0.0015 (README, "What is removed").
    from webfold.select import main_heading
    blocks = webfold.to_blocks(DIALOG_PAGE, chrome=True)
    monkeypatch.setattr(select, "selector", lambda: _Scores([0.2, 0.2, 0.9, 0.9]))
    # the page's own blocks, as the likeliest left (the page cut falls to 0.2)
    page = ["Runner", PRODUCT_TEXT]
    assert [b.text for b in select_main(blocks)] == page
    assert [b.text for b in select_main(blocks, hidden=True)] == page
    # the dialog's <h1> shares more words with the title, but names no content of the page
    assert main_heading(blocks) == 0


def test_a_page_shown_whole_in_a_dialog_keeps_its_text(monkeypatch):
    # nothing left to choose: the blocks the drop rules keep, which hold the dialog
    blocks = webfold.to_blocks(b"<div role=dialog><h1>Quick view</h1><p>A lightbox article.</p></div>",
                               chrome=True)
    monkeypatch.setattr(select, "selector", lambda: _Scores([0.9, 0.9]))
    assert [b.text for b in select_main(blocks)] == ["Quick view", "A lightbox article."]


def test_dialogs_holding_most_of_the_text_are_left_out_beside_a_page(monkeypatch):
    # allbirds.com's product page (WCXB dev 0580) holds 96% of its text in policy
    # dialogs after links in its footer; its own text is the product.
    policy = "We process personal information for our legitimate purposes. " * 40
    blocks = webfold.to_blocks(
        f"<h1>Runner</h1><p>{PRODUCT_TEXT}</p><footer><a role=button>Privacy policy</a><div role=dialog "
        f"aria-modal=true><h2>Privacy policy</h2><p>{policy}</p></div></footer>".encode(), chrome=True)
    assert [b.chrome & CHROME_DIALOG for b in blocks] == [0, 0, 0, CHROME_DIALOG, CHROME_DIALOG]
    monkeypatch.setattr(select, "selector", lambda: _Scores([0.9, 0.9, 0.1, 0.6, 0.6]))
    assert [b.text for b in select_main(blocks)] == ["Runner", PRODUCT_TEXT]


ARTICLE = " ".join(f"Sentence {i} of the article says something new about rivers." for i in range(12))
COOKIES = " ".join(f"We and our {i} partners use cookies to measure the audience." for i in range(4))


@pytest.mark.parametrize("wrapper", ["header", "form", "aside", "div"])
def test_a_dialog_beside_a_page_in_chrome_is_left_out(monkeypatch, wrapper):
    # The third breaker's page of 26ca326: the drop rules removed the page's wrapper (a
    # page header, an ASP.NET form) once the dialog's text was counted against it, and
    # the page then had no text outside dialogs. Text readers see counts, chrome or not.
    blocks = webfold.to_blocks(f"<{wrapper}><h1>Rivers</h1><p>{ARTICLE}</p></{wrapper}><div role=dialog>"
                               f"<h2>Cookies</h2><p>{COOKIES}</p></div>".encode(), chrome=True)
    assert [b.chrome & CHROME_DIALOG for b in blocks] == [0, 0, CHROME_DIALOG, CHROME_DIALOG]
    monkeypatch.setattr(select, "selector", lambda: _Scores([0.9, 0.9, 0.9, 0.9]))
    assert [b.text for b in select_main(blocks)] == ["Rivers", ARTICLE]


def test_a_short_page_beside_a_smaller_dialog_leaves_the_dialog_out(monkeypatch):
    # under DIALOG_PAGE_CHARS of its own, but the dialog holds less than DIALOG_SHARE
    brief = ("The city council voted on Tuesday to extend the river walk by two kilometres, with work "
             "starting in spring and finishing before the summer festival next year, officials said.")
    blocks = webfold.to_blocks(f"<title>River walk extended</title><h1>River walk extended</h1><p>{brief}</p>"
                               "<div role=dialog><h2>Newsletter</h2><p>Subscribe to our newsletter and get the "
                               "best stories of the week every Friday.</p></div>".encode(), chrome=True)
    monkeypatch.setattr(select, "selector", lambda: _Scores([0.9, 0.9, 0.5, 0.5]))
    assert [b.text for b in select_main(blocks)] == ["River walk extended", brief]


def test_a_page_in_a_dialog_beside_a_menu_keeps_the_dialog(monkeypatch):
    # a menu's text is its links', none of the page's own
    menu = "".join(f"<li><a href=/c{n}>Category number {n}</a></li>" for n in range(16))
    recipe = [f"Step {n}: mix the flour, the water and the salt, and let the dough rest." for n in range(20)]
    blocks = webfold.to_blocks(("<title>Fresh bread</title><p>Skip to content</p><div><ul>" + menu + "</ul></div>"
                                "<div role=dialog aria-modal=true><h1>Fresh bread</h1>"
                                + "".join(f"<p>{step}</p>" for step in recipe) + "</div>").encode(), chrome=True)
    monkeypatch.setattr(select, "selector", lambda: _Scores([0.2, 0.1] + [0.9] * 21))
    assert [b.text for b in select_main(blocks)] == ["Fresh bread"] + recipe


BRIDGE = ["The river town reopened its bridge on Monday after eight months of repairs that followed the "
          "spring flood.", "Traffic was light in the morning, but the council expects the usual queues to "
          "return by the end of the week."]


@pytest.mark.parametrize("selection", [True, False])
def test_a_page_of_an_unseen_style_beside_a_dialog_is_the_page(selection):
    # The breaker's page of ebcc770: a page wrapped whole in visibility:hidden until its
    # scripts run, beside a cookie dialog. Its text counted for nothing beside the
    # dialog, so the dialog was taken for the page, and the story was weighed against
    # the dialog's text and dropped.
    html = ('<div style="visibility:hidden"><h1>Bridge reopens</h1>' + "".join(f"<p>{p}</p>" for p in BRIDGE)
            + "</div><div role=dialog><p>We use cookies to measure traffic and personalise ads. Accept or "
            "manage your choices.</p></div>")
    markdown = webfold.to_markdown(html, selection=selection)
    assert markdown.startswith("# Bridge reopens\n\n" + "\n\n".join(BRIDGE))
    assert ("cookies" in markdown) is not selection


@pytest.mark.parametrize("selection", [True, False])
def test_a_menu_in_a_dialog_is_no_page_shown_in_it(selection):
    # The breaker's page of ebcc770: a dialog that is only a list of links, beside a
    # short story in the page <header>. Its links counted as a page shown in a dialog.
    story = ("The council voted on Tuesday to close the harbour road for repairs, which start next "
             "month and last six weeks.")
    menu = "".join(f'<li><a href="/s/{n}">Section number {n} of the site</a></li>' for n in range(30))
    html = (f"<header><h1>Harbour road to close</h1><p>{story}</p></header>"
            f'<div role=dialog aria-label=Menu><ul>{menu}</ul></div>')
    markdown = webfold.to_markdown(html, selection=selection)
    assert markdown.startswith(f"# Harbour road to close\n\n{story}\n")
    assert ("Section number 29" in markdown) is not selection


def test_when_no_block_reaches_the_floor_dialogs_left_out_stay_out(monkeypatch):
    links = " | ".join(f'<a href="/p{n}">Footer link number {n}</a>' for n in range(20))
    blocks = webfold.to_blocks(f"<title>Shop</title><p>{links}</p><div role=dialog><h2>Sign up</h2>"
                               "<p>Get 10% off your first order when you join our newsletter today.</p></div>".encode(),
                               chrome=True)
    monkeypatch.setattr(select, "selector", lambda: _Scores([0.01, 0.01, 0.01]))
    assert [b.text[:19] for b in select_main(blocks)] == ["Footer link number "]
    # a page of dialogs alone still comes out whole
    blocks = webfold.to_blocks(b"<div role=dialog><h2>Sign up</h2><p>Get 10% off.</p></div>", chrome=True)
    monkeypatch.setattr(select, "selector", lambda: _Scores([0.01, 0.01]))
    assert [b.text for b in select_main(blocks)] == ["Sign up", "Get 10% off."]


def test_a_page_shown_in_a_dialog_beside_a_footer_keeps_the_dialog(monkeypatch):
    # The fourth breaker's page: the footer's text is the page's own, so the dialog is
    # left out; but no other block reaches the cut, so it is judged with the page.
    legal = "Example Media, part of the Example Group. All rights reserved. " * 5
    blocks = webfold.to_blocks(("<p><a href=#main>Skip to content</a></p><div role=dialog aria-modal=true>"
                                f"<h1>Rivers</h1><p>{ARTICLE}</p></div><footer><p>{legal}</p></footer>").encode(),
                               chrome=True)
    monkeypatch.setattr(select, "selector", lambda: _Scores([0.01, 0.9, 0.9, 0.01]))
    assert [b.text for b in select_main(blocks)] == ["Rivers", ARTICLE]


def test_hidden_dialogs_stay_out_with_hidden(monkeypatch):
    blocks = webfold.to_blocks(f"<h1>Rivers</h1><p>{ARTICLE}</p><div role=dialog style='display:none'>"
                               "<h2>Newsletter terms</h2><p>You agree to receive mail.</p></div>".encode(),
                               chrome=True)
    monkeypatch.setattr(select, "selector", lambda: _Scores([0.9] * 4))
    assert [b.text for b in select_main(blocks, hidden=True)] == ["Rivers", ARTICLE]


def test_a_page_shown_in_a_dialog_beside_a_stray_block_keeps_the_dialog(monkeypatch):
    # The second breaker's page: with the dialog left out, "Skip to content" was all
    # that came out. Beside less than DIALOG_PAGE_CHARS of the page's own text, dialogs
    # holding most of the text are the page, and their heading may be the main one.
    blocks = webfold.to_blocks(b"<title>Fresh bread</title><p>Skip to content</p><div role=dialog><h1>Fresh "
                               b"bread</h1><p>Mix the flour, the water and the salt, and let it rest.</p></div>",
                               chrome=True)
    monkeypatch.setattr(select, "selector", lambda: _Scores([0.5, 0.2, 0.9]))
    assert [b.text for b in select_main(blocks)] == [
        "Skip to content", "Fresh bread", "Mix the flour, the water and the salt, and let it rest."]


def test_default_output_leaves_hidden_text_out_whatever_the_model_says(monkeypatch):
    monkeypatch.setattr(select, "selector", lambda: _Scores([0.9] * 5))
    out = webfold.to_markdown(HIDDEN_PAGE)
    assert "wash cold" not in out and "machine washable" in out
    assert "wash cold" in webfold.to_markdown(HIDDEN_PAGE, hidden=True)


def test_container_ids_group_blocks_by_their_ancestor_at_each_distance():
    blocks = webfold.to_blocks(b"<body><main><div><p>one</p><p>two</p></div>"
                               b"<div><p>three</p></div></main></body>")
    ids = container_ids(blocks)
    assert len(ids) == 3 and all(len(row) == len(CONTAINER_DISTANCES) == 4 for row in ids)
    parent, grandparent = CONTAINER_DISTANCES.index(1), CONTAINER_DISTANCES.index(2)
    assert ids[0][parent] == ids[1][parent] != ids[2][parent]            # the two divs
    assert ids[0][grandparent] == ids[1][grandparent] == ids[2][grandparent]  # main
    assert ids[0][-1] == -1                                              # past <html>
    loose = blocks_of("no element")
    assert container_ids(loose) == [(-2,) * 4]


def test_context_rows_hold_container_means_and_the_confident_span():
    scores = [0.1, 0.9, 0.3, 0.8, 0.2]
    containers = [(7, 1, 1, 1), (8, 1, 1, 1), (8, 1, 1, 1), (8, 2, 1, 1), (9, 2, 1, 1)]
    rows = context_features(scores, containers)
    column = {name: index for index, name in enumerate(CONTEXT_NAMES)}
    assert [round(row[column["score_container_1_mean"]], 6) for row in rows] == [
        0.1, round(2.0 / 3, 6), round(2.0 / 3, 6), round(2.0 / 3, 6), 0.2]
    assert [round(row[column["score_container_2_mean"]], 6) for row in rows] == [
        round(1.3 / 3, 6), round(1.3 / 3, 6), round(1.3 / 3, 6), 0.5, 0.5]
    # a container's size is its share of the page's blocks
    assert [round(row[column["container_1_block_share"]], 6) for row in rows] == [0.2, 0.6, 0.6, 0.6, 0.2]
    assert [row[column["container_3_block_share"]] for row in rows] == [1.0] * 5
    # confident blocks (score >= 0.5) are 1 and 3: only block 2 lies between two of them
    assert [row[column["inside_confident_span"]] for row in rows] == [0.0, 0.0, 1.0, 0.0, 0.0]
    assert [row[column["confident_before_share"]] for row in rows] == [0.0, 0.0, 0.5, 0.5, 1.0]
    assert context_features([0.1, 0.2], [(1,) * 4, (1,) * 4])[0][column["confident_before_share"]] == -1.0


class _Element:
    """The fields of webfold.block.Element that the class row reads."""

    def __init__(self, serial: int, classes: str, element_id: str = "") -> None:
        self.serial, self.classes, self.id = serial, classes, element_id


def token_places(token):
    """The class row places of one class or id token, as the features define them: its
    signal groups, then its hashed bin (the reference for webfold._text.class_slots)."""
    from webfold._text import word_hash
    from webfold.features import CLASS_BINS, CLASS_SIGNALS
    return ([group for group, words in enumerate(CLASS_SIGNALS.values()) if token in words]
            + [len(CLASS_SIGNALS) + word_hash(token) % CLASS_BINS])


@pytest.mark.parametrize("value", [
    "", "post-body content", "Main-NAV9 3col _x x_y", "9abc a9b9 ab-9", "\u0130tem \u212aey caf\u00e9s menu",
    "ab\u0130cd", "\u0130", "A\u212a", "\u00c9COLE sidebar-widget", "x " * 300, "m\u0130\u0130nu",
    "\u0131 \u017f \uff41bc related",      # dotless i, long s and fullwidth a lower-case outside ASCII
])
@pytest.mark.parametrize("limit", [0, 1, 3, 256])
def test_class_slots_are_the_places_of_the_first_tokens_of_the_lower_cased_value(value, limit):
    from webfold import features
    tokens = features._TOKEN.findall(value.lower())[:limit]
    expected = (len(tokens), tuple(place for token in tokens for place in token_places(token)))
    assert features._value_slots(value, limit) == expected


def test_class_slots_refuse_a_negative_limit_and_no_bins():
    from webfold import features
    from webfold._text import class_slots
    for limit, bins in ((-1, 64), (3, 0)):
        with pytest.raises(ValueError):
            class_slots("post content", features._CLASS_GROUPS, limit, bins, 2)


@pytest.mark.parametrize("classes, element_id", [
    ("post-body content", ""),
    ("post-body content", "sidebar-7"),
    ("", "main-nav"),
    ("x " * 300, "sidebar"),               # the class fills the token budget: the id adds none
    ("x " * 255, "sidebar widget"),         # one token left for the id
    ("Item \u212aELVIN caf\u00e9-menu", "\u0130D-footer"),    # non-ASCII letters lower-cased to ASCII
    ("menu", "123"),                        # an id without a token
])
def test_class_and_id_places_are_those_of_their_tokens_together(classes, element_id):
    # The class string's places are remembered apart from the id's: together they must
    # still be those of the first MAX_CLASS_TOKENS tokens of "class id", in order.
    from webfold import features
    tokens = features._TOKEN.findall((classes + " " + element_id).lower())[:features.MAX_CLASS_TOKENS]
    expected = tuple(slot for token in tokens for slot in token_places(token))
    for _ in range(2):                      # the memo's answer is the first answer
        assert features._element_slots(_Element(7, classes, element_id)) == expected


def test_elements_of_one_class_have_one_class_row_unless_their_ids_differ():
    # The class places of one class string are remembered; an id that adds tokens
    # gives the element places of its own.
    blocks = webfold.to_blocks('<div class="tile"><p>a</p></div><div class="tile"><p>b</p></div>'
                               '<div class="tile" id="sidebar"><p>c</p></div>', chrome=True)
    rows = page_features(blocks)
    furniture = FEATURE_NAMES.index("class_furniture")
    columns = slice(FEATURE_NAMES.index("class_content"), FEATURE_NAMES.index("word_bin_0"))
    assert [block.text for block in blocks] == ["a", "b", "c"]
    assert list(rows[0][columns]) == list(rows[1][columns]) != list(rows[2][columns])
    # "sidebar" is a furniture token of the <p>'s parent: weight 1 / (1 + 1)
    assert [row[furniture] for row in rows] == [0.0, 0.0, 0.5]


def test_the_class_places_memo_stays_bounded():
    from webfold import features, memo
    for i in range(memo.MAX_MEMO_ENTRIES + 50):
        features._element_slots(_Element(i, f"c{i} tile"))
    features._element_slots(_Element(0, "y" * (memo.MAX_MEMO_KEY + 1)))
    assert 0 < len(features._CLASS_SLOTS) <= memo.MAX_MEMO_ENTRIES
    assert "y" * (memo.MAX_MEMO_KEY + 1) not in features._CLASS_SLOTS


def test_blocks_that_only_look_like_blocks_give_the_same_features_and_selection():
    # Compiling Block as an extension type (reverted) made the features refuse any
    # object that was not a Block, and read subclass fields past their properties.
    blocks = webfold.to_blocks(b"<h1>Lamps</h1><p>A brass lamp for the desk, with a linen shade.</p>"
                               b"<nav><a href='/a'>Home</a></nav><p>Made by hand in Porto.</p>", chrome=True)
    ducks = [SimpleNamespace(**{name: getattr(block, name) for name in Block.__slots__}) for block in blocks]
    copies = pickle.loads(pickle.dumps(blocks))
    expected = [list(row) for row in page_features(blocks)]
    assert [list(row) for row in page_features(ducks)] == expected
    assert [list(row) for row in page_features(copies)] == expected
    assert [b.text for b in select_main(ducks)] == [b.text for b in select_main(blocks)]


@pytest.mark.parametrize("function, name", [(webfold.select_main, "select_main"), (webfold.render, "render"),
                                             (webfold.links, "links")])
@pytest.mark.parametrize("value", [None, "<p>x</p>", 5])
def test_the_functions_of_blocks_refuse_what_is_not_a_list(function, name, value):
    # select_main(None) and render(None) returned an empty result without a word
    with pytest.raises(TypeError, match=rf"{name}\(\) takes a list of blocks, not {type(value).__name__}"):
        function(value)


def test_the_functions_of_blocks_take_a_tuple_and_an_empty_list():
    blocks = tuple(webfold.to_blocks("<h1>Title</h1><p>Text of [the](page) <a href=/x>here</a>.</p>",
                                     "https://example.com/"))
    assert webfold.render(blocks) == "# Title\n\nText of \\[the\\](page) [here](https://example.com/x).\n"
    assert webfold.links(blocks) == ["https://example.com/x"]
    assert webfold.select_main([]) == [] and webfold.render([]) == "" and webfold.links(()) == []


def test_precision_keeps_a_product_pages_list_of_features():
    # WCXB dev 0612 (an Amazon product): a selector with a sixth of the stage-1 trees
    # (r24, session 37) kept only the title and "From the brand" with --precision,
    # where the annotators keep the five points of "About this item"
    root = require(data_dir() / "wcxb" / "dev")
    truth = json.loads((root / "ground-truth" / "0612.json").read_text(encoding="utf-8"))
    html = gzip.decompress((root / "html" / "0612.html.gz").read_bytes())
    paragraphs = truth["ground_truth"]["main_content"].split("About this item", 1)[1].split("\n\n")
    points = [paragraph.split(": ", 1)[1][:60] for paragraph in paragraphs if ": " in paragraph][:5]
    assert len(points) == 5
    for precision in (False, True):
        markdown = webfold.to_markdown(html, truth["url"], precision=precision)
        assert [point for point in points if point not in markdown] == []


_BREAKER = "https://mysite.example/"


def _page_in_chrome(title, main):
    """A hand-written page: ``main`` in <main>, between a cookie banner, a header menu
    and a footer (a breaker's form of session 37)."""
    return (f"<!DOCTYPE html><html><head><title>{title}</title></head><body>{_CHROME_BEFORE}<main>{main}"
            f"</main>{_CHROME_AFTER}</body></html>")


_CHROME_BEFORE = ('<div class="cookie-banner" id="cookie-consent"><p>We use cookies to improve your '
                  "experience. By continuing to browse you agree to our use of cookies.</p><button>Accept "
                  'all</button><button>Reject</button><a href="/cookies">Cookie settings</a></div><header>'
                  '<a href="/">MySite</a><nav><ul><li><a href="/">Home</a></li><li><a href="/blog">Blog</a>'
                  '</li><li><a href="/about">About</a></li><li><a href="/contact">Contact</a></li></ul></nav>'
                  "</header>")
_CHROME_AFTER = ('<footer><p>© 2024 MySite. All rights reserved.</p><ul><li><a href="/privacy">Privacy '
                 'Policy</a></li><li><a href="/terms">Terms of Use</a></li></ul></footer>')


@pytest.mark.parametrize("precision", [False, True])
@pytest.mark.parametrize("name, title, main, expected", [
    # a Sphinx function list: each signature (a <dt>) with its description
    ("docs_api", "API", '<nav class="toc"><a href="#get">get</a> <a href="#put">put</a></nav><div class="document">'
     '<h1 id="api">API reference<a class="headerlink" href="#api">¶</a></h1><dl class="function">'
     '<dt id="get"><code>get(key)</code><a class="headerlink" href="#get">¶</a></dt><dd><p>Return the '
     "value stored under <em>key</em>, or <code>None</code>.</p></dd><dt id=\"put\"><code>put(key, value)"
     '</code><a class="headerlink" href="#put">¶</a></dt><dd><p>Store <em>value</em> under <em>key</em>.'
     "</p></dd></dl></div>",
     "# API reference\n\n`get(key)`\n\n: Return the value stored under *key*, or `None`.\n\n"
     "`put(key, value)`\n\n: Store *value* under *key*.\n"),
    # a recipe card's times: spans without space between them, which its style sets apart
    ("recipe_card", "Soup", '<h1>Tomato soup</h1><div class="recipe-meta"><span>Prep: 10 min</span><span>Cook: 30 min'
     "</span><span>Serves: 4</span></div><h2>Ingredients</h2><ul><li>1 kg tomatoes</li><li>1 onion</li>"
     "<li>500 ml stock</li></ul><h2>Steps</h2><ol><li>Chop.</li><li>Simmer 30 minutes.</li><li>Blend.</li>"
     "</ol>",
     "# Tomato soup\n\nPrep: 10 min Cook: 30 min Serves: 4\n\n## Ingredients\n\n- 1 kg tomatoes\n- 1 onion\n"
     "- 500 ml stock\n\n## Steps\n\n1. Chop.\n2. Simmer 30 minutes.\n3. Blend.\n"),
])
def test_short_reference_and_recipe_pages_are_kept_whole(name, title, main, expected, precision):
    # A breaker's pages of session 37, at its addresses: r24 (a sixth of the stage-1
    # trees, taken back) kept the API's descriptions without their signatures with
    # --precision, and dropped the recipe's times in both modes; r22 keeps them whole.
    # Pages this small lie near the threshold (without the address, r24 keeps these).
    assert webfold.to_markdown(_page_in_chrome(title, main), _BREAKER + name, precision=precision) == expected


@pytest.mark.parametrize("precision", [False, True])
def test_a_bare_definition_list_of_specifications_is_kept(precision):
    # The same breaker's page: r24 kept none of the four pairs with --precision
    specs = [("Weight", "280 g"), ("Drop", "6 mm"), ("Upper", "Recycled mesh"), ("Sizes", "EU 38–47")]
    html = ("<html><head><title>Shoe</title></head><body><h1>Trail Runner 3</h1><p>Lightweight trail "
            "shoe with a grippy sole.</p><dl>" + "".join(f"<dt>{t}</dt><dd>{d}</dd>" for t, d in specs)
            + "</dl></body></html>")
    assert webfold.to_markdown(html, _BREAKER + "dl_bare", precision=precision) == (
        "# Trail Runner 3\n\nLightweight trail shoe with a grippy sole.\n\n"
        + "".join(f"{t}\n\n: {d}\n\n" for t, d in specs).rstrip("\n") + "\n")


def _shoe_page():
    return _page_in_chrome(
        "Trail Shoe", '<div class="product"><h1>Trail Runner 3 Shoe</h1><p class="price">€89</p><p>Lightweight '
        "trail shoe with a grippy sole.</p><h2>Details</h2><dl><dt>Weight</dt><dd>280 g</dd><dt>Drop</dt>"
        "<dd>6 mm</dd><dt>Upper</dt><dd>Recycled mesh</dd><dt>Sizes</dt><dd>EU 38–47</dd></dl><select>"
        "<option>38</option><option>39</option></select><button>Add to bag</button></div>")


@pytest.mark.parametrize("precision", [False, True])
def test_a_small_product_keeps_its_price_and_first_specification(precision):
    # The same breaker's page: r24 dropped the price with --precision and "Weight:
    # 280 g" by default (r22 keeps that pair by default; with --precision, none: the
    # fault of the next test)
    blocks = select_main(webfold.to_blocks(_shoe_page(), _BREAKER + "product_dl", chrome=True),
                         precision=precision)
    texts = [block.text for block in blocks]
    assert texts[:4] == ["Trail Runner 3 Shoe", "€89", "Lightweight trail shoe with a grippy sole.", "Details"]
    if not precision:
        assert texts[4:6] == ["Weight", "280 g"]


@pytest.mark.xfail(strict=True, reason="known fault of r22: at this address it keeps only the first "
                   "pair (Weight), in both modes (scores near the threshold on a page this small)")
@pytest.mark.parametrize("precision", [False, True])
def test_a_small_product_keeps_all_its_specifications(precision):
    texts = [block.text for block in select_main(
        webfold.to_blocks(_shoe_page(), _BREAKER + "product_dl", chrome=True), precision=precision)]
    assert texts[4:] == ["Weight", "280 g", "Drop", "6 mm", "Upper", "Recycled mesh", "Sizes", "EU 38–47"]
