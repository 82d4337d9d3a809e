"""xiri.is_valid and xiri.check: verdicts, offsets and expected productions
read against RFC 3986 Appendix A and RFC 3987 section 2.2."""

import pytest

import xiri


def test_valid_iri_and_uri():
    assert xiri.is_valid("http://résumé.example.org/")
    # A non-ASCII character is not an RFC 3986 unreserved character.
    assert not xiri.is_valid("http://résumé.example.org/", syntax="uri")
    assert xiri.is_valid("http://r%C3%A9sum%C3%A9.example.org/", syntax="uri")


def test_rules_reference_absolute_relative_and_abnf_names():
    assert xiri.is_valid("../g", rule="reference")
    assert not xiri.is_valid("../g", rule="absolute")
    assert xiri.is_valid("../g", rule="relative")
    assert xiri.is_valid("fe80::1", syntax="uri", rule="IPv6address")
    assert not xiri.is_valid("fe80::g", syntax="uri", rule="IPv6address")


def test_check_offset_in_bytes_and_characters():
    # "é" is two bytes of UTF-8: the space is at byte 11, character 10.
    verdict = xiri.check("http://é/b c")
    assert not verdict.valid and not verdict
    assert verdict.offset == 11
    assert verdict.char_offset == 10
    assert "ipchar" in verdict.expected
    assert "at byte 11" in verdict.message


def test_check_valid_has_no_offset():
    verdict = xiri.check("http://a/b")
    assert verdict.valid and verdict
    assert verdict.offset is None and verdict.expected == []


def test_unknown_syntax_and_rule_are_value_errors():
    with pytest.raises(ValueError, match="unknown syntax"):
        xiri.is_valid("a", syntax="url")
    with pytest.raises(ValueError, match="unknown rule"):
        xiri.is_valid("a", rule="no-such-rule")


def test_every_syntax():
    assert xiri.is_valid("xri://@example*home/(+contact)!1", syntax="xri")
    assert xiri.is_valid("a b", syntax="leiri")
    assert not xiri.is_valid("a b", syntax="iri")
    # 3987bis adds the tag characters to iprivate (query only).
    assert xiri.is_valid("http://a/?\U000E0041", syntax="iri-bis")
    assert not xiri.is_valid("http://a/?\U000E0041", syntax="iri")


def test_long_input_checked_without_the_gil_gives_the_same_verdict():
    long = "http://a/" + "b/" * 100_000
    assert xiri.is_valid(long)
    assert xiri.check(long + " ").offset == len(long)
