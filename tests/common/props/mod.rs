//! What every public operation must keep on any input (issue 11), for all
//! five grammars. Each check is a function of one or two strings giving a
//! `Check`: an `Err` describes the first property that fails, as "what |
//! details" (the part before " | " names the property, so failures can be
//! told apart); a panic is a failure too. Used by `tests/it/hostile.rs` (proptest and the
//! bounded fuzz run) and by the targets of `fuzz/`, which include this
//! file: it uses only `std`, `xiri`, `unicode-normalization` and the
//! adapter beside it.

use super::adapter::{all_options, Adapt};
use unicode_normalization::{is_nfc, is_nfkc};
use xiri::{
    Iri, IriBis, IriBisRef, IriRef, Leiri, LeiriRef, Normalization, ParseError, Uri, UriRef,
    ZonedIri, ZonedIriRef,
};

/// `Ok`, or which property failed and on what.
pub type Check = Result<(), String>;

/// The components `r` reads as, for "re-parses as itself": values compare
/// by their text alone, so the spans are compared here.
pub fn parts<S: xiri::GenericSyntax>(r: &xiri::Reference<'_, S>) -> String {
    format!(
        "{:?}",
        (
            r.as_str(),
            r.scheme(),
            r.authority(),
            r.userinfo(),
            r.host().map(|h| (h.as_str(), h.kind())),
            r.port(),
            r.path(),
            r.query(),
            r.fragment(),
        )
    )
}

/// Whether `text` parses (with `parse`) into the components `r` has.
pub fn reparses<'t, S: xiri::GenericSyntax, E>(
    text: &'t str,
    parse: impl Fn(&'t str) -> Result<xiri::Reference<'t, S>, E>,
    r: &xiri::Reference<'_, S>,
) -> bool {
    parse(text).is_ok_and(|p| parts(&p) == parts(r))
}

macro_rules! ensure {
    ($cond:expr, $($what:tt)+) => {
        if !$cond {
            return Err(format!($($what)+));
        }
    };
}

/// An error names the input the caller gave and an offset on one of its
/// character boundaries.
fn error_on(e: &ParseError, input: &str, what: &str) -> Check {
    ensure!(
        e.input() == input,
        "{what}: the error names another input | {input:?}: error on {:?} at {}",
        e.input(),
        e.offset()
    );
    ensure!(
        input.is_char_boundary(e.offset()),
        "{what}: the error offset is not in the input | {input:?} at {}",
        e.offset()
    );
    Ok(())
}

/// No "." or ".." segment in `path`, but the "/." that keeps a path
/// starting with "//" from reading as an authority when there is none.
fn no_dot_segments(path: &str, authority: bool) -> bool {
    let path = match path.strip_prefix("/.") {
        Some(rest) if !authority && rest.starts_with("//") => rest,
        _ => path,
    };
    path.split('/').all(|s| s != "." && s != "..")
}

/// Which properties the Unicode forms asked for hold of a normal form.
fn in_unicode_forms(text: &str, options: Normalization) -> bool {
    (!options.nfc || is_nfc(text)) && (!options.nfkc || is_nfkc(text))
}

/// Bases to resolve a reference and its normal form against: with and
/// without an authority, with a path holding no "/" (whose directory is
/// empty, RFC 3986 5.2.3), empty, or with dot and empty segments.
pub const BASES: &[&str] = &[
    "http://a/b/c/d;p?q",
    "http://a",
    "urn:x",
    "foo:a/b",
    "s:",
    "s:/",
    "http://a/b/../c/./",
    "file:///",
    "s://h/a//b/",
];

/// A relative path's normal form keeps no "." segment, but a leading "./"
/// that keeps it a relative path.
fn no_single_dots(path: &str) -> bool {
    let rest = path.strip_prefix("./").unwrap_or(path);
    rest.split('/').all(|s| s != ".")
}

