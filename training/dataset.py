"""The WCXB development split as training rows: blocks, features, labels, groups.

Reads ``DIR/dev`` of a WCXB checkout only (the test split is held out by the
maintainers and must never be read). Each page is converted by the installed Webfold,
so training sees exactly the blocks the runtime sees.
"""

from __future__ import annotations

import gzip
import json
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

import numpy as np

import webfold
from training.labels import label_blocks
from webfold.block import words
from webfold.features import FEATURE_NAMES, page_features, container_ids

#: The only split training may read.
SPLIT = "dev"


@dataclass
class PageRows:
    """One page's rows."""

    page: str                   # file number, e.g. "0001"
    domain: str                 # the page address's host, without "www."
    page_type: str
    features: np.ndarray        # (blocks, len(FEATURE_NAMES)) float64
    labels: np.ndarray          # (blocks,) int8, 1 = main content
    containers: np.ndarray      # (blocks, len(CONTAINER_DISTANCES)) int64: container_ids
    chrome: np.ndarray          # (blocks,) int64: each block's chrome bits (webfold.block.CHROME_*)
    words: list[Counter]        # each block's word multiset
    texts: list[str]            # each block's text
    reference: Counter          # the ground truth's word multiset
    main_content: str           # the ground truth's text


def page_paths(root: Path, limit: int | None = None) -> list[tuple[Path, Path]]:
    """(html, ground truth) paths of the dev split, in name order (the first ``limit``)."""
    html_dir, truth_dir = root / SPLIT / "html", root / SPLIT / "ground-truth"
    pairs = []
    for path in sorted(html_dir.glob("*.html.gz")):
        truth = truth_dir / (path.name.split(".")[0] + ".json")
        if truth.exists():
            pairs.append((path, truth))
    if not pairs:
        raise SystemExit(f"training: no pages in {html_dir} (a WCXB checkout has {SPLIT}/html)")
    return pairs[:limit]


def page_rows(page: str, domain: str, page_type: str, blocks: list, labels: list[int],
              main_content: str) -> PageRows:
    """The rows of a page's blocks (``webfold.to_blocks(..., chrome=True)``), given
    their labels (1 = main content) and the page's ground-truth text."""
    return PageRows(page, domain, page_type,
                    np.asarray(page_features(blocks), dtype=np.float64).reshape(len(blocks), len(FEATURE_NAMES)),
                    np.asarray(labels, dtype=np.int8), np.asarray(container_ids(blocks), dtype=np.int64),
                    np.asarray([block.chrome for block in blocks], dtype=np.int64),
                    [Counter(words(block.text)) for block in blocks], [block.text for block in blocks],
                    Counter(words(main_content)), main_content)


def load_page(pair: tuple[Path, Path]) -> PageRows:
    """Convert, featurize and label one page (runs in a worker process)."""
    html_path, truth_path = pair
    truth = json.loads(truth_path.read_text(encoding="utf-8"))
    url = truth.get("url")
    blocks = webfold.to_blocks(gzip.decompress(html_path.read_bytes()), url, chrome=True)
    main_content = truth.get("ground_truth", {}).get("main_content") or ""
    host = urlsplit(url or "").netloc.lower()
    page_type = truth.get("_internal", {}).get("page_type", {}).get("primary", "unknown")
    return page_rows(html_path.name.split(".")[0], host.removeprefix("www."),
                     "collection" if page_type == "category" else page_type,
                     blocks, label_blocks(blocks, main_content), main_content)


def load(root: Path, limit: int | None = None, jobs: int = 2) -> list[PageRows]:
    """Every dev page's rows (pages without blocks are left out), read by ``jobs``
    worker processes (no more than there are pages: a pool starts them all at once)."""
    pairs = page_paths(root, limit)
    with ProcessPoolExecutor(min(jobs, len(pairs))) as pool:
        pages = list(pool.map(load_page, pairs, chunksize=8))
    return [page for page in pages if len(page.labels)]
