//! UTF-8's shape as the engine reads it: how wide a character is from its
//! lead byte, and which second bytes a lead byte allows (the shortest
//! encodings alone, so no overlong form, surrogate or value past
//! U+10FFFF). The run steps over characters by their width (`walk.rs`,
//! `calls/`); the compiler builds its trie of encodings
//! (`compile/utf8.rs`) and the checks hold the tables to them
//! (`consistent/`).

/// The continuation bytes valid right after lead byte `lead`.
pub(crate) const fn second_byte(lead: u8) -> (u8, u8) {
    match lead {
        0xE0 => (0xA0, 0xBF),
        0xED => (0x80, 0x9F),
        0xF0 => (0x90, 0xBF),
        0xF4 => (0x80, 0x8F),
        _ => (0x80, 0xBF),
    }
}

/// How many bytes the character starting with `lead` has (0 for a byte
/// that starts no valid character).
///
/// ```
/// assert_eq!(xiri_engine::utf8_width(b'a'), 1);
/// assert_eq!("\u{e9}".len(), xiri_engine::utf8_width(0xC3));
/// assert_eq!(xiri_engine::utf8_width(0x80), 0);
/// ```
pub const fn width(lead: u8) -> usize {
    match lead {
        0x00..=0x7F => 1,
        0xC2..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF4 => 4,
        _ => 0,
    }
}
