"""``webfold.spark`` in Spark local mode on WARC files the tests write: the Parquet
dataset holds, row for row, what ``webfold warc`` writes for the same files."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from webfold.cli import main
from webfold.spark import COLUMNS, check_job, convert_warcs
from test_warc import RECORDS, page
from warcs import http_response, record, warc


@pytest.fixture(scope="module")
def spark():
    try:
        from pyspark.sql import SparkSession
    except ImportError:
        message = "PySpark is not installed (pip install 'webfold[spark]')"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    # The workers run this interpreter, whether or not its environment is activated
    # (PySpark reads the variable when the session starts).
    before = os.environ.get("PYSPARK_PYTHON")
    os.environ["PYSPARK_PYTHON"] = before or sys.executable
    session = (SparkSession.builder.master("local[2]").appName("webfold-tests")
               .config("spark.ui.enabled", "false").config("spark.sql.shuffle.partitions", "2")
               .getOrCreate())
    yield session
    session.stop()
    if before is None:
        del os.environ["PYSPARK_PYTHON"]


def test_parquet_rows_match_webfold_warc(spark, tmp_path, capsys):
    from webfold.spark import convert_warcs

    files = []
    for number in range(3):
        items = [record(f"https://s{number}.example/{n}", http_response(page(f"Site {number} page {n}")),
                        number=n) for n in range(4)]
        path = tmp_path / f"part{number}.warc.gz"
        path.write_bytes(warc(items))
        files.append(str(path))
    mixed = tmp_path / "mixed.warc.gz"
    mixed.write_bytes(warc([item for item, _ in RECORDS]))
    cut = tmp_path / "cut.warc.gz"
    cut.write_bytes(warc([item for item, _ in RECORDS])[:-40])
    files += [str(mixed), str(cut)]

    expected = []
    for path in files:
        main(["warc", path, "--jobs", "1", "--quiet"])
        out, err = capsys.readouterr()
        expected += [(path, line) for line in map(json.loads, out.splitlines())]
    convert_warcs(spark, files, str(tmp_path / "out.parquet"))
    table = spark.read.parquet(str(tmp_path / "out.parquet"))
    assert [field.name for field in table.schema.fields] == [name for name, _ in COLUMNS]
    rows = sorted((row.asDict() for row in table.collect()),
                  key=lambda row: (files.index(row["warc"]), row["url"] is None, row["offset"]))
    converted = [row for row in rows if row["url"] is not None]
    assert [(row["warc"], {k: row[k] for k in ("offset", "url", "record_id", "date", "status", "title",
                                                 "markdown", "error", "note")}) for row in converted] == \
        [(path, {k: line.get(k) for k in ("offset", "url", "record_id", "date", "status", "title",
                                          "markdown", "error", "note")}) for path, line in expected]
    broken = [row for row in rows if row["url"] is None]
    assert [(row["warc"], row["error"].split(":")[0]) for row in broken] == [(str(cut), "truncated")]


def test_the_command_counts_its_own_rows_and_keeps_an_existing_dataset(spark, tmp_path, capsys):
    good, cut = tmp_path / "good.warc.gz", tmp_path / "cut.warc.gz"
    items = [record(f"https://a.example/{n}", http_response(page(f"Page {n}")), number=n) for n in range(4)]
    good.write_bytes(warc(items))
    cut.write_bytes(warc(items)[:-40])
    out = str(tmp_path / "pages.parquet")
    assert main(["spark-warc", str(good), f"file:{cut}", "--out", out]) == 1
    assert capsys.readouterr().err == "webfold: spark-warc: 9 rows written, 1 with an error\n"
    assert main(["spark-warc", str(good), "--out", out]) == 1
    assert capsys.readouterr().err == \
        f"webfold: error: {out}: already exists (--mode append adds to it, --mode overwrite replaces it)\n"
    assert main(["spark-warc", str(good), "--out", out, "--mode", "append", "--no-images"]) == 0
    assert capsys.readouterr().err == "webfold: spark-warc: 4 rows written, 0 with an error\n"
    assert spark.read.parquet(out).count() == 13
    assert main(["spark-warc", str(good), "--out", out, "--precision", "--all-blocks"]) == 2
    capsys.readouterr()
    assert main(["spark-warc", "nosuch://x/a.warc", "--out", str(tmp_path / "other")]) == 1
    assert capsys.readouterr().err == "webfold: spark-warc: 1 row written, 1 with an error\n"
    assert spark.read.parquet(str(tmp_path / "other")).collect()[0].error.startswith(
        "cannot read (cannot open nosuch://x/a.warc (")
    (tmp_path / "afile").write_text("")
    assert main(["spark-warc", str(good), "--out", str(tmp_path / "afile" / "x")]) == 1
    assert "Parent path is not a directory" in capsys.readouterr().err


def test_the_command_runs_its_workers_in_its_own_interpreter(tmp_path):
    # A virtual environment's python run by its path, not activated: PySpark's
    # workers took the first "python3" on PATH, without webfold, and every row was
    # an error. Java stays on PATH; the interpreter's own folder does not.
    path = tmp_path / "a.warc.gz"
    path.write_bytes(warc([record("https://a.example/", http_response(page("Own interpreter")))]))
    folder = os.path.dirname(sys.executable)
    paths = [entry for entry in os.environ.get("PATH", "").split(os.pathsep)
             if entry and os.path.abspath(entry) != os.path.abspath(folder)]
    environment = {**os.environ, "PATH": os.pathsep.join(paths)}
    environment.pop("PYSPARK_PYTHON", None)
    run = subprocess.run([sys.executable, "-m", "webfold", "spark-warc", str(path), "--out", str(tmp_path / "out")],
                         capture_output=True, text=True, timeout=300, env=environment)
    assert run.returncode == 0, run.stderr[-2000:]
    assert "webfold: spark-warc: 1 row written, 0 with an error\n" in run.stderr
    # Spark's progress bar is for a terminal; in a log it ran into the summary line.
    assert "[Stage" not in run.stderr


def test_workers_without_webfold_are_one_line_that_names_pyspark_python(tmp_path):
    # Found by a breaker: the worker's traceback came out as an "internal error".
    path = tmp_path / "a.warc.gz"
    path.write_bytes(warc([record("https://a.example/", http_response(page("Elsewhere")))]))
    bare = tmp_path / "bare"     # a virtual environment of no packages
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(bare)], check=True, timeout=120)
    python = str(bare / "bin" / "python")
    run = subprocess.run([sys.executable, "-m", "webfold", "spark-warc", str(path), "--out", str(tmp_path / "out")],
                         capture_output=True, text=True, timeout=300, env={**os.environ, "PYSPARK_PYTHON": python},
                         cwd=tmp_path)      # not the checkout, whose webfold the workers would find
    assert run.returncode == 1
    last = run.stderr.strip().splitlines()[-1]
    assert last.startswith("webfold: error: the Spark workers' Python failed (") and "PYSPARK_PYTHON" in last
    assert "No module named 'webfold'" in last and "Traceback" not in last


def test_overwrite_refuses_an_input_inside_the_folder_it_deletes(spark, tmp_path, capsys, monkeypatch):
    # Found by a newcomer: --out box --mode overwrite deleted box/a.warc.gz, then
    # failed to read it. Refused before Spark is asked to do anything.
    box = tmp_path / "box"
    box.mkdir()
    path = box / "a.warc.gz"
    path.write_bytes(warc([record("https://a.example/", http_response(page("Kept")))]))
    for given, out in ((str(path), str(box)), (f"file://{path}", f"{tmp_path}/./box/"), (str(path), str(path))):
        assert main(["spark-warc", given, "--out", out, "--mode", "overwrite"]) == 2
        assert capsys.readouterr().err == (f"webfold: error: {given} is inside {out}, which overwriting "
                                           "deletes before the input is read\n")
    monkeypatch.chdir(box)
    assert main(["spark-warc", "a.warc.gz", "--out", ".", "--mode", "overwrite"]) == 2
    assert path.read_bytes()[:2] == b"\x1f\x8b"
    capsys.readouterr()


def test_check_job_tells_a_folder_from_one_whose_name_it_begins():
    assert check_job(["/data/boxes/a.warc.gz", "s3://bucket/box/a.warc.gz"], "/data/box", None, "overwrite") is None
    assert check_job(["/data/box/a.warc.gz"], "/data/box", None, "append") is None
    with pytest.raises(ValueError, match="s3://b/crawl/a.warc.gz is inside s3://b/crawl/"):
        check_job(["s3://b/crawl/a.warc.gz"], "s3://b/crawl/", None, "overwrite")


def test_convert_warcs_refuses_one_string_and_options_that_to_document_does_not_take():
    # Found by a newcomer: a string was read as a list of one-letter paths, and an
    # unknown option made every row an error. No Spark is needed to refuse them.
    with pytest.raises(TypeError, match="paths: a list of WARC paths, not one str"):
        convert_warcs(None, "a.warc.gz", "out")
    with pytest.raises(TypeError, match="paths: each a str \\(a path or URL\\), not PosixPath"):
        convert_warcs(None, [Path("a.warc.gz")], "out")
    with pytest.raises(TypeError, match="options: 'nonsense' not taken"):
        convert_warcs(None, ["a.warc.gz"], "out", {"nonsense": 1, "precision": True})
    with pytest.raises(TypeError, match="options: 'charset' not taken"):
        convert_warcs(None, ["a.warc.gz"], "out", {"charset": "utf-8"})


def test_a_callers_bare_spark_context_is_used_and_left_running(tmp_path):
    # Found by a breaker: a SparkContext made without a session was stopped, as if the
    # command had started it. Run apart: a process holds one context at a time.
    path = tmp_path / "a.warc.gz"
    path.write_bytes(warc([record("https://a.example/", http_response(page("Bare context")))]))
    script = f"""
