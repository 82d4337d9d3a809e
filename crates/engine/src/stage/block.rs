//! A block of 64 bytes as bitmasks, one bit a byte (bit `i` for the
//! block's byte `i`): where each of Appendix B's delimiters is, and which
//! bytes each component's set refuses; and the portable way to make one,
//! a table lookup a byte packed eight at a time into a `u64` (SWAR). The
//! SIMD ways are in `simd.rs`.

use super::{SETS, Stage};

/// How many bytes a block holds.
pub(crate) const BLOCK: usize = 64;

/// The delimiters' bits in [`DELIMITERS`], a byte's entry.
pub(crate) const COLON: u8 = 1;
pub(crate) const SLASH: u8 = 2;
pub(crate) const QUESTION: u8 = 4;
pub(crate) const HASH: u8 = 8;
pub(crate) const AT: u8 = 16;
pub(crate) const PERCENT: u8 = 32;

/// Each byte's delimiter bit (Appendix B's delimiters, "@" and "%"); 0
/// for any other byte.
// A byte indexes a 256-entry array: never out of bounds.
#[allow(clippy::indexing_slicing)]
pub(crate) static DELIMITERS: [u8; 256] = {
    let mut t = [0u8; 256];
    t[b':' as usize] = COLON;
    t[b'/' as usize] = SLASH;
    t[b'?' as usize] = QUESTION;
    t[b'#' as usize] = HASH;
    t[b'@' as usize] = AT;
    t[b'%' as usize] = PERCENT;
    t
};

/// One block's bitmasks. A byte past the input's end is in no
/// delimiter's mask (a set's may or may not refuse it): every check reads
/// only the bits of its range, below the input's end.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Block {
    pub(crate) colon: u64,
    pub(crate) slash: u64,
    pub(crate) question: u64,
    pub(crate) hash: u64,
    pub(crate) at: u64,
    pub(crate) percent: u64,
    /// For each of the stage's sets (`super::SCHEME` to `super::HEX`),
    /// the bytes it refuses (of a component's set, less the delimiters
    /// that its range cannot hold or that [`Block::refused`] adds).
    pub(crate) refused: [u64; SETS],
}

impl Block {
    /// Each mask of `self` with each of `other`'s, mapped by `f`, or-ed in.
    #[inline(always)]
    pub(crate) fn merge(&mut self, other: &Block, f: impl Fn(u64) -> u64) {
        for (to, from) in [
            (&mut self.colon, other.colon),
            (&mut self.slash, other.slash),
            (&mut self.question, other.question),
            (&mut self.hash, other.hash),
            (&mut self.at, other.at),
            (&mut self.percent, other.percent),
        ] {
            *to |= f(from);
        }
        for (to, from) in self.refused.iter_mut().zip(other.refused) {
            *to |= f(from);
        }
    }

    /// The bytes component `set`'s range refuses: the bytes its set's
    /// table leaves out, and the delimiters outside its set
    /// ([`Stage::outside`]) but for those in `absent`, which the split
    /// ends the range before (the test of each folds away where the
    /// stage is a constant).
    #[inline(always)]
    pub(crate) fn refused(&self, stage: &Stage, set: usize, absent: u8) -> u64 {
        let outside = stage.outside.get(set).copied().unwrap_or(0) & !absent;
        let mut refused = self.refused.get(set).copied().unwrap_or(u64::MAX);
        for (bit, mask) in [
            (COLON, self.colon),
            (SLASH, self.slash),
            (QUESTION, self.question),
            (HASH, self.hash),
            (AT, self.at),
        ] {
            if outside & bit != 0 {
                refused |= mask;
            }
        }
        refused
    }
}

/// The bits below `n` (all of them from 64 up).
#[inline]
pub(crate) fn below(n: usize) -> u64 {
    if n >= BLOCK {
        u64::MAX
    } else {
        (1u64 << n) - 1
    }
}

/// The bits `from..to`.
#[inline]
pub(crate) fn range(from: usize, to: usize) -> u64 {
    below(to) & !below(from)
}

