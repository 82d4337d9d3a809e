//! The byte tables of the scan (src/find/scan.rs): which bytes may be in
//! a scheme, which go on, end or need a look at their character
//! ([`ends`](super::delimit::ends)), inside running text and inside `<...>`.

/// Whether `b` may be in a scheme: `ALPHA / DIGIT / "+" / "-" / "."`.
pub(super) fn is_scheme_byte(b: u8) -> bool {
    scheme_kind(b) != 0
}

/// What a byte is in a scheme ([`scheme_kind`]): a letter, a digit, one
/// of `+ - .`, or (0) none of them.
pub(super) const SCHEME_LETTER: u8 = 1;
pub(super) const SCHEME_DIGIT: u8 = 2;
pub(super) const SCHEME_OTHER: u8 = 3;

/// [`scheme_kind`] of each byte.
// Built at compile time, within its bounds.
#[allow(clippy::indexing_slicing)]
static SCHEME: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        t[b] = match b as u8 {
            b'a'..=b'z' | b'A'..=b'Z' => SCHEME_LETTER,
            b'0'..=b'9' => SCHEME_DIGIT,
            b'+' | b'-' | b'.' => SCHEME_OTHER,
            _ => 0,
        };
        b += 1;
    }
    t
};

/// What byte `b` is in a scheme: [`SCHEME_LETTER`], [`SCHEME_DIGIT`],
/// [`SCHEME_OTHER`] or 0.
// A byte indexes a 256-entry array: never out of bounds.
#[allow(clippy::indexing_slicing)]
#[inline]
pub(super) fn scheme_kind(b: u8) -> u8 {
    SCHEME[usize::from(b)]
}

/// What a byte says of [`ends`](super::delimit::ends): an ASCII byte that goes on or ends, a
/// continuation byte or the lead byte of a character that never ends
/// (goes on), or the lead byte of one that may (C2: U+0080-00BF, E1:
/// U+1680, E2: U+2000-202F, U+205F, E3: U+3000-3011, EF: U+FF01-FF64).
pub(super) const GOES_ON: u8 = 0;
pub(super) const ENDS: u8 = 1;
pub(super) const LOOK: u8 = 2;
pub(super) const fn class_of(b: u8) -> u8 {
    match b {
        0..=b' ' | 0x7F | b'<' | b'>' | b'"' | b'{' | b'}' | b'|' | b'\\' | b'^' | b'`' => ENDS,
        0xC2 | 0xE1 | 0xE2 | 0xE3 | 0xEF => LOOK,
        _ => GOES_ON,
    }
}

/// Whether the character whose first two bytes are `lead` (of class
/// [`LOOK`]) and `second` may end an identifier, so that it needs a look
/// at the whole character ([`ends`](super::delimit::ends)): the blocks
/// where the characters that end one are, U+0080-00A0, U+1680-16BF,
/// U+2000-207F, U+3000-303F and U+FF00-FF7F. Other characters of these
/// lead bytes go on (the test holds this to `ends` on every character).
#[inline]
pub(super) fn may_end(lead: u8, second: u8) -> bool {
    match lead {
        0xC2 => second <= 0xA0,
        0xE1 => second == 0x9A,
        0xE2 => second <= 0x81,
        0xE3 => second == 0x80,
        0xEF => matches!(second, 0xBC | 0xBD),
        _ => true,
    }
}

/// [`class_of`] of each byte: one load rather than a chain of compares.
// Built at compile time, within its bounds.
#[allow(clippy::indexing_slicing)]
pub(super) static CLASS: [u8; 256] = {
    let mut t = [GOES_ON; 256];
    let mut b = 0;
    while b < 256 {
        t[b] = class_of(b as u8);
        b += 1;
    }
    t
};

/// The sets a block of the text is classified into
/// (`xiri_engine::classify`, as nibble masks): the candidates (`:`, `<`,
/// and `.` when `www` hosts are looked for), the bytes where a run to a
/// delimiter may stop (of class [`ENDS`] or [`LOOK`]), and the bytes a
/// scheme may have ([`is_scheme_byte`]).
pub(super) fn block_sets(www: bool) -> &'static [[u8; 32]; 3] {
    if www {
        &BLOCK_SETS_WWW
    } else {
        &BLOCK_SETS
    }
}

/// [`block_sets`] without `www`, and with.
static BLOCK_SETS: [[u8; 32]; 3] = block_sets_of(false);
static BLOCK_SETS_WWW: [[u8; 32]; 3] = block_sets_of(true);

// Built at compile time, within its bounds.
#[allow(clippy::indexing_slicing)]
const fn block_sets_of(www: bool) -> [[u8; 32]; 3] {
    let mut candidate = [false; 256];
    let mut stop = [false; 256];
    let mut scheme = [false; 256];
    let mut b = 0;
    while b < 256 {
        candidate[b] = b == b':' as usize || b == b'<' as usize || (www && b == b'.' as usize);
        stop[b] = CLASS[b] != GOES_ON;
        scheme[b] = SCHEME[b] != 0;
        b += 1;
    }
    [
        xiri_engine::masks_of(&candidate),
        xiri_engine::masks_of(&stop),
        xiri_engine::masks_of(&scheme),
    ]
}

