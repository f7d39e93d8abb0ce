"""Classifying a fetched page: ``ok``, ``blocked`` (a bot wall or a challenge page) or
``empty`` (too little text, even from its payloads), to decide whether a headless
browser should try it (:mod:`webfold.scraper`)."""

from __future__ import annotations

from webfold.block import Block
from webfold.payloads import THIN_WORDS, word_count

#: The statuses that bot walls answer with: 403 Forbidden (Cloudflare, Akamai,
#: DataDome), 429 Too Many Requests, 503 Service Unavailable (Cloudflare's "Just a
#: moment..." interstitial, Sucuri).
BLOCKED_STATUSES = frozenset({403, 429, 503})
#: Lower-case strings that challenge pages and bot walls carry and content pages do
#: not, by vendor: Cloudflare's interstitial (its title, its form and script names),
#: Imperva Incapsula, PerimeterX/HUMAN, DataDome, Sucuri, AWS WAF, Akamai's denial
#: page, and the generic requests to turn scripts or cookies on.
CHALLENGE_MARKERS = (
    "<title>just a moment...</title>", "cf-browser-verification", "cf_chl_opt", "cf-challenge",
    "_incapsula_resource", "incapsula incident id",
    "px-captcha", "_pxhd",
    "captcha-delivery.com", "datadome",
    "sucuri website firewall", "sucuri_cloudproxy",
    "awswafintegration", "aws-waf-token",
    "you don't have permission to access", "reference&#32;&#35;",
    "enable javascript and cookies to continue", "please enable js and disable any ad blocker",
    "checking your browser before accessing", "verify you are human",
)
#: Bytes of the body searched for markers: challenge pages are small, and the
#: markers sit in their head or first lines.
MARKER_REACH = 65_536


def challenge(html: bytes | str) -> bool:
    """Whether ``html`` (a page's bytes or text) carries a challenge or bot-wall marker
    (:data:`CHALLENGE_MARKERS`) in its first :data:`MARKER_REACH` bytes or characters."""
    head = html[:MARKER_REACH]
    text = head.decode("utf-8", "replace") if isinstance(head, bytes) else head
    text = text.lower()
    return any(marker in text for marker in CHALLENGE_MARKERS)


def thin(blocks: list[Block]) -> bool:
    """Whether ``blocks`` give fewer than ``THIN_WORDS`` words (a shell). Words between
    spaces are counted first: only a page short of them has its characters read for
    scripts written without spaces."""
    words = 0
    for block in blocks:
        words += len(block.text.split())
        if words >= THIN_WORDS:
            return False
    return sum(word_count(block.text) for block in blocks) < THIN_WORDS


def verdict(status: int, body: bytes, blocks: list[Block]) -> str:
    """``"blocked"``, ``"empty"`` or ``"ok"`` for a response of ``status`` whose
    converted ``blocks`` are given (every block, payloads included).

    Blocked: a challenge marker on a 403, 429 or 503, or on a thin page of any status
    (a 200 that serves a wall). A marker on a page with text is not enough: content
    pages behind Cloudflare load its scripts too. Empty: a thin page (:func:`thin`).
    """
    is_thin = thin(blocks)
    if challenge(body) and (status in BLOCKED_STATUSES or is_thin):
        return "blocked"
    return "empty" if is_thin else "ok"