/// The first bit set, as an offset in the block; [`BLOCK`] for none.
#[inline]
pub(crate) fn first(mask: u64) -> usize {
    mask.trailing_zeros() as usize
}

/// Bit 0 of each of the eight bytes of `word` (shifted right by `bit`
/// first), as the eight bits of a byte: byte `j`'s bit lands in bit `j`
/// (the multiplication's partial products fall on distinct bits, so none
/// carries into the top byte).
#[inline]
fn gather(word: u64, bit: u32) -> u64 {
    ((word >> bit) & 0x0101_0101_0101_0101).wrapping_mul(0x0102_0408_1020_4080) >> 56
}

/// The block of `chunk`'s first `len` bytes (64 bytes, the input's or a
/// copy padded with zero bytes), by a
/// lookup a byte in the stage's class table and in [`DELIMITERS`], eight
/// bytes packed into a `u64` and each bit gathered by a multiplication.
// Only 256-entry arrays indexed by a byte, and fixed-size arrays by
// constants below their length.
#[allow(clippy::indexing_slicing)]
pub(crate) fn swar(stage: &Stage, chunk: &[u8; BLOCK], len: usize) -> Block {
    let mut block = Block::default();
    for (g, eight) in chunk.chunks_exact(8).take(len.div_ceil(8)).enumerate() {
        let (mut class, mut delimiters) = (0u64, 0u64);
        for (j, &b) in eight.iter().enumerate() {
            class |= u64::from(stage.class[usize::from(b)]) << (8 * j);
            delimiters |= u64::from(DELIMITERS[usize::from(b)]) << (8 * j);
        }
        let shift = 8 * g;
        for (k, refused) in block.refused.iter_mut().enumerate() {
            *refused |= (!gather(class, k as u32) & 0xFF) << shift;
        }
        for (bit, mask) in [
            (COLON, &mut block.colon),
            (SLASH, &mut block.slash),
            (QUESTION, &mut block.question),
            (HASH, &mut block.hash),
            (AT, &mut block.at),
            (PERCENT, &mut block.percent),
        ] {
            *mask |= gather(delimiters, bit.trailing_zeros()) << shift;
        }
    }
    block
}

/// A way of classifying bytes into a [`Block`]: the portable one
/// ([`Swar`]), SSSE3's and AVX2's (`simd.rs`).
pub(crate) trait Classify: Copy {
    /// The block of `bytes[start..start + n]`, `n` from 16 to 64 (bit
    /// `i` for byte `start + i`; none from `n` up in a delimiter's mask).
    /// Reads no byte outside that range.
    fn block(self, stage: &Stage, bytes: &[u8], start: usize, n: usize) -> Block;
}

/// The portable way: [`swar`] on a copy padded with zero bytes.
#[derive(Clone, Copy)]
pub(crate) struct Swar;

impl Classify for Swar {
    #[inline(always)]
    fn block(self, stage: &Stage, bytes: &[u8], start: usize, n: usize) -> Block {
        let n = n.min(BLOCK);
        let mut chunk = [0u8; BLOCK];
        if let (Some(to), Some(from)) = (chunk.get_mut(..n), bytes.get(start..start + n)) {
            to.copy_from_slice(from);
        }
        swar(stage, &chunk, n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gather_takes_bit_zero_of_each_byte_in_order() {
        for word in [
            0u64,
            1,
            0x0100,
            0x0101_0101_0101_0101,
            0x8001_0001_0100_01FF,
            u64::MAX,
        ] {
            let naive = (0..8).fold(0u64, |m, j| m | (((word >> (8 * j)) & 1) << j));
            assert_eq!(gather(word, 0), naive, "{word:#x}");
        }
    }

    #[test]
    fn ranges_and_firsts_at_the_edges() {
        assert_eq!(below(0), 0);
        assert_eq!(below(64), u64::MAX);
        assert_eq!(below(70), u64::MAX);
        assert_eq!(range(3, 5), 0b11000);
        assert_eq!(range(64, 64), 0);
        assert_eq!(range(5, 3), 0);
        assert_eq!(first(0), BLOCK);
        assert_eq!(first(0b100), 2);
    }
}
