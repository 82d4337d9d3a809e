//! The `Syntax` family (issue 12): code generic over the five markers
//! gives, for every syntax, what each syntax's own types give. Run on the
//! benchmark corpora (URIs, IRIs, XRIs), every input as a reference and
//! as a base, against a few references.

use crate::common;

use xiri::{Normalization, Syntax};

/// What the generic functions answer for one base and reference.
fn generic<S: Syntax>(base: &str, reference: &str) -> Vec<String> {
    let show = |r: Result<String, xiri::ParseError>| match r {
        Ok(s) => s,
        Err(e) => format!("error at {}", e.offset()),
    };
    let parsed = S::parse_reference(reference);
    let normal =
        parsed.and_then(|r| S::normalize(&r, Normalization::default()).map(|n| n.to_string()));
    let resolved = S::parse_absolute(base).and_then(|b| {
        let target = S::resolve(&b, &S::parse_reference(reference)?)?;
        // What resolves back (to the target with its dot segments
        // removed), through the owned values' borrowed forms.
        let back = S::relativize(&b, &S::as_absolute(&target))?;
        let again = S::resolve(&b, &S::as_reference(&back))?;
        let goal = S::resolve(&b, &S::as_absolute(&target).into())?;
        assert_eq!(again, goal, "{base} {reference}: relativize then resolve");
        Ok(format!("{target} {back}"))
    });
    let owned = S::parse_reference(reference).map(|r| {
        let buf = S::to_reference_buf(&r);
        // (Associated types are invariant in their lifetime: compare the texts.)
        assert_eq!(S::as_reference(&buf).as_ref(), r.as_ref());
        assert_eq!(buf.as_ref(), reference);
        assert!(S::is_equivalent(
            &r,
            &S::as_reference(&buf),
            Normalization::default()
        ));
        buf.to_string()
    });
    vec![show(normal), show(resolved), show(owned)]
}

/// The same through the XRI types directly.
fn xri(base: &str, reference: &str) -> Vec<String> {
    let show = |r: Result<String, xiri::ParseError>| match r {
        Ok(s) => s,
        Err(e) => format!("error at {}", e.offset()),
    };
    let normal = xiri::XriRef::parse(reference)
        .and_then(|r| r.normalize(Normalization::default()).map(|n| n.to_string()));
    let resolved = xiri::Xri::parse(base).and_then(|b| {
        let target = b.resolve(&xiri::XriRef::parse(reference)?)?;
        let back = b.relativize(&target.as_xri())?;
        Ok(format!("{target} {back}"))
    });
    let owned = xiri::XriRef::parse(reference).map(|r| r.to_buf().to_string());
    vec![show(normal), show(resolved), show(owned)]
}

/// The same through the generic reference types of a syntax.
fn typed<S: xiri::GenericSyntax>(base: &str, reference: &str) -> Vec<String> {
    let show = |r: Result<String, xiri::ParseError>| match r {
        Ok(s) => s,
        Err(e) => format!("error at {}", e.offset()),
    };
    let normal = xiri::Reference::<S>::parse(reference)
        .and_then(|r| r.normalize(Normalization::default()).map(|n| n.to_string()));
    let resolved = xiri::Absolute::<S>::parse(base).and_then(|b| {
        let target = b.resolve(&xiri::Reference::parse(reference)?);
        let back = b.relativize(&target.as_borrowed());
        Ok(format!("{target} {back}"))
    });
    let owned = xiri::Reference::<S>::parse(reference).map(|r| r.to_buf().to_string());
    vec![show(normal), show(resolved), show(owned)]
}

fn inputs() -> Vec<String> {
    let mut inputs = Vec::new();
    for file in ["reference-ascii.txt", "reference-nonascii.txt", "xri.txt"] {
        inputs.extend(common::corpus(file).into_iter().take(150));
    }
    inputs
}

const REFERENCES: &[&str] = &["", "../g", "./a/(+b)", "?q", "#f", "//h/p", "=x*y/z"];

#[test]
fn generic_code_answers_as_each_syntaxs_own_types() {
    let inputs = inputs();
    let mut compared = 0;
    for base in &inputs {
        for reference in REFERENCES.iter().copied().chain([base.as_str()]) {
            assert_eq!(
                generic::<xiri::Rfc3986>(base, reference),
                typed::<xiri::Rfc3986>(base, reference)
            );
            assert_eq!(
                generic::<xiri::Rfc3987>(base, reference),
                typed::<xiri::Rfc3987>(base, reference)
            );
            assert_eq!(
                generic::<xiri::Rfc3987bis>(base, reference),
                typed::<xiri::Rfc3987bis>(base, reference)
            );
            assert_eq!(
                generic::<xiri::LeiriNote>(base, reference),
                typed::<xiri::LeiriNote>(base, reference)
            );
            assert_eq!(
                generic::<xiri::Xri20>(base, reference),
                xri(base, reference)
            );
            compared += 1;
        }
    }
    assert!(compared > 400, "{compared} pairs");
    println!("{compared} pairs of base and reference, five syntaxes each");
}

#[test]
fn each_marker_names_its_grammar_and_types() {
    assert_eq!(xiri::Rfc3986::GRAMMAR, xiri::Grammar::Uri);
    assert_eq!(xiri::Rfc3987::GRAMMAR, xiri::Grammar::Iri);
    assert_eq!(xiri::Rfc3987bis::GRAMMAR, xiri::Grammar::IriBis);
    assert_eq!(xiri::LeiriNote::GRAMMAR, xiri::Grammar::Leiri);
    assert_eq!(xiri::Xri20::GRAMMAR, xiri::Grammar::Xri);
    // The associated types are the familiar ones.
    let x: xiri::XriRef<'_> = xiri::Xri20::parse_reference("@a").unwrap();
    let u: xiri::UriRef<'_> = xiri::Rfc3986::parse_reference("a").unwrap();
    let b: xiri::IriBis<'_> = xiri::Rfc3987bis::parse_absolute("a:?\u{e0001}").unwrap();
    assert_eq!((x.as_str(), u.as_str()), ("@a", "a"));
    assert!(xiri::Rfc3987::parse_absolute(b.as_str()).is_err());
    // An XRI the generic syntaxes read differently: a cross-reference's
    // "/" delimits nothing.
    let base = xiri::Xri20::parse_absolute("@a/(+b/c)/d").unwrap();
    let target = xiri::Xri20::resolve(&base, &xiri::Xri20::parse_reference("e").unwrap()).unwrap();
    assert_eq!(target, *"@a/(+b/c)/e");
}
