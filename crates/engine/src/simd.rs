//! Sixteen bytes at a time through the bytes a skip table lets a state
//! keep (tables.rs), with SSSE3 where the processor has it.
//!
//! A set of bytes is 32 masks ([`nibble_masks`]): for each low nibble, one
//! with bit `h` set when the byte `h << 4 | low` is in the set, for the
//! high nibbles 0 to 7, and one for 8 to 15. Shuffles look up each byte's
//! masks by its low nibble and its bit by its high nibble; a byte is in
//! the set when they share a bit.
//!
//! The set is a skip table's plain ASCII bytes, the lead bytes all of
//! whose characters keep the state, and every continuation byte: the
//! input is UTF-8, so a continuation byte follows a lead byte, and the run
//! stops at a lead byte that is not in the set. A run is left at a
//! character's first byte.
//!
//! Where the table keeps the state on `%XX` too ([`SKIP_PCT`]), the run
//! steps over each `%` followed by two hexadecimal digits: in a chunk with
//! a byte out of the set, the `%` bytes whose next two bytes are
//! hexadecimal digits (the digits' mask shifted by one and by two) and
//! those two digits count as in it. A `%` in the chunk's last two bytes,
//! whose digits are in the next chunk, is decided with the next chunk,
//! whose masks take the last two bytes' bits in front; where no chunk
//! follows, the run ends at it. A run is never left inside a `%XX`.
//!
//! [`SKIP_PCT`]: crate::tables::SKIP_PCT

/// The 32 masks of the bytes a skip table (`entry` of each byte) lets
/// the state keep without a closer look: 1 (a plain byte), 2 to 4 (a lead
/// byte all of whose characters keep it), and the continuation bytes.
pub(crate) fn nibble_masks(entry: impl Fn(u8) -> u8) -> [u8; 32] {
    let mut keeps = [false; 256];
    for (b, keep) in (0u8..=u8::MAX).zip(keeps.iter_mut()) {
        *keep = match entry(b) {
            1 => b.is_ascii(),
            2..=4 => true,
            _ => (0x80..0xC0).contains(&b),
        };
    }
    masks_of(&keeps)
}

/// The 32 masks of the bytes `picked` says, for a set known at compile
/// time (a skip table's comes from `nibble_masks`).
///
/// ```
/// let mut digits = [false; 256];
/// digits[usize::from(b'0')..=usize::from(b'9')].fill(true);
/// // "0" is 0x30: low nibble 0, high nibble 3.
/// assert_eq!(xiri_engine::masks_of(&digits)[0], 1 << 3);
/// ```
// Built at compile time, within its bounds.
#[allow(clippy::indexing_slicing)]
pub const fn masks_of(picked: &[bool; 256]) -> [u8; 32] {
    let mut masks = [0u8; 32];
    let mut b = 0;
    while b < 256 {
        if picked[b] {
            let at = (b & 0x0F) + if b >= 0x80 { 16 } else { 0 };
            masks[at] |= 1 << ((b >> 4) & 7);
        }
        b += 1;
    }
    masks
}

/// The offset of the first byte from `i` (a character's first byte) that
/// `masks` does not pick, looked at sixteen bytes at a time; where fewer
/// than sixteen are left, the first byte of the character they start in
/// (the caller reads on byte by byte).
///
/// ```
/// let mut letters = [false; 256];
/// letters[usize::from(b'a')..=usize::from(b'z')].fill(true);
/// let masks = xiri_engine::masks_of(&letters);
/// let text = b"abcdefghijklmnopqrstuvwxyz!";
/// // Without SSSE3 the run is left to the caller: it ends at `i` or later.
/// assert!(matches!(xiri_engine::plain_run(text, 0, &masks), 0 | 16));
/// ```
#[inline]
pub fn plain_run(bytes: &[u8], i: usize, masks: &[u8; 32]) -> usize {
    run(bytes, i, masks, false)
}

