//! The block of 64 bytes (`block.rs`) with SSSE3 or AVX2, on x86-64: the
//! only `unsafe` of the stage. A set is 32 nibble masks
//! (`crate::masks_of`): a shuffle looks up each byte's mask by its low
//! nibble, another the bit of its high nibble, and the byte is in the set
//! when they share a bit. Bytes from 0x80 up are looked up in the second
//! half of the masks only in a chunk that has one. One body, written once
//! ([`classify!`]), for the two widths.

use super::block::{BLOCK, Block};
use super::{SETS, Stage};
use std::arch::x86_64::{
    __m128i, __m256i, _mm_and_si128, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8,
    _mm_or_si128, _mm_set1_epi8, _mm_shuffle_epi8, _mm_srli_epi16, _mm256_and_si256,
    _mm256_broadcastsi128_si256, _mm256_cmpeq_epi8, _mm256_loadu_si256, _mm256_movemask_epi8,
    _mm256_or_si256, _mm256_set1_epi8, _mm256_shuffle_epi8, _mm256_srli_epi16,
};

/// The high nibble's bit for the ASCII half of a set's masks (0 to 7),
/// and for its wide half (8 to 15).
const ASCII_BITS: [u8; 16] = [1, 2, 4, 8, 16, 32, 64, 128, 0, 0, 0, 0, 0, 0, 0, 0];
const WIDE_BITS: [u8; 16] = [0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 64, 128];

/// A classification of `WIDTH` bytes at a time: its vector type, a
/// 16-byte table in each lane (`lanes`), the load of `WIDTH` bytes, and
/// the instructions of that width.
macro_rules! classify {
    (
        $(#[$doc:meta])*
        $name:ident, $feature:literal, $width:literal, $vector:ty, $bits:ty,
        lanes: $lanes:expr, load: $load:ident,
        $and:ident, $or:ident, $cmpeq:ident, $set1:ident, $shuffle:ident, $srli:ident, $movemask:ident
    ) => {
        $(#[$doc])*
        #[target_feature(enable = $feature)]
        pub(crate) fn $name(stage: &Stage, chunk: &[u8; BLOCK], len: usize) -> Block {
            let mut block = Block::padding(len);
            let lanes = $lanes;
            let tables: [($vector, $vector); SETS] = std::array::from_fn(|k| {
                let (ascii, wide) = stage.sets.get(k).unwrap_or(&[0; 32]).split_at(16);
                let half = |h: &[u8]| <&[u8; 16]>::try_from(h).map_or([0; 16], |h| *h);
                (lanes(&half(ascii)), lanes(&half(wide)))
            });
            let (ascii_bits, wide_bits) = (lanes(&ASCII_BITS), lanes(&WIDE_BITS));
            let low = $set1(0x0F);
            let zero = $set1(0);
            for (c, bytes) in chunk.chunks_exact($width).take(len.div_ceil($width)).enumerate() {
                // SAFETY: `bytes` is `$width` bytes (`chunks_exact`), all
                // of which the unaligned load reads.
                let v = unsafe { $load(bytes.as_ptr().cast()) };
                let shift = $width * c;
                let bits = |m: $vector| u64::from($movemask(m) as $bits) << shift;
                let is = |b: u8| bits($cmpeq(v, $set1(b as i8)));
                block.colon |= is(b':');
                block.slash |= is(b'/');
                block.question |= is(b'?');
                block.hash |= is(b'#');
                block.at |= is(b'@');
                block.percent |= is(b'%');
                let lo = $and(v, low);
                let hi = $and($srli::<4>(v), low);
                let ascii_bit = $shuffle(ascii_bits, hi);
                let wide = $movemask(v) != 0;
                let wide_bit = $shuffle(wide_bits, hi);
                for ((ascii, wide_masks), refused) in tables.iter().zip(block.refused.iter_mut()) {
                    let mut picked = $and($shuffle(*ascii, lo), ascii_bit);
                    if wide {
                        picked = $or(picked, $and($shuffle(*wide_masks, lo), wide_bit));
                    }
                    *refused |= bits($cmpeq(picked, zero));
                }
            }
            block
        }
    };
}

classify!(
    /// [`Block`] of `chunk`'s first `len` bytes (the rest is padding) with
    /// SSSE3: 16 bytes at a time. Called only where the processor has
    /// SSSE3 (the caller's `unsafe`).
    ssse3, "ssse3", 16, __m128i, u16,
    // SAFETY: `half` is 16 bytes (`split_at(16)` of 32, or a 16-byte
    // array), all of which the unaligned load reads.
    lanes: |half: &[u8; 16]| unsafe { _mm_loadu_si128(half.as_ptr().cast()) },
    load: _mm_loadu_si128,
    _mm_and_si128, _mm_or_si128, _mm_cmpeq_epi8, _mm_set1_epi8, _mm_shuffle_epi8,
    _mm_srli_epi16, _mm_movemask_epi8
);

classify!(
    /// [`Block`] of `chunk`'s first `len` bytes with AVX2: 32 bytes at a
    /// time (a shuffle looks up within each 16-byte lane, so each table is
    /// in both). Called only where the processor has AVX2 (the caller's
    /// `unsafe`).
    avx2, "avx2", 32, __m256i, u32,
    // SAFETY: as for SSSE3, 16 bytes, then copied to both lanes.
    lanes: |half: &[u8; 16]| unsafe {
        _mm256_broadcastsi128_si256(_mm_loadu_si128(half.as_ptr().cast()))
    },
    load: _mm256_loadu_si256,
    _mm256_and_si256, _mm256_or_si256, _mm256_cmpeq_epi8, _mm256_set1_epi8, _mm256_shuffle_epi8,
    _mm256_srli_epi16, _mm256_movemask_epi8
);
