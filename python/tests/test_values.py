"""xiri.parse and the classes: components, operations, immutability,
equality, hashing and pickling (RFC 3986 sections 3, 5.4 and 6)."""

import pickle

import pytest

import xiri


def test_components_of_an_iri():
    r = xiri.parse("http://anne:pw@résumé.example.org:8080/a/b?x=1&y=caf%C3%A9+au#frag")
    assert type(r) is xiri.IriRef
    assert (r.scheme, r.userinfo, r.host, r.host_kind) == ("http", "anne:pw", "résumé.example.org", "reg-name")
    assert r.port == 8080 and isinstance(r.port, int)
    assert (r.path, r.query, r.fragment) == ("/a/b", "x=1&y=caf%C3%A9+au", "frag")
    assert r.query_pairs() == [("x", "1"), ("y", "café au")]
    assert r.path_segments() == ["a", "b"]
    assert r.is_absolute
    assert r.mask_password() == "http://anne:****@résumé.example.org:8080/a/b?x=1&y=caf%C3%A9+au#frag"


def test_host_kinds_and_absent_components():
    assert xiri.parse("http://[::1]/", "uri").host_kind == "IPv6"
    assert xiri.parse("http://127.0.0.1/", "uri").host_kind == "IPv4"
    r = xiri.parse("../g?q", "uri")
    assert (r.scheme, r.host, r.port, r.fragment, r.is_absolute) == (None, None, None, None, False)
    assert xiri.parse("http://a:/", "uri").port is None  # an empty port


def test_one_class_per_syntax():
    classes = {"uri": xiri.UriRef, "iri": xiri.IriRef, "iri-bis": xiri.IriBisRef, "leiri": xiri.LeiriRef, "xri": xiri.XriRef}
    for syntax, cls in classes.items():
        value = xiri.parse("http://a/b" if syntax != "xri" else "xri://@a*b/c", syntax)
        assert type(value) is cls and value.syntax == syntax


def test_parse_error_is_a_value_error_with_offset_and_expected():
    with pytest.raises(xiri.ParseError) as caught:
        xiri.parse("http://a/b c")
    err = caught.value
    assert isinstance(err, ValueError)
    assert (err.offset, err.char_offset, err.component) == (10, 10, "path")
    assert "ipchar" in err.expected
    assert err.grammar == "iri" and err.rule == "IRI-reference"


def test_parse_error_masks_the_password():
    with pytest.raises(xiri.ParseError) as caught:
        xiri.parse("https://anne:s3cret@example.com/a b", "uri")
    assert "s3cret" not in str(caught.value)
    assert caught.value.offset == 33


def test_absolute_keyword():
    with pytest.raises(xiri.ParseError) as caught:
        xiri.parse("../g", absolute=True)
    assert caught.value.kind == "NotAbsolute"


def test_resolve_rfc3986_5_4_examples():
    base = xiri.parse("http://a/b/c/d;p?q", "uri")
    examples = {"g": "http://a/b/c/g", "../g": "http://a/b/g", "//g": "http://g", "?y#s": "http://a/b/c/d;p?y#s",
                "../../../g": "http://a/g", "g;x=1/../y": "http://a/b/c/y"}
    for reference, target in examples.items():
        assert base.resolve(reference) == target
        assert base.resolve(base.relativize(base.resolve(reference))) == target


def test_resolve_against_a_relative_base_is_refused():
    with pytest.raises(xiri.ParseError):
        xiri.parse("../a").resolve("b")


def test_normalize_and_equivalence():
    r = xiri.parse("HTTP://Example.COM:80/%7e/./b", "uri")
    assert r.normalize() == "http://example.com:80/~/b"
    assert r.normalize(scheme_based=True) == "http://example.com/~/b"
    assert r.is_equivalent("http://example.com/~/b", scheme_based=True)
    assert not r.is_equivalent("http://example.com/~/c", scheme_based=True)


