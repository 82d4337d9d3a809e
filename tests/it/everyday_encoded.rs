//! Issue 22's "setters and the builder use [the encoder] when asked": the
//! `_encoded` setters and builder methods take plain text, for every
//! syntax, XRI's components included. Each is the plain method given
//! `pct::encode`'s text (so nothing is encoded twice: what was given
//! decodes back from what was set), and for the components that can hold
//! any encoded text (user information, host, query, fragment, a path after
//! "/") it is never refused.

use crate::common::made;

use made::{made, text, Made};
use proptest::prelude::*;
use xiri::pct::{self, Component};
use xiri::{
    AbsoluteBuf, GenericSyntax, Grammar, LeiriNote, ReferenceBuf, Rfc3986, Rfc3987, Rfc3987bis,
    Syntax, XriBuf, XriRefBuf,
};

/// The text of a result, or why it was refused.
fn shown<T: std::fmt::Display, E: std::fmt::Display>(r: Result<T, E>) -> Result<String, String> {
    r.map(|v| v.to_string()).map_err(|e| e.to_string())
}

fn decodes_to(encoded: Option<&str>, raw: &str) -> Result<(), TestCaseError> {
    let decoded = encoded.map(|e| pct::decode_utf8(e).map(|d| d.into_owned()));
    prop_assert_eq!(decoded, Some(Ok(raw.to_string())));
    Ok(())
}

fn generic_holds<S: GenericSyntax + Syntax>(m: &Made, raw: &str) -> Result<(), TestCaseError> {
    let grammar = <S as Syntax>::GRAMMAR;
    let enc = |c: Component| pct::encode(raw, c, grammar).into_owned();
    let r =
        ReferenceBuf::<S>::parse(m.text.clone()).map_err(|e| TestCaseError::fail(e.to_string()))?;

    // Setters: the same as the plain setter on the encoded text.
    let (mut a, mut b) = (r.clone(), r.clone());
    prop_assert_eq!(
        a.set_userinfo_encoded(Some(raw)).is_ok(),
        b.set_userinfo(Some(&enc(Component::Userinfo))).is_ok()
    );
    prop_assert_eq!(&a, &b);
    if r.authority().is_some() {
        prop_assert!(a.userinfo().is_some(), "{:?} refused in {}", raw, r);
        decodes_to(a.userinfo(), raw)?;
    }
    let (mut a, mut b) = (r.clone(), r.clone());
    prop_assert_eq!(
        a.set_host_encoded(raw).is_ok(),
        b.set_host(&enc(Component::Host)).is_ok()
    );
    prop_assert_eq!(&a, &b);
    if r.authority().is_some() {
        decodes_to(a.host().map(|h| h.as_str()), raw)?;
    }

    // The builder: each `_encoded` method builds what the plain one does
    // with the encoded text, and reads back as the text given.
    let base = || ReferenceBuf::<S>::builder().scheme("s");
    let pairs = [
        (
            base().host("h").userinfo_encoded(raw).build(),
            base().host("h").userinfo(&enc(Component::Userinfo)).build(),
        ),
        (
            base().host_encoded(raw).build(),
            base().host(&enc(Component::Host)).build(),
        ),
        (
            base().host("h").path_encoded(&format!("/{raw}")).build(),
            base()
                .host("h")
                .path(&format!("/{}", enc(Component::Path)))
                .build(),
        ),
        (
            base().query_encoded(raw).build(),
            base().query(&enc(Component::Query)).build(),
        ),
        (
            base().fragment_encoded(raw).build(),
            base().fragment(&enc(Component::Fragment)).build(),
        ),
    ];
    for (i, (encoded, plain)) in pairs.into_iter().enumerate() {
        prop_assert_eq!(
            shown(encoded.as_ref()),
            shown(plain.as_ref()),
            "method {}",
            i
        );
        let built = encoded.map_err(|e| TestCaseError::fail(format!("method {i}: {e}")))?;
        let read = match i {
            0 => built.userinfo(),
            1 => built.host().map(|h| h.as_str()),
            2 => built.path().strip_prefix('/'),
            3 => built.query(),
            _ => built.fragment(),
        };
        decodes_to(read, raw)?;
    }
    // The absolute builder encodes the same way.
    let absolute = AbsoluteBuf::<S>::builder()
        .scheme("s")
        .query_encoded(raw)
        .fragment_encoded(raw)
        .build()
        .map_err(|e| TestCaseError::fail(e.to_string()))?;
    decodes_to(absolute.query(), raw)?;
    decodes_to(absolute.fragment(), raw)?;
    Ok(())
}

