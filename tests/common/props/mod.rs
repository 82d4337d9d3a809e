//! What every public operation must keep on any input (issue 11), for all
//! five grammars. Each check is a function of one or two strings giving a
//! `Check`: an `Err` describes the first property that fails, as "what |
//! details" (the part before " | " names the property, so failures can be
//! told apart); a panic is a failure too. Used by `tests/hostile.rs` (proptest and the
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
    /// With every combination of the options (the tests).
    Full,
    /// With the default options and one more combination picked by the
    /// inputs' hash (the fuzz target, issue 27): a quarter of the work, so
    /// that it runs 2,000 inputs a second, and every combination is still
    /// met, on other inputs.
    Sampled,
}

/// The options `input` and `other` are checked with at `depth`.
pub fn options(depth: Depth, input: &str, other: &str) -> Vec<Normalization> {
    use std::hash::{Hash, Hasher};
    let all = all_options();
    if depth == Depth::Full {
        return all.collect();
    }
    // `DefaultHasher::new` has fixed keys: the same inputs, the same pick.
    let mut hasher = std::hash::DefaultHasher::new();
    (input, other).hash(&mut hasher);
    let picked = hasher.finish() % 7 + 1;
    all.enumerate()
        .filter(|(i, _)| *i == 0 || *i as u64 == picked)
        .map(|(_, o)| o)
        .collect()
}

/// The options without NFC and NFKC.
fn without_forms(options: Normalization) -> Normalization {
    options.with_nfc(false).with_nfkc(false)
}

