"""The command line, called through ``main(argv)`` and once as a real process."""

from __future__ import annotations

import gzip
import io
import json
import os
import random
import subprocess
import sys

import pytest

from webfold.cli import main

PAGE = b"<html><body><nav>menu</nav><h1>Title</h1><p>Hello <a href='/x'>there</a>.</p></body></html>"


@pytest.fixture
def page(tmp_path):
    path = tmp_path / "page.html"
    path.write_bytes(PAGE)
    return path


def run(argv, capsys, stdin: bytes | None = None, monkeypatch=None, all_blocks: bool = True):
    """main(argv) with ``--all-blocks`` added (these tests are about the command line,
    not the model's choices): (exit code, stdout, stderr)."""
    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin)))
    code = main([str(a) for a in argv] + (["--all-blocks"] if all_blocks and argv else []))
    out, err = capsys.readouterr()
    return code, out, err


def test_file_to_stdout(page, capsys):
    assert run([page, "https://e.org/a/"], capsys) == (
        0, "# Title\n\nHello [there](https://e.org/x).\n", "")


def test_md_subcommand_is_the_same(page, capsys):
    assert run(["md", page], capsys) == (0, "# Title\n\nHello [there](/x).\n", "")


def test_stdin(capsys, monkeypatch):
    assert run(["-"], capsys, PAGE, monkeypatch) == (0, "# Title\n\nHello [there](/x).\n", "")


def test_output_file(page, tmp_path, capsys):
    target = tmp_path / "out.md"
    assert run([page, "-o", target], capsys) == (0, "", "")
    assert target.read_text() == "# Title\n\nHello [there](/x).\n"


def test_output_dash_is_standard_output(page, tmp_path, capsys, monkeypatch):
    # as FILE "-" is standard input (newcomer of session 32: a file named "-")
    monkeypatch.chdir(tmp_path)
    assert run([page, "-o", "-"], capsys) == (0, "# Title\n\nHello [there](/x).\n", "")
    assert not (tmp_path / "-").exists()


def test_json(page, capsys):
    code, out, err = run([page, "https://e.org/", "--json"], capsys)
    record = json.loads(out)
    assert code == 0 and err == ""
    assert record["markdown"] == "# Title\n\nHello [there](https://e.org/x).\n"
    assert (record["source"], record["base"], record["bytes_html"]) == (str(page), "https://e.org/", len(PAGE))
    assert (record["blocks_total"], record["blocks_content"]) == (2, 2)
    assert record["bytes_markdown"] == len(record["markdown"].encode())
    assert record["tokens_html_estimate"] == len(PAGE) // 4
    assert record["tokens_markdown_estimate"] == len(record["markdown"].encode()) // 4
    assert record["elapsed_ms"] >= 0


def test_the_readme_lists_every_json_field(page, capsys):
    from test_readme import passage

    code, out, _ = run([page, "--json"], capsys)
    fields = list(json.loads(out))
    assert code == 0 and fields == [
        "source", "base", "bytes_html", "blocks_total", "blocks_content", "bytes_markdown", "elapsed_ms",
        "tokens_html_estimate", "tokens_markdown_estimate", "metadata", "markdown"]
    told = passage("`--json` writes one object")
    assert [field for field in fields if f"`{field}`" not in told] == []


def test_chunks_as_json_lines(tmp_path, capsys):
    path = tmp_path / "long.html"
    path.write_text("".join(f"<p>Paragraph number {i} has some words.</p>" for i in range(10)))
    code, out, _ = run([path, "--chunk", "80", "--jsonl"], capsys)
    records = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and [r["index"] for r in records] == list(range(len(records)))
    assert all(len(r["markdown"]) <= 80 for r in records) and len(records) == 5
    assert " ".join(r["markdown"] for r in records).split() == " ".join(
        f"Paragraph number {i} has some words." for i in range(10)).split()


