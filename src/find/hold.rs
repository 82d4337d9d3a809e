//! Where a text that comes in pieces may be cut, so that the search of
//! each part alone finds what the search of the whole finds
//! ([`Stream`](super::Stream)): read a byte at a time, once, with no look
//! back.
//!
//! A cut may go after any ASCII byte that ends identifiers (whitespace,
//! controls, `>` `"` `{` `}` `|` `\` `^` `` ` ``, not `<`): nothing the
//! scan does looks across one (a scheme is read back over scheme
//! characters, a `www.` host and a `'` before an identifier are one byte
//! back, a run ends there) but a `<`, which looks ahead for its `>`. So
//! the cut waits while the last `<` can still be joined to what follows
//! (RFC 3986 Appendix C): until its `>`, the next `<`, [`MAX_BRACKETED`]
//! bytes, or a byte that tells it cannot hold an identifier
//! ([`Body`]). A run with no place to cut is cut after
//! [`MAX_HELD`](super::MAX_HELD) bytes as a byte that is not UTF-8 would
//! cut it.

use super::bytes::{class, in_brackets, is_scheme_byte, ENDS, ENDS_INSIDE, SPACE};
use super::{MAX_BRACKETED, MAX_HELD};

/// What the text after an open `<` can still be, as `Scan::bracketed`
/// reads it: whitespace, then (once) `URL:` and whitespace, then a scheme
/// and its colon or (with the `www.` option) `www.`, then anything but
/// a byte no identifier inside brackets has. A byte that leaves none of
/// these kills the `<`: `a < b` is decided at the space after `b`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Body {
    /// Whitespace so far; `url`: after `URL:`.
    Lead { url: bool },
    /// A run of scheme characters from a letter, `len` bytes (at most 4
    /// counted); whether it is so far `URL` and `www.` (any case).
    Word {
        len: u8,
        url: bool,
        may_be_url: bool,
        may_be_www: bool,
    },
    /// A scheme and its colon or `www.` came, or a character that is not
    /// ASCII where whitespace may be: only a byte no identifier has
    /// inside brackets decides it now.
    Open,
}

impl Body {
    /// The body after byte `b`, or `None` when no identifier inside
    /// brackets can start so.
    fn step(self, b: u8, www: bool) -> Option<Body> {
        if in_brackets(b) == ENDS_INSIDE {
            return None;
        }
        match self {
            Body::Lead { .. } if in_brackets(b) == SPACE => Some(self),
            // Whitespace outside ASCII is trimmed too: not judged here.
            Body::Lead { .. } if !b.is_ascii() => Some(Body::Open),
            Body::Lead { url } if b.is_ascii_alphabetic() => Some(Body::Word {
                len: 1,
                url,
                may_be_url: !url && b.eq_ignore_ascii_case(&b'u'),
                may_be_www: www && b.eq_ignore_ascii_case(&b'w'),
            }),
            Body::Lead { .. } => None,
            Body::Word {
                len, may_be_url, ..
            } if b == b':' && may_be_url && len == 3 => Some(Body::Lead { url: true }),
            Body::Word { .. } if b == b':' => Some(Body::Open),
            Body::Word {
                len, may_be_www, ..
            } if b == b'.' && may_be_www && len == 3 => Some(Body::Open),
            Body::Word {
                len,
                url,
                may_be_url,
                may_be_www,
            } if is_scheme_byte(b) => {
                let at = usize::from(len);
                let is = |word: &[u8]| word.get(at).is_some_and(|w| b.eq_ignore_ascii_case(w));
                Some(Body::Word {
                    len: len.saturating_add(1).min(4),
                    url,
                    may_be_url: may_be_url && is(b"url"),
                    may_be_www: may_be_www && is(b"www"),
                })
            }
            Body::Word { .. } => None,
            Body::Open => Some(Body::Open),
        }
    }
}

/// The state of the cut: positions count the bytes of the whole text.
#[derive(Clone, Debug)]
pub(super) struct Hold {
    www: bool,
    /// The next byte's position.
    at: usize,
    /// The last position after a byte a cut may follow.
    last_end: usize,
    /// The last position the text may be cut at: everything before it is
    /// decided.
    decided: usize,
    /// The last `<`, while it can still be joined to what follows.
    open: Option<(usize, Body)>,
}

impl Hold {
    pub(super) fn new(www: bool) -> Self {
        Self {
            www,
            at: 0,
            last_end: 0,
            decided: 0,
            open: None,
        }
    }

    /// Where the text may be cut, all before it being decided.
    pub(super) fn decided(&self) -> usize {
        self.decided
    }

    /// Reads the next byte, `b`. A run of [`MAX_HELD`] bytes with no
    /// place to cut (a few less, so as not to cut a character) is cut
    /// before `b`: its position is returned, and the text is searched as
    /// two texts there.
    #[inline]
    pub(super) fn step(&mut self, b: u8) -> Option<usize> {
        let at = self.at;
        self.at += 1;
        let run = at.saturating_sub(self.decided);
        let forced = if run >= MAX_HELD || (run + 3 >= MAX_HELD && !is_continuation(b)) {
            self.last_end = at;
            self.decided = at;
            self.open = None;
            Some(at)
        } else {
            None
        };
        if b == b'<' {
            // The `<` before, if any, ends here, unjoined.
            self.decided = self.last_end;
            self.open = Some((at, Body::Lead { url: false }));
            return forced;
        }
        if class(b) == ENDS {
            self.last_end = at + 1;
        }
        self.open = match self.open {
            // Its `>` decides it, joined or not.
            Some(_) if b == b'>' => None,
            Some((open, body)) if at < open + MAX_BRACKETED => {
                body.step(b, self.www).map(|body| (open, body))
            }
            _ => None,
        };
        if self.open.is_none() {
            self.decided = self.last_end;
        }
        forced
    }
}

/// Whether `b` continues a UTF-8 character.
fn is_continuation(b: u8) -> bool {
    (0x80..0xC0).contains(&b)
}
