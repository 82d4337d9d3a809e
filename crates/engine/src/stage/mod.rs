//! The first stage: a reference of an RFC 3986-shaped grammar decided
//! block by block, without the table walk, where it can be.
//!
//! The input is read in blocks of 64 bytes (`block.rs`), never past its
//! end: the last block by loads that end with the input (`split.rs`'s
//! `block_at`; a copy padded with zero bytes only under 16 bytes). Each
//! byte is classified at once into bitmasks: where each delimiter of RFC
//! 3986 Appendix B's split is (":", "/", "?", "#", and "@", "%"), and
//! which bytes each component's set refuses, with SSSE3 or AVX2 where the
//! processor has them (`simd.rs`, chosen at run time) and a lookup a byte
//! packed eight at a time into a `u64` elsewhere. The split is then found
//! by bit operations on the masks, each component's bytes checked against
//! its set with one `and`, and each `%` against the hexadecimal digits'
//! mask shifted by one and by two (`split.rs`). The result is the
//! [`Marks`] the table walk would record, so the typed value needs no
//! second pass. The whole run is inlined into one entry per way of
//! classifying; with a stage named by a type ([`Tables`], as xiri's
//! `build.rs` writes them) its tables are constants there.
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
#[cfg(target_arch = "aarch64")]
mod neon;
#[cfg(target_arch = "x86_64")]
mod simd;
mod split;

use crate::marks::Marks;
use block::Swar;
use std::marker::PhantomData;

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
    /// continuation bytes; `%` when a `%XX` is. A component's set (all
    /// but [`HEX`]) holds the delimiters ":", "/", "?", "#" and "@" too,
    /// those it leaves out being in [`outside`](Stage::outside): so the
    /// sets of components that differ only in delimiters (URI's user
    /// information, host, path, query and fragment) are one table, which
    /// a stage compiled as a constant ([`Tables`]) classifies once.
    pub sets: [[u8; 32]; SETS],
    /// Each byte's sets, bit `k` for set `k`: the same sets, for the
    /// portable path.
    pub class: [u8; 256],
    /// The bytes a scheme may start with, as 32 nibble masks.
    pub scheme_first: [u8; 32],
    /// For each component's set, the delimiters (bit 0 ":", 1 "/", 2 "?",
    /// 3 "#", 4 "@") its production leaves out: a check of the component
    /// refuses those its range can hold, from the delimiters' masks.
    pub outside: [u8; SETS],
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
    /// AVX2, else SSSE3, else the portable way; NEON on aarch64.
    Detect,
    /// The portable way: a lookup a byte, eight packed into a `u64`.
    Swar,
    /// SSSE3, 16 bytes at a time (x86-64).
    Ssse3,
    /// AVX2 (with BMI2), 32 bytes at a time (x86-64).
    Avx2,
    /// NEON, 16 bytes at a time (aarch64, where every processor has it).
    Neon,
}

impl Path {
    /// The way that runs on this processor.
    #[inline]
    fn resolve(self) -> Path {
        #[cfg(target_arch = "x86_64")]
        {
            let avx2 = || {
                std::arch::is_x86_feature_detected!("avx2")
                    && std::arch::is_x86_feature_detected!("bmi1")
                    && std::arch::is_x86_feature_detected!("bmi2")
            };
            let ssse3 = || std::arch::is_x86_feature_detected!("ssse3");
            match self {
                Path::Detect if avx2() => return Path::Avx2,
                Path::Detect if ssse3() => return Path::Ssse3,
                Path::Avx2 if avx2() => return Path::Avx2,
                Path::Ssse3 if ssse3() => return Path::Ssse3,
                _ => {}
            }
        }
        #[cfg(target_arch = "aarch64")]
        if matches!(self, Path::Detect | Path::Neon) {
            return Path::Neon;
        }
        Path::Swar
    }
}

