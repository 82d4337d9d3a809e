//! Issue 22's everyday work, reading and encoding, held by properties for
//! every syntax: owned getters are the borrowed ones; path segments and
//! query pairs give the component back; encoding for a component gives
//! text that is valid there and decodes to the input; a masked value never
//! shows its password, and neither does a refusal's message.

use crate::common::made;

use made::{made, text, Made};
use proptest::prelude::*;
use xiri::pct::{self, Component};
use xiri::{GenericSyntax, Grammar, LeiriNote, Reference, Rfc3986, Rfc3987, Rfc3987bis};

const COMPONENTS: [Component; 8] = [
    Component::Userinfo,
    Component::UserName,
    Component::Host,
    Component::PathSegment,
    Component::Path,
    Component::Query,
    Component::QueryValue,
    Component::Fragment,
];

/// Where `encoded` lands when written into `component` of a reference of
/// syntax `S` with fixed other components, as the getters read it back.
fn placed<S: GenericSyntax>(component: Component, encoded: &str) -> Option<String> {
    let text = match component {
        Component::Userinfo => format!("s://{encoded}@h/"),
        Component::UserName => format!("s://{encoded}:pw@h/"),
        Component::Host => format!("s://{encoded}:1/"),
        Component::PathSegment => format!("s://h/{encoded}/x"),
        Component::Path => format!("s://h/{encoded}"),
        Component::Query | Component::QueryValue => format!("s:?k={encoded}&z#f"),
        Component::Fragment => format!("s:#{encoded}"),
        _ => return None,
    };
    let r = Reference::<S>::parse(&text).ok()?;
    Some(match component {
        Component::Userinfo => r.userinfo()?.to_string(),
        Component::UserName => r.username()?.to_string(),
        Component::Host => r.host()?.to_string(),
        Component::PathSegment => {
            let segments: Vec<_> = r.path_segments().collect();
            match segments.as_slice() {
                [one, "x"] => one.to_string(),
                _ => return None,
            }
        }
        Component::Path => r.path().strip_prefix('/')?.to_string(),
        Component::QueryValue => {
            let pairs: Vec<_> = r.raw_query_pairs().collect();
            match pairs.as_slice() {
                [("k", Some(v)), ("z", None)] => v.to_string(),
                _ => return None,
            }
        }
        Component::Query => r
            .query()?
            .strip_prefix("k=")?
            .strip_suffix("&z")?
            .to_string(),
        _ => r.fragment()?.to_string(),
    })
}

fn encoding_holds<S: GenericSyntax + xiri::Syntax>(input: &str) -> Result<(), TestCaseError> {
    let grammar = <S as xiri::Syntax>::GRAMMAR;
    for component in COMPONENTS {
        let encoded = pct::encode(input, component, grammar);
        // Valid in its component, and read back as itself.
        let read = placed::<S>(component, &encoded);
        prop_assert_eq!(
            read.as_deref(),
            Some(&*encoded),
            "{:?} {:?} in {}",
            component,
            input,
            grammar
        );
        // Decoded, it is the input.
        let decoded = pct::decode_utf8(&encoded);
        prop_assert_eq!(decoded.as_deref(), Ok(input));
        prop_assert_eq!(&*pct::decode(&encoded), input.as_bytes());
        if component == Component::QueryValue {
            prop_assert_eq!(pct::decode_form(&encoded), input);
        }
        // Encoding what is encoded encodes its "%" again: never a no-op
        // that would let a "%" read as an escape.
        if input.contains('%') {
            prop_assert_ne!(&*encoded, input);
        }
    }
    Ok(())
}

