//! Passwords kept out of what is shown: a value displayed with its
//! password as `****` ([`PasswordMasked`]), and the input of a refused
//! text shown with each character of what may be a password as `*`.

use std::fmt;
use std::ops::Range;

/// An identifier displayed with the password of its user information
/// (after the first ":", before the "@") as `****`, from
/// `mask_password()`; other values display unchanged. Nothing is copied.
///
/// ```
/// let uri = xiri::Uri::parse("ftp://anne:secret@example.com/").unwrap();
/// assert_eq!(uri.mask_password().to_string(), "ftp://anne:****@example.com/");
/// let plain = xiri::Uri::parse("ftp://anne@example.com/").unwrap();
/// assert_eq!(plain.mask_password().to_string(), "ftp://anne@example.com/");
/// ```
#[derive(Clone)]
pub struct PasswordMasked<'a> {
    text: &'a str,
    password: Option<Range<usize>>,
}

impl<'a> PasswordMasked<'a> {
    /// `text` with the non-empty `password` range masked.
    pub(crate) fn new(text: &'a str, password: Option<Range<usize>>) -> Self {
        let password = password.filter(|p| p.start < p.end && text.get(p.clone()).is_some());
        PasswordMasked { text, password }
    }

    /// The text before and after the password, if there is one to mask.
    fn halves(&self) -> (&'a str, Option<&'a str>) {
        match &self.password {
            Some(p) => match (self.text.get(..p.start), self.text.get(p.end..)) {
                (Some(before), Some(after)) => (before, Some(after)),
                _ => (self.text, None),
            },
            None => (self.text, None),
        }
    }
}

impl fmt::Display for PasswordMasked<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.halves() {
            (text, None) => f.pad(text),
            (before, Some(after)) => f.pad(&format!("{before}****{after}")),
        }
    }
}

impl fmt::Debug for PasswordMasked<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("PasswordMasked")
            .field(&self.to_string())
            .finish()
    }
}

/// Where a password may be in `input`, which need not be valid: after the
/// first "//", from the first ":" to the last "@" after it. It reaches
/// farther than a parser's user information would (a later "@" in a query
/// extends it), so that what a malformed input carries as a password is
/// covered whatever else is wrong with it.
pub(crate) fn password_in(input: &str) -> Option<Range<usize>> {
    // memchr's searches over the bytes (the delimiters are ASCII): a `str`
    // search for a char sets up a searcher at each call, and the "//" is
    // found as a '/' followed by one.
    let bytes = input.as_bytes();
    let start = memchr::memchr_iter(b'/', bytes).find(|&i| bytes.get(i + 1) == Some(&b'/'))? + 2;
    let rest = bytes.get(start..)?;
    let at = memchr::memrchr(b'@', rest)?;
    let colon = memchr::memchr(b':', rest.get(..at)?)?;
    Some(start + colon + 1..start + at)
}

/// `input` with each character of [`password_in`] replaced by "*", so that
/// every other character keeps its place (a caret under it still points
/// at it).
pub(crate) fn mask_input(input: &str) -> std::borrow::Cow<'_, str> {
    match password_in(input) {
        Some(p) if p.start < p.end => input
            .char_indices()
            .map(|(i, c)| if p.contains(&i) { '*' } else { c })
            .collect::<String>()
            .into(),
        _ => input.into(),
    }
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
        assert_eq!(mask_input("http://u:p@h/?a@b"), "http://u:******@b");
        assert_eq!(mask_input("http://u@h/"), "http://u@h/");
        assert_eq!(mask_input("http://u:@h/"), "http://u:@h/");
        assert_eq!(mask_input("u:p@h"), "u:p@h");
    }

    /// The search over bytes finds what the description says, read over
    /// characters: every string of up to five of these pieces.
    #[test]
    fn the_password_is_where_the_description_puts_it() {
        fn described(input: &str) -> Option<Range<usize>> {
            let start = input.find("//")? + 2;
            let rest = &input[start..];
            let at = rest.rfind('@')?;
            let colon = rest[..at].find(':')?;
            Some(start + colon + 1..start + at)
        }
        let pieces = ["/", "@", ":", "\u{e9}", "a", "/\u{e9}"];
        let mut inputs = vec![String::new()];
        for _ in 0..5 {
            let longer: Vec<String> = inputs
                .iter()
                .flat_map(|s| pieces.iter().map(move |p| format!("{s}{p}")))
                .collect();
            inputs.extend(longer);
            inputs.dedup();
        }
        assert!(inputs.len() > 5000);
        for input in &inputs {
            assert_eq!(password_in(input), described(input), "{input:?}");
        }
    }
}
