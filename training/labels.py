"""Block labels from WCXB ground truth: which blocks hold the page's main content.

Each block's words are aligned, in order, with the ground-truth main-content words
(``difflib.SequenceMatcher`` over the two word sequences, without its "junk"
heuristic: a longest-matching-run alignment close to a longest common subsequence).
A block is positive when more than half of its words align.
"""

from __future__ import annotations

from difflib import SequenceMatcher

from webfold.block import Block, words

#: A block is main content when more than this share of its words align.
POSITIVE_SHARE = 0.5


def label_blocks(blocks: list[Block], main_content: str) -> list[int]:
    """1 for each block whose words mostly align with ``main_content``, else 0.

    Parameters
    ----------
    blocks : list of Block
        The page's blocks, in document order.
    main_content : str
        The ground truth's ``main_content`` text.
    """
    owner: list[int] = []
    sequence: list[str] = []
    sizes: list[int] = []
    for index, block in enumerate(blocks):
        tokens = words(block.text)
        sequence.extend(tokens)
        owner.extend([index] * len(tokens))
        sizes.append(len(tokens))
    aligned = [0] * len(blocks)
    reference = words(main_content)
    if sequence and reference:
        matcher = SequenceMatcher(None, sequence, reference, autojunk=False)
        for start, _, size in matcher.get_matching_blocks():
            for position in range(start, start + size):
                aligned[owner[position]] += 1
    return [1 if total and count > POSITIVE_SHARE * total else 0
            for count, total in zip(aligned, sizes)]