/// A way of classifying that this processor has: a [`Path`] resolved
/// once ([`Way::of`]), so that a caller that runs the stage on many
/// inputs (`xiri::find`, on each identifier of a text) tests the
/// processor's features once rather than at each call (three tests, about
/// 15 instructions a call). Only [`Way::of`] makes one, so a way held is
/// one the processor has.
///
/// ```
/// use xiri_engine::stage::{Path, Way};
/// assert_eq!(Way::of(Path::Swar).path(), Path::Swar);
/// assert_ne!(Way::of(Path::Detect).path(), Path::Detect);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Way(Path);

impl Way {
    /// The way `path` names, if this processor has it, else the portable
    /// one; for [`Path::Detect`], the fastest this processor has.
    ///
    /// ```
    /// use xiri_engine::stage::{Path, Way};
    /// let way = Way::of(Path::Detect);
    /// assert_eq!(Way::of(way.path()), way);
    /// ```
    #[inline]
    pub fn of(path: Path) -> Way {
        Way(path.resolve())
    }

    /// The way, as a [`Path`] (never [`Path::Detect`]).
    ///
    /// ```
    /// use xiri_engine::stage::{Path, Way};
    /// assert_eq!(Way::of(Path::Swar).path(), Path::Swar);
    /// ```
    #[inline]
    pub fn path(self) -> Path {
        self.0
    }
}

/// A stage known when its caller is compiled: its tables are then
/// constants, so that sets equal on what their ranges can hold are
/// classified once and every test of a table folds away. xiri's
/// `build.rs` writes one per built-in reference rule; [`accept_with`]
/// runs it.
///
/// ```
/// use xiri_engine::stage::{Stage, Tables};
/// struct Off;
/// impl Tables for Off {
///     const STAGE: Option<&'static Stage> = None;
/// }
/// assert_eq!(xiri_engine::stage::accept_with::<Off>("a:b/c", xiri_engine::stage::Path::Detect), None);
/// ```
pub trait Tables {
    /// The stage, as [`Stage::derive`] gives it; `None` for no stage
    /// (then every input goes to the walk).
    const STAGE: Option<&'static Stage>;
}

/// Where the body reads the tables: a stage made at run time, or a
/// [`Tables`] constant.
pub(crate) trait Source<'s>: Copy {
    /// The stage.
    fn stage(self) -> &'s Stage;
}

/// A stage made at run time ([`Stage::accept_with`]).
#[derive(Clone, Copy)]
pub(crate) struct Given<'s>(&'s Stage);

impl<'s> Source<'s> for Given<'s> {
    #[inline(always)]
    fn stage(self) -> &'s Stage {
        self.0
    }
}

/// A [`Tables`] constant.
pub(crate) struct Known<T>(PhantomData<T>);

impl<T> Clone for Known<T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T> Copy for Known<T> {}

impl<T: Tables> Source<'static> for Known<T> {
    #[inline(always)]
    fn stage(self) -> &'static Stage {
        match T::STAGE {
            Some(stage) => stage,
            None => &Stage::NONE,
        }
    }
}

/// Whether [`Stage::accept`] reads `input` at all: at least [`SHORTEST`]
/// and at most [`LONGEST`] bytes, and no "[" in the first sixteen
/// (`opens_bracket`); any other input goes to the walk at once.
///
/// ```
/// assert!(xiri_engine::stage::takes("http://example/index.html"));
/// assert!(!xiri_engine::stage::takes("http://[::1]/index.html"));
/// assert!(!xiri_engine::stage::takes("a:b"));
/// ```
#[inline]
pub fn takes(input: &str) -> bool {
    (SHORTEST..=LONGEST).contains(&input.len()) && !opens_bracket(input.as_bytes())
}

