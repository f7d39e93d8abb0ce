"""Benchmarks: webfold against other HTML-to-Markdown converters.

:mod:`bench.corpus` loads the pages, :mod:`bench.peers` holds the tool table and the
sanity checks, :mod:`bench.measure` the timing, thread and memory measurements;
:mod:`bench.compare` prints the report (``python -m bench.compare``) and the
``bench/test_*.py`` files time the same things under pytest-benchmark.
"""