fn xri_holds(x: &XriRefBuf, raw: &str) -> Result<(), TestCaseError> {
    let enc = |c: Component| pct::encode(raw, c, Grammar::Xri).into_owned();
    // Query and fragment: always taken, read back as given.
    let mut y = x.clone();
    y.set_query_encoded(Some(raw))
        .map_err(|e| TestCaseError::fail(e.to_string()))?;
    prop_assert_eq!(y.query(), Some(&*enc(Component::Query)));
    decodes_to(y.query(), raw)?;
    prop_assert_eq!((y.path(), y.fragment()), (x.path(), x.fragment()));
    let mut y = x.clone();
    y.set_fragment_encoded(Some(raw))
        .map_err(|e| TestCaseError::fail(e.to_string()))?;
    decodes_to(y.fragment(), raw)?;
    prop_assert_eq!((y.path(), y.query()), (x.path(), x.query()));
    let mut y = x.clone();
    y.set_query_encoded(None).unwrap();
    prop_assert_eq!(y.query(), None);
    // The path: the plain setter on the encoded text, refused or not.
    let (mut a, mut b) = (x.clone(), x.clone());
    let path = format!("/{raw}");
    prop_assert_eq!(
        a.set_path_encoded(&path).is_ok(),
        b.set_path(&pct::encode(&path, Component::Path, Grammar::Xri))
            .is_ok()
    );
    prop_assert_eq!(&a, &b);
    // The builder, on the absolute type.
    let base = || XriBuf::builder().authority("=a");
    let built = base()
        .query_encoded(raw)
        .fragment_encoded(raw)
        .build()
        .map_err(|e| TestCaseError::fail(e.to_string()))?;
    decodes_to(built.query(), raw)?;
    decodes_to(built.fragment(), raw)?;
    let plain = base()
        .query(&enc(Component::Query))
        .fragment(&enc(Component::Fragment))
        .build();
    prop_assert_eq!(Ok(built), plain.map_err(|e| e.to_string()));
    prop_assert_eq!(
        shown(base().path_encoded(&path).build()),
        shown(
            base()
                .path(&pct::encode(&path, Component::Path, Grammar::Xri))
                .build()
        )
    );
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn encoded_setters_and_builder_methods_take_plain_text(
        uri in made(Grammar::Uri),
        iri in made(Grammar::Iri),
        raw in text(),
    ) {
        generic_holds::<Rfc3986>(&uri, &raw)?;
        generic_holds::<Rfc3987>(&uri, &raw)?;
        generic_holds::<Rfc3987bis>(&iri, &raw)?;
        generic_holds::<LeiriNote>(&iri, &raw)?;
    }

    #[test]
    fn xri_encoded_setters_and_builder_methods_take_plain_text(
        base in prop::sample::select(vec!["xri://@a*b/c?q#f", "=a", "a/b", "(+x)/y?z", "xri://h:1/p"]),
        raw in text(),
    ) {
        xri_holds(&base.parse().unwrap(), &raw)?;
    }
}

/// A "%" given to an `_encoded` method is text, never taken for an escape.
#[test]
fn nothing_is_encoded_twice_or_taken_as_an_escape() {
    let built = xiri::UriRefBuf::builder()
        .query_encoded("a=%41")
        .fragment_encoded("%zz")
        .build()
        .unwrap();
    assert_eq!(built.as_str(), "?a=%2541#%25zz");
    let mut x: XriRefBuf = "=a".parse().unwrap();
    x.set_fragment_encoded(Some("100%")).unwrap();
    assert_eq!(x.as_str(), "=a#100%25");
    let mut r: xiri::IriBuf = "http://h/".parse().unwrap();
    r.set_userinfo_encoded(Some("a%b@c")).unwrap();
    assert_eq!(r.as_str(), "http://a%25b%40c@h/");
}
