//! The first stage: a reference of an RFC 3986-shaped grammar decided
//! block by block, without the table walk, where it can be.
//!
//! The input is read in blocks of 64 bytes (`block.rs`; the last one a
//! copy padded with zero bytes, so nothing past the input is read). Each
//! byte is classified at once into bitmasks: where each delimiter of RFC
//! 3986 Appendix B's split is (":", "/", "?", "#", and "@", "%"), and
//! which bytes each component's set refuses, with SSSE3 or AVX2 where the
//! processor has them (`simd.rs`, chosen at run time) and a lookup a byte
//! packed eight at a time into a `u64` elsewhere. The split is then found
//! by bit operations on the masks, each component's bytes checked against
//! its set with one `and`, and each `%` against the hexadecimal digits'
//! mask shifted by one and by two. The result is the [`Marks`] the table
//! walk would record, so the typed value needs no second pass.
//!
//! The stage only accepts. An input it cannot decide (shorter than
//! [`SHORTEST`] or longer than [`LONGEST`] bytes, an IP literal, a
//! character whose lead byte can start one the component's production
//! leaves out, a scheme or authority past the first block, anything the
//! sets refuse) gets `None`, and the caller runs the table walk, which
//! gives the verdict and, on refusal, the offset and the expected set.
//!
//! The sets are not written here: [`Stage::derive`] reads them off a
//! reference rule's automaton (compiled with
//! [`Options::with_split`](crate::Options::with_split)) as the bytes each
//! component's state loops on, and [`Stage::is_consistent`] checks a
//! stage's tables against them. xiri's `build.rs` derives one stage per
//! built-in reference rule and writes it beside the automaton.
//!
//! ```
//! use xiri_engine::{compile, marks::QUERY, stage::Stage, Options};
//! let abnf = "r = *ALPHA [ \"?\" *ALPHA ]\n";
//! let a = compile(abnf, "r", &Options::new().with_split()).unwrap();
//! // Not a reference rule: no stage.
//! assert!(Stage::derive(&a).is_none());
//! ```

mod block;
mod derive;
#[cfg(target_arch = "x86_64")]
mod simd;

use crate::marks::{
    AUTHORITY_END, AUTHORITY_START, FRAGMENT as FRAGMENT_MARK, Marks, QUERY as QUERY_MARK,
    SCHEME_END, USERINFO_END,
};
use block::{BLOCK, Block, below, first, range};

/// The scheme's bytes after its first.
pub const SCHEME: usize = 0;
/// The user information's bytes.
pub const USERINFO: usize = 1;
/// A registered name's bytes (the host, when it is not an IP literal).
pub const HOST: usize = 2;
/// The port's bytes.
pub const PORT: usize = 3;
/// The path's bytes, "/" among them.
pub const PATH: usize = 4;
/// The query's bytes.
pub const QUERY: usize = 5;
/// The fragment's bytes.
pub const FRAGMENT: usize = 6;
/// The hexadecimal digits of a `%XX`.
pub const HEX: usize = 7;
/// How many sets a stage has.
pub const SETS: usize = 8;

/// The shortest input [`Stage::accept`] reads: a shorter one goes to the
/// walk at once, which reads a few bytes in fewer instructions than the
/// stage classifies a block (RFC 3986 5.4's references, 2 to 10 bytes,
/// resolved 1.11 to 1.16 times oxiri's time with the stage in front,
/// against 0.90 to 0.92 without, docs/PERFORMANCE.md).
pub const SHORTEST: usize = 16;

/// The longest input [`Stage::accept`] reads: a longer one goes to the
/// walk at once. On long runs the walk's skip (one set, sixteen bytes at a time)
/// is faster than classifying every byte into every set: with no bound,
/// a 1 MB path of `a/` took 0.61 to 0.64 of oxiri's time, against 0.20
/// to 0.21 for the walk alone (docs/PERFORMANCE.md, issue 44).
pub const LONGEST: usize = 256;

