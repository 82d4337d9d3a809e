"""xiri.arrow called by dataframe engines: Polars (map_batches), DuckDB (an
Arrow scalar function called from SQL) and Apache Spark (a local session,
mapInArrow)."""

import os
import shutil
import sys

import pyarrow as pa
import pytest

import xiri.arrow as xa

URLS = ["HTTP://Example.COM/%7euser/./a", None, "a b", "http://résumé.example.org/"]
NORMAL = ["http://example.com/~user/a", None, None, "http://résumé.example.org/"]


def test_polars_map_batches():
    pl = pytest.importorskip("polars")
    df = pl.DataFrame({"url": URLS})
    out = df.select(
        pl.col("url").map_batches(xa.normalize, return_dtype=pl.String).alias("normal"),
        xa.expr(pl.col("url"), "is_valid").alias("valid"),
        xa.expr(pl.col("url"), "component", "host").alias("host"),
    )
    assert out["normal"].to_list() == NORMAL
    assert out["valid"].to_list() == [True, None, False, True]
    assert out["host"].to_list() == ["Example.COM", None, None, "résumé.example.org"]


def test_duckdb_arrow_scalar_function_from_sql():
    duckdb = pytest.importorskip("duckdb")
    con = duckdb.connect()
    # null_handling="special": a refused input gives NULL.
    con.create_function(
        "xiri_normalize", lambda a: xa.normalize(a), ["VARCHAR"], "VARCHAR", type="arrow", null_handling="special"
    )
    con.create_function(
        "xiri_is_valid", lambda a: xa.is_valid(a), ["VARCHAR"], "BOOLEAN", type="arrow", null_handling="special"
    )
    con.create_function(
        "xiri_resolve",
        lambda a: xa.resolve(a, "http://a/b/c/d;p?q"),
        ["VARCHAR"],
        "VARCHAR",
        type="arrow",
        null_handling="special",
    )
    con.execute("CREATE TABLE t (i INTEGER, url VARCHAR)")
    con.executemany("INSERT INTO t VALUES (?, ?)", list(enumerate(URLS)))
    rows = con.execute("SELECT xiri_normalize(url), xiri_is_valid(url) FROM t ORDER BY i").fetchall()
    assert [r[0] for r in rows] == NORMAL
    assert [r[1] for r in rows] == [True, None, False, True]
    refs = con.execute("SELECT xiri_resolve(r) FROM (VALUES ('../g'), ('g?y')) v(r)").fetchall()
    assert sorted(r[0] for r in refs) == ["http://a/b/c/g?y", "http://a/b/g"]


def java_available():
    return shutil.which("java") is not None or bool(os.environ.get("JAVA_HOME"))


def test_spark_local_map_in_arrow():
    if not java_available():
        pytest.skip("Spark test skipped: no Java (install openjdk-17-jre-headless)")
    pyspark = pytest.importorskip("pyspark", reason="Spark test skipped: pyspark is not installed")
    from pyspark.sql import SparkSession

    os.environ["PYSPARK_PYTHON"] = sys.executable
    os.environ["PYSPARK_DRIVER_PYTHON"] = sys.executable
    os.environ.setdefault("SPARK_LOCAL_IP", "127.0.0.1")
    spark = (
        SparkSession.builder.master("local[2]")
        .appName("xiri-test")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "2")
        .getOrCreate()
    )
    try:
        df = spark.createDataFrame([(i, u) for i, u in enumerate(URLS)], "i int, url string")

        def normalize(batches):
            for batch in batches:
                normal = xa.normalize(batch.column("url"))
                valid = xa.is_valid(batch.column("url"))
                yield pa.RecordBatch.from_arrays([batch.column("i"), normal, valid], names=["i", "normal", "valid"])

        out = df.mapInArrow(normalize, "i int, normal string, valid boolean").orderBy("i").collect()
        assert [r["normal"] for r in out] == NORMAL
        assert [r["valid"] for r in out] == [True, None, False, True]
        assert pyspark.__version__
    finally:
        spark.stop()
