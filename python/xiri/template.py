"""URI Templates (RFC 6570, levels 1 to 4).

>>> from xiri import template
>>> template.expand("http://example.com/~{user}{/path*}{?q}", {"user": "fred", "path": ["a b", "c"], "q": "café"})
'http://example.com/~fred/a%20b/c?q=caf%C3%A9'
"""

from xiri._xiri import expand, is_valid_template as is_valid

__all__ = ["expand", "is_valid"]
