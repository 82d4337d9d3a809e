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
        let resolved = resolved(&b, &r);
        let target = match b.resolve(&r) {
            Ok(target) => target,
            Err(e) => return ambiguous(&e, &resolved, (base, reference)),
        };
        let t = target.as_str();
        let Ok(parsed) = Xri::parse(t) else {
            return Err(format!(
                "xri resolve: the target does not parse | {base:?} + {reference:?} -> {t:?}"
            ));
        };
        ensure!(
            components(parsed.as_reference()) == resolved,
            "xri resolve: the target does not re-parse to the components resolved | {base:?} + {reference:?} -> {t:?}: {:?}, not {resolved:?}",
            components(parsed.as_reference())
        );
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

/// The components of an XRI resolution gives but its path (RFC 3986
/// 5.2.2): the prefix and authority, the query and the fragment.
type Resolved<'a> = (bool, Option<&'a str>, Option<&'a str>, Option<&'a str>);

/// What `x` has of them.
fn components<'a>(x: &XriRef<'a>) -> Resolved<'a> {
    let authority = x.authority().map(|a| a.as_str());
    (x.has_prefix(), authority, x.query(), x.fragment())
}

/// What resolving `r` against `b` gives of them.
fn resolved<'a>(b: &Xri<'a>, r: &XriRef<'a>) -> Resolved<'a> {
    let (_, _, query, fragment) = components(r);
    if r.is_absolute() {
        return components(r);
    }
    let query = match r.path().is_empty() {
        true => query.or(b.query()),
        false => query,
    };
    (
        b.has_prefix(),
        Some(b.authority().as_str()),
        query,
        fragment,
    )
}

/// A refused resolution: only when the text resolution wrote, which the
/// error names, reads as other components than `resolved`, or, read from
/// an `iauthority` "(" on as a cross-reference, nests too deep (issue 27).
fn ambiguous(e: &ParseError, resolved: &Resolved<'_>, (base, reference): (&str, &str)) -> Check {
    let read = Xri::parse(e.input());
    let honest = match e.kind() {
        xiri::ErrorKind::Ambiguous => read.is_ok_and(|x| components(x.as_reference()) != *resolved),
        xiri::ErrorKind::TooDeep => read.is_err_and(|r| r == *e),
        _ => false,
    };
    ensure!(
        honest,
        "xri resolve: refused, though its text reads as the components resolved | {base:?} + {reference:?}: {e}"
    );
    Ok(())
}

