"""xiri: URIs (RFC 3986), IRIs (RFC 3987, draft 3987bis), LEIRIs (W3C Note) and
XRIs (OASIS XRI 2.0), from the Rust library of the same name.

Every function calls the library: the grammars are the specifications' ABNF
compiled into automata; nothing is parsed in Python.

>>> import xiri
>>> xiri.is_valid("http://résumé.example.org/")
True
>>> xiri.check("http://a/b c").offset
10
>>> str(xiri.parse("http://a/b/c/d;p?q").resolve("../g"))
'http://a/b/g'
"""

from xiri._xiri import (
    Check,
    Found,
    IriBisRef,
    IriRef,
    LeiriRef,
    ParseError,
    SetError,
    UriRef,
    XriRef,
    check,
    find,
    is_valid,
    parse,
)
from xiri import template

__all__ = [
    "Check",
    "Found",
    "IriBisRef",
    "IriRef",
    "LeiriRef",
    "ParseError",
    "SetError",
    "UriRef",
    "XriRef",
    "check",
    "find",
    "is_valid",
    "parse",
    "template",
]