/// [`plain_run`], stepping over each `%XX` too when `percent` (the skip
/// table keeps the state on `%` followed by two hexadecimal digits):
/// where it stops, the byte is out of the set, or a `%` not followed by
/// two hexadecimal digits, or fewer than sixteen bytes are left.
#[inline]
pub(crate) fn run(bytes: &[u8], i: usize, masks: &[u8; 32], percent: bool) -> usize {
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("ssse3") {
            // SAFETY: the processor has SSSE3, checked just above.
            let end = unsafe { x86::run(bytes, i, masks, percent) };
            return at_character(bytes, i, end);
        }
    }
    #[cfg(target_arch = "aarch64")]
    {
        at_character(bytes, i, neon::run(bytes, i, masks, percent))
    }
    #[cfg(not(target_arch = "aarch64"))]
    {
        let _ = (bytes, masks, percent);
        i
    }
}

/// `end`, or the first byte of the character it is inside of (not
/// before `i`). A byte the masks refuse is never a continuation byte:
/// only where the chunks ran out can a run end inside a character.
#[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
#[inline]
fn at_character(bytes: &[u8], i: usize, mut end: usize) -> usize {
    while end > i && bytes.get(end).is_some_and(|b| (0x80..0xC0).contains(b)) {
        end -= 1;
    }
    end
}

/// The hexadecimal digits' masks (the ASCII half: they are all ASCII).
// Built at compile time, within its bounds.
#[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
#[allow(clippy::indexing_slicing)]
const HEX_MASKS: [u8; 32] = {
    let mut hex = [false; 256];
    let mut b = 0;
    while b < 256 {
        hex[b] = (b as u8).is_ascii_hexdigit();
        b += 1;
    }
    masks_of(&hex)
};

#[cfg(test)]
thread_local! {
    /// Tests: whether the long runs are read with the narrowest vectors
    /// the processor has (SSSE3's where it has AVX2 too), to hold each
    /// way to the table walk.
    pub(crate) static NARROW: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Whether the long runs are read with SSSE3's vectors where the
/// processor has AVX2 too: in tests, as [`NARROW`] says; otherwise never.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn narrow() -> bool {
    #[cfg(test)]
    return NARROW.get();
    #[cfg(not(test))]
    false
}

mod blocks;
#[cfg(target_arch = "x86_64")]
mod x86;

pub use blocks::{BLOCK, classify, classify_short};

#[cfg(target_arch = "aarch64")]
pub(crate) mod neon;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_run_ends_at_the_first_byte_not_picked() {
        let masks = nibble_masks(|b| u8::from(b.is_ascii_alphanumeric() || b == b'/'));
        let text = "abcdefgh/ijklmnopqrstuvwxyz0123456789?rest of it";
        let at = text.find('?').unwrap();
        let found = plain_run(text.as_bytes(), 0, &masks);
        // With SSSE3, the 16-byte chunks stop at the "?"; without, at 0.
        assert!(found == at || found == 0, "{found}");
        // A lead byte whose entry is 0 is refused, its continuation
        // bytes are not looked at, and the last chunk's worth is left to
        // the caller, from a character's first byte.
        let wide = "abcdefghijklmnop\u{e9}abcdefghijklmnopqrstu";
        let found = plain_run(wide.as_bytes(), 0, &masks);
        assert!(found == 16 || found == 0, "{found}");
        let leads = nibble_masks(|b| match b {
            0xC3 => 2,
            b => u8::from(b.is_ascii_alphanumeric()),
        });
        let text = "\u{e9}".repeat(20);
        let found = plain_run(text.as_bytes(), 0, &leads);
        assert!(found == 32 || found == 0, "{found}");
        let text = format!("a{}", "\u{e9}".repeat(20));
        let found = plain_run(text.as_bytes(), 0, &leads);
        assert!(found == 31 || found == 0, "{found}");
        let short = "abc";
        assert_eq!(plain_run(short.as_bytes(), 0, &masks), 0);
        // Each byte against the set, alone in a chunk of picked bytes.
        for b in 0u8..=255 {
            let mut chunk = [b'a'; 16];
            chunk[5] = b;
            let picked = b.is_ascii_alphanumeric() || b == b'/' || (0x80..0xC0).contains(&b);
            let found = plain_run(&chunk, 0, &masks);
            assert!(
                found == 0 || found == if picked { 16 } else { 5 },
                "{b:#x}: {found}"
            );
        }
    }
}
