//! The URI-like grammars' properties (parse, resolution, normalization),
//! as one macro that `mod.rs` instantiates for each syntax: the generated
//! module reads the helpers of `mod.rs` through `use super::*`.

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
                    for base in bases(depth, BASES, (input, other), o).into_iter().chain([Some(other), own].into_iter().flatten()) {
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
                let from_reference = target(reference);
                // The same text (whose spans re-parse as its own, checked
                // before) resolves to the same target: only a panic, met
                // above, could tell the two apart.
                if normal.as_str() == reference.as_str() {
                    return Ok(());
                }
                let from_normal = target(normal);
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
