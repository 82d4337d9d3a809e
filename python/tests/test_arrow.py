"""xiri.arrow over pyarrow arrays: nulls, refusals, the errors struct,
every string layout, chunked arrays, and zero copies of the input."""

import pyarrow as pa
import pytest

import xiri.arrow as xa


def test_is_valid_keeps_nulls():
    out = xa.is_valid(pa.array(["http://a/b", "a b", None]))
    assert isinstance(out, pa.Array) and out.type == pa.bool_()
    assert out.to_pylist() == [True, False, None]


@pytest.mark.parametrize("string_type", [pa.string(), pa.large_string(), pa.string_view()])
def test_every_string_layout(string_type):
    array = pa.array(["HTTP://A/%7e", None, "a b"], type=string_type)
    assert xa.normalize(array).to_pylist() == ["http://a/~", None, None]
    assert xa.is_valid(array, "leiri").to_pylist() == [True, None, True]


def test_check_is_a_struct_of_verdict_and_offset():
    out = xa.check(pa.array(["http://a/b", "http://a/b c", None]))
    assert out.type == pa.struct([("valid", pa.bool_()), ("offset", pa.int64())])
    assert out.to_pylist() == [{"valid": True, "offset": None}, {"valid": False, "offset": 10}, None]


def test_component():
    array = pa.array(["http://a:8080/p?q#f", "../g", None, "a b"])
    assert xa.component(array, "host").to_pylist() == ["a", None, None, None]
    assert xa.component(array, "port").to_pylist() == ["8080", None, None, None]
    assert xa.component(array, "path").to_pylist() == ["/p", "../g", None, None]
    assert xa.component(pa.array(["xri://@a*b/c"]), "authority", "xri").to_pylist() == ["@a*b"]
    with pytest.raises(ValueError, match="unknown component"):
        xa.component(array, "host", "xri")


def test_resolve_relativize_to_uri():
    base = "http://a/b/c/d;p?q"
    assert xa.resolve(pa.array(["../g", None, "g h"]), base).to_pylist() == ["http://a/b/g", None, None]
    assert xa.relativize(pa.array(["http://a/b/c/g", "g"]), base).to_pylist() == ["g", None]
    assert xa.to_uri(pa.array(["http://résumé.example.org/é"]), idna=True).to_pylist() == ["http://xn--rsum-bpad.example.org/%C3%A9"]
    assert xa.to_iri(pa.array(["http://a/D%C3%BCrst"])).to_pylist() == ["http://a/Dürst"]
    with pytest.raises(ValueError):
        xa.resolve(pa.array(["g"]), "../not-absolute")


def test_errors_in_a_struct_column():
    out = xa.normalize(pa.array(["HTTP://A/", "a b", None]), errors=True).to_pylist()
    assert out[0] == {"value": "http://a/", "error_offset": None, "error": None}
    assert out[1]["value"] is None and out[1]["error_offset"] == 1 and "at byte 1" in out[1]["error"]
    assert out[2] is None


def test_chunked_arrays_keep_their_chunks():
    chunked = pa.chunked_array([["http://a/"], ["a b", None]])
    out = xa.is_valid(chunked)
    assert isinstance(out, pa.ChunkedArray) and out.num_chunks == 2
    assert out.to_pylist() == [True, False, None]


def test_empty_and_sliced_inputs():
    assert xa.is_valid(pa.array([], pa.string())).type == pa.bool_()
    sliced = pa.array(["a b", "http://a/", "x y"]).slice(1, 1)
    assert xa.is_valid(sliced).to_pylist() == [True]


def test_not_strings_is_a_type_error():
    with pytest.raises(TypeError, match="array of strings"):
        xa.is_valid(pa.array([1, 2]))


@pytest.mark.parametrize("string_type", [pa.string(), pa.large_string(), pa.string_view()])
def test_the_import_copies_no_string_bytes(string_type):
    # Strings longer than 12 bytes, so that utf8_view keeps them in a data
    # buffer; the Rust side sees the bytes at pyarrow's own address.
    strings = [f"http://example.org/{i}/a-long-enough-path" for i in range(1000)]
    chunks = [pa.array(strings[:500], type=string_type), pa.array(strings[500:], type=string_type)]
    data = 2  # after the validity bitmap and the offsets (or views)
    for given in [chunks[0], pa.chunked_array(chunks)]:
        expected = [c.buffers()[data].address for c in getattr(given, "chunks", [given])]
        assert xa._rust._value_addresses(given) == expected
    # A copy would be at another address (the check can fail).
    copied = pa.array(chunks[0].to_pylist(), type=string_type)
    assert xa._rust._value_addresses(copied) != [chunks[0].buffers()[data].address]
