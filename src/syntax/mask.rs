//! Passwords kept out of what is shown: a value displayed with its
//! password as `****` ([`PasswordMasked`]), the input of a refused text
//! shown with each character of what may be a password as `*`, and the
//! text fields of `Debug` output masked the same way ([`Masked`]).
//!
//! What may be a password is what any of the readings that make one
//! calls the password ([`password_in`]): RFC 3986's (an authority after
//! "//") and a browser's (the WHATWG URL Standard: for its special
//! schemes "\" is "/", and the authority starts after however many of
//! either follow the ":"). docs/DECISIONS.md, "Masking passwords".

use std::fmt;
use std::ops::Range;

/// The schemes a browser reads with "\" as "/" and an authority after any
/// number of slashes (the WHATWG URL Standard's special schemes, but
/// `file`, whose URLs have no user information).
const SPECIAL: [&str; 5] = ["http", "https", "ws", "wss", "ftp"];

/// The places of a text that its readings call a password (the parsed
/// user information's, RFC 3986's, a browser's, a cross-reference's),
/// each non-empty. No allocation unless one is found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Passwords {
    ranges: Vec<Range<usize>>,
}

impl Passwords {
    /// `self` with the non-empty `range` too.
    fn with(mut self, range: Option<Range<usize>>) -> Passwords {
        self.add(range);
        self
    }

    fn add(&mut self, range: Option<Range<usize>>) {
        if let Some(r) = range.filter(|r| r.start < r.end) {
            self.ranges.push(r);
        }
    }

    /// A cursor that says, for places asked in increasing order, whether
    /// each is in a password: one pass over the merged ranges, however
    /// many there are (a text of many cross-references has one each, and
    /// a look through all of them at each character was quadratic).
    pub(crate) fn cursor(&self) -> Cursor {
        Cursor {
            ranges: self.merged(),
            next: 0,
        }
    }

    /// The ranges in order, overlapping ones merged.
    fn merged(&self) -> Vec<Range<usize>> {
        let mut ranges = self.ranges.clone();
        ranges.sort_by_key(|r| r.start);
        let mut merged: Vec<Range<usize>> = Vec::with_capacity(ranges.len());
        for r in ranges {
            match merged.last_mut() {
                Some(last) if r.start <= last.end => last.end = last.end.max(r.end),
                _ => merged.push(r),
            }
        }
        merged
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.ranges.is_empty()
    }
}

/// Whether places, asked in increasing order, are in a password
/// ([`Passwords::cursor`]).
pub(crate) struct Cursor {
    ranges: Vec<Range<usize>>,
    next: usize,
}

impl Cursor {
    /// Whether the byte at `i` is in a password; `i` is at least the last
    /// place asked.
    pub(crate) fn covers(&mut self, i: usize) -> bool {
        while let Some(r) = self.ranges.get(self.next) {
            if r.end <= i {
                self.next += 1;
            } else {
                return r.start <= i;
            }
        }
        false
    }
}

/// An identifier displayed with the password of its user information
/// (after the first ":", before the "@") as `****`, from
/// `mask_password()`; other values display unchanged. Nothing is copied.
/// What a browser would read as a password is masked too
/// (`http:\\anne:s3cret@h/`, `http:///anne:s3cret@h/`).
///
/// ```
/// let uri = xiri::Uri::parse("ftp://anne:secret@example.com/").unwrap();
/// assert_eq!(uri.mask_password().to_string(), "ftp://anne:****@example.com/");
/// let plain = xiri::Uri::parse("ftp://anne@example.com/").unwrap();
/// assert_eq!(plain.mask_password().to_string(), "ftp://anne@example.com/");
/// let browser = xiri::Leiri::parse("http:\\\\anne:secret@example.com/").unwrap();
/// assert_eq!(browser.mask_password().to_string(), "http:\\\\anne:****@example.com/");
/// ```
#[derive(Clone)]
pub struct PasswordMasked<'a> {
    text: &'a str,
    passwords: Passwords,
}