/// The URI-like grammars' properties, generic over the parse functions:
/// `$g` names the grammar in messages.
macro_rules! uri_like {
    ($m:ident, $g:literal, $Ref:ident, $Abs:ident, $ref:path, $abs:path) => {
        pub mod $m {
            use super::*;

            pub fn parse(s: &str) -> Check {
                match $ref(s) {
                    Ok(r) => {
                        ensure!(r.as_str() == s, concat!($g, " parse: as_str differs | {:?}"), s);
                        ensure!(r.to_buf().as_borrowed() == r, concat!($g, " parse: to_buf differs | {:?}"), s);
                        ensure!(
                            $abs(s).is_ok() == r.is_absolute(),
                            concat!($g, " parse: absolute parse disagrees | {:?}"),
                            s
                        );
                    }
                    Err(e) => error_on(&e, s, concat!($g, " parse"))?,
                }
                if let Err(e) = $abs(s) {
                    error_on(&e, s, concat!($g, " parse absolute"))?;
                }
                Ok(())
            }

            /// `reference` against `base`, and `relativize` both ways.
            pub fn resolution(base: &str, reference: &str) -> Check {
                let Ok(b) = $abs(base) else { return Ok(()) };
                if let Ok(r) = $ref(reference) {
                    let target = b.resolve(&r);
                    let t = target.as_borrowed();
                    ensure!(
                        reparses(t.as_str(), |x| $abs(x).map(xiri::Reference::from), t.as_reference()),
                        concat!($g, " resolve: the target does not re-parse as itself | {:?} + {:?} -> {:?}"),
                        base, reference, t.as_str()
                    );
                    let mut buffer = String::from("dirty");
                    let into = b.resolve_into(&r, &mut buffer);
                    ensure!(parts(into.as_reference()) == parts(t.as_reference()), concat!($g, " resolve_into differs from resolve | {:?} + {:?}"), base, reference);
                    // RFC 3986 5.2.2: an empty path takes the base's as it is,
                    // dot segments and all; another has them removed.
                    let keeps_base = r.scheme().is_none() && r.authority().is_none() && r.path().is_empty();
                    let again = b.resolve(&$Ref::from(t));
                    ensure!(
                        keeps_base || again == target,
                        concat!($g, " resolve: resolving the target changes it | {:?} + {:?} -> {:?} -> {:?}"),
                        base, reference, t.as_str(), again.as_str()
                    );
                    relativize(&b, &t)?;
                }
                if let Ok(t) = $abs(reference) {
                    relativize(&b, &t)?;
                    relativize(&t, &b)?;
                }
                Ok(())
            }

            /// The reference parses and resolves to what the target resolves
            /// to, and is no longer than the target.
            fn relativize(base: &$Abs<'_>, target: &$Abs<'_>) -> Check {
                let (b, t) = (base.as_str(), target.as_str());
                let relative = base.relative(target).map_err(|e| {
                    format!(concat!($g, " relativize: refused | {:?} to {:?}: {}"), b, t, e)
                })?;
                let text = relative.as_ref();
                let Ok(parsed) = $ref(text) else {
                    return Err(format!(concat!($g, " relativize: the reference does not parse | {:?} to {:?} -> {:?}"), b, t, text));
                };
                ensure!(parts(&parsed) == parts(&relative.as_borrowed()), concat!($g, " relativize: spans differ from a parse | {:?} to {:?}"), b, t);
                let expected = base.resolve(&$Ref::from(*target));
                let back = base.resolve(&parsed);
                ensure!(
                    back == expected,
                    concat!($g, " relativize: the reference resolves elsewhere | {:?} to {:?} -> {:?} -> {:?}"),
                    b, t, text, back.as_str()
                );
                ensure!(text.len() <= t.len(), concat!($g, " relativize: longer than the target | {:?} to {:?} -> {:?}"), b, t, text);
                Ok(())
            }

            /// The parts that say how a reference reads: which components
            /// there are and, with `path`, how many path segments; with
            /// `port`, whether there is a port.
            fn shape(x: &$Abs<'_>, path: bool, port: bool) -> [usize; 6] {
                let has = |o: Option<&str>| usize::from(o.is_some());
                let segments = if path { x.path().split('/').count() } else { 0 };
                // RFC 3986 3.2.3: an empty port goes in every normal form.
                let port = if port { has(x.port().filter(|p| !p.is_empty())) } else { 0 };
                [has(x.authority()), has(x.userinfo()), port, segments, has(x.query()), has(x.fragment())]
            }

            /// Normalization of a reference, relative or absolute, with
            /// every option, and equivalence with `other`: what holds of
            /// absolute ones, an absolute one's normal form is the one
            /// `Absolute` gives, and against every base (the fixed ones,
            /// `other` and its normal form) the normal form resolves to a target
            /// equivalent to the one the reference resolves to.
            pub fn references(input: &str, other: &str, depth: Depth) -> Check {
                let Ok(x) = $ref(input) else { return Ok(()) };
                let y = $ref(other).ok();
                for o in options(depth, input, other) {
                    let what = concat!($g, " reference");
                    an_equivalence((&x, y.as_ref()), |a, b, o| a.is_equivalent(b, o), o, what, (input, other))?;
                    let absolute = x.to_absolute().map(|a| a.normal(o).map(|n| n.as_str().to_string()));
                    let n = match x.normalize(o) {
                        Ok(n) => n,
                        Err(e) => {
                            ensure!(absolute.is_none_or(|a| a.is_err()), concat!($g, " reference normalize: refused, not as absolute | {:?} {:?}"), input, o);
                            refused(&e, input, o, what)?;
                            continue;
                        }
                    };
                    let nb = n.as_borrowed();
                    let text = nb.as_str();
                    ensure!(
                        absolute.is_none_or(|a| a.as_deref() == Ok(text)),
                        concat!($g, " reference normalize: differs from the absolute one | {:?} {:?} -> {:?}"),
                        input, o, text
                    );
                    ensure!(reparses(text, $ref, &nb), concat!($g, " reference normalize: does not re-parse as itself | {:?} {:?} -> {:?}"), input, o, text);
                    ensure!(nb.is_absolute() == x.is_absolute(), concat!($g, " reference normalize: absolute or not changed | {:?} {:?} -> {:?}"), input, o, text);
                    let twice = nb.normalize(o).map(|t| t.as_str().to_string());
                    ensure!(
                        twice.as_deref() == Ok(text),
                        concat!($g, " reference normalize: not idempotent | {:?} {:?} -> {:?} -> {:?}"),
                        input, o, text, twice
                    );
                    ensure!(x.is_equivalent(&nb, o), concat!($g, " reference is_equivalent: not to its normal form | {:?} {:?}"), input, o);
                    let path = nb.path();
                    let dotless = if x.is_absolute() || x.authority().is_some() || path.starts_with('/') {
                        no_dot_segments(path, nb.authority().is_some())
                    } else {
                        no_single_dots(path)
                    };
                    ensure!(dotless, concat!($g, " reference normalize: a dot segment is left | {:?} {:?} -> {:?}"), input, o, text);
                    ensure!(in_unicode_forms(text, o), concat!($g, " reference normalize: not in the Unicode form asked for | {:?} {:?} -> {:?}"), input, o, text);
                    let own = $abs(other).ok().and_then(|b| b.normal(o).ok());
                    let own = own.as_ref().map(|b| b.as_str());
                    for base in BASES.iter().copied().chain([Some(other), own].into_iter().flatten()) {
                        resolves_alike(base, &x, &nb, o)?;
                    }
                }
                Ok(())
            }

            /// Whether `r` is absolute or its path starts with "/" and has
            /// a segment that normalization makes a dot segment: its normal
            /// form, like an absolute one's, decodes it then removes dot
            /// segments (RFC 3986 6.2.2), where resolution reads it as a
            /// name (5.2.4), so the two can differ (docs/DECISIONS.md).
            fn rooted_with_hidden_dots(r: &$Ref<'_>) -> bool {
                let rooted = r.is_absolute() || r.authority().is_some() || r.path().starts_with('/');
                rooted && hides_dots(r.path())
            }

            /// `reference` and its normal form `normal` resolve against
            /// `base` to targets with the same normal form.
            fn resolves_alike(base: &str, reference: &$Ref<'_>, normal: &$Ref<'_>, o: Normalization) -> Check {
                let Ok(b) = $abs(base) else { return Ok(()) };
                if rooted_with_hidden_dots(reference) {
                    return Ok(());
                }
                let target = |r: &$Ref<'_>| {
                    let t = b.resolve(r);
                    let n = t.as_borrowed().normal(o).map(|n| n.as_str().to_string());
                    n
                };
                let (from_reference, from_normal) = (target(reference), target(normal));
                ensure!(
                    from_reference.is_ok() == from_normal.is_ok() && from_reference.as_ref().ok() == from_normal.as_ref().ok(),
                    concat!($g, " reference normalize: resolves elsewhere | {:?} + {:?} -> {:?}, its normal form {:?} -> {:?} ({:?})"),
                    base, reference.as_str(), from_reference, normal.as_str(), from_normal, o
                );
                Ok(())
            }

            /// Normalization with every option, and equivalence with
            /// `other`: of references, then of absolute ones.
            pub fn normalization(input: &str, other: &str, depth: Depth) -> Check {
                references(input, other, depth)?;
                let Ok(x) = $abs(input) else { return Ok(()) };
                let y = $abs(other).ok();
                for o in options(depth, input, other) {
                    an_equivalence((&x, y.as_ref()), |a, b, o| a.equivalent(b, o), o, $g, (input, other))?;
                    let n = match x.normal(o) {
                        Ok(n) => n,
                        Err(e) => {
                            refused(&e, input, o, $g)?;
                            continue;
                        }
                    };
                    let nb = n.as_borrowed();
                    ensure!(reparses(nb.as_str(), |x| $abs(x).map(xiri::Reference::from), nb.as_reference()), concat!($g, " normalize: does not re-parse as itself | {:?} {:?} -> {:?}"), input, o, nb.as_str());
                    let twice = nb.normal(o).map(|t| t.as_str().to_string());
                    ensure!(
                        twice.as_deref() == Ok(nb.as_str()),
                        concat!($g, " normalize: not idempotent | {:?} {:?} -> {:?} -> {:?}"),
                        input, o, nb.as_str(), twice
                    );
                    ensure!(x.equivalent(&nb, o), concat!($g, " is_equivalent: not to its normal form | {:?} {:?}"), input, o);
                    ensure!(no_dot_segments(nb.path(), nb.authority().is_some()), concat!($g, " normalize: a dot segment is left | {:?} {:?} -> {:?}"), input, o, nb.as_str());
                    ensure!(in_unicode_forms(nb.as_str(), o), concat!($g, " normalize: not in the Unicode form asked for | {:?} {:?} -> {:?}"), input, o, nb.as_str());
                    // Its segments stay, but for dot segments (maybe encoded)
                    // and an empty path ("/" with scheme_based); an empty
                    // port goes, and a default one may with scheme_based.
                    let path = x.path();
                    let dotless = !path.is_empty() && no_dot_segments(path, true) && !path.to_ascii_lowercase().contains("%2e");
                    ensure!(
                        o.nfc || o.nfkc || shape(&nb, dotless, !o.scheme_based) == shape(&x, dotless, !o.scheme_based),
                        concat!($g, " normalize: the components changed | {:?} {:?} -> {:?}"),
                        input, o, nb.as_str()
                    );
                    if let (true, Ok(p)) = (o.nfc || o.nfkc, x.normal(without_forms(o))) {
                        ensure!(
                            shape(&nb, true, true) == shape(&p.as_borrowed(), true, true),
                            concat!($g, " normalize: NFC or NFKC changed the structure | {:?} {:?} -> {:?}, without: {:?}"),
                            input, o, nb.as_str(), p.as_str()
                        );
                    }
                }
                Ok(())
            }
        }
    };
}

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