/// The class of `b` ([`class_of`]).
// A byte indexes a 256-entry array: never out of bounds.
#[allow(clippy::indexing_slicing)]
#[inline]
pub(super) fn class(b: u8) -> u8 {
    CLASS[usize::from(b)]
}

/// Whether `text` has `www.` at `at`, any case.
pub(super) fn starts_www(text: &str, at: usize) -> bool {
    text.get(at..at + 4)
        .is_some_and(|w| w.eq_ignore_ascii_case("www."))
}

/// Whether `s` is a scheme: `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`.
pub(super) fn is_scheme(s: &str) -> bool {
    let mut bytes = s.bytes();
    bytes.next().is_some_and(|b| b.is_ascii_alphabetic())
        && bytes.all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'))
}

/// Whether `c` ends an identifier inside `<...>`: what ends one anywhere
/// but whitespace (ignored there) and the punctuation of unspaced scripts
/// (the brackets delimit).
pub(super) fn ends_in_brackets(c: char) -> bool {
    matches!(c, '<' | '>' | '"' | '{' | '}' | '|' | '\\' | '^' | '`')
        || (c.is_control() && !c.is_whitespace())
}

/// What a byte inside `<...>` says, one bit each ([`in_brackets`]): ASCII
/// whitespace (ignored there), an ASCII character that ends identifiers
/// there ([`ends_in_brackets`]), a byte of a character from U+0080 up
/// (its character needs a look).
pub(super) const SPACE: u8 = 1;
pub(super) const ENDS_INSIDE: u8 = 2;
pub(super) const WIDE: u8 = 4;

/// [`in_brackets`] of each byte.
// Built at compile time, within its bounds.
#[allow(clippy::indexing_slicing)]
static INSIDE: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        t[b] = match b as u8 {
            b' ' | b'\t' | b'\n' | b'\r' | 0x0B | 0x0C => SPACE,
            0..=0x1F | 0x7F | b'<' | b'>' | b'"' | b'{' | b'}' | b'|' | b'\\' | b'^' | b'`' => {
                ENDS_INSIDE
            }
            0x80..=0xFF => WIDE,
            _ => 0,
        };
        b += 1;
    }
    t
};

/// What byte `b` says inside `<...>`: [`SPACE`], [`ENDS_INSIDE`],
/// [`WIDE`] or 0.
// A byte indexes a 256-entry array: never out of bounds.
#[allow(clippy::indexing_slicing)]
#[inline]
pub(super) fn in_brackets(b: u8) -> u8 {
    INSIDE[usize::from(b)]
}

#[cfg(test)]
mod tests {
    use super::super::delimit::ends;
    use super::*;

    #[test]
    fn a_character_that_ends_identifiers_is_always_looked_at() {
        for c in (0x80..=0x10FFFF).filter_map(char::from_u32) {
            let mut utf8 = [0u8; 4];
            let bytes = c.encode_utf8(&mut utf8).as_bytes();
            let (lead, second) = (bytes[0], bytes[1]);
            if class(lead) == LOOK {
                assert!(may_end(lead, second) || !ends(c), "{c:?}");
            } else {
                assert!(!ends(c), "{c:?}");
            }
        }
    }

    #[test]
    fn the_tables_say_what_the_characters_do() {
        for b in 0..=u8::MAX {
            let expected = match b {
                0x80.. => WIDE,
                _ if char::from(b).is_whitespace() => SPACE,
                _ if ends_in_brackets(char::from(b)) => ENDS_INSIDE,
                _ => 0,
            };
            assert_eq!(in_brackets(b), expected, "{b:#x}");
            let kind = match b {
                _ if b.is_ascii_alphabetic() => SCHEME_LETTER,
                _ if b.is_ascii_digit() => SCHEME_DIGIT,
                b'+' | b'-' | b'.' => SCHEME_OTHER,
                _ => 0,
            };
            assert_eq!(scheme_kind(b), kind, "{b:#x}");
            if b.is_ascii() {
                assert_eq!(class(b) == ENDS, ends(char::from(b)), "{b:#x}");
            }
            // The blocks' sets pick the candidates, and the bytes not of
            // class GOES_ON, and no other.
            let at = usize::from(b & 0x0F) + if b >= 0x80 { 16 } else { 0 };
            for www in [false, true] {
                let [candidate, stop, scheme] =
                    block_sets(www).map(|s| s[at] & (1 << ((b >> 4) & 7)) != 0);
                let dot = www && b == b'.';
                assert_eq!(candidate, b == b':' || b == b'<' || dot, "{b:#x}");
                assert_eq!(stop, class(b) != GOES_ON, "{b:#x}");
                assert_eq!(scheme, is_scheme_byte(b), "{b:#x}");
            }
        }
    }
}
