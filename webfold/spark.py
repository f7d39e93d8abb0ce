"""Converting WARC files on a Spark cluster (``pip install 'webfold[spark]'``): one
task per WARC file, a Parquet dataset out, the rows those of ``webfold warc``.

From Python::

    from pyspark.sql import SparkSession
    from webfold.spark import convert_warcs

    spark = SparkSession.builder.getOrCreate()
    convert_warcs(spark, ["s3://bucket/a.warc.gz", "hdfs:///crawl/b.warc.gz"], "s3://bucket/out/")

As a command: ``webfold spark-warc PATHS... --out DIR`` runs in a local Spark; on a
cluster, spark-submit runs the ``webfold`` script itself (a Python file)::

    spark-submit --master yarn "$(command -v webfold)" spark-warc PATHS... --out DIR

Paths are read by the tasks themselves: local paths and ``file:`` URLs with Python's
``open``, anything else (``s3://``, ``hdfs://``, ``gs://``) through ``pyarrow.fs``, the
file systems Arrow knows (HDFS needs libhdfs on the workers).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator

#: The columns of the dataset, in order, with their Spark SQL types: the fields of a
#: ``webfold warc`` line, and the WARC file each row came from.
COLUMNS = (("warc", "string"), ("offset", "long"), ("url", "string"), ("record_id", "string"),
           ("date", "string"), ("status", "int"), ("title", "string"), ("markdown", "string"),
           ("error", "string"))


def schema():
    """The Spark schema of :data:`COLUMNS`."""
    from pyspark.sql.types import IntegerType, LongType, StringType, StructField, StructType

    types = {"string": StringType(), "long": LongType(), "int": IntegerType()}
    return StructType([StructField(name, types[kind], True) for name, kind in COLUMNS])


def warc_rows(path: str, options: dict | None = None) -> Iterator[tuple]:
    """The rows of one WARC file: one per HTML response record, as ``webfold warc``
    converts it, then, if the file breaks, one row with ``url`` None and the
    :class:`~webfold.warc.WarcError` (or the read error) as ``error``. Runs in a task."""
    from webfold.bulk import record_line
    from webfold.warc import WarcError, records

    options = dict(options or {})
    limit = options.get("max_input_bytes", 200_000_000)
    try:
        with _open(path) as handle:
            for record in records(handle, limit):
                if record.is_html:
                    line = record_line((record, options))
                    yield (path, line["offset"], line["url"], line["record_id"], line["date"],
                           line["status"], line["title"], line["markdown"], line["error"])
    except WarcError as error:
        yield (path, error.offset, None, None, None, None, None, None, str(error))
    except OSError as error:
        yield (path, None, None, None, None, None, None, None, f"cannot read ({error})")
    except Exception as error:      # a bug: one file's row says so, and the job goes on
        yield (path, None, None, None, None, None, None, None,
               f"internal error: {type(error).__name__}: {error}")


def _open(path: str):
    """A seekable binary file for a local path, a ``file:`` URL, or any URL that
    ``pyarrow.fs`` opens."""
    if "://" not in path and not path.startswith("file:"):
        return open(path, "rb")
    if path.startswith("file:"):            # file:///x, and Hadoop's file:/x
        from urllib.parse import unquote, urlsplit

        return open(unquote(urlsplit(path).path), "rb")
    from pyarrow import fs

    filesystem, inner = fs.FileSystem.from_uri(path)
    return filesystem.open_input_file(inner)


def convert_warcs(spark, paths: list[str], out: str, options: dict | None = None,
                  mode: str = "overwrite") -> None:
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
        Spark's save mode: ``"overwrite"`` (default), ``"append"``, ``"error"``.
    """
    options = dict(options or {})
    rows = spark.sparkContext.parallelize(list(paths), max(len(paths), 1)) \
        .flatMap(lambda path: warc_rows(path, options))
    spark.createDataFrame(rows, schema()).write.mode(mode).parquet(out)


def main(argv: list[str] | None = None) -> int:
    """``webfold spark-warc PATHS... --out DIR``: run :func:`convert_warcs` in the
    Spark session that spark-submit (or a local master) provides. Returns 1 when a
    row holds an error (a record that failed, a file that broke or could not be
    read), else 0."""
    p = argparse.ArgumentParser(prog="webfold spark-warc", description="Convert WARC files on Spark "
                                "to a Parquet dataset (one task per file).")
    p.add_argument("paths", nargs="+", metavar="PATH", help="WARC files (local, hdfs://, s3://, ...)")
    p.add_argument("--out", required=True, help="the Parquet dataset's folder")
    p.add_argument("--all-blocks", action="store_true", help="no main-content selection")
    p.add_argument("--precision", action="store_true", help="select with the higher threshold")
    p.add_argument("--mode", default="overwrite", choices=["overwrite", "append", "error"])
    args = p.parse_args(argv)
    try:
        from pyspark.sql import SparkSession
    except ImportError:
        print("webfold: error: spark-warc needs PySpark: pip install 'webfold[spark]'", file=sys.stderr)
        return 2
    spark = SparkSession.builder.appName("webfold spark-warc").getOrCreate()
    try:
        convert_warcs(spark, args.paths, args.out,
                      {"selection": not args.all_blocks, "precision": args.precision}, args.mode)
        rows = spark.read.parquet(args.out)
        failed = rows.where("error IS NOT NULL").count()
        print(f"webfold: spark-warc: {rows.count():,} rows, {failed:,} with an error", file=sys.stderr)
    finally:
        spark.stop()
    return 1 if failed else 0