/// A reference rule's first stage: its component sets, as the tables the
/// classification reads. Derived from the automaton ([`Stage::derive`]);
/// xiri's `build.rs` writes it as a constant.
///
/// ```
/// use xiri_engine::{abnf, compile, marks::QUERY, stage::Stage, Options};
/// let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../grammar/");
/// let read = |file: &str| std::fs::read_to_string(format!("{dir}{file}")).unwrap();
/// let uri = abnf::effective("uri", &read).unwrap();
/// let a = compile(&uri, "URI-reference", &Options::new().with_split()).unwrap();
/// let stage = Stage::derive(&a).unwrap();
/// assert_eq!(stage.accept("http://example/b?c#d").unwrap().after(QUERY), Some(17));
/// // An IP literal, and a refusal, are left to the walk.
/// assert_eq!(stage.accept("http://[::1]/index.html"), None);
/// assert_eq!(stage.accept("http://example/b c"), None);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stage {
    /// Each set ([`SCHEME`] to [`HEX`]) as 32 nibble masks
    /// ([`masks_of`](crate::masks_of)): the bytes of the component, and
    /// every lead byte all of whose characters are in it with the
    /// continuation bytes; `%` when a `%XX` is.
    pub sets: [[u8; 32]; SETS],
    /// Each byte's sets, bit `k` for set `k`: the same sets, for the
    /// portable path.
    pub class: [u8; 256],
    /// The bytes a scheme may start with, as 32 nibble masks.
    pub scheme_first: [u8; 32],
}

/// Whether one of the first sixteen bytes of `bytes` is "[": where an IP
/// literal's is in a reference like `http://[2001:db8::7]/`, which the
/// stage defers after classifying its first block (`Stage::head`).
/// Handed over before, the walk is all such a reference pays (a third
/// fewer instructions for each; eight instructions for any other input,
/// a byte comparison eight bytes at a time). A "[" past the sixteenth
/// byte is still found by the stage.
#[inline]
fn opens_bracket(bytes: &[u8]) -> bool {
    const ONES: u128 = u128::from_le_bytes([1; 16]);
    let Some(sixteen) = bytes.first_chunk::<16>() else {
        return bytes.contains(&b'[');
    };
    // A zero byte of `v` is a "[" of the input (exact for whether there is
    // one: the borrow of the subtraction starts only at a zero byte).
    let v = u128::from_le_bytes(*sixteen) ^ (ONES * u128::from(b'['));
    v.wrapping_sub(ONES) & !v & (ONES << 7) != 0
}

/// Which way the stage classifies bytes: chosen at run time
/// ([`Path::Detect`]), or forced, for the tests that hold each way to
/// the table walk. A way the processor lacks falls back to the portable one.
///
/// ```
/// use xiri_engine::stage::Path;
/// assert_ne!(Path::Swar, Path::Detect);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Path {
    /// AVX2, else SSSE3, else the portable way.
    Detect,
    /// The portable way: a lookup a byte, eight packed into a `u64`.
    Swar,
    /// SSSE3, 16 bytes at a time (x86-64).
    Ssse3,
    /// AVX2, 32 bytes at a time (x86-64).
    Avx2,
}

impl Path {
    /// The way that runs on this processor.
    #[inline]
    fn resolve(self) -> Path {
        #[cfg(target_arch = "x86_64")]
        {
            let avx2 = || std::arch::is_x86_feature_detected!("avx2");
            let ssse3 = || std::arch::is_x86_feature_detected!("ssse3");
            match self {
                Path::Detect if avx2() => return Path::Avx2,
                Path::Detect if ssse3() => return Path::Ssse3,
                Path::Avx2 if avx2() => return Path::Avx2,
                Path::Ssse3 if ssse3() => return Path::Ssse3,
                _ => {}
            }
        }
        Path::Swar
    }
}

