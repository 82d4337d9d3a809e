//! Unicode Normalization Forms C and KC applied to an identifier
//! (RFC 3987 5.3.2.2, XRI 2.0 2.1.1), refused where they would change its
//! structure.
//!
//! A form is applied to the whole text at once, after percent-encodings of
//! characters that may stand as themselves are decoded. It keeps the
//! identifier's structure when it creates and removes no ASCII character
//! other than a letter, a digit, "-", "_" or "~": every delimiter of the
//! four syntaxes, "%", "." (dot segments, host labels) and the space are
//! ASCII punctuation. That can happen in two ways only, and both are
//! looked for character by character, before the form is applied:
//!
//! - a character whose own form holds such an ASCII character (U+FF0F
//!   FULLWIDTH SOLIDUS is "/" in NFKC, U+2025 TWO DOT LEADER is "..",
//!   U+037E GREEK QUESTION MARK is ";" even in NFC);
//! - an ASCII character composed with the combining mark after it ("=" and
//!   U+0338 are U+2260 NOT EQUAL TO in NFC).
//!
//! Composition never moves a character across one whose combining class
//! is 0, as every ASCII character's is, so nothing else can change the
//! structure (RFC 3987 section 8 and XRI 2.0 2.1.1 warn of exactly this).

use super::Normalization;
use crate::syntax::pct::{self, Piece};
use unicode_normalization::char::canonical_combining_class;
use unicode_normalization::{is_nfc_quick, is_nfkc_quick, IsNormalized, UnicodeNormalization};

/// Which forms `options` asks for, in the order they are applied.
fn applies(options: Normalization) -> impl Iterator<Item = Form> {
    [(options.nfc, Form::Nfc), (options.nfkc, Form::Nfkc)]
        .into_iter()
        .filter_map(|(on, form)| on.then_some(form))
}

/// A Unicode Normalization Form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Form {
    Nfc,
    Nfkc,
}

impl Form {
    pub(crate) fn name(self) -> &'static str {
        match self {
            Form::Nfc => "NFC",
            Form::Nfkc => "NFKC",
        }
    }

    /// Whether the form certainly leaves `c` as it is (most characters:
    /// no allocation is made for them).
    fn keeps(self, c: char) -> bool {
        let one = std::iter::once(c);
        let quick = match self {
            Form::Nfc => is_nfc_quick(one),
            Form::Nfkc => is_nfkc_quick(one),
        };
        quick == IsNormalized::Yes
    }

    /// `text` in this form. A text the quick check passes (all ASCII
    /// does) is in it already and is copied, not decomposed and composed
    /// again (UAX #15 section 9: a "Yes" answer is final).
    /// `text` in this form.
    fn apply(self, text: &str) -> String {
        self.changed(text).unwrap_or_else(|| text.to_string())
    }

    /// `text` in this form, or `None` when the quick check says it is.
    fn changed(self, text: &str) -> Option<String> {
        let quick = match self {
            Form::Nfc => is_nfc_quick(text.chars()),
            Form::Nfkc => is_nfkc_quick(text.chars()),
        };
        match (quick, self) {
            (IsNormalized::Yes, _) => None,
            (_, Form::Nfc) => Some(text.nfc().collect()),
            (_, Form::Nfkc) => Some(text.nfkc().collect()),
        }
    }
}

/// A character a form would turn into structure: where it is (a byte
/// offset of the text given), the character as written (decoded, if it
/// was percent-encoded) and what the form makes of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Culprit {
    pub(crate) offset: usize,
    pub(crate) found: String,
    pub(crate) becomes: String,
    pub(crate) form: Form,
}

impl Culprit {
    /// What the error says was expected at the offset.
    pub(crate) fn expected(&self) -> String {
        let code = |s: &str| {
            s.chars()
                .map(|c| format!("U+{:04X}", c as u32))
                .collect::<Vec<_>>()
                .join(" ")
        };
        format!(
            "a character whose {} form keeps the structure ({} becomes {:?}, which adds or removes a delimiter)",
            self.form.name(),
            code(&self.found),
            self.becomes
        )
    }
}

