//! The stage with SSSE3 or AVX2, on x86-64: the only `unsafe` of the
//! stage. A set is 32 nibble masks (`crate::masks_of`): a shuffle looks
//! up each byte's mask by its low nibble, another the bit of its high
//! nibble, and the byte is in the set when they share a bit. Bytes from
//! 0x80 up are looked up in the second half of the masks only in a vector
//! that has one. One body, written once (`classify!`), for the two
//! widths; the stage's whole run (`super::run`) is inlined into each
//! way's entry, so that its blocks stay in registers and, where the
//! stage is a constant, its tables are immediates and equal tables one
//! lookup.

use super::block::{BLOCK, Block, Classify};
use super::{Path, Put, SETS, Source, Stage};
use std::arch::x86_64::{
    __m128i, __m256i, _mm_and_si128, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8,
    _mm_or_si128, _mm_set1_epi8, _mm_shuffle_epi8, _mm_srli_epi16, _mm256_and_si256,
    _mm256_broadcastsi128_si256, _mm256_castsi128_si256, _mm256_cmpeq_epi8,
    _mm256_inserti128_si256, _mm256_loadu_si256, _mm256_movemask_epi8, _mm256_or_si256,
    _mm256_set1_epi8, _mm256_shuffle_epi8, _mm256_srli_epi16,
};

/// The high nibble's bit for the ASCII half of a set's masks (0 to 7),
/// and for its wide half (8 to 15).
const ASCII_BITS: [u8; 16] = [1, 2, 4, 8, 16, 32, 64, 128, 0, 0, 0, 0, 0, 0, 0, 0];
const WIDE_BITS: [u8; 16] = [0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 64, 128];

/// A shuffle's indices: 16 bytes from offset `k` move a vector's bytes
/// down by `k`, zero bytes (0x80) after them.
const ALIGN: [u8; 32] = [
    0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80,
    0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80,
];

/// The stage of `source` on `bytes` with `path` (`Avx2` or `Ssse3`, as
/// [`Path::resolve`] gives it: only where the processor has it), its
/// answer handed to `put` inside the entry (`super::Put`).
#[inline]
pub(crate) fn accept<'s, S: Source<'s>, P: Put>(
    source: S,
    bytes: &[u8],
    path: Path,
    put: P,
) -> P::Out {
    match path {
        // SAFETY: `Path::resolve` gives `Avx2` only where the processor
        // has AVX2 and BMI2.
        Path::Avx2 => unsafe { with_avx2(source, bytes, put) },
        // SAFETY: and `Ssse3` only where it has SSSE3 (the caller passes
        // no other way here).
        _ => unsafe { with_ssse3(source, bytes, put) },
    }
}

/// The stage's run with AVX2 and BMI2 (the caller's `unsafe`: only where
/// the processor has them; BMI2's shifts and `bzhi` make the masks'
/// ranges). The token [`Avx2`] is made here only.
#[target_feature(enable = "avx2,bmi1,bmi2")]
fn with_avx2<'s, S: Source<'s>, P: Put>(source: S, bytes: &[u8], put: P) -> P::Out {
    put.put(super::split::run(source.stage(), Avx2(()), bytes))
}

/// The stage's run with SSSE3 (the caller's `unsafe`: only where the
/// processor has it). The token [`Ssse3`] is made here only.
#[target_feature(enable = "ssse3")]
fn with_ssse3<'s, S: Source<'s>, P: Put>(source: S, bytes: &[u8], put: P) -> P::Out {
    put.put(super::split::run(source.stage(), Ssse3(()), bytes))
}

/// The proof that the processor has AVX2: made only in `with_avx2`.
#[derive(Clone, Copy)]
struct Avx2(());

/// The proof that the processor has SSSE3: made only in `with_ssse3`.
#[derive(Clone, Copy)]
struct Ssse3(());