impl Stage {
    /// The marks of Appendix B's split of `input`, if the stage accepts
    /// it: then the rule it was derived from accepts it too, with these
    /// marks. `None` where the stage cannot decide: the table walk must.
    ///
    /// ```
    /// # use xiri_engine::{abnf, compile, stage::Stage, Options};
    /// # let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../grammar/");
    /// # let read = |file: &str| std::fs::read_to_string(format!("{dir}{file}")).unwrap();
    /// let iri = abnf::effective("iri", &read).unwrap();
    /// let a = compile(&iri, "IRI-reference", &Options::new().with_split()).unwrap();
    /// let stage = Stage::derive(&a).unwrap();
    /// assert_eq!(stage.accept("//r\u{e9}sum\u{e9}.example/x"), a.split_of("//r\u{e9}sum\u{e9}.example/x"));
    /// // U+E000 is private use: allowed in a query, not in a path, where
    /// // the stage leaves it to the walk (which refuses it).
    /// assert!(stage.accept("?query-\u{e000}-private").is_some());
    /// assert_eq!(stage.accept("/path-\u{e000}-private"), None);
    /// ```
    #[inline]
    pub fn accept(&self, input: &str) -> Option<Marks> {
        if !(SHORTEST..=LONGEST).contains(&input.len()) || opens_bracket(input.as_bytes()) {
            return None;
        }
        self.accept_with(input, Path::Detect)
    }

    /// [`accept`](Stage::accept), classifying with `path`, at any length
    /// (`accept` leaves inputs shorter than [`SHORTEST`] or longer than
    /// [`LONGEST`] to the walk, where it is faster): each way gives the
    /// same answer (the tests and the `first_stage` fuzz target force
    /// each).
    ///
    /// ```
    /// # use xiri_engine::{abnf, compile, stage::{Path, Stage}, Options};
    /// # let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../grammar/");
    /// # let read = |file: &str| std::fs::read_to_string(format!("{dir}{file}")).unwrap();
    /// let uri = abnf::effective("uri", &read).unwrap();
    /// let a = compile(&uri, "URI-reference", &Options::new().with_split()).unwrap();
    /// let stage = Stage::derive(&a).unwrap();
    /// let input = "https://example.org/a%20b?q";
    /// assert_eq!(stage.accept_with(input, Path::Swar), stage.accept_with(input, Path::Ssse3));
    /// ```
    pub fn accept_with(&self, input: &str, path: Path) -> Option<Marks> {
        let bytes = input.as_bytes();
        let path = path.resolve();
        let block = self.block(bytes, 0, path);
        let mut marks = Marks::default();
        let pos = self.head(bytes, &block, &mut marks)?;
        self.tail(bytes, block, pos, path, &mut marks)?;
        Some(marks)
    }

    /// The block of `bytes` from `base`, classified with `path` (resolved).
    #[inline]
    fn block(&self, bytes: &[u8], base: usize, path: Path) -> Block {
        let mut padded = [0u8; BLOCK];
        let rest = bytes.get(base..).unwrap_or_default();
        let len = rest.len().min(BLOCK);
        let chunk: &[u8; BLOCK] = match rest.first_chunk() {
            Some(whole) => whole,
            None => {
                if let Some(head) = padded.get_mut(..len) {
                    head.copy_from_slice(rest);
                }
                &padded
            }
        };
        match path {
            #[cfg(target_arch = "x86_64")]
            // SAFETY: `Path::resolve` gives `Avx2` only where the
            // processor has AVX2.
            Path::Avx2 => unsafe { simd::avx2(self, chunk, len) },
            #[cfg(target_arch = "x86_64")]
            // SAFETY: `Path::resolve` gives `Ssse3` only where the
            // processor has SSSE3.
            Path::Ssse3 => unsafe { simd::ssse3(self, chunk, len) },
            _ => block::swar(self, chunk, len),
        }
    }

    /// Whether `b` may start a scheme.
    #[inline]
    fn starts_scheme(&self, b: u8) -> bool {
        let at = usize::from(b & 0x0F) + if b >= 0x80 { 16 } else { 0 };
        self.scheme_first
            .get(at)
            .is_some_and(|m| m & (1 << ((b >> 4) & 7)) != 0)
    }