impl<'a> PasswordMasked<'a> {
    /// The value `text` with the `parsed` password (the user
    /// information's, as the value's grammar read it) and those of
    /// [`password_in`] masked, but for its search for slashes anywhere:
    /// the parse knows the value has no authority after its start.
    pub(crate) fn new(text: &'a str, parsed: Option<Range<usize>>) -> Self {
        let parsed = parsed.filter(|p| text.get(p.clone()).is_some());
        let passwords = passwords(text, false).with(parsed);
        PasswordMasked { text, passwords }
    }
}

impl fmt::Display for PasswordMasked<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.passwords.is_empty() {
            return f.pad(self.text);
        }
        let mut shown = String::with_capacity(self.text.len());
        let mut at = 0;
        for p in self.passwords.merged() {
            shown.push_str(self.text.get(at..p.start).unwrap_or_default());
            shown.push_str("****");
            at = p.end;
        }
        shown.push_str(self.text.get(at..).unwrap_or_default());
        f.pad(&shown)
    }
}

impl fmt::Debug for PasswordMasked<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("PasswordMasked")
            .field(&self.to_string())
            .finish()
    }
}

/// A text field of a `Debug` output: shown as `{:?}` shows a `str`, with
/// what may be a password as `****`.
#[derive(Clone, Copy)]
pub(crate) enum Masked<'a> {
    /// Any text: what [`password_in`] finds.
    Text(&'a str),
    /// An authority without its "//" (a builder's, an XRI's): its
    /// password, and what [`password_in`] finds (in a cross-reference).
    Authority(&'a str),
    /// User information: after its first ":".
    Userinfo(&'a str),
}

impl<'a> Masked<'a> {
    fn shown(self) -> PasswordMasked<'a> {
        let (text, passwords) = match self {
            Masked::Text(t) => (t, password_in(t)),
            Masked::Authority(a) => {
                let own = password_of(a.as_bytes(), 0, |b| b"/?#".contains(&b));
                (a, password_in(a).with(own))
            }
            Masked::Userinfo(u) => {
                let own = u.find(':').map(|c| c + 1..u.len());
                (u, Passwords::default().with(own))
            }
        };
        PasswordMasked { text, passwords }
    }
}

impl fmt::Debug for Masked<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.shown().to_string(), f)
    }
}

/// Where the readings of `input`, which need not be valid, put a
/// password. At its start (after leading spaces and controls, which a
/// browser strips) an optional scheme, then:
///
/// - RFC 3986: "//", then the authority, to the first "/", "?" or "#";
/// - a browser, for a special scheme ([`SPECIAL`]) or none (a reference
///   against such a base): any run of "/" and "\" (none needed after a
///   scheme, two or more without), then the authority, to the first "/",
///   "\", "?" or "#".
///
/// The password of an authority is from its first ":" to its last "@".
/// Where neither reading has an authority at the start, the first two
/// slashes in the input start one ("see <http://a:b@h>"), read both ways
/// (after a scheme that is not special, "//" only, read RFC 3986's way). A later "@" (in a path or query) never extends a
/// password: the authority ends before it. And a "(" followed by a scheme
/// starts the same readings (an XRI's cross-reference, `(http://a:b@h)`),
/// whose authority also ends at a parenthesis, so that the search over
/// every "(" stays linear.
pub(crate) fn password_in(input: &str) -> Passwords {
    passwords(input, true)
}

