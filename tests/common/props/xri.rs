//! The XRI properties: parsing (every part readable), resolution and
//! relativization, normalization and equivalence.

use super::*;
use xiri::{CrossReferenceValue, Subsegment, SubsegmentValue, Xri, XriAuthority, XriRef};

pub fn parse(s: &str) -> Check {
    match XriRef::parse(s) {
        Ok(x) => {
            ensure!(x.as_str() == s, "xri parse: as_str differs | {s:?}");
            ensure!(
                Xri::parse(s).is_ok() == x.is_absolute(),
                "xri parse: absolute parse disagrees | {s:?}"
            );
            // The policy (docs/DECISIONS.md): without "xri://", an absolute
            // XRI starts with a global context symbol or a cross-reference.
            let policy = ["=", "@", "+", "$", "!!", "("]
                .iter()
                .any(|p| s.starts_with(p));
            ensure!(
                !x.is_absolute() || x.has_prefix() || policy,
                "xri parse: absolute without \"xri://\", a symbol or a cross-reference | {s:?}: authority {:?}, path {:?}",
                x.authority().map(|a| a.as_str()),
                x.path()
            );
            walk(&x);
        }
        Err(e) => error_on(&e, s, "xri parse")?,
    }
    if let Err(e) = Xri::parse(s) {
        error_on(&e, s, "xri parse absolute")?;
    }
    Ok(())
}

/// Reads every part, cross-references' values included, to any depth.
fn walk(x: &XriRef<'_>) {
    let value = |xref: xiri::CrossReference<'_>| {
        if let CrossReferenceValue::Xri(inner) = xref.value() {
            walk(&inner);
        }
    };
    let subsegments = |subs: &mut dyn Iterator<Item = Subsegment<'_>>| {
        for s in subs {
            if let SubsegmentValue::CrossReference(xref) = s.value() {
                value(xref);
            }
        }
    };
    if let Some(authority) = x.authority() {
        if let XriAuthority::CrossReference { xref, .. } = authority {
            value(xref);
        }
        subsegments(&mut authority.subsegments());
    }
    for segment in x.segments() {
        subsegments(&mut segment.subsegments());
    }
    let _ = (x.query(), x.fragment(), x.path());
}

/// `reference` against `base`, and `relativize` both ways.
pub fn resolution(base: &str, reference: &str) -> Check {
    let Ok(b) = Xri::parse(base) else {
        return Ok(());
    };
    if let Ok(r) = XriRef::parse(reference) {
        let target = b.resolve(&r).map_err(|e| {
            format!("xri resolve: the target is not an XRI | {base:?} + {reference:?}: {e}")
        })?;
        let t = target.as_str();
        let Ok(parsed) = Xri::parse(t) else {
            return Err(format!(
                "xri resolve: the target does not parse | {base:?} + {reference:?} -> {t:?}"
            ));
        };
        let mut buffer = String::from("dirty");
        let into = b.resolve_into(&r, &mut buffer);
        ensure!(
            into.is_ok_and(|into| into.as_str() == t),
            "xri resolve_into differs from resolve | {base:?} + {reference:?}"
        );
        // As in RFC 3986 5.2.2: an empty path takes the base's as it is.
        let keeps_base = !r.is_absolute() && r.path().is_empty();
        let again = b.resolve(&XriRef::from(parsed));
        ensure!(
            keeps_base || again.as_ref().is_ok_and(|a| a.as_str() == t),
            "xri resolve: resolving the target changes it | {base:?} + {reference:?} -> {t:?} -> {:?}",
            again
        );
        relativize(&b, &parsed)?;
    }
    if let Ok(t) = Xri::parse(reference) {
        relativize(&b, &t)?;
        relativize(&t, &b)?;
    }
    Ok(())
}