import os, sys
os.environ["PYSPARK_PYTHON"] = sys.executable
from pyspark import SparkConf, SparkContext
from webfold.cli import main
context = SparkContext(conf=SparkConf().setMaster("local[1]").setAppName("caller").set("spark.ui.enabled", "false"))
code = main(["spark-warc", {str(path)!r}, "--out", {str(tmp_path / "out")!r}])
print(code, context.appName, context.parallelize(range(5)).sum(), flush=True)
context.stop()
"""
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr[-2000:]
    assert run.stdout.splitlines()[-1] == "0 caller 10"
    assert "webfold: spark-warc: 1 row written, 0 with an error\n" in run.stderr


def test_spark_submit_runs_the_module_file_as_the_readme_says(spark, tmp_path):
    import webfold.spark

    path = tmp_path / "a.warc.gz"
    path.write_bytes(warc([record("https://a.example/", http_response(page("Submitted")))]))
    submit = os.path.join(os.path.dirname(sys.executable), "spark-submit")
    # As in an activated environment: spark-submit runs the "python3" first on PATH.
    environment = {**os.environ, "PATH": os.path.dirname(sys.executable) + os.pathsep + os.environ.get("PATH", "")}
    run = subprocess.run([submit, "--master", "local[1]", webfold.spark.__file__, str(path),
                          "--out", str(tmp_path / "out")], capture_output=True, text=True, timeout=300,
                         env=environment)
    assert run.returncode == 0, run.stderr[-2000:]
    # spark-submit passes the Python driver's standard error on to its standard output.
    assert "webfold: spark-warc: 1 row written, 0 with an error\n" in run.stdout
    assert [row.title for row in spark.read.parquet(str(tmp_path / "out")).collect()] == ["Submitted"]