/// [`Stage::accept_with`] of the stage `T` names, its tables compiled in
/// as constants: what xiri's parse runs (after [`takes`]).
///
/// ```
/// use xiri_engine::stage::{accept_with, Path, Stage, Tables};
/// // xiri's build.rs writes `Some(&<Stage::to_rust>)` as the constant.
/// struct Empty;
/// impl Tables for Empty {
///     const STAGE: Option<&'static Stage> = Some(&Stage::NONE);
/// }
/// // A stage whose sets are empty accepts nothing.
/// assert_eq!(accept_with::<Empty>("http://example/a", Path::Swar), None);
/// ```
#[inline]
pub fn accept_with<T: Tables>(input: &str, path: Path) -> Option<Marks> {
    T::STAGE?;
    classify_with(
        Known::<T>(PhantomData),
        input.as_bytes(),
        Way::of(path),
        Return,
    )
}

/// [`accept_with`], the marks written to `marks` (`true`) rather than
/// returned, with a way resolved by the caller ([`Way`]): where the
/// caller keeps them in a value it has already placed (`xiri::find`
/// writes them into the identifier it returns), no copy of them follows
/// the stage's stores. A copy of 16 bytes right
/// after the stage wrote them 8 at a time waits for the stores to reach
/// the cache: such copies held about a tenth of the time samples of a
/// search of the multi-script text (docs/PERFORMANCE.md).
///
/// ```
/// use xiri_engine::{marks::Marks, stage::{accept_into, Path, Stage, Tables, Way}};
/// struct Empty;
/// impl Tables for Empty {
///     const STAGE: Option<&'static Stage> = Some(&Stage::NONE);
/// }
/// let mut marks = Marks::default();
/// assert!(!accept_into::<Empty>("http://example/a", Way::of(Path::Swar), &mut marks));
/// ```
#[inline]
pub fn accept_into<T: Tables>(input: &str, way: Way, marks: &mut Marks) -> bool {
    if T::STAGE.is_none() {
        return false;
    }
    classify_with(
        Known::<T>(PhantomData),
        input.as_bytes(),
        way,
        WriteTo(marks),
    )
}

/// What the stage's entry does with its answer, inside the entry (which
/// is not inlined into its caller when it has target features):
/// [`Return`] it, or write it to the caller's marks ([`WriteTo`]).
pub(crate) trait Put {
    /// What the entry returns.
    type Out;
    /// The entry's return, from the stage's answer.
    fn put(self, marks: Option<Marks>) -> Self::Out;
}

/// The answer returned.
pub(crate) struct Return;

impl Put for Return {
    type Out = Option<Marks>;
    #[inline(always)]
    fn put(self, marks: Option<Marks>) -> Option<Marks> {
        marks
    }
}

/// The answer written to the caller's marks: `true` when the stage
/// accepts (the marks untouched otherwise).
pub(crate) struct WriteTo<'m>(&'m mut Marks);

impl Put for WriteTo<'_> {
    type Out = bool;
    #[inline(always)]
    fn put(self, marks: Option<Marks>) -> bool {
        match marks {
            Some(marks) => {
                *self.0 = marks;
                true
            }
            None => false,
        }
    }
}

/// The stage of `source` on `bytes`, classifying the way `way` says, its
/// answer handed to `put`.
#[inline]
fn classify_with<'s, S: Source<'s>, P: Put>(source: S, bytes: &[u8], way: Way, put: P) -> P::Out {
    match way.path() {
        #[cfg(target_arch = "x86_64")]
        way @ (Path::Avx2 | Path::Ssse3) => simd::accept(source, bytes, way, put),
        #[cfg(target_arch = "aarch64")]
        Path::Neon => neon::accept(source, bytes, put),
        _ => put.put(split::run(source.stage(), Swar, bytes)),
    }
}

impl Stage {
    /// The stage of no set: it accepts nothing.
    pub const NONE: Stage = Stage {
        sets: [[0; 32]; SETS],
        class: [0; 256],
        scheme_first: [0; 32],
        outside: [0; SETS],
    };

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
        if !takes(input) {
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
        classify_with(Given(self), input.as_bytes(), Way::of(path), Return)
    }
}

#[cfg(test)]
mod miri_tests;
#[cfg(test)]
mod tests;
