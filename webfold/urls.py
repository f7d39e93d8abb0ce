"""Resolving link and image targets against the page address.

Resolution follows RFC 3986 §5.2, by :func:`_join` against a base of a special scheme
(http, https, ftp, ws, wss, file) or a relative one, which keeps empty path segments
and reads ``%2e`` as a dot as browsers do, and through :func:`urllib.parse.urljoin`
against others; the common shapes (absolute, root-relative, fragment-only) take a
shortcut that gives the same result, because a page can hold thousands of links.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from urllib.parse import urljoin, urlsplit

from webfold.decode import without_controls

_ABSOLUTE = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")
# Browsers strip leading and trailing C0 controls and spaces and remove tabs and
# newlines anywhere in a URL (WHATWG URL Standard, §4.4 "basic URL parser").
_STRIP = "\x00\x01\x02\x03\x04\x05\x06\x07\x08\t\n\x0b\x0c\r\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f "
_TAB_NEWLINE = re.compile(r"[\t\n\r]")
#: Schemes that run code or read local files when a reader follows the link: dropped
#: with ``safe_links`` (``data:`` images are kept when the caller asks).
UNSAFE_SCHEMES = frozenset({"javascript", "vbscript", "data", "file"})
#: In URLs of these schemes a backslash is a slash (WHATWG URL Standard §4.4).
SPECIAL_SCHEMES = frozenset({"http", "https", "ftp", "ws", "wss", "file"})
_QUERY_OR_FRAGMENT = re.compile(r"[?#]")


def scheme(url: str) -> str:
    """The lower-case scheme of an absolute URL (``"javascript"``), or ``""``."""
    found = _ABSOLUTE.match(url)
    return found.group(0)[:-1].lower() if found is not None else ""


#: The longest ``<base href>`` taken, in characters: the limit of the sitemaps protocol
#: and of old browsers. A page with a base of 100,000 characters and 5,000 relative
#: links would otherwise come out as 500 MB of Markdown.
MAX_BASE_CHARS = 2048


def base_url(href: str, resolve: Callable[[str], str | None]) -> str | None:
    """The base URL that a ``<base href>`` sets, ``href`` resolved by ``resolve`` (a
    :meth:`Resolver.target`, or a join with the page's address; None for a target it
    drops), or None for one that is ignored: longer than :data:`MAX_BASE_CHARS` (every
    relative target would carry it), or ``data:`` or ``javascript:`` (HTML §2.4.1,
    "frozen base URL": such a base is the fallback base URL instead)."""
    if len(href) > MAX_BASE_CHARS:
        return None
    base = resolve(href)
    return None if base is None or scheme(base) in ("data", "javascript") else base


def _with_root_path(url: str) -> str:
    """``url`` with the path ``/`` where a special scheme's address has a host and no
    path, as the URL Standard parses it (§4.4, "path start state": ``https://example.com``
    is ``https://example.com/``), so that ``#x`` against it is ``https://example.com/#x``
    (newcomer of session 39)."""
    found = _ABSOLUTE.match(url)
    if found is None or scheme(url) not in SPECIAL_SCHEMES or not url.startswith("//", found.end()):
        return url
    start = found.end() + 2
    end = next((index for index in range(start, len(url)) if url[index] in "/?#"), len(url))
    return url if url[end:end + 1] == "/" else url[:end] + "/" + url[end:]


_DEFAULT_PORTS = {"http": "80", "https": "443", "ws": "80", "wss": "443", "ftp": "21"}


def _normal_address(url: str) -> str:
    """An absolute address (without a fragment) as the URL Standard parses it, for
    comparing: the scheme and host in lower case, a default port left out, dot segments
    removed, an empty path as "/" ("HTTPS://Example.com:443/a/.." is
    "https://example.com/"; quick breaker and fresh check of session 39), and a host
    name in Unicode in its ASCII form (IDNA, Python's ``idna`` codec). Other addresses,
    and those it cannot read, as written."""
    try:
        parts = urlsplit(_with_root_path(url))
        port = parts.port
    except ValueError:                  # an invalid port or IPv6 host: as written
        return url
    scheme_ = parts.scheme.lower()
    if scheme_ not in SPECIAL_SCHEMES:
        return url
    host = parts.hostname or ""
    if not host.isascii():
        try:                            # "bücher.example" is "xn--bcher-kva.example"
            host = host.encode("idna").decode("ascii")
        except UnicodeError:
            pass
    host += "" if port is None or str(port) == _DEFAULT_PORTS.get(scheme_) else f":{port}"
    path = urljoin("http://h/", parts.path)[len("http://h"):] if "." in parts.path else parts.path
    return f"{scheme_}://{host}{path or '/'}" + (f"?{parts.query}" if parts.query or url.endswith("?") else "")


class Resolver:
    """Resolves targets against one base address.

    Parameters
    ----------
    base : str or None
        Usually an absolute URL. A relative one (a ``<base href="/docs/">`` on a page
        whose address is unknown) still resolves relative targets against it. With
        None, targets are returned cleaned but otherwise as written.
    safe_links : bool, default False
        :meth:`target` drops targets whose scheme is in :data:`UNSAFE_SCHEMES` and
        writes protocol-relative targets (``//host/path``, also as ``\\\\host`` or
        ``\t/\t/host``) with ``https:``.
    data_images : bool, default False
        Keep ``data:`` image targets even with ``safe_links`` (the builder writes
        data images only when this is set).
    """

    __slots__ = ("base", "safe_links", "data_images", "_origin", "_no_fragment", "_parts", "_page")

    def __init__(self, base: str | None, safe_links: bool = False, data_images: bool = False) -> None:
        self.safe_links = safe_links
        self.data_images = data_images
        # The caller's address is read like a target without a base (its controls
        # removed, as from every attribute value; "http:host" is "http://host"): it is
        # written into every link resolved against it.
        self.base = None            # _clean reads it: a base is read by its own scheme
        self.base = self._resolve(self._clean(without_controls(base))) if base else None
        if self.base:
            self.base = _with_root_path(self.base)
        self._origin = self._no_fragment = self._parts = self._page = None
        if self.base:
            self._no_fragment = self.base.split("#", 1)[0]
            try:
                parts = urlsplit(self.base)
            except ValueError:              # e.g. "http://[::1": resolve with urljoin alone
                return
            if parts.scheme.lower() in SPECIAL_SCHEMES or not parts.scheme:
                # (the base's scheme and authority as written, its path and query)
                written = self.base[len(parts.scheme) + bool(parts.scheme):].startswith("//")
                self._parts = (f"{parts.scheme}:" if parts.scheme else "", "//" + parts.netloc if written else "",
                               parts.path, parts.query)
            if _ABSOLUTE.match(self.base):
                self._origin = f"{parts.scheme}://{parts.netloc}" if parts.netloc else None

    def __call__(self, target: str) -> str:
        """The absolute form of ``target`` (a ``str`` as found in ``href`` or ``src``)."""
        return self._resolve(self._clean(target))

    def _resolve(self, target: str) -> str:
        """The absolute form of a target :meth:`_clean` has read. A target of a special
        scheme (:data:`SPECIAL_SCHEMES`, but ``file``) without the two slashes is read
        as browsers read it (WHATWG URL Standard §4.4, "special relative or authority
        state"): relative to the base where the base has that scheme (``https:page2``
        on an https page is ``page2``), else with the slashes (``http:foo`` is
        ``http://foo``); and more than two slashes are two (``https:///x`` is
        ``https://x``), in a relative target too (``///x`` is ``https://x`` on an https
        page). An empty target is the base without its fragment."""
        base = self.base
        found = _ABSOLUTE.match(target)
        if found is not None:
            name, rest = found.group(0)[:-1].lower(), target[found.end():]
            if name not in SPECIAL_SCHEMES or name == "file" or rest.startswith("//") and rest[2:3] != "/":
                return target
            if base is None or scheme(base) != name or rest.startswith("//"):
                return _past_slashes(name, rest, target)
            # a path relative to the base, even where it looks like a scheme of its own
            # ("https:javascript:x" is the page "javascript:x" beside the base's: breaker
            # on 16c2ce5), which urljoin reads as a whole address
            # (and where white space, which urljoin strips, stands before such a scheme:
            # "https: javascript:x", breaker on 4060fe7)
            target = "./" + rest if rest and rest[0] not in "/?#" else rest
        elif base is None:
            return target
        elif target.startswith("///") and scheme(base) in SPECIAL_SCHEMES and scheme(base) != "file":
            # the slashes past two lead to the host as well (WHATWG URL Standard §4.4,
            # "special authority ignore slashes state"): browsers go to evil.example for
            # "///evil.example/x", which urljoin made a path of the page's own host
            # (breaker of session 32)
            return _past_slashes(scheme(base), target, target)
        if not target:
            return self._no_fragment
        if target.startswith("#"):
            return self._no_fragment + target
        if target.startswith("/") and not target.startswith("//") and self._origin \
                and "/." not in target and "%2" not in target and "\\" not in target:
            return self._origin + target
        if self._parts is not None:
            return _join(self._parts, target)
        try:
            return urljoin(base, target)
        except ValueError:          # e.g. an invalid IPv6 host: keep the target as written
            return target

    def _clean(self, target: str) -> str:
        """``target`` as a browser's URL parser first reads it: controls and spaces
        around it and tabs and newlines in it removed, backslashes as slashes."""
        target = target.strip(_STRIP)
        if "\t" in target or "\n" in target or "\r" in target:
            target = _TAB_NEWLINE.sub("", target)
        if "\\" in target:
            target = self._slashes(target)
        return target

    def _slashes(self, target: str) -> str:
        """``target`` with the backslashes before its query written as slashes, when
        its scheme (or else the base's) is a special one: browsers go to
        ``https://evil.example/x`` for ``\\\\evil.example\\x``."""
        # With no scheme known, the target is read as a web page's would be.
        known = scheme(target) or (scheme(self.base) if self.base else "")
        if known and known not in SPECIAL_SCHEMES:
            return target
        end = _QUERY_OR_FRAGMENT.search(target)
        cut = end.start() if end else len(target)
        return target[:cut].replace("\\", "/") + target[cut:]

    def within_page(self, target: str) -> bool:
        """Whether a resolved ``target`` is a fragment of the page itself (``#intro``, or
        the base with a fragment): a link that moves within the page."""
        page = self._no_fragment
        if page is None or target.startswith("#"):
            return target.startswith("#")
        address, hash_, _ = target.partition("#")
        if not hash_:
            return False
        if address == page:
            return True
        if self._page is None:              # (read once: most pages never ask)
            self._page = _normal_address(page)
        return _normal_address(address) == self._page

    def rebased(self, base: str | None) -> Resolver:
        """A resolver for another base (a ``<base href>``) with this one's policy."""
        return Resolver(base, self.safe_links, self.data_images)

    def target(self, value: str, image: bool = False) -> str | None:
        """The target to write for an ``href`` (or, with ``image``, a ``src``): the
        absolute form, or None when ``safe_links`` drops it. The scheme is read as a
        browser reads it, after controls, tabs and newlines are removed and in any
        case (``JaVa\tScRipt:`` is ``javascript:``; WHATWG URL Standard §4.4)."""
        cleaned = self._clean(value)
        resolved = self._resolve(cleaned)
        if not self.safe_links:
            return resolved
        if cleaned.startswith("//") or resolved.startswith("//"):
            # protocol-relative (in the target or in a <base>): https, whatever the page's
            return "https:" + (resolved.split(":", 1)[1] if _ABSOLUTE.match(resolved) else resolved)
        name = scheme(resolved.lstrip(_STRIP))      # (as a browser reads it, spaces first)
        if name in UNSAFE_SCHEMES and not (image and name == "data" and self.data_images):
            return None
        return resolved


def _past_slashes(name: str, rest: str, written: str) -> str:
    """The address of scheme ``name`` whose host follows the slashes that start
    ``rest``, however many (WHATWG URL Standard §4.4, "special authority ignore slashes
    state"); ``written`` when no host follows: no URL a browser goes to."""
    host = rest.lstrip("/")
    return f"{name}://{host}" if host[:1] not in ("", "?", "#") else written


def _join(base: tuple[str, str, str, str], target: str) -> str:
    """A relative ``target`` resolved against a base of a special scheme (or a relative
    one), given as its scheme and ``:``, its ``//`` and authority, its path and its
    query (each "" where it has none), by RFC 3986 §5.2.2 and §5.2.3. Unlike
    :func:`urllib.parse.urljoin`, which drops them, empty path segments stay, as
    browsers keep them: ``a//b`` on ``/dir/`` is ``/dir/a//b`` (newcomer of session 32)."""
    scheme_part, authority, base_path, base_query = base
    written = target
    target, hash_mark, fragment = target.partition("#")
    path, question_mark, query = target.partition("?")
    if path.startswith("//"):               # another authority, on the base's scheme
        authority, slash, rest = path[2:].partition("/")
        if not authority:
            return written                  # no host: no URL a browser goes to ("//")
        authority = "//" + authority
        path = remove_dot_segments(slash + rest)
    elif not path:
        path = base_path
        if not question_mark:
            question_mark, query = ("?", base_query) if base_query else ("", "")
    elif path.startswith("/"):
        path = remove_dot_segments(path)
    else:
        merged = "/" if authority and not base_path else base_path[:base_path.rfind("/") + 1]
        path = remove_dot_segments(merged + path)
    if not authority and path.startswith("//"):
        path = "/." + path                  # not an authority (RFC 3986 §5.3): "..//x" on "/a/"
    return scheme_part + authority + path + question_mark + query + hash_mark + fragment


#: A path segment that is "." or "..", percent-encoded or not (WHATWG URL Standard §4.1,
#: "single-dot URL path segment", "double-dot URL path segment").
_DOTS = re.compile(r"(?i)(?:\.|%2e){1,2}")


def remove_dot_segments(path: str) -> str:
    """``path`` with its ``.`` and ``..`` segments applied (RFC 3986 §5.2.4; ``%2e`` is a
    dot, as browsers read it): ``/a/b/../c/./d`` is ``/a/c/d``. Empty segments stay. A
    relative path that goes up past its start is ``./``."""
    if "." not in path and "%" not in path:
        return path
    segments = path.split("/")
    out: list[str] = []
    for index, segment in enumerate(segments):
        if "%" in segment and _DOTS.fullmatch(segment):
            segment = segment.lower().replace("%2e", ".")
        last = index == len(segments) - 1
        if segment == ".":
            if last:
                out.append("")
        elif segment == "..":
            if len(out) > 1 or out and out[0]:
                out.pop()
            if last:
                out.append("")
        else:
            out.append(segment)
    return "/".join(out) or "./"            # (a relative path that went up to its start)


#: The port a scheme means when a URL names none.
DEFAULT_PORTS = {"http": 80, "https": 443}


def origin(url: str) -> tuple[str, str, int | None]:
    """The scheme, host and port of ``url`` as a site is compared: case, a default
    port and the spelling of an international host name do not count (httpx writes
    ``http://LOCALHOST:80/`` as ``http://localhost/``)."""
    parts = urlsplit(url)
    host = parts.hostname or ""
    try:
        host = host.encode("idna").decode("ascii")
    except UnicodeError:
        pass                    # not a name IDNA takes: compared as written
    try:
        port = parts.port
    except ValueError:
        port = None             # a port that is not a number: fetching it fails anyway
    return parts.scheme.lower(), host, port or DEFAULT_PORTS.get(parts.scheme.lower())
