//! Issue 22's changing and building, held by properties for every
//! syntax: a setter that succeeds gives back the value it set and leaves
//! the other components alone, and the result re-parses as itself; a
//! refused setter leaves the value as it was; a value encoded for its
//! component is never refused where the component can hold it; the
//! builder agrees with parsing the text it was built from.

use crate::common::made;

use made::{made, text, Made};
use proptest::prelude::*;
use xiri::pct::{self, Component};
use xiri::{
    AbsoluteBuf, GenericSyntax, Grammar, LeiriNote, ReferenceBuf, Rfc3986, Rfc3987, Rfc3987bis,
    SetError, Syntax,
};

/// The five components of a reference, to compare before and after.
fn parts<S: GenericSyntax>(r: &ReferenceBuf<S>) -> [Option<String>; 5] {
    [
        r.scheme().map(str::to_string),
        r.authority().map(str::to_string),
        Some(r.path().to_string()),
        r.query().map(str::to_string),
        r.fragment().map(str::to_string),
    ]
}

/// Holds one setter call on `r`: refused, nothing changed; done, the
/// component is `expected`, the others are as they were but for `changes`
/// (the places of `parts` the setter may change), and the text re-parses.
fn holds<S: GenericSyntax>(
    r: &ReferenceBuf<S>,
    set: impl FnOnce(&mut ReferenceBuf<S>) -> Result<(), SetError>,
    read: impl Fn(&ReferenceBuf<S>) -> Option<String>,
    expected: Option<&str>,
    changes: &[usize],
) -> Result<bool, TestCaseError> {
    let mut changed = r.clone();
    match set(&mut changed) {
        Err(_) => {
            prop_assert_eq!(changed.as_str(), r.as_str());
            prop_assert_eq!(parts(&changed), parts(r));
            Ok(false)
        }
        Ok(()) => {
            let read = read(&changed);
            prop_assert_eq!(read.as_deref(), expected);
            let (before, after) = (parts(r), parts(&changed));
            for i in (0..5).filter(|i| !changes.contains(i)) {
                prop_assert_eq!(&before[i], &after[i], "component {} of {:?}", i, changed);
            }
            let again = ReferenceBuf::<S>::parse(changed.as_str().to_string());
            prop_assert_eq!(again.map(|a| parts(&a)).ok(), Some(after));
            Ok(true)
        }
    }
}

