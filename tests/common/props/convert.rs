//! The conversions' properties: every output valid in its target grammar
//! (a URI all ASCII), the steps ending in the output, typed refusals that
//! point into the input given; and pre-processing and diagnosis.

use super::*;
use xiri::{
    diagnose, preprocess, Charset, Conversion, ErrorKind, Grammar, Group, Spaces, UriOptions, Xri,
    XriBuf, XriRef,
};

/// A URI reference, all ASCII.
fn uri(text: &str, what: &str, input: &str) -> Check {
    ensure!(
        text.is_ascii() && UriRef::parse(text).is_ok(),
        "{what}: the output is not an ASCII URI reference | {input:?} -> {text:?}"
    );
    Ok(())
}

/// Which components a reference has, and how many path segments: what a
/// conversion, which encodes or decodes characters and maps hosts, keeps.
fn layout<S: xiri::GenericSyntax>(r: &xiri::Reference<'_, S>) -> [usize; 7] {
    let has = |o: Option<&str>| usize::from(o.is_some());
    [
        has(r.scheme()),
        has(r.authority()),
        has(r.userinfo()),
        has(r.port()),
        r.path().split('/').count(),
        has(r.query()),
        has(r.fragment()),
    ]
}

/// `out`, converted from `input`, re-parses (with `parse`) to the
/// components it records, and has the components `input` has.
fn same_components<'t, S: xiri::GenericSyntax, T: xiri::GenericSyntax, E>(
    out: &'t xiri::Reference<'t, T>,
    parse: impl Fn(&'t str) -> Result<xiri::Reference<'t, T>, E>,
    input: &xiri::Reference<'_, S>,
    what: &str,
) -> Check {
    ensure!(
        super::reparses(out.as_str(), parse, out) && layout(out) == layout(input),
        "{what}: the output does not re-parse to the components converted | {:?} -> {:?}",
        input.as_str(),
        out.as_str()
    );
    Ok(())
}

/// The IRI → URI options worth trying: each alone and together.
fn uri_options() -> Vec<UriOptions> {
    let latin1 = Charset::for_label("latin1");
    let sjis = Charset::for_label("shift_jis");
    vec![
        UriOptions::default(),
        UriOptions::default()
            .with_idna(true)
            .with_query_charset(None),
        UriOptions::default()
            .with_idna(false)
            .with_query_charset(latin1),
        UriOptions::default()
            .with_idna(true)
            .with_query_charset(sjis),
    ]
}

/// The typed conversion methods of URIs, IRIs (3987 and 3987bis) and
/// LEIRIs, and the XRI methods from IRIs.
pub fn methods(s: &str) -> Check {
    if let Ok(u) = UriRef::parse(s) {
        let i = u.to_iri();
        same_components(&i.as_borrowed(), IriRef::parse, &u, "uri to_iri")?;
        let steps = u.to_iri_steps();
        ensure!(
            steps.last().map(|s| s.text.as_str()) == Some(i.as_str()),
            "uri to_iri_steps: the last step is not to_iri | {s:?}"
        );
    }
    if let Ok(i) = IriRef::parse(s) {
        iri_to_uri("iri", &i, s)?;
    }
    if let Ok(i) = xiri::IriBisRef::parse(s) {
        iri_to_uri("iri-bis", &i, s)?;
    }
    if let Ok(l) = LeiriRef::parse(s) {
        let i = l.to_iri();
        same_components(&i.as_borrowed(), IriRef::parse, &l, "leiri to_iri")?;
        let u = l.to_uri();
        uri(u.as_str(), "leiri to_uri", s)?;
        same_components(&u.as_borrowed(), UriRef::parse, &l, "leiri to_uri")?;
    }
    if let Ok(i) = IriRef::parse(s) {
        if let Err(e) = XriBuf::from_iri_normal(&i) {
            error_on(&e, s, "xri from_iri_normal")?;
        }
    }
    if let Ok(i) = Iri::parse(s) {
        match XriBuf::from_http_iri(&i) {
            Ok((_, warnings)) => {
                for w in warnings {
                    ensure!(
                        s.is_char_boundary(w.offset()) && w.offset() < s.len(),
                        "xri from_http_iri: a warning's offset is off the input | {s:?} {w:?}"
                    );
                }
            }
            Err(e) => error_on(&e, s, "xri from_http_iri")?,
        }
    }
    Ok(())
}