    /// The scheme and the authority, in the first block: where the path
    /// starts, with their marks; `None` to defer.
    #[inline]
    fn head(&self, bytes: &[u8], block: &Block, marks: &mut Marks) -> Option<usize> {
        let len = bytes.len();
        let valid = below(len);
        let ends = block.slash | block.question | block.hash;
        let delimiter = first((block.colon | ends) & valid);
        if delimiter == BLOCK && len > BLOCK {
            // A first segment or scheme past the first block.
            return None;
        }
        let mut pos = 0;
        if delimiter < BLOCK && block.colon & (1u64 << delimiter) != 0 {
            // A scheme: a relative reference's first segment holds no ":".
            let scheme = range(1, delimiter);
            let lead = bytes.first().copied().unwrap_or(0);
            if delimiter == 0 || !self.starts_scheme(lead) || block.refused[SCHEME] & scheme != 0 {
                return None;
            }
            pos = delimiter + 1;
            marks.record(usize::from(SCHEME_END), pos);
        }
        if !(bytes.get(pos) == Some(&b'/') && bytes.get(pos + 1) == Some(&b'/')) {
            return Some(pos);
        }
        let start = pos + 2;
        marks.record(usize::from(AUTHORITY_START), start);
        let after = ends & valid & !below(start);
        let end = first(after);
        if end == BLOCK && len > BLOCK {
            return None;
        }
        let end = end.min(len);
        let mut host = start;
        let at = block.at & range(start, end);
        if at != 0 {
            let q = first(at);
            if at.count_ones() > 1 || block.refused[USERINFO] & range(start, q) != 0 {
                return None;
            }
            host = q + 1;
            marks.record(usize::from(USERINFO_END), host);
        }
        if bytes.get(host) == Some(&b'[') {
            // An IP literal: the table walk reads it.
            return None;
        }
        let colon = block.colon & range(host, end);
        let host_end = if colon == 0 { end } else { first(colon) };
        if block.refused[HOST] & range(host, host_end) != 0
            || (colon != 0 && block.refused[PORT] & range(host_end + 1, end) != 0)
        {
            return None;
        }
        if end < len {
            marks.record(usize::from(AUTHORITY_END), end + 1);
        }
        Some(end)
    }

    /// The path, the query and the fragment from `pos`, block by block,
    /// with their marks, and every `%XX` of the input; `None` to defer.
    #[inline]
    fn tail(
        &self,
        bytes: &[u8],
        mut block: Block,
        pos: usize,
        path: Path,
        marks: &mut Marks,
    ) -> Option<()> {
        let len = bytes.len();
        let mut set = PATH;
        let mut base = 0;
        let mut from = pos;
        let mut carried = 0u64;
        loop {
            let valid = below(len - base);
            let percent = block.percent & valid;
            let hex_after = (percent << 1 | carried >> 63) | (percent << 2 | carried >> 62);
            if hex_after & block.refused[HEX] != 0 {
                return None;
            }
            carried = percent;
            loop {
                let ends = match set {
                    PATH => block.question | block.hash,
                    QUERY => block.hash,
                    _ => 0,
                } & valid
                    & !below(from);
                let end = first(ends);
                let refused = match set {
                    PATH => block.refused[PATH],
                    QUERY => block.refused[QUERY],
                    _ => block.refused[FRAGMENT],
                };
                if refused & valid & range(from, end) != 0 {
                    return None;
                }
                if end == BLOCK {
                    break;
                }
                let (next, mark) = if block.question & (1u64 << end) != 0 && set == PATH {
                    (QUERY, QUERY_MARK)
                } else {
                    (FRAGMENT, FRAGMENT_MARK)
                };
                set = next;
                from = end + 1;
                marks.record(usize::from(mark), base + from);
            }
            base += BLOCK;
            if base >= len {
                // A "%" in the last two bytes lacks its digits.
                return (carried >> 62 == 0).then_some(());
            }
            from = 0;
            block = self.block(bytes, base, path);
        }
    }
}
#[cfg(test)]
mod tests;
