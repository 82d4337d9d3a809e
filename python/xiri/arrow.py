"""xiri over Arrow string columns, without copying them: any array or
chunked array that speaks the Arrow PyCapsule interface (pyarrow, Polars,
DuckDB, pandas' Arrow strings, arro3, nanoarrow) is read in place by the
Rust extension, chunk by chunk, with the GIL released.

Nulls stay null. An input the operation refuses gives null, or with
``errors=True`` a struct of ``value``, ``error_offset`` and ``error``.
The result has the input's library where it is pyarrow or Polars (an array
for an array, a chunked array for a chunked one, a Series for a Series);
otherwise it is an object with ``__arrow_c_stream__``.

>>> import pyarrow as pa, xiri.arrow
>>> xiri.arrow.normalize(pa.array(["HTTP://A/%7e", None, "a b"])).to_pylist()
['http://a/~', None, None]
"""

from __future__ import annotations

from typing import Any

from xiri import _xiri

_rust = _xiri.arrow

__all__ = [
    "check",
    "component",
    "expr",
    "is_valid",
    "normalize",
    "relativize",
    "resolve",
    "to_iri",
    "to_uri",
]


def _like(array: Any, result: Any) -> Any:
    """``result`` (a chunked array with ``__arrow_c_stream__``) in the
    library of ``array``."""
    library = type(array).__module__.split(".")[0]
    if library == "pyarrow":
        import pyarrow as pa

        chunked = pa.chunked_array(result)
        if isinstance(array, pa.Array):
            return chunked.chunk(0) if chunked.num_chunks == 1 else chunked.combine_chunks()
        return chunked
    if library == "polars":
        import polars as pl

        return pl.Series(getattr(array, "name", ""), result)
    return result


def is_valid(array: Any, syntax: str = "iri", rule: str = "reference") -> Any:
    """Whether each string matches ``rule`` of ``syntax``: booleans."""
    return _like(array, _rust.is_valid(array, syntax, rule))


def check(array: Any, syntax: str = "iri", rule: str = "reference") -> Any:
    """Each string's verdict: a struct of ``valid`` and ``offset`` (the byte
    where matching stopped; null when valid)."""
    return _like(array, _rust.check(array, syntax, rule))


def component(array: Any, name: str, syntax: str = "iri", *, errors: bool = False) -> Any:
    """One component of each reference (``scheme``, ``authority``,
    ``userinfo``, ``host``, ``port``, ``path``, ``query``, ``fragment``)."""
    return _like(array, _rust.component(array, name, syntax, errors=errors))


def normalize(
    array: Any,
    syntax: str = "iri",
    *,
    nfc: bool = False,
    nfkc: bool = False,
    scheme_based: bool = False,
    errors: bool = False,
) -> Any:
    """Each reference's normal form (RFC 3986 6.2.2, RFC 3987 5.3)."""
    result = _rust.normalize(array, syntax, nfc=nfc, nfkc=nfkc, scheme_based=scheme_based, errors=errors)
    return _like(array, result)


def resolve(array: Any, base: str, syntax: str = "iri", *, errors: bool = False) -> Any:
    """Each reference resolved against the absolute ``base`` (RFC 3986 5.2)."""
    return _like(array, _rust.resolve(array, base, syntax, errors=errors))


def relativize(array: Any, base: str, syntax: str = "iri", *, errors: bool = False) -> Any:
    """The reference that resolves against ``base`` to each absolute target."""
    return _like(array, _rust.relativize(array, base, syntax, errors=errors))


def to_uri(array: Any, syntax: str = "iri", *, idna: bool = False, errors: bool = False) -> Any:
    """Each reference as a URI (RFC 3987 3.1), with IDNA for hosts when asked."""
    return _like(array, _rust.to_uri(array, syntax, idna=idna, errors=errors))


def to_iri(array: Any, syntax: str = "uri", *, errors: bool = False) -> Any:
    """Each reference as an IRI (RFC 3987 3.2)."""
    return _like(array, _rust.to_iri(array, syntax, errors=errors))


def expr(column: Any, function: str, *args: Any, **kwargs: Any) -> Any:
    """A Polars expression applying one of these functions by name:
    ``xiri.arrow.expr(pl.col("url"), "normalize")``."""
    if function not in __all__ or function == "expr":
        raise ValueError(f"not an xiri.arrow function: {function!r}")
    f = globals()[function]
    return column.map_batches(lambda series: f(series, *args, **kwargs))
