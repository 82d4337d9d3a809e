//! Conversions between the forms, one file each: LEIRI → IRI (LEIRI Note
//! section 4), IRI → URI (RFC 3987 3.1, 3987bis 3.6, with the IDNA and
//! query charset options), URI → IRI (RFC 3987 3.2), and [`Step`]. The
//! XRI forms (2.3) and Appendix B are in `crate::xri`; `Conversion`, every
//! procedure by grammar name, in `crate::conversion`, above both. Each
//! returns an owned, parsed value of its target grammar.

use crate::syntax::bounds::Bounds;
use crate::syntax::pct::encode_char;

mod absolute;
mod iri_to_uri;
mod leiri_to_iri;
mod options;
mod uri_to_iri;

#[cfg(feature = "charsets")]
pub use options::Charset;
pub use options::{Step, UriOptions};

pub(crate) use crate::syntax::chars::iri_allows;

/// The ASCII characters a LEIRI allows and an IRI (or URI) does not
/// (LEIRI Note section 5: space, delimiters, unwise, controls).
pub(crate) fn ascii_outside_iris(c: char) -> bool {
    c.is_ascii_control()
        || matches!(
            c,
            ' ' | '<' | '>' | '"' | '{' | '}' | '|' | '\\' | '^' | '`'
        )
}

/// Rewrites `text` character by character: `keep(c, in_query)` says which
/// characters stay; the others are percent-encoded. Each character becomes
/// itself or its UTF-8 octets as triplets, in place, so the components stay
/// where they were, only longer: their bounds are `bounds` moved by what the
/// characters before each offset grew (two bytes for each octet encoded).
pub(crate) fn encode_where(
    text: &str,
    bounds: Bounds,
    keep: impl Fn(char, bool) -> bool,
) -> (String, Bounds) {
    let query = bounds.query().map(|q| q.start..q.end);
    let kept = |i: usize, c: char| keep(c, query.as_ref().is_some_and(|q| q.contains(&i)));
    let mut out = String::with_capacity(text.len());
    for (i, c) in text.char_indices() {
        if kept(i, c) {
            out.push(c);
        } else {
            encode_char(c, &mut out);
        }
    }
    // `map` asks for offsets in increasing order: the growth is counted
    // once along the way.
    let (mut at, mut grown) = (0, 0);
    let moved = bounds.map(|p| {
        let between = text.get(at..p).unwrap_or_default();
        grown += between
            .char_indices()
            .filter(|&(i, c)| !kept(at + i, c))
            .map(|(_, c)| 2 * c.len_utf8())
            .sum::<usize>();
        at = p;
        p + grown
    });
    (out, moved)
}