fn relativize(base: &Xri<'_>, target: &Xri<'_>) -> Check {
    let (b, t) = (base.as_str(), target.as_str());
    let relative = base
        .relative(target)
        .map_err(|e| format!("xri relativize: refused | {b:?} to {t:?}: {e}"))?;
    let text = relative.as_ref();
    let Ok(parsed) = XriRef::parse(text) else {
        return Err(format!(
            "xri relativize: the reference does not parse | {b:?} to {t:?} -> {text:?}"
        ));
    };
    let expected = base.resolve(&XriRef::from(*target));
    let back = base.resolve(&parsed);
    ensure!(
        back.is_ok() && back == expected,
        "xri relativize: the reference resolves elsewhere | {b:?} to {t:?} -> {text:?} -> {:?}, not {:?}",
        back,
        expected
    );
    ensure!(
        text.len() <= t.len(),
        "xri relativize: longer than the target | {b:?} to {t:?} -> {text:?}"
    );
    Ok(())
}

/// How an XRI reads: the kind of authority, its sub-segments, with
/// `path` each segment's sub-segments, and whether there is a query and a
/// fragment.
fn shape(x: &Xri<'_>, path: bool) -> (u8, usize, Vec<usize>, bool, bool) {
    let authority = x.authority();
    let kind = match authority {
        XriAuthority::Global { .. } => 0,
        XriAuthority::CrossReference { .. } => 1,
        XriAuthority::Iri { .. } => 2,
        _ => 3,
    };
    (
        kind,
        authority.subsegments().count(),
        match path {
            true => x.segments().map(|s| s.subsegments().count()).collect(),
            false => Vec::new(),
        },
        x.query().is_some(),
        x.fragment().is_some(),
    )
}

/// Normalization with every option, and equivalence with `other`.
pub fn normalization(input: &str, other: &str) -> Check {
    let Ok(x) = Xri::parse(input) else {
        return Ok(());
    };
    let y = Xri::parse(other).ok();
    for o in all_options() {
        ensure!(
            x.equivalent(&x, o),
            "xri is_equivalent: not reflexive | {input:?} {o:?}"
        );
        if let Some(y) = y {
            ensure!(
                x.equivalent(&y, o) == y.equivalent(&x, o),
                "xri is_equivalent: not symmetric | {input:?} {other:?} {o:?}"
            );
        }
        let n = match x.normal(o) {
            Ok(n) => n,
            Err(e) => {
                ensure!(
                    o.nfc || o.nfkc,
                    "xri normalize: refused without NFC or NFKC | {input:?}"
                );
                error_on(&e, input, "xri normalize")?;
                continue;
            }
        };
        let text = n.as_str();
        let Ok(nx) = Xri::parse(text) else {
            return Err(format!(
                "xri normalize: does not parse | {input:?} {o:?} -> {text:?}"
            ));
        };
        let twice = nx.normal(o).map(|t| t.as_str().to_string());
        ensure!(
            twice.as_deref() == Ok(text),
            "xri normalize: not idempotent | {input:?} {o:?} -> {text:?} -> {twice:?}"
        );
        ensure!(
            x.equivalent(&nx, o),
            "xri is_equivalent: not to its normal form | {input:?} {o:?}"
        );
        ensure!(
            nx.segments()
                .all(|s| s.as_str() != "." && s.as_str() != ".."),
            "xri normalize: a dot segment is left | {input:?} {o:?} -> {text:?}"
        );
        ensure!(
            in_unicode_forms(text, o),
            "xri normalize: not in the Unicode form asked for | {input:?} {o:?} -> {text:?}"
        );
        // Its segments stay, but for dot segments (maybe encoded).
        let dotless = x
            .segments()
            .all(|s| s.as_str() != "." && s.as_str() != "..")
            && !x.path().to_ascii_lowercase().contains("%2e");
        ensure!(
            o.nfc || o.nfkc || shape(&nx, dotless) == shape(&x, dotless),
            "xri normalize: the components changed | {input:?} {o:?} -> {text:?}"
        );
        if let (true, Ok(p)) = (o.nfc || o.nfkc, x.normal(without_forms(o))) {
            let p = p.as_str();
            ensure!(
                Xri::parse(p).is_ok_and(|p| shape(&p, true) == shape(&nx, true)),
                "xri normalize: NFC or NFKC changed the structure | {input:?} {o:?} -> {text:?}, without: {p:?}"
            );
        }
    }
    Ok(())
}