fn setters_hold<S: GenericSyntax + Syntax>(m: &Made, raw: &str) -> Result<(), TestCaseError> {
    let grammar = <S as Syntax>::GRAMMAR;
    let r =
        ReferenceBuf::<S>::parse(m.text.clone()).map_err(|e| TestCaseError::fail(e.to_string()))?;
    let owned = |s: Option<&str>| s.map(str::to_string);
    // Query and fragment: encoded, always taken; raw, taken or refused.
    for value in [&*pct::encode(raw, Component::Query, grammar), raw] {
        let done = holds(
            &r,
            |x| x.set_query(Some(value)),
            |x| owned(x.query()),
            Some(value),
            &[3],
        )?;
        prop_assert!(done || value == raw, "encoded query {:?} refused", value);
    }
    for value in [&*pct::encode(raw, Component::Fragment, grammar), raw] {
        let done = holds(
            &r,
            |x| x.set_fragment(Some(value)),
            |x| owned(x.fragment()),
            Some(value),
            &[4],
        )?;
        prop_assert!(done || value == raw, "encoded fragment {:?} refused", value);
    }
    // The encoded setters take plain text: the same as encoding it first,
    // and always taken for the query and the fragment.
    let encoded = pct::encode(raw, Component::Query, grammar);
    prop_assert!(holds(
        &r,
        |x| x.set_query_encoded(Some(raw)),
        |x| owned(x.query()),
        Some(&encoded),
        &[3]
    )?);
    let encoded = pct::encode(raw, Component::Fragment, grammar);
    prop_assert!(holds(
        &r,
        |x| x.set_fragment_encoded(Some(raw)),
        |x| owned(x.fragment()),
        Some(&encoded),
        &[4]
    )?);
    prop_assert!(holds(
        &r,
        |x| x.set_query(None),
        |x| owned(x.query()),
        None,
        &[3]
    )?);
    prop_assert!(holds(
        &r,
        |x| x.set_fragment(None),
        |x| owned(x.fragment()),
        None,
        &[4]
    )?);
    // A path of encoded segments after "/" is taken unless it would start
    // with "//" and there is no authority.
    let segment = pct::encode(raw, Component::PathSegment, grammar);
    let path = format!("/x/{segment}");
    prop_assert!(holds(
        &r,
        |x| x.set_path(&path),
        |x| Some(x.path().to_string()),
        Some(path.as_str()),
        &[2]
    )?);
    holds(
        &r,
        |x| x.set_path(raw),
        |x| Some(x.path().to_string()),
        Some(raw),
        &[2],
    )?;
    holds(
        &r,
        |x| x.append_path_segment(raw),
        |x| x.path_segments().next_back().map(str::to_string),
        Some(&*segment),
        &[2],
    )?;
    // A query pair is always taken, and read back decoded.
    let mut x = r.clone();
    x.append_query_pair(raw, Some(raw))
        .map_err(|e| TestCaseError::fail(e.to_string()))?;
    let last = x
        .query_pairs()
        .last()
        .map(|(k, v)| (k.into_owned(), v.into_owned()));
    prop_assert_eq!(last, Some((raw.to_string(), raw.to_string())));
    // Authority parts: encoded, taken; raw, taken or refused.
    let host = pct::encode(raw, Component::Host, grammar);
    for value in [&*host, raw] {
        let done = holds(
            &r,
            |x| x.set_host(value),
            |x| x.host().map(|h| h.to_string()),
            Some(value),
            &[1],
        )?;
        // An encoded host is refused only where adding an authority to a
        // path without "/" would change it.
        prop_assert!(
            done || value == raw
                || (r.authority().is_none() && !r.path().is_empty() && !r.path().starts_with('/'))
        );
    }
    let userinfo = pct::encode(raw, Component::Userinfo, grammar);
    for value in [&*userinfo, raw] {
        let done = holds(
            &r,
            |x| x.set_userinfo(Some(value)),
            |x| owned(x.userinfo()),
            Some(value),
            &[1],
        )?;
        prop_assert!(done || value == raw || r.authority().is_none());
    }
    let port = raw.len() as u16;
    let done = holds(
        &r,
        |x| x.set_port(Some(port)),
        |x| owned(x.port()),
        Some(&port.to_string()),
        &[1],
    )?;
    prop_assert_eq!(done, r.authority().is_some());
    holds(
        &r,
        |x| x.set_authority(Some(raw)),
        |x| owned(x.authority()),
        Some(raw),
        &[1],
    )?;
    holds(
        &r,
        |x| x.set_authority(None),
        |x| owned(x.authority()),
        None,
        &[1],
    )?;
    holds(
        &r,
        |x| x.set_scheme(Some(raw)),
        |x| owned(x.scheme()),
        Some(raw),
        &[0],
    )?;
    let done = holds(
        &r,
        |x| x.set_scheme(Some("s")),
        |x| owned(x.scheme()),
        Some("s"),
        &[0],
    )?;
    prop_assert!(done);
    holds(
        &r,
        |x| x.set_scheme(None),
        |x| owned(x.scheme()),
        None,
        &[0],
    )?;
    // The absolute type refuses to lose its scheme and otherwise agrees.
    if let Ok(mut a) = AbsoluteBuf::<S>::parse(m.text.clone()) {
        let before = a.clone();
        prop_assert!(a.set_scheme(None).is_err());
        prop_assert_eq!(&a, &before);
        let mut b = r.clone();
        prop_assert_eq!(
            a.set_query(Some(raw)).is_ok(),
            b.set_query(Some(raw)).is_ok()
        );
        prop_assert_eq!(a.as_str(), b.as_str());
    }
    Ok(())
}

