"""A format checker for python-jsonschema: the formats ``uri``,
``uri-reference``, ``iri``, ``iri-reference`` and ``uri-template`` checked by
xiri's grammars instead of the ``rfc3987``, ``rfc3986-validator`` and
``rfc3987-syntax`` packages.

>>> from jsonschema import Draft202012Validator
>>> from xiri.jsonschema import FORMAT_CHECKER
>>> validator = Draft202012Validator({"format": "iri"}, format_checker=FORMAT_CHECKER)
>>> validator.is_valid("http://résumé.example.org/")
True
>>> validator.is_valid("http://a/\\n")
False
"""

from __future__ import annotations

import jsonschema

import xiri

#: What each format is, as (syntax, rule) of ``xiri.is_valid``; JSON Schema
#: (2020-12, section 7.3.5) names RFC 3986 and RFC 3987.
FORMATS = {
    "uri": ("uri", "absolute"),
    "uri-reference": ("uri", "reference"),
    "iri": ("iri", "absolute"),
    "iri-reference": ("iri", "reference"),
}

FORMAT_NAMES = (*FORMATS, "uri-template")


def _checker(syntax: str, rule: str):
    def check(instance: object) -> bool:
        # JSON Schema formats apply to strings only; other types pass.
        if not isinstance(instance, str):
            return True
        verdict = xiri.check(instance, syntax, rule)
        if not verdict.valid:
            raise ValueError(verdict.message)
        return True

    return check


def _check_template(instance: object) -> bool:
    return not isinstance(instance, str) or xiri.template.is_valid(instance)


def format_checker(base: jsonschema.FormatChecker | None = None) -> jsonschema.FormatChecker:
    """A copy of ``base`` (jsonschema's default checker of the latest draft
    when None) whose five identifier formats are xiri's."""
    if base is None:
        base = jsonschema.Draft202012Validator.FORMAT_CHECKER
    checker = jsonschema.FormatChecker(formats=())
    checker.checkers = dict(base.checkers)
    for name, (syntax, rule) in FORMATS.items():
        checker.checks(name, raises=ValueError)(_checker(syntax, rule))
    checker.checks("uri-template")(_check_template)
    return checker


#: jsonschema's default checker with xiri's identifier formats.
FORMAT_CHECKER = format_checker()

__all__ = ["FORMATS", "FORMAT_CHECKER", "FORMAT_NAMES", "format_checker"]
