//! IPv6 zone identifiers, RFC 6874, opt-in: the marker [`Zoned`], whose
//! grammar is its syntax's with `IP-literal` as RFC 6874 section 2
//! updates it (`grammar/rfc6874.abnf`), compiled by the engine on first
//! use, and the refusal of the bare "%" that section 2 rules out.

use super::builtin;
use super::grammar::Grammar;
use super::reference::{Absolute, AbsoluteBuf, Reference, ReferenceBuf};
use super::{sealed, GenericSyntax, Rfc3986, Rfc3987};
use crate::engine::{Automaton, Options};
use crate::syntax::error::ParseError;
use std::marker::PhantomData;
use std::sync::OnceLock;
use xiri_engine::marks::Marks;

/// RFC 6874 section 2's productions, as printed.
/// The syntax `S` with IPv6 zone identifiers (RFC 6874): an IP literal
/// may be `IPv6address "%25" ZoneID`, as `http://[fe80::a%25en1]/`. A
/// marker of its own, so a value with a zone re-parses in its own syntax,
/// and every operation of the generic types (resolve, normalize,
/// compare, the setters) keeps to it. `ZonedUriRef`, `ZonedIri` and the
/// others are its aliases; [`Host::zone`](crate::Host::zone) gives the
/// zone, decoded.
///
/// RFC 6874 updates RFC 3986; xiri applies the same productions to the
/// three IRI grammars, which take `IP-literal` from RFC 3986. Zone
/// identifiers are opt-in: RFC 9844 obsoleted RFC 6874 in 2025 and keeps
/// them out of URIs (docs/DECISIONS.md, "Zone identifiers").
///
/// ```
/// use xiri::{Reference, Rfc3986, Zoned};
/// let uri = Reference::<Zoned<Rfc3986>>::parse("http://[fe80::a%25en1]/").unwrap();
/// assert_eq!(uri.host().unwrap().zone().as_deref(), Some("en1"));
/// // Without the marker, RFC 3986 alone: no zone.
/// assert!(xiri::UriRef::parse("http://[fe80::a%25en1]/").is_err());
/// ```
pub struct Zoned<S>(PhantomData<S>);

// By hand rather than derived: a derive would ask the same of `S`, which
// every marker has anyway, but `PhantomData` needs nothing.
impl<S> Clone for Zoned<S> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<S> Copy for Zoned<S> {}
impl<S> Default for Zoned<S> {
    fn default() -> Self {
        Zoned(PhantomData)
    }
}
impl<S> PartialEq for Zoned<S> {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}
impl<S> Eq for Zoned<S> {}
impl<S> std::hash::Hash for Zoned<S> {
    fn hash<H: std::hash::Hasher>(&self, _: &mut H) {}
}
impl<S: GenericSyntax> std::fmt::Debug for Zoned<S> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Zoned<{}>", <S as sealed::Generic>::GRAMMAR.name())
    }
}

impl<S: GenericSyntax> sealed::Sealed for Zoned<S> {}