/// Whether normalization could turn a segment of `path` into a dot
/// segment (an encoded one, or in an XRI one with a "*"), which resolution
/// reads as a name.
fn hides_dots(path: &str) -> bool {
    path.to_ascii_lowercase().contains("%2e") || path.contains("*.")
}

/// Equivalence under `o` is reflexive on `x` and symmetric with `y`;
/// `what` names the grammar (and "reference" for the reference types).
fn an_equivalence<T>(
    (x, y): (&T, Option<&T>),
    equivalent: impl Fn(&T, &T, Normalization) -> bool,
    o: Normalization,
    what: &str,
    (input, other): (&str, &str),
) -> Check {
    ensure!(
        equivalent(x, x, o),
        "{what} is_equivalent: not reflexive | {input:?} {o:?}"
    );
    if let Some(y) = y {
        ensure!(
            equivalent(x, y, o) == equivalent(y, x, o),
            "{what} is_equivalent: not symmetric | {input:?} {other:?} {o:?}"
        );
    }
    Ok(())
}

/// A normal form refused: only when NFC or NFKC is asked for, or (XRI)
/// when no text reads as its components (`Ambiguous`, docs/DECISIONS.md,
/// "Text made from components"), by an error on the caller's input.
fn refused(e: &ParseError, input: &str, o: Normalization, what: &str) -> Check {
    ensure!(
        o.nfc || o.nfkc || e.kind() == xiri::ErrorKind::Ambiguous,
        "{what} normalize: refused without NFC or NFKC | {input:?}"
    );
    error_on(e, input, &format!("{what} normalize"))
}

/// How much of the normalization properties an input is checked with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Depth {
    /// With every combination of the options, against every base (the
    /// tests).
    Full,
    /// With the default options and one more combination picked by the
    /// inputs' hash (the fuzz target, issue 27), and against two of the
    /// fixed bases picked by it with the options (issue 41): a fraction of
    /// the work, so that it runs 2,000 inputs a second, and every
    /// combination and every base is still met, on other inputs.
    Sampled,
}

/// A number below `n` fixed by the inputs and `salt`: `DefaultHasher::new`
/// has fixed keys, so the same inputs make the same pick (and a
/// reproducer checks what its run checked).
fn pick(input: &str, other: &str, salt: impl std::hash::Hash, n: usize) -> usize {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::hash::DefaultHasher::new();
    (input, other, salt).hash(&mut hasher);
    (hasher.finish() % n.max(1) as u64) as usize
}

/// The options `input` and `other` are checked with at `depth`.
pub fn options(depth: Depth, input: &str, other: &str) -> Vec<Normalization> {
    let all = all_options();
    if depth == Depth::Full {
        return all.collect();
    }
    let picked = pick(input, other, (), 7) + 1;
    all.enumerate()
        .filter(|(i, _)| *i == 0 || *i == picked)
        .map(|(_, o)| o)
        .collect()
}

/// The fixed bases (of `all`) a reference `input` and its normal form
/// with `o` are resolved against at `depth`: all of them, or two in a
/// row picked by the inputs and `o`. Resolving against the nine fixed
/// bases was over half of the `normalization` target's own time (perf,
/// issue 41); `other` and its normal form, the bases the fuzzer makes,
/// are always tried.
pub fn bases<'b>(
    depth: Depth,
    all: &[&'b str],
    (input, other): (&str, &str),
    o: Normalization,
) -> Vec<&'b str> {
    if depth == Depth::Full {
        return all.to_vec();
    }
    let first = pick(input, other, o, all.len());
    all.iter()
        .cycle()
        .skip(first)
        .take(2.min(all.len()))
        .copied()
        .collect()
}

/// The options without NFC and NFKC.
fn without_forms(options: Normalization) -> Normalization {
    options.with_nfc(false).with_nfkc(false)
}

#[macro_use]
mod uri_like;

uri_like!(uri, "uri", UriRef, Uri, UriRef::parse, Uri::parse);
uri_like!(iri, "iri", IriRef, Iri, IriRef::parse, Iri::parse);
uri_like!(
    iri_bis,
    "iri-bis",
    IriBisRef,
    IriBis,
    IriBisRef::parse,
    IriBis::parse
);
uri_like!(
    leiri,
    "leiri",
    LeiriRef,
    Leiri,
    LeiriRef::parse,
    Leiri::parse
);