/// The XRI counterpart of [`placed`].
fn placed_xri(component: Component, encoded: &str) -> Option<String> {
    let text = match component {
        Component::Userinfo | Component::UserName if encoded.is_empty() => return None,
        Component::Host if encoded.is_empty() => return None,
        Component::Userinfo => format!("xri://{encoded}@h/"),
        Component::UserName => format!("xri://{encoded}:pw@h/"),
        Component::Host => format!("xri://{encoded}:1/"),
        Component::PathSegment => format!("@a/{encoded}/x"),
        Component::Path => format!("@a/{encoded}"),
        Component::Query | Component::QueryValue => format!("@a?k={encoded}&z#f"),
        Component::Fragment => format!("@a#{encoded}"),
        _ => return None,
    };
    let x = xiri::XriRef::parse(&text).ok()?;
    let authority = x.authority()?;
    Some(match component {
        Component::Userinfo => authority.userinfo()?.to_string(),
        Component::UserName => authority.username()?.to_string(),
        Component::Host => match authority {
            xiri::XriAuthority::Iri { host, .. } => host.to_string(),
            _ => return None,
        },
        Component::PathSegment => {
            let segments: Vec<_> = x.segments().map(|s| s.as_str()).collect();
            match segments.as_slice() {
                [one, "x"] => one.to_string(),
                _ => return None,
            }
        }
        Component::Path => x.path().strip_prefix('/')?.to_string(),
        Component::QueryValue => match x.raw_query_pairs().collect::<Vec<_>>().as_slice() {
            [("k", Some(v)), ("z", None)] => v.to_string(),
            _ => return None,
        },
        Component::Query => x
            .query()?
            .strip_prefix("k=")?
            .strip_suffix("&z")?
            .to_string(),
        _ => x.fragment()?.to_string(),
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn encoding_round_trips_and_fits_its_component(input in text()) {
        encoding_holds::<Rfc3986>(&input)?;
        encoding_holds::<Rfc3987>(&input)?;
        encoding_holds::<Rfc3987bis>(&input)?;
        encoding_holds::<LeiriNote>(&input)?;
        for component in COMPONENTS {
            let encoded = pct::encode(&input, component, Grammar::Xri);
            if let Some(read) = placed_xri(component, &encoded) {
                prop_assert_eq!(read, &*encoded, "{:?} {:?}", component, input);
            } else {
                prop_assert!(
                    encoded.is_empty() && matches!(component, Component::Userinfo | Component::UserName | Component::Host),
                    "{:?} {:?} gives {:?}, not read back", component, input, encoded
                );
            }
            let decoded = pct::decode_utf8(&encoded);
            prop_assert_eq!(decoded.as_deref(), Ok(&*input));
        }
    }

    /// Decoding never panics, whatever follows a "%", and the three
    /// decoders agree where the octets are UTF-8.
    #[test]
    fn decoding_any_text(input in text(), hex in "[0-9a-fA-F%zé]{0,6}") {
        let input = format!("{input}%{hex}");
        let bytes = pct::decode(&input);
        let lossy = pct::decode_utf8_lossy(&input);
        prop_assert_eq!(&*lossy, String::from_utf8_lossy(&bytes));
        match pct::decode_utf8(&input) {
            Ok(text) => prop_assert_eq!(text.as_bytes(), &*bytes),
            Err(e) => {
                prop_assert!(std::str::from_utf8(&bytes).is_err());
                prop_assert!(input.is_char_boundary(e.offset()));
                // What comes before the offset decodes.
                prop_assert!(pct::decode_utf8(&input[..e.offset()]).is_ok());
            }
        }
    }
}

fn readers_hold<S: GenericSyntax>(m: &Made) -> Result<(), TestCaseError> {
    let r = Reference::<S>::parse(&m.text).map_err(|e| TestCaseError::fail(e.to_string()))?;
    let owned = r.to_owned();
    // The owned getters are the borrowed ones.
    prop_assert_eq!(owned.scheme(), r.scheme());
    prop_assert_eq!(owned.authority(), r.authority());
    prop_assert_eq!(owned.userinfo(), r.userinfo());
    prop_assert_eq!(owned.username(), r.username());
    prop_assert_eq!(owned.password(), r.password());
    prop_assert_eq!(owned.host(), r.host());
    prop_assert_eq!(owned.port(), r.port());
    prop_assert_eq!(owned.port_to_u16(), r.port_to_u16());
    prop_assert_eq!(owned.path(), r.path());
    prop_assert!(owned.path_segments().eq(r.path_segments()));
    prop_assert_eq!(owned.query(), r.query());
    prop_assert!(owned.raw_query_pairs().eq(r.raw_query_pairs()));
    prop_assert!(owned.query_pairs().eq(r.query_pairs()));
    prop_assert_eq!(owned.fragment(), r.fragment());
    if let Some(absolute) = r.to_absolute() {
        let owned = absolute.to_owned();
        prop_assert_eq!(owned.scheme(), absolute.scheme());
        prop_assert_eq!(owned.path(), absolute.path());
        prop_assert_eq!(owned.userinfo(), absolute.userinfo());
    }
    // The parts are the components it was made of.
    prop_assert_eq!(r.username(), m.user.as_ref().map(|u| u.0.as_str()));
    prop_assert_eq!(r.password(), m.user.as_ref().and_then(|u| u.1.as_deref()));
    prop_assert_eq!(r.host().map(|h| h.to_string()), m.host.clone());
    prop_assert_eq!(r.port(), m.port.as_deref());
    let port: Option<u32> = m
        .port
        .as_deref()
        .filter(|p| !p.is_empty())
        .map(|p| p.parse().unwrap());
    match r.port_to_u16() {
        Ok(p) => prop_assert_eq!(p.map(u32::from), port),
        Err(_) => prop_assert!(port.is_some_and(|p| p > 65535)),
    }
    prop_assert_eq!(r.path(), &m.path);
    let joined: Vec<_> = r.path_segments().collect();
    prop_assert_eq!(joined.join("/"), m.path.strip_prefix('/').unwrap_or(""));
    let pieces: Vec<String> = r
        .raw_query_pairs()
        .map(|(k, v)| match v {
            Some(v) => format!("{k}={v}"),
            None => k.to_string(),
        })
        .collect();
    let nonempty: Vec<&str> = m
        .query
        .as_deref()
        .map_or(vec![], |q| q.split('&').filter(|p| !p.is_empty()).collect());
    prop_assert_eq!(pieces, nonempty);
    // Display pads as the text would; Debug names the alias and shows
    // the text with its password masked (issue 41).
    prop_assert_eq!(format!("{r:>40}|"), format!("{:>40}|", m.text));
    prop_assert_eq!(format!("{owned:<40}|"), format!("{:<40}|", m.text));
    let debug = format!("{r:?}");
    let expected = format!("Ref({:?})", r.mask_password().to_string());
    prop_assert!(debug.ends_with(&expected), "{}", debug);
    Ok(())
}

/// Whether a browser reads an authority where `m` has none: after a
/// special scheme (the WHATWG URL Standard's, but `file`) and a path.
fn browser_authority(m: &Made) -> bool {
    let special = ["http", "https", "ws", "wss", "ftp"];
    m.user.is_none()
        && m.host.is_none()
        && m.scheme.as_deref().is_some_and(|s| special.contains(&s))
}

/// The password of `m`, if it has a non-empty one.
fn password(m: &Made) -> Option<&str> {
    m.user.as_ref()?.1.as_deref().filter(|p| !p.is_empty())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn readers_give_the_components(uri in made(Grammar::Uri), iri in made(Grammar::Iri)) {
        readers_hold::<Rfc3986>(&uri)?;
        readers_hold::<Rfc3987>(&uri)?;
        readers_hold::<Rfc3987bis>(&uri)?;
        readers_hold::<LeiriNote>(&uri)?;
        readers_hold::<Rfc3987>(&iri)?;
        readers_hold::<Rfc3987bis>(&iri)?;
        readers_hold::<LeiriNote>(&iri)?;
    }

    /// mask_password shows everything but the password, which is `****`.
    #[test]
    fn a_masked_value_never_shows_its_password(m in made(Grammar::Iri)) {
        let r = xiri::IriRef::parse(&m.text).unwrap();
        let masked = r.mask_password().to_string();
        match (password(&m), &m.user) {
            (Some(pw), Some((name, _))) => {
                let expected = m.text.replacen(&format!("//{name}:{pw}@"), &format!("//{name}:****@"), 1);
                prop_assert_eq!(&masked, &expected);
                prop_assert_eq!(r.to_owned().mask_password().to_string(), expected);
            }
            // A browser reads an authority after a special scheme
            // without "//" ("ws:/a:b@c" has the password "b"): masked too
            // (issue 41).
            _ if browser_authority(&m) => prop_assert!(masked.len() <= m.text.len()),
            _ => prop_assert_eq!(masked, m.text),
        }
    }

    /// No refusal's Display or Debug shows the password of its input,
    /// whatever is wrong with it, in any syntax.
    #[test]
    fn no_error_shows_a_password(
        user in "[a-z]{0,4}",
        pw in "[A-Z][a-z0-9 <>%^{}|é]{7,12}",
        host in "[a-z0-9.%<]{0,6}",
        tail in "[a-z/?# %<>^]{0,6}",
        scheme in prop::sample::select(vec!["http", "xri", "s p", ""]),
    ) {
        let input = format!("{scheme}://{user}:{pw}@{host}/{tail}");
        let mut errors = vec![];
        errors.extend(xiri::UriRef::parse(&input).err());
        errors.extend(xiri::Uri::parse(&input).err());
        errors.extend(xiri::IriRef::parse(&input).err());
        errors.extend(xiri::IriBis::parse(&input).err());
        errors.extend(xiri::LeiriRef::parse(&input).err());
        errors.extend(xiri::Leiri::parse(&input).err());
        errors.extend(xiri::XriRef::parse(&input).err());
        errors.extend(xiri::Xri::parse(&input).err());
        for e in &errors {
            let shown = e.to_string();
            prop_assert!(!shown.contains(&pw), "{}", shown);
            let debug = format!("{e:?}");
            prop_assert!(!debug.contains(&pw), "{}", debug);
            // The caret is under the character at the offset: the shown
            // line keeps every character's place.
            let mut lines = shown.lines().skip(1);
            let (line, caret) = (lines.next().unwrap(), lines.next().unwrap());
            prop_assert_eq!(line.chars().count(), input.chars().count() + 2);
            let at = input[..e.offset()].chars().count();
            prop_assert_eq!(caret.chars().count(), at + 3);
        }
    }
}

#[cfg(feature = "idna")]
proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// IDNA both ways: an IRI's host through ToASCII, then ToUnicode, then
    /// ToASCII again gives the same URI; a host UTS #46 refuses is an
    /// error, never a label kept as it was.
    #[test]
    fn idna_to_unicode_undoes_to_ascii(labels in prop::collection::vec("[a-z\u{e0}-\u{ff}\u{3b1}-\u{3c9}]{1,8}", 1..4)) {
        let idna = xiri::UriOptions::default().with_idna(true);
        let iri = format!("http://{}/p", labels.join("."));
        let Ok(uri) = xiri::Iri::parse(&iri).unwrap().to_uri_with(&idna) else {
            return Ok(());
        };
        let back = uri.to_iri_with(&idna).unwrap();
        prop_assert!(!back.host().unwrap().as_str().contains("xn--"), "{}", back);
        prop_assert_eq!(back.to_uri_with(&idna).unwrap(), uri);
    }
}

#[cfg(feature = "idna")]
#[test]
fn idna_to_unicode_refuses_what_uts46_refuses() {
    let idna = xiri::UriOptions::default().with_idna(true);
    for bad in [
        "http://xn--a.example/",
        "http://xn--ls8h-.example/",
        "http://a.xn--zz/",
    ] {
        let err = xiri::Uri::parse(bad)
            .unwrap()
            .to_iri_with(&idna)
            .unwrap_err();
        assert_eq!(err.kind(), xiri::ErrorKind::NotConvertible, "{bad}");
        assert_eq!(err.offset(), 7, "{bad}");
    }
}
