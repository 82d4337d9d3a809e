//! Which characters end an identifier in running text, which are left out
//! when they end it, and which brackets pair up (docs/DECISIONS.md, "IRIs
//! in running text", says where each list comes from).

/// Whether `c` ends an identifier wherever it stands.
///
/// - Whitespace (Unicode `White_Space`, U+00A0 and U+3000 included, though
///   `ucschar` has them) and controls: RFC 3986 Appendix C delimits by
///   whitespace, and no URI or IRI has a control.
/// - `<`, `>`, `"`, `{`, `}`, `|`, `\`, `^` and `` ` ``: no URI or IRI has
///   them (RFC 3986 2 and 3987 2.2 leave them out; LEIRIs allow them,
///   but in running text they are Appendix C's wrappers or text).
/// - The punctuation of scripts written without spaces between words
///   (ideographic comma and full stop, CJK corner brackets and their
///   fullwidth forms of ASCII punctuation): `ucschar` has them, but in
///   Chinese or Japanese text nothing else can end an IRI, so an IRI that
///   has one is found only inside `<...>`.
pub(super) fn ends(c: char) -> bool {
    match c {
        '<' | '>' | '"' | '{' | '}' | '|' | '\\' | '^' | '`' => true,
        _ if c.is_ascii() => c.is_ascii_whitespace() || c.is_ascii_control() || c == ' ',
        _ => c.is_whitespace() || c.is_control() || unspaced_punctuation(c),
    }
}

/// CJK punctuation: U+3001 、 U+3002 。, the corner, white corner, black
/// lenticular and angle brackets U+3008-3011, fullwidth ! ( ) , . : ; ?
/// and halfwidth ｡ ､.
fn unspaced_punctuation(c: char) -> bool {
    matches!(
        c,
        '\u{3001}' | '\u{3002}' | '\u{3008}'
            ..='\u{3011}'
                | '\u{FF01}'
                | '\u{FF08}'
                | '\u{FF09}'
                | '\u{FF0C}'
                | '\u{FF0E}'
                | '\u{FF1A}'
                | '\u{FF1B}'
                | '\u{FF1F}'
                | '\u{FF61}'
                | '\u{FF64}'
    )
}

/// Whether `c` is sentence punctuation that an identifier's end leaves
/// out (it stays when anything but such punctuation follows it): ASCII
/// `.` `,` `;` `:` `!` `?` (RFC 3986 Appendix C's "punctuation marks that
/// might be mistaken for part of the URI"), the Arabic comma, semicolon,
/// question mark and full stop (U+060C, U+061B, U+061F, U+06D4), the
/// Devanagari danda and double danda (U+0964, U+0965), the Hebrew sof
/// pasuq (U+05C3), the Armenian full stop (U+0589), the horizontal
/// ellipsis (U+2026) and the inverted ? and ! that open Spanish sentences
/// (U+00BF, U+00A1). The Hebrew maqaf (U+05BE), geresh (U+05F3) and
/// gershayim (U+05F4) join or mark words, as `-` and `'` do: they stay.
pub(super) fn trailing(c: char) -> bool {
    matches!(
        c,
        '.' | ','
            | ';'
            | ':'
            | '!'
            | '?'
            | '\u{060C}'
            | '\u{061B}'
            | '\u{061F}'
            | '\u{06D4}'
            | '\u{0964}'
            | '\u{0965}'
            | '\u{05C3}'
            | '\u{0589}'
            | '\u{2026}'
            | '\u{00BF}'
            | '\u{00A1}'
    )
}

/// The bracket and quotation pairs an identifier may hold balanced: a
/// closing one at its end is left out when the identifier has fewer of
/// its opening one (`(see http://a/b)`, `http://a/f(x)`).
pub(super) const PAIRS: [(char, char); 6] = [
    ('(', ')'),
    ('[', ']'),
    ('\u{201C}', '\u{201D}'), // “ ”
    ('\u{2018}', '\u{2019}'), // ‘ ’
    ('\u{00AB}', '\u{00BB}'), // « »
    ('\u{2039}', '\u{203A}'), // ‹ ›
];

/// The index in [`PAIRS`] of a bracket, and whether it opens: one match
/// (the test holds it to [`PAIRS`]), which the trim asks of most
/// identifiers' last character.
pub(super) fn bracket(c: char) -> Option<(usize, bool)> {
    match c {
        '(' => Some((0, true)),
        ')' => Some((0, false)),
        '[' => Some((1, true)),
        ']' => Some((1, false)),
        '\u{201C}' => Some((2, true)),
        '\u{201D}' => Some((2, false)),
        '\u{2018}' => Some((3, true)),
        '\u{2019}' => Some((3, false)),
        '\u{00AB}' => Some((4, true)),
        '\u{00BB}' => Some((4, false)),
        '\u{2039}' => Some((5, true)),
        '\u{203A}' => Some((5, false)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_as_documented() {
        for c in [
            ' ', '\n', '\t', '\u{A0}', '\u{3000}', '<', '"', '`', '\u{3002}', '\u{300C}',
        ] {
            assert!(ends(c), "{c:?}");
        }
        for c in ['a', '.', ')', '\u{60C}', '\u{5BE}', '\u{E9}', '\u{5D0}'] {
            assert!(!ends(c), "{c:?}");
        }
        for c in ['.', ',', '\u{60C}', '\u{6D4}', '\u{964}', '\u{5C3}'] {
            assert!(trailing(c), "{c:?}");
        }
        for c in ['-', '\'', '\u{5BE}', '\u{5F3}', '\u{5F4}', ')', '/'] {
            assert!(!trailing(c), "{c:?}");
        }
        assert_eq!(bracket(')'), Some((0, false)));
        for (k, &(open, close)) in PAIRS.iter().enumerate() {
            assert_eq!(bracket(open), Some((k, true)));
            assert_eq!(bracket(close), Some((k, false)));
        }
        let brackets = PAIRS.iter().flat_map(|&(o, c)| [o, c]).collect::<Vec<_>>();
        for c in (0..0x3000).filter_map(char::from_u32) {
            assert_eq!(bracket(c).is_some(), brackets.contains(&c), "{c:?}");
        }
        assert_eq!(bracket('\u{AB}'), Some((4, true)));
        assert_eq!(bracket('a'), None);
    }
}
