"""Converting WARC files on a Spark cluster (``pip install 'webfold[spark]'``): one
task per WARC file, a Parquet dataset out, the rows those of ``webfold warc``.

From Python::

    from pyspark.sql import SparkSession
    from webfold.spark import convert_warcs

    spark = SparkSession.builder.getOrCreate()
    convert_warcs(spark, ["s3://bucket/a.warc.gz", "hdfs:///crawl/b.warc.gz"], "s3://bucket/out/")

As a command: ``webfold spark-warc PATHS... --out DIR`` runs in a local Spark; on a
cluster, spark-submit runs this module's file, which takes the same arguments
(spark-submit wants a name ending in ``.py``)::

    spark-submit --master yarn "$(python -c 'import webfold.spark as m; print(m.__file__)')" \
        PATHS... --out DIR

Paths are read by the tasks themselves: local paths and ``file:`` URLs with Python's
``open``, anything else (``s3://``, ``hdfs://``, ``gs://``) through ``pyarrow.fs``, the
file systems Arrow knows (HDFS needs libhdfs on the workers).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator

#: The columns of the dataset, in order, with their Spark SQL types: the fields of a
#: ``webfold warc`` line, and the WARC file each row came from.
COLUMNS = (("warc", "string"), ("offset", "long"), ("url", "string"), ("record_id", "string"),
           ("date", "string"), ("status", "int"), ("title", "string"), ("markdown", "string"),
           ("error", "string"), ("note", "string"))


def schema():
    """The Spark schema of :data:`COLUMNS`."""
    from pyspark.sql.types import IntegerType, LongType, StringType, StructField, StructType

    types = {"string": StringType(), "long": LongType(), "int": IntegerType()}
    return StructType([StructField(name, types[kind], True) for name, kind in COLUMNS])


def warc_rows(path: str, options: dict | None = None) -> Iterator[tuple]:
    """The rows of one WARC file (:data:`COLUMNS`): one per HTML response record, as
    ``webfold warc`` converts it, then, if the file breaks, one row with ``url`` None
    and the :class:`~webfold.warc.WarcError` (or the read error) as ``error``. Runs
    in a task; never raises, so one file cannot fail the job."""
    from webfold.bulk import record_line
    from webfold.warc import WarcError, records

    options = dict(options or {})
    limit = options.get("max_input_bytes", 200_000_000)

    def failed(offset, error: str) -> tuple:
        return (path, offset, None, None, None, None, None, None, error, None)

    try:
        with _open(path) as handle:
            for record in records(handle, limit):
                if record.has_line:
                    line = record_line((record, options))
                    yield (path, line["offset"], line["url"], line["record_id"], line["date"],
                           line["status"], line["title"], line["markdown"], line["error"], line.get("note"))
    except WarcError as error:
        yield failed(error.offset, str(error))
    except OSError as error:
        yield failed(None, f"cannot read ({error})")
    except (KeyboardInterrupt, SystemExit, GeneratorExit):
        raise
    except BaseException as error:  # a bug (or a Rust panic in a library): the row says so
        yield failed(None, f"internal error: {type(error).__name__}: {error}")


def _local(path: str) -> str | None:
    """The local file name of a path or a ``file:`` URL (``file:///x``, and Hadoop's
    ``file:/x``); None for another URL."""
    if "://" not in path and not path.startswith("file:"):
        return path
    if path.startswith("file:"):
        from urllib.parse import unquote, urlsplit

        return unquote(urlsplit(path).path)
    return None


def _open(path: str):
    """A seekable binary file for a local path, a ``file:`` URL, or any URL that
    ``pyarrow.fs`` opens."""
    local = _local(path)
    if local is not None:
        return open(local, "rb")
    from pyarrow import ArrowException, fs

    try:
        filesystem, inner = fs.FileSystem.from_uri(path)
        return filesystem.open_input_file(inner)
    except ArrowException as error:     # a scheme Arrow does not know, a bucket that is not there
        raise OSError(f"cannot open {path} ({error})") from None


def convert_warcs(spark, paths: list[str], out: str, options: dict | None = None,
                  mode: str = "error") -> tuple[int, int]:
    """Convert the WARC files ``paths`` with one Spark task each and write the rows
    (:data:`COLUMNS`) as a Parquet dataset to ``out``.

    Parameters
    ----------
    spark : pyspark.sql.SparkSession
    paths : list of str
        WARC files, as the workers can open them (see the module's notes).
    out : str
        The dataset's folder, as Spark writes it (local, HDFS, S3).
    options : dict, optional
        Keyword arguments of :func:`webfold.to_document` (``selection``,
        ``precision``, ``images``, ``max_input_bytes``, ...).
    mode : str
        Spark's save mode: ``"error"`` (default: refuse a folder that exists),
        ``"append"`` or ``"overwrite"`` (replaces the folder and all it holds).

    Returns
    -------
    (rows, errors) : tuple of int
        The rows this call wrote, and how many of them hold an error.

    Raises
    ------
    TypeError, ValueError
        As :func:`check_job`, before Spark is asked to do anything.
    pyspark.errors.AnalysisException
        ``out`` exists and ``mode`` is ``"error"`` (``PATH_ALREADY_EXISTS``), or it
        cannot be written.
    """
    check_job(paths, out, options, mode)
    options = dict(options or {})
    rows = spark.sparkContext.parallelize(list(paths), max(len(paths), 1)) \
        .flatMap(lambda path: warc_rows(path, options))
    before = _counts(spark, out) if mode == "append" else (0, 0)
    spark.createDataFrame(rows, schema()).write.mode(mode).parquet(out)
    after = _counts(spark, out)
    return after[0] - before[0], after[1] - before[1]


def check_job(paths: list[str], out: str, options: dict | None, mode: str) -> None:
    """Refuse a job of :func:`convert_warcs` that cannot do what it is asked.

    Raises
    ------
    TypeError
        ``paths`` is a single string (Spark would take each of its characters for a
        path) or holds one that is not a ``str`` (a ``pathlib.Path``, say), or
        ``options`` names a keyword that :func:`webfold.to_document` does not take
        (every row would be an error) or ``charset`` (each record's own is used).
    ValueError
        ``mode`` is ``"overwrite"`` and an input is ``out`` or inside it: Spark deletes
        the folder before the tasks read their files.
    """
    import inspect

    from webfold.pipeline import to_document

    if isinstance(paths, (str, bytes)):
        raise TypeError(f"paths: a list of WARC paths, not one {type(paths).__name__}")
    for path in paths:
        if not isinstance(path, str):
            raise TypeError(f"paths: each a str (a path or URL), not {type(path).__name__}")
    taken = {name for name, parameter in inspect.signature(to_document).parameters.items()
             if parameter.kind is parameter.KEYWORD_ONLY} - {"charset"}
    unknown = sorted(set(options or {}) - taken)
    if unknown:
        raise TypeError(f"options: {', '.join(map(repr, unknown))} not taken (the options are "
                        f"{', '.join(sorted(taken))})")
    if mode == "overwrite":
        folder = _place(out)
        for path in paths:
            root, inner = _place(path)
            if root == folder[0] and (inner + "/").startswith(folder[1].rstrip("/") + "/"):
                raise ValueError(f"{path} is inside {out}, which overwriting deletes before the input is read")


def _place(path: str) -> tuple[str, str]:
    """A path or URL as (file system, absolute path within it), local paths and
    ``file:`` URLs resolved, so that two spellings of one place compare equal."""
    from urllib.parse import urlsplit

    local = _local(path)
    if local is not None:
        return "file", os.path.realpath(local)
    parts = urlsplit(path)
    return f"{parts.scheme}://{parts.netloc}", parts.path or "/"


def _counts(spark, out: str) -> tuple[int, int]:
    """The rows of the dataset at ``out`` and those with an error; (0, 0) when there
    is none yet."""
    from pyspark.errors import AnalysisException

    try:
        table = spark.read.parquet(out)
    except AnalysisException:
        return 0, 0
    return table.count(), table.where("error IS NOT NULL").count()


def run_spark_warc(args) -> int:
    """``webfold spark-warc``: :func:`convert_warcs` in the Spark session that
    spark-submit (or a local master) provides, with the options of
    :func:`webfold.cli.spark_parser`. Returns 1 when a row holds an error (a record
    that failed, a file that broke or could not be read), else 0. A local session that
    it starts itself (not under spark-submit) runs its workers in this interpreter:
    it sets ``PYSPARK_PYTHON`` to ``sys.executable`` while the session starts, unless
    that is set.

    Raises
    ------
    webfold.cli.UsageError
        PySpark is not installed, or :func:`check_job` refuses the job (an input
        inside ``--out`` with ``--mode overwrite``, say).
    webfold.cli.ConversionError
        The dataset cannot be written (``--out`` exists without ``--mode``, say), or
        the workers' Python failed (one without webfold, say).
    """
    from webfold.bulk import counted
    from webfold.cli import ConversionError, UsageError, _conversion

    try:
        from py4j.protocol import Py4JJavaError
        from pyspark import SparkContext
        from pyspark.errors import AnalysisException, PythonException
        from pyspark.sql import SparkSession
    except ImportError:
        raise UsageError("spark-warc needs PySpark: pip install 'webfold[spark]'") from None
    try:
        check_job(args.paths, args.out, _conversion(args), args.mode)     # before Spark's start-up
    except (TypeError, ValueError) as error:
        raise UsageError(str(error)) from None
    # A caller's session, or a caller's bare SparkContext (which has no session, and
    # which getOrCreate wraps in one), is left running and as it was set up. PySpark
    # has no public way to ask for the running context without starting one.
    ours = SparkSession.getActiveSession() is None and SparkContext._active_spark_context is None
    # A local session, not one that spark-submit set up, runs its workers in this
    # interpreter, where webfold is installed. PySpark's default is the "python3"
    # first on PATH, which for a virtual environment's python run without activating
    # it is another one, without webfold (the job failed). PySpark reads only the
    # variable, not the spark.pyspark.python setting, and only when the session
    # starts; it is taken away again after.
    own_python = ours and "PYSPARK_GATEWAY_PORT" not in os.environ and "PYSPARK_PYTHON" not in os.environ
    if own_python:
        os.environ["PYSPARK_PYTHON"] = sys.executable
    try:
        builder = SparkSession.builder.appName("webfold spark-warc")
        if ours and not sys.stderr.isatty():   # its progress bar would run into the summary line
            builder = builder.config("spark.ui.showConsoleProgress", "false")
        spark = builder.getOrCreate()
    finally:
        if own_python:
            del os.environ["PYSPARK_PYTHON"]
    try:
        written, failed = convert_warcs(spark, args.paths, args.out, _conversion(args), args.mode)
        print(f"webfold: spark-warc: {counted(written, 'row')} written, {failed:,} with an error",
              file=sys.stderr, flush=True)     # before Spark's shutdown log, not inside it
    except AnalysisException as error:
        if "PATH_ALREADY_EXISTS" in str(error):
            raise ConversionError(f"{args.out}: already exists (--mode append adds to it, "
                                  "--mode overwrite replaces it)") from None
        raise ConversionError(f"{args.out}: {str(error).splitlines()[0]}") from None
    except PythonException as error:   # a worker's Python failed: without webfold, say
        last = str(error).strip().splitlines()[-1].strip()
        raise ConversionError(f"the Spark workers' Python failed ({last[:300]}); PYSPARK_PYTHON names "
                              "the python they run, which needs webfold installed") from None
    except Py4JJavaError as error:     # the job failed in Spark (the dataset cannot be written, say)
        raise ConversionError(f"{args.out}: Spark failed ({error.java_exception.toString().splitlines()[0]})") \
            from None
    finally:
        if ours:
            spark.stop()
    return 1 if failed else 0


if __name__ == "__main__":          # spark-submit .../webfold/spark.py PATHS... --out DIR
    # Run as a file, this module's folder leads the path, where webfold/select.py
    # would shadow the standard library's select for PySpark.
    here = os.path.dirname(os.path.abspath(__file__))
    sys.path[:] = [entry for entry in sys.path if os.path.abspath(entry or ".") != here]
    from webfold.cli import main

    raise SystemExit(main(["spark-warc", *sys.argv[1:]]))
