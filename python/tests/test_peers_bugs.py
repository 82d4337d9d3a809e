"""The peers' bugs named in issue 45, each refused by xiri."""

import xiri
from xiri.jsonschema import FORMAT_CHECKER
from jsonschema import Draft202012Validator


def test_trailing_newline_is_refused():
    # rfc3987's regex anchors with "$", which matches before a final "\n"
    # (JSON-Schema-Test-Suite #1067).
    for syntax in ("uri", "iri"):
        verdict = xiri.check("http://example.com/\n", syntax=syntax, rule="absolute")
        assert not verdict.valid
        assert verdict.offset == len("http://example.com/")
    validator = Draft202012Validator({"format": "iri"}, format_checker=FORMAT_CHECKER)
    assert not validator.is_valid("http://example.com/\n")


def test_one_is_not_a_uri():
    # rfc3986's is_valid_uri("1") is true (python-hyper/rfc3986 #30): a URI
    # starts with a scheme and ":" (RFC 3986 section 3).
    assert not xiri.is_valid("1", syntax="uri", rule="absolute")
    assert xiri.check("1", syntax="uri", rule="absolute").offset == 0
    # It is a relative reference (a path), as RFC 3986 4.2 says.
    assert xiri.is_valid("1", syntax="uri", rule="reference")


def test_host_close_bracket_is_refused():
    # rfc3986 accepts the host "]" (python-hyper/rfc3986 #90): "]" is a
    # gen-delim, allowed only to close an IP-literal.
    for syntax in ("uri", "iri"):
        assert not xiri.is_valid("http://]/", syntax=syntax)
        assert not xiri.is_valid("http://]", syntax=syntax)
    assert xiri.check("http://]/", syntax="uri").offset == len("http://")