/// The XRI-normal forms, and back from the IRI-normal form.
pub fn xri(s: &str) -> Check {
    let Ok(x) = XriRef::parse(s) else {
        return Ok(());
    };
    for nfkc in [false, true] {
        match x.to_iri_normal(nfkc) {
            Ok(i) => {
                let steps = x
                    .to_iri_normal_steps(nfkc)
                    .map(|s| s.last().unwrap().text.clone());
                ensure!(
                    steps.as_deref() == Ok(i.as_str()),
                    "xri to_iri_normal_steps: the last step is not to_iri_normal | {s:?}"
                );
                let u = x.to_uri_normal(nfkc);
                let Ok(u) = u else {
                    return Err(format!(
                        "xri to_uri_normal: refused, though to_iri_normal is not | {s:?}"
                    ));
                };
                uri(u.as_str(), "xri to_uri_normal", s)?;
                if x.is_absolute() && !nfkc {
                    let back = XriBuf::from_iri_normal(&i.as_borrowed()).map(|b| b.into_string());
                    let expected = match x.has_prefix() {
                        true => s.to_string(),
                        false => format!("xri://{s}"),
                    };
                    ensure!(
                        back.as_ref() == Ok(&expected),
                        "xri from_iri_normal: not the XRI back | {s:?} -> {i} -> {back:?}"
                    );
                }
            }
            Err(e) => error_on(&e, s, "xri to_iri_normal")?,
        }
    }
    Ok(())
}

/// `Conversion` between every pair of grammars it converts, with default
/// options and with all of them.
pub fn conversions(s: &str) -> Check {
    for from in Grammar::ALL {
        for to in Grammar::ALL {
            let Ok(plain) = Conversion::new(from, to) else {
                continue;
            };
            let mut all = plain;
            all.nfkc = true;
            all.uri = UriOptions::default()
                .with_idna(true)
                .with_query_charset(Charset::for_label("latin1"));
            for c in [plain, all] {
                let what = format!("conversion {from} to {to}");
                match c.apply(s) {
                    Ok(done) => {
                        ensure!(
                            done.steps()[0].text == s,
                            "{what}: the first step is not the input | {s:?}"
                        );
                        let out = done.output();
                        let valid = match to {
                            Grammar::Uri => out.is_ascii() && UriRef::parse(out).is_ok(),
                            Grammar::Xri => Xri::parse(out).is_ok(),
                            _ => IriRef::parse(out).is_ok(),
                        };
                        ensure!(valid, "{what}: the output is not valid | {s:?} -> {out:?}");
                    }
                    Err(e) => error_on(&e, s, &what)?,
                }
            }
        }
    }
    Ok(())
}

pub fn spaces_and_findings(s: &str) -> Check {
    let edges = [' ', '\r', '\n', '\t'];
    for spaces in [Spaces::Split, Spaces::Encode, Spaces::Remove] {
        let out = preprocess(s, spaces);
        ensure!(
            out.iter().all(|t| !t.is_empty() && !t.contains(' ')) || out == [""],
            "preprocess {spaces:?}: an empty string or a space left | {s:?} -> {out:?}"
        );
        ensure!(
            spaces == Spaces::Split || (out.len() == 1 && out[0].trim_matches(edges) == out[0]),
            "preprocess {spaces:?}: not one trimmed string | {s:?} -> {out:?}"
        );
    }
    let mut last = None;
    for f in diagnose(s) {
        ensure!(
            s.get(f.offset..)
                .is_some_and(|rest| rest.starts_with(f.character))
                && Group::of(f.character) == Some(f.group)
                && last < Some(f.offset)
                && f.encoded_to_uri != f.character.is_ascii(),
            "diagnose: a finding that is not there | {s:?} {f:?}"
        );
        last = Some(f.offset);
    }
    Ok(())
}

/// IRI → URI, plain and with every option, for either IRI syntax.
fn iri_to_uri<S: xiri::IriSyntax>(g: &str, i: &xiri::Reference<'_, S>, s: &str) -> Check {
    let u = i.to_uri();
    uri(u.as_str(), &format!("{g} to_uri"), s)?;
    same_components(&u.as_borrowed(), UriRef::parse, i, &format!("{g} to_uri"))?;
    for options in uri_options() {
        let what = format!("{g} to_uri_with {options:?}");
        match i.to_uri_with(&options) {
            Ok(u) => {
                uri(u.as_str(), &what, s)?;
                same_components(&u.as_borrowed(), UriRef::parse, i, &what)?;
            }
            Err(e) => {
                ensure!(
                    e.kind() == ErrorKind::NotConvertible,
                    "{what}: refused as {:?} | {s:?}",
                    e.kind()
                );
                error_on(&e, s, &what)?;
            }
        }
    }
    Ok(())
}