fn relativize(base: &Xri<'_>, target: &Xri<'_>) -> Check {
    let (b, t) = (base.as_str(), target.as_str());
    // Refused exactly when the target does not resolve against the base
    // (its path's dot segments removed, an `iauthority` "(" may be closed
    // by its fragment: "(//..//../..#)" is "(/#)", issue 27).
    if let Err(e) = base.resolve(target.as_reference()) {
        ensure!(
            base.relative(target).err() == Some(e),
            "xri relativize: not refused as resolution is | {b:?} to {t:?}"
        );
        return Ok(());
    }
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

/// XRI bases: a global authority with and without a path, dot segments,
/// a cross-reference authority, a persistent one.
const BASES: &[&str] = &[
    "xri://@a*b/c/d",
    "@a",
    "=x/y/",
    "xri://(+a)/b/./../c",
    "!!1/a",
];

/// Normalization of an XRI reference, relative or absolute, with every
/// option, and equivalence with `other`: an absolute one's normal form is
/// `Xri`'s; a relative one's is idempotent, re-parses, keeps no "." segment
/// (nor ".." in an absolute path) and resolves against every base (the
/// fixed ones, `other` and its normal form) to a target equivalent to the
/// reference's.
pub fn references(input: &str, other: &str, depth: Depth) -> Check {
    let Ok(x) = XriRef::parse(input) else {
        return Ok(());
    };
    let y = XriRef::parse(other).ok();
    let what = "xri reference";
    for o in options(depth, input, other) {
        let equivalent = |a: &XriRef<'_>, b: &XriRef<'_>, o| a.is_equivalent(b, o);
        an_equivalence((&x, y.as_ref()), equivalent, o, what, (input, other))?;
        let absolute = Xri::parse(input)
            .ok()
            .map(|a| a.normal(o).map(|n| n.as_str().to_string()));
        let n = match x.normalize(o) {
            Ok(n) => n,
            Err(e) => {
                ensure!(
                    absolute.is_none_or(|a| a.is_err()),
                    "xri reference normalize: refused, not as absolute | {input:?} {o:?}"
                );
                refused(&e, input, o, what)?;
                continue;
            }
        };
        let text = n.as_str();
        ensure!(
            absolute.is_none_or(|a| a.as_deref() == Ok(text)),
            "xri reference normalize: differs from the absolute one | {input:?} {o:?} -> {text:?}"
        );
        let Ok(nx) = XriRef::parse(text) else {
            return Err(format!(
                "xri reference normalize: does not parse | {input:?} {o:?} -> {text:?}"
            ));
        };
        ensure!(
            nx.is_absolute() == x.is_absolute(),
            "xri reference normalize: absolute or not changed | {input:?} {o:?} -> {text:?}"
        );
        let twice = nx.normalize(o).map(|t| t.as_str().to_string());
        ensure!(
            twice.as_deref() == Ok(text),
            "xri reference normalize: not idempotent | {input:?} {o:?} -> {text:?} -> {twice:?}"
        );
        ensure!(
            x.is_equivalent(&nx, o),
            "xri reference is_equivalent: not to its normal form | {input:?} {o:?}"
        );
        // Segments as XRI reads them: a "/" in a cross-reference delimits
        // none ("./(a/./b)" has no "." segment after its first).
        let segments: Vec<&str> = nx.segments().map(|s| s.as_str()).collect();
        // But the "." that keeps a relative reference's first segment
        // readable after "/" ("/.//a", "/./**x") or at all ("./(a)").
        let kept = !x.is_absolute() && segments.len() > 1 && segments.first() == Some(&".");
        let rest = segments.iter().skip(usize::from(kept));
        let dotless = if x.is_absolute() || nx.path().starts_with('/') {
            rest.clone().all(|s| !matches!(*s, "." | ".."))
        } else {
            rest.clone().all(|s| *s != ".")
        };
        ensure!(
            dotless,
            "xri reference normalize: a dot segment is left | {input:?} {o:?} -> {text:?}"
        );
        ensure!(
            in_unicode_forms(text, o),
            "xri reference normalize: not in the Unicode form asked for | {input:?} {o:?} -> {text:?}"
        );
        let own = Xri::parse(other).ok().and_then(|b| b.normal(o).ok());
        let own = own.as_ref().map(|b| b.as_str());
        for base in bases(depth, BASES, (input, other), o)
            .into_iter()
            .chain([Some(other), own].into_iter().flatten())
        {
            resolves_alike(base, &x, &nx, o)?;
        }
    }
    Ok(())
}

/// `reference` and its normal form `normal` resolve against `base` to
/// targets with the same normal form.
fn resolves_alike(
    base: &str,
    reference: &XriRef<'_>,
    normal: &XriRef<'_>,
    o: Normalization,
) -> Check {
    let Ok(b) = Xri::parse(base) else {
        return Ok(());
    };
    let rooted = reference.is_absolute() || reference.path().starts_with('/');
    if rooted && hides_dots(reference.path()) {
        return Ok(());
    }
    let target = |r: &XriRef<'_>| {
        b.resolve(r)
            .map_err(|e| e.to_string())
            .and_then(|t| t.as_xri().normal(o).map_err(|e| e.to_string()))
            .map(|n| n.as_str().to_string())
    };
    let from_reference = target(reference);
    // The same text resolves to the same target: only a panic, met above,
    // could tell the two apart.
    if normal.as_str() == reference.as_str() {
        return Ok(());
    }
    // A refusal of the text written (`Ambiguous`, `TooDeep`:
    // docs/DECISIONS.md, "Text made from components") may meet
    // one spelling and not the other: the normal form writes "xri://" into
    // cross-references, and "(s://h/a!(+a)?)" reads as a cross-reference
    // authority where "(s://h/a!(xri://+a)?)" does not. Such a refusal
    // must be honest: its text reads as other components.
    for (refused, other) in [(reference, normal), (normal, reference)] {
        if let (Err(e), Ok(_)) = (b.resolve(refused), b.resolve(other)) {
            if matches!(
                e.kind(),
                xiri::ErrorKind::Ambiguous | xiri::ErrorKind::TooDeep
            ) {
                let pair = (base, refused.as_str());
                return ambiguous(&e, &resolved(&b, refused), pair);
            }
        }
    }
    let from_normal = target(normal);
    ensure!(
        from_reference.is_ok() == from_normal.is_ok()
            && from_reference.as_ref().ok() == from_normal.as_ref().ok(),
        "xri reference normalize: resolves elsewhere | {base:?} + {:?} -> {from_reference:?}, its normal form {:?} -> {from_normal:?} ({o:?})",
        reference.as_str(),
        normal.as_str()
    );
    Ok(())
}

/// Normalization with every option, and equivalence with `other`: of
/// references, then of absolute XRIs.
pub fn normalization(input: &str, other: &str, depth: Depth) -> Check {
    references(input, other, depth)?;
    let Ok(x) = Xri::parse(input) else {
        return Ok(());
    };
    let y = Xri::parse(other).ok();
    for o in options(depth, input, other) {
        let equivalent = |a: &Xri<'_>, b: &Xri<'_>, o| a.equivalent(b, o);
        an_equivalence((&x, y.as_ref()), equivalent, o, "xri", (input, other))?;
        let n = match x.normal(o) {
            Ok(n) => n,
            Err(e) => {
                refused(&e, input, o, "xri")?;
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
        // Its segments stay, but for dot segments (maybe encoded, or with
        // the optional "*" that normalization drops: "*." is ".", 2.5.3).
        let dotless = x
            .segments()
            .all(|s| !matches!(s.as_str().trim_start_matches('*'), "." | ".."))
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