/// Whether an ASCII character is structure: anything but a letter, a
/// digit, "-", "_" and "~".
fn structural(c: char) -> bool {
    c.is_ascii() && !(c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '~'))
}

/// The first character of `text` that the forms `options` asks for would
/// turn into structure, reading percent-encoded characters as `decoded`
/// says they will be decoded first.
pub(crate) fn culprit(
    text: &str,
    options: Normalization,
    decoded: impl Fn(char) -> bool,
) -> Option<Culprit> {
    for form in applies(options) {
        let mut previous: Option<(usize, char)> = None;
        for (at, piece) in pct::pieces(text) {
            let c = match piece {
                Piece::Plain(c) => c,
                Piece::Char { c, .. } if decoded(c) => c,
                // Left encoded: the form does not see it, and it breaks
                // any composition.
                _ => {
                    previous = None;
                    continue;
                }
            };
            if c.is_ascii() {
                // Kept by every form, and of combining class 0: it only
                // becomes the character a mark may compose with.
                previous = Some((at, c));
                continue;
            }
            if !form.keeps(c) {
                let mut one = [0u8; 4];
                let becomes = form.apply(c.encode_utf8(&mut one));
                if becomes.chars().any(structural) {
                    return Some(Culprit {
                        offset: at,
                        found: c.to_string(),
                        becomes,
                        form,
                    });
                }
            }
            let class = canonical_combining_class(c);
            if let Some((start, p)) = previous.filter(|&(_, p)| structural(p)) {
                if class != 0 {
                    let pair: String = [p, c].iter().collect();
                    let becomes = form.apply(&pair);
                    if !becomes.starts_with(p) {
                        return Some(Culprit {
                            offset: start,
                            found: pair,
                            becomes,
                            form,
                        });
                    }
                }
            }
            if class == 0 {
                previous = Some((at, c));
            }
        }
    }
    None
}

/// `text` in the forms `options` asks for (NFC, then NFKC), or `None`
/// when it is already in them (the quick checks say so) or none is asked
/// for.
pub(crate) fn apply(text: &str, options: Normalization) -> Option<String> {
    let mut out: Option<String> = None;
    for form in applies(options) {
        if let Some(next) = form.changed(out.as_deref().unwrap_or(text)) {
            out = Some(next);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const NFC: Normalization = Normalization {
        nfc: true,
        nfkc: false,
        scheme_based: false,
    };
    const NFKC: Normalization = Normalization {
        nfc: false,
        nfkc: true,
        scheme_based: false,
    };

    fn offset(text: &str, options: Normalization) -> Option<usize> {
        culprit(text, options, |c| !c.is_ascii()).map(|c| c.offset)
    }

    #[test]
    fn characters_that_become_delimiters_are_found() {
        assert_eq!(offset("a/b\u{FF0F}c", NFKC), Some(3));
        assert_eq!(offset("a\u{2025}", NFKC), Some(1));
        assert_eq!(offset("a\u{1FEF}", NFC), Some(1));
        assert_eq!(offset("a\u{37E}", NFC), Some(1));
        // Percent-encoded and decoded first: the offset is the "%".
        assert_eq!(offset("ab%EF%BC%8F", NFKC), Some(2));
        // Encoded and left encoded: the form never sees it.
        assert_eq!(culprit("ab%EF%BC%8F", NFKC, |_| false), None);
    }

    #[test]
    fn compositions_with_ascii_are_found() {
        assert_eq!(offset("x=\u{338}", NFC), Some(1));
        // U+2260 is already composed: NFC keeps it.
        assert_eq!(offset("x\u{2260}", NFC), None);
    }

    #[test]
    fn letters_and_digits_are_not_structure() {
        assert_eq!(offset("\u{212A}\u{216B}\u{2460}", NFKC), None);
        assert_eq!(offset("\u{212A}", NFC), None);
        assert_eq!(offset("e\u{301}\u{FE63}", NFKC), None);
    }
}
