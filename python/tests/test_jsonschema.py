"""xiri.jsonschema's format checker through python-jsonschema's
Draft202012Validator, for the five identifier formats."""

import pytest
from jsonschema import Draft202012Validator, ValidationError

from xiri.jsonschema import FORMAT_CHECKER, format_checker


def validator(fmt):
    return Draft202012Validator({"type": "string", "format": fmt}, format_checker=FORMAT_CHECKER)


@pytest.mark.parametrize(
    "fmt, good, bad",
    [
        ("uri", ["http://a/b", "urn:isbn:0451450523", "mailto:a@b.example"], ["//a/b", "http://é/", "1", "http://a/b c", "http://]/"]),
        ("uri-reference", ["//a/b", "../g", "", "#f"], ["http://é/", "a b", "\\\\WINDOWS\\share"]),
        ("iri", ["http://résumé.example.org/", "http://[::1]/"], ["résumé", "http://a/\n", "http://[::1/"]),
        ("iri-reference", ["résumé", "//例え.jp/パス"], ["a b", "http://a/%zz", "#f#g"]),
        ("uri-template", ["http://example.com/~{user}", "{?q,lang:2}", "plain"], ["{x:0}", "{unclosed", "{a b}"]),
    ],
)
def test_format(fmt, good, bad):
    v = validator(fmt)
    for instance in good:
        assert v.is_valid(instance), instance
    for instance in bad:
        assert not v.is_valid(instance), instance


def test_error_message_names_the_offset():
    errors = list(validator("uri").iter_errors("http://a/b c"))
    assert len(errors) == 1 and isinstance(errors[0], ValidationError)
    # jsonschema says which format failed; the cause is xiri's refusal.
    assert errors[0].message == "'http://a/b c' is not a 'uri'"
    assert "at byte 10" in str(errors[0].cause)


def test_non_strings_pass_format_checks():
    assert Draft202012Validator({"format": "uri"}, format_checker=FORMAT_CHECKER).is_valid(12)


def test_other_formats_are_jsonschemas():
    # The copy keeps the default checker's other formats (here ipv4, from
    # the standard library).
    v = Draft202012Validator({"format": "ipv4"}, format_checker=format_checker())
    assert v.is_valid("127.0.0.1") and not v.is_valid("127.0.0.256")
