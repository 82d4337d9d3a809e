//! The character classes of RFC 3987 that the conversions and normalization
//! test characters against (the grammars have them as pest rules).

/// RFC 3987 4.1: bidi formatting characters are not allowed in IRIs,
/// though `ucschar` covers them (the LEIRI Note section 5 lists them).
/// The newer Bidi_Control characters count too (docs/DECISIONS.md).
pub(crate) fn bidi_formatting(c: char) -> bool {
    use unicode_bidi::format_chars::{ALM, FSI, LRE, LRI, LRM, LRO, PDF, PDI, RLE, RLI, RLM, RLO};
    // RFC 3987's seven, then the five Unicode 6.3 added.
    matches!(
        c,
        LRM | RLM | LRE | RLE | PDF | LRO | RLO | ALM | LRI | RLI | FSI | PDI
    )
}

/// RFC 3987's ucschar.
pub(crate) fn ucschar(c: char) -> bool {
    matches!(c as u32,
        0xA0..=0xD7FF | 0xF900..=0xFDCF | 0xFDF0..=0xFFEF
        | 0x10000..=0x1FFFD | 0x20000..=0x2FFFD | 0x30000..=0x3FFFD
        | 0x40000..=0x4FFFD | 0x50000..=0x5FFFD | 0x60000..=0x6FFFD
        | 0x70000..=0x7FFFD | 0x80000..=0x8FFFD | 0x90000..=0x9FFFD
        | 0xA0000..=0xAFFFD | 0xB0000..=0xBFFFD | 0xC0000..=0xCFFFD
        | 0xD0000..=0xDFFFD | 0xE1000..=0xEFFFD)
}

/// RFC 3987's iprivate.
pub(crate) fn iprivate(c: char) -> bool {
    matches!(c as u32, 0xE000..=0xF8FF | 0xF0000..=0xFFFFD | 0x100000..=0x10FFFD)
}