/// [`password_in`], but with `search` false no search for slashes
/// anywhere: for a value, whose parse knows that it has no authority.
fn passwords(input: &str, search: bool) -> Passwords {
    let bytes = input.as_bytes();
    let lead = bytes.iter().take_while(|&&b| b <= b' ').count();
    let (after, special) = match scheme_end(bytes, lead) {
        Some((colon, special)) => (colon + 1, Some(special)),
        None => (lead, None),
    };
    let mut found = Passwords::default();
    if !readings(&mut found, bytes, after, special, b"") && search {
        // The first two slashes anywhere (memchr's search for either
        // kind: the delimiters are ASCII); after a scheme that is not
        // special, "//" only, as no browser reads "\\" there.
        let slash = |b: Option<&u8>| match special {
            Some(_) => b == Some(&b'/'),
            None => matches!(b, Some(b'/' | b'\\')),
        };
        let pair = memchr::memchr2_iter(b'/', b'\\', bytes)
            .find(|&i| slash(bytes.get(i)) && slash(bytes.get(i + 1)));
        if let Some(i) = pair {
            readings(&mut found, bytes, i, special.map(|_| false), b"");
        }
    }
    for open in memchr::memchr_iter(b'(', bytes) {
        if let Some((colon, special)) = scheme_end(bytes, open + 1) {
            readings(&mut found, bytes, colon + 1, Some(special), b"()");
        }
    }
    found
}