def test_conversions():
    iri = xiri.parse("http://résumé.example.org/é")
    assert iri.to_uri() == "http://r%C3%A9sum%C3%A9.example.org/%C3%A9"
    assert iri.to_uri(idna=True) == "http://xn--rsum-bpad.example.org/%C3%A9"
    assert type(iri.to_uri()) is xiri.UriRef
    uri = xiri.parse("http://www.example.org/D%C3%BCrst", "uri")
    assert uri.to_iri() == "http://www.example.org/Dürst"
    assert xiri.parse("a b", "leiri").to_uri() == "a%20b"


def test_setters_return_new_values():
    page = xiri.parse("https://example.com/search?q=old#top")
    changed = page.with_query(None).with_query_pair("q", "café au lait").with_fragment("results")
    assert changed == "https://example.com/search?q=café%20au%20lait#results"
    assert page == "https://example.com/search?q=old#top"  # unchanged
    assert page.with_port(8443).port == 8443
    assert page.with_host("b.example").host == "b.example"
    assert page.with_path("/a b", encode=True).path == "/a%20b"
    with pytest.raises(xiri.SetError):
        page.with_path("no-slash")  # under an authority a path starts with "/"
    with pytest.raises(AttributeError):
        page.scheme = "ftp"


def test_str_eq_hash_and_pickle():
    a, b = xiri.parse("http://a/b"), xiri.parse("http://a/b")
    assert str(a) == "http://a/b" and repr(a) == "xiri.IriRef('http://a/b')"
    assert a == b and a == "http://a/b" and a != "http://a/c"
    assert hash(a) == hash(b) == hash("http://a/b")
    assert len({a, b}) == 1
    back = pickle.loads(pickle.dumps(a))
    assert back == a and type(back) is xiri.IriRef
    assert xiri.UriRef("http://a/") == "http://a/"
    with pytest.raises(xiri.ParseError):
        xiri.UriRef("http://é/")


def test_xri_components_and_operations():
    x = xiri.parse("xri://@example*home/(+contact)!1?q#f", "xri")
    assert (x.authority, x.path, x.query, x.fragment) == ("@example*home", "/(+contact)!1", "q", "f")
    assert x.path_segments() == ["(+contact)!1"]
    base = xiri.parse("xri://@a*b/c/d", "xri")
    assert base.resolve("../e") == "xri://@a*b/e"
    assert base.relativize("xri://@a*b/c/e") == "e"
    assert x.with_fragment(None) == "xri://@example*home/(+contact)!1?q"
    assert xiri.parse("@a/(@b/c)", "xri").to_iri() == "xri://@a/(@b%2Fc)"


def test_find_in_text():
    text = "Voir http://例え.jp/パス、ou (http://a.example/b_(c)). Note: <http://example.com/very/\n      long/path>."
    found = xiri.find(text)
    assert [f.reference for f in found] == ["http://例え.jp/パス", "http://a.example/b_(c)", "http://example.com/very/long/path"]
    assert text[found[1].start:found[1].end] == "http://a.example/b_(c)"
    assert found[0].byte_end - found[0].byte_start > found[0].end - found[0].start


def test_template_expand():
    from xiri import template

    t = "http://example.com/~{user}{/path*}{?q,lang:2}"
    variables = {"user": "fred", "path": ["a b", "c"], "q": "café", "lang": "fr-CA"}
    assert template.expand(t, variables) == "http://example.com/~fred/a%20b/c?q=caf%C3%A9&lang=fr"
    assert template.expand("{?keys*}", {"keys": {"a": "1", "b": "2"}}) == "?a=1&b=2"
    assert template.expand("{x}{y}", {"x": None, "y": "1"}) == "1"
    with pytest.raises(xiri.ParseError) as caught:
        template.expand("{x:0}", {})
    assert caught.value.offset == 3
    assert template.is_valid("{a}") and not template.is_valid("{a")