impl<S: GenericSyntax> sealed::Generic for Zoned<S> {
    const GRAMMAR: Grammar = <S as sealed::Generic>::GRAMMAR;
    const UNICODE: bool = <S as sealed::Generic>::UNICODE;
    const NAMES: [&'static str; 4] = names(<S as sealed::Generic>::GRAMMAR);
    const ZONE_ID: bool = true;
}

impl<S: GenericSyntax> GenericSyntax for Zoned<S> {}

/// The aliases' names, which `Debug` prints.
const fn names(grammar: Grammar) -> [&'static str; 4] {
    match grammar {
        Grammar::Uri => ["ZonedUriRef", "ZonedUri", "ZonedUriRefBuf", "ZonedUriBuf"],
        Grammar::Iri => ["ZonedIriRef", "ZonedIri", "ZonedIriRefBuf", "ZonedIriBuf"],
        Grammar::IriBis => [
            "Reference<Zoned<Rfc3987bis>>",
            "Absolute<Zoned<Rfc3987bis>>",
            "ReferenceBuf<Zoned<Rfc3987bis>>",
            "AbsoluteBuf<Zoned<Rfc3987bis>>",
        ],
        Grammar::Leiri | Grammar::Xri => [
            "Reference<Zoned<LeiriNote>>",
            "Absolute<Zoned<LeiriNote>>",
            "ReferenceBuf<Zoned<LeiriNote>>",
            "AbsoluteBuf<Zoned<LeiriNote>>",
        ],
    }
}

/// A URI reference with RFC 6874 zone identifiers.
pub type ZonedUriRef<'a> = Reference<'a, Zoned<Rfc3986>>;
/// An absolute URI with RFC 6874 zone identifiers.
pub type ZonedUri<'a> = Absolute<'a, Zoned<Rfc3986>>;
/// An owned URI reference with RFC 6874 zone identifiers.
pub type ZonedUriRefBuf = ReferenceBuf<Zoned<Rfc3986>>;
/// An owned absolute URI with RFC 6874 zone identifiers.
pub type ZonedUriBuf = AbsoluteBuf<Zoned<Rfc3986>>;
/// An IRI reference (RFC 3987) with RFC 6874 zone identifiers.
pub type ZonedIriRef<'a> = Reference<'a, Zoned<Rfc3987>>;
/// An absolute IRI (RFC 3987) with RFC 6874 zone identifiers.
pub type ZonedIri<'a> = Absolute<'a, Zoned<Rfc3987>>;
/// An owned IRI reference (RFC 3987) with RFC 6874 zone identifiers.
pub type ZonedIriRefBuf = ReferenceBuf<Zoned<Rfc3987>>;
/// An owned absolute IRI (RFC 3987) with RFC 6874 zone identifiers.
pub type ZonedIriBuf = AbsoluteBuf<Zoned<Rfc3987>>;

/// The reference rule of `grammar` with zone identifiers, recording RFC
/// 3986 Appendix B's split, compiled on first use and kept; `None` for
/// XRI, which has no such form, or if it did not compile (the tests
/// compile every one).
pub(crate) fn reference(grammar: Grammar) -> Option<&'static Automaton> {
    static REFERENCES: [OnceLock<Option<Automaton>>; 4] = [const { OnceLock::new() }; 4];
    let at = [Grammar::Uri, Grammar::Iri, Grammar::IriBis, Grammar::Leiri]
        .iter()
        .position(|&g| g == grammar)?;
    REFERENCES
        .get(at)?
        .get_or_init(|| {
            let rule = grammar.reference();
            let options = Options::new().with_split();
            crate::engine::compile(&grammar.abnf_with_zone_ids(), rule.name(), &options).ok()
        })
        .as_ref()
}

/// [`builtin::check_reference`] with zone identifiers when `zone_id`.
#[inline]
pub(crate) fn check_reference(
    grammar: Grammar,
    zone_id: bool,
    input: &str,
) -> Result<Marks, ParseError> {
    if !zone_id {
        return builtin::check_reference(grammar, input);
    }
    let Some(automaton) = reference(grammar) else {
        return builtin::check_reference(grammar, input);
    };
    automaton.check_split(input).map_err(|refusal| {
        let mut error = grammar.reference().refusal(input, refusal);
        if bare_percent(input, error.offset) {
            error.expected = vec![BARE_PERCENT.into()];
        }
        error
    })
}

/// What a refusal after a bare "%" in an IP literal expects.
const BARE_PERCENT: &str =
    "\"25\" (RFC 6874 section 2: the \"%\" before a zone identifier is written \"%25\")";

/// Whether the refusal at `offset` follows a "%" inside an IP literal
/// that does not start "%25": the zone delimiter browsers let users type
/// bare, which RFC 6874 section 2 writes as "%25".
fn bare_percent(input: &str, offset: usize) -> bool {
    let Some(before) = input.get(..offset) else {
        return false;
    };
    let Some(percent) = before.rfind('%') else {
        return false;
    };
    let in_literal = before
        .get(..percent)
        .and_then(|b| b.rfind(['[', ']']).map(|at| b.get(at..at + 1) == Some("[")))
        .unwrap_or(false);
    in_literal
        && !input
            .get(percent..)
            .is_some_and(|rest| rest.starts_with("%25"))
}

#[cfg(test)]
mod tests {
    use super::bare_percent;

    #[test]
    fn a_bare_percent_is_one_in_an_ip_literal_not_followed_by_25() {
        assert!(bare_percent("http://[fe80::1%eth0]/", 16));
        assert!(!bare_percent("http://[fe80::1%25eth0]/", 18));
        assert!(!bare_percent("http://a/%zz", 11));
        assert!(!bare_percent("http://[::1]/%zz", 15));
        assert!(!bare_percent("%", 5));
    }
}
