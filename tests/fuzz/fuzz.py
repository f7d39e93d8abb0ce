"""Coverage-guided fuzzing of the scanner and of the whole conversion, with atheris.

    python tests/fuzz/fuzz.py build                      # once: an instrumented build
    python tests/fuzz/fuzz.py scan -max_total_time=1500  # or: convert; any libFuzzer flags

``build`` compiles the package's extensions with clang and libFuzzer's coverage
instrumentation, and with Cython's bounds checks on, into ``build/fuzz/lib`` (needs
``pip install atheris`` and Debian's ``clang``). A run then fuzzes that copy, so the
Cython scanner, builder and feature code report the branches they take. Without the
build, the installed package is fuzzed with Python-level coverage only. (AddressSanitizer
is left out: its runtime would take over the coverage hooks from atheris's libFuzzer.)

Targets:

- ``scan``: :func:`webfold._scan.scan_bytes` and every token's name, attributes and text.
- ``convert``: :func:`webfold.to_document` on bytes or text, with and without
  selection and a base URL. Any exception but :class:`webfold.WebfoldError` is a
  finding, and so is Markdown that holds a NUL or a lone surrogate.

The corpus starts from the repository's own pages (``tests/golden``,
``tests/payloads``) and Firecrawl's fixtures (``$WEBFOLD_DATA``), and grows in
``build/fuzz/corpus/TARGET``. A crash, hang (``-timeout``, default 10 s here) or
runaway memory (``-rss_limit_mb``, default 2048) is written to ``build/fuzz/`` as a
``crash-*``, ``timeout-*`` or ``oom-*`` file: turn each into a named regression input
in ``tests/regressions/`` with its expected behaviour.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
WORK = REPO / "build" / "fuzz"
LIB = WORK / "lib"
LIBFUZZER = WORK / "libfuzzer.so"
#: libFuzzer flags unless the command line gives its own.
DEFAULTS = ["-timeout=10", "-rss_limit_mb=2048", "-max_len=65536",
            f"-dict={Path(__file__).parent / 'html.dict'}"]


def seeds() -> list[Path]:
    """Pages to start from: ours, and Firecrawl's fixtures when the data is there."""
    data = Path(os.environ.get("WEBFOLD_DATA") or REPO.parent / "shared" / "data")
    found = sorted((REPO / "tests").glob("golden/*.html")) + sorted((REPO / "tests").glob("payloads/*.html"))
    return found + sorted((data / "firecrawl-fixtures").glob("**/*.html"))


def build() -> None:
    """Compile an instrumented copy of the package into ``build/fuzz/lib``."""
    env = {**os.environ, "CC": "clang", "LDSHARED": "clang -shared",
           # libFuzzer's coverage without stack-depth tracing, whose thread-local
           # counter atheris's libFuzzer does not export
           "CFLAGS": "-fsanitize-coverage=inline-8bit-counters,pc-table,trace-cmp -g", "WEBFOLD_DEBUG": "1"}
    subprocess.run([sys.executable, "setup.py", "build_ext", "--build-lib", str(LIB),
                    "--build-temp", str(WORK / "temp")], cwd=REPO, env=env, check=True)
    archive = subprocess.run(["clang", "-print-file-name=libclang_rt.fuzzer_no_main-x86_64.a"],
                             capture_output=True, text=True, check=True).stdout.strip()
    subprocess.run(["clang++", "-shared", "-o", str(LIBFUZZER), "-Wl,--whole-archive", archive,
                    "-Wl,--no-whole-archive", "-lpthread"], check=True)
    package = LIB / "webfold"
    for source in (REPO / "webfold").iterdir():
        # The modules Cython compiled stay as built; the rest (and the model) are copied.
        if source.suffix in (".py", ".pyi", ".json", ".trees") or source.name == "models":
            if source.is_dir():
                shutil.copytree(source, package / source.name, dirs_exist_ok=True)
            elif not any(package.glob(f"{source.stem}.*.so")):
                shutil.copy2(source, package / source.name)


def scan_target(data: bytes) -> None:
    from webfold._scan import scan_bytes

    tokens = scan_bytes(data)
    for index in range(len(tokens)):
        kind, _, start, end, _ = tokens[index]
        if kind in (2, 3):
            tokens.name(index)
            if kind == 2:
                tokens.attributes(index)
        else:
            tokens.text(start, end)


def convert_target(data: bytes) -> None:
    import webfold

    if len(data) < 2:
        return
    options, page = data[0], data[1:]
    html = page.decode("utf-8", "surrogatepass") if options & 1 and _decodes(page) else page
    base = "https://example.com/a/b.html" if options & 2 else None
    try:
        document = webfold.to_document(html, base, selection=bool(options & 4))
    except webfold.WebfoldError:
        return
    text = document.markdown
    if "\x00" in text or any("\ud800" <= c <= "\udfff" for c in text):
        raise AssertionError(f"NUL or lone surrogate in the Markdown: {text[:200]!r}")


def _decodes(page: bytes) -> bool:
    try:
        page.decode("utf-8", "surrogatepass")
    except UnicodeDecodeError:
        return False
    return True


TARGETS = {"scan": scan_target, "convert": convert_target}


def main() -> None:
    if len(sys.argv) < 2 or sys.argv[1] not in {"build", *TARGETS}:
        sys.exit(f"usage: python tests/fuzz/fuzz.py build | {' | '.join(TARGETS)} [libFuzzer flags]")
    if sys.argv[1] == "build":
        build()
        return
    if (LIB / "webfold").is_dir():
        if os.environ.get("LD_PRELOAD") != str(LIBFUZZER):
            # The instrumented extensions call libFuzzer's coverage hooks, which must be
            # in the process before them: start again with clang's libFuzzer preloaded
            # (atheris then uses it instead of its own private copy).
            os.execve(sys.executable, [sys.executable, *sys.argv], {**os.environ, "LD_PRELOAD": str(LIBFUZZER)})
        sys.path.insert(0, str(LIB))
    import atheris

    name = sys.argv[1]
    corpus = WORK / "corpus" / name
    corpus.mkdir(parents=True, exist_ok=True)
    for seed in seeds():
        target = corpus / f"seed-{seed.parent.name}-{seed.name}"
        if not target.exists():
            page = seed.read_bytes()
            # The convert target's first byte chooses its options: bytes, a base, selection.
            target.write_bytes((b"\x06" + page) if name == "convert" else page)
    flags = sys.argv[2:]
    given = {flag.split("=")[0] for flag in flags}
    flags += [flag for flag in DEFAULTS if flag.split("=")[0] not in given]
    with atheris.instrument_imports(include=["webfold"]):
        import webfold  # noqa: F401  (Python-level coverage of the modules left as Python)
    atheris.Setup([sys.argv[0], *flags, f"-artifact_prefix={WORK}/", str(corpus)], TARGETS[name])
    atheris.Fuzz()


if __name__ == "__main__":
    main()