/// A way of classifying `WIDTH` bytes at a time: its token, its vector
/// type, a 16-byte table in each lane (`lanes`), the loads of one vector
/// and of two 16-byte halves, and the instructions of that width. No
/// closure holds an intrinsic: a closure does not take its function's
/// target features, and the intrinsics would be calls.
macro_rules! classify {
    (
        $token:ident, $width:literal, $vector:ty, $bits:ty,
        lanes: $lanes:ident, load: $load:ident, halves: $halves:ident,
        $and:ident, $or:ident, $cmpeq:ident, $set1:ident, $shuffle:ident, $srli:ident, $movemask:ident
    ) => {
        impl $token {
            /// Each set's tables, and the high nibbles' bits.
            #[inline(always)]
            fn tables(self, stage: &Stage) -> ([($vector, $vector); SETS], $vector, $vector) {
                let zero = self.lanes(&[0; 16]);
                let mut tables = [(zero, zero); SETS];
                for (table, set) in tables.iter_mut().zip(&stage.sets) {
                    let (ascii, wide) = set.split_at(16);
                    let half = |h: &[u8]| <&[u8; 16]>::try_from(h).map_or([0; 16], |h| *h);
                    *table = (self.lanes(&half(ascii)), self.lanes(&half(wide)));
                }
                (tables, self.lanes(&ASCII_BITS), self.lanes(&WIDE_BITS))
            }

            /// One vector's masks, bit `i` for its byte `i`.
            #[inline(always)]
            fn masks(
                self,
                (tables, ascii_bits, wide_bits): &([($vector, $vector); SETS], $vector, $vector),
                v: $vector,
            ) -> Block {
                // SAFETY: the token exists only in its way's entry, which
                // runs only where the processor has the instructions.
                unsafe {
                    let low = $set1(0x0F);
                    let lo = $and(v, low);
                    let hi = $and($srli::<4>(v), low);
                    let ascii_bit = $shuffle(*ascii_bits, hi);
                    let mut picked = [ascii_bit; SETS];
                    for (p, (ascii, _)) in picked.iter_mut().zip(tables) {
                        *p = $and($shuffle(*ascii, lo), ascii_bit);
                    }
                    if $movemask(v) != 0 {
                        let wide_bit = $shuffle(*wide_bits, hi);
                        for (p, (_, wide)) in picked.iter_mut().zip(tables) {
                            *p = $or(*p, $and($shuffle(*wide, lo), wide_bit));
                        }
                    }
                    let zero = $set1(0);
                    let mut block = Block {
                        colon: $movemask($cmpeq(v, $set1(b':' as i8))) as $bits as u64,
                        slash: $movemask($cmpeq(v, $set1(b'/' as i8))) as $bits as u64,
                        question: $movemask($cmpeq(v, $set1(b'?' as i8))) as $bits as u64,
                        hash: $movemask($cmpeq(v, $set1(b'#' as i8))) as $bits as u64,
                        at: $movemask($cmpeq(v, $set1(b'@' as i8))) as $bits as u64,
                        percent: $movemask($cmpeq(v, $set1(b'%' as i8))) as $bits as u64,
                        refused: [0; SETS],
                    };
                    for (r, p) in block.refused.iter_mut().zip(picked) {
                        *r = $movemask($cmpeq(p, zero)) as $bits as u64;
                    }
                    block
                }
            }
        }

        impl Classify for $token {
            #[inline(always)]
            fn block(self, stage: &Stage, bytes: &[u8], start: usize, n: usize) -> Block {
                let tables = self.tables(stage);
                let mut block = Block::default();
                if n >= $width {
                    // Vectors `$width` apart, the last one ending at `n`
                    // (overlapping the one before: a byte's bits are
                    // the same in both).
                    for i in 0..n.div_ceil($width).min(BLOCK / $width) {
                        let at = ($width * i).min(n - $width);
                        let Some(v) = bytes.get(start + at..).and_then(|r| r.first_chunk()) else {
                            return Block {
                                refused: [u64::MAX; SETS],
                                ..Block::default()
                            };
                        };
                        let masks = self.masks(&tables, self.$load(v));
                        block.merge(&masks, |m| m << at);
                    }
                } else {
                    // 16 to `$width` bytes: two halves, the second
                    // ending at `n`, its bytes moved to where they are
                    // in the input (zero bytes after them).
                    let (Some(a), Some(b)) = (
                        bytes.get(start..).and_then(|r| r.first_chunk()),
                        bytes.get(start + n - 16..).and_then(|r| r.first_chunk()),
                    ) else {
                        return Block {
                            refused: [u64::MAX; SETS],
                            ..Block::default()
                        };
                    };
                    block = self.masks(&tables, self.$halves(a, b, n));
                }
                block
            }
        }
    };
}