fn builder_agrees<S: GenericSyntax + Syntax>(m: &Made) -> Result<(), TestCaseError> {
    let port = match m.port.as_deref() {
        None => None,
        Some(p) => match p.parse::<u16>() {
            Ok(n) if n.to_string() == p => Some(n),
            _ => return Ok(()),
        },
    };
    let mut b = ReferenceBuf::<S>::builder().path(&m.path);
    if let Some(s) = &m.scheme {
        b = b.scheme(s);
    }
    if let Some((name, password)) = &m.user {
        let userinfo = match password {
            Some(pw) => format!("{name}:{pw}"),
            None => name.clone(),
        };
        b = b.userinfo(&userinfo);
    }
    if let Some(h) = &m.host {
        b = b.host(h);
    }
    if let Some(p) = port {
        b = b.port(p);
    }
    if let Some(q) = &m.query {
        b = b.query(q);
    }
    if let Some(f) = &m.fragment {
        b = b.fragment(f);
    }
    let built = b.build().map_err(|e| TestCaseError::fail(e.to_string()))?;
    prop_assert_eq!(built.as_str(), &m.text);
    let absolute = AbsoluteBuf::<S>::parse(m.text.clone()).ok();
    let mut ab = AbsoluteBuf::<S>::builder().path(&m.path);
    if let Some(s) = &m.scheme {
        ab = ab.scheme(s);
    }
    if let Some(h) = &m.host {
        ab = ab.host(h);
    }
    let built = ab.build();
    prop_assert_eq!(built.is_ok(), m.scheme.is_some());
    if m.user.is_none() && port.is_none() && m.query.is_none() && m.fragment.is_none() {
        prop_assert_eq!(built.ok(), absolute);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn setters_give_back_what_they_set_or_change_nothing(
        uri in made(Grammar::Uri),
        iri in made(Grammar::Iri),
        raw in text(),
    ) {
        setters_hold::<Rfc3986>(&uri, &raw)?;
        setters_hold::<Rfc3987>(&uri, &raw)?;
        setters_hold::<Rfc3987bis>(&iri, &raw)?;
        setters_hold::<LeiriNote>(&iri, &raw)?;
    }

    #[test]
    fn the_builder_and_parsing_agree(uri in made(Grammar::Uri), iri in made(Grammar::Iri)) {
        builder_agrees::<Rfc3986>(&uri)?;
        builder_agrees::<Rfc3987>(&iri)?;
        builder_agrees::<Rfc3987bis>(&iri)?;
        builder_agrees::<LeiriNote>(&uri)?;
    }

    #[test]
    fn xri_setters_give_back_what_they_set_or_change_nothing(
        base in prop::sample::select(vec!["xri://@a*b/c?q#f", "=a", "a/b", "(+x)/y?z", "xri://h:1/p"]),
        raw in text(),
    ) {
        let x: xiri::XriRefBuf = base.parse().unwrap();
        for value in [pct::encode(&raw, Component::Query, Grammar::Xri).into_owned(), raw.clone()] {
            let mut y = x.clone();
            match y.set_query(Some(&value)) {
                Ok(()) => {
                    prop_assert_eq!(y.query(), Some(&*value));
                    prop_assert_eq!(y.path(), x.path());
                    prop_assert_eq!(y.fragment(), x.fragment());
                    prop_assert_eq!(y.authority(), x.authority());
                    prop_assert_eq!(xiri::XriRef::parse(y.as_str()).ok(), Some(y.as_borrowed()));
                }
                Err(_) => {
                    prop_assert_eq!(&y, &x);
                    prop_assert!(value == raw, "encoded {:?} refused", value);
                }
            }
            let mut y = x.clone();
            match y.set_fragment(Some(&value)) {
                Ok(()) => {
                    prop_assert_eq!(y.fragment(), Some(&*value));
                    prop_assert_eq!(y.query(), x.query());
                }
                Err(_) => prop_assert_eq!(&y, &x),
            }
            let mut y = x.clone();
            match y.set_path(&value) {
                Ok(()) => {
                    prop_assert_eq!(y.path(), &*value);
                    prop_assert_eq!(y.authority(), x.authority());
                    prop_assert_eq!(y.query(), x.query());
                }
                Err(_) => prop_assert_eq!(&y, &x),
            }
        }
        let mut y = x.clone();
        y.append_query_pair(&raw, Some(&raw)).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let last = y.query_pairs().last().map(|(k, v)| (k.into_owned(), v.into_owned()));
        prop_assert_eq!(last, Some((raw.clone(), raw.clone())));
        // The builder builds what parsing the same text reads.
        let mut b = xiri::XriRefBuf::builder().path(x.path());
        if x.has_prefix() {
            b = b.prefix();
        }
        if let Some(a) = x.authority() {
            b = b.authority(a.as_str());
        }
        if let Some(q) = x.query() {
            b = b.query(q);
        }
        if let Some(f) = x.fragment() {
            b = b.fragment(f);
        }
        let built = b.clone().query_pair(&raw, &raw).build();
        let mut expected = x.clone();
        expected.append_query_pair(&raw, Some(&raw)).unwrap();
        prop_assert_eq!(built.ok(), Some(expected));
        prop_assert_eq!(b.build().ok(), Some(x.clone()));
        let mut y = x.clone();
        if y.append_path_segment(&raw).is_ok() {
            let segment = pct::encode(&raw, Component::PathSegment, Grammar::Xri);
            prop_assert!(y.path().ends_with(&*segment));
        } else {
            prop_assert_eq!(&y, &x);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// A refused setter's error, which keeps the refusal of the text it
    /// would have made, never shows the password it was given; an XRI's
    /// masked display replaces exactly the password.
    #[test]
    fn no_setter_error_shows_a_password(
        pw in "[A-Z][a-z0-9 <>%^{}|]{7,12}",
        base in prop::sample::select(vec!["http://h/p", "//h", "s://u@h:1/?q#f"]),
    ) {
        let userinfo = format!("anne:{pw}");
        let mut r: xiri::IriRefBuf = base.parse().unwrap();
        if let Err(e) = r.set_userinfo(Some(&userinfo)) {
            prop_assert!(!e.to_string().contains(&pw), "{}", e);
            let debug = format!("{e:?}");
            prop_assert!(!debug.contains(&pw), "{}", debug);
        }
        let mut x: xiri::XriRefBuf = "xri://h/a".parse().unwrap();
        if let Err(e) = x.set_authority(Some(&format!("{userinfo}@h"))) {
            prop_assert!(!e.to_string().contains(&pw), "{}", e);
            let debug = format!("{e:?}");
            prop_assert!(!debug.contains(&pw), "{}", debug);
        }
        let encoded = pct::encode(&pw, Component::Userinfo, Grammar::Xri);
        let x: xiri::XriRefBuf = format!("xri://anne:{encoded}@h/a").parse().unwrap();
        prop_assert_eq!(x.mask_password().to_string(), "xri://anne:****@h/a");
    }
}