// RFC 6874's zone identifiers over RFC 3987 (issue 23): the same
// properties in the `Zoned` syntax.
uri_like!(
    zoned_iri,
    "iri+rfc6874",
    ZonedIriRef,
    ZonedIri,
    ZonedIriRef::parse,
    ZonedIri::parse
);

pub mod convert;
pub mod xri;

/// A check of one or two strings (a base and a reference, or two to
/// compare), by the grammar or the operations it covers.
pub type Family = (&'static str, fn(&str, &str) -> Check);

/// Parsing, in every grammar.
pub const PARSE: &[Family] = &[
    ("uri", |a, b| uri::parse(a).and_then(|()| uri::parse(b))),
    ("iri", |a, b| iri::parse(a).and_then(|()| iri::parse(b))),
    ("iri-bis", |a, b| {
        iri_bis::parse(a).and_then(|()| iri_bis::parse(b))
    }),
    ("leiri", |a, b| {
        leiri::parse(a).and_then(|()| leiri::parse(b))
    }),
    ("xri", |a, b| xri::parse(a).and_then(|()| xri::parse(b))),
    ("iri+rfc6874", |a, b| {
        zoned_iri::parse(a).and_then(|()| zoned_iri::parse(b))
    }),
];

/// Resolution and relativization, in every grammar.
pub const RESOLUTION: &[Family] = &[
    ("uri", uri::resolution),
    ("iri", iri::resolution),
    ("iri-bis", iri_bis::resolution),
    ("leiri", leiri::resolution),
    ("xri", xri::resolution),
    ("iri+rfc6874", zoned_iri::resolution),
];

/// Normalization and equivalence, in every grammar, with every option.
pub const NORMALIZATION: &[Family] = &[
    ("uri", |a, b| uri::normalization(a, b, Depth::Full)),
    ("iri", |a, b| iri::normalization(a, b, Depth::Full)),
    ("iri-bis", |a, b| iri_bis::normalization(a, b, Depth::Full)),
    ("leiri", |a, b| leiri::normalization(a, b, Depth::Full)),
    ("xri", |a, b| xri::normalization(a, b, Depth::Full)),
    ("iri+rfc6874", |a, b| {
        zoned_iri::normalization(a, b, Depth::Full)
    }),
];

/// `NORMALIZATION` with the options sampled ([`Depth::Sampled`]).
pub const NORMALIZATION_SAMPLED: &[Family] = &[
    ("uri", |a, b| uri::normalization(a, b, Depth::Sampled)),
    ("iri", |a, b| iri::normalization(a, b, Depth::Sampled)),
    ("iri-bis", |a, b| {
        iri_bis::normalization(a, b, Depth::Sampled)
    }),
    ("leiri", |a, b| leiri::normalization(a, b, Depth::Sampled)),
    ("xri", |a, b| xri::normalization(a, b, Depth::Sampled)),
    ("iri+rfc6874", |a, b| {
        zoned_iri::normalization(a, b, Depth::Sampled)
    }),
];

/// Every conversion, pre-processing and diagnosis (of the first string).
pub const CONVERSION: &[Family] = &[
    ("methods", |a, _| convert::methods(a)),
    ("xri forms", |a, _| convert::xri(a)),
    ("Conversion", |a, _| convert::conversions(a)),
    ("preprocess, diagnose", |a, _| {
        convert::spaces_and_findings(a)
    }),
];

/// Every check of `families`, until one fails.
pub fn all(families: &[Family], a: &str, b: &str) -> Check {
    families.iter().try_for_each(|(_, check)| check(a, b))
}

/// Two strings from one fuzzer input: split at the first line feed.
pub fn two(input: &str) -> (&str, &str) {
    input.split_once('\n').unwrap_or((input, ""))
}