/// After the scheme's ":" at `colon`, if `bytes` has a scheme from `at`,
/// and whether it is special.
fn scheme_end(bytes: &[u8], at: usize) -> Option<(usize, bool)> {
    let rest = bytes.get(at..)?;
    if !rest.first()?.is_ascii_alphabetic() {
        return None;
    }
    let len = rest
        .iter()
        .position(|&b| !(b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.')))?;
    if rest.get(len) != Some(&b':') {
        return None;
    }
    let scheme = rest.get(..len)?;
    let special = SPECIAL
        .iter()
        .any(|s| s.as_bytes().eq_ignore_ascii_case(scheme));
    Some((at + len, special))
}

/// Adds to `found` the passwords of the readings with an authority at
/// `at` (after a scheme, `special` says whether a browser's reading
/// applies), each authority also ending at any of `ends`; whether either
/// reading has an authority there.
fn readings(
    found: &mut Passwords,
    bytes: &[u8],
    at: usize,
    special: Option<bool>,
    ends: &[u8],
) -> bool {
    let Some(rest) = bytes.get(at..) else {
        return false;
    };
    let run = rest
        .iter()
        .take_while(|&&b| b == b'/' || b == b'\\')
        .count();
    let rfc = rest.starts_with(b"//").then_some(at + 2);
    let browser = match special {
        Some(true) => Some(at + run),
        Some(false) => None,
        None => (run >= 2).then_some(at + run),
    };
    if let Some(start) = rfc {
        found.add(password_of(bytes, start, |b| {
            b"/?#".contains(&b) || ends.contains(&b)
        }));
    }
    if let Some(start) = browser {
        found.add(password_of(bytes, start, |b| {
            b"/\\?#".contains(&b) || ends.contains(&b)
        }));
    }
    rfc.is_some() || browser.is_some()
}

/// The password of the authority from `start` to the first byte that
/// `end` picks: from its first ":" to its last "@".
fn password_of(bytes: &[u8], start: usize, end: impl Fn(u8) -> bool) -> Option<Range<usize>> {
    let rest = bytes.get(start..)?;
    let len = rest.iter().position(|&b| end(b)).unwrap_or(rest.len());
    let authority = rest.get(..len)?;
    let at = memchr::memrchr(b'@', authority)?;
    let colon = memchr::memchr(b':', authority.get(..at)?)?;
    Some(start + colon + 1..start + at)
}

/// `input` with each character of [`password_in`] replaced by "*", so that
/// every other character keeps its place (a caret under it still points
/// at it).
pub(crate) fn mask_input(input: &str) -> std::borrow::Cow<'_, str> {
    let passwords = password_in(input);
    if passwords.is_empty() {
        return input.into();
    }
    let mut password = passwords.cursor();
    input
        .char_indices()
        .map(|(i, c)| if password.covers(i) { '*' } else { c })
        .collect::<String>()
        .into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_password_of_a_malformed_input_is_masked_char_for_char() {
        assert_eq!(
            mask_input("http://u:s\u{e9}cr t@h/ x"),
            "http://u:******@h/ x"
        );
        assert_eq!(mask_input("http://u@h/"), "http://u@h/");
        assert_eq!(mask_input("http://u:@h/"), "http://u:@h/");
        assert_eq!(mask_input("u:p@h"), "u:p@h");
        assert_eq!(mask_input("see <http://u:p@h>"), "see <http://u:*@h>");
    }

    /// Issue 41: the password ran to the last "@" of the input, so that
    /// an "@" in the path hid the host and path.
    #[test]
    fn an_at_sign_after_the_authority_does_not_extend_the_password() {
        assert_eq!(mask_input("http://u:p@h/?a@b"), "http://u:*@h/?a@b");
        assert_eq!(
            mask_input("http://anne:s3cret@h/a b//c@d"),
            "http://anne:******@h/a b//c@d"
        );
    }

    /// Issue 41: a browser reads "\" as "/" after a special scheme, and
    /// finds an authority after any run of them.
    #[test]
    fn a_browser_reading_of_backslashes_masks_its_password() {
        for input in [
            "http:\\\\anne:s3cret@h/ x",
            "http:/\\anne:s3cret@h/ x",
            "http:\\/anne:s3cret@h/ x",
            "HTTPS:anne:s3cret@h/ x",
            "ws:///anne:s3cret@h/ x",
            "\\\\anne:s3cret@h/ x",
            "  http:\\\\anne:s3cret@h/ x",
        ] {
            let masked = mask_input(input);
            assert!(!masked.contains("s3cret"), "{input:?}: {masked:?}");
            assert!(masked.contains("anne:******@h/ x"), "{input:?}: {masked:?}");
        }
        // Not special: "\" is a path character, and no authority starts.
        assert_eq!(mask_input("mailto:\\\\anne:pw@h"), "mailto:\\\\anne:pw@h");
        // The browser's authority ends at "\": what follows is its path.
        assert_eq!(mask_input("http:\\\\a:b@h\\c@d"), "http:\\\\a:*@h\\c@d");
    }

    /// A tiny deterministic generator (xorshift), so the property below
    /// needs no dependency and reruns the same inputs.
    fn next(state: &mut u64) -> u64 {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        *state
    }

    fn pick<'p>(state: &mut u64, pieces: &[&'p str]) -> &'p str {
        pieces[(next(state) % pieces.len() as u64) as usize]
    }

    fn some(state: &mut u64, pieces: &[&str], most: u64) -> String {
        (0..next(state) % (most + 1))
            .map(|_| pick(state, pieces))
            .collect()
    }

    /// The property: for an input `scheme sep user ":" password "@" host
    /// rest`, where the separator starts an authority in some reading and
    /// `rest` is anything after a "/", the mask covers the password,
    /// exactly, and leaves all the rest as it was.
    #[test]
    fn the_mask_covers_the_password_and_nothing_else() {
        let mut state = 0x9e37_79b9_7f4a_7c15;
        let word = ["a", "Z", "0", "-", "%41", "\u{e9}", "!", ";", "=", " "];
        let rest = ["/", "\\", "@", ":", "?", "#", "a", " ", "\u{e9}", "//"];
        let openings = [
            ("http:", &["//", "\\\\", "/\\", "", "///", "\\"][..]),
            ("HtTp:", &["//", "\\/"][..]),
            ("foo:", &["//"][..]),
            ("", &["//", "\\\\", "\\/"][..]),
        ];
        for _ in 0..20_000 {
            let (scheme, seps) = openings[(next(&mut state) % 4) as usize];
            let sep = pick(&mut state, seps);
            let user = some(&mut state, &word, 4);
            let password = format!("{}{}", pick(&mut state, &word), some(&mut state, &word, 6));
            let host = some(&mut state, &word, 4);
            let tail = format!("/{}", some(&mut state, &rest, 8));
            let input = format!("{scheme}{sep}{user}:{password}@{host}{tail}");
            let stars = "*".repeat(password.chars().count());
            let want = format!("{scheme}{sep}{user}:{stars}@{host}{tail}");
            assert_eq!(mask_input(&input), want, "{input:?}");
        }
    }
}
