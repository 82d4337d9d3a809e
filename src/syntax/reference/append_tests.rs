//! `append_path_segment` and `append_query_pair` check only the piece
//! they append where `set::piece_fits` says that settles it: held here to
//! the full check they replaced (the new path or query set through
//! `set_path` or `set_query`, which parses the whole text), on random
//! values of the four grammars and random plain-text pieces; and the
//! value's components to a fresh parse of its text.

use super::{AbsoluteBuf, ReferenceBuf};
use crate::syntax::set::{with_pair, with_segment};
use crate::syntax::{GenericSyntax, LeiriNote, Rfc3986, Rfc3987, Rfc3987bis};
use proptest::prelude::*;

const SCHEMES: &[&str] = &["", "s:", "http:"];
const AUTHORITIES: &[&str] = &["", "//", "//u:p@h:1", "//[::1]"];
const PATHS: &[&str] = &[
    "", "/", "a", "a/", "/a:b", "b:c", "//x", "%41/", "r\u{e9}s", "/a/",
];
const QUERIES: &[&str] = &["", "?", "?a=1", "?a&", "?\u{e9}=%20"];
const FRAGMENTS: &[&str] = &["", "#", "#f"];
const PIECES: &[&str] = &[
    "",
    "a",
    "/",
    ":",
    "a:b",
    "%",
    "%41",
    "?",
    "#",
    "&",
    "=",
    "+",
    " ",
    "\u{e9}",
    "\u{10ffff}",
    "(",
    "[",
    "\\",
    "//",
];

fn one(list: &'static [&'static str]) -> impl Strategy<Value = &'static str> {
    proptest::sample::select(list)
}

fn text() -> impl Strategy<Value = String> {
    (
        one(SCHEMES),
        one(AUTHORITIES),
        one(PATHS),
        one(QUERIES),
        one(FRAGMENTS),
    )
        .prop_map(|(s, a, p, q, f)| format!("{s}{a}{p}{q}{f}"))
}

fn plain() -> impl Strategy<Value = String> {
    proptest::collection::vec(one(PIECES), 0..4).prop_map(|v| v.concat())
}

/// Each component of `a` and `b`, which must be the same.
macro_rules! same_components {
    ($a:expr, $b:expr, $why:expr) => {{
        let (a, b) = (&$a, &$b);
        assert_eq!(a.as_str(), b.as_str(), "{}", $why);
        assert_eq!(a.scheme(), b.scheme(), "{}", $why);
        assert_eq!(a.authority(), b.authority(), "{}", $why);
        assert_eq!(a.userinfo(), b.userinfo(), "{}", $why);
        assert_eq!(
            a.host().map(|h| h.as_str()),
            b.host().map(|h| h.as_str()),
            "{}",
            $why
        );
        assert_eq!(a.port(), b.port(), "{}", $why);
        assert_eq!(a.path(), b.path(), "{}", $why);
        assert_eq!(a.query(), b.query(), "{}", $why);
        assert_eq!(a.fragment(), b.fragment(), "{}", $why);
    }};
}

/// The fast way and the full check agree: both refuse, or both give
/// the same components, which a fresh parse of the text gives too.
macro_rules! agree {
    ($Buf:ident, $S:ty, $fast:expr, $got:expr, $full:expr, $want:expr, $why:expr) => {{
        assert_eq!(
            $got.is_ok(),
            $want.is_ok(),
            "{}: {:?} {:?}",
            $why,
            $got,
            $want
        );
        same_components!($fast, $full, $why);
        let fresh = $Buf::<$S>::parse($fast.as_str().to_string()).unwrap();
        same_components!($fast, fresh, $why);
    }};
}

