"""Bounded memos of verdicts on attribute values, which pages and sites repeat (the
builder's class marks and inline styles, the features' class row places): kept
across pages, so a memo must not grow with hostile input."""

#: The longest class, id or style attribute whose verdict is remembered across pages.
MAX_MEMO_KEY = 512
#: The most verdicts a memo keeps (it is emptied when full): real pages repeat a few
#: thousand, and a hostile page of unique 512-character values fills one memo with
#: 5 to 20 MB at most (1 to 4 bytes a character).
MAX_MEMO_ENTRIES = 10_000


def remember(memo: dict, key, value, length: int) -> None:
    """Keep ``value`` under ``key`` in a memo of verdicts on attribute values, unless
    the key's string is longer than :data:`MAX_MEMO_KEY` (``length`` characters); a
    memo of :data:`MAX_MEMO_ENTRIES` is emptied first."""
    if length <= MAX_MEMO_KEY:
        if len(memo) >= MAX_MEMO_ENTRIES:
            memo.clear()
        memo[key] = value