impl Ssse3 {
    /// A 16-byte table.
    #[inline(always)]
    fn lanes(self, half: &[u8; 16]) -> __m128i {
        // SAFETY: `half` is 16 bytes, all of which the unaligned load
        // reads (SSE2 is x86-64's baseline).
        unsafe { _mm_loadu_si128(half.as_ptr().cast()) }
    }

    /// 16 bytes.
    #[inline(always)]
    fn load(self, v: &[u8; 16]) -> __m128i {
        self.lanes(v)
    }

    /// Never called: 16 bytes are one vector (`n >= 16`).
    #[inline(always)]
    fn halves(self, a: &[u8; 16], _: &[u8; 16], _: usize) -> __m128i {
        self.lanes(a)
    }
}

impl Avx2 {
    /// A 16-byte table in both lanes (a shuffle looks up within each
    /// 16-byte lane).
    #[inline(always)]
    fn lanes(self, half: &[u8; 16]) -> __m256i {
        // SAFETY: `half` is 16 bytes, all of which the load reads; the
        // token exists only where the processor has AVX2.
        unsafe { _mm256_broadcastsi128_si256(_mm_loadu_si128(half.as_ptr().cast())) }
    }

    /// 32 bytes.
    #[inline(always)]
    fn load(self, v: &[u8; 32]) -> __m256i {
        // SAFETY: `v` is 32 bytes, all of which the unaligned load reads;
        // the token exists only where the processor has AVX2.
        unsafe { _mm256_loadu_si256(v.as_ptr().cast()) }
    }

    /// The first `n` bytes (16 to 31) of an input whose first 16 are
    /// `a` and last 16 `b`, as one vector: `a` in the low lane, and in
    /// the high lane `b` shifted down by `32 - n` bytes (a shuffle by a
    /// window of [`ALIGN`]), so that byte `i` is the input's byte `i`,
    /// and zero bytes from `n` up.
    #[inline(always)]
    fn halves(self, a: &[u8; 16], b: &[u8; 16], n: usize) -> __m256i {
        let window = ALIGN
            .get(32 - n.clamp(16, 32)..)
            .and_then(|w| w.first_chunk::<16>());
        let window = window.unwrap_or(&[0x80; 16]);
        // SAFETY: `a`, `b` and `window` are 16 bytes each, all of which
        // the loads read; the token exists only where the processor has
        // AVX2.
        unsafe {
            let high = _mm_shuffle_epi8(
                _mm_loadu_si128(b.as_ptr().cast()),
                _mm_loadu_si128(window.as_ptr().cast()),
            );
            _mm256_inserti128_si256::<1>(
                _mm256_castsi128_si256(_mm_loadu_si128(a.as_ptr().cast())),
                high,
            )
        }
    }
}

classify!(
    Ssse3, 16, __m128i, u16, lanes: lanes, load: load, halves: halves,
    _mm_and_si128, _mm_or_si128, _mm_cmpeq_epi8, _mm_set1_epi8, _mm_shuffle_epi8,
    _mm_srli_epi16, _mm_movemask_epi8
);

classify!(
    Avx2, 32, __m256i, u32, lanes: lanes, load: load, halves: halves,
    _mm256_and_si256, _mm256_or_si256, _mm256_cmpeq_epi8, _mm256_set1_epi8, _mm256_shuffle_epi8,
    _mm256_srli_epi16, _mm256_movemask_epi8
);