/// The appends against the full check, for `Buf` (a reference or an
/// absolute value) of syntax `S`.
macro_rules! against_full_check {
    ($Buf:ident, $S:ty, $text:expr, $segment:expr, $key:expr, $value:expr) => {{
        if let Ok(base) = $Buf::<$S>::parse($text.clone()) {
            let grammar = <$S as crate::syntax::sealed::Generic>::GRAMMAR;
            let why = format!(
                "{} {:?} {:?} {:?} {:?}",
                stringify!($Buf),
                $text,
                $segment,
                $key,
                $value
            );

            let mut fast = base.clone();
            let got = fast.append_path_segment(&$segment);
            let mut full = base.clone();
            let r = base.as_borrowed();
            let want = with_segment(r.path(), r.authority().is_some(), &$segment, grammar)
                .and_then(|path| full.set_path(&path));
            agree!($Buf, $S, fast, got, full, want, why);

            let mut fast = base.clone();
            let got = fast.append_query_pair(&$key, $value.as_deref());
            let mut full = base.clone();
            let query = with_pair(base.query(), &$key, $value.as_deref(), grammar);
            let want = full.set_query(Some(&query));
            agree!($Buf, $S, fast, got, full, want, why);
        }
    }};
}

fn check<S: GenericSyntax>(
    text: &String,
    segment: &String,
    key: &String,
    value: &Option<String>,
) -> Result<(), TestCaseError> {
    against_full_check!(ReferenceBuf, S, text, segment, key, value);
    against_full_check!(AbsoluteBuf, S, text, segment, key, value);
    Ok(())
}

/// The same for the XRI types, whose segments and query are XRI's.
fn check_xri(text: &str, segment: &str, key: &str, value: Option<&str>) {
    use crate::syntax::grammar::Grammar;
    use crate::{XriBuf, XriRefBuf};
    macro_rules! xri {
        ($Buf:ident, $borrow:ident) => {
            if let Ok(base) = $Buf::parse(text.to_string()) {
                let why = format!(
                    "{} {text:?} {segment:?} {key:?} {value:?}",
                    stringify!($Buf)
                );
                let mut fast = base.clone();
                let got = fast.append_path_segment(segment);
                let mut full = base.clone();
                let want = with_segment(
                    base.path(),
                    base.$borrow().is_absolute(),
                    segment,
                    Grammar::Xri,
                )
                .and_then(|path| full.set_path(&path));
                xri_agree(
                    &why,
                    got.is_ok() == want.is_ok(),
                    fast.as_str(),
                    full.as_str(),
                );
                let mut fast = base.clone();
                let got = fast.append_query_pair(key, value);
                let mut full = base.clone();
                let want = full.set_query(Some(&with_pair(base.query(), key, value, Grammar::Xri)));
                xri_agree(
                    &why,
                    got.is_ok() == want.is_ok(),
                    fast.as_str(),
                    full.as_str(),
                );
                let fresh = $Buf::parse(fast.as_str().to_string()).unwrap();
                assert_eq!(
                    (fast.path(), fast.query(), fast.fragment()),
                    (fresh.path(), fresh.query(), fresh.fragment()),
                    "{why}"
                );
            }
        };
    }
    xri!(XriRefBuf, as_borrowed);
    xri!(XriBuf, as_xri);
}

fn xri_agree(why: &str, same_verdict: bool, fast: &str, full: &str) {
    assert!(same_verdict, "{why}");
    assert_eq!(fast, full, "{why}");
}

const XRI_TEXTS: &[&str] = &[
    "xri://@a*b/c?x=1#f",
    "@a",
    "@a/",
    "=a/b?",
    "xri://u:p@h/p?q",
    "a/b",
    "(+a)/b#f",
    "/",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn appending_a_piece_agrees_with_the_full_check(
        text in text(),
        segment in plain(),
        key in plain(),
        value in proptest::option::of(plain()),
    ) {
        check::<Rfc3986>(&text, &segment, &key, &value)?;
        check::<Rfc3987>(&text, &segment, &key, &value)?;
        check::<Rfc3987bis>(&text, &segment, &key, &value)?;
        check::<LeiriNote>(&text, &segment, &key, &value)?;
    }

    #[test]
    fn appending_to_an_xri_agrees_with_the_full_check(
        text in one(XRI_TEXTS),
        segment in plain(),
        key in plain(),
        value in proptest::option::of(plain()),
    ) {
        check_xri(text, &segment, &key, value.as_deref());
    }
}
