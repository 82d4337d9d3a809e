//! Characters of the generator's numeric values: a value as a character,
//! and the n-th character of a range.

/// The `index`-th character of `lo..=hi`, the surrogates skipped.
/// (`NumVal::nth_scalar` of abnf-oracle 0.1.1 starts every range above
/// the surrogates at U+E000.)
pub(super) fn nth_scalar(lo: u64, hi: u64, index: u64) -> Option<char> {
    let below = if lo < 0xD800 {
        hi.min(0xD7FF) - lo + 1
    } else {
        0
    };
    let value = if index < below {
        lo + index
    } else {
        lo.max(0xE000) + (index - below)
    };
    (value <= hi).then_some(value).and_then(scalar)
}

pub(super) fn scalar(v: u64) -> Option<char> {
    u32::try_from(v).ok().and_then(char::from_u32)
}

#[cfg(test)]
mod tests {
    #[test]
    fn ranges_above_the_surrogates_start_where_they_start() {
        assert_eq!(super::nth_scalar(0x10000, 0x1FFFD, 0), Some('\u{10000}'));
        assert_eq!(super::nth_scalar(0xD000, 0xE005, 0x800), Some('\u{E000}'));
        assert_eq!(super::nth_scalar(0x41, 0x5A, 25), Some('Z'));
        assert_eq!(super::nth_scalar(0x41, 0x5A, 26), None);
    }
}