def test_long_block_is_cut_at_sentences(tmp_path, capsys):
    path = tmp_path / "long.html"
    path.write_text("<p>" + " ".join(f"Sentence {i} ends here." for i in range(20)) + "</p>")
    code, out, _ = run([path, "--chunk", "50", "--jsonl"], capsys)
    chunks = [json.loads(line)["markdown"] for line in out.splitlines()]
    assert code == 0 and all(len(c) <= 50 for c in chunks)
    assert all(c.endswith(".") for c in chunks)


def test_no_images(tmp_path, capsys):
    path = tmp_path / "img.html"
    path.write_text("<p>a <img src=x.png alt=pic> b</p>")
    assert run([path, "--no-images"], capsys) == (0, "a b\n", "")
    assert run([path], capsys) == (0, "a ![pic](x.png) b\n", "")


def test_version(capsys):
    code, out, _ = run(["--version"], capsys)
    assert code == 0 and out.startswith("webfold 0.")


def test_help_has_examples(capsys):
    code, out, _ = run(["-h"], capsys)
    assert code == 0 and "examples:" in out and "--chunk" in out
    assert out.startswith("usage: webfold [md] [-h]")     # md is the default command


@pytest.mark.parametrize("argv, message", [
    (["missing.html"], "webfold: error: missing.html: no such file\n"),
    ([], "webfold: error: the following arguments are required: FILE\n"),
    (["x.html", "--chunk", "0"], "webfold: error: --chunk takes a size of at least 1 character, not 0\n"),
    (["x.html", "--jsonl"], "webfold: error: --jsonl goes with --chunk N\n"),
    (["x.html", "--bogus"], "webfold: error: unrecognized arguments: --bogus\n"),
    # Python's spelling of ISO-8859-1 is not a label of the standard
    (["x.html", "--charset", "latin-1"],
     "webfold: error: --charset latin-1: not an encoding webfold decodes (a label of the "
     "WHATWG Encoding standard, such as utf-8, windows-1252, shift_jis or gbk)\n"),
    (["x.html", "--charset", "klingon"],
     "webfold: error: --charset klingon: not an encoding webfold decodes (a label of the "
     "WHATWG Encoding standard, such as utf-8, windows-1252, shift_jis or gbk)\n"),
    # a label of the standard's replacement encoding, which decodes nothing
    (["x.html", "--charset", "iso-2022-kr"],
     "webfold: error: --charset iso-2022-kr: not an encoding webfold decodes (a label of the "
     "WHATWG Encoding standard, such as utf-8, windows-1252, shift_jis or gbk)\n"),
])
def test_usage_errors_exit_2_with_one_line(argv, message, capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert run(argv, capsys) == (2, "", message)


@pytest.mark.parametrize("argv, hint", [
    (["https://example.com/"], " (to fetch a page, use: webfold scrape https://example.com/)"),
    (["md", "https://example.com/"], " (to fetch a page, use: webfold scrape https://example.com/)"),
    # quoted for the shell, so that the command can be pasted
    (["HTTP://e.org/a?b=1&c=2"], " (to fetch a page, use: webfold scrape 'HTTP://e.org/a?b=1&c=2')"),
    (["ftp://e.org/a"], ""),          # scrape takes http and https only
    # a word that names no file may be a mistyped command (newcomer of session 33)
    (["scrap"], " (nor a command: md, scrape, warc, replay, crawl, spark-warc)"),
    (["md", "README"], ""),             # after a command, a FILE is no command
])
def test_a_missing_file_that_is_a_web_address_points_at_scrape(argv, hint, capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert run(argv, capsys) == (2, "", f"webfold: error: {argv[-1]}: no such file{hint}\n")


def test_a_mistyped_command_before_a_file_is_named_before_the_base(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "page.html").write_text("<p>x</p>")
    assert run(["scrap", "page.html"], capsys) == (
        2, "", "webfold: error: scrap: no such file (nor a command: md, scrape, warc, replay, crawl, spark-warc)\n")


def test_options_may_stand_between_file_and_base(page, capsys):
    for argv in ([page, "--all-blocks", "https://e.org/a/"], ["md", page, "--precision", "https://e.org/a/"]):
        assert run(argv, capsys, all_blocks=False) == (0, "# Title\n\nHello [there](https://e.org/x).\n", "")


def test_after_a_double_dash_every_argument_is_positional(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "--all-blocks").write_bytes(PAGE)
    assert run(["--", "--all-blocks", "https://e.org/a/"], capsys, all_blocks=False)[0] == 0
    assert run(["--json", "--", "--all-blocks", "https://e.org/a/"], capsys, all_blocks=False)[0] == 0


def test_a_file_named_like_an_option_is_shown_the_double_dash(tmp_path, capsys, monkeypatch):
    # it got argparse's "the following arguments are required: FILE" alone (newcomer on e9d2eb2)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "-x.html").write_bytes(PAGE)
    assert run(["md", "-x.html"], capsys, all_blocks=False) == (
        2, "", "webfold: error: the following arguments are required: FILE (-x.html is read as an "
               "option: put it after --, as in 'webfold md -- -x.html')\n")
    assert run(["--bogus-option"], capsys, all_blocks=False)[2] == \
        "webfold: error: the following arguments are required: FILE\n"      # no such file: no hint
    assert run(["md", "--all-blocks", "--", "-x.html"], capsys, all_blocks=False)[:2] == (
        0, "# Title\n\nHello [there](/x).\n")


NO_LINKS = "cannot resolve links: give the page's address, such as https://example.com/page"


@pytest.mark.parametrize("base, reason", [
    ("http://[bad", "is not a URL: its host cannot be read"),
    # hosts that urlsplit takes and a browser does not (WHATWG URL Standard §3.5)
    ("http://[::1]]/", "is not a URL: its host cannot be read"),
    ("https://exa mple.com/", "is not a URL: its host cannot be read"),
    ("https://e.org|x/", "is not a URL: its host cannot be read"),
    ("http:", "is not a URL: its host cannot be read"), ("https:?q", "is not a URL: its host cannot be read"),
    ("https://e.org:99999/", "is not a URL: its port is not a number from 0 to 65535"),
    ("http://e.org:" + "9" * 5000 + "/", "is not a URL: its port is not a number from 0 to 65535"),
    ("mailto:x", NO_LINKS), ("javascript:x", NO_LINKS)])
def test_a_base_that_cannot_resolve_links_is_a_usage_error(page, capsys, base, reason):
    # links would otherwise stay as written or point at no host, with no word of why
    shown = base if len(base) <= 200 else base[:200] + "..."
    assert run([page, base], capsys) == (2, "", f"webfold: error: BASE '{shown}' {reason}\n")


def test_a_base_is_read_as_the_link_resolver_reads_it(page, capsys):
    # a backslash is a slash, as in browsers; a relative BASE resolves relative to it
    assert run([page, "https://e.org\\a/"], capsys)[1] == "# Title\n\nHello [there](https://e.org/x).\n"
    assert run([page, "docs/"], capsys)[1] == "# Title\n\nHello [there](/x).\n"
    # hosts a browser reads: an IPv6 address, an international name, a user and a port
    for base, link in [("http://[::1]:8080/a/", "http://[::1]:8080/x"), ("https://bücher.de/", "https://bücher.de/x"),
                       ("https://me@e.org:8443/", "https://me@e.org:8443/x"), ("file:///tmp/", "file:///x"),
                       # a special scheme's slashes, as the resolver reads a link's
                       # (WHATWG URL Standard §4.4; the CLI refused "http:host")
                       ("http:host", "http://host/x"), ("http:///page", "http://page/x")]:
        assert run([page, base], capsys)[1] == f"# Title\n\nHello [there]({link}).\n"


@pytest.fixture
def relative_link(tmp_path, monkeypatch):
    """A page whose one link is relative, in the current folder (as ``page.html``)
    beside ``sub/b.html``, a second page."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "sub").mkdir()
    for name in ("page.html", "sub/b.html"):
        (tmp_path / name).write_bytes(b"<p><a href='other'>o</a></p>")
    return "page.html"


@pytest.mark.parametrize("base", ["example.com/", "www.example.co.uk/guides/", "Shop-1.Example.COM/a"])
def test_a_relative_base_that_starts_with_a_host_name_gets_a_note(relative_link, capsys, base):
    # kept as given (a relative BASE is documented); the note says how to give the host
    folder = base.rpartition("/")[0]
    assert run([relative_link, base], capsys) == (0, f"[o]({folder}/other)\n", (
        f"webfold: note: BASE '{base}' has no scheme, so it is a relative address, not a host: "
        f"for the site, give https://{base}\n"))


@pytest.mark.parametrize("base, link", [
    ("docs/", "docs/other"), ("./example.com/", "example.com/other"), ("localhost/", "localhost/other"),
    ("v1.2/", "v1.2/other"), ("sub/a.html", "sub/other"), ("https://example.com/", "https://example.com/other")])
def test_other_bases_get_no_note(relative_link, capsys, base, link):
    # a folder, one written as a path (./), a name of one label or with a number last,
    # a path to no file, an absolute URL
    assert run([relative_link, base], capsys) == (0, f"[o]({link})\n", "")


def test_a_base_that_names_a_file_gets_a_note(relative_link, capsys):
    # two FILEs given: the second is BASE, which a note says; output and exit code stay
    assert run(["md", relative_link, "sub/b.html"], capsys) == (0, "[o](sub/other)\n", (
        "webfold: note: BASE 'sub/b.html' names a file, taken as a relative address: webfold converts "
        "one FILE at a time, and BASE is the page's address (such as https://example.com/page)\n"))
    # a file name with no slash resolves no link: the usage error says it names a file
    assert run(["md", relative_link, "page.html"], capsys) == (2, "", (
        f"webfold: error: BASE 'page.html' {NO_LINKS} (it names a file: webfold converts one FILE at a time)\n"))


def test_a_base_host_that_is_not_utf8_is_a_usage_error(page, capsys):
    # a byte that is not UTF-8 reaches Python as a surrogate escape; in the path it is
    # percent-encoded, in the host it makes no name
    reason = "is not a URL: its host cannot be read"
    assert run([page, "http://\udcff.org/"], capsys) == (2, "", f"webfold: error: BASE 'http://%FF.org/' {reason}\n")
    assert run([page, "http://e.org/\udcff/"], capsys)[1] == "# Title\n\nHello [there](http://e.org/x).\n"


def test_a_bad_base_is_reported_before_the_input_is_read(capsys, monkeypatch):
    class Unread:           # a pipe still being written: reading it would wait
        @property
        def buffer(self):
            raise AssertionError("standard input was read")

    monkeypatch.setattr(sys, "stdin", Unread())
    assert run(["-", "mailto:x"], capsys) == (2, "", f"webfold: error: BASE 'mailto:x' {NO_LINKS}\n")


def test_directory_is_a_usage_error(tmp_path, capsys):
    assert run([tmp_path], capsys) == (2, "", f"webfold: error: {tmp_path}: is a directory, not a file "
                                               f"(to convert every page in it: webfold crawl {tmp_path} -o OUT)\n")


def test_input_over_the_limit_is_a_conversion_error(page, capsys):
    code, out, err = run([page, "--max-bytes", "10"], capsys)
    assert (code, out) == (1, "")
    assert err == f"webfold: error: {page}: input is over the limit of 10 bytes (--max-bytes)\n"


def test_endless_input_is_refused_not_read(capsys):
    assert run(["/dev/zero", "--max-bytes", "1000"], capsys) == (
        1, "", "webfold: error: /dev/zero: input is over the limit of 1,000 bytes (--max-bytes)\n")


def test_closed_standard_input_is_a_usage_error(capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", None)
    assert run(["-"], capsys) == (2, "", "webfold: error: <stdin>: standard input is closed\n")


def test_a_conversion_error_names_standard_input_as_stdin(capsys, monkeypatch):
    code, out, err = run(["-"], capsys, bytes(range(8)) * 100, monkeypatch)
    assert (code, out) == (1, "") and err.startswith("webfold: error: <stdin>: the input is binary")


def test_short_random_bytes_are_refused_in_one_line(capsys, monkeypatch):
    noise = random.Random(100).randbytes(100)
    assert run(["-"], capsys, noise, monkeypatch) == (
        1, "", "webfold: error: <stdin>: the input is binary (application/octet-stream), not HTML\n")


def test_full_disk_on_standard_output_is_one_line():
    done = subprocess.run(f"{sys.executable} -m webfold /dev/stdin > /dev/full", shell=True,
                          input=b"<p>text</p>", capture_output=True)
    assert done.returncode == 2         # as for an output file that cannot be written
    assert done.stderr == b"webfold: error: cannot write to standard output (No space left on device)\n"


def test_broken_pipe_is_quiet():
    big = b"<p>" + b"word " * 200_000 + b"</p>"
    done = subprocess.run(f"{sys.executable} -m webfold - | head -c 10", shell=True, input=big,
                          capture_output=True)
    assert done.stdout == b"word word " and done.stderr == b""


def test_file_name_that_is_not_utf8_in_json(tmp_path, capsys):
    name = os.fsdecode(b"page-\xff.html")
    (tmp_path / name).write_bytes(b"<p>x</p>")
    code, out, err = run([tmp_path / name, "--json"], capsys)
    assert code == 0 and json.loads(out)["source"].endswith("page-\\xff.html")


def test_unwritable_output(page, tmp_path, capsys):
    code, _, err = run([page, "-o", tmp_path / "no" / "such" / "dir.md"], capsys)
    assert code == 2 and err.count("\n") == 1 and "cannot write" in err


def test_real_process_and_no_traceback(page, tmp_path):
    done = subprocess.run([sys.executable, "-m", "webfold", str(page), "--all-blocks"],
                          capture_output=True)
    assert (done.returncode, done.stdout, done.stderr) == (0, b"# Title\n\nHello [there](/x).\n", b"")
    done = subprocess.run([sys.executable, "-m", "webfold", str(tmp_path / "nope.html")],
                          capture_output=True)
    assert done.returncode == 2 and done.stdout == b""
    assert done.stderr == f"webfold: error: {tmp_path / 'nope.html'}: no such file\n".encode()


def test_empty_result_is_said_on_stderr(tmp_path, capsys):
    path = tmp_path / "empty.html"
    path.write_bytes(b"<html><body><script>app()</script></body></html>")
    assert run([path], capsys) == (
        0, "", f"webfold: note: {path}: no text content found (48 bytes read)\n")


def test_a_heading_is_never_the_last_thing_in_a_chunk(tmp_path, capsys):
    path = tmp_path / "sections.html"
    path.write_text("".join(f"<h2>Section {i}</h2><p>{'word ' * 12}</p>" for i in range(6)))
    code, out, _ = run([path, "--chunk", "100", "--jsonl"], capsys)
    chunks = [json.loads(line)["markdown"] for line in out.splitlines()]
    assert code == 0 and len(chunks) == 6
    assert all(c.startswith(f"## Section {i}\n\nword") for i, c in enumerate(chunks))


def test_selection_is_on_by_default_and_counted_in_json(tmp_path, capsys):
    page = tmp_path / "article.html"
    page.write_bytes(b"<html><head><title>Tides</title></head><body><ul class='menu'>"
                     + b"".join(b"<li><a href='/%d'>Menu entry %d</a></li>" % (i, i) for i in range(15))
                     + b"</ul><article><h1>Tides</h1>"
                     + b"<p>The tide rises and falls twice a day along most coasts of the world.</p>" * 6
                     + b"</article></body></html>")
    code, out, _ = run([page, "--json"], capsys, all_blocks=False)
    record = json.loads(out)
    assert code == 0 and record["blocks_total"] == 8
    assert record["blocks_content"] < record["blocks_total"] and "Menu entry" not in record["markdown"]
    assert record["markdown"].startswith("# Tides\n\nThe tide rises")
    assert run([page, "--precision", "--all-blocks"], capsys, all_blocks=False)[0] == 2


def test_gzip_input_is_gunzipped(tmp_path, capsys, monkeypatch):

    packed = tmp_path / "page.html.gz"
    packed.write_bytes(gzip.compress(PAGE))
    expected = (0, "# Title\n\nHello [there](https://e.org/x).\n", "")
    assert run([packed, "https://e.org/a/"], capsys) == expected
    assert run(["-", "https://e.org/a/"], capsys, gzip.compress(PAGE), monkeypatch) == expected


def test_a_gzip_bomb_is_refused_at_the_limit(tmp_path, capsys):
    bomb = tmp_path / "bomb.html.gz"
    bomb.write_bytes(gzip.compress(b"<p>" + b"a" * 5_000_000))     # about 5 KB packed
    assert run([bomb, "--max-bytes", "100000"], capsys) == (
        1, "", f"webfold: error: {bomb}: gunzipped input is over the limit of 100,000 bytes (--max-bytes)\n")


def test_a_broken_gzip_file_is_a_conversion_error(tmp_path, capsys):
    broken = tmp_path / "broken.html.gz"
    broken.write_bytes(b"\x1f\x8b\x08\x00garbage")
    code, out, err = run([broken], capsys)
    assert (code, out) == (1, "") and err.startswith(f"webfold: error: {broken}: not a valid gzip file (")


def test_a_damaged_gzip_file_says_where_in_plain_words(tmp_path, capsys):
    packed = bytearray(gzip.compress(b"<p>" + b"word " * 2000 + b"</p>"))
    packed[20] ^= 0xFF                      # inside the first block's Huffman codes
    damaged = tmp_path / "damaged.html.gz"
    damaged.write_bytes(bytes(packed))
    code, out, err = run([damaged], capsys)
    assert (code, out) == (1, "")
    # the last 8 bytes (the CRC-32 and size) are given to zlib on their own
    assert err == (f"webfold: error: {damaged}: not a valid gzip file (invalid bit length repeat, "
                   f"in bytes 0 to {len(packed) - 8} of {len(packed)})\n")


def test_a_base_with_bytes_that_are_not_utf8_is_percent_encoded(page, capsys):
    base = b"http://ex.example/\xff/".decode("utf-8", "surrogateescape")     # as argv gives it
    code, out, err = run([page, base, "--json"], capsys)
    assert code == 0 and err == ""
    found = json.loads(out)
    assert found["base"] == "http://ex.example/%FF/" and "(http://ex.example/x)" in found["markdown"]


@pytest.mark.parametrize("flags, message", [
    (["--max-bytes", "-1"], "--max-bytes takes a size of at least 0 bytes, not -1"),
    (["--charset", ""], "--charset '': not an encoding webfold decodes"),
])
def test_bad_flag_values_are_usage_errors(page, capsys, flags, message):
    code, out, err = run([page, *flags], capsys)
    assert (code, out) == (2, "") and message in err and err.count("\n") == 1


def test_closed_standard_output_is_one_line(page):
    done = subprocess.run(f'"{sys.executable}" -m webfold "{page}" --all-blocks >&-', shell=True,
                          capture_output=True, text=True)
    assert done.returncode == 2
    assert done.stderr == "webfold: error: cannot write to standard output: it is closed\n"


def test_a_huge_max_bytes_means_no_limit(page, capsys):
    code, out, _ = run([page, "--max-bytes", "9" * 30], capsys)
    assert (code, out) == (0, "# Title\n\nHello [there](/x).\n")


def test_a_line_break_in_a_file_name_keeps_the_error_on_one_line(tmp_path, capsys):
    code, _, err = run([tmp_path / "a\nb.html"], capsys)
    assert code == 2 and err.count("\n") == 1 and "a\\nb.html: no such file" in err


# Start-up: what a conversion of one file loads (its time is measured by bench.startup).

#: Modules whose import a one-page conversion must not pay for: dataclasses (through
#: inspect) and typing cost about a tenth of start-up each, pathlib and threading 3%
#: and 2% of its instructions; the metadata reader is only for --json, the scraper and
#: HTTP client only for URLs.
NOT_AT_START_UP = ("dataclasses", "inspect", "typing", "pathlib", "threading", "webfold.metadata",
                   "webfold.scraper", "httpx")


def test_a_file_conversion_loads_only_what_it_uses(page):
    # An editable install's import hook loads pathlib before any of our code runs:
    # forgotten here, it is in sys.modules afterwards only if the conversion imports it.
    code = ("import runpy, sys\n"
            f"for name in {NOT_AT_START_UP!r}:\n    sys.modules.pop(name, None)\n"
            f"sys.argv = ['webfold', {str(page)!r}]\n"
            "try:\n    runpy.run_module('webfold', run_name='__main__')\n"
            "except SystemExit:\n    pass\n"
            f"print(sorted(m for m in {NOT_AT_START_UP!r} if m in sys.modules), file=sys.stderr)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.stdout == "# Title\n\nHello [there](/x).\n" and done.stderr == "[]\n"


def test_a_lazy_pattern_compiles_on_first_use_and_matches_as_re_does():
    import re

    from webfold.patterns import LazyPattern

    lazy = LazyPattern(r"(\d+)-(\d+)", re.ASCII)
    assert "search" not in vars(lazy)
    assert lazy.search("pages 12-34").groups() == ("12", "34")
    assert "search" in vars(lazy) and lazy.sub(r"\2", "1-2 3-4") == "2 4"
    assert lazy.pattern == r"(\d+)-(\d+)" and lazy.flags & re.ASCII


def test_a_lazy_pattern_copies_and_pickles():
    import copy
    import pickle

    from webfold.tables import DISPLAY_NONE

    for twin in (copy.copy(DISPLAY_NONE), copy.deepcopy(DISPLAY_NONE), pickle.loads(pickle.dumps(DISPLAY_NONE))):
        assert twin.search("color: red; display: none") is not None and twin.search("display: block") is None


def test_a_note_says_when_the_chosen_main_content_is_hidden(tmp_path, capsys):
    # a store's product section in a wrapper that a script shows: the default output
    # keeps only a footer line, and says that --hidden keeps the rest (newcomer of
    # session 33: a dev product page came out as one line, without a word of why)
    desc = "Our dark roast is bold and smooth, with notes of cherry and chocolate, roasted every week. " * 12
    body = (f"<div style='display:none'><h1>Dark roast</h1><p>{desc}</p><p>{desc}</p></div>"
            "<footer><p>Sign up for our newsletter</p></footer>")
    path = tmp_path / "shop.html"
    path.write_text(f"<html><head><title>Dark roast</title></head><body>{body}</body></html>")
    code, out, err = run([path], capsys, all_blocks=False)
    assert (code, out) == (0, "Sign up for our newsletter\n")
    assert err == (f"webfold: note: {path}: the main content holds 5 words; 381 more that the selector "
                   "chose are hidden until a script shows them (--hidden keeps them)\n")
    assert run([path, "--hidden"], capsys, all_blocks=False)[2] == ""
    # without the hidden section, or with main content of its own, no note
    path.write_text(f"<html><body><p>{desc}</p>{body}</body></html>")
    assert run([path], capsys, all_blocks=False)[2] == ""
